"""The part of the hint analysis that is particular to three and four seats (``SEATS``): the
facts of a trick at the table, its values and the ideas that only a table has.

- ``table_situation(state)``: the rules in force for the seat to move: lead or follow, the duty
  the phase puts on the card played (free while the stock can serve everyone; then follow suit,
  head the trick, trump, over-trump), the cards the duty leaves, the trick so far and who is
  winning it, the partner, and a verdict on every move the seat could think of
  (``tutor.engine.table_check``: the rule ids of the two-player game);
- ``analyse_table(state, samples, seed)``: every legal move valued by
  ``tutor.search.table_move_values``, over deals consistent with what the seat has seen, each
  played out to the end by the club player at every seat; the result of a move is the mean of
  the side's game points less those of the best other side. The samples are drawn from a seed
  made of what the seat sees (``position_seed``), so that the same position always gives the
  same hint;
- the detectors of the table's ideas (giving points to a partner, not taking the trick from
  one, counting the side's points, the duty that narrows the choice) and of their mistakes
  (ids of ``tutor.teach.hints.ideas.IDEA_SPECS``, never prose).

``tutor.teach.hints.analysis.analyse`` picks this method for a table of three or four.

>>> import random
>>> from tutor.engine import deal_table, preset
>>> s = deal_table(preset("three"), random.Random(1))
>>> sit = table_situation(s)
>>> sit.seat, sit.leading, sit.duty, sit.rule_ids
(1, True, 'lead', ('lead.free',))
>>> a = analyse_table(s, samples=8)
>>> a.method, a.samples, a.best.move in sit.legal
('sampled_playout', 8, True)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace

from tutor.engine import (
    CARDS,
    DECLARE_OUT,
    EXCHANGE,
    SEAT_NAMES,
    SUIT_MASKS,
    Card,
    Credit,
    DeclareOut,
    Duty,
    Exchange,
    Marriage,
    Move,
    Play,
    Rank,
    TableState,
    Verdict,
    iter_bits,
    table_check,
    trick_winner_of,
)
from tutor.search import table_move_values
from tutor.teach.hints.ideas import GIST_TABLE_LEAD, GIST_TABLE_LEAD_ALONE, IDEA_SPECS, Idea
from tutor.teach.hints.model import (
    DUTY_ANY,
    DUTY_FOLLOW,
    DUTY_FREE,
    DUTY_HEAD,
    DUTY_IDEAS,
    DUTY_LEAD,
    DUTY_LOWER,
    DUTY_OVER_TRUMP,
    DUTY_TRUMP,
    METHOD_TABLE_PLAYOUT,
    Analysis,
    MoveValue,
    Situation,
)

#: The seat counts this module serves.
SEATS = frozenset({3, 4})
#: Sampled deals a hint values the moves over.
TABLE_HINT_SAMPLES = 60
#: A card worth this many points or more is worth giving to a partner, or worth keeping.
RICH_CARD = 10
#: A worse move is said to have a mistake only when it is worse by this many game points.
MISTAKE_MARGIN = 0.1
#: A declaration without the target ends the deal lost: it is suggested only when it beats the
#: best move that plays on by more than a close call.
FALSE_OUT_HANDICAP = 0.25
#: The last trick's bonus is a thought for the decision once the hands hold this few cards.
LAST_TRICK_NEAR = 3


def _held(state: TableState, seat: int) -> int:
    hand = state.hands[seat]
    return (hand | hand >> 32) & 0xFFFFFFFF


def _considered(state: TableState, seat: int) -> list[Move]:
    """Every move the seat could think of: each card held; on lead also the marriages held,
    the exchange when the lowest trump is held, and declaring."""
    held = _held(state, seat)
    moves: list[Move] = [Play(CARDS[i]) for i in iter_bits(held)]
    if state.trick:
        return moves
    rules = state.rules
    for suit in range(4):
        k = suit * 8 + Rank.KING
        if held >> k & 3 == 3:
            moves += [Marriage(CARDS[k]), Marriage(CARDS[k + 1])]
            if rules.out_after_marriage:
                moves += [Marriage(CARDS[k], True), Marriage(CARDS[k + 1], True)]
    if held >> (int(state.trump) * 8 + rules.exchange_rank) & 1:
        moves.append(EXCHANGE)
    moves.append(DECLARE_OUT)
    return moves


def _duty(state: TableState, verdicts: tuple[Verdict, ...], held: int) -> str:
    if not state.trick:
        return DUTY_LEAD
    rid = verdicts[0].reasons[0].rule_id
    if rid == "phase2.trump":
        trick, trump = state.trick, int(state.trump)
        best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
        higher = held & SUIT_MASKS[trump] & ((1 << best) - 1)
        head = state.rules.phase2_duty is Duty.HEAD
        return DUTY_OVER_TRUMP if head and best >> 3 == trump and higher else DUTY_TRUMP
    return {
        "phase2.follow": DUTY_FOLLOW,
        "phase2.head": DUTY_HEAD,
        "phase2.lower": DUTY_LOWER,
        "phase2.any": DUTY_ANY,
    }.get(rid, DUTY_FREE)


def _all_known(state: TableState, seat: int) -> bool:
    """Whether ``seat`` knows where every card is: the cards it has not seen lie in one place
    at most (one other hand, or the stock once every other hand is empty)."""
    low = (1 << 32) - 1
    places = sum(
        1
        for s, hand in enumerate(state.hands)
        if s != seat
        and ((hand | hand >> 32) & low) & ~(state.known[s] if s < len(state.known) else 0)
    )
    return places + (1 if state.stock else 0) <= 1


def table_situation(state: TableState) -> Situation:
    """The rules in force for the seat to move (see the module's text)."""
    seat = state.to_move
    if seat is None:
        raise ValueError("the deal is over: there is no move to suggest")
    rules = state.rules
    verdicts = tuple(table_check(state, m) for m in _considered(state, seat))
    held = _held(state, seat)
    duty = _duty(state, verdicts, held)
    leading = not state.trick
    if leading:
        rule_ids: tuple[str, ...] = ("lead.free",)
        if not state.stock_open:
            rule_ids += ("phase2.head" if rules.phase2_duty is Duty.HEAD else "phase2.follow",)
    else:
        rule_ids = (verdicts[0].reasons[0].rule_id,)
    n = rules.seats
    trick = tuple(((state.leader + k) % n, CARDS[c]) for k, c in enumerate(state.trick))
    winning = -1
    if state.trick:
        k = trick_winner_of(state.trick, int(state.trump), rules.equal_cards)
        winning = (state.leader + k) % n
    allowed = tuple(
        v.move.card for v in verdicts if v.legal and isinstance(v.move, Play) and not leading
    )
    hand_size = state.hands[seat].bit_count()
    partner = (seat + 2) % n if rules.partners else -1
    return Situation(
        player=seat,
        seat_names=SEAT_NAMES[:n],
        partner=partner,
        leading=leading,
        stock_open=state.stock_open,
        stock_size=state.cards_to_draw,
        face_up=state.trump_card >= 0,
        phase2=not state.stock_open,
        lead=state.trick[0] if state.trick else -1,
        lead_thought=GIST_TABLE_LEAD if partner >= 0 else GIST_TABLE_LEAD_ALONE,
        trick=trick,
        winning=winning,
        last_to_play=len(state.trick) == n - 1,
        duty=duty,
        allowed=allowed or tuple(CARDS[i] for i in iter_bits(held)),
        rule_ids=rule_ids,
        verdicts=verdicts,
        score=state.score(state.side(seat)),
        target=rules.target,
        trick_points=sum(rules.points_by_index[c] for c in state.trick),
        cards_held=held.bit_count(),
        hand_size=hand_size,
        last_trick=hand_size == 1 and not state.stock_open,
        all_known=_all_known(state, seat),
        last_trick_bonus=rules.last_trick_bonus,
        last_trick_near=not state.stock_open and hand_size <= LAST_TRICK_NEAR,
        trump=state.trump,
    )


# ----------------------------------------------------------------------------- values


def position_seed(state: TableState) -> int:
    """A seed made of what the seat to move has seen, so that the same position (as the seat
    sees it) always draws the same sampled deals."""
    seat = state.to_move
    rules = state.rules
    switches = ";".join(f"{sw.id}={sw.text_value}" for sw in rules.switches())
    others = tuple(
        (s, state.known[s], len(list(iter_bits(state.hands[s])))) for s in range(rules.seats)
    )
    seen = (
        rules.name,
        switches,
        seat,
        state.hands[seat] if seat is not None else 0,
        int(state.trump),
        state.trump_card,
        len(state.stock),
        state.dealer,
        state.leader,
        state.trick,
        state.points,
        state.melds,
        state.pending,
        state.tricks,
        state.played,
        state.marriages,
        others,
    )
    digest = hashlib.sha256(repr(seen).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def analyse_table(
    state: TableState, *, samples: int = TABLE_HINT_SAMPLES, seed: int | None = None
) -> Analysis:
    """Every legal move of the seat to move valued over ``samples`` sampled deals (see the
    module's text), best first, with its ideas; ``seed`` defaults to ``position_seed``."""
    sit = table_situation(state)
    if seed is None:
        seed = position_seed(state)
    samples = max(1, samples)
    values = table_move_values(state, random.Random(seed), samples)
    moves = tuple(MoveValue(m, v, samples=samples) for m, v in _ordered(state, sit, values))
    return Analysis(
        situation=sit,
        method=METHOD_TABLE_PLAYOUT,
        samples=samples,
        seed=seed,
        moves=_with_ideas(state, sit, moves),
        samples_asked=samples,
    )


def _declared_score(state: TableState, sit: Situation, move: Move) -> int | None:
    """The score a declaration would be judged by; ``None`` for a move that plays on."""
    if isinstance(move, DeclareOut):
        return sit.score
    if isinstance(move, Marriage) and move.out:
        return sit.score + state.rules.marriage_value(
            move.card.suit, state.trump, len(state.marriages)
        )
    return None


def _ordered(
    state: TableState, sit: Situation, values: tuple[tuple[Move, float], ...]
) -> list[tuple[Move, float]]:
    """Best first. A declaration without the target goes behind the best move that plays on
    unless it beats it clearly (``FALSE_OUT_HANDICAP``); among equals a right declaration goes
    first, then the order of the legal moves."""
    order = {m: k for k, m in enumerate(sit.legal)}

    def key(item: tuple[Move, float]) -> tuple[float, int, int]:
        move, value = item
        score = _declared_score(state, sit, move)
        if score is not None and score < sit.target:
            value -= FALSE_OUT_HANDICAP
        right = score is not None and score >= sit.target
        return (-round(value, 9), 0 if right else 1, order.get(move, len(order)))

    return sorted(values, key=key)


# ----------------------------------------------------------------------------- ideas


def _idea(idea_id: str, **params: object) -> Idea:
    want = IDEA_SPECS[idea_id].params
    if tuple(params) != want:  # pragma: no cover - a programming error
        raise AssertionError(f"{idea_id} takes {want}, not {tuple(params)}")
    return Idea(idea_id, tuple(params.items()))


@dataclass(frozen=True)
class _Facts:
    """What the ideas are found from: the position as the seat to move sees it."""

    state: TableState
    sit: Situation
    top: Move  # the suggested move: a worse move's mistake is what the suggested one avoids

    @property
    def top_card(self) -> Card | None:
        return self.top.card if isinstance(self.top, Play) else None

    def top_wins(self) -> bool:
        return self.top_card is not None and not self.sit.leading and self.wins(self.top_card)

    def top_is_trump(self) -> bool:
        return self.top_card is not None and self.is_trump(self.top_card)

    def points(self, card: Card) -> int:
        return self.state.rules.points_by_index[card.index]

    def wins(self, card: Card) -> bool:
        """The card takes the trick from the card winning it so far."""
        s = self.state
        trick = (*s.trick, card.index)
        return trick_winner_of(trick, int(s.trump), s.rules.equal_cards) == len(s.trick)

    def is_trump(self, card: Card) -> bool:
        return int(card.suit) == int(self.state.trump)

    def marriage_open(self) -> bool:
        """A marriage could still be announced later in the deal."""
        return self.state.stock_open or self.state.rules.marriage_in_phase2

    def pair_held(self, card: Card) -> bool:
        """The card is the king or queen of a pair the seat holds."""
        if card.rank not in (Rank.KING, Rank.QUEEN):
            return False
        return _held(self.state, self.sit.seat) >> (card.index & ~1) & 3 == 3

    def marriage_points(self, card: Card) -> int:
        s = self.state
        return s.rules.marriage_value(card.suit, s.trump, len(s.marriages))


def _move_ideas(facts: _Facts, value: MoveValue, best: bool) -> list[Idea]:
    state, sit = facts.state, facts.sit
    rules = state.rules
    move = value.move
    out: list[Idea] = []
    side_won = state.side_tricks(state.side(sit.seat)) > 0
    score = _declared_score(state, sit, move)
    if score is not None and score < sit.target:
        if not best:
            return [_idea("mistake.false_out", score=score, target=sit.target)]
        if value.game_points < 0:  # the deal is lost: declaring loses the least
            return [_idea("idea.cut_losses", game_points=-value.game_points)]
        return []
    if isinstance(move, Marriage):
        points = facts.marriage_points(move.card)
        if move.out:
            out.append(_idea("idea.marriage_out", points=points, score=sit.score + points))
            return out
        credit = rules.marriage_credit
        now = credit is Credit.IMMEDIATE or (credit is Credit.WITH_TRICK and side_won)
        out.append(_idea("idea.marriage" if now else "idea.marriage_later", points=points))
        return out
    if isinstance(move, Exchange) and state.trump_card >= 0:
        low = CARDS[int(state.trump) * 8 + rules.exchange_rank]
        out.append(_idea("idea.exchange", card=low, trump_card=CARDS[state.trump_card]))
        return out
    if isinstance(move, DeclareOut):
        out.append(_idea("idea.declare_now", score=sit.score, target=sit.target))
        return out
    if not isinstance(move, Play):
        return out
    card = move.card
    top = facts.top_card
    top_breaks = top is not None and top.suit == card.suit and facts.pair_held(top)
    if facts.pair_held(card) and facts.marriage_open() and not best and not top_breaks:
        out.append(
            _idea(
                "mistake.breaks_marriage",
                card=card,
                suit=card.suit,
                points=facts.marriage_points(card),
            )
        )
    if sit.leading:
        if sit.stock_open and facts.is_trump(card) and not best and not facts.top_is_trump():
            out.append(_idea("mistake.wastes_trump", card=card))
        return out
    return out + _follow_ideas(facts, card, best)


def _follow_ideas(facts: _Facts, card: Card, best: bool) -> list[Idea]:
    """The ideas of a card played to a trick: giving points to a partner, taking the trick
    cheaply, losing it cheaply, and their mistakes."""
    state, sit = facts.state, facts.sit
    out: list[Idea] = []
    wins = facts.wins(card)
    points = facts.points(card)
    plays = [v.move.card for v in sit.verdicts if v.legal and isinstance(v.move, Play)]
    partner = SEAT_NAMES[sit.partner] if sit.partner >= 0 else ""
    if sit.partner_winning:
        if wins and not best and not facts.top_wins():
            out.append(_idea("mistake.overtakes_partner", card=card, partner=partner))
        elif not wins and best and points >= RICH_CARD:
            out.append(_idea("idea.give_partner", card=card, points=points, partner=partner))
        return out
    winners = [c for c in plays if facts.wins(c)]
    if wins:
        if best and sit.last_to_play:
            side = state.side_seats(state.side(sit.seat))
            gain = sit.trick_points + points + sum(state.pending[x] for x in side)
            if sit.last_trick:
                gain += sit.last_trick_bonus
            total = sit.score + gain
            if total >= sit.target:
                out.append(_idea("idea.count_to_66", gain=gain, total=total, target=sit.target))
            else:
                out.append(
                    _idea(
                        "idea.count_points",
                        gain=gain,
                        total=total,
                        missing=sit.target - total,
                        target=sit.target,
                    )
                )
        cost = (points, facts.is_trump(card))
        if best and any((facts.points(c), facts.is_trump(c)) > cost for c in winners):
            out.append(_idea("idea.cheapest_winner", card=card))
        if (
            not best
            and not facts.top_is_trump()
            and sit.stock_open
            and facts.is_trump(card)
            and sit.trick_points < RICH_CARD
            and any(not facts.is_trump(c) for c in plays)
        ):
            out.append(_idea("mistake.wastes_trump", card=card))
        return out
    cheapest = min(facts.points(c) for c in plays)
    if best and points == cheapest and any(facts.points(c) > points for c in plays):
        out.append(_idea("idea.cheap_trick", card=card, gain=sit.trick_points + points))
    top = facts.top_card
    top_gives = top is not None and not facts.wins(top) and facts.points(top) >= points
    if not best and sit.last_to_play and points >= RICH_CARD and not top_gives:
        out.append(_idea("mistake.gives_points", card=card, points=points))
    return out


def _with_ideas(
    state: TableState, sit: Situation, moves: tuple[MoveValue, ...]
) -> tuple[MoveValue, ...]:
    facts = _Facts(state, sit, moves[0].move)
    top = moves[0].game_points
    out = []
    for k, m in enumerate(moves):
        best = k == 0 or m.game_points > top - MISTAKE_MARGIN
        ideas = _move_ideas(facts, m, best)
        if k == 0:
            if len(sit.legal) == 1:
                ideas.insert(0, _idea("idea.only_move"))
            elif sit.restricted:
                ideas.insert(0, _idea(DUTY_IDEAS[sit.duty], cards=sit.allowed))
            ideas += _kept_marriages(facts, m.move, moves)
        out.append(replace(m, ideas=tuple(ideas)))
    return tuple(out)


def _kept_marriages(facts: _Facts, move: Move, moves: tuple[MoveValue, ...]) -> list[Idea]:
    """The best move keeps a marriage that a worse one breaks up."""
    if isinstance(move, Marriage) or not facts.marriage_open():
        return []
    out = []
    for m in moves[1:]:
        if not isinstance(m.move, Play) or not facts.pair_held(m.move.card):
            continue
        card = m.move.card
        if isinstance(move, Play) and move.card.suit == card.suit:
            continue  # the best move breaks it up too
        idea = _idea("idea.keeps_marriage", suit=card.suit, points=facts.marriage_points(card))
        if idea not in out:
            out.append(idea)
    return out


__all__ = [
    "FALSE_OUT_HANDICAP",
    "LAST_TRICK_NEAR",
    "MISTAKE_MARGIN",
    "RICH_CARD",
    "SEATS",
    "TABLE_HINT_SAMPLES",
    "analyse_table",
    "position_seed",
    "table_situation",
]

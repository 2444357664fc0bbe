"""Hints for three and four players, as data: the rules in force, every move valued, the ideas.

The same ladder as for two (``tutor.teach.hints.ladder``), for a deal at the table
(``tutor.engine.table``), from what the seat to move has seen:

- ``table_situation(state)``: the rules in force for the decision: lead or follow, the duty
  the phase puts on the card played (free while the stock can serve everyone; then follow suit,
  head the trick, trump, over-trump), the cards the duty leaves, the trick so far and who is
  winning it, and a verdict on every move the seat could think of (``tutor.engine.table_check``:
  the rule ids of the two-player game);
- ``table_analyse(state)``: every legal move valued by ``tutor.search.table_move_values``, over
  deals consistent with what the seat has seen, each played out to the end by the club player
  at every seat; the result of a move is the mean of the side's game points less those of the
  best other side. The samples are drawn from a seed made of what the seat sees, so that the
  same position always gives the same hint. Each move carries its ideas and, when it is worse
  than the best, its mistakes (ids of ``tutor.teach.hints.ideas.IDEA_SPECS``, never prose);
- ``table_thoughts`` and ``table_candidates``: the ladder's second and third rungs.

>>> import random
>>> from tutor.engine import deal_table, preset
>>> s = deal_table(preset("three"), random.Random(1))
>>> sit = table_situation(s)
>>> sit.seat, sit.leading, sit.duty, sit.rule_ids
(1, True, 'lead', ('lead.free',))
>>> a = table_analyse(s, samples=8)
>>> a.best.move in table_candidates(a), a.samples
(True, 8)
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

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
from tutor.teach.hints.detect import EPS
from tutor.teach.hints.ideas import (
    GIST_FOLLOW,
    GIST_LAST_TRICK,
    GIST_RULES,
    GIST_TABLE_LEAD,
    GIST_TABLE_LEAD_ALONE,
    IDEA_GISTS,
    IDEA_SPECS,
    Idea,
)
from tutor.teach.hints.ladder import MAX_CANDIDATES, MAX_THOUGHTS, Thought

#: Sampled deals a hint values the moves over.
TABLE_HINT_SAMPLES = 60
#: How the values are made: sampled deals, each played out by the club player at every seat.
METHOD_TABLE_PLAYOUT = "sampled_playout"
#: A move within this many game points of the best is worth considering (the values are means
#: over sampled deals, so they are closer together than the exact values of two players).
TABLE_CANDIDATE_MARGIN = 0.5
#: Two best moves closer than this are a close call: over the samples taken, chance may decide.
CLOSE_CALL = 0.25
#: A card worth this many points or more is worth giving to a partner, or worth keeping.
RICH_CARD = 10
#: A worse move is said to have a mistake only when it is worse by this many game points.
MISTAKE_MARGIN = 0.1
#: A declaration without the target ends the deal lost: it is suggested only when it beats the
#: best move that plays on by more than a close call.
FALSE_OUT_HANDICAP = CLOSE_CALL
#: The last trick's bonus is a thought for the decision once the hands hold this few cards.
LAST_TRICK_NEAR = 3

# The duty on the card the seat plays: on lead; free (the stock still serves everyone); once
# no more cards are drawn: follow suit, head the trick, follow with a lower card (it cannot be
# headed), trump, over-trump (a trump is winning and a higher one is held), any card.
DUTY_LEAD = "lead"
DUTY_FREE = "free"
DUTY_FOLLOW = "follow"
DUTY_HEAD = "head"
DUTY_LOWER = "lower"
DUTY_TRUMP = "trump"
DUTY_OVER_TRUMP = "over_trump"
DUTY_ANY = "any"
DUTIES = (
    DUTY_LEAD,
    DUTY_FREE,
    DUTY_FOLLOW,
    DUTY_HEAD,
    DUTY_LOWER,
    DUTY_TRUMP,
    DUTY_OVER_TRUMP,
    DUTY_ANY,
)
#: The idea that says a duty, for a decision the duty narrows.
_DUTY_IDEAS = {
    DUTY_FOLLOW: "idea.must_follow",
    DUTY_LOWER: "idea.must_follow",
    DUTY_HEAD: "idea.must_head",
    DUTY_TRUMP: "idea.must_trump",
    DUTY_OVER_TRUMP: "idea.must_over_trump",
}
_NOT_TEMPTING = frozenset({"mistake.false_out"})


@dataclass(frozen=True)
class TableSituation:
    """The rules in force for the seat to move and the verdict on every move it could make."""

    seat: int
    partner: int  # the partner's seat, -1 when each plays alone
    leading: bool
    stock_open: bool  # the stock still gives every player a card after a trick
    cards_to_draw: int  # face-down cards and the face-up trump card while it lies there
    face_up: bool  # the trump card still lies face up
    trick: tuple[tuple[int, Card], ...]  # the trick so far: (seat, card), the leader's first
    winning: int  # the seat winning the trick so far, -1 when leading
    last_to_play: bool  # the seat's card completes the trick
    duty: str  # one of ``DUTIES``
    allowed: tuple[Card, ...]  # the cards the duty leaves (every card held when it is free)
    rule_ids: tuple[str, ...]  # the rules that govern the decision
    verdicts: tuple[Verdict, ...]
    score: int  # card points and credited marriages of the seat's side
    target: int
    trick_points: int  # card points on the table
    cards_held: int  # the different cards the seat holds
    hand_size: int  # the cards the seat holds, a card held twice counted twice
    last_trick: bool  # the trick in progress is the deal's last
    last_trick_bonus: int  # the points the last trick brings

    @property
    def legal(self) -> tuple[Move, ...]:
        return tuple(v.move for v in self.verdicts if v.legal)

    @property
    def illegal(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.legal)

    @property
    def best_card(self) -> Card | None:
        """The card winning the trick so far."""
        for seat, card in self.trick:
            if seat == self.winning:
                return card
        return None

    @property
    def partner_winning(self) -> bool:
        return self.partner >= 0 and self.winning == self.partner

    @property
    def restricted(self) -> bool:
        """The duty leaves only some of the cards held."""
        return self.duty in _DUTY_IDEAS and len(self.allowed) < self.cards_held


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


def table_situation(state: TableState) -> TableSituation:
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
    return TableSituation(
        seat=seat,
        partner=(seat + 2) % n if rules.partners else -1,
        leading=leading,
        stock_open=state.stock_open,
        cards_to_draw=state.cards_to_draw,
        face_up=state.trump_card >= 0,
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
        hand_size=state.hands[seat].bit_count(),
        last_trick=state.hands[seat].bit_count() == 1 and not state.stock_open,
        last_trick_bonus=rules.last_trick_bonus,
    )


# ----------------------------------------------------------------------------- values


@dataclass(frozen=True)
class TableMoveValue:
    """One legal move valued for the seat to move."""

    move: Move
    game_points: float  # the side's game points less the best other side's, mean over deals
    ideas: tuple[Idea, ...] = ()  # what the move does (idea.*), what is wrong with it (mistake.*)

    @property
    def mistakes(self) -> tuple[Idea, ...]:
        return tuple(i for i in self.ideas if i.id.startswith("mistake."))


@dataclass(frozen=True)
class TableAnalysis:
    """Every legal move valued, best first, with the ideas behind each."""

    situation: TableSituation
    moves: tuple[TableMoveValue, ...]
    samples: int  # deals sampled
    seed: int
    method: str = METHOD_TABLE_PLAYOUT

    @property
    def seat(self) -> int:
        return self.situation.seat

    @property
    def best(self) -> TableMoveValue:
        return self.moves[0]

    @property
    def ideas(self) -> tuple[Idea, ...]:
        """The ideas behind the suggested move."""
        return self.best.ideas

    @property
    def close_call(self) -> bool:
        """The two best moves are so close that the samples may have decided between them."""
        return len(self.moves) > 1 and (
            self.moves[0].game_points - self.moves[1].game_points < CLOSE_CALL
        )

    def value_of(self, move: Move) -> TableMoveValue | None:
        for m in self.moves:
            if m.move == move:
                return m
        return None


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


def table_analyse(
    state: TableState, *, samples: int = TABLE_HINT_SAMPLES, seed: int | None = None
) -> TableAnalysis:
    """Every legal move of the seat to move valued over ``samples`` sampled deals (see the
    module's text), best first, with its ideas; ``seed`` defaults to ``position_seed``."""
    sit = table_situation(state)
    if seed is None:
        seed = position_seed(state)
    samples = max(1, samples)
    values = table_move_values(state, random.Random(seed), samples)
    moves = tuple(TableMoveValue(m, v) for m, v in _ordered(state, sit, values))
    return TableAnalysis(sit, _with_ideas(state, sit, moves), samples, seed)


def _declared_score(state: TableState, sit: TableSituation, move: Move) -> int | None:
    """The score a declaration would be judged by; ``None`` for a move that plays on."""
    if isinstance(move, DeclareOut):
        return sit.score
    if isinstance(move, Marriage) and move.out:
        return sit.score + state.rules.marriage_value(
            move.card.suit, state.trump, len(state.marriages)
        )
    return None


def _ordered(
    state: TableState, sit: TableSituation, values: tuple[tuple[Move, float], ...]
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
    sit: TableSituation
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


def _move_ideas(facts: _Facts, value: TableMoveValue, best: bool) -> list[Idea]:
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
    state: TableState, sit: TableSituation, moves: tuple[TableMoveValue, ...]
) -> tuple[TableMoveValue, ...]:
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
                ideas.insert(0, _idea(_DUTY_IDEAS[sit.duty], cards=sit.allowed))
            ideas += _kept_marriages(facts, m.move, moves)
        out.append(TableMoveValue(m.move, m.game_points, tuple(ideas)))
    return tuple(out)


def _kept_marriages(facts: _Facts, move: Move, moves: tuple[TableMoveValue, ...]) -> list[Idea]:
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


# ----------------------------------------------------------------------------- the ladder


def table_thoughts(analysis: TableAnalysis) -> tuple[Thought, ...]:
    """The ladder's second rung: the ideas behind the best move and against the tempting worse
    ones, as thoughts that name no card and no move; the last trick's bonus once nobody draws;
    a general thought when nothing more particular applies."""
    sit = analysis.situation
    ids = [i.id for i in analysis.best.ideas]
    for m in analysis.moves[1:]:
        ids += [i.id for i in m.mistakes if i.id not in _NOT_TEMPTING]
    msgids = list(dict.fromkeys(IDEA_GISTS[i] for i in ids if i in IDEA_GISTS))
    if len(sit.legal) > 1 and GIST_RULES in msgids and len(msgids) > 1:
        msgids.remove(GIST_RULES)  # the rule was rung one; here the choice that is left
    out = [Thought(m) for m in msgids[:MAX_THOUGHTS]]
    if not sit.stock_open and sit.last_trick_bonus and sit.hand_size <= LAST_TRICK_NEAR:
        out.append(Thought(GIST_LAST_TRICK, (("points", sit.last_trick_bonus),)))
    if not out:
        if not sit.leading:
            out.append(Thought(GIST_FOLLOW))
        else:
            out.append(Thought(GIST_TABLE_LEAD if sit.partner >= 0 else GIST_TABLE_LEAD_ALONE))
    return tuple(out)


def table_candidates(analysis: TableAnalysis) -> tuple[Move, ...]:
    """The ladder's third rung: the legal moves worth considering, every move close to the
    best in value and at least two when more than one is legal (at most ``MAX_CANDIDATES``),
    in the order of the hand, so that the first listed is not taken for the best."""
    top = analysis.best.game_points
    margin = TABLE_CANDIDATE_MARGIN + EPS
    close = [m.move for m in analysis.moves if m.game_points >= top - margin][:MAX_CANDIDATES]
    if len(close) < 2:
        close = [m.move for m in analysis.moves[:2]]
    order = {m: k for k, m in enumerate(analysis.situation.legal)}
    return tuple(sorted(close, key=lambda m: order.get(m, len(order))))


__all__ = [
    "CLOSE_CALL",
    "DUTIES",
    "DUTY_ANY",
    "DUTY_FOLLOW",
    "DUTY_FREE",
    "DUTY_HEAD",
    "DUTY_LEAD",
    "DUTY_LOWER",
    "DUTY_OVER_TRUMP",
    "DUTY_TRUMP",
    "METHOD_TABLE_PLAYOUT",
    "TABLE_CANDIDATE_MARGIN",
    "TABLE_HINT_SAMPLES",
    "TableAnalysis",
    "TableMoveValue",
    "TableSituation",
    "position_seed",
    "table_analyse",
    "table_candidates",
    "table_situation",
    "table_thoughts",
]

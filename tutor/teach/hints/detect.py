"""Finding the ideas behind each move and the mistakes of the worse ones.

``Knowledge`` is what the player to move knows (everything for a state; for a view, the own
hand, the cards the opponent surely holds and those it may hold). ``with_ideas`` adds to every
valued move the ideas behind it and, when it is worse than the best, its mistakes, as ``Idea``
values whose ids and parameters ``tutor.teach.hints.ideas.IDEA_SPECS`` lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tutor.engine import (
    CARDS,
    NO_TRUMP,
    Card,
    Close,
    Credit,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    OutResolution,
    Play,
    Rank,
    RuleSet,
    State,
    Suit,
    View,
    apply_unchecked,
    iter_bits,
    legal_moves,
    other,
    trick_winner,
)
from tutor.teach.hints.ideas import IDEA_SPECS, Idea

if TYPE_CHECKING:
    from tutor.teach.hints.model import MoveValue, Situation

#: The seat counts these detectors serve (those of three and four: ``table_analysis.SEATS``).
SEATS = frozenset({2})
EPS = 1e-9  # values closer than this are equal
_SUIT_MASKS = (*(0xFF << (8 * s) for s in range(4)), 0)  # the last: no trumps (``NO_TRUMP``)


@dataclass(frozen=True)
class Knowledge:
    """What the player to move knows, the same for a state (everything) and a view."""

    state: State  # a representative deal: only the public facts and the own hand are read
    player: int
    hand: int
    opp_sure: int  # cards the opponent surely holds
    opp_maybe: int  # cards the opponent may hold (the sure ones included)
    exact: bool

    @staticmethod
    def of(subject: State | View, player: int, rep: State, determined: bool) -> Knowledge:
        """What ``player`` knows of ``subject``; for a view, ``rep`` is a deal consistent with
        it and ``determined`` says that it is the only one (up to the order of the stock)."""
        if isinstance(subject, State):
            opp = subject.hands[other(player)]
            return Knowledge(subject, player, subject.hands[player], opp, opp, True)
        if determined:  # the opponent holds exactly what the player cannot see
            opp = rep.hands[other(player)]
            return Knowledge(rep, player, subject.hand, opp, opp, True)
        hidden = subject.opponent_hand_size - subject.opponent_known.bit_count()
        maybe = subject.opponent_known
        if hidden:
            maybe |= subject.unseen & ~subject.excluded
        return Knowledge(rep, player, subject.hand, subject.opponent_known, maybe, False)

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def trump(self) -> int:
        return self.state.trump_index

    def score(self) -> int:
        return self.state.score(self.player)

    def beaters(self, card: int) -> int:
        """Cards that beat ``card`` when it is led."""
        suit = card >> 3
        higher = _SUIT_MASKS[suit] & ((1 << card) - 1)
        trumps = _SUIT_MASKS[self.trump] if suit != self.trump else 0
        return (higher | trumps) & self.rules.pack_mask

    def marriages_possible(self) -> bool:
        return not self.state.phase2 or bool(self.rules.marriage_in_phase2)


def beats(card: Card, top: Card, trump: Suit | None) -> bool:
    """Whether ``card`` played to a trick beats ``top``, the card winning it so far."""
    return trick_winner(top.index, card.index, NO_TRUMP if trump is None else trump) == 1


def _idea(idea_id: str, **params: object) -> Idea:
    want = IDEA_SPECS[idea_id].params
    if tuple(params) != want:  # pragma: no cover - a programming error
        raise AssertionError(f"{idea_id} takes {want}, not {tuple(params)}")
    return Idea(idea_id, tuple(params.items()))


def _last_trick_bonus(know: Knowledge) -> int:
    """The bonus the coming trick carries when it is the deal's last (one card in hand: with
    a stock left to draw from, hands are full)."""
    if know.hand.bit_count() != 1:
        return 0
    return know.rules.last_trick_points(know.state.closed_by >= 0)


def _count_idea(know: Knowledge, gain: int, at_least: bool) -> list[Idea]:
    pending = know.state.pending[know.player]
    total = know.score() + pending + gain
    target = know.rules.target
    out = []
    if total >= target:
        iid = "idea.count_to_66_min" if at_least else "idea.count_to_66"
        out.append(_idea(iid, gain=gain + pending, total=total, target=target))
    elif gain + pending > 0:
        if at_least:
            out.append(
                _idea("idea.count_points_min", gain=gain + pending, total=total, target=target)
            )
        else:
            out.append(
                _idea(
                    "idea.count_points",
                    gain=gain + pending,
                    total=total,
                    missing=target - total,
                    target=target,
                )
            )
    if pending and out:
        out.append(_idea("idea.marriage_credit", points=pending))
    return out


def _lead_ideas(know: Knowledge, move: MoveValue) -> list[Idea]:
    assert isinstance(move.move, Play)
    card = move.move.card.index
    st = know.state
    pts = know.rules.points_by_index
    out: list[Idea] = []
    beaters = know.beaters(card)
    suit_mask = _SUIT_MASKS[card >> 3]
    if st.phase2 and know.opp_sure & suit_mask:
        beaters &= suit_mask  # the opponent must follow suit, so cannot trump
    safe = not beaters & know.opp_maybe
    if safe:
        face_up = st.trump_card
        elsewhere = beaters & ~know.hand & ~st.played_mask
        if st.stock_open and face_up >= 0 and elsewhere == 1 << face_up:
            out.append(_idea("idea.safe_face_up", card=CARDS[card], face_up_card=CARDS[face_up]))
        else:
            out.append(_idea("idea.safe_trick", card=CARDS[card]))
    suit = card >> 3
    if st.phase2 and suit != know.trump and CARDS[card].rank is Rank.ACE:
        ten = suit * 8 + Rank.TEN
        if know.opp_sure >> ten & 1 and know.opp_maybe & _SUIT_MASKS[suit] == 1 << ten:
            out.append(_idea("idea.catch_blank_ten", card=CARDS[card], ten_card=CARDS[ten]))
    if st.phase2 and suit == know.trump:
        n = (know.opp_maybe & _SUIT_MASKS[know.trump]).bit_count()
        if n:
            out.append(_idea("idea.draws_trumps", n=n))
    if safe:
        if know.exact:
            child = apply_unchecked(know.state, Play(CARDS[card]))
            gains = {
                pts[card] + pts[r.card.index] for r in legal_moves(child) if isinstance(r, Play)
            }
            if gains:
                out += _count_idea(know, min(gains) + _last_trick_bonus(know), len(gains) > 1)
        elif know.opp_maybe:
            low = min(pts[i] for i in iter_bits(know.opp_maybe))
            out += _count_idea(know, pts[card] + low + _last_trick_bonus(know), True)
    return out


def _follow_ideas(know: Knowledge, move: MoveValue, others: Sequence[MoveValue]) -> list[Idea]:
    assert isinstance(move.move, Play)
    st = know.state
    card = move.move.card.index
    pts = know.rules.points_by_index
    gain = pts[st.lead] + pts[card]
    if trick_winner(st.lead, card, know.trump) == 1:
        return _count_idea(know, gain + _last_trick_bonus(know), False)
    losing = [
        o.move.card.index
        for o in others
        if isinstance(o.move, Play) and trick_winner(st.lead, o.move.card.index, know.trump) == 0
    ]
    if losing and all(pts[card] <= pts[c] for c in losing):
        return [_idea("idea.cheap_trick", card=CARDS[card], gain=gain + _last_trick_bonus(know))]
    return []


def _duty_idea(sit: Situation, know: Knowledge) -> list[Idea]:
    if sit.leading or not sit.phase2:
        return []
    legal = [v.move.card for v in sit.verdicts if v.legal and isinstance(v.move, Play)]
    if len(legal) == know.hand.bit_count():
        return []
    rid = sit.rule_ids[0]
    iid = {
        "phase2.head": "idea.must_head",
        "phase2.follow": "idea.must_follow",
        "phase2.lower": "idea.must_follow",
        "phase2.trump": "idea.must_trump",
    }.get(rid)
    return [_idea(iid, cards=tuple(legal))] if iid else []


def _plays(move: Move) -> int:
    """The card a move puts on the table, -1 for none."""
    if isinstance(move, Play | Marriage):
        return move.card.index
    return -1


def _pairs(know: Knowledge) -> list[int]:
    """Suits in which the player holds king and queen, not yet announced."""
    if not know.marriages_possible():
        return []
    return [s for s in range(4) if know.hand >> (s * 8 + Rank.KING) & 3 == 3]


def _guarded_tens(know: Knowledge) -> list[tuple[int, int]]:
    """(ten, guard) pairs: a ten with exactly one other card of its suit, the ace still out."""
    st = know.state
    if not (st.phase2 or st.stock_size <= 4):
        return []
    out = []
    for s in range(4):
        ten = s * 8 + Rank.TEN
        ace = s * 8 + Rank.ACE
        suit_cards = know.hand & _SUIT_MASKS[s]
        if know.hand >> ten & 1 and suit_cards.bit_count() == 2 and know.opp_maybe >> ace & 1:
            guard = (suit_cards & ~(1 << ten)).bit_length() - 1
            out.append((ten, guard))
    return out


def _best_trick(know: Knowledge, move: Move) -> int:
    """The most a declaration judged after the trick can still add: the trick (and, when
    declaring before leading, a marriage announced with the lead)."""
    st = know.state
    rules = know.rules
    pts = rules.points_by_index
    opp = max((pts[i] for i in iter_bits(know.opp_maybe)), default=0)
    if isinstance(move, Marriage):
        return pts[move.card.index] + opp
    own = max((pts[i] for i in iter_bits(know.hand)), default=0)
    marriage = 0
    if know.marriages_possible() and (st.tricks[know.player] or not rules.marriage_needs_trick):
        for s in range(4):
            if know.hand >> (s * 8 + Rank.KING) & 3 == 3:
                value = rules.marriage_value(s, st.trump, len(st.marriages))
                marriage = max(marriage, value)
    return own + opp + marriage + _last_trick_bonus(know)


def _mistakes(know: Knowledge, move: MoveValue, exact: bool) -> list[Idea]:
    m = move.move
    st = know.state
    rules = know.rules
    target = rules.target
    out: list[Idea] = []
    if isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out):
        score = know.score()
        if isinstance(m, Marriage):
            score += rules.marriage_value(m.suit, st.trump, len(st.marriages))
        if rules.out_resolution is OutResolution.IMMEDIATE:
            if score < target:
                out.append(_idea("mistake.false_out", score=score, target=target))
        else:  # judged after the trick: false if even the best trick cannot bring 66
            best = score + _best_trick(know, m) + st.pending[know.player]
            if best < target:
                out.append(_idea("mistake.false_out_trick", best=best, target=target))
    if isinstance(m, Close) and move.win_probability < 1 - EPS:
        if exact:
            out.append(_idea("mistake.close_fails_exact"))
        else:
            out.append(_idea("mistake.close_fails", percent=round(100 * move.win_probability)))
    card = _plays(m)
    if card >= 0 and isinstance(m, Play):
        for s in _pairs(know):
            if card >> 3 == s and card & 7 in (Rank.KING, Rank.QUEEN):
                points = rules.marriage_value(s, st.trump, len(st.marriages))
                out.append(
                    _idea("mistake.breaks_marriage", card=CARDS[card], suit=Suit(s), points=points)
                )
        for ten, guard in _guarded_tens(know):
            if card == guard:
                out.append(_idea("mistake.blanks_ten", card=CARDS[card], ten_card=CARDS[ten]))
        pts = rules.points_by_index
        if st.lead >= 0 and trick_winner(st.lead, card, know.trump) == 0 and pts[card] >= 10:
            out.append(_idea("mistake.gives_points", card=CARDS[card], points=pts[card]))
        trumps = st.lead >= 0 and st.stock_open and card >> 3 == know.trump != st.lead >> 3
        if trumps and not st.phase2:  # trumping while suit need not be followed
            out.append(_idea("mistake.wastes_trump", card=CARDS[card]))
    return out


def _move_ideas(
    know: Knowledge,
    sit: Situation,
    move: MoveValue,
    moves: tuple[MoveValue, ...],
    mistakes: dict[Move, tuple[Idea, ...]],
    exact: bool,
) -> list[Idea]:
    """The ideas behind ``move``: what it does, and what it keeps that worse moves give away."""
    ideas: list[Idea] = []
    st = know.state
    rules = know.rules
    m = move.move
    others = [x for x in moves if x.move != m]
    worse = [x for x in others if x.game_points < move.game_points - EPS]
    if not others:
        ideas.append(_idea("idea.only_move"))
    ideas += _duty_idea(sit, know)
    score = know.score()
    if isinstance(m, DeclareOut):
        if score >= rules.target:
            ideas.append(_idea("idea.declare_now", score=score, target=rules.target))
        elif move.win_probability > 1 - EPS:
            ideas.append(_idea("idea.declare_after_trick", target=rules.target))
        elif others and all(move.game_points > x.game_points + EPS for x in others):
            ideas.append(_idea("idea.cut_losses", game_points=-move.game_points))
    elif isinstance(m, Marriage):
        points = rules.marriage_value(m.suit, st.trump, len(st.marriages))
        if m.out:
            if score + points >= rules.target:
                ideas.append(_idea("idea.marriage_out", points=points, score=score + points))
        else:
            credit = rules.marriage_credit
            later = credit is Credit.AFTER_TRICK or (
                credit is Credit.WITH_TRICK and not st.tricks[know.player]
            )
            ideas.append(_idea("idea.marriage_later" if later else "idea.marriage", points=points))
    elif isinstance(m, Exchange):
        assert st.trump is not None  # an exchange needs a face-up trump card
        ex = CARDS[st.trump * 8 + rules.exchange_rank]
        ideas.append(_idea("idea.exchange", card=ex, trump_card=CARDS[st.trump_card]))
    elif isinstance(m, Close):
        if exact:
            if move.game_points > 0:
                ideas.append(_idea("idea.close_wins_exact"))
        elif move.win_probability > 0.5:
            ideas.append(
                _idea(
                    "idea.close_wins",
                    percent=round(100 * move.win_probability),
                    game_points=move.game_points,
                )
            )
    elif isinstance(m, Play):
        if sit.leading:
            ideas += _lead_ideas(know, move)
        else:
            ideas += _follow_ideas(know, move, others)
    # Declaring was possible and correct, but this is worth more.
    if sit.leading and not isinstance(m, DeclareOut) and not (isinstance(m, Marriage) and m.out):
        out = next((x for x in others if isinstance(x.move, DeclareOut)), None)
        if out is not None and score >= rules.target and out.game_points < move.game_points:
            ideas.append(
                _idea("idea.play_on", score=score, gain=move.game_points - out.game_points)
            )
    # Keeping what a worse move gives away.
    if isinstance(m, Play):
        card = m.card.index
        for s in _pairs(know):
            if card >> 3 == s and card & 7 in (Rank.KING, Rank.QUEEN):
                continue
            if any(
                i.id == "mistake.breaks_marriage" and i.param("suit") == s
                for x in worse
                for i in mistakes.get(x.move, ())
            ):
                points = rules.marriage_value(s, st.trump, len(st.marriages))
                ideas.append(_idea("idea.keeps_marriage", suit=Suit(s), points=points))
        for ten, guard in _guarded_tens(know):
            if card not in (ten, guard) and any(
                i.id == "mistake.blanks_ten" and i.param("ten_card") == CARDS[ten]
                for x in worse
                for i in mistakes.get(x.move, ())
            ):
                ideas.append(_idea("idea.guards_ten", guard_card=CARDS[guard], ten_card=CARDS[ten]))
    return ideas


def with_ideas(
    know: Knowledge, sit: Situation, moves: tuple[MoveValue, ...], exact: bool
) -> tuple[MoveValue, ...]:
    """Each move with its ideas, and with its mistakes when it is worse than the best."""
    if not moves:
        return moves
    top = moves[0].game_points
    mistakes = {
        m.move: tuple(_mistakes(know, m, exact)) for m in moves if m.game_points < top - EPS
    }
    return tuple(
        replace(
            m,
            ideas=(*_move_ideas(know, sit, m, moves, mistakes, exact), *mistakes.get(m.move, ())),
        )
        for m in moves
    )

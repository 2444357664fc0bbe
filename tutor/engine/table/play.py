"""A move applied at a table of three or four: the trick, the draw from the stock, the marriages,
the declaration of 66, and the scoring of a finished deal (``tutor.engine.scoring``)."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine.cards import SUIT_MASKS
from tutor.engine.legality import IllegalMoveError
from tutor.engine.moves import (
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    Play,
    parse_move,
)
from tutor.engine.outcome import Outcome
from tutor.engine.rules import (
    Credit,
    Duty,
)
from tutor.engine.scoring import grading
from tutor.engine.table.legal import table_check, table_legal_moves, trick_winner_of
from tutor.engine.table.state import TableState, _add, _cards, _remove

# ----------------------------------------------------------------------------- applying


def _with(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


def table_apply(state: TableState, move: Move) -> TableState:
    """The state after ``move``; raises ``IllegalMoveError`` (a ``ValueError``) with the
    verdict for a move the rules do not allow."""
    if move not in table_legal_moves(state):
        raise IllegalMoveError(table_check(state, move))
    return table_apply_unchecked(state, move)


def table_apply_unchecked(state: TableState, move: Move) -> TableState:
    """``table_apply`` without the legality test, for players that only make legal moves."""
    p = state.to_move
    assert p is not None
    rules = state.rules
    if isinstance(move, Play):
        c = move.card.index
        hand = _remove(state.hands[p], c)
        lacks = state.lacks
        if state.trick and lacks and not state.stock_open:
            lacks = _with(lacks, p, lacks[p] | _shown_lacking(state, c))
        s = state._replace(
            hands=_with(state.hands, p, hand),
            trick=(*state.trick, c),
            known=_with(state.known, p, state.known[p] & _cards(hand)),
            lacks=lacks,
        )
        return _finish_trick(s) if len(s.trick) == rules.seats else s
    if isinstance(move, Marriage):
        suit = move.card.suit
        value = rules.marriage_value(suit, state.trump, len(state.marriages))
        side_won = state.side_tricks(state.side(p)) > 0
        credit = rules.marriage_credit
        now = move.out or credit is Credit.IMMEDIATE or (credit is Credit.WITH_TRICK and side_won)
        melds, pending = state.melds, state.pending
        if now:
            melds = _with(melds, p, melds[p] + value)
        else:
            pending = _with(pending, p, pending[p] + value)
        c = move.card.index
        hand = _remove(state.hands[p], c)
        shown = (state.known[p] | 1 << (c ^ 1)) & _cards(hand)  # the other card of the pair
        s = state._replace(
            hands=_with(state.hands, p, hand),
            trick=(c,),
            known=_with(state.known, p, shown),
            melds=melds,
            pending=pending,
            marriages=(*state.marriages, (p, suit)),
        )
        return _declare(s, p) if move.out else s
    if isinstance(move, Exchange):
        ex = int(state.trump) * 8 + rules.exchange_rank
        hand = _add(_remove(state.hands[p], ex), state.trump_card)
        known = (state.known[p] | 1 << state.trump_card) & _cards(hand)
        return state._replace(
            hands=_with(state.hands, p, hand), trump_card=ex, known=_with(state.known, p, known)
        )
    if isinstance(move, DeclareOut):
        return _declare(state, p)
    raise ValueError(f"illegal move {move} for seat {p}")


def _shown_lacking(state: TableState, card: int) -> int:
    """The cards the player to move shows he does not hold by playing ``card`` to the trick in
    progress once the stock is closed: a card of another suit than the one led says he has none
    of it, a card of neither that suit nor trumps that he has no trumps either; under the duty
    to head (``phase2.duty=head``) a card that does not beat the trick's best card of its suit
    says he has none higher. No more cards are drawn, so what a hand lacks it lacks to the end.
    """
    trick = state.trick
    trump = int(state.trump)
    led = trick[0] >> 3
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    head = state.rules.phase2_duty is Duty.HEAD
    suit = card >> 3
    if suit == led:
        if head and best >> 3 == led and not card < best:
            return SUIT_MASKS[led] & ((1 << best) - 1)
        return 0
    lacking = SUIT_MASKS[led]
    if suit != trump:
        return lacking | SUIT_MASKS[trump]
    if head and best >> 3 == trump and not card < best:
        lacking |= SUIT_MASKS[trump] & ((1 << best) - 1)
    return lacking


def _finish_trick(state: TableState) -> TableState:
    rules = state.rules
    n = rules.seats
    trick = state.trick
    k = trick_winner_of(trick, int(state.trump), rules.equal_cards)
    w = (state.leader + k) % n
    gained = sum(rules.points_by_index[c] for c in trick)
    points = _with(state.points, w, state.points[w] + gained)
    melds, pending = state.melds, state.pending
    for seat in state.side_seats(state.side(w)):  # a side's trick credits its marriages
        if pending[seat]:
            melds = _with(melds, seat, melds[seat] + pending[seat])
            pending = _with(pending, seat, 0)
    played = state.played
    for c in trick:
        played = _add(played, c)
    hands, stock, trump_card = list(state.hands), state.stock, state.trump_card
    known = state.known
    if state.stock_open:
        for j in range(n):
            seat = (w + j) % n
            if stock:
                card, stock = stock[0], stock[1:]
            else:  # the face-up trump card, which everyone has seen
                card, trump_card = trump_card, -1
                known = _with(known, seat, known[seat] | 1 << card)
            hands[seat] = _add(hands[seat], card)
    s = state._replace(
        hands=tuple(hands),
        stock=stock,
        trump_card=trump_card,
        leader=w,
        trick=(),
        points=points,
        melds=melds,
        pending=pending,
        tricks=_with(state.tricks, w, state.tricks[w] + 1),
        played=played,
        last_trick=(state.leader, trick, w),
        known=known,
    )
    if any(s.hands):
        return s
    bonus = rules.last_trick_bonus
    if bonus:
        s = s._replace(points=_with(s.points, w, s.points[w] + bonus))
    return _played_out(s)


# ----------------------------------------------------------------------------- scoring


def _facts(state: TableState) -> tuple[tuple[int, ...], int]:
    """The scores per side and the sides that have a trick (a bit set)."""
    sides = state.rules.sides
    scores = tuple(state.score(x) for x in range(sides))
    won = sum(1 << x for x in range(sides) if state.side_tricks(x))
    return scores, won


def _declare(state: TableState, p: int) -> TableState:
    """A declaration of 66 (101 for teams) by seat ``p``, scored by ``tutor.engine.scoring``."""
    scores, won = _facts(state)
    kind, winner, gps, rule_id = grading(state.rules).declare(state.side(p), scores, won)
    return state._replace(result=Outcome(kind, winner, gps, scores, p, rule_id))


def _played_out(state: TableState) -> TableState:
    """The last trick is played and nobody declared: scored by ``tutor.engine.scoring``."""
    scores, won = _facts(state)
    last = state.side(state.leader)  # the last trick's winner leads what would be next
    kind, winner, gps, rule_id = grading(state.rules).played_out(scores, won, last)
    return state._replace(result=Outcome(kind, winner, gps, scores, None, rule_id))


def table_play_moves(state: TableState, moves: Iterable[Move | str]) -> TableState:
    """Apply moves (or their notation) in order; raises on the first illegal one."""
    for m in moves:
        state = table_apply(state, parse_move(m) if isinstance(m, str) else m)
    return state

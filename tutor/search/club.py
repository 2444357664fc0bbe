"""The ``club`` player: counts to 66, saves trumps in the first phase, draws them in the second,
and closes when its sure winners bring 66. The sampling core plays it out in the first phase.

The helpers read only what the seat may know: its own hand, the cards seen and the scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tutor.engine import (
    CARDS,
    CLOSE_UNDRAWN,
    EXCHANGE,
    PASS,
    SUIT_MASKS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Play,
    State,
    Wait,
    is_declaration,
    legal_moves,
)
from tutor.search.seen import Seen


def declaration_holds(state: State, move: Move) -> bool:
    """A declaration of 66 that the player can count as correct."""
    p = state.leader
    score = state.score(p)
    if isinstance(move, Marriage):
        rules = state.rules
        score += rules.marriage_value(move.suit, state.trump, len(state.marriages))
    return score >= state.rules.target


_TRUMP_PENALTY = 25  # a trump given up is worth about this many points
_PAIR_PENALTY = 15  # a king or queen that can still be married


def declaration(state: State, moves: Sequence[Move]) -> Move | None:
    """A declaration of 66 that the player can count as correct, if there is one."""
    for m in moves:
        if is_declaration(m) and declaration_holds(state, m):
            return m
    return None


def obvious_move(state: State) -> Move | None:
    """The only legal move, or a declaration of 66 ahead of the lead that the player can count
    as correct: moves the sampling players make without thinking."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    out = declaration(state, moves)
    return out if isinstance(out, DeclareOut) else None


def trump_choice(state: State, moves: Sequence[Move]) -> Move | None:
    """Where trumps may be named: the suit of a marriage in hand, else the one that is strongest
    (card points and length), if the player may name one."""
    names = [m for m in moves if isinstance(m, NameTrump)]
    if not names:
        return None
    p = state.to_move
    assert p is not None
    hand = state.hands[p]
    pts = state.rules.points_by_index

    def strength(m: NameTrump) -> tuple[int, int]:
        suit = hand & SUIT_MASKS[m.suit]
        pair = suit >> (m.suit * 8 + 2) & 3 == 3
        held = sum(pts[c] for c in range(32) if suit >> c & 1)
        return (1 if pair else 0, held + 6 * suit.bit_count())

    return max(names, key=strength)


def not_declaring(moves: Sequence[Move]) -> list[Move]:
    return [m for m in moves if not is_declaration(m)]


def _opponent_may_hold(state: State, p: int) -> int:
    """Cards the opponent of ``p`` may hold, as far as ``p`` can tell (the face-up trump card
    counts while it can still be drawn)."""
    seen = state.hands[p] | state.played_mask
    if state.lead >= 0:
        seen |= 1 << state.lead
    if state.trump_card >= 0 and not state.stock_open:
        seen |= 1 << state.trump_card
    return state.rules.pack_mask & ~seen


def _is_master(card: int, rivals: int) -> bool:
    """No rival card of the same suit beats ``card``."""
    return not rivals & SUIT_MASKS[card >> 3] & ((1 << card) - 1)


def _in_pair(card: int, hand: int) -> bool:
    """A king or queen whose partner is in hand: a marriage to keep."""
    return card & 7 in (2, 3) and bool(hand >> (card ^ 1) & 1)


def beats(lead: int, card: int, trump: int) -> bool:
    if lead >> 3 == card >> 3:
        return card < lead
    return card >> 3 == trump


def _keep_cost(state: State, card: int, hand: int) -> int:
    """What giving up ``card`` costs: its points, more for trumps and marriage partners."""
    cost = state.rules.points_by_index[card]
    if card >> 3 == state.trump:
        cost += _TRUMP_PENALTY
    if _in_pair(card, hand):
        cost += _PAIR_PENALTY
    return cost


def _sure_points(state: State, p: int, rivals: int) -> int:
    """Points ``p`` can count on by leading masters: trumps from the top, then the side masters
    once the rivals' trumps are drawn (a rough count: two points for each card taken)."""
    pts = state.rules.points_by_index
    hand = state.hands[p]
    tmask = state.trump_mask
    total = 0
    masters = 0
    for c in range(32):
        if hand >> c & 1 and c >> 3 == state.trump:
            if not _is_master(c, rivals):
                break
            total += pts[c] + 2
            masters += 1
    if (rivals & tmask).bit_count() <= masters:
        for c in range(32):
            if hand >> c & 1 and c >> 3 != state.trump and _is_master(c, rivals):
                total += pts[c] + 2
    return total


def close_counts(state: State, p: int, slack: int = 0) -> bool:
    """The points ``p`` holds and can count on after closing reach 66 (less ``slack``)."""
    rivals = _opponent_may_hold(state, p)
    if state.trump_card >= 0:
        rivals &= ~(1 << state.trump_card)  # stays under the closed stock
    have = state.score(p) + state.pending[p] + _sure_points(state, p, rivals)
    return have >= state.rules.target - slack


def _club_lead(state: State, p: int, moves: Sequence[Move]) -> Move:
    rules = state.rules
    pts = rules.points_by_index
    hand = state.hands[p]
    trump = state.trump_index
    tmask = state.trump_mask
    rivals = _opponent_may_hold(state, p)
    plays = [m for m in moves if isinstance(m, Play)]
    if state.phase2:
        rival_trumps = rivals & tmask
        masters = [m.card.index for m in plays if _is_master(m.card.index, rivals)]
        trump_masters = [c for c in masters if c >> 3 == trump]
        if rival_trumps and trump_masters:
            return Play(CARDS[min(trump_masters)])
        side_masters = [c for c in masters if c >> 3 != trump]
        if side_masters and not rival_trumps:
            return Play(CARDS[max(side_masters, key=lambda c: pts[c])])
        if trump_masters and not rival_trumps:
            return Play(CARDS[max(trump_masters, key=lambda c: pts[c])])

    # Lead the card that is cheapest to lose; in the first phase an ace of a suit the opponent
    # may still follow is a fair lead too.
    def cost(m: Play) -> tuple[int, int]:
        c = m.card.index
        k = _keep_cost(state, c, hand)
        if c >> 3 != trump and _is_master(c, rivals) and pts[c] >= 10:
            k -= 8
        return (k, -c)

    return min(plays, key=cost)


def _club_follow(state: State, p: int, moves: Sequence[Move]) -> Move:
    pts = state.rules.points_by_index
    hand = state.hands[p]
    lead = state.lead
    trump = state.trump_index
    plays = [m.card.index for m in moves if isinstance(m, Play)]
    winners = [c for c in plays if beats(lead, c, trump)]
    same = [c for c in winners if c >> 3 == lead >> 3]
    ruffs = [c for c in winners if c >> 3 != lead >> 3]
    have = state.score(p) + state.pending[p]
    target = state.rules.target
    if winners:
        best_same = max(same, key=lambda c: pts[c]) if same else None
        cheap_ruff = min(ruffs, key=lambda c: (_keep_cost(state, c, hand), -c)) if ruffs else None
        gain_same = pts[lead] + pts[best_same] if best_same is not None else -1
        if have + max(gain_same, pts[lead]) >= target:  # this trick brings 66
            if best_same is not None and have + gain_same >= target:
                return Play(CARDS[best_same])
            if cheap_ruff is not None and have + pts[lead] + pts[cheap_ruff] >= target:
                return Play(CARDS[cheap_ruff])
        if best_same is not None and (pts[best_same] >= 10 or state.phase2 or pts[lead] >= 10):
            return Play(CARDS[best_same])
        if cheap_ruff is not None and pts[lead] >= 10:
            return Play(CARDS[cheap_ruff])
        if state.phase2 and cheap_ruff is not None and pts[lead] >= 3:
            return Play(CARDS[cheap_ruff])
    losers = [c for c in plays if c not in winners] or plays
    return Play(CARDS[min(losers, key=lambda c: (_keep_cost(state, c, hand), -c))])


def waiting_choice(state: State, close: bool = False) -> Move | None:
    """The choice between two turns (pagat's closing rules), or None when there is none: after
    a trick, draw, or close before drawing if ``close``; when the opponent closes, exchange the
    lowest trump whenever it is held (the face-up trump is the better card)."""
    if state.waiting is Wait.DRAW:
        return CLOSE_UNDRAWN if close else PASS
    if state.waiting is Wait.REPLY:
        return EXCHANGE if EXCHANGE in legal_moves(state) else PASS
    return None


def club_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
    """Counts to 66 and declares, exchanges and announces marriages, closes when its sure
    winners bring 66, saves trumps in the first phase and draws trumps in the second."""
    p = state.to_move
    assert p is not None
    if state.waiting is not Wait.NOTHING:
        # after a trick: close before drawing when the sure winners already bring 66
        wait = waiting_choice(state, state.stock_size > 2 and close_counts(state, p))
        assert wait is not None
        return wait
    moves = legal_moves(state)
    out = declaration(state, moves)
    if out is not None:
        return out
    named = trump_choice(state, moves)
    if named is not None:  # trumps are named as soon as the player may
        return named
    rest = not_declaring(moves)
    if state.lead >= 0:
        if EXCHANGE in rest:  # where the rules allow it, the follower exchanges first
            return EXCHANGE
        return _club_follow(state, p, rest)
    for m in rest:
        if isinstance(m, Exchange):
            return m
    marriages = [m for m in rest if isinstance(m, Marriage)]
    if marriages:
        # Lead the queen of the most valuable marriage: the king is the better card to keep.
        return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
    if any(isinstance(m, Close) for m in rest) and state.stock_size > 2 and close_counts(state, p):
        return next(m for m in rest if isinstance(m, Close))
    return _club_lead(state, p, rest)


__all__ = [
    "beats",
    "close_counts",
    "club_player",
    "declaration",
    "declaration_holds",
    "not_declaring",
    "trump_choice",
    "waiting_choice",
]

"""The first phase played out by ``club`` for both seats: in the compiled core
(``tutor/search/_playout.c``, a method of ``_negacore.Core``) where the search runs there
(``tutor.search._core.core_wanted``), else in Python, move for move the same.

``club_playout`` is the reference: ``club_player`` plays both seats with ``apply_unchecked``
while the stock is open and holds more than ``exact`` cards (or until the deal ends).
``core_playout`` asks the core for the same moves and the position they lead to, and makes the
``State`` again; a move that ends the deal the core hands back unplayed, and the engine plays
it, so that the outcome is the engine's own. Every two-seat preset is covered: the core reads
the same rule facts as the search (``tutor.search._core.core_facts``).

>>> from tutor.engine import preset, random_deal
>>> import random
>>> s = random_deal(preset("classic"), random.Random(3))
>>> end, moves = playout(s, 0)
>>> end == club_playout(s, 0)[0], end.phase2 or end.result is not None
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from tutor.engine import (
    CLOSE_UNDRAWN,
    NO_TRUMP,
    PASS,
    Move,
    State,
    Suit,
    Wait,
    apply_unchecked,
)
from tutor.search import _core
from tutor.search._encoding import code_to_move
from tutor.search.club import club_player

#: The core's codes of the two moves the search never makes (``_playout.c``).
PASS_CODE = 99
CLOSE_UNDRAWN_CODE = 104
_WAITS = (Wait.NOTHING, Wait.DRAW, Wait.REPLY)
_SUITS = tuple(Suit)
_WAIT_CODES = {w: i for i, w in enumerate(_WAITS)}


def _decode(code: int) -> Move:
    if code == PASS_CODE:
        return PASS
    if code == CLOSE_UNDRAWN_CODE:
        return CLOSE_UNDRAWN
    return code_to_move(code)


#: The move of each of the core's codes.
CODE_MOVES: tuple[Move, ...] = tuple(_decode(code) for code in range(CLOSE_UNDRAWN_CODE + 1))


def playing(state: State, exact: int) -> bool:
    """``club`` still moves here: the deal goes on, the stock is open and holds more than
    ``exact`` cards."""
    return state.result is None and not state.phase2 and state.stock_size > exact


def club_playout(state: State, exact: int) -> tuple[State, tuple[Move, ...]]:
    """``club`` plays both seats while ``playing``: the position where it stops, and its
    moves (the Python reference of ``core_playout``)."""
    rng = random.Random(0)  # club does not draw on it
    played: list[Move] = []
    while playing(state, exact):
        move = club_player(state, rng)
        played.append(move)
        state = apply_unchecked(state, move)
    return state, tuple(played)


def fields(state: State) -> tuple[int | tuple[int, ...], ...]:
    """The fields of ``state`` as the core's ``playout`` and ``line`` read them."""
    trump = state.trump  # ``state.trump_index``, without the property's call
    return (
        NO_TRUMP if trump is None else int(trump),
        *state.hands,
        state.stock,
        state.trump_card,
        state.leader,
        state.lead,
        int(state.lead_marriage),
        state.closed_by,
        state.closed_opp_tricks,
        *state.points,
        *state.melds,
        *state.pending,
        *state.tricks,
        *state.known,
        len(state.marriages),
        state.out_by,
        _WAIT_CODES[state.waiting],
        state.rules.pack_mask,
    )


def rebuilt(
    state: State, answer: tuple[list[int], tuple[int, ...], int, tuple[Any, ...]]
) -> tuple[State, tuple[Move, ...]]:
    """The core's answer from ``state`` (``playout`` or ``line``): the position it reached,
    after the engine has played a last move that ends the deal, and the moves."""
    codes, married, ended, end = answer
    (trump, h0, h1, si, tc, leader, lead, lead_marriage, closed_by, closed_opp) = end[:10]
    p0, p1, m0, m1, q0, q1, t0, t1, k0, k1, out_by, waiting, has_last, last = end[10:]
    moves = tuple(CODE_MOVES[c] for c in codes)
    after = State(
        state.rules,
        None if trump == 4 else _SUITS[trump],
        (h0, h1),
        state.stock[si:],
        tc,
        state.dealer,
        leader,
        lead,
        bool(lead_marriage),
        closed_by,
        closed_opp,
        (p0, p1),
        (m0, m1),
        (q0, q1),
        (t0, t1),
        (k0, k1),
        (*state.marriages, *((m >> 2, _SUITS[m & 3]) for m in married)),
        out_by,
        tuple(last) if has_last else state.last_trick,
        None,
        _WAITS[waiting],
    )
    if ended:
        after = apply_unchecked(after, moves[-1])
    return after, moves


def core_playout(state: State, exact: int) -> tuple[State, tuple[Move, ...]]:
    """``club_playout`` in the compiled core (which must be built)."""
    if not playing(state, exact):
        return state, ()
    return rebuilt(state, _core.playout_core(state.rules).playout(*fields(state), exact))


def playout(state: State, exact: int) -> tuple[State, tuple[Move, ...]]:
    """``club_playout``, in the compiled core where the search runs there."""
    if _core.core_wanted():
        return core_playout(state, exact)
    return club_playout(state, exact)


__all__ = ["CODE_MOVES", "club_playout", "core_playout", "playing", "playout"]

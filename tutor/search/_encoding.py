"""The integers the solver's search works on (``tutor.search._negamax``): the position, the move
codes, and the way from the engine's ``State`` and moves to them and back.

A position is a tuple of integers (``Pos``), in this order: ``h0``, ``h1`` the hands (bit sets);
``ld`` the leader; ``s0``, ``s1`` the scores (card points plus credited marriages); ``q0``, ``q1``
pending marriage points; ``won`` a bit set with bit ``p`` set when player ``p`` has won a trick;
``si`` cards drawn from the solver's stock; ``tc`` the face-up trump card or -1; ``cb`` the
closer or -1; ``trickless`` 1 when the closer's opponent had no trick at closing (only kept when
the rules judge it then); ``ob`` the declarer waiting for the trick to complete, or -1.

Where no card is turned face up (``trump.mode``), the stock's bottom card, drawn last, takes the
face-up card's place in ``tc``; nothing can be exchanged for it.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    NAME_TRUMPS,
    Marriage,
    Move,
    NoTrickAt,
    Play,
    State,
    Wait,
)

INF = 1000  # beyond any value
# Internal move codes: a card index plays it; +32 marriage with it; +64 marriage and out.
EXCHANGE_CODE = 96
CLOSE_CODE = 97
OUT_CODE = 98
NAME_CODE = 100  # +suit: name that suit trumps
NAME_CODES = (NAME_CODE, NAME_CODE + 1, NAME_CODE + 2, NAME_CODE + 3)

Pos = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]
LeadFn = Callable[[int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int]
FollowFn = Callable[
    [int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int
]
#: The search from a close: ``Pos`` without ``cb`` and ``trickless``, then alpha and beta.
ClosedFn = Callable[[int, int, int, int, int, int, int, int, int, int, int, int, int], int]


def code_to_move(code: int) -> Move:
    """The engine's move of the search's move ``code``."""
    if code < 32:
        return Play(CARDS[code])
    if code < 64:
        return Marriage(CARDS[code - 32])
    if code < 96:
        return Marriage(CARDS[code - 64], True)
    if code >= NAME_CODE:
        return NAME_TRUMPS[code - NAME_CODE]
    specials: dict[int, Move] = {
        EXCHANGE_CODE: EXCHANGE,
        CLOSE_CODE: CLOSE,
        OUT_CODE: DECLARE_OUT,
    }
    return specials[code]


def search_stock(state: State) -> tuple[int, ...]:
    """The stock a search is built on: where no card lies face up, without its bottom card,
    which the search keeps in the face-up card's place."""
    return state.stock if state.rules.face_up else state.stock[:-1]


def stock_place(state: State, stock: tuple[int, ...]) -> tuple[int, int]:
    """Where ``state`` stands in the root stock ``stock`` of a search (``search_stock`` of the
    root): the index of the next card to draw, and the card in the face-up card's place."""
    if state.waiting is not Wait.NOTHING:
        raise ValueError("a choice between two turns has no search position: value its moves")
    rest, tc = state.stock, state.trump_card
    if rest and not state.rules.face_up:
        rest, tc = rest[:-1], rest[-1]
    si = len(stock) - len(rest)
    if si < 0 or stock[si:] != rest:
        raise ValueError("the state's stock is not what is left of the solver's stock")
    return si, tc


def position(state: State, stock: tuple[int, ...]) -> Pos:
    """The integer position of ``state`` for a search built on the root stock ``stock``
    (``search_stock`` of the root)."""
    si, tc = stock_place(state, stock)
    cb = state.closed_by
    trickless = 0
    if cb >= 0 and state.rules.closer_no_trick_at is NoTrickAt.CLOSE:
        trickless = 1 if state.closed_opp_tricks == 0 else 0
    return (
        state.hands[0],
        state.hands[1],
        state.leader,
        state.score(0),
        state.score(1),
        state.pending[0],
        state.pending[1],
        (1 if state.tricks[0] else 0) | (2 if state.tricks[1] else 0),
        si,
        tc,
        cb,
        trickless,
        state.out_by,
    )

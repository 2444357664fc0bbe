"""How a deal ended, for every seat count: the kind of ending, the winning side and the game
points and scores per side (a side is a seat, or two partners).

>>> o = Outcome(EndKind.OUT, 0, (2, 0), (70, 25), 0, "score.schneider")
>>> o.game_points[o.winner], o.kind.value
(2, 'out')
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class EndKind(Enum):
    OUT = "out"  # a correct declaration of 66
    FALSE_OUT = "false_out"  # a declaration without 66
    CLOSER_MADE = "closer_made"  # the closer reached 66 by the last trick
    CLOSER_FAILED = "closer_failed"
    LAST_TRICK = "last_trick"  # all cards played, the higher score wins
    DRAW = "draw"
    GIVEN_UP = "given_up"  # a player gave the deal up (play against the computer)


class Outcome(NamedTuple):
    """How a deal ended: the winning side (``None``: nobody), game points and scores per side."""

    kind: EndKind
    winner: int | None
    game_points: tuple[int, ...]
    scores: tuple[int, ...]  # card points plus credited marriages (and last-trick bonus)
    player: int | None  # the declarer or closer (a seat) the ending is about, if any
    rule_id: str  # the scoring rule applied: score.schwarz/schneider/simple, close.penalty, ...


__all__ = ["EndKind", "Outcome"]

"""Watching a deal: the computer (``club``) plays every seat, a move at a time, the same moves
for the same seed; the learner may open the hint ladder for the seat to move.

A ``Watch`` is one immutable value: the deal now, the last move (the deal before it, the move,
the deal after it) and the hint level opened for the seat to move. The deal is dealt and moved
through the game interface (``game_for(rules).new_deal``, ``Deal.apply``), so nothing here
asks how many seats there are; the games offered are those the learner cannot yet play in a
lesson or a puzzle (``WATCH_PRESETS``: three and four seats).

>>> w = new_watch("four", 1)
>>> w.ply, w.last, w.over
(0, None, False)
>>> after = w.next_move()
>>> after.ply, after.last[0] == w.deal, after.last[2] == after.deal
(1, True, True)
>>> after == w.next_move()  # the same seed plays the same moves
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.engine import TABLE_PRESETS, Move, TableState, game_for, parse_rules
from tutor.search import table_club

#: The presets whose deals can be watched here.
WATCH_PRESETS: tuple[str, ...] = tuple(TABLE_PRESETS)
#: The preset watched first.
FIRST_PRESET = "four"
#: The hint ladder's levels.
HINT_LEVELS = 4


def _club(deal: TableState, seed: int, ply: int) -> Move:
    """The club player's move at the table, the same for the same seed and move number."""
    return table_club(deal, random.Random(f"watch:{seed}:{ply}"))


@dataclass(frozen=True)
class Watch:
    """A deal played by the computer at every seat (see the module's text)."""

    preset: str
    seed: int
    deal: TableState
    ply: int = 0
    #: The last move: the deal before it, the move, the deal after it.
    last: tuple[TableState, Move, TableState] | None = None
    #: The hint level opened for the seat to move (a new move starts with none).
    hints: int = 0

    @property
    def over(self) -> bool:
        return self.deal.result is not None

    def shown(self, every_hand: bool) -> tuple[bool, ...]:
        """Which hands are face up: every one, or only the hand of the seat to move."""
        return tuple(every_hand or seat == self.deal.to_move for seat in range(self.deal.seats))

    def next_move(self) -> Watch:
        """The watch after the seat to move has played (the same watch when the deal is over)."""
        if self.over:
            return self
        move = _club(self.deal, self.seed, self.ply)
        after = self.deal.apply(move)
        return replace(self, deal=after, ply=self.ply + 1, last=(self.deal, move, after), hints=0)

    def more_hint(self) -> Watch:
        """One more level of the hint for the seat to move (at most ``HINT_LEVELS``)."""
        return replace(self, hints=min(self.hints + 1, HINT_LEVELS))

    def next_deal(self, preset: str | None = None) -> Watch:
        """A new deal, under ``preset`` or the same rules."""
        return new_watch(preset or self.preset, self.seed + 1)


def new_watch(preset: str, seed: int) -> Watch:
    """A shuffled deal under the rules ``preset`` names, the dealer moving with the seed."""
    game = game_for(parse_rules(preset))
    deal = game.new_deal(random.Random(f"watch:{seed}"), dealer=seed % game.seats)
    if not isinstance(deal, TableState):
        raise ValueError(f"the computer plays a watched deal at a table only, not {preset!r}")
    return Watch(preset=preset, seed=seed, deal=deal)


__all__ = ["FIRST_PRESET", "HINT_LEVELS", "WATCH_PRESETS", "Watch", "new_watch"]

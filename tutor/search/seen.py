"""What a seat remembers beyond the position, for the players that use it (the expert): the
deal as dealt, the moves since, and the game points each seat still needs to win the match."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Match, MatchMode, Move, State


@dataclass(frozen=True)
class Seen:
    """The deal as dealt (``start``), the moves made since, and the game points each seat still
    needs to win the match (``need``; ``None`` outside a match to a target of game points)."""

    start: State
    moves: tuple[Move, ...] = ()
    need: tuple[int, int] | None = None


def stakes_of(match: Match) -> tuple[int, int] | None:
    """The game points each seat still needs in a match to a target of game points."""
    if match.rules.match_mode is not MatchMode.GAME_POINTS:
        return None
    t = match.target
    return (max(1, t - match.scores[0]), max(1, t - match.scores[1]))


__all__ = ["Seen", "stakes_of"]

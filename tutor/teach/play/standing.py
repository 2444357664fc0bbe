"""The match form of a preset for any number of sides, as the Play page keeps it: the engine's
``Match`` (the score per side after each deal, the next dealer, who has won) and ``cut`` (the
first dealer), and what each of two seats still needs, as the two-player expert and coach
weigh a deal.

>>> from tutor.engine import preset
>>> m = MatchScore.start(preset("three"), dealer=2)
>>> m.scores, m.target, m.winner
((0, 0, 0), 7, None)
"""

from __future__ import annotations

from tutor.engine import FIVE_DEALS, THOUSAND, cut
from tutor.engine import Match as MatchScore
from tutor.search import stakes_of


def stakes(match: MatchScore) -> tuple[int, int] | None:
    """What each of two seats still needs to win a match to game points (``None`` at a larger
    table, or in the card-point modes)."""
    if match.rules.sides != 2:
        return None
    return stakes_of(match)


__all__ = ["FIVE_DEALS", "THOUSAND", "MatchScore", "cut", "stakes"]

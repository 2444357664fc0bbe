"""Figures for comparing players: the Wilson score interval of a win rate."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate.

    >>> wilson(90, 100)
    (0.8256, 0.9448)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = (centre - spread) / (1 + z * z / n)
    high = (centre + spread) / (1 + z * z / n)
    return (round(low, 4), round(high, 4))


__all__ = ["wilson"]

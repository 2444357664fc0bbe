"""Figures for comparing players and moves: the Wilson score interval of a win rate, and the
mean of paired differences with the half-width of its interval."""

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


def paired_difference(
    a: tuple[float, ...], b: tuple[float, ...], z: float = 1.96
) -> tuple[float, float]:
    """The mean of ``a[i] - b[i]`` (values of two moves in the same deals) and the half-width
    of its interval at ``z`` standard errors (0 with fewer than two pairs).

    >>> mean, half = paired_difference((1, 0, 1, 1), (0, 0, 0, 1))
    >>> mean, round(half, 3)
    (0.5, 0.566)
    """
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, z * spread / math.sqrt(n)


__all__ = ["paired_difference", "wilson"]

"""What the parts of ``tutor bench`` measure with: times in milliseconds, the 95th percentile, a
clock of wall and CPU time, the figures of a batch of timings, and the endgames the solver and
search parts share (positions right after the stock is gone, from deals played by ``club``)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from tutor.engine import Close, RuleSet, State, apply_unchecked, legal_moves, random_deal
from tutor.search import club_player


def ms(seconds: float) -> float:
    """Seconds in milliseconds, to the microsecond."""
    return round(seconds * 1000, 3)


def p95(values: Sequence[float]) -> float:
    """The 95th percentile, interpolated between the closest ranks (``statistics.quantiles``
    with the inclusive method: the numbers given, never beyond them).

    >>> p95([float(x) for x in range(1, 21)])
    19.05
    """
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def _club_no_close(state: State, rng: random.Random) -> State:
    """One move by ``club``; a close is replaced by a random other move so the stock runs out."""
    move = club_player(state, rng)
    if isinstance(move, Close):
        move = rng.choice([m for m in legal_moves(state) if not isinstance(m, Close)])
    return apply_unchecked(state, move)


def endgames(rules: RuleSet, n: int, cards: int, seed: int) -> list[State]:
    """``n`` positions with ``cards`` cards in each hand, the stock gone, a player to lead; from
    deals played by ``club`` (never closing)."""
    rng = random.Random(f"endgames:{seed}:{cards}")
    out: list[State] = []
    while len(out) < n:
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None:
            if s.stock_size == 0 and s.lead < 0 and s.hands[s.leader].bit_count() == cards:
                out.append(s)
                break
            s = _club_no_close(s, rng)
    return out


class Clock:
    """Wall time and the process's CPU time of one measurement, in seconds."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def stop(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def time_figures(prefix: str, wall: Sequence[float], cpu: Sequence[float]) -> dict[str, float]:
    """Median and 95th percentile of wall times, and the same of CPU times (which do not count
    the time the process waited for a busy machine)."""
    return {
        f"{prefix}median_ms": ms(statistics.median(wall)),
        f"{prefix}p95_ms": ms(p95(wall)),
        f"{prefix}cpu_median_ms": ms(statistics.median(cpu)),
        f"{prefix}cpu_p95_ms": ms(p95(cpu)),
    }

"""``tutor bench``'s solver part: endgames right after the stock is gone, one trick later and
with four cards each (``solver_sizes``), solved by ``tutor.search.solver`` and by the plain
memoised minimax of ``tutor.search.baseline``, and every legal move valued exactly
(``Solver.rank_moves``, what hints and puzzles ask): times, the speed-ups over plain minimax and
the nodes per second; and those figures in words."""

from __future__ import annotations

import statistics
from typing import Any

from tutor.cli.bench_measure import Clock, endgames, ms, time_figures
from tutor.engine import RuleSet
from tutor.search import Solver, plain_minimax
from tutor.words.explain import number
from tutor.words.i18n import Translator


def solver_sizes(rules: RuleSet) -> tuple[int, ...]:
    """The endgame sizes (cards in each hand) the solver part measures, largest first: a full
    hand and one trick later, and 5 and 4 cards where the hands are larger.

    >>> from tutor.engine import preset
    >>> solver_sizes(preset("classic")), solver_sizes(preset("schnapsen"))
    ((6, 5, 4), (5, 4))
    """
    sizes = {rules.hand_size, rules.hand_size - 1}
    sizes.update(n for n in (5, 4) if n < rules.hand_size)
    return tuple(sorted(sizes, reverse=True))


def bench_solver(rules: RuleSet, n: int, seed: int, baseline: bool = True) -> dict[str, Any]:
    """For each size of ``solver_sizes``: the root value by the solver, every legal move valued
    exactly (``Solver.rank_moves``, as hints and puzzles ask; the principal lines are found only
    when read, so they are not timed) and, with ``baseline``, the root value by plain minimax.
    Each measurement on a new solver."""
    result: dict[str, Any] = {"positions": n}
    total_nodes = 0
    total_cpu = 0.0
    for cards in solver_sizes(rules):
        positions = endgames(rules, n, cards, seed)
        wall: list[float] = []
        cpu: list[float] = []
        rank_wall: list[float] = []
        rank_cpu: list[float] = []
        base_wall: list[float] = []
        base_cpu: list[float] = []
        nodes = 0
        for s in positions:
            clock = Clock()
            solver = Solver(s)
            value = solver.value(s)
            w, c = clock.stop()
            wall.append(w)
            cpu.append(c)
            nodes += solver.nodes
            clock = Clock()
            ranked = Solver(s).rank_moves(s)
            w, c = clock.stop()
            rank_wall.append(w)
            rank_cpu.append(c)
            if ranked[0].game_points != value:  # pragma: no cover - the tests keep them equal
                raise AssertionError("the best ranked move and the solver's value disagree")
            if baseline:
                clock = Clock()
                base_value, _ = plain_minimax(s)
                w, c = clock.stop()
                base_wall.append(w)
                base_cpu.append(c)
                if base_value != value:  # pragma: no cover - the tests keep them equal
                    raise AssertionError("solver and plain minimax disagree")
        part: dict[str, Any] = time_figures("", wall, cpu)
        part["max_ms"] = ms(max(wall))
        part["nodes_mean"] = round(nodes / n, 1)
        part.update(time_figures("rank_", rank_wall, rank_cpu))
        if baseline:
            part.update(time_figures("baseline_", base_wall, base_cpu))
            part["speedup_median"] = round(
                statistics.median(base_wall) / statistics.median(wall), 1
            )
            part["speedup_cpu_median"] = round(
                statistics.median(base_cpu) / max(statistics.median(cpu), 1e-9), 1
            )
            # Plain minimax for the root value against every move valued exactly: 1 or more
            # when valuing every move is at least as fast.
            part["rank_speedup_median"] = round(
                statistics.median(base_wall) / statistics.median(rank_wall), 2
            )
            part["rank_speedup_cpu_median"] = round(
                statistics.median(base_cpu) / max(statistics.median(rank_cpu), 1e-9), 2
            )
        result[f"cards_{cards}"] = part
        total_nodes += nodes
        total_cpu += sum(cpu)
    # Nodes are positions searched: each position on lead and each reply to a card led.
    result["nodes_per_second"] = round(total_nodes / total_cpu) if total_cpu else None
    return result


def solver_lines(solver: dict[str, Any], tr: Translator) -> list[str]:
    """The solver part's figures in words: for each hand size the times of the value and of
    every move valued, and the nodes searched per second."""
    lines: list[str] = []
    sizes = sorted((int(k.split("_")[1]) for k in solver if k.startswith("cards_")), reverse=True)
    for cards in sizes:
        part = solver[f"cards_{cards}"]
        lines.append(
            tr.n_(
                "Solver, {n} card in each hand: median {median} ms, 95th percentile {p95} ms, "
                "slowest {max} ms; {speedup} times as fast as plain minimax.",
                "Solver, {n} cards in each hand: median {median} ms, 95th percentile {p95} ms, "
                "slowest {max} ms; {speedup} times as fast as plain minimax.",
                cards,
                median=number(part["median_ms"], tr),
                p95=number(part["p95_ms"], tr),
                max=number(part["max_ms"], tr),
                speedup=number(part.get("speedup_median", 0.0), tr),
            )
        )
        if "rank_median_ms" in part:
            lines.append(
                tr.n_(
                    "Every move valued exactly, {n} card in each hand: median {median} ms, "
                    "95th percentile {p95} ms; plain minimax takes {ratio} times as long for "
                    "the value of the position alone.",
                    "Every move valued exactly, {n} cards in each hand: median {median} ms, "
                    "95th percentile {p95} ms; plain minimax takes {ratio} times as long for "
                    "the value of the position alone.",
                    cards,
                    median=number(part["rank_median_ms"], tr),
                    p95=number(part["rank_p95_ms"], tr),
                    ratio=number(part.get("rank_speedup_median", 0.0), tr),
                )
            )
    if solver.get("nodes_per_second"):
        lines.append(
            tr._(
                "Positions searched per second of CPU time: {speed}.",
                speed=number(solver["nodes_per_second"], tr),
            )
        )
    return lines

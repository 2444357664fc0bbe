"""``tutor bench``'s search part: which search the solver runs, and the compiled core against
the Python search (``tutor.search._core``) on the same endgames with 6 to 10 cards a hand (the
bench's rules with that hand size, the stock gone): every legal move valued by both
(``Solver.rank_moves``), the nodes searched per second of CPU time by each, their ratio, and
whether every move's value agrees."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from tutor.engine import RuleSet
from tutor.search import Solver, core_built, search_name
from tutor.words.explain import number
from tutor.words.i18n import Translator

#: The hand sizes the search part measures.
SEARCH_SIZES = (6, 7, 8, 9, 10)
#: Endgames per hand size by default.
SEARCH_POSITIONS = 30


def search_sizes(rules: RuleSet) -> tuple[int, ...]:
    """The sizes of ``SEARCH_SIZES`` the pack of ``rules`` can deal (a card left for the stock).

    >>> from tutor.engine import preset
    >>> search_sizes(preset("schnapsen")), search_sizes(preset("classic"))
    ((6, 7, 8, 9), (6, 7, 8, 9, 10))
    """
    return tuple(n for n in SEARCH_SIZES if 2 * n < rules.pack_size)


def _timed(solver: Solver, state: Any) -> tuple[list[int], float]:
    begun = time.process_time()
    values = [m.game_points for m in solver.rank_moves(state)]
    return values, time.process_time() - begun


def bench_search(rules: RuleSet, n: int, seed: int) -> dict[str, Any]:
    """The search part (see the module doc); without the core only the Python figures."""
    from tutor.cli.bench import endgames  # the bench's own endgames (and no import cycle)

    built = core_built()
    result: dict[str, Any] = {"search": search_name(), "core": built, "positions": n}
    total_nodes = {"core": 0, "python": 0}
    total_cpu = {"core": 0.0, "python": 0.0}
    for cards in search_sizes(rules):
        sized = dataclasses.replace(rules, hand_size=cards)
        part: dict[str, Any] = {}
        values: dict[str, list[list[int]]] = {}
        for name in ("core", "python") if built else ("python",):
            nodes, cpu = 0, 0.0
            values[name] = []
            for s in endgames(sized, n, cards, seed):
                solver = Solver(s, search=name)
                v, t = _timed(solver, s)
                values[name].append(v)
                nodes += solver.nodes
                cpu += t
            part[f"{name}_nodes"] = nodes
            part[f"{name}_nodes_per_second"] = round(nodes / cpu) if cpu else None
            total_nodes[name] += nodes
            total_cpu[name] += cpu
        if built:
            part["agree"] = values["core"] == values["python"]
            if not part["agree"]:  # pragma: no cover - the tests keep them equal
                raise AssertionError("the compiled and the Python search disagree")
        result[f"cards_{cards}"] = part
    for name, nodes in total_nodes.items():
        cpu = total_cpu[name]
        if nodes:
            result[f"{name}_nodes_per_second"] = round(nodes / cpu) if cpu else None
    if built:
        result["agree"] = True
        core, python = result.get("core_nodes_per_second"), result.get("python_nodes_per_second")
        result["ratio"] = round(core / python, 1) if core and python else None
    return result


def search_lines(part: dict[str, Any], tr: Translator) -> list[str]:
    """The search part in words: the search the solver runs; with the core, its speed against
    the Python search's on the same endgames (whose values agree, or the bench stops)."""
    if not part["core"]:
        return [tr._("The solver runs the Python search: the compiled search is not built.")]
    lines = [
        tr._("The solver runs the compiled search.")
        if part["search"] == "core"
        else tr._("The solver runs the Python search, as TUTOR_SEARCH asks.")
    ]
    sizes = sorted(int(k.split("_")[1]) for k in part if k.startswith("cards_"))
    if sizes:
        lines.append(
            tr._(
                "On the same {positions} endgames for each hand size from {low} to {high} "
                "cards, the compiled search valued every move at {core} positions a second, the "
                "Python search at {python}, with the same values: {ratio} times as fast.",
                positions=number(part["positions"], tr),
                low=number(sizes[0], tr),
                high=number(sizes[-1], tr),
                core=number(part.get("core_nodes_per_second") or 0, tr),
                python=number(part.get("python_nodes_per_second") or 0, tr),
                ratio=number(part.get("ratio") or 0.0, tr),
            )
        )
    return lines

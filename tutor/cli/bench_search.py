"""``tutor bench``'s search part: which search the solver runs, and the compiled core against the
Python search (``tutor.search._core``) on the same endgames with 6 to 10 cards a hand (the bench's
rules with that hand size, the stock gone): every legal move valued by both (``Solver.rank_moves``,
a new solver for each position, as a hint asks), the positions of a hand size by the core one after
the other, as a hint values its sampled deals, then by the Python search, in ``ROUNDS`` rounds, so
that both meet about the same load of a shared machine, each search's time its least over the
rounds; each search values positions untimed before its first batch (the whole first batch of the
run, then one position a size), so that both are measured warm, as a running app meets them, and
what is found once for a rule set (the facts of its trump suits, which both searches read) is
charged to neither (and not to whichever searches first). For each hand size and in total: the CPU
time and the nodes of each, their nodes per second, the ratio of the times (the Python search's over
the core's), and whether every move's value agrees (the bench stops if not). Then the first phase
played out by ``club`` for both seats, as the sampled values play it (``tutor.search.playout``),
from the same random positions of the first phase in the core and in Python, one after the other:
the CPU time of each, the moves, the ratio, and whether both made the same moves to the same
position (the bench stops if not). Last the table solver (``tutor.search.table_solver``) in its core
and in Python on the same positions of ``three`` and ``four`` from the moment the stock is closed to
drawing, with 4 to 8 cards a hand: every legal move valued by both, in batches as above but in one
round (the Python search takes about half a minute at 8 cards), with the same figures and the same
check."""

from __future__ import annotations

import dataclasses
import math
import random
import time
from typing import Any

from tutor.cli.bench_measure import endgames
from tutor.engine import (
    RuleSet,
    State,
    SwitchValueError,
    TableState,
    apply_unchecked,
    deal_table,
    legal_moves,
    parse_rules,
    random_deal,
    table_apply_unchecked,
    table_legal_moves,
)
from tutor.search import Solver, core_built, search_name
from tutor.search.playout import club_playout, core_playout, playing
from tutor.search.table_solver import TableSolver, table_core_built
from tutor.words.explain import number
from tutor.words.i18n import Translator
from tutor.words.switches import preset_name

#: The hand sizes the search part measures.
SEARCH_SIZES = (6, 7, 8, 9, 10)
#: Endgames per hand size by default.
SEARCH_POSITIONS = 30
#: Rounds in which the two searches value a hand size's endgames in turn: each search's time
#: is its least over the rounds (what a shared machine's other work added is left out alike).
ROUNDS = 3
#: First-phase positions played out by each playout.
PLAYOUTS = 300
#: The table rules and hand sizes the table solver is measured on, and positions of each.
TABLE_RULES = ("three", "four")
TABLE_SIZES = (4, 5, 6, 7, 8)
TABLE_POSITIONS = 6


def search_sizes(rules: RuleSet) -> tuple[int, ...]:
    """The sizes of ``SEARCH_SIZES`` the pack of ``rules`` can deal (a card left for the stock).

    >>> from tutor.engine import preset
    >>> search_sizes(preset("schnapsen")), search_sizes(preset("classic"))
    ((6, 7, 8, 9), (6, 7, 8, 9, 10))
    """
    return tuple(n for n in SEARCH_SIZES if 2 * n < rules.pack_size)


def _batch(positions: list[State], search: str) -> tuple[list[list[int]], int, float]:
    """Every move's value of each of ``positions`` by ``search``, a new solver for each, one
    after the other as a hint values its sampled deals: the values, the nodes and the CPU time
    in seconds of the whole batch."""
    begun = time.process_time()
    values = []
    nodes = 0
    for state in positions:
        solver = Solver(state, search=search)
        values.append([m.game_points for m in solver.rank_moves(state)])
        nodes += solver.nodes
    return values, nodes, time.process_time() - begun


def _figures(nodes: int, cpu: float) -> dict[str, Any]:
    return {
        "nodes": nodes,
        "ms": round(cpu * 1000, 3),
        "nodes_per_second": round(nodes / cpu) if cpu else None,
    }


def bench_search(
    rules: RuleSet, n: int, seed: int, table_sizes: tuple[int, ...] = TABLE_SIZES
) -> dict[str, Any]:
    """The search part (see the module doc); without the core only the Python figures. The
    table solver is measured with hands of ``table_sizes`` cards, on at most
    ``TABLE_POSITIONS`` positions of each size."""
    built = core_built()
    names = ("core", "python") if built else ("python",)
    result: dict[str, Any] = {"search": search_name(), "core": built, "positions": n}
    total_nodes = dict.fromkeys(names, 0)
    total_cpu = dict.fromkeys(names, 0.0)
    cold = True
    for cards in search_sizes(rules):
        sized = dataclasses.replace(rules, hand_size=cards)
        nodes = dict.fromkeys(names, 0)
        cpu = dict.fromkeys(names, math.inf)
        positions = endgames(sized, n, cards, seed)
        seen: dict[str, list[list[int]]] = {}
        for name in names:
            # Untimed first, so that both are measured warm, as a running app meets them: the
            # whole first batch (the process's first search), then one position a size.
            _batch(positions[: len(positions) if cold else 1], name)
        cold = False
        for _ in range(ROUNDS):  # the searches take turns; each keeps its least time
            for name in names:
                seen[name], nodes[name], spent = _batch(positions, name)
                cpu[name] = min(cpu[name], spent)
        agree = seen[names[0]] == seen[names[-1]]
        part: dict[str, Any] = {}
        for name in names:
            part.update({f"{name}_{k}": v for k, v in _figures(nodes[name], cpu[name]).items()})
            total_nodes[name] += nodes[name]
            total_cpu[name] += cpu[name]
        if built:
            part["agree"] = agree
            if not agree:  # pragma: no cover - the tests keep them equal
                raise AssertionError("the compiled and the Python search disagree")
            part["ratio"] = _ratio(cpu)
        result[f"cards_{cards}"] = part
    for name in names:
        result.update(
            {f"{name}_{k}": v for k, v in _figures(total_nodes[name], total_cpu[name]).items()}
        )
    if built:
        result["agree"] = True
        result["ratio"] = _ratio(total_cpu)
        result["playout"] = bench_playout(rules, PLAYOUTS, seed)
    if table_core_built():
        result["table"] = {
            name: bench_table(name, min(n, TABLE_POSITIONS), seed, table_sizes)
            for name in TABLE_RULES
        }
    return result


def table_endgames(rules: RuleSet, n: int, seed: int) -> list[TableState]:
    """``n`` positions of random deals played at random to the moment the stock is closed to
    drawing, every hand full (``rules.hand_size`` cards), a seat to lead."""
    rng = random.Random(f"table endgames:{seed}:{rules.hand_size}")
    out: list[TableState] = []
    while len(out) < n:
        s = deal_table(rules, rng, dealer=rng.randrange(rules.seats))
        while s.result is None and s.stock_open:
            s = table_apply_unchecked(s, rng.choice(table_legal_moves(s)))
        full = min(h.bit_count() for h in s.hands) == rules.hand_size
        if s.result is None and not s.trick and full:
            out.append(s)
    return out


def _table_batch(positions: list[TableState], search: str) -> tuple[list[Any], int, float]:
    """Every move's value of each of ``positions`` by the table solver's ``search`` for the side
    to move, a new solver for each: the values, the nodes and the CPU time of the batch."""
    begun = time.process_time()
    values = []
    nodes = 0
    for s in positions:
        solver = TableSolver(s, s.side(s.to_move or 0), search=search)
        values.append(solver.move_values(s))
        nodes += solver.nodes
    return values, nodes, time.process_time() - begun


def bench_table(
    name: str, n: int, seed: int, sizes: tuple[int, ...] = TABLE_SIZES
) -> dict[str, Any]:
    """The table solver's core against its Python search under the preset ``name`` on ``n``
    positions of each hand size of ``sizes`` the pack deals (the module doc)."""
    base = parse_rules(name)
    result: dict[str, Any] = {"rules": name, "positions": n}
    nodes = {"core": 0, "python": 0}
    cpu = {"core": 0.0, "python": 0.0}
    for cards in sizes:
        try:
            rules = base.with_changes(hand_size=cards)
        except SwitchValueError:
            continue
        positions = table_endgames(rules, n, seed)
        part_nodes = {"core": 0, "python": 0}
        part_cpu = {"core": 0.0, "python": 0.0}
        seen = {}
        for search in ("core", "python"):
            _table_batch(positions[:1], search)  # untimed first, as in the two-seat part
            seen[search], part_nodes[search], part_cpu[search] = _table_batch(positions, search)
        if seen["core"] != seen["python"] or part_nodes["core"] != part_nodes["python"]:
            raise AssertionError("the compiled and the Python table search disagree")
        part: dict[str, Any] = {"agree": True}
        for search in ("core", "python"):
            figures = _figures(part_nodes[search], part_cpu[search])
            part.update({f"{search}_{k}": v for k, v in figures.items()})
            nodes[search] += part_nodes[search]
            cpu[search] += part_cpu[search]
        part["ratio"] = _ratio(part_cpu)
        result[f"cards_{cards}"] = part
    for search in ("core", "python"):
        result.update({f"{search}_{k}": v for k, v in _figures(nodes[search], cpu[search]).items()})
    result["agree"] = True
    result["ratio"] = _ratio(cpu)
    return result


def _ratio(cpu: dict[str, float]) -> float | None:
    """The Python search's time over the core's."""
    return round(cpu["python"] / cpu["core"], 1) if cpu["core"] else None


def first_phase_positions(rules: RuleSet, n: int, seed: int) -> list[State]:
    """``n`` positions of the first phase: random deals after up to a dozen random moves."""
    rng = random.Random(f"playout {seed}")
    out: list[State] = []
    while len(out) < n:
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        for _ in range(rng.randrange(13)):
            if not playing(s, 0):
                break
            s = apply_unchecked(s, rng.choice(sorted(legal_moves(s), key=str)))
        if playing(s, 0):
            out.append(s)
    return out


def bench_playout(rules: RuleSet, n: int, seed: int) -> dict[str, Any]:
    """The playouts of ``n`` first-phase positions in the core and in Python (the module doc;
    the core must be built)."""
    cpu = {"core": 0.0, "python": 0.0}
    moves = 0
    for s in first_phase_positions(rules, n, seed):
        begun = time.process_time()
        fast = core_playout(s, 0)
        cpu["core"] += time.process_time() - begun
        begun = time.process_time()
        slow = club_playout(s, 0)
        cpu["python"] += time.process_time() - begun
        if fast != slow:  # pragma: no cover - tests/search/test_playout.py keeps them equal
            raise AssertionError("the compiled and the Python playout disagree")
        moves += len(fast[1])
    return {
        "playouts": n,
        "moves": moves,
        "core_ms": round(cpu["core"] * 1000, 3),
        "python_ms": round(cpu["python"] * 1000, 3),
        "agree": True,
        "ratio": round(cpu["python"] / cpu["core"], 1) if cpu["core"] else None,
    }


def search_lines(part: dict[str, Any], tr: Translator) -> list[str]:
    """The search part in words: the search the solver runs; with the core, its speed against
    the Python search's on the same endgames (whose values agree, or the bench stops); then the
    same for the playout and for the table solver under each table's rules."""
    if not part["core"]:
        return [tr._("The solver runs the Python search: the compiled search is not built.")]
    lines = [
        tr._("The solver runs the compiled search.")
        if part["search"] == "core"
        else tr._("The solver runs the Python search, as TUTOR_SEARCH asks.")
    ]
    if any(k.startswith("cards_") for k in part):
        lines.append(_speed_line(part, tr))
    playout = part.get("playout")
    if playout:
        lines.append(
            tr._(
                "The first phase played out by the club player from {playouts} positions, the "
                "same {moves} moves in both: the compiled playout took {core_ms} ms, the Python "
                "one {python_ms} ms: {ratio} times as fast.",
                playouts=number(playout["playouts"], tr),
                moves=number(playout["moves"], tr),
                core_ms=number(playout["core_ms"], tr),
                python_ms=number(playout["python_ms"], tr),
                ratio=number(playout.get("ratio") or 0.0, tr),
            )
        )
    for table in part.get("table", {}).values():
        name = preset_name(table["rules"], tr)
        lines.append(tr._("The solver at a table, under the rules {rules}:", rules=name))
        lines.append(_speed_line(table, tr))
    return lines


def _speed_line(part: dict[str, Any], tr: Translator) -> str:
    """The core's speed against the Python search's on the hand sizes of ``part``."""
    sizes = sorted(int(k.split("_")[1]) for k in part if k.startswith("cards_"))
    return tr._(
        "On the same {positions} endgames for each hand size from {low} to {high} "
        "cards, with the same value for every move, the compiled search took "
        "{core_ms} ms for {core_nodes} positions ({core} a second), the Python search "
        "{python_ms} ms for {python_nodes} ({python} a second): {ratio} times as fast.",
        positions=number(part["positions"], tr),
        low=number(sizes[0], tr),
        high=number(sizes[-1], tr),
        core_ms=number(part["core_ms"], tr),
        core_nodes=number(part["core_nodes"], tr),
        core=number(part.get("core_nodes_per_second") or 0, tr),
        python_ms=number(part["python_ms"], tr),
        python_nodes=number(part["python_nodes"], tr),
        python=number(part.get("python_nodes_per_second") or 0, tr),
        ratio=number(part.get("ratio") or 0.0, tr),
    )

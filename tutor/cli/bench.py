"""``tutor bench``: speed of the exact solver and of the expert's move evaluation, and the
expert's strength in whole matches.

Four parts, and a fifth on request, each on positions or deals made from a seed, so a run can
be repeated (each in its own module with its lines of the report; their clock and endgames in
``tutor.cli.bench_measure``):

- solver (``tutor.cli.bench_solver``): endgames right after the stock is gone (six cards each under
  the default rules), one trick later (five each) and with four cards each (``solver_sizes``),
  solved by ``tutor.search.solver`` and by the plain memoised minimax of ``tutor.search.baseline``;
  and every legal move valued exactly (``Solver.rank_moves``, what hints and puzzles ask); times in
  milliseconds, the speed-ups of the medians over plain minimax, nodes per second;
- search: which search the solver runs, and the compiled core against the Python search on the same
  endgames with 6 to 10 cards a hand (nodes per second of each, the ratio, and whether every move's
  value agrees; ``tutor.cli.bench_search``), and the same for the table solver's core on positions
  of ``three`` and ``four`` with 4 to 8 cards a hand;
- hint (``tutor.cli.bench_app``, with the next two): a full hint (``hints.analyse`` of the player's
  view: every legal move valued over the sampled deals, more where the best move is not clearly
  ahead, with its ideas; then the reasoning rendered as text) on positions from every stage of
  whole deals, with the number of samples;
- computer: the server time of one computer move on the Play page at each strength (beginner, club,
  expert), on the same positions as the hint;
- grades: the coach's grade stability, the same learner decision (from matches of two seats under
  ``schnapsen`` and ``classic``, the learner's seat played by the beginner) graded twice on deals
  drawn with two different seeds (``tutor.teach.play.stability``): how many got the same grade, and
  the time of one coach remark (``--grades N`` decisions in all, half under each preset; 0 leaves
  the part out); and the hint asked about the same decisions with the same two seeds: how often it
  put the same move first and gave the same advice;
- strength (``--strength N``, ``tutor.cli.bench_strength``): N matches to 7 of the expert against
  each opponent of ``--against`` (``expert2``, the expert before today's, and ``expert1``, the
  first expert, both kept as yardsticks, ``club``, ``greedy``, ``random``) under each of
  ``--strength-rules`` (``schnapsen`` and ``classic`` unless it says otherwise; ``--rules`` does
  not change them), played by the Play page's own steps (``tutor.teach.play.strength``) in
  ``--jobs`` processes; matches and deals won with 95% Wilson intervals, and the expert's time per
  decision where it had a choice (median, 95th percentile, slowest). While the matches are played,
  a line on standard error tells each tenth of them done with the tally so far, so a long run
  stopped early still leaves its figures.

The output is a report in words, its numbers written as the chosen language writes them, or
with ``--json`` one JSON object on one line (the figures as data).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from tutor.cli.bench_app import (
    GRADE_POSITIONS,
    GRADE_RULES,
    bench_computer,
    bench_grades,
    bench_hint,
    computer_lines,
    grade_lines,
    hint_lines,
)
from tutor.cli.bench_search import SEARCH_POSITIONS, bench_search, search_lines
from tutor.cli.bench_solver import bench_solver, solver_lines
from tutor.cli.bench_strength import bench_strength, strength_lines, tenths_told
from tutor.cli.command import (
    MAX_JOBS,
    MAX_SEED,
    add_json_option,
    add_lang_option,
    check_number,
    names_option,
    two_player_rules_option,
)
from tutor.engine import parse_rules
from tutor.teach import hints
from tutor.teach.play.strength import STRENGTH_OPPONENTS, STRENGTH_RULES, Strength
from tutor.words.i18n import Translator


def bench(
    spec: str = "classic",
    positions: int = 200,
    hint_count: int = 60,
    samples: int = hints.DEFAULT_SAMPLES,
    strength: int = 0,
    seed: int = 1,
    jobs: int = 2,
    against: Sequence[str] = STRENGTH_OPPONENTS,
    strength_rules: Sequence[str] = STRENGTH_RULES,
    progress: Callable[[str, str, Strength], None] | None = None,
    search_positions: int = SEARCH_POSITIONS,
    grades: int = GRADE_POSITIONS,
) -> dict[str, Any]:
    rules = parse_rules(spec)
    if (
        positions < 1
        or search_positions < 1
        or hint_count < 1
        or samples < 1
        or strength < 0
        or jobs < 1
        or grades < 0
    ):
        raise ValueError("counts must be positive")
    result: dict[str, Any] = {
        "rules": rules.name,
        "seed": seed,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    result["solver"] = bench_solver(rules, positions, seed)
    result["search"] = bench_search(rules, search_positions, seed)
    result["hint"] = bench_hint(rules, hint_count, samples, seed)
    result["computer"] = bench_computer(rules, hint_count, seed)
    if grades > 0:
        result["grades"] = bench_grades(grades, seed)
    if strength > 0:
        result["strength"] = bench_strength(strength, seed, jobs, against, strength_rules, progress)
    return result


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="classic", help="preset, e.g. classic or kurnik")
    p.add_argument("--positions", type=int, default=200, help="endgames per size for the solver")
    p.add_argument(
        "--search-positions",
        type=int,
        default=SEARCH_POSITIONS,
        help="endgames per hand size for the compiled search against the Python one",
    )
    p.add_argument("--hints", type=int, default=60, help="positions for the full hint")
    p.add_argument(
        "--samples", type=int, default=hints.DEFAULT_SAMPLES, help="samples per full hint"
    )
    p.add_argument(
        "--strength",
        type=int,
        default=0,
        help="matches of the expert against each opponent under each of "
        f"{', '.join(STRENGTH_RULES)} (1000 for a figure)",
    )
    p.add_argument(
        "--against",
        default=",".join(STRENGTH_OPPONENTS),
        help=f"the opponents of --strength, some of: {', '.join(STRENGTH_OPPONENTS)}",
    )
    p.add_argument(
        "--strength-rules",
        default=",".join(STRENGTH_RULES),
        help="the rules of --strength, one or more presets (or specs) separated by commas",
    )
    p.add_argument(
        "--grades",
        type=int,
        default=GRADE_POSITIONS,
        help="learner decisions graded twice for the coach's grade stability, half under each "
        f"of {', '.join(GRADE_RULES)} (300 for a figure; 0 leaves it out)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--jobs", type=int, default=min(os.cpu_count() or 1, MAX_JOBS), help="worker processes"
    )
    add_json_option(p, "print the figures as one JSON object")
    add_lang_option(p)


#: The most positions, hint positions and strength deals one run takes.
MAX_POSITIONS = 10_000
MAX_STRENGTH = 100_000
#: The largest hands the solver part measures (its yardstick, plain minimax, has no budget).
MAX_BENCH_HAND = 6


def run(args: argparse.Namespace, tr: Translator) -> int:
    rules = two_player_rules_option(args.rules, "--rules")
    check_number(rules.hand_size, "--rules: deal.hand_size", 2, MAX_BENCH_HAND)
    check_number(args.positions, "--positions", 1, MAX_POSITIONS)
    check_number(args.search_positions, "--search-positions", 1, MAX_POSITIONS)
    check_number(args.hints, "--hints", 1, MAX_POSITIONS)
    check_number(args.samples, "--samples", 1, hints.MAX_SAMPLES)
    check_number(args.strength, "--strength", 0, MAX_STRENGTH)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    check_number(args.jobs, "--jobs", 1, MAX_JOBS)
    check_number(args.grades, "--grades", 0, MAX_POSITIONS)
    against = tuple(dict.fromkeys(names_option(args.against, "--against", STRENGTH_OPPONENTS)))
    strength_rules = tuple(dict.fromkeys(x.strip() for x in args.strength_rules.split(",")))
    for item in strength_rules:
        two_player_rules_option(item, "--strength-rules")
    result = bench(
        args.rules,
        args.positions,
        args.hints,
        args.samples,
        args.strength,
        args.seed,
        args.jobs,
        against,
        strength_rules,
        tenths_told(args.strength, tr),
        args.search_positions,
        args.grades,
    )
    print(json.dumps(result) if args.json else "\n".join(report(result, tr)))
    return 0


def report(result: dict[str, Any], tr: Translator) -> list[str]:
    """The figures of a bench run in words, one line each, with the numbers as ``tr``'s language
    writes them (``1,5 ms`` in German and Polish)."""
    solver = result["solver"]
    hint = result["hint"]
    lines = [
        tr._(
            "Rules: {rules}; seed: {seed}; positions: {solver} for the solver (each hand size), "
            "{hints} for the full hint.",
            rules=result["rules"],
            seed=result["seed"],
            solver=solver["positions"],
            hints=hint["positions"],
        )
    ]
    lines.extend(solver_lines(solver, tr))
    if "search" in result:
        lines.extend(search_lines(result["search"], tr))
    lines.extend(hint_lines(hint, tr))
    lines.extend(computer_lines(result.get("computer", {}), tr))
    grades = result.get("grades")
    if grades:
        lines.extend(grade_lines(grades, tr))
    lines.extend(strength_lines(result.get("strength", {}), tr))
    return lines

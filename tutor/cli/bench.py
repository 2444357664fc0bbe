"""``tutor bench``: speed of the exact solver and of the expert's move evaluation, and the
expert's strength in whole matches.

Four parts, and a fifth on request, each on positions or deals made from a seed, so a run can
be repeated:

- solver: endgames right after the stock is gone (six cards each under the default rules), one
  trick later (five each) and with four cards each (``solver_sizes``), solved by
  ``tutor.search.solver`` and by the plain memoised minimax of ``tutor.search.baseline``; and
  every legal move valued exactly (``Solver.rank_moves``, what hints and puzzles ask); times in
  milliseconds, the speed-ups of the medians over plain minimax, nodes per second;
- search: which search the solver runs, and the compiled core against the Python search on the
  same endgames with 6 to 10 cards a hand (nodes per second of each, the ratio, and whether
  every move's value agrees; ``tutor.cli.bench_search``), and the same for the table
  solver's core on positions of ``three`` and ``four`` with 4 to 8 cards a hand;
- hint: a full hint (``hints.analyse`` of the player's view: every legal move valued over the
  sampled deals, more where the best move is not clearly ahead, with its ideas; then the
  reasoning rendered as text) on positions from every stage of whole deals, with the number
  of samples;
- computer: the server time of one computer move on the Play page at each strength
  (beginner, club, expert), on the same positions as the hint;
- grades: the coach's grade stability, the same learner decision (from matches of two seats
  under ``schnapsen`` and ``classic``, the learner's seat played by the beginner) graded twice
  on deals drawn with two different seeds (``tutor.teach.play.stability``): how many got the
  same grade, and the time of one coach remark (``--grades N`` decisions in all, half under
  each preset; 0 leaves the part out); and the hint asked about the same decisions with the
  same two seeds: how often it put the same move first and gave the same advice;
- strength (``--strength N``): N matches to 7 of the expert against each opponent of ``--against``
  (``expert2``, the expert before today's, and ``expert1``, the first expert, both kept as
  yardsticks, ``club``, ``greedy``, ``random``) under each of ``--strength-rules`` (``schnapsen``
  and ``classic`` unless it says otherwise; ``--rules`` does not change them), played by the Play
  page's own steps (``tutor.teach.play.strength``) in ``--jobs`` processes; matches and deals won
  with 95% Wilson intervals, and the expert's time per decision where it had a choice (median, 95th
  percentile, slowest). While the matches are played, a line on standard error tells each tenth of
  them done with the tally so far, so a long run stopped early still leaves its figures.

The output is a report in words, its numbers written as the chosen language writes them, or
with ``--json`` one JSON object on one line (the figures as data).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from tutor.cli.bench_search import SEARCH_POSITIONS, bench_search, search_lines
from tutor.cli.command import (
    MAX_JOBS,
    MAX_SEED,
    add_json_option,
    add_lang_option,
    check_number,
    names_option,
    two_player_rules_option,
)
from tutor.engine import (
    Close,
    RuleSet,
    State,
    apply_unchecked,
    legal_moves,
    parse_rules,
    random_deal,
    view_of,
)
from tutor.search import PLAYERS, Solver, club_player, plain_minimax, wilson
from tutor.teach import hints
from tutor.teach.play import OPPONENTS
from tutor.teach.play.stability import grade_stability, learner_decisions
from tutor.teach.play.strength import (
    HERO,
    STRENGTH_OPPONENTS,
    STRENGTH_RULES,
    Strength,
    strength_matches,
)
from tutor.words.explain import number, percent
from tutor.words.hint_text import render_analysis
from tutor.words.i18n import Translator, get_translator
from tutor.words.play_text import opponent_name, player_name
from tutor.words.switches import preset_name


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _p95(values: Sequence[float]) -> float:
    """The 95th percentile, interpolated between the closest ranks (``statistics.quantiles``
    with the inclusive method: the numbers given, never beyond them).

    >>> _p95([float(x) for x in range(1, 21)])
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


class _Clock:
    """Wall time and the process's CPU time of one measurement, in seconds."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def stop(self) -> tuple[float, float]:
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def _figures(prefix: str, wall: Sequence[float], cpu: Sequence[float]) -> dict[str, float]:
    """Median and 95th percentile of wall times, and the same of CPU times (which do not count
    the time the process waited for a busy machine)."""
    return {
        f"{prefix}median_ms": _ms(statistics.median(wall)),
        f"{prefix}p95_ms": _ms(_p95(wall)),
        f"{prefix}cpu_median_ms": _ms(statistics.median(cpu)),
        f"{prefix}cpu_p95_ms": _ms(_p95(cpu)),
    }


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
            clock = _Clock()
            solver = Solver(s)
            value = solver.value(s)
            w, c = clock.stop()
            wall.append(w)
            cpu.append(c)
            nodes += solver.nodes
            clock = _Clock()
            ranked = Solver(s).rank_moves(s)
            w, c = clock.stop()
            rank_wall.append(w)
            rank_cpu.append(c)
            if ranked[0].game_points != value:  # pragma: no cover - the tests keep them equal
                raise AssertionError("the best ranked move and the solver's value disagree")
            if baseline:
                clock = _Clock()
                base_value, _ = plain_minimax(s)
                w, c = clock.stop()
                base_wall.append(w)
                base_cpu.append(c)
                if base_value != value:  # pragma: no cover - the tests keep them equal
                    raise AssertionError("solver and plain minimax disagree")
        part: dict[str, Any] = _figures("", wall, cpu)
        part["max_ms"] = _ms(max(wall))
        part["nodes_mean"] = round(nodes / n, 1)
        part.update(_figures("rank_", rank_wall, rank_cpu))
        if baseline:
            part.update(_figures("baseline_", base_wall, base_cpu))
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


def hint_positions(rules: RuleSet, n: int, seed: int) -> list[State]:
    """``n`` positions with a choice to make, spread over whole deals played by ``club``."""
    rng = random.Random(f"hints:{seed}")
    pool: list[State] = []
    while len(pool) < 4 * n:
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None:
            if len(legal_moves(s)) > 1:
                pool.append(s)
            s = apply_unchecked(s, club_player(s, rng))
    return rng.sample(pool, n)


def bench_hint(rules: RuleSet, n: int, samples: int, seed: int) -> dict[str, Any]:
    """A full hint as the player to move sees it: every legal move valued over ``samples``
    deals consistent with the player's view (more where the best move is not clearly ahead, as
    the app's hints value them), with its ideas, and the reasoning in words."""
    tr = get_translator("en")
    wall: list[float] = []
    cpu: list[float] = []
    open_wall: list[float] = []
    for i, s in enumerate(hint_positions(rules, n, seed)):
        p = s.to_move
        assert p is not None
        view = view_of(s, p)
        clock = _Clock()
        analysis = hints.analyse(view, samples=samples, seed=i, settle=True)
        render_analysis(analysis, tr)
        w, c = clock.stop()
        wall.append(w)
        cpu.append(c)
        if not s.phase2:
            open_wall.append(w)
    figures = _figures("", wall, cpu)
    return {
        "positions": n,
        "samples": samples,
        "p50_ms": figures["median_ms"],
        "p95_ms": figures["p95_ms"],
        "cpu_p50_ms": figures["cpu_median_ms"],
        "cpu_p95_ms": figures["cpu_p95_ms"],
        "max_ms": _ms(max(wall)),
        "stock_open_positions": len(open_wall),
        "stock_open_p95_ms": _ms(_p95(open_wall)) if open_wall else None,
    }


def bench_computer(rules: RuleSet, n: int, seed: int) -> dict[str, Any]:
    """The server time of one computer move on the Play page at each strength, on ``n``
    positions from every stage of whole deals (the same positions for each strength)."""
    positions = hint_positions(rules, n, seed)
    out: dict[str, Any] = {"positions": n}
    for strength in OPPONENTS:
        player = PLAYERS[strength]
        wall: list[float] = []
        cpu: list[float] = []
        for i, s in enumerate(positions):
            rng = random.Random(f"computer:{seed}:{i}")
            clock = _Clock()
            player(s, rng)
            w, c = clock.stop()
            wall.append(w)
            cpu.append(c)
        figures = _figures("", wall, cpu)
        out[strength] = {
            "p50_ms": figures["median_ms"],
            "p95_ms": figures["p95_ms"],
            "max_ms": _ms(max(wall)),
        }
    return out


def bench_strength(
    n: int,
    seed: int,
    jobs: int,
    against: Sequence[str],
    rules: Sequence[str] = STRENGTH_RULES,
    progress: Callable[[str, str, Strength], None] | None = None,
) -> dict[str, Any]:
    """``n`` matches of the expert against each player of ``against`` under each rule spec of
    ``rules``: matches and deals won with Wilson intervals, and the time per decision of the
    expert (where it had a choice). ``progress`` is given the rule spec, the opponent and the
    tally so far as the matches are played (``strength_matches``)."""
    out: dict[str, Any] = {"matches": n, "jobs": jobs, "player": HERO, "rules": list(rules)}
    for spec in rules:
        part: dict[str, Any] = {}
        for opponent in against:
            begun = time.perf_counter()
            told = None
            if progress is not None:
                told = functools.partial(progress, spec, opponent)
            s = strength_matches(spec, opponent, n, seed, jobs, progress=told)
            decided = s.deals - s.deal_draws
            times = sorted(s.times) or [0.0]
            part[opponent] = {
                "matches": s.matches,
                "match_wins": s.match_wins,
                "match_draws": s.match_draws,
                "match_losses": s.match_losses,
                "match_win_rate": round(s.match_wins / max(1, s.matches), 4),
                "match_ci95": list(wilson(s.match_wins, s.matches)),
                "deals": s.deals,
                "deal_wins": s.deal_wins,
                "deal_draws": s.deal_draws,
                "deal_win_rate": round(s.deal_wins / max(1, decided), 4),
                "deal_ci95": list(wilson(s.deal_wins, decided)),
                "decisions": len(s.times),
                "decision_median_ms": _ms(statistics.median(times)),
                "decision_p95_ms": _ms(_p95(times)),
                "decision_max_ms": _ms(max(times)),
                "seconds": round(time.perf_counter() - begun, 1),
            }
        out[spec] = part
    return out


#: The presets the grade stability is measured under, and the decisions by default.
GRADE_RULES = ("schnapsen", "classic")
GRADE_POSITIONS = 10


def bench_grades(n: int, seed: int, specs: Sequence[str] = GRADE_RULES) -> dict[str, Any]:
    """``n`` decisions of a learner (shared out among ``specs``), each graded twice by the
    coach on deals drawn with two different seeds: how many got the same grade both times,
    the grades given, and the time of one remark (every remark counted)."""
    grades: list[tuple[str, str]] = []
    reasoned: list[bool] = []
    advice = [0, 0, 0]  # the same best move, the same advice, advice that agrees
    wall: list[float] = []
    cpu: list[float] = []
    for k, spec in enumerate(specs):
        count = n // len(specs) + (1 if k < n % len(specs) else 0)
        if count == 0:
            continue
        s = grade_stability(learner_decisions(spec, count, seed))
        grades.extend((a.value, b.value) for a, b in s.grades)
        reasoned.extend(s.reasoned)
        advice[0] += s.same_best
        advice[1] += s.same_advice
        advice[2] += s.agreeing_advice
        wall.extend(s.seconds)
        cpu.extend(s.cpu_seconds)
    figures = _figures("", wall, cpu)
    shares: dict[str, int] = {}
    for a, _ in grades:
        shares[a] = shares.get(a, 0) + 1
    return {
        "positions": len(grades),
        "rules": list(specs),
        "same": sum(1 for a, b in grades if a == b),
        "grades": shares,
        "below_good": len(reasoned),
        "below_good_reasoned": sum(reasoned),
        "hint_same_best": advice[0],
        "hint_same_advice": advice[1],
        "hint_agreeing_advice": advice[2],
        "remark_p50_ms": figures["median_ms"],
        "remark_p95_ms": figures["p95_ms"],
        "remark_cpu_p50_ms": figures["cpu_median_ms"],
        "remark_cpu_p95_ms": figures["cpu_p95_ms"],
        "remark_max_ms": _ms(max(wall)),
    }


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


def tenths_told(n: int, tr: Translator) -> Callable[[str, str, Strength], None]:
    """A ``progress`` for ``bench_strength`` that writes a line to standard error each time
    another tenth of the ``n`` matches against one opponent is done (``progress_line``)."""
    told: dict[tuple[str, str], int] = {}

    def tell(spec: str, opponent: str, s: Strength) -> None:
        tenth = s.matches * 10 // max(1, n)
        if tenth > told.get((spec, opponent), 0):
            told[spec, opponent] = tenth
            print(progress_line(spec, opponent, n, s, tr), file=sys.stderr, flush=True)

    return tell


def progress_line(spec: str, opponent: str, n: int, s: Strength, tr: Translator) -> str:
    """The tally of a strength run so far, in words."""
    return tr._(
        "{rules}, opponent: {opponent}. {done} of {matches} matches played so far: the expert "
        "won {wins} of them and {deal_wins} of {deals} deals that had a winner.",
        rules=preset_name(spec, tr),
        opponent=player_name(opponent, tr),
        done=number(s.matches, tr),
        matches=number(n, tr),
        wins=number(s.match_wins, tr),
        deal_wins=number(s.deal_wins, tr),
        deals=number(s.deals - s.deal_draws, tr),
    )


def _strength_lines(part: dict[str, Any], tr: Translator) -> list[str]:
    """The lines of ``--strength``: for each preset and opponent, the matches and deals the
    expert won, and its time per decision."""
    lines: list[str] = []
    for spec in part.get("rules", STRENGTH_RULES):
        for opponent, f in part.get(spec, {}).items():
            match_low, match_high = f["match_ci95"]
            deal_low, deal_high = f["deal_ci95"]
            lines.append(
                tr._(
                    "{rules}, opponent: {opponent}. The expert won {wins} of {matches} "
                    "matches ({rate}; 95 percent interval {low} to {high}) and {deal_wins} of "
                    "{deals} deals that had a winner ({deal_rate}; {deal_low} to {deal_high}).",
                    rules=preset_name(spec, tr),
                    opponent=player_name(opponent, tr),
                    wins=number(f["match_wins"], tr),
                    matches=number(f["matches"], tr),
                    rate=percent(f["match_win_rate"], tr, 1),
                    low=percent(match_low, tr, 1),
                    high=percent(match_high, tr, 1),
                    deal_wins=number(f["deal_wins"], tr),
                    deals=number(f["deals"] - f["deal_draws"], tr),
                    deal_rate=percent(f["deal_win_rate"], tr, 1),
                    deal_low=percent(deal_low, tr, 1),
                    deal_high=percent(deal_high, tr, 1),
                )
            )
            lines.append(
                tr.n_(
                    "Time per decision of the expert there: median {median} ms, 95th "
                    "percentile {p95} ms, slowest {max} ms ({decisions} decision).",
                    "Time per decision of the expert there: median {median} ms, 95th "
                    "percentile {p95} ms, slowest {max} ms ({decisions} decisions).",
                    f["decisions"],
                    median=number(f["decision_median_ms"], tr),
                    p95=number(f["decision_p95_ms"], tr),
                    max=number(f["decision_max_ms"], tr),
                    decisions=number(f["decisions"], tr),
                )
            )
    return lines


def report(result: dict[str, Any], tr: Translator) -> list[str]:
    """The figures of a bench run in words, one line each, with the numbers as ``tr``'s language
    writes them (``1,5 ms`` in German and Polish)."""

    def ms(value: float) -> str:
        return number(value, tr)

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
                median=ms(part["median_ms"]),
                p95=ms(part["p95_ms"]),
                max=ms(part["max_ms"]),
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
                    median=ms(part["rank_median_ms"]),
                    p95=ms(part["rank_p95_ms"]),
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
    if "search" in result:
        lines.extend(search_lines(result["search"], tr))
    lines.append(
        tr.n_(
            "Full hint, {n} sampled deal: median {median} ms, 95th percentile {p95} ms, "
            "slowest {max} ms.",
            "Full hint, {n} sampled deals: median {median} ms, 95th percentile {p95} ms, "
            "slowest {max} ms.",
            hint["samples"],
            median=ms(hint["p50_ms"]),
            p95=ms(hint["p95_ms"]),
            max=ms(hint["max_ms"]),
        )
    )
    computer = result.get("computer", {})
    for strength in OPPONENTS:
        if strength not in computer:
            continue
        part = computer[strength]
        lines.append(
            tr._(
                "Computer move on the Play page, {strength}: median {median} ms, 95th "
                "percentile {p95} ms, slowest {max} ms.",
                strength=opponent_name(strength, tr),
                median=ms(part["p50_ms"]),
                p95=ms(part["p95_ms"]),
                max=ms(part["max_ms"]),
            )
        )
    grades = result.get("grades")
    if grades:
        lines.append(
            tr._(
                "Grade stability: same grade in {same} of {n} positions, each graded twice on "
                "other deals; a coach remark took median {median} ms, 95th percentile {p95} ms.",
                same=number(grades["same"], tr),
                n=number(grades["positions"], tr),
                median=ms(grades["remark_p50_ms"]),
                p95=ms(grades["remark_p95_ms"]),
            )
        )
        lines.append(
            tr._(
                "Hint on the same positions, twice: the same best move in {best} of {n}, the "
                "same advice (the best move, or the same two moves called about as good) in "
                "{same}, advice that does not contradict the other in {agree}.",
                best=number(grades["hint_same_best"], tr),
                n=number(grades["positions"], tr),
                same=number(grades["hint_same_advice"], tr),
                agree=number(grades["hint_agreeing_advice"], tr),
            )
        )
        lines.append(
            tr._(
                "Coach remarks on a weaker move that give a reason, not just numbers: {k} of {n}.",
                k=number(grades["below_good_reasoned"], tr),
                n=number(grades["below_good"], tr),
            )
        )
    lines.extend(_strength_lines(result.get("strength", {}), tr))
    return lines

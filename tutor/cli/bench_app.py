"""``tutor bench``'s parts that time what the app does for a learner: a full hint on positions from
every stage of whole deals, one computer move on the Play page at each strength on the same
positions, and the coach's grade stability (the same learner decision graded twice on other
deals, with the hint asked twice about it); and those figures in words."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor.cli.bench_measure import Clock, ms, p95, time_figures
from tutor.engine import RuleSet, State, apply_unchecked, legal_moves, random_deal, view_of
from tutor.search import PLAYERS, club_player
from tutor.teach import hints
from tutor.teach.play import OPPONENTS
from tutor.teach.play.stability import grade_stability, learner_decisions
from tutor.words.explain import number
from tutor.words.hint_text import render_analysis
from tutor.words.i18n import Translator, get_translator
from tutor.words.play_text import opponent_name


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
        clock = Clock()
        analysis = hints.analyse(view, samples=samples, seed=i, settle=True)
        render_analysis(analysis, tr)
        w, c = clock.stop()
        wall.append(w)
        cpu.append(c)
        if not s.phase2:
            open_wall.append(w)
    figures = time_figures("", wall, cpu)
    return {
        "positions": n,
        "samples": samples,
        "p50_ms": figures["median_ms"],
        "p95_ms": figures["p95_ms"],
        "cpu_p50_ms": figures["cpu_median_ms"],
        "cpu_p95_ms": figures["cpu_p95_ms"],
        "max_ms": ms(max(wall)),
        "stock_open_positions": len(open_wall),
        "stock_open_p95_ms": ms(p95(open_wall)) if open_wall else None,
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
            clock = Clock()
            player(s, rng)
            w, c = clock.stop()
            wall.append(w)
            cpu.append(c)
        figures = time_figures("", wall, cpu)
        out[strength] = {
            "p50_ms": figures["median_ms"],
            "p95_ms": figures["p95_ms"],
            "max_ms": ms(max(wall)),
        }
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
    figures = time_figures("", wall, cpu)
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
        "remark_max_ms": ms(max(wall)),
    }


def hint_lines(hint: dict[str, Any], tr: Translator) -> list[str]:
    """The full hint's times in words."""
    return [
        tr.n_(
            "Full hint, {n} sampled deal: median {median} ms, 95th percentile {p95} ms, "
            "slowest {max} ms.",
            "Full hint, {n} sampled deals: median {median} ms, 95th percentile {p95} ms, "
            "slowest {max} ms.",
            hint["samples"],
            median=number(hint["p50_ms"], tr),
            p95=number(hint["p95_ms"], tr),
            max=number(hint["max_ms"], tr),
        )
    ]


def computer_lines(computer: dict[str, Any], tr: Translator) -> list[str]:
    """The time of a computer move at each strength in words."""
    lines: list[str] = []
    for strength in OPPONENTS:
        if strength not in computer:
            continue
        part = computer[strength]
        lines.append(
            tr._(
                "Computer move on the Play page, {strength}: median {median} ms, 95th "
                "percentile {p95} ms, slowest {max} ms.",
                strength=opponent_name(strength, tr),
                median=number(part["p50_ms"], tr),
                p95=number(part["p95_ms"], tr),
                max=number(part["max_ms"], tr),
            )
        )
    return lines


def grade_lines(grades: dict[str, Any], tr: Translator) -> list[str]:
    """The coach's grade stability and the hint's, asked twice, in words."""
    lines: list[str] = []
    lines.append(
        tr._(
            "Grade stability: same grade in {same} of {n} positions, each graded twice on "
            "other deals; a coach remark took median {median} ms, 95th percentile {p95} ms.",
            same=number(grades["same"], tr),
            n=number(grades["positions"], tr),
            median=number(grades["remark_p50_ms"], tr),
            p95=number(grades["remark_p95_ms"], tr),
        )
    )
    lines.append(
        tr._(
            "Hint on the same positions, twice: the same best move in {best} of {n}, the "
            "same advice (the best move and the same moves called as good or about as good) "
            "in {same}, advice that does not contradict the other in {agree}.",
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
    return lines

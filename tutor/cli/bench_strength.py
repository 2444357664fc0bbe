"""``tutor bench --strength``: whole matches of the expert against each opponent under each rule
set, played by the Play page's own steps (``tutor.teach.play.strength``), with matches and deals
won (95% Wilson intervals) and the expert's time per decision; a line on standard error for each
tenth of the matches done; and those figures in words."""

from __future__ import annotations

import functools
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from tutor.cli.bench_measure import ms, p95
from tutor.search import wilson
from tutor.teach.play.strength import HERO, STRENGTH_RULES, Strength, strength_matches
from tutor.words.explain import number, percent
from tutor.words.i18n import Translator
from tutor.words.play_text import player_name
from tutor.words.switches import preset_name


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
                "decision_median_ms": ms(statistics.median(times)),
                "decision_p95_ms": ms(p95(times)),
                "decision_max_ms": ms(max(times)),
                "seconds": round(time.perf_counter() - begun, 1),
            }
        out[spec] = part
    return out


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


def strength_lines(part: dict[str, Any], tr: Translator) -> list[str]:
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

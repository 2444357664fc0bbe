"""A puzzle's difficulty measured, not guessed: computer players of graded strength try it, and
the rating is the one at which their misses are most likely, on the scale of the learner's
rating (``tutor.teach.puzzles.rating``), with a little more for every learner move the
solution asks for.

Each player of ``BOTS`` plays the learner's side through ``judge.play`` (the judge defends and
says when the goal is lost), a few times with other seeds; it has a nominal rating, and the
puzzle's rating ``R`` is the one that makes the solves seen most likely when a player of
rating ``r`` solves with the chance ``1 / (1 + 10 ** ((R - r) / 400))`` (Elo's curve, which
the learner's rating uses too). ``measure_all`` gives every puzzle's ``Measure``;
``calibration`` the table of puzzles per band with each player's miss rate there;
``dump_ratings`` the file (``puzzles/ratings.json``) that ``load_ratings`` reads back.

A puzzle the random player always misses and the club player always solves lies between
their ratings:

>>> 700 < fit_rating({"random": (0, 4), "club": (4, 4)}, length=1) < 1500
True
>>> fit_rating({}, length=1) == DEFAULT_RATING
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.engine import Move, State, view_of
from tutor.search import (
    PLAYERS,
    Budget,
    SearchLimit,
    club_player,
    evaluate_moves,
    greedy_player,
)
from tutor.search import random_player as _random
from tutor.teach.puzzles.judge import play, start
from tutor.teach.puzzles.model import Puzzle, TablePuzzle

#: The rating scale: where a puzzle nobody measured sits, and its ends.
DEFAULT_RATING = 1500.0
LOWEST, HIGHEST = 600.0, 2400.0
#: What each learner move beyond the first adds: a longer solution is more to find.
PER_MOVE = 60.0
#: The rating of a puzzle by its level where it was not measured.
LEVEL_RATINGS = {1: 1100.0, 2: 1500.0, 3: 1900.0}
#: The samples of the weak expert (the full expert samples many more).
FEW_SAMPLES = 6
RATINGS_VERSION = 1
#: The ratings' file, beside the puzzle files.
RATINGS_FILE = "ratings.json"

Bot = Callable[[State, random.Random], Move]


def _expert_few(state: State, rng: random.Random) -> Move:
    p = state.to_move
    assert p is not None
    ranked = evaluate_moves(view_of(state, p), FEW_SAMPLES, rng.randrange(1 << 30), Budget())
    return ranked[0].move


@dataclass(frozen=True)
class BotSpec:
    """A computer player that tries the puzzles: its name, nominal rating and tries."""

    name: str
    rating: float
    tries: int
    play: Bot


BOTS: tuple[BotSpec, ...] = (
    BotSpec("random", 700.0, 8, _random),
    BotSpec("greedy", 1100.0, 3, greedy_player),
    BotSpec("club", 1500.0, 3, club_player),
    BotSpec("expert-6", 1900.0, 2, _expert_few),
)


def bot_solves(puzzle: Puzzle, bot: Bot, seed: int) -> bool | None:
    """Whether ``bot`` playing the learner's side solves ``puzzle`` (``None``: too large)."""
    rng = random.Random(f"{puzzle.id}:{seed}")
    attempt = start(puzzle)
    try:
        while not attempt.over:
            attempt = play(attempt, bot(attempt.state, rng))
    except SearchLimit:
        return None
    return attempt.solved


@dataclass(frozen=True)
class Measure:
    """One puzzle measured: each player's (solved, tries), the solution's length, the rating."""

    id: str
    theme: str
    solves: Mapping[str, tuple[int, int]]
    length: int
    rating: float


def fit_rating(
    solves: Mapping[str, tuple[int, int]], length: int, bots: Sequence[BotSpec] = BOTS
) -> float:
    """The rating that makes ``solves`` (player name to solved and tries) most likely, plus
    ``PER_MOVE`` for each learner move beyond the first, within the scale."""
    nominal = {b.name: b.rating for b in bots}
    seen = [(nominal[n], s, k) for n, (s, k) in solves.items() if n in nominal and k]
    if not seen:
        return DEFAULT_RATING

    def loglik(r: float) -> float:
        total = 0.0
        for rb, solved, tries in seen:
            p = 1.0 / (1.0 + 10 ** ((r - rb) / 400.0))
            p = min(max(p, 1e-6), 1 - 1e-6)
            total += solved * math.log(p) + (tries - solved) * math.log(1 - p)
        # a weak prior at the middle, so that a puzzle every player solves is not infinitely easy
        return total - ((r - DEFAULT_RATING) / 700.0) ** 2

    best = max(range(int(LOWEST), int(HIGHEST) + 1, 5), key=loglik)
    return min(HIGHEST, max(LOWEST, best + PER_MOVE * max(0, length - 1)))


def measure(puzzle: Puzzle, bots: Sequence[BotSpec] = BOTS) -> Measure:
    """Let every player of ``bots`` try ``puzzle`` and rate it."""
    solves: dict[str, tuple[int, int]] = {}
    for bot in bots:
        results = [bot_solves(puzzle, bot.play, seed) for seed in range(bot.tries)]
        done = [r for r in results if r is not None]
        solves[bot.name] = (sum(done), len(done))
    length = puzzle.length or len(puzzle.solution) or 1
    return Measure(puzzle.id, puzzle.theme, solves, length, fit_rating(solves, length))


#: The computer players that try a puzzle at a table, by the registry's names (no greedy
#: player plays there; the expert samples the deals the seat cannot tell apart).
TABLE_BOTS: tuple[tuple[str, float, int], ...] = (
    ("random", 700.0, 8),
    ("club", 1500.0, 3),
    ("expert", 1900.0, 2),
)
#: The same as specs, for the fit and the calibration (a table's moves come from ``PLAYERS``,
#: so the spec's own ``play`` is not called).
TABLE_SPECS: tuple[BotSpec, ...] = tuple(BotSpec(n, r, k, _random) for n, r, k in TABLE_BOTS)


def measure_table(puzzle: TablePuzzle) -> Measure:
    """Let every player of ``TABLE_BOTS`` try a puzzle at a table (one move: solved when the
    move is one of the solution's) and rate it on the same scale."""
    solves: dict[str, tuple[int, int]] = {}
    for name, _rating, tries in TABLE_BOTS:
        player = PLAYERS[name].at(puzzle.state.seats)
        solved = sum(
            player(puzzle.state, random.Random(f"{puzzle.id}:{seed}")) in puzzle.solution
            for seed in range(tries)
        )
        solves[name] = (solved, tries)
    return Measure(puzzle.id, puzzle.theme, solves, 1, fit_rating(solves, 1, TABLE_SPECS))


def measure_all(puzzles: Iterable[Puzzle], bots: Sequence[BotSpec] = BOTS) -> list[Measure]:
    return [measure(p, bots) for p in puzzles]


# ----------------------------------------------------------------------------- calibration

#: The bands of the calibration table: lower bounds.
BANDS = (LOWEST, 1000.0, 1300.0, 1600.0, 1900.0)


def band_of(rating: float) -> int:
    return max(i for i, low in enumerate(BANDS) if rating >= low)


@dataclass(frozen=True)
class BandRow:
    low: float
    high: float
    puzzles: int
    miss: Mapping[str, float | None]  # each player's share of tries missed in the band


def calibration(measures: Sequence[Measure], bots: Sequence[BotSpec] = BOTS) -> list[BandRow]:
    """Puzzles per band and each player's miss rate there (``None``: no tries)."""
    rows = []
    for i, low in enumerate(BANDS):
        high = BANDS[i + 1] if i + 1 < len(BANDS) else HIGHEST
        inside = [m for m in measures if band_of(m.rating) == i]
        miss: dict[str, float | None] = {}
        for b in bots:
            solved = sum(m.solves.get(b.name, (0, 0))[0] for m in inside)
            tries = sum(m.solves.get(b.name, (0, 0))[1] for m in inside)
            miss[b.name] = (tries - solved) / tries if tries else None
        rows.append(BandRow(low, high, len(inside), miss))
    return rows


def calibration_text(rows: Sequence[BandRow], bots: Sequence[BotSpec] = BOTS) -> str:
    """The calibration table as plain text (for the command line)."""
    head = f"{'band':>11} {'puzzles':>7} " + " ".join(f"{b.name:>9}" for b in bots)
    lines = [head]
    for r in rows:
        cells = " ".join(
            f"{'-':>9}" if r.miss[b.name] is None else f"{r.miss[b.name]:>9.0%}" for b in bots
        )
        lines.append(f"{int(r.low):>5}-{int(r.high):<5} {r.puzzles:>7} {cells}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the file


def dump_ratings(measures: Iterable[Measure]) -> str:
    """``{"version": 1, "ratings": {id: rating}}``, sorted, whole numbers."""
    ratings = {m.id: round(m.rating) for m in sorted(measures, key=lambda m: m.id)}
    return json.dumps({"version": RATINGS_VERSION, "ratings": ratings}, indent=1) + "\n"


def load_ratings(path: str | Path) -> dict[str, float]:
    """The ratings file's ratings; an absent or unreadable file, or a value that is not a
    rating on the scale, gives none (the puzzles then fall back on their levels)."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("version") != RATINGS_VERSION:
        return {}
    raw = doc.get("ratings")
    if not isinstance(raw, dict):
        return {}
    return {
        k: float(v)
        for k, v in raw.items()
        if isinstance(k, str)
        and isinstance(v, int | float)
        and not isinstance(v, bool)
        and LOWEST <= v <= HIGHEST
    }


def rating_of(puzzle: Puzzle | TablePuzzle, ratings: Mapping[str, float]) -> float:
    """The puzzle's measured rating, else its level's."""
    return rated(puzzle.id, puzzle.level, ratings)


def rated(puzzle_id: str, level: int, ratings: Mapping[str, float]) -> float:
    """The measured rating of the puzzle ``puzzle_id``, else that of its ``level``."""
    return ratings.get(puzzle_id, LEVEL_RATINGS.get(level, DEFAULT_RATING))


__all__ = [
    "BANDS",
    "BOTS",
    "DEFAULT_RATING",
    "HIGHEST",
    "LEVEL_RATINGS",
    "LOWEST",
    "RATINGS_FILE",
    "TABLE_BOTS",
    "TABLE_SPECS",
    "BandRow",
    "BotSpec",
    "Measure",
    "band_of",
    "bot_solves",
    "calibration",
    "calibration_text",
    "dump_ratings",
    "fit_rating",
    "load_ratings",
    "measure",
    "measure_all",
    "measure_table",
    "rated",
    "rating_of",
]

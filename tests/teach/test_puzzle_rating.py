"""The trainer's numbers: a puzzle's measured difficulty, the learner's rating (openskill), the
daily puzzle and the streak, the reviews of the learner's own puzzles scheduled by FSRS, and
the record kept in the browser checked value by value."""

from __future__ import annotations

import itertools
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.engine import Close, apply, legal_moves
from tutor.engine.presets import preset
from tutor.engine.state import random_deal
from tutor.search import greedy_player
from tutor.teach import puzzles as pz
from tutor.teach.progress import Progress, ProgressError, dump_progress, load_progress
from tutor.teach.puzzles import difficulty as df
from tutor.teach.puzzles import personal as mine
from tutor.teach.puzzles import rating as rt
from tutor.teach.puzzles import training as tg
from tutor.teach.puzzles.generated import GENERATED_FILE, generated_set
from tutor.teach.puzzles.record import TrainerRecord, attempted, record_data, record_from_data

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = pz.Collection.load(ROOT / "puzzles")
NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)


# ----------------------------------------------------------------------------- difficulty


def test_more_misses_by_stronger_players_mean_a_harder_puzzle() -> None:
    easy = df.fit_rating({"random": (6, 8), "greedy": (3, 3), "club": (3, 3)}, 1)
    middle = df.fit_rating({"random": (1, 8), "greedy": (0, 3), "club": (3, 3)}, 1)
    hard = df.fit_rating({"random": (0, 8), "greedy": (0, 3), "club": (0, 3)}, 1)
    assert easy < middle < hard
    assert df.fit_rating({"random": (1, 8), "greedy": (0, 3), "club": (3, 3)}, 3) == (
        middle + 2 * df.PER_MOVE
    )


def test_a_puzzle_measured_by_the_players() -> None:
    p = COLLECTION.get("do-not-close")
    assert p is not None
    bots = [b for b in df.BOTS if b.name in ("random", "greedy")]
    m = df.measure(p, bots)
    assert set(m.solves) == {"random", "greedy"}
    assert all(0 <= s <= k for s, k in m.solves.values())
    assert m.rating == df.fit_rating(m.solves, m.length)


def test_the_calibration_counts_each_band() -> None:
    ms = [
        df.Measure("a", "counting", {"random": (1, 2)}, 1, 700.0),
        df.Measure("b", "counting", {"random": (0, 2)}, 1, 1950.0),
        df.Measure("c", "counting", {"random": (2, 2)}, 1, 650.0),
    ]
    rows = df.calibration(ms)
    assert [r.puzzles for r in rows] == [2, 0, 0, 0, 1]
    assert rows[0].miss["random"] == pytest.approx(1 / 4)
    assert rows[4].miss["random"] == 1.0 and rows[1].miss["random"] is None
    assert "band" in df.calibration_text(rows)


def test_the_ratings_file_rates_every_puzzle_and_refuses_nonsense(tmp_path: Path) -> None:
    rated = df.load_ratings(ROOT / "puzzles" / df.RATINGS_FILE)
    assert set(rated) == {p.id for p in COLLECTION.puzzles}
    bad = tmp_path / "r.json"
    bad.write_text(json.dumps({"version": 1, "ratings": {"a": 99999, "b": True, "c": 1200}}))
    assert df.load_ratings(bad) == {"c": 1200.0}
    assert df.load_ratings(tmp_path / "none.json") == {}


# ----------------------------------------------------------------------------- the rating


def test_the_rating_rises_on_a_solve_falls_on_a_miss_and_more_on_a_surprise() -> None:
    r = rt.LearnerRating()
    up_hard = rt.update(r, 1900.0, True)
    up_easy = rt.update(r, 1100.0, True)
    down = rt.update(r, 1500.0, False)
    down_easy = rt.update(r, 1100.0, False)
    assert up_hard.rating > up_easy.rating > r.rating > down.rating > down_easy.rating
    # a settled rating moves less than a new one
    settled = rt.LearnerRating(1500.0, 60.0)
    assert abs(rt.update(settled, 1500.0, True).rating - 1500) < up_easy.rating - 1500


def test_a_first_win_moves_a_new_learner_about_as_far_as_glicko_2_did() -> None:
    """The scale's mapping: Glicko-2 (1500 ± 350 against 1500 ± 80) moved it by 175 points."""
    won = rt.update(rt.LearnerRating(), 1500.0, True)
    assert 150 < won.rating - rt.START_RATING < 200
    lost = rt.update(rt.LearnerRating(), 1500.0, False)
    assert rt.START_RATING - lost.rating == pytest.approx(won.rating - rt.START_RATING)


def test_the_deviation_shrinks_with_attempts_down_to_its_floor() -> None:
    r = rt.LearnerRating()
    rds = [r.rd]
    for i in range(60):
        r = rt.update(r, 1500.0, i % 2 == 0)
        rds.append(r.rd)
    assert all(b < a for a, b in itertools.pairwise(rds[:21]))
    assert rt.MIN_RD <= rds[-1] < 100
    assert abs(r.rating - rt.START_RATING) < 50  # won half against equals: stays near


def test_the_next_puzzle_lies_near_the_rating() -> None:
    rated = {"a": 800.0, "b": 1450.0, "c": 1550.0, "d": 2200.0}
    picks = {rt.near(rated, 1500.0, rng=random.Random(i)) for i in range(20)}
    assert picks == {"b", "c"}
    assert rt.near(rated, 1500.0, avoid=["b", "c"], rng=random.Random(1)) in {"a", "d"}
    assert rt.near({}, 1500.0) is None


def test_the_daily_puzzle_is_the_same_for_everyone_and_changes_with_the_date() -> None:
    ids = [p.id for p in COLLECTION.puzzles]
    day = rt.daily(ids, "2026-11-28")
    assert day == rt.daily(list(reversed(ids)), "2026-11-28")
    days = {rt.daily(ids, f"2026-12-{d:02}") for d in range(1, 29)}
    assert len(days) > 5


def test_a_streak_rises() -> None:
    rated = tg.ratings_of(COLLECTION.puzzles, df.load_ratings(ROOT / "puzzles/ratings.json"))
    done: list[str] = []
    while (nxt := tg.streak_step(rated, done)) is not None:
        done.append(nxt)
    climbed = [rated[i] for i in done]
    assert len(set(done)) == len(done) > 5
    assert climbed == sorted(climbed)
    assert climbed[0] == min(rated.values()) and climbed[-1] == max(rated.values())


def test_a_streak_climbs_past_many_easy_puzzles_and_two_streaks_differ() -> None:
    # Three hundred puzzles at the bottom of the scale do not hold a streak there.
    rated = {f"easy{i}": 600.0 for i in range(300)}
    rated |= {f"p{r}": float(r) for r in range(650, 2400, 10)}
    done: list[str] = []
    for _ in range(12):
        nxt = tg.streak_step(rated, done, seed=7)
        assert nxt is not None
        done.append(nxt)
    climbed = [rated[i] for i in done]
    assert climbed == sorted(climbed)
    assert sum(1 for i in done if i.startswith("easy")) == 1
    assert climbed[-1] >= rt.STREAK_FROM + 10 * rt.STREAK_STEP
    firsts = {tg.streak_step(rated, [], seed=s) for s in range(10)}
    assert len(firsts) > 1 and all(rated[f] == 600.0 for f in firsts if f is not None)
    assert tg.streak_step(rated, done, seed=7) == tg.streak_step(rated, done, seed=7)


def test_a_table_puzzle_is_rated_by_the_players_of_a_table() -> None:
    from tutor.search import PLAYERS
    from tutor.teach.puzzles.generated import read_generated_tables

    tables, errors = read_generated_tables(ROOT / GENERATED_FILE)
    assert not errors and tables
    for p in tables[:6]:
        m = df.measure_table(p)
        assert set(m.solves) == {name for name, _, _ in df.TABLE_BOTS}
        random_player = PLAYERS["random"].at(p.state.seats)
        solved = sum(
            random_player(p.state, random.Random(f"{p.id}:{seed}")) in p.solution
            for seed in range(8)
        )
        assert m.solves["random"] == (solved, 8)
        assert df.LOWEST <= m.rating <= df.HIGHEST
    # a puzzle every player solves rates lower than one they all miss
    everyone = df.fit_rating(
        {"random": (8, 8), "club": (3, 3), "expert": (2, 2)}, 1, df.TABLE_SPECS
    )
    nobody = df.fit_rating({"random": (0, 8), "club": (0, 3), "expert": (0, 2)}, 1, df.TABLE_SPECS)
    assert everyone < 1000 < 1900 < nobody


def test_generated_puzzles_are_rated_from_their_entries() -> None:
    gen = generated_set(str(ROOT / GENERATED_FILE))
    measured = df.load_ratings(ROOT / "puzzles/generated/ratings.json")
    rated = tg.entry_ratings(gen.entries, measured)
    assert len(rated) == len(gen.entries) >= 2000
    assert all(e.id in measured for e in gen.entries)  # every one measured, tables too
    assert all(df.LOWEST <= v <= df.HIGHEST for v in rated.values())
    themed = tg.entry_ratings(gen.entries, measured, "closing")
    assert themed and set(themed) < set(rated)
    assert all("closing" in e.themes for e in gen.entries if e.id in themed)


def test_retry_here_goes_back_to_the_position_of_the_miss() -> None:
    p = COLLECTION.get("ten-before-the-king")
    assert p is not None
    missed = pz.play(pz.start(p), "Qd")
    assert missed.failed
    again = tg.retry_here(missed)
    assert not again.over and again.state == missed.state
    assert pz.play(again, "10d").solved


# ----------------------------------------------------------------------------- own puzzles


def played_deal() -> tuple[object, list[object], int]:
    """A deal in which the learner (A) plays at random without closing against greedy, and the
    first move of A's that the judge proves a mistake."""
    for seed in range(20):
        rng = random.Random(seed)
        s = start = random_deal(preset("pagat"), rng)
        moves = []
        while s.result is None:
            if s.to_move == 0:
                opts = [m for m in legal_moves(s) if not isinstance(m, Close)] or legal_moves(s)
                m = rng.choice(opts)
            else:
                m = greedy_player(s, rng)
            moves.append(m)
            s = apply(s, m)
        for ply in range(len(moves) - 1, -1, -1):
            before = start
            for m in moves[:ply]:
                before = apply(before, m)
            if before.to_move == 0 and mine.prove(before, 0, moves[ply]) is not None:
                return start, moves, ply
    raise AssertionError("no mistake proved")


def test_a_mistake_becomes_a_puzzle_reviewed_the_next_day() -> None:
    start, moves, ply = played_deal()
    made = mine.from_mistake(start, moves, ply, 0, NOW)  # type: ignore[arg-type]
    assert made is not None
    puzzle = mine.puzzle_of(made)
    missed = pz.play(pz.start(puzzle), str(moves[ply]))
    assert missed.failed  # the move played is wrong in the puzzle too
    right = pz.start(puzzle).analysis().accepted[0]
    assert pz.play(pz.start(puzzle), right).solved
    assert mine.due([made], NOW) == []
    tomorrow = NOW + timedelta(days=1)
    assert mine.due([made], tomorrow) == [made]
    good = mine.review(made, True, tomorrow)
    again = mine.review(made, False, tomorrow)
    assert mine.due_at(good) > mine.due_at(again) >= tomorrow
    assert mine.due_at(good) >= tomorrow + timedelta(days=1)
    assert mine.due([good], tomorrow) == []


def test_the_record_reads_back_and_refuses_forged_values() -> None:
    start, moves, ply = played_deal()
    made = mine.from_mistake(start, moves, ply, 0, NOW)  # type: ignore[arg-type]
    assert made is not None
    record = attempted(TrainerRecord(personal=(made,)), 1400.0, "counting", False)
    assert record_from_data(json.loads(json.dumps(record_data(record)))) == record
    progress = Progress(trainer=record)
    assert load_progress(dump_progress(progress)) == progress
    # a rating kept by Glicko-2 (rating, deviation, volatility) reads on without the volatility
    kept = {**record_data(record), "rating": [1620.0, 240.0, 0.06]}
    assert record_from_data(kept).rating == rt.LearnerRating(1620.0, 240.0)
    forged = [
        ("rating", [float("nan"), 350]),
        ("rating", [1500, -1]),
        ("rating", ["1500", 350]),
        ("rating", [1500]),
        ("rating", [1500, 350, 0.06, 1]),
        ("rating", [1500, 350, -0.06]),
        ("history", [1e9]),
        ("themes", {"counting": [3, 2]}),
        ("themes", {"counting": [-1, 2]}),
        ("best_streak", True),
        ("personal", [{"id": "x"}]),
        ("personal", [{**record_data(record)["personal"][0], "learner": 5}]),
        ("personal", [{**record_data(record)["personal"][0], "card": {"due": "soon"}}]),
        ("personal", [{**record_data(record)["personal"][0], "goal": "win 9"}]),
    ]
    for key, value in forged:
        data = {**record_data(record), key: value}
        with pytest.raises(ValueError):
            record_from_data(data)
        doc = json.loads(dump_progress(progress))
        doc["trainer"] = data
        with pytest.raises(ProgressError):
            load_progress(json.dumps(doc))

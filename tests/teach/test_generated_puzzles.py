"""Generated puzzles: mined from self-play, proved by the judge, reproducible from a seed,
without duplicates; the shipped file read fast, a seeded sample of it proved again and its
texts made in three languages (all of it proved in the slow test)."""

from __future__ import annotations

import ast
import gzip
import importlib
import json
import random
import time
from collections import Counter
from pathlib import Path

import pytest

from tutor.cli.main import main as cli_main
from tutor.engine import PLAYER_NAMES, Close, Marriage, parse_move
from tutor.formats.positions import position_from_data, position_to_dict
from tutor.teach.puzzles import THEMES, Goal, GoalKind, analyse, validate, validate_paths
from tutor.teach.puzzles.generated import (
    EXPLAIN_CLOSE,
    EXPLAIN_HIDDEN,
    EXPLAIN_PLAY_ON,
    EXPLAIN_SEEN,
    GENERATED_FILE,
    GeneratedSet,
    Mined,
    dump,
    exact_key,
    puzzle_of,
    read_generated,
    read_records,
    record_of,
    sample,
)
from tutor.teach.puzzles.mine import _renamed, mine, near_key
from tutor.words.i18n import get_translator
from tutor.words.puzzle_page import puzzle_explanation, puzzle_title

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / GENERATED_FILE
LANGS = ("en", "de", "pl")
#: The presets the shipped file must cover, each with at least this many puzzles.
PRESETS = ("classic", "kurnik", "pagat", "schnapsen")
AT_LEAST = 200
#: How many shipped puzzles the fast suite proves again (the slow test proves them all).
SAMPLE = 12


@pytest.fixture(scope="module")
def few() -> list[Mined]:
    return mine("classic", 6, 7, attempts=300)


@pytest.mark.slow  # mines again: several seconds
def test_mining_is_reproducible_from_the_seed(few: list[Mined]) -> None:
    again = mine("classic", 6, 7, attempts=300)
    assert [m.id for m in again] == [m.id for m in few] and len(few) == 6
    other = mine("classic", 6, 8, attempts=300)
    assert [m.id for m in other] != [m.id for m in few]


def test_a_run_cut_short_is_the_start_of_a_longer_one(few: list[Mined]) -> None:
    assert [m.id for m in mine("classic", 3, 7, attempts=300)] == [m.id for m in few[:3]]


def test_every_mined_puzzle_is_proved_and_its_solution_is_the_one_idea(few: list[Mined]) -> None:
    for m in few:
        p = puzzle_of(m)
        assert validate(p) == [], m.id
        a = analyse(m.state, m.learner, m.goal)
        assert a.exact and set(a.accepted) == set(m.solution)
        assert set(m.themes) <= set(THEMES) and p.theme == m.themes[0]
        if m.goal.kind is not GoalKind.DECIDE_CLOSE:
            ideas = {(x.card.suit if isinstance(x, Marriage) else x) for x in m.solution}
            assert len(ideas) == 1 and len(a.scores) > len(a.accepted)
        best_other = m.fact.other
        assert best_other not in {str(x) for x in m.solution}


def test_near_duplicates_are_the_same_decision_with_the_suits_renamed(few: list[Mined]) -> None:
    m = few[0]
    trump = "cshd"[m.state.trump] if m.state.trump is not None else ""
    plain = [x for x in "cshd" if x != trump]
    table = dict(zip(plain, [plain[1], plain[2], plain[0]], strict=True))
    data = ast.literal_eval(_renamed(repr(position_to_dict(m.state)), table))
    state = position_from_data(data).state
    assert state is not None
    solution = tuple(parse_move(_renamed(str(x), table)) for x in m.solution)
    twin = Mined(
        m.preset,
        m.stage,
        state,
        m.learner,
        m.goal,
        solution,
        m.themes,
        m.level,
        m.fact,
        m.whole,
    )
    assert exact_key(twin.state) != exact_key(m.state)
    assert near_key(twin) == near_key(m)
    assert near_key(Mined(**{**m.__dict__, "goal": Goal.parse("win 3")})) != near_key(m)


@pytest.mark.slow  # mines again: several seconds
def test_a_kept_position_is_not_found_again(few: list[Mined]) -> None:
    seen = {exact_key(m.state) for m in few}
    near = {near_key(m) for m in few}
    again = mine("classic", 6, 7, attempts=300, seen=seen, near=near)
    assert not {m.id for m in again} & {m.id for m in few}


def test_the_file_round_trips_and_names_a_broken_line(tmp_path: Path, few: list[Mined]) -> None:
    path = tmp_path / "p.jsonl.gz"
    assert dump((record_of(m) for m in few), path) == len(few)
    puzzles, errors = read_generated(path)
    assert errors == [] and [p.id for p in puzzles] == [m.id for m in few]
    assert [p.solution for p in puzzles] == [m.solution for m in few]
    records = read_records(path)
    records[1]["goal"] = "win 9"
    dump(records, path)
    puzzles, errors = read_generated(path)
    assert len(puzzles) == len(few) - 1 and len(errors) == 1
    assert errors[0].line == 2 and "win 9" in errors[0].render(get_translator("en"))


def test_the_generate_command_reports_and_writes_the_same_file_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outs = [tmp_path / "a.jsonl.gz", tmp_path / "b.jsonl.gz"]
    for out in outs:
        args = ["puzzles", "generate", "--preset", "pagat", "--count", "3", "--seed", "4"]
        assert cli_main([*args, "--deals", "200", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "pagat: " in said and "puzzles kept" in said and "rejected (" in said
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert cli_main(["validate", str(outs[0])]) == 0
    assert "3 puzzles are valid." in capsys.readouterr().out
    assert (
        cli_main(["puzzles", "merge", "--out", str(tmp_path / "m.jsonl.gz"), *map(str, outs)]) == 0
    )
    assert "(3 duplicates left out)" in capsys.readouterr().out
    assert len(read_records(tmp_path / "m.jsonl.gz")) == 3


def test_an_unknown_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["puzzles", "generate", "--preset", "five", "--out", "x.jsonl.gz"]) == 2
    assert "unknown preset 'five'" in capsys.readouterr().err


# ----------------------------------------------------------------------------- the shipped file


@pytest.fixture(scope="module")
def shipped() -> GeneratedSet:
    return GeneratedSet(SHIPPED)


def test_the_shipped_file_covers_the_presets_without_duplicates(shipped: GeneratedSet) -> None:
    per = Counter(e.preset for e in shipped.entries)
    assert all(per[name] >= AT_LEAST for name in PRESETS), per
    assert len(set(shipped.ids)) == len(shipped.entries)
    records = read_records(SHIPPED)
    keys = [json.dumps(r["position"], sort_keys=True) for r in records]
    assert len(set(keys)) == len(keys)
    assert {t for e in shipped.entries for t in e.themes} <= set(THEMES)


def test_the_shipped_file_is_read_in_well_under_a_second() -> None:
    start = time.perf_counter()
    gen = GeneratedSet(SHIPPED)
    first = gen.get(gen.entries[0].id)
    seconds = time.perf_counter() - start
    assert first is not None and seconds < 1.0, seconds
    assert len(gzip.decompress(SHIPPED.read_bytes())) > 3 * SHIPPED.stat().st_size


def test_a_seeded_sample_of_the_shipped_puzzles_is_proved_again(shipped: GeneratedSet) -> None:
    seed = random.randrange(10**6)
    two_seats = [e for e in shipped.entries if not shipped.is_table(e.id)]
    for e in sample(two_seats, SAMPLE, seed):
        p = shipped.get(e.id)
        assert p is not None and validate(p) == [], (seed, e.id)


def test_the_shipped_puzzles_have_their_texts_in_three_languages(shipped: GeneratedSet) -> None:
    templates = {EXPLAIN_SEEN, EXPLAIN_HIDDEN, EXPLAIN_CLOSE, EXPLAIN_PLAY_ON}
    two_seats = [e for e in shipped.entries if not shipped.is_table(e.id)]
    for e in sample(two_seats, 60, 1):
        p = shipped.get(e.id)
        assert p is not None and p.explanation in templates
        said = {}
        for lang in LANGS:
            tr = get_translator(lang)
            title, text = puzzle_title(p, tr), puzzle_explanation(p, tr)
            assert "{" not in title + text and "TODO" not in text
            assert str(p.params and dict(p.params)["points"]) in title
            said[lang] = text
        assert len(set(said.values())) == 3, said
        if p.goal.kind is not GoalKind.DECIDE_CLOSE or not isinstance(p.solution[0], Close):
            assert dict(p.params)["deals"] >= 1
        assert PLAYER_NAMES[p.learner] in ("A", "B")


#: The shipped file is proved in this many parts, so that the test processes share it evenly.
PARTS = 8


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_every_shipped_puzzle_is_proved(part: int) -> None:
    """Every puzzle of two seats, a part at a time (those at a table: test_table_puzzles)."""
    puzzles, errors = read_generated(SHIPPED)
    assert errors == [] and len(puzzles) >= 2000
    problems = [e for p in puzzles[part::PARTS] for e in validate(p)]
    assert problems == []


def test_validate_proves_a_seeded_sample_of_the_generated_puzzles(
    tmp_path: Path, few: list[Mined], monkeypatch: pytest.MonkeyPatch
) -> None:
    module = importlib.import_module("tutor.teach.puzzles.validate")
    path = tmp_path / "p.jsonl.gz"
    dump((record_of(m) for m in few), path)
    proved: list[str] = []
    real = module.validate

    def counted(p: object) -> list[object]:
        proved.append(p.id)  # type: ignore[attr-defined]
        return real(p)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "validate", counted)
    found, errors = validate_paths([path], sample=2, seed=5)
    assert errors == [] and len(found) == len(few) and len(proved) == 2
    again: list[str] = proved[:]
    proved.clear()
    validate_paths([path], sample=2, seed=5)
    assert proved == again
    proved.clear()
    validate_paths([path])
    assert len(proved) == len(few)

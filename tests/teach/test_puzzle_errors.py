"""Broken puzzle files: each is refused with a translated message naming the file, the line and
the field, and one bad file never takes the others (or the app's Puzzles page) down."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from tutor.formats import messages as M
from tutor.formats.position_messages import E_TWICE
from tutor.teach.puzzles import Collection, PuzzleError, read_puzzles
from tutor.teach.puzzles import reader as R
from tutor.words.i18n import get_translator

from helpers import GOOD_PUZZLE as GOOD

ROOT = Path(__file__).resolve().parents[2]
V = importlib.import_module("tutor.teach.puzzles.validate")


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def only_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> PuzzleError:
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text(text, "utf-8")
    found, errors = read_puzzles(Path("p.yaml"))
    assert found == [] and len(errors) == 1, [str(e) for e in errors]
    return errors[0]


def named(err: PuzzleError, where: str) -> None:
    """The message starts with its place in English and German and is translated."""
    for lang in ("en", "de"):
        text = err.render(get_translator(lang))
        assert text.startswith(where), (lang, text)
        assert "Traceback" not in text and "/" not in text.split(":")[0]
    assert err.render(get_translator("de")) != str(err)


def test_the_good_puzzle_reads(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text(GOOD, "utf-8")
    found, errors = read_puzzles(tmp_path / "p.yaml")
    assert errors == [] and len(found) == 1


@pytest.mark.parametrize("level", ["1.0", "[]", "{}", "true", "'1'", "0", "4", "[1]", "null"])
def test_a_level_that_is_not_1_2_or_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    """``level: 1.0`` crashed the reader (and the Puzzles page); ``[]`` and ``{}`` too."""
    err = only_error(tmp_path, monkeypatch, GOOD.replace("level: 1", f"level: {level}"))
    assert (err.template, err.line, err.column) == (M.E_LEVEL, 5, 10)
    named(err, "p.yaml:5:10: ")


def test_one_bad_file_never_hides_the_others(tmp_path: Path) -> None:
    shutil.copy(ROOT / "puzzles" / "counting.yaml", tmp_path / "a.yaml")
    (tmp_path / "b.yaml").write_text(GOOD.replace("level: 1", "level: 1.0"), "utf-8")
    (tmp_path / "c.yaml").write_text(
        GOOD.replace("keep-the-kings", "other").replace("level: 1", "level: []"), "utf-8"
    )
    (tmp_path / "d.yaml").write_text(GOOD.replace("keep-the-kings", "fine"), "utf-8")
    col = Collection.load(tmp_path)
    good = read_puzzles(ROOT / "puzzles" / "counting.yaml")[0]
    assert {p.id for p in col.puzzles} == {p.id for p in good} | {"fine"}
    assert [(e.path, e.line, e.template) for e in col.errors] == [
        ("b.yaml", 5, M.E_LEVEL),
        ("c.yaml", 5, M.E_LEVEL),
    ]
    for err in col.errors:
        assert str(tmp_path) not in err.render(get_translator("de"))
        named(err, f"{err.path}:5:10: ")


def test_a_duplicate_id_names_both_files_relative_to_the_folder(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD, "utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, "utf-8")
    (err,) = Collection.load(tmp_path).errors
    assert str(err) == "b.yaml:2:1: the id 'keep-the-kings' is already used in a.yaml:2"


def test_a_fault_in_a_check_keeps_only_that_puzzle_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.yaml").write_text(GOOD, "utf-8")
    (tmp_path / "b.yaml").write_text(GOOD.replace("keep-the-kings", "other"), "utf-8")

    def precheck(p: object) -> list[PuzzleError]:
        if getattr(p, "id", "") == "other":
            raise KeyError("a bug")
        return []

    monkeypatch.setattr(V, "precheck", precheck)
    col = Collection.load(tmp_path)
    assert col.ids == ("keep-the-kings",)
    (err,) = col.errors
    assert (err.template, err.path) == (M.E_FAULT, "b.yaml")


@pytest.mark.parametrize(
    "value", ["1e-99999999", "1e-5", ".nan", ".inf", "0", "0%", "2", "101%", "abc", "[0.5]", "1%%"]
)
def test_a_probability_out_of_range_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """``1e-99999999`` (text to YAML 1.1) took minutes of ``Fraction`` and was accepted."""
    text = GOOD.replace("  solution:", f"  probability: {value}\n  solution:")
    err = only_error(tmp_path, monkeypatch, text)
    line = line_of(text, "probability:")
    assert err.template in (R.E_PROBABILITY, M.E_NOT_FINITE) and err.line == line
    named(err, f"p.yaml:{line}:")


@pytest.mark.parametrize(
    ("value", "share"),
    [("0.8", "4/5"), ("80%", "4/5"), ("'12.5 %'", "1/8"), ("1", "1"), (".5", "1/2")],
)
def test_a_probability_as_written(tmp_path: Path, value: str, share: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(GOOD.replace("  solution:", f"  probability: {value}\n  solution:"), "utf-8")
    (p,), errors = read_puzzles(path)
    assert errors == [] and str(p.probability) == share


@pytest.mark.parametrize(
    ("old", "new", "template", "needle"),
    [
        ("  goal: win\n", "  goal: win\n  moves: 21\n", R.E_MOVES, "moves:"),
        ("solution: [Jh]", "solution: []", M.E_EMPTY_TEXT, "solution:"),
        ("solution: [Jh]", "solution: [Jh, Jh]", R.E_MOVE_TWICE, "solution:"),
        ("id: keep-the-kings", "id: keep-", M.E_BAD_ID, "id:"),
        ("id: keep-the-kings", "id: " + "k" * 65, M.E_ID_LONG, "id:"),
        ("goal: win", "goal: [win]", R.E_GOAL, "goal:"),
        ("  goal: win\n", "  goal: win\n  player: [A]\n", M.E_PLAYER, "player:"),
        ("    to_move: A\n", "    to_move: A\n    to_move: B\n", M.E_DUPLICATE_KEY, "to_move: B"),
        ("    to_move: A\n", "    to_move: A\n    ? [a]\n    : 1\n", M.E_UNKNOWN_FIELD, "? [a]"),
        ("    stock: ''\n", "    stock: !!binary aGk=\n", M.E_TAG, "stock:"),
        ("    stock: ''\n", "    stock: " + "9" * 5000 + "\n", M.E_NUMBER_LONG, "stock:"),
        ("hands: {A: Kc Ks Jh,", "hands: {A: Kc Ks Jd,", E_TWICE, "played:"),
    ],
)
def test_file_errors_name_file_line_and_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str, new: str, template: str, needle: str
) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new)
    err = only_error(tmp_path, monkeypatch, text)
    assert err.template == template, str(err)
    assert err.line == line_of(text, needle), str(err)
    named(err, f"p.yaml:{err.line}:")


def test_a_position_error_is_translated_whole_and_names_its_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = GOOD.replace("hands: {A: Kc Ks Jh,", "hands: {A: Kc Ks Jx,")
    err = only_error(tmp_path, monkeypatch, text)
    assert err.field == "position.hands.A" and err.line == line_of(text, "hands:")
    german = err.render(get_translator("de"))
    assert german.startswith(f"p.yaml:{err.line}:") and "position.hands.A: " in german
    assert "unknown card" not in german and "Jx" in german


def test_a_puzzle_too_large_for_the_search_budget_is_refused_at_its_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The judge searches within a budget; a puzzle that needs more is a problem of the file,
    named at the position's line, not a search without end."""
    from tutor.search import Budget
    from tutor.teach.puzzles import judge

    validate = importlib.import_module("tutor.teach.puzzles.validate")
    (p,) = [q for q in Collection.load(ROOT / "puzzles").puzzles if q.id == "close-then-the-ace"]
    assert validate.validate(p) == []
    judge.analyse.cache_clear()
    monkeypatch.setattr(judge, "Budget", lambda: Budget(nodes=20_000, seconds=None))
    (err,) = validate.validate(p)
    assert err.template == validate.E_SEARCH_LIMIT and err.line == p.line_of("position")
    german = err.render(get_translator("de"))
    assert german.startswith(f"{p.source}:{err.line}:") and "Traceback" not in german

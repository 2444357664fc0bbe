"""What the fuzz suite found, each as the smallest input that showed it, checked through the
same oracle as the mutants (so each is refused with a message naming file and line, in every
language, or accepted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.formats.errors import SourceError
from tutor.formats.positions import PositionError, read_position
from tutor.teach.puzzles import read_puzzles
from tutor.words.i18n import get_translator

from .oracles import check_cli, check_position, check_puzzles

ROOT = Path(__file__).resolve().parents[2]


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- positions


def test_json_key_twice_where_yaml_cannot_follow_has_its_line(tmp_path: Path) -> None:
    # JSON that json reads up to the key given twice but YAML cannot read (a second object
    # follows on the line): the line is found in the text.
    text = '{"preset": "classic",\n "to_move": "A", "preset": "classic"}{"x": 1}\n'
    with pytest.raises(PositionError) as caught:
        read_position(text, "p.json")
    err = caught.value
    assert (err.line, err.field) == (2, "preset")
    assert str(err) == "p.json:2: preset: the field 'preset' is given twice"
    outcome = check_position(_file(tmp_path, "p.json", text), 0)
    assert outcome.verdict == "refused"


# ----------------------------------------------------------------------------- puzzles


def test_empty_puzzle_list_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _file(tmp_path, "empty.yaml", "# none yet\npuzzles: []\n")
    found, errors = read_puzzles(path)
    assert found == []
    assert [(e.line, e.column) for e in errors] == [(2, 10)]
    assert "'puzzles' (a list of puzzles)" in str(errors[0])
    assert check_puzzles(path, 0).verdict == "refused"
    check_cli("puzzle", path, 0)


def test_a_key_with_line_breaks_is_shown_on_one_line(tmp_path: Path) -> None:
    # A key holding a line break and a carriage return, in a puzzle's position: the message
    # names the field on one line, so the command line prints one problem a line.
    text = (ROOT / "puzzles" / "counting.yaml").read_text("utf-8")
    text = text.replace("A: {points: 65, tricks: 4}", 'A: {points: 65, "a\\nb\\rc": 4}', 1)
    path = _file(tmp_path, "counting.yaml", text)
    _, errors = read_puzzles(path)
    assert errors
    for lang in ("en", "de", "pl"):
        message = errors[0].render(get_translator(lang))
        assert "\n" not in message and "\r" not in message
        assert "scores.A.a b c" in message
    check_cli("puzzle", path, 0)


def test_a_long_field_is_cut_when_shown() -> None:
    err = SourceError("bad", path="f.yaml", line=1, field="a." + "x" * 1000)
    assert len(str(err)) < 250 and str(err).endswith(": bad")


@pytest.mark.parametrize("odd", ["\u2028", "\u2029", "\x85", "\x9f"])
def test_a_json_key_yaml_reads_otherwise_keeps_its_line(odd: str, tmp_path: Path) -> None:
    # JSON reads these as any other character of a key; YAML breaks the line there or refuses
    # them: the places are still found.
    text = '{\n  "preset": "classic",\n  "la' + odd + 'st": 1\n}\n'
    with pytest.raises(PositionError) as caught:
        read_position(text, "p.json")
    assert caught.value.line == 3
    assert check_position(_file(tmp_path, "p.json", text), 0).verdict == "refused"


def test_json_that_yaml_cannot_read_is_placed_at_its_first_line() -> None:
    # A key longer than YAML's 1,024 characters for a key: no place from YAML, the first line.
    text = '{"preset": "classic",\n "' + "k" * 2000 + '": 1}'
    with pytest.raises(PositionError) as caught:
        read_position(text, "p.json")
    assert caught.value.line == 1

"""``tutor replay`` and ``tutor validate`` agree on every shipped lesson, the lessons for three
and four players among them (in ``lessons/``, and in ``lessons/table/`` where there is one),
and on a table lesson kept in a folder named ``table`` or any other folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.teach.lessons import read_lesson

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = [ROOT / "lessons", ROOT / "lessons" / "table"]
FILES = sorted(f for d in FOLDERS if d.is_dir() for f in d.glob("*.yaml"))


def _seats(path: Path) -> int:
    lesson, errors = read_lesson(str(path), path.read_bytes())
    assert lesson is not None, errors
    return lesson.seats


def test_the_shipped_lessons_include_lessons_for_three_and_four() -> None:
    assert {_seats(f) for f in FILES} >= {2, 3, 4}


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_replay_and_validate_accept_every_shipped_lesson(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0, capsys.readouterr().out
    said = capsys.readouterr().out
    assert said.strip() and "belongs in the folder" not in said
    assert main(["replay", "--json", str(path)]) == 0


@pytest.mark.parametrize("folder", ["table", "mine"])
def test_a_table_lesson_in_any_folder_replays_as_it_validates(
    tmp_path: Path, folder: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = next(f for f in FILES if _seats(f) == 3)
    (tmp_path / folder).mkdir()
    copy = tmp_path / folder / "01-three-players.yaml"
    shutil.copy(source, copy)
    validated = main(["validate", str(copy)])
    replayed = main(["replay", str(copy)])
    out = capsys.readouterr().out
    assert validated == replayed == 0, out

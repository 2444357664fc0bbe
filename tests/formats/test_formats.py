"""The formats layer: the one safe loader, the one error type, and the lesson cache."""

from __future__ import annotations

import os
import pickle
import shutil
import time
from pathlib import Path

import pytest

from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.positions import PositionError
from tutor.teach.catalog import folder_signature
from tutor.teach.lessons import LessonError, Library, lesson_files, replay
from tutor.teach.lessons.reader import POLICY as LESSON_POLICY

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"

STRICT = yamlsafe.Policy(
    max_nodes=5,
    too_complex="more than {limit}",
    alias="alias",
    tag="tag {tag}",
    empty="empty",
)


class Upper:
    """A translator stand-in: upper-cases every message."""

    def _(self, msgid: str, **params: object) -> str:
        return msgid.format(**params).upper()


def test_compose_refuses_aliases_tags_and_too_many_nodes() -> None:
    with pytest.raises(SourceError) as alias:
        yamlsafe.compose("a: &x [1]\nb: *x\n", "f.yaml", STRICT)
    assert alias.value.template == "alias" and (alias.value.line, alias.value.column) == (1, 4)
    with pytest.raises(SourceError) as tag:
        yamlsafe.compose("a: !!python/object:os.system x\n", "f.yaml", STRICT)
    assert tag.value.params == {"tag": "!!python/object:os.system"}
    with pytest.raises(SourceError) as big:
        yamlsafe.compose("[1, 2, 3, 4, 5]\n", "f.yaml", STRICT)
    assert big.value.params == {"limit": 5} and big.value.column == 14
    with pytest.raises(SourceError) as empty:
        yamlsafe.compose("# nothing\n", "f.yaml", STRICT)
    assert empty.value.template == "empty"


def test_a_message_gets_only_the_parameters_it_names() -> None:
    quiet = yamlsafe.Policy(max_nodes=1, too_complex="too many values", alias=None, tag=None)
    with pytest.raises(SourceError) as err:
        yamlsafe.compose("[1, 2]", "f.yaml", quiet)
    assert err.value.params == {}


def test_decode_names_the_line_of_the_bad_byte() -> None:
    with pytest.raises(SourceError) as err:
        yamlsafe.compose(b"a: 1\nb: \xff\n", "f.yaml", STRICT)
    assert err.value.line == 2 and str(err.value) == "f.yaml:2:1: the file is not UTF-8 text"


def test_read_capped(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"x" * 11)
    with pytest.raises(SourceError) as err:
        yamlsafe.read_capped(path, 10, "{size} > {limit}")
    assert str(err.value).endswith(": 11 > 10")
    assert yamlsafe.read_capped(path, 11, "unused") == b"x" * 11
    with pytest.raises(SourceError) as missing:
        yamlsafe.read_capped(tmp_path / "nope.yaml", 10, "unused")
    assert missing.value.template == "the file does not exist"


def test_load_gives_data_and_places_for_yaml_and_json() -> None:
    data, where = yamlsafe.load("a:\n  - x\n  - {b: 2}\n")
    assert data == {"a": ["x", {"b": 2}]}
    assert where.where(("a", 1, "b")) == (3, 6) and where.line(("a", 9)) == 1
    data, where = yamlsafe.load('{"a": [1,\n 2]}')
    assert data == {"a": [1, 2]} and where.line(("a", 1)) == 2
    with pytest.raises(SourceError) as twice:
        yamlsafe.load("a: 1\nb:\n  c: 1\n  c: 2\n", "p.yaml")
    assert (twice.value.line, twice.value.field, twice.value.params) == (4, "b.c", {"field": "c"})
    with pytest.raises(SourceError) as json_twice:
        yamlsafe.load('{"a": 1, "a": 2}')
    assert (json_twice.value.line, json_twice.value.column) == (1, 10)


def test_lessons_keep_their_limits() -> None:
    assert (LESSON_POLICY.max_nodes, LESSON_POLICY.alias is not None) == (20_000, True)


def test_source_error_renders_pickles_and_recasts() -> None:
    err = SourceError("bad {x}", {"x": 1}, path="a.yaml", line=2, column=3, step=4)
    assert str(err) == "a.yaml:2:3: step 4: bad 1"
    assert err.render(Upper()) == "a.yaml:2:3: STEP 4: BAD 1"
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is SourceError and str(again) == str(err)
    lesson_err = err.recast(LessonError)
    assert isinstance(lesson_err, LessonError) and str(lesson_err) == str(err)
    pos = PositionError("bad {x}", source="p.yaml", line=5, field="hands.A", x=1)
    assert str(pos) == "p.yaml:5: hands.A: bad 1" and pos.source == "p.yaml"
    assert str(pickle.loads(pickle.dumps(pos))) == str(pos)


def test_library_reads_a_changed_file_again_and_keeps_the_replay(tmp_path: Path) -> None:
    shutil.copy(LESSONS / "example-1.yaml", tmp_path / "a.yaml")
    shutil.copy(ROOT / "tests" / "broken_lessons" / "unknown_card.yaml", tmp_path / "b.yaml")
    lib = Library(tmp_path).refresh()
    assert [les.id for les in lib.lessons] == ["example-1"] and len(lib.errors) == 1
    assert [name for name, _, _ in folder_signature(tmp_path)] == [
        p.name for p in lesson_files(tmp_path)
    ]
    first = lib.get("example-1")
    assert first is not None
    frames = lib.frames("example-1")
    assert frames and frames is replay(first) and lib.frames("nope") == ()
    assert lib.refresh().get("example-1") is first
    path = tmp_path / "a.yaml"
    path.write_text(path.read_text("utf-8").replace("level: 3", "level: 2"), "utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    second = lib.refresh().get("example-1")
    assert second is not None and second is not first and second.level == 2


def test_a_folder_listed_just_now_is_trusted_for_the_time_asked(tmp_path: Path) -> None:
    shutil.copy(LESSONS / "example-1.yaml", tmp_path / "a.yaml")
    lib = Library(tmp_path).refresh(within=3600)  # a first look always lists the folder
    assert [les.id for les in lib.lessons] == ["example-1"]
    shutil.copy(LESSONS / "example-2.yaml", tmp_path / "b.yaml")
    assert [les.id for les in lib.refresh(within=3600).lessons] == ["example-1"]
    assert [les.id for les in lib.refresh().lessons] == ["example-1", "example-2"]
    (tmp_path / "b.yaml").unlink()
    lib._looked -= 3600  # an hour later
    assert [les.id for les in lib.refresh(within=3600).lessons] == ["example-1"]

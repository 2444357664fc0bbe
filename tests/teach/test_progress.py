"""The learner's progress and its file (tutor.teach.progress), and the course's path
(tutor.web.course)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.teach.lessons import load_lessons
from tutor.teach.progress import (
    M_NEWER,
    M_NOT_JSON,
    M_NOT_PROGRESS,
    M_NOT_TEXT,
    M_TOO_LARGE,
    MAX_PROGRESS_BYTES,
    Progress,
    ProgressError,
    dump_progress,
    load_progress,
    only_known,
)
from tutor.web import course
from tutor.words.i18n import LANGUAGES, get_translator

ROOT = Path(__file__).resolve().parents[2]
LESSONS, _ = load_lessons(ROOT / "lessons")


def sample() -> Progress:
    return (
        Progress()
        .finish("01-cards-and-points")
        .finish("02-tricks-and-trumps")
        .step_right("01-cards-and-points", "s3")
        .solve("p-01", True)
        .solve("p-02", False)
    )


def test_round_trip() -> None:
    p = sample()
    back = load_progress(dump_progress(p))
    assert back == p
    assert back.right_first_try() == 1
    assert load_progress(dump_progress(p).encode("utf-8")) == p
    assert load_progress(b"\xef\xbb\xbf" + dump_progress(p).encode("utf-8")) == p  # BOM


def test_dump_is_small_and_stable() -> None:
    p = sample()
    assert dump_progress(p) == dump_progress(load_progress(dump_progress(p)))
    assert json.loads(dump_progress(Progress())) == {
        "version": 1,
        "lessons": [],
        "steps": {},
        "puzzles": {},
    }


def test_solved_without_hint_stays_so() -> None:
    p = Progress().solve("p", True).solve("p", False)
    assert p.puzzles == {"p": True}
    merged = Progress(puzzles={"p": False}).merge(Progress(puzzles={"p": True}))
    assert merged.puzzles == {"p": True}


def test_merge_keeps_both() -> None:
    a = Progress().finish("a").step_right("a", "1")
    b = Progress().finish("b").step_right("a", "2")
    m = a.merge(b)
    assert m.lessons == {"a", "b"}
    assert m.steps["a"] == {"1", "2"}
    assert Progress().empty and not m.empty


def test_only_known_drops_unknown() -> None:
    p = sample().finish("no-such-lesson").step_right("no-such-lesson", "x")
    kept = only_known(p, ["01-cards-and-points", "02-tricks-and-trumps"], ["p-01"])
    assert kept.lessons == {"01-cards-and-points", "02-tricks-and-trumps"}
    assert set(kept.steps) == {"01-cards-and-points"}
    assert kept.puzzles == {"p-01": True}


@pytest.mark.parametrize(
    ("data", "msgid"),
    [
        (b"x" * (MAX_PROGRESS_BYTES + 1), M_TOO_LARGE),
        (b"\xff\xfe\x00garbage", M_NOT_TEXT),
        ("{not json", M_NOT_JSON),
        ("[" * 100_000 + "]" * 100_000, M_TOO_LARGE),
        ("[" * 40_000 + "]" * 40_000, M_NOT_JSON),  # too deep to read
        ("[]", M_NOT_PROGRESS),
        ('{"version": 1, "lessons": "01"}', M_NOT_PROGRESS),
        ('{"version": "1"}', M_NOT_PROGRESS),
        ('{"version": true}', M_NOT_PROGRESS),
        ('{"version": 0}', M_NOT_PROGRESS),
        ('{"version": 2}', M_NEWER),
        ('{"version": 1, "solved": {}}', M_NOT_PROGRESS),  # the puzzles' own file
        ('{"version": 1, "lessons": [1]}', M_NOT_PROGRESS),
        ('{"version": 1, "lessons": [""]}', M_NOT_PROGRESS),
        ('{"version": 1, "lessons": ["' + "a" * 300 + '"]}', M_NOT_PROGRESS),
        ('{"version": 1, "lessons": ["a\\u0000b"]}', M_NOT_PROGRESS),
        ('{"version": 1, "steps": {"a": "1"}}', M_NOT_PROGRESS),
        ('{"version": 1, "steps": []}', M_NOT_PROGRESS),
        ('{"version": 1, "puzzles": {"p": 1}}', M_NOT_PROGRESS),
        ('{"version": 1, "puzzles": ["p"]}', M_NOT_PROGRESS),
        (
            '{"version": 1, "lessons": ' + json.dumps([str(i) for i in range(3000)]) + "}",
            M_NOT_PROGRESS,
        ),
    ],
)
def test_hostile_files_refused(data: bytes | str, msgid: str) -> None:
    with pytest.raises(ProgressError) as err:
        load_progress(data)
    assert err.value.template == msgid


@pytest.mark.parametrize("msgid", [M_TOO_LARGE, M_NOT_TEXT, M_NOT_JSON, M_NOT_PROGRESS, M_NEWER])
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_messages_translated(msgid: str, lang: str) -> None:
    said = ProgressError(msgid).render(get_translator(lang))
    assert said and said != msgid


# ----------------------------------------------------------------------------- the course


def test_path_holds_every_lesson_once_in_group_order() -> None:
    path = course.course_path(LESSONS)
    assert sorted(les.id for les in path) == sorted(les.id for les in LESSONS)
    groups = course.course_groups(LESSONS)
    assert [g.title for g in groups] == [
        course.FIRST_STEPS,
        course.PLAYING_WELL,
        course.WORKED_DEALS,
        course.FINE_POINTS,
        course.AT_THE_TABLE,  # the lessons for three and four, after the course for two
    ]
    assert {les.seats for les in groups[-1].lessons} == {3, 4}
    assert path[0].id == "01-cards-and-points"
    assert all(les.level == 1 or les.id == "04-closed-phase" for les in groups[0].lessons)
    assert all(les.id.startswith("example") for les in groups[2].lessons)


def test_lessons_not_named_join_by_level() -> None:
    from dataclasses import replace

    base = LESSONS[0]
    extra = [
        replace(base, id="zz-new-basic", level=1),
        replace(base, id="zz-new-hard", level=3),
        replace(base, id="example-9", level=3),
    ]
    groups = {g.title: [les.id for les in g.lessons] for g in course.course_groups(LESSONS + extra)}
    assert groups[course.FIRST_STEPS][-1] == "zz-new-basic"
    assert groups[course.FINE_POINTS][-1] == "zz-new-hard"
    assert groups[course.WORKED_DEALS][-1] == "example-9"


def test_next_and_first_to_do() -> None:
    path = course.course_path(LESSONS)
    assert course.next_lesson(path, path[0].id) == path[1]
    assert course.next_lesson(path, path[-1].id) is None
    assert course.next_lesson(path, "nope") is None
    done = Progress(frozenset({path[0].id, path[1].id}))
    assert course.first_to_do(path, done) == path[2]
    everything = Progress(frozenset(les.id for les in path))
    assert course.first_to_do(path, everything) is None


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_intro_three_sentences_translated(lang: str) -> None:
    t = get_translator(lang)
    html = str(course.intro_html(t))
    assert html.count(". ") + html.rstrip("</p>").endswith(".") >= 3
    if lang != "en":
        assert str(course.intro_html(t)) != str(course.intro_html(get_translator("en")))
        line = course.progress_line(sample(), course.course_path(LESSONS), 32, t)
        assert "2" in line and "32" in line

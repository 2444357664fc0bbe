"""The course in the app (AppTest): the landing page, "Start here", "Next lesson", the
progress restored in a new session from what the browser keeps, and the progress file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.progress as app_progress
import tutor_app.storage as app_storage
from tests.helpers import hand_back
from tutor.teach.lessons import load_lessons, replay
from tutor.teach.progress import (
    M_NEWER,
    M_NOT_JSON,
    M_NOT_PROGRESS,
    M_TOO_LARGE,
    MAX_PROGRESS_BYTES,
    Progress,
    dump_progress,
    load_progress,
)
from tutor.web import course
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS, _ = load_lessons(ROOT / "lessons")
PATH = course.course_path(LESSONS)
LAST = {les.id: len(replay(les)) - 1 for les in LESSONS}


class FakeStore:
    """The storage component as the browser runs it: hands a new session the stored progress
    (once, if there is some) and keeps what the app saves once it has read it (at once when
    nothing was stored)."""

    def __init__(self, stored: str = "") -> None:
        self.stored = stored
        self.mounts = 0
        self.sent: set[str] = set()  # sessions the stored progress was sent to
        self.ready: set[str] = set()  # sessions that found nothing stored

    def __call__(self, *, data: dict[str, Any], key: str, **callbacks: object) -> None:
        if data.get("key") != app_progress.STORAGE_KEY:  # another entry (a teacher's room)
            return
        self.mounts += 1
        if not data.get("loaded") and self.stored and data["session"] not in self.sent:
            self.sent.add(data["session"])
            hand_back(key, self.stored, callbacks)
        if data.get("loaded") or data["session"] in self.ready:
            self.stored = str(data["save"])
        elif not self.stored:
            self.ready.add(data["session"])
            self.stored = str(data["save"])


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeStore]:
    fake = FakeStore()
    monkeypatch.setattr(app_storage, "_STORE", fake)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    yield fake


def start(lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    clean(at)
    return at


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def texts(at: AppTest) -> str:
    return " ".join(md_plain(str(e.value)) for e in [*at.markdown, *at.caption])


def html_texts(at: AppTest) -> str:
    return " ".join(str(h.proto.body) for h in at.get("html"))


def finish_open_lesson(at: AppTest) -> None:
    lesson = at.session_state["lesson"]
    at.session_state["step"] = LAST[lesson] - 1
    at.button(key="next").click().run()
    clean(at)
    assert at.session_state["step"] == LAST[lesson]


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_landing_says_what_66_is_and_starts_the_first_lesson(store: FakeStore, lang: str) -> None:
    at = start(lang)
    t = get_translator(lang)
    assert str(course.intro_html(t)) in html_texts(at)
    starts = [b for b in at.button if b.key == "start_here"]
    assert len(starts) == 1 and starts[0].label == t._("Start here")
    assert [b for b in at.button if b.proto.type == "primary"] == starts  # one way in
    for group in course.course_groups(LESSONS):
        assert t._(group.title) in [s.value for s in at.subheader]
    starts[0].click().run()
    clean(at)
    assert at.session_state["lesson"] == PATH[0].id


def test_next_lesson_follows_the_path(store: FakeStore) -> None:
    at = start()
    at.button(key="start_here").click().run()
    for i, lesson in enumerate(PATH[:3]):
        assert at.session_state["lesson"] == lesson.id
        assert not [b for b in at.button if b.key == "next_lesson"]  # not before the end
        finish_open_lesson(at)
        nxt = at.button(key="next_lesson")
        assert nxt.label == "Next lesson"
        assert f"Next up: {PATH[i + 1].title}" in texts(at)
        nxt.click().run()
        clean(at)
        assert at.session_state["step"] == 0
    assert set(at.session_state["finished"]) == {les.id for les in PATH[:3]}


def test_last_lesson_leads_to_the_puzzles(store: FakeStore) -> None:
    at = start()
    at.button(key=f"open_{PATH[-1].id}").click().run()
    finish_open_lesson(at)
    assert not [b for b in at.button if b.key == "next_lesson"]
    links = at.get("page_link")
    assert links and "Puzzles" in str(links[0].proto.label)


def test_progress_kept_for_a_new_session(store: FakeStore) -> None:
    at = start()
    at.button(key="start_here").click().run()
    finish_open_lesson(at)
    at.run()  # a run after the lesson's end stores the progress
    kept = load_progress(store.stored)
    assert PATH[0].id in kept.lessons

    later = start()  # a new session in the same browser
    assert set(later.session_state["finished"]) == {PATH[0].id}
    start_button = later.button(key="start_here")
    assert start_button.label != "Start here"  # it continues instead
    assert PATH[1].title in start_button.label
    assert "Lessons finished: 1 of" in texts(later)
    start_button.click().run()
    assert later.session_state["lesson"] == PATH[1].id


def test_stored_steps_and_puzzles_restored(store: FakeStore) -> None:
    store.stored = dump_progress(
        Progress()
        .finish(PATH[0].id)
        .finish("a-lesson-gone")
        .step_right(PATH[0].id, "q1")
        .solve("some-puzzle", True)
    )
    at = start()
    assert set(at.session_state["finished"]) == {PATH[0].id}  # unknown lessons left out
    assert app_progress.STEPS_KEY in at.session_state
    assert at.session_state["pz_solved"] == {"some-puzzle": True}
    assert "1 question answered right at the first try" in texts(at)


def test_unreadable_storage_is_replaced(store: FakeStore) -> None:
    store.stored = '{"version": 1, "lessons": [1, 2]}'
    at = start()
    clean(at)
    assert set(at.session_state["finished"]) == set()
    at.run()
    assert load_progress(store.stored) == Progress()


def _upload(lang: str, data: bytes) -> None:
    import streamlit as st

    from tutor_app import progress_panel, session, shared

    session.init_session()
    st.session_state.lang = lang
    progress_panel.apply_upload(data)
    progress_panel.progress_controls(shared.tr())


def _export(finished: list[str], steps: dict[str, frozenset[str]], solved: dict[str, bool]) -> None:
    import streamlit as st

    from tutor_app import progress, progress_panel, session, shared

    session.init_session()
    st.session_state.finished = set(finished)
    st.session_state[progress.STEPS_KEY] = steps
    st.session_state.pz_solved = solved
    st.session_state["exported"] = progress.export_text()
    progress_panel.progress_controls(shared.tr())


def test_export_import_round_trip() -> None:
    steps = {PATH[0].id: frozenset({"q1", "q2"})}
    out = AppTest.from_function(
        _export, args=([PATH[0].id, PATH[2].id], steps, {"p": True}), default_timeout=60
    ).run()
    clean(out)
    exported = out.session_state["exported"]
    assert out.get("download_button")[0].proto.label == "Download your progress"
    back = AppTest.from_function(
        _upload, args=("en", exported.encode("utf-8")), default_timeout=60
    ).run()
    clean(back)
    assert set(back.session_state["finished"]) == {PATH[0].id, PATH[2].id}
    assert back.session_state[app_progress.STEPS_KEY] == steps
    assert back.session_state["pz_solved"] == {"p": True}
    assert [md_plain(s.value) for s in back.success] == ["Progress read: 2 lessons finished."]


BAD = {
    "not-json": (b"{oops", M_NOT_JSON),
    "puzzle-marks": (b'{"version": 1, "solved": {"p": true}}', M_NOT_PROGRESS),
    "newer": (b'{"version": 7}', M_NEWER),
    "huge": (b" " * (MAX_PROGRESS_BYTES + 1), M_TOO_LARGE),
    "hostile": (b'{"version": 1, "lessons": ["[x](https://evil.example)", 3]}', M_NOT_PROGRESS),
}


@pytest.mark.parametrize("case", list(BAD))
@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_bad_files_refused_with_translated_messages(case: str, lang: str) -> None:
    data, msgid = BAD[case]
    at = AppTest.from_function(_upload, args=(lang, data), default_timeout=60).run()
    assert not at.exception
    assert [md_plain(e.value) for e in at.error] == [get_translator(lang)._(msgid)]
    assert set(at.session_state["finished"]) == set()


def _reset_flow(lesson_id: str) -> None:
    import streamlit as st

    from tutor_app import session, shared
    from tutor_app.progress_panel import progress_controls

    session.init_session()
    if "seeded" not in st.session_state:
        st.session_state.seeded = True
        st.session_state.finished = {lesson_id}
    progress_controls(shared.tr())


def test_reset_asks_first() -> None:
    at = AppTest.from_function(_reset_flow, args=(PATH[0].id,), default_timeout=60).run()
    at.button(key="reset_ask").click().run()
    assert at.warning  # the question
    at.button(key="reset_no").click().run()
    assert set(at.session_state["finished"]) == {PATH[0].id}
    at.button(key="reset_ask").click().run()
    at.button(key="reset_yes").click().run()
    assert not at.exception
    assert set(at.session_state["finished"]) == set()
    assert not [b for b in at.button if b.key == "reset_yes"]


def test_an_address_to_the_last_step_does_not_finish_the_lesson(store: FakeStore) -> None:
    lesson = PATH[1]
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(lang="en", lesson=lesson.id, step=str(LAST[lesson.id]))
    at.run()
    clean(at)
    assert at.session_state["lesson"] == lesson.id
    assert at.session_state["step"] == LAST[lesson.id]
    assert set(at.session_state["finished"]) == set()  # opened there, not walked there
    at.button(key="restart").click().run()
    finish_open_lesson(at)  # Next onto the last step finishes it
    assert set(at.session_state["finished"]) == {lesson.id}

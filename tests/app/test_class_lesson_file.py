"""A class follows a lesson the teacher opened from a file: the room carries the file, the
students' pages read it once and follow its steps and questions as a lesson of the library;
a file that no longer reads is said, in the student's language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.shared as app_shared
from tests.helpers import serve_rooms
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor.words.learn_page import FILE_TOO_LARGE
from tutor_app.rooms import MAX_FILE_BYTES, RoomStore, file_digest

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSON = (ROOT / "lessons" / "01-cards-and-points.yaml").read_bytes()
#: A lesson the library does not have: the students can only have it from the room.
MINE = LESSON.replace(b"id: 01-cards-and-points", b"id: my-cards").replace(
    b"title:", b"# a teacher's own copy\ntitle:", 1
)


class CountingStore(RoomStore):
    """The rooms in this process, counting the reads of a room's file."""

    reads = 0

    def lesson_file(self, code: str, digest: str) -> bytes | None:
        CountingStore.reads += 1
        return super().lesson_file(code, digest)


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[CountingStore]:
    rooms = CountingStore()
    CountingStore.reads = 0
    app_shared.file_lessons.clear()
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    serve_rooms(monkeypatch, rooms)
    yield rooms
    app_shared.rooms.clear()
    app_shared.file_lessons.clear()


def _teacher_page(name: str, data: bytes, how: str) -> None:
    """The Learn page of a teacher who opened a lesson file (the page's upload) or whose
    studio shares one (``share_lesson_file``), once."""
    import streamlit as st

    from tutor_app import lesson_catalogue, room_panel, session
    from tutor_app.pages import learn

    session.init_session()
    if not st.session_state.get("t66_test_opened"):
        st.session_state["t66_test_opened"] = True
        if how == "upload":
            lesson_catalogue.open_upload(name, data)
        else:
            room_panel.share_lesson_file(name, data)
    learn.page()


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _teacher(how: str, data: bytes = MINE) -> AppTest:
    at = AppTest.from_function(_teacher_page, args=("mine.yaml", data, how), default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    return _ok(at)


def _student(code: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["room"] = code
    at.query_params["lang"] = lang
    at.switch_page("tutor_app/pages/follow.py")
    at.run()
    return _ok(at)


def _html(at: AppTest) -> str:
    return "\n".join(str(h.proto.body) for h in at.get("html"))


def _words(at: AppTest, kind: str) -> str:
    return " ".join(md_plain(str(e.value)) for e in getattr(at, kind))


def test_the_class_follows_a_lesson_file_the_teacher_opened(store: CountingStore) -> None:
    teacher = _teacher("upload")
    assert teacher.session_state["lesson"] == "my-cards"
    teacher.toggle(key="w_share").set_value(True).run()  # today's share control
    code, token = teacher.session_state["room"], teacher.session_state["room_token"]
    view = store.get(code)
    assert view is not None and view.lesson == "my-cards" and view.file == file_digest(MINE)
    assert store.lesson_file(code, view.file) == MINE
    CountingStore.reads = 0
    students = [_student(code) for _ in range(3)]
    for s in students:
        assert "my-cards:0" in _html(s) and 'class="t66-board' in _html(s)
        assert "not available" not in _words(s, "warning")
    assert CountingStore.reads == 1  # three students, one read of the file
    for _ in range(3):
        teacher.button(key="next").click().run()
    _ok(teacher)
    teacher.button(key="ask_class").click().run()
    _ok(teacher)
    for s in students:
        s.run()
        labels = [b.label for b in s.button if b.key.startswith("class_answer")]
        assert labels == ["The king", "The ten"]
        assert "Which card is higher" in _html(s) and "my-cards:3" in _html(s)
    students[0].button(key="class_answer_1").click().run()
    _ok(students[0])
    assert "Your answer: The ten." in _words(students[0], "info")
    assert store.tally(code, token) == {"#1": 1}
    teacher.button(key="reveal_class").click().run()
    students[0].run()
    assert "Your answer The ten is right." in _words(students[0], "success")
    assert CountingStore.reads == 1


def test_the_studio_shares_a_lesson_file_at_its_first_step(store: CountingStore) -> None:
    teacher = _teacher("studio")
    code = teacher.session_state["room"]
    assert code and teacher.toggle(key="w_share").value
    view = store.get(code)
    assert view is not None and (view.lesson, view.step) == ("my-cards", 0)
    assert view.file == file_digest(MINE)
    student = _student(code, "de")
    assert "my-cards:0" in _html(student) and 'class="t66-board' in _html(student)
    teacher.button(key="next").click().run()
    student.run()
    assert "my-cards:1" in _html(student)


def test_a_file_that_no_longer_reads_is_said(store: CountingStore) -> None:
    teacher = _teacher("studio")
    code, token = teacher.session_state["room"], teacher.session_state["room_token"]
    broken = b"id: my-cards\ntitle: A\nlevel: 9\nrules: classic\n"
    digest = store.put_file(code, token, broken)
    assert digest is not None and store.publish(code, token, "my-cards", 0, (True, True), digest)
    student = _student(code, "pl")
    said = get_translator("pl")._("The teacher's lesson is not available here.")
    assert said in _words(student, "warning") and "my-cards:0" not in _html(student)
    # the teacher's page shows its step again: the room's file is the teacher's again
    teacher.run()
    view = store.get(code)
    assert view is not None and view.file == file_digest(MINE)
    student.run()
    assert said not in _words(student, "warning") and "my-cards:0" in _html(student)


def test_a_file_too_large_to_share_is_said_to_the_teacher(store: CountingStore) -> None:
    padded = MINE + b"#" * MAX_FILE_BYTES + b"\n"
    teacher = _teacher("upload", padded)
    assert teacher.session_state["lesson"] == "my-cards"
    teacher.toggle(key="w_share").set_value(True).run()
    code = teacher.session_state["room"]
    assert code and store.get(code) is None  # the room waits: nothing shown
    said = get_translator("en")._(FILE_TOO_LARGE, size=MAX_FILE_BYTES // 1024)
    assert said in " ".join(md_plain(str(e.value)) for e in [*teacher.warning, *teacher.info])

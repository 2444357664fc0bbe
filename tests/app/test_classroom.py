"""The teacher's room in class: the code to read from the back row, the join address and its
QR code, the students who follow, the room kept across the teacher's reload, and the students
told when the teacher's screen has gone quiet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.shared as app_shared
import tutor_app.storage as app_storage
from tests.app.test_lesson_steps_app import counter
from tests.helpers import FakeStorage, serve_rooms
from tutor.web.classroom import join_address, qr_svg, room_panel_html
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor_app.rooms import RoomStore

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")


def test_the_join_address_keeps_only_the_apps_host() -> None:
    assert join_address("https://class.example:8443/learn?lesson=x#y", "ABCDEF") == (
        "https://class.example:8443/follow?room=ABCDEF"
    )
    for odd in ("", "javascript://x/", "data:text/html,x", "//evil.example/x", "ftp://h/"):
        assert join_address(odd, "ABCDEF") == "/follow?room=ABCDEF"


@pytest.mark.parametrize(
    ("lang", "n", "words"),
    [
        ("en", 1, "1 student follows"),
        ("de", 3, "3 Personen folgen"),
        ("pl", 5, "5 uczniów śledzi"),
        ("pl", 3, "3 uczniowie śledzą"),
    ],
)
def test_the_panel_in_each_language(lang: str, n: int, words: str) -> None:
    html = str(room_panel_html("K7QF2M", "http://h/follow?room=K7QF2M", n, get_translator(lang)))
    assert '<p class="t66-roomcode">K7Q-F2M</p>' in html
    assert words in html
    assert 'class="t66-qr" src="data:image/svg+xml;base64,' in html


def test_outside_text_in_the_address_is_escaped() -> None:
    html = str(room_panel_html("K7QF2M", '/follow?room=<b>"x', None, get_translator("en")))
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_the_qr_code_is_a_drawing_made_here() -> None:
    svg = qr_svg("http://10.0.0.5:8501/follow?room=K7QF2M")
    assert svg.startswith("<svg") and "<path" in svg and "http" not in svg.split(">", 1)[1]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[RoomStore, Clock]]:
    """The app's rooms in this process, on a clock the test moves."""
    clock = Clock()
    rooms = RoomStore(clock=clock)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    serve_rooms(monkeypatch, rooms)
    yield rooms, clock
    app_shared.rooms.clear()


def _teacher(lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = "02-tricks-and-trumps"
    at.query_params["lang"] = lang
    at.run()
    at.toggle(key="w_share").set_value(True).run()
    assert not at.exception and not at.error
    return at


def _panel(at: AppTest) -> str:
    return " ".join(
        str(h.proto.body) for h in at.get("html") if "t66-roompanel" in str(h.proto.body)
    )


def _student(code: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["room"] = code
    at.query_params["lang"] = "en"
    at.switch_page("tutor_app/pages/follow.py")
    at.run()
    assert not at.exception
    return at


def test_the_teacher_sees_the_code_and_the_students_who_follow(store: object) -> None:
    teacher = _teacher("de")
    code = teacher.session_state["room"]
    panel = _panel(teacher)
    assert f"{code[:3]}-{code[3:]}" in panel and "0 Personen folgen" in panel
    students = [_student(code) for _ in range(2)]
    assert all("t66-board" in " ".join(str(h.proto.body) for h in s.get("html")) for s in students)
    teacher.run()
    assert "2 Personen folgen" in _panel(teacher)


def test_the_code_stands_beside_the_lesson_title_while_the_room_is_open(store: object) -> None:
    teacher = _teacher("pl")
    code = teacher.session_state["room"]

    def heading() -> str:
        return " ".join(str(h.proto.body) for h in teacher.get("html") if "<h1" in h.proto.body)

    assert f'<span class="t66-roomchip">Kod pokoju <b>{code[:3]}-{code[3:]}</b></span>' in (
        heading()
    )
    teacher.toggle(key="w_share").set_value(False).run()
    assert "t66-level" in heading() and "t66-roomchip" not in heading()


def test_the_room_survives_the_teachers_reload(
    store: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = FakeStorage()
    monkeypatch.setattr(app_storage, "_STORE", browser)
    teacher = _teacher()
    code = teacher.session_state["room"]
    teacher.run()  # the browser now keeps the room
    assert code in browser.stored["tutor66.room"]
    again = AppTest.from_file(APP, default_timeout=60)
    again.query_params["lesson"] = "02-tricks-and-trumps"
    again.run()
    assert again.session_state["room"] == code
    assert again.toggle(key="w_share").value
    # Stopping the share forgets it in the browser as well.
    again.toggle(key="w_share").set_value(False).run()
    again.run()
    assert "tutor66.room" not in browser.stored


def test_students_are_told_when_the_teacher_has_gone(store: tuple[RoomStore, Clock]) -> None:
    _rooms, clock = store
    teacher = _teacher()
    code = teacher.session_state["room"]
    student = _student(code)
    infos = " ".join(md_plain(str(e.value)) for e in student.info)
    assert "has not been seen" not in infos
    clock.now += 25
    student.run()
    infos = " ".join(md_plain(str(e.value)) for e in student.info)
    assert "The teacher's screen has not been seen for 25 seconds." in infos
    assert "t66-board" in " ".join(str(h.proto.body) for h in student.get("html"))
    teacher.run()  # the teacher's page beats again
    student.run()
    infos = " ".join(md_plain(str(e.value)) for e in student.info)
    assert "has not been seen" not in infos


def test_a_student_looks_back_and_returns_to_live(store: object) -> None:
    teacher = _teacher()
    code = teacher.session_state["room"]
    for _ in range(3):  # sharing, the teacher goes on past the questions
        teacher.button(key="next").click().run()
    student = _student(code)
    assert counter(student) == 3
    assert student.button(key="follow_live").disabled and student.button(key="follow_next").disabled
    student.button(key="follow_back").click().run()
    student.button(key="follow_back").click().run()
    assert counter(student) == 1
    infos = " ".join(md_plain(str(e.value)) for e in student.info)
    assert "You are looking at step 1; the teacher is at step 3." in infos
    teacher.button(key="next").click().run()  # the teacher's step 4
    student.run()
    assert counter(student) == 1  # the student's own look stays
    student.button(key="follow_live").click().run()
    assert counter(student) == 4
    student.button(key="follow_back").click().run()
    student.button(key="follow_next").click().run()  # reaching the teacher is live again
    assert counter(student) == 4 and student.session_state["follow_own"] is None

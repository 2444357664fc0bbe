"""A lesson recorded in the studio is shared with the class at once (AppTest): the teacher
records a few steps, presses "Share with the class", the room carries the recorded file, and
a student who follows sees its first step and then the next one the teacher shows."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.test_class_lesson_file import _html, _student, store  # noqa: F401 - a fixture
from tests.app.test_recorder_app import APP, click, first_card, recording
from tests.helpers import FakeBoard
from tutor_app.rooms import RoomStore, file_digest


def test_a_recorded_lesson_is_shared_and_followed(
    store: RoomStore,  # noqa: F811 - the fixture imported above
    fake_board: FakeBoard,
) -> None:
    teacher = AppTest.from_file(APP, default_timeout=120)
    teacher.run()
    teacher.text_input(key="rec:title").set_value("Our deal from Tuesday").run()
    teacher.text_input(key="rec:id").set_value("tuesday-deal").run()
    for _ in range(3):
        click(teacher, fake_board, first_card(teacher))
    steps = len(recording(teacher).steps)
    data = teacher.session_state["rec:yaml"]
    teacher.button(key="rec:share").click().run()
    assert not teacher.exception, [e.value for e in teacher.exception]
    code = teacher.session_state["room"]
    assert code and teacher.session_state["lesson"] == "tuesday-deal"
    view = store.get(code)
    assert view is not None and (view.lesson, view.step) == ("tuesday-deal", 0)
    assert view.file == file_digest(data)
    student = _student(code, "pl")
    page = _html(student)
    assert "tuesday-deal:0" in page and "Our deal from Tuesday" in page
    assert 'class="t66-board' in page
    # the teacher goes on in the Learn page; the student follows
    teacher.button(key="next").click().run()
    student.run()
    assert "tuesday-deal:1" in _html(student)
    assert steps == 3

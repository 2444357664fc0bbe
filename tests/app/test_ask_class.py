"""Ask the class: the teacher asks at a lesson step or a puzzle, each student answers on their
own screen (an answer, or a card on their own table), the teacher sees the answers as a bar
chart, and "Show the answer" shows everyone the right answer with the reasons."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.shared as app_shared
import tutor_app.storage as app_storage
from tests.helpers import FakeBoard, FakeStorage, serve_rooms
from tutor.engine import Play
from tutor.teach.classroom import (
    Kind,
    join_answer,
    lesson_question,
    puzzle_question,
    split_answer,
    tally_rows,
)
from tutor.teach.lessons import Library
from tutor.teach.puzzles import Collection
from tutor.teach.puzzles.generated import GENERATED_FILE, generated_set
from tutor.web.classroom import reveal_lines, tally_html
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor_app.rooms import Pulse, RoomStore, RoomsUnavailable
from tutor_app.wake import TEACHER_GONE_SECONDS
from tutor_app.wake import room_stamp as _stamp

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
EN = get_translator("en")


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library(ROOT / "lessons").refresh()


# ----------------------------------------------------------------------------- what is asked


def test_a_step_asks_its_question_or_the_next_move(lib: Library) -> None:
    frames = lib.frames("01-cards-and-points")
    q = lesson_question("01-cards-and-points", frames, 3)
    assert q is not None and q.kind is Kind.CHOICE and q.right == {"#1"} and q.choices == 2
    assert q.accepts("#0") and q.accepts("#1") and not q.accepts("#2") and not q.accepts("Kc")
    ex = lib.frames("example-1")
    move = lesson_question("example-1", ex, 1)
    assert move is not None and move.kind is Kind.MOVE and move.index == 2
    # a your-move step: every move the lesson accepts is right
    assert ex[2].your_move is not None and move.right == {str(m) for m in ex[2].accepted}
    assert move.right == {"10h", "Kh"}
    assert move.accepts("10h") and move.accepts("9h")  # legal, not right
    assert not move.accepts("As") and not move.accepts("10h ") and not move.accepts("<b>")
    assert lesson_question("example-1", ex, len(ex) - 1) is None  # the end: nothing to ask
    assert lesson_question("example-1", ex, 0) is None  # before a pause: no move to ask
    assert lesson_question("example-1", ex, 99) is None


def test_a_puzzle_asks_its_first_move() -> None:
    puzzles = Collection(ROOT / "puzzles").refresh()
    p = puzzles.get("ten-before-the-king")
    assert p is not None
    q = puzzle_question(p)
    assert q.id == "puzzle:ten-before-the-king" and q.kind is Kind.MOVE
    assert q.right == {str(m) for m in p.solution} and all(q.accepts(a) for a in q.right)


def test_answers_fold_with_names_and_junk_is_left_out(lib: Library) -> None:
    q = lesson_question("example-1", lib.frames("example-1"), 1)
    assert q is not None
    assert join_answer("10h", " Ann\ta \n") == "10h\tAnn a" and split_answer("10h\tAnn a")[1]
    sent = {"10h\tAnn": 1, "10h": 2, "9h\tBo": 1, "As": 4, "nonsense": 3, "10h\tCy": 1}
    rows = tally_rows(q, sent)  # before the answer is shown, none is marked right
    assert [(r.answer, r.count, r.names, r.right) for r in rows] == [
        ("10h", 4, ("Ann", "Cy"), False),
        ("9h", 1, ("Bo",), False),
    ]
    shown = tally_rows(q, {"9h": 2}, right=True)  # once shown, the right ones nobody gave
    assert [(r.answer, r.count, r.right) for r in shown] == [
        ("9h", 2, False),
        ("10h", 0, True),
        ("Kh", 0, True),
    ]
    rows = tally_rows(q, sent, right=True)
    html = str(tally_html([("<b>x", rows[0])], 4, True, True, EN))
    assert "&lt;b&gt;x" in html and "<b>x" not in html and "4 students answered" in html
    assert "t66-tally-right" in html and "Ann, Cy" in html
    hidden = str(tally_html([("10h", rows[0])], 4, False, False, EN))
    assert "t66-tally-right" not in hidden and "Ann" not in hidden  # names only when asked


def test_what_the_class_reads_when_the_answer_is_shown(lib: Library) -> None:
    frames = lib.frames("01-cards-and-points")
    q = lesson_question("01-cards-and-points", frames, 3)
    assert q is not None
    lines = reveal_lines(q, ("The king", "The ten"), ("no", "yes: the ten"), EN)
    assert lines == ("The right answer: The ten.", "yes: the ten")
    move = lesson_question("example-1", lib.frames("example-1"), 1)
    assert move is not None
    assert reveal_lines(move, (), (), EN) == (
        "The move in the lesson: 10♥.",
        "The right answers: 10♥, K♥.",
    )
    pl = reveal_lines(move, (), (), get_translator("pl"))
    assert pl == ("Ruch w lekcji: 10♥.", "Dobre odpowiedzi: 10♥, K♥.")
    assert reveal_lines(move, (), (), get_translator("de"))[1] == (
        "Die richtigen Antworten: 10♥, K♥."
    )


def test_a_student_s_page_runs_again_only_when_something_shown_changed() -> None:
    base = _stamp(Pulse(3, "a@2", False, 1.0))
    assert base == _stamp(Pulse(3, "a@2", False, 12.0))  # the teacher beats: nothing to show
    assert base != _stamp(Pulse(4, "a@2", False, 1.0))  # a new step
    assert base != _stamp(Pulse(3, "a@3", False, 1.0))  # a new question
    assert base != _stamp(Pulse(3, "a@2", True, 1.0))  # the answer shown
    gone = _stamp(Pulse(3, "a@2", False, TEACHER_GONE_SECONDS + 1))
    assert gone != base and _stamp(None) is None


# ----------------------------------------------------------------------------- on the pages


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[RoomStore]:
    rooms = RoomStore()
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(ROOT / "puzzles"))
    serve_rooms(monkeypatch, rooms)
    yield rooms
    app_shared.rooms.clear()


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def _teacher(lesson: str, steps: int, lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = lesson
    at.query_params["lang"] = lang
    at.run()
    at.toggle(key="w_share").set_value(True).run()
    for _ in range(steps):
        at.button(key="next").click().run()
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


def _tally(at: AppTest) -> str:
    return " ".join(
        str(h.proto.body)
        for h in at.get("html")
        if str(h.proto.body).startswith('<section class="t66-tally"')
    )


def _words(at: AppTest, kind: str) -> str:
    return " ".join(md_plain(str(e.value)) for e in getattr(at, kind))


def test_the_class_answers_a_question_step_and_sees_the_answer(store: RoomStore) -> None:
    teacher = _teacher("01-cards-and-points", 3)
    code = teacher.session_state["room"]
    students = [_student(code) for _ in range(3)]
    # Nothing asked yet: the students see the lesson's step, with no answers to give.
    assert not any(b.key.startswith("class_answer") for b in students[0].button)
    teacher.button(key="ask_class").click().run()
    _ok(teacher)
    assert "0 students answered" in md_plain(_tally(teacher)) or "No answers yet" in _tally(teacher)
    for s in students:
        s.run()
        labels = [b.label for b in s.button if b.key.startswith("class_answer")]
        assert labels == ["The king", "The ten"]
        assert "The teacher asks" in _html(s) and "Which card is higher" in _html(s)
    students[0].text_input(key="w_class_name").set_value("Ann <b>").run()
    students[0].button(key="class_answer_0").click().run()
    students[0].button(key="class_answer_1").click().run()  # a second answer replaces the first
    students[1].button(key="class_answer_0").click().run()
    assert "Your answer: The ten." in _words(students[0], "info")
    teacher.run()
    tally = _tally(teacher)
    assert "2 students answered" in tally and "1 (50%)" in tally and "t66-tally-right" not in tally
    assert "Ann" not in tally
    teacher.toggle(key="w_class_names").set_value(True).run()
    assert "Ann &lt;b&gt;" in _tally(teacher)
    teacher.button(key="reveal_class").click().run()
    _ok(teacher)
    assert "t66-tally-right" in _tally(teacher)
    shown = md_plain(" ".join(str(m.value) for m in teacher.markdown))
    assert "The right answer: The ten." in shown
    for s in students:
        s.run()
        assert not any(b.key.startswith("class_answer") for b in s.button)  # answers are closed
    assert "Your answer The ten is right." in _words(students[0], "success")
    assert "Your answer The king is not the one." in _words(students[1], "warning")
    assert "You did not answer this question." in _words(students[2], "info")
    assert store.tally(code, teacher.session_state["room_token"]) == {
        "#1\tAnn <b>": 1,
        "#0": 1,
    }


def test_a_room_lost_by_the_store_comes_back_and_the_answer_is_sent_again(
    store: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store loses every room (as Redis restarted empty): the teacher's page takes its
    room back with its step and says which question's answers were lost; asked again, the
    student's page sends the answer it kept, without a reload."""
    teacher = _teacher("01-cards-and-points", 3)
    code, token = teacher.session_state["room"], teacher.session_state["room_token"]
    student = _student(code)
    teacher.button(key="ask_class").click().run()
    student.run()
    student.button(key="class_answer_1").click().run()
    assert store.tally(code, token) == {"#1": 1}
    fresh = RoomStore()  # the store lost everything
    serve_rooms(monkeypatch, fresh)
    teacher.run()
    _ok(teacher)
    assert teacher.session_state["room"] == code
    assert "were lost with the connection" in _words(teacher, "info")
    assert "01-cards-and-points@3" in _words(teacher, "info")
    view = fresh.get(code)
    assert view is not None and view.step == 3
    fresh.follow(code, student.session_state["follow_session"])  # the page says it follows
    teacher.button(key="ask_class").click().run()
    student.run()
    _ok(student)
    assert fresh.tally(code, token) == {"#1": 1}  # sent again, counted once
    assert "Your answer: The ten." in _words(student, "info")


def test_the_class_plays_a_card_on_its_own_table(store: RoomStore, fake_board: FakeBoard) -> None:
    teacher = _teacher("example-1", 1, lang="de")
    code = teacher.session_state["room"]
    student = _student(code, lang="de")
    assert "data-move" not in fake_board.html.get("t66_follow_board", "")
    teacher.toggle(key="w_show_b").set_value(False).run()  # B's hand is the class's riddle
    assert any(b.key == "hint_2" for b in teacher.button)  # the step's own task, for now
    teacher.button(key="ask_class").click().run()
    assert not any(b.key == "hint_2" for b in teacher.button)  # the class answers instead
    student.run()
    cards = fake_board.cards("t66_follow_board")
    assert set(cards) == {"10h", "Kh", "9h", "10c", "Kc", "Qc"}  # A's hand, to click
    table = fake_board.html["t66_follow_board"]
    assert table.count('alt="eine verdeckte Karte"') == 1 + 6  # the stock, and B's hand
    page = _html(student)
    assert "Die Lehrkraft fragt" in page and "t66-narr" in page
    assert "Spielt 10" not in page  # the step's narration is covered
    fake_board.click("As")  # not in A's hand: not an answer
    student.run()
    assert store.tally(code, teacher.session_state["room_token"]) == {}
    fake_board.click("9h")
    student.run()
    _ok(student)
    assert store.tally(code, teacher.session_state["room_token"]) == {"9h": 1}
    teacher.run()
    assert "9♥" in _tally(teacher) and "1 Person hat geantwortet" in _tally(teacher)
    teacher.button(key="reveal_class").click().run()
    student.run()
    _ok(student)
    assert "ist nicht die gesuchte" in _words(student, "warning")
    shown = md_plain(" ".join(str(m.value) for m in student.markdown))
    assert "Der Zug in der Lektion: 10♥." in shown
    assert "Die richtigen Antworten: 10♥, K♥." in shown
    assert "Der Zug und warum" in shown  # the engine's move and why
    assert "du siehst aber nicht alle Karten" in shown  # exact for the deal, not for A


def test_the_class_is_right_with_every_move_as_good_as_the_lesson_s(
    store: RoomStore, fake_board: FakeBoard
) -> None:
    """Example-1 step 8: the lesson leads the ten of spades, and the engine values the ace
    and the king of hearts as high. A student who plays the ace is right, the chart marks all
    three, and nothing shown with the answer suggests a move the verdicts call wrong."""
    teacher = _teacher("example-1", 8)
    code = teacher.session_state["room"]
    ace, queen = _student(code), _student(code)
    teacher.button(key="ask_class").click().run()
    for student, card in ((ace, "Ah"), (queen, "Qd")):
        student.run()
        fake_board.click(card)
        student.run()
        _ok(student)
    teacher.run()
    teacher.button(key="reveal_class").click().run()
    _ok(teacher)
    rows = {
        re.sub(r"<[^>]+>", " ", "<li" + row).split()[0]: "t66-tally-ok" in row
        for row in _tally(teacher).split("<li")[1:]
    }
    assert rows == {"10♠": True, "A♥": True, "K♥": True, "Q♦": False}
    ace.run()
    queen.run()
    assert "Your answer A♥ is right." in _words(ace, "success")
    assert "Your answer Q♦ is not the one." in _words(queen, "warning")
    for page in (teacher, ace):
        shown = md_plain(" ".join(str(m.value) for m in page.markdown))
        assert "The move in the lesson: 10♠." in shown
        assert "The right answers: 10♠, A♥, K♥." in shown
        assert "Suggested" not in shown and "every card is known" not in shown
        assert "exact for the cards as they are dealt here" in shown
        assert "The queen of diamonds instead costs 1 game point." in shown


def test_a_student_looking_back_sees_the_question_when_back_to_live(store: RoomStore) -> None:
    teacher = _teacher("01-cards-and-points", 2)
    code = teacher.session_state["room"]
    student = _student(code)
    student.button(key="follow_back").click().run()
    teacher.button(key="ask_class").click().run()
    student.run()
    assert "The teacher asks" not in _html(student)
    student.button(key="follow_live").click().run()
    assert "The teacher asks" in _html(student)


def test_a_puzzle_is_shared_and_answered(store: RoomStore, fake_board: FakeBoard) -> None:
    teacher = _teacher("01-cards-and-points", 0)
    code = teacher.session_state["room"]
    teacher.switch_page("tutor_app/pages/puzzles.py").run()
    teacher.button(key="pz_open_ten-before-the-king").click().run()
    _ok(teacher)
    student = _student(code, lang="pl")  # follows before the question
    teacher.button(key="ask_class").click().run()
    _ok(teacher)
    late = _student(code)  # opens the page after it
    student.run()
    page = _html(student)
    assert "data-t66-live='puzzle:ten-before-the-king'" in page and "Nauczyciel pyta" in page
    p = Collection(ROOT / "puzzles").refresh().get("ten-before-the-king")
    assert p is not None
    right = sorted(str(m) for m in p.solution)[0]
    assert right in fake_board.cards("t66_follow_board")
    # the table as the puzzle starts: no trick from before the puzzle lies on it
    assert "nie ma karty" in fake_board.html["t66_follow_board"]
    fake_board.click(right)
    student.run()
    teacher.run()
    assert "1 (100%)" in _tally(teacher)
    # the page that came after the question is told its answer is not counted, and so
    # is the teacher
    fake_board.click(right)
    late.run()
    assert "You joined after the teacher asked this question" in _words(late, "info")
    teacher.run()
    assert "1 (100%)" in _tally(teacher)
    assert "1 answer was not counted: it came from a page that joined after you asked." in [
        md_plain(str(c.value)) for c in teacher.caption
    ]
    teacher.button(key="reveal_class").click().run()
    student.run()
    _ok(student)
    assert re.search(r"Twoja odpowiedź .* jest dobra", _words(student, "success"))


def test_a_generated_puzzle_opened_by_its_link_is_shared_and_answered(
    store: RoomStore, fake_board: FakeBoard
) -> None:
    gen = generated_set(str(ROOT / GENERATED_FILE))
    puzzle = next(
        p
        for e in gen.entries[:60]
        if (p := gen.get(e.id)) is not None and all(isinstance(m, Play) for m in p.solution)
    )
    pid = puzzle.id
    teacher = _teacher("01-cards-and-points", 0, lang="de")
    code = teacher.session_state["room"]
    teacher.query_params["id"] = pid
    teacher.switch_page("tutor_app/pages/puzzles.py").run()
    _ok(teacher)
    assert teacher.session_state["pz_current"] == pid
    student = _student(code, lang="en")
    teacher.button(key="ask_class").click().run()
    _ok(teacher)
    student.run()
    _ok(student)
    assert f"data-t66-live='puzzle:{pid}'" in _html(student)
    right = sorted(puzzle_question(puzzle).right)[0]
    assert right in fake_board.cards("t66_follow_board")
    fake_board.click(right)
    student.run()
    teacher.run()
    assert "1 (100%)" in _tally(teacher)
    teacher.button(key="reveal_class").click().run()
    student.run()
    _ok(student)
    assert "right" in _words(student, "success")


# ----------------------------------------------------------------------------- Redis away


def _dead_redis() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"  # nothing listens there any more


def test_rooms_in_an_unreachable_redis_say_so() -> None:
    from tutor_app.rooms_redis import RedisRooms

    store = RedisRooms(_dead_redis())
    for call in (
        lambda: store.open(),
        lambda: store.pulse("K7QF2M"),
        lambda: store.publish("K7QF2M", "t", "a", 1, (True, True)),
        lambda: store.answer("K7QF2M", "s1", "q", "Qs"),
        lambda: len(store),
    ):
        with pytest.raises(RoomsUnavailable):
            call()


def test_pages_say_when_the_rooms_cannot_be_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    serve_rooms(monkeypatch, redis_url=_dead_redis())
    try:
        student = AppTest.from_file(APP, default_timeout=60)
        student.query_params["room"] = "K7QF2M"
        student.query_params["lang"] = "pl"
        student.switch_page("tutor_app/pages/follow.py")
        student.run()
        assert not student.exception and not student.error
        assert "Klasa straciła połączenie" in _words(student, "warning")
        teacher = AppTest.from_file(APP, default_timeout=60)
        teacher.query_params["lesson"] = "example-1"
        teacher.query_params["lang"] = "de"
        teacher.run()
        teacher.toggle(key="w_share").set_value(True).run()
        assert not teacher.exception and not teacher.error
        assert "Die Klasse hat die Verbindung verloren" in " ".join(
            md_plain(str(e.value)) for e in (*teacher.warning, *teacher.info)
        )
        assert teacher.session_state["room"] is None
        assert "t66-board" in _html(teacher)  # the lesson stays on the teacher's screen
    finally:
        app_shared.rooms.clear()


def test_the_puzzles_page_takes_the_teachers_room_back_after_a_reload(
    store: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = FakeStorage()
    monkeypatch.setattr(app_storage, "_STORE", browser)
    teacher = _teacher("01-cards-and-points", 0)
    code = teacher.session_state["room"]
    teacher.run()  # the browser now keeps the room
    again = AppTest.from_file(APP, default_timeout=60)
    again.query_params["lang"] = "en"
    again.switch_page("tutor_app/pages/puzzles.py")
    again.run()
    again.button(key="pz_open_ten-before-the-king").click().run()
    _ok(again)
    assert again.session_state["room"] == code
    again.button(key="ask_class").click().run()
    question = store.question(code)
    assert question is not None and question.id == "puzzle:ten-before-the-king"


def test_a_lesson_for_four_is_followed_and_its_question_answered(store: RoomStore) -> None:
    """A teacher shares a lesson for three or four: the students see its table with every seat,
    follow its steps, and answer the question the teacher asks."""
    from tutor.teach.lessons import Library

    library = Library(ROOT / "lessons").refresh()
    lesson = library.get("table-02-four-partners")
    assert lesson is not None
    frames = library.frames(lesson.id)
    k = next(i for i, f in enumerate(frames) if f.question is not None)
    teacher = _teacher(lesson.id, k, lang="de")
    code = teacher.session_state["room"]
    student = _student(code, lang="pl")
    board = _html(student)
    assert "t66-seats-4" in board and f'data-step="{k}"' in board
    teacher.button(key="ask_class").click().run()
    _ok(teacher)
    student.run()
    question = frames[k].question
    assert question is not None
    labels = [b.label for b in student.button if b.key.startswith("class_answer")]
    assert labels == [get_translator("pl")._(a.text) for a in question.answers]
    student.button(key=f"class_answer_{question.right}").click().run()
    teacher.run()
    assert "1" in _tally(teacher)
    teacher.button(key="reveal_class").click().run()
    student.run()
    assert _words(student, "success")  # the right answer, in Polish
    teacher.button(key="next").click().run()  # the teacher goes on: so does the class
    student.run()
    assert f'data-step="{k + 1}"' in _html(student)

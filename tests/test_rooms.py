"""Classroom rooms: codes hard to guess and easy to type, tries limited per session and on
the whole server, answers that do not tell whether a room exists, old rooms forgotten in
order of time (a poll does not look at every room), and a bound on the rooms open. A fake
clock stands in for time."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.web.html import md_plain
from tutor.web.links import normalize_room
from tutor.words.i18n import get_translator
from tutor_app.rooms import (
    FAILED_JOINS,
    JOIN_WINDOW,
    JOINS_PER_SESSION,
    MAX_ROOMS,
    ROOM_ALPHABET,
    ROOM_LENGTH,
    Join,
    RoomsFull,
    RoomStore,
    Tries,
    format_room,
    valid_room,
)

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")


class Stamp(float):
    """A time that counts every subtraction and comparison made with it: what the store does
    with the times it keeps."""

    ops = 0

    def _count(self) -> None:
        Stamp.ops += 1

    def __sub__(self, other: float) -> float:
        self._count()
        return float(self) - float(other)

    def __rsub__(self, other: float) -> float:
        self._count()
        return float(other) - float(self)

    def __lt__(self, other: float) -> bool:
        self._count()
        return float(self) < float(other)

    def __le__(self, other: float) -> bool:
        self._count()
        return float(self) <= float(other)

    def __gt__(self, other: float) -> bool:
        self._count()
        return float(self) > float(other)

    def __ge__(self, other: float) -> bool:
        self._count()
        return float(self) >= float(other)

    __hash__ = float.__hash__


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return Stamp(self.now)


# ----------------------------------------------------------------------------- codes


def test_a_code_has_thirty_bits_or_more_and_no_letters_to_misread() -> None:
    assert math.log2(len(ROOM_ALPHABET) ** ROOM_LENGTH) >= 30
    assert len(set(ROOM_ALPHABET)) == len(ROOM_ALPHABET) == 32
    assert not set("01OI") & set(ROOM_ALPHABET)
    code = RoomStore().open(random.Random(1))
    assert len(code) == ROOM_LENGTH and set(code) <= set(ROOM_ALPHABET) and valid_room(code)


@pytest.mark.parametrize(
    "typed", ["k7q-f2m", " K7Q F2M ", "k7qf2m", "K 7 Q - F 2 M", "ｋ７ｑ－ｆ２ｍ", "K7Q.F2M\n"]
)
def test_a_code_is_read_whatever_its_case_spaces_and_dashes(typed: str) -> None:
    assert normalize_room(typed) == "K7QF2M" and valid_room(normalize_room(typed))
    assert format_room(typed) == "K7Q-F2M"


@pytest.mark.parametrize("typed", ["", "K7QF", "K7QF2MM", "K7QF2O", "K7QF21", "ÄÖÜßÉÈ", "x" * 5000])
def test_a_code_of_the_wrong_form_is_not_a_room(typed: str) -> None:
    assert not valid_room(normalize_room(typed))
    assert len(normalize_room(typed)) <= 32


def test_room_open_publish_get() -> None:
    store = RoomStore()
    code = store.open(random.Random(1))
    assert store.exists(code) and store.get(code) is None
    v1 = store.publish(code, "example-1", 3, (True, False))
    assert v1 is not None and store.get(code.lower()) == v1 and v1.version == 1
    again = store.publish(code, "example-1", 3, (True, False))
    assert again is not None and again.version == 1
    v2 = store.publish(code, "example-1", 4, (True, False))
    assert v2 is not None and v2.version == 2 and store.get(code) == v2
    assert store.get("ZZZZZZ") is None and not store.exists("ZZZZZZ")
    assert store.publish("ZZZZZZ", "example-1", 0, (True, True)) is None  # never opened


def test_a_closed_room_is_gone_and_says_so() -> None:
    clock = FakeClock()
    store = RoomStore(ttl=10, clock=clock)
    code = store.open(random.Random(3))
    store.publish(code, "a", 2, (True, True))
    store.close(code.lower())
    assert store.get(code) is None and not store.exists(code) and store.closed(code)
    assert store.publish(code, "a", 3, (True, True)) is None  # a closed room stays closed
    assert not store.closed("ZZZZZZ")
    clock.now = 11
    assert not store.closed(code)


def test_room_codes_are_unique_and_rooms_expire() -> None:
    clock = FakeClock()
    store = RoomStore(ttl=10, clock=clock)
    rng = random.Random(7)
    codes = {store.open(rng) for _ in range(200)}
    assert len(codes) == 200 == len(store)
    code = next(iter(codes))
    store.publish(code, "a", 1, (True, True))
    clock.now = 5
    assert store.get(code) is not None
    clock.now = 14  # the others were last touched at 0, this one at 0 too
    assert store.get(code) is None and not store.exists(code) and len(store) == 0


def test_publishing_keeps_a_room_alive() -> None:
    clock = FakeClock()
    store = RoomStore(ttl=10, clock=clock)
    old, busy = store.open(random.Random(1)), store.open(random.Random(2))
    for t in range(0, 40, 5):
        clock.now = t
        store.publish(busy, "a", t, (True, True))
    assert store.exists(busy) and not store.exists(old)


# ----------------------------------------------------------------------------- limits


def test_rooms_open_at_once_are_bounded() -> None:
    clock = FakeClock()
    store = RoomStore(ttl=10, clock=clock, max_rooms=50)
    rng = random.Random(5)
    for _ in range(50):
        store.open(rng)
    with pytest.raises(RoomsFull):
        store.open(rng)
    clock.now = 11  # the rooms of a class that went home are forgotten
    assert store.open(rng) and len(store) == 1


def test_closed_rooms_remembered_are_bounded() -> None:
    store = RoomStore(max_closed=10)
    rng = random.Random(9)
    codes = [store.open(rng) for _ in range(30)]
    for code in codes:
        store.close(code)
    assert [store.closed(c) for c in codes] == [False] * 20 + [True] * 10


def test_a_session_may_try_a_few_codes_a_minute() -> None:
    clock = FakeClock()
    store = RoomStore(clock=clock)
    real = store.open(random.Random(1))
    tries = Tries()
    wrong = ["ABCDE" + ch for ch in ROOM_ALPHABET if "ABCDE" + ch != real]
    answers = [store.join(code, tries) for code in wrong[:JOINS_PER_SESSION]]
    assert answers == [Join.UNKNOWN] * JOINS_PER_SESSION
    # the right code now waits too: the answer says nothing about the room
    assert store.join(real, tries) is Join.LIMITED
    assert store.join(wrong[0], tries) is Join.LIMITED
    clock.now = JOIN_WINDOW  # a minute later
    assert store.join(real, tries) is Join.FOUND
    other = Tries()  # another session is not held back by this one
    clock.now = JOIN_WINDOW + 1
    assert store.join(real, other) is Join.FOUND


def test_the_server_answers_a_bounded_number_of_unknown_codes_a_minute() -> None:
    clock = FakeClock()
    store = RoomStore(clock=clock)
    real = store.open(random.Random(1))
    rng = random.Random(2)
    unknown = 0
    for _ in range(FAILED_JOINS * 3):  # many sessions, one guess each
        code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
        answer = store.join(code, Tries())
        assert answer is not Join.FOUND or code == real
        unknown += answer is Join.UNKNOWN
    assert unknown == FAILED_JOINS
    # past the cap even the right code waits, so guessing learns nothing more
    assert store.join(real, Tries()) is Join.LIMITED
    clock.now = JOIN_WINDOW
    assert store.join(real, Tries()) is Join.FOUND


def test_an_unknown_code_and_a_waiting_room_get_the_same_kind_of_answer() -> None:
    store = RoomStore()
    waiting = store.open(random.Random(1))
    assert store.get(waiting) is None  # no lesson shown yet
    found, unknown = store.join(waiting, Tries()), store.join("ZZZZZZ", Tries())
    assert {found, unknown} == {Join.FOUND, Join.UNKNOWN}  # the page shows both the same


def test_a_poll_does_not_look_at_every_room() -> None:
    """Thousands of rooms opened and closed: each poll does a constant amount of work on
    average (the store looks only at the oldest rooms when it forgets)."""
    clock = FakeClock()
    store = RoomStore(ttl=3600, clock=clock, max_rooms=5000, max_closed=5000)
    rng = random.Random(11)
    n = 4000
    codes = []
    for i in range(n):
        clock.now = i * 0.5
        codes.append(store.open(rng))
    for i, code in enumerate(codes[: n // 2]):
        clock.now = n * 0.5 + i * 0.5
        store.close(code)
    live = codes[-1]
    store.publish(live, "a", 0, (True, True))
    Stamp.ops = 0
    polls = 5000
    for i in range(polls):
        clock.now = 3000 + i  # rooms and closed rooms fall out one after another
        store.get(live)
        store.closed(codes[0])
    assert len(store) < n
    # a scan of every room on every poll would be about polls * n = 20 million
    assert Stamp.ops <= 6 * (2 * polls + 2 * n), Stamp.ops


# ----------------------------------------------------------------------------- the page


@pytest.fixture
def follow() -> Iterator[AppTest]:
    """The follow page, on a server whose rooms and counts of tries start afresh."""
    from tutor_app.shared import rooms as shared_rooms

    shared_rooms.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("tutor_app/pages/follow.py").run()
    yield at


def _texts(at: AppTest) -> list[tuple[str, str]]:
    out = []
    for kind in ("info", "warning", "error", "success"):
        out += [(kind, md_plain(str(e.value))) for e in at.get(kind)]
    return out


def test_on_the_page_an_unknown_code_reads_as_a_waiting_room(follow: AppTest) -> None:
    from tutor_app.shared import rooms as shared_rooms

    waiting = shared_rooms().open()
    follow.text_input(key="w_follow_room").input(waiting.lower()).run()
    assert not follow.exception
    seen_waiting = _texts(follow)
    unknown = "".join(ROOM_ALPHABET[(ROOM_ALPHABET.index(c) + 1) % 32] for c in waiting)
    follow.text_input(key="w_follow_room").input(unknown).run()
    seen_unknown = _texts(follow)
    assert [(k, t.replace(format_room(unknown), "CODE")) for k, t in seen_unknown] == [
        (k, t.replace(format_room(waiting), "CODE")) for k, t in seen_waiting
    ]
    assert len(seen_waiting) == 1 and seen_waiting[0][0] == "info"
    # the teacher stops: this student never saw the room's lesson and learns nothing
    shared_rooms().close(waiting)
    follow.text_input(key="w_follow_room").input(waiting).run()
    assert _texts(follow) == seen_waiting


def test_on_the_page_too_many_tries_ask_to_wait(follow: AppTest) -> None:
    tr = get_translator("en")
    rng = random.Random(4)
    for _ in range(JOINS_PER_SESSION):
        code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
        follow.text_input(key="w_follow_room").input(code).run()
        assert not follow.exception and not follow.warning
    follow.text_input(key="w_follow_room").input("ABCDEF").run()
    assert not follow.exception
    assert _texts(follow) == [
        ("warning", tr._("Too many tries. Wait a minute, then try the code again."))
    ]
    assert follow.button(key="follow_retry")


def test_on_the_page_a_code_of_the_wrong_form_says_what_a_code_looks_like(
    follow: AppTest,
) -> None:
    tr = get_translator("en")
    follow.text_input(key="w_follow_room").input("[x](//evil.ex)").run()
    assert not follow.exception
    assert _texts(follow) == [
        (
            "warning",
            tr._(
                "Room codes have {length} letters and digits, like {example}.",
                length=ROOM_LENGTH,
                example="K7Q-F2M",
            ),
        )
    ]
    assert len(follow.text_input(key="w_follow_room").value) <= 16


def _teacher() -> AppTest:
    from tutor.teach.lessons import load_lessons

    lessons, _ = load_lessons(Path(APP).parent / "lessons")
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lesson"] = sorted(les.id for les in lessons)[0]
    at.query_params["lang"] = "de"
    return at.run()


def test_a_teacher_is_told_when_the_server_has_too_many_rooms(follow: AppTest) -> None:
    from tutor_app.shared import rooms as shared_rooms

    store = shared_rooms()
    for _ in range(MAX_ROOMS):
        store.open()
    teacher = _teacher()
    teacher.toggle(key="w_share").set_value(True).run()
    assert not teacher.exception and teacher.session_state["room"] is None
    assert [md_plain(i.value) for i in teacher.info] == [
        get_translator("de")._(
            "Too many rooms are open on this server right now. Try again in a while."
        )
    ]
    assert not teacher.toggle(key="w_share").value


def test_a_teacher_whose_room_was_forgotten_is_told_so(follow: AppTest) -> None:
    from tutor_app.shared import rooms as shared_rooms

    teacher = _teacher()
    teacher.toggle(key="w_share").set_value(True).run()
    code = teacher.session_state["room"]
    assert code
    shared_rooms().close(code)  # as if forgotten after hours without use
    teacher.button(key="next").click().run()
    assert not teacher.exception and teacher.session_state["room"] is None
    assert [md_plain(i.value) for i in teacher.info] == [
        get_translator("de")._(
            "Your room was closed after a long time without use. Share again for a new code."
        )
    ]

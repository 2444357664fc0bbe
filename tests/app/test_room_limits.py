"""The classroom in public: tries of codes and rooms opened limited per session and per client
address (never for everyone), answers only from the class that followed when the question was
asked, names that are the students' own, refusals the teacher is told of, and a room taken back
after Redis was lost and came back. Both stores, on a fake clock (``stores``); the Redis loss
with a real redis-server stopped and started inside the test."""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from streamlit.testing.v1 import AppTest

from tests.app.test_rooms import APP, Stores, _free_port, redis_url, stores
from tutor.web.html import md_plain
from tutor_app.room_limits import (
    JOIN_RULES,
    ROOMS_PER_CLIENT,
    Caller,
    caller_from,
)
from tutor_app.rooms import (
    JOIN_WINDOW,
    ROOM_ALPHABET,
    ROOM_LENGTH,
    Answered,
    Join,
    RoomsFull,
    RoomsUnavailable,
)
from tutor_app.rooms_redis import RedisRooms

__all__ = ["redis_url", "stores"]  # the fixtures, shared with test_rooms

HOUR = 3600.0
#: Unknown codes one address may try in a minute, and codes in all.
UNKNOWN_PER_ADDRESS = 30
JOINS_PER_ADDRESS = 120


def _junk(rng: random.Random, real: str) -> str:
    while True:
        code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
        if code != real:
            return code


def test_the_limits_are_the_documented_ones() -> None:
    said = {(r.act.value, r.per.value): r.limit for r in JOIN_RULES}
    assert said == {
        ("join", "session"): "6/minute",
        ("join", "address"): f"{JOINS_PER_ADDRESS}/minute",
        ("unknown", "address"): f"{UNKNOWN_PER_ADDRESS}/minute",
    }
    docs = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text("utf-8")
    for limit in ("6 codes a minute", "120 codes a minute", "30 unknown codes a minute"):
        assert limit in docs


# ----------------------------------------------------------------------------- R2 joins


def test_strangers_wrong_codes_never_hold_back_a_right_code(stores: Stores) -> None:
    """One address tries junk codes from ever new sessions (as fast as it may, two store
    objects: two app processes); a student at another address, and one whose address is not
    known, still find the room; the junk address waits for the right code too."""
    store, other = stores(), stores()
    real = store.open(random.Random(1)).code
    rng = random.Random(2)
    answers = []
    for i in range(500):
        stores.clock.now = i * 0.1  # 10 tries a second for 50 s
        target = store if i % 2 else other
        answers.append(target.join(_junk(rng, real), Caller(f"bot{i}", "203.0.113.9")))
    unknown = answers.count(Join.UNKNOWN)
    # the counts are common to the processes in Redis; each process counts its own else
    assert unknown == UNKNOWN_PER_ADDRESS * (1 if stores.kind == "redis" else 2)
    assert set(answers) == {Join.UNKNOWN, Join.LIMITED}
    assert store.join(real, Caller("student", "198.51.100.7")) is Join.FOUND
    assert store.join(real, Caller("student-2")) is Join.FOUND  # no address: the session
    assert store.join(real, Caller("bot-new", "203.0.113.9")) is Join.LIMITED  # learns nothing
    stores.clock.now = 50 + JOIN_WINDOW + 1
    assert store.join(real, Caller("bot-later", "203.0.113.9")) is Join.FOUND


def test_a_class_behind_one_address_joins_at_once(stores: Stores) -> None:
    """A school's class shares one address: 60 students join in the same second, some of
    them mistyping first."""
    store = stores()
    real = store.open(random.Random(1)).code
    rng = random.Random(3)
    for i in range(60):
        who = Caller(f"pupil{i}", "192.0.2.1")
        if i % 3 == 0:
            assert store.join(_junk(rng, real), who) is Join.UNKNOWN
        assert store.join(real, who) is Join.FOUND


def test_one_address_tries_a_bounded_number_of_codes_a_minute(stores: Stores) -> None:
    store = stores()
    real = store.open(random.Random(1)).code
    answers = [store.join(real, Caller(f"s{i}", "192.0.2.1")) for i in range(200)]
    assert answers.count(Join.FOUND) == JOINS_PER_ADDRESS
    assert answers[JOINS_PER_ADDRESS:] == [Join.LIMITED] * (200 - JOINS_PER_ADDRESS)


def test_the_address_is_the_one_the_proxy_forwards() -> None:
    assert caller_from("s1", {"X-Real-IP": " 198.51.100.7 "}) == Caller("s1", "198.51.100.7")
    assert caller_from("s1", {}) == Caller("s1", "")  # no proxy: the session alone
    assert caller_from("s1", None) == Caller("s1", "")
    assert caller_from("s1", {"X-Real-IP": "x" * 500}).address == "x" * 64
    assert Caller("s1", "a").client == "a:a" and Caller("s1").client == "s:s1"


# ----------------------------------------------------------------------------- R3 rooms


def test_a_client_keeps_a_bounded_number_of_rooms(stores: Stores) -> None:
    store = stores(rooms_per_client=5)
    rng = random.Random(4)
    mine = [store.open(rng, Caller(f"tab{i}", "203.0.113.9")) for i in range(5)]
    with pytest.raises(RoomsFull) as full:
        store.open(rng, Caller("tab-new", "203.0.113.9"))
    assert full.value.mine
    # a teacher elsewhere still opens one
    assert store.open(rng, Caller("teacher", "198.51.100.7"))
    # a room closed makes room for another of the same client
    assert store.close(*mine[0])
    assert store.open(rng, Caller("tab-new", "203.0.113.9"))
    # without an address, the session is the client
    for _ in range(5):
        store.open(rng, Caller("lone"))
    with pytest.raises(RoomsFull):
        store.open(rng, Caller("lone"))
    # rooms forgotten (their pages gone for the room's time to live) count no longer
    stores.clock.now = 13 * HOUR
    assert store.open(rng, Caller("tab-later", "203.0.113.9"))


def test_one_session_and_one_address_open_a_few_rooms_an_hour(stores: Stores) -> None:
    store = stores()
    rng = random.Random(5)
    for _ in range(10):  # the share switch toggled: each opens one, the last closed
        assert store.close(*store.open(rng, Caller("tab", "192.0.2.1")))
    with pytest.raises(RoomsFull) as full:
        store.open(rng, Caller("tab", "192.0.2.1"))
    assert full.value.mine
    for i in range(20):  # other tabs of the address, up to 30 an hour
        assert store.close(*store.open(rng, Caller(f"tab{i}", "192.0.2.1")))
    with pytest.raises(RoomsFull):
        store.open(rng, Caller("tab-new", "192.0.2.1"))
    assert store.open(rng, Caller("tab-b", "198.51.100.7"))  # another address is free
    stores.clock.now = HOUR + 1
    assert store.open(rng, Caller("tab", "192.0.2.1"))


def test_the_server_still_bounds_the_rooms(stores: Stores) -> None:
    store = stores(max_rooms=8)
    rng = random.Random(6)
    for i in range(8):
        store.open(rng, Caller(f"t{i}", f"10.0.0.{i}"))
    with pytest.raises(RoomsFull) as full:
        store.open(rng, Caller("t9", "10.0.0.9"))
    assert not full.value.mine
    assert ROOMS_PER_CLIENT * 25 >= 500  # at least 25 addresses to fill a server


# ----------------------------------------------------------------------------- R4 answers


def test_only_the_class_that_followed_when_asked_answers(stores: Stores) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    store.follow(code, "early")
    assert store.ask(code, token, "q1")
    store.follow(code, "late")
    assert store.answer(code, "late", "q1", "Qs") is Answered.LATE
    assert store.answer(code, "early", "q1", "Qs") is Answered.COUNTED
    assert store.tally(code, token) == {"Qs": 1}
    assert store.refused(code, token) == {"late": 1}
    assert store.ask(code, token, "q2")  # the next question: both followed before it
    assert store.refused(code, token) == {}
    assert store.answer(code, "late", "q2", "Qs") is Answered.COUNTED
    assert store.refused(code, "wrong") is None


def test_bots_cannot_push_out_the_class(stores: Stores) -> None:
    """600 sessions that never followed answer first: all refused and counted as such; the
    class's answers are counted; past the bound, the teacher reads how many were refused."""
    store = stores(max_answers=30)
    code, token = store.open(random.Random(1))
    class_ = [f"pupil{i}" for i in range(30)]
    for s in class_:
        store.follow(code, s)
    assert store.ask(code, token, "q")
    bots = [store.answer(code, f"bot{i}", "q", "Ks\tTeacher") for i in range(600)]
    assert set(bots) == {Answered.LATE}
    assert all(store.answer(code, s, "q", "Ah") is Answered.COUNTED for s in class_)
    store.follow(code, "extra")
    assert store.tally(code, token) == {"Ah": 30}
    assert store.refused(code, token) == {"late": 600}


def test_the_answers_a_question_takes_are_bounded_and_the_rest_counted(stores: Stores) -> None:
    store = stores(max_answers=3)
    code, token = store.open(random.Random(1))
    for i in range(5):
        store.follow(code, f"s{i}")
    store.ask(code, token, "q")
    got = [store.answer(code, f"s{i}", "q", "Ah") for i in range(5)]
    assert got == [Answered.COUNTED] * 3 + [Answered.FULL] * 2
    assert store.refused(code, token) == {"full": 2}


@pytest.mark.parametrize("name", ["Teacher", "LEHRER", "Lehrerin", "nauczyciel", " Nauczycielka "])
def test_no_student_answers_as_the_teacher(stores: Stores, name: str) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    store.follow(code, "s1")
    store.ask(code, token, "q")
    assert store.answer(code, "s1", "q", f"Ah\t{name}") is Answered.NAME
    assert store.answer(code, "s1", "q", "Ah\tTeachers pet") is Answered.COUNTED
    assert store.tally(code, token) == {"Ah\tTeachers pet": 1}


def test_a_name_is_one_student_s_own(stores: Stores) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    for s in ("anna", "bot", "ben"):
        store.follow(code, s)
    store.ask(code, token, "q")
    assert store.answer(code, "anna", "q", "Ah\tAnna") is Answered.COUNTED
    assert store.answer(code, "bot", "q", "Ks\tANNA") is Answered.NAME
    assert store.answer(code, "bot", "q", "Ks\t anna ") is Answered.NAME
    assert store.answer(code, "anna", "q", "Ks\tAnna") is Answered.COUNTED  # her own, again
    assert store.answer(code, "ben", "q", "Ah") is Answered.COUNTED  # no name: no clash
    assert store.answer(code, "bot", "q", "Ah") is Answered.COUNTED
    assert store.tally(code, token) == {"Ks\tAnna": 1, "Ah": 2}


# ----------------------------------------------------------------------------- R6 Redis lost


class Server:
    """A redis-server on a fixed loopback port, stopped and started again by the test."""

    def __init__(self, folder: Path) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
        self.exe, self.folder, self.port = exe, folder, _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        args = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
        self.proc = subprocess.Popen(
            [self.exe, *args, "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url)
        for _ in range(200):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        pytest.fail("redis-server did not answer")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()  # as a crash: nothing kept
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    made = Server(tmp_path)
    made.start()
    try:
        yield made
    finally:
        made.stop()


def test_a_room_lost_with_redis_is_taken_back_and_answers_sent_again(server: Server) -> None:
    teacher, student = RedisRooms(server.url), RedisRooms(server.url)  # two app processes
    code, token = teacher.open(caller=Caller("teacher", "198.51.100.7"))
    teacher.publish(code, token, "example-1", 4, (True, False))
    assert student.join(code, Caller("anna", "192.0.2.1")) is Join.FOUND
    assert student.follow(code, "anna")
    assert teacher.ask(code, token, "example-1@4")
    assert student.answer(code, "anna", "example-1@4", "#1\tAnna") is Answered.COUNTED
    server.stop()
    for call in (
        lambda: teacher.heartbeat(code, token),
        lambda: student.pulse(code),
        lambda: student.answer(code, "anna", "example-1@4", "#1\tAnna"),
        lambda: student.follow(code, "anna"),
    ):
        with pytest.raises(RoomsUnavailable):
            call()
    server.start()  # empty: the room, its followers and the answers are gone
    assert student.pulse(code) is None and not teacher.heartbeat(code, token)
    # the teacher's page takes the room back with the code and token it keeps
    assert teacher.reopen(code, token, Caller("teacher", "198.51.100.7"))
    view = teacher.publish(code, token, "example-1", 4, (True, False))
    assert view is not None and student.get(code) == view
    # the student's page follows again by itself, and sends the answer it kept once asked
    assert student.follow(code, "anna")
    assert teacher.ask(code, token, "example-1@4")
    assert student.answer(code, "anna", "example-1@4", "#1\tAnna") is Answered.COUNTED
    assert teacher.tally(code, token) == {"#1\tAnna": 1}
    # a stranger with another token cannot take the room, nor reopen a closed one
    assert not student.reopen(code, "another-token-of-22-chars", Caller("x", "203.0.113.9"))
    assert teacher.close(code, token) and not teacher.reopen(code, token)


def _said(at: AppTest) -> str:
    return " ".join(md_plain(str(e.value)) for k in ("warning", "info") for e in at.get(k))


def _live(at: AppTest) -> str:
    return "\n".join(str(h.proto.body) for h in at.get("html"))


def test_the_pages_say_the_class_lost_its_connection_and_take_the_room_back(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real Redis killed during a class and started again empty: both pages say so while it
    is away; then the teacher's page takes the room back with its step, and the student's
    page (the same session, no reload) shows it again."""
    from tutor_app import shared

    monkeypatch.setenv("TUTOR_REDIS_URL", server.url)
    shared.rooms.clear()
    try:
        teacher = AppTest.from_file(APP, default_timeout=60)
        teacher.query_params["lesson"] = "example-1"
        teacher.query_params["step"] = "2"
        teacher.query_params["lang"] = "en"
        teacher.run()
        teacher.toggle(key="w_share").set_value(True).run()
        code = teacher.session_state["room"]
        assert code and not teacher.exception
        student = AppTest.from_file(APP, default_timeout=60)
        student.query_params["room"] = code
        student.query_params["lang"] = "en"
        student.switch_page("tutor_app/pages/follow.py")
        student.run()
        assert "data-t66-live='example-1:2'" in _live(student)
        server.stop()
        lost = "The class has lost its connection. Trying again…"
        student.run()
        assert not student.exception and lost in _said(student)
        teacher.run()
        assert not teacher.exception and lost in _said(teacher)
        assert teacher.session_state["room"] == code  # kept while Redis is away
        server.start()
        teacher.run()
        assert not teacher.exception and teacher.session_state["room"] == code
        assert lost not in _said(teacher)
        view = shared.rooms().get(code)
        assert view is not None and (view.lesson, view.step) == ("example-1", 2)
        student.run()
        assert not student.exception and lost not in _said(student)
        assert "data-t66-live='example-1:2'" in _live(student)
    finally:
        shared.rooms.clear()


def test_the_watcher_wakes_the_pages_when_the_rooms_go_away(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process's watcher reads a room out of reach as a change (``DOWN``), so the pages
    that follow it run again and say so, and again when it is back."""
    from tutor_app import shared
    from tutor_app.wake import DOWN

    monkeypatch.setenv("TUTOR_REDIS_URL", server.url)
    shared.rooms.clear()
    shared.watcher.clear()
    try:
        code, token = shared.rooms().open()
        shared.rooms().publish(code, token, "example-1", 1, (True, True))
        look = shared.watcher()._look
        before = look(code)
        assert before not in (None, DOWN)
        server.stop()
        assert look(code) == DOWN
        server.start()
        assert look(code) is None  # back, empty: the room is gone until its teacher is back
        assert shared.rooms().reopen(code, token)
        shared.rooms().publish(code, token, "example-1", 1, (True, True))
        assert look(code) not in (None, DOWN)
    finally:
        shared.rooms.clear()
        shared.watcher.clear()

"""Classroom rooms: codes hard to guess and easy to type, a teacher token that alone moves a
room, tries limited per session (more in test_room_limits.py), answers that do not tell whether a
room exists, who follows, the class's answers counted once per session, old rooms forgotten in
order of time (a poll does not look at every room), and bounds on what is kept. The store's
tests run on both stores: in the process and in a real redis-server started for the tests
(skipped when it is not installed). A fake clock stands in for time."""

from __future__ import annotations

import math
import random
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis
from streamlit.testing.v1 import AppTest

from tutor.web.html import md_plain
from tutor.web.links import normalize_room
from tutor.words.i18n import get_translator
from tutor_app.room_limits import Caller
from tutor_app.rooms import (
    JOIN_WINDOW,
    JOINS_PER_SESSION,
    MAX_ANSWER_CHARS,
    MAX_ROOMS,
    MAX_SESSION_CHARS,
    ROOM_ALPHABET,
    ROOM_LENGTH,
    Answered,
    Join,
    Pulse,
    Question,
    Rooms,
    RoomsFull,
    RoomStore,
    SharedView,
    format_room,
    valid_room,
)
from tutor_app.rooms_redis import RedisRooms

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


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

    #: Where the limits' clock (``time.time``, patched by the ``stores`` fixture) starts.
    EPOCH = 1_000_000.0

    def wall(self) -> float:
        return self.EPOCH + self.now


COUNTED = Answered.COUNTED


# ----------------------------------------------------------------------------- codes


def test_a_code_has_thirty_bits_or_more_and_no_letters_to_misread() -> None:
    assert math.log2(len(ROOM_ALPHABET) ** ROOM_LENGTH) >= 30
    assert len(set(ROOM_ALPHABET)) == len(ROOM_ALPHABET) == 32
    assert not set("01OI") & set(ROOM_ALPHABET)
    code = RoomStore().open(random.Random(1)).code
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


# ----------------------------------------------------------------------------- both stores


class Stores:
    """Makes stores of one kind on one fake clock: in the process, or in one Redis (each
    store object like another app process)."""

    def __init__(self, kind: str, redis_url: str | None) -> None:
        self.kind = kind
        self.url = redis_url
        self.clock = FakeClock()

    def __call__(self, **kw: Any) -> Rooms:
        kw.setdefault("clock", self.clock)
        if self.url is None:
            return RoomStore(**kw)
        return RedisRooms(self.url, **kw)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real redis-server on a free loopback port, in a temporary folder, saving nothing."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    folder = tmp_path_factory.mktemp("redis")
    port = _free_port()
    args = ["--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    proc = subprocess.Popen(
        [exe, *args, "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    try:
        for _ in range(200):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if proc.poll() is not None:
                    pytest.fail("redis-server did not start")
                time.sleep(0.05)
        else:
            pytest.fail("redis-server did not answer")
        yield url
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(params=["process", "redis"])
def stores(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Stores:
    """Stores on one fake clock; the limits (``tutor_app.room_limits``) read ``time.time``,
    which follows the same clock."""
    if request.param == "process":
        made = Stores("process", None)
    else:
        url: str = request.getfixturevalue("redis_url")
        redis.Redis.from_url(url).flushdb()
        made = Stores("redis", url)
    monkeypatch.setattr(time, "time", made.clock.wall)
    return made


def test_room_open_publish_get(stores: Stores) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    assert store.exists(code) and store.get(code) is None and len(token) >= 20
    v1 = store.publish(code, token, "example-1", 3, (True, False))
    assert v1 == SharedView("example-1", 3, (True, False), 1) and store.get(code.lower()) == v1
    again = store.publish(code, token, "example-1", 3, (True, False))
    assert again is not None and again.version == 1
    v2 = store.publish(code, token, "example-1", 4, (True, False))
    assert v2 is not None and v2.version == 2 and store.get(code) == v2
    v3 = store.publish(format_room(code).lower(), token, "example-1", 4, (False, True))
    assert v3 == SharedView("example-1", 4, (False, True), 3) == store.get(code)
    assert store.get("ZZZZZZ") is None and not store.exists("ZZZZZZ")
    assert store.publish("ZZZZZZ", token, "example-1", 0, (True, True)) is None  # never opened


def test_only_the_teacher_token_moves_the_room(stores: Stores) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    other_code, other_token = store.open(random.Random(2))
    store.publish(code, token, "a", 1, (True, True))
    for wrong in ("", other_token, token[:-1], token + "x", token.upper()):
        assert store.publish(code, wrong, "a", 2, (True, True)) is None
        assert not store.resume(code, wrong) and not store.heartbeat(code, wrong)
        assert not store.ask(code, wrong, "q1") and not store.reveal(code, wrong)
        assert store.followers(code, wrong) is None and store.tally(code, wrong) is None
        assert not store.close(code, wrong)
    view = store.get(code)
    assert view is not None and view.step == 1 and store.question(code) is None
    assert store.exists(code) and not store.closed(code)
    # the teacher's reload: the same code and token take the room back
    assert store.resume(format_room(code), token)
    assert store.publish(code, token, "a", 2, (True, True)) is not None
    # a token is stale once its room is closed
    assert store.close(code, token) and not store.close(code, token)
    assert not store.resume(code, token) and store.publish(code, token, "a", 3, (1, 1)) is None
    assert store.exists(other_code) and store.resume(other_code, other_token)


def test_a_closed_room_is_gone_and_says_so(stores: Stores) -> None:
    store = stores(ttl=10)
    code, token = store.open(random.Random(3))
    store.publish(code, token, "a", 2, (True, True))
    assert store.close(code.lower(), token)
    assert store.get(code) is None and not store.exists(code) and store.closed(code)
    assert store.publish(code, token, "a", 3, (True, True)) is None  # a closed room stays closed
    assert not store.closed("ZZZZZZ")
    stores.clock.now = 11
    assert not store.closed(code)


def test_room_codes_are_unique_and_rooms_expire(stores: Stores) -> None:
    store = stores(ttl=10)
    rng = random.Random(7)
    opened = [store.open(rng) for _ in range(200)]
    assert len({o.code for o in opened}) == 200 == len(store)
    assert len({o.token for o in opened}) == 200
    code, token = opened[0]
    store.publish(code, token, "a", 1, (True, True))
    stores.clock.now = 5
    assert store.get(code) is not None
    stores.clock.now = 14  # the others were last touched at 0, this one at 0 too
    assert store.get(code) is None and not store.exists(code) and len(store) == 0
    assert not store.resume(code, token)


def test_publishing_keeps_a_room_alive(stores: Stores) -> None:
    store = stores(ttl=10)
    old, busy = store.open(random.Random(1)), store.open(random.Random(2))
    for t in range(0, 40, 5):
        stores.clock.now = t
        store.publish(busy.code, busy.token, "a", t, (True, True))
    assert store.exists(busy.code) and not store.exists(old.code)


def test_rooms_open_at_once_are_bounded(stores: Stores) -> None:
    store = stores(ttl=10, max_rooms=50)
    rng = random.Random(5)
    for _ in range(50):
        store.open(rng)
    with pytest.raises(RoomsFull):
        store.open(rng)
    stores.clock.now = 11  # the rooms of a class that went home are forgotten
    assert store.open(rng) and len(store) == 1


def test_closed_rooms_remembered_are_bounded(stores: Stores) -> None:
    store = stores(max_closed=10)
    rng = random.Random(9)
    opened = [store.open(rng) for _ in range(30)]
    for i, (code, token) in enumerate(opened):
        stores.clock.now = i
        assert store.close(code, token)
    assert [store.closed(o.code) for o in opened] == [False] * 20 + [True] * 10


def test_a_session_may_try_a_few_codes_a_minute(stores: Stores) -> None:
    store = stores()
    real = store.open(random.Random(1)).code
    tries = Caller("s1")
    wrong = ["ABCDE" + ch for ch in ROOM_ALPHABET if "ABCDE" + ch != real]
    answers = [store.join(code, tries) for code in wrong[:JOINS_PER_SESSION]]
    assert answers == [Join.UNKNOWN] * JOINS_PER_SESSION
    # the right code now waits too: the answer says nothing about the room
    assert store.join(real, tries) is Join.LIMITED
    assert store.join(wrong[0], tries) is Join.LIMITED
    stores.clock.now = JOIN_WINDOW + 1  # a minute later
    assert store.join(real, tries) is Join.FOUND
    other = Caller("s2")  # another session is not held back by this one
    stores.clock.now = JOIN_WINDOW + 1
    assert store.join(real, other) is Join.FOUND


def test_an_unknown_code_and_a_waiting_room_get_the_same_kind_of_answer(stores: Stores) -> None:
    store = stores()
    waiting = store.open(random.Random(1)).code
    assert store.get(waiting) is None  # no lesson shown yet
    found, unknown = store.join(waiting, Caller("s1")), store.join("ZZZZZZ", Caller("s2"))
    assert {found, unknown} == {Join.FOUND, Join.UNKNOWN}  # the page shows both the same


# ----------------------------------------------------------------------------- presence


def test_the_teacher_counts_the_students_who_followed_of_late(stores: Stores) -> None:
    store = stores(presence_ttl=60)
    code, token = store.open(random.Random(1))
    assert store.followers(code, token) == 0
    assert store.follow(code.lower(), "s1") and store.follow(code, "s2")
    assert store.follow(code, "s1")  # a student's every poll: one follower still
    assert store.followers(code, token) == 2
    stores.clock.now = 8
    assert store.follow(code, "s3")
    assert store.followers(code, token, within=5) == 1
    assert store.followers(code, token, within=10) == 3
    stores.clock.now = 30
    assert store.followers(code, token) == 0 and store.followers(code, token, within=30) == 3
    assert not store.follow("ZZZZZZ", "s1") and not store.follow(code, "")
    assert not store.follow(code, "x" * (MAX_SESSION_CHARS + 1))
    store.close(code, token)
    assert not store.follow(code, "s1")


def test_followers_are_forgotten_in_time_and_bounded(stores: Stores) -> None:
    store = stores(presence_ttl=20, max_followers=5)
    code, token = store.open(random.Random(1))
    for i in range(8):
        stores.clock.now = i
        assert store.follow(code, f"s{i}")
    # only the five newest are kept, whatever the window asked
    assert store.followers(code, token, within=100) == 5
    stores.clock.now = 25  # s3 and s4 said so more than 20 s ago: forgotten
    assert store.followers(code, token, within=100) == 3


def test_students_can_tell_the_teacher_has_gone(stores: Stores) -> None:
    store = stores(ttl=100)
    code, token = store.open(random.Random(1))
    assert store.since_teacher(code) == 0
    stores.clock.now = 7
    assert store.since_teacher(code) == 7
    assert store.heartbeat(code, token) and store.since_teacher(code) == 0
    stores.clock.now = 9
    store.publish(code, token, "a", 0, (True, True))  # a step shown counts too
    stores.clock.now = 12
    assert store.follow(code, "s1")  # students do not keep the teacher alive
    assert store.since_teacher(code) == 3
    assert not store.heartbeat(code, "wrong") and store.since_teacher(code) == 3
    assert store.since_teacher("ZZZZZZ") is None


def test_one_look_tells_a_student_what_changed(stores: Stores) -> None:
    store = stores(ttl=100)
    code, token = store.open(random.Random(1))
    assert store.pulse(code) == Pulse(0, None, False, 0.0)
    store.publish(code, token, "a", 2, (True, False))
    stores.clock.now = 4
    assert store.pulse(code.lower()) == Pulse(1, None, False, 4.0)
    store.publish(code, token, "a", 3, (True, False))
    assert store.ask(code, token, "a@3")
    first = store.pulse(code)
    assert first == Pulse(2, "a@3", False, 0.0)
    assert store.answer(code, "s1", "a@3", "Qs") is Answered.LATE  # did not follow
    assert store.pulse(code) == first
    assert store.pulse(code) == first  # an answer changes nothing a student shows
    assert store.reveal(code, token) and store.pulse(code) == Pulse(2, "a@3", True, 0.0)
    assert store.close(code, token) and store.pulse(code) is None
    assert store.pulse("ZZZZZZ") is None


# ----------------------------------------------------------------------------- ask the class


def test_the_class_answers_and_the_teacher_counts_the_answers(stores: Stores) -> None:
    store = stores()
    code, token = store.open(random.Random(1))
    for s in ("s1", "s2", "s3", "s4"):
        store.follow(code, s)
    assert store.question(code) is None and store.tally(code, token) == {}
    assert store.answer(code, "s1", "a:3", "Qs") is Answered.CLOSED  # nothing asked yet
    assert store.ask(code, token, "a:3")
    assert store.question(code, "s1") == Question("a:3", False, None)
    assert store.answer(code, "s1", "a:3", "Qs") is store.answer(code, "s2", "a:3", " Qs ")
    assert store.answer(code, "s3", "a:3", "10h") is COUNTED
    assert store.tally(code, token) == {"Qs": 2, "10h": 1}
    assert store.answer(code, "s1", "a:3", "10h") is COUNTED  # replaces the first
    assert store.tally(code, token) == {"Qs": 1, "10h": 2}
    assert store.question(code, "s1") == Question("a:3", False, "10h")
    assert store.answer(code, "s4", "a:2", "Qs") is Answered.CLOSED  # an older question
    assert store.reveal(code, token)
    assert store.question(code, "s2") == Question("a:3", True, "Qs")
    assert store.answer(code, "s4", "a:3", "Qs") is Answered.CLOSED  # revealed: closed
    assert store.tally(code, token) == {"Qs": 1, "10h": 2}
    # the next question starts afresh
    assert store.ask(code, token, "a:4") and store.tally(code, token) == {}
    assert store.question(code, "s1") == Question("a:4", False, None)


def test_answers_are_bounded_in_length_and_number(stores: Stores) -> None:
    store = stores(max_answers=3)
    code, token = store.open(random.Random(1))
    for s in ("s1", "s2", "s3", "s4"):
        store.follow(code, s)
    assert not store.reveal(code, token)  # nothing to reveal
    assert not store.ask(code, token, "") and not store.ask(code, token, "q" * 1000)
    assert store.ask(code, token, "q")
    assert store.answer(code, "s1", "q", "x" * (MAX_ANSWER_CHARS + 1)) is Answered.CLOSED
    assert store.answer(code, "s1", "q", "   ") is Answered.CLOSED
    assert store.answer(code, "s1", "q", "x" * MAX_ANSWER_CHARS) is COUNTED
    assert store.answer(code, "s2", "q", "b") is store.answer(code, "s3", "q", "c") is COUNTED
    assert store.answer(code, "s4", "q", "d") is Answered.FULL  # three answered: no more
    assert store.answer(code, "s3", "q", "b") is COUNTED  # but those may change their minds
    assert store.tally(code, token) == {"x" * MAX_ANSWER_CHARS: 1, "b": 2}
    assert store.refused(code, token) == {"full": 1}


def test_answers_at_once_count_once_per_session(stores: Stores) -> None:
    """Many threads (two store objects: two app processes in Redis) send the answers of the
    same sessions at the same time: each session is counted once, with one of its answers."""
    store = stores()
    other = stores() if stores.kind == "redis" else store
    code, token = store.open(random.Random(1))
    sessions = [f"s{i}" for i in range(40)]
    for s in sessions:
        store.follow(code, s)
    assert store.ask(code, token, "q")
    start = threading.Barrier(8)

    def send(worker: int) -> list[Answered]:
        target = store if worker % 2 else other
        start.wait()
        return [
            target.answer(code, s, "q", f"card{(i + worker) % 3}") for i, s in enumerate(sessions)
        ]

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(send, range(8)))
    assert all(r is COUNTED for rs in results for r in rs)
    counts = store.tally(code, token)
    assert counts is not None and sum(counts.values()) == len(sessions)
    assert set(counts) <= {"card0", "card1", "card2"}


def test_a_room_s_answers_and_followers_go_with_it(stores: Stores) -> None:
    store = stores(ttl=10)
    code, token = store.open(random.Random(1))
    store.follow(code, "s1")
    store.ask(code, token, "q")
    assert store.answer(code, "s1", "q", "a") is COUNTED
    stores.clock.now = 11
    assert store.question(code, "s1") is None and store.tally(code, token) is None
    assert store.answer(code, "s1", "q", "a") is Answered.CLOSED
    assert not store.follow(code, "s2")
    assert store.since_teacher(code) is None and store.followers(code, token) is None


# ----------------------------------------------------------------------------- Redis only


def test_two_app_processes_on_one_redis_see_one_room(redis_url: str) -> None:
    redis.Redis.from_url(redis_url).flushdb()
    first, second = RedisRooms(redis_url), RedisRooms(redis_url)
    code, token = first.open()
    assert second.exists(code) and len(second) == 1
    assert second.join(code, Caller("s1")) is Join.FOUND
    first.publish(code, token, "a", 2, (True, False))
    assert second.get(code) == SharedView("a", 2, (True, False), 1)
    # the teacher's next press lands on the other process
    assert second.publish(code, token, "a", 3, (True, False)) == SharedView(
        "a", 3, (True, False), 2
    )
    assert first.get(code) == second.get(code)
    assert first.follow(code, "s1") and second.follow(code, "s2")
    assert second.ask(code, token, "q") and first.answer(code, "s1", "q", "Qs") is COUNTED
    assert second.answer(code, "s2", "q", "Qs") is COUNTED
    assert second.tally(code, token) == {"Qs": 2} and second.followers(code, token) == 2
    # Redis keeps a digest of the token, never the token
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    kept = client.hgetall(f"tutor:rooms:room:{code}")
    assert kept["token"] and token not in kept.values()
    assert first.close(code, token) and second.closed(code) and not second.exists(code)


def test_redis_forgets_rooms_answers_and_followers_by_itself(redis_url: str) -> None:
    """Keys carry times to live: with short ones, Redis is empty soon after the class left,
    though nobody asked about the rooms again."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    store = RedisRooms(redis_url, ttl=0.3)
    for i in range(5):
        code, token = store.open()
        store.publish(code, token, "a", 1, (True, True))
        store.ask(code, token, "q")
        store.answer(code, "s", "q", "a")
        store.follow(code, "s")
        store.join("ZZZZZZ", Caller("s"))
        if i % 2:
            store.close(code, token)
    keys = client.keys("tutor:rooms:*")  # the tries' counts live a minute (test_room_limits)
    assert keys and all(0 < int(client.pttl(key)) <= 300 for key in keys)
    deadline = time.monotonic() + 10
    while client.keys("tutor:rooms:*") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not client.keys("tutor:rooms:*")


def test_the_app_keeps_rooms_in_redis_when_told_where(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor_app.shared import rooms as shared_rooms

    redis.Redis.from_url(redis_url).flushdb()
    monkeypatch.setenv("TUTOR_REDIS_URL", redis_url)
    shared_rooms.clear()
    try:
        store = shared_rooms()
        assert isinstance(store, RedisRooms)
        code = store.open().code
        assert RedisRooms(redis_url).exists(code)
    finally:
        monkeypatch.delenv("TUTOR_REDIS_URL")
        shared_rooms.clear()
    assert isinstance(shared_rooms(), RoomStore)
    shared_rooms.clear()


# ----------------------------------------------------------------------------- in the process


def test_a_poll_does_not_look_at_every_room() -> None:
    """Thousands of rooms opened and closed: each poll does a constant amount of work on
    average (the store looks only at the oldest rooms when it forgets)."""
    clock = FakeClock()
    store = RoomStore(ttl=3600, clock=clock, max_rooms=5000, max_closed=5000)
    rng = random.Random(11)
    n = 4000
    opened = []
    for i in range(n):
        clock.now = i * 0.5
        opened.append(store.open(rng))
    for i, (code, token) in enumerate(opened[: n // 2]):
        clock.now = n * 0.5 + i * 0.5
        store.close(code, token)
    live, token = opened[-1]
    codes = [o.code for o in opened]
    store.publish(live, token, "a", 0, (True, True))
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

    waiting, token = shared_rooms().open()
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
    shared_rooms().close(waiting, token)
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
    shared_rooms().close(
        code, teacher.session_state["room_token"]
    )  # as if forgotten after hours without use
    teacher.button(key="next").click().run()
    assert not teacher.exception and teacher.session_state["room"] is None
    assert [md_plain(i.value) for i in teacher.info] == [
        get_translator("de")._(
            "Your room was closed after a long time without use. Share again for a new code."
        )
    ]

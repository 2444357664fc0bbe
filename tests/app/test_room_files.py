"""A room holds the lesson file its teacher shares: on both stores (in the process and in a
real redis-server, as in test_rooms.py), only the teacher's token puts it, a file too large or
not text is refused, a view names only the file the room holds, and the file goes with the
room. A process reads a room's file once, however many students ask at once."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
import redis

from tests.app.test_rooms import Stores, redis_url, stores  # noqa: F401  (fixtures)
from tutor.teach.lessons import Frame, Lesson, LessonError, open_lesson_file
from tutor_app.room_lessons import FileLessons
from tutor_app.rooms import (
    MAX_FILE_BYTES,
    RoomsUnavailable,
    SharedView,
    file_digest,
    room_file_ok,
)
from tutor_app.rooms_redis import RedisRooms

ROOT = Path(__file__).resolve().parents[2]
LESSON = (ROOT / "lessons" / "01-cards-and-points.yaml").read_bytes()
MINE = LESSON.replace(b"id: 01-cards-and-points", b"id: my-cards")
Checked = tuple[Lesson | None, tuple[Frame, ...], tuple[LessonError, ...]]


def test_a_room_holds_its_lesson_file_and_the_view_names_it(stores: Stores) -> None:  # noqa: F811
    store = stores()
    code, token = store.open(random.Random(1))
    assert store.lesson_file(code, file_digest(MINE)) is None  # none yet
    digest = store.put_file(code, token, MINE)
    assert digest == file_digest(MINE) and len(digest) == 64
    view = store.publish(code, token, "my-cards", 0, (True, False), digest)
    assert view == SharedView("my-cards", 0, (True, False), 1, digest) == store.get(code)
    assert store.lesson_file(code.lower(), digest) == MINE
    # the same view again keeps its version; the library's lesson is another view
    again = store.publish(code, token, "my-cards", 0, (True, False), digest)
    assert again is not None and again.version == 1
    plain = store.publish(code, token, "my-cards", 0, (True, False))
    assert plain == SharedView("my-cards", 0, (True, False), 2, "") == store.get(code)
    # a new file replaces the old: the old digest is no longer the room's
    other = MINE.replace(b"title:", b"# edited\ntitle:", 1)
    new = store.put_file(code, token, other)
    assert new == file_digest(other) != digest
    assert store.lesson_file(code, digest) is None and store.lesson_file(code, new) == other
    assert store.publish(code, token, "my-cards", 1, (True, False), digest) is None
    moved = store.publish(code, token, "my-cards", 1, (True, False), new)
    assert moved is not None and moved.version == 3 and moved.file == new


def test_a_file_too_large_or_not_text_is_refused(stores: Stores) -> None:  # noqa: F811
    store = stores()
    code, token = store.open(random.Random(2))
    largest = b"#" * (MAX_FILE_BYTES - 1) + b"\n"
    assert room_file_ok(largest) and store.put_file(code, token, largest) == file_digest(largest)
    for refused in (largest + b"x", b"id: x\n\xff\xfe", b""):
        assert not room_file_ok(refused)
        assert store.put_file(code, token, refused) is None
    # the file held before stays
    assert store.lesson_file(code, file_digest(largest)) == largest
    umlaut = "title: Schön\n".encode()
    assert store.lesson_file(code, file_digest(umlaut)) is None
    assert store.lesson_file(code, store.put_file(code, token, umlaut) or "") == umlaut


def test_a_forged_digest_shows_nothing(stores: Stores) -> None:  # noqa: F811
    store = stores()
    code, token = store.open(random.Random(3))
    other_code, other_token = store.open(random.Random(4))
    digest = store.put_file(other_code, other_token, MINE)  # another room's file
    assert digest is not None
    store.publish(code, token, "01-cards-and-points", 2, (True, True))
    for forged in (digest, "0" * 64, file_digest(b"x"), "x"):
        assert store.publish(code, token, "my-cards", 0, (True, True), forged) is None
        assert store.lesson_file(code, forged) is None
    view = store.get(code)
    assert view is not None and view.step == 2 and view.file == ""
    assert store.lesson_file(other_code, "") is None and store.lesson_file("ZZZZZZ", digest) is None


def test_only_the_teacher_token_puts_a_file(stores: Stores) -> None:  # noqa: F811
    store = stores()
    code, token = store.open(random.Random(5))
    other_token = store.open(random.Random(6)).token
    digest = store.put_file(code, token, MINE)
    assert digest is not None
    store.publish(code, token, "my-cards", 0, (True, True), digest)
    forged = MINE.replace(b"title:", b"# a student's\ntitle:", 1)
    for wrong in ("", other_token, token[:-1], token + "x"):
        assert store.put_file(code, wrong, forged) is None
        assert store.publish(code, wrong, "my-cards", 1, (True, True), digest) is None
    assert store.lesson_file(code, digest) == MINE
    assert store.lesson_file(code, file_digest(forged)) is None
    view = store.get(code)
    assert view is not None and view.step == 0 and view.version == 1
    assert store.put_file("ZZZZZZ", token, MINE) is None  # never opened


def test_the_file_goes_with_the_room(stores: Stores) -> None:  # noqa: F811
    store = stores(ttl=10)
    code, token = store.open(random.Random(7))
    digest = store.put_file(code, token, MINE)
    assert digest is not None
    stores.clock.now = 8
    assert store.heartbeat(code, token)  # the teacher keeps the room, and with it the file
    stores.clock.now = 16
    assert store.lesson_file(code, digest) == MINE
    stores.clock.now = 19  # 11 s without the teacher
    assert store.lesson_file(code, digest) is None
    code, token = store.open(random.Random(8))
    digest = store.put_file(code, token, MINE)
    assert digest is not None and store.close(code, token)
    assert store.lesson_file(code, digest) is None


def test_redis_keeps_the_file_in_the_room_itself(redis_url: str) -> None:  # noqa: F811
    """No key of its own: the file lives, expires and goes with the room's hash."""
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    store = Stores("redis", redis_url)()
    code, token = store.open(random.Random(9))
    before = set(client.keys())
    assert store.put_file(code, token, MINE) is not None
    assert set(client.keys()) == before
    room = next(k for k in before if k.endswith(f"room:{code}".encode()))
    assert client.hget(room, "filedata") == MINE and client.pttl(room) > 0
    assert store.close(code, token) and not client.exists(room)


def test_a_file_in_an_unreachable_redis_says_so() -> None:
    from tests.app.test_ask_class import _dead_redis

    store = RedisRooms(_dead_redis())
    with pytest.raises(RoomsUnavailable):
        store.put_file("K7QF2M", "t", MINE)
    with pytest.raises(RoomsUnavailable):
        store.lesson_file("K7QF2M", file_digest(MINE))


# ----------------------------------------------------------------------------- one read


def test_a_class_reads_and_replays_the_file_once() -> None:
    reads: list[int] = []
    checks: list[str] = []

    def check(name: str, data: bytes) -> Checked:
        checks.append(name)
        return open_lesson_file(name, data)

    def fetch() -> bytes:
        reads.append(1)
        return MINE

    kept = FileLessons(check=check)
    digest = file_digest(MINE)
    start = threading.Barrier(30)
    got: list[object] = []

    def student() -> None:
        start.wait()
        got.append(kept.get(digest, fetch))

    threads = [threading.Thread(target=student) for _ in range(30)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(reads) == 1 and len(checks) == 1 and len(got) == 30
    first = got[0]
    assert isinstance(first, tuple) and first[0].id == "my-cards" and len(first[1]) > 3
    assert all(g is first for g in got)


def test_a_file_that_is_not_its_digest_or_does_not_read() -> None:
    checks: list[str] = []

    def check(name: str, data: bytes) -> Checked:
        checks.append(name)
        return open_lesson_file(name, data)

    kept = FileLessons(max_files=2, check=check)
    # the bytes fetched are not the file named: not shown, not kept, not replayed
    assert kept.get(file_digest(MINE), lambda: LESSON) is None
    assert kept.get(file_digest(MINE), lambda: None) is None
    assert not checks and len(kept) == 0
    broken = b"id: broken\ntitle: A\nlevel: 9\nrules: classic\n"
    assert kept.get(file_digest(broken), lambda: broken) is None
    assert kept.get(file_digest(broken), lambda: broken) is None
    assert len(checks) == 1  # a file that does not read is replayed once
    assert kept.get(file_digest(MINE), lambda: MINE) is not None
    assert kept.get(file_digest(LESSON), lambda: LESSON) is not None
    assert len(kept) == 2 and len(checks) == 3  # bounded: the oldest (broken) is forgotten
    assert kept.get(file_digest(broken), lambda: broken) is None and len(checks) == 4

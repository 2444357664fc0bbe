"""Follow rooms: where a teacher's current lesson and step wait for the students who follow,
who follows, and what the class answers to the teacher's question.

Two stores keep rooms with the same behaviour (``Rooms``, the protocol the pages use):
``RoomStore`` here, in the app process (every session of the server, as threads), and
``tutor_app.rooms_redis.RedisRooms``, in Redis, so that several app processes serve one class.

A room code has ``ROOM_LENGTH`` characters from ``ROOM_ALPHABET`` (32 letters and digits, none
that reads like another): 30 bits, shown in two groups of three (``K7Q-F2M``) to be read aloud
and typed. Guessing is slowed down per session and per client address
(``tutor_app.room_limits``: a few codes a minute, fewer unknown ones; past a limit every try of
that caller waits, found or not, so the answer tells nothing), never for everyone: a code that
exists is never refused because strangers tried wrong ones. The answer to a code does not
tell whether a room exists: an unknown code and a room still waiting for its teacher read the
same, and only a session that has seen a room's lesson learns that the room was closed.

Opening a room gives its code and a teacher token, a secret: only calls with the token move the
room (publish, ask, reveal, close) or read what only the teacher sees (followers, the answers'
count). A teacher's page that keeps the token can take its room back after a reload (``resume``),
and after the store lost it (Redis restarted: ``reopen``, the same code and token). Each client
opens a few rooms an hour and keeps at most ``ROOMS_PER_CLIENT`` open at once.

Students say they follow (``follow``, with their session id, on every poll); the teacher reads
how many did so of late. The teacher's page beats too (``heartbeat``; publishing counts), so a
student's page can tell that the teacher has gone (``since_teacher``). The teacher may ask the
class a question (an id, for example the lesson and step); only the sessions that followed the
room when it was asked may answer (``Answered.LATE`` else); each session's answer counts once
(a second one replaces the first), at most ``MAX_ANSWERS`` sessions answer a question
(``Answered.FULL`` past it) and an answer has at most ``MAX_ANSWER_CHARS`` characters; a name
given with it is one's own (not the word for teacher, not another student's name:
``Answered.NAME``). The teacher reads how many answers were refused and why (``refused``);
``reveal`` tells the students the answer may be shown.

A room may hold one lesson file, the one its teacher shares now (``put_file``; a new file
replaces the old): its text, at most ``MAX_FILE_BYTES`` of UTF-8, kept as long as the room. The
shared view then names the file by its digest (``SharedView.file``, SHA-256 of its bytes, worked
out by the store), so a student's page fetches it (``lesson_file``) and follows a lesson that is
not in the library; a view that names a digest the room does not hold is refused.

Rooms and closed rooms are kept in the order they were last used, so forgetting the old ones
looks only at the oldest: each call does a constant amount of work on average, however many
rooms there are. At most ``MAX_ROOMS`` rooms are open at a time; a room's followers and answers
go with it.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

from tutor.web.links import normalize_room
from tutor_app.room_kinds import (
    JOIN_WINDOW,
    JOINS_PER_SESSION,
    MAX_ANSWER_CHARS,
    MAX_ANSWERS,
    MAX_CLOSED,
    MAX_FILE_BYTES,
    MAX_FOLLOWERS,
    MAX_QUESTION_CHARS,
    MAX_ROOMS,
    MAX_SESSION_CHARS,
    PRESENCE_SECONDS,
    PRESENCE_TTL,
    REDIS_ENV,
    ROOM_ALPHABET,
    ROOM_LENGTH,
    ROOM_TTL,
    TEACHER,
    TEACHER_NAMES,
    Answered,
    Clock,
    Join,
    Opened,
    Pulse,
    Question,
    Rooms,
    RoomsFull,
    RoomsUnavailable,
    SharedView,
    clean_answer,
    clean_session,
    file_digest,
    format_room,
    name_key,
    new_code,
    new_token,
    room_file_ok,
    same_token,
    valid_room,
)
from tutor_app.room_limits import (
    JOIN_RULES,
    NOBODY,
    OPEN_RULES,
    ROOMS_PER_CLIENT,
    Act,
    Caller,
    Guard,
    rules_of,
)


@dataclass
class _Room:
    token: str
    touched: float
    teacher: float
    view: SharedView | None = None
    # session -> last seen; oldest first
    seen: OrderedDict[str, float] = field(default_factory=OrderedDict)
    owner: str = ""
    question: str | None = None
    revealed: bool = False
    answers: dict[str, str] = field(default_factory=dict)
    # the sessions that followed when the question was asked
    asked_of: frozenset[str] = frozenset()
    # the names given with answers to it -> the session that gave each
    names: dict[str, str] = field(default_factory=dict)
    refused: Counter[str] = field(default_factory=Counter)
    # the lesson file shared now: its digest and bytes
    file: tuple[str, bytes] | None = None


class RoomStore:
    """Rooms in this process, safe to share between sessions (threads).

    Rooms not touched by their teacher for ``ttl`` seconds are forgotten.
    """

    def __init__(
        self,
        *,
        ttl: float = ROOM_TTL,
        clock: Clock = time.monotonic,
        max_rooms: int = MAX_ROOMS,
        max_closed: int = MAX_CLOSED,
        presence_ttl: float = PRESENCE_TTL,
        max_followers: int = MAX_FOLLOWERS,
        max_answers: int = MAX_ANSWERS,
        rooms_per_client: int = ROOMS_PER_CLIENT,
        guard: Guard | None = None,
    ) -> None:
        self._ttl = ttl
        self._clock = clock
        self._max_rooms = max_rooms
        self._max_closed = max_closed
        self._presence_ttl = presence_ttl
        self._max_followers = max_followers
        self._max_answers = max_answers
        self._lock = threading.Lock()
        # code -> room, oldest touched first
        self._rooms: OrderedDict[str, _Room] = OrderedDict()
        # code -> when closed; oldest first
        self._closed: OrderedDict[str, float] = OrderedDict()
        self._guard = guard or Guard()
        self._per_client = rooms_per_client

    def __len__(self) -> int:
        """The rooms open now."""
        with self._lock:
            self._expire(self._clock())
            return len(self._rooms)

    def open(self, rng: random.Random | None = None, caller: Caller = NOBODY) -> Opened:
        rng = rng or random.SystemRandom()
        with self._lock:
            now = self._clock()
            self._may_open(now, caller)
            while True:
                code = new_code(rng)
                if code not in self._rooms and code not in self._closed:
                    token = new_token()
                    self._rooms[code] = _Room(token, now, now, owner=caller.client)
                    self._guard.count(OPEN_RULES, caller)
                    return Opened(code, token)

    def _may_open(self, now: float, caller: Caller) -> None:
        """Raise ``RoomsFull`` when no room may be opened for ``caller`` (lock held)."""
        self._expire(now)
        if len(self._rooms) >= self._max_rooms:
            raise RoomsFull(self._max_rooms)
        owner = caller.client
        mine = sum(1 for r in self._rooms.values() if owner and r.owner == owner)
        if mine >= self._per_client or not self._guard.allows(OPEN_RULES, caller):
            raise RoomsFull(self._per_client, mine=True)

    def reopen(self, code: str, token: str, caller: Caller = NOBODY) -> bool:
        code = normalize_room(code)
        if not (valid_room(code) and token):
            return False
        with self._lock:
            now = self._clock()
            if self._teacher(code, token, now) is not None:
                return True
            if code in self._rooms or code in self._closed:
                return False
            try:
                self._may_open(now, caller)
            except RoomsFull:
                return False
            self._rooms[code] = _Room(token, now, now, owner=caller.client)
            self._guard.count(OPEN_RULES, caller)
            return True

    def _teacher(self, code: str, token: str, now: float) -> _Room | None:
        """The room, touched, when the token is its teacher's (call with the lock held)."""
        self._expire(now)
        code = normalize_room(code)
        room = self._rooms.get(code)
        if room is None or not same_token(token, room.token):
            return None
        room.touched = room.teacher = now
        self._rooms.move_to_end(code)
        return room

    def resume(self, code: str, token: str) -> bool:
        with self._lock:
            return self._teacher(code, token, self._clock()) is not None

    heartbeat = resume

    def publish(
        self,
        code: str,
        token: str,
        lesson: str,
        step: int,
        show: tuple[bool, bool],
        file: str = "",
    ) -> SharedView | None:
        with self._lock:
            room = self._teacher(code, token, self._clock())
            if room is None or (file and (room.file is None or room.file[0] != file)):
                return None
            old = room.view
            if old is None or (old.lesson, old.step, old.show, old.file) != (
                lesson,
                step,
                show,
                file,
            ):
                room.view = SharedView(lesson, step, show, old.version + 1 if old else 1, file)
            return room.view

    def put_file(self, code: str, token: str, data: bytes) -> str | None:
        if not room_file_ok(data):
            return None
        digest = file_digest(data)
        with self._lock:
            room = self._teacher(code, token, self._clock())
            if room is None:
                return None
            room.file = (digest, bytes(data))
            return digest

    def lesson_file(self, code: str, digest: str) -> bytes | None:
        with self._lock:
            room = self._room(code)[1]
            if room is None or room.file is None or room.file[0] != digest:
                return None
            return room.file[1]

    def join(self, code: str, caller: Caller) -> Join:
        code = normalize_room(code)
        guard = self._guard
        if not guard.allows(JOIN_RULES, caller):
            return Join.LIMITED
        guard.count(rules_of(Act.JOIN, JOIN_RULES), caller)
        with self._lock:
            self._expire(self._clock())
            if code in self._rooms:
                return Join.FOUND
        guard.count(rules_of(Act.UNKNOWN, JOIN_RULES), caller)
        return Join.UNKNOWN

    def _room(self, code: str) -> tuple[float, _Room | None]:
        now = self._clock()
        self._expire(now)
        return now, self._rooms.get(normalize_room(code))

    def get(self, code: str) -> SharedView | None:
        with self._lock:
            room = self._room(code)[1]
            return room.view if room else None

    def exists(self, code: str) -> bool:
        with self._lock:
            return self._room(code)[1] is not None

    def pulse(self, code: str) -> Pulse | None:
        with self._lock:
            now, room = self._room(code)
            if room is None:
                return None
            version = room.view.version if room.view else 0
            return Pulse(version, room.question, room.revealed, max(0.0, now - room.teacher))

    def close(self, code: str, token: str) -> bool:
        with self._lock:
            now = self._clock()
            if self._teacher(code, token, now) is None:
                return False
            code = normalize_room(code)
            del self._rooms[code]
            self._closed[code] = now
            self._closed.move_to_end(code)
            while len(self._closed) > self._max_closed:
                self._closed.popitem(last=False)
            return True

    def closed(self, code: str) -> bool:
        with self._lock:
            self._expire(self._clock())
            return normalize_room(code) in self._closed

    def follow(self, code: str, session: str) -> bool:
        with self._lock:
            now, room = self._room(code)
            if room is None or clean_session(session) is None:
                return False
            room.seen[session] = now
            room.seen.move_to_end(session)
            self._forget_followers(room, now)
            return True

    def followers(self, code: str, token: str, within: float = PRESENCE_SECONDS) -> int | None:
        with self._lock:
            now = self._clock()
            room = self._teacher(code, token, now)
            if room is None:
                return None
            self._forget_followers(room, now)
            # newest last: count from the end while recent
            count = 0
            for seen in reversed(room.seen.values()):
                if now - seen > within:
                    break
                count += 1
            return count

    def _forget_followers(self, room: _Room, now: float) -> None:
        seen = room.seen
        while seen and (
            len(seen) > self._max_followers or now - next(iter(seen.values())) > self._presence_ttl
        ):
            seen.popitem(last=False)

    def since_teacher(self, code: str) -> float | None:
        with self._lock:
            now, room = self._room(code)
            return None if room is None else max(0.0, now - room.teacher)

    def ask(self, code: str, token: str, question: str) -> bool:
        if not 0 < len(question) <= MAX_QUESTION_CHARS:
            return False
        with self._lock:
            now = self._clock()
            room = self._teacher(code, token, now)
            if room is None:
                return False
            self._forget_followers(room, now)
            room.question, room.revealed, room.answers = question, False, {}
            room.asked_of, room.names, room.refused = frozenset(room.seen), {}, Counter()
            return True

    def question(self, code: str, session: str = "") -> Question | None:
        with self._lock:
            room = self._room(code)[1]
            if room is None or room.question is None:
                return None
            return Question(room.question, room.revealed, room.answers.get(session))

    def answer(self, code: str, session: str, question: str, text: str) -> Answered:
        kept = clean_answer(text)
        if kept is None or clean_session(session) is None:
            return Answered.CLOSED
        name = name_key(kept)
        with self._lock:
            room = self._room(code)[1]
            if room is None or room.question != question or room.revealed:
                return Answered.CLOSED
            answers = room.answers
            if session not in room.asked_of:
                outcome = Answered.LATE
            elif session not in answers and len(answers) >= self._max_answers:
                outcome = Answered.FULL
            elif name and (name == TEACHER or room.names.setdefault(name, session) != session):
                return Answered.NAME
            else:
                answers[session] = kept
                return Answered.COUNTED
            room.refused[outcome.value] += 1
            return outcome

    def refused(self, code: str, token: str) -> dict[str, int] | None:
        with self._lock:
            room = self._teacher(code, token, self._clock())
            return None if room is None else dict(room.refused)

    def tally(self, code: str, token: str) -> dict[str, int] | None:
        with self._lock:
            room = self._teacher(code, token, self._clock())
            if room is None:
                return None
            return dict(Counter(room.answers.values()))

    def reveal(self, code: str, token: str) -> bool:
        with self._lock:
            room = self._teacher(code, token, self._clock())
            if room is None or room.question is None:
                return False
            room.revealed = True
            return True

    def _expire(self, now: float) -> None:
        """Forget the rooms and closed rooms older than ``ttl``: the oldest are first."""
        rooms, closed = self._rooms, self._closed
        while rooms and now - next(iter(rooms.values())).touched > self._ttl:
            rooms.popitem(last=False)
        while closed and now - next(iter(closed.values())) > self._ttl:
            closed.popitem(last=False)


__all__ = [
    "JOINS_PER_SESSION",
    "JOIN_WINDOW",
    "MAX_ANSWERS",
    "MAX_ANSWER_CHARS",
    "MAX_CLOSED",
    "MAX_FILE_BYTES",
    "MAX_FOLLOWERS",
    "MAX_QUESTION_CHARS",
    "MAX_ROOMS",
    "MAX_SESSION_CHARS",
    "PRESENCE_SECONDS",
    "PRESENCE_TTL",
    "REDIS_ENV",
    "ROOM_ALPHABET",
    "ROOM_LENGTH",
    "ROOM_TTL",
    "TEACHER",
    "TEACHER_NAMES",
    "Answered",
    "Caller",
    "Clock",
    "Join",
    "Opened",
    "Pulse",
    "Question",
    "RoomStore",
    "Rooms",
    "RoomsFull",
    "RoomsUnavailable",
    "SharedView",
    "clean_answer",
    "clean_session",
    "file_digest",
    "format_room",
    "name_key",
    "new_code",
    "new_token",
    "normalize_room",
    "room_file_ok",
    "same_token",
    "valid_room",
]

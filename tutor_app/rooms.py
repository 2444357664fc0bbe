"""Follow rooms: where a teacher's current lesson and step wait for the students who follow,
who follows, and what the class answers to the teacher's question.

Two stores keep rooms with the same behaviour (``Rooms``, the protocol the pages use):
``RoomStore`` here, in the app process (every session of the server, as threads), and
``tutor_app.rooms_redis.RedisRooms``, in Redis, so that several app processes serve one class.

A room code has ``ROOM_LENGTH`` characters from ``ROOM_ALPHABET`` (32 letters and digits, none
that reads like another): 30 bits, shown in two groups of three (``K7Q-F2M``) to be read aloud
and typed. Guessing is slowed down twice: each session may try ``JOINS_PER_SESSION`` codes a
minute, and the whole server answers at most ``FAILED_JOINS`` unknown codes a minute (past it,
every new try waits, found or not, so the answer tells nothing). The answer to a code does not
tell whether a room exists: an unknown code and a room still waiting for its teacher read the
same, and only a session that has seen a room's lesson learns that the room was closed.

Opening a room gives its code and a teacher token, a secret: only calls with the token move the
room (publish, ask, reveal, close) or read what only the teacher sees (followers, the answers'
count). A teacher's page that keeps the token can take its room back after a reload (``resume``).

Students say they follow (``follow``, with their session id, on every poll); the teacher reads
how many did so of late. The teacher's page beats too (``heartbeat``; publishing counts), so a
student's page can tell that the teacher has gone (``since_teacher``). The teacher may ask the
class a question (an id, for example the lesson and step); each session's answer counts once
(a second one replaces the first), at most ``MAX_ANSWERS`` sessions answer a question and an
answer has at most ``MAX_ANSWER_CHARS`` characters; ``reveal`` tells the students the answer
may be shown.

Rooms and closed rooms are kept in the order they were last used, so forgetting the old ones
looks only at the oldest: each call does a constant amount of work on average, however many
rooms there are. At most ``MAX_ROOMS`` rooms are open at a time; a room's followers and answers
go with it.
"""

from __future__ import annotations

import enum
import random
import secrets
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from tutor.web.links import normalize_room

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
ROOM_LENGTH = 6
#: Seconds a room lives after its teacher last showed a step (and a closed room is
#: remembered, so that its followers are told).
ROOM_TTL = 12 * 3600.0
#: Rooms open at once on a server; past it a teacher is asked to try again later.
MAX_ROOMS = 500
#: Closed rooms remembered at once (the oldest are forgotten first).
MAX_CLOSED = 2_000
#: The window, in seconds, in which tries of codes are counted.
JOIN_WINDOW = 60.0
#: Codes one session may try in ``JOIN_WINDOW``.
JOINS_PER_SESSION = 6
#: Unknown codes the whole server answers in ``JOIN_WINDOW``.
FAILED_JOINS = 120
#: A student who has said nothing for this many seconds no longer counts as following.
PRESENCE_SECONDS = 10.0
#: Seconds a student's last word is kept at most (then forgotten, room or not).
PRESENCE_TTL = 120.0
#: Followers remembered per room (the oldest are forgotten first).
MAX_FOLLOWERS = 500
#: Sessions that may answer one question.
MAX_ANSWERS = 500
#: Characters in one answer.
MAX_ANSWER_CHARS = 64
#: Characters in a question's id.
MAX_QUESTION_CHARS = 128
#: Characters in a session id.
MAX_SESSION_CHARS = 64
#: The environment variable with a Redis address (``redis://127.0.0.1:6379/0``): when set, the
#: rooms live there (``tutor_app.rooms_redis``), else in the app process.
REDIS_ENV = "TUTOR_REDIS_URL"

Clock = Callable[[], float]


def format_room(code: str) -> str:
    """A room code as shown to people: two groups of three.

    >>> format_room("k7qf2m"), format_room("AB")
    ('K7Q-F2M', 'AB')
    """
    code = normalize_room(code)
    if len(code) != ROOM_LENGTH:
        return code
    half = ROOM_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def valid_room(code: str) -> bool:
    """Whether a normalised code could be a room's: its length and letters.

    >>> valid_room("K7QF2M"), valid_room("K7QF2O"), valid_room("K7QF")
    (True, False, False)
    """
    return len(code) == ROOM_LENGTH and all(ch in ROOM_ALPHABET for ch in code)


def new_code(rng: random.Random) -> str:
    return "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


def new_token() -> str:
    """A teacher token: 128 random bits."""
    return secrets.token_urlsafe(16)


def same_token(given: str, kept: str) -> bool:
    """Whether a token given is the room's (in constant time; an empty one never is)."""
    return bool(given) and secrets.compare_digest(given.encode(), kept.encode())


class RoomsUnavailable(RuntimeError):
    """The place where rooms live cannot be reached now (Redis down or too slow); the pages
    say so and try again by themselves."""


class RoomsFull(RuntimeError):
    """No room can be opened now: ``MAX_ROOMS`` are open."""


class Join(enum.Enum):
    """The answer to a code: look at the room (it exists, whether or not its teacher shows a
    lesson yet), ``UNKNOWN`` (shown as if waiting), or ``LIMITED`` (too many tries: wait)."""

    FOUND = "found"
    UNKNOWN = "unknown"
    LIMITED = "limited"


class Tries:
    """Tries in a sliding window of ``seconds``: at most ``limit``. Old tries are dropped from
    the front, so each call does a constant amount of work on average."""

    def __init__(self, limit: int = JOINS_PER_SESSION, seconds: float = JOIN_WINDOW) -> None:
        self.limit = limit
        self.seconds = seconds
        self._times: deque[float] = deque()

    def full(self, now: float) -> bool:
        while self._times and now - self._times[0] >= self.seconds:
            self._times.popleft()
        return len(self._times) >= self.limit

    def add(self, now: float) -> None:
        self._times.append(now)


class Opened(NamedTuple):
    """A room just opened: its code, for everyone, and its token, for the teacher only."""

    code: str
    token: str


@dataclass(frozen=True)
class SharedView:
    """What a teacher shows: a lesson, its step and which hands are face up."""

    lesson: str
    step: int
    show: tuple[bool, bool]
    version: int = 0


@dataclass(frozen=True)
class Question:
    """The teacher's question to the class: its id, whether the answer is shown, and this
    session's own answer (``None`` before it answers)."""

    id: str
    revealed: bool
    mine: str | None = None


@dataclass(frozen=True)
class Pulse:
    """A room's state in one look, for a student's page to tell cheaply whether anything
    changed: the shared view's version (0 before the first), the question asked (its id) and
    whether it is revealed, and the seconds since the teacher's page last beat."""

    version: int
    question: str | None
    revealed: bool
    since_teacher: float


class Rooms(Protocol):
    """What the pages ask of the rooms, wherever they live. Codes are read whatever their case
    and dashes; ``token`` is the one ``open`` gave; ``session`` is a student session's id."""

    def __len__(self) -> int: ...

    def open(self, rng: random.Random | None = None) -> Opened:
        """A new room; ``RoomsFull`` when ``max_rooms`` rooms are open."""
        ...

    def resume(self, code: str, token: str) -> bool:
        """Whether the room is open and the token is its teacher's (then the room is kept
        alive): a teacher's page takes its room back after a reload."""
        ...

    def publish(
        self, code: str, token: str, lesson: str, step: int, show: tuple[bool, bool]
    ) -> SharedView | None:
        """Record the teacher's view; each change gets a higher version, a repeat keeps it.
        ``None`` when the room is no longer open (closed or forgotten) or the token is not
        its teacher's."""
        ...

    def heartbeat(self, code: str, token: str) -> bool:
        """The teacher's page is still there; ``False`` as for ``resume``."""
        ...

    def join(self, code: str, tries: Tries) -> Join:
        """A session's try of a code (its ``tries`` counted in the session): ``FOUND`` for an
        open room, ``UNKNOWN`` else, ``LIMITED`` when the session or the server has tried too
        many codes of late (then the code is not looked at)."""
        ...

    def get(self, code: str) -> SharedView | None:
        """The view shared in a room, or ``None`` for an unknown, empty or expired room. Only
        for a code found by ``join`` (or the teacher's own)."""
        ...

    def exists(self, code: str) -> bool: ...

    def pulse(self, code: str) -> Pulse | None:
        """The room's state in one look (one round trip); ``None`` when it is not open."""
        ...

    def close(self, code: str, token: str) -> bool:
        """The teacher stops sharing: the room is gone, and its followers are told so.
        ``False`` when it was not open or the token is not its teacher's."""
        ...

    def closed(self, code: str) -> bool:
        """Whether the room was closed by its teacher (and not yet forgotten)."""
        ...

    def follow(self, code: str, session: str) -> bool:
        """A student's session follows the room now; ``False`` when the room is not open."""
        ...

    def followers(self, code: str, token: str, within: float = PRESENCE_SECONDS) -> int | None:
        """How many sessions followed the room in the last ``within`` seconds (at most
        ``PRESENCE_TTL``); ``None`` for a wrong token or a room not open."""
        ...

    def since_teacher(self, code: str) -> float | None:
        """Seconds since the teacher's page last beat (or published), ``None`` when the room
        is not open."""
        ...

    def ask(self, code: str, token: str, question: str) -> bool:
        """Ask the class a new question (its answers start afresh); ``False`` for a wrong
        token, a room not open or an id longer than ``MAX_QUESTION_CHARS``."""
        ...

    def question(self, code: str, session: str = "") -> Question | None:
        """The question asked in the room now, with this session's answer."""
        ...

    def answer(self, code: str, session: str, question: str, text: str) -> bool:
        """A session answers the question ``question``: counted once, a second answer
        replaces the first. ``False`` when that question is not the one asked now, is
        revealed, the answer is empty or too long, or ``MAX_ANSWERS`` others answered."""
        ...

    def tally(self, code: str, token: str) -> dict[str, int] | None:
        """The answers to the question asked now and how many sessions gave each (empty
        before any); ``None`` for a wrong token or a room not open."""
        ...

    def reveal(self, code: str, token: str) -> bool:
        """Show the class the answer to the question asked now; ``False`` when none is
        asked, the token is wrong or the room is not open."""
        ...


def clean_answer(text: str) -> str | None:
    """An answer as kept (spaces trimmed), or ``None`` when empty or too long."""
    text = text.strip()
    return text if 0 < len(text) <= MAX_ANSWER_CHARS else None


def clean_session(session: str) -> str | None:
    return session if 0 < len(session) <= MAX_SESSION_CHARS else None


@dataclass
class _Room:
    token: str
    touched: float
    teacher: float
    view: SharedView | None = None
    # session -> last seen; oldest first
    seen: OrderedDict[str, float] = field(default_factory=OrderedDict)
    question: str | None = None
    revealed: bool = False
    answers: dict[str, str] = field(default_factory=dict)


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
        failed_joins: int = FAILED_JOINS,
        window: float = JOIN_WINDOW,
        presence_ttl: float = PRESENCE_TTL,
        max_followers: int = MAX_FOLLOWERS,
        max_answers: int = MAX_ANSWERS,
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
        self._failures = Tries(failed_joins, window)

    def __len__(self) -> int:
        """The rooms open now."""
        with self._lock:
            self._expire(self._clock())
            return len(self._rooms)

    def open(self, rng: random.Random | None = None) -> Opened:
        rng = rng or random.SystemRandom()
        with self._lock:
            now = self._clock()
            self._expire(now)
            if len(self._rooms) >= self._max_rooms:
                raise RoomsFull(self._max_rooms)
            while True:
                code = new_code(rng)
                if code not in self._rooms and code not in self._closed:
                    token = new_token()
                    self._rooms[code] = _Room(token, now, now)
                    return Opened(code, token)

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
        self, code: str, token: str, lesson: str, step: int, show: tuple[bool, bool]
    ) -> SharedView | None:
        with self._lock:
            room = self._teacher(code, token, self._clock())
            if room is None:
                return None
            old = room.view
            if old is None or (old.lesson, old.step, old.show) != (lesson, step, show):
                room.view = SharedView(lesson, step, show, old.version + 1 if old else 1)
            return room.view

    def join(self, code: str, tries: Tries) -> Join:
        code = normalize_room(code)
        with self._lock:
            now = self._clock()
            self._expire(now)
            if tries.full(now) or self._failures.full(now):
                return Join.LIMITED
            tries.add(now)
            if code in self._rooms:
                return Join.FOUND
            self._failures.add(now)
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
            room = self._teacher(code, token, self._clock())
            if room is None:
                return False
            room.question, room.revealed, room.answers = question, False, {}
            return True

    def question(self, code: str, session: str = "") -> Question | None:
        with self._lock:
            room = self._room(code)[1]
            if room is None or room.question is None:
                return None
            return Question(room.question, room.revealed, room.answers.get(session))

    def answer(self, code: str, session: str, question: str, text: str) -> bool:
        kept = clean_answer(text)
        if kept is None or clean_session(session) is None:
            return False
        with self._lock:
            room = self._room(code)[1]
            if room is None or room.question != question or room.revealed:
                return False
            answers = room.answers
            if session not in answers and len(answers) >= self._max_answers:
                return False
            answers[session] = kept
            return True

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
    "FAILED_JOINS",
    "JOINS_PER_SESSION",
    "JOIN_WINDOW",
    "MAX_ANSWERS",
    "MAX_ANSWER_CHARS",
    "MAX_CLOSED",
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
    "Join",
    "Opened",
    "Question",
    "RoomStore",
    "Rooms",
    "RoomsFull",
    "SharedView",
    "Tries",
    "clean_answer",
    "clean_session",
    "format_room",
    "new_code",
    "new_token",
    "normalize_room",
    "same_token",
    "valid_room",
]

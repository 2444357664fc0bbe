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

import enum
import hashlib
import random
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from tutor.teach.classroom import split_answer
from tutor.web.links import normalize_room
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

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
ROOM_LENGTH = 6
#: Seconds a room lives after its teacher last showed a step (and a closed room is
#: remembered, so that its followers are told).
ROOM_TTL = 12 * 3600.0
#: Rooms open at once on a server; past it a teacher is asked to try again later.
MAX_ROOMS = 500
#: Closed rooms remembered at once (the oldest are forgotten first).
MAX_CLOSED = 2_000
#: The window, in seconds, in which tries of codes are counted, and how many one session
#: may try in it (``tutor_app.room_limits.JOIN_RULES``).
JOIN_WINDOW = 60.0
JOINS_PER_SESSION = 6
#: Names a student may not give: the word for teacher in the app's languages (casefolded).
TEACHER_NAMES = frozenset(
    {"teacher", "lehrer", "lehrerin", "lehrkraft", "nauczyciel", "nauczycielka"}
)
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
#: Bytes in a room's lesson file: a quarter of what the lesson reader takes
#: (``tutor.teach.lessons.MAX_BYTES``) and eight times the largest shipped lesson, so that
#: ``MAX_ROOMS`` rooms hold at most 32 MB of text.
MAX_FILE_BYTES = 64 * 1024
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


def file_digest(data: bytes) -> str:
    """What names a lesson file in a room: the SHA-256 of its bytes, in hex."""
    return hashlib.sha256(data).hexdigest()


def room_file_ok(data: bytes) -> bool:
    """Whether a room may hold ``data`` as its lesson file: UTF-8 text of at most
    ``MAX_FILE_BYTES`` (the lesson reader takes no other).

    >>> room_file_ok("Schön".encode()), room_file_ok(b"\\xff"), room_file_ok(b"")
    (True, False, False)
    """
    if not 0 < len(data) <= MAX_FILE_BYTES:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def same_token(given: str, kept: str) -> bool:
    """Whether a token given is the room's (in constant time; an empty one never is)."""
    return bool(given) and secrets.compare_digest(given.encode(), kept.encode())


class RoomsUnavailable(RuntimeError):
    """The place where rooms live cannot be reached now (Redis down or too slow); the pages
    say so and try again by themselves."""


class RoomsFull(RuntimeError):
    """No room can be opened now: ``MAX_ROOMS`` are open, or (``mine``) this client opened
    too many of late or keeps too many open."""

    def __init__(self, limit: int, mine: bool = False) -> None:
        super().__init__(limit, mine)
        self.mine = mine


class Join(enum.Enum):
    """The answer to a code: look at the room (it exists, whether or not its teacher shows a
    lesson yet), ``UNKNOWN`` (shown as if waiting), or ``LIMITED`` (too many tries: wait)."""

    FOUND = "found"
    UNKNOWN = "unknown"
    LIMITED = "limited"


class Answered(enum.Enum):
    """What became of an answer: counted, or refused and why."""

    COUNTED = "counted"
    #: not the question asked now, or revealed, or no room (nothing to count)
    CLOSED = "closed"
    #: the session did not follow the room when the question was asked
    LATE = "late"
    #: ``MAX_ANSWERS`` others answered
    FULL = "full"
    #: the name is the word for teacher or another student's
    NAME = "name"


class Opened(NamedTuple):
    """A room just opened: its code, for everyone, and its token, for the teacher only."""

    code: str
    token: str


@dataclass(frozen=True)
class SharedView:
    """What a teacher shows: a lesson, its step and which hands are face up; ``file``, the
    digest of the room's lesson file when the lesson comes from it ("" for the library's)."""

    lesson: str
    step: int
    show: tuple[bool, bool]
    version: int = 0
    file: str = ""


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

    def open(self, rng: random.Random | None = None, caller: Caller = NOBODY) -> Opened:
        """A new room; ``RoomsFull`` when ``max_rooms`` rooms are open, or (``mine``) when
        ``caller`` opened too many of late or keeps ``ROOMS_PER_CLIENT`` open."""
        ...

    def reopen(self, code: str, token: str, caller: Caller = NOBODY) -> bool:
        """Take a room back that the store lost (Redis restarted): open again under the same
        code with the same token, when the code is neither open nor closed; an open room
        with this token is only resumed. ``False`` when the code is taken by another token or
        closed, or the caller may open no room now."""
        ...

    def resume(self, code: str, token: str) -> bool:
        """Whether the room is open and the token is its teacher's (then the room is kept
        alive): a teacher's page takes its room back after a reload."""
        ...

    def publish(
        self,
        code: str,
        token: str,
        lesson: str,
        step: int,
        show: tuple[bool, bool],
        file: str = "",
    ) -> SharedView | None:
        """Record the teacher's view; each change gets a higher version, a repeat keeps it.
        ``file``: the digest of the room's lesson file when the lesson comes from it. ``None``
        when the room is no longer open (closed or forgotten), the token is not its
        teacher's, or the room holds no file of that digest."""
        ...

    def put_file(self, code: str, token: str, data: bytes) -> str | None:
        """Hold ``data`` as the room's lesson file, in place of any before: its digest
        (``file_digest``). ``None`` as for ``publish``, or when ``room_file_ok`` refuses it."""
        ...

    def lesson_file(self, code: str, digest: str) -> bytes | None:
        """The room's lesson file when its digest is ``digest``; ``None`` else (another file,
        none, or a room not open). Only for a code found by ``join``."""
        ...

    def heartbeat(self, code: str, token: str) -> bool:
        """The teacher's page is still there; ``False`` as for ``resume``."""
        ...

    def join(self, code: str, caller: Caller) -> Join:
        """A caller's try of a code: ``FOUND`` for an open room, ``UNKNOWN`` else,
        ``LIMITED`` when the caller's session or address tried too many codes of late (then
        the code is not looked at)."""
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

    def answer(self, code: str, session: str, question: str, text: str) -> Answered:
        """A session answers the question ``question`` (``text``: the answer, then a tab and
        a name when one is given): counted once, a second answer replaces the first. Refused
        (``Answered``) when that question is not the one asked now or is revealed, or the
        answer is empty or too long (``CLOSED``), the session did not follow when it was asked
        (``LATE``), ``MAX_ANSWERS`` others answered (``FULL``) or the name is not allowed
        (``NAME``)."""
        ...

    def refused(self, code: str, token: str) -> dict[str, int] | None:
        """How many answers to the question asked now were refused, by reason (the values
        ``"late"`` and ``"full"``, the values of ``Answered.LATE`` and ``FULL``); ``None`` as
        for ``tally``."""
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


def name_key(sent: str) -> str:
    """The name given with an answer as compared ("" for none), or ``TEACHER`` when it is
    the word for teacher: no student's own."""
    name = " ".join(split_answer(sent)[1].casefold().split())
    return TEACHER if name in TEACHER_NAMES else name


#: What ``name_key`` gives for the word for teacher.
TEACHER = "\tteacher"


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
    "TEACHER_NAMES",
    "Answered",
    "Caller",
    "Join",
    "Opened",
    "Question",
    "RoomStore",
    "Rooms",
    "RoomsFull",
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

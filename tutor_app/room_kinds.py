"""What both room stores share: the limits, the values a store gives (``Opened``,
``SharedView``, ``Question``, ``Pulse``, ``Join``, ``Answered``), its errors, the protocol the
pages use (``Rooms``) and the checks of what a caller sends (a room code, an answer, a session
id, a lesson file). The stores are ``tutor_app.rooms.RoomStore`` (in the app process) and
``tutor_app.rooms_redis.RedisRooms``; ``tutor_app.rooms`` names all of this too."""

from __future__ import annotations

import enum
import hashlib
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from tutor.teach.classroom import split_answer
from tutor.web.links import normalize_room
from tutor_app.room_limits import (
    NOBODY,
    Caller,
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
    "Clock",
    "Join",
    "Opened",
    "Pulse",
    "Question",
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
    "room_file_ok",
    "same_token",
    "valid_room",
]

"""Follow rooms: where a teacher's current lesson and step wait for the students who follow.
Server state shared by every session of the app (threads), so it lives with the app.

A room code has ``ROOM_LENGTH`` characters from ``ROOM_ALPHABET`` (32 letters and digits, none
that reads like another): 30 bits, shown in two groups of three (``K7Q-F2M``) to be read aloud
and typed. Guessing is slowed down twice: each session may try ``JOINS_PER_SESSION`` codes a
minute, and the whole server answers at most ``FAILED_JOINS`` unknown codes a minute (past it,
every new try waits, found or not, so the answer tells nothing). The answer to a code does not
tell whether a room exists: an unknown code and a room still waiting for its teacher read the
same, and only a session that has seen a room's lesson learns that the room was closed.

Rooms and closed rooms are kept in the order they were last used, so forgetting the old ones
looks only at the oldest: each call does a constant amount of work on average, however many
rooms there are. At most ``MAX_ROOMS`` rooms are open at a time.
"""

from __future__ import annotations

import enum
import random
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True)
class SharedView:
    """What a teacher shows: a lesson, its step and which hands are face up."""

    lesson: str
    step: int
    show: tuple[bool, bool]
    version: int = 0


class RoomStore:
    """Rooms a teacher opens and students follow; safe to share between sessions (threads).

    Rooms not touched for ``ttl`` seconds are forgotten.
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
    ) -> None:
        self._ttl = ttl
        self._clock = clock
        self._max_rooms = max_rooms
        self._max_closed = max_closed
        self._lock = threading.Lock()
        # code -> (last touched, view); oldest first
        self._rooms: OrderedDict[str, tuple[float, SharedView | None]] = OrderedDict()
        # code -> when closed; oldest first
        self._closed: OrderedDict[str, float] = OrderedDict()
        self._failures = Tries(failed_joins, window)

    def __len__(self) -> int:
        """The rooms open now."""
        with self._lock:
            self._expire(self._clock())
            return len(self._rooms)

    def open(self, rng: random.Random | None = None) -> str:
        """A new, unused room code; ``RoomsFull`` when ``max_rooms`` rooms are open."""
        rng = rng or random.SystemRandom()
        with self._lock:
            now = self._clock()
            self._expire(now)
            if len(self._rooms) >= self._max_rooms:
                raise RoomsFull(self._max_rooms)
            while True:
                code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
                if code not in self._rooms and code not in self._closed:
                    self._rooms[code] = (now, None)
                    return code

    def publish(
        self, code: str, lesson: str, step: int, show: tuple[bool, bool]
    ) -> SharedView | None:
        """Record the teacher's view; each change gets a higher version, a repeat keeps it.
        ``None`` when the room is no longer open (closed or forgotten)."""
        with self._lock:
            now = self._clock()
            self._expire(now)
            entry = self._rooms.get(code)
            if entry is None:
                return None
            old = entry[1]
            if old is not None and (old.lesson, old.step, old.show) == (lesson, step, show):
                view = old
            else:
                view = SharedView(lesson, step, show, old.version + 1 if old else 1)
            self._rooms[code] = (now, view)
            self._rooms.move_to_end(code)
            return view

    def join(self, code: str, tries: Tries) -> Join:
        """A session's try of a code (its ``tries`` counted in the session): ``FOUND`` for an
        open room, ``UNKNOWN`` else, ``LIMITED`` when the session or the server has tried too
        many codes of late (then the code is not looked at)."""
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

    def get(self, code: str) -> SharedView | None:
        """The view shared in a room, or ``None`` for an unknown, empty or expired room. Only
        for a code found by ``join`` (or the teacher's own)."""
        with self._lock:
            self._expire(self._clock())
            entry = self._rooms.get(normalize_room(code))
            return entry[1] if entry else None

    def exists(self, code: str) -> bool:
        with self._lock:
            self._expire(self._clock())
            return normalize_room(code) in self._rooms

    def close(self, code: str) -> None:
        """The teacher stops sharing: the room is gone, and its followers are told so."""
        with self._lock:
            now = self._clock()
            code = normalize_room(code)
            if self._rooms.pop(code, None) is not None:
                self._closed[code] = now
                self._closed.move_to_end(code)
                while len(self._closed) > self._max_closed:
                    self._closed.popitem(last=False)

    def closed(self, code: str) -> bool:
        """Whether the room was closed by its teacher (and not yet forgotten)."""
        with self._lock:
            self._expire(self._clock())
            return normalize_room(code) in self._closed

    def _expire(self, now: float) -> None:
        """Forget the rooms and closed rooms older than ``ttl``: the oldest are first."""
        rooms, closed = self._rooms, self._closed
        while rooms and now - next(iter(rooms.values()))[0] > self._ttl:
            rooms.popitem(last=False)
        while closed and now - next(iter(closed.values())) > self._ttl:
            closed.popitem(last=False)


__all__ = [
    "FAILED_JOINS",
    "JOINS_PER_SESSION",
    "JOIN_WINDOW",
    "MAX_CLOSED",
    "MAX_ROOMS",
    "ROOM_ALPHABET",
    "ROOM_LENGTH",
    "ROOM_TTL",
    "Join",
    "RoomStore",
    "RoomsFull",
    "SharedView",
    "Tries",
    "format_room",
    "normalize_room",
    "valid_room",
]

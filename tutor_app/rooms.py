"""Follow rooms: where a teacher's current lesson and step wait for the students who follow.
Server state shared by every session of the app (threads), so it lives with the app."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from tutor.web.links import normalize_room

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
ROOM_LENGTH = 4


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

    def __init__(self, *, ttl: float = 12 * 3600, clock: Callable[[], float] = time.monotonic):
        self._ttl = ttl
        self._clock = clock
        self._lock = threading.Lock()
        self._rooms: dict[str, tuple[float, SharedView | None]] = {}
        self._closed: dict[str, float] = {}

    def open(self, rng: random.Random | None = None) -> str:
        """A new, unused room code."""
        rng = rng or random.SystemRandom()
        with self._lock:
            self._expire()
            while True:
                code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
                if code not in self._rooms and code not in self._closed:
                    self._rooms[code] = (self._clock(), None)
                    return code

    def publish(self, code: str, lesson: str, step: int, show: tuple[bool, bool]) -> SharedView:
        """Record the teacher's view; each change gets a higher version, a repeat keeps it."""
        with self._lock:
            _, old = self._rooms.get(code, (0.0, None))
            if old is not None and (old.lesson, old.step, old.show) == (lesson, step, show):
                view = old
            else:
                view = SharedView(lesson, step, show, old.version + 1 if old else 1)
            self._rooms[code] = (self._clock(), view)
            return view

    def get(self, code: str) -> SharedView | None:
        """The view shared in a room, or ``None`` for an unknown, empty or expired room."""
        with self._lock:
            self._expire()
            entry = self._rooms.get(normalize_room(code))
            return entry[1] if entry else None

    def exists(self, code: str) -> bool:
        with self._lock:
            self._expire()
            return normalize_room(code) in self._rooms

    def close(self, code: str) -> None:
        """The teacher stops sharing: the room is gone, and its followers are told so."""
        with self._lock:
            code = normalize_room(code)
            if self._rooms.pop(code, None) is not None:
                self._closed[code] = self._clock()

    def closed(self, code: str) -> bool:
        """Whether the room was closed by its teacher (and not yet forgotten)."""
        with self._lock:
            self._expire()
            return normalize_room(code) in self._closed

    def _expire(self) -> None:
        now = self._clock()
        for code in [c for c, (t, _) in self._rooms.items() if now - t > self._ttl]:
            del self._rooms[code]
        for code in [c for c, t in self._closed.items() if now - t > self._ttl]:
            del self._closed[code]


__all__ = ["ROOM_ALPHABET", "ROOM_LENGTH", "RoomStore", "SharedView", "normalize_room"]

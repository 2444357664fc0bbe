"""Students' pages run again when their room changes, without asking: one watcher per app
process looks at each room followed in this process a few times a second (one round trip per
room, however many students) and asks Streamlit to run again the pages of that room's
students whose view is out of date, as Streamlit itself does when a script file is saved.
A class that only watches costs the server nothing per student; a teacher's press costs one
run of each student's page.

The pages to run are woken in turn, ``AT_ONCE`` at a time: the next when one of them says it
has shown the room (or after ``BUSY_SECONDS``). Python runs one thread at a time, so a class
woken all at once shares the process between thirty runs and every student waits for the
last of them; woken in turn, the first students see the step at once and the run of each
costs less (measured in ``docs/load-test.md``).

The watcher also says, every ``FOLLOW_SECONDS`` and in a thread of its own, that the
students of this process still follow (their sessions are open), and forgets the sessions
Streamlit has closed.

This uses Streamlit's runtime (``Runtime.get_app_session`` and the session's rerun, as the
"run on save" of a changed script does); where that is not available (a test without a
server) the follow page looks at its room itself every ``FALLBACK_SECONDS``. Pages that are
woken keep no timer: a class that only watches asks nothing of the server.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor_app.rooms import Pulse

if TYPE_CHECKING:
    from streamlit.proto.ClientState_pb2 import ClientState

LOG = logging.getLogger("tutor.app.wake")

#: Seconds between two looks at the rooms followed in this process.
LOOK_SECONDS = 0.1
#: Pages of this process run at once when woken; the next is woken when one has run.
AT_ONCE = 2
#: Seconds after which a woken page that has not said it ran no longer holds its turn.
BUSY_SECONDS = 0.5
#: Seconds between two "still following" of a student (the teacher's count).
FOLLOW_SECONDS = 3.0
#: Seconds between two looks of a page at its room when nothing can wake it (no server).
FALLBACK_SECONDS = 10.0

#: Seconds without the teacher's heartbeat after which the students are told.
TEACHER_GONE_SECONDS = 20
#: While the teacher is away, the notice's seconds are renewed this often.
GONE_STEP = 5

Stamp = Hashable
#: What a room looks like now, as a page shows it (``None``: not open); may raise.
Look = Callable[[str], Stamp]
Say = Callable[[str, str], object]


#: The stamp of a room that cannot be looked at now (the rooms out of reach).
DOWN = "down"


def room_stamp(pulse: Pulse | None) -> Stamp:
    """What a student's page shows of a room's state: a change runs the page again. While the
    teacher is away the notice's seconds move on every ``GONE_STEP`` seconds."""
    if pulse is None:
        return None
    away = pulse.since_teacher >= TEACHER_GONE_SECONDS
    since = int(pulse.since_teacher // GONE_STEP) if away else -1
    return (pulse.version, pulse.question, pulse.revealed, since)


@dataclass
class _Seat:
    follower: str  # the id the room counts this student by
    shown: Stamp  # what the page last showed
    part: str = ""  # the fragment that shows the room ("": the whole page)
    woken: Stamp = None  # the room's state the page was last woken for
    said: float = -FOLLOW_SECONDS


class Watcher:
    """The sessions of this process that follow rooms, and the thread that wakes them."""

    def __init__(
        self,
        look: Look,
        say: Say,
        wake: Callable[[str, str], bool],
        *,
        alive: Callable[[str], bool] = lambda session: True,
        clock: Callable[[], float] = time.monotonic,
        at_once: int = AT_ONCE,
    ) -> None:
        self._look = look
        self._say = say
        self._wake = wake
        self._alive = alive
        self._clock = clock
        self._lock = threading.Lock()
        self._at_once = max(1, at_once)
        self._rooms: dict[str, dict[str, _Seat]] = {}
        self._thread: threading.Thread | None = None
        self._waiting: dict[str, str] = {}  # session -> its room, in the order to wake
        self._busy: dict[str, float] = {}  # session -> when it was woken
        self._now: dict[str, Stamp] = {}  # room -> its state at the last look

    def follow(self, code: str, session: str, follower: str, shown: Stamp, part: str = "") -> None:
        """Session ``session`` shows room ``code`` as ``shown`` now (and no other room), in
        the fragment ``part`` of its page ("": the whole page). A page woken has run: the
        next page waiting is woken."""
        with self._lock:
            for other, seats in list(self._rooms.items()):
                if other != code and seats.pop(session, None) is not None and not seats:
                    del self._rooms[other]
            seats = self._rooms.setdefault(code, {})
            seat = seats.get(session)
            if seat is None:
                seats[session] = _Seat(follower, shown, part)
            else:
                seat.follower, seat.shown, seat.part = follower, shown, part
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tutor-wake", daemon=True)
                self._thread.start()
            self._busy.pop(session, None)
        self._wake_next()

    def leave(self, session: str) -> None:
        """Session ``session`` follows no room (its page shows something else, or it closed)."""
        with self._lock:
            for code, seats in list(self._rooms.items()):
                if seats.pop(session, None) is not None and not seats:
                    del self._rooms[code]
            self._waiting.pop(session, None)
            self._busy.pop(session, None)

    def forget(self) -> None:
        """Every session leaves: no room is looked at until a page follows one again."""
        with self._lock:
            self._rooms.clear()
            self._waiting.clear()
            self._busy.clear()
            self._now.clear()

    def waiting(self) -> int:
        """The pages to wake that wait for their turn."""
        with self._lock:
            return len(self._waiting)

    def rooms(self) -> dict[str, int]:
        """The rooms followed in this process and their students."""
        with self._lock:
            return {code: len(seats) for code, seats in self._rooms.items()}

    def step(self) -> int:
        """One look at every followed room: the pages whose room changed wait for their turn
        (the first are woken now). The number of pages that came to wait."""
        with self._lock:
            rooms = {code: dict(seats) for code, seats in self._rooms.items()}
        queued = 0
        for code, seats in rooms.items():
            try:
                stamp = self._look(code)
            except Exception:  # the rooms out of reach: the pages say so at their next run
                LOG.debug("look at room %s failed", code, exc_info=True)
                continue
            with self._lock:
                self._now[code] = stamp  # before a page waits for it (see _wake_next)
                for session, seat in seats.items():
                    if seat.shown != stamp and seat.woken != stamp:
                        seat.woken = stamp  # woken once per change
                        queued += session not in self._waiting
                        self._waiting[session] = code  # its place in the line is kept
        with self._lock:
            for code in [c for c in self._now if c not in self._rooms]:
                del self._now[code]  # only the rooms followed now are kept
        self._wake_next()
        return queued

    def _wake_next(self) -> None:
        """Wake the pages waiting, while fewer than ``at_once`` woken pages have not yet run
        (a page that has not said so after ``BUSY_SECONDS`` no longer counts)."""
        while True:
            with self._lock:
                now = self._clock()
                for session, since in list(self._busy.items()):
                    if now - since > BUSY_SECONDS:
                        del self._busy[session]
                if len(self._busy) >= self._at_once or not self._waiting:
                    return
                session = next(iter(self._waiting))
                code = self._waiting.pop(session)
                seat = self._rooms.get(code, {}).get(session)
                if seat is None or seat.shown == self._now.get(code, seat.woken):
                    continue  # gone, or it ran meanwhile and shows the room as it is
                part = seat.part
                self._busy[session] = now
            if not self._wake(session, part):
                self.leave(session)  # closed by Streamlit

    def say(self) -> int:
        """Tell the rooms which students still follow (those not told for
        ``FOLLOW_SECONDS``); forget the sessions whose tab was closed. The number told."""
        with self._lock:
            rooms = {code: dict(seats) for code, seats in self._rooms.items()}
        now = self._clock()
        told = 0
        for code, seats in rooms.items():
            for session, seat in seats.items():
                if now - seat.said < FOLLOW_SECONDS:
                    continue
                if not self._alive(session):  # the tab was closed: no longer following
                    self.leave(session)
                    continue
                try:
                    self._say(code, seat.follower)
                    seat.said = now
                    told += 1
                except Exception:
                    LOG.debug("follow in room %s failed", code, exc_info=True)
        return told

    def _run(self) -> None:
        threading.Thread(target=self._run_say, name="tutor-follow", daemon=True).start()
        while True:
            time.sleep(LOOK_SECONDS)
            try:
                self.step()
            except Exception:  # never let the watcher die
                LOG.exception("the rooms' watcher failed")

    def _run_say(self) -> None:
        """Telling the rooms who follows has its own thread: a class of students told one by
        one never holds up a look (and a page woken late)."""
        while True:
            time.sleep(FOLLOW_SECONDS / 3)
            try:
                self.say()
            except Exception:
                LOG.exception("telling the rooms who follows failed")


def can_wake() -> bool:
    """Whether pages can be woken here (a Streamlit server runs in this process)."""
    try:
        from streamlit.runtime import Runtime

        return Runtime.exists()
    except Exception:
        return False


def session_alive(session: str) -> bool:
    """Whether Streamlit still has session ``session`` connected (``True`` with no server)."""
    try:
        from streamlit.runtime import Runtime

        return not Runtime.exists() or Runtime.instance().is_active_session(session)
    except Exception:
        return True


#: Widget values that are one click (a button, a card played): never played again.
_TRIGGERS = frozenset(
    {"trigger_value", "json_trigger_value", "string_trigger_value", "chat_input_value"}
)


def fresh_state(last: ClientState) -> ClientState:
    """The client state of a page's last run, to run the whole page again as it is: the same
    page, address and widget values, without that run's clicks (a button pressed then must not
    be pressed again) and not as a run of one fragment."""
    from streamlit.proto.ClientState_pb2 import ClientState

    state = ClientState()
    state.CopyFrom(last)
    state.fragment_id = ""
    state.is_auto_rerun = False
    kept = [w for w in last.widget_states.widgets if w.WhichOneof("value") not in _TRIGGERS]
    del state.widget_states.widgets[:]
    state.widget_states.widgets.extend(kept)
    return state


def wake_session(session: str, part: str = "") -> bool:
    """Ask Streamlit to run the page of session ``session`` again, with its last state, as
    after a saved script, or only its fragment ``part``; ``False`` when the session is closed
    (or no server runs here)."""
    try:
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return False
        app_session = Runtime.instance().get_app_session(session)
        if app_session is None:
            return False
        state = fresh_state(app_session._client_state)  # the page and values of its last run
        state.fragment_id = part
        rerun = app_session.request_rerun
        app_session._call_soon_on_event_loop(lambda: rerun(state))
        return True
    except Exception:
        LOG.warning("could not wake session %s", session, exc_info=True)
        return False


__all__ = [
    "DOWN",
    "FALLBACK_SECONDS",
    "FOLLOW_SECONDS",
    "GONE_STEP",
    "LOOK_SECONDS",
    "TEACHER_GONE_SECONDS",
    "Watcher",
    "room_stamp",
    "session_alive",
    "wake_session",
]

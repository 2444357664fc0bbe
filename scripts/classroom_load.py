"""A classroom under load: rooms of students following their teacher, over real app sessions.

Starts one ``redis-server`` and ``--processes`` app processes sharing it (loopback ports, a
temporary folder, nothing saved), then opens ``--rooms`` rooms with ``--students`` students each.
Every student is a real Streamlit session, driven over the app's websocket the way the browser's
page drives it, without a browser: it loads the page's address, opens ``/_stcore/stream``, asks
for a run of ``/follow?room=CODE``, keeps the values of the page's widgets as the page does,
re-runs the follow fragment on the timer the server asks for (``auto_rerun``), answers the
server's pings and clicks buttons by sending their trigger. Students are spread over the app
processes round robin and stay on theirs (sticky sessions).

Each room's teacher presses "Next" through the rooms' store every 3-5 s (jittered); a student
has the step when its page shows it (the page's ``data-t66-live="LESSON:STEP"`` marker, or the
step counter's ``data-step``). The latency of a press is the time from the press to the page's
message that shows it. Then the teacher asks the class a question and each student clicks one
of the page's answer buttons (widget keys ``class_answer_<k>``), some twice (the second answer
replaces the first); the teacher's count must hold every student exactly once.

Each room's students come from one address of their own (a school; the page reads the proxy's
``X-Real-IP``, which the students send), so the limits on joins per address hold as behind the
proxy. With ``--junk RATE`` one more client (its own address, a new session for every try, as
the worst case) sends random room codes at up to RATE a second while the class joins and
follows, as fast as the limits let it: the room codes of the class must still be found and the
presses still arrive; the report counts its tries and what they got.

Prints a short table and, with ``--json``, writes the numbers to a file. Exit status 0 when the
p95 latency is within ``--target`` seconds, every press reached every student and every answer
was counted once; else 1 with the reasons (2 when redis-server is missing).

    .venv/bin/python scripts/classroom_load.py --rooms 10 --students 30 --processes 2 \\
        --seconds 60 --junk 20 --json artifacts/classroom-load.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a file: the repository's packages come first
    sys.path.insert(0, str(ROOT))

#: Bounds on what one run may ask for.
MAX_ROOMS = 50
MAX_STUDENTS = 100
MAX_PROCESSES = 8
MAX_SECONDS = 600.0
#: Seconds to wait for the app processes and redis to answer.
START_SECONDS = 90.0
#: Seconds a student has to show the room's first step before the presses start.
JOIN_SECONDS = 60.0
#: Seconds the last presses (and the answers) have to arrive.
GRACE_SECONDS = 8.0
#: Seconds the students have to find the answer buttons once the question is asked.
BUTTON_SECONDS = 20.0
#: Seconds the last answers have to be counted after the last click.
SETTLE_SECONDS = 15.0
#: The teacher's presses: one every PRESS_MIN..PRESS_MAX seconds.
PRESS_MIN = 3.0
PRESS_MAX = 5.0
#: The range in use (``--every LOW HIGH``).
PRESS_EVERY = (PRESS_MIN, PRESS_MAX)
#: Seconds between two heartbeats of a teacher's page.
BEAT_SECONDS = 3.0
#: Seconds over which the students join (``--ramp``) at most.
MAX_RAMP = 120.0
#: Share of the students who change their answer (``--twice``).
TWICE_SHARE = 0.3
#: The junk client's address, and the highest rate of tries it may be given (``--junk``).
JUNK_ADDRESS = "203.0.113.66"
MAX_JUNK_RATE = 200.0
#: Tries in a minute past which the junk client must have been held back (codes per address).
JUNK_HELD_BACK = 120
#: The page's stable marker of the step shown live, and the step counter's (older pages).
LIVE_MARKER = re.compile(r"""data-t66-live=["']([^"']*):(\d+)["']""")
COUNTER_MARKER = re.compile(r'class="t66-counter" data-step="(\d+)"')
ANSWER_KEY = re.compile(r"class_answer_(\d+)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile (0..1) by linear interpolation between the closest ranks.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([5.0], 0.95)
    (2.5, 5.0)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = share * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


# -- processes and what they cost


@dataclass
class Usage:
    """CPU and memory of one process over the run, from /proc."""

    name: str
    pid: int
    ticks0: int = 0
    ticks1: int = 0
    peak_rss_kib: int = 0
    hwm_kib: int = 0
    wall0: float = 0.0
    wall1: float = 0.0
    #: CPU ticks and times at the start and end of the presses (the class at work)
    marks: list[tuple[int, float]] = field(default_factory=list)

    def mark(self) -> None:
        ticks = _cpu_ticks(self.pid)
        if ticks is not None:
            self.marks.append((ticks, time.monotonic()))

    def sample(self, first: bool = False) -> None:
        ticks = _cpu_ticks(self.pid)
        rss, hwm = _memory_kib(self.pid)
        now = time.monotonic()
        if ticks is not None:
            if first:
                self.ticks0, self.wall0 = ticks, now
            self.ticks1, self.wall1 = ticks, now
        self.peak_rss_kib = max(self.peak_rss_kib, rss)
        self.hwm_kib = max(self.hwm_kib, hwm)

    def report(self) -> dict[str, Any]:
        hz = os.sysconf("SC_CLK_TCK")
        cpu = (self.ticks1 - self.ticks0) / hz
        wall = max(self.wall1 - self.wall0, 1e-9)
        steady = None
        if len(self.marks) >= 2:
            (t0, w0), (t1, w1) = self.marks[0], self.marks[-1]
            steady = round(100 * (t1 - t0) / hz / max(w1 - w0, 1e-9), 1)
        return {
            "name": self.name,
            "pid": self.pid,
            "cpu_seconds": round(cpu, 2),
            "cpu_percent_of_one_core": round(100 * cpu / wall, 1),
            "cpu_percent_during_presses": steady,
            "peak_rss_mib": round(max(self.peak_rss_kib, self.hwm_kib) / 1024, 1),
            "seconds": round(wall, 1),
        }


def _cpu_ticks(pid: int) -> int | None:
    """utime + stime of a process, in clock ticks (``None`` when it is gone)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of stat(5)


def _memory_kib(pid: int) -> tuple[int, int]:
    """VmRSS and VmHWM of a process in KiB (zeros when it is gone)."""
    values = {"VmRSS:": 0, "VmHWM:": 0}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            parts = line.split()
            if parts and parts[0] in values:
                values[parts[0]] = int(parts[1])
    except OSError:
        pass
    return values["VmRSS:"], values["VmHWM:"]


class Sampler:
    """Samples the processes' memory every second in a thread (and CPU at start and end)."""

    def __init__(self, usages: list[Usage]) -> None:
        self.usages = usages
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Sampler:
        for u in self.usages:
            u.sample(first=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        for u in self.usages:
            u.sample()

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            for u in self.usages:
                u.sample()


@dataclass
class Servers:
    """The started processes: redis and the app processes."""

    redis_url: str
    ports: list[int]
    procs: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)


@contextlib.contextmanager
def servers(processes: int, folder: Path, app: Path) -> Iterator[Servers]:
    """One redis-server and ``processes`` processes of the app ``app`` on loopback ports; all
    are stopped on the way out (each in its own process group), whatever happens."""
    exe = shutil.which("redis-server")
    assert exe is not None
    started: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        rport = free_port()
        rdir = folder / "redis"
        rdir.mkdir()
        args = ["--port", str(rport), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        started.append(
            (
                "redis",
                subprocess.Popen(
                    [exe, *args, "--dir", str(rdir)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                ),
            )
        )
        url = f"redis://127.0.0.1:{rport}/0"
        env = dict(os.environ, TUTOR_REDIS_URL=url, TUTOR_LESSONS_DIR=str(ROOT / "lessons"))
        ports = []
        for i in range(processes):
            port = free_port()
            log = (folder / f"app-{i}.log").open("wb")
            cmd = [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(app),
                "--server.headless=true",
                f"--server.port={port}",
                "--server.address=127.0.0.1",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
            ]
            proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
            )
            log.close()
            started.append((f"app-{i + 1}", proc))
            ports.append(port)
        _wait_ready(url, ports, started, folder)
        yield Servers(url, ports, started)
    finally:
        _stop_all(started)


def _wait_ready(
    url: str, ports: list[int], started: list[tuple[str, subprocess.Popen[bytes]]], folder: Path
) -> None:
    import redis

    deadline = time.monotonic() + START_SECONDS
    client = redis.Redis.from_url(url)
    try:
        waiting = ["redis", *(f"http://127.0.0.1:{p}/_stcore/health" for p in ports)]
        while waiting:
            for name, proc in started:
                if proc.poll() is not None:
                    tail = ""
                    if name.startswith("app-"):
                        log = folder / f"app-{int(name[4:]) - 1}.log"
                        tail = log.read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"{name} stopped at start (status {proc.returncode}) {tail}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"not ready after {START_SECONDS:.0f} s: {waiting}")
            target = waiting[0]
            try:
                if target == "redis":
                    client.ping()
                else:
                    with urllib.request.urlopen(target, timeout=2) as r:
                        if r.status != 200:
                            raise OSError(r.status)
                waiting.pop(0)
            except (OSError, redis.ConnectionError):
                time.sleep(0.2)
    finally:
        client.close()


def _stop_all(started: list[tuple[str, subprocess.Popen[bytes]]]) -> None:
    """Stop the process groups we started: TERM, then KILL after 10 s."""
    for _name, proc in started:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    for _name, proc in started:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


# -- one student: a Streamlit session driven over the websocket as the page drives it


@dataclass
class Seen:
    """A step a student's page showed, and when its message arrived."""

    lesson: str | None
    step: int
    at: float


class Student:
    """One student's browser tab on ``/follow?room=CODE``, without the rendering.

    What the page's script does is copied from Streamlit's frontend (``static/js/index.*.js``):
    the first run asks for the page by its name and the query string; the server's
    ``navigation`` names the page's script hash and ``page_info_changed`` the address, both used
    in later runs; every widget on the page reports its value when it appears (``fromUser:
    false``), so each run carries the values of the page's text inputs, check boxes and select
    boxes; ``auto_rerun`` starts a timer that asks for a run of that fragment every
    ``interval`` seconds (``setInterval``); a click sets the button's trigger and asks for a
    run of the button's fragment; cacheable messages are kept by hash and their hashes sent with
    each run, and a ``ref_hash`` message is read from that cache; the websocket's pings are
    answered (by the websockets package, as by the browser); the client sends no pings of its
    own."""

    def __init__(
        self, name: str, port: int, room: str, session_start: float, address: str = ""
    ) -> None:
        self.name = name
        self.address = address  # sent as the proxy sends it (X-Real-IP)
        self.port = port
        self.room = room
        self.start = session_start
        self.query = f"room={room}"
        self.page_hash = ""
        self.widgets: dict[str, Any] = {}  # widget id -> WidgetState
        self.buttons: dict[int, tuple[str, str, str]] = {}  # k -> (widget id, fragment, label)
        self.cache: dict[str, tuple[bytes, int, str]] = {}  # hash -> (message, run, fragment)
        self.max_age = 2
        self.runs = 0
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        self.seen: list[Seen] = []
        self.shown: tuple[str | None, int] | None = None
        self.messages = 0
        self.bytes = 0
        self.errors: list[str] = []
        self.exceptions = 0
        self.reruns_sent = 0
        self.finished_runs = 0
        #: seconds from a run's start to its end as the page sees them: whole page, fragment
        self.page_runs: list[float] = []
        self.fragment_runs: list[float] = []
        self.run_started: float | None = None
        self.clicks: list[int] = []
        self.connected = asyncio.Event()
        self.buttons_seen = asyncio.Event()
        #: set when the page shows its buttons again after a click (the click's run)
        self.answered = asyncio.Event()
        self._ws: Any = None
        self._closing = False

    # the connection

    async def run(self, stop: asyncio.Event) -> None:
        import websockets

        await self._http_get(f"/follow?{self.query}")
        await self._http_get("/_stcore/health")
        await self._http_get("/_stcore/host-config")
        uri = f"ws://127.0.0.1:{self.port}/_stcore/stream"
        try:
            async with websockets.connect(
                uri,
                subprotocols=["streamlit", "PLACEHOLDER_AUTH_TOKEN"],  # type: ignore[list-item]
                origin=f"http://127.0.0.1:{self.port}",  # type: ignore[arg-type]
                max_size=None,
                ping_interval=None,
                compression=None,
                additional_headers={"X-Real-IP": self.address} if self.address else None,
            ) as ws:
                self._ws = ws
                self.connected.set()
                await self._rerun(fragment="", first=True)
                reader = asyncio.create_task(self._read(ws))
                stopper = asyncio.create_task(stop.wait())
                await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
                self._closing = True
                for task in (reader, stopper, *(t for _, t in self.timers.values())):
                    task.cancel()
        except Exception as exc:  # a student that fails is counted, the others go on
            if not self._closing:
                self.errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            for _, task in self.timers.values():
                task.cancel()

    async def _http_get(self, path: str) -> None:
        """What the browser asks before the websocket: the page, the health, the host config
        (the page's static scripts and styles are left out: a browser keeps them cached)."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Connection: close\r\nAccept-Encoding: gzip\r\n\r\n".encode()
            )
            await writer.drain()
            await reader.read()
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def _read(self, ws: Any) -> None:
        async for data in ws:
            if isinstance(data, bytes):
                self._on_message(data)

    # what the page sends

    async def _rerun(self, fragment: str, auto: bool = False, first: bool = False) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        if self._ws is None or self._closing:
            return
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query
        if first or not self.page_hash:
            rs.page_name = "follow"
        else:
            rs.page_script_hash = self.page_hash
        rs.fragment_id = fragment
        rs.is_auto_rerun = auto
        rs.widget_states.widgets.extend(self.widgets.values())
        rs.cached_message_hashes.extend(self.cache)
        ctx = rs.context_info
        ctx.timezone = "Europe/Vienna"
        ctx.timezone_offset = -60
        ctx.locale = "de-AT"
        ctx.url = f"http://127.0.0.1:{self.port}/follow?{self.query}"
        ctx.is_embedded = False
        ctx.color_scheme = "light"
        self.reruns_sent += 1
        await self._ws.send(msg.SerializeToString())

    async def click(self, k: int) -> bool:
        """Click answer button ``k``: its trigger, in a run of its fragment (as a click)."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        found = self.buttons.get(k)
        if found is None:
            return False
        wid, fragment, _label = found
        state = WidgetState(id=wid, trigger_value=True)
        self.widgets[wid] = state
        self.answered.clear()
        try:
            await self._rerun(fragment)
        finally:
            self.widgets.pop(wid, None)  # a trigger lasts one run
        self.clicks.append(k)
        return True

    async def _timer(self, fragment: str, interval: float) -> None:
        """``setInterval``: a run of the fragment every ``interval`` seconds."""
        while True:
            await asyncio.sleep(interval)
            await self._rerun(fragment, auto=True)

    # what the server sends

    def _on_message(self, data: bytes) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        now = time.monotonic()
        self.messages += 1
        self.bytes += len(data)
        msg = ForwardMsg()
        msg.ParseFromString(data)
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            kept = self.cache.get(msg.ref_hash)
            if kept is None:
                self.errors.append(f"cache miss {msg.ref_hash}")
                return
            self.cache[msg.ref_hash] = (kept[0], self.runs, kept[2])
            meta = msg.metadata
            msg = ForwardMsg()
            msg.ParseFromString(kept[0])
            msg.metadata.CopyFrom(meta)
            kind = msg.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash and msg.hash not in self.cache:
            self.cache[msg.hash] = (data, self.runs, msg.delta.fragment_id)
        if kind == "delta":
            self._on_delta(msg.delta, now)
        elif kind == "new_session":
            self.max_age = msg.new_session.config.max_cached_message_age or 2
        elif kind == "navigation":
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "auto_rerun":
            self._on_auto_rerun(msg.auto_rerun.fragment_id, msg.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            for fid in msg.stop_auto_rerun.fragment_ids:
                old = self.timers.pop(fid, None)
                if old is not None:
                    old[1].cancel()
        elif kind == "session_status_changed":
            if msg.session_status_changed.script_is_running:
                self.run_started = now
        elif kind == "script_finished":
            self.finished_runs += 1
            fragments = list(msg.metadata.run.fragment_ids)
            if msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                self._age_cache(fragments)
                if self.run_started is not None:
                    took = now - self.run_started
                    (self.fragment_runs if fragments else self.page_runs).append(took)
            self.run_started = now  # a run that follows at once starts here

    def _on_auto_rerun(self, fragment: str, interval: float) -> None:
        if not fragment:
            return
        old = self.timers.get(fragment)
        if old is not None and old[0] == interval:
            return
        if old is not None:
            old[1].cancel()
        task = asyncio.get_running_loop().create_task(self._timer(fragment, interval))
        self.timers[fragment] = (interval, task)

    def _age_cache(self, fragments: list[str]) -> None:
        """A run ended: forget the messages not used for ``max_age`` runs (after a fragment
        run, only the fragment's messages age)."""
        self.runs += 1
        for key, (_data, run, fragment) in list(self.cache.items()):
            if fragments and fragment not in fragments:
                continue
            if self.runs - run > self.max_age:
                del self.cache[key]

    def _on_delta(self, delta: Any, now: float) -> None:
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind in ("html", "markdown"):
            body: str = getattr(element, kind).body
            self._look_for_step(body, now)
        elif kind == "exception":
            self.exceptions += 1
        elif kind == "button":
            b = element.button
            m = ANSWER_KEY.search(b.id)
            if m:
                self.buttons[int(m.group(1))] = (b.id, delta.fragment_id, b.label)
                self.buttons_seen.set()
                self.answered.set()
        elif kind in ("text_input", "checkbox", "selectbox", "radio"):
            self._keep_value(kind, getattr(element, kind))

    def _look_for_step(self, body: str, now: float) -> None:
        found: tuple[str | None, int] | None = None
        if "data-t66-live" in body:
            m = LIVE_MARKER.search(body)
            if m:
                found = (m.group(1), int(m.group(2)))
        elif "t66-counter" in body:
            c = COUNTER_MARKER.search(body)
            if c:
                found = (None, int(c.group(1)))
        if found is not None and found != self.shown:
            self.shown = found
            self.seen.append(Seen(found[0], found[1], now))

    def _keep_value(self, kind: str, proto: Any) -> None:
        """A widget's value as the page keeps it: what the server set, else what the page
        already has, else the default."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        wid: str = proto.id
        if not proto.set_value and wid in self.widgets:
            return
        state = WidgetState(id=wid)
        if kind == "text_input":
            state.string_value = proto.value if proto.set_value else proto.default
        elif kind == "checkbox":
            state.bool_value = proto.value if proto.set_value else proto.default
        else:  # selectbox, radio: the option's text
            if proto.set_value:
                state.string_value = proto.raw_value
            elif proto.HasField("default") and 0 <= proto.default < len(proto.options):
                state.string_value = proto.options[proto.default]
            else:
                return
        self.widgets[wid] = state

    def arrival(self, lesson: str, step: int, after: float, before: float) -> float | None:
        """When the page first showed ``lesson``'s ``step`` after ``after`` (and before
        ``before``, when the teacher came to that step again)."""
        for s in self.seen:
            if s.at >= before:
                return None
            if s.at >= after and s.step == step and s.lesson in (None, lesson):
                return s.at
        return None


# -- the teachers


@dataclass
class Press:
    room: str
    lesson: str
    step: int
    at: float
    #: a press of every teacher at once (all ask the class), not at the teacher's own pace
    together: bool = False


@dataclass
class Room:
    code: str
    token: str
    lesson: str
    last: int
    #: the lesson's step with a question to the class and the question's id (as the teacher's
    #: page asks it)
    question_step: int
    question_id: str
    step: int = 0
    presses: list[Press] = field(default_factory=list)
    students: list[Student] = field(default_factory=list)


@dataclass(frozen=True)
class LessonPlan:
    """A lesson a teacher shows: its id, its last step, a step with a question to the class
    and that question's id."""

    lesson: str
    last: int
    question_step: int
    question_id: str


def pick_lessons(count: int) -> list[LessonPlan]:
    """``count`` lessons with a question step (round robin over the folder's)."""
    from tutor.teach.classroom import Kind, lesson_question
    from tutor.teach.lessons.library import Library

    lib = Library.load(ROOT / "lessons")
    found = []
    for lesson in lib.lessons:
        frames = lib.frames(lesson.id)
        for step in range(len(frames)):
            asked = lesson_question(lesson.id, frames, step)
            if asked is not None and asked.kind is Kind.CHOICE and len(frames) >= 4:
                found.append(LessonPlan(lesson.id, len(frames) - 1, step, asked.id))
                break
    if not found:
        raise RuntimeError("no lesson with a question step and four steps in lessons/")
    return [found[i % len(found)] for i in range(count)]


async def teacher(store: Any, room: Room, until: float, rng: random.Random) -> None:
    """Press "Next" every 3-5 s (the last step goes back to the deal) until ``until``."""
    while True:
        await asyncio.sleep(rng.uniform(*PRESS_EVERY))
        if time.monotonic() >= until:
            return
        room.step = room.step + 1 if room.step < room.last else 0
        at = time.monotonic()
        view = await asyncio.to_thread(
            store.publish, room.code, room.token, room.lesson, room.step, (False, False)
        )
        if view is None:
            raise RuntimeError(f"room {room.code} refused the press")
        room.presses.append(Press(room.code, room.lesson, room.step, at))


async def student_answers(student: Student, rng: random.Random, twice: bool) -> None:
    """Wait a moment, click an answer; some students change their mind after a while."""
    await asyncio.sleep(rng.uniform(0.2, 2.0))
    choices = sorted(student.buttons)
    await student.click(rng.choice(choices))
    if twice and len(choices) > 1:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(student.answered.wait(), 10)
        await asyncio.sleep(rng.uniform(0.5, 2.0))
        await student.click(rng.choice([k for k in choices if k != student.clicks[-1]]))
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(student.answered.wait(), 10)


# -- the run


@dataclass
class Options:
    rooms: int
    students: int
    processes: int
    seconds: float
    target: float
    seed: int
    twice: float = TWICE_SHARE
    ramp: float = 0.0
    junk: float = 0.0


async def classroom(
    opts: Options,
    lessons: list[LessonPlan],
    ports: list[int],
    redis_url: str,
    usages: Sequence[Usage] = (),
) -> dict[str, Any]:
    from tutor_app.rooms_redis import RedisRooms

    rng = random.Random(opts.seed)
    store = RedisRooms(redis_url)
    rooms: list[Room] = []
    for plan in lessons:
        opened = store.open()
        store.publish(opened.code, opened.token, plan.lesson, 0, (False, False))
        rooms.append(
            Room(
                opened.code,
                opened.token,
                plan.lesson,
                plan.last,
                plan.question_step,
                plan.question_id,
            )
        )
    warm_seconds = await warm_up(ports, rooms[0].code)
    stop = asyncio.Event()
    students: list[Student] = []
    tasks: list[asyncio.Task[None]] = []
    start = time.monotonic()
    n = 0
    junker = JunkClient(redis_url, opts.junk, opts.seed)
    for _ in range(opts.students):  # the rooms fill side by side, as classes arrive
        for k, room in enumerate(rooms):
            school = f"192.0.2.{k + 1}"  # each room's class behind its school's address
            s = Student(f"s{n}", ports[n % len(ports)], room.code, start, school)
            n += 1
            room.students.append(s)
            students.append(s)
    # the students join over --ramp seconds (a class types the code one by one), while the
    # teachers' pages beat
    beats = [asyncio.create_task(_teacher_beats(store, room)) for room in rooms]
    for s in students:
        tasks.append(asyncio.create_task(s.run(stop)))
        if opts.ramp:
            await asyncio.sleep(opts.ramp / len(students))
    joined_by = time.monotonic() + JOIN_SECONDS
    while time.monotonic() < joined_by and not all(s.seen or s.errors for s in students):
        await asyncio.sleep(0.25)
    join_seconds = time.monotonic() - start
    not_joined = [s.name for s in students if not s.seen]

    # the presses
    press_start = time.monotonic()
    for u in usages:
        u.mark()
    runs_before = sum(s.finished_runs for s in students)
    until = press_start + opts.seconds
    await asyncio.gather(*(teacher(store, room, until, rng) for room in rooms))
    for u in usages:
        u.mark()
    runs_during = sum(s.finished_runs for s in students) - runs_before
    await asyncio.sleep(GRACE_SECONDS)
    press_seconds = time.monotonic() - press_start

    # the question
    answers = await ask_the_class(store, rooms, rng, opts.twice)
    junk_report = await asyncio.to_thread(junker.finish)

    stop.set()
    for beat in beats:
        beat.cancel()
    await asyncio.gather(*tasks, *beats, return_exceptions=True)
    report = summarize(opts, rooms, students, not_joined, join_seconds, press_seconds, answers)
    report["junk"] = junk_report
    if junk_report.get("tries", 0) > JUNK_HELD_BACK and not junk_report["answers"].get("limited"):
        report["reasons"].append("the junk client was never held back")
        report["ok"] = False
    report["runs_during_presses"] = runs_during
    report["warm_up_seconds"] = round(warm_seconds, 1)
    apps = [u for u in usages if u.name.startswith("app-") and len(u.marks) >= 2]
    app_cpu = sum((u.marks[-1][0] - u.marks[0][0]) / os.sysconf("SC_CLK_TCK") for u in apps)
    report["app_cpu_ms_per_run"] = round(1000 * app_cpu / runs_during, 1) if runs_during else None
    return report


def junk_client(redis_url: str, rate: float, seed: int, stop: Any, out: Any) -> None:
    """One client, in a process of its own, tries random room codes at up to ``rate`` a second
    until ``stop`` is set, each from a new session (so only its address's limits hold it back);
    puts what it got in ``out``."""
    from tutor_app.room_limits import Caller
    from tutor_app.rooms import ROOM_ALPHABET, ROOM_LENGTH
    from tutor_app.rooms_redis import RedisRooms

    store = RedisRooms(redis_url)
    rng = random.Random(seed)
    got: Counter[str] = Counter()
    start = time.monotonic()
    n = 0
    while not stop.is_set():
        code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
        got[store.join(code, Caller(f"junk{n}", JUNK_ADDRESS)).value] += 1
        n += 1
        stop.wait(max(0.0, start + n / rate - time.monotonic()))
    seconds = time.monotonic() - start
    out.put(
        {
            "rate": rate,
            "tries": n,
            "seconds": round(seconds, 1),
            "tries_per_second": round(n / seconds, 1) if seconds and n else 0.0,
            "cpu_seconds": round(time.process_time(), 1),
            "answers": dict(got),
        }
    )


class JunkClient:
    """``junk_client`` in a process of its own (when ``rate`` > 0; a daemon, so that it ends
    with the run whatever happens)."""

    def __init__(self, redis_url: str, rate: float, seed: int) -> None:
        self.report: dict[str, Any] = {}
        self._proc: Any = None
        if rate > 0:
            ctx = multiprocessing.get_context("spawn")
            self._stop, self._out = ctx.Event(), ctx.Queue()
            args = (redis_url, rate, seed, self._stop, self._out)
            self._proc = ctx.Process(target=junk_client, args=args, daemon=True)
            self._proc.start()

    def finish(self) -> dict[str, Any]:
        """Stop it and read what it got."""
        if self._proc is not None:
            self._stop.set()
            with contextlib.suppress(Exception):
                self.report = self._out.get(timeout=30)
            self._proc.join(10)
            if self._proc.is_alive():
                self._proc.kill()
            self._proc = None
        return self.report


async def warm_up(ports: list[int], code: str) -> float:
    """One page on each app process first, until it shows the room: a process reads and checks
    the lessons at its first use (seconds of work), which a class meets only when it is the
    first to come; the class then joins warm processes. Returns the seconds it took."""
    start = time.monotonic()
    done = asyncio.Event()
    pages = [Student(f"warm-{i}", port, code, start) for i, port in enumerate(ports)]
    tasks = [asyncio.create_task(p.run(done)) for p in pages]
    while time.monotonic() - start < START_SECONDS and not all(p.seen or p.errors for p in pages):
        await asyncio.sleep(0.2)
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    failed = [p.name for p in pages if not p.seen]
    if failed:
        raise RuntimeError(f"the follow page did not show the room on {failed}")
    return time.monotonic() - start


async def ask_the_class(
    store: Any, rooms: list[Room], rng: random.Random, twice: float
) -> dict[str, Any]:
    """Each teacher shows the lesson's question step and asks the class (as "Ask the class"
    does); each student clicks an answer (some twice); the teachers' counts are compared with
    what the students sent. Meanwhile each teacher looks at the count every second (as the
    teacher's page does)."""
    for room in rooms:
        moved = room.step != room.question_step  # a press only when the step changes
        room.step = room.question_step
        at = time.monotonic()
        shown = await asyncio.to_thread(
            store.publish, room.code, room.token, room.lesson, room.step, (False, False)
        )
        if shown is None or not await asyncio.to_thread(
            store.ask, room.code, room.token, room.question_id
        ):
            raise RuntimeError(f"room {room.code} refused the question")
        if moved:
            room.presses.append(Press(room.code, room.lesson, room.step, at, together=True))
    looking = [asyncio.create_task(_teacher_looks(store, room)) for room in rooms]
    try:
        return await _answers(store, rooms, rng, twice)
    finally:
        for task in looking:
            task.cancel()


async def _teacher_looks(store: Any, room: Room) -> None:
    while True:
        await asyncio.sleep(1.0)
        await asyncio.to_thread(store.tally, room.code, room.token)


async def _teacher_beats(store: Any, room: Room) -> None:
    """The teacher's page says it is there every 3 s, as the page does."""
    while True:
        await asyncio.sleep(BEAT_SECONDS)
        await asyncio.to_thread(store.heartbeat, room.code, room.token)


async def _answers(
    store: Any, rooms: list[Room], rng: random.Random, twice: float
) -> dict[str, Any]:
    everyone = [s for room in rooms for s in room.students if s.seen]
    waiting = [asyncio.create_task(s.buttons_seen.wait()) for s in everyone]
    if waiting:
        await asyncio.wait(waiting, timeout=BUTTON_SECONDS)
    for w in waiting:
        w.cancel()
    with_buttons = [s for s in everyone if s.buttons]
    if not with_buttons:
        return {"buttons_found": False, "ok": False, "reason": "no answer buttons found"}
    await asyncio.gather(*(student_answers(s, rng, rng.random() < twice) for s in with_buttons))
    # the last clicks' runs may still be on their way: look again until the counts agree
    settle = time.monotonic() + SETTLE_SECONDS
    while True:
        rows = await _compare(store, rooms)
        if all(r["same"] for r in rows) or time.monotonic() > settle:
            break
        await asyncio.sleep(0.5)
    without = len(everyone) - len(with_buttons)
    counted_once = all(r["same"] for r in rows)
    reasons = []
    if without:
        reasons.append(f"{without} students never saw the answer buttons")
    if not counted_once:
        reasons.append("answers were not counted once each")
    return {
        "buttons_found": True,
        "students_without_buttons": without,
        "counted_once": counted_once,
        "ok": not reasons,
        "reason": "; ".join(reasons),
        "rooms": rows,
    }


async def _compare(store: Any, rooms: list[Room]) -> list[dict[str, Any]]:
    """Each room's count beside what its students sent last."""
    rows = []
    for room in rooms:
        sent = Counter(s.clicks[-1] for s in room.students if s.clicks)
        labels = {k: b[2] for s in room.students for k, b in s.buttons.items()}
        tally = await asyncio.to_thread(store.tally, room.code, room.token) or {}
        refused = await asyncio.to_thread(store.refused, room.code, room.token) or {}
        expected, how = _expected_tally(sent, labels, tally)
        same = expected == tally if how != "counts" else sorted(expected) == sorted(tally.values())
        same = same and sum(tally.values()) == sum(sent.values())
        rows.append(
            {
                "room": room.code,
                "students": len(room.students),
                "answered": sum(sent.values()),
                "changed": sum(1 for s in room.students if len(s.clicks) > 1),
                "counted": sum(tally.values()),
                "sent": {str(k): v for k, v in sorted(sent.items())},
                "tally": tally,
                "refused": refused,
                "compared_by": how,
                "same": same,
            }
        )
    return rows


def _expected_tally(
    sent: Counter[int], labels: dict[int, str], tally: dict[str, int]
) -> tuple[Any, str]:
    """What the teacher should count: by the answers' numbers as the tutor keeps them
    (``#k``), by the buttons' labels when the count is kept by label, by the bare numbers, else
    only the counts (any naming)."""
    by_choice = {f"#{k}": v for k, v in sent.items()}
    if set(tally) <= set(by_choice):
        return by_choice, "choice"
    by_label = Counter({labels[k]: v for k, v in sent.items() if k in labels})
    if set(tally) <= set(by_label) and len(by_label) == len(sent):
        return dict(by_label), "label"
    by_number = {str(k): v for k, v in sent.items()}
    if set(tally) <= set(by_number):
        return by_number, "number"
    return list(sent.values()), "counts"


def summarize(
    opts: Options,
    rooms: list[Room],
    students: list[Student],
    not_joined: list[str],
    join_seconds: float,
    press_seconds: float,
    answers: dict[str, Any],
) -> dict[str, Any]:
    latencies: list[float] = []
    own_pace: list[float] = []  # the presses of each teacher at their own pace
    together: list[float] = []  # the presses of all teachers at once (they ask the class)
    missing = 0
    for room in rooms:
        for i, press in enumerate(room.presses):
            again = [p.at for p in room.presses[i + 1 :] if p.step == press.step]
            before = again[0] if again else float("inf")
            for s in room.students:
                got = s.arrival(press.lesson, press.step, press.at, before)
                if got is None:
                    missing += 1
                else:
                    latencies.append(got - press.at)
                    (together if press.together else own_pace).append(got - press.at)
    pairs = len(latencies) + missing
    p95 = percentile(latencies, 0.95)
    reasons = []
    if not latencies:
        reasons.append("no press arrived")
    elif p95 > opts.target:
        reasons.append(f"p95 latency {p95:.2f} s is over the target {opts.target:.2f} s")
    if missing:
        reasons.append(f"{missing} of {pairs} presses never reached the student")
    if not_joined:
        reasons.append(f"{len(not_joined)} students never saw the room")
    if not answers.get("ok"):
        reasons.append(answers["reason"])
    errors = Counter(e for s in students for e in s.errors)
    return {
        "rooms": len(rooms),
        "students": len(students),
        "processes": opts.processes,
        "seconds": opts.seconds,
        "target_p95_seconds": opts.target,
        "join_seconds": round(join_seconds, 1),
        "press_seconds": round(press_seconds, 1),
        "presses": sum(len(r.presses) for r in rooms),
        "pairs": pairs,
        "arrived": len(latencies),
        "missing": missing,
        "latency_seconds": {
            "p50": round(percentile(latencies, 0.5), 3),
            "p95": round(p95, 3),
            "max": round(max(latencies), 3) if latencies else None,
            "mean": round(statistics.fmean(latencies), 3) if latencies else None,
            "own_pace": _latency_spread(own_pace),
            "all_at_once": _latency_spread(together),
        },
        "marker": "data-t66-live"
        if any(s.lesson is not None for st in students for s in st.seen)
        else "t66-counter",
        "reruns_sent": sum(s.reruns_sent for s in students),
        "runs_finished": sum(s.finished_runs for s in students),
        "messages": sum(s.messages for s in students),
        "megabytes": round(sum(s.bytes for s in students) / 1e6, 1),
        "page_exceptions": sum(s.exceptions for s in students),
        "run_seconds": {
            "page": _spread([t for s in students for t in s.page_runs]),
            "fragment": _spread([t for s in students for t in s.fragment_runs]),
        },
        "student_errors": dict(errors.most_common(5)),
        "not_joined": len(not_joined),
        "answers": answers,
        "ok": not reasons,
        "reasons": reasons,
    }


def _latency_spread(values: list[float]) -> dict[str, Any]:
    return {
        "pairs": len(values),
        "p50": round(percentile(values, 0.5), 3) if values else None,
        "p95": round(percentile(values, 0.95), 3) if values else None,
        "max": round(max(values), 3) if values else None,
    }


def _spread(values: list[float]) -> dict[str, Any]:
    return {
        "count": len(values),
        "p50": round(percentile(values, 0.5), 3) if values else None,
        "p95": round(percentile(values, 0.95), 3) if values else None,
    }


def table(report: dict[str, Any]) -> str:
    lat = report["latency_seconds"]
    lines = [
        f"classroom: {report['rooms']} rooms x {report['students'] // max(report['rooms'], 1)}"
        f" students over {report['processes']} app processes, {report['seconds']:.0f} s"
        f" of presses (marker: {report['marker']})",
        f"presses {report['presses']}, student x press {report['pairs']}:"
        f" arrived {report['arrived']}, never {report['missing']}",
        f"latency press -> page: p50 {lat['p50']:.2f} s  p95 {lat['p95']:.2f} s"
        f"  max {lat['max'] if lat['max'] is not None else float('nan'):.2f} s"
        f"  (target p95 <= {report['target_p95_seconds']:.2f} s)",
        *(
            f"  {words}: {part['pairs']} pairs, p50 {part['p50']:.2f} s  p95 {part['p95']:.2f} s"
            f"  max {part['max']:.2f} s"
            for words, part in (
                ("teachers at their own pace", lat.get("own_pace")),
                ("all teachers asking at once", lat.get("all_at_once")),
            )
            if part and part["pairs"]
        ),
        f"warm-up {report.get('warm_up_seconds')} s (one page a process), class joined in"
        f" {report['join_seconds']} s",
        f"runs asked {report['reruns_sent']}, finished {report['runs_finished']},"
        f" messages {report['messages']} ({report['megabytes']} MB),"
        f" page errors {report['page_exceptions']}",
    ]
    ans = report["answers"]
    if not ans.get("buttons_found"):
        lines.append(f"answers: {ans.get('reason')}")
    else:
        answered = sum(r["answered"] for r in ans["rooms"])
        changed = sum(r["changed"] for r in ans["rooms"])
        counted = sum(r["counted"] for r in ans["rooms"])
        lines.append(
            f"answers: {answered} students answered ({changed} changed their answer),"
            f" counted {counted}: {'each once' if ans['counted_once'] else 'MISMATCH'}"
        )
        if ans["students_without_buttons"]:
            lines.append(
                f"answers: {ans['students_without_buttons']} students never saw the answer"
                f" buttons (in {BUTTON_SECONDS:.0f} s)"
            )
    for kind, spread in report["run_seconds"].items():
        if spread["count"]:
            lines.append(
                f"runs of the {kind} as the page sees them: {spread['count']},"
                f" p50 {spread['p50']:.3f} s, p95 {spread['p95']:.3f} s"
            )
    per_run = report.get("app_cpu_ms_per_run")
    lines.append(
        f"during the presses: {report.get('runs_during_presses')} runs finished,"
        f" app CPU per run {per_run if per_run is not None else '-'} ms"
    )
    lines.append(
        f"{'process':<10} {'CPU s':>8} {'CPU %':>7} {'CPU % presses':>14} {'peak RSS MiB':>13}"
    )
    for u in report.get("usage", []):
        busy = u["cpu_percent_during_presses"]
        lines.append(
            f"{u['name']:<10} {u['cpu_seconds']:>8.1f} {u['cpu_percent_of_one_core']:>7.1f}"
            f" {busy if busy is not None else '-':>14} {u['peak_rss_mib']:>13.1f}"
        )
    junk = report.get("junk") or {}
    if junk.get("tries"):
        lines.append(
            f"junk codes: {junk['tries']} tries from one address ({junk['tries_per_second']}/s):"
            f" {junk['answers']}"
        )
    lines.append(f"machine: {os.cpu_count()} cores (shared with whatever else runs)")
    lines.append("result: " + ("OK" if report["ok"] else "FAIL: " + "; ".join(report["reasons"])))
    return "\n".join(lines)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--rooms", type=int, default=10)
    p.add_argument("--students", type=int, default=30, help="students per room")
    p.add_argument("--processes", type=int, default=2, help="app processes")
    p.add_argument("--seconds", type=float, default=60.0, help="seconds of presses")
    p.add_argument("--target", type=float, default=1.0, help="p95 latency target, seconds")
    p.add_argument("--seed", type=int, default=66)
    p.add_argument(
        "--ramp",
        type=float,
        default=30.0,
        help="seconds over which the students join (default 30)",
    )
    p.add_argument(
        "--twice",
        type=float,
        default=TWICE_SHARE,
        help="share of the students who change their answer (0..1)",
    )
    p.add_argument(
        "--every",
        type=float,
        nargs=2,
        metavar=("LOW", "HIGH"),
        default=(PRESS_MIN, PRESS_MAX),
        help="seconds between a teacher's presses, drawn between LOW and HIGH (default 3 5)",
    )
    p.add_argument(
        "--junk",
        type=float,
        default=0.0,
        metavar="RATE",
        help="one more client tries random room codes at up to RATE a second (default 0: none)",
    )
    p.add_argument("--json", type=Path, help="write the numbers to this file")
    p.add_argument(
        "--app",
        type=Path,
        default=ROOT / "streamlit_app.py",
        help="the app to start (another page for the tests; default: the tutor)",
    )
    args = p.parse_args(argv)
    checks = [
        (1 <= args.rooms <= MAX_ROOMS, f"--rooms 1..{MAX_ROOMS}"),
        (1 <= args.students <= MAX_STUDENTS, f"--students 1..{MAX_STUDENTS}"),
        (1 <= args.processes <= MAX_PROCESSES, f"--processes 1..{MAX_PROCESSES}"),
        (PRESS_MAX <= args.seconds <= MAX_SECONDS, f"--seconds {PRESS_MAX:.0f}..{MAX_SECONDS:.0f}"),
        (args.target > 0, "--target > 0"),
        (0.5 <= args.every[0] <= args.every[1] <= 60, "--every LOW HIGH, 0.5 <= LOW <= HIGH <= 60"),
        (0 <= args.twice <= 1, "--twice 0..1"),
        (0 <= args.ramp <= MAX_RAMP, f"--ramp 0..{MAX_RAMP:.0f}"),
        (0 <= args.junk <= MAX_JUNK_RATE, f"--junk 0..{MAX_JUNK_RATE:.0f}"),
    ]
    for good, what in checks:
        if not good:
            p.error(what)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    global PRESS_EVERY
    args = parse(argv)
    PRESS_EVERY = (args.every[0], args.every[1])
    if shutil.which("redis-server") is None:
        print("redis-server is not installed (Debian: apt-get install redis-server); nothing run")
        return 2
    opts = Options(
        args.rooms,
        args.students,
        args.processes,
        args.seconds,
        args.target,
        args.seed,
        args.twice,
        args.ramp,
        args.junk,
    )
    # a hard bound on the whole run, whatever the servers do
    budget = 2 * START_SECONDS + args.ramp + JOIN_SECONDS + args.seconds + 120
    # Ctrl-C and a TERM stop the run and, on the way out, the processes it started (also
    # when started in the background, where SIGINT comes ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    me = Usage("generator", os.getpid())
    lessons = pick_lessons(args.rooms)
    with (
        tempfile.TemporaryDirectory(prefix="classroom-load-") as tmp,
        servers(args.processes, Path(tmp), args.app.resolve()) as srv,
    ):
        usages = [Usage(name, proc.pid) for name, proc in srv.procs]
        with Sampler([*usages, me]):
            report = asyncio.run(
                asyncio.wait_for(
                    classroom(opts, lessons, srv.ports, srv.redis_url, [*usages, me]), budget
                )
            )
    report["usage"] = [u.report() for u in [*usages, me]]
    report["cores"] = os.cpu_count()
    print(table(report))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", "utf-8")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted: the processes started were stopped", file=sys.stderr)
        sys.exit(130)

"""Feeding a running ``tutor engine`` a stream of lines and watching its memory.

``feed(lines)`` starts the engine, writes the lines from a thread, reads one answer per
non-empty line (each checked as ``oracles.check_engine_answer`` does), samples the engine's
resident memory (``VmRSS``) as it goes, and says what went wrong, if anything: an answer
missing (the engine stopped or hung on a line), a bad answer, an answer out of order.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .harness import HARD, OUT, ROOT
from .oracles import Bad, check_engine_answer


@dataclass
class StreamReport:
    lines: int
    answered: int = 0
    seconds: float = 0.0
    rss_kb: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def quarters(self) -> tuple[float, float]:
        """The highest resident memory in the first and in the last quarter of the samples."""
        q = max(1, len(self.rss_kb) // 4)
        return max(self.rss_kb[:q]), max(self.rss_kb[-q:])

    def deciles(self) -> str:
        """The resident memory at each tenth of the stream, in MB."""
        n = len(self.rss_kb)
        if not n:
            return ""
        return " ".join(f"{self.rss_kb[min(n - 1, k * n // 10)] / 1024:.0f}" for k in range(11))

    def summary(self) -> str:
        first, last = self.quarters() if self.rss_kb else (0.0, 0.0)
        text = (
            f"engine stream: {self.answered} of {self.lines} lines answered in "
            f"{self.seconds:.1f} s; resident memory at most {first / 1024:.0f} MB in the first "
            f"quarter, {last / 1024:.0f} MB in the last ({len(self.rss_kb)} samples: "
            f"{self.deciles()})"
        )
        return "\n".join([text, *(f"  {p}" for p in self.problems[:20])])


def _rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _save(n: int, line: bytes) -> Path:
    folder = OUT / "stream"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"line-{n}.jsonl"
    path.write_bytes(line + b"\n")
    return path


def feed(
    lines: Sequence[bytes], ids: dict[int, object], warm: int = 0, samples: int = 64
) -> StreamReport:
    """Feed ``lines`` (no line breaks inside) to ``tutor engine``; ``ids`` maps a line's index
    to the id its answer must carry. The memory is sampled after the first ``warm`` lines."""
    report = StreamReport(len(lines))
    expected = [i for i, line in enumerate(lines) if line.strip()]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", "engine", "--samples", "8"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stdin = proc.stdin

    def write() -> None:
        try:
            for line in lines:
                stdin.write(line + b"\n")
            stdin.close()
        except (BrokenPipeError, OSError):
            pass

    writer = threading.Thread(target=write, daemon=True)
    start = time.monotonic()
    writer.start()
    every = max(1, (len(expected) - warm) // samples)
    answers = _Reader(proc.stdout)
    try:
        for i in expected:
            answer = answers.next(HARD)
            if answer is None:
                what = "stopped" if proc.poll() is not None else f"gave no answer in {HARD:.0f} s"
                report.problems.append(f"the engine {what} at line {i + 1}: {_save(i, lines[i])}")
                break
            report.answered += 1
            try:
                check_engine_answer(answer.decode("utf-8"))
                if i in ids and json.loads(answer).get("id") != ids[i]:
                    raise Bad(f"the answer to line {i + 1} carries another id: {answer[:100]!r}")
            except (Bad, UnicodeDecodeError, ValueError) as exc:
                report.problems.append(f"line {i + 1}: {exc}: {_save(i, lines[i])}")
            if i >= warm and (i - warm) % every == 0:
                rss = _rss_kb(proc.pid)
                if rss is not None:
                    report.rss_kb.append(rss)
        extra = answers.next(1.0) if report.answered == len(expected) else None
        if extra:
            report.problems.append(f"an answer too many: {extra[:100]!r}")
    finally:
        report.seconds = time.monotonic() - start
        proc.kill()
        proc.wait()
        stderr = proc.stderr.read().decode("utf-8", "replace")
        if "Traceback" in stderr:
            report.problems.append("a traceback on standard error: " + stderr[-1500:])
    return report


class _Reader:
    """Lines from a pipe, each waited for at most a given time (a thread reads them)."""

    def __init__(self, pipe: object) -> None:
        import queue

        self._queue: queue.Queue[bytes] = queue.Queue()
        self._empty = queue.Empty
        threading.Thread(target=self._run, args=(pipe,), daemon=True).start()

    def _run(self, pipe: object) -> None:
        for line in pipe:  # type: ignore[attr-defined]
            self._queue.put(line)
        self._queue.put(b"")

    def next(self, timeout: float) -> bytes | None:
        try:
            line = self._queue.get(timeout=timeout)
        except self._empty:
            return None
        return line or None

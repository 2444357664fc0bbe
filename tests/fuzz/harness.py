"""Running cases in a worker process and keeping the score.

``Worker`` runs cases in ``python -m tests.fuzz.worker`` (see there); a case that outlives
the hard time limit, or kills the worker, is a failure too, and the worker is started again
for the next case. ``Report`` counts the cases of one kind by verdict and keeps each failure,
written to ``OUT/<kind>/`` with its mutant so that it can be replayed.

The settings come from the environment (``scripts/fuzz.sh`` sets them):

* ``TUTOR_FUZZ_CASES``: cases per kind (the CI mode runs ``CI_CASES`` of each kind, the daily
  loop a tenth of them);
* ``TUTOR_FUZZ_SEED``: the seed (0 in CI, so that CI always runs the same cases);
* ``TUTOR_FUZZ_TIMEOUT``: the soft time limit of one case in seconds (a hang guard);
* ``TUTOR_FUZZ_MEMORY_MB``: the worker's address-space limit;
* ``TUTOR_FUZZ_OUT``: where failures are written (``artifacts/fuzz``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import select
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.helpers import examples

from .mutators import mutate

ROOT = Path(__file__).resolve().parents[2]

#: Cases per kind in the CI mode, chosen so that the whole suite takes well under 30 s.
CI_CASES = {"lesson": 100, "puzzle": 40, "position": 40, "rules": 150, "engine": 150}


def cases(kind: str) -> int:
    raw = os.environ.get("TUTOR_FUZZ_CASES")
    return int(raw) if raw else examples(CI_CASES[kind])


def stream_lines() -> int:
    """Lines of the engine stream: 200 in CI, at least 3,000 on demand."""
    raw = os.environ.get("TUTOR_FUZZ_STREAM")
    if raw:
        return int(raw)
    return max(3000, cases("engine")) if on_demand() else 200


def seed() -> int:
    return int(os.environ.get("TUTOR_FUZZ_SEED", "0"))


def on_demand() -> bool:
    return bool(os.environ.get("TUTOR_FUZZ_CASES"))


SOFT = float(os.environ.get("TUTOR_FUZZ_TIMEOUT", "20"))
HARD = SOFT * 2 + 10
MEMORY_MB = int(os.environ.get("TUTOR_FUZZ_MEMORY_MB", "3072"))
#: A case may raise the worker's peak memory by at most this much.
CASE_MEMORY_KB = int(os.environ.get("TUTOR_FUZZ_CASE_MEMORY_MB", "512")) * 1024
OUT = Path(os.environ.get("TUTOR_FUZZ_OUT", str(ROOT / "artifacts" / "fuzz")))


@dataclass(frozen=True)
class Case:
    kind: str
    number: int
    name: str
    data: bytes
    what: str


class Worker:
    """A worker process; ``run`` sends one case and waits for its answer."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = OUT / "worker.log"
        self.starts = 0

    def _start(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            OUT.mkdir(parents=True, exist_ok=True)
            cmd = [sys.executable, "-m", "tests.fuzz.worker", "--soft", str(SOFT)]
            cmd += ["--memory-mb", str(MEMORY_MB)]
            with self.log.open("ab") as log:
                self.proc = subprocess.Popen(
                    cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log
                )
            self.starts += 1
        return self.proc

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def run(self, case: Case) -> dict[str, object]:
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        request = {
            "kind": case.kind,
            "name": case.name,
            "data": base64.b64encode(case.data).decode(),
            "case": case.number,
        }
        try:
            proc.stdin.write(json.dumps(request).encode() + b"\n")
            proc.stdin.flush()
        except BrokenPipeError:
            return self._died(proc)
        ready, _, _ = select.select([proc.stdout], [], [], HARD)
        if not ready:
            self.stop()
            return _fail("hang", f"no answer within {HARD:.0f} s: the worker was killed")
        line = proc.stdout.readline()
        if not line:
            return self._died(proc)
        reply: dict[str, object] = json.loads(line)
        if reply.get("restart"):
            self.stop()
        return reply

    def _died(self, proc: subprocess.Popen[bytes]) -> dict[str, object]:
        code = proc.wait()
        self.proc = None
        return _fail("crash", f"the worker died with exit code {code}")


def _fail(problem: str, last: str) -> dict[str, object]:
    return {
        "verdict": "failure",
        "problem": problem,
        "signature": f"{problem}: {last.split(':')[0]}",
        "last": last,
        "detail": last,
    }


@dataclass
class Failure:
    case: Case
    problem: str
    signature: str
    last: str
    saved: Path


@dataclass
class Report:
    kind: str
    counts: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    #: The slowest cases: (seconds, case number, what was done).
    slowest: list[tuple[float, int, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def signatures(self) -> dict[str, list[Failure]]:
        out: dict[str, list[Failure]] = {}
        for f in self.failures:
            out.setdefault(f.signature, []).append(f)
        for group in out.values():
            group.sort(key=lambda f: len(f.case.data))
        return out

    def summary(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        head = f"{self.kind}: {self.total} cases in {self.seconds:.1f} s ({counts})"
        lines = [head]
        if self.slowest:
            top = ", ".join(f"{s:.2f} s (case {n}: {w[:50]})" for s, n, w in self.slowest[:3])
            lines.append(f"  slowest: {top}")
        for sig, group in sorted(self.signatures().items()):
            smallest = group[0]
            lines.append(f"  {len(group)} x {sig}")
            lines.append(f"      {smallest.last}")
            lines.append(f"      smallest: {smallest.saved} ({smallest.case.what})")
            if len(smallest.case.data) <= 300:
                lines.append(f"      input: {smallest.case.data!r}")
            lines.append(
                f"      replay: .venv/bin/python -m tests.fuzz.worker --replay {self.kind} "
                f"{smallest.saved} --case {smallest.case.number}"
            )
        return "\n".join(lines)


def save(case: Case, reply: dict[str, object]) -> Path:
    digest = hashlib.sha1(str(reply.get("signature")).encode()).hexdigest()[:8]
    folder = OUT / case.kind
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{digest}-{case.number}"
    suffix = Path(case.name).suffix or ".txt"
    path = folder / f"{stem}{suffix}"
    path.write_bytes(case.data)
    note = [
        f"kind: {case.kind}",
        f"case: {case.number} (seed {seed()})",
        f"base: {case.name}",
        f"mutation: {case.what}",
        f"problem: {reply.get('problem')}",
        f"signature: {reply.get('signature')}",
        "",
        str(reply.get("detail", "")),
    ]
    (folder / f"{stem}.note.txt").write_text("\n".join(note), encoding="utf-8")
    return path


def run_cases(
    worker: Worker, kind: str, todo: Iterable[Case], report: Report | None = None
) -> Report:
    """Run every case, counted in ``report`` (a new one by default); failures are saved and
    counted, never raised."""
    report = report or Report(kind)
    start = time.monotonic()
    for case in todo:
        reply = worker.run(case)
        verdict = str(reply["verdict"])
        grown = reply.get("grown_kb")
        if verdict != "failure" and isinstance(grown, int) and grown > CASE_MEMORY_KB:
            reply = _fail("memory", f"the case took {grown // 1024} MB more memory")
            verdict = "failure"
        report.counts[verdict] += 1
        took = reply.get("seconds")
        if isinstance(took, float | int):
            report.slowest.append((float(took), case.number, case.what))
            report.slowest.sort(reverse=True)
            del report.slowest[5:]
        if verdict == "failure":
            report.failures.append(
                Failure(
                    case,
                    str(reply["problem"]),
                    str(reply["signature"]),
                    str(reply.get("last", "")),
                    save(case, reply),
                )
            )
    report.seconds += time.monotonic() - start
    return report


# ----------------------------------------------------------------------------- file mutants


def base_files(kind: str) -> list[Path]:
    if kind == "lesson":
        found = sorted((ROOT / "lessons").glob("*.yaml"))
        found += sorted((ROOT / "tests" / "broken_lessons").glob("*.yaml"))
    elif kind == "puzzle":
        found = sorted((ROOT / "puzzles").glob("*.yaml"))
    else:
        found = sorted(p for p in (ROOT / "positions").iterdir() if p.is_file())
    return found


def file_cases(kind: str, n: int, run_seed: int) -> Iterator[Case]:
    """The real files unchanged, then ``n`` mutants of them (case ``i`` depends only on the
    seed, the kind and ``i``)."""
    files = base_files(kind)
    contents = {p.name: p.read_bytes() for p in files}
    for i, p in enumerate(files):
        yield Case(kind, -1 - i, p.name, contents[p.name], "unchanged")
    for i in range(n):
        rng = random.Random(f"{run_seed}:{kind}:{i}")
        name = rng.choice(sorted(contents))
        data, what = mutate(rng, contents[name], name)
        yield Case(kind, i, name, data, what)


def fuzz_files(worker: Worker, kind: str) -> Report:
    """The real files of ``kind`` and ``cases(kind)`` mutants of them; the real files of the
    project (not the broken examples under tests/) must be accepted."""
    report = run_cases(worker, kind, file_cases(kind, cases(kind), seed()))
    return report


def problems(report: Report) -> str:
    """The assertion message: every kind of failure with its smallest mutant."""
    return f"{len(report.failures)} failures\n{report.summary()}"

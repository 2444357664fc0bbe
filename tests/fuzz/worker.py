"""The process that runs the cases, one at a time, under a memory limit and a hang guard.

The harness (``harness.Worker``) starts ``python -m tests.fuzz.worker`` and sends one JSON
line per case (``kind``, ``name``, ``data`` in base64, ``case``); the worker writes a file
kind's bytes to a file of that name in its own folder, runs the oracle and answers one JSON
line: ``verdict`` (``accepted``, ``refused`` or ``failure``), ``message``, ``stage`` and, for
a failure, ``problem`` (``bad``, ``crash``, ``hang``, ``memory``), ``detail`` (the traceback)
and ``signature`` (where it failed, to group failures).

Its address space is limited (``RLIMIT_AS``) and each case has a soft time limit
(``setitimer``: the case is interrupted where it hangs, so the traceback shows where); the
harness kills the worker if a case outlives a harder limit.

Replay a saved mutant:  ``python -m tests.fuzz.worker --replay KIND FILE``
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import FrameType

from .oracles import Bad, check_case

FILE_KINDS = ("lesson", "puzzle", "position")


class CaseTimeout(BaseException):
    """The case ran past its soft time limit (not an ``Exception``, so that no
    ``except Exception`` of the product swallows it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise CaseTimeout


def signature(exc: BaseException, problem: str) -> str:
    """Where a failure happened: the innermost frame in the product and the exception type;
    for a bad answer, its words without numbers."""
    if isinstance(exc, Bad):
        parts = str(exc).split(":")
        words = re.sub(
            r"\d+", "N", ":".join(parts[:2] if parts[0].startswith("tutor ") else parts[:1])
        )
        return f"bad: {words[:80]}"
    frames = traceback.extract_tb(exc.__traceback__)
    inner = [f for f in frames if "/tutor/" in f.filename or "/yaml/" in f.filename]
    place = ""
    if inner:
        f = inner[-1]
        place = f"{f.filename.split('/tutor/')[-1].split('/yaml/')[-1]}:{f.lineno} {f.name}"
    return f"{problem}: {type(exc).__name__} at {place}"


def run_case(kind: str, path: Path, data: bytes, case: int, soft: float) -> dict[str, object]:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, soft)
    reply: dict[str, object]
    try:
        outcome = check_case(kind, path, data, case)
        reply = {"verdict": outcome.verdict, "message": outcome.message, "stage": outcome.stage}
    except Bad as exc:
        reply = _failure(exc, "bad")
    except CaseTimeout as exc:
        reply = _failure(exc, "hang")
        reply["restart"] = True
    except MemoryError as exc:
        reply = _failure(exc, "memory")
        reply["restart"] = True
    except BaseException as exc:
        reply = _failure(exc, "crash")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    reply["grown_kb"] = grown
    reply["seconds"] = round(time.perf_counter() - started, 4)
    return reply


def _failure(exc: BaseException, problem: str) -> dict[str, object]:
    detail = "".join(traceback.format_exception(exc))
    last = detail.strip().splitlines()[-1] if detail.strip() else type(exc).__name__
    return {
        "verdict": "failure",
        "problem": problem,
        "signature": signature(exc, problem),
        "last": last[:300],
        "detail": detail[-6000:],
    }


def serve(soft: float, memory_mb: int) -> None:
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # the product's prints must not mix with the answers
    folder = Path(tempfile.mkdtemp(prefix="tutor-fuzz-"))
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        kind = request["kind"]
        data = base64.b64decode(request["data"])
        path = folder / kind / request["name"]
        if kind in FILE_KINDS:
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(data)
        reply = run_case(kind, path, data, int(request["case"]), soft)
        message = str(reply.get("message", ""))
        reply["message"] = message[:300]
        out.write(json.dumps(reply).encode() + b"\n")
        out.flush()


def replay(kind: str, file: Path, case: int) -> int:
    """Run one saved case here, with the traceback if it fails."""
    data = file.read_bytes()
    path = file
    signal.signal(signal.SIGALRM, _alarm)
    reply = run_case(kind, path, data, case, float(os.environ.get("TUTOR_FUZZ_TIMEOUT", "60")))
    if reply["verdict"] == "failure":
        print(reply["detail"])
        print(f"FAILURE ({reply['problem']}): {reply['signature']}")
        return 1
    print(f"{reply['verdict']}: {reply.get('message', '')}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.worker")
    ap.add_argument("--soft", type=float, default=20.0)
    ap.add_argument("--memory-mb", type=int, default=3072)
    ap.add_argument("--replay", nargs=2, metavar=("KIND", "FILE"))
    ap.add_argument("--case", type=int, default=0, help="the case number (picks the language)")
    args = ap.parse_args()
    if args.replay:
        return replay(args.replay[0], Path(args.replay[1]), args.case)
    serve(args.soft, args.memory_mb)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long the server takes for one press of Next in the lesson player.

Runs the app headless (Streamlit's AppTest), opens each lesson at its first step and presses
Next to the end, timing every run of the script that follows a press. Prints the median and
the 95th percentile per lesson and over all presses. The target is a p95 of at most 150 ms.

    .venv/bin/python scripts/measure_next.py            # every lesson in lessons/
    .venv/bin/python scripts/measure_next.py example-1  # one lesson
    .venv/bin/python scripts/measure_next.py --lang pl --projector
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_P95_MS = 150.0


def p95(values: list[float]) -> float:
    """The 95th percentile by linear interpolation between the closest ranks."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def measure(lesson_id: str, *, lang: str, projector: bool, rounds: int) -> list[float]:
    """Milliseconds for each Next press through the lesson, ``rounds`` times over."""
    from streamlit.testing.v1 import AppTest

    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").setLevel(
        logging.ERROR
    )
    times: list[float] = []
    for _ in range(rounds):
        at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
        at.query_params["lesson"] = lesson_id
        at.query_params["lang"] = lang
        if projector:
            at.query_params["projector"] = "1"
        at.run()
        if at.exception:
            raise SystemExit(f"{lesson_id}: the app failed: {at.exception[0].value}")
        while not at.button(key="next").disabled:
            at.button(key="next").click()
            start = time.perf_counter()
            at.run()
            times.append((time.perf_counter() - start) * 1000)
            if at.exception:
                raise SystemExit(f"{lesson_id}: the app failed: {at.exception[0].value}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson ids (default: all)")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--projector", action="store_true")
    parser.add_argument("--rounds", type=int, default=2, help="times through each lesson")
    parser.add_argument("--folder", default=str(ROOT / "lessons"))
    args = parser.parse_args(argv)

    os.environ["TUTOR_LESSONS_DIR"] = args.folder
    from tutor.teach.lessons import load_lessons

    found, _errors = load_lessons(Path(args.folder))
    ids = args.lessons or [les.id for les in found]
    if not ids:
        print("no lessons found in", args.folder, file=sys.stderr)
        return 1
    everything: list[float] = []
    print(f"{'lesson':28} {'presses':>7} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for lesson_id in ids:
        times = measure(lesson_id, lang=args.lang, projector=args.projector, rounds=args.rounds)
        everything.extend(times)
        print(
            f"{lesson_id:28} {len(times):7d} {statistics.median(times):10.1f} "
            f"{p95(times):8.1f} {max(times):8.1f}"
        )
    p95_all = p95(everything)
    print(
        f"{'all':28} {len(everything):7d} {statistics.median(everything):10.1f} "
        f"{p95_all:8.1f} {max(everything):8.1f}"
    )
    verdict = "within" if p95_all <= TARGET_P95_MS else "above"
    print(f"p95 {p95_all:.1f} ms is {verdict} the target of {TARGET_P95_MS:.0f} ms")
    return 0 if p95_all <= TARGET_P95_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())

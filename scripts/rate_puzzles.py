"""Rate every puzzle by how often computer players of graded strength miss it, print the
calibration table and write the ratings file (``tutor.teach.puzzles.difficulty``).

Run: ``.venv/bin/python scripts/rate_puzzles.py [puzzle folder | generated file]``: the
hand-written puzzles of a folder (``puzzles/ratings.json``), or the puzzles of a generated file
(``puzzles/generated/puzzles.jsonl.gz`` gives ``puzzles/generated/ratings.json``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tutor.teach.puzzles import Collection, Puzzle
from tutor.teach.puzzles.difficulty import (
    BOTS,
    RATINGS_FILE,
    calibration,
    calibration_text,
    dump_ratings,
    measure,
)
from tutor.teach.puzzles.generated import SUFFIX, read_generated


def _puzzles(source: Path) -> tuple[list[Puzzle], Path]:
    """The puzzles to rate and the ratings file to write."""
    if source.name.endswith(SUFFIX):
        puzzles, errors = read_generated(source)
        if errors:
            raise SystemExit(f"{source}: {len(errors)} puzzles cannot be read: {errors[0]}")
        return puzzles, source.parent / RATINGS_FILE
    return list(Collection.load(source).puzzles), source / RATINGS_FILE


def main(argv: list[str]) -> int:
    puzzles, out = _puzzles(Path(argv[0] if argv else "puzzles"))
    measures = []
    began = time.monotonic()
    cpu = time.process_time()
    for p in puzzles:
        m = measure(p)
        measures.append(m)
        tries = " ".join(f"{b.name}={m.solves[b.name][0]}/{m.solves[b.name][1]}" for b in BOTS)
        print(f"{p.id:<34} {round(m.rating):>5}  {tries}", flush=True)
    out.write_text(dump_ratings(measures), encoding="utf-8")
    print()
    print(calibration_text(calibration(measures)))
    print(
        f"\n{len(measures)} puzzles in {time.monotonic() - began:.0f} s "
        f"({time.process_time() - cpu:.0f} s CPU); ratings in {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Rate every puzzle by how often computer players of graded strength miss it, print the
calibration table and write ``puzzles/ratings.json`` (``tutor.teach.puzzles.difficulty``).

Run: ``.venv/bin/python scripts/rate_puzzles.py [puzzle folder]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tutor.teach.puzzles import Collection
from tutor.teach.puzzles.difficulty import (
    BOTS,
    RATINGS_FILE,
    calibration,
    calibration_text,
    dump_ratings,
    measure,
)


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "puzzles")
    puzzles = Collection.load(folder).puzzles
    measures = []
    began = time.monotonic()
    for p in puzzles:
        m = measure(p)
        measures.append(m)
        tries = " ".join(f"{b.name}={m.solves[b.name][0]}/{m.solves[b.name][1]}" for b in BOTS)
        print(f"{p.id:<34} {round(m.rating):>5}  {tries}", flush=True)
    (folder / RATINGS_FILE).write_text(dump_ratings(measures), encoding="utf-8")
    print()
    print(calibration_text(calibration(measures)))
    print(
        f"\n{len(measures)} puzzles in {time.monotonic() - began:.0f} s; ratings in "
        f"{folder / RATINGS_FILE}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

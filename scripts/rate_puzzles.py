"""Rate every puzzle by how often computer players of graded strength miss it, print the
calibration table and write the ratings file (``tutor.teach.puzzles.difficulty``).

Run: ``.venv/bin/python scripts/rate_puzzles.py [--new] [puzzle folder | generated file]``:
the hand-written puzzles of a folder (``puzzles/ratings.json``), or the puzzles of a generated
file, those of two seats and those at a table (``puzzles/generated/puzzles.jsonl.gz`` gives
``puzzles/generated/ratings.json``). With ``--new`` only the puzzles the ratings file does not
rate yet are measured; the others keep their ratings.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tutor.teach.puzzles import Collection, Puzzle
from tutor.teach.puzzles.difficulty import (
    BOTS,
    RATINGS_FILE,
    TABLE_SPECS,
    Measure,
    calibration,
    calibration_text,
    dump_ratings,
    load_ratings,
    measure,
    measure_table,
)
from tutor.teach.puzzles.generated import SUFFIX, read_generated, read_generated_tables
from tutor.teach.puzzles.model import TablePuzzle


def _puzzles(source: Path) -> tuple[list[Puzzle], list[TablePuzzle], Path]:
    """The puzzles to rate (of two seats, at a table) and the ratings file to write."""
    if source.name.endswith(SUFFIX):
        puzzles, errors = read_generated(source)
        tables, table_errors = read_generated_tables(source)
        if errors or table_errors:
            first = (errors or table_errors)[0]
            raise SystemExit(f"{source}: puzzles that cannot be read, the first: {first}")
        return puzzles, tables, source.parent / RATINGS_FILE
    return list(Collection.load(source).puzzles), [], source / RATINGS_FILE


def _line(m: Measure) -> str:
    tries = " ".join(f"{name}={s}/{k}" for name, (s, k) in m.solves.items())
    return f"{m.id:<34} {round(m.rating):>5}  {tries}"


def main(argv: list[str]) -> int:
    new = "--new" in argv
    args = [a for a in argv if a != "--new"]
    puzzles, tables, out = _puzzles(Path(args[0] if args else "puzzles"))
    kept = load_ratings(out) if new else {}
    began, cpu = time.monotonic(), time.process_time()
    two: list[Measure] = []
    for p in puzzles:
        if p.id not in kept:
            two.append(measure(p))
            print(_line(two[-1]), flush=True)
    at_tables: list[Measure] = []
    for tp in tables:
        if tp.id not in kept:
            at_tables.append(measure_table(tp))
            print(_line(at_tables[-1]), flush=True)
    ratings = {**kept, **{m.id: m.rating for m in (*two, *at_tables)}}
    out.write_text(
        dump_ratings(Measure(k, "", {}, 1, v) for k, v in ratings.items()), encoding="utf-8"
    )
    for measured, bots in ((two, BOTS), (at_tables, TABLE_SPECS)):
        if measured:
            print()
            print(calibration_text(calibration(measured, bots), bots))
    print(
        f"\n{len(two) + len(at_tables)} puzzles measured ({len(at_tables)} at a table) in "
        f"{time.monotonic() - began:.0f} s ({time.process_time() - cpu:.0f} s CPU); "
        f"{len(ratings)} ratings in {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

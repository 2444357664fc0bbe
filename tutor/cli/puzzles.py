"""``tutor puzzles``: puzzles made from self-play.

``tutor puzzles generate --preset classic --count 200 --seed 1 --out FILE`` plays deals of a
preset and keeps the positions the judge proves (``tutor.teach.puzzles.mine``); it prints the
candidates judged, the puzzles kept, the rejected by reason and the time. With ``--add`` the
puzzles already in ``FILE`` are kept and none of them is found again; with ``--yaml`` the
puzzles are printed as entries for the hand-written course (``puzzles/*.yaml``), their texts
to be written. With a bound on deals
(``--deals``) or on the count, and none on time, the file depends only on the seed.

``tutor puzzles merge --out FILE IN...`` puts generated files together, without duplicates.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tutor.cli.command import MAX_SEED, UsageError, add_lang_option, check_number
from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.msgid import N_
from tutor.teach.puzzles.generated import (
    GENERATED_FILE,
    Mined,
    dump,
    exact_key,
    mined_of,
    read_records,
    record_of,
)
from tutor.teach.puzzles.mine import STAGE_NAMES, Report, mine, near_key
from tutor.teach.puzzles.reader import puzzle_yaml
from tutor.teach.puzzles.table_generated import (
    TableMined,
    is_table_record,
    table_key,
    table_mined_of,
    table_near_key,
    table_record,
)
from tutor.teach.puzzles.table_mine import mine_table
from tutor.words.i18n import LANGUAGES, Translator

#: The most puzzles one run looks for.
MAX_COUNT = 100_000
#: The file is written again after this many new puzzles (a run cut short keeps them).
SAVE_EVERY = 20

E_PRESET = N_("unknown preset '{name}'; the presets are: {valid}")
E_STAGE = N_("unknown stage '{name}'; the stages are: {valid}")
R_HEAD = N_("{preset}: {candidates} positions judged, {kept} puzzles kept, {seconds} s")
R_REJECTED = N_("rejected ({stage}), {reason}: {n}")
R_KEPT = N_("kept ({stage}): {n}")
R_WROTE = N_("{path}: {n} puzzles ({added} new); {seconds} s in all")
R_MERGED = N_("{path}: {n} puzzles from {files} files ({dropped} duplicates left out)")


def _lang_here(p: argparse.ArgumentParser) -> None:
    """``--lang`` after the action too; given there, it wins over the one before it."""
    p.add_argument("--lang", default=argparse.SUPPRESS, help=f"language: {', '.join(LANGUAGES)}")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_lang_option(p)
    sub = p.add_subparsers(dest="action", required=True)
    g = sub.add_parser("generate", help="mine puzzles from self-play, proved by the judge")
    g.add_argument(
        "--preset", action="append", required=True, help="preset (repeatable; also three, four)"
    )
    g.add_argument("--count", type=int, default=200, help="puzzles to find for each preset")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--deals", type=int, default=None, help="give up after this many deals")
    g.add_argument(
        "--seconds", type=float, default=None, help="give up after this long (not reproducible)"
    )
    g.add_argument("--stages", default=",".join(STAGE_NAMES), help="kinds of position")
    g.add_argument("--out", default=str(GENERATED_FILE), help="the file to write")
    g.add_argument("--add", action="store_true", help="keep the puzzles already in --out")
    g.add_argument(
        "--yaml",
        action="store_true",
        help="print the puzzles as entries of puzzles/*.yaml, texts to write, instead of --out",
    )
    _lang_here(g)
    m = sub.add_parser("merge", help="put generated puzzle files together")
    m.add_argument("inputs", nargs="+", metavar="FILE")
    m.add_argument("--out", required=True)
    _lang_here(m)


def _record_keys(r: dict[str, Any], where: str) -> tuple[str, str]:
    """The exact and near keys of one record, of two seats or of a table."""
    if is_table_record(r):
        t = table_mined_of(r, where)
        return table_key(t.state), table_near_key(t)
    m = mined_of(r, where)
    return exact_key(m.state), near_key(m)


def _keys(records: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """The exact and near keys of records already kept."""
    keys = [_record_keys(r, f"<kept>:{n}") for n, r in enumerate(records, start=1)]
    return {k for k, _ in keys}, {nk for _, nk in keys}


def run(args: argparse.Namespace, tr: Translator) -> int:
    if args.action == "merge":
        return _merge(args, tr)
    for name in args.preset:
        if name not in PRESETS and name not in TABLE_PRESETS:
            valid = ", ".join([*PRESETS, *TABLE_PRESETS])
            raise UsageError(E_PRESET, "--preset", name=name, valid=valid)
    stages = tuple(s.strip() for s in args.stages.split(",") if s.strip())
    for name in stages:
        if name not in STAGE_NAMES:
            raise UsageError(E_STAGE, "--stages", name=name, valid=", ".join(STAGE_NAMES))
    check_number(args.count, "--count", 1, MAX_COUNT)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    out = Path(args.out)
    records = read_records(out) if args.add and out.exists() else []
    before = len(records)
    seen, near = _keys(records)
    start = time.monotonic()
    for name in args.preset:
        report = Report()
        fresh = 0

        def keep(m: Mined | TableMined) -> None:
            nonlocal fresh
            if isinstance(m, TableMined):
                records.append(table_record(m))
            elif args.yaml:  # a candidate for the course, its texts to be written by hand
                entry = puzzle_yaml(m.state, m.goal, m.solution, m.id)
                print(entry.replace("theme: TODO", f"theme: {m.themes[0]}", 1))
                return
            else:
                records.append(record_of(m))
            fresh += 1
            if fresh % SAVE_EVERY == 0:
                dump(records, out)

        if name in TABLE_PRESETS:  # the stages of a table: lead and answer, all of them
            mine_table(
                name,
                args.count,
                args.seed,
                attempts=args.deals,
                seconds=args.seconds,
                seen=seen,
                near=near,
                report=report,
                on_keep=keep,
            )
        else:
            mine(
                name,
                args.count,
                args.seed,
                attempts=args.deals,
                seconds=args.seconds,
                stages=stages,
                seen=seen,
                near=near,
                report=report,
                on_keep=keep,
            )
        if not args.yaml:
            dump(records, out)
        _print_report(name, report, tr)
    seconds = round(time.monotonic() - start, 1)
    if args.yaml:
        return 0
    print(
        tr._(R_WROTE, path=str(out), n=len(records), added=len(records) - before, seconds=seconds)
    )
    return 0


def _print_report(name: str, report: Report, tr: Translator) -> None:
    print(
        tr._(
            R_HEAD,
            preset=name,
            candidates=report.candidates,
            kept=report.kept,
            seconds=round(report.seconds, 1),
        )
    )
    for stage, n in sorted(report.by_stage.items()):
        print("  " + tr._(R_KEPT, stage=stage, n=n))
    by_reason: Counter[tuple[str, str]] = Counter()
    for key, n in report.rejected.items():
        stage, _, reason = key.partition(": ")
        by_reason[(stage, reason)] += n
    for (stage, reason), n in sorted(by_reason.items()):
        print("  " + tr._(R_REJECTED, stage=stage, reason=tr._(reason), n=n))


def _merge(args: argparse.Namespace, tr: Translator) -> int:
    """The files' puzzles in order of preset and id, each position and each decision once
    (the first file that has it wins)."""
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    near: set[str] = set()
    ids: set[str] = set()
    dropped = 0
    for path in args.inputs:
        for n, r in enumerate(read_records(path), start=1):
            key, nk = _record_keys(r, f"{path}:{n}")
            if key in seen or nk in near or r["id"] in ids:
                dropped += 1
                continue
            seen.add(key)
            near.add(nk)
            ids.add(r["id"])
            records.append(r)
    records.sort(key=lambda r: (r["preset"], r["id"]))
    dump(records, args.out)
    print(tr._(R_MERGED, path=args.out, n=len(records), files=len(args.inputs), dropped=dropped))
    return 0

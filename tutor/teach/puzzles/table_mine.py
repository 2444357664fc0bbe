"""Mining puzzles at tables of three and four from self-play, kept only when the table judge
(``tutor.teach.puzzles.table_judge``) proves their solution.

Deals of a table preset are played to the end by the table players of ``tutor.search`` (the
club player and the random one, mixed). Every position met once the stock no longer serves
every seat, where the seat to move holds at most ``MAX_CARDS`` cards, has more than one idea
and cannot declare, is a candidate: ``lead`` when the seat leads, ``answer`` when it plays to
a trick. A candidate is judged against the goals of ``TABLE_GOALS`` in turn (win 3, win 2,
win, avoid Schwarz, avoid Schneider); the first goal that exactly one idea reaches against
every deal the seat cannot tell apart (at most ``TABLE_DEALS``) makes the puzzle. Duplicates
are dropped as at two seats: the same position again, and the same decision with other cards
played or scores a little different (``table_near_key``).

Everything depends only on the seed: ``mine_table(preset, count, seed, attempts=...)``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tutor.engine import TableState, TooManyDealsError, deal_table, table_apply, table_legal_moves
from tutor.engine.presets import preset as preset_rules
from tutor.formats.positions import position_from_data, position_to_dict
from tutor.search.table_players import table_club, table_random_player
from tutor.teach.puzzles.generated import table_puzzle_from_record
from tutor.teach.puzzles.mine import Report, rounds
from tutor.teach.puzzles.table_generated import (
    TableMined,
    table_key,
    table_level,
    table_near_key,
    table_record,
    table_themes,
)
from tutor.teach.puzzles.table_judge import TABLE_GOALS, analyse_table, idea
from tutor.teach.puzzles.validate import validate_table

#: The most cards in the hand of the seat to move in a candidate.
MAX_CARDS = 4
#: The stages of a table run.
TABLE_STAGES = ("lead", "answer")


def _candidate(s: TableState) -> bool:
    p = s.to_move
    if p is None or s.stock_open or s.hands[p].bit_count() > MAX_CARDS:
        return False
    if s.score(s.side(p)) >= s.rules.target:
        return False  # declaring is the move
    return len({idea(m) for m in table_legal_moves(s)}) > 1


def judge_table_position(s: TableState, preset: str) -> TableMined | str:
    """The puzzle the position makes, or the reason it makes none."""
    seat = s.to_move
    assert seat is not None
    for goal in TABLE_GOALS:
        try:
            a = analyse_table(s, seat, goal)
        except TooManyDealsError:
            return "too many deals"
        ideas = {idea(m) for m in a.accepted}
        if len(ideas) != 1 or len(a.accepted) == len(a.scores):
            continue
        rest = [sc for sc in a.scores if sc.move not in a.accepted]
        runner = max(rest, key=lambda sc: (sc.reached, sc.worst, sc.total))
        return TableMined(
            preset,
            "answer" if s.trick else "lead",
            s,
            seat,
            goal,
            a.accepted,
            table_themes(s, goal, a.accepted),
            table_level(s, seat, a.deals),
            str(runner.move),
            runner.reached,
            a.deals,
        )
    return "no unique goal"


def _play_through(s: TableState, rng: random.Random) -> list[TableState]:
    """Play the deal out; every candidate position met on the way."""
    found = []
    while s.result is None:
        if _candidate(s):
            found.append(s)
        player = table_club if rng.random() < 0.6 else table_random_player
        s = table_apply(s, player(s, rng))
    return found


def mine_table(
    preset: str,
    count: int,
    seed: int,
    *,
    attempts: int | None = None,
    seconds: float | None = None,
    seen: set[str] | None = None,
    near: set[str] | None = None,
    report: Report | None = None,
    on_keep: Callable[[TableMined], None] | None = None,
) -> list[TableMined]:
    """Up to ``count`` proved puzzles of the table preset, from the candidates of one deal
    after another; stops after ``attempts`` deals or ``seconds`` (None: no such bound).
    ``seen`` and ``near`` are the keys of the puzzles kept before (updated)."""
    rules = preset_rules(preset)
    rng = random.Random(f"{preset}:{seed}")
    seen = set() if seen is None else seen
    near = set() if near is None else near
    report = Report() if report is None else report
    start = time.monotonic()
    found: list[TableMined] = []
    for _ in rounds(attempts, seconds, lambda: len(found) >= count):
        deal = deal_table(rules, rng, dealer=rng.randrange(rules.seats))
        for hit in _play_through(deal, rng):
            if len(found) >= count:
                break
            stage = "answer" if hit.trick else "lead"
            report.judged(stage, _keep(hit, preset, seen, near), found, on_keep)
    report.seconds += time.monotonic() - start
    return found


def _as_written(s: TableState) -> TableState:
    """The position as its file gives it back (a card held twice is its first copy): the
    judge's searches then serve the check of the puzzle read back."""
    back = position_from_data(position_to_dict(s)).table
    assert back is not None
    return back


def _keep(hit: TableState, preset: str, seen: set[str], near: set[str]) -> TableMined | str:
    key = table_key(hit)
    if key in seen:
        return "duplicate"
    hit = _as_written(hit)
    got = judge_table_position(hit, preset)
    if isinstance(got, str):
        return got
    nk = table_near_key(got)
    if nk in near:
        return "near duplicate"
    if validate_table(table_puzzle_from_record(table_record(got))):  # as the file gives it back
        return "not valid"
    seen.add(key)
    near.add(nk)
    return got


__all__ = ["MAX_CARDS", "TABLE_STAGES", "judge_table_position", "mine_table"]

"""Watching a deal for three or four: the computer (``club``) plays every seat, a move at a
time, the same moves for the same seed."""

from __future__ import annotations

import random

from tutor.engine import Move, TableState, deal_table, parse_rules, table_apply
from tutor.search import table_club


def new_watch(spec: str, seed: int) -> TableState:
    """A shuffled deal under the rules ``spec`` names, the dealer moving with the seed."""
    rules = parse_rules(spec)
    return deal_table(rules, random.Random(f"watch:{seed}"), dealer=seed % rules.seats)


def watch_step(state: TableState, seed: int, ply: int) -> tuple[Move, TableState]:
    """The next move of the seat to move, and the deal after it."""
    move = table_club(state, random.Random(f"watch:{seed}:{ply}"))
    return move, table_apply(state, move)


__all__ = ["new_watch", "watch_step"]

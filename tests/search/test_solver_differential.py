"""The two exact solvers agree where their rules overlap: positions at two seats with every
card known once the stock is used up, valued by the two-player solver (``search.solver``) and
by the table solver (``search.table_solver``) as the net game points of the player to move.

The positions come from random play without closing (the table game has none) under the rule
sets both engines play alike (``tests/engine/test_engine_differential.py``)."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    Close,
    State,
    TableState,
    apply_unchecked,
    legal_moves,
    parse_rules,
    table_apply_unchecked,
    table_from_order,
)
from tutor.engine.state import B, deal, pack
from tutor.search.solver import Solver
from tutor.search.table_solver import table_solvable, table_solve

SPECS = (
    "schnapsen",
    "kurnik",
    "pack32",
    "classic(out.resolution=immediate,exchange.timing=on_lead)",
)


def endgame(spec: str, seed: int) -> tuple[State, TableState] | None:
    """Both engines' position once the stock is used up after random play, or None when the
    deal ended first."""
    rules = parse_rules(spec)
    rng = random.Random(seed)
    order = list(pack(rules))
    rng.shuffle(order)
    duel = deal(rules, order, dealer=B)
    table = table_from_order(rules, [c.index for c in order], dealer=B)
    while duel.result is None and table.stock_open:
        move = rng.choice(
            sorted((m for m in legal_moves(duel) if not isinstance(m, Close)), key=str)
        )
        duel, table = apply_unchecked(duel, move), table_apply_unchecked(table, move)
    if duel.result is not None:
        return None
    assert duel.stock_size == 0 and duel.trump_card < 0
    return duel, table


@pytest.mark.parametrize("spec", SPECS)
def test_the_solvers_agree_once_the_stock_is_used_up(spec: str) -> None:
    values = []
    for seed in range(80):
        both = endgame(spec, seed)
        if both is None:
            continue
        duel, table = both
        assert table_solvable(table, 8)
        assert duel.to_move == table.to_move is not None
        value = Solver(duel).value(duel)
        assert value == table_solve(table, table.to_move), (spec, seed)
        values.append(value)
    assert len(values) >= 10 and len(set(values)) >= 3  # positions of several kinds

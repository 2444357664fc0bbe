"""The exact solver for three and four at the table (tutor.search.table_solver): its values
agree with a plain search over the engine's own moves on random small positions of every
preset and of rule switches the solver reads."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    TABLE_PRESETS,
    RuleSet,
    TableState,
    deal_table,
    parse_rules,
    table_apply_unchecked,
    table_legal_moves,
)
from tutor.search import TableSolver, table_expert, table_move_values, table_solvable, table_solve
from tutor.search.table_solver import side_result

NAMES = sorted(TABLE_PRESETS)


def plain(state: TableState, side: int) -> int:
    """Every move of every seat searched, no pruning and no table: the side's seats take the
    best result for it, the other seats the worst (paranoid with three, minimax with teams)."""
    if state.result is not None:
        return side_result(state, side)
    p = state.to_move
    assert p is not None
    values = [plain(table_apply_unchecked(state, m), side) for m in table_legal_moves(state)]
    return max(values) if state.side(p) == side else min(values)


def small_position(rules: RuleSet, rng: random.Random, cards: int) -> TableState:
    """A deal played at random until the stock is closed to drawing and no hand holds more
    than ``cards`` cards (perhaps in the middle of a trick)."""
    while True:
        s = deal_table(rules, rng, dealer=rng.randrange(rules.seats))
        while s.result is None and not table_solvable(s, cards):
            s = table_apply_unchecked(s, rng.choice(table_legal_moves(s)))
        if s.result is None:
            return s


@pytest.mark.parametrize(
    "spec",
    [
        *NAMES,
        "three(score.losers=best, phase2.duty=head, out.false_penalty=fixed)",
        "three_pack32(marriage.credit=after_trick, score.schwarz_by=points)",
        "four(trick.equal_cards=last, marriage.credit=with_trick, score.schwarz_by=points)",
    ],
)
def test_the_solver_agrees_with_a_plain_search(spec: str) -> None:
    rules = parse_rules(spec)
    rng = random.Random(spec)
    for _ in range(40):
        s = small_position(rules, rng, 3)
        side = rng.randrange(rules.sides)
        assert table_solve(s, side) == plain(s, side)
        solver = TableSolver(s, side)
        for m, v in solver.move_values(s).items():
            assert v == plain(table_apply_unchecked(s, m), side)


@pytest.mark.parametrize("name", NAMES)
def test_the_solver_agrees_with_four_cards_a_hand(name: str) -> None:
    rules = parse_rules(name)
    rng = random.Random(name)
    for _ in range(4):
        s = small_position(rules, rng, 4 if rules.seats == 3 else 3)
        side = s.side(s.to_move or 0)
        assert table_solve(s, side) == plain(s, side)


def test_the_solver_wants_the_stock_closed() -> None:
    s = deal_table(parse_rules("three"), random.Random(1))
    assert not table_solvable(s, 7)
    with pytest.raises(ValueError):
        table_solve(s, 0)


@pytest.mark.parametrize("name", NAMES)
def test_the_expert_values_every_legal_move_in_small_positions(name: str) -> None:
    """With teams the samples are solved once the hands are small: the values are results
    between the teams; with three seats they are the seat's own game points."""
    rules = parse_rules(name)
    rng = random.Random(name)
    for _ in range(3):
        s = small_position(rules, rng, 4)
        values = table_move_values(s, rng, 4)
        assert {m for m, _ in values} == set(table_legal_moves(s))
        top = 2 * rules.game_points[2]
        for _, v in values:
            assert (-top if rules.sides == 2 else 0) <= v <= top
        assert table_expert(s, rng) in table_legal_moves(s)

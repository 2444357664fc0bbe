"""The compiled table search (``tutor/search/_tablecore.c``) against the Python search it
follows (``TableSolver._value``), the reference: on random positions of every table preset and
of random rule sets of them (switches the table engine plays, drawn at random), both value every
legal move alike and search the same number of nodes, for a side's result against the others
and for its own game points; and the core scores the end of a deal as
``tutor.engine.scoring.grading`` does. Without the core, or with ``TUTOR_SEARCH=python``, the
solver runs the Python search."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    TABLE_PRESETS,
    RuleSet,
    SwitchValueError,
    TableState,
    deal_table,
    grading,
    parse_rules,
    table_apply_unchecked,
    table_legal_moves,
)
from tutor.search import _core
from tutor.search.table_solver import TableSolver, table_solvable

pytest.importorskip("tutor.search._tablecore")

#: Switches the table engine plays, with values to draw from.
SWITCHES: dict[str, tuple[str, ...]] = {
    "table.partners": ("true", "false"),
    "trick.equal_cards": ("first", "last"),
    "score.losers": ("sum", "best"),
    "deal.target": ("61", "66"),
    "deal.last_trick_bonus": ("0", "10"),
    "score.schneider_below": ("31", "33"),
    "score.schwarz_by": ("tricks", "points"),
    "score.game_points": ("1,2,3", "2,3,4"),
    "phase2.duty": ("head", "follow"),
    "marriage.points": ("20", "30"),
    "marriage.trump_points": ("40", "50"),
    "marriage.needs_trick": ("true", "false"),
    "marriage.credit": ("immediate", "after_trick", "with_trick"),
    "marriage.in_phase2": ("true", "false"),
    "marriage.escalating": ("true", "false"),
    "out.allowed": ("true", "false"),
    "out.after_marriage": ("true", "false"),
    "out.needs_trick": ("true", "false"),
    "out.false_penalty": ("fixed", "scale"),
    "out.false_points": ("2", "3"),
    "deal.played_out": ("higher", "only_one"),
}
NAMES = sorted(TABLE_PRESETS)


def random_rules(rng: random.Random, name: str | None = None) -> RuleSet:
    """A table preset with up to seven switches drawn at random (a combination the table engine
    refuses is drawn again)."""
    while True:
        base = name or rng.choice(NAMES)
        chosen = rng.sample(sorted(SWITCHES), rng.randrange(8))
        parts = [f"{sid}={rng.choice(SWITCHES[sid])}" for sid in chosen]
        try:
            return parse_rules(f"{base}({', '.join(parts)})" if parts else base)
        except (SwitchValueError, ValueError):
            continue


def position(rules: RuleSet, rng: random.Random, cards: int) -> TableState:
    """A deal played at random until the stock is closed to drawing and no hand holds more
    than ``cards`` cards, then as often as not a card or two more into the trick."""
    while True:
        s = deal_table(rules, rng, dealer=rng.randrange(rules.seats))
        while s.result is None and not table_solvable(s, cards):
            s = table_apply_unchecked(s, rng.choice(table_legal_moves(s)))
        for _ in range(rng.choice((0, 0, 1, 2))):
            if s.result is None:
                s = table_apply_unchecked(s, rng.choice(table_legal_moves(s)))
        if s.result is None:
            return s


def agree(state: TableState, side: int, own: bool) -> int:
    """Both searches value every move of ``state`` alike with the same nodes; the nodes."""
    fast = TableSolver(state, side, own, search="core")
    slow = TableSolver(state, side, own, search="python")
    assert fast.core is not None and slow.core is None
    a = fast.move_values(state)
    b = slow.move_values(state)
    assert a == b, (state.rules.name, a, b)
    assert fast.nodes == slow.nodes
    assert fast.solve(state) == slow.solve(state)  # the second time from the table
    assert fast.nodes == slow.nodes
    assert fast.core.entries() == len(slow.table)
    return fast.nodes


@pytest.mark.parametrize("name", NAMES)
def test_small_positions_of_random_rules(name: str) -> None:
    rng = random.Random(f"table core {name}")
    seen = set()
    for _ in range(100):
        rules = random_rules(rng, name)
        s = position(rules, rng, rng.choice((2, 3, 4)))
        side = rng.randrange(rules.sides)
        assert agree(s, side, own=False) > 0
        assert agree(s, side, own=True) > 0
        seen.add((rules.sides, bool(s.trick)))
    assert len(seen) >= 2  # on lead and within a trick


def test_the_presets_with_four_cards_a_hand() -> None:
    rng = random.Random("four cards")
    for name in NAMES:
        rules = parse_rules(name)
        for _ in range(3):
            s = position(rules, rng, 4)
            agree(s, s.side(s.to_move or 0), own=rules.sides > 2)


@pytest.mark.parametrize("name", ["schnapsen", "classic(out.resolution=immediate)"])
def test_two_seats_as_the_table_engine_plays_them(name: str) -> None:
    """The table engine also plays two seats (``test_solver_differential`` holds the table
    solver there to the two-player solver)."""
    rules = parse_rules(name)
    rng = random.Random(name)
    for _ in range(20):
        s = position(rules, rng, rng.choice((3, 4)))
        agree(s, rng.randrange(2), own=rng.random() < 0.5)


@pytest.mark.slow
@pytest.mark.parametrize("cards", [5, 6, 7])
def test_larger_positions_of_random_rules(cards: int) -> None:
    rng = random.Random(f"larger {cards}")
    for _ in range({5: 100, 6: 40, 7: 10}[cards]):
        rules = random_rules(rng)
        s = position(rules, rng, cards)
        side = rng.randrange(rules.sides)
        agree(s, side, own=rng.random() < 0.5)


def expected(gps: tuple[int, ...], side: int, own: bool) -> int:
    return gps[side] if own else gps[side] - max(g for x, g in enumerate(gps) if x != side)


def test_the_core_scores_an_end_as_grading_does() -> None:
    rng = random.Random("ends")
    kinds = set()
    for _ in range(300):
        rules = random_rules(rng)
        s = deal_table(rules, rng)
        g = grading(rules)
        n = rules.sides
        side, own = rng.randrange(n), rng.random() < 0.5
        solver = TableSolver(s, side, own, search="core")
        assert solver.core is not None
        scores = tuple(rng.choice((0, 0, 20, 30, 33, 40, 61, 66, 70, 90)) for _ in range(n))
        won = rng.randrange(1 << n)
        x = rng.randrange(n)
        end = g.declare(x, scores, won)
        assert solver.core.declared(scores, won, x) == expected(end[2], side, own)
        end2 = g.played_out(scores, won, x)
        assert solver.core.played_out(scores, won, x) == expected(end2[2], side, own)
        kinds.update({(end[0], end[3]), (end2[0], end2[3])})
    assert len(kinds) >= 6  # right and false declarations, draws, every grade


def test_the_python_search_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    s = position(parse_rules("three"), random.Random(3), 3)
    monkeypatch.setenv(_core.ENV, "python")
    assert TableSolver(s, 0).core is None
    monkeypatch.setenv(_core.ENV, "core")
    assert TableSolver(s, 0).core is not None
    with pytest.raises(ValueError):
        TableSolver(s, 0, search="fast")


def test_without_the_core_the_python_search_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.search import table_solver

    s = position(parse_rules("four"), random.Random(4), 3)
    monkeypatch.setattr(table_solver, "Table", None)
    solver = TableSolver(s, 0)
    assert solver.core is None
    assert solver.solve(s) == TableSolver(s, 0, search="python").solve(s)
    with pytest.raises(ValueError):
        TableSolver(s, 0, search="core")

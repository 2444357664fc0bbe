"""The first phase played out by ``club`` in the compiled core (``tutor/search/_playout.c``)
against the Python playout it follows (``tutor.search.playout.club_playout``): from random
positions of the first phase under every two-seat preset, and under presets with switches set
at random, both make the same moves and reach the same position; the sampled values built on
them charge the same work to the budget. With ``TUTOR_SEARCH=python`` the Python playout runs.
The principal line of the second phase followed in the core (``Core.line``) against
``Solver.line``'s Python loop on the same search: the same moves, end, nodes and budget."""

from __future__ import annotations

import random

import pytest
from test_core import random_rules

from tutor.engine import (
    PRESETS,
    RuleSet,
    State,
    apply_unchecked,
    legal_moves,
    random_deal,
    sample_states,
    view_of,
)
from tutor.search import Budget, SearchLimit, _core, playout, solver
from tutor.search.sampling import _playout, evaluate_worlds
from tutor.search.solver import Solver

pytest.importorskip("tutor.search._negacore")


def first_phase(rules: RuleSet, rng: random.Random) -> State | None:
    """A random deal after a random number of random moves, while the stock is open (any choice
    between turns may be waiting), or None when the deal left the first phase."""
    s = random_deal(rules, rng, dealer=rng.randrange(2))
    for _ in range(rng.randrange(16)):
        if not playout.playing(s, 0):
            break
        s = apply_unchecked(s, rng.choice(sorted(legal_moves(s), key=str)))
    return s if playout.playing(s, 0) else None


def same_playouts(rules: RuleSet, rng: random.Random, deals: int) -> set[str]:
    """Both playouts from ``deals`` random positions (and both exact stocks the sampling uses);
    what kinds of moves they made."""
    kinds: set[str] = set()
    n = 0
    while n < deals:
        s = first_phase(rules, rng)
        if s is None:
            continue
        n += 1
        for exact in (0, 2):
            slow = playout.club_playout(s, exact)
            fast = playout.core_playout(s, exact)
            assert fast[1] == slow[1], (rules.name, s, exact)
            assert fast[0] == slow[0], (rules.name, s, exact)
            kinds.update(type(m).__name__ for m in fast[1])
            if fast[0].result is not None:
                kinds.add("ended")
    return kinds


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset(name: str) -> None:
    kinds = same_playouts(PRESETS[name], random.Random(name), 150)
    assert {"Play", "Marriage", "ended"} <= kinds, kinds


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_thousands(name: str) -> None:
    kinds = same_playouts(PRESETS[name], random.Random(f"{name}!"), 2000)
    assert {"Play", "Marriage", "ended"} <= kinds, kinds


def test_random_switches() -> None:
    rng = random.Random(66)
    kinds: set[str] = set()
    for _ in range(150):
        kinds |= same_playouts(random_rules(rng), rng, 8)
    # exchanges, closing (also before drawing), declarations, named trumps and the draw's pass
    assert {"Exchange", "Close", "DeclareOut", "NameTrump", "Pass"} <= kinds, kinds


def test_same_values_and_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampling's playout gives the same value, card points and line, and charges the
    budget the same, with the core's playout and with Python's."""
    rng = random.Random(7)
    for name in ("classic", "pagat", "named_trump", "heart_ace", "schnapsen"):
        for _ in range(6):
            s = first_phase(PRESETS[name], rng)
            if s is None:
                continue
            runs = []
            for search in ("core", "python"):
                monkeypatch.setenv(_core.ENV, search)
                budget = Budget(nodes=10**7)
                solver = Solver(s, budget)
                runs.append((_playout(s, solver, 0, 0, budget, True), budget.spent))
            assert runs[0] == runs[1], name


def test_python_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``TUTOR_SEARCH=python`` plays the Python playout: ``club_player`` is called."""
    calls: list[int] = []
    real = playout.club_player

    def counted(state: State, rng: random.Random) -> object:
        calls.append(1)
        return real(state, rng)

    monkeypatch.setattr(playout, "club_player", counted)
    s = random_deal(PRESETS["classic"], random.Random(1))
    monkeypatch.setenv(_core.ENV, "python")
    slow = playout.playout(s, 0)
    assert calls
    calls.clear()
    monkeypatch.setenv(_core.ENV, "")
    assert playout.playout(s, 0) == slow
    assert not calls


def second_phase(rules: RuleSet, rng: random.Random) -> State | None:
    """A random deal after random moves into the second phase, where the compiled core follows
    the principal line (``solver._core_line_fits``), or None."""
    s = random_deal(rules, rng, dealer=rng.randrange(2))
    for _ in range(rng.randrange(8, 30)):
        if s.result is not None or (solver._core_line_fits(s) and rng.random() < 0.3):
            break
        s = apply_unchecked(s, rng.choice(sorted(legal_moves(s), key=str)))
    return s if solver._core_line_fits(s) else None


def same_lines(
    rules: RuleSet, rng: random.Random, n: int, monkeypatch: pytest.MonkeyPatch, nodes: int
) -> int:
    """``Solver.line`` in the core and in Python (on the core's search) from ``n`` positions
    agree: the moves, the end, the nodes searched and the budget charged, or both run out of it
    alike. How many lines ran out."""
    monkeypatch.setenv(_core.ENV, "core")
    cut = 0
    done = 0
    while done < n:
        s = second_phase(rules, rng)
        if s is None:
            continue
        done += 1
        runs = []
        for fits in (solver._core_line_fits, lambda state: False):
            monkeypatch.setattr(solver, "_core_line_fits", fits)
            budget = Budget(nodes=nodes)
            search = Solver(s, budget)
            try:
                runs.append((search.line(s), search.nodes, budget.spent))
            except SearchLimit:
                runs.append((None, search.nodes, budget.spent))
            monkeypatch.undo()
            monkeypatch.setenv(_core.ENV, "core")
        assert runs[0] == runs[1], (rules.name, s)
        cut += runs[0][0] is None
    return cut


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_lines_of_every_preset(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert same_lines(PRESETS[name], random.Random(name), 40, monkeypatch, 10**8) == 0


def test_lines_under_random_switches(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    for _ in range(120):
        same_lines(random_rules(rng), rng, 2, monkeypatch, 10**8)


def test_lines_cut_by_the_budget_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    cut = sum(
        same_lines(PRESETS[name], rng, 10, monkeypatch, rng.randrange(20, 400))
        for name in ("classic", "schnapsen", "pagat", "named_trump")
    )
    assert cut > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_lines_of_every_preset_many(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert same_lines(PRESETS[name], random.Random(f"{name}!"), 400, monkeypatch, 10**8) == 0


def test_sampled_values_alike_with_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampled values with lines, as the coach asks for them, are the same with the core's
    playout, line and search and with ``TUTOR_SEARCH=python`` (Python throughout), and charge
    the budget the same."""
    rng = random.Random(3)
    for name in ("classic", "pagat"):
        s = first_phase(PRESETS[name], rng)
        while s is None or s.waiting.value != "nothing":
            s = first_phase(PRESETS[name], rng)
        worlds = sample_states(view_of(s, s.to_move), 4, 1)
        seen = []
        for search in ("core", "python"):
            monkeypatch.setenv(_core.ENV, search)
            budget = Budget(nodes=10**7)
            ev = evaluate_worlds(worlds, 0, budget)
            seen.append(([(m.move, m.deal_values, m.deal_lines) for m in ev.moves], budget.spent))
        assert seen[0] == seen[1], name

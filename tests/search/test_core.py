"""The compiled search (``tutor/search/_negacore.c``) against the Python search it follows
(``tutor.search._negamax``), the reference: on random rule sets (every preset with switches
set at random, as ``test_agreement`` draws them) and random positions, both value every legal
move alike and search the same number of nodes, so a budget cuts both at the same point.
Without the core, or with ``TUTOR_SEARCH=python``, the solver runs the Python search."""

from __future__ import annotations

import itertools
import random

import pytest

from tutor.engine import (
    PRESETS,
    RuleSet,
    State,
    SwitchValueError,
    TrumpMode,
    Wait,
    apply_unchecked,
    legal_moves,
    parse_rules,
    random_deal,
    scoring,
    view_of,
)
from tutor.search import Budget, SearchLimit, Solver, _core, expert_evaluation
from tutor.search._encoding import search_stock, stock_place
from tutor.search._negamax import Negamax
from tutor.search.playout import fields

from helpers import mini_position

core = pytest.importorskip("tutor.search._negacore")

SWITCHES: dict[str, tuple[str, ...]] = {
    "deal.target": ("61", "66"),
    "deal.last_trick_bonus": ("0", "10"),
    "close.last_trick_bonus": ("true", "false"),
    "score.schneider_below": ("31", "33"),
    "score.schwarz_by": ("tricks", "points"),
    "phase2.duty": ("head", "follow"),
    "marriage.needs_trick": ("true", "false"),
    "marriage.credit": ("immediate", "after_trick", "with_trick"),
    "marriage.in_phase2": ("true", "false"),
    "exchange.needs_trick": ("true", "false"),
    "close.allowed": ("true", "false"),
    "close.penalty": ("fixed", "scale"),
    "close.no_trick_at": ("close", "end"),
    "out.resolution": ("immediate", "after_trick"),
    "out.after_marriage": ("true", "false"),
    "out.closer_opponent": ("true", "false"),
    "out.false_penalty": ("fixed", "scale"),
    "out.needs_trick": ("true", "false"),
    "exchange.timing": ("on_lead", "on_turn"),
    "deal.played_out": ("higher", "last_trick"),
    "close.before_draw": ("true", "false"),
    "close.opponent_exchange": ("true", "false"),
    "marriage.escalating": ("true", "false"),
    "deal.hand_size": ("5", "6", "7"),
}


def random_rules(rng: random.Random) -> RuleSet:
    """A preset with up to six switches drawn at random, among those the two-player engine
    plays (a refused combination is drawn again)."""
    while True:
        name = rng.choice(sorted(PRESETS))
        chosen = rng.sample(sorted(SWITCHES), rng.randrange(7))
        parts = [f"{sid}={rng.choice(SWITCHES[sid])}" for sid in chosen]
        try:
            return parse_rules(f"{name}({', '.join(parts)})" if parts else name)
        except (SwitchValueError, ValueError):
            continue


def played(rules: RuleSet, rng: random.Random, cards: int, stock: int = 99) -> State | None:
    """A position of a random deal played at random until the hands hold at most ``cards``
    cards and the stock at most ``stock`` (open or closed, as the random moves left it), or
    None when the deal ended first."""
    s = random_deal(rules, rng, dealer=rng.randrange(2))
    while s.result is None and (
        len(s.hand(0)) > cards or s.stock_size > stock or s.waiting is not Wait.NOTHING
    ):
        s = apply_unchecked(s, rng.choice(sorted(legal_moves(s), key=str)))
    if s.result is None and rng.random() < 0.5 and s.lead < 0:
        s = apply_unchecked(s, rng.choice(sorted(legal_moves(s), key=str)))  # a card led
    return s if s.result is None else None


def both(state: State, monkeypatch: pytest.MonkeyPatch) -> tuple[Solver, Solver]:
    monkeypatch.setenv(_core.ENV, "core")
    fast = Solver(state)
    monkeypatch.setenv(_core.ENV, "python")
    slow = Solver(state)
    assert isinstance(fast._engine, _core.CoreNegamax)
    assert isinstance(slow._engine, Negamax)
    return fast, slow


def agree(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = both(state, monkeypatch)
    a = [(str(m.move), m.game_points) for m in fast.rank_moves(state)]
    b = [(str(m.move), m.game_points) for m in slow.rank_moves(state)]
    assert a == b, (state.rules.name, a, b)
    assert fast.nodes == slow.nodes
    assert fast.solve(state).line == slow.solve(state).line


def test_small_positions_under_random_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(66)
    kinds = set()
    for _ in range(150):
        rules = random_rules(rng)
        s = mini_position(rules, rng)
        if s.result is None:
            agree(s, monkeypatch)
            kinds.add((rules.trump_mode, s.stock_size > 0))
    assert len(kinds) >= 4  # face-up, named and heart-ace trumps, with and without a stock


@pytest.mark.parametrize("cards", [2, 3])
def test_endgames_under_random_rules(cards: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(cards)
    n = 0
    while n < 12:
        s = played(random_rules(rng), rng, cards)
        if s is not None:
            agree(s, monkeypatch)
            n += 1


@pytest.mark.parametrize(
    ("cards", "stock"),
    [
        (4, 4),
        (5, 2),
        (6, 0),
        (7, 0),
        (6, 2),
        (6, 4),
        (7, 3),
        pytest.param(6, 8, marks=pytest.mark.slow),
        pytest.param(7, 6, marks=pytest.mark.slow),
    ],
)
def test_larger_positions_under_random_rules(
    cards: int, stock: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands of 4 to 7 cards, with a small stock still open or closed (the positions of the
    first phase the sampled expert asks the solver about) or none."""
    rng = random.Random(100 * stock + cards)
    n = 0
    while n < 8:
        rules = random_rules(rng)
        if rules.hand_size < cards:
            continue
        s = played(rules, rng, cards, stock)
        if s is not None and len(s.hand(0)) >= cards - 1:
            agree(s, monkeypatch)
            n += 1


def test_the_core_scores_as_the_engine_does() -> None:
    """The core's scoring (``_core.score_facts``) against ``tutor.engine.scoring`` on every
    ending of random rule sets, the scores around each threshold the rules name."""
    rng = random.Random(9)
    for _ in range(40):
        rules = random_rules(rng)
        ours, theirs = _core.core_scores(rules), scoring(rules)
        edges = {0, 1, rules.schneider_below, rules.target, 120}
        points = sorted({max(0, e + d) for e in edges for d in (-1, 0, 1)})
        for s0 in points:
            for s1 in points:
                for won in range(4):
                    for closer, trickless, x in itertools.product((-1, 0, 1), (0, 1), (0, 1)):
                        args = (s0, s1, won, closer, trickless)
                        assert ours.declare(x, *args) == theirs.declare(x, *args), (rules, x, args)
                        assert ours.end_of_cards(*args, x) == theirs.end_of_cards(*args, x), (
                            rules,
                            args,
                            x,
                        )


def test_a_budget_cuts_both_at_the_same_node(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = parse_rules("classic")
    s = played(rules, random.Random(7), 5)
    assert s is not None
    spent = []
    for name in ("core", "python"):
        monkeypatch.setenv(_core.ENV, name)
        budget = Budget(nodes=3000, seconds=None)
        with pytest.raises(SearchLimit):
            Solver(s, budget).rank_moves(s)
        spent.append(budget.spent)
    assert spent[0] == spent[1] >= 3000


def test_the_python_search_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    s = mini_position(parse_rules("schnapsen"), random.Random(3))
    monkeypatch.setenv(_core.ENV, "python")
    assert _core.search_name() == "python"
    assert isinstance(Solver(s)._engine, Negamax)
    monkeypatch.delenv(_core.ENV)
    assert _core.search_name() == "core"
    assert isinstance(Solver(s)._engine, _core.CoreNegamax)


def test_without_the_core_the_python_search_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    s = played(parse_rules("kurnik"), rng, 3)
    assert s is not None
    monkeypatch.delenv(_core.ENV, raising=False)
    expected = [m.game_points for m in Solver(s).rank_moves(s)]
    monkeypatch.setattr(_core, "Core", None)
    assert _core.search_name() == "python"
    solver = Solver(s)
    assert isinstance(solver._engine, Negamax)
    assert [m.game_points for m in solver.rank_moves(s)] == expected
    assert isinstance(Solver(s, search="python")._engine, Negamax)
    with pytest.raises(ValueError, match="not built"):
        Solver(s, search="core")


def test_the_heart_ace_and_named_trumps_are_drawn() -> None:
    rng = random.Random(1)
    modes = {random_rules(rng).trump_mode for _ in range(200)}
    assert modes == set(TrumpMode)


@pytest.mark.parametrize("nodes", [None, 20_000])
def test_the_expert_evaluates_alike_with_either_search(
    nodes: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sampled expert, whose deals the solver values: the same evaluation, and with a
    small budget the same cut at the same point."""
    rng = random.Random(11)
    checked = 0
    cuts = set()
    while checked < 6:
        rules = random_rules(rng)
        s = played(rules, rng, rules.hand_size, rng.choice((2, 4, 8)))
        if s is None or s.to_move is None or len(legal_moves(s)) < 2:
            continue
        view = view_of(s, s.to_move)
        seen = []
        for name in ("core", "python"):
            monkeypatch.setenv(_core.ENV, name)
            budget = Budget(nodes=nodes, seconds=None)
            ev = expert_evaluation(view, 5, budget, None, worlds=4)
            seen.append((ev, budget.spent))
        (a, spent_a), (b, spent_b) = seen
        assert a == b and spent_a == spent_b and a.moves
        cuts.add(a.cut)
        checked += 1
    assert cuts == ({""} if nodes is None else {"", "nodes"})


def test_every_move_of_the_second_phase_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Core.ranks`` (``Solver.rank_moves`` in the second phase) against the Python search,
    move by move: the values, the values after the moves (which the lines start from), the
    nodes, and with a small budget the same cut at the same node."""
    rng = random.Random(30)
    calls = []
    ranks = _core.CoreNegamax.ranks

    def counted(self: _core.CoreNegamax, *args: int) -> object:
        calls.append(args)
        return ranks(self, *args)

    monkeypatch.setattr(_core.CoreNegamax, "ranks", counted)
    checked = cuts = 0
    while checked < 10:
        rules = random_rules(rng)
        s = played(rules, rng, rng.choice((5, 6, 7)), 0)
        if s is None or not s.phase2 or s.trump is None or s.waiting is not Wait.NOTHING:
            continue
        fast, slow = both(s, monkeypatch)
        a = [(m.move, m.game_points, m._value_after) for m in fast.rank_moves(s)]
        b = [(m.move, m.game_points, m._value_after) for m in slow.rank_moves(s)]
        assert a == b and fast.nodes == slow.nodes, (rules.name, a, b)
        if slow.nodes > 300:
            spent = []
            for search in ("core", "python"):
                budget = Budget(nodes=slow.nodes // 3, seconds=None)
                with pytest.raises(SearchLimit):
                    Solver(s, budget, search=search).rank_moves(s)
                spent.append(budget.spent)
            assert spent[0] == spent[1]
            cuts += 1
        checked += 1
    assert cuts >= 3 and len(calls) == checked + cuts  # once without a budget, once with


def _ranked(state: State, pairs: object) -> tuple[object, int]:
    """``Core.ranks`` of ``state`` by a new core made with the rule facts ``pairs``, and the
    nodes it searched."""
    rules = state.rules
    maxv, scores, _ = _core.parts(rules)
    stock = search_stock(state)
    si, tc = stock_place(state, stock)
    c = core.Core(stock, rules.marriage_escalating, 1 << 62, pairs, scores, lambda: None)
    return c.ranks(-maxv, maxv, si, tc, 0, *fields(state)), c.nodes


class _Asked:
    """The facts of a rule set, with the questions asked of them."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.asked: list[tuple[int, int]] = []

    def __call__(self, trump: int, married: int) -> tuple[int, ...]:
        self.asked.append((trump, married))
        return _core.core_facts(self.rules, trump, married)


def test_the_cores_of_a_rule_set_read_its_facts_once() -> None:
    """The cores of one rule set share its facts (``Pairs``): a later core reads none again
    and ranks the moves as a core with facts of its own does (values, order and nodes); a
    ``Pairs`` is given its facts once."""
    rng = random.Random(8)
    checked = 0
    while checked < 5:
        rules = random_rules(rng)
        s = played(rules, rng, rng.choice((4, 5)), 0)
        if s is None or not s.phase2 or s.trump is None or s.waiting is not Wait.NOTHING:
            continue
        facts = _Asked(rules)
        shared = core.Pairs(facts)
        first = _ranked(s, shared)
        read = len(facts.asked)
        assert read > 0 and len(set(facts.asked)) == read
        assert _ranked(s, shared) == first and len(facts.asked) == read
        assert _ranked(s, core.Pairs(_Asked(rules))) == first
        checked += 1
    with pytest.raises(TypeError):
        shared.__init__(_Asked(rules))

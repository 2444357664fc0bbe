"""The duplicated logic agrees with itself under any rules, not only the presets.

Two implementations of legality (``check`` gives a verdict with reasons, ``legal_moves`` lists the
moves) and two of the rules of play (the solver's own search and the engine's ``apply``) are
compared on random rule sets: every preset, with switches set to values no preset uses (the last
trick's bonus after closing, no closing, no "out" with a marriage, no last-trick bonus, a target
of 61, ...). Only the facades ``tutor.engine`` and ``tutor.search`` are used."""

from __future__ import annotations

import random
from enum import Enum

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tutor.engine import (
    CARDS,
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    EXCHANGE,
    NAME_TRUMPS,
    PASS,
    PRESETS,
    Credit,
    Duty,
    ExchangeTiming,
    Marriage,
    Move,
    NameTrump,
    NoTrickAt,
    OpponentOut,
    OutResolution,
    Penalty,
    Play,
    PlayedOut,
    RuleSet,
    SchwarzBy,
    Wait,
    apply,
    check,
    legal_moves,
    parse_rules,
    random_deal,
)
from tutor.search import Solver, terminal_value

from helpers import Brute, examples, mini_position


def _values(kind: type[Enum]) -> list[str]:
    return [str(e.value) for e in kind]


BOOL = ["true", "false"]
# Switch id -> values written as in a rules spec ("kurnik(close.allowed=false)").
SWITCHES: dict[str, list[str]] = {
    "deal.target": ["61", "66"],
    "deal.last_trick_bonus": ["0", "10"],
    "close.last_trick_bonus": BOOL,
    "score.schneider_below": ["31", "33"],
    "score.schwarz_by": _values(SchwarzBy),
    "phase2.duty": _values(Duty),
    "marriage.needs_trick": BOOL,
    "marriage.credit": _values(Credit),
    "marriage.in_phase2": BOOL,
    "exchange.needs_trick": BOOL,
    "close.allowed": BOOL,
    "close.penalty": _values(Penalty),
    "close.penalty_points": ["2", "3"],
    "close.no_trick_at": _values(NoTrickAt),
    "out.resolution": _values(OutResolution),
    "out.after_marriage": BOOL,
    "out.closer_opponent": BOOL,
    "out.false_penalty": _values(Penalty),
    "out.false_points": ["2", "3"],
    "out.needs_trick": BOOL,
    "exchange.timing": _values(ExchangeTiming),
    "deal.played_out": [v for v in _values(PlayedOut) if v != "only_one"],  # two players
    "close.opponent_out": _values(OpponentOut),
    "close.opponent_out_points": ["1", "2"],
    "close.before_draw": BOOL,
    "close.opponent_exchange": BOOL,
}

# Every move that could be tried anywhere: each card played, each marriage (with and without
# declaring at once), the exchange, closing and declaring.
CANDIDATES: tuple[Move, ...] = (
    *(Play(c) for c in CARDS),
    *(Marriage(c) for c in CARDS),
    *(Marriage(c, True) for c in CARDS),
    EXCHANGE,
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    PASS,
    *NAME_TRUMPS,
)

# The switches no preset sets this way, all at once.
UNUSED = parse_rules(
    "pagat(close.last_trick_bonus=true, close.allowed=false, out.after_marriage=false,"
    " deal.last_trick_bonus=0, deal.target=61)"
)
UNUSED_CLOSING = parse_rules(
    "sharpened(close.last_trick_bonus=true, out.after_marriage=false, deal.target=61,"
    " deal.last_trick_bonus=0, out.closer_opponent=true)"
)


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A preset with up to six switches changed, read through ``parse_rules``."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    chosen = draw(st.lists(st.sampled_from(sorted(SWITCHES)), unique=True, max_size=6))
    parts = [f"{sid}={draw(st.sampled_from(SWITCHES[sid]))}" for sid in chosen]
    if draw(st.booleans()):  # the exchange with either of the pack's two lowest ranks
        low = sorted(PRESETS[name].ranks)[:2]
        parts.append(f"exchange.rank={draw(st.sampled_from(low)).symbol}")
    return parse_rules(f"{name}({', '.join(parts)})" if parts else name)


def test_the_rule_sets_cover_every_preset_and_switch() -> None:
    assert "sharpened" in PRESETS
    ids = {s.id for s in UNUSED.switches()}
    assert set(SWITCHES) <= ids
    assert not UNUSED.closing_allowed and UNUSED.bonus_when_closed
    assert UNUSED.target == 61 and UNUSED.last_trick_bonus == 0
    assert not UNUSED.out_after_marriage and not UNUSED_CLOSING.out_after_marriage


@settings(max_examples=150, deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1))
@example(rules=UNUSED, seed=1)
@example(rules=UNUSED_CLOSING, seed=2)
def test_check_agrees_with_legal_moves_along_random_playouts(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    s = random_deal(rules, rng, dealer=rng.randrange(2))
    while True:
        legal = set(legal_moves(s))
        for move in CANDIDATES:
            assert check(s, move).legal == (move in legal), (rules.name, s, move)
        if s.result is not None:
            assert not legal
            break
        s = apply(s, rng.choice(sorted(legal, key=str)))


@settings(max_examples=examples(60), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1))
@example(rules=UNUSED, seed=1)
@example(rules=UNUSED_CLOSING, seed=2)
def test_solver_agrees_with_brute_force_under_random_rules(rules: RuleSet, seed: int) -> None:
    s = mini_position(rules, random.Random(seed))
    exact = Brute()
    solver = Solver(s)
    assert solver.value(s) == exact(s), (rules.name, s)
    mover = s.to_move
    assert mover is not None
    for move in legal_moves(s):
        v, child = solver.child_value(s, move)
        if child.result is not None:
            assert v == terminal_value(child.result, mover), (rules.name, s, move)
        else:
            b = exact(child)
            assert v == (b if child.to_move == mover else -b), (rules.name, s, move)


@settings(max_examples=examples(40), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1))
@example(rules=UNUSED, seed=3)
@example(rules=UNUSED_CLOSING, seed=4)
def test_rank_moves_agrees_with_brute_force_under_random_rules(rules: RuleSet, seed: int) -> None:
    """Every legal move ranked with its value by brute force, best first in the engine's order
    among equals, and a line from it that the engine plays to an end worth that value."""
    s = mini_position(rules, random.Random(seed))
    exact = Brute()
    mover = s.to_move
    assert mover is not None
    ranked = Solver(s).rank_moves(s)
    assert [m.move for m in ranked] == sorted(
        legal_moves(s), key=lambda m: -next(r.game_points for r in ranked if r.move == m)
    )
    for mv in ranked:
        child = apply(s, mv.move)
        if child.result is not None:
            assert mv.game_points == terminal_value(child.result, mover), (rules.name, s)
        else:
            b = exact(child)
            assert mv.game_points == (b if child.to_move == mover else -b), (rules.name, s)
        end = s
        for move in mv.line:
            end = apply(end, move)
        assert end.result is not None and end.result == mv.outcome, (rules.name, s, mv.move)
        assert terminal_value(mv.outcome, mover) == mv.game_points


def test_solver_agrees_where_the_follower_may_exchange() -> None:
    """Under classic the follower may exchange before playing (exchange.timing=on_turn): the
    solver searches that reply as the brute force does, and the positions occur."""
    rules = PRESETS["classic"]
    exact = Brute()
    seen = 0
    for seed in range(1500):
        s = mini_position(rules, random.Random(seed))
        if s.lead < 0 or EXCHANGE not in legal_moves(s):
            continue
        seen += 1
        solver = Solver(s)
        assert solver.value(s) == exact(s), s
        v, child = solver.child_value(s, EXCHANGE)
        assert child.to_move == s.to_move and child.trump_card != s.trump_card
        assert v == exact(child)
    assert seen >= 15


def test_solver_agrees_where_pagat_waits_for_a_choice() -> None:
    """Under pagat a trick's winner may close before drawing, and the closer's opponent may
    exchange the nine at the moment of closing: the solver searches both choices as the brute
    force over ``apply`` does, at the choice itself and from the move before it."""
    rules = PRESETS["pagat"]
    exact = Brute()
    seen = {Wait.DRAW: 0, Wait.REPLY: 0}
    exchanges = 0
    for seed in range(400):
        s = mini_position(rules, random.Random(f"waits-{seed}"))
        solver = Solver(s)
        mover = s.to_move
        for move in legal_moves(s):
            child = apply(s, move)
            if child.result is not None or child.waiting is Wait.NOTHING:
                continue
            seen[child.waiting] += 1
            exchanges += EXCHANGE in legal_moves(child)
            assert solver.value(child) == exact(child), (seed, move)
            v, _ = solver.child_value(s, move)
            b = exact(child)
            assert v == (b if child.to_move == mover else -b), (seed, move)
    assert min(seen.values()) >= 20 and exchanges >= 5, (seen, exchanges)


#: The presets whose small endgames take the solver and the brute force more than about 2 s.
SLOW_ENDGAMES = {"heart_ace", "classic"}


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_ENDGAMES else n for n in sorted(PRESETS)],
)
def test_solver_agrees_with_brute_force_on_small_endgames_of_each_preset(name: str) -> None:
    rules = PRESETS[name]
    exact = Brute()
    for seed in range(60):
        s = mini_position(rules, random.Random(f"{name}-{seed}"))
        solver = Solver(s)
        assert solver.value(s) == exact(s), (name, seed)
        mover = s.to_move
        assert mover is not None
        for move in legal_moves(s):
            v, child = solver.child_value(s, move)
            b = (
                terminal_value(child.result, mover)
                if child.result is not None
                else exact(child) * (1 if child.to_move == mover else -1)
            )
            assert v == b, (name, seed, move)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["named_trump", "heart_ace"])
def test_solver_agrees_where_trumps_are_named(name: str) -> None:
    """Without a face-up card: trumps named by a move (first thing under named_trump, by the
    holder of the ace of hearts under heart_ace, leading or following), marriages that make
    trumps and grow in value: the solver agrees with the brute force, and those moves occur."""
    rules = PRESETS[name]
    exact = Brute()
    naming = marriages = 0
    for seed in range(400):
        s = mini_position(rules, random.Random(seed))
        solver = Solver(s)
        assert solver.value(s) == exact(s), (name, s)
        mover = s.to_move
        assert mover is not None
        for move in legal_moves(s):
            naming += isinstance(move, NameTrump)
            marriages += isinstance(move, Marriage)
            v, child = solver.child_value(s, move)
            if child.result is not None:
                assert v == terminal_value(child.result, mover), (name, s, move)
            else:
                b = exact(child)
                assert v == (b if child.to_move == mover else -b), (name, s, move)
    assert naming >= 40 and marriages >= 40, (naming, marriages)

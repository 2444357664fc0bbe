"""The exact solver against brute-force minimax over ``game.apply`` on small random positions of
every kind (open stock with draws, exchange, closing, marriages, declarations; closed or
exhausted stock), per preset; a hand-built forced win; the principal line and move ranking."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    CLOSE,
    DECLARE_OUT,
    Card,
    Play,
    RuleSet,
    State,
    apply,
    legal_moves,
    new_deal,
    parse_cards,
    play_moves,
    preset,
)
from tutor.search import (
    Solver,
    max_game_points,
    plain_minimax,
    rank_moves,
    solve,
    terminal_value,
)

from helpers import Brute, brute, mini_position

PRESETS = ("classic", "kurnik", "pack32", "pagat", "schnapsen")


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_solver_agrees_with_brute_force_on_small_positions(name: str) -> None:
    rules = preset(name)
    rng = random.Random(f"mini:{name}")
    kinds = set()
    for _ in range(70):
        s = mini_position(rules, rng)
        kinds.add((s.stock_open, s.lead >= 0))
        exact = Brute()
        expected = exact(s)
        solver = Solver(s)
        assert solver.value(s) == expected, s
        assert plain_minimax(s)[0] == expected, s
        for move in legal_moves(s):
            v, child = solver.child_value(s, move)
            if child.result is not None:
                assert v == terminal_value(child.result, s.to_move or 0)
            else:
                b = exact(child)
                assert v == (b if child.to_move == s.to_move else -b), (s, move)
    assert len(kinds) == 4  # open and closed/gone stock, on lead and following


def _endgame(rules: RuleSet, rng: random.Random, cards_left: int) -> State:
    """Random play (no closing) until the stock is gone and each hand holds ``cards_left``."""
    while True:
        s = new_random(rules, rng)
        while s.result is None:
            if s.phase2 and s.lead < 0 and s.hands[s.leader].bit_count() <= cards_left:
                return s
            moves = [m for m in legal_moves(s) if m != CLOSE]
            s = apply(s, rng.choice(moves))


def new_random(rules: RuleSet, rng: random.Random) -> State:
    from tutor.engine import random_deal

    return random_deal(rules, rng, dealer=rng.randrange(2))


@pytest.mark.parametrize("name", ("classic", "kurnik", "pack32"))
def test_solver_agrees_with_brute_force_on_real_endgames(name: str) -> None:
    rules = preset(name)
    rng = random.Random(f"end:{name}")
    for _ in range(12):
        s = _endgame(rules, rng, 3)
        if rng.random() < 0.5:
            s = apply(s, rng.choice(legal_moves(s)))
            if s.result is not None:
                continue
        assert Solver(s).value(s) == brute(s)


@pytest.mark.parametrize("name", ("classic", "kurnik"))
def test_solver_matches_plain_minimax_on_six_card_endgames(name: str) -> None:
    rules = preset(name)
    rng = random.Random(f"six:{name}")
    for _ in range(4):
        s = _endgame(rules, rng, rules.hand_size)
        assert solve(s).game_points == plain_minimax(s)[0]


def test_principal_line_reaches_the_value() -> None:
    rng = random.Random(3)
    for name in ("classic", "kurnik"):
        s = _endgame(preset(name), rng, 5)
        v = solve(s)
        end = play_moves(s, v.line)  # the line is legal move by move
        assert end.result is not None and end.result == v.outcome
        assert terminal_value(v.outcome, v.player) == v.game_points
        assert v.nodes > 0


def test_rank_moves_orders_every_legal_move() -> None:
    rng = random.Random(5)
    s = _endgame(preset("kurnik"), rng, 4)
    ranked = rank_moves(s)
    assert sorted(map(str, (m.move for m in ranked))) == sorted(map(str, legal_moves(s)))
    values = [m.game_points for m in ranked]
    assert values == sorted(values, reverse=True)
    assert values[0] == solve(s).game_points
    for mv in ranked:
        assert mv.line[0] == mv.move
        end = play_moves(s, mv.line)
        assert end.result == mv.outcome


def _ranked_one_by_one(s: State) -> list[tuple[str, int]]:
    """Each legal move valued on its own by ``child_value`` (the way ``rank_moves`` used to
    value them), best first, in the order of ``legal_moves`` among equals."""
    solver = Solver(s)
    values = [(str(m), solver.child_value(s, m)[0]) for m in legal_moves(s)]
    return sorted(values, key=lambda mv: -mv[1])


@pytest.mark.parametrize("name", PRESETS)
def test_rank_moves_agrees_with_plain_minimax_move_by_move(name: str) -> None:
    """On endgames of 4 and 5 cards (the stock gone, some after the lead): every legal move, its
    value as plain minimax finds it after the move, the order of the moves as valuing them one by
    one gives it, and a line from each move that is legal and ends with the move's value."""
    rules = preset(name)
    rng = random.Random(f"rank:{name}")
    for cards in (4, 5, 4, 5, 4, 5):
        s = _endgame(rules, rng, cards)
        if rng.random() < 0.4:
            s = apply(s, rng.choice(legal_moves(s)))
            if s.result is not None:
                continue
        player = s.to_move
        assert player is not None
        ranked = Solver(s).rank_moves(s)
        assert [(str(m.move), m.game_points) for m in ranked] == _ranked_one_by_one(s)
        for mv in ranked:
            child = apply(s, mv.move)
            if child.result is not None:
                assert mv.game_points == terminal_value(child.result, player)
            else:
                v = plain_minimax(child)[0]
                assert mv.game_points == (v if child.to_move == player else -v), (s, mv.move)
            assert mv.line[0] == mv.move
            end = play_moves(s, mv.line)
            assert end.result is not None and end.result == mv.outcome
            assert terminal_value(mv.outcome, player) == mv.game_points
            assert mv.scores == mv.outcome.scores


def test_rank_moves_agrees_with_brute_force_on_small_positions() -> None:
    """Open and closed stock, a card led, choices between turns, marriages, exchanges and
    declarations: values by brute force over ``apply``, lines legal and worth the value; lines
    read in any order, once or twice."""
    exact = Brute()
    kinds = set()
    for name in PRESETS:
        rules = preset(name)
        rng = random.Random(f"rank-mini:{name}")
        for _ in range(30):
            s = mini_position(rules, rng)
            kinds.add((s.stock_open, s.lead >= 0))
            player = s.to_move
            assert player is not None
            ranked = rank_moves(s)
            assert [(str(m.move), m.game_points) for m in ranked] == _ranked_one_by_one(s)
            for mv in reversed(ranked):
                child = apply(s, mv.move)
                if child.result is None:
                    b = exact(child)
                    assert mv.game_points == (b if child.to_move == player else -b)
                end = play_moves(s, mv.line)
                assert end.result is not None and end.result == mv.outcome
                assert mv.line is mv.line  # found once
                assert terminal_value(mv.outcome, player) == mv.game_points
    assert len(kinds) == 4


# A hand-built endgame under kurnik rules: hearts are trumps, the stock is gone, A leads with
# 20 points against B's 55. Drawing trumps first, A takes every trick and wins. Leading the
# ace of clubs first lets B trump it, reach 66 and declare: A loses, and A is Schneider.
def _forced_position() -> State:
    base = new_deal(
        preset("kurnik"),
        hands=("Ah 10h Kh Ac 9c 9s", "Qh Jh 10s Ks Qc 9d"),
        trump_card="9h",
        stock="As Kc Qs Js Ad 10d Kd Qd Jd Jc 10c",
    )
    hands = tuple(sum(c.bit for c in parse_cards(h)) for h in ("Ah 10h Kh Ac", "Qh Jh 10s Ks"))
    return base._replace(
        hands=(hands[0], hands[1]), stock=(), trump_card=-1, points=(20, 55), tricks=(3, 3)
    )


def test_forced_win_is_found() -> None:
    s = _forced_position()
    ranked = {str(m.move): m for m in rank_moves(s)}
    assert ranked["Ah"].game_points == ranked["10h"].game_points == ranked["Kh"].game_points == 1
    assert ranked["Ac"].game_points == -2
    assert ranked["Ac"].outcome.winner == 1
    best = solve(s)
    assert best.game_points == 1 == brute(s)
    assert best.line[0] in {Play(Card.parse(c)) for c in ("Ah", "10h", "Kh")}
    assert best.outcome.winner == 0 and best.scores == (85, 55)


def test_solver_refuses_a_finished_deal_and_a_foreign_state() -> None:
    s = _forced_position()
    end = play_moves(s, solve(s).line)
    with pytest.raises(ValueError):
        solve(end)
    other = _forced_position()._replace(stock=(5,))
    with pytest.raises(ValueError):
        Solver(s).value(other)


def test_declaring_at_once_is_valued_like_the_engine() -> None:
    # A has 70 and may declare: under kurnik the deal ends with B at 55, one game point.
    s = _forced_position()._replace(points=(70, 55))
    v, child = Solver(s).child_value(s, DECLARE_OUT)
    assert child.result is not None and v == 1
    assert solve(s).game_points >= 1


def test_max_game_points() -> None:
    assert max_game_points(preset("classic")) == 3
    assert max_game_points(preset("classic").with_changes(game_points=(1, 2, 4))) == 4

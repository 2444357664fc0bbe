"""Computer players: only legal moves, declarations they can count, the expert's sampled values
against the exact solver, and the order of strength among the fast players."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from tutor.engine import (
    DECLARE_OUT,
    Close,
    DeclareOut,
    Marriage,
    Play,
    State,
    apply,
    legal_moves,
    new_deal,
    parse_cards,
    preset,
    random_deal,
    view_of,
)
from tutor.search import (
    PLAYERS,
    club_player,
    evaluate_moves,
    expert_player,
    rank_moves,
    selfplay,
    wilson,
)

FAST = ("random", "greedy", "beginner", "club")


def _mask(text: str) -> int:
    return sum(c.bit for c in parse_cards(text))


@pytest.mark.parametrize("name", ("classic", "kurnik", "pack32", "schnapsen"))
@pytest.mark.parametrize("player", FAST)
def test_fast_players_play_only_legal_moves(name: str, player: str) -> None:
    rules = preset(name)
    rng = random.Random(f"{name}:{player}")
    for _ in range(25):
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None:
            move = PLAYERS[player](s, rng)
            assert move in legal_moves(s)
            if isinstance(move, DeclareOut | Marriage) and getattr(move, "out", True):
                # They declare only what they can count.
                assert s.score(s.leader) + _meld(s, move) >= rules.target
            s = apply(s, move)


def _meld(s: State, move: object) -> int:
    if isinstance(move, Marriage):
        return s.rules.trump_marriage_points if move.suit == s.trump else s.rules.marriage_points
    return 0


def test_expert_plays_legal_moves_through_a_deal() -> None:
    rules = preset("schnapsen")
    rng = random.Random(4)
    s = random_deal(rules, rng)
    while s.result is None:
        move = expert_player(s, rng) if s.to_move == 0 else club_player(s, rng)
        assert move in legal_moves(s)
        s = apply(s, move)


def _stock_gone() -> State:
    """Kurnik, hearts trump, the stock gone; A to lead: Ah 10h Kh Ac against Qh Jh 10s Ks."""
    base = new_deal(
        preset("kurnik"),
        hands=("Ah 10h Kh Ac 9c 9s", "Qh Jh 10s Ks Qc 9d"),
        trump_card="9h",
        stock="As Kc Qs Js Ad 10d Kd Qd Jd Jc 10c",
    )
    return base._replace(
        hands=(_mask("Ah 10h Kh Ac"), _mask("Qh Jh 10s Ks")),
        stock=(),
        trump_card=-1,
        points=(20, 55),
        tricks=(3, 3),
    )


def test_evaluation_is_exact_once_the_stock_is_gone() -> None:
    s = _stock_gone()
    ranked = evaluate_moves(view_of(s, 0), samples=30, seed=1)
    exact = {str(m.move): m for m in rank_moves(s)}
    assert sorted(str(m.move) for m in ranked) == sorted(exact)
    for m in ranked:
        assert m.samples == 1  # nothing is hidden: one deal is the truth
        assert m.game_points == exact[str(m.move)].game_points
        assert m.win_probability == (1.0 if m.game_points > 0 else 0.0)
    assert ranked[0].game_points == 1 and ranked[0].best_count == 1
    assert ranked[-1].game_points < 0 and ranked[-1].best_count == 0
    assert str(expert_player(s, random.Random(0))) in ("Ah", "10h", "Kh")


def test_evaluation_over_samples() -> None:
    rng = random.Random(9)
    s = random_deal(preset("classic"), rng)
    s = apply(s, Play(s.hand(s.leader)[0]))  # the follower decides, stock open
    p = s.to_move
    assert p is not None
    ranked = evaluate_moves(view_of(s, p), samples=6, seed=3)
    assert sorted(str(m.move) for m in ranked) == sorted(str(m) for m in legal_moves(s))
    for m in ranked:
        assert m.samples == 6
        assert -3 <= m.game_points <= 3 and 0 <= m.win_probability <= 1
        assert 0 <= m.card_points <= 250 and 0 <= m.best_count <= 6
    assert [m.game_points for m in ranked] == sorted((m.game_points for m in ranked), reverse=True)
    assert max(m.best_count for m in ranked) >= 1
    assert evaluate_moves(view_of(s, p), samples=6, seed=3) == ranked  # repeatable
    with pytest.raises(ValueError):
        evaluate_moves(view_of(s, 1 - p), samples=2)


def test_club_declares_what_it_counts_and_closes_with_sure_winners() -> None:
    s = _stock_gone()._replace(points=(70, 40))
    assert club_player(s, random.Random(0)) == DECLARE_OUT
    # Stock open, hearts trump: A holds the three top trumps and 40 points: it closes.
    base = new_deal(
        preset("kurnik"),
        hands=("Ah 10h Kh Jh 9c 9s", "Qh As Ks Qs Ad Kd"),
        trump_card="9h",
        stock="Ac Kc Qc Jc 10c 10s Js 10d Qd Jd 9d",
    )
    s = base._replace(points=(40, 10), tricks=(2, 1))
    assert any(isinstance(m, Close) for m in legal_moves(s))
    assert isinstance(club_player(s, random.Random(0)), Close)
    # Without the points it does not.
    assert not isinstance(club_player(s._replace(points=(5, 10)), random.Random(0)), Close)


def test_strength_order_of_the_fast_players() -> None:
    club = selfplay("classic", 300, 7, ("club", "random"))
    assert club["wins"]["A"] > 0.8 * 300
    vs_greedy = selfplay("classic", 300, 7, ("club", "greedy"))
    assert vs_greedy["wins"]["A"] > 0.7 * 300
    beginner = selfplay("classic", 300, 7, ("beginner", "random"))
    assert beginner["wins"]["A"] > beginner["wins"]["B"]
    assert club["wins"]["A"] > beginner["wins"]["A"]


def test_registry_names() -> None:
    assert {"random", "greedy", "beginner", "club", "expert"} <= set(PLAYERS)


@pytest.mark.slow
def test_bench_prints_one_json_object_with_the_figures() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tutor",
            "bench",
            "--positions",
            "3",
            "--hints",
            "2",
            "--grades",
            "2",
            "--search-positions",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(out.stdout)
    solver = data["solver"]
    assert {"cards_6", "cards_5", "cards_4", "nodes_per_second"} <= set(solver)
    for part in ("cards_6", "cards_5", "cards_4"):
        assert {"median_ms", "p95_ms", "baseline_median_ms", "speedup_median"} <= set(solver[part])
        assert {"rank_median_ms", "rank_speedup_median"} <= set(solver[part])
    assert {"p50_ms", "p95_ms", "samples"} <= set(data["hint"])
    grades = data["grades"]
    assert grades["positions"] == 2 and 0 <= grades["same"] <= 2
    assert sum(grades["grades"].values()) == 2 and grades["remark_p50_ms"] > 0
    assert "strength" not in data  # only on request


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert low < 0.9 < high and (low, high) == (0.8256, 0.9448)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(1000, 1000)[1] == 1.0

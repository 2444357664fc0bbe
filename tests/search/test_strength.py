"""The expert's strength in whole matches (``tutor.teach.play.strength``) and the figures
``tutor bench --strength`` makes of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from tutor.cli import bench as bench_cmd
from tutor.cli import bench_strength as strength_cmd
from tutor.search import wilson
from tutor.teach.play import strength as strength_mod
from tutor.teach.play.strength import Strength, strength_matches


@pytest.mark.slow
def test_matches_against_random_are_tallied_whole() -> None:
    s = strength_matches("schnapsen", "random", matches=2, seed=3)
    assert s.matches == 2
    assert s.match_wins + s.match_draws + s.match_losses == 2
    assert 0 <= s.deal_wins + s.deal_draws <= s.deals
    # a match to 7 game points takes at least three deals (three game points at most a deal)
    assert s.deals >= 2 * 3
    assert len(s.times) > 0 and all(t > 0 for t in s.times)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_tallies_in_one_process_or_two(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(strength_mod, "CHUNK", 1)
    one = strength_matches("schnapsen", "random", matches=2, seed=5, jobs=1)
    two = strength_matches("schnapsen", "random", matches=2, seed=5, jobs=2)
    assert replace(one, times=()) == replace(two, times=())
    assert len(one.times) == len(two.times)


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_told_the_tally_after_each_run_of_matches(
    monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    monkeypatch.setattr(strength_mod, "CHUNK", 1)
    told: list[Strength] = []
    total = strength_matches("schnapsen", "random", 2, seed=5, jobs=jobs, progress=told.append)
    assert [s.matches for s in told] == [1, 2]
    assert told[-1] == total
    assert told[0].deals < total.deals


def _no_search_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's search part (seconds even on one endgame of each size; measured in
    ``tests/search/test_players.py``) left out of a run about the strength part."""

    def without(rules: object, n: int, seed: int) -> dict[str, Any]:
        return {"search": "python", "core": False, "positions": n}

    monkeypatch.setattr(bench_cmd, "bench_search", without)


def test_a_long_strength_run_tells_each_tenth_on_standard_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.main import main

    def fake(
        spec: str, opponent: str, matches: int, *_: object, progress: Callable[[Strength], None]
    ) -> Strength:
        total = Strength()
        for _ in range(matches):  # one match at a time, each won, with 3 deals of which 2 won
            total += Strength(matches=1, match_wins=1, deals=3, deal_wins=2, times=(0.01,))
            progress(total)
        return total

    monkeypatch.setattr(strength_cmd, "strength_matches", fake)
    _no_search_part(monkeypatch)
    args = [
        "bench",
        "--positions",
        "1",
        "--hints",
        "1",
        "--strength",
        "20",
        "--jobs",
        "1",
        "--grades",
        "0",
    ]
    code = main([*args, "--against", "club", "--strength-rules", "classic", "--lang", "de"])
    captured = capsys.readouterr()
    assert code == 0
    told = captured.err.splitlines()
    assert len(told) == 10  # every second match of 20, not every match
    assert told[0].startswith("Klassisch")
    assert "2 von 20 Partien" in told[0] and "4 von 6" in told[0]
    assert "20 von 20 Partien" in told[-1] and "40 von 60" in told[-1]
    assert "Der Experte gewann 20 von 20 Partien" in captured.out


def test_an_unknown_preset_is_refused_before_any_match() -> None:
    with pytest.raises(ValueError):
        strength_matches("no-such-rules", "random", matches=1, seed=1)


def test_bench_turns_the_tallies_into_rates_intervals_and_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, str, int]] = []

    def fake(spec: str, opponent: str, matches: int, *_: object, **__: object) -> Strength:
        calls.append((spec, opponent, matches))
        return Strength(
            matches=matches,
            match_wins=7,
            match_draws=0,
            deals=60,
            deal_wins=33,
            deal_draws=4,
            times=(0.010, 0.020, 0.030, 0.040, 0.500),
        )

    monkeypatch.setattr(strength_cmd, "strength_matches", fake)
    out: dict[str, Any] = strength_cmd.bench_strength(10, 1, 1, ("expert1", "club"))
    assert calls == [
        ("schnapsen", "expert1", 10),
        ("schnapsen", "club", 10),
        ("classic", "expert1", 10),
        ("classic", "club", 10),
    ]
    f = out["classic"]["club"]
    assert (f["match_wins"], f["match_losses"], f["match_win_rate"]) == (7, 3, 0.7)
    assert f["match_ci95"] == list(wilson(7, 10))
    # deal rates count the deals that had a winner
    assert f["deal_win_rate"] == round(33 / 56, 4)
    assert f["deal_ci95"] == list(wilson(33, 56))
    assert (f["decisions"], f["decision_median_ms"], f["decision_max_ms"]) == (5, 30.0, 500.0)
    assert 40.0 < f["decision_p95_ms"] <= 500.0


def test_bench_refuses_an_unknown_opponent_in_the_learner_s_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tutor.cli.main import main

    code = main(["bench", "--strength", "1", "--against", "club,<b>nobody</b>", "--lang", "de"])
    captured = capsys.readouterr()
    assert code != 0
    text = captured.out + captured.err
    assert "<b>nobody</b>" in text and "expert1" in text
    assert "--against: unbekannter Spieler" in text


def test_strength_rules_choose_the_presets_measured_and_the_report_follows_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.main import main

    calls: list[tuple[str, str]] = []

    def fake(spec: str, opponent: str, matches: int, *_: object, **__: object) -> Strength:
        calls.append((spec, opponent))
        return Strength(matches=matches, match_wins=1, deals=4, deal_wins=3, times=(0.01,))

    monkeypatch.setattr(strength_cmd, "strength_matches", fake)
    _no_search_part(monkeypatch)
    args = [
        "bench",
        "--positions",
        "1",
        "--hints",
        "1",
        "--strength",
        "2",
        "--jobs",
        "1",
        "--grades",
        "0",
    ]
    code = main([*args, "--against", "club", "--strength-rules", "kurnik, classic,kurnik"])
    out = capsys.readouterr().out
    assert code == 0
    assert calls == [("kurnik", "club"), ("classic", "club")]
    lines = [line for line in out.splitlines() if "opponent:" in line]
    assert len(lines) == 2
    assert lines[0].startswith("Kurnik") and "won 1 of 2 matches" in lines[0]
    assert "Schnapsen" not in out


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["bench", "--strength", "1", "--strength-rules", "classic,three"], "--strength-rules"),
        (["bench", "--rules", "four"], "--rules"),
    ],
)
def test_commands_for_two_refuse_a_game_for_three_or_four(
    args: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli.main import main

    code = main([*args, "--lang", "pl"])
    captured = capsys.readouterr()
    assert code != 0
    text = captured.out + captured.err
    assert f"{option}: „" in text
    assert "to polecenie rozgrywa tylko gry we dwóch" in text


@pytest.mark.parametrize(
    ("decisions", "lang", "words"),
    [
        (223, "pl", "(223 decyzje)"),
        (43_456, "pl", "(43\u00a0456 decyzji)"),
        (1, "pl", "(1 decyzja)"),
        (1, "de", "(1 Entscheidung)"),
        (2, "de", "(2 Entscheidungen)"),
        (1, "en", "(1 decision)"),
    ],
)
def test_the_count_of_decisions_takes_the_plural_of_its_language(
    decisions: int, lang: str, words: str
) -> None:
    from tutor.words.i18n import get_translator

    figures = {
        "matches": 10,
        "match_wins": 6,
        "match_win_rate": 0.6,
        "match_ci95": [0.31, 0.83],
        "deals": 60,
        "deal_wins": 33,
        "deal_draws": 0,
        "deal_win_rate": 0.55,
        "deal_ci95": [0.42, 0.67],
        "decisions": decisions,
        "decision_median_ms": 70.0,
        "decision_p95_ms": 300.0,
        "decision_max_ms": 500.0,
    }
    part = {"rules": ["schnapsen"], "schnapsen": {"expert1": figures}}
    lines = strength_cmd.strength_lines(part, get_translator(lang))
    assert words in lines[1]

"""What the commands print, in German and Polish as in English: numbers as each language writes
them (a fractional value in each command that prints one: selfplay, bench, validate), and the
lesson replay with cards, trump card and level as players write them."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import tutor.cli.bench as bench_cmd
import tutor.cli.selfplay as selfplay_cmd
from tests.words.test_words_puzzles_de_pl import PRESET_IDS, SEED_FILE, english_words
from tutor.cli.main import main
from tutor.engine import CLOSE, Move, parse_move
from tutor.teach.lessons import Lesson, load_lesson, read_lesson, replay
from tutor.teach.puzzles import GoalKind, MoveScore, PuzzleAnalysis
from tutor.words.i18n import get_translator
from tutor.words.lesson_text import level_words, replay_text, step_text
from tutor.words.narrate import move_words
from tutor.words.switches import preset_name

# The module, not the function of the same name that ``tutor.teach.puzzles`` exports.
puzzle_validate = importlib.import_module("tutor.teach.puzzles.validate")

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\xa0"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


# ----------------------------------------------------------------------------- selfplay

SELFPLAY = {
    "games": 1500,
    "rules": "classic",
    "players": {"A": "random", "B": "random"},
    "wins": {"A": 758, "B": 738},
    "draws": 4,
    "game_points": {"A": 1744, "B": 1697},
    "games_per_second": 4560.7,
}


@pytest.mark.parametrize(
    ("lang", "games", "speed"),
    [
        ("de", "1.500 Spiele", "4.560,7 Spiele pro Sekunde"),
        ("pl", f"1{NBSP}500", f"rozdań na sekundę: 4{NBSP}560,7"),
        ("en", "1,500 deals", "4,560.7 deals per second"),
    ],
)
def test_selfplay_writes_numbers_as_the_language_does(
    lang: str, games: str, speed: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setattr(selfplay_cmd, "selfplay", lambda *args: SELFPLAY)
    code, out = run(capsys, "selfplay", "--games", "1500", "--lang", lang)
    assert code == 0
    assert games in out and speed in out


def test_selfplay_too_fast_to_time_has_no_speed(
    capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setattr(
        selfplay_cmd, "selfplay", lambda *args: {**SELFPLAY, "games_per_second": None}
    )
    code, out = run(capsys, "selfplay", "--lang", "de")
    assert code == 0 and "None" not in out and "– Spiele pro Sekunde" in out


def test_selfplay_json_keeps_the_numbers_as_data(
    capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setattr(selfplay_cmd, "selfplay", lambda *args: SELFPLAY)
    code, out = run(capsys, "selfplay", "--json", "--lang", "de")
    assert code == 0 and json.loads(out)["games_per_second"] == 4560.7


# ----------------------------------------------------------------------------- bench


def _solver_part(median: float, speedup: float) -> dict[str, float]:
    return {
        "median_ms": median,
        "p95_ms": 0.409,
        "cpu_median_ms": 0.388,
        "cpu_p95_ms": 0.411,
        "max_ms": 12.5,
        "nodes_mean": 68.0,
        "speedup_median": speedup,
        "rank_median_ms": 1.375,
        "rank_p95_ms": 2.5,
        "rank_cpu_median_ms": 1.37,
        "rank_cpu_p95_ms": 2.49,
        "rank_speedup_median": 9.25,
    }


BENCH: dict[str, Any] = {
    "rules": "classic",
    "seed": 1,
    "solver": {
        "positions": 3,
        "cards_6": _solver_part(0.392, 63.3),
        "cards_5": _solver_part(0.395, 13.5),
        "nodes_per_second": 258602,
    },
    "hint": {"positions": 2, "samples": 5, "p50_ms": 16.478, "p95_ms": 25.367, "max_ms": 26.354},
    "grades": {
        "positions": 1200,
        "same": 1158,
        "remark_p50_ms": 412.5,
        "remark_p95_ms": 2250.75,
        "below_good": 1412,
        "below_good_reasoned": 1410,
        "hint_same_best": 1003,
        "hint_same_advice": 1101,
        "hint_agreeing_advice": 1188,
    },
    "strength": {
        "matches": 4,
        "jobs": 1,
        "player": "expert",
        "schnapsen": {
            "expert1": {
                "matches": 1000,
                "match_wins": 652,
                "match_draws": 0,
                "match_losses": 348,
                "match_win_rate": 0.652,
                "match_ci95": [0.6219, 0.6809],
                "deals": 6500,
                "deal_wins": 3600,
                "deal_draws": 0,
                "deal_win_rate": 0.5538,
                "deal_ci95": [0.5418, 0.5658],
                "decisions": 30000,
                "decision_median_ms": 61.25,
                "decision_p95_ms": 230.5,
                "decision_max_ms": 1450.0,
                "seconds": 3600.0,
            }
        },
    },
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "de",
            [
                "6 Karten je Hand: Median 0,39 ms",
                "höchstens 12,5 ms; 63,3-mal so schnell",
                "Alle Züge exakt bewertet, 6 Karten je Hand: Median 1,38 ms, 95. Perzentil "
                "2,5 ms; einfaches Minimax braucht allein für den Wert der Stellung 9,25-mal",
                "pro Sekunde Rechenzeit: 258.602.",
                "5 Stichproben: Median 16,48 ms",
                "dieselbe Bewertung in 1.158 von 1.200 Stellungen",
                "Median 412,5 ms, im 95. Perzentil 2.250,75 ms.",
                "die einen Grund nennen, nicht nur Zahlen: 1.410 von 1.412.",
                "derselbe beste Zug in 1.003 von 1.200, derselbe Rat",
                "nicht widerspricht, in 1.188.",
                "Schnapsen, Gegner: Erster Experte. Der Experte gewann 652 von 1.000 Partien "
                f"(65,2{NBSP}%; 95-Prozent-Intervall 62,2{NBSP}% bis 68,1{NBSP}%)",
                "und 3.600 von 6.500 entschiedenen Spielen",
                "Median 61,25 ms, 95. Perzentil 230,5 ms, längste 1.450 ms "
                "(30.000 Entscheidungen).",
            ],
        ),
        (
            "pl",
            [
                "6 kart w ręce: mediana 0,39 ms",
                "najdłużej 12,5 ms; 63,3 razy szybszy",
                "Wszystkie ruchy ocenione dokładnie, 5 kart w ręce: mediana 1,38 ms",
                "na samą wartość pozycji 9,25 razy tyle czasu.",
                f"czasu procesora: 258{NBSP}602.",
                "5 wylosowanych rozdań: mediana 16,48 ms",
                f"ta sama ocena w 1{NBSP}158 z 1{NBSP}200 pozycji",
                f"medianie 412,5 ms, 95. percentyl 2{NBSP}250,75 ms.",
                f"a nie same liczby: 1{NBSP}410 z 1{NBSP}412.",
                f"ten sam najlepszy ruch w 1{NBSP}003 z 1{NBSP}200",
                f"rada niesprzeczna z drugą w 1{NBSP}188.",
                f"Schnapsen, przeciwnik: Pierwszy ekspert. Ekspert wygrał 652 z 1{NBSP}000 partii",
                f"i 3{NBSP}600 z 6{NBSP}500 rozstrzygniętych rozdań (55,4%; od 54,2% do 56,6%)",
                f"mediana 61,25 ms, 95. percentyl 230,5 ms, najdłuższy 1{NBSP}450 ms",
            ],
        ),
        (
            "en",
            [
                "6 cards in each hand: median 0.39 ms",
                "Every move valued exactly, 5 cards in each hand: median 1.38 ms, 95th "
                "percentile 2.5 ms; plain minimax takes 9.25 times as long",
                "per second of CPU time: 258,602.",
                "Grade stability: same grade in 1,158 of 1,200 positions, each graded twice "
                "on other deals; a coach remark took median 412.5 ms, 95th percentile "
                "2,250.75 ms.",
                "Coach remarks on a weaker move that give a reason, not just numbers: 1,410 of "
                "1,412.",
                "Hint on the same positions, twice: the same best move in 1,003 of 1,200, the "
                "same advice (the best move and the same moves called as good or about as "
                "good) in 1,101, advice that does not contradict the other in 1,188.",
                "Schnapsen, opponent: First expert. The expert won 652 of 1,000 matches "
                "(65.2%; 95 percent interval 62.2% to 68.1%) and 3,600 of 6,500 deals that "
                "had a winner (55.4%; 54.2% to 56.6%).",
                "Time per decision of the expert there: median 61.25 ms, 95th percentile "
                "230.5 ms, slowest 1,450 ms (30,000 decisions).",
            ],
        ),
    ],
)
def test_bench_reports_in_words_with_the_language_s_numbers(
    lang: str, expected: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setattr(bench_cmd, "bench", lambda *args: BENCH)
    code, out = run(capsys, "bench", "--jobs", "1", "--lang", lang)
    assert code == 0
    assert [e for e in expected if e not in out] == []


def test_bench_json_keeps_the_figures_as_data(
    capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    monkeypatch.setattr(bench_cmd, "bench", lambda *args: BENCH)
    code, out = run(capsys, "bench", "--jobs", "1", "--json", "--lang", "pl")
    assert code == 0 and json.loads(out) == BENCH


# ----------------------------------------------------------------------------- validate


def _even(real: Any) -> Any:
    """``analyse`` that finds closing and the best way to play on worth the same, 4/7 game
    points on average, in a puzzle that asks whether to close."""

    def analyse(state: Any, learner: int, goal: Any, *rest: Any) -> PuzzleAnalysis:
        if goal.kind is not GoalKind.DECIDE_CLOSE:
            return real(state, learner, goal, *rest)  # type: ignore[no-any-return]
        other: Move = parse_move("As")
        scores = (MoveScore(CLOSE, 7, 7, -1, 4), MoveScore(other, 7, 7, -1, 4))
        return PuzzleAnalysis(scores, 7, (), (), True)

    return analyse


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("de", "(0,57 im Schnitt)"), ("pl", "(średnio 0,57)"), ("en", "(0.57 on average)")],
)
def test_validate_writes_a_mean_as_the_language_does(
    lang: str, expected: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    assert float(Fraction(4, 7)) != 0.57
    monkeypatch.setattr(puzzle_validate, "analyse", _even(puzzle_validate.analyse))
    code, out = run(capsys, "validate", str(ROOT / "puzzles" / "stock.yaml"), "--lang", lang)
    assert code == 1
    assert out.count(expected) == 2  # the two puzzles that ask whether to close


# ----------------------------------------------------------------------------- replay

EXAMPLE_2 = ROOT / "lessons" / "example-2.yaml"


@pytest.mark.parametrize(
    ("lang", "trump", "hand_a", "hand_b", "stock"),
    [
        (
            "de",
            "Trumpfkarte: Karo-König",
            "A: K♣ D♣ K♠ D♠ A♥ 10♥",
            "B: A♠ B♠ B♥ A♦ B♦ 9♦",
            "Talon, oberste Karte zuerst: D♦ D♥ und 9 verdeckte Karten",
        ),
        (
            "pl",
            "Karta atutowa: król karo",
            "A: K♣ D♣ K♠ D♠ A♥ 10♥",
            "B: A♠ W♠ W♥ A♦ W♦ 9♦",
            "Stos, od wierzchu: D♦ D♥ i 9 zakrytych kart",
        ),
        (
            "en",
            "Trump card: king of diamonds",
            "A: K♣ Q♣ K♠ Q♠ A♥ 10♥",
            "B: A♠ J♠ J♥ A♦ J♦ 9♦",
            "Stock, top first: Q♦ Q♥ and 9 cards face down",
        ),
    ],
)
def test_the_replay_shows_the_deal_as_players_write_it(
    lang: str, trump: str, hand_a: str, hand_b: str, stock: str
) -> None:
    tr = get_translator(lang)
    lesson = load_lesson(EXAMPLE_2)
    lines = [line.strip() for line in replay_text(lesson, replay(lesson), tr)]
    assert lines[1] == level_words(lesson.level, tr) and " - " not in lines[1]
    assert lines[2] == tr._(lesson.summary)
    for expected in (trump, hand_a, hand_b, stock):
        assert expected in lines
    assert tr._("Rules: {rules}", rules=preset_name("classic", tr)) in lines


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_no_replay_shows_english_a_preset_id_or_a_file_name(lang: str) -> None:
    tr = get_translator(lang)
    for path in sorted((ROOT / "lessons").glob("*.yaml")):
        lesson = load_lesson(path)
        text = "\n".join(replay_text(lesson, replay(lesson), tr))
        assert not PRESET_IDS.search(text), lesson.id
        assert not SEED_FILE.search(text), lesson.id
        assert not english_words(text), (lesson.id, english_words(text))


SAID_TWICE = b"""
id: said-twice
title: A lead that the narration says
level: 1
summary: The narration opens with the sentence the replay makes of the move.
rules: classic
show: both
deal:
  hands:
    A: As 10c Qs Ad Qh 9s
    B: 9c Jh Kd Ah Ks 10d
  trump: Kh
  stock: Ac Qc 10s Jc 9h Js Jd 9d 10h Qd Kc
steps:
  - move: As
    narration: A leads {As}. B may answer with any card.
  - move: 9c
    narration: B gives away a card worth nothing.
"""


def _said_twice(lesson: Lesson, lang: str) -> list[tuple[int, str]]:
    """The steps whose narration repeats the sentence made of the move, with that sentence."""
    tr = get_translator(lang)
    frames = replay(lesson)
    found = []
    for i, frame in enumerate(frames):
        if i and frame.move is not None and frame.narration:
            said = move_words(frames[i - 1].state, frame.move, frame.state, tr)[0]
            if said in tr._(frame.narration):
                found.append((i, said))
    return found


def _check_said_once(lesson: Lesson, lang: str, repeated: list[tuple[int, str]]) -> None:
    tr = get_translator(lang)
    frames = replay(lesson)
    lines = replay_text(lesson, frames, tr)
    for i, said in repeated:
        frame = frames[i]
        assert "  " + said not in lines, (lesson.id, frame.step)
        words = step_text(
            before=frames[i - 1].state,
            after=frame.state,
            move=frame.move,
            narration=frame.narration,
            rule_ids=frame.rule_ids,
            verdict=frame.verdict,
            tr=tr,
        )
        assert said in words.narration and said not in words.happened


def test_a_move_the_narration_already_says_is_not_said_twice() -> None:
    lesson, problems = read_lesson("said-twice.yaml", SAID_TWICE)
    assert lesson is not None and not problems
    repeated = _said_twice(lesson, "en")
    assert [i for i, _ in repeated] == [1]
    _check_said_once(lesson, "en", repeated)
    # The next move, which the narration does not say, is said.
    lines = replay_text(lesson, replay(lesson), get_translator("en"))
    assert "  B plays the nine of clubs." in lines


@pytest.mark.parametrize("lang", ["de", "pl", "en"])
def test_no_lesson_says_a_move_twice(lang: str) -> None:
    for path in sorted((ROOT / "lessons").glob("*.yaml")):
        lesson = load_lesson(path)
        _check_said_once(lesson, lang, _said_twice(lesson, lang))

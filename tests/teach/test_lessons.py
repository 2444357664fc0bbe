"""The lessons in lessons/: they validate, replay exactly as their golden files say, and the
replay's frames, events and caching behave as the app and the command line expect.

Golden files: tests/golden/<lesson id>.json. After a deliberate change to a lesson or to the
replay data, regenerate them with

    TUTOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/teach/test_lessons.py -k golden

and review the diff.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.engine import (
    PRESETS,
    TABLE_PRESETS,
    Card,
    Marriage,
    Play,
    check,
    parse_move,
    parse_rules,
)
from tutor.teach.lessons import (
    EventKind,
    Lesson,
    load_lesson,
    load_lessons,
    replay,
    replay_json,
    runs,
    valid_rule_ids,
)
from tutor.tools.babel_extract import extract_lessons
from tutor.words.i18n import LANGUAGES, get_translator, narration_problems

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
GOLDEN = ROOT / "tests" / "golden"
FILES = sorted(LESSONS.glob("*.yaml"))
#: The lessons for two players; those for three and four have their golden files in
#: tests/golden/table (tests/teach/test_table_golden.py).
TWO = [p for p in FILES if load_lesson(p).seats == 2]
UPDATE = os.environ.get("TUTOR_UPDATE_GOLDEN") == "1"


def golden_text(data: dict[str, object]) -> str:
    """One key a line at the top, one frame a line in ``steps``: small, readable diffs."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "steps" and isinstance(value, list):
            lines.append(f"{json.dumps(key)}: [")
            for j, frame in enumerate(value):
                sep = "," if j < len(value) - 1 else ""
                lines.append("  " + json.dumps(frame, ensure_ascii=False) + sep)
            lines.append("]" + comma)
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def lessons() -> dict[str, Lesson]:
    good, errors = load_lessons(LESSONS)
    assert not errors, [str(e) for e in errors]
    return {les.id: les for les in good}


def test_there_are_enough_lessons_and_every_file_loads(lessons: dict[str, Lesson]) -> None:
    assert len(FILES) >= 12
    assert len(lessons) == len(FILES)
    assert {"example-1", "example-2"} <= set(lessons)
    assert any(les.compare for les in lessons.values())
    assert {les.seats for les in lessons.values()} == {2, 3, 4}  # one folder for every table
    for les in lessons.values():
        assert les.level in (1, 2, 3)
        if les.seats == 2:
            assert les.show in ("A", "B", "both") and les.preset in PRESETS
        else:
            assert les.preset in TABLE_PRESETS and any(les.shows)


def test_validate_command_passes_on_the_lessons_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(LESSONS)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(FILES) - len(TWO) >= 4  # the lessons for three and four are validated too
    assert out == [f"{len(FILES)} lessons are valid."]


@pytest.mark.parametrize("path", TWO, ids=lambda p: p.stem)
def test_golden_replay(path: Path) -> None:
    lesson = load_lesson(path)
    text = golden_text(replay_json(lesson))
    golden = GOLDEN / f"{lesson.id}.json"
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden}; run with TUTOR_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def test_every_golden_file_belongs_to_a_lesson(lessons: dict[str, Lesson]) -> None:
    two = {les.id for les in lessons.values() if les.seats == 2}
    assert {p.stem for p in GOLDEN.glob("*.json")} == two


def _replay_cli(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    assert main(["replay", str(path), "--json", *extra]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_example_1_ends_91_to_25_with_2_game_points_to_a(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _replay_cli(LESSONS / "example-1.yaml", capsys)
    assert data["id"] == "example-1" and data["rules"] == "classic"
    assert data["result"] == {
        "over": True,
        "card_points": {"A": 91, "B": 25},
        "game_points": {"A": 2, "B": 0},
        "winner": "A",
        "end": "out",
        "rule_id": "score.schneider",
    }
    steps = data["steps"]
    assert isinstance(steps, list)
    moves = [s["move"] for s in steps if s["move"] is not None]
    assert moves == [
        "10h",
        "Kd",
        "exchange",
        "marry Qc",
        "Jh",
        "marry Qs",
        "10s",
        "marry Kh out",
        "9d",
    ]


def test_example_2_ends_75_to_0_schwarz_3_game_points_to_b(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _replay_cli(LESSONS / "example-2.yaml", capsys, "--lang", "pl")
    result = data["result"]
    assert isinstance(result, dict)
    assert result["card_points"] == {"A": 0, "B": 75}
    assert result["game_points"] == {"A": 0, "B": 3}
    assert result["winner"] == "B" and result["rule_id"] == "score.schwarz"
    steps = data["steps"]
    assert isinstance(steps, list)
    assert steps[-1]["tricks"] == {"A": 0, "B": 3}
    assert all(s["trick_winner"] in (None, "B") for s in steps)


def test_example_2_names_only_the_cards_of_the_story(lessons: dict[str, Lesson]) -> None:
    les = lessons["example-2"]
    named = les.deal.named
    assert len(named) == 6 + 6 + 1 + 2
    assert len(les.unnamed) == 24 - len(named)
    assert not lessons["example-1"].unnamed
    frames = replay(les)
    # the stock below the two named cards is filled from the unnamed cards
    assert set(frames[0].state.stock_cards[2:]) == set(les.unnamed)


def test_example_2_marriage_after_closing_is_illegal_under_kurnik(
    lessons: dict[str, Lesson],
) -> None:
    frames = replay(lessons["example-2"])
    closed = next(f for f in frames if f.move is not None and str(f.move) == "close")
    kurnik = closed.state._replace(rules=PRESETS["kurnik"])
    verdict = check(kurnik, Marriage(Card.parse("Qd")))
    assert not verdict.legal and verdict.rule_ids == ("marriage.in_phase2",)


def test_frame_zero_is_the_deal_and_every_step_has_a_frame(lessons: dict[str, Lesson]) -> None:
    for les in lessons.values():
        frames = replay(les)
        for run in runs(frames):
            first = run[0]
            assert first.step == 0 and first.move is None and first.verdict is None
            s = first.state
            assert all(s.side_tricks(x) == 0 for x in range(s.sides)) and first.table == ()
            assert [f.step for f in run[1:]] == [s.number for s in les.steps]
        assert [f.index for f in frames] == list(range(len(frames)))


def test_table_shows_the_trick_until_the_next_move(lessons: dict[str, Lesson]) -> None:
    frames = replay(lessons["example-1"])
    lead, follow, pause, exchange = frames[2], frames[3], frames[4], frames[5]
    assert lead.table == (Card.parse("10h"),) and lead.table_players == (0,)
    assert lead.trick_winner is None
    assert follow.table == (Card.parse("10h"), Card.parse("Kd"))
    assert follow.table_players == (0, 1) and follow.trick_winner == 0
    assert pause.move is None and pause.table == follow.table and pause.trick_winner == 0
    assert exchange.table == () and exchange.trick_winner is None
    # the follower's exchange (classic) keeps the card led on the table
    timing = replay(lessons["15-sources-exchange-timing"])
    swap = next(f for f in timing if f.move is not None and str(f.move) == "exchange")
    assert swap.table == (Card.parse("As"),) and swap.table_players == (1,)
    assert swap.trick_winner is None


def test_events_tell_draws_marriages_exchange_and_the_end(lessons: dict[str, Lesson]) -> None:
    frames = replay(lessons["example-1"])
    kinds = [[e.kind for e in f.events] for f in frames]
    assert kinds[3] == [EventKind.TRICK, EventKind.DREW, EventKind.DREW]
    drew = [e for e in frames[3].events if e.kind is EventKind.DREW]
    assert [(e.player, e.cards) for e in drew] == [
        (0, (Card.parse("10s"),)),
        (1, (Card.parse("9d"),)),
    ]
    assert kinds[5] == [EventKind.EXCHANGE]
    assert frames[5].events[0].cards == (Card.parse("9h"), Card.parse("Ah"))
    assert kinds[6] == [EventKind.MARRIAGE] and frames[6].events[0].points == 20
    assert kinds[11] == [EventKind.MARRIAGE, EventKind.OUT] and frames[11].events[0].points == 40
    end = frames[-1].events[-1]
    assert end.kind is EventKind.DEAL_OVER and end.player == 0 and end.points == 2
    closing = replay(lessons["example-2"])
    assert any(e.kind is EventKind.CLOSED for f in closing for e in f.events)


def test_verdicts_match_the_engine(lessons: dict[str, Lesson]) -> None:
    for les in lessons.values():
        frames = replay(les)
        for before, frame in itertools.pairwise(frames):
            if frame.move is None or frame.step == 0:
                assert frame.verdict is None
                continue
            assert frame.verdict == before.state.check(frame.move)
            assert frame.verdict.legal
            assert frame.player == before.state.to_move


def test_rule_ids_named_by_lessons_are_known(lessons: dict[str, Lesson]) -> None:
    valid = set(valid_rule_ids())
    for les in lessons.values():
        for f in replay(les):
            assert set(f.rule_ids) <= valid


def test_compare_lesson_replays_each_preset(lessons: dict[str, Lesson]) -> None:
    les = lessons["13-sources-follow-or-head"]
    assert les.compare == ("classic", "kurnik") and les.preset == "classic"
    classic, kurnik = replay(les, "classic"), replay(les, "kurnik")
    assert {f.preset for f in classic} == {"classic"}
    assert {f.state.rules.name for f in kurnik} == {"kurnik"}
    assert replay(les) == classic + kurnik
    # the same trick: the follower ducks under classic, must head under kurnik
    assert classic[4].move == Play(Card.parse("9s")) and classic[4].trick_winner == 0
    assert kurnik[4].move == Play(Card.parse("As")) and kurnik[4].trick_winner == 1
    data = replay_json(les)
    results = data["results"]
    assert isinstance(results, dict) and set(results) == {"classic", "kurnik"}
    assert classic[3].narration != kurnik[3].narration


def test_replay_is_cached_and_reloaded_when_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "lesson.yaml"
    shutil.copy(LESSONS / "example-1.yaml", path)
    first = load_lesson(path)
    assert load_lesson(path) is first
    assert replay(first) is replay(first)
    text = path.read_text(encoding="utf-8").replace("level: 3", "level: 2")
    time.sleep(0.01)
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    second = load_lesson(path)
    assert second is not first and second.level == 2


def test_load_lessons_keeps_going_past_a_broken_file(tmp_path: Path) -> None:
    shutil.copy(LESSONS / "example-1.yaml", tmp_path / "a.yaml")
    shutil.copy(ROOT / "tests" / "broken_lessons" / "unknown_card.yaml", tmp_path / "b.yaml")
    shutil.copy(LESSONS / "example-2.yaml", tmp_path / "c.yaml")
    good, errors = load_lessons(tmp_path)
    assert sorted(les.id for les in good) == ["example-1", "example-2"]
    assert len(errors) == 1 and errors[0].path.endswith("b.yaml")


def test_narration_msgids_are_what_the_catalog_extractor_finds(
    lessons: dict[str, Lesson],
) -> None:
    for les in lessons.values():
        with open(les.path, "rb") as f:
            extracted = {m[2] for m in extract_lessons(f, (), (), {})}
        texts = {f.narration for f in replay(les) if f.narration}
        assert texts | {les.title, les.summary} <= extracted, les.id
        for text in texts:
            assert narration_problems(text) == [], (les.id, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_replay_in_every_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(LESSONS / "example-1.yaml"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    tr = get_translator(lang)
    lesson = load_lesson(LESSONS / "example-1.yaml")
    assert tr._(lesson.title) in out
    assert tr._(replay(lesson)[2].narration) in out
    assert "91" in out and "25" in out
    assert "Traceback" not in out


def test_replay_unknown_language_lists_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(LESSONS / "example-1.yaml"), "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert all(lang in err for lang in LANGUAGES)


def test_json_narration_follows_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    lesson = load_lesson(LESSONS / "example-1.yaml")
    data = _replay_cli(LESSONS / "example-1.yaml", capsys, "--lang", "de")
    steps = data["steps"]
    assert isinstance(steps, list)
    de = get_translator("de")
    assert [s["narration"] for s in steps] == [
        de._(f.narration) if f.narration else "" for f in replay(lesson)
    ]


def test_moves_in_lessons_round_trip_through_the_notation(lessons: dict[str, Lesson]) -> None:
    for les in lessons.values():
        for step in les.steps:
            if step.move is not None:
                assert parse_move(str(step.move)) == step.move


def test_json_output_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(LESSONS / "03-drawing.yaml"), "--json"]) == 0
    out = capsys.readouterr().out
    decoder = json.JSONDecoder()
    obj, end = decoder.raw_decode(out)
    assert isinstance(obj, dict) and out[end:].strip() == ""
    assert set(obj) >= {"id", "rules", "steps", "result"}
    assert set(obj["result"]) >= {"card_points", "game_points", "winner"}


def test_the_documented_example_is_a_valid_lesson(tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    block = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "doc-example.yaml"
    path.write_text(block, encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.id == "06-trump-exchange" and len(lesson.steps) == 4
    frames = replay(lesson)
    assert frames[-1].state.trump_card_value == Card.parse("9h")


def test_text_replay_shows_switch_rules_with_value_and_source() -> None:
    from tutor.words.explain import rule_line

    tr = get_translator("en")
    classic = PRESETS["classic"]
    bonus = rule_line("deal.last_trick_bonus", classic, tr)
    assert "10 more points" in bonus and "the German article" in bonus
    no_bonus = parse_rules("classic(deal.last_trick_bonus=0)")
    assert "10 more points" not in rule_line("deal.last_trick_bonus", no_bonus, tr)
    assert "66-sznap on Kurnik" in rule_line("phase2.head", PRESETS["kurnik"], tr)
    assert "3 game points" in rule_line("score.schwarz", classic, tr)

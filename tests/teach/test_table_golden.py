"""The lessons for three and four players in lessons/ replay exactly as their golden files say:
every frame's move, words, verdict, position and (at the end) outcome, with the step text and
the outcome in English, so that a change of the engine, the scoring or the lesson replay that
alters a lesson shows as a diff.

Golden files: tests/golden/table/<lesson id>.json. After a deliberate change, regenerate them with

    TUTOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/teach/test_table_golden.py

and review the diff.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from tutor.engine import CARDS, SEAT_NAMES, TableState, cards_of_mask, side_name
from tutor.teach.lessons import Frame, Lesson, Library
from tutor.words.i18n import get_translator
from tutor.words.lesson_text import step_text
from tutor.words.narrate import outcome_text

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "lessons"
GOLDEN = ROOT / "tests" / "golden" / "table"
UPDATE = os.environ.get("TUTOR_UPDATE_GOLDEN") == "1"
LIBRARY = Library(FOLDER).refresh()
LESSONS = {les.id: les for les in LIBRARY.lessons if les.seats > 2}
EN = get_translator("en")


def _cards(hand: int) -> list[str]:
    """A hand (with second copies in bits 32 to 63) as card names, each copy once."""
    low, high = hand & ((1 << 32) - 1), hand >> 32
    return [str(c) for c in cards_of_mask(low)] + [str(c) for c in cards_of_mask(high)]


def _position(s: TableState) -> dict[str, object]:
    names = SEAT_NAMES[: s.seats]
    sides = [side_name(s.rules, x) for x in range(s.rules.sides)]
    result = s.result
    return {
        "to_move": None if s.to_move is None else names[s.to_move],
        "leader": names[s.leader],
        "trump": s.trump.name,
        "trump_card": None if s.trump_card < 0 else str(CARDS[s.trump_card]),
        "to_draw": s.cards_to_draw,
        "trick": [str(CARDS[c]) for c in s.trick],
        "hands": {names[p]: _cards(s.hands[p]) for p in range(s.seats)},
        "points": dict(zip(names, s.points, strict=True)),
        "melds": dict(zip(names, s.melds, strict=True)),
        "pending": dict(zip(names, s.pending, strict=True)),
        "tricks": dict(zip(names, s.tricks, strict=True)),
        "score": {sides[x]: s.score(x) for x in range(len(sides))},
        "marriages": [[names[p], suit.name] for p, suit in s.marriages],
        "last_trick": None
        if s.last_trick is None
        else [
            names[s.last_trick[0]],
            [str(CARDS[c]) for c in s.last_trick[1]],
            names[s.last_trick[2]],
        ],
        "result": None
        if result is None
        else {
            "kind": result.kind.value,
            "winner": None if result.winner is None else sides[result.winner],
            "game_points": dict(zip(sides, result.game_points, strict=True)),
            "scores": dict(zip(sides, result.scores, strict=True)),
            "player": None if result.player is None else names[result.player],
            "rule_id": result.rule_id,
            "text": outcome_text(s, EN),
        },
    }


def _frame(before: Frame | None, f: Frame) -> dict[str, object]:
    assert isinstance(f.state, TableState)
    return {
        "index": f.index,
        "step": f.step,
        "move": None if f.move is None else str(f.move),
        "player": None if f.player is None else SEAT_NAMES[f.player],
        "rule_ids": list(f.rule_ids),
        "verdict": None
        if f.verdict is None
        else {"legal": f.verdict.legal, "rule_ids": list(f.verdict.rule_ids)},
        "accepted": [str(m) for m in f.accepted],
        "text": dataclasses.asdict(
            step_text(
                before=None if before is None else before.state,
                after=f.state,
                move=f.move,
                narration=f.narration,
                rule_ids=f.rule_ids,
                verdict=f.verdict,
                tr=EN,
            )
        ),
        **_position(f.state),
    }


def golden_data(lesson: Lesson) -> dict[str, object]:
    frames = LIBRARY.frames(lesson.id)
    return {
        "id": lesson.id,
        "title": lesson.title,
        "rules": lesson.preset,
        "frames": [_frame(frames[i - 1] if i else None, f) for i, f in enumerate(frames)],
    }


def golden_text(data: dict[str, object]) -> str:
    """One key a line at the top, one frame a line: small, readable diffs."""
    lines = ["{"]
    for key, value in data.items():
        if key == "frames" and isinstance(value, list):
            rows = ",\n".join("  " + json.dumps(f, ensure_ascii=False) for f in value)
            lines.append(f'"frames": [\n{rows}\n]')
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def test_the_table_lessons_load() -> None:
    assert not LIBRARY.errors, [str(e) for e in LIBRARY.errors]
    assert len(LESSONS) >= 4


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_golden_table_replay(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    text = golden_text(golden_data(lesson))
    golden = GOLDEN / f"{lesson.id}.json"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden}; run with TUTOR_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def test_every_table_golden_file_belongs_to_a_lesson() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(LESSONS)

"""What a German or Polish learner reads carries no English, no card notation, no preset id and
no file name: every lesson replayed, every puzzle's hints at every level and its feedback, the
hints for every position at every level, and the rules of every preset, in both packs."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.cli.main import main as cli_main
from tutor.engine import PRESETS, Move, legal_moves
from tutor.teach.lessons import load_lesson, replay
from tutor.teach.puzzles import load_puzzles, play, start
from tutor.words.i18n import get_translator
from tutor.words.lesson_text import replay_text
from tutor.words.puzzle_text import feedback, hint

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons").glob("*.yaml"))
PUZZLES, _ = load_puzzles(ROOT / "puzzles")
POSITIONS = sorted((ROOT / "positions").iterdir())

#: English words that never belong in a German or Polish sentence of the tutor.
STOP = re.compile(
    r"\b(?:the|and|of|with|is|are|trick|tricks|trump|trumps|stock|queen|king|jack|ace|spades?"
    r"|hearts?|clubs?|diamonds?|leads?|follows?|marriage|points?|cards?|wins?|must|may|"
    r"closing|going out|deal)\b"
)
#: Card notation as files write it (the ace left out: Polish writes "As").
NOTATION = re.compile(r"\b(?:10|[KQJ9])[cshd]\b")
#: Preset ids as the rules specs spell them (a learner reads the titles).
PRESET_ID = re.compile(r"\b(?:classic|kurnik|pagat(?!\.com)|sharpened|pack32|schnapsen)\b")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
#: French-pack words that a German-suited pack never shows.
FRENCH_WORDS = {
    "de": re.compile(r"\b(?:Pik|Kreuz|Karo|Dame|Bube|Buben)\b"),
    "pl": re.compile(r"\b(?:pik|trefl|karo|dama|damą|damę|damy|walet|waleta|waletem)\b"),
}


def problems(text: str, lang: str, style: str) -> list[str]:
    found = [
        *(f"English {m!r}" for m in STOP.findall(text)),
        *(f"notation {m!r}" for m in NOTATION.findall(text)),
        *(f"preset id {m!r}" for m in PRESET_ID.findall(text)),
        *(f"file name {m!r}" for m in SEED_FILE.findall(text)),
        *(f"placeholder {m!r}" for m in PLACEHOLDER.findall(text)),
    ]
    if style == "german":
        found += [f"French-pack word {m!r}" for m in FRENCH_WORDS[lang].findall(text)]
    return found


def check_lines(lines: list[str], lang: str, style: str) -> list[str]:
    return [f"{line!r}: {p}" for line in lines for p in problems(line, lang, style)]


def test_the_checks_find_each_kind_of_leak() -> None:
    bad = "A leads the queen: Qs, Regeln: classic, 000_d036f4009e89b883.txt, {Qs}"
    found = " ".join(problems(bad, "de", "german"))
    for kind in ("English", "notation", "preset id", "file name", "placeholder"):
        assert kind in found
    assert problems("Die Pik-Dame", "de", "german") == [
        "French-pack word 'Pik'",
        "French-pack word 'Dame'",
    ]
    assert problems("Die Pik-Dame, pagat.com, Schneider", "de", "french") == []


LANG_STYLES = [(lang, style) for lang in ("de", "pl") for style in ("french", "german")]


@pytest.mark.parametrize(("lang", "style"), LANG_STYLES)
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_a_replayed_lesson_reads_in_the_language(path: Path, lang: str, style: str) -> None:
    lesson = load_lesson(path)
    lines = replay_text(lesson, replay(lesson), get_translator(lang, style))
    assert not check_lines(lines, lang, style)


@cache
def _attempts(index: int) -> tuple[object, ...]:
    """A puzzle's start, the attempt after its solution's first move and after a wrong one."""
    p = PUZZLES[index]
    first = start(p)
    right = play(first, p.solution[0])
    wrong_moves: list[Move] = [m for m in legal_moves(first.state) if m not in p.solution]
    wrong = play(first, wrong_moves[0]) if wrong_moves else None
    return first, right, wrong


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "style"), LANG_STYLES)
@pytest.mark.parametrize("index", range(len(PUZZLES)), ids=[p.id for p in PUZZLES])
def test_a_puzzle_reads_in_the_language(index: int, lang: str, style: str) -> None:
    tr = get_translator(lang, style)
    p = PUZZLES[index]
    first, right, wrong = _attempts(index)
    texts = [tr._(p.title), tr._(p.explanation)]
    texts += [hint(first, level, tr) for level in (1, 2, 3, 4)]  # type: ignore[arg-type]
    for attempt in (right, wrong):
        if attempt is not None:
            words = feedback(p, attempt.last, tr)  # type: ignore[attr-defined]
            texts += [words.headline, *words.details]
    assert not check_lines(texts, lang, style)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("path", POSITIONS, ids=[p.name for p in POSITIONS])
def test_every_hint_level_reads_in_the_language(
    path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines: list[str] = []
    for level in (1, 2, 3, 4):
        args = ["hint", str(path), "--level", str(level), "--lang", lang, "--samples", "20"]
        assert cli_main(args) == 0
        lines += capsys.readouterr().out.splitlines()
    assert not check_lines(lines, lang, "french")


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("preset", [*PRESETS, None])
def test_the_rules_read_in_the_language(
    preset: str | None, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["rules", "--lang", lang] + (["--preset", preset] if preset else [])
    assert cli_main(args) == 0
    # The comparison ends with what to type for each preset: there the id is what one types.
    lines = [x for x in capsys.readouterr().out.splitlines() if "tutor rules --preset" not in x]
    assert len(lines) > 10
    assert not check_lines(lines, lang, "french")

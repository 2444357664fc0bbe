"""Commands speak German and Polish without the program's ids: no preset id ("classic"), no
computer player's id ("greedy") and no rule id ("card.in_hand") in their output, except where
the output tells a person what to type (``tutor rules --preset classic``) or names the rule
id an author writes into a lesson's check (``illegal: {marry Qc: marriage.needs_trick}``), or
lists the values an author may write after a wrong one."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.search import PLAYERS
from tutor.teach.lessons import valid_rule_ids

ROOT = Path(__file__).resolve().parents[2]

# What a person types: a command line, or the rule id a lesson's check names.
TYPED: tuple[re.Pattern[str], ...] = (
    re.compile(r"tutor \w+(?: --[\w-]+(?: [\w,:.()=]+)?)*"),
    re.compile(r"(?:entscheidende Regel|rozstrzygająca zasada): [\w.]+(?:, [\w.]+)*"),
    # the values to choose from, after a value that is none of them
    re.compile(r"(?:gültige Regelsätze|dostępne zestawy): [\w.]+(?:, [\w.]+)*"),
)


@cache
def ids() -> re.Pattern[str]:
    """Every preset, player and rule id as a word of its own (``pagat.com`` is a site)."""
    words = {*PRESETS, *TABLE_PRESETS, *PLAYERS, *valid_rule_ids()}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])(?:{alternatives})(?![\w-]|\.com|\.\w)")


def leaks(text: str) -> list[str]:
    """The ids in ``text`` outside what a person types."""
    for typed in TYPED:
        text = typed.sub(" ", text)
    return sorted({m.group(0) for m in ids().finditer(text)})


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(list(argv))
    out = capsys.readouterr()
    return out.out + out.err


COMMANDS: tuple[tuple[str, ...], ...] = (
    ("match", "--matches", "1", "--players", "club,greedy"),
    ("match", "--matches", "1", "--players", "club,club"),
    ("selfplay", "--games", "4", "--players", "club,greedy"),
    ("selfplay", "--games", "2", "--rules", "three", "--players", "club,random"),
    ("validate", str(ROOT / "tests" / "broken_lessons" / "illegal_move.yaml")),
    ("validate", str(ROOT / "tests" / "broken_lessons" / "unknown_preset.yaml")),
    ("replay", str(ROOT / "lessons" / "example-1.yaml")),
    ("replay", str(ROOT / "lessons" / "table-01-three-players.yaml")),
    ("rules", "--preset", "classic"),
    ("rules",),
    ("hint", str(ROOT / "positions" / "must-head.yaml"), "--level", "2"),
)


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]).replace(str(ROOT), ""))
def test_command_output_names_no_ids(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], lang: str
) -> None:
    out = run(capsys, *argv, "--lang", lang)
    assert out.strip()
    assert not leaks(out), out


def test_the_check_finds_ids_and_spares_what_is_typed() -> None:
    assert leaks("2 Partien nach Klassisch: club gegen greedy") == ["club", "greedy"]
    assert leaks("nach den Regeln classic; entscheidende Regel: card.in_hand") == ["classic"]
    assert leaks("Klassisch: tutor rules --preset classic") == []
    assert leaks("jak na pagat.com; zasady Kurnika") == []

"""A line of play adds up as it is told, and a hint lists only refusals that tell something."""

from __future__ import annotations

from pathlib import Path

from tutor.teach.puzzles import load_puzzles, start
from tutor.words.i18n import get_translator
from tutor.words.puzzle_text import hint

PUZZLES = {p.id: p for p in load_puzzles(Path(__file__).resolve().parents[2] / "puzzles")[0]}
EN = get_translator("en")


def test_the_last_tricks_bonus_is_told_so_that_the_total_adds_up() -> None:
    # Best play ends with A taking the last trick: 63 + 2 card points + 10 for the last trick.
    text = hint(start(PUZZLES["ten-before-the-king"]), 4, EN)
    assert "A wins the trick: 2 points, 75 in all." in text
    assert "A takes the last trick and gets 10 extra points." in text
    de = hint(start(PUZZLES["ten-before-the-king"]), 4, get_translator("de"))
    assert "letzten Stich" in de


def test_a_hint_with_the_stock_gone_does_not_refuse_closing() -> None:
    p = PUZZLES["keep-the-kings"]
    assert not start(p).state.stock_open
    text = hint(start(p), 3, EN)
    assert "Legal now:" in text
    assert "clos" not in text.lower()

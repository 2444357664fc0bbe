"""What the puzzle trainer draws beyond the table: a puzzle in the catalogue, the cards on the
table during an attempt, a card's picture and label on its button, a hint under its heading."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from tutor.engine import CARDS, Card
from tutor.teach.puzzles import Attempt, Puzzle
from tutor.web.board import RED_SUITS, TableCard
from tutor.web.cardart import card_svg
from tutor.web.html import Md, md_bold, md_text, svg_img
from tutor.web.titles import catalogue_card_html
from tutor.words import puzzle_text
from tutor.words.i18n import Translator


def puzzle_card_html(puzzle: Puzzle, tr: Translator, *, solved: bool) -> Markup:
    """A puzzle in the catalogue: its title, its goal, its theme and level."""
    return catalogue_card_html(
        tr._(puzzle.title),
        puzzle_text.goal_words(puzzle, tr),
        f"{puzzle_text.theme_words(puzzle, tr)} · {puzzle_text.level_words(puzzle.level, tr)}",
        done=tr._("solved") if solved else None,
        gap=".3em",
    )


def attempt_table(attempt: Attempt) -> tuple[TableCard, ...]:
    """The cards on the table in an attempt: the lead waiting for an answer, or the trick the
    last moves completed (not one the puzzle started with)."""
    s = attempt.state
    if s.lead >= 0:
        lead = s.lead_card
        assert lead is not None
        return (TableCard(s.leader, lead),)
    if attempt.history and s.last_trick not in (None, attempt.puzzle.state.last_trick):
        assert s.last_trick is not None
        leader, led, played, winner = s.last_trick
        return (
            TableCard(leader, CARDS[led], winner == leader),
            TableCard(1 - leader, CARDS[played], winner != leader),
        )
    return ()


def card_button_img(card: Card, tr: Translator, *, allowed: bool) -> Markup:
    """A small card above its button, dimmed when it cannot be played; its letters and its
    name (without an article) in ``tr``'s language and pack."""
    label = tr.card(card, "bare")
    svg = card_svg(
        card,
        style=tr.style,
        label=label,
        height=96,
        dimmed=not allowed,
        letter=tr.rank_letter(card.rank),
    )
    return Markup('<div style="text-align:center">{}</div>').format(svg_img(svg, label, ""))


def card_button_label(card: Card, tr: Translator) -> str:
    """A short label for a card's button (Streamlit Markdown) in ``tr``'s language and pack:
    the rank's letter and the suit's sign, red for the red suits, with the French pack; the
    card's name with the German pack, whose suits have no common signs.

    >>> from tutor.words.i18n import get_translator
    >>> card_button_label(Card.parse("Qh"), get_translator("de"))
    ':red[D♥]'
    >>> card_button_label(Card.parse("Jc"), get_translator("pl", "german"))
    'niżnik żołędzia'
    """
    text = tr.card_short(card)
    if tr.style != "french":
        return md_text(text)
    return f":red[{md_text(text)}]" if card.suit in RED_SUITS else md_text(text)


@lru_cache(maxsize=256)
def hint_markdown(attempt: Attempt, level: int, tr: Translator) -> Md:
    """Hint ``level`` for the attempt's position under its heading, as Markdown (the hint,
    which may be the puzzle file's own, shown as written). Kept for the next runs of the page:
    a hint may sample or search, and the page shows its open hints on every run."""
    heading = tr._(puzzle_text.HINT_LEVELS[level])
    return Md(f"{md_bold(heading)}  \n{md_text(puzzle_text.hint(attempt, level, tr))}")


__all__ = [
    "attempt_table",
    "card_button_img",
    "card_button_label",
    "hint_markdown",
    "puzzle_card_html",
]

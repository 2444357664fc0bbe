"""What the puzzle trainer draws beyond the table: the cards on the table during an attempt,
and the picture of a card above its button."""

from __future__ import annotations

from markupsafe import Markup

from tutor.engine import CARDS, Card
from tutor.teach.puzzles import Attempt
from tutor.web.board import TableCard
from tutor.web.cardart import card_svg
from tutor.web.html import svg_img


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


def card_button_img(card: Card, style: str, label: str, *, allowed: bool) -> Markup:
    """A small card above its button, dimmed when it cannot be played."""
    svg = card_svg(card, style=style, label=label, height=96, dimmed=not allowed)
    return Markup('<div style="text-align:center">{}</div>').format(svg_img(svg, label, ""))


__all__ = ["attempt_table", "card_button_img"]

"""The analysis board as HTML (``tutor.words.analysis_page`` gives the words), for any number
of seats: the moves played with the cursor marked, every move at the cursor with its rule,
explanation and value, and the deals of "what if". Every text is escaped (markupsafe); the
table itself is ``tutor.web.board.board_html`` and the hint ladder ``tutor.web.hint_html``.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from tutor.web.html import join
from tutor.words.analysis_page import MoveRow


def _lines(lines: Sequence[str]) -> Markup:
    return join(Markup('<p class="t66-hint-line">{}</p>').format(line) for line in lines)


def played_html(lines: Sequence[str], cursor: int, empty: str) -> Markup:
    """The moves of the line in order; those up to the cursor played, the last of them marked
    (``aria-current``), those after it kept but not yet played (dimmed)."""
    if not lines:
        return Markup('<p class="t66-played t66-empty">{}</p>').format(empty)
    items = []
    for k, line in enumerate(lines):
        if k == cursor - 1:
            items.append(
                Markup('<li class="t66-at" aria-current="step"><b>{}</b></li>').format(line)
            )
        elif k >= cursor:
            items.append(Markup('<li class="t66-ahead" style="opacity:.55">{}</li>').format(line))
        else:
            items.append(Markup("<li>{}</li>").format(line))
    return Markup('<ol class="t66-played">{}</ol>').format(join(items))


def move_list_html(rows: Sequence[MoveRow], refused: Sequence[str], notes: Sequence[str]) -> Markup:
    """Every legal move, best first (the best one marked), then the moves refused and why, then
    how the values were made."""
    items = []
    for row in rows:
        cls = "t66-move t66-best" if row.best else "t66-move"
        items.append(
            Markup('<li class="{}"><h4>{}</h4>{}</li>').format(cls, row.title, _lines(row.lines))
        )
    return Markup('<div class="t66-step t66-moves"><ol>{}</ol>{}{}</div>').format(
        join(items), _lines(refused), _lines(notes)
    )


def what_if_html(deals: Sequence[Sequence[str]]) -> Markup:
    """The deals of "what if", each its lines (the hidden hands, the best move, its value)."""
    items = (Markup('<li class="t66-whatif">{}</li>').format(_lines(lines)) for lines in deals)
    return Markup('<ol class="t66-step t66-whatifs">{}</ol>').format(join(items))


__all__ = ["move_list_html", "played_html", "what_if_html"]

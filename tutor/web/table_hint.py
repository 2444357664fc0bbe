"""A hint for the seat to move at a table of three or four, as HTML: the hint ladder's levels
up to the one asked for, each under its heading, in the narration panel's style."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from tutor.engine import TableState
from tutor.web.html import join
from tutor.words.i18n import Translator
from tutor.words.table_hint_text import table_hint


@lru_cache(maxsize=128)
def table_hint_html(state: TableState, level: int, tr: Translator) -> Markup:
    """The hint up to ``level`` (1 to 4) for the seat to move, every text escaped. Kept for the
    next runs of the page: from level 2 on a hint samples deals."""
    hint = table_hint(state, level, tr)
    parts = [Markup('<div class="t66-step t66-hint" aria-live="polite">')]
    for part in hint.parts:
        lines = join(Markup('<p class="t66-hint-line">{}</p>').format(line) for line in part.lines)
        parts.append(
            Markup('<div class="t66-rule" data-level="{}"><h4>{}</h4>{}</div>').format(
                part.level, part.title, lines
            )
        )
    parts.append(Markup("</div>"))
    return join(parts)


__all__ = ["table_hint_html"]

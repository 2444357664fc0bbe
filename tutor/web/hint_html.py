"""A hint for the player to move as HTML, for any number of seats: the hint ladder's levels up
to the one asked for, each under its heading, in the narration panel's style."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from tutor.engine import Move
from tutor.teach.hints import Subject
from tutor.web.html import join
from tutor.words.hint_text import hint
from tutor.words.i18n import Translator


@lru_cache(maxsize=128)
def hint_html(deal: Subject, level: int, tr: Translator, task: tuple[Move, ...] = ()) -> Markup:
    """The hint up to ``level`` (1 to 4) for the player to move, every text escaped. Kept for
    the next runs of the page: from level 2 on a hint samples deals or searches."""
    h = hint(deal, level, tr, task=task)
    parts = [Markup('<div class="t66-step t66-hint" aria-live="polite">')]
    for part in h.parts:
        lines = join(Markup('<p class="t66-hint-line">{}</p>').format(line) for line in part.lines)
        parts.append(
            Markup('<div class="t66-rule" data-level="{}"><h4>{}</h4>{}</div>').format(
                part.level, part.title, lines
            )
        )
    parts.append(Markup("</div>"))
    return join(parts)


__all__ = ["hint_html"]

"""A lesson for three or four players as HTML: the table of the frame shown, and the narration
panel with the step counter, the narration, what happened, the rule and the outcome."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from tutor.engine import Card
from tutor.teach.lessons.table_lesson import TableFrame
from tutor.web.board import BoardOptions, board_html
from tutor.web.step import step_html
from tutor.words.i18n import Translator
from tutor.words.table_text import table_step_text


def table_frame_board_html(
    frame: TableFrame,
    tr: Translator,
    *,
    style: str,
    shown: tuple[bool, ...],
    projector: bool = False,
    pick: frozenset[Card] = frozenset(),
    legal: frozenset[Card] | None = None,
) -> Markup:
    """The table of ``frame``: the hands of the seats ``shown`` face up, the cards of ``pick``
    as buttons (``legal`` marks those allowed)."""
    opts = BoardOptions(style=style, show=shown, projector=projector, pick=pick, legal=legal)
    return board_html(frame.state, None, tr, opts)


def table_frame_step_html(frames: Sequence[TableFrame], index: int, tr: Translator) -> Markup:
    """The narration panel of frame ``index``."""
    frame = frames[index]
    before = frames[index - 1].state if index else None
    text = table_step_text(
        before=before,
        after=frame.state,
        move=frame.move,
        narration=frame.narration,
        rule_ids=frame.rule_ids,
        verdict=frame.verdict,
        tr=tr,
    )
    return step_html(text, tr, step=index, last=len(frames) - 1, deal=frame.step == 0)


__all__ = ["table_frame_board_html", "table_frame_step_html"]

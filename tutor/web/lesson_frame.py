"""Each frame of a lesson's replay as the app draws it: its cards on the table and its
narration panel. No streamlit import here.

The rest of what the browser app shows lives beside this module: ``links`` (addresses and
keys), ``board`` (the card table), ``step`` (the narration panel), ``rules_ref`` (the rules
reference and the comparison of the presets) and ``html`` (escaping, style sheets).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from tutor.teach.lessons import Frame, Lesson
from tutor.web import board
from tutor.web.board import BoardOptions, TableCard
from tutor.web.step import step_html
from tutor.words.i18n import Translator
from tutor.words.lesson_text import StepText, step_text


def frame_table(frame: Frame) -> tuple[TableCard, ...]:
    """The cards on the table in a frame (the trick being played, or the one just completed
    with the card that took it)."""
    complete = len(frame.table) == 2
    return tuple(
        TableCard(player, card, complete and frame.trick_winner == player)
        for card, player in zip(frame.table, frame.table_players, strict=True)
    )


def frame_board_html(
    lesson: Lesson,
    frame: Frame,
    tr: Translator,
    *,
    style: str,
    show: tuple[bool, bool],
    projector: bool,
) -> Markup:
    """The card table of a lesson frame: the hands shown as ``show`` asks, the lesson's unnamed
    cards always face down."""
    opts = BoardOptions(style=style, show=show, projector=projector, hidden=lesson.unnamed)
    return board.board_html(frame.state, frame_table(frame), tr, opts)


def frame_text(frames: Sequence[Frame], index: int, tr: Translator) -> StepText:
    """The words for frame ``index`` of a replay."""
    frame = frames[index]
    before = frames[index - 1].state if index > 0 else None
    return step_text(
        before=before,
        after=frame.state,
        move=frame.move,
        narration=frame.narration or "",
        rule_ids=tuple(frame.rule_ids or ()),
        verdict=frame.verdict,
        tr=tr,
    )


def frame_step_html(
    frames: Sequence[Frame], index: int, tr: Translator, *, compare: bool
) -> Markup:
    """The narration panel for frame ``index``; ``compare`` names each frame's preset (a lesson
    that compares presets replays the deal under each)."""
    frame = frames[index]
    return step_html(
        frame_text(frames, index, tr),
        tr,
        step=index,
        last=len(frames) - 1,
        deal=frame.step == 0,
        preset=frame.preset if compare else "",
    )

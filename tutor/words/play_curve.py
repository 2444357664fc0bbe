"""The curve of a deal's expected game points in words (``tutor.teach.play.curve``): the
chart's heading, axes, legend and tooltips, and the choice of one of the learner's moves to
look at.

>>> from tutor.words.i18n import get_translator
>>> CurveWords().said(get_translator("de")).axis_y
'Erwartete Siegpunkte'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.msgid import N_
from tutor.teach.play.curve import CurvePoint
from tutor.words.app_text import Labels
from tutor.words.hint_values import signed
from tutor.words.i18n import Translator
from tutor.words.phrases import move_label
from tutor.words.play_text import grade_name


@dataclass(frozen=True)
class CurveWords(Labels):
    """The chart of a deal's expected game points and the choice of a move on it."""

    heading: str = N_("Your expected game points, move by move")
    axis_x: str = N_("Your move")
    axis_y: str = N_("Expected game points")
    played: str = N_("The move you played")
    best: str = N_("The best move")
    costly: str = N_("Costly moment")
    pick: str = N_("Look at one of your moves")
    placeholder: str = N_("Choose a move here or on the chart")


def moment_option(point: CurvePoint, tr: Translator) -> str:
    """One of the learner's moves as the choice and the chart's tooltip name it: its number,
    its trick, the move and the coach's grade."""
    return tr._(
        "Move {number}, trick {trick}: {move} ({grade})",
        number=point.number,
        trick=point.trick,
        move=move_label(point.remark.move, tr),
        grade=grade_name(point.grade, tr),
    )


def value_words(value: float, tr: Translator) -> str:
    """Expected game points for the learner, with their sign, as the language writes them."""
    return signed(value, tr)


__all__ = ["CurveWords", "moment_option", "value_words"]

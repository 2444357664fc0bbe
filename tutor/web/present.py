"""The lesson library the app shows, and each frame of a lesson's replay as the app draws it:
its cards on the table and its narration panel. No streamlit import here.

The rest of what the browser app shows lives beside this module: ``links`` (addresses and
keys), ``board`` (the card table), ``step`` (the narration panel), ``rules_ref`` (the rules
reference and the comparison of the presets) and ``html`` (escaping, style sheets).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path

from tutor.teach.lessons import Frame, Lesson, LessonError, load_lessons, replay
from tutor.web.board import TableCard
from tutor.web.step import step_html
from tutor.words.i18n import Translator
from tutor.words.lesson_text import StepText, step_text

_LOG = logging.getLogger(__name__)


# ----------------------------------------------------------------------------- lessons


def folder_signature(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Name, modification time and size of each lesson file: changes when a file does."""
    try:
        entries = sorted(folder.glob("*.y*ml"))
    except OSError:
        return ()
    out = []
    for path in entries:
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((path.name, st.st_mtime_ns, st.st_size))
    return tuple(out)


class Library:
    """The lessons of a folder, the errors of the files that could not be read, and each
    lesson's replay (made on first use, shared by every session)."""

    def __init__(self, lessons: Sequence[Lesson], errors: Sequence[LessonError]) -> None:
        self.lessons = tuple(sorted(lessons, key=lambda les: (les.level, les.id)))
        self.errors = tuple(errors)
        self._by_id = {les.id: les for les in self.lessons}
        self._frames: dict[str, tuple[Frame, ...]] = {}
        self._lock = threading.Lock()

    @classmethod
    def load(cls, folder: Path) -> Library:
        lessons, errors = load_lessons(folder)
        return cls(lessons, errors)

    def get(self, lesson_id: str | None) -> Lesson | None:
        return self._by_id.get(lesson_id) if lesson_id else None

    def frames(self, lesson_id: str) -> tuple[Frame, ...]:
        """The lesson's replay; empty for an unknown lesson."""
        lesson = self._by_id.get(lesson_id)
        if lesson is None:
            return ()
        with self._lock:
            frames = self._frames.get(lesson_id)
            if frames is None:
                try:
                    frames = tuple(replay(lesson))
                except Exception:  # a lesson that cannot be replayed is shown as unavailable
                    _LOG.exception("lesson %s cannot be replayed", lesson_id)
                    frames = ()
                self._frames[lesson_id] = frames
            return frames


def frame_table(frame: Frame) -> tuple[TableCard, ...]:
    """The cards on the table in a frame (the trick being played, or the one just completed
    with the card that took it)."""
    complete = len(frame.table) == 2
    return tuple(
        TableCard(player, card, complete and frame.trick_winner == player)
        for card, player in zip(frame.table, frame.table_players, strict=True)
    )


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


def frame_step_html(frames: Sequence[Frame], index: int, tr: Translator, *, compare: bool) -> str:
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

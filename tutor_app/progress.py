"""The learner's progress in the session, kept in the browser between visits.

The progress (``tutor.teach.progress.Progress``) lives in the session: the lessons finished in
``state.finished``, the puzzles solved in ``state.pz_solved``, the interactive steps answered
right at the first try under ``course_steps``. A small component without a frame (``keep``)
keeps it in the browser's ``localStorage``: on the first run of a visit it hands the stored
progress back (merged into the session's), and on every later run it stores the session's.
No account and nothing downloaded: the browser keeps it until the learner resets it.
"""

from __future__ import annotations

import logging

import streamlit as st

from tutor.teach.progress import (
    Progress,
    ProgressError,
    dump_progress,
    load_progress,
    only_known,
)
from tutor.teach.puzzles.record import TrainerRecord
from tutor.words.trainer_page import STORE_BROKEN
from tutor_app import session, storage
from tutor_app.session import state
from tutor_app.shared import library

LOG = logging.getLogger("tutor.app")

#: The key of the browser's localStorage entry.
STORAGE_KEY = "tutor66.progress"
#: The component's key (its container, ``st-key-t66_progress``, is hidden: it draws nothing).
COMPONENT_KEY = "t66_progress"
#: Session keys of this module.
STEPS_KEY = "course_steps"  # lesson id -> frozenset of step names right at the first try
RECORD_KEY = "pz_record"  # the trainer's TrainerRecord


# ----------------------------------------------------------------------------- the value


def current() -> Progress:
    """The session's progress."""
    steps = st.session_state.get(STEPS_KEY, {})
    solved = st.session_state.get("pz_solved", {})
    record = st.session_state.get(RECORD_KEY)
    trainer = record if isinstance(record, TrainerRecord) else TrainerRecord()
    return Progress(frozenset(state.finished), dict(steps), dict(solved), trainer)


def _set(progress: Progress) -> None:
    state.finished = set(progress.lessons)
    st.session_state[STEPS_KEY] = {k: frozenset(v) for k, v in progress.steps.items()}
    st.session_state["pz_solved"] = dict(progress.puzzles)
    st.session_state[RECORD_KEY] = progress.trainer


def record() -> TrainerRecord:
    """The trainer's record of the session."""
    return current().trainer


def set_record(trainer: TrainerRecord) -> None:
    st.session_state[RECORD_KEY] = trainer


def merge(progress: Progress) -> Progress:
    """Add ``progress`` (lessons this tutor does not have left out) to the session's; returns
    what was added from."""
    known = only_known(progress, (les.id for les in library().lessons))
    _set(current().merge(known))
    return known


def reset() -> None:
    """Forget all progress, in the session and (on the next run) in the browser."""
    _set(Progress())


def record_step(lesson_id: str, step: str, *, first_try: bool) -> None:
    """Note that the interactive ``step`` of ``lesson_id`` was answered; only an answer right
    at the first try counts."""
    if first_try:
        _set(current().step_right(lesson_id, step))


def step_right(lesson_id: str, step: str) -> bool:
    """Whether the interactive ``step`` of ``lesson_id`` was once answered right at the first
    try."""
    return step in current().steps.get(lesson_id, frozenset())


def export_text() -> str:
    """The session's progress as the file to download."""
    return dump_progress(current())


def import_data(data: bytes | str) -> Progress:
    """Merge an uploaded progress file into the session's; raises ``ProgressError``."""
    return merge(load_progress(data))


# ----------------------------------------------------------------------------- the browser


def restore(stored: str) -> None:
    """Merge the progress the browser kept (``""``: none) into the session's, once. What
    cannot be read is left out, said in a notice, and overwritten by the session's on the
    next run: a fresh start."""
    if not stored:
        return
    try:
        merge(load_progress(stored))
    except ProgressError:
        LOG.warning("the progress kept in the browser could not be read; it is replaced")
        session.notice(STORE_BROKEN)


def keep() -> None:
    """Read the browser's progress on the first run of a visit, store the session's on every
    later one (``tutor_app.storage``). Call once per run of a page that changes it."""
    storage.keep(COMPONENT_KEY, STORAGE_KEY, export_text(), restore)


__all__ = [
    "COMPONENT_KEY",
    "STORAGE_KEY",
    "current",
    "export_text",
    "import_data",
    "keep",
    "merge",
    "record",
    "record_step",
    "reset",
    "restore",
    "set_record",
    "step_right",
]

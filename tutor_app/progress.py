"""The learner's progress in the session, kept in the browser between visits.

The progress (``tutor.teach.progress.Progress``) lives in the session: the lessons finished in
``state.finished``, the puzzles solved in ``state.pz_solved``, the interactive steps answered
right at the first try under ``course_steps``. A small component without a frame (``keep``)
keeps it in the browser's ``localStorage``: on the first run of a visit it hands the stored
progress back (merged into the session's), and on every later run it stores the session's.
No account and nothing downloaded: the browser keeps it until the learner resets it.
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any

import streamlit as st
from markupsafe import Markup

from tutor.teach.progress import (
    Progress,
    ProgressError,
    dump_progress,
    load_progress,
    only_known,
)
from tutor_app import session, text
from tutor_app.session import state
from tutor_app.shared import library

LOG = logging.getLogger("tutor.app")

#: The key of the browser's localStorage entry.
STORAGE_KEY = "tutor66.progress"
#: The component's key (its container, ``st-key-t66_progress``, is hidden: it draws nothing).
COMPONENT_KEY = "t66_progress"
#: Session keys of this module.
STEPS_KEY = "course_steps"  # lesson id -> frozenset of step names right at the first try
LOADED_KEY = "course_loaded"  # the browser's stored progress has been read this session
SESSION_KEY = "course_session"  # tells the component a new session (stored progress unread)

#: The component's script. On the first run of a session (``data.session`` is new to the
#: page) it reads the stored progress: if there is some, it sends it as the trigger ``stored``
#: (one more run, which merges it) and stores nothing until the app says it has read it
#: (``loaded``); if there is none, no run is asked for. From then on it stores what the app
#: gives as ``save``. Written on several lines: Streamlit reads a one-line string with slashes
#: as a file's name.
STORE_SCRIPT = f"""export default function (component) {{
  const data = component.data || {{}};
  const key = {json.dumps(STORAGE_KEY)};
  const seen = window.__t66Progress || {{}};
  let storage = null;
  try {{ storage = window.localStorage; }} catch (e) {{ storage = null; }}
  if (seen.session !== data.session) {{
    let stored = "";
    try {{ stored = (storage && storage.getItem(key)) || ""; }} catch (e) {{ stored = ""; }}
    window.__t66Progress = {{ session: data.session, ready: !stored }};
    if (stored && !data.loaded) {{
      component.setTriggerValue("stored", stored);
      return;
    }}
  }}
  const now = window.__t66Progress;
  if (data.loaded) {{ now.ready = true; }}
  if (now.ready && typeof data.save === "string" && storage) {{
    try {{
      if (storage.getItem(key) !== data.save) {{ storage.setItem(key, data.save); }}
    }} catch (e) {{ /* storage full or refused: the session still has it */ }}
  }}
}}
"""

_STORE = st.components.v2.component("tutor66_progress_store", js=STORE_SCRIPT)

_HIDE = Markup("<style>.st-key-{}{{display:none}}</style>").format(COMPONENT_KEY)


# ----------------------------------------------------------------------------- the value


def current() -> Progress:
    """The session's progress."""
    steps = st.session_state.get(STEPS_KEY, {})
    solved = st.session_state.get("pz_solved", {})
    return Progress(frozenset(state.finished), dict(steps), dict(solved))


def _set(progress: Progress) -> None:
    state.finished = set(progress.lessons)
    st.session_state[STEPS_KEY] = {k: frozenset(v) for k, v in progress.steps.items()}
    st.session_state["pz_solved"] = dict(progress.puzzles)


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
    cannot be read is left out (and overwritten by the session's on the next run)."""
    st.session_state[LOADED_KEY] = True
    if not stored:
        return
    try:
        merge(load_progress(stored))
    except ProgressError:
        LOG.warning("the progress kept in the browser could not be read; it is replaced")


def keep() -> None:
    """Mount the storage component: read the browser's progress on the first run of a visit,
    store the session's on every later one. Call once per run of a page that changes it."""
    loaded = bool(st.session_state.get(LOADED_KEY, False))
    if SESSION_KEY not in st.session_state:
        st.session_state[SESSION_KEY] = secrets.token_hex(8)
    data: dict[str, Any] = {
        "session": st.session_state[SESSION_KEY],
        "loaded": loaded,
        "save": export_text(),
    }
    text.html(_HIDE)
    result = _STORE(data=data, key=COMPONENT_KEY, on_stored_change=_arrived)
    stored = result.get("stored") if result is not None else None
    if not loaded and isinstance(stored, str):
        restore(stored)


def _arrived() -> None:
    """The stored progress arrives in a run of its own (``keep`` reads it): the notices the
    run before it showed (an address that could not be opened) stay on the page."""
    session.repeat_notices()


__all__ = [
    "COMPONENT_KEY",
    "STORAGE_KEY",
    "current",
    "export_text",
    "import_data",
    "keep",
    "merge",
    "record_step",
    "reset",
    "restore",
    "step_right",
]

"""How many lesson files one session may have read, checked and replayed a minute.

Checking a lesson file runs the solver on its your-move steps in the server's process (within
one allowance per file, ``tutor.teach.lessons.ranked.Allowance``); this bounds how often one
session may ask for it. The count is kept in this process's memory (the ``limits``
library's moving window), by the session's id.
"""

from __future__ import annotations

import streamlit as st
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from streamlit.runtime.scriptrunner import get_script_run_ctx

#: Lesson files one session may have checked in any minute.
LESSON_FILES_PER_MINUTE = 3
_ITEM = RateLimitItemPerMinute(LESSON_FILES_PER_MINUTE)


@st.cache_resource(show_spinner=False)
def _limiter() -> MovingWindowRateLimiter:
    return MovingWindowRateLimiter(MemoryStorage())


def may_check_lesson() -> bool:
    """Whether this session may have one more lesson file checked now (counted if so)."""
    ctx = get_script_run_ctx()
    session = ctx.session_id if ctx is not None else ""
    return _limiter().hit(_ITEM, "lesson-file", session)


__all__ = ["LESSON_FILES_PER_MINUTE", "may_check_lesson"]

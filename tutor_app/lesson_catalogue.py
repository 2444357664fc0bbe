"""The Learn page's list of lessons: what 66 is, "Start here", the course's path in its groups
with the learner's progress, a lesson file opened from this computer (read, checked and
replayed like the course's lessons, a few files a minute per session), and the progress file.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutor.teach.lessons import choices as lc
from tutor.teach.lessons import open_lesson_file
from tutor.teach.uploads import too_often
from tutor.web import course
from tutor.web.document import uploader_words_css
from tutor.web.problems import MAX_LINES_PER_FILE, file_panels, upload_error
from tutor.web.titles import lesson_card_html
from tutor.words import learn_page as lw
from tutor.words.i18n import Translator
from tutor_app import chrome, progress, text
from tutor_app.lesson_callbacks import open_lesson
from tutor_app.progress_panel import progress_controls
from tutor_app.session import state
from tutor_app.shared import collection, library, tr
from tutor_app.upload_limit import LESSON_FILES_PER_MINUTE, may_check_lesson

#: The largest lesson file the page takes, in MB (the reader's own limit is smaller).
MAX_LESSON_UPLOAD_MB = 1

UPLOAD_PROBLEMS = "learn_upload_problems"  # the problems of the last lesson file uploaded


def catalogue() -> None:
    """The landing page: what 66 is, one "Start here", the course's path in its groups with
    the learner's progress, and the progress file (download, upload, reset)."""
    t = tr()
    w = lw.LearnWords().said(t)
    lib = library()
    progress.keep()
    done = progress.current()
    text.title(w.title)
    text.html(course.intro_html(t))
    for panel in file_panels(lib.errors, lib.folder, t):
        text.error(panel.markdown(w.unreadable))
    if not lib.lessons:
        text.info(w.none_yet)
        return
    path = course.course_path(lib.lessons)
    first = course.first_to_do(path, done)
    if first is None or not done.lessons:
        start, label = path[0], w.start_here
    else:
        start, label = first, lw.continue_label(first.title, t)
    st.button(
        label,
        key="start_here",
        on_click=open_lesson,
        args=(start.id,),
        type="primary",
        icon=":material/play_arrow:",
    )
    text.caption(course.progress_line(done, path, len(collection().puzzles), t))
    number = 0
    for group in course.course_groups(lib.lessons):
        text.subheader(lw.said(group.title, t))
        for row in range(0, len(group.lessons), 3):
            cols = st.columns(3)
            for col, les in zip(cols, group.lessons[row : row + 3], strict=False):
                number += 1
                with col, st.container(border=True):
                    finished = les.id in done.lessons
                    steps = max(len(lib.frames(les.id)) - 1, 0)
                    text.html(lesson_card_html(les, steps, t, finished=finished))
                    st.button(
                        w.open_again if finished else w.open,
                        key=f"open_{les.id}",
                        on_click=open_lesson,
                        args=(les.id,),
                        type="tertiary" if finished else "secondary",
                        icon=":material/replay:" if finished else ":material/play_arrow:",
                        help=lw.lesson_number(number, len(path), t),
                    )
    open_file_controls(t)
    progress_controls(t)


def open_file_controls(t: Translator) -> None:
    """Open a lesson file from this computer (a teacher's, or a deal played on the Play page
    and downloaded): read, checked and replayed like the lessons of the course."""
    w = lw.LearnWords().said(t)
    with st.expander(w.open_file, icon=":material/upload_file:"):
        text.markdown(w.open_file_about)
        text.html(
            uploader_words_css(w.choose_file, lw.lesson_upload_limit(MAX_LESSON_UPLOAD_MB, t))
        )
        st.file_uploader(
            w.upload_lesson,
            type=["yaml", "yml"],
            key="w_lesson_upload",
            on_change=_lesson_uploaded,
            max_upload_size=MAX_LESSON_UPLOAD_MB,
        )
        problems = st.session_state.get(UPLOAD_PROBLEMS) or ()
        if problems:
            lines = [p.render(t) for p in problems[:MAX_LINES_PER_FILE]]
            text.error("\n\n".join([w.cannot_open, *lines]))


def open_upload(name: str, data: bytes) -> None:
    """Check an uploaded lesson file and open it, or keep its problems to show."""
    lesson, frames, errors = open_lesson_file(name, data)
    if lesson is None:
        st.session_state[UPLOAD_PROBLEMS] = tuple(upload_error(e, name, data) for e in errors)
        return
    st.session_state[UPLOAD_PROBLEMS] = ()
    state.shelf = state.shelf.with_lesson(lesson, frames, data)
    open_lesson(lesson.id)


@chrome.safe_callback
def _lesson_uploaded() -> None:
    upload = st.session_state.get("w_lesson_upload")
    if upload is None:
        st.session_state[UPLOAD_PROBLEMS] = ()
        return
    name = str(getattr(upload, "name", "") or "lesson.yaml")
    check_upload(name, int(getattr(upload, "size", 0)), upload.getvalue)


def check_upload(name: str, size: int, read: Callable[[], bytes]) -> None:
    """Open an uploaded lesson file of ``size`` bytes (``read`` gives them), unless it is too
    large or this session has had ``LESSON_FILES_PER_MINUTE`` checked in the last minute: then
    it is not read, and its problem is kept to show."""
    err = lc.too_large(name, size)
    if err is not None:  # not read at all
        st.session_state[UPLOAD_PROBLEMS] = (upload_error(err, name, None),)
        return
    if not may_check_lesson():  # not read: a few files a minute per session
        limited = too_often(name, LESSON_FILES_PER_MINUTE)
        st.session_state[UPLOAD_PROBLEMS] = (upload_error(limited, name, None),)
        return
    open_upload(name, read())

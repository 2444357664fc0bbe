"""Follow a teacher: a student's screen shows the lesson and step the teacher shows.

The teacher's screen publishes its view in a room (tutor_app.rooms.RoomStore, shared by all
sessions of the server); this page looks at the room every two seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.msgid import N_
from tutor.teach.lessons import Frame, Lesson
from tutor.web import lesson_frame
from tutor.web.links import normalize_room
from tutor.web.titles import follow_title_html
from tutor.words.i18n import Translator
from tutor_app import chrome, session
from tutor_app.rooms import SharedView
from tutor_app.session import state
from tutor_app.shared import library, rooms, tr

POLL_SECONDS = 2.0


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    st.title(t._("Follow a teacher"))
    session.bind("w_follow_room", "follow_room")
    st.text_input(
        t._("Room code"),
        key="w_follow_room",
        on_change=_room_changed,
        placeholder=t._("e.g. K7QF"),
        max_chars=8,
        help=t._("The code shown on the teacher's screen."),
    )
    code = normalize_room(state.follow_room)
    chrome.sync_address(chrome.settings_params(room=code) if code else chrome.settings_params())
    if not code:
        st.info(t._("Type the room code shown on the teacher's screen."))
        return
    _follow(code)


def _room_changed() -> None:
    state.follow_room = normalize_room(st.session_state.w_follow_room)


@st.fragment(run_every=POLL_SECONDS)
def _follow(code: str) -> None:
    try:
        _show_room(code)
    except Exception:
        chrome.LOG.exception("follow view failed")
        st.error(tr()._(N_("Sorry, this view cannot be shown right now.")))


def _show_room(code: str) -> None:
    t = tr()
    store = rooms()
    view = store.get(code)
    if view is None:
        if store.closed(code):
            st.info(t._("The teacher has stopped sharing room {code}.", code=code))
        elif store.exists(code):
            st.info(t._("Room {code}: waiting for the teacher to open a lesson.", code=code))
        else:
            st.warning(
                t._(
                    "There is no room {code}. Check the code on the teacher's screen.",
                    code=code,
                )
            )
        return
    lib = library()
    lesson = lib.get(view.lesson)
    frames = lib.frames(view.lesson) if lesson is not None else None
    if lesson is None or not frames:
        st.warning(t._("The teacher's lesson is not available here."))
        return
    _show(t, lesson, frames, view)


def _show(t: Translator, lesson: Lesson, frames: Sequence[Frame], view: SharedView) -> None:
    last = len(frames) - 1
    step = max(0, min(view.step, last))
    frame = frames[step]
    following = t._("Following room {code}", code=state.follow_room)
    st.html(follow_title_html(t._(lesson.title), following))
    board, text = st.columns([3, 2], gap="medium")
    with board:
        st.html(
            lesson_frame.frame_board_html(
                lesson, frame, t, style=state.style, show=view.show, projector=bool(state.projector)
            )
        )
    with text:
        st.html(lesson_frame.frame_step_html(frames, step, t, compare=bool(lesson.compare)))


if __name__ == "__main__":
    page()

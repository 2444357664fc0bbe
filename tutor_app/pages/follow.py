"""Follow a teacher: a student's screen shows the lesson and step the teacher shows.

The teacher's screen publishes its view in a room (tutor.web.present.RoomStore, shared by all
sessions of the server); this page looks at the room every two seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from tutor.msgid import N_
from tutor.teach.lessons import Frame, Lesson
from tutor.web import present
from tutor.web.present import BoardOptions
from tutor.words.i18n import Translator
from tutor_app import common

POLL_SECONDS = 2.0


def page() -> None:
    common.guarded(_body)()


def _body() -> None:
    ss = st.session_state
    common.projector_bar()
    common.show_notices()
    t = common.tr()
    st.title(t._("Follow a teacher"))
    common.bind("w_follow_room", "follow_room")
    st.text_input(
        t._("Room code"),
        key="w_follow_room",
        on_change=_room_changed,
        placeholder=t._("e.g. K7QF"),
        max_chars=8,
        help=t._("The code shown on the teacher's screen."),
    )
    code = present.normalize_room(ss.get("follow_room", ""))
    common.sync_address(common.settings_params(room=code) if code else common.settings_params())
    if not code:
        st.info(t._("Type the room code shown on the teacher's screen."))
        return
    _follow(code)


def _room_changed() -> None:
    st.session_state.follow_room = present.normalize_room(st.session_state.w_follow_room)


@st.fragment(run_every=POLL_SECONDS)
def _follow(code: str) -> None:
    try:
        _show_room(code)
    except Exception:
        common.LOG.exception("follow view failed")
        st.error(common.tr()._(N_("Sorry, this view cannot be shown right now.")))


def _show_room(code: str) -> None:
    t = common.tr()
    store = common.rooms()
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
    lib = common.library()
    lesson = lib.get(view.lesson)
    frames = lib.frames(view.lesson) if lesson is not None else None
    if lesson is None or not frames:
        st.warning(t._("The teacher's lesson is not available here."))
        return
    _show(t, lesson, frames, view)


def _show(t: Translator, lesson: Lesson, frames: Sequence[Frame], view: present.SharedView) -> None:
    ss = st.session_state
    last = len(frames) - 1
    step = max(0, min(view.step, last))
    frame = frames[step]
    following = t._("Following room {code}", code=ss.get("follow_room", ""))
    st.html(
        f"<h2 style='margin:0'>{present.esc(t._(lesson.title))}</h2><p>{present.esc(following)}</p>"
    )
    board, text = st.columns([3, 2], gap="medium")
    with board:
        st.html(
            present.board_html(
                frame.state,
                present.frame_table(frame),
                t,
                BoardOptions(
                    style=ss.style,
                    show=view.show,
                    projector=bool(ss.projector),
                    hidden=lesson.unnamed,
                ),
            )
        )
    with text:
        st.html(present.frame_step_html(frames, step, t, compare=bool(lesson.compare)))


if __name__ == "__main__":
    page()

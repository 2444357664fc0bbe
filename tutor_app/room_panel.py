"""A teacher's room on the Learn page: share the screen, the room's code, address and QR code
with the students who follow, and the step shown published to them (``tutor_app.rooms``).
A lesson opened from a file goes to the room with it (``Rooms.put_file``), so that the students
follow a lesson they do not have; ``share_lesson_file`` shares such a lesson at its first step.

When the store lost the room (Redis restarted), the page takes it back under the same code and
token (``Rooms.reopen``) and shows the class its step again; the teacher is told when the
class's answers to a question were lost with it."""

from __future__ import annotations

import streamlit as st

from tutor.teach.lessons import Lessons, open_lesson_file
from tutor.web import classroom
from tutor.words import learn_page as lw
from tutor.words.app_text import AppWords, rooms_down
from tutor_app import ask, chrome, session, text
from tutor_app.rooms import (
    MAX_FILE_BYTES,
    RoomsFull,
    RoomsUnavailable,
    SharedView,
    file_digest,
    room_file_ok,
)
from tutor_app.session import state
from tutor_app.shared import caller, library, rooms, tr

#: Seconds between two looks of the teacher's room panel (the teacher's heartbeat).
ROOM_BEAT_SECONDS = 3.0


def publish() -> None:
    """Show the students who follow this screen what it shows now (a lesson from a file
    with the file)."""
    room, lesson_id = state.room, state.lesson
    if not (room and lesson_id and Lessons(library(), state.shelf).frames(lesson_id)):
        return
    data = state.shelf.file(lesson_id)
    if data is not None and not room_file_ok(data):
        session.notice(lw.FILE_TOO_LARGE, size=MAX_FILE_BYTES // 1024)
        return
    if _show_class(room, lesson_id, data) is not None:
        return
    if ask.take_back():
        _show_class(room, lesson_id, data)
        return
    state.room = None  # forgotten after hours without use: share again for a new code
    session.notice(lw.ROOM_GONE)


def _show_class(room: str, lesson_id: str, data: bytes | None) -> SharedView | None:
    """Publish the step; the room is given the lesson's file first when it does not hold it
    (a new file, or the store lost it). ``None`` when the room is not open."""
    store, token = rooms(), state.room_token
    digest = file_digest(data) if data is not None else ""
    view = store.publish(room, token, lesson_id, state.step, state.show, digest)
    if view is None and data is not None and store.put_file(room, token, data) == digest:
        view = store.publish(room, token, lesson_id, state.step, state.show, digest)
    return view


def _open_room() -> bool:
    """Open a room for this page; whether it is open (else the teacher is told why)."""
    try:
        state.room, state.room_token = rooms().open(caller=caller())
    except RoomsFull as full:
        session.notice(lw.ROOMS_MINE if full.mine else lw.ROOMS_FULL)
        return False
    return True


@chrome.safe_callback
def share() -> None:
    if state.room:
        rooms().close(state.room, state.room_token)
        state.room = None
    if st.session_state.w_share and not _open_room():
        return
    publish()


def share_lesson_file(name: str, data: bytes) -> None:
    """Open the lesson of a file (already checked by the caller) on the Learn page at its
    first step and share it with the class, in the room this page holds or a new one. A file
    that does not read is left alone."""
    lesson, frames, _errors = open_lesson_file(name, data)
    if lesson is None:
        return
    state.shelf = state.shelf.with_lesson(lesson, frames, data)
    state.lesson, state.step = lesson.id, 0
    if lesson.seats == 2:
        state.show_a, state.show_b = lesson.shows
    if state.room or _open_room():
        publish()


def share_controls(w: lw.LearnWords) -> None:
    st.session_state.w_share = state.room is not None
    st.toggle(w.share, key="w_share", on_change=share, help=w.share_help)
    if state.room:
        _room_panel()


@st.fragment(run_every=ROOM_BEAT_SECONDS)
def _room_panel() -> None:
    """The open room: its code, address and QR code, and the students who follow, renewed
    every few seconds (the teacher's heartbeat, which tells students the teacher is there)."""
    room, token = state.room, state.room_token
    if not room:
        return
    t = tr()
    store = rooms()
    try:
        if not store.heartbeat(room, token):
            if ask.take_back():  # the store lost it: the class sees this page's step again
                publish()
                st.rerun(scope="app")
            state.room = None
            text.info(lw.LearnWords().said(t).room_gone)
            return
        publish()  # again: a step shown while the rooms could not be reached arrives now
        followers = store.followers(room, token)
    except RoomsUnavailable:  # the room is kept: the panel tries again at its next look
        text.warning(rooms_down(t), icon=":material/cloud_off:")
        return
    address = classroom.join_address(app_address(), room)
    text.html(classroom.room_panel_html(room, address, followers, t, qr=False))


def room_button() -> None:
    """While a room is open: the button that shows its code, address and QR code large over
    the page, for the class to read and scan from the back row (the panel below the lesson
    may be out of sight on a low projector)."""
    if not state.room:
        return
    label = AppWords().said(tr()).room_code
    if st.button(label, key="room_big", icon=":material/qr_code_2:", width="stretch"):
        st.dialog(label, width="large")(_room_large)()


def _room_large() -> None:
    room = state.room
    if room:
        address = classroom.join_address(app_address(), room)
        with st.container(key="t66_roombig"):
            text.html(classroom.room_panel_html(room, address, None, tr()))


def app_address() -> str:
    """The address the browser shows for this page ("" when it cannot be told)."""
    try:
        return str(st.context.url or "")
    except Exception:  # no browser behind this session (tests, bare mode)
        return ""

"""A teacher's room on the Learn page: share the screen, the room's code, address and QR code
with the students who follow, and the step shown published to them (``tutor_app.rooms``).

When the store lost the room (Redis restarted), the page takes it back under the same code and
token (``Rooms.reopen``) and shows the class its step again; the teacher is told when the
class's answers to a question were lost with it."""

from __future__ import annotations

import streamlit as st

from tutor.web import classroom
from tutor.words import learn_page as lw
from tutor.words.app_text import AppWords, rooms_down
from tutor_app import ask, chrome, session, text
from tutor_app.rooms import RoomsFull, RoomsUnavailable
from tutor_app.session import state
from tutor_app.shared import caller, library, rooms, tr

#: Seconds between two looks of the teacher's room panel (the teacher's heartbeat).
ROOM_BEAT_SECONDS = 3.0


def publish() -> None:
    """Show the students who follow this screen what it shows now."""
    room, lesson_id = state.room, state.lesson
    if not (room and lesson_id and library().frames(lesson_id)):
        return
    if rooms().publish(room, state.room_token, lesson_id, state.step, state.show) is not None:
        return
    if ask.take_back():
        rooms().publish(room, state.room_token, lesson_id, state.step, state.show)
        return
    state.room = None  # forgotten after hours without use: share again for a new code
    session.notice(lw.ROOM_GONE)


@chrome.safe_callback
def share() -> None:
    if state.room:
        rooms().close(state.room, state.room_token)
        state.room = None
    if st.session_state.w_share:
        try:
            state.room, state.room_token = rooms().open(caller=caller())
        except RoomsFull as full:
            session.notice(lw.ROOMS_MINE if full.mine else lw.ROOMS_FULL)
            return
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

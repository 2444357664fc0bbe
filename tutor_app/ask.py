"""Ask the class, the teacher's side: "Ask the class" on a lesson step or a puzzle, the
class's answers as they come (a bar chart renewed every ``TALLY_SECONDS``), "Show the answer",
then the right answer with the engine's view. The students' side is on the follow page."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence

import streamlit as st

from tutor.engine import State, View
from tutor.teach.classroom import ClassQuestion, known_position, tally_rows
from tutor.web.classroom import answer_label, reveal_lines, reveal_view, tally_html
from tutor.web.html import md_text
from tutor.words.app_text import AskWords, choice_texts, refused_lines, rooms_down
from tutor.words.i18n import Translator
from tutor.words.learn_page import ANSWERS_LOST
from tutor_app import chrome, session, storage, text
from tutor_app.rooms import MAX_ANSWERS, RoomsUnavailable
from tutor_app.session import state
from tutor_app.shared import caller, rooms, tr

#: Seconds between two looks at the class's answers while a question is open (each look is
#: also the teacher's heartbeat).
TALLY_SECONDS = 1.0
#: Seconds between two heartbeats of the teacher's page.
BEAT_SECONDS = 3.0
_NAMES = "t66_class_names"  # whether the teacher shows the names students gave
_ASKED = "t66_class_asked"  # the question this page asked last, while it is open


@chrome.safe_callback
def _ask(question_id: str, publish: Callable[[], None]) -> None:
    if state.room:
        publish()
        if rooms().ask(state.room, state.room_token, question_id):
            st.session_state[_ASKED] = question_id


def take_back() -> bool:
    """The room this page holds, taken back after the store lost it (Redis restarted: the same
    code and token); the teacher is told of the question whose answers went with it. Whether
    the room is open."""
    if not state.room or not rooms().reopen(state.room, state.room_token, caller()):
        return False
    lost = st.session_state.pop(_ASKED, None)
    if lost:
        session.notice(ANSWERS_LOST, question=str(lost))
    return True


@chrome.safe_callback
def _reveal() -> None:
    if state.room:
        rooms().reveal(state.room, state.room_token)
        st.session_state.pop(_ASKED, None)


def controls(
    t: Translator,
    asked: ClassQuestion,
    choices: Sequence[str],
    whys: Sequence[str],
    subject: State | View | None,
    publish: Callable[[], None],
) -> bool:
    """The teacher's question ``asked`` to the room open in this session: "Ask the class"
    (``publish`` first shows the class what is asked about), then the answers and "Show the
    answer"; once shown, the right answer and the engine's view (``reveal_view``: from the
    lesson's deal, or for a puzzle on ``subject``, the position as the player on turn knows
    it; ``None`` for a question step). Whether the question is asked now."""
    room = state.room
    if not room:
        return False
    _beat()
    try:
        question = rooms().question(room)
    except RoomsUnavailable:
        text.warning(rooms_down(t), icon=":material/cloud_off:")
        return False
    w = AskWords().said(t)
    if question is None or question.id != asked.id:
        st.button(
            w.ask,
            key="ask_class",
            on_click=_ask,
            args=(asked.id, publish),
            type="primary",
            icon=":material/groups:",
            width="stretch",
            help=w.ask_help,
        )
        return False
    _answers(asked, tuple(choices), question.revealed)
    if not question.revealed:
        st.button(
            w.reveal,
            key="reveal_class",
            on_click=_reveal,
            type="primary",
            icon=":material/visibility:",
            width="stretch",
        )
    else:
        for line in reveal_lines(asked, choices, whys, t):
            text.markdown(md_text(line))
        if subject is not None:
            with st.container(border=True):
                text.markdown(reveal_view(asked, subject, t))
    st.session_state.w_class_names = bool(st.session_state.get(_NAMES, False))
    st.toggle(
        w.names,
        key="w_class_names",
        on_change=session.copy_to(_NAMES, "w_class_names"),
        help=w.names_help,
    )
    return True


@st.fragment(run_every=BEAT_SECONDS)
def _beat() -> None:
    """The teacher's page is still there (students are told when it goes quiet)."""
    if state.room:
        try:
            if not rooms().heartbeat(state.room, state.room_token) and take_back():
                st.rerun(scope="app")  # the store lost the room: it is back
        except RoomsUnavailable:
            chrome.LOG.warning("rooms unavailable: no heartbeat", exc_info=True)


@st.fragment(run_every=TALLY_SECONDS)
def _answers(asked: ClassQuestion, choices: tuple[str, ...], revealed: bool) -> None:
    """The class's answers as a bar chart."""
    room = state.room
    if not room:
        return
    t = tr()
    store = rooms()
    try:
        store.heartbeat(room, state.room_token)
        sent = store.tally(room, state.room_token) or {}
        refused = store.refused(room, state.room_token) or {}
    except RoomsUnavailable:
        text.warning(rooms_down(t), icon=":material/cloud_off:")
        return
    rows = tally_rows(asked, sent, right=revealed)
    labelled = [(answer_label(r.answer, choices, t), r) for r in rows]
    answered = sum(r.count for r in rows)
    names = bool(st.session_state.get(_NAMES, False))
    text.html(tally_html(labelled, answered, revealed, names, t))
    for line in refused_lines(refused, MAX_ANSWERS, t):
        text.caption(line)


# -- the room across reloads -------------------------------------------------------------------

#: The browser's entry that keeps the teacher's room and token, and its component's key.
ROOM_STORAGE_KEY = "tutor66.room"
ROOM_STORE_KEY = "t66_room_store"


def keep_room(restored: Callable[[], None]) -> None:
    """Keep the teacher's room code and token in the browser, so that a reload (of any page
    that calls this) keeps the room; forget them when the room is closed. ``restored`` runs
    when a room is taken up again (the page shows the class what it shows)."""
    saved = json.dumps({"room": state.room, "token": state.room_token}) if state.room else ""
    storage.keep(ROOM_STORE_KEY, ROOM_STORAGE_KEY, saved, functools.partial(_restore, restored))


def _restore(restored: Callable[[], None], stored: str) -> None:
    """The room this browser opened before a reload, taken up again with its token (the page
    is drawn with it)."""
    if not stored or state.room:
        return
    try:
        data = json.loads(stored)
        room, token = str(data["room"]), str(data["token"])
    except (ValueError, KeyError, TypeError):
        return
    if rooms().reopen(room, token, caller()):  # also after the store lost it
        state.room, state.room_token = room, token
        restored()


__all__ = [
    "ROOM_STORAGE_KEY",
    "TALLY_SECONDS",
    "choice_texts",
    "controls",
    "keep_room",
    "known_position",
]

"""Follow a teacher: a student's screen shows the lesson and step the teacher shows.

The teacher's screen publishes its view in a room (tutor_app.rooms.RoomStore, shared by all
sessions of the server); this page looks at the room every two seconds. A code is tried once
when it is typed (or comes with the address), counted against the session's and the server's
limits; what the page then says does not tell whether the room exists until its teacher
shows a lesson.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import streamlit as st

from tutor.msgid import N_
from tutor.teach.lessons import Frame, Lesson
from tutor.web import lesson_frame
from tutor.web.links import normalize_room
from tutor.web.titles import follow_title_html
from tutor.words.i18n import Translator
from tutor_app import chrome, text
from tutor_app.rooms import ROOM_LENGTH, Join, SharedView, format_room, valid_room
from tutor_app.session import state
from tutor_app.shared import library, rooms, tr

POLL_SECONDS = 2.0
#: The longest text the code field takes (a code with spaces or dashes between its groups).
FIELD_CHARS = 16
EXAMPLE_CODE = "K7Q-F2M"

BAD_CODE = N_("Room codes have {length} letters and digits, like {example}.")
WAITING = N_(
    "Room {code}: waiting for the teacher to show a lesson. If nothing appears, check the "
    "code on the teacher's screen."
)
LIMITED = N_("Too many tries. Wait a minute, then try the code again.")
STOPPED = N_("The teacher has stopped sharing room {code}.")
GONE = N_(
    "The teacher's screen has not been seen for {seconds} seconds. This step stays here, and "
    "the lesson goes on when the teacher is back."
)
#: Seconds without the teacher's heartbeat after which the students are told.
TEACHER_GONE_SECONDS = 20
#: The session key of this student's session id (what the room counts as one follower).
FOLLOWER_KEY = "follow_session"


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    text.title(t._("Follow a teacher"))
    code = normalize_room(state.follow_room)
    shown = format_room(code) if valid_room(code) else code
    st.session_state["w_follow_room"] = shown[:FIELD_CHARS]
    st.text_input(
        t._("Room code"),
        key="w_follow_room",
        on_change=_room_changed,
        placeholder=t._("e.g. {example}", example=EXAMPLE_CODE),
        max_chars=FIELD_CHARS,
        help=t._("The code shown on the teacher's screen."),
    )
    chrome.sync_address(chrome.settings_params(room=code) if code else chrome.settings_params())
    if not code:
        text.info(t._("Type the room code shown on the teacher's screen, then press Enter."))
        return
    if not valid_room(code):
        text.warning(t._(BAD_CODE, length=ROOM_LENGTH, example=EXAMPLE_CODE))
        return
    answer = _join(code)
    if answer is Join.LIMITED:
        text.warning(t._(LIMITED), icon=":material/hourglass_top:")
        st.button(t._("Try again"), key="follow_retry", on_click=_retry)
        return
    _follow(code)


@chrome.safe_callback
def _room_changed() -> None:
    state.follow_room = normalize_room(str(st.session_state.get("w_follow_room") or ""))
    state.follow_join = None
    state.follow_seen = False


@chrome.safe_callback
def _retry() -> None:
    state.follow_join = None


def _join(code: str) -> Join:
    """The answer to this session's code: asked of the rooms once per code typed."""
    done = state.follow_join
    if done is not None and done[0] == code:
        return done[1]
    answer = rooms().join(code, state.follow_tries)
    state.follow_join = (code, answer)
    return answer


@st.fragment(run_every=POLL_SECONDS)
def _follow(code: str) -> None:
    try:
        _show_room(code)
    except Exception:
        chrome.LOG.exception("follow view failed")
        text.error(tr()._(N_("Sorry, this view cannot be shown right now.")))


def _show_room(code: str) -> None:
    t = tr()
    shown = format_room(code)
    joined = state.follow_join
    view = rooms().get(code) if joined == (code, Join.FOUND) else None
    if view is None:
        if state.follow_seen and rooms().closed(code):
            text.info(t._(STOPPED, code=shown))
        else:
            text.info(t._(WAITING, code=shown), icon=":material/hourglass_top:")
        return
    lib = library()
    lesson = lib.get(view.lesson)
    frames = lib.frames(view.lesson) if lesson is not None else None
    if lesson is None or not frames:
        text.warning(t._("The teacher's lesson is not available here."))
        return
    state.follow_seen = True
    store = rooms()
    if FOLLOWER_KEY not in st.session_state:
        st.session_state[FOLLOWER_KEY] = secrets.token_hex(8)
    store.follow(code, str(st.session_state[FOLLOWER_KEY]))
    since = store.since_teacher(code)
    if since is not None and since >= TEACHER_GONE_SECONDS:
        text.info(t._(GONE, seconds=int(since)), icon=":material/wifi_off:")
    _show(t, lesson, frames, view, shown)


@chrome.safe_callback
def _look(lesson_id: str, step: int, live: int) -> None:
    """Look at ``step`` of the teacher's lesson on one's own (the teacher goes on); reaching
    the teacher's step is following live again."""
    state.follow_own = None if step >= live else (lesson_id, max(0, step))


@chrome.safe_callback
def _live() -> None:
    state.follow_own = None


def _show(
    t: Translator, lesson: Lesson, frames: Sequence[Frame], view: SharedView, code: str
) -> None:
    last = len(frames) - 1
    live = max(0, min(view.step, last))
    own = state.follow_own
    step = own[1] if own is not None and own[0] == lesson.id else live
    step = max(0, min(step, last))
    frame = frames[step]
    following = t._("Following room {code}", code=code)
    text.html(follow_title_html(t._(lesson.title), following))
    back, fwd, live_col = st.columns(3)
    with back:
        st.button(
            t._("Back"),
            key="follow_back",
            on_click=_look,
            args=(lesson.id, step - 1, live),
            disabled=step == 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with fwd:
        st.button(
            t._("Next"),
            key="follow_next",
            on_click=_look,
            args=(lesson.id, step + 1, live),
            disabled=step >= live,  # not past the teacher
            icon=":material/chevron_right:",
            icon_position="right",
            width="stretch",
        )
    with live_col:
        st.button(
            t._("Back to live"),
            key="follow_live",
            on_click=_live,
            disabled=step == live,
            type="primary",
            icon=":material/sensors:",
            width="stretch",
        )
    if step != live:
        text.info(
            t._(
                "You are looking at step {step}; the teacher is at step {live}.",
                step=step,
                live=live,
            ),
            icon=":material/history:",
        )
    board, words = st.columns([3, 2], gap="medium")
    with board:
        text.html(
            lesson_frame.frame_board_html(
                lesson,
                frame,
                t,
                style=state.style,
                show=view.show,
                projector=bool(state.projector),
                before=frames[step - 1] if step else None,
            )
        )
    with words:
        text.html(
            lesson_frame.frame_step_html(
                frames, step, t, compare=bool(lesson.compare), show=view.show, hidden=lesson.unnamed
            )
        )


if __name__ == "__main__":
    page()

"""Follow a teacher: a student's screen shows the lesson and step the teacher shows.

The teacher's screen publishes its view in a room (``tutor_app.rooms``: in the app process or
in Redis); the process's watcher (``tutor_app.wake``) runs this page again when the teacher
moved, asked the class, showed the answer or went away. When the teacher
asks, the student answers on the page (a card on the table, a move, or one of a question's
answers; ``tutor_app.follow_answers``) and, once the teacher shows it, reads the right answer
and the engine's reasons. A code is tried once
when it is typed (or comes with the address), counted against the session's and the client
address's limits (``tutor_app.room_limits``); what the page then says does not tell whether the
room exists until its teacher shows a lesson.

When the rooms cannot be reached, the page says so and looks again by itself; a room lost and
taken back by its teacher is followed again without a reload. The student's last answer is
kept in the session and sent again while the question it answers is asked and the room has
no answer of this student (the store lost it, or it could not be sent).

A lesson the teacher opened from a file comes with the room (the view names the file's digest):
the page reads it from the room once per app process (``tutor_app.room_lessons``) and follows
it as a lesson of the library; a file that cannot be read says so.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence

import streamlit as st
from markupsafe import Markup
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.teach import following as fw
from tutor.teach.classroom import ClassQuestion, Kind, puzzle_question
from tutor.teach.lessons import Frame, Lesson, LessonRun
from tutor.teach.puzzles import start
from tutor.teach.puzzles.model import Puzzle
from tutor.web import lesson_frame
from tutor.web.board import BoardOptions, board_html
from tutor.web.html import md_text
from tutor.web.links import normalize_room
from tutor.web.puzzle_html import attempt_table
from tutor.web.step import task_html
from tutor.web.titles import follow_title_html
from tutor.words import follow_page as fp
from tutor.words.app_text import rooms_down
from tutor.words.i18n import Translator
from tutor_app import ask, board, chrome, puzzle_sets, text
from tutor_app.follow_answers import (
    answer_controls,
    class_task,
    engine_words,
    lessons_of,
    resent,
    send,
    session_id,
)
from tutor_app.rooms import (
    ROOM_LENGTH,
    Join,
    Pulse,
    RoomsUnavailable,
    SharedView,
    format_room,
    valid_room,
)
from tutor_app.session import state
from tutor_app.shared import caller, rooms, tr, watcher
from tutor_app.wake import (
    DOWN,
    FALLBACK_SECONDS,
    FOLLOW_SECONDS,
    TEACHER_GONE_SECONDS,
    can_wake,
    room_stamp,
)

#: The session keys: what the page shows of the room, when this student last said so.
_SHOWN = "t66_follow_shown"
_SAID = "t66_follow_said"
#: The session key that tells the page's run from a later run of ``_join_later``.
_LATER = "t66_join_later"
#: The key of the table a student answers on.
BOARD_KEY = "t66_follow_board"
#: The longest text the code field takes (a code with spaces or dashes between its groups).
FIELD_CHARS = 16


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    w = fp.FollowWords().said(t)
    text.title(w.title)
    code = normalize_room(state.follow_room)
    shown = format_room(code) if valid_room(code) else code
    st.session_state["w_follow_room"] = shown[:FIELD_CHARS]
    st.text_input(
        w.room_code,
        key="w_follow_room",
        on_change=_room_changed,
        placeholder=fp.code_example(t),
        max_chars=FIELD_CHARS,
        help=w.code_help,
    )
    chrome.sync_address(chrome.settings_params(room=code) if code else chrome.settings_params())
    if not code:
        text.info(w.type_code)
        return
    if not valid_room(code):
        text.warning(fp.bad_code(ROOM_LENGTH, t))
        return
    try:
        answer = _join(code)
    except RoomsUnavailable:
        chrome.LOG.warning("rooms unavailable when joining", exc_info=True)
        text.warning(rooms_down(t), icon=":material/cloud_off:")
        st.session_state[_LATER] = False
        _join_later()
        return
    if answer is Join.LIMITED:
        text.warning(w.limited, icon=":material/hourglass_top:")
        st.button(w.try_again, key="follow_retry", on_click=_retry)
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
    answer = rooms().join(code, caller(session_id()))
    state.follow_join = (code, answer)
    return answer


@st.fragment(run_every=FALLBACK_SECONDS)
def _join_later() -> None:
    """The code could not be tried (the rooms out of reach): try it again in a while."""
    if st.session_state.get(_LATER):  # a run of its own, not the page's
        st.rerun(scope="app")
    st.session_state[_LATER] = True


def _follow(code: str) -> None:
    """The room as it is now (``_room``); where nothing can wake it, the page looks itself
    every ``FALLBACK_SECONDS``."""
    found = state.follow_join == (code, Join.FOUND)
    _room(code, found)
    if not (found and _streamlit_session() and can_wake()):
        _watch(code, found)


@st.fragment
def _room(code: str, found: bool) -> None:
    """The room's part of the page. The process's watcher (``tutor_app.wake``) runs this part
    again when the room changes: the rest of the page (settings, code field) stays as it is."""
    shown: object
    try:
        pulse = rooms().pulse(code) if found else None
        shown = room_stamp(pulse)
        _show_room(code, pulse)
    except RoomsUnavailable:
        chrome.LOG.warning("rooms unavailable on the follow page", exc_info=True)
        text.warning(rooms_down(tr()), icon=":material/cloud_off:")
        shown = DOWN
    except Exception:
        chrome.LOG.exception("follow view failed")
        text.error(fp.FollowWords().said(tr()).cannot_show)
        shown = None
    st.session_state[_SHOWN] = shown
    ctx = get_script_run_ctx()
    session = ctx.session_id if ctx is not None else ""
    part = _fragment_id()
    if found and session and can_wake():
        watcher().follow(code, session, session_id(), shown, part)


def _fragment_id() -> str:
    """The id of the fragment running now ("" when none, or when this Streamlit cannot
    tell): the watcher then runs the whole page again."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

        return ThreadState.get().fragment_id or ""
    except Exception:
        return ""


def _streamlit_session() -> str:
    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else ""


@st.fragment(run_every=FALLBACK_SECONDS)
def _watch(code: str, found: bool) -> None:
    """A slow look at the room, in case nothing woke the page: it runs again when the room
    changed."""
    now: object
    try:
        now = room_stamp(rooms().pulse(code) if found else None)
    except RoomsUnavailable:
        now = DOWN  # said on the page already, or said at the next run
    except Exception:
        chrome.LOG.exception("follow look failed")
        return
    if now != st.session_state.get(_SHOWN):
        st.rerun(scope="app")


def _say_following(code: str, now: float | None = None) -> None:
    """The room counts this student now (then the watcher says it every few seconds)."""
    now = time.monotonic() if now is None else now
    last = float(st.session_state.get(_SAID, -FOLLOW_SECONDS))
    if now - last >= FOLLOW_SECONDS:
        rooms().follow(code, session_id())
        st.session_state[_SAID] = now


def _show_room(code: str, pulse: Pulse | None) -> None:
    t = tr()
    shown = format_room(code)
    store = rooms()
    view = store.get(code) if pulse is not None else None
    if view is None:
        if state.follow_seen and store.closed(code):
            text.info(fp.stopped(shown, t))
        else:
            text.info(fp.waiting(shown, t), icon=":material/hourglass_top:")
        return
    state.follow_seen = True
    _say_following(code)
    w = fp.FollowWords().said(t)
    pid = fw.puzzle_id(view.lesson)
    if pid is not None:
        _show_puzzle(t, w, pid, view, code, shown)
        return
    lessons = lessons_of(code, view.file)
    lesson = lessons.get(view.lesson) if lessons is not None else None
    frames = lessons.frames(view.lesson) if lessons is not None else None
    if lesson is None or not frames:
        text.warning(w.no_lesson)
        return
    assert pulse is not None
    if pulse.since_teacher >= TEACHER_GONE_SECONDS:
        text.info(fp.gone(pulse.since_teacher, t), icon=":material/wifi_off:")
    _show(t, w, lesson, frames, view, shown, code, pulse)


@chrome.safe_callback
def _look(code: str, file: str, lesson_id: str, step: int, live: int) -> None:
    """Look at ``step`` of the teacher's lesson on one's own (the teacher goes on); reaching
    the teacher's step is following live again."""
    lessons = lessons_of(code, file)
    frames = lessons.frames(lesson_id) if lessons is not None else ()
    own = fw.look_step(step, live)
    if own is None or not frames:
        state.follow_own = None
        return
    state.follow_own = LessonRun.start(lesson_id, frames, own)


@chrome.safe_callback
def _live() -> None:
    state.follow_own = None


def _show(
    t: Translator,
    w: fp.FollowWords,
    lesson: Lesson,
    frames: Sequence[Frame],
    view: SharedView,
    shown: str,
    code: str,
    pulse: Pulse,
) -> None:
    own = state.follow_own
    steps = fw.steps_shown(
        view.step, own.step if own is not None and own.lesson == lesson.id else None, len(frames)
    )
    live, step = steps.live, steps.shown
    frame = frames[step]
    following = fp.following_room(shown, t)
    text.html(follow_title_html(fp.said(lesson.title, t), following, f"{lesson.id}:{live}"))
    with st.container(key="t66_follow_nav"):  # one row on a phone
        back, fwd, live_col = st.columns(3)
    with back:
        st.button(
            w.back,
            key="follow_back",
            on_click=_look,
            args=(code, view.file, lesson.id, step - 1, live),
            disabled=step == 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with fwd:
        st.button(
            w.next,
            key="follow_next",
            on_click=_look,
            args=(code, view.file, lesson.id, step + 1, live),
            disabled=step >= live,  # not past the teacher
            icon=":material/chevron_right:",
            icon_position="right",
            width="stretch",
        )
    with live_col:
        st.button(
            w.back_to_live,
            key="follow_live",
            on_click=_live,
            disabled=step == live,
            type="primary",
            icon=":material/sensors:",
            width="stretch",
        )
    if steps.looking_back:
        text.info(fp.looking_back(step, live, t), icon=":material/history:")
    asked = None if steps.looking_back else fw.asked_at(lesson.id, frames, step, pulse.question)
    if asked is None:
        _lesson_step(t, lesson, frames, step, view.show)
        return
    question = rooms().question(code, session_id())
    mine = fw.my_answer(resent(code, question))
    revealed = pulse.revealed
    choices, whys = ask.choice_texts(t, frames[step])
    board_col, words = st.columns([3, 2], gap="medium")
    with board_col:
        if isinstance(lesson, Lesson) and isinstance(frame, Frame) and asked.kind is Kind.MOVE:
            if not revealed:
                _answer_board(t, lesson, frame, asked, view.show, code)
            else:
                text.html(_board(t, lesson, frames, step, view.show))
        else:
            text.html(_board(t, lesson, frames, step, view.show))
    with words:
        class_task(t, w, asked, frames, code, mine, revealed, choices, whys)
        if revealed and isinstance(lesson, Lesson):
            engine_words(t, asked, view.show, lesson.unnamed)


def _lesson_step(
    t: Translator,
    lesson: Lesson,
    frames: Sequence[Frame],
    step: int,
    show: tuple[bool, bool],
) -> None:
    board, words = st.columns([3, 2], gap="medium")
    with board:
        text.html(_board(t, lesson, frames, step, show))
    with words:
        text.html(
            lesson_frame.frame_step_html(
                frames, step, t, compare=bool(lesson.compare), show=show, hidden=lesson.unnamed
            )
        )


def _board(
    t: Translator,
    lesson: Lesson,
    frames: Sequence[Frame],
    step: int,
    show: tuple[bool, bool],
) -> Markup:
    """The table of frame ``step``: for two, with the hands the teacher shows; at a table of
    three or four, with the hands the lesson shows."""
    return lesson_frame.frame_board_html(
        lesson,
        frames[step],
        t,
        style=state.style,
        show=show if lesson.seats == 2 else lesson.shows,
        projector=bool(state.projector),
        before=frames[step - 1] if step else None,
    )


def _answer_board(
    t: Translator,
    lesson: Lesson,
    frame: Frame,
    asked: ClassQuestion,
    show: tuple[bool, bool],
    code: str,
) -> None:
    """The position asked about, the hand of the player on turn to click."""
    markup = lesson_frame.frame_board_html(
        lesson,
        frame,
        t,
        style=state.style,
        show=fw.asked_show(asked, show),
        projector=bool(state.projector),
        pick=fw.answer_cards(asked),
    )
    board.card_board(
        markup, key=BOARD_KEY, on_play=functools.partial(send, code, asked.id), focus=True
    )


def _puzzle_board(
    t: Translator, puzzle: Puzzle, asked: ClassQuestion, code: str, revealed: bool
) -> None:
    pick = fw.puzzle_cards(puzzle, revealed)
    opts = BoardOptions(
        style=state.style,
        show=fw.puzzle_show(puzzle),
        projector=bool(state.projector),
        pick=pick,
    )
    markup = board_html(puzzle.state, attempt_table(start(puzzle)), t, opts)
    if not pick:
        text.html(markup)
        return
    board.card_board(
        markup, key=BOARD_KEY, on_play=functools.partial(send, code, asked.id), focus=True
    )


def _show_puzzle(
    t: Translator, w: fp.FollowWords, pid: str, view: SharedView, code: str, shown: str
) -> None:
    """A puzzle the teacher shares: its position, the learner's hand to click while the
    question is open, and the solution once the teacher shows it."""
    puzzle = puzzle_sets.find(pid)
    if puzzle is None:
        text.warning(w.no_puzzle)
        return
    asked = puzzle_question(puzzle)
    text.html(follow_title_html(fp.said(puzzle.title, t), fp.following_room(shown, t), view.lesson))
    question = rooms().question(code, session_id())
    open_now = question is not None and question.id == asked.id
    mine = fw.my_answer(resent(code, question) if open_now else None)
    revealed = bool(open_now and question and question.revealed)
    board_col, words = st.columns([3, 2], gap="medium")
    with board_col:
        _puzzle_board(t, puzzle, asked, code, revealed)
    with words:
        text.html(task_html(w.teacher_asks, fp.move_prompt(asked, t)))
        if open_now:
            answer_controls(t, w, asked, code, mine, revealed, (), ())
        if revealed:
            if puzzle.explanation:
                text.markdown(md_text(fp.said(puzzle.explanation, t)))
            engine_words(t, asked, fw.puzzle_show(puzzle), frozenset())


if __name__ == "__main__":
    page()

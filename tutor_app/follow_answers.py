"""A student's answers on the Follow page: the answers to pick (or the moves that are no card),
this student's answer and name, and once the teacher shows it, the right answer and the
engine's view. An answer is sent to the room (``tutor_app.rooms``) in a callback; the last one
is kept in the session and sent again while the question it answers is asked and the room has
no answer of this student. The lessons a room may show (the library's and the room's lesson
file) and this student's session id are here too, as the page and the answers both need them.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import streamlit as st

from tutor.engine import Card
from tutor.teach import following as fw
from tutor.teach.classroom import MAX_NAME_CHARS, ClassQuestion, Kind, clean_name, join_answer
from tutor.teach.lessons import Frame, Lessons, Shelf
from tutor.web.classroom import answer_label, reveal_lines, reveal_view
from tutor.web.html import md_text
from tutor.web.step import task_html
from tutor.words import follow_page as fp
from tutor.words.app_text import ROOMS_DOWN
from tutor.words.explain import move_label
from tutor.words.i18n import Translator
from tutor_app import ask, chrome, puzzle_sets, session, text
from tutor_app.rooms import Answered, Question, RoomsUnavailable
from tutor_app.shared import file_lessons, library, rooms

#: The session key of the name given for the teacher.
_NAME = "t66_class_name"
#: The session key of this student's last answer: (room, question id, what was sent).
_SENT = "t66_class_sent"
#: What a student is told of an answer not counted.
REFUSED = {
    Answered.LATE: fp.ANSWER_LATE,
    Answered.FULL: fp.ANSWER_FULL,
    Answered.NAME: fp.ANSWER_NAME,
}
#: The session key of this student's session id (what the room counts as one follower).
FOLLOWER_KEY = "follow_session"


def session_id() -> str:
    if FOLLOWER_KEY not in st.session_state:
        st.session_state[FOLLOWER_KEY] = secrets.token_hex(8)
    return str(st.session_state[FOLLOWER_KEY])


def lessons_of(code: str, file: str) -> Lessons | None:
    """The lessons the room may show: the library's, and the room's lesson file when its view
    names one (``file``, its digest); ``None`` when that file cannot be had or does not read."""
    if not file:
        return Lessons(library())
    up = file_lessons().get(file, lambda: rooms().lesson_file(code, file))
    return None if up is None else Lessons(library(), Shelf().with_lesson(*up))


def _no_frames(_lesson_id: str) -> Sequence[Frame]:
    return ()


def class_task(
    t: Translator,
    w: fp.FollowWords,
    asked: ClassQuestion,
    frames: Sequence[Frame],
    code: str,
    mine: str | None,
    revealed: bool,
    choices: Sequence[str],
    whys: Sequence[str],
) -> None:
    """The teacher's question on a student's screen: the answers to pick (or the cards to
    play on the table), this student's answer, and once shown, the right one."""
    text.html(task_html(w.teacher_asks, fp.class_prompt(asked, frames, t)))
    answer_controls(t, w, asked, code, mine, revealed, choices, whys)


def answer_controls(
    t: Translator,
    w: fp.FollowWords,
    asked: ClassQuestion,
    code: str,
    mine: str | None,
    revealed: bool,
    choices: Sequence[str],
    whys: Sequence[str],
) -> None:
    # a click runs only the room's part of the page: why an answer was refused is said here
    chrome.show_notices()
    if not revealed:
        if asked.kind is Kind.CHOICE:
            for k, label in enumerate(choices):
                st.button(
                    label,
                    key=f"class_answer_{k}",
                    on_click=send,
                    args=(code, asked.id, f"#{k}"),
                    type="primary" if mine == f"#{k}" else "secondary",
                    width="stretch",
                )
        else:
            text.caption(w.click_card)
            for i, m in enumerate(fw.other_moves(asked)):
                st.button(
                    move_label(m, t),
                    key=f"class_move_{i}",
                    on_click=send,
                    args=(code, asked.id, str(m)),
                    type="primary" if mine == str(m) else "secondary",
                )
        if mine is not None:
            text.info(
                fp.your_answer(answer_label(mine, choices, t), t), icon=":material/how_to_reg:"
            )
        _name_field(w)
        return
    outcome = fw.outcome(asked, mine)
    if mine is None or outcome is fw.Outcome.NONE:
        text.info(w.not_answered, icon=":material/info:")
    elif outcome is fw.Outcome.RIGHT:
        text.success(
            fp.answer_right(answer_label(mine, choices, t), t), icon=":material/check_circle:"
        )
    else:
        text.warning(
            fp.answer_wrong(answer_label(mine, choices, t), t), icon=":material/lightbulb:"
        )
    for line in reveal_lines(asked, choices, whys, t):
        text.markdown(md_text(line))


def engine_words(
    t: Translator, asked: ClassQuestion, show: tuple[bool, bool], unnamed: frozenset[Card]
) -> None:
    """The engine's view with the answer (``reveal_view``): at a lesson step from the lesson's
    deal; for a puzzle on what the player on turn knows."""
    if asked.kind is not Kind.MOVE or asked.state is None:
        return
    subject = ask.known_position(asked.state, show, unnamed)
    if subject is None:
        return
    with st.container(border=True):
        text.markdown(reveal_view(asked, subject, t))


def _name_field(w: fp.FollowWords) -> None:
    st.session_state["w_class_name"] = str(st.session_state.get(_NAME, ""))
    st.text_input(
        w.name,
        key="w_class_name",
        max_chars=MAX_NAME_CHARS,
        on_change=_name_changed,
        help=w.name_help,
    )


@chrome.safe_callback
def _name_changed() -> None:
    st.session_state[_NAME] = clean_name(str(st.session_state.get("w_class_name") or ""))


@chrome.safe_callback
def send(code: str, question_id: str, answer: str) -> None:
    """A student's answer to the question asked now (counted once; a new answer replaces the
    one before). An answer that is not one of the question's is not sent."""
    asked = _asked_now(code)
    if asked is None or asked.id != question_id or not asked.accepts(answer):
        return
    sent = join_answer(answer, str(st.session_state.get(_NAME, "")))
    st.session_state[_SENT] = (code, question_id, sent)  # kept until counted or refused
    try:
        outcome = rooms().answer(code, session_id(), question_id, sent)
    except RoomsUnavailable:
        chrome.LOG.warning("rooms unavailable: answer kept", exc_info=True)
        session.notice(ROOMS_DOWN)
        session.notice(fp.ANSWER_KEPT)
        return
    _answered(outcome)


def _answered(outcome: Answered) -> None:
    """Tell the student why an answer was not counted (and forget it: sending it again
    would be refused again)."""
    refused = REFUSED.get(outcome)
    if refused is not None:
        st.session_state.pop(_SENT, None)
        session.notice(refused)


def resent(code: str, question: Question | None) -> str | None:
    """This student's answer to the question asked now: the room's, else the one kept in
    the session, sent again (the room lost it with the store, or it was not sent)."""
    if question is None or question.mine is not None or question.revealed:
        return question.mine if question else None
    kept = st.session_state.get(_SENT)
    if not (isinstance(kept, tuple) and kept[:2] == (code, question.id)):
        return None
    outcome = rooms().answer(code, session_id(), question.id, kept[2])
    if outcome is Answered.COUNTED:
        return str(kept[2])
    _answered(outcome)
    return None


def _asked_now(code: str) -> ClassQuestion | None:
    """The question asked in the room now, if this page can show it."""
    store = rooms()
    view = store.get(code)
    pulse = store.pulse(code)
    if view is None or pulse is None:
        return None
    lessons = lessons_of(code, view.file)
    frames = lessons.frames if lessons is not None else _no_frames
    return fw.asked_now(view.lesson, view.step, pulse.question, puzzle_sets.find, frames)

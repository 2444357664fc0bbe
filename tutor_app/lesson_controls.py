"""The controls of a lesson step on the Learn page: the learner's task (a question's answers,
or the move asked with the other moves as buttons), the hint ladder and "Show me", the replies
to the learner's tries, the toggles of the hands shown, and the teacher's question to the class.
What they do happens in ``tutor_app.lesson_callbacks``.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from tutor.engine import Deal, Move, State, TableState, View
from tutor.teach.classroom import lesson_question
from tutor.teach.lessons import HINT_LEVELS, AnyFrame, Frame, Lesson, LessonRun
from tutor.teach.lessons import choices as lc
from tutor.web.hint_html import hint_html
from tutor.web.step import reply_html, step_hint_markdown, task_html
from tutor.words import learn_page as lw
from tutor.words.i18n import Translator
from tutor.words.lesson_text import try_reply
from tutor_app import ask, chrome, session, text
from tutor_app.lesson_callbacks import answer, more_hint, play_try, show_hand, show_me
from tutor_app.room_panel import publish as _publish
from tutor_app.session import state

SHOW_ALL = "t66_table_show_all"  # the learner shows every hand of a lesson at a table


def _hint_subject(lesson: Lesson, before: State) -> State | View:
    """The position a hint works on: the whole deal when the opponent's hand is shown, else
    what the player on turn knows."""
    subject = ask.known_position(before, state.show, lesson.unnamed)
    assert subject is not None
    return subject


def _hint_panel(
    lesson: Lesson, before: Deal, level: int, task: tuple[Move, ...], t: Translator
) -> None:
    """The hint ladder up to ``level`` for the seat on turn, led to the moves the step accepts
    (``task``): with two players on the position as the learner sees it; at a table on that
    seat's view (the hint samples the cards that seat cannot see)."""
    if isinstance(before, State):
        with st.container(border=True):
            text.markdown(step_hint_markdown(_hint_subject(lesson, before), level, t, task=task))
    elif isinstance(before, TableState):
        text.html(hint_html(before, level, t, task))


def replies(run: LessonRun, known: frozenset[str], t: Translator, *, line: bool = False) -> None:
    """What the learner has read at the frame shown: each try's reply, right or not, in the
    terms met by the end of this lesson (``known``); as a short line over the table on a phone
    (``line``), else in a box beside it."""
    for index, tried in run.replies(run.step):
        reply = try_reply(tried, run.frames[index], t, known)
        words = " ".join(reply.lines)
        if line:
            text.html(reply_html(words, reply.right))
        elif reply.right:
            text.success(words, icon=":material/check_circle:")
        else:
            text.warning(words, icon=":material/lightbulb:")


def task_line(run: LessonRun, index: int, w: lw.LearnWords, t: Translator) -> None:
    """The task of step ``index`` in a line: the question, or the move asked."""
    frame = run.frames[index]
    if frame.question is not None:
        text.html(task_html(w.question, lw.said(frame.question.text, t)))
        return
    player = run.frames[index - 1].state.to_move if index else None
    if frame.your_move is not None and player is not None:
        text.html(task_html(w.your_move, lw.move_prompt(frame.your_move, player, t)))


def task_controls(
    run: LessonRun, lesson: Lesson, index: int, w: lw.LearnWords, t: Translator
) -> None:
    """The step the learner has to do: the answers of a question, or the cards of the player
    on turn (and their other moves), with "Show me" after two misses."""
    frame = run.frames[index]
    if frame.question is not None:
        _question_controls(run.lesson, frame, index, w, t)
        return
    ym = frame.your_move
    before = run.frames[index - 1]
    player = before.state.to_move
    if ym is None or player is None:
        return
    moves = lc.other_moves(run, index)
    labels = lw.move_buttons(before, moves, t)
    _move_task(
        run.lesson,
        index,
        lw.move_prompt(ym, player, t),
        player,
        zip(labels, moves, strict=True),
        w,
        t,
    )
    level = run.hint(index)
    if level:
        _hint_panel(lesson, before.state, level, frame.accepted, t)
    _hint_and_show_buttons(run, index, w, t)


def _hint_and_show_buttons(run: LessonRun, index: int, w: lw.LearnWords, t: Translator) -> None:
    """The button for the next hint level (until the last), and "Show me" after two misses."""
    hint_col, show_col = st.columns(2)
    level = run.hint(index)
    if level < HINT_LEVELS:
        with hint_col:
            st.button(
                lw.hint_button(level + 1, t),
                key=f"hint_{index}",
                on_click=more_hint,
                args=(run.lesson, index),
                icon=":material/lightbulb:",
                width="stretch",
            )
    if run.may_show(index):
        with show_col:
            st.button(
                w.show_me,
                key=f"show_me_{index}",
                on_click=show_me,
                args=(run.lesson, index),
                icon=":material/visibility:",
                width="stretch",
            )


def _question_controls(
    lesson_id: str, frame: AnyFrame, index: int, w: lw.LearnWords, t: Translator
) -> None:
    """The question asked at a step, and its answers as buttons."""
    assert frame.question is not None
    text.html(task_html(w.question, lw.said(frame.question.text, t)))
    for i, label in enumerate(lw.answers(frame, t)):
        st.button(
            label,
            key=f"answer_{index}_{i}",
            on_click=answer,
            args=(lesson_id, index, i),
            width="stretch",
        )


def _move_task(
    lesson_id: str,
    index: int,
    prompt: str,
    player: int,
    choices: Iterable[tuple[str, Move]],
    w: lw.LearnWords,
    t: Translator,
) -> None:
    """The task of a your-move step: the prompt, how to play a card of ``player`` on the table,
    the moves that are no card (each a label and its move) as buttons, and the marks of the
    cards that may be played."""
    text.html(task_html(w.your_move, prompt))
    text.caption(lw.click_card(player, t))
    for label, choice in choices:
        notation = str(choice)
        st.button(
            label,
            key=f"try_{index}_{notation}",
            on_click=play_try,
            args=(lesson_id, index, notation),
        )
    chrome.mark_legal_toggle(w.mark_legal, w.mark_legal_help)


def seat_controls(w: lw.LearnWords, seats: int) -> None:
    """The toggles of the hands shown: A's and B's with two players; at a table, every hand."""
    if seats > 2:
        st.toggle(w.show_all, key=SHOW_ALL, help=w.show_all_help)
        return
    a, b = st.columns(2)
    with a:
        session.bind("w_show_a", "show_a")
        st.toggle(
            w.show_a,
            key="w_show_a",
            on_change=show_hand,
            args=("show_a", "w_show_a"),
        )
    with b:
        session.bind("w_show_b", "show_b")
        st.toggle(
            w.show_b,
            key="w_show_b",
            on_change=show_hand,
            args=("show_b", "w_show_b"),
        )


def ask_controls(t: Translator, lesson: Lesson, frames: tuple[Frame, ...], step: int) -> bool:
    """The teacher's question to the class at this step (``tutor_app.ask``); whether it is
    asked now."""
    asked = lesson_question(lesson.id, frames, step)
    if asked is None:
        return False
    subject = (
        ask.known_position(asked.state, state.show, lesson.unnamed)
        if isinstance(asked.state, State)
        else None
    )
    choices, whys = ask.choice_texts(t, frames[step])
    return ask.controls(t, asked, choices, whys, subject, _publish)

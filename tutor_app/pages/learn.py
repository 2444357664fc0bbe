"""Learn: the lessons by level, and the lesson player.

The player shows one frame of a lesson's replay: the table
(tutor.web.lesson_frame.frame_board_html), the narration with the rule and its source
(tutor.web.lesson_frame.frame_step_html), and the controls. Moving happens in callbacks
(``tutor_app.lesson_callbacks``), and so does sharing the view with the students who follow; the
address follows the step (``?lesson=...&step=...&lang=...``). The list of lessons is
``tutor_app.lesson_catalogue``, the controls of a step ``tutor_app.lesson_controls``.
"""

from __future__ import annotations

import functools

import streamlit as st

from tutor.teach.lessons import Lesson
from tutor.teach.lessons import choices as lc
from tutor.web import course, lesson_frame
from tutor.web.handout import file_name, lesson_sheet_html
from tutor.web.links import DeepLink, choose_step, link_params
from tutor.web.titles import page_title_html
from tutor.words import learn_page as lw
from tutor.words.handout_text import HandoutWords
from tutor.words.i18n import Translator
from tutor_app import ask, board, chrome, keys, progress, session, studio_link, text
from tutor_app.lesson_callbacks import (
    close_lesson,
    lessons,
    move,
    on_keys,
    open_lesson,
    play_try,
    restart,
    run_of,
    set_step,
    shows_of,
    slide,
)
from tutor_app.lesson_catalogue import catalogue
from tutor_app.lesson_controls import (
    SHOW_ALL,
    ask_controls,
    replies,
    seat_controls,
    task_controls,
    task_line,
)
from tutor_app.room_panel import publish as _publish
from tutor_app.room_panel import room_button, share_controls
from tutor_app.session import state
from tutor_app.shared import library, tr

PUZZLES_PAGE = "tutor_app/pages/puzzles.py"

#: The key of the table the learner plays on.
BOARD_KEY = "t66_board"


# ----------------------------------------------------------------------------- page


def page() -> None:
    chrome.guarded(_body)()


def _apply_link(link: DeepLink) -> None:
    """Open what the address asks for; explain kindly what cannot be opened."""
    if not link.lesson:
        return
    lib = lessons()
    lesson = lib.get(link.lesson)
    if lesson is None:
        state.lesson = None
        session.notice(lw.NO_SUCH_LESSON, lesson=link.lesson)
        return
    frames = lib.frames(link.lesson)
    if not frames:
        state.lesson = None
        return
    shows_of(lesson)
    _open_at(link, len(frames) - 1)


def _open_at(link: DeepLink, last: int) -> None:
    """Open the lesson of ``link`` at the step it asks for, or the nearest one there is."""
    assert link.lesson is not None
    choice = choose_step(link.step, last, bad=link.bad_step)
    state.lesson = link.lesson
    set_step(link.lesson, choice.step, finish=False)
    if choice.corrected:
        session.notice(
            lw.NO_SUCH_STEP,
            last=last,
            step=link.step_text or "",
            shown=choice.step,
        )


def _body() -> None:
    link = session.pending_link()
    if link is not None:
        _apply_link(link)
    lib = lessons()
    lesson = lib.get(state.lesson) if state.lesson else None
    if lesson is not None and lib.frames(lesson.id):
        chrome.show_notices()
        _player(lesson)
    else:
        if state.lesson:
            session.notice(lw.CANNOT_SHOW)
            state.lesson = None
        chrome.projector_bar()
        chrome.show_notices()
        catalogue()
    chrome.sync_address(
        link_params(
            lesson=state.lesson,
            step=int(state.step),
            lang=state.lang,
            style=state.style,
            projector=bool(state.projector),
        )
    )
    ask.keep_room(_publish)


def _lesson_end(lesson: Lesson, at_end: bool) -> None:
    """Below the lesson's text: keep the progress, and at the lesson's end offer the next
    lesson on the course's path (after the last one, the puzzles)."""
    progress.keep()
    if not at_end:
        return
    t = tr()
    w = lw.LearnWords().said(t)
    following = course.next_lesson(course.course_path(library().lessons), lesson.id)
    if following is not None:
        _next_lesson_button(following, w.next_lesson, t)
    else:
        text.markdown(w.last_lesson)
        st.page_link(PUZZLES_PAGE, label=w.puzzles, icon=":material/extension:", width="stretch")


def _player(lesson: Lesson) -> None:
    """A lesson for any number of seats: the table, the narration, the steps, and the
    learner's questions and moves. Shared with a class, the students follow the steps and
    answer its questions."""
    t = tr()
    w = lw.LearnWords().said(t)
    frames = lessons().frames(lesson.id)
    last = len(frames) - 1
    step = max(0, min(int(state.step), last))
    frame = frames[step]
    projector = bool(state.projector)
    title = lw.said(lesson.title, t)
    chrome.page_title(title, w.page)
    # First on the page, so that the keys are heard as soon as the page shows (a clicker pressed
    # before the listener is there is not counted).
    keys.listen(on_keys)

    summary = "" if projector else lw.said(lesson.summary, t)
    _title_row(title, lw.level_line(lesson.level, t), summary, projector, w)

    run = run_of(lesson.id)
    assert run is not None
    pending, asked = run.task, run.asked
    # A teacher on the projector or sharing the screen with students may go on unanswered.
    teaching = projector or state.room is not None
    # The player on turn plays on the table: their hand is shown while the move is asked.
    show = lc.hands_shown(
        lesson.seats,
        lesson.shows,
        state.show,
        show_all=bool(st.session_state.get(SHOW_ALL)),
        on_turn=frame.state.to_move if asked is not None else None,
    )
    # On a phone the columns stack: the task and the reply to a try come above the table.
    phone = not teaching and (pending is not None or bool(run.replies(run.step)))
    board_col, text_col = st.columns([3, 2], gap="medium")
    with board_col:
        if phone:
            with st.container(key="t66_phone_task"):
                task_line(run, pending if pending is not None else step, w, t)
                replies(run, course.known_terms(library().lessons, lesson), t, line=True)
        if asked is None:
            text.html(
                lesson_frame.frame_board_html(
                    lesson,
                    frame,
                    t,
                    style=state.style,
                    show=show,
                    projector=projector,
                    before=frames[step - 1] if step else None,
                )
            )
        else:
            cards = lc.card_choices(run, asked, mark_legal=bool(state.mark_legal))
            board.card_board(
                lesson_frame.frame_board_html(
                    lesson,
                    frame,
                    t,
                    style=state.style,
                    show=show,
                    projector=projector,
                    before=frames[step - 1] if step else None,
                    pick=cards.hand,
                    legal=cards.legal,
                ),
                key=BOARD_KEY,
                on_play=functools.partial(play_try, lesson.id, asked),
                focus=not teaching,
            )
        _nav(step, last, pending is not None and not teaching, projector, w, t)
    with text_col:
        text.html(
            lesson_frame.frame_step_html(
                frames, step, t, compare=bool(lesson.compare), show=show, hidden=lesson.unnamed
            )
        )
        with st.container(key="t66_replies" if phone else None):
            replies(run, course.known_terms(library().lessons, lesson), t)
        # The class answers a question asked at this step: the teacher's own task gives way.
        class_asked = bool(state.room) and ask_controls(t, lesson, frames, step)
        if pending is not None and not class_asked:
            task_controls(run, lesson, pending, w, t)
        if step >= last:
            text.success(w.end, icon=":material/flag:")
        _lesson_end(lesson, step >= last)
        seat_controls(w, lesson.seats)
        if not projector:  # the lesson's sheet to print, made when it is asked for
            st.download_button(
                HandoutWords().said(t).lesson_sheet,
                data=functools.partial(lesson_sheet_html, lesson, frames, t),
                file_name=file_name("lesson", lesson.id),
                mime="text/html",
                key="t66_lesson_sheet",
                icon=":material/print:",
                on_click="ignore",
            )
            studio_link.offer(frame.state, t, key="t66_studio")  # this step in the studio
        share_controls(w)


def _title_row(title: str, level: str, summary: str, projector: bool, w: lw.LearnWords) -> None:
    """The lesson's title, level and summary, with the way back to the list (and on the
    projector, the projector's controls)."""
    if projector:
        head, right, pop, out = st.columns([3.4, 1.6, 1.6, 1.6], vertical_alignment="center")
        chrome.projector_controls(pop, out)
    else:
        head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        text.html(
            page_title_html(
                title,
                level,
                summary,
                cls="t66-title" if projector else "",
                room=chrome.open_room(),
            )
        )
    with right:
        st.button(
            w.all_lessons,
            key="to_list",
            on_click=close_lesson,
            icon=":material/list:",
            width="stretch",
        )
        room_button()


def _nav(
    step: int, last: int, held: bool, projector: bool, w: lw.LearnWords, t: Translator
) -> None:
    """The step slider (on the projector, the step counter) on its own line, and below it
    Restart, Back and Next in a row of equal thirds, so that every label has room in each
    language however narrow the table's column is; Next is held while the learner has a task
    to do first."""
    with st.container(key="t66_nav"):
        with st.container(key="t66_steps"):
            if projector:
                # The clicker's page: no slider, whose old value a browser sends along
                # with fast presses; the counter shows where the lesson stands.
                text.caption(lw.step_counter(step, last, t))
            else:
                session.bind("w_step", "step")
                st.slider(
                    w.step,
                    min_value=0,
                    max_value=max(last, 1),
                    key="w_step",
                    on_change=slide,
                    label_visibility="collapsed",
                    disabled=last == 0,
                )
        c_restart, c_back, c_next = st.columns(3, vertical_alignment="center")
        with c_restart:
            st.button(
                w.restart,
                key="restart",
                on_click=restart,
                disabled=step == 0,
                icon=":material/first_page:",
                width="stretch",
            )
        with c_back:
            st.button(
                w.back,
                key="back",
                on_click=move,
                args=(-1,),
                disabled=step == 0,
                icon=":material/chevron_left:",
                width="stretch",
            )
        with c_next:
            st.button(
                w.next,
                key="next",
                on_click=move,
                args=(1,),
                disabled=step >= last or held,
                type="primary",
                icon=":material/chevron_right:",
                icon_position="right",
                width="stretch",
            )


def _next_lesson_button(following: Lesson, label: str, t: Translator) -> None:
    """What comes next, and the button that opens it."""
    text.caption(lw.next_up(following, t))
    st.button(
        label,
        key="next_lesson",
        on_click=open_lesson,
        args=(following.id,),
        type="primary",
        icon=":material/skip_next:",
        width="stretch",
    )


if __name__ == "__main__":
    page()

"""Learn: the lessons by level, and the lesson player.

The player shows one frame of a lesson's replay: the table
(tutor.web.lesson_frame.frame_board_html), the narration with the rule and its source
(tutor.web.lesson_frame.frame_step_html), and the controls. Moving happens in callbacks, and so
does sharing the view with the students who follow; the address follows the step
(``?lesson=...&step=...&lang=...``).
"""

from __future__ import annotations

import streamlit as st

from tutor.msgid import N_
from tutor.teach.lessons import Lesson
from tutor.web import lesson_frame
from tutor.web.links import DeepLink, choose_step, key_script, link_params
from tutor.web.problems import file_panels
from tutor.web.titles import lesson_card_html, page_title_html, room_code_html
from tutor.words.i18n import Translator
from tutor.words.lesson_text import level_words
from tutor_app import chrome, session, text
from tutor_app.rooms import RoomsFull, format_room
from tutor_app.session import state
from tutor_app.shared import library, rooms, tr

KEY_BUTTONS = {"next": "next", "back": "back", "restart": "restart"}
ROOMS_FULL = N_("Too many rooms are open on this server right now. Try again in a while.")
ROOM_GONE = N_("Your room was closed after a long time without use. Share again for a new code.")


# ----------------------------------------------------------------------------- callbacks


def _publish() -> None:
    """Show the students who follow this screen what it shows now."""
    room, lesson_id = state.room, state.lesson
    if not (room and lesson_id and library().frames(lesson_id)):
        return
    if rooms().publish(room, lesson_id, state.step, state.show) is None:
        state.room = None  # forgotten after hours without use: share again for a new code
        session.notice(ROOM_GONE)


def _set_step(lesson_id: str, step: int) -> None:
    frames = library().frames(lesson_id)
    if not frames:
        return
    last = len(frames) - 1
    state.step = max(0, min(step, last))
    if state.step == last:
        state.finished = set(state.finished) | {lesson_id}
    _publish()


@chrome.safe_callback
def open_lesson(lesson_id: str) -> None:
    lesson = library().get(lesson_id)
    if lesson is None:
        return
    state.lesson = lesson_id
    state.show_a, state.show_b = lesson.shows
    _set_step(lesson_id, 0)


@chrome.safe_callback
def close_lesson() -> None:
    state.lesson = None


@chrome.safe_callback
def move(delta: int) -> None:
    if state.lesson:
        _set_step(state.lesson, int(state.step) + delta)


@chrome.safe_callback
def restart() -> None:
    if state.lesson:
        _set_step(state.lesson, 0)


@chrome.safe_callback
def slide() -> None:
    if state.lesson:
        _set_step(state.lesson, int(st.session_state.w_step))


@chrome.safe_callback
def share() -> None:
    if state.room:
        rooms().close(state.room)
        state.room = None
    if st.session_state.w_share:
        try:
            state.room = rooms().open()
        except RoomsFull:
            session.notice(ROOMS_FULL)
            return
    _publish()


def _show_hand(model_key: str, widget_key: str) -> None:
    session.copy_to(model_key, widget_key)()
    _publish()


# ----------------------------------------------------------------------------- page


def page() -> None:
    chrome.guarded(_body)()


def _apply_link(link: DeepLink) -> None:
    """Open what the address asks for; explain kindly what cannot be opened."""
    if not link.lesson:
        return
    lib = library()
    lesson = lib.get(link.lesson)
    if lesson is None:
        state.lesson = None
        session.notice(
            N_("There is no lesson called '{lesson}'. Choose one from the list below."),
            lesson=link.lesson,
        )
        return
    frames = lib.frames(link.lesson)
    if not frames:
        state.lesson = None
        return
    last = len(frames) - 1
    choice = choose_step(link.step, last, bad=link.bad_step)
    state.lesson = link.lesson
    state.show_a, state.show_b = lesson.shows
    _set_step(link.lesson, choice.step)
    if choice.corrected:
        session.notice(
            N_(
                "This lesson has steps 0 to {last}; there is no step '{step}', "
                "so it opens at step {shown}."
            ),
            last=last,
            step=link.step_text or "",
            shown=choice.step,
        )


def _body() -> None:
    link = session.pending_link()
    if link is not None:
        _apply_link(link)
    lib = library()
    lesson = lib.get(state.lesson) if state.lesson else None
    if lesson is not None and lib.frames(lesson.id):
        chrome.show_notices()
        _player(lesson)
    else:
        if state.lesson:
            session.notice(N_("This lesson cannot be shown."))
            state.lesson = None
        chrome.projector_bar()
        chrome.show_notices()
        _catalogue()
    chrome.sync_address(
        link_params(
            lesson=state.lesson,
            step=int(state.step),
            lang=state.lang,
            style=state.style,
            projector=bool(state.projector),
        )
    )


def _catalogue() -> None:
    t = tr()
    lib = library()
    finished = state.finished
    text.title(t._("Learn 66"))
    text.markdown(
        t._(
            "Each lesson replays a deal card by card and explains every move with the rule "
            "behind it and the source it comes from."
        )
    )
    unreadable = t._("A lesson file could not be read:")
    for panel in file_panels(lib.errors, lib.folder, t):
        text.error(panel.markdown(unreadable))
    if not lib.lessons:
        text.info(t._("There are no lessons yet."))
        return
    for level in sorted({les.level for les in lib.lessons}):
        text.subheader(level_words(level, t))
        lessons = [les for les in lib.lessons if les.level == level]
        for row in range(0, len(lessons), 3):
            cols = st.columns(3)
            for col, les in zip(cols, lessons[row : row + 3], strict=False):
                with col, st.container(border=True):
                    done = les.id in finished
                    steps = max(len(lib.frames(les.id)) - 1, 0)
                    text.html(lesson_card_html(les, steps, t, finished=done))
                    st.button(
                        t._("Open again") if done else t._("Open"),
                        key=f"open_{les.id}",
                        on_click=open_lesson,
                        args=(les.id,),
                        type="secondary" if done else "primary",
                        icon=":material/play_arrow:",
                    )


def _player(lesson: Lesson) -> None:
    t = tr()
    frames = library().frames(lesson.id)
    last = len(frames) - 1
    step = max(0, min(int(state.step), last))
    frame = frames[step]
    projector = bool(state.projector)
    show = state.show
    chrome.page_title(t._(lesson.title), t._("Learn"))

    if projector:
        head, right, pop, out = st.columns([5, 1.3, 1.3, 1.3], vertical_alignment="center")
        chrome.projector_controls(pop, out)
    else:
        head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        summary = "" if projector or not lesson.summary else t._(lesson.summary)
        text.html(
            page_title_html(
                t._(lesson.title),
                t._("Level {level}", level=lesson.level),
                summary,
                cls="t66-title" if projector else "",
            )
        )
    with right:
        st.button(
            t._("All lessons"),
            key="to_list",
            on_click=close_lesson,
            icon=":material/list:",
            width="stretch",
        )

    board_col, text_col = st.columns([3, 2], gap="medium")
    with board_col:
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
        c_restart, c_back, c_slider, c_next = st.columns(
            [2, 1.5, 2.5, 1.8], vertical_alignment="center"
        )
        with c_restart:
            st.button(
                t._("Restart"),
                key="restart",
                on_click=restart,
                disabled=step == 0,
                icon=":material/first_page:",
                width="stretch",
            )
        with c_back:
            st.button(
                t._("Back"),
                key="back",
                on_click=move,
                args=(-1,),
                disabled=step == 0,
                icon=":material/chevron_left:",
                width="stretch",
            )
        with c_slider:
            session.bind("w_step", "step")
            st.slider(
                t._("Step"),
                min_value=0,
                max_value=max(last, 1),
                key="w_step",
                on_change=slide,
                label_visibility="collapsed",
                disabled=last == 0,
            )
        with c_next:
            st.button(
                t._("Next"),
                key="next",
                on_click=move,
                args=(1,),
                disabled=step >= last,
                type="primary",
                icon=":material/chevron_right:",
                icon_position="right",
                width="stretch",
            )
    with text_col:
        text.html(
            lesson_frame.frame_step_html(
                frames, step, t, compare=bool(lesson.compare), show=show, hidden=lesson.unnamed
            )
        )
        if step >= last:
            text.success(t._("You have reached the end of this lesson."), icon=":material/flag:")
        _seat_controls(t)
        _share_controls(t)
    text.script(key_script(KEY_BUTTONS))


def _seat_controls(t: Translator) -> None:
    a, b = st.columns(2)
    with a:
        session.bind("w_show_a", "show_a")
        st.toggle(
            t._("Show the hand of A"),
            key="w_show_a",
            on_change=_show_hand,
            args=("show_a", "w_show_a"),
        )
    with b:
        session.bind("w_show_b", "show_b")
        st.toggle(
            t._("Show the hand of B"),
            key="w_show_b",
            on_change=_show_hand,
            args=("show_b", "w_show_b"),
        )


def _share_controls(t: Translator) -> None:
    st.session_state.w_share = state.room is not None
    st.toggle(
        t._("Let students follow this screen"),
        key="w_share",
        on_change=share,
        help=t._("Students open the page 'Follow a teacher' and type the room code."),
    )
    room = state.room
    if room:
        text.html(room_code_html(t._("Room code"), format_room(room)))


if __name__ == "__main__":
    page()

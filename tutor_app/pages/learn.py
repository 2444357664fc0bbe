"""Learn: the lessons by level, and the lesson player.

The player shows one frame of a lesson's replay: the table (tutor.web.present.board_html), the
narration with the rule and its source (tutor.web.present.step_html), and the controls. Moving
happens in callbacks; the address follows the step (``?lesson=...&step=...&lang=...``).
"""

from __future__ import annotations

import streamlit as st

from tutor.msgid import N_
from tutor.teach.lessons import Lesson
from tutor.web import present
from tutor.web.present import BoardOptions
from tutor.words.i18n import Translator
from tutor_app import common

LEVEL_NAMES = {
    1: N_("Level 1: first steps"),
    2: N_("Level 2: playing well"),
    3: N_("Level 3: fine points"),
}
KEY_BUTTONS = {"next": "next", "back": "back", "restart": "restart"}


# ----------------------------------------------------------------------------- callbacks


def _set_step(lesson_id: str, step: int) -> None:
    ss = st.session_state
    frames = common.library().frames(lesson_id)
    if not frames:
        return
    last = len(frames) - 1
    ss.step = max(0, min(step, last))
    if ss.step == last:
        ss.finished = set(ss.get("finished", set())) | {lesson_id}


@common.safe_callback
def open_lesson(lesson_id: str) -> None:
    ss = st.session_state
    lesson = common.library().get(lesson_id)
    if lesson is None:
        return
    ss.lesson = lesson_id
    ss.show_a, ss.show_b = lesson.shows
    _set_step(lesson_id, 0)


@common.safe_callback
def close_lesson() -> None:
    st.session_state.lesson = None


@common.safe_callback
def move(delta: int) -> None:
    ss = st.session_state
    if ss.get("lesson"):
        _set_step(ss.lesson, int(ss.get("step", 0)) + delta)


@common.safe_callback
def restart() -> None:
    ss = st.session_state
    if ss.get("lesson"):
        _set_step(ss.lesson, 0)


@common.safe_callback
def slide() -> None:
    ss = st.session_state
    if ss.get("lesson"):
        _set_step(ss.lesson, int(ss.w_step))


@common.safe_callback
def share() -> None:
    ss = st.session_state
    if ss.get("room"):
        common.rooms().close(ss.room)
    ss.room = common.rooms().open() if ss.w_share else None


# ----------------------------------------------------------------------------- page


def page() -> None:
    common.guarded(_body)()


def _apply_link(link: present.DeepLink) -> None:
    """Open what the address asks for; explain kindly what cannot be opened."""
    ss = st.session_state
    if not link.lesson:
        return
    lib = common.library()
    lesson = lib.get(link.lesson)
    if lesson is None:
        ss.lesson = None
        common.notice(
            N_("There is no lesson called '{lesson}'. Choose one from the list below."),
            lesson=link.lesson,
        )
        return
    frames = lib.frames(link.lesson)
    if not frames:
        ss.lesson = None
        return
    last = len(frames) - 1
    choice = present.choose_step(link.step, last, bad=link.bad_step)
    ss.lesson = link.lesson
    ss.show_a, ss.show_b = lesson.shows
    _set_step(link.lesson, choice.step)
    if choice.corrected:
        common.notice(
            N_(
                "This lesson has steps 0 to {last}; there is no step '{step}', "
                "so it opens at step {shown}."
            ),
            last=last,
            step=link.step_text or "",
            shown=choice.step,
        )


def _body() -> None:
    ss = st.session_state
    link = common.pending_link()
    if link is not None:
        _apply_link(link)
    lib = common.library()
    lesson = lib.get(ss.lesson) if ss.get("lesson") else None
    if lesson is not None and lib.frames(ss.lesson):
        common.show_notices()
        _player(lesson)
    else:
        if ss.get("lesson"):
            common.notice(N_("This lesson cannot be shown."))
            ss.lesson = None
        common.projector_bar()
        common.show_notices()
        _catalogue()
    common.sync_address(
        present.link_params(
            lesson=ss.get("lesson"),
            step=int(ss.get("step", 0)),
            lang=ss.lang,
            style=ss.style,
            projector=bool(ss.projector),
        )
    )


def _catalogue() -> None:
    t = common.tr()
    lib = common.library()
    finished = st.session_state.get("finished", set())
    st.title(t._("Learn 66"))
    st.markdown(
        t._(
            "Each lesson replays a deal card by card and explains every move with the rule "
            "behind it and the source it comes from."
        )
    )
    unreadable = t._("A lesson file could not be read:")
    for err in lib.errors:
        st.error(
            f"**{present.md_escape(unreadable)}**  \n" + present.md_escape(err.render(t)),
            icon=":material/error:",
        )
    if not lib.lessons:
        st.info(t._("There are no lessons yet."))
        return
    for level in sorted({les.level for les in lib.lessons}):
        st.subheader(t._(LEVEL_NAMES.get(level, N_("Level {level}")), level=level))
        lessons = [les for les in lib.lessons if les.level == level]
        for row in range(0, len(lessons), 3):
            cols = st.columns(3)
            for col, les in zip(cols, lessons[row : row + 3], strict=False):
                with col, st.container(border=True):
                    done = les.id in finished
                    steps = max(len(lib.frames(les.id)) - 1, 0)
                    finished_word = t._("finished")
                    mark = (
                        f' <span class="t66-done">✓ {present.esc(finished_word)}</span>'
                        if done
                        else ""
                    )
                    step_count = t.n_("{n} step", "{n} steps", steps)
                    rules_word = t._("Rules")
                    st.html(
                        f"<h4 style='margin:0 0 .3em'>{present.esc(t._(les.title))}{mark}</h4>"
                        f"<p style='margin:0 0 .4em'>{present.esc(t._(les.summary))}</p>"
                        f"<p style='margin:0;color:#555;font-size:.9em'>"
                        f"{present.esc(step_count)} · "
                        f"{present.esc(rules_word)}: "
                        f"{present.esc(present.preset_title(les.preset, t))}</p>"
                    )
                    st.button(
                        t._("Open again") if done else t._("Open"),
                        key=f"open_{les.id}",
                        on_click=open_lesson,
                        args=(les.id,),
                        type="secondary" if done else "primary",
                        icon=":material/play_arrow:",
                    )


def _player(lesson: Lesson) -> None:
    ss = st.session_state
    t = common.tr()
    lib = common.library()
    frames = lib.frames(lesson.id)
    last = len(frames) - 1
    step = max(0, min(int(ss.get("step", 0)), last))
    frame = frames[step]
    projector = bool(ss.get("projector"))
    show = (bool(ss.get("show_a", True)), bool(ss.get("show_b", True)))

    if projector:
        head, right, pop, out = st.columns([5, 1.3, 1.3, 1.3], vertical_alignment="center")
        common.projector_controls(pop, out)
    else:
        head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        title_cls = "t66-title" if projector else ""
        summary = (
            ""
            if projector or not lesson.summary
            else f'<p class="t66-summary">{present.esc(t._(lesson.summary))}</p>'
        )
        level_word = t._("Level {level}", level=lesson.level)
        st.html(
            f'<h1 class="{title_cls}" style="margin:0;padding:0">{present.esc(t._(lesson.title))}'
            f' <span class="t66-level">{present.esc(level_word)}'
            f"</span></h1>{summary}"
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
        st.html(
            present.board_html(
                frame.state,
                present.frame_table(frame),
                t,
                BoardOptions(style=ss.style, show=show, projector=projector, hidden=lesson.unnamed),
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
            common.bind("w_step", "step")
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
        st.html(present.frame_step_html(frames, step, t, compare=bool(lesson.compare)))
        if step >= last:
            st.success(t._("You have reached the end of this lesson."), icon=":material/flag:")
        _seat_controls(t)
        _share_controls(t, lesson.id, step, show)
    st.html(present.key_script(KEY_BUTTONS), unsafe_allow_javascript=True)


def _seat_controls(t: Translator) -> None:
    a, b = st.columns(2)
    with a:
        common.bind("w_show_a", "show_a")
        st.toggle(
            t._("Show the hand of A"),
            key="w_show_a",
            on_change=common.copy_to("show_a", "w_show_a"),
        )
    with b:
        common.bind("w_show_b", "show_b")
        st.toggle(
            t._("Show the hand of B"),
            key="w_show_b",
            on_change=common.copy_to("show_b", "w_show_b"),
        )


def _share_controls(t: Translator, lesson_id: str, step: int, show: tuple[bool, bool]) -> None:
    ss = st.session_state
    ss.w_share = ss.get("room") is not None
    st.toggle(
        t._("Let students follow this screen"),
        key="w_share",
        on_change=share,
        help=t._("Students open the page 'Follow a teacher' and type the room code."),
    )
    room = ss.get("room")
    if room:
        common.rooms().publish(room, lesson_id, step, show)
        room_word = t._("Room code")
        st.html(
            f'<p>{present.esc(room_word)}: <span class="t66-room">{present.esc(room)}</span></p>'
        )


if __name__ == "__main__":
    page()

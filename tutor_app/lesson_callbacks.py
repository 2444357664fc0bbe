"""The Learn page's lesson run and the callbacks that move it: open and close a lesson, step
through it (buttons, slider, presenter keys), and the learner's moves, answers and hints at an
interactive step. The run itself is ``tutor.teach.lessons.LessonRun``; it is kept in the session
(``state.lesson_run``, ``state.step``), and every step shown is published to the students who
follow (``tutor_app.room_panel.publish``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from tutor.teach.lessons import Lesson, LessonRun, Lessons
from tutor.teach.lessons import choices as lc
from tutor_app import chrome, progress, session
from tutor_app.room_panel import publish as _publish
from tutor_app.session import state
from tutor_app.shared import library


def lessons() -> Lessons:
    """The library's lessons and the lesson files the learner opened in this session."""
    return Lessons(library(), state.shelf)


# ----------------------------------------------------------------------------- callbacks


def run_of(lesson_id: str) -> LessonRun | None:
    """The learner's run through the lesson, at the step the session shows (the address, the
    slider, the keys and the rooms read ``state.step``). Opening another lesson starts a new
    run; the same lesson opened again goes on with its run."""
    frames = lessons().frames(lesson_id)
    if not frames:
        return None
    run = state.lesson_run
    if run is None or run.lesson != lesson_id or run.frames is not frames:
        run = LessonRun.start(lesson_id, frames)
    return run.go_to(int(state.step))


def _keep(run: LessonRun) -> None:
    """Keep the run (the step it shows unchanged)."""
    state.lesson_run = run


def _show(run: LessonRun, *, finish: bool = True) -> None:
    """Keep the run and show its step; at the last frame the lesson is finished, unless the
    step was opened by an address (``finish`` false: a link to the end is no lesson done).
    The students who follow this screen see it too."""
    state.lesson_run = run
    state.step = run.step
    if run.finished and finish:
        state.finished = set(state.finished) | {run.lesson}
    _publish()


def set_step(lesson_id: str, step: int, *, finish: bool = True) -> None:
    run = run_of(lesson_id)
    if run is not None:
        _show(run.go_to(step), finish=finish)


@chrome.safe_callback
def open_lesson(lesson_id: str) -> None:
    lesson = lessons().get(lesson_id)
    if lesson is None:
        return
    state.lesson = lesson_id
    shows_of(lesson)
    set_step(lesson_id, 0)


@chrome.safe_callback
def close_lesson() -> None:
    state.lesson = None


@chrome.safe_callback
def move(delta: int) -> None:
    run = run_of(state.lesson) if state.lesson else None
    if run is not None:
        _show(run.leave(time.monotonic()).go_to(run.step + delta))


@chrome.safe_callback
def restart() -> None:
    if state.lesson:
        set_step(state.lesson, 0)


@chrome.safe_callback
def on_keys(presses: dict[str, int], taken: Callable[[], None]) -> None:
    """The presenter keys pressed since the last run: Home to the start, then forward and
    back by the number of presses. Forward stops where the learner has to act first (a
    teacher on the projector or sharing the screen goes on), as the Next button does.

    Everything is worked out first; then the step and the presses taken are written with no
    Streamlit call between them (``tutor_app.keys.listen``)."""
    run = run_of(state.lesson) if state.lesson else None
    if run is None:
        taken()
        return
    teaching = bool(state.projector) or state.room is not None
    run = lc.after_keys(run.leave(time.monotonic()), presses, teaching=teaching)
    state.lesson_run = run
    state.step = run.step
    taken()
    if run.finished:
        state.finished = set(state.finished) | {run.lesson}
    _publish()


@chrome.safe_callback
def slide() -> None:
    run = run_of(state.lesson) if state.lesson else None
    if run is None:
        return
    after = run.slide_to(int(st.session_state.w_step), time.monotonic())
    if after.step != run.step:
        _show(after)


# -- interactive steps: the learner's move and questions ----------------------------------------
# The run (``tutor.teach.lessons.LessonRun``) keeps what the learner did; the callbacks give it
# the learner's clicks and note in the progress a step done right at the first try.


def _note_progress(before: LessonRun, after: LessonRun, index: int) -> None:
    """A step done now, and right at the first try, goes into the progress."""
    if after.first_try_right(index) and not before.is_done(index):
        progress.record_step(after.lesson, after.step_name(index), first_try=True)


@chrome.safe_callback
def play_try(lesson_id: str, index: int, move_text: str) -> None:
    run = run_of(lesson_id)
    if run is None:
        return
    played = lc.move_of(move_text)
    if played is None:
        return  # not a move: the table only sends its own cards
    after = run.try_move(index, played)
    _note_progress(run, after, index)
    (_show if after.step != run.step else _keep)(after)


@chrome.safe_callback
def show_me(lesson_id: str, index: int) -> None:
    run = run_of(lesson_id)
    if run is not None:
        _show(run.show_me(index))


@chrome.safe_callback
def answer(lesson_id: str, index: int, choice: int) -> None:
    run = run_of(lesson_id)
    if run is not None:
        after = run.answer(index, choice)
        _note_progress(run, after, index)
        _keep(after)


@chrome.safe_callback
def more_hint(lesson_id: str, index: int) -> None:
    run = run_of(lesson_id)
    if run is not None:
        _keep(run.more_hint(index))


@chrome.safe_callback
def show_hand(model_key: str, widget_key: str) -> None:
    session.copy_to(model_key, widget_key)()
    _publish()


def shows_of(lesson: Lesson) -> None:
    """The hands shown face up when a lesson opens: as the lesson says (two players: A's and
    B's toggles; at a table every hand shows once the learner asks)."""
    if lesson.seats == 2:
        state.show_a, state.show_b = lesson.shows

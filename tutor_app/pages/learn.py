"""Learn: the lessons by level, and the lesson player.

The player shows one frame of a lesson's replay: the table
(tutor.web.lesson_frame.frame_board_html), the narration with the rule and its source
(tutor.web.lesson_frame.frame_step_html), and the controls. Moving happens in callbacks, and so
does sharing the view with the students who follow; the address follows the step
(``?lesson=...&step=...&lang=...``).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable

import streamlit as st

from tutor.engine import Deal, Move, State, TableState, View
from tutor.teach.classroom import lesson_question
from tutor.teach.lessons import (
    HINT_LEVELS,
    AnyFrame,
    Frame,
    Lesson,
    LessonRun,
    Lessons,
    open_lesson_file,
)
from tutor.teach.lessons import choices as lc
from tutor.teach.uploads import too_often
from tutor.web import course, lesson_frame
from tutor.web.document import uploader_words_css
from tutor.web.handout import file_name, lesson_sheet_html
from tutor.web.hint_html import hint_html
from tutor.web.links import DeepLink, choose_step, link_params
from tutor.web.problems import MAX_LINES_PER_FILE, file_panels, upload_error
from tutor.web.step import reply_html, step_hint_markdown, task_html
from tutor.web.titles import lesson_card_html, page_title_html
from tutor.words import learn_page as lw
from tutor.words.handout_text import HandoutWords
from tutor.words.i18n import Translator
from tutor.words.lesson_text import try_reply
from tutor_app import ask, board, chrome, keys, progress, session, studio_link, text
from tutor_app.progress_panel import progress_controls
from tutor_app.room_panel import publish as _publish
from tutor_app.room_panel import room_button, share_controls
from tutor_app.session import state
from tutor_app.shared import collection, library, tr
from tutor_app.upload_limit import LESSON_FILES_PER_MINUTE, may_check_lesson

#: The largest lesson file the page takes, in MB (the reader's own limit is smaller).
MAX_LESSON_UPLOAD_MB = 1
PUZZLES_PAGE = "tutor_app/pages/puzzles.py"


# ----------------------------------------------------------------------------- lessons

UPLOAD_PROBLEMS = "learn_upload_problems"  # the problems of the last lesson file uploaded


def lessons() -> Lessons:
    """The library's lessons and the lesson files the learner opened in this session."""
    return Lessons(library(), state.shelf)


# ----------------------------------------------------------------------------- callbacks


def _run(lesson_id: str) -> LessonRun | None:
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


def _set_step(lesson_id: str, step: int, *, finish: bool = True) -> None:
    run = _run(lesson_id)
    if run is not None:
        _show(run.go_to(step), finish=finish)


@chrome.safe_callback
def open_lesson(lesson_id: str) -> None:
    lesson = lessons().get(lesson_id)
    if lesson is None:
        return
    state.lesson = lesson_id
    _shows_of(lesson)
    _set_step(lesson_id, 0)


@chrome.safe_callback
def close_lesson() -> None:
    state.lesson = None


@chrome.safe_callback
def move(delta: int) -> None:
    run = _run(state.lesson) if state.lesson else None
    if run is not None:
        _show(run.leave(time.monotonic()).go_to(run.step + delta))


@chrome.safe_callback
def restart() -> None:
    if state.lesson:
        _set_step(state.lesson, 0)


@chrome.safe_callback
def on_keys(presses: dict[str, int], taken: Callable[[], None]) -> None:
    """The presenter keys pressed since the last run: Home to the start, then forward and
    back by the number of presses. Forward stops where the learner has to act first (a
    teacher on the projector or sharing the screen goes on), as the Next button does.

    Everything is worked out first; then the step and the presses taken are written with no
    Streamlit call between them (``tutor_app.keys.listen``)."""
    run = _run(state.lesson) if state.lesson else None
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
    run = _run(state.lesson) if state.lesson else None
    if run is None:
        return
    after = run.slide_to(int(st.session_state.w_step), time.monotonic())
    if after.step != run.step:
        _show(after)


# -- interactive steps: the learner's move and questions ----------------------------------------
# The run (``tutor.teach.lessons.LessonRun``) keeps what the learner did; the callbacks give it
# the learner's clicks and note in the progress a step done right at the first try.

#: The key of the table the learner plays on.
BOARD_KEY = "t66_board"


def _note_progress(before: LessonRun, after: LessonRun, index: int) -> None:
    """A step done now, and right at the first try, goes into the progress."""
    if after.first_try_right(index) and not before.is_done(index):
        progress.record_step(after.lesson, after.step_name(index), first_try=True)


@chrome.safe_callback
def play_try(lesson_id: str, index: int, move_text: str) -> None:
    run = _run(lesson_id)
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
    run = _run(lesson_id)
    if run is not None:
        _show(run.show_me(index))


@chrome.safe_callback
def answer(lesson_id: str, index: int, choice: int) -> None:
    run = _run(lesson_id)
    if run is not None:
        after = run.answer(index, choice)
        _note_progress(run, after, index)
        _keep(after)


@chrome.safe_callback
def more_hint(lesson_id: str, index: int) -> None:
    run = _run(lesson_id)
    if run is not None:
        _keep(run.more_hint(index))


@chrome.safe_callback
def mark_legal() -> None:
    state.mark_legal = bool(st.session_state.get("w_mark_legal", False))


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
    _shows_of(lesson)
    _open_at(link, len(frames) - 1)


def _open_at(link: DeepLink, last: int) -> None:
    """Open the lesson of ``link`` at the step it asks for, or the nearest one there is."""
    assert link.lesson is not None
    choice = choose_step(link.step, last, bad=link.bad_step)
    state.lesson = link.lesson
    _set_step(link.lesson, choice.step, finish=False)
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
    ask.keep_room(_publish)


def _catalogue() -> None:
    """The landing page: what 66 is, one "Start here", the course's path in its groups with
    the learner's progress, and the progress file (download, upload, reset)."""
    t = tr()
    w = lw.LearnWords().said(t)
    lib = library()
    progress.keep()
    done = progress.current()
    text.title(w.title)
    text.html(course.intro_html(t))
    for panel in file_panels(lib.errors, lib.folder, t):
        text.error(panel.markdown(w.unreadable))
    if not lib.lessons:
        text.info(w.none_yet)
        return
    path = course.course_path(lib.lessons)
    first = course.first_to_do(path, done)
    if first is None or not done.lessons:
        start, label = path[0], w.start_here
    else:
        start, label = first, lw.continue_label(first.title, t)
    st.button(
        label,
        key="start_here",
        on_click=open_lesson,
        args=(start.id,),
        type="primary",
        icon=":material/play_arrow:",
    )
    text.caption(course.progress_line(done, path, len(collection().puzzles), t))
    number = 0
    for group in course.course_groups(lib.lessons):
        text.subheader(lw.said(group.title, t))
        for row in range(0, len(group.lessons), 3):
            cols = st.columns(3)
            for col, les in zip(cols, group.lessons[row : row + 3], strict=False):
                number += 1
                with col, st.container(border=True):
                    finished = les.id in done.lessons
                    steps = max(len(lib.frames(les.id)) - 1, 0)
                    text.html(lesson_card_html(les, steps, t, finished=finished))
                    st.button(
                        w.open_again if finished else w.open,
                        key=f"open_{les.id}",
                        on_click=open_lesson,
                        args=(les.id,),
                        type="tertiary" if finished else "secondary",
                        icon=":material/replay:" if finished else ":material/play_arrow:",
                        help=lw.lesson_number(number, len(path), t),
                    )
    open_file_controls(t)
    progress_controls(t)


def open_file_controls(t: Translator) -> None:
    """Open a lesson file from this computer (a teacher's, or a deal played on the Play page
    and downloaded): read, checked and replayed like the lessons of the course."""
    w = lw.LearnWords().said(t)
    with st.expander(w.open_file, icon=":material/upload_file:"):
        text.markdown(w.open_file_about)
        text.html(
            uploader_words_css(w.choose_file, lw.lesson_upload_limit(MAX_LESSON_UPLOAD_MB, t))
        )
        st.file_uploader(
            w.upload_lesson,
            type=["yaml", "yml"],
            key="w_lesson_upload",
            on_change=_lesson_uploaded,
            max_upload_size=MAX_LESSON_UPLOAD_MB,
        )
        problems = st.session_state.get(UPLOAD_PROBLEMS) or ()
        if problems:
            lines = [p.render(t) for p in problems[:MAX_LINES_PER_FILE]]
            text.error("\n\n".join([w.cannot_open, *lines]))


def open_upload(name: str, data: bytes) -> None:
    """Check an uploaded lesson file and open it, or keep its problems to show."""
    lesson, frames, errors = open_lesson_file(name, data)
    if lesson is None:
        st.session_state[UPLOAD_PROBLEMS] = tuple(upload_error(e, name, data) for e in errors)
        return
    st.session_state[UPLOAD_PROBLEMS] = ()
    state.shelf = state.shelf.with_lesson(lesson, frames, data)
    open_lesson(lesson.id)


@chrome.safe_callback
def _lesson_uploaded() -> None:
    upload = st.session_state.get("w_lesson_upload")
    if upload is None:
        st.session_state[UPLOAD_PROBLEMS] = ()
        return
    name = str(getattr(upload, "name", "") or "lesson.yaml")
    check_upload(name, int(getattr(upload, "size", 0)), upload.getvalue)


def check_upload(name: str, size: int, read: Callable[[], bytes]) -> None:
    """Open an uploaded lesson file of ``size`` bytes (``read`` gives them), unless it is too
    large or this session has had ``LESSON_FILES_PER_MINUTE`` checked in the last minute: then
    it is not read, and its problem is kept to show."""
    err = lc.too_large(name, size)
    if err is not None:  # not read at all
        st.session_state[UPLOAD_PROBLEMS] = (upload_error(err, name, None),)
        return
    if not may_check_lesson():  # not read: a few files a minute per session
        limited = too_often(name, LESSON_FILES_PER_MINUTE)
        st.session_state[UPLOAD_PROBLEMS] = (upload_error(limited, name, None),)
        return
    open_upload(name, read())


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


def _shows_of(lesson: Lesson) -> None:
    """The hands shown face up when a lesson opens: as the lesson says (two players: A's and
    B's toggles; at a table every hand shows once the learner asks)."""
    if lesson.seats == 2:
        state.show_a, state.show_b = lesson.shows


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

    run = _run(lesson.id)
    assert run is not None
    pending, asked = run.task, run.asked
    # A teacher on the projector or sharing the screen with students may go on unanswered.
    teaching = projector or state.room is not None
    # The player on turn plays on the table: their hand is shown while the move is asked.
    show = lc.hands_shown(
        lesson.seats,
        lesson.shows,
        state.show,
        show_all=bool(st.session_state.get(_SHOW_ALL)),
        on_turn=frame.state.to_move if asked is not None else None,
    )
    # On a phone the columns stack: the task and the reply to a try come above the table.
    phone = not teaching and (pending is not None or bool(run.replies(run.step)))
    board_col, text_col = st.columns([3, 2], gap="medium")
    with board_col:
        if phone:
            with st.container(key="t66_phone_task"):
                _task_line(run, pending if pending is not None else step, w, t)
                _replies(run, course.known_terms(library().lessons, lesson), t, line=True)
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
            _replies(run, course.known_terms(library().lessons, lesson), t)
        # The class answers a question asked at this step: the teacher's own task gives way.
        class_asked = bool(state.room) and _ask_controls(t, lesson, frames, step)
        if pending is not None and not class_asked:
            _task_controls(run, lesson, pending, w, t)
        if step >= last:
            text.success(w.end, icon=":material/flag:")
        _lesson_end(lesson, step >= last)
        _seat_controls(w, lesson.seats)
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
    """Restart, Back, the step slider (on the projector, the step counter) and Next; Next is
    held while the learner has a task to do first."""
    with st.container(key="t66_nav"):
        c_restart, c_back, c_slider, c_next = st.columns(
            [2, 1.5, 2.5, 1.8], vertical_alignment="center"
        )
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
        with c_slider:
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


def _replies(run: LessonRun, known: frozenset[str], t: Translator, *, line: bool = False) -> None:
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


def _task_line(run: LessonRun, index: int, w: lw.LearnWords, t: Translator) -> None:
    """The task of step ``index`` in a line: the question, or the move asked."""
    frame = run.frames[index]
    if frame.question is not None:
        text.html(task_html(w.question, lw.said(frame.question.text, t)))
        return
    player = run.frames[index - 1].state.to_move if index else None
    if frame.your_move is not None and player is not None:
        text.html(task_html(w.your_move, lw.move_prompt(frame.your_move, player, t)))


def _task_controls(
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


_SHOW_ALL = "t66_table_show_all"  # the learner shows every hand of a lesson at a table


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
    st.session_state.w_mark_legal = bool(state.mark_legal)
    st.toggle(
        w.mark_legal,
        key="w_mark_legal",
        on_change=mark_legal,
        help=w.mark_legal_help,
    )


def _seat_controls(w: lw.LearnWords, seats: int) -> None:
    """The toggles of the hands shown: A's and B's with two players; at a table, every hand."""
    if seats > 2:
        st.toggle(w.show_all, key=_SHOW_ALL, help=w.show_all_help)
        return
    a, b = st.columns(2)
    with a:
        session.bind("w_show_a", "show_a")
        st.toggle(
            w.show_a,
            key="w_show_a",
            on_change=_show_hand,
            args=("show_a", "w_show_a"),
        )
    with b:
        session.bind("w_show_b", "show_b")
        st.toggle(
            w.show_b,
            key="w_show_b",
            on_change=_show_hand,
            args=("show_b", "w_show_b"),
        )


def _ask_controls(t: Translator, lesson: Lesson, frames: tuple[Frame, ...], step: int) -> bool:
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


if __name__ == "__main__":
    page()

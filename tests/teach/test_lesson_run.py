"""A lesson run without Streamlit (``tutor.teach.lessons.LessonRun``): what keeps Next waiting,
misses, "Show me", the hint ladder, answers, and which steps count as right at the first try,
over every your-move and question step of the lessons in ``lessons/`` (for two players and for
three or four)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tutor.engine import CARDS, Move, Play
from tutor.teach.lessons import (
    ECHO_SECONDS,
    HINT_LEVELS,
    MISSES_BEFORE_SHOW,
    AnyFrame,
    Lesson,
    LessonRun,
    Lessons,
    Library,
    Shelf,
    TryKind,
    load_lessons,
    open_lesson_file,
    replay,
)
from tutor.words.i18n import get_translator
from tutor.words.lesson_text import try_reply

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
GOOD, _ = load_lessons(LESSONS)
FRAMES: dict[str, tuple[AnyFrame, ...]] = {les.id: replay(les) for les in GOOD}
ALL = sorted(FRAMES)
MOVES = [(i, k) for i in ALL for k, f in enumerate(FRAMES[i]) if f.your_move is not None]
QUESTIONS = [(i, k) for i in ALL for k, f in enumerate(FRAMES[i]) if f.question is not None]
EN = get_translator("en")


def test_the_lessons_have_steps_of_both_kinds_for_two_and_for_more() -> None:
    tables = {les.id for les in GOOD if les.seats > 2}
    assert {i for i, _ in MOVES} - tables and {i for i, _ in MOVES} & tables
    assert {i for i, _ in QUESTIONS} - tables and {i for i, _ in QUESTIONS} & tables


def before_move(lesson_id: str, index: int) -> LessonRun:
    """A run at the frame before the your-move frame ``index``, its question there answered."""
    run = LessonRun.start(lesson_id, FRAMES[lesson_id], index - 1)
    question = run.frames[index - 1].question
    if question is not None:
        run = run.answer(index - 1, question.right)
    return run


def wrong_move(run: LessonRun, index: int) -> Move:
    """A move the lesson does not accept at ``index``: a legal one if there is, else a card
    the rules forbid."""
    accepted = run.frames[index].accepted
    legal = run.legal_moves(index)
    weaker = [m for m in legal if m not in accepted]
    if weaker:
        return weaker[0]
    return next(Play(c) for c in CARDS if Play(c) not in legal)


def said(run: LessonRun, index: int) -> list[tuple[bool, str]]:
    """What the learner reads at frame ``index``, in English, and whether each is right."""
    out = []
    for task, tried in run.replies(index):
        reply = try_reply(tried, run.frames[task], EN)
        assert reply.right == tried.right and all(reply.lines)
        out.append((reply.right, " ".join(reply.lines)))
    return out


@pytest.mark.parametrize(("lesson_id", "index"), MOVES)
def test_a_move_found_at_the_first_try(lesson_id: str, index: int) -> None:
    run = before_move(lesson_id, index)
    frame = run.frames[index]
    assert run.gates_next and run.task == index
    assert run.next_step() == run  # Next waits for the move
    assert run.next_step(teaching=True).step == index  # a teacher goes on
    if run.frames[index - 1].state.to_move is not None:
        assert run.asked == index
    assert frame.move in frame.accepted
    assert frame.move is not None
    played = run.try_move(index, frame.move)
    assert played.step == index and played.is_done(index) and index in played.done
    assert played.first_try_right(index) and played.misses(index) == 0
    assert [t.kind for _, t in played.replies(index)] == [TryKind.MOVE]
    assert said(played, index)[0][0]
    back = played.go_to(index - 1)
    assert back.replies(index - 1) == () or run.frames[index - 1].question is not None
    assert back.task != index  # done: no task any more
    assert played.step_name(index) == f"s{frame.step}"


@pytest.mark.parametrize(("lesson_id", "index"), MOVES)
def test_misses_then_show_me(lesson_id: str, index: int) -> None:
    run = before_move(lesson_id, index)
    wrong = wrong_move(run, index)
    missed = run.try_move(index, wrong)
    assert missed.step == index - 1 and missed.misses(index) == 1
    assert not missed.is_done(index) and missed.gates_next
    (task, tried), *_ = [r for r in missed.replies(index - 1) if r[0] == index]
    assert task == index and tried.move == wrong and not tried.right
    assert (tried.verdict is not None) != (wrong in run.legal_moves(index))
    if run.frames[index].values and tried.verdict is None:
        values = dict(run.frames[index].values)
        assert tried.loss == run.frames[index].values[0][1] - values[wrong]
    assert not said(missed, index - 1)[-1][0]
    assert not missed.may_show(index)
    for _ in range(MISSES_BEFORE_SHOW - 1):
        missed = missed.try_move(index, wrong)
    assert missed.may_show(index) and missed.misses(index) == MISSES_BEFORE_SHOW
    assert len([r for r in missed.replies(index - 1) if r[0] == index]) == 1  # the latest only
    shown = missed.show_me(index)
    assert shown.step == index and shown.is_done(index)
    assert not shown.first_try_right(index)
    assert [t.kind for _, t in shown.replies(index)] == [TryKind.SHOWN]
    assert [r for r in shown.replies(index - 1) if r[0] == index] == []  # the misses are behind
    found = missed.try_move(index, run.frames[index].accepted[0])
    assert found.is_done(index) and not found.first_try_right(index)


@pytest.mark.parametrize(("lesson_id", "index"), QUESTIONS)
def test_a_question_answered(lesson_id: str, index: int) -> None:
    run = LessonRun.start(lesson_id, FRAMES[lesson_id], index)
    question = run.frames[index].question
    assert question is not None
    assert run.gates_next and run.task == index and run.next_step() == run
    right = run.answer(index, question.right)
    assert right.is_done(index) and right.first_try_right(index) and right.step == index
    nxt = index + 1
    waits = nxt <= right.last and run.frames[nxt].your_move is not None
    assert right.gates_next == waits
    assert said(right, index) == [(True, EN._(question.answers[question.right].why))]
    wrongs = [k for k, a in enumerate(question.answers) if not a.right]
    assert wrongs, "a question has a wrong answer"
    missed = run.answer(index, wrongs[0])
    assert not missed.is_done(index) and missed.misses(index) == 1 and missed.gates_next
    late = missed.answer(index, question.right)
    assert late.is_done(index) and not late.first_try_right(index)
    assert [r for r, _ in said(late, index)] == [False, True]  # both replies stay
    assert run.answer(index, len(question.answers)) == run  # no such answer
    assert run.answer(index, -1) == run


@pytest.mark.parametrize(("lesson_id", "index"), MOVES)
def test_the_hint_ladder(lesson_id: str, index: int) -> None:
    run = before_move(lesson_id, index)
    levels = []
    for _ in range(HINT_LEVELS + 1):
        run = run.more_hint(index)
        levels.append(run.hint(index))
    assert levels == [*range(1, HINT_LEVELS + 1), HINT_LEVELS]
    assert run.gates_next  # a hint does not do the step


@pytest.mark.parametrize("lesson_id", ALL)
def test_a_lesson_done_right_from_start_to_end(lesson_id: str) -> None:
    """Every task done right at the first try, and Next otherwise, reaches the end with each
    step marked right at the first try; what is not a task is left alone."""
    run = LessonRun.start(lesson_id, FRAMES[lesson_id])
    frames = run.frames
    tasks = [k for k, f in enumerate(frames) if f.question is not None or f.your_move is not None]
    while True:
        task = run.task
        if task is None:
            if run.finished:
                break
            step = run.step
            run = run.next_step()
            assert run.step == step + 1
            continue
        if frames[task].question is not None:
            run = run.answer(task, frames[task].question.right)  # type: ignore[union-attr]
        else:
            move = frames[task].move
            assert move is not None
            run = run.try_move(task, move)
            assert run.step == task
    assert run.finished and not run.gates_next
    assert run.done == frozenset(tasks)
    assert all(run.first_try_right(k) for k in tasks)
    assert run.go_to(10_000).step == run.last and run.go_to(-3).step == 0


@pytest.mark.parametrize("lesson_id", ALL)
def test_steps_without_a_task_take_no_tries(lesson_id: str) -> None:
    run = LessonRun.start(lesson_id, FRAMES[lesson_id])
    frames = run.frames
    plain = [k for k, f in enumerate(frames) if f.your_move is None and f.question is None]
    some = next(Play(c) for c in CARDS)
    for k in plain:
        assert run.try_move(k, some) == run
        assert run.show_me(k) == run
        assert run.answer(k, 0) == run
    assert run.try_move(len(frames), some) == run and run.more_hint(len(frames)) == run


def test_an_empty_lesson_has_no_run() -> None:
    with pytest.raises(ValueError):
        LessonRun.start("empty", ())


# ----------------------------------------------------------------------------- opened files


def test_a_lesson_file_opens_for_two_or_for_more_and_replaces_one_of_its_id() -> None:
    two_path = next(LESSONS.glob("02-*.yaml"))
    table_path = next(LESSONS.glob("table-01-*.yaml"))
    two, frames, errors = open_lesson_file(two_path.name, two_path.read_bytes())
    assert isinstance(two, Lesson) and two.seats == 2 and frames and errors == ()
    table, table_frames, errors = open_lesson_file(table_path.name, table_path.read_bytes())
    assert isinstance(table, Lesson) and table.seats == 3 and table_frames and errors == ()
    broken, none, errors = open_lesson_file("x.yaml", b"title: [")
    assert broken is None and none == () and errors

    library = Library(LESSONS).refresh()
    shelf = Shelf().with_lesson(two, frames)
    lessons = Lessons(library, shelf)
    assert lessons.get(two.id) is two and lessons.frames(two.id) is frames
    # The same id opened as a lesson for three: it takes the place of the one for two.
    moved = replace(table, id=two.id)
    lessons = Lessons(library, shelf.with_lesson(moved, table_frames))
    assert lessons.get(two.id) is moved and lessons.frames(two.id) is table_frames
    assert Lessons(library).get(table.id) is library.get(table.id)
    assert Lessons(library).frames(table.id) == library.frames(table.id)
    assert Lessons(library).frames("no-such-lesson") == ()


def test_a_step_left_moments_ago_on_the_slider_is_an_echo() -> None:
    lesson_id = max(ALL, key=lambda i: len(FRAMES[i]))
    run = LessonRun.start(lesson_id, FRAMES[lesson_id], 1).leave(100.0).go_to(2)
    assert run.slide_to(1, 100.0 + ECHO_SECONDS) == run  # the old value, sent along
    assert run.slide_to(3, 101.0).step == 3  # a step not left of late: the learner's choice
    assert run.slide_to(1, 100.1 + ECHO_SECONDS).step == 1  # long enough ago: chosen
    later = run.leave(200.0)
    assert later.left == ((2, 200.0),)  # the old one forgotten
    assert later.slide_to(2, 200.0).step == 2  # the step shown stays

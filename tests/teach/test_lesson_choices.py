"""What the lesson player offers and what a click or a key does, without Streamlit
(``tutor.teach.lessons.choices``), over every your-move step of the lessons in ``lessons/``
(two players and a table of three or four), and the Learn page's words
(``tutor.words.learn_page``) in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine import Card, Play
from tutor.teach.lessons import AnyFrame, LessonRun, load_lessons, replay
from tutor.teach.lessons import choices as lc
from tutor.teach.lessons.reader import MAX_BYTES
from tutor.words import learn_page as lw
from tutor.words.i18n import LANGUAGES, get_translator

ROOT = Path(__file__).resolve().parents[2]
GOOD, _ = load_lessons(ROOT / "lessons")
FRAMES: dict[str, tuple[AnyFrame, ...]] = {les.id: replay(les) for les in GOOD}
MOVES = [(i, k) for i in sorted(FRAMES) for k, f in enumerate(FRAMES[i]) if f.your_move is not None]
EN = get_translator("en")


def test_there_are_move_steps_for_two_and_for_a_table() -> None:
    seats = {les.seats for les in GOOD if any(i == les.id for i, _ in MOVES)}
    assert 2 in seats and seats - {2}


@pytest.mark.parametrize(("lesson", "index"), MOVES)
def test_the_cards_offered_are_the_hand_on_turn_and_marked_only_when_asked(
    lesson: str, index: int
) -> None:
    run = LessonRun.start(lesson, FRAMES[lesson]).go_to(index)
    before = FRAMES[lesson][index - 1].state
    player = before.to_move
    assert player is not None
    plain = lc.card_choices(run, index, mark_legal=False)
    assert plain.hand == frozenset(before.hand(player))
    assert plain.legal is None
    marked = lc.card_choices(run, index, mark_legal=True)
    allowed = {m.card for m in run.legal_moves(index) if isinstance(m, Play)}
    assert marked.hand == plain.hand and marked.legal == allowed
    assert marked.legal <= marked.hand
    # A hint opened marks the allowed cards as well.
    assert lc.card_choices(run.more_hint(index), index, mark_legal=False).legal == allowed
    others = lc.other_moves(run, index)
    assert not any(isinstance(m, Play) for m in others)
    assert set(others) | {Play(c) for c in allowed} == set(run.legal_moves(index))
    labels = lw.move_buttons(FRAMES[lesson][index - 1], others, EN)
    assert len(labels) == len(others) and all(labels)


@pytest.mark.parametrize(("lesson", "index"), MOVES[:: max(len(MOVES) // 12, 1)])
def test_a_click_on_a_card_is_the_move_of_its_notation(lesson: str, index: int) -> None:
    run = LessonRun.start(lesson, FRAMES[lesson]).go_to(index)
    for m in run.legal_moves(index):
        assert lc.move_of(str(m)) == m
    assert lc.move_of("") is None
    assert lc.move_of("<script>") is None


def test_the_keys_go_home_forward_and_back_and_stop_at_a_task() -> None:
    lesson, index = MOVES[0]
    frames = FRAMES[lesson]
    run = LessonRun.start(lesson, frames).go_to(index - 1)
    # Forward stops at the step the learner has to do first, unless a teacher presents.
    # (the move of frame ``index`` is asked at the step before it).
    assert run.gates_next
    held = lc.after_keys(run, {"next": 5}, teaching=False)
    assert held.step == index - 1
    free = lc.after_keys(run, {"next": 5}, teaching=True)
    assert free.step == min(index - 1 + 5, run.last)
    assert lc.after_keys(run, {"restart": 1, "next": 1}, teaching=True).step == 1
    assert lc.after_keys(run, {"back": 2}, teaching=False).step == max(index - 3, 0)
    assert lc.after_keys(run, {"back": 99}, teaching=False).step == 0
    assert lc.after_keys(run, {}, teaching=False) == run


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_hands_shown(seats: int) -> None:
    shows = tuple(i == 0 for i in range(seats))
    toggles = (False, True)
    mine = lc.hands_shown(seats, shows, toggles, show_all=False, on_turn=None)
    assert mine == (toggles if seats == 2 else shows)
    every = lc.hands_shown(seats, shows, toggles, show_all=True, on_turn=None)
    assert every == (toggles if seats == 2 else (True,) * seats)
    for seat in range(seats):
        asked = lc.hands_shown(seats, shows, toggles, show_all=False, on_turn=seat)
        assert asked[seat] and len(asked) == len(mine)
        assert [a for i, a in enumerate(asked) if i != seat] == [
            a for i, a in enumerate(mine) if i != seat
        ]


def test_a_lesson_file_too_large_is_refused_unread() -> None:
    assert lc.too_large("a.yaml", MAX_BYTES) is None
    err = lc.too_large("a.yaml", MAX_BYTES + 1)
    assert err is not None and err.path == "a.yaml" and err.line == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_words_of_the_learn_page(lang: str) -> None:
    t = get_translator(lang)
    w = lw.LearnWords().said(t)
    labels = list(vars(w).values())
    assert all(labels) and len(set(labels)) == len(labels)
    if lang != "en":
        assert w.next_lesson != lw.LearnWords().next_lesson
    assert "7" in lw.step_counter(7, 12, t) and "12" in lw.step_counter(7, 12, t)
    assert "3" in lw.lesson_number(3, 9, t)
    for n in (1, 2, 5, 12, 22, 25):
        assert str(n) in lw.progress_read(n, t)
    assert lw.progress_read(1, t) != lw.progress_read(5, t)
    assert lw.said("", t) == ""
    first = GOOD[0]
    assert lw.said(first.title, t) in lw.continue_label(first.title, t)
    assert lw.said(first.title, t) in lw.next_up(first, t)
    lesson, index = MOVES[0]
    ym = FRAMES[lesson][index].your_move
    assert ym is not None
    assert lw.move_prompt(ym, 1, t)
    assert "B" in lw.click_card(1, t)


def test_a_question_s_answers_are_its_buttons() -> None:
    asked = next(f for fs in FRAMES.values() for f in fs if f.question is not None)
    assert asked.question is not None
    said = lw.answers(asked, EN)
    assert len(said) == len(asked.question.answers)
    assert all(a and "{" not in a for a in said)  # card names filled in, as the buttons show
    assert lw.answers(FRAMES[MOVES[0][0]][0], EN) == ()


def test_a_card_is_not_a_hand() -> None:
    assert lc.CardChoices().hand == frozenset() and lc.CardChoices().legal is None
    assert isinstance(next(iter(lc.card_choices(*_first_move(), mark_legal=False).hand)), Card)


def _first_move() -> tuple[LessonRun, int]:
    lesson, index = MOVES[0]
    return LessonRun.start(lesson, FRAMES[lesson]).go_to(index), index

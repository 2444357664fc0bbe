"""What a student's screen following a teacher shows and what a click does, without Streamlit
(``tutor.teach.following``), on the lessons and puzzles in the repository, and the Follow
page's words (``tutor.words.follow_page``) in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine import PLAYER_NAMES, Play
from tutor.teach import following as fw
from tutor.teach.classroom import (
    Kind,
    join_answer,
    lesson_question,
    lesson_question_id,
    puzzle_question,
)
from tutor.teach.lessons import Library
from tutor.teach.puzzles import Collection
from tutor.words import follow_page as fp
from tutor.words.i18n import LANGUAGES, get_translator

ROOT = Path(__file__).resolve().parents[2]
EN = get_translator("en")


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library(ROOT / "lessons").refresh()


@pytest.fixture(scope="module")
def puzzles() -> Collection:
    return Collection(ROOT / "puzzles").refresh()


# ----------------------------------------------------------------------------- the step shown


@pytest.mark.parametrize(
    ("view_step", "own", "frames", "live", "shown"),
    [
        (3, None, 10, 3, 3),  # following live
        (3, 1, 10, 3, 1),  # looking back
        (12, None, 10, 9, 9),  # the teacher's step past the end: the last
        (-2, None, 10, 0, 0),
        (3, 15, 10, 3, 9),  # an own step past the end: the last
        (0, None, 1, 0, 0),
    ],
)
def test_the_step_shown_is_the_teacher_s_or_one_looked_back_at(
    view_step: int, own: int | None, frames: int, live: int, shown: int
) -> None:
    steps = fw.steps_shown(view_step, own, frames)
    assert (steps.live, steps.shown) == (live, shown)
    assert steps.looking_back == (live != shown)


def test_looking_forward_to_the_teacher_s_step_follows_live_again() -> None:
    assert fw.look_step(0, live=4) == 0 and fw.look_step(3, live=4) == 3
    assert fw.look_step(4, live=4) is None and fw.look_step(5, live=4) is None


def test_a_room_names_a_puzzle_or_a_lesson() -> None:
    assert fw.puzzle_id("puzzle:save-ten") == "save-ten"
    assert fw.puzzle_id("01-cards-and-points") is None


# ----------------------------------------------------------------------------- what is asked


def test_the_lesson_s_question_counts_only_when_it_is_the_one_asked(lib: Library) -> None:
    frames = lib.frames("01-cards-and-points")
    qid = lesson_question_id("01-cards-and-points", 3)
    asked = fw.asked_at("01-cards-and-points", frames, 3, qid)
    assert asked is not None and asked.id == qid and asked.kind is Kind.CHOICE
    assert fw.asked_at("01-cards-and-points", frames, 3, None) is None
    assert fw.asked_at("01-cards-and-points", frames, 3, qid + "x") is None
    assert fw.asked_at("01-cards-and-points", (), 3, qid) is None


def test_what_the_room_asks_now(lib: Library, puzzles: Collection) -> None:
    ex = lib.frames("example-1")
    now = fw.asked_now("example-1", 1, "anything open", puzzles.get, lib.frames)
    assert now == lesson_question("example-1", ex, 1)
    assert fw.asked_now("example-1", 1, None, puzzles.get, lib.frames) is None
    assert fw.asked_now("no-such-lesson", 1, "q", puzzles.get, lib.frames) is None
    p = puzzles.get("ten-before-the-king")
    assert p is not None
    on_puzzle = fw.asked_now("puzzle:ten-before-the-king", 0, "q", puzzles.get, lib.frames)
    assert on_puzzle == puzzle_question(p)
    assert fw.asked_now("puzzle:no-such", 0, "q", puzzles.get, lib.frames) is None


def test_a_student_s_answer_is_kept_without_the_name() -> None:
    assert fw.my_answer(None) is None and fw.my_answer("") is None
    assert fw.my_answer(join_answer("Qs", "Ada")) == "Qs"
    assert fw.my_answer(join_answer("#1", "")) == "#1"


# ----------------------------------------------------------------------------- the table


def test_a_move_asked_offers_the_hand_on_turn_and_shows_it(lib: Library) -> None:
    asked = lesson_question("example-1", lib.frames("example-1"), 1)
    assert asked is not None and asked.state is not None
    seat = asked.state.to_move
    assert seat is not None
    assert fw.on_turn(asked) == seat
    assert fw.answer_cards(asked) == frozenset(asked.state.hand(seat))
    shown = fw.asked_show(asked, (False, False))
    assert shown[seat] and not shown[1 - seat]
    assert fw.asked_show(asked, (True, True)) == (True, True)
    others = fw.other_moves(asked)
    assert not any(isinstance(m, Play) for m in others)
    assert set(others) | {Play(c) for c in fw.answer_cards(asked)} >= set(asked.moves())


def test_a_question_step_offers_no_cards_and_shows_what_the_teacher_shows(lib: Library) -> None:
    asked = lesson_question("01-cards-and-points", lib.frames("01-cards-and-points"), 3)
    assert asked is not None and asked.kind is Kind.CHOICE
    assert fw.on_turn(asked) is None and fw.answer_cards(asked) == frozenset()
    assert fw.asked_show(asked, (False, True)) == (False, True)
    assert fw.other_moves(asked) == ()


def test_a_shared_puzzle_offers_the_learner_s_hand_until_the_answer_is_shown(
    puzzles: Collection,
) -> None:
    p = puzzles.get("ten-before-the-king")
    assert p is not None and p.state.to_move == p.learner
    assert fw.puzzle_show(p) == (p.learner == 0, p.learner == 1)
    assert fw.puzzle_cards(p, revealed=False) == frozenset(p.state.hand(p.learner))
    assert fw.puzzle_cards(p, revealed=True) == frozenset()


def test_an_answer_shown_is_right_wrong_or_not_given(lib: Library) -> None:
    asked = lesson_question("01-cards-and-points", lib.frames("01-cards-and-points"), 3)
    assert asked is not None and asked.right == {"#1"}
    assert fw.outcome(asked, None) is fw.Outcome.NONE
    assert fw.outcome(asked, "#1") is fw.Outcome.RIGHT
    assert fw.outcome(asked, "#0") is fw.Outcome.WRONG


# ----------------------------------------------------------------------------- the words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_follow_page_s_words_are_said_in_every_language(lang: str) -> None:
    tr = get_translator(lang)
    w = fp.FollowWords().said(tr)
    assert all(isinstance(v, str) and v for v in vars(w).values())
    assert fp.waiting("K7Q-F2M", tr).count("K7Q-F2M") == 1
    assert "K7Q-F2M" in fp.stopped("K7Q-F2M", tr)
    assert "42" in fp.gone(42.7, tr) and "42.7" not in fp.gone(42.7, tr)
    assert "6" in fp.bad_code(6, tr) and fp.EXAMPLE_CODE in fp.bad_code(6, tr)
    assert fp.EXAMPLE_CODE in fp.code_example(tr)
    assert "3" in fp.looking_back(3, 5, tr) and "5" in fp.looking_back(3, 5, tr)
    for line in (fp.your_answer("Q♠", tr), fp.answer_right("Q♠", tr), fp.answer_wrong("Q♠", tr)):
        assert "Q♠" in line and "{" not in line
    if lang != "en":
        assert w.back_to_live != fp.FollowWords().back_to_live
        assert fp.following_room("X", tr) != fp.following_room("X", EN)


def test_what_the_teacher_asks_in_words(lib: Library, puzzles: Collection) -> None:
    frames = lib.frames("01-cards-and-points")
    choice = lesson_question("01-cards-and-points", frames, 3)
    assert choice is not None
    question = frames[3].question
    assert question is not None
    assert fp.class_prompt(choice, frames, EN) == EN._(question.text)
    p = puzzles.get("ten-before-the-king")
    assert p is not None
    asked = puzzle_question(p)
    plain = fp.move_prompt(asked, EN)
    assert plain == f"What would {PLAYER_NAMES[p.learner]} play here?"
    assert fp.class_prompt(asked, (), EN) == plain  # no frame of its own: the plain question

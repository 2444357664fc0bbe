"""A move asked of a class: the right answers are the moves the lesson run would accept from a
single learner (at a your-move step) or the moves as good as the engine's best (at any other
step); each student's verdict and the words shown with the answer agree with them; and "exact"
says whether the seat knows every card, for two, three and four seats."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tutor.engine import Play, State, TableState, game_for, parse_move, preset
from tutor.teach.classroom import lesson_question
from tutor.teach.following import Outcome, outcome
from tutor.teach.hints import analyse, situation
from tutor.teach.lessons import Library
from tutor.teach.lessons.run import judge_move
from tutor.web.classroom import answer_label, reveal_lines, reveal_view
from tutor.web.html import md_plain
from tutor.words.hint_values import exact_text
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
EN = get_translator("en")
#: The step of example-1 where B has announced 20 in spades and A, on lead, has 8 cards in
#: the stock to draw from: the lesson leads the ten of spades.
STEP = 8


@pytest.fixture(scope="module")
def lib() -> Library:
    return Library(ROOT / "lessons").refresh()


def test_a_your_move_step_is_judged_for_the_class_as_for_one_learner(lib: Library) -> None:
    frames = lib.frames("example-1")
    asked = 0
    for k, frame in enumerate(frames[1:], start=1):
        if frame.your_move is None:
            continue
        q = lesson_question("example-1", frames, k - 1)
        assert q is not None and q.index == k
        before = frames[k - 1].state
        for move in before.legal_moves():
            assert judge_move(before, frame, move).right == (str(move) in q.right), (k, move)
        asked += 1
    assert asked >= 5


def test_example_1_step_8_every_move_as_good_as_the_best_is_right(lib: Library) -> None:
    frames = lib.frames("example-1")
    q = lesson_question("example-1", frames, STEP)
    assert q is not None and frames[STEP + 1].your_move is None and q.move == "10s"
    values = q.values()
    assert values and isinstance(q.state, State)
    best = values[0][1]
    assert q.right == {str(m) for m, v in values if v == best}
    assert {"10s", str(values[0][0])} <= q.right  # the lesson's move and the engine's first
    assert "Ah" in q.right and "Qd" not in q.right  # Qd gives a game point away
    assert outcome(q, "Ah") is Outcome.RIGHT and outcome(q, "Qd") is Outcome.WRONG


def test_a_lesson_move_below_the_best_is_not_called_right(lib: Library) -> None:
    """Where the lesson shows a weaker move (a player's mistake), the class is asked what it
    would play: the right answers are the best moves, and the words say what the lesson's
    move costs."""
    frames = lib.frames("08-going-out")
    found = None
    for k in range(len(frames) - 1):
        q = lesson_question("08-going-out", frames, k)
        if q is None or not q.move or frames[k + 1].your_move is not None:
            continue
        values = dict(q.values())
        if values and values[parse_move(q.move)] < q.values()[0][1]:
            found = q
            break
    assert found is not None
    assert found.move not in found.right
    lines = reveal_lines(found, (), (), EN)
    assert lines[0] == f"The move in the lesson: {answer_label(found.move, (), EN)}."
    assert isinstance(found.state, State)
    view = md_plain(str(reveal_view(found, found.state, EN)))
    assert "instead costs" in view and "Suggested" not in view


def test_the_words_shown_with_the_answer_name_no_wrong_move_as_right(lib: Library) -> None:
    frames = lib.frames("example-1")
    q = lesson_question("example-1", frames, STEP)
    assert q is not None and isinstance(q.state, State)
    lines = reveal_lines(q, (), (), EN)
    assert lines == ("The move in the lesson: 10♠.", "The right answers: 10♠, A♥, K♥.")
    view = md_plain(str(reveal_view(q, q.state, EN)))
    assert "Suggested" not in view and "every card is known" not in view
    assert "exact for the cards as they are dealt here" in view
    assert "you cannot see them all" in view
    for answer in q.right:  # each right move is valued, none said to cost anything
        label = answer_label(answer, (), EN)
        assert f"{label}: With best play on both sides you win 2 game points" in view
    for line in view.splitlines():
        if "instead costs" in line or "just as good" in line:
            named = line.split(" instead costs")[0].split(" is just as good")[0]
            assert not any(
                named.lower() == f"the {move_phrase}".lower()
                for move_phrase in ("ten of spades", "ace of hearts", "king of hearts")
            ), line
    assert "The queen of diamonds instead costs 1 game point." in view
    for lang, words in (("de", "Die richtigen Antworten"), ("pl", "Dobre odpowiedzi")):
        assert reveal_lines(q, (), (), get_translator(lang))[1].startswith(words)


def test_exact_says_whether_every_card_is_known_to_the_seat(lib: Library) -> None:
    frames = lib.frames("example-1")
    state = frames[STEP].state
    assert isinstance(state, State) and state.to_move is not None
    assert not situation(state).all_known  # the whole deal: the stock is hidden from A
    assert not situation(state.view(state.to_move)).all_known
    # the deal played on until the stock is used up: nothing is hidden from the player on turn
    late: State = state
    while late.stock_size > 0:
        late = late.apply(next(m for m in late.legal_moves() if isinstance(m, Play)))
    assert late.to_move is not None
    assert situation(late.view(late.to_move)).all_known
    analysis = analyse(late.view(late.to_move))
    assert analysis.exact and exact_text(analysis, EN).startswith(
        "This is exact: every card is known"
    )


@pytest.mark.parametrize("name", ["three_pack32", "four"])
def test_a_table_knows_every_card_only_when_nothing_is_hidden(name: str) -> None:
    deal = game_for(preset(name)).new_deal(random.Random(3))
    assert isinstance(deal, TableState) and deal.to_move is not None
    assert not situation(deal).all_known  # the other hands and the stock are hidden
    rng = random.Random(3)
    known = []
    while deal.result is None:
        if deal.to_move is not None:
            known.append(situation(deal).all_known)
        cards = [m for m in deal.legal_moves() if isinstance(m, Play)] or deal.legal_moves()
        deal = deal.apply(rng.choice(cards))
    assert known[-1]  # the last card of the deal: every other hand is empty
    assert not any(known[: len(known) // 2])

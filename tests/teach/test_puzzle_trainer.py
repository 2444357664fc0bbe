"""The puzzle trainer's decisions without Streamlit (``tutor.teach.puzzles.trainer``) and the
Puzzles page's words (``tutor.words.puzzle_page``): the filter, the next puzzle, a card clicked
judged or refused with the rules' verdict, the cards to click, the answers stepped through,
the solved marks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.teach.test_puzzles import CLOSED, ENDGAME, puzzle
from tutor.engine import DECLARE_OUT, Card, Play, parse_move
from tutor.search import Budget
from tutor.teach import puzzles as pz
from tutor.teach.puzzles import judge
from tutor.words import puzzle_page as pw
from tutor.words.i18n import get_translator

EN = get_translator("en")
DE = get_translator("de")


def _puzzles() -> list[pz.Puzzle]:
    one = puzzle(ENDGAME, "win", "Ac, Ad", moves=1)
    return [
        replace(one, id="a", theme="counting", level=1),
        replace(one, id="b", theme="closed_head", level=2),
        replace(one, id="c", theme="counting", level=2),
    ]


def test_the_filter_keeps_a_theme_a_level_or_every_puzzle() -> None:
    ps = _puzzles()
    assert [p.id for p in pz.filtered(ps, pz.ALL_THEMES, pz.ALL_LEVELS)] == ["a", "b", "c"]
    assert [p.id for p in pz.filtered(ps, "counting", pz.ALL_LEVELS)] == ["a", "c"]
    assert [p.id for p in pz.filtered(ps, "counting", 2)] == ["c"]
    assert pz.filtered(ps, "closed_head", 1) == []
    themes = pz.theme_choices(ps)
    assert themes[0] == pz.ALL_THEMES and set(themes[1:]) == {"counting", "closed_head"}
    order = list(pz.THEMES)
    assert themes[1:] == sorted(themes[1:], key=order.index)
    assert pz.level_choices(ps) == [pz.ALL_LEVELS, 1, 2]
    assert pz.solved_count(ps, {"b": False, "zz": True}) == 1


def test_the_next_puzzle_is_the_next_unsolved_one_going_round() -> None:
    ids = ["a", "b", "c", "d"]
    assert pz.next_puzzle(ids, "b", {}) == "c"
    assert pz.next_puzzle(ids, "b", {"c": True, "d": False}) == "a"
    assert pz.next_puzzle(ids, None, {"a": True}) == "b"
    assert pz.next_puzzle(ids, "d", dict.fromkeys(ids, True)) == "a"  # all solved: the next
    assert pz.next_puzzle(["a"], "a", {}) == "a"
    assert pz.next_puzzle([], "a", {}) is None


def test_marks_from_a_file_never_lose_a_solve_without_hints() -> None:
    kept = {"a": True, "b": False}
    assert pz.merge_marks(kept, {"a": False, "b": True, "c": False}) == {
        "a": True,
        "b": True,
        "c": False,
    }
    assert pz.merge_marks({}, {}) == {}


def test_a_right_move_is_judged_and_its_puzzle_marked() -> None:
    attempt = pz.start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1))
    tried = pz.try_move(attempt, "Ad")
    assert isinstance(tried, pz.Attempt) and tried.solved and tried.perfect
    assert pz.record_solved({"x": False}, tried) == {"x": False, "test": True}
    assert pz.record_solved({"test": True}, pz.try_move(attempt, "Ac")) == {"test": True}
    assert pz.record_solved({}, attempt) == {}  # not solved yet: nothing marked
    assert pz.try_move(tried, "Ac") is None  # the attempt is over


def test_a_card_not_allowed_is_refused_with_the_rules_verdict() -> None:
    attempt = pz.start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1))
    tried = pz.try_move(attempt, "As")  # not in A's hand
    assert isinstance(tried, pz.Refused)
    assert tried.move == parse_move("As") and not tried.verdict.legal
    assert tried.verdict == attempt.state.check(tried.move)
    said = pw.refused_text(tried, attempt.state.rules, EN)
    assert said and said != pw.refused_text(tried, attempt.state.rules, DE)
    legal = pz.Refused(parse_move("Ad"), attempt.state.check(parse_move("Ad")))
    assert pw.refused_text(legal, attempt.state.rules, EN) is None


@pytest.mark.parametrize("text", ["", "hello", "Zz", "marry"])
def test_what_is_no_move_is_ignored(text: str) -> None:
    attempt = pz.start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1))
    assert pz.try_move(attempt, text) is None


def test_a_move_too_large_to_judge_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    attempt = pz.start(puzzle(CLOSED, "win", "10h", moves=1))
    judge.analyse.cache_clear()
    monkeypatch.setattr(judge, "Budget", lambda: Budget(nodes=10, seconds=None))
    tried = pz.try_move(attempt, "10h")
    judge.analyse.cache_clear()
    assert tried == pz.TooLarge(parse_move("10h"))


def test_the_cards_to_click_and_those_allowed() -> None:
    attempt = pz.start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1))
    hand = frozenset(Card.parse(c) for c in ("Ac", "Ad", "Jd"))
    assert pz.choices(attempt, marked=False) == (hand, None)
    pick, legal = pz.choices(attempt, marked=True)
    assert pick == hand and legal == hand  # A leads: every card may be played
    assert pz.learner_to_move(attempt)
    assert pz.learner_view(attempt.puzzle) == attempt.state.view(0)
    others = pz.other_moves(attempt)
    assert others and not any(isinstance(m, Play) for m in others)
    assert set(others) <= set(attempt.state.legal_moves()) and DECLARE_OUT in others
    over = pz.try_move(attempt, "Ad")
    assert isinstance(over, pz.Attempt) and over.over
    assert pz.choices(over, marked=True) == (frozenset(), None)
    assert pz.other_moves(over) == () and not pz.learner_to_move(over)


def test_the_answers_to_a_move_and_the_refutation_of_a_wrong_one() -> None:
    attempt = pz.start(puzzle(ENDGAME, "win 2", "Ad"))
    assert pz.answer_steps(attempt) == () and pz.refutation_of(attempt) is None
    on = pz.try_move(attempt, "Ad")
    assert isinstance(on, pz.Attempt) and not on.over
    steps = pz.answer_steps(on)
    # one step, the trick: A's move and B's answer
    assert [s.moves for s in steps] == [(parse_move("Ad"), parse_move("Qd"))]
    assert pz.refutation_of(on) is None
    assert pz.answer_shown(0, steps) == -1 and pz.answer_shown(0, ()) == -1  # nothing to step
    three = steps * 3
    assert pz.answer_shown(0, three) == 0 and pz.answer_shown(9, three) == 2
    wrong = pz.try_move(pz.start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1)), "Jd")
    assert isinstance(wrong, pz.Attempt) and wrong.failed
    assert pz.answer_steps(wrong) == ()
    replay = pz.refutation_of(wrong)
    assert replay is not None and replay.steps


def test_the_page_words_in_every_language() -> None:
    for lang in ("en", "de", "pl"):
        tr = get_translator(lang)
        words = pw.PuzzleWords().said(tr)
        assert words.title == tr._("Puzzles") and words.next_puzzle == tr._("Next puzzle")
        assert pw.theme_option(pz.ALL_THEMES, tr) == tr._("All themes")
        assert pw.level_option(pz.ALL_LEVELS, tr) == tr._("All levels")
        assert pw.hint_button(2, tr) != pw.hint_button(3, tr)
    assert pw.PuzzleWords().said(DE).title != pw.PuzzleWords().said(EN).title
    assert pw.how_to_play(1, EN).startswith("Click a card of B")
    assert pw.feedback_heading(pz.Mark.WRONG, EN) == "The refutation"
    assert pw.feedback_heading(pz.Mark.PARTLY, EN) == "Why"

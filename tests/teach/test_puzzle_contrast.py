"""A puzzle move that reaches the goal but not in the best way is told why the best move is
better: the lines after each, in a deal the learner could be facing, with what decides them;
every claim checked against a search of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine import apply, legal_moves, same_deal, view_of
from tutor.teach.hints.why import Why
from tutor.teach.lines import Decides, decider, line_steps
from tutor.teach.puzzles import Attempt, Mark, Puzzle, line_after, load_puzzles, play, start
from tutor.words.i18n import get_translator
from tutor.words.puzzle_text import feedback

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = {p.id: p for p in load_puzzles(ROOT / "puzzles")[0]}


def _partly(p: Puzzle) -> list[tuple[Attempt, Attempt]]:
    """Every move along the solution that keeps the goal but is not a best move: (the attempt
    before it, the attempt after it)."""
    out = []
    attempt = start(p)
    for move in p.solution:
        if attempt.over or attempt.state.to_move != p.learner:
            break
        for m in legal_moves(attempt.state):
            after = play(attempt, m)
            j = after.last
            assert j is not None
            if j.mark is Mark.PARTLY and not j.best:
                out.append((attempt, after))
        attempt = play(attempt, move)
    return out


CASES = [(pid, a, b) for pid, p in PUZZLES.items() for a, b in _partly(p)]


def test_there_are_moves_that_reach_the_goal_but_not_the_best_way() -> None:
    assert len(CASES) >= 5
    assert any(b.last is not None and b.last.why and b.last.why.line for _, _, b in CASES)


@pytest.mark.parametrize(("pid", "before", "after"), CASES)
def test_every_claim_of_the_contrast_holds(pid: str, before: Attempt, after: Attempt) -> None:
    p = PUZZLES[pid]
    j = after.last
    assert j is not None and j.why is not None
    why: Why = j.why
    analysis = j.analysis
    assert why.move == j.move and why.better in analysis.best
    assert why.better is not None and why.loss > 0
    line = why.line
    if line is None:
        return
    # the deal is one the learner could be facing
    seen, dealt = view_of(before.state, p.learner), view_of(line.start, p.learner)
    assert seen.hand == dealt.hand and seen.stock_count == dealt.stock_count
    assert line.total == analysis.deals and line.deals <= line.matters <= line.total
    # the line is the move and best play after it, legal to the end of the deal
    assert line.moves[0] == j.move
    assert tuple(line.moves) == line_after(line.start, p.learner, p.goal, j.move)
    steps = line_steps(line.start, line.moves)
    assert steps[-1].state.result == line.end
    better_moves = line_after(line.start, p.learner, p.goal, why.better)
    better_steps = line_steps(line.start, better_moves)
    assert better_steps[-1].state.result == line.better_end
    # the better move gives the learner more in this deal
    mine = j.analysis.score(j.move).values
    top = j.analysis.score(why.better).values
    w = next(i for i, d in enumerate(analysis.states) if same_deal(d, line.start))
    assert top[w] > mine[w]
    # the deciding facts named are those of the lines
    if line.fact is not None:
        assert decider(steps) == line.fact
    if line.better_fact is not None:
        assert decider(better_steps) == line.better_fact


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_better_move_is_told_by_what_it_does_then_the_numbers(lang: str) -> None:
    # "do-not-close": after the ace of diamonds the nine of spades is better; in the deal where
    # it matters it takes the last trick and its 10 extra points
    p = PUZZLES["do-not-close"]
    after = play(start(p), "Ad")
    j = after.last
    assert j is not None and j.why is not None and j.why.line is not None
    assert j.why.line.better_fact is not None
    assert j.why.line.better_fact.kind is Decides.LAST_TRICK
    said = feedback(p, j, get_translator(lang)).details
    words = {
        "en": ("The nine of spades was better: with it you take the last trick", "1 of the 7"),
        "de": ("Die Pik-Neun war besser: Damit machst du den letzten Stich", "1 von 7"),
        "pl": ("Lepszy ruch: dziewiątka pik. Tak bierzesz ostatnią lewę", "1 z 7"),
    }[lang]
    text = " ".join(said)
    assert all(w in text for w in words)
    # the numbers come last, after the reasons
    assert re.search(r"[−-]1", said[-1]) and words[0] not in said[-1]
    assert text.index(words[0]) < text.index(said[-1])


def test_a_line_that_loses_the_deal_is_told_with_the_card_that_decides_it() -> None:
    p = PUZZLES["do-not-close"]
    j = play(start(p), "Jd").last
    assert j is not None and j.why is not None and j.why.line is not None
    fact = j.why.line.fact
    assert fact is not None and fact.kind is Decides.REACHED and fact.player != p.learner
    said = " ".join(feedback(p, j, get_translator("en")).details)
    assert "Say you play the jack of diamonds." in said
    assert "Then B reaches 73 points" in said
    # the line shown is one the learner can follow: its first move is the one played
    assert apply(j.why.line.start, j.move).result is None

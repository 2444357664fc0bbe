"""The idea hint says only what the position bears out for the move it leads to."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Close, apply_unchecked, random_deal, view_of
from tutor.engine.presets import preset
from tutor.search import club_player
from tutor.teach.hints import analyse, candidates, thoughts
from tutor.teach.hints.ideas import GIST_CHEAP, GIST_CLOSE_RISK
from tutor.teach.hints.ladder import _wins_trick


def _positions(n: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    rules = preset("classic")
    while n:
        state = random_deal(rules, rng)
        while state.result is None and n:
            if rng.random() < 0.4 and len(state.legal_moves()) > 1:
                assert state.to_move is not None
                yield analyse(view_of(state, state.to_move), samples=4, seed=n)
                n -= 1
            state = apply_unchecked(state, club_player(state, rng))


@pytest.mark.slow
def test_no_thought_against_the_move_it_leads_to() -> None:
    seen_win = seen_close = 0
    for analysis in _positions(24, 4):
        said = {t.msgid for t in thoughts(analysis)}
        if _wins_trick(analysis, analysis.best.move):
            seen_win += 1
            assert GIST_CHEAP not in said  # the trick is to be won, not given cheaply
        if GIST_CLOSE_RISK in said:  # closing is a thought only where it is worth considering
            seen_close += 1
            assert any(isinstance(m, Close) for m in candidates(analysis))
    assert seen_win > 0


def test_a_task_leads_the_idea_and_the_moves_to_consider() -> None:
    for analysis in _positions(8, 9):
        worst = analysis.moves[-1].move
        assert worst in candidates(analysis, (worst,))
        ideas = {i.id for i in analysis.moves[-1].ideas}
        said = {t.msgid for t in thoughts(analysis, (worst,))}
        best_only = {i.id for i in analysis.best.ideas} - ideas
        from tutor.teach.hints.ideas import IDEA_GISTS

        # no thought comes from the best move's ideas alone when the task asks for another
        for iid in best_only:
            gist = IDEA_GISTS.get(iid)
            if gist is not None and all(IDEA_GISTS.get(i) != gist for i in ideas):
                mistakes = {i.id for m in analysis.moves for i in m.mistakes}
                assert gist not in said or any(IDEA_GISTS.get(i) == gist for i in mistakes)

"""A costly move of the learner on the Play page becomes the learner's own puzzle (AppTest):
the deal played to its end on the page, the notice that a puzzle was made, the puzzle kept in
the browser with the progress, and the next day (the clock moved by the test) offered for
review on the Puzzles page and played there."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
import tutor_app.storage as app_storage
from tests.app.play_page import APP, BOARD, PAGE, clean, game_of, the_board
from tests.app.test_course_app import FakeStore
from tests.helpers import FakeBoard
from tutor.engine import Play, State, apply, legal_moves
from tutor.teach import puzzles as pz
from tutor.teach.progress import load_progress
from tutor.teach.puzzles import personal as mine
from tutor.web.html import md_plain
from tutor.words import trainer_page as tw
from tutor.words.i18n import get_translator
from tutor_app.trainer_panel import CLOCK

NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)


def texts(at: AppTest) -> list[str]:
    return [md_plain(str(e.value)) for e in at.info]


def play_a_careless_deal(at: AppTest, rng: random.Random) -> None:
    """The learner plays a card at random (never closing) until the deal ends."""
    for _ in range(60):
        game = game_of(at)
        if game.deal.over:
            return
        assert game.learners_turn
        cards = [m for m in legal_moves(game.state) if isinstance(m, Play)]
        move = rng.choice(cards or list(legal_moves(game.state)))
        if isinstance(move, Play):
            assert str(move) in the_board().cards(BOARD)
            the_board().click(str(move))
            at.run()
        else:
            at.button(key=f"play_move_{move}").click().run()
        clean(at)
    raise AssertionError("the deal did not end")


@pytest.mark.slow
def test_a_costly_move_on_the_play_page_is_reviewed_the_next_day(
    monkeypatch: pytest.MonkeyPatch, fake_board: FakeBoard
) -> None:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    store = FakeStore()
    monkeypatch.setattr(app_storage, "_STORE", store)
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["lang"] = "pl"
    at.run()
    at.switch_page(PAGE).run()
    clean(at)
    at.session_state[CLOCK] = NOW
    at.session_state["play_seed_base"] = 100
    at.session_state["w_play_preset"] = "schnapsen"
    at.session_state["w_play_opponent"] = "club"
    at.button(key="play_start").click().run()
    clean(at)
    rng = random.Random(3)
    t = get_translator("pl")
    made: tuple[mine.Personal, ...] = ()
    for _deal in range(4):
        play_a_careless_deal(at, rng)
        at.run()  # the store saves what the last run changed
        made = load_progress(store.stored).trainer.personal if store.stored else ()
        if made:
            break
        assert t._(tw.PERSONAL_MADE) not in texts(at)
        at.button(key="play_next").click().run()
        clean(at)
    assert made, "no costly move of four careless deals could be proved"
    assert t._(tw.PERSONAL_MADE) in texts(at)
    own = made[0]
    deal = game_of(at).deal
    # the puzzle is the position before one of the learner's moves of this deal, and that
    # move is not among the moves that solve it
    puzzle = mine.puzzle_of(own)
    before = _before_each_move(deal.start, deal.moves)
    at_ply = [
        i
        for i, s in enumerate(before)
        if (s.hands, s.stock, s.points)
        == (puzzle.state.hands, puzzle.state.stock, puzzle.state.points)
    ]
    assert at_ply and str(deal.moves[at_ply[0]]) == own.played
    assert deal.moves[at_ply[0]] not in pz.start(puzzle).analysis().accepted
    assert mine.due_at(own) > NOW

    # The next day, on the Puzzles page, in a new session of the same browser.
    tomorrow = NOW + timedelta(days=1, hours=1)
    page = AppTest.from_file(APP, default_timeout=120)
    page.query_params["lang"] = "pl"
    page.run()
    page.session_state[CLOCK] = tomorrow
    page.switch_page("tutor_app/pages/puzzles.py").run()
    clean(page)
    assert tw.due_line(len(made), t) in texts(page)
    page.button(key="pz_tr_review").click().run()
    clean(page)
    assert page.session_state["pz_current"] == own.id
    assert page.query_params["id"] == own.id
    current = page.session_state["pz_attempt"]
    assert isinstance(current, pz.Attempt)
    while not current.over:
        best = current.analysis().best[0]
        if isinstance(best, Play):
            fake_board.click(str(best))
            page.run()
        else:
            page.button(key="pz_move_" + str(best).replace(" ", "_")).click().run()
        clean(page)
        current = page.session_state["pz_attempt"]
        assert isinstance(current, pz.Attempt)
    assert current.solved
    page.run()
    kept = load_progress(store.stored).trainer.personal
    assert kept[0] == mine.review(own, True, tomorrow)
    assert mine.due_at(kept[0]) > tomorrow + timedelta(days=1)


def _before_each_move(start: State, moves: tuple[object, ...]) -> list[State]:
    """The positions of a deal before each of its moves."""
    seen = []
    state = start
    for m in moves:
        seen.append(state)
        state = apply(state, m)  # type: ignore[arg-type]
    return seen

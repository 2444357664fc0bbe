"""The Play page's table as the learner reads it (AppTest): the header's match score counts
the deal just ended, a finished board has no one to play and no undo, a declaration short of
66 asks first, a second click on the card just played says nothing, and a seed in the address
that is no seed is named at once and leaves the address."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
from tests.app.play_page import APP, PAGE, clean, game_of, the_board
from tutor.engine import DECLARE_OUT, Card, Play, legal_moves
from tutor.search import PLAYERS
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor.words.play_text import cut_text, match_line


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[AppTest]:
    """A match of Schnapsen against the beginner, the coach quiet (it samples little)."""
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page(PAGE).run()
    at.session_state["play_seed_base"] = 7
    for key, value in (
        ("w_play_preset", "schnapsen"),
        ("w_play_opponent", "beginner"),
        ("w_play_quiet", True),
    ):
        at.session_state[key] = value
    at.button(key="play_start").click().run()
    clean(at)
    yield at


def plays(at: AppTest, rng: random.Random) -> None:
    """The learner plays a move the club player would (a card on the table, or a button)."""
    move = PLAYERS["club"](game_of(at).state, rng)
    if isinstance(move, Play):
        the_board().click(str(move))
        at.run()
    else:
        at.button(key=f"play_move_{move}").click().run()
    clean(at)


def test_a_finished_deal_counts_in_the_header_and_offers_no_undo(started: AppTest) -> None:
    at, rng = started, random.Random(3)
    while not game_of(at).deal.over:
        plays(at, rng)
    game = game_of(at)
    assert game.deal.resigned is None and game.scored_match != game.match
    captions = " ".join(md_plain(str(c.value)) for c in at.caption)
    t = get_translator("en")
    assert match_line(game.scored_match, t) in captions  # the deal just ended counted
    assert match_line(game.match, t) not in captions
    assert not [b for b in at.button if b.key in ("play_undo", "play_resign")]
    # the table (the replay of the deal below it starts where someone was to play)
    table = next(str(h.proto.body) for h in at.get("html") if "t66-board" in str(h.proto.body))
    assert 'class="t66-turn"' not in table  # no one is "to play"


def test_a_second_click_on_the_card_just_played_says_nothing(started: AppTest) -> None:
    at, rng = started, random.Random(5)
    for _ in range(40):
        game = game_of(at)
        assert not game.deal.over
        move = PLAYERS["club"](game.state, rng)
        if isinstance(move, Play):
            the_board().click(str(move))
            at.run()
            after = game_of(at)
            if after.deal.over or move.card in after.state.hand(0):
                continue
            the_board().click(str(move))  # the double click's second half
            at.run()
            clean(at)
            assert game_of(at) == after and not at.warning
            return
        at.button(key=f"play_move_{move}").click().run()
    raise AssertionError("no card played")


def test_a_declaration_short_of_66_asks_first(started: AppTest) -> None:
    at, rng = started, random.Random(11)
    for _ in range(40):
        game = game_of(at)
        if game.deal.over:
            break
        short = game.state.score(game.side) < game.rules.target
        if DECLARE_OUT in legal_moves(game.state) and short:
            at.button(key="play_move_out").click().run()
            clean(at)
            assert game_of(at) == game  # not committed
            t = get_translator("en")
            (asked,) = [md_plain(str(w.value)) for w in at.warning]
            assert asked.startswith(t._("You have fewer than {target} points", target=66)[:25])
            at.button(key="play_declare_anyway").click().run()
            clean(at)
            assert game_of(at).deal.moves[len(game.deal.moves)] == DECLARE_OUT
            return
        plays(at, rng)
    raise AssertionError("no declaration offered short of 66")


def test_a_seed_that_is_no_seed_is_named_at_once_and_leaves_the_address() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(PAGE)
    at.query_params["lang"] = "de"
    at.query_params["seed"] = "abc"
    at.run()
    clean(at)
    t = get_translator("de")
    notice = t._(
        "The address gives '{value}' for '{param}', which cannot be used; it is ignored.",
        value="abc",
        param="seed",
    )
    assert notice in [md_plain(str(i.value)) for i in at.info]
    assert "seed" not in at.query_params


def test_a_cut_of_two_tens_says_why_one_is_higher() -> None:
    t = get_translator("en")
    tie = cut_text((Card.parse("10d"), Card.parse("10s")), 1, t)
    assert tie.endswith(
        "Of two cards of the same rank the suit decides: clubs, spades, hearts, "
        "diamonds, from the highest."
    )
    assert "suit decides" not in cut_text((Card.parse("Ad"), Card.parse("10s")), 0, t)

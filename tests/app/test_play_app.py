"""The Play page (AppTest): a whole match against the beginner under every preset by a
scripted learner clicking cards on the table, an illegal click explained and costing nothing,
the coach's grade after a move, hints, undo, giving up, and a played deal exported as a lesson
that ``tutor validate`` accepts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
import tutor_app.storage as app_storage
from tests.app.play_page import APP, BOARD, PAGE, clean, game_of, the_board
from tests.helpers import FakeStorage
from tutor.engine import PRESETS, Play, Wait, legal_moves
from tutor.search import PLAYERS
from tutor.teach import play as pl
from tutor.teach.lessons import read_lesson, replay
from tutor.teach.play.store import M_NOT_GAME
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor.words.play_text import GRADE_NAMES, claim_text


@pytest.fixture
def open_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)  # the coach samples fewer deals in tests

    def run(lang: str = "en", **widgets: object) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params["lang"] = lang
        at.run()
        at.switch_page(PAGE).run()
        clean(at)
        at.session_state["play_seed_base"] = 100
        for key, value in widgets.items():
            at.session_state[key] = value
        return at

    yield run


def start(at: AppTest) -> AppTest:
    at.button(key="play_start").click().run()
    clean(at)
    return at


def learner_plays(at: AppTest, move_text: str) -> None:
    """The learner's move: a card clicked on the table, another move pressed as its button."""
    game = game_of(at)
    move = next(m for m in legal_moves(game.state) if str(m) == move_text)
    if isinstance(move, Play):
        assert move_text in the_board().cards(BOARD)
        the_board().click(move_text)
        at.run()
    else:
        at.button(key=f"play_move_{move}").click().run()
        if pl.confirms(game, move_text):  # a declaration short of the target asks first
            at.button(key="play_declare_anyway").click().run()
    clean(at)


# One whole match in the daily loop; every other preset's match is marked slow.
@pytest.mark.parametrize(
    "name",
    [n if n == "schnapsen" else pytest.param(n, marks=pytest.mark.slow) for n in sorted(PRESETS)],
)
def test_a_whole_match_against_the_beginner(open_page, name: str) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset=name, w_play_opponent="beginner", w_play_quiet=True))
    game = game_of(at)
    assert game.rules.name == name and game.table.opponent == "beginner"
    rng = random.Random(name)
    deals = 0
    for _ in range(400):
        game = game_of(at)
        if game.deal.over:
            if game.over:
                break
            deals += 1
            at.button(key="play_next").click().run()
            clean(at)
            continue
        assert game.learners_turn
        learner_plays(at, str(PLAYERS["club"](game.state, rng)))
    game = game_of(at)
    assert game.over and max(game.scored_match.scores) >= game.rules.match_target
    texts = " ".join(md_plain(str(e.value)) for e in [*at.success, *at.warning, *at.info])
    assert "won the match" in texts
    assert deals == len(game.past)


def test_an_illegal_click_is_explained_and_costs_nothing(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset="schnapsen"))
    # Play on until the learner must answer a lead with the strict duties in force.
    rng = random.Random(1)
    for _ in range(200):
        game = game_of(at)
        if game.deal.over:
            at.button(key="play_next").click().run()
            continue
        s = game.state
        plays = {m.card for m in legal_moves(s) if isinstance(m, Play)}
        illegal = [c for c in s.hand(game.table.learner) if c not in plays]
        if illegal:
            before = game
            the_board().click(str(illegal[0]))
            at.run()
            clean(at)
            assert game_of(at) == before  # nothing changed
            (warning,) = [md_plain(str(w.value)) for w in at.warning]
            assert "may not be played" in warning and "Source:" in warning
            return
        learner_plays(at, str(PLAYERS["club"](s, rng)))
    raise AssertionError("no position with an illegal card came up")


def test_the_coach_grades_each_move_and_names_the_better_one(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page("de", w_play_preset="classic", w_play_opponent="club"))
    t = get_translator("de")
    seen = set()
    for _ in range(60):
        game = game_of(at)
        if game.deal.over:
            at.button(key="play_next").click().run()
            continue
        analysis = pl.analysis_for(game)
        worst = analysis.moves[-1].move
        learner_plays(at, str(worst))
        remarks = game_of(at).deal.remarks
        if not remarks or game_of(at).deal.number != game.deal.number:
            continue
        last = remarks[-1]
        shown = " ".join(md_plain(str(e.value)) for e in [*at.success, *at.warning])
        assert t._(GRADE_NAMES[last.grade]) in shown
        seen.add(last.grade)
        if last.grade is not pl.Grade.GOOD:
            assert "0" in shown  # the numbers of the comparison
        if len(seen) >= 2:
            break
    assert len(seen) >= 2, seen


def test_hints_undo_and_giving_up(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset="classic"))
    game = game_of(at)
    assert set(the_board().cards(BOARD).values()) == {""}
    at.button(key="play_hint").click().run()
    clean(at)
    marks = the_board().cards(BOARD)
    assert "legal" in marks.values()
    move = str(next(m for m in legal_moves(game.state) if isinstance(m, Play)))
    learner_plays(at, move)
    assert len(game_of(at).deal.moves) > len(game.deal.moves)
    at.button(key="play_undo").click().run()
    clean(at)
    assert game_of(at).state == game.state
    at.button(key="play_resign").click().run()
    clean(at)
    assert game_of(at).deal.over
    info = " ".join(md_plain(str(e.value)) for e in at.info)
    assert "A gave the deal up." in info


@pytest.mark.parametrize("name", ["kurnik", "named_trump"])
def test_a_played_deal_exports_as_a_lesson(open_page, tmp_path: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset=name, w_play_opponent="club"))
    rng = random.Random(7)
    while not game_of(at).deal.over:
        game = game_of(at)
        learner_plays(at, str(PLAYERS["club"](game.state, rng)))
    game = game_of(at)
    assert [b for b in at.get("download_button") if "play_export" in str(b.proto.id)]
    # The deal replayed move by move with both hands open; the tricks to look through.
    replay_slider = at.slider(key="w_play_replay_1")
    assert replay_slider.max == len(game.deal.moves)
    replay_slider.set_value(2).run()
    clean(at)
    tables = [str(h.proto.body) for h in at.get("html") if "t66-board" in str(h.proto.body)]
    assert any("face-down" not in body for body in tables)  # both hands open
    shown = " ".join(md_plain(str(m.value)) for m in at.markdown)
    assert "Trick 1:" in shown
    t = get_translator("en")
    from tutor_app.pages import play as play_page

    data = play_page._export(game, t)
    path = tmp_path / "played.yaml"
    path.write_text(data, encoding="utf-8")
    lesson, errors = read_lesson(str(path), data.encode())
    assert not errors, errors
    assert lesson is not None
    frames = replay(lesson)
    assert frames[-1].state.result == game.state.result
    assert len(frames) == len(game.deal.moves) + 1


def test_a_match_in_progress_survives_a_reload(open_page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    browser = FakeStorage()
    monkeypatch.setattr(app_storage, "_STORE", browser)
    at = start(open_page(w_play_preset="pack32", w_play_opponent="club"))
    game = game_of(at)
    learner_plays(at, str(next(m for m in legal_moves(game.state) if isinstance(m, Play))))
    played = game_of(at)
    assert pl.load_game(browser.stored["tutor66.play"]) == played
    # A reload: a new session in the same browser.
    again = open_page()
    assert game_of(again) == played
    assert BOARD in the_board().html


def test_a_kept_match_that_cannot_be_read_is_replaced_with_a_notice(
    open_page, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    browser = FakeStorage()
    browser.stored["tutor66.play"] = '{"version": 1, "rules": "classic", "deals": "x"}'
    monkeypatch.setattr(app_storage, "_STORE", browser)
    at = open_page("pl")
    t = get_translator("pl")
    assert "play_game" not in at.session_state or at.session_state["play_game"] is None
    infos = [md_plain(str(e.value)) for e in at.info]
    assert t._(M_NOT_GAME) in infos
    assert at.button(key="play_start")


def _position_with(grade: pl.Grade) -> tuple[pl.Game, pl.Remark]:
    """A position of a played deal where a card the learner may play earns ``grade`` (the
    coach's samples as the page will draw them)."""
    for seed in range(300):
        g = pl.play_out(pl.start(pl.Table("classic", opponent="club", seed=seed)))
        rng = random.Random(seed)
        while not g.deal.over:
            if len(legal_moves(g.state)) > 1:
                analysis = pl.analysis_for(g)
                for ranked in analysis.moves:
                    r = pl.remark_on(g, ranked.move, analysis)
                    if r is not None and r.grade is grade and isinstance(r.move, Play):
                        # as the page makes it: one bound for the first deals and the further
                        r = pl.coach_remark(g, ranked.move)
                        if r is not None and r.grade is grade:
                            return g, r
            g = pl.play_out(pl.learner_move(g, PLAYERS["club"](g.state, rng)))
    raise AssertionError(f"no position found for {grade}")


@pytest.mark.parametrize("grade", list(pl.Grade))
def test_each_grade_on_a_position_made_for_it(open_page, grade: pl.Grade) -> None:  # type: ignore[no-untyped-def]
    at = open_page("de")
    game, remark = _position_with(grade)
    at.session_state["play_game"] = game
    at.run()
    clean(at)
    learner_plays(at, str(remark.move))
    t = get_translator("de")
    said = [md_plain(str(e.value)) for e in [*at.success, *at.warning]]
    assert any(s.startswith(t._(GRADE_NAMES[grade])) for s in said), said
    assert game_of(at).deal.remarks[-1] == remark
    if grade is not pl.Grade.GOOD:
        words = next(s for s in said if s.startswith(t._(GRADE_NAMES[grade])))
        played = [t.card(remark.move.card, case) for case in ("nom", "acc", "dat")]
        assert any(name.lower() in words.lower() for name in played), words
        # the numbers come last: the better move's value in game points ends the remark
        best = f"{abs(remark.best_value):.2f}".rstrip("0").rstrip(".").replace(".", ",")
        assert best in words.rsplit(".", 2)[-2] or best in words[-60:], words


def _open_lesson_file(lang: str, name: str, data: bytes) -> None:
    import streamlit as st

    from tutor_app import lesson_callbacks, lesson_catalogue, session, shared
    from tutor_app.pages import learn

    session.init_session()
    st.session_state.lang = lang
    lesson_catalogue.open_upload(name, data)
    if session.state.lesson:
        learn._player(lesson_callbacks.lessons().get(session.state.lesson))  # type: ignore[arg-type]
    else:
        lesson_catalogue.open_file_controls(shared.tr())


def test_the_learn_page_opens_a_downloaded_deal(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset="classic", w_play_opponent="beginner"))
    rng = random.Random(3)
    while not game_of(at).deal.over:
        learner_plays(at, str(PLAYERS["club"](game_of(at).state, rng)))
    from tutor_app.pages import play as play_page

    data = play_page._export(game_of(at), get_translator("de")).encode("utf-8")
    opened = AppTest.from_function(
        _open_lesson_file, args=("de", "played.yaml", data), default_timeout=60
    ).run()
    clean(opened)
    assert opened.session_state["lesson"] == pl.lesson_id(game_of(at), game_of(at).deal)
    assert any("t66-counter" in str(h.proto.body) for h in opened.get("html"))


def test_a_broken_lesson_file_is_refused_with_its_line(open_page) -> None:  # type: ignore[no-untyped-def]
    data = b"id: broken\ntitle: A\nlevel: 9\nrules: classic\n"
    opened = AppTest.from_function(
        _open_lesson_file, args=("de", "mine.yaml", data), default_timeout=60
    ).run()
    assert not opened.exception
    (error,) = [md_plain(str(e.value)) for e in opened.error]
    assert error.startswith(get_translator("de")._("This lesson file cannot be opened:"))
    assert "mine.yaml:3" in error
    assert not opened.session_state["lesson"]


def test_a_claim_to_1000_on_the_page(open_page) -> None:  # type: ignore[no-untyped-def]
    from tests.teach.test_play_game import _near_thousand

    at = open_page("pl")
    game = _near_thousand(0)
    at.session_state["play_game"] = game
    at.run()
    clean(at)
    at.button(key="play_claim").click().run()
    clean(at)
    claimed = game_of(at)
    assert claimed.claim is not None and claimed.over
    t = get_translator("pl")
    total = game.running_total(game.table.learner)
    said = " ".join(md_plain(str(e.value)) for e in [*at.success, *at.warning])
    assert claim_text(claimed.claim, t) in said
    assert claimed.claim.right == (total >= 1000)
    assert claimed.winner == (claimed.table.learner if total >= 1000 else 1)
    assert not the_board().queue and not any(b.key == "play_claim" for b in at.button)


def test_the_address_fixes_the_seeds_so_a_class_plays_the_same_deals() -> None:
    def run(seed: str) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=120)
        at.switch_page(PAGE)  # the address opens the Play page itself
        at.query_params["lang"] = "en"
        at.query_params["seed"] = seed
        at.run()
        return start(at)

    one, two = run("42"), run("42")
    assert game_of(one).table.seed == game_of(two).table.seed == 43
    assert game_of(one).deal.start == game_of(two).deal.start
    odd = run("4x2")
    assert game_of(odd).table.seed != 43  # its notice: test_play_screens


def test_a_new_match_starts_without_the_last_ones_hints(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page(w_play_preset="classic"))
    at.button(key="play_hint").click().run()
    at.button(key="play_hint").click().run()
    assert at.button(key="play_hint").label == "Show a hint (3 of 4)"
    at.button(key="play_new").click().run()
    at.session_state["play_seed"] = 0  # the same deal again: the same position
    start(at)
    assert at.button(key="play_hint").label == "Show a hint (1 of 4)"
    assert set(the_board().cards(BOARD).values()) == {""}  # no marks from the old hints


def test_the_learner_names_trumps_with_buttons(open_page) -> None:  # type: ignore[no-untyped-def]
    """Under named_trump the player who leads first names trumps: the page says so and offers
    one button for each suit."""
    at = start(
        open_page(w_play_preset="named_trump", w_play_opponent="beginner", w_play_quiet=True)
    )
    rng = random.Random(3)
    for _ in range(300):
        game = game_of(at)
        if game.deal.over:
            at.button(key="play_next").click().run()
            clean(at)
            continue
        if game.state.trump is None:
            for s in "cshd":
                assert at.button(key=f"play_move_trump {s}")
            shown = " ".join(md_plain(str(e.value)) for e in at.markdown)
            assert "name the trump suit" in shown
            learner_plays(at, "trump h")
            assert str(game_of(at).state.trump) == "h"
            return
        learner_plays(at, str(PLAYERS["club"](game.state, rng)))
    raise AssertionError("the learner never led first")


def test_the_learner_draws_or_closes_before_drawing_under_pagat(open_page) -> None:  # type: ignore[no-untyped-def]
    """Under pagat the learner who wins a trick chooses before drawing: the page says so and
    offers the two buttons, named for what they do."""
    at = start(open_page(w_play_preset="pagat", w_play_opponent="beginner", w_play_quiet=True))
    rng = random.Random(5)
    for _ in range(300):
        game = game_of(at)
        if game.deal.over:
            at.button(key="play_next").click().run()
            clean(at)
            continue
        if game.state.waiting is Wait.DRAW:
            shown = " ".join(md_plain(str(e.value)) for e in at.markdown)
            assert "close it before drawing" in shown
            assert at.button(key="play_move_pass").label == "Draw"
            assert at.button(key="play_move_close before draw").label == "Close before drawing"
            before = game.state.stock_size
            learner_plays(at, "pass")
            after = game_of(at).state
            assert after.stock_size == before - 2 and after.waiting is Wait.NOTHING
            assert after.to_move == game.table.learner  # the winner leads next
            return
        learner_plays(at, str(PLAYERS["club"](game.state, rng)))
    raise AssertionError("the learner never won a trick with the stock open")

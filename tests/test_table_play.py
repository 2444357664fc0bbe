"""Playing at a table of three or four against the computer: the game as a value (the learner's
move checked, the computer's answers, the coach, the next deal with the totals) and on the Play
page (the cards clicked on the table, an illegal click explained, hints, the deal's end)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.board as app_board
from tests.helpers import FakeBoard
from tutor.engine import TABLE_PRESETS, Play, table_check, table_legal_moves
from tutor.teach import play as pl
from tutor.teach.play import table_game
from tutor.web.html import md_plain
from tutor.words.explain import move_phrase
from tutor.words.i18n import get_translator

APP = str(Path(__file__).resolve().parent.parent / "streamlit_app.py")
PAGE = "tutor_app/pages/play.py"
BOARD = "play_table_board"


def _first_legal(g: pl.TableGame) -> Play:
    return next(m for m in table_legal_moves(g.state) if isinstance(m, Play))


@pytest.mark.parametrize("preset", sorted(TABLE_PRESETS))
def test_deals_at_the_table_are_played_out_and_their_game_points_added(preset: str) -> None:
    g = pl.start_table(preset, "club", 11)
    assert g.learner_to_move and all(s != pl.LEARNER for s, _m in g.moves)
    for _deal in range(3):
        while not g.over:
            before = g
            g, verdict = pl.table_try(g, _first_legal(g))
            assert verdict.legal and len(g.moves) > len(before.moves)
            assert g.learner_to_move or g.over
        result = g.state.result
        assert result is not None
        totals = g.totals
        g = pl.table_next_deal(g)
        assert g.totals == tuple(a + b for a, b in zip(totals, result.game_points, strict=True))
    assert g.deal == 3
    # the same seed and moves give the same deal again
    again = pl.start_table(preset, "club", 11)
    assert again.state == pl.start_table(preset, "club", 11).state


def test_an_illegal_move_changes_nothing_and_says_its_rule() -> None:
    g = pl.start_table("three", "club", 3)
    while g.state.stock_open or not g.state.trick:  # a trick to follow once nobody draws
        g, _v = pl.table_try(g, _first_legal(g))
        if g.over:
            pytest.skip("the deal ended before a follow without the stock")
    wrong = [
        m for m in (Play(c) for c in g.state.hand(pl.LEARNER)) if not table_check(g.state, m).legal
    ]
    if not wrong:
        pytest.skip("every card may be played here")
    after, verdict = pl.table_try(g, wrong[0])
    assert after is g and not verdict.legal and verdict.rule_ids


def test_the_coach_remarks_on_a_move_that_costs_game_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = pl.start_table("four", "club", 5)
    moves = [m for m in table_legal_moves(g.state)]
    values = {m: float(i) for i, m in enumerate(moves)}  # the last move is the best

    def analyse(state: object, samples: int = 0, seed: int | None = None) -> object:
        from tutor.teach.hints import MoveValue as TableMoveValue

        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        return type(
            "A",
            (),
            {
                "moves": tuple(TableMoveValue(m, v) for m, v in ranked),
                "best": TableMoveValue(*ranked[0]),
                "samples": samples,
            },
        )()

    monkeypatch.setattr(table_game, "table_analyse", analyse)
    remark = pl.table_remark(g, moves[0])
    assert remark is not None and remark.best == moves[-1] and remark.lost == len(moves) - 1
    assert pl.table_remark(g, moves[-1]) is None  # the best move earns no remark


@pytest.fixture
def open_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setattr(table_game, "COACH_SAMPLES", 3)

    def run(lang: str = "en", **widgets: object) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params["lang"] = lang
        at.run()
        at.switch_page(PAGE).run()
        for key, value in widgets.items():
            at.session_state[key] = value
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    yield run


@pytest.mark.parametrize(("preset", "lang"), [("three", "de"), ("four", "pl")])
def test_a_deal_at_the_table_on_the_play_page(open_page, preset: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    at = open_page(lang, w_play_players="table", w_pt_preset=preset, w_pt_opponent="club")
    tr = get_translator(lang)
    at.button(key="pt_start").click().run()
    g = at.session_state["play_table_game"]
    assert isinstance(g, pl.TableGame) and g.preset == preset
    board = app_board._BOARD
    assert isinstance(board, FakeBoard)
    at.button(key="pt_hint").click().run()
    assert "t66-hint" in str([b.proto.body for b in at.get("html")])
    remarks = 0
    while not at.session_state["play_table_game"].over:
        g = at.session_state["play_table_game"]
        move = _first_legal(g)
        assert str(move) in board.cards(BOARD)
        board.click(str(move))
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        for info in at.info:  # the coach speaks of the move just played
            remarks += 1
            g2 = at.session_state["play_table_game"]
            assert move_phrase(move, tr) in md_plain(str(info.value)), (
                str(move),
                info.value,
                [(r.ply, str(r.move)) for r in g2.remarks],
                [(i, s_, str(m)) for i, (s_, m) in enumerate(g2.moves)],
            )
    assert remarks == len(at.session_state["play_table_game"].remarks)
    assert at.success and tr._("Next deal") == at.button(key="pt_next").label
    at.button(key="pt_next").click().run()
    assert at.session_state["play_table_game"].deal == 1
    at.button(key="pt_leave").click().run()
    assert "play_table_game" not in at.session_state
    assert at.button(key="pt_start")  # back at the choice of the game

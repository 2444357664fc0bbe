"""The Play page's chart of a finished deal (AppTest): a deal played to its end by clicking
cards, then the chart of the learner's expected game points with the costly moments, the
select box of the learner's moves beside it, and a move chosen there showing the position
before it with the coach's remark; the same at a table of three."""

from __future__ import annotations

import json
import random
from typing import Any

from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
from tests.app.test_play_app import clean, game_of, learner_plays, open_page, start, the_board
from tutor.engine import Play
from tutor.search import PLAYERS
from tutor.teach import play as pl
from tutor.web.board import BoardOptions, board_html
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor.words.play_curve import CurveWords, moment_option
from tutor.words.play_text import remark_text
from tutor_app.curve_panel import keys

__all__ = ["open_page"]  # the fixture, shared with the Play page's other tests


def charts(at: AppTest) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The Vega-Lite specifications of the charts on the page, each with its data's rows
    (which Streamlit sends apart, as Arrow)."""
    found = []
    for el in at.get("vega_lite_chart"):
        proto = el.proto
        arrow = proto.data.data if proto.HasField("data") else proto.datasets[0].data.data
        rows = convert_arrow_bytes_to_pandas_df(arrow).to_dict("records")
        found.append((json.loads(proto.spec), rows))
    return found


def test_the_chart_of_a_finished_deal_and_a_move_chosen_on_it(open_page) -> None:  # type: ignore[no-untyped-def]
    at = start(open_page("de", w_play_preset="kurnik", w_play_opponent="club"))
    rng = random.Random(7)
    assert not charts(at)  # no chart while the deal goes on
    while not game_of(at).deal.over:
        learner_plays(at, str(PLAYERS["random"](game_of(at).state, rng)))  # careless: it errs
    game = game_of(at)
    t = get_translator("de")
    w = CurveWords().said(t)
    curve = pl.value_curve(game.deal)
    assert curve and any(p.costly for p in curve), "the deal played has no costly moment"
    ((spec, rows),) = charts(at)
    line = next(x for x in spec["layer"] if x["mark"]["type"] == "line")
    assert line["encoding"]["y"]["title"] == w.axis_y == "Erwartete Siegpunkte"
    shown = [(r["ply"], r["value"]) for r in rows if r["series"] == w.played]
    assert shown == [(p.ply, p.value) for p in curve]
    _, pick = keys(game, game.deal)
    box = at.selectbox(key=pick)
    assert box.label == w.pick and box.value is None
    assert box.options == [moment_option(p, t) for p in curve]
    boards_before = [h for h in at.get("html") if 'class="t66-board"' in str(h.proto.body)]
    costly = next(p for p in curve if p.costly)
    box.set_value(costly.ply).run()
    clean(at)
    warnings = [md_plain(str(e.value)) for e in at.warning]
    assert md_plain(remark_text(costly.remark, t)) in warnings
    boards = [str(h.proto.body) for h in at.get("html") if 'class="t66-board"' in str(h.proto.body)]
    assert len(boards) == len(boards_before) + 1
    position = pl.positions(game.deal)[costly.ply]
    seen = tuple(seat == game.table.learner for seat in range(position.seats))
    assert str(board_html(pl.on_table(position), None, t, BoardOptions(show=seen))) in boards[-1]
    assert position != game.state
    # The chart marks the move chosen.
    ((spec, _),) = charts(at)
    (rule,) = (x for x in spec["layer"] if x["mark"]["type"] == "rule")
    assert rule["transform"][0]["filter"]["equal"] == costly.ply


def test_the_chart_at_a_table_of_three(open_page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(coach, "TABLE_COACH_SAMPLES", 3)
    at = open_page("pl")
    for key, value in (("w_play_players", "table"), ("w_play_preset", "three")):
        at.session_state[key] = value  # one at a time: the presets follow the seats
        at.run()
    at.session_state["w_play_opponent"] = "club"
    at = start(at)
    assert game_of(at).rules.seats == 3
    rng = random.Random(2)
    while not game_of(at).deal.over:
        move = PLAYERS["club"](game_of(at).state, rng)
        assert isinstance(move, Play)
        the_board().click(str(move))
        at.run()
        clean(at)
    game = game_of(at)
    curve = pl.value_curve(game.deal)
    assert curve, "the coach remarked on no move at the table"
    ((spec, rows),) = charts(at)
    w = CurveWords().said(get_translator("pl"))
    line = next(x for x in spec["layer"] if x["mark"]["type"] == "line")
    assert line["encoding"]["y"]["title"] == w.axis_y == "Oczekiwane pkt za rozdanie"
    assert [r["value"] for r in rows if r["series"] == w.best] == [p.best_value for p in curve]
    _, pick = keys(game, game.deal)
    chosen = curve[-1]
    at.selectbox(key=pick).set_value(chosen.ply).run()
    clean(at)
    shown = " ".join(md_plain(str(e.value)) for e in [*at.success, *at.warning])
    assert md_plain(remark_text(chosen.remark, get_translator("pl"))) in shown

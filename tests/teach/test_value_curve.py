"""A deal's curve of expected game points (``tutor.teach.play.value_curve``): one point for
each remark of the coach, with the remark's own values, the learner's move number and trick,
and the costliest moments marked; the same at a table of three and four; and its chart
(``tutor.web.value_chart``) in the learner's language, a point chosen read back."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import tutor.teach.play.coach as coach
from tutor.search import PLAYERS
from tutor.teach import play as pl
from tutor.web.value_chart import PARAMS, chart_rows, picked, value_chart
from tutor.words.i18n import get_translator
from tutor.words.play_curve import CurveWords, moment_option


def played_deal(spec: str, seed: int) -> pl.Game:
    """A deal played to its end by the club player in the learner's seat, with the coach's
    remark on every move that had a choice, as the Play page makes them."""
    game = pl.play_out(pl.start(pl.Table(spec, opponent="club", seed=seed)))
    rng = random.Random(seed)
    while not game.deal.over:
        tried = pl.try_move(game, str(PLAYERS["club"](game.state, rng)))
        assert isinstance(tried, pl.Played)
        game = tried.after
        if tried.graded:
            graded = pl.with_remark(game, tried.before, tried.move)
            if graded is not None:
                game = graded[0]
    return game


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    monkeypatch.setattr(coach, "TABLE_COACH_SAMPLES", 4)


def learner_plies(game: pl.Game) -> list[int]:
    states = pl.positions(game.deal)
    return [i for i in range(len(game.deal.moves)) if states[i].to_move == game.table.learner]


@pytest.mark.parametrize(
    ("spec", "seed"), [("classic", 3), ("kurnik", 5), ("three", 2), ("four", 2)]
)
def test_the_curve_holds_the_coachs_values_of_each_remarked_move(spec: str, seed: int) -> None:
    game = played_deal(spec, seed)
    deal = game.deal
    assert deal.remarks, "the coach remarked on no move"
    curve = pl.value_curve(deal)
    assert [p.remark for p in curve] == list(deal.remarks)
    assert [(p.value, p.best_value, p.loss) for p in curve] == [
        (r.value, r.best_value, r.loss) for r in deal.remarks
    ]
    assert all(p.best_value >= p.value for p in curve)
    mine = learner_plies(game)
    states = pl.positions(deal)
    for p in curve:
        assert p.number == mine.index(p.ply) + 1  # the learner's move number, from 1
        before = states[p.ply]
        assert p.trick == 1 + sum(before.side_tricks(x) for x in range(before.sides))
    assert [p.ply for p in curve if p.costly] == [r.ply for r in pl.costliest(deal)]


def test_the_costliest_moments_are_marked_and_no_others() -> None:
    game = played_deal("classic", 3)
    losses = (0.0, 0.5, 2.0, 0.1, 1.0, 0.0, 0.3)
    remarks = tuple(
        replace(r, loss=losses[i % len(losses)]) for i, r in enumerate(game.deal.remarks)
    )
    deal = replace(game.deal, remarks=remarks)
    curve = pl.value_curve(deal)
    by_loss = sorted((r for r in remarks if r.loss > 0), key=lambda r: -r.loss)
    assert {p.ply for p in curve if p.costly} == {r.ply for r in by_loss[: coach.MOMENTS]}
    assert not any(p.costly for p in curve if p.loss == 0)
    assert pl.point_at(curve, curve[-1].ply) == curve[-1]
    assert pl.point_at(curve, -1) is None


def test_no_remarks_no_curve() -> None:
    game = played_deal("classic", 3)
    assert pl.value_curve(replace(game.deal, remarks=())) == ()


@pytest.mark.parametrize("lang", ["de", "pl", "en"])
def test_the_chart_speaks_the_learners_language(lang: str) -> None:
    t = get_translator(lang)
    curve = pl.value_curve(played_deal("classic", 3).deal)
    w = CurveWords().said(t)
    spec = value_chart(curve, t)
    line, points = layer(spec, "line"), layer(spec, "point", filled=True)
    titles = {line["encoding"]["x"]["title"], line["encoding"]["y"]["title"]}
    assert titles == {w.axis_x, w.axis_y}
    assert line["encoding"]["color"]["scale"]["domain"] == [w.played, w.best, w.costly]
    assert {tip["title"] for tip in points["encoding"]["tooltip"]} == {
        w.axis_x,
        w.played,
        w.best,
    }
    rows = chart_rows(curve, t)
    assert len(rows) == 2 * len(curve)
    assert {r["ply"] for r in rows if r["ring"]} == {p.ply for p in curve if p.costly}
    assert [r["label"] for r in rows[::2]] == [moment_option(p, t) for p in curve]
    assert [r["value"] for r in rows if r["series"] == w.best] == [p.best_value for p in curve]
    mark = "," if lang != "en" else "."
    assert spec["config"]["locale"]["number"]["decimal"] == mark
    if lang == "de":
        assert w.axis_y == "Erwartete Siegpunkte"


def layer(spec: dict[str, Any], mark: str, **more: object) -> dict[str, Any]:
    """The chart's layer of ``mark`` (with the mark's further properties ``more``)."""
    (found,) = (
        x
        for x in spec["layer"]
        if x["mark"]["type"] == mark and all(x["mark"].get(k) == v for k, v in more.items())
    )
    return found  # type: ignore[no-any-return]


def test_the_move_chosen_is_marked_on_the_chart() -> None:
    t = get_translator("en")
    curve = pl.value_curve(played_deal("classic", 3).deal)
    chosen = curve[1].ply
    rule = layer(value_chart(curve, t, chosen), "rule")
    assert rule["transform"] == [{"filter": {"field": "ply", "equal": chosen}}]
    assert [r for r in chart_rows(curve, t) if r["ply"] == chosen]  # the line has its rows
    unmarked = layer(value_chart(curve, t), "rule")
    assert not [
        r for r in chart_rows(curve, t) if r["ply"] == unmarked["transform"][0]["filter"]["equal"]
    ]


def test_a_point_chosen_on_the_chart_is_read_back() -> None:
    ring, moment = PARAMS[1], PARAMS[0]
    assert picked({"selection": {moment: [{"ply": 9, "number": 4}], ring: {}}}) == 9
    assert picked({"selection": {moment: {}, ring: [{"ply": 3.0}]}}) == 3
    assert picked({"selection": {moment: [], ring: []}}) is None
    assert picked({"selection": {moment: [{"ply": True}]}}) is None
    assert picked(None) is None

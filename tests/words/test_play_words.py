"""The Play page's words (tutor.words.play_text): the cut, the match, a move that cost game
points with the better line where every card is known, the tricks, and a claim to 1000, in
German, Polish and English."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Card, parse_move
from tutor.search import PLAYERS
from tutor.teach import play as pl
from tutor.teach.hints.why import Why
from tutor.words import play_text
from tutor.words.i18n import get_translator


def _late_mistake() -> tuple[pl.Game, pl.Remark]:
    """A move of the learner, once every card is known, that gives game points away."""
    for seed in range(200):
        g = pl.play_out(pl.start(pl.Table("classic", opponent="club", seed=seed)))
        rng = random.Random(seed)
        while not g.deal.over:
            if g.state.stock_size == 0 and g.state.closed_by < 0:
                a = pl.analysis_for(g)
                worst = a.moves[-1]
                r = pl.remark_on(g, worst.move, a)
                if r is not None and r.loss >= 1 and r.line:
                    return pl.play_out(pl.learner_move(g, worst.move, r)), r
            g = pl.play_out(pl.learner_move(g, PLAYERS["club"](g.state, rng)))
    raise AssertionError("no late mistake found")


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_costly_move_comes_with_the_better_line(lang: str) -> None:
    game, remark = _late_mistake()
    assert remark.exact and remark.line and remark.line[0] == remark.best
    t = get_translator(lang)
    lines = play_text.moment_lines(game, game.deal, remark, t)
    assert lines[0] == play_text.remark_text(remark, t)
    assert lines[1] == t._("Best play from there:")
    assert len(lines) > 3  # the moves of the line, in words
    assert pl.load_game(pl.dump_game(game)).deal.remarks[-1] == remark


def test_the_cut_and_the_tricks_in_three_languages() -> None:
    cut = (Card.parse("Qh"), Card.parse("10c"))
    trick = pl.Trick(2, 0, Card.parse("Kh"), Card.parse("10s"), 1, 14)
    said = {
        lang: (play_text.cut_text(cut, 1, t), play_text.trick_line(trick, t))
        for lang in ("en", "de", "pl")
        for t in [get_translator(lang)]
    }
    assert said["en"] == (
        "The cut: A draws the queen of hearts, B the ten of clubs. The higher card deals: "
        "B deals first.",
        "Trick 2: A leads the king of hearts, B wins it with the ten of spades and takes 14 "
        "points.",
    )
    assert "die Herz-Dame" in said["de"][0] and "den Herz-König" in said["de"][1]
    assert "damę kier" in said["pl"][0] and "królem kier" in said["pl"][1]


def test_a_remark_within_the_noise_teaches_nothing() -> None:
    t = get_translator("en")
    good = pl.Remark(3, parse_move("Qh"), pl.Grade.GOOD, 0.1, parse_move("10s"), 0.5, 0.4, False)
    assert play_text.remark_text(good, t) == (
        "Good move: the queen of hearts is as good as the best moves here."
    )
    bad = pl.Remark(3, parse_move("Qh"), pl.Grade.MISTAKE, 1.0, parse_move("10s"), 0.5, -0.5, True)
    said = play_text.remark_text(bad, t)
    assert said.startswith("Mistake. The ten of spades was better")
    assert "+0.5" in said and "\u22120.5" in said and "a difference of 1" in said


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_remark_whose_reasons_do_not_name_the_better_move_names_it(lang: str) -> None:
    """The numbers speak of "the better one": the remark names it before them."""
    move, best = parse_move("Qh"), parse_move("marry Kd")
    why = Why(move, None, 0.0, False, 6, 0)  # nothing beyond the numbers
    r = pl.Remark(3, move, pl.Grade.INACCURACY, 0.54, best, 0.74, 0.2, False, why=why)
    t = get_translator(lang)
    said = play_text.remark_text(r, t)
    better = {"en": "king of diamonds", "de": "Karo-König", "pl": "królem karo"}[lang]
    assert better in said
    assert said.index(better) < said.index("0,74" if lang != "en" else "0.74")

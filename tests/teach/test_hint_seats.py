"""One hint analysis and one hint ladder for every seat count: for every preset, a few seeded
positions are analysed by the one ``analyse`` (from what the player to move can see) and the
one ladder says four levels of text in English, German and Polish, with no id of a preset, a
rule, an idea or a computer player in it."""

from __future__ import annotations

import random
import re

import pytest

from tutor.engine import PRESETS, TABLE_PRESETS, Deal, TableState, View, game_for, preset
from tutor.search import PLAYERS, Budget
from tutor.teach.hints import (
    METHOD_TABLE_PLAYOUT,
    METHODS,
    Subject,
    analyse,
    detect,
    situation,
    table_analysis,
)
from tutor.words.hint_text import hint
from tutor.words.i18n import get_translator

NAMES = sorted({*PRESETS, *TABLE_PRESETS})
LANGS = ("en", "de", "pl")
SAMPLES = 4
#: An id in code form: dotted (``lead.free``, ``idea.marriage``) or with an underscore
#: (``three_pack32``, ``false_out``).
CODE_ID = re.compile(r"\b[a-z][a-z0-9]*(?:[._][a-z0-9]+)+\b")
#: A web address a rule's source names ("pagat.com"): no id.
WEB_ADDRESS = re.compile(r"\b[\w.-]+\.(?:com|org|net|de|pl|at)\b")
#: Ids that are plain words and may stand in a sentence ("the club player").
_WORDS = {name for name in PLAYERS if name.isalpha()}


def positions(name: str) -> list[Subject]:
    """Two positions of a seeded deal: its first decision and one after a few random moves;
    with two seats what the player to move can see, at a table the deal (its hint samples what
    the seat to move has not seen)."""
    out: list[Subject] = []
    for seed, plies in ((1, 0), (2, 5)):
        deal: Deal = game_for(preset(name)).new_deal(random.Random(seed))
        rng = random.Random(seed)
        for _ in range(plies):
            if deal.result is not None:
                break
            deal = deal.apply(rng.choice(deal.legal_moves()))
        seat = deal.to_move
        assert seat is not None
        if isinstance(deal, TableState):
            out.append(deal)
            continue
        view = deal.view(seat)
        assert isinstance(view, View)
        out.append(view)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_seat_count_has_one_set_of_idea_detectors(name: str) -> None:
    seats = preset(name).seats
    assert (seats in detect.SEATS) != (seats in table_analysis.SEATS)


@pytest.mark.parametrize("name", NAMES)
def test_one_analysis_and_one_ladder_for_every_preset(name: str) -> None:
    ids = {*NAMES, *(i for i in PLAYERS if i not in _WORDS)}
    for subject in positions(name):
        a = analyse(subject, samples=SAMPLES, seed=3, budget=Budget(nodes=20_000))
        assert a.method in METHODS
        assert (a.method == METHOD_TABLE_PLAYOUT) == (name in TABLE_PRESETS)
        assert a.situation == situation(subject)
        assert {m.move for m in a.moves} == set(a.situation.legal)
        for lang in LANGS:
            h = hint(subject, 4, get_translator(lang), analysis=a)
            assert [p.level for p in h.parts] == [1, 2, 3, 4]
            for part in h.parts:
                assert part.title and part.lines and all(line.strip() for line in part.lines)
            text = WEB_ADDRESS.sub("", h.text)
            assert not CODE_ID.search(text), (lang, CODE_ID.findall(text))
            assert not [i for i in ids if re.search(rf"\b{re.escape(i)}\b", text)], text
            assert "{" not in text and "}" not in text

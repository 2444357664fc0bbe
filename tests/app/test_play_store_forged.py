"""A match kept in the browser that was changed by hand: every forged field (a number out of
range, NaN or infinity, ``true`` for a whole number, an unknown grade, a rule set for three or
four given as a match of two, a move no one could make, coaching on a move the learner did not
make) is refused as a whole. The Play page says so once and offers a new match, and the stored
text is dropped; it never shows a broken page."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.storage as app_storage
from tests.helpers import FakeStorage
from tutor.engine import Card, Play
from tutor.teach import play as pl
from tutor.teach.play.store import M_NOT_GAME
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
PAGE = "tutor_app/pages/play.py"
KEY = "tutor66.play"
#: The remark of the report, on the learner's first move (Kc, the learner leads; Ah is in hand).
R5_REMARK = '[0, "Kc", "blunder", 1e308, "Ah", 1, 1, true, []]'


def kept() -> dict[str, Any]:
    """A genuine kept match of two seats: the learner (A) has led Kc, with the coach's remark,
    and the computer has answered."""
    game = pl.play_out(pl.start(pl.Table("classic", seed=4)))
    assert not game.deal.moves and Card.parse("Ah") in game.state.hand(0)
    kc = Play(Card.parse("Kc"))
    remark = pl.Remark(
        ply=0,
        move=kc,
        grade=pl.Grade.BLUNDER,
        loss=1.0,
        best=Play(Card.parse("Ah")),
        best_value=1.0,
        value=0.0,
        exact=True,
    )
    game = pl.play_out(pl.learner_move(game, kc, remark))
    assert len(game.deal.moves) >= 2 and game.deal.remarks == (remark,)
    data: dict[str, Any] = json.loads(pl.dump_game(game))
    return data


def _remark(**change: object) -> Callable[[dict[str, Any]], None]:
    fields = ("ply", "move", "grade", "loss", "best", "best_value", "value", "exact", "line")

    def apply(d: dict[str, Any]) -> None:
        row = d["deals"][0]["remarks"][0]
        for name, value in change.items():
            row[fields.index(name)] = value

    return apply


def _set(**change: object) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.update(change)


def _computer_move(d: dict[str, Any]) -> None:
    """The computer's answer replaced by the learner's own card: not a legal move."""
    d["deals"][0]["moves"][1] = "Ah"


def _remark_on_computer(d: dict[str, Any]) -> None:
    """Coaching written onto the computer's move."""
    row = d["deals"][0]["remarks"][0]
    row[0], row[1] = 1, d["deals"][0]["moves"][1]


FORGED: dict[str, Callable[[dict[str, Any]], None] | str] = {
    "R5 remark (loss 1e308)": "R5",
    "loss NaN": _remark(loss=float("nan")),
    "best value infinite": _remark(best_value=float("inf")),
    "value out of range": _remark(value=-1000),
    "remark number true": _remark(value=True),
    "unknown grade": _remark(grade="superb"),
    "grade a number": _remark(grade=1),
    "best move not legal": _remark(best="Jc"),
    "line not legal": _remark(line=["Ah", "Ah"]),
    "remark on another move": _remark(move="As"),
    "remark on the computer's move": _remark_on_computer,
    "computer's move not legal": _computer_move,
    "version true": _set(version=True),
    "version 1.0": _set(version=1.0),
    "learner true": _set(learner=True),
    "seed a string": _set(seed="4"),
    "seed out of range": _set(seed=2**63),
    "seats true": _set(seats=True),
    "rules for four as two seats": _set(rules="four", seats=2),
    "rules for three without seats": lambda d: (d.pop("seats"), d.update(rules="three_pack32")),
    "resigned false": lambda d: d["deals"][0].update(resigned=False),
    "claim true": _set(claim=True),
}


def stored_text(name: str) -> str:
    change = FORGED[name]
    data = kept()
    if change == "R5":
        data["deals"][0]["remarks"] = ["R5"]
        return json.dumps(data).replace('"R5"', R5_REMARK)  # the remark's very text
    assert callable(change)
    change(data)
    return json.dumps(data)


def open_play(browser: FakeStorage) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "de"
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> FakeStorage:
    store = FakeStorage()
    monkeypatch.setattr(app_storage, "_STORE", store)
    return store


def test_the_genuine_kept_match_is_restored(browser: FakeStorage) -> None:
    """The unforged text, and the R5 remark with a sane loss, are read back: what the forged
    cases change is what is refused."""
    for text in (json.dumps(kept()), stored_text("R5 remark (loss 1e308)").replace("1e308", "1")):
        browser.stored[KEY] = text
        at = open_play(browser)
        game = at.session_state["play_game"]
        assert isinstance(game, pl.Game) and len(game.deal.remarks) == 1
        assert get_translator("de")._(M_NOT_GAME) not in [md_plain(str(e.value)) for e in at.info]


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_field_gives_the_notice_and_a_new_match(browser: FakeStorage, name: str) -> None:
    text = stored_text(name)
    with pytest.raises(pl.GameStoreError):
        pl.load_game(text)
    browser.stored[KEY] = text
    at = open_play(browser)
    assert "play_game" not in at.session_state or at.session_state["play_game"] is None
    infos = [md_plain(str(e.value)) for e in at.info]
    assert get_translator("de")._(M_NOT_GAME) in infos
    assert at.button(key="play_start")
    assert browser.stored.get(KEY, "") != text  # the forged text is not kept
    # the next visit starts afresh, without the notice
    again = open_play(browser)
    assert get_translator("de")._(M_NOT_GAME) not in [md_plain(str(e.value)) for e in again.info]

"""What the Play page's tests share: the page's address, a run without errors, the table the
page drew and the game it keeps."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

import tutor_app.board as app_board
from tests.helpers import FakeBoard
from tutor.teach import play as pl

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
PAGE = "tutor_app/pages/play.py"
BOARD = "play_board"


def clean(at: AppTest) -> None:
    """The run showed no exception and no error."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def the_board() -> FakeBoard:
    """The table the page drew in this test (``tests.conftest.fake_board``)."""
    board = app_board._BOARD
    assert isinstance(board, FakeBoard)
    return board


def game_of(at: AppTest) -> pl.Game:
    """The game the page keeps in its session."""
    game = at.session_state["play_game"]
    assert isinstance(game, pl.Game)
    return game

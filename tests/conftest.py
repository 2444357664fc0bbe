"""Shared helpers: build positions from short notation; the app and Chromium for the browser
tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tutor.engine import State, new_deal, play_moves, preset

# In CI (CI=true) property tests draw the same examples on every run, with no time limit.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    """A run that leaves out the slow tests (``-m "not slow ..."``) is the daily loop: the
    costly property tests and the fuzz kinds then draw fewer examples
    (``tests.helpers.examples``)."""
    fast = "not slow" in (config.getoption("markexpr") or "")
    os.environ["TUTOR_TESTS_FAST"] = "1" if fast else "0"


#: Doctests in tutor/ that take more than about 2 s (they cannot carry a marker themselves).
SLOW_DOCTESTS = frozenset({"tutor/teach/play/strength.py::tutor.teach.play.strength"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)


#: The tests that drive the app in this process.
APP_TESTS = Path(__file__).resolve().parent / "app"


@pytest.fixture(autouse=True)
def _app_rooms_afresh(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every app test starts with no room watched and the cache of ``tutor_app.shared.rooms``
    cleared (before its own fixtures), and ends with no room watched. The wake threads live as
    long as the test process and call ``rooms()`` while pages follow rooms: left following,
    one may fill the cache under an earlier test's patches (for example with rooms in a Redis
    server since stopped, or with another test's store)."""
    if not request.node.path.is_relative_to(APP_TESTS):
        yield
        return
    import tutor_app.shared as app_shared

    app_shared.watcher().forget()
    app_shared.rooms.clear()
    yield
    app_shared.watcher().forget()


# Example 1 of 000: A leads, trump ace of hearts.
EX1 = dict(
    hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
    trump_card="Ah",
    stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd",
)
EX1_MOVES = ["10h", "Kd", "exchange", "marry Qc", "Jh", "marry Qs", "10s", "out", "marry Kh", "9d"]
# Example 2 of 000: A deals, B leads, trump king of diamonds.
EX2 = dict(
    hands=("Ah 10h Kc Qc Ks Qs", "Ad Jd 9d As Js Jh"),
    trump_card="Kd",
    stock="Qd Qh 9s 10s 9h Kh 9c Jc 10c Ac 10d",
    dealer=0,
)
EX2_MOVES = ["As", "Qs", "exchange", "close", "marry Qd", "Ks", "out", "Ad", "Qh"]


def position(name: str, moves: list[str] | tuple[str, ...] = (), **deal: object) -> State:
    state = new_deal(preset(name), **deal)  # type: ignore[arg-type]
    return play_moves(state, moves)


@pytest.fixture
def ex1() -> dict[str, object]:
    return dict(EX1)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app on the lessons and puzzles of the repository (browser tests): one server for
    the whole run (on each test process), as many pages share one app in use; a module that
    needs other settings, or stops its app, starts its own."""
    from tests.browser.test_browser import ROOT, _serve

    with _serve(TUTOR_LESSONS_DIR=str(ROOT / "lessons")) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium (browser tests), one for the whole run; each test opens its own
    pages or contexts and closes them."""
    from playwright.sync_api import sync_playwright

    from tests.browser.test_browser import ARGS, CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def fake_board(monkeypatch: pytest.MonkeyPatch) -> Any:
    """In AppTest the clickable card table is ``tests.helpers.FakeBoard``: a test clicks a card
    with ``fake_board.click("Qs")`` and runs the page (the browser tests use the real one)."""
    import tutor_app.board as app_board
    from tests.helpers import FakeBoard

    fake = FakeBoard()
    monkeypatch.setattr(app_board, "_BOARD", fake)
    return fake

"""The presenter keys counted, not clicked (tutor_app.keys): presses that come while the page
is still running are not lost, a reload counts afresh, and forward stops where a learner has to
act first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.keys as app_keys
from tutor.teach.lessons import load_lessons, replay

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS, _ = load_lessons(ROOT / "lessons")
FIRST = next(les for les in LESSONS if les.id.startswith("01"))
FRAMES = replay(FIRST)


class FakeKeys:
    """The key listener as the browser runs it: it hands the page running totals."""

    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.pending = False

    def press(self, action: str, times: int = 1) -> None:
        self.totals[action] = self.totals.get(action, 0) + times
        self.pending = True

    def __call__(self, *, key: str, **callbacks: object) -> None:
        import streamlit as st

        if self.pending:
            self.pending = False
            st.session_state[key] = {"presses": dict(self.totals)}
            callback = callbacks["on_presses_change"]
            assert callable(callback)
            callback()
            st.rerun()


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeKeys]:
    fake = FakeKeys()
    monkeypatch.setattr(app_keys, "_KEYS", fake)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    yield fake


def _step(at: AppTest) -> int:
    return int(at.session_state["step"])


def _open(**params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception and not at.error
    return at


def test_six_presses_at_once_go_six_steps(keys: FakeKeys) -> None:
    at = _open(lesson=FIRST.id, step="1", projector="1", lang="en")
    keys.press("next", 6)  # six clicker presses while the page was still running
    at.run()
    assert _step(at) == 7
    keys.press("back", 2)
    at.run()
    assert _step(at) == 5
    keys.press("restart")
    keys.press("next", 1)
    at.run()
    assert _step(at) == 1  # Home first, then one forward


def test_forward_stops_where_the_learner_has_to_act(keys: FakeKeys) -> None:
    asks = [i for i, f in enumerate(FRAMES) if f.question is not None]
    at = _open(lesson=FIRST.id, step="0", lang="en")
    keys.press("next", 8)
    at.run()
    assert _step(at) == asks[0]  # the question waits for its answer
    assert at.button(key="next").disabled


def test_presses_count_the_difference_and_a_reload_afresh() -> None:
    from tutor_app.keys import count_presses

    seen: dict[str, object] = {}
    got = []
    for totals in (
        {"page": "p1", "next": 3},
        {"page": "p1", "next": 5, "back": 1},
        {"page": "p1", "next": 5, "back": 1},  # the same again: nothing new
        {"page": "p1", "next": 4, "back": 1},  # an older message, late: nothing new
        {"page": "p2", "next": 2},  # the page was loaded again
        {"page": "p2", "next": "9", "back": -1, "restart": True},
        "junk",
        {"page": "p2", "next": 10_000},
    ):
        presses, seen = count_presses(totals, seen)
        got.append(presses)
    assert got == [
        {"next": 3},
        {"next": 2, "back": 1},
        {},
        {},
        {"next": 2},
        {},
        {},
        {"next": app_keys.MAX_PRESSES},
    ]


def test_totals_taken_but_not_acted_on_are_acted_on_at_the_next_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run stopped after the component's new totals were taken but before the callback ran:
    the same totals sent again are no change for Streamlit, and the page acts on them."""

    class Silent:
        def __init__(self) -> None:
            self.totals: dict[str, int] = {}

        def __call__(self, *, key: str, **_: object) -> None:
            import streamlit as st

            if self.totals:
                st.session_state[key] = {"presses": {"page": "p", **self.totals}}

    silent = Silent()
    monkeypatch.setattr(app_keys, "_KEYS", silent)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    at = _open(lesson=FIRST.id, step="1", projector="1", lang="en")
    silent.totals = {"next": 3}
    at.run()
    assert _step(at) == 4
    at.run()
    assert _step(at) == 4  # acted on once

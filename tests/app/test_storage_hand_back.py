"""The browser hands the stored progress back as a trigger of the storage component
(``tutor_app.storage``), and the app takes it in the component's callback, before the page is
drawn: the run the hand-back asks for already tells the browser it has been read. A hand-back
lost to a click at the same moment is asked again at the next draw, and a second hand-back is
not taken twice. ``HandingBack`` plays the browser's part as the component's script does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import tutor_app.progress as app_progress
import tutor_app.storage as app_storage
from tests.app.test_course_app import PATH, ROOT, start, texts
from tests.helpers import hand_back
from tutor.teach.progress import Progress, dump_progress, load_progress

STORED = dump_progress(Progress().finish(PATH[0].id))


class HandingBack:
    """The storage component in the browser for the progress entry: until the app says it
    has read the stored value (``loaded``), each draw hands it back through the component's
    callback and asks for a run, except the draws listed in ``lost`` (a hand-back that never
    reached the app); once read, it stores what the app saves."""

    def __init__(self, stored: str, lost: frozenset[int] = frozenset(), extra: int = 0) -> None:
        self.stored = stored
        self.lost = lost
        self.extra = extra  # hand-backs sent again after the app said it read the value
        self.draws: list[bool] = []  # ``loaded`` as each draw of the entry gave it

    def __call__(self, *, data: dict[str, Any], key: str, **callbacks: object) -> None:
        if data.get("key") != app_progress.STORAGE_KEY:
            return None
        loaded = bool(data.get("loaded"))
        self.draws.append(loaded)
        draw = len(self.draws) - 1
        if loaded and self.extra:
            self.extra -= 1
        elif loaded:
            self.stored = str(data["save"])
            return None
        if draw in self.lost:
            return None
        hand_back(key, self.stored, callbacks)


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., HandingBack]]:
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))

    def make(**kwargs: Any) -> HandingBack:
        fake = HandingBack(STORED, **kwargs)
        monkeypatch.setattr(app_storage, "_STORE", fake)
        return fake

    yield make


def test_the_run_a_hand_back_asks_for_already_says_it_was_read(
    browser: Callable[..., HandingBack],
) -> None:
    fake = browser()
    at = start()
    assert set(at.session_state["finished"]) == {PATH[0].id}
    assert "Lessons finished: 1 of" in texts(at)
    # One hand-back, and the very next draw says it was read: no second run is asked for.
    assert fake.draws == [False, True]
    assert load_progress(fake.stored).lessons == {PATH[0].id}


def test_a_lost_hand_back_is_asked_again_and_nothing_stored_over_it_meanwhile(
    browser: Callable[..., HandingBack],
) -> None:
    fake = browser(lost=frozenset({0}))
    at = start()
    # The first hand-back never reached the app: it has no progress yet and stores nothing.
    assert fake.draws == [False]
    assert "Lessons finished: 0 of" in texts(at)
    assert fake.stored == STORED
    # The learner clicks at that moment (the lesson list opens a lesson); the page is drawn
    # again, the component hands the value back again, and the app takes it.
    at.button(key=f"open_{PATH[2].id}").click().run()
    assert set(at.session_state["finished"]) == {PATH[0].id}
    assert fake.draws[:3] == [False, False, True]
    assert PATH[0].id in load_progress(fake.stored).lessons


def test_a_second_hand_back_is_not_taken_twice(
    browser: Callable[..., HandingBack], monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: list[str] = []
    restore = app_progress.restore

    def counted(stored: str) -> None:
        taken.append(stored)
        restore(stored)

    monkeypatch.setattr(app_progress, "restore", counted)
    fake = browser(extra=1)
    at = start()
    assert fake.draws[:2] == [False, True]
    assert taken == [STORED]
    assert set(at.session_state["finished"]) == {PATH[0].id}

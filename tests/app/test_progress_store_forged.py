"""Progress kept in the browser that was changed by hand: each forged kind (a name that is no
text, a lone surrogate, a key given twice, ``true`` or ``1.0`` for the version, a mark that is
not true or false, NaN, an unknown field) is left out as a whole. The Learn page draws without
a fault, starts from no progress, and stores readable progress in its place."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import tutor_app.storage as app_storage
from tests.app.test_course_app import LESSONS, ROOT, FakeStore, clean, start
from tutor.teach.progress import Progress, ProgressError, dump_progress, load_progress

FIRST = LESSONS[0].id
GOOD = dump_progress(Progress().finish(FIRST).solve("p1", True))

FORGED = {
    "name a number": '{"version": 1, "lessons": [1]}',
    "lone surrogate in a lesson": '{"version": 1, "lessons": ["@", "\\ud800"]}',
    "lone surrogate in a puzzle": '{"version": 1, "lessons": [], "puzzles": {"p\\udfff": true}}',
    "key given twice": '{"version": 1, "lessons": ["@"], "lessons": []}',
    "version true": '{"version": true, "lessons": ["@"]}',
    "version 1.0": '{"version": 1.0, "lessons": ["@"]}',
    "mark a number": '{"version": 1, "puzzles": {"p1": 1}}',
    "mark NaN": '{"version": 1, "puzzles": {"p1": NaN}}',
    "unknown field": '{"version": 1, "lessons": ["@"], "admin": true}',
    "steps not a list": '{"version": 1, "steps": {"@": "q1"}}',
}


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeStore]:
    fake = FakeStore()
    monkeypatch.setattr(app_storage, "_STORE", fake)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    yield fake


def test_the_genuine_progress_is_restored(store: FakeStore) -> None:
    store.stored = GOOD
    at = start()
    assert set(at.session_state["finished"]) == {FIRST}
    assert at.session_state["pz_solved"] == {"p1": True}


@pytest.mark.parametrize("name", list(FORGED))
def test_forged_progress_is_left_out_and_replaced(store: FakeStore, name: str) -> None:
    text = FORGED[name].replace("@", FIRST)
    with pytest.raises(ProgressError):
        load_progress(text)
    store.stored = text
    at = start()
    clean(at)
    assert set(at.session_state["finished"]) == set()
    assert "pz_solved" not in at.session_state or not at.session_state["pz_solved"]
    at.run()
    clean(at)
    assert store.stored != text
    assert load_progress(store.stored) == Progress()
    json.loads(store.stored)  # what is kept now reads as strict JSON

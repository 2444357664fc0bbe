"""The pages offer the handouts to print: the Rules page the card of the preset chosen, the
Learn page the sheet of the lesson open (not on the projector), each labelled in the page's
language."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")


def _start(monkeypatch: pytest.MonkeyPatch, **params: str) -> AppTest:
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _downloads(at: AppTest) -> dict[str, str]:
    """Each download button's key (the end of its id) and label."""
    return {str(b.proto.id).rsplit("-", 1)[-1]: b.proto.label for b in at.get("download_button")}


def test_the_rules_page_offers_the_card_of_its_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    at = _start(monkeypatch, lang="pl")
    at.switch_page("tutor_app/pages/rules.py").run()
    assert not at.exception
    labels = _downloads(at)
    assert get_translator("pl")._("Rules card to print") in labels.values()


def test_the_learn_page_offers_the_sheet_of_the_lesson(monkeypatch: pytest.MonkeyPatch) -> None:
    de = get_translator("de")
    at = _start(monkeypatch, lesson="example-1", lang="de")
    assert de._("Lesson sheet to print") in _downloads(at).values()
    projector = _start(monkeypatch, lesson="example-1", lang="de", projector="1")
    assert de._("Lesson sheet to print") not in _downloads(projector).values()

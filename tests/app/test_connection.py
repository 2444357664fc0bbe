"""The notice when the page loses the server (``tutor_app.connection``): every page mounts the
watcher with its texts in the page's language; the script holds no words of its own and
writes them as text, not HTML. (The banner itself is tested in a real browser, with the
server stopped and started again: ``tests/browser/test_browser_restart.py``.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.words.i18n import LANGUAGES, get_translator
from tutor_app import connection

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
PAGES = ["learn", "rules", "puzzles", "play", "glossary", "follow"]
ENGLISH = {"lost": connection.LOST, "given_up": connection.GIVEN_UP, "reload": connection.RELOAD}


class Watcher:
    """The watcher component as AppTest sees it: keeps what each mount was given."""

    def __init__(self) -> None:
        self.mounts: list[tuple[str, dict[str, str]]] = []

    def __call__(self, *, data: dict[str, str], key: str, **_: object) -> None:
        self.mounts.append((key, dict(data)))


@pytest.fixture
def watcher(monkeypatch: pytest.MonkeyPatch) -> Watcher:
    fake = Watcher()
    monkeypatch.setattr(connection, "_WATCH", fake)
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    return fake


@pytest.mark.parametrize("page", PAGES)
def test_every_page_mounts_the_watcher_in_its_language(watcher: Watcher, page: str) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "pl"
    at.run()
    if page != "learn":
        at.switch_page(f"tutor_app/pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    pl = get_translator("pl")
    expected = {name: pl._(msgid) for name, msgid in ENGLISH.items()}
    assert watcher.mounts, "the page did not mount the watcher"
    key, data = watcher.mounts[-1]
    assert key == connection.CONNECTION_KEY
    assert data == expected


def test_a_new_language_is_handed_to_the_mounted_watcher(watcher: Watcher) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "de"
    at.run()
    assert watcher.mounts[-1][1]["lost"] == get_translator("de")._(connection.LOST)
    at.selectbox(key="w_lang").set_value("en").run()
    assert watcher.mounts[-1][1] == ENGLISH


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_notice_is_translated(lang: str) -> None:
    t = get_translator(lang)
    for msgid in ENGLISH.values():
        assert t._(msgid) and t._(msgid) != msgid, (lang, msgid)


def test_the_script_holds_no_words_and_writes_text_not_html() -> None:
    script = connection.CONNECTION_SCRIPT
    for msgid in ENGLISH.values():
        assert msgid not in script
    for english in ("Connection", "connection to", "Reload", "server is"):
        assert english not in script
    assert "textContent" in script
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script
    assert 'setAttribute("role", "status")' in script
    assert 'setAttribute("aria-live", "polite")' in script

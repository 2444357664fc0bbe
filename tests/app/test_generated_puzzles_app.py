"""The generated puzzles on the Puzzles page, run headless with AppTest: listed by preset under
the course, opened by their address, and the page's time to open with all of them loaded."""

from __future__ import annotations

import html
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.teach.puzzles.generated import GENERATED_FILE, GeneratedSet
from tutor.words.generated_page import GeneratedWords
from tutor.words.i18n import get_translator
from tutor.words.puzzle_page import puzzle_title

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
GENERATED = GeneratedSet(ROOT / GENERATED_FILE)


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def page(lang: str = "en", puzzle: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    if puzzle is not None:
        at.query_params["id"] = puzzle
    at.switch_page("tutor_app/pages/puzzles.py").run()
    clean(at)
    return at


@pytest.mark.slow
def test_the_list_shows_the_generated_puzzles_of_a_preset() -> None:
    start = time.perf_counter()
    at = page("de")
    seconds = time.perf_counter() - start
    words = GeneratedWords().said(get_translator("de"))
    assert words.heading in [s.value for s in at.subheader]
    chooser = at.selectbox(key="w_pz_preset")
    assert set(chooser.options) >= {"Klassisch", "Pagat"} or len(chooser.options) >= 4
    first = GENERATED.select(GENERATED.presets()[0])[0]
    assert at.button(key=f"pz_gen_open_{first.id}")
    at.button(key="pz_gen_more").click().run()
    clean(at)
    assert at.button(key=f"pz_gen_open_{GENERATED.select(GENERATED.presets()[0])[13].id}")
    assert seconds < 30, seconds


@pytest.mark.slow
def test_a_generated_puzzle_opens_by_its_address() -> None:
    half = GENERATED.entries[len(GENERATED.entries) // 2 :]
    entry = next(e for e in half if not GENERATED.is_table(e.id))
    p = GENERATED.get(entry.id)
    assert p is not None
    at = page("pl", entry.id)
    assert at.session_state["pz_current"] == entry.id == at.query_params["id"]
    assert at.button(key="pz_btn_list")  # the puzzle, not the list
    shown = "\n".join(str(h.proto.body) for h in at.get("html"))
    assert html.escape(puzzle_title(p, get_translator("pl"))) in shown


@pytest.mark.slow
def test_a_table_puzzle_opens_by_its_address_and_shows_its_verdict() -> None:
    entry = next(e for e in GENERATED.entries if GENERATED.is_table(e.id))
    p = GENERATED.get_table(entry.id)
    assert p is not None
    at = page("de", entry.id)
    assert at.session_state["pz_table"] == entry.id == at.query_params["id"]
    assert at.button(key="pz_table_list")  # the puzzle, not the list
    shown = "\n".join(str(h.proto.body) for h in at.get("html"))
    assert html.escape(puzzle_title(p, get_translator("de"))) in shown
    at.session_state["pz_table_move"] = str(p.solution[0])  # as a click on the card sets it
    at.run()
    clean(at)
    assert [s.value for s in at.success] and at.button(key="pz_table_again")


@pytest.mark.slow
def test_the_list_opens_a_table_puzzle() -> None:
    at = page("pl")
    at.selectbox(key="w_pz_preset").set_value("four").run()
    clean(at)
    first = GENERATED.select("four")[0]
    at.button(key=f"pz_gen_open_{first.id}").click().run()
    clean(at)
    assert at.session_state["pz_table"] == first.id
    assert at.button(key="pz_table_list")
    at.button(key="pz_table_list").click().run()
    clean(at)
    assert at.session_state["pz_table"] is None
    assert "pz_table_list" not in [b.key for b in at.button]

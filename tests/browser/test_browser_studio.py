"""The studio in a real browser (headless Chromium driving ``streamlit run``): the deal editor
with a card put from the pack, the analysis board on a position opened by its link with a move
played forward and back, and the lesson recorder with a step recorded; screenshots at
1920x1080, 1280x720 and 390x844 go to ``artifacts/``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, ROOT, _scroll_to, _settle
from tutor.engine import game_for, preset
from tutor.teach.studio.link import encode_deal

ARTIFACTS = ROOT / "artifacts"
SIZES = [(1920, 1080), (1280, 720), (390, 844)]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
]


def _deal(name: str, plies: int, seed: int = 5) -> object:
    """A seeded deal of ``name`` after ``plies`` moves chosen at random."""
    rng = random.Random(seed)
    deal = game_for(preset(name)).new_deal(rng)
    for _ in range(plies):
        deal = deal.apply(rng.choice(deal.legal_moves()))
    return deal


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.locator(".t66-pick").first.wait_for(timeout=60_000)
    _settle(page)


def _shots(page: Page, name: str, scroll_to: str = "") -> None:
    """The page at each size of ``SIZES`` (scrolled to ``scroll_to``, a selector, if given)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if scroll_to:
            _scroll_to(page, scroll_to)
        else:
            _settle(page)
        _shot(page, f"{name}-{width}.png")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def test_the_editor_puts_a_card(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    _open(page, f"{server}/studio?lang=pl")
    free = page.locator('button.t66-pick[data-move^="put:"]')
    before = free.count()
    assert before >= 24
    free.first.click()
    page.wait_for_function(
        f"() => document.querySelectorAll('button.t66-pick[data-move^=\"put:\"]').length"
        f" === {before - 1}",
        timeout=30_000,
    )
    _settle(page)
    assert page.locator('button.t66-pick[data-move^="take:"]').count() == 1
    assert "pos=" in page.url
    _shots(page, "studio-editor-pl", 'button.t66-pick[data-move^="take:"]')
    page.close()


def test_the_analysis_board_on_a_linked_position(server: str, browser: Browser) -> None:
    deal = _deal("classic", 6)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    _open(page, f"{server}/studio?lang=de&pos={encode_deal(deal)}")  # type: ignore[arg-type]
    page.get_by_text("Die Stellung ist vollständig.").wait_for(timeout=60_000)
    _settle(page)
    board = page.locator(".st-key-studio_analysis_board button[data-move]")
    board.first.wait_for(timeout=60_000)
    _scroll_to(page, board.first)
    _shots(page, "studio-analysis-de", ".st-key-studio_analysis_board")
    # A move forward on the board and back again.
    board.first.click()
    _settle(page)
    page.locator(".st-key-studio_analysis_nav_back button:visible").first.click()
    _settle(page)
    _shots(page, "studio-analysis-back-de", ".st-key-studio_analysis_nav_back")
    page.close()


def test_the_recorder_records_a_step(server: str, browser: Browser) -> None:
    deal = _deal("three", 0)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    _open(page, f"{server}/studio?lang=en&pos={encode_deal(deal)}")  # type: ignore[arg-type]
    page.locator('[data-testid="stButtonGroup"] button', has_text="Record a lesson").click()
    # A card of the seat on turn played on the recorder's table is the first step.
    table = page.locator('[class*="st-key-studio_rec"] button[data-move]')
    table.first.wait_for(timeout=60_000)
    _scroll_to(page, table.first)
    _shots(page, "studio-recorder-en", '[class*="st-key-studio_rec"] button[data-move]')
    card = table.first.get_attribute("data-move")
    table.first.click(position={"x": 6, "y": 24})  # the cards of a seat at the top fan out
    page.get_by_text("Recorded steps").first.wait_for(timeout=60_000)
    assert page.get_by_text("Step 1:").count() >= 1
    _settle(page)
    assert card is not None
    _shots(page, "studio-recorder-step-en", '[class*="st-key-studio_rec"] button[data-move]')
    page.close()

"""A puzzle at a table of three or four in a real browser (headless Chromium driving
``streamlit run``): opened by its address, the solution's card clicked on the table, the verdict
and the line to the end of the deal shown with every hand face up; screenshots at 1920x1080
and 390x844 go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, ROOT, _settle
from tutor.engine import Play
from tutor.teach.puzzles.generated import GENERATED_FILE, read_generated_tables
from tutor.words.i18n import get_translator
from tutor.words.puzzle_page import puzzle_title

ARTIFACTS = ROOT / "artifacts"
TABLES, _ = read_generated_tables(ROOT / GENERATED_FILE)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
    pytest.mark.skipif(not TABLES, reason="no table puzzles shipped"),
]


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _shots(page: Page, name: str) -> None:
    for width, height in ((1920, 1080), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        _settle(page)
        _shot(page, f"{name}-{width}.png")
    page.set_viewport_size({"width": 1920, "height": 1080})


@pytest.mark.parametrize(("seats", "lang"), [(3, "de"), (4, "pl")])
def test_a_table_puzzle_solved_on_the_table(
    server: str, browser: Browser, seats: int, lang: str
) -> None:
    p = next(
        p for p in TABLES if p.state.seats == seats and all(isinstance(m, Play) for m in p.solution)
    )
    tr = get_translator(lang)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{server}/puzzles?lang={lang}&id={p.id}")
    cards = page.locator(".st-key-pz_table_board button[data-move]")
    cards.first.wait_for(timeout=60_000)
    # The title may still be on its way when the cards are drawn (a loaded machine): wait for it.
    page.get_by_text(puzzle_title(p, tr)).first.wait_for(timeout=30_000)
    _settle(page)
    mine = sorted(cards.evaluate_all("bs => bs.map(b => b.dataset.move)"))
    assert mine == sorted(str(c) for c in p.state.hand(p.learner))
    _shots(page, f"table-puzzle-{seats}-{lang}")
    right = str(p.solution[0])
    page.locator(f'.st-key-pz_table_board button[data-move="{right}"]').click(
        position={"x": 6, "y": 24}
    )
    page.locator(".st-key-pz_table_again button").first.wait_for(timeout=60_000)
    _settle(page)
    assert page.locator(".st-key-pz_table_board button[data-move]").count() == 0
    _shots(page, f"table-puzzle-{seats}-{lang}-solved")
    page.close()

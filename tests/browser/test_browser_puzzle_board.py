"""Puzzles on the table in a real browser (headless Chromium driving ``streamlit run``): a
puzzle opened, a card clicked on the table and the answer seen there, a card chosen with the
keyboard, and a wrong move's refutation stepped through to its end with every card face up;
screenshots at 1920x1080 and 390x844 in German and Polish go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, ROOT, _scroll_to, _settle
from tutor.engine import Card
from tutor.teach import puzzles as pz
from tutor.teach.puzzles.replay import refutation_replay
from tutor.words.i18n import get_translator

ARTIFACTS = ROOT / "artifacts"
COLLECTION = pz.Collection.load(ROOT / "puzzles")
ANSWERS = "ten-waits-for-the-king"  # A leads the jack of diamonds, B takes it and leads again
WRONG = ("let-a-lead-diamonds", "Kh")  # lost by the extra points for the last trick

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
    pytest.mark.skipif(
        COLLECTION.get(ANSWERS) is None or COLLECTION.get(WRONG[0]) is None,
        reason="the puzzles of the repository are not there",
    ),
]


def _open(page: Page, server: str, lang: str, puzzle_id: str) -> None:
    page.goto(f"{server}/puzzles?lang={lang}")
    page.locator(f".st-key-pz_open_{puzzle_id} button").click()
    page.locator(".t66-live button[data-move]").first.wait_for(timeout=30_000)
    _settle(page)


def _click(page: Page, key: str) -> None:
    page.locator(f".st-key-{key} button").click()
    _settle(page)


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)])
def test_a_puzzle_played_on_the_table(
    server: str, browser: Browser, lang: str, size: tuple[int, int]
) -> None:
    tr = get_translator(lang)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    _open(page, server, lang, ANSWERS)
    cards = page.locator(".t66-live button[data-move]")
    assert sorted(cards.evaluate_all("bs => bs.map(b => b.dataset.move)")) == sorted(
        ["Kc", "10h", "Qh", "Jd"]
    )
    _shot(page, f"puzzle-board-play-{lang}-{size[0]}.png")
    page.locator('.t66-live button[data-move="Jd"]').click()
    page.wait_for_selector('.t66-counter[data-answer="1"]', timeout=30_000)
    _settle(page)
    # The answer on the table: both cards of the trick and who takes it.
    trick = page.locator(".t66-trick").first
    names = trick.locator("img").evaluate_all("is => is.map(i => i.alt)")
    assert names == [tr.card(Card.parse("Jd"), "bare"), tr.card(Card.parse("Kd"), "bare")]
    assert tr._("takes the trick") in trick.inner_text()
    right = tr._("Right so far: playing {card} is a good move. Go on.", card=Card.parse("Jd"))
    assert page.get_by_text(right).count() == 1
    _shot(page, f"puzzle-board-answer-{lang}-{size[0]}.png")
    _click(page, "pz_ans_next")
    page.wait_for_selector('.t66-counter[data-answer="2"]', timeout=30_000)
    led = page.locator(".t66-trick img").evaluate_all("is => is.map(i => i.alt)")
    assert led == [tr.card(Card.parse("Ah"), "bare")]
    # A card chosen with the keyboard: the arrow keys move among the cards, Enter plays.
    page.locator('.t66-live button[data-move="Kc"]').focus()
    for _ in range(3):
        if page.evaluate("document.activeElement.dataset.move") == "Qh":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.move") == "Qh"
    page.keyboard.press("Enter")
    page.wait_for_selector('.t66-counter[data-answer="1"]', timeout=30_000)
    _settle(page)
    assert len(page.locator(".t66-trick img").all()) == 2
    page.close()


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)])
def test_a_refutation_replayed_on_the_table(
    server: str, browser: Browser, lang: str, size: tuple[int, int]
) -> None:
    tr = get_translator(lang)
    puzzle_id, move = WRONG
    p = COLLECTION.get(puzzle_id)
    assert p is not None
    j = pz.check(p, [move])
    assert j.refutation is not None
    replay = refutation_replay(j.refutation)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    _open(page, server, lang, puzzle_id)
    page.locator(f'.t66-live button[data-move="{move}"]').click()
    # a wrong move opens its refutation on the table at once
    page.wait_for_selector('.t66-counter[data-replay="0"]', timeout=30_000)
    top = page.locator(".t66-seat-top img").evaluate_all("is => is.map(i => i.alt)")
    assert top == [tr.card(c, "bare") for c in replay.start.hand(1)]  # B's hand face up
    _shot(page, f"puzzle-board-replay-start-{lang}-{size[0]}.png")
    last = len(replay.steps)
    for step in range(1, last + 1):
        _click(page, "pz_why_next")
        page.wait_for_selector(f'.t66-counter[data-replay="{step}"]', timeout=30_000)
    assert page.locator(".st-key-pz_why_next button").is_disabled()
    panel = page.locator(".t66-replay").inner_text()
    assert tr._("End of the deal").upper() in panel.upper()
    assert "10" in panel and "68" in panel and "62" in panel
    _scroll_to(page, ".t66-replay")
    _shot(page, f"puzzle-board-replay-end-{lang}-{size[0]}.png")
    _click(page, "pz_why_close")
    assert page.locator(".t66-replay").count() == 0
    page.close()

"""The Play page in a real browser (headless Chromium driving ``streamlit run``): a deal played
by clicking cards on the table, in normal and in projector mode; the time from the learner's
click to the computer's answer on the table (median and 95th percentile, written to
``artifacts/play-timings.json`` and printed); the match kept across a reload; screenshots at
1920x1080, 1280x720 and 390x844 go to ``artifacts/``."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, ROOT, _settle
from tutor.engine import Play, legal_moves
from tutor.teach import play as pl

ARTIFACTS = ROOT / "artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"Chromium is not installed ({CHROMIUM} not found)",
    ),
]


def _long_deal_seed(moves: int = 8) -> int:
    """A seed for ``/play?seed=`` whose first deal lets a learner who always plays the first
    allowed card of the hand (as ``_play`` does) make at least ``moves`` moves."""
    for base in range(200):
        game = pl.play_out(pl.start(pl.Table("classic", opponent="beginner", seed=base + 1)))
        made = 0
        while not game.deal.over and made < moves:
            s = game.state
            hand = s.hand(game.table.learner)
            allowed = {m.card for m in legal_moves(s) if isinstance(m, Play)}
            card = next(c for c in hand if c in allowed)
            game = pl.play_out(pl.learner_move(game, Play(card)))
            made += 1
        if made >= moves:
            return base
    raise AssertionError("no seed gives a long enough deal")


SEED = _long_deal_seed()

#: The table's HTML as the page shows it now ("" when no card may be clicked).
TABLE = "() => { const t = document.querySelector('.t66-live'); return t ? t.innerHTML : ''; }"


#: What the learner sees of the match: the cards in hand, the trick on the table, the stock.
SEEN = """() => {
  const t = document.querySelector('.t66-live');
  if (!t) return null;
  const hand = Array.from(t.querySelectorAll('button[data-move]')).map(b => b.dataset.move);
  const trick = t.querySelector('.t66-trick');
  const stock = t.querySelector('.t66-stock');
  return [hand, trick ? trick.innerHTML : '', stock ? stock.textContent : ''];
}"""


def _start(page: Page, base: str) -> None:
    page.goto(base)
    page.locator(".st-key-play_start button").click()
    page.wait_for_selector(".t66-live button[data-move]", timeout=30_000)
    _settle(page)
    _marks_on(page)


def _marks_on(page: Page) -> None:
    """Switch on the marks of the cards that may be played."""
    page.locator(".st-key-w_mark_legal_play label").first.click()
    page.wait_for_selector(".t66-live button.t66-legal", timeout=30_000)
    _settle(page)


def _play(page: Page, moves: int, shots: str = "") -> list[float]:
    """Click the learner's first card ``moves`` times (or until the deal ends); the seconds
    from each click until the table shows the computer's answer."""
    times = []
    for i in range(moves):
        cards = page.locator(".t66-live button.t66-legal")
        if not cards.count():
            break
        before = page.evaluate(TABLE)
        clicked = time.perf_counter()
        cards.first.click()
        page.wait_for_function(f"() => ({TABLE})() !== {json.dumps(before)}", timeout=30_000)
        times.append(time.perf_counter() - clicked)
        _settle(page)
        if shots and i == 1:
            page.screenshot(path=shots)
    return times


@pytest.mark.parametrize("projector", [False, True])
def test_a_deal_played_by_clicking_cards(server: str, browser: Browser, projector: bool) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    mode = "&projector=1" if projector else ""
    _start(page, f"{server}/play?lang=en&seed={SEED}{mode}")
    name = "projector" if projector else "normal"
    times = _play(page, 8, str(ARTIFACTS / f"play-{name}-1920.png"))
    assert len(times) == 8
    # The deal went on: tricks were taken and the coach has spoken (or the deal has ended).
    page.get_by_text("Trick 1:", exact=False).first.wait_for(state="attached", timeout=20_000)
    median = statistics.median(times)
    p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
    figures = {"clicks": len(times), "median_s": round(median, 3), "p95_s": round(p95, 3)}
    path = ARTIFACTS / "play-timings.json"
    kept = json.loads(path.read_text()) if path.exists() else {}
    kept[name] = figures
    path.write_text(json.dumps(kept, indent=1))
    print(f"play, {name}: click to the computer's answer on the table: {figures}")
    context.close()


def test_the_match_survives_a_reload(server: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    _start(page, f"{server}/play?lang=de&seed={SEED}")
    _play(page, 2)
    seen = page.evaluate(SEEN)
    page.reload()
    page.wait_for_selector(".t66-live button[data-move]", timeout=30_000)
    _settle(page)
    assert page.evaluate(SEEN) == seen
    page.screenshot(path=str(ARTIFACTS / "play-reload-de-1280.png"))
    context.close()


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (390, 844)])
def test_screenshots(server: str, browser: Browser, lang: str, size: tuple[int, int]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{server}/play?lang={lang}&seed={SEED}")
    page.locator(".st-key-play_start button").wait_for(timeout=30_000)
    _settle(page)
    page.screenshot(path=str(ARTIFACTS / f"play-setup-{lang}-{width}.png"))
    page.locator(".st-key-play_start button").click()
    page.wait_for_selector(".t66-live button[data-move]", timeout=30_000)
    _settle(page)
    _marks_on(page)
    _play(page, 3, str(ARTIFACTS / f"play-{lang}-{width}.png"))
    context.close()

"""The puzzle trainer in a real browser (headless Chromium driving ``streamlit run``): the
daily puzzle, a streak run until its first miss, and a generated puzzle opened by its link;
screenshots at 1920x1080 and 390x844 go to ``artifacts/``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, ROOT, _settle
from tutor.engine import Play
from tutor.teach import puzzles as pz
from tutor.teach.puzzles import difficulty as df
from tutor.teach.puzzles import rating as rt
from tutor.teach.puzzles import training as tg
from tutor.teach.puzzles.generated import GENERATED_FILE, generated_set
from tutor.words import trainer_page as tw
from tutor.words.i18n import get_translator
from tutor.words.puzzle_page import puzzle_title

ARTIFACTS = ROOT / "artifacts"
COLLECTION = pz.Collection.load(ROOT / "puzzles")
GENERATED = generated_set(str(ROOT / GENERATED_FILE))
TRAINER_ENTRIES = [e for e in GENERATED.entries if not GENERATED.is_table(e.id)]
RATED = {
    **tg.entry_ratings(
        TRAINER_ENTRIES, df.load_ratings(ROOT / GENERATED_FILE.parent / df.RATINGS_FILE)
    ),
    **{
        p.id: df.rating_of(p, df.load_ratings(ROOT / "puzzles" / df.RATINGS_FILE))
        for p in COLLECTION.puzzles
    },
}
SIZES = [(1920, 1080), (390, 844)]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
    pytest.mark.skipif(not GENERATED.entries, reason="the generated puzzles are not there"),
]


def _find(puzzle_id: str) -> pz.Puzzle:
    found = COLLECTION.get(puzzle_id) or GENERATED.get(puzzle_id)
    assert found is not None, puzzle_id
    return found


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def _current(page: Page) -> str:
    """The puzzle on the page, by the address the page wrote."""
    page.wait_for_function("() => new URL(location.href).searchParams.get('id')", timeout=30_000)
    return str(page.evaluate("new URL(location.href).searchParams.get('id')"))


def _trainer(page: Page, server: str, lang: str, mode: str) -> None:
    page.goto(f"{server}/puzzles?lang={lang}")
    page.locator(f".st-key-pz_tr_{mode} button:visible").first.click()
    page.locator(".t66-live").first.wait_for(timeout=30_000)
    _settle(page)


def _shots(page: Page, name: str) -> None:
    """The page at each size of ``SIZES``, the last one left in place."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _settle(page)
        _shot(page, f"{name}-{width}.png")


def _click_move(page: Page, move: object) -> None:
    """A move of the learner: a card on the table, or the button of a move that is no card."""
    if isinstance(move, Play):
        page.locator(f'.t66-live button[data-move="{move}"]').click()
    else:
        key = "pz_move_" + str(move).replace(" ", "_")
        page.locator(f".st-key-{key} button:visible").first.click()


def test_the_daily_puzzle(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    _trainer(page, server, "de", "daily")
    today = datetime.now(UTC).date().isoformat()
    assert _current(page) == rt.daily((*COLLECTION.ids, *(e.id for e in TRAINER_ENTRIES)), today)
    _shots(page, "trainer-daily-de")
    page.close()


def test_a_streak_until_its_first_miss(server: str, browser: Browser) -> None:
    """Puzzles of one learner move are solved until one has a move that misses; that move
    ends the streak."""
    tr = get_translator("pl")
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    _trainer(page, server, "pl", "streak")
    first = _current(page)
    assert RATED[first] == min(RATED.values())  # a streak starts with the easiest puzzles
    solved: list[str] = []
    for _ in range(8):
        pid = _current(page)
        puzzle = _find(pid)
        analysis = pz.start(puzzle).analysis()
        wrong = next((s.move for s in analysis.scores if s.move not in analysis.accepted), None)
        if wrong is not None and solved:
            _click_move(page, wrong)
            page.get_by_text(tr._(tw.STREAK_OVER, n=len(solved))).wait_for(timeout=30_000)
            _settle(page)
            _shots(page, "trainer-streak-over-pl")
            break
        assert puzzle.moves == 1, f"{pid}: more than one move to find"
        assert RATED[pid] >= max((RATED[s] for s in solved), default=0.0)
        _click_move(page, analysis.best[0])
        page.locator(".st-key-pz_btn_next button:visible").first.wait_for(timeout=30_000)
        _settle(page)
        solved.append(pid)
        if len(solved) == 1:
            _shot(page, "trainer-streak-solved-pl-1920.png")
        page.locator(".st-key-pz_btn_next button:visible").first.click()
        page.wait_for_function(
            f"() => new URL(location.href).searchParams.get('id') !== '{pid}'", timeout=30_000
        )
        page.locator(".t66-live").first.wait_for(timeout=30_000)
        _settle(page)
        assert tw.streak_line(len(solved), len(solved), tr) in page.inner_text("body")
        if len(solved) == 1:
            _shots(page, "trainer-streak-pl")
            page.set_viewport_size({"width": 1920, "height": 1080})
    else:
        pytest.fail(f"no miss in the streak's first puzzles: {solved}")
    page.close()


def test_a_generated_puzzle_opened_by_its_link(server: str, browser: Browser) -> None:
    entry = GENERATED.select(preset="schnapsen", theme="closing")[3]
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{server}/puzzles?lang=en&id={entry.id}")
    page.locator(".t66-live").first.wait_for(timeout=30_000)
    _settle(page)
    assert _current(page) == entry.id
    title = puzzle_title(_find(entry.id), get_translator("en"))
    assert page.get_by_text(title).count() >= 1
    _shots(page, "trainer-link-en")
    page.close()

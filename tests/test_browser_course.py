"""The course in a real browser (headless Chromium driving ``streamlit run``): from the
landing page a learner takes lesson 01 to its end by pressing Next, reloads, and finds the
progress kept by the browser; screenshots of the landing page and a lesson's end at
1920x1080 and 390x844 in German and Polish go to ``artifacts/``."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from tests.test_browser import LESSONS, ROOT, _settle
from tutor.engine import Play
from tutor.teach.lessons import replay
from tutor.web import course
from tutor.words.i18n import get_translator
from tutor_app.progress import STORAGE_KEY

ARTIFACTS = ROOT / "artifacts"
PATH = course.course_path(LESSONS)
FIRST = PATH[0] if PATH else None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not PATH, reason="no lessons in lessons/"),
]


def _stored(page: Page) -> dict[str, object] | None:
    raw = page.evaluate("k => window.localStorage.getItem(k)", STORAGE_KEY)
    return json.loads(raw) if raw else None


def _to_the_end(page: Page, lang: str) -> None:
    """Press Next until the lesson's end (its last step in the counter)."""
    assert FIRST is not None
    t = get_translator(lang)
    last = len(replay(FIRST)) - 1
    page.get_by_role("button", name=t._("Start here")).click()
    page.wait_for_selector('.t66-counter[data-step="0"]', timeout=20_000)
    frames = replay(FIRST)
    for step in range(1, last + 1):
        question = frames[step - 1].question
        if question is not None:  # a step the learner plays: answered rightly, as they would
            button = f".st-key-answer_{step - 1}_{question.right} button:visible"
            page.locator(button).first.click()
            page.wait_for_selector(button, state="detached", timeout=20_000)
        move = frames[step].move
        if frames[step].your_move is not None and move is not None:
            card = move.card if isinstance(move, Play) else move
            page.locator(f".st-key-try_{step}_{card} button:visible").first.click()
        else:
            page.get_by_role("button", name=t._("Next"), exact=True).click()
        page.wait_for_selector(f'.t66-counter[data-step="{step}"]', timeout=20_000)
    next_title = t._(PATH[1].title)
    page.get_by_role("button", name=t._("Next lesson"), exact=True).wait_for(timeout=20_000)
    page.get_by_text(t._("Next up: {lesson}", lesson=next_title)).wait_for(timeout=20_000)


def test_progress_kept_after_a_reload(server: str, browser: Browser) -> None:
    assert FIRST is not None
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/?lang=en")
    page.get_by_role("button", name="Start here").wait_for(timeout=20_000)
    _to_the_end(page, "en")
    page.wait_for_function(
        "([k, id]) => (window.localStorage.getItem(k) || '').includes(id)",
        arg=[STORAGE_KEY, FIRST.id],
        timeout=20_000,
    )
    stored = _stored(page)
    assert stored is not None and FIRST.id in stored["lessons"]  # type: ignore[operator]

    page.reload()
    page.get_by_role("button", name="All lessons").click()
    cont = page.get_by_role("button", name=f"Continue: {PATH[1].title}")
    cont.wait_for(timeout=20_000)
    page.get_by_text(f"Lessons finished: 1 of {len(PATH)}").wait_for(timeout=20_000)

    # a later visit in a new tab of the same browser
    later = context.new_page()
    later.goto(f"{server}/?lang=en")
    later.get_by_role("button", name=f"Continue: {PATH[1].title}").wait_for(timeout=20_000)
    later.get_by_role("button", name=f"Continue: {PATH[1].title}").click()
    later.wait_for_url(f"**lesson={PATH[1].id}*", timeout=20_000)
    later.wait_for_selector('.t66-counter[data-step="0"]', timeout=20_000)
    context.close()


@pytest.mark.parametrize("lang", ["de", "pl"])
@pytest.mark.parametrize("size", [(1920, 1080), (390, 844)])
def test_screenshots(server: str, browser: Browser, lang: str, size: tuple[int, int]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    width, height = size
    t = get_translator(lang)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{server}/?lang={lang}")
    page.get_by_role("button", name=t._("Start here")).wait_for(timeout=20_000)
    _settle(page)
    page.screenshot(path=str(ARTIFACTS / f"course-landing-{lang}-{width}.png"), full_page=True)
    _to_the_end(page, lang)
    _settle(page)
    page.get_by_role("button", name=t._("Next lesson"), exact=True).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"course-end-{lang}-{width}.png"))
    context.close()

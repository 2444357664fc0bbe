"""The course in a real browser (headless Chromium driving ``streamlit run``): from the
landing page a learner takes lesson 01 to its end by clicking cards on the table and answering
its questions, reloads, and finds the progress kept by the browser; a lesson done with the
keyboard only; screenshots of the landing page, a move asked on the table and a lesson's end at
1920x1080 and 390x844 in German and Polish go to ``artifacts/``."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import LESSONS, ROOT, _scroll_to, _settle
from tutor.engine import Play
from tutor.teach.lessons import replay
from tutor.teach.progress import Progress, dump_progress
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


def _answer(page: Page, index: int, right: int) -> None:
    button = f".st-key-answer_{index}_{right} button:visible"
    page.locator(button).first.click()
    page.wait_for_selector(button, state="detached", timeout=20_000)


def _to_the_end(page: Page, lang: str, *, shot: str = "") -> None:
    """Take the first lesson to its end: Next, each question answered rightly, each move asked
    played by clicking its card on the table (``shot``: a screenshot of the first move asked)."""
    assert FIRST is not None
    t = get_translator(lang)
    last = len(replay(FIRST)) - 1
    page.get_by_role("button", name=t._("Start here")).click()
    page.wait_for_selector('.t66-counter[data-step="0"]', timeout=20_000)
    frames = replay(FIRST)
    for step in range(1, last + 1):
        question = frames[step - 1].question
        if question is not None:
            _answer(page, step - 1, question.right)
        move = frames[step].move
        if frames[step].your_move is not None and move is not None:
            if isinstance(move, Play):
                card = page.locator(f'.t66-live button[data-move="{move.card}"]')
                card.wait_for(timeout=20_000)
                if shot:
                    _settle(page)
                    page.screenshot(path=shot)
                    shot = ""
                card.click()
            else:
                page.locator(f".st-key-try_{step}_{move} button:visible").first.click()
        else:
            page.get_by_role("button", name=t._("Next"), exact=True).click()
        page.wait_for_selector(f'.t66-counter[data-step="{step}"]', timeout=20_000)
    question = frames[last].question
    if question is not None:
        _answer(page, last, question.right)
    next_title = t._(PATH[1].title)
    page.get_by_role("button", name=t._("Next lesson"), exact=True).wait_for(timeout=20_000)
    # While the page reruns, the old paragraph and the new one can both be there for a moment.
    page.get_by_text(t._("Next up: {lesson}", lesson=next_title)).first.wait_for(timeout=20_000)


def _focused(page: Page) -> str:
    """What has the keyboard focus: a card's move, a widget's key class, or ""."""
    return str(
        page.evaluate(
            """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "";
  if (el.dataset && el.dataset.move) return "card:" + el.dataset.move;
  const box = el.closest("[class*='st-key-']");
  if (!box) return "other";
  const key = Array.from(box.classList).find(c => c.startsWith("st-key-"));
  return key ? key.slice(7) : "other";
}"""
        )
    )


def _tab_to(page: Page, key: str) -> None:
    for _ in range(80):
        page.keyboard.press("Tab")
        if _focused(page) == key:
            return
    raise AssertionError(f"Tab never reached {key}")


def test_a_lesson_done_with_the_keyboard_only(server: str, browser: Browser) -> None:
    lesson = next(les for les in PATH if les.id.startswith("04"))
    frames = replay(lesson)
    last = len(frames) - 1
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/?lesson={lesson.id}&lang=en")
    page.wait_for_selector('.t66-counter[data-step="0"]', timeout=20_000)
    _settle(page)
    played = answered = 0
    step = 0
    while True:
        question = frames[step].question
        if question is not None:
            _tab_to(page, f"answer_{step}_{question.right}")
            page.keyboard.press("Enter")
            page.wait_for_selector(
                f".st-key-answer_{step}_{question.right}", state="detached", timeout=20_000
            )
            answered += 1
            page.evaluate("document.activeElement && document.activeElement.blur()")
        if step == last:
            break
        nxt = frames[step + 1]
        move = nxt.move
        if nxt.your_move is not None and isinstance(move, Play):
            # The hand takes the focus: the arrows choose the card, Enter plays it.
            page.wait_for_function(
                "() => document.activeElement && document.activeElement.dataset.move",
                timeout=20_000,
            )
            for _ in range(8):
                if _focused(page) == f"card:{move.card}":
                    break
                page.keyboard.press("ArrowRight")
            assert _focused(page) == f"card:{move.card}"
            page.keyboard.press("Enter")
            played += 1
        else:
            page.keyboard.press("ArrowRight")  # the presenter key for Next
        step += 1
        page.wait_for_selector(f'.t66-counter[data-step="{step}"]', timeout=20_000)
        _settle(page)
    assert played and answered
    page.get_by_role("button", name="Next lesson", exact=True).wait_for(timeout=20_000)
    context.close()


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
    page.get_by_text(f"Lessons finished: 1 of {len(PATH)}").first.wait_for(timeout=20_000)

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
    _to_the_end(page, lang, shot=str(ARTIFACTS / f"course-move-{lang}-{width}.png"))
    _scroll_to(page, page.get_by_role("button", name=t._("Next lesson"), exact=True))
    page.screenshot(path=str(ARTIFACTS / f"course-end-{lang}-{width}.png"))
    context.close()


def test_a_notice_stays_when_the_stored_progress_arrives(server: str, browser: Browser) -> None:
    """The browser hands back the stored progress in a run of its own; a notice about the
    address (a lesson that does not exist) is still on the page after it."""
    assert FIRST is not None
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/?lang=en")
    page.get_by_role("button", name="Start here").wait_for(timeout=20_000)
    stored = dump_progress(Progress().finish(FIRST.id))
    page.evaluate("([k, v]) => window.localStorage.setItem(k, v)", [STORAGE_KEY, stored])
    page.goto(f"{server}/?lesson=no-such-lesson&lang=en")
    page.get_by_role("button", name=f"Continue: {PATH[1].title}").wait_for(timeout=20_000)
    _settle(page)
    page.wait_for_timeout(1000)
    notice = "There is no lesson called 'no-such-lesson'. Choose one from the list below."
    assert page.get_by_text(notice).is_visible()
    context.close()

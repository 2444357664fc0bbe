"""The app in a real browser speaks the learner's language: the document's ``lang``, the tab's
title, the navigation and the letters on the cards, after loading and after switching the
language in the sidebar; and the words Streamlit writes itself are replaced or hidden."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.test_browser import CHROMIUM, _settle
from tutor.engine import CARDS, Card
from tutor.web.document import tab_title
from tutor.words.i18n import LANGUAGE_NAMES, get_translator

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"Chromium is not installed ({CHROMIUM} not found)",
    ),
]


def _lang_is(page: Page, lang: str) -> None:
    page.wait_for_function(f"() => document.documentElement.lang === {lang!r}", timeout=30_000)


def _title_is(page: Page, title: str) -> None:
    page.wait_for_function(f"() => document.title === {title!r}", timeout=30_000)


def _nav_texts(page: Page) -> list[str]:
    """The names in the navigation (without the icons' ligature names)."""
    links = page.locator('[data-testid="stTopNavLink"]').all_inner_texts()
    return [t.strip().splitlines()[-1] for t in links]


def _choose_language(page: Page, lang: str) -> None:
    page.locator(".st-key-w_lang [data-testid='stSelectbox']").click()
    page.get_by_role("option", name=LANGUAGE_NAMES[lang], exact=True).click()


@pytest.mark.parametrize("first,then", [("de", "pl"), ("pl", "en"), ("en", "de")])
def test_the_page_declares_its_language_and_title_and_follows_a_switch(
    server: str, browser: Browser, first: str, then: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{server}/rules?lang={first}")
    page.wait_for_selector("h1", timeout=30_000)
    t1, t2 = get_translator(first), get_translator(then)
    _lang_is(page, first)
    _title_is(page, tab_title((t1._("Rules"),), t1))
    assert t1._("Puzzles") in _nav_texts(page)
    _settle(page)
    _choose_language(page, then)
    _lang_is(page, then)
    _title_is(page, tab_title((t2._("Rules"),), t2))
    page.wait_for_function(
        f"() => document.querySelector('h1') && "
        f"document.querySelector('h1').innerText.includes({t2._('The rules of 66')!r})",
        timeout=30_000,
    )
    assert t2._("Puzzles") in _nav_texts(page)
    # another page keeps the language
    page.locator('[data-testid="stTopNavLink"]', has_text=t2._("Learn")).click()
    _title_is(page, tab_title((t2._("Learn"),), t2))
    assert page.evaluate("document.documentElement.lang") == then
    page.close()


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_puzzle_in_the_browser_speaks_the_language(
    server: str, browser: Browser, lang: str
) -> None:
    tr = get_translator(lang)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{server}/puzzles?lang={lang}")
    page.wait_for_selector("h1", timeout=30_000)
    _settle(page)
    # the uploader's words are the page's, not Streamlit's
    uploader = page.locator('[data-testid="stFileUploaderDropzone"]')
    shown = uploader.evaluate(
        "e => [...e.querySelectorAll('p, span')].map(x => getComputedStyle(x, '::after')"
        ".content).join(' ')"
    )
    assert tr._("Choose a file") in shown
    assert tr._("At most {size} MB, a JSON file", size=1) in shown
    for english in ("Upload", "per file"):
        visible = uploader.evaluate(
            "(e, w) => [...e.querySelectorAll('p, span')].some(x => x.innerText.includes(w) "
            "&& parseFloat(getComputedStyle(x).fontSize) > 0 && x.children.length === 0)",
            english,
        )
        assert not visible, english
    page.locator("[class*='st-key-pz_open_'] button").first.click()
    page.wait_for_selector(".t66-live button[data-move]", timeout=30_000)
    _settle(page)
    assert tr.p_("browser tab", "66 tutor") in page.title()
    assert tr._("Puzzles") in page.title()
    picks = page.locator(".t66-live button[data-move]").all()
    labels = {b.get_attribute("data-move"): b.get_attribute("aria-label") for b in picks}
    assert labels and all(
        label == tr._("Play {card_bare}", card=Card.parse(str(move)))
        for move, label in labels.items()
    ), labels
    bare = {tr.card(c, "bare") for c in CARDS}
    names = [i.get_attribute("alt") for i in page.locator(".t66-seat-bottom img").all()]
    assert names and all(n in bare for n in names), names
    page.close()

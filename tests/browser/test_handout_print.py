"""The handouts printed by Chromium: every preset's rules card is exactly one A4 page in each
language, and the sheet of the first worked deal takes no more pages than half its steps and
two. Each page is saved as a picture under ``artifacts/handouts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_browser import ARTIFACTS, CHROMIUM, ROOT
from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.teach.lessons import load_lesson, replay
from tutor.web.handout import lesson_sheet_html, rules_card_html
from tutor.words.i18n import LANGUAGES, get_translator

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"Chromium is not installed ({CHROMIUM} not found)"
    ),
]

SHOTS = ARTIFACTS / "handouts"


def _print(browser: Any, document: str, name: str) -> int:
    """Print ``document`` to PDF on A4 as the print dialog would, save each page as a PNG
    named after ``name``, and give the number of pages."""
    import pypdfium2 as pdfium

    page = browser.new_page()
    try:
        page.set_content(document, wait_until="load")
        pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    finally:
        page.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    doc = pdfium.PdfDocument(pdf)
    try:
        pages = len(doc)
        for i in range(pages):
            image = doc[i].render(scale=1.5).to_pil()
            image.save(SHOTS / f"{name}-p{i + 1}.png")
    finally:
        doc.close()
    return pages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_card_is_one_page(browser: Any, lang: str) -> None:
    tr = get_translator(lang)
    pages = {
        name: _print(browser, rules_card_html(rules, tr), f"rules-{name}-{lang}")
        for name, rules in {**PRESETS, **TABLE_PRESETS}.items()
    }
    assert pages == dict.fromkeys(pages, 1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_of_a_worked_deal_keeps_to_its_pages(browser: Any, lang: str) -> None:
    lesson = load_lesson(ROOT / "lessons" / "example-1.yaml")
    document = lesson_sheet_html(lesson, replay(lesson), get_translator(lang))
    pages = _print(browser, document, f"lesson-example-1-{lang}")
    assert 1 <= pages <= len(lesson.steps) / 2 + 2

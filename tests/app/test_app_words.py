"""The app's pages speak each language as players do, run headless with AppTest: what a learner
reads holds no preset id and no source file's name (those stay in the teachers' details); a
fractional number is written with the language's decimal sign; card buttons carry the
language's letters; each page has a title of its own in each language, and the page says
which language it is in."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from tutor.engine import PRESETS, TABLE_PRESETS, Card
from tutor.teach import puzzles as pz
from tutor.teach.lessons import load_lessons, replay
from tutor.web.document import LANG_KEY, tab_title
from tutor.web.html import md_plain
from tutor.web.rules_ref import preset_name
from tutor.words.i18n import LANGUAGES, get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS, _ = load_lessons(ROOT / "lessons")
COMPARING = next((les.id for les in LESSONS if les.compare), None)
FRAMES = {les.id: replay(les) for les in LESSONS}
LAST = {lesson_id: len(frames) - 1 for lesson_id, frames in FRAMES.items()}
PAGES = {
    "learn": "tutor_app/pages/learn.py",
    "rules": "tutor_app/pages/rules.py",
    "puzzles": "tutor_app/pages/puzzles.py",
    "follow": "tutor_app/pages/follow.py",
}
#: A preset's id as a word of its own ("pagat.com", a source's name, is not the id).
PRESET_ID = re.compile(r"\b(?:" + "|".join(PRESETS) + r")\b(?!\.com)")
SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
#: Where a teacher may read the sources' files (the label of that expander, per language).
TEACHERS = "Details for teachers: the source files"

Start = Callable[..., AppTest]


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Iterator[Start]:
    """The app in a language on a page, with the repository's lessons or another puzzles
    folder."""

    def run(
        lang: str, page: str = "learn", puzzles: Path = ROOT / "puzzles", **params: str
    ) -> AppTest:
        monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
        monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(puzzles))
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = lang
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
        if page != "learn":
            at.switch_page(PAGES[page]).run()
        clean(at)
        return at

    yield run


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


# ----------------------------------------------------------------------------- what a learner reads


class _Visible(HTMLParser):
    """The text of an HTML block a reader sees or hears: its text, and the names and tips
    (``alt``, ``title``, ``aria-label``) of its elements; not style sheets or scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skip += 1
        self.parts += [v for k, v in attrs if k in ("alt", "title", "aria-label") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def _html_text(body: str) -> str:
    parser = _Visible()
    parser.feed(body)
    return " ".join(parser.parts)


#: Proto fields that a reader never sees (ids, keys, code, data for the page's scripts).
_HIDDEN_FIELDS = {"id", "form_id", "js_content", "css_content", "html_content", "json", "key"}


def _strings(message: Message) -> Iterator[tuple[str, str]]:
    for field, value in message.ListFields():
        if field.name in _HIDDEN_FIELDS:
            continue
        items = [value] if isinstance(value, str | bytes | int | float | Message) else list(value)
        for item in items:
            if isinstance(item, Message):
                yield from _strings(item)
            elif isinstance(item, str):
                yield field.name, item


def learner_text(at: AppTest) -> str:
    """Everything the page shows a learner, as read: Markdown with its escapes read, HTML as
    text with the names of its pictures, labels, options and tips; not what the teachers'
    details hold."""
    out: list[str] = []

    def walk(node: Any, teachers: str) -> None:
        kind = type(node).__name__
        if kind == "Expander" and node.label == teachers:
            return
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            for name, text in _strings(proto):
                html = kind == "Html" and name == "body"
                out.append(_html_text(text) if html else md_plain(text))
        for child in getattr(node, "children", {}).values():
            walk(child, teachers)

    lang = _page_language(at)
    teachers = get_translator(lang)._(TEACHERS)
    walk(at.main, teachers)
    walk(at.sidebar, teachers)
    return "\n".join(out)


def _page_language(at: AppTest) -> str:
    """The language the page tells the browser (the data of the document-language component)."""
    for node in at.main:
        proto = getattr(node, "proto", None)
        if getattr(node, "type", "") == "bidi_component" and LANG_KEY in str(proto.id):
            return str(json.loads(proto.json)["lang"])
    raise AssertionError("the page does not declare its language")


def assert_learner_text_clean(at: AppTest, where: str) -> None:
    shown = learner_text(at)
    assert not PRESET_ID.findall(shown), (where, PRESET_ID.findall(shown))
    assert not SEED_FILE.findall(shown), (where, SEED_FILE.findall(shown))


# ----------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_declares_its_language_and_follows_a_switch(start: Start, lang: str) -> None:
    at = start(lang)
    assert _page_language(at) == lang
    other = next(code for code in LANGUAGES if code != lang)
    at.selectbox(key="w_lang").set_value(other).run()
    clean(at)
    assert _page_language(at) == other
    at.switch_page(PAGES["rules"]).run()
    assert _page_language(at) == other


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_preset_id_or_source_file_in_what_learners_read(start: Start, lang: str) -> None:
    at = start(lang)
    assert_learner_text_clean(at, "lessons")
    if COMPARING:  # a lesson that names the presets it compares, every frame of it
        at = start(lang, lesson=COMPARING, step="0")
        for step in range(LAST[COMPARING] + 1):
            assert_learner_text_clean(at, f"{COMPARING}, step {step}")
            if step < LAST[COMPARING]:
                question = FRAMES[COMPARING][step].question  # Next waits for its answer
                if question is not None:
                    at.button(key=f"answer_{step}_{question.right}").click().run()
                    assert_learner_text_clean(at, f"{COMPARING}, answer at step {step}")
                at.button(key="next").click().run()
    at = start(lang, "rules")
    shown = learner_text(at)
    tr = get_translator(lang)
    assert all(preset_name(name, tr) in shown for name in [*PRESETS, *TABLE_PRESETS])
    assert_learner_text_clean(at, "rules")
    at.toggle(key="w_only_diff").set_value(True).run()
    assert_learner_text_clean(at, "rules, differences")
    for name in [*PRESETS, *TABLE_PRESETS]:  # the selector shows titles, the reference below
        at.selectbox(key="w_preset").set_value(name).run()
        assert_learner_text_clean(at, f"rules, {name}")
    at = start(lang, "puzzles")
    assert_learner_text_clean(at, "puzzles")
    at.button(key=f"pz_open_{_first_puzzle()}").click().run()
    for _ in range(4):
        at.button(key="pz_btn_hint").click().run()
    clean(at)
    assert_learner_text_clean(at, "a puzzle with its hints")


def test_the_teachers_details_name_the_source_files(start: Start) -> None:
    at = start("de", "rules")
    details = [e for e in at.expander if e.label == get_translator("de")._(TEACHERS)]
    assert len(details) == 1
    body = " ".join(str(b.proto.body) for b in details[0].get("html"))
    assert SEED_FILE.search(body)


def _first_puzzle() -> str:
    col = pz.Collection.load(ROOT / "puzzles")
    return col.puzzles[0].id


#: A puzzle whose answer is averaged over the ways the unseen cards can lie: playing on gives
#: -5/7 game points on average (-0.71), closing -2 (a variant of ``do-not-close``).
FRACTION_PUZZLE = """\
puzzles:
  - id: on-average
    title: Not with 18 points
    theme: closing
    level: 1
    goal: decide close
    player: A
    position:
      preset: pagat
      dealer: B
      to_move: A
      trump: Qc
      hands: {A: Ks 9s Ad 10d Kd Jd, B: Qs Js Jh 9h Qd 9d}
      stock: Kh
      played: Ac 10c Kc Jc 9c As 10s Ah 10h Qh
      last_trick: B Qh Ah
      scores:
        A: {points: 18, tricks: 1}
        B: {points: 54, tricks: 4}
    solution: [Ks, 9s, Ad, 10d, Kd, Jd]
    explanation: Play on.
"""
DECIMAL = {"de": ",", "pl": ",", "en": "."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fractional_number_is_written_the_languages_way(
    start: Start, tmp_path: Path, lang: str
) -> None:
    (tmp_path / "average.yaml").write_text(FRACTION_PUZZLE, encoding="utf-8")
    at = start(lang, "puzzles", puzzles=tmp_path)
    at.button(key="pz_open_on-average").click().run()
    for _ in range(4):
        at.button(key="pz_btn_hint").click().run()
    clean(at)
    shown = learner_text(at)
    fractions = re.findall(r"\d+([.,])\d+", shown)
    assert fractions, shown
    assert set(fractions) == {DECIMAL[lang]}, (lang, fractions)


@pytest.mark.parametrize("style", ["french", "german"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_buttons_carry_the_languages_letters(
    start: Start, lang: str, style: str, fake_board: Any
) -> None:
    """The cards to click on a puzzle's table: each button and its picture named in the
    language and pack."""
    at = start(lang, "puzzles", style=style)
    at.button(key=f"pz_open_{_first_puzzle()}").click().run()
    clean(at)
    tr = get_translator(lang, style)
    html = fake_board.html["pz_board"]
    buttons = re.findall(r'data-move="([^"]+)" aria-label="([^"]+)"', html)
    assert buttons
    for move, label in buttons:
        card = Card.parse(move)
        assert label == tr._("Play {card_bare}", card=card), label
        assert f'alt="{tr.card(card, "bare")}"' in html


def test_titles_differ_per_page_and_per_language(
    start: Start, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles: list[str] = []
    navigation: list[list[str]] = []
    real_config, real_navigation = st.set_page_config, st.navigation

    def set_page_config(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("page_title"):
            titles.append(kwargs["page_title"])
        return real_config(*args, **kwargs)

    def record_navigation(pages: Any, *args: Any, **kwargs: Any) -> Any:
        navigation.append([p.title for p in pages])
        return real_navigation(pages, *args, **kwargs)

    monkeypatch.setattr(st, "set_page_config", set_page_config)
    monkeypatch.setattr(st, "navigation", record_navigation)
    seen: dict[tuple[str, str], str] = {}
    by_lang: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        tr = get_translator(lang)
        for page in ("learn", "rules", "puzzles"):
            titles.clear()
            start(lang, page)
            seen[(lang, page)] = titles[-1]
            by_lang[lang] = navigation[-1]
        assert seen[(lang, "rules")] == tab_title((tr._("Rules"),), tr)
    assert len(set(seen.values())) == len(seen), seen
    # the navigation: each page's name in each language, a translation of the English one
    english = by_lang["en"]
    assert len(english) >= 4
    for lang, names in by_lang.items():
        assert names == [get_translator(lang)._(n) for n in english], lang
        if lang != "en":
            assert names != english
    # an open lesson names itself first
    titles.clear()
    lesson = LESSONS[0]
    start("pl", lesson=lesson.id, step="1")
    pl = get_translator("pl")
    assert titles[-1] == tab_title((pl._(lesson.title), pl._("Learn")), pl)

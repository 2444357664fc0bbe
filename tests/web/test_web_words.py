"""The HTML the app shows speaks each language: preset names instead of ids, sources by name
with their files only for teachers, the letters of the language and pack on the cards, card
pictures named without an article, the tab's title, the words that replace Streamlit's own."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import Markup

from tutor.engine import CARDS, PRESETS, SOURCES, Card, Rank, preset, random_deal, unused_by
from tutor.teach.lessons import load_lessons
from tutor.web import board, document, rules_ref
from tutor.web.board import BoardOptions
from tutor.web.cardart import card_svg
from tutor.web.puzzle_html import card_button_img, card_button_label
from tutor.web.titles import lesson_card_html
from tutor.words.explain import sentence, source_name, source_tag
from tutor.words.i18n import LANGUAGES, PACK_STYLES, get_translator

ROOT = Path(__file__).resolve().parents[2]
SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
PRESET_ID = re.compile(r"\b(?:" + "|".join(PRESETS) + r")\b(?!\.com)")


class _Text(HTMLParser):
    """What a reader of the HTML sees: the text and the elements' names and tips."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts += [v for k, v in attrs if k in ("alt", "title", "aria-label") and v]

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def shown(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


# ----------------------------------------------------------------------------- presets and sources


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_has_a_name_and_a_title_of_its_own(lang: str) -> None:
    tr = get_translator(lang)
    names = [rules_ref.preset_name(p, tr) for p in PRESETS]
    titles = [rules_ref.preset_title(p, tr) for p in PRESETS]
    assert len(set(names)) == len(PRESETS) and len(set(titles)) == len(PRESETS)
    for pid, name, title in zip(PRESETS, names, titles, strict=True):
        assert name != pid and not PRESET_ID.search(name + " " + title), (pid, name, title)
        assert title.startswith(name), (name, title)


def test_presets_read_as_players_call_them() -> None:
    de, pl = get_translator("de"), get_translator("pl")
    assert [rules_ref.preset_name(p, de) for p in ("classic", "sharpened")] == [
        "Klassisch",
        "Verschärft",
    ]
    assert [rules_ref.preset_name(p, pl) for p in ("classic", "sharpened")] == [
        "Klasyczne",
        "Zaostrzone",
    ]
    assert rules_ref.preset_title("classic", de).startswith("Klassisch: ")
    assert rules_ref.preset_title("sharpened", pl).startswith("Zaostrzone: ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rule_spec_is_named_after_its_preset(lang: str) -> None:
    tr = get_translator(lang)
    name = rules_ref.preset_name("kurnik(target=61)", tr)
    assert rules_ref.preset_name("kurnik", tr) in name and "target" not in name
    assert "zz" not in rules_ref.preset_name("zz-unknown", tr)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_reference_names_sources_not_files(lang: str) -> None:
    tr = get_translator(lang)
    for rules in PRESETS.values():
        html = rules_ref.rules_reference_html(rules, tr)
        text = shown(html)
        assert not SEED_FILE.search(text) and not PRESET_ID.search(text), rules.name
        assert text.count(source_name(rules.default_source, tr)) >= 1
        for sw in rules.switches():
            if unused_by(rules, sw.id) is not None:  # says why it changes nothing instead
                assert f'data-switch="{sw.id}" data-unused="1"' in html
                continue
            assert f'data-source="{sw.source}"' in html  # for tools, not for the reader
            if sw.source != rules.default_source:  # named under the switch that follows it
                row = html.split(f'data-switch="{sw.id}"', 1)[1].split("</div>", 1)[0]
                assert str(Markup.escape(source_name(sw.source, tr))) in row


@pytest.mark.parametrize("only", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_has_preset_names_for_columns_and_sources_by_name(
    lang: str, only: bool
) -> None:
    tr = get_translator(lang)
    html = rules_ref.compare_html(list(PRESETS.values()), tr, only_differences=only)
    text = shown(html)
    assert not SEED_FILE.search(text) and not PRESET_ID.search(text)
    heads = re.findall(r'<th scope="col" title="[^"]*">([^<]*)</th>', html)
    assert heads == [str(Markup.escape(rules_ref.preset_name(p, tr))) for p in PRESETS]
    legend = dict(re.findall(r"<li><b>([^<]*)</b>: ([^<]*)</li>", html))
    tags = {str(Markup.escape(source_tag(s, tr))): s for s in SOURCES}
    assert legend and set(legend) <= set(tags)
    for tag, name in legend.items():
        assert name == str(Markup.escape(source_name(tags[tag], tr)))
    # under each value: the source's short name, its full name as the tip
    under = set(
        re.findall(r'class="t66-src" data-source="[^"]*" title="[^"]*">([^<]*)</span>', html)
    )
    assert under and under <= set(legend)


def test_the_teachers_list_names_each_source_with_its_file() -> None:
    tr = get_translator("pl")
    html = rules_ref.source_files_html(tr)
    for source in SOURCES:
        assert source in html
        assert str(Markup.escape(sentence(source_name(source, tr)))) in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_and_the_lesson_card_name_the_preset(lang: str) -> None:
    tr = get_translator(lang)
    state = random_deal(preset("sharpened"), random.Random(3))
    html = board.board_html(state, (), tr)
    assert str(Markup.escape(rules_ref.preset_name("sharpened", tr))) in html
    assert not PRESET_ID.search(shown(html))


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize("style", PACK_STYLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_corners_and_courts_carry_the_languages_letters(lang: str, style: str) -> None:
    tr = get_translator(lang, style)
    for card in CARDS:
        letter = tr.rank_letter(card.rank)
        svg = card_svg(card, style=style, label="x", letter=letter)
        corners = re.findall(r'class="index-rank"[^>]*>([^<]*)</text>', svg)
        assert corners == [letter, letter], (card, corners)
        if card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
            assert svg.count(f">{letter}</text>") == 4  # two corners, both halves of the panel


def test_letters_differ_by_language_where_players_differ() -> None:
    queen, jack = Card.parse("Qs"), Card.parse("Js")

    def corner(lang: str, card: Card, style: str = "french") -> str:
        tr = get_translator(lang, style)
        svg = card_svg(card, style=style, label="x", letter=tr.rank_letter(card.rank))
        return re.findall(r'class="index-rank"[^>]*>([^<]*)</text>', svg)[0]

    assert [corner(lang, queen) for lang in ("en", "de", "pl")] == ["Q", "D", "D"]
    assert [corner(lang, jack) for lang in ("en", "de", "pl")] == ["J", "B", "W"]
    assert [corner(lang, jack, "german") for lang in ("de", "pl")] == ["U", "N"]


@pytest.mark.parametrize("style", PACK_STYLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_buttons_and_pictures_in_the_language(lang: str, style: str) -> None:
    tr = get_translator(lang, style)
    for card in CARDS:
        label = card_button_label(card, tr)
        picture = card_button_img(card, tr, allowed=True)
        assert f'alt="{Markup.escape(tr.card(card, "bare"))}"' in picture
        if style == "french":
            assert tr.rank_letter(card.rank) in label and "♣♠♥♦"[card.suit] in label
        else:
            assert label.replace("\\", "") == tr.card(card, "bare")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_card_pictures_on_the_table_are_named_without_an_article(lang: str) -> None:
    tr = get_translator(lang)
    state = random_deal(preset("classic"), random.Random(1))
    html = board.board_html(state, (), tr, BoardOptions(show=(True, True)))
    back = tr._("a face-down card")
    alts = [a for a in re.findall(r'<img class="t66-card[^"]*" src="[^"]*" alt="([^"]*)"', html)]
    alts = [a for a in alts if a != back]
    assert len(alts) == 13  # both hands and the trump card
    articles = ("der ", "die ", "das ", "the ")
    assert all(not a.lower().startswith(articles) for a in alts), alts
    assert all(a in {tr.card(c, "bare") for c in CARDS} for a in alts)


# ----------------------------------------------------------------------------- the page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tab_titles_per_page_and_language(lang: str) -> None:
    tr = get_translator(lang)
    title = document.tab_title((tr._("Rules"),), tr)
    assert title.startswith(tr._("Rules")) and title.endswith(tr.p_("browser tab", "66 tutor"))
    assert document.tab_title(("", tr._("Learn")), tr).startswith(tr._("Learn"))


def test_tab_titles_differ_between_languages() -> None:
    titles = {
        document.tab_title((get_translator(c)._("Puzzles"),), get_translator(c)) for c in LANGUAGES
    }
    assert len(titles) == len(LANGUAGES)


def test_the_language_script_sets_only_known_languages() -> None:
    script = document.LANG_SCRIPT
    assert "\n" in script  # Streamlit reads a one-line string as a file's name
    assert "document.documentElement.lang" in script
    assert all(f'"{code}"' in script for code in LANGUAGES)


def test_the_uploaders_words_cannot_break_out_of_the_style_sheet() -> None:
    css = document.uploader_words_css('x"}</style><script>alert(1)</script>', "1 MB, a; b")
    assert css.count("<style>") == 1 and css.count("</style>") == 1
    assert "<script>" not in css and '"}' not in css
    content = re.findall(r'content:("[^"]*")', css)
    assert len(content) == 2


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_the_uploaders_words_are_the_languages(lang: str) -> None:
    tr = get_translator(lang)
    button, limit = tr._("Choose a file"), tr._("At most {size} MB, a JSON file", size=1)
    css = document.uploader_words_css(button, limit)

    def unescape(s: str) -> str:
        return re.sub(r"\\([0-9a-f]+) ", lambda m: chr(int(m.group(1), 16)), s)

    assert [unescape(c) for c in re.findall(r'content:"([^"]*)"', css)] == [button, limit]
    assert button != "Upload" and "per file" not in limit


def test_a_lesson_card_names_its_preset_by_title() -> None:
    lessons, _ = load_lessons(ROOT / "lessons")
    assert lessons
    tr = get_translator("pl")
    for lesson in lessons:
        card = lesson_card_html(lesson, 3, tr, finished=False)
        assert not PRESET_ID.search(shown(card)), lesson.id


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_help_icons_are_named_in_the_pages_language(lang: str) -> None:
    words = document.help_words(get_translator(lang))
    assert "{label}" in words and not words.startswith(document.HELP_PREFIX)
    assert document.help_words(get_translator("en")) == document.HELP_PREFIX + "{label}"
    assert "data.help" in document.LANG_SCRIPT and "MutationObserver" in document.LANG_SCRIPT

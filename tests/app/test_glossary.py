"""The glossary: every term in German, Polish and English with the sources' own words; the
``tutor glossary`` command and docs/glossary.md; the Glossary page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from markupsafe import Markup
from streamlit.testing.v1 import AppTest

from tutor.cli.main import main
from tutor.engine import SOURCES, SRC_PAGAT, Rank, Suit
from tutor.web.glossary import glossary_html
from tutor.web.html import md_plain
from tutor.words.glossary import (
    GLOSSARY,
    GROUPS,
    SOURCE_LANGUAGES,
    TERMS_BY_KEY,
    Row,
    fold,
    glossary,
    search,
)
from tutor.words.i18n import LANGUAGES, get_translator, po_path
from tutor.words.names import TERM_DEFINITIONS, TERMS

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
DOC = ROOT / "docs" / "glossary.md"
APP = str(ROOT / "streamlit_app.py")
PAGE = "tutor_app/pages/glossary.py"

# The terms a learner meets (the glossary may hold more).
REQUIRED = {
    "trick", "lead", "follow_suit", "head_trick", "trump", "trumping", "overtrump", "discard",
    "trump_card", "trump_suit", "trump_exchange", "marriage", "marriage_20", "marriage_40",
    "stock", "draw", "closing", "first_phase", "second_phase", "going_out",
    "false_declaration", "card_points", "game_point", "schneider", "schwarz", "last_trick",
    "deal", "match", "dealer", "forehand", "french_pack", "german_pack",
    "clubs", "spades", "hearts", "diamonds",
    "ace", "ten", "king", "queen", "jack", "nine", "eight", "seven",
    "preset_classic", "preset_sharpened", "preset_kurnik", "preset_pagat", "preset_pack32",
    "preset_schnapsen",
}  # fmt: skip


def rows_of(lang: str) -> dict[str, Row]:
    return {row.key: row for row in glossary(get_translator(lang))}


# -- the table -------------------------------------------------------------------------------


def test_every_term_a_learner_meets_is_in_the_glossary() -> None:
    keys = [t.key for t in GLOSSARY]
    assert len(keys) == len(set(keys))
    assert set(keys) >= REQUIRED, REQUIRED - set(keys)
    assert set(TERM_DEFINITIONS) == set(keys)
    # Terms are named through the catalog's "game term" entries; suits and ranks by card names.
    assert set(TERMS) == {t.key for t in GLOSSARY if t.card is None}
    assert {t.card for t in GLOSSARY if t.card is not None} == {*Suit, *Rank}
    assert {t.group for t in GLOSSARY} == set(GROUPS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_has_three_names_a_sentence_and_a_source(lang: str) -> None:
    english = {row.key: row for row in glossary(get_translator("en"))}
    for row in glossary(get_translator(lang)):
        assert set(row.names) == set(LANGUAGES), row.key
        assert all(name.strip() for name in row.names.values()), row.key
        assert row.definition.endswith("."), row.key
        if lang != "en":
            assert row.definition != english[row.key].definition, (lang, row.key)
        assert row.sources, row.key
        for source in row.sources:
            assert source.source in SOURCES and source.words, row.key
            assert source.lang == SOURCE_LANGUAGES[source.source]
            assert ".txt" not in source.name, "a learner sees a source's name, not its file"


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_the_catalog_names_every_term(lang: str) -> None:
    """Every term's name is translated (not left to the English fallback), even where the
    word is the same (Schneider, Kurnik)."""
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    for key, (context, msgid) in TERMS.items():
        message = catalog.get(msgid, context=context)
        assert message is not None and message.string and not message.fuzzy, (lang, key)


def test_names_follow_the_words_players_use() -> None:
    de, pl, en = rows_of("de"), rows_of("pl"), rows_of("en")
    expected_de = {
        "trick": "Stich",
        "lead": "Ausspiel",
        "forehand": "Vorhand",
        "trumping": "trumpfen",
        "overtrump": "übertrumpfen",
        "closing": "Zudrehen",
        "card_points": "Augen",
        "game_point": "Siegpunkt",
        "marriage": "Hochzeit",
        "marriage_20": "Zwanziger",
        "marriage_40": "Vierziger",
        "going_out": "Ausmelden",
        "second_phase": "zweite Phase",
        "preset_classic": "Klassisch",
        "preset_sharpened": "Verschärft",
    }
    expected_pl = {
        "trick": "lewa",
        "lead": "wyjście",
        "stock": "stos",
        "marriage": "meldunek",
        "game_point": "punkt za rozdanie",
        "second_phase": "druga faza",
        "going_out": "zgłoszenie 66",
        "head_trick": "przebijanie",
        "preset_classic": "Klasyczne",
        "preset_sharpened": "Zaostrzone",
    }
    for key, word in expected_de.items():
        assert de[key].names["de"] == word, key
    for key, word in expected_pl.items():
        assert pl[key].names["pl"] == word, key
    head = de["head_trick"].names["de"]
    assert "übernehmen" in head and "höher bedienen" in head
    assert {"zugeben", "abwerfen"} <= set(re.findall(r"\w+", de["discard"].names["de"]))
    # The same names whichever language reads them; English as the catalog writes it.
    assert en["head_trick"].names["de"] == head
    assert en["head_trick"].names["en"] == "heading the trick"
    # Words the glossary rules out.
    for lang, rows in (("de", de), ("pl", pl)):
        text = " ".join(f"{row.names[lang]} {row.definition}" for row in rows.values())
        for wrong in ("überstechen", "übersticht", "strenge", "ścisł", "jest to Schneider"):
            assert wrong not in text, (lang, wrong)


def test_suits_and_ranks_are_named_in_both_packs_with_their_letters() -> None:
    de, pl, en = rows_of("de"), rows_of("pl"), rows_of("en")
    assert de["clubs"].names["de"] == "Kreuz (Eichel)"
    assert de["hearts"].names["de"] == "Herz"  # one name where both packs agree
    assert pl["queen"].names["pl"] == "dama (wyżnik)"
    assert pl["jack"].names["pl"] == "walet (niżnik)"
    assert en["ace"].names["en"] == "ace (Deuce)"
    assert de["jack"].names["de"] == "Bube (Unter)"
    # Letters as the cards of each language show them: de B D K A, pl W D K A.
    assert de["jack"].letters["de"].startswith("B")
    assert de["queen"].letters["de"].startswith("D")
    assert pl["jack"].letters["pl"].startswith("W")
    assert en["queen"].letters["en"].startswith("Q")
    assert de["king"].letters == {lang: "K" for lang in LANGUAGES}
    assert not de["clubs"].letters and not de["trick"].letters


def test_quotes_are_data_and_keep_their_source_language() -> None:
    """The sources' words are the same in every language; only the quotation marks change."""
    by_lang = {lang: rows_of(lang) for lang in LANGUAGES}
    for key in TERMS_BY_KEY:
        words = {lang: [s.words for s in rows[key].sources] for lang, rows in by_lang.items()}
        assert words["de"] == words["pl"] == words["en"], key
    marriage = [q.words for q in TERMS_BY_KEY["marriage"].quotes]
    assert {"Heirat", "Hochzeiten", "meldunek"} <= set(marriage)
    closing = {(q.source[:3], q.words) for q in TERMS_BY_KEY["closing"].quotes}
    assert ("000", "Ich decke!") in closing and ("002", "Talonsperre") in closing


def test_the_quotes_occur_in_the_sources() -> None:
    if not SEEDS.is_dir():
        pytest.skip(
            f"the rule sources are not at {SEEDS} (../shared/seeds next to the repository), "
            "so the quotes cannot be compared with them"
        )
    checked = 0
    for term in GLOSSARY:
        for quote in term.quotes:
            if quote.source == SRC_PAGAT:  # a web page, not among the stored sources
                continue
            text = (SEEDS / quote.source).read_text(encoding="utf-8")
            assert quote.words in text, (term.key, quote.source, quote.words)
            checked += 1
    assert checked > 100


# -- finding a term ----------------------------------------------------------------------------


def test_search_ignores_case_and_accents_and_looks_at_every_language() -> None:
    rows = glossary(get_translator("en"))
    assert fold("Żołądź") == "zoladz"
    assert [r.key for r in search(rows, "zoladz")] == ["clubs"]
    assert "head_trick" in [r.key for r in search(rows, "stichzwang")]
    assert [r.key for r in search(rows, "Heirat")] == ["marriage"]
    assert len(search(rows, "meldunek")) > 1
    assert [r.key for r in search(rows, "meldunek Heirat")] == ["marriage"]  # every word counts
    assert search(rows, "  ") == rows
    assert search(rows, "xyzzy") == ()


# -- the command and docs/glossary.md ----------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_docs_glossary_is_the_commands_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "glossary", "--format", "markdown")
    assert code == 0
    assert DOC.read_text(encoding="utf-8") == out, (
        "docs/glossary.md is stale; run: "
        ".venv/bin/python -m tutor glossary --format markdown > docs/glossary.md"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_prints_every_term_in_the_readers_language_first(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    tr = get_translator(lang)
    code, out = run(capsys, "glossary", "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == tr._("Glossary")
    for row in glossary(tr):
        head = next(line for line in lines if line.startswith(row.names[lang]))
        assert all(name in head for name in row.names.values()), head
        assert f"    {row.definition}" in lines
    code, md = run(capsys, "glossary", "--lang", lang, "--format", "markdown")
    table_rows = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
    assert code == 0 and len(table_rows) == len(GLOSSARY) + len(GROUPS)  # terms and headings


def test_the_command_refuses_an_unknown_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["glossary", "--format", "html"])
    assert exc.value.code == 2


# -- the page ----------------------------------------------------------------------------------


def test_the_html_escapes_and_marks_languages() -> None:
    tr = get_translator("pl")
    rows = glossary(tr)
    html = glossary_html(rows, tr)
    assert isinstance(html, Markup)
    assert html.count('<article class="t66-term"') == len(GLOSSARY)
    assert '<div class="t66-gloss" lang="pl">' in html
    assert '<dd lang="de">Stich</dd>' in html and '<dd lang="en">trick</dd>' in html
    assert '„<span lang="de">Heirat</span>”' in html  # Polish quotation marks, German words
    assert "000_" not in html and ".txt" not in html
    hostile = Row(
        key="x",
        group="<h1>g</h1>",
        names={lang: "<script>alert(1)</script>" for lang in LANGUAGES},
        letters={},
        definition="<img src=x>",
        sources=rows[0].sources,
    )
    out = glossary_html([hostile], tr)
    assert "<script>" not in out and "<img" not in out and "<h1>" not in out


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[AppTest]:
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    yield AppTest.from_file(APP, default_timeout=60)


def _shown_keys(at: AppTest) -> list[str]:
    for block in at.get("html"):
        body = str(block.proto.body)
        if "t66-gloss" in body:
            return re.findall(r'<article class="t66-term" id="t66-term-([a-z0-9_]+)"', body)
    return []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_shows_every_term_and_filters(app: AppTest, lang: str) -> None:
    tr = get_translator(lang)
    app.query_params["lang"] = lang
    app.run()
    app.switch_page(PAGE).run()
    assert not app.exception, [e.value for e in app.exception]
    assert [t.value for t in app.title] == [tr._("Glossary")]
    assert _shown_keys(app) == [t.key for t in GLOSSARY]
    app.text_input(key="w_glossary_find").set_value("Stichzwang").run()
    expected = [r.key for r in search(glossary(tr), "Stichzwang")]
    assert "head_trick" in expected and len(expected) < len(GLOSSARY)
    assert _shown_keys(app) == expected
    app.text_input(key="w_glossary_find").set_value("zoladz").run()  # żołądź, typed plainly
    assert _shown_keys(app)[-1:] == ["clubs"]
    assert _shown_keys(app) == [r.key for r in search(glossary(tr), "żołądź")]
    app.text_input(key="w_glossary_find").set_value("xyzzy").run()
    assert not app.exception
    assert _shown_keys(app) == []
    shown = [md_plain(str(i.value)) for i in app.info]
    assert shown == [tr._("No term matches “{text}”.", text="xyzzy")]
    assert app.query_params["lang"] == lang

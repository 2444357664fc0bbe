"""The texts of lessons 07 to 13 as a German or Polish learner reads them, in both pack styles:
every narration placeholder is filled, no English word, card notation, preset id or source file
name is left, the cards follow the chosen pack, and the lesson about following and heading uses
the players' words for heading the trick."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tutor.engine import Card, Suit
from tutor.engine.narration import narration_value, split_case
from tutor.tools.babel_extract import extract_lessons
from tutor.words.i18n import get_translator

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
FILES = (
    "07-closing.yaml",
    "08-going-out.yaml",
    "09-false-declaration.yaml",
    "10-schneider-schwarz.yaml",
    "11-last-trick.yaml",
    "12-match-to-seven.yaml",
    "13-sources-follow-or-head.yaml",
)
LANGS = ("de", "pl")
STYLES = ("french", "german")


def texts(name: str) -> list[str]:
    """The translatable texts of a lesson file, as the catalog extractor gives them."""
    with (LESSONS / name).open("rb") as f:
        return [message for _, _, message, _ in extract_lessons(f, [], [], {})]


def placeholders(text: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]


def _words(*words: str, case: bool = False) -> re.Pattern[str]:
    """Any of the words on their own (also in a hyphenated compound such as "Pik-Dame")."""
    flags = 0 if case else re.IGNORECASE
    return re.compile(r"(?<![\w-])(?:" + "|".join(words) + r")(?![\w])", flags)


ENGLISH = _words(
    "the",
    "and",
    "of",
    "with",
    "queen",
    "king",
    "jack",
    "ace",
    "aces",
    "tens",
    "nine",
    "spades",
    "hearts",
    "clubs",
    "diamonds",
    "leaves",
    "acorns",
    "bells",
    "deuce",
    "trick",
    "tricks",
    "trump",
    "trumps",
    "stock",
    "leads",
    "plays",
    "wins",
    "points",
    "deal",
    "match",
    "marriage",
    "declares",
    "closes",
)
# Card notation; "As" is left out, since it is also the Polish word for the ace.
NOTATION = re.compile(r"(?<![\w-])(?:10[cshd]|[KQJ987][cshd]|A[chd])(?![\w-])")
PRESET_IDS = re.compile(r"\b(?:classic|kurnik|pagat|sharpened|pack32|schnapsen)\b")
SEED_NAMES = re.compile(r"\d{3}_[0-9a-f]{8,}|\.txt\b|(?<!\d)00\d(?!\d)")
# Words of one pack that must not appear when the learner chose the other one.
FRENCH_PACK = {
    "de": _words(
        "Pik", "Kreuz", "Karo", "Dame", "Damen", "Bube", "Buben", "Ass", "Asse", "Asses", case=True
    ),
    "pl": _words(
        r"pik(?:a|i|iem|u|ów|ami|ach)?",
        r"trefl(?:a|e|i|em|u|ami|ach)?",
        "karo",
        r"kier(?:a|y|em|ze|ów|ami|ach)?",
        r"dam(?:a|y|ie|ę|ą)",
        r"walet(?:a|em|owi|cie)?",
    ),
}
GERMAN_PACK = {
    "de": _words("Grün", "Eichel", "Schellen", "Ober", "Unter", "Daus", case=True),
    "pl": _words(
        r"win(?:o|a|u|em|ie)",
        r"żołęd\w*",
        "żołądź",
        r"czerwie\w*",
        r"dzwon\w*",
        r"wyżnik\w*",
        r"niżnik\w*",
    ),
}


def render(name: str, lang: str, style: str) -> list[tuple[str, str]]:
    tr = get_translator(lang, style)
    return [(text, tr._(text)) for text in texts(name)]


@pytest.mark.parametrize("name", FILES)
def test_every_file_has_texts_with_cards_as_placeholders(name: str) -> None:
    found = texts(name)
    assert found
    assert any(narration_value(split_case(p)[0]) for text in found for p in placeholders(text))
    for text in found:
        for field in placeholders(text):
            assert narration_value(split_case(field)[0]) is not None, (text, field)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FILES)
def test_a_learner_reads_only_their_language(name: str, lang: str, style: str) -> None:
    other_pack = FRENCH_PACK if style == "german" else GERMAN_PACK
    problems = []
    for source, shown in render(name, lang, style):
        for what, pattern in (
            ("unfilled placeholder", re.compile(r"[{}]")),
            ("English word", ENGLISH),
            ("card notation", NOTATION),
            ("preset id", PRESET_IDS),
            ("source file name", SEED_NAMES),
            ("word of the other pack", other_pack[lang]),
        ):
            hit = pattern.search(shown)
            if hit:
                problems.append(f"{what} {hit.group(0)!r} in {shown!r} (from {source!r})")
    assert not problems, "\n".join(problems)


def _differs_between_packs(value: object, lang: str) -> bool:
    """Whether a card or suit has another name in the German-suited pack: in Polish every suit
    does; in German hearts stay "Herz", and of the hearts only the ace, queen and jack change."""
    if isinstance(value, Card):
        return lang == "pl" or value.suit != Suit.HEARTS or str(value)[0] in "AQJ"
    if isinstance(value, Suit):
        return lang == "pl" or value != Suit.HEARTS
    return False


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FILES)
def test_cards_in_the_text_follow_the_chosen_pack(name: str, lang: str) -> None:
    french, german = render(name, lang, "french"), render(name, lang, "german")
    changing = 0
    for (source, in_french), (_, in_german) in zip(french, german, strict=True):
        values = [narration_value(split_case(p)[0]) for p in placeholders(source)]
        if any(_differs_between_packs(v, lang) for v in values):
            changing += 1
            assert in_french != in_german, source
    assert changing


def test_german_cards_are_declined_as_the_sentence_needs() -> None:
    de = dict(render("07-closing.yaml", "de", "german"))
    shown = de["B must follow {spades} and gives the lower card: {Qs} rather than {Ks}."]
    assert (
        shown
        == "B muss bedienen und gibt das kleinere Grün zu: den Grün-Ober statt des Grün-Königs."
    )
    de = dict(render("07-closing.yaml", "de", "french"))
    shown = de["B must follow {spades} and gives the lower card: {Qs} rather than {Ks}."]
    assert (
        shown == "B muss bedienen und gibt das kleinere Pik zu: die Pik-Dame statt des Pik-Königs."
    )


def test_polish_cards_are_declined_as_the_sentence_needs() -> None:
    pl = dict(render("11-last-trick.yaml", "pl", "german"))
    assert pl["B trumps {Kc} with {Js}."] == "B bije króla żołędzia niżnikiem wina."
    deal = next(text for source, text in pl.items() if source.startswith("{spades} are trumps;"))
    assert deal.startswith("Atutem jest wino; as wina leży odkryty.")
    pl = dict(render("11-last-trick.yaml", "pl", "french"))
    assert pl["B trumps {Kc} with {Js}."] == "B bije króla trefl waletem pik."


def test_heading_the_trick_is_never_over_trumping_in_german() -> None:
    for style in STYLES:
        shown = [text for _, text in render("13-sources-follow-or-head.yaml", "de", style)]
        assert shown[0] == "Wo die Regeln abweichen: bedienen oder übernehmen?"
        assert not any(
            "überstech" in text.lower() or "übersticht" in text.lower() for text in shown
        )
        assert any("übernehmen" in text for text in shown[1:])


@pytest.mark.parametrize("name", FILES)
def test_no_invented_phase_names(name: str) -> None:
    for style in STYLES:
        for lang, words in (("de", ("streng",)), ("pl", ("ścisł",))):
            for _, shown in render(name, lang, style):
                assert not any(word in shown.lower() for word in words), shown


def test_the_polish_review_wordings() -> None:
    pl = dict(render("09-false-declaration.yaml", "pl", "french"))
    assert any("przeciwnik zapisuje sobie punkty za ten błąd" in text for text in pl.values())
    pl = dict(render("12-match-to-seven.yaml", "pl", "french"))
    joined = " ".join(pl.values())
    assert "B prowadzi w partii 6:5" in joined
    assert "Lewa, do której A teraz wychodzi" in joined
    assert "w partii 6 do 5" not in joined and "w której A" not in joined


def test_a_trick_won_in_suit_is_not_stechen() -> None:
    de = dict(render("10-schneider-schwarz.yaml", "de", "french"))
    shown = de[
        "A takes the trick with {Kc}. A has also drawn {Ah} and {10h}, the two highest trumps."
    ]
    assert shown.startswith("A nimmt den Stich mit dem Kreuz-König.")
    assert "sticht" not in shown

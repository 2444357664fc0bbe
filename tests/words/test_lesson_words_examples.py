"""The two worked deals of the German article (lessons example-1 and example-2) as a German or
Polish learner reads them, in the French- and in the German-suited pack: every card named by
a placeholder and filled in, no English word, card notation, preset id or seed file name left,
no French-pack word in the German pack, the article's own words (decken, Aus!) where the lesson
quotes it, and narration that says more than the move line printed above it."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from tutor.engine import Close
from tutor.teach.lessons import Lesson, load_lesson, replay
from tutor.tools.babel_extract import extract_lessons
from tutor.words.explain import describe_move
from tutor.words.i18n import PACK_STYLES, Translator, get_translator

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
FILES = ("example-1.yaml", "example-2.yaml")
LANGS = ("de", "pl")

ENGLISH = re.compile(
    r"\b(the|and|of|with|is|are|has|queens?|kings?|jacks?|aces?|spades|hearts|clubs|diamonds"
    r"|tricks?|trumps?|stock|marriages?|leads?|points|Deuce|leaves|acorns|bells)\b",
    re.IGNORECASE,
)
NOTATION = re.compile(r"(?<![\w-])(?:10|[2-9TJQKA])[cshd](?![\w-])")
# Real words that look like notation: Polish "As" (the ace) opening a sentence.
NOT_NOTATION = {"de": frozenset[str](), "pl": frozenset({"As"})}
PRESET_ID = re.compile(r"\b(classic|kurnik|pagat|sharpened|pack32|schnapsen)\b")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}|\.txt\b")
# Words that belong to the French-suited pack only (suits, the queen and the jack; German
# also the ace, which the German-suited pack calls Daus).
FRENCH_PACK = {
    "de": re.compile(r"\b(Pik|Kreuz|Karo|Dame|Damen|Bube|Buben|Ass|Asses)\b"),
    "pl": re.compile(r"\b(pik\w*|trefl\w*|karo|dam(?:a|ą|ę|y|ie|o)|walet\w*)\b"),
}


def problems(text: str, lang: str, style: str) -> list[str]:
    """What a learner should never see in a rendered text."""
    found = []
    if "{" in text or "}" in text:
        found.append("an unfilled placeholder")
    checks = [("English", ENGLISH), ("card notation", NOTATION), ("a preset id", PRESET_ID)]
    checks.append(("a seed file name", SEED_FILE))
    if style == "german":
        checks.append(("a French-pack word", FRENCH_PACK[lang]))
    for what, pattern in checks:
        found += [
            f"{what}: {m.group(0)!r}"
            for m in pattern.finditer(text)
            if pattern is not NOTATION or m.group(0) not in NOT_NOTATION[lang]
        ]
    return found


def texts(name: str) -> list[str]:
    """Every translatable text of a lesson file, as the catalog extractor finds it."""
    with open(LESSONS / name, "rb") as f:
        return [message for _, _, message, _ in extract_lessons(f, (), (), {})]


def lesson(name: str) -> Lesson:
    return load_lesson(LESSONS / name)


@pytest.mark.parametrize("style", PACK_STYLES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FILES)
def test_every_text_reads_in_the_language_and_the_pack(name: str, lang: str, style: str) -> None:
    tr, en = get_translator(lang, style), get_translator("en", style)
    for message in texts(name):
        rendered = tr._(message)
        assert rendered != en._(message), f"not translated: {message!r}"
        assert problems(rendered, lang, style) == [], rendered


def test_the_check_finds_every_kind_of_leak() -> None:
    bad = "Die Pik-Dame {Qs} the queen, Qs, 10h, classic, 000_d036f4009e89b883.txt"
    assert problems("As wina, As", "pl", "german") == []
    assert problems("As", "de", "german") == ["card notation: 'As'"]
    found = " | ".join(problems(bad, "de", "german"))
    for what in ("placeholder", "English", "notation", "preset", "seed file", "French-pack"):
        assert what in found
    assert problems("A nimmt den Grün-Ober mit der Grün-Zehn.", "de", "german") == []
    assert problems("wyżnik wina", "pl", "german") == []
    assert problems("dama pik", "pl", "german") != []


@pytest.mark.parametrize("name", FILES)
def test_the_english_texts_name_cards_only_by_placeholder(name: str) -> None:
    spelled = re.compile(
        r"\b(aces?|kings?|queens?|jacks?|tens?|nines?|clubs?|spades?|hearts?|diamonds?)\b", re.I
    )
    for message in texts(name):
        outside = re.sub(r"\{[^{}]*\}", "", message)
        assert spelled.findall(outside) == [], message
        assert NOTATION.findall(outside) == [], message


@pytest.mark.parametrize("style", PACK_STYLES)
@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("name", FILES)
def test_narration_does_not_open_by_repeating_the_move_line(
    name: str, lang: str, style: str
) -> None:
    """The move line ("B leads the ace of spades.") is printed above the narration; the
    narration says why, so it never starts by saying the same again."""
    tr = get_translator(lang, style)
    frames = replay(lesson(name))
    for before, frame in pairwise(frames):
        if frame.move is None or not frame.narration:
            continue
        said = describe_move(before.state, frame.move, tr).rstrip(".").casefold()
        narration = tr._(frame.narration).casefold()
        assert not narration.startswith(said), (frame.step, said)


def _narration_of_the_close(tr: Translator) -> str:
    frames = replay(lesson("example-2.yaml"))
    (close,) = [f for f in frames if isinstance(f.move, Close)]
    return tr._(close.narration)


@pytest.mark.parametrize("style", PACK_STYLES)
def test_closing_in_example_2_quotes_the_articles_word(style: str) -> None:
    de = _narration_of_the_close(get_translator("de", style))
    assert "„decken“" in de and "„Ich decke!“" in de
    assert "dreht B zu" in de
    pl = _narration_of_the_close(get_translator("pl", style))
    assert "„Ich decke!”" in pl and "zamyka stos" in pl


@pytest.mark.parametrize("style", PACK_STYLES)
def test_aus_is_glossed_where_polish_first_meets_it(style: str) -> None:
    pl = get_translator("pl", style)
    for name in FILES:
        rendered = [pl._(m) for m in texts(name)]
        first = next(t for t in rendered if "„Aus!”" in t)
        after = first[first.index("„Aus!”") :]
        assert "zgłasza 66" in after[:80], first


@pytest.mark.parametrize("lang", LANGS)
def test_the_trump_suit_is_named_as_at_the_table_and_german_has_vorhand(lang: str) -> None:
    for name in FILES:
        deal = lesson(name).deal.narration
        for style in PACK_STYLES:
            text = get_translator(lang, style)._(deal)
            if lang == "pl":
                assert "Atutem jest " in text  # "Atutem jest karo", as players say it
            else:
                assert "Vorhand" in text

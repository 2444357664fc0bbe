"""The puzzles' own words (titles, explanations, notes) as a German or Polish learner reads them,
in the French-suited and in the German-suited pack: every card placeholder filled in, nothing
left in English or in card notation, no file or preset ids, the pack's own card names only, and
the words the game's players use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.teach.puzzles import Puzzle, read_files
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("closed-phase", "counting", "save-ten", "schneider", "stock")
FILES = [ROOT / "puzzles" / f"{name}.yaml" for name in NAMES]
PUZZLES, ERRORS = read_files(FILES)
LANGS = ("de", "pl")
STYLES = ("french", "german")


def _texts(p: Puzzle) -> list[tuple[str, str]]:
    fields = [("title", p.title), ("explanation", p.explanation), ("note", p.note)]
    fields += [("hint", h) for h in p.hints]
    fields += [("goal_text", p.goal_text), ("theme_text", p.theme_text)]
    return [(name, text) for name, text in fields if text]


TEXTS = [(p.id, name, text) for p in PUZZLES for name, text in _texts(p)]

# English words that never belong in a German or Polish text (both packs' English names too).
ENGLISH = re.compile(
    r"\b(the|and|of|you|with|queen|king|jack|ace|deuce|ober of|unter of|spades?|hearts?|"
    r"clubs?|diamonds?|acorns|leaves|bells|tricks?|trumps?|stock|lead|declare|marriage)\b",
    re.IGNORECASE,
)
NOTATION = re.compile(r"\b(?:10|[2-9]|[AKQJ])[cdhs]\b")
PRESET_IDS = re.compile(r"\b(classic|kurnik|pagat|sharpened|pack32|schnapsen)\b")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{8,}|\.txt\b")
# Card words of one pack that must not show when the learner chose the other.
FRENCH_PACK = {
    "de": re.compile(r"\b(Pik|Kreuz|Karo|Dame|Damen|Bube|Buben|Ass|Asses)\b"),
    "pl": re.compile(
        r"\b(pik\w*|trefl\w*|karo|kara|karach|karami|dama|damy|damie|damę|damą|walet\w*|walecie)\b"
    ),
}
GERMAN_PACK = {
    "de": re.compile(r"\b(Eichel|Grün|Schellen|Ober|Obers|Daus|Dauses)\b"),
    "pl": re.compile(r"\b(żołąd\w*|żołęd\w*|czerwie\w*|dzwon\w*|wyżnik\w*|niżnik\w*)\b"),
}
# Words the players of the sources do not use for what these texts mean.
NOT_OUR_WORDS = {
    "de": re.compile(r"überst[eio]ch|strenge[nr]? (?:Phase|Regeln)|zuspiel|spielt\w* zu\b"),
    "pl": re.compile(r"ścisł|niewidoczn|\bkaż B\b|Bij "),
}


def test_the_files_are_read() -> None:
    assert not ERRORS, [str(e) for e in ERRORS]
    assert len(PUZZLES) == 32
    assert len(TEXTS) == 65


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("pid", "field", "text"), TEXTS, ids=[f"{i}:{f}" for i, f, _ in TEXTS])
def test_every_text_reads_in_the_language_and_the_pack(
    lang: str, style: str, pid: str, field: str, text: str
) -> None:
    shown = get_translator(lang, style)._(text)
    english = get_translator("en", style)._(text)
    assert shown != english, "not translated"
    assert "{" not in shown and "}" not in shown
    assert not ENGLISH.findall(shown)
    assert not NOTATION.findall(shown)
    assert not PRESET_IDS.findall(shown)
    assert not SEED_FILE.findall(shown)
    assert not NOT_OUR_WORDS[lang].findall(shown)
    other_pack = FRENCH_PACK if style == "german" else GERMAN_PACK
    assert not other_pack[lang].findall(shown)
    if lang == "de":
        # A full sentence after a colon starts with a capital letter.
        assert not re.findall(r": (?:der|die|das|den|dem|des) ", shown)
    if lang == "pl" and field != "note":
        # „Aus!“ is the German article's word: a Polish learner declares 66.
        assert "Aus!" not in shown


@pytest.mark.parametrize(("pid", "field", "text"), TEXTS, ids=[f"{i}:{f}" for i, f, _ in TEXTS])
def test_the_english_text_follows_the_pack_too(pid: str, field: str, text: str) -> None:
    shown = get_translator("en", "german")._(text)
    assert "{" not in shown
    assert not re.findall(r"\b(queen|jack|ace|spades|clubs|diamonds)\b", shown, re.IGNORECASE)


def _shown(pid: str, field: str, lang: str, style: str) -> str:
    (text,) = [t for i, f, t in TEXTS if i == pid and f == field]
    return get_translator(lang, style)._(text)


@pytest.mark.parametrize(
    ("pid", "field", "lang", "style", "expected"),
    [
        # A name that opens a title gets its capital letter.
        ("ten-before-the-king", "title", "de", "german", "Der König muss fallen"),
        ("ten-before-the-king", "title", "pl", "french", "Wyciągnij króla"),
        ("take-it-with-the-ten", "title", "pl", "german", "Weź go dziesiątką"),
        ("ten-waits-for-the-king", "title", "de", "french", "Die Zehn wartet auf den König"),
        # The queen is "die Dame" or "der Ober": the text refers back to "diese Karte".
        ("two-tricks-to-66", "explanation", "de", "german", "nur den Ober, und diese Karte muss"),
        ("two-tricks-to-66", "explanation", "de", "french", "nur die Dame, und diese Karte muss"),
        ("two-tricks-to-66", "explanation", "pl", "german", "tylko wyżnika i musi tę kartę"),
        # Heading the trick is "übernehmen" / "höher bedienen", trumping "trumpfen".
        ("one-point-short", "explanation", "de", "french", "übernimmt B mit der Pik-Dame"),
        ("close-for-schwarz", "explanation", "de", "french", "höher bedienen oder trumpfen"),
        ("ten-of-spades-for-schwarz", "explanation", "de", "german", "gegen das Eichel-Daus"),
        # Polish: the second phase, unknown cards, "niech B walczy", going out as "zgłoś 66".
        ("exchange-in-time", "explanation", "pl", "french", "w drugiej fazie"),
        ("do-not-close", "explanation", "pl", "german", "leżą nieznane karty"),
        ("do-not-close", "explanation", "pl", "french", "niech B walczy o każdy punkt"),
        ("declare-with-the-marriage", "explanation", "pl", "french", "w tym samym ruchu zgłoś 66"),
        # Polish German-suited cards take the suit in the genitive.
        ("diamond-king-first", "title", "pl", "german", "Najpierw król dzwonka"),
    ],
)
def test_chosen_wordings(pid: str, field: str, lang: str, style: str, expected: str) -> None:
    assert expected in _shown(pid, field, lang, style)

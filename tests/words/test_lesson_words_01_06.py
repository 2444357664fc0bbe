"""The texts of lessons 01-06 as a learner reads them: every title, summary and narration
rendered in German and Polish with both packs. Cards are named in the chosen pack and in the
case the sentence needs; no English word, card notation, preset id or file name gets through,
and the words the glossary retires ("strenge Phase", "ścisła faza", "überstechen") stay out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.tools.babel_extract import extract_lessons
from tutor.words.i18n import Translator, get_translator

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
FILES = (
    "01-cards-and-points.yaml",
    "02-tricks-and-trumps.yaml",
    "03-drawing.yaml",
    "04-closed-phase.yaml",
    "05-marriages.yaml",
    "06-trump-exchange.yaml",
)
STYLES = ("french", "german")


def _msgids(name: str) -> list[str]:
    with (LESSONS / name).open("rb") as f:
        return [msg for _line, _func, msg, _comments in extract_lessons(f, [], [], {})]


TEXTS = [(name, msgid) for name in FILES for msgid in _msgids(name)]


def _words(*words: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(words) + r")\b")


ENGLISH = _words(
    "the", "and", "of", "with", "queen", "king", "jack", "ace", "nine", "spades", "hearts",
    "clubs", "diamonds", "acorns", "leaves", "bells", "Deuce", "trick", "tricks", "trump",
    "trumps", "stock", "leads", "card", "cards", "points",
)  # fmt: skip
# Card notation such as Qs, 10h or Kd (not "As", which is also the Polish word for an ace).
NOTATION = re.compile(r"\b(?:10|[2-9KQJ])[cshd]\b|\bA[chd]\b")
PRESET_IDS = _words("classic", "kurnik", "pagat", "sharpened", "pack32", "schnapsen")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}|\.txt\b")
FRENCH_PACK = {
    "de": _words("Pik", "Kreuz", "Karo", "Dame", "Damen", "Bube", "Buben", "Ass", "Asses"),
    "pl": re.compile(r"\b(?:pik\w*|trefl\w*|karo|dam[aęąy]|damie|walet\w*)\b", re.IGNORECASE),
}
RETIRED = {
    "de": re.compile(r"streng|überst[ei]ch|zuspiel", re.IGNORECASE),
    "pl": re.compile(r"ścisł|zużywa|każdą\.", re.IGNORECASE),
}


def _problems(text: str, tr: Translator) -> list[str]:
    found = []
    for what, pattern in (
        ("placeholder", re.compile(r"[{}]")),
        ("card notation", NOTATION),
        ("preset id", PRESET_IDS),
        ("file name", SEED_FILE),
    ):
        found += [f"{what} {m.group(0)!r}" for m in pattern.finditer(text)]
    if tr.lang != "en":
        found += [f"English {m.group(0)!r}" for m in ENGLISH.finditer(text)]
        found += [f"retired term {m.group(0)!r}" for m in RETIRED[tr.lang].finditer(text)]
        if tr.style == "german":
            found += [f"French-pack {m.group(0)!r}" for m in FRENCH_PACK[tr.lang].finditer(text)]
    return found


def test_the_lessons_have_texts_that_name_cards_by_placeholders() -> None:
    assert len(TEXTS) >= 70
    for name in FILES:
        assert any("{" in msgid for file, msgid in TEXTS if file == name), name


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("lang", ["de", "pl"])
def test_every_text_reads_in_the_language_and_the_pack(lang: str, style: str) -> None:
    tr, en = get_translator(lang, style), get_translator("en", style)
    problems = []
    for name, msgid in TEXTS:
        text = tr._(msgid)
        if text == en._(msgid) and re.search(r"[a-z]{3}", text):
            problems.append(f"{name}: not translated: {msgid!r}")
        problems += [f"{name}: {p} in {text!r}" for p in _problems(text, tr)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("style", STYLES)
def test_the_english_texts_name_every_card_in_the_pack(style: str) -> None:
    en = get_translator("en", style)
    problems = [f"{name}: {p}" for name, msgid in TEXTS for p in _problems(en._(msgid), en)]
    assert not problems, "\n".join(problems)
    if style == "german":
        texts = " ".join(en._(msgid) for _name, msgid in TEXTS)
        assert not _words("queen", "jack", "ace", "spades", "clubs", "diamonds").search(texts)


@pytest.mark.parametrize(
    ("lang", "style", "msgid", "expected"),
    [
        # the accusative of the Ober, where the French pack has a feminine queen
        (
            "de",
            "german",
            "The marriage in trumps: A shows {Qd} as well. A has 43 plus 40, that is 83.",
            "Die Hochzeit in Trumpf: A zeigt dazu den Schellen-Ober vor. A hat 43 plus 40, also "
            "83.",
        ),
        (
            "de",
            "french",
            "The marriage in trumps: A shows {Qd} as well. A has 43 plus 40, that is 83.",
            "Die Hochzeit in Trumpf: A zeigt dazu die Karo-Dame vor. A hat 43 plus 40, also 83.",
        ),
        (
            "pl",
            "german",
            "When both cards are trumps, the higher trump wins: {ace} beats {queen}.",
            "Gdy obie karty są atutami, wygrywa starszy atut: as bije wyżnika.",
        ),
        (
            "de",
            "french",
            "A plays first and leads {Kc}, a card worth 4 points.",
            "A hat Vorhand und spielt den Kreuz-König aus, eine Karte im Wert von 4 Augen.",
        ),
        # German: dative after "mit"; a bare name in a list; the suit that opens a sentence
        (
            "de",
            "german",
            "{diamonds} are trumps. A holds two marriages: {Kc} with {Qc}, worth 20, and {Kd} "
            "with {Qd}, the marriage in trumps, worth 40.",
            "Schellen ist Trumpf. A hat zwei Hochzeiten: Eichel-König mit Eichel-Ober, 20 wert, "
            "und Schellen-König mit Schellen-Ober, die Hochzeit in Trumpf, 40 wert.",
        ),
        # Polish: the suit in the genitive for the German-suited pack, plural trumps
        (
            "pl",
            "german",
            "Welcome to 66! Two players, A and B, each get six cards. The game uses only 24 "
            "cards: the {ace_bare}, {ten_bare}, {king_bare}, {queen_bare}, {jack_bare} and "
            "{nine_bare} of each of the four suits. One card is turned face up beside the stock; "
            "its suit is the trump suit. Here that card is {Js}, so {spades} are trumps.",
            "Witaj w grze w 66! Dwóch graczy, A i B, dostaje po sześć kart. W grze używa się "
            "tylko 24 kart: asa, dziesiątki, króla, wyżnika, niżnika i dziewiątki w każdym z "
            "czterech kolorów. Jedną kartę odkrywa się obok stosu; jej kolor jest kolorem "
            "atutowym. Tutaj odkryty leży niżnik wina, więc atutem jest wino.",
        ),
        # Polish: accusative and instrumental of the same card, no gendered word about it
        (
            "pl",
            "german",
            "{Qd} is worth 3. Only a higher card of {diamonds} or a trump can take it.",
            "Wyżnik dzwonka to 3 punkty. Tę lewę może wziąć tylko starsza karta w dzwonku albo "
            "atut.",
        ),
        (
            "pl",
            "french",
            "Whoever cannot follow suit must trump. B has two trumps and may choose; B takes "
            "{ace} with the higher one.",
            "Kto nie może dołożyć do koloru, musi bić atutem. B ma dwa atuty i może wybrać; bije "
            "asa starszym z nich.",
        ),
        (
            "pl",
            "french",
            "All of them. As long as the stock is open, nobody has to follow suit or to trump. B "
            "could trump {ace} but keeps the trumps for later and gives away {9c}, a card worth "
            "nothing. A card of a different suit that is not a trump can never win the trick: A "
            "takes it.",
            "Dowolną. Dopóki stos jest otwarty, nikt nie musi dokładać do koloru ani bić atutem. "
            "B mógłby wziąć asa atutem, ale zachowuje atuty na później i zrzuca dziewiątkę "
            "trefl, kartę bez żadnej wartości. Karta innego koloru, która nie jest atutem, "
            "nigdy nie bierze lewy: bierze ją A.",
        ),
        (
            "pl",
            "german",
            "Exchanging {nine} of trumps",
            "Wymiana dziewiątki atutowej",
        ),
    ],
)
def test_cards_are_named_in_the_case_the_sentence_needs(
    lang: str, style: str, msgid: str, expected: str
) -> None:
    assert msgid in {m for _name, m in TEXTS}
    assert get_translator(lang, style)._(msgid) == expected


def test_the_second_phase_has_its_players_name() -> None:
    title = "The second phase - follow suit, else trump"
    assert title in {m for _name, m in TEXTS}
    assert get_translator("de")._(title) == "Die zweite Phase – Farbe bedienen, sonst trumpfen"
    assert get_translator("pl")._(title).startswith("Druga faza:")

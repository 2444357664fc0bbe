"""Every puzzle as a German or Polish learner reads it, in both packs: the goal, the theme, the
unseen cards, the four hint levels and the feedback on a right and on a wrong move. No English
word, preset id or seed file name shows; decimals have a comma; lists name cards without an
article; a card in a sentence about a move is declined (German dative and accusative, Polish
instrumental and genitive)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.engine import Move, legal_moves
from tutor.teach import puzzles as pz
from tutor.words.explain import rule_text
from tutor.words.i18n import get_translator
from tutor.words.puzzle_text import (
    feedback,
    goal_line,
    goal_words,
    hint,
    level_words,
    theme_words,
    unseen_text,
)

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = {p.id: p for p in pz.load_puzzles(ROOT / "puzzles")[0]}
LANGS = ("de", "pl")
STYLES = ("french", "german")
SLOW = pytest.mark.slow

#: English words that are no German or Polish word (so "to", "ten", "on", "by", "in", "was" and
#: "hand", which are, stay out of the list).
_STOP = """the and with of you your is it are be were this that these those from for into
    move moves goal goals trick tricks stock trump trumps card cards point points game deal
    deals win wins won lead leads led play plays playing played hearts spades clubs diamonds
    acorns leaves bells queen king jack ace nine eight seven closing close closed declaring
    declare marriage exchange exchanging right wrong partly quite best reach reaches reached
    solver hint level rule rules source only however unseen average try follow suit head
    first steps well fine while once must may can cannot when there other miss misses none
    puzzle solved opponent"""
STOP_WORDS = frozenset(_STOP.split())
PRESET_IDS = re.compile(r"\b(?:classic|kurnik|pagat(?!\.com)|sharpened|pack32|schnapsen)\b")
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
GERMAN_ARTICLES = ("der ", "die ", "das ", "den ", "dem ", "des ")


def english_words(text: str) -> set[str]:
    """The words of ``text`` (letters of any alphabet) that are on the stop list."""
    return {w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in STOP_WORDS}


def _wrong_move(p: pz.Puzzle) -> Move | None:
    accepted = pz.start(p).analysis().accepted
    return next((m for m in legal_moves(p.state) if m not in accepted), None)


@cache
def puzzle_texts(puzzle_id: str, lang: str, style: str) -> tuple[str, ...]:
    """Everything the trainer says about a puzzle before and after the first move."""
    tr = get_translator(lang, style)
    p = PUZZLES[puzzle_id]
    attempt = pz.start(p)
    unseen = unseen_text(attempt, tr)
    out = [
        goal_line(p, tr),
        goal_words(p, tr),
        theme_words(p, tr),
        level_words(p.level, tr),
        unseen.where,
        unseen.cards,
        *(hint(attempt, level, tr) for level in (1, 2, 3, 4)),
    ]
    for move in (p.solution[0], _wrong_move(p)):
        if move is not None:
            said = feedback(p, pz.play(attempt, move).last, tr)  # type: ignore[arg-type]
            out += [said.headline, *said.details]
    return tuple(out)


def all_texts(lang: str, style: str) -> list[tuple[str, str]]:
    return [(pid, text) for pid in PUZZLES for text in puzzle_texts(pid, lang, style)]


#: What the trainer says about every puzzle takes about 2 s to make for one language and pack:
#: the daily loop reads it in German with the French pack, the whole run in all four.
READINGS = [
    (lang, style) if (lang, style) == ("de", "french") else pytest.param(lang, style, marks=SLOW)
    for lang in LANGS
    for style in STYLES
]


def test_the_read_through_covers_every_puzzle() -> None:
    assert len(PUZZLES) == 32
    assert all(_wrong_move(p) is not None for p in PUZZLES.values())


@pytest.mark.parametrize(("lang", "style"), READINGS)
def test_no_english_word(lang: str, style: str) -> None:
    found = {(pid, word) for pid, text in all_texts(lang, style) for word in english_words(text)}
    assert not found


@pytest.mark.parametrize(("lang", "style"), READINGS)
def test_no_preset_id_and_no_seed_file_name(lang: str, style: str) -> None:
    shown = [
        (pid, text)
        for pid, text in all_texts(lang, style)
        if PRESET_IDS.search(text) or SEED_FILE.search(text)
    ]
    assert not shown


@pytest.mark.parametrize("lang", ["de", pytest.param("pl", marks=SLOW)])
def test_decimals_are_written_with_a_comma(lang: str) -> None:
    texts = [text for _, text in all_texts(lang, "french")]
    assert not [t for t in texts if re.search(r"\d\.\d", t)]
    # "do-not-close": the king of spades keeps the goal, the nine of spades is better by
    # -1 against -12/7 game points on average over the seven deals.
    p = PUZZLES["do-not-close"]
    said = feedback(p, pz.check(p, ["Ks"]), get_translator(lang))
    assert any("\u22121,71" in d for d in said.details)
    assert any(re.search(r"[+\u2212]1\b(?![,.])", d) for d in said.details)  # -1, not -1,00


def test_a_mean_keeps_its_sign() -> None:
    p = PUZZLES["close-for-schwarz"]
    level4 = hint(pz.start(p), 4, get_translator("de"))
    assert "bringt Zudrehen +3 Siegpunkte, Weiterspielen bestenfalls +2" in level4
    assert "+1,71 Siegpunkte" in level4


@pytest.mark.parametrize("style", ["french", pytest.param("german", marks=SLOW)])
def test_german_lists_name_cards_without_an_article(style: str) -> None:
    de = get_translator("de", style)
    lists: list[str] = []
    for pid, p in PUZZLES.items():
        lists.append(unseen_text(pz.start(p), de).cards)
        for text in puzzle_texts(pid, "de", style):
            if text.startswith("So könnten die Karten liegen"):
                lists.append(text.split("hat: ", 1)[1].rstrip("."))
            elif text.startswith("Der Talon, oberste Karte zuerst: "):
                lists.append(text.split(": ", 1)[1].rstrip("."))
    assert len(lists) > len(PUZZLES)  # the refutations with other cards are among them
    names = [name for cards in lists for name in cards.split(", ") if name]
    assert names and not [n for n in names if n.startswith(GERMAN_ARTICLES)]


@pytest.mark.parametrize(
    ("lang", "style", "puzzle_id", "move", "headline"),
    [
        # German: "mit" takes the dative (the jack is a weak noun: "dem Herz-Buben").
        (
            "de",
            "french",
            "keep-the-kings",
            "Jh",
            "Richtig! Mit dem Herz-Buben erreichst du das Ziel. Aufgabe gelöst.",
        ),
        (
            "de",
            "german",
            "keep-the-kings",
            "Jh",
            "Richtig! Mit dem Herz-Unter erreichst du das Ziel. Aufgabe gelöst.",
        ),
        (
            "de",
            "french",
            "ten-before-the-king",
            "Qd",
            "Nicht ganz: Mit der Karo-Dame ist das Ziel nicht mehr zu erreichen.",
        ),
        (
            "de",
            "french",
            "diamond-king-first",
            "Kd",
            "So weit richtig: Mit dem Karo-König bist du auf dem richtigen Weg. Mach weiter.",
        ),
        # Polish: the card opens the sentence after "!" with a capital; "grając" takes the
        # instrumental, "po zagraniu" the genitive.
        (
            "pl",
            "french",
            "keep-the-kings",
            "Jh",
            "Dobrze! Walet kier prowadzi do celu. Zadanie rozwiązane.",
        ),
        (
            "pl",
            "german",
            "keep-the-kings",
            "Jh",
            "Dobrze! Niżnik czerwieni prowadzi do celu. Zadanie rozwiązane.",
        ),
        (
            "pl",
            "french",
            "do-not-close",
            "Ks",
            "Częściowo dobrze: grając królem pik, osiągasz cel, ale nie najlepszą drogą.",
        ),
        (
            "pl",
            "german",
            "do-not-close",
            "Ks",
            "Częściowo dobrze: grając królem wina, osiągasz cel, ale nie najlepszą drogą.",
        ),
        (
            "pl",
            "french",
            "ten-before-the-king",
            "Qd",
            "Niezupełnie: po zagraniu damy karo cel jest poza zasięgiem.",
        ),
    ],
)
def test_the_move_is_declined_in_the_feedback(
    lang: str, style: str, puzzle_id: str, move: str, headline: str
) -> None:
    p = PUZZLES[puzzle_id]
    assert feedback(p, pz.check(p, [move]), get_translator(lang, style)).headline == headline


@pytest.mark.parametrize(
    ("lang", "style", "level3", "level4"),
    [
        ("de", "french", "Spiel doch mal den Herz-Buben aus.", "Spiel den Herz-Buben aus."),
        ("de", "german", "Spiel doch mal den Herz-Unter aus.", "Spiel den Herz-Unter aus."),
        ("pl", "french", "Spróbuj wyjść waletem kier.", "Wyjdź waletem kier."),
        ("pl", "german", "Spróbuj wyjść niżnikiem czerwieni.", "Wyjdź niżnikiem czerwieni."),
    ],
)
def test_the_hinted_lead_is_declined(lang: str, style: str, level3: str, level4: str) -> None:
    """German "ausspielen" takes the accusative, Polish "wyjść" the instrumental."""
    attempt = pz.start(PUZZLES["keep-the-kings"])
    tr = get_translator(lang, style)
    assert level3 not in hint(attempt, 3, tr)  # moves to consider, none suggested
    assert hint(attempt, 4, tr).startswith(level4 + " ")


def test_a_card_answered_to_a_lead_is_played_not_led() -> None:
    attempt = pz.start(PUZZLES["take-it-with-the-ten"])
    assert hint(attempt, 4, get_translator("de")).startswith("Spiel die Herz-Zehn. ")
    assert hint(attempt, 4, get_translator("pl")).startswith("Dołóż dziesiątkę kier. ")


@pytest.mark.parametrize(
    ("lang", "line", "missed"),
    [
        ("de", "Ziel: das Spiel gewinnen. Du spielst A.", "Das Ziel war: das Spiel gewinnen."),
        ("pl", "Cel: wygrać rozdanie. Grasz jako A.", "Celem było wygrać rozdanie."),
        ("en", "Goal: win the deal. You play A.", "The goal was to win the deal."),
    ],
)
def test_the_goal_continues_the_sentence(lang: str, line: str, missed: str) -> None:
    p = PUZZLES["ten-before-the-king"]
    tr = get_translator(lang)
    assert goal_line(p, tr) == line
    assert feedback(p, pz.check(p, ["Qd"]), tr).details[-1].endswith(missed)


@pytest.mark.parametrize("lang", (*LANGS, "en"))
def test_a_level_one_hint_says_the_theme_rule_once(lang: str) -> None:
    tr = get_translator(lang)
    for p in PUZZLES.values():
        rid = pz.theme_rule(p, p.state)
        if rid:
            assert hint(pz.start(p), 1, tr).count(rule_text(rid, p.state.rules, tr)) == 1, p.id


def test_no_move_reaches_the_goal_in_only_all_of_the_deals() -> None:
    en = get_translator("en")
    for p in PUZZLES.values():
        text = hint(pz.start(p), 4, en)
        for reached, deals in re.findall(r"in only (\d+) of the (\d+)", text):
            assert int(reached) < int(deals), p.id
        if p.goal.kind is pz.GoalKind.DECIDE_CLOSE:
            assert "on average" in text and "of the" not in text, p.id

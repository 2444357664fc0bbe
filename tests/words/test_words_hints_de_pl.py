"""Hints and ``tutor rules`` read in German and Polish as players write them: no English word,
no preset id, no file name, no invented term, numbers with a decimal comma, labels and lists
without articles, the player addressed as "du" throughout a hint."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from conftest import position

from tutor.cli.main import main
from tutor.engine import (
    PRESETS,
    SOURCES,
    SRC_000,
    SRC_001,
    TABLE_PRESETS,
    Suit,
    check,
    parse_move,
    preset,
)
from tutor.teach.hints import Idea
from tutor.words.explain import (
    SOURCE_NAMES,
    SOURCE_TAGS,
    move_item,
    rule_text,
    source_name,
    source_tag,
    verdict_head,
)
from tutor.words.hint_text import hint, idea_text
from tutor.words.i18n import get_translator
from tutor.words.switches import PRESET_NAMES, preset_name, switch_value_text

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = sorted((ROOT / "positions").iterdir())
LANGS = ("de", "pl")

#: English words that must not reach a German or Polish reader (Schneider and Schwarz are the
#: game's own words in every language; "A" and "B" are the players).
ENGLISH = frozenset(
    (
        *("the", "and", "of", "with", "your", "you", "must", "may", "allowed", "legal"),
        *("trick", "tricks", "trump", "trumps", "stock", "queen", "jack", "king", "ace"),
        *("card", "cards", "point", "points", "game", "deal", "lead", "leads", "follow"),
        *("suit", "close", "closing", "closed", "declare", "declaring", "marriage"),
        *("exchange", "opponent", "move", "moves", "source", "rules", "preset", "head"),
        *("heads", "wins", "played", "suggested"),
    )
)
PRESET_IDS = frozenset(PRESETS)
SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
ARTICLES = ("der ", "die ", "das ", "den ", "dem ", "des ")


def words(text: str) -> set[str]:
    """The words of a text, lower case (``pagat.com`` is a name, not a word)."""
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text.replace("pagat.com", ""))}


def problems(text: str) -> list[str]:
    """What reads wrong in a German or Polish text: English words, preset ids, seed file
    names, the invented terms."""
    found = [f"English {w!r}" for w in sorted(words(text) & ENGLISH)]
    ids = set(re.findall(r"[a-z0-9]+", text.replace("pagat.com", ""))) & PRESET_IDS
    found += [f"preset id {i!r}" for i in sorted(ids)]
    found += [f"file name {m!r}" for m in SEED_FILE.findall(text)]
    lowered = text.lower()
    found += [
        f"term {t!r}" for t in ("überstech", "überstoch", "ścisł", "strenge phase") if t in lowered
    ]
    return found


@cache
def cli_output(*argv: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def hint_output(path: Path, level: int, lang: str) -> str:
    return cli_output("hint", str(path), "--level", str(level), "--lang", lang)


def rules_outputs(lang: str) -> dict[str, str]:
    """``tutor rules`` for every preset and the comparison, without the lines that show what to
    type (there a preset id belongs)."""
    runs = {"": cli_output("rules", "--lang", lang)}
    runs |= {pid: cli_output("rules", "--preset", pid, "--lang", lang) for pid in PRESETS}
    return {
        pid: "\n".join(line for line in text.splitlines() if "tutor rules --preset" not in line)
        for pid, text in runs.items()
    }


# ----------------------------------------------------------------------------- the stop list


def test_the_checks_find_what_they_look_for() -> None:
    assert problems("Trumpf ist the king of hearts") == [
        "English 'king'",
        "English 'of'",
        "English 'the'",
    ]
    assert problems("Regelsatz classic, Quelle 000_d036f4009e89b883.txt") == [
        "preset id 'classic'",
        "file name '000_d036f4009e89b883.txt'",
    ]
    assert problems("Du musst überstechen; ścisła faza") == ["term 'überstech'", "term 'ścisł'"]
    assert problems("Klassisch, Kurnik, pagat.com, Schneider, Schwarz, A 66 : B 40") == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("level", (1, 2, 3, 4))
@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_hints_read_in_the_language(path: Path, level: int, lang: str) -> None:
    text = hint_output(path, level, lang)
    assert text.count("\n") >= level
    assert not problems(text), "\n".join(problems(text)) + "\n" + text


@pytest.mark.parametrize("lang", LANGS)
def test_rules_read_in_the_language(lang: str) -> None:
    for pid, text in rules_outputs(lang).items():
        assert not problems(text), f"{pid or 'comparison'}: " + "\n".join(problems(text))


@pytest.mark.parametrize(
    ("lang", "titles", "letters"),
    [
        ("de", ("Klassisch", "Verschärft", "32 Karten"), "A 10 K D B 9"),
        ("pl", ("Klasyczne", "Zaostrzone", "32 karty"), "A 10 K D W 9"),
    ],
)
def test_rules_name_presets_sources_and_ranks_in_the_language(
    lang: str, titles: tuple[str, ...], letters: str
) -> None:
    tr = get_translator(lang)
    comparison = cli_output("rules", "--lang", lang)
    for title in titles:
        assert f"    {title} " in comparison  # a preset's row
    classic = cli_output("rules", "--preset", "classic", "--lang", lang)
    assert classic.splitlines()[0].endswith(preset_name("classic", tr))
    assert source_name(SRC_000, tr) in classic
    assert letters in classic and "Q J" not in classic
    # the id appears only in the line that says what to type
    typed = [line for line in comparison.splitlines() if "sharpened" in line]
    assert typed == [f"  {preset_name('sharpened', tr)}: tutor rules --preset sharpened"]


def test_every_preset_and_source_has_a_name_in_words() -> None:
    every = [*PRESETS, *TABLE_PRESETS]
    assert set(PRESET_NAMES) == set(every)
    assert set(SOURCE_NAMES) == set(SOURCE_TAGS) == set(SOURCES)
    for lang in LANGS:
        tr = get_translator(lang)
        names = [preset_name(pid, tr) for pid in every]
        assert len(set(names)) == len(names) and not set(names) & PRESET_IDS
        for src in SOURCES:
            assert source_name(src, tr) != src and source_tag(src, tr) != src


def test_a_rule_spec_is_named_as_it_was_typed() -> None:
    text = cli_output("rules", "--preset", "kurnik(target=61)", "--lang", "de")
    assert text.splitlines()[0] == "Regeln: kurnik(target=61)"
    assert "Nötige Augen für den Gewinn eines Spiels: 61" in text


# ----------------------------------------------------------------------------- numbers


@pytest.mark.parametrize("lang", LANGS)
def test_fractional_values_are_written_with_a_decimal_comma(lang: str) -> None:
    text = hint_output(ROOT / "positions" / "ex1-start-a.json", 4, lang)  # sampled: means
    assert re.search(r"\d,\d", text)
    assert not re.search(r"\d\.\d", text), text
    # a mean below nought has a minus sign, as the coach writes it, never a hyphen
    assert "\u2212" in text and not re.search(r"(^|\s)-\d", text), text


# ----------------------------------------------------------------------------- lists and labels


def _list_items(text: str) -> list[str]:
    """The items of the German lists and labels in a hint: after "Jetzt erlaubt:",
    "Erlaubt:", "Nicht erlaubt:", "Vorschlag:", and the moves of "Alle erlaubten Züge:"."""
    items = []
    for label in ("Jetzt erlaubt: ", "Erlaubt: ", "Nicht erlaubt: ", "Vorschlag: "):
        for m in re.finditer(re.escape(label) + r"([^.]*)\.", text):
            items += m.group(1).split(", ")
    every = text.split("Alle erlaubten Züge:\n", 1)
    if len(every) == 2:
        items += [
            line.strip().split(":")[0] for line in every[1].splitlines() if line[:4] == "    "
        ]
    return items


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_list_labels_carry_no_german_article(path: Path) -> None:
    items = _list_items(hint_output(path, 4, "de"))
    assert items
    assert not [i for i in items if i.startswith(ARTICLES)], items


def test_lists_name_cards_and_moves_without_an_article() -> None:
    de = get_translator("de")
    assert move_item(parse_move("10c"), de) == "Kreuz-Zehn"
    assert [move_item(parse_move(m), de) for m in ("close", "out", "exchange")] == [
        "Zudrehen",
        "Ausmelden",
        "Trumpftausch",
    ]
    text = hint_output(ROOT / "positions" / "ex1-start.yaml", 4, "de")
    assert "Jetzt erlaubt: Kreuz-Zehn, Kreuz-König, Kreuz-Dame, Herz-Zehn" in text
    assert "Zudrehen, Ausmelden." in text and "Vorschlag: Herz-Zehn." in text


# ----------------------------------------------------------------------------- sentences


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_move_is_said_to_the_player(lang: str) -> None:
    text = hint_output(ROOT / "positions" / "count-to-66.json", 3, lang)
    refusal = next(
        line for line in text.splitlines() if "Pik-König." in line or "król pik." in line
    )
    if lang == "de":
        assert "Du hast keine Karte der ausgespielten Farbe" in refusal and "A hat" not in refusal
    else:
        assert "Nie masz karty w kolorze wyjścia" in refusal and "A nie ma" not in refusal


def test_the_closer_is_you_when_you_closed() -> None:
    text = hint_output(ROOT / "positions" / "must-head.yaml", 1, "de")
    assert "Du hast zugedreht." in text and "A hat" not in text


@pytest.mark.parametrize(
    ("move", "legal", "want"),
    [
        ("9s", False, "Die Pik-Neun darf nicht gespielt werden."),
        ("As", True, "Das Pik-Ass darf gespielt werden."),
        ("marry Qc", False, "Mit der Kreuz-Dame darf nicht gemeldet werden."),
        ("exchange", False, "Die Trumpfkarte darf nicht getauscht werden."),
    ],
)
def test_a_verdict_is_a_plain_sentence_about_the_move(move: str, legal: bool, want: str) -> None:
    assert verdict_head(parse_move(move), legal, get_translator("de")) == want


def test_scoring_rules_name_schneider_in_parentheses_and_count_game_points() -> None:
    pl, de = get_translator("pl"), get_translator("de")
    text = rule_text("score.schwarz", preset("kurnik"), pl)
    assert "(Schwarz)" in text and "jest to" not in text and source_name(SRC_001, pl) in text
    text = rule_text("score.schneider", preset("kurnik"), pl)
    assert "(Schneider)" in text and "jest to" not in text
    simple = rule_text("score.simple", preset("classic"), de)
    assert "1 Siegpunkt." in simple and "(e)" not in simple


def test_hints_name_ranks_by_the_chosen_pack() -> None:
    idea = Idea("idea.keeps_marriage", (("suit", Suit.CLUBS), ("points", 20)))
    french = idea_text(idea, get_translator("de"))
    german = idea_text(idea, get_translator("de", "german"))
    assert "die Dame" in french and "den Ober" in german and "Eichel" in german


def test_the_rank_to_exchange_is_named_in_words() -> None:
    sw = preset("sharpened").switch("exchange.rank")
    assert switch_value_text(sw, get_translator("de")) == "Bube"
    assert switch_value_text(sw, get_translator("pl", "german")) == "niżnik"


def test_the_duty_to_head_is_said_to_the_player_with_the_cards_by_name() -> None:
    s = position(
        "kurnik",
        ["close", "Kh"],
        hands=("Kh Qh 9d Ac 10c 9s", "Ah Jh Kc Qc 10s Js"),
        trump_card="Ad",
        stock="Jc 9c As Ks Qs 10h 10d Kd Qd Jd 9h",
    )
    assert not check(s, parse_move("Jh")).legal
    text = hint(s, 3, get_translator("de")).text
    assert "Du musst den Herz-König übernehmen (höher bedienen). Erlaubt: Herz-Ass." in text
    assert "Jetzt erlaubt: Herz-Ass." in text and "Jh" not in text

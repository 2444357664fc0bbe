"""Every rule id of the engine has words in every language, citing the preset's source."""

from __future__ import annotations

import pytest
from conftest import EX2, EX2_MOVES, position

from tutor.engine import (
    PRESETS,
    RULE_SWITCH,
    Card,
    Play,
    check,
    legal_moves,
    parse_move,
    play_moves,
    preset,
    switch_ids,
)
from tutor.words.explain import (
    RULE_TEXTS,
    SWITCH_NAMES,
    VALUE_TEXTS,
    describe_move,
    describe_outcome,
    explain_verdict,
    move_item,
    move_phrase,
    number,
    percent,
    rule_line,
    rule_source,
    rule_text,
    sentence,
    source_name,
    switch_value_text,
    verdict_head,
)
from tutor.words.i18n import LANGUAGES, get_translator

D1 = dict(
    hands=("Kh Qh 9d Ac 10c 9s", "Ah Jh Kc Qc 10s Js"),
    trump_card="Ad",
    stock="Jc 9c As Ks Qs 10h 10d Kd Qd Jd 9h",
)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_rule_id_renders_with_its_source(lang: str, name: str) -> None:
    tr = get_translator(lang)
    rules = preset(name)
    for rid in RULE_SWITCH:
        text = rule_text(rid, rules, tr)
        assert source_name(rule_source(rid, rules), tr) in text
        assert ".txt" not in text  # a source by its name, not its file
        assert "{" not in text and len(text) > 20


def test_every_switch_has_a_name_and_its_values_have_words() -> None:
    assert set(SWITCH_NAMES) == set(switch_ids())
    tr = get_translator("en")
    for rules in PRESETS.values():
        for sw in rules.switches():
            if sw.text_value in VALUE_TEXTS:
                assert switch_value_text(sw, tr) != sw.text_value


def test_a_switch_id_as_rule_reads_as_name_and_value() -> None:
    text = rule_text("phase2.duty", preset("classic"), get_translator("en"))
    assert "follow suit, else trump" in text and "the German article" in text


def test_heading_duty_names_the_card_that_must_be_played() -> None:
    s = position("kurnik", ["close", "Kh"], **D1)
    text = explain_verdict(check(s, Play(Card.parse("Jh"))), s.rules, get_translator("en"))
    assert "may not be played" in text and "ace of hearts" in text
    assert "66-sznap on Kurnik" in text
    classic = position("classic", ["close", "Kh"], **D1)
    ok = explain_verdict(
        check(classic, Play(Card.parse("Jh"))), classic.rules, get_translator("en")
    )
    assert "may be played" in ok and "the German article" in ok


def test_marriage_after_closing_under_kurnik_cites_kurnik() -> None:
    s = position("kurnik", EX2_MOVES[:4], **EX2)
    text = explain_verdict(check(s, parse_move("marry Qd")), s.rules, get_translator("en"))
    assert "closed" in text and "66-sznap on Kurnik" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_moves_and_outcomes_are_described_in_every_language(lang: str) -> None:
    tr = get_translator(lang)
    s = position("classic", **EX2)
    for m in EX2_MOVES:
        move = parse_move(m)
        assert move in legal_moves(s)
        line = describe_move(s, move, tr)
        assert line and "{" not in line
        s = play_moves(s, [m])
    assert s.result is not None
    text = describe_outcome(s.result, s.rules, tr)
    assert "75" in text and "3" in text


def test_no_rule_text_is_left_without_a_rule_id() -> None:
    assert set(RULE_TEXTS) >= {
        r for r in RULE_SWITCH if r not in ("phase2.lower", "phase2.trump", "phase2.any")
    }


# ----------------------------------------------------------------------------- phrases

MOVES = ("Qh", "marry Qh", "marry Qh out", "exchange", "close", "out")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_of_move_has_a_phrase_an_item_and_a_verdict(lang: str) -> None:
    tr = get_translator(lang)
    phrases = [move_phrase(parse_move(m), tr) for m in MOVES]
    items = [move_item(parse_move(m), tr) for m in MOVES]
    verdicts = [verdict_head(parse_move(m), ok, tr) for m in MOVES for ok in (True, False)]
    for text in (*phrases, *items, *verdicts):
        assert text and "{" not in text
    assert len(set(phrases)) == len(set(items)) == len(MOVES)
    assert len(set(verdicts)) == 2 * len(MOVES)
    assert not any(v[:1].islower() for v in verdicts)
    assert phrases[0] == tr.card(Card.parse("Qh"))
    assert items[0] == tr.card(Card.parse("Qh"), "bare")


def test_a_verdict_opens_with_whether_the_move_may_be_made() -> None:
    tr = get_translator("en")
    s = position("classic", **D1)
    move = parse_move("marry Qh")
    assert explain_verdict(check(s, move), s.rules, tr).startswith(verdict_head(move, False, tr))


def test_sentence_capitalises_only_the_first_letter() -> None:
    assert sentence("the ace of hearts. the ten") == "The ace of hearts. the ten"
    assert sentence("") == ""


@pytest.mark.parametrize(
    ("lang", "value", "share", "want_number", "want_percent"),
    [
        ("en", 1234.5678, 0.934, "1,234.57", "93%"),
        ("de", 1234.5678, 0.934, "1.234,57", "93\xa0%"),
        ("pl", 1234.5678, 0.934, "1\xa0234,57", "93%"),
        ("en", -0.5, 0.004, "-0.5", "0%"),
        ("de", 3.0, 1.0, "3", "100\xa0%"),
    ],
)
def test_numbers_and_percentages_are_written_as_the_language_writes_them(
    lang: str, value: float, share: float, want_number: str, want_percent: str
) -> None:
    tr = get_translator(lang)
    assert number(value, tr) == want_number
    assert percent(share, tr) == want_percent


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_line_says_every_rule_and_switch_with_its_source(lang: str) -> None:
    tr = get_translator(lang)
    for name in sorted(PRESETS):
        rules = preset(name)
        for rid in (*RULE_SWITCH, *RULE_TEXTS, *switch_ids()):
            assert rule_line(rid, rules, tr) == rule_text(rid, rules, tr)
    assert rule_line("no.such.rule", preset("classic"), tr) == ""

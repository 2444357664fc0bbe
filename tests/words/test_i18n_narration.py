"""Card names for lists and labels, per-pack names, rank letters, narration placeholders that
follow the pack and open sentences with a capital, and decimals written as each language
writes them."""

from __future__ import annotations

import pytest

from tests.words.test_i18n import _translator_with
from tutor.engine import Card, Rank, Suit
from tutor.words.i18n import (
    CASES,
    PLURAL_CASES,
    get_translator,
    is_declinable,
    narration_problems,
    split_case,
)

QS, TEN_H, JD = Card.parse("Qs"), Card.parse("10h"), Card.parse("Jd")


@pytest.mark.parametrize(
    ("lang", "style", "card", "bare"),
    [
        ("de", "french", QS, "Pik-Dame"),
        ("de", "german", QS, "Grün-Ober"),
        ("de", "french", TEN_H, "Herz-Zehn"),
        ("pl", "french", QS, "dama pik"),
        ("pl", "german", JD, "niżnik dzwonka"),
        ("en", "french", TEN_H, "ten of hearts"),
        ("en", "german", QS, "Ober of leaves"),
    ],
)
def test_the_bare_name_has_no_article(lang: str, style: str, card: Card, bare: str) -> None:
    tr = get_translator(lang, style)
    assert tr.card(card, "bare") == bare
    assert tr.card(card, "nom").endswith(bare)


def test_german_names_carry_their_article_in_every_case_but_the_bare_one() -> None:
    de = get_translator("de")
    for card in (QS, TEN_H, JD, Card.parse("Ac")):
        for case in CASES[:-1]:
            assert de.card(card, case).split(" ")[0] in {"der", "die", "das", "den", "dem", "des"}
        assert " " not in de.card(card, "bare")


@pytest.mark.parametrize(
    ("style", "card", "case", "expected"),
    [
        # Polish: the German-suited pack takes the suit in the genitive ("as żołędzia"), the
        # French-suited one the indeclinable suit ("as trefl").
        ("german", Card.parse("Ac"), "nom", "as żołędzia"),
        ("german", Card.parse("Ks"), "ins", "królem wina"),
        ("german", Card.parse("Qh"), "acc", "wyżnika czerwieni"),
        ("german", Card.parse("10d"), "gen", "dziesiątki dzwonka"),
        ("french", Card.parse("Ac"), "nom", "as trefl"),
        ("french", QS, "ins", "damą pik"),
        ("french", Card.parse("10d"), "loc", "dziesiątce karo"),
    ],
)
def test_polish_card_names_per_pack(style: str, card: Card, case: str, expected: str) -> None:
    assert get_translator("pl", style).card(card, case) == expected


@pytest.mark.parametrize(
    ("lang", "style", "letters"),
    [
        ("de", "french", "A 10 K D B 9 8 7"),
        ("pl", "french", "A 10 K D W 9 8 7"),
        ("en", "french", "A 10 K Q J 9 8 7"),
        ("de", "german", "A 10 K O U 9 8 7"),
        ("pl", "german", "A 10 K W N 9 8 7"),
        ("en", "german", "A 10 K O U 9 8 7"),
    ],
)
def test_rank_letters_per_language_and_pack(lang: str, style: str, letters: str) -> None:
    tr = get_translator(lang, style)
    assert " ".join(tr.rank_letter(r) for r in Rank) == letters


def test_short_card_names() -> None:
    assert get_translator("de").card_short(QS) == "D\u2660"
    assert get_translator("pl").card_short(JD) == "W\u2666"
    assert get_translator("en").card_short(TEN_H) == "10\u2665"
    assert get_translator("de", "german").card_short(QS) == "Grün-Ober"


def test_polish_suits_have_plural_cases() -> None:
    pl = get_translator("pl")
    assert [pl.suit(Suit.HEARTS, c) for c in PLURAL_CASES] == [
        "kiery", "kierów", "kierom", "kiery", "kierami", "kierach",
    ]  # fmt: skip
    assert get_translator("pl", "german").suit(Suit.CLUBS, "accpl") == "żołędzie"
    with pytest.raises(ValueError, match="accpl"):
        pl.card(QS, "accpl")


# -- narration placeholders ----------------------------------------------------------------------

MSG = "{player} leads {Qs}. {Kc} wins. Hearts: {hearts_nompl}."
DE = "{player} spielt {Qs_acc} aus. Mit {Kc_dat} holt sich B den Stich. {hearts} ist Trumpf."


@pytest.mark.parametrize(
    ("lang", "style", "msgstr", "expected"),
    [
        # Polish instrumental for leading, German accusative and dative, in both packs.
        (
            "pl", "french",
            "{player} wychodzi {Qs_ins}. {Kc} bierze lewę. Atutem są {hearts_nompl}.",
            "A wychodzi damą pik. Król trefl bierze lewę. Atutem są kiery.",
        ),
        (
            "pl", "german",
            "{player} wychodzi {Qs_ins}. {Kc} bierze lewę. Atutem są {hearts_nompl}.",
            "A wychodzi wyżnikiem wina. Król żołędzia bierze lewę. Atutem są czerwienie.",
        ),
        (
            "de", "french", DE,
            "A spielt die Pik-Dame aus. Mit dem Kreuz-König holt sich B den Stich. "
            "Herz ist Trumpf.",
        ),
        (
            "de", "german", DE,
            "A spielt den Grün-Ober aus. Mit dem Eichel-König holt sich B den Stich. "
            "Herz ist Trumpf.",
        ),
        (
            "en", "german", MSG,
            "A leads the Ober of leaves. The king of acorns wins. Hearts: hearts.",
        ),
    ],
)  # fmt: skip
def test_narration_follows_the_pack_and_the_case(
    lang: str, style: str, msgstr: str, expected: str
) -> None:
    tr = _translator_with(lang, style, {MSG: msgstr})
    assert tr._(MSG, player="A") == expected


def test_a_narration_name_opens_a_sentence_with_a_capital() -> None:
    msg = "{10h} is a trump. B plays {10h_acc}.\n\n{queen} is gone, {queen} stays small."
    en = _translator_with("en", "french", {})
    assert en._(msg) == (
        "The ten of hearts is a trump. B plays the ten of hearts.\n\n"
        "The queen is gone, the queen stays small."
    )
    # A quotation mark before the name does not stop it from opening the sentence.
    assert en._("„{Qs} is gone.“") == "„The queen of spades is gone.“"


def test_a_parameter_name_is_capitalised_only_after_a_sentence() -> None:
    # A message may be part of a longer sentence, so a parameter at its start stays as it is.
    msg = "{card} is led. {card2} beats it."
    tr = _translator_with("de", "french", {msg: "{card} wird ausgespielt. {card2} schlägt sie."})
    assert tr._(msg, card=QS, card2=Card.parse("Ks")) == (
        "die Pik-Dame wird ausgespielt. Der Pik-König schlägt sie."
    )


def test_a_message_without_parameters_keeps_its_text() -> None:
    en = get_translator("en")
    assert en._("Next") == "Next"


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ("A leads {Qs_ins} and {10h_bare}; {clubs_genpl}, {ace_dat}.", []),
        ("{Qx} {queen_accpl} {player}", ["{Qx}", "{queen_accpl}", "{player}"]),
        ("a {Qs} b }", ["}"]),
        ("a {Qs b", ["{Qs b"]),
        ("{Qs_vocative}", ["{Qs_vocative}"]),
    ],
)
def test_narration_problems(text: str, problems: list[str]) -> None:
    assert narration_problems(text) == problems


def test_narration_names_are_declinable_placeholders() -> None:
    assert is_declinable("Qs") and is_declinable("10h") and is_declinable("diamonds")
    assert not is_declinable("player") and not is_declinable("QS")
    assert split_case("clubs_inspl") == ("clubs", "inspl")


# -- numbers -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"), [("de", "im Schnitt 1,25"), ("pl", "średnio 1,25"), ("en", "mean 1.25")]
)
def test_a_float_parameter_is_written_with_the_languages_decimal_mark(
    lang: str, expected: str
) -> None:
    msg = "mean {x}"
    word = {"de": "im Schnitt {x}", "pl": "średnio {x}", "en": msg}[lang]
    tr = _translator_with(lang, "french", {msg: word})
    assert tr._(msg, x=1.25) == expected
    assert tr._(msg, x=2.0).endswith(" 2")
    assert tr._(msg, x=1234.5).endswith(
        {"de": "1.234,5", "pl": "1\xa0234,5", "en": "1,234.5"}[lang]
    )

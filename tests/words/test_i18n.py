"""The translator: language negotiation, card names in grammatical cases, plural forms."""

from __future__ import annotations

import doctest
import gettext
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutor.engine import CARDS, Card, Rank, Suit
from tutor.words import i18n
from tutor.words.i18n import (
    CASES,
    DEFAULT_LANGUAGE,
    LANGUAGES,
    PACK_STYLES,
    TERMS,
    UNITS,
    UnknownLanguageError,
    UnknownPackStyleError,
    build_translator,
    get_translator,
    negotiate,
)


def test_doctests() -> None:
    assert doctest.testmod(i18n).failed == 0


# -- negotiation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("explicit", "accept", "expected"),
    [
        ("de", None, "de"),
        ("pl", "de-DE,de;q=0.9", "pl"),
        ("en", "pl", "en"),
        ("pl-PL", None, "pl"),
        ("DE_at", None, "de"),
        (None, "pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", "pl"),
        (None, "de-CH", "de"),
        (None, "fr-FR,fr;q=0.9,de;q=0.8,pl;q=0.7", "de"),
        (None, "en;q=0.3, pl;q=0.8, de;q=0.5", "pl"),
        (None, "de;q=0.2, pl", "pl"),
        (None, "pl;q=0, de;q=0.1", "de"),
        (None, "en;q=0, *;q=0.5", "de"),
        (None, "fr, it;q=0.8", DEFAULT_LANGUAGE),
        (None, "de;q=nonsense, pl;q=0.4", "pl"),
        (None, ";;, ,q=1", DEFAULT_LANGUAGE),
        (None, "", DEFAULT_LANGUAGE),
        (None, None, DEFAULT_LANGUAGE),
        ("", "pl", "pl"),
        ("  ", None, DEFAULT_LANGUAGE),
    ],
)
def test_negotiate(explicit: str | None, accept: str | None, expected: str) -> None:
    assert negotiate(explicit, accept) == expected


@pytest.mark.parametrize("code", ["fr", "xx-YY", "english", "p"])
def test_explicit_unknown_language_raises(code: str) -> None:
    with pytest.raises(UnknownLanguageError) as info:
        negotiate(code, "pl")
    message = str(info.value)
    assert code in message
    assert all(lang in message for lang in LANGUAGES)
    assert isinstance(info.value, ValueError)


def test_get_translator_rejects_unknown_language_and_style() -> None:
    with pytest.raises(UnknownLanguageError):
        get_translator("fr")
    with pytest.raises(UnknownPackStyleError) as info:
        get_translator("de", style="tarot")
    assert all(style in str(info.value) for style in PACK_STYLES)


def test_get_translator_reads_region_codes_and_caches() -> None:
    assert get_translator("pl-PL") is get_translator("pl")
    assert get_translator("de", "german") is get_translator("de", style="german")
    assert get_translator("de", "german") is not get_translator("de")
    assert get_translator("pl").lang == "pl"
    assert get_translator("de", "german").style == "german"
    assert get_translator().lang == DEFAULT_LANGUAGE


# -- card names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "style", "card", "case", "expected"),
    [
        ("en", "french", "10h", "nom", "the ten of hearts"),
        ("en", "french", "Qc", "ins", "the queen of clubs"),
        ("en", "french", "Ad", "gen", "the ace of diamonds"),
        ("en", "german", "Qc", "nom", "the Ober of acorns"),
        ("en", "german", "Jd", "acc", "the Unter of bells"),
        ("en", "german", "As", "nom", "the Deuce of leaves"),
        ("de", "french", "Kc", "nom", "der Kreuz-König"),
        ("de", "french", "Kc", "acc", "den Kreuz-König"),
        ("de", "french", "Kc", "dat", "dem Kreuz-König"),
        ("de", "french", "Kc", "gen", "des Kreuz-Königs"),
        ("de", "french", "Qc", "acc", "die Kreuz-Dame"),
        ("de", "french", "Qc", "dat", "der Kreuz-Dame"),
        ("de", "french", "Ah", "nom", "das Herz-Ass"),
        ("de", "french", "Ah", "gen", "des Herz-Asses"),
        ("de", "french", "Js", "nom", "der Pik-Bube"),
        ("de", "french", "Js", "acc", "den Pik-Buben"),
        ("de", "french", "10d", "nom", "die Karo-Zehn"),
        ("de", "french", "9d", "dat", "der Karo-Neun"),
        ("de", "french", "Qs", "ins", "der Pik-Dame"),
        ("de", "german", "Qc", "acc", "den Eichel-Ober"),
        ("de", "german", "Jd", "nom", "der Schellen-Unter"),
        ("de", "german", "As", "nom", "das Grün-Daus"),
        ("de", "german", "Kh", "gen", "des Herz-Königs"),
        ("pl", "french", "Qc", "nom", "dama trefl"),
        ("pl", "french", "Qc", "ins", "damą trefl"),
        ("pl", "french", "Qc", "acc", "damę trefl"),
        ("pl", "french", "Qc", "gen", "damy trefl"),
        ("pl", "french", "Kh", "ins", "królem kier"),
        ("pl", "french", "As", "acc", "asa pik"),
        ("pl", "french", "Jd", "dat", "waletowi karo"),
        ("pl", "french", "10h", "loc", "dziesiątce kier"),
        ("pl", "french", "9s", "ins", "dziewiątką pik"),
        ("pl", "german", "Qc", "nom", "wyżnik żołędzia"),
        ("pl", "german", "Jd", "ins", "niżnikiem dzwonka"),
        ("pl", "german", "Ah", "gen", "asa czerwieni"),
    ],
)
def test_card_names(lang: str, style: str, card: str, case: str, expected: str) -> None:
    assert get_translator(lang, style).card(Card.parse(card), case) == expected


@pytest.mark.parametrize("style", PACK_STYLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_distinct_name_in_every_case(lang: str, style: str) -> None:
    tr = get_translator(lang, style)
    for case in CASES:
        names = [tr.card(card, case) for card in CARDS]
        assert len(set(names)) == len(CARDS), (case, names)
        for card, name in zip(CARDS, names, strict=True):
            assert name.strip() == name and name
            assert "{" not in name and "}" not in name
            assert any(tr.suit(card.suit, c) in name for c in CASES)
    for case in CASES:
        assert len({tr.suit(suit, case) for suit in Suit}) == 4
        assert len({tr.rank(rank, case) for rank in Rank}) == 8


@pytest.mark.parametrize(
    ("lang", "style", "suits", "ranks"),
    [
        ("en", "french", ["clubs", "spades", "hearts", "diamonds"], ["the ace", "the queen"]),
        ("en", "german", ["acorns", "leaves", "hearts", "bells"], ["the Deuce", "the Ober"]),
        ("de", "french", ["Kreuz", "Pik", "Herz", "Karo"], ["das Ass", "die Dame"]),
        ("de", "german", ["Eichel", "Grün", "Herz", "Schellen"], ["das Daus", "der Ober"]),
        ("pl", "french", ["trefl", "pik", "kier", "karo"], ["as", "dama"]),
        ("pl", "german", ["żołądź", "wino", "czerwień", "dzwonek"], ["as", "wyżnik"]),
    ],
)
def test_suit_and_rank_names(lang: str, style: str, suits: list[str], ranks: list[str]) -> None:
    tr = get_translator(lang, style)
    assert [tr.suit(suit) for suit in Suit] == suits
    assert [tr.rank(Rank.ACE), tr.rank(Rank.QUEEN)] == ranks


def test_declined_suits_and_ranks() -> None:
    pl = get_translator("pl")
    assert pl.suit(Suit.HEARTS, "ins") == "kierem"
    assert pl.suit(Suit.CLUBS, "acc") == "trefla"
    assert pl.rank(Rank.QUEEN, "ins") == "damą"
    assert get_translator("pl", "german").suit(Suit.HEARTS, "ins") == "czerwienią"
    de = get_translator("de")
    assert de.rank(Rank.KING, "acc") == "den König"
    assert de.rank(Rank.JACK, "dat") == "dem Buben"
    assert de.name(Card.parse("Jh"), "acc") == "den Herz-Buben"
    assert de.name(Suit.SPADES) == "Pik"
    assert de.name(Rank.TEN, "gen") == "der Zehn"


def test_unknown_case_is_rejected() -> None:
    with pytest.raises(ValueError, match="ins"):
        get_translator("pl").card(Card.parse("Qc"), "vocative")


# -- messages with parameters -----------------------------------------------------------------


def _translator_with(lang: str, style: str, extra: dict[str, str]) -> i18n.Translator:
    """The real catalog of ``lang`` plus some messages, compiled as the tutor does."""
    with i18n.po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=i18n.DOMAIN)
    for msgid, msgstr in extra.items():
        catalog.add(msgid, msgstr)
    buf = BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return build_translator(lang, style, gettext.GNUTranslations(buf))


LEADS = "{player} leads {card}"


@pytest.mark.parametrize(
    ("lang", "style", "msgstr", "expected"),
    [
        ("en", "french", LEADS, "A leads the queen of clubs"),
        ("pl", "french", "{player} wychodzi {card_ins}", "A wychodzi damą trefl"),
        ("de", "french", "{player} spielt {card_acc} aus", "A spielt die Kreuz-Dame aus"),
        ("de", "german", "{player} spielt {card_acc} aus", "A spielt den Eichel-Ober aus"),
        ("pl", "german", "{player} wychodzi {card_ins}", "A wychodzi wyżnikiem żołędzia"),
    ],
)
def test_translation_chooses_the_case(lang: str, style: str, msgstr: str, expected: str) -> None:
    tr = _translator_with(lang, style, {LEADS: msgstr})
    assert tr._(LEADS, player="A", card=Card.parse("Qc")) == expected


def test_suits_ranks_and_other_values_in_messages() -> None:
    msgid = "{trump} is trumps; {rank} of {suit} counts {points:d}"
    tr = _translator_with(
        "pl", "french", {msgid: "atutem jest {trump}; {rank} {suit_gen} liczy się za {points:d}"}
    )
    text = tr._(msgid, trump=Suit.HEARTS, rank=Rank.KING, suit=Suit.SPADES, points=4)
    assert text == "atutem jest kier; król pika liczy się za 4"


def test_broken_translation_falls_back_to_english() -> None:
    tr = _translator_with("de", "french", {LEADS: "{spieler} spielt {card_acc} aus"})
    assert tr._(LEADS, player="A", card=Card.parse("Kc")) == "A leads the king of clubs"


def test_untranslated_message_is_given_whole_in_english() -> None:
    pl = get_translator("pl")
    text = pl._("Nobody has translated: {player} takes {card}", player="B", card=Card.parse("Qc"))
    assert text == "Nobody has translated: B takes the queen of clubs"
    assert pl.n_("{n} untranslated thing", "{n} untranslated things", 5) == "5 untranslated things"
    assert pl.p_("nowhere", "untranslated {rank}", rank=Rank.ACE) == "untranslated the ace"


def test_untranslated_message_is_unformatted_without_parameters() -> None:
    tr = get_translator("pl")
    assert tr._("A message nobody has translated") == "A message nobody has translated"
    assert tr._("Literal {braces} stay") == "Literal {braces} stay"
    with pytest.raises(KeyError):
        tr._("{missing} parameter", other=1)


def test_case_suffix_on_a_value_that_is_not_a_card_is_an_error() -> None:
    with pytest.raises(KeyError):
        get_translator("en")._("{player_acc} wins", player="A")


# -- plural forms -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "0 punktów"),
        (1, "1 punkt"),
        (2, "2 punkty"),
        (4, "4 punkty"),
        (5, "5 punktów"),
        (12, "12 punktów"),
        (14, "14 punktów"),
        (22, "22 punkty"),
        (25, "25 punktów"),
        (104, "104 punkty"),
        (112, "112 punktów"),
    ],
)
def test_polish_plural_forms(n: int, expected: str) -> None:
    assert get_translator("pl").n_("{n} point", "{n} points", n) == expected


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("de", 1, "1 Stich"),
        ("de", 2, "2 Stiche"),
        ("en", 1, "1 trick"),
        ("en", 0, "0 tricks"),
        ("pl", 1, "1 lewa"),
        ("pl", 3, "3 lewy"),
        ("pl", 12, "12 lew"),
        ("pl", 22, "22 lewy"),
    ],
)
def test_quantities(lang: str, n: int, expected: str) -> None:
    assert get_translator(lang).quantity("tricks", n) == expected


def test_plural_with_more_parameters() -> None:
    tr = get_translator("pl")
    assert tr.n_("{n} point", "{n} points", 5, unused="x") == "5 punktów"
    assert set(UNITS) >= {"points", "card_points", "game_points", "tricks", "cards"}
    for unit in UNITS:
        forms = {tr.quantity(unit, n).replace(str(n), "#") for n in (1, 2, 5)}
        assert len(forms) == 3, (unit, forms)


# -- game terms -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "de", "pl"),
    [
        ("trick", "Stich", "lewa"),
        ("trump", "Trumpf", "atut"),
        ("marriage_20", "Zwanziger", "meldunek (20)"),
        ("marriage_40", "Vierziger", "meldunek atutowy (40)"),
        ("closing", "Zudrehen", "zamknięcie"),
        ("stock", "Talon", "stos"),
        ("card_points", "Augen", "punkty"),
    ],
)
def test_terms(key: str, de: str, pl: str) -> None:
    assert get_translator("de").term(key) == de
    assert get_translator("pl").term(key) == pl


def test_every_term_has_a_definition_in_every_language() -> None:
    for lang in LANGUAGES:
        tr = get_translator(lang)
        for key in TERMS:
            assert tr.term(key) and tr.term_definition(key).endswith(".")
    english = get_translator("en")
    for lang in ("de", "pl"):
        tr = get_translator(lang)
        assert all(tr.term_definition(k) != english.term_definition(k) for k in TERMS)


# -- one translator per session ---------------------------------------------------------------


def test_translators_in_different_languages_coexist() -> None:
    de, pl, en = get_translator("de"), get_translator("pl"), get_translator("en")
    card = Card.parse("Kc")
    for _ in range(2):
        assert de.card(card, "acc") == "den Kreuz-König"
        assert pl.card(card, "ins") == "królem trefl"
        assert en.card(card) == "the king of clubs"
        assert pl.n_("{n} point", "{n} points", 2) == "2 punkty"
        assert de.n_("{n} point", "{n} points", 2) == "2 Augen"
        assert en.n_("{n} point", "{n} points", 2) == "2 points"


def test_translator_is_immutable() -> None:
    tr = get_translator("pl")
    with pytest.raises(AttributeError):
        tr.lang = "de"
    assert repr(tr) == "get_translator('pl', style='french')"


def test_catalog_is_read_from_the_po_file(tmp_path: Path) -> None:
    po = tmp_path / "tutor.po"
    text = i18n.po_path("pl").read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "lewa"', 'msgstr "LEWA"'), encoding="utf-8")
    tr = build_translator("pl", "french", i18n.load_po(po, "pl"))
    assert tr.term("trick") == "LEWA"
    assert tr.card(Card.parse("Qc"), "ins") == "damą trefl"
    assert get_translator("pl").term("trick") == "lewa"
    english = build_translator("pl", "french", i18n.load_po(tmp_path / "missing.po", "pl"))
    assert english.term("trick") == "trick"
    assert english.card(Card.parse("Qc"), "ins") == "the queen of clubs"
    assert english.n_("{n} point", "{n} points", 5) == "5 points"


def test_plural_message_without_all_forms_is_given_in_english(tmp_path: Path) -> None:
    po = tmp_path / "tutor.po"
    text = i18n.po_path("pl").read_text(encoding="utf-8")
    assert 'msgstr[2] "{n} lew"' in text
    po.write_text(text.replace('msgstr[2] "{n} lew"', 'msgstr[2] ""'), encoding="utf-8")
    tr = build_translator("pl", "french", i18n.load_po(po, "pl"))
    assert tr.quantity("tricks", 2) == "2 tricks"
    assert tr.quantity("cards", 5) == "5 kart"


def test_i18n_does_not_use_global_gettext_or_streamlit() -> None:
    source = Path(i18n.__file__).read_text(encoding="utf-8")
    assert "streamlit" not in source
    assert "gettext.install" not in source

"""The glossary: every term a learner of 66 meets, named in German, Polish and English, with one
sentence that explains it and the words the rule sources use for it.

Translators and the app share it: ``tutor glossary`` prints it (``docs/glossary.md`` is its
Markdown), the app's Glossary page shows it. A term's names and its sentence are messages in
the catalogs (``TERMS`` and ``TERM_DEFINITIONS`` in :mod:`tutor.words.names`, context
``game term``); suits and ranks are named by the card names of both pack styles. What a source
says is quoted as written there and never translated.

>>> rows = glossary(get_translator("de"))
>>> trick = next(row for row in rows if row.key == "trick")
>>> trick.names["de"], trick.names["pl"], trick.names["en"]
('Stich', 'lewa', 'trick')
>>> [(s.source[:3], s.lang, s.words) for s in trick.sources][:2]
[('000', 'de', ('Stich',)), ('001', 'pl', ('lewa',))]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from tutor.engine import SRC_000, SRC_001, SRC_002, SRC_003, SRC_004, SRC_PAGAT, Rank, Suit
from tutor.msgid import N_, NP_
from tutor.words.i18n import LANGUAGES, Translator, get_translator
from tutor.words.names import TERM_DEFINITIONS
from tutor.words.rule_texts import source_name as source_name

#: The groups of the glossary, in reading order, with their titles.
GROUPS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "cards": N_("The cards"),
        "dealing": N_("Dealing and the stock"),
        "play": N_("Playing a trick"),
        "marriages": N_("Marriages and the trump exchange"),
        "scoring": N_("Going out and scoring"),
        "presets": N_("Presets"),
    }
)

#: What the glossary is, for its readers.
INTRO: Final = N_(
    "The words of 66 in German, Polish and English: what each term means, and the words the "
    "rule sources use for it, quoted as they write them. Translators and the tutor use the "
    "same words."
)

#: The language each source is written in (its quotes are marked with it).
SOURCE_LANGUAGES: Final[Mapping[str, str]] = MappingProxyType(
    {SRC_000: "de", SRC_001: "pl", SRC_002: "de", SRC_003: "de", SRC_004: "de", SRC_PAGAT: "en"}
)

# A suit or rank named in the French-suited pack, then in the German-suited one where that differs.
BOTH_PACKS: Final = NP_("glossary", "{french} ({german})")
# A quotation from a source, in the reader's quotation marks.
QUOTED: Final = NP_("glossary", "“{words}”")


@dataclass(frozen=True)
class Quote:
    """Words a source uses for a term, exactly as the source writes them."""

    source: str  # a source id of the engine (SRC_000 ...)
    words: str


@dataclass(frozen=True)
class Term:
    """One entry of the glossary: its key (in ``TERM_DEFINITIONS``, and in ``TERMS`` unless
    it is a suit or a rank), its group and what the sources say."""

    key: str
    group: str
    quotes: tuple[Quote, ...]
    card: Suit | Rank | None = None  # a suit or rank is named by the card names


def _q(*pairs: tuple[str, str]) -> tuple[Quote, ...]:
    return tuple(Quote(source, words) for source, words in pairs)


#: Every term, in reading order.
GLOSSARY: Final[tuple[Term, ...]] = (
    # -- the cards
    Term(
        "french_pack",
        "cards",
        _q((SRC_000, "Kreuz, Pik, Herz, Karo"), (SRC_004, "mit französischem Bild")),
    ),
    Term(
        "german_pack",
        "cards",
        _q(
            (SRC_003, "König und Ober bzw. Dame"),
            (SRC_004, "mit deutschem Bild"),
            (SRC_004, "das As (Daus)"),
        ),
    ),
    Term("clubs", "cards", _q((SRC_000, "Kreuz"), (SRC_004, "Kreuz")), Suit.CLUBS),
    Term("spades", "cards", _q((SRC_000, "Pik"), (SRC_004, "Pik")), Suit.SPADES),
    Term("hearts", "cards", _q((SRC_000, "Herz"), (SRC_004, "Herz")), Suit.HEARTS),
    Term(
        "diamonds",
        "cards",
        _q((SRC_000, "Karo"), (SRC_000, "Eckstein"), (SRC_004, "Karo")),
        Suit.DIAMONDS,
    ),
    Term(
        "ace",
        "cards",
        _q(
            (SRC_000, "As = 11"),
            (SRC_001, "as -- 11 pkt."),
            (SRC_002, "Ass = 11 Punkte"),
            (SRC_004, "das As (Daus) zählt 11"),
        ),
        Rank.ACE,
    ),
    Term(
        "ten",
        "cards",
        _q((SRC_000, "Zehn = 10"), (SRC_001, "10 -- 10 pkt."), (SRC_004, "die Zehn zählt 10")),
        Rank.TEN,
    ),
    Term(
        "king",
        "cards",
        _q(
            (SRC_000, "König = 4"),
            (SRC_001, "król -- 4 pkt."),
            (SRC_003, "K"),
            (SRC_004, "der König 4"),
        ),
        Rank.KING,
    ),
    Term(
        "queen",
        "cards",
        _q(
            (SRC_000, "Dame = 3"),
            (SRC_001, "dama -- 3 pkt."),
            (SRC_003, "D"),
            (SRC_004, "die Dame (Ober) 3"),
        ),
        Rank.QUEEN,
    ),
    Term(
        "jack",
        "cards",
        _q(
            (SRC_000, "Bube = 2"),
            (SRC_000, "Bauer"),
            (SRC_001, "walet -- 2 pkt."),
            (SRC_003, "B"),
            (SRC_004, "der Bube (Unter) 2"),
        ),
        Rank.JACK,
    ),
    Term(
        "nine",
        "cards",
        _q(
            (SRC_000, "Neun = 0"),
            (SRC_001, "9 -- 0 pkt."),
            (SRC_001, "dziewiątkę"),
            (SRC_004, "die Neun zählt 0"),
        ),
        Rank.NINE,
    ),
    Term(
        "eight",
        "cards",
        _q(
            (SRC_000, "Acht und Sieben"),
            (SRC_002, "Neun, Acht sowie Sieben = 0 Punkte"),
            (SRC_003, "9, 8 und 7"),
        ),
        Rank.EIGHT,
    ),
    Term(
        "seven",
        "cards",
        _q(
            (SRC_000, "Acht und Sieben"),
            (SRC_002, "Neun, Acht sowie Sieben = 0 Punkte"),
            (SRC_003, "9, 8 und 7"),
        ),
        Rank.SEVEN,
    ),
    # -- dealing and the stock
    Term(
        "deal",
        "dealing",
        _q((SRC_000, "Spiel"), (SRC_001, "rozdanie"), (SRC_002, "Runde"), (SRC_004, "Spiel")),
    ),
    Term(
        "dealer",
        "dealing",
        _q(
            (SRC_000, "Geber"),
            (SRC_001, "rozdającym"),
            (SRC_002, "Geber"),
            (SRC_003, "Geber"),
            (SRC_004, "Geber"),
        ),
    ),
    Term(
        "forehand",
        "dealing",
        _q(
            (SRC_000, "Vorhand"),
            (SRC_001, "przeciwnik rozdającego"),
            (SRC_002, "Der Spieler links des Gebers"),
            (SRC_004, "Der Nichtgeber"),
        ),
    ),
    Term(
        "stock",
        "dealing",
        _q(
            (SRC_000, "Packen"),
            (SRC_001, "stos zakrytych"),
            (SRC_002, "Talon"),
            (SRC_002, "Ziehstapel"),
            (SRC_003, "Talon"),
            (SRC_004, "Talon"),
        ),
    ),
    Term(
        "trump_card",
        "dealing",
        _q(
            (SRC_000, "offen liegende Trumpfkarte"),
            (SRC_001, "karty wyznaczającej kolor atutowy"),
            (SRC_004, "Trumpfkarte"),
        ),
    ),
    Term(
        "trump_suit",
        "dealing",
        _q(
            (SRC_000, "Trumpffarbe"),
            (SRC_001, "kolor atutowy"),
            (SRC_002, "Trumpffarbe"),
            (SRC_004, "Trumpffarbe"),
        ),
    ),
    Term(
        "draw",
        "dealing",
        _q(
            (SRC_000, "nimmt er von dem verdeckten Packen die oberste Karte"),
            (SRC_001, "pobierają po jednej karcie"),
            (SRC_002, "nachgezogen"),
            (SRC_004, "zieht die oberste Karte vom Talon"),
        ),
    ),
    Term(
        "first_phase",
        "dealing",
        _q(
            (SRC_001, "W pierwszej z dwóch części rozgrywki"),
            (SRC_003, "weder Farb- noch Stichzwang"),
            (SRC_004, "Erste Phase"),
        ),
    ),
    Term(
        "closing",
        "dealing",
        _q(
            (SRC_000, "Ich decke!"),
            (SRC_001, "zamknąć stos"),
            (SRC_002, "Talonsperre"),
            (SRC_002, "den Talon sperrt"),
            (SRC_003, "zugekehrt"),
        ),
    ),
    Term(
        "second_phase",
        "dealing",
        _q(
            (SRC_001, "Druga część rozgrywki"),
            (SRC_002, "Talon aufgebraucht oder gesperrt"),
            (SRC_004, "Zweite Phase"),
        ),
    ),
    # -- playing a trick
    Term(
        "trick",
        "play",
        _q(
            (SRC_000, "Stich"),
            (SRC_001, "lewa"),
            (SRC_002, "Stich"),
            (SRC_003, "Stich"),
            (SRC_004, "Stich"),
        ),
    ),
    Term(
        "lead",
        "play",
        _q(
            (SRC_000, "Der Gewinner spielt auf."),
            (SRC_001, "przed wyjściem do kolejnej"),
            (SRC_003, "spielt eine Karte aus"),
            (SRC_004, "spielt zum nächsten Stich aus"),
        ),
    ),
    Term(
        "follow_suit",
        "play",
        _q(
            (SRC_000, "bedienen"),
            (SRC_000, "bekennen"),
            (SRC_001, "dokładania kart do koloru"),
            (SRC_002, "Farbe bekennen"),
            (SRC_002, "Farbzwang"),
            (SRC_004, "Farbe bedienen"),
        ),
    ),
    Term(
        "head_trick",
        "play",
        _q(
            (SRC_001, "obowiązku przebijania"),
            (SRC_001, "musi wyłożyć starszą kartę w tym samym kolorze"),
            (SRC_002, "Stichzwang"),
            (SRC_003, "mit einer höheren Karte der angespielten Farbe stechen"),
            (SRC_004, "den Stich nehmen"),
        ),
    ),
    Term(
        "trump",
        "play",
        _q(
            (SRC_000, "Trumpf"),
            (SRC_001, "dowolną atutową"),
            (SRC_003, "Trumpf"),
            (SRC_004, "Trumpf"),
        ),
    ),
    Term(
        "trumping",
        "play",
        _q(
            (SRC_000, "trumpfen"),
            (SRC_001, "dokłada dowolną atutową"),
            (SRC_002, "mit Trumpf stechen"),
            (SRC_003, "mit einer Trumpfkarte stechen"),
            (SRC_004, "trumpfen"),
        ),
    ),
    Term("overtrump", "play", _q((SRC_001, "musi wyłożyć starszą atutową"))),
    Term(
        "discard",
        "play",
        _q(
            (SRC_000, "abwerfen"),
            (SRC_001, "może wyłożyć dowolną kartę"),
            (SRC_003, "zugeben"),
            (SRC_003, "abwerfen"),
            (SRC_004, "abwerfen"),
        ),
    ),
    Term(
        "last_trick",
        "play",
        _q((SRC_000, "letzten Stich"), (SRC_001, "ostatniej lewy"), (SRC_002, "Letzter Stich")),
    ),
    # -- marriages and the trump exchange
    Term(
        "marriage",
        "marriages",
        _q(
            (SRC_000, "Heirat"), (SRC_001, "meldunek"), (SRC_003, "Ansage"), (SRC_004, "Hochzeiten")
        ),
    ),
    Term(
        "marriage_20",
        "marriages",
        _q(
            (SRC_000, "20 melden"),
            (SRC_001, "a za zwykły 20"),
            (SRC_002, "Zwanziger"),
            (SRC_003, "Zwanziger"),
        ),
    ),
    Term(
        "marriage_40",
        "marriages",
        _q(
            (SRC_000, "40 melden"), (SRC_001, "meldunek w kolorze atutowym"), (SRC_003, "Vierziger")
        ),
    ),
    Term(
        "trump_exchange",
        "marriages",
        _q((SRC_000, "Umtausch"), (SRC_001, "dokonać wymiany")),
    ),
    # -- going out and scoring
    Term(
        "card_points",
        "scoring",
        _q(
            (SRC_000, "Augen"),
            (SRC_001, "punkty"),
            (SRC_002, "Augen"),
            (SRC_004, "Punktwerte (Augen)"),
            (SRC_004, "Kartenpunkte"),
        ),
    ),
    Term(
        "going_out",
        "scoring",
        _q(
            (SRC_000, "Aus!"),
            (SRC_001, "zadeklarować 66"),
            (SRC_001, "66 po meldunku"),
            (SRC_002, "Ausmelden"),
            (SRC_003, "Das Ausmelden"),
            (SRC_004, "ausmacht"),
        ),
    ),
    Term(
        "false_declaration",
        "scoring",
        _q(
            (SRC_001, "jeśli nie zdobył, to punkty otrzymuje jego przeciwnik"),
            (SRC_002, "irrtümlich ausgemeldet"),
            (SRC_003, "irrtümlich beendet"),
        ),
    ),
    Term(
        "game_point",
        "scoring",
        _q(
            (SRC_000, "3 Punkte für sich buchen"),
            (SRC_001, "punkty za rozdanie"),
            (SRC_002, "Siegespunkte"),
        ),
    ),
    Term(
        "schneider",
        "scoring",
        _q((SRC_000, "Schneider"), (SRC_001, "2 pkt., jeśli mniej niż 33")),
    ),
    Term(
        "schwarz",
        "scoring",
        _q(
            (SRC_000, "Schwarz"),
            (SRC_001, "3 pkt., jeśli 0"),
            (SRC_002, "Konnte der Gegner keinen Stich erzielen"),
        ),
    ),
    Term(
        "match",
        "scoring",
        _q(
            (SRC_000, "wenn einer alle 7 Punkte gewonnen hat"),
            (SRC_001, "7 lub więcej pkt. za rozdania"),
        ),
    ),
    # -- presets
    Term("preset_classic", "presets", _q((SRC_000, "Sechsundsechzig zu zweit"))),
    Term("preset_sharpened", "presets", _q((SRC_000, "Will man das Spiel verschärfen"))),
    Term("preset_kurnik", "presets", _q((SRC_001, "66-sznap"))),
    Term("preset_pagat", "presets", _q((SRC_PAGAT, "Sixty-Six"))),
    Term(
        "preset_pack32",
        "presets",
        _q((SRC_002, "ein 32er Kartenblatt"), (SRC_003, "einem Blatt mit 32 Karten")),
    ),
    Term("preset_schnapsen", "presets", _q((SRC_001, "schnapsen"), (SRC_002, "Schnapsen"))),
)

#: The glossary's terms by key.
TERMS_BY_KEY: Final[Mapping[str, Term]] = MappingProxyType({t.key: t for t in GLOSSARY})


# -- the glossary in one language ---------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A source's words for a term, with the source's readable name."""

    source: str
    name: str  # the source's readable name in the reader's language, not its file
    lang: str  # the language the source is written in
    words: tuple[str, ...]  # as written there


@dataclass(frozen=True)
class Row:
    """A term as a reader of one language sees it."""

    key: str
    group: str  # the group's title
    names: Mapping[str, str]  # the term in each language (LANGUAGES)
    letters: Mapping[str, str]  # a rank: the letters on its cards in each language; else empty
    definition: str
    sources: tuple[Source, ...]


def term_name(term: Term, tr: Translator) -> str:
    """The name of a term in ``tr``'s language; a suit or rank in both pack styles
    (pl ``dama (wyżnik)``), once where both are the same (de ``Herz``)."""
    card = term.card
    if card is None:
        return tr.term(term.key)
    return _both_packs(tr, lambda t: t.name(card, "bare"))


def rank_letters(term: Term, tr: Translator) -> str:
    """The letters a rank bears on its cards in both pack styles (de ``D (O)``); empty for
    other terms."""
    if not isinstance(term.card, Rank):
        return ""
    rank = term.card
    return _both_packs(tr, lambda t: t.rank_letter(rank))


def _both_packs(tr: Translator, name: Callable[[Translator], str]) -> str:
    french = name(_styled(tr, "french"))
    german = name(_styled(tr, "german"))
    if french == german:
        return french
    return tr.p_(*BOTH_PACKS, french=french, german=german)


def _styled(tr: Translator, style: str) -> Translator:
    return tr if tr.style == style else get_translator(tr.lang, style)


def quoted(words: str, tr: Translator) -> str:
    """A source's words in the quotation marks of ``tr``'s language (de „…“)."""
    return tr.p_(*QUOTED, words=words)


def glossary(tr: Translator) -> tuple[Row, ...]:
    """Every term for a reader of ``tr``'s language: the names in all languages (``tr``'s own
    from ``tr``), the sentence in ``tr``'s language, the sources by readable name."""
    readers = {
        lang: tr if lang == tr.lang else get_translator(lang, tr.style) for lang in LANGUAGES
    }
    rows = []
    for term in GLOSSARY:
        sources: dict[str, list[str]] = {}
        for quote in term.quotes:
            sources.setdefault(quote.source, []).append(quote.words)
        rows.append(
            Row(
                key=term.key,
                group=tr._(GROUPS[term.group]),
                names=MappingProxyType({lang: term_name(term, t) for lang, t in readers.items()}),
                letters=MappingProxyType(
                    {lang: rank_letters(term, t) for lang, t in readers.items()}
                    if isinstance(term.card, Rank)
                    else {}
                ),
                definition=tr._(TERM_DEFINITIONS[term.key]),
                sources=tuple(
                    Source(src, source_name(src, tr), SOURCE_LANGUAGES[src], tuple(words))
                    for src, words in sorted(sources.items())
                ),
            )
        )
    return tuple(rows)


# -- finding a term -----------------------------------------------------------------------------

_FOLD: Final = str.maketrans({"ł": "l", "ß": "ss", "ø": "o", "đ": "d"})


def fold(text: str) -> str:
    """Text for a search that ignores case and accents (pl ``żołądź`` is found as ``zoladz``).

    >>> fold("Żołądź"), fold("Straße")
    ('zoladz', 'strasse')
    """
    text = unicodedata.normalize("NFKD", text.casefold().translate(_FOLD))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def row_text(row: Row) -> str:
    """Everything a search looks at in a row: the names, letters, sentence and the sources'
    words."""
    parts: list[str] = [*row.names.values(), *row.letters.values(), row.definition]
    for source in row.sources:
        parts.extend(source.words)
    return "\n".join(parts)


def search(rows: Iterable[Row], query: str) -> tuple[Row, ...]:
    """The rows that contain every word of ``query`` (case and accents ignored); all rows for
    an empty query."""
    words = fold(query).split()
    return tuple(row for row in rows if all(w in fold(row_text(row)) for w in words))


__all__ = [
    "BOTH_PACKS",
    "GLOSSARY",
    "GROUPS",
    "INTRO",
    "QUOTED",
    "SOURCE_LANGUAGES",
    "TERMS_BY_KEY",
    "Quote",
    "Row",
    "Source",
    "Term",
    "fold",
    "glossary",
    "quoted",
    "rank_letters",
    "search",
    "source_name",
    "term_name",
]

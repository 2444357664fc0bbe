"""Translations: one translator per session, card names in grammatical cases, plural forms.

Messages live in gettext catalogs, ``locales/<lang>/LC_MESSAGES/tutor.po``. They are read
from the ``.po`` files when first needed and compiled in memory, so there is no compile step
and no binary file in the repository. Nothing here is global: every session asks for its own
:class:`Translator` and passes it along; translators are immutable and cached, so two sessions
in different languages simply hold different objects.

Messages use named ``str.format`` placeholders only::

    tr._("{player} leads {card}", player="A", card=Card.parse("Qc"))

A parameter whose value is a :class:`~tutor.engine.cards.Card`, :class:`~tutor.engine.cards.Suit` or
:class:`~tutor.engine.cards.Rank` is named by the translator, in the grammatical case that the
*translation* asks for: ``{card}`` is the nominative, ``{card_acc}``, ``{card_dat}``,
``{card_gen}``, ``{card_ins}`` and ``{card_loc}`` the other cases. The Polish translation of
the message above can say ``{player} wychodzi {card_ins}``, the German one
``{player} spielt {card_acc} aus``.

``{card_bare}`` is the name for a list or a label, without an article (de ``Kreuz-König``).
A suit also has plural cases (``{suit_accpl}``, pl ``kiery``).

Lesson and puzzle texts name cards by *narration placeholders*, so that the words follow the
chosen pack and each language declines them: ``{Qs}`` and ``{10h_acc}`` are cards, ``{hearts}``
and ``{clubs_genpl}`` suits, ``{queen}`` and ``{ace_ins}`` ranks. Any message may use them; a
name that opens a sentence is written with a capital letter. A float parameter is written as
the language writes decimals (de and pl ``1,5``).

>>> get_translator("en")._("{Qs} is led. B takes it with {Ks_dat}.")
'The queen of spades is led. B takes it with the king of spades.'
>>> get_translator("pl", "german").card(Card.parse("Qc"), "ins")
'wyżnikiem żołędzia'

A message without parameters or placeholders is returned as translated. The names
themselves (cards, ranks and suits in every case, rank letters, the game's terms, units) are
tables in :mod:`tutor.words.names`.

>>> tr = get_translator("en")
>>> tr._("{player} leads {card}", player="A", card=Card.parse("Qc"))
'A leads the queen of clubs'
>>> get_translator("de").card(Card.parse("Kc"), "acc")
'den Kreuz-König'
>>> get_translator("pl").n_("{n} point", "{n} points", 22)
'22 punkty'
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Mapping
from functools import cache
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import Final

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from tutor.engine import CARDS, Card, Rank, Suit, narration_value
from tutor.engine import NAME_CASES as CASES  # re-exported: the cases a name takes
from tutor.engine import PLURAL_CASES as PLURAL_CASES
from tutor.engine import narration_problems as narration_problems
from tutor.engine import split_case as split_case
from tutor.msgid import OwnText
from tutor.words.names import (
    CARD_NAMES,
    RANK_KEYS,
    RANK_LETTERS,
    RANK_NAMES,
    SUIT_NAMES,
    TERM_DEFINITIONS,
    UNIT_WORDS,
)
from tutor.words.names import TERMS as TERMS  # re-exported: the terms a translator names
from tutor.words.names import UNITS as UNITS  # re-exported: the units ``quantity`` knows

LANGUAGES: Final = ("de", "pl", "en")
DEFAULT_LANGUAGE: Final = "en"
PACK_STYLES: Final = ("french", "german")
DEFAULT_PACK_STYLE: Final = "french"

#: Each language's own name, for a language picker (deliberately not translated).
LANGUAGE_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {"de": "Deutsch", "pl": "polski", "en": "English"}
)

# Where each case sits in a suit's row of names (SUIT_NAMES); a bare suit is its nominative.
_SUIT_ROW: Final = {
    **{case: i for i, case in enumerate(CASES[:6])},
    "bare": 0,
    **{case: 6 + i for i, case in enumerate(PLURAL_CASES)},
}

#: The suit signs of the French-suited pack, by Suit (clubs, spades, hearts, diamonds).
SUIT_SIGNS: Final = ("\u2663", "\u2660", "\u2665", "\u2666")

DOMAIN: Final = "tutor"
LOCALES_DIR: Final = Path(__file__).resolve().parents[2] / "locales"

# A placeholder whose value is a card, suit or rank may carry a case suffix in a translation.
# Such placeholders are named after what they hold: card, card2, led_card, suit, trump, rank...
_DECLINABLE = re.compile(r"^(?:[a-z0-9]+_)*(?:card|suit|rank|trump)[0-9]*$")


class UnknownLanguageError(ValueError):
    """A language code that the tutor has no catalog for."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")


class UnknownPackStyleError(ValueError):
    """A pack style other than the French- or German-suited pack."""

    def __init__(self, style: str) -> None:
        self.style = style
        super().__init__(f"unknown pack style {style!r}: choose one of {', '.join(PACK_STYLES)}")


def is_declinable(name: str) -> bool:
    """Whether a placeholder, by its name, holds a card, suit or rank and may take a case.

    >>> is_declinable("card2"), is_declinable("trump"), is_declinable("Qs"), is_declinable("n")
    (True, True, True, False)
    """
    return _DECLINABLE.match(name) is not None or narration_value(name) is not None


def normalize_language(code: str) -> str | None:
    """The catalog language for a code such as ``pl``, ``pl-PL``, ``de_AT`` or ``EN``."""
    primary = code.strip().replace("_", "-").split("-", 1)[0].lower()
    return primary if primary in LANGUAGES else None


def parse_accept_language(header: str) -> list[tuple[str, float]]:
    """The language ranges of an HTTP Accept-Language header, most preferred first.

    Ranges with q=0 are kept (they exclude a language); malformed ones are dropped.

    >>> parse_accept_language("de-AT,de;q=0.9, en;q=0.5, pl;q=0")
    [('de-AT', 1.0), ('de', 0.9), ('en', 0.5), ('pl', 0.0)]
    """
    ranges: list[tuple[str, float]] = []
    for item in header.split(","):
        tag, *options = (part.strip() for part in item.split(";"))
        if not tag or not re.fullmatch(r"\*|[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*", tag):
            continue
        q = 1.0
        for option in options:
            key, _, value = option.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = -1.0
        if 0.0 <= q <= 1.0:
            ranges.append((tag, q))
    return sorted(ranges, key=lambda r: -r[1])


def negotiate(explicit: str | None, accept_language: str | None) -> str:
    """The language to use: the explicit choice, else the browser's, else English.

    An explicit choice that is not a known language raises :class:`UnknownLanguageError`;
    the caller decides whether to report it or to fall back with a notice. The browser's
    Accept-Language header is only a wish: nothing in it that we lack raises.

    >>> negotiate(None, "fr-FR,fr;q=0.9,pl;q=0.8,de;q=0.7")
    'pl'
    >>> negotiate("de", "pl")
    'de'
    """
    if explicit is not None and explicit.strip():
        lang = normalize_language(explicit)
        if lang is None:
            raise UnknownLanguageError(explicit)
        return lang
    ranges = parse_accept_language(accept_language or "")
    excluded = {normalize_language(tag) for tag, q in ranges if q == 0.0}
    for tag, q in ranges:
        if q == 0.0:
            continue
        if tag == "*":
            rest = [lang for lang in (DEFAULT_LANGUAGE, *LANGUAGES) if lang not in excluded]
            if rest:
                return rest[0]
            continue
        lang = normalize_language(tag)
        if lang is not None and lang not in excluded:
            return lang
    return DEFAULT_LANGUAGE


class Translator:
    """Translates messages into one language and names cards in one pack style.

    Do not construct: use :func:`get_translator`. Immutable, so one object can be shared.

    A message that this language's catalog lacks, or whose translation cannot be filled in
    (a misspelt placeholder), is given whole in English, card names included, rather than
    half in one language and half in another.
    """

    __slots__ = ("_english", "_names", "_translations", "lang", "style")

    lang: str
    style: str
    _translations: gettext.NullTranslations
    _names: Mapping[tuple[str, int, str], str]
    _english: Translator | None

    def __init__(
        self,
        lang: str,
        style: str,
        translations: gettext.NullTranslations,
        names: Mapping[tuple[str, int, str], str],
        english: Translator | None,
    ) -> None:
        object.__setattr__(self, "lang", lang)
        object.__setattr__(self, "style", style)
        object.__setattr__(self, "_translations", translations)
        object.__setattr__(self, "_names", MappingProxyType(dict(names)))
        object.__setattr__(self, "_english", english)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Translator is immutable")

    def __repr__(self) -> str:
        return f"get_translator({self.lang!r}, style={self.style!r})"

    # -- messages ---------------------------------------------------------------------------

    def _(self, msgid: str, **params: object) -> str:
        """Translate a message and fill in its named placeholders. A lesson's ``OwnText``
        is not looked up: it gives its text in this language, else in the lesson's language
        (card names in the language of the text)."""
        if isinstance(msgid, OwnText):
            return self._own(msgid, params)
        try:
            text = self._translations.gettext(msgid)
        except _NotTranslated:
            return self._in_english()._(msgid, **params)
        if not params and "{" not in text:
            return text
        return self._format(text, params, msgid, lambda en: en._(msgid, **params))

    def template(self, msgid: str) -> str:
        """A message's translation with its placeholders as written (``{card_acc}``), for a
        text that keeps placeholders for its reader (a lesson's narration); the English where
        this language has none."""
        try:
            return self._translations.gettext(msgid)
        except _NotTranslated:
            return msgid

    def p_(self, context: str, msgid: str, **params: object) -> str:
        """Translate a message that has a context (the same English words, another meaning)."""
        try:
            text = self._translations.pgettext(context, msgid)
        except _NotTranslated:
            return self._in_english().p_(context, msgid, **params)
        if not params and "{" not in text:
            return text
        return self._format(text, params, msgid, lambda en: en.p_(context, msgid, **params))

    def n_(self, singular: str, plural: str, n: int, **params: object) -> str:
        """Translate a message whose form depends on the number ``n`` (``{n}`` in the text)."""
        try:
            text = self._translations.ngettext(singular, plural, n)
        except _NotTranslated:
            return self._in_english().n_(singular, plural, n, **params)
        source = singular if n == 1 else plural
        values = {"n": n, **params}
        return self._format(text, values, source, lambda en: en.n_(singular, plural, n, **params))

    def np_(self, context: str, singular: str, plural: str, n: int, **params: object) -> str:
        """``n_`` with a context."""
        try:
            text = self._translations.npgettext(context, singular, plural, n)
        except _NotTranslated:
            return self._in_english().np_(context, singular, plural, n, **params)
        source = singular if n == 1 else plural
        values = {"n": n, **params}
        return self._format(
            text, values, source, lambda en: en.np_(context, singular, plural, n, **params)
        )

    # -- names ------------------------------------------------------------------------------

    def card(self, card: Card, case: str = "nom") -> str:
        """The card's full name, e.g. pl ``damą trefl`` (instrumental), de ``Kreuz-Dame`` (bare)."""
        return self._names[("card", card.index, _check_case(case))]

    def suit(self, suit: Suit, case: str = "nom") -> str:
        """A suit's name; besides ``CASES`` a suit has the ``PLURAL_CASES``."""
        if case in PLURAL_CASES:
            return self._names[("suit", int(suit), case)]
        return self._names[("suit", int(suit), _check_case(case))]

    def rank(self, rank: Rank, case: str = "nom") -> str:
        return self._names[("rank", int(rank), _check_case(case))]

    def rank_letter(self, rank: Rank) -> str:
        """The letter on a card's corner and button in this language and pack (de ``D``)."""
        return self._names[("letter", int(rank), "nom")]

    def card_short(self, card: Card) -> str:
        """A card in few characters for lists of cards: the rank letter and the suit sign
        (de ``D\u2660``) in the French-suited pack, the bare name in the German-suited pack,
        whose suits have no common signs.

        >>> get_translator("pl").card_short(Card.parse("Js"))
        'W\u2660'
        """
        if self.style == "french":
            return self.rank_letter(card.rank) + SUIT_SIGNS[card.suit]
        return self.card(card, "bare")

    def name(self, value: Card | Suit | Rank, case: str = "nom") -> str:
        """The name of a card, suit or rank."""
        if isinstance(value, Card):
            return self.card(value, case)
        if isinstance(value, Suit):
            return self.suit(value, case)
        return self.rank(value, case)

    # -- game terms -------------------------------------------------------------------------

    def term(self, key: str) -> str:
        """A game term's usual name in this language (Stich, lewa, trick); see ``TERMS``."""
        return self.p_(*TERMS[key])

    def term_definition(self, key: str) -> str:
        """One sentence that explains a game term."""
        return self._(TERM_DEFINITIONS[key])

    def quantity(self, unit: str, n: int) -> str:
        """A number with its unit in the right plural form, e.g. ``5 punktów``; see ``UNITS``."""
        return UNIT_WORDS[unit](self, n)

    # -- formatting -------------------------------------------------------------------------

    def _own(self, text: OwnText, params: Mapping[str, object]) -> str:
        lang = self.lang if self.lang in text.languages else text.language
        said = text.get(lang)
        tr = self if lang == self.lang else get_translator(lang, self.style)
        if not params and "{" not in said:
            return said
        return tr._format(said, params, said, lambda _en: said)

    def _in_english(self) -> Translator:
        return self if self._english is None else self._english

    def _format(
        self,
        text: str,
        params: Mapping[str, object],
        source: str,
        in_english: Callable[[Translator], str],
    ) -> str:
        """Fill in a translation. If it cannot be filled in, the English message is used."""
        try:
            return _fill(text, _Params(params, self._lookup, self.lang))
        except (KeyError, IndexError, ValueError, AttributeError):
            if self._english is not None:
                return in_english(self._english)
            if not params:
                return text  # braces that are no placeholders, in a message without any
            if text == source:
                raise
        return _fill(source, _Params(params, self._lookup, self.lang))

    def _lookup(self, value: object, case: str) -> str | None:
        if isinstance(value, Card | Suit | Rank):
            return self.name(value, case)
        return None


def _check_case(case: str) -> str:
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}: choose one of {', '.join(CASES)}")
    return case


_FORMATTER: Final = string.Formatter()

# What ends a sentence, so that a name after it opens the next one.
_SENTENCE_END: Final = (".", "!", "?", "\u2026")
_OPENING_MARKS: Final = "\"'\u201e\u201c\u00ab\u00bb(*_ "


def _opens_sentence(before: str, at_start: bool) -> bool:
    """Whether text that follows ``before`` opens a sentence (``at_start``: also at the very
    beginning of the text)."""
    if "\n\n" in before[-3:] or before.endswith("\n"):
        return True
    core = before.rstrip(_OPENING_MARKS)
    if not core:
        return at_start
    return core.endswith(_SENTENCE_END) and core != before


def _fill(text: str, values: _Params) -> str:
    """``text.format_map(values)``, writing a card's, suit's or rank's name with a capital
    letter where it opens a sentence."""
    out: list[str] = []
    for literal, field, spec, conversion in _FORMATTER.parse(text):
        out.append(literal)
        if field is None:
            continue
        value, _ = _FORMATTER.get_field(field, (), values)
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        piece = _FORMATTER.format_field(value, spec or "")
        named_by = values.named.get(field)
        if named_by is not None and piece and _opens_sentence("".join(out), named_by):
            piece = piece[0].upper() + piece[1:]
        out.append(piece)
    return "".join(out)


class _Params(dict[str, object]):
    """Placeholder values; a card, suit or rank is named in the case its placeholder asks, a
    narration placeholder (``{Qs_acc}``) names its card, and a float is written as the language
    writes decimals.

    ``named`` records the fields that were filled with a name: True for a narration placeholder
    (capitalised also at the start of the text), False for a parameter (capitalised only after
    the end of a sentence, since a message may be a part of a longer one).
    """

    def __init__(
        self,
        params: Mapping[str, object],
        lookup: Callable[[object, str], str | None],
        lang: str = DEFAULT_LANGUAGE,
    ) -> None:
        super().__init__()
        self._raw = params
        self._lookup = lookup
        self.named: dict[str, bool] = {}
        for key, value in params.items():
            named = lookup(value, "nom")
            if named is not None:
                self[key] = named
                self.named[key] = False
            elif isinstance(value, float):
                self[key] = format_decimal(round(value, 2), format="#,##0.##", locale=lang)
            else:
                self[key] = value

    def __missing__(self, key: str) -> object:
        base, case = split_case(key)
        if case is not None and base in self._raw:
            named = self._lookup(self._raw[base], case)
            if named is not None:
                self.named[key] = False
                return named
        if base not in self._raw:
            value = narration_value(base)
            if value is not None:
                named = self._lookup(value, case or "nom")
                if named is not None:
                    self.named[key] = True
                    return named
        raise KeyError(key)


class _NotTranslated(LookupError):
    """Raised by :class:`_Untranslated`: the catalog has no translation for a message."""


class _Untranslated(gettext.NullTranslations):
    """The last fallback of a catalog other than English: tells that a message is missing."""

    def gettext(self, message: str) -> str:
        raise _NotTranslated(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        raise _NotTranslated(msgid1)

    def pgettext(self, context: str, message: str) -> str:
        raise _NotTranslated(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        raise _NotTranslated(msgid1)


# -- catalogs ---------------------------------------------------------------------------------


def po_path(lang: str) -> Path:
    """Where the catalog of a language lives."""
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_po(path: Path, lang: str) -> gettext.NullTranslations:
    """Compile a ``.po`` file in memory. Untranslated and fuzzy messages are left out.

    For a language other than English, a message the catalog lacks raises internally and is
    then given in English by the translator. A missing file counts as an empty catalog.
    """
    translations: gettext.NullTranslations
    if path.is_file():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        for message in list(catalog):
            # A plural message counts as translated only with all its forms.
            if message.id and isinstance(message.string, tuple) and not all(message.string):
                catalog.delete(message.id, context=message.context)
        buf = BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        translations = gettext.GNUTranslations(buf)
    else:
        translations = gettext.NullTranslations()
    if lang != DEFAULT_LANGUAGE:
        translations.add_fallback(_Untranslated())
    return translations


def get_translator(lang: str = DEFAULT_LANGUAGE, style: str = DEFAULT_PACK_STYLE) -> Translator:
    """The translator for a language (``de``, ``pl``, ``en``; ``pl-PL`` is read as ``pl``)
    and a pack style (``french`` or ``german``). Cached: the same arguments give the same
    object."""
    code = normalize_language(lang)
    if code is None:
        raise UnknownLanguageError(lang)
    if style not in PACK_STYLES:
        raise UnknownPackStyleError(style)
    return _translator(code, style)


@cache
def _translator(lang: str, style: str) -> Translator:
    return build_translator(lang, style, load_po(po_path(lang), lang))


def build_translator(lang: str, style: str, translations: gettext.NullTranslations) -> Translator:
    """A translator over given translations (e.g. a catalog being edited, see ``load_po``);
    the application uses :func:`get_translator`."""
    if style not in PACK_STYLES:
        raise UnknownPackStyleError(style)
    english = None if lang == DEFAULT_LANGUAGE else _translator(DEFAULT_LANGUAGE, style)

    def from_english(key: tuple[str, int, str]) -> str:
        if english is None:
            raise LookupError(key)
        return english._names[key]

    def translate(entry: tuple[str, str], key: tuple[str, int, str]) -> str:
        try:
            return translations.pgettext(*entry)
        except _NotTranslated:
            return from_english(key)

    names: dict[tuple[str, int, str], str] = {}
    rank_keys = RANK_KEYS[style]
    for case, row in _SUIT_ROW.items():
        for suit in Suit:
            key = ("suit", int(suit), case)
            names[key] = translate(SUIT_NAMES[style][suit][row], key)
    for i, case in enumerate(CASES):
        for rank in Rank:
            key = ("rank", int(rank), case)
            names[key] = translate(RANK_NAMES[rank_keys[rank]][i], key)
    for rank in Rank:
        key = ("letter", int(rank), "nom")
        names[key] = translate(RANK_LETTERS[style][rank], key)

    def suit_name(value: object, case: str) -> str | None:
        return names[("suit", int(value), case)] if isinstance(value, Suit) else None

    # A card's name is its rank's template (in the case) with the suit's name filled in.
    for card in CARDS:
        values = _Params({"suit": card.suit}, suit_name, lang)
        for i, case in enumerate(CASES):
            key = ("card", card.index, case)
            entry = CARD_NAMES[style][rank_keys[card.rank]][i]
            try:
                names[key] = _fill(translations.pgettext(*entry), values)
            except _NotTranslated:
                names[key] = from_english(key)
            except (KeyError, IndexError, ValueError, AttributeError):
                names[key] = _fill(entry[1], values) if english is None else from_english(key)
    return Translator(lang, style, translations, names, english)

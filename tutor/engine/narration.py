"""Narration placeholders: how a lesson or puzzle text names a card, a suit or a rank.

Texts never spell a card out, because the words depend on the language, its grammatical case
and the pack the learner chose (the queen of spades is the Ober of leaves in the German-suited
pack). They write a placeholder instead, which the translator fills in:

- a card by its notation: ``{Qs}``, ``{10h}``;
- a suit by its French-pack name: ``{clubs}``, ``{spades}``, ``{hearts}``, ``{diamonds}``;
- a rank by its French-pack name: ``{ace}``, ``{ten}``, ``{king}``, ``{queen}``, ``{jack}``,
  ``{nine}``, ``{eight}``, ``{seven}``;

each with an optional case suffix: ``_gen``, ``_dat``, ``_acc``, ``_ins``, ``_loc`` and
``_bare`` (the name in a list, no article); a suit also ``_nompl`` ... ``_locpl`` (plural).

>>> narration_problems("B leads {Qs_acc}; {hearts_nompl} are trumps.")
[]
>>> narration_problems("B leads {Qx} and {card}.")
['{Qx}', '{card}']
"""

from __future__ import annotations

import re
import string
from typing import Final

from tutor.engine.cards import Card, Rank, Suit

#: Grammatical cases a card, suit or rank can be named in: nominative, genitive, dative,
#: accusative, instrumental, locative, and ``bare``: the name in a list or after a label,
#: without an article.
NAME_CASES: Final = ("nom", "gen", "dat", "acc", "ins", "loc", "bare")

#: The plural cases a suit can be named in (pl ``atutem są kiery``, ``wyjść w piki``).
PLURAL_CASES: Final = ("nompl", "genpl", "datpl", "accpl", "inspl", "locpl")

#: Narration names of the suits and ranks (the French pack's, in any pack).
NARRATION_SUITS: Final = ("clubs", "spades", "hearts", "diamonds")
NARRATION_RANKS: Final = ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven")

_CARD = re.compile(r"^(A|10|K|Q|J|9|8|7)([cshd])$")
_FORMATTER: Final = string.Formatter()


def split_case(name: str) -> tuple[str, str | None]:
    """Split a placeholder name into its base name and case suffix.

    >>> split_case("card_ins"), split_case("hearts_accpl"), split_case("player")
    (('card', 'ins'), ('hearts', 'accpl'), ('player', None))
    """
    base, sep, suffix = name.rpartition("_")
    if sep and base and (suffix in NAME_CASES or suffix in PLURAL_CASES):
        return base, suffix
    return name, None


def narration_value(name: str) -> Card | Suit | Rank | None:
    """The card, suit or rank a narration placeholder (without its case) stands for.

    >>> narration_value("10h"), narration_value("spades"), narration_value("queen")
    (Card.parse('10h'), <Suit.SPADES: 1>, <Rank.QUEEN: 3>)
    >>> narration_value("player") is None
    True
    """
    if _CARD.match(name):
        return Card.parse(name)
    if name in NARRATION_SUITS:
        return Suit(NARRATION_SUITS.index(name))
    if name in NARRATION_RANKS:
        return Rank(NARRATION_RANKS.index(name))
    return None


def _unbalanced(text: str) -> str:
    """The first brace of a text that does not open or close a placeholder."""
    start = -1
    for i, ch in enumerate(text):
        if ch == "{":
            if start >= 0:
                return text[start:i]
            start = i
        elif ch == "}":
            if start < 0:
                return "}"
            start = -1
    return text[start : start + 20]


def narration_problems(text: str) -> list[str]:
    """The placeholders of a lesson or puzzle text that are not narration placeholders (or
    whose case does not fit), and a brace that does not make a placeholder.

    >>> narration_problems("{Qx} and {queen_accpl}")
    ['{Qx}', '{queen_accpl}']
    >>> narration_problems("{Qs} d}"), narration_problems("{Qs d")
    (['}'], ['{Qs d'])
    """
    try:
        fields = [field for _, field, _, _ in _FORMATTER.parse(text) if field is not None]
    except ValueError:
        return [_unbalanced(text)]
    problems = []
    for field in fields:
        base, case = split_case(field)
        value = narration_value(base)
        if value is None or (case in PLURAL_CASES and not isinstance(value, Suit)):
            problems.append("{" + field + "}")
    return problems


__all__ = [
    "NAME_CASES",
    "NARRATION_RANKS",
    "NARRATION_SUITS",
    "PLURAL_CASES",
    "narration_problems",
    "narration_value",
    "split_case",
]

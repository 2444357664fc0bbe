"""Suits, ranks and cards: small immutable values with a text form that round-trips.

Notation: rank then suit, case-insensitive on input, canonical on output.

- ranks: ``A`` ace, ``10`` ten (``T`` accepted), ``K`` king, ``Q`` queen, ``J`` jack,
  ``9``, ``8``, ``7``;
- suits: ``c`` clubs, ``s`` spades, ``h`` hearts, ``d`` diamonds.

>>> Card.parse("Qh")
Card.parse('Qh')
>>> str(Card.parse("td"))
'10d'
>>> Card.parse("10c").rank is Rank.TEN
True

There are exactly 32 card objects; ``parse`` and ``Card.of`` always return the same one, so
cards compare by identity as well as by value. Each card has a small integer ``index`` that
the engine uses for bit sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum


class CardError(ValueError):
    """A card's notation could not be read. ``text`` is what was given."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(
            f"unknown card {text!r}: write rank then suit, ranks "
            f"{' '.join(r.symbol for r in Rank)}, suits {' '.join(s.symbol for s in Suit)} "
            "(e.g. Qh, 10c, As)"
        )


class Suit(IntEnum):
    """The four suits. The value is the cutting order: clubs > spades > hearts > diamonds."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return "cshd"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter, case-insensitive.

        >>> Suit.parse("H")
        <Suit.HEARTS: 2>
        """
        t = text.strip().lower()
        if len(t) == 1 and t in "cshd":
            return cls("cshd".index(t))
        raise CardError(text)

    def __str__(self) -> str:
        return self.symbol


class Rank(IntEnum):
    """Ranks from the strongest down: A > 10 > K > Q > J > 9 > 8 > 7."""

    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    def beats(self, other: Rank) -> bool:
        """True when this rank wins against ``other`` in the same suit."""
        return self < other

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol, case-insensitive; ``T`` is the ten.

        >>> Rank.parse("t")
        <Rank.TEN: 1>
        """
        t = text.strip().upper()
        if t == "T":
            t = "10"
        for rank, symbol in enumerate(_RANK_SYMBOLS):
            if symbol == t:
                return cls(rank)
        raise CardError(text)

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = ("A", "10", "K", "Q", "J", "9", "8", "7")

# Standard card points (Augen / punkty). Every source agrees on them; a RuleSet copies them.
STANDARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}


class Card:
    """One playing card. Do not construct: use ``Card.of``, ``Card.parse`` or ``CARDS``."""

    __slots__ = ("index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int

    def __init__(self, rank: Rank, suit: Suit) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", suit * 8 + rank)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        return CARDS[suit * 8 + rank]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card in short notation; raises ``CardError`` listing what is valid."""
        t = text.strip() if isinstance(text, str) else ""
        if len(t) < 2:
            raise CardError(str(text))
        try:
            return Card.of(Rank.parse(t[:-1]), Suit.parse(t[-1]))
        except CardError:
            raise CardError(text) from None

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        """Display order: by suit (c, s, h, d), then strongest first."""
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))


CARDS: tuple[Card, ...] = tuple(Card(Rank(i % 8), Suit(i // 8)) for i in range(32))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards, or an iterable of card strings.

    >>> parse_cards("Ah 10h, Kc")
    (Card.parse('Ah'), Card.parse('10h'), Card.parse('Kc'))
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(str(item)) for item in items)


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards in a bit set, in display order."""
    return tuple(CARDS[i] for i in iter_bits(mask))


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def suit_mask(suit: Suit) -> int:
    return 0xFF << (suit * 8)


SUIT_MASKS: tuple[int, ...] = tuple(suit_mask(Suit(s)) for s in range(4))
"""The bit set of each suit's cards, by suit number."""

NO_TRUMP = 4
"""The trump as a number while no suit is trumps (no trump named yet)."""

TRUMP_MASKS: tuple[int, ...] = (*SUIT_MASKS, 0)
"""The bit set of the trumps by trump number, ``NO_TRUMP`` giving none."""


def cut_winner(a: Card, b: Card) -> int:
    """Cutting for the dealer: 0 when ``a`` is higher, 1 when ``b`` is.

    Higher rank wins; equal ranks are decided by suit, clubs > spades > hearts > diamonds.
    Source: 000_d036f4009e89b883.txt.
    """
    if a.rank != b.rank:
        return 0 if a.rank < b.rank else 1
    return 0 if a.suit < b.suit else 1

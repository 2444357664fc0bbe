"""The moves of a deal of 66: small frozen values with a text form that round-trips
(``parse_move(str(move)) == move``)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import CARDS, Card, CardError, Suit


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card: lead it, or follow to the card led."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Marriage:
    """Announce king and queen of a suit and lead one of them; ``out`` declares 66 at once."""

    card: Card
    out: bool = False

    @property
    def suit(self) -> Suit:
        return self.card.suit

    def __str__(self) -> str:
        return f"marry {self.card}" + (" out" if self.out else "")


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange the lowest trump in hand for the face-up trump card."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Close:
    """Close the stock: no more drawing; the strict duties of the second phase apply.
    ``before_draw``: right after winning a trick, before drawing (``close.before_draw``)."""

    before_draw: bool = False

    def __str__(self) -> str:
        return "close before draw" if self.before_draw else "close"


@dataclass(frozen=True, slots=True)
class DeclareOut:
    """Declare to have 66 ("Aus!", "66")."""

    def __str__(self) -> str:
        return "out"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name the trump suit, where the rules turn no card up (``trump.mode``)."""

    suit: Suit

    def __str__(self) -> str:
        return f"trump {self.suit}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let a choice between two turns go by: draw without closing first
    (``close.before_draw``), or keep the lowest trump when the opponent closes
    (``close.opponent_exchange``)."""

    def __str__(self) -> str:
        return "pass"


Move = Play | Marriage | Exchange | Close | DeclareOut | NameTrump | Pass

EXCHANGE = Exchange()
CLOSE = Close()
CLOSE_UNDRAWN = Close(before_draw=True)
DECLARE_OUT = DeclareOut()
PASS = Pass()
PLAYS = tuple(Play(c) for c in CARDS)
MARRIAGES = tuple(Marriage(c) for c in CARDS)
MARRIAGES_OUT = tuple(Marriage(c, True) for c in CARDS)
NAME_TRUMPS = tuple(NameTrump(s) for s in Suit)


class MoveError(ValueError):
    """A move's notation could not be read."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(
            f"unknown move {text!r}: write a card (Qh), 'marry Qh', 'marry Qh out', "
            "'exchange', 'close', 'close before draw', 'out', 'trump h' or 'pass'"
        )


def parse_move(text: str) -> Move:
    """Read a move: ``Qh``, ``marry Kc``, ``marry Kc out``, ``exchange``, ``close``, ``out``,
    ``trump d``, ``pass``, ``close before draw``.

    >>> parse_move("marry Qc")
    Marriage(card=Card.parse('Qc'), out=False)
    >>> str(parse_move("Trump D"))
    'trump d'

    >>> str(parse_move(" 10H "))
    '10h'
    """
    words = text.strip().lower().split()
    try:
        if words == ["exchange"]:
            return EXCHANGE
        if words == ["close"]:
            return CLOSE
        if words == ["close", "before", "draw"]:
            return CLOSE_UNDRAWN
        if words == ["out"]:
            return DECLARE_OUT
        if words == ["pass"]:
            return PASS
        if len(words) in (2, 3) and words[0] == "marry":
            if len(words) == 3 and words[2] != "out":
                raise MoveError(text)
            card = Card.parse(words[1])
            return MARRIAGES_OUT[card.index] if len(words) == 3 else MARRIAGES[card.index]
        if len(words) == 2 and words[0] == "trump":
            return NAME_TRUMPS[Suit.parse(words[1])]
        if len(words) == 1:
            return PLAYS[Card.parse(words[0]).index]
    except CardError:
        raise MoveError(text) from None
    raise MoveError(text)


def is_declaration(move: Move) -> bool:
    """The move declares 66: ``out`` alone or with a marriage.

    >>> is_declaration(parse_move("marry Kc out")), is_declaration(parse_move("marry Kc"))
    (True, False)
    """
    return isinstance(move, DeclareOut) or (isinstance(move, Marriage) and move.out)

"""The state of a deal at a table of three or four, and the ways to deal one (see the
package's text)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from tutor.engine.cards import CARDS, Card, Suit, iter_bits
from tutor.engine.legality import Verdict
from tutor.engine.moves import (
    Move,
)
from tutor.engine.outcome import Outcome
from tutor.engine.rules import (
    RuleSet,
)

if TYPE_CHECKING:
    from tutor.engine.table.view import TableView


#: The seats' names in seat order (A, B, C, D; A and C, B and D are partners).
SEAT_NAMES = "ABCD"
LOW = (1 << 32) - 1  # the first copies of a two-pack hand
# The seats of each side: without partners each seat alone, with partners 0+2 and 1+3.
_SIDE_SEATS = {False: tuple((s,) for s in range(4)), True: ((0, 2), (1, 3))}


class TableState(NamedTuple):
    """A position in a deal for three or four players. Build one with ``deal_table``."""

    rules: RuleSet
    trump: Suit
    hands: tuple[int, ...]  # per seat; bit i (and 32 + i for a second copy) for card i
    stock: tuple[int, ...]  # face-down, top first
    trump_card: int  # the face-up trump card, -1 once drawn
    dealer: int
    leader: int
    trick: tuple[int, ...]  # the cards of the trick in progress, the leader's first
    points: tuple[int, ...]  # card points per seat
    melds: tuple[int, ...]  # credited marriage points per seat
    pending: tuple[int, ...]  # announced marriage points waiting for a trick, per seat
    tricks: tuple[int, ...]  # tricks won per seat
    played: int  # cards gone into tricks (with copies, as the hands)
    marriages: tuple[tuple[int, Suit], ...]
    last_trick: tuple[int, tuple[int, ...], int] | None  # (leader, cards, winner)
    result: Outcome | None
    known: tuple[int, ...] = ()  # per seat: cards of the hand all have seen (32-bit sets)
    # per seat: cards all know the hand does not hold, shown by its plays under the duty to
    # follow once the stock is closed (32-bit sets; see ``_shown_lacking``)
    lacks: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        return (self.leader + len(self.trick)) % self.rules.seats

    @property
    def cards_to_draw(self) -> int:
        """The face-down stock and the face-up trump card while it lies there."""
        return len(self.stock) + (1 if self.trump_card >= 0 else 0)

    @property
    def stock_open(self) -> bool:
        """The stock can still give every player a card after a trick."""
        return self.cards_to_draw >= self.rules.seats

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[i & 31] for i in iter_bits(self.hands[seat]))

    def side(self, seat: int) -> int:
        """The party of ``seat``: the seat itself, or its team (0 and 2, 1 and 3)."""
        return seat % 2 if self.rules.partners else seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a side: the seat alone, or the two partners."""
        return _SIDE_SEATS[self.rules.partners][side]

    def score(self, side: int) -> int:
        """Card points and credited marriages of a side (the partners' added)."""
        return sum(self.points[s] + self.melds[s] for s in self.side_seats(side))

    def side_tricks(self, side: int) -> int:
        return sum(self.tricks[s] for s in self.side_seats(side))

    # --- the game interface (``tutor.engine.game.Deal``) -----------------------

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def turned_up(self) -> Card | None:
        """The face-up trump card, while it lies there."""
        return CARDS[self.trump_card] if self.trump_card >= 0 else None

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, the leader's first."""
        return tuple(CARDS[c] for c in self.trick)

    @property
    def last_trick_cards(self) -> tuple[int, tuple[Card, ...], int] | None:
        """The last completed trick: its leader, its cards from the leader's, its winner."""
        if self.last_trick is None:
            return None
        leader, cards, winner = self.last_trick
        return leader, tuple(CARDS[c] for c in cards), winner

    @property
    def closer(self) -> int | None:
        """Nobody closes the stock at a table of three or four."""
        return None

    @property
    def shown_with_lead(self) -> Card | None:
        """A table does not wait with a marriage card shown beside the lead: ``None``."""
        return None

    @property
    def awaiting_reply(self) -> bool:
        """Nobody closes at a table, so no exchange after closing is ever awaited."""
        return False

    def legal_moves(self) -> tuple[Move, ...]:
        from tutor.engine.table.legal import table_legal_moves

        return table_legal_moves(self)

    def check(self, move: Move) -> Verdict:
        from tutor.engine.table.legal import table_check

        return table_check(self, move)

    def apply(self, move: Move) -> TableState:
        """The state after ``move``; ``IllegalMoveError`` if the rules forbid it."""
        from tutor.engine.table.play import table_apply

        return table_apply(self, move)

    def view(self, seat: int) -> TableView:
        from tutor.engine.table.view import table_view

        return table_view(self, seat)


def side_name(rules: RuleSet, side: int) -> str:
    """A side in notation: a seat's letter, or a team's two letters ("A+C")."""
    return "+".join(SEAT_NAMES[s] for s in range(side, rules.seats, rules.sides))


# ----------------------------------------------------------------------------- dealing


def _add(hand: int, card: int) -> int:
    return hand | (1 << (card + 32) if hand >> card & 1 else 1 << card)


def _remove(hand: int, card: int) -> int:
    return hand & ~(1 << card) if hand >> card & 1 else hand & ~(1 << (card + 32))


def _holds(hand: int, card: int) -> bool:
    return bool((hand | hand >> 32) >> card & 1)


def _cards(hand: int) -> int:
    """The different cards a hand holds, as a 32-bit set."""
    return (hand | hand >> 32) & LOW


def table_pack(rules: RuleSet) -> tuple[int, ...]:
    """The card indices of the pack, each as often as ``pack.copies`` says."""
    return tuple(i for i in iter_bits(rules.pack_mask)) * rules.copies


def deal_table(rules: RuleSet, rng: random.Random, dealer: int = 0) -> TableState:
    """A shuffled deal: ``deal.hand_size`` cards to each seat, the next card face up as trumps,
    the rest face down."""
    order = list(table_pack(rules))
    rng.shuffle(order)
    return table_from_order(rules, order, dealer)


def table_from_order(rules: RuleSet, order: Iterable[int], dealer: int = 0) -> TableState:
    """The deal of the cards in ``order``: hands in seat order from the dealer's left, a hand at
    a time, then the face-up trump card, then the stock top first."""
    cards = list(order)
    n, size = rules.seats, rules.hand_size
    if sorted(cards) != sorted(table_pack(rules)):
        raise ValueError("the order is not the pack of these rules")
    hands = [0] * n
    for k in range(n):
        seat = (dealer + 1 + k) % n
        for c in cards[k * size : (k + 1) * size]:
            hands[seat] = _add(hands[seat], c)
    trump_card = cards[n * size]
    zeros = (0,) * n
    return TableState(
        rules=rules,
        trump=Suit(trump_card >> 3),
        hands=tuple(hands),
        stock=tuple(cards[n * size + 1 :]),
        trump_card=trump_card,
        dealer=dealer,
        leader=(dealer + 1) % n,
        trick=(),
        points=zeros,
        melds=zeros,
        pending=zeros,
        tricks=zeros,
        played=0,
        marriages=(),
        last_trick=None,
        result=None,
        known=zeros,
        lacks=zeros,
    )


def table_position(
    rules: RuleSet,
    *,
    hands: Sequence[Iterable[int]],
    stock: Iterable[int],
    trump: Suit,
    trump_card: int,
    dealer: int,
    leader: int,
    trick: Iterable[int] = (),
    played: Iterable[int] = (),
    points: Sequence[int] = (),
    melds: Sequence[int] = (),
    pending: Sequence[int] = (),
    tricks: Sequence[int] = (),
    marriages: Iterable[tuple[int, Suit]] = (),
    last_trick: tuple[int, tuple[int, ...], int] | None = None,
    known: Sequence[int] = (),
    lacks: Sequence[int] = (),
) -> TableState:
    """A deal for three or four at any moment, from its parts (card indices, a card as often
    as it is held; per-seat numbers in seat order, zeros when left out; ``known`` and
    ``lacks`` as 32-bit sets). A ``ValueError`` when the parts cannot be one deal: the cards
    are not the pack, a per-seat value has the wrong length, the trick is complete, the
    face-up card is not a trump, a seat is out of range, a known card is not held or a lacked
    one is."""
    n = rules.seats
    if n < 3:
        raise ValueError("a table position is for three or four seats")
    hand_lists = [list(h) for h in hands]
    stock, trick, played = tuple(stock), tuple(trick), tuple(played)
    zeros = (0,) * n
    per_seat = [tuple(v) or zeros for v in (points, melds, pending, tricks, known, lacks)]
    if len(hand_lists) != n or any(len(v) != n for v in per_seat):
        raise ValueError(f"a value per seat is needed for each of the {n} seats")
    face_up = [trump_card] if trump_card >= 0 else []
    cards = [*(c for h in hand_lists for c in h), *stock, *trick, *played, *face_up]
    if sorted(cards) != sorted(table_pack(rules)):
        raise ValueError("the cards are not the pack of these rules")
    if len(trick) >= n or not (0 <= dealer < n and 0 <= leader < n):
        raise ValueError("the trick is complete, or a seat is out of range")
    if trump_card >= 0 and trump_card >> 3 != int(trump):
        raise ValueError("the face-up card is not a trump")
    masks = []
    for h in hand_lists:
        mask = 0
        for c in h:
            mask = _add(mask, c)
        masks.append(mask)
    played_mask = 0
    for c in played:
        played_mask = _add(played_mask, c)
    points, melds, pending, tricks, known, lacks = per_seat
    for seat, hand in enumerate(masks):
        if known[seat] & ~_cards(hand) or lacks[seat] & _cards(hand):
            raise ValueError("a card known in a hand is not held, or a card lacked is")
    return TableState(
        rules=rules,
        trump=trump,
        hands=tuple(masks),
        stock=stock,
        trump_card=trump_card,
        dealer=dealer,
        leader=leader,
        trick=trick,
        points=points,
        melds=melds,
        pending=pending,
        tricks=tricks,
        played=played_mask,
        marriages=tuple(marriages),
        last_trick=last_trick,
        result=None,
        known=known,
        lacks=lacks,
    )

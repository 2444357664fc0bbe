"""What one seat at a table of three or four may know, and deals consistent with it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from tutor.engine.cards import CARDS, Card, iter_bits
from tutor.engine.rules import (
    RuleSet,
)
from tutor.engine.table.state import TableState, _add, table_pack

# ----------------------------------------------------------------------------- what a seat sees


class TableView(NamedTuple):
    """What ``seat`` may know of a deal for three or four, and nothing more: its own hand, every
    card played, the face-up trump card, and the cards of other hands that everyone has seen (a
    marriage's other card, a card taken in exchange, the face-up card drawn last). Partners'
    hands are hidden too. ``public`` is the deal with every card the seat has not seen taken
    out: the other hands hold only their seen cards, the stock is empty; ``hand_sizes`` and
    ``stock_count`` say how many cards are hidden there."""

    seat: int
    public: TableState
    hand_sizes: tuple[int, ...]
    stock_count: int

    @property
    def rules(self) -> RuleSet:
        return self.public.rules

    @property
    def hand(self) -> int:
        return self.public.hands[self.seat]

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        return self.public.hand(self.seat)

    def unseen(self) -> list[int]:
        """The cards (with copies) this seat has not seen: the others' hidden cards and the
        face-down stock."""
        s = self.public
        left = Counter(table_pack(s.rules))
        seen = [*_copies(self.hand), *_copies(s.played), *s.trick]
        if s.trump_card >= 0:
            seen.append(s.trump_card)
        for other in range(s.rules.seats):
            if other != self.seat:
                seen += list(iter_bits(s.known[other]))
        left.subtract(seen)
        return sorted(left.elements())

    def unseen_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.unseen())

    def sample(self, rng: random.Random) -> TableState:
        """A deal consistent with this view (``sample_table``)."""
        return sample_table(self, rng)


def _copies(hand: int) -> list[int]:
    return [i & 31 for i in iter_bits(hand)]


def _known_hand(known: int) -> int:
    hand = 0
    for c in iter_bits(known):
        hand = _add(hand, c)
    return hand


def table_view(state: TableState, seat: int) -> TableView:
    """What ``seat`` may know of ``state`` (see ``TableView``)."""
    hands = tuple(
        h if x == seat else _known_hand(state.known[x]) for x, h in enumerate(state.hands)
    )
    return TableView(
        seat=seat,
        public=state._replace(hands=hands, stock=()),
        hand_sizes=tuple(len(_copies(h)) for h in state.hands),
        stock_count=len(state.stock),
    )


#: Tries of the dealing that respects what hands lack before it gives up on that knowledge.
SAMPLE_TRIES = 20


def sample_table(view: TableView, rng: random.Random) -> TableState:
    """A deal consistent with ``view``: the unseen cards dealt at random to the other hands
    (after the cards known to be there) and to the stock, a card never to a hand known to lack
    it (``TableState.lacks``). Those cards are dealt first, each to a hand or the stock that
    may hold it, with odds by the room left there; should that fail ``SAMPLE_TRIES`` times
    (a view no deal agrees with) the lacks are ignored."""
    s = view.public
    pool = view.unseen()
    rng.shuffle(pool)
    others = [x for x in range(s.rules.seats) if x != view.seat]
    hands = list(s.hands)
    room = [view.hand_sizes[x] - len(_copies(hands[x])) for x in others]
    lacks = [s.lacks[x] if s.lacks else 0 for x in others]
    if any(lacks):
        for _ in range(SAMPLE_TRIES):
            dealt = _deal_lacking(pool, room, lacks, rng)
            if dealt is not None:
                return with_dealt(view, dealt)
    for other, size in zip(others, room, strict=True):
        for _ in range(size):
            hands[other] = _add(hands[other], pool.pop())
    return s._replace(hands=tuple(hands), stock=tuple(pool))


def with_dealt(view: TableView, dealt: Sequence[Sequence[int]]) -> TableState:
    """The deal ``view`` sees with its unseen cards placed: ``dealt[i]`` added to the hand of
    the i-th other seat (in seat order), the last list the stock, top first."""
    s = view.public
    others = [x for x in range(s.rules.seats) if x != view.seat]
    hands = list(s.hands)
    for other, cards in zip(others, dealt[:-1], strict=True):
        for c in cards:
            hands[other] = _add(hands[other], c)
    return s._replace(hands=tuple(hands), stock=tuple(dealt[-1]))


def _deal_lacking(
    pool: list[int], room: list[int], lacks: list[int], rng: random.Random
) -> list[list[int]] | None:
    """The cards of ``pool`` (shuffled) dealt to hands with ``room`` cards to fill, none to a
    hand that ``lacks`` it, and the rest to the stock (the last list); the cards fewest may hold
    are dealt first. ``None`` if a card finds no place."""
    left = [*room, len(pool) - sum(room)]
    places = [[x for x, lack in enumerate(lacks) if not lack >> c & 1] for c in range(32)]
    for p in places:
        p.append(len(room))  # the stock takes any card
    dealt: list[list[int]] = [[] for _ in left]
    for c in sorted(pool, key=lambda c: len(places[c])):
        open_places = [x for x in places[c] if left[x]]
        if not open_places:
            return None
        x = rng.choices(open_places, weights=[left[y] for y in open_places])[0]
        left[x] -= 1
        dealt[x].append(c)
    return dealt

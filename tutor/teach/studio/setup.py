"""The deal editor's value: a position being set up card by card (``Setup``).

A ``Setup`` holds what a teacher has placed so far: the rules (a preset or a spec of one), the
dealer, each seat's hand, the stock (top first), the face-up trump card (or only the trump
suit once that card is drawn, or the suit named under rules that turn no card up), the tricks
already played (in order; each trick's leader follows from the one before) and the trick in
progress. Who is to move follows from them. What a pasted position says beyond these (the
cards played in any order, scores, marriages, cards seen, a closed stock) is carried along
unchanged and handed back to the position reader (``tutor.teach.studio.reading`` reads
position data and text into a ``Setup``).

Every operation returns a new ``Setup`` or a ``Refusal``: a message id with its parameters,
put into words by ``tutor.words.studio_page``. ``deal`` reads a complete setup through the
position reader (``tutor.formats.positions``), so every check of the position format
applies, and gives the engine's deal.

>>> s = Setup()
>>> s = s.put("Ah", TRUMP).put("10h", hand(0))
>>> s.trump, s.hands[0], s.to_move
('Ah', ('10h',), 0)
>>> s.put("Ah", hand(1))
Refusal(id='placed', params=(('card', 'Ah'), ('place', 'trump')))
>>> full = s.fill(seed=3)
>>> full.missing(), type(full.deal()).__name__
(0, 'State')
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine import (
    CARDS,
    NO_TRUMP,
    SEAT_LETTERS,
    Card,
    CardError,
    RuleSet,
    State,
    Suit,
    TableState,
    UnknownPresetError,
    iter_bits,
    parse_rules,
    trick_winner_of,
)
from tutor.formats.positions import (
    Position,
    PositionError,
    position_from_data,
)

__all__ = [
    "CARRIED",
    "OWNED",
    "PAST",
    "STOCK",
    "TRICK",
    "TRUMP",
    "PastTrick",
    "Place",
    "Refusal",
    "Setup",
    "card_list",
    "card_of",
    "hand",
    "pack_cards",
    "refuse",
]

#: The fields a pasted position may hold that the editor carries along without editing.
CARRIED = (
    "title",
    "played",
    "last_trick",
    "lead_marriage",
    "scores",
    "marriages",
    "known",
    "lacks",
    "closed_by",
    "closed_opponent_tricks",
    "declared_by",
    "waiting",
)
#: The fields the editor reads and writes itself.
OWNED = ("preset", "dealer", "to_move", "trump", "hands", "stock", "tricks", "lead", "trick")


@dataclass(frozen=True)
class Place:
    """Where a card can be put: a seat's hand (``kind`` "hand" and the seat), the stock, the
    face-up trump card, the tricks already played ("past") or the trick in progress."""

    kind: str
    seat: int = 0

    @property
    def name(self) -> str:
        """The place as an id: ``hand.A``, ``stock``, ``trump``, ``past``, ``trick``."""
        return f"hand.{SEAT_LETTERS[self.seat]}" if self.kind == "hand" else self.kind


STOCK = Place("stock")
TRUMP = Place("trump")
PAST = Place("past")
TRICK = Place("trick")


def hand(seat: int) -> Place:
    """A seat's hand as a place."""
    return Place("hand", seat)


@dataclass(frozen=True)
class Refusal:
    """Why an operation was refused: a message id and its parameters (words come later).
    ``error`` holds the position reader's own error when the reader refused."""

    id: str
    params: tuple[tuple[str, object], ...] = ()
    error: PositionError | None = None

    def __repr__(self) -> str:
        return f"Refusal(id={self.id!r}, params={self.params!r})"

    @property
    def args(self) -> dict[str, object]:
        return dict(self.params)


def refuse(id_: str, **params: object) -> Refusal:
    return Refusal(id_, tuple(params.items()))


@dataclass(frozen=True)
class PastTrick:
    """A trick already played: the seat that led it and the cards in seat order from it."""

    leader: int
    cards: tuple[str, ...]


def pack_cards(rules: RuleSet) -> tuple[str, ...]:
    """The cards of the preset's pack, each once, in display order."""
    return tuple(str(CARDS[i]) for i in iter_bits(rules.pack_mask))


def card_of(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except CardError:
        return None


def card_list(text: object) -> tuple[str, ...] | None:
    """Cards as the position format writes them: one string or a list of strings."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, list) and all(isinstance(x, str) for x in text):
        items = list(text)
    else:
        return None
    return tuple(items)


@dataclass(frozen=True)
class Setup:
    """A position being set up (see the module's text). Cards are written as text (``10h``);
    ``hands`` has one entry per seat of the preset; ``carry`` holds the carried fields of a
    pasted position as JSON text and ``played`` its cards played in any order."""

    preset: str = "classic"
    dealer: int = 1
    hands: tuple[tuple[str, ...], ...] = ((), ())
    stock: tuple[str, ...] = ()
    trump: str | None = None
    trump_suit: str | None = None
    past: tuple[PastTrick, ...] = ()
    trick: tuple[str, ...] = ()
    leader: int | None = None
    played: tuple[str, ...] = ()
    carry: str = ""

    # ------------------------------------------------------------------ what follows

    @property
    def rules(self) -> RuleSet:
        return parse_rules(self.preset)

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def carried(self) -> dict[str, Any]:
        """The carried fields of a pasted position."""
        return dict(json.loads(self.carry)) if self.carry else {}

    def trump_index(self) -> int:
        """The trump suit as the engine counts it (``NO_TRUMP`` when none is known)."""
        if self.trump is not None:
            return int(Card.parse(self.trump).suit)
        if self.trump_suit is not None:
            return int(Suit.parse(self.trump_suit))
        return NO_TRUMP

    def _winner(self, trick: PastTrick) -> int:
        order = tuple(Card.parse(c).index for c in trick.cards)
        k = trick_winner_of(order, self.trump_index(), self.rules.equal_cards)
        return (trick.leader + k) % self.seats

    def next_leader(self) -> int:
        """The seat that leads the next trick of the history, or the trick in progress."""
        if self.past:
            last = self.past[-1]
            if len(last.cards) < self.seats:
                return last.leader
            return self._winner(last)
        if self.leader is not None:
            return self.leader
        return (self.dealer + 1) % self.seats

    @property
    def to_move(self) -> int:
        """The seat to move: the trick's leader, then the seats after it."""
        return (self.next_leader() + len(self.trick)) % self.seats

    def where(self) -> Counter[str]:
        """How often each card has been placed."""
        cards = [*(c for h in self.hands for c in h), *self.stock, *self.trick, *self.played]
        cards += [c for t in self.past for c in t.cards]
        if self.trump is not None:
            cards.append(self.trump)
        return Counter(cards)

    def place_of(self, card: str) -> Place | None:
        """Where a card lies (its first place), or ``None``."""
        for seat, cards in enumerate(self.hands):
            if card in cards:
                return hand(seat)
        for place, cards in (
            (STOCK, self.stock),
            (TRICK, self.trick),
            (TRUMP, (self.trump,) if self.trump is not None else ()),
            (PAST, (*self.played, *(c for t in self.past for c in t.cards))),
        ):
            if card in cards:
                return place
        return None

    def free(self) -> tuple[str, ...]:
        """The cards of the pack still to place, a card twice when both copies are."""
        placed = self.where()
        copies = self.rules.copies
        return tuple(c for c in pack_cards(self.rules) for _ in range(copies - placed[c]))

    def missing(self) -> int:
        """How many cards are still to place."""
        return len(self.free())

    def stock_size(self) -> int:
        """The most face-down cards the stock holds: the pack less the full hands and the
        face-up card."""
        rules = self.rules
        return max(0, rules.pack_size * rules.copies - self.seats * rules.hand_size - rules.face_up)

    def stock_used_up(self) -> bool:
        """Whether the history shows that the stock can no longer give every seat a card:
        the face-up card drawn (only its suit known), or as many tricks played as the stock
        gives draws."""
        rules = self.rules
        if rules.face_up and self.trump is None and self.trump_suit is not None:
            return True
        played = len(self.played) + sum(len(t.cards) for t in self.past)
        draws = (self.stock_size() + rules.face_up) // self.seats
        return played >= self.seats * draws

    # ------------------------------------------------------------------ operations

    def put(self, card: str, place: Place) -> Setup | Refusal:
        """The card put at the place, or why not."""
        rules = self.rules
        parsed = card_of(card)
        if parsed is None or not rules.pack_mask >> parsed.index & 1:
            return refuse("not_in_pack", card=card[:8], preset=self.preset)
        card = str(parsed)
        if self.where()[card] >= rules.copies:
            where = self.place_of(card)
            return refuse("placed", card=card, place=where.name if where else "")
        if place.kind == "hand":
            if not 0 <= place.seat < self.seats:
                return refuse("no_seat", seat=place.seat)
            if len(self.hands[place.seat]) >= rules.hand_size:
                return refuse("hand_full", card=card, seat=SEAT_LETTERS[place.seat])
            shown = self.renounced(place.seat).get(str(parsed.suit))
            if shown is not None:
                return refuse("renounced", card=card, seat=SEAT_LETTERS[place.seat], lead=shown)
            hands = list(self.hands)
            hands[place.seat] = (*hands[place.seat], card)
            return replace(self, hands=tuple(hands))
        if place == STOCK:
            if len(self.stock) >= self.stock_size():
                return refuse("stock_full", card=card, size=self.stock_size())
            return replace(self, stock=(*self.stock, card))
        if place == TRUMP:
            if not rules.face_up:
                return refuse("no_face_up", card=card)
            if self.trump is not None:
                return refuse("trump_taken", card=card, trump=self.trump)
            return replace(self, trump=card, trump_suit=None)
        if place == TRICK:
            return self._put_trick(card)
        if place == PAST:
            return self._put_past(card)
        return refuse("no_place", card=card)

    def _put_trick(self, card: str) -> Setup | Refusal:
        if len(self.trick) >= self.seats - 1:
            return refuse("trick_full", card=card)
        if self.past and len(self.past[-1].cards) < self.seats:
            return refuse("past_open", card=card)
        duty = self.stock_used_up() or "closed_by" in self.carried
        broken = self._breaks_follow(card, self.to_move, self.trick, duty)
        if broken is not None:
            return broken
        return replace(self, trick=(*self.trick, card))

    def _draws(self) -> int:
        """How many tricks are followed by a draw: the tricks before the stock is used up."""
        return (self.stock_size() + self.rules.face_up) // self.seats

    def renounced(self, seat: int) -> dict[str, str]:
        """The suits the history shows a seat does not hold: for each, the card led that the
        seat did not follow once following was a duty (the stock used up)."""
        out: dict[str, str] = {}
        draws = self._draws()
        tricks = [(t.leader, t.cards) for k, t in enumerate(self.past) if k >= draws]
        if self.trick and self.stock_used_up():
            tricks.append((self.next_leader(), self.trick))
        for leader, cards in tricks:
            led = Card.parse(cards[0]).suit
            for j, c in enumerate(cards[1:], start=1):
                if (leader + j) % self.seats == seat and Card.parse(c).suit != led:
                    out.setdefault(str(led), cards[0])
        return out

    def _breaks_follow(
        self, card: str, seat: int, trick: tuple[str, ...], duty: bool
    ) -> Refusal | None:
        """A card off the suit led while the seat's hand holds that suit, once following is
        a duty (the stock used up or closed); or a card of a suit the seat has shown it
        does not hold."""
        suit = str(Card.parse(card).suit)
        shown = self.renounced(seat).get(suit)
        if shown is not None:
            return refuse("renounced", card=card, seat=SEAT_LETTERS[seat], lead=shown)
        if not trick or not duty:
            return None
        led = Card.parse(trick[0]).suit
        if suit == str(led):
            return None
        held = [c for c in self.hands[seat] if Card.parse(c).suit == led]
        if not held:
            return None
        return refuse(
            "must_follow", card=card, seat=SEAT_LETTERS[seat], suit=str(led), held=held[0]
        )

    def _put_past(self, card: str) -> Setup | Refusal:
        if self.played or self.carry:
            return refuse("history_fixed", card=card)
        if self.trick:
            return refuse("trick_open", card=card)
        if self.past and len(self.past[-1].cards) < self.seats:
            last = self.past[-1]
            seat = (last.leader + len(last.cards)) % self.seats
            broken = self._breaks_follow(card, seat, last.cards, len(self.past) > self._draws())
            if broken is not None:
                return broken
            grown = PastTrick(last.leader, (*last.cards, card))
            return replace(self, past=(*self.past[:-1], grown))
        leader = self.next_leader()
        broken = self._breaks_follow(card, leader, (), False)
        if broken is not None:
            return broken
        return replace(self, past=(*self.past, PastTrick(leader, (card,))))

    def take(self, card: str, place: Place) -> Setup | Refusal:
        """The card taken back from the place (a trick's cards from the last one back)."""
        if place.kind == "hand" and 0 <= place.seat < self.seats and card in self.hands[place.seat]:
            hands = list(self.hands)
            cards = list(hands[place.seat])
            cards.remove(card)
            hands[place.seat] = tuple(cards)
            return replace(self, hands=tuple(hands))
        if place == STOCK and card in self.stock:
            cards = list(self.stock)
            cards.remove(card)
            return replace(self, stock=tuple(cards))
        if place == TRUMP and self.trump == card:
            return replace(self, trump=None)
        if place == TRICK and card in self.trick:
            if self.trick[-1] != card:
                return refuse("later_first", card=card, last=self.trick[-1])
            return replace(self, trick=self.trick[:-1])
        if place == PAST and self.past and card in self.past[-1].cards:
            last = self.past[-1]
            if last.cards[-1] != card:
                return refuse("later_first", card=card, last=last.cards[-1])
            rest = (PastTrick(last.leader, last.cards[:-1]),) if len(last.cards) > 1 else ()
            return replace(self, past=(*self.past[:-1], *rest))
        if place == PAST and card in self.played:
            return refuse("history_fixed", card=card)
        if place == PAST and any(card in t.cards for t in self.past):
            return refuse("later_first", card=card, last=self.past[-1].cards[-1])
        return refuse("not_there", card=card, place=place.name)

    def take_anywhere(self, card: str) -> Setup | Refusal:
        """The card taken back from wherever it lies."""
        where = self.place_of(card)
        if where is None:
            return refuse("not_there", card=card, place="")
        return self.take(card, where)

    def move(self, card: str, source: Place, target: Place) -> Setup | Refusal:
        """The card taken from one place and put at another, or why not (nothing changes)."""
        taken = self.take(card, source)
        return taken if isinstance(taken, Refusal) else taken.put(card, target)

    def clear(self) -> Setup:
        """No card placed; the rules and the dealer kept."""
        return Setup(self.preset, self.dealer, ((),) * self.seats)

    def with_dealer(self, seat: int) -> Setup:
        return replace(self, dealer=seat % self.seats)

    def with_trump_suit(self, suit: str | None) -> Setup | Refusal:
        """Only the trump suit known (its face-up card drawn, or named): ``None`` for none."""
        if suit is not None and suit not in "cshd":
            return refuse("not_in_pack", card=suit, preset=self.preset)
        if self.trump is not None:
            return refuse("trump_taken", card=suit or "", trump=self.trump)
        return replace(self, trump_suit=suit)

    def with_preset(self, spec: str) -> tuple[Setup, tuple[str, ...]] | Refusal:
        """The same cards under other rules; the cards that no longer fit (not in the new
        pack, seats the table no longer has, hands over their size) are taken out and
        named."""
        try:
            rules = parse_rules(spec)
        except (UnknownPresetError, ValueError):
            return refuse("unknown_preset", preset=spec[:40])
        out: list[str] = []
        fresh = Setup(rules.name if spec.strip() == rules.name else spec, self.dealer % rules.seats)
        fresh = replace(fresh, hands=((),) * rules.seats)
        moves: list[tuple[str, Place]] = []
        if self.trump is not None:
            moves.append((self.trump, TRUMP))
        for seat, cards in enumerate(self.hands):
            moves += [(c, hand(seat)) for c in cards]
        moves += [(c, STOCK) for c in self.stock]
        moves += [(c, PAST) for t in self.past for c in t.cards]
        moves += [(c, TRICK) for c in self.trick]
        for card, place in moves:
            if place.kind == "hand" and place.seat >= rules.seats:
                out.append(card)
                continue
            step = fresh.put(card, place)
            if isinstance(step, Refusal):
                out.append(card)
            else:
                fresh = step
        if self.trump_suit is not None and fresh.trump is None:
            fresh = replace(fresh, trump_suit=self.trump_suit)
        out += self.played
        return fresh, tuple(out)

    def fill(self, seed: int) -> Setup:
        """The cards still free dealt at random (from ``seed``): the face-up card when the
        rules turn one up and none is placed, the hands to their size, the rest to the
        stock, as far as they fit."""
        rng = random.Random(seed)
        free = list(self.free())
        rng.shuffle(free)
        s = self
        rules = self.rules
        if rules.face_up and s.trump is None and s.trump_suit is None and free:
            s = replace(s, trump=free.pop())
        played = len(s.played) + sum(len(t.cards) for t in s.past)
        face_up = 1 if s.trump is not None else 0
        total = rules.pack_size * rules.copies
        stock_target = len(s.stock)
        if s.trump is not None:
            stock_target = max(0, total - face_up - played - self.seats * rules.hand_size)
        elif not rules.face_up:
            stock_target = max(0, total - played - self.seats * rules.hand_size)
        at_start = (total - face_up - stock_target - played) // self.seats
        for k in range(self.seats):
            seat = (s.next_leader() + k) % self.seats
            size = at_start - (1 if k < len(s.trick) else 0)
            while len(s.hands[seat]) < size and free:
                step = s.put(free.pop(), hand(seat))
                if isinstance(step, Refusal):
                    break
                s = step
        while len(s.stock) < stock_target and free:
            step = s.put(free.pop(), STOCK)
            if isinstance(step, Refusal):
                break
            s = step
        return s

    # ------------------------------------------------------------------ the position

    def to_data(self) -> dict[str, Any]:
        """The setup in the position format (as far as it is placed)."""
        rules = self.rules
        letters = SEAT_LETTERS[: self.seats]
        out: dict[str, Any] = dict(self.carried)
        out["preset"] = self.preset
        out["dealer"] = letters[self.dealer]
        out["to_move"] = letters[self.to_move]
        if self.trump is not None:
            out["trump"] = self.trump
        else:
            out["trump"] = self.trump_suit or "none"
        out["hands"] = {letters[s]: " ".join(h) for s, h in enumerate(self.hands)}
        out["stock"] = " ".join(self.stock)
        if self.played:
            out["played"] = " ".join(self.played)
        if self.seats == 2:
            if self.past:
                out["tricks"] = [f"{letters[t.leader]} {' '.join(t.cards)}" for t in self.past]
            if self.trick:
                out["lead"] = self.trick[0]
            return out
        if self.trick:
            out["trick"] = " ".join(self.trick)
        if self.past:
            out.update(self._table_history(rules))
        return out

    def _table_history(self, rules: RuleSet) -> dict[str, Any]:
        """The history of a table as its schema has it: the cards played, the last trick
        and the scores counted from the tricks."""
        letters = SEAT_LETTERS[: self.seats]
        points = [0] * self.seats
        tricks = [0] * self.seats
        for t in self.past:
            if len(t.cards) < self.seats:
                continue
            w = self._winner(t)
            tricks[w] += 1
            points[w] += sum(rules.points_by_index[Card.parse(c).index] for c in t.cards)
        last = self.past[-1]
        out: dict[str, Any] = {"played": " ".join(c for t in self.past for c in t.cards)}
        out["last_trick"] = f"{letters[last.leader]} {' '.join(last.cards)}"
        out["scores"] = {
            letters[s]: {"points": points[s], "tricks": tricks[s]} for s in range(self.seats)
        }
        return out

    def position(self) -> Position | Refusal:
        """The complete setup read by the position reader, or why it is not a position yet:
        cards still to place, or the reader's own message."""
        missing = self.missing()
        if missing:
            return refuse("missing", count=missing)
        try:
            return position_from_data(self.to_data(), source="studio")
        except PositionError as exc:
            return Refusal("position", (), exc)

    def deal(self) -> State | TableState | Refusal:
        """The engine's deal (``State`` or ``TableState``) of the complete setup."""
        p = self.position()
        if isinstance(p, Refusal):
            return p
        if p.state is not None:
            return p.state
        if p.table is not None:
            return p.table
        return refuse("view")

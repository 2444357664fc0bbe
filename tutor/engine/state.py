"""The state of a deal of two-player 66: an immutable value, and the ways to deal one.

Players are ``A`` (0) and ``B`` (1). Cards inside the state are card indices (``Card.index``)
and hands are bit sets; the public helpers turn them back into ``Card`` values.

>>> from tutor.engine.presets import preset
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> s.to_move, str(s.trump_card_value), s.stock_size
(0, 'Ah', 12)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple, Protocol

from tutor.engine.cards import (
    CARDS,
    NO_TRUMP,
    TRUMP_MASKS,
    Card,
    Suit,
    cards_of_mask,
    mask_of,
    parse_cards,
)
from tutor.engine.moves import Move
from tutor.engine.outcome import EndKind as EndKind  # re-exported: the one outcome type
from tutor.engine.outcome import Outcome as Outcome
from tutor.engine.rules import RuleSet

if TYPE_CHECKING:
    from tutor.engine.legality import Verdict
    from tutor.engine.view import View

A = 0
B = 1
PLAYER_NAMES = ("A", "B")


def other(player: int) -> int:
    """The other player: A for B, B for A."""
    return 1 - player


class DealError(ValueError):
    """A deal that is not a full pack dealt correctly."""


# ----------------------------------------------------------------------------- waits


class Wait(Enum):
    """A choice the rules leave open between two turns (pagat's closing rules)."""

    NOTHING = "nothing"
    # A trick is won while the stock is open and ``close.before_draw`` lets its winner close
    # before drawing: the winner draws (``pass``) or closes.
    DRAW = "draw"
    # The stock was just closed and ``close.opponent_exchange`` lets the closer's opponent, who
    # holds the lowest trump, exchange it now: ``exchange`` or ``pass``.
    REPLY = "reply"


_REPLY = Wait.REPLY

# ----------------------------------------------------------------------------- table facts


class Table(Protocol):
    """What a ``State`` and a player's ``View`` both show of the table; the questions below are
    answered the same way for both."""

    @property
    def leader(self) -> int: ...
    @property
    def lead(self) -> int: ...
    @property
    def trump_card(self) -> int: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def closed_by(self) -> int: ...
    @property
    def points(self) -> tuple[int, int]: ...
    @property
    def melds(self) -> tuple[int, int]: ...
    @property
    def result(self) -> Outcome | None: ...
    @property
    def waiting(self) -> Wait: ...


def to_move_of(table: Table) -> int | None:
    """The player to move: the leader before the lead, the other one after, and the closer's
    opponent while the exchange at closing is open; none once over."""
    if table.result is not None:
        return None
    if table.lead >= 0 or table.waiting is _REPLY:
        return 1 - table.leader
    return table.leader


def stock_open_at(table: Table) -> bool:
    """Cards are still drawn after each trick: the stock is neither closed nor exhausted."""
    return table.closed_by < 0 and (table.trump_card >= 0 or table.stock_count > 0)


def score_of(table: Table, player: int) -> int:
    """Card points plus credited marriage points."""
    return table.points[player] + table.melds[player]


def cards_to_draw(stock_count: int, trump_card: int) -> int:
    """Cards left to draw: the face-down stock and the face-up trump while it lies there."""
    return stock_count + (1 if trump_card >= 0 else 0)


# ----------------------------------------------------------------------------- state


class State(NamedTuple):
    """A position in a deal. Build one with ``new_deal`` or ``deal``; change it with ``apply``."""

    rules: RuleSet
    trump: Suit | None  # None while no trump is named (rules without a face-up card)
    hands: tuple[int, int]
    stock: tuple[int, ...]  # face-down stock, top first, without the face-up trump card
    trump_card: int  # the face-up trump card under the stock, -1 once drawn or if none is turned
    dealer: int
    leader: int
    lead: int  # card led in the current trick, -1 before the lead
    lead_marriage: bool  # the card led was announced with a marriage
    closed_by: int  # -1 while the stock is not closed
    closed_opp_tricks: int  # tricks of the closer's opponent at closing
    points: tuple[int, int]  # card points taken in tricks (with the last-trick bonus)
    melds: tuple[int, int]  # marriage points credited
    pending: tuple[int, int]  # marriage points announced but not yet credited
    tricks: tuple[int, int]  # tricks won
    known: tuple[int, int]  # cards in each hand that the other player has seen
    marriages: tuple[tuple[int, Suit], ...]  # announced marriages in order: (player, suit)
    out_by: int  # a declaration waiting for its trick to complete, -1 none
    last_trick: tuple[int, int, int, int] | None  # (leader, card led, card played, winner)
    result: Outcome | None
    waiting: Wait = Wait.NOTHING  # a choice between two turns (pagat's closing rules)

    # --- questions every state answers -------------------------------------
    @property
    def to_move(self) -> int | None:
        return to_move_of(self)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def stock_open(self) -> bool:
        """Cards are still drawn after each trick."""
        return stock_open_at(self)

    @property
    def phase2(self) -> bool:
        """The stock is closed or exhausted: the strict duties apply."""
        return not stock_open_at(self)

    def score(self, player: int) -> int:
        """Card points plus credited marriage points."""
        return score_of(self, player)

    @property
    def trump_index(self) -> int:
        """The trump suit as a number, ``NO_TRUMP`` while none is named."""
        return NO_TRUMP if self.trump is None else int(self.trump)

    @property
    def trump_mask(self) -> int:
        """The trumps as a bit set of card indices (none while no trump is named)."""
        return TRUMP_MASKS[self.trump_index]

    @property
    def stock_count(self) -> int:
        """Face-down cards in the stock."""
        return len(self.stock)

    def hand(self, player: int) -> tuple[Card, ...]:
        return cards_of_mask(self.hands[player])

    @property
    def trump_card_value(self) -> Card | None:
        return CARDS[self.trump_card] if self.trump_card >= 0 else None

    @property
    def lead_card(self) -> Card | None:
        return CARDS[self.lead] if self.lead >= 0 else None

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.stock)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up trump included."""
        return cards_to_draw(len(self.stock), self.trump_card)

    # --- the game interface (``tutor.engine.game.Deal``) -----------------------
    # With two players each seat is a side of its own.

    @property
    def seats(self) -> int:
        return 2

    @property
    def sides(self) -> int:
        return 2

    def side(self, seat: int) -> int:
        return seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        return (side,)

    def side_tricks(self, side: int) -> int:
        return self.tricks[side]

    @property
    def turned_up(self) -> Card | None:
        """The face-up trump card under the stock, while it lies there."""
        return self.trump_card_value

    @property
    def cards_to_draw(self) -> int:
        """Cards left to draw: the face-down stock and the face-up trump card."""
        return cards_to_draw(len(self.stock), self.trump_card)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, the leader's first."""
        return (CARDS[self.lead],) if self.lead >= 0 else ()

    @property
    def last_trick_cards(self) -> tuple[int, tuple[Card, ...], int] | None:
        """The last completed trick: its leader, the card led and the answer, its winner."""
        if self.last_trick is None:
            return None
        leader, led, played, winner = self.last_trick
        return leader, (CARDS[led], CARDS[played]), winner

    @property
    def closer(self) -> int | None:
        """The player who closed the stock, if one did."""
        return self.closed_by if self.closed_by >= 0 else None

    @property
    def shown_with_lead(self) -> Card | None:
        """The marriage partner shown with the card led, while the answer is awaited."""
        return CARDS[self.lead ^ 1] if self.lead >= 0 and self.lead_marriage else None

    @property
    def awaiting_reply(self) -> bool:
        """The stock was just closed and the closer's opponent may exchange the lowest trump
        now (pagat's closing rules): ``exchange`` or ``pass``."""
        return self.waiting is Wait.REPLY

    def legal_moves(self) -> tuple[Move, ...]:
        from tutor.engine.legality import legal_moves

        return legal_moves(self)

    def check(self, move: Move) -> Verdict:
        from tutor.engine.legality import check

        return check(self, move)

    def apply(self, move: Move) -> State:
        """The state after ``move``; ``IllegalMoveError`` if the rules forbid it."""
        from tutor.engine.play import apply

        return apply(self, move)

    def view(self, seat: int) -> View:
        """What ``seat`` may know here (without inferences from earlier plays, which a single
        state does not keep: see ``tutor.engine.view.track_excluded``)."""
        from tutor.engine.view import view_of

        return view_of(self, seat)

    @property
    def played_mask(self) -> int:
        """Cards already gone into tricks."""
        m = self.rules.pack_mask & ~(self.hands[0] | self.hands[1])
        for i in self.stock:
            m &= ~(1 << i)
        if self.trump_card >= 0:
            m &= ~(1 << self.trump_card)
        if self.lead >= 0:
            m &= ~(1 << self.lead)
        return m


# ----------------------------------------------------------------------------- dealing


def _as_cards(cards: str | Iterable[Card] | Iterable[str]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)


def new_deal(
    rules: RuleSet,
    *,
    hands: tuple[str | Iterable[Card], str | Iterable[Card]],
    trump_card: str | Card | None,
    stock: str | Iterable[Card],
    dealer: int = B,
) -> State:
    """A deal from explicit hands (A's, B's), the face-up trump and the stock (top first).

    Under rules that turn no card up (``trump.mode`` other than ``face_up``) ``trump_card`` is
    None and no trump is named yet. The non-dealer leads the first trick. Raises ``DealError``
    unless the cards are exactly the preset's pack with the preset's hand size.
    """
    ha, hb = _as_cards(hands[0]), _as_cards(hands[1])
    tc = (
        trump_card if trump_card is None or isinstance(trump_card, Card) else Card.parse(trump_card)
    )
    st = _as_cards(stock)
    pack = rules.pack_mask
    seen = 0
    problems: list[str] = []
    if rules.face_up and tc is None:
        problems.append("no trump card is turned face up")
    elif not rules.face_up and tc is not None:
        problems.append(f"no card is turned face up under trump.mode={rules.trump_mode.value}")
    for c in (*ha, *hb, *([] if tc is None else [tc]), *st):
        if not pack >> c.index & 1:
            problems.append(f"{c} is not in the {rules.name} pack")
        elif seen >> c.index & 1:
            problems.append(f"{c} is dealt twice")
        seen |= c.bit
    for who, h in (("A", ha), ("B", hb)):
        if len(h) != rules.hand_size:
            problems.append(f"{who} holds {len(h)} cards, not {rules.hand_size}")
    missing = pack & ~seen
    if missing:
        problems.append("missing: " + " ".join(str(c) for c in cards_of_mask(missing)))
    if problems:
        raise DealError("; ".join(problems))
    if dealer not in (A, B):
        raise DealError(f"dealer must be 0 (A) or 1 (B), not {dealer!r}")
    return State(
        rules=rules,
        trump=None if tc is None else tc.suit,
        hands=(mask_of(ha), mask_of(hb)),
        stock=tuple(c.index for c in st),
        trump_card=-1 if tc is None else tc.index,
        dealer=dealer,
        leader=other(dealer),
        lead=-1,
        lead_marriage=False,
        closed_by=-1,
        closed_opp_tricks=0,
        points=(0, 0),
        melds=(0, 0),
        pending=(0, 0),
        tricks=(0, 0),
        known=(0, 0),
        marriages=(),
        out_by=-1,
        last_trick=None,
        result=None,
    )


def pack(rules: RuleSet) -> tuple[Card, ...]:
    """The preset's pack in display order."""
    return cards_of_mask(rules.pack_mask)


def deal(rules: RuleSet, order: Sequence[Card], dealer: int = B) -> State:
    """Deal a shuffled pack: the non-dealer takes the first ``hand_size`` cards, the dealer the
    next ones, the next card is turned face up as trump (where the rules turn one), the rest is
    the stock, top first."""
    h = rules.hand_size
    forehand = list(order[:h])
    dealt = list(order[h : 2 * h])
    hands = (forehand, dealt) if dealer == B else (dealt, forehand)
    turned = 1 if rules.face_up else 0
    return new_deal(
        rules,
        hands=(hands[0], hands[1]),
        trump_card=order[2 * h] if turned else None,
        stock=order[2 * h + turned :],
        dealer=dealer,
    )


def random_deal(rules: RuleSet, rng: random.Random, dealer: int = B) -> State:
    order = list(pack(rules))
    rng.shuffle(order)
    return deal(rules, order, dealer)

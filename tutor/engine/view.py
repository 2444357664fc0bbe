"""What one player may know about a deal, and full deals drawn at random that agree with it.

A ``View`` holds exactly the information a player has at the table: the own hand, the trump
suit and the face-up trump card, the cards gone into tricks and the card led, the opponent's
cards that were shown (the partner of an announced marriage, the face-up trump card taken by an
exchange or as the last card drawn), the size of the stock, both scores as they can be counted,
tricks won, who closed and who leads.

It also holds ``excluded``: cards the opponent cannot hold, inferred from the opponent's plays
once the strict duties apply (a follower who does not follow suit has none of that suit; one who
neither follows nor trumps has no trump; under the duty to head, one who follows lower has no
higher card of the suit). A ``State`` keeps no history of plays, so these inferences cannot be
read from a single state: a driver that sees the moves one by one keeps them with
``track_excluded`` and passes the mask to ``view_of``.

``sample_state(view, rng)`` deals the unseen cards at random between the opponent's hand and the
stock, respecting the shown and excluded cards; every consistent deal is equally likely. The
sample, seen by the same player, gives the same view back.

>>> import random
>>> from tutor.engine.state import random_deal
>>> from tutor.engine.presets import preset
>>> s = random_deal(preset("kurnik"), random.Random(4))
>>> v = view_of(s, 0)
>>> view_of(sample_state(v, random.Random(1)), 0) == v
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, permutations

from tutor.engine.cards import SUIT_MASKS, Card, Suit, cards_of_mask, iter_bits
from tutor.engine.moves import Move, Play
from tutor.engine.rules import Duty, RuleSet
from tutor.engine.state import (
    Outcome,
    State,
    Wait,
    cards_to_draw,
    other,
    score_of,
    stock_open_at,
    to_move_of,
)

#: At most this many consistent deals are examined for one position; a puzzle that hides more
#: is rejected (show more cards, or let the stock be smaller).
MAX_DEALS = 600


class ViewError(ValueError):
    """A view that no deal can agree with (e.g. more excluded cards than the stock can take)."""


@dataclass(frozen=True)
class View:
    """Everything ``player`` may know about the deal; cards are bit sets of card indices."""

    rules: RuleSet
    player: int
    hand: int
    trump: Suit | None  # None while no trump is named
    trump_card: int  # the face-up trump card, -1 once drawn or where none is turned
    stock_count: int  # face-down cards left in the stock (the face-up trump not included)
    played: int  # cards gone into tricks
    lead: int  # card led in the current trick, -1 before the lead
    lead_marriage: bool
    leader: int
    dealer: int
    opponent_known: int  # opponent's cards this player has seen
    shown: int  # own cards the opponent has seen
    opponent_hand_size: int
    points: tuple[int, int]  # card points of the tricks of A and B
    melds: tuple[int, int]  # credited marriage points
    pending: tuple[int, int]  # announced marriage points not yet credited
    tricks: tuple[int, int]
    closed_by: int
    closed_opp_tricks: int
    marriages: tuple[tuple[int, Suit], ...]
    out_by: int
    last_trick: tuple[int, int, int, int] | None
    result: Outcome | None
    excluded: int = 0  # cards the opponent is known not to hold (among the unseen ones)
    waiting: Wait = Wait.NOTHING
    unlikely: int = 0  # cards the opponent probably does not hold (from its plays)

    @property
    def opponent(self) -> int:
        return other(self.player)

    @property
    def to_move(self) -> int | None:
        return to_move_of(self)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up trump included."""
        return cards_to_draw(self.stock_count, self.trump_card)

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
    def unseen(self) -> int:
        """Cards this player has not seen: the opponent's hidden cards and the stock."""
        return _unseen(
            self.rules, self.hand | self.played | self.opponent_known, self.lead, self.trump_card
        )

    @property
    def hidden_count(self) -> int:
        """How many of the opponent's cards this player has not seen."""
        return self.opponent_hand_size - self.opponent_known.bit_count()

    @property
    def candidates(self) -> int:
        """The unseen cards the opponent may hold: the excluded ones can only be in the stock."""
        return self.unseen & ~self.excluded

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        return cards_of_mask(self.hand)

    # --- the game interface (``tutor.engine.game.SeatView``) -------------------

    @property
    def seat(self) -> int:
        return self.player

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards this seat has not seen: the opponent's hidden cards and the stock."""
        return cards_of_mask(self.unseen)

    def sample(self, rng: random.Random) -> State:
        """A deal consistent with this view, every such deal equally likely."""
        return sample_state(self, rng)

    @property
    def opponent_known_cards(self) -> tuple[Card, ...]:
        return cards_of_mask(self.opponent_known)

    @property
    def void_suits(self) -> tuple[Suit, ...]:
        """Suits the opponent is known to hold no card of (among cards still unseen)."""
        unseen = self.unseen
        out = []
        for s in Suit:
            m = unseen & SUIT_MASKS[s]
            if m and m & self.excluded == m and not self.opponent_known & SUIT_MASKS[s]:
                out.append(s)
        return tuple(out)


def view_of(state: State, player: int, excluded: int = 0, unlikely: int = 0) -> View:
    """What ``player`` knows in ``state``; ``excluded`` comes from ``track_excluded``,
    ``unlikely`` from what a player infers (``tutor.search.expert.inferred``)."""
    opp = other(player)
    played = state.played_mask
    seen = state.hands[player] | played | state.known[opp]
    unseen = _unseen(state.rules, seen, state.lead, state.trump_card)
    return View(
        rules=state.rules,
        player=player,
        hand=state.hands[player],
        trump=state.trump,
        trump_card=state.trump_card,
        stock_count=len(state.stock),
        played=played,
        lead=state.lead,
        lead_marriage=state.lead_marriage,
        leader=state.leader,
        dealer=state.dealer,
        opponent_known=state.known[opp],
        shown=state.known[player],
        opponent_hand_size=state.hands[opp].bit_count(),
        points=state.points,
        melds=state.melds,
        pending=state.pending,
        tricks=state.tricks,
        closed_by=state.closed_by,
        closed_opp_tricks=state.closed_opp_tricks,
        marriages=state.marriages,
        out_by=state.out_by,
        last_trick=state.last_trick,
        result=state.result,
        excluded=excluded & unseen,
        waiting=state.waiting,
        unlikely=unlikely & unseen & ~excluded & ~state.known[opp],
    )


def _unseen(rules: RuleSet, seen: int, lead: int, trump_card: int) -> int:
    """The pack less the cards ``seen``, the card led and the face-up trump card."""
    if lead >= 0:
        seen |= 1 << lead
    if trump_card >= 0:
        seen |= 1 << trump_card
    return rules.pack_mask & ~seen


def track_excluded(excluded: int, state: State, move: Move, player: int) -> int:
    """The cards ``player``'s opponent cannot hold, after the opponent made ``move`` in ``state``.

    Only plays that follow a lead under the strict duties tell anything; other moves, and moves
    by ``player`` itself, return the mask unchanged. Nothing is drawn once the duties apply, so an
    inference stays true for the rest of the deal.
    """
    if state.result is not None or state.lead < 0 or not isinstance(move, Play):
        return excluded
    if state.to_move == player or not state.phase2:
        return excluded
    lead = state.lead
    card = move.card.index
    led = SUIT_MASKS[lead >> 3]
    if card >> 3 == lead >> 3:
        if state.rules.phase2_duty is Duty.HEAD and card > lead:
            return excluded | (led & ((1 << lead) - 1))  # no card above the one led
        return excluded
    excluded |= led
    if card >> 3 != state.trump_index:
        excluded |= state.trump_mask
    return excluded


def sample_state(view: View, rng: random.Random) -> State:
    """A full deal consistent with ``view``: the opponent's hidden cards and the stock order are
    drawn uniformly from the unseen cards, the excluded cards always going to the stock."""
    unseen = view.unseen
    need = view.hidden_count
    if need < 0 or unseen.bit_count() != need + view.stock_count:
        raise ViewError("the view's card counts do not add up")
    allowed = list(iter_bits(view.candidates))
    if len(allowed) < need:
        raise ViewError("more cards are excluded than the stock can hold")
    chosen = rng.sample(allowed, need)
    opp_hand = view.opponent_known
    for i in chosen:
        opp_hand |= 1 << i
    rest = [i for i in iter_bits(unseen & ~opp_hand)]
    rng.shuffle(rest)
    return deal_from_view(view, opp_hand, tuple(rest))


def deal_from_view(view: View, opp_hand: int, stock: tuple[int, ...]) -> State:
    """The full deal that ``view`` sees, with the opponent holding ``opp_hand`` (a bit set) and
    the stock ``stock`` (card indices, top first)."""
    p = view.player
    hands = (view.hand, opp_hand) if p == 0 else (opp_hand, view.hand)
    known = (view.shown, view.opponent_known) if p == 0 else (view.opponent_known, view.shown)
    return State(
        rules=view.rules,
        trump=view.trump,
        hands=hands,
        stock=stock,
        trump_card=view.trump_card,
        dealer=view.dealer,
        leader=view.leader,
        lead=view.lead,
        lead_marriage=view.lead_marriage,
        closed_by=view.closed_by,
        closed_opp_tricks=view.closed_opp_tricks,
        points=view.points,
        melds=view.melds,
        pending=view.pending,
        tricks=view.tricks,
        known=known,
        marriages=view.marriages,
        out_by=view.out_by,
        last_trick=view.last_trick,
        result=view.result,
        waiting=view.waiting,
    )


def sample_states(view: View, n: int, seed: int | str = 0) -> tuple[State, ...]:
    """``n`` deals consistent with ``view``, the same ones for the same seed."""
    rng = random.Random(seed)
    return tuple(sample_state(view, rng) for _ in range(n))


# ----------------------------------------------------------------------------- deal enumeration


class TooManyDealsError(ValueError):
    """The learner's view leaves more possible deals than can be examined exactly."""

    def __init__(self, count: int, limit: int) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"{count} possible deals, more than the {limit} that can be checked")


def deal_count(view: View) -> int:
    """How many deals agree with the view (stock order counts only while the stock is open)."""
    need = view.hidden_count
    free = view.candidates.bit_count()
    if need < 0 or need > free:
        return 0
    orders = math.factorial(view.stock_count) if view.stock_open else 1
    return math.comb(free, need) * orders


def consistent_deals(view: View, limit: int = MAX_DEALS) -> Iterator[State]:
    """Every full deal that agrees with ``view``: the opponent's hidden cards and, while the
    stock is open, the order of the stock. A closed stock is never drawn from, so its order
    does not matter and only one order is given. Raises ``TooManyDealsError`` beyond ``limit``."""
    count = deal_count(view)
    if count > limit:
        raise TooManyDealsError(count, limit)
    unseen = view.unseen
    need = view.hidden_count
    free = list(iter_bits(view.candidates))
    if need < 0 or need > len(free):
        return
    for chosen in combinations(free, need):
        opp = view.opponent_known
        for i in chosen:
            opp |= 1 << i
        rest = [i for i in iter_bits(unseen & ~opp)]
        orders = permutations(rest) if view.stock_open else iter((tuple(rest),))
        for order in orders:
            yield deal_from_view(view, opp, tuple(order))


def same_deal(a: State, b: State) -> bool:
    """Whether two states of the same position have the cards in the same places (for a closed
    stock its order does not matter)."""
    if a.hands != b.hands:
        return False
    if a.closed_by >= 0:
        return sorted(a.stock) == sorted(b.stock)
    return a.stock == b.stock


__all__ = [
    "MAX_DEALS",
    "TooManyDealsError",
    "View",
    "ViewError",
    "consistent_deals",
    "deal_count",
    "deal_from_view",
    "same_deal",
    "sample_state",
    "sample_states",
    "track_excluded",
    "view_of",
]

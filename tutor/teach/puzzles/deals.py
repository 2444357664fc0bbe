"""Every full deal that agrees with what a player can see, for the exact checks of puzzles.

The learner does not see the opponent's hand or the stock: ``consistent_deals`` gives each way
the unseen cards can lie, so that a move can be proved over all of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations, permutations

from tutor.engine import State, View, iter_bits

#: At most this many consistent deals are examined for one position; a puzzle that hides more
#: is rejected (show more cards, or let the stock be smaller).
MAX_DEALS = 600


# ----------------------------------------------------------------------------- deals


class TooManyDealsError(ValueError):
    """The learner's view leaves more possible deals than can be examined exactly."""

    def __init__(self, count: int, limit: int) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"{count} possible deals, more than the {limit} that can be checked")


def deal_count(view: View) -> int:
    """How many deals agree with the view (stock order counts only while the stock is open)."""
    need = view.opponent_hand_size - view.opponent_known.bit_count()
    free = (view.unseen & ~view.excluded).bit_count()
    if need < 0 or need > free:
        return 0
    orders = math.factorial(view.stock_count) if _stock_open(view) else 1
    return math.comb(free, need) * orders


def _stock_open(view: View) -> bool:
    return view.closed_by < 0 and view.trump_card >= 0


def consistent_deals(view: View, limit: int = MAX_DEALS) -> Iterator[State]:
    """Every full deal that agrees with ``view``: the opponent's hidden cards and, while the
    stock is open, the order of the stock. A closed stock is never drawn from, so its order
    does not matter and only one order is given. Raises ``TooManyDealsError`` beyond ``limit``."""
    count = deal_count(view)
    if count > limit:
        raise TooManyDealsError(count, limit)
    unseen = view.unseen
    need = view.opponent_hand_size - view.opponent_known.bit_count()
    free = [i for i in iter_bits(unseen & ~view.excluded)]
    if need < 0 or need > len(free):
        return
    for chosen in combinations(free, need):
        opp = view.opponent_known
        for i in chosen:
            opp |= 1 << i
        rest = [i for i in iter_bits(unseen & ~opp)]
        orders = permutations(rest) if _stock_open(view) else iter((tuple(rest),))
        for order in orders:
            yield _deal_of(view, opp, tuple(order))


def _deal_of(view: View, opp_hand: int, stock: tuple[int, ...]) -> State:
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
    )


def same_deal(a: State, b: State) -> bool:
    """Whether two states of the same position have the cards in the same places (for a closed
    stock its order does not matter)."""
    if a.hands != b.hands:
        return False
    if a.closed_by >= 0:
        return sorted(a.stock) == sorted(b.stock)
    return a.stock == b.stock


__all__ = ["MAX_DEALS", "TooManyDealsError", "consistent_deals", "deal_count", "same_deal"]

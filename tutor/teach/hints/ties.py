"""Ties broken as a player breaks them: among cards worth the same game points, the one a
player would give.

Two moves are *tied* when the values cannot tell them apart: the same game points where the
values are exact (and the same final card points), and, over sampled deals, a loss against the
best whose 95 percent interval reaches 0 and whose mean is within the noise (below the limit of
``Grade.GOOD``; ``tutor.teach.hints.grading``). Among the tied cards the analysis orders first
the one that costs least to give, the sum of:

1. the card points it gives away, where it loses the trick it follows to (``TIE_CHEAPER``:
   "give the nine, not the ten: the trick is lost anyway");
2. ``KEEP`` if it is a trump (``TIE_KEEPS_TRUMP``);
3. ``KEEP`` if it breaks a marriage pair still to be declared (``TIE_KEEPS_PAIR``);
4. ``KEEP`` if it leaves a ten bare, the last other card of its suit (``TIE_KEEPS_GUARD``);

and every tied card behind it carries the reason that tells them apart the most
(``MoveValue.tie``, a ``TieReason`` with the card to play and the card to keep). Only cards
played are reordered; a marriage, closing or the exchange keeps its place. Two seats only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine import CARDS, Card, Play, Rank, State
from tutor.teach.hints.detect import beats
from tutor.teach.hints.grading import GRADE_LIMITS, loss_of
from tutor.teach.hints.model import (
    TIE_CHEAPER,
    TIE_KEEPS_GUARD,
    TIE_KEEPS_PAIR,
    TIE_KEEPS_TRUMP,
    Analysis,
    MoveValue,
    TieReason,
)

_SAME = 1e-9
#: What keeping a trump, a card of a marriage pair or a ten's guard is worth against card
#: points given away: more than a point or two, less than the ten's 10 ("give the queen of a
#: pair rather than the ten": the German article's example 2; "give the king rather than a
#: small trump or the queen of a pair": its example 1).
KEEP = 4


@dataclass(frozen=True)
class _Card:
    """What a player weighs about one card in hand when the values are even."""

    card: Card
    gives: int  # card points given away: the card loses the trick it follows to
    takes: bool  # the card takes the trick it follows to
    trump: bool
    pair: bool  # a king or queen whose partner is in hand, the marriage not yet declared
    guard: bool  # the last other card of a suit in which a ten is held

    @property
    def parts(self) -> tuple[int, int, int, int]:
        """What giving the card costs, by weight: its card points where it loses the trick,
        and ``KEEP`` for a trump, for a card of a marriage pair, for a ten's guard."""
        return (self.gives, KEEP * self.trump, KEEP * self.pair, KEEP * self.guard)

    @property
    def key(self) -> int:
        return sum(self.parts)


def _weigh(state: State, player: int, card: Card) -> _Card:
    hand = state.hands[player]
    takes = state.lead >= 0 and beats(card, CARDS[state.lead], state.trump)
    gives = state.rules.card_points[card.rank] if state.lead >= 0 and not takes else 0
    declared = {suit for _, suit in state.marriages}
    pair = False
    if card.rank in (Rank.KING, Rank.QUEEN) and card.suit not in declared:
        partner = Rank.QUEEN if card.rank == Rank.KING else Rank.KING
        pair = bool(hand >> (card.suit * 8 + partner) & 1)
    suit_cards = [r for r in Rank if hand >> (card.suit * 8 + r) & 1]
    guard = card.rank != Rank.TEN and Rank.TEN in suit_cards and len(suit_cards) == 2
    return _Card(card, gives, takes, card.suit == state.trump, pair, guard)


def _reason(first: _Card, other: _Card) -> TieReason | None:
    """The weight that puts ``first`` before ``other`` the most, as a reason (``None`` where
    ``first`` costs no less, or where only the points given away tell them apart and ``first``
    takes the trick: "the trick is lost anyway" is not so)."""
    if first.key >= other.key:
        return None
    kinds = (TIE_CHEAPER, TIE_KEEPS_TRUMP, TIE_KEEPS_PAIR, TIE_KEEPS_GUARD)
    gains = [theirs - mine for mine, theirs in zip(first.parts, other.parts, strict=True)]
    if first.takes:
        gains[0] = 0
    best = max(range(len(kinds)), key=lambda k: gains[k])
    return TieReason(kinds[best], first.card, other.card) if gains[best] > 0 else None


def tie_reason(state: State, player: int, first: Card, other: Card) -> TieReason | None:
    """Why a player gives ``first`` rather than ``other`` when both are worth the same game
    points (``state``: the deal, or one consistent with what the player sees), or ``None``."""
    return _reason(_weigh(state, player, first), _weigh(state, player, other))


def _tied(analysis: Analysis, best: MoveValue, move: MoveValue) -> bool:
    if analysis.exact:
        return (
            abs(best.game_points - move.game_points) < _SAME
            and abs(best.card_points - move.card_points) < _SAME
        )
    loss = loss_of(analysis, move)
    return loss.low <= 0 and loss.mean < GRADE_LIMITS[0][0]


def _card(value: MoveValue) -> Card:
    move = value.move
    assert isinstance(move, Play)
    return move.card


def break_ties(analysis: Analysis, state: State) -> Analysis:
    """``analysis`` with the cards tied with its best move ordered as the module's text says,
    and each tied card behind the first marked with the reason (``state``: the deal, or one
    consistent with what the player sees: only the player's hand, the trump and the card led
    are read)."""
    moves = tuple(m if m.tie is None else replace(m, tie=None) for m in analysis.moves)
    analysis = replace(analysis, moves=moves)
    if len(moves) < 2 or not isinstance(moves[0].move, Play):
        return analysis
    best = moves[0]
    tied = [
        i
        for i, m in enumerate(moves)
        if isinstance(m.move, Play) and (i == 0 or _tied(analysis, best, m))
    ]
    if len(tied) < 2:
        return analysis
    player = analysis.player
    weighed = {i: _weigh(state, player, _card(moves[i])) for i in tied}
    order = sorted(tied, key=lambda i: weighed[i].key)  # stable: the values' order among equals
    first = order[0]
    placed = list(moves)
    for slot, i in zip(tied, order, strict=True):
        m = moves[i]
        reason = None if i == first else _reason(weighed[first], weighed[i])
        placed[slot] = replace(m, tie=reason)
    return replace(analysis, moves=tuple(placed))


__all__ = ["KEEP", "break_ties", "tie_reason"]

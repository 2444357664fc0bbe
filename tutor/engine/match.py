"""A match of several deals, for every table: to the preset's target in game points (7 with
two players), or the two alternatives of 000 (five deals by card points; first to 1000 card
points). The first dealer is found by cutting. A side is a seat, or two partners
(``RuleSet.sides``); the scores are per side.

- ``match.mode`` ``game_points``: the first side to ``match.target`` game points wins; a tie at
  the top plays on. ``five_deals``: five deals, the most card points wins (a tie at the top is
  a drawn match). ``thousand``: the first to 1000 card points.
- ``match.next_dealer`` ``alternate``: the deal passes to the next seat in the order of play
  (with two seats, the other). ``winner``: a seat of the winning side deals, the first one
  after the dealer in the order of play (with one seat a side, the winner); after a deal
  nobody won the same dealer deals again.

>>> from tutor.engine.presets import preset
>>> m = Match.start(preset("kurnik"), dealer=1)
>>> m.dealer, m.scores, m.winner
(1, (0, 0), None)
>>> Match.start(preset("three"), dealer=2).scores
(0, 0, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine.cards import CARDS, Card, cut_winner
from tutor.engine.outcome import Outcome
from tutor.engine.rules import MatchMode, NextDealer, RuleSet
from tutor.engine.state import pack

FIVE_DEALS = 5
THOUSAND = 1000


def cut_for_dealer(rules: RuleSet, rng: random.Random) -> tuple[Card, Card, int]:
    """Each player draws a card; the higher card deals (ties of rank: clubs > spades > hearts >
    diamonds). Returns A's card, B's card and the dealer (0 = A, 1 = B). Source: 000."""
    a, b = rng.sample(list(pack(rules)), 2)
    return a, b, cut_winner(a, b)


def cut(rules: RuleSet, rng: random.Random) -> tuple[tuple[Card, ...], int]:
    """Each seat draws a card from the pack; the highest card deals (ties of rank: clubs >
    spades > hearts > diamonds, 000). Returns the cards by seat and the dealer. With two packs
    the same card can be drawn twice: when two seats hold the highest card, all draw again,
    and the last draw is the one shown. With two seats this is ``cut_for_dealer``.

    >>> from tutor.engine.presets import preset
    >>> cards, dealer = cut(preset("four"), random.Random(1))
    >>> len(cards), all(cut_winner(cards[dealer], c) == 0 for c in cards if c != cards[dealer])
    (4, True)
    """
    if rules.seats == 2:
        a, b, dealer = cut_for_dealer(rules, rng)
        return (a, b), dealer
    cards_of_pack = [c for c in CARDS if rules.pack_mask >> c.index & 1] * rules.copies
    while True:
        cards = tuple(rng.sample(cards_of_pack, rules.seats))
        best = 0
        for seat in range(1, rules.seats):
            if cut_winner(cards[best], cards[seat]) == 1:
                best = seat
        if cards.count(cards[best]) == 1:
            return cards, best


@dataclass(frozen=True)
class Match:
    """The score of a match; ``record`` returns the match after one more deal."""

    rules: RuleSet
    dealer: int
    scores: tuple[int, ...] = ()  # per side: game points, or card points in the card-point modes
    deals: int = 0
    draws: int = 0

    def __post_init__(self) -> None:
        if not self.scores:
            object.__setattr__(self, "scores", (0,) * self.rules.sides)

    @staticmethod
    def start(rules: RuleSet, dealer: int) -> Match:
        return Match(rules=rules, dealer=dealer)

    @property
    def counts_card_points(self) -> bool:
        return self.rules.match_mode is not MatchMode.GAME_POINTS

    def record(self, outcome: Outcome) -> Match:
        """The match after a deal that ended with ``outcome``. Raises ``ValueError`` once the
        match is decided."""
        if self.winner is not None or self.is_drawn:
            raise ValueError("the match is already decided")
        gained = outcome.scores if self.counts_card_points else outcome.game_points
        return Match(
            rules=self.rules,
            dealer=self._next_dealer(outcome.winner),
            scores=tuple(a + b for a, b in zip(self.scores, gained, strict=True)),
            deals=self.deals + 1,
            draws=self.draws + (outcome.winner is None),
        )

    def _next_dealer(self, winner: int | None) -> int:
        seats, sides = self.rules.seats, self.rules.sides
        if self.rules.next_dealer is NextDealer.WINNER:
            if winner is None:
                return self.dealer  # after a draw the same dealer deals again
            after = ((self.dealer + k) % seats for k in range(seats))
            return next(s for s in after if s % sides == winner)
        return (self.dealer + 1) % seats

    @property
    def target(self) -> int:
        mode = self.rules.match_mode
        if mode is MatchMode.GAME_POINTS:
            return self.rules.match_target
        return THOUSAND if mode is MatchMode.THOUSAND else 0

    def _leader(self) -> int | None:
        """The one side with the most points (``None`` on a tie at the top)."""
        top = max(self.scores)
        return self.scores.index(top) if self.scores.count(top) == 1 else None

    @property
    def winner(self) -> int | None:
        """The side that has won the match, ``None`` while it goes on or when it is drawn."""
        if self.rules.match_mode is MatchMode.FIVE_DEALS:
            return self._leader() if self.deals >= FIVE_DEALS else None
        return self._leader() if max(self.scores) >= self.target else None

    @property
    def is_drawn(self) -> bool:
        if self.rules.match_mode is MatchMode.FIVE_DEALS:
            return self.deals >= FIVE_DEALS and self._leader() is None
        return False

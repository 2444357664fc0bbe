"""The match form of a preset for any number of sides: the cut for the first dealer, the score
of the match after each deal, the next dealer and who has won.

``MatchScore`` reads ``tutor.engine.Match`` for every seat count: with two seats it gives the
same scores, dealers and winners, deal for deal (``tests/test_table_play.py`` plays both side
by side). A side is a seat, or two partners (``RuleSet.sides``).

- ``match.mode`` ``game_points``: the first side to ``match.target`` game points wins; a tie at
  the top plays on. ``five_deals``: five deals, the most card points wins (a tie at the top is
  a drawn match). ``thousand``: the first to 1000 card points (or a claim, ``game.Claim``).
- ``match.next_dealer`` ``alternate``: the deal passes to the next seat in the order of play
  (with two seats, the other). ``winner``: a seat of the winning side deals, the first one
  after the dealer in the order of play (with one seat a side, the winner); after a deal
  nobody won the same dealer deals again.

>>> from tutor.engine import preset
>>> m = MatchScore.start(preset("three"), dealer=2)
>>> m.scores, m.target, m.winner
((0, 0, 0), 7, None)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine import CARDS as _CARDS
from tutor.engine import (
    Card,
    Match,
    MatchMode,
    NextDealer,
    Outcome,
    RuleSet,
    cut_for_dealer,
    cut_winner,
    table_pack,
)
from tutor.search import stakes_of

FIVE_DEALS = 5
THOUSAND = 1000


def cut(rules: RuleSet, rng: random.Random) -> tuple[tuple[Card, ...], int]:
    """Each seat draws a card from the pack; the highest card deals (ties of rank: clubs >
    spades > hearts > diamonds, 000). Returns the cards by seat and the dealer. With two packs
    the same card can be drawn twice: when two seats hold the highest card, all draw again,
    and the last draw is the one shown. With two seats this is ``tutor.engine.cut_for_dealer``.

    >>> from tutor.engine import preset
    >>> cards, dealer = cut(preset("four"), random.Random(1))
    >>> len(cards), all(cut_winner(cards[dealer], c) == 0 for c in cards if c != cards[dealer])
    (4, True)
    """
    if rules.seats == 2:
        a, b, dealer = cut_for_dealer(rules, rng)
        return (a, b), dealer
    pack = [_CARDS[i] for i in table_pack(rules)]
    while True:
        cards = tuple(rng.sample(pack, rules.seats))
        best = 0
        for seat in range(1, rules.seats):
            if cut_winner(cards[best], cards[seat]) == 1:
                best = seat
        if cards.count(cards[best]) == 1:
            return cards, best


@dataclass(frozen=True)
class MatchScore:
    """The score of a match for any number of sides; ``record`` returns the match after one
    more deal (see the module's text)."""

    rules: RuleSet
    dealer: int
    scores: tuple[int, ...]  # game points, or card points in the card-point modes, per side
    deals: int = 0
    draws: int = 0

    @staticmethod
    def start(rules: RuleSet, dealer: int) -> MatchScore:
        return MatchScore(rules=rules, dealer=dealer, scores=(0,) * rules.sides)

    @property
    def counts_card_points(self) -> bool:
        return self.rules.match_mode is not MatchMode.GAME_POINTS

    def record(self, outcome: Outcome) -> MatchScore:
        """The match after a deal that ended with ``outcome``. Raises ``ValueError`` once the
        match is decided."""
        if self.winner is not None or self.is_drawn:
            raise ValueError("the match is already decided")
        gained = outcome.scores if self.counts_card_points else outcome.game_points
        scores = tuple(a + b for a, b in zip(self.scores, gained, strict=True))
        return MatchScore(
            rules=self.rules,
            dealer=self._next_dealer(outcome.winner),
            scores=scores,
            deals=self.deals + 1,
            draws=self.draws + (outcome.winner is None),
        )

    def _next_dealer(self, winner: int | None) -> int:
        seats, sides = self.rules.seats, self.rules.sides
        if self.rules.next_dealer is NextDealer.WINNER:
            if winner is None:
                return self.dealer
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

    def stakes(self) -> tuple[int, int] | None:
        """What each of two seats still needs to win a match to game points, as the
        two-player expert and coach weigh a deal (``None`` otherwise)."""
        if self.rules.sides != 2:
            return None
        a, b = self.scores
        return stakes_of(Match(self.rules, self.dealer, (a, b), self.deals, self.draws))


__all__ = ["FIVE_DEALS", "THOUSAND", "MatchScore", "cut"]

"""A match of several deals: to 7 game points, or the two alternatives of 000 (five deals by
card points; first to 1000 card points). The first dealer is found by cutting.

>>> from tutor.engine.rules import preset
>>> m = Match.start(preset("kurnik"), dealer=1)
>>> m.dealer, m.scores, m.winner
(1, (0, 0), None)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.engine.cards import Card, cut_winner
from tutor.engine.rules import MatchMode, NextDealer, RuleSet
from tutor.engine.state import Outcome, other, pack

FIVE_DEALS = 5
THOUSAND = 1000


def cut_for_dealer(rules: RuleSet, rng: random.Random) -> tuple[Card, Card, int]:
    """Each player draws a card; the higher card deals (ties of rank: clubs > spades > hearts >
    diamonds). Returns A's card, B's card and the dealer (0 = A, 1 = B). Source: 000."""
    a, b = rng.sample(list(pack(rules)), 2)
    return a, b, cut_winner(a, b)


@dataclass(frozen=True)
class Match:
    """The score of a match; ``record`` returns the match after one more deal."""

    rules: RuleSet
    dealer: int
    scores: tuple[int, int] = (0, 0)  # game points, or card points in the card-point modes
    deals: int = 0
    draws: int = 0

    @staticmethod
    def start(rules: RuleSet, dealer: int) -> Match:
        return Match(rules=rules, dealer=dealer)

    @property
    def counts_card_points(self) -> bool:
        return self.rules.match_mode is not MatchMode.GAME_POINTS

    def record(self, outcome: Outcome) -> Match:
        if self.winner is not None or self.is_drawn:
            raise ValueError("the match is already decided")
        gained = outcome.scores if self.counts_card_points else outcome.game_points
        scores = (self.scores[0] + gained[0], self.scores[1] + gained[1])
        if self.rules.next_dealer is NextDealer.WINNER:
            # the winner deals; after a draw the same dealer deals again
            dealer = self.dealer if outcome.winner is None else outcome.winner
        else:
            dealer = other(self.dealer)
        return Match(
            rules=self.rules,
            dealer=dealer,
            scores=scores,
            deals=self.deals + 1,
            draws=self.draws + (outcome.winner is None),
        )

    @property
    def target(self) -> int:
        mode = self.rules.match_mode
        if mode is MatchMode.GAME_POINTS:
            return self.rules.match_target
        return THOUSAND if mode is MatchMode.THOUSAND else 0

    @property
    def winner(self) -> int | None:
        a, b = self.scores
        mode = self.rules.match_mode
        if mode is MatchMode.FIVE_DEALS:
            if self.deals < FIVE_DEALS or a == b:
                return None
            return 0 if a > b else 1
        t = self.target
        if max(a, b) < t or a == b:
            return None
        return 0 if a > b else 1

    @property
    def is_drawn(self) -> bool:
        a, b = self.scores
        if self.rules.match_mode is MatchMode.FIVE_DEALS:
            return self.deals >= FIVE_DEALS and a == b
        return False

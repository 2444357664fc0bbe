"""What the solver and its yardstick read of a ``RuleSet``: plain values and the one scoring."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tutor.engine import (
    NO_TRUMP,
    TRUMP_MASKS,
    Credit,
    Duty,
    ExchangeTiming,
    NoTrickAt,
    OutResolution,
    RuleSet,
    scoring,
)


def max_game_points(rules: RuleSet) -> int:
    """The most game points one deal can give under ``rules``."""
    return max(
        *rules.game_points,
        rules.closer_penalty_points,
        rules.closer_penalty_no_trick_points,
        rules.false_out_points,
        rules.false_out_no_trick_points,
        rules.opponent_out_points,
    )


class RuleFacts(NamedTuple):
    """What the searches read of a ``RuleSet`` with a trump suit, as plain values."""

    points: tuple[int, ...]  # card points by card index
    trump_mask: int  # none while no trump is named
    head: bool  # the duty to head the trick in the second phase
    declare: Callable[..., int]  # ``Scoring.declare``: the value for player 0
    end_of_cards: Callable[..., int]  # ``Scoring.end_of_cards``: the value for player 0
    bonus_open: int  # the last trick's bonus with the stock open, and after closing
    bonus_after_close: int
    no_trick_at_close: bool  # a failed closer's penalty looks at tricks at closing
    out_after_trick: bool  # a declaration is judged after the trick
    out_after_marriage: bool
    closer_opponent_may_declare: bool
    marriage_in_phase2: bool
    marriage_needs_trick: bool
    credit: Credit
    marriage_values: tuple[int, ...]  # by suit
    exchange_card: int  # ``NO_CARD`` where no card lies face up
    exchange_needs_trick: bool
    closing_allowed: bool
    out_needs_trick: bool  # a plain declaration needs a won trick
    exchange_on_turn: bool  # the follower may exchange too, before playing its card
    close_before_draw: bool  # a trick's winner may close before drawing
    opponent_exchange: bool  # the closer's opponent may exchange at the moment of closing


#: A card index no hand holds: the card to exchange where no card lies face up.
NO_CARD = 40


def rule_facts(rules: RuleSet, trump: int, married: int = 0) -> RuleFacts:
    """The facts of ``rules`` that the searches read, with ``trump`` trumps (``NO_TRUMP``: none)
    after ``married`` marriages; the end of a deal from the one scoring."""
    endings = scoring(rules)
    named = None if trump == NO_TRUMP else trump
    return RuleFacts(
        rules.points_by_index,
        TRUMP_MASKS[trump],
        rules.phase2_duty is Duty.HEAD,
        endings.declare,
        endings.end_of_cards,
        rules.last_trick_points(False),
        rules.last_trick_points(True),
        rules.closer_no_trick_at is NoTrickAt.CLOSE,
        rules.out_resolution is OutResolution.AFTER_TRICK,
        rules.out_after_marriage,
        rules.closer_opponent_may_declare,
        rules.marriage_in_phase2,
        rules.marriage_needs_trick,
        rules.marriage_credit,
        tuple(rules.marriage_value(suit, named, married) for suit in range(4)),
        trump * 8 + rules.exchange_rank if rules.face_up else NO_CARD,
        rules.exchange_needs_trick,
        rules.closing_allowed,
        rules.out_needs_trick,
        rules.exchange_timing is ExchangeTiming.ON_TURN,
        rules.close_before_draw and rules.closing_allowed,
        rules.close_opponent_exchange and rules.face_up,
    )

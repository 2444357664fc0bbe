"""What the search closures of one rule set, trump suit (or none) and marriage count read
(``PairFacts``), worked out once for the Python search (``tutor.search._negamax``), its yardstick
(``tutor.search.baseline``) and the compiled core (``tutor.search._core``)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from tutor.engine import NO_TRUMP, RuleSet, TrumpMode, scoring
from tutor.search._rulefacts import RuleFacts, rule_facts

#: The cards of each rank (all four suits), by rank.
RANK_MASKS = tuple(sum(1 << (8 * suit + r) for suit in range(4)) for r in range(8))


class PairFacts(NamedTuple):
    """What the search closures of one rule set, trump suit (or none) and marriage count read,
    worked out once (``pair_facts``)."""

    facts: RuleFacts
    target: int
    # A marriage changes the trump suit or the value of the next one: it is followed in the
    # closures of the pair it leads to.
    makes_trump: bool
    retrump: bool
    name_first: bool  # the first leader names trumps before anything else
    # The ace of hearts as a bit set where its holder may name trumps and cannot play the ace
    # before; else 0.
    ah: int
    trump_marriage: int  # the most a marriage announces (the trump marriage where one is known)
    false_out_bound: int  # minus the least a false declaration costs the declarer
    closer_fail_bound: int  # minus the least a failed close costs the closer
    pack_rank_masks: tuple[int, ...]  # the cards of each rank in the pack, aces first
    rank_points: tuple[int, ...]  # card points by rank
    ranks_by_points: tuple[int, ...]  # the ranks, most points first


@lru_cache(maxsize=256)
def pair_facts(rules: RuleSet, trump: int, married: int) -> PairFacts:
    """The ``PairFacts`` of ``rules`` with ``trump`` trumps (``NO_TRUMP``: none) after
    ``married`` marriages."""
    facts = rule_facts(rules, trump, married)
    values = facts.marriage_values
    endings = scoring(rules)
    rank_points = tuple(rules.card_points[r] for r in range(8))
    return PairFacts(
        facts,
        rules.target,
        rules.marriage_makes_trump,
        rules.marriage_makes_trump or rules.marriage_escalating,
        trump == NO_TRUMP and rules.trump_mode is TrumpMode.NAMED,
        1 << rules.naming_card.index
        if trump == NO_TRUMP and rules.trump_mode is TrumpMode.HEART_ACE
        else 0,
        values[trump] if rules.face_up else max(values),
        -endings.least_false_out,
        -endings.least_closer_fail,
        tuple(RANK_MASKS[r] for r in sorted(rules.ranks)),
        rank_points,
        tuple(sorted(range(8), key=lambda r: -rank_points[r])),
    )

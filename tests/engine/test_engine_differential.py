"""The two engines agree where their rules overlap: the same shuffled pack dealt by the
two-player engine (``state.deal``) and by the table engine at two seats (``table_from_order``),
the same random legal moves, the same legal-move sets at every step and the same outcome.

The table engine plays no closing, no waits between turns, no named or heart-ace trumps, no
declaration at the end of the trick (``out.resolution=after_trick``) and no exchange on the
opponent's turn (``exchange.timing=on_turn``); ``RuleSet.check`` refuses those for three and
four seats. So the rule sets below are those without them, and ``Close`` is taken out of the
two-player move list: closing is a two-player move the table engine never offers.
"""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    Close,
    Outcome,
    RuleSet,
    apply_unchecked,
    legal_moves,
    parse_rules,
    table_apply_unchecked,
    table_from_order,
    table_legal_moves,
)
from tutor.engine.state import B, deal, pack

# presets and switch values the table engine plays at two seats (see the module doc)
SPECS = (
    "schnapsen",
    "kurnik",
    "pack32",
    "thirtysix",
    "classic(out.resolution=immediate,exchange.timing=on_lead)",
    "sharpened(out.resolution=immediate,exchange.timing=on_lead)",
)


def _facts(o: Outcome | None) -> tuple[object, ...] | None:
    if o is None:
        return None
    return (o.kind, o.winner, o.game_points, o.scores, o.player, o.rule_id)


def play_both(rules: RuleSet, seed: int) -> tuple[int, Outcome]:
    """Deal one shuffled pack to both engines and play the same random moves to the end,
    checking the legal moves and the result after every move; the moves played and the end."""
    rng = random.Random(seed)
    order = list(pack(rules))
    rng.shuffle(order)
    duel = deal(rules, order, dealer=B)
    table = table_from_order(rules, [c.index for c in order], dealer=B)
    moves = 0
    while duel.result is None:
        offered = {m for m in legal_moves(duel) if not isinstance(m, Close)}
        assert offered == set(table_legal_moves(table)), (seed, moves)
        move = rng.choice(sorted(offered, key=str))
        duel, table = apply_unchecked(duel, move), table_apply_unchecked(table, move)
        moves += 1
        assert _facts(duel.result) == _facts(table.result), (seed, moves, move)
    return moves, duel.result


def _run(spec: str, deals: int) -> None:
    rules = parse_rules(spec)
    kinds = set()
    for seed in range(deals):
        moves, outcome = play_both(rules, seed)
        assert moves > 0
        kinds.add(outcome.kind)
    assert len(kinds) >= 2  # the deals end in more than one way


@pytest.mark.parametrize("spec", SPECS)
def test_the_engines_agree_on_300_deals(spec: str) -> None:
    _run(spec, 300)

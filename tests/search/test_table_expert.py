"""The expert at three seats each for himself (tutor.search.table_players): it weighs its
sampled deals by how well a sound player's plays explain them, and values a sampled deal by
the game points won and, weighted, the card points taken."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    TableState,
    deal_table,
    parse_rules,
    table_apply_unchecked,
    table_view,
)
from tutor.search import table_club, table_move_values
from tutor.search.table_players import UNEXPLAINED_KEEP, club_explains, told_plays


def club_deal(spec: str, seed: int) -> list[TableState]:
    """Every position of a deal that ``table_club`` plays at every seat."""
    rng = random.Random(seed)
    rules = parse_rules(spec)
    s = deal_table(rules, rng, dealer=seed % rules.seats)
    out = []
    while s.result is None:
        out.append(s)
        s = table_apply_unchecked(s, table_club(s, rng))
    return out


@pytest.mark.parametrize("spec", ["three", "three_pack32"])
def test_the_club_player_explains_its_own_plays_in_the_deal_as_dealt(spec: str) -> None:
    """In the deal as it was dealt, every play the seat to move saw in this trick and the last
    (when no card was drawn since) is the club player's own: the deal is kept whole."""
    told_some = told_last = 0
    for seed in range(6):
        for s in club_deal(spec, seed):
            seat = s.to_move
            assert seat is not None
            told = told_plays(table_view(s, seat))
            told_some += bool(told)
            told_last += any(last for *_, last in told)
            assert club_explains(s, told, random.Random(0)) == 1.0
    assert told_some > 50 and told_last > 20


def _swaps(s: TableState, a: int, b: int) -> list[TableState]:
    """``s`` with one card of seat ``a``'s hand and one of seat ``b``'s changed over, every way."""
    out = []
    for x in range(64):
        for y in range(64):
            if s.hands[a] >> x & 1 and s.hands[b] >> y & 1:
                hands = list(s.hands)
                hands[a] = hands[a] & ~(1 << x) | 1 << y
                hands[b] = hands[b] & ~(1 << y) | 1 << x
                out.append(s._replace(hands=tuple(hands)))
    return out


def test_a_deal_where_the_club_player_would_have_led_another_card_counts_less() -> None:
    """The seat to move answers a lead. Dealt so that the leader, with the card it led back in
    hand, would have led another card, a deal is kept with probability ``UNEXPLAINED_KEEP``;
    dealt so that it would have led the same card, always. The seat's own hand never changes."""
    rng = random.Random(0)
    for seed in range(10):
        for s in club_deal("three", seed):
            seat = s.to_move
            assert seat is not None
            told = told_plays(table_view(s, seat))
            if len(s.trick) != 1 or len(told) != 1:
                continue
            third = ({0, 1, 2} - {seat, s.leader}).pop()
            kept = {club_explains(w, told, rng) for w in _swaps(s, s.leader, third)}
            if kept == {1.0, UNEXPLAINED_KEEP}:
                return
    raise AssertionError("no lead parts the deals")


def test_the_card_points_weight_adds_the_points_taken_in_the_same_deals() -> None:
    """With a card points weight, the values are the game points plus the weighted card points
    (and marriages: at most 120 + 10 + 100) over the target; without it, game points alone;
    the same deals drawn."""
    for s in club_deal("three", 4)[4:8]:
        plain = dict(table_move_values(s, random.Random(1), 6))
        weighted = dict(table_move_values(s, random.Random(1), 6, card_weight=3.0))
        assert plain.keys() == weighted.keys()
        for move, value in plain.items():
            extra = weighted[move] - value
            assert 0.0 <= extra <= 3.0 * 230 / 66 + 1e-9
        assert any(weighted[m] - plain[m] > 0 for m in plain)

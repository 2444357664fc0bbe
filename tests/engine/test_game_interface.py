"""The one game interface (``tutor.engine.game``) over every preset and seat count: random
playouts that check the interface's promises at every step, as OpenSpiel's random simulation
test does for every game."""

from __future__ import annotations

import random

import pytest

from tutor.engine import (
    CARDS,
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    EXCHANGE,
    NAME_TRUMPS,
    PASS,
    PRESETS,
    TABLE_PRESETS,
    Deal,
    IllegalMoveError,
    Marriage,
    Move,
    Play,
    RuleSet,
    game_for,
    is_declaration,
    parse_rules,
)
from tutor.engine.moves import MARRIAGES, MARRIAGES_OUT, PLAYS

ALL_PRESETS = {**PRESETS, **TABLE_PRESETS}
#: Every move the notation can write: the interface must answer ``check`` for each.
EVERY_MOVE: tuple[Move, ...] = (
    *PLAYS,
    *MARRIAGES,
    *MARRIAGES_OUT,
    EXCHANGE,
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    PASS,
    *NAME_TRUMPS,
)


def _cards_in_play(deal: Deal) -> int:
    """Cards in hands, to draw, on the table and in tricks won."""
    in_hands = sum(len(deal.hand(s)) for s in range(deal.seats))
    won = sum(deal.side_tricks(side) for side in range(deal.sides)) * deal.seats
    return in_hands + deal.cards_to_draw + len(deal.trick_cards) + won


def _check_step(deal: Deal, rng: random.Random, dealt: int) -> None:
    seat = deal.to_move
    assert seat is not None and 0 <= seat < deal.seats
    assert not deal.is_over and deal.result is None
    legal = deal.legal_moves()
    assert legal, "a legal move exists until the deal is over"
    assert len(set(legal)) == len(legal)
    for move in EVERY_MOVE:
        verdict = deal.check(move)
        assert verdict.move == move
        assert verdict.legal == (move in legal), (move, verdict)
        assert verdict.reasons, "every verdict names the rules that decide it"
        if not verdict.legal:
            with pytest.raises(IllegalMoveError):
                deal.apply(move)
    # The cards are all there, wherever they are.
    assert _cards_in_play(deal) == dealt
    assert {deal.side(s) for s in range(deal.seats)} == set(range(deal.sides))
    for side in range(deal.sides):
        assert all(deal.side(s) == side for s in deal.side_seats(side))
        assert deal.score(side) >= 0
    # A seat's view samples deals that it cannot tell from this one.
    view = deal.view(seat)
    assert view.seat == seat
    assert sorted(view.hand_cards) == sorted(deal.hand(seat))
    face_down = deal.cards_to_draw - (1 if deal.turned_up is not None else 0)
    others = sum(len(deal.hand(s)) for s in range(deal.seats) if s != seat)
    assert face_down <= len(view.unseen_cards()) <= face_down + others
    assert deal.turned_up not in view.unseen_cards() or deal.rules.copies > 1
    sample = view.sample(rng)
    assert sample.view(seat) == view
    assert sample.hand(seat) == deal.hand(seat)
    assert sample.legal_moves() == legal, "legal moves depend only on what the seat knows"
    assert _cards_in_play(sample) == dealt


def _check_record(deal: Deal, move: Move, after: Deal) -> None:
    """What the table shows of ``move`` through the interface: the trick it completed, the
    stock closed, the marriage partner shown with a lead, the reply awaited after closing."""
    won = sum(deal.side_tricks(x) for x in range(deal.sides))
    won_after = sum(after.side_tricks(x) for x in range(after.sides))
    if won_after > won:
        assert won_after == won + 1 and isinstance(move, Play)
        last = after.last_trick_cards
        assert last is not None
        leader, cards, winner = last
        assert leader == deal.leader and len(cards) == deal.seats
        assert cards == (*deal.trick_cards, move.card)
        side = after.side(winner)
        assert after.side_tricks(side) == deal.side_tricks(side) + 1
        assert after.is_over or after.leader == winner
    else:
        assert after.last_trick_cards == deal.last_trick_cards
    # Only two players close, once, and a closed stock is not open.
    if move in (CLOSE, CLOSE_UNDRAWN):
        assert deal.seats == 2 and deal.closer is None and after.closer == deal.to_move
    else:
        assert after.closer == deal.closer
    assert after.closer is None or not after.stock_open
    # With two players the partner of a marriage is shown with the lead until the answer.
    shown = after.shown_with_lead
    if isinstance(move, Marriage) and deal.seats == 2 and not after.is_over:
        assert shown == CARDS[move.card.index ^ 1] and after.trick_cards == (move.card,)
    elif shown is not None:
        assert (
            after.trick_cards == deal.trick_cards and after.shown_with_lead == deal.shown_with_lead
        )
    if shown is not None:
        assert shown in after.hand(after.leader)
    # The closer's opponent is asked about the exchange, and may always pass.
    if after.awaiting_reply:
        assert after.closer is not None and after.to_move not in (None, after.closer)
        assert PASS in after.legal_moves()


def _random_move(deal: Deal, rng: random.Random) -> Move:
    """A legal move at random; a declaration of 66 seldom, so that most deals are played long."""
    legal = deal.legal_moves()
    rest = [m for m in legal if not is_declaration(m)]
    return rng.choice(rest if rest and rng.random() > 0.05 else legal)


def _playout(rules: RuleSet, seed: int) -> Deal:
    rng = random.Random(seed)
    game = game_for(rules)
    deal = game.new_deal(rng, dealer=seed % game.seats)
    assert deal.seats == game.seats and deal.sides == game.sides
    dealt = _cards_in_play(deal)
    turned = 1 if rules.face_up else 0
    assert dealt <= rules.pack_size
    assert dealt >= rules.seats * rules.hand_size + turned
    while not deal.is_over:
        _check_step(deal, rng, dealt)
        move = _random_move(deal, rng)
        after = deal.apply(move)
        assert deal.apply(move) == after, "apply is deterministic"
        _check_record(deal, move, after)
        if isinstance(move, Play | Marriage) and not after.is_over:
            assert move.card in after.trick_cards or not after.trick_cards
        deal = after
    result = deal.result
    assert result is not None and deal.to_move is None
    assert not deal.legal_moves()
    assert len(result.game_points) == game.sides and len(result.scores) == game.sides
    assert result.winner is None or 0 <= result.winner < game.sides
    if result.winner is not None:
        assert result.game_points[result.winner] == max(result.game_points) > 0
    return deal


@pytest.mark.parametrize("name", sorted(ALL_PRESETS))
def test_random_playouts_keep_the_interface_s_promises(name: str) -> None:
    rules = ALL_PRESETS[name]
    for seed in range(6):
        _playout(rules, seed)


def test_the_same_seed_plays_the_same_deal() -> None:
    for name in ("classic", "three", "four"):
        a, b = _playout(ALL_PRESETS[name], 11), _playout(ALL_PRESETS[name], 11)
        assert a == b


def test_a_deal_from_a_given_order_puts_the_cards_where_each_engine_deals_them() -> None:
    for spec in ("schnapsen", "three", "four"):
        rules = parse_rules(spec)
        game = game_for(rules)
        order = [c for c in _pack(rules)]
        random.Random(5).shuffle(order)
        deal = game.new_deal(order=order)
        again = game.new_deal(order=order)
        assert deal == again
        leader = deal.to_move
        assert leader is not None
        # The first hand dealt is the hand of the seat that leads.
        assert sorted(deal.hand(leader)) == sorted(order[: rules.hand_size])


def _pack(rules: RuleSet) -> list[object]:
    from tutor.engine import cards_of_mask

    return list(cards_of_mask(rules.pack_mask)) * rules.copies


def test_seat_names_and_sides() -> None:
    assert [game_for(ALL_PRESETS[n]).seat_names for n in ("classic", "three", "four")] == [
        "AB",
        "ABC",
        "ABCD",
    ]
    four = game_for(ALL_PRESETS["four"])
    assert [four.side_name(s) for s in range(four.sides)] == ["A+C", "B+D"]
    three = game_for(ALL_PRESETS["three"])
    assert [three.side_name(s) for s in range(three.sides)] == ["A", "B", "C"]

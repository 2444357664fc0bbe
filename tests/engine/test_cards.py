import itertools

import pytest

from tutor.engine import CARDS, Card, CardError, Rank, Suit, cut_winner, parse_cards


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert eval(repr(card)) is card
    assert Card.of(card.rank, card.suit) is card


def test_notation_variants() -> None:
    assert Card.parse("td") is Card.parse("10d")
    assert Card.parse(" qH ") is Card.of(Rank.QUEEN, Suit.HEARTS)
    assert parse_cards("Ah, 10h Kc") == (Card.parse("Ah"), Card.parse("10h"), Card.parse("Kc"))


@pytest.mark.parametrize("bad", ["", "Q", "Xh", "Qx", "11c", "Qhh", "1c"])
def test_bad_notation_lists_what_is_valid(bad: str) -> None:
    with pytest.raises(CardError) as err:
        Card.parse(bad)
    assert "A 10 K Q J 9 8 7" in str(err.value)
    assert "c s h d" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_rank_order_and_cards_immutable() -> None:
    order = [Rank.parse(s) for s in ["A", "10", "K", "Q", "J", "9", "8", "7"]]
    assert all(a.beats(b) for a, b in itertools.pairwise(order))
    with pytest.raises(AttributeError):
        Card.parse("Ah").rank = Rank.TEN  # type: ignore[misc]


def test_cutting_prefers_rank_then_suit_order() -> None:
    assert cut_winner(Card.parse("Ad"), Card.parse("Kc")) == 0
    assert cut_winner(Card.parse("Kd"), Card.parse("Kc")) == 1
    assert cut_winner(Card.parse("Ks"), Card.parse("Kh")) == 0

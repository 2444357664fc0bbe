"""The deal editor's ``Setup``: each refusal with its reason (a card twice, a card not in the
pack, a full hand, a face-up card where none lies or one lies already, the duty to follow, a
trick taken back out of order), the cards a change of rules takes out, filling the rest at
random, the tricks played counted into the scores, pasted text with the reader's messages,
and every moment of seeded random deals of every preset set up again to the same deal."""

from __future__ import annotations

import random

import pytest

from tests.formats.test_table_positions import canonical
from tutor.engine import PRESETS, TABLE_PRESETS, State, TableState, preset
from tutor.engine.game import game_for
from tutor.formats.positions import position_dump, position_to_dict
from tutor.teach.studio.reading import setup_from_data, setup_from_text
from tutor.teach.studio.setup import (
    PAST,
    STOCK,
    TRICK,
    TRUMP,
    Place,
    Refusal,
    Setup,
    hand,
)
from tutor.words.i18n import get_translator
from tutor.words.studio_page import refusal_text


def put_all(setup: Setup, cards: str, place: Place) -> Setup:
    """Every card put, each step expected to be taken."""
    for card in cards.split():
        step = setup.put(card, place)
        assert isinstance(step, Setup), (card, step)
        setup = step
    return setup


def refused(result: Setup | Refusal, reason: str) -> Refusal:
    assert isinstance(result, Refusal), result
    assert result.id == reason, result
    for lang in ("en", "de", "pl"):
        said = refusal_text(result, get_translator(lang))
        assert said and "{" not in said, (lang, said)
    return result


#: The first worked deal (positions/ex1-start.yaml), set up card by card.
EX1 = {
    "A": "10h Kh 9h 10c Kc Qc",
    "B": "Jh As Ks Qs Ad Kd",
    "stock": "10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd",
}


def ex1() -> Setup:
    s = put_all(Setup(), "Ah", TRUMP)
    s = put_all(s, EX1["A"], hand(0))
    s = put_all(s, EX1["B"], hand(1))
    return put_all(s, EX1["stock"], STOCK)


def test_a_deal_set_up_card_by_card_is_the_engine_deal() -> None:
    s = ex1()
    assert s.missing() == 0 and s.to_move == 0
    deal = s.deal()
    assert isinstance(deal, State)
    assert str(deal.trump_card_value) == "Ah" and deal.to_move == 0
    assert [str(c) for c in deal.stock_cards] == EX1["stock"].split()


def test_refusals_name_the_card_and_the_reason() -> None:
    s = put_all(Setup(), "Ah", TRUMP)
    twice = refused(s.put("Ah", hand(1)), "placed")
    assert twice.args == {"card": "Ah", "place": "trump"}
    assert refusal_text(twice, get_translator("en")) == (
        "The ace of hearts is placed already: the face-up trump card."
    )
    refused(s.put("7c", hand(0)), "not_in_pack")  # classic plays with 24 cards
    refused(s.put("Qx", hand(0)), "not_in_pack")
    refused(s.put("Kh", TRUMP), "trump_taken")
    full = put_all(s, EX1["A"], hand(0))
    too_many = refused(full.put("Jd", hand(0)), "hand_full")
    assert too_many.args["seat"] == "A"
    refused(put_all(s, EX1["stock"], STOCK).put("Kd", STOCK), "stock_full")
    refused(put_all(Setup("named_trump"), "", TRUMP).put("Ah", TRUMP), "no_face_up")


def test_a_trump_card_not_in_the_pack_is_refused() -> None:
    refused(Setup().put("7h", TRUMP), "not_in_pack")
    s = Setup().with_preset("pack32")
    assert not isinstance(s, Refusal)
    assert isinstance(s[0].put("7h", TRUMP), Setup)


def test_the_two_pack_game_holds_a_card_twice_but_not_three_times() -> None:
    made = Setup().with_preset("four")
    assert not isinstance(made, Refusal)
    s = put_all(made[0], "Ac Ac", hand(0))
    assert s.hands[0] == ("Ac", "Ac")
    refused(s.put("Ac", hand(1)), "placed")


def test_the_duty_to_follow_where_the_history_shows_it() -> None:
    # A deals, B leads the ace of spades, C holds a spade.
    made = Setup().with_preset("three")
    assert not isinstance(made, Refusal)
    t = put_all(made[0].with_dealer(0), "Qc", TRUMP)
    t = put_all(t, "Ks 10s", hand(1))
    t = put_all(t, "Kd 9s", hand(2))
    t = put_all(t, "As", TRICK)
    # The stock is not used up: anything may be played.
    assert not t.stock_used_up() and isinstance(t.put("Jd", TRICK), Setup)
    # Two tricks later the stock's 6 cards are drawn (the face-up card stays): C must follow.
    u = put_all(t.take("As", TRICK), "Ah 9h Kh 10h Jh 8h", PAST)  # type: ignore[arg-type]
    assert u.stock_used_up() and u.next_leader() == 1
    u = put_all(u, "As", TRICK)
    broke = refused(u.put("Jd", TRICK), "must_follow")
    assert broke.args["seat"] == "C" and broke.args["held"] == "9s"
    assert isinstance(u.put("Qs", TRICK), Setup)
    refused(put_all(u, "Qs", TRICK).put("Js", TRICK), "trick_full")
    # With two, the face-up card drawn shows the stock used up.
    two = Setup().with_trump_suit("h")
    assert isinstance(two, Setup) and two.stock_used_up()


def test_a_suit_not_followed_under_the_duty_is_not_held_later() -> None:
    made = Setup().with_preset("three")
    assert not isinstance(made, Refusal)
    # A deals; two tricks empty the stock's 6 cards (the face-up card stays out of play).
    s = put_all(made[0].with_dealer(0), "Qc", TRUMP)
    s = put_all(s, "Ah 9h Kh 10h Jh 8h", PAST)
    s = put_all(s, "9s", hand(2))
    # The third trick is played under the duty: C holds a spade and must follow.
    s = put_all(s, "As", PAST)
    broke = refused(s.put("Jd", PAST), "must_follow")
    assert broke.args["held"] == "9s"
    back = s.take("9s", hand(2))
    assert isinstance(back, Setup)
    s = put_all(back, "Jd", PAST)  # C had no spade then ...
    assert s.renounced(2) == {"s": "As"}
    shown = refused(s.put("9s", hand(2)), "renounced")  # ... so C holds none now
    assert refusal_text(shown, get_translator("en")) == (
        "The nine of spades cannot be with C: C did not follow suit to the ace of spades "
        "when it had to."
    )
    s = put_all(s, "Ks", PAST)
    refused(put_all(s, "Qh", PAST).put("Js", PAST), "renounced")  # nor plays one later
    # Before the stock is used up, anything may be played and held.
    early = put_all(made[0].with_dealer(0), "Qc", TRUMP)
    early = put_all(early, "As Jd", PAST)
    assert early.renounced(2) == {} and isinstance(early.put("9s", hand(2)), Setup)


def test_tricks_are_taken_back_from_the_last_card() -> None:
    s = put_all(Setup(), "Ah", TRUMP)
    s = put_all(s, "10c Kc", PAST)
    refused(s.take("10c", PAST), "later_first")
    back = s.take("Kc", PAST)
    assert isinstance(back, Setup) and back.past[0].cards == ("10c",)
    refused(s.take("Qs", hand(0)), "not_there")
    moved = s.move("Kc", PAST, hand(1))
    assert isinstance(moved, Setup) and moved.hands[1] == ("Kc",)
    assert s.clear() == Setup()


def test_the_tricks_played_are_counted_by_the_reader() -> None:
    # Hearts are trumps; A leads the ten of clubs and B takes it with the ace: 21 points to B,
    # who leads next.
    s = put_all(Setup(), "Ah", TRUMP)
    s = put_all(s, "10c Ac", PAST)
    assert s.past[0].leader == 0 and s.next_leader() == 1 and s.to_move == 1
    refused(s.put("Kc", PAST).put("Kd", TRICK), "past_open")  # type: ignore[union-attr]
    refused(put_all(s, "Kc", TRICK).put("Qc", PAST), "trick_open")
    deal = s.fill(seed=5).deal()
    assert isinstance(deal, State), refusal_text(deal, get_translator("en"))
    assert deal.points == (0, 21) and deal.tricks == (0, 1) and deal.to_move == 1


def test_a_table_history_gives_the_scores() -> None:
    made = Setup().with_preset("three")
    assert not isinstance(made, Refusal)
    s = put_all(made[0].with_dealer(0), "Qc", TRUMP)
    s = put_all(s, "Ah 9h Kh", PAST)  # A deals, B leads the ace of hearts and takes it
    assert s.next_leader() == 1
    data = s.to_data()
    assert data["scores"]["B"] == {"points": 11 + 0 + 4, "tricks": 1}
    assert data["last_trick"] == "B Ah 9h Kh"


def test_a_change_of_rules_takes_out_what_no_longer_fits() -> None:
    made = Setup().with_preset("pack32")
    assert not isinstance(made, Refusal)
    s = put_all(made[0], "7h", TRUMP)
    s = put_all(s, "8c Ac", hand(0))
    back = s.with_preset("classic")
    assert not isinstance(back, Refusal)
    fresh, out = back
    assert out == ("7h", "8c") and fresh.hands[0] == ("Ac",) and fresh.trump is None
    refused(s.with_preset("clasic"), "unknown_preset")
    to_four = s.with_preset("four")
    assert not isinstance(to_four, Refusal) and to_four[0].seats == 4


@pytest.mark.parametrize("name", ["classic", "schnapsen", "named_trump", "three", "four"])
def test_the_rest_filled_at_random_gives_a_deal(name: str) -> None:
    made = Setup().with_preset(name)
    assert not isinstance(made, Refusal)
    s = made[0]
    start = s.put("As", hand(1))
    assert isinstance(start, Setup)
    full = start.fill(seed=11)
    assert full == start.fill(seed=11) and full != start.fill(seed=12)
    assert full.missing() == 0 and full.hands[1][0] == "As"
    deal = full.deal()
    assert isinstance(deal, State | TableState), refusal_text(deal, get_translator("en"))


def test_an_incomplete_setup_says_how_many_cards_are_missing() -> None:
    s = put_all(Setup(), "Ah Kh", hand(0))
    missing = refused(s.deal(), "missing")
    assert missing.args == {"count": 22}
    assert refusal_text(missing, get_translator("en")) == "22 cards are still to place."


def test_pasted_text_is_read_by_the_position_reader() -> None:
    deal = ex1().deal()
    assert isinstance(deal, State)
    s = setup_from_text(position_dump(deal))
    assert isinstance(s, Setup) and s.deal() == deal
    bad = "preset: classic\nto_move: A\ntrump: Ah\nhands: {A: 10h Kh 9h 10c Kc Qx, B: Jh}\n"
    refusal = setup_from_text(bad)
    assert isinstance(refusal, Refusal) and refusal.error is not None
    de = refusal_text(refusal, get_translator("de"))
    assert de.startswith("text:4: hands.A") and "Qx" in de
    view = setup_from_text(
        "preset: classic\nto_move: A\ntrump: Ah\nhand: 10h Kh 9h 10c Kc Qc\n"
        "opponent: {unknown: 6}\nstock: 11\n"
    )
    refused(view, "view")


@pytest.mark.parametrize("name", [*PRESETS, *TABLE_PRESETS])
def test_every_moment_of_random_deals_sets_up_again(name: str) -> None:
    game = game_for(preset(name))
    moments = 0
    for seed in range(4):
        rng = random.Random(seed)
        deal = game.new_deal(rng, dealer=seed % game.seats)
        while not deal.is_over:
            setup = setup_from_data(position_to_dict(deal))
            assert isinstance(setup, Setup), (seed, setup)
            want = canonical(deal) if isinstance(deal, TableState) else deal
            assert setup.deal() == want
            moments += 1
            deal = deal.apply(rng.choice(deal.legal_moves()))
    assert moments > 30

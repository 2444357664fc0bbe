import random

from tutor.engine import EndKind, Match, MatchMode, NextDealer, Outcome, cut_for_dealer, preset


def outcome(winner: int | None, gp: int, scores: tuple[int, int]) -> Outcome:
    points = (0, 0) if winner is None else ((gp, 0) if winner == 0 else (0, gp))
    return Outcome(EndKind.OUT, winner, points, scores, winner, "score.simple")


def test_match_to_seven_game_points_and_alternating_dealer() -> None:
    m = Match.start(preset("kurnik"), dealer=0)
    for _ in range(2):
        m = m.record(outcome(1, 3, (30, 70)))
    assert m.scores == (0, 6) and m.winner is None and m.dealer == 0
    m = m.record(outcome(1, 1, (40, 66)))
    assert m.winner == 1 and m.scores == (0, 7)


def test_winner_deals_next_under_classic() -> None:
    assert preset("classic").next_dealer is NextDealer.WINNER
    m = Match.start(preset("classic"), dealer=0).record(outcome(1, 1, (40, 70)))
    assert m.dealer == 1
    m = m.record(outcome(0, 1, (70, 40)))
    assert m.dealer == 0


def test_the_winner_deals_and_a_draw_keeps_the_dealer_under_pagat() -> None:
    # pagat: "The winner of the hand becomes the dealer for the next hand" (audit BUG-3)
    for name in ("pagat", "classic"):
        m = Match.start(preset(name), dealer=0)
        assert m.record(outcome(0, 1, (70, 40))).dealer == 0, name  # A dealt and won: A again
        assert m.record(outcome(None, 0, (65, 65))).dealer == 0, name  # a draw: the same
        assert m.record(outcome(1, 1, (40, 70))).dealer == 1, name
    m = Match.start(preset("kurnik"), dealer=0)  # Kurnik: the players take turns
    assert m.record(outcome(0, 1, (70, 40))).dealer == 1
    assert m.record(outcome(None, 0, (65, 65))).dealer == 1


def test_five_deals_by_card_points() -> None:
    rules = preset("classic").with_changes(match_mode=MatchMode.FIVE_DEALS)
    m = Match.start(rules, dealer=0)
    for i in range(4):
        m = m.record(outcome(0, 3, (70, 20 + i)))
    assert m.winner is None
    m = m.record(outcome(1, 1, (40, 90)))
    assert m.scores == (320, 176) and m.winner == 0


def test_first_to_a_thousand_card_points() -> None:
    rules = preset("classic").with_changes(match_mode=MatchMode.THOUSAND)
    m = Match.start(rules, dealer=0)
    deals = 0
    while m.winner is None:
        m = m.record(outcome(0, 1, (90, 40)))
        deals += 1
    assert deals == 12 and m.scores[0] == 1080


def test_cut_for_dealer_is_the_higher_card() -> None:
    for seed in range(50):
        a, b, dealer = cut_for_dealer(preset("classic"), random.Random(seed))
        assert a != b
        higher = a if (a.rank, a.suit) < (b.rank, b.suit) else b
        assert (a, b)[dealer] == higher

"""The two worked deals of 000, error types, and the deal's bookkeeping."""

from __future__ import annotations

import pytest
from conftest import EX1, EX1_MOVES, EX2, EX2_MOVES, position

from tutor.engine import (
    Card,
    DealError,
    Ending,
    EndKind,
    IllegalMoveError,
    Marriage,
    MoveError,
    Play,
    UnknownPresetError,
    apply,
    check,
    is_declaration,
    legal_moves,
    new_deal,
    parse_move,
    parse_rules,
    play_moves,
    preset,
    scoring,
)


def test_example_1_ends_91_to_25_with_2_game_points() -> None:
    s = position("classic", EX1_MOVES, **EX1)
    assert s.result is not None
    assert s.result.scores == (91, 25)
    assert s.result.game_points == (2, 0)
    assert s.result.kind is EndKind.OUT and s.result.rule_id == "score.schneider"


def test_example_1_step_by_step_counts() -> None:
    s = position("classic", EX1_MOVES[:2], **EX1)
    assert s.points == (14, 0) and Card.parse("10s") in s.hand(0)
    assert Card.parse("9d") in s.hand(1)
    s = play_moves(s, EX1_MOVES[2:4])  # exchange, 20 with the queen of clubs
    assert s.score(0) == 34 and str(s.trump_card_value) == "9h"
    s = play_moves(s, EX1_MOVES[4:7])
    assert s.score(1) == 25 and s.score(0) == 47


def test_example_2_ends_75_to_0_schwarz() -> None:
    s = position("classic", EX2_MOVES, **EX2)
    assert s.result is not None
    assert s.result.scores == (0, 75)
    assert s.tricks[0] == 0
    assert s.result.game_points == (0, 3)
    assert s.result.rule_id == "score.schwarz"


def test_example_2_under_kurnik_fails_at_the_marriage_after_closing() -> None:
    with pytest.raises(IllegalMoveError) as err:
        position("kurnik", EX2_MOVES, **EX2)
    assert err.value.move == Marriage(Card.parse("Qd"))
    assert err.value.rule_ids == ("marriage.in_phase2",)


def test_example_1_under_kurnik_needs_no_trick_for_the_marriage_but_no_out_before_lead() -> None:
    # Under kurnik the declaration is judged at once: after 47 points A declares falsely.
    s = position("kurnik", EX1_MOVES[:7], **EX1)
    assert s.score(0) == 47
    end = apply(s, parse_move("out"))
    assert end.result is not None and end.result.kind is EndKind.FALSE_OUT


def test_illegal_move_error_carries_rule_ids() -> None:
    s = position("classic", **EX1)
    with pytest.raises(IllegalMoveError) as err:
        apply(s, Play(Card.parse("As")))  # B's card
    assert err.value.rule_ids == ("card.in_hand",)
    assert isinstance(err.value, ValueError)


def test_move_notation_round_trips_and_errors() -> None:
    for text in ("Qh", "10c", "marry Kc", "marry Qs out", "exchange", "close", "out"):
        assert str(parse_move(text)) == text
    for bad in ("Zz", "marry", "marry Qh now", "draw"):
        with pytest.raises(MoveError) as err:
            parse_move(bad)
        assert "marry Qh" in str(err.value)


def test_unknown_preset_lists_valid_ones() -> None:
    with pytest.raises(UnknownPresetError) as err:
        preset("sixty")
    for name in ("classic", "kurnik", "pagat", "sharpened", "pack32", "schnapsen"):
        assert name in str(err.value)
    with pytest.raises(UnknownPresetError) as err2:
        parse_rules("classic(no.such=1)")
    assert "phase2.duty" in str(err2.value)


def test_bad_deals_are_refused_with_details() -> None:
    with pytest.raises(DealError, match="9s is dealt twice"):
        new_deal(
            preset("classic"),
            hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad 9s"),
            trump_card="Ah",
            stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd",
        )
    with pytest.raises(DealError, match="not in the classic pack"):
        new_deal(
            preset("classic"),
            hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad 8s"),
            trump_card="Ah",
            stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd",
        )


def test_check_agrees_with_legal_moves_on_the_examples() -> None:
    from tutor.engine import CARDS, CLOSE, DECLARE_OUT, EXCHANGE

    for setup, moves in ((EX1, EX1_MOVES), (EX2, EX2_MOVES)):
        s = position("classic", **setup)
        for m in moves:
            everything = (
                [Play(c) for c in CARDS]
                + [Marriage(c) for c in CARDS]
                + [Marriage(c, True) for c in CARDS]
                + [EXCHANGE, CLOSE, DECLARE_OUT]
            )
            legal = set(legal_moves(s))
            for candidate in everything:
                assert check(s, candidate).legal == (candidate in legal), (candidate, s)
            s = apply(s, parse_move(m))


def test_known_cards_follow_marriages_and_the_drawn_trump() -> None:
    s = position("classic", EX1_MOVES[:4], **EX1)  # A exchanged 9h and showed Kc with 20
    assert s.known[0] & Card.parse("Kc").bit  # B saw the king of clubs
    assert s.known[0] & Card.parse("Ah").bit  # and the ace of hearts A took


def test_declarations_are_out_alone_or_with_a_marriage() -> None:
    moves = [parse_move(t) for t in ("out", "marry Kc out", "marry Kc", "Kc", "close", "exchange")]
    assert [is_declaration(m) for m in moves] == [True, True, False, False, False, False]


def test_marriage_value_is_higher_in_trumps() -> None:
    rules = preset("classic")
    assert rules.marriage_value(2, 2) == rules.trump_marriage_points == 40
    assert rules.marriage_value(0, 2) == rules.marriage_points == 20


def test_the_scoring_of_both_worked_deals_is_the_outcome() -> None:
    for moves, deal in ((EX1_MOVES, EX1), (EX2_MOVES, EX2)):
        s = position("classic", moves, **deal)
        assert s.result is not None
        gp = s.result.game_points
        won = (1 if s.tricks[0] else 0) | (2 if s.tricks[1] else 0)
        trickless = 1 if s.closed_opp_tricks == 0 else 0
        sc = scoring(s.rules)
        facts = (s.score(0), s.score(1), won, s.closed_by, trickless)
        declarer = s.result.player
        why: list[Ending] = []
        if s.result.kind in (EndKind.OUT, EndKind.FALSE_OUT):
            assert declarer is not None
            net = sc.declare(declarer, *facts, why)
        else:
            net = sc.end_of_cards(*facts, s.last_trick[3] if s.last_trick else 0, why)
        (ending,) = why
        assert net == ending[0] == gp[0] - gp[1]
        assert ending[1:] == (
            s.result.kind,
            s.result.winner,
            max(gp),
            s.result.player,
            s.result.rule_id,
        )

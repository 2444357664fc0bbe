"""pagat's two closing rules: closing before drawing (``close.before_draw``) and the closer's
opponent's exchange at the moment of closing (``close.opponent_exchange``), each with its
effect under pagat and the opposite under a preset without it."""

from __future__ import annotations

import random

import pytest
import yaml

from tutor.engine import (
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    EXCHANGE,
    PASS,
    PRESETS,
    Card,
    IllegalMoveError,
    Play,
    State,
    Wait,
    apply,
    check,
    legal_moves,
    new_deal,
    parse_move,
    parse_rules,
    play_moves,
    preset,
    random_deal,
)
from tutor.formats.position_writer import position_dump
from tutor.formats.positions import PositionError, read_position
from tutor.search import PLAYERS, Solver, rank_moves
from tutor.words.explain import (
    choice_label,
    describe_move,
    explain_verdict,
    rule_text,
    waiting_prompt,
)
from tutor.words.i18n import get_translator

# Trump diamonds (Ad face up); A leads. B holds the trump nine.
E5 = dict(
    hands=("Kh Qh Jd Ac 10c 9s", "Ah Jh Kc Qc 10s 9d"),
    trump_card="Ad",
    stock="Jc 9c As Ks Qs 10h 10d Kd Qd Js 9h",
)


def deal(name: str) -> State:
    return new_deal(preset(name), **E5)  # type: ignore[arg-type]


def c(text: str) -> Card:
    return Card.parse(text)


# ----------------------------------------------------------------------------- before drawing


def test_the_winner_of_a_trick_chooses_before_drawing_under_pagat() -> None:
    s = play_moves(deal("pagat"), ["Ac", "10s"])  # A wins the first trick
    assert s.waiting is Wait.DRAW and s.to_move == 0
    assert legal_moves(s) == (PASS, CLOSE_UNDRAWN)
    assert len(s.hand(0)) == len(s.hand(1)) == 5 and s.stock_size == 12
    # nothing else may be played before the choice, and the rule says why; a plain close is
    # the close on lead, after drawing
    assert not check(s, CLOSE).legal
    v = check(s, Play(c("Kh")))
    assert not v.legal and v.rule_ids == ("close.before_draw",)
    assert not check(s, DECLARE_OUT).legal
    # drawing: the top card to the winner, the next to the other player
    drawn = apply(s, PASS)
    assert drawn.waiting is Wait.NOTHING and c("Jc") in drawn.hand(0) and c("9c") in drawn.hand(1)
    assert drawn.stock_size == 10 and drawn.closed_by < 0
    # closing before drawing: both go on with five cards, the stock stays as it was
    closed = apply(s, CLOSE_UNDRAWN)
    assert closed.closed_by == 0 and closed.stock_cards == s.stock_cards
    assert len(closed.hand(0)) == len(closed.hand(1)) == 5
    assert closed.phase2
    # B holds the nine: the exchange at closing is offered before A leads
    assert closed.waiting is Wait.REPLY and closed.to_move == 1


def test_without_close_before_draw_the_winner_draws_at_once() -> None:
    for name in ("kurnik", "classic"):
        s = play_moves(deal(name), ["Ac", "10s"])
        assert s.waiting is Wait.NOTHING and len(s.hand(0)) == 6
        assert PASS not in legal_moves(s)
        v = check(s, PASS)
        assert not v.legal and v.rule_ids == ("pass.nothing",)
    # closing before drawing is refused with the rule these presets follow
    v = check(s, CLOSE_UNDRAWN)
    assert not v.legal and v.rule_ids == ("close.before_draw",)
    text = explain_verdict(v, s.rules, get_translator("en"))
    assert "only by the player on lead, after drawing" in text
    # and pagat with the switch off draws at once as well
    off = new_deal(parse_rules("pagat(close.before_draw=false)"), **E5)  # type: ignore[arg-type]
    assert play_moves(off, ["Ac", "10s"]).waiting is Wait.NOTHING


def test_no_choice_before_drawing_after_the_last_draw_or_a_close() -> None:
    rng = random.Random(7)
    rules = PRESETS["pagat"]
    waits = 0
    for _ in range(300):
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None:
            if s.waiting is Wait.DRAW:
                waits += 1
                assert s.stock_open and s.lead < 0 and s.last_trick is not None
                assert len(s.hand(0)) == len(s.hand(1)) == rules.hand_size - 1
            s = apply(s, rng.choice(legal_moves(s)))
    assert waits > 300


# ----------------------------------------------------------------------------- exchange at closing


def test_the_closers_opponent_may_exchange_the_nine_at_closing_without_a_trick() -> None:
    """Audit G6 (snippet E5): A closes at the first lead; B, without a trick, holds 9d."""
    s = apply(deal("pagat"), CLOSE)
    assert s.waiting is Wait.REPLY and s.to_move == 1 and s.tricks == (0, 0)
    assert legal_moves(s) == (EXCHANGE, PASS)
    v = check(s, EXCHANGE)
    assert v.legal and v.rule_ids == ("close.opponent_exchange",)
    after = apply(s, EXCHANGE)
    assert c("Ad") in after.hand(1) and c("9d") not in after.hand(1)
    assert str(after.trump_card_value) == "9d" and after.to_move == 0 and after.phase2
    assert after.known[1] & c("Ad").bit  # A saw B take the ace
    kept = apply(s, PASS)
    assert kept.hands == s.hands and kept.to_move == 0 and str(kept.trump_card_value) == "Ad"
    # A may not lead before B has chosen
    v = check(s, Play(c("Ac")))
    assert not v.legal and v.rule_ids == ("close.opponent_exchange",)


def test_the_opponent_without_the_nine_is_asked_too_and_can_only_pass() -> None:
    """A pass tells the closer nothing: the choice comes whether or not the nine is held."""
    hands = ("Kh Qh 9d Ac 10c 9s", "Ah Jh Kc Qc 10s Js")
    s = new_deal(
        preset("pagat"), hands=hands, trump_card="Ad", stock="Jc 9c As Ks Qs 10h 10d Kd Qd Jd 9h"
    )
    s = apply(s, CLOSE)
    assert s.waiting is Wait.REPLY and legal_moves(s) == (PASS,)
    v = check(s, EXCHANGE)
    assert not v.legal and v.rule_ids == ("exchange.card",)


def test_without_the_switch_the_closer_leads_at_once() -> None:
    """kurnik: the audit's E5, B may not exchange on the follow, nor at the close."""
    s = apply(deal("kurnik"), CLOSE)
    assert s.waiting is Wait.NOTHING and s.to_move == 0
    after_lead = apply(s, Play(c("Ac")))
    assert not check(after_lead, EXCHANGE).legal
    off = apply(new_deal(parse_rules("pagat(close.opponent_exchange=false)"), **E5), CLOSE)  # type: ignore[arg-type]
    assert off.waiting is Wait.NOTHING


def test_scripts_pass_the_choices_they_skip() -> None:
    """A move list names the moves made; a card after a trick means the winner drew, a lead
    after a close that the opponent kept the nine."""
    s = play_moves(deal("pagat"), ["Ac", "10s", "Jc"])
    assert s.lead_card == c("Jc") and s.stock_size == 10
    u = play_moves(deal("pagat"), ["Ac", "10s", "close"])  # a plain close: after drawing
    assert u.closed_by == 0 and len(u.hand(0)) == 6 and u.stock_size == 10
    v = play_moves(deal("pagat"), ["Ac", "10s", "close before draw"])
    assert v.closed_by == 0 and len(v.hand(0)) == 5 and v.stock_size == 12
    with pytest.raises(IllegalMoveError):  # not on lead later on
        play_moves(deal("pagat"), ["Ac", "10s", "pass", "close before draw"])
    t = play_moves(deal("pagat"), ["close", "Ac"])
    assert t.lead_card == c("Ac") and c("9d") in t.hand(1)
    with pytest.raises(IllegalMoveError):
        apply(deal("pagat"), PASS)


# ----------------------------------------------------------------------------- search and play


def test_the_solver_values_both_choices_exactly() -> None:
    """With the stock closed before drawing the game is small: the solver ranks both choices,
    and the value of the choice is the better of the two."""
    rules = preset("pagat")
    rng = random.Random(3)
    checked = 0
    for _ in range(200):
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None and not (s.waiting is Wait.DRAW and s.stock_size <= 4):
            s = apply(
                s, rng.choice([m for m in legal_moves(s) if m != CLOSE_UNDRAWN] or legal_moves(s))
            )
        if s.result is not None:
            continue
        ranked = rank_moves(s)
        assert {m.move for m in ranked} == {PASS, CLOSE_UNDRAWN}
        solver = Solver(s)
        assert solver.value(s) == max(m.game_points for m in ranked)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


@pytest.mark.parametrize("name", ["random", "beginner", "greedy", "club", "expert"])
def test_every_computer_player_makes_the_choices(name: str) -> None:
    player = PLAYERS[name]
    rng = random.Random(name)
    s = play_moves(deal("pagat"), ["Ac", "10s"])
    assert player(s, rng) in (PASS, CLOSE_UNDRAWN)
    r = apply(deal("pagat"), CLOSE)
    move = player(r, rng)
    assert move in (EXCHANGE, PASS)
    if name in ("club", "expert", "greedy", "beginner"):
        assert move == EXCHANGE  # the face-up ace is worth more than the nine


# ----------------------------------------------------------------------------- words and files


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_choices_are_explained_in_every_language(lang: str) -> None:
    tr = get_translator(lang)
    en = get_translator("en")
    rules = preset("pagat")
    s = play_moves(deal("pagat"), ["Ac", "10s"])
    r = apply(deal("pagat"), CLOSE)
    texts = [
        rule_text("close.before_draw", rules, tr),
        rule_text("close.opponent_exchange", rules, tr),
        explain_verdict(check(s, Play(c("Kh"))), rules, tr, you=True),
        explain_verdict(check(r, EXCHANGE), rules, tr),
        waiting_prompt(s, tr),
        waiting_prompt(r, tr),
        choice_label(s, PASS, tr),
        choice_label(s, CLOSE_UNDRAWN, tr),
        choice_label(r, PASS, tr),
        describe_move(s, CLOSE_UNDRAWN, tr),
        describe_move(r, PASS, tr),
    ]
    assert all(texts)
    if lang != "en":  # translated, not the English text
        english = [
            rule_text("close.before_draw", rules, en),
            waiting_prompt(s, en),
            choice_label(s, PASS, en),
        ]
        assert not set(english) & set(texts)
    assert "pagat" in rule_text("close.before_draw", rules, tr)


def test_positions_keep_the_choice() -> None:
    for moves in (["Ac", "10s"], ["close"], ["Ac", "10s", "close"]):
        s = play_moves(deal("pagat"), moves) if moves != ["close"] else apply(deal("pagat"), CLOSE)
        text = position_dump(s)
        assert "waiting:" in text
        assert read_position(text).subject == s


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"waiting": "later"}, "waiting"),
        ({"waiting": "draw", "preset": "kurnik"}, "waiting"),
        ({"waiting": "reply"}, "last_trick"),
    ],
)
def test_a_wrong_waiting_field_is_refused_where_it_is(change: dict[str, str], field: str) -> None:
    s = play_moves(deal("pagat"), ["Ac", "10s"])
    data = yaml.safe_load(position_dump(s))
    data.update(change)
    with pytest.raises(PositionError) as err:
        read_position(yaml.safe_dump(data))
    assert field in str(err.value)


def test_the_analysis_offers_the_choices() -> None:
    from tutor.teach.hints.analysis import situation

    s = play_moves(deal("pagat"), ["Ac", "10s"])
    sit = situation(s)
    assert sit.rule_ids == ("close.before_draw",)
    assert {v.move for v in sit.verdicts if v.legal} == {PASS, CLOSE_UNDRAWN}
    assert parse_move("pass") == PASS

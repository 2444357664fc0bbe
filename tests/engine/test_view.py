"""The player's view: it shows only what the seat may know, its inferences hold, and every
sampled deal gives the same view back."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import (
    PRESETS,
    Card,
    Play,
    State,
    ViewError,
    apply,
    deal_from_view,
    legal_moves,
    new_deal,
    parse_cards,
    preset,
    random_deal,
    sample_state,
    sample_states,
    track_excluded,
    view_of,
)


def _mask(text: str) -> int:
    return sum(c.bit for c in parse_cards(text))


def play_to(name: str, seed: int, steps: int) -> tuple[State, tuple[int, int]]:
    """Random legal moves from a random deal; returns the state after ``steps`` moves (or the
    last one before the end) and each player's inferred exclusions."""
    rng = random.Random(seed)
    s = random_deal(preset(name), rng, dealer=rng.randrange(2))
    excluded = [0, 0]
    for _ in range(steps):
        moves = legal_moves(s)
        move = rng.choice(moves)
        nxt = apply(s, move)
        if nxt.result is not None:
            break
        for p in (0, 1):
            excluded[p] = track_excluded(excluded[p], s, move, p)
        s = nxt
    return s, (excluded[0], excluded[1])


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 40),
    sample_seed=st.integers(0, 10**6),
)
def test_sampled_state_gives_the_same_view(
    name: str, seed: int, steps: int, sample_seed: int
) -> None:
    s, excluded = play_to(name, seed, steps)
    rng = random.Random(sample_seed)
    for p in (0, 1):
        opp = 1 - p
        # The inferences are true of the real deal.
        assert excluded[p] & s.hands[opp] == 0
        view = view_of(s, p, excluded[p])
        sample = sample_state(view, rng)
        assert view_of(sample, p, view.excluded) == view
        # Only hidden cards move: own hand, known cards and the public parts stay.
        assert sample.hands[p] == s.hands[p]
        assert sample.hands[opp] & view.opponent_known == view.opponent_known
        assert sample.hands[opp] & view.excluded == 0
        assert sample.played_mask == s.played_mask
        assert len(sample.stock) == len(s.stock)
        cards = sample.hands[0] | sample.hands[1] | sample.played_mask
        for c in sample.stock:
            cards |= 1 << c
        if sample.trump_card >= 0:
            cards |= 1 << sample.trump_card
        if sample.lead >= 0:
            cards |= 1 << sample.lead
        assert cards == s.rules.pack_mask
        if s.to_move == p:
            assert legal_moves(sample) == legal_moves(s)


def test_view_shows_only_what_the_player_knows() -> None:
    s, _ = play_to("kurnik", 3, 5)
    v = view_of(s, 0)
    assert v.hand == s.hands[0]
    assert v.opponent_hand_size == s.hands[1].bit_count()
    assert v.unseen & s.hands[0] == 0
    # Everything the opponent holds is unseen or shown to this player.
    assert s.hands[1] & ~(v.unseen | v.opponent_known) == 0
    assert v.stock_size == s.stock_size
    # Two deals that differ only in hidden cards look the same.
    other = sample_state(v, random.Random(1))
    assert other != s or v.unseen == 0
    assert view_of(other, 0) == v


def test_sampling_is_repeatable_and_varies() -> None:
    s, _ = play_to("classic", 8, 2)
    v = view_of(s, s.to_move or 0)
    a = sample_states(v, 12, seed=5)
    assert a == sample_states(v, 12, seed=5)
    assert len({x.hands for x in a}) > 1


def test_nothing_to_sample_once_the_stock_is_gone() -> None:
    rng = random.Random(2)
    s = random_deal(preset("kurnik"), rng)
    while s.stock_open:
        s = apply(s, next(m for m in legal_moves(s) if isinstance(m, Play)))
    assert s.result is None
    v = view_of(s, 0)
    assert v.unseen == s.hands[1] & ~v.opponent_known
    assert {x.hands for x in sample_states(v, 5, seed=1)} == {s.hands}


def _phase2_classic() -> State:
    """Classic rules, hearts trump, stock closed by A; A holds 10c Kc, B holds 9s Jd Qh."""
    base = new_deal(
        preset("classic"),
        hands=("Ac 10c Kc As 10s Ks", "9s Jd Qh Qd 9d Kd"),
        trump_card="Ah",
        stock="Qc Jc 9c Qs Js Ad 10d 10h Kh Jh 9h",
    )
    return base._replace(
        hands=(_mask("10c Kc Ks"), _mask("9s Jd Qh")),
        closed_by=0,
        tricks=(1, 1),
        points=(20, 15),
    )


def test_a_discard_shows_a_void_and_a_missing_trump() -> None:
    s = _phase2_classic()
    s = apply(s, Play(Card.parse("10c")))  # A leads a club; B has none but holds a trump
    with pytest.raises(ValueError):
        apply(s, Play(Card.parse("9s")))  # so B must trump
    led = apply(s, Play(Card.parse("Qh")))
    assert led.result is None
    # B trumped: no club in B's hand, trumps still possible.
    ex = track_excluded(0, s, Play(Card.parse("Qh")), 0)
    assert ex & _mask("Ac Qc Jc 9c") == _mask("Ac Qc Jc 9c")
    assert ex & _mask("Ah Kh Jh 9h") == 0
    # A's own moves and moves in the first phase tell A nothing.
    assert track_excluded(0, _phase2_classic(), Play(Card.parse("10c")), 0) == 0
    assert track_excluded(7, s, Play(Card.parse("Qh")), 1) == 7


def test_heading_duty_shows_no_higher_card() -> None:
    # Kurnik: B must head the trick if it can; following lower shows B has nothing higher.
    base = new_deal(
        preset("kurnik"),
        hands=("Ac 10c Kc As 10s Ks", "9s Jd Qh Qd 9d Kd"),
        trump_card="Ah",
        stock="Qc Jc 9c Qs Js Ad 10d 10h Kh Jh 9h",
    )
    s = base._replace(
        hands=(_mask("Kd 10c"), _mask("Jd 9s")),
        stock=tuple(c.index for c in parse_cards("Ad 10d Qc")),
        closed_by=0,
        tricks=(1, 1),
        points=(40, 40),
    )
    s = apply(s, Play(Card.parse("Kd")))
    ex = track_excluded(0, s, Play(Card.parse("Jd")), 0)
    assert ex == _mask("Ad 10d")  # above the king of diamonds: ace and ten
    v = view_of(s, 0, ex)
    assert v.excluded == _mask("Ad 10d")  # both unseen: in the closed stock
    for sample in sample_states(v, 10, seed=3):
        assert sample.hands[1] & _mask("Ad 10d") == 0


def test_an_impossible_view_is_refused() -> None:
    s = _phase2_classic()
    v = view_of(s, 0)
    with pytest.raises(ViewError):
        sample_state(dataclasses.replace(v, excluded=v.unseen), random.Random(0))


@pytest.mark.parametrize("seed", range(8))
def test_deal_from_view_puts_the_cards_back(seed: int) -> None:
    s, _ = play_to("classic", seed, seed * 3)
    p = s.to_move if s.to_move is not None else 0
    v = view_of(s, p)
    again = deal_from_view(v, s.hands[1 - p], s.stock)
    assert again == s
    assert view_of(again, p) == v

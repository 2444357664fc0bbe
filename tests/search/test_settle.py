"""More deals where the best move is not clearly ahead: deals pooled as if valued at once,
the test of a clear lead, and the expert's evaluation that settles within its budget."""

from __future__ import annotations

import random

import pytest

from tutor.engine import Card, Play, View, new_deal, preset, view_of
from tutor.search import Budget, expert_evaluation
from tutor.search.expert import sample_worlds
from tutor.search.sampling import (
    Evaluation,
    SampledMove,
    _moves_again,
    clearly_ahead,
    evaluate_worlds,
    pooled_evaluation,
)


def _view() -> View:
    start = new_deal(
        preset("schnapsen"),
        hands=("10h Kh Qc Ad Jd", "Kc 10c Js Qs Jh"),
        trump_card="Ah",
        stock="Kd Qh As Ks 10s Ac Qd Jc 10d",
        dealer=1,
    )
    return view_of(start, 0)


def _two(values_a: tuple[int, ...], values_b: tuple[int, ...]) -> Evaluation:
    n = len(values_a)

    def move(card: str, values: tuple[int, ...]) -> SampledMove:
        mean = sum(values) / n
        return SampledMove(Play(Card.parse(card)), mean, 40.0, 0.5, 0, n, mean, values)

    return Evaluation((move("Ad", values_a), move("Jd", values_b)), n, n, "", False)


def test_deals_valued_in_two_parts_pool_to_the_values_of_all_at_once() -> None:
    view = _view()
    deals = sample_worlds(view, 12, random.Random(4))
    whole = evaluate_worlds(deals, 0, None, None, False, tie_by_card_points=False)
    first = evaluate_worlds(deals[:5], 0, None, None, False, tie_by_card_points=False)
    rest = evaluate_worlds(deals[5:], 0, None, None, False, tie_by_card_points=False)
    pooled = pooled_evaluation(first, rest, tie_by_card_points=False)
    assert (pooled.asked, pooled.done, pooled.deals) == (12, 12, tuple(deals))
    by_move = {m.move: m for m in whole.moves}
    for m in pooled.moves:
        if _moves_again(deals[0], m.move):
            continue  # each part chooses its own follow-up after a close
        w = by_move[m.move]
        assert m.deal_values == w.deal_values and m.samples == 12
        assert abs(m.game_points - w.game_points) < 1e-9
        assert abs(m.card_points - w.card_points) < 1e-9
        assert m.best_count <= w.best_count + 12
    assert [m.worth for m in pooled.moves] == sorted((m.worth for m in pooled.moves), reverse=True)


def test_a_lead_is_clear_when_it_is_beyond_chance() -> None:
    assert clearly_ahead(_two((1, 1, 1, 1, 1, 1), (0, 0, 0, 0, 0, 0)))  # always ahead by one
    assert clearly_ahead(_two((2, -1, 3, 0), (2, -1, 3, 0)))  # the same in every deal
    assert not clearly_ahead(_two((1, -1, 2, 0, 1, -2), (0, 0, 1, 1, 0, -1)))
    assert clearly_ahead(_two((1, 0, 1, 1) * 10, (0, 0, 0, 1) * 10))
    assert not clearly_ahead(_two((1, 0, 1, 1), (0, 0, 0, 1)))  # the same lead, four deals


def test_the_expert_values_more_deals_only_while_the_lead_is_unclear() -> None:
    view = _view()
    plain = expert_evaluation(view, 5, Budget(), None, worlds=6)
    assert plain.done == 6
    assert not clearly_ahead(plain)  # (the position this test needs)
    settled = expert_evaluation(view, 5, Budget(), None, worlds=6, settle=48)
    assert settled.done in (12, 24, 48) and settled.asked == settled.done
    assert settled.deals[:6] == plain.deals  # the first deals are the same ones
    assert settled.done == 48 or clearly_ahead(settled)
    again = expert_evaluation(view, 5, Budget(), None, worlds=6, settle=48)
    assert again == settled  # the same seed, the same answer


def test_no_more_deals_than_the_budget_pays_for() -> None:
    view = _view()
    tight = Budget(nodes=_plain_nodes(view) + 10)
    short = expert_evaluation(view, 5, tight, None, worlds=6, settle=48)
    assert short.done == 6 and not short.rough


def _plain_nodes(view: View) -> int:
    budget = Budget()
    expert_evaluation(view, 5, budget, None, worlds=6)
    return budget.spent


def test_a_hint_values_more_deals_unless_its_deals_are_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.teach.hints import analysis

    view = _view()
    monkeypatch.setattr(analysis, "DEFAULT_SAMPLES", 6)
    asked = analysis.analyse(view, samples=6, seed=5)
    assert asked.samples == asked.samples_asked == 6
    settled = analysis.analyse(view, seed=5)
    assert settled.samples == settled.samples_asked == analysis.SETTLE_FACTOR * 6
    assert settled.moves[0].samples == settled.samples
    again = analysis.analyse(view, samples=6, seed=5, settle=True)
    assert [(m.move, m.game_points) for m in again.moves] == [
        (m.move, m.game_points) for m in settled.moves
    ]

"""Honest grades from per-deal values, ties broken as a player would, and the stability
measure of the coach's grades."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.engine import Card, Play
from tutor.formats.positions import load_position
from tutor.search import Budget
from tutor.teach.hints import analyse
from tutor.teach.hints.analysis import sampled_values
from tutor.teach.hints.grading import (
    Grade,
    grade_loss,
    grade_of,
    loss_of,
    poolable,
    pooled,
    settle,
    straddles,
    within_chance,
)
from tutor.teach.hints.model import (
    METHOD_EXACT,
    METHOD_SAMPLED,
    TIE_CHEAPER,
    Analysis,
    MoveValue,
    Situation,
    TieReason,
)
from tutor.teach.hints.ties import tie_reason
from tutor.teach.hints.why import explain
from tutor.teach.play import Table, analysis_for, learner_view, play_out, start
from tutor.teach.play.stability import advice, grade_stability, learner_decisions
from tutor.words.hint_text import reasoning
from tutor.words.i18n import get_translator
from tutor.words.why_text import why_lines

SIT = Situation(
    player=0,
    leading=True,
    rule_ids=(),
    verdicts=(),
    stock_size=0,
    stock_open=False,
    face_up=True,
)
BEST, OTHER = Play(Card.parse("Ah")), Play(Card.parse("9h"))


def _value(move: Play, values: list[float]) -> MoveValue:
    return MoveValue(
        move=move,
        game_points=sum(values) / len(values),
        samples=len(values),
        deal_values=tuple(values),
    )


def _sampled(best: list[float], other: list[float], seed: int = 0) -> Analysis:
    return Analysis(
        situation=SIT,
        method=METHOD_SAMPLED,
        samples=len(best),
        seed=seed,
        moves=(_value(BEST, best), _value(OTHER, other)),
        samples_asked=len(best),
    )


def _noisy(n: int, mean_loss: float, spread: float, seed: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    best = [float(rng.choice((-2, -1, 1, 2, 3))) for _ in range(n)]
    other = [b - mean_loss + rng.gauss(0, spread) for b in best]
    shift = sum(b - o for b, o in zip(best, other, strict=True)) / n - mean_loss
    return best, [o + shift for o in other]  # the mean loss exactly as asked


def test_a_loss_within_the_noise_is_good_though_its_mean_is_an_inaccuracy() -> None:
    best, other = _noisy(40, 0.4, 2.0, seed=1)
    a = _sampled(best, other)
    loss = loss_of(a, a.moves[1])
    assert abs(loss.mean - 0.4) < 1e-9 and grade_of(loss.mean) is Grade.INACCURACY
    assert loss.low < 0.25 < loss.high and loss.deals == 40
    assert grade_loss(loss) is Grade.GOOD


def test_a_consistent_loss_is_a_mistake() -> None:
    best, other = _noisy(40, 1.0, 0.2, seed=2)
    a = _sampled(best, other)
    loss = loss_of(a, a.moves[1])
    assert 0.6 < loss.low < loss.mean < loss.high < 1.2
    assert grade_loss(loss) is Grade.MISTAKE
    assert loss_of(a, a.moves[0]).high == 0.0  # the best against itself: nothing lost


def test_exact_values_give_a_point() -> None:
    a = Analysis(
        situation=SIT,
        method=METHOD_EXACT,
        samples=1,
        seed=0,
        moves=(_value(BEST, [1.0]), _value(OTHER, [-1.0])),
    )
    loss = loss_of(a, a.moves[1])
    assert loss.exact and loss.low == loss.mean == loss.high == 2.0
    assert grade_loss(loss) is Grade.BLUNDER


def test_more_deals_are_valued_only_while_the_grade_is_open() -> None:
    asked: list[tuple[int, int]] = []

    def more(count: int, round_: int) -> Analysis:
        asked.append((count, round_))
        best, other = _noisy(count, 0.45, 1.5, seed=100 + round_)
        return _sampled(best, other, seed=round_)

    best, other = _noisy(20, 0.45, 1.5, seed=3)
    first = _sampled(best, other)
    assert straddles(loss_of(first, first.moves[1]))
    settled = settle(first, first.moves[1], more, cap=80)
    assert settled.samples == 20 + sum(c for c, _ in asked) <= 80
    assert asked[0] == (20, 1)
    assert settled.moves[1].deal_values[:20] == first.moves[1].deal_values
    clear = _sampled(*_noisy(20, 2.0, 0.1, seed=4))
    assert settle(clear, clear.moves[1], more, cap=80) is clear  # a blunder beyond doubt


def test_pooled_means_weigh_the_deals() -> None:
    a = _sampled([1.0, 1.0], [0.0, 0.0])
    b = _sampled([3.0, 3.0, 3.0, 3.0], [0.0, 0.0, 0.0, 0.0])
    p = pooled(a, b)
    assert p.samples == 6 and p.moves[0].game_points == (2 + 12) / 6
    assert p.moves[0].deal_values == (1.0, 1.0, 3.0, 3.0, 3.0, 3.0)


# B leads the ace of hearts; A holds two clubs, no heart and no trump: both lose the trick, B
# has 65 and wins the deal either way, A stays Schneider either way: the same game points.
DISCARD = """preset: classic
to_move: A
trump: s
stock: ''
hands: {A: 10c 9c, B: Kh}
lead: Ah
played: Ac Kc Qc Jc As 10s Ks Qs Js 9s 10h Qh Jh 9h Ad 10d Kd Qd Jd 9d
scores: {A: {points: 30, tricks: 4}, B: {points: 65, tricks: 6}}
"""


def test_the_nine_is_given_before_the_ten_when_both_lose_the_trick() -> None:
    a = analyse(load_position(DISCARD).subject)
    ten, nine = Card.parse("10c"), Card.parse("9c")
    assert a.exact and a.moves[0].game_points == a.moves[1].game_points
    assert a.best.move == Play(nine) and a.best.tie is None
    assert a.moves[1].move == Play(ten)
    assert a.moves[1].tie == TieReason(TIE_CHEAPER, nine, ten)


def test_the_stability_measure_grades_each_decision_twice() -> None:
    decisions = learner_decisions("schnapsen", 3, seed=5)
    assert len(decisions) == 3
    for d in decisions:
        assert d.game.learners_turn and len(d.game.state.legal_moves()) > 1
    same = grade_stability(decisions[:2], seeds=(7, 7))
    assert same.positions == 2 and same.same == 2  # the same deals: the same grade
    assert len(same.seconds) == len(same.cpu_seconds) == 4
    # the same deals: the same best move and the same advice, which holds the best move
    assert same.same_advice == same.agreeing_advice == same.same_best == 2
    pairs = zip(same.best, same.advice, strict=True)
    assert all(first in told for (first, _), (told, _) in pairs)
    other = grade_stability(decisions, seeds=(0, 1))
    assert other.same_advice <= other.agreeing_advice <= 3 and other.same_best <= 3
    assert other.same_best >= sum(len(a) == 1 and a == b for a, b in other.advice)


def test_the_advice_is_the_best_move_and_the_moves_the_deals_cannot_tell_from_it() -> None:
    clear = _sampled([1.0, 1.0, 1.0], [0.0, 0.0, 0.0])
    assert advice(clear) == {BEST}
    close = _sampled([1.0, 0.0, 1.0], [1.0, 0.0, 0.8])
    assert advice(close) == {BEST, OTHER}
    same = _sampled([1.0, 0.0, 1.0], [1.0, 0.0, 1.0])
    assert advice(same) == {BEST, OTHER}


def test_a_difference_within_chance_is_one_the_deals_cannot_tell() -> None:
    noisy = _sampled(*_noisy(40, 0.2, 2.0, seed=5))
    assert noisy.moves[0].game_points - noisy.moves[1].game_points == pytest.approx(0.2)
    assert within_chance(noisy.moves[0], noisy.moves[1])
    clear = _sampled(*_noisy(40, 0.2, 0.1, seed=5))  # the same mean loss, in every deal alike
    assert not within_chance(clear.moves[0], clear.moves[1])
    one = _value(BEST, [1.0]), _value(OTHER, [0.0])  # one deal: nothing to tell chance by
    assert not within_chance(*one)
    unpaired = _value(BEST, [1.0, 1.0]), MoveValue(move=OTHER, game_points=0.9, samples=2)
    assert not within_chance(*unpaired)


def test_a_loss_within_chance_is_called_about_as_good_with_no_reason_and_no_cost() -> None:
    noisy = _sampled(*_noisy(40, 0.2, 2.0, seed=5))
    why = explain(noisy, OTHER)
    assert why.chance and why.loss == pytest.approx(0.2) and why.better == BEST
    assert why.line is None and why.mistake is None and why.idea is None
    said = {  # the move's row names the better move; the hint has named it already
        "en": (
            "The nine of hearts is about as good as the ace of hearts: over 40 deals you could "
            "be facing, the difference may be chance.",
            "The nine of hearts is about as good: over 40 deals",
        ),
        "de": (
            "Die Herz-Neun ist etwa so gut wie das Herz-Ass: Der Unterschied kann Zufall sein, "
            "verglichen wurden 40 mögliche Kartenverteilungen.",
            "Die Herz-Neun ist etwa genauso gut: Der Unterschied kann Zufall sein",
        ),
        "pl": (
            "Dziewiątka kier to ruch mniej więcej równie dobry jak as kier: przy 40 możliwych "
            "układach kart różnica może być dziełem przypadku.",
            "Dziewiątka kier to ruch mniej więcej równie dobry: przy 40 możliwych",
        ),
    }
    for lang, (row, in_hint) in said.items():
        tr = get_translator(lang)
        assert why_lines(why, tr) == (row,)
        assert in_hint in "\n".join(reasoning(noisy, None, tr))
    assert "costs" not in "\n".join(reasoning(noisy, None, get_translator("en")))
    third = Play(Card.parse("Kh"))
    other = _noisy(40, 0.2, 2.0, seed=5)[1]
    three = replace(noisy, moves=(*noisy.moves, _value(third, [v - 0.1 for v in other])))
    assert within_chance(three.moves[0], three.moves[2])
    for lang, together in (
        ("en", "The nine of hearts and the king of hearts are about as good: over 40 deals"),
        ("de", "Die Herz-Neun und der Herz-König sind etwa genauso gut: Die Unterschiede"),
        ("pl", "Dziewiątka kier i król kier to ruchy mniej więcej równie dobre: przy 40"),
    ):
        hint = reasoning(three, None, get_translator(lang))
        assert sum(together in line for line in hint) == 1, hint
    worse = _sampled(*_noisy(40, 0.2, 0.1, seed=5))
    why = explain(worse, OTHER)
    assert not why.chance
    assert "costs 0.2 game points" in "\n".join(reasoning(worse, None, get_translator("en")))


@pytest.mark.slow
def test_the_stability_measure_counts_the_weaker_moves_told_with_a_reason() -> None:
    decisions = learner_decisions("schnapsen", 12, seed=5)
    s = grade_stability(decisions)
    below = [a for a, _ in s.grades if a is not Grade.GOOD]
    assert below and len(s.reasoned) == len(below)
    assert any(s.reasoned)  # the weaker moves are told why, not only in numbers


def test_further_deals_pool_with_the_first() -> None:
    game = play_out(start(Table("schnapsen", opponent="club", seed=3)))
    first = analysis_for(game, samples=8)
    more = sampled_values(learner_view(game), samples=8, seed=99, budget=Budget())
    assert poolable(first) and poolable(more) and more.moves[0].ideas == ()
    both = pooled(first, more)
    assert both.samples == 16 and all(len(m.deal_values) == 16 for m in both.moves)
    assert {m.move for m in both.moves} == {m.move for m in first.moves}


# B leads the queen of diamonds; A may take it with the king or give the jack of hearts.
TAKE_OR_GIVE = """preset: classic
to_move: A
trump: s
stock: ''
hands: {A: Kd Jh, B: 9c}
lead: Qd
played: Ac 10c Kc Qc Jc As 10s Ks Qs Js 9s Ah 10h Kh Qh 9h Ad 10d Jd 9d
scores: {A: {points: 55, tricks: 5}, B: {points: 56, tricks: 5}}
"""


def test_a_card_that_takes_the_trick_is_not_given_because_the_trick_is_lost() -> None:
    state = load_position(TAKE_OR_GIVE).subject
    king, jack = Card.parse("Kd"), Card.parse("Jh")
    assert tie_reason(state, 0, king, jack) is None  # the king takes it: nothing is "lost anyway"
    assert tie_reason(state, 0, jack, king) is None  # the jack costs no less than the king

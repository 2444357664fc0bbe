"""The expert (``tutor.search.expert``): what it infers from the opponent's plays, how it
samples, how it weighs the match score, when it closes, and that hints follow it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.engine import (
    CLOSE,
    Card,
    Match,
    Move,
    Play,
    State,
    View,
    apply,
    legal_moves,
    new_deal,
    parse_move,
    parse_rules,
    play_moves,
    preset,
    random_deal,
    view_of,
)
from tutor.search import PLAYERS, Budget, Seen, choose, expert_evaluation, inferred, stakes_of
from tutor.search.club import club_player
from tutor.search.expert import (
    UNLIKELY_WEIGHT,
    expert_player,
    expert_view,
    match_chances,
    sample_worlds,
    utility,
)
from tutor.search.sampling import Evaluation, SampledMove
from tutor.teach.hints import analyse


def _schnapsen_deal() -> State:
    # A leads (B deals); trumps are hearts, the face-up card the ace of hearts.
    return new_deal(
        preset("schnapsen"),
        hands=("10h Kh Qc Ad Jd", "Kc 10c Js Qs Jh"),
        trump_card="Ah",
        stock="Kd Qh As Ks 10s Ac Qd Jc 10d",
        dealer=1,
    )


def _seen(start: State, moves: list[str]) -> tuple[Seen, State]:
    parsed = tuple(parse_move(m) for m in moves)
    return Seen(start, parsed), play_moves(start, parsed)


def _mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def _b_leads() -> State:
    return new_deal(
        preset("schnapsen"),
        hands=("10h Kh Qc Ad Jd", "Kc 10c Js Ks Qh"),
        trump_card="Ah",
        stock="Kd As Qs 10s Ac Jh Qd Jc 10d",
        dealer=0,  # B leads
    )


def test_a_king_played_alone_makes_its_queen_unlikely() -> None:
    seen, _ = _seen(_b_leads(), ["Ks"])
    assert inferred(seen, 0).unlikely == _mask("Qs")
    assert inferred(seen, 1).unlikely == 0  # B infers nothing from its own play


def test_a_king_whose_queen_is_seen_tells_nothing() -> None:
    # A leads the jack of diamonds, B throws the king of clubs; A holds the queen of clubs.
    seen, _ = _seen(_schnapsen_deal(), ["Jd", "Kc"])
    assert inferred(seen, 0).unlikely == 0


def test_a_lead_without_the_exchange_makes_the_exchange_card_unlikely() -> None:
    rules = preset("schnapsen")
    assert rules.exchange_needs_trick
    # B wins the first trick (10c over Qc), both draw (B Kd, A As), then B leads the king of
    # clubs without exchanging the jack of hearts for the face-up ace of hearts.
    seen, state = _seen(_b_leads(), ["10c", "Qc", "Kc"])
    assert state.tricks[1] == 1
    assert inferred(seen, 0).unlikely == _mask("Jh")
    # before B had a trick it could not exchange, so its first lead tells nothing of the jack
    first, _ = _seen(_b_leads(), ["10c"])
    assert inferred(first, 0).unlikely == 0


def test_a_failure_to_follow_after_the_close_excludes_the_suit_and_the_trumps() -> None:
    # A closes and leads the ace of diamonds; B, without diamonds, must trump: Jh
    seen, state = _seen(_schnapsen_deal(), ["close", "Ad", "Jh"])
    assert state.phase2
    excluded = inferred(seen, 0).excluded
    assert excluded & _mask("Kd", "Qd", "10d") == _mask("Kd", "Qd", "10d")
    # B trumped, so nothing is known of its other trumps
    assert not excluded & _mask("Qh")


def test_sampling_gives_unlikely_cards_to_the_opponent_less_often() -> None:
    start = _schnapsen_deal()
    plain = view_of(start, 0)
    queen = Card.parse("Qs").index
    marked = view_of(start, 0, unlikely=1 << queen)
    assert marked.unlikely == 1 << queen
    n = 400
    rng = random.Random(5)
    with_mark = sum(s.hands[1] >> queen & 1 for s in sample_worlds(marked, n, rng))
    rng = random.Random(5)
    without = sum(s.hands[1] >> queen & 1 for s in sample_worlds(plain, n, rng))
    # uniformly about a third of the deals; kept with probability UNLIKELY_WEIGHT when marked
    assert without > n // 5
    assert 0 < with_mark < without * (UNLIKELY_WEIGHT + 0.25)


def test_a_card_the_opponent_is_seen_to_hold_is_never_unlikely() -> None:
    start = _schnapsen_deal()
    known = start._replace(known=(0, 1 << Card.parse("Qs").index))
    view = view_of(known, 0, unlikely=1 << Card.parse("Qs").index)
    assert view.unlikely == 0


def test_match_chances_are_even_when_level_and_grow_with_the_lead() -> None:
    assert match_chances(7, 7) == pytest.approx(0.5)
    assert match_chances(3, 3) == pytest.approx(0.5)
    assert match_chances(2, 5) > match_chances(3, 5) > match_chances(5, 5)
    assert match_chances(1, 7) + match_chances(7, 1) == pytest.approx(1.0)
    # one game point needed: a deal won by one point wins the match, as one won by three
    assert utility(1, (1, 4), 0) == utility(3, (1, 4), 0) == 1.0
    # needing three, a win by three wins the match; by one it does not
    assert utility(3, (3, 3), 0) == 1.0 > utility(1, (3, 3), 0) > 0.5
    assert utility(-2, (3, 2), 0) == 0.0


def test_stakes_follow_the_match_score() -> None:
    rules = preset("schnapsen")
    m = Match.start(rules, 0)
    assert stakes_of(m) == (7, 7)
    assert stakes_of(replace(m, scores=(5, 1))) == (2, 6)
    thousand = parse_rules("classic(match.mode=thousand)")
    assert stakes_of(Match.start(thousand, 0)) is None  # a match to 1000 card points


def _moved(moves: list[tuple[object, float]]) -> Evaluation:
    out = tuple(
        SampledMove(m, gp, 40.0, 0.5, 1, 10, gp)  # type: ignore[arg-type]
        for m, gp in moves
    )
    return Evaluation(out, 10, 10, "", False)


def test_the_expert_closes_only_when_the_close_beats_the_rest_by_the_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.search import expert

    lead = Play(Card.parse("Ad"))
    assert expert.CLOSE_MARGIN == 0.0
    assert choose(_moved([(CLOSE, 1.05), (lead, 1.0)])) == CLOSE
    assert choose(_moved([(lead, 1.0), (CLOSE, 0.5)])) == lead
    monkeypatch.setattr(expert, "CLOSE_MARGIN", 0.3)
    assert choose(_moved([(CLOSE, 1.2), (lead, 1.0)])) == lead
    assert choose(_moved([(CLOSE, 1.4), (lead, 1.0)])) == CLOSE


def _open_view() -> View:
    start = _schnapsen_deal()
    return view_of(start, 0)


def test_the_hint_recommends_what_the_expert_plays() -> None:
    view = _open_view()
    for seed in (1, 2):
        ev = expert_evaluation(view, seed, Budget(), None, worlds=8)
        analysis = analyse(view, samples=8, seed=seed)
        assert analysis.best.move == choose(ev)
        assert [m.move for m in analysis.moves][1:] == [
            m.move for m in ev.moves if m.move != choose(ev)
        ]


def test_the_expert_ranks_by_the_match_chance_when_it_knows_the_stakes() -> None:
    view = _open_view()
    ev = expert_evaluation(view, 3, Budget(), (2, 6), worlds=6)
    worths = [m.worth for m in ev.moves]
    assert worths == sorted(worths, reverse=True)
    assert all(0.0 <= w <= 1.0 for w in worths)
    plain = expert_evaluation(view, 3, Budget(), None, worlds=6)
    assert all(m.worth == m.game_points for m in plain.moves)


def test_the_expert_plays_legal_moves_with_and_without_memory() -> None:
    rng = random.Random(2)
    start = _schnapsen_deal()
    state = start
    moves: list[Move] = []
    while state.result is None:
        p = state.to_move
        assert p is not None
        if p == 0:
            move = expert_player(state, rng, Seen(start, tuple(moves), (3, 5)))
        else:
            move = PLAYERS["expert1"](state, rng)
        assert move in legal_moves(state)
        moves.append(move)
        state = apply(state, move)
    assert state.result is not None


def test_the_view_with_memory_keeps_what_the_plays_told() -> None:
    start = _schnapsen_deal()
    seen = Seen(start, (Play(Card.parse("Jd")),))
    state = apply(start, Play(Card.parse("Jd")))
    view = expert_view(state, 1, seen)
    assert view.excluded == 0


def test_the_hint_ladder_passes_the_match_stakes_to_the_analysis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.words import hint_text
    from tutor.words.i18n import get_translator

    seen: list[tuple[int, int] | None] = []
    real = getattr(hint_text, "analyse")  # noqa: B009 - the name the module calls

    def spy(subject: View, **kwargs: object) -> object:
        seen.append(kwargs.get("need"))  # type: ignore[arg-type]
        return real(subject, **kwargs)

    monkeypatch.setattr(hint_text, "analyse", spy)
    view = _open_view()
    hint_text.hint(view, 4, get_translator("en"), samples=4, need=(2, 6))
    hint_text.hint(view, 4, get_translator("en"), samples=4)
    assert seen == [(2, 6), None]


def _two_draws_left(name: str, seed: int) -> View:
    """A position of ``club`` playing both seats with the stock open and two draws left to
    each player, seen by the player to move."""
    rng = random.Random(seed)
    state = random_deal(preset(name), rng)
    while True:
        p = state.to_move
        assert p is not None
        view = view_of(state, p)
        if view.stock_open and (view.stock_size + 1) // 2 == 2 and len(legal_moves(state)) > 1:
            return view
        state = apply(state, club_player(state, rng))


@pytest.mark.parametrize("name", ["schnapsen", "classic"])
def test_the_expert_searches_exactly_from_two_draws_left_whatever_the_hand_size(
    name: str,
) -> None:
    hand = preset(name).hand_size
    differs = 0
    for seed in range(4):
        view = _two_draws_left(name, seed)
        assert view.hand.bit_count() + (view.stock_size + 1) // 2 == hand + 2
        ev = expert_evaluation(view, seed, worlds=6)
        exact = expert_evaluation(view, seed, worlds=6, exact_cards=hand + 2)
        later = expert_evaluation(view, seed, worlds=6, exact_cards=hand + 1)
        assert [(m.move, m.game_points) for m in ev.moves] == [
            (m.move, m.game_points) for m in exact.moves
        ]
        differs += [m.game_points for m in ev.moves] != [m.game_points for m in later.moves]
    # One draw later, ``club`` plays the first trick of each deal and exact search the rest.
    assert differs

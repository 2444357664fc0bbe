"""A match against the computer as a value (tutor.teach.play): the cut, whole matches under
every preset and match mode, an illegal move that costs nothing, undo, giving up, the next
dealer, and the coach's grades and counting questions."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from tutor.engine import (
    PRESETS,
    EndKind,
    IllegalMoveError,
    NextDealer,
    Play,
    cut_winner,
    legal_moves,
    parse_move,
)
from tutor.search import PLAYERS
from tutor.teach.play import (
    Game,
    GameStoreError,
    Grade,
    NotYourTurn,
    Table,
    add_remark,
    analysis_for,
    ask_to_count,
    claim,
    costliest,
    counted_right,
    deal_outcome,
    deal_tricks,
    dump_game,
    grade_of,
    learner_move,
    load_game,
    next_deal,
    opponents,
    play_out,
    positions,
    remark_on,
    resign,
    start,
    undo,
)
from tutor.teach.play.store import M_GAME_TOO_LARGE, M_NOT_GAME, MAX_GAME_BYTES


def scripted(game: Game, rng: random.Random) -> Game:
    """The learner's move by a simple scripted learner (the club player)."""
    move = PLAYERS["club"](game.state, rng)
    return learner_move(game, move)


def play_match(table: Table, max_deals: int = 60) -> Game:
    game = start(table)
    rng = random.Random(table.seed)
    for _ in range(max_deals):
        game = play_out(game)
        while not game.deal.over:
            game = play_out(scripted(game, rng))
        if game.over:
            return game
        game = next_deal(game)
    raise AssertionError("the match did not end")


def test_the_same_seed_gives_the_same_game() -> None:
    a, b = start(Table("classic", seed=11)), start(Table("classic", seed=11))
    assert a == b
    assert play_out(a) == play_out(b)
    assert start(Table("classic", seed=12)).deal.start != a.deal.start


def test_the_opponents_offered_are_those_that_play_the_table() -> None:
    assert opponents(2) == ("beginner", "club", "expert")
    assert opponents(3) == opponents(4) == ("club", "expert")
    for seats in (2, 3, 4):
        assert all(seats in PLAYERS[name].plays for name in opponents(seats))


def test_the_higher_card_of_the_cut_deals() -> None:
    for seed in range(20):
        g = start(Table("classic", seed=seed))
        a, b = g.cut
        assert a != b
        assert g.match.dealer == cut_winner(a, b) == g.deal.start.dealer


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_whole_match_to_seven_under_every_preset(name: str) -> None:
    game = play_match(Table(name, opponent="beginner", seed=3))
    match = game.scored_match
    assert match.winner is not None
    assert max(match.scores) >= 7
    assert match.deals == len(game.past) + 1
    # Every deal was dealt by the seat the preset names.
    dealer = game.match.dealer if not game.past else game.past[0].start.dealer
    for before, after in zip((*game.past, game.deal), (*game.past, game.deal)[1:], strict=False):
        outcome = deal_outcome(before, game.rules)
        assert outcome is not None
        if game.rules.next_dealer is NextDealer.WINNER and outcome.winner is not None:
            dealer = outcome.winner
        else:
            dealer = 1 - before.start.dealer
        assert after.start.dealer == dealer


@pytest.mark.parametrize("mode", ["five_deals", "thousand"])
def test_the_other_match_modes_of_000(mode: str) -> None:
    game = play_match(Table(f"classic(match.mode={mode})", opponent="beginner", seed=5), 200)
    match = game.scored_match
    if mode == "five_deals":
        assert match.deals >= 5
        assert game.winner == match.winner is not None
    else:
        # Whoever reaches 1000 first: the computer claims at once, counting right.
        assert game.winner is not None
        if game.claim is not None:
            assert game.claim.right and game.claim.seat == 1 - game.table.learner
            assert game.running_total(game.claim.seat) >= 1000
        else:
            assert max(match.scores) >= 1000


def test_an_illegal_move_costs_nothing() -> None:
    game = play_out(start(Table("classic", seed=2)))
    # Find a position where a card may not be played: the learner answering in the closed
    # phase would be best, but any illegal try will do: a card the learner does not hold.
    foreign = Play(game.state.hand(1 - game.table.learner)[0])
    with pytest.raises(IllegalMoveError) as err:
        learner_move(game, foreign)
    assert err.value.rule_ids
    assert game == play_out(start(Table("classic", seed=2)))  # unchanged (immutable)


def test_only_the_seat_on_turn_moves() -> None:
    game = start(Table("classic", seed=4))
    game = play_out(game)
    assert game.learners_turn
    card = next(m for m in legal_moves(game.state) if isinstance(m, Play))
    after = learner_move(game, card)
    assert after.to_move == 1 - game.table.learner
    with pytest.raises(NotYourTurn):
        learner_move(after, legal_moves(after.state)[0])


def test_undo_takes_back_the_learners_move_and_the_answer() -> None:
    game = play_out(start(Table("classic", opponent="club", seed=8)))
    before = game
    move = legal_moves(game.state)[0]
    game = play_out(learner_move(game, move))
    assert len(game.deal.moves) > len(before.deal.moves)
    back = undo(game)
    assert back.state == before.state and back.deal.moves == before.deal.moves


def test_undo_with_nothing_to_undo_changes_nothing() -> None:
    for seed in range(6):
        game = play_out(start(Table("kurnik", seed=seed)))
        assert game.learners_turn
        assert undo(game) == game  # the computer's opening lead is not the learner's to undo


def test_giving_up_scores_the_deal_for_the_opponent() -> None:
    game = play_out(start(Table("classic", seed=9)))
    given = resign(game)
    assert given.deal.over and given.to_move is None
    outcome = deal_outcome(given.deal, given.rules)
    assert outcome is not None
    assert outcome.kind is EndKind.GIVEN_UP and outcome.winner == 1 - game.table.learner
    assert outcome.player == game.table.learner
    # No trick taken yet: Schwarz.
    if given.state.tricks[game.table.learner] == 0:
        assert outcome.rule_id == "score.schwarz"
        assert max(outcome.game_points) == given.rules.game_points[2]
    assert undo(given) == game  # giving up is taken back first


def test_next_deal_needs_a_finished_deal() -> None:
    game = start(Table("classic", seed=1))
    with pytest.raises(ValueError):
        next_deal(game)


def test_grades_by_game_points_lost() -> None:
    assert grade_of(0) is Grade.GOOD
    assert grade_of(0.5) is Grade.INACCURACY
    assert grade_of(1) is Grade.MISTAKE
    assert grade_of(3) is Grade.BLUNDER


def test_the_coach_grades_a_move_against_the_best() -> None:
    game = play_out(start(Table("classic", opponent="beginner", seed=21)))
    analysis = analysis_for(game, samples=12)
    best = analysis.best
    remark = remark_on(game, best.move, analysis)
    assert remark is not None and remark.grade is Grade.GOOD and remark.loss == 0
    worst = analysis.moves[-1]
    bad = remark_on(game, worst.move, analysis)
    assert bad is not None
    assert bad.interval is not None
    low, high = bad.interval
    assert low <= bad.loss <= high
    assert bad.grade is grade_of(low)  # what the deals prove: the interval's lower end
    played = learner_move(game, worst.move, bad)
    assert played.deal.remarks == (bad,)
    assert costliest(played.deal) == ((bad,) if bad.grade is not Grade.GOOD else ())


def test_the_coach_asks_to_count_only_after_a_trick_the_learner_won() -> None:
    asked = 0
    for seed in range(30):
        game = play_out(start(Table("classic", opponent="beginner", seed=seed)))
        rng = random.Random(seed)
        while not game.deal.over:
            if ask_to_count(game):
                asked += 1
                s = game.state
                assert s.lead < 0 and s.leader == game.table.learner
                assert counted_right(s, 0, s.score(0)) and not counted_right(s, 0, s.score(0) + 1)
            game = play_out(scripted(game, rng))
    assert asked > 0


def test_a_move_in_text_reads_back() -> None:
    game = play_out(start(Table("classic", seed=6)))
    move = legal_moves(game.state)[0]
    assert learner_move(game, parse_move(str(move))) == learner_move(game, move)


def test_a_match_kept_as_text_reads_back_the_same() -> None:
    game = play_match(Table("sharpened(match.mode=five_deals)", opponent="club", seed=13), 50)
    assert load_game(dump_game(game)) == game
    # In the middle of a deal, with a remark and then given up.
    g = play_out(start(Table("pagat", opponent="expert", seed=2)))
    analysis = analysis_for(g, samples=6)
    move = analysis.moves[-1].move
    g = play_out(learner_move(g, move, remark_on(g, move, analysis)))
    assert load_game(dump_game(g)) == g
    assert load_game(dump_game(resign(g))) == resign(g)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(version=99),
        lambda d: d.update(rules="no-such-preset"),
        lambda d: d.update(rules="classic(target=1000)"),
        lambda d: d.update(opponent="grandmaster"),
        lambda d: d.update(seed="7"),
        lambda d: d.update(deals=[]),
        lambda d: d["deals"][0].update(moves=["Qs", "Qs"]),
        lambda d: d["deals"][0].update(moves=["marry"]),
        lambda d: d["deals"][0].update(moves=[1]),
        lambda d: d["deals"][0].update(resigned=5),
        lambda d: d["deals"][0].update(remarks=[[0, "Qs", "great", 0, "Qs", 0, 0, True]]),
        lambda d: d["deals"][0].update(remarks=[[9, "Qs", "good", 0, "Qs", 0, 0, True]]),
        lambda d: d["deals"].append({"moves": []}),  # an unfinished deal before the last
    ],
)
def test_a_kept_match_that_was_changed_is_refused(change: object) -> None:
    g = play_out(start(Table("classic", seed=5)))
    g = play_out(learner_move(g, next(m for m in legal_moves(g.state) if isinstance(m, Play))))
    data = json.loads(dump_game(g))
    change(data)  # type: ignore[operator]
    with pytest.raises(GameStoreError) as err:
        load_game(json.dumps(data))
    assert err.value.template == M_NOT_GAME


def test_a_kept_match_that_is_no_json_or_too_large_is_refused() -> None:
    with pytest.raises(GameStoreError):
        load_game("{not json")
    with pytest.raises(GameStoreError) as err:
        load_game("[" * (MAX_GAME_BYTES + 1))
    assert err.value.template == M_GAME_TOO_LARGE


def test_a_remark_is_added_after_the_computers_answer() -> None:
    games = (play_out(start(Table("classic", opponent="club", seed=n))) for n in range(40))
    game = next(g for g in games if g.deal.moves)  # the computer has led
    analysis = analysis_for(game, samples=6)
    move = analysis.moves[-1].move
    remark = remark_on(game, move, analysis)
    assert remark is not None
    after = play_out(learner_move(game, move))
    graded = add_remark(after, remark)
    assert graded.deal.remarks == (remark,) and graded.state == after.state
    assert add_remark(graded, remark) == graded  # the same remark once
    with pytest.raises(ValueError):
        add_remark(game, remark)  # the move is not made yet
    with pytest.raises(ValueError):  # a remark belongs to a move of the learner
        add_remark(after, replace(remark, ply=0, move=after.deal.moves[0]))


def test_the_tricks_of_a_deal_and_its_positions() -> None:
    g = play_out(start(Table("kurnik", opponent="club", seed=17)))
    rng = random.Random(2)
    while not g.deal.over:
        g = play_out(scripted(g, rng))
    tricks = deal_tricks(g.deal)
    s = g.state
    assert len(tricks) == sum(s.tricks)
    for p in (0, 1):
        assert sum(t.winner == p for t in tricks) == s.tricks[p]
    assert [t.number for t in tricks] == list(range(1, len(tricks) + 1))
    states = positions(g.deal)
    assert len(states) == len(g.deal.moves) + 1 and states[-1] == s and states[0] == g.deal.start


def _near_thousand(seed: int) -> Game:
    """A match to 1000 played on until the learner is on turn with at least 940 card points
    counting the deal in progress (the learner plays as the club player)."""
    game = start(Table("classic(match.mode=thousand)", opponent="beginner", seed=seed))
    rng = random.Random(seed)
    for _ in range(3000):
        game = play_out(game)
        if game.over:
            break
        if game.deal.over:
            game = next_deal(game)
            continue
        if game.running_total(game.table.learner) >= 940:
            return game
        game = scripted(game, rng)
    raise AssertionError("the learner never came near 1000")


def test_a_claim_to_1000_ends_the_match_and_a_miscount_loses() -> None:
    for seed in range(20):
        try:
            game = _near_thousand(seed)
        except AssertionError:
            continue
        seat = game.table.learner
        assert game.may_claim
        claimed = claim(game, seat)
        assert claimed.over and claimed.to_move is None
        assert claimed.claim is not None
        total = game.running_total(seat)
        assert claimed.claim.total == total
        assert claimed.winner == (seat if total >= 1000 else 1 - seat)
        assert undo(claimed) == game  # the claim was the learner's last act
        assert load_game(dump_game(claimed)) == claimed
        with pytest.raises(ValueError):
            claim(claimed, seat)
        with pytest.raises(ValueError):
            next_deal(claimed)
        return
    raise AssertionError("no match came near 1000")


def test_no_claim_outside_a_match_to_1000() -> None:
    game = play_out(start(Table("classic", seed=1)))
    assert not game.may_claim
    with pytest.raises(ValueError):
        claim(game, game.table.learner)

"""What a match against the computer offers and what a click does to it, without a screen
(``tutor.teach.play.choices``): the table chosen, the seed of an address, the table shown, the
learner's turn, a card tried, the coach's remark added, and how the match came out."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import tutor.teach.play.coach as coach
from tutor.engine import PRESETS, TABLE_PRESETS, MatchMode, NameTrump, Play, parse_rules
from tutor.search import PLAYERS
from tutor.teach import play as pl


def _game(spec: str = "classic", seed: int = 7, opponent: str = "club") -> pl.Game:
    return pl.play_out(pl.start(pl.Table(spec, opponent=opponent, seed=seed)))


def _deal_over(game: pl.Game) -> pl.Game:
    """``game`` with its deal played to the end by a club player in the learner's seat."""
    rng = random.Random(game.table.seed)
    while not game.deal.over:
        game = pl.play_out(pl.learner_move(game, PLAYERS["club"](game.state, rng)))
    return game


# ----------------------------------------------------------------------------- the table chosen


@pytest.mark.parametrize("kind", pl.KINDS)
@pytest.mark.parametrize("mode", pl.MATCH_MODES)
def test_every_preset_of_each_table_with_every_match_form_makes_a_table(
    kind: str, mode: MatchMode
) -> None:
    presets, _default = pl.TABLES[kind]
    for name, rules in presets.items():
        for opponent in pl.opponents(rules.seats):
            setup = pl.setup_of(kind, name, mode.value, opponent)
            assert (setup.kind, setup.preset, setup.mode, setup.opponent) == (
                kind,
                name,
                mode,
                opponent,
            )
            assert setup.presets == sorted(presets)
            assert setup.target == rules.match_target
            table = setup.table(seed=5)
            assert table.rules.seats == rules.seats
            assert table.rules.match_mode is mode
            assert (table.opponent, table.seed) == (opponent, 5)
            assert parse_rules(setup.rules_spec).match_mode is mode


@pytest.mark.parametrize(
    ("widgets", "chosen"),
    [
        ((None, None, None, None), ("two", "classic", MatchMode.GAME_POINTS, "beginner")),
        (("four", "x", 3, "nobody"), ("two", "classic", MatchMode.GAME_POINTS, "beginner")),
        # a preset of the other kind of table: the kind's first preset
        (("two", "three", "five_deals", "club"), ("two", "classic", MatchMode.FIVE_DEALS, "club")),
        # the beginner does not sit at a table of three or four: the weakest one there does
        (("table", "four", "thousand", "beginner"), ("table", "four", MatchMode.THOUSAND, "club")),
        (
            ("table", None, "nonsense", "expert"),
            ("table", "three", MatchMode.GAME_POINTS, "expert"),
        ),
    ],
)
def test_a_choice_that_cannot_be_played_falls_back_to_the_first_there_is(
    widgets: tuple[object, ...], chosen: tuple[object, ...]
) -> None:
    setup = pl.setup_of(*widgets)
    assert (setup.kind, setup.preset, setup.mode, setup.opponent) == chosen
    assert setup.opponent in setup.opponents
    assert setup.preset in setup.presets and setup.default in setup.presets
    setup.table(seed=1)  # a table that can be played


def test_the_presets_of_each_kind_of_table() -> None:
    assert pl.setup_of("two", None, None, None).presets == sorted(PRESETS)
    assert pl.setup_of("table", None, None, None).presets == sorted(TABLE_PRESETS)
    assert {TABLE_PRESETS[p].seats for p in pl.setup_of("table", 0, 0, 0).presets} == {3, 4}


@pytest.mark.parametrize(
    ("raw", "seed"),
    [("42", 42), (" 42 ", 42), ("0", 0), ("999999999", 999_999_999), ("1000000000", None)]
    + [(bad, None) for bad in ("", "-1", "4.2", "abc", "1e9", "٣", "²")],
)
def test_the_seed_of_an_address(raw: str, seed: int | None) -> None:
    assert pl.address_seed(raw) == seed


def test_a_random_seed_base_is_below_the_largest_seed() -> None:
    bases = {pl.random_seed_base() for _ in range(50)}
    assert all(0 <= b < pl.MAX_SEED for b in bases)
    assert len(bases) > 1


# ----------------------------------------------------------------------------- the table shown


def test_the_hint_ladder_climbs_to_its_last_level() -> None:
    levels = [0]
    for _ in range(pl.HINT_LEVELS + 2):
        levels.append(pl.next_hint(levels[-1]))
    assert levels == [0, 1, 2, 3, 4, 4, 4]


@pytest.mark.parametrize("spec", ["classic", "three", "four"])
def test_the_table_shows_the_learners_hand_to_click_and_marks_on_request(spec: str) -> None:
    game = _game(spec)
    assert game.learners_turn
    seat = game.table.learner
    hand = frozenset(game.state.hand(seat))
    playable = frozenset(m.card for m in game.state.legal_moves() if isinstance(m, Play))
    plain = pl.view_of(game, mark_legal=False, hint_level=0, hide=False)
    assert plain.pick == hand and plain.legal is None and plain.scores
    assert plain.show == tuple(x == seat for x in range(game.rules.seats))
    for marked in (
        pl.view_of(game, mark_legal=True, hint_level=0, hide=False),
        pl.view_of(game, mark_legal=False, hint_level=1, hide=False),
    ):
        assert marked.legal == playable and playable <= hand
    assert not pl.view_of(game, mark_legal=False, hint_level=0, hide=True).scores


def test_once_the_deal_is_over_every_hand_and_the_points_are_shown() -> None:
    game = _deal_over(_game())
    shown = pl.view_of(game, mark_legal=True, hint_level=2, hide=True)
    assert shown.pick == frozenset() and shown.legal is None
    assert shown.show == (True, True) and shown.scores


def test_a_position_of_either_engine_is_drawn_and_nothing_else() -> None:
    for spec in ("classic", "four"):
        game = _game(spec)
        assert pl.on_table(game.state) is game.state
    with pytest.raises(TypeError):
        pl.on_table(object())  # type: ignore[arg-type]


def test_the_position_key_follows_the_moves() -> None:
    game = _game()
    assert pl.position_key(game) == (1, len(game.deal.moves))
    after = pl.play_out(pl.learner_move(game, game.state.legal_moves()[0]))
    assert pl.position_key(after) == (1, len(after.deal.moves)) != pl.position_key(game)


@pytest.mark.parametrize("spec", ["classic", "named_trump", "three", "four"])
def test_the_turns_buttons_are_the_moves_that_are_no_card(spec: str) -> None:
    rng = random.Random(3)
    game = _game(spec, seed=3)
    for _ in range(12):
        if game.deal.over:
            break
        moves = game.state.legal_moves()
        naming = [m for m in moves if isinstance(m, NameTrump)]
        turn = pl.turn_of(game, hint_level=1, hide=False)
        assert set(turn.buttons) == {m for m in moves if not isinstance(m, Play)}
        assert turn.must_name == (bool(naming) and all(isinstance(m, NameTrump) for m in moves))
        assert turn.may_name == (bool(naming) and any(isinstance(m, Play) for m in moves))
        assert not (turn.must_name and turn.may_name)
        assert turn.table_hint == (game.rules.seats > 2)
        assert not turn.count  # the points are shown: the coach asks for no count
        assert turn.claim == game.may_claim
        game = pl.play_out(pl.learner_move(game, PLAYERS["club"](game.state, rng)))


def test_the_first_leader_under_named_trumps_must_name_them() -> None:
    for seed in range(20):
        game = _game("named_trump", seed=seed)
        if all(isinstance(m, NameTrump) for m in game.state.legal_moves()):
            turn = pl.turn_of(game, hint_level=0, hide=False)
            assert turn.must_name and turn.buttons == tuple(game.state.legal_moves())
            return
    raise AssertionError("the learner never led first under named trumps")


def test_the_hint_button_stays_until_the_last_level() -> None:
    game = _game()
    offered = [pl.turn_of(game, hint_level=n, hide=False).more_hint for n in range(5)]
    assert offered == [True, True, True, True, False]


def test_the_coach_asks_for_a_count_only_while_the_points_are_hidden() -> None:
    rng = random.Random(1)
    game = _game(seed=1)
    asked = 0
    while not game.deal.over:
        shown = pl.turn_of(game, hint_level=0, hide=False)
        hidden = pl.turn_of(game, hint_level=0, hide=True)
        assert not shown.count
        assert hidden.count == pl.ask_to_count(game)
        asked += hidden.count
        game = pl.play_out(pl.learner_move(game, PLAYERS["club"](game.state, rng)))
    assert asked  # a deal of a dozen moves asks at least once


def test_the_cut_is_shown_in_the_first_deal_only() -> None:
    game = _game()
    assert pl.shows_cut(game)
    game = pl.play_out(pl.next_deal(pl.resign(game)))
    assert not pl.shows_cut(game)


def test_undo_give_up_and_the_next_deal_are_offered_when_they_do_something() -> None:
    game = _game()
    assert pl.may_give_up(game) and not pl.may_deal_next(game)
    assert pl.may_undo(game) == bool(game.deal.moves)  # the computer may have led
    played = pl.play_out(pl.learner_move(game, game.state.legal_moves()[0]))
    assert pl.may_undo(played) and pl.undo(played) != played
    resigned = pl.resign(game)
    assert pl.may_undo(resigned) and not pl.may_give_up(resigned)
    assert pl.may_deal_next(resigned)
    fresh = pl.start(game.table)
    assert not fresh.deal.moves or fresh.state.to_move != 0
    if not fresh.deal.moves:
        assert not pl.may_undo(fresh) and pl.undo(fresh) == fresh


def test_a_finished_table_offers_no_undo() -> None:
    game = _game()
    while not game.deal.over:  # a deal played to its end
        game = pl.play_out(pl.learner_move(game, game.state.legal_moves()[0]))
    assert game.deal.resigned is None and not pl.may_undo(game)
    for _ in range(20):  # a match given up deal by deal, to its end
        if game.over:
            break
        game = pl.resign(pl.play_out(pl.next_deal(game)))
    assert game.over and game.deal.resigned is not None and not pl.may_undo(game)


def test_a_decided_match_offers_neither_giving_up_nor_a_next_deal() -> None:
    game = _game("classic(match.mode=five_deals)")
    over = replace(game, match=replace(game.match, scores=(60, 30), deals=5))
    assert over.over
    assert not pl.may_give_up(over) and not pl.may_deal_next(over)


@pytest.mark.parametrize(("raw", "n"), [(None, 0), ("", 0), (0, 0), (7, 7), (7.0, 7), ("12", 12)])
def test_the_count_as_the_number_field_holds_it(raw: object, n: int) -> None:
    assert pl.counted(raw) == n


def test_the_learners_points_are_what_a_right_count_says() -> None:
    rng = random.Random(2)
    game = _game(seed=2)
    while not game.deal.over:
        have = pl.learner_points(game)
        assert pl.counted_right(game.state, game.side, have)
        assert not pl.counted_right(game.state, game.side, have + 1)
        game = pl.play_out(pl.learner_move(game, PLAYERS["club"](game.state, rng)))


# ----------------------------------------------------------------------------- a move


@pytest.mark.parametrize("spec", ["classic", "three", "four"])
def test_a_legal_card_is_played_with_the_computers_answers(spec: str) -> None:
    game = _game(spec)
    move = game.state.legal_moves()[0]
    tried = pl.try_move(game, str(move))
    assert isinstance(tried, pl.Played)
    assert (tried.before, tried.move) == (game, move)
    assert tried.after == pl.play_out(pl.learner_move(game, move))
    assert tried.since == len(game.deal.moves)
    assert tried.graded == (len(game.state.legal_moves()) > 1)


def test_an_illegal_card_is_refused_with_the_rules_verdict() -> None:
    """Once the stock is gone the answer must follow suit: a card of another suit is refused."""
    rng = random.Random(4)
    game = _game(seed=4)
    while not game.deal.over:
        legal = set(game.state.legal_moves())
        refused = [Play(c) for c in game.state.hand(game.table.learner) if Play(c) not in legal]
        if refused:
            tried = pl.try_move(game, str(refused[0]))
            assert isinstance(tried, pl.Refused)
            assert tried.move == refused[0]
            assert not tried.verdict.legal and tried.verdict == pl.verdict(game, refused[0])
            return
        game = pl.play_out(pl.learner_move(game, PLAYERS["club"](game.state, rng)))
    raise AssertionError("no position with a card that may not be played")


def test_no_move_from_text_that_is_none_or_out_of_turn() -> None:
    game = _game()
    assert pl.try_move(game, "not a card") is None
    assert pl.try_move(game, "") is None
    over = pl.resign(game)
    assert pl.try_move(over, str(game.state.legal_moves()[0])) is None


def test_a_remark_goes_to_the_deal_it_was_made_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    game = _game(seed=11)
    while len(game.state.legal_moves()) < 2:
        game = pl.play_out(pl.learner_move(game, game.state.legal_moves()[0]))
    move = game.state.legal_moves()[-1]
    tried = pl.try_move(game, str(move))
    assert isinstance(tried, pl.Played) and tried.graded
    assert pl.same_deal(tried.before, tried.after)
    graded = pl.with_remark(tried.after, tried.before, tried.move)
    assert graded is not None
    after, remark = graded
    assert remark == pl.coach_remark(game, move)
    assert after.deal.remarks[-1] == remark and remark.ply == tried.since
    # taken back meanwhile: nothing is added
    assert pl.with_remark(pl.undo(tried.after), tried.before, tried.move) is None
    # a new match or the next deal is not the deal the move was made in
    other = _game(seed=12)
    assert not pl.same_deal(tried.before, other)
    following = pl.play_out(pl.next_deal(pl.resign(tried.after)))
    assert not pl.same_deal(tried.before, following)


# ----------------------------------------------------------------------------- the deal's end


@pytest.mark.parametrize(
    ("scores", "result"),
    [
        ((60, 30), pl.Result.WON),
        ((30, 60), pl.Result.LOST),
        ((45, 45), pl.Result.DRAWN),
    ],
)
def test_how_a_match_of_five_deals_came_out(scores: tuple[int, int], result: pl.Result) -> None:
    game = _game("classic(match.mode=five_deals)")
    assert pl.match_result(game) is None
    before_last = replace(game, match=replace(game.match, scores=scores, deals=4))
    assert pl.match_result(before_last) is None
    over = replace(game, match=replace(game.match, scores=scores, deals=5))
    assert pl.match_result(over) is result


def test_a_claim_to_1000_is_won_or_lost_by_the_count() -> None:
    game = _game("classic(match.mode=thousand)")
    assert game.running_total(game.side) < 1000
    assert pl.match_result(pl.claim(game, game.side)) is pl.Result.LOST  # a miscount
    right = pl.Claim(seat=game.side, total=1004, target=1000, rival=1 - game.side)
    assert pl.match_result(replace(game, claim=right)) is pl.Result.WON
    theirs = replace(right, seat=1 - game.side, rival=game.side)
    assert pl.match_result(replace(game, claim=theirs)) is pl.Result.LOST


def test_giving_up_every_deal_loses_the_match() -> None:
    game = _game()
    for _ in range(20):
        game = pl.resign(game)
        if game.over:
            break
        assert pl.match_result(game) is None
        game = pl.play_out(pl.next_deal(game))
    assert pl.match_result(game) is pl.Result.LOST


def test_in_quiet_mode_the_other_remarks_are_said_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    rng = random.Random(5)
    game = _game(seed=5)
    while not game.deal.over:
        move = PLAYERS["beginner"](game.state, rng)
        remark = pl.coach_remark(game, move)
        game = pl.play_out(pl.learner_move(game, move, remark))
    moments = pl.costliest(game.deal)
    rest = pl.quiet_remarks(game.deal, moments)
    assert set(rest) | set(moments) == set(game.deal.remarks)
    assert not set(rest) & set(moments)
    assert list(rest) == [r for r in game.deal.remarks if r in rest]  # in the deal's order


def test_a_step_of_the_replay_keeps_the_first_moves() -> None:
    game = _deal_over(_game())
    for ply in (0, 1, len(game.deal.moves)):
        step = pl.game_until(game, ply)
        assert step.deal.moves == game.deal.moves[:ply]
        assert (step.table, step.match, step.deal.start) == (
            game.table,
            game.match,
            game.deal.start,
        )


def test_the_files_to_download() -> None:
    two, four = _game(), _game("four")
    assert pl.lesson_offered(two) and not pl.lesson_offered(four)
    assert pl.lesson_file_name(two) == f"{pl.lesson_id(two, two.deal)}.yaml"
    assert pl.match_file_name(four) == f"match-{four.table.seed}.json"

"""The one match against the computer at a table of two, three or four (tutor.teach.play): undo
restores the position exactly, giving up scores the deal as the preset says, a match to the
target ends with the right winner and dealers, the kept match round-trips and a forged one is
refused; and on the Play page a deal at a table of four: cards clicked, undo, giving up, the
next deal, the match score."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
import tutor_app.board as app_board
import tutor_app.storage as app_storage
from tests.helpers import FakeBoard, FakeStorage
from tutor.engine import (
    EndKind,
    IllegalMoveError,
    Losers,
    Match,
    NextDealer,
    Play,
    TableState,
    cut_winner,
    parse_rules,
)
from tutor.teach import play as pl
from tutor.teach.hints import METHOD_TABLE_PLAYOUT, Analysis, situation
from tutor.teach.hints import MoveValue as TableMoveValue
from tutor.teach.play.store import M_NOT_GAME
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator
from tutor.words.play_text import GRADE_NAMES, match_line, remark_text

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")
PAGE = "tutor_app/pages/play.py"
BOARD = "play_board"
SPECS = ("classic", "three", "three_pack32", "four")


def _first(game: pl.Game) -> Play:
    return next(m for m in game.state.legal_moves() if isinstance(m, Play))


def _moved(game: pl.Game) -> pl.Game:
    return pl.play_out(pl.learner_move(game, _first(game)))


def _opened(spec: str, seed: int = 4) -> pl.Game:
    return pl.play_out(pl.start(pl.Table(spec, opponent="club", seed=seed)))


@pytest.mark.parametrize("spec", SPECS)
def test_undo_restores_the_position_the_learner_decided_in(spec: str) -> None:
    game = _opened(spec)
    assert game.learners_turn and game.rules.seats == len(game.cut)
    once = _moved(game)
    assert len(once.deal.moves) > len(game.deal.moves)
    assert pl.undo(once) == game  # the very value, the computer's answers taken back too
    if once.learners_turn:
        twice = _moved(once)
        assert pl.undo(twice) == once
    given = pl.resign(once)
    assert pl.undo(given) == once  # giving up is taken back first
    assert pl.undo(game) == game  # nothing of the learner's to take back


def _grade(rules_spec: str, score: int, tricked: bool) -> int:
    rules = parse_rules(rules_spec)
    if not tricked:
        return 2
    return 1 if score < rules.schneider_below else 0


@pytest.mark.parametrize("spec", SPECS)
def test_a_deal_given_up_goes_to_the_other_side_with_the_stated_points(spec: str) -> None:
    game = _moved(_opened(spec, seed=9))
    if game.deal.over:
        pytest.skip("the deal ended at once")
    given = pl.resign(game)
    assert given.deal.over and given.to_move is None and not given.learners_turn
    outcome = pl.deal_outcome(given.deal, given.rules)
    assert outcome is not None and outcome.kind is EndKind.GIVEN_UP and outcome.player == 0
    rules, s = given.rules, given.state
    scores = tuple(s.score(x) for x in range(rules.sides))
    assert outcome.scores == scores
    others = [x for x in range(rules.sides) if x != given.side]
    winner = max(others, key=lambda x: (scores[x], s.side_tricks(x), -x))
    assert outcome.winner == winner != given.side
    losers = [x for x in range(rules.sides) if x != winner]
    grades = {x: _grade(spec, scores[x], s.side_tricks(x) > 0) for x in losers}
    if rules.losers is Losers.BEST and rules.sides > 2:
        best = max(losers, key=lambda x: scores[x])
        points = rules.game_points[grades[best]]
    else:
        points = sum(rules.game_points[g] for g in grades.values())
    assert outcome.game_points == tuple(points if x == winner else 0 for x in range(rules.sides))
    after = pl.next_deal(given)
    assert after.match.scores == outcome.game_points and after.deal.number == 2
    assert not after.deal.moves or after.deal.start.to_move != 0


def _dealers_follow_the_preset(game: pl.Game) -> None:
    rules = game.rules
    deals = (*game.past, game.deal)
    for before, after in itertools.pairwise(deals):
        outcome = pl.deal_outcome(before, rules)
        assert outcome is not None
        d0, d1 = before.start.dealer, after.start.dealer
        if rules.next_dealer is NextDealer.ALTERNATE:
            assert d1 == (d0 + 1) % rules.seats
        elif outcome.winner is None:
            assert d1 == d0
        else:
            assert d1 % rules.sides == outcome.winner


@pytest.mark.parametrize("spec", ("three", "three_pack32", "four", "four(match.target=3)"))
def test_a_match_at_the_table_ends_at_the_target_with_the_right_winner(spec: str) -> None:
    game = pl.play_match(pl.Table(spec, opponent="random", seed=2, stand_in="club"))
    match = game.scored_match
    rules = game.rules
    totals = [0] * rules.sides
    for deal in (*game.past, game.deal):
        outcome = pl.deal_outcome(deal, rules)
        assert outcome is not None
        totals = [a + b for a, b in zip(totals, outcome.game_points, strict=True)]
    assert tuple(totals) == match.scores and match.deals == len(game.past) + 1
    top = max(totals)
    assert top >= rules.match_target and totals.count(top) == 1
    assert game.over and game.winner == match.winner == totals.index(top)
    before = game.match  # the match before the last deal was not decided yet
    assert before.winner is None
    _dealers_follow_the_preset(game)
    with pytest.raises(ValueError):
        pl.next_deal(game)


def test_the_match_score_reads_the_two_player_match_deal_for_deal() -> None:
    game = pl.play_match(pl.Table("pagat", opponent="random", seed=5, stand_in="club"))
    ours = pl.MatchScore.start(game.rules, game.past[0].start.dealer if game.past else 0)
    theirs = Match.start(game.rules, ours.dealer)
    for deal in (*game.past, game.deal):
        outcome = pl.deal_outcome(deal, game.rules)
        assert outcome is not None
        ours, theirs = ours.record(outcome), theirs.record(outcome)
        assert (ours.scores, ours.dealer, ours.winner) == (
            theirs.scores,
            theirs.dealer,
            theirs.winner,
        )
    assert ours.winner is not None


def test_the_cut_at_a_table_names_the_highest_card_as_dealer() -> None:
    for seed in range(30):
        game = pl.start(pl.Table("four", opponent="club", seed=seed))
        dealer = game.match.dealer
        assert game.deal.start.dealer == dealer
        high = game.cut[dealer]
        assert all(cut_winner(high, card) == 0 for card in game.cut if card != high)


@pytest.mark.parametrize("spec", SPECS)
def test_a_kept_match_round_trips_with_its_seats(spec: str) -> None:
    game = _moved(_opened(spec, seed=6))
    before = pl.positions(game.deal)[:-1]
    ply = next(i for i, p in enumerate(before) if p.to_move == game.table.learner)
    remark = pl.Remark(
        ply=ply,
        move=game.deal.moves[ply],
        grade=pl.Grade.MISTAKE,
        loss=0.75,
        best=game.deal.moves[ply],
        best_value=0.5,
        value=-0.25,
        exact=False,
        samples=0 if game.rules.seats == 2 else 24,
    )
    game = pl.add_remark(game, remark)
    played = pl.play_out(pl.next_deal(pl.resign(game)))
    text = pl.dump_game(played)
    data = json.loads(text)
    assert data["seats"] == played.rules.seats and data["version"] == 1
    assert pl.load_game(text) == played
    assert pl.load_game(text).past[0].remarks == (remark,)


def test_a_two_player_match_kept_before_the_tables_joined_still_loads() -> None:
    game = _moved(_opened("classic"))
    data = json.loads(pl.dump_game(game))
    del data["seats"]  # the form kept in browsers before
    assert pl.load_game(json.dumps(data)) == game


@pytest.mark.parametrize(
    "forge",
    [
        lambda d: d.update(seats=4),  # the seats do not match the rules
        lambda d: d.update(learner=1),  # at a table the learner sits at A
        lambda d: d.update(opponent="beginner"),  # no beginner at a table
        lambda d: d["deals"][0].update(resigned=3),  # no seat D at three
        lambda d: d["deals"][0].update(moves=["Ah", "Ah", "Ah"]),
        lambda d: d.update(claim=5),
        lambda d: d["deals"][0].update(remarks=[[0, "Ah", "good", 0, "Ah", 0, 0, False, [], -1]]),
    ],
)
def test_a_forged_table_match_is_refused_with_a_translated_message(forge: object) -> None:
    game = _moved(_opened("three"))
    data = json.loads(pl.dump_game(game))
    forge(data)  # type: ignore[operator]
    with pytest.raises(pl.GameStoreError) as err:
        pl.load_game(json.dumps(data))
    assert err.value.template == M_NOT_GAME
    for lang in ("de", "pl"):
        assert get_translator(lang)._(M_NOT_GAME) != M_NOT_GAME


def test_an_illegal_move_at_the_table_costs_nothing() -> None:
    for seed in range(40):
        game = _opened("four", seed)
        while not game.deal.over:
            s = game.state
            wrong = [c for c in s.hand(0) if not s.check(Play(c)).legal]
            if wrong:
                verdict = pl.verdict(game, Play(wrong[0]))
                assert not verdict.legal and verdict.rule_ids
                with pytest.raises(IllegalMoveError):
                    pl.learner_move(game, Play(wrong[0]))
                return
            game = _moved(game)
    raise AssertionError("no card the rules forbid came up")


def test_the_coach_grades_a_move_at_the_table_on_sampled_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _opened("four", seed=5)
    moves = list(game.state.legal_moves())
    values = {m: float(i) for i, m in enumerate(moves)}  # the last move is the best

    def analyse(state: TableState, samples: int = 0, seed: int | None = None) -> Analysis:
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        rows = tuple(TableMoveValue(m, v) for m, v in ranked)
        return Analysis(situation(state), METHOD_TABLE_PLAYOUT, samples, seed or 0, rows)

    monkeypatch.setattr(coach, "analyse", analyse)
    remark = pl.coach_remark(game, moves[0])
    assert remark is not None and remark.best == moves[-1] and not remark.exact
    assert remark.loss == len(moves) - 1 and remark.samples == coach.TABLE_COACH_SAMPLES
    assert remark.grade is pl.grade_of(remark.loss)
    best = pl.coach_remark(game, moves[-1])
    assert best is not None and best.grade is pl.Grade.GOOD and best.loss == 0
    t = get_translator("de")
    said = remark_text(remark, t)
    assert said.startswith(t._(GRADE_NAMES[remark.grade])) and str(remark.samples) in said


# ----------------------------------------------------------------------------- the page


@pytest.fixture
def open_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setattr(coach, "TABLE_COACH_SAMPLES", 3)

    def run(lang: str = "en", **widgets: object) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params["lang"] = lang
        at.run()
        at.switch_page(PAGE).run()
        at.session_state["play_seed_base"] = 200
        for key, value in widgets.items():  # one at a time: the presets follow the seats
            at.session_state[key] = value
            at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    yield run


def _game(at: AppTest) -> pl.Game:
    game = at.session_state["play_game"]
    assert isinstance(game, pl.Game)
    return game


def _click(at: AppTest, move: Play) -> None:
    board = app_board._BOARD
    assert isinstance(board, FakeBoard)
    assert str(move) in board.cards(BOARD)
    board.click(str(move))
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def test_a_deal_at_a_table_of_four_on_the_play_page(open_page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    browser = FakeStorage()
    monkeypatch.setattr(app_storage, "_STORE", browser)
    at = open_page("pl", w_play_players="table", w_play_preset="four", w_play_opponent="club")
    t = get_translator("pl")
    at.button(key="play_start").click().run()
    game = _game(at)
    assert game.rules.name == "four" and game.learners_turn
    assert match_line(game.match, t) in " ".join(md_plain(str(c.value)) for c in at.caption)
    at.button(key="play_hint").click().run()
    assert "t66-hint" in str([b.proto.body for b in at.get("html")])
    _click(at, _first(game))
    once = _game(at)
    if once.learners_turn:
        _click(at, _first(once))
    assert pl.load_game(browser.stored["tutor66.play"]) == _game(at)  # kept in the browser
    at.button(key="play_undo").click().run()
    assert _game(at) == (once if once.learners_turn else game)
    at.button(key="play_resign").click().run()
    given = _game(at)
    assert given.deal.over and given.deal.resigned == 0
    said = " ".join(md_plain(str(e.value)) for e in at.info)
    assert t._("{player} gave the deal up.", player="A") in said
    assert [b for b in at.get("download_button") if "play_export_match" in str(b.proto.id)]
    at.button(key="play_next").click().run()
    assert not at.exception, [e.value for e in at.exception]
    after = _game(at)
    outcome = pl.deal_outcome(given.deal, given.rules)
    assert outcome is not None and after.deal.number == 2
    assert after.match.scores == outcome.game_points == (0, after.match.scores[1])
    assert after.match.scores[1] > 0 and after.learners_turn


def test_a_broken_kept_table_match_starts_a_new_one(open_page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    good = pl.dump_game(_moved(_opened("three")))
    data = json.loads(good)
    data["deals"][0]["moves"] = ["Ah", "Ah"]
    browser = FakeStorage()
    browser.stored["tutor66.play"] = json.dumps(data)
    monkeypatch.setattr(app_storage, "_STORE", browser)
    at = open_page("de")
    assert "play_game" not in at.session_state or at.session_state["play_game"] is None
    assert get_translator("de")._(M_NOT_GAME) in [md_plain(str(e.value)) for e in at.info]
    assert at.button(key="play_start")


def test_the_replay_of_a_played_table_deal_opens_every_hand() -> None:
    game = _opened("three", seed=8)
    while not game.deal.over:
        game = _moved(game)
    states = pl.positions(game.deal)
    assert states[-1] == game.state and len(states) == len(game.deal.moves) + 1
    assert pl.deal_tricks(game.deal) == ()  # the table's moves are said one by one instead
    first = replace(game.deal, moves=game.deal.moves[:1])
    assert pl.positions(first)[1] == states[1]

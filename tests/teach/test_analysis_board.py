"""The analysis board's line of play, point of view and "what if", for two, three and four seats
(``tutor.teach.studio.board``)."""

from __future__ import annotations

import random

import pytest

from tutor.engine import IllegalMoveError, Play, State, TableState, game_for, preset
from tutor.teach.studio.board import (
    MAX_PLIES,
    WHAT_IF_DEALS,
    Board,
    BoardLine,
    PointOfView,
    analysis_at,
    situation_at,
    subject_at,
    what_if,
)

PRESETS = ("classic", "schnapsen", "three", "four")


def deal_of(name: str, seed: int = 11) -> Board:
    d = game_for(preset(name)).new_deal(random.Random(seed))
    assert isinstance(d, State | TableState)
    return d


def random_line(start: Board, plies: int, seed: int = 0) -> BoardLine:
    rng = random.Random(seed)
    line = BoardLine.of(start)
    for _ in range(plies):
        moves = line.deal.legal_moves()
        if not moves:
            break
        plays = [m for m in moves if isinstance(m, Play)] or list(moves)  # a long deal
        line = line.forward(rng.choice(plays))
    return line


@pytest.mark.parametrize("name", PRESETS)
def test_the_deal_at_each_ply_is_the_engines_apply_chain(name: str) -> None:
    line = random_line(deal_of(name), 12)
    assert len(line.moves) == 12 and line.at_end
    deal: Board = line.start
    for ply, move in enumerate(line.moves):
        assert line.to(ply).deal == deal
        after = deal.apply(move)
        assert isinstance(after, State | TableState)
        deal = after
    assert line.deal == deal
    assert line.to(99).cursor == 12 and line.to(-3).cursor == 0  # kept within the line


@pytest.mark.parametrize("name", PRESETS)
def test_back_ahead_and_a_new_move_cut_the_line_after_the_cursor(name: str) -> None:
    line = random_line(deal_of(name), 6, seed=3)
    back = line.back().back()
    assert back.cursor == 4 and back.moves == line.moves  # the line is kept
    assert back.ahead().deal == line.to(5).deal
    same = back.forward(line.moves[4])  # the kept line's next move only steps along it
    assert same.moves == line.moves and same.cursor == 5
    other = next(m for m in back.deal.legal_moves() if m != line.moves[4])
    cut = back.forward(other)
    assert cut.moves == (*line.moves[:4], other) and cut.at_end
    assert cut.deal == back.deal.apply(other)
    assert cut.back().back().to(0).at_start and cut.to(0).deal == line.start


@pytest.mark.parametrize("name", PRESETS)
def test_an_illegal_move_is_refused_with_the_engines_verdict(name: str) -> None:
    line = random_line(deal_of(name), 2 if name in ("classic", "schnapsen") else 3, seed=5)
    deal = line.deal
    legal = set(deal.legal_moves())
    mover = deal.to_move
    assert mover is not None
    held = (c for s in range(deal.seats) if s != mover for c in deal.hand(s))
    tried = next(m for m in (Play(c) for c in held) if m not in legal)
    with pytest.raises(IllegalMoveError) as refused:
        line.forward(tried)
    assert refused.value.verdict == deal.check(tried)
    assert not refused.value.verdict.legal and refused.value.verdict.reasons
    assert line.check(tried) == deal.check(tried)


@pytest.mark.parametrize("name", PRESETS)
def test_a_finished_deal_takes_no_move_and_the_line_is_bounded(name: str) -> None:
    line = random_line(deal_of(name), MAX_PLIES + 10, seed=1)
    assert line.deal.to_move is None and len(line.moves) <= MAX_PLIES
    assert situation_at(line, PointOfView()) is None and analysis_at(line, PointOfView()) is None
    assert what_if(line, PointOfView()) == ()
    with pytest.raises(IllegalMoveError):
        line.forward(line.to(len(line.moves) - 1).moves[-1])


@pytest.mark.parametrize("name", PRESETS)
def test_the_point_of_view_shows_the_seats_hand_only_when_hidden(name: str) -> None:
    deal = random_line(deal_of(name), 1).deal
    mover = deal.to_move
    assert mover is not None
    assert PointOfView().shown(deal) == (True,) * deal.seats
    hidden = PointOfView(open_hands=False).shown(deal)
    assert [s for s, up in enumerate(hidden) if up] == [mover]
    seat = (mover + 1) % deal.seats
    assert [s for s, up in enumerate(PointOfView(seat, False).shown(deal)) if up] == [seat]


def test_open_hands_analyse_the_deal_exactly_hidden_ones_what_the_seat_sees() -> None:
    line = random_line(deal_of("classic"), 14, seed=2)  # the stock is used up or nearly
    deal = line.deal
    assert isinstance(deal, State) and deal.to_move is not None
    assert subject_at(deal, PointOfView()) == deal
    assert subject_at(deal, PointOfView(open_hands=False)) == deal.view(deal.to_move)
    opened = analysis_at(line, PointOfView())
    assert opened is not None and opened.method in ("exact", "playout")
    assert {m.move for m in opened.moves} == set(deal.legal_moves())
    hidden = analysis_at(line, PointOfView(open_hands=False))
    assert hidden is not None and {m.move for m in hidden.moves} == set(deal.legal_moves())
    assert analysis_at(line, PointOfView(open_hands=False)) == hidden  # seeded


@pytest.mark.parametrize("name", PRESETS)
def test_what_if_deals_agree_with_what_the_seat_sees(name: str) -> None:
    line = random_line(deal_of(name, 4), 3, seed=4)
    deal = line.deal
    mover = deal.to_move
    assert mover is not None
    for seat in range(deal.seats):
        pov = PointOfView(seat, False)
        deals = what_if(line, pov, n=3)
        assert len(deals) == 3
        seen = deal.view(seat)
        for item in deals:
            world = item.deal
            assert world.view(seat) == seen  # the same view: consistent with what it sees
            assert world.hand(seat) == deal.hand(seat) and world.to_move == mover
            assert item.best in world.legal_moves()
            assert {s for s, _ in item.hidden} == set(range(deal.seats)) - {seat}
        assert deals == what_if(line, pov, n=3)  # the same position, the same deals
    assert len(what_if(line, PointOfView(), n=WHAT_IF_DEALS + 5)) == WHAT_IF_DEALS


def test_what_if_with_two_seats_is_exact_where_the_solver_finishes() -> None:
    line = random_line(deal_of("classic", 8), 16, seed=8)
    assert line.deal.to_move is not None and not line.deal.stock_open
    deals = what_if(line, PointOfView(open_hands=False), n=2)
    for item in deals:
        assert item.analysis.exact
        best = item.analysis.best.game_points
        assert all(m.game_points <= best for m in item.analysis.moves)


def test_what_if_shows_the_deals_a_sampled_analysis_used() -> None:
    line = random_line(deal_of("classic", 9), 3, seed=9)
    pov = PointOfView(open_hands=False)
    analysis = analysis_at(line, pov)
    assert analysis is not None and analysis.method == "sampled"
    deals = what_if(line, pov, analysis=analysis)
    assert [d.deal for d in deals] == list(analysis.deals[:WHAT_IF_DEALS])
    mover = line.deal.to_move
    assert mover is not None
    for item in deals:
        assert item.deal.view(mover) == line.deal.view(mover)
    other = PointOfView((mover + 1) % 2, False)  # another seat's eyes: its own deals
    assert all(
        d.deal.view(other.viewer(line.deal)) == line.deal.view(1 - mover)
        for d in what_if(line, other, analysis=analysis)
    )

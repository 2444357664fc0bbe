"""Deals for three or four against the computer: the learner at seat A, the computer at every
other seat, one deal after another with each side's game points added up, and a coach that
values the learner's moves over sampled deals (the values of the hint's fourth level).

``TableGame`` is one immutable value; each function gives the next. The computer's moves are
fixed by the game's seed, so a deal replays the same for the same moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.engine import (
    Move,
    TableState,
    Verdict,
    deal_table,
    parse_rules,
    table_apply,
    table_check,
)
from tutor.search import player_at
from tutor.teach.hints import table_analyse

#: The seat the learner plays.
LEARNER = 0
#: The computer players the learner may sit with, weakest first.
TABLE_OPPONENTS = ("club", "expert")
#: Sampled deals behind a coach's remark (fewer than a hint's, so that it answers at once).
COACH_SAMPLES = 24
#: A move that loses at least this many game points on average against the best earns a remark.
REMARK_LIMIT = 0.5


@dataclass(frozen=True)
class TableRemark:
    """The coach on a move of the learner: the move, the one the coach would have played, and
    what the move lost against it on average (game points, over ``samples`` deals); ``ply`` is
    the move's place in the deal."""

    ply: int
    move: Move
    best: Move
    lost: float
    samples: int


@dataclass(frozen=True)
class TableGame:
    """Deals at a table of three or four: the deal being played, the moves made in it by seat,
    the game points each side has won in the deals before, and the coach's remarks."""

    preset: str
    opponent: str
    seed: int
    deal: int  # 0 for the first deal
    state: TableState
    moves: tuple[tuple[int, Move], ...] = ()
    totals: tuple[int, ...] = ()
    remarks: tuple[TableRemark, ...] = ()

    @property
    def learner_to_move(self) -> bool:
        return self.state.to_move == LEARNER

    @property
    def over(self) -> bool:
        """The deal being played is over."""
        return self.state.result is not None


def start_table(preset: str, opponent: str, seed: int) -> TableGame:
    """The first deal under ``preset`` with ``opponent`` at every other seat, played up to the
    learner's first turn."""
    if opponent not in TABLE_OPPONENTS:
        raise ValueError(f"unknown opponent {opponent!r}")
    state = _deal(preset, seed, 0)
    return _advanced(TableGame(preset, opponent, seed, 0, state, totals=(0,) * state.rules.sides))


def _deal(preset: str, seed: int, number: int) -> TableState:
    """Deal ``number`` of a game (the dealer moving on with each deal)."""
    rules = parse_rules(preset)
    rng = random.Random(f"table:{preset}:{seed}:{number}")
    return deal_table(rules, rng, dealer=(seed + number) % rules.seats)


def _advanced(game: TableGame) -> TableGame:
    """The computer plays every seat but the learner's until the learner is on turn or the
    deal is over."""
    state, moves = game.state, list(game.moves)
    player = player_at(game.opponent, game.state.rules.seats)
    while state.result is None and state.to_move != LEARNER:
        seat = state.to_move
        assert seat is not None
        rng = random.Random(f"table:{game.seed}:{game.deal}:{len(moves)}")
        move = player(state, rng)
        state = table_apply(state, move)
        moves.append((seat, move))
    return replace(game, state=state, moves=tuple(moves))


def table_try(game: TableGame, move: Move) -> tuple[TableGame, Verdict]:
    """The learner's ``move``: when the rules allow it, the game after it and the computer's
    answers; else the same game. The verdict says which rule decided."""
    verdict = table_check(game.state, move)
    if not verdict.legal or not game.learner_to_move:
        return game, verdict
    after = replace(
        game,
        state=table_apply(game.state, move),
        moves=(*game.moves, (LEARNER, move)),
    )
    return _advanced(after), verdict


def table_remark(before: TableGame, move: Move) -> TableRemark | None:
    """The coach's remark on the learner's ``move`` in the game ``before`` it, when it lost at
    least ``REMARK_LIMIT`` game points on average against the best move (over sampled deals,
    seeded by what the learner has seen, as the hint is)."""
    analysis = table_analyse(before.state, samples=COACH_SAMPLES)
    values = {m.move: m.game_points for m in analysis.moves}
    if move not in values:
        return None
    lost = analysis.best.game_points - values[move]
    if lost < REMARK_LIMIT:
        return None
    return TableRemark(len(before.moves), move, analysis.best.move, lost, analysis.samples)


def with_remark(game: TableGame, remark: TableRemark | None) -> TableGame:
    return game if remark is None else replace(game, remarks=(*game.remarks, remark))


def table_steps(game: TableGame) -> tuple[tuple[int, Move, TableState, TableState], ...]:
    """Every move of the deal being played: the seat, the move, and the deal before and after
    it (replayed from the deal's cards)."""
    state = _deal(game.preset, game.seed, game.deal)
    out = []
    for seat, move in game.moves:
        after = table_apply(state, move)
        out.append((seat, move, state, after))
        state = after
    return tuple(out)


def table_next_deal(game: TableGame) -> TableGame:
    """The next deal, the dealer moving on, once the deal being played is over: its game
    points are added to each side's total."""
    result = game.state.result
    if result is None:
        return game
    totals = tuple(a + b for a, b in zip(game.totals, result.game_points, strict=True))
    number = game.deal + 1
    state = _deal(game.preset, game.seed, number)
    return _advanced(replace(game, deal=number, state=state, moves=(), totals=totals, remarks=()))


__all__ = [
    "COACH_SAMPLES",
    "LEARNER",
    "REMARK_LIMIT",
    "TABLE_OPPONENTS",
    "TableGame",
    "TableRemark",
    "start_table",
    "table_next_deal",
    "table_remark",
    "table_steps",
    "table_try",
    "with_remark",
]

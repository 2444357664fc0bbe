"""Judging a move at a table of three or four, exactly, over every deal the seat cannot tell
apart.

A puzzle position at a table is a ``TableState`` seen from the seat to move (the learner).
The deals the seat cannot tell apart are every way to give the cards it has not seen to the
other hands, each hand as many as it holds, after the cards all have seen there
(``TableState.known``) and never a card a hand is known to lack (``TableState.lacks``); the
cards left over lie out of play in the stock (the stock no longer serves every seat: nobody
draws again). Their number is bounded by ``TABLE_DEALS``.

Each deal is solved exactly by ``tutor.search.table_solver``: the learner's side (the seat,
or the seat and its partner playing for the side) against the others, and with three seats
each for himself the two others as if they played together against the learner (the value
the learner can make sure of whatever they do). The solver values the side's *result*: its
game points less the most any other side scores. The goals are thresholds of that result:

- ``win``: at least 1 (the side wins the deal), ``win 2`` and ``win 3`` (with Schneider or
  Schwarz);
- ``avoid schneider`` and ``avoid schwarz``: at least minus 1 and minus 2 game points.

"Reach 66" and "decide close" are not judged at a table (nobody closes there, and the solver
values game points, not the way the deal ends). A move *reaches the goal* when it does so in
every deal; the result of a move is the same ``PuzzleAnalysis`` as at two seats (the deals
themselves are not kept in it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import (
    IllegalMoveError,
    Marriage,
    Move,
    TableState,
    TooManyDealsError,
    parse_move,
    table_apply,
    table_apply_unchecked,
    table_check,
    table_legal_moves,
    table_view,
    with_dealt,
)
from tutor.search.table_solver import TableSolver
from tutor.teach.puzzles.judge import Mark, MoveScore, PuzzleAnalysis
from tutor.teach.puzzles.model import Goal, GoalKind, TablePuzzle

#: The most deals the judge examines at a table; a position hiding more is not judged.
TABLE_DEALS = 400

#: The goals a table puzzle may have, from the most to the least ambitious.
TABLE_GOALS = tuple(
    Goal.parse(g) for g in ("win 3", "win 2", "win", "avoid schwarz", "avoid schneider")
)


def table_goal_ok(goal: Goal) -> bool:
    """Whether the table judge can value ``goal`` (a threshold of the side's result)."""
    return goal.kind not in (GoalKind.REACH_66, GoalKind.DECIDE_CLOSE)


# ----------------------------------------------------------------------------- the deals


def table_deals(state: TableState, seat: int, limit: int = TABLE_DEALS) -> list[TableState]:
    """Every deal ``seat`` cannot tell apart from ``state`` (see the module), ``state``'s
    own among them; ``TooManyDealsError`` past ``limit``. The stock must no longer serve
    every seat."""
    if state.stock_open:
        raise ValueError("the stock still serves every seat: the deals are not judged")
    view = table_view(state, seat)
    public = view.public
    n = state.rules.seats
    others = [x for x in range(n) if x != seat]
    room = [view.hand_sizes[x] - _size(public.hands[x]) for x in others]
    lacks = [public.lacks[x] if public.lacks else 0 for x in others]
    pool = sorted(Counter(view.unseen()).items())
    places = [*room, len(state.stock)]  # the other hands, then the stock out of play
    out: list[TableState] = []
    dealt: list[list[int]] = [[] for _ in places]

    def place(k: int) -> None:
        if k == len(pool):
            if len(out) >= limit:
                raise TooManyDealsError(limit + 1, limit)
            out.append(with_dealt(view, dealt))
            return
        card, copies = pool[k]
        for split in _splits(copies, len(places)):
            if any(
                split[i] and (places[i] < split[i] or (i < len(lacks) and lacks[i] >> card & 1))
                for i in range(len(places))
            ):
                continue
            for i, m in enumerate(split):
                places[i] -= m
                dealt[i].extend([card] * m)
            place(k + 1)
            for i, m in enumerate(split):
                places[i] += m
                if m:
                    del dealt[i][-m:]

    place(0)
    return out


def _size(hand: int) -> int:
    return hand.bit_count()


def _splits(copies: int, places: int) -> list[tuple[int, ...]]:
    """The ways to put ``copies`` of a card into ``places`` places."""
    if places == 1:
        return [(copies,)]
    return [(m, *rest) for m in range(copies + 1) for rest in _splits(copies - m, places - 1)]


# ----------------------------------------------------------------------------- one deal


def table_deal_values(
    deal: TableState, seat: int, goal: Goal
) -> tuple[tuple[Move, int, bool], ...]:
    """For one deal with every card known: each legal move of ``seat``, the side's result
    after it under best play, and whether that meets the goal."""
    threshold = _threshold(deal, goal)
    return tuple((m, v, v >= threshold) for m, v in _move_values(deal, seat))


def _threshold(state: TableState, goal: Goal) -> int:
    threshold = goal.threshold(state.rules)
    if threshold is None:
        raise ValueError(f"the goal {goal} is not judged at a table")
    return threshold


def _move_values(deal: TableState, seat: int) -> tuple[tuple[Move, int], ...]:
    solver = TableSolver(deal, deal.side(seat))
    return tuple((m, solver.solve(table_apply_unchecked(deal, m))) for m in table_legal_moves(deal))


def table_best_reply(state: TableState, learner: int) -> Move:
    """The move of the seat to move in the deal as it lies: the learner's partner plays the
    best for the side, an opponent the worst for it (the solver's values)."""
    p = state.to_move
    if p is None or p == learner:
        raise ValueError("it is not another seat's turn")
    side = state.side(learner)
    values = TableSolver(state, side).move_values(state)
    pick = max if state.side(p) == side else min
    return pick(values, key=lambda m: values[m])


# ----------------------------------------------------------------------------- many deals


@lru_cache(maxsize=64)
def analyse_table(state: TableState, seat: int, goal: Goal) -> PuzzleAnalysis:
    """The moves of ``seat`` (to move) judged over every deal it cannot tell apart: a move
    is accepted when it reaches the goal in all of them; the best of those give the most in
    the worst deal, then on average."""
    threshold = _threshold(state, goal)
    per_deal = [
        tuple((m, v, v >= threshold) for m, v in values) for values in table_values(state, seat)
    ]
    return aggregate(per_deal)


@lru_cache(maxsize=16)
def table_values(state: TableState, seat: int) -> tuple[tuple[tuple[Move, int], ...], ...]:
    """Each deal ``seat`` cannot tell apart, in order: every legal move with the side's result
    after it under best play (the same searches serve every goal)."""
    if state.to_move != seat:
        raise ValueError("it is not the learner's turn")
    return tuple(_move_values(d, seat) for d in table_deals(state, seat))


def aggregate(per_deal: Sequence[Sequence[tuple[Move, int, bool]]]) -> PuzzleAnalysis:
    """The analysis of the moves from their values deal by deal (every deal in the same
    order of moves)."""
    n = len(per_deal)
    scores = []
    if per_deal:
        for i, (move, _, _) in enumerate(per_deal[0]):
            values = tuple(d[i][1] for d in per_deal)
            reached = sum(1 for d in per_deal if d[i][2])
            scores.append(MoveScore(move, n, reached, min(values), sum(values), values))
    ok = [s for s in scores if s.deals and s.reached == s.deals]
    top = max(((s.worst, s.total) for s in ok), default=None)
    accepted = tuple(s.move for s in ok)
    best = tuple(s.move for s in ok if (s.worst, s.total) == top)
    return PuzzleAnalysis(tuple(scores), n, accepted, best, True)


def idea(move: Move) -> str:
    """A marriage is the same idea whichever of its two cards is led."""
    if isinstance(move, Marriage):
        return f"marry {move.suit} {move.out}"
    return str(move)


# ----------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class TableJudgement:
    """The verdict on the learner's move in a table puzzle, and how the table answered."""

    move: Move
    mark: Mark  # RIGHT (one of the best), PARTLY (reaches the goal, not the best), WRONG
    analysis: PuzzleAnalysis
    deal: TableState  # the deal of the line: the one as it lies, or one where the move fails
    line: tuple[Move, ...]  # the move and best play by every seat after it, in ``deal``
    end: TableState  # the deal's end on that line
    other_cards: bool = False  # ``deal`` is not the deal as it lies (the learner could not know)

    @property
    def right(self) -> bool:
        return self.mark is not Mark.WRONG


def table_line(state: TableState, learner: int) -> tuple[tuple[Move, ...], TableState]:
    """Best play by every seat from ``state`` to the end of the deal as it lies: the learner's
    side for its result, the others against it."""
    moves: list[Move] = []
    side = state.side(learner)
    solver = TableSolver(state, side)
    while state.result is None:
        values = solver.move_values(state)
        p = state.to_move
        assert p is not None
        pick = max if state.side(p) == side else min
        move = pick(values, key=lambda m: values[m])
        moves.append(move)
        state = table_apply_unchecked(state, move)
    return tuple(moves), state


def judge_table(puzzle: TablePuzzle, move: Move | str) -> TableJudgement:
    """Judge the learner's move in ``puzzle`` and play the deal out from it (every seat's best
    play in the deal as it lies). ``IllegalMoveError`` for a move the rules forbid."""
    s = puzzle.state
    m = parse_move(move) if isinstance(move, str) else move
    if m not in table_legal_moves(s):
        raise IllegalMoveError(table_check(s, m))
    a = analyse_table(s, puzzle.learner, puzzle.goal)
    mark = Mark.RIGHT if m in a.best else Mark.PARTLY if m in a.accepted else Mark.WRONG
    deal = s
    if mark is Mark.WRONG:  # the refutation: the deal as it lies if the move fails there
        threshold = _threshold(s, puzzle.goal)
        values = dict(_move_values(s, puzzle.learner))
        if values[m] >= threshold:
            score = a.score(m)
            deals = table_deals(s, puzzle.learner)
            deal = next(d for d, v in zip(deals, score.values, strict=True) if v < threshold)
    rest, end = table_line(table_apply(deal, m), puzzle.learner)
    return TableJudgement(m, mark, a, deal, (m, *rest), end, deal is not s)


__all__ = [
    "TABLE_DEALS",
    "TABLE_GOALS",
    "TableJudgement",
    "aggregate",
    "analyse_table",
    "idea",
    "judge_table",
    "table_best_reply",
    "table_deal_values",
    "table_deals",
    "table_goal_ok",
    "table_line",
    "table_values",
]

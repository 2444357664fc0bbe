"""The analysis board: any full-information deal (a ``State`` of two seats or a ``TableState``
of three or four) explored move by move, the same for every number of seats.

- ``BoardLine``: the start deal, the moves played from it and a cursor, as one immutable value.
  ``forward(move)`` plays a legal move of whoever is on turn (a move played before the end of
  the line cuts the line after the cursor, as an analysis board does), ``back()``, ``ahead()``
  (along the kept line), ``to(ply)``; ``deal`` is the deal at the cursor. A move the rules
  refuse raises the engine's ``IllegalMoveError`` with its verdict.
- ``PointOfView``: the seat whose eyes the board uses (``None``: whoever is on turn) and
  whether the hands are open (every card known) or hidden (only what that seat sees).
- ``situation_at`` and ``analysis_at``: the decision at the cursor (``tutor.teach.hints``):
  with open hands at two seats the exact analysis of the deal, else what the seat on turn
  knows (its view at two seats, the table's sampled playouts at three and four), within the
  default ``Budget`` and seeded, so that the same position gives the same answer.
- ``what_if``: deals consistent with what the seat sees (the analysis's own sampled deals
  where it sampled them from that seat's view, else drawn afresh, seeded by what the seat
  sees), each with every hand and the best move of the seat on turn in that deal: exact at
  two seats where the solver finishes within ``WHAT_IF_NODES`` (else its estimate), at a
  table the club player's playouts, solved exactly once the hands are small, as the table
  analysis values one sampled deal.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from tutor.engine import (
    Card,
    Deal,
    IllegalMoveError,
    Move,
    State,
    TableState,
    Verdict,
    parse_move,
    table_apply_unchecked,
)
from tutor.search import Budget, TableSolver, table_club, table_solvable
from tutor.search.table_players import OWN_POINTS, ROLLOUT_SOLVE_CARDS, SOLVE_CARDS
from tutor.teach.hints import Analysis, MoveValue, Situation, Subject, analyse, situation
from tutor.teach.hints.model import METHOD_SAMPLED, METHOD_TABLE_PLAYOUT
from tutor.teach.hints.table_analysis import table_situation

#: A deal the board shows: two seats or a table.
Board = State | TableState

#: Moves a line may hold: more than any deal of 66 lasts (passes and waits included).
MAX_PLIES = 200
#: Deals shown under "what if" (the house's limit on a request's sampled deals is far above).
WHAT_IF_DEALS = 6
#: The solver's work on one "what if" deal of two seats, before it answers by its estimate.
WHAT_IF_NODES = 300_000


@dataclass(frozen=True)
class BoardLine:
    """A line of play from ``start``: ``moves`` and the ``cursor`` (0: the start deal).

    >>> import random
    >>> from tutor.engine import deal_table, preset
    >>> line = BoardLine.of(deal_table(preset("three"), random.Random(3)))
    >>> first = line.deal.legal_moves()[0]
    >>> line = line.forward(first)
    >>> line.cursor, line.back().cursor, line.back().ahead().deal == line.deal
    (1, 0, True)
    """

    start: Board
    moves: tuple[Move, ...] = ()
    cursor: int = 0
    #: the deal after each move: ``deals[0]`` is ``start``
    deals: tuple[Board, ...] = ()

    @classmethod
    def of(cls, start: Board) -> BoardLine:
        """A line with no move yet."""
        return cls(start, (), 0, (start,))

    @property
    def deal(self) -> Board:
        """The deal at the cursor."""
        return self.deals[self.cursor]

    @property
    def at_start(self) -> bool:
        return self.cursor == 0

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.moves)

    @property
    def played(self) -> tuple[Move, ...]:
        """The moves up to the cursor."""
        return self.moves[: self.cursor]

    def check(self, move: Move | str) -> Verdict:
        """The engine's verdict on ``move`` at the cursor."""
        return self.deal.check(_move(move))

    def forward(self, move: Move | str) -> BoardLine:
        """Play ``move`` at the cursor. The same move as the kept line's next one just steps
        along it; another cuts the line after the cursor. Raises ``IllegalMoveError`` (with the
        engine's verdict) for a move the rules refuse, and for any move once the deal is over
        or the line is as long as ``MAX_PLIES``."""
        m = _move(move)
        if not self.at_end and self.moves[self.cursor] == m:
            return self.ahead()
        if self.cursor >= MAX_PLIES:
            raise IllegalMoveError(Verdict(m, False, self.deal.check(m).reasons))
        after = _apply(self.deal, m)
        return BoardLine(
            self.start,
            (*self.moves[: self.cursor], m),
            self.cursor + 1,
            (*self.deals[: self.cursor + 1], after),
        )

    def back(self) -> BoardLine:
        return self.to(self.cursor - 1)

    def ahead(self) -> BoardLine:
        return self.to(self.cursor + 1)

    def to(self, ply: int) -> BoardLine:
        """The cursor at ``ply``, kept within the line (0 to the number of moves)."""
        ply = max(0, min(ply, len(self.moves)))
        return BoardLine(self.start, self.moves, ply, self.deals)


def _move(move: Move | str) -> Move:
    return parse_move(move) if isinstance(move, str) else move


def _apply(deal: Board, move: Move) -> Board:
    after: Deal = deal.apply(move)
    assert isinstance(after, State | TableState)
    return after


# ----------------------------------------------------------------------------- point of view


@dataclass(frozen=True)
class PointOfView:
    """Whose eyes the board uses: ``seat`` (``None``: the seat on turn) and ``open_hands``
    (every card known) or hidden (only what that seat sees; the others' hands face down)."""

    seat: int | None = None
    open_hands: bool = True

    def viewer(self, deal: Board) -> int:
        """The seat whose eyes are used at ``deal``: the one chosen, else the seat on turn
        (the last one on turn when the deal is over)."""
        if self.seat is not None and 0 <= self.seat < deal.seats:
            return self.seat
        return deal.to_move if deal.to_move is not None else 0

    def shown(self, deal: Board) -> tuple[bool, ...]:
        """Which hands are face up on the table."""
        if self.open_hands:
            return (True,) * deal.seats
        seat = self.viewer(deal)
        return tuple(s == seat for s in range(deal.seats))


def subject_at(deal: Board, pov: PointOfView) -> Subject:
    """What the decision at ``deal`` is analysed from: the whole deal with open hands at two
    seats; else what the seat on turn knows (it is that seat's decision)."""
    if isinstance(deal, TableState) or pov.open_hands or deal.to_move is None:
        return deal
    return deal.view(deal.to_move)


def situation_at(line: BoardLine, pov: PointOfView) -> Situation | None:
    """The rules in force and a verdict on every candidate move; ``None`` once the deal is over."""
    if line.deal.to_move is None:
        return None
    return situation(subject_at(line.deal, pov))


def analysis_at(line: BoardLine, pov: PointOfView) -> Analysis | None:
    """Every legal move at the cursor valued (``tutor.teach.hints.analyse``, the default
    budget and seed); ``None`` once the deal is over."""
    if line.deal.to_move is None:
        return None
    return analyse(subject_at(line.deal, pov))


# ----------------------------------------------------------------------------- what if


@dataclass(frozen=True)
class WhatIf:
    """One deal consistent with what ``viewer`` sees, with every hand and the cards still to
    draw, and the decision of the seat on turn valued in it (``analysis``: exact at two seats
    where the solver finishes, else its estimate; at a table the playouts of this one deal)."""

    deal: Board
    viewer: int
    analysis: Analysis

    @property
    def best(self) -> Move:
        return self.analysis.best.move

    @property
    def hidden(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The other seats' hands in this deal, as the viewer cannot see them."""
        return tuple((s, self.deal.hand(s)) for s in range(self.deal.seats) if s != self.viewer)


def what_if_seed(deal: Board, seat: int) -> int:
    """A seed made of what ``seat`` sees: the same position draws the same deals."""
    digest = hashlib.sha256(repr(deal.view(seat)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def what_if(
    line: BoardLine,
    pov: PointOfView,
    n: int = WHAT_IF_DEALS,
    analysis: Analysis | None = None,
) -> tuple[WhatIf, ...]:
    """``n`` deals (at most ``WHAT_IF_DEALS``) consistent with what the point of view's seat
    sees at the cursor, each with the best move there; none once the deal is over. Where
    ``analysis`` (the analysis at the cursor) sampled deals from what that same seat sees, the
    first of its own deals; else deals drawn afresh, seeded by what the seat sees."""
    deal = line.deal
    if deal.to_move is None:
        return ()
    seat = pov.viewer(deal)
    n = max(0, min(n, WHAT_IF_DEALS))
    rng = random.Random(what_if_seed(deal, seat))
    if analysis is not None and analysis.method == METHOD_SAMPLED and seat == deal.to_move:
        worlds: tuple[Board, ...] = analysis.deals[:n]
    else:
        view = deal.view(seat)
        worlds = tuple(_sample(view.sample(rng)) for _ in range(n))
    return tuple(WhatIf(world, seat, _valued(world, rng)) for world in worlds)


def _sample(world: Deal) -> Board:
    assert isinstance(world, State | TableState)
    return world


def _valued(world: Board, rng: random.Random) -> Analysis:
    """The decision of the seat on turn in ``world`` (every card known) valued."""
    if isinstance(world, State):
        return analyse(world, budget=Budget(nodes=WHAT_IF_NODES))
    values = sorted(table_deal_values(world, rng), key=lambda mv: -mv[1])
    moves = tuple(MoveValue(m, v, samples=1) for m, v in values)
    return Analysis(table_situation(world), METHOD_TABLE_PLAYOUT, 1, 0, moves)


def _solve_cards(world: TableState) -> int:
    return SOLVE_CARDS if world.rules.sides == 2 else -1


def table_deal_values(world: TableState, rng: random.Random) -> tuple[tuple[Move, float], ...]:
    """Every legal move of the seat on turn valued in this one deal, as the table analysis
    values each of its sampled deals (``tutor.search.table_move_values``): solved exactly
    once the hands are small, else played out by the club player at every seat."""
    p = world.to_move
    assert p is not None
    teams = world.rules.sides == 2
    solver = TableSolver(world, world.side(p), OWN_POINTS and not teams)
    if table_solvable(world, _solve_cards(world)):
        return tuple(solver.move_values(world).items())
    rollout = ROLLOUT_SOLVE_CARDS if teams else -1
    out = []
    for m in world.legal_moves():
        s = table_apply_unchecked(world, m)
        while s.result is None and not table_solvable(s, rollout):
            s = table_apply_unchecked(s, table_club(s, rng))
        out.append((m, float(solver.solve(s))))
    return tuple(out)


__all__ = [
    "MAX_PLIES",
    "WHAT_IF_DEALS",
    "WHAT_IF_NODES",
    "Board",
    "BoardLine",
    "PointOfView",
    "WhatIf",
    "analysis_at",
    "situation_at",
    "subject_at",
    "table_deal_values",
    "what_if",
    "what_if_seed",
]

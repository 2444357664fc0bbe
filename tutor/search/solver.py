"""Exact search for positions with perfect information: both hands and the stock order known.

In play this is the case once the stock is gone (the opponent holds exactly the unseen cards);
with a closed stock or a small stock it is the case inside each sampled deal
(``tutor.engine.view``).

The value of a position is in game points for the player to move, net (own minus opponent's),
as the deal's outcome in ``tutor.engine.play`` decides it; the final card points of the
principal line are reported beside it. The search is alpha-beta (negamax, fail-soft) with a
transposition table holding bounds and best moves. It runs on plain integers (bit sets of card
indices, scores, flags), not on ``State`` objects; a whole trick (lead and reply) is one level, and
the reply is searched inline (``tutor.search._negamax``). The moves follow the same ``RuleSet``
fields as ``tutor.engine.legality``, and the end of a deal is scored by ``tutor.engine.scoring``,
the one definition ``tutor.engine.play`` applies too; ``tests/search/test_solver.py`` checks the
solver against ``apply``.

In the example A has closed with 14 points and the clubs marriage in hand; B holds no trump that
can take a trick from A before A counts 66 and declares, so B ends without a trick: Schwarz, 3
game points (the line: Kh Jh, marry Kc As, out, 10s Ks).

>>> from tutor.engine import new_deal, play_moves, preset
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> s = play_moves(s, ["10h", "Kd", "close"])
>>> v = solve(s)
>>> v.game_points, len(v.line) > 0
(3, True)
"""

from __future__ import annotations

import weakref
from operator import attrgetter
from typing import NamedTuple

from tutor.engine import (
    Move,
    Outcome,
    Play,
    State,
    Wait,
    apply_unchecked,
    legal_moves,
    other,
)
from tutor.search._core import CoreNegamax, make_engine
from tutor.search._encoding import Pos, code_to_move, position, search_stock, stock_place
from tutor.search._rulefacts import max_game_points
from tutor.search.budget import Budget
from tutor.search.playout import CODE_MOVES, fields, rebuilt


class Value(NamedTuple):
    """The exact value of a position for the player to move."""

    game_points: int  # net game points: own minus the opponent's, with best play by both
    player: int  # the player to move, whose value this is
    line: tuple[Move, ...]  # a principal variation to the end of the deal
    outcome: Outcome  # how the deal ends on that line
    nodes: int  # positions searched

    @property
    def scores(self) -> tuple[int, ...]:
        """Final card points (with marriages and last-trick bonus) of A and B on the line."""
        return self.outcome.scores

    @property
    def card_points(self) -> int:
        """The mover's final card points on the line."""
        return self.outcome.scores[self.player]


class MoveValue:
    """One legal move with its exact value for the player to move, and a principal line.

    The value is found when the moves are ranked; the line (the move and a best continuation to
    the end of the deal) and the outcome at its end only when first asked for, from the table of
    the solver that ranked the moves (the values it already holds make that cheap). So ranking
    the moves costs their values alone when only the values are wanted (puzzles, the replay of
    lessons). Asking for the line charges that solver's budget like its other questions and may
    raise ``SearchLimit``; the solver is let go once the line is known."""

    __slots__ = ("_found", "_source", "_value_after", "game_points", "move")

    def __init__(
        self, move: Move, game_points: int, source: tuple[State, Solver], value_after: int
    ) -> None:
        self.move = move
        self.game_points = game_points  # net game points for the player to move
        # The state the move is made in and the solver that ranked it (shared by the moves).
        self._source: tuple[State, Solver] | None = source
        self._value_after = value_after  # the exact value after the move, for the one to move
        self._found: tuple[tuple[Move, ...], Outcome] | None = None  # the line and its outcome

    def __repr__(self) -> str:
        return f"MoveValue({self.move}, {self.game_points})"

    def _find_line(self) -> tuple[tuple[Move, ...], Outcome]:
        if self._found is None:
            assert self._source is not None
            before, solver = self._source
            after = apply_unchecked(before, self.move)
            if after.result is not None:
                rest: tuple[Move, ...] = ()
                end = after
            else:
                rest, end = solver.line(after, self._value_after)
            assert end.result is not None
            self._found = (self.move, *rest), end.result
            self._source = None  # the solver's table is no longer needed here
        return self._found

    @property
    def line(self) -> tuple[Move, ...]:
        """The move and a best continuation to the end of the deal."""
        return self._find_line()[0]

    @property
    def outcome(self) -> Outcome:
        """How the deal ends on the line."""
        return self._find_line()[1]

    @property
    def scores(self) -> tuple[int, ...]:
        """Final card points (with marriages and last-trick bonus) of A and B on the line."""
        return self.outcome.scores


def terminal_value(outcome: Outcome, player: int) -> int:
    """Net game points of a finished deal for ``player``."""
    gp = outcome.game_points
    return gp[player] - gp[other(player)]


class Solver:
    """Exact values of the positions of one deal with perfect information.

    Built for a root state; answers for that state and for any later state of the same deal
    (its stock must be what is left of the root's stock). The transposition table is kept
    between questions: the values of a position's moves, the principal lines after them and
    later positions of the deal share what was found. ``nodes`` counts the positions searched.

    With a ``budget`` (``tutor.search.budget``) every question charges it the nodes searched,
    the table keeps at most its ``table_entries``, and a question raises ``SearchLimit`` when
    the budget runs out; what was found so far stays in the table, so the solver can still be
    asked again (with a new budget, or for what is already known).

    The search is the compiled core where it is built, else the Python search
    (``tutor.search._core``; ``TUTOR_SEARCH=python`` forces the Python one); ``search``
    (``"core"`` or ``"python"``) picks one. Both give the same values and count the same nodes
    (the core is faster by the node), so a budget of nodes is spent alike and cuts both at the
    same point.
    """

    def __init__(self, state: State, budget: Budget | None = None, search: str = "") -> None:
        self.rules = state.rules
        self.trump = state.trump
        self.stock = search_stock(state)
        self._engine = make_engine(state.rules, self.stock, budget, search)
        self.maxv = self._engine.maxv
        if not isinstance(self._engine, CoreNegamax):
            # The Python search's closures refer to each other, so the table they share would
            # wait for the cyclic garbage collector; it is emptied as soon as the solver is let
            # go. The compiled search holds no cycle, and its table goes with it.
            weakref.finalize(self, self._engine.clear)

    @property
    def nodes(self) -> int:
        return self._engine.nodes

    def _pos(self, state: State) -> Pos:
        self._check_deal(state)
        return position(state, self.stock)

    def _check_deal(self, state: State) -> None:
        rules = state.rules
        if (rules is not self.rules and rules != self.rules) or (
            state.trump != self.trump and rules.face_up
        ):
            raise ValueError("the state belongs to another deal")

    def value(self, state: State) -> int:
        """Exact net game points for the player to move."""
        if state.result is not None:
            raise ValueError("the deal is over")
        m = self.maxv
        return self._search(state, -m, m)

    def _search(self, state: State, alpha: int, beta: int) -> int:
        """The value of ``state`` (not over) for the player to move, searched fail-soft within
        ``alpha`` and ``beta``: exact between them, else a bound on that side (at most the
        answer when it is ``<= alpha``, at least when ``>= beta``)."""
        if state.waiting is not Wait.NOTHING:  # a choice between turns: the better move
            return max(self.child_value(state, move)[0] for move in legal_moves(state))
        h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob = self._pos(state)
        e = self._engine
        pair = state.trump_index, len(state.marriages)
        if state.lead < 0:
            return e.lead(
                *pair, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha, beta
            )
        lc = state.lead
        return -e.follow(
            *pair, h0, h1, ld, lc, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, -beta, -alpha
        )

    def child_value(self, state: State, move: Move) -> tuple[int, State]:
        """Exact value of ``move`` for the player to move in ``state``, and the state after it."""
        player = state.to_move
        assert player is not None
        child = apply_unchecked(state, move)
        if child.result is not None:
            return terminal_value(child.result, player), child
        v = self.value(child)
        return (v if child.to_move == player else -v), child

    def _reaches(self, child: State, player: int, target: int) -> bool:
        """Whether ``player``'s move to ``child`` is worth at least ``target`` (a null-window
        search)."""
        if child.result is not None:
            return terminal_value(child.result, player) >= target
        if child.to_move == player:
            return self._search(child, target - 1, target) >= target
        return self._search(child, -target, 1 - target) <= -target

    def line(self, state: State, value: int | None = None) -> tuple[tuple[Move, ...], State]:
        """A principal variation from ``state`` to the end of the deal, and the final state.
        ``value``: the exact value of ``state`` where it is already known.

        At each step the first move (the table's best first) that keeps the value is taken; a
        move is tested by a null-window search, mostly answered from the table, and the last
        candidate needs no test. The compiled core follows the same steps where it can
        (``_core_line_fits``: ``Core.line``, the same moves, nodes and budget)."""
        if isinstance(self._engine, CoreNegamax) and _core_line_fits(state):
            if value is None:
                value = self.value(state)
            pos = self._pos(state)
            end, line = rebuilt(state, self._engine.line(value, pos[8], pos[9], *fields(state)))
            return line, end
        moves: list[Move] = []
        target = value
        while state.result is None:
            player = state.to_move
            assert player is not None
            if target is None:
                target = self.value(state)
            candidates = self._ordered(state)
            last = len(candidates) - 1
            for i, move in enumerate(candidates):
                child = apply_unchecked(state, move)
                if i == last or self._reaches(child, player, target):
                    break
            moves.append(move)
            state = child
            if state.to_move != player:
                target = -target
        return tuple(moves), state

    def _ordered(self, state: State) -> list[Move]:
        """Legal moves, the table's best move first."""
        moves = list(legal_moves(state))
        if state.lead < 0 and state.waiting is Wait.NOTHING:
            code = self._engine.best_move(
                state.trump_index, len(state.marriages), *self._pos(state)
            )
            if code >= 0:
                best = code_to_move(code)
                if best in moves:
                    moves.remove(best)
                    moves.insert(0, best)
        return moves

    def solve(self, state: State) -> Value:
        player = state.to_move
        if player is None:
            raise ValueError("the deal is over")
        gp = self.value(state)
        line, end = self.line(state, gp)
        assert end.result is not None
        return Value(gp, player, line, end.result, self.nodes)

    def rank_moves(self, state: State) -> tuple[MoveValue, ...]:
        """Every legal move with its exact value, best first (stable among equals: in the order
        of ``legal_moves``); each move's line is found when first asked for."""
        player = state.to_move
        if player is None:
            raise ValueError("the deal is over")
        if isinstance(self._engine, CoreNegamax) and _core_line_fits(state):
            return self._core_ranks(state)
        leading = state.lead < 0 and state.waiting is Wait.NOTHING
        pos = self._pos(state) if leading else None
        source = state, self
        out = []
        for move in legal_moves(state):
            if pos is not None and isinstance(move, Play):
                v = self._lead_value(state, pos, move.card.index)
                after = -v  # the follower is to move after the lead
            else:
                child = apply_unchecked(state, move)
                if child.result is not None:
                    after = v = terminal_value(child.result, player)
                else:
                    after = self.value(child)
                    v = after if child.to_move == player else -after
            out.append(MoveValue(move, v, source, after))
        out.sort(key=_by_value, reverse=True)
        return tuple(out)

    def _core_ranks(self, state: State) -> tuple[MoveValue, ...]:
        """``rank_moves`` in one call of the compiled core (``Core.ranks``), which values the
        moves in the same order with the same searches (the same nodes and budget) and returns
        them ranked as ``rank_moves`` ranks them."""
        assert isinstance(self._engine, CoreNegamax)
        self._check_deal(state)
        si, tc = stock_place(state, self.stock)
        m = self.maxv
        ranked = self._engine.ranks(-m, m, si, tc, fields(state))
        source = state, self
        return tuple([MoveValue(CODE_MOVES[code], v, source, a) for code, v, a in ranked])

    def _lead_value(self, state: State, pos: Pos, card: int) -> int:
        """Exact value of leading ``card`` for the leader of ``state`` (on lead, no choice
        waiting; ``pos`` its position): the search on reply of the position with the card out
        of the hand, as the search on lead plays a card, without making the ``State`` after
        it."""
        h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob = pos
        if ld:
            h1 ^= 1 << card
        else:
            h0 ^= 1 << card
        m = self.maxv
        return self._engine.follow(
            state.trump_index,
            len(state.marriages),
            *(h0, h1, ld, card, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, -m, m),
        )


_by_value = attrgetter("game_points")


def _core_line_fits(state: State) -> bool:
    """The compiled core follows the line from here (``Core.line``): the second phase, trumps
    named, no choice waiting; elsewhere (the last draws to come, the reply to a close, no
    trumps yet) ``Solver.line`` follows it in Python."""
    return (
        state.result is None
        and state.phase2
        and state.waiting is Wait.NOTHING
        and state.trump is not None
    )


def solve(state: State) -> Value:
    """The exact value of ``state`` for the player to move, with a principal line."""
    return Solver(state).solve(state)


def rank_moves(state: State) -> tuple[MoveValue, ...]:
    """Every legal move of ``state`` with its exact value, best first (stable among equals)."""
    return Solver(state).rank_moves(state)


__all__ = [
    "MoveValue",
    "Solver",
    "Value",
    "max_game_points",
    "rank_moves",
    "solve",
    "terminal_value",
]

"""Judging a learner's moves in a puzzle, exactly, over every deal the learner cannot rule out.

A move *reaches the goal* when the exact solver (``tutor.search.solver``) proves it for every
deal consistent with what the learner can see (``tutor.engine.view``): the cards still unseen,
split in every possible way between the opponent's hand and the stock; or, when the puzzle
states a probability, for at least that share of the deals. With the stock used up, the learner
can see everything and there is exactly one deal.

Checking a learner's moves (``start``/``play`` or ``check``) says, for each move:

- ``WRONG``: the goal cannot be reached any more. The judgement carries the refutation: a deal
  consistent with what the learner saw in which the move fails, and the solver's line from
  there (the defence's best replies) to the end of the deal;
- ``PARTLY``: the move still reaches the goal, but either the puzzle goes on (``best`` says
  whether it was one of the best moves) or it is solved by a move that is not the best;
- ``RIGHT``: one of the best moves, and the puzzle is solved.

The computer defends as well as it can: it answers with the solver's best reply in the
puzzle's deal. Everything here is pure data; ``tutor.words.puzzle_text`` puts it into words.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from tutor.engine import (
    Close,
    IllegalMoveError,
    Move,
    Outcome,
    State,
    apply,
    apply_unchecked,
    consistent_deals,
    legal_moves,
    parse_move,
    same_deal,
    track_excluded,
    view_of,
)
from tutor.engine import check as check_move  # the rules; this module's check judges a puzzle
from tutor.search import Budget, SearchLimit, Solver, terminal_value
from tutor.teach.hints.why import Why, line_over
from tutor.teach.puzzles.model import Goal, GoalKind, Puzzle


def _state_key(s: State) -> tuple[object, ...]:
    return (
        s.hands,
        s.stock,
        s.trump,
        s.trump_card,
        s.leader,
        s.lead,
        s.closed_by,
        s.closed_opp_tricks,
        s.points,
        s.melds,
        s.pending,
        s.tricks,
        s.out_by,
    )


class _DealSearch:
    """Exact answers for one deal with every card known: the value of a move for the learner
    (net game points) and whether the goal can still be reached.

    The search works within ``budget`` (by default a fresh ``Budget()``: the limits of one
    request) and raises ``SearchLimit`` past it."""

    def __init__(self, deal: State, learner: int, goal: Goal, budget: Budget | None = None) -> None:
        self.solver = Solver(deal, budget if budget is not None else Budget())
        self.learner = learner
        self.goal = goal
        self.threshold = goal.threshold(deal.rules)
        self._memo: dict[tuple[object, ...], bool] = {}

    def value(self, state: State) -> int:
        """Net game points for the learner with best play by both."""
        if state.result is not None:
            return terminal_value(state.result, self.learner)
        v = self.solver.value(state)
        return v if state.to_move == self.learner else -v

    def move_value(self, state: State, move: Move) -> tuple[int, State]:
        v, child = self.solver.child_value(state, move)
        return (v if state.to_move == self.learner else -v), child

    def reaches(self, state: State) -> bool:
        """Whether the learner can force the goal from ``state``."""
        if state.result is not None:
            return self.goal.met(state.result, self.learner, state.rules)
        if self.goal.kind is GoalKind.DECIDE_CLOSE:
            return self.value(state) >= 0
        if self.threshold is not None:
            return self.value(state) >= self.threshold
        return self._reach_66(state)

    def _reach_66(self, state: State) -> bool:
        if state.result is not None:
            return self.goal.met(state.result, self.learner, state.rules)
        if self.value(state) < 1:  # cannot even win the deal
            return False
        key = _state_key(state)
        known = self._memo.get(key)
        if known is not None:
            return known
        moves = legal_moves(state)
        if state.to_move == self.learner:
            result = any(self._reach_66(apply_unchecked(state, m)) for m in moves)
        else:
            result = all(self._reach_66(apply_unchecked(state, m)) for m in moves)
        self._memo[key] = result
        return result

    def options(self, state: State) -> list[tuple[Move, int, bool, State]]:
        """Each legal move with its value for the learner, whether the goal stays reachable,
        and the state after it."""
        out = []
        for move in legal_moves(state):
            v, child = self.move_value(state, move)
            if child.result is not None:
                ok = self.goal.met(child.result, self.learner, state.rules)
            elif self.threshold is not None:
                ok = v >= self.threshold
            elif self.goal.kind is GoalKind.DECIDE_CLOSE:
                ok = True
            else:
                ok = self._reach_66(child)
            out.append((move, v, ok, child))
        return out

    def best_option(self, state: State) -> tuple[Move, State]:
        """The move a best player makes: the learner keeps the goal and then the most game
        points; the defence spoils the goal if it can, and then gives the fewest."""
        opts = self.options(state)
        if state.to_move == self.learner:
            move, _, _, child = max(opts, key=lambda o: (o[2], o[1]))
        else:
            move, _, _, child = min(opts, key=lambda o: (o[2], o[1]))
        return move, child

    def line(self, state: State) -> tuple[tuple[Move, ...], State]:
        """Best play by both from ``state`` to the end of the deal."""
        moves: list[Move] = []
        while state.result is None:
            move, state = self.best_option(state)
            moves.append(move)
        return tuple(moves), state


def best_line(state: State, learner: int, goal: Goal) -> tuple[tuple[Move, ...], State]:
    """Best play by both sides from ``state`` to the end of the deal, with every card known."""
    return _DealSearch(state, learner, goal).line(state)


def defence_reply(state: State, learner: int, goal: Goal) -> Move:
    """The computer's answer: the solver's best reply for the player who is not the learner."""
    if state.to_move == learner or state.result is not None:
        raise ValueError("it is not the defence's turn")
    return _DealSearch(state, learner, goal).best_option(state)[0]


# ----------------------------------------------------------------------------- many deals


@dataclass(frozen=True)
class MoveScore:
    """One legal move over all the deals examined."""

    move: Move
    deals: int  # deals examined
    reached: int  # deals in which the goal is still reached after the move (best play)
    worst: int  # the learner's lowest net game points over the deals
    total: int  # the sum of the learner's net game points (the mean is total / deals)
    values: tuple[int, ...] = ()  # the learner's net game points in each deal, in order

    @property
    def share(self) -> Fraction:
        return Fraction(self.reached, self.deals) if self.deals else Fraction(0)

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.deals) if self.deals else Fraction(0)


@dataclass(frozen=True)
class PuzzleAnalysis:
    """The moves of one position judged against a goal."""

    scores: tuple[MoveScore, ...]  # every legal move, in the engine's order
    deals: int
    accepted: tuple[Move, ...]  # the moves that reach the goal
    best: tuple[Move, ...]  # the accepted moves nobody can better
    exact: bool  # judged over every consistent deal (False: only over the deal as it lies)
    states: tuple[State, ...] = ()  # the deals examined, in the order of ``MoveScore.values``

    def score(self, move: Move) -> MoveScore:
        for s in self.scores:
            if s.move == move:
                return s
        raise KeyError(str(move))


#: The older name.
Analysis = PuzzleAnalysis


def _aggregate(
    deals: Sequence[State],
    per_deal: Sequence[Sequence[tuple[Move, int, bool]]],
    goal: Goal,
    probability: Fraction | None,
    exact: bool,
) -> PuzzleAnalysis:
    n = len(per_deal)
    scores = []
    if per_deal:
        for i, (move, _, _) in enumerate(per_deal[0]):
            values = tuple(d[i][1] for d in per_deal)
            reached = sum(1 for d in per_deal if d[i][2])
            scores.append(MoveScore(move, n, reached, min(values), sum(values), values))
    if goal.kind is GoalKind.DECIDE_CLOSE:
        accepted, best = _decide_close(scores)
    else:

        def reaches(s: MoveScore) -> bool:
            if probability is None:
                return s.reached == s.deals
            return s.share >= probability

        ok = [s for s in scores if reaches(s) and s.deals]
        top = max(((s.share, s.worst, s.total) for s in ok), default=None)
        accepted = tuple(s.move for s in ok)
        best = tuple(s.move for s in ok if (s.share, s.worst, s.total) == top)
    return PuzzleAnalysis(tuple(scores), n, accepted, best, exact, tuple(deals))


def _decide_close(scores: Sequence[MoveScore]) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    close = next((s for s in scores if isinstance(s.move, Close)), None)
    rest = [s for s in scores if not isinstance(s.move, Close)]
    if close is None or not rest:
        return (), ()
    top = max(s.total for s in rest)
    if close.total > top:
        return (close.move,), (close.move,)
    accepted = tuple(s.move for s in rest if s.total > close.total)
    best = tuple(s.move for s in rest if s.total == top and s.total > close.total)
    return accepted, best


def deal_values(
    deal: State, learner: int, goal: Goal, budget: Budget | None = None
) -> tuple[tuple[Move, int, bool], ...]:
    """For one deal with every card known: each legal move, its value for the learner and
    whether the goal is still reached after it."""
    search = _DealSearch(deal, learner, goal, budget)
    return tuple((m, v, ok) for m, v, ok, _ in search.options(deal))


@lru_cache(maxsize=256)
def analyse(
    state: State,
    learner: int,
    goal: Goal,
    probability: Fraction | None = None,
    excluded: int = 0,
) -> PuzzleAnalysis:
    """Judge the learner's moves in ``state`` over every deal consistent with what the learner
    can see (``excluded``: cards the opponent is known not to hold). When no move reaches the
    goal in all of them although the deal as it lies allows it (the learner has been led into
    a guess), the moves are judged over that deal alone (``exact`` is then False).

    The whole judgement works within one ``Budget()``; past it ``SearchLimit`` is raised (a
    puzzle whose position is too large to be judged)."""
    if state.to_move != learner:
        raise ValueError("it is not the learner's turn")
    budget = Budget()
    found = analyse_every_deal(state, learner, goal, probability, excluded, budget)
    if found.accepted or goal.kind is GoalKind.DECIDE_CLOSE:
        return found
    own = _aggregate([state], [deal_values(state, learner, goal, budget)], goal, None, False)
    return own if own.accepted else found


def analyse_every_deal(
    state: State,
    learner: int,
    goal: Goal,
    probability: Fraction | None = None,
    excluded: int = 0,
    budget: Budget | None = None,
) -> PuzzleAnalysis:
    """The learner's moves judged over every deal consistent with what the learner can see,
    even when no move reaches the goal in enough of them (``analyse`` then falls back to the
    deal as it lies). Every deal's search draws on one ``budget`` (a fresh ``Budget()`` by
    default)."""
    budget = budget if budget is not None else Budget()
    view = view_of(state, learner, excluded)
    deals = list(consistent_deals(view))
    per_deal = [deal_values(d, learner, goal, budget) for d in deals]
    return _aggregate(deals, per_deal, goal, probability, True)


# ----------------------------------------------------------------------------- judging


class Mark(Enum):
    RIGHT = "right"
    PARTLY = "partly"
    WRONG = "wrong"


@dataclass(frozen=True)
class Refutation:
    """Why a move fails: a deal consistent with what the learner saw, and best play from there."""

    before: State  # the deal in which the move fails, before the move
    line: tuple[Move, ...]  # the move and the best play after it, to the end of the deal
    end: State  # the deal's final state on that line
    other_cards: bool  # the deal differs from the one on the table (the learner could not know)

    @property
    def outcome(self) -> Outcome:
        assert self.end.result is not None
        return self.end.result


@dataclass(frozen=True)
class Judgement:
    """The verdict on one learner move."""

    move: Move
    mark: Mark
    best: bool  # one of the best moves
    solved: bool  # the puzzle is solved with this move
    analysis: PuzzleAnalysis
    replies: tuple[Move, ...] = ()  # moves played for both sides after it (defence, forced)
    refutation: Refutation | None = None
    before: State | None = None  # the position the move was made in
    why: Why | None = None  # why a best move is better, for a move that is not one of them

    @property
    def right(self) -> bool:
        return self.mark is Mark.RIGHT


@dataclass(frozen=True)
class Attempt:
    """A learner's way through a puzzle so far: an immutable value, one per try."""

    puzzle: Puzzle
    state: State  # the deal now
    history: tuple[Move, ...] = ()  # every move since the puzzle's position, both sides
    judgements: tuple[Judgement, ...] = ()
    excluded: int = 0  # cards the learner can tell the opponent does not hold

    @property
    def solved(self) -> bool:
        return bool(self.judgements) and self.judgements[-1].solved

    @property
    def failed(self) -> bool:
        return bool(self.judgements) and self.judgements[-1].mark is Mark.WRONG

    @property
    def over(self) -> bool:
        return self.solved or self.failed

    @property
    def perfect(self) -> bool:
        """Solved with a best move every time."""
        return self.solved and all(j.best for j in self.judgements)

    @property
    def learner_moves(self) -> int:
        return len(self.judgements)

    @property
    def last(self) -> Judgement | None:
        return self.judgements[-1] if self.judgements else None

    def analysis(self) -> PuzzleAnalysis:
        """The judged moves of the position the learner is in now."""
        p = self.puzzle
        return analyse(self.state, p.learner, p.goal, p.probability, self.excluded)


def start(puzzle: Puzzle) -> Attempt:
    """A fresh attempt at the puzzle."""
    return Attempt(puzzle, puzzle.state, excluded=puzzle.excluded)


def play(attempt: Attempt, move: Move | str) -> Attempt:
    """Judge the learner's move, play it, and let the computer answer.

    Raises ``IllegalMoveError`` for a move the rules forbid, ``ValueError`` once the attempt
    is over."""
    if attempt.over:
        raise ValueError("the puzzle is over; start again")
    p = attempt.puzzle
    state = attempt.state
    m = parse_move(move) if isinstance(move, str) else move
    if m not in legal_moves(state):
        raise IllegalMoveError(check_move(state, m))
    analysis = attempt.analysis()
    best = m in analysis.best
    if m not in analysis.accepted:
        ref = refute(state, m, p, attempt.excluded, analysis)
        j = Judgement(m, Mark.WRONG, False, False, analysis, refutation=ref, before=state)
        return Attempt(p, state, attempt.history, (*attempt.judgements, j), attempt.excluded)
    after = apply(state, m)
    history = [m]
    replies: list[Move] = []
    excluded = attempt.excluded
    done = attempt.learner_moves + 1
    limit = p.length
    solved = limit is not None and done >= limit
    if not solved:
        while after.result is None:
            if after.to_move == p.learner:
                forced = legal_moves(after)
                if len(forced) != 1:
                    break
                reply = forced[0]
            else:
                reply = defence_reply(after, p.learner, p.goal)
                excluded = track_excluded(excluded, after, reply, p.learner)
            replies.append(reply)
            after = apply(after, reply)
        if after.result is not None:
            solved = True
            if not p.goal.met(after.result, p.learner, after.rules):
                ref = Refutation(state, (m, *replies), after, False)
                j = Judgement(
                    m, Mark.WRONG, False, False, analysis, tuple(replies), ref, before=state
                )
                return Attempt(
                    p, state, attempt.history, (*attempt.judgements, j), attempt.excluded
                )
    mark = Mark.RIGHT if solved and best else Mark.PARTLY
    why = None if best else contrast(state, m, p, analysis)
    j = Judgement(m, mark, best, solved, analysis, tuple(replies), before=state, why=why)
    return Attempt(
        p,
        after,
        (*attempt.history, *history, *replies),
        (*attempt.judgements, j),
        excluded,
    )


def check(puzzle: Puzzle, moves: Sequence[Move | str]) -> Judgement:
    """The verdict on the last of the learner's moves so far (the computer's answers are
    played in between). Raises ``ValueError`` for a move after the attempt is over."""
    if not moves:
        raise ValueError("no move to judge")
    attempt = start(puzzle)
    for move in moves:
        attempt = play(attempt, move)
    last = attempt.last
    assert last is not None
    return last


def refute(
    state: State, move: Move, puzzle: Puzzle, excluded: int, analysis: PuzzleAnalysis
) -> Refutation:
    """The deal (consistent with what the learner sees) in which ``move`` fails, preferring the
    deal on the table, and the solver's best play from there."""
    learner, goal = puzzle.learner, puzzle.goal
    view = view_of(state, learner, excluded)
    candidates: Iterator[State] = consistent_deals(view) if analysis.exact else iter(())
    chosen = state
    budget = Budget()
    search = _DealSearch(state, learner, goal, budget)
    if goal.kind is not GoalKind.DECIDE_CLOSE and _move_ok(search, state, move):
        for deal in candidates:
            s = _DealSearch(deal, learner, goal, budget)
            if not _move_ok(s, deal, move):
                chosen, search = deal, s
                break
    child = apply(chosen, move)
    rest, end = search.line(child)
    return Refutation(chosen, (move, *rest), end, not same_deal(chosen, state))


def _move_ok(search: _DealSearch, state: State, move: Move) -> bool:
    for m, _, ok, _ in search.options(state):
        if m == move:
            return ok
    return False


def line_after(
    state: State, learner: int, goal: Goal, move: Move, budget: Budget | None = None
) -> tuple[Move, ...]:
    """``move`` and best play by both after it to the end of the deal, searched in the deal
    ``state`` with every card known (within ``budget``, by default a fresh ``Budget()``)."""
    search = _DealSearch(state, learner, goal, budget)
    rest, _ = search.line(apply(state, move))
    return (move, *rest)


#: The most deals in which the lines of a move and a better one are searched to explain why
#: the better one is better (the deals where it gives more, the one on the table first).
CONTRAST_LINES = 24


def contrast(state: State, move: Move, puzzle: Puzzle, analysis: PuzzleAnalysis) -> Why | None:
    """Why the first of the best moves is better than ``move`` (which reaches the goal too):
    the line after each in the deals where the better one gives the learner more game points
    (``tutor.teach.hints.why.line_over``; at most ``CONTRAST_LINES`` of them searched, within
    one ``Budget()``; no line where the search runs out). ``None`` when no move is best."""
    if not analysis.best:
        return None
    better = analysis.best[0]
    mine, top = analysis.score(move), analysis.score(better)
    loss = max(float(top.mean - mine.mean), float(top.worst - mine.worst), 0.0)
    n = analysis.deals
    learner, goal = puzzle.learner, puzzle.goal
    deals = analysis.states
    if len(deals) != n or len(mine.values) != n or len(top.values) != n:
        return Why(move, better, loss, n == 1, n, learner)
    matters = [w for w, (v, b) in enumerate(zip(mine.values, top.values, strict=True)) if b > v]
    matters.sort(key=lambda w: not same_deal(deals[w], state))  # the deal on the table first
    budget = Budget()
    lines = []
    try:
        for w in matters[:CONTRAST_LINES]:
            deal = deals[w]
            lines.append(
                (
                    deal,
                    line_after(deal, learner, goal, move, budget),
                    line_after(deal, learner, goal, better, budget),
                )
            )
    except SearchLimit:
        pass
    line = line_over(lines, move, learner, len(matters), n)
    return Why(move, better, loss, n == 1, n, learner, line=line)


def solution_line(attempt: Attempt) -> tuple[tuple[Move, ...], State]:
    """How the deal goes on from the attempt's position with best play by both."""
    p = attempt.puzzle
    if attempt.state.result is not None:
        return (), attempt.state
    return best_line(attempt.state, p.learner, p.goal)


__all__ = [
    "Analysis",
    "Attempt",
    "Judgement",
    "Mark",
    "MoveScore",
    "PuzzleAnalysis",
    "Refutation",
    "analyse",
    "analyse_every_deal",
    "best_line",
    "check",
    "contrast",
    "deal_values",
    "defence_reply",
    "line_after",
    "play",
    "refute",
    "solution_line",
    "start",
]

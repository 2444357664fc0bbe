"""Puzzles: scripted positions with a goal, checked exactly by the solver.

A puzzle is a position of a deal, the player the learner plays (the one to move), a goal
("win the deal", "win 2 game points", "reach 66 first", "avoid Schneider", "decide whether to
close"), a theme and a level, optional hand-written hints and the explanation shown once it is
solved. ``docs/puzzles.md`` describes the YAML format.

The learner does not see the opponent's hand or the stock. A move *reaches the goal* when the
exact solver (``tutor.solver``) proves it for every deal consistent with what the learner can see
(``tutor.view``): the cards still unseen, split in every possible way between the opponent's hand
and the stock; or, when the puzzle states a probability, for at least that share of the deals.
With the stock used up, the learner can see everything and there is exactly one deal.

Checking a learner's moves (``start``/``play`` or ``check``) says, for each move:

- ``WRONG``: the goal cannot be reached any more. The judgement carries the refutation: a deal
  consistent with what the learner saw in which the move fails, and the solver's line from
  there (the defence's best replies) to the end of the deal;
- ``PARTLY``: the move still reaches the goal, but either the puzzle goes on (``best`` says
  whether it was one of the best moves) or it is solved by a move that is not the best;
- ``RIGHT``: one of the best moves, and the puzzle is solved.

The computer defends as well as it can: it answers with the solver's best reply in the
puzzle's deal. Everything here is pure; ``app_pages/puzzles.py`` only shows it.

>>> from tutor.game import new_deal, play_moves
>>> from tutor.rules import preset
>>> s = new_deal(preset("pagat"), hands=("Ah 10h Kc Qc Ks Qs", "Ad Jd 9d As Js Jh"),
...              trump_card="Kd", stock="Qd Qh 9s 10s 9h Kh 9c Jc 10c Ac 10d", dealer=0)
>>> Goal.parse("win 2").threshold(s.rules), str(Goal.parse("avoid schneider"))
(2, 'avoid schneider')
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations

from .cards import cards_of_mask, iter_bits
from .explain import Translator, describe_move, describe_outcome, describe_trick, rule_text
from .game import (
    PLAYER_NAMES,
    Close,
    EndKind,
    Exchange,
    IllegalMoveError,
    Marriage,
    Move,
    Outcome,
    Play,
    State,
    apply,
    apply_unchecked,
    legal_moves,
    parse_move,
)
from .game import check as check_move
from .i18n import N_
from .rules import Duty, RuleSet
from .solver import Solver, terminal_value
from .view import View, track_excluded, view_of

#: At most this many consistent deals are examined for one position; a puzzle that hides more
#: is rejected (show more cards, or let the stock be smaller).
MAX_DEALS = 600

# ----------------------------------------------------------------------------- goals


class GoalKind(Enum):
    WIN = "win"  # win the deal, with at least ``points`` game points
    REACH_66 = "reach 66"  # win by declaring 66 (or by making the close) first
    AVOID_SCHNEIDER = "avoid schneider"  # lose at most the lowest score (1 game point)
    AVOID_SCHWARZ = "avoid schwarz"  # lose at most the middle score (2 game points)
    DECIDE_CLOSE = "decide close"  # close or play on, whichever is worth more


class GoalError(ValueError):
    """A goal that cannot be read; the message lists the goals there are."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(
            f"unknown goal {text!r}: write 'win', 'win 2', 'win 3', 'reach 66', "
            "'avoid schneider', 'avoid schwarz' or 'decide close'"
        )


@dataclass(frozen=True)
class Goal:
    """What the learner has to achieve in a puzzle."""

    kind: GoalKind
    points: int = 1  # for WIN: the game points to win at least

    @classmethod
    def parse(cls, text: object) -> Goal:
        """>>> Goal.parse("Win 3")
        Goal(kind=<GoalKind.WIN: 'win'>, points=3)
        """
        words = str(text).strip().lower().split()
        if not words:
            raise GoalError(str(text))
        if words[0] == "win" and len(words) <= 2:
            if len(words) == 1:
                return cls(GoalKind.WIN)
            if words[1] in ("1", "2", "3"):
                return cls(GoalKind.WIN, int(words[1]))
            raise GoalError(str(text))
        joined = " ".join(words)
        for kind in GoalKind:
            if kind is not GoalKind.WIN and joined == kind.value:
                return cls(kind)
        raise GoalError(str(text))

    def __str__(self) -> str:
        if self.kind is GoalKind.WIN:
            return "win" if self.points == 1 else f"win {self.points}"
        return str(self.kind.value)

    def threshold(self, rules: RuleSet) -> int | None:
        """The learner's net game points that meet the goal, for goals that are a threshold."""
        if self.kind is GoalKind.WIN:
            return self.points
        if self.kind is GoalKind.AVOID_SCHNEIDER:
            return -rules.game_points[0]
        if self.kind is GoalKind.AVOID_SCHWARZ:
            return -rules.game_points[1]
        return None

    def met(self, outcome: Outcome, learner: int, rules: RuleSet) -> bool:
        """Whether a finished deal meets the goal (``DECIDE_CLOSE``: the learner did not lose)."""
        if self.kind is GoalKind.REACH_66:
            return outcome.winner == learner and outcome.kind in (
                EndKind.OUT,
                EndKind.CLOSER_MADE,
            )
        value = terminal_value(outcome, learner)
        t = self.threshold(rules)
        return value >= (t if t is not None else 0)


GOAL_TEXTS: dict[GoalKind, str] = {
    GoalKind.WIN: N_("Win the deal."),
    GoalKind.REACH_66: N_("Reach 66 first: win by declaring 66."),
    GoalKind.AVOID_SCHNEIDER: N_("Avoid Schneider: lose no more than one game point."),
    GoalKind.AVOID_SCHWARZ: N_("Avoid Schwarz: lose no more than two game points."),
    GoalKind.DECIDE_CLOSE: N_("Decide whether to close the stock or to play on."),
}
WIN_POINTS_TEXT = N_("Win the deal with at least {points} game points.")

# ----------------------------------------------------------------------------- themes, levels

THEMES: dict[str, str] = {
    "closed_follow": N_("Closed phase: follow suit"),
    "closed_head": N_("Closed phase: head the trick"),
    "counting": N_("Counting to 66 and going out"),
    "marriage": N_("Timing a marriage"),
    "exchange": N_("The trump exchange"),
    "closing": N_("Whether to close"),
    "save_ten": N_("Saving a ten"),
    "schneider": N_("Schneider and Schwarz"),
}
LEVELS: dict[int, str] = {
    1: N_("Level 1: first steps"),
    2: N_("Level 2: playing well"),
    3: N_("Level 3: fine points"),
}

# ----------------------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Puzzle:
    """One puzzle, read from YAML (``load_puzzles``) or built in code."""

    id: str
    title: str
    theme: str
    level: int
    goal: Goal
    state: State  # the deal as it lies: the defence plays against these cards
    learner: int  # the player the learner plays: the one to move
    solution: tuple[Move, ...]  # every move that reaches the goal, as the file states them
    explanation: str
    moves: int | None = None  # learner moves the puzzle asks for; None: to the end of the deal
    probability: Fraction | None = None  # None: the goal must be reached in every deal
    hints: tuple[str, ...] = ()
    goal_text: str = ""
    theme_text: str = ""
    note: str = ""
    source: str = ""  # the file it was read from
    line: int = 0  # where in that file it starts
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # key -> line

    def line_of(self, key: str) -> int:
        return dict(self.lines).get(key, self.line)

    @property
    def length(self) -> int | None:
        """Learner moves asked for (``DECIDE_CLOSE`` is always one decision)."""
        return 1 if self.goal.kind is GoalKind.DECIDE_CLOSE else self.moves


# ----------------------------------------------------------------------------- deals


class TooManyDealsError(ValueError):
    """The learner's view leaves more possible deals than can be examined exactly."""

    def __init__(self, count: int, limit: int) -> None:
        self.count = count
        self.limit = limit
        super().__init__(f"{count} possible deals, more than the {limit} that can be checked")


def deal_count(view: View) -> int:
    """How many deals agree with the view (stock order counts only while the stock is open)."""
    need = view.opponent_hand_size - view.opponent_known.bit_count()
    free = (view.unseen & ~view.excluded).bit_count()
    if need < 0 or need > free:
        return 0
    orders = math.factorial(view.stock_count) if _stock_open(view) else 1
    return math.comb(free, need) * orders


def _stock_open(view: View) -> bool:
    return view.closed_by < 0 and view.trump_card >= 0


def consistent_deals(view: View, limit: int = MAX_DEALS) -> Iterator[State]:
    """Every full deal that agrees with ``view``: the opponent's hidden cards and, while the
    stock is open, the order of the stock. A closed stock is never drawn from, so its order
    does not matter and only one order is given. Raises ``TooManyDealsError`` beyond ``limit``."""
    count = deal_count(view)
    if count > limit:
        raise TooManyDealsError(count, limit)
    unseen = view.unseen
    need = view.opponent_hand_size - view.opponent_known.bit_count()
    free = [i for i in iter_bits(unseen & ~view.excluded)]
    if need < 0 or need > len(free):
        return
    for chosen in combinations(free, need):
        opp = view.opponent_known
        for i in chosen:
            opp |= 1 << i
        rest = [i for i in iter_bits(unseen & ~opp)]
        orders = permutations(rest) if _stock_open(view) else iter((tuple(rest),))
        for order in orders:
            yield _deal_of(view, opp, tuple(order))


def _deal_of(view: View, opp_hand: int, stock: tuple[int, ...]) -> State:
    p = view.player
    hands = (view.hand, opp_hand) if p == 0 else (opp_hand, view.hand)
    known = (view.shown, view.opponent_known) if p == 0 else (view.opponent_known, view.shown)
    return State(
        rules=view.rules,
        trump=view.trump,
        hands=hands,
        stock=stock,
        trump_card=view.trump_card,
        dealer=view.dealer,
        leader=view.leader,
        lead=view.lead,
        lead_marriage=view.lead_marriage,
        closed_by=view.closed_by,
        closed_opp_tricks=view.closed_opp_tricks,
        points=view.points,
        melds=view.melds,
        pending=view.pending,
        tricks=view.tricks,
        known=known,
        marriages=view.marriages,
        out_by=view.out_by,
        last_trick=view.last_trick,
        result=view.result,
    )


def same_deal(a: State, b: State) -> bool:
    """Whether two states of the same position have the cards in the same places (for a closed
    stock its order does not matter)."""
    if a.hands != b.hands:
        return False
    if a.closed_by >= 0:
        return sorted(a.stock) == sorted(b.stock)
    return a.stock == b.stock


# ----------------------------------------------------------------------------- one deal


def _state_key(s: State) -> tuple[object, ...]:
    return (
        s.hands,
        s.stock,
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
    (net game points) and whether the goal can still be reached."""

    def __init__(self, deal: State, learner: int, goal: Goal) -> None:
        self.solver = Solver(deal)
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

    @property
    def share(self) -> Fraction:
        return Fraction(self.reached, self.deals) if self.deals else Fraction(0)

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.deals) if self.deals else Fraction(0)


@dataclass(frozen=True)
class Analysis:
    """The moves of one position judged against a goal."""

    scores: tuple[MoveScore, ...]  # every legal move, in the engine's order
    deals: int
    accepted: tuple[Move, ...]  # the moves that reach the goal
    best: tuple[Move, ...]  # the accepted moves nobody can better
    exact: bool  # judged over every consistent deal (False: only over the deal as it lies)

    def score(self, move: Move) -> MoveScore:
        for s in self.scores:
            if s.move == move:
                return s
        raise KeyError(str(move))


def _aggregate(
    per_deal: Sequence[Sequence[tuple[Move, int, bool]]],
    goal: Goal,
    probability: Fraction | None,
    exact: bool,
) -> Analysis:
    n = len(per_deal)
    scores = []
    if per_deal:
        for i, (move, _, _) in enumerate(per_deal[0]):
            values = [d[i][1] for d in per_deal]
            reached = sum(1 for d in per_deal if d[i][2])
            scores.append(MoveScore(move, n, reached, min(values), sum(values)))
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
    return Analysis(tuple(scores), n, accepted, best, exact)


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


def deal_values(deal: State, learner: int, goal: Goal) -> tuple[tuple[Move, int, bool], ...]:
    """For one deal with every card known: each legal move, its value for the learner and
    whether the goal is still reached after it."""
    search = _DealSearch(deal, learner, goal)
    return tuple((m, v, ok) for m, v, ok, _ in search.options(deal))


@lru_cache(maxsize=256)
def analyse(
    state: State,
    learner: int,
    goal: Goal,
    probability: Fraction | None = None,
    excluded: int = 0,
) -> Analysis:
    """Judge the learner's moves in ``state`` over every deal consistent with what the learner
    can see (``excluded``: cards the opponent is known not to hold). When no move reaches the
    goal in all of them although the deal as it lies allows it (the learner has been led into
    a guess), the moves are judged over that deal alone (``exact`` is then False)."""
    if state.to_move != learner:
        raise ValueError("it is not the learner's turn")
    view = view_of(state, learner, excluded)
    per_deal = [deal_values(d, learner, goal) for d in consistent_deals(view)]
    found = _aggregate(per_deal, goal, probability, True)
    if found.accepted or goal.kind is GoalKind.DECIDE_CLOSE:
        return found
    own = _aggregate([deal_values(state, learner, goal)], goal, None, False)
    return own if own.accepted else found


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
    analysis: Analysis
    replies: tuple[Move, ...] = ()  # moves played for both sides after it (defence, forced)
    refutation: Refutation | None = None
    before: State | None = None  # the position the move was made in

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

    def analysis(self) -> Analysis:
        """The judged moves of the position the learner is in now."""
        p = self.puzzle
        return analyse(self.state, p.learner, p.goal, p.probability, self.excluded)


def start(puzzle: Puzzle) -> Attempt:
    """A fresh attempt at the puzzle."""
    return Attempt(puzzle, puzzle.state)


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
    j = Judgement(m, mark, best, solved, analysis, tuple(replies), before=state)
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
    state: State, move: Move, puzzle: Puzzle, excluded: int, analysis: Analysis
) -> Refutation:
    """The deal (consistent with what the learner sees) in which ``move`` fails, preferring the
    deal on the table, and the solver's best play from there."""
    learner, goal = puzzle.learner, puzzle.goal
    view = view_of(state, learner, excluded)
    candidates: Iterator[State] = consistent_deals(view) if analysis.exact else iter(())
    chosen = state
    search = _DealSearch(state, learner, goal)
    if goal.kind is not GoalKind.DECIDE_CLOSE and _move_ok(search, state, move):
        for deal in candidates:
            s = _DealSearch(deal, learner, goal)
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


def solution_line(attempt: Attempt) -> tuple[tuple[Move, ...], State]:
    """How the deal goes on from the attempt's position with best play by both."""
    p = attempt.puzzle
    if attempt.state.result is not None:
        return (), attempt.state
    return best_line(attempt.state, p.learner, p.goal)


# ----------------------------------------------------------------------------- words

THEME_RULES: dict[str, str] = {
    "closed_follow": "phase2.follow",
    "closed_head": "phase2.head",
    "counting": "out.on_lead",
    "marriage": "marriage.pair",
    "exchange": "exchange.card",
    "closing": "close.on_lead",
    "save_ten": "phase2.head",
    "schneider": "",
}
SCHNEIDER_RULE = N_(
    "A player who ends the deal with fewer than {limit} points is Schneider and the winner "
    "scores {two} game points; a player without a single trick is Schwarz and the winner "
    "scores {three}."
)


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after a move: a headline, then the details, one per line."""

    mark: Mark
    headline: str
    details: tuple[str, ...] = ()


def goal_words(puzzle: Puzzle, tr: Translator) -> str:
    if puzzle.goal_text:
        return tr._(puzzle.goal_text)
    if puzzle.goal.kind is GoalKind.WIN and puzzle.goal.points > 1:
        return tr._(WIN_POINTS_TEXT, points=puzzle.goal.points)
    return tr._(GOAL_TEXTS[puzzle.goal.kind])


def theme_words(puzzle: Puzzle, tr: Translator) -> str:
    if puzzle.theme_text:
        return tr._(puzzle.theme_text)
    return tr._(THEMES.get(puzzle.theme, puzzle.theme))


def level_words(level: int, tr: Translator) -> str:
    return tr._(LEVELS[level]) if level in LEVELS else tr._("Level {level}", level=level)


def move_name(move: Move, tr: Translator) -> str:
    """A move as a phrase: "the queen of hearts", "closing the stock"."""
    if isinstance(move, Play):
        return tr.card(move.card)
    if isinstance(move, Marriage):
        if move.out:
            return tr._("the marriage with {card} and declaring 66", card=move.card)
        return tr._("the marriage with {card}", card=move.card)
    if isinstance(move, Exchange):
        return tr._("exchanging the trump")
    if isinstance(move, Close):
        return tr._("closing the stock")
    return tr._("declaring 66")


def _names(moves: Sequence[Move], tr: Translator) -> str:
    return ", ".join(move_name(m, tr) for m in moves)


def game_points_words(value: int, tr: Translator) -> str:
    """Net game points from the learner's side: "2 game points for you"."""
    if value > 0:
        return tr.n_("{n} game point for you", "{n} game points for you", value)
    if value < 0:
        return tr.n_(
            "{n} game point for your opponent", "{n} game points for your opponent", -value
        )
    return tr._("no game points for either side")


def _mean(x: Fraction) -> str:
    return f"{float(x):+.2f}"


def line_words(before: State, moves: Sequence[Move], tr: Translator) -> tuple[str, ...]:
    """Each move of a line in words, each completed trick, and the end of the deal."""
    out: list[str] = []
    state = before
    for move in moves:
        if state.result is not None:
            break
        after = apply(state, move)
        out.append(describe_move(state, move, tr))
        if isinstance(move, Play) and state.lead >= 0:
            out.append(describe_trick(after, tr))
        state = after
    if state.result is not None:
        out.append(describe_outcome(state.result, state.rules, tr))
    return tuple(out)


def _hidden_words(ref: Refutation, learner: int, tr: Translator) -> tuple[str, ...]:
    """How the unseen cards lie in the deal that refutes a move."""
    if not ref.other_cards:
        return ()
    opp = 1 - learner
    out = [
        tr._(
            "The cards you cannot see may lie like this: {player} holds {cards}.",
            player=PLAYER_NAMES[opp],
            cards=", ".join(tr.card(c) for c in cards_of_mask(ref.before.hands[opp])),
        )
    ]
    if ref.before.closed_by < 0 and ref.before.stock:
        out.append(
            tr._(
                "The stock, top first: {cards}.",
                cards=", ".join(tr.card(c) for c in ref.before.stock_cards),
            )
        )
    return tuple(out)


def _close_words(analysis: Analysis, tr: Translator) -> str:
    close = next((s for s in analysis.scores if isinstance(s.move, Close)), None)
    rest = [s for s in analysis.scores if not isinstance(s.move, Close)]
    if close is None or not rest:
        return ""
    top = max(rest, key=lambda s: s.total)
    if analysis.deals == 1:
        return tr._(
            "Closing gives {close}; playing on, at best {other}.",
            close=game_points_words(close.worst, tr),
            other=game_points_words(top.worst, tr),
        )
    return tr._(
        "Over the {deals} ways the unseen cards can lie, closing gives {close} game points on "
        "average, playing on at best {other}.",
        deals=analysis.deals,
        close=_mean(close.mean),
        other=_mean(top.mean),
    )


def _better_words(j: Judgement, tr: Translator) -> str:
    a = j.analysis
    mine = a.score(j.move)
    top = a.score(a.best[0])
    if a.deals == 1 or (mine.worst != top.worst):
        return tr._(
            "With {move} the goal is still in reach, but {best} is better: with best play it "
            "gives {best_value}, {move} only {value}.",
            move=move_name(j.move, tr),
            best=move_name(top.move, tr),
            best_value=game_points_words(top.worst, tr),
            value=game_points_words(mine.worst, tr),
        )
    return tr._(
        "With {move} the goal is still in reach, but {best} is better: over the {deals} ways "
        "the unseen cards can lie it gives {best_mean} game points on average, {move} {mean}.",
        move=move_name(j.move, tr),
        best=move_name(top.move, tr),
        deals=a.deals,
        best_mean=_mean(top.mean),
        mean=_mean(mine.mean),
    )


def feedback(puzzle: Puzzle, j: Judgement, tr: Translator) -> Feedback:
    """The words for a judgement: right, partly right or wrong, and why."""
    name = move_name(j.move, tr)
    close = puzzle.goal.kind is GoalKind.DECIDE_CLOSE
    if j.mark is Mark.WRONG:
        details: list[str] = []
        if close:
            details.append(_close_words(j.analysis, tr))
        ref = j.refutation
        if ref is not None:
            details.extend(_hidden_words(ref, puzzle.learner, tr))
            details.extend(line_words(ref.before, ref.line, tr))
        if not close:
            details.append(tr._("So the goal is missed: {goal}", goal=goal_words(puzzle, tr)))
        return Feedback(
            Mark.WRONG,
            tr._("Not quite: with {move} the goal is out of reach.", move=name),
            tuple(d for d in details if d),
        )
    details = []
    if close:
        details.append(_close_words(j.analysis, tr))
    if not j.best:
        details.append(_better_words(j, tr))
    if j.replies and j.before is not None:
        details.extend(line_words(apply(j.before, j.move), j.replies, tr))
    if j.mark is Mark.RIGHT:
        head = tr._("Right! You reach the goal with {move}. Puzzle solved.", move=name)
    elif j.solved:
        head = tr._(
            "Partly right: you reach the goal with {move}, but not in the best way.", move=name
        )
    elif j.best:
        head = tr._("Right so far: {move} is a good move. Go on.", move=name)
    else:
        head = tr._("Partly right: with {move} the goal is still in reach. Go on.", move=name)
    return Feedback(j.mark, head, tuple(d for d in details if d))


HINT_LEVELS: dict[int, str] = {
    1: N_("Hint 1: the rule"),
    2: N_("Hint 2: the cards you may play"),
    3: N_("Hint 3: a move to try"),
    4: N_("Hint 4: the full reasoning"),
}


def _rule_id(puzzle: Puzzle, state: State) -> str:
    rid = THEME_RULES.get(puzzle.theme, "")
    if rid.startswith("phase2.") or (not rid and state.phase2):
        if not state.phase2:
            return "phase1.free"
        return "phase2.head" if state.rules.phase2_duty is Duty.HEAD else "phase2.follow"
    return rid


def hint(attempt: Attempt, level: int, tr: Translator) -> str:
    """The hint of ``level`` (1 to 4) for the position the learner is in: the puzzle's own
    hint if it has one for that level, else 1 the rule that matters here, 2 the moves allowed,
    3 a move that reaches the goal, 4 the reasoning: best play from here, checked by the
    solver."""
    p = attempt.puzzle
    if not 1 <= level <= 4:
        raise ValueError(f"hint levels are 1 to 4, not {level}")
    if level <= len(p.hints):
        return tr._(p.hints[level - 1])
    state = attempt.state
    if level == 1:
        rid = _rule_id(p, state)
        if rid:
            return rule_text(rid, state.rules, tr)
        r = state.rules
        return tr._(
            SCHNEIDER_RULE, limit=r.schneider_below, two=r.game_points[1], three=r.game_points[2]
        )
    moves = legal_moves(state)
    if level == 2:
        return tr._("You may play: {moves}.", moves=_names(moves, tr))
    a = attempt.analysis()
    if not a.best:
        return tr._("No move reaches the goal any more.")
    best = a.best[0]
    if level == 3:
        return tr._("Try {move}.", move=move_name(best, tr))
    parts = [tr._("Play {move}. With best play by both:", move=move_name(best, tr))]
    search = _DealSearch(state, p.learner, p.goal)
    rest, _ = search.line(apply(state, best))
    parts.extend(line_words(state, (best, *rest), tr))
    misses = len(moves) - len(a.accepted)
    if misses:
        parts.append(
            tr.n_("{n} other move misses the goal.", "{n} other moves miss the goal.", misses)
        )
    if a.exact and a.deals > 1:
        parts.append(
            tr.n_(
                "This holds however the unseen cards lie: the solver checked {n} deal.",
                "This holds however the unseen cards lie: the solver checked {n} deals.",
                a.deals,
            )
            if p.probability is None
            else tr._(
                "The solver checked all {deals} ways the unseen cards can lie: this move "
                "reaches the goal in {share} percent of them.",
                deals=a.deals,
                share=round(float(a.score(best).share) * 100),
            )
        )
    return " ".join(parts)


# ----------------------------------------------------------------------------- solved marks

MARKS_VERSION = 1


class MarksError(ValueError):
    """An uploaded file of solved marks that cannot be read."""


def dump_marks(solved: Mapping[str, bool]) -> str:
    """The solved puzzles as a small JSON document: ``{"version": 1, "solved": {id: perfect}}``."""
    return json.dumps(
        {"version": MARKS_VERSION, "solved": {k: bool(v) for k, v in sorted(solved.items())}},
        indent=1,
    )


def load_marks(data: bytes | str, known: Sequence[str] | None = None) -> dict[str, bool]:
    """Read a file written by ``dump_marks``. Unknown puzzle ids are dropped when ``known`` is
    given. Raises ``MarksError`` for anything else."""
    if isinstance(data, bytes):
        if len(data) > 200_000:
            raise MarksError("the file is too large")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise MarksError("the file is not text") from None
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        raise MarksError("the file is not JSON") from None
    if not isinstance(doc, dict) or doc.get("version") != MARKS_VERSION:
        raise MarksError("the file is not a file of solved puzzles")
    solved = doc.get("solved")
    if not isinstance(solved, dict):
        raise MarksError("the file is not a file of solved puzzles")
    out: dict[str, bool] = {}
    for key, value in solved.items():
        if not isinstance(key, str) or not isinstance(value, bool):
            raise MarksError("the file is not a file of solved puzzles")
        if known is None or key in known:
            out[key] = value
    return out


def cards_text(mask: int) -> str:
    return " ".join(str(c) for c in cards_of_mask(mask))


__all__ = [
    "GOAL_TEXTS",
    "LEVELS",
    "MAX_DEALS",
    "THEMES",
    "Analysis",
    "Attempt",
    "Goal",
    "GoalError",
    "GoalKind",
    "Judgement",
    "Mark",
    "MarksError",
    "MoveScore",
    "Puzzle",
    "Refutation",
    "TooManyDealsError",
    "analyse",
    "best_line",
    "check",
    "consistent_deals",
    "deal_count",
    "deal_values",
    "defence_reply",
    "dump_marks",
    "load_marks",
    "play",
    "refute",
    "same_deal",
    "solution_line",
    "start",
]


def puzzle_yaml(state: State, goal: Goal, solution: Sequence[Move], puzzle_id: str) -> str:
    """A puzzle entry for review (provisional position text)."""
    s = state
    lines = [
        f"- id: {puzzle_id}",
        f"  goal: {goal}",
        f"  solution: [{', '.join(str(m) for m in solution)}]",
        f"  # trump {s.trump_card_value} stock {' '.join(map(str, s.stock_cards))} "
        f"closed {s.closed_by} leader {s.leader} lead {s.lead_card}",
        f"  # A {' '.join(map(str, s.hand(0)))} | B {' '.join(map(str, s.hand(1)))}",
        f"  # points {s.points} melds {s.melds} pending {s.pending} tricks {s.tricks} "
        f"trumpsuit {s.trump}",
    ]
    return "\n".join(lines)

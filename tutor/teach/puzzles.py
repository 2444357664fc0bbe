"""Puzzles: scripted positions with a goal, checked exactly by the solver.

A puzzle is a position of a deal, the player the learner plays (the one to move), a goal
("win the deal", "win 2 game points", "reach 66 first", "avoid Schneider", "decide whether to
close"), a theme and a level, optional hand-written hints and the explanation shown once it is
solved. ``docs/puzzles.md`` describes the YAML format.

The learner does not see the opponent's hand or the stock. A move *reaches the goal* when the
exact solver (``tutor.search.solver``) proves it for every deal consistent with what the
learner can see (``tutor.engine.view``): the cards still unseen, split in every possible way
between the opponent's hand and the stock; or, when the puzzle states a probability, for at least
that share of the deals. With the stock used up, the learner can see everything and there is
exactly one deal.

Checking a learner's moves (``start``/``play`` or ``check``) says, for each move:

- ``WRONG``: the goal cannot be reached any more. The judgement carries the refutation: a deal
  consistent with what the learner saw in which the move fails, and the solver's line from
  there (the defence's best replies) to the end of the deal;
- ``PARTLY``: the move still reaches the goal, but either the puzzle goes on (``best`` says
  whether it was one of the best moves) or it is solved by a move that is not the best;
- ``RIGHT``: one of the best moves, and the puzzle is solved.

The computer defends as well as it can: it answers with the solver's best reply in the
puzzle's deal. Everything here is pure; ``tutor_app/pages/puzzles.py`` only shows it.

>>> from tutor.engine import new_deal, play_moves
>>> from tutor.engine.rules import preset
>>> s = new_deal(preset("pagat"), hands=("Ah 10h Kc Qc Ks Qs", "Ad Jd 9d As Js Jh"),
...              trump_card="Kd", stock="Qd Qh 9s 10s 9h Kh 9c Jc 10c Ac 10d", dealer=0)
>>> Goal.parse("win 2").threshold(s.rules), str(Goal.parse("avoid schneider"))
(2, 'avoid schneider')
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from tutor.engine import (
    CLOSE,
    MAX_DEALS,
    PLAYER_NAMES,
    Close,
    Duty,
    EndKind,
    Exchange,
    IllegalMoveError,
    Marriage,
    Move,
    MoveError,
    Outcome,
    Play,
    RuleSet,
    State,
    TooManyDealsError,
    apply,
    apply_unchecked,
    cards_of_mask,
    consistent_deals,
    deal_count,
    legal_moves,
    parse_move,
    same_deal,
    sample_state,
    track_excluded,
    view_of,
)
from tutor.engine import check as check_move
from tutor.formats.positions import PositionError, position_from_data, position_to_dict
from tutor.msgid import N_
from tutor.search import Solver, terminal_value
from tutor.teach import hints as hint_engine
from tutor.teach.lessons import LessonError
from tutor.words import hint_text
from tutor.words.explain import describe_move, describe_outcome, describe_trick, rule_text
from tutor.words.i18n import Translator

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
        """Read a goal: ``win``, ``win 2``, ``win 3``, ``reach 66``, ``avoid schneider``,
        ``avoid schwarz``, ``decide close``.

        >>> Goal.parse("Win 3")
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
    excluded: int = 0  # cards the learner knows the opponent does not hold (from the position)
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


def sentence_start(text: str) -> str:
    """A phrase made fit to begin a sentence."""
    return text[:1].upper() + text[1:]


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
            details.append(
                tr._("The goal is missed. The goal was: {goal}", goal=goal_words(puzzle, tr))
            )
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
    if level <= 2:
        # The rule and the legal moves as the hint engine words them, for what the learner sees.
        sit = hint_engine.situation(view_of(state, p.learner, attempt.excluded))
        if level == 2:
            return " ".join(hint_text.level_two(sit, state.rules, tr))
        lines = list(hint_text.level_one(sit, state.rules, tr))
        rid = _rule_id(p, state)
        if rid and rid not in sit.rule_ids:
            lines.append(rule_text(rid, state.rules, tr))
        elif not rid:
            r = state.rules
            lines.append(
                tr._(
                    SCHNEIDER_RULE,
                    limit=r.schneider_below,
                    two=r.game_points[1],
                    three=r.game_points[2],
                )
            )
        return " ".join(lines)
    moves = legal_moves(state)
    a = attempt.analysis()
    if not a.best:
        return tr._("No move reaches the goal any more.")
    best = a.best[0]
    if level == 3:
        return tr._("Try {move}.", move=move_name(best, tr))
    parts = [tr._("The move to play: {move}.", move=move_name(best, tr))]
    if p.goal.kind is GoalKind.DECIDE_CLOSE:
        parts.append(_close_words(a, tr))
    if a.exact and a.deals == 1:
        # Every card is known: show best play by both to the end.
        parts.append(tr._("With best play by both:"))
        search = _DealSearch(state, p.learner, p.goal)
        rest, _ = search.line(apply(state, best))
        parts.extend(line_words(state, (best, *rest), tr))
    elif a.exact:
        # Cards are hidden: how the moves fare over the deals, without showing any of them.
        if p.probability is None:
            parts.append(
                tr.n_(
                    "It reaches the goal however the unseen cards lie: the solver checked "
                    "{n} deal.",
                    "It reaches the goal however the unseen cards lie: the solver checked "
                    "{n} deals.",
                    a.deals,
                )
            )
        else:
            parts.append(
                tr._(
                    "The solver checked all {deals} ways the unseen cards can lie: this move "
                    "reaches the goal in {share} percent of them.",
                    deals=a.deals,
                    share=round(float(a.score(best).share) * 100),
                )
            )
        others = sorted(
            (sc for sc in a.scores if sc.move not in a.accepted),
            key=lambda sc: -sc.reached,
        )
        for sc in others[:4]:
            parts.append(
                tr._(
                    "{move} reaches it in only {reached} of the {deals}.",
                    move=sentence_start(move_name(sc.move, tr)),
                    reached=sc.reached,
                    deals=sc.deals,
                )
            )
    misses = len(moves) - len(a.accepted)
    if misses:
        parts.append(
            tr.n_("{n} other move misses the goal.", "{n} other moves miss the goal.", misses)
        )
    return " ".join(parts)


# ----------------------------------------------------------------------------- solved marks

MARKS_VERSION = 1


M_TOO_LARGE = N_("The file is too large to be a file of solved puzzles.")
M_NOT_TEXT = N_("The file is not a text file.")
M_NOT_JSON = N_("The file is not a JSON file.")
M_NOT_MARKS = N_("The file is not a file of solved puzzles from this tutor.")


class MarksError(ValueError):
    """An uploaded file of solved marks that cannot be read; ``template`` is the msgid."""

    def __init__(self, template: str) -> None:
        self.template = template
        super().__init__(template)


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
            raise MarksError(M_TOO_LARGE)
        try:
            data = data.decode("utf-8-sig")  # a byte order mark, as some editors write it
        except UnicodeDecodeError:
            raise MarksError(M_NOT_TEXT) from None
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        raise MarksError(M_NOT_JSON) from None
    if not isinstance(doc, dict) or doc.get("version") != MARKS_VERSION:
        raise MarksError(M_NOT_MARKS)
    solved = doc.get("solved")
    if not isinstance(solved, dict):
        raise MarksError(M_NOT_MARKS)
    out: dict[str, bool] = {}
    for key, value in solved.items():
        if not isinstance(key, str) or not isinstance(value, bool):
            raise MarksError(M_NOT_MARKS)
        if known is None or key in known:
            out[key] = value
    return out


# ----------------------------------------------------------------------------- positions


def puzzle_yaml(state: State, goal: Goal, solution: Sequence[Move], puzzle_id: str) -> str:
    """A puzzle entry for ``puzzles/*.yaml`` (an item of its ``puzzles`` list) with the texts
    left to write."""
    position = yaml.safe_dump(
        position_to_dict(state), sort_keys=False, allow_unicode=True, default_flow_style=None
    )
    lines = [
        f"  - id: {puzzle_id}",
        "    title: TODO",
        "    theme: TODO",
        "    level: 1",
        f"    goal: {goal}",
        f"    player: {PLAYER_NAMES[state.to_move or 0]}",
        "    position:",
        *(f"      {x}" for x in position.rstrip().splitlines()),
        f"    solution: [{', '.join(str(m) for m in solution)}]",
        "    explanation: >-",
        "      TODO",
    ]
    return "\n".join(lines)


def _field_path(field_text: str) -> list[str | int]:
    """``hands.B[2]`` -> ["hands", "B", 2]."""
    out: list[str | int] = []
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", field_text):
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return out


def _node_at(node: yaml.Node, path: Sequence[str | int]) -> yaml.Node:
    """The node a position error's field names, as far as it can be followed."""
    for part in path:
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            found = [v for k, v in node.value if getattr(k, "value", None) == part]
            if not found:
                break
            node = found[0]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                break
            node = node.value[part]
        else:
            break
    return node


# ----------------------------------------------------------------------------- reading files

#: Files larger than this are refused before they are parsed.
MAX_BYTES = 512 * 1024
MAX_NODES = 50_000
PUZZLE_FIELDS = (
    "id",
    "title",
    "theme",
    "theme_text",
    "level",
    "goal",
    "goal_text",
    "player",
    "position",
    "solution",
    "moves",
    "probability",
    "hints",
    "explanation",
    "note",
)
REQUIRED_FIELDS = ("id", "title", "theme", "level", "goal", "position", "solution", "explanation")
TEXT_FIELDS = ("title", "explanation", "goal_text", "theme_text", "note")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_ALLOWED_TAGS = frozenset(
    {
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:seq",
        "tag:yaml.org,2002:map",
    }
)

# One message per kind of problem; placeholders hold notation and numbers, never prose.
E_READ = N_("cannot read the file: {reason}")
E_TOO_LARGE = N_("the file has {size} bytes; a puzzle file may have at most {limit} bytes")
E_ENCODING = N_("the file is not UTF-8 text")
E_SYNTAX = N_("YAML syntax error: {problem}")
E_SHAPE = N_(
    "a puzzle file is a mapping with 'puzzle' (one puzzle) or 'puzzles' (a list of puzzles)"
)
E_YAML_EXTRA = N_("YAML anchors, aliases and tags are not allowed in a puzzle file")
E_NOT_MAPPING = N_("'{field}' should be a mapping of names to values")
E_NOT_TEXT = N_("'{field}' should be text")
E_EMPTY_TEXT = N_("'{field}' must not be empty")
E_BRACES = N_("'{field}' must not contain curly brackets")
E_MISSING = N_("the required field '{field}' is missing")
E_UNKNOWN_FIELD = N_("unknown field '{field}'; valid fields here: {valid}")
E_DUPLICATE_KEY = N_("the field '{field}' is given twice")
E_BAD_ID = N_("the id '{value}' may only contain lowercase letters, digits and hyphens")
E_DUPLICATE_ID = N_("the puzzle id '{value}' is already used at {other}")
E_LEVEL = N_("the level must be 1, 2 or 3, not {value}")
E_THEME = N_("unknown theme '{value}'; valid themes: {valid}")
E_GOAL = N_(
    "unknown goal '{value}': write 'win', 'win 2', 'win 3', 'reach 66', 'avoid schneider', "
    "'avoid schwarz' or 'decide close'"
)
E_PLAYER = N_("'{value}' is not a player; write A or B")
E_MOVE = N_(
    "unknown move '{text}': write a card (Qh), 'marry Qh', 'marry Qh out', 'exchange', "
    "'close' or 'out'"
)
E_MOVES = N_("'moves' must be a whole number from 1 or 'all', not {value}")
E_PROBABILITY = N_("'probability' must be a number above 0 and at most 1 (or a percentage)")
E_HINTS = N_("'hints' is a list of at most 4 texts")
E_POSITION = N_("the position cannot be read: {problem}")
E_VIEWER = N_("the position is what the other player knows, not what {player} knows")
# Problems the solver finds.
E_NOT_TO_MOVE = N_("{player} is not to move in this position; {other} is")
E_OVER = N_("the deal is already over in this position")
E_ILLEGAL = N_("'{move}' is not a legal move here; deciding rule: {rule_ids}")
E_TOO_MANY_DEALS = N_(
    "the learner cannot tell apart {count} deals, more than the {limit} the solver checks; "
    "show more cards or use a smaller stock"
)
E_UNREACHABLE = N_(
    "the goal cannot be reached: the best move, {move}, reaches it in {reached} of {deals} "
    "possible deals"
)
E_SECOND = N_("the solver finds a second winning move: {move}")
E_NOT_WINNING = N_(
    "the solver finds that {move} does not reach the goal: it reaches it in {reached} of "
    "{deals} possible deals, worst case {worst} game points"
)
E_CLOSE_NOT_LEGAL = N_("the goal 'decide close' needs a position in which closing is legal")
E_CLOSE_EVEN = N_(
    "closing and playing on are worth the same here ({value} on average), so there is "
    "nothing to decide"
)
E_ONE_MOVE = N_("'{field}' needs a one-move puzzle ('moves: 1')")
E_UNLUCKY = N_(
    "{move} reaches the goal in enough deals, but not in the deal of the puzzle itself; "
    "the computer could not play it out"
)
E_STUCK = N_(
    "after the moves {line}, no move reaches the goal against every deal the learner cannot "
    "rule out"
)
E_NOT_SOLVED = N_("after the moves {line}, the deal ends without reaching the goal")


class PuzzleError(LessonError):
    """A problem in a puzzle file: where it is and an English message template with its
    parameters; ``render(tr)`` gives ``"file:line:col: message"`` translated."""

    def __init__(self, path: str, line: int, column: int, template: str, **params: Any) -> None:
        super().__init__(path, line, column, template, **params)


@dataclass
class _Reader:
    path: str
    errors: list[PuzzleError] = field(default_factory=list)
    constructor: yaml.constructor.SafeConstructor = field(
        default_factory=yaml.constructor.SafeConstructor
    )

    def error(self, node: yaml.Node | None, template: str, **params: Any) -> None:
        line, col = _where(node)
        self.errors.append(PuzzleError(self.path, line, col, template, **params))

    def value(self, node: yaml.Node) -> object:
        """A node as plain Python data (mappings and lists included)."""
        if isinstance(node, yaml.ScalarNode):
            return self.constructor.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(n) for n in node.value]
        if isinstance(node, yaml.MappingNode):
            return {self.value(k): self.value(v) for k, v in node.value}
        return None

    def mapping(
        self, node: yaml.Node, name: str, allowed: Sequence[str]
    ) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, E_NOT_MAPPING, field=name)
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            k = self.value(key)
            if not isinstance(k, str):
                self.error(key, E_NOT_TEXT, field=f"{name} key")
            elif k in out:
                self.error(key, E_DUPLICATE_KEY, field=k)
            elif allowed and k not in allowed:
                self.error(key, E_UNKNOWN_FIELD, field=k, valid=", ".join(allowed))
            else:
                out[k] = (key, value)
        return out

    def text(self, node: yaml.Node, name: str, *, translatable: bool = False) -> str | None:
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            self.error(node, E_NOT_TEXT, field=name)
            return None
        # Translatable text is kept exactly as YAML gives it: it is the msgid in the catalog.
        text = str(value) if translatable else str(value).strip()
        if not text.strip():
            self.error(node, E_EMPTY_TEXT, field=name)
            return None
        if translatable and ("{" in text or "}" in text):
            self.error(node, E_BRACES, field=name)
            return None
        return text

    def moves(self, node: yaml.Node) -> tuple[Move, ...] | None:
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        out: list[Move] = []
        ok = True
        for item in items:
            raw = self.value(item)
            texts = (
                [t for t in str(raw).split(",") if t.strip()]
                if isinstance(raw, str | int) and not isinstance(raw, bool)
                else [""]
            )
            for text in texts:
                try:
                    out.append(parse_move(text))
                except MoveError:
                    self.error(item, E_MOVE, text=text.strip())
                    ok = False
        return tuple(out) if ok else None

    def puzzle(self, node: yaml.Node) -> Puzzle | None:
        before = len(self.errors)
        m = self.mapping(node, "puzzle", PUZZLE_FIELDS)
        if m is None:
            return None
        for key in REQUIRED_FIELDS:
            if key not in m:
                self.error(node, E_MISSING, field=key)
        texts: dict[str, str] = {}
        for key in TEXT_FIELDS:
            if key in m:
                t = self.text(m[key][1], key, translatable=True)
                if t is not None:
                    texts[key] = t
        pid = self.text(m["id"][1], "id") if "id" in m else None
        if pid is not None and not _ID.match(pid):
            self.error(m["id"][1], E_BAD_ID, value=pid)
        theme = self.text(m["theme"][1], "theme") if "theme" in m else None
        if theme is not None and theme not in THEMES:
            self.error(m["theme"][1], E_THEME, value=theme, valid=", ".join(THEMES))
        level: object = None
        if "level" in m:
            level = self.value(m["level"][1])
            if isinstance(level, bool) or level not in LEVELS:
                self.error(m["level"][1], E_LEVEL, value=level)
        goal = None
        if "goal" in m:
            try:
                goal = Goal.parse(self.value(m["goal"][1]))
            except GoalError:
                self.error(m["goal"][1], E_GOAL, value=self.value(m["goal"][1]))
        player = None
        if "player" in m:
            raw = self.value(m["player"][1])
            if isinstance(raw, str) and raw.strip() in PLAYER_NAMES:
                player = PLAYER_NAMES.index(raw.strip())
            else:
                self.error(m["player"][1], E_PLAYER, value=raw)
        solution = self.moves(m["solution"][1]) if "solution" in m else None
        moves: int | None = 1
        if "moves" in m:
            raw = self.value(m["moves"][1])
            if raw == "all":
                moves = None
            elif isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1:
                moves = raw
            else:
                self.error(m["moves"][1], E_MOVES, value=raw)
        probability = None
        if "probability" in m:
            probability = _probability(self.value(m["probability"][1]))
            if probability is None:
                self.error(m["probability"][1], E_PROBABILITY)
        hints: tuple[str, ...] = ()
        if "hints" in m:
            hnode = m["hints"][1]
            if not isinstance(hnode, yaml.SequenceNode) or not 1 <= len(hnode.value) <= 4:
                self.error(hnode, E_HINTS)
            else:
                got = [self.text(h, "hints", translatable=True) for h in hnode.value]
                hints = tuple(h for h in got if h is not None)
        read = None
        if "position" in m:
            read = self.position(m["position"][1], pid or "")
        if len(self.errors) > before:
            return None
        assert pid and theme and goal and solution is not None and read is not None
        assert isinstance(level, int)
        state, viewer, excluded = read
        if viewer >= 0 and player is not None and player != viewer:
            self.error(m["player"][1], E_VIEWER, player=PLAYER_NAMES[player])
            return None
        learner = player if player is not None else viewer if viewer >= 0 else state.to_move
        return Puzzle(
            id=pid,
            title=texts["title"],
            theme=theme,
            level=level,
            goal=goal,
            state=state,
            learner=learner if learner is not None else 0,
            solution=solution,
            explanation=texts["explanation"],
            moves=moves,
            probability=probability,
            hints=hints,
            goal_text=texts.get("goal_text", ""),
            theme_text=texts.get("theme_text", ""),
            note=texts.get("note", ""),
            excluded=excluded,
            source=self.path,
            line=_where(node)[0],
            lines=tuple((k, _where(v)[0]) for k, (_, v) in m.items()),
        )

    def position(self, node: yaml.Node, seed: str) -> tuple[State, int, int] | None:
        """The deal, the player whose view it is (-1: both hands given) and the cards that
        player knows the opponent does not hold."""
        try:
            pos = position_from_data(self.value(node), self.path)
        except PositionError as exc:
            where = _node_at(node, _field_path(exc.field))
            self.error(where, E_POSITION, problem=exc.message)
            return None
        if pos.state is not None:
            return pos.state, -1, 0
        view = pos.view
        assert view is not None
        # Only the learner's view is given: the computer plays against one deal that agrees.
        return sample_state(view, random.Random(seed)), view.player, view.excluded


def _probability(raw: object) -> Fraction | None:
    try:
        if isinstance(raw, str) and raw.strip().endswith("%"):
            value = Fraction(raw.strip()[:-1].strip()) / 100
        elif isinstance(raw, int | float | str) and not isinstance(raw, bool):
            value = Fraction(str(raw).strip())
        else:
            return None
    except (ValueError, ZeroDivisionError):
        return None
    return value if 0 < value <= 1 else None


def _where(node: yaml.Node | None) -> tuple[int, int]:
    if node is None or node.start_mark is None:
        return 1, 1
    return node.start_mark.line + 1, node.start_mark.column + 1


def _compose(path: str, data: bytes) -> yaml.Node:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleError(path, data[: exc.start].count(b"\n") + 1, 1, E_ENCODING) from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        raise PuzzleError(path, line, col, E_SYNTAX, problem=problem) from None
    except yaml.YAMLError as exc:
        raise PuzzleError(path, 1, 1, E_SYNTAX, problem=str(exc)) from None
    if root is None:
        raise PuzzleError(path, 1, 1, E_SHAPE)
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen or node.tag not in _ALLOWED_TAGS or len(seen) > MAX_NODES:
            line, col = _where(node)
            raise PuzzleError(path, line, col, E_YAML_EXTRA)
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack.extend((k, v))
    return root


def is_puzzle_file(path: str | Path) -> bool:
    """Whether a YAML file holds puzzles: it lies in a ``puzzles`` folder, or its top level
    has a ``puzzle`` or ``puzzles`` key."""
    p = Path(path)
    if "puzzles" in p.parts[:-1]:
        return True
    try:
        with p.open("rb") as f:
            head = f.read(MAX_BYTES)
    except OSError:
        return False
    return re.search(rb"(?m)^puzzles?\s*:", head) is not None


def read_puzzles(path: str | Path) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of one file as written (not yet checked by the solver), and the problems
    that kept any of them from being read."""
    name = str(path)
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            return [], [PuzzleError(name, 1, 1, E_TOO_LARGE, size=size, limit=MAX_BYTES)]
        data = p.read_bytes()
    except OSError as exc:
        return [], [PuzzleError(name, 1, 1, E_READ, reason=exc.strerror or str(exc))]
    reader = _Reader(name)
    try:
        root = _compose(name, data)
    except PuzzleError as exc:
        return [], [exc]
    top = reader.mapping(root, "file", ("puzzle", "puzzles"))
    if not top:
        if not reader.errors:
            reader.error(root, E_SHAPE)
        return [], reader.errors
    nodes: list[yaml.Node] = []
    if "puzzle" in top:
        nodes.append(top["puzzle"][1])
    if "puzzles" in top:
        items = top["puzzles"][1]
        if isinstance(items, yaml.SequenceNode):
            nodes.extend(items.value)
        else:
            reader.error(items, E_SHAPE)
    puzzles = [pz for pz in (reader.puzzle(n) for n in nodes) if pz is not None]
    return puzzles, reader.errors


def puzzle_files(folder: str | Path) -> list[Path]:
    """The YAML files of a folder, sorted by name."""
    return sorted(
        p for p in Path(folder).iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()
    )


def _gather(files: Sequence[Path]) -> tuple[list[Puzzle], list[PuzzleError]]:
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    seen: dict[str, Puzzle] = {}
    for path in files:
        found, errs = read_puzzles(path)
        errors.extend(errs)
        for p in found:
            if p.id in seen:
                first = seen[p.id]
                errors.append(
                    PuzzleError(
                        p.source,
                        p.line_of("id"),
                        1,
                        E_DUPLICATE_ID,
                        value=p.id,
                        other=f"{first.source}:{first.line_of('id')}",
                    )
                )
                continue
            seen[p.id] = p
            puzzles.append(p)
    return puzzles, errors


def load_puzzles(folder: str | Path) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every puzzle of a folder as written, and the problems of what could not be read."""
    try:
        files = puzzle_files(folder)
    except OSError as exc:
        return [], [PuzzleError(str(folder), 1, 1, E_READ, reason=exc.strerror or str(exc))]
    return _gather(files)


# ----------------------------------------------------------------------------- validation


def _err(p: Puzzle, key: str, template: str, **params: Any) -> PuzzleError:
    return PuzzleError(p.source or "<puzzle>", p.line_of(key), 1, template, **params)


def precheck(p: Puzzle) -> list[PuzzleError]:
    """The checks that need no search: the learner is to move, the solution's moves are legal,
    the goal and the options fit the position."""
    s = p.state
    if s.result is not None:
        return [_err(p, "position", E_OVER)]
    if s.to_move != p.learner:
        return [
            _err(
                p,
                "player",
                E_NOT_TO_MOVE,
                player=PLAYER_NAMES[p.learner],
                other=PLAYER_NAMES[s.to_move if s.to_move is not None else 0],
            )
        ]
    problems: list[PuzzleError] = []
    for move in p.solution:
        verdict = check_move(s, move)
        if not verdict.legal:
            problems.append(
                _err(p, "solution", E_ILLEGAL, move=str(move), rule_ids=", ".join(verdict.rule_ids))
            )
    if p.goal.kind is GoalKind.DECIDE_CLOSE:
        if CLOSE not in legal_moves(s):
            problems.append(_err(p, "goal", E_CLOSE_NOT_LEGAL))
        if p.moves != 1:
            problems.append(_err(p, "moves", E_ONE_MOVE, field="goal: decide close"))
    if p.probability is not None and p.length != 1:
        problems.append(_err(p, "probability", E_ONE_MOVE, field="probability"))
    return problems


def validate(p: Puzzle) -> list[PuzzleError]:
    """Check a puzzle with the solver: its goal is reachable and the solution lists exactly
    the moves that reach it. Returns the problems (none for a valid puzzle)."""
    problems = precheck(p)
    s = p.state
    if problems:
        return problems
    try:
        a = analyse(s, p.learner, p.goal, p.probability, p.excluded)
    except TooManyDealsError as exc:
        return [_err(p, "position", E_TOO_MANY_DEALS, count=exc.count, limit=exc.limit)]
    if p.goal.kind is GoalKind.DECIDE_CLOSE and not a.accepted:
        close = a.score(CLOSE)
        return [_err(p, "goal", E_CLOSE_EVEN, value=f"{float(close.mean):+.2f}")]
    if not a.exact or not a.accepted:
        if not a.exact:  # judged over the deal on the table only: report over every deal
            view = view_of(s, p.learner, p.excluded)
            per = [deal_values(d, p.learner, p.goal) for d in consistent_deals(view)]
            a = _aggregate(per, p.goal, p.probability, True)
        top = max(a.scores, key=lambda x: (x.reached, x.worst, x.total))
        return [
            _err(p, "goal", E_UNREACHABLE, move=str(top.move), reached=top.reached, deals=top.deals)
        ]
    for move in a.accepted:
        if move not in p.solution:
            problems.append(_err(p, "solution", E_SECOND, move=str(move)))
    for move in p.solution:
        if move not in a.accepted:
            sc = a.score(move)
            problems.append(
                _err(
                    p,
                    "solution",
                    E_NOT_WINNING,
                    move=str(move),
                    reached=sc.reached,
                    deals=sc.deals,
                    worst=sc.worst,
                )
            )
    if problems:
        return problems
    if p.probability is not None:
        own = {m: ok for m, _, ok in deal_values(s, p.learner, p.goal)}
        for move in a.best:
            if not own.get(move, False):
                problems.append(_err(p, "solution", E_UNLUCKY, move=str(move)))
        return problems
    return _walk(p)


def _walk(p: Puzzle) -> list[PuzzleError]:
    """Play the puzzle through with best moves: at every turn the learner must have a move
    that reaches the goal, and the puzzle must end solved."""
    attempt = start(p)
    while not attempt.over:
        a = attempt.analysis()
        if not a.exact or not a.accepted:
            line = " ".join(str(m) for m in attempt.history)
            return [_err(p, "moves", E_STUCK, line=line)]
        attempt = play(attempt, a.best[0])
    if not attempt.solved:
        line = " ".join(str(m) for m in attempt.history)
        return [_err(p, "moves", E_NOT_SOLVED, line=line)]
    return []


def validate_paths(
    paths: Sequence[str | Path], *, solve: bool = True
) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of files and folders, and every problem; with ``solve`` each puzzle is also
    checked by the solver (``validate``)."""
    files: list[Path] = []
    errors: list[PuzzleError] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                files.extend(puzzle_files(path))
            except OSError as exc:
                errors.append(PuzzleError(str(path), 1, 1, E_READ, reason=exc.strerror or ""))
        else:
            files.append(path)
    puzzles, errs = _gather(files)
    errors.extend(errs)
    good = []
    for p in puzzles:
        found = validate(p) if solve else []
        errors.extend(found)
        if not found:
            good.append(p)
    return good, errors


class Collection:
    """The puzzles of a folder for the app, in order of level, theme and id, with the problems
    of the files that could not be read (the solver's checks run in CI, not here)."""

    def __init__(self, puzzles: Sequence[Puzzle], errors: Sequence[PuzzleError]) -> None:
        order = list(THEMES)
        self.puzzles = tuple(
            sorted(puzzles, key=lambda p: (p.level, order.index(p.theme), p.source, p.line))
        )
        self.errors = tuple(errors)
        self._by_id = {p.id: p for p in self.puzzles}

    @classmethod
    def load(cls, folder: str | Path) -> Collection:
        puzzles, errors = load_puzzles(folder)
        good, bad = [], list(errors)
        for p in puzzles:
            found = precheck(p)
            bad.extend(found)
            if not found:
                good.append(p)
        return cls(good, bad)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.puzzles)

    def get(self, puzzle_id: str | None) -> Puzzle | None:
        return self._by_id.get(puzzle_id) if puzzle_id else None


def split_paths(paths: Sequence[str | Path]) -> tuple[list[Path], list[Path]]:
    """Split command-line paths into puzzle files and lesson paths: a file is a puzzle file
    when ``is_puzzle_file`` says so; a folder's puzzle files are taken out of it, and a folder
    without any is left whole for the lessons."""
    puzzles: list[Path] = []
    lessons: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                files = puzzle_files(path)
            except OSError:
                lessons.append(path)
                continue
            found = [f for f in files if is_puzzle_file(f)]
            if found:
                puzzles.extend(found)
                lessons.extend(f for f in files if f not in found)
            else:
                lessons.append(path)
        elif is_puzzle_file(path):
            puzzles.append(path)
        else:
            lessons.append(path)
    return puzzles, lessons


__all__ = [
    "GOAL_TEXTS",
    "HINT_LEVELS",
    "LEVELS",
    "MAX_DEALS",
    "THEMES",
    "Analysis",
    "Attempt",
    "Collection",
    "Feedback",
    "Goal",
    "GoalError",
    "GoalKind",
    "Judgement",
    "Mark",
    "MarksError",
    "MoveScore",
    "Puzzle",
    "PuzzleError",
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
    "feedback",
    "game_points_words",
    "goal_words",
    "hint",
    "is_puzzle_file",
    "level_words",
    "line_words",
    "load_marks",
    "load_puzzles",
    "move_name",
    "play",
    "precheck",
    "puzzle_files",
    "puzzle_yaml",
    "read_puzzles",
    "refute",
    "same_deal",
    "solution_line",
    "split_paths",
    "start",
    "theme_words",
    "validate",
    "validate_paths",
]

"""Sampling over hidden cards: every legal move valued over deals consistent with what the player
to move can see (perfect-information Monte Carlo). The core of the ``expert`` player and of the
hints while the stock is open.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.engine import (
    Close,
    DeclareOut,
    Move,
    NameTrump,
    State,
    View,
    apply_unchecked,
    legal_moves,
    sample_states,
)
from tutor.search.budget import NODES, Budget, SearchLimit
from tutor.search.club import club_player
from tutor.search.playout import playout
from tutor.search.solver import Solver, terminal_value
from tutor.search.stats import paired_difference


@dataclass(frozen=True)
class SampledMove:
    """A move valued over sampled deals, from the view of the player to move."""

    move: Move
    game_points: float  # mean net game points (own minus opponent's)
    card_points: float  # mean final card points of the player (with marriages)
    win_probability: float  # share of samples in which the deal is won
    best_count: int  # samples in which this move was (one of) the best
    samples: int
    worth: float  # the mean of what the deal is worth (game points, or the match's chance)
    #: the net game points in each deal valued, in the order of ``Evaluation.deals``
    deal_values: tuple[int, ...] = ()
    #: in each deal, the line valued: this move (and its follow-up) and the play after it to
    #: the end of the deal (empty where the lines were not followed)
    deal_lines: tuple[tuple[Move, ...], ...] = ()


EXPERT_SAMPLES = 30
EXACT_STOCK = 2  # a decision with this many cards left to draw is searched exactly


def _club_to_end(state: State, rng: random.Random, played: list[Move]) -> State:
    """``club`` plays both seats to the end of the deal (its moves added to ``played``)."""
    while state.result is None:
        move = club_player(state, rng)
        played.append(move)
        state = apply_unchecked(state, move)
    return state


def _playout(
    state: State,
    solver: Solver,
    player: int,
    exact_stock: int,
    budget: Budget | None,
    finish: bool,
    lines: bool = True,
) -> tuple[int, int, bool, tuple[Move, ...]]:
    """Net game points and final card points of ``player``, whether the line was searched, and
    the line (empty without ``lines``):
    ``club`` plays both seats while the stock is open and holds more than ``exact_stock``
    cards; exact search takes over from there. (With only the last draw to come, just the
    opponent's reply to the current trick can still depend on hidden cards.) When the search
    runs out of budget, ``finish`` lets ``club`` play the deal to its end instead (the third
    value is then False); otherwise ``SearchLimit`` is raised. Without ``lines`` the card points
    are those when the search takes over (the principal line is not followed to the end)."""
    state, first = playout(state, exact_stock)  # in the compiled core where it is built
    played = list(first)
    if budget is not None:
        budget.charge(len(played))
    if state.result is not None:
        line = tuple(played) if lines else ()
        return terminal_value(state.result, player), state.result.scores[player], True, line
    try:
        v = solver.value(state)
        mover = state.to_move
        if not lines:
            return (v if mover == player else -v), state.score(player), True, ()
        rest, end = solver.line(state, v)
    except SearchLimit:
        if not finish:
            raise
        end = _club_to_end(state, random.Random(0), played)  # club does not draw on it
        assert end.result is not None
        line = tuple(played) if lines else ()
        return terminal_value(end.result, player), end.result.scores[player], False, line
    assert end.result is not None
    return (v if mover == player else -v), end.result.scores[player], True, (*played, *rest)


def _sample_value(
    state: State,
    move: Move,
    solver: Solver,
    player: int,
    exact_stock: int,
    budget: Budget | None,
    finish: bool,
    lines: bool = True,
) -> tuple[int, int, bool, tuple[Move, ...]]:
    child = apply_unchecked(state, move)
    if child.result is not None:
        return terminal_value(child.result, player), child.result.scores[player], True, (move,)
    v, c, ok, rest = _playout(child, solver, player, exact_stock, budget, finish, lines)
    return v, c, ok, ((move, *rest) if lines else ())


def _moves_again(state: State, move: Move) -> bool:
    """After ``move`` the same player chooses again before anything is revealed: closing, naming
    trumps, or a declaration judged after the trick. Such a move is valued with one choice of the
    next move for all samples, not the best one for each (which would credit knowledge of hidden
    cards)."""
    if not isinstance(move, Close | DeclareOut | NameTrump):
        return False
    after = apply_unchecked(state, move)
    return after.result is None and after.to_move == state.to_move


@dataclass(frozen=True)
class Evaluation:
    """Every legal move valued over sampled deals, and how far the work went."""

    moves: tuple[SampledMove, ...]  # best first
    asked: int  # deals asked for (1 when the view leaves nothing to sample)
    done: int  # deals valued: fewer than asked when the budget ran out
    cut: str  # why the work was cut short: "" (it was not), "nodes" or "time"
    rough: bool  # some lines of the first deal were played out by ``club``, not searched
    deals: tuple[State, ...] = ()  # the deals valued (``done`` of them), in order


def evaluate(
    view: View, samples: int = EXPERT_SAMPLES, seed: int | str = 0, budget: Budget | None = None
) -> Evaluation:
    """Every legal move of the player to move valued over ``samples`` deals consistent with
    ``view`` (one deal when the view leaves nothing unknown), best first: by mean game points,
    then win probability, then card points.

    In each sample a move is valued by exact search once the stock is closed or gone (or when
    the decision is at the last draw), and by a ``club`` playout of the first phase before
    that. A move after which the same player moves again (closing; declaring before leading)
    takes the one follow-up that is best on average. Beyond that, play inside a sample knows
    the sample's hidden cards, so the values of closing lean optimistic; ``expert_player``
    therefore also asks for sure points before it closes.

    With a ``budget`` the deals are valued in order while it lasts: a deal the budget does not
    finish is left out (``done`` < ``asked``), except the first, whose searches are then
    finished by ``club`` playouts (``rough``), so that there is always an answer.
    """
    player = view.to_move
    if player is None or player != view.player:
        raise ValueError("the view's player is not to move")
    if view.stock_count == 0 and view.trump_card < 0:
        samples = 1  # the opponent holds exactly the unseen cards: nothing to sample
    worlds = sample_states(view, max(1, samples), seed)
    exact = EXACT_STOCK if view.stock_size <= EXACT_STOCK else 0
    return evaluate_worlds(worlds, exact, budget)


def evaluate_moves(
    view: View, samples: int = EXPERT_SAMPLES, seed: int | str = 0, budget: Budget | None = None
) -> tuple[SampledMove, ...]:
    """The moves of ``evaluate``, best first."""
    return evaluate(view, samples, seed, budget).moves


def playout_moves(state: State, budget: Budget | None = None) -> Evaluation:
    """Every legal move valued in this one deal by the method of ``evaluate``: ``club`` plays
    both seats while the stock is open, exact search from the moment it is closed or used up
    (or from the last draw). The estimate for a deal with every card known whose exact search
    is too large for the budget."""
    player = state.to_move
    if player is None:
        raise ValueError("the deal is over")
    exact = EXACT_STOCK if state.stock_size <= EXACT_STOCK else 0
    return evaluate_worlds((state,), exact, budget)


def evaluate_worlds(
    worlds: Sequence[State],
    exact: int,
    budget: Budget | None = None,
    worth: Callable[[int], float] | None = None,
    lines: bool = True,
    tie_by_card_points: bool = True,
    only: Sequence[Move] | None = None,
) -> Evaluation:
    """Every legal move of the player to move valued in each of ``worlds`` (deals that differ
    only in cards that player cannot see): by exact search once the stock is closed or holds at
    most ``exact`` cards, by ``club`` playing both seats before. With ``worth`` (net game points
    to what the deal is worth to the player, such as the chance of winning the match) the moves
    are ranked by its mean (``SampledMove.worth``), else by mean game points; then by the share
    of deals won, then (with ``tie_by_card_points``) by mean card points, else in the order of
    ``legal_moves``. Without ``lines`` the card points are those when the exact search takes
    over, not at the end of the deal. With ``only``, just those of the legal moves are valued."""
    player = worlds[0].to_move
    assert player is not None
    value = worth if worth is not None else float
    moves = [m for m in legal_moves(worlds[0]) if only is None or m in only]
    # results[i][j][w]: (game points, card points, line) of move i (follow-up j) in sample w
    again = [_moves_again(worlds[0], move) for move in moves]
    results: list[list[list[tuple[int, int, tuple[Move, ...]]]]] = []
    for move, twice in zip(moves, again, strict=True):
        follow_ups = len(legal_moves(apply_unchecked(worlds[0], move))) if twice else 1
        results.append([[] for _ in range(follow_ups)])
    searched = True
    for w, world in enumerate(worlds):
        first = w == 0
        if not first and budget is not None and budget.exhausted:
            break
        solver = Solver(world, budget)
        # move, follow-up, game and card points, line
        values: list[tuple[int, int, int, int, tuple[Move, ...]]] = []
        try:
            for i, move in enumerate(moves):
                if not again[i]:
                    v, c, ok, line = _sample_value(
                        world, move, solver, player, exact, budget, first, lines
                    )
                    values.append((i, 0, v, c, line))
                    searched &= ok
                    continue
                after = apply_unchecked(world, move)
                for j, second in enumerate(legal_moves(after)):
                    v, c, ok, line = _sample_value(
                        after, second, solver, player, exact, budget, first, lines
                    )
                    values.append((i, j, v, c, (move, *line) if lines else ()))
                    searched &= ok
        except SearchLimit:  # only after the first deal: leave this one out
            break
        for i, j, v, c, line in values:
            results[i][j].append((v, c, line))
    n = len(results[0][0])
    chosen = [
        max(r, key=lambda per: (sum(value(v) for v, _, _ in per), sum(c for _, c, _ in per)))
        for r in results
    ]
    best = [0] * len(moves)
    for w in range(n):
        top = max(per[w][0] for per in chosen)
        for i, per in enumerate(chosen):
            best[i] += per[w][0] == top
    out = [
        SampledMove(
            move,
            sum(v for v, _, _ in per) / n,
            sum(c for _, c, _ in per) / n,
            sum(v > 0 for v, _, _ in per) / n,
            best[i],
            n,
            sum(value(v) for v, _, _ in per) / n,
            tuple(v for v, _, _ in per),
            tuple(line for _, _, line in per) if lines else (),
        )
        for i, (move, per) in enumerate(zip(moves, chosen, strict=True))
    ]
    _rank(out, tie_by_card_points)
    cut = ""
    if (n < len(worlds) or not searched) and budget is not None:
        cut = budget.cut or NODES
    return Evaluation(tuple(out), len(worlds), n, cut, not searched, tuple(worlds[:n]))


def _rank(moves: list[SampledMove], tie_by_card_points: bool) -> None:
    """Best first: by the mean worth, game points, share of deals won, and (with
    ``tie_by_card_points``) card points; else in the order given."""
    if tie_by_card_points:
        moves.sort(key=lambda s: (-s.worth, -s.game_points, -s.win_probability, -s.card_points))
    else:
        moves.sort(key=lambda s: (-s.worth, -s.game_points, -s.win_probability))


def pooled_evaluation(
    first: Evaluation, more: Evaluation, tie_by_card_points: bool = True
) -> Evaluation:
    """The moves of ``first`` valued over its deals and those of ``more`` (the same moves over
    further deals of the same view): the means weighted by deals, the values and lines of each
    deal one after the other, ranked as ``evaluate_worlds`` ranks them."""
    n, k = first.done, more.done
    total = n + k
    others = {m.move: m for m in more.moves}
    if total == 0 or set(others) != {m.move for m in first.moves}:
        raise ValueError("only evaluations of the same moves over some deals pool")

    def pool(a: SampledMove) -> SampledMove:
        b = others[a.move]

        def mean(x: float, y: float) -> float:
            return (x * n + y * k) / total

        return SampledMove(
            a.move,
            mean(a.game_points, b.game_points),
            mean(a.card_points, b.card_points),
            mean(a.win_probability, b.win_probability),
            a.best_count + b.best_count,
            total,
            mean(a.worth, b.worth),
            a.deal_values + b.deal_values,
            a.deal_lines + b.deal_lines if a.deal_lines and b.deal_lines else (),
        )

    moves = [pool(m) for m in first.moves]
    _rank(moves, tie_by_card_points)
    return Evaluation(
        tuple(moves),
        first.asked + more.asked,
        total,
        first.cut or more.cut,
        first.rough or more.rough,
        first.deals + more.deals,
    )


def clearly_ahead(evaluation: Evaluation, z: float = 1.96) -> bool:
    """Whether the first move is ahead of the second by more than chance of the deals drawn
    explains: the mean of its lead in game points, deal by deal, is beyond ``z`` standard
    errors from nothing; or the two are worth the same in every deal (equal cards: more deals
    would not part them). True with fewer than two moves or two deals."""
    moves = evaluation.moves
    n = evaluation.done
    if len(moves) < 2 or n < 2:
        return True
    a, b = moves[0].deal_values, moves[1].deal_values
    if len(a) != n or len(b) != n:
        return True
    mean, half = paired_difference(a, b, z)
    return half == 0 or abs(mean) > half


__all__ = [
    "EXACT_STOCK",
    "EXPERT_SAMPLES",
    "Evaluation",
    "SampledMove",
    "clearly_ahead",
    "evaluate",
    "evaluate_moves",
    "evaluate_worlds",
    "playout_moves",
    "pooled_evaluation",
]

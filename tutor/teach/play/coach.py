"""The coach beside a learner playing against the computer, as data: a grade on each of the
learner's moves against the engine's best, the moments that cost the most, and when to ask the
learner to count.

With two seats the values are exact where every card is known or the deals are few enough to
solve each, and sampled over the deals consistent with what the learner has seen otherwise
(``analysis_for``). At a table of three or four they are sampled: each legal move played out
by the club player at every seat over deals consistent with what the learner has seen, as the
hint's fourth level values them (``tutor.teach.hints.analyse``). Either way the remark
is one ``Remark`` with its grade (``coach_remark``).

No sentence is made here: ``tutor.words.play_text`` says it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.engine import Deal as Position
from tutor.engine import Move, State, TableState, View
from tutor.search import Budget, Seen, expert_view
from tutor.teach.hints import (
    DEFAULT_SAMPLES,
    Analysis,
    analyse,
    representative,
    sampled_values,
)
from tutor.teach.hints.grading import Grade, MoreDeals, grade_loss, loss_of, poolable, settle
from tutor.teach.hints.ties import break_ties
from tutor.teach.hints.why import explain
from tutor.teach.play.game import Deal, Game, Remark
from tutor.teach.play.standing import stakes

#: How many deals the coach samples where cards are hidden (the hint engine's default)...
COACH_SAMPLES = DEFAULT_SAMPLES
#: ... and at a table of three or four (fewer than a hint's, so that it answers at once).
TABLE_COACH_SAMPLES = 24
#: The most deals one grade is given on: where the first ``COACH_SAMPLES`` leave the grade open
#: (a limit lies near the lower end of the loss's interval), more are valued, doubling, up to
#: this (bare values, no ideas or lines: ``hints.sampled_values``; about a second at most).
COACH_MAX_SAMPLES = 1280
#: The work one remark may do, in positions searched and moves played out (deterministic,
#: so that the same decision gets the same grade on any machine): the first deals and the
#: further ones where the grade is still open share it.
COACH_NODES = 500_000
#: The step between the seeds of the further deals.
MORE_SEED = 7919
#: How many of the costliest moments a deal's review shows.
MOMENTS = 3
#: When the score is hidden, the coach asks the learner to count after about one trick in
#: this many that the learner won.
ASK_EVERY = 3


def learner_view(game: Game) -> View:
    """What the learner knows now: their hand, the cards seen, and what the opponent's plays
    have told (the cards it cannot hold, and those it probably lacks), as the expert reads it."""
    seat = game.table.learner
    state, start = game.state, game.deal.start
    if not isinstance(state, State) or not isinstance(start, State):
        raise ValueError("the two-player coach reads a deal of two seats")
    return expert_view(state, seat, Seen(start, game.deal.moves))


def analysis_for(
    game: Game,
    *,
    samples: int | None = None,
    budget: Budget | None = None,
    seed: int | None = None,
) -> Analysis:
    """The engine's values of the learner's moves now, from what the learner knows, over
    ``samples`` deals where cards are hidden (by default ``COACH_SAMPLES``), chosen by ``seed``
    (by default one made of the game and the move's place in it); two seats only
    (``ValueError``)."""
    if samples is None:
        samples = COACH_SAMPLES
    if seed is None:
        seed = _seed(game)
    return analyse(
        learner_view(game), samples=samples, seed=seed, budget=budget, need=learner_stakes(game)
    )


def _more_deals(game: Game, budget: Budget, seed: int, only: tuple[Move, ...]) -> MoreDeals:
    """Further deals for ``settle``: each round a seed of its own, all within ``budget``; only
    the moves in ``only`` valued (the move played and those that could be the best)."""
    view = learner_view(game)
    need = learner_stakes(game)

    def more(count: int, round_: int) -> Analysis | None:
        if budget.exhausted:
            return None
        seed_now = seed + MORE_SEED * round_
        return sampled_values(
            view, samples=count, seed=seed_now, budget=budget, need=need, only=only
        )

    return more


def _seed(game: Game) -> int:
    return game.table.seed * 1009 + game.deal.number * 101 + len(game.deal.moves)


def learner_stakes(game: Game) -> tuple[int, int] | None:
    """The game points each of two seats still needs to win the match (``None`` where the
    match is not played to a target of game points, or at a larger table): what the expert
    and the coach weigh each deal by."""
    return stakes(game.match)


def coach_remark(game: Game, move: Move) -> Remark | None:
    """The coach's remark on the learner playing ``move`` now, at any table (see the module's
    text). ``None`` when there was no choice or the move is not among those valued."""
    state = game.state
    if isinstance(state, TableState):
        if len(state.legal_moves()) < 2:
            return None
        sampled = analyse(state, samples=TABLE_COACH_SAMPLES, seed=_seed(game))
        remark = remark_on(game, move, sampled)
        # at a table the remark names the deals it sampled (``play_text.remark_text``)
        return None if remark is None else replace(remark, samples=sampled.samples)
    budget = Budget(nodes=COACH_NODES)
    return remark_on(game, move, analysis_for(game, budget=budget), budget=budget)


def remark_on(
    game: Game,
    move: Move,
    analysis: Analysis,
    *,
    budget: Budget | None = None,
    cap: int = COACH_MAX_SAMPLES,
) -> Remark | None:
    """The coach's remark on the learner playing ``move`` now, from ``analysis``
    (``analysis_for``). ``None`` when there was no choice (one legal move) or the move is not
    among those valued.

    The grade is what the deals prove (``tutor.teach.hints.grading``): where the interval of
    the move's loss straddles a grade's limit, more deals are valued and pooled with those of
    ``analysis`` (two seats, up to ``cap`` deals, within ``budget``) before it is given."""
    if len(game.state.legal_moves()) < 2:
        return None
    played = analysis.value_of(move)
    if played is None:
        return None
    first = analysis  # the deals valued with their lines: the explanation reads them
    table = game.state if isinstance(game.state, TableState) else None
    if isinstance(game.state, State) and poolable(analysis):
        # the move played and every move valued above it: the others cannot be the best
        contenders = tuple(m.move for m in analysis.moves if m.game_points >= played.game_points)
        spend = Budget(nodes=COACH_NODES) if budget is None else budget
        more = _more_deals(game, spend, analysis.seed, contenders)
        settled = settle(analysis, played, more, cap)
        if settled is not analysis:
            analysis = break_ties(settled, representative(learner_view(game), analysis.seed))
            played = analysis.value_of(move)
            assert played is not None
    best = analysis.best
    loss = loss_of(analysis, played)
    return Remark(
        ply=len(game.deal.moves),
        move=move,
        grade=grade_loss(loss),
        loss=loss.mean,
        best=best.move,
        best_value=best.game_points,
        value=played.game_points,
        exact=loss.exact,
        line=best.line if analysis.exact and analysis.samples == 1 else (),
        interval=(loss.low, loss.high),
        tie=played.tie,
        why=explain(first, move, best.move, table) if loss.mean > 0 else None,
    )


def costliest(deal: Deal, n: int = MOMENTS) -> tuple[Remark, ...]:
    """The ``n`` moves of the deal that gave up the most game points (none graded about as good
    as the best: a loss within the noise of the values is no lesson), in the order they were
    played."""
    costly = (r for r in deal.remarks if r.loss > 0 and r.grade is not Grade.GOOD)
    worst = sorted(costly, key=lambda r: -r.loss)[:n]
    return tuple(sorted(worst, key=lambda r: r.ply))


def ask_to_count(game: Game) -> bool:
    """Whether the coach asks the learner to count now: just after a trick the learner won
    (the learner is to lead), now and then, the same for the same game."""
    deal = game.deal
    state = game.state
    seat = game.table.learner
    if deal.over or not deal.moves or state.trick_cards or state.leader != seat:
        return False
    if state.side_tricks(game.side) == 0:
        return False
    rng = random.Random(f"{game.table.seed}:count:{deal.number}:{len(deal.moves)}")
    return rng.randrange(ASK_EVERY) == 0


def counted_right(state: Position, side: int, answer: int) -> bool:
    """Whether ``answer`` is the score ``side`` has: card points taken and marriages
    credited."""
    return answer == state.score(side)


__all__ = [
    "ASK_EVERY",
    "COACH_MAX_SAMPLES",
    "COACH_SAMPLES",
    "MOMENTS",
    "TABLE_COACH_SAMPLES",
    "analysis_for",
    "ask_to_count",
    "coach_remark",
    "costliest",
    "counted_right",
    "learner_stakes",
    "learner_view",
    "remark_on",
]

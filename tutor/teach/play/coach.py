"""The coach beside a learner playing against the computer, as data: a grade on each of the
learner's moves against the engine's best (exact where every card is known or the deals are
few enough to solve each, sampled over the deals consistent with what the learner has seen
otherwise), the moments that cost the most, and when to ask the learner to count.

No sentence is made here: ``tutor.words.play_text`` says it.
"""

from __future__ import annotations

import random

from tutor.engine import Move, State, View, legal_moves
from tutor.search import Budget, Seen, expert_view, stakes_of
from tutor.teach.hints import DEFAULT_SAMPLES, Analysis, analyse
from tutor.teach.play.game import Deal, Game, Remark, grade_of

#: How many deals the coach samples where cards are hidden (the hint engine's default).
COACH_SAMPLES = DEFAULT_SAMPLES
#: How many of the costliest moments a deal's review shows.
MOMENTS = 3
#: When the score is hidden, the coach asks the learner to count after about one trick in
#: this many that the learner won.
ASK_EVERY = 3


def learner_view(game: Game) -> View:
    """What the learner knows now: their hand, the cards seen, and what the opponent's plays
    have told (the cards it cannot hold, and those it probably lacks), as the expert reads it."""
    seat = game.table.learner
    return expert_view(game.state, seat, Seen(game.deal.start, game.deal.moves))


def analysis_for(
    game: Game, *, samples: int | None = None, budget: Budget | None = None
) -> Analysis:
    """The engine's values of the learner's moves now, from what the learner knows, over
    ``samples`` deals where cards are hidden (by default ``COACH_SAMPLES``)."""
    if samples is None:
        samples = COACH_SAMPLES
    seed = game.table.seed * 1009 + game.deal.number * 101 + len(game.deal.moves)
    return analyse(
        learner_view(game), samples=samples, seed=seed, budget=budget, need=learner_stakes(game)
    )


def learner_stakes(game: Game) -> tuple[int, int] | None:
    """The game points each seat still needs to win the match (``None`` where the match is not
    played to a target of game points): what the expert and the coach weigh each deal by."""
    return stakes_of(game.match)


def remark_on(game: Game, move: Move, analysis: Analysis) -> Remark | None:
    """The coach's remark on the learner playing ``move`` now, from ``analysis``
    (``analysis_for``). ``None`` when there was no choice (one legal move) or the move is not
    among those valued."""
    if len(legal_moves(game.state)) < 2:
        return None
    played = analysis.value_of(move)
    if played is None:
        return None
    best = analysis.best
    loss = max(0.0, best.game_points - played.game_points)
    return Remark(
        ply=len(game.deal.moves),
        move=move,
        grade=grade_of(loss),
        loss=loss,
        best=best.move,
        best_value=best.game_points,
        value=played.game_points,
        exact=analysis.exact,
        line=best.line if analysis.exact and analysis.samples == 1 else (),
    )


def costliest(deal: Deal, n: int = MOMENTS) -> tuple[Remark, ...]:
    """The ``n`` moves of the deal that gave up the most game points (none that gave up
    nothing), in the order they were played."""
    worst = sorted((r for r in deal.remarks if r.loss > 0), key=lambda r: -r.loss)[:n]
    return tuple(sorted(worst, key=lambda r: r.ply))


def ask_to_count(game: Game) -> bool:
    """Whether the coach asks the learner to count now: just after a trick the learner won
    (the learner is to lead), now and then, the same for the same game."""
    deal = game.deal
    state = game.state
    seat = game.table.learner
    if deal.over or not deal.moves or state.lead >= 0 or state.leader != seat:
        return False
    if state.tricks[seat] == 0:
        return False
    rng = random.Random(f"{game.table.seed}:count:{deal.number}:{len(deal.moves)}")
    return rng.randrange(ASK_EVERY) == 0


def counted_right(state: State, seat: int, answer: int) -> bool:
    """Whether ``answer`` is the score ``seat`` has: card points taken and marriages
    credited."""
    return answer == state.score(seat)


__all__ = [
    "ASK_EVERY",
    "COACH_SAMPLES",
    "MOMENTS",
    "analysis_for",
    "ask_to_count",
    "costliest",
    "counted_right",
    "learner_stakes",
    "learner_view",
    "remark_on",
]

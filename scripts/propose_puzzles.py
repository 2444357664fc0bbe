"""Propose puzzle candidates from random deals, checked by the exact solver.

Deals are played by simple computer players until they reach a kind of position (a stage:
the endgame after the stock is used up, a closed stock, the last chance to close, exchange or
marry, a moment to go out); the position is kept when exactly one move reaches the goal
against every deal the learner cannot tell apart from it. Each candidate is printed as a
puzzle entry for ``puzzles/*.yaml`` with empty texts: review it, give it a title, a theme and
an explanation of your own, then run ``tutor validate puzzles``.

    .venv/bin/python scripts/propose_puzzles.py --stage endgame --goal "win 2" --count 5
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from tutor.engine import (
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    Marriage,
    Move,
    State,
    apply,
    legal_moves,
    parse_rules,
    random_deal,
)
from tutor.search import greedy_player, random_player
from tutor.teach.puzzles import (
    Analysis,
    Goal,
    GoalKind,
    TooManyDealsError,
    analyse,
    best_line,
    puzzle_yaml,
)


def _hand_size(s: State) -> int:
    return max(s.hands[0].bit_count(), s.hands[1].bit_count())


CARDS_IN_HAND = [3, 5]  # the endgame stages: fewest and most cards in the fuller hand


def _fits(s: State) -> bool:
    return CARDS_IN_HAND[0] <= _hand_size(s) <= CARDS_IN_HAND[1]


def _idea(move: Move) -> str:
    """A marriage is the same idea whichever of its two cards is led."""
    if isinstance(move, Marriage):
        return f"marry {move.suit} {move.out}"
    return str(move)


def _on_lead(s: State) -> bool:
    return s.lead < 0 and s.result is None


# A stage says whether a position is the kind wanted, and which accepted move makes it
# interesting (None: any).
Stage = tuple[Callable[[State], bool], Callable[[Move], bool] | None]

STAGES: dict[str, Stage] = {
    # The stock is used up: the learner sees every card. Leading.
    "endgame": (lambda s: _on_lead(s) and s.stock_size == 0 and _fits(s), None),
    # The stock is used up, the learner answers a lead.
    "follow": (lambda s: s.lead >= 0 and s.stock_size == 0 and _fits(s), None),
    # Somebody closed the stock; the learner leads.
    "closed": (lambda s: _on_lead(s) and s.closed_by >= 0 and _fits(s), None),
    # The last moment to close: one face-down card left.
    "close": (lambda s: _on_lead(s) and len(s.stock) == 1 and CLOSE in legal_moves(s), None),
    "exchange": (
        lambda s: _on_lead(s) and len(s.stock) <= 1 and EXCHANGE in legal_moves(s),
        lambda m: m == EXCHANGE,
    ),
    "marriage": (
        lambda s: (
            _on_lead(s)
            and len(s.stock) <= 1
            and any(isinstance(m, Marriage) for m in legal_moves(s))
        ),
        lambda m: isinstance(m, Marriage),
    ),
    "out": (
        lambda s: _on_lead(s) and s.stock_size <= 2 and 45 <= s.score(s.leader) < 66,
        None,
    ),
    "declare": (
        lambda s: _on_lead(s) and DECLARE_OUT in legal_moves(s) and s.stock_size == 0,
        lambda m: m == DECLARE_OUT,
    ),
}


def candidates(
    rules_spec: str,
    stage: str,
    goal: Goal,
    count: int,
    seed: int,
    budget: float | None = None,
    attempts: int | None = None,
) -> list[tuple[State, Analysis]]:
    """Up to ``count`` candidates, giving up after ``budget`` seconds or after dealing
    ``attempts`` deals (whichever comes first; None: no bound of that kind). With an
    attempts bound and no time bound, the result depends only on the seed."""
    rules = parse_rules(rules_spec)
    want, interesting = STAGES[stage]
    rng = random.Random(seed)
    found: list[tuple[State, Analysis]] = []
    deadline = None if budget is None else time.monotonic() + budget
    dealt = 0
    while len(found) < count:
        if deadline is not None and time.monotonic() >= deadline:
            break
        if attempts is not None and dealt >= attempts:
            break
        dealt += 1
        s = random_deal(rules, rng)
        hit = None
        while s.result is None:
            if want(s):
                hit = s
                break
            player = greedy_player if rng.random() < 0.6 else random_player
            s = apply(s, player(s, rng))
        if hit is None:
            continue
        learner = hit.to_move
        assert learner is not None
        try:
            a = analyse(hit, learner, goal)
        except TooManyDealsError:
            continue
        if not a.exact or len(a.scores) < 3:
            continue
        if goal.kind is not GoalKind.DECIDE_CLOSE and len({_idea(m) for m in a.accepted}) != 1:
            continue
        if goal.kind is GoalKind.DECIDE_CLOSE and len(a.best) != 1:
            continue
        if interesting is not None and not interesting(a.accepted[0]):
            continue
        if hit.score(learner) >= hit.rules.target:  # declaring at once is no puzzle
            continue
        found.append((hit, a))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="pagat", help="rules preset, e.g. pagat or classic")
    ap.add_argument("--stage", default="endgame", choices=sorted(STAGES))
    ap.add_argument("--goal", default="win", help="'win', 'win 2', 'reach 66', ...")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=60.0, help="give up after this long")
    ap.add_argument("--attempts", type=int, default=None, help="give up after this many deals")
    ap.add_argument("--cards", default="3-5", help="endgames: cards in the fuller hand, e.g. 3-4")
    args = ap.parse_args(argv)
    low, _, high = args.cards.partition("-")
    CARDS_IN_HAND[:] = [int(low), int(high or low)]
    goal = Goal.parse(args.goal)
    found = candidates(
        args.rules, args.stage, goal, args.count, args.seed, args.seconds, args.attempts
    )
    for i, (state, a) in enumerate(found, start=1):
        scores = ", ".join(
            f"{s.move}: {s.reached}/{s.deals} reach, worst {s.worst}, mean {float(s.mean):+.2f}"
            for s in a.scores
        )
        print(f"# candidate {i}: {a.deals} deal(s); {scores}")
        learner = state.to_move
        assert learner is not None
        for move in legal_moves(state):
            line, end = best_line(apply(state, move), learner, goal)
            assert end.result is not None
            print(
                f"#   {move}: {' '.join(str(m) for m in line)} -> {end.result.kind.value} "
                f"{end.result.scores} gp {end.result.game_points}"
            )
        print(puzzle_yaml(state, goal, a.accepted, f"{args.stage}-{args.seed}-{i}"))
    if not found:
        print("# no candidate found; try another seed, stage or goal", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

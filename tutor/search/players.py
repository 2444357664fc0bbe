"""Computer players: a player is a function ``(state, rng) -> move`` that only plays legal moves.

The engine never calls a player; drivers such as ``tutor selfplay`` or the app do.

Strengths: ``random``; ``greedy`` (grabs points); ``beginner`` (simple habits, some randomness);
``club`` (counts to 66, saves trumps, closes with enough sure winners); ``expert`` (perfect-
information Monte Carlo: deals consistent with what it can see are sampled, each move is valued
in every sample by exact search once the stock is closed or gone, by a ``club`` playout up to
that point before, and the move with the best mean game points is played; each decision within
a default ``Budget``, so a rule set with huge hands cannot make it think for ever). Its core,
``evaluate_moves``, is in ``tutor.search.sampling``, for hints too.

The players are given the whole ``State`` but read only what their seat may know: their own
hand, the cards seen (tricks, the card led, the face-up trump, shown cards) and the scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.engine import (
    Close,
    DeclareOut,
    Marriage,
    Move,
    Play,
    State,
    is_declaration,
    legal_moves,
    view_of,
)
from tutor.search.budget import Budget
from tutor.search.club import (
    beats,
    close_counts,
    club_player,
    declaration,
    declaration_holds,
    not_declaring,
    trump_choice,
    waiting_choice,
)
from tutor.search.sampling import EXPERT_SAMPLES, evaluate_moves

Player = Callable[[State, random.Random], Move]

CLOSE_SLACK = 10  # the expert closes when its sure points come within this of 66


def random_player(state: State, rng: random.Random) -> Move:
    """Any legal move at random; it declares 66 exactly when it can count 66, never falsely."""
    moves = legal_moves(state)
    declare = [m for m in moves if is_declaration(m) and declaration_holds(state, m)]
    if declare:
        return declare[0]
    rest = [m for m in moves if not is_declaration(m)]
    return rest[int(rng.random() * len(rest))]


def greedy_player(state: State, rng: random.Random) -> Move:
    """Declares when it counts 66, announces marriages, then plays a trump if it can, else its
    highest card (by card points, then rank)."""
    wait = waiting_choice(state)
    if wait is not None:
        return wait
    moves = legal_moves(state)
    for m in moves:
        if is_declaration(m) and declaration_holds(state, m):
            return m
    named = trump_choice(state, moves)
    if named is not None:
        return named
    marriages = [m for m in moves if isinstance(m, Marriage) and not m.out]
    if marriages:
        return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:  # pragma: no cover - a player on turn always holds a card
        return next(m for m in moves if not isinstance(m, Close))
    pts = state.rules.points_by_index

    def key(m: Play) -> tuple[bool, int, int]:
        c = m.card
        return (c.suit == state.trump, pts[c.index], -c.rank)

    return max(plays, key=key)


def beginner_player(state: State, rng: random.Random) -> Move:
    """Declares when it counts 66 and announces marriages, but otherwise plays like a learner:
    often its highest card, sometimes any card; it never closes."""
    wait = waiting_choice(state)
    if wait is not None:
        return wait
    moves = legal_moves(state)
    out = declaration(state, moves)
    if out is not None:
        return out
    named = trump_choice(state, moves)
    if named is not None:
        return named
    rest = [m for m in not_declaring(moves) if not isinstance(m, Close)]
    marriages = [m for m in rest if isinstance(m, Marriage)]
    if marriages and rng.random() < 0.8:
        return marriages[0]
    if rng.random() < 0.3:
        return rest[int(rng.random() * len(rest))]
    pts = state.rules.points_by_index
    plays = [m for m in rest if isinstance(m, Play)]
    if state.lead >= 0:
        winners = [m for m in plays if beats(state.lead, m.card.index, state.trump_index)]
        if winners:
            return max(winners, key=lambda m: pts[m.card.index])
        return min(plays, key=lambda m: pts[m.card.index])
    return max(plays, key=lambda m: (pts[m.card.index], -m.card.index))


def expert_player(state: State, rng: random.Random) -> Move:
    """Perfect-information Monte Carlo over deals consistent with what this seat can see."""
    p = state.to_move
    assert p is not None
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    out = declaration(state, moves)
    if out is not None and isinstance(out, DeclareOut):
        return out
    ranked = evaluate_moves(view_of(state, p), EXPERT_SAMPLES, rng.randrange(1 << 30), Budget())
    for choice in ranked:
        # Sampling flatters closing: after the close each sample is played out knowing that
        # sample's hidden cards. Close only with nearly enough sure points as well.
        if isinstance(choice.move, Close) and not close_counts(state, p, CLOSE_SLACK):
            continue
        return choice.move
    return ranked[0].move  # pragma: no cover - a lead always offers a card


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "beginner": beginner_player,
    "club": club_player,
    "expert": expert_player,
}

__all__ = [
    "EXPERT_SAMPLES",
    "PLAYERS",
    "Player",
    "beginner_player",
    "club_player",
    "expert_player",
    "greedy_player",
    "random_player",
]

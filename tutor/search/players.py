"""Computer players: a player is a function ``(state, rng, seen=None) -> move`` that only plays
legal moves. ``seen`` (``tutor.search.expert.Seen``) is what the seat remembers beyond the
position: the deal from its start and the match score; only the expert reads it.

The engine never calls a player; drivers such as ``tutor selfplay`` or the app do.

Strengths: ``random``; ``greedy`` (grabs points); ``beginner`` (simple habits, some randomness);
``club`` (counts to 66, saves trumps, closes with enough sure winners); ``expert1`` (the first
expert, kept as the yardstick: perfect-information Monte Carlo, deals consistent with what it
can see sampled, each move valued in every sample by exact search once the stock is closed or
gone, by a ``club`` playout up to that point before; it closes only with nearly enough sure
points); ``expert`` (``tutor.search.expert``: the same sampling with what the opponent's plays
tell, exact search from a short stock, closing valued by exact search, the match score).
Each decision stays within a default ``Budget``, so a rule set with huge hands cannot make a
player think for ever. The core, ``evaluate_worlds``, is in ``tutor.search.sampling``, for hints
too.

The players are given the whole ``State`` but read only what their seat may know: their own
hand, the cards seen (tricks, the card led, the face-up trump, shown cards) and the scores.
"""

from __future__ import annotations

import random
from typing import Protocol

from tutor.engine import (
    Close,
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
    obvious_move,
    trump_choice,
    waiting_choice,
)
from tutor.search.expert import expert_player
from tutor.search.sampling import EXPERT_SAMPLES, evaluate_moves
from tutor.search.seen import Seen


class Player(Protocol):
    """A computer player: a legal move for the player to move in ``state``."""

    def __call__(self, state: State, rng: random.Random, seen: Seen | None = None, /) -> Move: ...


CLOSE_SLACK = 10  # the expert closes when its sure points come within this of 66


def random_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
    """Any legal move at random; it declares 66 exactly when it can count 66, never falsely."""
    moves = legal_moves(state)
    declare = [m for m in moves if is_declaration(m) and declaration_holds(state, m)]
    if declare:
        return declare[0]
    rest = [m for m in moves if not is_declaration(m)]
    return rest[int(rng.random() * len(rest))]


def greedy_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
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


def beginner_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
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


def expert1_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
    """The first expert: perfect-information Monte Carlo over deals consistent with what this
    seat can see, ``club`` playouts while the stock is open; kept as the yardstick of
    ``tutor bench --strength``."""
    p = state.to_move
    assert p is not None
    obvious = obvious_move(state)
    if obvious is not None:
        return obvious
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
    "expert1": expert1_player,
}

#: The players that read ``seen``: drivers build it for these only (it costs a little a move).
REMEMBERING = frozenset({"expert"})

__all__ = [
    "EXPERT_SAMPLES",
    "PLAYERS",
    "REMEMBERING",
    "Player",
    "beginner_player",
    "club_player",
    "expert1_player",
    "expert_player",
    "greedy_player",
    "random_player",
]

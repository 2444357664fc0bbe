"""Computer players, one registry for every table: a player is a function
``(deal, rng, seen=None) -> move`` over the game interface (``tutor.engine.game.Deal``) that
only plays legal moves; ``PLAYERS`` holds each by name with the seat counts it plays
(``random``, ``club`` and ``expert`` play two, three and four; the others two). ``seen``
(``tutor.search.seen.Seen``) is what the seat remembers beyond the position: the deal from its
start and the match score; only the expert reads it, with two seats.

The engine never calls a player; drivers such as ``tutor selfplay`` or the app do.

Strengths: ``random``; ``greedy`` (grabs points); ``beginner`` (simple habits, some randomness);
``club`` (counts to 66, saves trumps, closes with enough sure winners); ``expert1`` (the first
expert, kept as the yardstick: perfect-information Monte Carlo, deals consistent with what it
can see sampled, each move valued in every sample by exact search once the stock is closed or
gone, by a ``club`` playout up to that point before; it closes only with nearly enough sure
points); ``expert2`` (the second expert, kept as a yardstick too: the same sampling with what
the opponent's plays tell, exact search from a short stock, closing valued by exact search, the
match score); ``expert`` (``tutor.search.expert``: ``expert2`` that draws further deals while
the best move is not clearly ahead).
Each decision stays within a default ``Budget``, so a rule set with huge hands cannot make a
player think for ever. The core, ``evaluate_worlds``, is in ``tutor.search.sampling``, for hints
too.

The two-seat players are defined here; the ones for three and four, which read the table's
``TableState`` directly, in ``tutor.search.table_players``. The players are given the whole
deal but read only what their seat may know: their own hand, the cards seen (tricks, the card
led, the face-up trump, shown cards) and the scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from tutor.engine import (
    Close,
    Deal,
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
from tutor.search.expert import expert2_player, expert_player
from tutor.search.sampling import EXPERT_SAMPLES, evaluate_moves
from tutor.search.seen import Seen
from tutor.search.table_players import table_club, table_expert, table_random_player


class Player(Protocol):
    """A computer player over the game interface: a legal move for the seat to move in
    ``deal``, at any table the player plays (see ``ComputerPlayer``)."""

    def __call__(self, deal: Deal, rng: random.Random, seen: Seen | None = None, /) -> Move: ...


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


class SeatsError(ValueError):
    """A computer player asked for at a table it does not play: ``name`` plays the seat
    counts ``plays``, not ``seats``."""

    def __init__(self, name: str, seats: int, plays: tuple[int, ...]) -> None:
        self.name = name
        self.seats = seats
        self.plays = plays
        counts = ", ".join(map(str, plays))
        super().__init__(f"the player {name!r} plays {counts} seats, not {seats}")


#: One engine's player: a move for the seat to move in that engine's deal, as
#: ``(state, rng)``, or ``(state, rng, seen)`` at a seat count where the player remembers.
EnginePlayer = Callable[..., Move]


@dataclass(frozen=True)
class ComputerPlayer:
    """A computer player of the registry: its name, the function that plays each seat count it
    plays (``plays``: the two-seat functions read a ``State``, the table ones a ``TableState``),
    and the seat counts at which it reads ``seen``. Called, it is a ``Player`` over the game
    interface; a driver that plays many moves takes ``at(seats)`` once instead."""

    name: str
    plays: Mapping[int, EnginePlayer]
    remembers: frozenset[int] = frozenset()

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat counts this player plays, fewest first."""
        return tuple(sorted(self.plays))

    def at(self, seats: int) -> EnginePlayer:
        """The function that plays a table of ``seats``; ``SeatsError`` if there is none."""
        play = self.plays.get(seats)
        if play is None:
            raise SeatsError(self.name, seats, self.seats)
        return play

    def __call__(self, deal: Deal, rng: random.Random, seen: Seen | None = None, /) -> Move:
        play = self.at(deal.seats)
        return play(deal, rng, seen) if deal.seats in self.remembers else play(deal, rng)


_TABLES = (3, 4)

#: Every computer player, by name; each knows the seat counts it plays.
PLAYERS: Mapping[str, ComputerPlayer] = {
    p.name: p
    for p in (
        ComputerPlayer("random", {2: random_player, **dict.fromkeys(_TABLES, table_random_player)}),
        ComputerPlayer("greedy", {2: greedy_player}),
        ComputerPlayer("beginner", {2: beginner_player}),
        ComputerPlayer("club", {2: club_player, **dict.fromkeys(_TABLES, table_club)}),
        ComputerPlayer(
            "expert",
            {2: expert_player, **dict.fromkeys(_TABLES, table_expert)},
            remembers=frozenset({2}),
        ),
        ComputerPlayer("expert1", {2: expert1_player}),
        ComputerPlayer("expert2", {2: expert2_player}, remembers=frozenset({2})),
    )
}

#: The players that read ``seen`` with two seats: drivers build it for these only (it costs a
#: little a move).
REMEMBERING = frozenset(p.name for p in PLAYERS.values() if 2 in p.remembers)


def players_at(seats: int) -> tuple[str, ...]:
    """The names of the players that play a table of ``seats``, in the registry's order."""
    return tuple(name for name, p in PLAYERS.items() if seats in p.plays)


def player_at(name: str, seats: int) -> EnginePlayer:
    """The function with which ``name`` plays a table of ``seats``: ``KeyError`` for a name
    the registry does not hold, ``SeatsError`` for a seat count the player does not play."""
    return PLAYERS[name].at(seats)


__all__ = [
    "EXPERT_SAMPLES",
    "PLAYERS",
    "REMEMBERING",
    "ComputerPlayer",
    "EnginePlayer",
    "Player",
    "SeatsError",
    "beginner_player",
    "club_player",
    "expert1_player",
    "expert_player",
    "greedy_player",
    "player_at",
    "players_at",
    "random_player",
]

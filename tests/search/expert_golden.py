"""Positions with the moves the second expert (``expert2``) chose in them, kept in
``tests/golden/players/expert2-moves.json`` so that ``expert2`` can be checked to play them still.

The positions come from deals ``club`` plays for both seats (so they do not depend on any
expert); at every fourth decision with a choice the expert's move is recorded, with the match
score the seat needs and the seed of the decision. Run this file to write the golden file anew
(only when the expert2 player is meant to change):

    .venv/bin/python tests/search/expert_golden.py
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.engine import Move, State, apply, legal_moves, parse_move, parse_rules, random_deal
from tutor.search import Seen
from tutor.search.club import club_player

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "players" / "expert2-moves.json"
PRESETS = ("schnapsen", "classic")
DEALS = 6  # deals of each preset
STRIDE = 4  # every fourth decision with a choice is recorded


@dataclass(frozen=True)
class Recorded:
    """One decision: the deal (preset and seed), the moves before it, the game points each
    seat needs, the seed of the decision's random generator, and the move chosen."""

    rules: str
    deal_seed: int
    moves: tuple[str, ...]
    need: tuple[int, int]
    seed: int
    move: str

    def position(self) -> tuple[State, Seen]:
        """The position and what the seat to move remembers of the deal."""
        start = random_deal(parse_rules(self.rules), random.Random(self.deal_seed))
        played = tuple(parse_move(m) for m in self.moves)
        state = start
        for m in played:
            state = apply(state, m)
        return state, Seen(start, played, self.need)


def _positions() -> Iterator[tuple[str, int, State, Seen, int]]:
    """Every recorded decision's preset, deal seed, position, memory and decision seed."""
    for rules in PRESETS:
        for deal_seed in range(DEALS):
            rng = random.Random(deal_seed)
            start = random_deal(parse_rules(rules), random.Random(deal_seed))
            need = (1 + deal_seed % 7, 1 + 3 * deal_seed % 7)
            state, played, choices = start, [], 0
            while state.result is None:
                if len(legal_moves(state)) > 1:
                    choices += 1
                    if choices % STRIDE == 1:
                        seed = 1000 * deal_seed + choices
                        yield rules, deal_seed, state, Seen(start, tuple(played), need), seed
                move: Move = club_player(state, rng)
                played.append(move)
                state = apply(state, move)


def record(player: Callable[[State, random.Random, Seen | None], Move]) -> list[Recorded]:
    """The recorded decisions with ``player``'s move in each."""
    out = []
    for rules, deal_seed, state, seen, seed in _positions():
        move = player(state, random.Random(seed), seen)
        moves = tuple(str(m) for m in seen.moves)
        assert seen.need is not None
        out.append(Recorded(rules, deal_seed, moves, seen.need, seed, str(move)))
    return out


def load() -> list[Recorded]:
    """The decisions in the golden file."""
    rows = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return [
        Recorded(
            r["rules"], r["deal_seed"], tuple(r["moves"]), tuple(r["need"]), r["seed"], r["move"]
        )
        for r in rows
    ]


def write(rows: list[Recorded]) -> None:
    """Write ``rows`` as the golden file."""
    data = [
        {
            "rules": r.rules,
            "deal_seed": r.deal_seed,
            "moves": list(r.moves),
            "need": list(r.need),
            "seed": r.seed,
            "move": r.move,
        }
        for r in rows
    ]
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    from tutor.search.players import PLAYERS

    play = PLAYERS["expert2" if "expert2" in PLAYERS else "expert"].at(2)
    write(record(play))
    print(f"{len(load())} decisions written to {GOLDEN}")

"""The second expert (``expert2``) plays the moves the expert chose before it drew further deals
where the best move is not clearly ahead, in the positions of
``tests/golden/players/expert2-moves.json`` (``expert_golden.py`` wrote it from that expert)."""

from __future__ import annotations

import random

from expert_golden import load, record

from tutor.search import PLAYERS


def test_expert2_plays_the_recorded_moves() -> None:
    rows = load()
    assert len(rows) >= 40 and {r.rules for r in rows} == {"schnapsen", "classic"}
    assert len({r.move for r in rows}) > 10  # the positions ask for many different moves
    now = record(PLAYERS["expert2"].at(2))
    assert [r.move for r in now] == [r.move for r in rows]
    assert [(r.rules, r.deal_seed, r.moves, r.seed) for r in now] == [
        (r.rules, r.deal_seed, r.moves, r.seed) for r in rows
    ]


def test_the_recorded_positions_are_replayed_as_recorded() -> None:
    for row in load()[:10]:
        state, seen = row.position()
        assert [str(m) for m in seen.moves] == list(row.moves) and state.to_move is not None
        move = PLAYERS["expert2"].at(2)(state, random.Random(row.seed), seen)
        assert str(move) == row.move

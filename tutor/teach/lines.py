"""A line of play cut into the steps a table shows one at a time, and what decides its end.

A *step* is one move, or a lead together with the card that answers it (the trick as it lies
on the table). At the end of a line played to the end of a deal, ``decider`` names what turns
the deal, as data: the extra points for the last trick, the trick with which a player reaches
66, the closer falling short, a declaration without 66, the Schneider limit. The puzzles replay
their refutations step by step with it, and the explanation of a move against a better one
names the same facts; ``tutor.words`` says them in words.

>>> from tutor.engine import new_deal
>>> from tutor.engine.presets import preset
>>> s = new_deal(preset("pagat"), hands=("Ah 10h Kc Qc Ks Qs", "Ad Jd 9d As Js Jh"),
...              trump_card="Kd", stock="Qd Qh 9s 10s 9h Kh 9c Jc 10c Ac 10d", dealer=0)
>>> [len(st.moves) for st in line_steps(s, ["Js", "Ks", "Ah"])]
[2, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.engine import (
    CARDS,
    CLOSE_UNDRAWN,
    PASS,
    Card,
    EndKind,
    Move,
    Play,
    State,
    Wait,
    apply,
    apply_unchecked,
    parse_move,
    pass_until,
)


@dataclass(frozen=True)
class Step:
    """One step of a line: its moves (one, or a lead and the answer to it), the position
    before and after, the trick they complete and the cards drawn after it."""

    moves: tuple[Move, ...]
    before: State
    state: State
    trick: tuple[Card, Card, int, int] | None = None  # (led, played, leader, taker)
    drawn: frozenset[Card] = frozenset()  # cards drawn from the stock after the trick

    @property
    def player(self) -> int | None:
        """Who made the step's first move."""
        return self.before.to_move


def _drawn(before: State, after: State) -> frozenset[Card]:
    if before.stock_size == after.stock_size:
        return frozenset()
    new = (after.hands[0] & ~before.hands[0]) | (after.hands[1] & ~before.hands[1])
    return frozenset(CARDS[i] for i in range(new.bit_length()) if new >> i & 1)


def line_steps(
    before: State, moves: Sequence[Move | str], checked: bool = True
) -> tuple[Step, ...]:
    """``moves`` played from ``before``, grouped into the steps the table shows: a lead and the
    card that answers it make one step (the trick); any other move is a step of its own. Moves
    after the end of the deal are left out. Each move is checked against the rules (an illegal
    one raises ``IllegalMoveError``) unless ``checked`` is False: for a line the search made."""
    play = apply if checked else apply_unchecked
    steps: list[Step] = []
    state = before
    pending: tuple[Move, State] | None = None  # a lead waiting for its answer
    line = [parse_move(m) if isinstance(m, str) else m for m in moves]
    skip = False
    for i, move in enumerate(line):
        if state.result is not None:
            break
        if skip:  # the draw, folded into the trick before it
            skip = False
            continue
        state = pass_until(state, move)
        after = play(state, move)
        if after.waiting is Wait.DRAW:
            # The trick's winner draws (the table shows the cards drawn with the trick),
            # unless the line closes before drawing.
            upcoming = line[i + 1] if i + 1 < len(line) else PASS
            if upcoming != CLOSE_UNDRAWN:
                after = play(after, PASS)
                skip = upcoming == PASS
        if isinstance(move, Play) and state.lead >= 0 and after.last_trick is not None:
            leader, led, played, taker = after.last_trick
            trick = (CARDS[led], CARDS[played], leader, taker)
            first, start = pending if pending is not None else (None, state)
            group = (first, move) if first is not None else (move,)
            steps.append(Step(group, start, after, trick, _drawn(state, after)))
            pending = None
        else:
            if pending is not None:  # a lead with no answer in the line: a step of its own
                steps.append(Step((pending[0],), pending[1], state))
                pending = None
            if isinstance(move, Play) and after.lead >= 0:
                pending = (move, state)
            else:
                steps.append(Step((move,), state, after))
        state = after
    if pending is not None:
        steps.append(Step((pending[0],), pending[1], state))
    return tuple(steps)


# ----------------------------------------------------------------------------- what decides it


class Decides(Enum):
    LAST_TRICK = "last trick"  # the extra points for the last trick turn the deal
    REACHED = "reached"  # a player reaches 66 with a trick (or a marriage) and declares
    SHORT = "short"  # the player who closed the stock falls short of 66
    FALSE_OUT = "false out"  # a player declares 66 without having it
    SCHNEIDER = "schneider"  # the loser stays below the Schneider limit


@dataclass(frozen=True)
class Decider:
    """What decides how a line ends: its kind, the player it is about, that player's points at
    the end (``REACHED``: when reaching 66), the other player's, the extra points for the last
    trick (``LAST_TRICK``), and the trick that decides it with the step it lies in (-1: none)."""

    kind: Decides
    player: int
    points: int
    other: int
    bonus: int = 0
    trick: tuple[Card, Card] | None = None
    step: int = -1


def decider(steps: Sequence[Step]) -> Decider | None:
    """What decides the end of a line played to the end of the deal (None: the line does not
    end the deal, or it ends on the higher score without a deciding trick)."""
    if not steps or steps[-1].state.result is None:
        return None
    end = steps[-1].state
    outcome = end.result
    assert outcome is not None
    rules = end.rules
    scores = outcome.scores
    if outcome.kind is EndKind.FALSE_OUT and outcome.player is not None:
        p = outcome.player
        return Decider(Decides.FALSE_OUT, p, scores[p], scores[1 - p])
    if outcome.kind is EndKind.OUT and outcome.player is not None:
        return _reached(steps, outcome.player, rules.target)
    tricks = [(i, s) for i, s in enumerate(steps) if s.trick is not None]
    last = tricks[-1] if tricks else None
    if last is not None and outcome.winner is not None:
        i, step = last
        assert step.trick is not None
        led, played, _leader, taker = step.trick
        bonus = rules.last_trick_points(step.before.closed_by >= 0)
        if bonus and taker == outcome.winner and not end.hands[0] and not end.hands[1]:
            without = scores[taker] - bonus
            turned = (
                without <= scores[1 - taker]
                if outcome.kind is EndKind.LAST_TRICK
                else outcome.kind is EndKind.CLOSER_MADE and without < rules.target
            )
            if turned:
                return Decider(
                    Decides.LAST_TRICK,
                    taker,
                    scores[taker],
                    scores[1 - taker],
                    bonus,
                    (led, played),
                    i,
                )
    if outcome.kind is EndKind.CLOSER_FAILED and outcome.player is not None:
        p = outcome.player
        return Decider(Decides.SHORT, p, scores[p], scores[1 - p])
    if outcome.rule_id == "score.schneider" and outcome.winner is not None:
        p = 1 - outcome.winner
        return Decider(Decides.SCHNEIDER, p, scores[p], scores[1 - p])
    return None


def _reached(steps: Sequence[Step], player: int, target: int) -> Decider:
    """The step in which ``player`` reaches ``target`` for good, and the trick in it."""
    at = len(steps) - 1
    for i, step in enumerate(steps):
        if step.before.score(player) < target <= step.state.score(player):
            at = i
    chosen = steps[at]
    trick = (chosen.trick[0], chosen.trick[1]) if chosen.trick is not None else None
    end = steps[-1].state
    return Decider(
        Decides.REACHED,
        player,
        chosen.state.score(player),
        end.score(1 - player),
        trick=trick,
        step=at,
    )


__all__ = [
    "Decider",
    "Decides",
    "Step",
    "decider",
    "line_steps",
]

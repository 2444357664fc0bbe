"""The scoring of a finished deal, written once on plain integers for both engines and both
solvers.

A *side* is what wins or loses a deal: a seat, or two partners. A deal ends in one of a few
ways: a declaration of 66 (right or false), a closer who made or failed to make 66 (two sides,
where the rules allow closing), or the last trick played with the stock open. The winner's game
points follow from the losers' scores and tricks (simple, Schneider, Schwarz; with three seats
each loser pays or the best one decides, ``score.losers``) or from the fixed penalties of a
failed closer or a false declaration.

``grading(rules)`` builds these rules once for a ``RuleSet`` on sides: ``grade``, ``win``,
``false_out``, ``closer_fails``, ``played_out_winner`` are the pieces, ``declare`` and
``played_out`` the endings of a deal without closing, each an ``End`` ``(kind, winner,
game_points, rule_id)`` with game points per side. The table engine and the table solver read
these. ``scoring(rules)`` is the fast path for two players, built from the same pieces: the
two-player engine and the integer solver call it at every leaf.

Its facts are integers: ``s0``, ``s1`` the scores (card points taken plus credited marriages,
with the last trick's bonus once it is won), ``won`` a bit set with bit ``p`` set when side
``p`` has won a trick, ``closer`` the player who closed or -1, and ``trickless`` 1 when the
closer's opponent had no trick at the moment of closing (read only when the rules judge the
failed closer's penalty then), ``last`` the player who took the deal's last trick.

Each of its functions returns ``net``, the game points for player 0 less those for player 1:
all the solver reads, on plain integers. Given a list as its last argument, it also appends the
whole ending, a plain tuple ``(net, kind, winner, game_points, player, rule_id)`` (``winner``
None for a draw, ``player`` the declarer or closer the ending is about), which the engine turns
into an ``Outcome``: the same branch decides both.

>>> from tutor.engine.presets import preset
>>> sc = scoring(preset("classic"))
>>> why: list[Ending] = []
>>> sc.declare(0, 66, 20, 0b11, -1, 0, why), why
(2, [(2, <EndKind.OUT: 'out'>, 0, 2, 0, 'score.schneider')])
>>> sc.end_of_cards(60, 60, 0b11, -1, 0, 0)
0
>>> sc.declare(1, 50, 40, 0b11, -1, 0)  # B declares without 66: A wins
1
>>> g = grading(preset("three"))
>>> g.declare(1, (20, 70, 0), 0b011)  # B is right: A pays Schneider, C (no trick) Schwarz
(<EndKind.OUT: 'out'>, 1, (0, 5, 0), 'score.schwarz')
>>> g.played_out((40, 40, 40), 0b111, 0)
(<EndKind.DRAW: 'draw'>, None, (0, 0, 0), 'deal.played_out')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from tutor.engine.outcome import EndKind
from tutor.engine.rules import (
    Losers,
    NoTrickAt,
    OpponentOut,
    Penalty,
    PlayedOut,
    RuleSet,
    SchwarzBy,
)

Ending = tuple[int, EndKind, int | None, int, int | None, str]
#: A deal's end on sides: the kind, the winning side (None: nobody), game points per side and
#: the rule that scored them.
End = tuple[EndKind, int | None, tuple[int, ...], str]

_OUT = EndKind.OUT
_FALSE_OUT = EndKind.FALSE_OUT
_CLOSER_MADE = EndKind.CLOSER_MADE
_CLOSER_FAILED = EndKind.CLOSER_FAILED
_LAST_TRICK = EndKind.LAST_TRICK
_DRAW = EndKind.DRAW


#: The three grades of a won deal, by the index ``grade`` returns.
GRADES = ("score.simple", "score.schneider", "score.schwarz")

#: Where a scoring function puts the whole ending when asked (the engine asks; the solver,
#: which needs only the value, does not).
Why = list[Ending] | None


class Grading(NamedTuple):
    """The scoring rules of one ``RuleSet`` on sides (see the module doc)."""

    # (loser's score, 1 if the loser has a trick): 0 simple, 1 Schneider, 2 Schwarz
    grade: Callable[[int, int], int]
    # (winner, scores, won): the winner's game points and the grade that decided them
    win: Callable[[int, Sequence[int], int], tuple[int, int]]
    # (receiver's score, 1 if the receiver has a trick): what a false declaration gives it
    false_out: Callable[[int, int], int]
    # (closer's score, 1 if the closer has a trick, 1 if the opponent has a trick, trickless):
    # what a failed close gives the closer's opponent
    closer_fails: Callable[[int, int, int, int], int]
    # (scores, side of the last trick): who wins a deal played out, -1 nobody
    played_out_winner: Callable[[Sequence[int], int], int]
    # (side, scores, won): a declaration of 66 by ``side``, right or false, without closing
    declare: Callable[[int, Sequence[int], int], End]
    # (scores, won, side of the last trick): the last trick is played, the stock not closed
    played_out: Callable[[Sequence[int], int, int], End]


@lru_cache(maxsize=64)
def grading(rules: RuleSet) -> Grading:
    """The scoring rules of ``rules`` on sides, built once per rule set."""
    points = rules.game_points
    schneider = rules.schneider_below
    by_tricks = rules.schwarz_by is SchwarzBy.TRICKS
    target = rules.target
    sides = rules.sides
    best_loser = rules.losers is Losers.BEST
    cp_scale = rules.closer_penalty is Penalty.SCALE
    cp_points = rules.closer_penalty_points
    cp_no_trick = rules.closer_penalty_no_trick_points
    no_trick_at_close = rules.closer_no_trick_at is NoTrickAt.CLOSE
    fo_scale = rules.false_out is Penalty.SCALE
    fo_points = rules.false_out_points
    fo_no_trick = rules.false_out_no_trick_points
    played_out_mode = rules.played_out
    last_trick_decides = played_out_mode is PlayedOut.LAST_TRICK

    def grade(score: int, tricked: int) -> int:
        """How badly a side lost: 2 Schwarz, 1 Schneider, 0 simple."""
        if (not tricked) if by_tricks else score == 0:
            return 2
        if score < schneider:
            return 1
        return 0

    def win(winner: int, scores: Sequence[int], won: int) -> tuple[int, int]:
        """The winner's game points: by the grade of each loser added up, or of the loser
        who did best (one and the same with two sides); and the highest grade counted."""
        losers = [x for x in range(sides) if x != winner]
        if best_loser:
            best = max(losers, key=lambda x: scores[x])
            g = grade(scores[best], won >> best & 1)
            return points[g], g
        grades = [grade(scores[x], won >> x & 1) for x in losers]
        return sum(points[g] for g in grades), max(grades)

    def false_out(score: int, tricked: int) -> int:
        """Graded on the receiver (what the declarer would have won had he been right), or
        fixed, more when the receiver has no trick."""
        if fo_scale:
            return points[grade(score, tricked)]
        return fo_points if tricked else fo_no_trick

    def closer_fails(
        closer_score: int, closer_tricked: int, opp_tricked: int, trickless: int
    ) -> int:
        """Graded on the closer as after a normal deal, or fixed, more when the opponent had
        no trick (when the close was made, or at the end)."""
        if cp_scale:
            return points[grade(closer_score, closer_tricked)]
        no_trick = trickless if no_trick_at_close else not opp_tricked
        return cp_no_trick if no_trick else cp_points

    def played_out_winner(scores: Sequence[int], last: int) -> int:
        if sides == 2:  # the same rules, in the few steps the solver's leaves can afford
            a, b = scores
            if last_trick_decides:
                o = b if last == 0 else a
                return (
                    last if (a if last == 0 else b) >= target else 1 - last if o >= target else -1
                )
            return -1 if a == b else 0 if a > b else 1
        if played_out_mode is PlayedOut.LAST_TRICK:
            # the last trick's winner wins with the target, else another side with it
            if scores[last] >= target:
                return last
            reached = [x for x in range(sides) if scores[x] >= target]
            return reached[0] if reached else -1
        if played_out_mode is PlayedOut.ONLY_ONE:
            reached = [x for x in range(sides) if scores[x] >= target]
            return reached[0] if len(reached) == 1 else -1
        top = max(scores)
        return scores.index(top) if scores.count(top) == 1 else -1

    def won_by(kind: EndKind, winner: int, scores: Sequence[int], won: int) -> End:
        gp, g = win(winner, scores, won)
        gps = [0] * sides
        gps[winner] = gp
        return kind, winner, tuple(gps), GRADES[g]

    def declare(side: int, scores: Sequence[int], won: int) -> End:
        """Right: the side wins as after a normal deal. False: every other side scores what
        the false declaration costs (with two sides the other wins; with three nobody does)."""
        if scores[side] >= target:
            return won_by(_OUT, side, scores, won)
        gps = tuple(0 if x == side else false_out(scores[x], won >> x & 1) for x in range(sides))
        return _FALSE_OUT, 1 - side if sides == 2 else None, gps, "out.false_penalty"

    def played_out(scores: Sequence[int], won: int, last: int) -> End:
        w = played_out_winner(scores, last)
        if w < 0:
            return _DRAW, None, (0,) * sides, "deal.played_out"
        return won_by(_LAST_TRICK, w, scores, won)

    return Grading(grade, win, false_out, closer_fails, played_out_winner, declare, played_out)


class Scoring(NamedTuple):
    """The scoring rules of one ``RuleSet`` for two players, closing included, as functions on
    integers (see the module doc), made of the pieces of its ``Grading``.

    Each ending function returns the net game points for player 0; given a list as its last
    argument ``why``, it also appends the whole ``Ending``."""

    # (loser, loser's score, won): 0 simple, 1 Schneider, 2 Schwarz
    grade: Callable[[int, int, int], int]
    # (closer, s0, s1, won, trickless[, why]): the closer has failed
    closer_fails: Callable[..., int]
    # (declarer, s0, s1, won, closer, trickless[, why]): a declaration of 66 is judged
    declare: Callable[..., int]
    # (s0, s1, won, closer, trickless, last[, why]): the last trick has been played
    end_of_cards: Callable[..., int]
    # the least game points a false declaration, and a failed close, cost
    least_false_out: int
    least_closer_fail: int


@lru_cache(maxsize=64)
def scoring(rules: RuleSet) -> Scoring:
    """The two-player scoring of ``rules``, built once per rule set. With two sides both
    readings of ``score.losers`` are the grade of the one loser, so a won deal is scored by
    ``grade`` alone here."""
    pieces = grading(rules)
    side_grade = pieces.grade
    false_out = pieces.false_out
    penalty = pieces.closer_fails
    played_out_winner = pieces.played_out_winner
    points = rules.game_points
    target = rules.target
    opp_out_points = rules.opponent_out is OpponentOut.POINTS
    oo_points = rules.opponent_out_points

    def grade(loser: int, loser_score: int, won: int) -> int:
        """How badly ``loser`` lost: 2 Schwarz, 1 Schneider, 0 simple."""
        return side_grade(loser_score, won >> loser & 1)

    def closer_fails(
        closer: int, s0: int, s1: int, won: int, trickless: int, why: Why = None
    ) -> int:
        r = 1 - closer
        gp = penalty(s1 if closer else s0, won >> closer & 1, won >> r & 1, trickless)
        net = -gp if r else gp
        if why is not None:
            why.append((net, _CLOSER_FAILED, r, gp, closer, "close.penalty"))
        return net

    def declare(
        p: int, s0: int, s1: int, won: int, closer: int, trickless: int, why: Why = None
    ) -> int:
        r = 1 - p
        if (s1 if p else s0) >= target:
            if closer == r:  # the closer's opponent reached 66 first: the closer has failed
                if not opp_out_points:
                    return closer_fails(closer, s0, s1, won, trickless, why)
                net = -oo_points if p else oo_points
                if why is not None:
                    why.append((net, _OUT, p, oo_points, p, "close.opponent_out"))
                return net
            g = side_grade(s1 if r else s0, won >> r & 1)
            gp = points[g]
            net = -gp if p else gp
            if why is not None:
                why.append((net, _OUT, p, gp, p, GRADES[g]))
            return net
        if closer == p:
            return closer_fails(closer, s0, s1, won, trickless, why)
        gp = false_out(s1 if r else s0, won >> r & 1)
        net = -gp if r else gp
        if why is not None:
            why.append((net, _FALSE_OUT, r, gp, p, "out.false_penalty"))
        return net

    def end_of_cards(
        s0: int, s1: int, won: int, closer: int, trickless: int, last: int, why: Why = None
    ) -> int:
        if closer >= 0:
            if (s1 if closer else s0) >= target:
                r = 1 - closer
                g = side_grade(s1 if r else s0, won >> r & 1)
                gp = points[g]
                net = -gp if closer else gp
                if why is not None:
                    why.append((net, _CLOSER_MADE, closer, gp, closer, GRADES[g]))
                return net
            return closer_fails(closer, s0, s1, won, trickless, why)
        w = played_out_winner((s0, s1), last)
        if w < 0:
            if why is not None:
                why.append((0, _DRAW, None, 0, None, "deal.played_out"))
            return 0
        g = side_grade(s0 if w else s1, won >> (1 - w) & 1)
        gp = points[g]
        net = -gp if w else gp
        if why is not None:
            why.append((net, _LAST_TRICK, w, gp, None, GRADES[g]))
        return net

    fo_scale = rules.false_out is Penalty.SCALE
    cp_scale = rules.closer_penalty is Penalty.SCALE
    return Scoring(
        grade,
        closer_fails,
        declare,
        end_of_cards,
        points[0] if fo_scale else min(rules.false_out_points, rules.false_out_no_trick_points),
        points[0]
        if cp_scale
        else min(rules.closer_penalty_points, rules.closer_penalty_no_trick_points),
    )


__all__ = ["GRADES", "End", "Ending", "Grading", "Scoring", "Why", "grading", "scoring"]

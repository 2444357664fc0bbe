"""The scoring of a finished deal, written once on plain integers for the engine and the solver.

A deal ends in one of a few ways: a declaration of 66 (correct or false), a closer who made or
failed to make 66, or the last trick played with the stock open (the higher score wins, with
the last trick's bonus). The winner's game points follow from the loser's score and tricks
(simple, Schneider, Schwarz) or from the fixed penalties of a failed closer or a false
declaration. ``scoring(rules)`` builds these rules once for a ``RuleSet``; ``tutor.engine.play``
turns their answers into an ``Outcome`` and the solver into net game points.

The facts they read are integers: ``s0``, ``s1`` the scores (card points taken plus credited
marriages, with the last trick's bonus once it is won), ``won`` a bit set with bit ``p`` set when
player ``p`` has won a trick, ``closer`` the player who closed or -1, and ``trickless`` 1 when the
closer's opponent had no trick at the moment of closing (read only when the rules judge the
failed closer's penalty then), ``last`` the player who took the deal's last trick.

Each function returns ``net``, the game points for player 0 less those for player 1: all the
solver reads, on plain integers. Given a list as its last argument, it also appends the whole
ending, a plain tuple ``(net, kind, winner, game_points, player, rule_id)`` (``winner`` None for
a draw, ``player`` the declarer or closer the ending is about), which the engine turns into an
``Outcome``: the same branch decides both.

>>> from tutor.engine.rules import preset
>>> sc = scoring(preset("classic"))
>>> why: list[Ending] = []
>>> sc.declare(0, 66, 20, 0b11, -1, 0, why), why
(2, [(2, <EndKind.OUT: 'out'>, 0, 2, 0, 'score.schneider')])
>>> sc.end_of_cards(60, 60, 0b11, -1, 0, 0)
0
>>> sc.declare(1, 50, 40, 0b11, -1, 0)  # B declares without 66: A wins
1
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from tutor.engine.rules import NoTrickAt, OpponentOut, Penalty, PlayedOut, RuleSet, SchwarzBy
from tutor.engine.state import EndKind

Ending = tuple[int, EndKind, int | None, int, int | None, str]

_OUT = EndKind.OUT
_FALSE_OUT = EndKind.FALSE_OUT
_CLOSER_MADE = EndKind.CLOSER_MADE
_CLOSER_FAILED = EndKind.CLOSER_FAILED
_LAST_TRICK = EndKind.LAST_TRICK
_DRAW = EndKind.DRAW


#: The three grades of a won deal, by the index ``grade`` returns.
_GRADES = ("score.simple", "score.schneider", "score.schwarz")

#: Where a scoring function puts the whole ending when asked (the engine asks; the solver,
#: which needs only the value, does not).
Why = list[Ending] | None


class Scoring(NamedTuple):
    """The scoring rules of one ``RuleSet`` as functions on integers (see the module doc).

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
    """The scoring rules of ``rules``, built once per rule set."""
    points = rules.game_points
    schneider = rules.schneider_below
    by_tricks = rules.schwarz_by is SchwarzBy.TRICKS
    target = rules.target
    cp_scale = rules.closer_penalty is Penalty.SCALE
    cp_points = rules.closer_penalty_points
    cp_no_trick = rules.closer_penalty_no_trick_points
    no_trick_at_close = rules.closer_no_trick_at is NoTrickAt.CLOSE
    fo_scale = rules.false_out is Penalty.SCALE
    fo_points = rules.false_out_points
    fo_no_trick = rules.false_out_no_trick_points
    opp_out_points = rules.opponent_out is OpponentOut.POINTS
    oo_points = rules.opponent_out_points
    last_trick_decides = rules.played_out is PlayedOut.LAST_TRICK

    def grade(loser: int, loser_score: int, won: int) -> int:
        """How badly ``loser`` lost: 2 Schwarz, 1 Schneider, 0 simple."""
        if (not won >> loser & 1) if by_tricks else loser_score == 0:
            return 2
        if loser_score < schneider:
            return 1
        return 0

    def closer_fails(
        closer: int, s0: int, s1: int, won: int, trickless: int, why: Why = None
    ) -> int:
        r = 1 - closer
        if cp_scale:
            gp = points[grade(closer, s1 if closer else s0, won)]
        else:
            no_trick = trickless if no_trick_at_close else not won >> r & 1
            gp = cp_no_trick if no_trick else cp_points
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
            g = grade(r, s1 if r else s0, won)
            gp = points[g]
            net = -gp if p else gp
            if why is not None:
                why.append((net, _OUT, p, gp, p, _GRADES[g]))
            return net
        if closer == p:
            return closer_fails(closer, s0, s1, won, trickless, why)
        if fo_scale:
            gp = points[grade(r, s1 if r else s0, won)]
        else:
            gp = fo_points if won >> r & 1 else fo_no_trick
        net = -gp if r else gp
        if why is not None:
            why.append((net, _FALSE_OUT, r, gp, p, "out.false_penalty"))
        return net

    def end_of_cards(
        s0: int, s1: int, won: int, closer: int, trickless: int, last: int, why: Why = None
    ) -> int:
        if closer >= 0:
            if (s1 if closer else s0) >= target:
                g = grade(1 - closer, s0 if closer else s1, won)
                gp = points[g]
                net = -gp if closer else gp
                if why is not None:
                    why.append((net, _CLOSER_MADE, closer, gp, closer, _GRADES[g]))
                return net
            return closer_fails(closer, s0, s1, won, trickless, why)
        if last_trick_decides:
            # the last trick's winner wins with the target, else the other with it; else a draw
            if (s1 if last else s0) >= target:
                w = last
            elif (s0 if last else s1) >= target:
                w = 1 - last
            else:
                w = -1
        else:
            w = -1 if s0 == s1 else 0 if s0 > s1 else 1
        if w < 0:
            if why is not None:
                why.append((0, _DRAW, None, 0, None, "deal.played_out"))
            return 0
        g = grade(1 - w, s1 if w == 0 else s0, won)
        gp = points[g]
        net = -gp if w else gp
        if why is not None:
            why.append((net, _LAST_TRICK, w, gp, None, _GRADES[g]))
        return net

    return Scoring(
        grade,
        closer_fails,
        declare,
        end_of_cards,
        points[0] if fo_scale else min(fo_points, fo_no_trick),
        points[0] if cp_scale else min(cp_points, cp_no_trick),
    )

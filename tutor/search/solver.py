"""Exact search for positions with perfect information: both hands and the stock order known.

In play this is the case once the stock is gone (the opponent holds exactly the unseen cards);
with a closed stock or a small stock it is the case inside each sampled deal
(``tutor.engine.view``).

The value of a position is in game points for the player to move, net (own minus opponent's),
as the deal's outcome in ``tutor.engine.game`` decides it; the final card points of the
principal line are reported beside it. The search is alpha-beta (negamax, fail-soft) with a
transposition table holding bounds and best moves. It runs on plain integers (bit sets of card
indices, scores, flags), not on ``State`` objects; a whole trick (lead and reply) is one level, and
the reply is searched inline. The rules are the same as ``tutor.engine.game``'s, read from the same
``RuleSet`` fields; ``tests/test_solver.py`` checks them against ``game.apply``.

>>> from tutor.engine.game import new_deal, play_moves
>>> from tutor.engine.rules import preset
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> s = play_moves(s, ["10h", "Kd", "close"])
>>> v = solve(s)
>>> v.game_points, len(v.line) > 0
(2, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    Credit,
    Duty,
    Marriage,
    Move,
    NoTrickAt,
    Outcome,
    OutResolution,
    Penalty,
    Play,
    RuleSet,
    SchwarzBy,
    State,
    apply_unchecked,
    legal_moves,
)

_INF = 1000
# Internal move codes: a card index plays it; +32 marriage with it; +64 marriage and out.
_EXCHANGE = 96
_CLOSE = 97
_OUT = 98
_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
_KINGS = sum(1 << (8 * s + 2) for s in range(4))  # with hand >> 1: a king and queen pair


class Value(NamedTuple):
    """The exact value of a position for the player to move."""

    game_points: int  # net game points: own minus the opponent's, with best play by both
    player: int  # the player to move, whose value this is
    line: tuple[Move, ...]  # a principal variation to the end of the deal
    outcome: Outcome  # how the deal ends on that line
    nodes: int  # positions searched

    @property
    def scores(self) -> tuple[int, int]:
        """Final card points (with marriages and last-trick bonus) of A and B on the line."""
        return self.outcome.scores

    @property
    def card_points(self) -> int:
        """The mover's final card points on the line."""
        return self.outcome.scores[self.player]


class MoveValue(NamedTuple):
    """One legal move with its exact value for the player to move."""

    move: Move
    game_points: int
    line: tuple[Move, ...]  # the move and a best continuation
    outcome: Outcome

    @property
    def scores(self) -> tuple[int, int]:
        return self.outcome.scores


def _code_to_move(code: int) -> Move:
    if code < 32:
        return Play(CARDS[code])
    if code < 64:
        return Marriage(CARDS[code - 32])
    if code < 96:
        return Marriage(CARDS[code - 64], True)
    specials: dict[int, Move] = {_EXCHANGE: EXCHANGE, _CLOSE: CLOSE, _OUT: DECLARE_OUT}
    return specials[code]


def _move_to_code(move: Move) -> int:
    if isinstance(move, Play):
        return move.card.index
    if isinstance(move, Marriage):
        return move.card.index + (64 if move.out else 32)
    return {EXCHANGE: _EXCHANGE, CLOSE: _CLOSE, DECLARE_OUT: _OUT}[move]


def _beats(lead: int, card: int, trump: int) -> bool:
    """The card played to ``lead`` takes the trick."""
    if lead >> 3 == card >> 3:
        return card < lead
    return card >> 3 == trump


def terminal_value(outcome: Outcome, player: int) -> int:
    """Net game points of a finished deal for ``player``."""
    gp = outcome.game_points
    return gp[player] - gp[1 - player]


def max_game_points(rules: RuleSet) -> int:
    """The most game points one deal can give under ``rules``."""
    return max(
        *rules.game_points,
        rules.closer_penalty_points,
        rules.closer_penalty_no_trick_points,
        rules.false_out_points,
        rules.false_out_no_trick_points,
    )


# Arguments of the internal position, in order:
# h0, h1 hands; ld leader; s0, s1 scores (card points + credited marriages); q0, q1 pending
# marriage points; tr bit p set when player p has won a trick; si cards drawn from the solver's
# stock; tc face-up trump card or -1; cb closer or -1; cn 1 when the closer's opponent had no
# trick at closing (only kept when the rules judge it then); ob declarer waiting for the trick.
Pos = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]
_LeadFn = Callable[[int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int]
_FollowFn = Callable[
    [int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int
]


class _Engine:
    """The search closures for one rule set, trump suit and stock order."""

    def __init__(self, rules: RuleSet, trump: int, stock: tuple[int, ...]) -> None:
        self.nodes = 0
        self.plain_nodes = 0
        self.table: dict[Pos, tuple[int, int, int]] = {}
        self.lead_node, self.follow = self._build(rules, trump, stock)
        self.maxv = max_game_points(rules)

    def _build(
        self, rules: RuleSet, trump: int, stock: tuple[int, ...]
    ) -> tuple[_LeadFn, _FollowFn]:
        engine = self
        table = self.table
        pts = rules.points_by_index
        suit_masks = _SUIT_MASKS
        tmask = suit_masks[trump]
        head = rules.phase2_duty is Duty.HEAD
        target = rules.target
        g1, g2, g3 = rules.game_points
        schneider = rules.schneider_below
        by_tricks = rules.schwarz_by is SchwarzBy.TRICKS
        bonus = rules.last_trick_bonus
        bonus_closed = rules.bonus_when_closed
        cp_scale = rules.closer_penalty is Penalty.SCALE
        cp_pts = rules.closer_penalty_points
        cp_nt = rules.closer_penalty_no_trick_points
        nt_at_close = rules.closer_no_trick_at is NoTrickAt.CLOSE
        fo_scale = rules.false_out is Penalty.SCALE
        fo_pts = rules.false_out_points
        fo_nt = rules.false_out_no_trick_points
        out_after = rules.out_resolution is OutResolution.AFTER_TRICK
        out_marriage = rules.out_after_marriage
        closer_opp = rules.closer_opponent_may_declare
        m_phase2 = rules.marriage_in_phase2
        m_needs = rules.marriage_needs_trick
        credit = rules.marriage_credit
        m_pts = rules.marriage_points
        tm_pts = rules.trump_marriage_points
        ex_card = trump * 8 + rules.exchange_rank
        ex_needs = rules.exchange_needs_trick
        closing = rules.closing_allowed
        nstock = len(stock)
        inf = _INF

        # The least a false declaration and a failed close cost the declarer.
        false_out_bound = -g1 if fo_scale else -min(fo_pts, fo_nt)
        closer_fail_bound = -g1 if cp_scale else -min(cp_pts, cp_nt)
        rank_masks = tuple(sum(1 << (8 * st + r) for st in range(4)) for r in range(8))
        pack_rank_masks = tuple(rank_masks[r] for r in sorted(rules.ranks))
        rank_points = tuple(rules.card_points[r] for r in range(8))
        ranks_by_points = sorted(range(8), key=lambda r: -rank_points[r])

        def top_points(hand: int) -> int:
            """The most points of one card in ``hand``."""
            for r in ranks_by_points:
                if hand & rank_masks[r]:
                    return rank_points[r]
            return 0

        def scale(loser: int, sl: int, tr: int) -> int:
            if (not tr >> loser & 1) if by_tricks else sl == 0:
                return g3
            return g2 if sl < schneider else g1

        def closer_fails(cb: int, cn: int, s0: int, s1: int, tr: int) -> int:
            """Value for player 0."""
            r = 1 - cb
            if cp_scale:
                gp = scale(cb, s1 if cb else s0, tr)
            else:
                no_trick = cn if nt_at_close else not tr >> r & 1
                gp = cp_nt if no_trick else cp_pts
            return gp if r == 0 else -gp

        def declare(p: int, s0: int, s1: int, tr: int, cb: int, cn: int) -> int:
            """Value for player 0 of a declaration by ``p``."""
            if (s1 if p else s0) >= target:
                if cb == 1 - p:  # the closer's opponent got there first: the closer failed
                    return closer_fails(cb, cn, s0, s1, tr)
                gp = scale(1 - p, s0 if p else s1, tr)
                return gp if p == 0 else -gp
            if cb == p:
                return closer_fails(cb, cn, s0, s1, tr)
            r = 1 - p
            if fo_scale:
                return scale(r, s1 if r else s0, tr) * (1 - 2 * r)
            gp = fo_nt if not tr >> r & 1 else fo_pts
            return gp if r == 0 else -gp

        def end_of_cards(s0: int, s1: int, tr: int, cb: int, cn: int) -> int:
            """Value for player 0 when the last trick has been played."""
            if cb >= 0:
                if (s1 if cb else s0) >= target:
                    gp = scale(1 - cb, s0 if cb else s1, tr)
                    return gp if cb == 0 else -gp
                return closer_fails(cb, cn, s0, s1, tr)
            if s0 == s1:
                return 0
            if s0 > s1:
                return scale(1, s1, tr)
            return -scale(0, s0, tr)

        def last_trick(
            h0: int,
            h1: int,
            ld: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            tr: int,
            cb: int,
            cn: int,
            ob: int,
        ) -> int:
            """Value for ``ld`` when each player holds one card and nothing is left to draw.

            A marriage needs two cards, so the leader can only play the card or declare."""
            lc = h0.bit_length() - 1
            fc = h1.bit_length() - 1
            if ld:
                lc, fc = fc, lc
            if fc >> 3 == lc >> 3:
                w = 1 - ld if fc < lc else ld
            else:
                w = 1 - ld if fc >> 3 == trump else ld
            g = pts[lc] + pts[fc] + (bonus if cb < 0 or bonus_closed else 0)
            t0, t1 = (s0, s1 + g + q1) if w else (s0 + g + q0, s1)
            ntr = tr | (1 << w)
            if ob >= 0:
                v = declare(ob, t0, t1, ntr, cb, cn)
                return -v if ld else v
            v = end_of_cards(t0, t1, ntr, cb, cn)
            if cb < 0 or cb == ld or closer_opp:  # the leader may declare
                d = (
                    declare(ld, t0, t1, ntr, cb, cn)
                    if out_after
                    else declare(ld, s0, s1, tr, cb, cn)
                )
                if (d > v) if ld == 0 else (d < v):
                    v = d
            return -v if ld else v

        def follow(
            h0: int,
            h1: int,
            ld: int,
            lc: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            tr: int,
            si: int,
            tc: int,
            cb: int,
            cn: int,
            ob: int,
            alpha: int,
            beta: int,
        ) -> int:
            """Value for the leader ``ld`` once ``lc`` is led (already out of the hand)."""
            engine.nodes += 1
            fh = h0 if ld else h1
            open_stock = cb < 0 and tc >= 0
            lsuit = lc >> 3
            if open_stock:
                allowed = fh
            else:
                same = fh & suit_masks[lsuit]
                if same:
                    allowed = (same & ((1 << lc) - 1)) or same if head else same
                else:
                    allowed = (fh & tmask) or fh
            f = 1 - ld
            best = inf
            # Replies that take the trick first (strongest first), then the others (weakest
            # first).
            win = allowed & (
                (suit_masks[lsuit] & ((1 << lc) - 1)) | (tmask if lsuit != trump else 0)
            )
            lose = allowed ^ win
            while win or lose:
                if win:
                    low = win & -win
                    win ^= low
                else:
                    low = 1 << (lose.bit_length() - 1)
                    lose ^= low
                fc = low.bit_length() - 1
                fs = fc >> 3
                if fs == lsuit:
                    w = f if fc < lc else ld
                elif fs == trump:
                    w = f
                else:
                    w = ld
                g = pts[lc] + pts[fc]
                if ld:
                    n0, n1 = h0 ^ low, h1
                else:
                    n0, n1 = h0, h1 ^ low
                if w:
                    t0, t1, p0, p1, ntr = s0, s1 + g + q1, q0, 0, tr | 2
                else:
                    t0, t1, p0, p1, ntr = s0 + g + q0, s1, 0, q1, tr | 1
                nsi, ntc = si, tc
                if open_stock:
                    first = stock[si]
                    if nstock - si >= 2:
                        second = stock[si + 1]
                        nsi = si + 2
                    else:
                        second = tc
                        nsi = si + 1
                        ntc = -1
                    if w:
                        n1 |= 1 << first
                        n0 |= 1 << second
                    else:
                        n0 |= 1 << first
                        n1 |= 1 << second
                if not (n0 | n1):
                    if cb < 0 or bonus_closed:
                        if w:
                            t1 += bonus
                        else:
                            t0 += bonus
                    if ob >= 0:
                        v = declare(ob, t0, t1, ntr, cb, cn)
                    else:
                        v = end_of_cards(t0, t1, ntr, cb, cn)
                    if ld:
                        v = -v
                elif ob >= 0:
                    v = declare(ob, t0, t1, ntr, cb, cn)
                    if ld:
                        v = -v
                elif w == ld:
                    v = lead_node(n0, n1, w, t0, t1, p0, p1, ntr, nsi, ntc, cb, cn, ob, alpha, beta)
                else:
                    v = -lead_node(
                        n0, n1, w, t0, t1, p0, p1, ntr, nsi, ntc, cb, cn, ob, -beta, -alpha
                    )
                if v < best:
                    best = v
                    if best <= alpha:
                        return best
                    if best < beta:
                        beta = best
            return best

        def lead_node(
            h0: int,
            h1: int,
            ld: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            tr: int,
            si: int,
            tc: int,
            cb: int,
            cn: int,
            ob: int,
            alpha: int,
            beta: int,
        ) -> int:
            """Value for the leader ``ld`` (to move, no card led yet)."""
            engine.nodes += 1
            if (cb >= 0 or tc < 0) and h0 & (h0 - 1) == 0:
                return last_trick(h0, h1, ld, s0, s1, q0, q1, tr, cb, cn, ob)
            key = (h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob)
            entry = table.get(key)
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, hint = -inf, inf, -1
            a0 = alpha
            hand = h1 if ld else h0
            phase2 = cb >= 0 or tc < 0
            may_out = ob < 0 and (cb < 0 or cb == ld or closer_opp)
            moves: list[int] = []
            if may_out and not out_after:  # a declaration judged at once is a cheap leaf
                moves.append(_OUT)
            if (m_phase2 or not phase2) and (not m_needs or tr >> ld & 1):
                for k in (2, 10, 18, 26):
                    if hand >> k & 3 == 3:
                        moves.append(k + 32)
                        moves.append(k + 33)
                        if may_out and out_marriage:
                            moves.append(k + 64)
                            moves.append(k + 65)
            if not phase2:
                if hand >> ex_card & 1 and (not ex_needs or tr >> ld & 1):
                    moves.append(_EXCHANGE)
                if closing and ob < 0:
                    moves.append(_CLOSE)
            for rm in pack_rank_masks:  # leads by rank: aces first, then tens, ...
                m = hand & rm
                while m:
                    low = m & -m
                    m ^= low
                    moves.append(low.bit_length() - 1)
            out_floor = -inf
            if may_out and out_after:
                # A declaration judged after the trick opens a one-trick subtree; searched
                # first, its value is a useful floor. When neither this trick nor a marriage can
                # bring 66 it is false, and it is skipped if even the smallest penalty cannot
                # raise alpha.
                sp = (s1 + q1) if ld else (s0 + q0)
                gain = top_points(h0) + top_points(h1) + bonus
                if hand & (hand >> 1) & _KINGS:
                    gain += tm_pts
                bound = closer_fail_bound if cb == ld else false_out_bound
                if sp + gain < target and bound <= alpha:
                    out_floor = bound
                else:
                    moves.insert(0, _OUT)
            if hint >= 0 and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
            best = -inf
            best_move = -1
            for mv in moves:
                if mv < 32:
                    bit = 1 << mv
                    if ld:
                        v = follow(
                            h0,
                            h1 ^ bit,
                            1,
                            mv,
                            s0,
                            s1,
                            q0,
                            q1,
                            tr,
                            si,
                            tc,
                            cb,
                            cn,
                            ob,
                            alpha,
                            beta,
                        )
                    else:
                        v = follow(
                            h0 ^ bit,
                            h1,
                            0,
                            mv,
                            s0,
                            s1,
                            q0,
                            q1,
                            tr,
                            si,
                            tc,
                            cb,
                            cn,
                            ob,
                            alpha,
                            beta,
                        )
                elif mv < 96:
                    out = mv >= 64
                    c = mv - 64 if out else mv - 32
                    value = tm_pts if c >> 3 == trump else m_pts
                    now = (
                        out
                        or credit is Credit.IMMEDIATE
                        or (credit is Credit.WITH_TRICK and tr >> ld & 1)
                    )
                    t0, t1, p0, p1 = s0, s1, q0, q1
                    if ld:
                        if now:
                            t1 += value
                        else:
                            p1 += value
                        n0, n1 = h0, h1 ^ (1 << c)
                    else:
                        if now:
                            t0 += value
                        else:
                            p0 += value
                        n0, n1 = h0 ^ (1 << c), h1
                    if out and not out_after:
                        v = declare(ld, t0, t1, tr, cb, cn)
                        if ld:
                            v = -v
                    else:
                        v = follow(
                            n0,
                            n1,
                            ld,
                            c,
                            t0,
                            t1,
                            p0,
                            p1,
                            tr,
                            si,
                            tc,
                            cb,
                            cn,
                            ld if out else ob,
                            alpha,
                            beta,
                        )
                elif mv == _OUT:
                    if out_after:
                        v = lead_node(
                            h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ld, alpha, beta
                        )
                    else:
                        v = declare(ld, s0, s1, tr, cb, cn)
                        if ld:
                            v = -v
                elif mv == _EXCHANGE:
                    nh = (hand ^ (1 << ex_card)) | (1 << tc)
                    if ld:
                        v = lead_node(
                            h0, nh, 1, s0, s1, q0, q1, tr, si, ex_card, cb, cn, ob, alpha, beta
                        )
                    else:
                        v = lead_node(
                            nh, h1, 0, s0, s1, q0, q1, tr, si, ex_card, cb, cn, ob, alpha, beta
                        )
                else:  # close
                    ncn = (0 if tr >> (1 - ld) & 1 else 1) if nt_at_close else 0
                    v = lead_node(h0, h1, ld, s0, s1, q0, q1, tr, si, tc, ld, ncn, ob, alpha, beta)
                if v > best:
                    best = v
                    best_move = mv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            if out_floor > best:  # the skipped declaration may be worth up to this
                best = out_floor
            if best <= a0:
                hi = best
            elif best >= beta:
                lo = best
            else:
                lo = hi = best
            table[key] = (lo, hi, best_move)
            return best

        memo: dict[tuple[int, ...], int] = {}

        def plain_lead(
            h0: int,
            h1: int,
            ld: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            tr: int,
            si: int,
            tc: int,
            cb: int,
            cn: int,
            ob: int,
        ) -> int:
            """Value for the leader by plain memoised minimax: every lead and every reply."""
            key = (h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob)
            known = memo.get(key)
            if known is not None:
                return known
            engine.plain_nodes += 1
            hand = h1 if ld else h0
            phase2 = cb >= 0 or tc < 0
            may_out = ob < 0 and (cb < 0 or cb == ld or closer_opp)
            best = -inf
            m = hand
            while m:  # plain leads
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                n0, n1 = (h0, h1 ^ low) if ld else (h0 ^ low, h1)
                v = plain_follow(n0, n1, ld, c, s0, s1, q0, q1, tr, si, tc, cb, cn, ob)
                best = max(best, v)
            if (m_phase2 or not phase2) and (not m_needs or tr >> ld & 1):
                for k in (2, 10, 18, 26):
                    if hand >> k & 3 != 3:
                        continue
                    value = tm_pts if k >> 3 == trump else m_pts
                    for c in (k, k + 1):
                        n0, n1 = (h0, h1 ^ (1 << c)) if ld else (h0 ^ (1 << c), h1)
                        for out in (False, True) if may_out and out_marriage else (False,):
                            now = (
                                out
                                or credit is Credit.IMMEDIATE
                                or (credit is Credit.WITH_TRICK and tr >> ld & 1)
                            )
                            sc = [s0, s1]
                            pe = [q0, q1]
                            if now:
                                sc[ld] += value
                            else:
                                pe[ld] += value
                            if out and not out_after:
                                v = declare(ld, sc[0], sc[1], tr, cb, cn)
                                v = -v if ld else v
                            else:
                                v = plain_follow(
                                    n0,
                                    n1,
                                    ld,
                                    c,
                                    sc[0],
                                    sc[1],
                                    pe[0],
                                    pe[1],
                                    tr,
                                    si,
                                    tc,
                                    cb,
                                    cn,
                                    ld if out else ob,
                                )
                            best = max(best, v)
            if not phase2:
                if hand >> ex_card & 1 and (not ex_needs or tr >> ld & 1):
                    nh = (hand ^ (1 << ex_card)) | (1 << tc)
                    n0, n1 = (h0, nh) if ld else (nh, h1)
                    v = plain_lead(n0, n1, ld, s0, s1, q0, q1, tr, si, ex_card, cb, cn, ob)
                    best = max(best, v)
                if closing and ob < 0:
                    ncn = (0 if tr >> (1 - ld) & 1 else 1) if nt_at_close else 0
                    v = plain_lead(h0, h1, ld, s0, s1, q0, q1, tr, si, tc, ld, ncn, ob)
                    best = max(best, v)
            if may_out:
                if out_after:
                    v = plain_lead(h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ld)
                else:
                    v = declare(ld, s0, s1, tr, cb, cn)
                    v = -v if ld else v
                best = max(best, v)
            memo[key] = best
            return best

        def plain_follow(
            h0: int,
            h1: int,
            ld: int,
            lc: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            tr: int,
            si: int,
            tc: int,
            cb: int,
            cn: int,
            ob: int,
        ) -> int:
            """Value for the leader once ``lc`` is led: the minimum over every reply."""
            fh = h0 if ld else h1
            open_stock = cb < 0 and tc >= 0
            allowed = fh
            if not open_stock:
                same = fh & suit_masks[lc >> 3]
                if same:
                    allowed = (same & ((1 << lc) - 1)) or same if head else same
                else:
                    allowed = (fh & tmask) or fh
            f = 1 - ld
            worst = inf
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                fc = low.bit_length() - 1
                w = f if _beats(lc, fc, trump) else ld
                hands = [h0, h1]
                hands[f] ^= low
                sc = [s0, s1]
                pe = [q0, q1]
                sc[w] += pts[lc] + pts[fc] + pe[w]
                pe[w] = 0
                ntr = tr | (1 << w)
                nsi, ntc = si, tc
                if open_stock:
                    hands[w] |= 1 << stock[si]
                    if nstock - si >= 2:
                        hands[1 - w] |= 1 << stock[si + 1]
                        nsi = si + 2
                    else:
                        hands[1 - w] |= 1 << tc
                        nsi, ntc = si + 1, -1
                last = not (hands[0] | hands[1])
                if last and (cb < 0 or bonus_closed):
                    sc[w] += bonus
                if ob >= 0:
                    v = declare(ob, sc[0], sc[1], ntr, cb, cn)
                    v = -v if ld else v
                elif last:
                    v = end_of_cards(sc[0], sc[1], ntr, cb, cn)
                    v = -v if ld else v
                else:
                    v = plain_lead(
                        hands[0],
                        hands[1],
                        w,
                        sc[0],
                        sc[1],
                        pe[0],
                        pe[1],
                        ntr,
                        nsi,
                        ntc,
                        cb,
                        cn,
                        ob,
                    )
                    if w != ld:
                        v = -v
                worst = min(worst, v)
            return worst

        self.plain_lead = plain_lead
        self.plain_follow = plain_follow
        return lead_node, follow


class Solver:
    """Exact values of the positions of one deal with perfect information.

    Built for a root state; answers for that state and for any later state of the same deal
    (its stock must be what is left of the root's stock). The transposition table is kept
    between questions, so ranking the moves and following the principal line are cheap once
    the root is solved. ``nodes`` counts the positions searched.
    """

    def __init__(self, state: State) -> None:
        self.rules = state.rules
        self.trump = int(state.trump)
        self.stock = state.stock
        self._engine = _Engine(state.rules, self.trump, state.stock)
        self.maxv = self._engine.maxv

    @property
    def nodes(self) -> int:
        return self._engine.nodes

    def _pos(self, state: State) -> Pos:
        if state.rules != self.rules or state.trump != self.trump:
            raise ValueError("the state belongs to another deal")
        si = len(self.stock) - len(state.stock)
        if si < 0 or self.stock[si:] != state.stock:
            raise ValueError("the state's stock is not what is left of the solver's stock")
        cb = state.closed_by
        cn = 0
        if cb >= 0 and self.rules.closer_no_trick_at is NoTrickAt.CLOSE:
            cn = 1 if state.closed_opp_tricks == 0 else 0
        return (
            state.hands[0],
            state.hands[1],
            state.leader,
            state.score(0),
            state.score(1),
            state.pending[0],
            state.pending[1],
            (1 if state.tricks[0] else 0) | (2 if state.tricks[1] else 0),
            si,
            state.trump_card,
            cb,
            cn,
            state.out_by,
        )

    def value(self, state: State) -> int:
        """Exact net game points for the player to move."""
        if state.result is not None:
            raise ValueError("the deal is over")
        h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob = self._pos(state)
        m = self.maxv
        e = self._engine
        if state.lead < 0:
            return e.lead_node(h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob, -m, m)
        v = e.follow(h0, h1, ld, state.lead, s0, s1, q0, q1, tr, si, tc, cb, cn, ob, -m, m)
        return -v

    def child_value(self, state: State, move: Move) -> tuple[int, State]:
        """Exact value of ``move`` for the player to move in ``state``, and the state after it."""
        player = state.to_move
        assert player is not None
        child = apply_unchecked(state, move)
        if child.result is not None:
            return terminal_value(child.result, player), child
        v = self.value(child)
        return (v if child.to_move == player else -v), child

    def line(self, state: State) -> tuple[tuple[Move, ...], State]:
        """A principal variation from ``state`` to the end of the deal, and the final state."""
        moves: list[Move] = []
        while state.result is None:
            target = self.value(state)
            for move in self._ordered(state):
                v, child = self.child_value(state, move)
                if v == target:
                    moves.append(move)
                    state = child
                    break
            else:  # pragma: no cover - some move always reaches the value
                raise AssertionError("no move reaches the position's value")
        return tuple(moves), state

    def _ordered(self, state: State) -> list[Move]:
        """Legal moves, the table's best move first."""
        moves = list(legal_moves(state))
        if state.lead < 0:
            entry = self._engine.table.get(self._pos(state))
            if entry is not None and entry[2] >= 0:
                best = _code_to_move(entry[2])
                if best in moves:
                    moves.remove(best)
                    moves.insert(0, best)
        return moves

    def solve(self, state: State) -> Value:
        player = state.to_move
        if player is None:
            raise ValueError("the deal is over")
        gp = self.value(state)
        line, end = self.line(state)
        assert end.result is not None
        return Value(gp, player, line, end.result, self.nodes)

    def rank_moves(self, state: State) -> tuple[MoveValue, ...]:
        """Every legal move with its exact value and a principal line, best first."""
        if state.result is not None:
            raise ValueError("the deal is over")
        out = []
        for move in legal_moves(state):
            v, child = self.child_value(state, move)
            rest, end = self.line(child)
            assert end.result is not None
            out.append(MoveValue(move, v, (move, *rest), end.result))
        out.sort(key=lambda mv: -mv.game_points)
        return tuple(out)


def solve(state: State) -> Value:
    """The exact value of ``state`` for the player to move, with a principal line."""
    return Solver(state).solve(state)


def rank_moves(state: State) -> tuple[MoveValue, ...]:
    """Every legal move of ``state`` with its exact value, best first (stable among equals)."""
    return Solver(state).rank_moves(state)


# ----------------------------------------------------------------------------- baseline


def plain_minimax(state: State) -> tuple[int, int]:
    """Net game points for the player to move by plain memoised minimax: every move of every
    position searched, a trick at a time, exact values of the positions on lead memoised; no
    pruning, no move ordering. The same integer positions and rules as the solver; the
    yardstick of ``tutor bench``. Returns (value, positions on lead expanded)."""
    player = state.to_move
    if player is None:
        raise ValueError("the deal is over")
    solver = Solver(state)
    e = solver._engine
    h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob = solver._pos(state)
    if state.lead < 0:
        v = e.plain_lead(h0, h1, ld, s0, s1, q0, q1, tr, si, tc, cb, cn, ob)
    else:
        v = -e.plain_follow(h0, h1, ld, state.lead, s0, s1, q0, q1, tr, si, tc, cb, cn, ob)
    return v, e.plain_nodes

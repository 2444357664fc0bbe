"""The Python search on lead (``tutor.search._negamax``): the value for the player to lead, the
moves generated and ordered (a declaration judged at once first, marriages, the exchange, the
close, then the cards by rank, aces first; the table's best move before them all), the
transposition table read and written, a close searched with the opponent's exchange at that moment,
the last trick scored without a search, and trumps named first where the first leader names them.
A card led continues in the search on reply (``tutor.search._reply``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine import Credit
from tutor.search._encoding import (
    CLOSE_CODE,
    EXCHANGE_CODE,
    INF,
    NAME_CODE,
    NAME_CODES,
    OUT_CODE,
    ClosedFn,
    FollowFn,
    LeadFn,
    Pos,
)
from tutor.search._pairfacts import RANK_MASKS, PairFacts

if TYPE_CHECKING:
    from tutor.search._negamax import Negamax

_KINGS = sum(1 << (8 * s + 2) for s in range(4))  # with hand >> 1: a king and queen pair


def lead_search(
    engine: Negamax,
    facts: PairFacts,
    trump: int,
    married: int,
    table: dict[Pos, tuple[int, int, int]],
    cap: int,
    follow: FollowFn,
) -> tuple[LeadFn, LeadFn, ClosedFn]:
    """The search on lead with ``trump`` trumps (``NO_TRUMP``: none) after ``married``
    marriages, its nodes counted on ``engine``, its positions kept in ``table`` (new ones while
    it holds fewer than ``cap``), a card led continuing in ``follow``: the search from the root
    (which names trumps first where the first leader names them), the search on lead, and the
    search from a close."""
    rf = facts.facts
    pts = rf.points
    declare = rf.declare
    end_of_cards = rf.end_of_cards
    bonus_open = rf.bonus_open
    bonus_after_close = rf.bonus_after_close
    nt_at_close = rf.no_trick_at_close
    out_after = rf.out_after_trick
    out_marriage = rf.out_after_marriage
    closer_opp = rf.closer_opponent_may_declare
    m_phase2 = rf.marriage_in_phase2
    m_needs = rf.marriage_needs_trick
    credit = rf.credit
    marriage_values = rf.marriage_values
    ex_card = rf.exchange_card
    ex_needs = rf.exchange_needs_trick
    closing = rf.closing_allowed
    out_needs = rf.out_needs_trick
    opp_exchange = rf.opponent_exchange
    target = facts.target
    makes_trump = facts.makes_trump
    retrump = facts.retrump
    name_first = facts.name_first
    ah = facts.ah
    trump_marriage = facts.trump_marriage
    false_out_bound = facts.false_out_bound
    closer_fail_bound = facts.closer_fail_bound
    pack_rank_masks = facts.pack_rank_masks
    rank_points = facts.rank_points
    ranks_by_points = facts.ranks_by_points
    rank_masks = RANK_MASKS
    inf = INF
    tag = (trump * 8 + married) << 1  # tells this pair's positions apart in the table

    def top_points(hand: int) -> int:
        """The most points of one card in ``hand``."""
        for r in ranks_by_points:
            if hand & rank_masks[r]:
                return rank_points[r]
        return 0

    def last_trick(
        h0: int,
        h1: int,
        ld: int,
        s0: int,
        s1: int,
        q0: int,
        q1: int,
        won: int,
        cb: int,
        trickless: int,
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
        g = pts[lc] + pts[fc] + (bonus_open if cb < 0 else bonus_after_close)
        t0, t1 = (s0, s1 + g + q1) if w else (s0 + g + q0, s1)
        nwon = won | (1 << w)
        if ob >= 0:
            v = declare(ob, t0, t1, nwon, cb, trickless)
            return -v if ld else v
        v = end_of_cards(t0, t1, nwon, cb, trickless, w)
        if (cb < 0 or cb == ld or closer_opp) and (not out_needs or won >> ld & 1):
            # the leader may declare
            d = (
                declare(ld, t0, t1, nwon, cb, trickless)
                if out_after
                else declare(ld, s0, s1, won, cb, trickless)
            )
            if (d > v) if ld == 0 else (d < v):
                v = d
        return -v if ld else v

    def closed_lead(
        h0: int,
        h1: int,
        ld: int,
        s0: int,
        s1: int,
        q0: int,
        q1: int,
        won: int,
        si: int,
        tc: int,
        ob: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for ``ld``, who closes the stock now; where the rules let the closer's
        opponent exchange the lowest trump at this moment, the opponent's better choice."""
        nt = (0 if won >> (1 - ld) & 1 else 1) if nt_at_close else 0
        oh = h0 if ld else h1
        if opp_exchange and tc >= 0 and oh >> ex_card & 1:
            nh = (oh ^ (1 << ex_card)) | (1 << tc)
            n0, n1 = (nh, h1) if ld else (h0, nh)
            v = lead_node(n0, n1, ld, s0, s1, q0, q1, won, si, ex_card, ld, nt, ob, alpha, beta)
            if v <= alpha:
                return v
            keep = lead_node(
                h0,
                h1,
                ld,
                s0,
                s1,
                q0,
                q1,
                won,
                si,
                tc,
                ld,
                nt,
                ob,
                alpha,
                v if v < beta else beta,
            )
            return keep if keep < v else v
        return lead_node(h0, h1, ld, s0, s1, q0, q1, won, si, tc, ld, nt, ob, alpha, beta)

    def lead_node(
        h0: int,
        h1: int,
        ld: int,
        s0: int,
        s1: int,
        q0: int,
        q1: int,
        won: int,
        si: int,
        tc: int,
        cb: int,
        trickless: int,
        ob: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for the leader ``ld`` (to move, no card led yet)."""
        n = engine.nodes + 1
        engine.nodes = n
        if n > engine.stop:
            engine.checkpoint()
        if (cb >= 0 or tc < 0) and h0 & (h0 - 1) == 0 and not (h0 | h1) & ah:
            return last_trick(h0, h1, ld, s0, s1, q0, q1, won, cb, trickless, ob)
        key = (h0, h1, ld | tag, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)
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
        plain_out = may_out and (not out_needs or won >> ld & 1)
        if plain_out and not out_after:  # a declaration judged at once is a cheap leaf
            moves.append(OUT_CODE)
        if (
            hand & (hand >> 1) & _KINGS  # a king and queen of one suit
            and (m_phase2 or not phase2)
            and (not m_needs or won >> ld & 1)
        ):
            for k in (2, 10, 18, 26):
                if hand >> k & 3 == 3:
                    moves.append(k + 32)
                    moves.append(k + 33)
                    if may_out and out_marriage:
                        moves.append(k + 64)
                        moves.append(k + 65)
        if not phase2:
            if hand >> ex_card & 1 and (not ex_needs or won >> ld & 1):
                moves.append(EXCHANGE_CODE)
            if closing and ob < 0:
                moves.append(CLOSE_CODE)
        for rm in pack_rank_masks:  # leads by rank: aces first, then tens, ...
            m = hand & rm
            while m:
                low = m & -m
                m ^= low
                moves.append(low.bit_length() - 1)
        if ah and hand & ah:  # trumps may be named, and the ace waits for them
            moves.remove(ah.bit_length() - 1)
            moves.extend(NAME_CODES)
        out_floor = -inf
        if plain_out and out_after:
            # A declaration judged after the trick opens a one-trick subtree; searched
            # first, its value is a useful floor. When neither this trick nor a marriage can
            # bring 66 it is false, and it is skipped if even the smallest penalty cannot
            # raise alpha.
            sp = (s1 + q1) if ld else (s0 + q0)
            gain = top_points(h0) + top_points(h1) + bonus_open
            if hand & (hand >> 1) & _KINGS:
                gain += trump_marriage
            bound = closer_fail_bound if cb == ld else false_out_bound
            if sp + gain < target and bound <= alpha:
                out_floor = bound
            else:
                moves.insert(0, OUT_CODE)
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
                        won,
                        si,
                        tc,
                        cb,
                        trickless,
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
                        won,
                        si,
                        tc,
                        cb,
                        trickless,
                        ob,
                        alpha,
                        beta,
                    )
            elif mv < 96:
                out = mv >= 64
                c = mv - 64 if out else mv - 32
                value = marriage_values[c >> 3]
                now = (
                    out
                    or credit is Credit.IMMEDIATE
                    or (credit is Credit.WITH_TRICK and won >> ld & 1)
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
                    v = declare(ld, t0, t1, won, cb, trickless)
                    if ld:
                        v = -v
                else:
                    reply = (
                        engine.closures(c >> 3 if makes_trump else trump, married + 1)[1]
                        if retrump
                        else follow
                    )
                    v = reply(
                        n0,
                        n1,
                        ld,
                        c,
                        t0,
                        t1,
                        p0,
                        p1,
                        won,
                        si,
                        tc,
                        cb,
                        trickless,
                        ld if out else ob,
                        alpha,
                        beta,
                    )
            elif mv == OUT_CODE:
                if out_after:
                    v = lead_node(
                        h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ld, alpha, beta
                    )
                else:
                    v = declare(ld, s0, s1, won, cb, trickless)
                    if ld:
                        v = -v
            elif mv == EXCHANGE_CODE:
                nh = (hand ^ (1 << ex_card)) | (1 << tc)
                if ld:
                    v = lead_node(
                        h0,
                        nh,
                        1,
                        s0,
                        s1,
                        q0,
                        q1,
                        won,
                        si,
                        ex_card,
                        cb,
                        trickless,
                        ob,
                        alpha,
                        beta,
                    )
                else:
                    v = lead_node(
                        nh,
                        h1,
                        0,
                        s0,
                        s1,
                        q0,
                        q1,
                        won,
                        si,
                        ex_card,
                        cb,
                        trickless,
                        ob,
                        alpha,
                        beta,
                    )
            elif mv >= NAME_CODE:
                v = engine.closures(mv - NAME_CODE, married)[0](
                    h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha, beta
                )
            else:  # close
                v = closed_lead(h0, h1, ld, s0, s1, q0, q1, won, si, tc, ob, alpha, beta)
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
        if entry is not None or len(table) < cap:
            table[key] = (lo, hi, best_move)
        return best

    if name_first:
        # The first leader names trumps before anything else: the search on lead starts
        # with the four choices.
        def name_node(
            h0: int,
            h1: int,
            ld: int,
            s0: int,
            s1: int,
            q0: int,
            q1: int,
            won: int,
            si: int,
            tc: int,
            cb: int,
            trickless: int,
            ob: int,
            alpha: int,
            beta: int,
        ) -> int:
            """Value for the first leader ``ld``, who names trumps before anything else."""
            engine.nodes += 1
            best = -inf
            for suit in range(4):
                v = engine.closures(suit, married)[0](
                    h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha, beta
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best

        return name_node, lead_node, closed_lead
    return lead_node, lead_node, closed_lead

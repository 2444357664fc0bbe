"""The Python search on reply (``tutor.search._negamax``): the value for the leader once a card is
led, the follower's answers searched inline. The cards allowed (the duty to follow suit, trump or
head the trick once the stock is closed or gone), a trump named or a trump exchanged before the
card, the replies ordered (those that take the trick first, strongest first, then the others,
weakest first), the trick scored, the cards drawn, and the next lead searched in
``tutor.search._lead``, or the deal scored where it ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tutor.engine import SUIT_MASKS
from tutor.search._encoding import INF, ClosedFn, FollowFn, LeadFn
from tutor.search._pairfacts import PairFacts

if TYPE_CHECKING:
    from tutor.search._negamax import Negamax


def _unbound(*args: int) -> int:
    raise AssertionError("the search on lead is not given to the search on reply yet")


def reply_search(
    engine: Negamax, facts: PairFacts, trump: int, married: int, stock: tuple[int, ...]
) -> tuple[FollowFn, Callable[[LeadFn, ClosedFn], None]]:
    """The search on reply with ``trump`` trumps (``NO_TRUMP``: none) after ``married``
    marriages, its nodes counted on ``engine``; and the function that gives it the search on
    lead and on closing it continues in (``tutor.search._lead.lead_search``, built with it)."""
    rf = facts.facts
    pts = rf.points
    tmask = rf.trump_mask
    head = rf.head
    declare = rf.declare
    end_of_cards = rf.end_of_cards
    bonus_open = rf.bonus_open
    bonus_after_close = rf.bonus_after_close
    ex_card = rf.exchange_card
    ex_needs = rf.exchange_needs_trick
    ex_on_turn = rf.exchange_on_turn
    before_draw = rf.close_before_draw
    ah = facts.ah
    suit_masks = SUIT_MASKS
    nstock = len(stock)
    inf = INF
    lead_node: LeadFn = _unbound
    closed_lead: ClosedFn = _unbound

    def follow(
        h0: int,
        h1: int,
        ld: int,
        lc: int,
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
        """Value for the leader ``ld`` once ``lc`` is led (already out of the hand)."""
        engine.nodes += 1
        fh = h0 if ld else h1
        open_stock = cb < 0 and tc >= 0
        lsuit = lc >> 3
        if open_stock:
            allowed = fh
        elif same := fh & suit_masks[lsuit]:
            allowed = (same & ((1 << lc) - 1)) or same if head else same
        else:
            allowed = (fh & tmask) or fh
        f = 1 - ld
        best = inf
        if ah and fh & ah:
            # The follower holding the ace of hearts may name trumps before playing, and
            # cannot play the ace before.
            for suit in range(4):
                v = engine.closures(suit, married)[1](
                    h0, h1, ld, lc, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha, beta
                )
                if v < best:
                    best = v
                    if best <= alpha:
                        return best
                    if best < beta:
                        beta = best
            allowed &= ~ah
        if ex_on_turn and open_stock and fh >> ex_card & 1 and (not ex_needs or won >> f & 1):
            # The follower may exchange before playing: the reply with the face-up card
            # in hand instead of the lowest trump, searched first.
            nh = (fh ^ (1 << ex_card)) | (1 << tc)
            if ld:
                best = follow(
                    nh,
                    h1,
                    ld,
                    lc,
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
                best = follow(
                    h0,
                    nh,
                    ld,
                    lc,
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
            if best <= alpha:
                return best
            if best < beta:
                beta = best
        # Replies that take the trick first (strongest first), then the others (weakest
        # first).
        win = allowed & ((suit_masks[lsuit] & ((1 << lc) - 1)) | (tmask if lsuit != trump else 0))
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
                t0, t1, p0, p1, nwon = s0, s1 + g + q1, q0, 0, won | 2
            else:
                t0, t1, p0, p1, nwon = s0 + g + q0, s1, 0, q1, won | 1
            nsi, ntc = si, tc
            d0, d1 = n0, n1  # the hands before drawing
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
                if w:
                    t1 += bonus_open if cb < 0 else bonus_after_close
                else:
                    t0 += bonus_open if cb < 0 else bonus_after_close
                if ob >= 0:
                    v = declare(ob, t0, t1, nwon, cb, trickless)
                else:
                    v = end_of_cards(t0, t1, nwon, cb, trickless, w)
                if ld:
                    v = -v
            elif ob >= 0:
                v = declare(ob, t0, t1, nwon, cb, trickless)
                if ld:
                    v = -v
            elif open_stock and before_draw and d0 | d1:
                # The winner draws, or closes before drawing: the better of the two for w.
                a, b = (alpha, beta) if w == ld else (-beta, -alpha)
                v = lead_node(n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, a, b)
                if v < b:
                    c = closed_lead(
                        d0, d1, w, t0, t1, p0, p1, nwon, si, tc, ob, v if v > a else a, b
                    )
                    if c > v:
                        v = c
                if w != ld:
                    v = -v
            elif w == ld:
                v = lead_node(
                    n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, alpha, beta
                )
            else:
                v = -lead_node(
                    n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, -beta, -alpha
                )
            if v < best:
                best = v
                if best <= alpha:
                    return best
                if best < beta:
                    beta = best
        return best

    def bind(lead: LeadFn, closed: ClosedFn) -> None:
        nonlocal lead_node, closed_lead
        lead_node, closed_lead = lead, closed

    return follow, bind

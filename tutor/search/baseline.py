"""The yardstick of ``tutor bench``: plain memoised minimax over the solver's integer positions.

Every move of every position is searched, a trick at a time, exact values of the positions on
lead memoised; no pruning, no move ordering. Same positions (``tutor.search._encoding.Pos``) and
the same scoring (``tutor.engine.scoring``) as the solver; as there, each trump suit (or none) and
marriage count has its own closures, and naming trumps or a marriage that changes them goes on
in the closures of the new pair.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.engine import (
    SUIT_MASKS,
    Credit,
    RuleSet,
    State,
    Wait,
    apply_unchecked,
    legal_moves,
)
from tutor.search._encoding import INF, position, search_stock
from tutor.search._pairfacts import pair_facts

PlainLeadFn = Callable[[int, int, int, int, int, int, int, int, int, int, int, int, int], int]
PlainFollowFn = Callable[
    [int, int, int, int, int, int, int, int, int, int, int, int, int, int], int
]


def beats(lead: int, card: int, trump: int) -> bool:
    """The card played to ``lead`` takes the trick."""
    if lead >> 3 == card >> 3:
        return card < lead
    return card >> 3 == trump


class Plain:
    """Plain memoised minimax closures for one rule set and stock order, by trump suit and
    marriage count."""

    def __init__(self, rules: RuleSet, stock: tuple[int, ...]) -> None:
        self.nodes = 0
        self.rules = rules
        self.stock = stock
        self.memo: dict[tuple[int, ...], int] = {}
        self._sets: dict[tuple[int, int], tuple[PlainLeadFn, PlainFollowFn]] = {}

    def closures(self, trump: int, married: int) -> tuple[PlainLeadFn, PlainFollowFn]:
        """The closures with ``trump`` trumps (``NO_TRUMP``: none) after ``married``
        marriages."""
        pair = (trump, married if self.rules.marriage_escalating else 0)
        fns = self._sets.get(pair)
        if fns is None:
            fns = self._sets[pair] = self._build(self.rules, pair[0], pair[1], self.stock)
        return fns

    def _build(
        self, rules: RuleSet, trump: int, married: int, stock: tuple[int, ...]
    ) -> tuple[PlainLeadFn, PlainFollowFn]:
        engine = self
        tag = (trump * 8 + married) << 1  # tells this pair's positions apart in the memo
        shared = pair_facts(rules, trump, married)  # the facts the solver's closures read
        makes_trump, retrump = shared.makes_trump, shared.retrump
        name_first, ah = shared.name_first, shared.ah
        (
            pts,
            tmask,
            head,
            declare,
            end_of_cards,
            bonus_open,
            bonus_after_close,
            nt_at_close,
            out_after,
            out_marriage,
            closer_opp,
            m_phase2,
            m_needs,
            credit,
            marriage_values,
            ex_card,
            ex_needs,
            closing,
            out_needs,
            ex_on_turn,
            before_draw,
            opp_exchange,
        ) = shared.facts
        suit_masks = SUIT_MASKS
        nstock = len(stock)
        inf = INF
        memo = self.memo

        def plain_close(
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
        ) -> int:
            """Value for ``ld`` closing now: the minimum over the opponent's exchange at the
            moment of closing (where the rules allow it) and keeping the lowest trump."""
            nt = (0 if won >> (1 - ld) & 1 else 1) if nt_at_close else 0
            v = plain_lead(h0, h1, ld, s0, s1, q0, q1, won, si, tc, ld, nt, ob)
            oh = h0 if ld else h1
            if opp_exchange and tc >= 0 and oh >> ex_card & 1:
                nh = (oh ^ (1 << ex_card)) | (1 << tc)
                n0, n1 = (nh, h1) if ld else (h0, nh)
                v = min(v, plain_lead(n0, n1, ld, s0, s1, q0, q1, won, si, ex_card, ld, nt, ob))
            return v

        def plain_lead(
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
        ) -> int:
            """Value for the leader by plain memoised minimax: every lead and every reply."""
            key = (h0, h1, ld | tag, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)
            known = memo.get(key)
            if known is not None:
                return known
            engine.nodes += 1
            hand = h1 if ld else h0
            phase2 = cb >= 0 or tc < 0
            may_out = ob < 0 and (cb < 0 or cb == ld or closer_opp)
            best = -inf
            if name_first or (ah and hand & ah):  # naming trumps
                for suit in range(4):
                    v = engine.closures(suit, married)[0](
                        h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob
                    )
                    best = max(best, v)
                if name_first:
                    memo[key] = best
                    return best
            m = hand & ~ah
            while m:  # plain leads
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                n0, n1 = (h0, h1 ^ low) if ld else (h0 ^ low, h1)
                v = plain_follow(n0, n1, ld, c, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)
                best = max(best, v)
            if (m_phase2 or not phase2) and (not m_needs or won >> ld & 1):
                for k in (2, 10, 18, 26):
                    if hand >> k & 3 != 3:
                        continue
                    value = marriage_values[k >> 3]
                    for c in (k, k + 1):
                        n0, n1 = (h0, h1 ^ (1 << c)) if ld else (h0 ^ (1 << c), h1)
                        for out in (False, True) if may_out and out_marriage else (False,):
                            now = (
                                out
                                or credit is Credit.IMMEDIATE
                                or (credit is Credit.WITH_TRICK and won >> ld & 1)
                            )
                            sc = [s0, s1]
                            pe = [q0, q1]
                            if now:
                                sc[ld] += value
                            else:
                                pe[ld] += value
                            if out and not out_after:
                                v = declare(ld, sc[0], sc[1], won, cb, trickless)
                                v = -v if ld else v
                            else:
                                reply = (
                                    engine.closures(c >> 3 if makes_trump else trump, married + 1)[
                                        1
                                    ]
                                    if retrump
                                    else plain_follow
                                )
                                v = reply(
                                    n0,
                                    n1,
                                    ld,
                                    c,
                                    sc[0],
                                    sc[1],
                                    pe[0],
                                    pe[1],
                                    won,
                                    si,
                                    tc,
                                    cb,
                                    trickless,
                                    ld if out else ob,
                                )
                            best = max(best, v)
            if not phase2:
                if hand >> ex_card & 1 and (not ex_needs or won >> ld & 1):
                    nh = (hand ^ (1 << ex_card)) | (1 << tc)
                    n0, n1 = (h0, nh) if ld else (nh, h1)
                    v = plain_lead(n0, n1, ld, s0, s1, q0, q1, won, si, ex_card, cb, trickless, ob)
                    best = max(best, v)
                if closing and ob < 0:
                    best = max(best, plain_close(h0, h1, ld, s0, s1, q0, q1, won, si, tc, ob))
            if may_out and (not out_needs or won >> ld & 1):
                if out_after:
                    v = plain_lead(h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ld)
                else:
                    v = declare(ld, s0, s1, won, cb, trickless)
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
            won: int,
            si: int,
            tc: int,
            cb: int,
            trickless: int,
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
            if ah and fh & ah:  # the follower names trumps first; the ace waits for them
                for suit in range(4):
                    v = engine.closures(suit, married)[1](
                        h0, h1, ld, lc, s0, s1, q0, q1, won, si, tc, cb, trickless, ob
                    )
                    worst = min(worst, v)
                allowed &= ~ah
            if ex_on_turn and open_stock and fh >> ex_card & 1 and (not ex_needs or won >> f & 1):
                nh = (fh ^ (1 << ex_card)) | (1 << tc)
                n0, n1 = (nh, h1) if ld else (h0, nh)
                worst = plain_follow(
                    n0, n1, ld, lc, s0, s1, q0, q1, won, si, ex_card, cb, trickless, ob
                )
            while allowed:
                low = allowed & -allowed
                allowed ^= low
                fc = low.bit_length() - 1
                w = f if beats(lc, fc, trump) else ld
                hands = [h0, h1]
                hands[f] ^= low
                sc = [s0, s1]
                pe = [q0, q1]
                sc[w] += pts[lc] + pts[fc] + pe[w]
                pe[w] = 0
                nwon = won | (1 << w)
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
                undrawn = [h0, h1]
                undrawn[f] ^= low
                closes = open_stock and before_draw and ob < 0 and undrawn[0] | undrawn[1]
                if last:
                    sc[w] += bonus_open if cb < 0 else bonus_after_close
                if ob >= 0:
                    v = declare(ob, sc[0], sc[1], nwon, cb, trickless)
                    v = -v if ld else v
                elif last:
                    v = end_of_cards(sc[0], sc[1], nwon, cb, trickless, w)
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
                        nwon,
                        nsi,
                        ntc,
                        cb,
                        trickless,
                        ob,
                    )
                    if closes:  # or the winner closes before drawing
                        v = max(
                            v,
                            plain_close(
                                undrawn[0],
                                undrawn[1],
                                w,
                                sc[0],
                                sc[1],
                                pe[0],
                                pe[1],
                                nwon,
                                si,
                                tc,
                                ob,
                            ),
                        )
                    if w != ld:
                        v = -v
                worst = min(worst, v)
            return worst

        return plain_lead, plain_follow


def plain_minimax(state: State) -> tuple[int, int]:
    """Net game points for the player to move by plain memoised minimax: every move of every
    position searched, a trick at a time, exact values of the positions on lead memoised; no
    pruning, no move ordering. The same integer positions and rules as the solver; the
    yardstick of ``tutor bench``. Returns (value, positions on lead expanded)."""
    player = state.to_move
    if player is None:
        raise ValueError("the deal is over")
    if state.waiting is not Wait.NOTHING:  # a choice between turns: the better move
        nodes = 0
        best = -INF
        for move in legal_moves(state):
            child = apply_unchecked(state, move)
            if child.result is not None:
                gp = child.result.game_points
                v = gp[player] - gp[1 - player]
            else:
                v, n = plain_minimax(child)
                nodes += n
                if child.to_move != player:
                    v = -v
            best = max(best, v)
        return best, nodes
    stock = search_stock(state)
    e = Plain(state.rules, stock)
    lead, follow = e.closures(state.trump_index, len(state.marriages))
    h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob = position(state, stock)
    if state.lead < 0:
        v = lead(h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)
    else:
        v = -follow(h0, h1, ld, state.lead, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)
    return v, e.nodes

"""The solver's search on plain integers: alpha-beta negamax closures built once per rule set,
trump suit (or none), number of marriages (where it changes their value) and stock order.
``tutor.search.solver`` wraps them in its public API.

A position is a tuple of integers (``Pos``), in this order: ``h0``, ``h1`` the hands (bit sets);
``ld`` the leader; ``s0``, ``s1`` the scores (card points plus credited marriages); ``q0``, ``q1``
pending marriage points; ``won`` a bit set with bit ``p`` set when player ``p`` has won a trick;
``si`` cards drawn from the solver's stock; ``tc`` the face-up trump card or -1; ``cb`` the
closer or -1; ``trickless`` 1 when the closer's opponent had no trick at closing (only kept when
the rules judge it then); ``ob`` the declarer waiting for the trick to complete, or -1.

Where no card is turned face up (``trump.mode``), the stock's bottom card, drawn last, takes the
face-up card's place in ``tc``; nothing can be exchanged for it. The trump suit and the number of
marriages are not in the position: each pair of them has its own closures, built when first
needed, and a move that names trumps or a marriage that changes them continues in the closures
of the new pair. The shared transposition table tells the pairs apart by a tag in the leader's
entry of its key.

A whole trick (lead and reply) is one level of the search, the reply searched inline. The end of
a deal is scored by ``tutor.engine.scoring``, the same rules ``tutor.engine.play`` applies.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    NAME_TRUMPS,
    NO_TRUMP,
    SUIT_MASKS,
    Credit,
    Marriage,
    Move,
    NoTrickAt,
    Play,
    RuleSet,
    State,
    TrumpMode,
    Wait,
    scoring,
)
from tutor.search._rulefacts import RuleFacts, max_game_points, rule_facts
from tutor.search.budget import CHECK_EVERY, Budget

INF = 1000
_NEVER = 1 << 62  # a node count no search reaches
# Internal move codes: a card index plays it; +32 marriage with it; +64 marriage and out.
EXCHANGE_CODE = 96
CLOSE_CODE = 97
OUT_CODE = 98
NAME_CODE = 100  # +suit: name that suit trumps
NAME_CODES = (NAME_CODE, NAME_CODE + 1, NAME_CODE + 2, NAME_CODE + 3)
_KINGS = sum(1 << (8 * s + 2) for s in range(4))  # with hand >> 1: a king and queen pair

Pos = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]
LeadFn = Callable[[int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int]
FollowFn = Callable[
    [int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int], int
]


def code_to_move(code: int) -> Move:
    if code < 32:
        return Play(CARDS[code])
    if code < 64:
        return Marriage(CARDS[code - 32])
    if code < 96:
        return Marriage(CARDS[code - 64], True)
    if code >= NAME_CODE:
        return NAME_TRUMPS[code - NAME_CODE]
    specials: dict[int, Move] = {
        EXCHANGE_CODE: EXCHANGE,
        CLOSE_CODE: CLOSE,
        OUT_CODE: DECLARE_OUT,
    }
    return specials[code]


def search_stock(state: State) -> tuple[int, ...]:
    """The stock a search is built on: where no card lies face up, without its bottom card,
    which the search keeps in the face-up card's place."""
    return state.stock if state.rules.face_up else state.stock[:-1]


def stock_place(state: State, stock: tuple[int, ...]) -> tuple[int, int]:
    """Where ``state`` stands in the root stock ``stock`` of a search (``search_stock`` of the
    root): the index of the next card to draw, and the card in the face-up card's place."""
    if state.waiting is not Wait.NOTHING:
        raise ValueError("a choice between two turns has no search position: value its moves")
    rest, tc = state.stock, state.trump_card
    if rest and not state.rules.face_up:
        rest, tc = rest[:-1], rest[-1]
    si = len(stock) - len(rest)
    if si < 0 or stock[si:] != rest:
        raise ValueError("the state's stock is not what is left of the solver's stock")
    return si, tc


def position(state: State, stock: tuple[int, ...]) -> Pos:
    """The integer position of ``state`` for a search built on the root stock ``stock``
    (``search_stock`` of the root)."""
    si, tc = stock_place(state, stock)
    cb = state.closed_by
    trickless = 0
    if cb >= 0 and state.rules.closer_no_trick_at is NoTrickAt.CLOSE:
        trickless = 1 if state.closed_opp_tricks == 0 else 0
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
        tc,
        cb,
        trickless,
        state.out_by,
    )


#: The cards of each rank (all four suits), by rank.
RANK_MASKS = tuple(sum(1 << (8 * suit + r) for suit in range(4)) for r in range(8))


class PairFacts(NamedTuple):
    """What the search closures of one rule set, trump suit (or none) and marriage count read,
    worked out once (``pair_facts``)."""

    facts: RuleFacts
    target: int
    # A marriage changes the trump suit or the value of the next one: it is followed in the
    # closures of the pair it leads to.
    makes_trump: bool
    retrump: bool
    name_first: bool  # the first leader names trumps before anything else
    # The ace of hearts as a bit set where its holder may name trumps and cannot play the ace
    # before; else 0.
    ah: int
    trump_marriage: int  # the most a marriage announces (the trump marriage where one is known)
    false_out_bound: int  # minus the least a false declaration costs the declarer
    closer_fail_bound: int  # minus the least a failed close costs the closer
    pack_rank_masks: tuple[int, ...]  # the cards of each rank in the pack, aces first
    rank_points: tuple[int, ...]  # card points by rank
    ranks_by_points: tuple[int, ...]  # the ranks, most points first


@lru_cache(maxsize=256)
def pair_facts(rules: RuleSet, trump: int, married: int) -> PairFacts:
    """The ``PairFacts`` of ``rules`` with ``trump`` trumps (``NO_TRUMP``: none) after
    ``married`` marriages."""
    facts = rule_facts(rules, trump, married)
    values = facts.marriage_values
    endings = scoring(rules)
    rank_points = tuple(rules.card_points[r] for r in range(8))
    return PairFacts(
        facts,
        rules.target,
        rules.marriage_makes_trump,
        rules.marriage_makes_trump or rules.marriage_escalating,
        trump == NO_TRUMP and rules.trump_mode is TrumpMode.NAMED,
        1 << rules.naming_card.index
        if trump == NO_TRUMP and rules.trump_mode is TrumpMode.HEART_ACE
        else 0,
        values[trump] if rules.face_up else max(values),
        -endings.least_false_out,
        -endings.least_closer_fail,
        tuple(RANK_MASKS[r] for r in sorted(rules.ranks)),
        rank_points,
        tuple(sorted(range(8), key=lambda r: -rank_points[r])),
    )


class Negamax:
    """The search closures for one rule set and stock order, by trump suit and marriages."""

    def __init__(
        self, rules: RuleSet, stock: tuple[int, ...], budget: Budget | None = None
    ) -> None:
        self.nodes = 0
        self.budget = budget
        self.charged = 0  # nodes already charged to the budget
        self.stop = _NEVER  # the node count at which the search looks at the budget
        self.table: dict[Pos, tuple[int, int, int]] = {}
        cap = budget.table_entries if budget is not None else None
        self.cap = _NEVER if cap is None else cap
        self.rules = rules
        self.stock = stock
        self.escalating = rules.marriage_escalating
        self._sets: dict[tuple[int, int], tuple[LeadFn, FollowFn]] = {}
        self.maxv = max_game_points(rules)

    def pair(self, trump: int, married: int) -> tuple[int, int]:
        """The trump and marriage count that decide the closures (the count only where it
        changes the value of a marriage)."""
        return trump, married if self.escalating else 0

    def closures(self, trump: int, married: int) -> tuple[LeadFn, FollowFn]:
        """The search on lead and on reply with ``trump`` trumps (``NO_TRUMP``: none) after
        ``married`` marriages."""
        pair = self.pair(trump, married)
        fns = self._sets.get(pair)
        if fns is None:
            fns = self._sets[pair] = self._build(self.rules, pair[0], pair[1], self.stock, self.cap)
        return fns

    def key(self, pos: Pos, trump: int, married: int) -> Pos:
        """The transposition table's key of ``pos`` with that trump and marriage count."""
        t, m = self.pair(trump, married)
        h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob = pos
        return (h0, h1, ld | (t * 8 + m) << 1, s0, s1, q0, q1, won, si, tc, cb, trickless, ob)

    def lead(self, trump: int, married: int, *pos_alpha_beta: int) -> int:
        """The value for the leader of a position on lead (``Pos``, then alpha and beta) with
        ``trump`` trumps after ``married`` marriages."""
        self.arm()
        try:
            return self.closures(trump, married)[0](*pos_alpha_beta)
        finally:
            self.settle()

    def follow(self, trump: int, married: int, *pos_alpha_beta: int) -> int:
        """The value for the leader once a card is led: ``Pos`` with the card led after the
        leader (out of the hand already), then alpha and beta."""
        self.arm()
        try:
            return self.closures(trump, married)[1](*pos_alpha_beta)
        finally:
            self.settle()

    def best_move(self, trump: int, married: int, *pos: int) -> int:
        """The table's best move code of the position ``pos`` on lead, or -1."""
        entry = self.table.get(self.key(pos, trump, married))  # type: ignore[arg-type]
        return -1 if entry is None else entry[2]

    def clear(self) -> None:
        """Empty the transposition table."""
        self.table.clear()

    def entries(self) -> int:
        """The positions in the transposition table."""
        return len(self.table)

    def arm(self) -> None:
        """Before a search: look at the budget at the first node."""
        if self.budget is not None:
            self.stop = self.nodes

    def settle(self) -> None:
        """Charge the nodes searched so far to the budget."""
        if self.budget is not None:
            self.budget.charge(self.nodes - self.charged)
            self.charged = self.nodes

    def checkpoint(self) -> None:
        """Called by the search when ``nodes`` passes ``stop``: charge the budget, raise
        ``SearchLimit`` when it is spent (or the deadline has passed), else go on."""
        budget = self.budget
        if budget is None:
            self.stop = _NEVER
            return
        self.settle()
        budget.check()
        self.stop = self.nodes + min(budget.remaining, CHECK_EVERY)

    def _build(
        self, rules: RuleSet, trump: int, married: int, stock: tuple[int, ...], cap: int
    ) -> tuple[LeadFn, FollowFn]:
        engine = self
        table = self.table
        tag = (trump * 8 + married) << 1  # tells this pair's positions apart in the table
        (
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
            ),
            target,
            makes_trump,
            retrump,
            name_first,
            ah,
            trump_marriage,
            false_out_bound,
            closer_fail_bound,
            pack_rank_masks,
            rank_points,
            ranks_by_points,
        ) = pair_facts(rules, trump, married)
        rank_masks = RANK_MASKS
        suit_masks = SUIT_MASKS
        nstock = len(stock)
        inf = INF

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
            else:
                same = fh & suit_masks[lsuit]
                if same:
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
                    v = lead_node(
                        n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, a, b
                    )
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

            return name_node, follow
        return lead_node, follow

"""The exact value of a position at a table of three or four once every card is known to the
searcher and the stock can no longer serve every player (no more drawing, no exchange): the
result of one side (a seat, or a team of partners) under best play, in game points, as the
table players count it: the side's game points less the most any other side scores.

With two sides (four players in two teams) that is plain minimax between the teams, searched
with alpha-beta. With three seats each for himself it is a *paranoid* search: the two other
seats are taken to play together against the side, each choosing the move worst for it. That is
the value the side can make sure of whatever the others do; against players who each look after
themselves it is cautious.

The search works on its own small positions (hands, the trick, the score and the announced
marriages waiting for a trick of each side, the sides that have a trick, the marriages so far)
and keeps the values of the positions on lead it has met in a transposition table; the
agreement with a plain search over the engine's moves is tested.

Where the compiled core is built (``tutor/search/_tablecore.c``) and ``TUTOR_SEARCH`` does not
ask for Python (as for the two-player solver, ``tutor.search._core``), the same search runs in
C, node for node, from the integer facts of ``table_facts`` and ``grading_facts``; the Python
search here is its reference.

>>> from tutor.engine import preset
>>> four = preset("four")
>>> len(table_facts(four, 0, (0, 1, 0, 1), 1, False)), grading_facts(preset("three"))[:5]
(87, (3, 66, 1, 2, 3))
"""

from __future__ import annotations

import functools

from tutor.engine import Move, TableState, table_apply_unchecked, table_legal_moves
from tutor.engine.cards import SUIT_MASKS
from tutor.engine.rules import (
    Credit,
    Duty,
    EqualCards,
    Losers,
    Penalty,
    PlayedOut,
    RuleSet,
    SchwarzBy,
)
from tutor.engine.scoring import End, grading
from tutor.search._core import python_asked

Table: type[_tablecore.Table] | None
try:
    from tutor.search import _tablecore

    Table = _tablecore.Table
except ImportError:  # pragma: no cover - built without a C compiler
    Table = None

LOW = (1 << 32) - 1
INF = 1000

# The kinds of an internal move, kept with its card as ``kind << 8 | card``.
_PLAY, _MARRY, _MARRY_OUT, _OUT = 0, 1, 2, 3

_Key = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int, int]

#: The most marriages of a deal (two packs hold eight kings): the core reads the value of a
#: marriage in each suit after 0 to ``MAX_MARRIED`` marriages.
MAX_MARRIED = 8
_CREDIT = {Credit.IMMEDIATE: 0, Credit.AFTER_TRICK: 1, Credit.WITH_TRICK: 2}
_PLAYED_OUT = {PlayedOut.HIGHER: 0, PlayedOut.LAST_TRICK: 1, PlayedOut.ONLY_ONE: 2}


@functools.lru_cache(maxsize=256)
def table_facts(
    rules: RuleSet, trump: int, side_of: tuple[int, ...], side: int, own: bool
) -> tuple[int, ...]:
    """The facts the core searches a deal with for ``side``, ``trump`` trumps, ``side_of`` the
    side of each seat, as a flat tuple of integers in the order ``_tablecore.c`` reads them:
    card points, trumps, target, the last trick's bonus, the switches of declaring and
    marrying, the credit of a marriage, the duty and the equal cards, the table (seats, sides,
    the side searched for, whether its own game points count, the side of each seat), and the
    value of a marriage in each suit after each count of marriages."""
    seats = rules.seats
    return (
        *rules.points_by_index,
        trump,
        rules.target,
        rules.last_trick_bonus,
        int(rules.out_allowed),
        int(rules.out_needs_trick),
        int(rules.marriage_in_phase2),
        int(rules.marriage_needs_trick),
        int(rules.out_after_marriage),
        _CREDIT[rules.marriage_credit],
        int(rules.phase2_duty is Duty.HEAD),
        int(rules.equal_cards is EqualCards.LAST),
        seats,
        rules.sides,
        side,
        int(own),
        *side_of,
        *(0,) * (4 - seats),
        *(
            rules.marriage_value(suit, trump, married)
            for married in range(MAX_MARRIED + 1)
            for suit in range(4)
        ),
    )


@functools.lru_cache(maxsize=64)
def grading_facts(rules: RuleSet) -> tuple[int, ...]:
    """The scoring rules of ``rules`` on sides as the core reads them: the core takes the same
    branches as ``tutor.engine.scoring.grading`` (``tests/search/test_table_core.py`` holds the
    two to the same values)."""
    return (
        rules.sides,
        rules.target,
        *rules.game_points,
        rules.schneider_below,
        int(rules.schwarz_by is SchwarzBy.TRICKS),
        int(rules.losers is Losers.BEST),
        int(rules.false_out is Penalty.SCALE),
        rules.false_out_points,
        rules.false_out_no_trick_points,
        _PLAYED_OUT[rules.played_out],
    )


def table_core_built() -> bool:
    """Whether the compiled table search can be imported."""
    return Table is not None


def table_core_wanted() -> bool:
    """Whether the compiled table search is importable and not turned off by
    ``TUTOR_SEARCH=python``."""
    return Table is not None and not python_asked()


def table_solvable(state: TableState, max_cards: int) -> bool:
    """Whether ``table_solve`` may be asked about ``state`` and finds the answer quickly: the
    deal is on, the stock can no longer serve every player, and no hand holds more than
    ``max_cards`` cards."""
    if state.result is not None or state.stock_open:
        return False
    return max(h.bit_count() for h in state.hands) <= max_cards


def side_result(state: TableState, side: int) -> int:
    """Game points of ``side`` less the most any other side scored, once the deal is over."""
    assert state.result is not None
    gps = state.result.game_points
    return gps[side] - max(g for x, g in enumerate(gps) if x != side)


class TableSolver:
    """The searcher for one side in one deal (the rules, the trumps, the side): the table of
    values it keeps holds for every position of that deal. ``search`` ``"core"`` or
    ``"python"`` picks the search, by default the core where it is wanted
    (``table_core_wanted``)."""

    def __init__(self, state: TableState, side: int, own: bool = False, search: str = "") -> None:
        r = state.rules
        self.rules = r
        self.side = side
        self.own = own
        self.n = r.seats
        self.sides = r.sides
        self.side_of = tuple(state.side(s) for s in range(r.seats))
        self.trump = int(state.trump)
        self.pts = tuple(r.points_by_index)
        self.grading = grading(r)  # the one scoring of a finished deal
        self.table: dict[_Key, tuple[int, int]] = {}
        self._nodes = 0
        if search not in ("", "core", "python"):
            raise ValueError(f"no such search: {search!r}")
        if search == "core" and Table is None:
            raise ValueError("the compiled search is not built")
        self.core: _tablecore.Table | None = None
        if search == "core" or (not search and table_core_wanted()):
            assert Table is not None
            facts = table_facts(r, self.trump, self.side_of, side, own)
            self.core = Table(facts, grading_facts(r))

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self._nodes if self.core is None else self.core.nodes

    # ------------------------------------------------------------------------- positions

    def position(
        self, state: TableState
    ) -> tuple[tuple[int, ...], int, tuple[int, ...], list[int], list[int], int, int]:
        sides = self.sides
        scores = [state.score(x) for x in range(sides)]
        pending = [0] * sides
        for s in range(self.n):
            pending[self.side_of[s]] += state.pending[s]
        won = sum(1 << x for x in range(sides) if state.side_tricks(x) > 0)
        return (
            state.hands,
            state.leader,
            state.trick,
            scores,
            pending,
            won,
            len(state.marriages),
        )

    def solve(self, state: TableState) -> int:
        """The side's result under best play from ``state`` (see the module)."""
        if state.result is not None:
            return (
                state.result.game_points[self.side] if self.own else side_result(state, self.side)
            )
        if state.stock_open:
            raise ValueError("the solver needs the stock closed to drawing")
        hands, leader, trick, scores, pending, won, married = self.position(state)
        if self.core is not None:
            return self.core.value(
                hands, leader, trick, tuple(scores), tuple(pending), won, married
            )
        return self._value(hands, leader, trick, scores, pending, won, married, -INF, INF)

    def move_values(self, state: TableState) -> dict[Move, int]:
        """Every legal move of the seat to move with the side's result after it."""
        return {m: self.solve(table_apply_unchecked(state, m)) for m in table_legal_moves(state)}

    # ------------------------------------------------------------------------- scoring

    def _result(self, end: End) -> int:
        gps = end[2]
        side = self.side
        if self.own:
            return gps[side]
        return gps[side] - max(g for x, g in enumerate(gps) if x != side)

    def _declared(self, x: int, scores: list[int], won: int) -> int:
        return self._result(self.grading.declare(x, scores, won))

    def _played_out(self, scores: list[int], won: int, last: int) -> int:
        return self._result(self.grading.played_out(scores, won, last))

    # ------------------------------------------------------------------------- moves

    def _lead_moves(self, hand: int, x: int, scores: list[int], won: int) -> list[int]:
        r = self.rules
        held = (hand | hand >> 32) & LOW
        has_trick = bool(won >> x & 1)
        out_first: list[int] = []
        out_last: list[int] = []
        if r.out_allowed and (has_trick or not r.out_needs_trick):
            (out_first if scores[x] >= r.target else out_last).append(_OUT << 8)
        marriages: list[int] = []
        if r.marriage_in_phase2 and (has_trick or not r.marriage_needs_trick):
            for suit in range(4):
                k = suit * 8 + 2
                if held >> k & 3 == 3:
                    marriages += [_MARRY << 8 | k, _MARRY << 8 | (k + 1)]
                    if r.out_allowed and r.out_after_marriage:
                        out_last += [_MARRY_OUT << 8 | k, _MARRY_OUT << 8 | (k + 1)]
        pts = self.pts
        plays = sorted(_bits(held), key=lambda c: (-pts[c], c))
        return [*out_first, *marriages, *plays, *out_last]

    def _follow_cards(self, hand: int, trick: tuple[int, ...]) -> int:
        held = (hand | hand >> 32) & LOW
        trump = self.trump
        led = trick[0] >> 3
        best = trick[self._winner(trick)]
        same = held & SUIT_MASKS[led]
        head = self.rules.phase2_duty is Duty.HEAD
        if same:
            if head and best >> 3 == led:
                return (same & ((1 << best) - 1)) or same
            return same
        trumps = held & SUIT_MASKS[trump]
        if trumps and head and best >> 3 == trump:
            return (trumps & ((1 << best) - 1)) or trumps
        return trumps or held

    def _winner(self, trick: tuple[int, ...]) -> int:
        trump = self.trump
        last = self.rules.equal_cards is EqualCards.LAST
        w = 0
        for k in range(1, len(trick)):
            c, b = trick[k], trick[w]
            if c == b:
                if last:
                    w = k
            elif c >> 3 == b >> 3:
                if c < b:
                    w = k
            elif c >> 3 == trump:
                w = k
        return w

    # ------------------------------------------------------------------------- the search

    def _value(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        scores: list[int],
        pending: list[int],
        won: int,
        married: int,
        alpha: int,
        beta: int,
    ) -> int:
        self._nodes += 1
        n = self.n
        p = (leader + len(trick)) % n
        x = self.side_of[p]
        maximise = x == self.side
        key: _Key | None = None
        a0, b0 = alpha, beta
        if not trick:
            key = (hands, leader, (*scores, *pending), (), won, married)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
                if alpha >= beta:
                    return lo if lo >= beta else hi
            moves = self._lead_moves(hands[p], x, scores, won)
        else:
            moves = list(_bits(self._follow_cards(hands[p], trick)))
        best = -INF if maximise else INF
        for move in moves:
            v = self._after(
                move, p, x, hands, leader, trick, scores, pending, won, married, alpha, beta
            )
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key is not None:
            lo, hi = self.table.get(key, (-INF, INF))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best

    def _after(
        self,
        move: int,
        p: int,
        x: int,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        scores: list[int],
        pending: list[int],
        won: int,
        married: int,
        alpha: int,
        beta: int,
    ) -> int:
        kind, c = move >> 8, move & 255
        if kind == _OUT:
            return self._declared(x, scores, won)
        if kind != _PLAY:
            value = self.rules.marriage_value(c >> 3, self.trump, married)
            married += 1
            credit = self.rules.marriage_credit
            if kind == _MARRY_OUT:
                scores = scores.copy()
                scores[x] += value
                return self._declared(x, scores, won)
            if credit is Credit.IMMEDIATE or (credit is Credit.WITH_TRICK and won >> x & 1):
                scores = scores.copy()
                scores[x] += value
            else:
                pending = pending.copy()
                pending[x] += value
        hand = hands[p]
        hand = hand & ~(1 << c) if hand >> c & 1 else hand & ~(1 << (c + 32))
        hands = (*hands[:p], hand, *hands[p + 1 :])
        trick = (*trick, c)
        if len(trick) < self.n:
            return self._value(hands, leader, trick, scores, pending, won, married, alpha, beta)
        w = (leader + self._winner(trick)) % self.n
        y = self.side_of[w]
        scores = scores.copy()
        scores[y] += sum(self.pts[k] for k in trick)
        if pending[y]:
            scores[y] += pending[y]
            pending = pending.copy()
            pending[y] = 0
        won |= 1 << y
        if not any(hands):
            scores[y] += self.rules.last_trick_bonus
            return self._played_out(scores, won, y)
        return self._value(hands, w, (), scores, pending, won, married, alpha, beta)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def table_solve(state: TableState, side: int) -> int:
    """The result of ``side`` under best play from ``state``, every card known (see the
    module): its game points less the most any other side scores. The stock must no longer
    serve every player (``TableState.stock_open`` false)."""
    return TableSolver(state, side).solve(state)


__all__ = [
    "MAX_MARRIED",
    "TableSolver",
    "grading_facts",
    "side_result",
    "table_core_built",
    "table_core_wanted",
    "table_facts",
    "table_solvable",
    "table_solve",
]

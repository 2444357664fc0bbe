"""The solver's search on plain integers: alpha-beta negamax closures built once per rule set,
trump suit (or none), number of marriages (where it changes their value) and stock order, with
their node count, budget and transposition table. ``tutor.search.solver`` wraps them in its public
API.

The closures work on the integer positions and move codes of ``tutor.search._encoding``: the
search on lead (``tutor.search._lead``: the moves, their order, the table) and on reply
(``tutor.search._reply``: a whole trick, lead and reply, is one level of the search, the reply
searched inline), reading what ``tutor.search._pairfacts`` works out of the rules. The trump suit
and the number of marriages are not in the position: each pair of them has its own closures, built
when first needed, and a move that names trumps or a marriage that changes them continues in the
closures of the new pair. The shared transposition table tells the pairs apart by a tag in the
leader's entry of its key. The end of a deal is scored by ``tutor.engine.scoring``, the same rules
``tutor.engine.play`` applies.
"""

from __future__ import annotations

from tutor.engine import RuleSet
from tutor.search._encoding import FollowFn, LeadFn, Pos
from tutor.search._lead import lead_search
from tutor.search._pairfacts import pair_facts
from tutor.search._reply import reply_search
from tutor.search._rulefacts import max_game_points
from tutor.search.budget import CHECK_EVERY, Budget

_NEVER = 1 << 62  # a node count no search reaches


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
        facts = pair_facts(rules, trump, married)
        follow, bind = reply_search(self, facts, trump, married, stock)
        root, lead_node, closed_lead = lead_search(
            self, facts, trump, married, self.table, cap, follow
        )
        bind(lead_node, closed_lead)
        return root, follow

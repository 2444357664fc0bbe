"""The choice of the solver's search: the compiled core (``tutor/search/_negacore.c``, built by
the package's set-up where a C compiler is at hand) or the Python search
(``tutor.search._negamax``), the reference it follows step for step.

The core is used where it can be imported; ``TUTOR_SEARCH=python`` in the environment forces
the Python search. Both give the same values, search the same nodes and charge the same budget.
The core reads no rule of a variant itself: ``core_facts`` hands it the facts of each trump suit
and marriage count (``tutor.search._pairfacts.pair_facts``, from ``tutor.search._rulefacts``),
and ``score_facts`` the scoring rules, which it applies by the branches of
``tutor.engine.scoring.scoring`` (no call back into Python at the end of a deal).

>>> from tutor.engine import preset
>>> facts = core_facts(preset("classic"), 0, 0)
>>> len(facts) == FACTS, facts[32]  # card points of the 32 cards, then the trump suit's cards
(True, 255)
"""

from __future__ import annotations

import functools
import os
import weakref
from collections.abc import Callable
from typing import Any, Protocol

from tutor.engine import (
    Credit,
    NoTrickAt,
    OpponentOut,
    Penalty,
    PlayedOut,
    RuleSet,
    SchwarzBy,
)
from tutor.search._negamax import Negamax
from tutor.search._pairfacts import pair_facts
from tutor.search._rulefacts import max_game_points
from tutor.search.budget import CHECK_EVERY, Budget

Core: type[_negacore.Core] | None
try:
    from tutor.search import _negacore

    Core = _negacore.Core
except ImportError:  # pragma: no cover - built without a C compiler
    Core = None

#: The environment variable that picks the search: ``python`` forces the Python search.
ENV = "TUTOR_SEARCH"
_NEVER = 1 << 62
#: Integers in one tuple of ``core_facts``.
FACTS = 32 + 27 + 4 + 1 + 8 + 8 + 8


class Engine(Protocol):
    """What ``tutor.search.solver.Solver`` asks of a search."""

    maxv: int

    @property
    def nodes(self) -> int: ...

    def lead(self, trump: int, married: int, *pos_alpha_beta: int) -> int: ...

    def follow(self, trump: int, married: int, *pos_alpha_beta: int) -> int: ...

    def best_move(self, trump: int, married: int, *pos: int) -> int: ...

    def clear(self) -> None: ...

    def entries(self) -> int: ...


@functools.lru_cache(maxsize=256)
def core_facts(rules: RuleSet, trump: int, married: int) -> tuple[int, ...]:
    """The facts the core reads for ``trump`` trumps after ``married`` marriages, as a flat
    tuple of integers in the order ``_negacore.c`` reads them."""
    (
        facts,
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
    ranks = sorted(int(r) for r in rules.ranks)
    assert len(facts.points) == 32 and len(pack_rank_masks) == len(ranks) <= 8
    flags = (
        facts.head,
        facts.bonus_open,
        facts.bonus_after_close,
        facts.no_trick_at_close,
        facts.out_after_trick,
        facts.out_after_marriage,
        facts.closer_opponent_may_declare,
        facts.marriage_in_phase2,
        facts.marriage_needs_trick,
        facts.credit is Credit.IMMEDIATE,
        facts.credit is Credit.WITH_TRICK,
        facts.exchange_card,
        facts.exchange_needs_trick,
        facts.closing_allowed,
        facts.out_needs_trick,
        facts.exchange_on_turn,
        facts.close_before_draw,
        facts.opponent_exchange,
        target,
        makes_trump,
        retrump,
        name_first,
        ah,
        trump_marriage,
        false_out_bound,
        closer_fail_bound,
    )
    return (
        *facts.points,
        facts.trump_mask,
        *(int(x) for x in flags),
        *facts.marriage_values,
        len(ranks),
        *ranks,
        *(0,) * (8 - len(ranks)),
        *rank_points,
        *ranks_by_points,
    )


def score_facts(rules: RuleSet) -> tuple[int, ...]:
    """The scoring rules of ``rules`` for two players as the core reads them (``Scores``, which
    takes the same branches as ``tutor.engine.scoring.scoring``; ``tests/search/test_core.py``
    holds the two to the same values).

    >>> from tutor.engine import preset
    >>> score_facts(preset("classic"))[:5]  # the target, game points, Schneider below
    (66, 1, 2, 3, 33)
    """
    return (
        rules.target,
        *rules.game_points,
        rules.schneider_below,
        int(rules.schwarz_by is SchwarzBy.TRICKS),
        int(rules.false_out is Penalty.SCALE),
        rules.false_out_points,
        rules.false_out_no_trick_points,
        int(rules.closer_penalty is Penalty.SCALE),
        rules.closer_penalty_points,
        rules.closer_penalty_no_trick_points,
        int(rules.closer_no_trick_at is NoTrickAt.CLOSE),
        int(rules.played_out is PlayedOut.LAST_TRICK),
        int(rules.opponent_out is OpponentOut.POINTS),
        rules.opponent_out_points,
    )


def core_scores(rules: RuleSet) -> _negacore.Scores:
    """The two-player scoring of ``rules`` in the core (``score_facts``)."""
    return _parts(rules)[1]


@functools.lru_cache(maxsize=64)
def _parts(rules: RuleSet) -> tuple[int, _negacore.Scores, _negacore.Pairs]:
    """What every core of ``rules`` is made with, found once for the rule set (a rule set's hash
    costs more than a small search): the largest value, the scoring, and the facts of each
    trump suit and marriage count, read by the core when first asked for and kept for the
    rule set's later cores (``Pairs``)."""

    def facts(trump: int, married: int) -> tuple[int, ...]:
        return core_facts(rules, trump, married)

    return (
        max_game_points(rules),
        _negacore.Scores(score_facts(rules)),
        _negacore.Pairs(facts),
    )


_last_parts: list[tuple[RuleSet, tuple[int, _negacore.Scores, _negacore.Pairs]]] = []


def parts(rules: RuleSet) -> tuple[int, _negacore.Scores, _negacore.Pairs]:
    """``_parts`` of ``rules``, found again by identity first (the solvers of one hint or one
    evaluation share their rule set)."""
    if _last_parts and _last_parts[0][0] is rules:
        return _last_parts[0][1]
    found = _parts(rules)
    _last_parts[:] = [(rules, found)]
    return found


class CoreNegamax:
    """The compiled search for one rule set and stock order, with the budget handled as the
    Python search handles it (``Negamax.arm``, ``settle``, ``checkpoint``).

    The core calls back through a weak reference, so that the two hold no cycle: the core and
    its table go as soon as the search is let go."""

    __slots__ = ("__weakref__", "budget", "charged", "core", "maxv")

    def __init__(
        self, rules: RuleSet, stock: tuple[int, ...], budget: Budget | None = None
    ) -> None:
        assert Core is not None
        self.budget = budget
        self.charged = 0
        cap = budget.table_entries if budget is not None else None
        self.maxv, scores, facts = parts(rules)
        self.core = Core(
            stock,
            rules.marriage_escalating,
            _NEVER if cap is None else cap,
            facts,
            scores,
            _no_checkpoint if budget is None else _weak_checkpoint(weakref.ref(self)),
        )

    @property
    def nodes(self) -> int:
        return int(self.core.nodes)

    def best_move(self, trump: int, married: int, *pos: int) -> int:
        """``Core.best_move``."""
        return self.core.best_move(trump, married, *pos)

    def clear(self) -> None:
        """``Core.clear``."""
        self.core.clear()

    def entries(self) -> int:
        """``Core.entries``."""
        return self.core.entries()

    def lead(self, *args: int) -> int:
        """``Core.lead``, armed (``_armed``)."""
        return self._armed(self.core.lead, args)

    def follow(self, *args: int) -> int:
        """``Core.follow``, armed (``_armed``)."""
        return self._armed(self.core.follow, args)

    def _armed(self, search: Callable[..., int], args: tuple[int, ...]) -> int:
        """``search`` of ``args``, looking at the budget at its first node and charging it at
        the end."""
        if self.budget is None:
            return search(*args)
        self.core.stop = self.core.nodes
        try:
            return search(*args)
        finally:
            self.settle()

    def line(self, *args: int | tuple[int, ...]) -> tuple[list[int], tuple[int, ...], int, Any]:
        """``Core.line`` with the budget armed before each of its searches and charged at the
        end, as the searches it makes would be one by one."""
        try:
            return self.core.line(*args[:3], int(self.budget is not None), *args[3:])
        finally:
            self.settle()

    def ranks(
        self, alpha: int, beta: int, si: int, tc: int, fields: tuple[int | tuple[int, ...], ...]
    ) -> Any:
        """``Core.ranks`` of the position ``fields`` (``tutor.search.playout.fields``): every
        legal move's code, value and the value after it, best first (equals in the order of
        the moves), with the budget armed before each of its searches and charged at the end."""
        if self.budget is None:
            return self.core.ranks(alpha, beta, si, tc, 0, *fields)
        try:
            return self.core.ranks(alpha, beta, si, tc, 1, *fields)
        finally:
            self.settle()

    def settle(self) -> None:
        """Charge the nodes searched so far to the budget."""
        if self.budget is not None:
            n = self.nodes
            self.budget.charge(n - self.charged)
            self.charged = n

    def checkpoint(self) -> None:
        """Called by the core when ``nodes`` passes ``stop`` (see ``Negamax.checkpoint``)."""
        budget = self.budget
        if budget is None:
            self.core.stop = _NEVER
            return
        self.settle()
        budget.check()
        self.core.stop = self.nodes + min(budget.remaining, CHECK_EVERY)


def _no_checkpoint() -> None:
    """Without a budget (and in a playout, which searches no nodes) the core never reaches a
    checkpoint: ``stop`` stays beyond any node count."""


def _weak_checkpoint(ref: weakref.ReferenceType[CoreNegamax]) -> Callable[[], None]:
    """``CoreNegamax.checkpoint`` of the search ``ref`` refers to, while it lives."""

    def checkpoint() -> None:
        search = ref()
        if search is not None:
            search.checkpoint()

    return checkpoint


@functools.lru_cache(maxsize=64)
def _playout_core(rules: RuleSet) -> _negacore.Core:
    assert Core is not None
    _, scores, facts = parts(rules)
    return Core((), rules.marriage_escalating, _NEVER, facts, scores, _no_checkpoint)


_last_playout: list[tuple[RuleSet, _negacore.Core]] = []


def playout_core(rules: RuleSet) -> _negacore.Core:
    """A core that plays out the first phase under ``rules`` (``Core.playout``, see
    ``tutor.search.playout``): made once for the rule set, found again by identity first (a rule
    set's hash costs more than a playout)."""
    if _last_playout and _last_playout[0][0] is rules:
        return _last_playout[0][1]
    core = _playout_core(rules)
    _last_playout[:] = [(rules, core)]
    return core


def core_built() -> bool:
    """Whether the compiled search can be imported."""
    return Core is not None


def python_asked() -> bool:
    """Whether ``TUTOR_SEARCH`` asks for the Python searches (two seats and the table)."""
    return os.environ.get(ENV, "").strip().lower() == "python"


def core_wanted() -> bool:
    """Whether the compiled search is importable and not turned off by ``TUTOR_SEARCH``."""
    return Core is not None and not python_asked()


def search_name() -> str:
    """Which search the solver runs: ``"core"`` (compiled) or ``"python"``."""
    return "core" if core_wanted() else "python"


def make_engine(
    rules: RuleSet, stock: tuple[int, ...], budget: Budget | None = None, search: str = ""
) -> Engine:
    """The search for one deal: ``search`` ``"core"`` or ``"python"``, or by default the
    compiled core where it is wanted (``core_wanted``), else the Python one."""
    if search not in ("", "core", "python"):
        raise ValueError(f"no such search: {search!r}")
    if search == "core" and Core is None:
        raise ValueError("the compiled search is not built")
    if search == "core" or (not search and core_wanted()):
        return CoreNegamax(rules, stock, budget)
    return Negamax(rules, stock, budget)

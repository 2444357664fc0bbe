"""The checks of a lesson step: their names, the seat counts each serves, and their readers.

A step (or a question) carries a ``check:`` mapping; each key names one check (``score``,
``tricks``, ``trick_winner``, ``legal``, ``illegal``, ``to_move``, ``stock``, ``winner``, ...)
and each check declares the seat counts it serves (``CHECK_SEATS``). ``CheckReader`` reads the
mapping into ``Check`` values with one small reader per name in ``CHECK_READS``, and reads a
seat of the table; ``tutor.teach.lessons.check_runs`` runs the checks on replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import yaml

from tutor.engine import SEAT_LETTERS, Card, Move
from tutor.formats.errors import shown
from tutor.formats.messages import E_TWICE_SAME
from tutor.formats.yamlsafe import where as _where
from tutor.teach.lessons.messages import E_CHECK, E_EMPTY_TEXT, E_NOT_TEXT, E_SEAT
from tutor.teach.lessons.model import PLAYERS, Check
from tutor.teach.lessons.nodes import NodeReader

__all__ = [
    "BAD",
    "CHECKS",
    "CHECK_READS",
    "CHECK_SEATS",
    "QUESTION_CHECKS",
    "CheckReader",
    "checks_for",
]

#: The checks a question may use to prove its right answer (those serving the lesson's seats).
QUESTION_CHECKS = ("points", "score", "trick_winner", "legal", "illegal")
#: Every check a step may carry, in the order they are read and run.
CHECKS = (
    "points",
    "score",
    "pending",
    "tricks",
    "trick_winner",
    "legal",
    "illegal",
    "because",
    "to_move",
    "hand",
    "stock",
    "trump_card",
    "over",
    "game_points",
    "winner",
    "match",
    "match_winner",
)
_ALL = (2, 3, 4)
#: The seat counts each check serves: the checks over the game interface serve every table;
#: the two-player engine's own counts (points, pending, the hands, the trump card, a match)
#: serve two. A question proves its answer with ``score`` at a table, ``points`` with two.
CHECK_SEATS: dict[str, tuple[int, ...]] = {
    "points": (2,),
    "score": _ALL,
    "pending": (2,),
    "tricks": _ALL,
    "trick_winner": _ALL,
    "legal": _ALL,
    "illegal": _ALL,
    "because": (2,),
    "to_move": _ALL,
    "hand": (2,),
    "stock": _ALL,
    "trump_card": (2,),
    "over": (2,),
    "game_points": (2,),
    "winner": _ALL,
    "match": (2,),
    "match_winner": (2,),
}
_QUESTION_SEATS = {"score": (3, 4)}


def checks_for(seats: int, names: Sequence[str] = CHECKS) -> tuple[str, ...]:
    """The checks of ``names`` that serve a table of ``seats``."""
    serve = {**CHECK_SEATS, **_QUESTION_SEATS} if names is QUESTION_CHECKS else CHECK_SEATS
    return tuple(n for n in names if seats in serve[n])


@dataclass
class CheckReader(NodeReader):
    """Reads the seats of the lesson's table and a step's ``check`` mapping, collecting every
    problem it finds."""

    seats: int = 2

    def seat(self, node: yaml.Node, step: int | None = None, *, none_ok: bool = False) -> object:
        """A seat's index (0 for A); ``None`` for a YAML null when allowed; an error names the
        seats of this table."""
        if self.seats == 2:
            return self.player(node, step, none_ok=none_ok)
        value = self.scalar(node)
        if value is None and none_ok:
            return None
        names = SEAT_LETTERS[: self.seats]
        if isinstance(value, str) and value.strip() in names:
            return names.index(value.strip())
        self.error(node, E_SEAT, step=step, value=shown(value), valid=", ".join(names))
        return BAD

    def checks(
        self, node: yaml.Node, number: int, valid: tuple[str, ...] = CHECKS
    ) -> tuple[Check, ...]:
        valid = checks_for(self.seats, valid)
        m = self.mapping(node, "check", (), number)
        if isinstance(node, yaml.MappingNode) and not node.value:  # it checks nothing
            self.error(node, E_EMPTY_TEXT, step=number, field="check")
        out = []
        for name, (key, value) in (m or {}).items():
            if name not in valid:
                self.error(key, E_CHECK, step=number, name=shown(name), valid=", ".join(valid))
                continue
            parsed = self.check_value(name, value, number)
            if parsed is BAD:
                continue
            if parsed in ((), (None, None)):  # an empty list or mapping: it checks nothing
                self.error(value, E_EMPTY_TEXT, step=number, field=name)
                continue
            line, col = _where(key)
            out.append(Check(name, parsed, line, col))
        return tuple(out)

    def check_value(self, name: str, node: yaml.Node, number: int) -> object:
        """The value of the check ``name`` (read by its reader in ``CHECK_READS``), or
        ``BAD`` when it has a problem."""
        n_errors = len(self.errors)
        result = CHECK_READS[name](self, node, name, number)
        return BAD if len(self.errors) > n_errors else result

    def illegal(self, node: yaml.Node, number: int) -> tuple[tuple[Move, str, str | None], ...]:
        """``[move, ...]`` or ``{move: rule id, ...}``: moves with the rule expected to forbid
        them (``None``: any rule)."""
        out: list[tuple[Move, str, str | None]] = []
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                parsed = self.move(key, number)
                rid: str | None = None
                if self.scalar(value) is not None:
                    ids = self.rule_ids(value, "illegal", number)
                    rid = ids[0] if ids else None
                if parsed is not None:
                    out.append((parsed[0], parsed[1], rid))
            return tuple(out)
        for item in self.items(node, "illegal", number):
            parsed = self.move(item, number)
            if parsed is not None:
                out.append((parsed[0], parsed[1], None))
        return tuple(out)


#: What a reader gives for a value with a problem (the problem is already recorded).
BAD = object()


# ----------------------------------------------------------------------------- check readers

#: Reads one check's value: the reader, the value's node, the check's name, the step number.
_CheckRead = Callable[[CheckReader, yaml.Node, str, int], object]


def _read_pair(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    """Counts by seat: ``(A, B)`` with two players (``None`` where not checked); at a table
    ``((seat, count), ...)``, each seat counting for its side."""
    if r.seats == 2:
        return r.per_player(node, name, number)
    m = r.mapping(node, name, SEAT_LETTERS[: r.seats], number)
    pairs = []
    for key, (knode, vnode) in (m or {}).items():
        seat = r.seat(knode, number)
        n = r.count(vnode, f"{name}.{key}", number)
        if isinstance(seat, int) and n is not None:
            pairs.append((seat, n))
    return tuple(pairs)


def _read_player(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    return r.seat(node, number, none_ok=name != "trick_winner")


def _read_legal(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    moves = [r.move(item, number) for item in r.items(node, name, number)]
    return tuple(m for m in moves if m is not None)


def _read_illegal(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    return r.illegal(node, number)


def _read_because(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    return r.rule_ids(node, name, number)


def _read_hand(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    hm = r.mapping(node, name, PLAYERS, number)
    hands: list[tuple[int, frozenset[Card]]] = []
    seen: dict[Card, str] = {}
    for i, p in enumerate(PLAYERS):
        if hm and p in hm:
            cards = r.cards(hm[p][1], f"hand.{p}", number)
            for card, where in cards:
                if card in seen:  # a hand holds a card once, and one hand holds it
                    r.error(where, E_TWICE_SAME, step=number, card=str(card), name=seen[card])
                seen.setdefault(card, f"hand.{p}")
            hands.append((i, frozenset(c for c, _ in cards)))
    return tuple(hands)


def _read_stock(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    return r.count(node, name, number)


def _read_trump_card(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    n_errors = len(r.errors)
    if r.scalar(node) is None:
        return None
    cards = r.cards(node, name, number)
    if len(cards) != 1 and len(r.errors) == n_errors:
        r.error(node, E_NOT_TEXT, step=number, field=name)
    return cards[0][0] if len(cards) == 1 else None


def _read_over(r: CheckReader, node: yaml.Node, name: str, number: int) -> object:
    return r.boolean(node, name, number)


#: One reader per check name, in the order of ``CHECKS`` (as ``check_runs.CHECK_RUNS`` runs them).
CHECK_READS: dict[str, _CheckRead] = {
    "points": _read_pair,
    "score": _read_pair,
    "pending": _read_pair,
    "tricks": _read_pair,
    "trick_winner": _read_player,
    "legal": _read_legal,
    "illegal": _read_illegal,
    "because": _read_because,
    "to_move": _read_player,
    "hand": _read_hand,
    "stock": _read_stock,
    "trump_card": _read_trump_card,
    "over": _read_over,
    "game_points": _read_pair,
    "winner": _read_player,
    "match": _read_pair,
    "match_winner": _read_player,
}
assert tuple(CHECK_READS) == CHECKS, "every check the reader accepts has its reader, in order"

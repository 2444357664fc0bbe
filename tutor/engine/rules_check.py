"""Checking a rule set: every number in its range, the switches the engine for its seat count
plays, and the switches that contradict each other.

Each engine declares what it plays (``Engine``): the switches it reads with any value, the
switches it plays only with some values (one value: the value it assumes), and by omission the
switches that change nothing under those values (``DEPENDS``: the penalty of a failed close
where nobody may close). ``check_rules`` refuses a rule set with a switch whose value its
engine does not play, so that no rule set states a rule the game is not played by.

>>> from tutor.engine.rulespec import parse_rules
>>> def refusal(spec):
...     try:
...         parse_rules(spec)
...     except SwitchValueError as exc:
...         return exc.message[1]
>>> refusal("four(trump.mode=heart_ace)")
{'name': 'trump.mode', 'value': 'heart_ace', 'valid': 'face_up'}
>>> refusal("classic(pack.copies=2)")
{'name': 'pack.copies', 'value': '2', 'valid': '1'}
>>> engine_for(3).module
'tutor.engine.table'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from tutor.engine.rules import (
    DEPENDS,
    E_SWITCH_CLASH,
    E_SWITCH_FIXED,
    E_SWITCH_HANDS,
    E_SWITCH_PACK,
    E_SWITCH_SCHNEIDER,
    E_SWITCH_TARGET,
    ExchangeTiming,
    OutResolution,
    PlayedOut,
    RuleSet,
    SwitchValueError,
    TrumpMode,
    field_of,
    switch_ids,
    value_text,
)
from tutor.msgid import N_

E_TWO_PARTNERS = N_(
    "the game for two players has no partners: the rule switch '{name}' must be '{valid}', "
    "not '{value}'"
)
E_TWO_PACK = N_(
    "the game for two players is played with one pack: the rule switch '{name}' must be "
    "'{valid}', not '{value}'"
)
E_TWO_PLAYED_OUT = N_(
    "in the game for two players the higher score or the last trick decides a deal played to "
    "the end: the rule switch '{name}' cannot be '{value}'; valid values: {valid}"
)
E_TWO_OUT = N_(
    "in the game for two players 66 can always be declared: the rule switch '{name}' must be "
    "'{valid}', not '{value}'"
)
E_TABLE_TRUMPS = N_(
    "the game for three or four players has no named trumps: the rule switch '{name}' must be "
    "'{valid}', not '{value}'"
)
E_TABLE_CLOSE = N_(
    "the game for three or four players has no closing of the stock: the rule switch '{name}' "
    "must be '{valid}', not '{value}'"
)
E_TABLE_EXCHANGE = N_(
    "in the game for three or four players the trump card is exchanged only on lead, before "
    "leading: the rule switch '{name}' must be '{valid}', not '{value}'"
)
E_TABLE_OUT = N_(
    "in the game for three or four players a declaration of 66 ends the deal at once: the rule "
    "switch '{name}' must be '{valid}', not '{value}'"
)
E_TABLE_PLAYED_OUT = N_(
    "in the game for three or four players the last trick alone does not decide a deal played "
    "to the end: the rule switch '{name}' cannot be '{value}'; valid values: {valid}"
)


class Limit(NamedTuple):
    """A switch an engine plays with some values only: those values (a single one is the value
    the engine assumes), and the message that says why the others are refused (a msgid with
    ``{name}``, ``{value}`` and ``{valid}``)."""

    values: tuple[Any, ...]
    why: str


@dataclass(frozen=True)
class Engine:
    """What one engine plays. ``seats``: the seat counts it is chosen for (``table.seats``);
    ``reads``: the switches it plays with any value; ``limits``: the switches it plays with
    some values only. Every other switch changes nothing under the limits (``DEPENDS``), which
    ``moot`` lists with the switch that makes it so."""

    module: str
    seats: tuple[int, ...]
    reads: frozenset[str]
    limits: Mapping[str, Limit]

    @property
    def assumes(self) -> dict[str, Any]:
        """The switches the engine does not read, each with the one value it plays."""
        return {sid: lim.values[0] for sid, lim in self.limits.items() if len(lim.values) == 1}

    def moot(self) -> dict[str, str]:
        """The switches neither read nor limited, each with the limited switch whose values
        make it change nothing; a switch with no such reason is missing from the declaration
        (``KeyError``)."""
        out = {}
        for sid in switch_ids():
            if sid == "table.seats" or sid in self.reads or sid in self.limits:
                continue
            link = sid
            while True:
                field_name, needed = DEPENDS[link]  # KeyError: neither declared nor moot
                link = next(s for s in switch_ids() if field_of(s) == field_name)
                if link == "table.seats":
                    if not set(self.seats) & set(needed):
                        break
                elif link in self.limits and not set(self.limits[link].values) & set(needed):
                    break
            out[sid] = link
        return out


#: The two-player engine (``state``, ``legality``, ``play``, ``scoring``, ``view``, ``match``).
TWO_PLAYERS = Engine(
    module="tutor.engine.state",
    seats=(2,),
    reads=frozenset(
        {
            "pack.ranks",
            "deal.hand_size",
            "pack.card_points",
            "trump.mode",
            "trump.naming_card",
            "deal.target",
            "deal.last_trick_bonus",
            "close.last_trick_bonus",
            "score.schneider_below",
            "score.schwarz_by",
            "score.game_points",
            "phase2.duty",
            "marriage.points",
            "marriage.trump_points",
            "marriage.needs_trick",
            "marriage.credit",
            "marriage.in_phase2",
            "marriage.escalating",
            "marriage.makes_trump",
            "exchange.rank",
            "exchange.needs_trick",
            "exchange.timing",
            "close.allowed",
            "close.penalty",
            "close.penalty_points",
            "close.penalty_no_trick_points",
            "close.no_trick_at",
            "close.opponent_out",
            "close.opponent_out_points",
            "close.before_draw",
            "close.opponent_exchange",
            "out.resolution",
            "out.after_marriage",
            "out.closer_opponent",
            "out.needs_trick",
            "out.false_penalty",
            "out.false_points",
            "out.false_no_trick_points",
            "match.mode",
            "match.target",
            "match.next_dealer",
        }
    ),
    limits={
        "table.partners": Limit((False,), E_TWO_PARTNERS),
        "pack.copies": Limit((1,), E_TWO_PACK),
        "deal.played_out": Limit((PlayedOut.HIGHER, PlayedOut.LAST_TRICK), E_TWO_PLAYED_OUT),
        "out.allowed": Limit((True,), E_TWO_OUT),
    },
)

#: The engine for three and four players (``tutor.engine.table``): single deals, a face-up
#: trump card, no closing.
TABLE = Engine(
    module="tutor.engine.table",
    seats=(3, 4),
    reads=frozenset(
        {
            "pack.ranks",
            "table.partners",
            "pack.copies",
            "trick.equal_cards",
            "score.losers",
            "deal.hand_size",
            "pack.card_points",
            "deal.target",
            "deal.last_trick_bonus",
            "score.schneider_below",
            "score.schwarz_by",
            "score.game_points",
            "phase2.duty",
            "marriage.points",
            "marriage.trump_points",
            "marriage.needs_trick",
            "marriage.credit",
            "marriage.in_phase2",
            "marriage.escalating",
            "exchange.rank",
            "exchange.needs_trick",
            "out.allowed",
            "out.after_marriage",
            "out.needs_trick",
            "out.false_penalty",
            "out.false_points",
            "out.false_no_trick_points",
            "match.mode",
            "match.target",
            "match.next_dealer",
        }
    ),
    limits={
        "trump.mode": Limit((TrumpMode.FACE_UP,), E_TABLE_TRUMPS),
        "marriage.makes_trump": Limit((False,), E_TABLE_TRUMPS),
        "close.allowed": Limit((False,), E_TABLE_CLOSE),
        "close.opponent_exchange": Limit((False,), E_TABLE_CLOSE),
        "exchange.timing": Limit((ExchangeTiming.ON_LEAD,), E_TABLE_EXCHANGE),
        "out.resolution": Limit((OutResolution.IMMEDIATE,), E_TABLE_OUT),
        "deal.played_out": Limit((PlayedOut.HIGHER, PlayedOut.ONLY_ONE), E_TABLE_PLAYED_OUT),
    },
)

#: Every engine; the seat count picks one.
ENGINES = (TWO_PLAYERS, TABLE)


def engine_for(seats: int) -> Engine:
    """The engine that plays ``seats`` players."""
    return next(e for e in ENGINES if seats in e.seats)


def check_rules(rules: RuleSet) -> None:
    """Raise ``SwitchValueError`` unless every whole-number switch lies in its range, the
    engine for the seat count plays every switch as set, and the switches agree with each
    other: partners sit at four seats; a marriage makes trumps only where no card does; two
    hands, at least one card to draw and the face-up trump card fit in the pack; the card to
    exchange and the card that names trumps are in the pack; the target can be reached;
    Schneider is judged below the target."""
    _check_ranges(rules)
    ranks = tuple(r.symbol for r in rules.ranks)
    if not rules.ranks or len(set(rules.ranks)) != len(rules.ranks):
        raise SwitchValueError("pack.ranks", " ".join(ranks), template=E_SWITCH_FIXED)
    for sid, limit in engine_for(rules.seats).limits.items():
        value = getattr(rules, field_of(sid))
        if value not in limit.values:
            valid = tuple(value_text(v) for v in limit.values)
            raise SwitchValueError(sid, value_text(value), valid, template=limit.why)
    if rules.partners and rules.seats != 4:
        raise SwitchValueError(
            "table.partners",
            "true",
            template=E_SWITCH_CLASH,
            other="table.seats",
            other_value=str(rules.seats),
        )
    most = (rules.pack_size - 2) // rules.seats
    if rules.hand_size > most:
        raise SwitchValueError(
            "deal.hand_size",
            str(rules.hand_size),
            low=1,
            high=most,
            template=E_SWITCH_HANDS,
            size=rules.pack_size,
        )
    if rules.exchange_rank not in rules.ranks:
        raise SwitchValueError(
            "exchange.rank", rules.exchange_rank.symbol, ranks, template=E_SWITCH_PACK
        )
    if rules.marriage_makes_trump and rules.face_up:
        raise SwitchValueError(
            "marriage.makes_trump",
            "true",
            template=E_SWITCH_CLASH,
            other="trump.mode",
            other_value=rules.trump_mode.value,
        )
    if (
        rules.trump_mode is TrumpMode.HEART_ACE
        and not rules.pack_mask >> rules.naming_card.index & 1
    ):
        raise SwitchValueError(
            "trump.naming_card",
            str(rules.naming_card),
            template=E_SWITCH_CLASH,
            other="pack.ranks",
            other_value=" ".join(ranks),
        )
    if rules.target > rules.reachable:
        raise SwitchValueError(
            "deal.target",
            str(rules.target),
            low=1,
            high=rules.reachable,
            template=E_SWITCH_TARGET,
        )
    if rules.schneider_below > rules.target:
        raise SwitchValueError(
            "score.schneider_below",
            str(rules.schneider_below),
            low=0,
            high=rules.target,
            template=E_SWITCH_SCHNEIDER,
        )


def _check_ranges(rules: RuleSet) -> None:
    """Every whole number within its switch's range, and the card points and game points
    lists of the right length with small whole numbers."""
    for f in dataclasses.fields(rules):
        bounds = f.metadata.get("range")
        if bounds is None:
            continue
        value = getattr(rules, f.name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SwitchValueError(f.metadata["id"], str(value))
        if not bounds[0] <= value <= bounds[1]:
            raise SwitchValueError(f.metadata["id"], str(value), low=bounds[0], high=bounds[1])
    for sid, values, high in (
        ("pack.card_points", rules.card_points, 99),
        ("score.game_points", rules.game_points, 9),
    ):
        if len(values) != (8 if sid == "pack.card_points" else 3) or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= high for v in values
        ):
            text = " ".join(str(v) for v in values)
            raise SwitchValueError(sid, text, low=0, high=high)

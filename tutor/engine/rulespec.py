"""Rule specs: a preset with switches changed, as text (``kurnik(target=61, phase2.duty=follow)``),
read into a checked ``RuleSet``.

>>> parse_rules("kurnik(target=61)").target
61
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from typing import Any

from tutor.engine.cards import Card, CardError, Rank
from tutor.engine.presets import PRESETS, preset
from tutor.engine.rules import (
    E_SWITCH_CARD,
    E_SWITCH_FIXED,
    RuleSet,
    SwitchValueError,
    UnknownPresetError,
)
from tutor.msgid import N_

E_RULES_LONG = N_("the rules spec is longer than {limit} characters")

#: The longest rules spec read (a preset and every switch changed fit in a few hundred).
MAX_SPEC = 1000


_SPEC = re.compile(r"^\s*([a-z0-9_]+)\s*(?:\((.*)\))?\s*$")


def parse_rules(spec: str) -> RuleSet:
    """A preset, optionally with switches changed: ``"kurnik(target=61, phase2.duty=follow)"``.

    Switches are named by id or field name; values are read by the switch's type, whole
    numbers within the switch's range, and the whole rule set is checked (``RuleSet.check``).
    Errors: ``UnknownPresetError`` for an unknown preset or switch, ``SwitchValueError`` for a
    value that is not allowed (each with a ``message`` to translate).

    >>> def refusal(spec):
    ...     try:
    ...         parse_rules(spec)
    ...     except SwitchValueError as exc:
    ...         return exc.message[1]
    >>> refusal("classic(deal.hand_size=0)")
    {'name': 'deal.hand_size', 'value': '0', 'low': 1, 'high': 15}
    >>> refusal("classic(deal.hand_size=12)")
    {'name': 'deal.hand_size', 'value': '12', 'high': 11, 'size': 24}
    >>> refusal("classic(target=9999)")
    {'name': 'deal.target', 'value': '9999', 'low': 1, 'high': 999}
    >>> refusal("classic(target=300)")
    {'name': 'deal.target', 'value': '300', 'high': 230}
    """
    if len(spec) > MAX_SPEC:
        raise SwitchValueError("", spec, template=E_RULES_LONG, limit=MAX_SPEC)
    m = _SPEC.match(spec)
    if not m:
        raise UnknownPresetError(spec, tuple(PRESETS))
    base = preset(m.group(1))
    if not m.group(2):
        return base
    fields = {f.name: f for f in dataclasses.fields(RuleSet) if f.metadata.get("id")}
    by_id = {f.metadata["id"]: f for f in fields.values()}
    changes: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in m.group(2).split(","))):
        key, _, raw = part.partition("=")
        f = by_id.get(key.strip()) or fields.get(key.strip())
        if f is None:
            raise UnknownPresetError(key.strip(), tuple(by_id), "rule switch")
        changes[f.name] = _convert(
            getattr(base, f.name), raw.strip(), f.metadata["id"], f.metadata.get("range")
        )
    return dataclasses.replace(base, name=spec.strip(), **changes).check()


def _convert(current: Any, raw: str, switch_id: str, bounds: tuple[int, int] | None) -> Any:
    """The value of a switch written as text; ``SwitchValueError`` says what it may be."""
    if isinstance(current, bool):
        if raw.lower() in ("true", "yes", "1"):
            return True
        if raw.lower() in ("false", "no", "0"):
            return False
        raise SwitchValueError(switch_id, raw, ("true", "false"))
    if isinstance(current, Card):
        try:
            return Card.parse(raw)
        except CardError:
            raise SwitchValueError(switch_id, raw, template=E_SWITCH_CARD) from None
    if isinstance(current, Rank):
        try:
            return Rank.parse(raw)
        except ValueError:
            raise SwitchValueError(switch_id, raw, tuple(r.symbol for r in Rank)) from None
    if isinstance(current, Enum):
        try:
            return type(current)(raw)
        except ValueError:
            raise SwitchValueError(
                switch_id, raw, tuple(str(e.value) for e in type(current))
            ) from None
    if isinstance(current, int) and bounds is not None:
        low, high = bounds
        if not re.fullmatch(r"[+-]?[0-9]+", raw):
            raise SwitchValueError(switch_id, raw)
        if len(raw) <= 6 and low <= int(raw) <= high:
            return int(raw)
        raise SwitchValueError(switch_id, raw, low=low, high=high)
    raise SwitchValueError(switch_id, raw, template=E_SWITCH_FIXED)

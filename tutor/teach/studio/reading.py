"""Position data and text read into the deal editor's ``Setup``: every card put by
``Setup.put`` so that its refusals apply; what the editor does not edit carried along."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tutor.engine import SEAT_LETTERS, Card
from tutor.formats.positions import PositionError, position_to_dict, read_position
from tutor.teach.studio.setup import (
    CARRIED,
    OWNED,
    PAST,
    STOCK,
    TRICK,
    TRUMP,
    Place,
    Refusal,
    Setup,
    card_list,
    card_of,
    hand,
    refuse,
)

__all__ = ["setup_from_data", "setup_from_text"]


def _seat(text: object, seats: int) -> int | None:
    if isinstance(text, str) and len(text) == 1 and text in SEAT_LETTERS[:seats]:
        return SEAT_LETTERS.index(text)
    return None


def setup_from_data(data: object) -> Setup | Refusal:
    """A setup from data in the position format (complete or not), every card placed by
    ``Setup.put`` so that its refusals apply."""
    if not isinstance(data, Mapping):
        return refuse("shape")
    unknown = [k for k in data if k not in CARRIED and k not in OWNED]
    if unknown:
        return refuse("field", field=str(unknown[0])[:40])
    spec = data.get("preset", "classic")
    if not isinstance(spec, str):
        return refuse("unknown_preset", preset=str(spec)[:40])
    made = Setup().with_preset(spec)
    if isinstance(made, Refusal):
        return made
    s, _ = made
    n = s.seats
    dealer = _seat(data.get("dealer", SEAT_LETTERS[(n - 1) % n]), n)
    if dealer is None:
        return refuse("field", field="dealer")
    s = s.with_dealer(dealer)
    trump = data.get("trump", "none")
    if not isinstance(trump, str):
        return refuse("field", field="trump")
    if trump in ("", "none"):
        step = s.with_trump_suit(None)
    elif len(trump) >= 2:
        step = s.put(trump, TRUMP)
    else:
        step = s.with_trump_suit(trump)
    if isinstance(step, Refusal):
        return step
    s = step
    hands = data.get("hands", {})
    if not isinstance(hands, Mapping) or any(_seat(k, n) is None for k in hands):
        return refuse("field", field="hands")
    puts: list[tuple[str, Place]] = []
    for key, text in hands.items():
        cards = card_list(text)
        if cards is None:
            return refuse("field", field=f"hands.{key}")
        seat = _seat(key, n)
        assert seat is not None
        puts += [(c, hand(seat)) for c in cards]
    for name, place in (("stock", STOCK),):
        cards = card_list(data.get(name, ""))
        if cards is None:
            return refuse("field", field=name)
        puts += [(c, place) for c in cards]
    for card, place in puts:
        step = s.put(card, place)
        if isinstance(step, Refusal):
            return step
        s = step
    return _history(s, data)


def _history(s: Setup, data: Mapping[Any, Any]) -> Setup | Refusal:
    """The past and the trick in progress of position data put into a setup."""
    n = s.seats
    carry = {k: data[k] for k in CARRIED if k in data}
    played = card_list(carry.get("played", ""))
    if played is None:
        return refuse("field", field="played")
    rules = s.rules
    for text in played:
        parsed = card_of(text)
        if parsed is None or not rules.pack_mask >> parsed.index & 1:
            return refuse("not_in_pack", card=text[:8], preset=s.preset)
    s = replace(s, played=tuple(str(Card.parse(c)) for c in played))
    s = replace(s, carry=json.dumps(carry) if carry else "")
    over = [c for c, k in s.where().items() if k > rules.copies]
    if over:
        return refuse("placed", card=over[0], place="past")
    tricks = data.get("tricks", [])
    if not isinstance(tricks, list) or (tricks and s.carry):
        return refuse("field", field="tricks")
    for entry in tricks:
        parts = entry.split() if isinstance(entry, str) else []
        if len(parts) != n + 1 or _seat(parts[0], n) is None:
            return refuse("field", field="tricks")
        first = _seat(parts[0], n)
        if not s.past and first is not None:
            s = s.with_dealer(first - 1)
        for card in parts[1:]:
            step = s.put(card, PAST)
            if isinstance(step, Refusal):
                return step
            s = step
    trick = card_list(data.get("trick", data.get("lead", "")))
    to_move = _seat(data.get("to_move"), n)
    if trick is None or to_move is None:
        return refuse("field", field="to_move" if to_move is None else "trick")
    lead = (to_move - len(trick)) % n
    if not s.past and lead != (s.dealer + 1) % n:
        s = replace(s, leader=lead)
    for card in trick:
        step = s.put(card, TRICK)
        if isinstance(step, Refusal):
            return step
        s = step
    return s


def setup_from_text(text: str) -> Setup | Refusal:
    """A setup from position text (YAML or JSON): the reader checks it whole first, so a
    refusal carries its message with the line and the field."""
    try:
        position = read_position(text, source="text")
    except PositionError as exc:
        return Refusal("position", (), exc)
    if position.view is not None:
        return refuse("view")
    try:
        data = position_to_dict(position.subject, position.title)
    except PositionError as exc:
        return Refusal("position", (), exc)
    return setup_from_data(data)

"""Writing a position: ``position_to_dict`` gives the schema ``load_position`` reads, so a
written position reads back equal; ``position_dump`` gives it as YAML or JSON text."""

from __future__ import annotations

import json
from typing import Any

import yaml

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    State,
    TableState,
    UnknownPresetError,
    View,
    Wait,
    cards_of_mask,
    parse_rules,
)
from tutor.formats.position_messages import E_WRITE_OVER, E_WRITE_RULES
from tutor.formats.position_model import PositionError
from tutor.formats.position_table import table_to_dict

__all__ = ["position_dump", "position_to_dict"]


def _cards_text(mask: int) -> str:
    return " ".join(str(c) for c in cards_of_mask(mask))


def position_to_dict(subject: State | View | TableState, title: str = "") -> dict[str, Any]:
    """The position as plain data in the schema ``load_position`` reads (cards as text); a
    deal at a table of three or four in the table's schema."""
    if subject.result is not None:
        raise PositionError(E_WRITE_OVER, source="<data>")
    rules = subject.rules
    try:
        same = parse_rules(rules.name) == rules
    except (ValueError, UnknownPresetError):
        same = False
    if not same:
        raise PositionError(E_WRITE_RULES, source="<data>", name=rules.name)
    if isinstance(subject, TableState):
        return table_to_dict(subject, title)
    to_move = subject.to_move
    assert to_move is not None
    out: dict[str, Any] = {}
    if title:
        out["title"] = title
    out["preset"] = rules.name
    out["dealer"] = PLAYER_NAMES[subject.dealer]
    out["to_move"] = PLAYER_NAMES[to_move]
    if subject.trump_card >= 0:
        out["trump"] = str(CARDS[subject.trump_card])
    else:
        out["trump"] = "none" if subject.trump is None else str(subject.trump)
    if isinstance(subject, State):
        out["hands"] = {"A": _cards_text(subject.hands[0]), "B": _cards_text(subject.hands[1])}
        if any(subject.known):
            out["known"] = {
                name: _cards_text(subject.known[p])
                for p, name in enumerate(PLAYER_NAMES)
                if subject.known[p]
            }
        out["stock"] = " ".join(str(c) for c in subject.stock_cards)
        played = subject.played_mask
    else:
        out["player"] = PLAYER_NAMES[subject.player]
        out["hand"] = _cards_text(subject.hand)
        if subject.shown:
            out["shown"] = _cards_text(subject.shown)
        opp: dict[str, Any] = {}
        if subject.opponent_known:
            opp["known"] = _cards_text(subject.opponent_known)
        opp["unknown"] = subject.opponent_hand_size - subject.opponent_known.bit_count()
        if subject.excluded:
            opp["excluded"] = _cards_text(subject.excluded)
        out["opponent"] = opp
        out["stock"] = subject.stock_count
        played = subject.played
    if played:
        out["played"] = _cards_text(played)
    if subject.last_trick is not None:
        leader, c1, c2, _w = subject.last_trick
        out["last_trick"] = f"{PLAYER_NAMES[leader]} {CARDS[c1]} {CARDS[c2]}"
    if subject.lead >= 0:
        out["lead"] = str(CARDS[subject.lead])
        if subject.lead_marriage:
            out["lead_marriage"] = True
    scores: dict[str, dict[str, int]] = {}
    for p, name in enumerate(PLAYER_NAMES):
        entry = {
            "points": subject.points[p],
            "melds": subject.melds[p],
            "pending": subject.pending[p],
            "tricks": subject.tricks[p],
        }
        scores[name] = {k: v for k, v in entry.items() if v or k in ("points", "tricks")}
    out["scores"] = scores
    if subject.marriages:
        out["marriages"] = [f"{PLAYER_NAMES[p]} {s}" for p, s in subject.marriages]
    if subject.closed_by >= 0:
        out["closed_by"] = PLAYER_NAMES[subject.closed_by]
        out["closed_opponent_tricks"] = subject.closed_opp_tricks
    if subject.out_by >= 0:
        out["declared_by"] = PLAYER_NAMES[subject.out_by]
    if subject.waiting is not Wait.NOTHING:
        out["waiting"] = subject.waiting.value
    return out


def position_dump(subject: State | View | TableState, fmt: str = "yaml", title: str = "") -> str:
    """The position as YAML (``fmt="yaml"``) or one line of JSON (``fmt="json"``)."""
    data = position_to_dict(subject, title)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False)
    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None))

"""The game for three of 000 is counted only after the ninth trick: under ``three`` nobody
declares 66 (``out.allowed=false``), a deal always runs to the last trick, and the switches of
declaring change nothing there."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.engine import (
    DECLARE_OUT,
    SRC_000,
    EndKind,
    Marriage,
    SwitchValueError,
    TableState,
    deal_table,
    parse_rules,
    preset,
    table_apply,
    table_check,
    table_legal_moves,
    unused_by,
)


def _first_lead() -> TableState:
    """The deal of the finding: seed 3, A deals, B on lead with 10c 9c 8c 9s 10d Qd Jd."""
    return deal_table(preset("three"), random.Random(3), dealer=0)


def test_nobody_may_declare_at_the_first_lead_of_three() -> None:
    s = _first_lead()
    moves = table_legal_moves(s)
    assert DECLARE_OUT not in moves
    assert not any(isinstance(m, Marriage) and m.out for m in moves)
    verdict = table_check(s, DECLARE_OUT)
    assert not verdict.legal and verdict.rule_ids == ("out.allowed",)
    with pytest.raises(ValueError, match=r"out\.allowed"):
        table_apply(s, DECLARE_OUT)
    # with the switch turned on, the same position offers it: the switch decides
    on = s._replace(rules=parse_rules("three(out.allowed=true)"))
    assert DECLARE_OUT in table_legal_moves(on)


def test_a_deal_of_three_is_counted_after_the_ninth_trick() -> None:
    """Even a player holding 66 and more goes on to the ninth trick; then only a single player
    with 66 wins (000)."""
    rules = preset("three")
    rng = random.Random(7)
    for seed in range(30):
        s = deal_table(rules, random.Random(seed), dealer=seed % 3)
        while s.result is None:
            moves = table_legal_moves(s)
            assert DECLARE_OUT not in moves
            s = table_apply(s, moves[rng.randrange(len(moves))])
        assert s.result.kind in (EndKind.LAST_TRICK, EndKind.DRAW)
        assert sum(s.tricks) == 9 and not any(s.hands)
        reached = [x for x in range(3) if s.score(x) >= 66]
        assert s.result.winner == (reached[0] if len(reached) == 1 else None)


def test_the_switch_has_its_source_and_note_and_two_players_keep_declaring() -> None:
    rules = preset("three")
    sw = rules.switch("out.allowed")
    assert sw.value is False and sw.source == SRC_000 and "ninth trick" in sw.note
    for sid in ("out.resolution", "out.after_marriage", "out.needs_trick", "out.false_points"):
        assert unused_by(rules, sid) is not None
    assert unused_by(preset("three_pack32"), "out.resolution") is None
    with pytest.raises(SwitchValueError) as err:
        parse_rules("classic(out.allowed=false)")
    assert err.value.switch_id == "out.allowed"


@pytest.mark.parametrize(
    "switch_id", ["out.after_marriage", "out.needs_trick", "out.false_penalty"]
)
def test_a_declaring_switch_changes_no_deal_of_three(switch_id: str) -> None:
    rules = preset("three")
    field_name = rules.switch(switch_id).field
    value = getattr(rules, field_name)
    if isinstance(value, bool):
        changed: object = not value
    else:
        changed = next(v for v in type(value) if v is not value)
    other = replace(rules, **{field_name: changed})
    for seed in range(20):
        a = deal_table(rules, random.Random(seed), dealer=seed % 3)
        b = deal_table(other, random.Random(seed), dealer=seed % 3)
        pick = random.Random(seed + 1)
        while a.result is None:
            legal = table_legal_moves(a)
            assert legal == table_legal_moves(b)
            m = legal[pick.randrange(len(legal))]
            a, b = table_apply(a, m), table_apply(b, m)
        assert a.result == b.result

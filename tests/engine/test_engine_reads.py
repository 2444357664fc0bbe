"""Each engine declares the rule switches it plays (``tutor.engine.rules_check``), and no rule
set states a rule its engine does not play: a switch the engine plays with some values only is
refused at every other value, with a message naming the switch; a switch the engine declares
it reads changes the game on some seeded deal; a switch that the declaration makes moot
changes nothing."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any

import pytest

from tutor.cli import main as cli
from tutor.engine import (
    CARDS,
    ENGINES,
    PRESETS,
    TABLE_PRESETS,
    Card,
    Engine,
    Match,
    Rank,
    RuleSet,
    SwitchValueError,
    applies,
    engine_for,
    game_for,
    parse_rules,
    switch_ids,
)
from tutor.engine.rules import DEPENDS, field_of, value_text
from tutor.engine.rules_check import TABLE, TWO_PLAYERS
from tutor.words.i18n import get_translator

EVERY = {**PRESETS, **TABLE_PRESETS}
#: Seeded deals (for the match switches: matches) tried before a switch is said to change nothing.
TRIES = 60
#: Switches whose readings part only in rare games, with the seeded games tried and why.
RARE: dict[str, tuple[int, str]] = {
    "deal.played_out": (
        400,
        "two players both reach the target only with marriages in a deal played to the end: "
        "only then do the higher score and the last trick name different winners",
    ),
}
#: Switches a flip alone cannot change, each with the switches set with it and why. (A switch
#: that depends on another, ``DEPENDS``, is flipped where the other has a value it is read under.)
TOGETHER: dict[str, tuple[Callable[[RuleSet], dict[str, Any]], str]] = {
    "pack.ranks": (
        lambda r: {"ranks": r.ranks[:-1], "exchange_rank": r.ranks[-2]},
        "the card exchanged for the face-up trump must stay in the pack",
    ),
    "table.seats": (
        lambda r: (
            {"seats": 4, "hand_size": (r.pack_size - 2) // 4}
            if r.seats == 3
            else {"seats": 3, "partners": False}
        ),
        "three players' pack holds fewer hands for four; three players sit without partners",
    ),
}


def presets_of(engine: Engine) -> list[RuleSet]:
    return [r for r in EVERY.values() if r.seats in engine.seats]


def values_of(rules: RuleSet, switch_id: str) -> list[Any]:
    """Values to try for a switch, the likeliest to change a game first (not the current one)."""
    f = next(f for f in dataclasses.fields(RuleSet) if f.name == field_of(switch_id))
    v = getattr(rules, f.name)
    if isinstance(v, bool):
        return [not v]
    if isinstance(v, Enum):
        return [e for e in type(v) if e is not v]
    if isinstance(v, Rank):
        return [r for r in rules.ranks if r is not v]
    if isinstance(v, Card):
        return [CARDS[i] for i in range(32) if rules.pack_mask >> i & 1 and i != v.index]
    if isinstance(v, int):
        low, high = f.metadata["range"]
        return [
            x for x in dict.fromkeys((v // 2, v * 2, v - 1, v + 1)) if low <= x <= high and x != v
        ]
    if switch_id == "pack.ranks":
        return [rules.ranks[:-1]]
    return [(v[0] // 2 if v[0] > 1 else v[0] + 1, *v[1:])]  # card points, game points


def flips(engine: Engine, switch_id: str) -> Iterator[tuple[RuleSet, RuleSet]]:
    """Pairs of rule sets of ``engine`` that differ in ``switch_id`` (and what ``TOGETHER``
    sets with it), each passing the check, where the switch is read: on each preset, with the
    switches it depends on set to a value it is read under."""
    for base in presets_of(engine):
        link = switch_id
        while not applies(base, switch_id) and link in DEPENDS:
            field_name, needed = DEPENDS[link]
            base = dataclasses.replace(base, **{field_name: needed[0]})
            link = next(s for s in switch_ids() if field_of(s) == field_name)
        try:
            base.check()
        except SwitchValueError:
            continue
        for value in values_of(base, switch_id):
            changes = {field_of(switch_id): value}
            if switch_id in TOGETHER:
                changes |= TOGETHER[switch_id][0](base)
            try:
                yield base, dataclasses.replace(base, **changes).check()
            except SwitchValueError:
                continue


def trace(rules: RuleSet, seed: int) -> list[object]:
    """What a seeded game shows: every list of legal moves and every outcome of a match (at
    most 40 deals with two players, 12 at a table), each move drawn at random."""
    rng = random.Random(seed)
    game = game_for(rules)
    seen: list[object] = []
    match = Match.start(rules, dealer=seed % rules.seats)
    longest = 40 if rules.seats == 2 else 12
    while match.winner is None and not match.is_drawn and match.deals < longest:
        deal = game.new_deal(rng, dealer=match.dealer)
        while deal.result is None:
            legal = deal.legal_moves()
            seen.append(legal)
            deal = deal.apply(legal[rng.randrange(len(legal))])
        seen.append(deal.result)
        match = match.record(deal.result)
    return [*seen, (match.scores, match.deals, match.draws, match.dealer, match.winner)]


def changes_a_game(a: RuleSet, b: RuleSet, switch_id: str) -> bool:
    tries = RARE[switch_id][0] if switch_id in RARE and a.seats == 2 else TRIES
    return any(trace(a, seed) != trace(b, seed) for seed in range(tries))


# ----------------------------------------------------------------------------- the declarations


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.module)
def test_every_switch_is_read_limited_or_moot(engine: Engine) -> None:
    """Each switch once: read, played with some values, or moot under those values (the seat
    count picks the engine)."""
    assert not engine.reads & set(engine.limits)
    moot = engine.moot()  # KeyError: a switch the declaration forgets
    assert set(switch_ids()) == {"table.seats", *engine.reads, *engine.limits, *moot}
    for sid, limit in engine.limits.items():
        assert limit.values, sid
        assert "{name}" in limit.why and "{value}" in limit.why and "{valid}" in limit.why


def test_the_seat_count_picks_the_engine() -> None:
    assert [engine_for(n) for n in (2, 3, 4)] == [TWO_PLAYERS, TABLE, TABLE]
    assert TABLE.assumes["trump.mode"].value == "face_up"


@pytest.mark.parametrize("name", list(EVERY))
def test_every_preset_is_played_by_its_engine(name: str) -> None:
    rules = EVERY[name]
    assert rules.check() is rules
    engine = engine_for(rules.seats)
    for sid, limit in engine.limits.items():
        assert getattr(rules, field_of(sid)) in limit.values, (name, sid)


def _refusals() -> Iterator[tuple[str, str, str]]:
    """Every seat count's presets, every switch its engine limits, every value it does not
    play: the spec, the switch and the message expected."""
    for name, rules in EVERY.items():
        engine = engine_for(rules.seats)
        for sid, limit in engine.limits.items():
            current = getattr(rules, field_of(sid))
            if isinstance(current, Enum):
                others: list[Any] = list(type(current))
            elif isinstance(current, bool):
                others = [True, False]
            else:
                others = [1, 2]  # pack.copies
            for value in others:
                if value not in limit.values:
                    yield f"{name}({sid}={value_text(value)})", sid, limit.why


@pytest.mark.parametrize(("spec", "switch_id", "why"), list(_refusals()))
def test_a_value_the_engine_does_not_play_is_refused(spec: str, switch_id: str, why: str) -> None:
    with pytest.raises(SwitchValueError) as err:
        parse_rules(spec)
    template, params = err.value.message
    assert (template, params["name"]) == (why, switch_id)
    for lang in ("de", "pl"):
        text = get_translator(lang)._(template, **params)
        assert switch_id in text and text != get_translator("en")._(template, **params)


def test_every_seat_count_refuses_something() -> None:
    refused = {spec.split("(")[0] for spec, _, _ in _refusals()}
    assert {EVERY[n].seats for n in refused} == {2, 3, 4}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.module)
def test_a_moot_switch_takes_any_value_and_changes_nothing(engine: Engine) -> None:
    """A switch the declaration makes moot is not refused, and another value of it plays every
    seeded game the same."""
    for sid in engine.moot():
        for rules in presets_of(engine):
            other = dataclasses.replace(rules, **{field_of(sid): values_of(rules, sid)[0]}).check()
            assert all(trace(rules, seed) == trace(other, seed) for seed in range(10)), sid


# ----------------------------------------------------------------------------- the set cannot lie


def _read(engine: Engine) -> list[str]:
    """The switches the engine plays with more than one value."""
    limited = [sid for sid, lim in engine.limits.items() if len(lim.values) > 1]
    seats = ["table.seats"] if len(engine.seats) > 1 else []
    return sorted({*engine.reads, *limited, *seats})


@pytest.mark.parametrize(
    ("engine", "switch_id"),
    [(e, sid) for e in ENGINES for sid in _read(e)],
    ids=lambda x: x if isinstance(x, str) else x.module.rsplit(".", 1)[1],
)
def test_a_switch_the_engine_reads_changes_a_game(engine: Engine, switch_id: str) -> None:
    """Flipped on a preset of the engine (with what it depends on, or ``TOGETHER``), a switch
    the engine declares it reads changes the legal moves or the outcome of a seeded game."""
    pairs = list(flips(engine, switch_id))
    assert pairs, f"{switch_id} cannot be flipped on any preset of {engine.module}"
    assert any(changes_a_game(a, b, switch_id) for a, b in pairs[:4]), (
        f"{engine.module} declares it reads {switch_id}, but no seeded game changes"
    )


# ----------------------------------------------------------------------------- where specs are read


@pytest.mark.parametrize(
    ("spec", "switch_id", "words"),
    [
        ("four(trump.mode=heart_ace)", "trump.mode", "wird Trumpf nicht angesagt"),
        ("three(trump.mode=named)", "trump.mode", "wird Trumpf nicht angesagt"),
        ("three(out.resolution=after_trick)", "out.resolution", "beendet das Ausmelden"),
        ("three(close.opponent_exchange=true)", "close.opponent_exchange", "nicht zugedreht"),
    ],
)
def test_selfplay_refuses_rules_it_would_not_play(
    spec: str, switch_id: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["selfplay", "--rules", spec, "--games", "2", "--lang", "de"]) == 2
    out, err = capsys.readouterr()
    assert not out
    assert err.startswith("--rules: ") and switch_id in err and words in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_rules_command_refuses_them_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--preset", "four(trump.mode=named)", "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert "trump.mode" in err and "atutu się nie wybiera" in err

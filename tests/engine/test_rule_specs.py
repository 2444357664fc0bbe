"""Rule specs (``classic(target=61)``) as data: every whole-number switch has its range next to
its id, a whole rule set is checked for consistency, and a bad value is refused with a
``SwitchValueError`` (a msgid with the switch, the value and the range), translated, with the
file and line when the spec stands in a file, never a crash."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli.main import main
from tutor.engine import (
    PRESETS,
    TABLE_PRESETS,
    RuleSet,
    SwitchValueError,
    UnknownPresetError,
    apply,
    legal_moves,
    parse_rules,
    random_deal,
    rulespec,
)
from tutor.engine import rules as R
from tutor.formats.positions import PositionError, read_position
from tutor.teach.lessons import check_lesson
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
DE, PL, EN = get_translator("de"), get_translator("pl"), get_translator("en")

INT_SWITCHES = {
    f.metadata["id"]: f.metadata["range"]
    for f in dataclasses.fields(RuleSet)
    if f.metadata.get("id") and f.type == "int"
}


def refusal(spec: str) -> SwitchValueError:
    with pytest.raises(SwitchValueError) as raised:
        parse_rules(spec)
    return raised.value


def test_every_whole_number_switch_has_its_range() -> None:
    ints = [f for f in dataclasses.fields(RuleSet) if f.metadata.get("id") and f.type == "int"]
    assert len(ints) == 14
    for f in ints:
        low, high = f.metadata["range"]
        assert low <= high
    assert INT_SWITCHES["deal.hand_size"] == (1, 15)
    assert INT_SWITCHES["deal.target"] == (1, 999)


@pytest.mark.parametrize("name", sorted({**PRESETS, **TABLE_PRESETS}))
def test_every_preset_is_consistent(name: str) -> None:
    rules = {**PRESETS, **TABLE_PRESETS}[name]
    assert rules.check() is rules
    assert parse_rules(name) is rules
    for sid, (low, high) in INT_SWITCHES.items():
        assert low <= rules.switch(sid).value <= high


@pytest.mark.parametrize("sid", sorted(INT_SWITCHES))
def test_a_value_outside_the_range_is_refused(sid: str) -> None:
    low, high = INT_SWITCHES[sid]
    for value in (low - 1, high + 1, 10**30, -(10**30)):
        err = refusal(f"pack32({sid}={value})")
        template, params = err.message
        assert template == R.E_SWITCH_RANGE
        assert params["name"] == sid and (params["low"], params["high"]) == (low, high)
        assert len(params["value"]) <= 40  # a huge value is quoted cut short
        assert sid in str(err)


def test_hand_size_zero_is_refused_not_a_crash() -> None:
    """``classic(deal.hand_size=0)`` died with IndexError in self-play."""
    err = refusal("classic(deal.hand_size=0)")
    assert err.message == (
        R.E_SWITCH_RANGE,
        {"name": "deal.hand_size", "value": "0", "low": 1, "high": 15},
    )


def test_selfplay_with_hand_size_zero_exits_with_the_message() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "selfplay", "--rules", "classic(deal.hand_size=0)"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "Internal error" not in done.stderr
    assert done.stderr.strip() == (
        "--rules: the rule switch 'deal.hand_size' must be a whole number from 1 to 15, not '0'"
    )


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_hands_must_leave_a_stock_in_the_pack(name: str) -> None:
    rules = PRESETS[name]
    most = (rules.pack_size - 2) // 2
    err = refusal(f"{name}(deal.hand_size={most + 1})")
    if most == INT_SWITCHES["deal.hand_size"][1]:  # the 32-card pack: the switch's own range
        assert err.message[0] == R.E_SWITCH_RANGE
    else:
        assert err.message == (
            R.E_SWITCH_HANDS,
            {
                "name": "deal.hand_size",
                "value": str(most + 1),
                "high": most,
                "size": rules.pack_size,
            },
        )
    rng = random.Random(most)
    for size in (1, most):  # the smallest and the largest hands play to the end
        changed = parse_rules(f"{name}(deal.hand_size={size})")
        for dealer in (0, 1):
            s = random_deal(changed, rng, dealer=dealer)
            assert s.hands[0].bit_count() == size
            while s.result is None:
                s = apply(s, rng.choice(legal_moves(s)))


def test_target_9999_and_targets_beyond_reach_are_refused() -> None:
    """``classic(target=9999)`` made one hint search for 45 s: no one can reach it."""
    assert refusal("classic(target=9999)").message[0] == R.E_SWITCH_RANGE
    reach = PRESETS["classic"].reachable
    assert reach == 120 + 10 + 3 * 20 + 40
    err = refusal(f"classic(target={reach + 1})")
    assert err.message == (
        R.E_SWITCH_TARGET,
        {"name": "deal.target", "value": str(reach + 1), "high": reach},
    )
    assert parse_rules(f"classic(target={reach})").target == reach
    # The reach follows the other switches of the spec.
    assert refusal("classic(marriage.points=0, marriage.trump_points=0, target=131)")
    assert parse_rules("classic(marriage.points=0, marriage.trump_points=0, target=130)")


def test_schneider_above_the_target_is_refused() -> None:
    err = refusal("classic(target=61, score.schneider_below=62)")
    assert err.message == (
        R.E_SWITCH_SCHNEIDER,
        {"name": "score.schneider_below", "value": "62", "high": 61},
    )


def test_the_card_to_exchange_must_be_in_the_pack() -> None:
    err = refusal("sharpened(exchange.rank=9)")
    template, params = err.message
    assert template == R.E_SWITCH_PACK
    assert params["value"] == "9" and params["valid"] == "A, 10, K, Q, J"


@pytest.mark.parametrize("sid", ["pack.ranks", "pack.card_points", "score.game_points"])
def test_switches_that_cannot_be_set_from_text_are_refused_with_a_message(sid: str) -> None:
    err = refusal(f"classic({sid}=1)")
    assert err.message == (R.E_SWITCH_FIXED, {"name": sid})
    template, params = err.message
    assert DE._(template, **params) != EN._(template, **params)


def test_words_and_long_specs() -> None:
    assert refusal("classic(target=sixty)").message[0] == R.E_SWITCH_NUMBER
    assert refusal("classic(target=)").message[0] == R.E_SWITCH_NUMBER
    err = refusal("classic(" + "target=61, " * 200 + ")")
    assert err.message == (rulespec.E_RULES_LONG, {"limit": rulespec.MAX_SPEC})
    with pytest.raises(UnknownPresetError) as unknown:
        parse_rules("classic(no.such=1)")
    assert unknown.value.message == (
        R.E_UNKNOWN_SWITCH,
        {"name": "no.such", "valid": ", ".join(s.id for s in PRESETS["classic"].switches())},
    )
    with pytest.raises(UnknownPresetError) as preset:
        parse_rules("x" * 500)
    assert preset.value.message[0] == R.E_UNKNOWN_PRESET
    assert len(preset.value.name) <= 40


def test_with_changes_checks_the_whole_rule_set() -> None:
    with pytest.raises(SwitchValueError):
        PRESETS["classic"].with_changes(hand_size=12)
    with pytest.raises(SwitchValueError):
        PRESETS["classic"].with_changes(game_points=(1, 2, 30))
    assert PRESETS["classic"].with_changes(game_points=(1, 2, 4)).game_points == (1, 2, 4)


TEMPLATES = [
    (R.E_SWITCH_RANGE, {"name": "deal.target", "value": "0", "low": 1, "high": 999}),
    (R.E_SWITCH_FIXED, {"name": "pack.ranks"}),
    (R.E_SWITCH_HANDS, {"name": "deal.hand_size", "value": 12, "high": 11, "size": 24}),
    (R.E_SWITCH_TARGET, {"name": "deal.target", "value": 300, "high": 230}),
    (R.E_SWITCH_SCHNEIDER, {"name": "score.schneider_below", "value": 70, "high": 66}),
    (R.E_SWITCH_PACK, {"name": "exchange.rank", "value": "9", "valid": "A, 10"}),
    (rulespec.E_RULES_LONG, {"limit": 1000}),
    (R.E_UNKNOWN_PRESET, {"name": "x", "valid": "classic"}),
    (R.E_UNKNOWN_SWITCH, {"name": "x", "valid": "deal.target"}),
]


@pytest.mark.parametrize(("template", "params"), TEMPLATES)
def test_every_refusal_is_translated(template: str, params: dict[str, object]) -> None:
    english = EN._(template, **params)
    for tr in (DE, PL):
        text = tr._(template, **params)
        assert text != english
        for value in params.values():
            assert str(value) in text


def test_a_bad_spec_in_a_position_names_file_line_and_field() -> None:
    text = (ROOT / "positions" / "blank-ten.yaml").read_text(encoding="utf-8")
    bad = text.replace("preset: kurnik", "preset: kurnik(deal.hand_size=0)")
    with pytest.raises(PositionError) as raised:
        read_position(bad, "blank-ten.yaml")
    err = raised.value
    assert (err.template, err.line, err.field) == (R.E_SWITCH_RANGE, 5, "preset")
    assert err.render(DE).startswith("blank-ten.yaml:5: preset: der Regelschalter 'deal.hand_size'")


def test_a_bad_spec_in_a_lesson_names_file_and_line(tmp_path: Path) -> None:
    source = (ROOT / "lessons" / "01-cards-and-points.yaml").read_text(encoding="utf-8")
    assert "\nrules: classic\n" in source
    path = tmp_path / "lesson.yaml"
    path.write_text(source.replace("\nrules: classic\n", "\nrules: classic(target=9999)\n"))
    lesson, errors = check_lesson(path)
    assert lesson is None and len(errors) == 1
    err = errors[0]
    line = source[: source.index("\nrules: classic\n")].count("\n") + 2
    assert (err.template, err.line) == (R.E_SWITCH_RANGE, line)
    assert str(err).startswith(f"{path}:{line}:")


@pytest.mark.parametrize("option", [["rules", "--preset"], ["selfplay", "--rules"]])
def test_the_command_line_refuses_a_bad_spec_in_the_chosen_language(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*option, "classic(deal.hand_size=12)", "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{option[1]}: przełącznik zasad 'deal.hand_size'")
    assert err.count("\n") == 1
    assert main([*option, "austria"]) == 2
    assert "unknown rules preset 'austria'" in capsys.readouterr().err


@settings(max_examples=150)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    sid=st.sampled_from(sorted(INT_SWITCHES)),
    value=st.one_of(st.integers(-100, 1100), st.text(max_size=8)),
)
def test_any_value_is_accepted_and_playable_or_refused(name: str, sid: str, value: object) -> None:
    spec = f"{name}({sid}={value})"
    try:
        rules = parse_rules(spec)
    except (SwitchValueError, UnknownPresetError) as exc:
        template, params = exc.message
        assert EN._(template, **params)
        return
    assert rules.check() is rules
    rng = random.Random(spec)
    s = random_deal(rules, rng, dealer=rng.randrange(2))
    while s.result is None:
        s = apply(s, rng.choice(legal_moves(s)))

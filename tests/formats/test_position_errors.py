"""Broken positions: every one is refused with a translated message naming the file, the line
and the field; none is accepted when it is invalid, none ends in a traceback."""

from __future__ import annotations

import json

import pytest

from tutor.engine import rules
from tutor.formats import messages as M
from tutor.formats import position_fields
from tutor.formats.position_messages import (
    E_MAPPING,
    E_PRESET,
)
from tutor.formats.positions import PositionError, read_position
from tutor.words.i18n import get_translator

from helpers import EX1_TEXT as EX1

#: The messages of a rule switch given a value it cannot take (``tutor.engine.rules``).
SWITCH_MESSAGES = tuple(v for k, v in vars(rules).items() if k.startswith("E_SWITCH"))


def error(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        read_position(text, "pos.yaml")
    return info.value


def named(err: PositionError, line: int, field: str) -> None:
    """The error names the file, the line and the field, in English and in German."""
    assert (err.line, err.field) == (line, field), str(err)
    for lang in ("en", "de"):
        text = err.render(get_translator(lang))
        assert text.startswith(f"pos.yaml:{line}: {field}: " if field else f"pos.yaml:{line}: ")
        assert "Traceback" not in text
    assert err.render(get_translator("de")) != str(err)


@pytest.mark.parametrize(
    "tagged",
    [
        "!!python/object:os.system x",
        "!!python/object/apply:os.system [ls]",
        "!custom x",
        "!!binary aGVsbG8=",
        "!!timestamp 2001-01-01",
        "!!set {Jh}",
        "!!omap [a: 1]",
    ],
)
def test_tags_are_refused_at_the_field(tagged: str) -> None:
    err = error(EX1.replace("B: Jh As Ks Qs Ad Kd", f"B: {tagged}"))
    assert err.template == M.E_TAG
    named(err, 6, "hands.B")


def test_a_date_like_title_is_text() -> None:
    assert read_position("title: 2001-13-45\n" + EX1).title == "2001-13-45"


@pytest.mark.parametrize(
    ("old", "new", "template", "line", "field"),
    [
        ("stock: 10s", "stock: " + "9" * 5000 + "\nplayed: 10s", M.E_NUMBER_LONG, 7, "stock"),
        ("preset: classic", "preset: " + "[" * 5000, M.E_TOO_DEEP, 1, "preset[0][0]…"),
        ("to_move: A", "to_move: .nan", M.E_NOT_FINITE, 2, "to_move"),
    ],
)
def test_limits_of_the_values(old: str, new: str, template: str, line: int, field: str) -> None:
    err = error(EX1.replace(old, new))
    assert err.template == template
    assert err.line == line and err.field.startswith(field.rstrip("…"))


def test_json_limits_have_lines() -> None:
    data = json.loads(json.dumps({"preset": "classic", "to_move": "A"}))
    text = json.dumps(data, indent=1).replace('"A"', "[" * 3000)
    err = error(text)
    assert (err.template, err.line) == (M.E_TOO_DEEP, 3)
    big = error(json.dumps(data, indent=1).replace('"A"', "1" * 4400))
    assert (big.template, big.line) == (M.E_NUMBER_LONG, 3)
    named(big, 3, "")


@pytest.mark.parametrize("value", ["0", "[]", "''", "false", "[A, B]"])
def test_a_mapping_field_given_something_else_is_refused(value: str) -> None:
    """``scores: 0`` or ``scores: []`` used to be read as no scores at all."""
    err = error(EX1 + f"scores: {value}\n")
    assert err.template == E_MAPPING
    named(err, 8, "scores")
    entry = error(EX1 + f"scores:\n  A: {value}\n")
    assert entry.template == E_MAPPING
    named(entry, 9, "scores.A")


@pytest.mark.parametrize("field", ["known", "opponent"])
def test_known_and_opponent_must_be_mappings(field: str) -> None:
    text = EX1 if field == "known" else EX1.replace("hands:\n  A:", "hand:").split("\n  B:")[0]
    err = error(text + f"\n{field}: 0\n")
    assert err.template == E_MAPPING and err.field == field


def test_a_value_from_the_file_is_shown_short() -> None:
    err = error(EX1.replace("to_move: A", "to_move: " + "Z" * 5000))
    assert err.line == 2 and len(str(err)) < 200


@pytest.mark.parametrize("spec", ["kurnik(target=99999)", "classic(", "nosuch(target=61)"])
def test_a_rule_spec_that_cannot_be_read_is_named_at_its_line(spec: str) -> None:
    err = error(EX1.replace("preset: classic", f"preset: '{spec}'"))
    assert err.template in (E_PRESET, M.E_RULES_VALUE, *SWITCH_MESSAGES)
    named(err, 1, "preset")


def test_an_unknown_switch_is_named_in_the_language() -> None:
    err = error(EX1.replace("preset: classic", "preset: 'kurnik(foo=1)'"))
    assert err.template == rules.E_UNKNOWN_SWITCH
    named(err, 1, "preset")
    german = err.render(get_translator("de"))
    assert "unbekannter Regelschalter 'foo'" in german and "unknown" not in german


def test_any_error_of_the_rules_is_named_at_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(spec: str) -> rules.RuleSet:
        raise ArithmeticError("whatever the rules refuse")

    monkeypatch.setattr(position_fields, "parse_rules", broken)
    err = error(EX1)
    assert err.template == M.E_RULES_VALUE
    named(err, 1, "preset")


def test_a_title_must_be_text() -> None:
    err = error("title: [a]\n" + EX1)
    assert err.template == M.E_NOT_TEXT
    named(err, 1, "title")


def test_json_indented_with_tabs_has_lines() -> None:
    data = {"preset": "classic", "to_move": "A", "trump": "Ah", "hand": "10h Kh 9h 10c Kc Qx"}
    err = error(json.dumps(data, indent="\t"))
    assert err.line == 5 and err.field == "hand"


def test_a_tag_in_json_text_is_a_syntax_error_with_its_line() -> None:
    """YAML reads JSON text too (for the places): a tag there once escaped as a crash."""
    err = error('{\n "preset": "classic",\n !!timestamp 2001-01-01 "to_move": "A"}')
    assert err.line == 3 and "Traceback" not in err.render(get_translator("de"))

"""Broken lessons: every kind of problem gets its own clear message with file, line and column.

The fixtures in tests/broken_lessons/ each hold one problem; smaller cases are written inline.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.engine import PRESETS, rules
from tutor.formats import messages as M
from tutor.teach.lessons import (
    MAX_BYTES,
    LessonError,
    Library,
    check_lesson,
    load_lesson,
    load_lessons,
)
from tutor.teach.lessons import messages as L
from tutor.words.i18n import LANGUAGES, get_translator

BROKEN = Path(__file__).resolve().parents[1] / "broken_lessons"

# file, message template, line, column, step
FIXTURES = [
    ("syntax_error.yaml", L.E_SYNTAX, 9, 6, None),
    ("unknown_card.yaml", L.E_CARD, 9, 20, None),
    ("card_twice.yaml", L.E_CARD_TWICE, 11, 17, None),
    ("illegal_move.yaml", L.E_ILLEGAL, 14, 11, 2),
    ("wrong_score.yaml", L.C_POINTS, 17, 7, 2),
    ("unknown_preset.yaml", L.E_PRESET, 5, 8, None),
    ("missing_field.yaml", L.E_MISSING, 7, 3, None),
    ("unsafe_tag.yaml", L.E_TAG, 13, 16, None),
    ("negative_match.yaml", M.E_NUMBER, 12, 20, None),
    ("hand_twice.yaml", M.E_TWICE_SAME, 15, 20, 1),
    ("deep_nesting.yaml", M.E_TOO_DEEP, 11, 40, None),
]


def only_error(path: Path) -> LessonError:
    lesson, errors = check_lesson(path)
    assert lesson is None
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


@pytest.mark.parametrize(("name", "template", "line", "column", "step"), FIXTURES)
def test_each_broken_fixture_names_its_line(
    name: str, template: str, line: int, column: int, step: int | None
) -> None:
    path = BROKEN / name
    err = only_error(path)
    assert isinstance(err, ValueError)
    assert (err.template, err.line, err.column, err.step) == (template, line, column, step)
    assert err.path == str(path)
    assert str(err).startswith(f"{path}:{line}:{column}: ")
    for lang in LANGUAGES:
        assert err.render(get_translator(lang)).startswith(f"{path}:{line}:{column}: ")
    with pytest.raises(LessonError) as raised:
        load_lesson(path)
    assert raised.value.template == template


def test_fixtures_each_have_their_own_message() -> None:
    messages = {only_error(BROKEN / name).message for name, *_ in FIXTURES}
    templates = {only_error(BROKEN / name).template for name, *_ in FIXTURES}
    assert len(messages) == len(templates) == len(FIXTURES)


#: The modules that define the messages of the file readers and their checks.
MESSAGE_MODULES = (
    "tutor.formats.messages",
    "tutor.formats.position_messages",
    "tutor.teach.lessons.messages",
    "tutor.teach.puzzles.reader",
    "tutor.teach.puzzles.validate",
    "tutor.teach.puzzles.marks",
)


def _defined_msgids(module_name: str) -> dict[str, str]:
    """The msgids a module defines itself (``NAME = N_(...)`` at its top level), by name;
    names it imports from another module are not its own."""
    module = importlib.import_module(module_name)
    tree = ast.parse(inspect.getsource(module))
    out: dict[str, str] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "N_"
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out[target.id] = getattr(module, target.id)
    return out


def test_every_error_kind_has_its_own_template() -> None:
    templates = [v for k, v in vars(L).items() if k[:2] in ("E_", "C_") and isinstance(v, str)]
    assert len(templates) >= 40
    assert len(set(templates)) == len(templates)


@pytest.mark.parametrize("module_name", MESSAGE_MODULES)
def test_every_message_module_has_its_own_templates(module_name: str) -> None:
    module = importlib.import_module(module_name)
    templates = [
        v for k, v in vars(module).items() if k[:2] in ("E_", "C_", "M_") and isinstance(v, str)
    ]
    assert templates
    assert len(set(templates)) == len(templates)


def test_no_msgid_is_defined_twice_across_the_readers() -> None:
    where: dict[str, str] = {}
    twice = []
    for module_name in MESSAGE_MODULES:
        for name, msgid in _defined_msgids(module_name).items():
            if msgid in where:
                twice.append(f"{module_name}.{name} == {where[msgid]}")
            where[msgid] = f"{module_name}.{name}"
    assert len(where) >= 100
    assert not twice


def test_unknown_card_says_what_is_valid() -> None:
    err = only_error(BROKEN / "unknown_card.yaml")
    assert err.params["notation"] == "Zd"
    assert "A 10 K Q J 9" in str(err) and "c s h d" in str(err) and "Qh" in str(err)


def test_unknown_preset_lists_the_presets() -> None:
    err = only_error(BROKEN / "unknown_preset.yaml")
    assert err.params["name"] == "austria"
    for name in PRESETS:
        assert name in str(err)


def test_illegal_move_names_step_move_and_rule() -> None:
    err = only_error(BROKEN / "illegal_move.yaml")
    assert err.step == 2
    assert err.params["move"] == "marry Qc"
    assert err.params["rule_ids"] == "marriage.needs_trick"
    assert "step 2: " in str(err) and "marriage.needs_trick" in str(err)


def test_failed_check_says_what_was_expected_and_what_happened() -> None:
    err = only_error(BROKEN / "wrong_score.yaml")
    assert err.params == {"expected": "A 15, B 0", "actual": "A 14, B 0"}


def test_missing_field_names_the_field() -> None:
    err = only_error(BROKEN / "missing_field.yaml")
    assert err.params == {"field": "trump"}


def test_a_lesson_never_runs_code(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object) -> int:
        raise AssertionError("a lesson ran code")

    monkeypatch.setattr(os, "system", forbidden)
    err = only_error(BROKEN / "unsafe_tag.yaml")
    assert "python/object/apply" in str(err.params["tag"])


def test_too_large_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("id: huge\n" + "# padding\n" * (MAX_BYTES // 10 + 10), encoding="utf-8")
    err = only_error(path)
    assert err.template == L.E_TOO_LARGE and (err.line, err.column) == (1, 1)
    assert err.params["limit"] == MAX_BYTES and int(str(err.params["size"])) > MAX_BYTES


def test_validate_command_lists_every_broken_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(BROKEN)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out
    lines = out.strip().splitlines()
    assert lines[-1] == f"{len(FIXTURES)} problems found."
    for name, _template, line, column, _step in FIXTURES:
        assert any(x.startswith(f"{BROKEN / name}:{line}:{column}: ") for x in lines), name


def test_validate_mixes_files_and_folders_and_missing_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.yaml"
    assert main(["validate", str(BROKEN / "card_twice.yaml"), str(missing)]) == 1
    out = capsys.readouterr().out
    assert f"{missing}:1:1: " in out and "card_twice.yaml:11:17" in out


def test_replay_of_a_broken_lesson_prints_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(BROKEN / "illegal_move.yaml"), "--json"]) == 1
    out = capsys.readouterr().out
    assert "illegal_move.yaml:14:11: step 2:" in out and "Traceback" not in out


# ----------------------------------------------------------------------------- inline cases

GOOD = """\
id: inline
title: Inline lesson
level: 1
summary: A small lesson for the error tests.
rules: classic
deal:
  hands:
    A: 10h Kh 9h 10c Kc Qc
    B: Jh As Ks Qs Ad Kd
  trump: Ah
  stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd
steps:
  - move: 10h
    narration: A leads.
  - move: Kd
"""


def write(tmp_path: Path, text: str, name: str = "lesson.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(tmp_path: Path, text: str) -> list[LessonError]:
    lesson, errors = check_lesson(write(tmp_path, text))
    assert lesson is None and errors
    return list(errors)


def test_the_inline_base_lesson_is_valid(tmp_path: Path) -> None:
    lesson = load_lesson(write(tmp_path, GOOD))
    assert lesson.id == "inline" and len(lesson.steps) == 2


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


STOCK = "  stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd\n"
HANDS = "  hands:\n    A: 10h Kh 9h 10c Kc Qc\n    B: Jh As Ks Qs Ad Kd\n"
STEPS = "steps:\n  - move: 10h\n    narration: A leads.\n  - move: Kd\n"
LAST = "  - move: Kd\n"


def after_kd(check: str) -> tuple[tuple[str, str], ...]:
    return ((LAST, f"{LAST}    check: {check}\n"),)


CASES: list[tuple[tuple[tuple[str, str], ...], str, str | None]] = [
    # (replacements in GOOD, template, text on the error's line)
    (
        (("rules: classic", "rules: kurnik"), (LAST, LAST + "  - move: out\n  - move: 10c\n")),
        L.E_AFTER_END,
        "move: 10c",
    ),
    ((("    B: Jh As Ks", "    B: 8h As Ks"),), L.E_NOT_IN_PACK, "8h As"),
    (
        (("    A: 10h Kh 9h 10c Kc Qc", "    A: 10h Kh 9h 10c Kc Qc Qd"), (STOCK, "")),
        L.E_HAND_SIZE,
        "Qd",
    ),
    ((("level: 1", "level: 4"),), L.E_LEVEL, "level: 4"),
    ((("level: 1", "level: one"),), L.E_NOT_INT, "level: one"),
    ((("level: 1", "level: 1\nshow: everyone"),), L.E_SHOW, "show: everyone"),
    ((("level: 1", "level: 1\nlevel: 2"),), L.E_DUPLICATE_KEY, "level: 2"),
    ((("level: 1", "level: 1\nauthor: me"),), L.E_UNKNOWN_FIELD, "author: me"),
    ((("level: 1", "level: 1\nterms: [trick, tricks]"),), L.E_TERM, "terms:"),
    (
        (
            (
                LAST,
                LAST + "  - narration: A has taken 14 points.\n    question:\n"
                "      text: How many points has A taken?\n      answers:\n"
                '        - {text: "14", right: true, why: Right.}\n'
                '        - {text: "10", right: false, why: The king counts too.}\n',
            ),
        ),
        L.E_READING,
        'text: "14"',
    ),
    ((("id: inline", "id: Inline Lesson"),), L.E_BAD_ID, "id: Inline"),
    ((("    narration: A leads.", "    narration: A leads {card}."),), L.E_BRACES, "{card}"),
    (((LAST, LAST + "  - rule_ids: [lead.free]\n"),), L.E_PAUSE_NARRATION, "rule_ids"),
    (((LAST, LAST + "    rule_ids: [lead.fre]\n"),), L.E_RULE_ID, "lead.fre"),
    (after_kd("{scores: 3}"), L.E_CHECK, "check:"),
    (((LAST, "  - move: draw\n"),), L.E_MOVE, "draw"),
    (((STOCK, ""), (LAST, LAST + "  - move: 10s\n")), L.E_UNNAMED, "move: 10s"),
    ((("rules: classic", "rules: classic(pack.ranks=A)"),), rules.E_SWITCH_FIXED, "rules:"),
    ((("rules: classic", "rules: classic(target=sixty)"),), rules.E_SWITCH_NUMBER, "rules:"),
    (
        (("rules: classic", "rules: classic(marriage.needs_trick=maybe)"),),
        rules.E_SWITCH_VALUE,
        "rules:",
    ),
    ((("rules: classic", "rules: classic(goal=61)"),), L.E_SWITCH, "rules:"),
    ((("rules: classic", "compare: [classic]"),), L.E_COMPARE_SHORT, "compare:"),
    (
        (("rules: classic", "rules: kurnik\ncompare: [classic, kurnik]"),),
        L.E_COMPARE_RULES,
        "rules: kurnik",
    ),
    (
        ((LAST, LAST + "    variants: {kurnik: {narration: Hello.}}\n"),),
        L.E_VARIANT_NO_COMPARE,
        "variants",
    ),
    (((STEPS, "steps: []\n"),), L.E_NO_STEPS, "steps"),
    (
        (("    B: Jh As Ks Qs Ad Kd\n", "    B: Jh As Ks Qs Ad Kd\n  dealer: C\n"),),
        L.E_PLAYER,
        "dealer",
    ),
    (
        (("summary: A small lesson for the error tests.", "summary: [a, b]"),),
        L.E_NOT_TEXT,
        "summary",
    ),
    (
        (("summary: A small lesson for the error tests.", "summary: '  '"),),
        L.E_EMPTY_TEXT,
        "summary",
    ),
    (((HANDS, "  hands: [10h, Jh]\n"),), L.E_NOT_MAPPING, "hands:"),
    (((STEPS, "steps: 3\n"),), L.E_NOT_LIST, "steps: 3"),
    (after_kd("{trick_winner: B}"), L.C_TRICK_WINNER, "check:"),
    (
        (("    narration: A leads.\n", "    narration: A leads.\n    check: {trick_winner: A}\n"),),
        L.C_NO_TRICK,
        "check:",
    ),
    (after_kd("{legal: [marry Ks]}"), L.C_LEGAL, "check:"),
    (after_kd("{illegal: [Kc]}"), L.C_ILLEGAL, "check:"),
    (after_kd("{illegal: {marry Ks: exchange.needs_trick}}"), L.C_ILLEGAL_RULE, "check:"),
    (after_kd("{because: phase2.head}"), L.C_BECAUSE, "check:"),
    (after_kd("{to_move: B}"), L.C_TO_MOVE, "check:"),
    (after_kd("{hand: {B: Jh}}"), L.C_HAND, "check:"),
    (after_kd("{stock: 12}"), L.C_STOCK, "check:"),
    (after_kd("{trump_card: 9h}"), L.C_TRUMP_CARD, "check:"),
    (after_kd("{over: true}"), L.C_OVER, "check:"),
    (after_kd("{winner: A}"), L.C_NOT_OVER, "check:"),
    (after_kd("{score: {B: 3}}"), L.C_SCORE, "check:"),
    (after_kd("{pending: {A: 20}}"), L.C_PENDING, "check:"),
    (after_kd("{tricks: {B: 1}}"), L.C_TRICKS, "check:"),
    (after_kd("{match: {A: 1}}"), L.C_NO_MATCH, "check:"),
    (((STOCK, STOCK + "  match: {A: 7, B: 0}\n"),), L.E_MATCH_OVER, "match:"),
    (((STOCK, STOCK + "  match: {A: 0, B: -1}\n"),), M.E_NUMBER, "match:"),
    (after_kd("{hand: {B: Jh Jh}}"), M.E_TWICE_SAME, "check:"),
    (
        (
            (
                "rules: classic",
                "compare: [" + ", ".join(f"classic(target={61 + i})" for i in range(9)) + "]",
            ),
        ),
        L.E_COMPARE_LONG,
        "compare:",
    ),
    ((("id: inline", "id: " + "x" * 65),), M.E_ID_LONG, "id:"),
    ((("level: 1", "level: " + "1" * 5000),), M.E_NUMBER_LONG, "level:"),
    ((("level: 1", "level: .inf"),), M.E_NOT_FINITE, "level:"),
    ((("level: 1", "level: !!int one"),), L.E_TAG, "level:"),
    ((("level: 1", "level: " + "[" * 40 + "1"),), M.E_TOO_DEEP, "level:"),
    (
        (("summary: A small lesson for the error tests.", 'summary: "A\\x07 small lesson."'),),
        M.E_BAD_CHAR,
        "summary:",
    ),
]


@pytest.mark.parametrize(("changes", "template", "needle"), CASES, ids=[c[1][:40] for c in CASES])
def test_inline_problem_has_its_message_and_line(
    tmp_path: Path, changes: tuple[tuple[str, str], ...], template: str, needle: str | None
) -> None:
    text = GOOD
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    errors = errors_of(tmp_path, text)
    assert [e.template for e in errors] == [template], [str(e) for e in errors]
    err = errors[0]
    if needle is not None:
        assert err.line == line_of(text, needle), str(err)
    rendered = err.render(get_translator("de"))
    assert rendered.startswith(f"{err.path}:{err.line}:{err.column}: ")


def test_a_bad_switch_value_is_explained_in_the_language(tmp_path: Path) -> None:
    text = GOOD.replace("rules: classic", "rules: classic(marriage.needs_trick=maybe)")
    (err,) = errors_of(tmp_path, text)
    rendered = err.render(get_translator("pl"))
    assert "marriage.needs_trick" in rendered and "maybe" in rendered and "true, false" in rendered
    assert "cannot" not in rendered and "valid" not in rendered


def test_inline_cases_cover_distinct_messages() -> None:
    assert len({c[1] for c in CASES}) == len(CASES)


def test_several_problems_in_one_file_are_all_reported(tmp_path: Path) -> None:
    text = GOOD.replace("    B: Jh As Ks Qs Ad Kd", "    B: Jh Xs Ks Qs Yd Kd").replace(
        "level: 1", "level: 9"
    )
    errors = errors_of(tmp_path, text)
    assert [e.template for e in errors] == [L.E_LEVEL, L.E_CARD, L.E_CARD]
    assert [e.params.get("notation") for e in errors[1:]] == ["Xs", "Yd"]
    assert errors[1].column < errors[2].column


def test_aliases_are_refused(tmp_path: Path) -> None:
    text = GOOD.replace("    A: 10h Kh 9h 10c Kc Qc", "    A: &a 10h Kh 9h 10c Kc Qc").replace(
        "  stock: 10s", "  other: *a\n  stock: 10s"
    )
    [err] = errors_of(tmp_path, text)
    assert err.template == L.E_ALIAS


def test_empty_and_non_utf8_files(tmp_path: Path) -> None:
    [empty] = errors_of(tmp_path, "# nothing here\n")
    assert empty.template == L.E_EMPTY
    path = tmp_path / "latin1.yaml"
    path.write_bytes("id: x\ntitle: Stra\xdfe\n".encode("latin-1"))
    _lesson, [err] = check_lesson(path)
    assert err.template == L.E_ENCODING and err.line == 2


def test_duplicate_ids_in_a_folder(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "a.yaml")
    write(tmp_path, GOOD, "b.yaml")
    good, errors = load_lessons(tmp_path)
    assert len(good) == 1
    assert [e.template for e in errors] == [L.E_DUPLICATE_ID]
    assert errors[0].path.endswith("b.yaml") and errors[0].line == 1


def test_compare_failures_name_the_preset(tmp_path: Path) -> None:
    text = GOOD.replace("rules: classic", "compare: [classic, kurnik]").replace(
        "  - move: Kd\n",
        "  - move: Kd\n    check: {points: {A: 14}}\n"
        "    variants:\n      kurnik:\n        check: {points: {A: 15}}\n",
    )
    [err] = errors_of(tmp_path, text)
    assert err.template == L.C_POINTS and err.preset == "kurnik" and err.step == 2
    assert "step 2 under kurnik: " in str(err)


def test_unknown_variant_preset(tmp_path: Path) -> None:
    text = GOOD.replace("rules: classic", "compare: [classic, kurnik]").replace(
        "  - move: Kd\n", "  - move: Kd\n    variants: {pagat: {narration: Hi.}}\n"
    )
    [err] = errors_of(tmp_path, text)
    assert err.template == L.E_VARIANT and err.params["valid"] == "kurnik"


def test_errors_survive_pickling() -> None:
    import pickle

    err = only_error(BROKEN / "illegal_move.yaml")
    copy = pickle.loads(pickle.dumps(err))
    assert isinstance(copy, LessonError)
    assert (copy.path, copy.line, copy.column, copy.step, copy.template) == (
        err.path,
        err.line,
        err.column,
        err.step,
        err.template,
    )
    assert copy.params == err.params and str(copy) == str(err)


# ----------------------------------------------------------------------------- limits and faults


def test_a_negative_stock_check_is_refused_when_read(tmp_path: Path) -> None:
    (err,) = errors_of(tmp_path, GOOD.replace(LAST, f"{LAST}    check: {{stock: -1}}\n"))
    assert err.template == M.E_NUMBER and err.step == 2 and err.params["name"] == "stock"


def test_a_bad_character_is_refused_at_its_line(tmp_path: Path) -> None:
    text = GOOD.replace("summary: A small", "summary: A small\x00")
    (err,) = errors_of(tmp_path, text)
    assert err.template == M.E_SYNTAX and (err.line, err.column) == (4, 17)


def test_any_error_of_the_rules_is_named_at_the_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.teach.lessons import reader

    def broken(spec: str) -> rules.RuleSet:
        raise OverflowError("whatever the rules refuse")

    monkeypatch.setattr(reader, "parse_rules", broken)
    (err,) = errors_of(tmp_path, GOOD)
    assert err.template == L.E_RULES_VALUE and err.line == line_of(GOOD, "rules:")
    assert "OverflowError" not in err.render(get_translator("de"))


def test_the_library_names_files_relative_to_its_folder(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "a.yaml")
    write(tmp_path, GOOD.replace("level: 1", "level: []"), "b.yaml")
    write(tmp_path, GOOD, "c.yaml")
    lib = Library.load(tmp_path)
    assert [les.id for les in lib.lessons] == ["inline"]
    bad, twice = lib.errors
    assert (bad.path, bad.line, bad.template) == ("b.yaml", 3, L.E_NOT_INT)
    assert (twice.path, twice.template, twice.params["other"]) == (
        "c.yaml",
        L.E_DUPLICATE_ID,
        "a.yaml",
    )
    for err in lib.errors:
        for lang in ("en", "de"):
            text = err.render(get_translator(lang))
            assert str(tmp_path) not in text and "Traceback" not in text


def test_a_fault_while_checking_is_one_files_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.teach.lessons import library

    def broken(lesson: object, *_: object) -> object:
        raise RuntimeError(f"a bug in {tmp_path}")

    monkeypatch.setattr(library, "replay_all", broken)
    write(tmp_path, GOOD.replace("id: inline", "id: faulty"), "faulty.yaml")
    lib = Library.load(tmp_path)
    (err,) = lib.errors
    assert (err.path, err.template) == ("faulty.yaml", L.E_INTERNAL)
    assert err.params == {"problem": "RuntimeError"}
    assert str(tmp_path) not in err.render(get_translator("de"))


@pytest.mark.parametrize(
    ("check", "field"),
    [("{}", "check"), ("{points: {}}", "points"), ("{legal: []}", "legal"), ("{hand: {}}", "hand")],
)
def test_a_check_that_checks_nothing_is_refused(tmp_path: Path, check: str, field: str) -> None:
    (err,) = errors_of(tmp_path, GOOD.replace(LAST, f"{LAST}    check: {check}\n"))
    assert (err.template, err.step, err.params) == (M.E_EMPTY_TEXT, 2, {"field": field})

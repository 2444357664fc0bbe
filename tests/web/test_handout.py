"""The handouts to print: each preset's rules card and each shipped lesson's sheet build in
German, Polish and English as one standalone document with every rule in force, every step's
narration, the questions with boxes and the answers at the end; outside text is escaped and no
id reaches the reader; and ``tutor handout`` writes them."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest

from tutor.cli import main as cli
from tutor.engine import PRESETS, TABLE_PRESETS, RuleSet, unused_by
from tutor.teach.lessons import Frame, Lesson, load_lessons, replay
from tutor.web.handout import file_name, lesson_sheet_html, rules_card_html
from tutor.web.lesson_frame import frame_text
from tutor.web.rules_ref import preset_title
from tutor.words.handout_text import HandoutWords, scoring_lines, step_answer
from tutor.words.i18n import LANGUAGES, get_translator
from tutor.words.rule_texts import RULE_TEXTS, source_name
from tutor.words.switches import switch_name, switch_value_text

ROOT = Path(__file__).resolve().parents[2]
LESSONS, _ = load_lessons(ROOT / "lessons")
EVERY: dict[str, RuleSet] = {**PRESETS, **TABLE_PRESETS}


def _text(document: str) -> str:
    """What a reader sees of a document: no style sheet, script or tag; entities read; every
    run of white space one space."""
    body = re.sub(r"<(style|script)>.*?</\1>", " ", document, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", html.unescape(body))


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _standalone(document: str, lang: str) -> None:
    assert document.startswith("<!DOCTYPE html>")
    assert f'<html lang="{lang}">' in document
    assert "@page{size:A4" in document and "@media print" in document
    assert "<link" not in document and 'src="http' not in document
    assert "url(http" not in document and "@import" not in document


def _no_ids(text: str, ids: set[str]) -> None:
    """None of ``ids`` stands in the text as a word of its own."""
    for ident in ids:
        assert not re.search(rf"(?<![\w.]){re.escape(ident)}(?![\w.])", text), ident


#: Ids no reader should meet: switch ids and rule ids (with a dot) and the presets' ids that
#: are not words (a plain word such as "classic" may be said).
IDS = {sw.id for sw in PRESETS["classic"].switches()} | set(RULE_TEXTS)
IDS |= {pid for pid in EVERY if not pid.isalpha()}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(EVERY))
def test_a_rules_card_says_every_rule_in_force_with_its_source(name: str, lang: str) -> None:
    rules, tr = EVERY[name], get_translator(lang)
    document = rules_card_html(rules, tr)
    _standalone(document, lang)
    text = _text(document)
    assert preset_title(name, tr) in text
    in_force = 0
    for sw in rules.switches():
        row = f'data-switch="{sw.id}"' in document
        if unused_by(rules, sw.id) is not None:
            assert not row, sw.id  # a rule that changes nothing is not on the card
            continue
        in_force += 1
        assert row, sw.id
        assert f"{switch_name(sw.id, tr)} : {switch_value_text(sw, tr)}" in text or (
            switch_name(sw.id, tr) in text and switch_value_text(sw, tr) in text
        ), sw.id
    assert document.count('class="t66-hrule"') == in_force
    for line in scoring_lines(rules, tr):
        assert _norm(line.text) in text
    assert source_name(rules.default_source, tr) in text
    ranks = re.findall(r'<div class="t66-hrank">.*?<span>(.*?)</span><b>(\d+)</b></div>', document)
    assert ranks == [
        (html.escape(tr.rank(r, "bare")), str(rules.card_points[r])) for r in rules.ranks
    ]
    _no_ids(text, IDS)


def test_the_rules_cards_differ_where_the_presets_do() -> None:
    en = get_translator("en")
    classic = _text(rules_card_html(PRESETS["classic"], en))
    four = _text(rules_card_html(TABLE_PRESETS["four"], en))
    assert "101" in four and "101" not in classic
    assert classic != four


def test_each_source_on_a_card_is_numbered_at_its_foot() -> None:
    rules = PRESETS["pack32"]
    en = get_translator("en")
    document = rules_card_html(rules, en)
    foot = document.split('class="t66-hfoot"', 1)[1]
    used = {rules.source_of(sw.id) for sw in rules.switches() if unused_by(rules, sw.id) is None}
    items = re.findall(r"<li>(.*?)</li>", foot)
    assert len(items) == len(used)
    for source in used:
        assert html.escape(source_name(source, en), quote=True) in items
    marks = {int(m) for m in re.findall(r"<sup>(\d+)\*?</sup>", document)}
    assert marks == set(range(1, len(items) + 1))


def _your_moves(frames: tuple[Frame, ...]) -> list[int]:
    return [i for i, f in enumerate(frames) if i and f.your_move is not None]


def _sheet_checks(lesson: Lesson, lang: str) -> None:
    tr = get_translator(lang)
    frames = replay(lesson)
    document = lesson_sheet_html(lesson, frames, tr)
    _standalone(document, lang)
    text = _text(document)
    assert _norm(tr._(lesson.title)) in text
    assert _norm(tr._(lesson.summary)) in text
    # one block a page break never cuts for every frame, the your-move ones marked
    assert document.count('class="t66-hstep') == len(frames)
    assert document.count('class="t66-hstep t66-hyour"') == len(_your_moves(frames))
    for i in range(len(frames)):
        narration = frame_text(frames, i, tr, show=lesson.shows, hidden=lesson.unnamed).narration
        assert _norm(narration) in text, (lesson.id, i)
    boxes = sum(len(f.question.answers) for f in frames if f.question is not None)
    assert document.count('class="t66-box"') == boxes
    teacher = _text(document.split('class="t66-hteacher"', 1)[-1])
    asked = [f for i, f in enumerate(frames) if i and step_answer(f, tr) is not None]
    if asked:
        assert HandoutWords().said(tr).teacher in text
    for frame in asked:
        answer = step_answer(frame, tr)
        assert answer is not None
        for right in answer.right:
            assert _norm(right) in teacher
        for why in answer.why:
            assert _norm(why) in teacher
    ids = IDS | {lesson.id, lesson.preset} | {r for f in frames for r in f.rule_ids}
    _no_ids(text, {i for i in ids if not i.isalpha()})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_of_the_first_worked_deal(lang: str) -> None:
    lesson = next(les for les in LESSONS if les.id == "example-1")
    _sheet_checks(lesson, lang)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_lesson_has_a_sheet(lang: str) -> None:
    assert {les.rules.seats for les in LESSONS} == {2, 3, 4}
    for lesson in LESSONS:
        _sheet_checks(lesson, lang)


def test_a_table_lesson_draws_its_seats_around_the_table() -> None:
    lesson = next(les for les in LESSONS if les.rules.seats == 4)
    document = lesson_sheet_html(lesson, replay(lesson), get_translator("pl"))
    assert "t66-seats-4" in document and "t66-at-top" in document


def test_outside_text_is_escaped() -> None:
    lesson = next(les for les in LESSONS if les.id == "01-cards-and-points")
    hostile = dataclasses.replace(
        lesson,
        title="<script>alert(1)</script>",
        summary='<img src=x onerror="alert(2)">',
    )
    frames = replay(lesson)
    frames = (
        frames[0],
        dataclasses.replace(frames[1], narration="<b onclick=x>3</b>"),
        *frames[2:],
    )
    document = lesson_sheet_html(hostile, frames, get_translator("de"))
    assert "<script" not in document
    assert "<img src=x" not in document and "<b onclick" not in document
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in document
    assert "&lt;b onclick=x&gt;3&lt;/b&gt;" in document


def test_a_handout_file_name_keeps_to_safe_characters() -> None:
    assert file_name("lesson", "../../etc/passwd") == "lesson-etcpasswd.html"
    assert file_name("lesson", "<>") == "lesson-lesson.html"


# ----------------------------------------------------------------------------- the command


def test_the_command_writes_a_rules_card(tmp_path: Path) -> None:
    out = tmp_path / "card.html"
    assert cli.main(["handout", "rules", "--preset", "four", "--lang", "de", "-o", str(out)]) == 0
    document = out.read_text(encoding="utf-8")
    assert document == rules_card_html(TABLE_PRESETS["four"], get_translator("de"))


def test_the_command_writes_a_lesson_sheet_by_id_or_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.html"
    argv = ["handout", "lesson", "example-1", "--lang", "pl", "--style", "german", "-o", str(out)]
    assert cli.main(argv) == 0
    lesson = next(les for les in LESSONS if les.id == "example-1")
    expected = lesson_sheet_html(lesson, replay(lesson), get_translator("pl", "german"))
    assert out.read_text(encoding="utf-8") == expected
    assert cli.main(["handout", "lesson", str(ROOT / "lessons" / "example-1.yaml")]) == 0
    printed = capsys.readouterr().out
    assert printed == lesson_sheet_html(lesson, replay(lesson), get_translator("en"))


def test_the_command_refuses_an_unknown_lesson_or_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["handout", "lesson", "no-such", "--lessons", str(ROOT / "lessons"), "--lang", "de"]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "no-such" in err and "example-1" in err and "Traceback" not in err
    assert cli.main(["handout", "rules", "--preset", "bogus", "-o", str(tmp_path / "x")]) == 2
    assert not (tmp_path / "x").exists()
    broken = ROOT / "tests" / "broken_lessons" / "card_twice.yaml"
    assert cli.main(["handout", "lesson", str(broken)]) == 1
    assert "Kc" in capsys.readouterr().out


def test_the_command_asks_for_a_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["handout", "lesson", "--lang", "pl"]) == 2
    assert "example-1" in capsys.readouterr().err

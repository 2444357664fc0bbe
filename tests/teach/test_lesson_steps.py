"""Interactive lesson steps: the learner's move (``your_move``) and questions (``question``).

Their format, the checks ``tutor validate`` makes against the engine (each problem with its own
message at its file and line), the catalog extraction and the words the learner reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.engine import parse_move
from tutor.teach.lessons import LessonError, check_lesson, load_lesson, replay
from tutor.teach.lessons import messages as L
from tutor.tools.babel_extract import extract_lessons
from tutor.words.i18n import get_translator

LESSONS = Path(__file__).resolve().parents[2] / "lessons"

# Lesson 04's deal: the stock is closed at once, so the exact search is quick.
HEAD = """\
id: steps-test
title: Steps
level: 2
summary: A test.
rules: classic
deal:
  hands:
    A: Kh Qs As Ad Kd Qd
    B: Ah 9h Jh 10h 10c Kc
  trump: Jc
steps:
  - move: close
    narration: A closes.
"""


def lesson_file(tmp_path: Path, steps: str) -> Path:
    path = tmp_path / "steps-test.yaml"
    path.write_text(HEAD + steps, encoding="utf-8")
    return path


def errors_of(path: Path) -> tuple[LessonError, ...]:
    lesson, errors = check_lesson(path)
    assert lesson is None
    return errors


def line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def line_text(path: Path, line: int) -> str:
    return path.read_text(encoding="utf-8").splitlines()[line - 1]


YOUR_MOVE = """\
  - move: Kh
    narration: A leads.
  - move: 9h
    narration: B follows.
    your_move:
      accept: {accept}
      prompt: Which card?
"""

QUESTION = """\
  - move: Kh
    narration: A leads.
    question:
      text: What may B play?
      answers:
        - {{text: A heart, right: {first}, why: B must follow suit.}}
        - {{text: A trump, right: {second}, why: Not while B holds hearts.}}
      check:
        legal: [{legal}]
"""


def test_a_valid_lesson_carries_the_steps_into_the_replay(tmp_path: Path) -> None:
    path = lesson_file(
        tmp_path,
        YOUR_MOVE.format(accept="[9h, Jh]")
        + QUESTION.replace("  - move: Kh\n    narration: A leads.\n", "  - narration: Now?\n")
        .replace("What may B play?", "Who leads now?")
        .format(first="true", second="false", legal="Qs"),
    )
    lesson = load_lesson(path)
    frames = replay(lesson)
    ym = frames[3]
    assert ym.your_move is not None and ym.your_move.prompt == "Which card?"
    assert ym.accepted == (parse_move("9h"), parse_move("Jh"))
    assert {str(m) for m, _ in ym.values} == {"Ah", "9h", "Jh", "10h"}
    q = frames[4].question
    assert q is not None and q.right == 0 and len(q.answers) == 2
    assert lesson.steps[3].interactive and not lesson.steps[0].interactive


def test_accepted_move_that_is_illegal_is_refused_at_its_line(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, YOUR_MOVE.format(accept="[9h, Kc]"))
    (err,) = errors_of(path)
    assert err.template == L.E_ACCEPT_ILLEGAL
    assert err.line == line_of(path, "accept:") and err.step == 3
    assert err.column == line_text(path, err.line).index("Kc") + 1
    assert err.params["move"] == "Kc" and err.params["rule_ids"] == "phase2.follow"
    assert str(err).startswith(f"{path}:{err.line}:")


# Lesson 02's deal after four tricks: A answers B's lead of Kd; Ad gets 2 game points, Qh -1.
OPEN = """\
id: steps-open
title: Steps
level: 1
summary: A test.
rules: classic
deal:
  hands:
    A: As 10c Qs Ad Qh 9s
    B: 9c Jh Kd Ah Ks 10d
  trump: Kh
  stock: Ac Qc 10s Jc 9h Js Jd 9d 10h Qd Kc
steps:
  - move: As
  - move: 9c
  - move: 10c
  - move: Jh
  - move: Kd
  - move: Ad
    your_move:
      accept: [Ad, Qh]
"""


@pytest.mark.parametrize(("tolerance", "refused"), [(None, True), (2, True), (3, False)])
def test_accepted_move_further_from_the_best_than_the_tolerance_is_refused(
    tmp_path: Path, tolerance: int | None, refused: bool
) -> None:
    path = tmp_path / "steps-open.yaml"
    text = OPEN if tolerance is None else OPEN + f"      tolerance: {tolerance}\n"
    path.write_text(text, encoding="utf-8")
    lesson, errors = check_lesson(path)
    if not refused:
        assert errors == () and lesson is not None
        frame = replay(lesson)[6]
        assert dict(frame.values)[parse_move("Qh")] == -1 and frame.values[0][1] == 2
        return
    (err,) = errors
    assert err.template == L.E_ACCEPT_WEAK
    assert err.params == {
        "move": "Qh",
        "value": -1,
        "best": "Ad",
        "best_value": 2,
        "tolerance": tolerance or 0,
    }
    assert err.line == line_of(path, "accept: [Ad, Qh]") and err.step == 6
    assert err.column == line_text(path, err.line).index("Qh") + 1


def test_step_move_must_be_accepted(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, YOUR_MOVE.format(accept="[Jh]"))
    (err,) = errors_of(path)
    assert err.template == L.E_NOT_ACCEPTED
    assert err.params == {"move": "9h", "accepted": "Jh"}


def test_answer_contradicting_the_engine_is_refused(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, QUESTION.format(first="true", second="false", legal="Kc"))
    errs = errors_of(path)
    assert errs[0].template == L.E_ANSWER_ENGINE
    assert errs[0].params == {"check": "legal"} and errs[0].line == line_of(path, "legal: [Kc]")
    assert errs[1].template == L.C_LEGAL  # and what the engine says instead
    de = errs[0].render(get_translator("de"))
    assert de.startswith(f"{path}:{errs[0].line}:") and "legal" in de


@pytest.mark.parametrize(("first", "second", "count"), [("true", "true", 2), ("false", "false", 0)])
def test_a_question_needs_exactly_one_right_answer(
    tmp_path: Path, first: str, second: str, count: int
) -> None:
    path = lesson_file(tmp_path, QUESTION.format(first=first, second=second, legal="9h"))
    (err,) = errors_of(path)
    assert err.template == L.E_ONE_RIGHT and err.params == {"count": count}
    assert err.line == line_of(path, "answers:")


def test_unknown_kind_of_step_is_refused_by_name(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, "  - quiz:\n      text: Which?\n    narration: Hm.\n")
    (err,) = errors_of(path)
    assert err.template == L.E_UNKNOWN_FIELD
    assert err.params["field"] == "quiz" and "your_move" in str(err) and "question" in str(err)
    assert err.line == line_of(path, "quiz:")


@pytest.mark.parametrize(
    ("steps", "field"),
    [
        ("  - move: Kh\n    your_move: {accept: [Kh], hint: x}\n", "hint"),
        (
            "  - narration: Now?\n    question:\n      text: Who?\n      answers:\n"
            "        - {text: A, right: true, why: x, points: 3}\n",
            "points",
        ),
    ],
)
def test_unknown_field_in_a_step_kind_is_refused(tmp_path: Path, steps: str, field: str) -> None:
    path = lesson_file(tmp_path, steps)
    (err,) = errors_of(path)
    assert err.template == L.E_UNKNOWN_FIELD and err.params["field"] == field


def test_a_question_check_is_one_the_engine_can_verify(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, QUESTION.format(first="true", second="false", legal="9h"))
    path.write_text(path.read_text().replace("legal: [9h]", "stock: 4"), encoding="utf-8")
    (err,) = errors_of(path)
    assert err.template == L.E_CHECK
    assert err.params["valid"] == "points, trick_winner, legal, illegal"


def test_your_move_needs_the_step_move_and_not_a_question(tmp_path: Path) -> None:
    path = lesson_file(tmp_path, "  - narration: Play.\n    your_move: {accept: [Kh]}\n")
    (err,) = errors_of(path)
    assert err.template == L.E_YOUR_MOVE_NEEDS_MOVE
    both = QUESTION.format(first="true", second="false", legal="9h").replace(
        "    question:", "    your_move:\n    question:"
    )
    (err,) = errors_of(lesson_file(tmp_path, both))
    assert err.template == L.E_BOTH_KINDS


def test_validate_reports_each_problem_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = lesson_file(tmp_path, YOUR_MOVE.format(accept="[9h, Kc]"))
    assert main(["validate", str(path), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{line_of(path, 'accept:')}:" in out
    assert "Kc" in out and "phase2.follow" in out


def test_the_catalog_gets_the_question_the_answers_and_the_prompts(tmp_path: Path) -> None:
    path = lesson_file(
        tmp_path,
        YOUR_MOVE.format(accept="[9h]").replace(
            "      prompt: Which card?\n", "      prompt: Which card?\n      feedback: Good.\n"
        )
        + QUESTION.format(first="true", second="false", legal="9h").replace("Kh", "Ah"),
    )
    with path.open("rb") as f:
        texts = {msg for _line, _fn, msg, _c in extract_lessons(f, [], [], {})}
    assert {"Which card?", "Good.", "What may B play?", "A heart", "B must follow suit."} <= texts
    assert {"A trump", "Not while B holds hearts."} <= texts


@pytest.mark.parametrize("name", ["01", "02", "03", "04"])
def test_first_lessons_each_have_two_interactive_steps(name: str) -> None:
    (path,) = LESSONS.glob(f"{name}-*.yaml")
    lesson = load_lesson(path)
    kinds = [s for s in lesson.steps if s.interactive]
    assert len(kinds) >= 2
    assert any(s.question for s in kinds) and any(s.your_move for s in kinds)


def test_the_words_for_each_try_at_a_your_move_step() -> None:
    from tutor.words.lesson_text import question_reply, show_me_text, your_move_reply

    frames = replay(load_lesson(LESSONS / "02-tricks-and-trumps.yaml"))
    index = next(i for i, f in enumerate(frames) if f.your_move is not None)
    before, frame = frames[index - 1].state, frames[index]
    de, pl = get_translator("de"), get_translator("pl")
    weaker = your_move_reply(before, frame, parse_move("Qh"), de)
    assert not weaker.right
    # why first (a trump spent while suit need not be followed), the cost in game points last
    assert weaker.lines == (
        "Die Herz-Dame verbraucht einen Trumpf, solange der Talon offen ist: Später, wenn Farbe "
        "bedient werden muss, sind Trümpfe mehr wert.",
        "Die Herz-Dame kostet dich hier 3 Siegpunkte.",
        "Versuch es noch einmal.",
    )
    illegal = your_move_reply(before, frame, parse_move("Kc"), pl)
    assert not illegal.right and "Źródło:" in illegal.lines[0]
    right = your_move_reply(before, frame, parse_move("Ad"), de)
    assert right.right and right.lines[0].startswith("Richtig:")
    assert show_me_text(frame, pl) == "Ruch w tej sytuacji: as karo."
    q_index = next(i for i, f in enumerate(frames) if f.question is not None)
    reply = question_reply(frames[q_index], 0, de)
    assert not reply.right and reply.lines[0].startswith("Solange der Talon offen ist")

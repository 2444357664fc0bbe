"""What the lessons ask of the learner: interactive steps in every curriculum lesson, a "what
would you play?" at each decision the worked deals' source explains, no narration that asks a
question the learner cannot answer on screen, and interactive steps in comparison lessons.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.teach.lessons import LessonError, check_lesson, load_lesson, replay
from tutor.teach.lessons import messages as L
from tutor.words.i18n import get_translator

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
CURRICULUM = sorted(p for p in LESSONS.glob("[0-9][0-9]-*.yaml"))
ALL = sorted(LESSONS.glob("*.yaml"))

# Each decision of the worked deals that the German article (000_d036f4009e89b883.txt)
# explains: the step's move, the article's line, and words of that line naming the move.
DECISIONS = {
    "example-1": [
        ("10h", 52, "Aufspielen der Herz-Zehn"),
        ("Kd", 52, "Karo-König als niedrigste Karte"),
        ("exchange", 56, "tauscht er die Herz-Neun"),
        ("marry Qc", 56, "meldet “20”"),
        ("Jh", 58, "um Gelegenheit zu bekommen"),
        ("marry Qs", 58, "spielt Pik-Dame auf und meldet damit 20"),
        ("marry Kh out", 58, "meldet 40"),
    ],
    "example-2": [
        ("As", 67, "das ist Pik-As"),
        ("Qs", 71, "Er wählt das letzte Übel"),
        ("exchange", 71, "Sofort vertauscht er Karo-Neun"),
        ("close", 71, "geht er aufs Ganze"),
        ("marry Qd", 71, "meldet 40"),
        ("Ks", 71, "nutzlos gewordenen Pik-König"),
        ("out", 71, "meldet gleichzeitig “Aus!”"),
        ("Ad", 71, "B spielt Karo-As auf"),
    ],
}


def _id(path: Path) -> str:
    return path.stem


@pytest.mark.parametrize("path", CURRICULUM, ids=_id)
def test_every_curriculum_lesson_asks_the_learner_at_least_twice(path: Path) -> None:
    lesson = load_lesson(path)
    steps = [s for s in lesson.steps if s.interactive]
    assert len(steps) >= 2, [s.number for s in steps]
    assert any(s.question for s in steps)
    if not lesson.compare:  # a comparison asks questions only (see below)
        assert any(s.your_move for s in steps)
    for step in steps:
        if step.question is not None:
            wrong = [a for a in step.question.answers if not a.right]
            assert wrong, f"step {step.number}: a question needs a wrong answer to choose"
            assert all(a.why.strip() for a in step.question.answers)
        elif path.name >= "05":  # the your-move steps from lesson 05 on say why it is right
            assert step.your_move is not None and step.your_move.feedback, step.number


def test_the_curriculum_is_lessons_01_to_17() -> None:
    assert [p.name[:2] for p in CURRICULUM] == [f"{n:02}" for n in range(1, 19)]


@pytest.mark.parametrize("lesson_id", sorted(DECISIONS))
def test_worked_deals_ask_for_the_move_at_each_decision_the_source_explains(
    lesson_id: str,
) -> None:
    path = LESSONS / f"{lesson_id}.yaml"
    lesson = load_lesson(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    by_move = {s.move_text: s for s in lesson.steps if s.move is not None}
    for move, source_line, _words in DECISIONS[lesson_id]:
        step = by_move[move]
        assert step.your_move is not None, f"{lesson_id}: the decision {move} is not asked"
        assert step.your_move.feedback and step.your_move.prompt, move
        # The step cites the article's line in a comment right after its move.
        assert lines[step.move_line].strip().startswith(f"# Source line {source_line}:"), move
    asked = [s.move_text for s in lesson.steps if s.your_move is not None]
    assert asked == [m for m, _l, _w in DECISIONS[lesson_id]]


def test_each_decision_is_at_the_cited_line_of_the_article() -> None:
    seeds = LESSONS.parent.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip(f"the rule sources are not at {seeds} (../shared/seeds next to the repository)")
    lines = (seeds / "000_d036f4009e89b883.txt").read_text(encoding="utf-8").splitlines()
    for lesson_id, decisions in DECISIONS.items():
        for move, line, words in decisions:
            assert words in lines[line - 1], (lesson_id, move, line)


def test_a_source_move_that_is_not_the_engines_best_says_so() -> None:
    """Where the article's move is weaker than the engine's best, the step accepts it with a
    tolerance and its feedback names both what the article does and what the engine says."""
    weaker = 0
    for lesson_id in DECISIONS:
        frames = replay(load_lesson(LESSONS / f"{lesson_id}.yaml"))
        for frame in frames:
            if frame.your_move is None:
                continue
            values = dict(frame.values)
            best = frame.values[0][1]
            assert frame.move in frame.accepted
            if values[frame.move] < best:
                weaker += 1
                assert frame.your_move.tolerance >= best - values[frame.move]
                feedback = frame.your_move.feedback
                assert "article" in feedback and "engine" in feedback, feedback
    assert weaker == 2  # the 20 of A and the 20 of B in the first worked deal


def _narrations(path: Path) -> list[str]:
    lesson = load_lesson(path)
    return [f.narration for f in replay(lesson) if f.narration]


@pytest.mark.parametrize("path", ALL, ids=_id)
def test_no_narration_asks_a_question(path: Path) -> None:
    """A question the learner is meant to answer is a ``question`` step with answers; the
    narration (of the deal and of every step, under every compared preset) only tells."""
    for text in _narrations(path):
        assert "?" not in text, text


def test_a_narration_question_is_found(tmp_path: Path) -> None:
    path = tmp_path / "asks.yaml"
    path.write_text(
        HEAD.replace("compare: [classic, kurnik]", "rules: classic")
        + "  - move: Qs\n    narration: Which may B play?\n",
        encoding="utf-8",
    )
    assert any("?" in t for t in _narrations(path))


# ----------------------------------------------------------------------------- comparisons

HEAD = """\
id: compare-test
title: Compare
level: 3
summary: A test.
compare: [classic, kurnik]
deal:
  hands:
    A: Qs Kh Ad 10d Kc 9h
    B: As 9s Jh Qh Qd Ac
  trump: Jc
steps:
  - move: close
    narration: A closes.
"""

QUESTION = """\
  - move: Qs
    narration: A leads.
    question:
      text: Which card may B play?
      answers:
        - {{text: One, right: true, why: Because.}}
        - {{text: Other, right: false, why: Not so.}}
      check:
        {check}
"""


def _write(tmp_path: Path, steps: str) -> Path:
    path = tmp_path / "compare-test.yaml"
    path.write_text(HEAD + steps, encoding="utf-8")
    return path


def _line(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


def test_your_move_is_refused_in_a_comparison_with_its_own_message(tmp_path: Path) -> None:
    path = _write(tmp_path, "  - move: Qs\n    narration: A leads.\n  - move: As\n    your_move:\n")
    lesson, errors = check_lesson(path)
    assert lesson is None
    (err,) = errors
    assert err.template == L.E_YOUR_MOVE_COMPARE
    assert err.params == {"compare": "classic, kurnik"} and err.step == 3
    assert err.line == _line(path, "your_move:")
    assert str(err).startswith(f"{path}:{err.line}:")
    assert "your_move" in str(err) and "classic, kurnik" in str(err)
    for lang in ("de", "pl"):
        text = err.render(get_translator(lang))
        assert text.startswith(f"{path}:{err.line}:") and "classic, kurnik" in text
        assert "your_move" in text and "the best move may differ" not in text, lang


def test_a_question_whose_check_holds_under_every_preset_is_allowed(tmp_path: Path) -> None:
    path = _write(tmp_path, QUESTION.format(check="{legal: [As], illegal: [Jh, Ac]}"))
    lesson = load_lesson(path)
    frames = replay(lesson)
    asked = [f for f in frames if f.question is not None]
    assert [f.preset for f in asked] == ["classic"]  # asked once, in the first run
    again = [f for f in frames if f.preset == "kurnik" and f.step == asked[0].step]
    assert len(again) == 1 and again[0].question is None and again[0].move == asked[0].move


def test_a_question_whose_check_holds_under_one_preset_only_is_refused(tmp_path: Path) -> None:
    # Under classic B may duck with 9s; under kurnik B must head the trick with As.
    path = _write(tmp_path, QUESTION.format(check="{legal: [9s]}"))
    lesson, errors = check_lesson(path)
    assert lesson is None
    assert [e.template for e in errors] == [L.E_ANSWER_ENGINE, L.C_LEGAL]
    err = errors[0]
    assert err.preset == "kurnik" and err.line == _line(path, "legal: [9s]")
    assert "kurnik" in str(err) and str(err).startswith(f"{path}:{err.line}:")


def test_a_question_in_a_variant_is_refused_by_name(tmp_path: Path) -> None:
    steps = (
        "  - move: Qs\n    narration: A leads.\n    variants:\n      kurnik:\n"
        "        question: {text: Who, answers: [{text: B, right: true, why: x}]}\n"
    )
    lesson, errors = check_lesson(_write(tmp_path, steps))
    assert lesson is None
    (err,) = errors
    assert err.template == L.E_UNKNOWN_FIELD and err.params["field"] == "question"


# ----------------------------------------------------------------------------- broken steps


def test_every_broken_interactive_step_has_a_message_with_file_and_line(tmp_path: Path) -> None:
    """Each kind of broken interactive step is reported with its own message, in every
    language, at the file and line of the problem (details in test_lesson_steps.py)."""
    head = HEAD.replace("compare: [classic, kurnik]", "rules: classic")
    cases = {
        L.E_ACCEPT_ILLEGAL: (
            "  - move: Qs\n    narration: A leads.\n  - move: 9s\n"
            "    your_move: {accept: [9s, Jh]}\n",
            "accept",
        ),
        L.E_NOT_ACCEPTED: (
            "  - move: Qs\n    narration: A leads.\n  - move: 9s\n    your_move: {accept: [As]}\n",
            "your_move",
        ),
        L.E_ANSWER_ENGINE: (QUESTION.format(check="{legal: [Jh]}"), "legal: [Jh]"),
        L.E_UNKNOWN_FIELD: ("  - move: Qs\n    quiz: {text: Which one}\n", "quiz"),
        L.E_YOUR_MOVE_NEEDS_MOVE: ("  - narration: Play.\n    your_move:\n", "your_move"),
        L.E_BOTH_KINDS: (
            QUESTION.format(check="{legal: [As]}").replace(
                "    question:", "    your_move:\n    question:"
            ),
            "question:",
        ),
    }
    templates = set()
    for template, (steps, marker) in cases.items():
        path = tmp_path / "broken.yaml"
        path.write_text(head + steps, encoding="utf-8")
        lesson, errors = check_lesson(path)
        assert lesson is None, template
        err = errors[0]
        assert isinstance(err, LessonError)
        assert err.template == template, (template, str(err))
        assert err.line == _line(path, marker), str(err)
        assert err.render(get_translator("de")).startswith(f"{path}:{err.line}:")
        templates.add(err.template)
    assert len(templates) == len(cases)


def test_each_interactive_message_is_in_the_docs() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text("utf-8")
    for name in (
        "E_ACCEPT_ILLEGAL",
        "E_ACCEPT_WEAK",
        "E_NOT_ACCEPTED",
        "E_SEARCH_LIMIT",
        "E_YOUR_MOVE_NEEDS_MOVE",
        "E_YOUR_MOVE_COMPARE",
        "E_BOTH_KINDS",
        "E_ANSWER_ENGINE",
        "E_ONE_RIGHT",
        "E_READING",
        "E_TERM",
    ):
        template = getattr(L, name)
        first = re.split(r"\{\w+\}", template)[0]
        assert first in docs, name


def test_an_edited_lesson_is_not_searched_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exact values of a your-move step are kept per position: a lesson whose words were
    edited is replayed without searching its positions again, with the same values. (The
    table of the shipped lessons is left out, so that the positions are searched at all.)"""
    from tutor.teach.lessons import ranked

    monkeypatch.setattr(ranked, "_table", dict)
    text = (LESSONS / "02-tricks-and-trumps.yaml").read_text(encoding="utf-8")
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    first = [f.values for f in replay(load_lesson(path)) if f.your_move is not None]
    before = (ranked._KEPT.hits, ranked._KEPT.misses)
    path.write_text(text.replace("title: ", "title: Edited ", 1), encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.title.startswith("Edited ")
    second = [f.values for f in replay(lesson) if f.your_move is not None]
    after = (ranked._KEPT.hits, ranked._KEPT.misses)
    assert first == second and first
    assert after == (before[0] + len(first), before[1])

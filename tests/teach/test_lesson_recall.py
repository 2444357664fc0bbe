"""Questions test recall, not reading: a right answer that stands in its step's narration is
refused, in English by the reader and in German and Polish by ``tutor validate``; every
shipped lesson passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.teach.lessons import Lesson, LessonError, check_lesson, load_lesson, read_lesson
from tutor.teach.lessons import messages as L
from tutor.teach.lessons.recall import recall_problems, stands_in
from tutor.words.i18n import get_translator
from tutor.words.lesson_recall import translated_recall_problems

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "lessons").glob("*.yaml"))


@pytest.mark.parametrize(
    ("answer", "narration", "found"),
    [
        # the two questions that answered themselves in the first lesson
        ("21 points", "B has 21 card points, A has 2.", "21"),
        ("{ten}", "Next comes {ten}, which ranks above {king}.", "{ten}"),
        # a card named in any case, a suit in the plural
        ("{Kd}", "B takes it with {Kd_ins}.", "{Kd}"),
        ("{spades}", "{spades_nompl} are trumps.", "{spades}"),
        # every number and card of the answer, the units left aside
        ("{Kd} and {Qd}: 7 points", "{Kd_nom} and {Qd}, 7 in all", "{Kd}, {Qd}, 7"),
        ("14 Augen", "B hat jetzt 14.", "14"),
        # a phrase, without regard to case and to the little words at its ends
        ("Under these rules, yes", "Under these rules B may go out.", "under these rules"),
        ("Twice", "The stock goes round twice.", "twice"),
    ],
)
def test_an_answer_that_stands_in_the_text_is_found(
    answer: str, narration: str, found: str
) -> None:
    assert stands_in(answer, narration) == found


@pytest.mark.parametrize(
    ("answer", "narration"),
    [
        ("21 points", "B has 121 card points."),  # a number is a whole token
        ("21 points", "B has 2 and 1."),
        ("{ten}", "B leads {10h}."),  # a rank is not a card of that rank
        ("{Kd}", "B holds {king} and {queen}."),
        ("{Kd} and {Qd}", "B leads {Kd}."),  # only one of the two cards
        ("Declare 66 now and end the deal", "B is on lead with more than 66 points."),
        ("Yes", "Yes, A may."),  # little words alone never count
        ("B", "B takes the trick."),  # nor a seat's letter
        ("No, A has only 50.", "A counts 70 points and declares 66."),
        ("follow suit", "B must follow, whatever the suit."),  # a phrase in order
        ("trump", "A trumps it."),  # whole words
    ],
)
def test_an_answer_that_is_not_in_the_text_is_not_found(answer: str, narration: str) -> None:
    assert stands_in(answer, narration) is None


LESSON = """\
id: recall
title: Recall
level: 1
summary: A lesson with one question.
rules: classic
deal:
  hands:
    A: 10h Kh 9h 10c Kc Qc
    B: Jh As Ks Qs Ad Kd
  trump: Ah
  stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd
steps:
  - move: 10h
    narration: A leads {10h}.
  - move: Kd
    narration: {NARRATION}
    question:
      text: Which card took the trick, and how many points has A now?
      answers:
        - text: "{10h}, 14 points"
          right: true
          why: Ten and king.
        - text: "{Kd}, 4 points"
          right: false
          why: A trick goes to the higher card of the suit led.
"""


def lesson_text(narration: str) -> bytes:
    return LESSON.replace("{NARRATION}", narration).encode()


def test_the_reader_refuses_a_question_its_narration_answers() -> None:
    text = lesson_text("B throws {Kd}; {10h} takes the trick, and A has 14 points.")
    lesson, errors = read_lesson("recall.yaml", text)
    assert lesson is None
    (error,) = errors
    assert error.template == L.E_READING and error.step == 2
    assert error.params == {"answer": "{10h}, 14", "language": "en"}
    line = next(i for i, s in enumerate(text.decode().splitlines(), 1) if '"{10h}, 14' in s)
    assert error.line == line
    assert str(error) == (
        f"recall.yaml:{line}:{error.column}: step 2: the answer {{10h}}, 14 stands in this "
        "step's narration (en): the question tests reading, not recall"
    )
    for lang in ("de", "pl"):
        rendered = error.render(get_translator(lang))
        assert f"recall.yaml:{line}:" in rendered and "{10h}, 14" in rendered
        assert "reading, not recall" not in rendered  # said in the language


def test_the_reader_accepts_a_question_the_learner_must_count() -> None:
    lesson, errors = read_lesson("recall.yaml", lesson_text("B throws {Kd}."))
    assert errors == () and lesson is not None


def test_a_translation_that_says_the_answer_is_refused_in_its_language() -> None:
    lesson, _ = read_lesson("recall.yaml", lesson_text("B throws {Kd}."))
    assert lesson is not None
    german = {
        "B throws {Kd}.": "B wirft {Kd_acc} ab, {10h} sticht, A hat 14.",
        "{10h}, 14 points": "{10h}, 14 Augen",
    }
    polish = {"B throws {Kd}.": "B zrzuca {Kd_acc}.", "{10h}, 14 points": "{10h}, 14 punktów"}
    problems = recall_problems(
        lesson, {"de": lambda t: german.get(t, t), "pl": lambda t: polish.get(t, t)}
    )
    assert [(p.step, p.params["language"]) for p in problems] == [(2, "de")]
    assert recall_problems(lesson) == ()  # English alone says nothing of it


def test_a_question_in_a_variant_s_narration_is_checked_too(tmp_path: Path) -> None:
    text = (ROOT / "lessons" / "17-sources-going-out-pagat.yaml").read_text("utf-8")
    said = "Under these rules B may go out even though A closed the stock."
    variant = "Under the Kurnik rules B may not declare: only the player who closed"
    assert variant in text
    path = tmp_path / "17.yaml"
    path.write_text(text.replace(variant, said + " " + variant[:20]), encoding="utf-8")
    lesson, errors = check_lesson(path)
    assert lesson is None and [e.template for e in errors] == [L.E_READING]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_shipped_question_tests_recall_in_every_language(path: Path) -> None:
    lesson = load_lesson(path)  # the reader's English check
    assert translated_recall_problems(lesson) == ()


def test_validate_reports_a_translation_that_says_the_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tutor.cli.validate as validate

    lesson = load_lesson(FILES[0])
    problem = LessonError(lesson.path, 7, 3, L.E_READING, step=1, answer="21", language="de")

    def fake(les: Lesson) -> tuple[LessonError, ...]:
        return (problem,) if les.id == lesson.id else ()

    monkeypatch.setattr(validate, "translated_recall_problems", fake)
    assert main(["validate", str(ROOT / "lessons")]) == 1
    out = capsys.readouterr()
    assert ":7:3: step 1: the answer 21 stands" in out.out + out.err
    assert main(["validate", str(FILES[1])]) == 0

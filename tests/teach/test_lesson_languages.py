"""Lessons written in the teacher's language: texts as mappings of language to text, the
lesson's ``language``, and the problems the reader names at their line and field."""

from __future__ import annotations

import pytest

from tutor.msgid import OwnText
from tutor.teach.lessons import Lesson
from tutor.teach.lessons import messages as L
from tutor.teach.lessons.reader import read_lesson
from tutor.tools.babel_extract import extract_lessons

TWO = """\
id: own-texts
language: de
title: {de: Die erste Karte, pl: Pierwsza karta}
level: 1
summary: {de: "Es wird {Ah_nom} gespielt.", pl: "Zagrywa się {Ah_acc}."}
rules: classic
show: both
terms: []
deal:
  hands:
    A: Ah 10h Kc
    B: 9s Js Ks
  trump: Qd
  narration: Das Blatt.
steps:
  - move: Ah
    narration: {de: "A spielt {Ah_acc} aus.", pl: "A wychodzi {Ah_ins}."}
    your_move:
      accept: [Ah]
      prompt: {de: "Was spielt A?", pl: "Czym wychodzi A?"}
      feedback: {de: Richtig., pl: Dobrze.}
  - move: 9s
    narration: {de: B gibt zu., pl: B dokłada.}
    question:
      text: {de: "Wie viele Augen hat A?", pl: "Ile punktów ma A?"}
      answers:
        - {text: "11", right: true, why: {de: Das Ass zählt 11., pl: As liczy 11.}}
        - {text: "0", right: false, why: {de: Falsch., pl: Źle.}}
      check: {points: {A: 11}}
"""

TABLE = """\
id: own-table
language: pl
title: {pl: Trzech przy stole, en: Three at the table}
level: 2
summary: Trzech graczy, każdy dla siebie.
rules: three
terms: []
deal:
  dealer: C
  hands:
    A: Ac 10c 9c Kd Qd Ks 8h
    B: As 10s Js Ad 9d Jc Qh
    C: Ah Kc Qc 10d Jd 9s 8s
  trump: 10h
  stock: Kh 9h Qs 8c Jh 8d
  narration: {pl: "A wychodzi pierwszy.", de: "A spielt zuerst aus."}
steps:
  - move: Ac
    narration: {pl: "A wychodzi {Ac_ins}.", en: "A leads {Ac}."}
"""


def read(text: str) -> tuple[Lesson | None, tuple[str, ...], tuple[int, ...]]:
    lesson, errors = read_lesson("x.yaml", text.encode())
    return lesson, tuple(e.template for e in errors), tuple(e.line for e in errors)


def test_two_seat_lesson_keeps_its_texts_in_every_language() -> None:
    lesson, errors, _ = read(TWO)
    assert errors == ()
    assert lesson is not None and lesson.language == "de"
    title = lesson.title
    assert isinstance(title, OwnText)
    assert (str(title), title.get("pl"), title.get("en")) == (
        "Die erste Karte",
        "Pierwsza karta",
        "Die erste Karte",
    )
    steps = lesson.steps
    assert steps[0].your_move.prompt.get("pl") == "Czym wychodzi A?"
    assert steps[1].question.answers[0].why.get("de") == "Das Ass zählt 11."
    # a plain text of a lesson with a language is in that language
    assert lesson.deal.narration.languages == ("de",)


def test_table_lesson_reads_mappings() -> None:
    lesson, errors, _ = read(TABLE)
    assert errors == ()
    steps = lesson.steps
    assert steps[0].narration.get("en") == "A leads {Ac}."
    assert lesson.deal.narration.get("de") == "A spielt zuerst aus."


@pytest.mark.parametrize(
    ("old", "new", "template", "at"),
    [
        ("language: de", "language: fr", L.E_LANGUAGE, "language"),
        (
            "    narration: {de: B gibt zu., pl: B dokłada.}",
            "    narration: {pl: B dokłada.}",
            L.E_TEXT_LANGUAGE,
            "B dokłada",
        ),
        (
            "    narration: {de: B gibt zu., pl: B dokłada.}",
            "    narration: {de: B gibt zu., it: B dokłada.}",
            L.E_UNKNOWN_FIELD,
            "B dokłada",
        ),
        (
            "    narration: {de: B gibt zu., pl: B dokłada.}",
            '    narration: {de: "B gibt {Zz} zu.", pl: B dokłada.}',
            L.E_BRACES,
            "B dokłada",
        ),
        ("language: de\n", "", L.E_TEXT_NEEDS_LANGUAGE, "title"),
    ],
)
def test_problems_of_texts_in_languages(old: str, new: str, template: str, at: str) -> None:
    """Each problem is named at the line of the text it is about (the first line holding
    ``at``)."""
    assert old in TWO
    text = TWO.replace(old, new, 1)
    lesson, errors, lines = read(text)
    assert lesson is None
    assert errors[0] == template
    assert lines[0] == next(n for n, s in enumerate(text.splitlines(), 1) if at in s)


def test_the_answer_may_not_stand_in_the_narration_in_any_language_given() -> None:
    said = '    narration: {de: B gibt zu., pl: "B dokłada, A ma 11."}'
    lesson, errors, lines = read(
        TWO.replace("    narration: {de: B gibt zu., pl: B dokłada.}", said, 1)
    )
    assert lesson is None and errors == (L.E_READING,)
    _, problems = read_lesson(
        "x.yaml", TWO.replace("    narration: {de: B gibt zu., pl: B dokłada.}", said, 1).encode()
    )
    assert problems[0].params["language"] == "pl"
    assert lines == (next(n for n, s in enumerate(TWO.splitlines(), 1) if "right: true" in s),)


def test_the_catalog_extractor_skips_a_lesson_in_its_own_language() -> None:
    import io

    def found(text: str) -> list[str]:
        return [m for _, _, m, _ in extract_lessons(io.BytesIO(text.encode()), (), (), {})]

    assert found(TWO) == []
    english = TWO.replace("language: de\n", "").replace(
        "title: {de: Die erste Karte, pl: Pierwsza karta}", "title: The first card"
    )
    texts = found(english)
    assert "The first card" in texts
    assert "Die erste Karte" not in texts and "Was spielt A?" not in texts

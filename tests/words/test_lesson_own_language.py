"""A lesson written in German with Polish translations, read in German, Polish and English:
each learner reads the text in their language where the lesson gives it, else in the lesson's
language, with the card names of the language of the text."""

from __future__ import annotations

import pytest

from tutor.teach.lessons import replay
from tutor.teach.lessons.reader import read_lesson
from tutor.words.app_text import choice_texts
from tutor.words.i18n import get_translator
from tutor.words.lesson_text import question_reply, replay_text

LESSON = """\
id: own-words
language: de
title: {de: Das Herz-Ass, pl: As kier}
level: 1
summary: {de: "Wer {Ah_acc} ausspielt, gewinnt.", pl: "Kto wychodzi {Ah_ins}, wygrywa."}
rules: classic
show: both
terms: []
deal:
  hands:
    A: Ah 10h Kc
    B: 9s Js Ks
  trump: Qd
steps:
  - move: Ah
    narration: {de: "A spielt {Ah_acc} aus.", pl: "A wychodzi {Ah_ins}."}
  - move: 9s
    narration: Nur auf Deutsch.
    question:
      text: {de: "Wer nimmt den Stich?", pl: "Kto bierze lewę?"}
      answers:
        - {text: A, right: true, why: {de: "{Ah} ist höher.", pl: "{Ah} jest wyższy."}}
        - {text: B, right: false, why: {de: Nein., pl: Nie.}}
"""

# language: the title, the first step's narration, the right answer's why
EXPECTED = {
    "de": ("Das Herz-Ass", "A spielt das Herz-Ass aus.", "Das Herz-Ass ist höher."),
    "pl": ("As kier", "A wychodzi asem kier.", "As kier jest wyższy."),
    # not given in English: the lesson's language, with German card names
    "en": ("Das Herz-Ass", "A spielt das Herz-Ass aus.", "Das Herz-Ass ist höher."),
}


@pytest.mark.parametrize("lang", ["de", "pl", "en"])
def test_the_learner_reads_their_language_or_the_lessons(lang: str) -> None:
    lesson, errors = read_lesson("own.yaml", LESSON.encode())
    assert lesson is not None, [str(e) for e in errors]
    tr = get_translator(lang)
    frames = replay(lesson)
    lines = replay_text(lesson, frames, tr)
    title, narration, why = EXPECTED[lang]
    assert lines[0] == title
    assert "  > " + narration in lines
    # a text given only in the lesson's language is read in it by everyone
    assert "  > Nur auf Deutsch." in lines
    question = frames[2]
    texts, whys = choice_texts(tr, question)
    assert texts == ("A", "B")
    assert whys[0] == why
    assert question_reply(question, 0, tr).lines == (why,)


def test_plain_english_lessons_still_go_through_the_catalogs() -> None:
    from pathlib import Path

    from tutor.teach.lessons import load_lesson

    lesson = load_lesson(Path(__file__).parents[2] / "lessons" / "01-cards-and-points.yaml")
    assert lesson.language == ""
    de = get_translator("de")._(lesson.title)
    assert de != lesson.title  # translated by the German catalog

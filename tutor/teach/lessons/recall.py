"""Questions that test recall, not reading: a right answer may not stand in its step's narration.

A question asks what the learner has to count or remember. If the narration of the same step
already says the right answer, the learner only reads it off the line above. ``stands_in``
decides whether an answer stands in a text, in one language, by these rules:

- both texts are split into tokens: a narration placeholder (``{Kd_acc}``, ``{ten}``,
  ``{hearts_nompl}``) is the card, rank or suit it names, whatever its case; a number is a
  whole token (``21`` is not in ``121``); a word is compared without regard to case;
- little words (articles, conjunctions, yes and no, seat letters) never count, and units
  (points, cards, tricks) do not count beside a number or a card;
- an answer that names a card, rank, suit or number stands in the text when every card, rank,
  suit and number it names is there, and every other word of it but the units;
- any other answer stands in the text when it is there as a phrase: its words, in order, the
  little words at its ends left off, with at least one word that is no little word.

``recall_problems(lesson, languages)`` applies it to each question's right answer and the
narration of its step (and the step's variants), in English (the msgids) and in any other
language whose texts are given (``tutor.words.lesson_recall`` gives German and Polish).

>>> stands_in("21 points", "B has 21 card points, A has 2.")
'21'
>>> stands_in("{ten}", "Next comes {ten}, which ranks above {king}.")
'{ten}'
>>> stands_in("21 points", "B has 121 card points.") is None
True
>>> stands_in("Yes, before leading.", "Yes, A may.") is None
True
>>> stands_in("Under these rules, yes", "Under these rules B may go out.")
'under these rules'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

from tutor.engine import Card, narration_value, split_case
from tutor.msgid import OwnText
from tutor.teach.lessons.messages import E_READING
from tutor.teach.lessons.model import Lesson, LessonError

__all__ = ["LITTLE_WORDS", "UNIT_WORDS", "recall_problems", "stands_in"]

# The little words and the units, a line a language: English, German, Polish.
_LITTLE = """
a an the and or of to in on at by with for from as it its is are be s yes no not only one any
all both each every this that these those now then so but b c d
der die das den dem des ein eine einen einem einer eines und oder von zu zum zur im am mit für
ja nein nicht nur es ist sind dann jetzt aber
i oraz lub albo w we z ze na do od o po tak nie tylko to jest są ten ta te teraz ale
"""
_UNITS = """
point points card cards trick tricks game games times
auge augen punkt punkte punkten siegpunkt siegpunkte siegpunkten karte karten stich stiche
stichen spiel mal
punkty punktów punktami punkcie karta karty kart lewa lewy lew lewę rozdanie razy
"""

#: Words that never make an answer stand in a text (articles, conjunctions, yes and no, the
#: seat letters), in every language the tutor speaks.
LITTLE_WORDS: Final = frozenset(_LITTLE.split())

#: Words that name what a number or a card counts; beside one they do not count.
UNIT_WORDS: Final = frozenset(_UNITS.split())

_TOKEN = re.compile(r"\{([^{}]+)\}|(\w+)")
_NUMBER = re.compile(r"\d+")


def _tokens(text: str) -> list[tuple[str, bool]]:
    """The tokens of a text, each with whether it is a mark (a card, rank, suit or number):
    a placeholder is written ``{name}`` without its case, a number as written, a word in
    lower case."""
    out: list[tuple[str, bool]] = []
    for match in _TOKEN.finditer(text):
        placeholder, word = match.groups()
        if placeholder is not None:
            base, _case = split_case(placeholder)
            value = narration_value(base)
            if value is not None:
                name = str(value) if isinstance(value, Card) else base
                out.append(("{" + name + "}", True))
        elif _NUMBER.fullmatch(word):
            out.append((word, True))
        else:
            out.append((word.lower(), False))
    return out


def _trim(tokens: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """The tokens without the little words at either end."""
    start, end = 0, len(tokens)
    while start < end and not tokens[start][1] and tokens[start][0] in LITTLE_WORDS:
        start += 1
    while end > start and not tokens[end - 1][1] and tokens[end - 1][0] in LITTLE_WORDS:
        end -= 1
    return tokens[start:end]


def stands_in(answer: str, text: str) -> str | None:
    """What of ``answer`` stands in ``text`` (a card, rank or suit as ``{name}``, a number, or
    a phrase in lower case), or ``None`` when the answer is not there (rules in the module's
    docstring)."""
    said = _tokens(text)
    given = _tokens(answer)
    marks = [tok for tok, mark in given if mark]
    if marks:
        have = {tok for tok, _ in said}
        words = [
            tok
            for tok, mark in given
            if not mark and tok not in LITTLE_WORDS and tok not in UNIT_WORDS
        ]
        if all(tok in have for tok in (*marks, *words)):
            return ", ".join(dict.fromkeys(marks))
        return None
    phrase = [tok for tok, _ in _trim(given)]
    if not any(tok not in LITTLE_WORDS for tok in phrase):
        return None
    words = [tok for tok, _ in said]
    size = len(phrase)
    for i in range(len(words) - size + 1):
        if words[i : i + size] == phrase:
            return " ".join(phrase)
    return None


#: A language's texts: the translation of an English msgid.
Texts = Callable[[str], str]


def _in(language: str) -> Texts:
    """A lesson's own text in ``language`` (a msgid stays as it is)."""

    def text(value: str) -> str:
        return value.get(language) if isinstance(value, OwnText) else value

    return text


def recall_problems(
    lesson: Lesson, languages: Mapping[str, Texts] | None = None
) -> tuple[LessonError, ...]:
    """The questions of ``lesson`` whose right answer stands in the narration of their step,
    one problem each at the right answer's line, in English and in each language of
    ``languages`` (its code and the translation of a msgid). A lesson written in its own
    ``language`` is checked in every language its texts are given in."""
    problems: list[LessonError] = []
    for step in lesson.steps:
        question = step.question
        if question is None or not question.answers:
            continue
        answer = question.answers[question.right]
        narrations = [step.narration, *(v.narration for _, v in step.variants if v.narration)]
        texts: Mapping[str, Texts] = {"en": str}
        if languages is not None:
            texts = languages
        elif lesson.language:  # the lesson's own texts: each language they are given in
            given = [t.languages for t in (answer.text, *narrations) if isinstance(t, OwnText)]
            codes = dict.fromkeys((lesson.language, *(c for langs in given for c in langs)))
            texts = {code: _in(code) for code in codes}
        for lang, translate in texts.items():
            found = None
            for narration in narrations:
                if narration and found is None:
                    found = stands_in(translate(answer.text), translate(narration))
            if found is not None:
                problems.append(
                    LessonError(
                        lesson.path,
                        answer.line or question.line,
                        answer.column or question.column,
                        E_READING,
                        step=step.number,
                        answer=found,
                        language=lang,
                    )
                )
                break  # one problem a question: the English one if it is there
    return tuple(problems)

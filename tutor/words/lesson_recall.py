"""Questions that test recall, checked in the translations too.

The lesson reader refuses a question whose right answer stands in the English narration of its
step (``tutor.teach.lessons.recall``). A translation may say more than the English, so
``translated_recall_problems`` checks the German and the Polish text of the answer against the
same language's narration; ``tutor validate`` and the tests run it on every lesson.

>>> from pathlib import Path
>>> from tutor.teach.lessons import load_lesson
>>> lesson = load_lesson(Path(__file__).parents[2] / "lessons" / "01-cards-and-points.yaml")
>>> translated_recall_problems(lesson)
()
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache

from tutor.teach.lessons import Lesson, LessonError
from tutor.teach.lessons.recall import recall_problems
from tutor.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, load_po, po_path

__all__ = ["translated_recall_problems"]


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    return load_po(po_path(lang), lang)


def _texts(lang: str) -> Callable[[str], str]:
    """A language's text of a msgid: its translation, or the English where it has none."""
    catalog = _catalog(lang)

    def text(msgid: str) -> str:
        try:
            return catalog.gettext(msgid)
        except LookupError:  # not translated: the learner reads the English
            return msgid

    return text


def translated_recall_problems(lesson: Lesson) -> tuple[LessonError, ...]:
    """The questions of ``lesson`` whose right answer stands in its step's narration in a
    translation (every language but English, which the reader checks). A lesson written in
    its own ``language`` carries its translations, which the reader checks."""
    if lesson.language:
        return ()
    languages = {lang: _texts(lang) for lang in LANGUAGES if lang != DEFAULT_LANGUAGE}
    return recall_problems(lesson, languages)

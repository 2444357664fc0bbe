"""The generated puzzles on the Puzzles page in words: the heading of their list, its preset
filter and how many are shown.

>>> from tutor.words.i18n import get_translator
>>> GeneratedWords().said(get_translator("en")).more
'Show more'
>>> shown_line(12, 500, get_translator("en"))
'12 of 500'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.msgid import N_
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator


@dataclass(frozen=True)
class GeneratedWords(Labels):
    """The labels of the list of generated puzzles."""

    heading: str = N_("Puzzles from self-play")
    intro: str = N_(
        "Positions met in computer games, each proved by the solver against every deal you "
        "cannot tell apart. Choose the rules and the theme."
    )
    preset: str = N_("Preset")
    more: str = N_("Show more")


def shown_line(shown: int, total: int, tr: Translator) -> str:
    return tr._("{shown} of {total}", shown=shown, total=total)


__all__ = ["GeneratedWords", "shown_line"]

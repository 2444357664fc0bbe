"""The Rules page in words: its labels, and a watched deal (``tutor.teach.table_watch``) said
move by move.

>>> from tutor.teach.table_watch import new_watch
>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> watch_hint_help(new_watch("four", 1), en)
'A hint for player C, who is to play.'
>>> watch_move_text(new_watch("four", 1), en) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import SEAT_NAMES
from tutor.msgid import N_
from tutor.teach.table_watch import HINT_LEVELS, Watch
from tutor.words.app_text import Labels, hint_button
from tutor.words.i18n import Translator
from tutor.words.narrate import move_text, outcome_text


@dataclass(frozen=True)
class RulesWords(Labels):
    """The Rules page's labels."""

    title: str = N_("The rules of 66")
    intro: str = N_(
        "The sources of the game disagree on many details. Each set of rules below is a "
        "preset: every rule is a switch, and every switch names the source it follows."
    )
    one: str = N_("One set of rules")
    compare: str = N_("Compare the presets")
    table: str = N_("Three and four players")
    preset: str = N_("Preset")
    choose: str = N_("Choose…")
    only_differences: str = N_("Only the differences")
    compare_caption: str = N_(
        "Rows marked ≠ differ between presets; the values that differ from most "
        "presets are highlighted. Under each value: the source it follows."
    )
    table_caption: str = N_(
        "The sources say little about these games, and not always the same. Each "
        "preset's notes say which reading it takes. The tutor plays them in self-play; "
        "lessons and play against the computer are for two players so far."
    )
    teachers: str = N_("Details for teachers: the source files")
    teachers_caption: str = N_(
        "Each source is kept with the tutor as a text file; the rule switches in the "
        "program and the command tutor rules name a source by its file."
    )
    watch: str = N_("Watch a deal")
    every_hand: str = N_("Show every hand")
    next_move: str = N_("Next move")
    new_deal: str = N_("New deal")


def watch_move_text(watch: Watch, tr: Translator) -> str | None:
    """What the last move of the watched deal did (``None`` before the first)."""
    if watch.last is None:
        return None
    before, move, after = watch.last
    return move_text(before, move, after, tr)


def watch_outcome_text(watch: Watch, tr: Translator) -> str | None:
    """How the watched deal ended (``None`` while it goes on)."""
    return outcome_text(watch.deal, tr) if watch.over else None


def watch_hint_help(watch: Watch, tr: Translator) -> str:
    """Whom the hint is for: the seat to move."""
    seat = watch.deal.to_move
    name = SEAT_NAMES[seat] if seat is not None else ""
    return tr._("A hint for player {name}, who is to play.", name=name)


__all__ = [
    "HINT_LEVELS",
    "RulesWords",
    "hint_button",
    "watch_hint_help",
    "watch_move_text",
    "watch_outcome_text",
]

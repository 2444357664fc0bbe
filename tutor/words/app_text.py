"""The app's own words outside the lessons and puzzles: the pages' names, the settings, the
notices, the banner when the server is lost, the Glossary and Rules pages and asking the class.

Labels without parameters are kept as a frozen dataclass of message ids (``Labels``); a page asks
for them once per run in the session's language (``AppWords().said(tr)``) and shows the fields.
Sentences with parameters are functions.

>>> from tutor.words.i18n import get_translator
>>> AppWords().said(get_translator("de")).settings
'Einstellungen'
>>> terms_shown(3, 40, get_translator("en"))
'Terms shown: 3 of 40.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Self

from tutor.msgid import N_
from tutor.teach.lessons import Frame
from tutor.words.glossary import INTRO as GLOSSARY_INTRO
from tutor.words.i18n import Translator


@dataclass(frozen=True)
class Labels:
    """Labels as message ids, one field each; ``said`` gives them in a language."""

    def said(self, tr: Translator) -> Self:
        """Every label in ``tr``'s language."""
        return replace(self, **{f.name: tr._(getattr(self, f.name)) for f in fields(self)})


# ----------------------------------------------------------------------------- the frame


@dataclass(frozen=True)
class AppWords(Labels):
    """The pages' names and the settings, on every page."""

    learn: str = N_("Learn")
    rules: str = N_("Rules")
    puzzles: str = N_("Puzzles")
    play: str = N_("Play")
    studio: str = N_("Studio")
    glossary: str = N_("Glossary")
    follow: str = N_("Follow a teacher")
    settings: str = N_("Settings")
    language: str = N_("Language")
    choose: str = N_("Choose…")
    cards: str = N_("Cards")
    projector: str = N_("Projector mode")
    projector_help: str = N_("Large cards and text, high contrast, no side bar: for the classroom.")
    normal_view: str = N_("Normal view")
    leave_projector: str = N_("Leave projector mode")
    room_code: str = N_("Room code")
    opponent: str = N_("Opponent")
    page_failed: str = N_(
        "Sorry, something went wrong while showing this page. "
        "Try another lesson or reload the page."
    )


#: The classroom service is away (a notice for the next run, or said at once).
ROOMS_DOWN = N_("The class has lost its connection. Trying again…")
#: A click's callback failed: a notice for the next run.
CALLBACK_FAILED = N_("Sorry, that did not work. Please try again.")
#: The address names a language the tutor does not speak.
NO_SUCH_LANGUAGE = N_("The language '{lang}' is not available; choose one of: {valid}.")
#: A parameter of the address that cannot be used.
IGNORED_PARAM = N_(
    "The address gives '{value}' for '{param}', which cannot be used; it is ignored."
)

# TRANSLATORS: a banner across the top of every page while the browser
# cannot reach the server (stopped, restarting, or the network gone); it
# goes away when the server is back.
LOST = N_(
    "The connection to the server is lost. This page reconnects by itself when the server is back."
)
#: When Streamlit has given up (it does not try again by itself).
GIVEN_UP = N_("The connection to the server is lost. Reload the page to connect again.")
RELOAD = N_("Reload the page")


def connection_texts(tr: Translator) -> dict[str, str]:
    """The banner's texts when the page loses the server, by the script's names."""
    return {"lost": tr._(LOST), "given_up": tr._(GIVEN_UP), "reload": tr._(RELOAD)}


def rooms_down(tr: Translator) -> str:
    return tr._(ROOMS_DOWN)


# ----------------------------------------------------------------------------- glossary

NO_MATCH = N_("No term matches “{text}”.")


@dataclass(frozen=True)
class GlossaryWords(Labels):
    """The Glossary page's labels."""

    find: str = N_("Find a term")
    find_hint: str = N_("a word in any of the three languages")


def glossary_intro(tr: Translator) -> str:
    return tr._(GLOSSARY_INTRO)


def terms_shown(n: int, total: int, tr: Translator) -> str:
    return tr._("Terms shown: {n} of {total}.", n=n, total=total)


# ----------------------------------------------------------------------------- asking the class


@dataclass(frozen=True)
class AskWords(Labels):
    """The teacher's buttons when asking the class."""

    ask: str = N_("Ask the class")
    ask_help: str = N_(
        "Each student answers on their own screen; you see the answers as they come."
    )
    reveal: str = N_("Show the answer")
    names: str = N_("Show the students' names")
    names_help: str = N_("Names are shown only when students give one.")


def refused_lines(refused: Mapping[str, int], most: int, tr: Translator) -> list[str]:
    """Why answers to the question were not counted, one line per reason (``refused``: how
    many for each of "late" and "full"; ``most``: the answers a question takes)."""
    lines = []
    if late := refused.get("late", 0):
        lines.append(
            tr.n_(
                "{n} answer was not counted: it came from a page that joined after you asked.",
                "{n} answers were not counted: they came from pages that joined after you asked.",
                late,
            )
        )
    if full := refused.get("full", 0):
        lines.append(
            tr.n_(
                "{n} answer was not counted: the question had {most} answers already.",
                "{n} answers were not counted: the question had {most} answers already.",
                full,
                most=most,
            )
        )
    return lines


def choice_texts(tr: Translator, frame: Frame) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The answers of a question step and the author's reasons, in the reader's language."""
    if frame.question is None:
        return (), ()
    answers = frame.question.answers
    return tuple(tr._(a.text) for a in answers), tuple(tr._(a.why) for a in answers)


def hint_button(level: int, tr: Translator) -> str:
    """The button that opens hint ``level`` of the four-level ladder."""
    return tr._("Show a hint ({level} of 4)", level=level)


__all__ = [
    "CALLBACK_FAILED",
    "GIVEN_UP",
    "IGNORED_PARAM",
    "LOST",
    "NO_MATCH",
    "NO_SUCH_LANGUAGE",
    "RELOAD",
    "ROOMS_DOWN",
    "AppWords",
    "AskWords",
    "GlossaryWords",
    "Labels",
    "choice_texts",
    "connection_texts",
    "glossary_intro",
    "hint_button",
    "refused_lines",
    "rooms_down",
    "terms_shown",
]

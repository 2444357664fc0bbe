"""The lesson recorder's words: its labels, a recorded step in a line, a fact the teacher may
tick as a check, the engine's value of a move, and the default narration of a move, written
with card placeholders (``{Ah_acc}``) in the teacher's language so that the learner reads the
cards in the pack and the language they chose.

>>> from tutor.engine import parse_move, parse_rules, game_for
>>> from tutor.words.i18n import get_translator
>>> import random
>>> deal = game_for(parse_rules("classic")).new_deal(random.Random(1))
>>> move = deal.legal_moves()[0]
>>> default_narration(deal, move, get_translator("de"))
'A spielt {9s_acc} aus.'
>>> default_narration(deal, move, get_translator("pl"))
'A wychodzi {9s_ins}.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.engine import (
    Card,
    Deal,
    Move,
)
from tutor.msgid import N_
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator
from tutor.words.narrate import move_message
from tutor.words.phrases import move_label

__all__ = [
    "FACT_NAMES",
    "RecorderWords",
    "default_narration",
    "fact_line",
    "step_line",
    "value_line",
]


@dataclass(frozen=True)
class RecorderWords(Labels):
    """The recorder's labels."""

    record: str = N_("Record a lesson")
    choose: str = N_("Choose…")
    from_played: str = N_("Record a lesson from this deal")
    translations: str = N_("This step in the other languages (optional)")
    cards_help: str = N_(
        "A card in braces, such as {{Kc}}, is shown to each learner in their own pack and "
        "language; leave the braces as they are."
    )
    new_deal: str = N_("New deal")
    rules: str = N_("Rules")
    seed: str = N_("Deal number")
    language: str = N_("Language")
    on_turn: str = N_("Click a card of the seat on turn, or a button below.")
    narration: str = N_("What the learner reads at this step")
    pause: str = N_("Add a pause")
    undo: str = N_("Undo")
    steps: str = N_("Recorded steps")
    learner_plays: str = N_("The learner plays this move")
    tolerance: str = N_("Tolerance in game points")
    accepted: str = N_("Accepted moves")
    prompt: str = N_("What the learner is asked")
    feedback: str = N_("Praise for the right move")
    ask: str = N_("Ask a question after this step")
    question: str = N_("Question")
    why: str = N_("Why")
    right: str = N_("The right answer")
    checks: str = N_("Checks the replay verifies")
    title: str = N_("Title")
    lesson_id: str = N_("File name (lowercase letters, digits and hyphens)")
    summary: str = N_("Summary")
    level: str = N_("Level")
    preview: str = N_("Preview")
    download: str = N_("Download the lesson")
    open_learn: str = N_("Open in the Learn page")
    share: str = N_("Share with the class")
    problems: str = N_("The lesson cannot be read yet:")


#: The facts a teacher may tick as checks, by the check's name.
FACT_NAMES = {
    "score": N_("Score"),
    "points": N_("Card points in tricks"),
    "tricks": N_("Tricks"),
    "trick_winner": N_("Takes the trick"),
    "to_move": N_("On turn"),
    "stock": N_("Cards left to draw"),
    "winner": N_("Wins the deal"),
}


def answer_label(n: int, tr: Translator) -> str:
    """The label of the ``n``-th answer (1 for the first)."""
    return tr._("Answer {n}", n=n)


def step_line(number: int, move: Move | None, tr: Translator) -> str:
    """A recorded step in the list: its number and its move (or that it is a pause)."""
    if move is None:
        return tr._("Step {n}: a pause", n=number)
    return tr._("Step {n}: {move}", n=number, move=move_label(move, tr))


def fact_line(name: str, value: object, tr: Translator) -> str:
    """A fact as a check box says it: ``Score: A 11, B 0``; a seat, a number as written."""
    if isinstance(value, dict):
        shown = ", ".join(f"{k} {v}" for k, v in value.items())
    else:
        shown = "-" if value is None else str(value)
    return f"{tr._(FACT_NAMES[name])}: {shown}"


def value_line(move: Move, value: float, tr: Translator) -> str:
    """A move with the engine's value in game points, for the accepted moves' choice."""
    return tr._("{move}: {value} game points", move=move_label(move, tr), value=round(value, 2))


_PLACE = re.compile(r"\{(player|points|card|trump_card)(_[a-z]+)?\}")


def default_narration(before: Deal, move: Move, tr: Translator) -> str:
    """What a move does (``tutor.words.narrate.move_message``), in ``tr``'s language with the
    cards as placeholders (the case the translation asks for kept): the teacher edits it. ""
    for a move it does not say."""
    said = move_message(before, move)
    if said is None:
        return ""
    msgid, params = said

    def put(m: re.Match[str]) -> str:
        name, case = m.group(1), m.group(2) or ""
        value = params[name]
        return "{" + str(value) + case + "}" if isinstance(value, Card) else str(value)

    return _PLACE.sub(put, tr.template(msgid))

"""The terms of 66 a lesson introduces, and the terms a learner has met by a lesson.

A lesson declares the terms it introduces in its ``terms`` key, by the ids of ``TERMS``: one
fixed table, each id with the key of its entry in the glossary (``tutor.words.glossary``; the
same id where the glossary has the term) or ``None`` for a term the glossary does not list.
The reader refuses any other id.

``terms_known(lesson, course)`` is every term introduced by the lessons of the course up to and
including ``lesson``, in the course's order (``tutor.web.course.course_path`` gives it: the
first steps, playing well, the worked deals, the fine points, then the lessons at a table). A
lesson that is not on the course (an uploaded file) knows every term: nothing is held back.

>>> "card_points" in TERMS and TERMS["card_points"]
'card_points'
>>> TERMS["target"] is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from tutor.teach.lessons.model import Lesson

__all__ = ["ALL_TERMS", "TERMS", "terms_known"]

#: Every term id a lesson may declare, roughly in the order the course introduces them, with
#: the key of its glossary entry (``None``: the glossary has no entry for it).
TERMS: Final[Mapping[str, str | None]] = MappingProxyType(
    {
        # the cards and a trick
        "pack": None,  # the cards a game uses (24, 20, 28 or 32)
        "suit": None,  # the four suits (the glossary lists each suit)
        "rank": None,  # the order of the cards in a suit (the glossary lists each rank)
        "card_points": "card_points",
        "trick": "trick",
        "lead": "lead",
        "deal": "deal",
        "dealer": "dealer",
        "forehand": "forehand",
        "target": None,  # the points that win a deal: 66 (36, 101 in other games)
        # trumps and the stock
        "trump_suit": "trump_suit",
        "trump_card": "trump_card",
        "trump": "trump",
        "trumping": "trumping",
        "overtrump": "overtrump",
        "stock": "stock",
        "draw": "draw",
        "first_phase": "first_phase",
        "second_phase": "second_phase",
        "follow_suit": "follow_suit",
        "head_trick": "head_trick",
        "discard": "discard",
        # marriages, the exchange, closing
        "marriage": "marriage",
        "marriage_20": "marriage_20",
        "marriage_40": "marriage_40",
        "trump_exchange": "trump_exchange",
        "closing": "closing",
        # going out and scoring
        "going_out": "going_out",
        "false_declaration": "false_declaration",
        "game_point": "game_point",
        "schneider": "schneider",
        "schwarz": "schwarz",
        "last_trick": "last_trick",
        "match": "match",
        # the packs and the rule books
        "french_pack": "french_pack",
        "german_pack": "german_pack",
        "preset": None,  # a set of rules, after one source
        "preset_classic": "preset_classic",
        "preset_kurnik": "preset_kurnik",
        "preset_pagat": "preset_pagat",
        "preset_sharpened": "preset_sharpened",
        "preset_schnapsen": "preset_schnapsen",
        "preset_pack32": "preset_pack32",
        "naming_trumps": None,  # trumps named by a player, no card turned up
        # at a table of three or four
        "three_players": None,  # three at a table, each for himself
        "partners": None,  # two teams of two, their points added
        "signal": None,  # what a partner's card tells of the partner's hand
    }
)

#: Every term: what a lesson outside the course knows.
ALL_TERMS: Final = frozenset(TERMS)


def terms_known(lesson: Lesson, course: Sequence[Lesson]) -> frozenset[str]:
    """The terms introduced by the lessons of ``course`` (in its order) up to and including
    ``lesson``; every term for a lesson that is not on the course."""
    known: set[str] = set()
    for other in course:
        known.update(other.terms)
        if (other.id, other.path) == (lesson.id, lesson.path):
            return frozenset(known)
    return ALL_TERMS

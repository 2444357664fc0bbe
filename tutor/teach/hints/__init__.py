"""Hints as data: which rule governs a decision, which move is best, and the ideas why.

- ``tutor.teach.hints.analysis``: ``situation`` (the rules in force and a verdict on every
  candidate move), ``analyse`` (every legal move valued, exact or over sampled deals, within
  a search budget),
  ``review`` (every decision of a played deal);
- ``tutor.teach.hints.ideas``: the one table of ideas and mistakes (``IDEA_SPECS``);
- ``tutor.teach.hints.detect``: what the player to move knows, and the detectors that name the
  ideas behind each move and the mistakes of the worse ones;
- ``tutor.teach.hints.data``: the analysis as plain data for JSON (``analysis_to_dict``).

No sentence is made here: ``tutor.words.hint_text`` turns the data into the four hint levels
(1: the rule that applies now; 2: which moves are legal and why the others are not; 3: the
suggested move and its value; 4: the full reasoning).
"""

from __future__ import annotations

from tutor.teach.hints.analysis import (
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    METHOD_EXACT,
    METHOD_PLAYOUT,
    METHOD_SAMPLED,
    Analysis,
    Decision,
    RankedMove,
    Situation,
    Subject,
    analyse,
    representative,
    review,
    situation,
)
from tutor.teach.hints.data import analysis_to_dict, idea_to_dict
from tutor.teach.hints.detect import EPS
from tutor.teach.hints.ideas import (
    IDEA_PARAMS,
    IDEA_PLURALS,
    IDEA_SPECS,
    IDEA_TEXTS,
    IDEAS,
    Idea,
    IdeaSpec,
)

__all__ = [
    "DEFAULT_SAMPLES",
    "EPS",
    "IDEAS",
    "IDEA_PARAMS",
    "IDEA_PLURALS",
    "IDEA_SPECS",
    "IDEA_TEXTS",
    "MAX_SAMPLES",
    "METHOD_EXACT",
    "METHOD_PLAYOUT",
    "METHOD_SAMPLED",
    "Analysis",
    "Decision",
    "Idea",
    "IdeaSpec",
    "RankedMove",
    "Situation",
    "Subject",
    "analyse",
    "analysis_to_dict",
    "idea_to_dict",
    "representative",
    "review",
    "situation",
]

"""Hints as data: which rule governs a decision, which move is best, and the ideas why.

- ``tutor.teach.hints.analysis``: ``situation`` (the rules in force and a verdict on every
  candidate move), ``analyse`` (every legal move valued, exact or over sampled deals, within
  a search budget),
  ``review`` (every decision of a played deal);
- ``tutor.teach.hints.ideas``: the one table of ideas and mistakes (``IDEA_SPECS``);
- ``tutor.teach.hints.detect``: what the player to move knows, and the detectors that name the
  ideas behind each move and the mistakes of the worse ones;
- ``tutor.teach.hints.data``: the analysis as plain data for JSON (``analysis_to_dict``).

- ``tutor.teach.hints.ladder``: the rungs between the rule and the answer: the thoughts behind
  a decision that name no move, and the moves worth considering;
- ``tutor.teach.hints.table_analysis``: the same for three and four players: the rules in force
  at the table (``table_situation``), every move valued over sampled deals played out by the
  club player (``table_analyse``), and the ladder's rungs (``table_thoughts``,
  ``table_candidates``).

No sentence is made here: ``tutor.words.hint_text`` turns the data into the four hint levels,
which teach before they tell (1: the rule in force; 2: the idea, naming no move; 3: the moves
worth considering, none marked as the best; 4: the move with the full reasoning).
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
from tutor.teach.hints.ladder import Thought, candidates, thoughts
from tutor.teach.hints.table_analysis import (
    METHOD_TABLE_PLAYOUT,
    TABLE_HINT_SAMPLES,
    TableAnalysis,
    TableMoveValue,
    TableSituation,
    position_seed,
    table_analyse,
    table_candidates,
    table_situation,
    table_thoughts,
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
    "METHOD_TABLE_PLAYOUT",
    "TABLE_HINT_SAMPLES",
    "Analysis",
    "Decision",
    "Idea",
    "IdeaSpec",
    "RankedMove",
    "Situation",
    "Subject",
    "TableAnalysis",
    "TableMoveValue",
    "TableSituation",
    "Thought",
    "analyse",
    "analysis_to_dict",
    "candidates",
    "idea_to_dict",
    "position_seed",
    "representative",
    "review",
    "situation",
    "table_analyse",
    "table_candidates",
    "table_situation",
    "table_thoughts",
    "thoughts",
]

"""Hints as data: which rule governs a decision, which move is best, and the ideas why.

- ``tutor.teach.hints.model``: the values, the same for every number of seats: ``Situation``,
  ``MoveValue``, ``Analysis`` and the methods that make them;
- ``tutor.teach.hints.analysis``: ``situation`` (the rules in force and a verdict on every
  candidate move), ``analyse`` (every legal move valued by the method the position calls for:
  exact, the expert's sampled deals, the table's sampled playouts; within a search budget),
  ``review`` (every decision of a played deal);
- ``tutor.teach.hints.ideas``: the one table of ideas and mistakes (``IDEA_SPECS``);
- ``tutor.teach.hints.detect``: what the player to move knows, and the detectors that name the
  ideas behind each move and the mistakes of the worse ones;
- ``tutor.teach.hints.data``: the analysis as plain data for JSON (``analysis_to_dict``).

- ``tutor.teach.hints.grading``: the honest grade of a move: its loss against the best with a
  95 percent interval over the sampled deals, graded by what the deals prove (``Grade``,
  ``loss_of``, ``grade_loss``), and more deals where the grade is still open (``settle``);
- ``tutor.teach.hints.ties``: ties broken as a player breaks them: among cards worth the same,
  the cheaper one, the one that keeps a trump, a marriage pair or a ten's guard first, and why
  (``break_ties``, ``TieReason``);

- ``tutor.teach.hints.ladder``: the rungs between the rule and the answer: the thoughts behind
  a decision that name no move, and the moves worth considering;
- ``tutor.teach.hints.table_analysis``: what only a table of three or four has: the trick at
  the table and the duty on the card (``table_situation``), the values of sampled deals played
  out by the club player at every seat, seeded by what the seat sees (``position_seed``), and
  the detectors of the partner's and the table's ideas. ``analyse`` picks it; nothing above
  this package asks how many seats there are.

No sentence is made here: ``tutor.words.hint_text`` turns the data into the four hint levels,
which teach before they tell (1: the rule in force; 2: the idea, naming no move; 3: the moves
worth considering, none marked as the best; 4: the move with the full reasoning).
"""

from __future__ import annotations

from tutor.teach.hints.analysis import (
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    Decision,
    Subject,
    analyse,
    analysis_of_values,
    line_start,
    representative,
    review,
    sampled_values,
    situation,
)
from tutor.teach.hints.data import analysis_to_dict, idea_to_dict
from tutor.teach.hints.detect import EPS
from tutor.teach.hints.grading import (
    GRADE_LIMITS,
    Grade,
    Loss,
    grade_loss,
    grade_of,
    loss_of,
    pooled,
    settle,
    straddles,
)
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
from tutor.teach.hints.model import (
    DUTIES,
    METHOD_EXACT,
    METHOD_PLAYOUT,
    METHOD_SAMPLED,
    METHOD_TABLE_PLAYOUT,
    METHODS,
    Analysis,
    MoveValue,
    Situation,
    TieReason,
)
from tutor.teach.hints.table_analysis import TABLE_HINT_SAMPLES, position_seed
from tutor.teach.hints.ties import break_ties

__all__ = [
    "DEFAULT_SAMPLES",
    "DUTIES",
    "EPS",
    "GRADE_LIMITS",
    "IDEAS",
    "IDEA_PARAMS",
    "IDEA_PLURALS",
    "IDEA_SPECS",
    "IDEA_TEXTS",
    "MAX_SAMPLES",
    "METHODS",
    "METHOD_EXACT",
    "METHOD_PLAYOUT",
    "METHOD_SAMPLED",
    "METHOD_TABLE_PLAYOUT",
    "TABLE_HINT_SAMPLES",
    "Analysis",
    "Decision",
    "Grade",
    "Idea",
    "IdeaSpec",
    "Loss",
    "MoveValue",
    "Situation",
    "Subject",
    "Thought",
    "TieReason",
    "analyse",
    "analysis_of_values",
    "analysis_to_dict",
    "break_ties",
    "candidates",
    "grade_loss",
    "grade_of",
    "idea_to_dict",
    "line_start",
    "loss_of",
    "pooled",
    "position_seed",
    "representative",
    "review",
    "sampled_values",
    "settle",
    "situation",
    "straddles",
    "thoughts",
]

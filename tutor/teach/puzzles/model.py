"""What a puzzle is: its goal, theme and level, and the position the learner plays.

>>> from tutor.engine import new_deal, play_moves
>>> from tutor.engine.presets import preset
>>> s = new_deal(preset("pagat"), hands=("Ah 10h Kc Qc Ks Qs", "Ad Jd 9d As Js Jh"),
...              trump_card="Kd", stock="Qd Qh 9s 10s 9h Kh 9c Jc 10c Ac 10d", dealer=0)
>>> Goal.parse("win 2").threshold(s.rules), str(Goal.parse("avoid schneider"))
(2, 'avoid schneider')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from tutor.engine import Duty, EndKind, Move, Outcome, RuleSet, State, TableState
from tutor.msgid import N_
from tutor.search import terminal_value

# ----------------------------------------------------------------------------- goals


class GoalKind(Enum):
    WIN = "win"  # win the deal, with at least ``points`` game points
    REACH_66 = "reach 66"  # win by declaring 66 (or by making the close) first
    AVOID_SCHNEIDER = "avoid schneider"  # lose at most the lowest score (1 game point)
    AVOID_SCHWARZ = "avoid schwarz"  # lose at most the middle score (2 game points)
    DECIDE_CLOSE = "decide close"  # close or play on, whichever is worth more


class GoalError(ValueError):
    """A goal that cannot be read; the message lists the goals there are."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(
            f"unknown goal {text!r}: write 'win', 'win 2', 'win 3', 'reach 66', "
            "'avoid schneider', 'avoid schwarz' or 'decide close'"
        )


@dataclass(frozen=True)
class Goal:
    """What the learner has to achieve in a puzzle."""

    kind: GoalKind
    points: int = 1  # for WIN: the game points to win at least

    @classmethod
    def parse(cls, text: object) -> Goal:
        """Read a goal: ``win``, ``win 2``, ``win 3``, ``reach 66``, ``avoid schneider``,
        ``avoid schwarz``, ``decide close``.

        >>> Goal.parse("Win 3")
        Goal(kind=<GoalKind.WIN: 'win'>, points=3)
        """
        words = str(text).strip().lower().split()
        if not words:
            raise GoalError(str(text))
        if words[0] == "win" and len(words) <= 2:
            if len(words) == 1:
                return cls(GoalKind.WIN)
            if words[1] in ("1", "2", "3"):
                return cls(GoalKind.WIN, int(words[1]))
            raise GoalError(str(text))
        joined = " ".join(words)
        for kind in GoalKind:
            if kind is not GoalKind.WIN and joined == kind.value:
                return cls(kind)
        raise GoalError(str(text))

    def __str__(self) -> str:
        if self.kind is GoalKind.WIN:
            return "win" if self.points == 1 else f"win {self.points}"
        return str(self.kind.value)

    def threshold(self, rules: RuleSet) -> int | None:
        """The learner's net game points that meet the goal, for goals that are a threshold."""
        if self.kind is GoalKind.WIN:
            return self.points
        if self.kind is GoalKind.AVOID_SCHNEIDER:
            return -rules.game_points[0]
        if self.kind is GoalKind.AVOID_SCHWARZ:
            return -rules.game_points[1]
        return None

    def met(self, outcome: Outcome, learner: int, rules: RuleSet) -> bool:
        """Whether a finished deal meets the goal (``DECIDE_CLOSE``: the learner did not lose)."""
        if self.kind is GoalKind.REACH_66:
            return outcome.winner == learner and outcome.kind in (
                EndKind.OUT,
                EndKind.CLOSER_MADE,
            )
        value = terminal_value(outcome, learner)
        t = self.threshold(rules)
        return value >= (t if t is not None else 0)


# ----------------------------------------------------------------------------- themes, levels

THEMES: dict[str, str] = {
    "closed_follow": N_("Closed phase: follow suit"),
    "closed_head": N_("Closed phase: head the trick"),
    "counting": N_("Counting to 66 and going out"),
    "marriage": N_("Timing a marriage"),
    "exchange": N_("The trump exchange"),
    "closing": N_("Whether to close"),
    "save_ten": N_("Saving a ten"),
    "schneider": N_("Schneider and Schwarz"),
}
LEVELS: dict[int, str] = {
    1: N_("Level 1: first steps"),
    2: N_("Level 2: playing well"),
    3: N_("Level 3: fine points"),
}

# ----------------------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Puzzle:
    """One puzzle, read from YAML (``load_puzzles``) or built in code."""

    id: str
    title: str
    theme: str
    level: int
    goal: Goal
    state: State  # the deal as it lies: the defence plays against these cards
    learner: int  # the player the learner plays: the one to move
    solution: tuple[Move, ...]  # every move that reaches the goal, as the file states them
    explanation: str
    moves: int | None = None  # learner moves the puzzle asks for; None: to the end of the deal
    probability: Fraction | None = None  # None: the goal must be reached in every deal
    hints: tuple[str, ...] = ()
    excluded: int = 0  # cards the learner knows the opponent does not hold (from the position)
    goal_text: str = ""
    theme_text: str = ""
    note: str = ""
    source: str = ""  # the file it was read from
    line: int = 0  # where in that file it starts
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # key -> line
    #: A generated puzzle's title and explanation are templates filled in with these
    #: (``tutor.teach.puzzles.generated``); a hand-written one has none.
    params: tuple[tuple[str, object], ...] = ()

    def line_of(self, key: str) -> int:
        return dict(self.lines).get(key, self.line)

    @property
    def length(self) -> int | None:
        """Learner moves asked for (``DECIDE_CLOSE`` is always one decision)."""
        return 1 if self.goal.kind is GoalKind.DECIDE_CLOSE else self.moves


@dataclass(frozen=True)
class TablePuzzle:
    """A puzzle at a table of three or four (``tutor.teach.puzzles.table_judge``): the seat to
    move is the learner, the goal a threshold of the side's result (its game points less the
    most any other side scores), the solution the one move that reaches it against every deal
    the seat cannot tell apart, whatever the other seats do. One move is asked for."""

    id: str
    title: str
    theme: str
    level: int
    goal: Goal
    state: TableState  # the deal as it lies: the other seats answer with these cards
    learner: int  # the seat the learner plays: the one to move
    solution: tuple[Move, ...]
    explanation: str
    source: str = ""
    line: int = 0
    params: tuple[tuple[str, object], ...] = ()

    def line_of(self, key: str) -> int:
        return self.line

    @property
    def length(self) -> int:
        return 1


#: The rule each theme is about, named in the first hint ("" for Schneider: a scoring rule).
THEME_RULES: dict[str, str] = {
    "closed_follow": "phase2.follow",
    "closed_head": "phase2.head",
    "counting": "out.on_lead",
    "marriage": "marriage.pair",
    "exchange": "exchange.card",
    "closing": "close.on_lead",
    "save_ten": "phase2.head",
    "schneider": "",
}


def theme_rule(puzzle: Puzzle, state: State) -> str:
    """The id of the rule the puzzle's theme is about, for the phase ``state`` is in ("": the
    Schneider and Schwarz scores, which have no rule id)."""
    rid = THEME_RULES.get(puzzle.theme, "")
    if rid.startswith("phase2.") or (not rid and state.phase2):
        if not state.phase2:
            return "phase1.free"
        return "phase2.head" if state.rules.phase2_duty is Duty.HEAD else "phase2.follow"
    return rid


__all__ = [
    "LEVELS",
    "THEMES",
    "THEME_RULES",
    "Goal",
    "GoalError",
    "GoalKind",
    "Puzzle",
    "TablePuzzle",
    "theme_rule",
]

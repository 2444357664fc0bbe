"""Scripted lessons: a deal and its steps in YAML, checked against the engine and replayed.

A lesson file (format in ``docs/lessons.md``) names a rules preset, a deal and a list of
steps. Each step is one action of the player on turn (a card, a marriage, the trump exchange,
closing the stock, declaring 66) or a pause that only speaks; it may name the rule ids it
illustrates and carry checks that the replay verifies (points, the trick's winner, whether a
move is legal here, the result).

``load_lesson(path)`` reads and replays a file and raises ``LessonError`` for the first
problem; ``check_lesson(path)`` returns every problem it found; ``load_lessons(folder)`` reads
a whole folder and keeps going past broken files. ``replay(lesson)`` gives the lesson as a
tuple of ``Frame`` values, one for the deal and one per step, shared by the app, the command
line and the tests.

Only plain YAML is read (``yaml.compose`` with the safe loader, no tags, no aliases): a lesson
is data and can never run code. Narration is English text, translated when it is shown with
``tr._(frame.narration)``.

>>> lesson = load_lesson(Path(__file__).parents[2] / "lessons" / "example-1.yaml")
>>> frames = replay(lesson)
>>> frames[0].move is None and frames[-1].state.result.scores
(91, 25)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

import yaml

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    PRESETS,
    RULE_SWITCH,
    Card,
    CardError,
    Close,
    DeclareOut,
    Exchange,
    IllegalMoveError,
    Marriage,
    Match,
    Move,
    MoveError,
    Play,
    Rank,
    RuleSet,
    State,
    Suit,
    SwitchValueError,
    UnknownPresetError,
    Verdict,
    apply,
    cards_of_mask,
    check,
    new_deal,
    parse_move,
    parse_rules,
    switch_ids,
)
from tutor.msgid import N_

__all__ = [
    "MAX_BYTES",
    "Check",
    "Event",
    "EventKind",
    "Frame",
    "Lesson",
    "LessonDeal",
    "LessonError",
    "Step",
    "StepVariant",
    "check_lesson",
    "frame_json",
    "lesson_files",
    "load_lesson",
    "load_lessons",
    "replay",
    "replay_json",
    "result_json",
    "runs",
    "valid_rule_ids",
    "validate_paths",
]

#: Files larger than this are refused before they are parsed.
MAX_BYTES = 256 * 1024
#: At most this many YAML nodes in one file.
MAX_NODES = 20_000
LEVELS = (1, 2, 3)
SHOW = ("A", "B", "both")
PLAYERS = ("A", "B")

# Rule ids a step may name: the engine's legality rules, every switch of a rule set, and the
# scoring rules an outcome names.
_SCORING_RULE_IDS = ("score.simple", "score.schneider", "score.schwarz")


def valid_rule_ids() -> tuple[str, ...]:
    """Every rule id a lesson step may name in ``rule_ids`` or ``because``."""
    ids = dict.fromkeys((*RULE_SWITCH, *switch_ids(), *_SCORING_RULE_IDS))
    return tuple(ids)


class _Gettext(Protocol):
    def _(self, msgid: str, **params: object) -> str: ...


# ----------------------------------------------------------------------------- errors

# One message per kind of problem. Placeholders hold plain text (YAML keys, card and move
# notation as written in the file, numbers), never translated words.
E_READ = N_("cannot read the file: {reason}")
E_TOO_LARGE = N_("the file has {size} bytes; a lesson may have at most {limit} bytes")
E_ENCODING = N_("the file is not UTF-8 text")
E_SYNTAX = N_("YAML syntax error: {problem}")
E_EMPTY = N_(
    "the file is empty; a lesson is a YAML mapping with id, title, level, summary, rules, "
    "deal and steps"
)
E_ALIAS = N_("YAML anchors and aliases are not allowed in a lesson")
E_TAG = N_("the YAML tag {tag} is not allowed; write plain text, numbers, lists and mappings")
E_TOO_COMPLEX = N_("the file has more than {limit} YAML values")
E_NOT_MAPPING = N_("'{field}' should be a mapping of names to values")
E_NOT_LIST = N_("'{field}' should be a list")
E_NOT_TEXT = N_("'{field}' should be text")
E_NOT_INT = N_("'{field}' should be a whole number")
E_NOT_BOOL = N_("'{field}' should be true or false")
E_MISSING = N_("the required field '{field}' is missing")
E_UNKNOWN_FIELD = N_("unknown field '{field}'; valid fields here: {valid}")
E_DUPLICATE_KEY = N_("the field '{field}' is given twice")
E_EMPTY_TEXT = N_("'{field}' must not be empty")
E_BRACES = N_("'{field}' must not contain curly brackets")
E_BAD_ID = N_("the id '{value}' may only contain lowercase letters, digits and hyphens")
E_DUPLICATE_ID = N_("the lesson id '{value}' is already used by {other}")
E_LEVEL = N_("the level must be 1, 2 or 3, not {value}")
E_SHOW = N_("'show' must be one of {valid}, not '{value}'")
E_PLAYER = N_("'{value}' is not a player; write A or B")
E_PRESET = N_("unknown rules preset '{name}'; valid presets: {valid}")
E_SWITCH = N_("unknown rule switch '{name}'; valid switches: {valid}")
E_RULES_VALUE = N_("cannot read the rules '{spec}': {problem}")
E_COMPARE_SHORT = N_("'compare' needs at least two different presets")
E_COMPARE_RULES = N_("the rules '{rules}' must be the first preset in 'compare' ({compare})")
E_VARIANT = N_("'{name}' is not one of the compared presets; valid: {valid}")
E_VARIANT_NO_COMPARE = N_("'variants' need a 'compare' list of presets at the top of the lesson")
E_CARD = N_(
    "unknown card '{notation}': write rank then suit; ranks {ranks}; suits {suits} "
    "(for example Qh, 10c, As)"
)
E_NOT_IN_PACK = N_("the card {notation} is not in the {rules} pack, which has {ranks} in each suit")
E_CARD_TWICE = N_("the card {notation} is dealt twice (also at line {other_line})")
E_HAND_SIZE = N_("{player}'s hand has {count} cards, but the {rules} rules deal {size}")
E_MOVE = N_(
    "unknown move '{text}': write a card (Qh), 'marry Qh', 'marry Qh out', 'exchange', "
    "'close' or 'out'"
)
E_UNNAMED = N_("the move '{move}' uses the card {notation}, which the deal does not name")
E_RULE_ID = N_("unknown rule id '{rule_id}'; valid rule ids: {valid}")
E_CHECK = N_("unknown check '{name}'; valid checks: {valid}")
E_NO_STEPS = N_("a lesson needs at least one step")
E_PAUSE_NARRATION = N_("a step without a move is a pause and needs a narration")
E_ILLEGAL = N_(
    "{player} may not make the move '{move}' here under the {rules} rules; "
    "deciding rule: {rule_ids}"
)
E_AFTER_END = N_("the deal is already over, so the move '{move}' cannot be made")
E_DEAL = N_("the deal cannot be made: {problem}")
E_INTERNAL = N_("this lesson could not be checked: {problem}")
# Failed checks: what was expected and what the replay shows.
C_POINTS = N_("card points in tricks: expected {expected}, but the replay has {actual}")
C_SCORE = N_("score (card points and marriages): expected {expected}, but the replay has {actual}")
C_PENDING = N_(
    "marriage points waiting for a won trick: expected {expected}, but the replay has {actual}"
)
C_TRICKS = N_("tricks won: expected {expected}, but the replay has {actual}")
C_TRICK_WINNER = N_("expected {expected} to win the trick, but {actual} wins it")
C_NO_TRICK = N_("expected {expected} to win a trick here, but no trick is complete at this step")
C_LEGAL = N_("expected '{move}' to be legal here, but it is not (rule: {rule_ids})")
C_ILLEGAL = N_("expected '{move}' to be illegal here, but it is legal")
C_ILLEGAL_RULE = N_(
    "'{move}' is illegal as expected, but the deciding rule is {actual}, not {expected}"
)
C_BECAUSE = N_("expected the move to be decided by {expected}, but the rules are {actual}")
C_BECAUSE_PAUSE = N_("'because' needs a move, but this step is a pause")
C_TO_MOVE = N_("expected {expected} to be on turn, but it is {actual}")
C_TO_MOVE_OVER = N_("expected {expected} to be on turn, but the deal is over")
C_TO_MOVE_NONE = N_("expected the deal to be over with nobody on turn, but {actual} is on turn")
C_HAND = N_("expected {player} to hold {expected}, but the hand is {actual}")
C_STOCK = N_("expected {expected} cards left to draw, but there are {actual}")
C_TRUMP_CARD = N_("expected the face-up trump card to be {expected}, but it is {actual}")
C_TRUMP_CARD_GONE = N_("expected the face-up trump card to be {expected}, but it has been taken")
C_NOT_OVER = N_("the check '{check}' needs the deal to be over, but it goes on")
C_OVER = N_("expected the deal to be over here, but it goes on")
C_GOES_ON = N_("expected the deal to go on, but it is over")
C_GAME_POINTS = N_("game points: expected {expected}, but the replay has {actual}")
C_WINNER = N_("expected {expected} to win the deal, but {actual} wins it")
C_WINNER_DRAW = N_("expected {expected} to win the deal, but it is drawn")
C_DRAW = N_("expected a drawn deal, but {actual} wins it")
C_NO_MATCH = N_("the check '{check}' needs a match score: add 'match' to the deal")
C_MATCH = N_("match score: expected {expected}, but the replay has {actual}")
C_MATCH_WINNER = N_("expected {expected} to win the match, but {actual}")
C_MATCH_OPEN = N_("expected {expected} to win the match, but it is not decided yet")
C_MATCH_DECIDED = N_("expected the match to go on, but {actual} has won it")

_LOC_STEP = N_("step {step}")
_LOC_STEP_PRESET = N_("step {step} under {preset}")
_LOC_DEAL_PRESET = N_("the deal under {preset}")


class LessonError(ValueError):
    """A problem in a lesson file, with where it is and an English message template.

    ``template`` is an English msgid with named placeholders, ``params`` its values;
    ``render(tr)`` gives ``"file:line:col: message"`` in the translator's language and
    ``str(error)`` the same in English. ``step`` is the step's number (1 for the first step),
    ``None`` when the problem is not in a step; ``preset`` names the compared preset whose
    replay failed, if any.
    """

    def __init__(
        self,
        path: str,
        line: int,
        column: int,
        template: str,
        *,
        step: int | None = None,
        preset: str | None = None,
        **params: object,
    ) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.step = step
        self.preset = preset
        self.template = template
        self.params: Mapping[str, object] = dict(params)
        super().__init__(self._text(None))

    def render(self, tr: _Gettext) -> str:
        """The translated message, ``"file:line:col: [step N: ]message"``."""
        return self._text(tr)

    def _text(self, tr: _Gettext | None) -> str:
        def t(msgid: str, **params: object) -> str:
            return tr._(msgid, **params) if tr is not None else msgid.format(**params)

        where = ""
        if self.step is not None and self.preset is not None:
            where = t(_LOC_STEP_PRESET, step=self.step, preset=self.preset) + ": "
        elif self.step is not None:
            where = t(_LOC_STEP, step=self.step) + ": "
        elif self.preset is not None:
            where = t(_LOC_DEAL_PRESET, preset=self.preset) + ": "
        return f"{self.path}:{self.line}:{self.column}: {where}{t(self.template, **self.params)}"

    @property
    def message(self) -> str:
        """The message in English, without the location."""
        return self.template.format(**self.params)

    def __reduce__(self) -> tuple[object, ...]:
        state = (self.path, self.line, self.column, self.template, self.step, self.preset)
        return (_rebuild_error, (type(self), state, dict(self.params)))


def _rebuild_error(
    cls: type[LessonError],
    state: tuple[str, int, int, str, int | None, str | None],
    params: dict[str, object],
) -> LessonError:
    """Unpickle an error of any subclass without calling the subclass's constructor."""
    path, line, column, template, step, preset = state
    err = cls.__new__(cls)
    LessonError.__init__(err, path, line, column, template, step=step, preset=preset, **params)
    return err


# ----------------------------------------------------------------------------- the lesson


class EventKind(Enum):
    """Something that happened in a step, besides the move itself."""

    TRICK = "trick"  # player won the trick: cards (led, played), points
    DREW = "drew"  # player drew a card from the stock (detail "trump_card" for the face-up one)
    MARRIAGE = "marriage"  # player announced: cards (led, shown), points; detail credited/pending
    MELD_CREDITED = "meld_credited"  # pending marriage points now count: points
    EXCHANGE = "exchange"  # player exchanged: cards (given, taken)
    CLOSED = "closed"  # player closed the stock
    OUT = "out"  # player declared 66
    STOCK_EMPTY = "stock_empty"  # the last card was drawn: the strict rules apply
    LAST_TRICK = "last_trick"  # player took the last trick: points is the bonus
    DEAL_OVER = "deal_over"  # player won (None: drawn); points: game points; detail: rule id
    MATCH = "match"  # the match score after this deal: scores; player: the match's winner


@dataclass(frozen=True)
class Event:
    kind: EventKind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0
    detail: str = ""
    scores: tuple[int, int] | None = None


@dataclass(frozen=True)
class Check:
    """One check of a step: its name, the expected value (already parsed) and where it is."""

    name: str
    value: object
    line: int
    column: int


@dataclass(frozen=True)
class StepVariant:
    """What a step does differently under one of the compared presets."""

    move: Move | None
    move_text: str
    narration: str | None
    rule_ids: tuple[str, ...] | None
    checks: tuple[Check, ...] | None
    line: int
    column: int


@dataclass(frozen=True)
class Step:
    """One step of a lesson as written: an action (``move``) or a pause (``move`` is None)."""

    number: int  # 1 for the first step
    line: int
    column: int
    move: Move | None
    move_text: str
    narration: str
    rule_ids: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    variants: tuple[tuple[str, StepVariant], ...] = ()
    move_line: int = 0
    move_column: int = 0

    def under(self, preset: str) -> StepVariant:
        """The step as played under ``preset`` (its variant for that preset, if any)."""
        base = StepVariant(
            self.move,
            self.move_text,
            self.narration,
            self.rule_ids,
            self.checks,
            self.move_line or self.line,
            self.move_column or self.column,
        )
        for name, var in self.variants:
            if name == preset:
                return StepVariant(
                    var.move if var.move_text else base.move,
                    var.move_text or base.move_text,
                    var.narration if var.narration is not None else base.narration,
                    var.rule_ids if var.rule_ids is not None else base.rule_ids,
                    var.checks if var.checks is not None else base.checks,
                    var.line if var.move_text else base.line,
                    var.column if var.move_text else base.column,
                )
        return base


@dataclass(frozen=True)
class LessonDeal:
    """The deal as the lesson names it; unnamed cards are filled in when it is replayed."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trump_card: Card
    stock: tuple[Card, ...]
    dealer: int = 1
    narration: str = ""
    narrations: tuple[tuple[str, str], ...] = ()  # per compared preset
    match: tuple[int, int] | None = None
    line: int = 1
    column: int = 1

    @property
    def named(self) -> frozenset[Card]:
        return frozenset((*self.hands[0], *self.hands[1], self.trump_card, *self.stock))

    def narration_under(self, preset: str) -> str:
        return dict(self.narrations).get(preset, self.narration)


@dataclass(frozen=True)
class Lesson:
    """A lesson read from a file. ``rules`` is the preset it is played under (the first of
    ``compare`` when it compares presets); ``unnamed`` holds the cards the file does not name,
    which are dealt in a fixed order and should be shown face down."""

    id: str
    title: str
    level: int
    summary: str
    rules: RuleSet
    preset: str
    show: str
    path: str
    steps: tuple[Step, ...]
    deal: LessonDeal
    compare: tuple[str, ...] = ()
    unnamed: frozenset[Card] = field(default_factory=frozenset)

    @property
    def presets(self) -> tuple[str, ...]:
        """The presets the lesson is replayed under, in order."""
        return self.compare or (self.preset,)

    @property
    def shows(self) -> tuple[bool, bool]:
        """Whether A's and B's hands are shown face up to the learner."""
        return (self.show in ("A", "both"), self.show in ("B", "both"))


@dataclass(frozen=True)
class Frame:
    """One picture of a replay: the state after a step, with what the table shows.

    ``table`` holds the cards of the trick being played, or of the trick this step completed
    (so it can be drawn before it is gathered), in the order they were played;
    ``table_players`` says who played each, ``trick_winner`` who took a completed trick.
    ``player`` made the move (``None`` for a pause or the deal). ``step`` is the lesson step's
    number, 0 for the deal; ``preset`` the rules the frame is played under.
    """

    index: int
    state: State
    move: Move | None
    player: int | None
    narration: str
    rule_ids: tuple[str, ...]
    verdict: Verdict | None
    table: tuple[Card, ...] = ()
    table_players: tuple[int, ...] = ()
    trick_winner: int | None = None
    events: tuple[Event, ...] = ()
    step: int = 0
    preset: str = ""
    line: int = 0
    match: tuple[int, int] | None = None


# ----------------------------------------------------------------------------- reading YAML

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_FLOAT = "tag:yaml.org,2002:float"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_ALLOWED_TAGS = (_STR, _INT, _BOOL, _NULL, _FLOAT, _SEQ, _MAP)

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

TOP_FIELDS = ("id", "title", "level", "summary", "rules", "compare", "show", "deal", "steps")
DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration", "match", "variants")
STEP_FIELDS = ("move", "narration", "rule_ids", "check", "variants")
VARIANT_FIELDS = ("move", "narration", "rule_ids", "check")
DEAL_VARIANT_FIELDS = ("narration",)
CHECKS = (
    "points",
    "score",
    "pending",
    "tricks",
    "trick_winner",
    "legal",
    "illegal",
    "because",
    "to_move",
    "hand",
    "stock",
    "trump_card",
    "over",
    "game_points",
    "winner",
    "match",
    "match_winner",
)


class _Fatal(Exception):
    """Stop reading a file: the error is already recorded."""


@dataclass
class _Reader:
    """Reads one lesson file into a ``Lesson``, collecting every problem it finds."""

    path: str
    errors: list[LessonError] = field(default_factory=list)
    card_lines: dict[Card, int] = field(default_factory=dict)
    _constructor: yaml.constructor.SafeConstructor = field(
        default_factory=yaml.constructor.SafeConstructor
    )

    # -- errors -----------------------------------------------------------------------------

    def error(
        self, node: yaml.Node | None, template: str, *, step: int | None = None, **params: Any
    ) -> None:
        line, col = _where(node)
        self.errors.append(LessonError(self.path, line, col, template, step=step, **params))

    # -- plain values -------------------------------------------------------------------------

    def mapping(
        self, node: yaml.Node, name: str, allowed: Sequence[str], step: int | None = None
    ) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, E_NOT_MAPPING, step=step, field=name)
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            k = self.scalar(key)
            if not isinstance(k, str):
                self.error(key, E_NOT_TEXT, step=step, field=f"{name} key")
                continue
            if k in out:
                self.error(key, E_DUPLICATE_KEY, step=step, field=k)
                continue
            if allowed and k not in allowed:
                self.error(key, E_UNKNOWN_FIELD, step=step, field=k, valid=", ".join(allowed))
                continue
            out[k] = (key, value)
        return out

    def scalar(self, node: yaml.Node) -> object:
        if not isinstance(node, yaml.ScalarNode):
            return node
        return self._constructor.construct_object(node)

    def require(
        self,
        m: Mapping[str, tuple[yaml.Node, yaml.Node]],
        key: str,
        owner: yaml.Node,
        step: int | None = None,
    ) -> yaml.Node | None:
        if key not in m:
            self.error(owner, E_MISSING, step=step, field=key)
            return None
        return m[key][1]

    def text(
        self, node: yaml.Node, name: str, step: int | None = None, *, translatable: bool = False
    ) -> str | None:
        value = self.scalar(node)
        if isinstance(value, bool) or value is None or not isinstance(value, str | int | float):
            self.error(node, E_NOT_TEXT, step=step, field=name)
            return None
        # Translatable text is kept exactly as YAML gives it: it is the msgid in the catalog.
        text = str(value) if translatable else str(value).strip()
        if not text.strip():
            self.error(node, E_EMPTY_TEXT, step=step, field=name)
            return None
        if translatable and ("{" in text or "}" in text):
            self.error(node, E_BRACES, step=step, field=name)
            return None
        return text

    def integer(self, node: yaml.Node, name: str, step: int | None = None) -> int | None:
        value = self.scalar(node)
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, E_NOT_INT, step=step, field=name)
            return None
        return value

    def boolean(self, node: yaml.Node, name: str, step: int | None = None) -> bool | None:
        value = self.scalar(node)
        if not isinstance(value, bool):
            self.error(node, E_NOT_BOOL, step=step, field=name)
            return None
        return value

    def player(
        self, node: yaml.Node, step: int | None = None, *, none_ok: bool = False
    ) -> int | str | None:
        """0 or 1; ``None`` for a YAML null when allowed; ``"?"`` after an error."""
        value = self.scalar(node)
        if value is None and none_ok:
            return None
        if isinstance(value, str) and value.strip() in PLAYERS:
            return PLAYERS.index(value.strip())
        self.error(node, E_PLAYER, step=step, value=_show_value(value))
        return "?"

    def items(self, node: yaml.Node, name: str, step: int | None = None) -> list[yaml.Node]:
        """A list's items; a single scalar counts as a list of one."""
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.ScalarNode):
            return [node]
        self.error(node, E_NOT_LIST, step=step, field=name)
        return []

    def cards(
        self, node: yaml.Node, name: str, step: int | None = None
    ) -> list[tuple[Card, yaml.Node]]:
        """Cards written as ``"Ah 10h Kc"`` or as a YAML list; unknown cards are reported."""
        out: list[tuple[Card, yaml.Node]] = []
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node)
            if value is None:
                return out
            words = _words(node, str(value))
        elif isinstance(node, yaml.SequenceNode):
            words = []
            for item in node.value:
                value = self.scalar(item)
                if not isinstance(value, str | int) or isinstance(value, bool):
                    self.error(item, E_NOT_TEXT, step=step, field=name)
                    continue
                words.extend(_words(item, str(value)))
        else:
            self.error(node, E_NOT_LIST, step=step, field=name)
            return out
        for word, where in words:
            try:
                out.append((Card.parse(word), where))
            except CardError:
                self.error(
                    where,
                    E_CARD,
                    step=step,
                    notation=word,
                    ranks=" ".join(r.symbol for r in Rank),
                    suits=" ".join(s.symbol for s in Suit),
                )
        return out

    def move(self, node: yaml.Node, step: int) -> tuple[Move, str] | None:
        value = self.scalar(node)
        if not isinstance(value, str | int) or isinstance(value, bool):
            self.error(node, E_NOT_TEXT, step=step, field="move")
            return None
        text = " ".join(str(value).split())
        try:
            return parse_move(text), text
        except MoveError:
            self.error(node, E_MOVE, step=step, text=text)
            return None

    def rule_ids(self, node: yaml.Node, name: str, step: int | None) -> tuple[str, ...]:
        valid = valid_rule_ids()
        out = []
        for item in self.items(node, name, step):
            value = self.scalar(item)
            if not isinstance(value, str):
                self.error(item, E_NOT_TEXT, step=step, field=name)
                continue
            rid = value.strip()
            if rid not in valid:
                self.error(item, E_RULE_ID, step=step, rule_id=rid, valid=", ".join(valid))
                continue
            out.append(rid)
        return tuple(out)

    def per_player(
        self, node: yaml.Node, name: str, step: int | None
    ) -> tuple[int | None, int | None] | None:
        m = self.mapping(node, name, PLAYERS, step)
        if m is None:
            return None
        got: list[int | None] = [None, None]
        for i, p in enumerate(PLAYERS):
            if p in m:
                got[i] = self.integer(m[p][1], f"{name}.{p}", step)
        return (got[0], got[1])

    # -- the lesson ---------------------------------------------------------------------------

    def lesson(self, root: yaml.Node) -> Lesson | None:
        top = self.mapping(root, "lesson", TOP_FIELDS)
        if top is None:
            return None
        values: dict[str, object] = {}
        for key in ("id", "title", "summary"):
            node = self.require(top, key, root)
            if node is not None:
                values[key] = self.text(node, key, translatable=key != "id")
        lesson_id = values.get("id")
        if isinstance(lesson_id, str) and not _ID.match(lesson_id):
            self.error(top["id"][1], E_BAD_ID, value=lesson_id)
        level = None
        node = self.require(top, "level", root)
        if node is not None:
            level = self.integer(node, "level")
            if level is not None and level not in LEVELS:
                self.error(node, E_LEVEL, value=level)
                level = None
        show = "both"
        if "show" in top:
            node = top["show"][1]
            value = self.scalar(node)
            if isinstance(value, str) and value.strip() in SHOW:
                show = value.strip()
            else:
                self.error(node, E_SHOW, value=_show_value(value), valid=", ".join(SHOW))
        presets = self.presets(top, root)
        if presets is None:
            raise _Fatal
        rules_by_name, compare = presets
        main = compare[0] if compare else next(iter(rules_by_name))
        deal_node = self.require(top, "deal", root)
        deal = self.deal(deal_node, rules_by_name, compare) if deal_node is not None else None
        steps_node = self.require(top, "steps", root)
        steps = self.steps(steps_node, compare, deal) if steps_node is not None else None
        if self.errors or deal is None or steps is None:
            raise _Fatal
        assert isinstance(lesson_id, str) and isinstance(level, int)
        rules = rules_by_name[main]
        return Lesson(
            id=lesson_id,
            title=str(values["title"]),
            level=level,
            summary=str(values["summary"]),
            rules=rules,
            preset=main,
            show=show,
            path=self.path,
            steps=steps,
            deal=deal,
            compare=compare,
            unnamed=_unnamed(deal, rules),
        )

    def presets(
        self, top: Mapping[str, tuple[yaml.Node, yaml.Node]], root: yaml.Node
    ) -> tuple[dict[str, RuleSet], tuple[str, ...]] | None:
        """The lesson's rule sets by name, and the ``compare`` list (empty if none)."""
        rules_by_name: dict[str, RuleSet] = {}
        compare: list[str] = []
        if "compare" in top:
            node = top["compare"][1]
            for item in self.items(node, "compare"):
                name = self.text(item, "compare")
                if name is None:
                    continue
                rs = self.rule_set(item, name)
                if rs is not None and name not in rules_by_name:
                    rules_by_name[name] = rs
                    compare.append(name)
            if len(compare) < 2 and len(self.errors) == 0:
                self.error(node, E_COMPARE_SHORT)
                return None
        if "rules" in top:
            node = top["rules"][1]
            name = self.text(node, "rules")
            if name is None:
                return None
            if compare:
                if name != compare[0]:
                    self.error(node, E_COMPARE_RULES, rules=name, compare=", ".join(compare))
                    return None
            else:
                rs = self.rule_set(node, name)
                if rs is None:
                    return None
                rules_by_name[name] = rs
        elif not compare:
            self.error(root, E_MISSING, field="rules")
            return None
        if not rules_by_name:
            return None
        return rules_by_name, tuple(compare)

    def rule_set(self, node: yaml.Node, spec: str) -> RuleSet | None:
        try:
            return parse_rules(spec)
        except UnknownPresetError as exc:
            if exc.what == "rules preset":
                self.error(node, E_PRESET, name=exc.name, valid=", ".join(PRESETS))
            else:
                self.error(node, E_SWITCH, name=exc.name, valid=", ".join(exc.valid))
        except SwitchValueError as exc:
            template, params = exc.message
            self.error(node, template, **params)
        except (ValueError, KeyError) as exc:
            self.error(node, E_RULES_VALUE, spec=spec, problem=str(exc))
        return None

    def deal(
        self, node: yaml.Node, rules_by_name: Mapping[str, RuleSet], compare: tuple[str, ...]
    ) -> LessonDeal | None:
        m = self.mapping(node, "deal", DEAL_FIELDS)
        if m is None:
            return None
        n_errors = len(self.errors)
        dealer = 1
        if "dealer" in m:
            d = self.player(m["dealer"][1])
            dealer = d if isinstance(d, int) else 1
        hands: list[tuple[Card, ...]] = [(), ()]
        hands_node = self.require(m, "hands", node)
        if hands_node is not None:
            hm = self.mapping(hands_node, "hands", PLAYERS)
            if hm is not None:
                for i, p in enumerate(PLAYERS):
                    h = self.require(hm, p, hands_node)
                    if h is not None:
                        cards = self.cards(h, f"hands.{p}")
                        self.note_cards(cards, rules_by_name)
                        hands[i] = tuple(c for c, _ in cards)
                        for rules in rules_by_name.values():
                            if len(hands[i]) > rules.hand_size:
                                self.error(
                                    h,
                                    E_HAND_SIZE,
                                    player=p,
                                    count=len(hands[i]),
                                    rules=rules.name,
                                    size=rules.hand_size,
                                )
                                break
        trump: Card | None = None
        trump_node = self.require(m, "trump", node)
        if trump_node is not None:
            cards = self.cards(trump_node, "trump")
            if len(cards) != 1 and len(self.errors) == n_errors:
                self.error(trump_node, E_NOT_TEXT, field="trump")
            self.note_cards(cards[:1], rules_by_name)
            trump = cards[0][0] if len(cards) == 1 else None
        stock: tuple[Card, ...] = ()
        if "stock" in m:
            cards = self.cards(m["stock"][1], "stock")
            self.note_cards(cards, rules_by_name)
            stock = tuple(c for c, _ in cards)
        narration = ""
        if "narration" in m:
            narration = self.text(m["narration"][1], "narration", translatable=True) or ""
        match = None
        if "match" in m:
            pp = self.per_player(m["match"][1], "match", None)
            if pp is not None:
                match = (pp[0] or 0, pp[1] or 0)
        narrations: list[tuple[str, str]] = []
        if "variants" in m:
            for name, (_key, vnode) in self.variant_nodes(m["variants"][1], compare, None):
                vm = self.mapping(vnode, f"variants.{name}", DEAL_VARIANT_FIELDS)
                if vm and "narration" in vm:
                    t = self.text(vm["narration"][1], "narration", translatable=True)
                    if t:
                        narrations.append((name, t))
        if trump is None or len(self.errors) > n_errors:
            return None
        line, col = _where(node)
        deal = LessonDeal(
            hands=(hands[0], hands[1]),
            trump_card=trump,
            stock=stock,
            dealer=dealer,
            narration=narration,
            narrations=tuple(narrations),
            match=match,
            line=line,
            column=col,
        )
        for rules in rules_by_name.values():
            try:
                _initial_state(deal, rules)
            except ValueError as exc:  # pragma: no cover - the checks above catch it first
                self.error(node, E_DEAL, problem=str(exc))
                return None
        return deal

    def note_cards(
        self, cards: Sequence[tuple[Card, yaml.Node]], rules_by_name: Mapping[str, RuleSet]
    ) -> None:
        """Report cards outside a preset's pack and cards dealt twice."""
        for card, where in cards:
            for rules in rules_by_name.values():
                if not rules.pack_mask >> card.index & 1:
                    self.error(
                        where,
                        E_NOT_IN_PACK,
                        notation=str(card),
                        rules=rules.name,
                        ranks=" ".join(r.symbol for r in rules.ranks),
                    )
                    break
            if card in self.card_lines:
                self.error(
                    where, E_CARD_TWICE, notation=str(card), other_line=self.card_lines[card]
                )
            else:
                self.card_lines[card] = _where(where)[0]

    def variant_nodes(
        self, node: yaml.Node, compare: tuple[str, ...], step: int | None
    ) -> Iterator[tuple[str, tuple[yaml.Node, yaml.Node]]]:
        if not compare:
            self.error(node, E_VARIANT_NO_COMPARE, step=step)
            return
        m = self.mapping(node, "variants", (), step)
        for name, (key, value) in (m or {}).items():
            if name not in compare[1:]:
                self.error(key, E_VARIANT, step=step, name=name, valid=", ".join(compare[1:]))
                continue
            yield name, (key, value)

    def steps(
        self, node: yaml.Node, compare: tuple[str, ...], deal: LessonDeal | None
    ) -> tuple[Step, ...] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, E_NOT_LIST, field="steps")
            return None
        if not node.value:
            self.error(node, E_NO_STEPS)
            return None
        named = deal.named if deal is not None else None
        out = []
        for number, item in enumerate(node.value, start=1):
            step = self.step(item, number, compare, named)
            if step is not None:
                out.append(step)
        return tuple(out)

    def step(
        self,
        node: yaml.Node,
        number: int,
        compare: tuple[str, ...],
        named: frozenset[Card] | None,
    ) -> Step | None:
        m = self.mapping(node, f"step {number}", STEP_FIELDS, number)
        if m is None:
            return None
        n_errors = len(self.errors)
        base = self.step_fields(m, node, number, named)
        variants: list[tuple[str, StepVariant]] = []
        if "variants" in m:
            for name, (_key, vnode) in self.variant_nodes(m["variants"][1], compare, number):
                vm = self.mapping(vnode, f"variants.{name}", VARIANT_FIELDS, number)
                if vm is not None:
                    variants.append((name, self.step_fields(vm, vnode, number, named)))
        if len(self.errors) > n_errors:
            return None
        if base.move is None and not base.narration:
            self.error(node, E_PAUSE_NARRATION, step=number)
            return None
        line, col = _where(node)
        return Step(
            number=number,
            line=line,
            column=col,
            move=base.move,
            move_text=base.move_text,
            narration=base.narration or "",
            rule_ids=base.rule_ids or (),
            checks=base.checks or (),
            variants=tuple(variants),
            move_line=base.line,
            move_column=base.column,
        )

    def step_fields(
        self,
        m: Mapping[str, tuple[yaml.Node, yaml.Node]],
        node: yaml.Node,
        number: int,
        named: frozenset[Card] | None,
    ) -> StepVariant:
        move: Move | None = None
        move_text = ""
        line, col = _where(node)
        if "move" in m:
            mnode = m["move"][1]
            line, col = _where(mnode)
            parsed = self.move(mnode, number)
            if parsed is not None:
                move, move_text = parsed
                card = getattr(move, "card", None)
                if isinstance(card, Card) and named is not None and card not in named:
                    self.error(mnode, E_UNNAMED, step=number, move=move_text, notation=str(card))
        narration = None
        if "narration" in m:
            narration = self.text(m["narration"][1], "narration", number, translatable=True)
        rule_ids = None
        if "rule_ids" in m:
            rule_ids = self.rule_ids(m["rule_ids"][1], "rule_ids", number)
        checks = None
        if "check" in m:
            checks = self.checks(m["check"][1], number)
        return StepVariant(move, move_text, narration, rule_ids, checks, line, col)

    def checks(self, node: yaml.Node, number: int) -> tuple[Check, ...]:
        m = self.mapping(node, "check", (), number)
        out = []
        for name, (key, value) in (m or {}).items():
            if name not in CHECKS:
                self.error(key, E_CHECK, step=number, name=name, valid=", ".join(CHECKS))
                continue
            parsed = self.check_value(name, value, number)
            if parsed is not _BAD:
                line, col = _where(key)
                out.append(Check(name, parsed, line, col))
        return tuple(out)

    def check_value(self, name: str, node: yaml.Node, number: int) -> object:
        n_errors = len(self.errors)
        result: object
        if name in ("points", "score", "pending", "tricks", "game_points", "match"):
            result = self.per_player(node, name, number)
        elif name in ("trick_winner", "to_move", "winner", "match_winner"):
            result = self.player(node, number, none_ok=name != "trick_winner")
        elif name == "legal":
            moves = [self.move(item, number) for item in self.items(node, name, number)]
            result = tuple(m for m in moves if m is not None)
        elif name == "illegal":
            result = self.illegal(node, number)
        elif name == "because":
            result = self.rule_ids(node, name, number)
        elif name == "hand":
            hm = self.mapping(node, name, PLAYERS, number)
            hands: list[tuple[int, frozenset[Card]]] = []
            for i, p in enumerate(PLAYERS):
                if hm and p in hm:
                    cards = self.cards(hm[p][1], f"hand.{p}", number)
                    hands.append((i, frozenset(c for c, _ in cards)))
            result = tuple(hands)
        elif name == "stock":
            result = self.integer(node, name, number)
        elif name == "trump_card":
            if self.scalar(node) is None:
                result = None
            else:
                cards = self.cards(node, name, number)
                result = cards[0][0] if len(cards) == 1 else None
                if len(cards) != 1 and len(self.errors) == n_errors:
                    self.error(node, E_NOT_TEXT, step=number, field=name)
        else:  # over
            result = self.boolean(node, name, number)
        return _BAD if len(self.errors) > n_errors else result

    def illegal(self, node: yaml.Node, number: int) -> tuple[tuple[Move, str, str | None], ...]:
        """``[move, ...]`` or ``{move: rule id, ...}``: moves with the rule expected to forbid
        them (``None``: any rule)."""
        out: list[tuple[Move, str, str | None]] = []
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                parsed = self.move(key, number)
                rid: str | None = None
                if self.scalar(value) is not None:
                    ids = self.rule_ids(value, "illegal", number)
                    rid = ids[0] if ids else None
                if parsed is not None:
                    out.append((parsed[0], parsed[1], rid))
            return tuple(out)
        for item in self.items(node, "illegal", number):
            parsed = self.move(item, number)
            if parsed is not None:
                out.append((parsed[0], parsed[1], None))
        return tuple(out)


_BAD = object()


def _where(node: yaml.Node | None) -> tuple[int, int]:
    if node is None or node.start_mark is None:
        return 1, 1
    return node.start_mark.line + 1, node.start_mark.column + 1


def _words(node: yaml.Node, text: str) -> list[tuple[str, yaml.Node]]:
    """The words of a scalar, each with a node that points at the word itself when the
    scalar is written on one line (so an error names the card's own column)."""
    out: list[tuple[str, yaml.Node]] = []
    start, end = node.start_mark, node.end_mark
    one_line = start is not None and end is not None and start.line == end.line
    quote = 1 if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"') else 0
    for m in re.finditer(r"[^\s,]+", text):
        where = node
        if one_line and start is not None and not (quote and "\\" in text):
            col = start.column + quote + m.start()
            mark = yaml.Mark(start.name, start.index + quote + m.start(), start.line, col, None, 0)
            where = yaml.ScalarNode(_STR, m.group(), start_mark=mark, end_mark=mark)
        out.append((m.group(), where))
    return out


def _show_value(value: object) -> str:
    if isinstance(value, yaml.Node):
        return "..."
    return "" if value is None else str(value)


def _check_nodes(root: yaml.Node, path: str) -> None:
    """Refuse aliases (a node reached twice), tags other than the plain ones, huge files."""
    seen: set[int] = set()
    stack = [root]
    count = 0
    while stack:
        node = stack.pop()
        if id(node) in seen:
            line, col = _where(node)
            raise LessonError(path, line, col, E_ALIAS)
        seen.add(id(node))
        count += 1
        if count > MAX_NODES:
            line, col = _where(node)
            raise LessonError(path, line, col, E_TOO_COMPLEX, limit=MAX_NODES)
        if node.tag not in _ALLOWED_TAGS:
            line, col = _where(node)
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise LessonError(path, line, col, E_TAG, tag=tag)
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                stack.extend((value, key))


def _compose(path: str, data: bytes) -> yaml.Node:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise LessonError(path, line, 1, E_ENCODING) from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        raise LessonError(path, line, col, E_SYNTAX, problem=problem) from None
    except yaml.YAMLError as exc:
        raise LessonError(path, 1, 1, E_SYNTAX, problem=str(exc)) from None
    if root is None:
        raise LessonError(path, 1, 1, E_EMPTY)
    _check_nodes(root, path)
    return root


# ----------------------------------------------------------------------------- the deal


def _unnamed(deal: LessonDeal, rules: RuleSet) -> frozenset[Card]:
    return frozenset(c for c in cards_of_mask(rules.pack_mask) if c not in deal.named)


def _initial_state(deal: LessonDeal, rules: RuleSet) -> State:
    """The deal with the unnamed cards filled in: the preset's pack in display order (clubs,
    spades, hearts, diamonds; ace first) fills A's hand, then B's, then the bottom of the
    stock."""
    named = deal.named
    rest = [c for c in cards_of_mask(rules.pack_mask) if c not in named]
    hands = []
    for hand in deal.hands:
        need = max(0, rules.hand_size - len(hand))
        hands.append((*hand, *rest[:need]))
        del rest[:need]
    stock = (*deal.stock, *rest)
    return new_deal(
        rules,
        hands=(hands[0], hands[1]),
        trump_card=deal.trump_card,
        stock=stock,
        dealer=deal.dealer,
    )


# ----------------------------------------------------------------------------- replay


def _pair(values: tuple[int, int]) -> str:
    return f"A {values[0]}, B {values[1]}"


def _expected_pair(values: tuple[int | None, int | None]) -> str:
    return ", ".join(f"{p} {v}" for p, v in zip(PLAYERS, values, strict=True) if v is not None)


def _pair_matches(expected: tuple[int | None, int | None], actual: tuple[int, int]) -> bool:
    return all(e is None or e == a for e, a in zip(expected, actual, strict=True))


def _cards_text(cards: Sequence[Card] | frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards)) or "-"


def _events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    p = before.to_move
    events: list[Event] = []
    rules = before.rules
    if isinstance(move, Marriage):
        suit = move.card.suit
        points = rules.trump_marriage_points if suit == before.trump else rules.marriage_points
        credited = after.melds[p] > before.melds[p] if p is not None else False
        events.append(
            Event(
                EventKind.MARRIAGE,
                p,
                (move.card, CARDS[move.card.index ^ 1]),
                points,
                "credited" if credited else "pending",
            )
        )
    elif isinstance(move, Exchange):
        given = CARDS[before.trump * 8 + rules.exchange_rank]
        taken = before.trump_card_value
        events.append(
            Event(EventKind.EXCHANGE, p, (given, taken) if taken is not None else (given,))
        )
    elif isinstance(move, Close):
        events.append(Event(EventKind.CLOSED, p))
    if isinstance(move, DeclareOut) or (isinstance(move, Marriage) and move.out):
        events.append(Event(EventKind.OUT, p))
    if isinstance(move, Play) and before.lead >= 0 and after.last_trick is not None:
        _leader, lead, follow, w = after.last_trick
        pts = rules.points_by_index[lead] + rules.points_by_index[follow]
        events.append(Event(EventKind.TRICK, w, (CARDS[lead], CARDS[follow]), pts))
        if before.pending[w] and not after.pending[w]:
            events.append(Event(EventKind.MELD_CREDITED, w, (), before.pending[w]))
        bonus = after.points[w] - before.points[w] - pts
        if bonus > 0:
            events.append(Event(EventKind.LAST_TRICK, w, (), bonus))
        if before.stock_open and after.result is None:
            first = before.stock[0]
            second = before.stock[1] if len(before.stock) >= 2 else before.trump_card
            events.append(Event(EventKind.DREW, w, (CARDS[first],)))
            last = len(before.stock) < 2
            events.append(
                Event(EventKind.DREW, 1 - w, (CARDS[second],), 0, "trump_card" if last else "")
            )
            if last:
                events.append(Event(EventKind.STOCK_EMPTY))
    if after.result is not None and before.result is None:
        r = after.result
        gp = r.game_points[r.winner] if r.winner is not None else 0
        events.append(Event(EventKind.DEAL_OVER, r.winner, (), gp, r.rule_id, r.scores))
    return tuple(events)


def _table(before: State, move: Move, after: State) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    if isinstance(move, Play | Marriage):
        if before.lead < 0:
            return (move.card,), (before.leader,)
        if after.last_trick is not None:
            leader, lead, follow, _w = after.last_trick
            return (CARDS[lead], CARDS[follow]), (leader, 1 - leader)
    return (), ()


@dataclass
class _Run:
    """The replay of a lesson under one preset, collecting failed checks."""

    lesson: Lesson
    preset: str
    first_index: int
    errors: list[LessonError] = field(default_factory=list)

    def fail(self, chk: Check | None, step: Step, template: str, **params: Any) -> None:
        line, col = (chk.line, chk.column) if chk is not None else (step.line, step.column)
        preset = self.preset if self.lesson.compare else None
        self.errors.append(
            LessonError(
                self.lesson.path, line, col, template, step=step.number, preset=preset, **params
            )
        )

    def frames(self) -> list[Frame]:
        lesson = self.lesson
        rules = lesson.rules if self.preset == lesson.preset else parse_rules(self.preset)
        try:
            state = _initial_state(lesson.deal, rules)
        except ValueError as exc:
            self.errors.append(
                LessonError(
                    lesson.path,
                    lesson.deal.line,
                    lesson.deal.column,
                    E_DEAL,
                    preset=self.preset if lesson.compare else None,
                    problem=str(exc),
                )
            )
            return []
        match = Match(rules, lesson.deal.dealer, lesson.deal.match) if lesson.deal.match else None
        frames = [
            Frame(
                index=self.first_index,
                state=state,
                move=None,
                player=None,
                narration=lesson.deal.narration_under(self.preset),
                rule_ids=(),
                verdict=None,
                step=0,
                preset=self.preset,
                line=lesson.deal.line,
                match=match.scores if match else None,
            )
        ]
        for step in lesson.steps:
            spec = step.under(self.preset)
            prev = frames[-1]
            if spec.move is None:
                frame = Frame(
                    index=prev.index + 1,
                    state=prev.state,
                    move=None,
                    player=None,
                    narration=spec.narration or "",
                    rule_ids=spec.rule_ids or (),
                    verdict=None,
                    table=prev.table,
                    table_players=prev.table_players,
                    trick_winner=prev.trick_winner,
                    step=step.number,
                    preset=self.preset,
                    line=step.line,
                    match=prev.match,
                )
            else:
                frame_or_none = self.move_frame(prev, step, spec, match)
                if frame_or_none is None:
                    return frames
                frame = frame_or_none
            frames.append(frame)
            self.run_checks(frame, step, spec.checks or ())
        return frames

    def move_frame(
        self, prev: Frame, step: Step, spec: StepVariant, match: Match | None
    ) -> Frame | None:
        before = prev.state
        move = spec.move
        assert move is not None
        where = Check("move", None, spec.line, spec.column)
        verdict = check(before, move)
        if before.result is not None:
            self.fail(where, step, E_AFTER_END, move=spec.move_text)
            return None
        try:
            after = apply(before, move)
        except IllegalMoveError as exc:
            self.fail(
                where,
                step,
                E_ILLEGAL,
                player=PLAYER_NAMES[before.to_move or 0],
                move=spec.move_text,
                rules=self.preset,
                rule_ids=", ".join(exc.rule_ids),
            )
            return None
        events = _events(before, move, after)
        scores = prev.match
        if match is not None and after.result is not None:
            done = match.record(after.result)
            scores = done.scores
            events = (*events, Event(EventKind.MATCH, done.winner, (), 0, "", done.scores))
        table, players = _table(before, move, after)
        winner = after.last_trick[3] if len(table) == 2 and after.last_trick else None
        return Frame(
            index=prev.index + 1,
            state=after,
            move=move,
            player=before.to_move,
            narration=spec.narration or "",
            rule_ids=spec.rule_ids or (),
            verdict=verdict,
            table=table,
            table_players=players,
            trick_winner=winner,
            events=events,
            step=step.number,
            preset=self.preset,
            line=step.line,
            match=scores,
        )

    def run_checks(self, frame: Frame, step: Step, checks: Sequence[Check]) -> None:
        s = frame.state
        for chk in checks:
            name, exp = chk.name, chk.value
            if name in ("points", "score", "pending", "tricks"):
                assert isinstance(exp, tuple)
                actual = {
                    "points": s.points,
                    "score": (s.score(0), s.score(1)),
                    "pending": s.pending,
                    "tricks": s.tricks,
                }[name]
                if not _pair_matches(exp, actual):
                    template = {
                        "points": C_POINTS,
                        "score": C_SCORE,
                        "pending": C_PENDING,
                        "tricks": C_TRICKS,
                    }[name]
                    self.fail(
                        chk, step, template, expected=_expected_pair(exp), actual=_pair(actual)
                    )
            elif name == "trick_winner":
                assert isinstance(exp, int)
                if frame.trick_winner is None:
                    self.fail(chk, step, C_NO_TRICK, expected=PLAYERS[exp])
                elif frame.trick_winner != exp:
                    self.fail(
                        chk,
                        step,
                        C_TRICK_WINNER,
                        expected=PLAYERS[exp],
                        actual=PLAYERS[frame.trick_winner],
                    )
            elif name == "legal":
                assert isinstance(exp, tuple)
                for move, text in exp:
                    v = check(s, move)
                    if not v.legal:
                        self.fail(chk, step, C_LEGAL, move=text, rule_ids=", ".join(v.rule_ids))
            elif name == "illegal":
                assert isinstance(exp, tuple)
                for move, text, rid in exp:
                    v = check(s, move)
                    if v.legal:
                        self.fail(chk, step, C_ILLEGAL, move=text)
                    elif rid is not None and rid not in v.rule_ids:
                        self.fail(
                            chk,
                            step,
                            C_ILLEGAL_RULE,
                            move=text,
                            expected=rid,
                            actual=", ".join(v.rule_ids),
                        )
            elif name == "because":
                assert isinstance(exp, tuple)
                if frame.verdict is None:
                    self.fail(chk, step, C_BECAUSE_PAUSE)
                elif not set(exp) <= set(frame.verdict.rule_ids):
                    self.fail(
                        chk,
                        step,
                        C_BECAUSE,
                        expected=", ".join(exp),
                        actual=", ".join(frame.verdict.rule_ids),
                    )
            elif name == "to_move":
                self.check_to_move(chk, step, s, exp)
            elif name == "hand":
                assert isinstance(exp, tuple)
                for player, cards in exp:
                    held = frozenset(s.hand(player))
                    if held != cards:
                        self.fail(
                            chk,
                            step,
                            C_HAND,
                            player=PLAYERS[player],
                            expected=_cards_text(cards),
                            actual=_cards_text(held),
                        )
            elif name == "stock":
                if s.stock_size != exp:
                    self.fail(chk, step, C_STOCK, expected=exp, actual=s.stock_size)
            elif name == "trump_card":
                got = s.trump_card_value
                if got is not exp:
                    if got is None:
                        self.fail(chk, step, C_TRUMP_CARD_GONE, expected=str(exp))
                    else:
                        self.fail(
                            chk, step, C_TRUMP_CARD, expected=str(exp or "-"), actual=str(got)
                        )
            elif name == "over":
                if exp and s.result is None:
                    self.fail(chk, step, C_OVER)
                elif not exp and s.result is not None:
                    self.fail(chk, step, C_GOES_ON)
            elif name in ("game_points", "winner"):
                self.check_result(chk, step, s, exp)
            else:
                self.check_match(chk, step, frame, exp)

    def check_to_move(self, chk: Check, step: Step, s: State, exp: object) -> None:
        got = s.to_move
        if exp is None and got is not None:
            self.fail(chk, step, C_TO_MOVE_NONE, actual=PLAYERS[got])
        elif isinstance(exp, int) and got is None:
            self.fail(chk, step, C_TO_MOVE_OVER, expected=PLAYERS[exp])
        elif isinstance(exp, int) and got != exp:
            self.fail(chk, step, C_TO_MOVE, expected=PLAYERS[exp], actual=PLAYERS[got or 0])

    def check_result(self, chk: Check, step: Step, s: State, exp: object) -> None:
        r = s.result
        if r is None:
            self.fail(chk, step, C_NOT_OVER, check=chk.name)
            return
        if chk.name == "game_points":
            assert isinstance(exp, tuple)
            if not _pair_matches(exp, r.game_points):
                self.fail(
                    chk,
                    step,
                    C_GAME_POINTS,
                    expected=_expected_pair(exp),
                    actual=_pair(r.game_points),
                )
        elif exp is None and r.winner is not None:
            self.fail(chk, step, C_DRAW, actual=PLAYERS[r.winner])
        elif isinstance(exp, int) and r.winner is None:
            self.fail(chk, step, C_WINNER_DRAW, expected=PLAYERS[exp])
        elif isinstance(exp, int) and r.winner != exp:
            self.fail(chk, step, C_WINNER, expected=PLAYERS[exp], actual=PLAYERS[r.winner or 0])

    def check_match(self, chk: Check, step: Step, frame: Frame, exp: object) -> None:
        if self.lesson.deal.match is None:
            self.fail(chk, step, C_NO_MATCH, check=chk.name)
            return
        s = frame.state
        if s.result is None:
            self.fail(chk, step, C_NOT_OVER, check=chk.name)
            return
        assert frame.match is not None
        done = Match(s.rules, self.lesson.deal.dealer, frame.match, deals=1)
        if chk.name == "match":
            assert isinstance(exp, tuple)
            if not _pair_matches(exp, frame.match):
                self.fail(
                    chk, step, C_MATCH, expected=_expected_pair(exp), actual=_pair(frame.match)
                )
            return
        winner = done.winner
        if exp is None and winner is not None:
            self.fail(chk, step, C_MATCH_DECIDED, actual=PLAYERS[winner])
        elif isinstance(exp, int) and winner is None:
            self.fail(chk, step, C_MATCH_OPEN, expected=PLAYERS[exp])
        elif isinstance(exp, int) and winner != exp:
            self.fail(chk, step, C_MATCH_WINNER, expected=PLAYERS[exp], actual=PLAYERS[winner or 0])


def _replay_all(lesson: Lesson) -> tuple[tuple[Frame, ...], list[LessonError]]:
    frames: list[Frame] = []
    errors: list[LessonError] = []
    for name in lesson.presets:
        run = _Run(lesson, name, len(frames))
        frames.extend(run.frames())
        errors.extend(run.errors)
    return tuple(frames), errors


@functools.lru_cache(maxsize=256)
def _replay_cached(lesson: Lesson) -> tuple[tuple[Frame, ...], tuple[LessonError, ...]]:
    frames, errors = _replay_all(lesson)
    return frames, tuple(errors)


def replay(lesson: Lesson, preset: str | None = None) -> tuple[Frame, ...]:
    """The lesson as frames: the deal, then one frame per step. A lesson that compares presets
    is replayed under each in turn; each run starts with its own deal frame (``step`` 0).
    ``preset`` picks one run. Raises ``LessonError`` if a move is illegal or a check fails."""
    frames, errors = _replay_cached(lesson)
    if errors:
        raise errors[0]
    if preset is None:
        return frames
    if preset not in lesson.presets:
        raise UnknownPresetError(preset, lesson.presets, "preset of this lesson")
    return tuple(f for f in frames if f.preset == preset)


def runs(frames: Sequence[Frame]) -> list[tuple[Frame, ...]]:
    """Split a replay into its runs, one per preset (a run starts at a deal frame)."""
    out: list[list[Frame]] = []
    for f in frames:
        if f.step == 0 or not out:
            out.append([])
        out[-1].append(f)
    return [tuple(r) for r in out]


# ----------------------------------------------------------------------------- JSON


def _ab(values: tuple[int, int]) -> dict[str, int]:
    return {"A": values[0], "B": values[1]}


def _who(player: int | None) -> str | None:
    return None if player is None else PLAYERS[player]


def result_json(state: State) -> dict[str, object]:
    """The end of a run: card points (with marriages), game points and the winner."""
    r = state.result
    if r is None:
        return {
            "over": False,
            "card_points": _ab((state.score(0), state.score(1))),
            "game_points": _ab((0, 0)),
            "winner": None,
        }
    return {
        "over": True,
        "card_points": _ab(r.scores),
        "game_points": _ab(r.game_points),
        "winner": _who(r.winner),
        "end": r.kind.value,
        "rule_id": r.rule_id,
    }


def _event_json(e: Event) -> dict[str, object]:
    out: dict[str, object] = {"kind": e.kind.value, "player": _who(e.player)}
    if e.cards:
        out["cards"] = [str(c) for c in e.cards]
    if e.points:
        out["points"] = e.points
    if e.detail:
        out["detail"] = e.detail
    if e.scores is not None:
        out["scores"] = _ab(e.scores)
    return out


def frame_json(frame: Frame, tr: _Gettext | None = None) -> dict[str, object]:
    """One frame as plain data; the narration is translated when ``tr`` is given."""
    s = frame.state
    narration = frame.narration
    if tr is not None and narration:
        narration = tr._(narration)
    return {
        "index": frame.index,
        "step": frame.step,
        "preset": frame.preset,
        "move": None if frame.move is None else str(frame.move),
        "player": _who(frame.player),
        "narration": narration,
        "rule_ids": list(frame.rule_ids),
        "verdict": None
        if frame.verdict is None
        else {"legal": frame.verdict.legal, "rule_ids": list(frame.verdict.rule_ids)},
        "table": [
            {"player": PLAYERS[p], "card": str(c)}
            for c, p in zip(frame.table, frame.table_players, strict=True)
        ],
        "trick_winner": _who(frame.trick_winner),
        "events": [_event_json(e) for e in frame.events],
        "to_move": _who(s.to_move),
        "points": _ab(s.points),
        "melds": _ab(s.melds),
        "pending": _ab(s.pending),
        "score": _ab((s.score(0), s.score(1))),
        "tricks": _ab(s.tricks),
        "hands": {"A": [str(c) for c in s.hand(0)], "B": [str(c) for c in s.hand(1)]},
        "stock": s.stock_size,
        "trump_card": None if s.trump_card_value is None else str(s.trump_card_value),
        "closed_by": None if s.closed_by < 0 else PLAYERS[s.closed_by],
        "match": None if frame.match is None else _ab(frame.match),
    }


def replay_json(
    lesson: Lesson, frames: Sequence[Frame] | None = None, tr: _Gettext | None = None
) -> dict[str, object]:
    """The replay as one JSON-ready object: ``id``, ``rules``, ``steps`` (every frame) and
    ``result`` (card points, game points, winner) of the lesson's preset; a lesson that
    compares presets also gets ``compare`` and ``results`` by preset."""
    if frames is None:
        frames = replay(lesson)
    out: dict[str, object] = {
        "id": lesson.id,
        "title": lesson.title,
        "level": lesson.level,
        "rules": lesson.preset,
        "show": lesson.show,
        "unnamed": [str(c) for c in sorted(lesson.unnamed)],
        "steps": [frame_json(f, tr) for f in frames],
    }
    last = {run[0].preset: run[-1].state for run in runs(frames)}
    out["result"] = result_json(last[lesson.preset])
    if lesson.compare:
        out["compare"] = list(lesson.compare)
        out["results"] = {name: result_json(last[name]) for name in lesson.compare}
    return out


# ----------------------------------------------------------------------------- loading

_LOADED: dict[str, tuple[int, int, Lesson | None, tuple[LessonError, ...]]] = {}


def check_lesson(path: str | Path) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    """Read, validate and replay a lesson file. Returns the lesson (``None`` if it has any
    problem) and every problem found. Cached by path, modification time and size."""
    name = str(path)
    p = Path(path)
    try:
        st = p.stat()
        if not p.is_file():
            raise IsADirectoryError(name)
    except OSError as exc:
        return None, (LessonError(name, 1, 1, E_READ, reason=exc.strerror or str(exc)),)
    cached = _LOADED.get(name)
    if cached is not None and cached[:2] == (st.st_mtime_ns, st.st_size):
        return cached[2], cached[3]
    try:
        lesson, errors = _check_uncached(name, p, st.st_size)
    except Exception as exc:  # a bug must not hide the other files' problems
        lesson, errors = None, (LessonError(name, 1, 1, E_INTERNAL, problem=repr(exc)),)
    _LOADED[name] = (st.st_mtime_ns, st.st_size, lesson, errors)
    return lesson, errors


def _check_uncached(name: str, p: Path, size: int) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    if size > MAX_BYTES:
        return None, (LessonError(name, 1, 1, E_TOO_LARGE, size=size, limit=MAX_BYTES),)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        return None, (LessonError(name, 1, 1, E_READ, reason=exc.strerror or str(exc)),)
    if len(data) > MAX_BYTES:
        return None, (LessonError(name, 1, 1, E_TOO_LARGE, size=len(data), limit=MAX_BYTES),)
    reader = _Reader(name)
    try:
        root = _compose(name, data)
        lesson = reader.lesson(root)
    except LessonError as exc:
        return None, (exc,)
    except _Fatal:
        return None, tuple(reader.errors)
    if lesson is None:
        return None, tuple(reader.errors)
    _frames, errors = _replay_cached(lesson)
    if errors:
        return None, errors
    return lesson, ()


def load_lesson(path: str | Path) -> Lesson:
    """Read a lesson file; raises the first ``LessonError`` if anything is wrong."""
    lesson, errors = check_lesson(path)
    if errors or lesson is None:
        raise errors[0]
    return lesson


def lesson_files(folder: str | Path) -> list[Path]:
    """The lesson files of a folder (``*.yaml`` and ``*.yml``), sorted by name."""
    f = Path(folder)
    return sorted(p for p in f.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def load_lessons(folder: str | Path) -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson of a folder, and the problems of the files that could not be read; one
    broken file does not stop the others. Two files with the same lesson id: the second is
    reported."""
    try:
        files = lesson_files(folder)
    except OSError as exc:
        return [], [LessonError(str(folder), 1, 1, E_READ, reason=exc.strerror or str(exc))]
    return _gather(files)


def _gather(files: Sequence[Path]) -> tuple[list[Lesson], list[LessonError]]:
    lessons: list[Lesson] = []
    errors: list[LessonError] = []
    seen: dict[str, str] = {}
    for path in files:
        lesson, errs = check_lesson(path)
        errors.extend(errs)
        if lesson is None:
            continue
        if lesson.id in seen:
            errors.append(
                LessonError(
                    lesson.path,
                    _id_line(lesson),
                    1,
                    E_DUPLICATE_ID,
                    value=lesson.id,
                    other=seen[lesson.id],
                )
            )
            continue
        seen[lesson.id] = lesson.path
        lessons.append(lesson)
    return lessons, errors


def validate_paths(paths: Sequence[str | Path]) -> tuple[list[Lesson], list[LessonError]]:
    """Lessons and problems of files and folders given on a command line."""
    files: list[Path] = []
    errors: list[LessonError] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            try:
                found = lesson_files(p)
            except OSError as exc:
                errors.append(LessonError(str(p), 1, 1, E_READ, reason=exc.strerror or str(exc)))
                continue
            files.extend(found)
        else:
            files.append(p)
    unique = list({str(f.resolve()): f for f in files}.values())
    lessons, errs = _gather(unique)
    return lessons, errors + errs


def _id_line(lesson: Lesson) -> int:
    try:
        for i, line in enumerate(Path(lesson.path).read_text("utf-8").splitlines(), start=1):
            if line.startswith("id:"):
                return i
    except OSError:  # pragma: no cover
        pass
    return 1

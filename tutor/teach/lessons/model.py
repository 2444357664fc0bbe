"""What a lesson is: the values the reader builds and the replay produces.

A ``Lesson`` names its rules, a ``LessonDeal`` and a tuple of ``Step`` values (each an action
or a pause, with ``Check`` values to verify and, for a lesson that compares presets,
``StepVariant`` values); a replay is a tuple of ``Frame`` values with their ``Event`` values.
``LessonError`` is a problem in a lesson file, a ``SourceError`` with the lesson's signature.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from tutor.engine import (
    CARDS,
    RULE_SWITCH,
    SEAT_LETTERS,
    Card,
    Deal,
    Move,
    RuleSet,
    State,
    Verdict,
    cards_of_mask,
    new_deal,
    switch_ids,
    table_from_order,
)
from tutor.formats.errors import SourceError

__all__ = [
    "LEVELS",
    "PLAYERS",
    "SHOW",
    "SHOW_ALL",
    "Answer",
    "Check",
    "Event",
    "EventKind",
    "Frame",
    "Lesson",
    "LessonDeal",
    "LessonError",
    "Question",
    "Step",
    "StepVariant",
    "YourMove",
    "initial_state",
    "initial_table",
    "initial_two",
    "unnamed_cards",
    "valid_rule_ids",
]

LEVELS = (1, 2, 3)
#: ``show`` for two players; at a table of three or four, ``all`` or the seats' letters.
SHOW = ("A", "B", "both")
PLAYERS = ("A", "B")
#: ``show`` for every hand at a table of three or four.
SHOW_ALL = "all"

# Rule ids a step may name: the engine's legality rules, every switch of a rule set, and the
# scoring rules an outcome names.
_SCORING_RULE_IDS = ("score.simple", "score.schneider", "score.schwarz")


def valid_rule_ids() -> tuple[str, ...]:
    """Every rule id a lesson step may name in ``rule_ids`` or ``because``."""
    ids = dict.fromkeys((*RULE_SWITCH, *switch_ids(), *_SCORING_RULE_IDS))
    return tuple(ids)


class LessonError(SourceError):
    """A problem in a lesson file, with where it is and an English message template.

    ``template`` is an English msgid with named placeholders, ``params`` its values;
    ``render(tr)`` gives ``"file:line:col: message"`` in the translator's language and
    ``str(error)`` the same in English. ``step`` is the step's number (1 for the first step),
    ``None`` when the problem is not in a step; ``preset`` names the compared preset whose
    replay failed, if any.
    """

    line: int
    column: int

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
        super().__init__(
            template, params, path=path, line=line, column=column, step=step, preset=preset
        )


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
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Check:
    """One check of a step: its name, the expected value (already parsed) and where it is."""

    name: str
    value: object
    line: int
    column: int


@dataclass(frozen=True)
class YourMove:
    """A step the learner plays: the step's ``move`` is played once they find an accepted one.

    ``accept`` lists the accepted moves as written (with their notation, line and column);
    when it is empty,
    every legal move within ``tolerance`` game points of the engine's best is accepted.
    ``prompt`` asks for the move, ``feedback`` praises the right one (both msgids, may be
    empty)."""

    accept: tuple[tuple[Move, str, int, int], ...]
    tolerance: int
    prompt: str
    feedback: str
    line: int
    column: int


@dataclass(frozen=True)
class Answer:
    """One answer of a question: its text, whether it is the right one, and why (msgids)."""

    text: str
    right: bool
    why: str
    line: int = 0  # where the answer's text is written (0: not known)
    column: int = 0


@dataclass(frozen=True)
class Question:
    """A question the learner answers before the lesson goes on; ``checks`` are facts the
    engine verifies so that the right answer agrees with the position after the step."""

    text: str
    answers: tuple[Answer, ...]
    checks: tuple[Check, ...]
    line: int
    column: int

    @property
    def right(self) -> int:
        """The index of the right answer."""
        return next(i for i, a in enumerate(self.answers) if a.right)


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
    your_move: YourMove | None = None
    question: Question | None = None

    @property
    def interactive(self) -> bool:
        """Whether the learner has to act before the lesson goes on."""
        return self.your_move is not None or self.question is not None

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
    """The deal as the lesson names it, a hand per seat (A first); unnamed cards are filled in
    when it is replayed. At a table of three or four every hand is named in full, and
    ``stock`` names the top of the stock."""

    hands: tuple[tuple[Card, ...], ...]
    trump_card: Card | None  # None where the rules turn no card up
    stock: tuple[Card, ...]
    dealer: int = 1
    narration: str = ""
    narrations: tuple[tuple[str, str], ...] = ()  # per compared preset
    match: tuple[int, ...] | None = None
    line: int = 1
    column: int = 1

    @property
    def named(self) -> frozenset[Card]:
        turned = () if self.trump_card is None else (self.trump_card,)
        return frozenset((*(c for hand in self.hands for c in hand), *turned, *self.stock))

    def narration_under(self, preset: str) -> str:
        return dict(self.narrations).get(preset, self.narration)


@dataclass(frozen=True)
class Lesson:
    """A lesson read from a file, for the seats of its ``rules``. ``rules`` is the preset it is
    played under (the first of ``compare`` when it compares presets); ``unnamed`` holds the
    cards the file does not name, which are dealt in a fixed order and should be shown face
    down. ``show`` names the hands shown face up: ``A``, ``B`` or ``both`` for two players,
    ``all`` or seat letters (``"A C"``) at a table."""

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
    #: The ids of the terms the lesson introduces (``tutor.teach.lessons.terms.TERMS``).
    terms: tuple[str, ...] = ()
    #: The language the texts are written in (``OwnText`` values); "" for English msgids
    #: translated by the catalogs.
    language: str = ""

    @property
    def presets(self) -> tuple[str, ...]:
        """The presets the lesson is replayed under, in order."""
        return self.compare or (self.preset,)

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def shows(self) -> tuple[bool, ...]:
        """Whether each seat's hand is shown face up to the learner."""
        if self.show in ("both", SHOW_ALL):
            return (True,) * self.seats
        return tuple(letter in self.show.split() for letter in SEAT_LETTERS[: self.seats])


@dataclass(frozen=True)
class Frame:
    """One picture of a replay: the deal after a step (``state``, a deal of the one game
    interface for any seat count), with what the table shows.

    ``table`` holds the cards of the trick being played, or of the trick this step completed
    (so it can be drawn before it is gathered), in the order they were played, for two
    players (a table of three or four shows its trick from ``state``); ``table_players`` says
    who played each, ``trick_winner`` who took the trick this step completed.
    ``player`` made the move (``None`` for a pause or the deal). ``step`` is the lesson step's
    number, 0 for the deal; ``preset`` the rules the frame is played under.
    """

    index: int
    state: Deal
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
    match: tuple[int, ...] | None = None
    your_move: YourMove | None = None
    question: Question | None = None
    #: At a your-move step: every legal move of the position before the step with its exact
    #: value in game points for the player on turn, best first (where a solver answers: two
    #: players), and the accepted moves.
    values: tuple[tuple[Move, int], ...] = ()
    accepted: tuple[Move, ...] = ()


# ----------------------------------------------------------------------------- the deal


def unnamed_cards(deal: LessonDeal, rules: RuleSet) -> frozenset[Card]:
    """The cards of the preset's pack that the deal does not name."""
    return frozenset(c for c in cards_of_mask(rules.pack_mask) if c not in deal.named)


def initial_state(deal: LessonDeal, rules: RuleSet) -> Deal:
    """The deal as a position, for the seats of ``rules``."""
    return initial_two(deal, rules) if rules.seats == 2 else initial_table(deal, rules)


def initial_table(deal: LessonDeal, rules: RuleSet) -> Deal:
    """A deal at a table of three or four: the hands as written, the face-up card, the named
    top of the stock, and the rest of the pack (each card as often as the pack holds it) below
    it in display order."""
    left = Counter(c.index for c in cards_of_mask(rules.pack_mask) for _ in range(rules.copies))
    turned = () if deal.trump_card is None else (deal.trump_card,)
    for c in (*(c for hand in deal.hands for c in hand), *turned, *deal.stock):
        left[c.index] -= 1
    rest = [i for i in sorted(left, key=lambda i: CARDS[i].index) for _ in range(left[i])]
    order: list[int] = []
    for k in range(rules.seats):
        order.extend(c.index for c in deal.hands[(deal.dealer + 1 + k) % rules.seats])
    order.extend(c.index for c in turned)
    order.extend(c.index for c in deal.stock)
    order.extend(rest)
    return table_from_order(rules, order, deal.dealer)


def initial_two(deal: LessonDeal, rules: RuleSet) -> State:
    """A deal for two with the unnamed cards filled in: the preset's pack in display order
    (clubs, spades, hearts, diamonds; ace first) fills A's hand, then B's, then the bottom of
    the stock."""
    named = deal.named
    rest = [c for c in cards_of_mask(rules.pack_mask) if c not in named]
    hands = []
    for hand in deal.hands:
        need = max(0, rules.hand_size - len(hand))
        hands.append((*hand, *rest[:need]))
        del rest[:need]
    turned = deal.trump_card if rules.face_up else None
    if turned is None and deal.trump_card is not None:  # no card is turned up: it stays hidden
        rest.append(deal.trump_card)
    stock = (*deal.stock, *rest)
    return new_deal(
        rules,
        hands=(hands[0], hands[1]),
        trump_card=turned,
        stock=stock,
        dealer=deal.dealer,
    )

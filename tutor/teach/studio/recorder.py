"""A lesson recorded by playing a deal: the rules, the deal as dealt and the steps so far, one
immutable value; ``to_yaml`` writes the lesson file the lesson reader reads back.

A teacher starts from a seed, from a full deal (the editor's, with no tricks played) or from a
deal played on the Play page, and plays it seat by seat: each step is a move of the seat on turn
(any legal move) or a pause, with its narration, and optionally a your-move (the accepted
moves, proposed from the engine's values within a tolerance), a question (one right answer,
each with a why, and the checks the engine can verify) and the facts of the position after the
step as checks. Every text is in the teacher's ``language`` and is written as a mapping of that
language to the text (``docs/lessons.md``).

Everything is written once for two, three and four seats over the game interface; only the
names of the checks follow the lesson format's seat counts (``checks_for``).

>>> r = Recording.from_seed("classic", 7)
>>> move = r.legal_moves()[0]
>>> r = r.play(move, "A leads.")
>>> len(r.steps), r.undo().steps
(1, ())
>>> lesson, errors, _ = r.check(LessonMeta("rec", "Recorded", summary="A deal."))
>>> errors, lesson.steps[0].move == move
((), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import yaml

from tutor.engine import (
    CARDS,
    SEAT_LETTERS,
    Deal,
    Move,
    State,
    TableState,
    game_for,
    parse_rules,
)
from tutor.msgid import TEXT_LANGUAGES
from tutor.teach.hints import analyse
from tutor.teach.lessons import Frame, Lesson, LessonError, check_lesson_data
from tutor.teach.lessons.checks import QUESTION_CHECKS, checks_for
from tutor.teach.lessons.model import LEVELS
from tutor.teach.play.game import Game

__all__ = [
    "LIMITS",
    "MAX_ANSWERS",
    "MAX_STEPS",
    "MAX_TOLERANCE",
    "Answer",
    "Fact",
    "LessonMeta",
    "Proposal",
    "Question",
    "RecordedStep",
    "Recording",
    "YourMove",
    "bounded",
]

#: The most characters a teacher may type into each text (the reader's own limit is 10,000).
LIMITS: Final = {
    "id": 64,
    "title": 120,
    "summary": 600,
    "narration": 2000,
    "prompt": 300,
    "feedback": 300,
    "text": 300,
    "answer": 200,
    "why": 600,
}
#: At most this many steps in a recording (a deal has at most 48 moves at a table of four).
MAX_STEPS: Final = 200
#: At most this many answers to a question.
MAX_ANSWERS: Final = 4
#: The largest tolerance in game points (a deal is worth at most 3 game points, or 6).
MAX_TOLERANCE: Final = 6


def bounded(text: str, field: str) -> str:
    """``text`` cut to the limit of ``field`` and without control characters but line feeds
    (the lesson reader refuses them), its ends stripped.

    >>> bounded("  a\\x00b  ", "title"), len(bounded("x" * 999, "title"))
    ('ab', 120)
    """
    clean = "".join(ch for ch in text if ch == "\n" or ch == "\t" or ch.isprintable())
    return clean[: LIMITS[field]].strip()


@dataclass(frozen=True)
class YourMove:
    """The learner plays this step: the accepted moves and the tolerance in game points."""

    accept: tuple[Move, ...]
    tolerance: int = 0
    prompt: str = ""
    feedback: str = ""


@dataclass(frozen=True)
class Answer:
    text: str
    right: bool
    why: str


@dataclass(frozen=True)
class Fact:
    """A fact of a position, as a lesson check writes it: its name and its YAML value."""

    name: str
    value: object


@dataclass(frozen=True)
class Question:
    """A question after the step: its text, the answers (one right) and the checks that prove
    the right answer."""

    text: str
    answers: tuple[Answer, ...]
    checks: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class RecordedStep:
    """One step: a move (``None`` for a pause) with its narration, and optionally a your-move,
    a question and checks."""

    move: Move | None
    narration: str
    your_move: YourMove | None = None
    question: Question | None = None
    checks: tuple[Fact, ...] = ()
    #: the narration in the other languages the teacher added: (language, text)
    translations: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class LessonMeta:
    """What the teacher names the lesson: its id, title, level, summary and the hands shown
    (``""``: every hand)."""

    id: str
    title: str
    level: int = 1
    summary: str = ""
    show: str = ""


@dataclass(frozen=True)
class Proposal:
    """The engine's values of every legal move before a step (best first) and the moves
    within the tolerance; ``exact`` when the values are the solver's (two seats)."""

    values: tuple[tuple[Move, float], ...]
    accepted: tuple[Move, ...]
    exact: bool


@dataclass(frozen=True)
class Recording:
    """The rules (a preset with switches, as text), the deal as dealt, the steps so far and
    the language the teacher writes in."""

    rules_spec: str
    start: Deal
    steps: tuple[RecordedStep, ...] = ()
    language: str = "en"

    # -- starting -----------------------------------------------------------------------------

    @classmethod
    def from_seed(cls, rules_spec: str, seed: int, language: str = "en") -> Recording:
        """A new deal of ``rules_spec`` shuffled by ``seed``."""
        rules = parse_rules(rules_spec)
        start = game_for(rules).new_deal(random.Random(seed))
        return cls(rules_spec, start, (), _language(language))

    @classmethod
    def from_deal(cls, rules_spec: str, deal: Deal, language: str = "en") -> Recording:
        """A deal given in full, as dealt (no card played yet): the editor's."""
        if not as_dealt(deal):
            raise ValueError("a lesson starts from a deal as dealt, before the first card")
        return cls(rules_spec, deal, (), _language(language))

    @classmethod
    def from_moves(
        cls, rules_spec: str, start: Deal, moves: Sequence[Move], narrations: Sequence[str]
    ) -> Recording:
        """A deal played on the Play page: the deal as dealt and its moves, each with the
        narration given for it."""
        rec = cls.from_deal(rules_spec, start)
        for move, text in zip(moves, narrations, strict=True):
            rec = rec.play(move, text)
        return rec

    @classmethod
    def from_game(cls, game: Game, narrations: Sequence[str] = ()) -> Recording:
        """The deal in progress on the Play page (``tutor.teach.play.game``): the deal as dealt
        and the moves made so far, each with the narration given for it (none by default)."""
        moves = game.deal.moves
        texts = (*narrations[: len(moves)], *([""] * (len(moves) - len(narrations))))
        return cls.from_moves(game.table.rules_spec, game.deal.start, moves, texts)

    def in_language(self, language: str) -> Recording:
        return replace(self, language=_language(language))

    # -- the position -------------------------------------------------------------------------

    def state_at(self, index: int) -> Deal:
        """The position after the first ``index`` steps (0: as dealt)."""
        state = self.start
        for step in self.steps[:index]:
            if step.move is not None:
                state = state.apply(step.move)
        return state

    @property
    def state(self) -> Deal:
        """The position now."""
        return self.state_at(len(self.steps))

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self.state.is_over else self.state.legal_moves()

    # -- recording ----------------------------------------------------------------------------

    def play(self, move: Move, narration: str) -> Recording:
        """The recording with ``move`` of the seat on turn as its next step."""
        if move not in self.legal_moves():
            raise ValueError(f"the move {move} is not allowed here")
        return self._add(RecordedStep(move, bounded(narration, "narration")))

    def pause(self, narration: str) -> Recording:
        """A step that only speaks (it needs a narration)."""
        text = bounded(narration, "narration")
        if not text:
            raise ValueError("a pause needs a narration")
        return self._add(RecordedStep(None, text))

    def _add(self, step: RecordedStep) -> Recording:
        if len(self.steps) >= MAX_STEPS:
            raise ValueError(f"a recording has at most {MAX_STEPS} steps")
        return replace(self, steps=(*self.steps, step))

    def undo(self) -> Recording:
        """Without the last step."""
        return replace(self, steps=self.steps[:-1])

    def edit(self, index: int, step: RecordedStep) -> Recording:
        """Step ``index`` (0 for the first) replaced by ``step`` with the same move; its texts
        bounded."""
        if step.move != self.steps[index].move:
            raise ValueError("an edit keeps the step's move")
        steps = list(self.steps)
        steps[index] = _bounded_step(step)
        return replace(self, steps=tuple(steps))

    # -- what the engine offers ---------------------------------------------------------------

    def proposal(self, index: int, tolerance: int) -> Proposal:
        """The moves of the position before step ``index`` valued by the engine (exact with
        two seats, the table analysis at three and four), and those within ``tolerance`` game
        points of the best."""
        before = self.state_at(index)
        assert isinstance(before, State | TableState)  # the analysis' subjects
        analysis = analyse(before)
        values = tuple((mv.move, mv.game_points) for mv in analysis.moves)
        best = max((v for _, v in values), default=0.0)
        accepted = tuple(m for m, v in values if v >= best - tolerance - 1e-9)
        return Proposal(values, accepted, analysis.exact)

    def facts(self, index: int) -> tuple[Fact, ...]:
        """The facts of the position after step ``index`` a teacher may tick as checks:
        the score and tricks by seat, the trick the step completed, who is on turn, the cards
        left to draw, the winner of a finished deal (the names the lesson format has for the
        table's seats)."""
        before, after = self.state_at(index), self.state_at(index + 1)
        step = self.steps[index]
        seats = range(after.seats)
        out: dict[str, object] = {
            "score": {SEAT_LETTERS[s]: after.score(after.side(s)) for s in seats},
            "tricks": {SEAT_LETTERS[s]: after.side_tricks(after.side(s)) for s in seats},
        }
        if isinstance(after, State | TableState):  # the card points in tricks, per seat
            out["points"] = {SEAT_LETTERS[s]: after.points[s] for s in seats}
        done = after.last_trick_cards
        if step.move is not None and done is not None and done != before.last_trick_cards:
            out["trick_winner"] = SEAT_LETTERS[done[2]]
        out["to_move"] = None if after.to_move is None else SEAT_LETTERS[after.to_move]
        out["stock"] = after.cards_to_draw
        if after.result is not None and after.result.winner is not None:
            out["winner"] = SEAT_LETTERS[after.side_seats(after.result.winner)[0]]
        served = checks_for(after.seats)
        return tuple(Fact(name, value) for name, value in out.items() if name in served)

    def question_facts(self, index: int) -> tuple[Fact, ...]:
        """The facts after step ``index`` a question may prove its answer with."""
        served = checks_for(self.start.seats, QUESTION_CHECKS)
        return tuple(f for f in self.facts(index) if f.name in served)

    # -- the lesson file ----------------------------------------------------------------------

    def to_data(self, meta: LessonMeta) -> dict[str, object]:
        """The lesson as plain data, in the order of the lesson format."""
        said = self._said
        data: dict[str, object] = {
            "id": meta.id,
            "language": self.language,
            "title": said(meta.title or meta.id, "title"),
            "level": meta.level if meta.level in LEVELS else 1,
            "summary": said(meta.summary or meta.title or meta.id, "summary"),
            "rules": self.rules_spec,
        }
        if meta.show:
            data["show"] = meta.show
        elif self.start.seats == 2:
            data["show"] = "both"
        data["terms"] = []
        data["deal"] = deal_data(self.start)
        steps = [self._step_data(i, s) for i, s in enumerate(self.steps)]
        data["steps"] = steps or [{"narration": said(meta.title or meta.id, "narration")}]
        return data

    def to_yaml(self, meta: LessonMeta) -> str:
        """The lesson file (``docs/lessons.md``), texts as mappings of the teacher's language."""
        return yaml.safe_dump(
            self.to_data(meta),
            sort_keys=False,
            allow_unicode=True,
            width=100,
            default_flow_style=None,
        )

    def check(
        self, meta: LessonMeta
    ) -> tuple[Lesson | None, tuple[LessonError, ...], tuple[Frame, ...]]:
        """The written lesson read back and replayed: the lesson, its problems and frames."""
        text = self.to_yaml(meta).encode()
        return check_lesson_data(f"{meta.id or 'lesson'}.yaml", text)

    def _said(self, text: str, field: str) -> dict[str, str]:
        return {self.language: bounded(text, field)}

    def _step_data(self, index: int, step: RecordedStep) -> dict[str, object]:
        said = self._said
        out: dict[str, object] = {}
        if step.move is not None:
            out["move"] = str(step.move)
        if step.narration:
            out["narration"] = {
                **said(step.narration, "narration"),
                **{
                    lang: bounded(text, "narration")
                    for lang, text in step.translations
                    if lang != self.language and lang in TEXT_LANGUAGES and text.strip()
                },
            }
        if step.checks:
            out["check"] = {f.name: f.value for f in step.checks}
        ym = step.your_move
        if ym is not None and step.move is not None:
            accept = list(dict.fromkeys((*ym.accept, step.move)))
            body: dict[str, object] = {"accept": [str(m) for m in accept]}
            if self.start.seats == 2:
                body["tolerance"] = ym.tolerance
            if ym.prompt:
                body["prompt"] = said(ym.prompt, "prompt")
            if ym.feedback:
                body["feedback"] = said(ym.feedback, "feedback")
            out["your_move"] = body
        q = step.question
        if q is not None and ym is None:
            question: dict[str, object] = {
                "text": said(q.text, "text"),
                "answers": [
                    {
                        "text": said(a.text, "answer"),
                        "right": a.right,
                        "why": said(a.why, "why"),
                    }
                    for a in q.answers[:MAX_ANSWERS]
                ],
            }
            if q.checks:
                question["check"] = {f.name: f.value for f in q.checks}
            out["question"] = question
        if not out.get("narration") and step.move is None:
            out["narration"] = said("...", "narration")
        return out


def as_dealt(deal: Deal) -> bool:
    """Whether ``deal`` is as dealt: every hand full, no card played, no trick taken."""
    full = all(len(deal.hand(s)) == deal.rules.hand_size for s in range(deal.seats))
    taken = any(deal.side_tricks(x) for x in range(deal.sides))
    return full and not taken and not deal.trick_cards and deal.result is None


def deal_data(deal: Deal) -> dict[str, object]:
    """The ``deal:`` of a lesson for a deal as dealt: the dealer, every hand in full, the
    face-up card (none where the rules turn none up) and the whole stock, top first."""
    assert isinstance(deal, State | TableState)  # both engines keep the stock, top first
    hands = {SEAT_LETTERS[s]: " ".join(str(c) for c in deal.hand(s)) for s in range(deal.seats)}
    out: dict[str, object] = {"dealer": SEAT_LETTERS[deal.dealer], "hands": hands}
    turned = deal.turned_up
    hidden = isinstance(deal, State) and turned is None and deal.trump_card >= 0
    if turned is not None:
        out["trump"] = str(turned)
    elif hidden:
        out["trump"] = str(CARDS[deal.trump_card])
    out["stock"] = " ".join(str(CARDS[i % 32]) for i in deal.stock)
    return out


def _language(code: str) -> str:
    if code not in TEXT_LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    return code


def _bounded_step(step: RecordedStep) -> RecordedStep:
    ym = step.your_move
    if ym is not None:
        ym = replace(
            ym,
            tolerance=max(0, min(MAX_TOLERANCE, ym.tolerance)),
            prompt=bounded(ym.prompt, "prompt"),
            feedback=bounded(ym.feedback, "feedback"),
        )
    q = step.question
    if q is not None:
        answers = tuple(
            Answer(bounded(a.text, "answer"), a.right, bounded(a.why, "why"))
            for a in q.answers[:MAX_ANSWERS]
        )
        q = replace(q, text=bounded(q.text, "text"), answers=answers)
    translations = tuple(
        (lang, bounded(text, "narration"))
        for lang, text in step.translations
        if lang in TEXT_LANGUAGES and text.strip()
    )
    return replace(
        step,
        narration=bounded(step.narration, "narration"),
        your_move=ym,
        question=q,
        translations=translations,
    )

"""Replaying a lesson: the engine plays its steps, the checks compare, frames record.

``replay_all(lesson)`` plays the deal under each preset the lesson names (a ``_Run`` each),
giving one ``Frame`` for the deal and one per step, with the ``Event`` values of each move,
and the problems found: an illegal move, or a failed check. Each check name has one small
function in ``check_runs.CHECK_RUNS``, serving the seat counts ``checks.CHECK_SEATS`` declares
for it.
Replays are cached by ``tutor.teach.lessons.library``.

A deal of any seat count is played through the one game interface (``check``, ``apply``);
with two players the replay also passes the choices the script skips, records the events of
each move (the draws, the melds, a match) and the exact value of every move at a your-move
step (``SOLVED_SEATS``: where a solver answers); at a table of three or four the lesson's
``accept`` alone says which moves are right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    SEAT_LETTERS,
    Card,
    Close,
    Deal,
    DeclareOut,
    Exchange,
    IllegalMoveError,
    Marriage,
    Match,
    Move,
    Pass,
    Play,
    State,
    TableState,
    Wait,
    apply,
    check,
    parse_rules,
    pass_until,
)
from tutor.search import SearchLimit
from tutor.teach.lessons.check_runs import CHECK_RUNS
from tutor.teach.lessons.messages import (
    E_ACCEPT_ILLEGAL,
    E_ACCEPT_WEAK,
    E_AFTER_END,
    E_ANSWER_ENGINE,
    E_DEAL,
    E_FILE_SEARCH,
    E_ILLEGAL,
    E_NOT_ACCEPTED,
    E_SEARCH_LIMIT,
    E_YOUR_MOVE_TURN,
)
from tutor.teach.lessons.model import (
    Check,
    Event,
    EventKind,
    Frame,
    Lesson,
    LessonError,
    Step,
    StepVariant,
    initial_state,
)
from tutor.teach.lessons.ranked import Allowance, OverAllowance, ranking

__all__ = ["SOLVED_SEATS", "replay_all", "runs"]

#: The seat counts at which the solver gives every move of a lesson's position its exact
#: value: a your-move step there is judged by ranking; elsewhere by the lesson's ``accept``.
SOLVED_SEATS = (2,)


def _draw_events(before: State, w: int, after: State) -> list[Event]:
    """The cards drawn from ``before``'s stock: the top one by ``w``, the next by the other."""
    first = before.stock[0]
    second = before.stock[1] if len(before.stock) >= 2 else before.trump_card
    face_up = len(before.stock) < 2  # the face-up trump card is drawn last
    events = [
        Event(EventKind.DREW, w, (CARDS[first],)),
        Event(EventKind.DREW, 1 - w, (CARDS[second],), 0, "trump_card" if face_up else ""),
    ]
    if not after.stock_open:
        events.append(Event(EventKind.STOCK_EMPTY))
    return events


def _events(before: State, move: Move, after: State) -> tuple[Event, ...]:
    p = before.to_move
    events: list[Event] = []
    rules = before.rules
    if isinstance(move, Marriage):
        suit = move.card.suit
        points = rules.marriage_value(suit, before.trump, len(before.marriages))
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
        assert before.trump is not None  # an exchange needs a face-up trump card
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
        if before.stock_open and after.result is None and after.waiting is not Wait.DRAW:
            events.extend(_draw_events(before, w, after))
    if isinstance(move, Pass) and before.waiting is Wait.DRAW:
        events.extend(_draw_events(before, before.leader, after))
    if after.result is not None and before.result is None:
        r = after.result
        gp = r.game_points[r.winner] if r.winner is not None else 0
        scores = (r.scores[0], r.scores[1])
        events.append(Event(EventKind.DEAL_OVER, r.winner, (), gp, r.rule_id, scores))
    return tuple(events)


def _table(before: State, move: Move, after: State) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    if isinstance(move, Play | Marriage):
        if before.lead < 0:
            return (move.card,), (before.leader,)
        if after.last_trick is not None:
            leader, lead, follow, _w = after.last_trick
            return (CARDS[lead], CARDS[follow]), (leader, 1 - leader)
    if after.lead >= 0:  # a move between the lead and the answer (the follower's exchange)
        return (CARDS[after.lead],), (after.leader,)
    return (), ()


@dataclass
class _Run:
    """The replay of a lesson under one preset, collecting failed checks."""

    lesson: Lesson
    preset: str
    first_index: int
    #: the solver's work the lesson's file may ask for (``None``: each search its own budget)
    allowance: Allowance | None = None
    errors: list[LessonError] = field(default_factory=list)
    over: bool = False  # the allowance ran out (said once, at the first step it stopped)

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
            state = initial_state(lesson.deal, rules)
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
        steps = lesson.steps
        for number, step in enumerate(steps):
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
                ahead = (st.under(self.preset).move for st in steps[number + 1 :])
                upcoming = next((m for m in ahead if m is not None), None)
                frame_or_none = self.move_frame(prev, step, spec, match, upcoming)
                if frame_or_none is None:
                    return frames
                frame = frame_or_none
            if step.your_move is not None:
                frame = self.your_move(prev.state, frame, step)
            if step.question is not None and self.preset == self.lesson.presets[0]:
                # A comparison asks once, in its first run; the checks hold in every run.
                frame = replace(frame, question=step.question)
            frames.append(frame)
            self.run_checks(frame, step, spec.checks or ())
            if step.question is not None:
                self.question_checks(frame, step)
        return frames

    def your_move(self, before: Deal, frame: Frame, step: Step) -> Frame:
        """The frame with the learner's task: every legal move's exact value (the lesson's
        position is fully known, so the solver searches it exactly) and the accepted moves;
        each accepted move must be legal and within the tolerance of the best."""
        ym = step.your_move
        assert ym is not None
        where = Check("your_move", None, ym.line, ym.column)
        if before.to_move is None or before.result is not None:
            self.fail(where, step, E_YOUR_MOVE_TURN)
            return frame
        for move, text, line, col in ym.accept:
            verdict = before.check(move)
            if not verdict.legal:
                self.fail(
                    Check("accept", None, line, col),
                    step,
                    E_ACCEPT_ILLEGAL,
                    move=text,
                    rules=self.preset,
                    rule_ids=", ".join(verdict.rule_ids),
                )
        if before.seats not in SOLVED_SEATS or not isinstance(before, State):
            accepted = tuple(move for move, *_ in ym.accept)
            return self.accepted(frame, step, accepted)
        if self.over:
            return frame
        try:
            values = ranking(before, self.allowance)
        except SearchLimit as exc:
            self.fail(where, step, E_SEARCH_LIMIT, reason=exc.reason)
            return frame
        except OverAllowance:
            assert self.allowance is not None
            self.over = True
            limits = {"searches": self.allowance.searches, "nodes": self.allowance.limit}
            self.fail(where, step, E_FILE_SEARCH, **limits)
            return frame
        by_move = dict(values)
        best_move, best = values[0]
        if ym.accept:
            accepted = tuple(move for move, *_ in ym.accept if move in by_move)
            for move, text, line, col in ym.accept:
                if move in by_move and best - by_move[move] > ym.tolerance:
                    self.fail(
                        Check("accept", None, line, col),
                        step,
                        E_ACCEPT_WEAK,
                        move=text,
                        value=by_move[move],
                        best=str(best_move),
                        best_value=best,
                        tolerance=ym.tolerance,
                    )
        else:
            accepted = tuple(m for m, v in values if best - v <= ym.tolerance)
        return replace(self.accepted(frame, step, accepted), values=values)

    def accepted(self, frame: Frame, step: Step, accepted: tuple[Move, ...]) -> Frame:
        """The frame with its task and the moves it accepts, which hold the step's move."""
        ym = step.your_move
        assert ym is not None
        if frame.move not in accepted:
            self.fail(
                Check("your_move", None, ym.line, ym.column),
                step,
                E_NOT_ACCEPTED,
                move=str(frame.move),
                accepted=", ".join(str(m) for m in accepted),
            )
        return replace(frame, your_move=ym, accepted=accepted)

    def question_checks(self, frame: Frame, step: Step) -> None:
        """A question's checks: the facts its right answer rests on hold in the position."""
        q = step.question
        assert q is not None
        for chk in q.checks:
            before = len(self.errors)
            CHECK_RUNS[chk.name](self, frame, step, chk)
            if len(self.errors) > before:
                self.errors.insert(
                    before,
                    LessonError(
                        self.lesson.path,
                        chk.line,
                        chk.column,
                        E_ANSWER_ENGINE,
                        step=step.number,
                        preset=self.preset if self.lesson.compare else None,
                        check=chk.name,
                    ),
                )

    def move_frame(
        self,
        prev: Frame,
        step: Step,
        spec: StepVariant,
        match: Match | None,
        upcoming: Move | None = None,
    ) -> Frame | None:
        """The frame after the step's move. A choice between two turns that the script's next
        move (``upcoming``) skips is passed in the same frame: the trick's winner draws, the
        closer's opponent keeps the nine."""
        before = prev.state
        move = spec.move
        assert move is not None
        if not isinstance(before, State):
            return self.table_move_frame(prev, step, spec)
        where = Check("move", None, spec.line, spec.column)
        verdict = check(before, move)
        if before.result is not None:
            self.fail(where, step, E_AFTER_END, move=spec.move_text)
            return None
        try:
            after = apply(before, move)
            if upcoming is not None and after.result is None:
                after = pass_until(after, upcoming)
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

    def table_move_frame(self, prev: Frame, step: Step, spec: StepVariant) -> Frame | None:
        """The frame after the step's move at a table of three or four."""
        before, move = prev.state, spec.move
        assert move is not None
        where = Check("move", None, spec.line, spec.column)
        player = before.to_move
        if player is None:
            self.fail(where, step, E_AFTER_END, move=spec.move_text)
            return None
        verdict = before.check(move)
        if not verdict.legal:
            self.fail(
                where,
                step,
                E_ILLEGAL,
                player=SEAT_LETTERS[player],
                move=spec.move_text,
                rules=self.preset,
                rule_ids=", ".join(verdict.rule_ids),
            )
            return None
        after = before.apply(move)
        return Frame(
            index=prev.index + 1,
            state=after,
            move=move,
            player=player,
            narration=spec.narration or "",
            rule_ids=spec.rule_ids or (),
            verdict=verdict,
            trick_winner=_trick_taken(before, after),
            step=step.number,
            preset=self.preset,
            line=step.line,
        )

    def run_checks(self, frame: Frame, step: Step, checks: Sequence[Check]) -> None:
        for chk in checks:
            CHECK_RUNS[chk.name](self, frame, step, chk)


def _trick_taken(before: Deal, after: Deal) -> int | None:
    """The seat that took the trick the move from ``before`` to ``after`` completed."""
    if not isinstance(after, TableState) or not isinstance(before, TableState):
        return None
    done = after.last_trick
    return done[2] if done is not None and done is not before.last_trick else None


def replay_all(
    lesson: Lesson, allowance: Allowance | None = None
) -> tuple[tuple[Frame, ...], tuple[LessonError, ...]]:
    """Every run of the lesson, one per preset, and the problems the runs found; the
    positions searched for its your-move steps share ``allowance`` where one is given."""
    frames: list[Frame] = []
    errors: list[LessonError] = []
    for name in lesson.presets:
        run = _Run(lesson, name, len(frames), allowance)
        frames.extend(run.frames())
        errors.extend(run.errors)
    return tuple(frames), tuple(errors)


def runs(frames: Sequence[Frame]) -> list[tuple[Frame, ...]]:
    """Split a replay into its runs, one per preset (a run starts at a deal frame)."""
    out: list[list[Frame]] = []
    for f in frames:
        if f.step == 0 or not out:
            out.append([])
        out[-1].append(f)
    return [tuple(r) for r in out]

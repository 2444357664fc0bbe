"""What the hint and engine commands share: the position a request names, with the moves to
play on it first, and the errors in a request, each with its msgid."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine import (
    IllegalMoveError,
    MoveError,
    State,
    TableState,
    View,
    apply,
    parse_move,
    track_excluded,
    view_of,
)
from tutor.formats.errors import Gettext, SourceError
from tutor.formats.messages import E_MOVE
from tutor.formats.positions import Position
from tutor.msgid import N_
from tutor.words.explain import explain_verdict
from tutor.words.hint_text import Hint
from tutor.words.i18n import Translator

E_MOVES_VIEW = N_("moves can only be played on a position with both hands and the stock known")
E_MOVE_ILLEGAL = N_("move {n}: {why}")


class RequestError(SourceError):
    """A request the engine cannot answer; ``render(tr)`` gives the translated message (a
    request has no place in a file: the error reads as its message alone)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template, params, path="")


def play_on(position: Position, moves: Iterable[str], hidden: bool) -> State | View | TableState:
    """The position after ``moves``; with ``hidden`` the view of the player then to move
    (with what that player could infer from the opponent's plays). At a table of three or four
    the analysis always thinks as the seat to move does, so ``hidden`` changes nothing there."""
    subject = position.subject
    moves = list(moves)
    if isinstance(subject, TableState):
        return _play_table(subject, moves)
    if not isinstance(subject, State):
        if moves:
            raise RequestError(E_MOVES_VIEW)
        return subject
    state = subject
    excluded = [0, 0]
    for n, text in enumerate(moves, start=1):
        try:
            move = parse_move(text)
        except MoveError:
            raise RequestError(E_MOVE, text=text) from None
        p = state.to_move
        if p is not None:
            excluded[1 - p] = track_excluded(excluded[1 - p], state, move, 1 - p)
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise _IllegalMove(n, exc, state) from None
    if hidden and state.to_move is not None:
        return view_of(state, state.to_move, excluded[state.to_move])
    return state


def _play_table(state: TableState, moves: list[str]) -> TableState:
    for n, text in enumerate(moves, start=1):
        try:
            move = parse_move(text)
        except MoveError:
            raise RequestError(E_MOVE, text=text) from None
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise _IllegalMove(n, exc, state) from None
    return state


class _IllegalMove(RequestError):
    def __init__(self, n: int, exc: IllegalMoveError, state: State | TableState) -> None:
        super().__init__(E_MOVE_ILLEGAL, n=n, why=str(exc))
        self.n = n
        self.exc = exc
        self.state = state

    def render(self, tr: Gettext) -> str:
        if not isinstance(tr, Translator):
            return super().render(tr)
        why = explain_verdict(self.exc.verdict, self.state.rules, tr)
        return tr._(self.template, n=self.n, why=why)


def hint_to_data(h: Hint) -> list[dict[str, object]]:
    return [{"level": p.level, "title": p.title, "lines": list(p.lines)} for p in h.parts]


def split_moves(text: str) -> list[str]:
    """Moves written one after the other, separated by commas."""
    return [m.strip() for m in text.split(",") if m.strip()]

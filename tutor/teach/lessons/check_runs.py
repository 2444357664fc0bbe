"""Running the checks of a lesson step on replay: one small function per check name.

``CHECK_RUNS`` maps each name of ``checks.CHECKS`` to the function that compares the check's
value with the position after the step (the frame) and records a failure in the run; each
serves the seat counts ``checks.CHECK_SEATS`` declares for it. The replay
(``tutor.teach.lessons.replay``) calls them after each step and for each question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tutor.engine import SEAT_LETTERS, Card, Deal, Match, State, game_for
from tutor.teach.lessons.checks import CHECKS
from tutor.teach.lessons.messages import (
    C_BECAUSE,
    C_BECAUSE_PAUSE,
    C_DRAW,
    C_GAME_POINTS,
    C_GOES_ON,
    C_HAND,
    C_ILLEGAL,
    C_ILLEGAL_RULE,
    C_LEGAL,
    C_MATCH,
    C_MATCH_DECIDED,
    C_MATCH_OPEN,
    C_MATCH_WINNER,
    C_NO_MATCH,
    C_NO_TRICK,
    C_NOT_OVER,
    C_OVER,
    C_PENDING,
    C_POINTS,
    C_SCORE,
    C_STOCK,
    C_TO_MOVE,
    C_TO_MOVE_NONE,
    C_TO_MOVE_OVER,
    C_TRICK_WINNER,
    C_TRICKS,
    C_TRUMP_CARD,
    C_TRUMP_CARD_GONE,
    C_WINNER,
    C_WINNER_DRAW,
)
from tutor.teach.lessons.model import PLAYERS, Check, Frame, Lesson, Step

__all__ = ["CHECK_RUNS", "CheckRun"]


class CheckRun(Protocol):
    """What a check needs of the run of the lesson it is checked in."""

    @property
    def lesson(self) -> Lesson:
        """The lesson replayed."""
        ...

    def fail(self, chk: Check | None, step: Step, template: str, **params: Any) -> None:
        """Record that ``chk`` (or the step) failed, with the message and its values."""
        ...


def _pair(values: tuple[int, ...]) -> str:
    return f"A {values[0]}, B {values[1]}"


def _expected_pair(values: tuple[int | None, int | None]) -> str:
    return ", ".join(f"{p} {v}" for p, v in zip(PLAYERS, values, strict=True) if v is not None)


def _pair_matches(expected: tuple[int | None, int | None], actual: tuple[int, ...]) -> bool:
    return all(e is None or e == a for e, a in zip(expected, actual, strict=True))


def _cards_text(cards: Sequence[Card] | frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards)) or "-"


# One small function per check name: (run, frame after the step, the step, the check).

_CheckRun = Callable[[CheckRun, Frame, Step, Check], None]

_PAIRS: dict[str, tuple[str, Callable[[State], tuple[int, int]]]] = {
    "points": (C_POINTS, lambda s: s.points),
    "score": (C_SCORE, lambda s: (s.score(0), s.score(1))),
    "pending": (C_PENDING, lambda s: s.pending),
    "tricks": (C_TRICKS, lambda s: s.tricks),
}
#: The counts of a side at a table, with the seat that names it.
_SIDES: dict[str, tuple[str, Callable[[Deal, int], int]]] = {
    "score": (C_SCORE, lambda s, side: s.score(side)),
    "tricks": (C_TRICKS, lambda s, side: s.side_tricks(side)),
}


def _check_pair(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, tuple)
    s = frame.state
    if not isinstance(s, State):  # at a table: each seat named counts for its side
        template, count = _SIDES[chk.name]
        for seat, n in exp:
            got = count(s, s.side(seat))
            if got != n:
                mine, theirs = f"{SEAT_LETTERS[seat]} {n}", f"{SEAT_LETTERS[seat]} {got}"
                run.fail(chk, step, template, expected=mine, actual=theirs)
        return
    template, value = _PAIRS[chk.name]
    actual = value(s)
    if not _pair_matches(exp, actual):
        run.fail(chk, step, template, expected=_expected_pair(exp), actual=_pair(actual))


def _check_trick_winner(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, int)
    if frame.trick_winner is None:
        run.fail(chk, step, C_NO_TRICK, expected=SEAT_LETTERS[exp])
    elif frame.trick_winner != exp:
        run.fail(
            chk,
            step,
            C_TRICK_WINNER,
            expected=SEAT_LETTERS[exp],
            actual=SEAT_LETTERS[frame.trick_winner],
        )


def _check_legal(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, tuple)
    for move, text in exp:
        v = frame.state.check(move)
        if not v.legal:
            run.fail(chk, step, C_LEGAL, move=text, rule_ids=", ".join(v.rule_ids))


def _check_illegal(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, tuple)
    for move, text, rid in exp:
        v = frame.state.check(move)
        if v.legal:
            run.fail(chk, step, C_ILLEGAL, move=text)
        elif rid is not None and rid not in v.rule_ids:
            run.fail(
                chk, step, C_ILLEGAL_RULE, move=text, expected=rid, actual=", ".join(v.rule_ids)
            )


def _check_because(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, tuple)
    if frame.verdict is None:
        run.fail(chk, step, C_BECAUSE_PAUSE)
    elif not set(exp) <= set(frame.verdict.rule_ids):
        run.fail(
            chk,
            step,
            C_BECAUSE,
            expected=", ".join(exp),
            actual=", ".join(frame.verdict.rule_ids),
        )


def _check_hand(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    assert isinstance(exp, tuple)
    for player, cards in exp:
        held = frozenset(frame.state.hand(player))
        if held != cards:
            run.fail(
                chk,
                step,
                C_HAND,
                player=PLAYERS[player],
                expected=_cards_text(cards),
                actual=_cards_text(held),
            )


def _check_stock(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    s = frame.state
    if s.cards_to_draw != chk.value:
        run.fail(chk, step, C_STOCK, expected=chk.value, actual=s.cards_to_draw)


def _check_trump_card(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    exp = chk.value
    got = frame.state.turned_up
    if got is not exp:
        if got is None:
            run.fail(chk, step, C_TRUMP_CARD_GONE, expected=str(exp))
        else:
            run.fail(chk, step, C_TRUMP_CARD, expected=str(exp or "-"), actual=str(got))


def _check_over(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    s = frame.state
    if chk.value and s.result is None:
        run.fail(chk, step, C_OVER)
    elif not chk.value and s.result is not None:
        run.fail(chk, step, C_GOES_ON)


def _check_to_move(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    s, exp = frame.state, chk.value
    got = s.to_move
    if exp is None and got is not None:
        run.fail(chk, step, C_TO_MOVE_NONE, actual=SEAT_LETTERS[got])
    elif isinstance(exp, int) and got is None:
        run.fail(chk, step, C_TO_MOVE_OVER, expected=SEAT_LETTERS[exp])
    elif isinstance(exp, int) and got != exp:
        actual = SEAT_LETTERS[got or 0]
        run.fail(chk, step, C_TO_MOVE, expected=SEAT_LETTERS[exp], actual=actual)


def _check_result(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    """``game_points`` (two players) and ``winner``: a seat of the winning side, or
    ``None`` for nobody."""
    s, exp = frame.state, chk.value
    r = s.result
    if r is None:
        run.fail(chk, step, C_NOT_OVER, check=chk.name)
        return
    name = game_for(s.rules).side_name
    if chk.name == "game_points":
        assert isinstance(exp, tuple)
        if not _pair_matches(exp, r.game_points):
            run.fail(
                chk,
                step,
                C_GAME_POINTS,
                expected=_expected_pair(exp),
                actual=_pair(r.game_points),
            )
    elif exp is None and r.winner is not None:
        run.fail(chk, step, C_DRAW, actual=name(r.winner))
    elif isinstance(exp, int) and r.winner is None:
        run.fail(chk, step, C_WINNER_DRAW, expected=SEAT_LETTERS[exp])
    elif isinstance(exp, int) and r.winner != s.side(exp):
        assert r.winner is not None
        run.fail(chk, step, C_WINNER, expected=SEAT_LETTERS[exp], actual=name(r.winner))


def _check_match(run: CheckRun, frame: Frame, step: Step, chk: Check) -> None:
    """``match`` and ``match_winner``: the match score after the step, and who won it."""
    exp = chk.value
    if run.lesson.deal.match is None:
        run.fail(chk, step, C_NO_MATCH, check=chk.name)
        return
    s = frame.state
    if s.result is None:
        run.fail(chk, step, C_NOT_OVER, check=chk.name)
        return
    assert frame.match is not None and isinstance(s, State)
    done = Match(s.rules, run.lesson.deal.dealer, frame.match, deals=1)
    if chk.name == "match":
        assert isinstance(exp, tuple)
        if not _pair_matches(exp, frame.match):
            run.fail(chk, step, C_MATCH, expected=_expected_pair(exp), actual=_pair(frame.match))
        return
    winner = done.winner
    if exp is None and winner is not None:
        run.fail(chk, step, C_MATCH_DECIDED, actual=PLAYERS[winner])
    elif isinstance(exp, int) and winner is None:
        run.fail(chk, step, C_MATCH_OPEN, expected=PLAYERS[exp])
    elif isinstance(exp, int) and winner != exp:
        run.fail(chk, step, C_MATCH_WINNER, expected=PLAYERS[exp], actual=PLAYERS[winner or 0])


CHECK_RUNS: dict[str, _CheckRun] = {
    "points": _check_pair,
    "score": _check_pair,
    "pending": _check_pair,
    "tricks": _check_pair,
    "trick_winner": _check_trick_winner,
    "legal": _check_legal,
    "illegal": _check_illegal,
    "because": _check_because,
    "to_move": _check_to_move,
    "hand": _check_hand,
    "stock": _check_stock,
    "trump_card": _check_trump_card,
    "over": _check_over,
    "game_points": _check_result,
    "winner": _check_result,
    "match": _check_match,
    "match_winner": _check_match,
}
assert tuple(CHECK_RUNS) == CHECKS, "every check the reader accepts is run, in the same order"

"""What the lesson player offers and what a click or a key does, decided without a screen: the
hands shown face up, the cards the learner may click at a your-move step (and those marked as
allowed), the moves that are no card, a card's notation from the table turned into a move, the
presenter keys applied to a run, a lesson file too large to be read.

No sentence is made here: ``tutor.words.learn_page`` says it.

>>> move_of("Qh"), move_of("not a move")
(Play(card=Card.parse('Qh')), None)
>>> hands_shown(2, (False, True), (True, False), show_all=False, on_turn=1)
(True, True)
>>> hands_shown(3, (True, False, False), (False, False), show_all=True, on_turn=None)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine import Card, Move, Play, parse_move
from tutor.teach.lessons.messages import E_TOO_LARGE
from tutor.teach.lessons.model import LessonError
from tutor.teach.lessons.reader import MAX_BYTES
from tutor.teach.lessons.run import LessonRun


@dataclass(frozen=True)
class CardChoices:
    """The cards the learner may click on the table (the hand of the player on turn) and, when
    they are marked, the cards the rules allow (``None``: no marks)."""

    hand: frozenset[Card] = frozenset()
    legal: frozenset[Card] | None = None


def card_choices(run: LessonRun, index: int, *, mark_legal: bool) -> CardChoices:
    """The cards of the your-move step ``index``: the hand on turn before it, and the allowed
    ones once the learner asked for the marks or has opened a hint."""
    before = run.frames[index - 1].state
    player = before.to_move
    if player is None:
        return CardChoices()
    hand = frozenset(before.hand(player))
    if not (mark_legal or run.hint(index) >= 1):
        return CardChoices(hand)
    return CardChoices(
        hand, frozenset(m.card for m in run.legal_moves(index) if isinstance(m, Play))
    )


def other_moves(run: LessonRun, index: int) -> tuple[Move, ...]:
    """The legal moves at the step ``index`` that are no card (each a button of its own)."""
    return tuple(m for m in run.legal_moves(index) if not isinstance(m, Play))


def move_of(notation: str) -> Move | None:
    """The move a click sends in notation; ``None`` for anything else (the table only sends its
    own cards, so that is ignored)."""
    try:
        return parse_move(notation)
    except ValueError:
        return None


def after_keys(run: LessonRun, presses: Mapping[str, int], *, teaching: bool) -> LessonRun:
    """The presenter keys pressed since the last look: Home to the start, then forward and back
    by the number of presses. Forward stops where the learner has to act first, unless a
    teacher is presenting (on the projector or sharing the screen), as the Next button does."""
    if presses.get("restart"):
        run = run.go_to(0)
    for _ in range(presses.get("next", 0)):
        run = run.next_step(teaching=teaching)
    return run.go_to(run.step - presses.get("back", 0))


def hands_shown(
    seats: int,
    shows: tuple[bool, ...],
    toggles: tuple[bool, bool],
    *,
    show_all: bool,
    on_turn: int | None,
) -> tuple[bool, ...]:
    """The hands face up: with two players the learner's toggles of A and B; at a table the
    lesson's ``shows`` (every hand while "Show every hand" is on). The player ``on_turn`` while
    a move is asked plays on the table, so that hand is shown too."""
    if seats == 2:
        shown = list(toggles)
    elif show_all:
        shown = [True] * seats
    else:
        shown = list(shows)
    if on_turn is not None:
        shown[on_turn] = True
    return tuple(shown)


def too_large(name: str, size: int) -> LessonError | None:
    """The problem of a lesson file of ``size`` bytes too large to be read at all."""
    if size <= MAX_BYTES:
        return None
    return LessonError(name, 1, 1, E_TOO_LARGE, size=size, limit=MAX_BYTES)


__all__ = [
    "CardChoices",
    "after_keys",
    "card_choices",
    "hands_shown",
    "move_of",
    "other_moves",
    "too_large",
]

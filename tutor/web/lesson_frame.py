"""Each frame of a lesson's replay as the app draws it, for any number of seats: its cards on
the table and its narration panel. No streamlit import here.

The rest of what the browser app shows lives beside this module: ``links`` (addresses and
keys), ``board`` (the card table), ``step`` (the narration panel), ``rules_ref`` (the rules
reference and the comparison of the presets) and ``html`` (escaping, style sheets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from markupsafe import Markup

from tutor.engine import Card, Deal, State, TableState
from tutor.teach.lessons import EventKind, Frame, Lesson
from tutor.web import board
from tutor.web.board import BoardOptions, TableCard
from tutor.web.step import step_html
from tutor.words.i18n import Translator
from tutor.words.lesson_text import StepText, draw_lines, step_text


def frame_table(frame: Frame) -> tuple[TableCard, ...]:
    """The cards on the table in a frame (the trick being played, or the one just completed
    with the card that took it)."""
    complete = len(frame.table) == 2
    return tuple(
        TableCard(player, card, complete and frame.trick_winner == player)
        for card, player in zip(frame.table, frame.table_players, strict=True)
    )


def drawn_cards(frame: Frame) -> frozenset[Card]:
    """The cards drawn from the stock after the trick this frame completed."""
    return frozenset(e.cards[0] for e in frame.events if e.kind is EventKind.DREW)


def shown_state(frame: Frame, before: Frame | None) -> Deal:
    """The deal the table shows for ``frame``: once a deal for two has ended with a trick, the
    hands and the stock as they were before anything was drawn (a deal that is over draws
    nothing, even where the engine's state has already refilled the hands)."""
    s = frame.state
    if before is None or s.result is None or before.state.result is not None:
        return s
    b = before.state
    if not isinstance(s, State) or not isinstance(b, State):
        return s
    played = 0
    for card in frame.table:
        played |= 1 << card.index
    hands = (b.hands[0] & ~played, b.hands[1] & ~played)
    if hands == s.hands:
        return s
    return s._replace(hands=hands, stock=b.stock, trump_card=b.trump_card)


def frame_board_html(
    lesson: Lesson,
    frame: Frame,
    tr: Translator,
    *,
    style: str,
    show: tuple[bool, ...],
    projector: bool,
    before: Frame | None = None,
    pick: frozenset[Card] = frozenset(),
    legal: frozenset[Card] | None = None,
) -> Markup:
    """The card table of a lesson frame: the hands shown as ``show`` asks, the lesson's unnamed
    cards always face down, the cards just drawn marked "new". ``before`` (the frame before)
    keeps a deal that has ended from being shown with its hands refilled. At a step the learner
    plays, ``pick`` are the cards to click and ``legal`` (when given) those marked allowed."""
    opts = BoardOptions(
        style=style,
        show=show,
        projector=projector,
        hidden=lesson.unnamed,
        drawn=drawn_cards(frame),
        pick=pick,
        legal=legal,
    )
    # A table of three or four shows the trick its deal holds; two players, the frame's own.
    table = frame_table(frame) if frame.state.seats == 2 else None
    shown = shown_state(frame, before)
    assert isinstance(shown, State | TableState)  # a deal with what its table shows
    return board.board_html(shown, table, tr, opts)


def frame_text(
    frames: Sequence[Frame],
    index: int,
    tr: Translator,
    *,
    show: tuple[bool, ...] = (True, True),
    hidden: frozenset[Card] = frozenset(),
) -> StepText:
    """The words for frame ``index`` of a replay: after a trick, the cards drawn are named, or
    said to be unseen where the drawer's hand is face down (``show``) or the card is one the
    lesson keeps face down (``hidden``)."""
    frame = frames[index]
    before = frames[index - 1].state if index > 0 else None
    words = step_text(
        before=before,
        after=frame.state,
        move=frame.move,
        narration=frame.narration or "",
        rule_ids=tuple(frame.rule_ids or ()),
        verdict=frame.verdict,
        tr=tr,
    )
    drawn = draw_lines(frame.events, tr, shows=show, hidden=hidden)
    return replace(words, happened=(*words.happened, *drawn))


def frame_step_html(
    frames: Sequence[Frame],
    index: int,
    tr: Translator,
    *,
    compare: bool,
    show: tuple[bool, ...] = (True, True),
    hidden: frozenset[Card] = frozenset(),
) -> Markup:
    """The narration panel for frame ``index``; ``compare`` names each frame's preset (a lesson
    that compares presets replays the deal under each); ``show`` and ``hidden`` as for
    ``frame_text``. A rule said at the step before is folded (the learner opens it)."""
    frame = frames[index]
    before = frame_text(frames, index - 1, tr, show=show, hidden=hidden) if index else None
    return step_html(
        frame_text(frames, index, tr, show=show, hidden=hidden),
        tr,
        step=index,
        last=len(frames) - 1,
        deal=frame.step == 0,
        preset=frame.preset if compare else "",
        seen=frozenset(before.rules) if before is not None else frozenset(),
    )

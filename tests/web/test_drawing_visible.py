"""Drawing is visible in lessons: after each trick the cards drawn are named in the step panel
(a card the learner cannot see said as such) and marked "new" in the hand on the board; a deal
that has ended is never shown with its hands refilled."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from tutor.engine import PLAYER_NAMES
from tutor.teach.lessons import EventKind, Frame, Lesson, load_lessons, replay
from tutor.web import lesson_frame
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
#: The lessons for two: the drawing after each trick and the hands shown at the end are theirs
#: (a table of three or four draws in its own deal and shows its hands as they are).
LESSONS = [les for les in load_lessons(ROOT / "lessons")[0] if les.seats == 2]
LANGS = ("en", "de", "pl")


def _frames(lesson: Lesson) -> tuple[Frame, ...]:
    return replay(lesson)


def _draw_frames() -> list[tuple[Lesson, int]]:
    out = []
    for lesson in LESSONS:
        frames = _frames(lesson)
        out += [
            (lesson, i)
            for i, f in enumerate(frames)
            if any(e.kind is EventKind.DREW and e.detail != "trump_card" for e in f.events)
        ]
    return out


DRAWS = _draw_frames()


def _seat(html: str, where: str) -> str:
    m = re.search(rf'<section class="t66-seat t66-seat-{where}.*?</section>', html, re.S)
    assert m
    return m.group(0)


def test_lessons_draw_after_tricks() -> None:
    assert len(DRAWS) > 20


@pytest.mark.parametrize("lang", LANGS)
def test_a_step_after_a_trick_names_both_draws(lang: str) -> None:
    tr = get_translator(lang)
    for lesson, i in DRAWS[:: max(1, len(DRAWS) // 12)]:
        frames = _frames(lesson)
        drew = [e for e in frames[i].events if e.kind is EventKind.DREW]
        words = lesson_frame.frame_text(frames, i, tr)
        said = " ".join(words.happened)
        for e in drew:
            name = PLAYER_NAMES[e.player or 0]
            msgid = (
                "{player} takes the face-up trump card, {card}."
                if e.detail == "trump_card"
                else "{player} draws {card}."
            )
            assert tr._(msgid, player=name, card=e.cards[0]) in said, said
        html = lesson_frame.frame_step_html(frames, i, tr, compare=False)
        first = drew[0]
        first_said = tr._(
            "{player} draws {card}.", player=PLAYER_NAMES[first.player or 0], card=first.cards[0]
        )
        assert str(escape(first_said)) in html


def _drew(frame: Frame, player: int) -> object:
    return next(e.cards[0] for e in frame.events if e.kind is EventKind.DREW and e.player == player)


@pytest.mark.parametrize("lang", LANGS)
def test_a_draw_into_a_hidden_hand_is_said_as_unseen(lang: str) -> None:
    tr = get_translator(lang)
    lesson, i = DRAWS[0]
    frames = _frames(lesson)
    words = lesson_frame.frame_text(frames, i, tr, show=(True, False))
    said = " ".join(words.happened)
    b_card = _drew(frames[i], 1)
    assert tr._("{player} draws {card}.", player="A", card=_drew(frames[i], 0)) in said
    assert tr._("{player} draws a card you cannot see.", player="B") in said
    assert tr._("{player} draws {card}.", player="B", card=b_card) not in said
    # a card the lesson keeps face down is never named, whoever draws it
    hidden = frozenset({_drew(frames[i], 0)})
    words = lesson_frame.frame_text(frames, i, tr, hidden=hidden)  # type: ignore[arg-type]
    assert tr._("{player} draws a card you cannot see.", player="A") in " ".join(words.happened)


def test_the_drawn_cards_are_marked_new_on_the_board() -> None:
    en = get_translator("en")
    lesson, i = DRAWS[0]
    frames = _frames(lesson)
    frame = frames[i]
    html = str(
        lesson_frame.frame_board_html(
            lesson, frame, en, style="french", show=(True, True), projector=False
        )
    )
    assert html.count('class="t66-newmark"') == 2
    for player, where in ((0, "bottom"), (1, "top")):
        seat = _seat(html, where)
        card = _drew(frame, player)
        marked = re.findall(r'<span class="t66-drawn">(.*?)<span class="t66-newmark">', seat)
        assert len(marked) == 1
        assert en.card(card, "bare") in marked[0]  # type: ignore[arg-type]
    # B's hand face down: a back is marked, and the card stays unnamed
    html = str(
        lesson_frame.frame_board_html(
            lesson, frame, en, style="french", show=(True, False), projector=False
        )
    )
    top = _seat(html, "top")
    assert top.count('class="t66-newmark"') == 1
    assert en.card(_drew(frame, 1), "bare") not in top  # type: ignore[arg-type]
    # the frame before the trick marks nothing
    before = str(
        lesson_frame.frame_board_html(
            lesson, frames[i - 1], en, style="french", show=(True, True), projector=False
        )
    )
    assert "t66-newmark" not in before


def _hand_sizes(html: str) -> list[int]:
    return [_seat(html, w).count('class="t66-card') for w in ("bottom", "top")]


def test_no_hand_is_shown_refilled_after_the_deal_has_ended() -> None:
    en = get_translator("en")
    ended = 0
    refilled_by_the_state = 0
    for lesson in LESSONS:
        frames = _frames(lesson)
        for i in range(1, len(frames)):
            frame, before = frames[i], frames[i - 1]
            if frame.state.result is None or before.state.result is not None:
                continue
            ended += 1
            shown = lesson_frame.shown_state(frame, before)
            for p in (0, 1):
                assert len(shown.hand(p)) <= len(before.state.hand(p)), (lesson.id, i)
            html = str(
                lesson_frame.frame_board_html(
                    lesson,
                    frame,
                    en,
                    style="french",
                    show=(True, True),
                    projector=False,
                    before=before,
                )
            )
            assert "t66-newmark" not in html
            sizes = _hand_sizes(html)
            before_html = str(
                lesson_frame.frame_board_html(
                    lesson, before, en, style="french", show=(True, True), projector=False
                )
            )
            assert all(a <= b for a, b in zip(sizes, _hand_sizes(before_html), strict=True)), (
                lesson.id,
                i,
            )
            if sum(len(frame.state.hand(p)) for p in (0, 1)) > sum(sizes):
                refilled_by_the_state += 1
    assert ended >= 5
    assert refilled_by_the_state >= 1  # the case exists: a declaration judged after a trick


def test_a_rule_said_at_the_step_before_is_folded_not_repeated() -> None:
    from tutor.web.lesson_frame import frame_step_html, frame_text

    tr = get_translator("en")
    folded = fresh = 0
    for lesson in LESSONS:
        frames = replay(lesson)
        for i in range(1, len(frames)):
            said, before = frame_text(frames, i, tr), frame_text(frames, i - 1, tr)
            if not said.rules or said.reasons:
                continue
            html = str(frame_step_html(frames, i, tr, compare=False))
            again = set(said.rules) <= set(before.rules)
            assert ('class="t66-rule t66-again"' in html) == again
            assert all(str(escape(r)) in html for r in said.rules)  # still there to open
            folded += again
            fresh += not again
    assert folded and fresh

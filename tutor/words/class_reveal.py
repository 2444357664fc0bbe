"""The engine's view of a move asked of a class at a lesson step, in words, once the teacher
shows the answer: what each right move is worth, how far the values reach, what the best right
move does, and what the wrong ones cost. It speaks from the same right answers as the
students' verdicts (``ClassQuestion.right``) and the same exact values (``class_values``), so
it never suggests a move the verdicts call wrong, nor calls a right one a loss.

>>> from tutor.engine import parse_move
>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> loss_text(parse_move("Qd"), 1, en)
'The queen of diamonds instead costs 1 game point.'
>>> loss_text(parse_move("As"), 0, en)
'The ace of spades is just as good, but this lesson asks for another move here.'
"""

from __future__ import annotations

from collections.abc import Collection

from tutor.engine import Move
from tutor.teach.hints import Analysis
from tutor.teach.hints.why import explain
from tutor.teach.lessons.ranked import Ranking
from tutor.words.explain import move_label
from tutor.words.hint_text import HINT_TITLES, idea_text
from tutor.words.hint_values import cut_notes, exact_text, value_text
from tutor.words.i18n import Translator
from tutor.words.phrases import move_phrase, sentence
from tutor.words.why_text import why_lines


def loss_text(move: Move, loss: int, tr: Translator) -> str:
    """A move the lesson does not take, against the best, as a lesson run tells a single
    learner (``tutor.words.lesson_text.try_reply``)."""
    name = move_phrase(move, tr)
    if loss > 0:
        text = tr.n_(
            "{move} instead costs {n} game point.",
            "{move} instead costs {n} game points.",
            loss,
            move=name,
        )
    else:
        text = tr._(
            "{move} is just as good, but this lesson asks for another move here.", move=name
        )
    return sentence(text)


def right_order(right: Collection[Move], lesson_move: Move | None, values: Ranking) -> list[Move]:
    """The right moves as the class reads them: the lesson's move first (when right), then the
    others best first (in the order of ``values``, else as written)."""
    ranked = [m for m, _ in values if m in right] or sorted(right, key=str)
    ranked += [m for m in sorted(right, key=str) if m not in ranked]
    first = [lesson_move] if lesson_move is not None and lesson_move in right else []
    return first + [m for m in ranked if m != lesson_move]


def reveal_words(
    analysis: Analysis,
    values: Ranking,
    right: Collection[Move],
    lesson_move: Move | None,
    tr: Translator,
) -> tuple[str, tuple[str, ...]]:
    """The title and lines of the engine's view for the class: each right move's value (by the
    exact ``analysis`` of the lesson's deal; with several, each named), how far it reaches,
    the ideas of the first right move, then the best wrong move and every wrong move with a
    reason, each with why it is worse than the first right move (``tutor.words.why_text``) and
    what it costs by ``values`` (the judgement of the verdicts)."""
    order = right_order(right, lesson_move, values)
    by_move = {m.move: m for m in analysis.moves}
    lines: list[str] = []
    if analysis.exact:
        for move in order:
            valued = by_move.get(move)
            if valued is None:
                continue
            said = value_text(analysis, valued, tr)
            lines.append(f"{move_label(move, tr)}: {said}" if len(order) > 1 else said)
        lines.append(exact_text(analysis, tr))
    lines += cut_notes(analysis, tr)
    first = by_move.get(order[0]) if order else None
    if first is not None:
        lines += [idea_text(i, tr) for i in first.ideas if not i.id.startswith("mistake.")]
    best = values[0][1] if values else 0
    wrong = [(m, v) for m, v in values if m not in right]
    reference = order[0] if order and order[0] in by_move else None
    for k, (move, value) in enumerate(wrong):
        reasons: tuple[str, ...] = ()
        if move in by_move:  # why it is worse than the first right move, rule and line first
            why = explain(analysis, move, reference)
            reasons = why_lines(why, tr, better_named=False)
        if k and not reasons:
            continue
        cost = (loss_text(move, best - value, tr),) if best > value or not reasons else ()
        lines.append(" ".join((*reasons, *cost)))
    return tr._(HINT_TITLES[4]), tuple(lines)


__all__ = ["loss_text", "reveal_words", "right_order"]

"""The printed handouts in words: the labels of the rules card and the lesson sheet, how a
deal is scored under a rule set (each rule with its source), and the answers a teacher reads
at the end of a lesson sheet.

>>> from tutor.engine import preset
>>> from tutor.words.i18n import get_translator
>>> lines = scoring_lines(preset("classic"), get_translator("en"))
>>> lines[0]
ScoreLine(text='If the loser has 33 points or more, the winner scores 1 game point.', source='000_d036f4009e89b883.txt')
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import RuleSet
from tutor.msgid import N_
from tutor.teach.lessons import Frame
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator
from tutor.words.phrases import move_label
from tutor.words.rule_texts import TABLE_SCORING, rule_source, say_rule


@dataclass(frozen=True)
class HandoutWords(Labels):
    """The handouts' labels (and the two download buttons that offer them)."""

    rules_card: str = N_("Rules card to print")
    lesson_sheet: str = N_("Lesson sheet to print")
    card_points: str = N_("Card points")
    sources: str = N_("Sources")
    reading: str = N_("*: the tutor's reading, where the sources do not settle the rule.")
    teacher: str = N_("For the teacher")
    accepted: str = N_("Moves accepted")
    your_move: str = N_("Your move")
    question: str = N_("Question")
    rules: str = N_("Rules")


@dataclass(frozen=True)
class ScoreLine:
    """A scoring rule in words and the source it follows."""

    text: str
    source: str


def _scoring_ids(rules: RuleSet) -> tuple[str, ...]:
    """The rules that decide what a deal is worth under ``rules``, in reading order."""
    ids = ["score.simple", "score.schneider", "score.schwarz", "deal.played_out"]
    ids.append("deal.last_trick_bonus")
    if rules.closing_allowed:
        ids.append("close.penalty")
    ids.append("out.false_penalty" if rules.out_allowed else "out.allowed")
    return tuple(ids)


def scoring_lines(rules: RuleSet, tr: Translator) -> tuple[ScoreLine, ...]:
    """How a deal is scored under ``rules``: each rule as the Rules page and the lessons say it
    (``say_rule``), with the source it follows. At a table, who the loser and the winner are
    is said once, after the first rule that needs it."""
    table = ""
    if rules.seats > 2:
        table = " " + tr._(TABLE_SCORING["partners" if rules.partners else rules.losers])
    out: list[ScoreLine] = []
    said = False
    for rule_id in _scoring_ids(rules):
        text = say_rule(rule_id, rules, tr)
        if table and text.endswith(table):
            text = text[: -len(table)] if said else text
            said = True
        out.append(ScoreLine(text, rule_source(rule_id, rules)))
    return tuple(out)


@dataclass(frozen=True)
class Answer:
    """What the teacher reads for one step: the task (the question or the move asked) and the
    right answers, each with why."""

    task: str
    right: tuple[str, ...]
    why: tuple[str, ...]


def step_answer(frame: Frame, tr: Translator) -> Answer | None:
    """The answer to the task of a lesson frame (a question, or the move asked); ``None`` when
    the frame asks nothing."""
    if frame.question is not None:
        q = frame.question
        right = tuple(a for a in q.answers if a.right)
        return Answer(
            tr._(q.text),
            tuple(tr._(a.text) for a in right),
            tuple(tr._(a.why) for a in right if a.why),
        )
    ym = frame.your_move
    if ym is not None:
        task = tr._(ym.prompt) if ym.prompt else ""
        moves = tuple(move_label(move, tr) for move, *_ in ym.accept)
        return Answer(task, moves, (tr._(ym.feedback),) if ym.feedback else ())
    return None


__all__ = ["Answer", "HandoutWords", "ScoreLine", "scoring_lines", "step_answer"]

"""The words of a puzzle at a table of three or four (``tutor.teach.puzzles.table_judge``):
its goal, how to play, and the verdict on the learner's move with the line the table played
after it. The messages are those of the two-seat puzzles wherever they say the same."""

from __future__ import annotations

from tutor.engine import SEAT_NAMES, table_apply
from tutor.msgid import N_
from tutor.teach.puzzles.judge import Mark
from tutor.teach.puzzles.model import THEMES, GoalKind, TablePuzzle
from tutor.teach.puzzles.table_judge import TableJudgement
from tutor.words.i18n import Translator
from tutor.words.narrate import move_words, outcome_text
from tutor.words.puzzle_lines import GOAL_TEXTS, WIN_POINTS_TEXT, _move_says

HOW_TO_PLAY = N_(
    "Click a card of {player} on the table to play it, or choose it with the arrow "
    "keys and press Enter."
)
HIDDEN = N_("The cards you cannot see may lie like this: {player} holds {cards}.")


def table_goal_words(puzzle: TablePuzzle, tr: Translator) -> str:
    """The goal as a sentence ("Win the deal."): for the learner's side at a table."""
    if puzzle.goal.kind is GoalKind.WIN and puzzle.goal.points > 1:
        return tr._(WIN_POINTS_TEXT, points=puzzle.goal.points)
    return tr._(GOAL_TEXTS[puzzle.goal.kind])


def table_theme_words(puzzle: TablePuzzle, tr: Translator) -> str:
    return tr._(THEMES.get(puzzle.theme, puzzle.theme))


def table_how_to_play(puzzle: TablePuzzle, tr: Translator) -> str:
    return tr._(HOW_TO_PLAY, player=SEAT_NAMES[puzzle.learner])


def table_feedback(
    puzzle: TablePuzzle, j: TableJudgement, tr: Translator
) -> tuple[Mark, str, tuple[str, ...]]:
    """The verdict's mark, its heading and its details: where the cards lie when the move
    fails only with other cards, each move of the line, and how the deal ends."""
    if j.mark is Mark.WRONG:
        head = _move_says(
            j.move,
            tr,
            N_("Not quite: with {card} the goal is out of reach."),
            N_("Not quite: after your move, {move}, the goal is out of reach."),
        )
    elif j.mark is Mark.RIGHT:
        head = _move_says(
            j.move,
            tr,
            N_("Right! You reach the goal with {card}. Puzzle solved."),
            N_("Right! Your move, {move}, reaches the goal. Puzzle solved."),
        )
    else:
        head = _move_says(
            j.move,
            tr,
            N_("Partly right: you reach the goal with {card}, but not in the best way."),
            N_("Partly right: your move, {move}, reaches the goal, but not in the best way."),
        )
    details: list[str] = []
    deal = j.deal
    if j.other_cards:
        for seat in range(deal.rules.seats):
            if seat != puzzle.learner:
                cards = ", ".join(tr.card(c, "bare") for c in deal.hand(seat))
                details.append(tr._(HIDDEN, player=SEAT_NAMES[seat], cards=cards))
    state = deal
    for move in j.line:
        after = table_apply(state, move)
        details.extend(move_words(state, move, after, tr))
        state = after
    details.append(outcome_text(state, tr))
    return j.mark, head, tuple(d for d in details if d)


__all__ = ["table_feedback", "table_goal_words", "table_how_to_play", "table_theme_words"]

"""The Puzzles page in words: its labels, and the sentences it shows around the puzzle itself
(what ``tutor.words.puzzle_text`` says of the puzzle, its moves and its hints).

>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> PuzzleWords().said(en).next_puzzle
'Next puzzle'
>>> solved_line(2, 9, en)
'Solved: 2 of 9.'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import PLAYER_NAMES, MoveError, RuleSet, parse_move
from tutor.msgid import N_
from tutor.teach.puzzles import ALL_LEVELS, ALL_THEMES, THEMES, Mark, Puzzle, Refused
from tutor.teach.puzzles.generated import MOVE_PARAMS
from tutor.teach.puzzles.model import TablePuzzle
from tutor.words.app_text import Labels, hint_button
from tutor.words.i18n import Translator
from tutor.words.phrases import move_label
from tutor.words.puzzle_text import level_words
from tutor.words.reasons import explain_verdict

#: Above the problems of the puzzle files that could not be read.
UNREADABLE = N_("A puzzle file could not be read:")
CANNOT_SHOW = N_("The puzzle '{puzzle}' cannot be shown.")
NO_SUCH_PUZZLE = N_("There is no puzzle called '{puzzle}'. Choose one from the list below.")
E_TOO_LARGE = N_(
    "This puzzle is too large for the solver to judge your move within its limit. "
    "Try another puzzle."
)


@dataclass(frozen=True)
class PuzzleWords(Labels):
    """The Puzzles page's labels."""

    title: str = N_("Puzzles")
    intro: str = N_(
        "Each puzzle is a position with a goal. Find the moves that reach it; the computer "
        "defends as well as it can, and every answer is checked exactly by the solver."
    )
    unreadable: str = UNREADABLE
    none_yet: str = N_("There are no puzzles yet.")
    theme: str = N_("Theme")
    level: str = N_("Level")
    choose: str = N_("Choose…")
    try_again: str = N_("Try again")
    open: str = N_("Open")
    your_solved: str = N_("Your solved puzzles")
    marks_caption: str = N_(
        "This browser keeps them for your next visit. To carry on in another browser, "
        "download them as a small file and upload it there."
    )
    download: str = N_("Download solved puzzles")
    choose_file: str = N_("Choose a file")
    upload: str = N_("Upload solved puzzles")
    all_puzzles: str = N_("All puzzles")
    back: str = N_("Back")
    next: str = N_("Next")
    back_to_puzzle: str = N_("Back to the puzzle")
    mark_legal: str = N_("Mark the cards that may be played")
    mark_legal_help: str = N_("Cards that may not be played now are dimmed.")
    unseen: str = N_("Cards you have not seen")
    none: str = N_("none")
    solved: str = N_("Solved!")
    goes_on: str = N_("How the deal goes on")
    show_why: str = N_("Show why on the table")
    solution: str = N_("The solution")
    show_solution: str = N_("Show the solution")
    next_puzzle: str = N_("Next puzzle")


def theme_option(theme: str, tr: Translator) -> str:
    """A value of the theme filter."""
    return tr._("All themes") if theme == ALL_THEMES else tr._(THEMES[theme])


def level_option(level: int, tr: Translator) -> str:
    """A value of the level filter."""
    return tr._("All levels") if level == ALL_LEVELS else level_words(level, tr)


def solved_line(solved: int, total: int, tr: Translator) -> str:
    return tr._("Solved: {solved} of {total}.", solved=solved, total=total)


def upload_limit(size_mb: int, tr: Translator) -> str:
    return tr._("At most {size} MB, a JSON file", size=size_mb)


def marks_read(count: int, tr: Translator) -> str:
    return tr._("Solved puzzles read from the file: {count}.", count=count)


def cannot_show(puzzle_id: str, tr: Translator) -> str:
    return tr._(CANNOT_SHOW, puzzle=puzzle_id)


def too_large(tr: Translator) -> str:
    return tr._(E_TOO_LARGE)


def how_to_play(learner: int, tr: Translator) -> str:
    """Under the table: how the learner plays a card."""
    return tr._(
        "Click a card of {player} on the table to play it, or choose it with the arrow "
        "keys and press Enter.",
        player=PLAYER_NAMES[learner],
    )


def refused_text(refused: Refused, rules: RuleSet, tr: Translator) -> str | None:
    """Why a card clicked may not be played now (``None`` if the rules allow it after all)."""
    if refused.verdict.legal:
        return None
    return explain_verdict(refused.verdict, rules, tr, you=True)


def feedback_heading(mark: Mark, tr: Translator) -> str:
    """The heading over the reasons of a verdict on a move."""
    return tr._("The refutation") if mark is Mark.WRONG else tr._("Why")


def text_params(puzzle: Puzzle | TablePuzzle, tr: Translator) -> dict[str, object]:
    """The values a generated puzzle's templates are filled in with: a move is named as its
    button names it (``move_label``); a hand-written puzzle has none."""
    out: dict[str, object] = {}
    for key, value in puzzle.params:
        if key in MOVE_PARAMS and isinstance(value, str):
            try:
                out[key] = move_label(parse_move(value), tr)
            except MoveError:
                out[key] = value
        else:
            out[key] = value
    return out


def puzzle_title(puzzle: Puzzle | TablePuzzle, tr: Translator) -> str:
    return tr._(puzzle.title, **text_params(puzzle, tr))


def puzzle_explanation(puzzle: Puzzle | TablePuzzle, tr: Translator) -> str:
    return tr._(puzzle.explanation, **text_params(puzzle, tr))


def puzzle_note(puzzle: Puzzle, tr: Translator) -> str | None:
    return tr._(puzzle.note) if puzzle.note else None


__all__ = [
    "CANNOT_SHOW",
    "E_TOO_LARGE",
    "NO_SUCH_PUZZLE",
    "UNREADABLE",
    "PuzzleWords",
    "cannot_show",
    "feedback_heading",
    "hint_button",
    "how_to_play",
    "level_option",
    "marks_read",
    "puzzle_explanation",
    "puzzle_note",
    "puzzle_title",
    "refused_text",
    "solved_line",
    "text_params",
    "theme_option",
    "too_large",
    "upload_limit",
]

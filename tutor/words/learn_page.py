"""The Learn page in words: its labels, and the sentences it shows around the lesson itself
(what ``tutor.words.lesson_text`` and ``tutor.words.narrate`` say of the frames): the course's
list, the lesson and progress files, the player's controls, the learner's task, the notices.

>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> LearnWords().said(en).next_lesson
'Next lesson'
>>> step_counter(3, 12, en)
'Step 3 of 12'
>>> progress_read(2, en)
'Progress read: 2 lessons finished.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import SEAT_NAMES, Move, State
from tutor.msgid import N_
from tutor.teach.lessons import AnyFrame, Lesson
from tutor.teach.lessons.model import YourMove
from tutor.words.app_text import Labels, hint_button
from tutor.words.explain import choice_label, move_label
from tutor.words.i18n import Translator

#: Notices (said on the next run of the page).
ROOMS_FULL = N_("Too many rooms are open on this server right now. Try again in a while.")
ROOM_GONE = N_("Your room was closed after a long time without use. Share again for a new code.")
FILE_TOO_LARGE = N_("This lesson file is too large to share with the class (at most {size} kB).")
ROOMS_MINE = N_("You have opened too many rooms of late. Wait a while, then share again.")
ANSWERS_LOST = N_(
    "The class's answers to your question ({question}) were lost with the connection. Ask the "
    "class again: the students' pages send their answers again."
)
NO_SUCH_LESSON = N_("There is no lesson called '{lesson}'. Choose one from the list below.")
NO_SUCH_STEP = N_(
    "This lesson has steps 0 to {last}; there is no step '{step}', so it opens at step {shown}."
)
CANNOT_SHOW = N_("This lesson cannot be shown.")
FORGOTTEN = N_("Your progress is forgotten. The course starts again.")


@dataclass(frozen=True)
class LearnWords(Labels):
    """The Learn page's labels."""

    page: str = N_("Learn")
    title: str = N_("Learn 66")
    unreadable: str = N_("A lesson file could not be read:")
    none_yet: str = N_("There are no lessons yet.")
    start_here: str = N_("Start here")
    open: str = N_("Open")
    open_again: str = N_("Open again")
    open_file: str = N_("Open a lesson file")
    open_file_about: str = N_(
        "A lesson file written by a teacher, or a deal you downloaded from the Play "
        "page. It is checked like every lesson and opens here, in this session."
    )
    choose_file: str = N_("Choose a file")
    upload_lesson: str = N_("Upload a lesson file")
    cannot_open: str = N_("This lesson file cannot be opened:")
    progress: str = N_("Your progress")
    progress_about: str = N_(
        "This browser keeps your progress, without an account. To take it to another "
        "browser, download it here and upload it there."
    )
    download_progress: str = N_("Download your progress")
    upload_progress: str = N_("Upload a progress file")
    forget: str = N_("Forget all your progress in this browser? This cannot be undone.")
    yes_forget: str = N_("Yes, forget it")
    no_keep: str = N_("No, keep it")
    reset: str = N_("Reset progress")
    all_lessons: str = N_("All lessons")
    restart: str = N_("Restart")
    back: str = N_("Back")
    step: str = N_("Step")
    next: str = N_("Next")
    end: str = N_("You have reached the end of this lesson.")
    question: str = N_("Question")
    your_move: str = N_("Your move")
    show_me: str = N_("Show me")
    mark_legal: str = N_("Mark the cards that may be played")
    mark_legal_help: str = N_("Cards that may not be played now are dimmed.")
    show_all: str = N_("Show every hand")
    show_all_help: str = N_("The lesson shows the hands a player at the table would see.")
    show_a: str = N_("Show the hand of A")
    show_b: str = N_("Show the hand of B")
    share: str = N_("Let students follow this screen")
    share_help: str = N_("Students open the page 'Follow a teacher' and type the room code.")
    room_gone: str = ROOM_GONE
    next_lesson: str = N_("Next lesson")
    last_lesson: str = N_("This was the last lesson of the course. Now try the puzzles.")
    puzzles: str = N_("Puzzles")


# ----------------------------------------------------------------------------- the lessons' own


def said(msgid: str, tr: Translator) -> str:
    """A text of a lesson file or of the course (a title, a summary, a group, a question, an
    answer) in the reader's language; "" stays ""."""
    return tr._(msgid) if msgid else ""


# ----------------------------------------------------------------------------- the list


def continue_label(title: str, tr: Translator) -> str:
    """The first button of the list once the learner has begun: the next lesson to do."""
    return tr._("Continue: {lesson}", lesson=tr._(title))


def lesson_number(n: int, total: int, tr: Translator) -> str:
    return tr._("Lesson {n} of {total}", n=n, total=total)


def lesson_upload_limit(size_mb: int, tr: Translator) -> str:
    return tr._("At most {size} MB, a YAML file", size=size_mb)


def progress_upload_limit(size_mb: int, tr: Translator) -> str:
    return tr._("At most {size} MB, a JSON file", size=size_mb)


def progress_read(n: int, tr: Translator) -> str:
    return tr.n_("Progress read: {n} lesson finished.", "Progress read: {n} lessons finished.", n)


# ----------------------------------------------------------------------------- the player


def level_line(level: int, tr: Translator) -> str:
    return tr._("Level {level}", level=level)


def step_counter(step: int, last: int, tr: Translator) -> str:
    """Where the lesson stands, on the projector (instead of the slider)."""
    return tr._("Step {step} of {last}", step=step, last=last)


def next_up(lesson: Lesson, tr: Translator) -> str:
    return tr._("Next up: {lesson}", lesson=tr._(lesson.title))


def move_prompt(ym: YourMove, seat: int, tr: Translator) -> str:
    """The task of a your-move step for the player in ``seat``: the author's, or the plain one."""
    if ym.prompt:
        return tr._(ym.prompt)
    return tr._("Find the move of {player}.", player=SEAT_NAMES[seat])


def click_card(seat: int, tr: Translator) -> str:
    """How to play a card of the player in ``seat`` on the table."""
    return tr._(
        "Click a card of {player} on the table to play it, or choose it with the arrow "
        "keys and press Enter.",
        player=SEAT_NAMES[seat],
    )


def move_buttons(before: AnyFrame, moves: Sequence[Move], tr: Translator) -> tuple[str, ...]:
    """The labels of the buttons for the moves that are no card, in the position ``before``."""
    s = before.state
    return tuple(
        choice_label(s, m, tr) if isinstance(s, State) else move_label(m, tr) for m in moves
    )


def answers(frame: AnyFrame, tr: Translator) -> tuple[str, ...]:
    """The answers of the question asked at ``frame``, as its buttons say them."""
    if frame.question is None:
        return ()
    return tuple(tr._(a.text) for a in frame.question.answers)


__all__ = [
    "ANSWERS_LOST",
    "CANNOT_SHOW",
    "FILE_TOO_LARGE",
    "FORGOTTEN",
    "NO_SUCH_LESSON",
    "NO_SUCH_STEP",
    "ROOMS_FULL",
    "ROOMS_MINE",
    "ROOM_GONE",
    "LearnWords",
    "answers",
    "click_card",
    "continue_label",
    "hint_button",
    "lesson_number",
    "lesson_upload_limit",
    "level_line",
    "move_buttons",
    "move_prompt",
    "next_up",
    "progress_read",
    "progress_upload_limit",
    "said",
    "step_counter",
]

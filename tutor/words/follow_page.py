"""The Follow page in words: its labels, the notices about the room (a code that cannot be
one, a room waiting or closed, a teacher away, too many tries) and the sentences around the
teacher's question (what is asked, this student's answer, whether it was the right one).

>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> FollowWords().said(en).back_to_live
'Back to live'
>>> following_room("K7Q-F2M", en)
'Following room K7Q-F2M'
>>> bad_code(6, en)
'Room codes have 6 letters and digits, like K7Q-F2M.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import PLAYER_NAMES
from tutor.msgid import N_
from tutor.teach.classroom import ClassQuestion, Kind
from tutor.teach.following import on_turn
from tutor.teach.lessons import Frame
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator

#: A room code as the field's example shows it.
EXAMPLE_CODE = "K7Q-F2M"

BAD_CODE = N_("Room codes have {length} letters and digits, like {example}.")
WAITING = N_(
    "Room {code}: waiting for the teacher to show a lesson. If nothing appears, check the "
    "code on the teacher's screen."
)
LIMITED = N_("Too many tries. Wait a minute, then try the code again.")
STOPPED = N_("The teacher has stopped sharing room {code}.")
#: Why an answer was not counted (notices for the next run).
ANSWER_LATE = N_(
    "You joined after the teacher asked this question, so your answer is not counted. "
    "You can answer the next one."
)
ANSWER_FULL = N_("This question has all the answers it takes: yours is not counted.")
ANSWER_NAME = N_(
    "Another student has this name, or it is not a student's name. Choose another name and "
    "answer again."
)
ANSWER_KEPT = N_("Your answer is kept and sent again as soon as the class is connected.")
GONE = N_(
    "The teacher's screen has not been seen for {seconds} seconds. This step stays here, and "
    "the lesson goes on when the teacher is back."
)


@dataclass(frozen=True)
class FollowWords(Labels):
    """The Follow page's labels."""

    title: str = N_("Follow a teacher")
    room_code: str = N_("Room code")
    code_help: str = N_("The code shown on the teacher's screen.")
    type_code: str = N_("Type the room code shown on the teacher's screen, then press Enter.")
    limited: str = LIMITED
    try_again: str = N_("Try again")
    cannot_show: str = N_("Sorry, this view cannot be shown right now.")
    no_lesson: str = N_("The teacher's lesson is not available here.")
    no_puzzle: str = N_("The teacher's puzzle is not available here.")
    back: str = N_("Back")
    next: str = N_("Next")
    back_to_live: str = N_("Back to live")
    teacher_asks: str = N_("The teacher asks")
    click_card: str = N_(
        "Click a card on the table to answer, or choose it with the arrow keys and press Enter."
    )
    not_answered: str = N_("You did not answer this question.")
    name: str = N_("Your name for the teacher (optional)")
    name_help: str = N_("Only the teacher sees it, next to your answer.")


# ----------------------------------------------------------------------------- the room


def code_example(tr: Translator) -> str:
    """The code field's placeholder."""
    return tr._("e.g. {example}", example=EXAMPLE_CODE)


def bad_code(length: int, tr: Translator) -> str:
    return tr._(BAD_CODE, length=length, example=EXAMPLE_CODE)


def waiting(code: str, tr: Translator) -> str:
    return tr._(WAITING, code=code)


def stopped(code: str, tr: Translator) -> str:
    return tr._(STOPPED, code=code)


def gone(seconds: float, tr: Translator) -> str:
    """The teacher's screen has been quiet for ``seconds`` (said in whole seconds)."""
    return tr._(GONE, seconds=int(seconds))


def following_room(code: str, tr: Translator) -> str:
    return tr._("Following room {code}", code=code)


def looking_back(step: int, live: int, tr: Translator) -> str:
    return tr._(
        "You are looking at step {step}; the teacher is at step {live}.", step=step, live=live
    )


def said(msgid: str, tr: Translator) -> str:
    """A text of a lesson or puzzle file (a title, an explanation) in the reader's language."""
    return tr._(msgid) if msgid else ""


# ----------------------------------------------------------------------------- the question


def move_prompt(asked: ClassQuestion, tr: Translator) -> str:
    """The plain question for a move: what the player on turn would play."""
    seat = on_turn(asked)
    player = PLAYER_NAMES[seat] if seat is not None else ""
    return tr._("What would {player} play here?", player=player)


def class_prompt(asked: ClassQuestion, frames: Sequence[Frame], tr: Translator) -> str:
    """What the teacher asks: the step's question, the author's prompt for the move, or the
    plain question for a move."""
    frame = frames[asked.index] if asked.index < len(frames) else None
    if asked.kind is Kind.CHOICE and frame is not None and frame.question is not None:
        return tr._(frame.question.text)
    if frame is not None and frame.your_move is not None and frame.your_move.prompt:
        return tr._(frame.your_move.prompt)
    return move_prompt(asked, tr)


def your_answer(answer: str, tr: Translator) -> str:
    """This student's answer (``answer`` as the class reads it) while it may still change."""
    return tr._(
        "Your answer: {answer}. You may change it until the teacher shows the answer.",
        answer=answer,
    )


def answer_right(answer: str, tr: Translator) -> str:
    return tr._("Your answer {answer} is right.", answer=answer)


def answer_wrong(answer: str, tr: Translator) -> str:
    return tr._("Your answer {answer} is not the one.", answer=answer)


__all__ = [
    "ANSWER_FULL",
    "ANSWER_KEPT",
    "ANSWER_LATE",
    "ANSWER_NAME",
    "BAD_CODE",
    "EXAMPLE_CODE",
    "GONE",
    "LIMITED",
    "STOPPED",
    "WAITING",
    "FollowWords",
    "answer_right",
    "answer_wrong",
    "bad_code",
    "class_prompt",
    "code_example",
    "following_room",
    "gone",
    "looking_back",
    "move_prompt",
    "said",
    "stopped",
    "waiting",
    "your_answer",
]

"""The Learn page at the steps the learner plays: the cards of the player on turn clicked on the
table at a your-move step (other moves as buttons), the answers as buttons at a question, Next
waiting until the step is done (except for a teacher in projector mode), explanations of wrong
tries, "Show me", the hint ladder with the allowed cards marked, and the progress noted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from markupsafe import escape
from streamlit.testing.v1 import AppTest

import tutor_app.board as app_board
from tests.helpers import FakeBoard
from tutor.engine import Play, legal_moves, parse_move
from tutor.teach.lessons import Frame, load_lessons, replay
from tutor.web.html import md_plain
from tutor.words.hint_text import HINT_TITLES
from tutor.words.i18n import get_translator
from tutor_app.pages.learn import BOARD_KEY

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS = ROOT / "lessons"
GOOD, _ = load_lessons(LESSONS)
#: Every lesson, for two, three and four players, played through the same page.
FRAMES: dict[str, tuple[Frame, ...]] = {les.id: replay(les) for les in GOOD}
TITLES = {les.id: les.title for les in GOOD}
FIRST_FOUR = sorted(i for i in FRAMES if i[:2] in ("01", "02", "03", "04"))
ALL = sorted(FRAMES)


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def counter(at: AppTest) -> int:
    for block in at.get("html"):
        body = str(block.proto.body)
        marker = 'class="t66-counter" data-step="'
        if marker in body:
            return int(body.split(marker, 1)[1].split('"', 1)[0])
    raise AssertionError("no step counter")


def shown(elements: object) -> list[str]:
    """The text each element shows (its Markdown escapes read)."""
    return [md_plain(str(e.value)) for e in elements]  # type: ignore[attr-defined]


def has_button(at: AppTest, key: str) -> bool:
    return any(b.key == key for b in at.button)


def the_board() -> FakeBoard:
    """The table the page draws in this test (``tests.conftest.fake_board``)."""
    board = app_board._BOARD
    assert isinstance(board, FakeBoard)
    return board


def play(at: AppTest, index: int, move: str) -> None:
    """Play ``move`` at the your-move step ``index``: a card is clicked on the table, any other
    move pressed as its button."""
    board = the_board()
    if not isinstance(parse_move(move), Play):
        at.button(key=f"try_{index}_{move}").click().run()
    else:
        assert move in board.cards(BOARD_KEY), (move, board.cards(BOARD_KEY))
        board.click(move)
        at.run()
    assert_clean(at)


def do_task(at: AppTest, lesson_id: str) -> bool:
    """Do the interactive step that keeps Next waiting, the right way, as a learner would:
    answer a question on this frame rightly, or play the next step's move. True when playing
    the move went on to the next frame (a question keeps the frame)."""
    step = counter(at)
    frames = FRAMES[lesson_id]
    frame = frames[step]
    if frame.question is not None and has_button(at, f"answer_{step}_0"):
        at.button(key=f"answer_{step}_{frame.question.right}").click().run()
        assert_clean(at)
    nxt = step + 1
    if nxt < len(frames) and frames[nxt].your_move is not None and asking(at, nxt):
        play(at, nxt, move_text(frames[nxt]))
        return True
    return False


def move_text(frame: Frame) -> str:
    move = frame.move
    assert move is not None
    return str(move)


def asking(at: AppTest, index: int) -> bool:
    """The page asks for the move of the frame at ``index``: the task's heading is shown and
    the table has cards to click."""
    return has_button(at, f"hint_{index}") or has_button(at, f"show_me_{index}")


def _has_prefix(at: AppTest, prefix: str) -> bool:
    return any(str(b.key).startswith(prefix) for b in at.button)


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    def run(**params: str) -> AppTest:
        monkeypatch.setenv("TUTOR_LESSONS_DIR", str(LESSONS))
        at = AppTest.from_file(APP, default_timeout=60)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
        assert_clean(at)
        return at

    yield run


def interactive(lesson_id: str) -> int:
    return sum(f.question is not None or f.your_move is not None for f in FRAMES[lesson_id])


def step_html(at: AppTest) -> str:
    """The narration panel's HTML (the one with the step counter; a task's box, drawn above
    the table, has none)."""
    return next(str(b.proto.body) for b in at.get("html") if "t66-counter" in str(b.proto.body))


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", ALL)
def test_walk_through_every_lesson_doing_each_step_and_back(start, lesson_id: str) -> None:  # type: ignore[no-untyped-def]
    """Each lesson, for two players and for three or four, through the page from its first
    step to its last and back: Next held exactly while a task waits, each question answered
    and each move played on the table as a learner would, the address and the slider
    following, the lesson finished with each step right at the first try in the progress,
    and the lesson ticked in the list."""
    at = start(lesson=lesson_id, lang="en")
    frames = FRAMES[lesson_id]
    last = len(frames) - 1
    assert counter(at) == 0 and at.button(key="back").disabled
    tasks = 0
    answered: set[int] = set()
    while counter(at) < last:
        step = counter(at)
        nxt = step + 1
        question = frames[step].question is not None and step not in answered
        waiting = question or frames[nxt].your_move is not None
        assert at.button(key="next").disabled == waiting, step
        if question:
            tasks += 1
            answered.add(step)
            q = frames[step].question
            assert q is not None
            at.button(key=f"answer_{step}_{q.right}").click().run()
            assert_clean(at)
            assert at.success, "the right answer is confirmed"
            continue
        if waiting:
            tasks += 1
            assert the_board().focus[BOARD_KEY], "the keyboard focus goes to the hand"
            play(at, nxt, move_text(frames[nxt]))
        else:
            at.button(key="next").click().run()
            assert_clean(at)
        assert counter(at) == nxt  # the move is played, or Next went on
        assert at.query_params["step"] == str(nxt)
        assert at.slider(key="w_step").value == nxt
    q = frames[last].question
    if q is not None:  # a question on the last frame
        tasks += 1
        at.button(key=f"answer_{last}_{q.right}").click().run()
        assert_clean(at)
        assert at.success
    assert tasks == interactive(lesson_id)
    assert at.button(key="next").disabled
    assert lesson_id in at.session_state["finished"]
    if frames[last].state.result is not None and isinstance(frames[last], Frame):
        assert "t66-outcome" in step_html(at)
    # Each step was answered right at the first try: the progress says so.
    if tasks:
        assert len(at.session_state["course_steps"][lesson_id]) == tasks
    for expected in range(last - 1, -1, -1):
        at.button(key="back").click().run()
        assert_clean(at)
        assert counter(at) == expected
        assert not at.button(key="next").disabled  # every task is done
    at.button(key="to_list").click().run()
    assert_clean(at)
    title = escape(get_translator("en")._(TITLES[lesson_id]))
    card = next(str(b.proto.body) for b in at.get("html") if title in str(b.proto.body))
    assert "✓" in card


def _first(lesson_id: str, kind: str) -> int:
    frames = FRAMES[lesson_id]
    return next(
        i for i, f in enumerate(frames) if (f.question if kind == "question" else f.your_move)
    )


def test_a_wrong_answer_is_explained_then_the_right_one_lets_the_lesson_go_on(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "question")
    at = start(lesson=lesson_id, step=str(index), lang="de")
    tr = get_translator("de")
    q = FRAMES[lesson_id][index].question
    assert q is not None
    assert at.button(key="next").disabled
    assert [at.button(key=f"answer_{index}_{i}").label for i in range(len(q.answers))] == [
        tr._(a.text) for a in q.answers
    ]
    wrong = next(i for i, a in enumerate(q.answers) if not a.right)
    at.button(key=f"answer_{index}_{wrong}").click().run()
    assert_clean(at)
    assert tr._(q.answers[wrong].why) in shown(at.warning)
    assert at.button(key="next").disabled
    at.button(key=f"answer_{index}_{q.right}").click().run()
    assert_clean(at)
    assert tr._(q.answers[q.right].why) in shown(at.success)
    assert not at.button(key="next").disabled
    # Right, but not at the first try: the progress does not count it.
    assert "course_steps" not in at.session_state
    at.button(key="next").click().run()
    assert counter(at) == index + 1


def test_a_wrong_move_is_explained_then_show_me_plays_it(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "02-tricks-and-trumps"
    index = _first(lesson_id, "your_move")
    frames = FRAMES[lesson_id]
    at = start(lesson=lesson_id, step=str(index - 1), lang="en")
    assert at.button(key="next").disabled and not has_button(at, f"show_me_{index}")
    # The hand of A is on the table as buttons, with no marks until asked for.
    assert set(the_board().cards(BOARD_KEY).values()) == {""}
    # Qh is legal but weaker than the best (Ad): why, in the lesson's terms (game points are
    # taught later, so no cost in them is said).
    play(at, index, "Qh")
    assert counter(at) == index - 1
    (warning,) = shown(at.warning)
    assert "The queen of hearts spends a trump while the stock is open" in warning
    assert "game point" not in warning
    assert not has_button(at, f"show_me_{index}")
    play(at, index, "Ac")
    (warning,) = shown(at.warning)
    assert warning.startswith("The ace of clubs cannot take the king of diamonds"), warning
    assert "game point" not in warning
    at.button(key=f"show_me_{index}").click().run()
    assert_clean(at)
    assert counter(at) == index
    assert "The move here: the ace of diamonds." in shown(at.success)
    assert frames[index].move is not None and str(frames[index].move) == "Ad"
    assert not at.button(key="next").disabled
    assert "course_steps" not in at.session_state


def test_an_illegal_move_is_explained_with_its_rule_and_source(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "your_move")
    at = start(lesson=lesson_id, step=str(index - 1), lang="en")
    play(at, index, "Kc")
    text = shown(at.warning)[0]
    assert "The king of clubs may not be played." in text and "Source:" in text
    assert counter(at) == index - 1
    play(at, index, move_text(FRAMES[lesson_id][index]))
    assert counter(at) == index
    assert any("follow suit" in s for s in shown(at.success))
    at.button(key="back").click().run()
    assert_clean(at)
    assert counter(at) == index - 1 and not at.warning  # the step is done: no task, no misses
    assert not at.button(key="next").disabled and not has_button(at, f"hint_{index}")


def test_the_hint_ladder_climbs_and_marks_the_allowed_cards(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "your_move")
    before = FRAMES[lesson_id][index - 1].state
    at = start(lesson=lesson_id, step=str(index - 1), lang="de")
    tr = get_translator("de")
    assert set(the_board().cards(BOARD_KEY).values()) == {""}
    for level in range(1, 5):
        assert at.button(key=f"hint_{index}").label == tr._(
            "Show a hint ({level} of 4)", level=level
        )
        at.button(key=f"hint_{index}").click().run()
        assert_clean(at)
        hints = " ".join(shown(at.markdown))
        for rung in range(1, 5):  # each rung up to this level, under its heading
            assert (tr._(HINT_TITLES[rung]) in hints) == (rung <= level), (level, rung)
    marks = the_board().cards(BOARD_KEY)
    allowed = {str(m) for m in legal_moves(before) if isinstance(m, Play)}
    assert {c for c, mark in marks.items() if mark == "legal"} == allowed
    assert {c for c, mark in marks.items() if mark == "illegal"} == set(marks) - allowed
    assert set(marks) - allowed, "this step has cards that may not be played"
    assert not has_button(at, f"hint_{index}")  # level 4 is the last
    # The last rung names the move the lesson plays.
    best = FRAMES[lesson_id][index].move
    assert best is not None and isinstance(best, Play)
    assert tr.card(best.card, "bare") in hints or tr.card(best.card) in hints


def test_the_marks_can_be_switched_on_without_a_hint(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "your_move")
    at = start(lesson=lesson_id, step=str(index - 1), lang="en")
    at.toggle(key="w_mark_legal").set_value(True).run()
    assert_clean(at)
    marks = set(the_board().cards(BOARD_KEY).values())
    assert marks == {"legal", "illegal"}


def test_a_teacher_in_projector_mode_may_go_on_without_answering(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "question")
    at = start(lesson=lesson_id, step=str(index), lang="en", projector="1")
    assert not at.button(key="next").disabled
    assert has_button(at, f"answer_{index}_0")
    at.button(key="next").click().run()
    assert_clean(at)
    assert counter(at) == index + 1


def test_a_teacher_sharing_the_screen_may_go_on_without_answering(start) -> None:  # type: ignore[no-untyped-def]
    lesson_id = "04-closed-phase"
    index = _first(lesson_id, "question")
    at = start(lesson=lesson_id, step=str(index), lang="en")
    assert at.button(key="next").disabled
    at.toggle(key="w_share").set_value(True).run()
    assert_clean(at)
    assert not at.button(key="next").disabled


def test_the_task_and_the_reply_stand_over_the_table_for_a_phone(start) -> None:  # type: ignore[no-untyped-def]
    """The columns stack on a phone: the your-move task and the reply to a try come before the
    table in the page (the style sheet shows them there on a narrow screen only)."""
    lesson_id = "02-tricks-and-trumps"
    index = _first(lesson_id, "your_move")
    at = start(lesson=lesson_id, step=str(index - 1), lang="en")
    blocks = [str(h.proto.body) for h in at.get("html")]
    task = next(i for i, b in enumerate(blocks) if "t66-task" in b)
    assert task < next(i for i, b in enumerate(blocks) if "t66-board" in b)
    play(at, index, "Qh")
    (warning,) = shown(at.warning)  # beside the table, once
    blocks = [str(h.proto.body) for h in at.get("html")]
    line = next(i for i, b in enumerate(blocks) if "t66-reply-wrong" in b)
    assert str(escape(warning)) in blocks[line]
    assert line < next(i for i, b in enumerate(blocks) if "t66-board" in b)

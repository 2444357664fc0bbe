"""The Streamlit app, run headless with AppTest: pages, lesson player, deep links, projector
mode, following a teacher, broken lessons and unknown addresses."""

from __future__ import annotations

import logging
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from markupsafe import escape
from streamlit.testing.v1 import AppTest

from tutor.teach.lessons import load_lessons, replay
from tutor.web import board
from tutor.web.html import md_plain
from tutor.words.i18n import LANGUAGES, get_translator
from tutor_app.rooms import format_room

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS = ROOT / "lessons"
GOOD, _ = load_lessons(LESSONS)
LESSON_IDS = sorted(les.id for les in GOOD)
LAST = {les.id: len(replay(les)) - 1 for les in GOOD}
FIRST = LESSON_IDS[0] if LESSON_IDS else "none"

needs_lessons = pytest.mark.skipif(not LESSON_IDS, reason="no lessons in lessons/")

Start = Callable[..., AppTest]


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Iterator[Start]:
    """Start the app on a lessons folder with some query parameters, and run it once."""

    def run(folder: Path = LESSONS, clean: bool = True, **params: str) -> AppTest:
        monkeypatch.setenv("TUTOR_LESSONS_DIR", str(folder))
        at = AppTest.from_file(APP, default_timeout=60)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
        if clean:
            assert_clean(at)
        return at

    yield run


def assert_clean(at: AppTest) -> None:
    """No exception and no error panel on the page."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def values(elements: object) -> list[str]:
    """The text each element shows (its Markdown escapes read)."""
    return [md_plain(str(e.value)) for e in elements]  # type: ignore[attr-defined]


def html(at: AppTest, marker: str) -> str:
    """The body of the first HTML block that contains ``marker``."""
    for block in at.get("html"):
        body = str(block.proto.body)
        if marker in body:
            return body
    raise AssertionError(f"no HTML block with {marker!r}")


def shown_step(at: AppTest) -> int:
    m = re.search(r'class="t66-counter" data-step="(\d+)"', html(at, "t66-counter"))
    assert m, "no step counter"
    return int(m.group(1))


def step_to(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert_clean(at)
    return at


# ----------------------------------------------------------------------------- pages


@needs_lessons
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_renders_in_every_language(start: Start, lang: str) -> None:
    tr = get_translator(lang)
    at = start(lang=lang)
    assert at.session_state["lang"] == lang
    assert [t.value for t in at.title] == [tr._("Learn 66")]
    assert at.button(key=f"open_{FIRST}")  # the catalogue lists the lessons
    step_to(at, f"open_{FIRST}")
    assert shown_step(at) == 0
    assert tr._("Next") == at.button(key="next").label
    step_to(at, "next")
    assert shown_step(at) == 1
    at.switch_page("tutor_app/pages/rules.py").run()
    assert_clean(at)
    assert [t.value for t in at.title] == [tr._("The rules of 66")]
    assert "t66-sw" in html(at, "t66-ref") and "t66-diff" in html(at, "t66-cmp")
    at.switch_page("tutor_app/pages/follow.py").run()
    assert_clean(at)
    assert [t.value for t in at.title] == [tr._("Follow a teacher")]
    assert at.query_params["lang"] == lang


def test_language_from_the_browser_header_and_from_the_sidebar(start: Start) -> None:
    at = start()
    assert at.session_state["lang"] in LANGUAGES
    at.selectbox(key="w_lang").set_value("pl").run()
    assert_clean(at)
    assert at.session_state["lang"] == "pl"
    assert at.title[0].value == get_translator("pl")._("Learn 66")
    assert at.query_params["lang"] == "pl"


def test_pack_style_changes_the_card_names(start: Start) -> None:
    if not LESSON_IDS:
        pytest.skip("no lessons in lessons/")
    at = start(lesson=FIRST, lang="de")
    french = html(at, "t66-board")
    at.radio(key="w_style").set_value("german").run()
    assert_clean(at)
    german = html(at, "t66-board")
    assert french != german
    tr = get_translator("de", style="german")
    state = replay(next(les for les in GOOD if les.id == FIRST))[0].state
    assert all(tr.card(c, "bare") in german for c in state.hand(0))
    assert at.query_params["style"] == "german"


# ----------------------------------------------------------------------------- the player


@needs_lessons
def test_slider_and_restart(start: Start) -> None:
    at = start(lesson=FIRST)
    target = min(3, LAST[FIRST])
    at.slider(key="w_step").set_value(target).run()
    assert_clean(at)
    assert shown_step(at) == target and at.query_params["step"] == str(target)
    step_to(at, "restart")
    assert shown_step(at) == 0


@needs_lessons
@pytest.mark.parametrize("projector", [False, True], ids=["normal", "projector"])
def test_the_step_line_stands_above_one_row_of_three_buttons(start: Start, projector: bool) -> None:
    """The slider (on the projector, the counter) has the table's width to itself, and Restart,
    Back and Next share the row below it in equal parts, so that no label is cut."""
    at = start(lesson=FIRST, step="1", lang="de", **({"projector": "1"} if projector else {}))
    nav = at.main.container("t66_nav")
    steps = nav.container("t66_steps")
    assert next(iter(nav.children.values())) is steps  # the step line comes first
    row = nav.columns
    assert [[b.key for b in col.button] for col in row] == [["restart"], ["back"], ["next"]]
    assert len({col.weight for col in row}) == 1
    assert not any(col.slider or col.caption for col in row)
    if projector:
        tr = get_translator("de")
        assert not steps.slider
        assert values(steps.caption) == [tr._("Step {step} of {last}", step=1, last=LAST[FIRST])]
    else:
        assert [s.key for s in steps.slider] == ["w_step"] and steps.slider[0].value == 1


@needs_lessons
def test_the_step_explains_the_rule_with_its_source(start: Start) -> None:
    frames = replay(next(les for les in GOOD if les.id == FIRST))
    step = next(i for i, f in enumerate(frames) if f.rule_ids or f.verdict is not None)
    at = start(lesson=FIRST, step=str(step), lang="en")
    body = html(at, "t66-step")
    assert "t66-ruletext" in body
    assert re.search(r"Source: (the|a) |pagat", body), "the rule names its source"


# ----------------------------------------------------------------------------- deep links


@needs_lessons
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_deep_link_opens_the_step(start: Start, lang: str) -> None:
    step = min(5, LAST[FIRST])
    at = start(lesson=FIRST, step=str(step), lang=lang)
    assert at.session_state["lang"] == lang
    assert shown_step(at) == step
    assert at.query_params["lesson"] == FIRST
    assert at.query_params["step"] == str(step)
    assert not at.info  # nothing to correct


def test_unknown_lesson_gives_a_friendly_message(start: Start) -> None:
    at = start(lesson="no-such-lesson", step="2", lang="en")
    assert at.session_state["lesson"] is None
    assert values(at.info) == [
        get_translator("en")._(
            "There is no lesson called '{lesson}'. Choose one from the list below.",
            lesson="no-such-lesson",
        )
    ]
    assert at.title[0].value == get_translator("en")._("Learn 66")
    assert "lesson" not in at.query_params


@needs_lessons
@pytest.mark.parametrize(("step", "expected"), [("9999", "last"), ("abc", "0"), ("-3", "0")])
def test_unknown_step_gives_a_friendly_message(start: Start, step: str, expected: str) -> None:
    at = start(lesson=FIRST, step=step, lang="pl")
    want = LAST[FIRST] if expected == "last" else 0
    assert shown_step(at) == want
    assert any(step in i for i in values(at.info))
    assert at.query_params["step"] == str(want)


def test_unknown_language_in_the_address(start: Start) -> None:
    at = start(lang="xx")
    assert at.session_state["lang"] in LANGUAGES
    assert any("'xx'" in i for i in values(at.info))


# ----------------------------------------------------------------------------- projector


@needs_lessons
@pytest.mark.parametrize("lang", ["de", "pl"])
def test_projector_mode(start: Start, lang: str) -> None:
    at = start(lesson=FIRST, step="1", lang=lang, projector="1")
    tr = get_translator(lang)
    assert at.session_state["projector"] is True
    assert not at.sidebar.selectbox and not at.sidebar.toggle  # no side bar chrome
    assert "t66-proj" in html(at, "t66-board")
    assert "display:none" in html(at, "<style>").replace(" ", "")
    assert shown_step(at) == 1  # the step counter is on the screen
    back = escape(tr._("a face-down card"))
    state = replay(next(les for les in GOOD if les.id == FIRST))[1].state
    at.toggle(key="w_show_a").set_value(False).run()
    at.toggle(key="w_show_b").set_value(False).run()
    assert_clean(at)
    hidden = html(at, "t66-board").count(f'alt="{back}"')
    assert hidden >= len(state.hand(0)) + len(state.hand(1)) - bin(
        state.known[0] | state.known[1]
    ).count("1")
    at.toggle(key="w_show_a").set_value(True).run()
    assert html(at, "t66-board").count(f'alt="{back}"') < hidden
    step_to(at, "exit_projector")
    assert at.session_state["projector"] is False
    assert at.sidebar.selectbox(key="w_lang")


def test_projector_mode_from_the_sidebar(start: Start) -> None:
    at = start()
    at.sidebar.toggle(key="w_projector").set_value(True).run()
    assert_clean(at)
    assert at.session_state["projector"] is True
    assert at.query_params["projector"] == "1"


def test_settings_in_the_projector_popover_show_and_change_the_real_state(start: Start) -> None:
    at = start(lesson="02-tricks-and-trumps", step="3", lang="pl", style="german")
    at.sidebar.toggle(key="w_projector").set_value(True).run()
    assert_clean(at)
    # the popover's widgets show what is set, not their defaults
    assert at.selectbox(key="w_lang").value == "pl"
    assert at.radio(key="w_style").value == "german"
    assert at.toggle(key="w_projector").value is True
    at.selectbox(key="w_lang").set_value("de").run()  # the first change counts
    assert at.session_state["lang"] == "de" and at.query_params["lang"] == "de"
    at.button(key="exit_projector").click().run()
    assert at.sidebar.selectbox(key="w_lang").value == "de"
    assert at.session_state["step"] == 3


@pytest.mark.parametrize("page", ["tutor_app/pages/rules.py", "tutor_app/pages/puzzles.py"])
def test_other_pages_keep_projector_and_pack_in_the_address(start: Start, page: str) -> None:
    at = start(lang="de", projector="1", style="german")
    at.switch_page(page).run()
    assert_clean(at)
    assert at.query_params["projector"] == "1" and at.query_params["style"] == "german"
    assert at.query_params["lang"] == "de"


# ----------------------------------------------------------------------------- follow


@needs_lessons
def test_students_follow_the_teacher(start: Start) -> None:
    teacher = start(lesson=FIRST, lang="en")
    teacher.toggle(key="w_share").set_value(True).run()
    assert_clean(teacher)
    room = teacher.session_state["room"]
    assert room and format_room(room) in html(teacher, "t66-room")
    step_to(teacher, "next")
    student = start(lang="pl")
    student.switch_page("tutor_app/pages/follow.py").run()
    student.text_input(key="w_follow_room").input(room.lower()).run()
    assert_clean(student)
    assert student.query_params["room"] == room
    assert shown_step(student) == 1
    step_to(teacher, "next")
    student.run()
    assert shown_step(student) == 2
    teacher.toggle(key="w_share").set_value(False).run()
    student.run()
    assert_clean(student)
    stopped = get_translator("pl")._(
        "The teacher has stopped sharing room {code}.", code=format_room(room)
    )
    assert values(student.info) == [stopped]


@needs_lessons
def test_students_see_the_hands_the_teacher_shows(start: Start) -> None:
    teacher = start(lesson=FIRST, lang="en")
    teacher.toggle(key="w_share").set_value(True).run()
    room = teacher.session_state["room"]
    student = start(lang="en")
    student.switch_page("tutor_app/pages/follow.py").run()
    student.text_input(key="w_follow_room").input(room).run()
    back = f'alt="{escape(get_translator("en")._("a face-down card"))}"'
    face_down = html(student, "t66-board").count(back)
    teacher.toggle(key="w_show_a").set_value(False).run()
    assert_clean(teacher)
    student.run()
    assert_clean(student)
    assert html(student, "t66-board").count(back) > face_down


def test_unknown_room(start: Start) -> None:
    """An unknown code reads as a room waiting for its teacher (tests/app/test_rooms.py shows
    that both read the same)."""
    at = start(lang="en")
    at.switch_page("tutor_app/pages/follow.py").run()
    at.text_input(key="w_follow_room").input("qqq qqq").run()
    assert_clean(at)
    assert values(at.info) == [
        get_translator("en")._(
            "Room {code}: waiting for the teacher to show a lesson. If nothing appears, check "
            "the code on the teacher's screen.",
            code="QQQ-QQQ",
        )
    ]


# ----------------------------------------------------------------------------- broken files


@needs_lessons
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_broken_lesson_among_good_ones(start: Start, tmp_path: Path, lang: str) -> None:
    for les in GOOD[:2]:
        shutil.copy(les.path, tmp_path / Path(les.path).name)
    (tmp_path / "zz-broken.yaml").write_text(
        "id: broken\ntitle: A broken lesson\nmoves: [10h, Kd\n", encoding="utf-8"
    )
    at = start(folder=tmp_path, clean=False, lang=lang)
    assert not at.exception
    errors = values(at.error)
    assert len(errors) == 1 and "zz-broken.yaml" in errors[0]
    assert re.search(r"\d", errors[0]), "the message names the line"
    at.button(key=f"open_{GOOD[0].id}").click().run()
    assert not at.exception
    assert shown_step(at) == 0
    step_to(at, "next")
    assert shown_step(at) == 1


# ----------------------------------------------------------------------------- no traceback


@needs_lessons
def test_a_failure_shows_a_message_not_a_traceback(
    start: Start, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(board, "board_html", broken)
    with caplog.at_level(logging.ERROR, logger="tutor.app"):
        at = start(clean=False, lesson=FIRST, lang="de")
    assert not at.exception
    assert len(at.error) == 1
    text = md_plain(at.error[0].value)
    assert "drawing failed" not in text and "Traceback" not in text
    # the crash is not swallowed: the server's log has it, with its traceback
    (record,) = [r for r in caplog.records if r.name == "tutor.app"]
    assert "learn.py" in record.getMessage() and record.exc_info is not None
    assert "drawing failed" in caplog.text and "Traceback" in caplog.text
    assert text == get_translator("de")._(
        "Sorry, something went wrong while showing this page. "
        "Try another lesson or reload the page."
    )


# ----------------------------------------------------------------------------- session keys


def _session_keys() -> None:
    import streamlit as st

    from tutor_app.session import notice, state

    assert state.step == 0 and state.lesson is None and state.finished == set()
    assert state.show == (True, True) and state.lang == "en"
    state.step = 3
    state.show_b = False
    notice("A notice.")
    st.write(st.session_state["step"], st.session_state["show_b"], state.show, state.notices)


def test_session_keys_read_their_defaults_and_write_the_state() -> None:
    at = AppTest.from_function(_session_keys, default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["step"] == 3 and at.session_state["show_b"] is False
    assert at.session_state["notices"] == [("A notice.", {})]


@pytest.mark.parametrize(("preset", "seats"), [("four", 4), ("three", 3)])
def test_a_deal_for_three_or_four_is_watched_move_by_move(
    start: Start, preset: str, seats: int
) -> None:
    """The Rules page's tab for three and four: the computer plays every seat, one move per
    click; the board shows every seat around the felt and the text says what happened."""
    at = start(lang="de")
    at.switch_page("tutor_app/pages/rules.py").run()
    if preset != "four":
        at.selectbox(key="w_tw_preset").set_value(preset).run()
    assert_clean(at)
    board = html(at, "t66-tboard")
    assert f"t66-seats-{seats}" in board and board.count("t66-tseat") == seats
    tr = get_translator("de")
    for _ in range(seats):  # a whole trick
        at.button(key="tw_next").click().run()
        assert_clean(at)
    watch = at.session_state["tw_watch"]
    game = watch.deal
    assert game.last_trick is not None and watch.ply == seats
    said = " ".join(str(m.value) for m in at.markdown)
    assert f"{'ABCD'[game.last_trick[2]]} macht den Stich" in said
    assert tr._("Next move") == at.button(key="tw_next").label
    at.selectbox(key="w_lang").set_value("pl").run()  # the last move said in the new language
    said = " ".join(str(m.value) for m in at.markdown)
    assert f"{'ABCD'[game.last_trick[2]]} bierze lewę" in said
    at.button(key="tw_new").click().run()
    fresh = at.session_state["tw_watch"]
    assert fresh.ply == 0 and not fresh.deal.trick and fresh.seed == watch.seed + 1

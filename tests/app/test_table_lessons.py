"""Lessons for three and four players, read and replayed by the one lesson reader and replay:
the table lessons of the lessons folder, each problem of a broken file named where it is, the
words of a step, and the Learn page playing them."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_app import APP, Start, assert_clean, html
from tutor.engine import TableState, parse_move, table_pack
from tutor.teach.lessons import Lesson, Library, check_lesson_data, validate_paths
from tutor.teach.lessons.model import initial_state
from tutor.web.html import md_plain
from tutor.words.i18n import LANGUAGES, get_translator
from tutor.words.lesson_text import step_text, your_move_reply

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "lessons"
LIBRARY = Library(FOLDER).refresh()
TABLES = tuple(les for les in LIBRARY.lessons if les.seats > 2)
LESSONS = {les.id: les for les in TABLES}
FRAMES = {les.id: LIBRARY.frames(les.id) for les in TABLES}


def read_table_lesson(name: str, text: bytes) -> tuple[Lesson | None, tuple[object, ...]]:
    """A lesson file's bytes read and replayed: the lesson, or its problems."""
    lesson, errors, _frames = check_lesson_data(name, text)
    return lesson, errors


def test_the_folder_holds_a_lesson_for_each_game_and_every_one_replays() -> None:
    assert not LIBRARY.errors, [str(e) for e in LIBRARY.errors]
    presets = Counter(les.preset for les in TABLES)
    assert presets["three"] >= 1 and presets["four"] >= 2 and presets["three_pack32"] >= 1
    for les in TABLES:
        frames = FRAMES[les.id]
        assert len(frames) == len(les.steps) + 1
        assert any(f.question or f.your_move for f in frames), les.id
        for before, after in itertools.pairwise(frames):
            if after.move is not None:  # each move was legal where it was made
                assert after.move in before.state.legal_moves(), (les.id, after.step)


@pytest.mark.parametrize("lesson_id", sorted(LESSONS))
def test_a_lessons_deal_holds_every_card_as_often_as_the_pack(lesson_id: str) -> None:
    les = LESSONS[lesson_id]
    s = initial_state(les.deal, les.rules)
    assert isinstance(s, TableState)
    held = Counter(c.index for seat in range(s.seats) for c in s.hand(seat))
    held.update(i & 31 for i in s.stock)
    held[s.trump_card] += 1
    assert held == Counter(table_pack(les.rules))
    for seat, hand in enumerate(les.deal.hands):  # the hands as written
        assert Counter(s.hand(seat)) == Counter(hand)
    assert s.leader == (les.deal.dealer + 1) % s.seats  # the first lead left of the dealer


def _lesson(body: str) -> str:
    return (
        "id: t\ntitle: T\nlevel: 2\nsummary: S\nrules: three\n"
        "deal:\n  dealer: C\n  hands:\n    A: Ac 10c 9c Kd Qd Ks 8h\n"
        "    B: As 10s Js Ad 9d Jc Qh\n    C: Ah Kc Qc 10d Jd 9s 8s\n"
        "  trump: 10h\n  stock: Kh 9h Qs 8c Jh 8d\n" + body
    )


GOOD_STEPS = "steps:\n  - move: Ac\n    narration: A leads.\n"


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (_lesson(GOOD_STEPS).replace("dealer: C", "dealer: E"), 7, "'E' is not a seat"),
        (_lesson(GOOD_STEPS).replace("rules: three", "rules: classic"), 7, "'C' is not a player"),
        (_lesson(GOOD_STEPS).replace("9c Kd", "Kd"), 9, "hand has 6 cards"),
        (_lesson(GOOD_STEPS).replace("Qd Ks 8h", "Qd Ks Ah"), 11, "dealt 2 times"),
        (_lesson(GOOD_STEPS).replace("8h\n", "7h\n"), 9, "not in the three pack"),
        (_lesson("steps:\n  - move: Ah\n"), 15, "may not make the move 'Ah'"),
        (_lesson(GOOD_STEPS + "    check: {score: {A: 12}}\n"), 17, "expected A 12"),
        (_lesson(GOOD_STEPS + "    check: {trick_winner: B}\n"), 17, "no trick is complete"),
        (_lesson(GOOD_STEPS + "    check: {hand: {A: Ac}}\n"), 17, "unknown check 'hand'"),
        (_lesson(GOOD_STEPS + "    your_move: {prompt: Go}\n"), 17, "moves it accepts"),
        (_lesson(GOOD_STEPS + "    your_move: {accept: [Kd]}\n"), 17, "is not one of the accepted"),
    ],
)
def test_a_broken_table_lesson_is_refused_where_the_problem_is(
    text: str, line: int, words: str
) -> None:
    lesson, errors = read_table_lesson("bad.yaml", text.encode())
    assert lesson is None and errors
    assert any(words in str(e) and e.line == line for e in errors), [str(e) for e in errors]
    de = errors[0].render(get_translator("de"))
    assert de.startswith("bad.yaml:") and de != str(errors[0])  # said in German


def test_a_good_table_lesson_reads_beside_the_lessons_for_two(tmp_path: Path) -> None:
    lesson, errors, frames = check_lesson_data("good.yaml", _lesson(GOOD_STEPS).encode())
    assert not errors and lesson is not None and len(frames) == 2 and lesson.seats == 3
    (tmp_path / "x.yaml").write_text(_lesson(GOOD_STEPS))
    (tmp_path / "y.yaml").write_text((FOLDER / "example-1.yaml").read_text("utf-8"))
    found, problems = validate_paths([tmp_path])
    assert sorted(les.id for les in found) == ["example-1", "t"] and not problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_says_the_move_the_trick_and_the_rule_with_its_source(lang: str) -> None:
    tr = get_translator(lang)
    frames = FRAMES["table-01-three-players"]
    k = next(i for i, f in enumerate(frames) if "phase2.trump" in f.rule_ids)
    text = step_text(
        before=frames[k - 1].state,
        after=frames[k].state,
        move=frames[k].move,
        narration=frames[k].narration,
        rule_ids=frames[k].rule_ids,
        verdict=frames[k].verdict,
        tr=tr,
    )
    assert text.narration == tr._(frames[k].narration) and "{" not in text.narration
    assert text.rules and all(tr._("Source") in line or ":" in line for line in text.rules)
    assert text.happened and "C" in text.happened[0]


def test_the_learners_move_is_praised_refused_with_its_rule_or_sent_back() -> None:
    tr = get_translator("en")
    frames = FRAMES["table-01-three-players"]
    k = next(i for i, f in enumerate(frames) if f.your_move and f.move == parse_move("10h"))
    before, frame = frames[k - 1].state, frames[k]
    assert frame.your_move is not None and frame.move is not None and not frame.values
    right = your_move_reply(before, frame, frame.move, tr)
    assert right.right and right.lines == (tr._(frame.your_move.feedback),)
    wrong = your_move_reply(before, frame, parse_move("10c"), tr)
    assert not wrong.right and "trump" in wrong.lines[0]
    other = your_move_reply(before, frame, parse_move("Kh"), tr)
    assert not other.right and "allowed" in other.lines[0]


# -- the Learn page --------------------------------------------------------------------------


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Start:
    def run(**params: str) -> AppTest:
        monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
        at = AppTest.from_file(APP, default_timeout=60)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
        assert_clean(at)
        return at

    return run


def test_the_catalogue_lists_the_table_lessons_and_a_deep_link_opens_one(start: Start) -> None:
    at = start(lang="pl")
    tr = get_translator("pl")
    assert tr._("Three and four at the table") in [h.value for h in at.subheader]
    for les in TABLES:
        assert at.button(key=f"open_{les.id}").label == tr._("Open")
    les = LESSONS["table-03-partner-signals"]
    at = start(lang="de", lesson=les.id, step="3", projector="1")
    tr_de = get_translator("de")
    board = html(at, "t66-tboard")
    assert "t66-seats-4" in board and "t66-proj" in board and board.count("t66-tseat") == 4
    assert 'data-step="3"' in html(at, "t66-counter")
    assert at.query_params["lesson"] == les.id
    # The hands hidden from the learner's seat are face down until every hand is shown.
    backs = board.count(tr_de._("a face-down card"))
    assert backs >= 2  # B's and D's hands
    at.toggle(key="t66_table_show_all").set_value(True).run()
    assert html(at, "t66-tboard").count(tr_de._("a face-down card")) < backs


def test_a_junk_step_in_the_address_opens_the_nearest_step(start: Start) -> None:
    les = LESSONS["table-01-three-players"]
    at = start(lang="en", lesson=les.id, step="999")
    last = len(FRAMES[les.id]) - 1
    assert f'data-step="{last}"' in html(at, "t66-counter")
    assert any(str(last) in str(n.value) for n in at.toast) or at.info or at.warning


def test_the_hint_ladder_helps_at_a_move_of_a_table_lesson(start: Start) -> None:
    les = LESSONS["table-02-four-partners"]
    k = next(i for i, f in enumerate(FRAMES[les.id]) if f.your_move is not None)
    at = start(lang="de", lesson=les.id, step=str(k - 1))
    tr = get_translator("de")
    assert at.button(key="next").disabled  # the move is asked first
    at.button(key=f"hint_{k}").click().run()
    assert_clean(at)
    hint = html(at, "t66-hint")
    assert 'data-level="1"' in hint and 'data-level="2"' not in hint
    assert "t66-legal" in html(at, "t66-tboard")  # the cards that may be played are marked
    at.button(key=f"hint_{k}").click().run()
    assert 'data-level="2"' in html(at, "t66-hint")
    assert at.button(key=f"hint_{k}").label == tr._("Show a hint ({level} of 4)", level=3)


def _open_file(lang: str, name: str, data: bytes) -> None:
    import streamlit as st

    from tutor_app import lesson_callbacks, lesson_catalogue, session, shared
    from tutor_app.pages import learn

    session.init_session()
    st.session_state.lang = lang
    lesson_catalogue.open_upload(name, data)
    lesson = lesson_callbacks.lessons().get(session.state.lesson) if session.state.lesson else None
    if lesson is not None:
        learn._player(lesson)
    else:
        lesson_catalogue.open_file_controls(shared.tr())


def test_a_lesson_file_for_three_opens_from_this_computer() -> None:
    data = (
        (FOLDER / "table-01-three-players.yaml")
        .read_bytes()
        .replace(b"id: table-01-three-players", b"id: my-three")
    )
    at = AppTest.from_function(_open_file, args=("pl", "mine.yaml", data), default_timeout=60)
    at.run()
    assert_clean(at)
    assert at.session_state["lesson"] == "my-three"
    assert "t66-seats-3" in html(at, "t66-tboard")
    broken = data.replace(b"dealer: C", b"dealer: E")
    at = AppTest.from_function(_open_file, args=("de", "bad.yaml", broken), default_timeout=60)
    at.run()
    assert not at.session_state["lesson"]
    problems = " ".join(md_plain(str(e.value)) for e in at.error)
    said = get_translator("de")._(
        "'{value}' is not a seat at this table; write one of {valid}", value="E", valid="A, B, C"
    )
    line = next(i for i, s in enumerate(broken.decode().splitlines(), 1) if "dealer: E" in s)
    assert f"bad.yaml:{line}" in problems and said in problems  # where and why, in German

"""The puzzle trainer in the app, run headless with AppTest: choose by theme, solve a puzzle,
fail one and see the refutation, reveal each hint level, upload solved marks; in two
languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.helpers import FakeBoard
from tutor.engine import Card
from tutor.search import Budget
from tutor.teach import puzzles as pz
from tutor.teach.puzzles import judge
from tutor.web.html import md_plain
from tutor.words import puzzle_text as pt
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
FOLDER = ROOT / "puzzles"
COLLECTION = pz.Collection.load(FOLDER)
LANGS = ("en", "de")
MARKS_FILE = "66-puzzles-solved.json"

Start = Callable[..., AppTest]


def clean(at: AppTest) -> None:
    """No exception and no error panel on the page."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


@pytest.fixture
def trainer(monkeypatch: pytest.MonkeyPatch) -> Iterator[Start]:
    """The app on the puzzles page, in a language, on a puzzles folder."""

    def run(lang: str = "en", folder: Path = FOLDER, *, panels: bool = False) -> AppTest:
        monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(folder))
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = lang
        at.run()
        at.switch_page("tutor_app/pages/puzzles.py").run()
        if panels:  # error panels for broken files are expected
            assert not at.exception, [e.value for e in at.exception]
        else:
            clean(at)
        return at

    yield run


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    clean(at)
    return at


def play(at: AppTest, board: FakeBoard, card: str) -> AppTest:
    """Click a card on the table and run the page, as a click in the browser does."""
    board.click(card)
    at.run()
    clean(at)
    return at


def texts(at: AppTest) -> str:
    """Everything written on the page as a reader sees it, in one string (the Markdown
    escapes read, each line of a list on its own)."""
    parts = [m.value for m in at.markdown]
    for kind in ("success", "info", "warning", "caption"):
        parts += [str(e.value) for e in at.get(kind)]
    return "\n".join(md_plain(p) for p in parts)


def values(elements: object) -> list[str]:
    """The text each element shows (its Markdown escapes read)."""
    return [md_plain(str(e.value)) for e in elements]  # type: ignore[attr-defined]


def puzzle(puzzle_id: str) -> pz.Puzzle:
    p = COLLECTION.get(puzzle_id)
    assert p is not None
    return p


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_and_the_theme_filter(trainer: Start, lang: str) -> None:
    tr = get_translator(lang)
    at = trainer(lang)
    assert [t.value for t in at.title] == [tr._("Puzzles")]
    assert {b.key for b in at.button if b.key.startswith("pz_open_")} == {
        f"pz_open_{p.id}" for p in COLLECTION.puzzles
    }
    at.selectbox(key="w_pz_theme").set_value("closed_head").run()
    clean(at)
    shown = {b.key[len("pz_open_") :] for b in at.button if b.key.startswith("pz_open_")}
    assert shown == {p.id for p in COLLECTION.puzzles if p.theme == "closed_head"}
    at.selectbox(key="w_pz_level").set_value(1).run()
    shown = {b.key[len("pz_open_") :] for b in at.button if b.key.startswith("pz_open_")}
    assert shown == {p.id for p in COLLECTION.puzzles if p.theme == "closed_head" and p.level == 1}


@pytest.mark.parametrize("lang", LANGS)
def test_solve_a_puzzle(trainer: Start, lang: str, fake_board: FakeBoard) -> None:
    tr = get_translator(lang)
    p = puzzle("keep-the-kings")
    at = click(trainer(lang), "pz_open_keep-the-kings")
    assert tr._(p.title) in texts(at) or any(tr._(p.title) in h.proto.body for h in at.get("html"))
    jack = Card.parse("Jh")
    assert "Jh" in fake_board.cards("pz_board")
    play(at, fake_board, "Jh")
    assert values(at.success)[0] == tr._(
        "Right! You reach the goal with {card}. Puzzle solved.", card=jack
    )
    assert tr._(p.explanation) in texts(at)
    assert at.session_state["pz_solved"] == {p.id: True}
    fake_board.html.clear()
    at.run()
    assert "pz_board" not in fake_board.html  # solved: the table takes no more clicks
    click(at, "pz_btn_next")
    assert at.session_state["pz_current"] not in (None, p.id)
    click(at, "pz_btn_list")
    assert at.button(key="pz_open_keep-the-kings").label == tr._("Try again")


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_move_shows_the_refutation(
    trainer: Start, lang: str, fake_board: FakeBoard
) -> None:
    tr = get_translator(lang)
    p = puzzle("ten-before-the-king")
    at = click(trainer(lang), "pz_open_ten-before-the-king")
    play(at, fake_board, "Qd")
    (warning,) = values(at.warning)
    assert warning == tr._(
        "Not quite: with {card} the goal is out of reach.", card=Card.parse("Qd")
    )
    refutation = pz.check(p, ["Qd"]).refutation
    assert refutation is not None
    lines = pt.line_words(refutation.before, refutation.line, tr)
    assert all(line in texts(at) for line in lines)
    assert p.id not in at.session_state["pz_solved"]
    click(at, "pz_btn_reveal")
    assert tr._(p.explanation) in texts(at)
    assert pt.hint(pz.start(p), 4, tr) in texts(at)
    click(at, "pz_btn_retry")
    assert "10d" in fake_board.cards("pz_board")
    assert not at.warning
    play(at, fake_board, "10d")
    assert at.session_state["pz_solved"] == {p.id: True}


@pytest.mark.parametrize("lang", LANGS)
def test_each_hint_level_one_at_a_time(trainer: Start, lang: str) -> None:
    tr = get_translator(lang)
    p = puzzle("ten-of-spades-first")
    at = click(trainer(lang), "pz_open_ten-of-spades-first")
    fresh = pz.start(p)
    for level in (1, 2, 3, 4):
        assert at.button(key="pz_btn_hint").label == tr._("Show a hint ({level} of 4)", level=level)
        click(at, "pz_btn_hint")
        page = texts(at)
        for shown in range(1, level + 1):
            assert tr._(pt.HINT_LEVELS[shown]) in page
            assert pt.hint(fresh, shown, tr) in page
        if level < 4:
            assert tr._(pt.HINT_LEVELS[level + 1]) not in page
    assert not [b for b in at.button if b.key == "pz_btn_hint"]
    assert tr.card(Card.parse("10s")) in pt.hint(fresh, 4, tr)


def test_a_puzzle_of_several_moves_goes_on_until_solved(
    trainer: Start, fake_board: FakeBoard
) -> None:
    tr = get_translator("en")
    at = click(trainer("en"), "pz_open_one-point-short")
    play(at, fake_board, "Jh")
    assert tr._(
        "Right so far: playing {card} is a good move. Go on.", card=Card.parse("Jh")
    ) in values(at.info)
    assert not at.success
    click(at, "pz_move_out")
    assert at.session_state["pz_solved"] == {"one-point-short": True}


def _upload(lang: str, data: bytes) -> None:
    import streamlit as st

    from tutor_app import puzzle_callbacks, puzzle_marks, session, shared

    session.init_session()
    st.session_state.lang = lang
    puzzle_callbacks.init_state()
    puzzle_marks.apply_upload(data)
    puzzle_marks.marks_controls(shared.tr())


@pytest.mark.parametrize("lang", LANGS)
def test_uploads_of_solved_marks(lang: str) -> None:
    tr = get_translator(lang)
    bad = AppTest.from_function(_upload, args=(lang, b"not json"), default_timeout=60)
    bad.run()
    assert not bad.exception
    assert values(bad.error) == [f"{MARKS_FILE}:1: " + tr._(pz.M_NOT_JSON)]
    good_data = pz.dump_marks({"keep-the-kings": True, "no-such-puzzle": True}).encode()
    good = AppTest.from_function(_upload, args=(lang, good_data), default_timeout=60)
    good.run()
    assert not good.exception and not good.error
    assert good.session_state["pz_solved"] == {"keep-the-kings": True}
    assert values(good.success) == [tr._("Solved puzzles read from the file: {count}.", count=1)]


def test_a_broken_puzzle_file_is_reported_not_raised(trainer: Start, tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text((FOLDER / "counting.yaml").read_text("utf-8"), "utf-8")
    (tmp_path / "bad.yaml").write_text("puzzles:\n  - id: x\n    level: 9\n", "utf-8")
    at = trainer("en", tmp_path, panels=True)
    (panel,) = values(at.error)  # one panel for the one broken file
    assert "bad.yaml:3:" in panel and "level" in panel
    assert str(tmp_path) not in panel  # no server path
    assert at.button(key="pz_open_one-point-short")


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_marriage_buttons_name_the_card_in_the_language(lang: str) -> None:
    from tutor.engine import Marriage
    from tutor.words.explain import move_label

    tr = get_translator(lang)
    declined = {"de": "mit dem Pik-König", "pl": "z królem pik"}[lang]
    for out in (False, True):
        label = move_label(Marriage(Card.parse("Ks"), out=out), tr)
        assert declined in label and "Marriage" not in label


def test_a_puzzle_too_large_to_judge_is_said_not_hidden(
    trainer: Start, monkeypatch: pytest.MonkeyPatch, fake_board: FakeBoard
) -> None:
    """When the solver's budget runs out while judging a move, the learner is told why."""
    at = click(trainer("de"), "pz_open_keep-the-kings")
    judge.analyse.cache_clear()
    monkeypatch.setattr(judge, "Budget", lambda: Budget(nodes=10, seconds=None))
    fake_board.click("Jh")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    tr = get_translator("de")
    from tutor.words.puzzle_page import E_TOO_LARGE

    assert tr._(E_TOO_LARGE) in values(at.info)
    assert at.session_state["pz_solved"] == {}

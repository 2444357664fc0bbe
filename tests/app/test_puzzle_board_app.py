"""Puzzles played on the table, run headless with AppTest (the clickable table is
``tests.helpers.FakeBoard``): a puzzle solved by clicking cards on the table, a card that may
not be played explained, the marks after the first hint, the computer's answers on the table
step by step, and a wrong move's refutation replayed on the table to its end with every card
face up and what decides it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from markupsafe import escape
from streamlit.testing.v1 import AppTest

from tests.helpers import FakeBoard
from tutor.engine import Card, check, parse_move
from tutor.teach import puzzles as pz
from tutor.teach.puzzles.replay import refutation_replay
from tutor.web.html import md_plain
from tutor.words import puzzle_text as pt
from tutor.words.explain import describe_outcome, explain_verdict
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
COLLECTION = pz.Collection.load(ROOT / "puzzles")
BOARD = "pz_board"

Open = Callable[[str, str], AppTest]


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


@pytest.fixture
def open_puzzle(monkeypatch: pytest.MonkeyPatch) -> Iterator[Open]:
    """The app on the puzzles page with one puzzle open, in a language."""

    def run(puzzle_id: str, lang: str = "en") -> AppTest:
        monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(ROOT / "puzzles"))
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = lang
        at.run()
        at.switch_page("tutor_app/pages/puzzles.py").run()
        at.button(key=f"pz_open_{puzzle_id}").click().run()
        clean(at)
        return at

    yield run


def play(at: AppTest, board: FakeBoard, card: str) -> None:
    board.click(card)
    at.run()
    clean(at)


def press(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    clean(at)


def html(at: AppTest) -> str:
    """Every HTML block on the page (the tables drawn without clicks, the step panels)."""
    return "\n".join(str(h.proto.body) for h in at.get("html"))


def alts(markup: str) -> list[str]:
    return re.findall(r'alt="([^"]+)"', markup)


def warnings(at: AppTest) -> list[str]:
    return [md_plain(str(w.value)) for w in at.warning]


def puzzle(puzzle_id: str) -> pz.Puzzle:
    p = COLLECTION.get(puzzle_id)
    assert p is not None
    return p


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_puzzle_solved_by_clicking_cards_on_the_table(
    open_puzzle: Open, fake_board: FakeBoard, lang: str
) -> None:
    tr = get_translator(lang)
    p = puzzle("one-point-short")
    at = open_puzzle(p.id, lang)
    hand = {str(c) for c in p.state.hand(p.learner)}
    assert set(fake_board.cards(BOARD)) == hand  # the learner's hand is clickable, unmarked
    assert set(fake_board.cards(BOARD).values()) == {""}
    assert fake_board.focus[BOARD]  # the keyboard can play at once
    assert not [b for b in at.button if b.key and b.key.startswith("pz_play_")]  # no copy
    play(at, fake_board, "Jh")
    assert [md_plain(str(i.value)) for i in at.info][-1].startswith(
        tr._("Right so far: playing {card} is a good move. Go on.", card=Card.parse("Jh"))
    )
    press(at, "pz_move_out")  # declaring 66 stays a button below the table
    assert at.session_state["pz_solved"] == {p.id: True}
    attempt = at.session_state["pz_attempt"]
    said = [md_plain(str(s.value)) for s in at.success]  # the verdict says it once, no more
    assert said == [pt.feedback(p, attempt.last, tr).headline]
    table = "".join(str(h.proto.body) for h in at.get("html") if "t66-board" in str(h.proto.body))
    assert 'class="t66-turn"' not in table  # no one is to play a finished puzzle
    assert tr._("a face-down card") not in table  # every hand is shown


def test_a_card_that_may_not_be_played_is_explained(
    open_puzzle: Open, fake_board: FakeBoard
) -> None:
    tr = get_translator("en")
    at = open_puzzle("ten-waits-for-the-king")
    play(at, fake_board, "Jd")
    press(at, "pz_ans_next")  # B leads the ace of hearts: A must follow suit
    attempt = at.session_state["pz_attempt"]
    play(at, fake_board, "Kc")
    verdict = check(attempt.state, parse_move("Kc"))
    assert not verdict.legal
    refused = explain_verdict(verdict, attempt.state.rules, tr, you=True)
    assert refused in warnings(at)
    assert at.session_state["pz_attempt"] == attempt  # nothing judged, nothing played
    play(at, fake_board, "Qh")
    assert at.session_state["pz_attempt"].learner_moves == 2
    assert refused not in warnings(at)  # said once, for the card clicked


def test_the_allowed_cards_are_marked_after_the_first_hint(
    open_puzzle: Open, fake_board: FakeBoard
) -> None:
    at = open_puzzle("ten-waits-for-the-king")
    play(at, fake_board, "Jd")
    press(at, "pz_ans_next")
    assert fake_board.cards(BOARD) == {"Kc": "", "10h": "", "Qh": ""}
    press(at, "pz_btn_hint")
    assert fake_board.cards(BOARD) == {"Kc": "illegal", "10h": "legal", "Qh": "legal"}


def test_the_marks_on_request(open_puzzle: Open, fake_board: FakeBoard) -> None:
    at = open_puzzle("ten-waits-for-the-king")
    at.toggle(key="w_mark_legal").set_value(True).run()
    clean(at)
    assert set(fake_board.cards(BOARD).values()) == {"legal"}
    assert at.session_state["mark_legal"] is True


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_defenders_answers_on_the_table_step_by_step(
    open_puzzle: Open, fake_board: FakeBoard, lang: str
) -> None:
    tr = get_translator(lang)
    at = open_puzzle("ten-waits-for-the-king", lang)
    play(at, fake_board, "Jd")
    page = html(at)
    # Step 1: the trick, both cards, B's king takes it; the table takes no click meanwhile.
    assert 'data-answer="1"' in page
    trick = page[page.index('class="t66-trick"') :]
    assert tr.card(Card.parse("Jd"), "bare") in alts(trick)[:2]
    assert tr.card(Card.parse("Kd"), "bare") in alts(trick)[:2]
    assert tr._("takes the trick") in trick
    assert tr._("Step {step} of {last}", step=1, last=2) in page
    fake_board.html.clear()
    at.run()
    assert BOARD not in fake_board.html
    # Step 2: B leads the ace of hearts, and the learner's cards are to click again.
    press(at, "pz_ans_next")
    assert 'data-answer="2"' in html(at)
    table = fake_board.html[BOARD]
    led = table[table.index('class="t66-trick"') :]
    assert alts(led)[0] == tr.card(Card.parse("Ah"), "bare")
    assert set(fake_board.cards(BOARD)) == {"Kc", "10h", "Qh"}
    assert at.button(key="pz_ans_next").disabled
    press(at, "pz_ans_back")
    assert 'data-answer="1"' in html(at)


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_refutation_stepped_through_to_its_end(
    open_puzzle: Open, fake_board: FakeBoard, lang: str
) -> None:
    tr = get_translator(lang)
    p = puzzle("let-a-lead-diamonds")
    at = open_puzzle(p.id, lang)
    play(at, fake_board, "Kh")
    assert warnings(at)[0] == tr._(
        "Not quite: with {card} the goal is out of reach.", card=Card.parse("Kh")
    )
    assert not [b for b in at.button if b.key == "pz_btn_why"]  # shown at once, not asked for
    j = pz.check(p, ["Kh"])
    assert j.refutation is not None
    replay = refutation_replay(j.refutation)
    page = html(at)
    assert 'data-replay="0"' in page
    for card in replay.start.hand(1 - p.learner):  # the hidden hand turned up
        assert tr.card(card, "bare") in alts(page)
    assert at.button(key="pz_why_back").disabled
    for step in range(1, len(replay.steps) + 1):
        press(at, "pz_why_next")
        page = html(at)
        assert f'data-replay="{step}"' in page
        for line in pt.step_words(replay.steps[step - 1], tr)[:1]:
            assert str(escape(line)) in page
    assert at.button(key="pz_why_next").disabled
    assert replay.decider is not None
    end = replay.refutation.end
    assert end.result is not None
    assert str(escape(pt.decider_words(replay.decider, end.rules, tr))) in page
    assert str(escape(describe_outcome(end.result, end.rules, tr))) in page
    assert "t66-wins" in page  # the last trick on the table
    press(at, "pz_why_close")
    assert "data-replay" not in html(at)
    assert at.button(key="pz_btn_why")


def test_a_refutation_in_a_deal_of_hidden_cards(open_puzzle: Open, fake_board: FakeBoard) -> None:
    tr = get_translator("en")
    p = puzzle("marry-before-the-stock-ends")
    at = open_puzzle(p.id, "en")
    play(at, fake_board, "Qc")
    j = pz.check(p, ["Qc"])
    assert j.refutation is not None and j.refutation.other_cards
    page = html(at)
    for card in j.refutation.before.hand(1):
        assert tr.card(card, "bare") in alts(page)
    intro = pt.replay_intro(refutation_replay(j.refutation), p.learner, tr)
    assert all(str(escape(line)) in page for line in intro)
    press(at, "pz_btn_retry")
    assert "data-replay" not in html(at)
    assert set(fake_board.cards(BOARD)) == {str(c) for c in p.state.hand(p.learner)}


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_puzzle_opened_by_its_address(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """``/puzzles?id=...`` opens that puzzle and keeps its id in the address; an unknown id is
    named in a notice in the page's language and the list is shown."""
    tr = get_translator(lang)
    monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(ROOT / "puzzles"))
    p = puzzle("let-a-lead-diamonds")
    for wanted, opened in ((p.id, p.id), ("no-such-puzzle", None)):
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["lang"] = lang
        at.run()
        at.query_params["id"] = wanted
        at.switch_page("tutor_app/pages/puzzles.py").run()
        clean(at)
        assert at.session_state["pz_current"] == opened
        if opened:
            assert at.query_params["id"] == opened
            assert at.button(key="pz_btn_list")  # the puzzle, not the list
        else:
            assert "id" not in at.query_params
            notice = tr._(
                "There is no puzzle called '{puzzle}'. Choose one from the list below.",
                puzzle=wanted,
            )
            assert notice in [md_plain(str(i.value)) for i in at.info]

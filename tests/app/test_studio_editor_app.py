"""The Studio page run headless with AppTest (the clickable table is ``tests.helpers.
FakeBoard``): a position set up card by card with three refusals on the way, each said in
words, then complete and drawn as the table; the link opened gives the same position; junk
in ``pos`` gives a notice; the page in de, pl and en."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.helpers import FakeBoard
from tutor.engine import Play, State
from tutor.teach.studio.link import decode, encode
from tutor.teach.studio.setup import TRUMP, Setup, hand
from tutor.web.html import md_plain
from tutor.words.app_text import AppWords
from tutor.words.i18n import get_translator
from tutor.words.studio_page import StudioWords, refusal_text

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
BOARD = "studio_board"
HAND_A = "10h Kh 9h 10c Kc Qc"
HAND_B = "Jh As Ks Qs Ad Kd"
STOCK = "10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd"


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def studio(lang: str = "en", pos: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    if pos is not None:
        at.query_params["pos"] = pos
    at.switch_page("tutor_app/pages/studio.py").run()
    clean(at)
    return at


def target(at: AppTest, place: str) -> None:
    at.radio(key="studio_target").set_value(place).run()
    clean(at)


def click(at: AppTest, board: FakeBoard, move: str) -> None:
    board.click(move)
    at.run()
    clean(at)


def warnings(at: AppTest) -> list[str]:
    return [md_plain(str(w.value)) for w in at.warning]


def put(at: AppTest, board: FakeBoard, cards: str) -> None:
    for card in cards.split():
        assert f"put:{card}" in board.cards(BOARD), card
        click(at, board, f"put:{card}")
        assert not warnings(at), (card, warnings(at))


def setup_of(at: AppTest) -> Setup:
    value = at.session_state["studio_setup"]
    assert isinstance(value, Setup)
    return value


@pytest.mark.slow
def test_a_position_set_up_card_by_card(fake_board: FakeBoard) -> None:
    en = get_translator("en")
    at = studio()
    target(at, "trump")
    put(at, fake_board, "Ah")
    assert "put:Ah" not in fake_board.cards(BOARD)  # the card placed is greyed out in the pack
    assert "take:trump:Ah" in fake_board.cards(BOARD)
    target(at, "hand.A")
    put(at, fake_board, HAND_A)
    # Refusal 1: the hand is full.
    click(at, fake_board, "put:Jh")
    full = Setup().put("Ah", TRUMP)
    for card in HAND_A.split():
        full = full.put(card, hand(0))  # type: ignore[union-attr]
    assert warnings(at) == [refusal_text(full.put("Jh", hand(0)), en)]  # type: ignore[union-attr]
    assert warnings(at) == ["The jack of hearts does not fit: the hand of A is full."]
    # Refusal 2: a face-up card lies there already.
    target(at, "trump")
    click(at, fake_board, "put:Jh")
    assert warnings(at) == [
        "The jack of hearts cannot lie face up: the ace of hearts lies there already."
    ]
    # Refusal 3: a card of the history taken back out of order is refused; a card taken back
    # from a hand goes back to the pack.
    target(at, "past")
    put(at, fake_board, "Jh As")
    click(at, fake_board, "take:past:Jh")
    assert warnings(at) == [
        "The jack of hearts: take back the ace of spades first, the card played after it."
    ]
    click(at, fake_board, "take:past:As")
    click(at, fake_board, "take:past:Jh")
    click(at, fake_board, "take:hand.A:Qc")
    assert "put:Qc" in fake_board.cards(BOARD)
    target(at, "hand.A")
    put(at, fake_board, "Qc")
    target(at, "hand.B")
    put(at, fake_board, HAND_B)
    target(at, "stock")
    assert [md_plain(str(i.value)) for i in at.info] == ["11 cards are still to place."]
    put(at, fake_board, STOCK)
    words = StudioWords().said(en)
    assert words.complete in [md_plain(str(s.value)) for s in at.success]
    deal = setup_of(at).deal()
    assert isinstance(deal, State) and deal.to_move == 0
    # the position is drawn as the table of the analysis board below the editor
    table = fake_board.html["studio_analysis_board"]
    assert "t66-board" in table and "Card table" in table
    # two moves forward on the board and back again: the editor's position stays
    played = []
    for _ in range(2):
        line = at.session_state["studio_analysis_line"]
        card = next(str(m) for m in line.deal.legal_moves() if isinstance(m, Play))
        fake_board.click(card, key="studio_analysis_board")
        at.run()
        played.append(card)
    line = at.session_state["studio_analysis_line"]
    assert [str(m) for m in line.moves] == played and line.cursor == 2
    for _ in range(2):
        at.button(key="studio_analysis_nav_back").click().run()
    line = at.session_state["studio_analysis_line"]
    assert line.cursor == 0 and line.deal == deal and len(line.moves) == 2
    assert setup_of(at).deal() == deal
    assert at.query_params["pos"] == encode(setup_of(at))


@pytest.mark.slow
def test_the_link_opens_the_same_position() -> None:
    s = Setup().fill(seed=7)
    at = studio("de", pos=encode(s))
    assert setup_of(at) == s
    done = StudioWords().said(get_translator("de")).complete
    assert done in [md_plain(str(x.value)) for x in at.success]


@pytest.mark.parametrize("junk", ["1%%%", "2" + "A" * 30, "1" + "A" * 600, "1QUJD"])
def test_junk_in_the_address_gives_a_notice(junk: str) -> None:
    at = studio("pl", pos=junk)
    said = warnings(at)
    assert len(said) == 1 and "{" not in said[0]
    assert "studio_setup" not in at.session_state  # nothing was set up from the junk


@pytest.mark.parametrize("lang", ["de", "pl", "en"])
def test_the_page_in_every_language(lang: str, fake_board: FakeBoard) -> None:
    at = studio(lang)
    t = get_translator(lang)
    assert at.title[0].value == AppWords().said(t).studio
    assert len(fake_board.cards(BOARD)) == 24
    at.button(key="studio_fill").click().run()
    clean(at)
    assert isinstance(setup_of(at).deal(), State)


@pytest.mark.slow
def test_a_puzzle_opens_in_the_studio(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.teach import puzzles as pz

    monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(ROOT / "puzzles"))
    p = pz.Collection.load(ROOT / "puzzles").puzzles[0]
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "pl"
    at.run()
    at.switch_page("tutor_app/pages/puzzles.py").run()
    at.button(key=f"pz_open_{p.id}").click().run()
    clean(at)
    links = [x.proto for x in at.get("page_link") if x.proto.page == "studio"]
    assert len(links) == 1
    assert links[0].label == StudioWords().said(get_translator("pl")).open_in_studio
    code = links[0].query_string.removeprefix("pos=")
    opened = decode(code)
    assert isinstance(opened, Setup) and opened.deal() == p.state


@pytest.mark.slow
def test_other_rules_take_out_what_no_longer_fits(fake_board: FakeBoard) -> None:
    at = studio("de")
    target(at, "hand.A")
    put(at, fake_board, "9h Ah")
    at.selectbox(key="w_studio_preset").set_value("schnapsen").run()
    clean(at)
    assert setup_of(at).preset == "schnapsen" and setup_of(at).hands[0] == ("Ah",)
    said = [md_plain(str(i.value)) for i in at.info]
    assert any(x.startswith("Herausgenommen") and "Herz-Neun" in x for x in said), said
    assert len(fake_board.cards(BOARD)) == 19 + 1  # 19 cards of the pack free, one to take back
    at.selectbox(key="w_studio_preset").set_value("named_trump").run()
    clean(at)
    at.selectbox(key="w_studio_suit").set_value("h").run()
    clean(at)
    assert setup_of(at).trump_suit == "h" and setup_of(at).seats == 2
    at.selectbox(key="w_studio_preset").set_value("four").run()
    assert setup_of(at).seats == 4 and "take:hand.D:Ah" not in fake_board.cards(BOARD)


@pytest.mark.slow
def test_the_play_table_opens_in_the_studio(monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.teach.play.coach as coach

    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "de"
    at.run()
    at.switch_page("tutor_app/pages/play.py").run()
    at.session_state["play_seed_base"] = 100
    at.button(key="play_start").click().run()
    clean(at)
    game = at.session_state["play_game"]
    links = [x.proto for x in at.get("page_link") if x.proto.page == "studio"]
    assert len(links) == 1
    assert links[0].label == StudioWords().said(get_translator("de")).open_in_studio
    opened = decode(links[0].query_string.removeprefix("pos="))
    assert isinstance(opened, Setup) and opened.deal() == game.state


@pytest.mark.slow
def test_a_lesson_step_opens_in_the_studio(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.teach.lessons import Library

    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    lesson_id = "example-1"
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "en"
    at.query_params["lesson"] = lesson_id
    at.query_params["step"] = "5"
    at.run()
    clean(at)
    links = [x.proto for x in at.get("page_link") if x.proto.page == "studio"]
    assert len(links) == 1
    opened = decode(links[0].query_string.removeprefix("pos="))
    frames = Library.load(ROOT / "lessons").frames(lesson_id)
    assert isinstance(opened, Setup) and opened.deal() == frames[5].state

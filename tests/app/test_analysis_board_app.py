"""The analysis board in a page (``tutor_app.analysis_panel``) on a seeded deal of two, three
and four seats: moves forward and back, a hint level opened, every move's value, the deals of
"what if", and the words in de, pl and en without ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.helpers import FakeBoard
from tutor.engine import PRESETS, RULE_SWITCH, TABLE_PRESETS, Play
from tutor.teach.lessons import valid_rule_ids
from tutor.teach.studio.board import WHAT_IF_DEALS, BoardLine, PointOfView, analysis_at
from tutor.web.html import md_plain
from tutor.words import analysis_page as aw
from tutor.words.i18n import get_translator
from tutor.words.reasons import explain_verdict

PAGE = str(Path(__file__).with_name("analysis_board_page.py"))
BOARD = "ab_board"
IDS = re.compile(r"\b(?:" + "|".join((*PRESETS, *TABLE_PRESETS)) + r")\b(?!\.com)")


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def blocks(at: AppTest, marker: str) -> list[str]:
    return [str(b.proto.body) for b in at.get("html") if marker in str(b.proto.body)]


def line_of(at: AppTest) -> BoardLine:
    line = at.session_state["ab_line"]
    assert isinstance(line, BoardLine)
    return line


def shown_text(at: AppTest) -> str:
    """Every word the board shows: its HTML with the tags taken out, buttons, labels."""
    html = " ".join(str(b.proto.body) for b in at.get("html"))
    said = re.sub(r"<[^>]+>", " ", html)
    labels = [str(b.label) for b in at.button] + [str(e.label) for e in at.expander]
    labels += [str(s.label) for s in at.selectbox] + [str(t.label) for t in at.toggle]
    texts = [*at.markdown, *at.caption, *at.subheader, *at.warning, *at.info]
    return " ".join((said, *labels, *(md_plain(str(m.value)) for m in texts)))


def started(preset: str, lang: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state["ready"] = True
    at.session_state["lang"] = lang
    at.session_state["ab_preset"] = preset
    at.run()
    clean(at)
    return at


@pytest.mark.parametrize(("preset", "lang"), [("classic", "en"), ("three", "de"), ("four", "pl")])
def test_two_moves_forward_and_back_a_hint_the_values_and_what_if(
    fake_board: FakeBoard, preset: str, lang: str
) -> None:
    tr = get_translator(lang)
    w = aw.AnalysisWords().said(tr)
    at = started(preset, lang)
    start = line_of(at).deal
    assert blocks(at, "t66-played") and w.nothing_played in blocks(at, "t66-played")[0]
    # every legal move in the move list, best first, each with its value
    analysis = analysis_at(line_of(at), PointOfView())
    assert analysis is not None
    moves = blocks(at, "t66-moves")[0]
    assert moves.count('class="t66-move') == len(start.legal_moves()) == len(analysis.moves)
    rows = aw.move_rows(analysis, start, tr)
    assert moves.index(rows[0].title) < moves.index(rows[-1].title) or len(rows) == 1
    assert rows[0].lines[-1].replace("'", "&#39;") in moves  # the value, last
    # two moves forward by clicking cards of the seat on turn
    for ply in (1, 2):
        before = line_of(at).deal
        card = next(m for m in before.legal_moves() if str(m) in fake_board.cards(BOARD))
        fake_board.click(str(card))
        at.run()
        clean(at)
        line = line_of(at)
        assert line.cursor == ply and line.moves[-1] == card
        assert line.deal == before.apply(card)
        assert blocks(at, "t66-played")[0].count("<li") == ply
    board_after_two = fake_board.html[BOARD]
    at.button(key="ab_nav_back").click().run()
    clean(at)
    assert line_of(at).cursor == 1 and len(line_of(at).moves) == 2  # the line is kept
    played = blocks(at, "t66-played")[0]
    assert played.count("<li") == 2 and played.count("t66-ahead") == 1
    at.button(key="ab_nav_back").click().run()
    assert line_of(at).cursor == 0 and line_of(at).deal == start
    at.button(key="ab_nav_end").click().run()
    assert line_of(at).cursor == 2 and fake_board.html[BOARD] == board_after_two
    at.button(key="ab_nav_start").click().run()
    clean(at)
    assert line_of(at).cursor == 0
    # a hint level opened on demand, then the next
    assert not blocks(at, 't66-hint" aria-live')
    at.button(key="ab_more_hint").click().run()
    clean(at)
    hint = blocks(at, 't66-hint" aria-live')[0]
    assert 'data-level="1"' in hint and 'data-level="2"' not in hint
    at.button(key="ab_more_hint").click().run()
    assert 'data-level="2"' in blocks(at, 't66-hint" aria-live')[0]
    # what if: its expander and its deals, each with a best move
    assert w.what_if in [str(e.label) for e in at.expander]
    deals = blocks(at, "t66-whatifs")[0]
    assert deals.count('class="t66-whatif"') == WHAT_IF_DEALS
    assert deals.count(tr._("Best in this deal: {move}.", move="").rstrip(".").strip()) >= 1
    # the words: in the language, with no preset or rule id
    said = shown_text(at)
    assert w.heading in said and w.what_if in said
    english = aw.AnalysisWords().said(get_translator("en"))
    if lang != "en":  # said in the language, not left in English
        assert w.heading != english.heading and w.what_if != english.what_if
        assert english.what_if not in said
    assert not IDS.search(said), IDS.search(said)
    verdicts = analysis.situation.verdicts
    rule_ids = {*RULE_SWITCH, *valid_rule_ids(), *(r.rule_id for v in verdicts for r in v.reasons)}
    word = r"(?<![\w.-]){}(?![\w-])"
    assert not [rid for rid in rule_ids if re.search(word.format(re.escape(rid)), said)]


def test_an_illegal_card_is_refused_with_the_rule_and_a_new_deal_resets_the_line(
    fake_board: FakeBoard,
) -> None:
    at = started("classic", "en")
    deal = line_of(at).deal
    lead = next(m for m in deal.legal_moves() if str(m) in fake_board.cards(BOARD))
    fake_board.click(str(lead))
    at.run()
    after = line_of(at).deal
    # the follower's hand is shown; a card of the leader's hand is no move of the follower
    mover = after.to_move
    assert mover is not None
    other = next(c for c in after.hand(1 - mover))
    fake_board.click(str(other))  # not in the hand on turn: the engine refuses it
    at.run()
    clean(at)
    assert line_of(at).cursor == 1
    verdict = after.check(Play(other))
    assert not verdict.legal
    said = explain_verdict(verdict, after.rules, get_translator("en"), you=True)
    assert [md_plain(str(x.value)) for x in at.warning] == [said]
    at.session_state["ab_preset"] = "pagat"
    at.run()
    clean(at)
    assert line_of(at).cursor == 0 and line_of(at).moves == ()


@pytest.mark.parametrize("preset", ["classic", "four"])
def test_hidden_hands_show_only_the_seats_own_and_what_if_follows_the_seat(
    fake_board: FakeBoard, preset: str
) -> None:
    at = started(preset, "en")
    deal = line_of(at).deal
    mover = deal.to_move
    assert mover is not None
    at.toggle(key="ab_w_open").set_value(False).run()
    clean(at)
    table = fake_board.html[BOARD]
    assert table.count(", face down") == deal.seats - 1
    assert set(fake_board.cards(BOARD)) == {str(c) for c in deal.hand(mover)}
    seat = (mover + 1) % deal.seats
    at.selectbox(key="ab_w_seat").set_value(seat).run()
    clean(at)
    assert BOARD not in fake_board.html or fake_board.html[BOARD] == table  # no clickable hand
    shown = blocks(at, "t66-board")[0]
    assert shown.count(", face down") == deal.seats - 1
    # the seat on turn plays by buttons now; what if shows the other seats' hands
    assert any(str(b.key).startswith("ab_move_") for b in at.button)
    tr = get_translator("en")
    deals = blocks(at, "t66-whatifs")[0]
    assert tr._("Hand of player {name}", name="ABCD"[seat]) not in deals
    assert tr._("Hand of player {name}", name="ABCD"[mover]) in deals

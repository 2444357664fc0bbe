"""A line cut into the steps the table shows, what decides a refutation's end, and their words
and tables: on the puzzles of the repository, in three languages."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from markupsafe import escape

from tests.words.test_words_leaks import check_lines
from tutor.engine import PASS, Card, parse_move
from tutor.teach import puzzles as pz
from tutor.teach.puzzles.replay import (
    Decides,
    Replay,
    decider,
    line_steps,
    refutation_replay,
    reply_steps,
)
from tutor.web.board import BoardOptions
from tutor.web.puzzle_html import (
    replay_board_html,
    replay_panel_html,
    step_table,
)
from tutor.words import puzzle_text as pt
from tutor.words.explain import describe_outcome
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = pz.Collection.load(ROOT / "puzzles")
LANGS = ("en", "de", "pl")


def puzzle(puzzle_id: str) -> pz.Puzzle:
    p = COLLECTION.get(puzzle_id)
    assert p is not None
    return p


def wrong(puzzle_id: str, move: str) -> tuple[pz.Puzzle, Replay]:
    p = puzzle(puzzle_id)
    j = pz.check(p, [move])
    assert j.mark is pz.Mark.WRONG and j.refutation is not None
    return p, refutation_replay(j.refutation)


def test_a_lead_and_its_answer_make_one_step() -> None:
    p = puzzle("ten-waits-for-the-king")
    j = pz.check(p, ["Jd"])
    steps = reply_steps(p.state, (j.move, *j.replies))
    assert [tuple(map(str, s.moves)) for s in steps] == [("Jd", "Kd"), ("Ah",)]
    first, second = steps
    assert first.trick == (Card.parse("Jd"), Card.parse("Kd"), 0, 1)  # B takes it
    assert first.player == 0 and second.player == 1
    assert second.trick is None and second.state.lead_card == Card.parse("Ah")
    table = step_table(first)
    assert [(c.player, str(c.card), c.wins) for c in table] == [(0, "Jd", False), (1, "Kd", True)]
    assert [(c.player, str(c.card)) for c in step_table(second)] == [(1, "Ah")]


def test_a_card_that_completes_a_trick_led_before_is_a_step_of_its_own() -> None:
    p = puzzle("throw-the-cheapest")  # B's lead lies on the table when the puzzle starts
    assert p.state.lead >= 0
    (step,) = line_steps(p.state, ["Jc"])
    assert step.trick is not None and step.trick[1] == Card.parse("Jc")
    assert step.before == p.state


def test_cards_drawn_after_a_trick_are_named() -> None:
    p = puzzle("exchange-in-time")
    j = pz.check(p, ["Qc"])
    assert j.refutation is not None
    steps = line_steps(j.refutation.before, j.refutation.line)
    first = next(s for s in steps if s.trick is not None)
    assert len(first.drawn) == 2  # one card each from the stock
    for player in (0, 1):
        assert len(first.drawn & set(first.state.hand(player))) == 1
    assert all(not s.drawn for s in steps if s.state.stock_size == 0 and s.before.stock_size == 0)


def test_the_last_trick_decides() -> None:
    p, replay = wrong("let-a-lead-diamonds", "Kh")
    d = replay.decider
    assert d is not None and d.kind is Decides.LAST_TRICK
    end = replay.refutation.outcome
    assert (d.player, d.points, d.other, d.bonus) == (0, 68, 62, 10)
    assert end.scores == (68, 62) and end.winner == 0 and p.learner == 1
    assert d.step == len(replay.steps) - 1
    assert d.trick == (Card.parse("Ad"), Card.parse("9d"))


def test_reaching_66_with_a_trick_decides() -> None:
    _, replay = wrong("ace-catches-the-ten", "Qs")
    d = replay.decider
    assert d is not None and d.kind is Decides.REACHED
    assert (d.player, d.points, d.trick, d.step) == (
        1,
        68,
        (Card.parse("Qs"), Card.parse("10c")),
        0,
    )


@pytest.mark.parametrize(
    ("puzzle_id", "move", "kind", "player"),
    [
        # kurnik: after the close B may not go out, and A falls short
        ("do-not-close", "close", Decides.SHORT, 0),
        ("do-not-close", "out", Decides.FALSE_OUT, 0),
        ("king-of-clubs-escape", "Jc", Decides.SCHNEIDER, 1),
    ],
)
def test_other_deciders(puzzle_id: str, move: str, kind: Decides, player: int) -> None:
    _, replay = wrong(puzzle_id, move)
    d = replay.decider
    assert d is not None and (d.kind, d.player) == (kind, player)
    assert d.points == replay.refutation.outcome.scores[player]


def test_no_decider_for_a_line_that_does_not_end_the_deal() -> None:
    p = puzzle("ten-waits-for-the-king")
    assert decider(line_steps(p.state, ["Jd", "Kd"])) is None
    assert decider(()) is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_of_what_decides_it(lang: str) -> None:
    tr = get_translator(lang)
    p, replay = wrong("let-a-lead-diamonds", "Kh")
    assert replay.decider is not None
    said = pt.decider_words(replay.decider, replay.refutation.end.rules, tr)
    assert all(n in said for n in ("10", "68", "62", "58")), said
    if lang != "en":
        assert "What decides it" not in said
    end = pt.replay_end(replay, p, tr)
    outcome = replay.refutation.end.result
    assert outcome is not None
    assert end[0] == said
    assert describe_outcome(outcome, replay.refutation.end.rules, tr) in end
    assert end[-1] == tr._(
        "The goal is missed. The goal was to {goal}.", goal=pt.goal_phrase(p, tr)
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_reaching_trick_is_named_by_its_cards(lang: str) -> None:
    tr = get_translator(lang)
    _, replay = wrong("ace-catches-the-ten", "Qs")
    assert replay.decider is not None
    said = pt.decider_words(replay.decider, replay.refutation.end.rules, tr)
    spades = tr.suit(Card.parse("Qs").suit).lower()
    assert "68" in said and spades[:3] in said.lower(), said


def _alts(markup: str) -> list[str]:
    return re.findall(r'alt="([^"]+)"', markup)


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_table_turns_every_card_up(lang: str) -> None:
    tr = get_translator(lang)
    p, replay = wrong("let-a-lead-diamonds", "Kh")
    opts = BoardOptions(show=(p.learner == 0, p.learner == 1))
    start = replay_board_html(replay, 0, tr, opts)
    for player in (0, 1):
        for card in replay.start.hand(player):
            assert tr.card(card, "bare") in _alts(start), card
    assert tr._("a face-down card") not in _alts(start)
    last = len(replay.steps)
    end = replay_board_html(replay, last, tr, opts)
    assert "t66-wins" in end  # the last trick on the table, with the card that takes it
    panel = replay_panel_html(replay, last, p, tr)
    assert f'data-replay="{last}"' in panel
    assert tr._("End of the deal") in panel
    assert replay.decider is not None
    decides = pt.decider_words(replay.decider, replay.refutation.end.rules, tr)
    assert str(escape(decides)) in panel
    first = replay_panel_html(replay, 0, p, tr)
    assert str(escape(pt.replay_intro(replay, p.learner, tr)[0])) in first


def test_hidden_cards_of_the_refuting_deal_are_said_and_shown() -> None:
    tr = get_translator("en")
    p, replay = wrong("marry-before-the-stock-ends", "Qc")
    assert replay.refutation.other_cards
    intro = pt.replay_intro(replay, p.learner, tr)
    assert intro[0].startswith("Here the cards you cannot see are turned up")
    opp = ", ".join(tr.card(c, "bare") for c in replay.start.hand(1))
    assert any(opp in line for line in intro)
    start = replay_board_html(replay, 0, tr, BoardOptions(show=(True, False)))
    for card in replay.start.hand(1):
        assert tr.card(card, "bare") in _alts(start)


def test_every_refutation_of_the_collection_replays_to_its_end() -> None:
    """Each puzzle's first wrong move: the steps replay the whole line and end the deal."""
    assert _replays()
    for p, replay in _replays():
        # a trick's draw is shown with the trick: its pass is not a step of its own
        played = [m for s in replay.steps for m in s.moves if m != PASS]
        assert played == [m for m in replay.refutation.line if m != PASS], p.id
        assert replay.steps[-1].state.result == replay.refutation.end.result, p.id


def test_moves_as_text_are_read() -> None:
    p = puzzle("ten-waits-for-the-king")
    assert line_steps(p.state, ["Jd", "Kd"]) == line_steps(
        p.state, [parse_move("Jd"), parse_move("Kd")]
    )


@cache
def _replays() -> tuple[tuple[pz.Puzzle, Replay], ...]:
    """Each puzzle's first wrong move and its replay."""
    out = []
    for p in COLLECTION.puzzles:
        analysis = pz.start(p).analysis()
        moves = [s.move for s in analysis.scores if s.move not in analysis.accepted]
        if moves:
            j = pz.check(p, [moves[0]])
            assert j.refutation is not None
            out.append((p, refutation_replay(j.refutation)))
    return tuple(out)


@pytest.mark.parametrize(("lang", "style"), [("de", "french"), ("pl", "german")])
def test_every_replay_reads_in_the_language(lang: str, style: str) -> None:
    """No English, no notation, no placeholder left in a replay's words, for every puzzle."""
    tr = get_translator(lang, style)
    for p, replay in _replays():
        lines = [*pt.replay_intro(replay, p.learner, tr), *pt.replay_end(replay, p, tr)]
        for step in replay.steps:
            lines += pt.step_words(step, tr)
        assert not check_lines(lines, lang, style), p.id


def test_the_cards_drawn_after_a_trick_are_said_as_far_as_they_are_seen() -> None:
    tr = get_translator("en")
    p = puzzle("exchange-in-time")
    j = pz.check(p, ["Qc"])
    assert j.refutation is not None
    steps = line_steps(j.refutation.before, j.refutation.line)
    first = next(s for s in steps if s.trick is not None)
    assert first.trick is not None
    taker = first.trick[3]
    trump = first.before.trump_card_value
    assert trump is not None and trump in first.drawn  # the last two cards: the trump card too
    top = next(c for c in first.drawn if c != trump)
    names = ("A", "B")
    both = pt.step_words(first, tr)[-1]
    assert both == " ".join(
        [
            tr._("{player} draws {card}.", player=names[taker], card=top),
            tr._(
                "{player} takes the face-up trump card, {card}.",
                player=names[1 - taker],
                card=trump,
            ),
        ]
    )
    hidden = [True, True]
    hidden[taker] = False
    said = pt.step_words(first, tr, (hidden[0], hidden[1]))[-1]
    assert tr._("{player} draws a card you cannot see.", player=names[taker]) in said
    assert tr.card(top) not in said

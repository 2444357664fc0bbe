"""Why a move is worse: every claim an explanation makes is checked against the play.

The corpus: decisions of self-play deals where a move loses at least half a game point against
the best. Each explanation of a loss the deals can tell from chance names a card of its line or
a deciding fact (or the trick the card cannot take, or what the move gives away), and what it
names happens: the line is legal from its deal and starts with the move, the trick it names is
the move's trick, the fact it names is how that line ends, and the count of deals is within the
deals looked at. A loss the deals cannot tell from chance is called about as good.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tutor.engine import (
    Play,
    State,
    apply,
    apply_unchecked,
    deal_table,
    legal_moves,
    random_deal,
    view_of,
)
from tutor.engine.presets import preset
from tutor.formats.positions import load_position
from tutor.search import club_player
from tutor.teach.hints import Analysis, analyse
from tutor.teach.hints.why import CANNOT_TAKE, Why, explain
from tutor.teach.lines import decider, line_steps
from tutor.words.i18n import get_translator
from tutor.words.why_text import why_lines

BIG = 0.5  # game points a move must lose to enter the corpus


def _beats(card: object, top: object, trump: object) -> bool:
    assert hasattr(card, "suit") and hasattr(top, "suit")
    if card.suit == top.suit:  # type: ignore[attr-defined]
        return bool(card.rank < top.rank)  # type: ignore[attr-defined]
    return card.suit == trump  # type: ignore[attr-defined]


def check_claims(analysis: Analysis, why: Why) -> None:
    """Every claim of ``why`` holds in the analysis and in the play of its line."""
    sit = analysis.situation
    if why.rule is not None:
        assert why.rule.kind in CANNOT_TAKE
        assert isinstance(why.move, Play) and why.rule.card == why.move.card
        assert not _beats(why.rule.card, why.rule.against, sit.trump)
        assert why.better is not None
    if why.mistake is not None:
        value = analysis.value_of(why.move)
        assert value is not None and why.mistake in value.mistakes
    if why.idea is not None:
        assert why.better is not None
        better = analysis.value_of(why.better)
        assert better is not None and why.idea in better.ideas
    line = why.line
    if line is None:
        return
    assert line.moves[0] == why.move
    state: State = line.start
    for move in line.moves:  # legal from its deal, move by move
        if state.result is not None:
            break
        state = apply(state, move) if move in legal_moves(state) else apply_unchecked(state, move)
    steps = line_steps(line.start, line.moves)
    assert steps[-1].state.result == line.end
    if line.fact is not None:
        assert decider(steps) == line.fact
    if line.trick is not None:
        led, answer, taker = line.trick
        trick = next(s.trick for s in steps if s.trick is not None)
        assert trick is not None and (trick[0], trick[1], trick[3]) == (led, answer, taker)
    assert 1 <= line.deals <= line.matters <= line.total == len(analysis.deals)


def _named(why: Why) -> bool:
    """The explanation names a card of its line or a deciding fact."""
    line = why.line
    in_line = line is not None and (line.trick is not None or line.fact is not None)
    return (
        in_line
        or why.rule is not None
        or why.mistake is not None
        or (line is not None and line.better_fact is not None)
        or (line is not None and line.end.scores != line.better_end.scores)
    )


def _corpus(preset_id: str, want: int, seed: int, samples: int) -> list[tuple[Analysis, Why]]:
    rules = preset(preset_id)
    rng = random.Random(seed)
    out: list[tuple[Analysis, Why]] = []
    deal = 0
    while len(out) < want and deal < want * 4:
        deal += 1
        state = random_deal(rules, rng)
        while state.result is not None or len(out) < want:
            if state.result is not None:
                break
            if len(legal_moves(state)) > 1 and rng.random() < 0.35:
                assert state.to_move is not None
                analysis = analyse(view_of(state, state.to_move), samples=samples, seed=deal)
                worst = analysis.moves[-1]
                if analysis.best.game_points - worst.game_points >= BIG:
                    out.append((analysis, explain(analysis, worst.move)))
            state = apply_unchecked(state, club_player(state, rng))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("preset_id", ["classic", "schnapsen"])
def test_every_big_loss_is_explained_by_what_happens(preset_id: str) -> None:
    corpus = _corpus(preset_id, 300, 7, 8)
    assert len(corpus) >= 300
    tr = get_translator("en")
    unexplained = []
    chance = 0
    for analysis, why in corpus:
        check_claims(analysis, why)
        lines = why_lines(why, tr)
        assert lines, why
        if why.chance:  # over 8 deals a loss this big may still be chance: the words say so
            chance += 1
            assert "is about as good as" in lines[-1] and why.line is None, lines
            continue
        if not _named(why):
            unexplained.append(str(why.move))
    assert not unexplained, unexplained
    assert chance < len(corpus) // 3


def _table_corpus(preset_id: str, want: int) -> list[tuple[Analysis, Why]]:
    rng = random.Random(3)
    out: list[tuple[Analysis, Why]] = []
    for _ in range(want * 6):
        if len(out) >= want:
            break
        state = deal_table(preset(preset_id), rng)
        while state.result is None and len(out) < want:
            if len(state.legal_moves()) > 1 and rng.random() < 0.3:
                analysis = analyse(state, samples=8, seed=len(out))
                worst = analysis.moves[-1]
                if analysis.best.game_points - worst.game_points >= BIG:
                    out.append((analysis, explain(analysis, worst.move, table=state)))
            state = state.apply(rng.choice(state.legal_moves()))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("preset_id", ["three", "four"])
def test_table_explanations_hold(preset_id: str) -> None:
    corpus = _table_corpus(preset_id, 100)
    assert len(corpus) >= 100
    for analysis, why in corpus:
        check_claims(analysis, why)
        trick = why.table_trick
        if trick is not None:
            assert 1 <= trick.deals <= trick.total
            assert isinstance(why.move, Play) and trick.card == why.move.card
    # at a table the values come from playouts: what is named is the trick the card falls in
    # (who takes it, with which card), the rule, the move's mistake or the better move's idea
    unexplained = [str(w.move) for _, w in corpus if not (_named(w) or w.table_trick)]
    assert not unexplained, unexplained


BLANK_TEN = Path(__file__).parents[2] / "positions" / "blank-ten.yaml"


def test_an_exact_loss_is_told_by_its_line() -> None:
    p = load_position(BLANK_TEN.read_text(encoding="utf-8"))
    analysis = analyse(p.subject)
    worst = next(m for m in analysis.moves if str(m.move) == "Kd")
    why = explain(analysis, worst.move)
    check_claims(analysis, why)
    assert why.exact and why.better == analysis.best.move and why.loss > 0
    values = (worst.game_points, analysis.best.game_points)
    words = " ".join(why_lines(why, get_translator("en"), values=values))
    # the king of diamonds led is taken by the ten: the line names it, then the better move
    assert words.startswith("If you lead the king of diamonds, B takes it with the ten of")
    assert "The ace of diamonds was better" in words
    assert words.index("In game points") > words.index("was better")  # numbers last


def test_a_card_that_cannot_take_the_trick_is_told_by_the_rule() -> None:
    rng = random.Random(11)
    found = None
    while found is None:
        state = random_deal(preset("classic"), rng)
        state = apply_unchecked(state, club_player(state, rng))  # a lead: the other follows
        assert state.to_move is not None
        analysis = analyse(view_of(state, state.to_move), samples=8)
        for value in analysis.moves[1:]:
            why = explain(analysis, value.move)
            if why.rule is not None:
                found = analysis, why
                break
    analysis, why = found
    check_claims(analysis, why)
    en = why_lines(why, get_translator("en"))[0]
    tr_de = get_translator("de")
    assert en.startswith(get_translator("en").card(why.rule.card).capitalize())
    assert "cannot take" in en
    de = why_lines(why, tr_de)[0]
    assert tr_de.card(why.rule.card).lower() in de.lower() and "nicht schlagen" in de


def test_a_lesson_reply_uses_only_the_terms_met() -> None:
    from tutor.teach.lessons.library import Library
    from tutor.teach.lessons.run import judge_move
    from tutor.web.course import known_terms
    from tutor.words.lesson_text import try_reply

    lib = Library.load(Path(__file__).parents[2] / "lessons")
    first = next(les for les in lib.lessons if les.id.startswith("01"))
    known = known_terms(lib.lessons, first)
    assert "game_point" not in known and "trump_suit" in known
    frames = lib.frames(first.id)
    step = next(i for i, f in enumerate(frames) if f.your_move is not None and i)
    before = frames[step - 1].state
    frame = frames[step]
    lead = before.trick_cards[0] if before.trick_cards else None
    off_suit = [
        m
        for m in before.legal_moves()
        if isinstance(m, Play) and lead is not None and m.card.suit != lead.suit
    ]
    assert off_suit
    en = get_translator("en")
    for move in off_suit:
        tried = judge_move(before, frame, move)
        reply = try_reply(tried, frame, en, known)
        words = " ".join(reply.lines)
        assert not reply.right
        assert "game point" not in words, words  # not taught yet
        if tried.why is not None and tried.why.rule is not None:
            assert reply.lines[0].startswith(en.card(move.card).capitalize()), words
            assert "cannot take" in reply.lines[0]
    everything = try_reply(judge_move(before, frame, off_suit[0]), frame, en)
    assert any("game point" in line for line in everything.lines)  # outside the course


def test_the_german_articles_discards_are_explained_with_its_reasons() -> None:
    """Example 1, B's discard: the king of diamonds rather than a small trump or a card of the
    marriage; example 2, A's discard: the queen of spades rather than the ten of hearts (the
    smaller evil). The engine values these cards alike; the reply gives the article's reason."""
    from tutor.teach.lessons.library import Library
    from tutor.teach.lessons.run import judge_move
    from tutor.words.lesson_text import try_reply

    lib = Library.load(Path(__file__).parents[2] / "lessons")
    en = get_translator("en")

    def reply(lesson_id: str, lesson_move: str, tried: str) -> str:
        frames = lib.frames(lesson_id)
        step = next(i for i, f in enumerate(frames) if f.your_move and str(f.move) == lesson_move)
        before, frame = frames[step - 1].state, frames[step]
        move = next(m for m in before.legal_moves() if str(m) == tried)
        return " ".join(try_reply(judge_move(before, frame, move), frame, en).lines)

    assert "keep the queen of spades: it belongs to a marriage" in reply("example-1", "Kd", "Qs")
    assert "keep the jack of hearts: a trump is worth more later" in reply("example-1", "Kd", "Jh")
    said = reply("example-2", "Qs", "10h")
    assert "Better to give the queen of spades, not the ten of hearts" in said


def test_the_lines_an_explanation_reads_are_the_rules_lines_and_read_once() -> None:
    """The lines the search made, played without the legality test, give the steps the checked
    play gives; and explaining the same moves again, with the better move's lines already
    played, gives the same explanations."""
    from tutor.teach.hints import why as why_module

    corpus = _corpus("classic", 3, 11, 12)
    replayed = 0
    for analysis, why in corpus:
        best = analysis.best
        for deal, line in zip(analysis.deals, best.deal_lines, strict=True):
            if line:
                assert line_steps(deal, line, checked=False) == line_steps(deal, line)
                replayed += 1
        why_module._ends.clear()
        first = [explain(analysis, m.move) for m in analysis.moves]
        again = [explain(analysis, m.move) for m in analysis.moves]
        assert again == first
        assert explain(analysis, why.move) == why
    assert len(corpus) == 3 and replayed >= 12

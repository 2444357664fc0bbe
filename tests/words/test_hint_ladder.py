"""The hint ladder teaches before it tells, for every puzzle and every position file, in English,
German and Polish: 1) the rule, 2) the idea without naming the move, 3) the moves worth
considering without marking the best, 4) the move and why."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tutor.engine import NAME_CASES, Close, DeclareOut, Exchange, Marriage, Move, Play, view_of
from tutor.formats.positions import Position, load_position
from tutor.teach import puzzles as pz
from tutor.teach.hints import Analysis, analyse, candidates, situation
from tutor.words import puzzle_hints
from tutor.words import puzzle_text as pt
from tutor.words.explain import move_item
from tutor.words.hint_text import HINT_TITLES, WHICH_IS_BEST, hint
from tutor.words.i18n import Translator, get_translator

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = sorted((ROOT / "positions").iterdir())
PUZZLES = pz.load_puzzles(ROOT / "puzzles")[0]
LANGS = ("en", "de", "pl")


@cache
def _position(path: Path) -> Position:
    return load_position(path)


@cache
def _analysis(path: Path) -> Analysis:
    return analyse(_position(path).subject)


def _names(move: Move, tr: Translator) -> list[str]:
    """Every way the words name ``move``: the move itself and, for a card, the card in every
    grammatical case."""
    out = [move_item(move, tr)]
    cards = (move.card,) if isinstance(move, Play | Marriage) else ()
    out += [tr.card(c, case) for c in cards for case in NAME_CASES]
    return [n.lower() for n in out]


def _names_any(text: str, moves: list[Move], tr: Translator) -> list[str]:
    low = text.lower()
    return [n for m in moves for n in _names(m, tr) if n in low]


def _without_list(text: str, moves: list[Move], tr: Translator) -> str:
    """``text`` without the list of the moves worth considering."""
    listed = tr._("Worth considering: {moves}.", moves=", ".join(move_item(m, tr) for m in moves))
    assert listed in text
    return text.replace(listed, "")


def test_the_puzzles_and_positions_are_there() -> None:
    assert len(PUZZLES) >= 20
    assert len(POSITIONS) >= 5


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_a_puzzle_hint_teaches_before_it_tells(puzzle: pz.Puzzle, lang: str) -> None:
    tr = get_translator(lang)
    attempt = pz.start(puzzle)
    a = attempt.analysis()
    answer = list(a.best)
    legal = [sc.move for sc in a.scores]
    one, two, three, four = (pt.hint(attempt, level, tr) for level in (1, 2, 3, 4))
    assert len({one, two, three, four}) == 4
    # 2: the idea, naming no move of the answer
    assert two
    assert not _names_any(two, answer, tr), two
    # 3: more than one move when more than one is legal, none of them marked as the best
    worth = puzzle_hints._candidates(a)
    assert len(worth) > 1 if len(legal) > 1 else len(worth) == 1
    assert set(answer) & set(worth)
    rest = _without_list(three, worth, tr)
    legal_now = ", ".join(move_item(m, tr) for m in _legal(attempt))
    rest = rest.replace(tr._("Legal now: {moves}.", moves=legal_now), "")
    assert not _names_any(rest, answer, tr), rest
    if len(worth) > 1:
        assert tr._(WHICH_IS_BEST) in three
    # 4: the move is named
    assert _names_any(four, answer[:1], tr), four


def _legal(attempt: pz.Attempt) -> list[Move]:
    p = attempt.puzzle
    return list(situation(view_of(attempt.state, p.learner, attempt.excluded)).legal)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_a_position_hint_teaches_before_it_tells(path: Path, lang: str) -> None:
    tr = get_translator(lang)
    a = _analysis(path)
    h = hint(_position(path), 4, tr, analysis=a)
    assert [p.title for p in h.parts] == [tr._(HINT_TITLES[k]) for k in (1, 2, 3, 4)]
    one, two, three, four = ("\n".join(p.lines) for p in h.parts)
    best = a.best.move
    # 1: the rule; the moves come later
    assert one
    # 2: the idea, naming no best move (every move as good as the best counts as the answer)
    answers = [m.move for m in a.moves if m.game_points >= a.best.game_points - 1e-9]
    assert two
    assert not _names_any(two, answers, tr), two
    # 3: more than one move when more than one is legal, the best among them but not marked
    worth = list(candidates(a))
    legal = a.situation.legal
    assert len(worth) > 1 if len(legal) > 1 else len(worth) == 1
    assert best in worth
    # the order of the hand, not of value: the first listed is not taken for the best
    assert worth == sorted(worth, key=list(legal).index)
    first = three.split("\n")[0]
    assert first == tr._(
        "Worth considering: {moves}.", moves=", ".join(move_item(m, tr) for m in worth)
    )
    assert tr._("Suggested: {move}.", move=move_item(best, tr)) not in three
    # 4: the move and why
    assert tr._("Suggested: {move}.", move=move_item(best, tr)) in four
    assert len(h.parts[3].lines) > 2


def test_the_ladder_says_the_last_trick_once_the_stock_is_used_up() -> None:
    en = get_translator("en")
    said = [
        "\n".join(hint(_position(p), 2, en, analysis=_analysis(p)).parts[1].lines)
        for p in POSITIONS
        if _analysis(p).situation.stock_size == 0 and _analysis(p).situation.closed_by < 0
    ]
    assert said
    assert all("The last trick is worth 10 extra points." in s for s in said)


@pytest.mark.slow
def test_the_ladder_says_the_special_moves_by_no_name() -> None:
    """Closing, the exchange and declaring are never named at level 2, in any language."""
    for lang in LANGS:
        tr = get_translator(lang)
        specials: list[Move] = [Close(), Exchange(), DeclareOut()]
        for p in PUZZLES:
            text = pt.hint(pz.start(p), 2, tr)
            assert not _names_any(text, specials, tr), (lang, p.id, text)

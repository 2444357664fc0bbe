"""Puzzles at tables of three and four: the deals a seat cannot tell apart, the judge on a
position counted by hand, mining reproducible from a seed, the file's table lines read and
proved again, and their texts in three languages."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tutor.cli.main import main as cli_main
from tutor.engine import SEAT_NAMES, Card, Play, Suit, TableState, parse_move
from tutor.engine.presets import preset
from tutor.engine.table import table_legal_moves, table_pack, table_position
from tutor.teach.puzzles.generated import (
    GENERATED_FILE,
    GeneratedSet,
    dump,
    read_generated,
    read_generated_tables,
    read_records,
    sample,
    table_puzzle_from_record,
)
from tutor.teach.puzzles.judge import Mark
from tutor.teach.puzzles.model import Goal, TablePuzzle
from tutor.teach.puzzles.table_generated import (
    TABLE_EXPLAIN_HIDDEN,
    TABLE_EXPLAIN_SEEN,
    is_table_record,
    table_record,
)
from tutor.teach.puzzles.table_judge import analyse_table, judge_table, table_deals
from tutor.teach.puzzles.table_mine import mine_table
from tutor.teach.puzzles.validate import validate_paths, validate_table
from tutor.words.i18n import get_translator
from tutor.words.puzzle_page import puzzle_explanation, puzzle_title
from tutor.words.table_puzzle_text import table_feedback

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / GENERATED_FILE
LANGS = ("en", "de", "pl")
SAMPLE = 6


def _cards(text: str) -> list[int]:
    return [Card.parse(c).index for c in text.split()]


def _endgame(b: str = "Kc 9s", c: str = "Qc Js", lacks: tuple[int, ...] = ()) -> TableState:
    """Three players, hearts trumps, two cards each, A to lead with 50 points: A holds the
    ace of trumps and the nine of clubs; B and C hold 9s Js Kc Qc between them.

    Counted by hand: A must lead the nine of clubs. Whoever holds a club takes that trick and
    leads the last card, and A's ace of trumps takes the last trick: 11 points at least and
    the last trick's 10 bring A past 66. Led first, the ace takes 11 and what the others throw
    away (they keep their clubs: at most 3 more), short of 66, and the nine of clubs then
    loses the last trick to a club. So 9c wins the deal in every one of the six ways the four
    unseen cards can lie, Ah in none."""
    rules = preset("three")
    hands = [_cards("Ah 9c"), _cards(b), _cards(c)]
    used = {c for h in hands for c in h} | {Card.parse("Qh").index}
    played = sorted(set(table_pack(rules)) - used)
    return table_position(
        rules,
        hands=hands,
        stock=(),
        trump=Suit.HEARTS,
        trump_card=Card.parse("Qh").index,
        dealer=2,
        leader=0,
        played=played,
        points=(50, 20, 20),
        tricks=(3, 2, 2),
        lacks=lacks,
    )


def test_the_deals_a_seat_cannot_tell_apart_respect_hand_sizes_and_lacks() -> None:
    s = _endgame()
    deals = table_deals(s, 0)
    assert len(deals) == 6  # four unseen cards, two to each of two hands
    assert all(d.hands[0] == s.hands[0] for d in deals)
    assert all(d.hands[1].bit_count() == 2 == d.hands[2].bit_count() for d in deals)
    assert s.hands in {d.hands for d in deals}
    clubs = sum(1 << c for c in _cards("Ac 10c Kc Qc Jc 9c 8c"))
    # B has shown it holds no club: the clubs are C's
    lacking = table_deals(_endgame("9s Js", "Kc Qc", lacks=(0, clubs, 0)), 0)
    assert len(lacking) == 1 and set(lacking[0].hand(1)) == {Card.parse("9s"), Card.parse("Js")}


def test_the_table_judge_finds_the_move_counted_by_hand() -> None:
    s = _endgame()
    a = analyse_table(s, 0, Goal.parse("win"))
    assert a.deals == 6
    assert a.accepted == (parse_move("9c"),)
    assert a.score(parse_move("Ah")).reached == 0
    assert all(v >= 1 for v in a.score(parse_move("9c")).values)


def test_a_table_puzzle_is_played_and_refuted() -> None:
    s = _endgame()
    p = TablePuzzle("t", "x", "closed_follow", 2, Goal.parse("win"), s, 0, (parse_move("9c"),), "")
    assert validate_table(p) == []
    right = judge_table(p, "9c")
    assert right.mark is Mark.RIGHT and right.end.result is not None
    assert right.end.result.winner == 0
    wrong = judge_table(p, "Ah")
    assert wrong.mark is Mark.WRONG and wrong.end.result is not None
    assert wrong.end.result.winner != 0
    bad = TablePuzzle(
        "t", "x", "closed_follow", 2, Goal.parse("win"), s, 0, (parse_move("Ah"),), ""
    )
    assert len(validate_table(bad)) == 2  # a second winning move, and one that does not win
    for lang in LANGS:
        _, head, details = table_feedback(p, wrong, get_translator(lang))
        assert head and details and "{" not in head + "".join(details)


@pytest.fixture(scope="module")
def mined() -> dict[str, list[object]]:
    return {
        "three": list(mine_table("three", 2, 5, attempts=30)),
        "four": list(mine_table("four", 1, 5, attempts=30)),
    }


def test_mining_at_tables_is_reproducible_and_proved(mined: dict[str, list[object]]) -> None:
    again = mine_table("three", 2, 5, attempts=30)
    assert [m.id for m in again] == [m.id for m in mined["three"]]  # type: ignore[attr-defined]
    for name, found in mined.items():
        assert found, name
        for m in found:
            r = table_record(m)  # type: ignore[arg-type]
            assert is_table_record(r) and r["player"] in SEAT_NAMES
            p = table_puzzle_from_record(r)
            assert validate_table(p) == [] and len(p.solution) >= 1


def test_table_lines_are_read_beside_the_two_seat_ones(
    tmp_path: Path, mined: dict[str, list[object]]
) -> None:
    path = tmp_path / "t.jsonl.gz"
    records = [table_record(m) for ms in mined.values() for m in ms]  # type: ignore[arg-type]
    dump(records, path)
    two, errors = read_generated(path)
    tables, errors2 = read_generated_tables(path)
    assert two == [] and errors == errors2 == [] and len(tables) == len(records)
    gen = GeneratedSet(path)
    first = records[0]["id"]
    assert gen.get(first) is None and gen.is_table(first)
    got = gen.get_table(first)
    assert got is not None and got.id == first
    found, problems = validate_paths([path])
    assert problems == [] and len(found) == len(records)
    broken = dict(records[0], solution=[str(m) for m in _others(got.state, got.solution)][:1])
    dump([broken], path)
    _, problems = validate_paths([path])
    assert problems, "a wrong solution is refused"


def _others(s: TableState, solution: tuple[object, ...]) -> list[object]:
    return [m for m in table_legal_moves(s) if m not in solution]


def test_the_cli_mines_a_table_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "f.jsonl.gz"
    args = ["puzzles", "generate", "--preset", "three", "--count", "1", "--seed", "3"]
    assert cli_main([*args, "--deals", "30", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "three:" in said and "positions judged" in said
    assert [r["preset"] for r in read_records(out)] == ["three"]


# ----------------------------------------------------------------------------- the shipped file


def _shipped_tables() -> list[dict[str, object]]:
    return [r for r in read_records(SHIPPED) if is_table_record(r)]


def test_the_shipped_file_holds_table_puzzles_at_three_and_four() -> None:
    per = Counter(str(r["preset"]) for r in _shipped_tables())
    assert per["three"] + per["three_pack32"] >= 100 and per["four"] >= 100, per


def test_a_seeded_sample_of_the_shipped_table_puzzles_is_proved_again() -> None:
    seed = random.randrange(10**6)
    for n, r in enumerate(sample(_shipped_tables(), SAMPLE, seed)):
        p = table_puzzle_from_record(r, line=n)
        assert validate_table(p) == [], (seed, p.id)


@pytest.mark.slow
def test_every_shipped_table_puzzle_is_proved() -> None:
    tables, errors = read_generated_tables(SHIPPED)
    assert errors == [] and tables
    for p in tables:
        assert validate_table(p) == [], p.id


def test_the_shipped_table_puzzles_have_their_texts_in_three_languages() -> None:
    for r in sample(_shipped_tables(), 40, 1):
        p = table_puzzle_from_record(r)
        assert p.explanation in (TABLE_EXPLAIN_SEEN, TABLE_EXPLAIN_HIDDEN)
        said = {}
        for lang in LANGS:
            tr = get_translator(lang)
            title, text = puzzle_title(p, tr), puzzle_explanation(p, tr)
            assert "{" not in title + text
            assert str(dict(p.params)["points"]) in title
            said[lang] = text
        assert len(set(said.values())) == 3, said
        first = p.solution[0]
        assert not isinstance(first, Play) or first.card in p.state.hand(p.learner)

"""The table of "your move" rankings: in step with the shipped lessons and the solver, read
instead of searching, and safe against a broken file."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engine import CARDS, Play, State, apply, legal_moves, parse_rules, random_deal
from tutor.teach.lessons import ranked
from tutor.teach.lessons.library import check_lesson_data, lesson_files
from tutor.teach.lessons.ranked import (
    TABLE,
    asked,
    position_key,
    ranking,
    read_table,
    searched,
    table_text,
)

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
REGENERATE = "run: .venv/bin/python scripts/rank_lessons.py"


@pytest.mark.slow
def test_the_table_holds_exactly_the_searched_rankings_of_the_shipped_lessons() -> None:
    """Every shipped lesson replayed with every ranking searched: the table has an entry for
    each of their "your move" positions, equal to the search, and no other."""
    with asked() as found:
        for path in lesson_files(LESSONS):
            lesson, errors, _frames = check_lesson_data(str(path), path.read_bytes())
            assert lesson is not None and not errors, path
    assert found, "the shipped lessons ask no 'your move' question"
    table = read_table(TABLE)
    assert set(table) == set(found), REGENERATE
    for key, rows in found.items():
        assert table[key] == rows, REGENERATE
    assert TABLE.read_text("utf-8") == table_text(found), REGENERATE


def _a_position() -> State:
    rules = parse_rules("schnapsen")
    s = random_deal(rules, random.Random(5), dealer=0)
    while s.stock_size > 2:  # play on until the exact search is quick
        s = apply(s, next(m for m in legal_moves(s) if isinstance(m, Play)))
    return s


def test_a_position_in_the_table_is_read_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _a_position()
    truth = searched(s)
    other = truth[::-1]  # a different ranking, so that the test sees where it came from
    monkeypatch.setattr(ranked, "_table", lambda: {position_key(s): other})

    def no_search(state: State) -> ranked.Ranking:
        raise AssertionError("searched although the table knows the position")

    monkeypatch.setattr(ranked, "searched", no_search)
    assert ranking(s) == other


def test_an_entry_that_does_not_list_the_legal_moves_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = _a_position()
    truth = searched(s)
    extra = next(Play(c) for c in CARDS if Play(c) not in dict(truth))
    for wrong in (truth[1:], ((extra, 3), *truth)):  # a move left out, a move too many
        monkeypatch.setattr(ranked, "_table", lambda wrong=wrong: {position_key(s): wrong})
        assert ranking(s) == truth


def test_a_position_not_in_the_table_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _a_position()
    monkeypatch.setattr(ranked, "_table", dict)
    got = ranking(s)
    assert got == searched(s)
    assert all(a >= b for (_, a), (_, b) in itertools.pairwise(got))


def test_keys_tell_positions_apart_and_do_not_depend_on_the_hash_seed() -> None:
    s = _a_position()
    after = apply(s, next(m for m in legal_moves(s) if isinstance(m, Play)))
    assert position_key(s) == position_key(s._replace())
    assert position_key(s) != position_key(after)
    assert position_key(s) != position_key(s._replace(rules=parse_rules("classic")))
    code = (
        "import json\n"
        "from tutor.teach.lessons.library import check_lesson_data\n"
        "from tutor.teach.lessons.ranked import asked\n"
        "from pathlib import Path\n"
        "p = Path('lessons/02-tricks-and-trumps.yaml')\n"
        "with asked() as found:\n"
        "    check_lesson_data(str(p), p.read_bytes())\n"
        "print(json.dumps(sorted(found)))"
    )
    root = Path(__file__).resolve().parents[2]
    outs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        outs.add(run.stdout)
    assert len(outs) == 1
    keys = json.loads(outs.pop())
    assert keys
    assert set(keys) <= set(read_table(TABLE))


def test_a_broken_table_gives_no_entries_and_a_broken_entry_is_left_out(
    tmp_path: Path,
) -> None:
    s = _a_position()
    good = searched(s)
    path = tmp_path / "ranked.json"
    path.write_text(table_text({position_key(s): good}), "utf-8")
    assert read_table(path) == {position_key(s): good}
    text = path.read_text("utf-8").rstrip().rstrip("}")
    path.write_text(
        text + ',\n"bad": [["Zz", 1]],\n"odd": [["Kc"]],\n"word": "x",\n"num": [[1, "two"]]\n}\n',
        "utf-8",
    )
    assert read_table(path) == {position_key(s): good}
    for junk in ("{", "[1, 2]", "", "\x00\xff"):
        path.write_text(junk, "utf-8", errors="replace")
        assert read_table(path) == {}
    assert read_table(tmp_path / "missing.json") == {}

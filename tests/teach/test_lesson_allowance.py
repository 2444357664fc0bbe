"""One lesson file's searches share one allowance: a file whose your-move steps need more of
the solver than one file may have is refused at the step where it ran out, in a few seconds,
while other checks go on."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest

import tutor.teach.lessons.library as library
from tutor.engine import Play, apply, legal_moves, preset, random_deal
from tutor.teach.lessons import ranked
from tutor.teach.lessons.library import check_lesson_data
from tutor.teach.lessons.messages import E_FILE_SEARCH, E_SEARCH_LIMIT
from tutor.teach.lessons.reader import read_lesson
from tutor.teach.lessons.replay import replay_all
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]


def hostile_lesson(
    rules: str = "pack32", seed: int = 4, steps: int = 24, asked_from: int = 0
) -> str:
    """A plain lesson of a random deal whose every step plays the first legal card and, from
    step ``asked_from`` on, asks it as a your-move question (about 3 KB when all are asked:
    every position a search of its own)."""
    state = random_deal(preset(rules), random.Random(seed))
    out = [
        "id: many-questions",
        "title: t",
        "level: 1",
        "summary: s",
        f"rules: {rules}",
        "terms: []",
        "deal:",
        "  dealer: B",
        "  hands:",
        f"    A: {' '.join(map(str, state.hand(0)))}",
        f"    B: {' '.join(map(str, state.hand(1)))}",
        f"  trump: {state.trump_card_value}",
        f"  stock: {' '.join(map(str, state.stock_cards))}",
        "  narration: n",
        "steps:",
    ]
    for i in range(steps):
        move = next(m for m in legal_moves(state) if isinstance(m, Play))
        out.append(f"  - move: {move}")
        if i >= asked_from:
            out += [
                "    your_move:",
                f"      accept: [{move}]",
                "      prompt: p",
                "      feedback: f",
            ]
        out.append("    narration: n")
        state = apply(state, move)
    return "\n".join(out) + "\n"


SMALL = (ROOT / "lessons/02-tricks-and-trumps.yaml").read_bytes()


def test_the_hostile_lesson_is_refused_at_its_first_step_within_one_allowance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = hostile_lesson()
    assert 2_000 < len(text) < 4_000 and text.count("your_move") == 24
    spent: list[ranked.Allowance] = []

    def watched() -> ranked.Allowance:
        spent.append(ranked.Allowance())
        return spent[-1]

    monkeypatch.setattr(library, "Allowance", watched)
    ranked._KEPT._items.clear()
    result: list[tuple[object, ...]] = []
    worker = threading.Thread(
        target=lambda: result.append(check_lesson_data("many.yaml", text.encode()))
    )
    began = time.monotonic()
    worker.start()
    # another visitor's lesson is checked meanwhile, and in good time
    others = []
    while worker.is_alive() and len(others) < 3:
        t0 = time.monotonic()
        other, problems, _ = check_lesson_data("other.yaml", SMALL)
        others.append(time.monotonic() - t0)
        assert other is not None and not problems
    worker.join()
    took = time.monotonic() - began
    lesson, errors, frames = result[0]
    assert lesson is None and frames == ()
    # one problem, at the first step's your_move, naming the limits
    assert isinstance(errors, tuple) and [e.template for e in errors] == [E_FILE_SEARCH]
    err = errors[0]
    first = text.splitlines().index("    your_move:") + 2  # the question's first line
    assert (err.path, err.line, err.step) == ("many.yaml", first, 1)
    assert err.params == {"searches": ranked.MAX_SEARCHES, "nodes": ranked.FILE_NODES}
    (allowance,) = [a for a in spent if a.spent_searches]  # the other lesson's are in the table
    assert allowance.budget.spent <= ranked.FILE_NODES + 4096 and allowance.spent_searches == 1
    assert took < ranked.FILE_SECONDS + 5
    assert others and max(others) < took
    for lang in ("de", "pl"):
        said = err.render(get_translator(lang))
        assert said.startswith("many.yaml:") and str(ranked.MAX_SEARCHES) in said
        assert "solver cannot judge" not in said


def test_searches_past_the_count_are_refused_where_the_count_ran_out() -> None:
    data = hostile_lesson("classic", seed=3, steps=22, asked_from=18).encode()
    lesson, problems = read_lesson("late.yaml", data)
    assert lesson is not None and not problems
    ranked._KEPT._items.clear()  # every position searched again
    _frames, errors = replay_all(lesson, ranked.Allowance())
    assert all(e.template != E_FILE_SEARCH for e in errors), errors
    ranked._KEPT._items.clear()
    few = ranked.Allowance(searches=2)
    _frames, errors = replay_all(lesson, few)
    refused = [e for e in errors if e.template in (E_FILE_SEARCH, E_SEARCH_LIMIT)]
    assert [e.template for e in refused] == [E_FILE_SEARCH]
    third = [
        i + 1 for i, line in enumerate(data.decode().splitlines()) if line == "    your_move:"
    ][2] + 1
    assert refused[0].line == third and refused[0].params["searches"] == 2
    assert few.spent_searches == 2
    # positions searched before cost nothing
    again = ranked.Allowance(searches=0)
    _frames, errors = replay_all(lesson, again)
    assert [e.line for e in errors if e.template == E_FILE_SEARCH] == [third]


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_message_of_too_many_files_is_translated(lang: str) -> None:
    from tutor.teach.uploads import too_often

    said = too_often("a.yaml", 3).render(get_translator(lang))
    assert said.startswith("a.yaml") and "3" in said
    assert lang == "en" or "Too many files" not in said

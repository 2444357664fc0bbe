"""The lesson recorder: a deal played seat by seat becomes a lesson file that the lesson reader
reads back without a fault and whose replay gives the recorded moves, at two, three and four
seats."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.engine import Play, parse_move
from tutor.msgid import OwnText
from tutor.teach.lessons import check_lesson
from tutor.teach.play.game import Table, play_out, start
from tutor.teach.studio.recorder import (
    LIMITS,
    Answer,
    LessonMeta,
    Question,
    Recording,
    YourMove,
    bounded,
)


def played(rec: Recording, n: int, narration: str = "") -> Recording:
    """``n`` steps more: the first card the seat on turn may play (any move where no card
    may be played)."""
    for _ in range(n):
        moves = rec.legal_moves()
        cards = [m for m in moves if isinstance(m, Play)]
        rec = rec.play((cards or list(moves))[0], narration)
    return rec


@pytest.mark.parametrize(("spec", "seed"), [("classic", 1), ("three", 2), ("four", 3)])
def test_round_trip_gives_the_recorded_moves(spec: str, seed: int) -> None:
    rec = played(Recording.from_seed(spec, seed, "de"), 6)
    rec = rec.pause("Eine Pause: {Ah} liegt noch.")
    rec = played(rec, 2)
    lesson, errors, frames = rec.check(LessonMeta("recorded", "Aufgenommen", summary="Ein Blatt."))
    assert errors == ()
    assert lesson is not None and lesson.language == "de" and lesson.seats == rec.start.seats
    assert [s.move for s in lesson.steps] == [s.move for s in rec.steps]
    # the replay ends where the recording stands
    assert frames[-1].state == rec.state
    assert isinstance(lesson.steps[6].narration, OwnText)
    assert lesson.steps[6].narration.get("de") == "Eine Pause: {Ah} liegt noch."


@pytest.mark.parametrize("spec", ["classic", "three", "four"])
def test_every_fact_offered_holds_on_replay(spec: str) -> None:
    rec = played(Recording.from_seed(spec, 11), 9)
    for i, step in enumerate(rec.steps):
        rec = rec.edit(i, replace(step, checks=rec.facts(i)))
    names = {f.name for i in range(len(rec.steps)) for f in rec.facts(i)}
    assert {"score", "tricks", "trick_winner", "to_move", "stock"} <= names
    _, errors, _ = rec.check(LessonMeta("facts", "Facts"))
    assert errors == ()
    # a fact changed is refused by the replay
    first = rec.steps[3]
    wrong = tuple(
        replace(f, value={k: v + 1 for k, v in f.value.items()})
        if f.name == "tricks" and isinstance(f.value, dict)
        else f
        for f in first.checks
    )
    _, errors, _ = rec.edit(3, replace(first, checks=wrong)).check(LessonMeta("facts", "Facts"))
    assert errors and errors[0].step == 4


@pytest.mark.parametrize("spec", ["classic", "three"])
def test_a_lesson_with_a_your_move_and_a_question(spec: str, tmp_path: Path) -> None:
    rec = played(Recording.from_seed(spec, 5, "pl"), 5, "Zagrywa {Ah_acc}.")
    index = len(rec.steps)
    proposal = rec.proposal(index, 0)
    assert proposal.accepted and set(proposal.accepted) <= set(rec.legal_moves())
    assert proposal.exact == (spec == "classic")
    best = max(v for _, v in proposal.values)
    assert all(v == best for m, v in proposal.values if m in proposal.accepted)
    rec = rec.play(proposal.accepted[0], "Ruch.")
    rec = rec.edit(index, replace(rec.steps[index], your_move=YourMove(proposal.accepted)))
    rec = played(rec, 1)
    facts = rec.question_facts(index + 1)
    assert facts
    question = Question(
        "Ile punktów?",
        (Answer("1", False, "Nie."), Answer("2", True, "Tak.")),
        facts[:1],
    )
    rec = rec.edit(index + 1, replace(rec.steps[index + 1], question=question))
    meta = LessonMeta("with-tasks", "Zadania", level=2, summary="Lekcja.")
    lesson, errors, frames = rec.check(meta)
    assert errors == ()
    assert lesson is not None and len(lesson.steps) >= 6
    assert lesson.steps[index].your_move is not None
    asked = lesson.steps[index + 1].question
    assert asked is not None and asked.right == 1
    assert set(frames[index + 1].accepted) == set(proposal.accepted)
    path = tmp_path / "with-tasks.yaml"
    path.write_text(rec.to_yaml(meta), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert check_lesson(path)[1] == ()


def test_a_question_whose_answer_stands_in_the_narration_is_refused() -> None:
    rec = played(Recording.from_seed("classic", 5), 2)
    q = Question("Who takes it?", (Answer("B", False, "No."), Answer("11 points", True, "Yes.")))
    rec = rec.edit(1, replace(rec.steps[1], narration="A has 11 points.", question=q))
    _, errors, _ = rec.check(LessonMeta("reading", "Reading"))
    assert [e.template for e in errors][:1] == [
        "the answer {answer} stands in this step's narration ({language}): the question tests "
        "reading, not recall"
    ]


def test_undo_an_illegal_move_and_a_deal_already_played() -> None:
    rec = played(Recording.from_seed("classic", 9), 3)
    assert rec.undo().state == played(Recording.from_seed("classic", 9), 2).state
    hand = rec.state.hand(rec.state.to_move or 0)
    other = next(c for c in rec.start.hand(0) if c not in hand)
    with pytest.raises(ValueError, match="not allowed"):
        rec.play(parse_move(str(other)), "")
    with pytest.raises(ValueError, match="as dealt"):
        Recording.from_deal("classic", rec.state)
    with pytest.raises(ValueError, match="language"):
        Recording.from_seed("classic", 1, "fr")


def test_a_deal_from_the_play_page() -> None:
    game = play_out(start(Table(rules_spec="three", opponent="club", seed=4)))
    rec = Recording.from_game(game)
    assert rec.start == game.deal.start and len(rec.steps) == len(game.deal.moves)
    rec = played(rec, 3)
    _, errors, frames = rec.check(LessonMeta("from-play", "From play"))
    assert errors == () and frames[-1].state == rec.state


def test_texts_are_bounded() -> None:
    assert len(bounded("x" * 10_000, "narration")) == LIMITS["narration"]
    rec = played(Recording.from_seed("classic", 2), 1, "y" * 10_000)
    assert len(rec.steps[0].narration) == LIMITS["narration"]
    text = rec.to_yaml(LessonMeta("long", "t" * 1000, summary="\x07bell"))
    assert "t" * (LIMITS["title"] + 1) not in text and "\x07" not in text


def test_a_step_narrated_in_the_other_languages_is_read_in_each() -> None:
    from tutor.words.i18n import get_translator

    rec = played(Recording.from_seed("classic", 4, "de"), 1, "A spielt {Ah_acc} aus.")
    step = replace(
        rec.steps[0],
        translations=(("pl", "A wychodzi {Ah_ins}."), ("xx", "junk"), ("en", "  ")),
    )
    rec = rec.edit(0, step)
    lesson, errors, _ = rec.check(LessonMeta("three-languages", "Drei Sprachen"))
    assert errors == () and lesson is not None
    said = lesson.steps[0].narration
    assert isinstance(said, OwnText)
    assert said.get("de") == "A spielt {Ah_acc} aus." and said.get("pl") == "A wychodzi {Ah_ins}."
    # a blank translation and an unknown language are left out of the file
    data = rec.to_data(LessonMeta("three-languages", "Drei Sprachen"))
    first = data["steps"][0]  # type: ignore[index]
    assert set(first["narration"]) == {"de", "pl"}
    assert get_translator("pl")._(said) == "A wychodzi asem kier."
    assert get_translator("de")._(said) == "A spielt das Herz-Ass aus."
    assert get_translator("en")._(said) == "A spielt das Herz-Ass aus."  # the lesson's own

"""The lesson recorder in the app, run headless with AppTest: a lesson of seven steps with a
your-move and a question recorded by clicking cards, previewed, downloaded (the bytes read
back by the lesson reader and ``tutor validate``) and opened in the Learn page."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.helpers import FakeBoard
from tutor.cli.main import main
from tutor.engine import Play
from tutor.teach.lessons import check_lesson_data
from tutor.teach.studio.recorder import Recording

APP = str(Path(__file__).resolve().parent / "recorder_studio.py")
BOARD = "rec:board"


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def recording(at: AppTest) -> Recording:
    rec = at.session_state["rec:rec"]
    assert isinstance(rec, Recording)
    return rec


def click(at: AppTest, board: FakeBoard, move: str) -> None:
    assert move in board.cards(BOARD), (move, board.cards(BOARD))
    board.click(move)
    at.run()
    clean(at)


def first_card(at: AppTest) -> str:
    return next(str(m) for m in recording(at).legal_moves() if isinstance(m, Play))


def test_record_preview_download_and_open(fake_board: FakeBoard, tmp_path: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    clean(at)
    at.text_input(key="rec:title").set_value("Recorded <b>deal</b>").run()
    at.text_input(key="rec:id").set_value("recorded-deal").run()
    at.text_input(key="rec:summary").set_value("A deal played & told.").run()
    for _ in range(4):
        click(at, fake_board, first_card(at))
    assert len(recording(at).steps) == 4
    # the default narration names the card by a placeholder and can be edited
    said = at.text_area(key="rec:narration4").value
    assert "{" in said and "}" in said
    at.text_area(key="rec:narration4").set_value("B answers; the trick is done.").run()
    # step 5: the learner plays it, a move the engine values best
    proposal = recording(at).proposal(4, 0)
    best = next(m for m in proposal.accepted if isinstance(m, Play))
    click(at, fake_board, str(best))
    at.checkbox(key=f"rec:ym4:{best}").check().run()
    clean(at)
    step = recording(at).steps[4]
    assert step.your_move is not None
    assert set(step.your_move.accept) == set(proposal.accepted)
    # step 6: a question about the trick it completes, proved by the engine's fact
    click(at, fake_board, first_card(at))
    rec = recording(at)
    winner = next(f.value for f in rec.facts(5) if f.name == "trick_winner")
    loser = "B" if winner == "A" else "A"
    at.checkbox(key=f"rec:ask5:{rec.steps[5].move}").check().run()
    at.text_input(key="rec:q5").set_value("Who takes this trick?").run()
    at.text_input(key="rec:a5:0").set_value(str(loser)).run()
    at.text_input(key="rec:w5:0").set_value("No: look at the cards again.").run()
    at.text_input(key="rec:a5:1").set_value(str(winner)).run()
    at.text_input(key="rec:w5:1").set_value("Yes: the higher card takes it.").run()
    at.radio(key="rec:right5").set_value(1).run()
    facts = recording(at).question_facts(5)
    at.multiselect(key="rec:qchecks5").set_value(
        [i for i, f in enumerate(facts) if f.name == "trick_winner"]
    ).run()
    clean(at)
    click(at, fake_board, first_card(at))
    rec = recording(at)
    assert len(rec.steps) == 7 and rec.steps[5].question is not None
    # no problem is shown, and the preview draws the lesson as a learner sees it
    assert not at.error, [e.value for e in at.error]
    bodies = " ".join(str(h.proto.body) for h in at.get("html"))
    assert "t66-counter" in bodies
    assert at.get("download_button")
    # the downloaded bytes read back without a fault, and tutor validate agrees
    data = at.session_state["rec:yaml"]
    lesson, errors, frames = check_lesson_data("recorded-deal.yaml", data)
    assert errors == () and lesson is not None
    assert frames[-1].state == rec.state
    assert lesson.title == "Recorded <b>deal</b>" and lesson.language == "en"
    assert [s.move for s in lesson.steps] == [s.move for s in rec.steps]
    assert lesson.steps[4].your_move is not None and lesson.steps[5].question is not None
    path = tmp_path / "recorded-deal.yaml"
    path.write_bytes(data)
    assert main(["validate", str(path)]) == 0
    # undo takes the last step back
    at.button(key="rec:undo").click().run()
    assert len(recording(at).steps) == 6
    click(at, fake_board, first_card(at))
    # open it in the Learn page
    at.button(key="rec:learn").click().run()
    clean(at)
    assert at.session_state["lesson"] == "recorded-deal"
    # the Learn page shows the lesson, its title escaped
    heads = [str(h.proto.body) for h in at.get("html") if "<h1" in str(h.proto.body)]
    assert heads and "Recorded &lt;b&gt;deal&lt;/b&gt;" in heads[0]
    assert 'data-step="0"' in " ".join(str(h.proto.body) for h in at.get("html"))


def test_a_table_of_three_recorded_in_polish(fake_board: FakeBoard) -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.selectbox(key="rec:preset").set_value("three").run()
    at.selectbox(key="rec:lang").set_value("pl").run()
    clean(at)
    assert recording(at).start.seats == 3 and recording(at).language == "pl"
    for _ in range(3):
        click(at, fake_board, first_card(at))
    # the default narration is Polish, with the card as a placeholder in the case it needs
    assert re.fullmatch(r"[ABC] wychodzi \{\w+_ins\}\.", recording(at).steps[0].narration)
    assert re.fullmatch(r"[ABC] dokłada \{\w+_acc\}\.", at.text_area(key="rec:narration3").value)
    # the teacher adds the step in English too
    at.text_area(key="rec:tr3:en").set_value("The third card of the trick.").run()
    assert not at.error, [e.value for e in at.error]
    data = at.session_state["rec:yaml"]
    lesson, errors, _ = check_lesson_data("recorded.yaml", data)
    assert errors == () and lesson is not None
    assert lesson.steps[2].narration.get("en") == "The third card of the trick."  # type: ignore[attr-defined]
    assert lesson.language == "pl" and lesson.seats == 3
    assert [s.move for s in lesson.steps] == [s.move for s in recording(at).steps]

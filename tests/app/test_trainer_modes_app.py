"""The trainer's modes in the app (AppTest): a streak run until the first miss, the daily
puzzle the same for two learners on a date, a puzzle opened by its link, retrying a miss from
its position, a costly move of a played deal made the learner's own puzzle and reviewed the
next day (the clock moved by the test), and a forged store read as a fresh start with a
notice."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import tutor_app.storage as app_storage
from tests.app.test_course_app import FakeStore
from tests.helpers import FakeBoard
from tests.teach.test_puzzle_rating import played_deal
from tutor.engine import Play
from tutor.teach import puzzles as pz
from tutor.teach.progress import Progress, dump_progress, load_progress
from tutor.teach.puzzles import difficulty as df
from tutor.teach.puzzles import personal as mine
from tutor.teach.puzzles import rating as rt
from tutor.teach.puzzles import training as tg
from tutor.teach.puzzles.generated import GENERATED_FILE, generated_set
from tutor.teach.puzzles.record import TrainerRecord
from tutor.web.html import md_plain
from tutor.words import trainer_page as tw
from tutor.words.i18n import get_translator
from tutor_app.trainer_panel import CLOCK

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
FOLDER = ROOT / "puzzles"
COLLECTION = pz.Collection.load(FOLDER)
GENERATED = generated_set(str(ROOT / GENERATED_FILE))
TRAINER_ENTRIES = [e for e in GENERATED.entries if not GENERATED.is_table(e.id)]
#: Every puzzle the trainer draws from: the generated ones and the course's.
RATED = {
    **tg.entry_ratings(
        TRAINER_ENTRIES, df.load_ratings(ROOT / GENERATED_FILE.parent / df.RATINGS_FILE)
    ),
    **{
        p.id: df.rating_of(p, df.load_ratings(FOLDER / df.RATINGS_FILE)) for p in COLLECTION.puzzles
    },
}
ALL_IDS = (*COLLECTION.ids, *(e.id for e in TRAINER_ENTRIES))
NOW = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)

Start = Callable[..., AppTest]


def clean(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def infos(at: AppTest) -> list[str]:
    return [md_plain(str(e.value)) for e in at.info]


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeStore]:
    fake = FakeStore()
    monkeypatch.setattr(app_storage, "_STORE", fake)
    yield fake


@pytest.fixture
def puzzles_page(monkeypatch: pytest.MonkeyPatch, store: FakeStore) -> Iterator[Start]:
    def run(lang: str = "en", now: datetime = NOW, **params: str) -> AppTest:
        monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(FOLDER))
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params["lang"] = lang
        at.run()
        at.session_state[CLOCK] = now
        for k, v in params.items():
            at.query_params[k] = v
        at.switch_page("tutor_app/pages/puzzles.py").run()
        clean(at)
        return at

    yield run


def attempt_of(at: AppTest) -> pz.Attempt:
    a = at.session_state["pz_attempt"]
    assert isinstance(a, pz.Attempt)
    return a


def record_of(at: AppTest) -> TrainerRecord:
    r = at.session_state["pz_record"] if "pz_record" in at.session_state else TrainerRecord()
    assert isinstance(r, TrainerRecord)
    return r


def move(at: AppTest, board: FakeBoard, m: object) -> None:
    """The learner's move: a card clicked on the table, another move pressed as its button."""
    if isinstance(m, Play):
        board.click(str(m))
        at.run()
    else:
        at.button(key="pz_move_" + str(m).replace(" ", "_")).click().run()
    clean(at)


def solve(at: AppTest, board: FakeBoard) -> None:
    while not attempt_of(at).over:
        move(at, board, attempt_of(at).analysis().best[0])
    assert attempt_of(at).solved


def retry(at: AppTest) -> None:
    """Try again from the position of the miss: its own button after a later move, else the
    puzzle's start, which is that position."""
    later = [b for b in at.button if b.key == "pz_btn_retry_here"]
    assert bool(later) == (len(attempt_of(at).judgements) > 1)
    at.button(key="pz_btn_retry_here" if later else "pz_btn_retry").click().run()
    clean(at)


def wrong_move(attempt: pz.Attempt) -> object | None:
    a = attempt.analysis()
    return next((s.move for s in a.scores if s.move not in a.accepted), None)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_streak_rises_until_the_first_miss(
    puzzles_page: Start, fake_board: FakeBoard, lang: str
) -> None:
    at = puzzles_page(lang)
    at.button(key="pz_tr_streak").click().run()
    clean(at)
    first = at.session_state["pz_current"]
    assert RATED[first] == min(RATED.values())
    solved: list[str] = []
    for _ in range(30):
        current = at.session_state["pz_current"]
        wrong = wrong_move(attempt_of(at))
        if len(solved) >= 2 and wrong is not None:
            move(at, fake_board, wrong)
            break
        solve(at, fake_board)
        solved.append(current)
        at.button(key="pz_btn_next").click().run()
        clean(at)
        assert RATED[at.session_state["pz_current"]] >= RATED[current]
    assert attempt_of(at).failed
    t = get_translator(lang)
    assert t._(tw.STREAK_OVER, n=len(solved)) in " ".join(infos(at))
    record = record_of(at)
    assert record.best_streak == len(solved)
    assert len(record.history) == len(solved) + 1  # each first end rated once
    assert record.history[-1] < record.history[-2]  # the miss lowers the rating
    assert at.session_state["pz_mode"] == ""
    # a miss is retried at once from its position
    retry(at)
    clean(at)
    assert not attempt_of(at).over
    assert len(record_of(at).history) == len(solved) + 1  # a retry is not rated again


def test_the_daily_puzzle_is_the_same_for_two_learners(puzzles_page: Start) -> None:
    want = rt.daily(ALL_IDS, NOW.date().isoformat())
    for lang in ("en", "de"):
        at = puzzles_page(lang)
        at.button(key="pz_tr_daily").click().run()
        clean(at)
        assert at.session_state["pz_current"] == want
        assert at.query_params["id"] == want
    other_day = NOW + timedelta(days=3)
    at = puzzles_page("en", now=other_day)
    at.button(key="pz_tr_daily").click().run()
    assert at.session_state["pz_current"] == rt.daily(ALL_IDS, other_day.date().isoformat())


def test_a_puzzle_opened_by_its_link_and_one_at_the_level(puzzles_page: Start) -> None:
    at = puzzles_page("de", id="keep-the-kings")
    assert at.session_state["pz_current"] == "keep-the-kings"
    at = puzzles_page("de", id="no-such-puzzle")
    assert at.session_state["pz_current"] is None
    at.button(key="pz_tr_level").click().run()
    clean(at)
    chosen = at.session_state["pz_current"]
    near = sorted(RATED.values(), key=lambda v: abs(v - rt.START_RATING))
    assert abs(RATED[chosen] - rt.START_RATING) <= abs(near[0] - rt.START_RATING) + rt.NEAR


def test_a_costly_move_of_a_played_deal_is_reviewed_the_next_day(
    puzzles_page: Start, store: FakeStore, fake_board: FakeBoard
) -> None:
    start, moves, ply = played_deal()
    made = mine.from_mistake(start, moves, ply, 0, NOW)  # type: ignore[arg-type]
    assert made is not None
    # the learner's own puzzle kept in the browser with the progress
    store.stored = dump_progress(Progress(trainer=TrainerRecord(personal=(made,))))
    at = puzzles_page("de", now=NOW + timedelta(hours=2))
    assert record_of(at).personal == (made,)
    assert not [b for b in at.button if b.key == "pz_tr_review"]  # not due the same day
    tomorrow = NOW + timedelta(days=1, hours=1)
    at.session_state[CLOCK] = tomorrow
    at.run()
    t = get_translator("de")
    assert tw.due_line(1, t) in infos(at)
    at.button(key="pz_tr_review").click().run()
    clean(at)
    assert at.session_state["pz_current"] == made.id
    assert at.query_params["id"] == made.id
    move(at, fake_board, moves[ply])  # the same mistake again: missed, due again soon
    assert attempt_of(at).failed
    retry(at)
    solve(at, fake_board)
    after = record_of(at).personal[0]
    # the first end counts: a miss is Again, due sooner than a solve would have made it
    assert after == mine.review(made, False, tomorrow)
    assert tomorrow < mine.due_at(after) < mine.due_at(mine.review(made, True, tomorrow))
    at.run()
    assert load_progress(store.stored).trainer.personal == (after,)


def test_a_forged_trainer_store_gives_a_notice_and_a_fresh_start(
    monkeypatch: pytest.MonkeyPatch, store: FakeStore
) -> None:
    doc = json.loads(dump_progress(load_progress('{"version": 1}')))
    doc["trainer"] = {"rating": [1e12, 350, 0.06], "best_streak": -3}
    store.stored = json.dumps(doc)
    monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(FOLDER))
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "pl"
    at.query_params["id"] = "keep-the-kings"
    at.switch_page("tutor_app/pages/puzzles.py").run()
    clean(at)
    assert get_translator("pl")._(tw.STORE_BROKEN) in infos(at)
    assert at.session_state["pz_current"] == "keep-the-kings"  # the page works on
    assert record_of(at) == TrainerRecord()
    at.run()
    clean(at)
    assert load_progress(store.stored).trainer == TrainerRecord()


def test_a_later_miss_is_retried_from_its_own_position(
    puzzles_page: Start, fake_board: FakeBoard
) -> None:
    at = puzzles_page("en", id="one-point-short")
    move(at, fake_board, attempt_of(at).analysis().best[0])
    before = attempt_of(at)
    assert not before.over
    wrong = wrong_move(before)
    assert wrong is not None
    move(at, fake_board, wrong)
    assert attempt_of(at).failed
    retry(at)
    again = attempt_of(at)
    assert not again.over and again.state == before.state
    assert again.judgements == before.judgements

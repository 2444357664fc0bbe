"""A deal played on the Play page becomes a recording in the studio (AppTest): "Record a
lesson from this deal" opens the Studio page on the recorder, with the deal as dealt in the
editor and every move of the deal as a step, narrated in the learner's language."""

from __future__ import annotations

import random

import pytest
from streamlit.testing.v1 import AppTest

import tutor.teach.play.coach as coach
from tests.app.play_page import APP, PAGE, clean, game_of
from tests.app.test_personal_from_play_app import play_a_careless_deal
from tests.helpers import FakeBoard
from tutor.teach.lessons import check_lesson_data
from tutor.teach.studio.recorder import Recording


@pytest.mark.slow
def test_a_played_deal_is_recorded_in_the_studio(
    monkeypatch: pytest.MonkeyPatch, fake_board: FakeBoard
) -> None:
    monkeypatch.setattr(coach, "COACH_SAMPLES", 4)
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params["lang"] = "de"
    at.run()
    at.switch_page(PAGE).run()
    at.session_state["play_seed_base"] = 100
    at.session_state["w_play_preset"] = "schnapsen"
    at.session_state["w_play_opponent"] = "beginner"
    at.button(key="play_start").click().run()
    clean(at)
    play_a_careless_deal(at, random.Random(5))
    deal = game_of(at).deal
    at.button(key="play_record").click().run()
    clean(at)
    rec = at.session_state["studio_rec:rec"]
    assert isinstance(rec, Recording)
    assert rec.start == deal.start and [s.move for s in rec.steps] == list(deal.moves)
    assert rec.language == "de"
    assert all(s.narration for s in rec.steps if s.move is not None)
    # the studio shows the recorder, the editor holds the deal as dealt
    assert at.session_state["w_studio_mode"] == "record"
    assert at.session_state["studio_setup"].deal() == deal.start
    data = at.session_state["studio_rec:yaml"]
    lesson, errors, _frames = check_lesson_data("played.yaml", data)
    assert errors == () and lesson is not None and lesson.language == "de"
    assert len(lesson.steps) == len(deal.moves)

"""A page that draws only the analysis board, on a seeded deal of the preset in the session key
``ab_preset`` (for the analysis board's AppTest)."""

from __future__ import annotations

import random

import streamlit as st

from tutor.engine import game_for, preset
from tutor_app.analysis_panel import analysis_board
from tutor_app.session import init_session

init_session()
name = str(st.session_state.get("ab_preset", "classic"))
analysis_board(game_for(preset(name)).new_deal(random.Random(7)), "ab")

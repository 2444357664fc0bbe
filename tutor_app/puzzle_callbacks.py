"""The Puzzles page's state and the callbacks that change it: open and close a puzzle, the
learner's move (judged by ``tutor.teach.puzzles``), a retry, the hints, the solution, the steps of
the answers and of a refutation shown on the table, and the next puzzle. State lives in
``st.session_state`` under ``pz_...`` keys; every change happens in a callback.
"""

from __future__ import annotations

import streamlit as st

from tutor.teach import puzzles as pz
from tutor.teach.puzzles import training as tg
from tutor.words import puzzle_page as pw
from tutor_app import chrome, puzzle_sets, session
from tutor_app import trainer_panel as trainer
from tutor_app.session import state
from tutor_app.shared import collection


def init_state() -> None:
    ss = st.session_state
    ss.setdefault("pz_theme", pz.ALL_THEMES)
    ss.setdefault("pz_level", pz.ALL_LEVELS)
    ss.setdefault("pz_current", None)
    ss.setdefault("pz_attempt", None)
    ss.setdefault("pz_hints", 0)
    ss.setdefault("pz_reveal", False)
    ss.setdefault("pz_illegal", None)  # a card clicked that may not be played (pz.Refused)
    ss.setdefault("pz_view", 0)  # which step of the answers to the last move the table shows
    ss.setdefault("pz_why", None)  # the step of a wrong move's refutation shown, or None
    ss.setdefault("pz_solved", {})
    ss.setdefault("pz_upload", None)  # the last upload's Upload


# ----------------------------------------------------------------------------- callbacks


def start_puzzle(puzzle_id: str) -> None:
    p = trainer.lookup(puzzle_id)
    if p is None:
        return
    st.session_state[trainer.RATED] = None
    state.pz_current = p.id
    state.pz_attempt = pz.start(p)
    state.pz_hints = 0
    state.pz_reveal = False
    _fresh_table()


def _fresh_table() -> None:
    """The table shows the position itself: no refused card, no step of a line."""
    state.pz_illegal = None
    state.pz_view = 0
    state.pz_why = None


open_puzzle = chrome.safe_callback(start_puzzle)


@chrome.safe_callback
def close_puzzle() -> None:
    state.pz_current = None
    state.pz_attempt = None


@chrome.safe_callback
def play_move(text: str) -> None:
    attempt = state.pz_attempt
    if not isinstance(attempt, pz.Attempt):
        return
    tried = pz.try_move(attempt, text)
    if isinstance(tried, pz.Refused):
        state.pz_illegal = tried  # explained beside the table, the attempt goes on
    elif isinstance(tried, pz.TooLarge):  # a puzzle too large to be judged: said, not hidden
        session.notice(pw.E_TOO_LARGE)
    elif isinstance(tried, pz.Attempt):
        state.pz_attempt = tried
        _fresh_table()
        state.pz_hints = 0  # hints are about one position: the next one starts without
        if not tg.is_personal(tried.puzzle.id):
            state.pz_solved = pz.record_solved(state.pz_solved, tried)
        if tried.over:
            trainer.ended(tried, start_puzzle)
        if pz.refutation_of(tried) is not None:  # a wrong move: the table shows why at once
            state.pz_why = 0


@chrome.safe_callback
def retry() -> None:
    attempt = state.pz_attempt
    if isinstance(attempt, pz.Attempt):
        state.pz_attempt = pz.start(attempt.puzzle)
        state.pz_reveal = False
        _fresh_table()


@chrome.safe_callback
def retry_here() -> None:
    """Back to the position of the miss, to try another move at once."""
    attempt = state.pz_attempt
    if isinstance(attempt, pz.Attempt):
        state.pz_attempt = tg.retry_here(attempt)
        _fresh_table()


@chrome.safe_callback
def reveal() -> None:
    state.pz_reveal = True


@chrome.safe_callback
def view_step(index: int) -> None:
    """Show step ``index`` of the answers to the learner's last move on the table."""
    state.pz_view = max(0, index)


@chrome.safe_callback
def why(index: int | None) -> None:
    """Open a wrong move's refutation on the table at step ``index`` (None: close it)."""
    state.pz_why = None if index is None else max(0, index)


@chrome.safe_callback
@chrome.safe_callback
def more_hint() -> None:
    state.pz_hints = min(pz.HINT_LEVELS, int(state.pz_hints) + 1)


@chrome.safe_callback
def next_puzzle() -> None:
    if trainer.streak_next(start_puzzle):
        return
    ids = [p.id for p in filtered(collection())]
    if state.pz_current not in ids:  # a generated puzzle: the next of its preset and theme
        ids = puzzle_sets.generated_ids(str(state.pz_current)) or ids
    chosen = pz.next_puzzle(ids, state.pz_current, state.pz_solved)
    if chosen is not None:
        start_puzzle(chosen)


def filtered(col: pz.Collection) -> list[pz.Puzzle]:
    return pz.filtered(col.puzzles, state.pz_theme, int(state.pz_level))

"""A puzzle at a table of three or four on the Puzzles page (``tutor.teach.puzzles.table_judge``).

The table is drawn with every seat (``tutor.web.board``), the learner's hand face up and its
cards buttons; the learner plays one card (or a marriage, or declares, by the buttons below).
The move is judged over every deal the seat cannot tell apart, then the other seats answer
with the table solver's best play to the end of the deal: in the deal as it lies, or, for a
wrong move that would have worked there, in a deal where it fails (the refutation). The table
then shows the end of that line with every hand face up. A table puzzle asks for one move.

State: the open puzzle's id under ``pz_table``, the learner's move as text under
``pz_table_move``; every change happens in a callback.
"""

from __future__ import annotations

import streamlit as st

from tutor.engine import Play, table_legal_moves
from tutor.teach.puzzles.judge import Mark
from tutor.teach.puzzles.model import TablePuzzle
from tutor.teach.puzzles.table_judge import judge_table
from tutor.web.board import BoardOptions, board_html
from tutor.web.html import md_bold
from tutor.web.titles import page_title_html
from tutor.words import puzzle_page as pw
from tutor.words import puzzle_text as pt
from tutor.words.explain import move_label
from tutor.words.i18n import Translator
from tutor.words.table_puzzle_text import (
    table_feedback,
    table_goal_words,
    table_how_to_play,
    table_theme_words,
)
from tutor_app import board, chrome, puzzle_sets, text
from tutor_app.session import state

OPEN_KEY = "pz_table"
MOVE_KEY = "pz_table_move"
BOARD_KEY = "pz_table_board"
ICONS = {
    Mark.RIGHT: ":material/check_circle:",
    Mark.PARTLY: ":material/check:",
    Mark.WRONG: ":material/cancel:",
}


def find(puzzle_id: str) -> TablePuzzle | None:
    """The generated table puzzle of an id, or None."""
    return puzzle_sets.generated().get_table(puzzle_id)


def current() -> TablePuzzle | None:
    """The table puzzle open now, or None."""
    pid = st.session_state.get(OPEN_KEY)
    return find(pid) if isinstance(pid, str) else None


@chrome.safe_callback
def open_table(puzzle_id: str) -> None:
    st.session_state[OPEN_KEY] = puzzle_id
    st.session_state[MOVE_KEY] = None


@chrome.safe_callback
def close() -> None:
    st.session_state[OPEN_KEY] = None
    st.session_state[MOVE_KEY] = None


@chrome.safe_callback
def again() -> None:
    st.session_state[MOVE_KEY] = None


def _play(move: str) -> None:
    p = current()
    if p is None or st.session_state.get(MOVE_KEY):
        return
    if move not in {str(m) for m in table_legal_moves(p.state)}:
        return
    st.session_state[MOVE_KEY] = move
    j = judge_table(p, move)
    if j.mark is not Mark.WRONG:
        solved = dict(state.pz_solved)
        solved[p.id] = solved.get(p.id, False) or j.mark is Mark.RIGHT
        state.pz_solved = solved


play = chrome.safe_callback(_play)


def view(p: TablePuzzle, t: Translator) -> None:
    """The puzzle: the table, the goal, the move buttons, and once played the verdict."""
    w = pw.PuzzleWords().said(t)
    title = pw.puzzle_title(p, t)
    chrome.page_title(title, w.title)
    head, back = st.columns([5, 1.4], vertical_alignment="center")
    with head:
        text.html(page_title_html(title, pt.level_words(p.level, t), table_theme_words(p, t)))
    with back:
        st.button(w.all_puzzles, key="pz_table_list", on_click=close, icon=":material/list:")
    text.info(table_goal_words(p, t), icon=":material/flag:")
    seats = p.state.rules.seats
    moved = st.session_state.get(MOVE_KEY)
    board_col, side = st.columns([3, 2], gap="medium")
    if not moved:
        moves = table_legal_moves(p.state)
        cards = frozenset(m.card for m in moves if isinstance(m, Play))
        show = tuple(s == p.learner for s in range(seats))
        opts = BoardOptions(style=state.style, show=show, pick=cards, legal=cards)
        with board_col:
            board.card_board(board_html(p.state, None, t, opts), key=BOARD_KEY, on_play=play)
            text.caption(table_how_to_play(p, t))
            for m in moves:
                if not isinstance(m, Play):
                    st.button(
                        move_label(m, t), key=f"pz_table_m_{m}", on_click=play, args=(str(m),)
                    )
        return
    j = judge_table(p, str(moved))
    mark, said, details = table_feedback(p, j, t)
    end = BoardOptions(style=state.style, show=(True,) * seats, finished=True)
    with board_col:
        text.html(board_html(j.end, None, t, end))
    with side:
        box = text.success if mark is Mark.RIGHT else text.warning
        box(said, icon=ICONS[mark])
        text.bullets(details)
        if mark is not Mark.WRONG:
            text.markdown(md_bold(w.solution))
            text.markdown(pw.puzzle_explanation(p, t))
        elif st.toggle(w.show_solution, key="pz_table_reveal"):
            text.markdown(pw.puzzle_explanation(p, t))
        st.button(w.try_again, key="pz_table_again", on_click=again, icon=":material/replay:")


__all__ = ["close", "current", "find", "open_table", "view"]

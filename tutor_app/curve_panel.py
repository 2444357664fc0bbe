"""The Play page's chart of a finished deal: the learner's expected game points move by move
as the coach valued them (``tutor.teach.play.value_curve``, drawn by
``tutor.web.value_chart``), the costliest moments ringed. A point clicked on the chart, or a
move chosen in the select box beside it (the way by keyboard), shows the position before that
move as the learner saw it, with the coach's remark and the better move.

Every word comes from ``tutor.words.play_curve`` and ``tutor.words.play_text``.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from tutor.teach import play as pl
from tutor.web.board import BoardOptions, board_html
from tutor.web.value_chart import picked, value_chart
from tutor.words import play_curve as pc
from tutor.words import play_text
from tutor.words.i18n import Translator
from tutor_app import chrome, text
from tutor_app.session import state


def keys(game: pl.Game, deal: pl.Deal) -> tuple[str, str]:
    """The keys of the chart and of the select box of ``deal`` in ``game``'s match (a new
    match, or the next deal, starts with nothing chosen)."""
    tag = f"{game.table.seed}_{deal.number}"
    return f"play_curve_{tag}", f"w_play_moment_{tag}"


@chrome.safe_callback
def _from_chart(chart: str, pick: str) -> None:
    """A point clicked on the chart chooses its move in the select box."""
    ply = picked(st.session_state.get(chart))
    if ply is not None:
        st.session_state[pick] = ply


def value_panel(game: pl.Game, deal: pl.Deal, t: Translator) -> None:
    """The chart of ``deal``'s expected game points, the choice of a move on it, and the
    position chosen with the coach's words. Nothing where the coach made no remark."""
    curve = pl.value_curve(deal)
    if not curve:
        return
    w = pc.CurveWords().said(t)
    chart, pick = keys(game, deal)
    plies = [p.ply for p in curve]
    if st.session_state.get(pick) not in plies:
        st.session_state[pick] = None
    text.subheader(w.heading)
    st.vega_lite_chart(
        value_chart(curve, t, st.session_state.get(pick)),
        key=chart,
        on_select=partial(_from_chart, chart, pick),
        selection_mode=["moment", "ring"],
        width="stretch",
    )
    labels = {p.ply: pc.moment_option(p, t) for p in curve}
    ply = st.selectbox(
        w.pick,
        plies,
        format_func=lambda x: labels.get(x, ""),
        index=None,
        placeholder=w.placeholder,
        key=pick,
    )
    point = pl.point_at(curve, ply)
    if point is not None:
        _moment(game, deal, point, t)


def _moment(game: pl.Game, deal: pl.Deal, point: pl.CurvePoint, t: Translator) -> None:
    """The position before the move chosen, as the learner saw it, and the coach on it."""
    s = pl.on_table(pl.positions(deal)[point.ply])
    seat = game.table.learner
    opts = BoardOptions(
        style=state.style,
        show=tuple(x == seat for x in range(s.seats)),
        projector=bool(state.projector),
    )
    board_col, words_col = st.columns([3, 2], gap="medium")
    with board_col:
        text.html(board_html(s, None, t, opts))
    with words_col:
        said = play_text.moment_lines(game, deal, point.remark, t)
        if point.grade is pl.Grade.GOOD:
            text.success(said[0], icon=":material/check_circle:")
        else:
            text.warning(said[0])
        if len(said) > 1:
            text.markdown(said[1])
            text.bullets(said[2:])

"""The analysis board, drawn in the page that calls ``analysis_board`` (the Studio page below
its deal editor; any page with a full-information deal may): the table (a click on a card of
the seat on turn plays it; keyboard as ``tutor_app.board``), back / forward / to the start /
to the end, the moves played, the point of view, the four hint levels one at a time, every
move's value with its explanation, and "what if" the hidden cards lie otherwise.

The decisions are ``tutor.teach.studio.board``'s, the words ``tutor.words.analysis_page``'s,
the HTML ``tutor.web``'s. The board's state lives in the session under keys made of the
caller's ``key`` (``{key}_line``, ``{key}_start``, ...); a new deal given resets the line.
"""

from __future__ import annotations

import functools

import streamlit as st

from tutor.engine import IllegalMoveError, Play, Verdict
from tutor.teach.hints import Analysis
from tutor.teach.studio.board import (
    Board,
    BoardLine,
    PointOfView,
    WhatIf,
    analysis_at,
    subject_at,
    what_if,
)
from tutor.web.analysis_html import move_list_html, played_html, what_if_html
from tutor.web.board import BoardOptions, board_html
from tutor.web.hint_html import hint_html
from tutor.words import analysis_page as aw
from tutor.words.app_text import hint_button
from tutor.words.reasons import explain_verdict
from tutor_app import board, chrome, text
from tutor_app.session import state
from tutor_app.shared import tr

#: The suffixes of the board's session keys: the line, the deal it starts from, the hint level
#: opened at the cursor, the last move refused, and the widgets of the point of view.
LINE, START, LEVEL, REFUSED, SEAT, OPEN, TABLE = (
    "line",
    "deal",
    "hint",
    "refused",
    "w_seat",
    "w_open",
    "board",
)


#: The point of view "whoever is on turn" in the seat choice (a selectbox cannot hold None as
#: a choice: it would show no choice at all).
ON_TURN = -1


def skey(key: str, name: str) -> str:
    """The session key ``name`` of the board drawn under ``key``."""
    return f"{key}_{name}"


@functools.lru_cache(maxsize=32)
def _analysis(deal: Board, open_hands: bool) -> Analysis | None:
    return analysis_at(BoardLine.of(deal), PointOfView(None, open_hands))


@functools.lru_cache(maxsize=32)
def _what_if(deal: Board, seat: int, open_hands: bool) -> tuple[WhatIf, ...]:
    pov = PointOfView(seat, open_hands)
    return what_if(BoardLine.of(deal), pov, analysis=_analysis(deal, open_hands))


def line_of(key: str) -> BoardLine | None:
    line = st.session_state.get(skey(key, LINE))
    return line if isinstance(line, BoardLine) else None


def _start(deal: Board, key: str) -> BoardLine:
    """The line kept for ``key``; a new one (and the point of view and hints reset) when the
    deal given is not the one it started from."""
    line = line_of(key)
    if line is not None and st.session_state.get(skey(key, START)) == deal:
        return line
    line = BoardLine.of(deal)
    st.session_state[skey(key, LINE)] = line
    st.session_state[skey(key, START)] = deal
    st.session_state[skey(key, LEVEL)] = 0
    st.session_state[skey(key, REFUSED)] = None
    st.session_state[skey(key, SEAT)] = ON_TURN
    st.session_state[skey(key, OPEN)] = True
    return line


def _keep(key: str, line: BoardLine) -> None:
    st.session_state[skey(key, LINE)] = line
    st.session_state[skey(key, LEVEL)] = 0
    st.session_state[skey(key, REFUSED)] = None


@chrome.safe_callback
def play(key: str, move_text: str) -> None:
    """Play a move at the cursor; a move the rules refuse is kept to be said."""
    line = line_of(key)
    if line is None:
        return
    try:
        after = line.forward(move_text)
    except IllegalMoveError as exc:
        st.session_state[skey(key, REFUSED)] = exc.verdict
        return
    except ValueError:
        return  # no move: nothing to play
    _keep(key, after)


@chrome.safe_callback
def step(key: str, to: int) -> None:
    """Move the cursor to ply ``to`` of the kept line."""
    line = line_of(key)
    if line is not None:
        _keep(key, line.to(to))


@chrome.safe_callback
def more_hint(key: str) -> None:
    level = st.session_state.get(skey(key, LEVEL), 0)
    st.session_state[skey(key, LEVEL)] = min(4, int(level or 0) + 1)


@chrome.safe_callback
def new_view(key: str) -> None:
    st.session_state[skey(key, LEVEL)] = 0


def _pov(key: str) -> PointOfView:
    seat = st.session_state.get(skey(key, SEAT))
    return PointOfView(
        seat if isinstance(seat, int) and seat >= 0 else None,
        bool(st.session_state.get(skey(key, OPEN), True)),
    )


def analysis_board(deal: Board, key: str) -> None:
    """Draw the analysis board of ``deal`` in the calling page, its state kept under ``key``."""
    t = tr()
    w = aw.AnalysisWords().said(t)
    line = _start(deal, key)
    pov = _pov(key)
    at = line.deal
    text.subheader(w.heading)
    left, right = st.columns([3, 2], gap="medium")
    with left:
        _table(key, line, pov)
        _navigation(key, line, w)
    with right:
        _point_of_view(key, at, w)
        text.caption(w.played)
        text.html(played_html(aw.played_lines(line, t), line.cursor, w.nothing_played))
        refused = st.session_state.get(skey(key, REFUSED))
        if isinstance(refused, Verdict):
            text.warning(explain_verdict(refused, at.rules, t, you=True))
        if at.to_move is None:
            text.info(aw.over_line(at, t) or w.over)
            return
        level = int(st.session_state.get(skey(key, LEVEL), 0) or 0)
        if level < 4:
            st.button(
                hint_button(level + 1, t),
                key=skey(key, "more_hint"),
                on_click=more_hint,
                args=(key,),
                icon=":material/lightbulb:",
            )
        if level:
            text.html(hint_html(subject_at(at, pov), level, t))
    analysis = _analysis(at, pov.open_hands)
    if analysis is None:
        return
    with st.expander(w.every_move, expanded=True):
        rows = aw.move_rows(analysis, at, t)
        text.html(
            move_list_html(rows, aw.refusal_lines(analysis, at, t), aw.method_lines(analysis, t))
        )
    with st.expander(w.what_if):
        deals = _what_if(at, pov.viewer(at), pov.open_hands)
        text.html(what_if_html([aw.what_if_lines(d, t) for d in deals]))


def _table(key: str, line: BoardLine, pov: PointOfView) -> None:
    t = tr()
    at = line.deal
    mover = at.to_move
    shown = pov.shown(at)
    pick = frozenset(at.hand(mover)) if mover is not None and shown[mover] else frozenset()
    opts = BoardOptions(
        style=state.style,
        show=shown,
        projector=bool(state.projector),
        pick=pick,
        finished=mover is None,
    )
    markup = board_html(at, None, t, opts)
    if pick:
        board.card_board(
            markup, key=skey(key, TABLE), on_play=functools.partial(play, key), focus=False
        )
    else:
        text.html(markup)
    if mover is None:
        return
    others = [m for m in at.legal_moves() if not pick or not isinstance(m, Play)]
    if others:
        cols = st.columns(min(4, len(others)))
        for k, m in enumerate(others):
            with cols[k % len(cols)]:
                st.button(
                    aw.move_button(m, t),
                    key=skey(key, f"move_{m}"),
                    on_click=play,
                    args=(key, str(m)),
                    width="stretch",
                )


def _navigation(key: str, line: BoardLine, w: aw.AnalysisWords) -> None:
    buttons = (
        ("start", w.start, 0, line.at_start, ":material/first_page:"),
        ("back", w.back, line.cursor - 1, line.at_start, ":material/chevron_left:"),
        ("forward", w.forward, line.cursor + 1, line.at_end, ":material/chevron_right:"),
        ("end", w.end, len(line.moves), line.at_end, ":material/last_page:"),
    )
    for col, (name, label, to, off, icon) in zip(st.columns(4), buttons, strict=True):
        with col:
            st.button(
                label,
                key=skey(key, f"nav_{name}"),
                on_click=step,
                args=(key, to),
                disabled=off,
                icon=icon,
                width="stretch",
            )


def _point_of_view(key: str, at: Board, w: aw.AnalysisWords) -> None:
    t = tr()
    options = [ON_TURN, *range(at.seats)]
    a, b = st.columns(2)
    with a:
        st.selectbox(
            w.seen_by,
            options,
            key=skey(key, SEAT),
            format_func=lambda s: aw.seat_option(s if s >= 0 else None, t),
            on_change=new_view,
            args=(key,),
        )
    with b:
        st.toggle(w.open_hands, key=skey(key, OPEN), on_change=new_view, args=(key,))


__all__ = ["analysis_board", "line_of", "more_hint", "play", "skey", "step"]

"""The Play page at a table of three or four: the learner (A) against the computer at every
other seat, one deal after another, with a coach and the hint ladder.

The game is one immutable value (``tutor.teach.play.TableGame``) kept in the session; each
callback makes the next one: the learner's card (an illegal click is explained with its rule
and source and costs nothing), the coach's remark when the move lost game points against the
best over sampled deals, then the computer's answers.
"""

from __future__ import annotations

import secrets

import streamlit as st

from tutor.engine import SEAT_NAMES, TABLE_PRESETS, Play, parse_move, side_name, table_legal_moves
from tutor.teach import play as pl
from tutor.web.board import BoardOptions, board_html
from tutor.web.hint_html import hint_html
from tutor.web.rules_ref import preset_title
from tutor.words.explain import explain_verdict, move_label
from tutor.words.i18n import Translator
from tutor.words.narrate import (
    move_text as table_move_text,
)
from tutor.words.narrate import (
    outcome_text as table_outcome_text,
)
from tutor.words.narrate import (
    table_remark_text,
    table_totals_text,
)
from tutor_app import board, chrome, text
from tutor_app.session import state
from tutor_app.shared import tr

GAME = "play_table_game"  # the TableGame, or absent
REPLY = "play_table_reply"  # the explanation of the learner's last refused click
HINTS = "play_table_hints"  # (deal, ply) -> the hint level opened there
BOARD_KEY = "play_table_board"
MAX_SEED = 10**9


def game() -> pl.TableGame | None:
    value = st.session_state.get(GAME)
    return value if isinstance(value, pl.TableGame) else None


@chrome.safe_callback
def start() -> None:
    preset = str(st.session_state.get("w_pt_preset", "three"))
    opponent = str(st.session_state.get("w_pt_opponent", "club"))
    if preset not in TABLE_PRESETS or opponent not in pl.TABLE_OPPONENTS:
        return
    st.session_state[GAME] = pl.start_table(preset, opponent, secrets.randbelow(MAX_SEED))
    st.session_state[REPLY] = None


@chrome.safe_callback
def leave() -> None:
    """Back to the choice of the game, for three or four again."""
    st.session_state.pop(GAME, None)
    st.session_state["w_play_players"] = "table"


@chrome.safe_callback
def play(move_text: str) -> None:
    g = game()
    if g is None or not g.learner_to_move:
        return
    try:
        move = parse_move(move_text)
    except ValueError:
        return
    t = tr()
    before = g
    after, verdict = pl.table_try(g, move)
    if not verdict.legal:
        st.session_state[REPLY] = explain_verdict(verdict, g.state.rules, t, you=True)
        return
    st.session_state[REPLY] = None
    if len(table_legal_moves(before.state)) > 1:
        after = pl.with_remark(after, pl.table_remark(before, move))
    st.session_state[GAME] = after


@chrome.safe_callback
def next_deal() -> None:
    g = game()
    if g is not None:
        st.session_state[GAME] = pl.table_next_deal(g)


@chrome.safe_callback
def more_hint(key: tuple[int, int]) -> None:
    levels: dict[tuple[int, int], int] = st.session_state.setdefault(HINTS, {})
    levels[key] = min(levels.get(key, 0) + 1, 4)


def setup(t: Translator) -> None:
    """Choose the game for three or four and the computer players, and start."""
    text.markdown(
        t._(
            "Sixty-six for three players, each for himself, or for four in two teams: you "
            "are A, the computer plays the other seats. A coach remarks on moves that cost "
            "game points, and the hint ladder helps at every move."
        )
    )
    chrome.choose_rules_and_opponent(
        t, sorted(TABLE_PRESETS), "three", pl.TABLE_OPPONENTS, ("w_pt_preset", "w_pt_opponent")
    )
    st.button(
        t._("Deal the cards"),
        key="pt_start",
        on_click=start,
        type="primary",
        icon=":material/play_arrow:",
    )


def page(g: pl.TableGame, t: Translator) -> None:
    """The deal being played: the table, what the others did, the coach, the hints."""
    rules = g.state.rules
    head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        text.subheader(t._("{rules}: deal {n}", rules=preset_title(g.preset, t), n=g.deal + 1))
        names = [side_name(rules, x) for x in range(rules.sides)]
        text.caption(
            table_totals_text(names, g.totals, t)
            + " "
            + t._(
                "You are A; the computer plays {seats}.",
                seats=", ".join(SEAT_NAMES[1 : rules.seats]),
            )
        )
    with right:
        st.button(t._("New game"), key="pt_leave", on_click=leave, icon=":material/restart_alt:")
    board_col, side = st.columns([3, 2], gap="medium")
    shown = tuple(s == pl.LEARNER or g.over for s in range(rules.seats))
    key = (g.deal, len(g.moves))
    level = dict(st.session_state.get(HINTS, {})).get(key, 0) if g.learner_to_move else 0
    with board_col:
        pick = frozenset(g.state.hand(pl.LEARNER)) if g.learner_to_move else frozenset()
        legal = None
        if pick and (level or state.mark_legal):
            legal = frozenset(m.card for m in table_legal_moves(g.state) if isinstance(m, Play))
        opts = BoardOptions(
            style=state.style, show=shown, projector=bool(state.projector), pick=pick, legal=legal
        )
        html = board_html(g.state, None, t, opts)
        if pick:
            board.card_board(html, key=BOARD_KEY, on_play=play, focus=True)
        else:
            text.html(html)
    with side:
        _said(g, t)
        reply = st.session_state.get(REPLY)
        if reply:
            text.warning(str(reply), icon=":material/block:")
        since = _last_own(g)
        for r in g.remarks:
            if r.ply == since:  # the coach speaks of the learner's last move only
                words = table_remark_text(r.move, r.best, r.lost, r.samples, t)
                text.info(words, icon=":material/school:")
        if g.over:
            text.success(table_outcome_text(g.state, t), icon=":material/flag:")
            st.button(
                t._("Next deal"),
                key="pt_next",
                on_click=next_deal,
                type="primary",
                icon=":material/skip_next:",
            )
            return
        if not g.learner_to_move:
            return
        text.markdown(t._("Your move: click a card of A on the table."))
        for m in table_legal_moves(g.state):
            if not isinstance(m, Play):
                st.button(move_label(m, t), key=f"pt_try_{m}", on_click=play, args=(str(m),))
        if level:
            text.html(hint_html(g.state, level, t))
        if level < 4:
            st.button(
                t._("Show a hint ({level} of 4)", level=level + 1),
                key="pt_hint",
                on_click=more_hint,
                args=(key,),
                icon=":material/lightbulb:",
            )


def _last_own(g: pl.TableGame) -> int:
    """The place in the deal of the learner's last move (0 before it)."""
    return max((i for i, (seat, _m) in enumerate(g.moves) if seat == pl.LEARNER), default=0)


def _said(g: pl.TableGame, t: Translator) -> None:
    """The moves from the learner's last one on, in words."""
    since = _last_own(g)
    lines = [
        table_move_text(before, move, after, t)
        for _seat, move, before, after in pl.table_steps(g)[since:]
    ]
    if lines:
        text.bullets(lines)

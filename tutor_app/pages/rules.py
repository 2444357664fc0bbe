"""Rules: each preset's switches in words with their sources, and the presets side by side."""

from __future__ import annotations

import streamlit as st

from tutor.engine import PRESETS, SEAT_NAMES, TABLE_PRESETS, TableState
from tutor.teach.table_watch import new_watch, watch_step
from tutor.web.board import BoardOptions, board_html
from tutor.web.hint_html import hint_html
from tutor.web.rules_ref import (
    compare_html,
    preset_title,
    rules_reference_html,
    source_files_html,
)
from tutor.words.i18n import Translator
from tutor.words.narrate import move_text as table_move_text
from tutor.words.narrate import outcome_text as table_outcome_text
from tutor_app import chrome, text
from tutor_app.session import state
from tutor_app.shared import tr


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    text.title(t._("The rules of 66"))
    text.markdown(
        t._(
            "The sources of the game disagree on many details. Each set of rules below is a "
            "preset: every rule is a switch, and every switch names the source it follows."
        )
    )
    every = {**PRESETS, **TABLE_PRESETS}
    one, compare, table = st.tabs(
        [t._("One set of rules"), t._("Compare the presets"), t._("Three and four players")]
    )
    with one:
        if st.session_state.get("w_preset") not in every:
            st.session_state.w_preset = "classic"
        name = st.selectbox(
            t._("Preset"),
            placeholder=t._("Choose…"),
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=list(every),
            format_func=lambda n: preset_title(n, t),
            key="w_preset",
        )
        text.html(rules_reference_html(every[name], t))
    with compare:
        only = st.toggle(t._("Only the differences"), key="w_only_diff")
        text.caption(
            t._(
                "Rows marked ≠ differ between presets; the values that differ from most "
                "presets are highlighted. Under each value: the source it follows."
            )
        )
        text.html(compare_html(list(PRESETS.values()), t, only_differences=bool(only)))
    with table:
        text.caption(
            t._(
                "The sources say little about these games, and not always the same. Each "
                "preset's notes say which reading it takes. The tutor plays them in self-play; "
                "lessons and play against the computer are for two players so far."
            )
        )
        text.html(compare_html(list(TABLE_PRESETS.values()), t, only_differences=True))
        _watch(t)
    with st.expander(t._("Details for teachers: the source files")):
        text.caption(
            t._(
                "Each source is kept with the tutor as a text file; the rule switches in the "
                "program and the command tutor rules name a source by its file."
            )
        )
        text.html(source_files_html(t))
    chrome.sync_address(chrome.settings_params())


# The deal watched, its seed, the moves made, and the last move (before, move, after): said in
# the language the page is read in, also after the language changes.
WATCH, WATCH_SEED, WATCH_PLY, WATCH_LAST = "tw_state", "tw_seed", "tw_ply", "tw_last"
# The hint level opened for the seat to move, by (seed, ply): a new move starts with none.
WATCH_HINTS = "tw_hints"


@chrome.safe_callback
def _new_deal() -> None:
    seed = int(st.session_state.get(WATCH_SEED, 0)) + 1
    st.session_state[WATCH_SEED] = seed
    st.session_state[WATCH] = new_watch(str(st.session_state.w_tw_preset), seed)
    st.session_state[WATCH_PLY] = 0
    st.session_state[WATCH_LAST] = None
    st.session_state[WATCH_HINTS] = {}


@chrome.safe_callback
def _next_move() -> None:
    before = st.session_state.get(WATCH)
    if before is None or before.result is not None:
        return
    ply = int(st.session_state.get(WATCH_PLY, 0))
    move, after = watch_step(before, int(st.session_state.get(WATCH_SEED, 0)), ply)
    st.session_state[WATCH] = after
    st.session_state[WATCH_PLY] = ply + 1
    st.session_state[WATCH_LAST] = (before, move, after)


def _hint_key() -> tuple[int, int]:
    return (int(st.session_state.get(WATCH_SEED, 0)), int(st.session_state.get(WATCH_PLY, 0)))


@chrome.safe_callback
def _more_hint() -> None:
    """One more level of the hint for the seat to move (at most 4)."""
    levels: dict[tuple[int, int], int] = st.session_state.setdefault(WATCH_HINTS, {})
    key = _hint_key()
    levels[key] = min(levels.get(key, 0) + 1, 4)


def _watch(t: Translator) -> None:
    """A deal for three or four played by the computer at every seat, a move at a time."""
    text.subheader(t._("Watch a deal"))
    if st.session_state.get("w_tw_preset") not in TABLE_PRESETS:
        st.session_state.w_tw_preset = "four"
    st.selectbox(
        t._("Preset"),
        filter_mode=None,
        options=list(TABLE_PRESETS),
        format_func=lambda n: preset_title(n, t),
        key="w_tw_preset",
        on_change=_new_deal,
    )
    game = st.session_state.get(WATCH)
    if game is None or game.rules.name != st.session_state.w_tw_preset:
        _new_deal()
        game = st.session_state[WATCH]
    show_all = st.toggle(t._("Show every hand"), value=True, key="w_tw_open")
    shown = tuple(show_all or seat == game.to_move for seat in range(game.rules.seats))
    opts = BoardOptions(style=state.style, show=shown, projector=bool(state.projector))
    text.html(board_html(game, None, t, opts))
    last = st.session_state.get(WATCH_LAST)
    if last is not None:
        before, move, after = last
        text.markdown(table_move_text(before, move, after, t))
    if game.result is not None:
        text.markdown(table_outcome_text(game, t))
    else:
        _hint(game, t)
    left, right = st.columns(2)
    with left:
        st.button(
            t._("Next move"),
            key="tw_next",
            on_click=_next_move,
            disabled=game.result is not None,
            width="stretch",
        )
    with right:
        st.button(t._("New deal"), key="tw_new", on_click=_new_deal, width="stretch")


def _hint(game: TableState, t: Translator) -> None:
    """The hint ladder for the seat to move, a level per click, as for two players."""
    seat = game.to_move
    if seat is None:
        return
    level = st.session_state.get(WATCH_HINTS, {}).get(_hint_key(), 0)
    if level:
        text.html(hint_html(game, level, t))
    if level < 4:
        st.button(
            t._("Show a hint ({level} of 4)", level=level + 1),
            key="tw_hint",
            on_click=_more_hint,
            icon=":material/lightbulb:",
            help=t._("A hint for player {name}, who is to play.", name=SEAT_NAMES[seat]),
        )


if __name__ == "__main__":
    page()

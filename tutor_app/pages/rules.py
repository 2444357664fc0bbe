"""Rules: each preset's switches in words with their sources, the presets side by side, and a
deal for three or four played by the computer, a move at a time."""

from __future__ import annotations

import functools

import streamlit as st

from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.teach.table_watch import FIRST_PRESET, HINT_LEVELS, WATCH_PRESETS, Watch, new_watch
from tutor.web.board import BoardOptions, board_html
from tutor.web.handout import file_name, rules_card_html
from tutor.web.hint_html import hint_html
from tutor.web.rules_ref import (
    compare_html,
    preset_title,
    rules_reference_html,
    source_files_html,
)
from tutor.words import rules_page as rw
from tutor.words.handout_text import HandoutWords
from tutor.words.i18n import Translator
from tutor_app import chrome, text
from tutor_app.session import state
from tutor_app.shared import tr


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    w = rw.RulesWords().said(t)
    text.title(w.title)
    text.markdown(w.intro)
    every = {**PRESETS, **TABLE_PRESETS}
    one, compare, table = st.tabs([w.one, w.compare, w.table])
    with one:
        if st.session_state.get("w_preset") not in every:
            st.session_state.w_preset = "classic"
        name = st.selectbox(
            w.preset,
            placeholder=w.choose,
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=list(every),
            format_func=lambda n: preset_title(n, t),
            key="w_preset",
        )
        text.html(rules_reference_html(every[name], t))
        st.download_button(
            HandoutWords().said(t).rules_card,
            data=functools.partial(rules_card_html, every[name], t),
            file_name=file_name("rules", name),
            mime="text/html",
            key="w_rules_card",
            icon=":material/print:",
            on_click="ignore",
        )
    with compare:
        only = st.toggle(w.only_differences, key="w_only_diff")
        text.caption(w.compare_caption)
        text.html(compare_html(list(PRESETS.values()), t, only_differences=bool(only)))
    with table:
        text.caption(w.table_caption)
        text.html(compare_html(list(TABLE_PRESETS.values()), t, only_differences=True))
        _watch(t, w)
    with st.expander(w.teachers):
        text.caption(w.teachers_caption)
        text.html(source_files_html(t))
    chrome.sync_address(chrome.settings_params())


#: The deal watched (a ``Watch``): said in the language the page is read in, also after the
#: language changes.
WATCH = "tw_watch"


def _watched() -> Watch | None:
    watch = st.session_state.get(WATCH)
    return watch if isinstance(watch, Watch) else None


@chrome.safe_callback
def _new_deal() -> None:
    preset = str(st.session_state.w_tw_preset)
    watch = _watched()
    st.session_state[WATCH] = new_watch(preset, 1) if watch is None else watch.next_deal(preset)


@chrome.safe_callback
def _next_move() -> None:
    watch = _watched()
    if watch is not None:
        st.session_state[WATCH] = watch.next_move()


@chrome.safe_callback
def _more_hint() -> None:
    watch = _watched()
    if watch is not None:
        st.session_state[WATCH] = watch.more_hint()


def _watch(t: Translator, w: rw.RulesWords) -> None:
    """A deal played by the computer at every seat, a move at a time."""
    text.subheader(w.watch)
    if st.session_state.get("w_tw_preset") not in WATCH_PRESETS:
        st.session_state.w_tw_preset = FIRST_PRESET
    st.selectbox(
        w.preset,
        filter_mode=None,
        options=list(WATCH_PRESETS),
        format_func=lambda n: preset_title(n, t),
        key="w_tw_preset",
        on_change=_new_deal,
    )
    watch = _watched()
    if watch is None or watch.preset != st.session_state.w_tw_preset:
        _new_deal()
        watch = _watched()
        assert watch is not None
    show_all = st.toggle(w.every_hand, value=True, key="w_tw_open")
    opts = BoardOptions(
        style=state.style, show=watch.shown(bool(show_all)), projector=bool(state.projector)
    )
    text.html(board_html(watch.deal, None, t, opts))
    said = rw.watch_move_text(watch, t)
    if said is not None:
        text.markdown(said)
    outcome = rw.watch_outcome_text(watch, t)
    if outcome is not None:
        text.markdown(outcome)
    else:
        _hint(watch, t)
    left, right = st.columns(2)
    with left:
        st.button(
            w.next_move,
            key="tw_next",
            on_click=_next_move,
            disabled=watch.over,
            width="stretch",
        )
    with right:
        st.button(w.new_deal, key="tw_new", on_click=_new_deal, width="stretch")


def _hint(watch: Watch, t: Translator) -> None:
    """The hint ladder for the seat to move, a level per click, as for two players."""
    if watch.deal.to_move is None:
        return
    if watch.hints:
        text.html(hint_html(watch.deal, watch.hints, t))
    if watch.hints < HINT_LEVELS:
        st.button(
            rw.hint_button(watch.hints + 1, t),
            key="tw_hint",
            on_click=_more_hint,
            icon=":material/lightbulb:",
            help=rw.watch_hint_help(watch, t),
        )


if __name__ == "__main__":
    page()

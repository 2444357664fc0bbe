"""Rules: each preset's switches in words with their sources, and the presets side by side."""

from __future__ import annotations

import streamlit as st

from tutor.engine import PRESETS, TABLE_PRESETS
from tutor.web.rules_ref import (
    compare_html,
    preset_title,
    rules_reference_html,
    source_files_html,
)
from tutor_app import chrome, text
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
    with st.expander(t._("Details for teachers: the source files")):
        text.caption(
            t._(
                "Each source is kept with the tutor as a text file; the rule switches in the "
                "program and the command tutor rules name a source by its file."
            )
        )
        text.html(source_files_html(t))
    chrome.sync_address(chrome.settings_params())


if __name__ == "__main__":
    page()

"""Glossary: every term of 66 in the chosen language with the other two beside it, what it
means and the words the rule sources use, with a filter."""

from __future__ import annotations

import streamlit as st

from tutor.web.glossary import glossary_html
from tutor.words.app_text import NO_MATCH, AppWords, GlossaryWords, glossary_intro, terms_shown
from tutor.words.glossary import glossary, search
from tutor_app import chrome, text
from tutor_app.shared import tr


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    w = GlossaryWords().said(t)
    text.title(AppWords().said(t).glossary)
    text.markdown(glossary_intro(t))
    query = st.text_input(w.find, key="w_glossary_find", placeholder=w.find_hint)
    rows = glossary(t)
    shown = search(rows, str(query or ""))
    if not shown:
        text.info(text.say(t, NO_MATCH, text=query))
    else:
        text.caption(terms_shown(len(shown), len(rows), t))
        text.html(glossary_html(shown, t))
    chrome.sync_address(chrome.settings_params())


if __name__ == "__main__":
    page()

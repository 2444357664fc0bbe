"""Glossary: every term of 66 in the chosen language with the other two beside it, what it
means and the words the rule sources use, with a filter."""

from __future__ import annotations

import streamlit as st

from tutor.msgid import N_
from tutor.web.glossary import glossary_html
from tutor.words.glossary import INTRO, glossary, search
from tutor_app import chrome, text
from tutor_app.shared import tr

NO_MATCH = N_("No term matches “{text}”.")


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    text.title(t._("Glossary"))
    text.markdown(t._(INTRO))
    query = st.text_input(
        t._("Find a term"),
        key="w_glossary_find",
        placeholder=t._("a word in any of the three languages"),
    )
    rows = glossary(t)
    shown = search(rows, str(query or ""))
    if not shown:
        text.info(text.say(t, NO_MATCH, text=query))
    else:
        text.caption(t._("Terms shown: {n} of {total}.", n=len(shown), total=len(rows)))
        text.html(glossary_html(shown, t))
    chrome.sync_address(chrome.settings_params())


if __name__ == "__main__":
    page()

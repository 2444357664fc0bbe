"""The 66 tutor in the browser: lessons, the rules explainer and a projector mode.

Thin over ``tutor``: this file sets up the session and the navigation; the pages live in
``tutor_app/pages/``, and what they show is built by ``tutor.web``.
Run with ``streamlit run streamlit_app.py``.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from tutor.words.app_text import AppWords
from tutor_app import chrome, session, shared, text

HERE = Path(__file__).resolve().parent

st.set_page_config(page_icon="🂡", layout="wide")
session.init_session()
w = AppWords().said(shared.tr())
LEARN = HERE / "tutor_app/pages/learn.py"
pages = [
    # The Learn page is served at the root (its url_path only names it) ...
    st.Page(LEARN, title=w.learn, url_path="home", icon=":material/school:", default=True),
    st.Page(
        HERE / "tutor_app/pages/rules.py",
        title=w.rules,
        url_path="rules",
        icon=":material/menu_book:",
    ),
    st.Page(
        HERE / "tutor_app/pages/puzzles.py",
        title=w.puzzles,
        url_path="puzzles",
        icon=":material/extension:",
    ),
    st.Page(
        HERE / "tutor_app/pages/play.py",
        title=w.play,
        url_path="play",
        icon=":material/playing_cards:",
    ),
    st.Page(
        HERE / "tutor_app/pages/studio.py",
        title=w.studio,
        url_path="studio",
        icon=":material/edit_square:",
    ),
    st.Page(
        HERE / "tutor_app/pages/glossary.py",
        title=w.glossary,
        url_path="glossary",
        icon=":material/translate:",
    ),
    st.Page(
        HERE / "tutor_app/pages/follow.py",
        title=w.follow,
        url_path="follow",
        icon=":material/cast:",
    ),
    # ... and at /learn too (an address such as /learn?lesson=...), out of the menu.
    st.Page(LEARN, title=w.learn, url_path="learn", icon=":material/school:", visibility="hidden"),
]
current = st.navigation(pages, position="hidden" if session.state.projector else "top")
if current.url_path != "follow":
    shared.stop_following()
chrome.page_title(current.title)
chrome.declare_language()
chrome.page_style()
if not session.state.projector:
    with st.sidebar:
        text.header(w.settings)
        chrome.settings(st)
current.run()

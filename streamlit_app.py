"""The 66 tutor in the browser: lessons, the rules explainer and a projector mode.

Thin over ``tutor``: this file sets up the session and the navigation; the pages live in
``app_pages/``, and what they show is built by ``tutor.present``.
Run with ``streamlit run streamlit_app.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the pages import app_pages.common
    sys.path.insert(0, str(HERE))

from app_pages import common  # noqa: E402

st.set_page_config(page_title="66", page_icon="🂡", layout="wide")
common.init_session()
t = common.tr()
pages = [
    st.Page(
        HERE / "app_pages/learn.py",
        title=t._("Learn"),
        url_path="learn",
        icon=":material/school:",
        default=True,
    ),
    st.Page(
        HERE / "app_pages/rules.py",
        title=t._("Rules"),
        url_path="rules",
        icon=":material/menu_book:",
    ),
    st.Page(
        HERE / "app_pages/puzzles.py",
        title=t._("Puzzles"),
        url_path="puzzles",
        icon=":material/extension:",
    ),
    st.Page(
        HERE / "app_pages/follow.py",
        title=t._("Follow a teacher"),
        url_path="follow",
        icon=":material/cast:",
    ),
]
current = st.navigation(pages, position="hidden" if st.session_state.projector else "top")
common.page_style()
if not st.session_state.projector:
    with st.sidebar:
        st.header(t._("Settings"))
        common.settings(st)
current.run()

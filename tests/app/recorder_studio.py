"""A small app for the recorder's tests: the recorder on a page of its own beside the Learn
page, as the Studio page will draw it."""

from __future__ import annotations

import streamlit as st

from tutor_app import session
from tutor_app.recorder_panel import LEARN_SCRIPT, lesson_recorder

session.init_session()


def studio() -> None:
    lesson_recorder("rec")


pages = [
    st.Page(studio, title="Studio", url_path="studio", default=True),
    st.Page(LEARN_SCRIPT, title="Learn", url_path="learn"),
]
st.navigation(pages).run()

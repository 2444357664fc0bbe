"""The link "Set up this position in the studio" (``/studio?pos=<code>``) under a table."""

from __future__ import annotations

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from tutor.engine import Deal, State, TableState
from tutor.teach.studio.link import deal_code
from tutor.words.i18n import Translator
from tutor.words.studio_page import StudioWords

STUDIO_PAGE = "tutor_app/pages/studio.py"


def offer(deal: Deal, t: Translator, key: str) -> None:
    """The link to the studio with ``deal`` set up; nothing for a deal that is over or that
    the position format cannot write."""
    if deal.is_over or not isinstance(deal, State | TableState):
        return
    code = deal_code(deal)
    if code is None:
        return
    with st.container(key=key):
        try:
            st.page_link(
                STUDIO_PAGE,
                label=StudioWords().said(t).open_in_studio,
                icon=":material/edit_square:",
                query_params={"pos": code},
            )
        except StreamlitPageNotFoundError:  # a page run on its own, without the studio
            return


__all__ = ["STUDIO_PAGE", "offer"]

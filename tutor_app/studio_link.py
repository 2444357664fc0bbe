"""The link "Set up this position in the studio" (``/studio?pos=<code>``) under a table."""

from __future__ import annotations

import streamlit as st

from tutor.engine import Deal, State, TableState
from tutor.formats.positions import PositionError
from tutor.teach.studio.link import MAX_POS_CHARS, encode_deal
from tutor.words.i18n import Translator
from tutor.words.studio_page import StudioWords

STUDIO_PAGE = "tutor_app/pages/studio.py"


def offer(deal: Deal, t: Translator, key: str) -> None:
    """The link to the studio with ``deal`` set up; nothing for a deal that is over or that
    the position format cannot write."""
    if deal.is_over or not isinstance(deal, State | TableState):
        return
    try:
        code = encode_deal(deal)
    except PositionError:
        return
    if len(code) > MAX_POS_CHARS:
        return
    with st.container(key=key):
        st.page_link(
            STUDIO_PAGE,
            label=StudioWords().said(t).open_in_studio,
            icon=":material/edit_square:",
            query_params={"pos": code},
        )


__all__ = ["STUDIO_PAGE", "offer"]

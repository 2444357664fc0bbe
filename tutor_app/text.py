"""The one way the pages write text: every Streamlit element that reads Markdown is called
here, and what it is given is shown as written unless it is ``Md`` (Markdown made safe by
``tutor.web.html``). HTML goes through ``html``, which escapes whatever is not ``Markup``.

Text from the address, from lesson and puzzle files and from uploads may hold Markdown links
and images, HTML or bare addresses; Streamlit would show them as links and make the visitor's
browser fetch images. ``tests/app/test_app_hostile.py`` checks that no page calls those elements
any other way.
"""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st
from markupsafe import Markup, escape

from tutor.web.html import Md, md_bullets, md_text, one_line
from tutor.web.problems import MAX_SHOWN_PARAM
from tutor.words.i18n import Translator

Icon = str | None


def say(tr: Translator, msgid: str, **params: object) -> str:
    """A message in ``tr``'s language, each text parameter on one line and cut to
    ``MAX_SHOWN_PARAM`` characters (the writing functions here then escape it all)."""
    return tr._(msgid, **{k: _shown(v) for k, v in params.items()})


def _shown(value: object) -> object:
    return one_line(value, MAX_SHOWN_PARAM) if isinstance(value, str) else value


def md(text: str) -> Md:
    """``text`` as Markdown that shows it as written (``Md`` is kept as it is)."""
    return text if isinstance(text, Md) else md_text(text)


def title(text: str) -> None:
    st.title(md(text), anchor=False)


def header(text: str) -> None:
    st.header(md(text), anchor=False)


def subheader(text: str) -> None:
    st.subheader(md(text), anchor=False)


def markdown(text: str) -> None:
    st.markdown(md(text))


def bullets(lines: Iterable[str]) -> None:
    st.markdown(md_bullets(lines))


def caption(text: str) -> None:
    st.caption(md(text))


def info(text: str, icon: Icon = ":material/info:") -> None:
    st.info(md(text), icon=icon)


def success(text: str, icon: Icon = None) -> None:
    st.success(md(text), icon=icon)


def warning(text: str, icon: Icon = ":material/warning:") -> None:
    st.warning(md(text), icon=icon)


def error(text: str, icon: Icon = ":material/error:") -> None:
    st.error(md(text), icon=icon)


def code(content: str) -> None:
    """Plain text in a code block (shown as written, with a button that copies it)."""
    st.code(content, language=None)


def html(content: str) -> None:
    """HTML: ``Markup`` as it is, anything else escaped."""
    st.html(content if isinstance(content, Markup) else escape(content))


__all__ = [
    "MAX_SHOWN_PARAM",
    "bullets",
    "caption",
    "code",
    "error",
    "header",
    "html",
    "info",
    "markdown",
    "md",
    "say",
    "subheader",
    "success",
    "title",
    "warning",
]

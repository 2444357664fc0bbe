"""What every page of the app shares: the session's settings, the translator, the lessons,
the follow rooms, the page style, and the guard that keeps tracebacks off the page.

State lives in ``st.session_state`` under plain keys (``lang``, ``style``, ``projector``,
``lesson``, ``step``, ``show``, ``finished``, ``room``); widgets have their own ``w_...`` keys
and copy their value into the state in ``on_change`` callbacks.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import streamlit as st

from tutor.teach.lessons import Library
from tutor.web import present
from tutor.web.present import DeepLink, RoomStore
from tutor.words.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    Translator,
    get_translator,
    negotiate,
    normalize_language,
)

LOG = logging.getLogger("tutor.app")
ROOT = Path(__file__).resolve().parent.parent
LESSONS_ENV = "TUTOR_LESSONS_DIR"

P = ParamSpec("P")
R = TypeVar("R")


# ----------------------------------------------------------------------------- shared objects


def lessons_folder() -> Path:
    """The lessons folder: ``$TUTOR_LESSONS_DIR`` or ``lessons/`` beside the app."""
    env = os.environ.get(LESSONS_ENV, "").strip()
    return Path(env) if env else ROOT / "lessons"


@st.cache_resource(show_spinner=False, max_entries=8)
def _library(folder: str) -> Library:
    return Library(Path(folder))


def library() -> Library:
    """The lessons of the folder, read again whenever a file changes (the ``Library`` keeps
    the one lesson cache; this only shares the object between sessions)."""
    return _library(str(lessons_folder())).refresh()


@st.cache_resource(show_spinner=False)
def rooms() -> RoomStore:
    """The rooms teachers share, common to all sessions of this server."""
    return RoomStore()


def tr() -> Translator:
    """The translator for this session's language and pack style (cached by tutor.words.i18n)."""
    ss = st.session_state
    return get_translator(ss.get("lang", "en"), ss.get("style", present.DEFAULT_STYLE))


# ----------------------------------------------------------------------------- session


def _header(name: str) -> str | None:
    try:
        value = st.context.headers.get(name)
    except Exception:  # no browser behind this session (tests, bare mode)
        return None
    return str(value) if value else None


def _browser_locale() -> str | None:
    try:
        value = st.context.locale
    except Exception:
        return None
    return str(value) if value else None


def init_session() -> None:
    """On a session's first run: settings from the address, else from the browser."""
    ss = st.session_state
    if ss.get("ready"):
        return
    link = present.parse_link(st.query_params.to_dict())
    notices: list[tuple[str, dict[str, object]]] = []
    explicit = normalize_language(link.lang) if link.lang else None
    if link.lang and explicit is None:
        notices.append(
            (
                N_("The language '{lang}' is not available; choose one of: {valid}."),
                {"lang": link.lang, "valid": ", ".join(LANGUAGES)},
            )
        )
    accept = _header("Accept-Language") or _browser_locale()
    ss.lang = negotiate(explicit, accept)
    ss.style = link.style or present.DEFAULT_STYLE
    ss.projector = bool(link.projector)
    ss.lesson = link.lesson
    ss.step = 0
    ss.link = link
    ss.show = None
    ss.finished = set()
    ss.room = None
    ss.notices = notices
    ss.follow_room = link.room or ""
    ss.ready = True


def pending_link() -> DeepLink | None:
    """The deep link of the first run, once: the learn page applies it."""
    link = st.session_state.get("link")
    st.session_state.link = None
    return link if isinstance(link, DeepLink) else None


def notice(msgid: str, **params: object) -> None:
    """A message for the next run of the page (shown once, translated then)."""
    st.session_state.setdefault("notices", []).append((msgid, params))


def show_notices() -> None:
    t = tr()
    for msgid, params in st.session_state.get("notices", []):
        st.info(t._(msgid, **params), icon=":material/info:")
    st.session_state.notices = []


def bind(widget_key: str, model_key: str) -> None:
    """Give a widget the state's value before it is drawn (the state is the truth).

    Always written, even when it looks equal: the same setting is drawn in the side bar on
    one run and in the projector's popover on the next, and a widget drawn in a new place
    starts from its default unless its value is set again."""
    st.session_state[widget_key] = st.session_state.get(model_key)


def copy_to(model_key: str, widget_key: str) -> Callable[[], None]:
    """An ``on_change`` callback: the widget's new value becomes the state."""

    def cb() -> None:
        st.session_state[model_key] = st.session_state[widget_key]

    return cb


# ----------------------------------------------------------------------------- settings


def settings(where: Any) -> None:
    """Language, pack style and projector mode, in the sidebar or a popover."""
    t = tr()
    bind("w_lang", "lang")
    where.selectbox(
        t._("Language"),
        options=list(LANGUAGES),
        format_func=lambda code: LANGUAGE_NAMES[code],
        key="w_lang",
        on_change=copy_to("lang", "w_lang"),
    )
    bind("w_style", "style")
    where.radio(
        t._("Cards"),
        options=list(present.STYLES),
        format_func=lambda s: t._(present.STYLE_NAMES[s]),
        key="w_style",
        on_change=copy_to("style", "w_style"),
    )
    bind("w_projector", "projector")
    where.toggle(
        t._("Projector mode"),
        key="w_projector",
        on_change=copy_to("projector", "w_projector"),
        help=t._("Large cards and text, high contrast, no side bar: for the classroom."),
    )


def page_style() -> None:
    """The app's style sheet (and, in projector mode, the classroom look)."""
    st.html(present.page_css(projector=bool(st.session_state.get("projector"))))


# ----------------------------------------------------------------------------- guard


def guarded(body: Callable[[], None]) -> Callable[[], None]:
    """Run a page body; an unexpected error is logged and shown as a short translated
    message instead of a traceback."""

    @wraps(body)
    def run() -> None:
        try:
            body()
        except Exception:
            LOG.exception("page failed")
            t = tr()
            st.error(
                t._(
                    "Sorry, something went wrong while showing this page. "
                    "Try another lesson or reload the page."
                ),
                icon=":material/error:",
            )

    return run


def safe_callback(fn: Callable[P, None]) -> Callable[P, None]:
    """A widget callback that never lets an exception reach the page."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            fn(*args, **kwargs)
        except Exception:
            LOG.exception("callback failed")
            notice(N_("Sorry, that did not work. Please try again."))

    return run


# ----------------------------------------------------------------------------- page chrome


def projector_bar() -> None:
    """In projector mode the side bar is hidden: settings and the way out sit top right."""
    if st.session_state.get("projector"):
        _, pop, out = st.columns([6, 1.3, 1.3], vertical_alignment="center")
        projector_controls(pop, out)


def projector_controls(pop: Any, out: Any) -> None:
    """The settings popover and the button that leaves projector mode, in two places."""
    t = tr()
    with pop, st.popover(t._("Settings"), icon=":material/settings:", width="stretch"):
        settings(st)
    with out:
        st.button(
            t._("Normal view"),
            key="exit_projector",
            on_click=_leave_projector,
            icon=":material/close_fullscreen:",
            width="stretch",
            help=t._("Leave projector mode"),
        )


def _leave_projector() -> None:
    st.session_state.projector = False


def settings_params(**first: str) -> dict[str, str]:
    """The address of a page without a lesson: ``first`` (a room, say), then the language,
    pack style and projector mode, so that a reload or a shared link keeps them."""
    ss = st.session_state
    link = present.link_params(
        lesson=None, step=0, lang=ss.lang, style=ss.style, projector=bool(ss.projector)
    )
    return {**first, **link}


def sync_address(params: dict[str, str]) -> None:
    """Make the address show ``params`` (so it can be shared), if it does not already."""
    current = {k: v for k, v in st.query_params.to_dict().items()}
    if current != params:
        st.query_params.from_dict(params)

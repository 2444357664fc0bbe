"""What frames every page: the settings (language, cards, projector mode), the style sheet,
the document's language and the tab's title, the projector's bar, the notices, the guards
that keep tracebacks off the page, and the address that follows what the page shows."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, ParamSpec

import streamlit as st

from tutor.web.board import STYLE_NAMES, STYLES
from tutor.web.document import LANG_KEY, LANG_SCRIPT, help_words, tab_title
from tutor.web.html import page_css
from tutor.web.links import link_params
from tutor.web.rules_ref import preset_title
from tutor.words import play_text
from tutor.words.app_text import CALLBACK_FAILED, ROOMS_DOWN, AppWords, rooms_down
from tutor.words.i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from tutor_app import connection, text
from tutor_app.rooms import RoomsUnavailable, format_room
from tutor_app.session import bind, copy_to, notice, state
from tutor_app.shared import tr

LOG = logging.getLogger("tutor.app")

P = ParamSpec("P")


# ----------------------------------------------------------------------------- settings


def settings(where: Any) -> None:
    """Language, pack style and projector mode, in the sidebar or a popover."""
    t = tr()
    w = AppWords().said(t)
    bind("w_lang", "lang")
    where.selectbox(
        w.language,
        placeholder=w.choose,
        filter_mode=None,  # short lists: no typing, no "No results" in English
        options=list(LANGUAGES),
        format_func=lambda code: LANGUAGE_NAMES[code],
        key="w_lang",
        on_change=copy_to("lang", "w_lang"),
    )
    bind("w_style", "style")
    where.radio(
        w.cards,
        options=list(STYLES),
        format_func=lambda s: t._(STYLE_NAMES[s]),
        key="w_style",
        on_change=copy_to("style", "w_style"),
    )
    bind("w_projector", "projector")
    where.toggle(
        w.projector,
        key="w_projector",
        on_change=copy_to("projector", "w_projector"),
        help=w.projector_help,
    )


#: Sets the document's ``lang`` in the page itself (a component without a frame).
_DOCUMENT_LANG = st.components.v2.component("tutor66_document_lang", js=LANG_SCRIPT)


def declare_language() -> None:
    """Tell the browser the page's language (``<html lang>``) and how its help icons are
    named for screen readers; once per run."""
    _DOCUMENT_LANG(data={"lang": state.lang, "help": help_words(tr())}, key=LANG_KEY)


def page_title(*parts: str) -> None:
    """The browser tab's title: ``parts`` (what the page shows, then the page's name), then
    the app's name, in the session's language. A later call in the same run wins."""
    st.set_page_config(page_title=tab_title(parts, tr()))


def open_room() -> tuple[str, str] | None:
    """The room this teacher's page has open, as the title shows it (its label and code in
    the session's language), or ``None``."""
    return (AppWords().said(tr()).room_code, format_room(state.room)) if state.room else None


def page_style() -> None:
    """The app's style sheet (and, in projector mode, the classroom look)."""
    text.html(page_css(projector=bool(state.projector)))
    connection.watch()  # the notice when the page loses the server


def mark_legal_toggle(label: str, help_text: str) -> None:
    """The toggle that marks the cards that may be played on the table (Learn and Puzzles):
    the session's setting, kept when the learner goes from page to page."""
    st.session_state.w_mark_legal = bool(state.mark_legal)
    st.toggle(label, key="w_mark_legal", on_change=_mark_legal, help=help_text)


def _mark_legal() -> None:
    state.mark_legal = bool(st.session_state.get("w_mark_legal", False))


def show_notices() -> None:
    """The notices left for this run, translated, once (their parameters come from the
    address: each is shown as written, on one line, cut if long)."""
    t = tr()
    for msgid, params in state.notices:
        text.info(text.say(t, msgid, **params))
    state.shown_notices = state.notices
    state.notices = []


# ----------------------------------------------------------------------------- guard


def guarded(body: Callable[[], None]) -> Callable[[], None]:
    """Run a page body; an unexpected error is logged with its traceback (for the server's
    log) and shown as a short translated message instead of a traceback. The last resort:
    the problems the app expects (a broken file, a wrong address) get their own messages."""

    @wraps(body)
    def run() -> None:
        try:
            body()
        except RoomsUnavailable:
            LOG.warning("rooms unavailable on %s", _where(body), exc_info=True)
            text.warning(rooms_down(tr()), icon=":material/cloud_off:")
        except Exception:
            LOG.exception("page %s failed", _where(body))
            text.error(AppWords().said(tr()).page_failed)

    return run


def _where(fn: Callable[..., object]) -> str:
    """The file a function is written in, for the log (pages run as scripts: their module
    is ``__main__``)."""
    code = getattr(fn, "__code__", None)
    return Path(code.co_filename).name if code is not None else repr(fn)


def safe_callback(fn: Callable[P, None]) -> Callable[P, None]:
    """A widget callback that never lets an exception reach the page."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            fn(*args, **kwargs)
        except RoomsUnavailable:
            LOG.warning("rooms unavailable in %s", fn.__qualname__, exc_info=True)
            notice(ROOMS_DOWN)
        except Exception:
            LOG.exception("callback %s in %s failed", fn.__qualname__, _where(fn))
            notice(CALLBACK_FAILED)

    return run


# ----------------------------------------------------------------------------- page chrome


def projector_bar() -> None:
    """In projector mode the side bar is hidden: settings and the way out sit top right."""
    if state.projector:
        _, pop, out = st.columns([6, 1.3, 1.3], vertical_alignment="center")
        projector_controls(pop, out)


def projector_controls(pop: Any, out: Any) -> None:
    """The settings popover and the button that leaves projector mode, in two places."""
    w = AppWords().said(tr())
    with pop, st.popover(w.settings, icon=":material/settings:", width="stretch"):
        settings(st)
    with out:
        st.button(
            w.normal_view,
            key="exit_projector",
            on_click=_leave_projector,
            icon=":material/close_fullscreen:",
            width="stretch",
            help=w.leave_projector,
        )


def _leave_projector() -> None:
    state.projector = False


def settings_params(**first: str) -> dict[str, str]:
    """The address of a page without a lesson: ``first`` (a room, say), then the language,
    pack style and projector mode, so that a reload or a shared link keeps them."""
    link = link_params(
        lesson=None, step=0, lang=state.lang, style=state.style, projector=bool(state.projector)
    )
    return {**first, **link}


def sync_address(params: dict[str, str]) -> None:
    """Make the address show ``params`` (so it can be shared), if it does not already."""
    current = {k: v for k, v in st.query_params.to_dict().items()}
    if current != params:
        st.query_params.from_dict(params)


def choose_rules_and_opponent(
    t: Translator,
    presets: list[str],
    default: str,
    opponents: tuple[str, ...],
    keys: tuple[str, str],
) -> None:
    """The Play page's choice of the rules (one of ``presets``, ``default`` at first) and of
    the computer opponent, kept under the widget ``keys`` (rules, opponent)."""
    preset_key, opponent_key = keys
    w = AppWords().said(t)
    if st.session_state.get(preset_key) not in presets:
        st.session_state[preset_key] = default
    st.selectbox(
        w.rules,
        presets,
        key=preset_key,
        format_func=lambda n: preset_title(n, t),
        filter_mode=None,
    )
    st.radio(
        w.opponent,
        opponents,
        key=opponent_key,
        format_func=lambda o: play_text.opponent_name(o, t),
        horizontal=True,
    )


__all__ = [
    "LOG",
    "ROOMS_DOWN",
    "declare_language",
    "guarded",
    "page_style",
    "page_title",
    "projector_bar",
    "projector_controls",
    "safe_callback",
    "settings",
    "settings_params",
    "show_notices",
    "sync_address",
]

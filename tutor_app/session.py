"""One session's state: each key of ``st.session_state`` the app uses, with its type and its
default, read and written through ``state`` (``state.lesson``, ``state.step``, ...).

Widgets have their own ``w_...`` keys; ``bind`` gives a widget the state's value before it is
drawn and ``copy_to`` makes an ``on_change`` callback that copies its new value back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar, cast

import streamlit as st

from tutor.teach.lessons import LessonRun, Shelf
from tutor.teach.puzzles import Attempt, Refused
from tutor.teach.uploads import Upload
from tutor.web.board import DEFAULT_STYLE
from tutor.web.links import DeepLink, parse_link
from tutor.words.app_text import IGNORED_PARAM, NO_SUCH_LANGUAGE
from tutor.words.i18n import LANGUAGES, negotiate, normalize_language
from tutor_app.rooms import Join

T = TypeVar("T")

Notice = tuple[str, dict[str, object]]  # a msgid and its parameters, translated when shown


class _Key(Generic[T]):
    """A session key read and written as an attribute; a missing key reads as its default."""

    def __init__(self, default: Callable[[], T]) -> None:
        self._default = default
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> T:
        ss = st.session_state
        if self.name in ss:
            return cast(T, ss[self.name])
        return self._default()

    def __set__(self, obj: object, value: T) -> None:
        st.session_state[self.name] = value


class Session:
    """The keys of a session, each under its own name in ``st.session_state``."""

    ready = _Key[bool](lambda: False)  # the first run's setup is done
    # settings
    lang = _Key[str](lambda: "en")
    style = _Key[str](lambda: DEFAULT_STYLE)
    projector = _Key[bool](lambda: False)
    # the lesson player
    link = _Key[DeepLink | None](lambda: None)  # the first run's address, until applied
    lesson = _Key[str | None](lambda: None)
    step = _Key[int](lambda: 0)
    show_a = _Key[bool](lambda: True)
    show_b = _Key[bool](lambda: True)
    finished = _Key[set[str]](set)
    shelf = _Key[Shelf](Shelf)  # the lesson files opened in this session
    lesson_run = _Key[LessonRun | None](lambda: None)  # what the learner did in the lesson
    mark_legal = _Key[bool](lambda: False)  # mark the cards that may be played, dim the others
    notices = _Key[list[Notice]](list)
    shown_notices = _Key[list[Notice]](list)  # those the last run showed
    # following a teacher
    room = _Key[str | None](lambda: None)  # the room this teacher shares
    room_token = _Key[str](lambda: "")  # its teacher token
    follow_room = _Key[str](lambda: "")  # the room this student follows (normalised)
    follow_join = _Key[tuple[str, Join] | None](lambda: None)  # the answer to that code
    follow_seen = _Key[bool](lambda: False)  # the room's lesson was shown here
    follow_own = _Key[LessonRun | None](lambda: None)  # the student looks back on their own
    # the puzzle trainer
    pz_theme = _Key[str](lambda: "")
    pz_level = _Key[int](lambda: 0)
    pz_current = _Key[str | None](lambda: None)
    pz_attempt = _Key[Attempt | None](lambda: None)
    pz_hints = _Key[int](lambda: 0)
    pz_reveal = _Key[bool](lambda: False)
    pz_illegal = _Key[Refused | None](lambda: None)  # a card clicked that may not be played
    pz_view = _Key[int](lambda: 0)  # the step of the answers to the last move on the table
    pz_why = _Key[int | None](lambda: None)  # the step of a refutation replayed, or None
    pz_solved = _Key[dict[str, bool]](dict)
    pz_upload = _Key[Upload | None](lambda: None)  # what came of the last upload

    @property
    def show(self) -> tuple[bool, bool]:
        """Which hands are face up: A's, B's."""
        return (bool(self.show_a), bool(self.show_b))


state = Session()


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
    if state.ready:
        return
    link = parse_link(st.query_params.to_dict())
    notices: list[Notice] = []
    explicit = normalize_language(link.lang) if link.lang else None
    if link.lang and explicit is None:
        notices.append(
            (
                NO_SUCH_LANGUAGE,
                {"lang": link.lang, "valid": ", ".join(LANGUAGES)},
            )
        )
    for name, value in link.ignored:
        notices.append((IGNORED_PARAM, {"param": name, "value": value}))
    accept = _header("Accept-Language") or _browser_locale()
    state.lang = negotiate(explicit, accept)
    state.style = link.style or DEFAULT_STYLE
    state.projector = bool(link.projector)
    state.lesson = link.lesson
    state.step = 0
    state.link = link
    state.finished = set()
    state.room = None
    state.notices = notices
    state.follow_room = link.room or ""
    state.follow_join = None
    state.follow_seen = False
    state.ready = True


def pending_link() -> DeepLink | None:
    """The deep link of the first run, once: the learn page applies it."""
    link = state.link
    state.link = None
    return link if isinstance(link, DeepLink) else None


def notice(msgid: str, **params: object) -> None:
    """A message for the next run of the page (shown once, translated then)."""
    state.notices = [*state.notices, (msgid, params)]


def repeat_notices() -> None:
    """Show the last run's notices again in the next run: for a run the learner did not ask
    for (the browser handing back the stored progress), which would otherwise wipe them."""
    state.notices = [*state.shown_notices, *state.notices]


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


__all__ = [
    "IGNORED_PARAM",
    "Session",
    "Upload",
    "bind",
    "copy_to",
    "init_session",
    "notice",
    "pending_link",
    "state",
]

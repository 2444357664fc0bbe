"""What every session of the app shares, and what each page needs first: the translator of
this session, the lessons, the puzzles and the follow rooms."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tutor.teach import puzzles as pz
from tutor.teach.lessons import Library
from tutor.teach.puzzles.difficulty import RATINGS_FILE, load_ratings
from tutor.words.i18n import Translator, get_translator
from tutor_app.room_lessons import FileLessons
from tutor_app.room_limits import Caller, caller_from
from tutor_app.rooms import REDIS_ENV, Rooms, RoomStore, RoomsUnavailable
from tutor_app.session import state
from tutor_app.wake import DOWN, Watcher, room_stamp, session_alive, wake_session

ROOT = Path(__file__).resolve().parent.parent
LESSONS_ENV = "TUTOR_LESSONS_DIR"
PUZZLES_ENV = "TUTOR_PUZZLES_DIR"
#: Seconds for which a listing of the lessons or puzzles folder is trusted: a file changed
#: shows within a second, and a class of pages run at once lists the folder once.
LIST_SECONDS = 1.0


def tr() -> Translator:
    """The translator for this session's language and pack style (cached by tutor.words.i18n)."""
    return get_translator(state.lang, state.style)


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
    return _library(str(lessons_folder())).refresh(within=LIST_SECONDS)


@st.cache_resource(show_spinner=False)
def rooms() -> Rooms:
    """The rooms teachers share, common to all sessions of this server: in Redis when
    ``$TUTOR_REDIS_URL`` is set (then common to every app process using that Redis), else in
    this process."""
    url = os.environ.get(REDIS_ENV, "").strip()
    if url:
        from tutor_app.rooms_redis import RedisRooms

        return RedisRooms(url)
    return RoomStore()


@st.cache_resource(show_spinner=False)
def file_lessons() -> FileLessons:
    """The lessons of the rooms' files read in this process, by digest
    (``tutor_app.room_lessons``)."""
    return FileLessons()


@st.cache_resource(show_spinner=False)
def watcher() -> Watcher:
    """The watcher of the rooms followed in this process (``tutor_app.wake``)."""

    def look(code: str) -> object:
        try:
            return room_stamp(rooms().pulse(code))
        except RoomsUnavailable:  # a change too: the pages say so
            return DOWN

    def say(code: str, follower: str) -> object:
        return rooms().follow(code, follower)

    return Watcher(look, say, wake_session, alive=session_alive)


def caller(session: str = "") -> Caller:
    """Who calls the rooms from this page: ``session`` (else Streamlit's session id) and the
    client's address the proxy forwards (``tutor_app.room_limits``)."""
    if not session:
        ctx = get_script_run_ctx()
        session = ctx.session_id if ctx is not None else ""
    try:
        headers: object = st.context.headers
    except Exception:  # no request behind this session (tests, bare mode)
        headers = None
    return caller_from(session, headers)


def stop_following() -> None:
    """This session shows a page that follows no room: the watcher no longer wakes it."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        watcher().leave(ctx.session_id)


def puzzles_folder() -> Path:
    """The puzzles folder: ``$TUTOR_PUZZLES_DIR`` or ``puzzles/`` beside the app."""
    env = os.environ.get(PUZZLES_ENV, "").strip()
    return Path(env) if env else ROOT / "puzzles"


@st.cache_resource(show_spinner=False, max_entries=8)
def _collection(folder: str) -> pz.Collection:
    return pz.Collection(Path(folder))


def collection() -> pz.Collection:
    """The puzzles of the folder, read again whenever a file changes (the ``Collection``
    reads only the changed files; this only shares the object between sessions)."""
    return _collection(str(puzzles_folder())).refresh(within=LIST_SECONDS)


@st.cache_resource(show_spinner=False, max_entries=8)
def _ratings(path: str, stamp: float) -> dict[str, float]:
    return load_ratings(path)


def puzzle_ratings() -> dict[str, float]:
    """The measured ratings of the puzzles (``ratings.json`` beside them; none: their levels')."""
    return ratings_in(puzzles_folder() / RATINGS_FILE)


def ratings_in(path: Path) -> dict[str, float]:
    """The ratings of a ratings file, read again when it changes (none: no file)."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return {}
    return _ratings(str(path), stamp)


__all__ = [
    "ROOT",
    "caller",
    "collection",
    "file_lessons",
    "lessons_folder",
    "library",
    "puzzle_ratings",
    "puzzles_folder",
    "ratings_in",
    "rooms",
    "stop_following",
    "tr",
    "watcher",
]

"""A small stand-in for the follow page, for the load test's own test: the same kind of page
(a fragment that looks at the room every two seconds, the step's ``data-t66-live`` marker,
answer buttons with keys ``class_answer_<k>`` while a question is asked), on the same store.

It lets the tests check the simulated students' clicks and the teacher's count whatever state
the real page is in. Run by ``scripts/classroom_load.py --app tests/classroom_load_app.py``.
"""

from __future__ import annotations

import os
import secrets

import streamlit as st

from tutor_app.rooms_redis import RedisRooms

ANSWERS = ("A", "B", "C")
#: Set to make the page count a changed answer as a second one (the test sees the load test
#: catch it).
DOUBLE_ENV = "CLASSROOM_LOAD_TEST_DOUBLE"


@st.cache_resource
def store() -> RedisRooms:
    return RedisRooms(os.environ["TUTOR_REDIS_URL"])


def answer(code: str, question: str, text: str) -> None:
    me = str(st.session_state["me"])
    if os.environ.get(DOUBLE_ENV):
        me += text  # each answer under its own name: a changed answer counts twice
    store().answer(code, me, question, text)


@st.fragment(run_every=2.0)
def room(code: str) -> None:
    view = store().get(code)
    if view is None:
        st.write("waiting")
        return
    st.html(f'<div data-t66-live="{view.lesson}:{view.step}">step {view.step}</div>')
    me = str(st.session_state["me"])
    # the room counts the answers of those who follow it when it asks (as the page says)
    for name in [me + text for text in ANSWERS] if os.environ.get(DOUBLE_ENV) else [me]:
        store().follow(code, name)
    asked = store().question(code, str(st.session_state["me"]))
    if asked is not None and not asked.revealed:
        for k, text in enumerate(ANSWERS):
            st.button(text, key=f"class_answer_{k}", on_click=answer, args=(code, asked.id, text))


def follow() -> None:
    st.session_state.setdefault("me", secrets.token_hex(8))
    room(str(st.query_params.get("room", "")))


st.navigation([st.Page(follow, title="Follow", url_path="follow", default=True)]).run()

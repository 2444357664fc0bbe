"""The Learn page reads only a few lesson files a minute per session: the next one is refused
unread with a translated message naming the file; another session is not held back."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from streamlit.testing.v1 import AppTest

from tutor.teach.uploads import M_TOO_OFTEN
from tutor.web.html import md_plain
from tutor.words.i18n import get_translator


def _upload_page() -> None:
    import streamlit as st

    from tutor_app import lesson_catalogue, session, shared

    session.init_session()
    st.session_state.lang = "de"
    data = b"id: [unclosed\n"
    lesson_catalogue.check_upload("kaputt.yaml", len(data), lambda: data)
    lesson_catalogue.open_file_controls(shared.tr())


def test_the_learn_page_reads_a_few_lesson_files_a_minute_per_session() -> None:
    from tutor_app import upload_limit

    upload_limit._limiter.clear()
    at = AppTest.from_function(_upload_page, default_timeout=60)
    t = get_translator("de")
    too_often = t._(M_TOO_OFTEN, limit=upload_limit.LESSON_FILES_PER_MINUTE)
    seen = []
    for _ in range(upload_limit.LESSON_FILES_PER_MINUTE + 1):
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        seen.append(" ".join(md_plain(str(e.value)) for e in at.error))
    assert all(too_often not in s and "kaputt.yaml" in s for s in seen[:-1]), seen
    assert too_often in seen[-1] and "kaputt.yaml" in seen[-1]
    upload_limit._limiter.clear()


def test_each_session_has_its_own_count(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor_app import upload_limit

    upload_limit._limiter.clear()
    session = {"id": "one"}
    monkeypatch.setattr(
        upload_limit,
        "get_script_run_ctx",
        lambda: SimpleNamespace(session_id=session["id"]),
    )
    n = upload_limit.LESSON_FILES_PER_MINUTE
    assert [upload_limit.may_check_lesson() for _ in range(n + 1)] == [True] * n + [False]
    session["id"] = "two"
    assert upload_limit.may_check_lesson()
    session["id"] = "one"
    assert not upload_limit.may_check_lesson()
    upload_limit._limiter.clear()

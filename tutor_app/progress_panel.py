"""The learner's progress on the Learn page: download it, upload a file to merge, or forget it.
The progress itself lives in the browser's storage (``tutor_app.progress``)."""

from __future__ import annotations

import streamlit as st

from tutor.teach.progress import M_TOO_LARGE, MAX_PROGRESS_BYTES, ProgressError
from tutor.web.document import uploader_words_css
from tutor.words import learn_page as lw
from tutor.words.i18n import Translator
from tutor_app import chrome, progress, session, text

PROGRESS_FILE = "66-progress.json"
#: The largest progress file the page takes, in MB.
MAX_PROGRESS_UPLOAD_MB = 1


def progress_controls(t: Translator) -> None:
    """Download, upload and reset the progress."""
    w = lw.LearnWords().said(t)
    with st.expander(w.progress, icon=":material/insights:"):
        text.markdown(w.progress_about)
        text.html(
            uploader_words_css(w.choose_file, lw.progress_upload_limit(MAX_PROGRESS_UPLOAD_MB, t))
        )
        st.download_button(
            w.download_progress,
            data=progress.export_text(),
            file_name=PROGRESS_FILE,
            mime="application/json",
            key="progress_download",
            icon=":material/download:",
        )
        st.file_uploader(
            w.upload_progress,
            type=["json"],
            key="w_progress_upload",
            on_change=_uploaded,
            max_upload_size=MAX_PROGRESS_UPLOAD_MB,
        )
        result = st.session_state.get("course_upload")
        if isinstance(result, ProgressError):
            text.error(result.render(t))
        elif isinstance(result, int):
            text.success(lw.progress_read(result, t))
        if st.session_state.get("course_confirm_reset"):
            text.warning(w.forget)
            yes, no = st.columns(2)
            with yes:
                st.button(
                    w.yes_forget,
                    key="reset_yes",
                    on_click=_reset,
                    args=(True,),
                    type="primary",
                )
            with no:
                st.button(w.no_keep, key="reset_no", on_click=_reset, args=(False,))
        else:
            st.button(
                w.reset,
                key="reset_ask",
                on_click=_ask_reset,
                icon=":material/restart_alt:",
            )


def apply_upload(data: bytes) -> None:
    """Merge an uploaded progress file into the session's, or keep its error to show."""
    try:
        added = progress.import_data(data)
    except ProgressError as err:
        st.session_state["course_upload"] = err
        return
    st.session_state["course_upload"] = len(added.lessons)


@chrome.safe_callback
def _uploaded() -> None:
    upload = st.session_state.get("w_progress_upload")
    if upload is None:
        st.session_state["course_upload"] = None
        return
    if int(getattr(upload, "size", 0)) > MAX_PROGRESS_BYTES:  # not read at all
        st.session_state["course_upload"] = ProgressError(M_TOO_LARGE)
        return
    apply_upload(upload.getvalue())


@chrome.safe_callback
def _ask_reset() -> None:
    st.session_state["course_confirm_reset"] = True


@chrome.safe_callback
def _reset(really: bool) -> None:
    st.session_state["course_confirm_reset"] = False
    if really:
        progress.reset()
        st.session_state["course_upload"] = None
        session.notice(lw.FORGOTTEN)

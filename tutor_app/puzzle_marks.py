"""The learner's solved puzzles as a small JSON file on the Puzzles page: download it, upload
one to merge into the session's marks (read by ``tutor.teach.puzzles``, no larger than
``MAX_UPLOAD_BYTES``), and what the last upload gave.
"""

from __future__ import annotations

import streamlit as st

from tutor.teach import puzzles as pz
from tutor.web.document import uploader_words_css
from tutor.web.problems import upload_error
from tutor.words import puzzle_page as pw
from tutor.words.i18n import Translator
from tutor_app import chrome, puzzle_sets, text
from tutor_app.session import Upload, state

MARKS_FILE = "66-puzzles-solved.json"
#: The largest file of solved puzzles read (the reader's own cap); Streamlit refuses uploads
#: past ``MAX_UPLOAD_MB`` (here and in ``.streamlit/config.toml``) before the page sees them.
MAX_UPLOAD_BYTES = pz.MAX_MARKS_BYTES  # the marks reader takes no more
MAX_UPLOAD_MB = 1
UPLOAD_TYPES = ["json"]


def apply_upload(data: bytes, name: str = MARKS_FILE) -> None:
    """Merge an uploaded file of solved puzzles into the session's, or keep its error."""
    if len(data) > MAX_UPLOAD_BYTES:
        state.pz_upload = Upload(error=upload_error(pz.MarksError(pz.M_TOO_LARGE), name, None))
        return
    try:
        marks = pz.load_marks(data, known=puzzle_sets.known_ids())
    except pz.MarksError as exc:
        state.pz_upload = Upload(error=upload_error(exc, name, data))
        return
    state.pz_solved = pz.merge_marks(state.pz_solved, marks)
    state.pz_upload = Upload(count=len(marks))


@chrome.safe_callback
def uploaded() -> None:
    file = st.session_state.get("w_pz_upload")
    if file is None:
        return
    name = str(getattr(file, "name", "") or MARKS_FILE)
    if int(getattr(file, "size", 0)) > MAX_UPLOAD_BYTES:  # not read at all
        state.pz_upload = Upload(error=upload_error(pz.MarksError(pz.M_TOO_LARGE), name, None))
        return
    apply_upload(file.getvalue(), name)


def marks_controls(t: Translator) -> None:
    w = pw.PuzzleWords().said(t)
    st.divider()
    text.subheader(w.your_solved)
    text.caption(w.marks_caption)
    down, up = st.columns(2)
    with down:
        st.download_button(
            w.download,
            data=pz.dump_marks(state.pz_solved),
            file_name=MARKS_FILE,
            mime="application/json",
            key="pz_download",
            icon=":material/download:",
        )
    with up:
        text.html(uploader_words_css(w.choose_file, pw.upload_limit(MAX_UPLOAD_MB, t)))
        st.file_uploader(
            w.upload,
            type=UPLOAD_TYPES,
            accept_multiple_files=False,
            max_upload_size=MAX_UPLOAD_MB,
            key="w_pz_upload",
            on_change=uploaded,
        )
        result = state.pz_upload
        if isinstance(result, Upload):
            if result.error is not None:
                text.error(result.error.render(t))
            else:
                text.success(pw.marks_read(result.count, t))

"""The learner's solved puzzles as a small JSON file, to download and upload again."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from tutor.formats.errors import SourceError
from tutor.formats.uploads import M_NOT_JSON as M_NOT_JSON
from tutor.formats.uploads import M_NOT_TEXT as M_NOT_TEXT
from tutor.formats.uploads import small_json
from tutor.msgid import N_

MARKS_VERSION = 1
#: A file of solved marks larger than this (bytes, or characters of text) is refused unread.
MAX_MARKS_BYTES = 200_000


M_TOO_LARGE = N_("The file is too large to be a file of solved puzzles.")
M_NOT_MARKS = N_("The file is not a file of solved puzzles from this tutor.")


class MarksError(SourceError):
    """An uploaded file of solved marks that cannot be read; ``template`` is the msgid (an
    upload has no place in a file: the error reads as its message alone)."""

    def __init__(self, template: str) -> None:
        super().__init__(template, path="")


def dump_marks(solved: Mapping[str, bool]) -> str:
    """The solved puzzles as a small JSON document: ``{"version": 1, "solved": {id: perfect}}``."""
    return json.dumps(
        {"version": MARKS_VERSION, "solved": {k: bool(v) for k, v in sorted(solved.items())}},
        indent=1,
    )


def load_marks(data: bytes | str, known: Sequence[str] | None = None) -> dict[str, bool]:
    """Read a file written by ``dump_marks``. Unknown puzzle ids are dropped when ``known`` is
    given. Raises ``MarksError`` for anything else."""
    doc = small_json(data, MAX_MARKS_BYTES, M_TOO_LARGE, MarksError)
    if not isinstance(doc, dict) or doc.get("version") != MARKS_VERSION:
        raise MarksError(M_NOT_MARKS)
    solved = doc.get("solved")
    if not isinstance(solved, dict):
        raise MarksError(M_NOT_MARKS)
    out: dict[str, bool] = {}
    for key, value in solved.items():
        if not isinstance(key, str) or not isinstance(value, bool):
            raise MarksError(M_NOT_MARKS)
        if known is None or key in known:
            out[key] = value
    return out


__all__ = [
    "MARKS_VERSION",
    "M_NOT_JSON",
    "M_NOT_MARKS",
    "M_NOT_TEXT",
    "M_TOO_LARGE",
    "MarksError",
    "dump_marks",
    "load_marks",
]

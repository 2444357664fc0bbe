"""A small JSON file the learner uploads (solved puzzles, progress) or the browser keeps (a
match): read under a size cap, as UTF-8 text, as JSON with each key of an object once; anything
else refused with a translated message."""

from __future__ import annotations

import json
from collections.abc import Callable

from tutor.formats.errors import SourceError
from tutor.msgid import N_

M_NOT_TEXT = N_("The file is not a text file.")
M_NOT_JSON = N_("The file is not a JSON file.")


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object; a key given twice makes the document one this tutor did not write."""
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice")
        out[key] = value
    return out


def small_json(
    data: bytes | str, limit: int, too_large: str, error: Callable[[str], SourceError]
) -> object:
    """The JSON document in ``data``. Raises ``error(too_large)`` past ``limit`` bytes (or
    characters), ``error(M_NOT_TEXT)`` for bytes that are not UTF-8, ``error(M_NOT_JSON)`` for
    text that is not JSON (or nested too deep to read, or with a key given twice in an
    object)."""
    if len(data) > limit:
        raise error(too_large)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")  # a byte order mark, as some editors write it
        except UnicodeDecodeError:
            raise error(M_NOT_TEXT) from None
    try:
        return json.loads(data, object_pairs_hook=_object)
    except (ValueError, RecursionError):
        raise error(M_NOT_JSON) from None


__all__ = ["M_NOT_JSON", "M_NOT_TEXT", "small_json"]

"""What came of a file the learner uploaded: how many items were read from it, or the problem
that kept it from being read (a ``SourceError`` named by the file's name and line)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.formats.errors import SourceError


@dataclass(frozen=True)
class Upload:
    """The number of items read from an upload, or its problem."""

    count: int = 0
    error: SourceError | None = None


__all__ = ["SourceError", "Upload"]

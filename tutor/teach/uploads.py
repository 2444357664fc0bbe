"""What came of a file the learner uploaded: how many items were read from it, or the problem
that kept it from being read (a ``SourceError`` named by the file's name and line); and the
problem of a file sent more often than the page reads them (``too_often``)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.formats.errors import SourceError
from tutor.msgid import N_

M_TOO_OFTEN = N_(
    "Too many files opened in a short time: this page reads at most {limit} a minute. Wait a "
    "minute, then open the file again."
)


@dataclass(frozen=True)
class Upload:
    """The number of items read from an upload, or its problem."""

    count: int = 0
    error: SourceError | None = None


def too_often(name: str, limit: int) -> SourceError:
    """The problem of the file ``name``, not read because ``limit`` files a minute were."""
    return SourceError(M_TOO_OFTEN, {"limit": limit}, path=name)


__all__ = ["M_TOO_OFTEN", "SourceError", "Upload", "too_often"]

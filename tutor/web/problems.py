"""Problems found in the files of a folder, as the app shows them: one panel per file, each
naming the file by its name in the folder (never the server's path) and listing its messages
in the reader's language, escaped for Streamlit's Markdown.

>>> from tutor.words.i18n import get_translator
>>> err = SourceError("unknown card '{card}'", {"card": "[x](y)"}, path="/srv/p/a.yaml", line=3)
>>> [panel] = file_panels([err], "/srv/p", get_translator("en"))
>>> panel.name, panel.lines
('a.yaml', ("a.yaml:3: unknown card '[x](y)'",))
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath

from tutor.formats.errors import Gettext, SourceError
from tutor.web.html import Md, md_bold, md_text, one_line

#: The longest value of a message's parameter shown (a longer one is cut with "…").
MAX_SHOWN_PARAM = 200
#: The most messages shown for one file (the reader's first ones).
MAX_LINES_PER_FILE = 20
#: The most characters of an uploaded file's name shown.
MAX_UPLOAD_NAME = 100


@dataclass(frozen=True)
class FilePanel:
    """The problems of one file: its name in the folder and each message, translated."""

    name: str
    lines: tuple[str, ...]

    def markdown(self, heading: str) -> Md:
        """The panel's text: ``heading`` in bold, then each message on its own line."""
        return Md("  \n".join([md_bold(heading), *(md_text(line) for line in self.lines)]))


def _roots(folder: str | Path) -> list[str]:
    """The ways the folder's path may be written in a message, longest first."""
    f = Path(folder)
    found = {str(f), str(f.absolute())}
    with contextlib.suppress(OSError):  # a path that cannot be resolved is written as given
        found.add(str(f.resolve()))
    return sorted((r for r in found if r not in ("", ".")), key=len, reverse=True)


def local_name(path: str, folder: str | Path) -> str:
    """A file's name as the app shows it: relative to ``folder``, else the bare name.

    >>> local_name("/srv/app/puzzles/sub/a.yaml", "/srv/app/puzzles")
    'sub/a.yaml'
    >>> local_name("/etc/passwd", "/srv/app/puzzles"), local_name("sub/b.yaml", "/x")
    ('passwd', 'sub/b.yaml')
    """
    if not path or not PurePath(path).is_absolute():
        return path  # already named in its folder
    for root in _roots(folder):
        if path == root:
            return PurePath(root).name
        if path.startswith(root.rstrip("/") + "/"):
            return path[len(root.rstrip("/")) + 1 :]
    return PurePath(path).name


def _shown(value: object) -> object:
    return one_line(value, MAX_SHOWN_PARAM) if isinstance(value, str) else value


def _scrub(value: object, folder: str | Path) -> object:
    """A parameter without the folder's path in it, and not too long to show."""
    if not isinstance(value, str):
        return value
    for root in _roots(folder):
        value = value.replace(root.rstrip("/") + "/", "").replace(root, PurePath(root).name)
    return one_line(value, MAX_SHOWN_PARAM)


def local_error(err: SourceError, folder: str | Path) -> SourceError:
    """The same problem with the file named relative to ``folder`` and no server path in
    its parameters."""
    params: Mapping[str, object] = {k: _scrub(v, folder) for k, v in err.params.items()}
    return SourceError(
        err.template,
        params,
        path=local_name(err.path, folder),
        line=err.line,
        column=err.column,
        field=str(_scrub(err.field, folder)),
        step=err.step,
        preset=err.preset,
    )


def upload_error(err: SourceError, name: str, data: bytes | None) -> SourceError:
    r"""The problem of an uploaded file, named by the file's name (on one line, cut if long)
    and, where the reader does not say, the line of the first byte that is not UTF-8 text or
    where the JSON goes wrong (``data`` is ``None`` for a file not read at all).

    >>> str(upload_error(SourceError("not JSON", path=""), "a.json", b'{"a": 1,\n x}'))
    'a.json:2: not JSON'
    """
    line = err.line
    if line is None and data is not None:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
        else:
            try:
                json.loads(text)
            except json.JSONDecodeError as exc:
                line = exc.lineno
            except (ValueError, RecursionError):
                line = None
    return SourceError(
        err.template,
        {k: _shown(v) for k, v in err.params.items()},
        path=one_line(name, MAX_UPLOAD_NAME) or "?",
        line=line,
        column=None,
        field=err.field,
    )


def file_panels(
    errors: Iterable[SourceError], folder: str | Path, tr: Gettext
) -> tuple[FilePanel, ...]:
    """The problems grouped by file, in the order first met; each in ``tr``'s language."""
    grouped: dict[str, list[str]] = {}
    for err in errors:
        local = local_error(err, folder)
        lines = grouped.setdefault(local.path, [])
        if len(lines) < MAX_LINES_PER_FILE:
            lines.append(local.render(tr))
    return tuple(FilePanel(name, tuple(lines)) for name, lines in grouped.items())


__all__ = [
    "MAX_LINES_PER_FILE",
    "MAX_SHOWN_PARAM",
    "MAX_UPLOAD_NAME",
    "FilePanel",
    "file_panels",
    "local_error",
    "local_name",
    "upload_error",
]

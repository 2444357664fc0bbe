"""Positions in a file: one deal at one moment, as JSON or YAML, in one schema.

A position is either *perfect information* (both hands and the order of the stock: a
``State``) or *what one player knows* (the own hand, the opponent's cards seen so far, how many
are hidden: a ``View``). ``docs/positions.md`` describes every field; in short::

    preset: classic                # a rules preset, switches may be changed: kurnik(target=61)
    to_move: A                     # who is to move
    trump: Ah                      # the face-up trump card, or only the suit (h) once drawn
    hands: {A: 10h Kh 9h 10c Kc Qc, B: Jh As Ks Qs Ad Kd}
    stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd     # top first; a number when only the size is known

``load_position(path_or_text)`` reads one; ``position_to_dict(state_or_view)`` writes the same
schema back, so ``load_position`` of the written text gives an equal value. A bad position
raises ``PositionError``: an English message template with its parameters, the file, the line
and the field, and ``render(tr)`` for the translated text.

The modules: ``position_messages`` (msgids and field names), ``position_model`` (``Position``,
``PositionError``), ``position_fields`` and ``position_reader`` (reading), ``position_writer``
(writing); this module reads text and files and names the API (the msgids are read from
``position_messages``).

>>> p = load_position("preset: classic\\nto_move: A\\ntrump: Ah\\n"
...                   "hands: {A: 10h Kh 9h 10c Kc Qc, B: Jh As Ks Qs Ad Kd}\\n"
...                   "stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd\\n")
>>> p.perfect, p.state is not None and str(p.state.trump_card_value)
(True, 'Ah')
>>> load_position(position_dump(p.subject)).subject == p.subject
True
"""

from __future__ import annotations

from pathlib import Path

from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.messages import E_DUPLICATE_KEY, E_SYNTAX, E_TAG, E_TOO_COMPLEX, E_TOO_LARGE
from tutor.formats.position_messages import (
    E_SHAPE,
    MAX_BYTES,
    MAX_NODES,
)
from tutor.formats.position_model import Position, PositionError
from tutor.formats.position_reader import PositionReader
from tutor.formats.position_writer import position_dump, position_to_dict
from tutor.formats.yamlsafe import LineMap

__all__ = [
    "MAX_BYTES",
    "POLICY",
    "Position",
    "PositionError",
    "load_position",
    "parse_text",
    "position_dump",
    "position_from_data",
    "position_to_dict",
    "read_position",
]


#: What a position's text may hold: plain YAML or JSON (no tags; anchors and aliases are
#: allowed, every value they repeat counted) of at most ``MAX_NODES`` values, nested at most
#: ``yamlsafe.MAX_DEPTH`` deep, with the limits of ``yamlsafe`` on numbers and texts.
POLICY = yamlsafe.Policy(
    max_nodes=MAX_NODES,
    too_complex=E_TOO_COMPLEX,
    alias=None,
    tag=E_TAG,
    empty=E_SHAPE,
    duplicate_key=E_DUPLICATE_KEY,
    syntax=E_SYNTAX,
    columns=False,
)


def _recast(exc: SourceError) -> PositionError:
    return PositionError(exc.template, exc.params, source=exc.path, line=exc.line, field=exc.field)


def parse_text(text: str, source: str = "<text>") -> tuple[object, LineMap]:
    """The data of a JSON or YAML document and where its fields start."""
    size = len(text) if len(text) > MAX_BYTES else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise PositionError(E_TOO_LARGE, source=source, line=1, size=size, limit=MAX_BYTES)
    try:
        return yamlsafe.load(text, source, POLICY)
    except SourceError as exc:
        raise _recast(exc) from None


def load_position(source: str | Path) -> Position:
    """Read a position from a file (a ``Path``, or a string naming an existing file) or from
    JSON or YAML text. A file is read only if it is a regular file of at most ``MAX_BYTES``
    bytes (never a device such as ``/dev/zero``, a pipe or a folder)."""
    if isinstance(source, Path) or (
        "\n" not in source and ":" not in source and not source.lstrip().startswith("{")
    ):
        name = str(source)
        try:
            data = yamlsafe.read_capped(Path(source), MAX_BYTES, E_TOO_LARGE, name=name)
            text = yamlsafe.decode(data, name)
        except SourceError as exc:
            raise _recast(exc) from None
        return read_position(text, name)
    return read_position(source)


def read_position(text: str, source: str = "<text>") -> Position:
    """A position from JSON or YAML text; ``source`` names it in error messages."""
    data, lines = parse_text(text, source)
    return PositionReader(source, lines).position(data)


def position_from_data(
    data: object, source: str = "<data>", lines: LineMap | None = None
) -> Position:
    """A position from data already read (a mapping as ``json.loads`` gives it); ``lines``,
    when known, tells the line each field starts on. The data is held to the limits of a
    position's text (``POLICY``: nesting, numbers, texts)."""
    try:
        yamlsafe.check_data(data, source, POLICY, lines)
    except SourceError as exc:
        raise _recast(exc) from None
    return PositionReader(source, lines or LineMap()).position(data)

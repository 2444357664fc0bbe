"""A position read from a file (``Position``) and the error a bad one raises
(``PositionError``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine import RuleSet, State, TableState, View
from tutor.formats.errors import SourceError

__all__ = ["Position", "PositionError"]


class PositionError(SourceError):
    """A position that cannot be read, and where: ``source`` (a file name or ``<text>``),
    ``line`` (1-based, ``None`` when unknown), ``field`` (dotted, e.g. ``hands.B[2]``), an English
    message ``template`` and its ``params`` (given as a mapping when one is named ``field``, as
    the shared messages' are). ``render(tr)`` gives the translated text
    ``source:line: field: message``; ``str(error)`` the same in English."""

    def __init__(
        self,
        template: str,
        named: Mapping[str, object] | None = None,
        *,
        source: str = "<text>",
        line: int | None = None,
        field: str = "",
        **params: object,
    ) -> None:
        super().__init__(template, {**(named or {}), **params}, path=source, line=line, field=field)

    @property
    def source(self) -> str:
        return self.path

    def to_dict(self) -> dict[str, object]:
        """The error as plain data (for the engine protocol)."""
        return {
            "message": self.message,
            "template": self.template,
            "params": {k: _plain(v) for k, v in self.params.items()},
            "source": self.source,
            "line": self.line,
            "field": self.field,
        }


def _plain(value: object) -> object:
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


# ----------------------------------------------------------------------------- the value


@dataclass(frozen=True)
class Position:
    """A position read from a file: a full ``State`` or one player's ``View`` of two players,
    or a ``TableState`` of three or four."""

    subject: State | View | TableState
    title: str = ""
    source: str = "<text>"

    @property
    def perfect(self) -> bool:
        """Every hand and the stock are known."""
        return isinstance(self.subject, State | TableState)

    @property
    def state(self) -> State | None:
        return self.subject if isinstance(self.subject, State) else None

    @property
    def view(self) -> View | None:
        return self.subject if isinstance(self.subject, View) else None

    @property
    def table(self) -> TableState | None:
        """The deal at a table of three or four."""
        return self.subject if isinstance(self.subject, TableState) else None

    @property
    def rules(self) -> RuleSet:
        return self.subject.rules

    @property
    def to_move(self) -> int | None:
        return self.subject.to_move

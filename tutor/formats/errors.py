"""One error type for every problem found in a file: ``SourceError``.

A ``SourceError`` carries an English message ``template`` (a msgid with named placeholders)
and its ``params``, and where the problem is: ``path`` (a file name, or ``<text>``), ``line``
and ``column`` (1-based; ``None`` when unknown), ``field`` (a dotted field such as
``hands.B[2]``), the lesson ``step`` and the compared ``preset``. ``str(error)`` is the message
in English with its place; ``render(tr)`` the same in the language of any object with a
``_(msgid, **params)`` method, so this layer needs no translator of its own.

>>> err = SourceError("the field '{field}' is given twice", {"field": "id"}, path="a.yaml",
...                   line=3, column=1)
>>> str(err)
"a.yaml:3:1: the field 'id' is given twice"
>>> str(SourceError("bad {x}", {"x": 1}, path="p.json", line=2, field="hands.A"))
'p.json:2: hands.A: bad 1'

An error in something that is not a file (a request, an upload) has no place: its ``path``
is empty and it reads as the message alone.

>>> str(SourceError("bad {x}", {"x": 1}, path=""))
'bad 1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, Self, TypeVar

from tutor.engine import SwitchValueError, UnknownPresetError
from tutor.formats.messages import E_RULES_VALUE, LOC_DEAL_PRESET, LOC_STEP, LOC_STEP_PRESET

__all__ = ["SHOWN", "Gettext", "SourceError", "rules_problem", "shown"]

E = TypeVar("E", bound="SourceError")

#: A value from a file is shown in a message with at most this many characters.
SHOWN = 40
#: The most characters of a field (a dotted path of keys from the file) shown in a message.
SHOWN_FIELD = 200


def shown(value: object, limit: int = SHOWN) -> str:
    """A value from a file as a message shows it: on one line, at most ``limit`` characters
    (cut with ``…``), whatever it is (an integer too long to be written in digits included).

    >>> shown("Qh"), shown("a\\nb"), shown("x" * 50)
    ('Qh', 'a b', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…')
    >>> shown(10 ** 5000)
    '…'
    """
    try:
        text = value if isinstance(value, str) else str(value)
    except ValueError:  # an integer (or a list holding one) too long to be written in digits
        return "…"
    if any(c in text for c in "\n\r\t\v\f"):
        text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rules_problem(spec: str, exc: Exception) -> tuple[str, dict[str, Any]]:
    """The message for a rule spec ``parse_rules`` refused, with what came from the file shown
    short: the engine's own message (an unknown preset or switch, a switch's value), or else
    the spec with what went wrong.

    >>> from tutor.engine import parse_rules
    >>> try:
    ...     parse_rules("kurnik(foo=1)")
    ... except Exception as exc:
    ...     problem = rules_problem("kurnik(foo=1)", exc)
    >>> problem[1]["name"]
    'foo'
    """
    if isinstance(exc, UnknownPresetError | SwitchValueError):
        template, params = exc.message
        return template, {k: shown(v) if k in ("name", "value") else v for k, v in params.items()}
    return E_RULES_VALUE, {"spec": shown(spec), "problem": shown(exc, 200)}


class Gettext(Protocol):
    """What ``render`` needs of a translator: ``_(msgid, **params)``."""

    def _(self, msgid: str, **params: Any) -> str: ...


class SourceError(ValueError):
    """A problem in a file (or text), where it is, and an English message template."""

    def __init__(
        self,
        template: str,
        params: Mapping[str, object] | None = None,
        *,
        path: str = "<text>",
        line: int | None = None,
        column: int | None = None,
        field: str = "",
        step: int | None = None,
        preset: str | None = None,
    ) -> None:
        self.template = template
        self.params: Mapping[str, object] = dict(params or {})
        self.path = path
        self.line = line
        self.column = column
        self.field = field
        self.step = step
        self.preset = preset
        super().__init__(self._text(None))

    @property
    def message(self) -> str:
        """The message in English, without the place."""
        return self.template.format(**self.params)

    def render(self, tr: Gettext) -> str:
        """The message in ``tr``'s language with its place:
        ``path:line:column: [field: ][step N: ]message`` (without a path: the message)."""
        return self._text(tr)

    def _text(self, tr: Gettext | None) -> str:
        def t(msgid: str, **params: object) -> str:
            return tr._(msgid, **params) if tr is not None else msgid.format(**params)

        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        if self.field:  # keys from a file, shown on one line
            where += f": {shown(self.field, SHOWN_FIELD)}"
        prefix = ""
        if self.step is not None and self.preset is not None:
            prefix = t(LOC_STEP_PRESET, step=self.step, preset=self.preset) + ": "
        elif self.step is not None:
            prefix = t(LOC_STEP, step=self.step) + ": "
        elif self.preset is not None:
            prefix = t(LOC_DEAL_PRESET, preset=self.preset) + ": "
        text = prefix + t(self.template, **self.params)
        return f"{where}: {text}" if where else text

    def without(self, prefix: str) -> Self:
        """The same error with ``prefix`` (a folder, say) taken out of its path and out of the
        texts of its parameters, so that it names files relative to that folder.

        >>> err = SourceError("as in {other}", {"other": "/srv/p/a.yaml:2"}, path="/srv/p/b.yaml")
        >>> str(err.without("/srv/p/"))
        'b.yaml: as in a.yaml:2'
        """
        if not prefix:
            return self
        err = type(self).__new__(type(self))
        params = {
            k: v.replace(prefix, "") if isinstance(v, str) else v for k, v in self.params.items()
        }
        place = self._place()
        place["path"] = self.path.removeprefix(prefix)
        SourceError.__init__(err, self.template, params, **place)
        return err

    def recast(self, cls: type[E]) -> E:
        """The same error as an instance of ``cls`` (a subclass kept by a reader)."""
        err = cls.__new__(cls)
        SourceError.__init__(err, self.template, self.params, **self._place())
        return err

    def _place(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "field": self.field,
            "step": self.step,
            "preset": self.preset,
        }

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.template, dict(self.params), self._place()))


def _rebuild(
    cls: type[SourceError], template: str, params: dict[str, object], place: dict[str, Any]
) -> SourceError:
    """Unpickle an error of any subclass without calling the subclass's constructor."""
    err = cls.__new__(cls)
    SourceError.__init__(err, template, params, **place)
    return err

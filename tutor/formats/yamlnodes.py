"""The YAML half of the safe reader: the limits of a file, the ``Policy`` that holds them
with a message for each problem, and the walk over a document's nodes.

``_parse`` composes nodes only (never an object), counting them and their depth as it goes;
``check_nodes`` refuses what the policy forbids (an alias, a tag other than the plain ones, a
number or a text beyond its limits); ``to_data`` turns the nodes into plain data and a
``LineMap`` of where each value starts. ``tutor.formats.yamlsafe`` reads files and JSON with
them and is where every reader of the project comes in.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from tutor.formats.errors import SourceError, shown
from tutor.formats.messages import (
    E_ALIAS,
    E_BAD_CHAR,
    E_DUPLICATE_KEY,
    E_NOT_FINITE,
    E_NUMBER_LONG,
    E_SYNTAX,
    E_TAG,
    E_TEXT_LONG,
    E_TOO_COMPLEX,
    E_TOO_DEEP,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER",
    "MAX_TEXT",
    "PLAIN_TAGS",
    "FieldPath",
    "LineMap",
    "Policy",
    "check_nodes",
    "path_text",
    "to_data",
    "where",
]

#: Values nested deeper than this (lists in lists in mappings ...) are refused.
MAX_DEPTH = 32
#: A number written with more characters than this is refused (Python itself refuses to read
#: an integer of more than 4,300 digits, and a long one is never a value of the game).
MAX_NUMBER = 32
#: A text (a scalar, a key included) longer than this many characters is refused.
MAX_TEXT = 10_000

_Y = "tag:yaml.org,2002:"
#: The tags plain YAML gives: text, numbers, true/false, null, lists and mappings.
PLAIN_TAGS = frozenset(f"{_Y}{t}" for t in ("str", "int", "bool", "null", "float", "seq", "map"))
_CHECKED_TAGS = frozenset(f"{_Y}{t}" for t in ("int", "bool", "float", "null"))
_INT, _FLOAT = f"{_Y}int", f"{_Y}float"

#: Characters no text of a file may hold: C0 controls but tab, line feed and carriage return,
#: DEL, and the halves of surrogate pairs (which cannot be written as UTF-8).
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")

FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Policy:
    """What a file may hold, and the message for each problem (``None``: allowed).

    A template is formatted with the parameters it names (``{limit}``, ``{tag}``,
    ``{field}``/``{name}`` for a key, ``{text}``, ``{size}``, ``{code}``); parameters it does
    not name are left out.
    """

    max_nodes: int = 20_000
    too_complex: str = E_TOO_COMPLEX
    alias: str | None = E_ALIAS
    tag: str | None = E_TAG
    empty: str | None = "the file is empty"
    duplicate_key: str = E_DUPLICATE_KEY
    syntax: str = E_SYNTAX
    #: The nodes are checked in the order they are written; ``False`` checks the last first.
    document_order: bool = True
    #: Errors name a column as well as a line.
    columns: bool = True
    max_depth: int = MAX_DEPTH
    too_deep: str = E_TOO_DEEP
    max_number: int = MAX_NUMBER
    number_long: str = E_NUMBER_LONG
    not_finite: str = E_NOT_FINITE
    max_text: int = MAX_TEXT
    text_long: str = E_TEXT_LONG
    bad_char: str = E_BAD_CHAR


def where(node: yaml.Node | None) -> tuple[int, int]:
    """The 1-based line and column a node starts at; ``(1, 1)`` when unknown."""
    if node is None or node.start_mark is None:
        return 1, 1
    return node.start_mark.line + 1, node.start_mark.column + 1


def _error(
    template: str,
    path: str,
    line: int | None,
    column: int | None,
    params: Mapping[str, object] | None = None,
    *,
    at: str = "",
) -> SourceError:
    """The error ``template`` at a place, with the parameters it names (the others left out)."""
    named = {k: v for k, v in (params or {}).items() if "{" + k + "}" in template}
    return SourceError(template, named, path=path, line=line, column=column, field=shown(at, 60))


def _line_col(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of the character at ``index``."""
    index = max(0, min(index, len(text)))
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


# ----------------------------------------------------------------------------- YAML


class _Stop(Exception):
    """A limit of the policy reached while composing: the message, where, and in what field."""

    def __init__(
        self, template: str, mark: yaml.Mark | None, at: list[str | int], **params: object
    ) -> None:
        super().__init__(template)
        self.template = template
        self.mark = mark
        self.field = path_text(tuple(at))
        self.params = params


def _part(key: yaml.Node) -> str:
    """A mapping's key as a part of a field's path."""
    return shown(key.value) if isinstance(key, yaml.ScalarNode) else "?"


class _Loader(yaml.SafeLoader):
    """``SafeLoader`` that composes nodes only, counts them and their depth as it goes (PyYAML's
    composer recurses once per level, so a deep text would otherwise end in ``RecursionError``),
    and resolves plain scalars to text, numbers, booleans and null only (a plain ``2001-01-01``,
    ``<<`` or ``=`` is text, not a date, a merge key or a value key)."""

    yaml_implicit_resolvers: dict[Any, list[tuple[str, re.Pattern[str]]]] = {  # noqa: RUF012
        first: [(tag, regexp) for tag, regexp in resolvers if tag in _CHECKED_TAGS]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, text: str, policy: Policy) -> None:
        super().__init__(text)
        self._policy = policy
        self._path: list[str | int] = []  # the field being composed
        self._count = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        policy = self._policy
        if self.check_event(yaml.AliasEvent):  # no new node: it is counted where it is used
            return super().compose_node(parent, index)
        if isinstance(parent, yaml.SequenceNode):
            self._path.append(index)
        elif isinstance(parent, yaml.MappingNode):  # a key (``index`` None) or its value
            event = self.peek_event()  # type: ignore[no-untyped-call]
            key = index if index is not None else yaml.ScalarNode("", getattr(event, "value", ""))
            self._path.append(_part(key))
        self._count += 1
        try:
            if self._count > policy.max_nodes:
                raise _Stop(policy.too_complex, self._mark(), self._path, limit=policy.max_nodes)
            if len(self._path) >= policy.max_depth and not self.check_event(yaml.ScalarEvent):
                raise _Stop(policy.too_deep, self._mark(), self._path, limit=policy.max_depth)
            return super().compose_node(parent, index)
        finally:
            if parent is not None:
                self._path.pop()

    def _mark(self) -> Any:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        return event.start_mark


def _parse(text: str, path: str, policy: Policy) -> yaml.Node | None:
    """The root node of ``text`` (``None`` for an empty document); every problem of the text,
    and every limit of the policy reached while composing, as a ``SourceError`` at its place
    (where PyYAML names none, at the place its reader had come to)."""
    loader: _Loader | None = None
    at = ""
    try:
        loader = _Loader(text, policy)
        try:
            node: yaml.Node | None = loader.get_single_node()
        finally:
            loader.dispose()
        return node
    except _Stop as stop:
        template, mark, params, at = stop.template, stop.mark, stop.params, stop.field
    except yaml.MarkedYAMLError as exc:
        template, mark = policy.syntax, exc.problem_mark or exc.context_mark
        params = {"problem": exc.problem or exc.context or "invalid YAML"}
    except yaml.reader.ReaderError as exc:
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        line, col = _line_col(text, exc.position)
        mark = yaml.Mark(path, exc.position, line - 1, col - 1, None, 0)
        template, params = policy.syntax, {"problem": f"unacceptable character #x{code:04x}"}
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError, MemoryError) as exc:
        # e.g. an escape beyond Unicode ("\\U0011FFFF"): where the scanner had come to
        mark = loader.get_mark() if loader is not None else None
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        template, params = policy.syntax, {"problem": shown(problem, 120)}
    line, col = (1, 1) if mark is None else (mark.line + 1, mark.column + 1)
    raise _error(template, path, line, col if policy.columns else None, params, at=at)


def _nodes(root: yaml.Node, document_order: bool) -> Iterator[tuple[yaml.Node, bool, FieldPath]]:
    """Every node once per place it appears, whether it was met before (an alias repeats a
    node: it is given again, but what it holds is not), and its field (a key's is its own)."""
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, FieldPath]] = [(root, ())]
    while stack:
        node, at = stack.pop()
        again = id(node) in seen
        yield node, again, at
        if again:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            items = [(v, (*at, i)) for i, v in enumerate(node.value)]
            stack.extend(reversed(items) if document_order else items)
        elif isinstance(node, yaml.MappingNode):
            pairs = [((k, (*at, _part(k))), (v, (*at, _part(k)))) for k, v in node.value]
            if document_order:
                for key, value in reversed(pairs):
                    stack.extend((value, key))
            else:
                for key, value in pairs:
                    stack.extend((key, value))


class _Resolver(yaml.resolver.BaseResolver):
    """Resolves a plain scalar the way ``_Loader`` does."""

    yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers


_RESOLVER = _Resolver()


def _plain_tag(node: yaml.Node) -> bool:
    """Whether a node's tag is plain and fits the node: text, numbers, booleans and null for a
    scalar (a number, boolean or null tag only where the text is one: ``!!int abc`` is not),
    ``seq`` for a list, ``map`` for a mapping."""
    if isinstance(node, yaml.ScalarNode):
        if node.tag in _CHECKED_TAGS:
            resolved = _RESOLVER.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, node.value, (True, False)
            )
            return bool(resolved == node.tag)
        return bool(node.tag == f"{_Y}str")
    if isinstance(node, yaml.SequenceNode):
        return bool(node.tag == f"{_Y}seq")
    return isinstance(node, yaml.MappingNode) and node.tag == f"{_Y}map"


def _scalar_problem(node: yaml.ScalarNode, policy: Policy) -> tuple[str, dict[str, object]] | None:
    """What is wrong with a scalar under ``policy``: its length, a character, a number."""
    value = node.value
    if node.tag in (_INT, _FLOAT):
        if len(value) > policy.max_number:
            return policy.number_long, {"text": shown(value), "limit": policy.max_number}
        if node.tag == _FLOAT:
            number = yaml.constructor.SafeConstructor().construct_yaml_float(node)
            if not math.isfinite(number):
                return policy.not_finite, {"text": value}
    if len(value) > policy.max_text:
        return policy.text_long, {"size": len(value), "limit": policy.max_text}
    bad = _BAD_CHARS.search(value)
    if bad:
        return policy.bad_char, {"code": f"U+{ord(bad.group()):04X}"}
    return None


def check_nodes(root: yaml.Node, path: str, policy: Policy, *, count_nodes: bool = True) -> None:
    """Refuse a node reached twice (an alias), a tag other than the plain ones and (when
    ``count_nodes``) more than ``policy.max_nodes`` nodes, as far as the policy forbids them;
    always refuse a scalar the policy's limits refuse (a number too long or not finite, a text
    too long or with a character no file may hold) and a tag that does not fit its value."""
    for count, (node, again, at) in enumerate(_nodes(root, policy.document_order), start=1):
        line, col = where(node)
        col_ = col if policy.columns else None
        field_ = path_text(at)
        if again and policy.alias is not None:
            raise _error(policy.alias, path, line, col_, at=field_)
        if count_nodes and count > policy.max_nodes:
            limit = {"limit": policy.max_nodes}
            raise _error(policy.too_complex, path, line, col_, limit, at=field_)
        if again:
            continue  # an alias: its node is checked where it is written
        if not _plain_tag(node):
            tag = {"tag": shown(node.tag.replace(_Y, "!!"))}
            raise _error(policy.tag or E_TAG, path, line, col_, tag, at=field_)
        if isinstance(node, yaml.ScalarNode):
            problem = _scalar_problem(node, policy)
            if problem is not None:
                raise _error(problem[0], path, line, col_, problem[1], at=field_)


# ----------------------------------------------------------------------------- plain data


@dataclass
class LineMap:
    """Where each value of a document starts, by its path: ``{path: (line, column)}``.

    A mapping's key gives its value's place (the line the field is written on)."""

    places: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: FieldPath) -> tuple[int, int] | None:
        """The place of ``path``, or of the nearest enclosing value that has one."""
        while path:
            if path in self.places:
                return self.places[path]
            path = path[:-1]
        return self.places.get(())

    def line(self, path: FieldPath) -> int | None:
        place = self.where(path)
        return None if place is None else place[0]


def path_text(path: FieldPath) -> str:
    """``("hands", "B", 2)`` -> ``hands.B[2]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


def to_data(node: yaml.Node, path: str, policy: Policy, places: LineMap) -> object:
    """A node as plain data, filling ``places``; counts every value (an alias's each time) and
    its depth (an alias may put a deep value deeper still)."""
    constructor = yaml.constructor.SafeConstructor()
    count = 0

    def place(n: yaml.Node) -> tuple[int, int]:
        return n.start_mark.line + 1, n.start_mark.column + 1

    def err(template: str, n: yaml.Node, at: str = "", **params: object) -> SourceError:
        line, col = place(n)
        return _error(template, path, line, col if policy.columns else None, params, at=at)

    def walk(n: yaml.Node, at: FieldPath, depth: int) -> object:
        nonlocal count
        count += 1
        if count > policy.max_nodes:
            raise err(policy.too_complex, n, path_text(at), limit=policy.max_nodes)
        if depth > policy.max_depth:
            raise err(policy.too_deep, n, path_text(at), limit=policy.max_depth)
        places.places.setdefault(at, place(n))
        if isinstance(n, yaml.MappingNode):
            out: dict[object, object] = {}
            for k, v in n.value:
                key = constructor.construct_object(k) if isinstance(k, yaml.ScalarNode) else "?"
                if not isinstance(key, str | int) or isinstance(key, bool):
                    key = str(key)
                if key in out:
                    text = shown(key)
                    where_ = path_text((*at, key))
                    raise err(policy.duplicate_key, k, where_, field=text, name=text)
                places.places[(*at, key)] = place(k)
                out[key] = walk(v, (*at, key), depth + 1)
            return out
        if isinstance(n, yaml.SequenceNode):
            return [walk(v, (*at, i), depth + 1) for i, v in enumerate(n.value)]
        return constructor.construct_object(n)

    return walk(node, (), 1)

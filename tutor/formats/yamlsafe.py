"""One safe reader for YAML and JSON files: data, never code, with where each value is.

Every reader of the project (lessons, puzzles, positions) goes through here:

* ``read_capped`` reads a file's bytes with a size cap;
* ``decode`` checks that they are UTF-8 text;
* ``compose`` parses text with PyYAML's ``SafeLoader`` into nodes only (``yaml.compose``: no
  tag is resolved into an object and nothing is executed), then applies a ``Policy`` (which
  tags may appear, whether an alias may repeat a node, how many nodes a file may have);
* ``load`` gives plain data (dicts, lists, text, numbers) and a ``LineMap`` from each value's
  path (``("hands", "B", 2)``) to its ``(line, column)``; JSON text is read by ``json``.

The limits and the message for each kind of problem are the caller's, passed in a ``Policy``,
so each file format keeps its own wording. Every problem is raised as a ``SourceError``.

>>> data, where = load("preset: classic\\nhands:\\n  A: [Ah, 10h]\\n", "p.yaml")
>>> data
{'preset': 'classic', 'hands': {'A': ['Ah', '10h']}}
>>> where.where(("hands", "A", 1)), where.line(("hands", "B"))
((3, 11), 2)
>>> compose(b"a: !!python/name:os.system x", "x.yaml", Policy()).tag
Traceback (most recent call last):
    ...
tutor.formats.errors.SourceError: x.yaml:1:4: the YAML tag !!python/name:os.system is not allowed
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tutor.formats.errors import SourceError
from tutor.formats.messages import E_ENCODING, E_READ, E_SYNTAX

__all__ = [
    "PLAIN_TAGS",
    "FieldPath",
    "LineMap",
    "Policy",
    "check_nodes",
    "compose",
    "decode",
    "load",
    "path_text",
    "read_capped",
    "to_data",
    "where",
]

#: The tags plain YAML gives: text, numbers, true/false, null, lists and mappings.
PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "bool", "null", "float", "seq", "map")
)
_STR = "tag:yaml.org,2002:str"

FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Policy:
    """What a file may hold, and the message for each problem (``None``: allowed).

    A template is formatted with the parameters it names (``{limit}``, ``{tag}``,
    ``{field}``/``{name}`` for a key); parameters it does not name are left out.
    """

    max_nodes: int = 20_000
    too_complex: str = "the file has more than {limit} YAML values"
    alias: str | None = "YAML anchors and aliases are not allowed"
    tag: str | None = "the YAML tag {tag} is not allowed"
    empty: str | None = "the file is empty"
    duplicate_key: str = "the field '{field}' is given twice"
    syntax: str = E_SYNTAX
    #: The nodes are checked in the order they are written; ``False`` checks the last first.
    document_order: bool = True
    #: Errors name a column as well as a line.
    columns: bool = True


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
    *,
    at: str = "",
    **params: object,
) -> SourceError:
    named = {k: v for k, v in params.items() if "{" + k + "}" in template}
    return SourceError(template, named, path=path, line=line, column=column, field=at)


def read_capped(
    path: Path, max_bytes: int | None, too_large: str, *, name: str | None = None
) -> bytes:
    """A file's bytes; refused (``too_large`` with ``{size}`` and ``{limit}``) past the cap."""
    name = str(path) if name is None else name
    try:
        with path.open("rb") as f:
            data = f.read() if max_bytes is None else f.read(max_bytes + 1)
    except OSError as exc:
        raise SourceError(
            E_READ, {"reason": exc.strerror or str(exc)}, path=name, line=1, column=1
        ) from None
    if max_bytes is not None and len(data) > max_bytes:
        raise _error(too_large, name, 1, 1, size=len(data), limit=max_bytes)
    return data


def decode(data: bytes, path: str) -> str:
    """The bytes as text; ``E_ENCODING`` at the line of the first bad byte otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SourceError(E_ENCODING, path=path, line=line, column=1) from None


def _parse(text: str, path: str, policy: Policy) -> yaml.Node | None:
    column = policy.columns
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        if mark is None:
            line, col = (1, 1) if column else (None, None)
        else:
            line, col = mark.line + 1, (mark.column + 1 if column else None)
        raise _error(policy.syntax, path, line, col, problem=problem) from None
    except yaml.YAMLError as exc:
        line, col = (1, 1) if column else (None, None)
        raise _error(policy.syntax, path, line, col, problem=str(exc)) from None


def compose(data: bytes | str, path: str, policy: Policy) -> yaml.Node:
    """The document's root node, checked against ``policy``; ``data`` as bytes is decoded."""
    text = decode(data, path) if isinstance(data, bytes) else data
    root = _parse(text, path, policy)
    if root is None:
        raise _error(policy.empty or "the file is empty", path, 1, 1)
    check_nodes(root, path, policy)
    return root


def _nodes(root: yaml.Node, document_order: bool) -> Iterator[yaml.Node]:
    """Every node once per place it appears (an alias repeats its node)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value) if document_order else node.value)
        elif isinstance(node, yaml.MappingNode):
            if document_order:
                for key, value in reversed(node.value):
                    stack.extend((value, key))
            else:
                for key, value in node.value:
                    stack.extend((key, value))


def check_nodes(root: yaml.Node, path: str, policy: Policy, *, count_nodes: bool = True) -> None:
    """Refuse a node reached twice (an alias), a tag other than the plain ones and (when
    ``count_nodes``) more than ``policy.max_nodes`` nodes, as far as the policy forbids them."""
    if policy.alias is None and policy.tag is None and not count_nodes:
        return
    seen: set[int] = set()
    for count, node in enumerate(_nodes(root, policy.document_order), start=1):
        line, col = where(node)
        if policy.alias is not None and id(node) in seen:
            raise _error(policy.alias, path, line, col)
        seen.add(id(node))
        if count_nodes and count > policy.max_nodes:
            raise _error(policy.too_complex, path, line, col, limit=policy.max_nodes)
        if policy.tag is not None and node.tag not in PLAIN_TAGS:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise _error(policy.tag, path, line, col, tag=tag)


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
    """A node as plain data, filling ``places``; counts every value (an alias's each time)."""
    constructor = yaml.constructor.SafeConstructor()
    count = 0

    def place(n: yaml.Node) -> tuple[int, int]:
        return n.start_mark.line + 1, n.start_mark.column + 1

    def err(template: str, n: yaml.Node, at: str = "", **params: object) -> SourceError:
        line, col = place(n)
        return _error(template, path, line, col if policy.columns else None, at=at, **params)

    def walk(n: yaml.Node, at: FieldPath) -> object:
        nonlocal count
        count += 1
        if count > policy.max_nodes:
            raise err(policy.too_complex, n, limit=policy.max_nodes)
        places.places.setdefault(at, place(n))
        if isinstance(n, yaml.MappingNode):
            out: dict[object, object] = {}
            for k, v in n.value:
                key = constructor.construct_object(k) if isinstance(k, yaml.ScalarNode) else None
                if not isinstance(key, str | int) or isinstance(key, bool):
                    key = str(key)
                if key in out:
                    text = str(key)
                    where_ = path_text((*at, key))
                    raise err(policy.duplicate_key, k, where_, field=text, name=text)
                places.places[(*at, key)] = place(k)
                out[key] = walk(v, (*at, key))
            return out
        if isinstance(n, yaml.SequenceNode):
            return [walk(v, (*at, i)) for i, v in enumerate(n.value)]
        return constructor.construct_object(n)

    return walk(node, ())


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for k, v in pairs:
        if k in out:
            raise KeyError(k)
        out[k] = v
    return out


def load(text: str, path: str = "<text>", policy: Policy | None = None) -> tuple[object, LineMap]:
    """The data of a JSON or YAML document and where each of its values starts.

    Text that opens with ``{`` or ``[`` is read as JSON (its places are learnt from YAML,
    which JSON is too, as far as that works)."""
    policy = policy or Policy(alias=None, tag=None)
    places = LineMap()
    if text.lstrip().startswith(("{", "[")):
        try:
            data = json.loads(text, object_pairs_hook=_no_duplicates)
        except json.JSONDecodeError as exc:
            col = exc.colno if policy.columns else None
            raise _error(policy.syntax, path, exc.lineno, col, problem=exc.msg) from None
        except KeyError as exc:
            name = str(exc.args[0])
            raise _error(policy.duplicate_key, path, None, None, field=name, name=name) from None
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
            if node is not None:
                to_data(node, path, policy, places)
        except (yaml.YAMLError, SourceError):
            places = LineMap()
        return data, places
    node = _parse(text, path, policy)
    if node is None:
        raise _error(policy.empty or "the file is empty", path, 1, 1 if policy.columns else None)
    check_nodes(node, path, policy, count_nodes=False)  # to_data counts the values
    return to_data(node, path, policy, places), places

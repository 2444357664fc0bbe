"""One safe reader for YAML and JSON files: data, never code, with where each value is.

Every reader of the project (lessons, puzzles, positions) goes through here:

* ``read_capped`` reads a file's bytes with a size cap, and only a regular file (never a
  folder, a device or a pipe, which could block or never end);
* ``decode`` checks that they are UTF-8 text (a byte order mark is dropped);
* ``compose`` parses text with PyYAML's ``SafeLoader`` into nodes only (``yaml.compose``: no
  tag is resolved into an object and nothing is executed), refusing values nested deeper than
  ``Policy.max_depth`` and more than ``Policy.max_nodes`` values while it parses, then applies
  the rest of the ``Policy``: which tags may appear, whether an alias may repeat a node, how
  long a number or a text may be;
* ``load`` gives plain data (dicts, lists, text, numbers) and a ``LineMap`` from each value's
  path (``("hands", "B", 2)``) to its ``(line, column)``; JSON text is read by ``json`` under
  the same limits.

The limits and the message for each kind of problem are the caller's, passed in a ``Policy``,
so each file format keeps its own wording. Every problem is raised as a ``SourceError`` at the
line (and column) of the value it is about; nothing else escapes, whatever the text.

>>> data, where = load("preset: classic\\nhands:\\n  A: [Ah, 10h]\\n", "p.yaml")
>>> data
{'preset': 'classic', 'hands': {'A': ['Ah', '10h']}}
>>> where.where(("hands", "A", 1)), where.line(("hands", "B"))
((3, 11), 2)
>>> compose(b"a: !!python/name:os.system x", "x.yaml", Policy()).tag  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
tutor.formats.errors.SourceError: x.yaml:1:4: a: the YAML tag !!python/name:os.system is not ...
>>> try:
...     load("a: " + "[" * 100, "deep.yaml")
... except SourceError as err:
...     print(err.line, err.column, err.message)
1 35 the values are nested more than 32 levels deep
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path

import yaml

from tutor.formats.errors import SourceError, shown
from tutor.formats.messages import E_ENCODING, E_NOT_FILE, os_problem
from tutor.formats.yamlnodes import (
    _Y,
    MAX_DEPTH,
    MAX_NUMBER,
    MAX_TEXT,
    PLAIN_TAGS,
    FieldPath,
    LineMap,
    Policy,
    _error,
    _line_col,
    _parse,
    _scalar_problem,
    check_nodes,
    path_text,
    to_data,
    where,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER",
    "MAX_TEXT",
    "PLAIN_TAGS",
    "FieldPath",
    "LineMap",
    "Policy",
    "check_data",
    "check_nodes",
    "compose",
    "decode",
    "load",
    "path_text",
    "read_capped",
    "to_data",
    "where",
]

#: What JSON reads as any other character of a string but YAML refuses (C1 controls, the
#: non-characters U+FFFE and U+FFFF) or reads as a line break (U+0085, U+2028, U+2029).
_YAML_ODD = re.compile("[\x80-\x9f\u2028\u2029\ufffe\uffff]")
#: Where those characters stand in for themselves while YAML finds the places of JSON.
_STAND_IN = 0xF0000

# ----------------------------------------------------------------------------- bytes and text


def read_capped(
    path: Path,
    max_bytes: int | None,
    too_large: str,
    *,
    name: str | None = None,
    head: bool = False,
) -> bytes:
    """A regular file's bytes; refused (``too_large`` with ``{size}`` and ``{limit}``) past the
    cap (``head``: its first ``max_bytes`` bytes instead), and ``E_NOT_FILE`` for anything that
    is not a regular file (a folder, a device such as ``/dev/zero``, a pipe): it is opened
    without blocking and never read."""
    name = str(path) if name is None else name
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SourceError(*os_problem(exc), path=name, line=1, column=1) from None
    try:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SourceError(E_NOT_FILE, path=name, line=1, column=1)
            with os.fdopen(fd, "rb", closefd=False) as f:
                data = f.read() if max_bytes is None else f.read(max_bytes + 1)
        except OSError as exc:
            raise SourceError(*os_problem(exc), path=name, line=1, column=1) from None
    finally:
        os.close(fd)
    if max_bytes is not None and len(data) > max_bytes:
        if head:
            return data[:max_bytes]
        raise _error(too_large, name, 1, 1, {"size": len(data), "limit": max_bytes})
    return data


def decode(data: bytes, path: str) -> str:
    """The bytes as text (without a byte order mark); ``E_ENCODING`` at the line of the first
    bad byte otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SourceError(E_ENCODING, path=path, line=line, column=1) from None


def compose(data: bytes | str, path: str, policy: Policy) -> yaml.Node:
    """The document's root node, checked against ``policy``; ``data`` as bytes is decoded."""
    text = decode(data, path) if isinstance(data, bytes) else data.removeprefix("\ufeff")
    root = _parse(text, path, policy)
    if root is None:
        raise _error(policy.empty or "the file is empty", path, 1, 1)
    check_nodes(root, path, policy)
    return root


# ----------------------------------------------------------------------------- JSON

#: A JSON text in tokens: a string (perhaps not closed), a bracket, a bare word or number.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]|[^\s\[\]{},:"]+|\S', re.DOTALL)
_JSON_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def _check_json_text(text: str, path: str, policy: Policy) -> None:
    """Before ``json`` reads a text (it recurses once per level, reads ``NaN`` and
    ``Infinity``, and refuses an integer of more than 4,300 digits with a bare ``ValueError``):
    refuse nesting deeper than the policy's, a number too long or not finite, at its place."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        first = token[0]
        if first in "[{":
            depth += 1
            if depth > policy.max_depth:
                raise _json_error(policy.too_deep, text, m.start(), path, policy, limit=depth - 1)
        elif first in "]}":
            depth = max(0, depth - 1)
        elif first == '"' or token in ("true", "false", "null") or first in ",:":
            continue
        elif _JSON_NUMBER.fullmatch(token):
            if len(token) > policy.max_number:
                raise _json_error(
                    policy.number_long,
                    text,
                    m.start(),
                    path,
                    policy,
                    text_=shown(token),
                    limit=policy.max_number,
                )
            if not math.isfinite(float(token)):
                raise _json_error(policy.not_finite, text, m.start(), path, policy, text_=token)
        elif token.lstrip("-+") in ("NaN", "Infinity"):
            raise _json_error(policy.not_finite, text, m.start(), path, policy, text_=token)
        # anything else is a syntax error, which json names with its place


def _json_error(
    template: str, text: str, index: int, path: str, policy: Policy, **params: object
) -> SourceError:
    line, col = _line_col(text, index)
    named = {("text" if k == "text_" else k): v for k, v in params.items()}
    return _error(template, path, line, col if policy.columns else None, named)


def _value_problem(value: object, policy: Policy) -> tuple[str, dict[str, object]] | None:
    """What the policy's limits refuse in one plain value (a text, a number)."""
    if isinstance(value, str):
        return _scalar_problem(yaml.ScalarNode(f"{_Y}str", value), policy)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else (policy.not_finite, {"text": str(value)})
    # an integer: its digits, without writing one of more than 4,300 of them
    if value.bit_length() > 4 * policy.max_number or len(str(value)) > policy.max_number:
        return policy.number_long, {"text": shown(value), "limit": policy.max_number}
    return None


def check_data(data: object, path: str, policy: Policy, places: LineMap | None = None) -> None:
    """Refuse plain data (as ``json.loads`` gives it) the policy's limits refuse: nested too
    deep, a number too long or not finite, a text (a key or a value) too long or holding a
    character no file may hold; named at its field (and at its place, when ``places`` knows
    it)."""
    places = places or LineMap()
    stack: list[tuple[object, FieldPath]] = [(data, ())]
    while stack:
        value, at = stack.pop()
        problem: tuple[str, dict[str, object]] | None = None
        if len(at) >= policy.max_depth and isinstance(value, dict | list):
            problem = policy.too_deep, {"limit": policy.max_depth}
        elif isinstance(value, dict):
            for k, v in value.items():
                problem = _value_problem(k, policy)
                if problem is not None:
                    at = (*at, k) if isinstance(k, str | int) else at
                    break
                stack.append((v, (*at, k if isinstance(k, str | int) else shown(k))))
        elif isinstance(value, list):
            stack.extend((v, (*at, i)) for i, v in enumerate(value))
        else:
            problem = _value_problem(value, policy)
        if problem is not None:
            line, col = places.where(at) or (None, None)
            col_ = col if policy.columns else None
            raise _error(problem[0], path, line, col_, problem[1], at=path_text(at))


def _refuse_constant(name: str) -> object:
    raise ValueError(name)


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for k, v in pairs:
        if k in out:
            raise KeyError(k)
        out[k] = v
    return out


def _json_places(text: str, path: str, policy: Policy) -> tuple[LineMap, SourceError | None]:
    """Where each value of a JSON text starts, as far as YAML (which JSON is, nearly) reads
    it, and the error of a key given twice, with its place (``json`` says it without one).
    A tab, which JSON allows only between tokens and YAML not always, counts as a space: every
    place stays where it is. Whatever else YAML says of the text is ``json``'s to say."""
    places = LineMap()
    # Characters JSON reads in a string but YAML does not (C1 controls) or reads as a line
    # break (U+0085, U+2028, U+2029) stand in for themselves in the private use plane, one
    # character each, so every place stays where it is; the keys get them back.
    stand_in = {c: chr(_STAND_IN + ord(c)) for c in set(_YAML_ODD.findall(text))}
    text = text.replace("\t", " ")
    for c, s in stand_in.items():
        text = text.replace(c, s)
    try:
        node = _parse(text, path, policy)
        if node is not None:
            check_nodes(node, path, policy, count_nodes=False)
            to_data(node, path, policy, places)
    except SourceError as exc:
        return _first_line(), exc if exc.template == policy.duplicate_key else None
    except Exception:  # the places are lost: every value is placed at the first line
        return _first_line(), None
    if stand_in:
        back = str.maketrans({s: c for c, s in stand_in.items()})
        places = LineMap(
            {
                tuple(k.translate(back) if isinstance(k, str) else k for k in at): where
                for at, where in places.places.items()
            }
        )
    return places, None


def _first_line() -> LineMap:
    """Places for JSON that YAML cannot read: everything at the first line."""
    return LineMap({(): (1, 1)})


def _json_key_place(text: str, name: str) -> tuple[int, int]:
    """Where a key given twice is written the second time, for JSON that YAML cannot read
    (the first line when the key is written in some other way, with escapes, say).

    >>> _json_key_place('{"a": 1,\\n "a": 2}', "a")
    (2, 2)
    """
    found = list(re.finditer(re.escape(json.dumps(name)) + r"\s*:", text))
    return _line_col(text, found[1].start()) if len(found) > 1 else (1, 1)


def _load_json(text: str, path: str, policy: Policy) -> tuple[object, LineMap]:
    _check_json_text(text, path, policy)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        col = exc.colno if policy.columns else None
        raise _error(policy.syntax, path, exc.lineno, col, {"problem": exc.msg}) from None
    except KeyError as exc:
        twice = _json_places(text, path, policy)[1]
        if twice is not None:
            raise twice from None
        name = shown(exc.args[0])
        params = {"field": name, "name": name}
        line, col = _json_key_place(text, str(exc.args[0]))
        col_ = col if policy.columns else None
        raise _error(policy.duplicate_key, path, line, col_, params, at=name) from None
    except (ValueError, RecursionError) as exc:  # checked before; a last guard all the same
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise _error(policy.syntax, path, None, None, {"problem": shown(problem, 120)}) from None
    places = _json_places(text, path, policy)[0]
    check_data(data, path, policy, places)
    return data, places


def load(text: str, path: str = "<text>", policy: Policy | None = None) -> tuple[object, LineMap]:
    """The data of a JSON or YAML document and where each of its values starts.

    Text that opens with ``{`` or ``[`` is read as JSON (its places are learnt from YAML,
    which JSON is too, as far as that works)."""
    policy = policy or Policy(alias=None)
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith(("{", "[")):
        return _load_json(text, path, policy)
    places = LineMap()
    node = _parse(text, path, policy)
    if node is None:
        raise _error(policy.empty or "the file is empty", path, 1, 1 if policy.columns else None)
    check_nodes(node, path, policy, count_nodes=False)  # to_data counts the values
    return to_data(node, path, policy, places), places

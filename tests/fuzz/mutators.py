"""Mutants of real files: bytes, lines and the parsed YAML node tree, written back.

``mutate(rng, data, name)`` returns a mutant of ``data`` (the bytes of a real lesson, puzzle
or position file) and a short description of what was done; everything depends on ``rng``
only, so a seed and a case number give the same mutant again. Three families, mixed:

* bytes: a bit flipped, a range deleted, inserted or duplicated, the file cut short, invalid
  UTF-8, a byte order mark, NUL, tabs, CR line ends;
* lines: a line deleted, duplicated, swapped with another, moved or indented differently;
* structure: the file is composed into YAML nodes (``yaml.compose``, safe), one node is
  replaced or changed (a scalar by ``1.0``, ``-1``, ``0``, a number of 5,000 digits,
  ``1e-99999999``, ``.nan``, ``.inf``, ``[]``, ``{}``, null, true, a 100 kB string,
  Markdown and HTML, deep nesting, an unknown key, a tag such as ``!!python/object``, an alias
  bomb, a card that is not a card, a card twice, a rule spec with odd switches) and the tree
  is written back with ``yaml.serialize``. JSON files are also changed as JSON.
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable

import yaml

Mutant = tuple[bytes, str]

# ----------------------------------------------------------------------------- hostile values

#: Numbers and special floats, as YAML scalars (value, tag).
HOSTILE_SCALARS: tuple[tuple[str, str], ...] = (
    ("1.0", "float"),
    ("-1", "int"),
    ("0", "int"),
    ("1", "int"),
    ("7", "int"),
    ("2", "int"),
    ("65", "int"),
    ("-0.0", "float"),
    ("9999", "int"),
    ("99999999999999999999", "int"),
    ("1" + "0" * 5000, "int"),
    ("4" * 4301, "int"),
    ("1e-99999999", "float"),
    ("1e999", "float"),
    ("1.0e+400", "float"),
    ("0x1F", "int"),
    ("0o17", "int"),
    ("1_000", "int"),
    ("12:30:45", "int"),
    (".nan", "float"),
    (".inf", "float"),
    ("-.inf", "float"),
    ("null", "null"),
    ("~", "null"),
    ("true", "bool"),
    ("false", "bool"),
    ("yes", "str"),
    ("", "str"),
    (" ", "str"),
    ("2001-12-14", "str"),
    ("50%", "str"),
    ("0%", "str"),
    ("150%", "str"),
    ("1/3", "str"),
    ("-1/3", "str"),
    ("1/0", "str"),
    ("NaN", "str"),
    ("Infinity", "str"),
    ("all", "str"),
)

#: Text that must reach a page only escaped.
HOSTILE_TEXTS: tuple[str, ...] = (
    "[Log in again](https://evil.example)",
    "![x](https://evil.example/x.png)",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "{player} {0} {} {x.y} {a[0]}",
    "{",
    "}",
    "%s %d %(x)s",
    "\u202e\u2066evil\u2069",
    "\x1b[31mred\x1b[0m",
    "line\nbreak\rreturn",
    "NUL\x00byte",
    "\ud800",
    "../../../../etc/passwd",
    "/dev/zero",
    "A" * 300,
    "\t",
)

#: Odd rule specs for ``preset``/``rules``/``compare`` fields.
ODD_SPECS: tuple[str, ...] = (
    "classic",
    "kurnik",
    "pack32",
    "nosuch",
    "classic(",
    "classic()",
    "classic(,,,)",
    "classic(target=)",
    "classic(target=9999)",
    "classic(target=0)",
    "classic(deal.target=1)",
    "classic(deal.hand_size=0)",
    "classic(deal.hand_size=1)",
    "classic(deal.hand_size=16)",
    "classic(hand_size=9999)",
    "classic(deal.last_trick_bonus=9999)",
    "classic(score.schneider_below=0)",
    "classic(score.schneider_below=9999)",
    "classic(marriage.points=9999)",
    "classic(match.target=0)",
    "classic(match.target=9999)",
    "classic(close.penalty_points=0)",
    "classic(out.false_points=9999)",
    "classic(pack.ranks=A)",
    "classic(pack.card_points=1)",
    "classic(score.game_points=1)",
    "classic(name=x)",
    "classic(sources=x)",
    "classic(exchange.rank=A)",
    "classic(exchange.rank=Z)",
    "classic(phase2.duty=nothing)",
    "classic(marriage.needs_trick=maybe)",
    "classic(target=1" + "0" * 5000 + ")",
    "classic(target=-1)",
    "classic(target=1e3)",
    "classic(target=66, target=61)",
    "classic(nosuch=1)",
    "classic(=)",
    "classic(target==66)",
    "CLASSIC",
    " classic ",
    "classic(target=66))",
    "classic((target=66)",
    "classic\n(target=66)",
    "classic(" + "target=66," * 2000 + ")",
)

CARD = re.compile(r"\b(?:10|[AKQJ9]|[2-8])[hdcs]\b")
CARDS = [f"{r}{s}" for s in "hdcs" for r in ("A", "10", "K", "Q", "J", "9", "8", "7")]
NOT_CARDS = ("Zz", "11h", "1h", "Ax", "10", "h", "AH", "Ah!", "🂡", "A h", "10hh")

#: Tags, allowed or not, that a node may be given.
TAGS = (
    "tag:yaml.org,2002:python/object:os.system",
    "tag:yaml.org,2002:python/object/apply:os.system",
    "tag:yaml.org,2002:python/name:os.system",
    "tag:yaml.org,2002:binary",
    "tag:yaml.org,2002:set",
    "tag:yaml.org,2002:omap",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:merge",
    "tag:yaml.org,2002:value",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "!custom",
    "!",
)

#: Byte strings worth inserting.
TOKENS: tuple[bytes, ...] = (
    b"\x00",
    b"\t",
    b"\r",
    b"\r\n",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\xc3\x28",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\x80",
    b"\xe2\x80\xa8",
    b"\x1b",
    b"{",
    b"}",
    b"[",
    b"]",
    b":",
    b": ",
    b"- ",
    b"#",
    b"&a ",
    b"*a",
    b"!!",
    b"!!python/object:os.system ",
    b"? ",
    b"|",
    b">",
    b"'",
    b'"',
    b"\\",
    b"%YAML 1.1\n",
    b"%TAG ! tag:evil,2000:\n",
    b"---\n",
    b"\n...\n",
    b"<<: ",
    b"[" * 1000,
    b"{" * 1000,
    b"- " * 500,
    b"9" * 5000,
    b"1e-99999999",
    b".nan",
    b"~",
)


# ----------------------------------------------------------------------------- bytes


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def flip(rng: random.Random, data: bytes) -> Mutant:
    if not data:
        return data, "flip (empty)"
    b = bytearray(data)
    n = rng.choice((1, 1, 2, 4, 8))
    for _ in range(n):
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    return bytes(b), f"flip {n} bits"


def delete_range(rng: random.Random, data: bytes) -> Mutant:
    i = _pos(rng, data)
    n = rng.choice((1, 2, 5, 20, 200))
    return data[:i] + data[i + n :], f"delete {n} bytes at {i}"


def insert_token(rng: random.Random, data: bytes) -> Mutant:
    i = _pos(rng, data)
    tok = rng.choice(TOKENS)
    return data[:i] + tok + data[i:], f"insert {tok[:20]!r} at {i}"


def insert_random(rng: random.Random, data: bytes) -> Mutant:
    i = _pos(rng, data)
    tok = bytes(rng.randrange(256) for _ in range(rng.choice((1, 3, 10))))
    return data[:i] + tok + data[i:], f"insert random {tok!r} at {i}"


def truncate(rng: random.Random, data: bytes) -> Mutant:
    i = _pos(rng, data)
    return data[:i], f"truncate at {i}"


def duplicate_range(rng: random.Random, data: bytes) -> Mutant:
    i = _pos(rng, data)
    j = min(len(data), i + rng.choice((1, 10, 100, 1000)))
    times = rng.choice((1, 2, 50))
    return data[:j] + data[i:j] * times + data[j:], f"duplicate {i}:{j} x{times}"


def bom(rng: random.Random, data: bytes) -> Mutant:
    mark = rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))
    return mark + data, f"byte order mark {mark!r}"


def crlf(rng: random.Random, data: bytes) -> Mutant:
    end = rng.choice((b"\r\n", b"\r", b"\x85"))
    return data.replace(b"\n", end), f"line ends {end!r}"


def tabs(rng: random.Random, data: bytes) -> Mutant:
    lines = data.split(b"\n")
    idx = [i for i, ln in enumerate(lines) if ln.startswith(b" ")]
    if not idx:
        return data + b"\t", "tab at end"
    i = rng.choice(idx)
    lines[i] = b"\t" + lines[i].lstrip(b" ")
    return b"\n".join(lines), f"tab indent line {i + 1}"


BYTE_MUTATORS: tuple[Callable[[random.Random, bytes], Mutant], ...] = (
    flip,
    delete_range,
    insert_token,
    insert_token,
    insert_random,
    truncate,
    duplicate_range,
    bom,
    crlf,
    tabs,
)

# ----------------------------------------------------------------------------- lines


def line_mutation(rng: random.Random, data: bytes) -> Mutant:
    lines = data.split(b"\n")
    if len(lines) < 2:
        return data + b"\n" + data, "double the one line"
    i = rng.randrange(len(lines))
    j = rng.randrange(len(lines))
    op = rng.choice(("delete", "duplicate", "swap", "move", "indent", "dedent", "blank"))
    if op == "delete":
        n = rng.choice((1, 1, 3))
        del lines[i : i + n]
    elif op == "duplicate":
        lines.insert(i, lines[i])
    elif op == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "move":
        lines.insert(j, lines.pop(i))
    elif op == "indent":
        lines[i] = b" " * rng.choice((1, 2, 4)) + lines[i]
    elif op == "dedent":
        lines[i] = lines[i].lstrip(b" ")
    else:
        lines[i] = b" " * rng.randrange(8)
    return b"\n".join(lines), f"line {op} {i + 1}" + (f"/{j + 1}" if op in ("swap", "move") else "")


# ----------------------------------------------------------------------------- structure


def _nodes(root: yaml.Node) -> list[tuple[yaml.Node | None, object, yaml.Node]]:
    """Every node with its parent and where it sits in the parent (an index, or
    ``("key", i)``/``("value", i)`` of a mapping's i-th pair)."""
    out: list[tuple[yaml.Node | None, object, yaml.Node]] = [(None, None, root)]
    stack = [root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias: its node is listed once
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            for i, child in enumerate(node.value):
                out.append((node, i, child))
                stack.append(child)
        elif isinstance(node, yaml.MappingNode):
            for i, (k, v) in enumerate(node.value):
                out.append((node, ("key", i), k))
                out.append((node, ("value", i), v))
                stack.append(v)
    return out


def _put(parent: yaml.Node | None, slot: object, new: yaml.Node, root: yaml.Node) -> yaml.Node:
    """Put ``new`` in ``slot`` of ``parent``; returns the (maybe new) root."""
    if parent is None:
        return new
    if isinstance(parent, yaml.SequenceNode):
        assert isinstance(slot, int)
        parent.value[slot] = new
    else:
        assert isinstance(parent, yaml.MappingNode) and isinstance(slot, tuple)
        which, i = slot
        k, v = parent.value[i]
        parent.value[i] = (new, v) if which == "key" else (k, new)
    return root


def _scalar(value: str, tag: str = "str", style: str | None = None) -> yaml.ScalarNode:
    return yaml.ScalarNode(f"tag:yaml.org,2002:{tag}", value, style=style)


def _seq(items: list[yaml.Node], flow: bool = True) -> yaml.SequenceNode:
    return yaml.SequenceNode("tag:yaml.org,2002:seq", items, flow_style=flow)


def _map(pairs: list[tuple[yaml.Node, yaml.Node]], flow: bool = True) -> yaml.MappingNode:
    return yaml.MappingNode("tag:yaml.org,2002:map", pairs, flow_style=flow)


#: A plain scalar that ``structural`` replaces, once written, by nesting too deep for
#: ``yaml.serialize`` (which recurses) to write.
DEEP = "zzdeepnestingzz"


def deep_text(depth: int, mapping: bool, key: str = "{a: ") -> str:
    """``depth`` lists (or mappings, each opened by ``key``) one inside the other."""
    if mapping:
        return key * depth + "1" + "}" * depth
    return "[" * depth + "1" + "]" * depth


def _bomb(levels: int, width: int) -> yaml.Node:
    """A billion-laughs tree: each level lists the level below ``width`` times (one node,
    so ``yaml.serialize`` writes it once with an anchor and then aliases)."""
    node: yaml.Node = _scalar("lol")
    for _ in range(levels):
        node = _seq([node] * width)
    return node


def _replacement(rng: random.Random, node: yaml.Node, cards: list[str]) -> tuple[yaml.Node, str]:
    kind = rng.randrange(14)
    if kind <= 3:
        value, tag = rng.choice(HOSTILE_SCALARS)
        return _scalar(value, tag), f"value {value[:20]!r}"
    if kind == 4:
        text = rng.choice(HOSTILE_TEXTS)
        return _scalar(text, style='"'), f"text {text[:30]!r}"
    if kind == 5:
        n = rng.choice((100_000, 300_000))
        return _scalar("x" * n), f"string of {n} characters"
    if kind == 6:
        depth = rng.choice((20, 200, 2_000, 100_000))
        mapping = rng.random() < 0.5
        return _scalar(f"{DEEP}{depth}{'m' if mapping else 'l'}"), (
            f"nesting {depth} deep ({'mapping' if mapping else 'list'})"
        )
    if kind == 7:
        which = rng.choice(("[]", "{}", "[x]", "{a: 1}"))
        empty: yaml.Node
        if which == "[]":
            empty = _seq([])
        elif which == "{}":
            empty = _map([])
        elif which == "[x]":
            empty = _seq([node])
        else:
            empty = _map([(_scalar("a"), _scalar("1", "int"))])
        return empty, f"value {which}"
    if kind == 8:
        spec = rng.choice(ODD_SPECS)
        return _scalar(spec), f"rule spec {spec[:40]!r}"
    if kind == 9:
        levels, width = rng.choice(((3, 3), (6, 9), (9, 9), (20, 2)))
        return _bomb(levels, width), f"alias bomb {width}^{levels}"
    if kind == 10 and isinstance(node, yaml.ScalarNode):
        tag = rng.choice(TAGS)
        return yaml.ScalarNode(tag, node.value), f"tag {tag}"
    if kind == 10:
        tag = rng.choice(TAGS)
        node.tag = tag
        return node, f"tag {tag} on a collection"
    if kind == 11 and cards:
        return _scalar(" ".join(rng.sample(cards, min(len(cards), rng.choice((1, 5, 12)))))), (
            "other cards"
        )
    if kind == 12:
        return _scalar(str(rng.choice(cards or CARDS))), "one card"
    n = rng.choice((-(10**20), -5, -1, 0, 1, 3, 12, 33, 66, 121, 10**6))
    return _scalar(str(n), "int"), f"number {n}"


def _card_mutation(rng: random.Random, node: yaml.ScalarNode) -> tuple[yaml.Node, str] | None:
    found = list(CARD.finditer(node.value))
    if not found:
        return None
    m = rng.choice(found)
    op = rng.randrange(4)
    if op == 0:
        new = rng.choice(NOT_CARDS)
        what = f"card {m.group()} -> {new!r}"
    elif op == 1:
        other = rng.choice([f.group() for f in found])
        new = other
        what = f"card {m.group()} -> {other} (a card twice)"
    elif op == 2:
        new = f"{m.group()} {m.group()}"
        what = f"card {m.group()} written twice"
    else:
        new = rng.choice(CARDS)
        what = f"card {m.group()} -> {new}"
    value = node.value[: m.start()] + new + node.value[m.end() :]
    return yaml.ScalarNode(node.tag, value, style=node.style), what


def structural(rng: random.Random, data: bytes) -> Mutant:
    # libyaml's composer and emitter recurse in C and crash on deep nesting: deep files are
    # read and written by the pure Python ones, which raise RecursionError instead.
    fast = data.count(b"[") + data.count(b"{") + data.count(b"- ") < 400
    loader = yaml.CSafeLoader if fast else yaml.SafeLoader
    dumper = yaml.CSafeDumper if fast else yaml.SafeDumper
    try:
        root = yaml.compose(data.decode("utf-8"), Loader=loader)
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError):
        return line_mutation(rng, data)
    if root is None:
        return line_mutation(rng, data)
    cards = sorted({m.group() for m in CARD.finditer(data.decode("utf-8"))})
    nodes = _nodes(root)
    parent, slot, node = rng.choice(nodes)
    op = rng.randrange(10)
    what: str
    if op <= 4:
        new, what = _replacement(rng, node, cards)
        if isinstance(slot, tuple) and slot[0] == "key" and rng.random() < 0.7:
            new, what = _scalar(rng.choice(("nosuch", "id", "level", "1", "", "<<"))), "key"
        root = _put(parent, slot, new, root)
    elif op == 5 and isinstance(node, yaml.ScalarNode):
        changed = _card_mutation(rng, node)
        if changed is None:
            new, what = _replacement(rng, node, cards)
        else:
            new, what = changed
        root = _put(parent, slot, new, root)
    elif op == 6:
        maps = [n for _, _, n in nodes if isinstance(n, yaml.MappingNode)]
        if not maps:
            return line_mutation(rng, data)
        m = rng.choice(maps)
        key = rng.choice(("nosuch", "unknown_key", "x" * 200, "1", "id", "moves", "hints"))
        if rng.random() < 0.3 and m.value:
            pair = rng.choice(m.value)
            m.value.append(pair)
            what = f"mapping key {getattr(pair[0], 'value', '?')!r} twice"
        else:
            value, _ = _replacement(rng, _scalar("x"), cards)
            m.value.insert(rng.randrange(len(m.value) + 1), (_scalar(key), value))
            what = f"extra key {key[:20]!r}"
    elif op == 7:
        colls = [n for _, _, n in nodes if isinstance(n, yaml.MappingNode | yaml.SequenceNode)]
        c = rng.choice(colls) if colls else None
        if c is None or not c.value:
            return line_mutation(rng, data)
        i = rng.randrange(len(c.value))
        if rng.random() < 0.5:
            del c.value[i]
            what = "drop an entry"
        else:
            c.value.insert(i, c.value[i])
            what = "repeat an entry"
    elif op == 8:
        # Same node twice: written as an anchor and an alias.
        colls = [n for _, _, n in nodes if isinstance(n, yaml.SequenceNode)]
        if colls:
            c = rng.choice(colls)
            if c.value:
                c.value.append(c.value[0])
        root = _put(parent, slot, _seq([node, node]) if parent is not None else root, root)
        what = "alias of a node"
    else:
        # A mapping as a list, a list as a mapping, a scalar as either.
        new_node: yaml.Node
        if isinstance(node, yaml.MappingNode):
            new_node = _seq([v for _, v in node.value])
        elif isinstance(node, yaml.SequenceNode):
            new_node = _map([(_scalar(str(i)), v) for i, v in enumerate(node.value)])
        else:
            new_node = _seq([node]) if rng.random() < 0.5 else _map([(node, node)])
        root = _put(parent, slot, new_node, root)
        what = "change of shape"
    try:
        text = yaml.serialize(root, Dumper=dumper, allow_unicode=True, width=100)
    except (yaml.YAMLError, RecursionError, ValueError) as exc:
        return line_mutation(rng, data)[0], f"(not serialisable: {type(exc).__name__})"
    text = re.sub(
        DEEP + r"(\d+)([ml])", lambda m: deep_text(int(m.group(1)), m.group(2) == "m"), text
    )
    return text.encode("utf-8", "surrogatepass"), what


# ----------------------------------------------------------------------------- JSON


def _json_value(rng: random.Random) -> object:
    return rng.choice(
        (
            float("nan"),
            float("inf"),
            -1,
            0,
            1.0,
            10**4000,
            1e308,
            "x" * 100_000,
            [],
            {},
            None,
            True,
            "[a](https://evil.example)",
            DEEP,
        )
    )


def json_mutation(rng: random.Random, data: bytes) -> Mutant:
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return line_mutation(rng, data)
    places: list[tuple[object, object]] = []
    stack: list[object] = [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            places.extend((v, k) for k in v)
            stack.extend(v.values())
        elif isinstance(v, list):
            places.extend((v, i) for i in range(len(v)))
            stack.extend(v)
    what = "json: "
    if places and rng.random() < 0.8:
        container, key = rng.choice(places)
        value = _json_value(rng)
        container[key] = value  # type: ignore[index]
        what += f"{key!r} -> {str(value)[:20]}"
    elif isinstance(doc, dict):
        doc["nosuch"] = _json_value(rng)
        what += "extra key"
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        text = json.dumps(doc, allow_nan=True)
    finally:
        sys.set_int_max_str_digits(old)
    depth = rng.choice((50, 1_000, 100_000))
    text = text.replace(f'"{DEEP}"', deep_text(depth, rng.random() < 0.5, '{"a": '))
    if rng.random() < 0.2:
        # A key given twice, which json.dumps cannot write.
        text = text.replace("{", '{"preset": "classic", ', 1)
        what += ", preset twice"
    return text.encode(), what


# ----------------------------------------------------------------------------- all


def mutate(rng: random.Random, data: bytes, name: str) -> Mutant:
    """One mutant of ``data`` (from file ``name``): one to three mutations in a row."""
    out, whats = data, []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        r = rng.random()
        if r < 0.3:
            out, what = rng.choice(BYTE_MUTATORS)(rng, out)
        elif r < 0.45:
            out, what = line_mutation(rng, out)
        elif name.endswith(".json") and r < 0.65:
            out, what = json_mutation(rng, out)
        else:
            out, what = structural(rng, out)
        whats.append(what)
    return out, "; ".join(whats)

"""Hostile input for rule specs and the engine protocol: Hypothesis strategies, and a seeded
generator of the same lines for the long stream fed to ``tutor engine``.

A rule spec is ``preset(switch=value, ...)`` with valid and invalid presets, switch ids, field
names and values. An engine line is a JSON object built from the request fields with hostile
values (a real position, changed or not, under ``position`` or as the whole request), or a
raw hostile line: a thousand ``[``, a number of 4,300 digits, NaN, invalid UTF-8, a huge line.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from enum import Enum
from pathlib import Path

import yaml
from hypothesis import strategies as st

from tutor.engine import PRESETS, Rank, RuleSet

from .mutators import HOSTILE_TEXTS, ODD_SPECS

ROOT = Path(__file__).resolve().parents[2]

# ----------------------------------------------------------------------------- rule specs

_FIELDS = [f for f in dataclasses.fields(RuleSet) if f.metadata.get("id")]
SWITCH_KEYS = sorted({f.metadata["id"] for f in _FIELDS} | {f.name for f in _FIELDS})
PRESET_NAMES = [*PRESETS, "nosuch", "", "CLASSIC", "classic_", "0", "a" * 200]


def _values_for(name: str) -> list[str]:
    """Valid and invalid texts for the switch of field ``name``."""
    current = getattr(PRESETS["classic"], name, None)
    if isinstance(current, bool):
        return ["true", "false", "yes", "no", "1", "0", "True", "maybe", ""]
    if isinstance(current, Rank):
        return [r.symbol for r in Rank] + ["Z", "", "AA", "1"]
    if isinstance(current, Enum):
        return [str(e.value) for e in type(current)] + ["nothing", "", "FOLLOW"]
    if isinstance(current, int):
        return ["0", "1", "2", "6", "66", "120", "9999", "-1", "10000", "1" + "0" * 4400, "1e3"]
    return ["A", "1", "", "(1, 2)", "[1]"]


SWITCH_VALUES = {key: _values_for(f.name) for f in _FIELDS for key in (f.name, f.metadata["id"])}
ANY_VALUES = sorted({v for vs in SWITCH_VALUES.values() for v in vs})

_junk = st.text(alphabet=st.sampled_from("abc_.=,() 0123456789\n\t\x00é[]{}'\"\\"), max_size=30)


@st.composite
def switch(draw: st.DrawFn) -> str:
    if draw(st.booleans()):  # a switch that exists, with a value it may take or nearly
        key = draw(st.sampled_from(SWITCH_KEYS))
        return f"{key}={draw(st.sampled_from(SWITCH_VALUES[key]))}"
    key = draw(st.sampled_from(SWITCH_KEYS) | st.sampled_from(("nosuch", "name", "")) | _junk)
    values = SWITCH_VALUES.get(key, ANY_VALUES)
    value = draw(
        st.sampled_from(values)
        | st.integers(-(10**6), 10**6).map(str)
        | st.sampled_from(ANY_VALUES)
        | _junk
    )
    sep = draw(st.sampled_from(("=", " = ", "==", "", ":")))
    return f"{key}{sep}{value}"


@st.composite
def rule_specs(draw: st.DrawFn) -> str:
    """A rule spec: mostly well formed, with odd switches and values."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.sampled_from(ODD_SPECS))
    if kind == 1:
        return draw(st.text(max_size=60))
    name = draw(st.sampled_from(PRESET_NAMES[:7]) | st.sampled_from(PRESET_NAMES))
    parts = draw(st.lists(switch(), max_size=6))
    if not parts and draw(st.booleans()):
        return name
    sep = draw(st.sampled_from((", ", ",", " , ", ",,")))
    close = draw(st.sampled_from((")",) * 6 + ("", "))", ") x")))
    return f"{name}({sep.join(parts)}{close}"


# ----------------------------------------------------------------------------- requests


def _positions() -> list[object]:
    out: list[object] = []
    for p in sorted((ROOT / "positions").iterdir()):
        text = p.read_text("utf-8")
        out.append(json.loads(text) if p.suffix == ".json" else yaml.safe_load(text))
    return out


POSITIONS = _positions()
#: Positions the engine answers at once (the others need a full search).
CHEAP = [
    p
    for p in POSITIONS
    if isinstance(p, dict) and (p.get("stock") in ("", None) or "closed_by" in p)
]

REQUEST_FIELDS = ("id", "position", "moves", "hidden", "samples", "seed", "level", "lang")
MOVES = ["10h", "Kd", "exchange", "marry Qc", "close", "out", "Jh", "Ah", "Zz", "", "marry", "x"]
HUGE_INT = "4" * 4301
NUMBERS = [0, 1, 4, -1, 5, 2**63, 2**63 + 1, 2**64, 10**6, 10_000, 10_001, 1.5, True, None]


def json_text(value: object) -> str:
    """JSON as a careless client writes it: NaN and numbers of any length included."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(value, allow_nan=True)
    finally:
        sys.set_int_max_str_digits(old)


#: Raw lines that are not (good) JSON objects.
RAW_LINES: tuple[bytes, ...] = (
    b"[" * 1000,
    b"{" * 1000,
    b'{"a":' * 1000,
    b"[" * 100_000,
    HUGE_INT.encode(),
    b"4" * 4300,
    b'{"id": ' + b"7" * 4300 + b', "command": "info"}',
    ("-" + "9" * 4301).encode(),
    b'{"id": ' + HUGE_INT.encode() + b"}",
    b'{"samples": ' + HUGE_INT.encode() + b', "position": {}}',
    b"1e999",
    b'{"id": 1e999}',
    b'{"id": -1e999, "command": "info"}',
    b"NaN",
    b"Infinity",
    b'{"id": NaN}',
    b'{"id": NaN, "command": "info"}',
    b'{"id": Infinity, "position": "x"}',
    b"\xff\xfe\xfd",
    b'{"id": "\xff"}',
    b'{"id": "\\ud800", "command": "info"}',
    b'{"command": "\\udfff"}',
    b"\xef\xbb\xbf{}",
    b"\x00",
    b'{"id": 1}\x00',
    b"null",
    b"true",
    b"[]",
    b"{}",
    b'""',
    b'"position"',
    b'{"command": "info"}',
    b'{"command": "info", "id": [1, {"a": null}]}',
    b'{"command": "nosuch"}',
    b'{"command": ["info"]}',
    b'{"command": {"a": 1}}',
    b'{"position": null}',
    b'{"position": []}',
    b'{"position": "' + b"x" * 100_000 + b'"}',
    b'{"id": "' + b"x" * 1_000_000 + b'"}',
    b" " * 100_000 + b"{}",
    b"x" * 2_000_000,
    b'{"a": 1, "a": 2}',
    b'{"position": {"preset": "classic", "preset": "kurnik"}}',
    b'{"id": 1, "position": "' + b"[" * 5000 + b'"}',
    b'{"id": 2, "position": "' + b"a: " * 3000 + b'"}',
    b'{"id": 3, "position": "&a [*a]"}',
    b'{"id": 4, "position": "!!python/object:os.system x"}',
    b'{"id": 5, "position": "/dev/zero"}',
    b'{"id": 6, "position": "/etc/passwd"}',
    b'{"id": 7, "position": "' + b"- " * 5000 + b'"}',
    b'{"id": 8, "lang": "xx", "position": {}}',
    b'{"id": 9, "lang": null, "position": {}}',
)

_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(HOSTILE_TEXTS)
    | st.sampled_from(ODD_SPECS)
)
json_values = st.recursive(
    _json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _changed(position: object, rng: random.Random) -> object:
    """A copy of a position with one field given a hostile value (or none, or removed)."""
    if not isinstance(position, dict):
        return position
    out = json.loads(json.dumps(position))
    key = rng.choice([*out, "nosuch"])
    r = rng.random()
    if r < 0.2:
        out.pop(key, None)
    elif r < 0.4:
        out[key] = rng.choice(
            [None, [], {}, -1, 0, 1.5, float("nan"), 10**30, "Zz", "Ah Ah", "x" * 10_000]
        )
    elif r < 0.6:
        out["preset"] = rng.choice(ODD_SPECS)
    elif r < 0.7:
        out[key] = rng.choice(HOSTILE_TEXTS)
    return out


def request_line(rng: random.Random) -> bytes:
    """One engine line: a raw hostile line, or a request object with hostile values."""
    r = rng.random()
    if r < 0.25:
        return rng.choice(RAW_LINES)
    position: object = rng.choice(POSITIONS)
    if rng.random() < 0.6:
        position = _changed(position, rng)
    if r < 0.4:
        return json_text(position).encode()
    request: dict[str, object] = {}
    for name in REQUEST_FIELDS:
        if rng.random() < 0.5:
            request[name] = _field_value(name, rng)
    request["position"] = position
    if rng.random() < 0.2:
        request["position"] = yaml.safe_dump(position)
    if rng.random() < 0.05:
        request["nosuch"] = 1
    return json_text(request).encode()


def _field_value(name: str, rng: random.Random) -> object:
    if name == "moves":
        return rng.choice(
            [
                [],
                rng.sample(MOVES, 3),
                ", ".join(rng.sample(MOVES, 2)),
                [1, 2],
                "x" * 5000,
                ["10h"] * 500,
                None,
            ]
        )
    if name == "lang":
        return rng.choice(["de", "pl", "en", "xx", "", None, 1, "pl-PL", "de_DE", "EN"])
    if name == "hidden":
        return rng.choice([True, False, 0, 1, "yes", None])
    if name in ("samples", "seed", "level"):
        return rng.choice(NUMBERS)
    return rng.choice([1, "a", None, float("nan"), 10**30, [1], {"a": 1}, "x" * 1000, -0.0])


@st.composite
def engine_lines(draw: st.DrawFn) -> bytes:
    """An engine line: a request built from the request fields with hostile values, a raw
    hostile line, or a line made by the seeded generator of the long stream."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.sampled_from(RAW_LINES))
    if kind == 1:
        return request_line(draw(st.randoms(use_true_random=False)))
    if kind == 2:
        return draw(st.binary(max_size=200))
    fields = draw(
        st.dictionaries(
            st.sampled_from((*REQUEST_FIELDS, "command", "nosuch")), json_values, max_size=6
        )
    )
    if draw(st.booleans()):
        fields["position"] = draw(st.sampled_from(CHEAP))
    if "command" in fields and draw(st.booleans()):
        fields["command"] = "info"
    return json_text(fields).encode()


def good_line(rng: random.Random, n: int) -> bytes:
    """A good request that the engine answers quickly."""
    position = rng.choice(CHEAP)
    request: dict[str, object] = {"id": n, "position": position, "samples": 8, "seed": n}
    if rng.random() < 0.5:
        request["level"] = rng.randrange(1, 5)
        request["lang"] = rng.choice(("de", "pl", "en"))
    if rng.random() < 0.1:
        return json.dumps({"id": n, "command": "info"}).encode()
    return json.dumps(request).encode()


def warm_up() -> list[bytes]:
    """Lines that make the engine load what it keeps for good (every language's catalog, every
    kind of answer) and reach the memory its largest searches take, before its memory is
    watched: each raw hostile line once, each position with few and with many samples, each
    quick position in each language at each hint level."""
    lines = [line.replace(b"\n", b" ").replace(b"\r", b" ") for line in RAW_LINES]
    for position in POSITIONS:  # the largest searches the engine's budget allows
        for samples in (8, 10_000):
            lines.append(json.dumps({"position": position, "samples": samples}).encode())
        lines.append(json.dumps({"position": position, "hidden": True}).encode())
    for position in CHEAP:
        for lang in ("de", "pl", "en"):
            for level in range(5):
                request = {"position": position, "samples": 8, "level": level, "lang": lang}
                lines.append(json.dumps(request).encode())
    return lines


def stream(n: int, run_seed: int) -> tuple[list[bytes], dict[int, object]]:
    """``n`` lines for ``tutor engine``, hostile lines mixed with good requests, and the id
    that the answer to each good request must carry, by line index."""
    rng = random.Random(f"{run_seed}:stream")
    lines: list[bytes] = []
    ids: dict[int, object] = {}
    for i in range(n):
        if rng.random() < 0.4:
            line = good_line(rng, i)
            ids[i] = i
        else:
            line = request_line(rng)
        lines.append(line.replace(b"\n", b" ").replace(b"\r", b" "))
    return lines, ids

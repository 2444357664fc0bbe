"""``tutor engine``: the hint engine for another program.

It answers requests, one JSON object a line on standard input, with one JSON line each on
standard output, the way chess programs talk to an engine. A request is a position in the
schema of ``docs/positions.md``, or an object with the position under ``"position"`` and options
(``id``, ``moves``, ``hidden``, ``samples``, ``seed``, ``level``, ``lang``). An answer carries
``"ok": true`` and the analysis, or ``"ok": false`` and an error message; the engine never
stops on a bad request and never prints a traceback.

Every non-blank line gets exactly one answer, in order, and the engine's memory does not grow
with its input. Standard input is read as bytes, a line at most ``MAX_LINE_BYTES`` long (a
longer one is skipped to its end without being kept, and refused); a line must be UTF-8 text
and JSON with at most ``MAX_DEPTH`` levels of nesting, numbers of at most ``MAX_NUMBER_CHARS``
characters and no ``NaN`` or ``Infinity``; the ``id`` echoed in the answer is text of at most
``MAX_ID_CHARS`` characters or a whole number within ``MAX_ID_NUMBER``. Each analysis works
within a search budget (``tutor.search.budget``) and says when it was cut. Every refusal is a
translated message (in the request's ``lang``, else the engine's ``--lang``) that names the
field.

>>> answer_line(b'{"id": NaN}')["error"]["message"]
"'id' must be a finite number, not NaN"
>>> answer_line(b"[" * 1000)["error"]["message"]
'the values are nested more than 32 levels deep'
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any, TextIO

from tutor.cli.command import (
    MAX_SEED,
    UsageError,
    add_lang_option,
    check_number,
)
from tutor.cli.request import RequestError, hint_to_data, play_on, split_moves
from tutor.engine import PRESETS, TABLE_PRESETS, TableState, game_for, trick_winner_of
from tutor.formats.errors import shown
from tutor.formats.messages import E_DUPLICATE_KEY, E_NOT_BOOL, E_TOO_DEEP, E_UNKNOWN_FIELD
from tutor.formats.positions import PositionError, position_from_data, read_position
from tutor.msgid import N_
from tutor.teach.hints import (
    DEFAULT_SAMPLES,
    IDEAS,
    MAX_SAMPLES,
    analyse,
    analysis_to_dict,
)
from tutor.words.hint_text import cut_notes, hint
from tutor.words.i18n import LANGUAGES, Translator, UnknownLanguageError, get_translator

PROTOCOL = 1
REQUEST_FIELDS = ("id", "position", "moves", "hidden", "samples", "seed", "level", "lang")

#: The longest line read, in bytes; a longer one is refused without being kept in memory.
MAX_LINE_BYTES = 1 << 20
#: The deepest nesting of JSON arrays and objects in a request (a position needs 4).
MAX_DEPTH = 32
#: The longest number in a request, in characters (a seed of 2**63 - 1 has 19 digits).
MAX_NUMBER_CHARS = 32
#: The longest ``id`` given as text, in characters, and the largest given as a number.
MAX_ID_CHARS = 200
MAX_ID_NUMBER = 2**53 - 1  # the whole numbers every JSON reader keeps exactly
_CLIP = 40  # a name quoted in a message is cut to this many characters

E_REQUEST_NUMBER = N_("the request field '{name}' should be a whole number from {low} to {high}")
E_REQUEST_LANG = N_("the request field 'lang' should be one of: {valid}")
E_REQUEST_MOVES = N_('the request field \'moves\' should be a list of moves, e.g. ["10h", "Kd"]')
E_REQUEST_ID = N_(
    "the request field 'id' should be text of at most {limit} characters or a whole number "
    "from {low} to {high}"
)
E_REQUEST_OBJECT = N_("a request is one JSON object a line, e.g. {example}")
E_LINE_LONG = N_("the line is longer than {limit} bytes")
E_LINE_UTF8 = N_("the line is not UTF-8 text: the bad byte is number {offset}")
E_LINE_JSON = N_("the line is not valid JSON: the error is at character {offset}")
E_NUMBER_LONG = N_("the number in '{field}' is too long: at most {limit} characters")
E_NUMBER_FINITE = N_("'{field}' must be a finite number, not {value}")
E_NOT_UNICODE = N_("'{field}' holds text that is not Unicode: a lone surrogate in {value}")
E_INTERNAL = N_("the engine could not answer: {problem}")
E_COMMAND = N_("unknown command '{name}'; the commands are: info")


def add_arguments(e: argparse.ArgumentParser) -> None:
    e.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help=f"default deals to sample (1 to {MAX_SAMPLES})",
    )
    e.add_argument("--seed", type=int, default=0, help="default seed")
    add_lang_option(e)


@dataclass(frozen=True)
class Defaults:
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    lang: str = "en"


# ----------------------------------------------------------------------------- reading lines


def read_lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """Each line of ``stream`` without its line end; ``None`` for a line longer than ``limit``
    bytes, which is read on to its end in pieces and not kept.

    >>> list(read_lines(io.BytesIO(b"ab\\n" + b"x" * 10 + b"\\ncd"), limit=5))
    [b'ab', None, b'cd']
    """
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1].rstrip(b"\r")
        elif len(line) <= limit:
            yield line  # the last line, without a line end
        else:
            while True:
                rest = stream.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None


# Tokens for measuring the nesting: a JSON string (possibly cut off at the end of the line;
# possessive, so never backtracking) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)|[\[\]{}]', re.S)


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects in ``text`` nest more than ``limit`` levels (brackets in
    strings do not count).

    >>> too_deep('[[["[[[["]]]', limit=3), too_deep("[[[[]]]]", limit=3)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                return True
        elif c in "]}":
            depth -= 1
    return False


class _BadNumber:
    """A number (or a text) the engine does not take, kept in place of its value while the line
    is parsed, so that the refusal can name its field."""

    __slots__ = ("template", "text")

    def __init__(self, text: str, template: str) -> None:
        self.text = text
        self.template = template


def _parse_int(text: str) -> int | _BadNumber:
    if len(text) > MAX_NUMBER_CHARS:
        return _BadNumber(text, E_NUMBER_LONG)
    return int(text)


def _parse_float(text: str) -> float | _BadNumber:
    if len(text) > MAX_NUMBER_CHARS:
        return _BadNumber(text, E_NUMBER_LONG)
    value = float(text)
    if not math.isfinite(value):
        return _BadNumber(text, E_NUMBER_FINITE)
    return value


def _parse_constant(text: str) -> _BadNumber:
    return _BadNumber(text, E_NUMBER_FINITE)


def _escaped(text: str) -> str:
    r"""``text`` cut to a quotable length, a lone surrogate written as its escape.

    >>> _escaped("a\ud800")
    'a\\ud800'
    """
    return _clip(text).encode("utf-8", "backslashreplace").decode("utf-8")


def _not_unicode(text: str) -> bool:
    r"""Whether ``text`` holds a lone surrogate (an escape such as ``\ud800`` in JSON that
    makes no character: strict JSON readers refuse it, so it is never echoed)."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (as in lesson and position files)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RequestError(E_DUPLICATE_KEY, field=_escaped(key))
        out[key] = value
    return out


def parse_request(text: str) -> object:
    """The JSON of one line, with bad numbers and text that is not Unicode kept as markers
    (see ``answer``); raises ``RequestError`` for text that is too deeply nested, not JSON,
    or an object with a key given twice."""
    if too_deep(text):
        raise RequestError(E_TOO_DEEP, limit=MAX_DEPTH)
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as exc:
        raise RequestError(E_LINE_JSON, offset=exc.pos + 1) from None
    except RecursionError:  # not reached below MAX_DEPTH; a refusal all the same
        raise RequestError(E_TOO_DEEP, limit=MAX_DEPTH) from None


def _clip(text: str) -> str:
    return text if len(text) <= _CLIP else text[: _CLIP - 1] + "…"


def _first_bad(value: object, path: str) -> tuple[str, _BadNumber] | None:
    """The first bad number, or text that is not Unicode, in ``value`` and its field
    (``position.scores.A.points``)."""
    if isinstance(value, _BadNumber):
        return path, value
    if isinstance(value, str) and _not_unicode(value):
        return path, _BadNumber(_escaped(value), E_NOT_UNICODE)
    if isinstance(value, dict):
        for key, item in value.items():
            field = f"{path}.{_escaped(key)}" if path else _escaped(key)
            if _not_unicode(key):
                return field, _BadNumber(_escaped(key), E_NOT_UNICODE)
            found = _first_bad(item, field)
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _first_bad(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


# ----------------------------------------------------------------------------- answering


def _number(request: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = request.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(E_REQUEST_NUMBER, name=name, low=low, high=high)
    return value


def _request_id(request: Mapping[str, Any]) -> str | int | None:
    """The ``id`` to echo; ``RequestError`` when it is neither short text nor a whole number
    in range."""
    rid = request.get("id")
    if rid is None:
        return None
    if isinstance(rid, str) and len(rid) <= MAX_ID_CHARS:
        return rid
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) <= MAX_ID_NUMBER:
        return rid
    raise RequestError(E_REQUEST_ID, limit=MAX_ID_CHARS, low=-MAX_ID_NUMBER, high=MAX_ID_NUMBER)


def _translator(request: object, defaults: Defaults) -> Translator:
    """The request's language when it names a known one, else the engine's."""
    if isinstance(request, Mapping) and "position" in request:
        lang = request.get("lang")
        if isinstance(lang, str):
            try:
                return get_translator(lang)
            except UnknownLanguageError:
                pass
    return get_translator(defaults.lang)


def info() -> dict[str, object]:
    """What the engine offers: protocol version, presets, idea ids, limits."""
    return {
        "ok": True,
        "engine": "tutor66",
        "protocol": PROTOCOL,
        "presets": list(PRESETS),
        "table_presets": list(TABLE_PRESETS),
        "languages": list(LANGUAGES),
        "ideas": list(IDEAS),
        "request_fields": list(REQUEST_FIELDS),
        "limits": {
            "line_bytes": MAX_LINE_BYTES,
            "depth": MAX_DEPTH,
            "number_chars": MAX_NUMBER_CHARS,
            "id_chars": MAX_ID_CHARS,
            "id_number": MAX_ID_NUMBER,
            "samples": MAX_SAMPLES,
        },
    }


def refusal(exc: RequestError, tr: Translator, rid: str | int | None = None) -> dict[str, object]:
    """The answer to a request refused with ``exc``."""
    return {
        "id": rid,
        "ok": False,
        "error": {
            "message": exc.render(tr),
            "template": exc.template,
            "params": {k: v for k, v in exc.params.items() if isinstance(v, str | int)},
        },
    }


def answer(request: object, defaults: Defaults = Defaults()) -> dict[str, object]:
    """One answer to one request (already read from JSON). Never raises."""
    tr = get_translator(defaults.lang)
    rid: str | int | None = None
    try:
        tr = _translator(request, defaults)
        if not isinstance(request, Mapping):
            raise RequestError(E_REQUEST_OBJECT, example='{"command": "info"}')
        bad = _first_bad(request, "")
        if bad is not None:
            field, number = bad
            raise RequestError(
                number.template, field=field, limit=MAX_NUMBER_CHARS, value=_clip(number.text)
            )
        rid = _request_id(request)
        return _answer(request, rid, tr, defaults)
    except PositionError as exc:
        return {"id": rid, "ok": False, "error": {**exc.to_dict(), "message": exc.render(tr)}}
    except RequestError as exc:
        return refusal(exc, tr, rid)
    except Exception as exc:  # an engine answers every line, whatever goes wrong
        return {
            "id": rid,
            "ok": False,
            "error": {
                "message": tr._(E_INTERNAL, problem=f"{type(exc).__name__}: {_clip(str(exc))}"),
                "template": E_INTERNAL,
            },
        }


def _answer(
    request: Mapping[str, Any], rid: str | int | None, tr: Translator, defaults: Defaults
) -> dict[str, object]:
    if "lang" in request:  # a language the engine does not speak is refused, whatever the command
        lang = request["lang"]
        try:
            get_translator(lang if isinstance(lang, str) else "")
        except UnknownLanguageError:
            raise RequestError(E_REQUEST_LANG, valid=", ".join(LANGUAGES)) from None
    if "command" in request:
        if request["command"] == "info":
            return {"id": rid, **info()} if rid is not None else info()
        raise RequestError(E_COMMAND, name=_clip(str(request["command"])))
    if "position" in request:
        for key in request:
            if key not in REQUEST_FIELDS:
                raise RequestError(
                    E_UNKNOWN_FIELD, field=_clip(str(key)), valid=", ".join(REQUEST_FIELDS)
                )
        raw = request["position"]
        options: Mapping[str, Any] = request
    else:
        raw = {k: v for k, v in request.items() if k != "id"}
        options = {}
    if isinstance(raw, str):
        position = read_position(raw, "<position>")
    else:
        position = position_from_data(raw, "<position>")
    moves_raw = options.get("moves", [])
    if isinstance(moves_raw, str):
        moves = split_moves(moves_raw)
    elif isinstance(moves_raw, list) and all(isinstance(m, str) for m in moves_raw):
        moves = list(moves_raw)
    else:
        raise RequestError(E_REQUEST_MOVES)
    hidden = options.get("hidden", False)
    if not isinstance(hidden, bool):
        raise RequestError(E_NOT_BOOL, field="hidden", text=shown(hidden))
    samples = _number(options, "samples", defaults.samples, 1, MAX_SAMPLES)
    seed = _number(options, "seed", defaults.seed, 0, MAX_SEED)
    level = _number(options, "level", 0, 0, 4)
    subject = play_on(position, moves, hidden)
    analysis = analyse(subject, samples=samples, seed=seed)
    out: dict[str, object] = {"id": rid, "ok": True, **analysis_to_dict(analysis)}
    if isinstance(subject, TableState):
        out.update(seat_fields(subject))
    notes = cut_notes(analysis, tr)
    if notes:
        out["note"] = " ".join(notes)
    if level:
        out["hint"] = hint_to_data(hint(subject, level, tr, analysis=analysis))
    return out


def seat_fields(state: TableState) -> dict[str, object]:
    """What an answer at a table of three or four adds: the seats, the side of the seat to
    move and its partner, the trick so far (seat and card, the leader's first) and the seat
    winning it, the score of every side.

    >>> import random
    >>> from tutor.engine import deal_table, preset
    >>> seat_fields(deal_table(preset("four"), random.Random(3)))["side"]
    'B+D'
    """
    game = game_for(state.rules)
    names = game.seat_names
    seat = state.to_move
    assert seat is not None
    n = state.seats
    trick = [
        {"seat": names[(state.leader + k) % n], "card": str(card)}
        for k, card in enumerate(state.trick_cards)
    ]
    winning = None
    if state.trick:
        k = trick_winner_of(state.trick, int(state.trump), state.rules.equal_cards)
        winning = names[(state.leader + k) % n]
    return {
        "seats": n,
        "seat_names": names,
        "side": game.side_name(state.side(seat)),
        "partner": names[(seat + 2) % n] if state.rules.partners else None,
        "trick": trick,
        "winning": winning,
        "scores": {game.side_name(x): state.score(x) for x in range(game.sides)},
    }


def answer_line(raw: bytes | str | None, defaults: Defaults = Defaults()) -> dict[str, object]:
    """The answer to one line: bytes as read (``None`` for a line over ``MAX_LINE_BYTES``), or
    text. Never raises."""
    tr = get_translator(defaults.lang)
    try:
        if raw is None:
            raise RequestError(E_LINE_LONG, limit=MAX_LINE_BYTES)
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RequestError(E_LINE_UTF8, offset=exc.start + 1) from None
        else:
            text = raw
            if len(text) > MAX_LINE_BYTES:
                raise RequestError(E_LINE_LONG, limit=MAX_LINE_BYTES)
        request = parse_request(text)
    except RequestError as exc:
        return refusal(exc, tr)
    return answer(request, defaults)


#: Characters that some readers take for a line end (Python's ``str.splitlines``, JavaScript
#: before ES2019) although JSON lets them stand raw in a string: written as escapes, so that one
#: answer is one line for every reader.
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dump(reply: Mapping[str, object]) -> str:
    """One answer as one line of JSON (never ``NaN``; text that cannot be written as UTF-8,
    such as a lone surrogate echoed from a request, is escaped, and so are the characters
    some readers take for a line end).

    >>> dump({"id": "\\ud800", "ok": False})
    '{"id": "\\\\ud800", "ok": false}'
    >>> dump({"id": "a\\u2028b"}).splitlines()
    ['{"id": "a\\\\u2028b"}']
    """
    try:
        text = json.dumps(reply, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(reply, ensure_ascii=True, allow_nan=False)
    except ValueError:  # pragma: no cover - the analysis holds finite numbers only
        text = json.dumps({"id": None, "ok": False, "error": {"template": E_INTERNAL}})
    return text.translate(_LINE_BREAKS)


def serve(lines: Iterable[bytes | str | None], out: TextIO, defaults: Defaults = Defaults()) -> int:
    """Answer each non-blank line with one JSON line, flushed at once; returns the number of
    answers. A line is bytes as read, text, or ``None`` for a line that was too long."""
    n = 0
    for raw in lines:
        if raw is not None and not raw.strip():
            continue
        out.write(dump(answer_line(raw, defaults)) + "\n")
        out.flush()
        n += 1
    return n


def run(args: argparse.Namespace, tr: Translator) -> int:
    check_number(args.samples, "--samples", 1, MAX_SAMPLES)
    check_number(args.seed, "--seed", 0, MAX_SEED)
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=True)
    try:
        serve(read_lines(sys.stdin.buffer), out, Defaults(args.samples, args.seed, args.lang))
    finally:
        out.detach()
    return 0


__all__ = [
    "MAX_DEPTH",
    "MAX_ID_CHARS",
    "MAX_ID_NUMBER",
    "MAX_LINE_BYTES",
    "MAX_NUMBER_CHARS",
    "PROTOCOL",
    "Defaults",
    "RequestError",
    "UsageError",
    "answer",
    "answer_line",
    "dump",
    "info",
    "parse_request",
    "play_on",
    "read_lines",
    "run",
    "seat_fields",
    "serve",
    "too_deep",
]

"""``tutor engine``: the hint engine for another program.

It answers requests, one JSON object a line on standard input, with one JSON line each on
standard output, the way chess programs talk to an engine. A request is a position in the
schema of ``docs/positions.md``, or an object with the position under ``"position"`` and options
(``id``, ``moves``, ``hidden``, ``samples``, ``seed``, ``level``, ``lang``). An answer carries
``"ok": true`` and the analysis, or ``"ok": false`` and an error message; the engine never
stops on a bad request and never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from tutor.cli.command import add_lang_option
from tutor.cli.request import RequestError, hint_to_data, play_on, split_moves
from tutor.engine import PRESETS
from tutor.formats.positions import PositionError, position_from_data, read_position
from tutor.msgid import N_
from tutor.teach.hints import DEFAULT_SAMPLES, IDEAS, analyse, analysis_to_dict
from tutor.words.hint_text import hint
from tutor.words.i18n import LANGUAGES, Translator, UnknownLanguageError, get_translator

PROTOCOL = 1
REQUEST_FIELDS = ("id", "position", "moves", "hidden", "samples", "seed", "level", "lang")

E_JSON = N_("not a JSON object: {problem}")
E_REQUEST_FIELD = N_("unknown request field '{name}'; the fields are: {valid}")
E_REQUEST_NUMBER = N_("the request field '{name}' should be a whole number from {low} to {high}")
E_REQUEST_LANG = N_("the request field 'lang' should be one of: {valid}")
E_REQUEST_MOVES = N_('the request field \'moves\' should be a list of moves, e.g. ["10h", "Kd"]')
E_REQUEST_HIDDEN = N_("the request field 'hidden' should be true or false")
E_INTERNAL = N_("the engine could not answer: {problem}")
E_COMMAND = N_("unknown command '{name}'; the commands are: info")


def add_arguments(e: argparse.ArgumentParser) -> None:
    e.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="default deals to sample")
    e.add_argument("--seed", type=int, default=0, help="default seed")
    add_lang_option(e)


@dataclass(frozen=True)
class Defaults:
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    lang: str = "en"


def _number(request: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = request.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(E_REQUEST_NUMBER, name=name, low=low, high=high)
    return value


def info() -> dict[str, object]:
    """What the engine offers: protocol version, presets, idea ids."""
    return {
        "ok": True,
        "engine": "tutor66",
        "protocol": PROTOCOL,
        "presets": list(PRESETS),
        "languages": list(LANGUAGES),
        "ideas": list(IDEAS),
        "request_fields": list(REQUEST_FIELDS),
    }


def answer(request: object, defaults: Defaults = Defaults()) -> dict[str, object]:
    """One answer to one request (already read from JSON). Never raises."""
    rid = request.get("id") if isinstance(request, Mapping) else None
    tr = get_translator(defaults.lang)
    try:
        if not isinstance(request, Mapping):
            raise RequestError(E_JSON, problem=type(request).__name__)
        if "command" in request:
            if request["command"] == "info":
                return {"id": rid, **info()} if rid is not None else info()
            raise RequestError(E_COMMAND, name=str(request["command"]))
        lang = request.get("lang", defaults.lang) if "position" in request else defaults.lang
        try:
            tr = get_translator(str(lang))
        except UnknownLanguageError:
            raise RequestError(E_REQUEST_LANG, valid=", ".join(LANGUAGES)) from None
        if "position" in request:
            for key in request:
                if key not in REQUEST_FIELDS:
                    raise RequestError(
                        E_REQUEST_FIELD, name=str(key), valid=", ".join(REQUEST_FIELDS)
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
            raise RequestError(E_REQUEST_HIDDEN)
        samples = _number(options, "samples", defaults.samples, 1, 10_000)
        seed = _number(options, "seed", defaults.seed, 0, 2**63)
        level = _number(options, "level", 0, 0, 4)
        subject = play_on(position, moves, hidden)
        analysis = analyse(subject, samples=samples, seed=seed)
        out: dict[str, object] = {"id": rid, "ok": True, **analysis_to_dict(analysis)}
        if level:
            out["hint"] = hint_to_data(hint(subject, level, tr, analysis=analysis))
        return out
    except PositionError as exc:
        return {"id": rid, "ok": False, "error": {**exc.to_dict(), "message": exc.render(tr)}}
    except RequestError as exc:
        return {
            "id": rid,
            "ok": False,
            "error": {"message": exc.render(tr), "template": exc.template},
        }
    except Exception as exc:  # an engine answers every line, whatever goes wrong
        return {
            "id": rid,
            "ok": False,
            "error": {
                "message": tr._(E_INTERNAL, problem=f"{type(exc).__name__}: {exc}"),
                "template": E_INTERNAL,
            },
        }


def serve(lines: Iterable[str], out: TextIO, defaults: Defaults = Defaults()) -> int:
    """Answer each non-empty line with one JSON line; returns the number of answers."""
    n = 0
    tr = get_translator(defaults.lang)
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            reply: dict[str, object] = {
                "id": None,
                "ok": False,
                "error": {"message": tr._(E_JSON, problem=exc.msg), "template": E_JSON},
            }
        else:
            reply = answer(request, defaults)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
        n += 1
    return n


def run(args: argparse.Namespace, tr: Translator) -> int:
    try:
        get_translator(args.lang)
    except UnknownLanguageError:
        args.lang = "en"
    serve(sys.stdin, sys.stdout, Defaults(args.samples, args.seed, args.lang))
    return 0


__all__ = [
    "PROTOCOL",
    "Defaults",
    "RequestError",
    "answer",
    "info",
    "play_on",
    "run",
    "serve",
]

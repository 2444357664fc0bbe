"""``tutor engine`` under hostile input: every non-blank line gets exactly one line of valid
JSON, in order, the engine goes on, and its memory stays flat.

The failures this guards against: a line of a thousand ``[`` killed the process with
RecursionError; an integer of 4,300 digits and more crashed it; invalid UTF-8 was not refused
with a message of its own; ``{"id": NaN}`` was echoed as bare ``NaN``, which is not JSON. Work
is bounded by counts here; timeouts only guard against a hang."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tutor.cli import engine as E
from tutor.cli.engine import Defaults, answer, answer_line, dump, read_lines, serve, too_deep
from tutor.cli.main import main
from tutor.formats import messages as M
from tutor.formats.messages import E_NOT_FILE
from tutor.formats.positions import load_position, position_to_dict
from tutor.teach.hints import MAX_SAMPLES
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
EN, DE, PL = get_translator("en"), get_translator("de"), get_translator("pl")
COUNT = position_to_dict(load_position(ROOT / "positions" / "count-to-66.json").subject)


def strict(line: str) -> dict[str, object]:
    """One answer read as strict JSON: NaN and Infinity are not JSON."""

    def no_constant(text: str) -> object:
        raise AssertionError(f"{text} in an answer")

    data = json.loads(line, parse_constant=no_constant)
    assert isinstance(data, dict)
    return data


def good(rid: object, **options: object) -> bytes:
    return json.dumps({"id": rid, "position": COUNT, **options}).encode()


def refused(raw: bytes | str | None, **defaults: str) -> dict[str, object]:
    reply = strict(dump(answer_line(raw, Defaults(**defaults))))  # type: ignore[arg-type]
    assert reply["ok"] is False
    error = reply["error"]
    assert isinstance(error, dict) and error["message"]
    return error


# ----------------------------------------------------------------------------- each failure


def test_a_thousand_brackets_are_refused_not_a_crash() -> None:
    error = refused(b"[" * 1000)
    assert error["template"] == M.E_TOO_DEEP
    assert error["message"] == "the values are nested more than 32 levels deep"
    assert refused(b'{"id": 1, "position": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    # Brackets inside text do not count; exactly MAX_DEPTH levels are read.
    assert not too_deep('["' + "[" * 500 + '"]')
    deep = "[" * E.MAX_DEPTH + "]" * E.MAX_DEPTH
    assert refused(deep.encode())["template"] == E.E_REQUEST_OBJECT


@pytest.mark.parametrize("digits", [4300, 4301, 100_000])
def test_long_integers_are_refused_naming_the_field(digits: int) -> None:
    error = refused(b'{"id": ' + b"1" * digits + b"}")
    assert error["template"] == E.E_NUMBER_LONG
    assert error["message"] == "the number in 'id' is too long: at most 32 characters"
    line = json.dumps({"position": {**COUNT, "scores": {"A": {"points": 1}}}})
    line = line.replace('"points": 1', '"points": ' + "9" * digits)
    error = refused(line.encode())
    assert error["params"] == {
        "field": "position.scores.A.points",
        "limit": 32,
        "value": "9" * 39 + "…",
    }


def test_invalid_utf8_is_refused_and_the_next_line_answered() -> None:
    out = io.StringIO()
    lines = [b'{"id": "\xff\xfe"}', b"\xc3", good("after")]
    assert serve(lines, out) == 3
    first, second, third = (strict(x) for x in out.getvalue().splitlines())
    assert first["error"]["template"] == E.E_LINE_UTF8  # type: ignore[index]
    assert first["error"]["message"] == "the line is not UTF-8 text: the bad byte is number 9"  # type: ignore[index]
    assert second["ok"] is False and third["ok"] is True and third["id"] == "after"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_nan_and_infinity_are_refused_and_never_written(constant: str) -> None:
    error = refused(f'{{"id": {constant}}}'.encode())
    assert error["template"] == E.E_NUMBER_FINITE
    assert error["message"] == f"'id' must be a finite number, not {constant}"
    error = refused(f'{{"position": {{"preset": "classic"}}, "seed": {constant}}}'.encode())
    assert error["params"]["field"] == "seed"  # type: ignore[index]


def test_one_answer_is_one_line_for_every_reader() -> None:
    """JSON lets U+2028, U+2029 and U+0085 stand raw in a string, but Python's splitlines
    (and older JavaScript) break a line there: the engine writes them as escapes."""
    ids = ["a\u2028b", "c\u2029d", "e\x85f"]
    out = io.StringIO()
    lines = [json.dumps({"id": i, "command": "info"}, ensure_ascii=False) for i in ids]
    assert serve(lines, out) == 3
    answers = out.getvalue().splitlines()
    assert [json.loads(a)["id"] for a in answers] == ids


def test_an_overlong_line_is_skipped_without_being_kept() -> None:
    stream = io.BytesIO(b"x" * 5000 + b"\n" + good(2) + b"\n" + b"y" * 12)
    lines = list(read_lines(stream, limit=1000))
    assert lines == [None, good(2), b"y" * 12]
    error = refused(None)
    assert error["message"] == f"the line is longer than {E.MAX_LINE_BYTES} bytes"


@pytest.mark.parametrize(
    "rid",
    [1.5, True, [1], {"a": 1}, "x" * (E.MAX_ID_CHARS + 1), E.MAX_ID_NUMBER + 1, -(2**60)],
)
def test_an_id_that_is_not_short_text_or_a_sane_number_is_refused(rid: object) -> None:
    reply = answer({"id": rid, "position": COUNT})
    assert reply["ok"] is False and reply["id"] is None
    assert reply["error"]["template"] == E.E_REQUEST_ID  # type: ignore[index]
    assert "'id'" in reply["error"]["message"]  # type: ignore[index]


@pytest.mark.parametrize("rid", ["a", "x" * E.MAX_ID_CHARS, 0, -7, E.MAX_ID_NUMBER, None])
def test_a_good_id_is_echoed(rid: object) -> None:
    reply = answer({"id": rid, "position": COUNT})
    assert reply["ok"] is True and reply["id"] == rid


def _no_surrogate(value: object) -> None:
    """No text in an answer holds a lone surrogate (strict JSON readers refuse one)."""
    if isinstance(value, str):
        assert not any("\ud800" <= ch <= "\udfff" for ch in value), value
    elif isinstance(value, dict):
        for key, item in value.items():
            _no_surrogate(key)
            _no_surrogate(item)
    elif isinstance(value, list):
        for item in value:
            _no_surrogate(item)


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('{"id": "\\ud800", "command": "info"}', "id"),
        ('{"id": "\\ud800", "position": {"preset": "x\\udfff"}}', "id"),
        ('{"id": 7, "position": {"preset": "x\\udfff"}}', "position.preset"),
        ('{"id": 7, "position": {"x\\udc00": 1}}', "position.x\\udc00"),
        ('{"id": 7, "command": "\\udbff"}', "command"),
    ],
)
def test_a_lone_surrogate_is_refused_and_never_echoed(line: str, field: str) -> None:
    answer_text = dump(answer_line(line))
    answer_text.encode("utf-8")
    reply = strict(answer_text)
    _no_surrogate(reply)
    assert reply["id"] is None and reply["ok"] is False
    error = reply["error"]
    assert isinstance(error, dict) and error["template"] == E.E_NOT_UNICODE
    assert error["params"]["field"] == field  # type: ignore[index]
    assert "\\u" in str(error["message"])  # the bad text shown as its escape
    de = refused(line, lang="de")["message"]
    assert de != error["message"] and field in str(de)


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('{"id": 1, "id": 2, "command": "info"}', "id"),
        ('{"id": 1, "position": {"preset": "classic", "preset": "pagat"}}', "preset"),
        ('{"command": "info", "command": "info"}', "command"),
    ],
)
def test_a_key_given_twice_is_refused(line: str, key: str) -> None:
    error = refused(line)
    assert error["template"] == M.E_DUPLICATE_KEY and error["params"] == {"field": key}
    assert error["message"] == f"the field '{key}' is given twice"
    assert refused(line, lang="pl")["message"] != error["message"]
    # the same line with the key once is not refused for it
    once = strict(dump(answer_line(json.dumps(json.loads(line)))))
    assert once.get("ok") is True or once["error"]["template"] != M.E_DUPLICATE_KEY  # type: ignore[index]


@pytest.mark.parametrize("lang", ["<b>x</b>", "xx", "", 3, None])
def test_info_in_a_language_the_engine_does_not_speak_is_refused(lang: object) -> None:
    line = json.dumps({"id": 4, "command": "info", "lang": lang})
    error = refused(line)
    assert error["template"] == E.E_REQUEST_LANG
    for known in ("de", "pl", "en"):
        reply = strict(dump(answer_line(json.dumps({"id": 4, "command": "info", "lang": known}))))
        assert reply["ok"] is True and reply["id"] == 4


def test_too_many_samples_are_refused_naming_the_field() -> None:
    """``samples: 10000`` took 65 s."""
    reply = answer({"position": COUNT, "samples": 10_000, "lang": "pl"})
    assert reply["ok"] is False
    assert reply["error"]["message"] == (  # type: ignore[index]
        f"pole żądania 'samples' powinno być liczbą całkowitą od 1 do {MAX_SAMPLES}"
    )


@pytest.mark.parametrize(
    "raw",
    [b"[" * 1000, b'{"id": ' + b"1" * 4301 + b"}", b"\xff", b'{"id": NaN}', None, b"{oops", b"[1]"],
)
def test_every_refusal_is_translated(raw: bytes | None) -> None:
    english = refused(raw)["message"]
    assert refused(raw, lang="de")["message"] != english
    assert refused(raw, lang="pl")["message"] != english


def test_a_refusal_uses_the_request_language() -> None:
    line = json.dumps({"id": 1.5, "position": COUNT, "lang": "de"}).encode()
    assert str(refused(line)["message"]).startswith("das Anfragefeld 'id'")
    line = json.dumps({"id": "a", "position": COUNT, "samples": "all", "lang": "pl"}).encode()
    assert str(refused(line, lang="de")["message"]).startswith("pole żądania 'samples'")


def test_info_names_the_limits() -> None:
    reply = strict(dump(answer_line(b'{"command": "info"}')))
    assert reply["limits"] == {
        "line_bytes": E.MAX_LINE_BYTES,
        "depth": E.MAX_DEPTH,
        "number_chars": E.MAX_NUMBER_CHARS,
        "id_chars": E.MAX_ID_CHARS,
        "id_number": E.MAX_ID_NUMBER,
        "samples": MAX_SAMPLES,
    }


def test_the_engine_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["engine", "--samples", "0"]) == 2
    assert capsys.readouterr().err.startswith("--samples must be a whole number from 1 to 1000")
    assert main(["engine", "--seed", "-3", "--lang", "de"]) == 2
    assert capsys.readouterr().err.startswith("--seed muss eine ganze Zahl")


# ----------------------------------------------------------------------------- a hostile stream


def hostile_lines(rounds: int) -> list[bytes]:
    """Every bad kind of line mixed with good requests (whose ids count up)."""
    bad = [
        b"[" * 1000,
        b"{" * 5000,
        b'{"id": ' + b"1" * 4300 + b"}",
        b'{"id": ' + b"1" * 4301 + b"}",
        b'{"id": 1.' + b"5" * 5000 + b"}",
        b'{"id": NaN}',
        b'{"id": Infinity, "position": {}}',
        b'{"seed": -Infinity}',
        b'{"id": 1e999}',
        b"\xff\xfe\xfd",
        b'{"id": "\xc3\x28"}',
        b'{"id": "\\ud800"}',
        b'"\\\\\\\\\\',
        b'"' + b"\\" * 3001,
        b"not json",
        b"[1, 2, 3]",
        b"null",
        b'{"id": 1',
        b'{"command": "play"}',
        b'{"id": [1], "position": {}}',
        b'{"id": true}',
        b'{"id": "' + b"x" * 300 + b'"}',
        b'{"id": 99999999999999999999}',
        json.dumps({"position": COUNT, "samples": 10_000}).encode(),
        json.dumps({"position": COUNT, "level": 7, "lang": "de"}).encode(),
        json.dumps({"position": COUNT, "moves": ["Qx"]}).encode(),
        json.dumps({"position": "preset: classic\nhands: {A: Ks}"}).encode(),
        json.dumps({"position": {**COUNT, "preset": "classic(deal.hand_size=0)"}}).encode(),
        json.dumps({"position": {**COUNT, "preset": "classic(target=9999)"}}).encode(),
        json.dumps({"position": COUNT, "color": 1}).encode(),
        b"x" * (E.MAX_LINE_BYTES + 10),
        b"[" * (E.MAX_LINE_BYTES // 2),
        b"   ",
        b"",
    ]
    out: list[bytes] = []
    n = 0
    for _ in range(rounds):
        for line in bad:
            out.append(line)
            out.append(good(n, level=4 if n % 7 == 0 else 0, lang=("de", "pl", "en")[n % 3]))
            n += 1
    return out


def expected(lines: list[bytes]) -> list[object]:
    """For each line that gets an answer: the id of a good request (every second line), else
    False (refused)."""
    return [
        json.loads(line)["id"] if i % 2 else False for i, line in enumerate(lines) if line.strip()
    ]


def run_engine(lines: list[bytes]) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "engine", "--lang", "pl"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        cwd=ROOT,
        timeout=900,
    )
    assert done.returncode == 0 and done.stderr == b""
    return [strict(line) for line in done.stdout.decode("utf-8").splitlines()]


def test_a_short_hostile_stream_is_answered_line_by_line() -> None:
    lines = hostile_lines(rounds=1)
    answers = run_engine(lines)
    assert [a["id"] if a["ok"] else False for a in answers] == expected(lines)
    assert all(a["ok"] or "error" in a for a in answers)


@pytest.mark.slow
def test_a_hostile_stream_through_the_command_is_answered_line_by_line() -> None:
    lines = hostile_lines(rounds=45)  # 3,060 lines, 2,970 of them answered
    answers = run_engine(lines)
    want = expected(lines)
    assert len(want) == 2970
    got = [a["id"] if a["ok"] else False for a in answers]
    assert got == want


def test_the_engine_memory_stays_flat() -> None:
    """Three rounds of the hostile stream in one process (136 lines, 4 MB of input each):
    after the first (caches warm), the memory Python holds grows by less than 1 MB a round
    (measured: some kB, levelling off at 60 kB over 40 rounds)."""
    code = textwrap.dedent(
        """
        import gc, io, json, sys, tracemalloc
        sys.path.insert(0, "tests/cli")
        from test_engine_protocol import hostile_lines
        from tutor.cli.engine import read_lines, serve
        stream = b"\\n".join(hostile_lines(rounds=2)) + b"\\n"
        tracemalloc.start()
        sizes = []
        for _ in range(3):
            out = io.StringIO()
            serve(read_lines(io.BytesIO(stream)), out)
            del out
            gc.collect()
            sizes.append(tracemalloc.get_traced_memory()[0])
        print(json.dumps(sizes))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=900
    )
    assert done.returncode == 0, done.stderr
    first, second, third = json.loads(done.stdout)
    assert second - first < 1_000_000 and third - second < 1_000_000


# ----------------------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    "args",
    [
        ["selfplay", "--games", "-5"],
        ["selfplay", "--games", "0"],
        ["selfplay", "--games", "9" * 40],
        ["selfplay", "--seed", "-1"],
        ["selfplay", "--jobs", "0"],
        ["selfplay", "--jobs", "100000"],
        ["selfplay", "--players", "random,wizard"],
        ["selfplay", "--players", "random"],
        ["selfplay", "--rules", "austria"],
        ["selfplay", "--rules", "classic(target=9999)"],
        ["rules", "--preset", "classic(deal.hand_size=0)"],
        ["bench", "--positions", "-1"],
        ["bench", "--samples", "100000"],
        ["bench", "--rules", "pack32(deal.hand_size=15)"],
        ["hint", "positions/count-to-66.json", "--level", "-2"],
        ["hint", "positions/count-to-66.json", "--samples", "10000"],
        ["hint", "positions/count-to-66.json", "--seed", str(2**70)],
        ["engine", "--samples", "1001"],
    ],
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bad_argument_is_one_translated_line_and_exit_2(
    args: list[str], lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    assert main([*args, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "Internal error" not in err
    option = next(a for a in args[1:] if a.startswith("--"))
    assert err.startswith(option)
    if lang == "de":
        english = main([*args]) and capsys.readouterr().err
        assert err != english


def test_hint_of_dev_zero_ends_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    """``tutor hint /dev/zero`` never ended: a device is refused without being read."""
    assert main(["hint", "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert err == "/dev/zero:1:1: " + E_NOT_FILE + "\n"


def test_hint_reads_at_most_a_mebibyte_of_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Endless(io.RawIOBase):
        """Standard input that never ends; counts what was read."""

        read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
            buffer[:] = b"a" * len(buffer)
            Endless.read_bytes += len(buffer)
            return len(buffer)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    assert main(["hint", "-", "--lang", "pl"]) == 2
    assert (
        capsys.readouterr().err == "<stdin>:1: za duży rozmiar: dozwolone jest najwyżej 65536 B\n"
    )
    assert Endless.read_bytes <= 2 * (1 << 20)

"""The limits of the one safe loader, for every file a reader takes (lessons, puzzles,
positions; YAML and JSON): size, nesting, values, numbers, texts, tags and what is not a
regular file. Each is refused with a translated message at the file, line and column of the
value it is about: never a traceback, a hang or a fault hidden behind a generic line."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.formats import messages as M
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.position_messages import MAX_BYTES, MAX_NODES
from tutor.formats.positions import PositionError, load_position, read_position
from tutor.teach.catalog import Catalog
from tutor.teach.lessons import check_lesson
from tutor.teach.lessons.reader import MAX_NODES as LESSON_NODES
from tutor.teach.puzzles import read_puzzles
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
POSITION = (ROOT / "positions" / "ex1-start.yaml").read_text("utf-8")
LESSON = (ROOT / "lessons" / "example-1.yaml").read_text("utf-8")


def rendered(err: SourceError, where: str) -> None:
    """The message in English and German starts with its place, and says nothing of a
    traceback or of the folder the test runs in."""
    for lang in ("en", "de"):
        text = err.render(get_translator(lang))
        assert text.startswith(where), (lang, text)
        assert "Traceback" not in text and str(ROOT) not in text and "/tmp" not in text
    assert err.render(get_translator("de")) != str(err)  # translated, not the English text


def lesson_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> SourceError:
    monkeypatch.chdir(tmp_path)
    Path("lesson.yaml").write_text(text, "utf-8", errors="surrogatepass")
    lesson, errors = check_lesson(Path("lesson.yaml"))
    assert lesson is None and len(errors) == 1, [str(e) for e in errors]
    return errors[0]


def position_error(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        read_position(text, "pos.yaml")
    return info.value


# ----------------------------------------------------------------------------- nesting


@pytest.mark.parametrize("deep", [" " + "[" * 10_000, " " + "{a: " * 10_000, "\n" + "- " * 10_000])
def test_deep_yaml_is_refused_at_its_line_not_by_recursion(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, deep: str
) -> None:
    text = LESSON.replace("show: both", "show:" + deep + "x")
    err = lesson_error(tmp_path, monkeypatch, text)
    show = next(i for i, s in enumerate(LESSON.splitlines(), 1) if s.startswith("show:"))
    line = show + deep.startswith("\n")
    assert err.template == M.E_TOO_DEEP and err.line == line and err.params["limit"] == 32
    rendered(err, f"lesson.yaml:{line}:")


def test_deep_json_and_yaml_positions_are_refused() -> None:
    for text in ('{"preset": ' + "[" * 10_000, "title: x\npreset: " + "[" * 10_000):
        err = position_error(text)
        assert err.template == M.E_TOO_DEEP and err.line in (1, 2)
        rendered(err, f"pos.yaml:{err.line}: ")


def test_an_alias_cannot_put_a_value_deeper_than_the_limit() -> None:
    # each anchor is shallow where it is written, but the aliases nest it 3 x 20 deep
    text = "a: &a " + "[" * 20 + "]" * 20 + "\n"
    text += "b: &b " + "[" * 20 + "*a" + "]" * 20 + "\n"
    text += "c: " + "[" * 20 + "*b" + "]" * 20 + "\n"
    with pytest.raises(SourceError) as info:
        yamlsafe.load(text, "p.yaml")
    assert info.value.template == M.E_TOO_DEEP


def test_aliases_that_repeat_values_are_counted_each_time() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    err = position_error("\n".join(lines) + "\n")
    assert err.template == M.E_TOO_COMPLEX


def test_too_many_values_in_a_lesson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = LESSON.replace("level: 3", "level: 3\nshow: [" + "1, " * LESSON_NODES + "1]")
    err = lesson_error(tmp_path, monkeypatch, text)
    assert err.template == M.E_TOO_COMPLEX and err.params == {"limit": LESSON_NODES}


def test_too_many_values_in_a_position() -> None:
    err = position_error(POSITION + "played: [" + "Ah, " * MAX_NODES + "Ah]\n")
    assert err.template == M.E_TOO_COMPLEX


# ----------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("9" * 5000, M.E_NUMBER_LONG),
        ("-" + "1" * 33, M.E_NUMBER_LONG),
        ("0x" + "f" * 100, M.E_NUMBER_LONG),
        ("1" + "_0" * 40, M.E_NUMBER_LONG),
        (".nan", M.E_NOT_FINITE),
        ("-.inf", M.E_NOT_FINITE),
        ("1.0e+999", M.E_NOT_FINITE),
    ],
)
def test_numbers_too_long_or_not_finite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, template: str
) -> None:
    text = LESSON.replace("level: 3", f"level: {value}")
    err = lesson_error(tmp_path, monkeypatch, text)
    line = text.splitlines().index(f"level: {value}") + 1
    assert (err.template, err.line, err.column) == (template, line, 8)
    rendered(err, f"lesson.yaml:{line}:8: ")
    assert len(err.render(get_translator("de"))) < 300


@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("9" * 5000, M.E_NUMBER_LONG),
        ("NaN", M.E_NOT_FINITE),
        ("-Infinity", M.E_NOT_FINITE),
        ("1e999", M.E_NOT_FINITE),
    ],
)
def test_json_numbers_too_long_or_not_finite(value: str, template: str) -> None:
    err = position_error('{"preset": "classic",\n "stock": ' + value + "}")
    assert (err.template, err.line) == (template, 2)
    rendered(err, "pos.yaml:2: ")


# ----------------------------------------------------------------------------- texts and tags


def test_a_text_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = LESSON.replace("level: 3", "level: 3\nshow: " + "x" * 10_001)
    err = lesson_error(tmp_path, monkeypatch, text)
    assert err.template == M.E_TEXT_LONG and err.params == {"limit": 10_000, "size": 10_001}


@pytest.mark.parametrize("escape", ["\\x00", "\\x07", "\\ud800", "\\x1b"])
def test_characters_no_file_may_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, escape: str
) -> None:
    text = LESSON.replace("level: 3", f'level: 3\nshow: "a{escape}b"')
    err = lesson_error(tmp_path, monkeypatch, text)
    assert err.template == M.E_BAD_CHAR and err.line == text.splitlines().index("level: 3") + 2
    pos = position_error('{"preset": "a\\u0000b"}')
    assert pos.template == M.E_BAD_CHAR and pos.field == "preset"


@pytest.mark.parametrize(
    "tagged",
    ["!!int abc", "!!bool maybe", "!!float x", "!!null x", "!!seq x", "!!str [a]", "!!set {a}"],
)
def test_a_plain_tag_that_does_not_fit_its_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tagged: str
) -> None:
    text = LESSON.replace("level: 3", f"level: {tagged}")
    err = lesson_error(tmp_path, monkeypatch, text)
    assert err.template == M.E_TAG and err.line == text.splitlines().index(f"level: {tagged}") + 1


def test_dates_merge_and_value_keys_are_plain_text() -> None:
    data, _ = yamlsafe.load("a: 2001-13-45\nb: 2001-01-01\n<<: x\n=: y\n")
    assert data == {"a": "2001-13-45", "b": "2001-01-01", "<<": "x", "=": "y"}


# ----------------------------------------------------------------------------- syntax errors


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("a: 1\nb: x\x00y\n", 2, 5),  # a character the reader refuses: not 1:1
        ("a: 1\n\nb: x\x07y\n", 3, 5),
        ('a: 1\nb: "\\U0011FFFF"\n', 2, 7),  # an escape beyond Unicode: not a ValueError
        ("a: 1\nb:\n\tc: 2\n", 3, 1),  # a tab
        ("a: [1, 2\nb: 3\n", 2, 2),  # inside a flow collection
        ("a: 1\na: 2\n", 2, 1),  # a key twice: at the second
    ],
)
def test_yaml_errors_point_at_the_fault(text: str, line: int, column: int) -> None:
    with pytest.raises(SourceError) as info:
        yamlsafe.load(text, "f.yaml", yamlsafe.Policy())
    assert (info.value.line, info.value.column) == (line, column), str(info.value)


def test_a_byte_order_mark_is_read_as_nothing(tmp_path: Path) -> None:
    path = tmp_path / "lesson.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + LESSON.encode("utf-8"))
    lesson, errors = check_lesson(path)
    assert errors == () and lesson is not None
    assert read_position("\ufeff" + POSITION).perfect
    view = '{"preset": "classic", "to_move": "A", "trump": "Ah", "hand": "10h Kh 9h 10c Kc Qc"}'
    assert read_position("\ufeff" + view).view is not None


def test_a_key_twice_in_json_has_its_line() -> None:
    err = position_error('{"preset": "classic",\n "preset": "kurnik"}')
    assert err.line == 2 and err.field == "preset"


# ----------------------------------------------------------------------------- files


def test_a_device_a_pipe_or_a_folder_is_never_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    targets = [Path("/dev/zero"), fifo, tmp_path]
    results: dict[Path, str] = {}

    def read_all() -> None:
        for target in targets:
            with pytest.raises(PositionError) as info:
                load_position(target)
            results[target] = info.value.template
            lesson, errors = check_lesson(target)
            assert lesson is None and errors[0].template == M.E_NOT_FILE
            _puzzles, perrors = read_puzzles(target)
            assert perrors[0].template == M.E_NOT_FILE

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(timeout=60)  # a hang guard only: each read returns at once
    assert not reader.is_alive(), "a reader blocked"
    assert results == dict.fromkeys(targets, M.E_NOT_FILE)


def test_tutor_hint_refuses_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "/dev/zero", "--lang", "de"]) != 0
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert text.startswith("/dev/zero:1") and "Traceback" not in text
    assert "Datei" in text


def test_a_position_larger_than_the_cap(tmp_path: Path) -> None:
    big = POSITION + "#" * MAX_BYTES + "\n"
    err = position_error(big)
    assert err.template == M.E_TOO_LARGE and err.params["limit"] == MAX_BYTES
    path = tmp_path / "big.yaml"
    path.write_text(big, "utf-8")
    with pytest.raises(PositionError) as info:
        load_position(path)
    assert info.value.template == M.E_TOO_LARGE and info.value.params["limit"] == MAX_BYTES
    assert load_position(POSITION).perfect


def test_a_missing_or_unreadable_file_is_said_in_the_language(tmp_path: Path) -> None:
    with pytest.raises(PositionError) as missing:
        load_position(tmp_path / "nope.yaml")
    assert missing.value.template == M.E_NOT_FOUND
    assert "existiert nicht" in missing.value.render(get_translator("de"))
    if os.geteuid() != 0:  # root reads everything
        locked = tmp_path / "locked.yaml"
        locked.write_text(POSITION, "utf-8")
        locked.chmod(0)
        with pytest.raises(PositionError) as denied:
            load_position(locked)
        assert denied.value.template == M.E_DENIED


# ----------------------------------------------------------------------------- the catalog


def test_a_fault_in_one_file_keeps_the_others_and_shows_no_path(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / name).write_text(name, "utf-8")

    def read(path: Path) -> tuple[list[str], list[SourceError]]:
        if path.name == "b.yaml":
            raise TypeError(f"a bug while reading {path}")
        if path.name == "c.yaml":
            return [], [
                SourceError("as in {other}", {"other": f"{tmp_path}/a.yaml:1"}, path=str(path))
            ]
        return [path.name], []

    cat = Catalog(tmp_path, read, ident=str, order=str, duplicate=lambda a, b: SourceError("x"))
    cat.refresh()
    assert cat.items == ("a.yaml",)
    fault, other = cat.errors
    assert (fault.template, fault.path, fault.line) == (M.E_FAULT, "b.yaml", 1)
    assert fault.params == {"problem": "TypeError"}
    assert str(other) == "c.yaml: as in a.yaml:1"
    rendered(fault, "b.yaml:1:1: ")
    assert all(str(tmp_path) not in e.render(get_translator("de")) for e in cat.errors)

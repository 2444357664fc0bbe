"""Text from outside reaches a page only as text: the address (every query parameter, known
or not, with hostile values), lesson and puzzle files, uploads. Run headless with AppTest.

Streamlit's text elements read Markdown with GitHub's extensions: a link, an image (fetched
by the visitor's browser), raw HTML, or a bare address or e-mail (made a link by Streamlit
itself). Each page's every element is walked: its Markdown is parsed (markdown-it, then the
patterns Streamlit uses for bare addresses) and its HTML too; neither may hold a link, an
image from outside, a script or an event handler, and no page may show a traceback. What the
address asks for and cannot give gets a translated notice.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from fuzz.oracles import html_problems as fuzz_html_problems
from fuzz.oracles import markdown_problems as fuzz_markdown_problems
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from tests.app.test_lesson_steps_app import do_task
from tutor.teach import puzzles as pz
from tutor.teach.lessons import load_lessons
from tutor.web.html import WORD_JOINER, md_plain, md_text
from tutor.web.links import MAX_PARAM_CHARS
from tutor.words.i18n import get_translator
from tutor_app.session import IGNORED_PARAM

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LESSONS = ROOT / "lessons"
PUZZLES = ROOT / "puzzles"
GOOD, _ = load_lessons(LESSONS)
FIRST = sorted(les.id for les in GOOD)[0]

EVIL = "evil.example"
HOSTILE = {
    "md-link": "[Log in again](https://evil.example/login)",
    "md-image": "![x](https://evil.example/x.png)",
    "md-ref": "[a][1]\n\n[1]: https://evil.example/ref",
    "html-img": '<img src="https://evil.example/y.png" onerror="alert(1)">',
    "script": "<script>alert(document.cookie)</script>",
    "js-url": "[click](javascript:alert(1))",
    "autolink": "<https://evil.example/auto>",
    "bare-url": "https://evil.example/bare",
    "www": "www.evil.example",
    "e-mail": "phish@evil.example",
    "markdown-blocks": "x\n\n# Heading\n\n---\n\n    code\n> quote\n| a | b |\n|---|---|",
    "streamlit-codes": ":material/lock: :red[alarm] :smile: $x^2$",
    "controls": "ab\x00\x07\x1b[31m\u202e\u2066cd\r\nef\t",
    "percent": "%E0%A4%A%ZZ%",
    "replaced": "\ufffd\ufffd%A",
    "long": "A" * 5000,
    "long-links": "[x](https://evil.example/)" * 250,
}
KNOWN = ("lesson", "step", "room", "lang", "style", "projector")
UNKNOWN = ("puzzle", "pack", "show", "zz-unknown")
PAGES = ("tutor_app/pages/learn.py", "tutor_app/pages/follow.py", "tutor_app/pages/puzzles.py")

# The patterns Streamlit's Markdown (remark-gfm, mdast-util-gfm-autolink-literal) makes links of
# in text, after the escapes are read.
Start = Callable[..., AppTest]


# ----------------------------------------------------------------------------- checks


def markdown_problems(body: str) -> list[str]:
    """What Streamlit would make of ``body`` that is not text: links, images, HTML, bare
    addresses and e-mails (the fuzz suite's check), and control characters."""
    found = ["control character"] if re.search("[\x00-\x08\x0b-\x1f\x7f]", body) else []
    return found + fuzz_markdown_problems(body)


def html_problems(body: str) -> list[str]:
    """Tags and attributes in ``body`` that link, load or run something (the fuzz suite's
    check)."""
    return fuzz_html_problems(body)


def _strings(message: Message) -> Iterator[tuple[str, str]]:
    """Every text field of a protobuf message, nested ones too: (field, value)."""
    for field, value in message.ListFields():
        single = isinstance(value, str | bytes | int | float | Message)
        items = [value] if single else list(value)
        for item in items:
            if isinstance(item, Message):
                yield from _strings(item)
            elif isinstance(item, str):
                yield field.name, item


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def page_problems(at: AppTest, value: str | None = None) -> list[str]:
    """Every element of the page, its Markdown and HTML checked; ``value`` (the hostile
    input) may not appear as written in any Markdown."""
    found = [f"exception: {e.value}" for e in at.exception]
    seen_html = set()
    for root in (at.main, at.sidebar):
        for node in _nodes(root):
            proto = getattr(node, "proto", None)
            if not isinstance(proto, Message):
                continue
            kind = type(node).__name__
            for name, text in _strings(proto):
                if kind == "Html" and name == "body":
                    seen_html.add(text)
                    problems = html_problems(text)
                else:
                    problems = markdown_problems(text)
                    if value and len(value) > 3 and value in text and md_text(value) != value:
                        problems.append("the input as written")
                found += [f"{kind}.{name}: {p}" for p in problems]
    for block in at.get("html"):  # also those outside the main area (the style sheet)
        body = str(block.proto.body)
        if body not in seen_html:
            found += [f"Html: {p}" for p in html_problems(body)]
    return found


def shown(at: AppTest, kind: str) -> list[str]:
    return [md_plain(str(e.value)) for e in at.get(kind)]


# ----------------------------------------------------------------------------- the address


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Iterator[Start]:
    from tutor_app.shared import rooms

    rooms.clear()  # a fresh count of tries for every test

    def run(
        params: dict[str, str | list[str]],
        *,
        lessons: Path = LESSONS,
        puzzles: Path = PUZZLES,
        page: str | None = None,
    ) -> AppTest:
        monkeypatch.setenv("TUTOR_LESSONS_DIR", str(lessons))
        monkeypatch.setenv("TUTOR_PUZZLES_DIR", str(puzzles))
        at = AppTest.from_file(APP, default_timeout=60)
        for key, value in params.items():
            at.query_params[key] = value
        at.run()
        if page is not None:
            at.switch_page(page).run()
        return at

    yield run


@pytest.mark.parametrize("name", list(HOSTILE))
def test_every_parameter_at_once_on_every_page(start: Start, name: str) -> None:
    """Every known and unknown parameter with the same hostile value, repeated after a good
    value too; each page in turn."""
    value = HOSTILE[name]
    params: dict[str, str | list[str]] = {p: value for p in (*KNOWN, *UNKNOWN)}
    params["show"] = [value, "both"]
    at = start(params)
    assert not page_problems(at, value), page_problems(at, value)
    for page in PAGES:
        at.switch_page(page).run()
        assert not page_problems(at, value), (page, page_problems(at, value))
    # the address no longer says it: the page wrote back what it shows
    assert all(v != value for v in at.query_params.values())


@pytest.mark.parametrize("name", ["md-link", "md-image", "html-img", "bare-url", "controls"])
@pytest.mark.parametrize("param", [*KNOWN, *UNKNOWN])
def test_each_parameter_alone(start: Start, param: str, name: str) -> None:
    value = HOSTILE[name]
    at = start({param: value, "lang": "de"} if param != "lang" else {param: value})
    assert not page_problems(at, value), page_problems(at, value)
    if param == "room":
        at.switch_page("tutor_app/pages/follow.py").run()
        assert not page_problems(at, value), page_problems(at, value)


def _notices(at: AppTest) -> list[str]:
    return shown(at, "info")


@pytest.mark.parametrize("name", ["md-link", "md-image", "html-img", "script", "js-url"])
def test_a_lesson_not_found_is_named_as_written_in_the_language(start: Start, name: str) -> None:
    value = HOSTILE[name]
    de = get_translator("de")
    at = start({"lesson": value, "lang": "de"})
    assert not page_problems(at, value)
    assert _notices(at) == [
        de._("There is no lesson called '{lesson}'. Choose one from the list below.", lesson=value)
    ]


def test_a_long_value_is_cut_in_its_notice(start: Start) -> None:
    at = start({"lesson": "x" * (MAX_PARAM_CHARS - 1) + "[y](https://evil.example)"})
    (notice,) = _notices(at)
    assert "…" in notice and len(notice) < MAX_PARAM_CHARS + 100
    assert not page_problems(at)
    at = start({"lesson": "L" * 5000, "lang": "pl"})
    pl = get_translator("pl")
    assert _notices(at) == [pl._(IGNORED_PARAM, value="L" * 199 + "…", param="lesson")]


@pytest.mark.parametrize("param", ["style", "projector"])
def test_a_value_that_cannot_be_used_is_named(start: Start, param: str) -> None:
    value = HOSTILE["md-link"]
    at = start({param: value, "lang": "pl"})
    assert not page_problems(at, value)
    assert _notices(at) == [get_translator("pl")._(IGNORED_PARAM, value=value, param=param)]


def test_a_bad_step_is_named_as_written(start: Start) -> None:
    value = HOSTILE["md-image"]
    at = start({"lesson": FIRST, "step": value, "lang": "en"})
    assert not page_problems(at, value)
    (notice,) = _notices(at)
    assert f"'{value}'" in notice


def test_a_bad_language_is_named_as_written(start: Start) -> None:
    value = HOSTILE["md-link"]
    at = start({"lang": value})
    assert not page_problems(at, value)
    (notice,) = _notices(at)
    assert f"'{value}'" in notice


@pytest.mark.parametrize("name", ["md-link", "long", "controls", "percent"])
def test_a_room_from_the_address_is_read_or_refused_kindly(start: Start, name: str) -> None:
    value = HOSTILE[name]
    at = start({"room": value, "lang": "en"}, page="tutor_app/pages/follow.py")
    assert not page_problems(at, value)
    assert len(at.text_input(key="w_follow_room").value or "") <= 16
    texts = shown(at, "warning") + shown(at, "info")
    assert len(texts) == 1 and EVIL not in texts[0]


def test_unknown_parameters_are_left_out_of_the_address_without_a_notice(start: Start) -> None:
    """Links shared on the web carry keys of their own (utm_source, fbclid): they are
    dropped quietly, and never shown."""
    at = start({"utm_source": HOSTILE["md-link"], "fbclid": "x", "lang": "en"})
    assert not _notices(at) and not page_problems(at)
    assert dict(at.query_params) == {"lang": "en"}


# ----------------------------------------------------------------------------- files


def _hostile_lesson(folder: Path) -> str:
    """A good lesson whose texts are hostile; its id."""
    source = next(les for les in GOOD if les.id == FIRST)
    text = Path(source.path).read_text("utf-8")
    evil = HOSTILE["md-link"] + " " + HOSTILE["md-image"] + " " + HOSTILE["html-img"]
    quoted = '"' + evil.replace("\\", "\\\\").replace('"', '\\"') + '"'
    text = re.sub(r"(?m)^title: .*$", f"title: {quoted}", text, count=1)
    text = re.sub(r"(?m)^summary: >-\n(  .*\n)+", f"summary: {quoted}\n", text, count=1)
    text = re.sub(
        r"(?m)^(  +)narration: >-\n(\1  .*\n)+",
        lambda m: f"{m.group(1)}narration: {quoted}\n",
        text,
    )
    (folder / Path(source.path).name).write_text(text, "utf-8")
    return source.id


def test_lesson_texts_reach_the_page_as_text(start: Start, tmp_path: Path) -> None:
    lesson_id = _hostile_lesson(tmp_path)
    at = start({"lang": "en"}, lessons=tmp_path)
    assert not at.error, shown(at, "error")
    assert not page_problems(at)
    assert any(EVIL in str(h.proto.body) for h in at.get("html"))  # shown, as text
    at.button(key=f"open_{lesson_id}").click().run()
    assert not page_problems(at) and not at.error
    for _ in range(3):
        if not do_task(at, lesson_id):  # a step the learner plays: done as they would
            at.button(key="next").click().run()
        assert not page_problems(at) and not at.error


HOSTILE_PUZZLE = """\
puzzles:
  - id: hostile
    title: "{evil}"
    theme: counting
    theme_text: "{evil}"
    level: 1
    goal: reach 66
    goal_text: "{evil}"
    player: A
    position:
      preset: pagat
      dealer: B
      to_move: A
      trump: d
      hands: {{A: Js 9s Jh, B: Kc 9c Qs}}
      known: {{B: Kc}}
      stock: ''
      played: Ac 10c Qc Jc As 10s Ks Ah 10h Kh Qh 9h Ad 10d Kd Qd Jd 9d
      last_trick: A Kh Qh
      scores:
        A: {{points: 65, tricks: 4}}
        B: {{points: 44, melds: 20, tricks: 5}}
      marriages: [B c]
    solution: [Jh]
    moves: all
    hints: ["{evil}", "{evil}", "{evil}", "{evil}"]
    explanation: "{evil}"
    note: "{evil}"
"""


def _hostile_puzzles(folder: Path) -> None:
    evil = " ".join(HOSTILE[k] for k in ("md-link", "md-image", "html-img", "bare-url"))
    evil = evil.replace('"', "'")
    (folder / "hostile.yaml").write_text(HOSTILE_PUZZLE.format(evil=evil), "utf-8")
    shutil.copy(PUZZLES / "counting.yaml", folder / "counting.yaml")


def test_the_hostile_puzzle_file_is_a_valid_puzzle(tmp_path: Path) -> None:
    _hostile_puzzles(tmp_path)
    found, errors = pz.load_puzzles(tmp_path)
    assert not errors and "hostile" in {p.id for p in found}


@pytest.mark.parametrize("path", ["solve", "fail"])
def test_puzzle_texts_reach_the_page_as_text(
    start: Start, tmp_path: Path, path: str, fake_board: Any
) -> None:
    _hostile_puzzles(tmp_path)
    at = start({"lang": "en"}, puzzles=tmp_path, page="tutor_app/pages/puzzles.py")
    assert not page_problems(at) and not at.error
    at.button(key="pz_open_hostile").click().run()
    assert not page_problems(at)
    for _ in range(4):  # every hint level: the file's own hints
        at.button(key="pz_btn_hint").click().run()
        assert not page_problems(at)
    assert sum(EVIL in t for t in shown(at, "markdown")) >= 4  # shown as text
    if path == "solve":
        fake_board.click("Jh")
        at.run()
        at.button(key="pz_move_out").click().run()
    else:
        fake_board.click("9s")
        at.run()
        at.button(key="pz_btn_reveal").click().run()
    assert not page_problems(at) and not at.error
    assert any(EVIL in t for t in shown(at, "markdown"))  # the explanation, as text


# ----------------------------------------------------------------------------- uploads


def _upload(data: bytes, name: str) -> None:
    import streamlit as st

    from tutor_app import puzzle_callbacks, puzzle_marks, session, shared

    session.init_session()
    st.session_state.lang = "de"
    puzzle_callbacks.init_state()
    puzzle_marks.apply_upload(data, name)
    puzzle_marks.marks_controls(shared.tr())


UPLOADS: dict[str, tuple[bytes, str, int | None]] = {
    # name: (bytes, message id, line)
    "binary": (bytes(range(256)) * 4, pz.M_NOT_TEXT, 2),  # byte 10 ends line 1
    "bad-utf8-line-3": (b'{\n"version": 1,\n"s\xff": {}}', pz.M_NOT_TEXT, 3),
    "not-json-line-2": (b'{"version": 1,\n "solved": {,}}', pz.M_NOT_JSON, 2),
    "deep": (b"[" * 100_000, pz.M_NOT_JSON, None),
    "huge": (b" " * 300_000, pz.M_TOO_LARGE, None),
    "hostile-json": (
        b'{"version": 1, "solved": {"[x](https://evil.example)": "<script>"}}',
        pz.M_NOT_MARKS,
        None,
    ),
}


@pytest.mark.parametrize("case", list(UPLOADS))
@pytest.mark.parametrize(
    "name", ["66-puzzles-solved.json", "[Log in](https://evil.example).json", "a\x00\u202eb.json"]
)
def test_a_bad_upload_gets_the_readers_message_with_its_name_and_line(case: str, name: str) -> None:
    data, msgid, line = UPLOADS[case]
    at = AppTest.from_function(_upload, args=(data, name), default_timeout=60).run()
    assert not page_problems(at, name), page_problems(at, name)
    (error,) = shown(at, "error")
    de = get_translator("de")
    assert error.endswith(de._(msgid))
    place = error[: -len(de._(msgid))]
    shown_name = "".join(ch for ch in name if ch.isprintable() and ch not in "\u202e")
    assert place.startswith(shown_name)
    assert place == (f"{shown_name}:{line}: " if line else f"{shown_name}: ")
    assert at.session_state["pz_solved"] == {}


def test_the_server_refuses_large_uploads_before_the_page_sees_them() -> None:
    config = (ROOT / ".streamlit" / "config.toml").read_text("utf-8")
    assert re.search(r"(?m)^maxUploadSize = 1$", config)
    from tutor_app import puzzle_marks

    assert puzzle_marks.MAX_UPLOAD_MB == 1 and puzzle_marks.MAX_UPLOAD_BYTES <= 1024 * 1024
    assert puzzle_marks.UPLOAD_TYPES == ["json"]


# ----------------------------------------------------------------------------- one safe path


MARKDOWN_CALLS = re.compile(
    r"\bst\.(markdown|write|info|warning|error|success|toast|caption|title|header|subheader|"
    r"text|html|latex|code|exception|help|badge)\("
)


def test_every_page_writes_text_through_one_module() -> None:
    """Only ``tutor_app/text.py`` calls Streamlit's Markdown and HTML elements: there every
    text is escaped unless it is already safe (``Md``, ``Markup``)."""
    sources: Sequence[Path] = [
        *sorted((ROOT / "tutor_app").rglob("*.py")),
        ROOT / "streamlit_app.py",
    ]
    calls = {
        str(path.relative_to(ROOT)): MARKDOWN_CALLS.findall(path.read_text("utf-8"))
        for path in sources
        if path.name != "text.py"
    }
    assert {k: v for k, v in calls.items() if v} == {}


def test_the_safe_markdown_is_what_the_check_looks_for() -> None:
    # a lone surrogate cannot come from a browser's address (nor through AppTest), but could
    # from a file read leniently: it is dropped, as Streamlit could not send it
    assert md_text("a\ud800b") == "ab"
    for value in HOSTILE.values():
        assert not markdown_problems(md_text(value)), value
    assert markdown_problems(HOSTILE["md-link"]) and markdown_problems(HOSTILE["bare-url"])
    assert markdown_problems(HOSTILE["e-mail"]) and markdown_problems(HOSTILE["md-image"])
    assert WORD_JOINER in md_text(HOSTILE["bare-url"])


# ----------------------------------------------------------------------------- broken files

BAD_PUZZLE_FILES: dict[str, bytes] = {
    "level-nine.yaml": b"puzzles:\n  - id: x\n    title: X\n    level: 9\n",
    "syntax.yaml": b"puzzles:\n  - id: y\n    title: [unclosed\n",
    "binary.yaml": bytes(range(256)),
    "empty.yaml": b"",
    "tagged.yaml": b"puzzles: !!python/object/apply:os.system [echo]\n",
    "links.yaml": b"puzzles:\n  - id: '[x](https://evil.example)'\n    level: 1\n",
    # A real file with its levels written 1.0, 2.0: once that took the whole page down.
    "level-float.yaml": re.sub(
        rb"level: ([123])\b", rb"level: \1.0", (PUZZLES / "schneider.yaml").read_bytes()
    ),
}
BAD_LESSON_FILES: dict[str, bytes] = {
    "zz-syntax.yaml": b"id: broken\ntitle: A broken lesson\nmoves: [10h, Kd\n",
    "zz-binary.yaml": bytes(range(256)),
    "zz-empty.yaml": b"",
    "zz-tagged.yaml": b"id: !!python/object/apply:os.system [echo]\n",
}


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_broken_puzzle_files_among_good_ones(start: Start, tmp_path: Path, lang: str) -> None:
    """The good puzzles are offered; each broken file gets one panel naming it within its
    folder, with a line, in the reader's language; no server path anywhere."""
    good_files = ("counting.yaml", "save-ten.yaml")
    for name in good_files:
        shutil.copy(PUZZLES / name, tmp_path / name)
    for name, data in BAD_PUZZLE_FILES.items():
        (tmp_path / name).write_bytes(data)
    good, _ = pz.read_files([PUZZLES / n for n in good_files])
    at = start({"lang": lang}, puzzles=tmp_path, page="tutor_app/pages/puzzles.py")
    assert not page_problems(at)
    assert {b.key for b in at.button if b.key.startswith("pz_open_")} == {
        f"pz_open_{p.id}" for p in good
    }
    panels = shown(at, "error")
    heading = get_translator(lang)._("A puzzle file could not be read:")
    assert sorted(p.split("\n")[1].split(":")[0] for p in panels) == sorted(BAD_PUZZLE_FILES)
    for panel in panels:
        first, *lines = panel.split("\n")
        assert first == f"**{heading}**" and lines
        assert all(re.match(r"[\w.-]+\.yaml:\d+", line) for line in lines), lines
        assert str(tmp_path) not in panel and str(ROOT) not in panel


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_broken_lesson_files_among_good_ones(start: Start, tmp_path: Path, lang: str) -> None:
    for les in GOOD[:3]:
        shutil.copy(les.path, tmp_path / Path(les.path).name)
    for name, data in BAD_LESSON_FILES.items():
        (tmp_path / name).write_bytes(data)
    at = start({"lang": lang}, lessons=tmp_path)
    assert not page_problems(at)
    assert {b.key for b in at.button if b.key.startswith("open_")} == {
        f"open_{les.id}" for les in GOOD[:3]
    }
    panels = shown(at, "error")
    heading = get_translator(lang)._("A lesson file could not be read:")
    assert sorted(p.split("\n")[1].split(":")[0] for p in panels) == sorted(BAD_LESSON_FILES)
    for panel in panels:
        assert panel.startswith(f"**{heading}**\n")
        assert str(tmp_path) not in panel and str(ROOT) not in panel

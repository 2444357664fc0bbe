"""What each input kind must do with any input: accept it (and go on as the app would) or
refuse it with the project's error, a clear message in every language, with file and line.

Each ``check_*`` function takes one case and returns an ``Outcome``; any exception it lets
through is a failure of the product (the worker reports it with its traceback). ``Bad`` is
raised for an answer that is not good enough: a message without file or line, a msgid the
catalogs lack, an engine answer that is not JSON, a crash hidden behind a generic message.
"""

from __future__ import annotations

import io
import json
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from tutor.formats.errors import SourceError
from tutor.words.i18n import LANGUAGES, get_translator, po_path

#: Messages that only say that something unforeseen went wrong: a crash in disguise.
HIDDEN_CRASHES = frozenset(
    {
        "this lesson could not be checked: {problem}",
        "the engine could not answer: {problem}",
        "Internal error ({kind}): {message}. Run again with TUTOR_DEBUG=1 to see where.",
    }
)


#: What YAML counts as a line break.
LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


class Bad(Exception):
    """The product answered, but not well enough."""


@dataclass(frozen=True)
class Outcome:
    """``accepted`` or ``refused`` (with the English message); failures are exceptions."""

    verdict: str
    message: str = ""
    stage: str = ""


@cache
def catalogs() -> dict[str, frozenset[str]]:
    """For each language, the msgids its catalog translates (English: every msgid)."""
    out: dict[str, frozenset[str]] = {}
    for lang in LANGUAGES:
        with po_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        ids = set()
        for m in catalog:
            if not m.id:
                continue
            msgid = m.id[0] if isinstance(m.id, tuple | list) else m.id
            string = m.string if isinstance(m.string, tuple | list) else (m.string,)
            if lang == "en" or all(string):
                ids.add(msgid)
        out[lang] = frozenset(ids)
    return out


def check_message(template: str, rendered: dict[str, str]) -> None:
    """A message with a known msgid, translated, non-empty in every language."""
    if template in HIDDEN_CRASHES:
        raise Bad(f"a crash hidden behind a generic message: {rendered.get('en', '')}")
    for lang in LANGUAGES:
        if template not in catalogs()[lang]:
            raise Bad(f"msgid not in the {lang} catalog: {template!r}")
        if not rendered.get(lang, "").strip():
            raise Bad(f"empty message in {lang}")


def check_error(err: SourceError, path: str | None, text: bytes | None) -> str:
    """``err`` names the file ``path`` and a line within ``text`` (when a file), and renders in
    every language; returns its English text."""
    rendered = {lang: err.render(get_translator(lang)) for lang in LANGUAGES}
    check_message(err.template, rendered)
    if path is not None:
        # The file as given, or relative to its folder: its name at least.
        if not err.path or not path.endswith(err.path) or Path(err.path).name != Path(path).name:
            raise Bad(f"the error names {err.path!r}, not the file {path!r}: {rendered['en']}")
        if err.line is None or err.line < 1:
            raise Bad(f"no line: {rendered['en']}")
        lines = len(LINE_BREAK.findall((text or b"").decode("utf-8", "replace"))) + 1
        if err.line > lines + 1:
            raise Bad(f"line {err.line} of a file of {lines} lines: {rendered['en']}")
        for lang, message in rendered.items():
            if not message.startswith(f"{err.path}:{err.line}"):
                raise Bad(f"the {lang} message does not start with file and line: {message}")
    return rendered["en"]


def _errors(errors: Sequence[SourceError], path: str, text: bytes, stage: str) -> Outcome:
    if not errors:
        raise Bad(f"{stage}: refused without a message")
    first = ""
    for err in errors[:5]:
        if not isinstance(err, SourceError):
            raise Bad(f"{stage}: an error of type {type(err).__name__}")
        message = check_error(err, path, text)
        first = first or message
    return Outcome("refused", first, stage)


# ----------------------------------------------------------------------------- the page

_BARE_LINKS = (
    re.compile(r"(https?://|www(?=\.))([-.\w]+)", re.IGNORECASE),
    re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)"),
)


def markdown_problems(body: str) -> list[str]:
    """What Streamlit's Markdown would make of ``body`` that is not text: links, images, HTML,
    bare addresses."""
    from markdown_it import MarkdownIt

    found = []
    for block in MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(body):
        if block.type == "html_block":
            found.append(f"HTML block {block.content[:40]!r}")
        for token in block.children or ():
            if token.type in ("link_open", "image", "html_inline"):
                found.append(f"{token.type} {token.content[:40]!r}")
            elif token.type == "text" and any(p.search(token.content) for p in _BARE_LINKS):
                found.append(f"a bare link in {token.content[:60]!r}")
    return found


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("a", "script", "iframe", "object", "embed", "form", "link", "meta", "base"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{name}= on <{tag}>")
            linked = name in ("href", "src", "action", "srcset", "xlink:href") and value
            if linked and not value.startswith("data:image/svg+xml;base64,"):
                self.found.append(f"{name}={value[:40]!r} on <{tag}>")

    handle_startendtag = handle_starttag


def html_problems(body: str) -> list[str]:
    """Tags and attributes in ``body`` that link, load or run something."""
    parser = _Tags()
    parser.feed(body)
    parser.close()
    return parser.found


def check_page(what: str, *, markdown: str = "", html: str = "") -> None:
    """Text from a file reaches the page only as text."""
    found = (markdown_problems(markdown) if markdown else []) + (
        html_problems(html) if html else []
    )
    if found:
        raise Bad(f"{what} on the page: {found[0]}")


def check_panels(errors: Sequence[SourceError], path: Path, case: int) -> None:
    """The app's panel of a file's problems: escaped, naming the file without its folder."""
    from tutor.web.problems import file_panels

    tr = get_translator(LANGUAGES[case % len(LANGUAGES)])
    for panel in file_panels(errors, path.parent, tr):
        body = panel.markdown("Problems")
        check_page("a problem panel", markdown=body)
        if str(path.parent) in body:
            raise Bad(f"a problem panel shows the server's path: {body[:200]}")


# ----------------------------------------------------------------------------- lessons


def check_lesson(path: Path, case: int) -> Outcome:
    """Read a lesson file as the library does; replay it and say it in words once read."""
    from tutor.formats import yamlsafe
    from tutor.teach.lessons import MAX_BYTES, read_lesson, replay_json
    from tutor.teach.lessons.messages import E_TOO_LARGE
    from tutor.teach.lessons.model import LessonError
    from tutor.teach.lessons.replay import replay_all
    from tutor.web.lesson_frame import frame_step_html
    from tutor.words.lesson_text import replay_text

    name = str(path)
    try:
        data = yamlsafe.read_capped(path, MAX_BYTES, E_TOO_LARGE, name=name)
    except SourceError as exc:
        return _errors([exc.recast(LessonError)], name, path.read_bytes(), "size")
    lesson, errors = read_lesson(name, data)
    if lesson is None:
        check_panels(errors, path, case)
        return _errors(errors, name, data, "read")
    frames, errors = replay_all(lesson)
    if errors:
        check_panels(errors, path, case)
        return _errors(errors, name, data, "replay")
    tr = get_translator(LANGUAGES[case % len(LANGUAGES)])
    replay_text(lesson, frames, tr)
    for i in range(len(frames)):
        check_page(
            "a lesson step", html=frame_step_html(frames, i, tr, compare=bool(lesson.compare))
        )
    replay_json(lesson)
    return Outcome("accepted")


# ----------------------------------------------------------------------------- puzzles


def check_puzzles(path: Path, case: int) -> Outcome:
    """Read a puzzle file; check each puzzle read with the solver, start it and ask a hint."""
    from tutor.teach.puzzles import read_puzzles, start, validate
    from tutor.web.puzzle_html import hint_markdown, puzzle_card_html
    from tutor.words.puzzle_text import goal_line

    name = str(path)
    data = path.read_bytes()
    puzzles, errors = read_puzzles(path)
    if errors:
        check_panels(errors, path, case)
        return _errors(errors, name, data, "read")
    if not puzzles:
        raise Bad("a puzzle file with no puzzle and no problem")
    tr = get_translator(LANGUAGES[case % len(LANGUAGES)])
    refused: list[SourceError] = []
    for p in puzzles:
        problems = validate(p)
        if problems:
            refused.extend(problems)
            continue
        goal_line(p, tr)
        check_page("a puzzle card", html=puzzle_card_html(p, tr, solved=False))
        check_page("a puzzle hint", markdown=hint_markdown(start(p), 1, tr))
    if refused:
        check_panels(refused, path, case)
        return _errors(refused, name, data, "validate")
    return Outcome("accepted")


# ----------------------------------------------------------------------------- positions


def check_position(path: Path, case: int) -> Outcome:
    """Read a position file as ``tutor hint`` does; analyse it and give the hint in words."""
    from tutor.formats.positions import PositionError, load_position
    from tutor.teach.hints import analyse
    from tutor.words.hint_text import hint

    name = str(path)
    try:
        position = load_position(path)
    except PositionError as exc:
        return _errors([exc], name, path.read_bytes(), "read")
    tr = get_translator(LANGUAGES[case % len(LANGUAGES)])
    analysis = analyse(position.subject, samples=8, seed=case)
    hint(position.subject, 4, tr, analysis=analysis)
    return Outcome("accepted")


# ----------------------------------------------------------------------------- rule specs


def check_rules(spec: str, case: int) -> Outcome:
    """Parse a rule spec; a rule set it gives must deal and play a deal to its end."""
    import random

    from tutor.engine import (
        SwitchValueError,
        UnknownPresetError,
        apply,
        legal_moves,
        parse_rules,
        random_deal,
    )

    try:
        rules = parse_rules(spec)
    except (SwitchValueError, UnknownPresetError) as exc:
        template, params = exc.message
        rendered = {lang: get_translator(lang)._(template, **params) for lang in LANGUAGES}
        check_message(template, rendered)
        return Outcome("refused", rendered["en"], "parse")
    from tutor.teach.hints import analyse

    rng = random.Random(case)
    state = random_deal(rules, rng)
    analysed = False
    for _ in range(200):
        if state.result is not None:
            break
        if state.phase2 and not analysed and bin(state.hands[0] | state.hands[1]).count("1") <= 8:
            analyse(state)  # an exact search of the last tricks under these rules
            analysed = True
        moves = list(legal_moves(state))
        if not moves:
            raise Bad("no legal move in a deal that is not over")
        state = apply(state, rng.choice(moves))
    else:
        raise Bad("a deal that does not end in 200 moves")
    return Outcome("accepted")


# ----------------------------------------------------------------------------- the engine


def _strict_json(line: str) -> object:
    def no_constant(name: str) -> object:
        raise Bad(f"the answer holds {name}, which is not JSON: {line[:200]}")

    return json.loads(line, parse_constant=no_constant)


def check_engine_answer(line: str, request_id: object = None) -> str:
    """One answer line of the engine: strict JSON, ``ok`` true or an error that is a real
    message; returns ``ok`` or the English message."""
    reply = _strict_json(line)
    if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
        raise Bad(f"not an answer object: {line[:200]}")
    if reply["ok"]:
        return "ok"
    error = reply.get("error")
    if not isinstance(error, dict) or not str(error.get("message", "")).strip():
        raise Bad(f"an error without a message: {line[:200]}")
    template = error.get("template")
    if not isinstance(template, str):
        raise Bad(f"an error without a template: {line[:200]}")
    if template in HIDDEN_CRASHES:
        raise Bad(f"a crash hidden behind a generic message: {error['message']}")
    for lang in LANGUAGES:
        if template not in catalogs()[lang]:
            raise Bad(f"msgid not in the {lang} catalog: {template!r}")
    return str(error["message"])


def check_engine(data: bytes, case: int) -> Outcome:
    """Feed one line (any bytes) to the engine loop as ``tutor engine`` reads standard input
    (UTF-8, universal newlines; bad bytes replaced): one answer line per request line (a
    line ends at ``\\n``), strict JSON, a good message."""
    from tutor.cli import engine
    from tutor.cli.engine import Defaults, serve

    read_lines = getattr(engine, "read_lines", None)
    lines: list[Any]
    if read_lines is not None:
        lines = list(read_lines(io.BytesIO(data)))
    else:
        stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace", newline=None)
        lines = list(stdin)
    out = io.StringIO()
    lang = LANGUAGES[case % len(LANGUAGES)]
    served = serve(lines, out, Defaults(samples=8, seed=0, lang=lang))
    written = out.getvalue()
    answers = written.split("\n")
    if answers[-1] != "":
        raise Bad(f"the last answer does not end with a line break: {written[-100:]!r}")
    answers.pop()
    expected = sum(1 for ln in lines if ln is None or ln.strip())
    if served != expected or len(answers) != expected:
        raise Bad(f"{expected} request lines, {served} answers counted, {len(answers)} written")
    verdicts = [check_engine_answer(a) for a in answers]
    if all(v == "ok" for v in verdicts):
        return Outcome("accepted")
    return Outcome("refused", next(v for v in verdicts if v != "ok"), "answer")


# ----------------------------------------------------------------------------- the command line

#: Exit codes of the commands run on a file: ``validate`` says 0 (valid) or 1 (problems),
#: ``hint`` 0 or 2 (a position it cannot read).
CLI = {
    "lesson": (["validate"], (0, 1)),
    "puzzle": (["validate"], (0, 1)),
    "position": (["hint", "--level", "1", "--samples", "4"], (0, 2)),
}


def _prefix(tr: object, template: str) -> str:
    """The words of a translated message before its first placeholder."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return tr._(template, **dict.fromkeys(names, "\x00")).split("\x00")[0]  # type: ignore[attr-defined]


def check_cli(kind: str, path: Path, case: int) -> None:
    """Run the command that reads this kind of file, as a user would; it ends with one of its
    exit codes and prints file problems as ``file:line: ...``, never a traceback, an internal
    error or a bare ``Error: ...``."""
    import contextlib

    from tutor.cli.main import main

    lang = LANGUAGES[case % len(LANGUAGES)]
    args, codes = CLI[kind]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([args[0], str(path), *args[1:], "--lang", lang])
    text = out.getvalue() + err.getvalue()
    tr = get_translator(lang)
    generic = [*(_prefix(tr, t) for t in HIDDEN_CRASHES), "Traceback"]
    bare = _prefix(tr, "Error: {message}")
    for line in text.split("\n"):
        if line.startswith(bare) or any(g in line for g in generic):
            raise Bad(f"tutor {args[0]}: a generic error line: {line[:300]}")
    if code not in codes:
        raise Bad(f"tutor {args[0]} ended with {code}: {text[-300:]}")
    if code != 0:
        problems = err.getvalue() if kind == "position" else out.getvalue()
        lines = problems.strip().split("\n")
        listed = lines if kind == "position" else lines[:-1]
        for line in listed:
            place = line.split(":", 1)[0]
            if not place or not str(path).endswith(place) or Path(place).name != path.name:
                raise Bad(f"tutor {args[0]}: a problem without its file and line: {line[:300]}")


def check_case(kind: str, path: Path, data: bytes, case: int) -> Outcome:
    """One case of any kind: file kinds read ``path`` (which holds ``data``); one in four
    is also given to the command line."""
    if kind in CLI and case % 4 == 0:
        check_cli(kind, path, case)
    if kind == "lesson":
        return check_lesson(path, case)
    if kind == "puzzle":
        return check_puzzles(path, case)
    if kind == "position":
        return check_position(path, case)
    if kind == "rules":
        return check_rules(data.decode("utf-8", "surrogatepass"), case)
    if kind == "engine":
        return check_engine(data, case)
    raise ValueError(f"unknown kind {kind!r}")

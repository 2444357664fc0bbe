"""The teacher's room as the class sees it on the projector: the join code, large enough to be
read from the back row, the address to open, a QR code of that address (made here by
``segno``, nothing fetched), and how many students follow.

>>> from tutor.words.i18n import get_translator
>>> html = room_panel_html("K7QF2M", "http://host:8501/follow?room=K7QF2M", 3,
...                        get_translator("en"))
>>> "K7Q-F2M" in html and "3 students follow" in html and "data:image/svg+xml" in html
True
"""

from __future__ import annotations

import functools
import io
import threading
from collections.abc import Sequence

import segno
from markupsafe import Markup

from tutor.engine import Move, State, View, parse_move
from tutor.teach.classroom import PUZZLE_PREFIX, ClassQuestion, Kind, TallyRow
from tutor.teach.hints import Analysis, analyse
from tutor.teach.lessons.ranked import Ranking
from tutor.web.html import Md, md_bold, md_text, svg_img
from tutor.words import hint_text
from tutor.words.class_reveal import reveal_words, right_order
from tutor.words.explain import move_label
from tutor.words.i18n import Translator

#: The QR code's error correction: "m" reads through a projector's glare and a low screen.
QR_ERROR = "m"


@functools.lru_cache(maxsize=64)
def qr_svg(address: str) -> str:
    """A QR code of ``address`` as an SVG drawing (black on white, a quiet zone of 4)."""
    out = io.BytesIO()
    segno.make(address, error=QR_ERROR).save(
        out, kind="svg", scale=8, border=4, xmldecl=False, svgns=True, dark="#000", light="#fff"
    )
    return out.getvalue().decode("ascii")


def join_address(base: str, code: str) -> str:
    """The address a student opens to follow room ``code``: the app's address (scheme, host,
    port and path of the app) with ``follow?room=CODE``.

    >>> join_address("http://10.0.0.5:8501/learn?lesson=x", "K7QF2M")
    'http://10.0.0.5:8501/follow?room=K7QF2M'
    >>> join_address("", "K7QF2M"), join_address("javascript://x/%0a", "K7QF2M")
    ('/follow?room=K7QF2M', '/follow?room=K7QF2M')
    """
    root = base.split("?", 1)[0].split("#", 1)[0]
    scheme, sep, rest = root.partition("://")
    host = rest.split("/", 1)[0]
    if not sep or scheme.lower() not in ("http", "https") or not host:
        return f"/follow?room={code}"
    return f"{scheme.lower()}://{host}/follow?room={code}"


def _grouped(code: str) -> str:
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if len(code) == 6 else code


def room_panel_html(
    code: str, address: str, followers: int | None, tr: Translator, *, qr: bool = True
) -> Markup:
    """The room as the teacher shows it: the code in large letters, the address, the QR code
    (unless ``qr`` is false: the page's own panel, whose QR code is shown large on request)
    and the number of students who follow (``None``: not known)."""
    label = tr._("Room code")
    open_words = tr._("Open {address} or scan the code:", address=address)
    if followers is None:
        count = Markup("")
    else:
        count = Markup('<p class="t66-followers">{}</p>').format(
            tr.n_("{n} student follows", "{n} students follow", followers)
        )
    drawing = (
        svg_img(qr_svg(address), tr._("QR code of {address}", address=address), "t66-qr")
        if qr
        else Markup("")
    )
    return Markup(
        '<section class="t66-roompanel" aria-label="{}">'
        '<div class="t66-roomtext"><p class="t66-roomlabel">{}</p>'
        '<p class="t66-roomcode">{}</p><p class="t66-roomaddr">{}</p>{}</div>'
        "{}</section>"
    ).format(label, label, _grouped(code), open_words, count, drawing)


def answer_label(answer: str, choices: Sequence[str], tr: Translator) -> str:
    """An answer as the class reads it: a move's label (``Q♠``, "Marriage ...") or the text
    of the chosen answer (``choices``, already in the reader's language)."""
    if answer.startswith("#"):
        k = int(answer[1:])
        return choices[k] if 0 <= k < len(choices) else answer
    return move_label(parse_move(answer), tr)


def reveal_lines(
    question: ClassQuestion, choices: Sequence[str], whys: Sequence[str], tr: Translator
) -> tuple[str, ...]:
    """What the class reads when the teacher shows the answer: the right answers and, for a
    question step, the author's reason for each (``whys``, in the reader's language); for a
    move at a lesson step, the lesson's move first, then every right answer where there are
    others (the engine's view follows: ``reveal_view``)."""
    right = sorted(question.right)
    labels = ", ".join(answer_label(a, choices, tr) for a in right)
    if question.kind is Kind.CHOICE:
        lines = [
            tr.n_(
                "The right answer: {answers}.",
                "The right answers: {answers}.",
                len(right),
                answers=labels,
            )
        ]
        lines.extend(whys[int(a[1:])] for a in right if int(a[1:]) < len(whys))
        return tuple(lines)
    if question.id.startswith(PUZZLE_PREFIX):
        return (
            tr.n_(
                "The move that solves the puzzle: {moves}.",
                "The moves that solve the puzzle: {moves}.",
                len(right),
                moves=labels,
            ),
        )
    lesson = tr.n_(
        "The move in the lesson: {moves}.",
        "The moves the lesson accepts: {moves}.",
        1,
        moves=answer_label(question.move, (), tr),
    )
    lines = [lesson]
    if right != [question.move]:
        good = right_order(
            {parse_move(a) for a in right}, parse_move(question.move), question.values()
        )
        lines.append(
            tr.n_(
                "The right answer: {answers}.",
                "The right answers: {answers}.",
                len(good),
                answers=", ".join(move_label(m, tr) for m in good),
            )
        )
    return tuple(lines)


_ENGINE = threading.Lock()


def reveal_view(question: ClassQuestion, subject: State | View, tr: Translator) -> Md:
    """The engine's view shown with the answer to a move question: at a lesson step, from the
    exact values of the lesson's deal and the question's right answers
    (``tutor.words.class_reveal``); for a puzzle, the engine's best move and why on
    ``subject`` (``engine_view``; a puzzle's solution is its best moves)."""
    state = question.state
    if not question.move or not isinstance(state, State):
        return engine_view(subject, tr)
    right = frozenset(parse_move(a) for a in question.right)
    with _ENGINE:
        title, lines = _reveal_words(state, right, question.move, question.values(), tr)
    return Md(f"{md_bold(title)}  \n" + "  \n".join(md_text(line) for line in lines))


@functools.lru_cache(maxsize=128)
def _reveal_words(
    state: State, right: frozenset[Move], move: str, values: Ranking, tr: Translator
) -> tuple[str, tuple[str, ...]]:
    return reveal_words(_analysis(state), values, right, parse_move(move), tr)


@functools.lru_cache(maxsize=64)
def _analysis(state: State) -> Analysis:
    return analyse(state)


def engine_view(subject: State | View, tr: Translator) -> Md:
    """The engine's best move and why, for the answer shown to a class (the hint's last rung,
    its title in bold), as Markdown. A whole class asks at once when the answer is shown: the
    first computes it and the others wait for that and reuse it."""
    with _ENGINE:
        title, lines = _engine_view(subject, tr)
    return Md(f"{md_bold(title)}  \n" + "  \n".join(md_text(line) for line in lines))


@functools.lru_cache(maxsize=128)
def _engine_view(subject: State | View, tr: Translator) -> tuple[str, tuple[str, ...]]:
    part = hint_text.hint(subject, 4, tr).parts[-1]
    return part.title, part.lines


def tally_html(
    rows: Sequence[tuple[str, TallyRow]],
    answered: int,
    revealed: bool,
    names: bool,
    tr: Translator,
) -> Markup:
    """The class's answers as a bar chart: each answer (its label as shown, its row of the
    tally) with a bar as long as its share, the count, and once ``revealed`` a mark on the
    right ones; ``names`` adds the names students gave. ``answered`` students answered."""
    head = tr.n_("{n} student answered", "{n} students answered", answered)
    if not rows:
        body = Markup('<p class="t66-tally-none">{}</p>').format(tr._("No answers yet."))
    else:
        most = max(r.count for _, r in rows)
        items = []
        for label, row in rows:
            share = round(100 * row.count / answered) if answered else 0
            width = round(100 * row.count / most) if most else 0
            right = revealed and row.right
            mark = (
                Markup('<span class="t66-tally-ok">{}</span>').format(tr._("right"))
                if right
                else Markup("")
            )
            who = (
                Markup('<span class="t66-tally-names">{}</span>').format(", ".join(row.names))
                if names and row.names
                else Markup("")
            )
            items.append(
                Markup(
                    '<li class="t66-tally-row{}"><span class="t66-tally-label">{}</span>'
                    '<span class="t66-tally-bar"><span style="width:{}%"></span></span>'
                    '<span class="t66-tally-n">{} ({}%)</span>{}{}</li>'
                ).format(
                    " t66-tally-right" if right else "",
                    label,
                    width,
                    row.count,
                    share,
                    mark,
                    who,
                )
            )
        body = Markup('<ol class="t66-tally-list">{}</ol>').format(Markup("").join(items))
    return Markup(
        '<section class="t66-tally" aria-label="{}"><p class="t66-tally-head">{}</p>{}</section>'
    ).format(tr._("The class's answers"), head, body)


__all__ = [
    "QR_ERROR",
    "answer_label",
    "engine_view",
    "join_address",
    "qr_svg",
    "reveal_lines",
    "reveal_view",
    "room_panel_html",
    "tally_html",
]

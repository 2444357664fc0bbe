"""Small helpers for what the app shows: escaping is the default.

HTML is built with markupsafe (``Markup`` and ``escape``: a ``Markup.format`` escapes each
argument that is not ``Markup`` already). Streamlit's text elements (``st.markdown``,
``st.info``, ``st.error``, captions, ...) read Markdown, with GitHub's extensions: there
``md_text`` shows text as written, and ``Md`` marks Markdown that is already safe, as
``Markup`` does for HTML. Also: the style sheets read from the package and an SVG drawing as
an image."""

from __future__ import annotations

import base64
import functools
import re
from collections.abc import Iterable
from importlib import resources

from markupsafe import Markup, escape

#: Every ASCII punctuation character: CommonMark lets each be escaped with a backslash, and
#: escaped it is never Markdown (emphasis, links, images, HTML, code, tables, math, Streamlit's
#: ``:color[...]`` and ``:icon:`` shortcuts).
_MD_SPECIAL = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
#: An invisible character that breaks what GitHub's Markdown would turn into a link by itself
#: (``https://...``, ``www.x.y``, ``a@b.c``): Streamlit finds those in the text after the
#: escapes are read, so a backslash cannot stop them.
WORD_JOINER = "\u2060"
_BARE_LINK = re.compile(r"(?<=:)(?=//)|(?<=@)|(?<=www)(?=\.)", re.IGNORECASE)
#: Characters never shown: control characters (but the line break) and the bidirectional
#: controls that can make text read differently from what it says.
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SPACES = re.compile(r"[ \t]*\n[ \t\n]*")
_BREAKS = re.compile(r"\s+")


class Md(str):
    """Markdown that is safe to show: made by ``md_text`` or from pieces that are (as
    ``Markup`` is for HTML)."""

    __slots__ = ()


def visible(text: str) -> str:
    """Text without control characters (but tabs and line breaks), bidirectional controls and lone
    surrogates.

    >>> visible("a\\x00b\\u202ec\\nd")
    'abc\\nd'
    """
    return _HIDDEN.sub("", text)


def one_line(text: str, limit: int | None = None) -> str:
    """Text on one line (every run of white space one space), cut to ``limit`` characters
    with an ellipsis.

    >>> one_line("a\\n\\n  b\\tc"), one_line("abcdefgh", 5)
    ('a b c', 'abcd…')
    """
    text = _BREAKS.sub(" ", visible(text)).strip()
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def md_text(text: str) -> Md:
    r"""Text for a Streamlit Markdown element, shown as written: no emphasis, link, image,
    HTML or heading, no address or e-mail turned into a link. A line break stays a line
    break; an empty line starts a new paragraph.

    >>> print(md_text("[Log in](https://evil.example) *now*"))
    \[Log in\]\(https\:⁠\/\/evil\.example\) \*now\*
    >>> print(md_text("a.yaml:3:1: :smile:"))
    a\.yaml\:3\:1\: \:smile\:
    >>> md_text("www.x.org") == "www" + WORD_JOINER + "\\.x\\.org"
    True
    """
    if isinstance(text, Md):
        return text
    lines = _SPACES.sub("\n", visible(str(text))).strip().split("\n")
    out = []
    for line in lines:
        line = _BARE_LINK.sub(WORD_JOINER, line)
        out.append("".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in line))
    return Md("  \n".join(out))


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def md_plain(markdown: str) -> str:
    r"""The text ``md_text`` Markdown shows (its inverse): for tests and logs.

    >>> text = "[Log in](https://evil.example)\n*now* a_b"
    >>> md_plain(md_text(text)) == text
    True
    """
    return _ESCAPED.sub(r"\1", markdown).replace(WORD_JOINER, "").replace("  \n", "\n")


def md_bold(text: str) -> Md:
    """Text in bold.

    >>> print(md_bold("a_b"))
    **a\\_b**
    """
    return Md(f"**{md_text(text)}**")


def md_bullets(lines: Iterable[str]) -> Md:
    """Lines as a Markdown list, each line shown as written.

    >>> print(md_bullets(["a < b", "c"]))
    - a \\< b
    - c
    """
    return Md("\n".join(f"- {md_text(one_line(line))}" for line in lines))


def join(parts: Iterable[str]) -> Markup:
    """Pieces of HTML one after the other; a piece that is plain text is escaped.

    >>> join([Markup("<b>1</b>"), "<2>"])
    Markup('<b>1</b>&lt;2&gt;')
    """
    return Markup("").join(parts)


def svg_img(svg: str, label: str, cls: str = "t66-card") -> Markup:
    """An SVG drawing as an image with an accessible name. A data address keeps the drawing
    intact where HTML is sanitised (inline SVG would be stripped) and stays sharp at any size.
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return Markup('<img class="{}" src="data:image/svg+xml;base64,{}" alt="{}" title="{}">').format(
        cls, data, label, label
    )


@functools.cache
def _static(name: str) -> str:
    return resources.files("tutor.web").joinpath("static", name).read_text(encoding="utf-8")


def page_css(*, projector: bool = False) -> Markup:
    """The app's style sheet; in projector mode also the classroom look without side bar."""
    css = _static("tutor.css") + (_static("projector.css") if projector else "")
    return Markup("<style>") + Markup(css) + Markup("</style>")


__all__ = [
    "WORD_JOINER",
    "Markup",
    "Md",
    "escape",
    "join",
    "md_bold",
    "md_bullets",
    "md_plain",
    "md_text",
    "one_line",
    "page_css",
    "svg_img",
    "visible",
]

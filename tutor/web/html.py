"""Small helpers for the HTML the app shows: escaping is the default (markupsafe's ``Markup``
and ``escape``: a ``Markup.format`` escapes each argument that is not ``Markup`` already), the
style sheets read from the package, text for Markdown and an SVG drawing as an image."""

from __future__ import annotations

import base64
import functools
from collections.abc import Iterable
from importlib import resources

from markupsafe import Markup, escape

_MD_SPECIAL = frozenset("\\`*_{}[]()#+-.!|<>~$")


def md_escape(text: str) -> str:
    r"""Text for a Markdown element, shown as written (no emphasis, links or HTML).

    >>> md_escape("lessons/a_b.yaml:3:1: [x]")
    'lessons/a\\_b\\.yaml:3:1: \\[x\\]'
    """
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in text)


def md_bullets(lines: Iterable[str]) -> str:
    """Lines as a Markdown list, each line escaped as HTML.

    >>> print(md_bullets(["a < b", "c"]))
    - a &lt; b
    - c
    """
    return "\n".join(f"- {escape(line)}" for line in lines)


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


__all__ = ["Markup", "escape", "join", "md_bullets", "md_escape", "page_css", "svg_img"]

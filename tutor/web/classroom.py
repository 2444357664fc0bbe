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

import segno
from markupsafe import Markup

from tutor.web.html import svg_img
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


def room_panel_html(code: str, address: str, followers: int | None, tr: Translator) -> Markup:
    """The room as the teacher shows it: the code in large letters, the address, the QR code
    and the number of students who follow (``None``: not known)."""
    label = tr._("Room code")
    open_words = tr._("Open {address} or scan the code:", address=address)
    if followers is None:
        count = Markup("")
    else:
        count = Markup('<p class="t66-followers">{}</p>').format(
            tr.n_("{n} student follows", "{n} students follow", followers)
        )
    qr = svg_img(qr_svg(address), tr._("QR code of {address}", address=address), "t66-qr")
    return Markup(
        '<section class="t66-roompanel" aria-label="{}">'
        '<div class="t66-roomtext"><p class="t66-roomlabel">{}</p>'
        '<p class="t66-roomcode">{}</p><p class="t66-roomaddr">{}</p>{}</div>'
        "{}</section>"
    ).format(label, label, _grouped(code), open_words, count, qr)


__all__ = ["QR_ERROR", "join_address", "qr_svg", "room_panel_html"]

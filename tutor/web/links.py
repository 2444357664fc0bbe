"""Addresses and keys: reading ``?lesson=...&step=...&lang=...`` and writing it back, and the
small script that turns arrow / PageUp / PageDown keys into clicks on the Back and Next buttons
(presenter clickers send PageUp / PageDown)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.teach.studio.link import MAX_POS_CHARS as _POS_LIMIT
from tutor.web.board import DEFAULT_STYLE, STYLES
from tutor.web.html import visible

#: The longest value of a query parameter the app reads; a longer one is refused (and
#: shown cut in the notice that says so).
MAX_PARAM_CHARS = 200
#: The longest ``pos`` (a position for the studio, ``/studio?pos=<code>``) the app reads: a
#: position's code takes up to 236 characters at a table of four, so ``pos`` has a limit
#: of its own; the studio reads it (``tutor.teach.studio.link.decode``), never ``parse_link``.
MAX_POS_CHARS = _POS_LIMIT
#: Steps are read from at most this many digits; more digits mean "past the last step".
MAX_STEP_DIGITS = 6
#: The most characters of a room code the app reads (a code has far fewer: see
#: ``tutor_app.rooms``); the rest is dropped.
MAX_ROOM_CHARS = 32


def normalize_room(text: str) -> str:
    """A room code as the app keeps it: upper case, without spaces, dashes or other signs,
    full-width letters read as plain ones, so what a student types is read generously;
    cut to ``MAX_ROOM_CHARS``.

    >>> normalize_room(" k7q-f2m "), normalize_room("ｋ７ｑ　ｆ２ｍ")
    ('K7QF2M', 'K7QF2M')
    """
    text = unicodedata.normalize("NFKC", text[: MAX_ROOM_CHARS * 4])
    return "".join(ch for ch in text.upper() if ch.isascii() and ch.isalnum())[:MAX_ROOM_CHARS]


# ----------------------------------------------------------------------------- deep links


@dataclass(frozen=True)
class DeepLink:
    """What an address asks for. ``step_text`` keeps a step that is not a whole number;
    ``ignored`` the parameters whose values cannot be used (name, value as given)."""

    lesson: str | None = None
    step: int | None = None
    step_text: str | None = None
    lang: str | None = None
    style: str | None = None
    projector: bool | None = None
    room: str | None = None
    ignored: tuple[tuple[str, str], ...] = ()

    @property
    def bad_step(self) -> bool:
        """A step was given but is not a whole number of zero or more."""
        return self.step_text is not None and self.step is None


def _first(value: str | Sequence[str] | None) -> str | None:
    """The first value given that is not empty (a parameter may be repeated), without
    control characters and surrounding spaces."""
    if value is None:
        return None
    items = [value] if isinstance(value, str) else value
    for item in items:
        text = visible(str(item)).strip()
        if text:
            return text
    return None


def _step(text: str) -> int | None:
    """A step written in plain digits; more than ``MAX_STEP_DIGITS`` digits is a step past
    any lesson's end, read without converting the digits."""
    if not re.fullmatch(r"[0-9]+", text):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= MAX_STEP_DIGITS else 10**MAX_STEP_DIGITS


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def parse_link(params: Mapping[str, str | Sequence[str]]) -> DeepLink:
    """Read the query parameters of an address; unknown keys are left out (links shared on
    the web carry keys of their own, such as ``utm_source``). A value longer than
    ``MAX_PARAM_CHARS`` is not used.

    >>> parse_link({"lesson": "example-1", "step": "5", "lang": "pl"})
    DeepLink(lesson='example-1', step=5, step_text='5', lang='pl', style=None, projector=None, \
room=None, ignored=())
    >>> parse_link({"step": "five"}).bad_step, parse_link({"step": "²"}).bad_step
    (True, True)
    >>> parse_link({"step": "9" * 40}).step, parse_link({"style": "x", "projector": "?"}).ignored
    (1000000, (('style', 'x'), ('projector', '?')))
    """
    ignored: list[tuple[str, str]] = []

    def get(name: str) -> str | None:
        text = _first(params.get(name))
        if text is not None and len(text) > MAX_PARAM_CHARS:
            ignored.append((name, text))
            return None
        return text

    lesson = get("lesson")
    step_text = _first(params.get("step"))  # any length: a wrong step gets its own notice
    step = _step(step_text) if step_text is not None else None
    lang = get("lang")
    style = get("style")
    if style is not None and style.lower() not in STYLES:
        ignored.append(("style", style))
    style = style.lower() if style is not None and style.lower() in STYLES else None
    proj = get("projector")
    projector = None
    if proj is not None:
        if proj.lower() in _TRUE:
            projector = True
        elif proj.lower() in _FALSE:
            projector = False
        else:
            ignored.append(("projector", proj))
    room = get("room")
    return DeepLink(
        lesson=lesson,
        step=step,
        step_text=step_text,
        lang=lang,
        style=style,
        projector=projector,
        room=normalize_room(room) if room else None,
        ignored=tuple(ignored),
    )


def link_params(
    *,
    lesson: str | None,
    step: int,
    lang: str,
    style: str = DEFAULT_STYLE,
    projector: bool = False,
) -> dict[str, str]:
    """The query parameters that reopen this view; defaults are left out to keep it short.

    >>> link_params(lesson="example-1", step=5, lang="pl")
    {'lesson': 'example-1', 'step': '5', 'lang': 'pl'}
    """
    out: dict[str, str] = {}
    if lesson:
        out["lesson"] = lesson
        out["step"] = str(step)
    out["lang"] = lang
    if style != DEFAULT_STYLE:
        out["style"] = style
    if projector:
        out["projector"] = "1"
    return out


@dataclass(frozen=True)
class StepChoice:
    """The step to show for a requested one, and whether the request had to be corrected."""

    step: int
    corrected: bool


def choose_step(requested: int | None, last: int, *, bad: bool = False) -> StepChoice:
    """Clamp a requested step to ``0..last``; a missing step means the start.

    >>> choose_step(99, 12)
    StepChoice(step=12, corrected=True)
    >>> choose_step(None, 12)
    StepChoice(step=0, corrected=False)
    """
    if requested is None:
        return StepChoice(0, bad)
    if requested > last:
        return StepChoice(last, True)
    if requested < 0:
        return StepChoice(0, True)
    return StepChoice(requested, False)


# ----------------------------------------------------------------------------- keys

# Key (KeyboardEvent.key) -> action. Presenter clickers send PageDown / PageUp.
KEY_ACTIONS: Mapping[str, str] = {
    "ArrowRight": "next",
    "PageDown": "next",
    "ArrowLeft": "back",
    "PageUp": "back",
    "Home": "restart",
}


__all__ = [
    "KEY_ACTIONS",
    "MAX_PARAM_CHARS",
    "MAX_POS_CHARS",
    "MAX_ROOM_CHARS",
    "MAX_STEP_DIGITS",
    "DeepLink",
    "StepChoice",
    "choose_step",
    "link_params",
    "normalize_room",
    "parse_link",
]

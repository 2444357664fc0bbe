"""The headings and catalogue cards of the app's pages as HTML: a lesson or puzzle in the
catalogue, the title of an open lesson or puzzle, the room code a teacher shares."""

from __future__ import annotations

from markupsafe import Markup

from tutor.teach.lessons import Lesson
from tutor.web.rules_ref import preset_title
from tutor.words.i18n import Translator


def _done_mark(word: str | None) -> Markup:
    return Markup(' <span class="t66-done">✓ {}</span>').format(word) if word else Markup("")


def catalogue_card_html(
    title: str, summary: str, details: str, *, done: str | None = None, gap: str = ".4em"
) -> Markup:
    """A lesson or puzzle in a catalogue: its title (with ``done``, the word after a tick),
    one line about it and a line of small print."""
    return Markup(
        "<h4 style='margin:0 0 .3em'>{}{}</h4>"
        "<p style='margin:0 0 {}'>{}</p>"
        "<p style='margin:0;color:#555;font-size:.9em'>{}</p>"
    ).format(title, _done_mark(done), gap, summary, details)


def lesson_card_html(lesson: Lesson, steps: int, tr: Translator, *, finished: bool) -> Markup:
    """A lesson in the catalogue: its title, its summary, how many steps and which rules."""
    step_count = tr.n_("{n} step", "{n} steps", steps)
    rules_word = tr._("Rules")
    return catalogue_card_html(
        tr._(lesson.title),
        tr._(lesson.summary),
        f"{step_count} · {rules_word}: {preset_title(lesson.preset, tr)}",
        done=tr._("finished") if finished else None,
    )


def page_title_html(
    title: str,
    level: str,
    summary: str = "",
    *,
    cls: str | None = None,
    room: tuple[str, str] | None = None,
) -> Markup:
    """The heading of an open lesson or puzzle: its title and level, then a summary line.
    ``room`` (its label and code) shows the room students follow beside the title, so that a
    latecomer can read the code whatever the teacher's screen shows below."""
    head = (
        Markup('<h1 style="margin:0;padding:0">')
        if cls is None
        else Markup('<h1 class="{}" style="margin:0;padding:0">').format(cls)
    )
    line = Markup('<p class="t66-summary">{}</p>').format(summary) if summary else Markup("")
    chip = (
        Markup(' <span class="t66-roomchip">{} <b>{}</b></span>').format(*room)
        if room
        else Markup("")
    )
    return Markup('{}{} <span class="t66-level">{}</span>{}</h1>{}').format(
        head, title, level, chip, line
    )


def follow_title_html(title: str, following: str, live: str = "") -> Markup:
    """The heading of a followed lesson and the room it comes from; ``live`` (the lesson and
    the teacher's step, ``"example-1:4"``) is kept in a data attribute for tools that watch
    the page."""
    return Markup("<h2 style='margin:0' data-t66-live='{}'>{}</h2><p>{}</p>").format(
        live, title, following
    )


__all__ = [
    "catalogue_card_html",
    "follow_title_html",
    "lesson_card_html",
    "page_title_html",
]

"""Handouts to print: a preset's rules card (one A4 page) and a lesson's sheet (each step with
its table and narration, the questions with boxes to tick, the answers at the end for the
teacher). Each is one standalone HTML document: the style sheets inline with ``@page`` for A4,
the cards as SVG pictures inside the page, nothing loaded from elsewhere, every value escaped.
The teacher opens it in a browser and prints it, or saves it as PDF from the print dialog."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources

from markupsafe import Markup

from tutor.engine import Card, RuleSet, Suit, unused_by
from tutor.teach.lessons import Frame, Lesson
from tutor.web.html import join
from tutor.web.lesson_frame import frame_board_html, frame_text
from tutor.web.rules_ref import grouped_switches, preset_name, preset_title
from tutor.web.seats import BoardOptions, card_html
from tutor.web.step import step_html
from tutor.words.handout_text import HandoutWords, scoring_lines, step_answer
from tutor.words.i18n import Translator
from tutor.words.learn_page import level_line, move_prompt
from tutor.words.rule_texts import SOURCE_NAMES, source_name
from tutor.words.switches import switch_name, switch_value_text

#: The printable height of an A4 page within the margins of ``print.css`` (297 mm less twice
#: 10 mm), in millimetres: the rules card is made to fit it.
PAGE_HEIGHT_MM = 277

#: Shrinks the rules card's type until the card is no taller than one page (the card has the
#: page's printable width on screen too, so the measure holds for paper). It reads no value
#: of the document but the height given in its ``data-fit-mm``.
_FIT_SCRIPT = Markup(
    "<script>(function(){var el=document.querySelector('.t66-fit');if(!el)return;"
    "var max=parseFloat(el.getAttribute('data-fit-mm'))*96/25.4;"
    "var size=parseFloat(getComputedStyle(el).fontSize);"
    "while(el.getBoundingClientRect().height>max&&size>6){size-=0.2;"
    "el.style.fontSize=size+'px';}})();</script>"
)


@cache
def _css() -> str:
    """The app's style sheet and the print one, as one text."""
    static = resources.files("tutor.web").joinpath("static")
    return "".join(
        static.joinpath(n).read_text(encoding="utf-8") for n in ("tutor.css", "print.css")
    )


def _document(title: str, body: Markup, tr: Translator, *, script: Markup | None = None) -> str:
    """A whole HTML document in ``tr``'s language with the app's and the print style sheets."""
    return str(
        Markup(
            '<!DOCTYPE html>\n<html lang="{}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>{}</title><style>{}</style></head>"
            '<body class="t66-print">{}{}</body></html>\n'
        ).format(tr.lang, title, Markup(_css()), body, script or "")
    )


# ----------------------------------------------------------------------------- the rules card


def _sources(rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """The sources the rules in force and the scoring rules follow, in the order the sources
    are listed."""
    used = {rules.source_of(sw.id) for sw in rules.switches() if unused_by(rules, sw.id) is None}
    used |= {rules.default_source, *(line.source for line in scoring_lines(rules, tr))}
    known = [s for s in SOURCE_NAMES if s in used]
    return (*known, *sorted(used - set(known)))


def _mark(source: str, sources: Sequence[str], reading: bool = False) -> Markup:
    """A rule's source as the number of the list at the foot (a star for the tutor's reading)."""
    return Markup("<sup>{}{}</sup>").format(sources.index(source) + 1, "*" if reading else "")


def _card_points(rules: RuleSet, w: HandoutWords, tr: Translator, style: str) -> Markup:
    """Each rank of the pack as a small card with its name and points."""
    opts = BoardOptions(style=style)
    cells = join(
        Markup('<div class="t66-hrank">{}<span>{}</span><b>{}</b></div>').format(
            card_html(Card.of(rank, Suit.HEARTS), tr, opts),
            tr.rank(rank, "bare"),
            rules.card_points[rank],
        )
        for rank in rules.ranks
    )
    return Markup('<p><b>{}</b></p><div class="t66-hranks">{}</div>').format(w.card_points, cells)


def rules_card_html(rules: RuleSet, tr: Translator) -> str:
    """The rules card of ``rules``: every rule in force (each switch the rules read, by group,
    with its value and the number of its source), the pack's cards with their points, how a
    deal is scored, the target; the sources at the foot. Made to fit one A4 page. The cards
    are drawn in the translator's pack style."""
    w = HandoutWords().said(tr)
    sources = _sources(rules, tr)
    sections = []
    for title, members in grouped_switches(rules):
        rows = []
        for sw in members:
            if unused_by(rules, sw.id) is not None:
                continue
            rows.append(
                Markup(
                    '<div class="t66-hrule" data-switch="{}"><dt>{}</dt><dd>{}{}</dd></div>'
                ).format(
                    sw.id,
                    switch_name(sw.id, tr),
                    switch_value_text(sw, tr),
                    _mark(rules.source_of(sw.id), sources, rules.is_reading(sw.id)),
                )
            )
        group = members[0].id.split(".")[0]
        extra = Markup("")
        if group == "pack":
            extra = _card_points(rules, w, tr, tr.style)
        elif group == "score":
            extra = join(
                Markup('<p class="t66-hscore">{}{}</p>').format(
                    line.text, _mark(line.source, sources)
                )
                for line in scoring_lines(rules, tr)
            )
        if rows or extra:
            sections.append(
                Markup("<section><h2>{}</h2>{}<dl>{}</dl></section>").format(
                    tr._(title), extra, join(rows)
                )
            )
    target = rules.switch("deal.target")
    foot = join(Markup("<li>{}</li>").format(source_name(s, tr)) for s in sources)
    body = Markup(
        '<main class="t66-sheet t66-hcard t66-fit" data-fit-mm="{}">'
        '<header><h1>{}</h1><p class="t66-hsub"><b>{}:</b> {}</p></header>'
        '<div class="t66-hcols">{}</div>'
        '<footer class="t66-hfoot"><h2>{}</h2><ol>{}</ol><p>{}</p></footer></main>'
    ).format(
        PAGE_HEIGHT_MM,
        preset_title(rules.name, tr),
        switch_name(target.id, tr),
        switch_value_text(target, tr),
        join(sections),
        w.sources,
        foot,
        w.reading,
    )
    return _document(preset_name(rules.name, tr), body, tr, script=_FIT_SCRIPT)


# ----------------------------------------------------------------------------- the lesson sheet


def _board(lesson: Lesson, frames: Sequence[Frame], i: int, tr: Translator, style: str) -> Markup:
    """The table of frame ``i`` in its print size."""
    return frame_board_html(
        lesson,
        frames[i],
        tr,
        style=style,
        show=lesson.shows,
        projector=False,
        before=frames[i - 1] if i else None,
    )


def _narration(lesson: Lesson, frames: Sequence[Frame], i: int, tr: Translator) -> Markup:
    """The narration panel of frame ``i``, every rule box open (paper cannot unfold one)."""
    frame = frames[i]
    return step_html(
        frame_text(frames, i, tr, show=lesson.shows, hidden=lesson.unnamed),
        tr,
        step=i,
        last=len(frames) - 1,
        deal=frame.step == 0,
        preset=frame.preset if lesson.compare else "",
    )


def _question(frame: Frame, w: HandoutWords, tr: Translator) -> Markup:
    """A question with an empty box before each answer."""
    if frame.question is None:
        return Markup("")
    answers = join(
        Markup('<li><span class="t66-box" aria-hidden="true"></span>{}</li>').format(tr._(a.text))
        for a in frame.question.answers
    )
    return Markup('<div class="t66-hq"><p><b>{}:</b> {}</p><ul>{}</ul></div>').format(
        w.question, tr._(frame.question.text), answers
    )


def _step(
    lesson: Lesson, frames: Sequence[Frame], i: int, w: HandoutWords, tr: Translator, style: str
) -> Markup:
    """One step: its table and words. A step whose move the learner finds shows the table
    before the move, the task and a line to write on; its narration goes to the teacher."""
    frame = frames[i]
    ym = frame.your_move if i else None
    if ym is not None and frame.player is not None:
        counter = tr._("Step {step} of {last}", step=i, last=len(frames) - 1)
        words = Markup(
            '<div class="t66-step"><div class="t66-counter" data-step="{}">{}</div>'
            '<span class="t66-hmark">{}</span><p class="t66-narr">{}</p>'
            '<div class="t66-hline"></div></div>'
        ).format(i, counter, w.your_move, move_prompt(ym, frame.player, tr))
        return Markup(
            '<section class="t66-hstep t66-hyour" data-step="{}">{}<div>{}{}</div></section>'
        ).format(i, _board(lesson, frames, i - 1, tr, style), words, _question(frame, w, tr))
    return Markup('<section class="t66-hstep" data-step="{}">{}<div>{}{}</div></section>').format(
        i,
        _board(lesson, frames, i, tr, style),
        _narration(lesson, frames, i, tr),
        _question(frame, w, tr),
    )


def _answers(lesson: Lesson, frames: Sequence[Frame], w: HandoutWords, tr: Translator) -> Markup:
    """For the teacher: each task's right answers with why, and the narration of each step
    whose move the learner was asked to find."""
    parts = []
    for i, frame in enumerate(frames):
        answer = step_answer(frame, tr) if i else None
        if answer is None:
            continue
        found = frame.your_move is not None  # its narration was kept for this part
        right = join(Markup("<li>✓ {}</li>").format(r) for r in answer.right)
        why = join(Markup("<p>{}</p>").format(y) for y in answer.why)
        head = (
            Markup("<p><b>{}:</b></p>").format(w.accepted) if frame.question is None else Markup("")
        )
        parts.append(
            Markup(
                '<div class="t66-hanswer" data-step="{}"><p><b>{}</b> · {}</p><p>{}</p>'
                "{}<ul>{}</ul>{}{}</div>"
            ).format(
                i,
                tr._("Step {step} of {last}", step=i, last=len(frames) - 1),
                w.question if frame.question is not None else w.your_move,
                answer.task,
                head,
                right,
                why,
                _narration(lesson, frames, i, tr) if found else Markup(""),
            )
        )
    if not parts:
        return Markup("")
    return Markup('<section class="t66-hteacher"><h2>{}</h2>{}</section>').format(
        w.teacher, join(parts)
    )


def lesson_sheet_html(lesson: Lesson, frames: Sequence[Frame], tr: Translator) -> str:
    """The sheet of a lesson for any number of seats: its title, level, rules and summary,
    each step with a small table and its words, the questions with boxes to tick, the moves
    to find marked; the answers on the last part, for the teacher. The cards are drawn in the
    translator's pack style."""
    style = tr.style
    w = HandoutWords().said(tr)
    title = tr._(lesson.title)
    head = Markup(
        '<header class="t66-hhead"><h1>{}</h1><p class="t66-hsub">{} · {}: {}</p><p>{}</p></header>'
    ).format(
        title,
        level_line(lesson.level, tr),
        w.rules,
        preset_title(lesson.preset, tr),
        tr._(lesson.summary) if lesson.summary else "",
    )
    steps = join(_step(lesson, frames, i, w, tr, style) for i in range(len(frames)))
    body = Markup('<main class="t66-sheet">{}{}{}</main>').format(
        head, steps, _answers(lesson, frames, w, tr)
    )
    return _document(title, body, tr)


def file_name(kind: str, name: str) -> str:
    """The name a handout is saved under: its kind and the preset's or lesson's id, kept to
    letters, digits, ``-`` and ``_`` (a lesson file a learner opened names its own id).

    >>> file_name("rules", "kurnik(target=61)"), file_name("lesson", "../<x>")
    ('rules-kurniktarget61.html', 'lesson-x.html')
    """
    safe = "".join(ch for ch in name if ch.isascii() and (ch.isalnum() or ch in "-_"))[:60]
    return f"{kind}-{safe or kind}.html"


__all__ = ["PAGE_HEIGHT_MM", "file_name", "lesson_sheet_html", "rules_card_html"]

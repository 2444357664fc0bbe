"""A lesson step as HTML: the narration panel with the step counter, the narration, what
happened, the rule and, at the end of a deal, the outcome."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from tutor.engine import Move, State, View
from tutor.web.html import Md, join, md_bold, md_text
from tutor.web.rules_ref import preset_title
from tutor.words import hint_text
from tutor.words.i18n import Translator
from tutor.words.lesson_text import StepText


def step_html(
    text: StepText,
    tr: Translator,
    *,
    step: int,
    last: int,
    deal: bool | None = None,
    preset: str = "",
    seen: frozenset[str] = frozenset(),
) -> Markup:
    """The narration panel: the step counter, the narration, what happened, the rule.

    ``deal`` marks a deal frame (by default step 0); a lesson that compares presets deals
    again for each, and ``preset`` names the rules the frame is played under. A rule box
    that only says again what the step before said (``seen``) is folded to its heading."""
    if deal is None:
        deal = step == 0
    counter = tr._("The deal") if deal else tr._("Step {step} of {last}", step=step, last=last)
    parts = [
        Markup('<div class="t66-step" aria-live="polite">'),
        Markup('<div class="t66-counter" data-step="{}">{}</div>').format(step, counter),
    ]
    if preset:
        rules_word = tr._("Rules")
        parts.append(
            Markup('<div class="t66-run">{}: {}</div>').format(rules_word, preset_title(preset, tr))
        )
    if text.narration:
        parts.append(Markup('<p class="t66-narr">{}</p>').format(text.narration))
    if text.happened:
        parts.append(Markup('<p class="t66-what">{}</p>').format(Markup(" ").join(text.happened)))
    if text.reasons or text.rules:
        again = not text.reasons and set(text.rules) <= seen
        box = (
            Markup('<details class="t66-rule t66-again"><summary><h4>{}</h4></summary>')
            if again
            else Markup('<div class="t66-rule"><h4>{}</h4>')
        )
        parts.append(box.format(tr._("The rule")))
        parts.extend(Markup('<p class="t66-reason">{}</p>').format(r) for r in text.reasons)
        parts.extend(Markup('<p class="t66-ruletext">{}</p>').format(r) for r in text.rules)
        parts.append(Markup("</details>" if again else "</div>"))
    if text.outcome:
        parts.append(
            Markup('<div class="t66-outcome"><h4>{}</h4><p>{}</p></div>').format(
                tr._("End of the deal"), text.outcome
            )
        )
    parts.append(Markup("</div>"))
    return join(parts)


def task_html(heading: str, prompt: str) -> Markup:
    """The task of an interactive step: a heading ("Your move", "Question") and what the
    learner is asked, in the narration panel's style."""
    return Markup(
        '<div class="t66-step t66-task"><h4>{}</h4><p class="t66-narr">{}</p></div>'
    ).format(heading, prompt)


def reply_html(words: str, right: bool) -> Markup:
    """The reply to a learner's try as a short line over the table (a phone's first screen):
    green when right, amber when not."""
    return Markup('<p class="t66-reply {}" role="status">{}</p>').format(
        "t66-reply-right" if right else "t66-reply-wrong", words
    )


@lru_cache(maxsize=256)
def step_hint_markdown(
    subject: State | View,
    level: int,
    tr: Translator,
    need: tuple[int, int] | None = None,
    task: tuple[Move, ...] = (),
) -> Md:
    """The hint ladder up to ``level`` (1 to 4) for the move asked at a lesson step, each rung
    under its heading, as Markdown. ``subject`` is the position as the learner sees it: the
    whole deal when both hands are shown, else what the player on turn knows (the hint then
    samples the hidden cards). In a match, ``need`` (the game points each seat still needs)
    ranks the moves as the expert ranks them there; ``task``, the moves the lesson accepts,
    leads the idea and the moves to consider to them. Kept for the next runs of the page: a
    hint may search."""
    hint = hint_text.hint(subject, level, tr, need=need, task=task)
    rungs = [
        f"{md_bold(part.title)}  \n" + "  \n".join(md_text(line) for line in part.lines)
        for part in hint.parts
    ]
    return Md("\n\n".join(rungs))


__all__ = ["reply_html", "step_hint_markdown", "step_html", "task_html"]

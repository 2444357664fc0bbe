"""The glossary as HTML: a card per term with its name in the reader's language, the other two
languages beside it, what it means and the words of the sources, grouped as in
:mod:`tutor.words.glossary`. Cards flow in a grid that is one column wide on a phone."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import resources

from markupsafe import Markup

from tutor.web.html import join
from tutor.words.glossary import QUOTED, Row
from tutor.words.i18n import LANGUAGE_NAMES, LANGUAGES, Translator

_MARK = "\x00"


@functools.cache
def glossary_css() -> Markup:
    """The glossary's own style sheet."""
    css = resources.files("tutor.web").joinpath("static", "glossary.css").read_text("utf-8")
    return Markup("<style>") + Markup(css) + Markup("</style>")


def _quote(words: str, lang: str, tr: Translator) -> Markup:
    """A source's words in the reader's quotation marks, marked with the source's language."""
    before, _, after = tr.p_(*QUOTED, words=_MARK).partition(_MARK)
    return Markup('<span class="t66-quote">{}<span lang="{}">{}</span>{}</span>').format(
        before, lang, words, after
    )


def _letters(row: Row, lang: str, tr: Translator) -> Markup:
    letters = row.letters.get(lang)
    if not letters:
        return Markup("")
    return Markup(' <span class="t66-term-letters" title="{}">{}</span>').format(
        tr._("The letters on the cards"), letters
    )


def term_html(row: Row, tr: Translator) -> Markup:
    """One term: its name, the other languages, what it means, what the sources say."""
    others = [
        Markup('<div><dt>{}</dt><dd lang="{}">{}{}</dd></div>').format(
            LANGUAGE_NAMES[lang], lang, row.names[lang], _letters(row, lang, tr)
        )
        for lang in LANGUAGES
        if lang != tr.lang
    ]
    sources = [
        Markup('<li><span class="t66-term-src-name">{}</span> {}</li>').format(
            s.name, Markup(", ").join(_quote(w, s.lang, tr) for w in s.words)
        )
        for s in row.sources
    ]
    return Markup(
        '<article class="t66-term" id="t66-term-{}" data-key="{}">'
        '<h4 class="t66-term-name">{}{}</h4>'
        '<dl class="t66-term-other">{}</dl>'
        '<p class="t66-term-def">{}</p>'
        '<div class="t66-term-src"><span class="t66-term-src-head">{}</span><ul>{}</ul></div>'
        "</article>"
    ).format(
        row.key,
        row.key,
        row.names[tr.lang],
        _letters(row, tr.lang, tr),
        join(others),
        row.definition,
        tr._("In the sources:"),
        join(sources),
    )


def glossary_html(rows: Sequence[Row], tr: Translator) -> Markup:
    """The terms, under the titles of their groups, with the glossary's style sheet."""
    parts = [glossary_css(), Markup('<div class="t66-gloss" lang="{}">').format(tr.lang)]
    group = None
    for row in rows:
        if row.group != group:
            if group is not None:
                parts.append(Markup("</div></section>"))
            group = row.group
            parts.append(
                Markup(
                    '<section class="t66-gloss-group"><h3>{}</h3><div class="t66-gloss-grid">'
                ).format(group)
            )
        parts.append(term_html(row, tr))
    if group is not None:
        parts.append(Markup("</div></section>"))
    parts.append(Markup("</div>"))
    return join(parts)


__all__ = ["glossary_css", "glossary_html", "term_html"]

"""The rules of a preset as HTML: every switch in words, grouped, with its value and its
source; and the presets side by side, with the values that differ marked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from tutor.engine import RuleSet, SwitchValue, unused_by
from tutor.msgid import N_
from tutor.web.html import join
from tutor.words.explain import SOURCE_NAMES, sentence, source_name, source_tag
from tutor.words.i18n import Translator
from tutor.words.switches import PRESET_NAMES, switch_name, switch_value_text

# Switch ids are grouped by their first part, in this order.
SWITCH_GROUPS: tuple[tuple[str, str], ...] = (
    ("table", N_("The table")),
    ("pack", N_("The pack")),
    ("deal", N_("The deal")),
    ("trump", N_("Trumps")),
    ("trick", N_("Tricks")),
    ("phase2", N_("Once the stock is closed or used up")),
    ("marriage", N_("Marriages")),
    ("exchange", N_("Exchanging the trump card")),
    ("close", N_("Closing the stock")),
    ("out", N_("Declaring 66")),
    ("score", N_("Scoring a deal")),
    ("match", N_("The match")),
)

#: Each preset's name with what it is.
PRESET_TITLES: Mapping[str, str] = {
    "classic": N_("Classic: the German article with two worked deals"),
    "kurnik": N_("Kurnik: the rules of the online game 66-sznap"),
    "pagat": N_("Pagat: the common English reference"),
    "sharpened": N_("Sharpened: 20 cards, without the nines"),
    "pack32": N_("32 cards: the pack with sevens and eights"),
    "schnapsen": N_("Schnapsen: five cards from jack to ace"),
    "named_trump": N_("Named trumps: a player names trumps, each marriage counts more"),
    "heart_ace": N_("Ace of hearts: no trumps until the ace's holder names them"),
    "three": N_("Three players: 28 cards, each for himself (the German article)"),
    "three_pack32": N_("Three players with 32 cards (the German rules pages)"),
    "four": N_("Four players: two teams, two packs, 101 to win"),
}

#: What stands for a preset without a name of its own (never its id).
OTHER_RULES = N_("other rules")


def preset_name(name: str, tr: Translator) -> str:
    """A preset's short name in ``tr``'s language (for a column, a label on the table); a rule
    set made from a preset with switches changed (``kurnik(target=61)``) is named after its
    preset, never by its spec.

    >>> from tutor.words.i18n import get_translator
    >>> de = get_translator("de")
    >>> preset_name("sharpened", de), preset_name("kurnik(target=61)", de)
    ('Verschärft', 'Kurnik, geändert')
    """
    short = PRESET_NAMES.get(name)
    if short:
        return tr.p_(*short)
    base = PRESET_NAMES.get(name.split("(", 1)[0].strip())
    if base:
        return tr._("{preset}, changed", preset=tr.p_(*base))
    return tr._(OTHER_RULES)


def preset_title(name: str, tr: Translator) -> str:
    """A preset's name with what it is, in ``tr``'s language (for a list to choose from)."""
    title = PRESET_TITLES.get(name)
    return tr._(title) if title else preset_name(name, tr)


def source_short(source: str) -> str:
    """A source as a short tag for translators and teachers: the number of a seed file, or
    the reference's name (learners read ``source_tag`` instead).

    >>> source_short("001_a572ca60a45a7f6f.txt")
    '001'
    >>> source_short("pagat")
    'pagat'
    """
    head = source.split("_", 1)[0]
    return head if head.isdigit() and "_" in source else source


def source_files_html(tr: Translator) -> Markup:
    """For teachers: each source's name and the file it is kept in (the name sources are
    known by in the rule switches, in lesson files and in ``tutor rules --json``)."""
    rows = join(
        Markup("<li>{} <code>{}</code></li>").format(sentence(source_name(source, tr)), source)
        for source in SOURCE_NAMES
    )
    return Markup('<ul class="t66-files">{}</ul>').format(rows)


def grouped_switches(rules: RuleSet) -> tuple[tuple[str, tuple[SwitchValue, ...]], ...]:
    """The switches of a rule set by group (group msgid, switches), in reading order."""
    switches = rules.switches()
    out = []
    for prefix, title in SWITCH_GROUPS:
        members = tuple(s for s in switches if s.id.split(".")[0] == prefix)
        if members:
            out.append((title, members))
    return tuple(out)


def rules_reference_html(rules: RuleSet, tr: Translator) -> Markup:
    """Every switch of a preset in words, grouped, each with its value. The preset's own
    source is named once at the top, another source under the switch that follows it (by
    name; a source's file only in a ``data-source`` attribute, for tools, not for the
    reader)."""
    parts = [
        Markup('<div class="t66-ref" lang="{}">').format(tr.lang),
        Markup('<p class="t66-ref-src" data-source="{}">{}</p>').format(
            rules.default_source,
            tr._(
                "Each rule follows {source} unless another source is named under it.",
                source=source_name(rules.default_source, tr),
            ),
        ),
    ]
    source_word = tr._("Source")
    for title, members in grouped_switches(rules):
        parts.append(Markup("<h3>{}</h3><dl>").format(tr._(title)))
        for sw in members:
            controller = unused_by(rules, sw.id)
            if controller is not None:
                parts.append(_unused_switch(sw, controller, tr))
                continue
            note = (
                Markup('<div class="t66-note">{}</div>').format(tr._(sw.note))
                if sw.note
                else Markup("")
            )
            named = source_name(sw.source, tr)
            if rules.is_reading(sw.id):  # the preset's own reading: said with its source
                named = tr._("{source}, the tutor's reading", source=named)
            other = (
                Markup('<span class="t66-src">{}: {}</span>').format(source_word, named)
                if sw.source != rules.default_source or rules.is_reading(sw.id)
                else Markup("")
            )
            parts.append(
                Markup(
                    '<div class="t66-sw" data-switch="{}" data-source="{}"><dt>{}</dt>'
                    '<dd><span class="t66-val">{}</span>{}{}</dd></div>'
                ).format(
                    sw.id,
                    sw.source,
                    switch_name(sw.id, tr),
                    switch_value_text(sw, tr),
                    other,
                    note,
                )
            )
        parts.append(Markup("</dl>"))
    parts.append(Markup("</div>"))
    return join(parts)


@dataclass(frozen=True)
class CompareRow:
    """One switch across presets: the values, and which of them differ from the most common."""

    switch_id: str
    values: tuple[SwitchValue, ...]
    odd: tuple[bool, ...]

    @property
    def differs(self) -> bool:
        return any(self.odd)


def unused_text(controller: str, tr: Translator) -> str:
    """Why a switch changes nothing under a rule set: the switch whose value makes it so."""
    return tr._(
        "Not used under these rules: it depends on “{switch}”.",
        switch=switch_name(controller, tr),
    )


def _unused_switch(sw: SwitchValue, controller: str, tr: Translator) -> Markup:
    """A switch that changes nothing under the rules: its value struck through, and why."""
    return Markup(
        '<div class="t66-sw t66-unused" data-switch="{}" data-unused="1"><dt>{}</dt>'
        '<dd><span class="t66-val">{}</span><span class="t66-unused-why">{}</span></dd></div>'
    ).format(sw.id, switch_name(sw.id, tr), switch_value_text(sw, tr), unused_text(controller, tr))


def compare_rows(presets: Sequence[RuleSet]) -> tuple[CompareRow, ...]:
    """Each switch of the presets side by side; ``odd`` marks the values outside the majority
    of the presets that read the switch (a value a preset does not read is never odd).

    >>> from tutor.engine.presets import PRESETS
    >>> rows = compare_rows([PRESETS["classic"], PRESETS["kurnik"]])
    >>> [r.switch_id for r in rows if r.differs][:2]
    ['deal.played_out', 'phase2.duty']
    """
    if not presets:
        return ()
    out = []
    for first in presets[0].switches():
        values = tuple(p.switch(first.id) for p in presets)
        read = tuple(unused_by(p, first.id) is None for p in presets)
        counts: dict[str, int] = {}
        for v, used in zip(values, read, strict=True):
            if used:
                counts[v.text_value] = counts.get(v.text_value, 0) + 1
        common = max(counts.values(), default=0)
        majority = next((v.text_value for v in values if counts.get(v.text_value) == common), "")
        odd = tuple(used and v.text_value != majority for v, used in zip(values, read, strict=True))
        out.append(CompareRow(first.id, values, odd))
    order = {prefix: i for i, (prefix, _) in enumerate(SWITCH_GROUPS)}
    out.sort(key=lambda r: order.get(r.switch_id.split(".")[0], len(order)))
    return tuple(out)


def compare_html(
    presets: Sequence[RuleSet], tr: Translator, *, only_differences: bool = False
) -> Markup:
    """A table of the presets side by side; rows that differ are marked, and so is each value
    that differs from the most common one, with its source."""
    rows = compare_rows(presets)
    head = join(
        Markup('<th scope="col" title="{}">{}</th>').format(
            preset_title(p.name, tr), preset_name(p.name, tr)
        )
        for p in presets
    )
    sources = sorted({sw.source for row in rows for sw in row.values})
    body = []
    differs = tr._("differs")
    for row in rows:
        if only_differences and not row.differs:
            continue
        cells = []
        for preset, sw, odd in zip(presets, row.values, row.odd, strict=True):
            marked = row.differs and odd
            mark = Markup('<span class="t66-sr">{}</span>').format(differs) if marked else ""
            controller = unused_by(preset, sw.id)
            if controller is not None:  # the value is struck through; the reason in words
                cells.append(
                    Markup(
                        '<td class="t66-unused" data-unused="1"><span class="t66-val">{}</span>'
                        '<span class="t66-unused-why">{}</span></td>'
                    ).format(switch_value_text(sw, tr), unused_text(controller, tr))
                )
                continue
            cells.append(
                Markup(
                    '<td class="{}"><span class="t66-val">{}</span>{}'
                    '<span class="t66-src" data-source="{}" title="{}">{}</span></td>'
                ).format(
                    "t66-odd" if marked else "",
                    switch_value_text(sw, tr),
                    mark,
                    sw.source,
                    source_name(sw.source, tr),
                    source_tag(sw.source, tr),
                )
            )
        cls = "t66-diff" if row.differs else "t66-same"
        sign = Markup('<span class="t66-ne" aria-hidden="true">≠</span>') if row.differs else ""
        body.append(
            Markup('<tr class="{}" data-switch="{}"><th scope="row">{}{}</th>{}</tr>').format(
                cls, row.switch_id, sign, switch_name(row.switch_id, tr), join(cells)
            )
        )
    legend = join(
        Markup("<li><b>{}</b>: {}</li>").format(source_tag(source, tr), source_name(source, tr))
        for source in sources
    )
    rule_word, sources_word = tr._("Rule"), tr._("Sources")
    return Markup(
        '<div class="t66-cmp-wrap"><table class="t66-cmp">'
        '<thead><tr><th scope="col">{}</th>{}</tr></thead>'
        "<tbody>{}</tbody></table>"
        '<p class="t66-legend-h">{}</p><ul class="t66-legend">{}</ul>'
        "</div>"
    ).format(rule_word, head, join(body), sources_word, legend)


__all__ = [
    "OTHER_RULES",
    "PRESET_TITLES",
    "SWITCH_GROUPS",
    "CompareRow",
    "compare_html",
    "compare_rows",
    "grouped_switches",
    "preset_name",
    "preset_title",
    "rules_reference_html",
    "source_files_html",
    "source_short",
]

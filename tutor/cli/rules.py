"""``tutor rules``: the switches of a preset with their values and sources, or all presets side
by side where they differ. Presets and sources are named in words; a preset's id appears only
where it is typed (``tutor rules --preset classic``)."""

from __future__ import annotations

import argparse

from tutor.cli.command import add_lang_option, rules_option
from tutor.engine import PRESETS, TABLE_PRESETS, RuleSet, switch_ids, unused_by
from tutor.web.rules_ref import unused_text
from tutor.words.explain import SOURCE_NAMES, sentence, source_label, source_name, source_tag
from tutor.words.i18n import Translator
from tutor.words.switches import preset_name, switch_name, switch_value_text


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        default=None,
        help=f"one preset: {', '.join(PRESETS)}, optionally with switches changed, e.g. "
        "'kurnik(target=61)' (default: compare all)",
    )
    p.add_argument(
        "--markdown",
        action="store_true",
        help="every preset, where each rule comes from and where the presets differ, as the "
        "Markdown of docs/rules.md",
    )
    add_lang_option(p)


def run(args: argparse.Namespace, tr: Translator) -> int:
    if args.markdown:
        print(rules_markdown(tr), end="")
    elif args.preset:
        print_preset(rules_option(args.preset, "--preset"), tr)
    else:
        print_comparison(tr)
    return 0


def print_preset(rules: RuleSet, tr: Translator) -> None:
    """Every switch of a rule set with its value; the source once for the switches that
    follow the preset's own source, and by the switch where another source is followed."""
    print(tr._("Rules: {name}", name=preset_name(rules.name, tr)))
    print(
        "  "
        + tr._(
            "Source, unless another is named: {source}.",
            source=source_name(rules.default_source, tr),
        )
    )
    for sw in rules.switches():
        line = f"{switch_name(sw.id, tr)}: {switch_value_text(sw, tr)}"
        controller = unused_by(rules, sw.id)
        if controller is not None:
            print(f"  {line}")
            print(f"      {unused_text(controller, tr)}")
            continue
        if rules.is_reading(sw.id):
            line = tr._(
                "{rule} (the tutor's reading; source: {source})",
                rule=line,
                source=source_name(sw.source, tr),
            )
        elif sw.source != rules.default_source:
            line = tr._("{rule} (source: {source})", rule=line, source=source_name(sw.source, tr))
        print(f"  {line}")
        if sw.note:
            print(f"      {sentence(tr._(sw.note))}")


def print_comparison(tr: Translator) -> None:
    """The switches on which the presets differ, each preset's value with its source; then how
    to see one preset in full."""
    names = {pid: preset_name(pid, tr) for pid in PRESETS}
    width = max(len(n) for n in names.values()) + 2
    print(tr._("Where the presets differ:"))
    for sid in switch_ids():
        values = {pid: rules.switch(sid) for pid, rules in PRESETS.items()}
        if len({v.value for v in values.values()}) == 1:
            continue
        print(f"  {switch_name(sid, tr)}")
        for pid, v in values.items():
            print(
                f"    {names[pid]:{width}}{switch_value_text(v, tr)}  ({source_tag(v.source, tr)})"
            )
    print(tr._("One preset in full, with its sources:"))
    for pid, name in names.items():
        print(f"  {name}: tutor rules --preset {pid}")


def _cell(text: str) -> str:
    """Text fit for a cell of a Markdown table."""
    return text.replace("|", "\\|").replace("\n", " ")


def _source_cell(rules: RuleSet, switch_id: str, tr: Translator) -> str:
    """A switch's source in a word or two, marked where the value is the tutor's reading."""
    source = source_tag(rules.source_of(switch_id), tr)
    if rules.is_reading(switch_id):
        return tr._("{source}, the tutor's reading", source=source)
    return source


def rules_markdown(tr: Translator) -> str:
    """Every preset in Markdown: the sources; each switch on which the presets differ with each
    preset's value, source and the reading it takes; then each preset in full. This is the
    generated part of docs/rules.md."""
    out: list[str] = []
    names = {pid: preset_name(pid, tr) for pid in PRESETS}
    out.append("## " + tr._("The sources"))
    out.append("")
    for source in SOURCE_NAMES:
        out.append(f"- `{source}`: {source_name(source, tr)}")
    out.append("")
    out.append("## " + tr._("Where the presets differ"))
    for sid in switch_ids():
        values = {pid: rules.switch(sid) for pid, rules in PRESETS.items()}
        if len({v.value for v in values.values()}) == 1:
            continue
        out += ["", f"### {switch_name(sid, tr)} (`{sid}`)", ""]
        preset_head, value_head, source_head = tr._("Preset"), tr._("Value"), tr._("Source")
        out.append(f"| {preset_head} | {value_head} | {source_head} |")
        out.append("| --- | --- | --- |")
        for pid, v in values.items():
            out.append(
                f"| {_cell(names[pid])} | {_cell(switch_value_text(v, tr))} "
                f"| {_cell(_source_cell(PRESETS[pid], v.id, tr))} |"
            )
        notes = [(pid, v.note) for pid, v in values.items() if v.note]
        if notes:
            out.append("")
            for pid, note in notes:
                out.append(f"- {names[pid]}: {sentence(tr._(note))}")
    every = {**PRESETS, **TABLE_PRESETS}
    names.update({pid: preset_name(pid, tr) for pid in TABLE_PRESETS})
    for pid, rules in every.items():
        out += ["", f"## {names[pid]} (`{pid}`)", ""]
        out.append(
            tr._(
                "Source, unless another is named: {source}.",
                source=source_label(rules.default_source, tr),
            )
        )
        rule_head, value_head, source_head = tr._("Rule"), tr._("Value"), tr._("Source")
        out += ["", f"| {rule_head} | {value_head} | {source_head} |", "| --- | --- | --- |"]
        for sw in rules.switches():
            controller = unused_by(rules, sw.id)
            source = (
                unused_text(controller, tr)
                if controller is not None
                else _source_cell(rules, sw.id, tr)
            )
            out.append(
                f"| {_cell(switch_name(sw.id, tr))} (`{sw.id}`) "
                f"| {_cell(switch_value_text(sw, tr))} | {_cell(source)} |"
            )
        noted = [sw for sw in rules.switches() if sw.note]
        if noted:
            out.append("")
            for sw in noted:
                out.append(f"- {switch_name(sw.id, tr)}: {sentence(tr._(sw.note))}")
    return "\n".join(out) + "\n"

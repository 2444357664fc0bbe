"""``tutor rules``: the switches of a preset with their values and sources, or all presets side
by side with the differences marked."""

from __future__ import annotations

import argparse

from tutor.cli.command import add_lang_option, rules_option
from tutor.engine import PRESETS, switch_ids
from tutor.words.explain import source_label, switch_name, switch_value_text
from tutor.words.i18n import Translator


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default=None, help="one preset (default: compare all)")
    add_lang_option(p)


def run(args: argparse.Namespace, tr: Translator) -> int:
    if args.preset:
        rules = rules_option(args.preset, "--preset")
        print(tr._("Rules preset: {name}", name=rules.name))
        for sw in rules.switches():
            print(
                f"  {switch_name(sw.id, tr)}: {switch_value_text(sw, tr)}"
                f"  [{source_label(sw.source, tr)}]"
            )
            if sw.note:
                print(f"      {tr._(sw.note)}")
        return 0
    names = list(PRESETS)
    print(tr._("Where the presets differ:"))
    for sid in switch_ids():
        values = [PRESETS[n].switch(sid) for n in names]
        if len({v.value for v in values}) == 1:
            continue
        print(f"  {switch_name(sid, tr)}")
        for n, v in zip(names, values, strict=True):
            print(f"    {n:10} {switch_value_text(v, tr)}  [{v.source}]")
    return 0

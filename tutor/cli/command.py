"""What a sub-command of ``tutor`` is, and the options that several commands share.

A command has a name and a one-line help, adds its arguments to its own parser, and runs with
the parsed arguments and a translator, returning the exit code. The commands are listed in
``tutor.cli.main`` as :class:`LazyCommand` entries, so that a command's module (and everything it
imports) is loaded only when that command runs or its help is asked for.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, cast, runtime_checkable

from tutor.engine import RuleSet, SwitchValueError, UnknownPresetError, parse_rules
from tutor.msgid import N_
from tutor.words.i18n import LANGUAGES, Translator
from tutor.words.switches import preset_name

#: The largest seed any command takes (and the engine's ``seed``).
MAX_SEED = 2**63 - 1
#: The most worker processes of ``selfplay`` and ``bench``.
MAX_JOBS = 64

E_OPTION_NUMBER = N_("{option} must be a whole number from {low} to {high}, not {value}")
E_OPTION = N_("{option}: {problem}")
E_PLAYERS = N_("--players needs two names separated by a comma")
E_PLAYER = N_("unknown player '{name}'; the players are: {valid}")
E_TWO_SEATS = N_("'{name}' is a game for {seats} players; this command plays games for two")


@runtime_checkable
class Command(Protocol):
    """One sub-command of ``tutor``."""

    @property
    def name(self) -> str: ...

    @property
    def help(self) -> str: ...

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace, tr: Translator) -> int: ...


class CommandModule(Protocol):
    """A module that implements a command: ``add_arguments`` and ``run`` at module level."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace, tr: Translator) -> int: ...


@dataclass(frozen=True)
class LazyCommand:
    """A command whose module is imported only when its arguments or its run are needed."""

    name: str
    help: str
    module: str

    def _module(self) -> CommandModule:
        return cast(CommandModule, importlib.import_module(self.module))

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        self._module().add_arguments(parser)

    def run(self, args: argparse.Namespace, tr: Translator) -> int:
        return self._module().run(args, tr)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of everything the command prints."""
    parser.add_argument("--lang", default="en", help=f"language: {', '.join(LANGUAGES)}")


def add_json_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--json``: print data instead of text; ``help`` says what is printed."""
    parser.add_argument("--json", action="store_true", help=help)


class UsageError(Exception):
    """A command-line argument the command refuses: a msgid and its placeholders. ``tutor``
    prints it translated on standard error and exits with status 2."""

    def __init__(self, template: str, option: str = "", **params: object) -> None:
        self.template = template
        self.option = option
        self.params = params
        super().__init__(template.format(option=option, **params))

    def render(self, tr: Translator) -> str:
        """The message in ``tr``'s language, prefixed with the option unless it names it."""
        text = tr._(self.template, option=self.option, **self.params)
        if not self.option or "{option}" in self.template:
            return text
        return tr._(E_OPTION, option=self.option, problem=text)


def check_number(value: int, option: str, low: int, high: int) -> int:
    """``value`` if it lies from ``low`` to ``high``; else ``UsageError`` naming ``option``."""
    if not low <= value <= high:
        text = str(value) if abs(value) < 10**30 else f"{str(value)[:20]}…"
        raise UsageError(E_OPTION_NUMBER, option=option, low=low, high=high, value=text)
    return value


def rules_option(spec: str, option: str) -> RuleSet:
    """The rules a spec names (``kurnik(target=61)``); ``UsageError`` naming ``option`` and
    saying what is wrong otherwise."""
    try:
        return parse_rules(spec)
    except (UnknownPresetError, SwitchValueError) as exc:
        template, params = exc.message
    raise UsageError(template, option, **params)


def two_player_rules_option(spec: str, option: str) -> RuleSet:
    """``rules_option`` for a command that seats two players only: a game for three or four
    is refused too. Only ``tutor bench`` needs it, for ``--rules`` and ``--strength-rules``: the
    solver it times and the expert's strength figures (``--strength``) are about the
    two-player engine and the two-player expert; ``tutor match`` and ``tutor selfplay`` play
    every table."""
    rules = rules_option(spec, option)
    if rules.seats != 2:
        raise UsageError(E_TWO_SEATS, option, name=spec[:40], seats=rules.seats)
    return rules


def players_option(text: str, option: str, valid: Sequence[str]) -> tuple[str, str]:
    """The two player names in ``text`` ("expert,club"), each one of ``valid``; else
    ``UsageError`` naming ``option``."""
    names = names_option(text, option, valid)
    if len(names) != 2:
        raise UsageError(E_PLAYERS)
    return names[0], names[1]


def names_option(text: str, option: str, valid: Sequence[str]) -> tuple[str, ...]:
    """The player names in ``text`` ("club,greedy"), each one of ``valid``; else
    ``UsageError`` naming ``option``."""
    names = tuple(x.strip() for x in text.split(","))
    for name in names:
        if name not in valid:
            raise UsageError(E_PLAYER, option, name=name[:40], valid=", ".join(valid))
    return names


class Gettext(Protocol):
    """What an error needs of a translator to render itself: ``_(msgid, **params)``."""

    def _(self, msgid: str, **params: Any) -> str: ...


class Renderable(Protocol):
    """An error that renders itself as one translated line."""

    def render(self, tr: Gettext) -> str: ...


#: The parameters of a file's error that hold a rules preset's id.
PRESET_PARAMS: Final = frozenset({"rules", "preset"})


@dataclass(frozen=True)
class PresetTitles:
    """A translator for a file's errors that names a rules preset by its title in the language
    ("Klassisch", not ``classic``); a rules spec that is not a preset keeps its text."""

    tr: Translator

    def _(self, msgid: str, **params: Any) -> str:
        named = {
            k: preset_name(v, self.tr) if k in PRESET_PARAMS and isinstance(v, str) else v
            for k, v in params.items()
        }
        return self.tr._(msgid, **named)


def print_errors(errors: Sequence[Renderable], tr: Translator) -> None:
    """Each error on its line, then how many there were."""
    for err in errors:
        print(err.render(PresetTitles(tr)))
    print(tr.n_("{n} problem found.", "{n} problems found.", len(errors)))

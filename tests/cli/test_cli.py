"""The ``tutor`` command's error handling: one translated line, never a traceback."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from tutor.cli import main as cli
from tutor.cli import rules as rules_cmd
from tutor.cli.command import Command
from tutor.words.i18n import Translator


def _failing(args: argparse.Namespace, tr: Translator) -> int:
    raise RuntimeError("boom")


def test_internal_error_is_one_translated_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(rules_cmd, "run", _failing)
    monkeypatch.delenv("TUTOR_DEBUG", raising=False)
    assert cli.main(["rules", "--lang", "de"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "RuntimeError" in err and "boom" in err
    assert err.count("\n") == 1
    monkeypatch.setenv("TUTOR_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli.main(["rules"])


def test_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "fr" in err and "de, pl, en" in err


def test_only_the_chosen_command_is_imported() -> None:
    code = (
        "import sys\n"
        "from tutor.cli.main import main\n"
        "assert main(['rules', '--preset', 'classic']) == 0\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('tutor.'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "tutor.cli.rules" in loaded
    others = {f"tutor.cli.{c.name}" for c in cli.COMMANDS} - {"tutor.cli.rules"}
    assert not loaded & others
    assert not any(m.startswith(("tutor.teach", "tutor.search", "tutor.formats")) for m in loaded)


def test_every_command_has_its_module_and_the_shared_options() -> None:
    parser = cli.build_parser()  # no argv: every command's arguments
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == [c.name for c in cli.COMMANDS]
    for name, command_parser in sub.choices.items():
        options = {o for a in command_parser._actions for o in a.option_strings}
        assert "--lang" in options, name
        assert isinstance(cli.COMMANDS[list(sub.choices).index(name)], Command)
    json_commands = {
        name
        for name, p in sub.choices.items()
        if any("--json" in a.option_strings for a in p._actions)
    }
    assert json_commands == {"selfplay", "match", "replay", "bench", "hint"}

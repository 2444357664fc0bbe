"""The ``tutor`` command's error handling: one translated line, never a traceback."""

from __future__ import annotations

import argparse

import pytest

from tutor.cli import main as cli
from tutor.cli import rules as rules_cmd
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

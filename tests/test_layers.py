"""The layer contracts in pyproject.toml ([tool.importlinter]) catch a lower layer importing a
higher one, and the app reaching past the layers it may use: run ``lint-imports`` with the real
contracts over a copy of the packages, once with a forbidden import planted in the copy and once
untouched."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")


def _copy(tmp_path: Path) -> Path:
    skip = shutil.ignore_patterns("__pycache__")
    for package in ("tutor", "tutor_app"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT), "--no-cache", "--no-logo"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _plant(tree: Path, module: str, line: str) -> None:
    path = tree.joinpath(*module.split(".")).with_suffix(".py")
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("module", "line", "contract", "edge"),
    [
        (
            "tutor.engine.cards",
            "import tutor.words.i18n",
            "Layers: cli | tools > web > words",
            "tutor.engine.cards -> tutor.words.i18n",
        ),
        (
            "tutor.search.solver",
            "from tutor.teach import lessons",
            "Layers: cli | tools > web > words",
            "tutor.search.solver -> tutor.teach",
        ),
        (
            "tutor.cli.rules",
            "import tutor.tools.babel_extract",
            "Layers: cli | tools > web > words",
            "tutor.cli.rules -> tutor.tools.babel_extract",
        ),
        (
            "tutor.engine.rules",
            "import yaml",
            "The engine imports no yaml, babel, markupsafe or streamlit",
            "tutor.engine.rules -> yaml",
        ),
        (
            "tutor.web.lesson_frame",
            "import streamlit",
            "Nothing under tutor imports streamlit",
            "tutor.web.lesson_frame -> streamlit",
        ),
        (
            "tutor.msgid",
            "import tutor.engine.cards",
            "tutor.msgid imports nothing",
            "tutor.msgid -> tutor.engine.cards",
        ),
        (
            "tutor_app.pages.glossary",
            "from tutor.search import Solver",
            "The app imports no search, file format, command or tool module",
            "tutor_app.pages.glossary -> tutor.search",
        ),
        (
            "tutor_app.session",
            "from tutor.formats.errors import SourceError",
            "The app imports no search, file format, command or tool module",
            "tutor_app.session -> tutor.formats.errors",
        ),
        (
            "tutor_app.pages.puzzles",
            "from tutor.engine.state import State",
            "The app imports the engine only through its facade",
            "tutor_app.pages.puzzles -> tutor.engine.state",
        ),
        (
            "tutor.web.board",
            "import tutor_app.text",
            "Nothing under tutor imports tutor_app",
            "tutor.web.board -> tutor_app.text",
        ),
    ],
)
def test_a_planted_import_breaks_its_contract(
    tmp_path: Path, module: str, line: str, contract: str, edge: str
) -> None:
    tree = _copy(tmp_path)
    _plant(tree, module, line)
    done = _lint(tree)
    assert done.returncode == 1, done.stdout + done.stderr
    broken = done.stdout.split("Broken contracts", 1)[1]
    assert contract in broken
    assert edge in broken


def test_the_tree_keeps_every_contract(tmp_path: Path) -> None:
    done = _lint(_copy(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr


def test_msgid_imports_nothing_at_all() -> None:
    """Not even the standard library (import-linter sees only packages outside it)."""
    tree = ast.parse((ROOT / "tutor" / "msgid.py").read_text(encoding="utf-8"))
    imports = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and not (isinstance(node, ast.ImportFrom) and node.module == "__future__")
    ]
    assert imports == []

"""The classroom load test (scripts/classroom_load.py) on a small class: it starts a real
redis-server and two app processes, its students are real app sessions, and its report says
whether every press arrived and every answer was counted once. Not timed: the latencies are
the script's business, not this test's (``--target`` is set out of reach).

Skipped when redis-server is not installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "classroom_load.py"
STAND_IN = ROOT / "tests" / "classroom_load_app.py"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="redis-server is not installed (Debian: apt-get install redis-server)",
    ),
]


def _load(tmp_path: Path, *args: str, **env: str) -> tuple[int, dict[str, Any], str]:
    out = tmp_path / "load.json"
    cmd = [sys.executable, str(SCRIPT), "--target", "100", "--ramp", "1", "--json", str(out)]
    cmd += args
    done = subprocess.run(
        cmd,
        cwd=ROOT,
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert out.exists(), done.stdout + done.stderr
    return done.returncode, json.loads(out.read_text("utf-8")), done.stdout


def _every_press_arrived(report: dict[str, Any]) -> None:
    assert report["presses"] >= report["rooms"]
    per_room = report["students"] // report["rooms"]
    assert report["pairs"] == report["presses"] * per_room
    assert report["arrived"] == report["pairs"] and report["missing"] == 0
    split = report["latency_seconds"]  # the presses at each teacher's pace, and all at once
    assert split["own_pace"]["pairs"] + split["all_at_once"]["pairs"] == report["arrived"]
    assert split["own_pace"]["pairs"] > 0
    assert report["not_joined"] == 0 and not report["student_errors"]
    assert report["page_exceptions"] == 0
    names = [u["name"] for u in report["usage"]]
    assert names == ["redis", "app-1", "app-2", "generator"]
    assert all(u["peak_rss_mib"] > 0 for u in report["usage"])


def test_students_of_the_tutor_follow_the_teacher_and_answer(tmp_path: Path) -> None:
    code, report, out = _load(
        tmp_path,
        *("--rooms", "1", "--students", "3", "--processes", "2", "--seconds", "15"),
        *("--twice", "1"),
    )
    _every_press_arrived(report)
    assert report["marker"] == "data-t66-live"
    answers = report["answers"]
    assert answers["buttons_found"] and answers["counted_once"], answers
    (room,) = answers["rooms"]
    assert room["answered"] == 3 and room["changed"] == 3 and room["counted"] == 3
    assert room["compared_by"] == "choice"  # the tutor keeps "#k"
    assert code == 0 and out.rstrip().endswith("result: OK"), out


def test_every_answer_is_counted_once(tmp_path: Path) -> None:
    code, report, out = _load(
        tmp_path,
        *("--app", str(STAND_IN), "--rooms", "2", "--students", "3", "--processes", "2"),
        *("--seconds", "6", "--twice", "0.5"),
    )
    _every_press_arrived(report)
    assert report["marker"] == "data-t66-live"
    rooms = report["answers"]["rooms"]
    assert [r["answered"] for r in rooms] == [3, 3]
    assert sum(r["changed"] for r in rooms) >= 1  # some changed their answer
    assert all(r["counted"] == 3 and r["same"] and r["compared_by"] == "label" for r in rooms)
    assert report["answers"]["counted_once"] and report["answers"]["ok"]
    assert code == 0 and out.rstrip().endswith("result: OK"), out


def test_an_answer_counted_twice_fails_the_run(tmp_path: Path) -> None:
    code, report, out = _load(
        tmp_path,
        *("--app", str(STAND_IN), "--rooms", "1", "--students", "3", "--processes", "2"),
        *("--seconds", "6", "--twice", "1"),
        CLASSROOM_LOAD_TEST_DOUBLE="1",
    )
    (room,) = report["answers"]["rooms"]
    assert room["answered"] == 3 and room["changed"] == 3 and room["counted"] == 6
    assert not report["answers"]["counted_once"] and not report["ok"]
    assert code == 1 and "answers were not counted once each" in out


def test_junk_codes_from_one_client_hold_back_nobody_else(tmp_path: Path) -> None:
    """One client tries random codes as fast as the limits let it while two classes (each
    behind its school's address) join and follow on the tutor: every student finds the room,
    every press arrives, every answer is counted once, and the junk client is held back."""
    code, report, out = _load(
        tmp_path,
        *("--rooms", "2", "--students", "3", "--processes", "2", "--seconds", "6"),
        *("--junk", "40"),
    )
    _every_press_arrived(report)
    junk = report["junk"]
    assert junk["tries"] > 150 and junk["answers"].get("limited", 0) > 0
    minutes = 1 + int(junk["seconds"] // 60)  # 30 unknown codes an address may try a minute
    assert junk["answers"].get("unknown", 0) <= 30 * minutes
    assert report["answers"]["counted_once"] and report["answers"]["ok"]
    assert code == 0 and out.rstrip().endswith("result: OK"), out

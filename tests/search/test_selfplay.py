import json
import subprocess
import sys

from tutor.search import selfplay


def test_same_seed_same_result() -> None:
    a = selfplay("pagat", 300, 5)
    b = selfplay("pagat", 300, 5)
    a.pop("games_per_second")
    b.pop("games_per_second")
    assert a == b
    assert a["wins"]["A"] + a["wins"]["B"] + a["draws"] == 300


def test_greedy_beats_random_clearly() -> None:
    r = selfplay("classic", 400, 2, ("greedy", "random"))
    assert r["wins"]["A"] > r["wins"]["B"]


def test_cli_prints_one_json_object() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tutor",
            "selfplay",
            "--rules",
            "schnapsen",
            "--games",
            "50",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(out.stdout)
    assert set(data) >= {"rules", "games", "wins", "draws", "game_points", "games_per_second"}
    assert data["rules"] == "schnapsen" and data["games"] == 50


def test_cli_unknown_preset_is_one_clear_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tutor", "selfplay", "--rules", "nope", "--games", "5"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "classic" in out.stderr

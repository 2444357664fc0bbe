"""``tutor bench``'s solver part: the sizes it measures under any preset, and for each the root
value, every move valued exactly (``rank_moves``) and plain minimax, with the ratios of their
medians. Only the figures' presence and sense are checked here, never a time."""

from __future__ import annotations

import pytest

from tutor.cli.bench_solver import bench_solver, solver_sizes
from tutor.engine import PRESETS, preset

RANK_KEYS = {"rank_median_ms", "rank_p95_ms", "rank_cpu_median_ms", "rank_cpu_p95_ms"}
RATIO_KEYS = {"speedup_median", "rank_speedup_median", "rank_speedup_cpu_median"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_four_and_five_cards_are_measured_under_every_preset(name: str) -> None:
    rules = preset(name)
    sizes = solver_sizes(rules)
    assert sizes[0] == rules.hand_size and rules.hand_size - 1 in sizes
    assert {4, 5} <= set(sizes) or rules.hand_size < 5
    assert list(sizes) == sorted(set(sizes), reverse=True)


@pytest.mark.parametrize(("name", "sizes"), [("classic", (6, 5, 4)), ("schnapsen", (5, 4))])
def test_each_size_has_the_figures_of_ranking_every_move(name: str, sizes: tuple[int, ...]) -> None:
    result = bench_solver(preset(name), 2, seed=3)
    assert sorted(k for k in result if k.startswith("cards_")) == sorted(
        f"cards_{n}" for n in sizes
    )
    for n in sizes:
        part = result[f"cards_{n}"]
        assert RANK_KEYS | RATIO_KEYS | {"median_ms", "baseline_median_ms"} <= set(part)
        assert part["rank_median_ms"] > 0 and part["rank_speedup_median"] > 0
        # the ratio is plain minimax's median over rank_moves' (rounded)
        ratio = part["baseline_median_ms"] / part["rank_median_ms"]
        assert part["rank_speedup_median"] == pytest.approx(ratio, rel=0.05, abs=0.01)


def test_without_the_baseline_there_is_no_ratio() -> None:
    part = bench_solver(preset("schnapsen"), 1, seed=1, baseline=False)["cards_4"]
    assert set(part) >= RANK_KEYS
    assert not RATIO_KEYS & set(part)


def test_the_search_part_compares_the_core_with_the_python_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tutor.cli.bench_search import bench_search, search_lines, search_sizes
    from tutor.search import _core
    from tutor.words.i18n import get_translator
    from tutor.words.phrases import number

    pytest.importorskip("tutor.search._negacore")
    monkeypatch.delenv(_core.ENV, raising=False)
    rules = preset("schnapsen")
    result = bench_search(rules, 2, seed=1, table_sizes=(4, 5))
    assert result["search"] == "core" and result["agree"] is True
    for n in search_sizes(rules):
        part = result[f"cards_{n}"]
        assert part["core_nodes"] == part["python_nodes"] > 0 and part["agree"]
        assert part["core_ms"] > 0 and part["python_ms"] > 0
    assert result["core_nodes"] == sum(result[f"cards_{n}"]["core_nodes"] for n in (6, 7, 8, 9))
    # the ratio is of the times, the Python search's over the core's
    ratio = result["python_ms"] / result["core_ms"]
    assert result["ratio"] == pytest.approx(ratio, rel=0.05, abs=0.1)
    per_second = result["core_nodes"] / result["core_ms"] * 1000
    assert result["core_nodes_per_second"] == pytest.approx(per_second, rel=0.05)
    lines = search_lines(result, get_translator("en"))
    assert lines[0] == "The solver runs the compiled search."
    en = get_translator("en")
    said = f"{number(result['ratio'], en)} times as fast"  # 20.0 is written 20
    assert "from 6 to 9 cards" in lines[1] and said in lines[1], lines[1]
    # the playout of the first phase, both ways within the run
    playout = result["playout"]
    assert playout["agree"] and playout["moves"] >= playout["playouts"] > 0
    assert playout["core_ms"] > 0 and playout["python_ms"] > 0
    assert playout["ratio"] == pytest.approx(
        playout["python_ms"] / playout["core_ms"], rel=0.05, abs=0.1
    )
    assert f"{number(playout['ratio'], en)} times as fast" in lines[2], lines[2]
    assert f"from {playout['playouts']} positions" in lines[2], lines[2]
    # the table solver, core and Python on the same positions of three and four
    assert [t["rules"] for t in result["table"].values()] == ["three", "four"]
    for n, table in enumerate(result["table"].values()):
        assert table["agree"] and table["positions"] == 2
        for cards in (4, 5):
            part = table[f"cards_{cards}"]
            assert part["core_nodes"] == part["python_nodes"] > 0 and part["agree"]
            assert part["ratio"] == pytest.approx(
                part["python_ms"] / part["core_ms"], rel=0.05, abs=0.1
            )
        assert (
            table["core_nodes"] == table["cards_4"]["core_nodes"] + table["cards_5"]["core_nodes"]
        )
        name = ("Three players", "Four players in two teams")[n]
        assert lines[3 + 2 * n] == f"The solver at a table, under the rules {name}:"
        said = f"{number(table['ratio'], en)} times as fast"
        assert "from 4 to 5 cards" in lines[4 + 2 * n] and said in lines[4 + 2 * n]
    monkeypatch.setattr(_core, "Core", None)
    alone = bench_search(rules, 1, seed=1, table_sizes=(4,))
    assert alone["search"] == "python" and "ratio" not in alone and "playout" not in alone
    assert alone["cards_6"]["python_nodes"] > 0 and "core_nodes" not in alone["cards_6"]
    assert search_lines(alone, get_translator("en")) == [
        "The solver runs the Python search: the compiled search is not built."
    ]

"""The curve of a deal's expected game points (``tutor.teach.play.curve``) as a Vega-Lite
chart: for each of the learner's moves the coach remarked on, the value of the move played
and of the best move (x: the learner's move number; y: expected game points for the
learner), the costliest moments ringed, every title, legend entry and tooltip in the
learner's language with numbers written as the language writes them. Each point can be
chosen (a click): the page reads the move back with ``picked``.

A plain dictionary: the page hands it to ``st.vega_lite_chart`` with ``on_select``.

>>> picked({"selection": {"moment": [{"ply": 7}], "ring": {}}})
7
>>> picked({"selection": {"moment": []}}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.numbers import get_decimal_symbol, get_group_symbol

from tutor.teach.play.curve import CurvePoint
from tutor.words.i18n import Translator
from tutor.words.play_curve import CurveWords, moment_option, value_words

#: The selection parameters of the chart: a point of either curve, and a costly moment's ring.
PARAMS = ("moment", "ring")
#: The colours of the move played, the best move and the costly moments' rings.
COLOURS = ("#1f77b4", "#2ca02c", "#d62728")
#: The colour of the dashed line at the move chosen.
RULE_COLOUR = "#6b6b6b"
#: The height of the chart with its axes and legend (pixels).
HEIGHT = 360
#: The size of a point and of a costly moment's ring (square pixels).
POINT_SIZE = 90
RING_SIZE = 420


def chart_rows(curve: tuple[CurvePoint, ...], tr: Translator) -> list[dict[str, Any]]:
    """The chart's data: two rows a move (the move played, the best move), each with the
    move's index in the deal (``ply``), the learner's move number, the value, the series'
    name, whether it is a costly moment (and the move played: ``ring``, ringed), the words of
    its tooltip and what a screen reader says of it (``aria``)."""
    w = CurveWords().said(tr)
    rows = []
    for p in curve:
        said = {
            "ply": p.ply,
            "number": p.number,
            "costly": p.costly,
            "label": moment_option(p, tr),
            "played_text": value_words(p.value, tr),
            "best_text": value_words(p.best_value, tr),
        }
        said["aria"] = (
            f"{said['label']}. {w.played}: {said['played_text']}. {w.best}: {said['best_text']}."
        )
        rows.append({**said, "series": w.played, "value": p.value, "ring": p.costly})
        rows.append({**said, "series": w.best, "value": p.best_value, "ring": False})
    return rows


def value_chart(
    curve: tuple[CurvePoint, ...], tr: Translator, chosen: int | None = None
) -> dict[str, Any]:
    """The Vega-Lite specification of the chart of ``curve`` in ``tr``'s language; the move
    with index ``chosen`` (a ``ply``), if any, marked by a dashed line across the chart."""
    w = CurveWords().said(tr)
    tooltip = [
        {"field": "label", "type": "nominal", "title": w.axis_x},
        {"field": "played_text", "type": "nominal", "title": w.played},
        {"field": "best_text", "type": "nominal", "title": w.best},
    ]
    x = {
        "field": "number",
        "type": "quantitative",
        "title": w.axis_x,
        "axis": {"tickMinStep": 1, "format": "d"},
        "scale": {"zero": False, "nice": False, "padding": 16},
    }
    y = {"field": "value", "type": "quantitative", "title": w.axis_y}
    colour = {
        "field": "series",
        "type": "nominal",
        "title": None,
        "scale": {"domain": [w.played, w.best, w.costly], "range": list(COLOURS)},
        "legend": {"orient": "bottom", "columns": 2},
    }
    choose = {"type": "point", "fields": ["ply"], "on": "click", "clear": "dblclick"}
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": chart_rows(curve, tr)},
        "height": HEIGHT,
        "config": {"locale": {"number": _number_locale(tr)}},
        "layer": [
            {
                "transform": [
                    {"filter": {"field": "ply", "equal": -1 if chosen is None else chosen}}
                ],
                "mark": {"type": "rule", "strokeDash": [6, 4], "color": RULE_COLOUR},
                "encoding": {"x": x},
            },
            {
                "mark": {"type": "line", "strokeWidth": 2},
                "encoding": {"x": x, "y": y, "color": colour},
            },
            {
                "transform": [{"filter": "datum.ring"}],
                "mark": {"type": "point", "filled": False, "strokeWidth": 3},
                "params": [{"name": PARAMS[1], "select": choose}],
                "encoding": {
                    "x": x,
                    "y": y,
                    "color": {"datum": w.costly, "type": "nominal", "scale": colour["scale"]},
                    "size": {"value": RING_SIZE},
                    "tooltip": tooltip,
                    "description": {"field": "aria", "type": "nominal"},
                },
            },
            {
                "mark": {"type": "point", "filled": True, "cursor": "pointer"},
                "params": [{"name": PARAMS[0], "select": choose}],
                "encoding": {
                    "x": x,
                    "y": y,
                    "color": colour,
                    "size": {"value": POINT_SIZE},
                    "opacity": {
                        "condition": {"param": PARAMS[0], "empty": True, "value": 1},
                        "value": 0.35,
                    },
                    "tooltip": tooltip,
                    "description": {"field": "aria", "type": "nominal"},
                },
            },
        ],
    }


def _number_locale(tr: Translator) -> dict[str, Any]:
    """How the language writes numbers, for the axis (d3's locale)."""
    return {
        "decimal": get_decimal_symbol(tr.lang),
        "thousands": get_group_symbol(tr.lang),
        "grouping": [3],
        "currency": ["", ""],
        "minus": "\u2212",
    }


def picked(event: object) -> int | None:
    """The move's index in the deal (``ply``) of the point chosen on the chart, from the
    chart's selection state (``{"selection": {param: [{"ply": ...}]}}``); ``None`` when none
    is chosen."""
    selection = event.get("selection") if isinstance(event, Mapping) else None
    if not isinstance(selection, Mapping):
        return None
    for name in PARAMS:
        chosen = selection.get(name)
        if isinstance(chosen, list) and chosen and isinstance(chosen[0], Mapping):
            ply = chosen[0].get("ply")
            if isinstance(ply, int | float) and not isinstance(ply, bool):
                return int(ply)
    return None


__all__ = ["COLOURS", "PARAMS", "chart_rows", "picked", "value_chart"]

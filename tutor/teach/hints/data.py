"""The analysis as plain data, for JSON: moves in the notation ``parse_move`` reads, cards as
text, suits as symbols, fractions rounded to four places.

>>> from tutor.engine import Card
>>> idea_to_dict(Idea("idea.safe_trick", (("card", Card.parse("Ah")),)))
{'id': 'idea.safe_trick', 'params': {'card': 'Ah'}}
"""

from __future__ import annotations

from tutor.engine import SEAT_NAMES, Card, Suit
from tutor.teach.hints.ideas import Idea
from tutor.teach.hints.model import Analysis


def _param_data(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, tuple):
        return [_param_data(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, bool | int | str) or value is None:
        return value
    return str(value)


def idea_to_dict(idea: Idea) -> dict[str, object]:
    return {"id": idea.id, "params": {k: _param_data(v) for k, v in idea.params}}


def analysis_to_dict(analysis: Analysis) -> dict[str, object]:
    """The analysis as plain data (moves in the notation ``parse_move`` reads). ``cut`` is
    ``None``, or why the search budget ran out (``"nodes"``, ``"time"``): then ``method`` says
    what was done instead (``"playout"`` for an exact search that could not finish), and
    ``samples`` of ``samples_asked`` deals were valued; ``rough`` says that some lines were
    played out by rules of thumb; ``nodes`` is the work done. A move's ``tie`` says why the
    best is preferred to it though both are worth the same (``TieReason``), else ``None``."""
    sit = analysis.situation
    return {
        "player": SEAT_NAMES[sit.player],
        "method": analysis.method,
        "samples": analysis.samples,
        "samples_asked": analysis.samples_asked,
        "cut": analysis.cut or None,
        "rough": analysis.rough,
        "nodes": analysis.nodes,
        "seed": analysis.seed,
        "best": str(analysis.best.move),
        "confidence": round(analysis.confidence, 4),
        "rules": list(sit.rule_ids),
        "legal": [str(m) for m in sit.legal],
        "illegal": [{"move": str(v.move), "rules": list(v.rule_ids)} for v in sit.illegal],
        "moves": [
            {
                "move": str(m.move),
                "game_points": round(m.game_points, 4),
                "card_points": round(m.card_points, 4),
                "win_probability": round(m.win_probability, 4),
                "best_count": m.best_count,
                "samples": m.samples,
                "line": [str(x) for x in m.line],
                "ideas": [idea_to_dict(i) for i in m.ideas],
                "tie": None
                if m.tie is None
                else {"kind": m.tie.kind, "play": str(m.tie.play), "keep": str(m.tie.keep)},
            }
            for m in analysis.moves
        ],
        "ideas": [idea_to_dict(i) for i in analysis.ideas],
    }

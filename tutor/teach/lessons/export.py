"""A lesson's replay as plain data, ready for JSON: one object per frame, and the result.

Used by ``tutor replay --json`` and the golden files of the tests; the narration is translated
only when a translator is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import State
from tutor.formats.errors import Gettext
from tutor.teach.lessons.library import replay
from tutor.teach.lessons.model import PLAYERS, Event, Frame, Lesson
from tutor.teach.lessons.replay import runs

__all__ = ["frame_json", "replay_json", "result_json"]


def _ab(values: tuple[int, ...]) -> dict[str, int]:
    return {"A": values[0], "B": values[1]}


def _who(player: int | None) -> str | None:
    return None if player is None else PLAYERS[player]


def result_json(state: State) -> dict[str, object]:
    """The end of a run: card points (with marriages), game points and the winner."""
    r = state.result
    if r is None:
        return {
            "over": False,
            "card_points": _ab((state.score(0), state.score(1))),
            "game_points": _ab((0, 0)),
            "winner": None,
        }
    return {
        "over": True,
        "card_points": _ab(r.scores),
        "game_points": _ab(r.game_points),
        "winner": _who(r.winner),
        "end": r.kind.value,
        "rule_id": r.rule_id,
    }


def _event_json(e: Event) -> dict[str, object]:
    out: dict[str, object] = {"kind": e.kind.value, "player": _who(e.player)}
    if e.cards:
        out["cards"] = [str(c) for c in e.cards]
    if e.points:
        out["points"] = e.points
    if e.detail:
        out["detail"] = e.detail
    if e.scores is not None:
        out["scores"] = _ab(e.scores)
    return out


def frame_json(frame: Frame, tr: Gettext | None = None) -> dict[str, object]:
    """One frame as plain data; the narration is translated when ``tr`` is given."""
    s = frame.state
    narration = frame.narration
    if tr is not None and narration:
        narration = tr._(narration)
    return {
        "index": frame.index,
        "step": frame.step,
        "preset": frame.preset,
        "move": None if frame.move is None else str(frame.move),
        "player": _who(frame.player),
        "narration": narration,
        "rule_ids": list(frame.rule_ids),
        "verdict": None
        if frame.verdict is None
        else {"legal": frame.verdict.legal, "rule_ids": list(frame.verdict.rule_ids)},
        "table": [
            {"player": PLAYERS[p], "card": str(c)}
            for c, p in zip(frame.table, frame.table_players, strict=True)
        ],
        "trick_winner": _who(frame.trick_winner),
        "events": [_event_json(e) for e in frame.events],
        "to_move": _who(s.to_move),
        "points": _ab(s.points),
        "melds": _ab(s.melds),
        "pending": _ab(s.pending),
        "score": _ab((s.score(0), s.score(1))),
        "tricks": _ab(s.tricks),
        "hands": {"A": [str(c) for c in s.hand(0)], "B": [str(c) for c in s.hand(1)]},
        "stock": s.stock_size,
        "trump_card": None if s.trump_card_value is None else str(s.trump_card_value),
        "closed_by": None if s.closed_by < 0 else PLAYERS[s.closed_by],
        "match": None if frame.match is None else _ab(frame.match),
    }


def replay_json(
    lesson: Lesson, frames: Sequence[Frame] | None = None, tr: Gettext | None = None
) -> dict[str, object]:
    """The replay as one JSON-ready object: ``id``, ``rules``, ``steps`` (every frame) and
    ``result`` (card points, game points, winner) of the lesson's preset; a lesson that
    compares presets also gets ``compare`` and ``results`` by preset."""
    if frames is None:
        frames = replay(lesson)
    out: dict[str, object] = {
        "id": lesson.id,
        "title": lesson.title,
        "level": lesson.level,
        "rules": lesson.preset,
        "show": lesson.show,
        "unnamed": [str(c) for c in sorted(lesson.unnamed)],
        "steps": [frame_json(f, tr) for f in frames],
    }
    last = {run[0].preset: run[-1].state for run in runs(frames)}
    out["result"] = result_json(last[lesson.preset])
    if lesson.compare:
        out["compare"] = list(lesson.compare)
        out["results"] = {name: result_json(last[name]) for name in lesson.compare}
    return out

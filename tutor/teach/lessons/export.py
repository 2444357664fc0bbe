"""A lesson's replay as plain data, ready for JSON: one object per frame, and the result.

Used by ``tutor replay --json`` and the golden files of the tests; the narration is translated
only when a translator is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import SEAT_LETTERS, Deal, State, TableState, game_for
from tutor.formats.errors import Gettext
from tutor.teach.lessons.library import replay
from tutor.teach.lessons.model import Event, Frame, Lesson
from tutor.teach.lessons.replay import runs

__all__ = ["frame_json", "replay_json", "result_json"]


def _ab(values: Sequence[int]) -> dict[str, int]:
    """Values by seat, keyed by the seats' letters."""
    return {SEAT_LETTERS[i]: v for i, v in enumerate(values)}


def _who(player: int | None) -> str | None:
    return None if player is None else SEAT_LETTERS[player]


def _sides(state: Deal, values: Sequence[int]) -> dict[str, int]:
    """Values by side, keyed by the sides' names ("A", or "A+C" for partners)."""
    name = game_for(state.rules).side_name
    return {name(x): v for x, v in enumerate(values)}


def _side(state: Deal, side: int | None) -> str | None:
    return None if side is None else game_for(state.rules).side_name(side)


def result_json(state: Deal) -> dict[str, object]:
    """The end of a run: card points (with marriages), game points and the winner, by side."""
    r = state.result
    sides = range(state.sides)
    if r is None:
        return {
            "over": False,
            "card_points": _sides(state, [state.score(x) for x in sides]),
            "game_points": _sides(state, [0 for _ in sides]),
            "winner": None,
        }
    return {
        "over": True,
        "card_points": _sides(state, r.scores),
        "game_points": _sides(state, r.game_points),
        "winner": _side(state, r.winner),
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
    """One frame as plain data, counts by seat (the score by side); the narration is
    translated when ``tr`` is given."""
    s = frame.state
    assert isinstance(s, State | TableState)  # the counts of both engines: points, melds...
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
            {"player": SEAT_LETTERS[p], "card": str(c)}
            for c, p in zip(frame.table, frame.table_players, strict=True)
        ],
        "trick_winner": _who(frame.trick_winner),
        "events": [_event_json(e) for e in frame.events],
        "to_move": _who(s.to_move),
        "points": _ab(s.points),
        "melds": _ab(s.melds),
        "pending": _ab(s.pending),
        "score": _sides(s, [s.score(x) for x in range(s.sides)]),
        "tricks": _ab(s.tricks),
        "hands": {SEAT_LETTERS[p]: [str(c) for c in s.hand(p)] for p in range(s.seats)},
        "stock": s.cards_to_draw,
        "trump_card": None if s.turned_up is None else str(s.turned_up),
        "closed_by": _who(s.closed_by) if isinstance(s, State) and s.closed_by >= 0 else None,
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

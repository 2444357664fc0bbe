"""The puzzle trainer on the Puzzles page: the learner's rating, the daily puzzle, a puzzle at
the learner's level (of the theme chosen), a streak, the learner's own puzzles due for review,
and the dashboard of the rating and the themes. The decisions are ``tutor.teach.puzzles``'s
(``training``, ``rating``, ``personal``); the words ``tutor.words.trainer_page``'s.

The clock is ``now()``: the session key ``t66_now`` (a test moves it) or the time now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

import streamlit as st

from tutor.engine import Move, State
from tutor.teach import puzzles as pz
from tutor.teach.puzzles import personal as mine
from tutor.teach.puzzles import rating as rt
from tutor.teach.puzzles import training as tg
from tutor.teach.puzzles.difficulty import DEFAULT_RATING
from tutor.teach.puzzles.record import TrainerRecord
from tutor.words import trainer_page as tw
from tutor.words.i18n import Translator
from tutor.words.puzzle_page import theme_option
from tutor_app import chrome, progress, puzzle_sets, session, text
from tutor_app.session import state
from tutor_app.shared import collection, puzzle_ratings

#: Session keys: the trainer's mode ("", "daily", "streak", "review"), the streak's solved
#: puzzles, the puzzle whose first end was already rated, the streak's seed (two streaks differ).
MODE, STREAK, RATED, STREAK_SEED = "pz_mode", "pz_streak", "pz_rated", "pz_streak_seed"
CLOCK = "t66_now"
#: How many of a deal's costliest moves the judge tries to prove (the top ones often lie
#: where too many deals are possible to prove anything).
PROVE_MOMENTS = 6


def now() -> datetime:
    moved = st.session_state.get(CLOCK)
    return moved if isinstance(moved, datetime) else datetime.now(UTC)


def lookup(puzzle_id: str) -> pz.Puzzle | None:
    """A puzzle of the course, a generated one, or one of the learner's own."""
    found = puzzle_sets.find(puzzle_id)
    if found is not None or not tg.is_personal(puzzle_id):
        return found
    kept = tg.personal_by_id(progress.record(), puzzle_id)
    try:
        return mine.puzzle_of(kept) if kept is not None else None
    except ValueError:
        return None


def _rated(theme: str = "") -> dict[str, float]:
    """Every puzzle's rating, the generated ones' and the course's, of ``theme`` if given."""
    return {
        **tg.entry_ratings(puzzle_sets.trainer_entries(), puzzle_sets.generated_ratings(), theme),
        **tg.ratings_of(collection().puzzles, puzzle_ratings(), theme),
    }


# ----------------------------------------------------------------------------- callbacks


def start(kind: str, open_puzzle: Callable[[str], None]) -> None:
    """Open the puzzle of ``kind``: the daily one, one at the learner's level, the streak's
    first, or the first of the own puzzles due."""
    st.session_state[MODE] = kind
    chosen: str | None = None
    if kind == "daily":
        chosen = rt.daily(puzzle_sets.trainer_ids(), now().date().isoformat())
    elif kind == "level":
        theme = str(state.pz_theme)
        chosen = tg.at_level(
            _rated(theme), progress.record(), [str(state.pz_current or "")], len(_history())
        )
    elif kind == "streak":
        st.session_state[STREAK] = []
        st.session_state[STREAK_SEED] = now().toordinal() * 1000 + len(_history())
        chosen = tg.streak_step(_rated(), [], _streak_seed())
    elif kind == "review":
        due = mine.due(progress.record().personal, now())
        chosen = due[0].id if due else None
    if chosen is not None:
        open_puzzle(chosen)


def _streak_seed() -> int:
    seed = st.session_state.get(STREAK_SEED, 0)
    return seed if isinstance(seed, int) else 0


def _history() -> tuple[float, ...]:
    return progress.record().history


def ended(attempt: pz.Attempt, open_puzzle: Callable[[str], None]) -> None:
    """After a move that ended ``attempt``: rate its first end, move the streak on or end it."""
    p = attempt.puzzle
    if st.session_state.get(RATED) != p.id:
        st.session_state[RATED] = p.id
        rating = _rated().get(p.id, DEFAULT_RATING)
        progress.set_record(tg.finished(progress.record(), attempt, rating, now()))
    if st.session_state.get(MODE) != "streak":
        return
    done = [*st.session_state.get(STREAK, []), p.id]
    if attempt.solved:
        st.session_state[STREAK] = done
        record = progress.record()
        if len(done) > record.best_streak:
            progress.set_record(replace(record, best_streak=len(done)))
    else:
        st.session_state[MODE] = ""
        session.notice(tw.STREAK_OVER, n=len(done) - 1)


def streak_next(open_puzzle: Callable[[str], None]) -> bool:
    """Open the streak's next puzzle; False when there is no streak going."""
    if st.session_state.get(MODE) != "streak":
        return False
    nxt = tg.streak_step(_rated(), st.session_state.get(STREAK, []), _streak_seed())
    if nxt is None:
        st.session_state[MODE] = ""
        return False
    open_puzzle(nxt)
    return True


def add_personal(made: list[mine.Personal]) -> None:
    """Keep the learner's new own puzzles."""
    record = progress.record()
    personal = record.personal
    for p in made:
        personal = mine.add(personal, p)
    progress.set_record(replace(record, personal=personal))


# ----------------------------------------------------------------------------- the panel


def panel(t: Translator, open_puzzle: Callable[[str], None]) -> None:
    """The trainer above the catalogue."""
    w = tw.TrainerWords().said(t)
    record = progress.record()
    go = chrome.safe_callback(start)
    with st.container(border=True, key="pz_trainer"):
        text.subheader(w.trainer)
        text.markdown(tw.rating_line(record.rating.rating, record.rating.rd, t))
        streak_caption(t)
        cols = st.columns(3)
        buttons = (
            (w.daily, "daily", ":material/today:"),
            (w.at_level, "level", ":material/target:"),
            (w.streak, "streak", ":material/trending_up:"),
        )
        for box, (label, kind, icon) in zip(cols, buttons, strict=True):
            with box:
                st.button(
                    label,
                    key=f"pz_tr_{kind}",
                    on_click=go,
                    args=(kind, open_puzzle),
                    icon=icon,
                    width="stretch",
                    help=w.streak_about if kind == "streak" else None,
                )
        due = mine.due(record.personal, now())
        if due:
            text.info(tw.due_line(len(due), t), icon=":material/event_repeat:")
            st.button(
                w.review,
                key="pz_tr_review",
                on_click=go,
                args=("review", open_puzzle),
                type="primary",
                icon=":material/replay:",
            )
        if record.history:
            with st.expander(w.dashboard, icon=":material/monitoring:"):
                dashboard(record, t, w)


def streak_caption(t: Translator) -> None:
    """The streak so far and the best one, while a streak is going (above the trainer's
    buttons and over the puzzle being played)."""
    if st.session_state.get(MODE) == "streak":
        done = len(st.session_state.get(STREAK, []))
        text.caption(tw.streak_line(done, progress.record().best_streak, t))


def dashboard(record: TrainerRecord, t: Translator, w: tw.TrainerWords) -> None:
    """The rating after each puzzle, and each theme's solved and missed puzzles."""
    st.vega_lite_chart(
        {
            "data": {"values": [{"n": i + 1, "r": r} for i, r in enumerate(record.history)]},
            "mark": {"type": "line", "point": True},
            "encoding": {
                "x": {
                    "field": "n",
                    "type": "quantitative",
                    "title": None,
                    "axis": {"tickMinStep": 1, "format": "d"},
                },
                "y": {
                    "field": "r",
                    "type": "quantitative",
                    "scale": {"zero": False},
                    "title": None,
                },
            },
            "title": w.rating_course,
            "height": 200,
        },
        width="stretch",
    )
    if not record.themes:
        return
    rows = []
    for k, (done, tried) in record.themes.items():
        name = theme_option(k, t) if k in pz.THEMES else t._(mine.THEME_TEXT)
        rows += [
            {"theme": name, "kind": w.solved_col, "n": done},
            {"theme": name, "kind": w.missed_col, "n": tried - done},
        ]
    st.vega_lite_chart(
        {
            "data": {"values": rows},
            "mark": "bar",
            "encoding": {
                "y": {
                    "field": "theme",
                    "type": "nominal",
                    "title": None,
                    "axis": {"labelLimit": 260},
                },
                "x": {
                    "field": "n",
                    "type": "quantitative",
                    "title": None,
                    "stack": True,
                    "axis": {"tickMinStep": 1, "format": "d"},
                },
                "color": {
                    "field": "kind",
                    "type": "nominal",
                    "title": None,
                    "sort": [w.solved_col, w.missed_col],
                    "legend": {"orient": "bottom"},
                },
            },
            "title": w.theme_share,
            "height": {"step": 26},
        },
        width="stretch",
    )


def from_played_deal(
    key: str, start: State | object, moves: tuple[Move, ...], plies: list[int], learner: int
) -> int:
    """Make the learner's own puzzles of the costly moves at ``plies`` of a deal of two, once
    per deal (``key``); how many were made."""
    made_for = st.session_state.setdefault("pz_made_from", {})
    if key in made_for:
        return int(made_for[key])
    made = mine.from_deal(start, moves, plies, learner, now()) if isinstance(start, State) else []
    if made:
        add_personal(made)
    made_for[key] = len(made)
    return len(made)


__all__ = [
    "CLOCK",
    "add_personal",
    "ended",
    "from_played_deal",
    "lookup",
    "now",
    "panel",
    "start",
    "streak_caption",
    "streak_next",
]

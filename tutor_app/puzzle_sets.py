"""The generated puzzles beside the course's hand-written ones: found by id (``/puzzles?id=``),
listed by preset and theme under the course's list (``tutor.teach.puzzles.generated``).

The file is read once per server (about two thousand entries, gzip-compressed JSON lines); a
puzzle's position is read when it is opened or drawn.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from tutor.teach import puzzles as pz
from tutor.teach.puzzles.difficulty import RATINGS_FILE
from tutor.teach.puzzles.generated import GENERATED_FILE, Entry, GeneratedSet, generated_set
from tutor.web.puzzle_html import puzzle_card_html, table_puzzle_card_html
from tutor.words import puzzle_page as pw
from tutor.words.generated_page import GeneratedWords, shown_line
from tutor.words.i18n import Translator
from tutor.words.switches import preset_name
from tutor_app import chrome, session, text
from tutor_app.session import state
from tutor_app.shared import ROOT, collection, ratings_in

GENERATED_ENV = "TUTOR_GENERATED_PUZZLES"
#: Cards shown at first, and added by "Show more".
PAGE = 12


def generated_path() -> Path:
    """``$TUTOR_GENERATED_PUZZLES`` or ``puzzles/generated/puzzles.jsonl.gz`` beside the app."""
    env = os.environ.get(GENERATED_ENV, "").strip()
    return Path(env) if env else ROOT / GENERATED_FILE


def generated() -> GeneratedSet:
    return generated_set(str(generated_path()))


def generated_ratings() -> dict[str, float]:
    """The measured ratings of the generated puzzles (``ratings.json`` beside their file;
    none: their levels')."""
    return ratings_in(generated_path().parent / RATINGS_FILE)


def find(puzzle_id: str) -> pz.Puzzle | None:
    """A puzzle of the course, else a generated one."""
    return collection().get(puzzle_id) or generated().get(puzzle_id)


def known_ids() -> tuple[str, ...]:
    return (*collection().ids, *generated().ids)


def trainer_entries() -> list[Entry]:
    """The generated puzzles the trainer draws from: those of two seats (a table puzzle is
    played from its list or its link, one move, without the trainer's rating)."""
    gen = generated()
    return [e for e in gen.entries if not gen.is_table(e.id)]


def trainer_ids() -> tuple[str, ...]:
    """Every puzzle the daily puzzle is drawn from: the course's and the trainer's generated."""
    return (*collection().ids, *(e.id for e in trainer_entries()))


def generated_ids(puzzle_id: str) -> list[str]:
    """The generated puzzles of the same preset and theme as ``puzzle_id`` (for "Next")."""
    gen = generated()
    here = next((e for e in gen.entries if e.id == puzzle_id), None)
    if here is None:
        return []
    return [e.id for e in gen.select(here.preset, state.pz_theme)]


#: This module's own keys in ``st.session_state``: the preset chosen, the cards shown.
PRESET_KEY = "pz_preset"
SHOWN_KEY = "pz_gen_shown"


def _more() -> None:
    ss = st.session_state
    ss[SHOWN_KEY] = int(ss.get(SHOWN_KEY, PAGE)) + PAGE


def _preset_chosen() -> None:
    ss = st.session_state
    ss[PRESET_KEY] = ss["w_pz_preset"]
    ss[SHOWN_KEY] = PAGE


def section(
    t: Translator,
    open_puzzle: Callable[[str], None],
    solved: dict[str, bool],
    open_table: Callable[[str], None] | None = None,
) -> None:
    """The list of generated puzzles of one preset, of the theme chosen above (a puzzle at a
    table of three or four opens with ``open_table``)."""
    gen = generated()
    presets = gen.presets()
    if not presets:
        return
    w = GeneratedWords().said(t)
    pw_words = pw.PuzzleWords().said(t)
    st.divider()
    text.subheader(w.heading)
    text.caption(w.intro)
    ss = st.session_state
    if ss.get(PRESET_KEY) not in presets:
        ss[PRESET_KEY] = presets[0]
    session.bind("w_pz_preset", PRESET_KEY)
    st.selectbox(
        w.preset,
        options=presets,
        format_func=lambda name: preset_name(name, t),
        filter_mode=None,
        key="w_pz_preset",
        on_change=chrome.safe_callback(_preset_chosen),
    )
    chosen = gen.select(ss[PRESET_KEY], state.pz_theme, int(state.pz_level))
    shown = chosen[: int(ss.get(SHOWN_KEY, PAGE))]
    text.caption(shown_line(len(shown), len(chosen), t))
    for row in range(0, len(shown), 3):
        for box, e in zip(st.columns(3), shown[row : row + 3], strict=False):
            table = gen.get_table(e.id) if open_table is not None else None
            p = gen.get(e.id)
            with box, st.container(border=True):
                if table is not None and open_table is not None:
                    text.html(table_puzzle_card_html(table, t, solved=table.id in solved))
                    st.button(
                        pw_words.try_again if table.id in solved else pw_words.open,
                        key=f"pz_gen_open_{table.id}",
                        on_click=open_table,
                        args=(table.id,),
                        type="secondary" if table.id in solved else "primary",
                    )
                    continue
                if p is None:
                    text.warning(pw.cannot_show(e.id, t))
                    continue
                text.html(puzzle_card_html(p, t, solved=p.id in solved))
                st.button(
                    pw_words.try_again if p.id in solved else pw_words.open,
                    key=f"pz_gen_open_{p.id}",
                    on_click=open_puzzle,
                    args=(p.id,),
                    type="secondary" if p.id in solved else "primary",
                )
    if len(shown) < len(chosen):
        st.button(w.more, key="pz_gen_more", on_click=chrome.safe_callback(_more))


__all__ = [
    "find",
    "generated",
    "generated_ids",
    "generated_path",
    "generated_ratings",
    "known_ids",
    "section",
    "trainer_entries",
    "trainer_ids",
]

"""Studio: set up any position card by card (``tutor.teach.studio.setup``), from pasted
position text or from a link (``/studio?pos=<code>``, ``tutor.teach.studio.link``); once
complete, the position is drawn as the table and the analysis board is shown below it; or the
lesson recorder, from the position when no card of it is played yet, else from a new deal."""

from __future__ import annotations

import random

import streamlit as st

from tutor.engine import PRESETS, SEAT_LETTERS, TABLE_PRESETS, Suit
from tutor.teach.studio import link
from tutor.teach.studio.reading import setup_from_text
from tutor.teach.studio.recorder import as_dealt
from tutor.teach.studio.setup import Place, Refusal, Setup
from tutor.web.board import BoardOptions
from tutor.web.rules_ref import preset_name
from tutor.web.studio_html import editor_html, places
from tutor.words import studio_page as sw
from tutor.words.app_text import AppWords
from tutor.words.i18n import Translator
from tutor_app import board, chrome, text
from tutor_app.analysis_panel import analysis_board
from tutor_app.recorder_panel import lesson_recorder
from tutor_app.session import state
from tutor_app.shared import tr

#: The address of a position: ``/studio?pos=<code>``.
POS_PARAM = "pos"
SETUP = "studio_setup"
TARGET = "studio_target"
APPLIED = "studio_pos"
NOTICE = "studio_notice"
BOARD_KEY = "studio_board"
PRESET_NAMES = (*PRESETS, *TABLE_PRESETS)
#: What the teacher does with the position: analyse it, or record a lesson.
ANALYSE, RECORD = "analyse", "record"


def page() -> None:
    chrome.guarded(_body)()


def _setup() -> Setup:
    value = st.session_state.get(SETUP)
    return value if isinstance(value, Setup) else Setup()


def _target(setup: Setup) -> Place:
    name = st.session_state.get(TARGET, "hand.A")
    return next((p for p in places(setup) if p.name == name), places(setup)[0])


def _keep(result: Setup | Refusal) -> None:
    """A new setup kept, or the refusal kept for the notice of the next run."""
    if isinstance(result, Refusal):
        st.session_state[NOTICE] = result
    else:
        st.session_state[SETUP] = result
        st.session_state.pop(NOTICE, None)


def _on_click(move: str) -> None:
    setup = _setup()
    kind, _, rest = move.partition(":")
    if kind == "put":
        _keep(setup.put(rest, _target(setup)))
    elif kind == "take":
        where, _, card = rest.partition(":")
        place = next((p for p in places(setup) if p.name == where), None)
        if place is not None:
            _keep(setup.take(card, place))


def _open_link() -> None:
    """The position the address carries (once per address); junk gives a notice."""
    raw = st.query_params.get(POS_PARAM)
    if raw is None or st.session_state.get(APPLIED) == raw:
        return
    st.session_state[APPLIED] = raw
    _keep(link.decode(str(raw)))


def _on_preset() -> None:
    setup = _setup()
    made = setup.with_preset(str(st.session_state.get("w_studio_preset", setup.preset)))
    if isinstance(made, Refusal):
        _keep(made)
        return
    fresh, out = made
    _keep(fresh)
    if out:
        st.session_state[NOTICE] = out


def _on_dealer() -> None:
    setup = _setup()
    _keep(setup.with_dealer(SEAT_LETTERS.index(str(st.session_state["w_studio_dealer"]))))


def _on_trump_suit() -> None:
    chosen = str(st.session_state.get("w_studio_suit") or "")
    _keep(_setup().with_trump_suit(chosen or None))


def _on_paste() -> None:
    pasted = str(st.session_state.get("w_studio_text") or "")
    if pasted.strip():
        _keep(setup_from_text(pasted))


def _notice(t: Translator) -> None:
    kept = st.session_state.pop(NOTICE, None)
    if isinstance(kept, Refusal):
        text.warning(sw.refusal_text(kept, t))
    elif isinstance(kept, tuple) and kept:
        text.info(sw.taken_out(kept, t))


def _controls(setup: Setup, w: sw.StudioWords, t: Translator) -> None:
    rules, dealer, target = st.columns(3)
    with rules:
        st.session_state["w_studio_preset"] = setup.preset
        options = list(PRESET_NAMES)
        if setup.preset not in options:
            options.append(setup.preset)
        st.selectbox(
            w.rules,
            options,
            key="w_studio_preset",
            format_func=lambda name: preset_name(name, t),
            on_change=chrome.safe_callback(_on_preset),
        )
    with dealer:
        st.session_state["w_studio_dealer"] = SEAT_LETTERS[setup.dealer]
        st.selectbox(
            w.dealer,
            list(SEAT_LETTERS[: setup.seats]),
            key="w_studio_dealer",
            on_change=chrome.safe_callback(_on_dealer),
        )
        if setup.trump is None:  # the face-up card drawn, or rules that name the trumps
            st.session_state["w_studio_suit"] = setup.trump_suit or ""
            st.selectbox(
                w.trump_suit,
                ["", *"cshd"],
                key="w_studio_suit",
                format_func=lambda s: t.suit(Suit.parse(s)) if s else "—",
                on_change=chrome.safe_callback(_on_trump_suit),
            )
    with target:
        names = [p.name for p in places(setup)]
        if st.session_state.get(TARGET) not in names:
            st.session_state[TARGET] = names[0]
        st.radio(
            w.target,
            names,
            key=TARGET,
            format_func=lambda name: sw.place_name(
                next(p for p in places(setup) if p.name == name), t
            ),
        )


def _buttons(setup: Setup, w: sw.StudioWords) -> None:
    fill, clear = st.columns(2)
    with fill:
        if st.button(w.fill, key="studio_fill", width="stretch"):
            _keep(setup.fill(seed=random.SystemRandom().randrange(1 << 30)))
            st.rerun()
    with clear:
        if st.button(w.clear, key="studio_clear", width="stretch"):
            _keep(setup.clear())
            st.rerun()


def _body() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    w = sw.StudioWords().said(t)
    text.title(AppWords().said(t).studio)
    _open_link()
    _notice(t)
    text.markdown(w.intro)
    setup = _setup()
    _controls(setup, w, t)
    setup = _setup()
    opts = BoardOptions(style=state.style, projector=bool(state.projector))
    board.card_board(editor_html(setup, _target(setup), t, opts), key=BOARD_KEY, on_play=_on_click)
    _buttons(setup, w)
    with st.expander(w.paste):
        st.text_area(w.paste, key="w_studio_text", max_chars=link.MAX_TEXT)
        st.button(w.read, key="studio_read", on_click=chrome.safe_callback(_on_paste))
    code = link.encode(setup)
    text.caption(w.link)
    text.code(f"/studio?{POS_PARAM}={code}")
    st.session_state[APPLIED] = code
    chrome.sync_address(chrome.settings_params(**{POS_PARAM: code}))
    deal = setup.deal()
    complete = not isinstance(deal, Refusal)
    if isinstance(deal, Refusal):
        text.info(sw.refusal_text(deal, t))
    else:  # the analysis board and the recorder below draw the table
        text.success(w.complete)
    modes = {ANALYSE: w.analyse, RECORD: w.record}
    mode = st.segmented_control(
        w.mode,
        tuple(modes),
        format_func=modes.__getitem__,
        key="w_studio_mode",
        default=ANALYSE,
        label_visibility="collapsed",
    )
    if mode == RECORD:
        # A lesson starts at the deal's start: the editor's deal when no card is played yet.
        start = deal if not isinstance(deal, Refusal) and as_dealt(deal) else None
        lesson_recorder("studio_rec", start=start)
    elif complete and not isinstance(deal, Refusal):
        analysis_board(deal, key="studio_analysis")


if __name__ == "__main__":
    page()

"""Puzzles: a position, a goal, and the learner finds the moves while the computer defends.

Choose a puzzle by theme and level; play by clicking cards (or the buttons for a marriage,
the exchange, closing, declaring 66). Each move is judged exactly by ``tutor.teach.puzzles``: a
wrong move shows the line that refutes it and why; hints are revealed one level at a time.
Solved puzzles are marked in the session and can be downloaded and uploaded as a small JSON
file. State lives in ``st.session_state`` under ``pz_...`` keys; widgets have ``w_pz_...``
keys; every change happens in a callback.
"""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from tutor.engine import (
    CARDS,
    Card,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    Play,
    cards_of_mask,
    legal_moves,
    view_of,
)
from tutor.teach import puzzles as pz
from tutor.web import present
from tutor.web.cardart import card_svg
from tutor.web.present import BoardOptions, TableCard
from tutor.words import puzzle_text as pt
from tutor.words.i18n import Translator
from tutor_app import common

PUZZLES_ENV = "TUTOR_PUZZLES_DIR"
ALL = ""  # the filter value for every theme
MARKS_FILE = "66-puzzles-solved.json"
MARK_ICONS = {
    pz.Mark.RIGHT: ":material/check_circle:",
    pz.Mark.PARTLY: ":material/check:",
    pz.Mark.WRONG: ":material/cancel:",
}


# ----------------------------------------------------------------------------- shared objects


def puzzles_folder() -> Path:
    """The puzzles folder: ``$TUTOR_PUZZLES_DIR`` or ``puzzles/`` beside the app."""
    env = os.environ.get(PUZZLES_ENV, "").strip()
    return Path(env) if env else common.ROOT / "puzzles"


@st.cache_resource(show_spinner=False, max_entries=8)
def _collection(folder: str, signature: tuple[tuple[str, int, int], ...]) -> pz.Collection:
    return pz.Collection.load(Path(folder))


def collection() -> pz.Collection:
    """The puzzles, read once per folder and again whenever a file changes."""
    folder = puzzles_folder()
    return _collection(str(folder), present.folder_signature(folder))


def init_state() -> None:
    ss = st.session_state
    ss.setdefault("pz_theme", ALL)
    ss.setdefault("pz_level", 0)
    ss.setdefault("pz_current", None)
    ss.setdefault("pz_attempt", None)
    ss.setdefault("pz_hints", 0)
    ss.setdefault("pz_reveal", False)
    ss.setdefault("pz_solved", {})
    ss.setdefault("pz_upload", None)  # (error msgid or "", puzzles read) of the last upload


# ----------------------------------------------------------------------------- callbacks


def _open(puzzle_id: str) -> None:
    ss = st.session_state
    p = collection().get(puzzle_id)
    if p is None:
        return
    ss.pz_current = p.id
    ss.pz_attempt = pz.start(p)
    ss.pz_hints = 0
    ss.pz_reveal = False


open_puzzle = common.safe_callback(_open)


@common.safe_callback
def close_puzzle() -> None:
    st.session_state.pz_current = None
    st.session_state.pz_attempt = None


@common.safe_callback
def play_move(text: str) -> None:
    ss = st.session_state
    attempt = ss.get("pz_attempt")
    if not isinstance(attempt, pz.Attempt) or attempt.over:
        return
    attempt = pz.play(attempt, text)
    ss.pz_attempt = attempt
    ss.pz_hints = 0  # hints are about one position: the next one starts without
    if attempt.solved:
        solved = dict(ss.pz_solved)
        solved[attempt.puzzle.id] = solved.get(attempt.puzzle.id, False) or attempt.perfect
        ss.pz_solved = solved


@common.safe_callback
def retry() -> None:
    ss = st.session_state
    attempt = ss.get("pz_attempt")
    if isinstance(attempt, pz.Attempt):
        ss.pz_attempt = pz.start(attempt.puzzle)
        ss.pz_reveal = False


@common.safe_callback
def reveal() -> None:
    st.session_state.pz_reveal = True


@common.safe_callback
def more_hint() -> None:
    ss = st.session_state
    ss.pz_hints = min(4, int(ss.get("pz_hints", 0)) + 1)


@common.safe_callback
def next_puzzle() -> None:
    ss = st.session_state
    chosen = _filtered(collection())
    ids = [p.id for p in chosen]
    if not ids:
        return
    here = ids.index(ss.pz_current) if ss.pz_current in ids else -1
    order = ids[here + 1 :] + ids[: here + 1]
    unsolved = [i for i in order if i not in ss.pz_solved and i != ss.pz_current]
    _open((unsolved or order)[0])


def apply_upload(data: bytes) -> None:
    """Merge an uploaded file of solved puzzles into the session's, or keep its error."""
    ss = st.session_state
    try:
        marks = pz.load_marks(data, known=collection().ids)
    except pz.MarksError as exc:
        ss.pz_upload = (exc.template, 0)
        return
    # a puzzle solved without a hint here stays so, whatever the file says
    ss.pz_solved = {
        k: ss.pz_solved.get(k, False) or v for k, v in {**ss.pz_solved, **marks}.items()
    }
    ss.pz_upload = ("", len(marks))


@common.safe_callback
def uploaded() -> None:
    file = st.session_state.get("w_pz_upload")
    if file is not None:
        apply_upload(file.getvalue())


# ----------------------------------------------------------------------------- page


def page() -> None:
    common.guarded(_body)()


def _body() -> None:
    init_state()
    ss = st.session_state
    col = collection()
    current = col.get(ss.pz_current) if ss.get("pz_current") else None
    attempt = ss.get("pz_attempt")
    if current is not None and (
        not isinstance(attempt, pz.Attempt) or attempt.puzzle.id != current.id
    ):
        _open(current.id)
    common.projector_bar()
    common.show_notices()
    t = common.tr()
    if current is None:
        _catalogue(col, t)
    else:
        _trainer(current, t)
    common.sync_address(common.settings_params())


def _filtered(col: pz.Collection) -> list[pz.Puzzle]:
    ss = st.session_state
    theme, level = ss.get("pz_theme", ALL), int(ss.get("pz_level", 0))
    return [
        p
        for p in col.puzzles
        if (theme == ALL or p.theme == theme) and (level == 0 or p.level == level)
    ]


def _catalogue(col: pz.Collection, t: Translator) -> None:
    ss = st.session_state
    st.title(t._("Puzzles"))
    st.markdown(
        t._(
            "Each puzzle is a position with a goal. Find the moves that reach it; the computer "
            "defends as well as it can, and every answer is checked exactly by the solver."
        )
    )
    for err in col.errors:
        st.warning(err.render(t), icon=":material/warning:")
    if not col.puzzles:
        st.info(t._("There are no puzzles yet."))
        return
    themes = [ALL, *sorted({p.theme for p in col.puzzles}, key=list(pz.THEMES).index)]
    levels = [0, *sorted({p.level for p in col.puzzles})]
    f_theme, f_level = st.columns(2)
    with f_theme:
        if ss.pz_theme not in themes:
            ss.pz_theme = ALL
        common.bind("w_pz_theme", "pz_theme")
        st.selectbox(
            t._("Theme"),
            options=themes,
            format_func=lambda th: t._("All themes") if th == ALL else t._(pz.THEMES[th]),
            key="w_pz_theme",
            on_change=common.copy_to("pz_theme", "w_pz_theme"),
        )
    with f_level:
        if ss.pz_level not in levels:
            ss.pz_level = 0
        common.bind("w_pz_level", "pz_level")
        st.selectbox(
            t._("Level"),
            options=levels,
            format_func=lambda lv: t._("All levels") if lv == 0 else pt.level_words(lv, t),
            key="w_pz_level",
            on_change=common.copy_to("pz_level", "w_pz_level"),
        )
    chosen = _filtered(col)
    solved = ss.pz_solved
    st.caption(
        t._(
            "Solved: {solved} of {total}.",
            solved=sum(1 for p in col.puzzles if p.id in solved),
            total=len(col.puzzles),
        )
    )
    for row in range(0, len(chosen), 3):
        cols = st.columns(3)
        for box, p in zip(cols, chosen[row : row + 3], strict=False):
            with box, st.container(border=True):
                mark = ""
                if p.id in solved:
                    solved_word = t._("solved")
                    mark = f' <span class="t66-done">✓ {present.esc(solved_word)}</span>'
                st.html(
                    f"<h4 style='margin:0 0 .3em'>{present.esc(t._(p.title))}{mark}</h4>"
                    f"<p style='margin:0 0 .3em'>{present.esc(pt.goal_words(p, t))}</p>"
                    f"<p style='margin:0;color:#555;font-size:.9em'>"
                    f"{present.esc(pt.theme_words(p, t))} · "
                    f"{present.esc(pt.level_words(p.level, t))}</p>"
                )
                st.button(
                    t._("Try again") if p.id in solved else t._("Open"),
                    key=f"pz_open_{p.id}",
                    on_click=open_puzzle,
                    args=(p.id,),
                    type="secondary" if p.id in solved else "primary",
                )
    marks_controls(t)


def marks_controls(t: Translator) -> None:
    ss = st.session_state
    st.divider()
    st.subheader(t._("Your solved puzzles"))
    st.caption(
        t._(
            "They are kept only while this page is open. Download them as a small file and "
            "upload it next time to carry on."
        )
    )
    down, up = st.columns(2)
    with down:
        st.download_button(
            t._("Download solved puzzles"),
            data=pz.dump_marks(ss.pz_solved),
            file_name=MARKS_FILE,
            mime="application/json",
            key="pz_download",
            icon=":material/download:",
        )
    with up:
        st.file_uploader(
            t._("Upload solved puzzles"),
            type=["json"],
            key="w_pz_upload",
            on_change=uploaded,
        )
        result = ss.get("pz_upload")
        if result:
            error, count = result
            if error:
                st.error(t._(error), icon=":material/error:")
            else:
                st.success(t._("Solved puzzles read from the file: {count}.", count=count))


# ----------------------------------------------------------------------------- the trainer


def _table(attempt: pz.Attempt) -> tuple[TableCard, ...]:
    s = attempt.state
    if s.lead >= 0:
        lead = s.lead_card
        assert lead is not None
        return (TableCard(s.leader, lead),)
    if attempt.history and s.last_trick not in (None, attempt.puzzle.state.last_trick):
        assert s.last_trick is not None
        leader, led, played, winner = s.last_trick
        return (
            TableCard(leader, CARDS[led], winner == leader),
            TableCard(1 - leader, CARDS[played], winner != leader),
        )
    return ()


def _move_key(move: Move) -> str:
    return "pz_move_" + str(move).replace(" ", "_")


def _card_label(card: Card, style: str) -> str:
    """A short label for a card's button: rank and suit sign (French pack), else notation."""
    if style != "french":
        return str(card)
    text = f"{card.rank.symbol}{present.SUIT_GLYPHS[card.suit]}"
    return f":red[{text}]" if card.suit in present.RED_SUITS else text


def _move_label(move: Move, t: Translator) -> str:
    if isinstance(move, Marriage):  # the card itself, so that the catalog can decline it
        if move.out:
            return t._("Marriage with {card} and 66", card=move.card)
        return t._("Marriage with {card}", card=move.card)
    if isinstance(move, Exchange):
        return t._("Exchange the trump")
    if isinstance(move, Close):
        return t._("Close the stock")
    if isinstance(move, DeclareOut):
        return t._("Declare 66")
    return str(move)


def _trainer(p: pz.Puzzle, t: Translator) -> None:
    ss = st.session_state
    attempt: pz.Attempt = ss.pz_attempt
    projector = bool(ss.get("projector"))
    head, back = st.columns([5, 1.4], vertical_alignment="center")
    with head:
        st.html(
            f'<h1 style="margin:0;padding:0">{present.esc(t._(p.title))}'
            f' <span class="t66-level">{present.esc(pt.level_words(p.level, t))}</span></h1>'
            f'<p class="t66-summary">{present.esc(pt.theme_words(p, t))}</p>'
        )
    with back:
        st.button(
            t._("All puzzles"),
            key="pz_btn_list",
            on_click=close_puzzle,
            icon=":material/list:",
            width="stretch",
        )
    st.info(
        t._("Goal: {goal} You play {player}.", goal=pt.goal_words(p, t), player="AB"[p.learner]),
        icon=":material/flag:",
    )
    board, side = st.columns([3, 2], gap="medium")
    show = (p.learner == 0, p.learner == 1)
    with board:
        st.html(
            present.board_html(
                attempt.state,
                _table(attempt),
                t,
                BoardOptions(style=ss.style, show=show, projector=projector),
            )
        )
        if not attempt.over:
            _move_buttons(attempt, t)
        _unseen(attempt, t)
    with side:
        _feedback(attempt, t)
        _hints(attempt, t)
        _after(attempt, t)


def _move_buttons(attempt: pz.Attempt, t: Translator) -> None:
    ss = st.session_state
    state = attempt.state
    learner = attempt.puzzle.learner
    if state.to_move != learner:
        return
    legal = legal_moves(state)
    hand = state.hand(learner)
    st.caption(t._("Click a card to play it."))
    cols = st.columns(max(len(hand), 6))
    for box, card in zip(cols, hand, strict=False):
        move = Play(card)
        allowed = move in legal
        with box:
            label = t.card(card)
            svg = card_svg(card, style=ss.style, label=label, height=96, dimmed=not allowed)
            st.html(f'<div style="text-align:center">{present.svg_img(svg, label, "")}</div>')
            st.button(
                _card_label(card, ss.style),
                key=f"pz_play_{card}",
                on_click=play_move,
                args=(str(card),),
                disabled=not allowed,
                help=label,
                width="stretch",
            )
    others = [m for m in legal if not isinstance(m, Play)]
    for row in range(0, len(others), 3):
        for box, m in zip(st.columns(3), others[row : row + 3], strict=False):
            with box:
                st.button(
                    _move_label(m, t),
                    key=_move_key(m),
                    on_click=play_move,
                    args=(str(m),),
                    width="stretch",
                )


def _unseen(attempt: pz.Attempt, t: Translator) -> None:
    """The cards the learner has not seen: counting them is half the game."""
    p = attempt.puzzle
    view = view_of(attempt.state, p.learner, attempt.excluded)
    cards = ", ".join(t.card(c) for c in cards_of_mask(view.unseen))
    with st.expander(t._("Cards you have not seen")):
        if view.stock_count and view.closed_by < 0:
            st.caption(t._("They are in your opponent's hand or in the stock."))
        elif view.stock_count:
            st.caption(t._("They are in your opponent's hand or in the closed stock."))
        else:
            st.caption(t._("The stock is used up: these cards are in your opponent's hand."))
        st.markdown(present.esc(cards) if cards else t._("none"))


def _feedback(attempt: pz.Attempt, t: Translator) -> None:
    p = attempt.puzzle
    for number, j in enumerate(attempt.judgements, start=1):
        fb = pt.feedback(p, j, t)
        last = number == len(attempt.judgements)
        icon = MARK_ICONS[fb.mark]
        if fb.mark is pz.Mark.WRONG:
            st.warning(fb.headline, icon=icon)
        elif fb.mark is pz.Mark.RIGHT:
            st.success(fb.headline, icon=icon)
        else:
            st.info(fb.headline, icon=icon)
        if fb.details and (last or fb.mark is not pz.Mark.PARTLY):
            with st.expander(
                t._("Why") if fb.mark is not pz.Mark.WRONG else t._("The refutation"),
                expanded=last,
            ):
                st.markdown("\n".join(f"- {present.esc(d)}" for d in fb.details))


def _hints(attempt: pz.Attempt, t: Translator) -> None:
    ss = st.session_state
    if attempt.over:
        return
    shown = int(ss.get("pz_hints", 0))
    for level in range(1, shown + 1):
        st.markdown(
            f"**{present.esc(t._(pt.HINT_LEVELS[level]))}**  \n"
            f"{present.esc(pt.hint(attempt, level, t))}"
        )
    if shown < 4:
        st.button(
            t._("Show a hint ({level} of 4)", level=shown + 1),
            key="pz_btn_hint",
            on_click=more_hint,
            icon=":material/lightbulb:",
        )


def _after(attempt: pz.Attempt, t: Translator) -> None:
    ss = st.session_state
    p = attempt.puzzle
    if attempt.solved:
        st.success(t._("Solved!"), icon=":material/celebration:")
        st.markdown(present.esc(t._(p.explanation)))
        if p.note:
            st.caption(present.esc(t._(p.note)))
        moves, _ = pz.solution_line(attempt)
        if moves:
            with st.expander(t._("How the deal goes on")):
                lines = pt.line_words(attempt.state, moves, t)
                st.markdown("\n".join(f"- {present.esc(x)}" for x in lines))
    elif attempt.failed:
        st.button(t._("Try again"), key="pz_btn_retry", on_click=retry, icon=":material/replay:")
        if ss.get("pz_reveal"):
            fresh = pz.start(p)
            st.markdown("**" + present.esc(t._("The solution")) + "**")
            st.markdown(present.esc(pt.hint(fresh, 4, t)))
            st.markdown(present.esc(t._(p.explanation)))
        else:
            st.button(
                t._("Show the solution"),
                key="pz_btn_reveal",
                on_click=reveal,
                icon=":material/visibility:",
            )
    if attempt.over:
        st.button(
            t._("Next puzzle"),
            key="pz_btn_next",
            on_click=next_puzzle,
            type="primary",
            icon=":material/skip_next:",
        )


if __name__ == "__main__":
    page()

"""Puzzles: a position, a goal, and the learner finds the moves while the computer defends.

Choose a puzzle by theme and level; play by clicking a card on the table, or choosing it with
the arrow keys and Enter (the buttons below the table for a marriage, the exchange, closing,
declaring 66). Each move is judged exactly by ``tutor.teach.puzzles``; the computer's answers
appear on the table, one step at a time when there are several. A wrong move's refutation is
replayed on the table with every card face up, step by step, to what decides it; hints are
revealed one level at a time.
Solved puzzles are marked in the session and can be downloaded and uploaded as a small JSON
file (``tutor_app.puzzle_marks``). State lives in ``st.session_state`` under ``pz_...`` keys;
widgets have ``w_pz_...`` keys; every change happens in a callback
(``tutor_app.puzzle_callbacks``).
"""

from __future__ import annotations

import streamlit as st

from tutor.engine import Move
from tutor.teach import puzzles as pz
from tutor.teach.classroom import puzzle_question
from tutor.web.board import BoardOptions, board_html
from tutor.web.html import md_bold
from tutor.web.problems import file_panels
from tutor.web.puzzle_html import (
    attempt_table,
    hint_markdown,
    line_panel_html,
    puzzle_card_html,
    replay_board_html,
    replay_panel_html,
    step_board_html,
)
from tutor.web.titles import page_title_html
from tutor.words import puzzle_page as pw
from tutor.words import puzzle_text as pt
from tutor.words import trainer_page as tw
from tutor.words.explain import move_label
from tutor.words.i18n import Translator
from tutor_app import (
    ask,
    board,
    chrome,
    progress,
    puzzle_sets,
    session,
    studio_link,
    table_puzzle,
    text,
)
from tutor_app import trainer_panel as trainer
from tutor_app.puzzle_callbacks import (
    close_puzzle,
    filtered,
    init_state,
    more_hint,
    next_puzzle,
    open_puzzle,
    play_move,
    retry,
    retry_here,
    reveal,
    start_puzzle,
    view_step,
    why,
)
from tutor_app.puzzle_marks import marks_controls
from tutor_app.session import state
from tutor_app.shared import collection, rooms, tr

BOARD_KEY = "pz_board"
MARK_ICONS = {
    pz.Mark.RIGHT: ":material/check_circle:",
    pz.Mark.PARTLY: ":material/check:",
    pz.Mark.WRONG: ":material/cancel:",
}


# ----------------------------------------------------------------------------- page


def page() -> None:
    chrome.guarded(_body)()


#: The address of one puzzle: ``/puzzles?id=...``.
ID_PARAM = "id"


def _open_link() -> None:
    """Open the puzzle the address names (once per address); an unknown one is named in a
    notice and the list is shown."""
    raw = st.query_params.get(ID_PARAM)
    if raw is None or st.session_state.get("pz_link") == raw:
        return
    st.session_state["pz_link"] = raw
    if table_puzzle.find(raw) is not None:  # a puzzle at a table of three or four
        table_puzzle.open_table(raw)
    elif trainer.lookup(raw) is None:
        session.notice(pw.NO_SUCH_PUZZLE, puzzle=raw)
        state.pz_current = None
    else:
        start_puzzle(raw)


def _body() -> None:
    init_state()
    _open_link()
    progress.keep()  # solved puzzles are kept in the browser with the course's progress
    ask.keep_room(lambda: None)  # a teacher's room, to ask the class about a puzzle
    col = collection()
    table = table_puzzle.current()
    if table is not None:
        chrome.projector_bar()
        chrome.show_notices()
        table_puzzle.view(table, tr())
        st.session_state["pz_link"] = table.id
        chrome.sync_address(chrome.settings_params(**{ID_PARAM: table.id}))
        return
    current = trainer.lookup(state.pz_current) if state.pz_current else None
    attempt = state.pz_attempt
    if current is not None and (
        not isinstance(attempt, pz.Attempt) or attempt.puzzle.id != current.id
    ):
        start_puzzle(current.id)
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    if current is None:
        _catalogue(col, t)
    else:
        _trainer(current, t)
    opened = {ID_PARAM: current.id} if current is not None else {}
    st.session_state["pz_link"] = opened.get(ID_PARAM)
    chrome.sync_address(chrome.settings_params(**opened))


def _catalogue(col: pz.Collection, t: Translator) -> None:
    w = pw.PuzzleWords().said(t)
    text.title(w.title)
    text.markdown(w.intro)
    trainer.panel(t, start_puzzle)
    for panel in file_panels(col.errors, col.folder, t):
        text.error(panel.markdown(w.unreadable))
    if not col.puzzles:
        text.info(w.none_yet)
        return
    themes = pz.theme_choices(col.puzzles)
    levels = pz.level_choices(col.puzzles)
    f_theme, f_level = st.columns(2)
    with f_theme:
        if state.pz_theme not in themes:
            state.pz_theme = pz.ALL_THEMES
        session.bind("w_pz_theme", "pz_theme")
        st.selectbox(
            w.theme,
            placeholder=w.choose,
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=themes,
            format_func=lambda th: pw.theme_option(th, t),
            key="w_pz_theme",
            on_change=session.copy_to("pz_theme", "w_pz_theme"),
        )
    with f_level:
        if state.pz_level not in levels:
            state.pz_level = pz.ALL_LEVELS
        session.bind("w_pz_level", "pz_level")
        st.selectbox(
            w.level,
            placeholder=w.choose,
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=levels,
            format_func=lambda lv: pw.level_option(lv, t),
            key="w_pz_level",
            on_change=session.copy_to("pz_level", "w_pz_level"),
        )
    chosen = filtered(col)
    solved = state.pz_solved
    text.caption(pw.solved_line(pz.solved_count(col.puzzles, solved), len(col.puzzles), t))
    for row in range(0, len(chosen), 3):
        cols = st.columns(3)
        for box, p in zip(cols, chosen[row : row + 3], strict=False):
            with box, st.container(border=True):
                try:
                    card = puzzle_card_html(p, t, solved=p.id in solved)
                except Exception:  # one puzzle that cannot be drawn hides no other
                    chrome.LOG.exception("puzzle %s cannot be shown", p.id)
                    text.warning(pw.cannot_show(p.id, t))
                    continue
                text.html(card)
                st.button(
                    w.try_again if p.id in solved else w.open,
                    key=f"pz_open_{p.id}",
                    on_click=open_puzzle,
                    args=(p.id,),
                    type="secondary" if p.id in solved else "primary",
                )
    puzzle_sets.section(t, open_puzzle, solved, table_puzzle.open_table)
    marks_controls(t)


# ----------------------------------------------------------------------------- the trainer


def _move_key(move: Move) -> str:
    return "pz_move_" + str(move).replace(" ", "_")


def _trainer(p: pz.Puzzle, t: Translator) -> None:
    attempt = state.pz_attempt
    assert attempt is not None  # opened by _body
    w = pw.PuzzleWords().said(t)
    title = pw.puzzle_title(p, t)
    chrome.page_title(title, w.title)
    projector = bool(state.projector)
    head, back = st.columns([5, 1.4], vertical_alignment="center")
    with head:
        text.html(
            page_title_html(
                title,
                pt.level_words(p.level, t),
                pt.theme_words(p, t),
                room=chrome.open_room(),
            )
        )
        trainer.streak_caption(t)
    with back:
        st.button(
            w.all_puzzles,
            key="pz_btn_list",
            on_click=close_puzzle,
            icon=":material/list:",
            width="stretch",
        )
    text.info(pt.goal_line(p, t), icon=":material/flag:")
    board_col, side = st.columns([3, 2], gap="medium")
    # A solved puzzle's table is finished: every hand face up, no one to play.
    show = (True, True) if attempt.solved else (p.learner == 0, p.learner == 1)
    opts = BoardOptions(style=state.style, show=show, projector=projector)
    replay = pz.refutation_of(attempt)
    steps = pz.answer_steps(attempt)
    why_at = state.pz_why if replay is not None else None
    view = pz.answer_shown(int(state.pz_view), steps)
    with board_col:
        if replay is not None and why_at is not None:
            why_at = min(int(why_at), len(replay.steps))
            text.html(replay_board_html(replay, why_at, t, opts))
            _replay_nav(replay, why_at, w)
        elif 0 <= view < len(steps) - 1:
            text.html(step_board_html(steps[view], t, opts))
            _answer_nav(steps, view, w)
        else:
            _table(attempt, opts, t, focus=not projector)
            if view >= 0:
                _answer_nav(steps, view, w)
            if not attempt.over:
                _move_buttons(attempt, t, w)
    with side:
        _illegal(attempt, t)
        _feedback(attempt, t, stepping=view >= 0 or why_at is not None)
        if replay is not None and why_at is not None:
            text.html(replay_panel_html(replay, why_at, p, t))
        elif view >= 0:
            words = pt.step_words(steps[view], t, show)
            text.html(line_panel_html(words, t, step=view + 1, last=len(steps), kind="answer"))
        _hints(attempt, t)
        _after(attempt, replay, t, w)
        _unseen(attempt, t, w)
        if state.room:
            _ask_class(p, t)
        studio_link.offer(p.state, t, key="pz_studio")


def _ask_class(p: pz.Puzzle, t: Translator) -> None:
    """A teacher sharing the screen asks the class for the puzzle's first move."""
    room, token = state.room, state.room_token

    def publish() -> None:
        if room:
            rooms().publish(room, token, puzzle_question(p).id, 0, (p.learner == 0, p.learner == 1))

    ask.controls(t, puzzle_question(p), (), (), pz.learner_view(p), publish)


def _table(attempt: pz.Attempt, opts: BoardOptions, t: Translator, *, focus: bool) -> None:
    """The table now: the learner's cards are buttons while a move is asked."""
    pick, legal = pz.choices(attempt, marked=bool(state.mark_legal) or int(state.pz_hints) >= 1)
    here = BoardOptions(
        style=opts.style,
        show=opts.show,
        projector=opts.projector,
        pick=pick,
        legal=legal,
        finished=attempt.over,
    )
    markup = board_html(attempt.state, attempt_table(attempt), t, here)
    if not pick:
        text.html(markup)
        return
    board.card_board(markup, key=BOARD_KEY, on_play=play_move, focus=focus)


def _answer_nav(steps: tuple[pz.Step, ...], view: int, w: pw.PuzzleWords) -> None:
    """Back and Next through the answers to the learner's move."""
    with st.container(key="pz_nav"):
        _answer_buttons(steps, view, w)


def _answer_buttons(steps: tuple[pz.Step, ...], view: int, w: pw.PuzzleWords) -> None:
    back, nxt = st.columns(2)
    with back:
        st.button(
            w.back,
            key="pz_ans_back",
            on_click=view_step,
            args=(view - 1,),
            disabled=view <= 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with nxt:
        st.button(
            w.next,
            key="pz_ans_next",
            on_click=view_step,
            args=(view + 1,),
            disabled=view >= len(steps) - 1,
            type="primary",
            icon=":material/chevron_right:",
            icon_position="right",
            width="stretch",
        )


def _replay_nav(replay: pz.Replay, index: int, w: pw.PuzzleWords) -> None:
    """Back and Next through a refutation, and the way back to the puzzle."""
    with st.container(key="pz_nav"):
        _replay_buttons(replay, index, w)


def _replay_buttons(replay: pz.Replay, index: int, w: pw.PuzzleWords) -> None:
    back, nxt, close = st.columns([1, 1, 1.4])
    with back:
        st.button(
            w.back,
            key="pz_why_back",
            on_click=why,
            args=(index - 1,),
            disabled=index <= 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with nxt:
        st.button(
            w.next,
            key="pz_why_next",
            on_click=why,
            args=(index + 1,),
            disabled=index >= len(replay.steps),
            type="primary",
            icon=":material/chevron_right:",
            icon_position="right",
            width="stretch",
        )
    with close:
        st.button(
            w.back_to_puzzle,
            key="pz_why_close",
            on_click=why,
            args=(None,),
            icon=":material/close:",
            width="stretch",
        )


def _move_buttons(attempt: pz.Attempt, t: Translator, w: pw.PuzzleWords) -> None:
    """Under the table: how to play a card, the moves that are not a card, the marks."""
    if not pz.learner_to_move(attempt):
        return
    text.caption(pw.how_to_play(attempt.puzzle.learner, t))
    others = pz.other_moves(attempt)
    for row in range(0, len(others), 3):
        for box, m in zip(st.columns(3), others[row : row + 3], strict=False):
            with box:
                st.button(
                    move_label(m, t),
                    key=_move_key(m),
                    on_click=play_move,
                    args=(str(m),),
                    width="stretch",
                )
    chrome.mark_legal_toggle(w.mark_legal, w.mark_legal_help)


def _illegal(attempt: pz.Attempt, t: Translator) -> None:
    """Why a card clicked on the table may not be played now."""
    refused = state.pz_illegal
    if not isinstance(refused, pz.Refused) or attempt.over:
        return
    said = pw.refused_text(refused, attempt.state.rules, t)
    if said is not None:
        text.warning(said, icon=":material/block:")


def _unseen(attempt: pz.Attempt, t: Translator, w: pw.PuzzleWords) -> None:
    """The cards the learner has not seen: counting them is half the game (a solved puzzle's
    table shows them all)."""
    if attempt.solved:
        return
    unseen = pt.unseen_text(attempt, t)
    with st.expander(w.unseen):
        text.caption(unseen.where)
        text.markdown(unseen.cards or w.none)


def _feedback(attempt: pz.Attempt, t: Translator, *, stepping: bool = False) -> None:
    """The verdict on each move and why; the last one's details open unless the table goes
    through them step by step beside it (or it is a refutation, which the table replays)."""
    p = attempt.puzzle
    for number, j in enumerate(attempt.judgements, start=1):
        fb = pt.feedback(p, j, t)
        last = number == len(attempt.judgements)
        icon = MARK_ICONS[fb.mark]
        if fb.mark is pz.Mark.WRONG:
            text.warning(fb.headline, icon=icon)
        elif fb.mark is pz.Mark.RIGHT:
            text.success(fb.headline, icon=icon)
        else:
            text.info(fb.headline, icon=icon)
        if fb.details and (last or fb.mark is not pz.Mark.PARTLY):
            with st.expander(
                pw.feedback_heading(fb.mark, t),
                expanded=last and not stepping and fb.mark is not pz.Mark.WRONG,
            ):
                text.bullets(fb.details)


def _hints(attempt: pz.Attempt, t: Translator) -> None:
    if attempt.over:
        return
    shown = int(state.pz_hints)
    for level in range(1, shown + 1):
        text.markdown(hint_markdown(attempt, level, t))
    if shown < pz.HINT_LEVELS:
        st.button(
            pw.hint_button(shown + 1, t),
            key="pz_btn_hint",
            on_click=more_hint,
            icon=":material/lightbulb:",
        )


def _after(attempt: pz.Attempt, replay: pz.Replay | None, t: Translator, w: pw.PuzzleWords) -> None:
    p = attempt.puzzle
    if attempt.solved:
        last = attempt.last
        if last is None or last.mark is not pz.Mark.RIGHT:  # "Right! … Puzzle solved." said it
            text.success(w.solved, icon=":material/celebration:")
        text.markdown(pw.puzzle_explanation(p, t))
        note = pw.puzzle_note(p, t)
        if note:
            text.caption(note)
        moves, _ = pz.solution_line(attempt)
        if moves:
            with st.expander(w.goes_on):
                text.bullets(pt.line_words(attempt.state, moves, t))
    elif attempt.failed:
        if replay is not None and state.pz_why is None:
            st.button(
                w.show_why,
                key="pz_btn_why",
                on_click=why,
                args=(0,),
                type="primary",
                icon=":material/play_circle:",
            )
        if len(attempt.judgements) > 1:  # the miss came later than the puzzle's position
            st.button(
                tw.TrainerWords().said(t).retry_here,
                key="pz_btn_retry_here",
                on_click=retry_here,
                type="primary",
                icon=":material/undo:",
            )
        st.button(w.try_again, key="pz_btn_retry", on_click=retry, icon=":material/replay:")
        if state.pz_reveal:
            fresh = pz.start(p)
            text.markdown(md_bold(w.solution))
            text.markdown(pt.hint(fresh, pz.HINT_LEVELS, t))
            text.markdown(pw.puzzle_explanation(p, t))
        else:
            st.button(
                w.show_solution,
                key="pz_btn_reveal",
                on_click=reveal,
                icon=":material/visibility:",
            )
    if attempt.over:
        st.button(
            w.next_puzzle,
            key="pz_btn_next",
            on_click=next_puzzle,
            type="primary",
            icon=":material/skip_next:",
        )


if __name__ == "__main__":
    page()

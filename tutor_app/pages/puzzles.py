"""Puzzles: a position, a goal, and the learner finds the moves while the computer defends.

Choose a puzzle by theme and level; play by clicking a card on the table, or choosing it with
the arrow keys and Enter (the buttons below the table for a marriage, the exchange, closing,
declaring 66). Each move is judged exactly by ``tutor.teach.puzzles``; the computer's answers
appear on the table, one step at a time when there are several. A wrong move's refutation is
replayed on the table with every card face up, step by step, to what decides it; hints are
revealed one level at a time.
Solved puzzles are marked in the session and can be downloaded and uploaded as a small JSON
file. State lives in ``st.session_state`` under ``pz_...`` keys; widgets have ``w_pz_...``
keys; every change happens in a callback.
"""

from __future__ import annotations

import streamlit as st

from tutor.engine import (
    PLAYER_NAMES,
    Card,
    IllegalMoveError,
    Move,
    Play,
    check,
    legal_moves,
    parse_move,
    view_of,
)
from tutor.msgid import N_
from tutor.search import SearchLimit
from tutor.teach import puzzles as pz
from tutor.teach.classroom import puzzle_question
from tutor.teach.puzzles.replay import Replay, Step, refutation_replay, reply_steps
from tutor.web.board import BoardOptions, board_html
from tutor.web.document import uploader_words_css
from tutor.web.html import md_bold
from tutor.web.problems import file_panels, upload_error
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
from tutor.words import puzzle_text as pt
from tutor.words.explain import explain_verdict, move_label
from tutor.words.i18n import Translator
from tutor_app import ask, board, chrome, progress, session, text
from tutor_app.session import Upload, state
from tutor_app.shared import collection, rooms, tr

ALL = ""  # the filter value for every theme
MARKS_FILE = "66-puzzles-solved.json"
BOARD_KEY = "pz_board"
#: The largest file of solved puzzles read (the reader's own cap); Streamlit refuses uploads
#: past ``MAX_UPLOAD_MB`` (here and in ``.streamlit/config.toml``) before the page sees them.
MAX_UPLOAD_BYTES = pz.MAX_MARKS_BYTES  # the marks reader takes no more
MAX_UPLOAD_MB = 1
UPLOAD_TYPES = ["json"]
UNREADABLE = N_("A puzzle file could not be read:")
CANNOT_SHOW = N_("The puzzle '{puzzle}' cannot be shown.")
MARK_ICONS = {
    pz.Mark.RIGHT: ":material/check_circle:",
    pz.Mark.PARTLY: ":material/check:",
    pz.Mark.WRONG: ":material/cancel:",
}


def init_state() -> None:
    ss = st.session_state
    ss.setdefault("pz_theme", ALL)
    ss.setdefault("pz_level", 0)
    ss.setdefault("pz_current", None)
    ss.setdefault("pz_attempt", None)
    ss.setdefault("pz_hints", 0)
    ss.setdefault("pz_reveal", False)
    ss.setdefault("pz_illegal", None)  # the text of a card clicked that may not be played
    ss.setdefault("pz_view", 0)  # which step of the answers to the last move the table shows
    ss.setdefault("pz_why", None)  # the step of a wrong move's refutation shown, or None
    ss.setdefault("pz_solved", {})
    ss.setdefault("pz_upload", None)  # the last upload's Upload


E_TOO_LARGE = N_(
    "This puzzle is too large for the solver to judge your move within its limit. "
    "Try another puzzle."
)

# ----------------------------------------------------------------------------- callbacks


def _open(puzzle_id: str) -> None:
    p = collection().get(puzzle_id)
    if p is None:
        return
    state.pz_current = p.id
    state.pz_attempt = pz.start(p)
    state.pz_hints = 0
    state.pz_reveal = False
    _fresh_table()


def _fresh_table() -> None:
    """The table shows the position itself: no refused card, no step of a line."""
    state.pz_illegal = None
    state.pz_view = 0
    state.pz_why = None


open_puzzle = chrome.safe_callback(_open)


@chrome.safe_callback
def close_puzzle() -> None:
    state.pz_current = None
    state.pz_attempt = None


@chrome.safe_callback
def play_move(text: str) -> None:
    attempt = state.pz_attempt
    if not isinstance(attempt, pz.Attempt) or attempt.over:
        return
    try:
        move = parse_move(text)
    except ValueError:
        return  # not a move: the table only sends its own cards
    if move not in legal_moves(attempt.state):
        state.pz_illegal = str(move)  # explained beside the table, the attempt goes on
        return
    try:
        attempt = pz.play(attempt, move)
    except SearchLimit:  # a puzzle too large to be judged: said, not hidden
        session.notice(E_TOO_LARGE)
        return
    except IllegalMoveError:
        state.pz_illegal = str(move)
        return
    state.pz_attempt = attempt
    _fresh_table()
    state.pz_hints = 0  # hints are about one position: the next one starts without
    if attempt.solved:
        solved = dict(state.pz_solved)
        solved[attempt.puzzle.id] = solved.get(attempt.puzzle.id, False) or attempt.perfect
        state.pz_solved = solved


@chrome.safe_callback
def retry() -> None:
    attempt = state.pz_attempt
    if isinstance(attempt, pz.Attempt):
        state.pz_attempt = pz.start(attempt.puzzle)
        state.pz_reveal = False
        _fresh_table()


@chrome.safe_callback
def reveal() -> None:
    state.pz_reveal = True


@chrome.safe_callback
def view_step(index: int) -> None:
    """Show step ``index`` of the answers to the learner's last move on the table."""
    state.pz_view = max(0, index)


@chrome.safe_callback
def why(index: int | None) -> None:
    """Open a wrong move's refutation on the table at step ``index`` (None: close it)."""
    state.pz_why = None if index is None else max(0, index)


@chrome.safe_callback
def mark_legal() -> None:
    state.mark_legal = bool(st.session_state.get("w_mark_legal", False))


@chrome.safe_callback
def more_hint() -> None:
    state.pz_hints = min(4, int(state.pz_hints) + 1)


@chrome.safe_callback
def next_puzzle() -> None:
    chosen = _filtered(collection())
    ids = [p.id for p in chosen]
    if not ids:
        return
    here = ids.index(state.pz_current) if state.pz_current in ids else -1
    order = ids[here + 1 :] + ids[: here + 1]
    unsolved = [i for i in order if i not in state.pz_solved and i != state.pz_current]
    _open((unsolved or order)[0])


def apply_upload(data: bytes, name: str = MARKS_FILE) -> None:
    """Merge an uploaded file of solved puzzles into the session's, or keep its error."""
    if len(data) > MAX_UPLOAD_BYTES:
        state.pz_upload = Upload(error=upload_error(pz.MarksError(pz.M_TOO_LARGE), name, None))
        return
    try:
        marks = pz.load_marks(data, known=collection().ids)
    except pz.MarksError as exc:
        state.pz_upload = Upload(error=upload_error(exc, name, data))
        return
    # a puzzle solved without a hint here stays so, whatever the file says
    state.pz_solved = {
        k: state.pz_solved.get(k, False) or v for k, v in {**state.pz_solved, **marks}.items()
    }
    state.pz_upload = Upload(count=len(marks))


@chrome.safe_callback
def uploaded() -> None:
    file = st.session_state.get("w_pz_upload")
    if file is None:
        return
    name = str(getattr(file, "name", "") or MARKS_FILE)
    if int(getattr(file, "size", 0)) > MAX_UPLOAD_BYTES:  # not read at all
        state.pz_upload = Upload(error=upload_error(pz.MarksError(pz.M_TOO_LARGE), name, None))
        return
    apply_upload(file.getvalue(), name)


# ----------------------------------------------------------------------------- page


def page() -> None:
    chrome.guarded(_body)()


def _body() -> None:
    init_state()
    progress.keep()  # solved puzzles are kept in the browser with the course's progress
    ask.keep_room(lambda: None)  # a teacher's room, to ask the class about a puzzle
    col = collection()
    current = col.get(state.pz_current) if state.pz_current else None
    attempt = state.pz_attempt
    if current is not None and (
        not isinstance(attempt, pz.Attempt) or attempt.puzzle.id != current.id
    ):
        _open(current.id)
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    if current is None:
        _catalogue(col, t)
    else:
        _trainer(current, t)
    chrome.sync_address(chrome.settings_params())


def _filtered(col: pz.Collection) -> list[pz.Puzzle]:
    theme, level = state.pz_theme, int(state.pz_level)
    return [
        p
        for p in col.puzzles
        if (theme == ALL or p.theme == theme) and (level == 0 or p.level == level)
    ]


def _catalogue(col: pz.Collection, t: Translator) -> None:
    text.title(t._("Puzzles"))
    text.markdown(
        t._(
            "Each puzzle is a position with a goal. Find the moves that reach it; the computer "
            "defends as well as it can, and every answer is checked exactly by the solver."
        )
    )
    unreadable = t._(UNREADABLE)
    for panel in file_panels(col.errors, col.folder, t):
        text.error(panel.markdown(unreadable))
    if not col.puzzles:
        text.info(t._("There are no puzzles yet."))
        return
    themes = [ALL, *sorted({p.theme for p in col.puzzles}, key=list(pz.THEMES).index)]
    levels = [0, *sorted({p.level for p in col.puzzles})]
    f_theme, f_level = st.columns(2)
    with f_theme:
        if state.pz_theme not in themes:
            state.pz_theme = ALL
        session.bind("w_pz_theme", "pz_theme")
        st.selectbox(
            t._("Theme"),
            placeholder=t._("Choose…"),
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=themes,
            format_func=lambda th: t._("All themes") if th == ALL else t._(pz.THEMES[th]),
            key="w_pz_theme",
            on_change=session.copy_to("pz_theme", "w_pz_theme"),
        )
    with f_level:
        if state.pz_level not in levels:
            state.pz_level = 0
        session.bind("w_pz_level", "pz_level")
        st.selectbox(
            t._("Level"),
            placeholder=t._("Choose…"),
            filter_mode=None,  # short lists: no typing, no "No results" in English
            options=levels,
            format_func=lambda lv: t._("All levels") if lv == 0 else pt.level_words(lv, t),
            key="w_pz_level",
            on_change=session.copy_to("pz_level", "w_pz_level"),
        )
    chosen = _filtered(col)
    solved = state.pz_solved
    text.caption(
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
                try:
                    card = puzzle_card_html(p, t, solved=p.id in solved)
                except Exception:  # one puzzle that cannot be drawn hides no other
                    chrome.LOG.exception("puzzle %s cannot be shown", p.id)
                    text.warning(t._(CANNOT_SHOW, puzzle=p.id))
                    continue
                text.html(card)
                st.button(
                    t._("Try again") if p.id in solved else t._("Open"),
                    key=f"pz_open_{p.id}",
                    on_click=open_puzzle,
                    args=(p.id,),
                    type="secondary" if p.id in solved else "primary",
                )
    marks_controls(t)


def marks_controls(t: Translator) -> None:
    st.divider()
    text.subheader(t._("Your solved puzzles"))
    text.caption(
        t._(
            "This browser keeps them for your next visit. To carry on in another browser, "
            "download them as a small file and upload it there."
        )
    )
    down, up = st.columns(2)
    with down:
        st.download_button(
            t._("Download solved puzzles"),
            data=pz.dump_marks(state.pz_solved),
            file_name=MARKS_FILE,
            mime="application/json",
            key="pz_download",
            icon=":material/download:",
        )
    with up:
        text.html(
            uploader_words_css(
                t._("Choose a file"),
                t._("At most {size} MB, a JSON file", size=MAX_UPLOAD_MB),
            )
        )
        st.file_uploader(
            t._("Upload solved puzzles"),
            type=UPLOAD_TYPES,
            accept_multiple_files=False,
            max_upload_size=MAX_UPLOAD_MB,
            key="w_pz_upload",
            on_change=uploaded,
        )
        result = state.pz_upload
        if isinstance(result, Upload):
            if result.error is not None:
                text.error(result.error.render(t))
            else:
                text.success(t._("Solved puzzles read from the file: {count}.", count=result.count))


# ----------------------------------------------------------------------------- the trainer


def _move_key(move: Move) -> str:
    return "pz_move_" + str(move).replace(" ", "_")


def _trainer(p: pz.Puzzle, t: Translator) -> None:
    attempt = state.pz_attempt
    assert attempt is not None  # opened by _body
    chrome.page_title(t._(p.title), t._("Puzzles"))
    projector = bool(state.projector)
    head, back = st.columns([5, 1.4], vertical_alignment="center")
    with head:
        text.html(
            page_title_html(
                t._(p.title),
                pt.level_words(p.level, t),
                pt.theme_words(p, t),
                room=chrome.open_room(),
            )
        )
    with back:
        st.button(
            t._("All puzzles"),
            key="pz_btn_list",
            on_click=close_puzzle,
            icon=":material/list:",
            width="stretch",
        )
    text.info(pt.goal_line(p, t), icon=":material/flag:")
    board_col, side = st.columns([3, 2], gap="medium")
    show = (p.learner == 0, p.learner == 1)
    opts = BoardOptions(style=state.style, show=show, projector=projector)
    replay = _replay(attempt)
    steps = _answers(attempt)
    why_at = state.pz_why if replay is not None else None
    view = min(int(state.pz_view), len(steps) - 1) if len(steps) > 1 else -1
    with board_col:
        if replay is not None and why_at is not None:
            why_at = min(int(why_at), len(replay.steps))
            text.html(replay_board_html(replay, why_at, t, opts))
            _replay_nav(replay, why_at, t)
        elif 0 <= view < len(steps) - 1:
            text.html(step_board_html(steps[view], t, opts))
            _answer_nav(steps, view, t)
        else:
            _table(attempt, opts, t, focus=not projector)
            if view >= 0:
                _answer_nav(steps, view, t)
            if not attempt.over:
                _move_buttons(attempt, t)
    with side:
        _illegal(attempt, t)
        _feedback(attempt, t, stepping=view >= 0 or why_at is not None)
        if replay is not None and why_at is not None:
            text.html(replay_panel_html(replay, why_at, p, t))
        elif view >= 0:
            words = pt.step_words(steps[view], t, show)
            text.html(line_panel_html(words, t, step=view + 1, last=len(steps), kind="answer"))
        _hints(attempt, t)
        _after(attempt, replay, t)
        _unseen(attempt, t)
        if state.room:
            _ask_class(p, t)


def _ask_class(p: pz.Puzzle, t: Translator) -> None:
    """A teacher sharing the screen asks the class for the puzzle's first move."""
    room, token = state.room, state.room_token

    def publish() -> None:
        if room:
            rooms().publish(room, token, puzzle_question(p).id, 0, (p.learner == 0, p.learner == 1))

    ask.controls(t, puzzle_question(p), (), (), view_of(p.state, p.learner), publish)


def _answers(attempt: pz.Attempt) -> tuple[Step, ...]:
    """The learner's last move and the computer's answers to it, as the table shows them step
    by step (nothing after a wrong move: its refutation is replayed instead)."""
    j = attempt.last
    if j is None or j.mark is pz.Mark.WRONG or j.before is None:
        return ()
    return reply_steps(j.before, (j.move, *j.replies))


def _replay(attempt: pz.Attempt) -> Replay | None:
    """The refutation of a wrong last move, as the table replays it."""
    j = attempt.last
    if j is None or j.mark is not pz.Mark.WRONG or j.refutation is None:
        return None
    return refutation_replay(j.refutation)


def _choices(attempt: pz.Attempt) -> tuple[frozenset[Card], frozenset[Card] | None]:
    """The learner's cards to click and, when the learner asked for the marks or has opened a
    hint, those allowed."""
    position = attempt.state
    learner = attempt.puzzle.learner
    if attempt.over or position.to_move != learner:
        return frozenset(), None
    hand = frozenset(position.hand(learner))
    if not (state.mark_legal or int(state.pz_hints) >= 1):
        return hand, None
    return hand, frozenset(m.card for m in legal_moves(position) if isinstance(m, Play))


def _table(attempt: pz.Attempt, opts: BoardOptions, t: Translator, *, focus: bool) -> None:
    """The table now: the learner's cards are buttons while a move is asked."""
    pick, legal = _choices(attempt)
    here = BoardOptions(
        style=opts.style, show=opts.show, projector=opts.projector, pick=pick, legal=legal
    )
    markup = board_html(attempt.state, attempt_table(attempt), t, here)
    if not pick:
        text.html(markup)
        return
    board.card_board(markup, key=BOARD_KEY, on_play=play_move, focus=focus)


def _answer_nav(steps: tuple[Step, ...], view: int, t: Translator) -> None:
    """Back and Next through the answers to the learner's move."""
    with st.container(key="pz_nav"):
        _answer_buttons(steps, view, t)


def _answer_buttons(steps: tuple[Step, ...], view: int, t: Translator) -> None:
    back, nxt = st.columns(2)
    with back:
        st.button(
            t._("Back"),
            key="pz_ans_back",
            on_click=view_step,
            args=(view - 1,),
            disabled=view <= 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with nxt:
        st.button(
            t._("Next"),
            key="pz_ans_next",
            on_click=view_step,
            args=(view + 1,),
            disabled=view >= len(steps) - 1,
            type="primary",
            icon=":material/chevron_right:",
            icon_position="right",
            width="stretch",
        )


def _replay_nav(replay: Replay, index: int, t: Translator) -> None:
    """Back and Next through a refutation, and the way back to the puzzle."""
    with st.container(key="pz_nav"):
        _replay_buttons(replay, index, t)


def _replay_buttons(replay: Replay, index: int, t: Translator) -> None:
    back, nxt, close = st.columns([1, 1, 1.4])
    with back:
        st.button(
            t._("Back"),
            key="pz_why_back",
            on_click=why,
            args=(index - 1,),
            disabled=index <= 0,
            icon=":material/chevron_left:",
            width="stretch",
        )
    with nxt:
        st.button(
            t._("Next"),
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
            t._("Back to the puzzle"),
            key="pz_why_close",
            on_click=why,
            args=(None,),
            icon=":material/close:",
            width="stretch",
        )


def _move_buttons(attempt: pz.Attempt, t: Translator) -> None:
    """Under the table: how to play a card, the moves that are not a card, the marks."""
    position = attempt.state
    learner = attempt.puzzle.learner
    if position.to_move != learner:
        return
    text.caption(
        t._(
            "Click a card of {player} on the table to play it, or choose it with the arrow "
            "keys and press Enter.",
            player=PLAYER_NAMES[learner],
        )
    )
    others = [m for m in legal_moves(position) if not isinstance(m, Play)]
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
    st.session_state.w_mark_legal = bool(state.mark_legal)
    st.toggle(
        t._("Mark the cards that may be played"),
        key="w_mark_legal",
        on_change=mark_legal,
        help=t._("Cards that may not be played now are dimmed."),
    )


def _illegal(attempt: pz.Attempt, t: Translator) -> None:
    """Why a card clicked on the table may not be played now."""
    refused = state.pz_illegal
    if not isinstance(refused, str) or attempt.over:
        return
    try:
        move = parse_move(refused)
    except ValueError:
        return
    verdict = check(attempt.state, move)
    if verdict.legal:
        return
    text.warning(
        explain_verdict(verdict, attempt.state.rules, t, you=True), icon=":material/block:"
    )


def _unseen(attempt: pz.Attempt, t: Translator) -> None:
    """The cards the learner has not seen: counting them is half the game."""
    unseen = pt.unseen_text(attempt, t)
    with st.expander(t._("Cards you have not seen")):
        text.caption(unseen.where)
        text.markdown(unseen.cards or t._("none"))


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
                t._("Why") if fb.mark is not pz.Mark.WRONG else t._("The refutation"),
                expanded=last and not stepping and fb.mark is not pz.Mark.WRONG,
            ):
                text.bullets(fb.details)


def _hints(attempt: pz.Attempt, t: Translator) -> None:
    if attempt.over:
        return
    shown = int(state.pz_hints)
    for level in range(1, shown + 1):
        text.markdown(hint_markdown(attempt, level, t))
    if shown < 4:
        st.button(
            t._("Show a hint ({level} of 4)", level=shown + 1),
            key="pz_btn_hint",
            on_click=more_hint,
            icon=":material/lightbulb:",
        )


def _after(attempt: pz.Attempt, replay: Replay | None, t: Translator) -> None:
    p = attempt.puzzle
    if attempt.solved:
        text.success(t._("Solved!"), icon=":material/celebration:")
        text.markdown(t._(p.explanation))
        if p.note:
            text.caption(t._(p.note))
        moves, _ = pz.solution_line(attempt)
        if moves:
            with st.expander(t._("How the deal goes on")):
                text.bullets(pt.line_words(attempt.state, moves, t))
    elif attempt.failed:
        if replay is not None and state.pz_why is None:
            st.button(
                t._("Show why on the table"),
                key="pz_btn_why",
                on_click=why,
                args=(0,),
                type="primary",
                icon=":material/play_circle:",
            )
        st.button(t._("Try again"), key="pz_btn_retry", on_click=retry, icon=":material/replay:")
        if state.pz_reveal:
            fresh = pz.start(p)
            text.markdown(md_bold(t._("The solution")))
            text.markdown(pt.hint(fresh, 4, t))
            text.markdown(t._(p.explanation))
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

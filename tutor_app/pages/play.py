"""Play: a match against the computer with a coach at the learner's side, at a table of two,
three or four.

The learner chooses two players or three or four, the rules, the opponent and the match; the
players cut for the first dealer; the learner (A) plays by clicking cards on the table
(``tutor_app.board``), the computer at every other seat. The match is one immutable value
(``tutor.teach.play.Game``) for every table, kept in the session and in the browser; each
callback makes the next value: the learner's move (checked by the engine: an illegal click is
explained with its rule and source and costs nothing), graded by the coach against the
engine's best, then the computer's answers. The coach speaks after each move, or keeps it all
for the end of the deal (quiet mode), and draws the deal's expected game points move by move
at its end (``tutor_app.curve_panel``); hints 1-4 on request; undo, give up, the next deal, the
match score, and the match to download.

What is offered when and what a click does is decided in ``tutor.teach.play`` (``choices``);
every word comes from ``tutor.words.play_page`` and ``tutor.words.play_text``.
"""

from __future__ import annotations

import streamlit as st

from tutor.teach import play as pl
from tutor.web.board import BoardOptions, board_html
from tutor.web.hint_html import hint_html
from tutor.web.rules_ref import preset_title
from tutor.web.step import step_hint_markdown
from tutor.words import play_page as pw
from tutor.words import play_text
from tutor.words import trainer_page as tw
from tutor.words.i18n import Translator
from tutor.words.recorder_page import RecorderWords
from tutor_app import (
    board,
    chrome,
    curve_panel,
    progress,
    recorder_panel,
    session,
    storage,
    studio_link,
    text,
)
from tutor_app import trainer_panel as trainer
from tutor_app.session import state
from tutor_app.shared import tr

#: Session keys of this page.
GAME = "play_game"  # the Game, or absent before the first match
REPLY = "play_reply"  # what the learner reads about the last try: (kind, text)
HINT = "play_hints"  # (deal number, ply) -> the hint level opened there
COUNT = "play_counts"  # (deal number, ply) -> the learner's count and whether it was right
PENDING = "play_pending"  # (the game before the learner's move, the move): to be graded
SINCE = "play_since"  # the index of the learner's last move in the deal: said from there on
CONFIRM = "play_confirm"  # a declaration short of the target, waiting for "Declare anyway"
BOARD_KEY = "play_board"
#: The browser's entry that keeps the match across a reload, and its component's key.
STORAGE_KEY = "tutor66.play"
STORE_KEY = "t66_play_store"
#: How the match's result and the reply to the last try are shown: the box and its icon.
RESULT_BOXES = {
    pl.Result.WON: (text.success, ":material/trophy:"),
    pl.Result.DRAWN: (text.info, ":material/info:"),
    pl.Result.LOST: (text.warning, ":material/warning:"),
}
REPLY_BOXES = {
    "good": (text.success, ":material/check_circle:"),
    "illegal": (text.warning, ":material/block:"),
}
#: The widgets of the choice before a match: the table, the rules, the match, the opponent.
SETUP_KEYS = ("w_play_players", "w_play_preset", "w_play_mode", "w_play_opponent")


def page() -> None:
    chrome.guarded(_body)()


def _game() -> pl.Game | None:
    game = st.session_state.get(GAME)
    return game if isinstance(game, pl.Game) else None


def _set(game: pl.Game | None) -> None:
    st.session_state[GAME] = game


def _reply(kind: str, words: str) -> None:
    st.session_state[REPLY] = (kind, words)


def _setup() -> pl.Setup:
    """The choice before a match as the widgets hold it, made valid."""
    return pl.setup_of(*(st.session_state.get(k) for k in SETUP_KEYS))


# ----------------------------------------------------------------------------- callbacks


@chrome.safe_callback
def start_match() -> None:
    ss = st.session_state
    seed = int(ss.get("play_seed", 0)) + 1
    ss["play_seed"] = seed
    _set(pl.play_out(pl.start(_setup().table(_seed(seed)))))
    _forget_turns()
    ss[SINCE] = 0


def _seed(n: int) -> int:
    """A seed of this session's ``n``-th match. The address may fix the seeds
    (``/play?seed=42``), so that a class plays the same deals; else they are random. A value
    that is no seed is ignored with a notice."""
    base = st.session_state.get("play_seed_base")
    if not isinstance(base, int):
        raw = st.query_params.get("seed")
        base = pl.address_seed(raw) if raw is not None else None
        if base is None and raw is not None:
            session.notice(session.IGNORED_PARAM, param="seed", value=str(raw).strip())
        st.session_state["play_seed_base"] = base = pl.random_seed_base() if base is None else base
    return base + n


@chrome.safe_callback
def play_card(move_text: str, confirmed: bool = False) -> None:
    game = _game()
    st.session_state[CONFIRM] = None
    if game is not None and not confirmed and pl.confirms(game, move_text):
        st.session_state[CONFIRM] = move_text
        return
    tried = pl.try_move(game, move_text) if game is not None else None
    if isinstance(tried, pl.Refused) and game is not None:
        _reply("illegal", pw.refused_text(tried.verdict, game, tr()))
    elif isinstance(tried, pl.Played):
        st.session_state[SINCE] = tried.since
        if tried.graded:  # the coach grades the move once the computer's answer is shown
            st.session_state[PENDING] = (tried.before, tried.move)
        st.session_state[REPLY] = None
        _set(tried.after)


def _grade_pending(w: pw.PlayWords, t: Translator) -> None:
    """The coach's remark on the learner's last move, made now that the table shows the
    computer's answer; said at once, or kept for the deal's end in quiet mode."""
    pending = st.session_state.get(PENDING)
    st.session_state[PENDING] = None
    game = _game()
    if not pending or game is None or not pl.same_deal(pending[0], game):
        return
    before, move = pending
    with st.spinner(w.looking):
        graded = pl.with_remark(game, before, move)
    if graded is None:
        return
    game, remark = graded
    _set(game)
    if not st.session_state.get("w_play_quiet"):
        _reply(remark.grade.value, play_text.remark_text(remark, t))


@chrome.safe_callback
def undo() -> None:
    game = _game()
    if game is not None:
        game = pl.undo(game)
        _set(game)
        st.session_state[PENDING] = None
        st.session_state[REPLY] = None
        st.session_state[SINCE] = len(game.deal.moves)


@chrome.safe_callback
def give_up() -> None:
    game = _game()
    if game is not None:
        _set(pl.resign(game))
        st.session_state[REPLY] = None


@chrome.safe_callback
def next_deal() -> None:
    game = _game()
    if game is None or not pl.may_deal_next(game):
        return
    _set(pl.play_out(pl.next_deal(game)))
    st.session_state[REPLY] = None
    st.session_state[SINCE] = 0


def _forget_turns() -> None:
    """What belongs to the positions of one match: the hints opened, the counts, the grade to
    make, the reply; keyed by deal and move, so a new match must not find them."""
    for key in (HINT, COUNT, PENDING, REPLY, CONFIRM):
        st.session_state[key] = None if key in (PENDING, REPLY, CONFIRM) else {}


@chrome.safe_callback
def new_match() -> None:
    _set(None)
    _forget_turns()


@chrome.safe_callback
def more_hint(key: tuple[int, int]) -> None:
    levels: dict[tuple[int, int], int] = st.session_state.setdefault(HINT, {})
    levels[key] = pl.next_hint(levels.get(key, 0))


@chrome.safe_callback
def check_count(key: tuple[int, int]) -> None:
    game = _game()
    if game is None:
        return
    answer = pl.counted(st.session_state.get("w_play_count"))
    counts: dict[tuple[int, int], tuple[int, bool]] = st.session_state.setdefault(COUNT, {})
    counts[key] = (answer, pl.counted_right(game.state, game.side, answer))


@chrome.safe_callback
def claim_1000() -> None:
    game = _game()
    if game is not None and game.may_claim:
        _set(pl.claim(game, game.side))
        st.session_state[REPLY] = None


@chrome.safe_callback
def _mark() -> None:
    state.mark_legal = bool(st.session_state.get("w_mark_legal_play"))


# ----------------------------------------------------------------------------- page


def _restore(stored: str) -> None:
    """The match the browser kept, unless this session has one already (the page is drawn
    with it). A kept match that cannot be read is dropped with a notice: the choice of a new
    match is shown."""
    if not stored or _game() is not None:
        return
    try:
        _set(pl.play_out(pl.load_game(stored)))
    except pl.GameStoreError as err:
        session.notice(err.template)


def _keep() -> None:
    """Keep the match in the browser as the page has left it (graded moves included)."""
    game = _game()
    storage.keep(STORE_KEY, STORAGE_KEY, pl.dump_game(game) if game else "", _restore)


def _body() -> None:
    try:
        _page()
    finally:
        _keep()


def _check_seed() -> None:
    """A seed in the address that is no seed is named in a notice and leaves the address."""
    raw = st.query_params.get("seed")
    if raw is not None and pl.address_seed(raw) is None:
        session.notice(session.IGNORED_PARAM, param="seed", value=str(raw).strip())
        del st.query_params["seed"]


def _page() -> None:
    _check_seed()
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    w = pw.PlayWords().said(t)
    chrome.page_title(w.page)
    game = _game()
    if game is None:
        _choose(w, t)
    else:
        _table(game, w, t)
    progress.keep()  # the learner's own puzzles, made at the end of a deal, kept in the browser


def _choose(w: pw.PlayWords, t: Translator) -> None:
    """The choice of a match: the table, the rules, the opponent, the match form, the coach."""
    ss = st.session_state
    text.title(w.title)
    setup = _setup()
    for key, value in zip(SETUP_KEYS[:2], (setup.kind, setup.preset), strict=True):
        if ss.get(key) != value:
            ss[key] = value
    st.segmented_control(
        w.players,
        list(pl.KINDS),
        key="w_play_players",
        format_func=lambda k: pw.players_option(k, t),
    )
    text.markdown(pw.setup_intro(setup.kind, t))
    if ss.get("w_play_opponent") != setup.opponent:
        ss.w_play_opponent = setup.opponent
    chrome.choose_rules_and_opponent(
        t, setup.presets, setup.default, setup.opponents, ("w_play_preset", "w_play_opponent")
    )
    st.radio(
        w.match,
        [m.value for m in pl.MATCH_MODES],
        key="w_play_mode",
        format_func=lambda m: pw.mode_option(m, setup.target, t),
    )
    st.toggle(w.quiet, key="w_play_quiet")
    st.toggle(w.hide, key="w_play_hide", help=w.hide_help)
    st.button(
        w.start,
        key="play_start",
        on_click=start_match,
        type="primary",
        icon=":material/play_arrow:",
    )


def _table(game: pl.Game, w: pw.PlayWords, t: Translator) -> None:
    hide = bool(st.session_state.get("w_play_hide"))
    head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        text.title(w.title)
        text.caption(pw.table_caption(game, preset_title(game.rules.name, t), t))
    with right:
        st.button(w.new_match, key="play_new", on_click=new_match, icon=":material/restart_alt:")
    if pl.shows_cut(game):
        text.caption(play_text.cut_text(game.cut, game.match.dealer, t))
    board_col, side = st.columns([3, 2], gap="medium")
    key = pl.position_key(game)
    level = st.session_state.get(HINT, {}).get(key, 0)
    with board_col:
        shown = pl.view_of(game, mark_legal=bool(state.mark_legal), hint_level=level, hide=hide)
        opts = BoardOptions(
            style=state.style,
            show=shown.show,
            projector=bool(state.projector),
            pick=shown.pick,
            legal=shown.legal,
            scores=shown.scores,
            finished=game.deal.over,
        )
        markup = board_html(pl.on_table(game.state), None, t, opts)
        if shown.pick:
            board.card_board(markup, key=BOARD_KEY, on_play=play_card, focus=True)
        else:
            text.html(markup)
        if pl.may_undo(game) or pl.may_give_up(game):
            _controls(game, w)
        studio_link.offer(game.state, t, key="play_studio")
    with side:
        text.subheader(play_text.deal_heading(game, t))
        _grade_pending(w, t)
        game = _game() or game
        _show_reply()
        since = int(st.session_state.get(SINCE, 0) or 0)
        lines = play_text.happened(game, min(since, len(game.deal.moves)), t)
        if lines:
            text.bullets(lines)
        if game.claim is not None:
            _claimed(game, w, t)
        elif game.deal.over:
            _deal_end(game, w, t)
        elif game.learners_turn:
            _turn(game, w, t, key, level, hide)
        _tricks(game, t)
    if game.deal.over and game.claim is None:
        curve_panel.value_panel(game, game.deal, t)


def _show_reply() -> None:
    """What the learner reads about the last try: the coach's grade, or why a card was refused."""
    reply = st.session_state.get(REPLY)
    if reply:
        kind, words = reply
        box, icon = REPLY_BOXES.get(kind, (text.warning, ":material/lightbulb:"))
        box(words, icon=icon)


def _controls(game: pl.Game, w: pw.PlayWords) -> None:
    a, b = st.columns(2)
    with a:
        st.button(
            w.undo,
            key="play_undo",
            on_click=undo,
            icon=":material/undo:",
            width="stretch",
            disabled=not pl.may_undo(game),
        )
    with b:
        st.button(
            w.give_up,
            key="play_resign",
            on_click=give_up,
            icon=":material/flag:",
            width="stretch",
            disabled=not pl.may_give_up(game),
        )


def _turn(
    game: pl.Game, w: pw.PlayWords, t: Translator, key: tuple[int, int], level: int, hide: bool
) -> None:
    turn = pl.turn_of(game, hint_level=level, hide=hide)
    text.markdown(pw.turn_prompt(game, turn, t))
    if turn.may_name:
        text.markdown(w.may_name)
    st.toggle(w.mark_legal, key="w_mark_legal_play", value=bool(state.mark_legal), on_change=_mark)
    for m in turn.buttons:
        st.button(
            pw.move_button(game, m, t), key=f"play_move_{m}", on_click=play_card, args=(str(m),)
        )
    asked = st.session_state.get(CONFIRM)
    if asked and pl.confirms(game, asked):
        text.warning(pw.declare_check(game.rules.target, t), icon=":material/help:")
        st.button(
            w.declare_anyway, key="play_declare_anyway", on_click=play_card, args=(asked, True)
        )
    if turn.count:
        _count(game, w, t, key)
    if turn.claim:
        st.button(
            w.claim,
            key="play_claim",
            on_click=claim_1000,
            icon=":material/emoji_events:",
            help=w.claim_help,
        )
    if turn.hint and turn.table_hint:
        text.html(hint_html(pl.on_table(game.state), level, t))
    elif turn.hint:
        with st.container(border=True):
            view = pl.learner_view(game)
            text.markdown(step_hint_markdown(view, level, t, pl.learner_stakes(game)))
    if turn.more_hint:
        st.button(
            pw.hint_button(level + 1, t),
            key="play_hint",
            on_click=more_hint,
            args=(key,),
            icon=":material/lightbulb:",
        )


def _claimed(game: pl.Game, w: pw.PlayWords, t: Translator) -> None:
    """The match ended by a claim to 1000."""
    assert game.claim is not None
    box, icon = RESULT_BOXES[pl.match_result(game) or pl.Result.LOST]
    box(play_text.claim_text(game.claim, t), icon=icon)
    st.button(w.new_match, key="play_again", on_click=new_match, type="primary")


def _count(game: pl.Game, w: pw.PlayWords, t: Translator, key: tuple[int, int]) -> None:
    counts = st.session_state.get(COUNT, {})
    with st.container(border=True):
        text.markdown(play_text.count_question(t))
        if key in counts:
            _answer, right = counts[key]
            words = play_text.count_reply(right, pl.learner_points(game), t)
            (text.success if right else text.warning)(words)
            return
        st.number_input(w.your_points, min_value=0, max_value=200, step=1, key="w_play_count")
        st.button(w.check, key="play_count_check", on_click=check_count, args=(key,))


def _tricks(game: pl.Game, t: Translator) -> None:
    """The tricks of the deal so far, to look through."""
    tricks = pl.deal_tricks(game.deal)
    if tricks:
        with st.expander(pw.tricks_heading(len(tricks), t), icon=":material/history:"):
            text.bullets(play_text.trick_line(trick, t) for trick in tricks)


def _replay(game: pl.Game, w: pw.PlayWords, t: Translator) -> None:
    """The deal once more, move by move, with both hands open."""
    states = pl.positions(game.deal)
    if len(states) < 2:
        return
    with st.expander(w.replay, icon=":material/replay:"):
        step = st.slider(
            w.move,
            min_value=0,
            max_value=len(states) - 1,
            value=0,
            key=f"w_play_replay_{game.deal.number}",
        )
        s = pl.on_table(states[step])
        opts = BoardOptions(
            style=state.style, show=(True,) * s.seats, projector=bool(state.projector)
        )
        text.html(board_html(s, None, t, opts))
        if step:
            text.bullets(play_text.happened(pl.game_until(game, step), step - 1, t))


#: The deal just played as a lesson file (what "Download this deal as a lesson" gives).
_export = pw.lesson_file


def _deal_end(game: pl.Game, w: pw.PlayWords, t: Translator) -> None:
    outcome = pl.deal_outcome(game.deal, game.rules)
    assert outcome is not None
    text.info(play_text.outcome_text(game, outcome, t))
    text.markdown(play_text.match_line(game.scored_match, t))
    moments = pl.costliest(game.deal)
    if game.deal.remarks:
        text.subheader(w.coach)
        if not moments:
            text.success(w.nothing_lost)
        made = trainer.from_played_deal(
            f"{game.table.seed}:{game.deal.number}",
            game.deal.start,
            game.deal.moves,
            [r.ply for r in pl.costliest(game.deal, trainer.PROVE_MOMENTS)],
            game.table.learner,
        )
        if made:
            text.info(t._(tw.PERSONAL_MADE), icon=":material/extension:")
        for r in moments:
            said = play_text.moment_lines(game, game.deal, r, t)
            text.warning(said[0])
            if len(said) > 1:
                with st.expander(said[1], icon=":material/route:"):
                    text.bullets(said[2:])
        if st.session_state.get("w_play_quiet"):
            for r in pl.quiet_remarks(game.deal, moments):
                text.caption(play_text.remark_text(r, t))
    _replay(game, w, t)
    if pl.lesson_offered(game):
        st.download_button(
            w.download_lesson,
            data=_export(game, t),
            file_name=pl.lesson_file_name(game),
            mime="application/x-yaml",
            key="play_export",
            icon=":material/download:",
        )
    if st.button(
        RecorderWords().said(t).from_played, key="play_record", icon=":material/mic:"
    ):  # the deal in the studio's recorder, to write a lesson of it
        recorder_panel.record_played(game)
    st.download_button(
        w.download_match,
        data=pl.dump_game(game),
        file_name=pl.match_file_name(game),
        mime="application/json",
        key="play_export_match",
        icon=":material/download:",
    )
    result = pl.match_result(game)
    if result is None:
        st.button(
            w.next_deal,
            key="play_next",
            on_click=next_deal,
            type="primary",
            icon=":material/skip_next:",
        )
        return
    box, icon = RESULT_BOXES[result]
    box(pw.result_text(result, t), icon=icon)
    st.button(w.new_match, key="play_again", on_click=new_match, type="primary")


if __name__ == "__main__":
    page()

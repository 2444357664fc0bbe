"""Play: a match against the computer with a coach at the learner's side, at a table of two,
three or four.

The learner chooses two players or three or four, the rules, the opponent and the match; the
players cut for the first dealer; the learner (A) plays by clicking cards on the table
(``tutor_app.board``), the computer at every other seat. The match is one immutable value
(``tutor.teach.play.Game``) for every table, kept in the session and in the browser; each
callback makes the next value: the learner's move (checked by the engine: an illegal click is
explained with its rule and source and costs nothing), graded by the coach against the
engine's best, then the computer's answers. The coach speaks after each move, or keeps it all
for the end of the deal (quiet mode); hints 1-4 on request; undo, give up, the next deal, the
match score, and the match to download.
"""

from __future__ import annotations

import secrets
from dataclasses import replace

import streamlit as st
from markupsafe import Markup

from tutor.engine import (
    PRESETS,
    SEAT_LETTERS,
    TABLE_PRESETS,
    Deal,
    MatchMode,
    NameTrump,
    Play,
    State,
    TableState,
    parse_move,
)
from tutor.teach import play as pl
from tutor.web.board import BoardOptions, board_html
from tutor.web.rules_ref import preset_title
from tutor.web.step import step_hint_markdown
from tutor.web.table_hint import table_hint_html
from tutor.words import play_text
from tutor.words.explain import choice_label, explain_verdict, move_label, waiting_prompt
from tutor.words.i18n import Translator
from tutor_app import board, chrome, session, storage, text
from tutor_app.session import state
from tutor_app.shared import tr

#: Session keys of this page.
GAME = "play_game"  # the Game, or absent before the first match
REPLY = "play_reply"  # what the learner reads about the last try: (kind, text)
HINT = "play_hints"  # (deal number, ply) -> the hint level opened there
COUNT = "play_counts"  # (deal number, ply) -> the learner's count and whether it was right
PENDING = "play_pending"  # (the game before the learner's move, the move): to be graded
SINCE = "play_since"  # the index of the learner's last move in the deal: said from there on
BOARD_KEY = "play_board"
#: The browser's entry that keeps the match across a reload, and its component's key.
STORAGE_KEY = "tutor66.play"
STORE_KEY = "t66_play_store"
#: Seeds from the address have at most this many digits; random ones are below ``MAX_SEED``.
MAX_SEED_DIGITS = 9
MAX_SEED = 10**MAX_SEED_DIGITS
MODES = (MatchMode.GAME_POINTS, MatchMode.FIVE_DEALS, MatchMode.THOUSAND)
#: The choice of the table: two players, or three or four; the presets and the first one of each.
TABLES = {"two": (PRESETS, "classic"), "table": (TABLE_PRESETS, "three")}


def page() -> None:
    chrome.guarded(_body)()


def _game() -> pl.Game | None:
    game = st.session_state.get(GAME)
    return game if isinstance(game, pl.Game) else None


def _set(game: pl.Game | None) -> None:
    st.session_state[GAME] = game


def _reply(kind: str, words: str) -> None:
    st.session_state[REPLY] = (kind, words)


# ----------------------------------------------------------------------------- callbacks


@chrome.safe_callback
def start_match() -> None:
    ss = st.session_state
    presets, default = TABLES.get(str(ss.get("w_play_players")), TABLES["two"])
    name = ss.get("w_play_preset", default)
    if name not in presets:
        name = default
    mode = ss.get("w_play_mode", MatchMode.GAME_POINTS.value)
    spec = name if mode == MatchMode.GAME_POINTS.value else f"{name}(match.mode={mode})"
    choices = pl.opponents(presets[name].seats)
    opponent = ss.get("w_play_opponent", choices[0])
    if opponent not in choices:
        opponent = choices[0]
    seed = int(ss.get("play_seed", 0)) + 1
    ss["play_seed"] = seed
    table = pl.Table(rules_spec=spec, opponent=opponent, seed=_seed(seed))
    game = pl.play_out(pl.start(table))
    _set(game)
    _forget_turns()
    ss[SINCE] = 0


def _seed(n: int) -> int:
    """A seed of this session's ``n``-th match. The address may fix the seeds
    (``/play?seed=42``), so that a class plays the same deals; else they are random."""
    base = st.session_state.get("play_seed_base")
    if not isinstance(base, int):
        base = _address_seed()
        if base is None:
            base = secrets.randbelow(MAX_SEED)
        st.session_state["play_seed_base"] = base
    return base + n


def _address_seed() -> int | None:
    """The seed the address gives, if it is a whole number below ``MAX_SEED``; another value
    is ignored with a notice."""
    raw = st.query_params.get("seed")
    if raw is None:
        return None
    text_value = str(raw).strip()
    if text_value.isdigit() and len(text_value) <= MAX_SEED_DIGITS:
        return int(text_value)
    session.notice(session.IGNORED_PARAM, param="seed", value=text_value)
    return None


@chrome.safe_callback
def play_card(move_text: str) -> None:
    game = _game()
    if game is None or not game.learners_turn:
        return
    try:
        move = parse_move(move_text)
    except ValueError:
        return
    t = tr()
    verdict = pl.verdict(game, move)
    if not verdict.legal:
        _reply("illegal", explain_verdict(verdict, game.rules, t, you=True))
        return
    st.session_state[SINCE] = len(game.deal.moves)
    if len(game.state.legal_moves()) > 1:
        # The coach grades the move once the computer's answer is on the table.
        st.session_state[PENDING] = (game, move)
    st.session_state[REPLY] = None
    _set(pl.play_out(pl.learner_move(game, move)))


def _grade_pending(t: Translator) -> None:
    """The coach's remark on the learner's last move, made now that the table shows the
    computer's answer; said at once, or kept for the deal's end in quiet mode."""
    pending = st.session_state.get(PENDING)
    st.session_state[PENDING] = None
    game = _game()
    if not pending or game is None:
        return
    before, move = pending
    if before.deal.number != game.deal.number or before.table != game.table:
        return
    with st.spinner(t._("The coach is looking at your move…")):
        remark = pl.coach_remark(before, move)
    if remark is None:
        return
    try:
        game = pl.add_remark(game, remark)
    except ValueError:  # the move was taken back meanwhile
        return
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
    if game is None or not game.deal.over or game.over:
        return
    _set(pl.play_out(pl.next_deal(game)))
    st.session_state[REPLY] = None
    st.session_state[SINCE] = 0


def _forget_turns() -> None:
    """What belongs to the positions of one match: the hints opened, the counts, the grade to
    make, the reply; keyed by deal and move, so a new match must not find them."""
    for key in (HINT, COUNT, PENDING, REPLY):
        st.session_state[key] = None if key in (PENDING, REPLY) else {}


@chrome.safe_callback
def new_match() -> None:
    _set(None)
    _forget_turns()


@chrome.safe_callback
def more_hint(key: tuple[int, int]) -> None:
    levels: dict[tuple[int, int], int] = st.session_state.setdefault(HINT, {})
    levels[key] = min(levels.get(key, 0) + 1, 4)


@chrome.safe_callback
def check_count(key: tuple[int, int]) -> None:
    game = _game()
    if game is None:
        return
    answer = int(st.session_state.get("w_play_count") or 0)
    counts: dict[tuple[int, int], tuple[int, bool]] = st.session_state.setdefault(COUNT, {})
    counts[key] = (answer, pl.counted_right(game.state, game.side, answer))


# ----------------------------------------------------------------------------- page


def _restore(stored: str) -> None:
    """The match the browser kept, unless this session has one already; the page is drawn
    again with it. A kept match that cannot be read is dropped with a notice: the choice of a
    new match is shown."""
    if not stored or _game() is not None:
        return
    try:
        _set(pl.play_out(pl.load_game(stored)))
    except pl.GameStoreError as err:
        session.notice(err.template)
    st.rerun()


def _keep() -> None:
    """Keep the match in the browser as the page has left it (graded moves included)."""
    game = _game()
    storage.keep(STORE_KEY, STORAGE_KEY, pl.dump_game(game) if game else "", _restore)


def _body() -> None:
    try:
        _page()
    finally:
        _keep()


def _page() -> None:
    chrome.projector_bar()
    chrome.show_notices()
    t = tr()
    chrome.page_title(t._("Play"))
    game = _game()
    if game is None:
        _setup(t)
    else:
        _table(game, t)


def _setup(t: Translator) -> None:
    text.title(t._("Play 66 against the computer"))
    if st.session_state.get("w_play_players") not in ("two", "table"):
        st.session_state.w_play_players = "two"
    st.segmented_control(
        t._("Players at the table"),
        ["two", "table"],
        key="w_play_players",
        format_func=lambda k: t._("Two") if k == "two" else t._("Three or four"),
    )
    kind = str(st.session_state.w_play_players)
    if kind == "table":
        text.markdown(
            t._(
                "Sixty-six for three players, each for himself, or for four in two teams: you "
                "are A, the computer plays the other seats. A coach remarks on moves that cost "
                "game points, and the hint ladder helps at every move."
            )
        )
    else:
        text.markdown(
            t._(
                "Play a whole match against the computer. A coach grades each of your moves "
                "against the engine's best and says why, and you may ask for a hint at any time."
            )
        )
    presets, default = TABLES[kind]
    if st.session_state.get("w_play_preset") not in presets:
        st.session_state.w_play_preset = default
    choices = pl.opponents(presets[str(st.session_state.w_play_preset)].seats)
    if st.session_state.get("w_play_opponent") not in choices:
        st.session_state.w_play_opponent = choices[0]
    chrome.choose_rules_and_opponent(
        t, sorted(presets), default, choices, ("w_play_preset", "w_play_opponent")
    )
    target = presets[str(st.session_state.w_play_preset)].match_target
    st.radio(
        t._("Match"),
        [m.value for m in MODES],
        key="w_play_mode",
        format_func=lambda m: play_text.mode_name(MatchMode(m), target, t),
    )
    st.toggle(t._("Quiet coach: keep the remarks for the end of the deal"), key="w_play_quiet")
    st.toggle(
        t._("Hide the points: count them yourself"),
        key="w_play_hide",
        help=t._("The coach now and then asks how many points you have."),
    )
    st.button(
        t._("Start the match"),
        key="play_start",
        on_click=start_match,
        type="primary",
        icon=":material/play_arrow:",
    )


def _table(game: pl.Game, t: Translator) -> None:
    hide = bool(st.session_state.get("w_play_hide"))
    head, right = st.columns([5, 1.3], vertical_alignment="center")
    with head:
        text.title(t._("Play 66 against the computer"))
        parts = [
            preset_title(game.rules.name, t),
            play_text.opponent_name(game.table.opponent, t),
            play_text.match_line(game.match, t),
        ]
        if game.rules.seats > 2:
            others = ", ".join(SEAT_LETTERS[1 : game.rules.seats])
            parts.append(t._("You are A; the computer plays {seats}.", seats=others))
        text.caption(" · ".join(parts))
    with right:
        st.button(
            t._("New match"), key="play_new", on_click=new_match, icon=":material/restart_alt:"
        )
    if game.deal.number == 1 and not game.past:
        text.caption(play_text.cut_text(game.cut, game.match.dealer, t))
    board_col, side = st.columns([3, 2], gap="medium")
    seat = game.table.learner
    key = (game.deal.number, len(game.deal.moves))
    level = st.session_state.get(HINT, {}).get(key, 0)
    with board_col:
        s = game.state
        pick = frozenset(s.hand(seat)) if game.learners_turn else frozenset()
        legal = None
        if pick and (state.mark_legal or level >= 1):
            legal = frozenset(m.card for m in s.legal_moves() if isinstance(m, Play))
        show = tuple(x == seat or game.deal.over for x in range(s.seats))
        opts = BoardOptions(
            style=state.style,
            show=show,
            projector=bool(state.projector),
            pick=pick,
            legal=legal,
            scores=not hide or game.deal.over,
        )
        markup = _board(s, t, opts)
        if pick:
            board.card_board(markup, key=BOARD_KEY, on_play=play_card, focus=True)
        else:
            text.html(markup)
        _controls(game, t)
    with side:
        text.subheader(play_text.deal_heading(game, t))
        _grade_pending(t)
        game = _game() or game
        reply = st.session_state.get(REPLY)
        if reply:
            kind, words = reply
            if kind in ("good",):
                text.success(words, icon=":material/check_circle:")
            elif kind == "illegal":
                text.warning(words, icon=":material/block:")
            else:
                text.warning(words, icon=":material/lightbulb:")
        since = int(st.session_state.get(SINCE, 0) or 0)
        lines = play_text.happened(game, min(since, len(game.deal.moves)), t)
        if lines:
            text.bullets(lines)
        if game.claim is not None:
            _claimed(game, t)
        elif game.deal.over:
            _deal_end(game, t)
        elif game.learners_turn:
            _turn(game, t, key, level, hide)
        _tricks(game, t)


def _board(deal: Deal, t: Translator, opts: BoardOptions) -> Markup:
    """The table of a deal of either engine (both draw the tallies the board shows)."""
    assert isinstance(deal, State | TableState)
    return board_html(deal, None, t, opts)


def _controls(game: pl.Game, t: Translator) -> None:
    a, b = st.columns(2)
    with a:
        st.button(
            t._("Undo"),
            key="play_undo",
            on_click=undo,
            icon=":material/undo:",
            width="stretch",
            disabled=not game.deal.moves and game.deal.resigned is None and game.claim is None,
        )
    with b:
        st.button(
            t._("Give up the deal"),
            key="play_resign",
            on_click=give_up,
            icon=":material/flag:",
            width="stretch",
            disabled=game.deal.over or game.over,
        )


@chrome.safe_callback
def _mark() -> None:
    state.mark_legal = bool(st.session_state.get("w_mark_legal_play"))


def _turn(game: pl.Game, t: Translator, key: tuple[int, int], level: int, hide: bool) -> None:
    s = game.state
    moves = s.legal_moves()
    naming = [m for m in moves if isinstance(m, NameTrump)]
    waiting = waiting_prompt(s, t) if isinstance(s, State) else ""
    if waiting:
        text.markdown(waiting)
    elif naming and len(naming) == len(moves):
        text.markdown(t._("Your turn: name the trump suit with one of the buttons below."))
    else:
        text.markdown(t._("Your turn: click a card on the table to play it."))
    if naming and len(naming) < len(moves):
        text.markdown(
            t._(
                "No suit is trumps yet: you may name one with the buttons below, and must "
                "before playing {Ah}."
            )
        )
    st.toggle(
        t._("Mark the cards that may be played"),
        key="w_mark_legal_play",
        value=bool(state.mark_legal),
        on_change=_mark,
    )
    others = [m for m in moves if not isinstance(m, Play)]
    for m in others:
        st.button(
            choice_label(s, m, t) if isinstance(s, State) else move_label(m, t),
            key=f"play_move_{m}",
            on_click=play_card,
            args=(str(m),),
        )
    if hide and pl.ask_to_count(game):
        _count(game, t, key)
    if game.may_claim:
        st.button(
            t._("Claim 1000 card points"),
            key="play_claim",
            on_click=claim_1000,
            icon=":material/emoji_events:",
            help=t._(
                "Whoever has 1000 card points, counting this deal, may end the match at once. "
                "A miscount loses it."
            ),
        )
    if level and isinstance(s, TableState):
        text.html(table_hint_html(s, level, t))
    elif level:
        with st.container(border=True):
            view = pl.learner_view(game)
            text.markdown(step_hint_markdown(view, level, t, pl.learner_stakes(game)))
    if level < 4:
        st.button(
            t._("Show a hint ({level} of 4)", level=level + 1),
            key="play_hint",
            on_click=more_hint,
            args=(key,),
            icon=":material/lightbulb:",
        )


def _claimed(game: pl.Game, t: Translator) -> None:
    """The match ended by a claim to 1000."""
    claim = game.claim
    assert claim is not None
    said = play_text.claim_text(claim, t)
    if claim.winner == game.side:
        text.success(said, icon=":material/trophy:")
    else:
        text.warning(said)
    st.button(t._("New match"), key="play_again", on_click=new_match, type="primary")


@chrome.safe_callback
def claim_1000() -> None:
    game = _game()
    if game is not None and game.may_claim:
        _set(pl.claim(game, game.side))
        st.session_state[REPLY] = None


def _count(game: pl.Game, t: Translator, key: tuple[int, int]) -> None:
    counts = st.session_state.get(COUNT, {})
    with st.container(border=True):
        text.markdown(play_text.count_question(t))
        if key in counts:
            _answer, right = counts[key]
            have = game.state.score(game.side)
            words = play_text.count_reply(right, have, t)
            (text.success if right else text.warning)(words)
            return
        st.number_input(t._("Your points"), min_value=0, max_value=200, step=1, key="w_play_count")
        st.button(t._("Check"), key="play_count_check", on_click=check_count, args=(key,))


def _tricks(game: pl.Game, t: Translator) -> None:
    """The tricks of the deal so far, to look through."""
    tricks = pl.deal_tricks(game.deal)
    if not tricks:
        return
    with st.expander(
        t.n_("The deal's {n} trick so far", "The deal's {n} tricks so far", len(tricks)),
        icon=":material/history:",
    ):
        text.bullets(play_text.trick_line(tr_, t) for tr_ in tricks)


def _replay(game: pl.Game, t: Translator) -> None:
    """The deal once more, move by move, with both hands open."""
    states = pl.positions(game.deal)
    if len(states) < 2:
        return
    with st.expander(t._("Replay the deal with both hands open"), icon=":material/replay:"):
        step = st.slider(
            t._("Move"),
            min_value=0,
            max_value=len(states) - 1,
            value=0,
            key=f"w_play_replay_{game.deal.number}",
        )
        s = states[step]
        opts = BoardOptions(
            style=state.style, show=(True,) * s.seats, projector=bool(state.projector)
        )
        text.html(_board(s, t, opts))
        if step:
            lines = play_text.happened(
                replace(game, deal=replace(game.deal, moves=game.deal.moves[:step])), step - 1, t
            )
            text.bullets(lines)


def _export(game: pl.Game, t: Translator) -> str:
    """The deal just played as a lesson file, the coach's remarks as its narration."""
    outcome = pl.deal_outcome(game.deal, game.rules)
    narrations = {r.ply: play_text.remark_text(r, t) for r in game.deal.remarks}
    if outcome is not None and game.deal.moves:
        last = len(game.deal.moves) - 1
        end = play_text.outcome_text(game, outcome, t)
        narrations[last] = f"{narrations.get(last, '')} {end}".strip()
    return pl.deal_lesson(
        game,
        game.deal,
        title=t._("Deal {number} against the computer", number=game.deal.number),
        summary=play_text.match_line(game.scored_match, t),
        opening=play_text.deal_heading(game, t),
        narrations=narrations,
    )


def _deal_end(game: pl.Game, t: Translator) -> None:
    outcome = pl.deal_outcome(game.deal, game.rules)
    assert outcome is not None
    text.info(play_text.outcome_text(game, outcome, t))
    text.markdown(play_text.match_line(game.scored_match, t))
    moments = pl.costliest(game.deal)
    if game.deal.remarks:
        text.subheader(t._("The coach"))
        if not moments:
            text.success(t._("No move of yours in this deal gave anything away."))
        for r in moments:
            said = play_text.moment_lines(game, game.deal, r, t)
            text.warning(said[0])
            if len(said) > 1:
                with st.expander(said[1], icon=":material/route:"):
                    text.bullets(said[2:])
        if st.session_state.get("w_play_quiet"):
            for r in game.deal.remarks:
                if r not in moments:
                    text.caption(play_text.remark_text(r, t))
    _replay(game, t)
    if game.rules.seats == 2:
        st.download_button(
            t._("Download this deal as a lesson"),
            data=_export(game, t),
            file_name=f"{pl.lesson_id(game, game.deal)}.yaml",
            mime="application/x-yaml",
            key="play_export",
            icon=":material/download:",
        )
    st.download_button(
        t._("Download the match"),
        data=pl.dump_game(game),
        file_name=f"match-{game.table.seed}.json",
        mime="application/json",
        key="play_export_match",
        icon=":material/download:",
    )
    if game.over:
        m = game.scored_match
        won = m.winner == game.side
        if won:
            text.success(t._("You have won the match!"), icon=":material/trophy:")
        elif m.winner is None:
            text.info(t._("The match is drawn."))
        else:
            text.warning(t._("The computer has won the match."))
        st.button(t._("New match"), key="play_again", on_click=new_match, type="primary")
    else:
        st.button(
            t._("Next deal"),
            key="play_next",
            on_click=next_deal,
            type="primary",
            icon=":material/skip_next:",
        )


if __name__ == "__main__":
    page()

"""The lesson recorder: a teacher plays a deal seat by seat and writes the lesson while doing it
(``tutor.teach.studio.recorder``); the Studio page draws it in its tab "Record a lesson".

The recording lives in the session under the panel's ``key``. Each click on a card of the seat
on turn (or a button for a move that is no card) adds a step with a default narration
(``tutor.words.recorder_page.default_narration``) the teacher edits; the last step takes a
your-move, a question and checks. The lesson is read back by the lesson reader on every run:
its problems are listed, its preview is the Learn page's own frame, and it can be downloaded,
opened in the Learn page or shared with the class. Every text typed is bounded (``LIMITS``)
and escaped where it is drawn (the lesson frame's HTML escapes every text).
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import streamlit as st

from tutor.engine import PRESETS, TABLE_PRESETS, Move, Play, State, TableState, parse_move
from tutor.msgid import TEXT_LANGUAGES
from tutor.teach.lessons import open_lesson_file
from tutor.teach.play import Game
from tutor.teach.play.choices import on_table
from tutor.teach.studio.link import deal_code
from tutor.teach.studio.recorder import (
    LIMITS,
    MAX_ANSWERS,
    MAX_TOLERANCE,
    Answer,
    LessonMeta,
    Question,
    Recording,
    YourMove,
)
from tutor.web import lesson_frame
from tutor.web.board import BoardOptions, board_html
from tutor.web.problems import upload_error
from tutor.words.i18n import LANGUAGE_NAMES, Translator
from tutor.words.phrases import move_label
from tutor.words.recorder_page import (
    RecorderWords,
    answer_label,
    default_narration,
    fact_line,
    step_line,
    value_line,
)
from tutor.words.switches import preset_name
from tutor_app import board, text
from tutor_app.lesson_catalogue import open_upload
from tutor_app.room_panel import share_lesson_file
from tutor_app.session import state
from tutor_app.shared import tr

__all__ = [
    "LEARN_SCRIPT",
    "STUDIO_KEY",
    "STUDIO_SCRIPT",
    "lesson_recorder",
    "record_played",
    "share_recorded",
]

#: The Learn page's script, where "Open in the Learn page" goes.
LEARN_SCRIPT = str(Path(__file__).resolve().parent / "pages" / "learn.py")
_PRESETS = (*PRESETS, *TABLE_PRESETS)
_MAX_SEED = 10**9


def _k(key: str, name: str) -> str:
    return f"{key}:{name}"


def _recording(key: str) -> Recording | None:
    rec = st.session_state.get(_k(key, "rec"))
    return rec if isinstance(rec, Recording) else None


def _store(key: str, rec: Recording) -> None:
    st.session_state[_k(key, "rec")] = rec


def _start(key: str, start: object | None, t: Translator) -> Recording:
    """The recording of this panel: kept in the session, else a new one from ``start`` (a
    full deal) or from the chosen preset and seed."""
    rec = _recording(key)
    given = start if isinstance(start, State | TableState) else None
    if rec is not None and (given is None or rec.start == given):
        return rec
    language = t.lang if t.lang in TEXT_LANGUAGES else "en"
    if given is not None:  # a deal given (the editor's) that the recording did not start from
        rec = Recording.from_deal(given.rules.name, given, language)
    else:
        spec = str(st.session_state.get(_k(key, "preset"), "classic"))
        seed = int(st.session_state.get(_k(key, "seed"), 1) or 1)
        rec = Recording.from_seed(spec, seed, language)
    _store(key, rec)
    return rec


def _new_deal(key: str) -> None:
    st.session_state.pop(_k(key, "rec"), None)
    st.session_state.pop(_k(key, "proposals"), None)


def _play(key: str, move: Move) -> None:
    rec = _recording(key)
    if rec is None or move not in rec.legal_moves():
        return
    language = rec.language
    said = default_narration(rec.state, move, _in(language))
    rec = rec.play(move, said)
    st.session_state[_k(key, f"narration{len(rec.steps)}")] = said
    _store(key, rec)


def _play_text(key: str, notation: str) -> None:
    try:
        move = parse_move(notation)
    except ValueError:
        return  # the table only sends its own cards
    _play(key, move)


def _pause(key: str) -> None:
    rec = _recording(key)
    said = str(st.session_state.get(_k(key, "pause_text"), "") or "")
    if rec is None or not said.strip():
        return
    rec = rec.pause(said)
    st.session_state[_k(key, f"narration{len(rec.steps)}")] = rec.steps[-1].narration
    st.session_state[_k(key, "pause_text")] = ""
    _store(key, rec)


def _undo(key: str) -> None:
    rec = _recording(key)
    if rec is not None and rec.steps:
        _store(key, rec.undo())


def _in(language: str) -> Translator:
    from tutor.words.i18n import get_translator

    return get_translator(language, state.style)


# ----------------------------------------------------------------------------- the panel


def lesson_recorder(key: str, start: object | None = None) -> None:
    """Draw the recorder here: ``start`` is a full deal (the editor's) or ``None`` for a new
    deal of a chosen preset and seed."""
    t = tr()
    w = RecorderWords().said(t)
    if start is None:
        _setup(key, w, t)
    rec, meta = _meta(key, w, _start(key, start, t))
    table, side = st.columns([3, 2], gap="medium")
    with table:
        _table(key, rec, w, t)
    with side:
        rec = _last_step(key, rec, w, t)
        _steps(key, rec, w, t)
    _store(key, rec)
    _finish(key, rec, meta, w, t)


def _setup(key: str, w: RecorderWords, t: Translator) -> None:
    a, b, c = st.columns([2, 1, 1], vertical_alignment="bottom")
    with a:
        st.selectbox(
            w.rules,
            _PRESETS,
            key=_k(key, "preset"),
            format_func=functools.partial(preset_name, tr=t),
            on_change=_new_deal,
            args=(key,),
        )
    with b:
        st.number_input(
            w.seed, 1, _MAX_SEED, 1, key=_k(key, "seed"), on_change=_new_deal, args=(key,)
        )
    with c:
        st.button(w.new_deal, key=_k(key, "new"), on_click=_new_deal, args=(key,))


def _meta(key: str, w: RecorderWords, rec: Recording) -> tuple[Recording, LessonMeta]:
    """The lesson's id, title, level, summary and the language it is written in."""
    a, b, c, d = st.columns([2, 2, 1, 1])
    with a:
        title = st.text_input(w.title, key=_k(key, "title"), max_chars=LIMITS["title"])
    with b:
        lesson_id = st.text_input(
            w.lesson_id, "recorded-lesson", key=_k(key, "id"), max_chars=LIMITS["id"]
        )
    with c:
        level = st.selectbox(w.level, (1, 2, 3), key=_k(key, "level"))
    with d:
        language = st.selectbox(
            w.language,
            TEXT_LANGUAGES,
            TEXT_LANGUAGES.index(rec.language),
            key=_k(key, "lang"),
            format_func=LANGUAGE_NAMES.__getitem__,
        )
    if language != rec.language:
        rec = rec.in_language(language)
    summary = st.text_input(w.summary, key=_k(key, "summary"), max_chars=LIMITS["summary"])
    return rec, LessonMeta(lesson_id.strip(), title, int(level or 1), summary)


def _table(key: str, rec: Recording, w: RecorderWords, t: Translator) -> None:
    """The position now: the cards of the seat on turn are buttons; a button per move that is
    no card; a pause."""
    deal = rec.state
    moves = rec.legal_moves()
    cards = frozenset(m.card for m in moves if isinstance(m, Play))
    opts = BoardOptions(
        style=state.style,
        show=(True,) * deal.seats,
        pick=cards,
        legal=cards,
        finished=deal.is_over,
    )
    markup = board_html(on_table(deal), None, t, opts)
    if cards:
        text.caption(w.on_turn)
        board.card_board(markup, key=_k(key, "board"), on_play=functools.partial(_play_text, key))
    else:
        text.html(markup)
    others = [m for m in moves if not isinstance(m, Play)]
    for i, move in enumerate(others):
        st.button(move_label(move, t), key=_k(key, f"move{i}"), on_click=_play, args=(key, move))
    st.text_input(w.pause, key=_k(key, "pause_text"), max_chars=LIMITS["narration"])
    st.button(w.pause, key=_k(key, "pause"), on_click=_pause, args=(key,))


def _last_step(key: str, rec: Recording, w: RecorderWords, t: Translator) -> Recording:
    """The last step's narration, your-move, question and checks, as the teacher sets them."""
    if not rec.steps:
        return rec
    index = len(rec.steps) - 1
    step = rec.steps[index]
    tag = f"{index}:{step.move}"  # the widgets of this step, not of one undone before
    text.subheader(step_line(index + 1, step.move, t))
    nkey = _k(key, f"narration{index + 1}")
    if nkey not in st.session_state:
        st.session_state[nkey] = step.narration
    narration = st.text_area(
        w.narration, key=nkey, max_chars=LIMITS["narration"], help=w.cards_help
    )
    translations = _translations(key, rec, index, w)
    your_move = None
    if step.move is not None and st.checkbox(w.learner_plays, key=_k(key, f"ym{tag}")):
        your_move = _your_move(key, rec, index, w, t)
    question = None
    if your_move is None and st.checkbox(w.ask, key=_k(key, f"ask{tag}")):
        question = _question(key, rec, index, w, t)
    facts = rec.facts(index)
    ticked = st.multiselect(
        w.checks,
        range(len(facts)),
        placeholder=w.choose,
        key=_k(key, f"checks{tag}"),
        format_func=lambda i: fact_line(facts[i].name, facts[i].value, t),
    )
    step = replace(
        step,
        narration=narration or "",
        your_move=your_move,
        question=question,
        checks=tuple(facts[i] for i in ticked if i < len(facts)),
        translations=translations,
    )
    return rec.edit(index, step)


def _translations(
    key: str, rec: Recording, index: int, w: RecorderWords
) -> tuple[tuple[str, str], ...]:
    """The step's narration in the other languages, if the teacher adds them (the learner who
    reads another language sees the lesson's own text where none is given)."""
    others = [lang for lang in TEXT_LANGUAGES if lang != rec.language]
    with st.expander(w.translations, icon=":material/translate:"):
        said = {
            lang: st.text_area(
                LANGUAGE_NAMES[lang],
                key=_k(key, f"tr{index + 1}:{lang}"),
                max_chars=LIMITS["narration"],
                height=80,
            )
            for lang in others
        }
    return tuple((lang, text) for lang, text in said.items() if text and text.strip())


def _your_move(key: str, rec: Recording, index: int, w: RecorderWords, t: Translator) -> YourMove:
    tolerance = int(
        st.number_input(w.tolerance, 0, MAX_TOLERANCE, 0, key=_k(key, f"tol{index}")) or 0
    )
    cache = st.session_state.setdefault(_k(key, "proposals"), {})
    at = (rec.rules_spec, str(rec.state_at(index)), tolerance)
    proposal = cache.get(at)
    if proposal is None:
        proposal = cache[at] = rec.proposal(index, tolerance)
    values = dict(proposal.values)
    moves = tuple(values)
    akey = _k(key, f"accept{index}:{tolerance}")
    if akey not in st.session_state:
        st.session_state[akey] = [moves.index(m) for m in proposal.accepted]
    chosen = st.multiselect(
        w.accepted,
        range(len(moves)),
        placeholder=w.choose,
        key=akey,
        format_func=lambda i: value_line(moves[i], values[moves[i]], t),
    )
    prompt = st.text_input(w.prompt, key=_k(key, f"prompt{index}"), max_chars=LIMITS["prompt"])
    feedback = st.text_input(
        w.feedback, key=_k(key, f"feedback{index}"), max_chars=LIMITS["feedback"]
    )
    return YourMove(tuple(moves[i] for i in chosen if i < len(moves)), tolerance, prompt, feedback)


def _question(key: str, rec: Recording, index: int, w: RecorderWords, t: Translator) -> Question:
    said = st.text_input(w.question, key=_k(key, f"q{index}"), max_chars=LIMITS["text"])
    answers = []
    for n in range(MAX_ANSWERS):
        a, b = st.columns(2)
        with a:
            answer = st.text_input(
                answer_label(n + 1, t), key=_k(key, f"a{index}:{n}"), max_chars=LIMITS["answer"]
            )
        with b:
            why = st.text_input(w.why, key=_k(key, f"w{index}:{n}"), max_chars=LIMITS["why"])
        answers.append((answer, why))
    right = st.radio(
        w.right,
        range(MAX_ANSWERS),
        key=_k(key, f"right{index}"),
        format_func=lambda i: answer_label(i + 1, t),
        horizontal=True,
    )
    facts = rec.question_facts(index)
    ticked = st.multiselect(
        w.checks,
        range(len(facts)),
        placeholder=w.choose,
        key=_k(key, f"qchecks{index}"),
        format_func=lambda i: fact_line(facts[i].name, facts[i].value, t),
    )
    given = tuple(
        Answer(answer, n == right, why) for n, (answer, why) in enumerate(answers) if answer
    )
    return Question(said, given, tuple(facts[i] for i in ticked if i < len(facts)))


def _steps(key: str, rec: Recording, w: RecorderWords, t: Translator) -> None:
    if not rec.steps:
        return
    text.subheader(w.steps)
    text.bullets(step_line(i + 1, s.move, t) for i, s in enumerate(rec.steps))
    st.button(w.undo, key=_k(key, "undo"), on_click=_undo, args=(key,), icon=":material/undo:")


# ----------------------------------------------------------------------------- the lesson


def _finish(key: str, rec: Recording, meta: LessonMeta, w: RecorderWords, t: Translator) -> None:
    """The lesson read back: its problems, or its preview, download, and the ways to open it."""
    if not rec.steps:
        return
    data = rec.to_yaml(meta).encode()
    st.session_state[_k(key, "yaml")] = data  # the bytes the download gives
    lesson, frames, errors = open_lesson_file(f"{meta.id or 'lesson'}.yaml", data)
    if lesson is None:
        lines = [upload_error(e, f"{meta.id}.yaml", data) for e in errors[:5]]
        text.error("\n\n".join([w.problems, *(str(line) for line in lines)]))
        return
    with st.expander(w.preview, expanded=False):
        at = int(
            st.number_input(w.preview, 0, len(frames) - 1, len(frames) - 1, key=_k(key, "at")) or 0
        )
        frame = frames[at]
        show = (True,) * frame.state.seats
        text.html(
            lesson_frame.frame_board_html(
                lesson,
                frame,
                t,
                style=state.style,
                show=show,
                projector=False,
                before=frames[at - 1] if at else None,
            )
        )
        text.html(lesson_frame.frame_step_html(frames, at, t, compare=False, show=show))
    a, b, c = st.columns(3)
    with a:
        st.download_button(
            w.download,
            data,
            file_name=f"{lesson.id}.yaml",
            mime="application/x-yaml",
            key=_k(key, "download"),
            icon=":material/download:",
        )
    with b:
        if st.button(w.open_learn, key=_k(key, "learn"), icon=":material/school:"):
            _open_in_learn(lesson.id, data)
    with c:
        if st.button(w.share, key=_k(key, "share"), icon=":material/cast:"):
            share_recorded(data, lesson.id)


def _open_in_learn(lesson_id: str, data: bytes) -> None:
    """Put the lesson on the session's shelf as the Learn page's upload does, and go there."""
    open_upload(f"{lesson_id}.yaml", data)
    if state.lesson == lesson_id:
        st.switch_page(LEARN_SCRIPT)


#: The recorder's key on the Studio page, and the page.
STUDIO_KEY = "studio_rec"
STUDIO_SCRIPT = str(Path(__file__).resolve().parent / "pages" / "studio.py")


def record_played(game: Game) -> None:
    """Record a lesson from the deal just played on the Play page: its moves become the
    recording's steps, each with the narration the recorder proposes in the teacher's
    language, and the Studio page opens on the recorder with the deal as dealt."""
    t = tr()
    language = t.lang if t.lang in TEXT_LANGUAGES else "en"
    said, at = [], game.deal.start
    for move in game.deal.moves:
        said.append(default_narration(at, move, _in(language)))
        at = at.apply(move)
    rec = Recording.from_game(game, said).in_language(language)
    _store(STUDIO_KEY, rec)
    st.session_state.pop(_k(STUDIO_KEY, "proposals"), None)
    st.session_state["w_studio_mode"] = "record"
    code = deal_code(rec.start) if isinstance(rec.start, State | TableState) else None
    st.switch_page(STUDIO_SCRIPT, query_params={"pos": code} if code else None)


def share_recorded(lesson_yaml: bytes, lesson_id: str) -> None:
    """Share a recorded lesson with the class at once: the room this session holds (or a new
    one) carries the lesson file, the students follow its first step, and the teacher goes on
    in the Learn page, where the room's code and the class's answers are."""
    share_lesson_file(f"{lesson_id}.yaml", lesson_yaml)
    if state.lesson == lesson_id:
        st.switch_page(LEARN_SCRIPT)

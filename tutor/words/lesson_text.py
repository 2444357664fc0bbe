"""A lesson in words: the text of one step for the app's narration panel, and the whole replay
as lines of text for a person (``tutor replay``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.engine import (
    PLAYER_NAMES,
    SEAT_LETTERS,
    Card,
    Deal,
    Move,
    State,
    Verdict,
    game_for,
)
from tutor.msgid import N_
from tutor.teach.lessons import (
    MISSES_BEFORE_SHOW,
    Event,
    EventKind,
    Frame,
    Lesson,
    Try,
    TryKind,
    judge_move,
    runs,
)
from tutor.words.i18n import Translator
from tutor.words.narrate import move_words, outcome_text
from tutor.words.phrases import move_phrase, sentence
from tutor.words.reasons import explain_verdict, reason_text
from tutor.words.rule_texts import rule_line
from tutor.words.switches import preset_name
from tutor.words.why_text import TERM_GAME_POINTS, why_lines

#: The lesson levels' names in the catalogue; a level without a name is "Level {level}".
LEVEL_NAMES = {
    1: N_("Level 1: first steps"),
    2: N_("Level 2: playing well"),
    3: N_("Level 3: fine points"),
}


def level_words(level: int, tr: Translator) -> str:
    """The heading of a lesson level in the catalogue.

    >>> from tutor.words.i18n import get_translator
    >>> level_words(1, get_translator("en")), level_words(9, get_translator("en"))
    ('Level 1: first steps', 'Level 9')
    """
    return tr._(LEVEL_NAMES.get(level, N_("Level {level}")), level=level)


# ----------------------------------------------------------------------------- a step in words


@dataclass(frozen=True)
class StepText:
    """A lesson step in words: the narration, what happened, why it is allowed (each rule with
    its source) and, at the end, how the deal ended."""

    narration: str
    happened: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    outcome: str = ""


def step_text(
    *,
    before: Deal | None,
    after: Deal,
    move: Move | None,
    narration: str,
    rule_ids: Sequence[str],
    verdict: Verdict | None,
    tr: Translator,
) -> StepText:
    """Words for one step of a deal for any number of seats: the narration (a msgid), the move
    and the trick it completed, the rules that decided the move (their text and source) and
    the outcome when the deal ended. What the narration already says word for word is not
    said again."""
    words = _step_words(
        before=before,
        after=after,
        move=move,
        narration=narration,
        rule_ids=rule_ids,
        verdict=verdict,
        tr=tr,
    )
    happened = tuple(h for h in words.happened if h not in words.narration)
    return replace(words, happened=happened)


def _step_words(
    *,
    before: Deal | None,
    after: Deal,
    move: Move | None,
    narration: str,
    rule_ids: Sequence[str],
    verdict: Verdict | None,
    tr: Translator,
) -> StepText:
    """Words for one step: the narration (a msgid), the move and the trick it completed, the
    rules that decided the move (their text and source) and the outcome when the deal ended."""
    happened: list[str] = []
    if move is not None and before is not None:
        happened.extend(move_words(before, move, after, tr))
    reasons: list[str] = []
    ids: list[str] = []
    if verdict is not None:
        for reason in verdict.reasons:
            reasons.append(reason_text(reason, verdict.legal, tr, after.rules))
            ids.append(reason.rule_id)
    for rid in rule_ids:
        if rid not in ids:
            ids.append(rid)
    rule_lines = [line for rid in ids if (line := rule_line(rid, after.rules, tr))]
    outcome = outcome_text(after, tr)
    return StepText(
        narration=tr._(narration) if narration else "",
        happened=tuple(h for h in happened if h),
        reasons=tuple(
            dict.fromkeys(r for r in reasons if r and not any(r in line for line in rule_lines))
        ),
        rules=tuple(dict.fromkeys(rule_lines)),
        outcome=outcome,
    )


# ----------------------------------------------------------------------------- a replay as text


def _cards(cards: Sequence[Card], tr: Translator) -> str:
    """Cards in a hand or the stock, each by its short name in the language and pack (de
    ``D♠``; the bare name in the German-suited pack, then separated by commas)."""
    names = [tr.card_short(c) for c in cards]
    return (", " if any(" " in n for n in names) else " ").join(names)


def _scores(state: Deal, tr: Translator) -> str:
    if state.seats == 2:
        return tr._("Score: A {a}, B {b}.", a=state.score(0), b=state.score(1))
    name = game_for(state.rules).side_name
    scores = ", ".join(f"{name(x)} {state.score(x)}" for x in range(state.sides))
    return tr._("Score: {scores}.", scores=scores)


def _deal_lines(lesson: Lesson, state: Deal, tr: Translator) -> list[str]:
    lines = [
        tr._("Rules: {rules}", rules=preset_name(state.rules.name, tr)),
        (
            tr._("Trump card: {card_bare}", card=state.turned_up)
            if state.turned_up is not None
            else tr._("No card is turned up: trumps are named.")
        ),
    ]
    shows = lesson.shows
    for p in range(state.seats):
        hand = state.hand(p)
        named = [c for c in hand if c not in lesson.unnamed]
        hidden = len(hand) - len(named)
        if not shows[p]:
            text = tr.n_("{n} card, face down", "{n} cards, face down", len(hand))
        elif hidden:
            text = (
                _cards(named, tr)
                + " "
                + tr.n_("and {n} card face down", "and {n} cards face down", hidden)
            )
        else:
            text = _cards(named, tr)
        lines.append(tr._("{player}: {cards}", player=SEAT_LETTERS[p], cards=text))
    # The stock as dealt: its cards from the top with two players; at a table face down.
    turned = 0 if state.turned_up is None else 1
    stock = (
        state.stock_cards if isinstance(state, State) else (None,) * (state.cards_to_draw - turned)
    )
    named_stock = [c for c in stock if c is not None and c not in lesson.unnamed]
    hidden = len(stock) - len(named_stock)
    text = _cards(named_stock, tr)
    if hidden and text:
        text += " " + tr.n_("and {n} card face down", "and {n} cards face down", hidden)
    elif hidden:
        text = tr.n_("{n} card, face down", "{n} cards, face down", hidden)
    elif not text:
        text = "-"
    lines.append(tr._("Stock, top first: {cards}", cards=text))
    lead = state.leader
    lines.append(tr._("{player} plays first.", player=SEAT_LETTERS[lead]))
    return lines


def draw_lines(
    events: Sequence[Event],
    tr: Translator,
    *,
    shows: tuple[bool, ...] = (True, True),
    hidden: frozenset[Card] = frozenset(),
) -> list[str]:
    """The cards drawn after a trick, in one line: each named when the learner can see it
    (the drawer's hand is shown face up, the card is not one the lesson keeps face down, or it
    is the face-up trump card), else said as a card the learner cannot see.

    >>> from tutor.engine import Card
    >>> from tutor.words.i18n import get_translator
    >>> drew = [Event(EventKind.DREW, 0, (Card.parse("10s"),)),
    ...         Event(EventKind.DREW, 1, (Card.parse("9h"),))]
    >>> draw_lines(drew, get_translator("en"), shows=(True, False))
    ['A draws the ten of spades. B draws a card you cannot see.']
    """
    said = []
    for e in events:
        if e.kind is not EventKind.DREW:
            continue
        player, card = PLAYER_NAMES[e.player or 0], e.cards[0]
        if e.detail == "trump_card":
            said.append(
                tr._("{player} takes the face-up trump card, {card}.", player=player, card=card)
            )
        elif shows[e.player or 0] and card not in hidden:
            said.append(tr._("{player} draws {card}.", player=player, card=card))
        else:
            said.append(tr._("{player} draws a card you cannot see.", player=player))
    return [" ".join(said)] if said else []


def _event_lines(
    frame: Frame,
    tr: Translator,
    shows: tuple[bool, ...] = (True, True),
    hidden: frozenset[Card] = frozenset(),
) -> list[str]:
    out = draw_lines(frame.events, tr, shows=shows, hidden=hidden)
    for e in frame.events:
        if e.kind is EventKind.MELD_CREDITED:
            out.append(
                tr._(
                    "{player}'s marriage now counts: {points} points.",
                    player=PLAYER_NAMES[e.player or 0],
                    points=e.points,
                )
            )
        elif e.kind is EventKind.LAST_TRICK:
            out.append(
                tr._(
                    "{player} takes the last trick and gets {points} extra points.",
                    player=PLAYER_NAMES[e.player or 0],
                    points=e.points,
                )
            )
        elif e.kind is EventKind.STOCK_EMPTY:
            out.append(
                tr._("The stock is used up: from now on the rules of the second phase apply.")
            )
        elif e.kind is EventKind.MATCH and e.scores is not None:
            out.append(tr._("Match score: A {a}, B {b}.", a=e.scores[0], b=e.scores[1]))
            if e.player is not None:
                out.append(tr._("{player} wins the match.", player=PLAYER_NAMES[e.player]))
    return out


def _untold(step: list[str]) -> list[str]:
    """A step's lines without the generated ones that its narration (the line "  > ...")
    already says word for word.

    >>> _untold(["-- Step 2 --", "  B leads the ace.", "  > B leads the ace. A cannot beat it."])
    ['-- Step 2 --', '  > B leads the ace. A cannot beat it.']
    """
    said = next((x[4:] for x in step if x.startswith("  > ")), "")
    if not said:
        return step
    return [
        x
        for x in step
        if not x.startswith("  ") or x.startswith("  > ") or not x.strip() or x.strip() not in said
    ]


def replay_text(lesson: Lesson, frames: Sequence[Frame], tr: Translator) -> list[str]:
    """The replay as lines of text for a person."""
    lines = [tr._(lesson.title), level_words(lesson.level, tr), tr._(lesson.summary)]
    all_runs = runs(frames)
    for run in all_runs:
        for i, frame in enumerate(run):
            start = len(lines)
            lines.append("")
            if frame.step == 0:
                head = tr._("The cards as dealt")
                if len(all_runs) > 1:
                    head = tr._(
                        "The cards as dealt, under the {rules} rules",
                        rules=preset_name(frame.preset, tr),
                    )
                lines.append(f"== {head} ==")
                lines.extend("  " + x for x in _deal_lines(lesson, frame.state, tr))
            else:
                lines.append("-- " + tr._("Step {step}", step=frame.step) + " --")
                before = run[i - 1].state
                if frame.move is not None:
                    said = move_words(before, frame.move, frame.state, tr)
                    lines.extend("  " + x for x in said)
                    events = _event_lines(frame, tr, lesson.shows, lesson.unnamed)
                    lines.extend("  " + x for x in events)
            if frame.narration:
                lines.append("  > " + tr._(frame.narration))
            lines[start:] = _untold(lines[start:])
            for rid in frame.rule_ids:
                text = rule_line(rid, frame.state.rules, tr)
                if text:
                    lines.append("  * " + text)
            if frame.move is not None:
                lines.append("  " + _scores(frame.state, tr))
            if frame.state.result is not None and frame.move is not None:
                lines.append("  " + outcome_text(frame.state, tr))
    return lines


__all__ = ["LEVEL_NAMES", "StepText", "draw_lines", "level_words", "replay_text", "step_text"]


# ----------------------------------------------------------------------------- steps to play

#: A move allowed but not the one asked for, where the lesson has no exact values (a table of
#: three or four).
NOT_ASKED = N_("That move is allowed, but there is a better one here. Think again, or open a hint.")


@dataclass(frozen=True)
class Reply:
    """What the learner reads after a try at an interactive step: whether it was right, and
    the sentences that say why (a rule with its source, or a comparison in game points)."""

    right: bool
    lines: tuple[str, ...]


def try_reply(
    tried: Try, frame: Frame, tr: Translator, known: frozenset[str] | None = None
) -> Reply:
    """A try of a lesson run in words (``tutor.teach.lessons.LessonRun.replies``) at the
    interactive step ``frame``: the author's explanation of an answer; praise for a move
    accepted; for a move the rules forbid, the verdict with the rule and its source; for a
    legal move not asked for, why it is worse (the trick it cannot take, what it gives away),
    in the terms the learner has met (``known``, ``None``: all), and what it costs in game
    points only once they are taught; the move shown."""
    if tried.kind is TryKind.ANSWER:
        return question_reply(frame, tried.choice, tr)
    if tried.kind is TryKind.SHOWN:
        return Reply(True, (show_me_text(frame, tr),))
    if tried.right:
        ym = frame.your_move
        praise = tr._(ym.feedback) if ym is not None and ym.feedback else tr._("Right!")
        return Reply(True, (praise,))
    if tried.verdict is not None:
        return Reply(False, (explain_verdict(tried.verdict, frame.state.rules, tr, you=True),))
    if tried.loss is None:
        return Reply(False, (tr._(NOT_ASKED),))
    assert tried.move is not None
    name = move_phrase(tried.move, tr)
    if tried.loss <= 0:
        # as many game points, but not the trick the lesson asks for, or not the card a
        # player gives
        reasons = why_lines(tried.why, tr, known=known, better_named=False) if tried.why else ()
        if reasons:
            return Reply(False, (*reasons, tr._("Try again.")))
        text = tr._(
            "{move} is just as good, but this lesson asks for another move here.", move=name
        )
        return Reply(False, (sentence(text), tr._("Try again.")))
    reasons = why_lines(tried.why, tr, known=known, better_named=False) if tried.why else ()
    if not reasons and known is not None and TERM_GAME_POINTS not in known:
        return Reply(False, (tr._(NOT_ASKED),))
    lines = list(reasons)
    if known is None or TERM_GAME_POINTS in known:
        lines.append(
            sentence(
                tr.n_(
                    "{move} instead costs {n} game point.",
                    "{move} instead costs {n} game points.",
                    tried.loss,
                    move=name,
                )
            )
        )
    return Reply(False, (*lines, tr._("Try again.")))


def your_move_reply(before: Deal, frame: Frame, move: Move, tr: Translator) -> Reply:
    """The reply to the learner's ``move`` at the your-move step that ``frame`` shows played
    (``before`` is the position before it): the lesson run's judgement (``judge_move``) in
    words (``try_reply``)."""
    return try_reply(judge_move(before, frame, move), frame, tr)


def show_me_text(frame: Frame, tr: Translator) -> str:
    """The move of a your-move step, shown after the learner asked for it."""
    assert frame.move is not None
    return sentence(tr._("The move here: {move}.", move=move_phrase(frame.move, tr)))


def question_reply(frame: Frame, answer: int, tr: Translator) -> Reply:
    """The reply to the learner's choice of ``answer`` (its index) at a question step: right or
    not, and the author's explanation of that answer."""
    q = frame.question
    assert q is not None
    chosen = q.answers[answer]
    return Reply(chosen.right, (tr._(chosen.why),))


__all__ += [
    "MISSES_BEFORE_SHOW",
    "NOT_ASKED",
    "Reply",
    "question_reply",
    "show_me_text",
    "try_reply",
    "your_move_reply",
]

"""Puzzles in words: the goal, theme and level, the verdict on a move and why, the hint ladder.

Everything the learner reads about a puzzle is made here from the data of
``tutor.teach.puzzles`` (judgements, analyses, refutations), translated with a ``Translator``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import PLAYER_NAMES, RuleSet, apply
from tutor.msgid import N_
from tutor.teach.puzzles import GoalKind, Judgement, Mark, Puzzle
from tutor.teach.puzzles.replay import Decider, Decides, Replay, Step
from tutor.words.i18n import Translator
from tutor.words.narrate import describe_outcome
from tutor.words.puzzle_hints import HINT_LEVELS, UnseenText, hint, unseen_text
from tutor.words.puzzle_lines import (
    GOAL_PHRASES,
    GOAL_TEXTS,
    SCHNEIDER_RULE,
    WIN_POINTS_PHRASE,
    WIN_POINTS_TEXT,
    _close_words,
    _goal_missed,
    _hidden_words,
    _move_says,
    game_points_words,
    goal_line,
    goal_phrase,
    goal_words,
    level_words,
    line_words,
    signed_number,
    theme_words,
)
from tutor.words.why_text import why_lines


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after a move: a headline, then the details, one per line."""

    mark: Mark
    headline: str
    details: tuple[str, ...] = ()


def _better_words(j: Judgement, tr: Translator) -> tuple[str, ...]:
    """Why a best move is better (``Judgement.why``: the lines after each, in words, as every
    verdict says it, ``tutor.words.why_text``), then the numbers: exactly, in the worst case or
    on average over the deals."""
    a = j.analysis
    mine = a.score(j.move)
    top = a.score(a.best[0])
    said = why_lines(j.why, tr) if j.why is not None else ()
    if not said:  # nothing but the numbers to say: name the better move with them
        said = (
            _move_says(
                top.move,
                tr,
                N_("The goal is still in reach, but {card} is better."),
                N_("The goal is still in reach, but there is a better move: {move}."),
            ),
        )
    if a.deals == 1:
        numbers = tr._(
            "In game points: {value} for this move, {best} for the better one.",
            value=signed_number(mine.worst, tr),
            best=signed_number(top.worst, tr),
        )
    elif mine.worst != top.worst:
        numbers = tr._(
            "In game points, in the worst of {n} deals: {value} for this move, {best} for the "
            "better one.",
            n=a.deals,
            value=signed_number(mine.worst, tr),
            best=signed_number(top.worst, tr),
        )
    else:
        numbers = tr._(
            "In game points, on average over {n} deals: {value} for this move, {best} for the "
            "better one.",
            n=a.deals,
            value=signed_number(mine.mean, tr),
            best=signed_number(top.mean, tr),
        )
    return (*said, numbers)


def feedback(puzzle: Puzzle, j: Judgement, tr: Translator) -> Feedback:
    """The words for a judgement: right, partly right or wrong, and why."""
    close = puzzle.goal.kind is GoalKind.DECIDE_CLOSE
    if j.mark is Mark.WRONG:
        details: list[str] = []
        if close:
            details.append(_close_words(j.analysis, tr))
        ref = j.refutation
        if ref is not None:
            details.extend(_hidden_words(ref, puzzle.learner, tr))
            details.extend(line_words(ref.before, ref.line, tr))
        if not close:
            details.append(_goal_missed(puzzle, tr))
        head = _move_says(
            j.move,
            tr,
            N_("Not quite: with {card} the goal is out of reach."),
            N_("Not quite: after your move, {move}, the goal is out of reach."),
        )
        return Feedback(Mark.WRONG, head, tuple(d for d in details if d))
    details = []
    if close:
        details.append(_close_words(j.analysis, tr))
    if not j.best:
        details.extend(_better_words(j, tr))
    if j.replies and j.before is not None:
        details.extend(line_words(apply(j.before, j.move), j.replies, tr))
    if j.mark is Mark.RIGHT:
        head = _move_says(
            j.move,
            tr,
            N_("Right! You reach the goal with {card}. Puzzle solved."),
            N_("Right! Your move, {move}, reaches the goal. Puzzle solved."),
        )
    elif j.solved:
        head = _move_says(
            j.move,
            tr,
            N_("Partly right: you reach the goal with {card}, but not in the best way."),
            N_("Partly right: your move, {move}, reaches the goal, but not in the best way."),
        )
    elif j.best:
        head = _move_says(
            j.move,
            tr,
            N_("Right so far: playing {card} is a good move. Go on."),
            N_("Right so far: your move, {move}, is a good one. Go on."),
        )
    else:
        head = _move_says(
            j.move,
            tr,
            N_("Partly right: with {card} the goal is still in reach. Go on."),
            N_("Partly right: after your move, {move}, the goal is still in reach. Go on."),
        )
    return Feedback(j.mark, head, tuple(d for d in details if d))


# ----------------------------------------------------------------------------- on the table


def step_words(
    step: Step, tr: Translator, shown: tuple[bool, bool] = (True, True)
) -> tuple[str, ...]:
    """A step of a line shown on the table, in words: its moves, the trick they complete, the
    cards drawn after it (a card of a hand not ``shown`` is not named), and the end of the deal
    when the step ends it."""
    words = list(line_words(step.before, step.moves, tr))
    if step.drawn and step.trick is not None:
        end = words.pop() if step.state.result is not None else None
        words.extend(_draw_words(step, tr, shown))
        if end is not None:
            words.append(end)
    return tuple(words)


def _draw_words(step: Step, tr: Translator, shown: tuple[bool, bool]) -> list[str]:
    """Who draws what after a step's trick: the player who took it first."""
    assert step.trick is not None
    taker = step.trick[3]
    trump = step.before.trump_card_value
    said = []
    for player in (taker, 1 - taker):
        name = PLAYER_NAMES[player]
        for card in sorted(step.drawn & set(step.state.hand(player)), key=lambda c: c.index):
            if card == trump:
                said.append(
                    tr._("{player} takes the face-up trump card, {card}.", player=name, card=card)
                )
            elif shown[player]:
                said.append(tr._("{player} draws {card}.", player=name, card=card))
            else:
                said.append(tr._("{player} draws a card you cannot see.", player=name))
    return [" ".join(said)] if said else []


def replay_intro(replay: Replay, learner: int, tr: Translator) -> tuple[str, ...]:
    """What the table shows before the first move of a refutation: every card face up, and how
    the cards the learner cannot see lie in the deal where the move fails."""
    hidden = _hidden_words(replay.refutation, learner, tr)
    if hidden:
        return (
            tr._(
                "Here the cards you cannot see are turned up, as they may lie: in this deal your "
                "move fails."
            ),
            *hidden,
        )
    return (tr._("Here every card is turned up. This is how the deal goes on with best play."),)


def decider_words(d: Decider, rules: RuleSet, tr: Translator) -> str:
    """What decides the end of a line, in one or two sentences."""
    player = PLAYER_NAMES[d.player]
    other = PLAYER_NAMES[1 - d.player]
    if d.kind is Decides.LAST_TRICK:
        return tr._(
            "What decides it: the {bonus} extra points for the last trick. {player} takes it "
            "and ends with {points} points against {other_points}; without those {bonus}, "
            "{player} would have only {without}.",
            bonus=d.bonus,
            player=player,
            points=d.points,
            other_points=d.other,
            without=d.points - d.bonus,
        )
    if d.kind is Decides.REACHED and d.trick is not None:
        return tr._(
            "What decides it: the trick of {card} and {card2}. With it {player} reaches "
            "{points} points and declares 66.",
            card=d.trick[0],
            card2=d.trick[1],
            player=player,
            points=d.points,
        )
    if d.kind is Decides.REACHED:
        return tr._(
            "What decides it: {player} reaches {points} points and declares 66.",
            player=player,
            points=d.points,
        )
    if d.kind is Decides.SHORT:
        return tr._(
            "What decides it: {player} closed the stock but ends with only {points} points, "
            "{other} with {other_points}.",
            player=player,
            points=d.points,
            other=other,
            other_points=d.other,
        )
    if d.kind is Decides.FALSE_OUT:
        return tr._(
            "What decides it: {player} declares 66 with only {points} points.",
            player=player,
            points=d.points,
        )
    return tr._(
        "What decides it: {player} ends with only {points} points, fewer than {limit}: Schneider.",
        player=player,
        points=d.points,
        limit=rules.schneider_below,
    )


def replay_end(replay: Replay, puzzle: Puzzle, tr: Translator) -> tuple[str, ...]:
    """The last words of a refutation's replay: what decides it, the points each side ends
    with and the game points (as the deal's end says them), and the goal missed."""
    out: list[str] = []
    end = replay.refutation.end
    if replay.decider is not None:
        out.append(decider_words(replay.decider, end.rules, tr))
    if end.result is not None:
        out.append(describe_outcome(end.result, end.rules, tr))
    if puzzle.goal.kind is not GoalKind.DECIDE_CLOSE:
        out.append(_goal_missed(puzzle, tr))
    return tuple(out)


__all__ = [
    "GOAL_PHRASES",
    "GOAL_TEXTS",
    "HINT_LEVELS",
    "SCHNEIDER_RULE",
    "WIN_POINTS_PHRASE",
    "WIN_POINTS_TEXT",
    "Feedback",
    "UnseenText",
    "decider_words",
    "feedback",
    "game_points_words",
    "goal_line",
    "goal_phrase",
    "goal_words",
    "hint",
    "level_words",
    "line_words",
    "replay_end",
    "replay_intro",
    "signed_number",
    "step_words",
    "theme_words",
    "unseen_text",
]

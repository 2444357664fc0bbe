"""Puzzles in words, the common part: the goal, the theme and the level, game points, and a
line of play move by move (each trick and the points beyond its cards).

``tutor.words.puzzle_text`` (the verdict on a move, the table's replay) and
``tutor.words.puzzle_hints`` (the hint ladder) say the rest with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tutor.engine import PLAYER_NAMES, Close, Move, Play, State, apply, cards_of_mask
from tutor.msgid import N_
from tutor.teach.puzzles import LEVELS, THEMES, GoalKind, Puzzle, PuzzleAnalysis, Refutation
from tutor.words.hint_values import signed
from tutor.words.i18n import Translator
from tutor.words.narrate import describe_move, describe_outcome, describe_trick
from tutor.words.phrases import move_phrase

GOAL_TEXTS: dict[GoalKind, str] = {
    GoalKind.WIN: N_("Win the deal."),
    GoalKind.REACH_66: N_("Reach 66 first: win by declaring 66."),
    GoalKind.AVOID_SCHNEIDER: N_("Avoid Schneider: lose no more than one game point."),
    GoalKind.AVOID_SCHWARZ: N_("Avoid Schwarz: lose no more than two game points."),
    GoalKind.DECIDE_CLOSE: N_("Decide whether to close the stock or to play on."),
}
WIN_POINTS_TEXT = N_("Win the deal with at least {points} game points.")
#: The goal as the rest of a sentence: after "Goal:" and in "The goal was to ...".
GOAL_PHRASES: dict[GoalKind, str] = {
    # TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
    GoalKind.WIN: N_("win the deal"),
    # TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
    GoalKind.REACH_66: N_("reach 66 first and win by declaring it"),
    # TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
    GoalKind.AVOID_SCHNEIDER: N_("avoid Schneider (lose no more than one game point)"),
    # TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
    GoalKind.AVOID_SCHWARZ: N_("avoid Schwarz (lose no more than two game points)"),
    # TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
    GoalKind.DECIDE_CLOSE: N_("decide whether to close the stock or to play on"),
}
# TRANSLATORS: A puzzle's goal, shown after "Goal:"; an infinitive phrase, no full stop.
WIN_POINTS_PHRASE = N_("win the deal with at least {points} game points")
SCHNEIDER_RULE = N_(
    "A player who ends the deal with fewer than {limit} points is Schneider and the winner "
    "scores {two} game points; a player without a single trick is Schwarz and the winner "
    "scores {three}."
)


def goal_words(puzzle: Puzzle, tr: Translator) -> str:
    if puzzle.goal_text:
        return tr._(puzzle.goal_text)
    if puzzle.goal.kind is GoalKind.WIN and puzzle.goal.points > 1:
        return tr._(WIN_POINTS_TEXT, points=puzzle.goal.points)
    return tr._(GOAL_TEXTS[puzzle.goal.kind])


def goal_phrase(puzzle: Puzzle, tr: Translator) -> str:
    """The goal as the rest of a sentence ("win the deal"), for "Goal: ..." and "The goal was
    to ..."; "" for a puzzle that words its goal itself (a whole sentence, see ``goal_words``).
    """
    if puzzle.goal_text:
        return ""
    if puzzle.goal.kind is GoalKind.WIN and puzzle.goal.points > 1:
        return tr._(WIN_POINTS_PHRASE, points=puzzle.goal.points)
    return tr._(GOAL_PHRASES[puzzle.goal.kind])


def goal_line(puzzle: Puzzle, tr: Translator) -> str:
    """The goal as the trainer states it above the table, with the learner's seat."""
    player = PLAYER_NAMES[puzzle.learner]
    phrase = goal_phrase(puzzle, tr)
    if phrase:
        return tr._("Goal: {goal}. You play {player}.", goal=phrase, player=player)
    return tr._("Goal: {goal} You play {player}.", goal=goal_words(puzzle, tr), player=player)


def _goal_missed(puzzle: Puzzle, tr: Translator) -> str:
    phrase = goal_phrase(puzzle, tr)
    if phrase:
        return tr._("The goal is missed. The goal was to {goal}.", goal=phrase)
    return tr._("The goal is missed. The goal was: {goal}", goal=goal_words(puzzle, tr))


def theme_words(puzzle: Puzzle, tr: Translator) -> str:
    if puzzle.theme_text:
        return tr._(puzzle.theme_text)
    return tr._(THEMES.get(puzzle.theme, puzzle.theme))


def level_words(level: int, tr: Translator) -> str:
    return tr._(LEVELS[level]) if level in LEVELS else tr._("Level {level}", level=level)


def game_points_words(value: int, tr: Translator) -> str:
    """Net game points from the learner's side: "2 game points for you"."""
    if value > 0:
        return tr.n_("{n} game point for you", "{n} game points for you", value)
    if value < 0:
        return tr.n_(
            "{n} game point for your opponent", "{n} game points for your opponent", -value
        )
    return tr._("no game points for either side")


def signed_number(x: Fraction | float, tr: Translator) -> str:
    """A mean of game points with its sign and at most two decimals, as the language writes
    numbers.

    >>> from tutor.words.i18n import get_translator
    >>> [signed_number(Fraction(v), get_translator("de")) for v in (3, Fraction(-12, 7), 0)]
    ['+3', '\u22121,71', '0']
    """
    return signed(float(x), tr)


def _move_says(
    move: Move, tr: Translator, card_msgid: str, move_msgid: str, **params: object
) -> str:
    """A sentence about a move: for a card played, the message that takes the card itself (so
    that a translation can decline it: "Mit der Karo-Zehn ...", "Grając dziesiątką karo ...");
    for another move, the message that takes the move's phrase in the nominative."""
    if isinstance(move, Play):
        return tr._(card_msgid, card=move.card, **params)
    return tr._(move_msgid, move=move_phrase(move, tr), **params)


def line_words(before: State, moves: Sequence[Move], tr: Translator) -> tuple[str, ...]:
    """Each move of a line in words, each completed trick, and the end of the deal."""
    out: list[str] = []
    state = before
    for move in moves:
        if state.result is not None:
            break
        after = apply(state, move)
        out.append(describe_move(state, move, tr))
        if isinstance(move, Play) and state.lead >= 0:
            out.append(describe_trick(after, tr))
            out.extend(_extra_points(state, after, tr))
        state = after
    if state.result is not None:
        out.append(describe_outcome(state.result, state.rules, tr))
    return tuple(out)


def _extra_points(before: State, after: State, tr: Translator) -> tuple[str, ...]:
    """Points a completed trick brought beyond its cards: the last trick's bonus, or a marriage
    that counts once its player has won a trick, so that the running total adds up."""
    if after.last_trick is None:
        return ()
    _leader, lead, follow, winner = after.last_trick
    cards = after.rules.points_by_index[lead] + after.rules.points_by_index[follow]
    extra = after.score(winner) - before.score(winner) - cards
    if extra <= 0:
        return ()
    if not after.hand(0) and not after.hand(1):
        text = N_("{player} takes the last trick and gets {points} extra points.")
    else:
        text = N_("{player}'s marriage now counts: {points} points.")
    return (tr._(text, player=PLAYER_NAMES[winner], points=extra),)


def _hidden_words(ref: Refutation, learner: int, tr: Translator) -> tuple[str, ...]:
    """How the unseen cards lie in the deal that refutes a move."""
    if not ref.other_cards:
        return ()
    opp = 1 - learner
    out = [
        tr._(
            "The cards you cannot see may lie like this: {player} holds {cards}.",
            player=PLAYER_NAMES[opp],
            cards=", ".join(tr.card(c, "bare") for c in cards_of_mask(ref.before.hands[opp])),
        )
    ]
    if ref.before.closed_by < 0 and ref.before.stock:
        out.append(
            tr._(
                "The stock, top first: {cards}.",
                cards=", ".join(tr.card(c, "bare") for c in ref.before.stock_cards),
            )
        )
    return tuple(out)


def _close_words(analysis: PuzzleAnalysis, tr: Translator) -> str:
    close = next((s for s in analysis.scores if isinstance(s.move, Close)), None)
    rest = [s for s in analysis.scores if not isinstance(s.move, Close)]
    if close is None or not rest:
        return ""
    top = max(rest, key=lambda s: s.total)
    if analysis.deals == 1:
        return tr._(
            "Closing gives {close}; playing on, at best {other}.",
            close=game_points_words(close.worst, tr),
            other=game_points_words(top.worst, tr),
        )
    return tr._(
        "Over the {deals} ways the unseen cards can lie, closing gives {close} game points on "
        "average, playing on at best {other}.",
        deals=analysis.deals,
        close=signed_number(close.mean, tr),
        other=signed_number(top.mean, tr),
    )

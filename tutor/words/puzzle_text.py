"""Puzzles in words: the goal, theme and level, the verdict on a move and why, the hint ladder.

Everything the learner reads about a puzzle is made here from the data of
``tutor.teach.puzzles`` (judgements, analyses, refutations), translated with a ``Translator``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from babel.numbers import format_decimal

from tutor.engine import (
    PLAYER_NAMES,
    Close,
    Move,
    Play,
    RuleSet,
    State,
    apply,
    cards_of_mask,
    legal_moves,
    view_of,
)
from tutor.msgid import N_
from tutor.teach import hints as hint_engine
from tutor.teach.puzzles import (
    LEVELS,
    THEMES,
    Attempt,
    GoalKind,
    Judgement,
    Mark,
    MoveScore,
    Puzzle,
    PuzzleAnalysis,
    Refutation,
    line_after,
    theme_rule,
)
from tutor.teach.puzzles.replay import Decider, Decides, Replay, Step
from tutor.words import hint_text
from tutor.words.i18n import Translator
from tutor.words.narrate import describe_move, describe_outcome, describe_trick
from tutor.words.phrases import move_item, move_phrase, percent, sentence
from tutor.words.rule_texts import rule_text

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


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after a move: a headline, then the details, one per line."""

    mark: Mark
    headline: str
    details: tuple[str, ...] = ()


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
    ['+3', '-1,71', '0']
    """
    value = round(float(x), 2)
    if value == 0:
        return str(format_decimal(0, locale=tr.lang))
    return str(format_decimal(value, format="+#,##0.##;-#,##0.##", locale=tr.lang))


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


def _better_words(j: Judgement, tr: Translator) -> str:
    """The better move, and what each is worth: exactly, or on average over the deals."""
    a = j.analysis
    mine = a.score(j.move)
    top = a.score(a.best[0])
    if a.deals == 1 or (mine.worst != top.worst):
        return _move_says(
            top.move,
            tr,
            N_(
                "The goal is still in reach, but {card} is better: with best play it gives "
                "{best_value}, your move only {value}."
            ),
            N_(
                "The goal is still in reach, but there is a better move: {move}. With best "
                "play it gives {best_value}, yours only {value}."
            ),
            best_value=game_points_words(top.worst, tr),
            value=game_points_words(mine.worst, tr),
        )
    return _move_says(
        top.move,
        tr,
        N_(
            "The goal is still in reach, but {card} is better: over the {deals} ways the unseen "
            "cards can lie it gives {best_mean} game points on average, your move {mean}."
        ),
        N_(
            "The goal is still in reach, but there is a better move: {move}. Over the {deals} "
            "ways the unseen cards can lie it gives {best_mean} game points on average, yours "
            "{mean}."
        ),
        deals=a.deals,
        best_mean=signed_number(top.mean, tr),
        mean=signed_number(mine.mean, tr),
    )


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
        details.append(_better_words(j, tr))
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


HINT_LEVELS: dict[int, str] = {
    1: N_("Hint 1: the rule"),
    2: N_("Hint 2: the idea"),
    3: N_("Hint 3: moves to consider"),
    4: N_("Hint 4: the move and why"),
}

#: The thought behind each puzzle theme, naming no card and no move (hint 2 starts with it).
THEME_GISTS: dict[str, str] = {
    "closed_follow": N_(
        "With the stock closed or used up, every card counts: which trick can you give up, "
        "and which must you win?"
    ),
    "closed_head": N_(
        "With the stock closed or used up, you must head the trick when you can: which card "
        "wins it, and what do you keep for later?"
    ),
    "counting": N_(
        "Count your points: how many do you have, and how many does the next trick bring?"
    ),
    "marriage": N_("A marriage is worth points only once it is announced: is there still time?"),
    "exchange": N_("Look at the face-up trump card: a low trump in your hand may take its place."),
    "closing": N_(
        "Count the tricks you are sure of if no more cards are drawn: are they enough to win?"
    ),
    "save_ten": N_("Keep the ten guarded: alone in its suit, a ten can be caught by the ace."),
    "schneider": N_(
        "Count the points on both sides: a single trick can decide Schneider or Schwarz."
    ),
}
#: Puzzles hold a few cards: how many of the legal moves hint 3 names at most.
MAX_CANDIDATES = 4
#: Deals the hint engine samples for hint 2 where cards are hidden.
IDEA_SAMPLES = 16


def _candidates(a: PuzzleAnalysis) -> list[Move]:
    """The legal moves worth considering: the best three (or every best move, up to
    ``MAX_CANDIDATES``), or every legal move when there are fewer; in the engine's order, so
    that the first listed is not taken for the best."""
    ranked = sorted(a.scores, key=lambda sc: (sc.move not in a.best, -sc.reached, -sc.total))
    chosen = {sc.move for sc in ranked[: min(MAX_CANDIDATES, max(3, len(a.best)))]}
    return [sc.move for sc in a.scores if sc.move in chosen]  # the engine's order: none first


def hint(attempt: Attempt, level: int, tr: Translator) -> str:
    """The hint of ``level`` (1 to 4) for the position the learner is in: the puzzle's own
    hint if it has one for that level, else the hint ladder, which teaches before it tells:
    1 the rule that matters here, 2 the idea (the theme's thought and the hint engine's, naming
    no move), 3 the moves worth considering (none marked as the best) and which moves
    are allowed, 4 the move and the reasoning: best play from here, checked by the solver."""
    p = attempt.puzzle
    if not 1 <= level <= 4:
        raise ValueError(f"hint levels are 1 to 4, not {level}")
    if level <= len(p.hints):
        return tr._(p.hints[level - 1])
    state = attempt.state
    view = view_of(state, p.learner, attempt.excluded)
    if level == 2:
        thoughts = [tr._(THEME_GISTS[p.theme])] if p.theme in THEME_GISTS else []
        engine = hint_engine.analyse(view, samples=IDEA_SAMPLES, seed=0)
        thoughts += hint_text.level_idea(engine, tr)
        return " ".join(dict.fromkeys(thoughts))
    if level == 3:
        sit = hint_engine.situation(view)
        worth = _candidates(attempt.analysis())
        lines = [
            tr._(
                "Worth considering: {moves}.",
                moves=", ".join(move_item(m, tr) for m in worth),
            )
        ]
        if len(worth) > 1:
            lines.append(
                tr._(
                    "Which of them is best? Think each one through: what can your opponent answer?"
                )
            )
        lines += hint_text.legal_lines(sit, state.rules, tr)
        return " ".join(lines)
    if level == 1:
        # The rule as the hint engine words it, for what the learner sees.
        sit = hint_engine.situation(view)
        lines = list(hint_text.level_one(sit, state.rules, tr))
        rid = theme_rule(p, state)
        if rid:
            theme = rule_text(rid, state.rules, tr)
        else:
            r = state.rules
            two, three = r.game_points[1], r.game_points[2]
            theme = tr._(SCHNEIDER_RULE, limit=r.schneider_below, two=two, three=three)
        # The theme's rule, unless the hint engine has said it already (its rule id may differ,
        # e.g. "phase2.any" for a card that follows, yet its words are the same).
        if theme not in lines:
            lines.append(theme)
        return " ".join(lines)
    moves = legal_moves(state)
    a = attempt.analysis()
    if not a.best:
        return tr._("No move reaches the goal any more.")
    best = a.best[0]
    leading = state.lead < 0
    decide = p.goal.kind is GoalKind.DECIDE_CLOSE
    play_card = N_("Lead {card}.") if leading else N_("Play {card}.")
    parts = [_move_says(best, tr, play_card, N_("The move to play: {move}."))]
    if decide:
        parts.append(_close_words(a, tr))
    if a.exact and a.deals == 1:
        # Every card is known: show best play by both to the end.
        parts.append(tr._("With best play by both:"))
        parts.extend(line_words(state, line_after(state, p.learner, p.goal, best), tr))
    elif a.exact and decide:
        # Closing or playing on: what the other ways to play on are worth on average.
        others = sorted(
            (sc for sc in a.scores if sc.move not in a.best and not isinstance(sc.move, Close)),
            key=lambda sc: -sc.total,
        )
        for sc in others[:3]:
            parts.append(
                tr._(
                    "{move} gives {mean} game points on average.",
                    move=sentence(move_phrase(sc.move, tr)),
                    mean=signed_number(sc.mean, tr),
                )
            )
    elif a.exact:
        # Cards are hidden: how the moves fare over the deals, without showing any of them.
        if p.probability is None:
            parts.append(
                tr.n_(
                    "It reaches the goal however the unseen cards lie: the solver checked "
                    "{n} deal.",
                    "It reaches the goal however the unseen cards lie: the solver checked "
                    "{n} deals.",
                    a.deals,
                )
            )
        else:
            parts.append(
                tr._(
                    "The solver checked all {deals} ways the unseen cards can lie: this move "
                    "reaches the goal in {share} of them.",
                    deals=a.deals,
                    share=percent(float(a.score(best).share), tr),
                )
            )
        others = sorted(
            (sc for sc in a.scores if sc.move not in a.accepted),
            key=lambda sc: -sc.reached,
        )
        for sc in others[:4]:
            parts.append(_reach_words(sc, tr))
    misses = len(moves) - len(a.accepted)
    if misses:
        parts.append(
            tr.n_("{n} other move misses the goal.", "{n} other moves miss the goal.", misses)
        )
    return " ".join(parts)


def _reach_words(sc: MoveScore, tr: Translator) -> str:
    """In how many of the deals a move that is not good enough still reaches the goal."""
    move = sentence(move_phrase(sc.move, tr))
    if sc.reached == 0:
        return tr._("{move} reaches it in none of them.", move=move)
    return tr._(
        "{move} reaches it in only {reached} of the {deals}.",
        move=move,
        reached=sc.reached,
        deals=sc.deals,
    )


# ------------------------------------------------------------------------- a puzzle's unseen cards


@dataclass(frozen=True)
class UnseenText:
    """The cards a puzzle's learner has not seen: where they are, and the cards by name
    (empty when there are none)."""

    where: str
    cards: str


def unseen_text(attempt: Attempt, tr: Translator) -> UnseenText:
    """The cards the learner has not seen: counting them is half the game."""
    p = attempt.puzzle
    view = view_of(attempt.state, p.learner, attempt.excluded)
    cards = ", ".join(tr.card(c, "bare") for c in cards_of_mask(view.unseen))
    if view.stock_count and view.closed_by < 0:
        where = tr._("They are in your opponent's hand or in the stock.")
    elif view.stock_count:
        where = tr._("They are in your opponent's hand or in the closed stock.")
    else:
        where = tr._("The stock is used up: these cards are in your opponent's hand.")
    return UnseenText(where, cards)


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

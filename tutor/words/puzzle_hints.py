"""The puzzle hint ladder in words, which teaches before it tells (the rule, the idea, the
moves worth considering, the move and why), and the cards a puzzle's learner has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Close, Move, cards_of_mask, legal_moves, view_of
from tutor.msgid import N_
from tutor.teach import hints as hint_engine
from tutor.teach.puzzles import Attempt, GoalKind, MoveScore, PuzzleAnalysis, line_after, theme_rule
from tutor.words import hint_text
from tutor.words.i18n import Translator
from tutor.words.phrases import move_item, move_phrase, percent, sentence
from tutor.words.puzzle_lines import (
    SCHNEIDER_RULE,
    _close_words,
    _move_says,
    line_words,
    signed_number,
)
from tutor.words.rule_texts import rule_text

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

"""What a move is worth, in words, for the fourth level of the hint ladder
(``tutor.words.hint_text``): the value by the method that made it (exact, the expert's sampled
deals, an estimate of one deal, the table's sampled playouts) and how far an exact one reaches,
a mean with its sign, every move's average result at a table, how the values were made, and
what the search could not do within its budget.

>>> from tutor.words.i18n import get_translator
>>> signed(-0.35, get_translator("de"))
'\u22120,35'
"""

from __future__ import annotations

from babel.numbers import format_decimal

from tutor.msgid import N_
from tutor.teach.hints import (
    METHOD_PLAYOUT,
    METHOD_TABLE_PLAYOUT,
    Analysis,
    MoveValue,
)
from tutor.words.i18n import Translator
from tutor.words.phrases import move_item, number, percent

#: Why an analysis was cut short (``Analysis.cut``).
CUT_REASONS: dict[str, str] = {
    "nodes": N_("the search limit was reached"),
    "time": N_("the time limit was reached"),
}
CUT_PLAYOUT = N_(
    "The exact search was cut short: {reason}. The values are an estimate: this deal is played "
    "on by rules of thumb while the stock is open and searched exactly once it is closed or used "
    "up."
)
CUT_SAMPLES = N_("Valued over {n} of the {m} deals asked for: {reason}.")
CUT_ROUGH = N_(
    "Some lines of play were finished by rules of thumb instead of being searched: {reason}."
)


def signed(value: float, tr: Translator, plus: bool = True) -> str:
    """A mean in game points with its sign (a minus sign, as the coach writes it; a plus only
    with ``plus``) and at most two decimals, written as the language writes decimals; nought
    without a sign.

    >>> from tutor.words.i18n import get_translator
    >>> signed(0.8, get_translator("en")), signed(-1.25, get_translator("de")), signed(0.001,
    ...     get_translator("pl"))
    ('+0.8', '\u22121,25', '0')
    >>> signed(-0.333, get_translator("pl"), plus=False), signed(1.5, get_translator("en"), False)
    ('\u22120,33', '1.5')
    """
    rounded = round(value, 2)
    if rounded == 0:
        return number(0, tr)
    sign = "+" if plus else ""
    return str(format_decimal(rounded, format=f"{sign}#,##0.##;\u2212#,##0.##", locale=tr.lang))


def value_text(analysis: Analysis, move: MoveValue, tr: Translator) -> str:
    """What a move is worth, exact or on average (at a table: to the seat's side)."""
    if analysis.method == METHOD_TABLE_PLAYOUT:
        return _side_value_text(analysis, move, tr)
    if analysis.exact:
        gp = round(move.game_points)
        if gp > 0:
            text = tr.n_(
                "With best play on both sides you win {n} game point",
                "With best play on both sides you win {n} game points",
                gp,
            )
        elif gp < 0:
            text = tr.n_(
                "With best play on both sides your opponent wins {n} game point",
                "With best play on both sides your opponent wins {n} game points",
                -gp,
            )
        else:
            text = tr._("With best play on both sides nobody wins game points")
        return tr._(
            "{value}, with {card_points} card points at the end.",
            value=text,
            card_points=round(move.card_points),
        )
    if analysis.method == METHOD_PLAYOUT:
        return tr._(
            "By this estimate: {game_points} game points (your own less your opponent's), "
            "{card_points} card points at the end.",
            game_points=signed(move.game_points, tr, plus=False),
            card_points=number(move.card_points, tr),
        )
    return tr._(
        "{game_points} game points on average (your own less your opponent's), "
        "{card_points} card points; you win in {percent} of the deals.",
        game_points=signed(move.game_points, tr, plus=False),
        card_points=number(move.card_points, tr),
        percent=percent(move.win_probability, tr),
    )


def _side_value_text(analysis: Analysis, move: MoveValue, tr: Translator) -> str:
    """What a move is worth to the seat's side, on average over the sampled playouts."""
    if analysis.situation.partner >= 0:
        return tr.n_(
            "On average {value} game points for your team (its own less the other team's), "
            "over {n} sampled deal.",
            "On average {value} game points for your team (its own less the other team's), "
            "over {n} sampled deals.",
            analysis.samples,
            value=signed(move.game_points, tr),
        )
    return tr.n_(
        "On average {value} game points won by you in the deal, over {n} sampled deal.",
        "On average {value} game points won by you in the deal, over {n} sampled deals.",
        analysis.samples,
        value=signed(move.game_points, tr),
    )


def exact_text(analysis: Analysis, tr: Translator) -> str:
    """How far exact values reach: every card known to the seat, or the cards as dealt here
    (a lesson's or a puzzle's whole deal) while the seat cannot see them all."""
    if analysis.situation.all_known:
        return tr._("This is exact: every card is known and every line of play searched.")
    return tr._(
        "This is exact for the cards as they are dealt here, with every line of play searched; "
        "but you cannot see them all."
    )


def cut_notes(analysis: Analysis, tr: Translator) -> tuple[str, ...]:
    """What the analysis could not do within its search budget, and what it did instead
    (nothing when it finished)."""
    if not analysis.cut:
        return ()
    reason = tr._(CUT_REASONS.get(analysis.cut, CUT_REASONS["nodes"]))
    lines = []
    if analysis.method == METHOD_PLAYOUT:
        lines.append(tr._(CUT_PLAYOUT, reason=reason))
    elif analysis.samples < analysis.samples_asked:
        lines.append(tr._(CUT_SAMPLES, n=analysis.samples, m=analysis.samples_asked, reason=reason))
    if analysis.rough:
        lines.append(tr._(CUT_ROUGH, reason=reason))
    return tuple(lines)


def playout_values(analysis: Analysis, tr: Translator) -> tuple[str, ...]:
    """After the comparisons, for the table's sampled playouts: whether the two best moves are
    a close call, every move's average result and how the values were made."""
    lines = []
    if analysis.close_call:
        lines.append(
            tr.n_(
                "The two best moves are close: over {n} sampled deal, a difference this small "
                "may be chance.",
                "The two best moves are close: over {n} sampled deals, a difference this small "
                "may be chance.",
                analysis.samples,
            )
        )
    lines.append(tr._("Every legal move:"))
    lines.append(values_line(analysis, tr))
    lines.append(method_text(analysis, tr))
    return tuple(lines)


def values_line(analysis: Analysis, tr: Translator) -> str:
    """Every legal move with its average result, best first: the first with its unit and the
    number of deals, the others by their number alone."""
    first, *rest = analysis.moves
    items = [
        tr.n_(
            "{move}: {value} game points on average over {n} sampled deal",
            "{move}: {value} game points on average over {n} sampled deals",
            analysis.samples,
            move=move_item(first.move, tr),
            value=signed(first.game_points, tr),
        )
    ]
    items += [f"{move_item(m.move, tr)}: {signed(m.game_points, tr)}" for m in rest]
    return "; ".join(items) + "."


def method_text(analysis: Analysis, tr: Translator) -> str:
    """How the table's values were made (with two teams the last tricks of a deal are
    solved)."""
    if analysis.situation.partner >= 0:
        return tr.n_(
            "How the values are made: {n} deal that agrees with what you have seen is dealt at "
            "random, and every legal move is played out in it by the computer's club player at "
            "every seat until each hand holds a few cards; from there the tricks are solved "
            "exactly. The values are estimates: the hidden cards are guessed, and the club "
            "player plays by rules of thumb.",
            "How the values are made: {n} deals that agree with what you have seen are dealt at "
            "random, and every legal move is played out in each by the computer's club player "
            "at every seat until each hand holds a few cards; from there the tricks are solved "
            "exactly. The values are estimates: the hidden cards are guessed, and the club "
            "player plays by rules of thumb.",
            analysis.samples,
        )
    return tr.n_(
        "How the values are made: {n} deal that agrees with what you have seen is dealt at "
        "random, and every legal move is played out in it to the end by the computer's club "
        "player at every seat. The values are estimates: the hidden cards are guessed, and "
        "the club player plays by rules of thumb.",
        "How the values are made: {n} deals that agree with what you have seen are dealt at "
        "random, and every legal move is played out in each to the end by the computer's club "
        "player at every seat. The values are estimates: the hidden cards are guessed, and "
        "the club player plays by rules of thumb.",
        analysis.samples,
    )


__all__ = [
    "CUT_PLAYOUT",
    "CUT_REASONS",
    "CUT_ROUGH",
    "CUT_SAMPLES",
    "cut_notes",
    "exact_text",
    "method_text",
    "playout_values",
    "signed",
    "value_text",
    "values_line",
]

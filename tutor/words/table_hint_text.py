"""Hints for three and four players in words: the four levels of the hint ladder made from the
table analysis (``tutor.teach.hints.table_analysis``).

1) the rule in force: who the seat is (and its partner), the stock, the score and the target,
the trick so far and who is winning it, the duty on the card to play, the rule with its source;
2) the idea, a thought that names no card and no move; 3) the moves worth considering, none
marked as the best, then which moves are legal and why the others are not; 4) the move, its
value for the seat's side, the ideas and the comparison with the others, every move's average
result over the sampled deals, and how the values were made.

>>> import random
>>> from tutor.engine import deal_table, preset
>>> from tutor.words.i18n import get_translator
>>> s = deal_table(preset("four"), random.Random(1))
>>> h = table_hint(s, 4, get_translator("en"), samples=8)
>>> print(h.parts[0].lines[0])
You are player B; D is your partner.
>>> h.parts[3].lines[0].startswith("Suggested: ")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import format_decimal

from tutor.engine import SEAT_NAMES, Play, RuleSet, TableState, Verdict
from tutor.teach.hints import (
    EPS,
    TABLE_HINT_SAMPLES,
    TableAnalysis,
    TableMoveValue,
    TableSituation,
    table_analyse,
    table_candidates,
    table_situation,
    table_thoughts,
)
from tutor.teach.hints.table_analysis import (
    DUTY_ANY,
    DUTY_FOLLOW,
    DUTY_HEAD,
    DUTY_LOWER,
    DUTY_OVER_TRUMP,
    DUTY_TRUMP,
)
from tutor.words.explain import (
    card_item,
    card_list,
    explain_verdict,
    move_item,
    move_phrase,
    number,
    rule_text,
    sentence,
)
from tutor.words.hint_text import HINT_TITLES, HintPart, idea_text, thought_text
from tutor.words.i18n import Translator

# Refusals that only say the stock can no longer be used (as for two players).
_OVER_WITH_THE_STOCK = frozenset({"exchange.stock"})
# Mistakes said once at level 4, however many moves make them (the ways to declare falsely).
_SAID_ONCE = frozenset({"mistake.false_out"})


def signed(value: float, tr: Translator) -> str:
    """A mean in game points with its sign and at most two decimals, written as the language
    writes decimals; nought without a sign.

    >>> from tutor.words.i18n import get_translator
    >>> signed(0.8, get_translator("en")), signed(-1.25, get_translator("de")), signed(0.001,
    ...     get_translator("pl"))
    ('+0.8', '-1,25', '0')
    """
    rounded = round(value, 2)
    if rounded == 0:
        return number(0, tr)
    return str(format_decimal(rounded, format="+#,##0.##;-#,##0.##", locale=tr.lang))


# ----------------------------------------------------------------------------- level 1


def _who(sit: TableSituation, tr: Translator) -> str:
    seat = SEAT_NAMES[sit.seat]
    if sit.partner >= 0:
        return tr._(
            "You are player {seat}; {partner} is your partner.",
            seat=seat,
            partner=SEAT_NAMES[sit.partner],
        )
    return tr._("You are player {seat}; each player plays alone.", seat=seat)


def _stock(sit: TableSituation, tr: Translator) -> str:
    n = sit.cards_to_draw
    if sit.stock_open and sit.face_up:
        return tr.n_(
            "The stock is open: {n} card is left to draw, the face-up trump card included.",
            "The stock is open: {n} cards are left to draw, the face-up trump card included.",
            n,
        )
    if sit.stock_open:
        return tr.n_(
            "The stock is open: {n} card is left to draw.",
            "The stock is open: {n} cards are left to draw.",
            n,
        )
    if n:
        return tr.n_(
            "Nobody draws any more: the {n} card left cannot go to every player.",
            "Nobody draws any more: the {n} cards left cannot go to every player.",
            n,
        )
    return tr._("The stock is used up.")


def _score(sit: TableSituation, tr: Translator) -> str:
    if sit.partner >= 0:
        return tr.n_(
            "Your team has {n} point; {target} are needed to declare.",
            "Your team has {n} points; {target} are needed to declare.",
            sit.score,
            target=sit.target,
        )
    return tr.n_(
        "You have {n} point; {target} are needed to declare.",
        "You have {n} points; {target} are needed to declare.",
        sit.score,
        target=sit.target,
    )


def _trick(sit: TableSituation, tr: Translator) -> list[str]:
    if sit.leading:
        return [tr._("You are on lead.")]
    cards = ", ".join(f"{SEAT_NAMES[seat]}: {card_item(card, tr)}" for seat, card in sit.trick)
    lines = [tr._("On the table: {cards}.", cards=cards)]
    winner = SEAT_NAMES[sit.winning]
    if sit.partner_winning:
        lines.append(tr._("Your partner {player} is winning the trick so far.", player=winner))
    else:
        lines.append(tr._("{player} is winning the trick so far.", player=winner))
    if sit.last_to_play:
        lines.append(tr._("You play last to this trick."))
    return lines


def duty_text(sit: TableSituation, tr: Translator) -> str:
    """The duty on the card to play, said to the seat; "" when any card may be played because
    the stock still serves everyone, or on lead."""
    options = card_list(sit.allowed, tr)
    if sit.duty == DUTY_FOLLOW:
        return tr._("You must follow suit. Allowed: {options}.", options=options)
    if sit.duty == DUTY_LOWER:
        return tr._(
            "You cannot beat {led_card}, but you must still follow suit. Allowed: {options}.",
            led_card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_HEAD:
        return tr._(
            "You must head {led_card}. Allowed: {options}.",
            led_card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_TRUMP:
        return tr._(
            "You have no card of the suit led, so you must trump. Allowed: {options}.",
            options=options,
        )
    if sit.duty == DUTY_OVER_TRUMP:
        return tr._(
            "You have no card of the suit led, and {card} is winning the trick: you must play "
            "a higher trump. Allowed: {options}.",
            card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_ANY:
        return tr._("You have neither the suit led nor a trump: any card may be played.")
    return ""


def table_level_one(sit: TableSituation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """The rule in force for the seat to move, with what it depends on and its source."""
    lines = [_who(sit, tr), _stock(sit, tr), _score(sit, tr), *_trick(sit, tr)]
    duty = duty_text(sit, tr)
    if duty:
        lines.append(sentence(duty))
    lines += [rule_text(rid, rules, tr) for rid in sit.rule_ids]
    return tuple(lines)


# ----------------------------------------------------------------------------- levels 2 and 3


def table_level_idea(analysis: TableAnalysis, tr: Translator) -> tuple[str, ...]:
    """The idea behind the decision, said without naming a card or a move."""
    return tuple(thought_text(t, tr) for t in table_thoughts(analysis))


def table_legal_lines(sit: TableSituation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """Which moves are legal, and why each of the others is not (said to the seat). Cards the
    duty rules out are named together; other moves refused by the same rules too."""
    legal = ", ".join(move_item(m, tr) for m in sit.legal)
    lines = [tr._("Legal now: {moves}.", moves=legal)]
    refused_cards = [v.move.card for v in sit.illegal if isinstance(v.move, Play)]
    if refused_cards:
        lines.append(
            tr._(
                "Not allowed: {cards}. {reason}",
                cards=card_list(refused_cards, tr),
                reason=sentence(duty_text(sit, tr)),
            )
        )
        lines.append(rule_text(sit.rule_ids[0], rules, tr))
    refused: dict[tuple[str, ...], list[Verdict]] = {}
    for v in sit.illegal:
        if isinstance(v.move, Play) or set(v.rule_ids) & _OVER_WITH_THE_STOCK:
            continue
        refused.setdefault(v.rule_ids, []).append(v)
    for verdicts in refused.values():
        if len(verdicts) == 1:
            lines.append(explain_verdict(verdicts[0], rules, tr, you=True))
            continue
        parts = [
            tr._("Not allowed: {moves}.", moves=", ".join(move_item(v.move, tr) for v in verdicts))
        ]
        parts += [rule_text(r.rule_id, rules, tr) for r in verdicts[0].reasons]
        lines.append(" ".join(parts))
    return tuple(lines)


def table_level_candidates(
    analysis: TableAnalysis, rules: RuleSet, tr: Translator
) -> tuple[str, ...]:
    """The moves worth considering, none marked as the best, then which moves are legal and
    why the others are not."""
    moves = table_candidates(analysis)
    lines = [tr._("Worth considering: {moves}.", moves=", ".join(move_item(m, tr) for m in moves))]
    if len(moves) > 1:
        lines.append(
            tr._("Which of them is best? Think each one through: how can the others answer it?")
        )
    return (*lines, *table_legal_lines(analysis.situation, rules, tr))


# ----------------------------------------------------------------------------- level 4


def table_value_text(analysis: TableAnalysis, move: TableMoveValue, tr: Translator) -> str:
    """What a move is worth to the seat's side, on average over the sampled deals."""
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


def _compare(analysis: TableAnalysis, move: TableMoveValue, tr: Translator) -> str:
    loss = analysis.best.game_points - move.game_points
    name = move_phrase(move.move, tr)
    if round(loss, 2) <= EPS:
        return sentence(tr._("{move} is just as good.", move=name))
    return sentence(
        tr._(
            "{move} instead costs {loss} game points on average.",
            move=name,
            loss=number(loss, tr),
        )
    )


def values_line(analysis: TableAnalysis, tr: Translator) -> str:
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


def method_text(analysis: TableAnalysis, tr: Translator) -> str:
    """How the values were made (with two teams the last tricks of a deal are solved)."""
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


def table_level_four(analysis: TableAnalysis, tr: Translator) -> tuple[str, ...]:
    """The suggested move, its value, the ideas behind it, the comparison with the others,
    every move's average result and how the values were made."""
    best = analysis.best
    lines = [
        tr._("Suggested: {move}.", move=move_item(best.move, tr)),
        table_value_text(analysis, best, tr),
    ]
    lines += [idea_text(i, tr) for i in analysis.ideas]
    said: set[str] = set()
    for k, m in enumerate(analysis.moves[1:]):
        if m.mistakes and {i.id for i in m.mistakes} <= said & _SAID_ONCE:
            continue  # another way of declaring falsely: said once is enough
        said |= {i.id for i in m.mistakes}
        if m.mistakes:
            why = " ".join(idea_text(i, tr) for i in m.mistakes)
            lines.append(tr._("{comparison} {why}", comparison=_compare(analysis, m, tr), why=why))
        elif k == 0:  # the best alternative is always compared
            lines.append(_compare(analysis, m, tr))
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


# ----------------------------------------------------------------------------- the hint


@dataclass(frozen=True)
class TableHint:
    """The hints up to ``level`` for the seat to move: each level adds one part."""

    level: int
    parts: tuple[HintPart, ...]
    analysis: TableAnalysis | None

    @property
    def text(self) -> str:
        out = []
        for part in self.parts:
            out.append(part.title)
            out += ["  " + line for line in part.lines]
        return "\n".join(out)


def table_hint(
    state: TableState,
    level: int,
    tr: Translator,
    *,
    samples: int = TABLE_HINT_SAMPLES,
    analysis: TableAnalysis | None = None,
) -> TableHint:
    """The hint up to ``level`` (1 to 4) for the seat to move. Level 1 needs no sampling; pass
    ``analysis`` to reuse one already made when revealing the levels one at a time."""
    if not 1 <= level <= 4:
        raise ValueError(f"hint level must be 1 to 4, not {level}")
    rules = state.rules
    sit = analysis.situation if analysis is not None else table_situation(state)
    parts = [HintPart(1, tr._(HINT_TITLES[1]), table_level_one(sit, rules, tr))]
    if level >= 2 and analysis is None:
        analysis = table_analyse(state, samples=samples)
    if level >= 2:
        assert analysis is not None
        parts.append(HintPart(2, tr._(HINT_TITLES[2]), table_level_idea(analysis, tr)))
    if level >= 3:
        assert analysis is not None
        lines = table_level_candidates(analysis, rules, tr)
        parts.append(HintPart(3, tr._(HINT_TITLES[3]), lines))
    if level >= 4:
        assert analysis is not None
        parts.append(HintPart(4, tr._(HINT_TITLES[4]), table_level_four(analysis, tr)))
    return TableHint(level, tuple(parts), analysis if level >= 2 else None)


__all__ = [
    "TableHint",
    "duty_text",
    "method_text",
    "signed",
    "table_hint",
    "table_legal_lines",
    "table_level_candidates",
    "table_level_four",
    "table_level_idea",
    "table_level_one",
    "table_value_text",
    "values_line",
]

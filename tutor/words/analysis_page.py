"""The analysis board in words (``tutor.teach.studio.board``), for two, three and four seats:
its labels, the moves played, every move at the cursor with its rule, its explanation and its
value (best first, numbers last), the refusals, and the deals of "what if".

Every sentence is the one the rest of the tutor says: the verdicts of ``reasons``, the ideas and
why a move is worse of ``why_text``, the values and the method of ``hint_values``, the moves
played of ``narrate``. No preset, seat number or rule id is said; seats are named by their
letters, as the table names them.

>>> import random
>>> from tutor.engine import game_for, preset
>>> from tutor.teach.studio.board import BoardLine, PointOfView, analysis_at
>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> line = BoardLine.of(game_for(preset("four")).new_deal(random.Random(1)))
>>> rows = move_rows(analysis_at(line, PointOfView()), line.deal, en)
>>> rows[0].best, rows[0].title
(True, 'queen of spades')
>>> rows[0].lines[0].split(". ")[0], "Source: " in rows[0].lines[0]
('The queen of spades may be played', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import SEAT_LETTERS, Card, Move, State, TableState
from tutor.msgid import N_
from tutor.teach.hints import METHOD_SAMPLED, METHOD_TABLE_PLAYOUT, Analysis
from tutor.teach.hints.why import explain
from tutor.teach.studio.board import Board, BoardLine, WhatIf
from tutor.words.app_text import Labels
from tutor.words.hint_text import legal_lines, sampled_text
from tutor.words.hint_values import cut_notes, exact_text, method_text, signed, value_text
from tutor.words.i18n import Translator
from tutor.words.narrate import move_text, outcome_text
from tutor.words.phrases import card_list, move_item, move_label
from tutor.words.reasons import explain_verdict
from tutor.words.why_text import idea_text, why_lines


@dataclass(frozen=True)
class AnalysisWords(Labels):
    """The analysis board's labels."""

    heading: str = N_("Analysis board")
    start: str = N_("Start")
    back: str = N_("Back")
    forward: str = N_("Forward")
    end: str = N_("End")
    played: str = N_("Moves played")
    nothing_played: str = N_("No move played yet.")
    seen_by: str = N_("Seen by")
    on_turn: str = N_("Whoever is on turn")
    open_hands: str = N_("Show every hand")
    every_move: str = N_("Every move here")
    what_if: str = N_("What if the hidden cards lie otherwise")
    over: str = N_("The deal is over; no more moves can be made.")


def seat_option(seat: int | None, tr: Translator) -> str:
    """A choice of the point of view: a seat by its letter, or whoever is on turn."""
    if seat is None:
        return tr._(AnalysisWords.on_turn)
    return tr._("Player {name}", name=SEAT_LETTERS[seat])


def played_lines(line: BoardLine, tr: Translator) -> tuple[str, ...]:
    """Every move of the line (also those after the cursor) as the narration says it."""
    return tuple(
        move_text(line.deals[k], m, line.deals[k + 1], tr) for k, m in enumerate(line.moves)
    )


def over_line(deal: Board, tr: Translator) -> str:
    """How the deal ended ("" while it goes on)."""
    return outcome_text(deal, tr)


def move_button(move: Move, tr: Translator) -> str:
    """The label of a button that plays ``move`` (a move that is not a card on the table)."""
    return move_label(move, tr)


@dataclass(frozen=True)
class MoveRow:
    """One legal move at the cursor: its name, then its rule, its explanation and its value,
    in that order (the numbers last)."""

    title: str
    lines: tuple[str, ...]
    best: bool


def move_rows(analysis: Analysis, deal: Board, tr: Translator) -> tuple[MoveRow, ...]:
    """Every legal move, best first: why it is legal (the rule with its source), what it does
    or why it is worse than the best, and what it is worth."""
    rules = deal.rules
    sit = analysis.situation
    verdicts = {v.move: v for v in sit.verdicts}
    table = deal if isinstance(deal, TableState) else None
    best = analysis.best
    rows = []
    for k, mv in enumerate(analysis.moves):
        lines: list[str] = []
        verdict = verdicts.get(mv.move)
        if verdict is not None:
            lines.append(explain_verdict(verdict, rules, tr))
        if k == 0:
            lines += [idea_text(i, tr) for i in mv.ideas]
        else:
            why = explain(analysis, mv.move, table=table)
            lines += why_lines(why, tr, values=(mv.game_points, best.game_points))
        lines.append(value_text(analysis, mv, tr))
        rows.append(MoveRow(move_item(mv.move, tr), tuple(lines), k == 0))
    return tuple(rows)


def refusal_lines(analysis: Analysis, deal: Board, tr: Translator) -> tuple[str, ...]:
    """The candidate moves the rules refuse here, and why, as the hint ladder says them."""
    return legal_lines(analysis.situation, deal.rules, tr)[1:]


def method_lines(analysis: Analysis, tr: Translator) -> tuple[str, ...]:
    """How the values were made, as the fourth hint says it, and what was cut short."""
    if analysis.method == METHOD_TABLE_PLAYOUT:
        return (method_text(analysis, tr),)
    if analysis.exact:
        return (exact_text(analysis, tr),)
    if analysis.method == METHOD_SAMPLED:
        return (sampled_text(analysis, tr), *cut_notes(analysis, tr))
    return cut_notes(analysis, tr)


def hand_line(seat: int, cards: tuple[Card, ...], tr: Translator) -> str:
    """A seat's hand, named as the table names it."""
    name = tr._("Hand of player {name}", name=SEAT_LETTERS[seat])
    return f"{name}: {card_list(cards, tr)}"


def what_if_lines(item: WhatIf, tr: Translator) -> tuple[str, ...]:
    """One deal of "what if": the hands the seat cannot see, the stock where it is known card
    by card, the best move there and its value."""
    lines = [hand_line(seat, cards, tr) for seat, cards in item.hidden if cards]
    deal = item.deal
    if isinstance(deal, State) and deal.stock:
        lines.append(tr._("Stock, top first: {cards}", cards=card_list(deal.stock_cards, tr)))
    a = item.analysis
    lines.append(tr._("Best in this deal: {move}.", move=move_item(a.best.move, tr)))
    if a.method != METHOD_TABLE_PLAYOUT:
        return (*lines, value_text(a, a.best, tr))
    value = signed(a.best.game_points, tr)
    if a.situation.partner >= 0:
        said = tr._(
            "In this deal: {value} game points for your team (its own less the other team's).",
            value=value,
        )
    else:
        said = tr._("In this deal: {value} game points won by you.", value=value)
    return (*lines, said)


__all__ = [
    "AnalysisWords",
    "MoveRow",
    "hand_line",
    "method_lines",
    "move_button",
    "move_rows",
    "over_line",
    "played_lines",
    "refusal_lines",
    "seat_option",
    "what_if_lines",
]

"""A deal for three or four in words: each move, the trick's winner, the end."""

from __future__ import annotations

from tutor.engine import (
    CARDS,
    SEAT_NAMES,
    EndKind,
    Exchange,
    Marriage,
    Move,
    Play,
    TableState,
    side_name,
)
from tutor.words.i18n import Translator


def table_move_text(before: TableState, move: Move, after: TableState, tr: Translator) -> str:
    """What a move did, said of the seat that made it, with the trick it completed."""
    p = before.to_move
    player = SEAT_NAMES[p] if p is not None else ""
    if isinstance(move, Play):
        if before.trick:
            text = tr._("{player} plays {card}.", player=player, card=move.card)
        else:
            text = tr._("{player} leads {card}.", player=player, card=move.card)
    elif isinstance(move, Marriage):
        points = before.rules.marriage_value(move.suit, before.trump, len(before.marriages))
        text = tr._(
            "{player} announces a marriage worth {points} and leads {card}.",
            player=player,
            points=points,
            card=move.card,
        )
    elif isinstance(move, Exchange):
        ex = CARDS[int(before.trump) * 8 + before.rules.exchange_rank]
        text = tr._(
            "{player} exchanges {card} for {trump_card}, the face-up trump card.",
            player=player,
            card=ex,
            trump_card=CARDS[before.trump_card],
        )
    else:
        text = tr._("{player} declares 66.", player=player)
    if after.last_trick is not None and after.last_trick is not before.last_trick:
        _leader, cards, winner = after.last_trick
        pts = sum(after.rules.points_by_index[c] for c in cards)
        text += " " + tr.n_(
            "{player} wins the trick: {n} point, {total} in all.",
            "{player} wins the trick: {n} points, {total} in all.",
            pts,
            player=SEAT_NAMES[winner],
            total=after.score(after.side(winner)),
        )
    return text


def table_outcome_text(state: TableState, tr: Translator) -> str:
    """How the deal ended: who won and the game points, or that nobody did."""
    result = state.result
    assert result is not None
    scores = ", ".join(f"{side_name(state.rules, x)} {v}" for x, v in enumerate(result.scores))
    if result.kind is EndKind.FALSE_OUT and result.player is not None:
        return tr._(
            "{player} declared without having enough points. Scores: {scores}.",
            player=SEAT_NAMES[result.player],
            scores=scores,
        )
    if result.winner is None:
        return tr._("Nobody wins this deal. Scores: {scores}.", scores=scores)
    gp = result.game_points[result.winner]
    return tr._(
        "{side} wins {points}. Scores: {scores}.",
        side=side_name(state.rules, result.winner),
        points=tr.n_("{n} game point", "{n} game points", gp),
        scores=scores,
    )


__all__ = ["table_move_text", "table_outcome_text"]

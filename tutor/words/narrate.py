"""A deal in words, for any number of seats: what a move did and the trick it completed, how
the deal ended, and the game points won so far.

With two players a move is told by ``tutor.words.explain`` (the drawing, the closing, the
marriages still to be credited); at a table of three or four each move is said of the seat
that made it, with the trick's winner and the side's points.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import (
    CARDS,
    SEAT_LETTERS,
    Deal,
    EndKind,
    Exchange,
    Marriage,
    Move,
    Play,
    State,
    TableState,
    game_for,
)
from tutor.words.explain import (
    describe_move,
    describe_outcome,
    describe_trick,
    move_phrase,
    number,
    sentence,
)
from tutor.words.i18n import Translator


def move_words(before: Deal, move: Move, after: Deal, tr: Translator) -> tuple[str, ...]:
    """What ``move`` did in ``before`` and the trick it completed, one sentence or two."""
    if isinstance(before, State) and isinstance(after, State):
        words = [describe_move(before, move, tr)]
        if isinstance(move, Play) and before.lead >= 0:
            words.append(describe_trick(after, tr))
        return tuple(words)
    return (move_text(before, move, after, tr),)


def move_text(before: Deal, move: Move, after: Deal, tr: Translator) -> str:
    """What a move did, said of the seat that made it, with the trick it completed."""
    if not isinstance(before, TableState) or not isinstance(after, TableState):
        return " ".join(move_words(before, move, after, tr))
    p = before.to_move
    player = SEAT_LETTERS[p] if p is not None else ""
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
            player=SEAT_LETTERS[winner],
            total=after.score(after.side(winner)),
        )
    return text


def outcome_text(state: Deal, tr: Translator) -> str:
    """How the deal ended: who won and the game points, or that nobody did ("" while it
    goes on)."""
    result = state.result
    if result is None:
        return ""
    if isinstance(state, State):
        return describe_outcome(result, state.rules, tr)
    side_name = game_for(state.rules).side_name
    scores = ", ".join(f"{side_name(x)} {v}" for x, v in enumerate(result.scores))
    if result.kind is EndKind.FALSE_OUT and result.player is not None:
        return tr._(
            "{player} declared without having enough points. Scores: {scores}.",
            player=SEAT_LETTERS[result.player],
            scores=scores,
        )
    if result.winner is None:
        return tr._("Nobody wins this deal. Scores: {scores}.", scores=scores)
    gp = result.game_points[result.winner]
    return tr._(
        "{side} wins {points}. Scores: {scores}.",
        side=side_name(result.winner),
        points=tr.n_("{n} game point", "{n} game points", gp),
        scores=scores,
    )


def table_remark_text(move: Move, best: Move, lost: float, samples: int, tr: Translator) -> str:
    """The coach on a move that lost game points against the best one, over sampled deals."""
    return sentence(
        tr._(
            "{best} was better than {move}: on average {lost} game points more, over "
            "{samples} sampled deals.",
            move=move_phrase(move, tr),
            best=move_phrase(best, tr),
            lost=number(lost, tr),
            samples=samples,
        )
    )


def table_totals_text(rules_sides: Sequence[str], totals: Sequence[int], tr: Translator) -> str:
    """The game points each side has won in the deals played so far ("A 3, B 1, C 0")."""
    scores = ", ".join(f"{name} {n}" for name, n in zip(rules_sides, totals, strict=True))
    return tr._("Game points so far: {scores}.", scores=scores)


__all__ = [
    "move_text",
    "move_words",
    "outcome_text",
    "table_remark_text",
    "table_totals_text",
]

"""A deal for three or four in words: each move, the trick's winner, the end."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import (
    CARDS,
    SEAT_NAMES,
    EndKind,
    Exchange,
    Marriage,
    Move,
    Play,
    TableState,
    Verdict,
    side_name,
    table_check,
)
from tutor.words.explain import (
    explain_verdict,
    move_phrase,
    number,
    reason_text,
    rule_line,
    sentence,
)
from tutor.words.i18n import Translator
from tutor.words.lesson_text import NOT_ASKED, Reply, StepText


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


def table_step_text(
    *,
    before: TableState | None,
    after: TableState,
    move: Move | None,
    narration: str,
    rule_ids: Sequence[str],
    verdict: Verdict | None,
    tr: Translator,
) -> StepText:
    """Words for one step of a lesson for three or four: the narration (a msgid), the move and
    the trick it completed, the rules that decided the move and those the step names (each
    with its source), and the outcome once the deal is over."""
    said = tr._(narration) if narration else ""
    happened = []
    if move is not None and before is not None:
        happened.append(table_move_text(before, move, after, tr))
    reasons: list[str] = []
    ids: list[str] = []
    if verdict is not None:
        for reason in verdict.reasons:
            reasons.append(reason_text(reason, verdict.legal, tr, after.rules))
            ids.append(reason.rule_id)
    ids.extend(r for r in rule_ids if r not in ids)
    lines = [line for rid in ids if (line := rule_line(rid, after.rules, tr))]
    return StepText(
        narration=said,
        happened=tuple(h for h in happened if h and h not in said),
        reasons=tuple(
            dict.fromkeys(r for r in reasons if r and not any(r in line for line in lines))
        ),
        rules=tuple(dict.fromkeys(lines)),
        outcome=table_outcome_text(after, tr) if after.result is not None else "",
    )


def table_your_move_reply(
    before: TableState, accepted: Sequence[Move], feedback: str, move: Move, tr: Translator
) -> Reply:
    """The reply to the learner's ``move`` at a your-move step of a lesson for three or four:
    the step's praise (``feedback``, a msgid) for an accepted move; for a move the rules forbid,
    the rule with its source; for another legal move, that it is allowed but not the one
    asked for."""
    if move in accepted:
        return Reply(True, (tr._(feedback) if feedback else tr._("Right!"),))
    verdict = table_check(before, move)
    if not verdict.legal:
        return Reply(False, (explain_verdict(verdict, before.rules, tr, you=True),))
    return Reply(False, (tr._(NOT_ASKED),))


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
    "table_move_text",
    "table_outcome_text",
    "table_remark_text",
    "table_step_text",
    "table_totals_text",
    "table_your_move_reply",
]

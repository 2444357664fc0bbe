"""A deal in words, for any number of seats: what a move did and the trick it completed, how
the deal ended, and the game points won so far.

With two players a move is told by ``describe_move`` and ``describe_trick`` (the drawing, the
closing, the marriages still to be credited) and the end by ``describe_outcome``; at a table of
three or four each move is said of the seat that made it, with the trick's winner and the
side's points.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    SEAT_LETTERS,
    Close,
    Deal,
    DeclareOut,
    EndKind,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Outcome,
    OutResolution,
    Pass,
    Play,
    PlayedOut,
    RuleSet,
    SchwarzBy,
    State,
    TableState,
    Wait,
    game_for,
)
from tutor.msgid import N_
from tutor.words.i18n import Translator
from tutor.words.phrases import move_phrase, number, sentence


def describe_move(before: State, move: Move, tr: Translator) -> str:
    """What a move does, said of the player making it: "A leads the ten of hearts."."""
    p = before.to_move
    player = PLAYER_NAMES[p] if p is not None else ""
    rules = before.rules
    if isinstance(move, Play):
        if before.lead < 0:
            return tr._("{player} leads {card}.", player=player, card=move.card)
        return tr._("{player} plays {card}.", player=player, card=move.card)
    if isinstance(move, Marriage):
        points = rules.marriage_value(move.suit, before.trump, len(before.marriages))
        text = tr._(
            "{player} announces a marriage worth {points} and leads {card}.",
            player=player,
            points=points,
            card=move.card,
        )
        if rules.marriage_makes_trump:
            text += " " + tr._("Trumps are now {suit}.", suit=move.suit)
        if move.out:
            text += " " + tr._("{player} declares 66 at once.", player=player)
        return text
    if isinstance(move, Exchange):
        assert before.trump is not None  # an exchange needs a face-up trump card
        ex = CARDS[before.trump * 8 + rules.exchange_rank]
        return tr._(
            "{player} exchanges {card} for {trump_card}, the face-up trump card.",
            player=player,
            card=ex,
            trump_card=before.trump_card_value,
        )
    if isinstance(move, Close):
        if move.before_draw:
            return tr._("{player} closes the stock before drawing.", player=player)
        return tr._("{player} closes the stock.", player=player)
    if isinstance(move, Pass):
        if before.waiting is Wait.DRAW:
            return tr._("{player} draws without closing.", player=player)
        return tr._("{player} does not exchange.", player=player)
    if isinstance(move, DeclareOut):
        if rules.out_resolution is OutResolution.AFTER_TRICK:
            return tr._(
                "{player} declares 66; the deal ends when this trick is complete.",
                player=player,
            )
        return tr._("{player} declares 66.", player=player)
    if isinstance(move, NameTrump):
        return tr._("{player} names {suit} trumps.", player=player, suit=move.suit)
    raise TypeError(f"not a move: {move!r}")


def describe_trick(after: State, tr: Translator) -> str:
    """The trick just completed: who won it and how many points it gave."""
    if after.last_trick is None:
        return ""
    _leader, lead, follow, winner = after.last_trick
    pts = after.rules.points_by_index[lead] + after.rules.points_by_index[follow]
    return tr.n_(
        "{player} wins the trick: {n} point, {total} in all.",
        "{player} wins the trick: {n} points, {total} in all.",
        pts,
        player=PLAYER_NAMES[winner],
        total=after.score(winner),
    )


def describe_outcome(outcome: Outcome, rules: RuleSet, tr: Translator) -> str:
    """How the deal ended and why it is worth what it is worth."""
    a, b = outcome.scores
    scores = tr._("A {a} : B {b}.", a=a, b=b)
    if outcome.winner is None:
        return tr._("The deal is drawn.") + " " + scores
    winner = PLAYER_NAMES[outcome.winner]
    loser = PLAYER_NAMES[1 - outcome.winner]
    gp = outcome.game_points[outcome.winner]
    player = PLAYER_NAMES[outcome.player] if outcome.player is not None else ""
    points = tr.n_("{n} game point", "{n} game points", gp)
    why = {
        "score.schwarz": (
            tr._("{loser} took no card points (Schwarz).", loser=loser)
            if rules.schwarz_by is SchwarzBy.POINTS
            else tr._("{loser} took no trick (Schwarz).", loser=loser)
        ),
        "score.schneider": tr._(
            "{loser} has fewer than {limit} points (Schneider).",
            loser=loser,
            limit=rules.schneider_below,
        ),
        "score.simple": tr._(
            "{loser} has {limit} points or more.", loser=loser, limit=rules.schneider_below
        ),
        "close.penalty": tr._(
            "{player} closed the stock but did not reach {target}.",
            player=player,
            target=rules.target,
        ),
        "out.false_penalty": tr._("{player} declared 66 without having it.", player=player),
        "close.opponent_out": tr._(
            "{loser} had closed the stock; going out first scores {winner} a fixed number of "
            "game points.",
            loser=loser,
            winner=winner,
        ),
    }.get(outcome.rule_id, "")
    kind = {
        EndKind.OUT: tr._("{player} declared 66 correctly.", player=player),
        EndKind.CLOSER_MADE: tr._(
            "{player} closed the stock and made {target}.", player=player, target=rules.target
        ),
        EndKind.LAST_TRICK: (
            tr._(
                "All cards are played; the winner of the last trick wins with {target}, else "
                "the other player with {target}.",
                target=rules.target,
            )
            if rules.played_out is PlayedOut.LAST_TRICK
            else tr._("All cards are played; the higher score wins.")
        ),
        EndKind.GIVEN_UP: tr._("{player} gave the deal up.", player=player),
    }.get(outcome.kind, "")
    text = " ".join(x for x in (kind, why) if x)
    return tr._(
        "{winner} wins {points}. {why} {scores}",
        winner=winner,
        points=points,
        why=text,
        scores=scores,
    )


def move_words(before: Deal, move: Move, after: Deal, tr: Translator) -> tuple[str, ...]:
    """What ``move`` did in ``before`` and the trick it completed, one sentence or two."""
    if isinstance(before, State) and isinstance(after, State):
        words = [describe_move(before, move, tr)]
        if isinstance(move, Play) and before.lead >= 0:
            words.append(describe_trick(after, tr))
        return tuple(words)
    return (move_text(before, move, after, tr),)


def move_message(before: Deal, move: Move) -> tuple[str, dict[str, object]] | None:
    """The sentence that says what ``move`` does at any table, as its message and parameters
    (the seat's letter, the cards, the marriage's points), for whoever words it: ``None`` for a
    move no such sentence says."""
    assert isinstance(before, State | TableState)  # both engines keep the marriages
    p = before.to_move
    player = SEAT_LETTERS[p] if p is not None else ""
    if isinstance(move, Play):
        lead = not before.trick_cards
        return (N_("{player} leads {card}.") if lead else N_("{player} plays {card}.")), {
            "player": player,
            "card": move.card,
        }
    if isinstance(move, Marriage):
        points = before.rules.marriage_value(move.suit, before.trump, len(before.marriages))
        msgid = N_("{player} announces a marriage worth {points} and leads {card}.")
        return msgid, {"player": player, "points": points, "card": move.card}
    if isinstance(move, Exchange) and before.turned_up is not None and before.trump is not None:
        msgid = N_("{player} exchanges {card} for {trump_card}, the face-up trump card.")
        ex = CARDS[int(before.trump) * 8 + before.rules.exchange_rank]
        return msgid, {"player": player, "card": ex, "trump_card": before.turned_up}
    if isinstance(move, Close):
        return N_("{player} closes the stock."), {"player": player}
    if isinstance(move, DeclareOut):
        return N_("{player} declares 66."), {"player": player}
    return None


def move_text(before: Deal, move: Move, after: Deal, tr: Translator) -> str:
    """What a move did, said of the seat that made it, with the trick it completed."""
    if not isinstance(before, TableState) or not isinstance(after, TableState):
        return " ".join(move_words(before, move, after, tr))
    said = move_message(before, move)
    p = before.to_move
    player = SEAT_LETTERS[p] if p is not None else ""
    if said is None:
        text = tr._("{player} declares 66.", player=player)
    else:
        text = tr._(said[0], **said[1])
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
    return "" if result is None else outcome_words(result, state.rules, tr)


def outcome_words(outcome: Outcome, rules: RuleSet, tr: Translator) -> str:
    """How a deal ended (as played or given up), who won and what it is worth: with two
    players in the words of ``describe_outcome``; at a table with every side's score."""
    if rules.seats == 2:
        return describe_outcome(outcome, rules, tr)
    name = game_for(rules).side_name
    scores = ", ".join(f"{name(x)} {v}" for x, v in enumerate(outcome.scores))
    if outcome.kind is EndKind.FALSE_OUT and outcome.player is not None:
        return tr._(
            "{player} declared without having enough points. Scores: {scores}.",
            player=SEAT_LETTERS[outcome.player],
            scores=scores,
        )
    if outcome.winner is None:
        return tr._("Nobody wins this deal. Scores: {scores}.", scores=scores)
    gp = outcome.game_points[outcome.winner]
    said = tr._(
        "{side} wins {points}. Scores: {scores}.",
        side=name(outcome.winner),
        points=tr.n_("{n} game point", "{n} game points", gp),
        scores=scores,
    )
    if outcome.kind is EndKind.GIVEN_UP and outcome.player is not None:
        gave = tr._("{player} gave the deal up.", player=SEAT_LETTERS[outcome.player])
        return f"{gave} {said}"
    return said


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
    "describe_move",
    "describe_outcome",
    "describe_trick",
    "move_text",
    "move_words",
    "outcome_text",
    "outcome_words",
    "table_remark_text",
    "table_totals_text",
]

"""Why a move is worse than a better one, in words (``tutor.teach.hints.why``): the rule or the
trick first, then the line that shows it and what decides it, what the move gives away, the
better move and its idea, and the numbers last.

The coach's remarks, the replies in a lesson, the class's reveal and the fourth hint say the
same ``Why`` with these sentences. ``known`` holds the terms a learner has met (``None``: all of
them); a sentence that needs a term not yet met is left out (in the first lesson no game
points are counted, so no reply names them).

>>> from tutor.engine import CARDS, Card, Play
>>> from tutor.teach.hints.why import CANNOT_SUIT, Fact, Why
>>> from tutor.words.i18n import get_translator
>>> ac, qd, kd = (Card.parse(c) for c in ("Ac", "Qd", "Kd"))
>>> w = Why(Play(ac), Play(kd), 1.0, True, 1, 0, rule=Fact(CANNOT_SUIT, ac, qd))
>>> for line in why_lines(w, get_translator("en"), known=frozenset()):
...     print(line)
The ace of clubs cannot take the queen of diamonds: only a higher card of the same suit takes it.
The king of diamonds was better.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list

from tutor.engine import PLAYER_NAMES, SEAT_NAMES, Close, Marriage, Move, Play, Rank
from tutor.msgid import N_
from tutor.teach.hints.ideas import IDEA_SPECS, Idea
from tutor.teach.hints.model import (
    TIE_CHEAPER,
    TIE_KEEPS_GUARD,
    TIE_KEEPS_PAIR,
    TIE_KEEPS_TRUMP,
    TieReason,
)
from tutor.teach.hints.why import CANNOT_RANK, CANNOT_SUIT, CANNOT_TRUMP, Line, TableTrick, Why
from tutor.teach.lines import Decider, Decides
from tutor.words.hint_values import signed
from tutor.words.i18n import Translator
from tutor.words.phrases import card_list, move_phrase, number, percent, sentence

#: The terms a sentence needs (ids of the lessons' terms, ``tutor.teach.lessons``).
TERM_TRUMP = "trump_suit"
TERM_GAME_POINTS = "game_point"
TERM_SCHNEIDER = "schneider"


def _knows(known: frozenset[str] | None, term: str) -> bool:
    return known is None or term in known


def idea_text(idea: Idea, tr: Translator) -> str:
    """One idea in words.

    >>> from tutor.words.i18n import get_translator
    >>> idea_text(Idea("idea.draws_trumps", (("n", 1),)), get_translator("en"))
    "Lead trumps to draw your opponent's: 1 trump is still out."
    """
    params: dict[str, object] = {}
    for key, value in idea.params:
        if key == "cards" and isinstance(value, tuple):
            params[key] = card_list(value, tr)
        elif key == "percent" and isinstance(value, int):
            params[key] = percent(value / 100, tr)
        elif isinstance(value, float):
            params[key] = number(value, tr)
        else:
            params[key] = value
    spec = IDEA_SPECS[idea.id]
    if spec.plural is not None:
        n = params.pop("n", 2)
        return sentence(tr.n_(spec.msgid, spec.plural, n if isinstance(n, int) else 2, **params))
    return sentence(tr._(spec.msgid, **params))


#: Why a card cannot take the trick, by ``Fact.kind`` (and, for another suit, whether trumps
#: are taught yet).
CANNOT_TEXTS = {
    CANNOT_RANK: N_("{card} cannot take {card2_acc}: it is the lower card of the suit."),
    CANNOT_SUIT: N_(
        "{card} cannot take {card2_acc}: only a higher card of the same suit takes it, or a trump."
    ),
    CANNOT_TRUMP: N_("{card} cannot take {card2_acc}: a trump is taken only by a higher trump."),
}
CANNOT_SUIT_NO_TRUMP = N_(
    "{card} cannot take {card2_acc}: only a higher card of the same suit takes it."
)
#: The same where the card to beat is the highest of its suit.
CANNOT_TOP = N_("{card} cannot take {card2_acc}: no card of its suit is higher; only a trump is.")
CANNOT_TOP_NO_TRUMP = N_("{card} cannot take {card2_acc}: no card of its suit is higher.")
#: Why a player plays one card rather than another worth the same, by ``TieReason.kind``.
TIE_TEXTS = {
    TIE_CHEAPER: N_(
        "Better to give {play_card_acc}, not {keep_card_acc}: the trick is lost anyway, so let "
        "it bring your opponent as few points as possible."
    ),
    TIE_KEEPS_TRUMP: N_(
        "Better to play {play_card_acc} and keep {keep_card_acc}: a trump is worth more later, "
        "once suit must be followed."
    ),
    TIE_KEEPS_PAIR: N_(
        "Better to play {play_card_acc} and keep {keep_card_acc}: it belongs to a marriage."
    ),
    TIE_KEEPS_GUARD: N_(
        "Better to play {play_card_acc} and keep {keep_card_acc}: it guards your ten."
    ),
}


def cannot_take_text(why: Why, tr: Translator, known: frozenset[str] | None = None) -> str | None:
    """Why the card cannot take the trick, or ``None``."""
    fact = why.rule
    if fact is None:
        return None
    msgid = CANNOT_TEXTS[fact.kind]
    trumps = _knows(known, TERM_TRUMP)
    if fact.kind == CANNOT_SUIT and fact.against.rank is Rank.ACE:
        msgid = CANNOT_TOP if trumps else CANNOT_TOP_NO_TRUMP
    elif fact.kind == CANNOT_SUIT and not trumps:
        msgid = CANNOT_SUIT_NO_TRUMP
    return sentence(tr._(msgid, card=fact.card, card2=fact.against))


def tie_text(tie: TieReason, tr: Translator) -> str:
    """Why a player plays one card rather than another worth the same game points."""
    return sentence(tr._(TIE_TEXTS[tie.kind], play_card=tie.play, keep_card=tie.keep))


def _trick_text(why: Why, line: Line, tr: Translator) -> str | None:
    """Who takes the move's trick when the player led it and lost it."""
    if line.trick is None or not isinstance(why.move, Play):
        return None
    led, answer, taker = line.trick
    if led != why.move.card or taker == why.seat:
        return None
    return tr._(
        "If you lead {card_acc}, {player} takes it with {card2_dat}.",
        card=led,
        card2=answer,
        player=PLAYER_NAMES[taker],
    )


def _table_trick_text(trick: TableTrick, why: Why, tr: Translator) -> tuple[str, ...]:
    """At a table: who takes the trick of the card played, and how often."""
    if trick.taker == why.seat:
        said = tr._("If you play {card_acc}, you take the trick with it.", card=trick.card)
    elif trick.taker == why.partner:
        said = tr._(
            "If you play {card_acc}, your partner {player} takes the trick with {card2_dat}.",
            card=trick.card,
            player=SEAT_NAMES[trick.taker],
            card2=trick.taker_card,
        )
    else:
        said = tr._(
            "If you play {card_acc}, {player} takes the trick with {card2_dat}.",
            card=trick.card,
            player=SEAT_NAMES[trick.taker],
            card2=trick.taker_card,
        )
    return (said, _count_text(trick.deals, trick.total, tr))


def _lead_in(why: Why, tr: Translator) -> str:
    """The move the line starts with, as the opening of the story."""
    move = why.move
    if isinstance(move, Play | Marriage):
        return tr._("Say you play {card_acc}.", card=move.card)
    if isinstance(move, Close):
        return tr._("Say you close the stock now.")
    return sentence(tr._("Say you choose this: {move}.", move=move_phrase(move, tr)))


def _against_text(
    fact: Decider, line: Line, tr: Translator, known: frozenset[str] | None
) -> str | None:
    """What decides the end of the line against the player."""
    other = PLAYER_NAMES[fact.player]
    if fact.kind is Decides.REACHED:
        if fact.trick is not None:
            return tr._(
                "Then {player} reaches {points} points with the trick of {card} and {card2} "
                "and declares {target}.",
                player=other,
                points=fact.points,
                card=fact.trick[0],
                card2=fact.trick[1],
                target=line.start.rules.target,
            )
        return tr._(
            "Then {player} reaches {points} points and declares {target}.",
            player=other,
            points=fact.points,
            target=line.start.rules.target,
        )
    if fact.kind is Decides.LAST_TRICK:
        return tr._(
            "Then {player} takes the last trick and its {bonus} extra points: {points} points "
            "against your {other_points}; without those {bonus}, {player} would have lost.",
            player=other,
            bonus=fact.bonus,
            points=fact.points,
            other_points=fact.other,
        )
    if fact.kind is Decides.SHORT:
        return tr._(
            "Then you end with only {points} points: too few after closing.", points=fact.points
        )
    if fact.kind is Decides.SCHNEIDER and _knows(known, TERM_SCHNEIDER):
        return tr._(
            "Then you end with only {points} points, fewer than {limit}: Schneider.",
            points=fact.points,
            limit=line.start.rules.schneider_below,
        )
    return None


def _better_text(why: Why, tr: Translator, known: frozenset[str] | None) -> str:
    """The better move, with what it achieves in the line's deal where that is a deciding
    fact or a better end."""
    assert why.better is not None
    better = move_phrase(why.better, tr)
    line = why.line
    fact = line.better_fact if line is not None else None
    if fact is not None and fact.kind is Decides.REACHED:
        return sentence(
            tr._(
                "{move} was better: with it you reach {points} points and declare {target}.",
                move=better,
                points=fact.points,
                target=line.start.rules.target if line is not None else 0,
            )
        )
    if fact is not None and fact.kind is Decides.LAST_TRICK:
        return sentence(
            tr._(
                "{move} was better: with it you take the last trick and its {bonus} extra points.",
                move=better,
                bonus=fact.bonus,
            )
        )
    if fact is not None and fact.kind is Decides.SCHNEIDER and _knows(known, TERM_SCHNEIDER):
        return sentence(
            tr._(
                "{move} was better: with it {player} ends with only {points} points, fewer "
                "than {limit}: Schneider.",
                move=better,
                player=PLAYER_NAMES[fact.player],
                points=fact.points,
                limit=line.start.rules.schneider_below if line is not None else 0,
            )
        )
    if line is not None and line.fact is None:  # no deciding fact: how the two lines end
        seat = why.seat
        return sentence(
            tr._(
                "{move} was better: with it you end with {points} points against {other}, "
                "instead of {points_now} against {other_now}.",
                move=better,
                points=line.better_end.scores[seat],
                other=line.better_end.scores[1 - seat],
                points_now=line.end.scores[seat],
                other_now=line.end.scores[1 - seat],
            )
        )
    return sentence(tr._("{move} was better.", move=better))


def _count_text(deals: int, total: int, tr: Translator) -> str:
    """How often what was said happens over the sampled deals."""
    return tr.n_(
        "This happens in {k} of the {n} deal you could be facing.",
        "This happens in {k} of the {n} deals you could be facing.",
        total,
        k=deals,
    )


def _numbers(why: Why, value: float, best: float, tr: Translator) -> str:
    if why.exact:
        return tr._(
            "In game points: {value} for this move, {best} for the better one.",
            value=signed(value, tr),
            best=signed(best, tr),
        )
    return tr._(
        "In game points, on average over {n} deals: {value} for this move, {best} for the "
        "better one.",
        n=why.samples,
        value=signed(value, tr),
        best=signed(best, tr),
    )


def chance_text(move: Move, samples: int, tr: Translator, better: Move | None = None) -> str:
    """A move the sampled deals cannot tell from the better one (``Why.chance``): about as
    good, the difference perhaps chance; ``better`` names the better move."""
    if better is not None:
        return sentence(
            tr.n_(
                "{move} is about as good as {better}: over {n} deal you could be facing, the "
                "difference may be chance.",
                "{move} is about as good as {better}: over {n} deals you could be facing, the "
                "difference may be chance.",
                samples,
                move=move_phrase(move, tr),
                better=move_phrase(better, tr),
            )
        )
    return sentence(
        tr.n_(
            "{move} is about as good: over {n} deal you could be facing, the difference may be "
            "chance.",
            "{move} is about as good: over {n} deals you could be facing, the difference may be "
            "chance.",
            samples,
            move=move_phrase(move, tr),
        )
    )


def chance_group_text(moves: Sequence[Move], samples: int, tr: Translator) -> str:
    """Several moves the sampled deals cannot tell from the suggested one, in one sentence."""
    if len(moves) == 1:
        return chance_text(moves[0], samples, tr)
    names = format_list([move_phrase(m, tr) for m in moves], locale=tr.lang)
    return sentence(
        tr.n_(
            "{moves} are about as good: over {n} deal you could be facing, the differences may "
            "be chance.",
            "{moves} are about as good: over {n} deals you could be facing, the differences may "
            "be chance.",
            samples,
            moves=names,
        )
    )


def why_lines(
    why: Why,
    tr: Translator,
    *,
    known: frozenset[str] | None = None,
    values: tuple[float, float] | None = None,
    better_named: bool = True,
) -> tuple[str, ...]:
    """The sentences of ``why`` for the player to move, in the order of the module's
    text. ``values`` (the move's and the better move's game points) adds the numbers, last;
    ``better_named`` names the better move (a lesson that asks the learner to find it again
    leaves it out)."""
    out: list[str] = []
    rule = cannot_take_text(why, tr, known)
    if rule is not None:
        out.append(rule)
    line = why.line
    said_fact = counted = False
    if line is not None:
        trick = _trick_text(why, line, tr)
        if trick is not None:
            out.append(trick)
        fact = None
        if line.fact is not None and not _same_as_mistake(line.fact, why.mistake):
            fact = _against_text(line.fact, line, tr, known)
        if fact is not None:
            if trick is None and rule is None:  # the rule sentence has named the card
                out.append(_lead_in(why, tr))
            out.append(fact)
            said_fact = True
        if (trick is not None or fact is not None) and not line.exact:
            out.append(_count_text(line.deals, line.total, tr))
            counted = True
    if why.table_trick is not None:
        out += _table_trick_text(why.table_trick, why, tr)
    if why.mistake is not None and _teaches(why.mistake):
        out.append(idea_text(why.mistake, tr))
    if why.tie is not None:
        out.append(tie_text(why.tie, tr))
    if why.chance:
        out.append(chance_text(why.move, why.samples, tr, why.better if better_named else None))
    elif why.better is not None and better_named and why.loss > 0:
        out.append(_better_text(why, tr, known))
        if line is not None and not line.exact and not counted:  # what the better move does
            out.append(
                tr.n_(
                    "With the better move it goes this way in {k} of the {n} deal you could "
                    "be facing.",
                    "With the better move it goes this way in {k} of the {n} deals you could "
                    "be facing.",
                    line.total,
                    k=line.deals,
                )
            )
        if why.idea is not None and (said_fact or rule is None or why.idea.id != "idea.safe_trick"):
            out.append(idea_text(why.idea, tr))
    if values is not None and _knows(known, TERM_GAME_POINTS):
        out.append(_numbers(why, values[0], values[1], tr))
    return tuple(out)


def _same_as_mistake(fact: Decider, mistake: Idea | None) -> bool:
    """The line's end says what the move's mistake already says (a false declaration)."""
    return (
        mistake is not None
        and fact.kind is Decides.FALSE_OUT
        and mistake.id.startswith("mistake.false_out")
    )


def _teaches(mistake: Idea) -> bool:
    """A mistake worth saying: every one but a sampled close's bare percentage."""
    return mistake.id != "mistake.close_fails"


__all__ = [
    "TERM_GAME_POINTS",
    "TERM_SCHNEIDER",
    "TERM_TRUMP",
    "cannot_take_text",
    "chance_group_text",
    "chance_text",
    "idea_text",
    "tie_text",
    "why_lines",
]

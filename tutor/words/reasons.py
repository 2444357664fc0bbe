"""Why a move is legal or not, in words: a sentence about the move itself, what each rule
the engine gave as a reason means for it, and the rule with its source.

Data flows one way: the engine gives ``Verdict``/``Reason`` values; this module turns them into
text with a translator.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine import (
    SEAT_NAMES,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Pass,
    Play,
    Reason,
    RuleSet,
    Suit,
    Verdict,
)
from tutor.words.i18n import Translator
from tutor.words.phrases import card_list, sentence
from tutor.words.rule_texts import RULE_TEXTS, rule_text, say_rule


def _cards(cards: object, tr: Translator) -> str:
    return card_list(cards, tr) if isinstance(cards, Iterable) else ""


def reason_text(
    reason: Reason, legal: bool, tr: Translator, rules: RuleSet, *, you: bool = False
) -> str:
    """What the rule means for this move, in one sentence (without the source): a sentence
    about this very move where there is one, else the rule's own statement. With ``you``, a
    refused move is said to the player who tried it ("You must follow suit ...")."""
    specific = specific_reason(reason, legal, tr, you=you)
    if specific:
        return specific
    rid = reason.rule_id
    if rid not in RULE_TEXTS:
        return rid
    return say_rule(rid, rules, tr, **_reason_params(reason))


def _reason_params(reason: Reason) -> dict[str, object]:
    """A reason's facts, with its players (indices in the engine) by name."""
    p = dict(reason.params)
    for key in ("player", "closer"):
        who = p.get(key)
        if isinstance(who, int):
            p[key] = SEAT_NAMES[who]  # A and B, or a seat of three or four
    return p


def _refusal_to_you(reason: Reason, tr: Translator) -> str:
    """Why a move is refused, said to the player who tried it; "" where the rule's own
    statement says it best."""
    p = dict(reason.params)
    rid = reason.rule_id
    card = p.get("card")
    if rid in ("card.in_hand", "exchange.card"):
        return tr._("You do not hold {card}.", card=card)
    if rid == "phase2.head":
        return tr._(
            "You must head {led_card}. Allowed: {options}.",
            led_card=p.get("led"),
            options=_cards(p.get("better"), tr),
        )
    if rid in ("phase2.lower", "phase2.follow"):
        return tr._(
            "You must follow suit. Allowed: {options}.", options=_cards(p.get("options"), tr)
        )
    if rid == "phase2.trump":
        return tr._(
            "You have no card of the suit led, so you must trump. Allowed: {options}.",
            options=_cards(p.get("options"), tr),
        )
    if rid == "marriage.pair":
        return tr._("You do not hold both {king} and {queen} of that suit.")
    if rid == "close.before_draw":
        return tr._("You won the trick: first draw, or close the stock before drawing.")
    if rid == "close.opponent_exchange":
        return tr._(
            "Your opponent has just closed the stock: first exchange {card} for {trump_card}, "
            "or pass.",
            card=card,
            trump_card=p.get("trump_card"),
        )
    return ""


def specific_reason(reason: Reason, legal: bool, tr: Translator, *, you: bool = False) -> str:
    """A sentence about this very move where there is one ("A must follow suit ..."), else "".
    With ``you``, a refused move is said to the player who tried it."""
    if you and not legal:
        return _refusal_to_you(reason, tr)
    p = _reason_params(reason)
    rid = reason.rule_id
    player = p.get("player", "")
    card = p.get("card")
    if rid == "card.in_hand" or (rid == "exchange.card" and not legal):
        return tr._("{player} does not hold {card}.", player=player, card=card)
    if rid == "phase2.head":
        if legal:
            return tr._(
                "{player} heads the trick with {card}, as the rules demand.",
                player=player,
                card=card,
            )
        return tr._(
            "{player} must head {led_card}. Allowed: {options}.",
            player=player,
            led_card=p.get("led"),
            options=_cards(p.get("better"), tr),
        )
    if rid in ("phase2.lower", "phase2.follow") and not legal:
        return tr._(
            "{player} must follow suit. Allowed: {options}.",
            player=player,
            options=_cards(p.get("options"), tr),
        )
    if rid == "phase2.lower":
        return tr._(
            "{player} cannot beat {led_card}, so a lower card of its suit is right.",
            player=player,
            led_card=p.get("led"),
        )
    if rid == "phase2.follow":
        return tr._(
            "{player} follows suit with {card}, as the rules demand.",
            player=player,
            card=card,
        )
    if rid == "phase2.trump":
        if legal:
            return tr._("{player} has no card of the suit led, so must trump.", player=player)
        return tr._(
            "{player} has no card of the suit led and must trump. Allowed: {options}.",
            player=player,
            options=_cards(p.get("options"), tr),
        )
    if rid == "phase2.any":
        return tr._(
            "{player} has neither the suit led nor a trump, so any card may be played.",
            player=player,
        )
    if rid == "marriage.pair" and not legal:
        return tr._("{player} does not hold both {king} and {queen} of that suit.", player=player)
    if rid == "marriage.pair":
        return tr._(
            "{player} holds {king} and {queen} of the same suit: a marriage worth {points}.",
            player=player,
            points=p.get("points", 20),
        )
    if rid == "out.on_lead" and legal:
        return tr._(
            "{player} declares with {score} points counted.",
            player=player,
            score=p.get("score", 0),
        )
    if rid == "trump.name_first":
        if legal:
            return tr._("{player} names the trump suit before the first lead.", player=player)
        return tr._("{player} must name the trump suit first.", player=player)
    if rid == "trump.heart_ace":
        if legal:
            return tr._(
                "{player} holds {card} and may name the trump suit.", player=player, card=card
            )
        return tr._(
            "{player} does not hold {card}, so cannot name the trump suit.",
            player=player,
            card=card,
        )
    if rid == "trump.ace_first":
        return tr._(
            "{player} must name the trump suit before playing {card}.", player=player, card=card
        )
    if rid == "close.before_draw" and not legal:
        return tr._("{player} won the trick and first draws or closes the stock.", player=player)
    if rid == "close.opponent_exchange" and not legal:
        return tr._(
            "{player} first decides whether to exchange {card} for {trump_card}.",
            player=player,
            card=card,
            trump_card=p.get("trump_card"),
        )
    if rid == "trump.named" and isinstance(p.get("trump"), Suit):
        return tr._("A trump suit is named already: {trump}.", trump=p.get("trump"))
    return ""


def verdict_head(move: Move, legal: bool, tr: Translator) -> str:
    """Whether a move may be made, as a sentence about the move itself: "The nine of spades
    may not be played.", "The stock may be closed.".

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> verdict_head(parse_move("9s"), False, get_translator("en"))
    'The nine of spades may not be played.'
    """
    if isinstance(move, Play):
        text = (
            tr._("{card} may be played.", card=move.card)
            if legal
            else tr._("{card} may not be played.", card=move.card)
        )
    elif isinstance(move, Marriage) and move.out:
        text = (
            tr._("A marriage with {card} may be announced together with 66.", card=move.card)
            if legal
            else tr._(
                "A marriage with {card} may not be announced together with 66.", card=move.card
            )
        )
    elif isinstance(move, Marriage):
        text = (
            tr._("A marriage with {card} may be announced.", card=move.card)
            if legal
            else tr._("A marriage with {card} may not be announced.", card=move.card)
        )
    elif isinstance(move, Exchange):
        text = (
            tr._("The trump card may be exchanged.")
            if legal
            else tr._("The trump card may not be exchanged.")
        )
    elif isinstance(move, Close) and move.before_draw:
        text = (
            tr._("The stock may be closed before drawing.")
            if legal
            else tr._("The stock may not be closed before drawing.")
        )
    elif isinstance(move, Close):
        text = tr._("The stock may be closed.") if legal else tr._("The stock may not be closed.")
    elif isinstance(move, DeclareOut):
        text = tr._("66 may be declared.") if legal else tr._("66 may not be declared.")
    elif isinstance(move, NameTrump):
        text = (
            tr._("{suit} may be named trumps.", suit=move.suit)
            if legal
            else tr._("{suit} may not be named trumps.", suit=move.suit)
        )
    elif isinstance(move, Pass):
        text = tr._("Passing is allowed.") if legal else tr._("Passing is not possible here.")
    else:
        raise TypeError(f"not a move: {move!r}")
    return sentence(text)


def explain_verdict(verdict: Verdict, rules: RuleSet, tr: Translator, *, you: bool = False) -> str:
    """Legal or not, why, and which rule with its source. With ``you``, a refused move is
    explained to the player who tried it."""
    parts = [verdict_head(verdict.move, verdict.legal, tr)]
    for reason in verdict.reasons:
        specific = specific_reason(reason, verdict.legal, tr, you=you)
        if specific:
            parts.append(specific)
        parts.append(rule_text(reason.rule_id, rules, tr))
    return " ".join(parts)


__all__ = [
    "explain_verdict",
    "reason_text",
    "specific_reason",
    "verdict_head",
]

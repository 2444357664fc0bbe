"""Rule switches in words: each switch's name and the words for its values.

>>> from tutor.engine import preset
>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> switch_name("deal.target", en)
'Points needed to win a deal'
>>> switch_value_text(preset("classic").switch("phase2.duty"), en)
'follow suit, else trump'
"""

from __future__ import annotations

from tutor.engine import SwitchValue
from tutor.msgid import N_
from tutor.words.i18n import Translator

SWITCH_NAMES: dict[str, str] = {
    "pack.ranks": N_("Cards in each suit"),
    "deal.hand_size": N_("Cards in each hand"),
    "pack.card_points": N_("Card points (A 10 K Q J 9 8 7)"),
    "deal.target": N_("Points needed to win a deal"),
    "deal.last_trick_bonus": N_("Bonus for the last trick"),
    "close.last_trick_bonus": N_("Last-trick bonus after closing"),
    "score.schneider_below": N_("Schneider: the loser has fewer than"),
    "score.schwarz_by": N_("Schwarz: the loser has no"),
    "score.game_points": N_("Game points: simple, Schneider, Schwarz"),
    "phase2.duty": N_("Duty once the stock is closed or used up"),
    "marriage.points": N_("Marriage in a plain suit"),
    "marriage.trump_points": N_("Marriage in trumps"),
    "marriage.needs_trick": N_("Marriage only after a won trick"),
    "marriage.credit": N_("When a marriage counts"),
    "marriage.in_phase2": N_("Marriages after the stock is closed or used up"),
    "exchange.rank": N_("Card exchanged for the face-up trump"),
    "exchange.needs_trick": N_("Exchange only after a won trick"),
    "close.allowed": N_("Closing the stock allowed"),
    "close.penalty": N_("A failed closer's opponent scores"),
    "close.penalty_points": N_("Failed closer: game points to the opponent"),
    "close.penalty_no_trick_points": N_("Failed closer: if the opponent had no trick"),
    "close.no_trick_at": N_("Failed closer: the opponent's tricks are counted"),
    "out.resolution": N_("When a declaration of 66 ends the deal"),
    "out.after_marriage": N_("Declaring 66 right after a marriage"),
    "out.closer_opponent": N_("The closer's opponent may declare 66"),
    "out.false_penalty": N_("A false declaration gives the opponent"),
    "out.false_points": N_("False declaration: game points to the opponent"),
    "out.false_no_trick_points": N_("False declaration: if the opponent had no trick"),
    "match.mode": N_("The match"),
    "match.target": N_("Game points to win the match"),
    "match.next_dealer": N_("Next dealer"),
}

VALUE_TEXTS: dict[str, str] = {
    "true": N_("yes"),
    "false": N_("no"),
    "follow": N_("follow suit, else trump"),
    "head": N_("head the trick, else follow, else trump"),
    "immediate": N_("at once"),
    "after_trick": N_("once a later trick is won"),
    "with_trick": N_("once the player has won a trick"),
    "fixed": N_("a fixed number of game points"),
    "scale": N_("what the other would have won (1, 2 or 3)"),
    "close": N_("when the stock is closed"),
    "end": N_("at the end of the deal"),
    "tricks": N_("trick"),
    "points": N_("card points"),
    "game_points": N_("first to the target in game points"),
    "five_deals": N_("five deals, most card points wins"),
    "thousand": N_("first to 1000 card points"),
    "alternate": N_("the players take turns"),
    "winner": N_("the winner of the deal"),
}
VALUE_TEXTS_BY_SWITCH: dict[tuple[str, str], str] = {
    ("out.resolution", "immediate"): N_("at once"),
    ("out.resolution", "after_trick"): N_("when the trick being led is complete"),
}


def switch_name(switch_id: str, tr: Translator) -> str:
    return tr._(SWITCH_NAMES[switch_id]) if switch_id in SWITCH_NAMES else switch_id


def switch_value_text(sv: SwitchValue, tr: Translator) -> str:
    raw = sv.text_value
    msg = VALUE_TEXTS_BY_SWITCH.get((sv.id, raw)) or VALUE_TEXTS.get(raw)
    if msg is None:
        return raw
    return tr._(msg)

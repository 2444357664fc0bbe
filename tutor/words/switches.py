"""Rule switches and presets in words: each switch's name and the words for its values, each
preset's name.

>>> from tutor.engine import preset
>>> from tutor.words.i18n import get_translator
>>> en, de = get_translator("en"), get_translator("de")
>>> switch_name("deal.target", en)
'Points needed to win a deal'
>>> switch_value_text(preset("classic").switch("phase2.duty"), en)
'follow suit, else trump'
>>> classic = preset("classic")
>>> switch_name("pack.card_points", de), switch_value_text(classic.switch("pack.ranks"), de)
('Augen (A 10 K D B 9 8 7)', 'A 10 K D B 9')
>>> preset_name("sharpened", de), preset_name("kurnik(target=61)", de)
('Verschärft', 'kurnik(target=61)')
"""

from __future__ import annotations

from babel.numbers import format_decimal

from tutor.engine import Card, Rank, RuleSet, SwitchValue
from tutor.msgid import N_, NP_
from tutor.words.i18n import Translator

SWITCH_NAMES: dict[str, str] = {
    "table.seats": N_("Players at the table"),
    "table.partners": N_("Partners sitting opposite count together"),
    "pack.copies": N_("Packs used (every card once or twice)"),
    "trick.equal_cards": N_("Which of two equal cards wins the trick"),
    "score.losers": N_("With three players, what the winner of a deal scores"),
    "pack.ranks": N_("Cards in each suit"),
    "deal.hand_size": N_("Cards in each hand"),
    # TRANSLATORS: {ranks} are the letters on the cards' corners, from the ace down.
    "pack.card_points": N_("Card points ({ranks})"),
    "deal.target": N_("Points needed to win a deal"),
    "deal.last_trick_bonus": N_("Bonus for the last trick"),
    "deal.played_out": N_("Who wins when the cards are played to the end"),
    "close.last_trick_bonus": N_("Last-trick bonus after closing"),
    "score.schneider_below": N_("Schneider limit (card points)"),
    "score.schwarz_by": N_("Schwarz"),
    "score.game_points": N_("Game points for a simple win, Schneider, Schwarz"),
    "trump.mode": N_("How the trump suit is decided"),
    "trump.naming_card": N_("The card whose holder names trumps"),
    "phase2.duty": N_("Duty once the stock is closed or used up"),
    "marriage.points": N_("Marriage in a plain suit"),
    "marriage.trump_points": N_("Marriage in trumps"),
    "marriage.needs_trick": N_("Marriage only after a won trick"),
    "marriage.credit": N_("When a marriage counts"),
    "marriage.in_phase2": N_("Marriages after the stock is closed or used up"),
    "marriage.escalating": N_("Each marriage of the deal counts more than the one before"),
    "marriage.makes_trump": N_("A marriage makes its suit trumps"),
    "exchange.rank": N_("Card exchanged for the face-up trump"),
    "exchange.needs_trick": N_("Exchange only after a won trick"),
    "exchange.timing": N_("When the exchange may be made"),
    "close.allowed": N_("Closing the stock allowed"),
    "close.penalty": N_("A failed closer's opponent scores"),
    "close.penalty_points": N_("Game points to the opponent of a failed closer"),
    "close.penalty_no_trick_points": N_("The same, if that opponent had no trick"),
    "close.no_trick_at": N_("When it counts whether the closer's opponent had a trick"),
    "close.opponent_out": N_("The closer's opponent declares 66 first"),
    "close.opponent_out_points": N_("Game points for that declaration"),
    "close.before_draw": N_("Closing before drawing, right after winning a trick"),
    "close.opponent_exchange": N_("The closer's opponent may exchange when the stock is closed"),
    "out.allowed": N_("Declaring 66 to end the deal before the last trick"),
    "out.resolution": N_("When a declaration of 66 ends the deal"),
    "out.after_marriage": N_("Declaring 66 right after a marriage"),
    "out.closer_opponent": N_("The closer's opponent may declare 66"),
    "out.needs_trick": N_("Declaring 66 only after a won trick or with a marriage"),
    "out.false_penalty": N_("A false declaration gives the opponent"),
    "out.false_points": N_("Game points to the opponent of a false declarer"),
    "out.false_no_trick_points": N_("The same, if that opponent had no trick"),
    "match.mode": N_("The match"),
    "match.target": N_("Game points to win the match"),
    "match.next_dealer": N_("Next dealer"),
}

VALUE_TEXTS: dict[str, str] = {
    "true": N_("yes"),
    "false": N_("no"),
    "follow": N_("follow suit, else trump"),
    "head": N_("head the trick, else follow suit, else trump"),
    "immediate": N_("at once"),
    "after_trick": N_("once a later trick is won"),
    "with_trick": N_("once the player has won a trick"),
    "fixed": N_("a fixed number of game points"),
    "close": N_("when the stock is closed"),
    "end": N_("at the end of the deal"),
    "game_points": N_("first to the target in game points"),
    "five_deals": N_("five deals, most card points wins"),
    "thousand": N_("first to 1000 card points"),
    "alternate": N_("the players take turns"),
    "winner": N_("the winner of the deal (after a draw, the same dealer again)"),
    "on_lead": N_("on lead, before leading"),
    "on_turn": N_("on any turn of one's own, leading or following"),
    "higher": N_("the higher score; equal scores draw"),
    "last_trick": N_("the winner of the last trick if he has the target, else the other one"),
    "only_one": N_("the one player who has the target; nobody if none or several have it"),
}
VALUE_TEXTS_BY_SWITCH: dict[tuple[str, str], str] = {
    ("trick.equal_cards", "first"): N_("the one played first"),
    ("trick.equal_cards", "last"): N_("the one played last"),
    ("score.losers", "sum"): N_("each loser pays by his own result, the winner takes the sum"),
    ("score.losers", "best"): N_("as against one opponent: by the loser who did best"),
    ("out.resolution", "immediate"): N_("at once"),
    ("out.resolution", "after_trick"): N_("when the trick being led is complete"),
    ("score.schwarz_by", "tricks"): N_("the loser took no trick"),
    ("score.schwarz_by", "points"): N_("the loser took not a single card point"),
    ("close.penalty", "scale"): N_(
        "what the opponent wins after a normal deal: 1, 2 or 3 by the closer's points and tricks"
    ),
    ("out.false_penalty", "scale"): N_("what the declarer would have won (1, 2 or 3)"),
    ("close.opponent_out", "penalty"): N_("the closer has failed: the penalty of a failed close"),
    ("close.opponent_out", "points"): N_("a fixed number of game points"),
    ("trump.mode", "face_up"): N_("the card turned face up under the stock"),
    ("trump.mode", "named"): N_(
        "named by the player who leads first, before the first lead; no card is turned up"
    ),
    ("trump.mode", "heart_ace"): N_(
        "named by the holder of the card that names trumps, no trumps before that; no card is "
        "turned up"
    ),
}

#: Each preset's name as a player calls it; the id is what one types (``--preset classic``).
PRESET_NAMES: dict[str, tuple[str, str]] = {
    "classic": NP_("rules preset", "Classic"),
    "kurnik": NP_("rules preset", "Kurnik"),
    "pagat": NP_("rules preset", "Pagat"),
    "sharpened": NP_("rules preset", "Sharpened"),
    "pack32": NP_("rules preset", "32 cards"),
    "schnapsen": NP_("rules preset", "Schnapsen"),
    "thirtysix": NP_("rules preset", "Thirty-six"),
    "named_trump": NP_("rules preset", "Named trumps"),
    "heart_ace": NP_("rules preset", "Ace of hearts"),
    "three": NP_("rules preset", "Three players"),
    "three_pack32": NP_("rules preset", "Three players, 32 cards"),
    "four": NP_("rules preset", "Four players in two teams"),
}


def preset_name(name: str, tr: Translator) -> str:
    """A preset's name in the language ("Verschärft"); a rule set that is not a preset (a
    spec such as ``kurnik(target=61)``) is named as it was written."""
    entry = PRESET_NAMES.get(name)
    return tr.p_(*entry) if entry else name


def switch_name(switch_id: str, tr: Translator) -> str:
    if switch_id == "pack.card_points":
        return tr._(SWITCH_NAMES[switch_id], ranks=" ".join(tr.rank_letter(r) for r in Rank))
    return tr._(SWITCH_NAMES[switch_id]) if switch_id in SWITCH_NAMES else switch_id


def switch_words(switch_id: str, rules: RuleSet, tr: Translator) -> tuple[str, str]:
    """A switch's name and its value under ``rules``, as a rule box says them: the card points
    for the ranks of this pack only (a pack of 24 cards has no 8 or 7).

    >>> from tutor.engine import preset
    >>> from tutor.words.i18n import get_translator
    >>> switch_words("pack.card_points", preset("classic"), get_translator("en"))
    ('Card points (A 10 K Q J 9)', '11, 10, 4, 3, 2, 0')
    """
    sw = rules.switch(switch_id)
    points = sw.value
    if switch_id == "pack.card_points" and isinstance(points, tuple) and len(points) == len(Rank):
        ranks = [r for r in Rank if r in rules.ranks]
        name = tr._(SWITCH_NAMES[switch_id], ranks=" ".join(tr.rank_letter(r) for r in ranks))
        return name, ", ".join(_number(points[r], tr) for r in ranks)
    return switch_name(switch_id, tr), switch_value_text(sw, tr)


def switch_value_text(sv: SwitchValue, tr: Translator) -> str:
    """A switch's value in words: a rank by its name, the ranks of the pack by their letters,
    numbers as the language writes them."""
    value = sv.value
    if isinstance(value, Card):
        return tr.card(value, "bare")
    if isinstance(value, Rank):
        return tr.rank(value, "bare")
    if isinstance(value, tuple):
        if all(isinstance(v, Rank) for v in value):
            return " ".join(tr.rank_letter(v) for v in value)
        return ", ".join(_number(v, tr) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value, tr)
    raw = sv.text_value
    msg = VALUE_TEXTS_BY_SWITCH.get((sv.id, raw)) or VALUE_TEXTS.get(raw)
    if msg is None:
        return raw
    return tr._(msg)


def _number(value: object, tr: Translator) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(format_decimal(value, locale=tr.lang))
    return str(value)

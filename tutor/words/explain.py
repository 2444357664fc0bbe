"""Why a move is legal or not, in words: each rule id of the engine as a translated sentence
that names its source, plus sentences for moves, tricks, outcomes and rule switches.

Data flows one way: the engine gives ``Verdict``/``Reason`` values; this module turns them into
text with a translator; the app and the CLI only display the text.
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.numbers import format_decimal, format_percent

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    RULE_SWITCH,
    SEAT_NAMES,
    SRC_000,
    SRC_001,
    SRC_002,
    SRC_003,
    SRC_004,
    SRC_PAGAT,
    Card,
    Close,
    DeclareOut,
    Duty,
    EndKind,
    Exchange,
    ExchangeTiming,
    Marriage,
    Move,
    NameTrump,
    OpponentOut,
    Outcome,
    OutResolution,
    Pass,
    Play,
    PlayedOut,
    Reason,
    RuleSet,
    SchwarzBy,
    State,
    Suit,
    Verdict,
    Wait,
    switch_ids,
)
from tutor.msgid import N_
from tutor.words.i18n import Translator
from tutor.words.switches import (
    SWITCH_NAMES,
    VALUE_TEXTS,
    VALUE_TEXTS_BY_SWITCH,
    switch_name,
    switch_value_text,
)


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for extraction (the keyword ``n_:1,2``); it is
    translated later with ``tr.n_(singular, plural, n)``."""
    return (singular, plural)


#: Each source as a reader names it: what it is, never its file name.
SOURCE_NAMES: dict[str, str] = {
    SRC_000: N_("the German article with two worked deals"),
    SRC_001: N_("the Polish rules of 66-sznap on Kurnik"),
    SRC_002: N_("a German rules page for 2 to 4 players"),
    SRC_003: N_("German notes gathered from several sources"),
    SRC_004: N_("a German rules page for the French and the German pack"),
    SRC_PAGAT: N_("pagat.com, the common English reference"),
}
#: Each source in a word or two, for a table where the full name would not fit.
SOURCE_TAGS: dict[str, str] = {
    SRC_000: N_("German article"),
    SRC_001: N_("Kurnik"),
    SRC_002: N_("German rules page, 2 to 4 players"),
    SRC_003: N_("German notes"),
    SRC_004: N_("German rules page, both packs"),
    SRC_PAGAT: N_("pagat.com"),
}

#: A rule's message: a text, or its (singular, plural) forms, counted by the number that
#: ``RULE_COUNTS`` names.
RuleMessage = str | tuple[str, str]

# The rule itself, in general terms. Where presets differ, the text follows the preset's switch.
RULE_TEXTS: dict[str, RuleMessage] = {
    "deal.over": N_("The deal is over; no more moves can be made."),
    "lead.free": N_("The player on lead may lead any card."),
    "card.in_hand": N_("A player can only play a card from their own hand."),
    "phase1.free": N_(
        "While the stock is open there is no duty to follow suit or to take the trick: "
        "any card may be played."
    ),
    "phase2.follow": N_(
        "Once the stock is closed or used up, you must follow suit; if you cannot, you must "
        "trump; only then may you play any card. There is no duty to head the trick."
    ),
    "phase2.head": N_(
        "Once the stock is closed or used up, you must head the trick: play a higher card of "
        "the suit led if you can, else a lower one of that suit, else a trump, else any card."
    ),
    "marriage.pair": N_(
        "{king} and {queen} of one suit make a marriage: {marriage} points, or {trump_marriage} "
        "in trumps. It is announced by leading one of the two and showing the other."
    ),
    "marriage.on_lead": N_("Only the player on lead can announce a marriage."),
    "marriage.card": N_("A marriage is announced by leading {king} or {queen} of the pair."),
    "marriage.needs_trick": N_("A marriage may only be announced after winning a trick."),
    "marriage.in_phase2": N_(
        "Marriages may only be announced while the stock is open, not once it is closed or used up."
    ),
    "exchange.card": N_(
        "The player holding the lowest trump may exchange it for the face-up trump card."
    ),
    "exchange.on_lead": N_("The exchange is made by the player on lead, before leading."),
    "exchange.needs_trick": N_("The trump exchange is allowed only after winning a trick."),
    "exchange.stock": N_(
        "The exchange is possible only while the stock is open and the trump card still lies "
        "face up."
    ),
    "exchange.no_card": N_(
        "Under these rules no card lies face up under the stock, so there is nothing to exchange."
    ),
    "trump.face_up": N_(
        "The suit of the card turned face up under the stock is trumps; nobody names trumps."
    ),
    "trump.named": N_("Trumps are named only while no suit is trumps."),
    "trump.name_first": N_(
        "No card is turned face up: the player who leads first names the trump suit, before "
        "anything else."
    ),
    "trump.heart_ace": N_(
        "There are no trumps until the player holding {naming_card} names a suit as trumps, on "
        "any turn of their own."
    ),
    "trump.ace_first": N_(
        "While there are no trumps, {naming_card} cannot be played: its holder names a suit first."
    ),
    "close.allowed": N_(
        "The player on lead may close the stock: from then on nobody draws, and the duties of "
        "the second phase apply."
    ),
    "close.on_lead": N_(
        "Only the player on lead may close the stock, before leading; the closer then has to "
        "reach {target}."
    ),
    "close.stock": N_("The stock can only be closed while it is open."),
    "close.before_draw": N_(
        "The winner of a trick may close the stock before drawing; both players then go on "
        "with one card fewer. Otherwise the winner draws first and may still close on lead."
    ),
    "close.opponent_exchange": N_(
        "When the stock is closed, the closer's opponent may at once exchange the lowest trump "
        "for the face-up trump card, even without a trick; then the closer leads."
    ),
    "pass.nothing": N_(
        "Passing is possible only while a choice is waiting: drawing instead of closing after "
        "a trick, or keeping the lowest trump when the opponent closes."
    ),
    "out.on_lead": N_("The player on lead may declare 66 and end the deal at once."),
    "out.after_marriage": N_(
        "66 may also be declared right after announcing a marriage; the marriage then counts "
        "at once."
    ),
    "out.closer_opponent": N_(
        "The opponent of the player who closed the stock may not declare 66."
    ),
    "out.declared": N_("66 has already been declared in this trick."),
    "out.needs_trick": N_(
        "66 may only be declared after winning a trick, or together with a marriage."
    ),
    "close.opponent_out": n_(
        "If the opponent of the player who closed the stock declares 66 first, the opponent "
        "scores {n} game point.",
        "If the opponent of the player who closed the stock declares 66 first, the opponent "
        "scores {n} game points.",
    ),
    "deal.played_out": N_(
        "If nobody declares 66 and the stock was not closed, the higher score wins the deal; "
        "equal scores are a draw."
    ),
    "score.schwarz": n_(
        "If the loser took no trick (Schwarz), the winner scores {n} game point.",
        "If the loser took no trick (Schwarz), the winner scores {n} game points.",
    ),
    "score.schneider": n_(
        "If the loser has fewer than {limit} points (Schneider), the winner scores {n} game point.",
        "If the loser has fewer than {limit} points (Schneider), the winner scores {n} game "
        "points.",
    ),
    "score.simple": n_(
        "If the loser has {limit} points or more, the winner scores {n} game point.",
        "If the loser has {limit} points or more, the winner scores {n} game points.",
    ),
    "close.penalty": N_(
        "A player who closes the stock must reach {target}; if not, the opponent scores game "
        "points."
    ),
    "out.false_penalty": N_(
        "A player who declares 66 without having it loses the deal; the opponent scores."
    ),
    "deal.last_trick_bonus": N_(
        "If the cards are played to the end, the winner of the last trick gets {bonus} more points."
    ),
}
RULE_TEXTS_ALT: dict[tuple[str, object], RuleMessage] = {
    ("close.allowed", False): N_("These rules do not allow closing the stock."),
    ("close.before_draw", False): N_(
        "Under these rules the stock is closed only by the player on lead, after drawing, not "
        "before drawing."
    ),
    ("marriage.in_phase2", True): N_(
        "Marriages may still be announced after the stock is closed or used up."
    ),
    ("score.schwarz", "points"): n_(
        "If the loser took not a single card point (Schwarz), the winner scores {n} game point.",
        "If the loser took not a single card point (Schwarz), the winner scores {n} game points.",
    ),
    ("out.on_lead", OutResolution.AFTER_TRICK): N_(
        'The player on lead may declare 66 ("Aus!"); the deal ends once the trick being led '
        "is complete."
    ),
    ("out.after_marriage", False): N_(
        "66 is not declared together with a marriage: declare before leading instead."
    ),
    ("out.closer_opponent", True): N_(
        "Even the opponent of the player who closed the stock may declare 66."
    ),
    ("deal.last_trick_bonus", 0): N_("The last trick earns nothing extra."),
    ("deal.played_out", PlayedOut.LAST_TRICK): N_(
        "If nobody declares 66 and the stock was not closed, the winner of the last trick wins "
        "the deal if he has {target}; if not, the other player wins if he has {target}; only "
        "when neither has it is the deal drawn."
    ),
    ("exchange.on_lead", ExchangeTiming.ON_TURN): N_(
        "The exchange may be made on any turn of one's own while the stock is open, before "
        "leading or before playing to the trick."
    ),
    ("close.opponent_out", OpponentOut.PENALTY): N_(
        "If the opponent of the player who closed the stock declares 66 first, the closer has "
        "failed."
    ),
    ("marriage.pair", "same"): N_(
        "{king} and {queen} of one suit make a marriage worth {marriage} points, in trumps or "
        "not. It is announced by leading one of the two and showing the other."
    ),
    ("marriage.pair", "growing"): N_(
        "{king} and {queen} of one suit make a marriage. The first marriage of the deal counts "
        "{marriage} points, in trumps or not, and each further one {marriage} more. It is "
        "announced by leading one of the two and showing the other."
    ),
    ("marriage.pair", "growing_trump"): N_(
        "{king} and {queen} of one suit make a marriage. The first marriage of the deal counts "
        "{marriage} points, in trumps or not, and each further one {marriage} more; its suit "
        "becomes trumps at once. It is announced by leading one of the two and showing the other."
    ),
    ("marriage.pair", "trump"): N_(
        "{king} and {queen} of one suit make a marriage: {marriage} points, or {trump_marriage} "
        "in trumps; its suit becomes trumps at once. It is announced by leading one of the two "
        "and showing the other."
    ),
}

#: The number that chooses the plural form of a rule's message (a key of ``rule_numbers``).
RULE_COUNTS: dict[str, str] = {
    "score.schwarz": "schwarz_gp",
    "score.schneider": "schneider_gp",
    "score.simple": "simple_gp",
    "close.opponent_out": "opponent_out_gp",
}


def _rule_statement(rule_id: str, rules: RuleSet) -> RuleMessage:
    if rule_id in ("phase2.lower", "phase2.trump", "phase2.any"):
        rule_id = "phase2.head" if rules.phase2_duty is Duty.HEAD else "phase2.follow"
    if rule_id == "out.on_lead":
        alt = RULE_TEXTS_ALT.get((rule_id, rules.out_resolution))
        if alt:
            return alt
    if rule_id == "out.after_marriage" and not rules.out_after_marriage:
        return RULE_TEXTS_ALT[(rule_id, False)]
    if rule_id == "out.closer_opponent" and rules.closer_opponent_may_declare:
        return RULE_TEXTS_ALT[(rule_id, True)]
    if rule_id == "close.allowed" and not rules.closing_allowed:
        return RULE_TEXTS_ALT[(rule_id, False)]
    if rule_id == "close.before_draw" and not (rules.close_before_draw and rules.closing_allowed):
        return RULE_TEXTS_ALT[(rule_id, False)]
    if rule_id == "marriage.in_phase2" and rules.marriage_in_phase2:
        return RULE_TEXTS_ALT[(rule_id, True)]
    if rule_id == "deal.last_trick_bonus" and not rules.last_trick_bonus:
        return RULE_TEXTS_ALT[(rule_id, 0)]
    if rule_id == "deal.played_out" and rules.played_out is PlayedOut.LAST_TRICK:
        return RULE_TEXTS_ALT[(rule_id, PlayedOut.LAST_TRICK)]
    if rule_id == "exchange.on_lead" and rules.exchange_timing is ExchangeTiming.ON_TURN:
        return RULE_TEXTS_ALT[(rule_id, ExchangeTiming.ON_TURN)]
    if rule_id == "close.opponent_out" and rules.opponent_out is OpponentOut.PENALTY:
        return RULE_TEXTS_ALT[(rule_id, OpponentOut.PENALTY)]
    if rule_id == "score.schwarz" and rules.schwarz_by is SchwarzBy.POINTS:
        return RULE_TEXTS_ALT[(rule_id, "points")]
    if rule_id == "marriage.pair":
        if rules.marriage_escalating:
            grow = "growing_trump" if rules.marriage_makes_trump else "growing"
            return RULE_TEXTS_ALT[(rule_id, grow)]
        if rules.marriage_makes_trump:
            return RULE_TEXTS_ALT[(rule_id, "trump")]
        if rules.marriage_points == rules.trump_marriage_points:
            return RULE_TEXTS_ALT[(rule_id, "same")]
    return RULE_TEXTS[rule_id]


def rule_source(rule_id: str, rules: RuleSet) -> str:
    """The source file (or "pagat") the rule follows under ``rules``."""
    if rule_id in SWITCH_NAMES:
        return rules.source_of(rule_id)
    switch = RULE_SWITCH.get(rule_id, "") or SCORE_SWITCH.get(rule_id, "")
    return rules.source_of(switch) if switch else rules.default_source


def source_name(source: str, tr: Translator) -> str:
    """A source as a reader names it ("the German article with two worked deals"), never by
    its file name; an unknown source is given as it is.

    >>> from tutor.engine import SRC_000
    >>> from tutor.words.i18n import get_translator
    >>> source_name(SRC_000, get_translator("en"))
    'the German article with two worked deals'
    """
    name = SOURCE_NAMES.get(source)
    return tr._(name) if name is not None else source


def source_tag(source: str, tr: Translator) -> str:
    """A source in a word or two, for a table ("German article", "Kurnik")."""
    tag = SOURCE_TAGS.get(source)
    return tr._(tag) if tag is not None else source


def source_label(source: str, tr: Translator) -> str:
    """A source's name with its file, for a teacher who wants to look it up."""
    name = SOURCE_NAMES.get(source)
    if name is None:
        return source
    return tr._("{name} ({source})", name=tr._(name), source=source)


def rule_numbers(rules: RuleSet) -> dict[str, object]:
    """The numbers of a rule set that rule texts may quote."""
    simple, schneider, schwarz = rules.game_points
    return {
        "target": rules.target,
        "limit": rules.schneider_below,
        "bonus": rules.last_trick_bonus,
        "marriage": rules.marriage_points,
        "trump_marriage": rules.trump_marriage_points,
        "simple_gp": simple,
        "schneider_gp": schneider,
        "schwarz_gp": schwarz,
        "opponent_out_gp": rules.opponent_out_points,
        "naming_card": rules.naming_card,
    }


#: The rule ids of scoring (an outcome's ``rule_id`` among them) and the switch that sets each.
SCORE_SWITCH: dict[str, str] = {
    "score.schwarz": "score.schwarz_by",
    "score.schneider": "score.schneider_below",
    "score.simple": "score.game_points",
    "close.penalty": "close.penalty",
    "out.false_penalty": "out.false_penalty",
    "deal.last_trick_bonus": "deal.last_trick_bonus",
    "deal.played_out": "deal.played_out",
    "close.opponent_out": "close.opponent_out",
}


def _say_rule(rule_id: str, rules: RuleSet, tr: Translator, **params: object) -> str:
    """A rule's own statement under ``rules``, with its numbers and ``params`` filled in."""
    message = _rule_statement(rule_id, rules)
    values = {**rule_numbers(rules), **params}
    if isinstance(message, tuple):
        singular, plural = message
        count = values[RULE_COUNTS[rule_id]]
        return tr.n_(singular, plural, count if isinstance(count, int) else 2, **values)
    return tr._(message, **values)


def rule_text(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """The rule in words, followed by the source it comes from. A switch id is shown as the
    switch's name and its value under ``rules``."""
    if rule_id in SWITCH_NAMES and rule_id not in RULE_TEXTS:
        return tr._(
            "{name}: {value}. Source: {source}.",
            name=switch_name(rule_id, tr),
            value=switch_value_text(rules.switch(rule_id), tr),
            source=source_name(rules.source_of(rule_id), tr),
        )
    return tr._(
        "{rule} Source: {source}.",
        rule=_say_rule(rule_id, rules, tr),
        source=source_name(rule_source(rule_id, rules), tr),
    )


def rule_line(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """A rule in words with its source: an engine rule as ``rule_text`` says it, or a rule
    switch (or the scoring rule it sets) as its name and value under ``rules``; "" for an id
    that names neither.

    >>> from tutor.engine import preset
    >>> from tutor.words.i18n import get_translator
    >>> rule_line("no.such.rule", preset("classic"), get_translator("en"))
    ''
    """
    try:
        return rule_text(rule_id, rules, tr)
    except KeyError:
        pass
    switch_id = SCORE_SWITCH.get(rule_id, rule_id)
    if switch_id not in switch_ids():
        return ""
    sw = rules.switch(switch_id)
    return tr._(
        "{name}: {value}. Source: {source}.",
        name=switch_name(sw.id, tr),
        value=switch_value_text(sw, tr),
        source=source_name(sw.source, tr),
    )


def card_list(cards: Iterable[object], tr: Translator) -> str:
    """Cards as the items of a list, each named without an article ("Kreuz-Zehn, Kreuz-König");
    anything that is not a card is left out."""
    return ", ".join(card_item(c, tr) for c in cards if isinstance(c, Card))


def card_item(card: Card, tr: Translator) -> str:
    """A card as an item of a list or a label: its name without an article."""
    return tr.card(card, "bare")


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
    return _say_rule(rid, rules, tr, **_reason_params(reason))


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


# ----------------------------------------------------------------------------- phrases


def move_phrase(move: Move, tr: Translator) -> str:
    """A move as a phrase in a sentence: "the queen of hearts", "closing the stock".

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_phrase(parse_move("Qh"), en), move_phrase(parse_move("marry Qh out"), en)
    ('the queen of hearts', 'the marriage with the queen of hearts and declaring 66')
    """
    return _move_words(move, tr)[0]


def move_item(move: Move, tr: Translator) -> str:
    """A move as an item of a list or a label, without an article: "queen of hearts",
    "closing the stock" (German "Herz-Dame", "Zudrehen").

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> de = get_translator("de")
    >>> move_item(parse_move("Qh"), de), move_item(parse_move("close"), de)
    ('Herz-Dame', 'Zudrehen')
    """
    return _move_words(move, tr)[1]


def move_label(move: Move, tr: Translator) -> str:
    """A move's short label on a button: "Marriage with the queen of hearts", "Close the stock";
    a card played is named by its corner ("Q♥", in German "D♥").

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_label(parse_move("Qh"), en), move_label(parse_move("marry Qh out"), en)
    ('Q♥', 'Marriage with the queen of hearts and 66')
    """
    return _move_words(move, tr)[2]


def choice_label(before: State, move: Move, tr: Translator) -> str:
    """A move's button label where the position gives it a plainer name: between two turns a
    pass is drawing ("Draw") or declining the exchange, and closing comes before the draw.

    >>> from tutor.engine import new_deal, play_moves, preset, PASS, CLOSE_UNDRAWN
    >>> from tutor.words.i18n import get_translator
    >>> s = new_deal(preset("pagat"), hands=("Kh Qh Jd Ac 10c 9s", "Ah Jh Kc Qc 10s 9d"),
    ...              trump_card="Ad", stock="Jc 9c As Ks Qs 10h 10d Kd Qd Js 9h")
    >>> s = play_moves(s, ["Ac", "10s"])
    >>> en = get_translator("en")
    >>> choice_label(s, PASS, en), choice_label(s, CLOSE_UNDRAWN, en)
    ('Draw', 'Close before drawing')
    """
    if before.waiting is Wait.DRAW and isinstance(move, Pass):
        return tr._("Draw")
    if before.waiting is Wait.REPLY and isinstance(move, Pass):
        return tr._("Do not exchange")
    return move_label(move, tr)


def waiting_prompt(before: State, tr: Translator) -> str:
    """What the player to move decides between two turns, said to that player; "" when no
    choice is waiting."""
    if before.waiting is Wait.DRAW:
        return tr._(
            "You won the trick. Draw from the stock, or close it before drawing: then both of "
            "you play on with one card fewer."
        )
    if before.waiting is Wait.REPLY and before.trump is not None:
        return tr._(
            "Your opponent has closed the stock. You may now exchange {card} for {trump_card}, "
            "the face-up trump card, or pass.",
            card=CARDS[before.trump * 8 + before.rules.exchange_rank],
            trump_card=before.trump_card_value,
        )
    return ""


def _move_words(move: Move, tr: Translator) -> tuple[str, str, str]:
    """A move's three forms: the phrase in a sentence, the item of a list, the button label.
    The card itself goes into each message, so that a catalog can decline it."""
    if isinstance(move, Play):
        return (tr.card(move.card), card_item(move.card, tr), tr.card_short(move.card))
    if isinstance(move, Marriage):
        if move.out:
            return (
                tr._("the marriage with {card} and declaring 66", card=move.card),
                tr.p_("move, in a list", "marriage with {card} and declaring 66", card=move.card),
                tr._("Marriage with {card} and 66", card=move.card),
            )
        return (
            tr._("the marriage with {card}", card=move.card),
            tr.p_("move, in a list", "marriage with {card}", card=move.card),
            tr._("Marriage with {card}", card=move.card),
        )
    if isinstance(move, Exchange):
        return (
            tr._("exchanging the trump"),
            tr.p_("move, in a list", "exchanging the trump"),
            tr._("Exchange the trump"),
        )
    if isinstance(move, Close) and move.before_draw:
        return (
            tr._("closing the stock before drawing"),
            tr.p_("move, in a list", "closing the stock before drawing"),
            tr._("Close before drawing"),
        )
    if isinstance(move, Close):
        return (
            tr._("closing the stock"),
            tr.p_("move, in a list", "closing the stock"),
            tr._("Close the stock"),
        )
    if isinstance(move, DeclareOut):
        return (
            tr._("declaring 66"),
            tr.p_("move, in a list", "declaring 66"),
            tr._("Declare 66"),
        )
    if isinstance(move, NameTrump):
        return (
            tr._("naming {suit} trumps", suit=move.suit),
            tr.p_("move, in a list", "naming {suit} trumps", suit=move.suit),
            tr._("Trumps: {suit}", suit=move.suit),
        )
    if isinstance(move, Pass):
        return (tr._("passing"), tr.p_("move, in a list", "passing"), tr._("Pass"))
    raise TypeError(f"not a move: {move!r}")


def sentence(text: str) -> str:
    """The text with its first letter capitalised, fit to open a sentence (a card name may).

    >>> sentence("the ace of hearts is safe.")
    'The ace of hearts is safe.'
    """
    return text[:1].upper() + text[1:]


def number(value: float, tr: Translator) -> str:
    """A number with at most two decimals, in the translator's language.

    >>> from tutor.words.i18n import get_translator
    >>> number(1234.5678, get_translator("en")), number(0.5, get_translator("de"))
    ('1,234.57', '0,5')
    """
    return str(format_decimal(round(value, 2), format="#,##0.##", locale=tr.lang))


def percent(share: float, tr: Translator, decimals: int = 0) -> str:
    """A share between 0 and 1 as a percentage with at most ``decimals`` decimals, written as
    the language writes it.

    >>> from tutor.words.i18n import get_translator
    >>> percent(0.934, get_translator("en")), percent(0.934, get_translator("de"))
    ('93%', '93\\xa0%')
    >>> percent(0.6219, get_translator("pl"), 1), percent(0.65, get_translator("en"), 1)
    ('62,2%', '65%')
    """
    share = round(share, 2 + decimals)
    return str(format_percent(share, locale=tr.lang, decimal_quantization=not decimals))


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


__all__ = [
    "RULE_COUNTS",
    "RULE_TEXTS",
    "RULE_TEXTS_ALT",
    "SCORE_SWITCH",
    "SOURCE_NAMES",
    "SOURCE_TAGS",
    "SWITCH_NAMES",
    "VALUE_TEXTS",
    "VALUE_TEXTS_BY_SWITCH",
    "card_item",
    "card_list",
    "describe_move",
    "describe_outcome",
    "describe_trick",
    "explain_verdict",
    "move_item",
    "move_label",
    "move_phrase",
    "number",
    "percent",
    "reason_text",
    "rule_line",
    "rule_numbers",
    "rule_source",
    "rule_text",
    "sentence",
    "source_label",
    "source_name",
    "source_tag",
    "specific_reason",
    "switch_name",
    "switch_value_text",
    "verdict_head",
]

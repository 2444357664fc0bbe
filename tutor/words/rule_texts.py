"""The rule catalogue: each rule id of the engine as a translated sentence, the text chosen by
the rule set's switches, with the numbers it quotes and the source it follows.

A rule is said in general terms here; what a rule means for one move is said by
``tutor.words.reasons``.
"""

from __future__ import annotations

from tutor.engine import (
    RULE_SWITCH,
    SRC_000,
    SRC_001,
    SRC_002,
    SRC_003,
    SRC_004,
    SRC_PAGAT,
    Duty,
    ExchangeTiming,
    Losers,
    OpponentOut,
    OutResolution,
    PlayedOut,
    RuleSet,
    SchwarzBy,
    SwitchValue,
    switch_ids,
)
from tutor.msgid import N_
from tutor.words.i18n import Translator
from tutor.words.switches import SWITCH_NAMES, switch_words


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
    "out.allowed": N_(
        "Under these rules nobody declares {target}: the cards are played to the last trick, "
        "and only then does each player count."
    ),
    "out.on_lead": N_("The player on lead may declare {target} and end the deal at once."),
    "out.after_marriage": N_(
        "{target} may also be declared right after announcing a marriage; the marriage then "
        "counts at once."
    ),
    "out.closer_opponent": N_(
        "The opponent of the player who closed the stock may not declare {target}."
    ),
    "out.declared": N_("{target} has already been declared in this trick."),
    "out.needs_trick": N_(
        "{target} may only be declared after winning a trick, or together with a marriage."
    ),
    "close.opponent_out": n_(
        "If the opponent of the player who closed the stock declares {target} first, the "
        "opponent scores {n} game point.",
        "If the opponent of the player who closed the stock declares {target} first, the "
        "opponent scores {n} game points.",
    ),
    "deal.played_out": N_(
        "If nobody declares {target} and the stock was not closed, the higher score wins the "
        "deal; equal scores are a draw."
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
        "A player who declares {target} without having it loses the deal; the opponent scores."
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
        'The player on lead may declare {target} ("Aus!"); the deal ends once the trick being '
        "led is complete."
    ),
    ("out.after_marriage", False): N_(
        "{target} is not declared together with a marriage: declare before leading instead."
    ),
    ("out.closer_opponent", True): N_(
        "Even the opponent of the player who closed the stock may declare {target}."
    ),
    ("out.needs_trick", False): N_("{target} may be declared on lead even before winning a trick."),
    ("marriage.needs_trick", False): N_("A marriage may be announced even before winning a trick."),
    ("deal.last_trick_bonus", 0): N_("The last trick earns nothing extra."),
    ("deal.played_out", PlayedOut.LAST_TRICK): N_(
        "If nobody declares {target} and the stock was not closed, the winner of the last trick "
        "wins the deal if he has {target}; if not, the other player wins if he has {target}; "
        "only when neither has it is the deal drawn."
    ),
    ("deal.played_out", PlayedOut.ONLY_ONE): N_(
        "If the cards are played to the end, only a single player with {target} points or more "
        "wins the deal; if two players have that many, or nobody, nobody wins."
    ),
    ("deal.played_out", "partners"): N_(
        "If nobody declares {target}, the team with the higher score wins the deal; equal "
        "scores are a draw."
    ),
    ("exchange.on_lead", ExchangeTiming.ON_TURN): N_(
        "The exchange may be made on any turn of one's own while the stock is open, before "
        "leading or before playing to the trick."
    ),
    ("close.opponent_out", OpponentOut.PENALTY): N_(
        "If the opponent of the player who closed the stock declares {target} first, the "
        "closer has failed."
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

#: What a scoring rule's "loser" and "winner" are at a table of three or four: said after the
#: rule, keyed by ``score.losers`` with three players and by ``partners`` with four.
TABLE_SCORING: dict[object, str] = {
    Losers.SUM: N_(
        "With three players each loser pays by their own result, and the winner takes the sum."
    ),
    Losers.BEST: N_("With three players the winner scores by the loser who did best."),
    "partners": N_(
        "With four players the partners count together: the loser is the losing team, the "
        "winner the winning team."
    ),
}
#: A false declaration at a table: who scores.
FALSE_OUT_AT_TABLE: dict[object, str] = {
    3: N_(
        "A player who declares {target} without having it loses the deal; each other player scores."
    ),
    "partners": N_(
        "A player who declares {target} without having it loses the deal for the team; the "
        "other team scores."
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
    if rule_id == "out.false_penalty" and rules.seats > 2:
        return FALSE_OUT_AT_TABLE["partners" if rules.partners else 3]
    if rule_id == "out.allowed" and rules.out_allowed:
        return _rule_statement("out.on_lead", rules)
    if rule_id == "out.needs_trick" and not rules.out_needs_trick:
        return RULE_TEXTS_ALT[(rule_id, False)]
    if rule_id == "marriage.needs_trick" and not rules.marriage_needs_trick:
        return RULE_TEXTS_ALT[(rule_id, False)]
    if rule_id == "deal.played_out" and rules.played_out is not PlayedOut.HIGHER:
        return RULE_TEXTS_ALT[(rule_id, rules.played_out)]
    if rule_id == "deal.played_out" and rules.partners:
        return RULE_TEXTS_ALT[(rule_id, "partners")]
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
    switch = rule_switch(rule_id)
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


def say_rule(rule_id: str, rules: RuleSet, tr: Translator, **params: object) -> str:
    """A rule's own statement under ``rules``, with its numbers and ``params`` filled in; at a
    table of three or four, a scoring rule says who its loser and winner are."""
    message = _rule_statement(rule_id, rules)
    values = {**rule_numbers(rules), **params}
    if isinstance(message, tuple):
        singular, plural = message
        count = values[RULE_COUNTS[rule_id]]
        text = tr.n_(singular, plural, count if isinstance(count, int) else 2, **values)
    else:
        text = tr._(message, **values)
    table = _table_key(rules)
    if table is not None and rule_id in ("score.schwarz", "score.schneider", "score.simple"):
        text = f"{text} {tr._(TABLE_SCORING[table])}"
    return text


def _table_key(rules: RuleSet) -> object | None:
    """None for two players; else what decides a table's scoring words: the partners of four,
    or how the losers of three pay."""
    if rules.seats == 2:
        return None
    return "partners" if rules.partners else rules.losers


def rule_text(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """The rule in words, followed by the source it comes from. A switch id is shown as the
    switch's name and its value under ``rules``."""
    if rule_id in SWITCH_NAMES and rule_id not in RULE_TEXTS:
        return _switch_line(rules.switch(rule_id), rules, tr)
    source = source_name(rule_source(rule_id, rules), tr)
    rule = say_rule(rule_id, rules, tr)
    if rules.is_reading(rule_id) or rules.is_reading(rule_switch(rule_id)):
        return tr._(
            "{rule} Source: {source} (the tutor's reading).",
            rule=rule,
            source=source,
        )
    return tr._("{rule} Source: {source}.", rule=rule, source=source)


def rule_switch(rule_id: str) -> str:
    """The switch a rule id follows: itself for a switch id, else the switch that sets the
    engine rule or the scoring rule; "" for a rule every source shares."""
    if rule_id in SWITCH_NAMES:
        return rule_id
    return RULE_SWITCH.get(rule_id, "") or SCORE_SWITCH.get(rule_id, "")


def _switch_line(sw: SwitchValue, rules: RuleSet, tr: Translator) -> str:
    """A switch as its name and value under ``rules``, with its source, or the mark that the
    value is this tutor's reading of a source that does not settle it."""
    name, value = switch_words(sw.id, rules, tr)
    source = source_name(sw.source, tr)
    if rules.is_reading(sw.id):
        return tr._(
            "{name}: {value}. Source: {source} (the tutor's reading).",
            name=name,
            value=value,
            source=source,
        )
    return tr._("{name}: {value}. Source: {source}.", name=name, value=value, source=source)


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
    return _switch_line(rules.switch(switch_id), rules, tr)


__all__ = [
    "FALSE_OUT_AT_TABLE",
    "RULE_COUNTS",
    "RULE_TEXTS",
    "RULE_TEXTS_ALT",
    "SCORE_SWITCH",
    "SOURCE_NAMES",
    "SOURCE_TAGS",
    "TABLE_SCORING",
    "RuleMessage",
    "n_",
    "rule_line",
    "rule_numbers",
    "rule_source",
    "rule_switch",
    "rule_text",
    "say_rule",
    "source_label",
    "source_name",
    "source_tag",
]

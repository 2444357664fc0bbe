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
    Marriage,
    Move,
    Outcome,
    OutResolution,
    Play,
    Reason,
    RuleSet,
    SchwarzBy,
    State,
    Verdict,
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

SOURCE_NAMES: dict[str, str] = {
    SRC_000: N_("German article with two worked deals"),
    SRC_001: N_("Kurnik 66-sznap rules (Polish)"),
    SRC_002: N_("German rules page, 2 to 4 players"),
    SRC_003: N_("German notes from several sources"),
    SRC_004: N_("German rules page, French and German packs"),
    SRC_PAGAT: N_("pagat.com, the common English reference"),
}

# The rule itself, in general terms. Where presets differ, the text follows the preset's switch.
RULE_TEXTS: dict[str, str] = {
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
        "King and queen of one suit make a marriage: {marriage} points, or {trump_marriage} in "
        "trumps. It is "
        "announced by leading one of the two and showing the other."
    ),
    "marriage.on_lead": N_("Only the player on lead can announce a marriage."),
    "marriage.card": N_("A marriage is announced by leading its king or its queen."),
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
    "close.allowed": N_(
        "The player on lead may close the stock: no more cards are drawn and the strict "
        "duties apply."
    ),
    "close.on_lead": N_(
        "Only the player on lead may close the stock, before leading; the closer then has to "
        "reach {target}."
    ),
    "close.stock": N_("The stock can only be closed while it is open."),
    "out.on_lead": N_("The player on lead may declare 66 and end the deal at once."),
    "out.after_marriage": N_(
        "66 may also be declared right after announcing a marriage; the marriage then counts "
        "at once."
    ),
    "out.closer_opponent": N_(
        "The opponent of the player who closed the stock may not declare 66."
    ),
    "out.declared": N_("66 has already been declared in this trick."),
    "score.schwarz": N_(
        "A loser who took no trick is Schwarz: the winner scores {schwarz_gp} game points."
    ),
    "score.schneider": N_(
        "A loser with fewer than {limit} points is Schneider: the winner scores {schneider_gp} "
        "game points."
    ),
    "score.simple": N_(
        "A loser with {limit} points or more gives the winner {simple_gp} game point(s)."
    ),
    "close.penalty": N_(
        "A player who closes the stock must reach {target}; if not, the opponent scores game "
        "points."
    ),
    "out.false_penalty": N_(
        "A player who declares 66 without having it loses the deal; the opponent scores."
    ),
    "deal.last_trick_bonus": N_(
        "If nobody declares 66, the winner of the last trick gets {bonus} more points and the "
        "higher score wins the deal."
    ),
}
RULE_TEXTS_ALT: dict[tuple[str, object], str] = {
    ("close.allowed", False): N_("These rules do not allow closing the stock."),
    ("marriage.in_phase2", True): N_(
        "Marriages may still be announced after the stock is closed or used up."
    ),
    ("score.schwarz", "points"): N_(
        "A loser without a single card point is Schwarz: the winner scores {schwarz_gp} game "
        "points."
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
    ("deal.last_trick_bonus", 0): N_(
        "If nobody declares 66, the last trick earns nothing extra and the higher score wins "
        "the deal."
    ),
}


def _rule_statement(rule_id: str, rules: RuleSet) -> str:
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
    if rule_id == "marriage.in_phase2" and rules.marriage_in_phase2:
        return RULE_TEXTS_ALT[(rule_id, True)]
    if rule_id == "deal.last_trick_bonus" and not rules.last_trick_bonus:
        return RULE_TEXTS_ALT[(rule_id, 0)]
    if rule_id == "score.schwarz" and rules.schwarz_by is SchwarzBy.POINTS:
        return RULE_TEXTS_ALT[(rule_id, "points")]
    return RULE_TEXTS[rule_id]


def rule_source(rule_id: str, rules: RuleSet) -> str:
    """The source file (or "pagat") the rule follows under ``rules``."""
    if rule_id in SWITCH_NAMES:
        return rules.source_of(rule_id)
    switch = RULE_SWITCH.get(rule_id, "") or SCORE_SWITCH.get(rule_id, "")
    return rules.source_of(switch) if switch else rules.default_source


def source_label(source: str, tr: Translator) -> str:
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
    }


#: The rule ids of scoring (an outcome's ``rule_id`` among them) and the switch that sets each.
SCORE_SWITCH: dict[str, str] = {
    "score.schwarz": "score.schwarz_by",
    "score.schneider": "score.schneider_below",
    "score.simple": "score.game_points",
    "close.penalty": "close.penalty",
    "out.false_penalty": "out.false_penalty",
    "deal.last_trick_bonus": "deal.last_trick_bonus",
}


def rule_text(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """The rule in words, followed by the source it comes from. A switch id is shown as the
    switch's name and its value under ``rules``."""
    if rule_id in SWITCH_NAMES and rule_id not in RULE_TEXTS:
        return tr._(
            "{name}: {value}. Source: {source}.",
            name=switch_name(rule_id, tr),
            value=switch_value_text(rules.switch(rule_id), tr),
            source=source_label(rules.source_of(rule_id), tr),
        )
    return tr._(
        "{rule} Source: {source}.",
        rule=tr._(_rule_statement(rule_id, rules), **rule_numbers(rules)),
        source=source_label(rule_source(rule_id, rules), tr),
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
        source=source_label(sw.source, tr),
    )


def _cards(cards: object, tr: Translator) -> str:
    if isinstance(cards, Iterable):
        return ", ".join(tr.card(c) for c in cards if isinstance(c, Card))
    return ""


def reason_text(reason: Reason, legal: bool, tr: Translator, rules: RuleSet) -> str:
    """What the rule means for this move, in one sentence (without the source): a sentence
    about this very move where there is one, else the rule's own statement."""
    specific = _specific_reason(reason, legal, tr)
    if specific:
        return specific
    rid = reason.rule_id
    if rid not in RULE_TEXTS:
        return rid
    text = _rule_statement(rid, rules)
    return tr._(text, **{**rule_numbers(rules), **_reason_params(reason)})


def _reason_params(reason: Reason) -> dict[str, object]:
    """A reason's facts, with its players (indices in the engine) by name."""
    p = dict(reason.params)
    for key in ("player", "closer"):
        who = p.get(key)
        if isinstance(who, int):
            p[key] = PLAYER_NAMES[who]
    return p


def _specific_reason(reason: Reason, legal: bool, tr: Translator) -> str:
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
        better = p.get("better")
        return tr.n_(
            "{player} must head {led_card}: play {options}.",
            "{player} must head {led_card}: play one of {options}.",
            len(better) if isinstance(better, tuple) else 2,
            player=player,
            led_card=p.get("led"),
            options=_cards(better, tr),
        )
    if rid in ("phase2.lower", "phase2.follow") and not legal:
        return tr._(
            "{player} must follow suit with one of {options}.",
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
            "{player} has no card of the suit led and must trump with one of {options}.",
            player=player,
            options=_cards(p.get("options"), tr),
        )
    if rid == "phase2.any":
        return tr._(
            "{player} has neither the suit led nor a trump, so any card may be played.",
            player=player,
        )
    if rid == "marriage.pair" and not legal:
        return tr._("{player} does not hold both king and queen of that suit.", player=player)
    if rid == "marriage.pair":
        return tr._(
            "{player} holds king and queen of the same suit: a marriage worth {points}.",
            player=player,
            points=p.get("points", 20),
        )
    if rid == "out.on_lead" and legal:
        return tr._(
            "{player} declares with {score} points counted.",
            player=player,
            score=p.get("score", 0),
        )
    return ""


def explain_verdict(verdict: Verdict, rules: RuleSet, tr: Translator) -> str:
    """Legal or not, why, and which rule with its source."""
    head = (
        tr._("{move} is legal.", move=move_phrase(verdict.move, tr, action=True))
        if verdict.legal
        else tr._("{move} is not allowed.", move=move_phrase(verdict.move, tr, action=True))
    )
    parts = [head]
    for reason in verdict.reasons:
        specific = _specific_reason(reason, verdict.legal, tr)
        if specific:
            parts.append(specific)
        parts.append(rule_text(reason.rule_id, rules, tr))
    return " ".join(parts)


# ----------------------------------------------------------------------------- phrases


def move_phrase(move: Move, tr: Translator, *, action: bool = False) -> str:
    """A move as a phrase: "the queen of hearts", "closing the stock"; with ``action``, as the
    act that opens a sentence about it: "Playing the queen of hearts", "Closing the stock".

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_phrase(parse_move("Qh"), en), move_phrase(parse_move("Qh"), en, action=True)
    ('the queen of hearts', 'Playing the queen of hearts')
    >>> move_phrase(parse_move("marry Qh out"), en)
    'the marriage with the queen of hearts and declaring 66'
    """
    return _move_words(move, tr)[1 if action else 0]


def move_label(move: Move, tr: Translator) -> str:
    """A move's short label on a button: "Marriage with the queen of hearts", "Close the stock";
    a card played is named by its notation.

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_label(parse_move("Qh"), en), move_label(parse_move("marry Qh out"), en)
    ('Qh', 'Marriage with the queen of hearts and 66')
    """
    return _move_words(move, tr)[2]


def _move_words(move: Move, tr: Translator) -> tuple[str, str, str]:
    """A move's three forms: the phrase, the act opening a sentence, the button label. The
    card itself goes into each message, so that a catalog can decline it."""
    if isinstance(move, Play):
        return (tr.card(move.card), tr._("Playing {card}", card=move.card), str(move))
    if isinstance(move, Marriage):
        if move.out:
            return (
                tr._("the marriage with {card} and declaring 66", card=move.card),
                tr._("Announcing a marriage with {card} and declaring 66", card=move.card),
                tr._("Marriage with {card} and 66", card=move.card),
            )
        return (
            tr._("the marriage with {card}", card=move.card),
            tr._("Announcing a marriage with {card}", card=move.card),
            tr._("Marriage with {card}", card=move.card),
        )
    if isinstance(move, Exchange):
        return (
            tr._("exchanging the trump"),
            tr._("Exchanging the trump"),
            tr._("Exchange the trump"),
        )
    if isinstance(move, Close):
        return (tr._("closing the stock"), tr._("Closing the stock"), tr._("Close the stock"))
    if isinstance(move, DeclareOut):
        return (tr._("declaring 66"), tr._("Declaring 66"), tr._("Declare 66"))
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


def percent(share: float, tr: Translator) -> str:
    """A share between 0 and 1 as a whole percentage, written as the language writes it.

    >>> from tutor.words.i18n import get_translator
    >>> percent(0.934, get_translator("en")), percent(0.934, get_translator("de"))
    ('93%', '93\\xa0%')
    """
    return str(format_percent(round(share, 2), locale=tr.lang))


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
        trump = move.suit == before.trump
        points = rules.trump_marriage_points if trump else rules.marriage_points
        text = tr._(
            "{player} announces a marriage worth {points} and leads {card}.",
            player=player,
            points=points,
            card=move.card,
        )
        if move.out:
            text += " " + tr._("{player} declares 66 at once.", player=player)
        return text
    if isinstance(move, Exchange):
        ex = CARDS[before.trump * 8 + rules.exchange_rank]
        return tr._(
            "{player} exchanges {card} for {trump_card}, the face-up trump card.",
            player=player,
            card=ex,
            trump_card=before.trump_card_value,
        )
    if isinstance(move, Close):
        return tr._("{player} closes the stock.", player=player)
    if isinstance(move, DeclareOut):
        if rules.out_resolution is OutResolution.AFTER_TRICK:
            return tr._(
                "{player} declares 66; the deal ends when this trick is complete.",
                player=player,
            )
        return tr._("{player} declares 66.", player=player)
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
    }.get(outcome.rule_id, "")
    kind = {
        EndKind.OUT: tr._("{player} declared 66 correctly.", player=player),
        EndKind.CLOSER_MADE: tr._(
            "{player} closed the stock and made {target}.", player=player, target=rules.target
        ),
        EndKind.LAST_TRICK: tr._("All cards are played; the higher score wins."),
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
    "RULE_TEXTS",
    "RULE_TEXTS_ALT",
    "SCORE_SWITCH",
    "SOURCE_NAMES",
    "SWITCH_NAMES",
    "VALUE_TEXTS",
    "VALUE_TEXTS_BY_SWITCH",
    "describe_move",
    "describe_outcome",
    "describe_trick",
    "explain_verdict",
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
    "switch_name",
    "switch_value_text",
]

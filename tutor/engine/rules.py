"""Rule sets: every number and switch of a variant of 66, as data, with the source of each.

A ``RuleSet`` is a frozen value. Each field is a *switch* with a dotted id (``Switch.id``) and,
per preset, the source it comes from: a seed file name (``000_d036f4009e89b883.txt`` ...) or
``pagat`` for the common English reference. Nothing about a variant is written into the engine;
the engine only reads these fields.

This module holds the switches (the ``RuleSet`` schema, its enums and derived values) and the
errors of a switch's value; the presets are in ``tutor.engine.presets``, the checks that the
switches agree and that the engine for the seat count plays them in
``tutor.engine.rules_check``, and the reading of a spec such as ``kurnik(target=61)`` in
``tutor.engine.rulespec``.

>>> RuleSet(name="short", ranks=(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)).pack_size
20
>>> RuleSet(name="r", ranks=(Rank.ACE,)).switch("deal.target").value
66
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from tutor.engine.cards import STANDARD_POINTS, Card, Rank, Suit
from tutor.msgid import N_

#: The card whose holder names trumps in the second deviation of 000 (``trump.naming_card``).
ACE_OF_HEARTS = Card.of(Rank.ACE, Suit.HEARTS)

SRC_000 = "000_d036f4009e89b883.txt"
SRC_001 = "001_a572ca60a45a7f6f.txt"
SRC_002 = "002_bdbd32a8ee717056.txt"
SRC_003 = "003_f81557c22b4f2ece.txt"
SRC_004 = "004_2408869b3ab485ef.txt"
SRC_PAGAT = "pagat"
SOURCES = (SRC_000, SRC_001, SRC_002, SRC_003, SRC_004, SRC_PAGAT)


E_UNKNOWN_PRESET = N_("unknown rules preset '{name}'; valid presets: {valid}")
E_UNKNOWN_SWITCH = N_("unknown rule switch '{name}'; valid switches: {valid}")


class UnknownPresetError(ValueError):
    """An unknown preset name or switch; the message lists what is valid."""

    def __init__(self, name: str, valid: tuple[str, ...], what: str = "rules preset") -> None:
        self.name = _clip(name)
        self.valid = valid
        self.what = what
        super().__init__(f"unknown {what} {self.name!r}; valid: {', '.join(valid)}")

    @property
    def message(self) -> tuple[str, dict[str, Any]]:
        """The message to translate and its placeholders (an unknown switch, or else an unknown
        preset)."""
        template = E_UNKNOWN_SWITCH if self.what == "rule switch" else E_UNKNOWN_PRESET
        return template, {"name": self.name, "valid": ", ".join(self.valid)}


E_SWITCH_VALUE = N_("the rule switch '{name}' cannot be '{value}'; valid values: {valid}")
E_SWITCH_NUMBER = N_("the rule switch '{name}' needs a whole number, not '{value}'")
E_SWITCH_RANGE = N_(
    "the rule switch '{name}' must be a whole number from {low} to {high}, not '{value}'"
)
E_SWITCH_FIXED = N_(
    "the rule switch '{name}' cannot be changed in a rules spec; it comes with the preset"
)
E_SWITCH_HANDS = N_(
    "the rule switch '{name}' cannot be {value}: the pack has {size} cards, enough for hands of "
    "at most {high} cards beside the stock and the face-up trump card"
)
E_SWITCH_TARGET = N_(
    "the rule switch '{name}' cannot be {value}: under these rules a player can count at most "
    "{high} points in a deal"
)
E_SWITCH_SCHNEIDER = N_(
    "the rule switch '{name}' cannot be {value}: it must not be above the target of {high} points"
)
E_SWITCH_PACK = N_(
    "the rule switch '{name}' cannot be '{value}': the pack has no such rank; valid values: {valid}"
)
E_SWITCH_CLASH = N_(
    "the rule switch '{name}' cannot be '{value}' while the rule switch '{other}' is "
    "'{other_value}'"
)
E_SWITCH_CARD = N_("the rule switch '{name}' needs a card such as Ah, not '{value}'")

_CLIP = 40  # a value quoted in a message is cut to this many characters


def _clip(text: str) -> str:
    return text if len(text) <= _CLIP else text[: _CLIP - 1] + "…"


class SwitchValueError(ValueError):
    """A rule switch given a value it cannot take, alone or together with the other switches.

    ``valid`` lists the values it can take (empty when it takes a whole number); ``low`` and
    ``high`` bound a whole number; ``template`` (a msgid) and ``params`` say what is wrong when
    the value clashes with the rest of the rule set. ``message`` gives the msgid and its
    placeholders for a translator; readers of files add the file, line and field.
    """

    def __init__(
        self,
        switch_id: str,
        value: str,
        valid: tuple[str, ...] = (),
        *,
        low: int | None = None,
        high: int | None = None,
        template: str = "",
        **params: object,
    ) -> None:
        self.switch_id = switch_id
        self.value = _clip(value)
        self.valid = valid
        self.low = low
        self.high = high
        self.template = template
        self.params = params
        template, values = self.message
        super().__init__(template.format(**values))

    @property
    def message(self) -> tuple[str, dict[str, Any]]:
        """The message to translate and its placeholders."""
        if self.template:
            template = self.template
        elif self.valid:
            template = E_SWITCH_VALUE
        elif self.low is not None and self.high is not None:
            template = E_SWITCH_RANGE
        else:
            template = E_SWITCH_NUMBER
        values: dict[str, Any] = {
            "name": self.switch_id,
            "value": self.value,
            "valid": ", ".join(self.valid),
            "low": self.low,
            "high": self.high,
            **self.params,
        }
        return template, {k: v for k, v in values.items() if "{" + k + "}" in template}


class Duty(Enum):
    """What the follower must do once the stock is closed or exhausted."""

    FOLLOW = "follow"  # follow suit, else trump, else any card
    HEAD = "head"  # head the trick in the led suit, else follow lower, else trump, else any


class Credit(Enum):
    """When the points of an announced marriage count."""

    IMMEDIATE = "immediate"
    AFTER_TRICK = "after_trick"  # once the player wins a trick after announcing (001)
    WITH_TRICK = "with_trick"  # at once if the player has won a trick, else with the first one


class OutResolution(Enum):
    """When a declaration of 66 ("Aus!") ends the deal."""

    IMMEDIATE = "immediate"  # at once, counting the points held at that moment
    AFTER_TRICK = "after_trick"  # once the trick being led is completed


class Penalty(Enum):
    """How many game points the opponent gets for a failed closer or a false declaration."""

    FIXED = "fixed"  # a fixed number, more when the receiver had no trick
    # The 1/2/3 scale of a normal deal. For a failed close it is graded on the closer: the
    # opponent wins as after a normal deal. For a false declaration it is graded on the receiver:
    # what the declarer would have won had the declaration been right (002).
    SCALE = "scale"


class NoTrickAt(Enum):
    """When the receiver's "no trick yet" is judged for a penalty."""

    CLOSE = "close"
    END = "end"


class SchwarzBy(Enum):
    """What makes a loser "Schwarz" (3 game points)."""

    TRICKS = "tricks"  # took no trick
    POINTS = "points"  # has no card points


class ExchangeTiming(Enum):
    """When a player may exchange the lowest trump for the face-up trump card."""

    ON_LEAD = "on_lead"  # on lead, before leading
    ON_TURN = "on_turn"  # on any turn of one's own while the stock is open, leading or following


class OpponentOut(Enum):
    """What the closer's opponent scores by declaring 66 first."""

    PENALTY = "penalty"  # the closer has failed: the penalty of a failed close
    POINTS = "points"  # a fixed number of game points (``close.opponent_out_points``)


class PlayedOut(Enum):
    """Who wins a deal played to the last card with nobody declaring 66 (the stock not closed)."""

    HIGHER = "higher"  # the higher score, with the last trick's bonus; equal scores draw
    LAST_TRICK = "last_trick"  # the winner of the last trick if he has the target, else the other
    # if he has it; a draw only when neither has it
    ONLY_ONE = "only_one"  # three players: the one player who has the target; nobody if none or
    # several have it


class TrumpMode(Enum):
    """How the trump suit is decided."""

    FACE_UP = "face_up"  # the card under the stock, turned face up at the deal
    NAMED = "named"  # no card is turned; the first leader names trumps before the first lead
    HEART_ACE = "heart_ace"  # no trumps until the holder of the ace of hearts names a suit


class EqualCards(Enum):
    """Which of two equal cards wins a trick, where the pack holds every card twice."""

    FIRST = "first"  # the one played first (as in Gaigel and Doppelkopf)
    LAST = "last"  # the one played last


class Losers(Enum):
    """With three players each for himself: what the winner of a deal scores."""

    SUM = "sum"  # each loser pays by his own grade (1, 2 or 3), the winner takes the sum
    BEST = "best"  # the grade of the loser who did best, as in the two-player game


class MatchMode(Enum):
    GAME_POINTS = "game_points"  # first to `match_target` game points
    FIVE_DEALS = "five_deals"  # five deals, most card points wins
    THOUSAND = "thousand"  # first to 1000 card points


class NextDealer(Enum):
    ALTERNATE = "alternate"
    WINNER = "winner"  # the winner of a deal deals the next; after a draw the same dealer


def _sw(
    switch_id: str,
    default: Any = dataclasses.MISSING,
    low: int | None = None,
    high: int | None = None,
) -> Any:
    """A switch: its id and, for a whole number, the range it may take (``low`` to ``high``);
    ``RuleSet.check`` adds what the other switches allow."""
    metadata: dict[str, Any] = {"id": switch_id}
    if low is not None and high is not None:
        metadata["range"] = (low, high)
    if default is dataclasses.MISSING:
        return field(metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class RuleSet:
    """All the numbers and switches of one variant of two-player 66."""

    name: str = field(metadata={"id": ""})
    # The pack and the deal
    ranks: tuple[Rank, ...] = _sw("pack.ranks")
    # The table: players, partners, and the pack once or twice
    seats: int = _sw("table.seats", 2, 2, 4)
    partners: bool = _sw("table.partners", False)  # four players, opposite seats as a team
    copies: int = _sw("pack.copies", 1, 1, 2)  # every card once, or twice (two packs)
    equal_cards: EqualCards = _sw("trick.equal_cards", EqualCards.FIRST)
    losers: Losers = _sw("score.losers", Losers.SUM)  # three players each for himself
    hand_size: int = _sw("deal.hand_size", 6, 1, 15)
    card_points: tuple[int, ...] = _sw("pack.card_points", tuple(STANDARD_POINTS[r] for r in Rank))
    trump_mode: TrumpMode = _sw("trump.mode", TrumpMode.FACE_UP)
    # under trump.mode=heart_ace: its holder names trumps, and it is not played before
    naming_card: Card = _sw("trump.naming_card", ACE_OF_HEARTS)
    # Winning a deal
    target: int = _sw("deal.target", 66, 1, 999)
    last_trick_bonus: int = _sw("deal.last_trick_bonus", 10, 0, 99)
    played_out: PlayedOut = _sw("deal.played_out", PlayedOut.HIGHER)
    bonus_when_closed: bool = _sw("close.last_trick_bonus", False)
    schneider_below: int = _sw("score.schneider_below", 33, 0, 999)
    schwarz_by: SchwarzBy = _sw("score.schwarz_by", SchwarzBy.TRICKS)
    game_points: tuple[int, int, int] = _sw("score.game_points", (1, 2, 3))
    # Playing
    phase2_duty: Duty = _sw("phase2.duty", Duty.HEAD)
    # Marriages
    marriage_points: int = _sw("marriage.points", 20, 0, 99)
    trump_marriage_points: int = _sw("marriage.trump_points", 40, 0, 99)
    marriage_needs_trick: bool = _sw("marriage.needs_trick", False)
    marriage_credit: Credit = _sw("marriage.credit", Credit.AFTER_TRICK)
    marriage_in_phase2: bool = _sw("marriage.in_phase2", False)
    # The n-th marriage of the deal (both players counted) is worth n times `marriage.points`
    marriage_escalating: bool = _sw("marriage.escalating", False)
    marriage_makes_trump: bool = _sw("marriage.makes_trump", False)  # its suit becomes trumps
    # Exchanging the lowest trump for the face-up trump card
    exchange_rank: Rank = _sw("exchange.rank", Rank.NINE)
    exchange_needs_trick: bool = _sw("exchange.needs_trick", True)
    exchange_timing: ExchangeTiming = _sw("exchange.timing", ExchangeTiming.ON_LEAD)
    # Closing the stock
    closing_allowed: bool = _sw("close.allowed", True)
    closer_penalty: Penalty = _sw("close.penalty", Penalty.FIXED)
    closer_penalty_points: int = _sw("close.penalty_points", 2, 0, 9)
    closer_penalty_no_trick_points: int = _sw("close.penalty_no_trick_points", 3, 0, 9)
    closer_no_trick_at: NoTrickAt = _sw("close.no_trick_at", NoTrickAt.CLOSE)
    opponent_out: OpponentOut = _sw("close.opponent_out", OpponentOut.PENALTY)
    opponent_out_points: int = _sw("close.opponent_out_points", 2, 0, 9)
    # the winner of a trick may close before drawing from the stock, not only after
    close_before_draw: bool = _sw("close.before_draw", False)
    # at the moment of closing, the closer's opponent may exchange the lowest trump
    close_opponent_exchange: bool = _sw("close.opponent_exchange", False)
    # Declaring 66 ("Aus!", "66"); where it is not allowed, the cards are played to the end
    out_allowed: bool = _sw("out.allowed", True)
    out_resolution: OutResolution = _sw("out.resolution", OutResolution.IMMEDIATE)
    out_after_marriage: bool = _sw("out.after_marriage", True)
    closer_opponent_may_declare: bool = _sw("out.closer_opponent", False)
    out_needs_trick: bool = _sw("out.needs_trick", False)
    false_out: Penalty = _sw("out.false_penalty", Penalty.FIXED)
    false_out_points: int = _sw("out.false_points", 2, 0, 9)
    false_out_no_trick_points: int = _sw("out.false_no_trick_points", 3, 0, 9)
    # The match
    match_mode: MatchMode = _sw("match.mode", MatchMode.GAME_POINTS)
    match_target: int = _sw("match.target", 7, 1, 99)
    next_dealer: NextDealer = _sw("match.next_dealer", NextDealer.ALTERNATE)
    # Where each switch comes from: switch id -> source. Switches not listed take `default_source`.
    sources: tuple[tuple[str, str], ...] = field(default=(), metadata={"id": ""}, compare=False)
    default_source: str = field(default=SRC_000, metadata={"id": ""}, compare=False)
    notes: tuple[tuple[str, str], ...] = field(default=(), metadata={"id": ""}, compare=False)
    # Switches (or engine rule ids) whose value is this tutor's reading where the source is
    # silent or ambiguous; the note of the switch (for a rule id, of the switch it follows, as
    # ``legality.RULE_SWITCH`` names it) gives the reading's grounds.
    readings: tuple[str, ...] = field(default=(), metadata={"id": ""}, compare=False)

    # ----- derived values, computed once -----
    def __post_init__(self) -> None:
        pack = 0
        for rank in self.ranks:
            for suit in range(4):
                pack |= 1 << (suit * 8 + rank)
        object.__setattr__(self, "_pack_mask", pack)
        object.__setattr__(
            self, "_points_by_index", tuple(self.card_points[i % 8] for i in range(32))
        )

    @property
    def pack_mask(self) -> int:
        """The pack as a bit set of card indices."""
        return self._pack_mask  # type: ignore[attr-defined, no-any-return]

    @property
    def points_by_index(self) -> tuple[int, ...]:
        """Card points by card index (0..31)."""
        return self._points_by_index  # type: ignore[attr-defined, no-any-return]

    @property
    def pack_size(self) -> int:
        """Cards in the pack: every card once, or twice where two packs are used."""
        return 4 * len(self.ranks) * self.copies

    @property
    def total_card_points(self) -> int:
        return 4 * sum(self.card_points[r] for r in self.ranks) * self.copies

    @property
    def sides(self) -> int:
        """The parties that win or lose a deal: the players, or two teams of partners."""
        return 2 if self.partners else self.seats

    def last_trick_points(self, closed: bool) -> int:
        """The bonus for the deal's last trick; after closing only where the rules give it."""
        return self.last_trick_bonus if not closed or self.bonus_when_closed else 0

    def marriage_value(self, suit: int, trump: int | None, married: int = 0) -> int:
        """The points a marriage in ``suit`` announces when ``trump`` is trump (``None``: no
        trump named yet) and ``married`` marriages have been announced before it in the deal."""
        if self.marriage_escalating:
            return self.marriage_points * (married + 1)
        return self.trump_marriage_points if suit == trump else self.marriage_points

    @property
    def face_up(self) -> bool:
        """A card is turned face up under the stock and decides trumps."""
        return self.trump_mode is TrumpMode.FACE_UP

    def points(self, rank: Rank) -> int:
        return self.card_points[rank]

    def switch(self, switch_id: str) -> SwitchValue:
        for s in self.switches():
            if s.id == switch_id:
                return s
        raise UnknownPresetError(switch_id, tuple(s.id for s in self.switches()), "rule switch")

    def switches(self) -> tuple[SwitchValue, ...]:
        src = dict(self.sources)
        note = dict(self.notes)
        out = []
        for f in dataclasses.fields(self):
            sid = f.metadata.get("id")
            if sid:
                out.append(
                    SwitchValue(
                        id=sid,
                        field=f.name,
                        value=getattr(self, f.name),
                        source=src.get(sid, self.default_source),
                        note=note.get(sid, ""),
                    )
                )
        return tuple(out)

    def source_of(self, switch_id: str) -> str:
        return dict(self.sources).get(switch_id, self.default_source)

    def is_reading(self, switch_id: str) -> bool:
        """The switch's value (or how the engine plays the rule id) is this tutor's reading:
        its source does not settle it, and the switch's note says why it was chosen."""
        return switch_id in self.readings

    def with_changes(self, **changes: Any) -> RuleSet:
        """A copy with some switches changed (by field name), e.g. for a what-if; checked as
        ``check`` says."""
        return dataclasses.replace(self, **changes).check()

    @property
    def reachable(self) -> int:
        """The most points one player can count in a deal: every card, the last trick's bonus
        and all four marriages."""
        if self.marriage_escalating:
            marriages = self.marriage_points * (1 + 2 + 3 + 4)
        else:
            marriages = 3 * self.marriage_points + self.trump_marriage_points
        return self.total_card_points + self.last_trick_bonus + marriages

    def check(self) -> RuleSet:
        """This rule set, if every whole-number switch lies in its range, the engine for its
        seat count plays every switch as set, and the switches agree with each other; otherwise
        ``SwitchValueError`` names the switch, its value and what it may be (see
        ``tutor.engine.rules_check``)."""
        from tutor.engine.rules_check import check_rules  # the checks read the schema above

        check_rules(self)
        return self


#: Switches that matter only for some values of another switch: the switch id, then the field
#: of the switch it depends on and the values under which it is read. A switch that does not
#: apply keeps its value but changes nothing (for example the fixed penalty points under the
#: 1-2-3 scale); the rules reference says so rather than cite a source for it.
DEPENDS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "close.penalty_points": ("closer_penalty", (Penalty.FIXED,)),
    "close.penalty_no_trick_points": ("closer_penalty", (Penalty.FIXED,)),
    "close.no_trick_at": ("closer_penalty", (Penalty.FIXED,)),
    "close.last_trick_bonus": ("closing_allowed", (True,)),
    "close.opponent_out": ("closer_opponent_may_declare", (True,)),
    "close.opponent_out_points": ("opponent_out", (OpponentOut.POINTS,)),
    "close.before_draw": ("closing_allowed", (True,)),
    "close.opponent_exchange": ("trump_mode", (TrumpMode.FACE_UP,)),
    "out.false_points": ("false_out", (Penalty.FIXED,)),
    "out.false_no_trick_points": ("false_out", (Penalty.FIXED,)),
    "match.target": ("match_mode", (MatchMode.GAME_POINTS,)),
    "trump.naming_card": ("trump_mode", (TrumpMode.HEART_ACE,)),
    "exchange.rank": ("trump_mode", (TrumpMode.FACE_UP,)),
    "exchange.needs_trick": ("trump_mode", (TrumpMode.FACE_UP,)),
    "exchange.timing": ("trump_mode", (TrumpMode.FACE_UP,)),
    "marriage.trump_points": ("marriage_escalating", (False,)),
    "table.partners": ("seats", (4,)),
    "close.penalty": ("closing_allowed", (True,)),
    "out.closer_opponent": ("closing_allowed", (True,)),
    "trick.equal_cards": ("copies", (2,)),
    "score.losers": ("seats", (3,)),
    "out.resolution": ("out_allowed", (True,)),
    "out.after_marriage": ("out_allowed", (True,)),
    "out.needs_trick": ("out_allowed", (True,)),
    "out.false_penalty": ("out_allowed", (True,)),
}


def _field_id(field_name: str) -> str:
    return str(next(f.metadata["id"] for f in dataclasses.fields(RuleSet) if f.name == field_name))


def unused_by(rules: RuleSet, switch_id: str) -> str | None:
    """The switch whose value makes ``switch_id`` change nothing under ``rules`` (``DEPENDS``,
    followed along a chain), or None when ``switch_id`` is read.

    >>> from tutor.engine.presets import PRESETS
    >>> [unused_by(PRESETS[p], "out.false_points") for p in ("classic", "kurnik")]
    ['out.false_penalty', None]
    >>> unused_by(PRESETS["kurnik"], "close.opponent_out")  # no going out against a closer
    'out.closer_opponent'
    """
    while switch_id in DEPENDS:
        field_name, values = DEPENDS[switch_id]
        switch_id = _field_id(field_name)
        if getattr(rules, field_name) not in values:
            return switch_id
    return None


def applies(rules: RuleSet, switch_id: str) -> bool:
    """The switch is read under ``rules`` (see ``unused_by``)."""
    return unused_by(rules, switch_id) is None


@dataclass(frozen=True)
class SwitchValue:
    """One switch of a rule set: its id, value and the source it follows."""

    id: str
    field: str
    value: Any
    source: str
    note: str = ""

    @property
    def text_value(self) -> str:
        return value_text(self.value)


def value_text(v: object) -> str:
    """A switch's value as a rules spec writes it: ``face_up``, ``true``, ``9``, ``A 10 K``."""
    if isinstance(v, Rank):
        return v.symbol
    if isinstance(v, Enum):
        return str(v.value)
    if isinstance(v, tuple):
        return " ".join(x.symbol if isinstance(x, Rank) else str(x) for x in v)
    return str(v).lower() if isinstance(v, bool) else str(v)


def switch_ids() -> tuple[str, ...]:
    return tuple(f.metadata["id"] for f in dataclasses.fields(RuleSet) if f.metadata.get("id"))


def field_of(switch_id: str) -> str:
    """The ``RuleSet`` field of a switch id (``deal.target`` -> ``target``)."""
    for f in dataclasses.fields(RuleSet):
        if f.metadata.get("id") == switch_id:
            return f.name
    raise UnknownPresetError(switch_id, switch_ids(), "rule switch")

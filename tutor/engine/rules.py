"""Rule sets: every number and switch of a variant of 66, as data, with the source of each.

A ``RuleSet`` is a frozen value. Each field is a *switch* with a dotted id (``Switch.id``) and,
per preset, the source it comes from: a seed file name (``000_d036f4009e89b883.txt`` ...) or
``pagat`` for the common English reference. Nothing about a variant is written into the engine;
the engine only reads these fields.

>>> preset("kurnik").phase2_duty
<Duty.HEAD: 'head'>
>>> preset("classic").switch("marriage.needs_trick").value
True
>>> parse_rules("kurnik(target=61)").target
61
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from tutor.engine.cards import STANDARD_POINTS, Card, CardError, Rank, Suit
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
E_RULES_LONG = N_("the rules spec is longer than {limit} characters")

#: The longest rules spec read (a preset and every switch changed fit in a few hundred).
MAX_SPEC = 1000
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
    # Declaring 66 ("Aus!", "66")
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
        """This rule set, if every whole-number switch lies in its range and the switches agree
        with each other: two hands, at least one card to draw and the face-up trump card fit
        in the pack; the card to exchange is in the pack; the target can be reached; Schneider
        is judged below the target. Otherwise ``SwitchValueError`` names the switch, its value
        and what it may be."""
        for f in dataclasses.fields(self):
            bounds = f.metadata.get("range")
            if bounds is None:
                continue
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise SwitchValueError(f.metadata["id"], str(value))
            if not bounds[0] <= value <= bounds[1]:
                raise SwitchValueError(f.metadata["id"], str(value), low=bounds[0], high=bounds[1])
        for sid, values, high in (
            ("pack.card_points", self.card_points, 99),
            ("score.game_points", self.game_points, 9),
        ):
            if len(values) != (8 if sid == "pack.card_points" else 3) or any(
                isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= high for v in values
            ):
                text = " ".join(str(v) for v in values)
                raise SwitchValueError(sid, text, low=0, high=high)
        ranks = tuple(r.symbol for r in self.ranks)
        if not self.ranks or len(set(self.ranks)) != len(self.ranks):
            raise SwitchValueError("pack.ranks", " ".join(ranks), template=E_SWITCH_FIXED)
        # What the games for three and four do not play, and two-player readings they lack.
        table_clashes = (
            (
                "deal.played_out",
                self.played_out.value,
                (self.played_out is PlayedOut.ONLY_ONE) != (self.seats == 3 and not self.partners),
            ),
            ("close.allowed", "true", self.seats > 2 and self.closing_allowed),
            (
                "exchange.timing",
                self.exchange_timing.value,
                self.seats > 2 and self.exchange_timing is ExchangeTiming.ON_TURN,
            ),
            (
                "deal.played_out",
                self.played_out.value,
                self.seats > 2 and self.played_out is PlayedOut.LAST_TRICK,
            ),
            ("table.partners", "true", self.partners and self.seats != 4),
        )
        for sid, value, clash in table_clashes:
            if clash:
                raise SwitchValueError(
                    sid,
                    value,
                    template=E_SWITCH_CLASH,
                    other="table.seats",
                    other_value=str(self.seats),
                )
        most = (self.pack_size - 2) // self.seats
        if self.hand_size > most:
            raise SwitchValueError(
                "deal.hand_size",
                str(self.hand_size),
                low=1,
                high=most,
                template=E_SWITCH_HANDS,
                size=self.pack_size,
            )
        if self.exchange_rank not in self.ranks:
            raise SwitchValueError(
                "exchange.rank", self.exchange_rank.symbol, ranks, template=E_SWITCH_PACK
            )
        if self.marriage_makes_trump and self.face_up:
            raise SwitchValueError(
                "marriage.makes_trump",
                "true",
                template=E_SWITCH_CLASH,
                other="trump.mode",
                other_value=self.trump_mode.value,
            )
        if (
            self.trump_mode is TrumpMode.HEART_ACE
            and not self.pack_mask >> self.naming_card.index & 1
        ):
            raise SwitchValueError(
                "trump.naming_card",
                str(self.naming_card),
                template=E_SWITCH_CLASH,
                other="pack.ranks",
                other_value=" ".join(ranks),
            )
        if self.target > self.reachable:
            raise SwitchValueError(
                "deal.target",
                str(self.target),
                low=1,
                high=self.reachable,
                template=E_SWITCH_TARGET,
            )
        if self.schneider_below > self.target:
            raise SwitchValueError(
                "score.schneider_below",
                str(self.schneider_below),
                low=0,
                high=self.target,
                template=E_SWITCH_SCHNEIDER,
            )
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
}


def _field_id(field_name: str) -> str:
    return str(next(f.metadata["id"] for f in dataclasses.fields(RuleSet) if f.name == field_name))


def unused_by(rules: RuleSet, switch_id: str) -> str | None:
    """The switch whose value makes ``switch_id`` change nothing under ``rules`` (``DEPENDS``,
    followed along a chain), or None when ``switch_id`` is read.

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
        v = self.value
        if isinstance(v, Rank):
            return v.symbol
        if isinstance(v, Enum):
            return str(v.value)
        if isinstance(v, tuple):
            return " ".join(x.symbol if isinstance(x, Rank) else str(x) for x in v)
        return str(v).lower() if isinstance(v, bool) else str(v)


def switch_ids() -> tuple[str, ...]:
    return tuple(f.metadata["id"] for f in dataclasses.fields(RuleSet) if f.metadata.get("id"))


_R24 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
_R20 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_R32 = (*_R24, Rank.EIGHT, Rank.SEVEN)


def _src(source: str, *ids: str) -> tuple[tuple[str, str], ...]:
    return tuple((i, source) for i in ids)


# The rules of 000: marriage and exchange only after a won trick; follow, else trump, no duty to
# head; "Aus!" ends the deal when its trick is complete; a failed closer gives 3.
CLASSIC = RuleSet(
    name="classic",
    ranks=_R24,
    phase2_duty=Duty.FOLLOW,
    marriage_needs_trick=True,
    marriage_credit=Credit.IMMEDIATE,
    marriage_in_phase2=True,
    exchange_needs_trick=True,
    closer_penalty=Penalty.FIXED,
    closer_penalty_points=3,
    closer_penalty_no_trick_points=3,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.AFTER_TRICK,
    out_after_marriage=True,
    closer_opponent_may_declare=True,
    false_out=Penalty.SCALE,
    exchange_timing=ExchangeTiming.ON_TURN,
    played_out=PlayedOut.LAST_TRICK,
    default_source=SRC_000,
    sources=_src(
        SRC_002,
        "out.closer_opponent",
        "out.false_penalty",
        "out.false_points",
        "out.false_no_trick_points",
    )
    + _src(SRC_004, "match.next_dealer"),
    notes=(
        (
            "exchange.timing",
            N_(
                "The German article asks only that the player has won a trick, and in its first "
                "worked deal A exchanges after leading. Here a player may exchange on any turn "
                "of their own while the stock is open, leading or following; an exchange made "
                "after one's own lead is made before it, which changes nothing the opponent "
                "sees before answering. The other reading, only on lead before leading, can "
                "be chosen instead."
            ),
        ),
        (
            "deal.played_out",
            N_(
                "The German article: the winner of the last trick wins if he has 66 with it, "
                "and the deal is drawn only when both have 65. The German rules page with both "
                "packs and Kurnik's rules let the higher score win instead; that reading can "
                "be chosen too."
            ),
        ),
        (
            "out.false_points",
            N_(
                "Not used while a false declaration gives what the declarer would have won; the "
                "German article has no rule for a false declaration."
            ),
        ),
        (
            "out.false_penalty",
            N_(
                "The German article does not say; the German rules page and the German notes "
                "give the opponent what the false declarer would have won."
            ),
        ),
        (
            "out.closer_opponent",
            N_(
                "The German article does not say; the German rules page for 2 to 4 players "
                "lets the closer's opponent declare 66 as well."
            ),
        ),
        (
            "marriage.in_phase2",
            N_(
                "The German article asks only that the leader has won a trick; in its second "
                "worked deal 40 is announced after closing."
            ),
        ),
        (
            "out.after_marriage",
            N_(
                "In the first worked deal of the German article A announces 40, leads the king "
                'and says "Aus!" in one turn.'
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The German article does not say; the German rules page for both packs lets "
                "the winner of a deal deal next. Neither says who deals after a draw: the same "
                "dealer again, as on pagat.com."
            ),
        ),
    ),
    next_dealer=NextDealer.WINNER,
)

# The rules of Kurnik's 66-sznap (001).
KURNIK = RuleSet(
    name="kurnik",
    ranks=_R24,
    phase2_duty=Duty.HEAD,
    marriage_needs_trick=False,
    marriage_credit=Credit.AFTER_TRICK,
    marriage_in_phase2=False,
    exchange_needs_trick=True,
    closer_penalty=Penalty.FIXED,
    closer_penalty_points=2,
    closer_penalty_no_trick_points=3,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.IMMEDIATE,
    out_after_marriage=True,
    closer_opponent_may_declare=False,
    false_out=Penalty.FIXED,
    false_out_points=2,
    false_out_no_trick_points=3,
    schwarz_by=SchwarzBy.POINTS,
    default_source=SRC_001,
    notes=(
        (
            "close.no_trick_at",
            N_(
                'Kurnik\'s rules give 3 for a failed close "if the opponent has no trick" without '
                "saying whether the closer or the closer's opponent is meant, or when; read here "
                "as the closer's opponent having no trick by the end of the deal. The other "
                "reading, at the moment of closing, can be chosen instead."
            ),
        ),
    ),
)

# The common English reference (pagat), as summarised in shared/seeds/README.md: Kurnik's rules,
# but a marriage counts with the trick, "no trick" is judged at closing and Schwarz means no trick.
PAGAT = dataclasses.replace(
    KURNIK,
    name="pagat",
    marriage_credit=Credit.WITH_TRICK,
    closer_no_trick_at=NoTrickAt.CLOSE,
    # pagat: a false "out" loses 2 "irrespective of how many card points the other player has"
    false_out_no_trick_points=2,
    # pagat: "The winner of the hand becomes the dealer for the next hand"
    next_dealer=NextDealer.WINNER,
    # pagat: the closer's opponent may still go out first, for 2 game points
    closer_opponent_may_declare=True,
    opponent_out=OpponentOut.POINTS,
    opponent_out_points=2,
    # pagat: going out is possible only right after winning a trick or melding
    out_needs_trick=True,
    # pagat: "the talon can be closed either before or after drawing from the talon"
    close_before_draw=True,
    # pagat: the closer's opponent "may at the moment of closing exchange the 9", without a trick
    close_opponent_exchange=True,
    schwarz_by=SchwarzBy.TRICKS,
    default_source=SRC_PAGAT,
    sources=_src(SRC_001, "phase2.duty"),
    notes=(
        (
            "out.needs_trick",
            N_(
                "On pagat.com, 66 is declared right after winning a trick or announcing a "
                "marriage. A player on lead has just won the last trick, so only the first lead "
                "of a deal is barred, unless it announces a marriage."
            ),
        ),
        (
            "close.before_draw",
            N_(
                "On pagat.com the stock may be closed before or after drawing. Here the winner "
                "of a trick first chooses: draw, or close at once, so that both players go on "
                "with one card fewer. Closing after drawing is the close on lead, as everywhere."
            ),
        ),
        (
            "close.opponent_exchange",
            N_(
                "On pagat.com the closer's opponent may exchange the trump nine at the moment of "
                "closing, even without a trick. Here the opponent decides right after the close, "
                "before the closer leads; the nine then lies face up under the closed stock."
            ),
        ),
    ),
)

# The 20-card "sharpened" game of 000: no nines; the jack is the lowest trump to exchange.
SHARPENED = dataclasses.replace(
    CLASSIC,
    name="sharpened",
    ranks=_R20,
    exchange_rank=Rank.JACK,
    sources=CLASSIC.sources + _src(SRC_001, "exchange.rank"),
    notes=(
        *CLASSIC.notes,
        (
            "exchange.rank",
            N_(
                "The German article does not say for the 20-card pack; as in Schnapsen, as "
                "Kurnik's rules describe it, {jack} takes the place of {nine}."
            ),
        ),
    ),
)

# The 32-card pack for two players of 002/003; rules of play from 002/003, the rest from 000.
PACK32 = RuleSet(
    name="pack32",
    ranks=_R32,
    phase2_duty=Duty.HEAD,
    marriage_needs_trick=False,
    marriage_credit=Credit.IMMEDIATE,
    marriage_in_phase2=True,
    exchange_rank=Rank.SEVEN,
    exchange_needs_trick=True,
    closer_penalty=Penalty.SCALE,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.IMMEDIATE,
    out_after_marriage=True,
    closer_opponent_may_declare=True,
    false_out=Penalty.SCALE,
    # 002: "nach dem Gewinn eines Stichs"; 003 adds "or a marriage"
    out_needs_trick=True,
    default_source=SRC_002,
    sources=_src(
        SRC_003,
        "marriage.needs_trick",
        "marriage.in_phase2",
        "out.after_marriage",
        "marriage.points",
        "marriage.trump_points",
        "marriage.credit",
    )
    + _src(
        SRC_000,
        "exchange.needs_trick",
        "exchange.rank",
        "exchange.timing",
        "match.mode",
        "match.target",
        "match.next_dealer",
    )
    + _src(SRC_004, "deal.played_out"),
    notes=(
        (
            "deal.played_out",
            N_(
                "The German rules page gives the last trick its 10 but does not say who wins a "
                "deal played to the end; the higher score, as on the German rules page for both "
                "packs."
            ),
        ),
        (
            "exchange.rank",
            N_(
                "The German rules page and the German notes do not describe the exchange; the "
                "lowest trump of the pack, {seven}, takes the place of {nine}."
            ),
        ),
        ("exchange.needs_trick", N_("Taken from the German article.")),
        (
            "exchange.timing",
            N_(
                "The German rules page and the German notes do not describe the exchange; as in "
                "Kurnik's rules and on pagat.com, it is made on lead, before leading."
            ),
        ),
        (
            "close.penalty",
            N_(
                "The German rules page makes the closer's opponent the winner of a failed close "
                "but gives no number; here the opponent wins as after a normal deal: 1, 2 or 3 "
                "by the closer's points and tricks. A closer who declares 66 without having it "
                "has failed the close as well, as the rule on closing says, rather than made a "
                "false declaration."
            ),
        ),
        (
            "match.mode",
            N_(
                "The German rules page and the German notes say nothing of a match; the match "
                "to 7 of the German article."
            ),
        ),
        (
            "out.needs_trick",
            N_(
                "The German rules page: 66 is declared after winning a trick; the German notes "
                "add: or after a marriage."
            ),
        ),
    ),
)

# The Austrian Schnapsen as described in 001: J to A, five cards; otherwise Kurnik's rules.
SCHNAPSEN = dataclasses.replace(
    KURNIK,
    name="schnapsen",
    ranks=_R20,
    hand_size=5,
    exchange_rank=Rank.JACK,
    notes=(
        *KURNIK.notes,
        (
            "exchange.rank",
            N_(
                "Kurnik's rules name only the cards from {jack} up and hands of five cards; "
                "{jack} is the lowest trump."
            ),
        ),
    ),
)

# "36" of 002's list of variants: 002's game with the 32-card pack, played to 36 points.
THIRTY_SIX = dataclasses.replace(
    PACK32,
    name="thirtysix",
    target=36,
    schneider_below=18,
    notes=(
        *PACK32.notes,
        (
            "deal.target",
            N_(
                "The German rules page lists 36 as a simpler game for children and beginners "
                "in which 36 points win, and says nothing else about it; the rest of its rules "
                "are those of its game with the 32-card pack."
            ),
        ),
        (
            "score.schneider_below",
            N_(
                "Not given for 36. In 66 the loser is Schneider below 33, half of 66; here half "
                "of 36, so below 18."
            ),
        ),
    ),
)

_NO_CARD_NOTE = N_(
    "No card is turned face up, so there is nothing to exchange: the stock holds all the other "
    "cards face down, the last card drawn is face down too, and closing turns no card."
)
_NO_TRUMP_NOTE = N_(
    "While no trump is named no suit is trumps: the trick goes to the higher card of the suit "
    "led, and after closing a player who cannot follow suit may play any card."
)

# 000's first deviation: no card turned; the first leader names trumps; the marriages of the deal
# count 20, 40, 60, 80 in turn, and each makes its suit trumps.
NAMED_TRUMP = dataclasses.replace(
    CLASSIC,
    name="named_trump",
    trump_mode=TrumpMode.NAMED,
    marriage_escalating=True,
    marriage_makes_trump=True,
    marriage_needs_trick=False,
    notes=(
        *CLASSIC.notes,
        (
            "trump.mode",
            N_(
                "The German article's first deviation: a player names the trump suit, and no "
                "card is turned up. It does not say which player or when; here the player who "
                "leads first, the dealer's opponent, names it after looking at the hand and "
                "before the first lead, as a move of its own."
            ),
        ),
        ("exchange.rank", _NO_CARD_NOTE),
        (
            "marriage.escalating",
            N_(
                "The first marriage of the deal counts 20 even in trumps, the second 40, the "
                "third 60 and the fourth 80, whoever announces them: in the article's example A "
                "announces 20, then B 40."
            ),
        ),
        (
            "marriage.makes_trump",
            N_(
                "Each marriage makes its suit the trump suit at once, for the card led with it too."
            ),
        ),
        (
            "marriage.needs_trick",
            N_(
                "In the example of the first deviation A names {diamonds} trumps and announces "
                "the marriage in that suit with the first lead, before any trick: no trick is "
                "needed."
            ),
        ),
    ),
)

# 000's second deviation: no trumps until the holder of the ace of hearts names a suit; every
# marriage 20.
HEART_ACE = dataclasses.replace(
    CLASSIC,
    name="heart_ace",
    trump_mode=TrumpMode.HEART_ACE,
    trump_marriage_points=20,
    notes=(
        *CLASSIC.notes,
        (
            "trump.mode",
            N_(
                "The German article's second deviation: the holder of {Ah} names any suit as "
                "trumps, and while {Ah} is not in play there are no trumps. It does not say "
                "when; here its holder may name a suit on any turn of their own, leading or "
                "following, while none is named, and must name one before playing {Ah}: the "
                "ace cannot be played while there are no trumps. {Ah} drawn from the stock can "
                "be used from then on; left in a closed stock, it leaves the deal without "
                "trumps."
            ),
        ),
        ("exchange.rank", _NO_CARD_NOTE),
        ("phase2.duty", _NO_TRUMP_NOTE),
        ("marriage.trump_points", N_("All marriages count 20 in the second deviation.")),
    ),
)

_R28 = (*_R24, Rank.EIGHT)

# 000's "Sechsundsechzig zu dritt": the sevens out, 28 cards, 7 each, the 22nd card face up as
# trumps, marriages and the last trick as for two; played in its deviation where each plays for
# himself: after the last trick the one player with 66 wins, Schneider pays double, Schwarz triple.
THREE = dataclasses.replace(
    CLASSIC,
    name="three",
    seats=3,
    ranks=_R28,
    hand_size=7,
    exchange_rank=Rank.EIGHT,
    exchange_timing=ExchangeTiming.ON_LEAD,
    closing_allowed=False,
    out_resolution=OutResolution.IMMEDIATE,
    played_out=PlayedOut.ONLY_ONE,
    losers=Losers.SUM,
    sources=CLASSIC.sources,
    notes=(
        (
            "table.seats",
            N_(
                "The German article lets three play alone when all of them pass on naming "
                "trumps, but never describes the naming. Here the face-up card makes trumps and "
                "each plays for himself."
            ),
        ),
        (
            "deal.hand_size",
            N_(
                "28 cards, 7 each and the 22nd face up leave 6 face-down cards: after two tricks "
                "all have drawn, and the face-up card stays out of play, since it cannot go to "
                "all three. Nine tricks are played, as the text counts them."
            ),
        ),
        (
            "exchange.rank",
            N_("Without the sevens the eight is the lowest trump: it is the card exchanged."),
        ),
        (
            "exchange.timing",
            N_(
                "With three the exchange is made on lead, before leading, as with the Kurnik "
                "rules; the German article's exchange on any turn is kept for two players."
            ),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with three it is not allowed."),
        ),
        (
            "out.resolution",
            N_("A declaration of 66 ends the deal at once, as with the Kurnik rules."),
        ),
    ),
)

# 002/003's three-player game: the 32-card pack, 7 each, scoring and goal as for two.
THREE_PACK32 = dataclasses.replace(
    PACK32,
    name="three_pack32",
    seats=3,
    hand_size=7,
    closing_allowed=False,
    played_out=PlayedOut.ONLY_ONE,
    losers=Losers.BEST,
    default_source=SRC_002,
    notes=(
        (
            "deal.hand_size",
            N_(
                "7 cards each and the face-up card leave 10 face-down cards. Drawn by all three "
                "after each trick they last three tricks; the two cards left stay out of play. "
                'The rules page\'s "closed after the sixth trick" cannot be met with 11 cards.'
            ),
        ),
        (
            "score.losers",
            N_(
                '"Scoring and goal stay the same": the winner scores as against one opponent, '
                "by the opponent who did best. Each loser paying by his own grade can be chosen "
                "instead."
            ),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with three it is not allowed."),
        ),
    ),
)

# 002/003's four-player game: two teams of partners, two 24-card packs, 7 each, 101 to win.
FOUR = dataclasses.replace(
    PACK32,
    name="four",
    seats=4,
    partners=True,
    copies=2,
    equal_cards=EqualCards.FIRST,
    ranks=_R24,
    hand_size=7,
    target=101,
    schneider_below=51,
    exchange_rank=Rank.NINE,
    closing_allowed=False,
    played_out=PlayedOut.HIGHER,
    default_source=SRC_002,
    notes=(
        (
            "trick.equal_cards",
            N_(
                "The sources do not say which of two equal cards wins. Here the one played first, "
                "as in related games such as Gaigel and Doppelkopf; the other reading is a switch."
            ),
        ),
        (
            "score.schneider_below",
            N_("Schneider below half of 101, as 33 is half of 66."),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with four it is not allowed."),
        ),
        (
            "deal.hand_size",
            N_(
                "7 cards each and the face-up card leave 19 face-down cards: all four draw after "
                "each trick for five tricks, the face-up card last, and twelve tricks are played."
            ),
        ),
    ),
)

#: The games for three and four players: their own engine (``tutor.engine.table``); the app's
#: board seats two players only so far.
TABLE_PRESETS: Mapping[str, RuleSet] = {r.name: r for r in (THREE, THREE_PACK32, FOUR)}

PRESETS: Mapping[str, RuleSet] = {
    r.name: r
    for r in (
        CLASSIC,
        KURNIK,
        PAGAT,
        SHARPENED,
        PACK32,
        SCHNAPSEN,
        THIRTY_SIX,
        NAMED_TRUMP,
        HEART_ACE,
    )
}


def preset(name: str) -> RuleSet:
    """The named preset; raises ``UnknownPresetError`` listing the valid names."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        if isinstance(name, str) and name in TABLE_PRESETS:
            return TABLE_PRESETS[name]
        raise UnknownPresetError(str(name), tuple(PRESETS)) from None


_SPEC = re.compile(r"^\s*([a-z0-9_]+)\s*(?:\((.*)\))?\s*$")


def parse_rules(spec: str) -> RuleSet:
    """A preset, optionally with switches changed: ``"kurnik(target=61, phase2.duty=follow)"``.

    Switches are named by id or field name; values are read by the switch's type, whole
    numbers within the switch's range, and the whole rule set is checked (``RuleSet.check``).
    Errors: ``UnknownPresetError`` for an unknown preset or switch, ``SwitchValueError`` for a
    value that is not allowed (each with a ``message`` to translate).

    >>> def refusal(spec):
    ...     try:
    ...         parse_rules(spec)
    ...     except SwitchValueError as exc:
    ...         return exc.message[1]
    >>> refusal("classic(deal.hand_size=0)")
    {'name': 'deal.hand_size', 'value': '0', 'low': 1, 'high': 15}
    >>> refusal("classic(deal.hand_size=12)")
    {'name': 'deal.hand_size', 'value': '12', 'high': 11, 'size': 24}
    >>> refusal("classic(target=9999)")
    {'name': 'deal.target', 'value': '9999', 'low': 1, 'high': 999}
    >>> refusal("classic(target=300)")
    {'name': 'deal.target', 'value': '300', 'high': 230}
    """
    if len(spec) > MAX_SPEC:
        raise SwitchValueError("", spec, template=E_RULES_LONG, limit=MAX_SPEC)
    m = _SPEC.match(spec)
    if not m:
        raise UnknownPresetError(spec, tuple(PRESETS))
    base = preset(m.group(1))
    if not m.group(2):
        return base
    fields = {f.name: f for f in dataclasses.fields(RuleSet) if f.metadata.get("id")}
    by_id = {f.metadata["id"]: f for f in fields.values()}
    changes: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in m.group(2).split(","))):
        key, _, raw = part.partition("=")
        f = by_id.get(key.strip()) or fields.get(key.strip())
        if f is None:
            raise UnknownPresetError(key.strip(), tuple(by_id), "rule switch")
        changes[f.name] = _convert(
            getattr(base, f.name), raw.strip(), f.metadata["id"], f.metadata.get("range")
        )
    return dataclasses.replace(base, name=spec.strip(), **changes).check()


def _convert(current: Any, raw: str, switch_id: str, bounds: tuple[int, int] | None) -> Any:
    """The value of a switch written as text; ``SwitchValueError`` says what it may be."""
    if isinstance(current, bool):
        if raw.lower() in ("true", "yes", "1"):
            return True
        if raw.lower() in ("false", "no", "0"):
            return False
        raise SwitchValueError(switch_id, raw, ("true", "false"))
    if isinstance(current, Card):
        try:
            return Card.parse(raw)
        except CardError:
            raise SwitchValueError(switch_id, raw, template=E_SWITCH_CARD) from None
    if isinstance(current, Rank):
        try:
            return Rank.parse(raw)
        except ValueError:
            raise SwitchValueError(switch_id, raw, tuple(r.symbol for r in Rank)) from None
    if isinstance(current, Enum):
        try:
            return type(current)(raw)
        except ValueError:
            raise SwitchValueError(
                switch_id, raw, tuple(str(e.value) for e in type(current))
            ) from None
    if isinstance(current, int) and bounds is not None:
        low, high = bounds
        if not re.fullmatch(r"[+-]?[0-9]+", raw):
            raise SwitchValueError(switch_id, raw)
        if len(raw) <= 6 and low <= int(raw) <= high:
            return int(raw)
        raise SwitchValueError(switch_id, raw, low=low, high=high)
    raise SwitchValueError(switch_id, raw, template=E_SWITCH_FIXED)

"""The state of a deal of two-player 66, its moves, and the rules that decide them.

A ``State`` is an immutable value; ``apply(state, move)`` returns a new one. Players are ``A`` (0)
and ``B`` (1). Cards inside the state are card indices (``Card.index``) and hands are bit sets;
the public helpers turn them back into ``Card`` values.

Every number and switch comes from the state's ``RuleSet``; this module only reads them.
``check(state, move)`` says whether a move is legal and which rule ids decide it, as data
(``Reason``); turning reasons into sentences is the job of ``tutor.words.explain``.

>>> from tutor.engine.rules import preset
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> s.to_move, str(s.trump_card_value)
(0, 'Ah')
>>> Play(Card.parse("10h")) in legal_moves(s)
True
>>> check(s, Marriage(Card.parse("Qc"))).rule_ids
('marriage.needs_trick',)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from tutor.engine.cards import (
    CARDS,
    Card,
    CardError,
    Rank,
    Suit,
    cards_of_mask,
    iter_bits,
    mask_of,
    parse_cards,
    suit_mask,
)
from tutor.engine.rules import (
    Credit,
    Duty,
    NoTrickAt,
    OutResolution,
    Penalty,
    RuleSet,
    SchwarzBy,
)

A = 0
B = 1
PLAYER_NAMES = ("A", "B")

_SUIT_MASKS = tuple(suit_mask(Suit(s)) for s in range(4))


def other(player: int) -> int:
    return 1 - player


# ----------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card: lead it, or follow to the card led."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Marriage:
    """Announce king and queen of a suit and lead one of them; ``out`` declares 66 at once."""

    card: Card
    out: bool = False

    @property
    def suit(self) -> Suit:
        return self.card.suit

    def __str__(self) -> str:
        return f"marry {self.card}" + (" out" if self.out else "")


@dataclass(frozen=True, slots=True)
class Exchange:
    """Exchange the lowest trump in hand for the face-up trump card."""

    def __str__(self) -> str:
        return "exchange"


@dataclass(frozen=True, slots=True)
class Close:
    """Close the stock: no more drawing; the strict duties of the second phase apply."""

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True, slots=True)
class DeclareOut:
    """Declare to have 66 ("Aus!", "66")."""

    def __str__(self) -> str:
        return "out"


Move = Play | Marriage | Exchange | Close | DeclareOut

EXCHANGE = Exchange()
CLOSE = Close()
DECLARE_OUT = DeclareOut()
_PLAYS = tuple(Play(c) for c in CARDS)
_MARRIAGES = tuple(Marriage(c) for c in CARDS)
_MARRIAGES_OUT = tuple(Marriage(c, True) for c in CARDS)


class MoveError(ValueError):
    """A move's notation could not be read."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(
            f"unknown move {text!r}: write a card (Qh), 'marry Qh', 'marry Qh out', "
            "'exchange', 'close' or 'out'"
        )


def parse_move(text: str) -> Move:
    """Read a move: ``Qh``, ``marry Kc``, ``marry Kc out``, ``exchange``, ``close``, ``out``.

    >>> parse_move("marry Qc")
    Marriage(card=Card.parse('Qc'), out=False)
    >>> str(parse_move(" 10H "))
    '10h'
    """
    words = text.strip().lower().split()
    try:
        if words == ["exchange"]:
            return EXCHANGE
        if words == ["close"]:
            return CLOSE
        if words == ["out"]:
            return DECLARE_OUT
        if len(words) in (2, 3) and words[0] == "marry":
            if len(words) == 3 and words[2] != "out":
                raise MoveError(text)
            card = Card.parse(words[1])
            return _MARRIAGES_OUT[card.index] if len(words) == 3 else _MARRIAGES[card.index]
        if len(words) == 1:
            return _PLAYS[Card.parse(words[0]).index]
    except CardError:
        raise MoveError(text) from None
    raise MoveError(text)


# ----------------------------------------------------------------------------- reasons


@dataclass(frozen=True)
class Reason:
    """One rule that decides a move: its id and the facts it was applied to (no prose)."""

    rule_id: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class Verdict:
    """Whether a move is legal here, and the rules that decide it."""

    move: Move
    legal: bool
    reasons: tuple[Reason, ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.rule_id for r in self.reasons)


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid in this position."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.move = verdict.move
        self.rule_ids = verdict.rule_ids
        super().__init__(f"illegal move {verdict.move}: {', '.join(verdict.rule_ids)}")


class DealError(ValueError):
    """A deal that is not a full pack dealt correctly."""


# Which switch of the RuleSet each rule id depends on ("" for rules every source shares).
RULE_SWITCH: dict[str, str] = {
    "deal.over": "",
    "lead.free": "",
    "card.in_hand": "",
    "phase1.free": "",
    "phase2.follow": "phase2.duty",
    "phase2.head": "phase2.duty",
    "phase2.lower": "phase2.duty",
    "phase2.trump": "phase2.duty",
    "phase2.any": "phase2.duty",
    "marriage.pair": "marriage.points",
    "marriage.on_lead": "",
    "marriage.needs_trick": "marriage.needs_trick",
    "marriage.in_phase2": "marriage.in_phase2",
    "marriage.card": "",
    "exchange.card": "exchange.rank",
    "exchange.on_lead": "",
    "exchange.needs_trick": "exchange.needs_trick",
    "exchange.stock": "",
    "close.allowed": "close.allowed",
    "close.on_lead": "",
    "close.stock": "",
    "out.on_lead": "out.resolution",
    "out.after_marriage": "out.after_marriage",
    "out.closer_opponent": "out.closer_opponent",
    "out.declared": "",
}


# ----------------------------------------------------------------------------- outcome


class EndKind(Enum):
    OUT = "out"  # a correct declaration of 66
    FALSE_OUT = "false_out"  # a declaration without 66
    CLOSER_MADE = "closer_made"  # the closer reached 66 by the last trick
    CLOSER_FAILED = "closer_failed"
    LAST_TRICK = "last_trick"  # all cards played, the higher score wins
    DRAW = "draw"


class Outcome(NamedTuple):
    """How a deal ended."""

    kind: EndKind
    winner: int | None
    game_points: tuple[int, int]
    scores: tuple[int, int]  # card points plus credited marriages (and last-trick bonus)
    player: int | None  # the declarer or closer the ending is about, if any
    rule_id: str  # the scoring rule applied: score.schwarz/schneider/simple, close.penalty, ...


# ----------------------------------------------------------------------------- state


class State(NamedTuple):
    """A position in a deal. Build one with ``new_deal`` or ``deal``; change it with ``apply``."""

    rules: RuleSet
    trump: Suit
    hands: tuple[int, int]
    stock: tuple[int, ...]  # face-down stock, top first, without the face-up trump card
    trump_card: int  # the face-up trump card under the stock, -1 once drawn
    dealer: int
    leader: int
    lead: int  # card led in the current trick, -1 before the lead
    lead_marriage: bool  # the card led was announced with a marriage
    closed_by: int  # -1 while the stock is not closed
    closed_opp_tricks: int  # tricks of the closer's opponent at closing
    points: tuple[int, int]  # card points taken in tricks (with the last-trick bonus)
    melds: tuple[int, int]  # marriage points credited
    pending: tuple[int, int]  # marriage points announced but not yet credited
    tricks: tuple[int, int]  # tricks won
    known: tuple[int, int]  # cards in each hand that the other player has seen
    marriages: tuple[tuple[int, Suit], ...]  # announced marriages: (player, suit)
    out_by: int  # a declaration waiting for its trick to complete, -1 none
    last_trick: tuple[int, int, int, int] | None  # (leader, card led, card played, winner)
    result: Outcome | None

    # --- questions every state answers -------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        return self.leader if self.lead < 0 else 1 - self.leader

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def stock_open(self) -> bool:
        """Cards are still drawn after each trick."""
        return self.closed_by < 0 and self.trump_card >= 0

    @property
    def phase2(self) -> bool:
        """The stock is closed or exhausted: the strict duties apply."""
        return self.closed_by >= 0 or self.trump_card < 0

    def score(self, player: int) -> int:
        """Card points plus credited marriage points."""
        return self.points[player] + self.melds[player]

    def hand(self, player: int) -> tuple[Card, ...]:
        return cards_of_mask(self.hands[player])

    @property
    def trump_card_value(self) -> Card | None:
        return CARDS[self.trump_card] if self.trump_card >= 0 else None

    @property
    def lead_card(self) -> Card | None:
        return CARDS[self.lead] if self.lead >= 0 else None

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.stock)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up trump included."""
        return len(self.stock) + (1 if self.trump_card >= 0 else 0)

    @property
    def played_mask(self) -> int:
        """Cards already gone into tricks."""
        m = self.rules.pack_mask & ~(self.hands[0] | self.hands[1])
        for i in self.stock:
            m &= ~(1 << i)
        if self.trump_card >= 0:
            m &= ~(1 << self.trump_card)
        if self.lead >= 0:
            m &= ~(1 << self.lead)
        return m


# ----------------------------------------------------------------------------- dealing


def _as_cards(cards: str | Iterable[Card] | Iterable[str]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)


def new_deal(
    rules: RuleSet,
    *,
    hands: tuple[str | Iterable[Card], str | Iterable[Card]],
    trump_card: str | Card,
    stock: str | Iterable[Card],
    dealer: int = B,
) -> State:
    """A deal from explicit hands (A's, B's), the face-up trump and the stock (top first).

    The non-dealer leads the first trick. Raises ``DealError`` unless the cards are exactly the
    preset's pack with the preset's hand size.
    """
    ha, hb = _as_cards(hands[0]), _as_cards(hands[1])
    tc = trump_card if isinstance(trump_card, Card) else Card.parse(trump_card)
    st = _as_cards(stock)
    pack = rules.pack_mask
    seen = 0
    problems: list[str] = []
    for c in (*ha, *hb, tc, *st):
        if not pack >> c.index & 1:
            problems.append(f"{c} is not in the {rules.name} pack")
        elif seen >> c.index & 1:
            problems.append(f"{c} is dealt twice")
        seen |= c.bit
    for who, h in (("A", ha), ("B", hb)):
        if len(h) != rules.hand_size:
            problems.append(f"{who} holds {len(h)} cards, not {rules.hand_size}")
    missing = pack & ~seen
    if missing:
        problems.append("missing: " + " ".join(str(c) for c in cards_of_mask(missing)))
    if problems:
        raise DealError("; ".join(problems))
    if dealer not in (A, B):
        raise DealError(f"dealer must be 0 (A) or 1 (B), not {dealer!r}")
    return State(
        rules=rules,
        trump=tc.suit,
        hands=(mask_of(ha), mask_of(hb)),
        stock=tuple(c.index for c in st),
        trump_card=tc.index,
        dealer=dealer,
        leader=1 - dealer,
        lead=-1,
        lead_marriage=False,
        closed_by=-1,
        closed_opp_tricks=0,
        points=(0, 0),
        melds=(0, 0),
        pending=(0, 0),
        tricks=(0, 0),
        known=(0, 0),
        marriages=(),
        out_by=-1,
        last_trick=None,
        result=None,
    )


def pack(rules: RuleSet) -> tuple[Card, ...]:
    """The preset's pack in display order."""
    return cards_of_mask(rules.pack_mask)


def deal(rules: RuleSet, order: Sequence[Card], dealer: int = B) -> State:
    """Deal a shuffled pack: the non-dealer takes the first ``hand_size`` cards, the dealer the
    next ones, the next card is turned face up as trump, the rest is the stock, top first."""
    h = rules.hand_size
    forehand = list(order[:h])
    dealt = list(order[h : 2 * h])
    hands = (forehand, dealt) if dealer == B else (dealt, forehand)
    return new_deal(
        rules,
        hands=(hands[0], hands[1]),
        trump_card=order[2 * h],
        stock=order[2 * h + 1 :],
        dealer=dealer,
    )


def random_deal(rules: RuleSet, rng: random.Random, dealer: int = B) -> State:
    order = list(pack(rules))
    rng.shuffle(order)
    return deal(rules, order, dealer)


# ----------------------------------------------------------------------------- legal moves


def _follow_mask(state: State, hand: int) -> int:
    """The cards the follower may play."""
    if not state.phase2:
        return hand
    lead = state.lead
    same = hand & _SUIT_MASKS[lead >> 3]
    if same:
        if state.rules.phase2_duty is Duty.HEAD:
            higher = same & ((1 << lead) - 1)
            return higher or same
        return same
    trumps = hand & _SUIT_MASKS[state.trump]
    return trumps or hand


def _may_declare(state: State, player: int) -> bool:
    if state.out_by >= 0:
        return False
    return not (
        state.closed_by >= 0
        and state.closed_by != player
        and not state.rules.closer_opponent_may_declare
    )


def _exchange_card(state: State) -> int:
    return state.trump * 8 + state.rules.exchange_rank


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, plays first."""
    if state.result is not None:
        return ()
    rules = state.rules
    if state.lead >= 0:
        p = 1 - state.leader
        return tuple(_PLAYS[i] for i in iter_bits(_follow_mask(state, state.hands[p])))
    p = state.leader
    hand = state.hands[p]
    moves: list[Move] = [_PLAYS[i] for i in iter_bits(hand)]
    has_trick = state.tricks[p] > 0
    may_out = _may_declare(state, p)
    if (rules.marriage_in_phase2 or not state.phase2) and (
        has_trick or not rules.marriage_needs_trick
    ):
        for suit in range(4):
            k = suit * 8 + 2
            if hand >> k & 3 == 3:  # king and queen are adjacent bits
                moves.append(_MARRIAGES[k])
                moves.append(_MARRIAGES[k + 1])
                if may_out and rules.out_after_marriage:
                    moves.append(_MARRIAGES_OUT[k])
                    moves.append(_MARRIAGES_OUT[k + 1])
    if state.stock_open:
        ex = _exchange_card(state)
        if hand >> ex & 1 and (has_trick or not rules.exchange_needs_trick):
            moves.append(EXCHANGE)
        if rules.closing_allowed and state.out_by < 0:
            moves.append(CLOSE)
    if may_out:
        moves.append(DECLARE_OUT)
    return tuple(moves)


# ----------------------------------------------------------------------------- checking


def check(state: State, move: Move) -> Verdict:
    """Whether ``move`` is legal here, with the rule ids that decide it."""

    def verdict(legal: bool, *reasons: Reason) -> Verdict:
        return Verdict(move, legal, reasons)

    if state.result is not None:
        return verdict(False, Reason("deal.over"))
    rules = state.rules
    p = state.leader if state.lead < 0 else 1 - state.leader
    hand = state.hands[p]
    player = ("player", PLAYER_NAMES[p])
    leading = state.lead < 0
    if isinstance(move, Play):
        c = move.card
        if not hand >> c.index & 1:
            return verdict(False, Reason("card.in_hand", (player, ("card", c))))
        if leading or not state.phase2:
            return verdict(
                True, Reason("lead.free" if leading else "phase1.free", (player, ("card", c)))
            )
        return _check_follow(state, move, hand)
    if isinstance(move, Marriage):
        c = move.card
        suit = c.suit
        params: tuple[tuple[str, object], ...] = (
            player,
            ("card", c),
            ("suit", suit),
            (
                "points",
                rules.trump_marriage_points if suit == state.trump else rules.marriage_points,
            ),
        )
        if c.rank not in (Rank.KING, Rank.QUEEN):
            return verdict(False, Reason("marriage.card", params))
        if not leading:
            return verdict(False, Reason("marriage.on_lead", params))
        k = suit * 8 + 2
        if hand >> k & 3 != 3:
            return verdict(False, Reason("marriage.pair", params))
        fails = []
        if rules.marriage_needs_trick and state.tricks[p] == 0:
            fails.append(Reason("marriage.needs_trick", params))
        if state.phase2 and not rules.marriage_in_phase2:
            fails.append(Reason("marriage.in_phase2", (*params, ("closed", state.closed_by >= 0))))
        if move.out:
            if not rules.out_after_marriage:
                fails.append(Reason("out.after_marriage", params))
            fails.extend(_out_problems(state, p))
        if fails:
            return verdict(False, *fails)
        return verdict(True, Reason("marriage.pair", params))
    if isinstance(move, Exchange):
        ex = CARDS[_exchange_card(state)]
        params_x: tuple[tuple[str, object], ...] = (
            player,
            ("card", ex),
            ("trump_card", CARDS[state.trump_card] if state.trump_card >= 0 else None),
        )
        fails = []
        if not leading:
            fails.append(Reason("exchange.on_lead", params_x))
        if not state.stock_open:
            fails.append(Reason("exchange.stock", params_x))
        if not hand >> ex.index & 1:
            fails.append(Reason("exchange.card", params_x))
        if rules.exchange_needs_trick and state.tricks[p] == 0:
            fails.append(Reason("exchange.needs_trick", params_x))
        if fails:
            return verdict(False, *fails)
        return verdict(True, Reason("exchange.card", params_x))
    if isinstance(move, Close):
        fails = []
        if not rules.closing_allowed:
            fails.append(Reason("close.allowed", (player,)))
        if not leading:
            fails.append(Reason("close.on_lead", (player,)))
        if not state.stock_open:
            fails.append(Reason("close.stock", (player,)))
        if state.out_by >= 0:
            fails.append(Reason("out.declared", (player,)))
        if fails:
            return verdict(False, *fails)
        return verdict(True, Reason("close.on_lead", (player,)))
    if isinstance(move, DeclareOut):
        fails = [] if leading else [Reason("out.on_lead", (player,))]
        fails.extend(_out_problems(state, p))
        if fails:
            return verdict(False, *fails)
        return verdict(True, Reason("out.on_lead", (player, ("score", state.score(p)))))
    raise TypeError(f"not a move: {move!r}")


def _out_problems(state: State, p: int) -> list[Reason]:
    if state.out_by >= 0:
        return [Reason("out.declared", (("player", PLAYER_NAMES[state.out_by]),))]
    if not _may_declare(state, p):
        return [
            Reason(
                "out.closer_opponent",
                (("player", PLAYER_NAMES[p]), ("closer", PLAYER_NAMES[state.closed_by])),
            )
        ]
    return []


def _check_follow(state: State, move: Play, hand: int) -> Verdict:
    lead = state.lead
    led = CARDS[lead]
    c = move.card
    same = hand & _SUIT_MASKS[led.suit]
    params: tuple[tuple[str, object], ...] = (
        ("player", PLAYER_NAMES[1 - state.leader]),
        ("card", c),
        ("led", led),
        ("trump", state.trump),
    )
    allowed = _follow_mask(state, hand)
    ok = bool(allowed >> c.index & 1)
    if same:
        if state.rules.phase2_duty is Duty.HEAD:
            higher = same & ((1 << lead) - 1)
            if higher:
                rid = "phase2.head"
                params += (("better", cards_of_mask(higher)),)
            else:
                rid = "phase2.lower"
                params += (("options", cards_of_mask(same)),)
        else:
            rid = "phase2.follow"
            params += (("options", cards_of_mask(same)),)
    elif hand & _SUIT_MASKS[state.trump]:
        rid = "phase2.trump"
        params += (("options", cards_of_mask(hand & _SUIT_MASKS[state.trump])),)
    else:
        rid = "phase2.any"
    return Verdict(move, ok, (Reason(rid, params),))


# ----------------------------------------------------------------------------- applying


def trick_winner(lead: int, follow: int, trump: int) -> int:
    """0 when the card led wins, 1 when the card played to it wins."""
    if lead >> 3 == follow >> 3:
        return 1 if follow < lead else 0
    return 1 if follow >> 3 == trump else 0


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` if the rules forbid it."""
    if move not in legal_moves(state):
        verdict = check(state, move)
        if verdict.legal:  # pragma: no cover - check and legal_moves must agree
            raise AssertionError(f"check and legal_moves disagree on {move}")
        raise IllegalMoveError(verdict)
    return apply_unchecked(state, move)


def apply_unchecked(state: State, move: Move) -> State:
    """``apply`` without the legality test, for search code that only plays legal moves."""
    if isinstance(move, Play):
        if state.lead < 0:
            p = state.leader
            bit = 1 << move.card.index
            hands = _set(state.hands, p, state.hands[p] & ~bit)
            return state._replace(
                hands=hands,
                lead=move.card.index,
                lead_marriage=False,
                known=_set(state.known, p, state.known[p] & ~bit),
            )
        return _finish_trick(state, move.card.index)
    if isinstance(move, Marriage):
        return _marry(state, move)
    if isinstance(move, Exchange):
        return _exchange(state)
    if isinstance(move, Close):
        p = state.leader
        return state._replace(closed_by=p, closed_opp_tricks=state.tricks[1 - p])
    if isinstance(move, DeclareOut):
        if state.rules.out_resolution is OutResolution.AFTER_TRICK:
            return state._replace(out_by=state.leader)
        return _declare(state, state.leader)
    raise TypeError(f"not a move: {move!r}")


def _set(pair: tuple[int, int], i: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if i == 0 else (pair[0], value)


def _marry(state: State, move: Marriage) -> State:
    rules = state.rules
    p = state.leader
    suit = move.card.suit
    value = rules.trump_marriage_points if suit == state.trump else rules.marriage_points
    credit = rules.marriage_credit
    now = credit is Credit.IMMEDIATE or (credit is Credit.WITH_TRICK and state.tricks[p] > 0)
    if move.out:
        now = True  # "66 after a marriage": the marriage counts at once (001)
    melds, pending = state.melds, state.pending
    if now:
        melds = _set(melds, p, melds[p] + value)
    else:
        pending = _set(pending, p, pending[p] + value)
    bit = 1 << move.card.index
    partner = move.card.index ^ 1  # king <-> queen
    hands = _set(state.hands, p, state.hands[p] & ~bit)
    known = _set(state.known, p, (state.known[p] & ~bit) | (1 << partner))
    s = state._replace(
        hands=hands,
        lead=move.card.index,
        lead_marriage=True,
        melds=melds,
        pending=pending,
        known=known,
        marriages=(*state.marriages, (p, suit)),
    )
    if move.out:
        if rules.out_resolution is OutResolution.AFTER_TRICK:
            return s._replace(out_by=p)
        return _declare(s, p)
    return s


def _exchange(state: State) -> State:
    p = state.leader
    ex = _exchange_card(state)
    old = state.trump_card
    hand = (state.hands[p] & ~(1 << ex)) | (1 << old)
    return state._replace(
        hands=_set(state.hands, p, hand),
        trump_card=ex,
        known=_set(state.known, p, (state.known[p] & ~(1 << ex)) | (1 << old)),
    )


def _finish_trick(state: State, follow: int) -> State:
    rules = state.rules
    leader = state.leader
    f = 1 - leader
    lead = state.lead
    w = leader if trick_winner(lead, follow, state.trump) == 0 else f
    pts = rules.points_by_index
    gained = pts[lead] + pts[follow]
    bit = 1 << follow
    hands = _set(state.hands, f, state.hands[f] & ~bit)
    known = _set(state.known, f, state.known[f] & ~bit)
    points = _set(state.points, w, state.points[w] + gained)
    tricks = _set(state.tricks, w, state.tricks[w] + 1)
    melds, pending = state.melds, state.pending
    if pending[w]:
        melds = _set(melds, w, melds[w] + pending[w])
        pending = _set(pending, w, 0)
    stock, trump_card = state.stock, state.trump_card
    if state.closed_by < 0 and trump_card >= 0:
        first = stock[0]
        if len(stock) >= 2:
            second = stock[1]
            stock = stock[2:]
            loser_known = known[1 - w]
        else:
            second = trump_card
            stock = ()
            trump_card = -1
            loser_known = known[1 - w] | (1 << second)
        hands = _set(hands, w, hands[w] | (1 << first))
        hands = _set(hands, 1 - w, hands[1 - w] | (1 << second))
        known = _set(known, 1 - w, loser_known)
    s = State(
        rules,
        state.trump,
        hands,
        stock,
        trump_card,
        state.dealer,
        w,
        -1,
        False,
        state.closed_by,
        state.closed_opp_tricks,
        points,
        melds,
        pending,
        tricks,
        known,
        state.marriages,
        state.out_by,
        (leader, lead, follow, w),
        None,
    )
    last = not hands[0] and not hands[1]
    if last and (bonus := rules.last_trick_points(state.closed_by >= 0)):
        s = s._replace(points=_set(points, w, points[w] + bonus))
    if s.out_by >= 0:
        return _declare(s, s.out_by)
    if last:
        return _end_of_cards(s)
    return s


# ----------------------------------------------------------------------------- scoring


def _scale(state: State, loser: int) -> tuple[int, str]:
    """Game points for beating ``loser``: Schwarz, Schneider or simple."""
    rules = state.rules
    one, two, three = rules.game_points
    if rules.schwarz_by is SchwarzBy.TRICKS:
        schwarz = state.tricks[loser] == 0
    else:
        schwarz = state.score(loser) == 0
    if schwarz:
        return three, "score.schwarz"
    if state.score(loser) < rules.schneider_below:
        return two, "score.schneider"
    return one, "score.simple"


def _win(
    state: State, kind: EndKind, winner: int, gp: int, player: int | None, rule_id: str
) -> State:
    gps = (gp, 0) if winner == 0 else (0, gp)
    scores = (state.score(0), state.score(1))
    return state._replace(result=Outcome(kind, winner, gps, scores, player, rule_id))


def _closer_fails(state: State) -> State:
    rules = state.rules
    closer = state.closed_by
    r = 1 - closer
    if rules.closer_penalty is Penalty.SCALE:
        gp, _ = _scale(state, closer)
    else:
        no_trick = (
            state.closed_opp_tricks
            if rules.closer_no_trick_at is NoTrickAt.CLOSE
            else state.tricks[r]
        ) == 0
        gp = rules.closer_penalty_no_trick_points if no_trick else rules.closer_penalty_points
    return _win(state, EndKind.CLOSER_FAILED, r, gp, closer, "close.penalty")


def _declare(state: State, p: int) -> State:
    rules = state.rules
    if state.score(p) >= rules.target:
        if state.closed_by == 1 - p:
            # the closer's opponent reached 66 first: the closer has failed
            return _closer_fails(state)
        gp, rid = _scale(state, 1 - p)
        return _win(state, EndKind.OUT, p, gp, p, rid)
    if state.closed_by == p:
        return _closer_fails(state)
    r = 1 - p
    if rules.false_out is Penalty.SCALE:
        gp, _ = _scale(state, r)
    else:
        gp = rules.false_out_no_trick_points if state.tricks[r] == 0 else rules.false_out_points
    return _win(state, EndKind.FALSE_OUT, r, gp, p, "out.false_penalty")


def _end_of_cards(state: State) -> State:
    rules = state.rules
    if state.closed_by >= 0:
        c = state.closed_by
        if state.score(c) >= rules.target:
            gp, rid = _scale(state, 1 - c)
            return _win(state, EndKind.CLOSER_MADE, c, gp, c, rid)
        return _closer_fails(state)
    a, b = state.score(0), state.score(1)
    if a == b:
        return state._replace(
            result=Outcome(EndKind.DRAW, None, (0, 0), (a, b), None, "deal.last_trick_bonus")
        )
    w = 0 if a > b else 1
    gp, rid = _scale(state, 1 - w)
    return _win(state, EndKind.LAST_TRICK, w, gp, None, rid)


def play_moves(state: State, moves: Iterable[Move | str]) -> State:
    """Apply moves (or their notation) in order; raises on the first illegal one."""
    for m in moves:
        state = apply(state, parse_move(m) if isinstance(m, str) else m)
    return state

"""Which moves are legal, and the rules that decide it, as data.

``check(state, move)`` says whether a move is legal and which rule ids decide it (``Reason``);
turning reasons into sentences is the job of ``tutor.words.explain``. Every number and switch
comes from the state's ``RuleSet``; this module only reads them.

>>> from tutor.engine.presets import preset
>>> from tutor.engine.state import new_deal
>>> from tutor.engine.cards import Card
>>> from tutor.engine.moves import Marriage, Play
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> Play(Card.parse("10h")) in legal_moves(s)
True
>>> check(s, Marriage(Card.parse("Qc"))).rule_ids
('marriage.needs_trick',)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import CARDS, SUIT_MASKS, Rank, cards_of_mask, iter_bits
from tutor.engine.moves import (
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    EXCHANGE,
    MARRIAGES,
    MARRIAGES_OUT,
    NAME_TRUMPS,
    PASS,
    PLAYS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Pass,
    Play,
)
from tutor.engine.rules import Duty, ExchangeTiming, TrumpMode
from tutor.engine.state import State, Wait, other

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
    "marriage.on_lead": "marriage.points",
    "marriage.needs_trick": "marriage.needs_trick",
    "marriage.in_phase2": "marriage.in_phase2",
    "marriage.card": "",
    "exchange.card": "exchange.rank",
    "exchange.on_lead": "exchange.timing",
    "exchange.needs_trick": "exchange.needs_trick",
    "exchange.stock": "",
    "exchange.no_card": "trump.mode",
    "close.allowed": "close.allowed",
    "close.on_lead": "close.allowed",
    "close.stock": "",
    "close.before_draw": "close.before_draw",
    "close.opponent_exchange": "close.opponent_exchange",
    "pass.nothing": "",
    "out.allowed": "out.allowed",
    "out.on_lead": "out.resolution",
    "out.after_marriage": "out.after_marriage",
    "out.closer_opponent": "out.closer_opponent",
    "out.needs_trick": "out.needs_trick",
    "out.declared": "",
    "trump.face_up": "trump.mode",
    "trump.named": "trump.mode",
    "trump.name_first": "trump.mode",
    "trump.heart_ace": "trump.mode",
    "trump.ace_first": "trump.mode",
}


# ----------------------------------------------------------------------------- legal moves

_NOTHING = Wait.NOTHING  # no choice between two turns: the common case, asked on every move


def _follow_mask(state: State, hand: int) -> int:
    """The cards the follower may play."""
    if not state.phase2:
        return hand
    lead = state.lead
    same = hand & SUIT_MASKS[lead >> 3]
    if same:
        if state.rules.phase2_duty is Duty.HEAD:
            higher = same & ((1 << lead) - 1)
            return higher or same
        return same
    trumps = hand & state.trump_mask
    return trumps or hand


def _may_declare(state: State, player: int) -> bool:
    if state.out_by >= 0:
        return False
    return not (
        state.closed_by >= 0
        and state.closed_by != player
        and not state.rules.closer_opponent_may_declare
    )


def exchange_card(state: State) -> int:
    """The card to exchange for the face-up trump card (only while a trump card lies face up)."""
    assert state.trump is not None
    return state.trump * 8 + state.rules.exchange_rank


def may_exchange(state: State, player: int) -> bool:
    """``player``, to move, may exchange the lowest trump for the face-up trump card now."""
    rules = state.rules
    if state.waiting is not _NOTHING:
        return (
            state.waiting is Wait.REPLY
            and player != state.leader
            and bool(state.hands[player] >> exchange_card(state) & 1)
        )
    return (
        state.trump_card >= 0
        and state.stock_open
        and (state.lead < 0 or rules.exchange_timing is ExchangeTiming.ON_TURN)
        and bool(state.hands[player] >> exchange_card(state) & 1)
        and (state.tricks[player] > 0 or not rules.exchange_needs_trick)
    )


def may_name_trump(state: State, player: int) -> bool:
    """``player``, to move, may name the trump suit now: no trump is named yet and the rules
    let this player name one (the first leader; the holder of the ace of hearts)."""
    mode = state.rules.trump_mode
    if state.trump is not None or mode is TrumpMode.FACE_UP:
        return False
    if mode is TrumpMode.HEART_ACE:
        return bool(state.hands[player] >> state.rules.naming_card.index & 1)
    return True


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, plays first."""
    if state.result is not None:
        return ()
    waiting = state.waiting
    if waiting is not _NOTHING:
        if waiting is Wait.DRAW:
            return (PASS, CLOSE_UNDRAWN)
        return (EXCHANGE, PASS) if may_exchange(state, other(state.leader)) else (PASS,)
    if state.trump is None:
        return _untrumped_moves(state)
    return _moves(state)


def _untrumped_moves(state: State) -> tuple[Move, ...]:
    """The moves while no trump is named: under ``named`` only naming it; under ``heart_ace``
    the holder of the ace of hearts may name it, and cannot play the ace before."""
    mode = state.rules.trump_mode
    if mode is TrumpMode.NAMED:
        return NAME_TRUMPS
    moves = _moves(state)
    p = state.leader if state.lead < 0 else other(state.leader)
    if mode is TrumpMode.HEART_ACE and may_name_trump(state, p):
        ace = PLAYS[state.rules.naming_card.index]
        return (*(m for m in moves if m != ace), *NAME_TRUMPS)
    return moves


def _moves(state: State) -> tuple[Move, ...]:
    rules = state.rules
    if state.lead >= 0:
        p = other(state.leader)
        plays = tuple(PLAYS[i] for i in iter_bits(_follow_mask(state, state.hands[p])))
        return (*plays, EXCHANGE) if may_exchange(state, p) else plays
    p = state.leader
    hand = state.hands[p]
    moves: list[Move] = [PLAYS[i] for i in iter_bits(hand)]
    has_trick = state.tricks[p] > 0
    may_out = _may_declare(state, p)
    if (rules.marriage_in_phase2 or not state.phase2) and (
        has_trick or not rules.marriage_needs_trick
    ):
        for suit in range(4):
            k = suit * 8 + 2
            if hand >> k & 3 == 3:  # king and queen are adjacent bits
                moves.append(MARRIAGES[k])
                moves.append(MARRIAGES[k + 1])
                if may_out and rules.out_after_marriage:
                    moves.append(MARRIAGES_OUT[k])
                    moves.append(MARRIAGES_OUT[k + 1])
    if may_exchange(state, p):
        moves.append(EXCHANGE)
    if state.stock_open and rules.closing_allowed and state.out_by < 0:
        moves.append(CLOSE)
    if may_out and (has_trick or not rules.out_needs_trick):
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
    p = state.to_move
    assert p is not None  # the deal is not over
    hand = state.hands[p]
    player = ("player", p)
    leading = state.lead < 0
    if state.waiting is not Wait.NOTHING:
        return _check_waiting(state, move, p)
    if isinstance(move, Pass):
        return verdict(False, Reason("pass.nothing", (player,)))
    if isinstance(move, NameTrump) or (state.trump is None and rules.trump_mode is TrumpMode.NAMED):
        return _check_naming(state, move, p)
    if isinstance(move, Play):
        c = move.card
        if not hand >> c.index & 1:
            return verdict(False, Reason("card.in_hand", (player, ("card", c))))
        if c == rules.naming_card and state.trump is None and may_name_trump(state, p):
            return verdict(False, Reason("trump.ace_first", (player, ("card", c))))
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
            ("points", rules.marriage_value(suit, state.trump, len(state.marriages))),
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
        if not rules.face_up:
            return verdict(False, Reason("exchange.no_card", (player,)))
        ex = CARDS[exchange_card(state)]
        params_x: tuple[tuple[str, object], ...] = (
            player,
            ("card", ex),
            ("trump_card", CARDS[state.trump_card] if state.trump_card >= 0 else None),
        )
        fails = []
        if not leading and rules.exchange_timing is ExchangeTiming.ON_LEAD:
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
    if isinstance(move, Close) and move.before_draw:  # only right after winning a trick
        return verdict(False, Reason("close.before_draw", (player,)))
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
        if rules.out_needs_trick and state.tricks[p] == 0:
            fails.append(Reason("out.needs_trick", (player,)))
        if fails:
            return verdict(False, *fails)
        return verdict(True, Reason("out.on_lead", (player, ("score", state.score(p)))))
    raise TypeError(f"not a move: {move!r}")


def _check_waiting(state: State, move: Move, p: int) -> Verdict:
    """The choice between two turns: after a trick, draw or close before drawing
    (``close.before_draw``); after a close, the opponent's exchange (``close.opponent_exchange``).
    Nothing else may be played before the choice is made."""
    player = ("player", p)
    if state.waiting is Wait.DRAW:
        legal = isinstance(move, Pass) or move == CLOSE_UNDRAWN
        return Verdict(move, legal, (Reason("close.before_draw", (player,)),))
    ex = CARDS[exchange_card(state)]
    params: tuple[tuple[str, object], ...] = (
        player,
        ("card", ex),
        ("trump_card", CARDS[state.trump_card]),
        ("closer", state.closed_by),
    )
    if isinstance(move, Exchange) and not state.hands[p] >> ex.index & 1:
        return Verdict(move, False, (Reason("exchange.card", params),))
    legal = isinstance(move, Pass | Exchange)
    return Verdict(move, legal, (Reason("close.opponent_exchange", params),))


def _check_naming(state: State, move: Move, p: int) -> Verdict:
    """Naming the trump suit; and, while the first leader must name it, any other move."""
    player = ("player", p)
    mode = state.rules.trump_mode
    if not isinstance(move, NameTrump):  # under ``named``, before trumps are named
        return Verdict(move, False, (Reason("trump.name_first", (player,)),))
    params: tuple[tuple[str, object], ...] = (player, ("suit", move.suit))
    if mode is TrumpMode.FACE_UP:
        return Verdict(move, False, (Reason("trump.face_up", (*params, ("trump", state.trump))),))
    if state.trump is not None:
        return Verdict(move, False, (Reason("trump.named", (*params, ("trump", state.trump))),))
    if mode is TrumpMode.HEART_ACE:
        params += (("card", state.rules.naming_card),)
        return Verdict(move, may_name_trump(state, p), (Reason("trump.heart_ace", params),))
    return Verdict(move, True, (Reason("trump.name_first", params),))


def _out_problems(state: State, p: int) -> list[Reason]:
    if state.out_by >= 0:
        return [Reason("out.declared", (("player", state.out_by),))]
    if not _may_declare(state, p):
        return [
            Reason(
                "out.closer_opponent",
                (("player", p), ("closer", state.closed_by)),
            )
        ]
    return []


def _check_follow(state: State, move: Play, hand: int) -> Verdict:
    lead = state.lead
    led = CARDS[lead]
    c = move.card
    same = hand & SUIT_MASKS[led.suit]
    params: tuple[tuple[str, object], ...] = (
        ("player", other(state.leader)),
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
    elif hand & state.trump_mask:
        rid = "phase2.trump"
        params += (("options", cards_of_mask(hand & state.trump_mask)),)
    else:
        rid = "phase2.any"
    return Verdict(move, ok, (Reason(rid, params),))

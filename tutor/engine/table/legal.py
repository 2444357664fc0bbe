"""The legal moves at a table of three or four, and why a move is legal: the verdict with the
rule ids of the two-player game, said of the trick so far."""

from __future__ import annotations

from tutor.engine.cards import CARDS, SUIT_MASKS, Card, Rank, iter_bits
from tutor.engine.legality import Reason, Verdict
from tutor.engine.moves import (
    DECLARE_OUT,
    EXCHANGE,
    MARRIAGES,
    MARRIAGES_OUT,
    PLAYS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Play,
)
from tutor.engine.rules import (
    Duty,
    EqualCards,
)
from tutor.engine.table.state import TableState, _cards

# ----------------------------------------------------------------------------- legal moves


def beats(card: int, best: int, trump: int, equal_cards: EqualCards) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it."""
    if card == best:
        return equal_cards is EqualCards.LAST
    if card >> 3 == best >> 3:
        return card < best  # within a suit a lower index is a higher card
    return card >> 3 == trump


def trick_winner_of(trick: tuple[int, ...], trump: int, equal_cards: EqualCards) -> int:
    """The position in ``trick`` (0: the leader's card) of the card that takes it."""
    w = 0
    for k in range(1, len(trick)):
        if beats(trick[k], trick[w], trump, equal_cards):
            w = k
    return w


def _follow_cards(state: TableState, hand: int) -> int:
    """The cards (a 32-bit set) the player to move may play to the trick in progress."""
    held = _cards(hand)
    if state.stock_open:
        return held
    trick = state.trick
    trump = int(state.trump)
    led = trick[0] >> 3
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    same = held & SUIT_MASKS[led]
    if same:
        if state.rules.phase2_duty is Duty.HEAD and best >> 3 == led:
            higher = same & ((1 << best) - 1)
            return higher or same
        return same
    trumps = held & SUIT_MASKS[trump]
    if trumps and state.rules.phase2_duty is Duty.HEAD and best >> 3 == trump:
        return (trumps & ((1 << best) - 1)) or trumps  # over-trump where possible
    return trumps or held


def table_legal_moves(state: TableState) -> tuple[Move, ...]:
    """Every legal move of the player to move, plays first."""
    if state.result is not None:
        return ()
    p = state.to_move
    assert p is not None
    hand = state.hands[p]
    if state.trick:
        return tuple(PLAYS[i] for i in iter_bits(_follow_cards(state, hand)))
    rules = state.rules
    held = _cards(hand)
    moves: list[Move] = [PLAYS[i] for i in iter_bits(held)]
    side = state.side(p)
    has_trick = state.side_tricks(side) > 0
    if (rules.marriage_in_phase2 or state.stock_open) and (
        has_trick or not rules.marriage_needs_trick
    ):
        for suit in range(4):
            k = suit * 8 + 2
            if held >> k & 3 == 3:
                moves += [MARRIAGES[k], MARRIAGES[k + 1]]
                if rules.out_allowed and rules.out_after_marriage:
                    moves += [MARRIAGES_OUT[k], MARRIAGES_OUT[k + 1]]
    ex = int(state.trump) * 8 + rules.exchange_rank
    if (
        state.stock_open
        and state.trump_card >= 0
        and state.trump_card != ex
        and held >> ex & 1
        and (has_trick or not rules.exchange_needs_trick)
    ):
        moves.append(EXCHANGE)
    if rules.out_allowed and (has_trick or not rules.out_needs_trick):
        moves.append(DECLARE_OUT)
    return tuple(moves)


# ----------------------------------------------------------------------------- why a move is legal


def table_check(state: TableState, move: Move) -> Verdict:
    """Whether ``move`` is legal here, with the rule ids that decide it (the rule ids of the
    two-player game, said of the trick so far: to head a trick is to beat its best card)."""

    def verdict(legal: bool, *reasons: Reason) -> Verdict:
        return Verdict(move, legal, reasons)

    if state.result is not None:
        return verdict(False, Reason("deal.over"))
    p = state.to_move
    assert p is not None
    rules = state.rules
    player = ("player", p)
    held = _cards(state.hands[p])
    leading = not state.trick
    side_won = state.side_tricks(state.side(p)) > 0
    if isinstance(move, Play):
        c = move.card
        if not held >> c.index & 1:
            return verdict(False, Reason("card.in_hand", (player, ("card", c))))
        if leading or state.stock_open:
            rid = "lead.free" if leading else "phase1.free"
            return verdict(True, Reason(rid, (player, ("card", c))))
        return _table_follow(state, move, held)
    if isinstance(move, Marriage):
        c = move.card
        params: tuple[tuple[str, object], ...] = (
            player,
            ("card", c),
            ("suit", c.suit),
            ("points", rules.marriage_value(c.suit, state.trump, len(state.marriages))),
        )
        if c.rank not in (Rank.KING, Rank.QUEEN):
            return verdict(False, Reason("marriage.card", params))
        if not leading:
            return verdict(False, Reason("marriage.on_lead", params))
        if held >> (c.index & ~1) & 3 != 3:
            return verdict(False, Reason("marriage.pair", params))
        fails = []
        if rules.marriage_needs_trick and not side_won:
            fails.append(Reason("marriage.needs_trick", params))
        if not state.stock_open and not rules.marriage_in_phase2:
            fails.append(Reason("marriage.in_phase2", (*params, ("closed", False))))
        if move.out and not rules.out_allowed:
            fails.append(Reason("out.allowed", params))
        elif move.out and not rules.out_after_marriage:
            fails.append(Reason("out.after_marriage", params))
        return verdict(not fails, *(fails or [Reason("marriage.pair", params)]))
    if isinstance(move, Exchange):
        ex = CARDS[int(state.trump) * 8 + rules.exchange_rank]
        face = CARDS[state.trump_card] if state.trump_card >= 0 else None
        params_x: tuple[tuple[str, object], ...] = (player, ("card", ex), ("trump_card", face))
        fails = []
        if not leading:
            fails.append(Reason("exchange.on_lead", params_x))
        if not state.stock_open or face is None or face == ex:
            fails.append(Reason("exchange.stock", params_x))
        if not held >> ex.index & 1:
            fails.append(Reason("exchange.card", params_x))
        if rules.exchange_needs_trick and not side_won:
            fails.append(Reason("exchange.needs_trick", params_x))
        return verdict(not fails, *(fails or [Reason("exchange.card", params_x)]))
    if isinstance(move, DeclareOut):
        if not rules.out_allowed:
            return verdict(False, Reason("out.allowed", (player,)))
        fails = [] if leading else [Reason("out.on_lead", (player,))]
        if rules.out_needs_trick and not side_won:
            fails.append(Reason("out.needs_trick", (player,)))
        score = ("score", state.score(state.side(p)))
        return verdict(not fails, *(fails or [Reason("out.on_lead", (player, score))]))
    if isinstance(move, Close):
        return verdict(False, Reason("close.allowed", (player,)))
    if isinstance(move, NameTrump):
        return verdict(False, Reason("trump.face_up", (player, ("suit", move.suit))))
    return verdict(False, Reason("pass.nothing", (player,)))


def _table_follow(state: TableState, move: Play, held: int) -> Verdict:
    """A card played to a trick once the stock can no longer serve everyone: the duty against
    the trick's best card so far."""
    trick = state.trick
    trump = int(state.trump)
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    led = trick[0] >> 3
    c = move.card
    p = state.to_move
    params: tuple[tuple[str, object], ...] = (
        ("player", p),
        ("card", c),
        ("led", CARDS[best]),
        ("trump", state.trump),
    )
    allowed = _follow_cards(state, state.hands[state.to_move or 0])
    same = held & SUIT_MASKS[led]
    head = state.rules.phase2_duty is Duty.HEAD
    if same:
        higher = same & ((1 << best) - 1) if best >> 3 == led else 0
        if head and higher:
            rid, params = "phase2.head", (*params, ("better", _card_list(higher)))
        elif head:
            rid, params = "phase2.lower", (*params, ("options", _card_list(same)))
        else:
            rid, params = "phase2.follow", (*params, ("options", _card_list(same)))
    elif held & SUIT_MASKS[trump]:
        rid, params = "phase2.trump", (*params, ("options", _card_list(allowed)))
    else:
        rid = "phase2.any"
    return Verdict(move, bool(allowed >> c.index & 1), (Reason(rid, params),))


def _card_list(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in iter_bits(mask))

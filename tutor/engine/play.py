"""Applying moves: ``apply(state, move)`` returns the new state, scored when the deal ends.

>>> from tutor.engine.presets import preset
>>> from tutor.engine.state import new_deal
>>> s = new_deal(preset("classic"), hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
...              trump_card="Ah", stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd")
>>> s = play_moves(s, ["10h", "Kd"])
>>> s.leader, s.points, s.tricks
(0, (14, 0), (1, 0))
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine.legality import IllegalMoveError, check, exchange_card, legal_moves
from tutor.engine.moves import (
    PASS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Pass,
    Play,
    parse_move,
)
from tutor.engine.rules import Credit, OutResolution, TrumpMode
from tutor.engine.scoring import Ending, scoring
from tutor.engine.state import Outcome, State, Wait, other

# ----------------------------------------------------------------------------- applying


def trick_winner(lead: int, follow: int, trump: int) -> int:
    """0 when the card led wins, 1 when the card played to it wins (``trump`` a suit number,
    or ``NO_TRUMP``)."""
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
        return _close(state)
    if isinstance(move, Pass):
        if state.waiting is Wait.DRAW:
            return _draw(state._replace(waiting=Wait.NOTHING))
        return state._replace(waiting=Wait.NOTHING)
    if isinstance(move, DeclareOut):
        if state.rules.out_resolution is OutResolution.AFTER_TRICK:
            return state._replace(out_by=state.leader)
        return _declare(state, state.leader)
    if isinstance(move, NameTrump):
        return _name_trump(state, move)
    raise TypeError(f"not a move: {move!r}")


def _set(pair: tuple[int, int], i: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if i == 0 else (pair[0], value)


def _name_trump(state: State, move: NameTrump) -> State:
    """The suit named becomes trumps. Under ``heart_ace`` only the holder of the ace of hearts
    names: the opponent then knows where the ace is."""
    known = state.known
    if state.rules.trump_mode is TrumpMode.HEART_ACE:
        p = state.leader if state.lead < 0 else other(state.leader)
        known = _set(known, p, known[p] | state.rules.naming_card.bit)
    return state._replace(trump=move.suit, known=known)


def _marry(state: State, move: Marriage) -> State:
    rules = state.rules
    p = state.leader
    suit = move.card.suit
    value = rules.marriage_value(suit, state.trump, len(state.marriages))
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
        trump=suit if rules.marriage_makes_trump else state.trump,
    )
    if move.out:
        if rules.out_resolution is OutResolution.AFTER_TRICK:
            return s._replace(out_by=p)
        return _declare(s, p)
    return s


def _exchange(state: State) -> State:
    p = state.to_move
    assert p is not None
    ex = exchange_card(state)
    old = state.trump_card
    hand = (state.hands[p] & ~(1 << ex)) | (1 << old)
    return state._replace(
        hands=_set(state.hands, p, hand),
        trump_card=ex,
        known=_set(state.known, p, (state.known[p] & ~(1 << ex)) | (1 << old)),
        waiting=Wait.NOTHING,
    )


def _close(state: State) -> State:
    """The leader closes (after drawing, or before under ``close.before_draw``); where
    ``close.opponent_exchange`` lets the opponent exchange the lowest trump, the opponent now
    decides, whether or not they hold it (a pass tells the closer nothing)."""
    p = state.leader
    s = state._replace(closed_by=p, closed_opp_tricks=state.tricks[other(p)], waiting=Wait.NOTHING)
    if state.rules.close_opponent_exchange and s.trump_card >= 0:
        s = s._replace(waiting=Wait.REPLY)
    return s


def _draw(state: State) -> State:
    """After a trick with the stock open: the trick's winner (the leader now) draws."""
    hands, known, stock, trump_card = _drawn(
        state.hands, state.known, state.stock, state.trump_card, state.leader
    )
    return state._replace(hands=hands, stock=stock, trump_card=trump_card, known=known)


def _drawn(
    hands: tuple[int, int], known: tuple[int, int], stock: tuple[int, ...], trump_card: int, w: int
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, ...], int]:
    """The draw after a trick: the winner ``w`` takes the top card, the other player the next
    one, or the face-up trump card when it is the last (which the winner has seen)."""
    loser = other(w)
    first = stock[0]
    if len(stock) >= 2:
        second = stock[1]
        stock = stock[2:]
    else:
        second = trump_card
        stock = ()
        trump_card = -1
        known = _set(known, loser, known[loser] | (1 << second))
    hands = _set(hands, w, hands[w] | (1 << first))
    hands = _set(hands, loser, hands[loser] | (1 << second))
    return hands, known, stock, trump_card


def _finish_trick(state: State, follow: int) -> State:
    rules = state.rules
    leader = state.leader
    f = other(leader)
    lead = state.lead
    w = leader if trick_winner(lead, follow, state.trump_index) == 0 else f
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
    waiting = Wait.NOTHING
    if state.stock_open:
        if (
            state.out_by < 0
            and rules.close_before_draw
            and rules.closing_allowed
            and hands[0] | hands[1]  # a close needs cards left to play
        ):
            waiting = Wait.DRAW  # the winner draws, or closes first
        else:
            hands, known, stock, trump_card = _drawn(hands, known, stock, trump_card, w)
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
        waiting,
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


def _ended(state: State, why: list[Ending]) -> State:
    _, kind, winner, gp, player, rule_id = why[0]
    gps = (0, 0) if winner is None else (gp, 0) if winner == 0 else (0, gp)
    scores = (state.score(0), state.score(1))
    return state._replace(result=Outcome(kind, winner, gps, scores, player, rule_id))


def _facts(state: State) -> tuple[int, int, int, int, int]:
    """The scores, tricks won (a bit set), closer and the closer's opponent's trickless flag."""
    won = (1 if state.tricks[0] else 0) | (2 if state.tricks[1] else 0)
    trickless = 1 if state.closed_opp_tricks == 0 else 0
    return state.score(0), state.score(1), won, state.closed_by, trickless


def _declare(state: State, p: int) -> State:
    s0, s1, won, closer, trickless = _facts(state)
    why: list[Ending] = []
    scoring(state.rules).declare(p, s0, s1, won, closer, trickless, why)
    return _ended(state, why)


def _end_of_cards(state: State) -> State:
    why: list[Ending] = []
    last = state.last_trick[3] if state.last_trick is not None else state.leader
    scoring(state.rules).end_of_cards(*_facts(state), last, why)
    return _ended(state, why)


def play_moves(state: State, moves: Iterable[Move | str]) -> State:
    """Apply moves (or their notation) in order; raises on the first illegal one.

    A choice between two turns that the list skips is passed (``pass_until``): a card after a
    trick means the winner drew, and a lead after a close means the opponent kept the nine."""
    for m in moves:
        move = parse_move(m) if isinstance(m, str) else m
        state = apply(pass_until(state, move), move)
    return state


def pass_until(state: State, move: Move) -> State:
    """``state``, after passing the choices between two turns that ``move`` skips: while the
    state waits for a choice that ``move`` is not, pass (draw; keep the lowest trump).

    >>> from tutor.engine.presets import preset
    >>> from tutor.engine.state import new_deal
    >>> s = new_deal(preset("pagat"), hands=("Kh Qh Jd Ac 10c 9s", "Ah Jh Kc Qc 10s 9d"),
    ...              trump_card="Ad", stock="Jc 9c As Ks Qs 10h 10d Kd Qd Js 9h")
    >>> s = play_moves(s, ["Ac", "10s"])
    >>> s.waiting.value, pass_until(s, parse_move("Jc")).waiting.value
    ('draw', 'nothing')
    """
    while state.waiting is not Wait.NOTHING and move not in legal_moves(state):
        state = apply_unchecked(state, PASS)
    return state

"""The expert: sampled deals, each searched exactly once the stock is short, what the opponent's
plays tell, and the match score.

A decision is made in four steps:

1. What the seat knows of the opponent's hand (``inferred``): cards it cannot hold (it did not
   follow suit or trump under the duties of a closed stock) and cards it probably does not hold
   (it played a king or queen alone in the first phase, so it probably lacked the partner; it
   led without exchanging the lowest trump, so it probably lacked that card).
2. ``WORLDS`` deals consistent with that (``sample_worlds``): the hidden cards drawn at random,
   a deal with a card the opponent probably lacks kept with probability ``UNLIKELY_WEIGHT``.
   While the best move is not clearly ahead of the second, further deals are drawn, as many
   again each round, up to ``SETTLE_WORLDS`` (``expert_evaluation``'s ``settle``).
3. Every legal move valued in every deal (``tutor.search.sampling``): by exact search to the
   end of the deal once each player has at most ``EXACT_DRAWS`` cards still to draw, or the
   stock is closed; before that, by ``club`` playing both seats until the stock is used up or
   closed, and exact search from there. Closing is valued by exact search of the closed deal.
   The work of one decision is bounded (``EXPERT_NODES``): past it, the deals valued so far
   decide.
4. In a match, the values turned into the chance of winning the match (``utility``, from
   ``Seen.need``): a deal won by three game points counts for more than one won by a single
   point only when the match needs it.

Searching every sampled deal knowing its hidden cards can flatter closing (after the close each
sample is played knowing where the cards are). ``CLOSE_MARGIN`` can ask a close to beat the
best other move by some game points; margins of 0.3 and 0.5 made the expert no stronger
against ``expert1`` on the same deals, so it is 0: the expert closes when closing is best.

Exact search from two draws left is what schnapsen's five cards a hand gave from seven cards
still to play; under classic's six a hand it starts one draw earlier than ``expert2``. Over the
same 1,000 matches to 7 against ``expert2`` under classic (``tutor bench --strength 1000
--against expert2 --strength-rules classic``) that won 607 (60.7%, Wilson 95%: 57.6-63.7%),
where exact search from seven cards won 574 (57.4%).

Two changes that did not make the expert stronger, each over the same 1,000 matches to 7
against ``expert2`` under schnapsen (today's expert: 547 won): searching exactly from eight
cards still to play (three draws left): 542 won; and a close checked by playing the closed deal
in 40 of the deals with both seats deciding from what they see (12 deals of their own at each
decision), the close given up where that play valued it below the best other move: 544 won.
Three more, on the same matches: after the opponent closed, a sampled deal in which the closer
loses the closed deal with every card seen kept one time in five (in 28 such decisions the
true deal was one the closer wins 18 times, against 26% of the deals drawn): 546 won; against
``expert1``, further deals up to 480 and 2,000,000 work units with a stricter test of "clearly
ahead" (2.5 standard errors): 646 of 1,000 won, where today's expert won 647; and once the
stock is short, each of 20 sampled deals played to its end by both seats deciding from what
they see (8 deals of their own at each decision) in place of exact search: 163 of the first
300 matches won, where today's expert won 165 of the same 300, at a decision p95 of 677 ms.

An ``ExpertStyle`` holds the settings that tell experts apart: ``EXPERT`` is today's,
``EXPERT2`` the one before it (60 deals and 200,000 work units, no further deals, exact search
from ``EXACT_CARDS`` cards still to play), kept as the yardstick ``expert2`` of ``tutor bench
--strength``. Against it, today's expert won 547 of 1,000 matches to 7 under schnapsen (54.7%,
Wilson 95%: 51.6-57.8%).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from tutor.engine import (
    EXCHANGE,
    Close,
    Marriage,
    Move,
    Play,
    State,
    View,
    Wait,
    apply_unchecked,
    exchange_card,
    may_exchange,
    other,
    sample_state,
    track_excluded,
    view_of,
)
from tutor.search.budget import Budget
from tutor.search.club import obvious_move
from tutor.search.sampling import (
    Evaluation,
    clearly_ahead,
    evaluate_worlds,
    pooled_evaluation,
)
from tutor.search.seen import Seen

#: Deals sampled for one decision.
WORLDS = 60
#: A decision is searched exactly to the end of the deal when each player has at most this
#: many cards still to draw (two draws left: seven cards still to play under schnapsen's five
#: a hand, eight under classic's six).
EXACT_DRAWS = 2
#: The yardstick ``expert2`` searched exactly from this many cards still to play (the hand
#: and the cards still to draw), whatever the hand size.
EXACT_CARDS = 7
#: Before that, ``club`` plays both seats until this many cards are left to draw, and exact
#: search takes over.
PLAYOUT_STOCK = 0
#: Work units (nodes searched, playout moves) for one decision: past them the deals valued so
#: far decide (``tutor.search.budget``).
EXPERT_NODES = 1_000_000
#: While the best move is not clearly ahead, the deals a decision may grow to.
SETTLE_WORLDS = 240
#: Game points a close must gain over the best other move before the expert closes.
CLOSE_MARGIN = 0.0
#: The chance of keeping a sampled deal that gives the opponent a card it probably lacks.
UNLIKELY_WEIGHT = 0.25


@dataclass(frozen=True)
class ExpertStyle:
    """How an expert decides: ``nodes`` work units a decision; up to ``settle`` deals while the
    best move is not clearly ahead of the second (below ``WORLDS``: none added); exact search
    from ``exact_cards`` cards still to play (``None``: from ``EXACT_DRAWS`` draws left, the
    rules' hand size and two), and ``club`` playing down to ``playout_stock`` cards to draw
    before that (``expert_evaluation``)."""

    nodes: int = EXPERT_NODES
    settle: int = SETTLE_WORLDS
    exact_cards: int | None = None
    playout_stock: int = PLAYOUT_STOCK


#: Today's expert.
EXPERT = ExpertStyle()
#: The expert before it, kept as a yardstick (``expert2``): the ``WORLDS`` deals decide.
EXPERT2 = ExpertStyle(nodes=200_000, settle=0, exact_cards=EXACT_CARDS, playout_stock=0)


@dataclass(frozen=True)
class Inferred:
    """Cards the opponent of ``player`` cannot hold (``excluded``) and probably does not hold
    (``unlikely``), as far as ``player`` saw the deal."""

    excluded: int = 0
    unlikely: int = 0


def inferred(seen: Seen, player: int) -> Inferred:
    """What ``player`` can tell of the opponent's hand from the moves of the deal."""
    opp = other(player)
    state = seen.start
    excluded = 0
    unlikely = 0
    for move in seen.moves:
        if state.result is not None:
            break
        if state.to_move == opp:
            excluded = track_excluded(excluded, state, move, player)
            unlikely |= _unlikely_after(state, move, opp, player)
        state = apply_unchecked(state, move)
    return Inferred(excluded, unlikely)


def _unlikely_after(state: State, move: Move, opp: int, player: int) -> int:
    """Cards ``opp`` probably lacked when it made ``move`` (first phase only)."""
    if not state.stock_open or state.waiting is not Wait.NOTHING:
        return 0
    seen_by_player = state.hands[player] | state.played_mask
    if state.lead >= 0:
        seen_by_player |= 1 << state.lead
    out = 0
    if isinstance(move, Play) and not isinstance(move, Marriage):
        c = move.card.index
        if c & 7 in (2, 3):  # a king or queen played alone: the partner was probably not held
            partner = c ^ 1
            if not seen_by_player >> partner & 1 and state.rules.pack_mask >> partner & 1:
                out |= 1 << partner
    if (
        state.lead < 0
        and move != EXCHANGE
        and state.trump is not None
        and state.trump_card >= 0
        and not isinstance(move, Close)
    ):
        card = exchange_card(state)
        if not seen_by_player >> card & 1:
            with_card = state.hands[opp] | 1 << card
            hands = (with_card, state.hands[1]) if opp == 0 else (state.hands[0], with_card)
            if may_exchange(state._replace(hands=hands), opp):
                out |= 1 << card
    return out


@cache
def match_chances(need_a: int, need_b: int) -> float:
    """The chance that the seat needing ``need_a`` game points wins the match against one
    needing ``need_b``, if each deal is won by either seat alike, for one game point in half
    the deals, two in a third and three in a sixth (about what deals between good players give).
    """
    if need_a <= 0:
        return 1.0
    if need_b <= 0:
        return 0.0
    total = 0.0
    for gain, share in ((1, 3 / 6), (2, 2 / 6), (3, 1 / 6)):
        total += 0.5 * share * match_chances(need_a - gain, need_b)
        total += 0.5 * share * (1.0 - match_chances(need_b - gain, need_a))
    return total


def utility(net: int, need: tuple[int, int], player: int) -> float:
    """The chance of winning the match for ``player`` after a deal worth ``net`` game points to
    it (negative: to the opponent)."""
    mine, theirs = need[player], need[other(player)]
    return match_chances(mine - max(net, 0), theirs - max(-net, 0))


def sample_worlds(view: View, n: int, rng: random.Random) -> list[State]:
    """``n`` deals consistent with ``view``; a deal giving the opponent cards of
    ``view.unlikely`` is kept with probability ``UNLIKELY_WEIGHT`` for each such card (so that
    a card the opponent probably lacks is in its hand in fewer deals, not in none)."""
    out: list[State] = []
    opp = other(view.player)
    tries = 0
    while len(out) < n:
        s = sample_state(view, rng)
        tries += 1
        held = (s.hands[opp] & view.unlikely).bit_count()
        if held and tries < 20 * n and rng.random() >= UNLIKELY_WEIGHT**held:
            continue
        out.append(s)
    return out


def expert_view(state: State, player: int, seen: Seen | None) -> View:
    """The view ``player`` decides from: what it sees, with what the opponent's plays told."""
    if seen is None:
        return view_of(state, player)
    known = inferred(seen, player)
    return view_of(state, player, known.excluded, known.unlikely)


def expert_evaluation(
    view: View,
    seed: int | str = 0,
    budget: Budget | None = None,
    need: tuple[int, int] | None = None,
    worlds: int | None = None,
    lines: bool = False,
    only: Sequence[Move] | None = None,
    settle: int = 0,
    exact_cards: int | None = None,
    playout_stock: int = PLAYOUT_STOCK,
) -> Evaluation:
    """Every legal move of the view's player valued the expert's way, best first (the order in
    which ``choose`` reads them). With ``need`` (``Seen.need``) the moves are ranked by the
    chance of winning the match. ``worlds`` deals are sampled (``WORLDS`` by default).
    ``lines`` follows each search to the end of the deal for the final card points (which hints
    show); it changes no value and no order. ``only`` values just those of the legal moves.
    A deal is searched exactly once each player has at most ``exact_cards`` cards still to play
    (``None``: the hand size and ``EXACT_DRAWS``), or the stock is closed; before that ``club``
    plays both seats until at most ``playout_stock`` cards are left to draw, and exact search
    takes over there.

    With ``settle`` above the deals asked, while the first move is not clearly ahead of the
    second (``clearly_ahead``), further deals are drawn and pooled in, as many again each
    round, up to ``settle`` deals in all, while the budget can pay for a round as large as the
    work so far (so that the same position gets the same first move whatever the seed, except
    where the two are too close to part)."""
    player = view.to_move
    if player is None or player != view.player:
        raise ValueError("the view's player is not to move")
    rng = random.Random(seed)
    nothing_hidden = view.stock_count == 0 and view.trump_card < 0
    n = WORLDS if worlds is None else max(1, worlds)
    deals = sample_worlds(view, 1 if nothing_hidden else n, rng)
    to_play = view.hand.bit_count() + (view.stock_size + 1) // 2 if view.stock_open else 0
    if exact_cards is None:
        exact_cards = view.rules.hand_size + EXACT_DRAWS
    exact = view.stock_size if to_play <= exact_cards else playout_stock
    one = len(deals) == 1
    worth = None
    if need is not None:
        stakes = need

        def worth(net: int) -> float:
            return utility(net, stakes, player)

    spent = 0 if budget is None else budget.spent
    ev = evaluate_worlds(
        deals, exact, budget, worth, lines or one, tie_by_card_points=one, only=only
    )
    while (
        not one
        and ev.done == ev.asked
        and ev.done < settle
        and not clearly_ahead(ev)
        and (budget is None or budget.remaining >= budget.spent - spent)
    ):
        more = sample_worlds(view, min(ev.done, settle - ev.done), rng)
        extra = evaluate_worlds(
            more, exact, budget, worth, lines, tie_by_card_points=False, only=only
        )
        if extra.done < extra.asked or extra.rough:
            break  # the budget did not pay for the round: the deals so far decide
        ev = pooled_evaluation(ev, extra, tie_by_card_points=False)
    return ev


def choose(evaluation: Evaluation) -> Move:
    """The expert's move among the moves valued: the first, except a close that does not beat
    the best other move by ``CLOSE_MARGIN`` game points (when that is above 0)."""
    ranked = evaluation.moves
    top = ranked[0]
    if CLOSE_MARGIN > 0 and isinstance(top.move, Close):
        rest = next((m for m in ranked if not isinstance(m.move, Close)), None)
        if rest is not None and top.game_points < rest.game_points + CLOSE_MARGIN:
            return rest.move
    return top.move


def styled_move(
    style: ExpertStyle, state: State, rng: random.Random, seen: Seen | None = None
) -> Move:
    """The move of an expert of ``style`` (see the module's docstring); a declaration of 66 it
    can count is made at once."""
    p = state.to_move
    assert p is not None
    obvious = obvious_move(state)
    if obvious is not None:
        return obvious
    view = expert_view(state, p, seen)
    need = None if seen is None else seen.need
    budget = Budget(nodes=style.nodes)
    seed = rng.randrange(1 << 30)
    ev = expert_evaluation(
        view,
        seed,
        budget,
        need,
        settle=style.settle,
        exact_cards=style.exact_cards,
        playout_stock=style.playout_stock,
    )
    return choose(ev)


def expert_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
    """Today's expert's move (``EXPERT``)."""
    return styled_move(EXPERT, state, rng, seen)


def expert2_player(state: State, rng: random.Random, seen: Seen | None = None) -> Move:
    """The move of the expert before today's (``EXPERT2``), kept as a yardstick."""
    return styled_move(EXPERT2, state, rng, seen)


__all__ = [
    "CLOSE_MARGIN",
    "EXACT_CARDS",
    "EXACT_DRAWS",
    "EXPERT",
    "EXPERT2",
    "EXPERT_NODES",
    "PLAYOUT_STOCK",
    "SETTLE_WORLDS",
    "UNLIKELY_WEIGHT",
    "WORLDS",
    "ExpertStyle",
    "Inferred",
    "choose",
    "expert2_player",
    "expert_evaluation",
    "expert_player",
    "expert_view",
    "inferred",
    "match_chances",
    "sample_worlds",
    "styled_move",
    "utility",
]

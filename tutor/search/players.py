"""Computer players: a player is a function ``(state, rng) -> move`` that only plays legal moves.

The engine never calls a player; drivers such as ``tutor selfplay`` or the app do.

Strengths: ``random``; ``greedy`` (grabs points); ``beginner`` (simple habits, some randomness);
``club`` (counts to 66, saves trumps, closes with enough sure winners); ``expert`` (perfect-
information Monte Carlo: deals consistent with what it can see are sampled, each move is valued
in every sample by exact search once the stock is closed or gone, by a ``club`` playout up to
that point before, and the move with the best mean game points is played). ``evaluate_moves``
is the expert's core, for hints.

The players are given the whole ``State`` but read only what their seat may know: their own
hand, the cards seen (tricks, the card led, the face-up trump, shown cards) and the scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.engine import (
    CARDS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    Play,
    State,
    View,
    apply_unchecked,
    legal_moves,
    sample_states,
    view_of,
)
from tutor.search.solver import Solver, terminal_value

Player = Callable[[State, random.Random], Move]


def _declaration_holds(state: State, move: Move) -> bool:
    """A declaration of 66 that the player can count as correct."""
    p = state.leader
    score = state.score(p)
    if isinstance(move, Marriage):
        rules = state.rules
        score += rules.trump_marriage_points if move.suit == state.trump else rules.marriage_points
    return score >= state.rules.target


def random_player(state: State, rng: random.Random) -> Move:
    """Any legal move at random; it declares 66 exactly when it can count 66, never falsely."""
    moves = legal_moves(state)
    declare = [
        m
        for m in moves
        if (isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out))
        and _declaration_holds(state, m)
    ]
    if declare:
        return declare[0]
    rest = [
        m
        for m in moves
        if not isinstance(m, DeclareOut) and not (isinstance(m, Marriage) and m.out)
    ]
    return rest[int(rng.random() * len(rest))]


def greedy_player(state: State, rng: random.Random) -> Move:
    """Declares when it counts 66, announces marriages, then plays a trump if it can, else its
    highest card (by card points, then rank)."""
    moves = legal_moves(state)
    for m in moves:
        if (isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out)) and (
            _declaration_holds(state, m)
        ):
            return m
    marriages = [m for m in moves if isinstance(m, Marriage) and not m.out]
    if marriages:
        return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:  # pragma: no cover - a player on turn always holds a card
        return next(m for m in moves if not isinstance(m, Close))
    pts = state.rules.points_by_index

    def key(m: Play) -> tuple[bool, int, int]:
        c = m.card
        return (c.suit == state.trump, pts[c.index], -c.rank)

    return max(plays, key=key)


# ----------------------------------------------------------------------------- heuristics

_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
_TRUMP_PENALTY = 25  # a trump given up is worth about this many points
_PAIR_PENALTY = 15  # a king or queen that can still be married


def _declaration(state: State, moves: Sequence[Move]) -> Move | None:
    """A declaration of 66 that the player can count as correct, if there is one."""
    for m in moves:
        if (isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out)) and (
            _declaration_holds(state, m)
        ):
            return m
    return None


def _not_declaring(moves: Sequence[Move]) -> list[Move]:
    return [
        m
        for m in moves
        if not isinstance(m, DeclareOut) and not (isinstance(m, Marriage) and m.out)
    ]


def _opponent_may_hold(state: State, p: int) -> int:
    """Cards the opponent of ``p`` may hold, as far as ``p`` can tell (the face-up trump card
    counts while it can still be drawn)."""
    seen = state.hands[p] | state.played_mask
    if state.lead >= 0:
        seen |= 1 << state.lead
    if state.trump_card >= 0 and not state.stock_open:
        seen |= 1 << state.trump_card
    return state.rules.pack_mask & ~seen


def _is_master(card: int, rivals: int) -> bool:
    """No rival card of the same suit beats ``card``."""
    return not rivals & _SUIT_MASKS[card >> 3] & ((1 << card) - 1)


def _in_pair(card: int, hand: int) -> bool:
    """A king or queen whose partner is in hand: a marriage to keep."""
    return card & 7 in (2, 3) and bool(hand >> (card ^ 1) & 1)


def _beats(lead: int, card: int, trump: int) -> bool:
    if lead >> 3 == card >> 3:
        return card < lead
    return card >> 3 == trump


def _keep_cost(state: State, card: int, hand: int) -> int:
    """What giving up ``card`` costs: its points, more for trumps and marriage partners."""
    cost = state.rules.points_by_index[card]
    if card >> 3 == state.trump:
        cost += _TRUMP_PENALTY
    if _in_pair(card, hand):
        cost += _PAIR_PENALTY
    return cost


def _sure_points(state: State, p: int, rivals: int) -> int:
    """Points ``p`` can count on by leading masters: trumps from the top, then the side masters
    once the rivals' trumps are drawn (a rough count: two points for each card taken)."""
    pts = state.rules.points_by_index
    hand = state.hands[p]
    tmask = _SUIT_MASKS[state.trump]
    total = 0
    masters = 0
    for c in range(32):
        if hand >> c & 1 and c >> 3 == state.trump:
            if not _is_master(c, rivals):
                break
            total += pts[c] + 2
            masters += 1
    if (rivals & tmask).bit_count() <= masters:
        for c in range(32):
            if hand >> c & 1 and c >> 3 != state.trump and _is_master(c, rivals):
                total += pts[c] + 2
    return total


def _close_counts(state: State, p: int, slack: int = 0) -> bool:
    """The points ``p`` holds and can count on after closing reach 66 (less ``slack``)."""
    rivals = _opponent_may_hold(state, p)
    if state.trump_card >= 0:
        rivals &= ~(1 << state.trump_card)  # stays under the closed stock
    have = state.score(p) + state.pending[p] + _sure_points(state, p, rivals)
    return have >= state.rules.target - slack


def _club_lead(state: State, p: int, moves: Sequence[Move]) -> Move:
    rules = state.rules
    pts = rules.points_by_index
    hand = state.hands[p]
    trump = state.trump
    tmask = _SUIT_MASKS[trump]
    rivals = _opponent_may_hold(state, p)
    plays = [m for m in moves if isinstance(m, Play)]
    if state.phase2:
        rival_trumps = rivals & tmask
        masters = [m.card.index for m in plays if _is_master(m.card.index, rivals)]
        trump_masters = [c for c in masters if c >> 3 == trump]
        if rival_trumps and trump_masters:
            return Play(CARDS[min(trump_masters)])
        side_masters = [c for c in masters if c >> 3 != trump]
        if side_masters and not rival_trumps:
            return Play(CARDS[max(side_masters, key=lambda c: pts[c])])
        if trump_masters and not rival_trumps:
            return Play(CARDS[max(trump_masters, key=lambda c: pts[c])])

    # Lead the card that is cheapest to lose; in the first phase an ace of a suit the opponent
    # may still follow is a fair lead too.
    def cost(m: Play) -> tuple[int, int]:
        c = m.card.index
        k = _keep_cost(state, c, hand)
        if c >> 3 != trump and _is_master(c, rivals) and pts[c] >= 10:
            k -= 8
        return (k, -c)

    return min(plays, key=cost)


def _club_follow(state: State, p: int, moves: Sequence[Move]) -> Move:
    pts = state.rules.points_by_index
    hand = state.hands[p]
    lead = state.lead
    trump = state.trump
    plays = [m.card.index for m in moves if isinstance(m, Play)]
    winners = [c for c in plays if _beats(lead, c, trump)]
    same = [c for c in winners if c >> 3 == lead >> 3]
    ruffs = [c for c in winners if c >> 3 != lead >> 3]
    have = state.score(p) + state.pending[p]
    target = state.rules.target
    if winners:
        best_same = max(same, key=lambda c: pts[c]) if same else None
        cheap_ruff = min(ruffs, key=lambda c: (_keep_cost(state, c, hand), -c)) if ruffs else None
        gain_same = pts[lead] + pts[best_same] if best_same is not None else -1
        if have + max(gain_same, pts[lead]) >= target:  # this trick brings 66
            if best_same is not None and have + gain_same >= target:
                return Play(CARDS[best_same])
            if cheap_ruff is not None and have + pts[lead] + pts[cheap_ruff] >= target:
                return Play(CARDS[cheap_ruff])
        if best_same is not None and (pts[best_same] >= 10 or state.phase2 or pts[lead] >= 10):
            return Play(CARDS[best_same])
        if cheap_ruff is not None and pts[lead] >= 10:
            return Play(CARDS[cheap_ruff])
        if state.phase2 and cheap_ruff is not None and pts[lead] >= 3:
            return Play(CARDS[cheap_ruff])
    losers = [c for c in plays if c not in winners] or plays
    return Play(CARDS[min(losers, key=lambda c: (_keep_cost(state, c, hand), -c))])


def club_player(state: State, rng: random.Random) -> Move:
    """Counts to 66 and declares, exchanges and announces marriages, closes when its sure
    winners bring 66, saves trumps in the first phase and draws trumps in the second."""
    moves = legal_moves(state)
    p = state.leader if state.lead < 0 else 1 - state.leader
    out = _declaration(state, moves)
    if out is not None:
        return out
    rest = _not_declaring(moves)
    if state.lead >= 0:
        return _club_follow(state, p, rest)
    for m in rest:
        if isinstance(m, Exchange):
            return m
    marriages = [m for m in rest if isinstance(m, Marriage)]
    if marriages:
        # Lead the queen of the most valuable marriage: the king is the better card to keep.
        return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
    if any(isinstance(m, Close) for m in rest) and state.stock_size > 2 and _close_counts(state, p):
        return next(m for m in rest if isinstance(m, Close))
    return _club_lead(state, p, rest)


def beginner_player(state: State, rng: random.Random) -> Move:
    """Declares when it counts 66 and announces marriages, but otherwise plays like a learner:
    often its highest card, sometimes any card; it never closes."""
    moves = legal_moves(state)
    out = _declaration(state, moves)
    if out is not None:
        return out
    rest = [m for m in _not_declaring(moves) if not isinstance(m, Close)]
    marriages = [m for m in rest if isinstance(m, Marriage)]
    if marriages and rng.random() < 0.8:
        return marriages[0]
    if rng.random() < 0.3:
        return rest[int(rng.random() * len(rest))]
    pts = state.rules.points_by_index
    plays = [m for m in rest if isinstance(m, Play)]
    if state.lead >= 0:
        winners = [m for m in plays if _beats(state.lead, m.card.index, state.trump)]
        if winners:
            return max(winners, key=lambda m: pts[m.card.index])
        return min(plays, key=lambda m: pts[m.card.index])
    return max(plays, key=lambda m: (pts[m.card.index], -m.card.index))


# ----------------------------------------------------------------------------- sampling


@dataclass(frozen=True)
class SampledMove:
    """A move valued over sampled deals, from the view of the player to move."""

    move: Move
    game_points: float  # mean net game points (own minus opponent's)
    card_points: float  # mean final card points of the player (with marriages)
    win_probability: float  # share of samples in which the deal is won
    best_count: int  # samples in which this move was (one of) the best
    samples: int


EXPERT_SAMPLES = 30
CLOSE_SLACK = 10  # the expert closes when its sure points come within this of 66


EXACT_STOCK = 2  # a decision with this many cards left to draw is searched exactly


def _playout(state: State, solver: Solver, player: int, exact_stock: int) -> tuple[int, int]:
    """Net game points and final card points of ``player``: ``club`` plays both seats while the
    stock is open and holds more than ``exact_stock`` cards; exact search takes over from
    there. (With only the last draw to come, just the opponent's reply to the current trick
    can still depend on hidden cards.)"""
    rng = random.Random(0)
    while state.result is None and not state.phase2 and state.stock_size > exact_stock:
        state = apply_unchecked(state, club_player(state, rng))
    if state.result is not None:
        return terminal_value(state.result, player), state.result.scores[player]
    v = solver.value(state)
    mover = state.to_move
    _, end = solver.line(state)
    assert end.result is not None
    return (v if mover == player else -v), end.result.scores[player]


def _sample_value(
    state: State, move: Move, solver: Solver, player: int, exact_stock: int
) -> tuple[int, int]:
    child = apply_unchecked(state, move)
    if child.result is not None:
        return terminal_value(child.result, player), child.result.scores[player]
    return _playout(child, solver, player, exact_stock)


def _moves_again(state: State, move: Move) -> bool:
    """After ``move`` the same player chooses again before anything is revealed: closing, or a
    declaration judged after the trick. Such a move is valued with one choice of the next move
    for all samples, not the best one for each (which would credit knowledge of hidden cards)."""
    if not isinstance(move, Close | DeclareOut):
        return False
    after = apply_unchecked(state, move)
    return after.result is None and after.to_move == state.to_move


def evaluate_moves(
    view: View, samples: int = EXPERT_SAMPLES, seed: int | str = 0
) -> tuple[SampledMove, ...]:
    """Every legal move of the player to move valued over ``samples`` deals consistent with
    ``view`` (one deal when the view leaves nothing unknown), best first: by mean game points,
    then win probability, then card points.

    In each sample a move is valued by exact search once the stock is closed or gone (or when
    the decision is at the last draw), and by a ``club`` playout of the first phase before
    that. A move after which the same player moves again (closing; declaring before leading)
    takes the one follow-up that is best on average. Beyond that, play inside a sample knows
    the sample's hidden cards, so the values of closing lean optimistic; ``expert_player``
    therefore also asks for sure points before it closes.
    """
    player = view.to_move
    if player is None or player != view.player:
        raise ValueError("the view's player is not to move")
    if view.stock_count == 0 and view.trump_card < 0:
        samples = 1  # the opponent holds exactly the unseen cards: nothing to sample
    worlds = sample_states(view, max(1, samples), seed)
    moves = legal_moves(worlds[0])
    exact = EXACT_STOCK if view.stock_size <= EXACT_STOCK else 0
    # results[i][j][w]: (game points, card points) of move i (follow-up j) in sample w
    again = [_moves_again(worlds[0], move) for move in moves]
    results: list[list[list[tuple[int, int]]]] = []
    for move, twice in zip(moves, again, strict=True):
        follow_ups = len(legal_moves(apply_unchecked(worlds[0], move))) if twice else 1
        results.append([[] for _ in range(follow_ups)])
    for world in worlds:
        solver = Solver(world)
        for i, move in enumerate(moves):
            if not again[i]:
                results[i][0].append(_sample_value(world, move, solver, player, exact))
                continue
            after = apply_unchecked(world, move)
            for j, second in enumerate(legal_moves(after)):
                results[i][j].append(_sample_value(after, second, solver, player, exact))
    n = len(worlds)
    chosen = [
        max(r, key=lambda per: (sum(v for v, _ in per), sum(c for _, c in per))) for r in results
    ]
    best = [0] * len(moves)
    for w in range(n):
        top = max(per[w][0] for per in chosen)
        for i, per in enumerate(chosen):
            best[i] += per[w][0] == top
    out = [
        SampledMove(
            move,
            sum(v for v, _ in per) / n,
            sum(c for _, c in per) / n,
            sum(v > 0 for v, _ in per) / n,
            best[i],
            n,
        )
        for i, (move, per) in enumerate(zip(moves, chosen, strict=True))
    ]
    out.sort(key=lambda s: (-s.game_points, -s.win_probability, -s.card_points))
    return tuple(out)


def expert_player(state: State, rng: random.Random) -> Move:
    """Perfect-information Monte Carlo over deals consistent with what this seat can see."""
    p = state.to_move
    assert p is not None
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    out = _declaration(state, moves)
    if out is not None and isinstance(out, DeclareOut):
        return out
    ranked = evaluate_moves(view_of(state, p), EXPERT_SAMPLES, rng.randrange(1 << 30))
    for choice in ranked:
        # Sampling flatters closing: after the close each sample is played out knowing that
        # sample's hidden cards. Close only with nearly enough sure points as well.
        if isinstance(choice.move, Close) and not _close_counts(state, p, CLOSE_SLACK):
            continue
        return choice.move
    return ranked[0].move  # pragma: no cover - a lead always offers a card


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "beginner": beginner_player,
    "club": club_player,
    "expert": expert_player,
}

__all__ = [
    "EXPERT_SAMPLES",
    "PLAYERS",
    "Player",
    "SampledMove",
    "beginner_player",
    "club_player",
    "evaluate_moves",
    "expert_player",
    "greedy_player",
    "random_player",
]

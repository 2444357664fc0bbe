"""Computer players for three and four at the table (``tutor.engine.table``); the registry
of every player is ``tutor.search.players.PLAYERS``.

``table_random_player`` plays any legal move but declares exactly when its side has the target.
``table_club`` counts to the target and declares, exchanges and announces marriages, takes tricks
worth taking with the cheapest card that wins, and gives points to a partner who is winning the
trick. ``table_expert`` samples deals consistent with what its seat has seen and plays each
legal move out with ``table_club`` at every seat, taking the move with the best average for its
side. With two teams that is the team's result (its game points less the other team's), and the
last tricks of each sample are solved exactly (``table_solver``); with three seats each for
himself it is the seat's own game points, which count the deals it wins and what they bring,
with its card points added at a weight (``CARD_POINTS_WEIGHT``), and the samples are weighed
by the other seats' plays: a deal in which ``table_club`` would have played another card than
one a seat played counts less (``UNEXPLAINED_KEEP``). A small head start goes to the move
``table_club`` would make (with three seats ``table_club_plus``, which leads better once the
stock is closed). The samples give no hand a card its plays have shown it lacks
(``TableState.lacks``).

Against two ``table_club`` players under ``three`` (``tutor selfplay --rules three --players
expert,club --games 1000 --seed 1``) the expert's seat won 400 of 1,000 deals (40.0%, Wilson
95%: 37.0-43.1%; with ``--seed 2``, 398), where 12 deals a decision valued by game points alone
won 353 (367). Experiments over the same deals, the seat's own part of each playout played by
``table_club_plus``: the card points added (weight 5) with 12, 24, 48 and 96 deals won 371,
382, 394 and 398; the plays' weighing on top of 48 deals, 412 (keep 0.35) and 408 (0.1), and of
96 deals, 396. Differences of 30 deals in 1,000 are within chance. Three more on the expert as
it is (``table_club`` at every seat of the playouts), which stayed near 40%: weighing by every
play since the last card was drawn (the whole play of the hands once the stock is gone, told by
a driver that keeps the deal's moves), 400; a won deal valued at 2 game points more than it
brings, 408 (with ``--seed 2``, 406, where the expert as it is won 398); both, with 96 deals,
396. In 12 deals, the sampled deals that explain every such play were a quarter to two thirds of
those drawn at every trick: ``table_club``'s plays tell little of a hand beyond the suits it
has shown it lacks. What the hidden cards are worth: the expert told every hand (its samples
all the true deal, 8 a decision, the rest as it is) won 574 of the same 1,000 deals (57.4%,
Wilson 95%: 54.3-60.4%), so the seat's share rests on where the other cards are, and the plays
of ``table_club`` do not tell it."""

from __future__ import annotations

import random

from tutor.engine import (
    CARDS,
    DECLARE_OUT,
    EXCHANGE,
    Marriage,
    Move,
    Play,
    Rank,
    TableState,
    TableView,
    is_declaration,
    sample_table,
    table_apply_unchecked,
    table_legal_moves,
    table_view,
    trick_winner_of,
)
from tutor.engine.cards import SUIT_MASKS
from tutor.search.table_solver import TableSolver, table_solvable

LOW = (1 << 32) - 1  # the first copies of a two-pack hand

#: Deals the expert samples for each decision with three seats each for himself.
TABLE_EXPERT_SAMPLES = 48
#: With three seats each for himself, a sampled deal's value adds the seat's card points (with
#: its marriages) over the target, times this weight, to the game points it wins: most playouts
#: bring the seat no game points, and the points it took part its moves where the win alone
#: does not. (Game points alone, 30 deals a decision won no more deals than 12.)
CARD_POINTS_WEIGHT = 5.0
#: With three seats each for himself, a sampled deal in which ``table_club`` would not have
#: played a card another seat played (in this trick, and in the last when no card was drawn
#: since) is kept this often: the plays of a sound player tell of its hand.
UNEXPLAINED_KEEP = 0.35
#: Deals drawn for one sample at most; the last is kept whatever it explains.
EXPLAIN_TRIES = 30
#: Deals the expert samples for each decision with two teams, where more deals pay: its team
#: won 62.2% of 500 deals against two ``table_club`` players with 12 deals, 67.7% of 1,000
#: with 40 and 69.6% of 1,000 with 80 (``tutor selfplay --rules four --players
#: expert,club``); a decision takes 0.12 s at the median, 0.23 s at the 95th percentile.
TEAM_EXPERT_SAMPLES = 80
#: The game points a sample by which the club player's move is preferred (see ``table_expert``).
CLUB_HEAD_START = 0.25
#: With two teams, a sampled deal whose hands hold at most this many cards each, the stock
#: closed to drawing, is solved exactly for every move (``table_solver``)...
SOLVE_CARDS = 4
#: ... and otherwise each move is played out by ``table_club`` until the hands hold this many
#: cards each and the stock is closed, and solved from there.
ROLLOUT_SOLVE_CARDS = 3
#: With three seats each for himself the samples value the seat's own game points (True) or
#: its game points less the best other seat's (False), and every move is played out by
#: ``table_club`` to the end: the solver's paranoid values (the other two playing together
#: against the seat) made the expert weaker there.
OWN_POINTS = True


def table_random_player(state: TableState, rng: random.Random) -> Move:
    """Any legal move at random, but 66 (101) is declared exactly when the side has it."""
    moves = table_legal_moves(state)
    if state.trick:  # a reply: cards only
        return moves[int(rng.random() * len(moves))]
    p = state.to_move
    assert p is not None
    rest = [m for m in moves if not is_declaration(m)]
    if state.score(state.side(p)) >= state.rules.target:
        out = [m for m in moves if is_declaration(m)]
        if out:
            return DECLARE_OUT if DECLARE_OUT in out else out[0]
    return rest[int(rng.random() * len(rest))]


def _points(state: TableState, card: int) -> int:
    return state.rules.points_by_index[card]


def table_club(state: TableState, rng: random.Random) -> Move:
    """A sound player without look-ahead (see the module's text)."""
    moves = table_legal_moves(state)
    p = state.to_move
    assert p is not None
    side = state.side(p)
    rules = state.rules
    if not state.trick:
        if state.score(side) >= rules.target:
            outs = [m for m in moves if is_declaration(m)]
            if outs:
                return DECLARE_OUT if DECLARE_OUT in outs else outs[0]
        if EXCHANGE in moves:
            return EXCHANGE
        marriages = [m for m in moves if isinstance(m, Marriage) and not m.out]
        if marriages:  # the trump marriage first; lead the queen and keep the king
            return max(marriages, key=lambda m: (m.suit == state.trump, m.card.rank))
        plays = [m for m in moves if isinstance(m, Play)]
        trump = int(state.trump)
        if not state.stock_open:  # lead the strongest card: aces and tens take tricks now
            return min(plays, key=lambda m: (m.card.index & 7, m.card.suit != trump))
        # with the stock open: a low card outside trumps, kept cheap
        return min(
            plays, key=lambda m: (m.card.suit == trump, _points(state, m.card.index), -m.card.index)
        )
    plays = [m for m in moves if isinstance(m, Play)]
    trick = state.trick
    trump = int(state.trump)
    k = trick_winner_of(trick, trump, rules.equal_cards)
    winner_seat = (state.leader + k) % rules.seats
    last = len(trick) == rules.seats - 1
    on_trick = sum(_points(state, c) for c in trick)

    def wins(m: Play) -> bool:
        return trick_winner_of((*trick, m.card.index), trump, rules.equal_cards) == len(trick)

    if state.side(winner_seat) == side and winner_seat != p:
        # a partner wins the trick: give points if nobody can take it any more, else cheap
        if last:
            return max(plays, key=lambda m: (_points(state, m.card.index), -m.card.index))
        return min(plays, key=lambda m: (_points(state, m.card.index), m.card.index))
    winners = [m for m in plays if wins(m)]
    if winners and (on_trick >= 10 or not state.stock_open or last):
        return min(winners, key=lambda m: (m.card.suit == trump, _points(state, m.card.index)))
    return min(plays, key=lambda m: (m.card.suit == trump, _points(state, m.card.index)))


def _unseen_higher(state: TableState, card: int) -> int:
    """The cards of ``card``'s suit above it that the seat to move has not seen: not in its
    hand, the trick or the tricks played (what the seat itself knows, not the hidden hands)."""
    p = state.to_move
    assert p is not None
    seen = state.hands[p] | state.played
    seen = (seen | seen >> 32) & LOW
    for c in state.trick:
        seen |= 1 << c
    return SUIT_MASKS[card >> 3] & ((1 << card) - 1) & state.rules.pack_mask & ~seen


def table_club_plus(state: TableState, rng: random.Random) -> Move:
    """``table_club`` with a better lead once the stock is closed: a card nobody can head in
    its suit (trumps first, then the one worth most), or a low card when it holds none, where
    ``table_club`` leads its highest rank, a ten into an ace still out. With three seats the
    expert gives this player's move its head start: against ``table_club`` it wins about two
    deals in a hundred more under both games for three."""
    club = table_club(state, rng)
    if state.trick or state.stock_open or not isinstance(club, Play):
        return club
    trump = int(state.trump)
    plays = [m for m in table_legal_moves(state) if isinstance(m, Play)]
    masters = [m for m in plays if not _unseen_higher(state, m.card.index)]
    if masters:
        return max(
            masters,
            key=lambda m: (m.card.suit == trump, _points(state, m.card.index), -m.card.index),
        )
    return min(
        plays, key=lambda m: (m.card.suit == trump, _points(state, m.card.index), -m.card.index)
    )


Told = tuple[tuple[int, ...], int, int, bool]


def told_plays(view: TableView) -> tuple[Told, ...]:
    """The other seats' plays whose hands a sampled deal gives back: ``(the trick before the
    play, its leader, the card, of the last trick)``, for the trick being played and the
    last one when no card was drawn since (the seat's hand is below the hand size); not a lead
    that may have announced a marriage."""
    s = view.public
    n = s.rules.seats

    def told(cards: tuple[int, ...], leader: int, last: bool) -> list[Told]:
        return [
            (cards[:k], leader, card, last)
            for k, card in enumerate(cards)
            if (leader + k) % n != view.seat and not (k == 0 and _announced(s, leader, card))
        ]

    out = told(s.trick, s.leader, False)
    if s.last_trick is not None and view.hand_sizes[view.seat] < s.rules.hand_size:
        leader, cards, _ = s.last_trick
        out += told(cards, leader, True)
    return tuple(out)


def _announced(state: TableState, seat: int, card: int) -> bool:
    """A king or queen of a suit ``seat`` has announced a marriage in: perhaps led with the
    announcement, which the club player cannot make again."""
    c = CARDS[card & 31]
    return c.rank in (Rank.KING, Rank.QUEEN) and (seat, c.suit) in state.marriages


def club_explains(world: TableState, told: tuple[Told, ...], rng: random.Random) -> float:
    """The chance of keeping ``world``: ``UNEXPLAINED_KEEP`` for each play of ``told`` that
    ``table_club`` would not have made with the hand the deal gives that seat then."""
    keep = 1.0
    n = world.rules.seats
    for before, leader, card, last in told:
        hands = list(world.hands)
        played = world.played
        since = [((world.leader + k) % n, c) for k, c in enumerate(world.trick)]
        if last:
            assert world.last_trick is not None
            _, cards, _ = world.last_trick
            since = since + [((leader + k) % n, c) for k, c in enumerate(cards)][len(before) :]
            for c in cards:
                played &= ~(1 << c)
        else:
            since = since[len(before) :]
        for other, c in since:  # the cards played since go back to their hands
            hands[other] |= 1 << c
        then = world._replace(hands=tuple(hands), trick=before, leader=leader, played=played)
        move = table_club(then, rng)
        if not isinstance(move, Play) or move.card.index != card & 31:
            keep *= UNEXPLAINED_KEEP
    return keep


def _sample(view: TableView, told: tuple[Told, ...], rng: random.Random) -> TableState:
    """A deal consistent with ``view``, weighed by how well ``table_club`` explains ``told``
    (drawn again while it is not kept, at most ``EXPLAIN_TRIES`` times)."""
    world = sample_table(view, rng)
    for _ in range(EXPLAIN_TRIES if told else 0):
        if rng.random() < club_explains(world, told, rng):
            break
        world = sample_table(view, rng)
    return world


def table_move_values(
    state: TableState,
    rng: random.Random,
    samples: int = TABLE_EXPERT_SAMPLES,
    *,
    card_weight: float = 0.0,
    explain: bool = False,
) -> tuple[tuple[Move, float], ...]:
    """Every legal move of the seat to move with its average value for the seat's side, in
    game points, over ``samples`` deals consistent with what the seat has seen, each played
    out by ``table_club`` at every seat; best first, in the order of the legal moves among
    equals. With two teams the value is the team's result (its game points less the other
    team's), and a sample is solved exactly once the stock is closed and the hands are small
    (``SOLVE_CARDS``, ``ROLLOUT_SOLVE_CARDS``); with three seats it is the seat's own game
    points (``OWN_POINTS``), and ``card_weight`` times its card points over the target (see
    ``CARD_POINTS_WEIGHT``). With ``explain`` the deals are weighed by the other seats' plays
    (``UNEXPLAINED_KEEP``)."""
    moves = table_legal_moves(state)
    p = state.to_move
    assert p is not None
    side = state.side(p)
    teams = state.rules.sides == 2
    own = OWN_POINTS and not teams
    weight = card_weight / state.rules.target if own else 0.0
    solve_cards = SOLVE_CARDS if teams else -1
    rollout_cards = ROLLOUT_SOLVE_CARDS if teams else -1
    view = table_view(state, p)
    told = told_plays(view) if explain else ()
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(samples):
        world = _sample(view, told, rng)
        solver = TableSolver(world, side, own)
        if table_solvable(world, solve_cards):
            for m, v in solver.move_values(world).items():
                totals[m] += v
            continue
        for m in moves:
            s = table_apply_unchecked(world, m)
            while s.result is None and not table_solvable(s, rollout_cards):
                s = table_apply_unchecked(s, table_club(s, rng))
            totals[m] += solver.solve(s) + weight * (s.points[p] + s.melds[p])
    ranked = sorted(moves, key=lambda m: -totals[m])
    return tuple((m, totals[m] / samples) for m in ranked)


def table_expert(state: TableState, rng: random.Random) -> Move:
    """Sampled deals, each move played out by ``table_club`` at every seat (see the module)."""
    moves = table_legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    p = state.to_move
    assert p is not None
    if not state.trick and state.score(state.side(p)) >= state.rules.target:
        return table_club(state, rng)  # it declares
    # The club player's own choice stands unless the samples find a move clearly better: a
    # head start of a quarter game point a sample keeps the noise of a few samples from
    # overruling a sound move. With three seats that choice is ``table_club_plus``'s.
    club = (table_club if state.rules.partners else table_club_plus)(state, rng)
    if state.rules.partners:
        values = dict(table_move_values(state, rng, TEAM_EXPERT_SAMPLES))
    else:
        values = dict(
            table_move_values(
                state, rng, TABLE_EXPERT_SAMPLES, card_weight=CARD_POINTS_WEIGHT, explain=True
            )
        )
    values[club] += CLUB_HEAD_START
    return max(moves, key=lambda m: values[m])


__all__ = [
    "CARD_POINTS_WEIGHT",
    "TABLE_EXPERT_SAMPLES",
    "TEAM_EXPERT_SAMPLES",
    "UNEXPLAINED_KEEP",
    "club_explains",
    "table_club",
    "table_club_plus",
    "table_expert",
    "table_move_values",
    "table_random_player",
    "told_plays",
]

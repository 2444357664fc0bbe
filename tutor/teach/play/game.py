"""A match against the computer as one immutable value, for two, three or four seats: the
table (rules, opponent, seed), the cut for the first dealer, the deals played so far and the
deal in progress, with the coach's remark on each of the learner's moves. The learner sits at
A (with two seats at A or B), the computer at every other seat; undo, giving up, the match to
the preset's target and the next dealer as the preset says (``tutor.teach.play.standing``)
are the same at every table. With a stand-in in the learner's seat, computer players play the
whole match (``play_match``; ``tutor match``) through the same steps.

The deal is the engine's one game interface (``tutor.engine.game``); only the computer's move
(``_computer``) and the two-player coach (``tutor.teach.play.coach``) look at the engine
behind it.

Everything random comes from the table's seed: the cut, each deal's cards and each computer
move, so a game is rebuilt exactly from its table and its moves (``tutor.teach.play.store``).

>>> g = start(Table(rules_spec="classic", opponent="beginner", seed=7))
>>> g.deal.number, g.match.scores, g.over
(1, (0, 0), False)
>>> g = play_out(g)  # the computer plays until it is the learner's turn
>>> g.to_move == g.table.learner
True
>>> m = play_match(Table(rules_spec="kurnik", opponent="random", seed=7, stand_in="club"))
>>> m.over, max(m.scored_match.scores) >= 7
(True, True)
>>> g = play_out(start(Table(rules_spec="four", opponent="club", seed=7)))
>>> g.match.scores, g.to_move, len(g.cut)
((0, 0), 0, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from tutor.engine import (
    CARDS,
    PASS,
    Card,
    EndKind,
    IllegalMoveError,
    MatchMode,
    Move,
    Outcome,
    RuleSet,
    State,
    Verdict,
    apply,
    game_for,
    grading,
    parse_rules,
    random_deal,
)
from tutor.engine import Deal as Position
from tutor.search import PLAYERS, REMEMBERING, Seen, players_at
from tutor.teach.hints.grading import GRADE_LIMITS, Grade, grade_of
from tutor.teach.hints.model import TieReason
from tutor.teach.hints.why import Why
from tutor.teach.play.standing import MatchScore, cut, stakes

#: The scoring rule of each grade of a lost deal (0 simple, 1 Schneider, 2 Schwarz).
GRADE_RULES = ("score.simple", "score.schneider", "score.schwarz")
#: The computer opponents a learner can choose, weakest first: with two seats, and at a table
#: of three or four.
OPPONENTS = ("beginner", "club", "expert")
TABLE_OPPONENTS = ("club", "expert")


def opponents(seats: int) -> tuple[str, ...]:
    """The computer opponents a learner can choose at a table of ``seats``: those of
    ``OPPONENTS`` that play it (at three and four, ``TABLE_OPPONENTS``)."""
    return tuple(name for name in OPPONENTS if seats in PLAYERS[name].plays)


def players(seats: int) -> tuple[str, ...]:
    """Every computer player that can sit at a table of ``seats`` (for a stand-in)."""
    return players_at(seats)


def _computer(name: str, game: Game, rng: random.Random) -> Move:
    """The move of the computer player ``name`` for the seat on turn: the one place that calls
    the players."""
    s = game.state
    seen = None
    if name in REMEMBERING and isinstance(s, State):
        start = game.deal.start
        assert isinstance(start, State)
        seen = Seen(start, game.deal.moves, stakes(game.match))
    return PLAYERS[name](s, rng, seen)


@dataclass(frozen=True)
class Remark:
    """The coach on one of the learner's moves: the grade, the game points given up, the
    move the engine rates best, and whether the values are exact (every card known or few
    enough deals to solve each) or sampled; ``samples`` counts the sampled deals where the
    words name them (at a table of three or four), else 0. The grade is what the deals prove
    (``tutor.teach.hints.grading.grade_loss``)."""

    ply: int  # the move's index in the deal
    move: Move
    grade: Grade
    loss: float
    best: Move
    best_value: float  # game points of the best move for the learner
    value: float  # game points of the move played
    exact: bool
    line: tuple[Move, ...] = ()  # best play from the position, where every card is known
    samples: int = 0
    #: the 95 percent interval of ``loss`` over the deals looked at (a point where exact;
    #: ``None`` where it was not measured: a remark kept before intervals were)
    interval: tuple[float, float] | None = None
    #: why the best move is preferred to the move played though both are worth the same game
    #: points (``tutor.teach.hints.grading``'s tie-break), ``None`` where it is not
    tie: TieReason | None = None
    #: why the move is worse than the best, where it is (kept while the game is played; a
    #: match restored from the browser's store has the grades and values without it)
    why: Why | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Table:
    """What the learner chose: the rules (a preset with switches, as text), the opponent's
    strength (the computer at every other seat), the learner's seat (A; with two seats A or
    B) and the seed of everything random. A ``stand_in`` (a computer player's name) plays the
    learner's seat instead of the learner: then any computer player for the table's number of
    seats (``players``) may sit at every seat."""

    rules_spec: str
    opponent: str = "beginner"
    seed: int = 0
    learner: int = 0
    stand_in: str | None = None

    @property
    def rules(self) -> RuleSet:
        return parse_rules(self.rules_spec)

    def player(self, seat: int) -> str | None:
        """The computer player at ``seat``; ``None`` where the learner plays by hand."""
        return self.stand_in if seat == self.learner else self.opponent

    def __post_init__(self) -> None:
        seats = self.rules.seats
        valid = players(seats) if self.stand_in is not None else opponents(seats)
        if self.opponent not in valid:
            raise ValueError(f"unknown opponent {self.opponent!r}; choose one of {valid}")
        if self.stand_in is not None and self.stand_in not in valid:
            raise ValueError(f"unknown player {self.stand_in!r}; choose one of {valid}")
        if self.learner not in ((0, 1) if seats == 2 else (0,)):
            raise ValueError("the learner sits at A (0), or with two seats at B (1)")


@dataclass(frozen=True)
class Deal:
    """One deal of the match: as dealt, the moves made, the position now, the coach's remarks
    on the learner's moves."""

    number: int  # 1 for the first deal of the match
    start: Position
    moves: tuple[Move, ...] = ()
    state: Position | None = None  # None: as dealt
    remarks: tuple[Remark, ...] = ()
    resigned: int | None = None  # the seat that gave the deal up

    @property
    def now(self) -> Position:
        return self.start if self.state is None else self.state

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.now.result is not None


@dataclass(frozen=True)
class Claim:
    """A claim to have reached 1000 card points, which ends the match at once (000's match to
    1000): ``seat`` is the side that claims (with one seat a side, the seat), ``total`` what
    it had counting the deal in progress; a miscount loses, and ``rival``, the other side with
    the most points then (with two seats, the other), wins."""

    seat: int
    total: int
    target: int
    rival: int

    @property
    def right(self) -> bool:
        return self.total >= self.target

    @property
    def winner(self) -> int:
        return self.seat if self.right else self.rival


@dataclass(frozen=True)
class Game:
    """A match in progress: the table, the cut, the match score before this deal, the deals
    finished and the one in progress."""

    table: Table
    cut: tuple[Card, ...]  # the cards the seats drew for the first dealer, by seat
    match: MatchScore
    deal: Deal
    past: tuple[Deal, ...] = ()
    claim: Claim | None = None

    @property
    def rules(self) -> RuleSet:
        return self.match.rules

    @property
    def state(self) -> Position:
        return self.deal.now

    @property
    def side(self) -> int:
        """The learner's side (with one seat a side, the learner's seat)."""
        return self.table.learner % self.rules.sides

    @property
    def to_move(self) -> int | None:
        return None if self.deal.over or self.claim is not None else self.state.to_move

    @property
    def learners_turn(self) -> bool:
        """The learner is on turn (never with a stand-in in the learner's seat)."""
        seat = self.to_move
        return seat is not None and self.table.player(seat) is None

    @property
    def over(self) -> bool:
        """The match is decided (after the deal in progress has been scored, or by a claim)."""
        if self.claim is not None:
            return True
        m = self.scored_match
        return m.winner is not None or m.is_drawn

    @property
    def winner(self) -> int | None:
        """The side that has won the match (``None`` while it goes on, or when it is drawn)."""
        if self.claim is not None:
            return self.claim.winner
        return self.scored_match.winner

    def running_total(self, side: int) -> int:
        """``side``'s card points in the match counting the deal in progress (what a claim to
        1000 is judged by)."""
        return self.match.scores[side] + self.state.score(side)

    @property
    def may_claim(self) -> bool:
        """A claim to 1000 is possible: the match is to 1000 card points and not decided."""
        return self.rules.match_mode is MatchMode.THOUSAND and self.claim is None and not self.over

    @property
    def scored_match(self) -> MatchScore:
        """The match with the deal in progress counted once it has ended."""
        outcome = deal_outcome(self.deal, self.rules)
        return self.match if outcome is None else self.match.record(outcome)


@dataclass(frozen=True)
class Trick:
    """A trick of a deal: who led which card, the answer, who took it and its points."""

    number: int  # 1 for the first trick
    leader: int
    led: Card
    answer: Card
    winner: int
    points: int


def deal_tricks(deal: Deal) -> tuple[Trick, ...]:
    """The tricks completed so far in a deal of two seats, in order (none at a larger table,
    whose moves are said one by one)."""
    out: list[Trick] = []
    state = deal.start
    if not isinstance(state, State):
        return ()
    for move in deal.moves:
        after = apply(state, move)
        if sum(after.tricks) > sum(state.tricks) and after.last_trick is not None:
            leader, led, answer, winner = after.last_trick
            points = after.rules.points_by_index[led] + after.rules.points_by_index[answer]
            out.append(Trick(len(out) + 1, leader, CARDS[led], CARDS[answer], winner, points))
        state = after
    return tuple(out)


def positions(deal: Deal) -> tuple[Position, ...]:
    """The deal's positions: as dealt, then after each move."""
    out = [deal.start]
    for move in deal.moves:
        out.append(out[-1].apply(move))
    return tuple(out)


def deal_outcome(deal: Deal, rules: RuleSet) -> Outcome | None:
    """How the deal ended: as played, or given up.

    A deal given up is won as if the winning side had declared 66 at that moment, scored by
    the preset's own rules for a won deal (``tutor.engine.grading``): Schneider and Schwarz
    count as the scores and tricks stand. With two sides the winner is the other side (the
    two-player rule; with four, the other team). With three seats each for himself the
    sources say nothing of a deal given up; here the other seat with the most points wins
    (then the one with more tricks, then the first after the seat that gave up, in the order
    of play), and the losers pay as ``score.losers`` says: each by his own grade, the one who
    gave up included, or by the grade of the loser who did best."""
    if deal.resigned is None:
        return deal.now.result
    s = deal.now
    sides = rules.sides
    loser = s.side(deal.resigned)
    scores = tuple(s.score(x) for x in range(sides))
    won = sum(1 << x for x in range(sides) if s.side_tricks(x))
    seats = rules.seats
    after = [s.side((deal.resigned + k) % seats) for k in range(1, seats)]
    others = list(dict.fromkeys(x for x in after if x != loser))
    winner = max(others, key=lambda x: (scores[x], s.side_tricks(x), -others.index(x)))
    gp, g = grading(rules).win(winner, scores, won)
    return Outcome(
        kind=EndKind.GIVEN_UP,
        winner=winner,
        game_points=tuple(gp if x == winner else 0 for x in range(sides)),
        scores=scores,
        player=deal.resigned,
        rule_id=GRADE_RULES[g],
    )


def _rng(table: Table, *parts: object) -> random.Random:
    return random.Random(":".join(str(p) for p in (table.seed, *parts)))


def start(table: Table) -> Game:
    """A new match: the players cut for the first dealer (the highest card deals, 000), then
    the first deal."""
    rules = table.rules
    cards, dealer = cut(rules, _rng(table, "cut"))
    match = MatchScore.start(rules, dealer)
    return Game(table=table, cut=cards, match=match, deal=_deal(table, rules, 1, dealer))


def _deal(table: Table, rules: RuleSet, number: int, dealer: int) -> Deal:
    rng = _rng(table, "deal", number)
    if rules.seats == 2:  # the deals of matches kept before the tables joined, card for card
        return Deal(number=number, start=random_deal(rules, rng, dealer))
    return Deal(number=number, start=game_for(rules).new_deal(rng, dealer=dealer))


def _apply(game: Game, move: Move, remark: Remark | None = None) -> Game:
    deal = game.deal
    state = deal.now.apply(move)
    remarks = deal.remarks if remark is None else (*deal.remarks, remark)
    return replace(
        game, deal=replace(deal, moves=(*deal.moves, move), state=state, remarks=remarks)
    )


class NotYourTurn(Exception):
    """A move was asked of a seat that is not on turn, or after the deal has ended."""


def verdict(game: Game, move: Move) -> Verdict:
    """The engine's verdict on the learner playing ``move`` now (legal or not, with the rule
    and its source)."""
    return game.state.check(move)


def learner_move(game: Game, move: Move, remark: Remark | None = None) -> Game:
    """The learner's move (with the coach's remark, if one was made). Raises
    ``IllegalMoveError`` (nothing changes: an illegal try costs nothing) or ``NotYourTurn``."""
    if not game.learners_turn:
        raise NotYourTurn("it is not the learner's turn")
    v = game.state.check(move)
    if not v.legal:
        raise IllegalMoveError(v)
    return _apply(game, move, remark)


def add_remark(game: Game, remark: Remark) -> Game:
    """The game with the coach's ``remark`` on a move of the deal in progress (made after
    the move, so that the computer's answer need not wait for the coach). Raises
    ``ValueError`` when the deal has no such move of the learner."""
    deal = game.deal
    if not 0 <= remark.ply < len(deal.moves) or deal.moves[remark.ply] != remark.move:
        raise ValueError("the remark is not on a move of this deal")
    if remark.ply not in _learner_plies(game):
        raise ValueError("the remark is not on a move of the learner")
    remarks = tuple(
        sorted((*(r for r in deal.remarks if r.ply != remark.ply), remark), key=lambda r: r.ply)
    )
    return replace(game, deal=replace(deal, remarks=remarks))


def computer_move(game: Game) -> Game:
    """One move of the computer player on turn, by its strength, from what its seat may know."""
    seat = game.to_move
    name = None if seat is None else game.table.player(seat)
    if name is None:
        raise NotYourTurn("it is not the computer's turn")
    rng = _rng(game.table, "move", game.deal.number, len(game.deal.moves))
    return _apply(game, _computer(name, game, rng))


def play_out(game: Game) -> Game:
    """The computer's moves until the learner is on turn or the deal is over. In a match to
    1000 a side of computer players, which count without fault, claims as soon as it has
    1000 (the learner's side is the learner's to claim)."""
    mine = game.side if game.table.stand_in is None else None
    computers = [x for x in range(game.rules.sides) if x != mine]
    while True:
        if game.may_claim:
            for side in computers:
                if game.running_total(side) >= game.match.target:
                    return claim(game, side)
        if game.to_move is None:
            return game
        if game.table.player(game.to_move) is None:
            s = game.state
            if s.awaiting_reply and s.legal_moves() == (PASS,):
                # the closer's opponent holds no card to exchange: nothing to decide
                game = _apply(game, PASS)
                continue
            return game
        game = computer_move(game)


#: The most deals ``play_match`` deals before it gives up on a match that does not end (no
#: match form comes near: each deal gives at least one game point or some card points).
MAX_MATCH_DEALS = 400


def play_match(table: Table) -> Game:
    """A whole match between two computer players (a table with a stand-in): the computer's
    moves of each deal (``play_out``), then the next deal (``next_deal``), until the match is
    decided by the score or by a claim to 1000. Raises ``ValueError`` for a table with a
    learner, and past ``MAX_MATCH_DEALS`` deals."""
    if table.stand_in is None:
        raise ValueError("a match played out needs a computer player at both seats")
    game = play_out(start(table))
    while not game.over:
        if game.deal.number >= MAX_MATCH_DEALS:
            raise ValueError(f"the match did not end within {MAX_MATCH_DEALS} deals")
        game = play_out(next_deal(game))
    return game


def claim(game: Game, side: int) -> Game:
    """``side`` claims to have reached 1000 card points: the match ends, won by the claimer
    if the count is right, else lost (000) to the other side with the most points (the first
    in seat order on a tie). Raises ``ValueError`` where no claim is possible."""
    if not game.may_claim:
        raise ValueError("no claim to 1000 is possible here")
    rivals = [x for x in range(game.rules.sides) if x != side]
    rival = max(rivals, key=lambda x: (game.running_total(x), -x))
    total = game.running_total(side)
    return replace(game, claim=Claim(side, total, game.match.target, rival))


def undo(game: Game) -> Game:
    """Take back the learner's last act in this deal: a claim to 1000, giving the deal up, or
    the last move with the computer's answers to it and any claim the computer made after
    them (the position is the one the learner last decided in). Nothing to undo: the game
    unchanged."""
    if game.claim is not None:
        mine = game.claim.seat == game.side
        game = replace(game, claim=None)
        if mine:  # the learner's claim was the last act
            return game
    deal = game.deal
    if deal.resigned is not None:
        return replace(game, deal=replace(deal, resigned=None))
    plies = _learner_plies(game)
    if not plies:
        return game
    keep = plies[-1]
    state = deal.start
    for m in deal.moves[:keep]:
        state = state.apply(m)
    remarks = tuple(r for r in deal.remarks if r.ply < keep)
    return replace(
        game,
        deal=replace(
            deal,
            moves=deal.moves[:keep],
            state=state if keep else None,  # back to the deal as dealt, the very value
            remarks=remarks,
            resigned=None,
        ),
    )


def _learner_plies(game: Game) -> list[int]:
    """The indices of the learner's moves in the deal in progress."""
    out = []
    state = game.deal.start
    for i, m in enumerate(game.deal.moves):
        if state.to_move == game.table.learner:
            out.append(i)
        state = state.apply(m)
    return out


def resign(game: Game) -> Game:
    """The learner gives the deal up."""
    if game.deal.over:
        return game
    return replace(game, deal=replace(game.deal, resigned=game.table.learner))


def next_deal(game: Game) -> Game:
    """Score the finished deal and deal the next one (the dealer as the preset says). Raises
    ``ValueError`` while the deal is in progress or when the match is over."""
    if game.claim is not None:
        raise ValueError("the match is over")
    outcome = deal_outcome(game.deal, game.rules)
    if outcome is None:
        raise ValueError("the deal is still in progress")
    match = game.match.record(outcome)
    if match.winner is not None or match.is_drawn:
        raise ValueError("the match is over")
    number = game.deal.number + 1
    return replace(
        game,
        match=match,
        past=(*game.past, game.deal),
        deal=_deal(game.table, game.rules, number, match.dealer),
    )


__all__ = [
    "GRADE_LIMITS",
    "MAX_MATCH_DEALS",
    "OPPONENTS",
    "TABLE_OPPONENTS",
    "Claim",
    "Deal",
    "Game",
    "Grade",
    "NotYourTurn",
    "Remark",
    "Table",
    "Trick",
    "add_remark",
    "claim",
    "computer_move",
    "deal_outcome",
    "deal_tricks",
    "grade_of",
    "learner_move",
    "next_deal",
    "opponents",
    "play_match",
    "play_out",
    "players",
    "positions",
    "resign",
    "start",
    "undo",
    "verdict",
]

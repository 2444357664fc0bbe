"""Why a move is worse than a better one, as data: what every verdict of the tutor says.

A teacher explains a weaker move in this order, and ``Why`` holds the same parts:

1. the rule or the trick where they settle it: a card that cannot take the trick a better card
   takes (``rule``: a card of another suit, a lower card of the suit, no trump against a trump);
2. the line that shows it (``line``): the move and the play after it to the end of the deal, in
   the one deal there is where every card is known, otherwise in one of the sampled deals where
   the choice matters, chosen so that what happens in it (who takes the move's trick, with
   which card, and what decides the deal's end) happens in as many of those deals as possible,
   with how many (``Line.deals`` of ``Line.matters``);
3. the deciding fact (``Line.fact``, as the puzzles name it, ``tutor.teach.lines``: the last
   trick's extra points, a player reaching 66, the closer falling short, Schneider), or what the
   move itself gives away at once (``mistake``: a marriage broken, a ten left alone, points given
   in a lost trick, a trump spent, a close that fails);
4. the idea of the better move, only one the analysis found true in this position (``idea``);
5. the numbers last (``loss``).

Where two cards are worth the same game points, the reason a player gives one rather than the
other (``tie``, ``tutor.teach.hints.ties``: the card points given away, a trump, a marriage
pair, a ten's guard). Where the sampled deals cannot tell the two moves apart (``chance``: the
95 percent interval of their paired difference reaches 0), the loss may be chance: no reason is
given for it, and the words call the move about as good. At a table of three or four, where the
values come from playouts without lines, the trick the card falls in takes the line's place: who
takes it and with which card, as happens most often over deals consistent with what the player
has seen (``table_trick``).

Everything is read from an ``Analysis`` (``tutor.teach.hints.analysis``): no search is made
here. ``tutor.words.why_text`` says it, for the coach, the lessons, the class and the hints.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.engine import (
    CARDS,
    Card,
    Marriage,
    Move,
    Outcome,
    Play,
    State,
    Suit,
    TableState,
    sample_table,
    table_apply_unchecked,
    table_view,
)
from tutor.search import table_club
from tutor.teach.hints.detect import EPS, beats
from tutor.teach.hints.grading import within_chance
from tutor.teach.hints.ideas import Idea
from tutor.teach.hints.model import Analysis, MoveValue, TieReason
from tutor.teach.hints.table_analysis import position_seed
from tutor.teach.hints.ties import tie_reason
from tutor.teach.lines import Decider, Decides, Step, decider, line_steps

#: Why a card cannot take the trick (``Fact.kind`` of ``Why.rule``): another suit and no
#: trump; a lower card of the suit led; no trump against a trump.
CANNOT_SUIT = "cannot_take_suit"
CANNOT_RANK = "cannot_take_rank"
CANNOT_TRUMP = "cannot_take_trump"
CANNOT_TAKE = (CANNOT_SUIT, CANNOT_RANK, CANNOT_TRUMP)

#: The ideas of a better move worth naming in an explanation, in the order they are preferred:
#: each states a fact of this position (a card nothing left beats, the points reached, a pair
#: kept, a guard kept, a ten caught), never a general rule of thumb.
TEACHING_IDEAS = (
    "idea.safe_trick",
    "idea.safe_face_up",
    "idea.catch_blank_ten",
    "idea.count_to_66",
    "idea.count_to_66_min",
    "idea.marriage_out",
    "idea.declare_now",
    "idea.declare_after_trick",
    "idea.keeps_marriage",
    "idea.guards_ten",
    "idea.marriage",
    "idea.marriage_later",
    "idea.exchange",
    "idea.close_wins_exact",
    "idea.cheapest_winner",
    "idea.give_partner",
    "idea.draws_trumps",
)
#: What a move gives away at once, in the order they are preferred as the deciding fact.
TEACHING_MISTAKES = (
    "mistake.false_out",
    "mistake.false_out_trick",
    "mistake.close_fails_exact",
    "mistake.close_fails",
    "mistake.breaks_marriage",
    "mistake.blanks_ten",
    "mistake.overtakes_partner",
    "mistake.wastes_trump",
    "mistake.gives_points",
)
#: A pattern of the line shared by fewer than this share of the deals where the choice matters
#: is not said with its trick, only with its deciding fact.
SHARED = 1 / 3


@dataclass(frozen=True)
class Fact:
    """A fact of the table: its kind (``CANNOT_TAKE``), the card and the card it fails
    against."""

    kind: str
    card: Card
    against: Card


@dataclass(frozen=True)
class Line:
    """What happens after a move in one deal, against what happens after the better move: the
    deal (``start``), the move and the play after it (``moves``), the move's trick (card led,
    card answering, the seat that takes it), what decides the deal's end after the move
    (``fact``) and after the better one (``better_fact``), how each line ends (``end``,
    ``better_end``); and in how many of the deals looked at (``deals`` of ``matters``, the deals
    where the choice matters, of ``total``) the same happens."""

    start: State
    moves: tuple[Move, ...]
    trick: tuple[Card, Card, int] | None
    fact: Decider | None
    better_fact: Decider | None
    end: Outcome
    better_end: Outcome
    deals: int
    matters: int
    total: int

    @property
    def exact(self) -> bool:
        return self.total == 1


@dataclass(frozen=True)
class TableTrick:
    """At a table of three or four: who takes the trick the move's card falls in, with which
    card, as happens in ``deals`` of the ``total`` sampled deals."""

    card: Card
    taker: int
    taker_card: Card
    deals: int
    total: int


@dataclass(frozen=True)
class Why:
    """Why ``move`` is worse than ``better`` (see the module's text). ``better`` is ``None``
    when nothing is better; ``loss`` is the game points given up (never below 0)."""

    move: Move
    better: Move | None
    loss: float
    exact: bool
    samples: int
    seat: int  # the player to move
    partner: int = -1  # the player's partner at a table of four, -1 when each plays alone
    rule: Fact | None = None
    line: Line | None = None
    mistake: Idea | None = None
    idea: Idea | None = None
    tie: TieReason | None = None  # as good in game points, but a player plays the other card
    table_trick: TableTrick | None = None
    #: The sampled deals cannot tell the move from the better one (``within_chance``): the
    #: loss may be chance, so no reason is given for it.
    chance: bool = False

    @property
    def reasoned(self) -> bool:
        """Whether the explanation names a reason beyond the numbers."""
        parts = (self.rule, self.line, self.mistake, self.idea, self.table_trick)
        return any(x is not None for x in parts)


def _card(move: Move) -> Card | None:
    return move.card if isinstance(move, Play | Marriage) else None


def cannot_take(analysis: Analysis, move: Move, better: Move, trump: Suit | None) -> Fact | None:
    """The rule that keeps ``move`` from taking the trick ``better`` takes (following a card
    on the table), or ``None``."""
    sit = analysis.situation
    top = sit.best_card
    if top is None and sit.lead >= 0:
        top = CARDS[sit.lead]
    card, other = _card(move), _card(better)
    if top is None or card is None or other is None or sit.partner_winning:
        return None
    if beats(card, top, trump) or not beats(other, top, trump):
        return None
    if card.suit == top.suit:
        kind = CANNOT_RANK
    elif trump is not None and top.suit == trump:
        kind = CANNOT_TRUMP
    else:
        kind = CANNOT_SUIT
    return Fact(kind, card, top)


def _trick_of(steps: Sequence[Step], move: Move) -> tuple[Card, Card, int] | None:
    """The trick the move's card falls in: (card led, card answering, the seat taking it)."""
    for step in steps[:2]:
        if step.trick is not None and move in step.moves:
            led, played, _leader, taker = step.trick
            return led, played, taker
    return None


def _against(fact: Decider | None, seat: int) -> Decider | None:
    """A deciding fact that goes against ``seat``: the other side reaches 66 or takes the
    deciding last trick; ``seat`` closes and falls short, declares falsely or is Schneider."""
    if fact is None:
        return None
    mine = fact.player == seat
    if fact.kind in (Decides.REACHED, Decides.LAST_TRICK):
        return None if mine else fact
    return fact if mine else None


def _for(fact: Decider | None, seat: int) -> Decider | None:
    """A deciding fact in favour of ``seat`` (the mirror of ``_against``)."""
    if fact is None:
        return None
    return fact if _against(fact, 1 - seat) is not None else None


def _key(fact: Decider | None) -> tuple[object, ...] | None:
    return None if fact is None else (fact.kind, fact.player)


#: Lines played out lately, by the identity of the deal and the line (``_end``): the better
#: move's line in a deal is the same object for every move compared with it, so a hint that
#: explains several moves plays each of those lines once. At most ``ENDS_KEPT`` are kept.
_ends: dict[tuple[int, int], tuple[State, Sequence[Move], tuple[tuple[Step, ...], Outcome | None]]]
_ends = {}
ENDS_KEPT = 1024


def _end(start: State, moves: Sequence[Move]) -> tuple[tuple[Step, ...], Outcome | None]:
    """The steps of ``moves`` from ``start`` and the deal's outcome at their end (None where the
    line stops before the end)."""
    key = id(start), id(moves)
    kept = _ends.get(key)
    if kept is not None and kept[0] is start and kept[1] is moves:
        return kept[2]
    steps = line_steps(start, moves, checked=False)  # lines the search made
    found = steps, (steps[-1].state.result if steps else None)
    if len(_ends) >= ENDS_KEPT:
        _ends.clear()
    _ends[key] = start, moves, found
    return found


def _line(analysis: Analysis, value: MoveValue, best: MoveValue) -> Line | None:
    """The line after ``value``'s move that shows what it gives up (see the module's text)."""
    deals = analysis.deals
    n = len(deals)
    if not deals or len(value.deal_lines) != n or len(best.deal_lines) != n:
        return None
    matters = [
        w
        for w, (v, b) in enumerate(zip(value.deal_values, best.deal_values, strict=True))
        if b > v + EPS and value.deal_lines[w] and best.deal_lines[w]
    ]
    lines = [(deals[w], value.deal_lines[w], best.deal_lines[w]) for w in matters]
    return line_over(lines, value.move, analysis.seat, len(matters), n)


def line_over(
    lines: Sequence[tuple[State, Sequence[Move], Sequence[Move]]],
    move: Move,
    seat: int,
    matters: int,
    total: int,
) -> Line | None:
    """The line that shows what ``move`` gives up, from ``lines``: for deals where the choice
    matters (``matters`` of the ``total`` looked at), the deal, the move's line and the better
    move's line, each to the end of the deal. The line chosen is the first whose pattern (who
    takes the move's trick, with which card, what decides each end) is the most common."""
    seen: list[Line] = []
    for deal, moves, better_moves in lines:
        steps, end = _end(deal, moves)
        better_steps, better_end = _end(deal, better_moves)
        if end is None or better_end is None:
            continue
        seen.append(
            Line(
                deal,
                tuple(moves),
                _trick_of(steps, move),
                _against(decider(steps), seat),
                _for(decider(better_steps), seat),
                end,
                better_end,
                0,
                matters,
                total,
            )
        )
    if not seen:
        return None

    def pattern(line: Line, with_trick: bool) -> tuple[object, ...]:
        return (line.trick if with_trick else None, _key(line.fact), _key(line.better_fact))

    with_trick = True
    counts = Counter(pattern(x, True) for x in seen)
    top, count = counts.most_common(1)[0]
    if count < SHARED * matters:  # the trick differs from deal to deal: the facts alone
        with_trick = False
        top, count = Counter(pattern(x, False) for x in seen).most_common(1)[0]
    chosen = next(x for x in seen if pattern(x, with_trick) == top)
    return replace(chosen, trick=chosen.trick if with_trick else None, deals=count)


def _first(ideas: Sequence[Idea], order: Sequence[str]) -> Idea | None:
    rank = {iid: i for i, iid in enumerate(order)}
    known = [i for i in ideas if i.id in rank]
    return min(known, key=lambda i: rank[i.id]) if known else None


#: Deals a table's trick is played out in (the club player at every other seat).
TABLE_TRICK_DEALS = 16


def _trick_taken(state: TableState, move: Move, rng: random.Random) -> tuple[int, Card] | None:
    """After ``move``, the trick played to its end by the club player: who takes it and with
    which card (``None`` where the deal ends before the trick does)."""
    s = table_apply_unchecked(state, move)
    while s.result is None and s.trick:
        s = table_apply_unchecked(s, table_club(s, rng))
    if s.last_trick is None or s.trick:
        return None
    leader, cards, winner = s.last_trick
    return winner, CARDS[cards[(winner - leader) % len(cards)] & 31]


def table_trick(state: TableState, move: Move) -> TableTrick | None:
    """Who takes the trick of ``move``'s card, and with which card, as it happens most often
    over deals consistent with what the player has seen, the club player at every other seat
    (``None`` for a move that plays no card)."""
    player = state.to_move
    card = _card(move)
    if player is None or card is None:
        return None
    view = table_view(state, player)
    rng = random.Random(position_seed(state))
    tally: Counter[tuple[int, Card]] = Counter()
    for _ in range(TABLE_TRICK_DEALS):
        taken = _trick_taken(sample_table(view, rng), move, rng)
        if taken is not None:
            tally[taken] += 1
    if not tally:
        return None
    (taker, with_card), count = tally.most_common(1)[0]
    return TableTrick(card, taker, with_card, count, TABLE_TRICK_DEALS)


def explain(
    analysis: Analysis, move: Move, better: Move | None = None, table: TableState | None = None
) -> Why:
    """Why ``move`` is worse than ``better`` (by default the analysis's best move), from the
    analysis alone (at a table of three or four, ``table``, the position, adds who takes the
    move's trick). A move as good as the better one gets a ``Why`` without reasons and a loss
    of 0; one whose loss the sampled deals cannot tell from chance (``within_chance``) a
    ``Why`` marked ``chance``, with the rule that keeps it from the trick but no reason for the
    loss; a move the analysis did not value (an illegal one) raises ``ValueError``."""
    value = analysis.value_of(move)
    if value is None:
        raise ValueError(f"{move} is not among the moves valued")
    top = analysis.value_of(better) if better is not None else analysis.best
    if top is None:
        raise ValueError(f"{better} is not among the moves valued")
    loss = max(0.0, top.game_points - value.game_points)
    exact = analysis.exact
    if top.move == move or loss <= EPS:  # as good: the trick it cannot take, or the tie's reason
        rule = cannot_take(analysis, move, top.move, analysis.situation.trump)
        tie = value.tie if value.tie is not None and top.move != move else None
        if tie is None and top.move != move and analysis.deals:
            first, other = _card(top.move), _card(move)
            if isinstance(top.move, Play) and isinstance(move, Play) and first and other:
                tie = tie_reason(analysis.deals[0], analysis.seat, first, other)
        better = top.move if rule is not None or tie is not None else None
        return Why(move, better, 0.0, exact, analysis.samples, analysis.seat, rule=rule, tie=tie)
    trump = analysis.situation.trump
    why = Why(
        move,
        top.move,
        loss,
        exact,
        analysis.samples,
        analysis.seat,
        analysis.situation.partner,
        rule=cannot_take(analysis, move, top.move, trump),
    )
    if within_chance(top, value):  # the deals cannot part the two: no reason for a loss
        return replace(why, chance=True)
    return replace(
        why,
        line=_line(analysis, value, top),
        mistake=_first(value.mistakes, TEACHING_MISTAKES),
        idea=_first(top.ideas, TEACHING_IDEAS),
        table_trick=table_trick(table, move) if table is not None else None,
    )


__all__ = [
    "CANNOT_RANK",
    "CANNOT_SUIT",
    "CANNOT_TAKE",
    "CANNOT_TRUMP",
    "SHARED",
    "TEACHING_IDEAS",
    "TEACHING_MISTAKES",
    "Fact",
    "Line",
    "TableTrick",
    "Why",
    "cannot_take",
    "explain",
    "line_over",
    "table_trick",
]

"""One game interface for two, three and four players, as OpenSpiel's ``Game``/``State`` serve
every game and every player count.

``game_for(rules)`` gives the ``Game`` of a rule set: the rules, the seats' names and a way to
deal. A deal in progress is a ``Deal``: it answers who is to move, the legal moves, ``check``
(the verdict with the rule ids that decide it), ``apply``, the result, and ``view(seat)``, what
one seat may know, which can deal the hidden cards again at random (``SeatView.sample``). Code
above the engine is written once against these questions and never asks how many seats there
are.

Two representations stand behind the interface: the two-player ``State``, tuned for the exact
solver (closing, waits, named trumps, declarations after a trick), and the ``TableState`` of
three and four seats. The hot loops of the search may still call each engine's fast functions
directly; everything else goes through the interface.

A side is a party that wins or loses a deal: a seat, or two partners sitting opposite each
other. Scores, tricks and game points are per side.

>>> import random
>>> from tutor.engine.presets import preset
>>> game = game_for(preset("four"))
>>> game.seats, game.seat_names, game.sides
(4, 'ABCD', 2)
>>> "trump.mode" in game.engine.reads, "marriage.credit" in game.engine.reads
(False, True)
>>> deal = game.new_deal(random.Random(3))
>>> seat = deal.to_move
>>> move = deal.legal_moves()[0]
>>> deal.check(move).legal
True
>>> after = deal.apply(move)
>>> len(after.trick_cards), after.to_move == (seat + 1) % 4
(1, True)
>>> view = after.view(seat)
>>> view.sample(random.Random(1)).view(seat) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from tutor.engine.cards import Card, Suit
from tutor.engine.legality import Verdict
from tutor.engine.moves import Move
from tutor.engine.outcome import Outcome
from tutor.engine.rules import RuleSet
from tutor.engine.rules_check import Engine, engine_for

#: The seats' names in seat order; a table of n seats uses the first n.
SEAT_LETTERS = "ABCD"


class SeatView(Protocol):
    """What one seat may know of a deal, as a value that holds nothing more: its own hand, the
    cards played and shown, the scores as they can be counted. ``sample`` deals the cards the
    seat has not seen at random, consistent with what it knows (OpenSpiel's
    ``ResampleFromInfostate``): the sample, seen from the same seat, gives the same view."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def seat(self) -> int: ...
    @property
    def hand_cards(self) -> tuple[Card, ...]: ...
    def unseen_cards(self) -> tuple[Card, ...]: ...
    def sample(self, rng: random.Random) -> Deal: ...


class Deal(Protocol):
    """A position in a deal of 66, for any number of seats (see the module's text).

    Some questions have an answer only where the rules of two players allow the thing, and
    answer "none" at a table: ``closer``, the seat that closed the stock; ``shown_with_lead``,
    the marriage partner shown with the card led while the answer is awaited;
    ``awaiting_reply``, whether the closer's opponent is asked to exchange the lowest trump
    now. ``last_trick_cards`` is the last completed trick at every table: its leader, its
    cards in seat order from the leader, and the seat that took it (``None`` before the first
    trick)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def seats(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Outcome | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def turned_up(self) -> Card | None: ...
    @property
    def cards_to_draw(self) -> int: ...
    @property
    def stock_open(self) -> bool: ...
    @property
    def trick_cards(self) -> tuple[Card, ...]: ...
    @property
    def last_trick_cards(self) -> tuple[int, tuple[Card, ...], int] | None: ...
    @property
    def closer(self) -> int | None: ...
    @property
    def shown_with_lead(self) -> Card | None: ...
    @property
    def awaiting_reply(self) -> bool: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def side(self, seat: int) -> int: ...
    def side_seats(self, side: int) -> tuple[int, ...]: ...
    def score(self, side: int) -> int: ...
    def side_tricks(self, side: int) -> int: ...
    def legal_moves(self) -> tuple[Move, ...]: ...
    def check(self, move: Move) -> Verdict: ...
    def apply(self, move: Move) -> Deal: ...
    def view(self, seat: int) -> SeatView: ...


class Game(NamedTuple):
    """A rule set and the engine that plays it: the seats, the sides and the deal."""

    rules: RuleSet

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def engine(self) -> Engine:
        """The engine that plays this game: the switches it reads and the values it assumes
        (``tutor.engine.rules_check``); a rule set outside them was refused when it was made."""
        return engine_for(self.rules.seats)

    @property
    def seat_names(self) -> str:
        """The seats' letters in seat order: "AB", "ABC" or "ABCD"."""
        return SEAT_LETTERS[: self.rules.seats]

    def side_name(self, side: int) -> str:
        """A side in notation: a seat's letter, or the partners' two letters ("A+C")."""
        return "+".join(SEAT_LETTERS[s] for s in range(side, self.seats, self.sides))

    def new_deal(
        self,
        rng: random.Random | None = None,
        *,
        order: Sequence[Card] | None = None,
        dealer: int | None = None,
    ) -> Deal:
        """A deal of the shuffled pack ``order`` (cards in the order they are dealt), or of a
        pack shuffled by ``rng``. ``dealer`` defaults to each engine's own: B with two players
        (A leads first), A at a table (the seat on its left leads)."""
        if self.rules.seats == 2:
            from tutor.engine.state import B, deal, pack

            if order is None:
                cards = list(pack(self.rules))
                (rng or random.Random()).shuffle(cards)
                order = cards
            return deal(self.rules, order, B if dealer is None else dealer)
        from tutor.engine.table import deal_table, table_from_order

        if order is None:
            return deal_table(self.rules, rng or random.Random(), 0 if dealer is None else dealer)
        return table_from_order(
            self.rules, (c.index for c in order), 0 if dealer is None else dealer
        )


def game_for(rules: RuleSet) -> Game:
    """The game of ``rules``, for its number of seats."""
    return Game(rules)

"""66 for three and four players: seats, turn order and partnerships as data.

The two-player game has its own state (``tutor.engine.state``), tuned for the solver; this package
plays the rule sets with ``table.seats`` 3 or 4 (``TABLE_PRESETS``). Seats are numbered from 0;
play goes from a seat to the next (to the left), the seat after the dealer leads first, and the
winner of a trick leads the next. Where the pack is used twice (``pack.copies``) a hand holds a
card once or twice: bit ``i`` is the first copy of card ``i``, bit ``32 + i`` the second. Partners
(``table.partners``) sit opposite each other and count their points together.

While the stock can give every player a card, each draws one after a trick, the trick's winner
first and then in seat order; the face-up trump card is drawn last. Cards that cannot go to all
players stay out of play (with three players and 28 cards, the face-up card).

>>> from tutor.engine.presets import preset
>>> import random
>>> s = deal_table(preset("three"), random.Random(1))
>>> s.to_move, [len(s.hand(p)) for p in range(3)], s.cards_to_draw
(1, [7, 7, 7], 7)
"""

from __future__ import annotations

from tutor.engine.table.legal import beats, table_check, table_legal_moves, trick_winner_of
from tutor.engine.table.play import table_apply, table_apply_unchecked, table_play_moves
from tutor.engine.table.state import (
    SEAT_NAMES,
    TableState,
    deal_table,
    side_name,
    table_from_order,
    table_pack,
    table_position,
)
from tutor.engine.table.view import SAMPLE_TRIES, TableView, sample_table, table_view, with_dealt

__all__ = [
    "SAMPLE_TRIES",
    "SEAT_NAMES",
    "TableState",
    "TableView",
    "beats",
    "deal_table",
    "sample_table",
    "side_name",
    "table_apply",
    "table_apply_unchecked",
    "table_check",
    "table_from_order",
    "table_legal_moves",
    "table_pack",
    "table_play_moves",
    "table_position",
    "table_view",
    "trick_winner_of",
    "with_dealt",
]

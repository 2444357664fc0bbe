"""The card table as HTML for two, three and four seats: every hand, the stock and the face-up
trump card, the trick on the table, each seat's card points, tricks, marriages and score. One
``board_html`` draws any deal of the game interface (``tutor.engine.game``); the seats sit by
their number (two: bottom and top; three: bottom, left, right; four: bottom, left, top, right),
each drawn by ``tutor.web.seats``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, Protocol

from markupsafe import Markup

from tutor.engine import SEAT_LETTERS, Deal, Suit, game_for
from tutor.msgid import N_
from tutor.web.html import join
from tutor.web.rules_ref import preset_name
from tutor.web.seats import (
    DEFAULT_STYLE,
    RED_SUITS,
    SUIT_GLYPHS,
    BoardOptions,
    Seat,
    TableCard,
    back_html,
    card_html,
    hand_cards,
    seat_html,
    suit_badge,
    trick_html,
)
from tutor.words.i18n import PACK_STYLES, Translator

STYLES = PACK_STYLES
STYLE_NAMES: Mapping[str, str] = {
    "french": N_("French-suited (clubs, spades, hearts, diamonds)"),
    "german": N_("German-suited (acorns, leaves, hearts, bells)"),
}


class Layout(NamedTuple):
    """Where the seats sit at a table of a number of seats: the board's own classes, the
    middle's, each seat's place (its section's classes), the hand's classes, and the order of
    the parts in the markup (a seat's number, or ``MIDDLE``)."""

    board: str
    middle: str
    places: tuple[str, ...]
    hand: str
    order: tuple[int, ...]


MIDDLE = -1
_AROUND = "t66-tseat t66-at-"
LAYOUTS: Mapping[int, Layout] = {
    2: Layout("", "t66-mid", ("t66-seat-bottom", "t66-seat-top"), "t66-hand", (1, MIDDLE, 0)),
    3: Layout(
        " t66-tboard t66-seats-3",
        "t66-mid t66-tmid",
        tuple(_AROUND + p for p in ("bottom", "left", "right")),
        "t66-hand t66-fan",
        (0, 1, 2, MIDDLE),
    ),
    4: Layout(
        " t66-tboard t66-seats-4",
        "t66-mid t66-tmid",
        tuple(_AROUND + p for p in ("bottom", "left", "top", "right")),
        "t66-hand t66-fan",
        (0, 1, 2, 3, MIDDLE),
    ),
}


class Tallied(Deal, Protocol):
    """A deal with what the table shows of each seat beyond the game interface: the card
    points and tricks taken, marriage points waiting for a trick, the marriages announced in
    order (seat, suit), and per seat the cards of its hand that everyone has seen (bit ``i``
    for card ``i``). Both engines' states are such deals."""

    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[int, ...]: ...
    @property
    def pending(self) -> tuple[int, ...]: ...
    @property
    def marriages(self) -> tuple[tuple[int, Suit], ...]: ...
    @property
    def known(self) -> tuple[int, ...]: ...


def _marriages(deal: Tallied, seat: int) -> tuple[tuple[Suit, int], ...]:
    """The marriages ``seat`` announced, each with its points: the trump when it was announced
    is the current one, unless marriages change it."""
    rules = deal.rules
    found = []
    for i, (who, suit) in enumerate(deal.marriages):
        if who != seat:
            continue
        before = (deal.marriages[i - 1][1] if i else None) if rules.marriage_makes_trump else None
        trump = before if rules.marriage_makes_trump else deal.trump
        found.append((suit, rules.marriage_value(suit, trump, i)))
    return tuple(found)


def _seat(deal: Tallied, seat: int, layout: Layout, tr: Translator, opts: BoardOptions) -> Seat:
    """What ``seat`` shows: its hand face up as the options say, or face down but for the
    cards everyone has seen."""
    hand = deal.hand(seat)
    known = deal.known[seat] if seat < len(deal.known) else 0
    side = deal.side(seat)
    face_up = opts.face_up(seat)
    cards = hand_cards(
        hand,
        tr,
        opts,
        face_up=face_up,
        seen=frozenset(c for c in hand if (known >> c.index) & 1),
        selected=deal.shown_with_lead if deal.leader == seat else None,
    )
    return Seat(
        name=SEAT_LETTERS[seat],
        place=layout.places[seat],
        hand_class=layout.hand,
        face_up=face_up,
        cards=cards,
        on_turn=deal.to_move == seat and not (deal.is_over or opts.finished),
        points=deal.points[seat] if opts.scores else None,
        tricks=deal.tricks[seat],
        pending=deal.pending[seat],
        marriages=_marriages(deal, seat),
        team=game_for(deal.rules).side_name(side) if len(deal.side_seats(side)) > 1 else "",
        score=deal.score(side) if opts.scores else None,
    )


def _stock_html(deal: Tallied, tr: Translator, opts: BoardOptions) -> Markup:
    """The stock: the face-up trump card (unless the stock is closed) and the face-down pile
    with its count, and what is left to draw in words."""
    n = deal.cards_to_draw
    trump = deal.turned_up
    closer = deal.closer
    parts = [Markup('<div class="t66-stock">')]
    if n:
        parts.append(Markup('<div class="t66-stock-cards">'))
        if trump is not None and closer is None:
            parts.append(
                Markup('<div class="t66-trumpcard">{}</div>').format(card_html(trump, tr, opts))
            )
        if n > (trump is not None):  # face-down cards under the trump card
            parts.append(
                Markup(
                    '<div class="t66-pile">{}'
                    '<span class="t66-count" aria-hidden="true">{}</span></div>'
                ).format(back_html(tr, opts), n)
            )
        parts.append(Markup("</div>"))
    else:
        gone = tr._("stock used up")
        parts.append(Markup('<div class="t66-gone">{}</div>').format(gone))
    if closer is not None:
        status = tr._("closed by {name}", name=SEAT_LETTERS[closer])
    elif deal.stock_open:
        status = tr.n_("{n} card in the stock", "{n} cards in the stock", n)
    else:
        status = tr._("no cards left to draw")
    parts.append(Markup('<div class="t66-cap">{}</div></div>').format(status))
    return join(parts)


def _info_html(deal: Deal, tr: Translator, opts: BoardOptions) -> Markup:
    trump = (
        suit_badge(deal.trump, opts.style, tr)
        if deal.trump is not None
        else Markup('<span class="t66-suit t66-no-trump">{}</span>').format(tr._("none yet"))
    )
    trumps_word, rules_word = tr._("Trumps"), tr._("Rules")
    return Markup(
        '<div class="t66-info">'
        '<div class="t66-trumps"><span>{}</span>{}</div>'
        '<div class="t66-preset">{}: {}</div>'
        "</div>"
    ).format(trumps_word, trump, rules_word, preset_name(deal.rules.name, tr))


def trick_on_table(deal: Deal) -> tuple[TableCard, ...]:
    """The cards on the table in any deal: the trick in progress, each card by the seat that
    played it; between tricks the last trick, the card that took it marked, until the next
    lead (004)."""
    n = deal.seats
    last = deal.last_trick_cards
    if deal.trick_cards or last is None:
        return tuple(TableCard((deal.leader + k) % n, c) for k, c in enumerate(deal.trick_cards))
    leader, cards, winner = last
    return tuple(
        TableCard((leader + k) % n, c, (leader + k) % n == winner) for k, c in enumerate(cards)
    )


def board_html(
    deal: Tallied,
    table: Sequence[TableCard] | None,
    tr: Translator,
    opts: BoardOptions | None = None,
) -> Markup:
    """The whole table in one block for any number of seats: each seat with its hand (face up
    as ``opts.show`` says), card points, tricks, marriages and its side's score; the stock and
    the trump card, and ``table``, the cards on the table (``None``: the deal's own, as
    ``trick_on_table`` finds them). The cards of ``opts.pick`` in a hand shown are buttons that
    play them (``tutor_app.board``)."""
    opts = opts or BoardOptions()
    layout = LAYOUTS[deal.seats]
    cls = "t66-board" + layout.board + (" t66-proj" if opts.projector else "")
    if opts.pick:
        cls += " t66-picking"
    cards = trick_on_table(deal) if table is None else table
    middle = Markup('<div class="{}">{}{}{}</div>').format(
        layout.middle,
        _stock_html(deal, tr, opts),
        trick_html(cards, SEAT_LETTERS, tr, opts),
        _info_html(deal, tr, opts),
    )
    parts = (
        middle if part == MIDDLE else seat_html(_seat(deal, part, layout, tr, opts), tr, opts.style)
        for part in layout.order
    )
    table_label = tr._("Card table")
    return Markup(
        '<div class="t66-wrap"><div class="{}" role="group" aria-label="{}">{}</div></div>'
    ).format(cls, table_label, join(parts))


__all__ = [
    "DEFAULT_STYLE",
    "LAYOUTS",
    "RED_SUITS",
    "STYLES",
    "STYLE_NAMES",
    "SUIT_GLYPHS",
    "BoardOptions",
    "Layout",
    "TableCard",
    "Tallied",
    "board_html",
    "suit_badge",
    "trick_on_table",
]

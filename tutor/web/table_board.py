"""The card table for three and four players: the seats around the felt (A at the bottom, the
next seats clockwise: B on the left, then C, and D on the right), the trick in the middle with
each card by the seat that played it, the stock and the trumps beside it."""

from __future__ import annotations

from markupsafe import Markup

from tutor.engine import CARDS, SEAT_NAMES, Card, TableState, side_name, trick_winner_of
from tutor.web.board import BoardOptions, _back_html, _card_html, _pick_html, suit_badge
from tutor.web.html import join
from tutor.words.i18n import Translator
from tutor.words.switches import preset_name

#: Where each seat sits, by the number of seats.
POSITIONS = {3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


def seat_name(seat: int, tr: Translator) -> str:
    return tr._("Player {name}", name=SEAT_NAMES[seat])


def _seat_html(
    state: TableState, seat: int, shown: bool, tr: Translator, opts: BoardOptions
) -> Markup:
    hand: tuple[Card, ...] = state.hand(seat)
    cards = [
        (
            _pick_html(c, _card_html(c, tr, opts), tr, opts)
            if c in opts.pick
            else _card_html(c, tr, opts)
        )
        if shown
        else _back_html(tr, opts)
        for c in hand
    ]
    if not cards:
        cards.append(Markup('<span class="t66-empty">{}</span>').format(tr._("no cards left")))
    turn = Markup("")
    if state.to_move == seat:
        turn = Markup('<span class="t66-turn">{}</span>').format(tr._("to play"))
    stats = [
        Markup('<span class="t66-stat">{} <b>{}</b></span>').format(
            tr.p_("score label", "card points"), state.points[seat]
        ),
        Markup('<span class="t66-stat">{}</span>').format(
            tr.n_("{n} trick", "{n} tricks", state.tricks[seat])
        ),
    ]
    melds = [
        Markup('<span class="t66-meld">{} {}</span>').format(
            suit_badge(suit, opts.style, tr),
            state.rules.marriage_value(suit, state.trump, i),
        )
        for i, (who, suit) in enumerate(state.marriages)
        if who == seat
    ]
    side = state.side(seat)
    team = side_name(state.rules, side)
    total = Markup('<span class="t66-total">{}{} <b>{}</b></span>').format(
        tr.p_("score label", "score"),
        f" {team}" if state.rules.partners else "",
        state.score(side),
    )
    where = POSITIONS[state.rules.seats][seat]
    on_turn = " t66-on-turn" if state.to_move == seat else ""
    return Markup(
        '<section class="t66-seat t66-tseat t66-at-{}{}" aria-label="{}">'
        '<div class="t66-bar"><span class="t66-name">{}</span>{}{}{}{}</div>'
        '<div class="t66-hand t66-fan">{}</div></section>'
    ).format(
        where,
        on_turn,
        seat_name(seat, tr),
        seat_name(seat, tr),
        turn,
        join(stats),
        join(melds),
        total,
        join(cards),
    )


def _stock_html(state: TableState, tr: Translator, opts: BoardOptions) -> Markup:
    parts = [Markup('<div class="t66-stock">')]
    n = state.cards_to_draw
    if n:
        parts.append(Markup('<div class="t66-stock-cards">'))
        if state.trump_card >= 0:
            face = _card_html(CARDS[state.trump_card], tr, opts)
            parts.append(Markup('<div class="t66-trumpcard">{}</div>').format(face))
        if state.stock:
            parts.append(
                Markup(
                    '<div class="t66-pile">{}<span class="t66-count" aria-hidden="true">{}</span>'
                    "</div>"
                ).format(_back_html(tr, opts), n)
            )
        parts.append(Markup("</div>"))
    else:
        parts.append(Markup('<div class="t66-gone">{}</div>').format(tr._("stock used up")))
    if state.stock_open:
        status = tr.n_("{n} card in the stock", "{n} cards in the stock", n)
    else:
        status = tr._("no cards left to draw")
    parts.append(Markup('<div class="t66-cap">{}</div></div>').format(status))
    return join(parts)


def _trick_html(state: TableState, tr: Translator, opts: BoardOptions) -> Markup:
    """The trick in progress; between tricks the last one, its winner marked."""
    n = state.rules.seats
    if state.trick:
        leader, cards, winner = state.leader, state.trick, -1
    elif state.last_trick is not None:
        leader, cards, winner = state.last_trick
    else:
        leader, cards, winner = state.leader, (), -1
    slots = []
    best = trick_winner_of(cards, int(state.trump), state.rules.equal_cards) if cards else -1
    for k, c in enumerate(cards):
        seat = (leader + k) % n
        cls = "t66-played"
        mark = Markup("")
        if winner >= 0 and k == best:
            cls += " t66-wins"
            mark = Markup('<span class="t66-winmark">{}</span>').format(tr._("takes the trick"))
        slots.append(
            Markup('<div class="{}">{}<span class="t66-by">{}</span>{}</div>').format(
                cls, _card_html(CARDS[c], tr, opts), SEAT_NAMES[seat], mark
            )
        )
    if not slots:
        note = tr._("no card on the table")
        slots.append(Markup('<div class="t66-felt-note">{}</div>').format(note))
    return Markup('<div class="t66-trick" role="group" aria-label="{}">{}</div>').format(
        tr._("On the table"), join(slots)
    )


def table_board_html(
    state: TableState,
    tr: Translator,
    opts: BoardOptions | None = None,
    shown: tuple[bool, ...] | None = None,
) -> Markup:
    """The whole table for three or four: every seat with its hand (face up where ``shown``
    says), points, tricks and its side's score; the trick, the stock and the trumps. The cards
    of ``opts.pick`` in a hand shown are buttons that play them (``tutor_app.board``)."""
    opts = opts or BoardOptions()
    seats = state.rules.seats
    visible = shown if shown is not None else (True,) * seats
    cls = f"t66-board t66-tboard t66-seats-{seats}" + (" t66-proj" if opts.projector else "")
    if opts.pick:
        cls += " t66-picking"
    info = Markup(
        '<div class="t66-info"><div class="t66-trumps"><span>{}</span>{}</div>'
        '<div class="t66-preset">{}: {}</div></div>'
    ).format(
        tr._("Trumps"),
        suit_badge(state.trump, opts.style, tr),
        tr._("Rules"),
        preset_name(state.rules.name, tr),
    )
    middle = Markup('<div class="t66-mid t66-tmid">{}{}{}</div>').format(
        _stock_html(state, tr, opts), _trick_html(state, tr, opts), info
    )
    seat_parts = [_seat_html(state, s, visible[s], tr, opts) for s in range(seats)]
    return Markup(
        '<div class="t66-wrap"><div class="{}" role="group" aria-label="{}">{}{}</div></div>'
    ).format(cls, tr._("Card table"), join(seat_parts), middle)


__all__ = ["POSITIONS", "seat_name", "table_board_html"]

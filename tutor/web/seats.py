"""Cards and seats as HTML, for a table of any size: a card face, a card back, a card in hand
as a button that plays it, a card just drawn, a seat's hand with its name, card points, tricks,
marriages and score. ``tutor.web.board`` lays the seats out around the table; every value is
escaped (markupsafe) unless it is already ``Markup``."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from tutor.engine import Card, Suit
from tutor.web.cardart import back_svg, card_svg
from tutor.web.html import join, svg_img
from tutor.words.i18n import Translator

DEFAULT_STYLE = "french"
SUIT_GLYPHS = ("♣", "♠", "♥", "♦")
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def suit_badge(suit: Suit, style: str, tr: Translator) -> Markup:
    """A suit as HTML: the glyph (French pack) and the name."""
    name = tr.suit(suit)
    red = " t66-red" if suit in RED_SUITS else ""
    if style == "french":
        return Markup(
            '<span class="t66-suit{}"><span aria-hidden="true">{}</span> {}</span>'
        ).format(red, SUIT_GLYPHS[suit], name)
    return Markup('<span class="t66-suit{}">{}</span>').format(red, name)


@dataclass(frozen=True)
class TableCard:
    """A card on the table: who played it and whether it took the trick."""

    player: int
    card: Card
    wins: bool = False


@dataclass(frozen=True)
class BoardOptions:
    """How to draw the table: pack style, the hands face up, projector size."""

    style: str = DEFAULT_STYLE
    show: tuple[bool, ...] = (True, True)  # per seat; a seat not listed is face up
    projector: bool = False
    hidden: frozenset[Card] = frozenset()  # cards never shown face up (a lesson's unnamed ones)
    drawn: frozenset[Card] = frozenset()  # cards just drawn from the stock, marked "new"
    pick: frozenset[Card] = frozenset()  # cards in hand the learner may click to play
    legal: frozenset[Card] | None = None  # of those, the ones marked legal; None: no marks
    scores: bool = True  # False: the points and scores are hidden (the learner counts)
    finished: bool = False  # the deal is over (given up, or a puzzle ended): no one is to play

    def face_up(self, seat: int) -> bool:
        """Whether ``seat``'s hand is shown face up."""
        return seat >= len(self.show) or self.show[seat]


_SVG_HEIGHT = 300  # the drawing's own size; the page scales it (it stays sharp)


@functools.lru_cache(maxsize=2048)
def _card_img(
    card: Card, style: str, label: str, letter: str, selected: bool, high_contrast: bool
) -> Markup:
    svg = card_svg(
        card,
        style=style,
        label=label,
        selected=selected,
        high_contrast=high_contrast,
        letter=letter,
    )
    cls = "t66-card t66-sel" if selected else "t66-card"
    return svg_img(svg, label, cls)


@functools.lru_cache(maxsize=64)
def _back_img(label: str, high_contrast: bool) -> Markup:
    return svg_img(back_svg(label=label, height=_SVG_HEIGHT, high_contrast=high_contrast), label)


def card_html(card: Card, tr: Translator, opts: BoardOptions, *, selected: bool = False) -> Markup:
    """A card face up, named in ``tr``'s language; ``selected`` raises it (a marriage's card
    shown with the lead)."""
    label = tr.card(card, "bare")
    return _card_img(card, opts.style, label, tr.rank_letter(card.rank), selected, opts.projector)


def back_html(tr: Translator, opts: BoardOptions) -> Markup:
    """A card face down."""
    return _back_img(tr._("a face-down card"), opts.projector)


def drawn_html(card: Markup, tr: Translator) -> Markup:
    """A card in hand marked as just drawn from the stock."""
    # TRANSLATORS: a small mark on a card in hand that was just drawn from the stock.
    mark = tr.p_("drawn card", "new")
    return Markup('<span class="t66-drawn">{}<span class="t66-newmark">{}</span></span>').format(
        card, mark
    )


def pick_html(card: Card, inner: Markup, tr: Translator, opts: BoardOptions) -> Markup:
    """A card in hand as a button that plays it (``data-move``), marked legal or dimmed when
    the options say which cards are legal."""
    cls = "t66-pick"
    label = tr._("Play {card_bare}", card=card)
    if opts.legal is not None:
        if card in opts.legal:
            cls += " t66-legal"
        else:
            cls += " t66-illegal"
            # TRANSLATORS: the name of a dimmed card's button ("Play the queen of spades:
            # not allowed now").
            label = tr._("Play {card_bare}: not allowed now", card=card)
    return Markup(
        '<button type="button" class="{}" data-move="{}" aria-label="{}" title="{}">{}</button>'
    ).format(cls, str(card), label, label, inner)


def hand_cards(
    hand: Sequence[Card],
    tr: Translator,
    opts: BoardOptions,
    *,
    face_up: bool,
    seen: frozenset[Card] = frozenset(),
    selected: Card | None = None,
) -> tuple[Markup, ...]:
    """The cards of a hand: face up where ``face_up`` or everyone has seen the card (``seen``,
    one copy each) and the options do not hide it; the cards just drawn marked "new" (face
    down, on the last backs rather than where they sort); the cards of ``opts.pick`` as
    buttons."""
    cards = []
    shown: set[Card] = set()  # the seen cards already face up (a pack used twice)
    unseen_new = 0
    for card in hand:
        if card in opts.hidden or not (face_up or (card in seen and card not in shown)):
            cards.append(back_html(tr, opts))
            unseen_new += card in opts.drawn
            continue
        shown.add(card)
        html = card_html(card, tr, opts, selected=card == selected)
        if card in opts.drawn:
            html = drawn_html(html, tr)
        cards.append(pick_html(card, html, tr, opts) if card in opts.pick else html)
    if unseen_new:
        backs = [i for i, c in enumerate(cards) if c == back_html(tr, opts)]
        for i in backs[-unseen_new:]:
            cards[i] = drawn_html(cards[i], tr)
    return tuple(cards)


@dataclass(frozen=True)
class Seat:
    """What a seat shows: its letter, where it sits (the section's and the hand's classes),
    its cards as HTML, whose turn it is, the card points and tricks it has taken, marriage
    points waiting for a trick, its marriages (suit and points), its side's letters where a
    side has more than one seat, and the side's score. ``None`` for points and score: hidden
    (the learner counts)."""

    name: str
    place: str
    hand_class: str
    face_up: bool
    cards: tuple[Markup, ...]
    on_turn: bool
    points: int | None
    tricks: int
    pending: int = 0
    marriages: tuple[tuple[Suit, int], ...] = ()
    team: str = ""
    score: int | None = None


def player_name(name: str, tr: Translator) -> str:
    """A seat's name as the table shows it ("Player A")."""
    return tr._("Player {name}", name=name)


def seat_html(seat: Seat, tr: Translator, style: str) -> Markup:
    """A seat at the table: a bar with its name, the turn, its card points, tricks, marriages
    and score, and its hand."""
    cards = list(seat.cards)
    if not cards:
        empty = tr._("no cards left")
        cards.append(Markup('<span class="t66-empty">{}</span>').format(empty))
    label = (
        tr._("Hand of player {name}", name=seat.name)
        if seat.face_up
        else tr._("Hand of player {name}, face down", name=seat.name)
    )
    turn = Markup("")
    if seat.on_turn:
        turn = Markup('<span class="t66-turn">{}</span>').format(tr._("to play"))
    # TRANSLATORS: a label before the number of card points a player has taken ("card points 14").
    points_label = tr.p_("score label", "card points")
    stats = [
        Markup('<span class="t66-stat">{} <b>{}</b></span>').format(
            points_label, "?" if seat.points is None else seat.points
        ),
        Markup('<span class="t66-stat">{}</span>').format(
            tr.n_("{n} trick", "{n} tricks", seat.tricks)
        ),
    ]
    announced = tr._("announced marriage")
    melds = [
        Markup('<span class="t66-meld" title="{}">{} {}</span>').format(
            announced, suit_badge(suit, style, tr), pts
        )
        for suit, pts in seat.marriages
    ]
    if seat.pending:
        waiting = tr.n_(
            "{n} marriage point waits for a won trick",
            "{n} marriage points wait for a won trick",
            seat.pending,
        )
        stats.append(Markup('<span class="t66-stat t66-pending">{}</span>').format(waiting))
    # TRANSLATORS: a label before a player's total in the deal: card points and credited marriages.
    score_label = tr.p_("score label", "score")
    total = Markup('<span class="t66-total">{}{} <b>{}</b></span>').format(
        score_label, f" {seat.team}" if seat.team else "", "?" if seat.score is None else seat.score
    )
    on_turn = " t66-on-turn" if seat.on_turn else ""
    return Markup(
        '<section class="t66-seat {}{}" aria-label="{}">'
        '<div class="t66-bar"><span class="t66-name">{}</span>'
        "{}{}{}{}</div>"
        '<div class="{}">{}</div></section>'
    ).format(
        seat.place,
        on_turn,
        label,
        player_name(seat.name, tr),
        turn,
        join(stats),
        join(melds),
        total,
        seat.hand_class,
        join(cards),
    )


def trick_html(
    table: Sequence[TableCard], names: str, tr: Translator, opts: BoardOptions
) -> Markup:
    """The cards on the table, each with the letter of the seat (``names``) that played it and
    the one that took the trick marked."""
    slots = []
    for tc in table:
        win = Markup("")
        cls = "t66-played"
        if tc.wins:
            cls += " t66-wins"
            win = Markup('<span class="t66-winmark">{}</span>').format(tr._("takes the trick"))
        slots.append(
            Markup('<div class="{}">{}<span class="t66-by">{}</span>{}</div>').format(
                cls, card_html(tc.card, tr, opts), names[tc.player], win
            )
        )
    if not slots:
        note = tr._("no card on the table")
        slots.append(Markup('<div class="t66-felt-note">{}</div>').format(note))
    on_table = tr._("On the table")
    return Markup('<div class="t66-trick" role="group" aria-label="{}">{}</div>').format(
        on_table, join(slots)
    )


__all__ = [
    "DEFAULT_STYLE",
    "RED_SUITS",
    "SUIT_GLYPHS",
    "BoardOptions",
    "Seat",
    "TableCard",
    "back_html",
    "card_html",
    "drawn_html",
    "hand_cards",
    "pick_html",
    "player_name",
    "seat_html",
    "suit_badge",
    "trick_html",
]

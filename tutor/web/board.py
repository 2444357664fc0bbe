"""The card table as HTML: both hands, the stock and the trump card, the trick on the table,
each player's card points, tricks, marriages and score."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from tutor.engine import CARDS, PLAYER_NAMES, Card, State, Suit
from tutor.msgid import N_
from tutor.web.cardart import back_svg, card_svg
from tutor.web.html import join, svg_img
from tutor.web.rules_ref import preset_name
from tutor.words.i18n import PACK_STYLES, Translator

STYLES = PACK_STYLES
DEFAULT_STYLE = "french"
STYLE_NAMES: Mapping[str, str] = {
    "french": N_("French-suited (clubs, spades, hearts, diamonds)"),
    "german": N_("German-suited (acorns, leaves, hearts, bells)"),
}
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
    show: tuple[bool, bool] = (True, True)
    projector: bool = False
    hidden: frozenset[Card] = frozenset()  # cards never shown face up (a lesson's unnamed ones)
    drawn: frozenset[Card] = frozenset()  # cards just drawn from the stock, marked "new"
    pick: frozenset[Card] = frozenset()  # cards in hand the learner may click to play
    legal: frozenset[Card] | None = None  # of those, the ones marked legal; None: no marks
    scores: bool = True  # False: the points and scores are hidden (the learner counts)


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


def _card_html(card: Card, tr: Translator, opts: BoardOptions, *, selected: bool = False) -> Markup:
    label = tr.card(card, "bare")
    return _card_img(card, opts.style, label, tr.rank_letter(card.rank), selected, opts.projector)


def _back_html(tr: Translator, opts: BoardOptions) -> Markup:
    return _back_img(tr._("a face-down card"), opts.projector)


def _drawn_html(card: Markup, tr: Translator) -> Markup:
    """A card in hand marked as just drawn from the stock."""
    # TRANSLATORS: a small mark on a card in hand that was just drawn from the stock.
    mark = tr.p_("drawn card", "new")
    return Markup('<span class="t66-drawn">{}<span class="t66-newmark">{}</span></span>').format(
        card, mark
    )


def _pick_html(card: Card, inner: Markup, tr: Translator, opts: BoardOptions) -> Markup:
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


def _player_name(player: int, tr: Translator) -> str:
    return tr._("Player {name}", name=PLAYER_NAMES[player])


def _seat_html(state: State, player: int, tr: Translator, opts: BoardOptions) -> Markup:
    hand = state.hand(player)
    visible = opts.show[player]
    shown_partner = -1
    if state.lead >= 0 and state.lead_marriage and state.leader == player:
        shown_partner = state.lead ^ 1  # the marriage partner shown with the lead
    cards = []
    unseen_new = 0  # drawn cards face down: marked on the last backs, not where they sort
    for card in hand:
        if card in opts.hidden or not (visible or (state.known[player] >> card.index) & 1):
            cards.append(_back_html(tr, opts))
            unseen_new += card in opts.drawn
        else:
            html = _card_html(card, tr, opts, selected=card.index == shown_partner)
            if card in opts.drawn:
                html = _drawn_html(html, tr)
            cards.append(_pick_html(card, html, tr, opts) if card in opts.pick else html)
    if unseen_new:
        backs = [i for i, c in enumerate(cards) if c == _back_html(tr, opts)]
        for i in backs[-unseen_new:]:
            cards[i] = _drawn_html(cards[i], tr)
    if not cards:
        empty = tr._("no cards left")
        cards.append(Markup('<span class="t66-empty">{}</span>').format(empty))
    label = (
        tr._("Hand of player {name}", name=PLAYER_NAMES[player])
        if visible
        else tr._("Hand of player {name}, face down", name=PLAYER_NAMES[player])
    )
    turn = Markup("")
    if state.to_move == player:
        turn = Markup('<span class="t66-turn">{}</span>').format(tr._("to play"))
    # TRANSLATORS: a label before the number of card points a player has taken ("card points 14").
    points_label = tr.p_("score label", "card points")
    stats = [
        Markup('<span class="t66-stat">{} <b>{}</b></span>').format(
            points_label, state.points[player] if opts.scores else "?"
        ),
        Markup('<span class="t66-stat">{}</span>').format(
            tr.n_("{n} trick", "{n} tricks", state.tricks[player])
        ),
    ]
    melds = []
    rules = state.rules
    for i, (who, suit) in enumerate(state.marriages):
        if who != player:
            continue
        # the trump when it was announced: the current one, unless marriages change it
        before = (state.marriages[i - 1][1] if i else None) if rules.marriage_makes_trump else None
        pts = rules.marriage_value(
            suit, state.trump if not rules.marriage_makes_trump else before, i
        )
        announced = tr._("announced marriage")
        melds.append(
            Markup('<span class="t66-meld" title="{}">{} {}</span>').format(
                announced, suit_badge(suit, opts.style, tr), pts
            )
        )
    if state.pending[player]:
        waiting = tr.n_(
            "{n} marriage point waits for a won trick",
            "{n} marriage points wait for a won trick",
            state.pending[player],
        )
        stats.append(Markup('<span class="t66-stat t66-pending">{}</span>').format(waiting))
    # TRANSLATORS: a label before a player's total in the deal: card points and credited marriages.
    score_label = tr.p_("score label", "score")
    total = Markup('<span class="t66-total">{} <b>{}</b></span>').format(
        score_label, state.score(player) if opts.scores else "?"
    )
    where = "bottom" if player == 0 else "top"
    on_turn = " t66-on-turn" if state.to_move == player else ""
    return Markup(
        '<section class="t66-seat t66-seat-{}{}" aria-label="{}">'
        '<div class="t66-bar"><span class="t66-name">{}</span>'
        "{}{}{}{}</div>"
        '<div class="t66-hand">{}</div></section>'
    ).format(
        where,
        on_turn,
        label,
        _player_name(player, tr),
        turn,
        join(stats),
        join(melds),
        total,
        join(cards),
    )


def _stock_html(state: State, tr: Translator, opts: BoardOptions) -> Markup:
    n = state.stock_size
    trump = state.trump_card_value
    closed = state.closed_by >= 0
    parts = [Markup('<div class="t66-stock">')]
    if n:
        parts.append(Markup('<div class="t66-stock-cards">'))
        if trump is not None and not closed:
            parts.append(
                Markup('<div class="t66-trumpcard">{}</div>').format(_card_html(trump, tr, opts))
            )
        parts.append(
            Markup(
                '<div class="t66-pile">{}'
                '<span class="t66-count" aria-hidden="true">{}</span></div></div>'
            ).format(_back_html(tr, opts), n)
        )
    else:
        gone = tr._("stock used up")
        parts.append(Markup('<div class="t66-gone">{}</div>').format(gone))
    if closed:
        status = tr._("closed by {name}", name=PLAYER_NAMES[state.closed_by])
    elif n:
        status = tr.n_("{n} card in the stock", "{n} cards in the stock", n)
    else:
        status = tr._("no cards left to draw")
    parts.append(Markup('<div class="t66-cap">{}</div></div>').format(status))
    return join(parts)


def _trick_html(table: Sequence[TableCard], tr: Translator, opts: BoardOptions) -> Markup:
    slots = []
    for tc in table:
        win = Markup("")
        cls = "t66-played"
        if tc.wins:
            cls += " t66-wins"
            win = Markup('<span class="t66-winmark">{}</span>').format(tr._("takes the trick"))
        slots.append(
            Markup('<div class="{}">{}<span class="t66-by">{}</span>{}</div>').format(
                cls, _card_html(tc.card, tr, opts), PLAYER_NAMES[tc.player], win
            )
        )
    if not slots:
        note = tr._("no card on the table")
        slots.append(Markup('<div class="t66-felt-note">{}</div>').format(note))
    on_table = tr._("On the table")
    return Markup('<div class="t66-trick" role="group" aria-label="{}">{}</div>').format(
        on_table, join(slots)
    )


def _info_html(state: State, tr: Translator, opts: BoardOptions) -> Markup:
    trump = (
        suit_badge(state.trump, opts.style, tr)
        if state.trump is not None
        else Markup('<span class="t66-suit t66-no-trump">{}</span>').format(tr._("none yet"))
    )
    trumps_word, rules_word = tr._("Trumps"), tr._("Rules")
    return Markup(
        '<div class="t66-info">'
        '<div class="t66-trumps"><span>{}</span>{}</div>'
        '<div class="t66-preset">{}: {}</div>'
        "</div>"
    ).format(trumps_word, trump, rules_word, preset_name(state.rules.name, tr))


def state_table(state: State) -> tuple[TableCard, ...]:
    """The cards on the table in a position: the card led, waiting for the answer; else the
    last trick, both cards with the one that took it marked, until the next lead (004)."""
    if state.lead >= 0:
        return (TableCard(state.leader, CARDS[state.lead]),)
    if state.last_trick is not None:
        leader, led, played, winner = state.last_trick
        return (
            TableCard(leader, CARDS[led], winner == leader),
            TableCard(1 - leader, CARDS[played], winner != leader),
        )
    return ()


def board_html(
    state: State,
    table: Sequence[TableCard],
    tr: Translator,
    opts: BoardOptions = BoardOptions(),
) -> Markup:
    """The whole table in one block: B's hand, stock and trump, the trick, A's hand, with each
    player's card points, tricks, marriages and score."""
    cls = "t66-board t66-proj" if opts.projector else "t66-board"
    if opts.pick:
        cls += " t66-picking"
    table_label = tr._("Card table")
    return Markup(
        '<div class="t66-wrap"><div class="{}" role="group" aria-label="{}">'
        '{}<div class="t66-mid">{}{}{}</div>{}</div></div>'
    ).format(
        cls,
        table_label,
        _seat_html(state, 1, tr, opts),
        _stock_html(state, tr, opts),
        _trick_html(table, tr, opts),
        _info_html(state, tr, opts),
        _seat_html(state, 0, tr, opts),
    )


__all__ = [
    "DEFAULT_STYLE",
    "RED_SUITS",
    "STYLES",
    "STYLE_NAMES",
    "SUIT_GLYPHS",
    "BoardOptions",
    "TableCard",
    "board_html",
    "state_table",
    "suit_badge",
]

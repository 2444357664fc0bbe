"""The deal editor as HTML: every place of the position being set up (each seat's hand, the
face-up trump card, the stock, the tricks played, the trick in progress) with its cards, and
the pack below with the cards still free. Every card is a button of the clickable table
(``tutor_app.board``): a card of the pack puts it at the chosen place (``put:Ah``), a card
placed takes it back (``take:hand.A:Ah``); the arrow keys move among them and Enter clicks.
Cards already placed are greyed out in the pack. Every text is escaped.

>>> from tutor.teach.studio.setup import Setup, TRUMP
>>> from tutor.words.i18n import get_translator
>>> html = editor_html(Setup().put("Ah", TRUMP), TRUMP, get_translator("en"))
>>> 'data-move="take:trump:Ah"' in html, 'data-move="put:Ah"' in html, 'data-move="put:Kh"' in html
(True, False, True)
"""

from __future__ import annotations

from collections import Counter

from markupsafe import Markup

from tutor.engine import Card
from tutor.teach.studio.setup import PAST, STOCK, TRICK, TRUMP, Place, Setup, hand, pack_cards
from tutor.web.html import join
from tutor.web.seats import BoardOptions, card_html
from tutor.words.i18n import Translator
from tutor.words.studio_page import place_name

#: The editor's own look: small cards in rows, the chosen place marked.
STUDIO_CSS = Markup(
    "<style>.t66-studio{--card-h:64px;display:flex;flex-direction:column;gap:6px}"
    ".t66-studio .t66-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;"
    "min-height:calc(var(--card-h) + 8px);padding:4px 8px;border-radius:8px;"
    "background:#1f6a4222}"
    ".t66-studio .t66-row.t66-target{outline:3px solid #ffd54f}"
    ".t66-studio .t66-row-name{min-width:11em;font-weight:600}"
    ".t66-studio .t66-gone{opacity:.25}</style>"
)


def places(setup: Setup) -> tuple[Place, ...]:
    """Every place of the setup, in the order they are drawn."""
    return (*(hand(s) for s in range(setup.seats)), TRUMP, STOCK, PAST, TRICK)


def cards_at(setup: Setup, place: Place) -> tuple[str, ...]:
    """The cards at a place, in order."""
    if place.kind == "hand":
        return setup.hands[place.seat]
    if place == STOCK:
        return setup.stock
    if place == TRUMP:
        return (setup.trump,) if setup.trump is not None else ()
    if place == TRICK:
        return setup.trick
    return (*setup.played, *(c for t in setup.past for c in t.cards))


def _button(move: str, label: str, inner: Markup) -> Markup:
    return Markup(
        '<button type="button" class="t66-pick" data-move="{}" aria-label="{}" title="{}">'
        "{}</button>"
    ).format(move, label, label, inner)


def _row(setup: Setup, place: Place, target: Place, tr: Translator, opts: BoardOptions) -> Markup:
    name = place_name(place, tr)
    cards = [
        _button(
            f"take:{place.name}:{c}",
            tr._("Take back {card_bare}", card=Card.parse(c)),
            card_html(Card.parse(c), tr, opts),
        )
        for c in cards_at(setup, place)
    ]
    cls = "t66-row t66-target" if place == target else "t66-row"
    return Markup(
        '<div class="{}" role="group" aria-label="{}"><span class="t66-row-name">{}</span>{}</div>'
    ).format(cls, name, name, join(cards))


def pack_html(setup: Setup, tr: Translator, opts: BoardOptions) -> Markup:
    """The pack: a button for each card still free, the others greyed out."""
    free = Counter(setup.free())
    parts = []
    for c in pack_cards(setup.rules):
        card = Card.parse(c)
        face = card_html(card, tr, opts)
        if free[c]:
            parts.append(_button(f"put:{c}", tr._("Put {card_bare}", card=card), face))
        else:
            parts.append(Markup('<span class="t66-gone">{}</span>').format(face))
    return Markup('<div class="t66-row">{}</div>').format(join(parts))


def editor_html(
    setup: Setup, target: Place, tr: Translator, opts: BoardOptions | None = None
) -> Markup:
    """The places with their cards (the chosen ``target`` marked) and the pack."""
    opts = opts or BoardOptions()
    rows = join(_row(setup, p, target, tr, opts) for p in places(setup))
    return Markup('{}<div class="t66-studio">{}{}</div>').format(
        STUDIO_CSS, rows, pack_html(setup, tr, opts)
    )


__all__ = ["STUDIO_CSS", "cards_at", "editor_html", "pack_html", "places"]

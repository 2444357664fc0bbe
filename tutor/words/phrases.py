"""Moves, cards and numbers as words: a move as a phrase in a sentence, an item of a list or
a button's label; cards in a list; a sentence's first letter; numbers and percentages as the
language writes them.
"""

from __future__ import annotations

from collections.abc import Iterable

from babel.numbers import format_decimal, format_percent

from tutor.engine import (
    CARDS,
    Card,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Pass,
    Play,
    State,
    Wait,
)
from tutor.words.i18n import Translator


def card_list(cards: Iterable[object], tr: Translator) -> str:
    """Cards as the items of a list, each named without an article ("Kreuz-Zehn, Kreuz-König");
    anything that is not a card is left out."""
    return ", ".join(card_item(c, tr) for c in cards if isinstance(c, Card))


def card_item(card: Card, tr: Translator) -> str:
    """A card as an item of a list or a label: its name without an article."""
    return tr.card(card, "bare")


def move_phrase(move: Move, tr: Translator) -> str:
    """A move as a phrase in a sentence: "the queen of hearts", "closing the stock".

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_phrase(parse_move("Qh"), en), move_phrase(parse_move("marry Qh out"), en)
    ('the queen of hearts', 'the marriage with the queen of hearts and declaring 66')
    """
    return _move_words(move, tr)[0]


def move_item(move: Move, tr: Translator) -> str:
    """A move as an item of a list or a label, without an article: "queen of hearts",
    "closing the stock" (German "Herz-Dame", "Zudrehen").

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> de = get_translator("de")
    >>> move_item(parse_move("Qh"), de), move_item(parse_move("close"), de)
    ('Herz-Dame', 'Zudrehen')
    """
    return _move_words(move, tr)[1]


def move_label(move: Move, tr: Translator) -> str:
    """A move's short label on a button: "Marriage with the queen of hearts", "Close the stock";
    a card played is named by its corner ("Q♥", in German "D♥").

    >>> from tutor.engine import parse_move
    >>> from tutor.words.i18n import get_translator
    >>> en = get_translator("en")
    >>> move_label(parse_move("Qh"), en), move_label(parse_move("marry Qh out"), en)
    ('Q♥', 'Marriage with the queen of hearts and 66')
    """
    return _move_words(move, tr)[2]


def choice_label(before: State, move: Move, tr: Translator) -> str:
    """A move's button label where the position gives it a plainer name: between two turns a
    pass is drawing ("Draw") or declining the exchange, and closing comes before the draw.

    >>> from tutor.engine import new_deal, play_moves, preset, PASS, CLOSE_UNDRAWN
    >>> from tutor.words.i18n import get_translator
    >>> s = new_deal(preset("pagat"), hands=("Kh Qh Jd Ac 10c 9s", "Ah Jh Kc Qc 10s 9d"),
    ...              trump_card="Ad", stock="Jc 9c As Ks Qs 10h 10d Kd Qd Js 9h")
    >>> s = play_moves(s, ["Ac", "10s"])
    >>> en = get_translator("en")
    >>> choice_label(s, PASS, en), choice_label(s, CLOSE_UNDRAWN, en)
    ('Draw', 'Close before drawing')
    """
    if before.waiting is Wait.DRAW and isinstance(move, Pass):
        return tr._("Draw")
    if before.waiting is Wait.REPLY and isinstance(move, Pass):
        return tr._("Do not exchange")
    return move_label(move, tr)


def waiting_prompt(before: State, tr: Translator) -> str:
    """What the player to move decides between two turns, said to that player; "" when no
    choice is waiting."""
    if before.waiting is Wait.DRAW:
        return tr._(
            "You won the trick. Draw from the stock, or close it before drawing: then both of "
            "you play on with one card fewer."
        )
    if before.waiting is Wait.REPLY and before.trump is not None:
        return tr._(
            "Your opponent has closed the stock. You may now exchange {card} for {trump_card}, "
            "the face-up trump card, or pass.",
            card=CARDS[before.trump * 8 + before.rules.exchange_rank],
            trump_card=before.trump_card_value,
        )
    return ""


def _move_words(move: Move, tr: Translator) -> tuple[str, str, str]:
    """A move's three forms: the phrase in a sentence, the item of a list, the button label.
    The card itself goes into each message, so that a catalog can decline it."""
    if isinstance(move, Play):
        return (tr.card(move.card), card_item(move.card, tr), tr.card_short(move.card))
    if isinstance(move, Marriage):
        if move.out:
            return (
                tr._("the marriage with {card} and declaring 66", card=move.card),
                tr.p_("move, in a list", "marriage with {card} and declaring 66", card=move.card),
                tr._("Marriage with {card} and 66", card=move.card),
            )
        return (
            tr._("the marriage with {card}", card=move.card),
            tr.p_("move, in a list", "marriage with {card}", card=move.card),
            tr._("Marriage with {card}", card=move.card),
        )
    if isinstance(move, Exchange):
        return (
            tr._("exchanging the trump"),
            tr.p_("move, in a list", "exchanging the trump"),
            tr._("Exchange the trump"),
        )
    if isinstance(move, Close) and move.before_draw:
        return (
            tr._("closing the stock before drawing"),
            tr.p_("move, in a list", "closing the stock before drawing"),
            tr._("Close before drawing"),
        )
    if isinstance(move, Close):
        return (
            tr._("closing the stock"),
            tr.p_("move, in a list", "closing the stock"),
            tr._("Close the stock"),
        )
    if isinstance(move, DeclareOut):
        return (
            tr._("declaring 66"),
            tr.p_("move, in a list", "declaring 66"),
            tr._("Declare 66"),
        )
    if isinstance(move, NameTrump):
        return (
            tr._("naming {suit} trumps", suit=move.suit),
            tr.p_("move, in a list", "naming {suit} trumps", suit=move.suit),
            tr._("Trumps: {suit}", suit=move.suit),
        )
    if isinstance(move, Pass):
        return (tr._("passing"), tr.p_("move, in a list", "passing"), tr._("Pass"))
    raise TypeError(f"not a move: {move!r}")


def sentence(text: str) -> str:
    """The text with its first letter capitalised, fit to open a sentence (a card name may).

    >>> sentence("the ace of hearts is safe.")
    'The ace of hearts is safe.'
    """
    return text[:1].upper() + text[1:]


def number(value: float, tr: Translator) -> str:
    """A number with at most two decimals, in the translator's language.

    >>> from tutor.words.i18n import get_translator
    >>> number(1234.5678, get_translator("en")), number(0.5, get_translator("de"))
    ('1,234.57', '0,5')
    """
    return str(format_decimal(round(value, 2), format="#,##0.##", locale=tr.lang))


def percent(share: float, tr: Translator, decimals: int = 0) -> str:
    """A share between 0 and 1 as a percentage with at most ``decimals`` decimals, written as
    the language writes it.

    >>> from tutor.words.i18n import get_translator
    >>> percent(0.934, get_translator("en")), percent(0.934, get_translator("de"))
    ('93%', '93\\xa0%')
    >>> percent(0.6219, get_translator("pl"), 1), percent(0.65, get_translator("en"), 1)
    ('62,2%', '65%')
    """
    share = round(share, 2 + decimals)
    return str(format_percent(share, locale=tr.lang, decimal_quantization=not decimals))


__all__ = [
    "card_item",
    "card_list",
    "choice_label",
    "move_item",
    "move_label",
    "move_phrase",
    "number",
    "percent",
    "sentence",
    "waiting_prompt",
]

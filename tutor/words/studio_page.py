"""The Studio page in words: the deal editor's labels, the places a card can be put, and the
sentence for each refusal of the editor (``tutor.teach.studio.setup.Refusal``) and of a link's
code (``tutor.teach.studio.link``).

>>> from tutor.words.i18n import get_translator
>>> from tutor.teach.studio.setup import Setup, TRUMP, hand
>>> en = get_translator("en")
>>> refusal_text(Setup().put("Ah", TRUMP).put("Ah", hand(1)), en)
'The ace of hearts is placed already: the face-up trump card.'
>>> place_name(hand(2), en)
'the hand of C'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tutor.engine import Card, CardError, Suit
from tutor.msgid import N_
from tutor.teach.studio.setup import PAST, STOCK, TRICK, TRUMP, Place, Refusal, Setup
from tutor.words.app_text import Labels
from tutor.words.i18n import Translator


@dataclass(frozen=True)
class StudioWords(Labels):
    """The Studio page's labels."""

    title: str = N_("Set up a position")
    intro: str = N_(
        "Choose where the cards go, then click cards of the pack to put them there. A card "
        "on the table clicked again goes back to the pack."
    )
    rules: str = N_("Rules")
    dealer: str = N_("Dealer")
    target: str = N_("Put the cards")
    trump_suit: str = N_("Trumps, when no card lies face up")
    pack: str = N_("The pack")
    fill: str = N_("Fill the rest at random")
    clear: str = N_("Clear")
    paste: str = N_("Paste position text (YAML or JSON)")
    read: str = N_("Set up this position")
    link: str = N_("Link to this position")
    complete: str = N_("The position is complete.")
    open_in_studio: str = N_("Set up this position in the studio")
    mode: str = N_("What to do with the position")
    analyse: str = N_("Analyse it")
    record: str = N_("Record a lesson")


#: The places, by kind (a hand is named with its seat).
PLACE_NAMES: Mapping[str, str] = {
    STOCK.kind: N_("the stock (top first)"),
    TRUMP.kind: N_("the face-up trump card"),
    TRICK.kind: N_("the trick in progress"),
    PAST.kind: N_("the tricks played"),
}
HAND = N_("the hand of {seat}")

#: Each refusal's sentence; ``{card}`` is the card refused, named in the language.
REFUSALS: Mapping[str, str] = {
    "not_in_pack": N_("{card} is not in the pack of these rules."),
    "placed": N_("{card} is placed already: {place}."),
    "hand_full": N_("{card} does not fit: the hand of {seat} is full."),
    "stock_full": N_("{card} does not fit: the stock holds at most {size} cards."),
    "no_face_up": N_("{card} cannot lie face up: these rules turn no card up."),
    "trump_taken": N_("{card} cannot lie face up: {trump} lies there already."),
    "trick_full": N_("{card} would complete the trick: put it with the tricks played."),
    "past_open": N_("{card}: complete the last trick played first."),
    "trick_open": N_(
        "{card}: the tricks played come before the trick in progress; take the trick's "
        "cards back first."
    ),
    "must_follow": N_(
        "{card} breaks the duty to follow: {seat} holds {card2}, a card of the suit led."
    ),
    "renounced": N_(
        "{card} cannot be with {seat}: {seat} did not follow suit to {card2} when it had to."
    ),
    "history_fixed": N_(
        "{card}: the cards played came with the position text; clear to change them."
    ),
    "later_first": N_("{card}: take back {card2} first, the card played after it."),
    "not_there": N_("{card} is not there."),
    "unknown_preset": N_("The position cannot be set up: unknown rules {preset}."),
    "field": N_("The position cannot be set up: its field {field} is not as the format says."),
    "view": N_("The position gives one player's view only: the studio needs every hand."),
    "code_long": N_("The position in the address is too long: {size} characters, at most {limit}."),
    "code_bad": N_("The position in the address cannot be read."),
    "code_version": N_("The position in the address is of a version this app does not know."),
}
#: Internal refusals said with the sentence of another.
SAME_AS: Mapping[str, str] = {"no_seat": "not_there", "no_place": "not_there", "shape": "code_bad"}
TAKEN_OUT = N_("Taken out, not in the pack or not at the table of these rules: {cards}")


def place_name(place: Place, tr: Translator) -> str:
    """A place in ``tr``'s language."""
    if place.kind == "hand":
        return tr._(HAND, seat="ABCD"[place.seat])
    return tr._(PLACE_NAMES[place.kind])


def _place_of_id(name: str) -> Place | None:
    if name.startswith("hand.") and len(name) == 6 and name[5] in "ABCD":
        return Place("hand", "ABCD".index(name[5]))
    return next((p for p in (STOCK, TRUMP, TRICK, PAST) if p.kind == name), None)


#: The parameters of a refusal that hold a card or a suit (a seat's letter is not a suit).
CARDS_NAMED = ("card", "held", "last", "lead", "trump", "suit")


def _named(value: object) -> object:
    """A card's or suit's text as the translator names it; anything else as it is."""
    if isinstance(value, str):
        try:
            return Card.parse(value) if len(value) >= 2 else Suit.parse(value)
        except CardError:
            return value
    return value


def refusal_text(result: Setup | Refusal | object, tr: Translator) -> str:
    """The sentence of a refusal (the position reader's own message, with its line and field,
    when the reader refused); an empty text for anything else."""
    if not isinstance(result, Refusal):
        return ""
    if result.error is not None:
        return result.error.render(tr)
    key = SAME_AS.get(result.id, result.id)
    # The second card of a sentence is ``card2``, so that a translation may decline it.
    params = {
        "card2" if k in ("held", "last", "lead") else k: _named(v) if k in CARDS_NAMED else v
        for k, v in result.params
    }
    if "place" in params:
        where = _place_of_id(str(result.args["place"]))
        params["place"] = place_name(where, tr) if where is not None else ""
    if key == "missing":
        count = int(str(params["count"]))
        return tr.n_("{n} card is still to place.", "{n} cards are still to place.", count)
    text = tr._(REFUSALS.get(key, REFUSALS["code_bad"]), **params)
    return text[:1].upper() + text[1:]


def taken_out(cards: tuple[str, ...], tr: Translator) -> str:
    """The notice of the cards a change of rules took out."""
    names = ", ".join(tr.card(Card.parse(c), "bare") for c in cards)
    return tr._(TAKEN_OUT, cards=names)


__all__ = [
    "HAND",
    "PLACE_NAMES",
    "REFUSALS",
    "TAKEN_OUT",
    "StudioWords",
    "place_name",
    "refusal_text",
    "taken_out",
]

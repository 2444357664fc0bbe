"""The names the translator gives: every card, rank and suit in each grammatical case and pack
style, the game's terms with a sentence for each, and numbers with their units.

The tables are literal ``NP_``/``N_`` calls so that the message extractor finds each entry;
:mod:`tutor.words.i18n` builds a translator's names from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from tutor.msgid import N_, NP_

if TYPE_CHECKING:
    from tutor.words.i18n import Translator

# -- name tables ------------------------------------------------------------------------------

# The rank names each pack style uses, indexed by Rank (A, 10, K, Q, J, 9, 8, 7).
RANK_KEYS: Final[Mapping[str, tuple[str, ...]]] = {
    "french": ("ace", "ten", "king", "queen", "jack", "nine", "eight", "seven"),
    "german": ("deuce", "ten", "king", "ober", "unter", "nine", "eight", "seven"),
}

# Card names: one template per pack style, rank and grammatical case; {suit} is the suit's
# name (and {suit_gen} etc. its other cases). Indexed by pack style, rank key, then CASES.
CARD_NAMES: Final[Mapping[str, Mapping[str, tuple[tuple[str, str], ...]]]] = {
    "french": {
        "ace": (
            # TRANSLATORS: a card's full name in one grammatical case; "bare" is the name in a
            # list or after a label, without an article. See docs/translating.md.
            NP_("card name, French pack, nominative", "the ace of {suit}"),
            NP_("card name, French pack, genitive", "the ace of {suit}"),
            NP_("card name, French pack, dative", "the ace of {suit}"),
            NP_("card name, French pack, accusative", "the ace of {suit}"),
            NP_("card name, French pack, instrumental", "the ace of {suit}"),
            NP_("card name, French pack, locative", "the ace of {suit}"),
            NP_("card name, French pack, bare", "ace of {suit}"),
        ),
        "ten": (
            NP_("card name, French pack, nominative", "the ten of {suit}"),
            NP_("card name, French pack, genitive", "the ten of {suit}"),
            NP_("card name, French pack, dative", "the ten of {suit}"),
            NP_("card name, French pack, accusative", "the ten of {suit}"),
            NP_("card name, French pack, instrumental", "the ten of {suit}"),
            NP_("card name, French pack, locative", "the ten of {suit}"),
            NP_("card name, French pack, bare", "ten of {suit}"),
        ),
        "king": (
            NP_("card name, French pack, nominative", "the king of {suit}"),
            NP_("card name, French pack, genitive", "the king of {suit}"),
            NP_("card name, French pack, dative", "the king of {suit}"),
            NP_("card name, French pack, accusative", "the king of {suit}"),
            NP_("card name, French pack, instrumental", "the king of {suit}"),
            NP_("card name, French pack, locative", "the king of {suit}"),
            NP_("card name, French pack, bare", "king of {suit}"),
        ),
        "queen": (
            NP_("card name, French pack, nominative", "the queen of {suit}"),
            NP_("card name, French pack, genitive", "the queen of {suit}"),
            NP_("card name, French pack, dative", "the queen of {suit}"),
            NP_("card name, French pack, accusative", "the queen of {suit}"),
            NP_("card name, French pack, instrumental", "the queen of {suit}"),
            NP_("card name, French pack, locative", "the queen of {suit}"),
            NP_("card name, French pack, bare", "queen of {suit}"),
        ),
        "jack": (
            NP_("card name, French pack, nominative", "the jack of {suit}"),
            NP_("card name, French pack, genitive", "the jack of {suit}"),
            NP_("card name, French pack, dative", "the jack of {suit}"),
            NP_("card name, French pack, accusative", "the jack of {suit}"),
            NP_("card name, French pack, instrumental", "the jack of {suit}"),
            NP_("card name, French pack, locative", "the jack of {suit}"),
            NP_("card name, French pack, bare", "jack of {suit}"),
        ),
        "nine": (
            NP_("card name, French pack, nominative", "the nine of {suit}"),
            NP_("card name, French pack, genitive", "the nine of {suit}"),
            NP_("card name, French pack, dative", "the nine of {suit}"),
            NP_("card name, French pack, accusative", "the nine of {suit}"),
            NP_("card name, French pack, instrumental", "the nine of {suit}"),
            NP_("card name, French pack, locative", "the nine of {suit}"),
            NP_("card name, French pack, bare", "nine of {suit}"),
        ),
        "eight": (
            NP_("card name, French pack, nominative", "the eight of {suit}"),
            NP_("card name, French pack, genitive", "the eight of {suit}"),
            NP_("card name, French pack, dative", "the eight of {suit}"),
            NP_("card name, French pack, accusative", "the eight of {suit}"),
            NP_("card name, French pack, instrumental", "the eight of {suit}"),
            NP_("card name, French pack, locative", "the eight of {suit}"),
            NP_("card name, French pack, bare", "eight of {suit}"),
        ),
        "seven": (
            NP_("card name, French pack, nominative", "the seven of {suit}"),
            NP_("card name, French pack, genitive", "the seven of {suit}"),
            NP_("card name, French pack, dative", "the seven of {suit}"),
            NP_("card name, French pack, accusative", "the seven of {suit}"),
            NP_("card name, French pack, instrumental", "the seven of {suit}"),
            NP_("card name, French pack, locative", "the seven of {suit}"),
            NP_("card name, French pack, bare", "seven of {suit}"),
        ),
    },
    "german": {
        "deuce": (
            NP_("card name, German pack, nominative", "the Deuce of {suit}"),
            NP_("card name, German pack, genitive", "the Deuce of {suit}"),
            NP_("card name, German pack, dative", "the Deuce of {suit}"),
            NP_("card name, German pack, accusative", "the Deuce of {suit}"),
            NP_("card name, German pack, instrumental", "the Deuce of {suit}"),
            NP_("card name, German pack, locative", "the Deuce of {suit}"),
            NP_("card name, German pack, bare", "Deuce of {suit}"),
        ),
        "ten": (
            NP_("card name, German pack, nominative", "the ten of {suit}"),
            NP_("card name, German pack, genitive", "the ten of {suit}"),
            NP_("card name, German pack, dative", "the ten of {suit}"),
            NP_("card name, German pack, accusative", "the ten of {suit}"),
            NP_("card name, German pack, instrumental", "the ten of {suit}"),
            NP_("card name, German pack, locative", "the ten of {suit}"),
            NP_("card name, German pack, bare", "ten of {suit}"),
        ),
        "king": (
            NP_("card name, German pack, nominative", "the king of {suit}"),
            NP_("card name, German pack, genitive", "the king of {suit}"),
            NP_("card name, German pack, dative", "the king of {suit}"),
            NP_("card name, German pack, accusative", "the king of {suit}"),
            NP_("card name, German pack, instrumental", "the king of {suit}"),
            NP_("card name, German pack, locative", "the king of {suit}"),
            NP_("card name, German pack, bare", "king of {suit}"),
        ),
        "ober": (
            NP_("card name, German pack, nominative", "the Ober of {suit}"),
            NP_("card name, German pack, genitive", "the Ober of {suit}"),
            NP_("card name, German pack, dative", "the Ober of {suit}"),
            NP_("card name, German pack, accusative", "the Ober of {suit}"),
            NP_("card name, German pack, instrumental", "the Ober of {suit}"),
            NP_("card name, German pack, locative", "the Ober of {suit}"),
            NP_("card name, German pack, bare", "Ober of {suit}"),
        ),
        "unter": (
            NP_("card name, German pack, nominative", "the Unter of {suit}"),
            NP_("card name, German pack, genitive", "the Unter of {suit}"),
            NP_("card name, German pack, dative", "the Unter of {suit}"),
            NP_("card name, German pack, accusative", "the Unter of {suit}"),
            NP_("card name, German pack, instrumental", "the Unter of {suit}"),
            NP_("card name, German pack, locative", "the Unter of {suit}"),
            NP_("card name, German pack, bare", "Unter of {suit}"),
        ),
        "nine": (
            NP_("card name, German pack, nominative", "the nine of {suit}"),
            NP_("card name, German pack, genitive", "the nine of {suit}"),
            NP_("card name, German pack, dative", "the nine of {suit}"),
            NP_("card name, German pack, accusative", "the nine of {suit}"),
            NP_("card name, German pack, instrumental", "the nine of {suit}"),
            NP_("card name, German pack, locative", "the nine of {suit}"),
            NP_("card name, German pack, bare", "nine of {suit}"),
        ),
        "eight": (
            NP_("card name, German pack, nominative", "the eight of {suit}"),
            NP_("card name, German pack, genitive", "the eight of {suit}"),
            NP_("card name, German pack, dative", "the eight of {suit}"),
            NP_("card name, German pack, accusative", "the eight of {suit}"),
            NP_("card name, German pack, instrumental", "the eight of {suit}"),
            NP_("card name, German pack, locative", "the eight of {suit}"),
            NP_("card name, German pack, bare", "eight of {suit}"),
        ),
        "seven": (
            NP_("card name, German pack, nominative", "the seven of {suit}"),
            NP_("card name, German pack, genitive", "the seven of {suit}"),
            NP_("card name, German pack, dative", "the seven of {suit}"),
            NP_("card name, German pack, accusative", "the seven of {suit}"),
            NP_("card name, German pack, instrumental", "the seven of {suit}"),
            NP_("card name, German pack, locative", "the seven of {suit}"),
            NP_("card name, German pack, bare", "seven of {suit}"),
        ),
    },
}

# Rank names on their own, one per grammatical case, indexed like CASES.
RANK_NAMES: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "ace": (
        NP_("rank, nominative", "the ace"),
        NP_("rank, genitive", "the ace"),
        NP_("rank, dative", "the ace"),
        NP_("rank, accusative", "the ace"),
        NP_("rank, instrumental", "the ace"),
        NP_("rank, locative", "the ace"),
        NP_("rank, bare", "ace"),
    ),
    "ten": (
        NP_("rank, nominative", "the ten"),
        NP_("rank, genitive", "the ten"),
        NP_("rank, dative", "the ten"),
        NP_("rank, accusative", "the ten"),
        NP_("rank, instrumental", "the ten"),
        NP_("rank, locative", "the ten"),
        NP_("rank, bare", "ten"),
    ),
    "king": (
        NP_("rank, nominative", "the king"),
        NP_("rank, genitive", "the king"),
        NP_("rank, dative", "the king"),
        NP_("rank, accusative", "the king"),
        NP_("rank, instrumental", "the king"),
        NP_("rank, locative", "the king"),
        NP_("rank, bare", "king"),
    ),
    "queen": (
        NP_("rank, nominative", "the queen"),
        NP_("rank, genitive", "the queen"),
        NP_("rank, dative", "the queen"),
        NP_("rank, accusative", "the queen"),
        NP_("rank, instrumental", "the queen"),
        NP_("rank, locative", "the queen"),
        NP_("rank, bare", "queen"),
    ),
    "jack": (
        NP_("rank, nominative", "the jack"),
        NP_("rank, genitive", "the jack"),
        NP_("rank, dative", "the jack"),
        NP_("rank, accusative", "the jack"),
        NP_("rank, instrumental", "the jack"),
        NP_("rank, locative", "the jack"),
        NP_("rank, bare", "jack"),
    ),
    "nine": (
        NP_("rank, nominative", "the nine"),
        NP_("rank, genitive", "the nine"),
        NP_("rank, dative", "the nine"),
        NP_("rank, accusative", "the nine"),
        NP_("rank, instrumental", "the nine"),
        NP_("rank, locative", "the nine"),
        NP_("rank, bare", "nine"),
    ),
    "eight": (
        NP_("rank, nominative", "the eight"),
        NP_("rank, genitive", "the eight"),
        NP_("rank, dative", "the eight"),
        NP_("rank, accusative", "the eight"),
        NP_("rank, instrumental", "the eight"),
        NP_("rank, locative", "the eight"),
        NP_("rank, bare", "eight"),
    ),
    "seven": (
        NP_("rank, nominative", "the seven"),
        NP_("rank, genitive", "the seven"),
        NP_("rank, dative", "the seven"),
        NP_("rank, accusative", "the seven"),
        NP_("rank, instrumental", "the seven"),
        NP_("rank, locative", "the seven"),
        NP_("rank, bare", "seven"),
    ),
    "deuce": (
        NP_("rank, nominative", "the Deuce"),
        NP_("rank, genitive", "the Deuce"),
        NP_("rank, dative", "the Deuce"),
        NP_("rank, accusative", "the Deuce"),
        NP_("rank, instrumental", "the Deuce"),
        NP_("rank, locative", "the Deuce"),
        NP_("rank, bare", "Deuce"),
    ),
    "ober": (
        NP_("rank, nominative", "the Ober"),
        NP_("rank, genitive", "the Ober"),
        NP_("rank, dative", "the Ober"),
        NP_("rank, accusative", "the Ober"),
        NP_("rank, instrumental", "the Ober"),
        NP_("rank, locative", "the Ober"),
        NP_("rank, bare", "Ober"),
    ),
    "unter": (
        NP_("rank, nominative", "the Unter"),
        NP_("rank, genitive", "the Unter"),
        NP_("rank, dative", "the Unter"),
        NP_("rank, accusative", "the Unter"),
        NP_("rank, instrumental", "the Unter"),
        NP_("rank, locative", "the Unter"),
        NP_("rank, bare", "Unter"),
    ),
}

# The letter (or number) on a card's corner and on a card button, per pack style; indexed
# by Rank (A, 10, K, Q, J, 9, 8, 7).
RANK_LETTERS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "french": (
        # TRANSLATORS: the letter players of your language print on the card's corner.
        NP_("rank letter, French pack", "A"),
        NP_("rank letter, French pack", "10"),
        NP_("rank letter, French pack", "K"),
        NP_("rank letter, French pack", "Q"),
        NP_("rank letter, French pack", "J"),
        NP_("rank letter, French pack", "9"),
        NP_("rank letter, French pack", "8"),
        NP_("rank letter, French pack", "7"),
    ),
    "german": (
        NP_("rank letter, German pack", "A"),
        NP_("rank letter, German pack", "10"),
        NP_("rank letter, German pack", "K"),
        NP_("rank letter, German pack", "O"),
        NP_("rank letter, German pack", "U"),
        NP_("rank letter, German pack", "9"),
        NP_("rank letter, German pack", "8"),
        NP_("rank letter, German pack", "7"),
    ),
}

# Suit names per pack style, one per grammatical case, then the plural cases; indexed by
# Suit, then like SUIT_CASES.
SUIT_NAMES: Final[Mapping[str, tuple[tuple[tuple[str, str], ...], ...]]] = {
    "french": (
        (
            NP_("suit, French pack, nominative", "clubs"),
            NP_("suit, French pack, genitive", "clubs"),
            NP_("suit, French pack, dative", "clubs"),
            NP_("suit, French pack, accusative", "clubs"),
            NP_("suit, French pack, instrumental", "clubs"),
            NP_("suit, French pack, locative", "clubs"),
            NP_("suit, French pack, plural nominative", "clubs"),
            NP_("suit, French pack, plural genitive", "clubs"),
            NP_("suit, French pack, plural dative", "clubs"),
            NP_("suit, French pack, plural accusative", "clubs"),
            NP_("suit, French pack, plural instrumental", "clubs"),
            NP_("suit, French pack, plural locative", "clubs"),
        ),
        (
            NP_("suit, French pack, nominative", "spades"),
            NP_("suit, French pack, genitive", "spades"),
            NP_("suit, French pack, dative", "spades"),
            NP_("suit, French pack, accusative", "spades"),
            NP_("suit, French pack, instrumental", "spades"),
            NP_("suit, French pack, locative", "spades"),
            NP_("suit, French pack, plural nominative", "spades"),
            NP_("suit, French pack, plural genitive", "spades"),
            NP_("suit, French pack, plural dative", "spades"),
            NP_("suit, French pack, plural accusative", "spades"),
            NP_("suit, French pack, plural instrumental", "spades"),
            NP_("suit, French pack, plural locative", "spades"),
        ),
        (
            NP_("suit, French pack, nominative", "hearts"),
            NP_("suit, French pack, genitive", "hearts"),
            NP_("suit, French pack, dative", "hearts"),
            NP_("suit, French pack, accusative", "hearts"),
            NP_("suit, French pack, instrumental", "hearts"),
            NP_("suit, French pack, locative", "hearts"),
            NP_("suit, French pack, plural nominative", "hearts"),
            NP_("suit, French pack, plural genitive", "hearts"),
            NP_("suit, French pack, plural dative", "hearts"),
            NP_("suit, French pack, plural accusative", "hearts"),
            NP_("suit, French pack, plural instrumental", "hearts"),
            NP_("suit, French pack, plural locative", "hearts"),
        ),
        (
            NP_("suit, French pack, nominative", "diamonds"),
            NP_("suit, French pack, genitive", "diamonds"),
            NP_("suit, French pack, dative", "diamonds"),
            NP_("suit, French pack, accusative", "diamonds"),
            NP_("suit, French pack, instrumental", "diamonds"),
            NP_("suit, French pack, locative", "diamonds"),
            NP_("suit, French pack, plural nominative", "diamonds"),
            NP_("suit, French pack, plural genitive", "diamonds"),
            NP_("suit, French pack, plural dative", "diamonds"),
            NP_("suit, French pack, plural accusative", "diamonds"),
            NP_("suit, French pack, plural instrumental", "diamonds"),
            NP_("suit, French pack, plural locative", "diamonds"),
        ),
    ),
    "german": (
        (
            NP_("suit, German pack, nominative", "acorns"),
            NP_("suit, German pack, genitive", "acorns"),
            NP_("suit, German pack, dative", "acorns"),
            NP_("suit, German pack, accusative", "acorns"),
            NP_("suit, German pack, instrumental", "acorns"),
            NP_("suit, German pack, locative", "acorns"),
            NP_("suit, German pack, plural nominative", "acorns"),
            NP_("suit, German pack, plural genitive", "acorns"),
            NP_("suit, German pack, plural dative", "acorns"),
            NP_("suit, German pack, plural accusative", "acorns"),
            NP_("suit, German pack, plural instrumental", "acorns"),
            NP_("suit, German pack, plural locative", "acorns"),
        ),
        (
            NP_("suit, German pack, nominative", "leaves"),
            NP_("suit, German pack, genitive", "leaves"),
            NP_("suit, German pack, dative", "leaves"),
            NP_("suit, German pack, accusative", "leaves"),
            NP_("suit, German pack, instrumental", "leaves"),
            NP_("suit, German pack, locative", "leaves"),
            NP_("suit, German pack, plural nominative", "leaves"),
            NP_("suit, German pack, plural genitive", "leaves"),
            NP_("suit, German pack, plural dative", "leaves"),
            NP_("suit, German pack, plural accusative", "leaves"),
            NP_("suit, German pack, plural instrumental", "leaves"),
            NP_("suit, German pack, plural locative", "leaves"),
        ),
        (
            NP_("suit, German pack, nominative", "hearts"),
            NP_("suit, German pack, genitive", "hearts"),
            NP_("suit, German pack, dative", "hearts"),
            NP_("suit, German pack, accusative", "hearts"),
            NP_("suit, German pack, instrumental", "hearts"),
            NP_("suit, German pack, locative", "hearts"),
            NP_("suit, German pack, plural nominative", "hearts"),
            NP_("suit, German pack, plural genitive", "hearts"),
            NP_("suit, German pack, plural dative", "hearts"),
            NP_("suit, German pack, plural accusative", "hearts"),
            NP_("suit, German pack, plural instrumental", "hearts"),
            NP_("suit, German pack, plural locative", "hearts"),
        ),
        (
            NP_("suit, German pack, nominative", "bells"),
            NP_("suit, German pack, genitive", "bells"),
            NP_("suit, German pack, dative", "bells"),
            NP_("suit, German pack, accusative", "bells"),
            NP_("suit, German pack, instrumental", "bells"),
            NP_("suit, German pack, locative", "bells"),
            NP_("suit, German pack, plural nominative", "bells"),
            NP_("suit, German pack, plural genitive", "bells"),
            NP_("suit, German pack, plural dative", "bells"),
            NP_("suit, German pack, plural accusative", "bells"),
            NP_("suit, German pack, plural instrumental", "bells"),
            NP_("suit, German pack, plural locative", "bells"),
        ),
    ),
}


# -- game terms -------------------------------------------------------------------------------

#: The names players use for the game's terms (Stich / lewa / trick ...), by key. The glossary
#: (:mod:`tutor.words.glossary`) lists them with the words the sources use; suits and ranks are
#: named there through the card names above.
TERMS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        # TRANSLATORS: the name players of 66 use for this term in your language; the
        # glossary (docs/glossary.md) shows what the sources say.
        "trick": NP_("game term", "trick"),
        "lead": NP_("game term", "lead"),
        "forehand": NP_("game term", "forehand"),
        "dealer": NP_("game term", "dealer"),
        "follow_suit": NP_("game term", "following suit"),
        "head_trick": NP_("game term", "heading the trick"),
        "trump": NP_("game term", "trump"),
        "trumping": NP_("game term", "trumping"),
        "overtrump": NP_("game term", "over-trumping"),
        "discard": NP_("game term", "discarding"),
        "trump_suit": NP_("game term", "trump suit"),
        "trump_card": NP_("game term", "trump card"),
        "trump_exchange": NP_("game term", "exchanging the trump"),
        "marriage": NP_("game term", "marriage"),
        "marriage_20": NP_("game term", "marriage (20)"),
        "marriage_40": NP_("game term", "marriage in trumps (40)"),
        "stock": NP_("game term", "stock"),
        "draw": NP_("game term", "drawing"),
        "closing": NP_("game term", "closing"),
        "first_phase": NP_("game term", "first phase"),
        "second_phase": NP_("game term", "second phase"),
        "going_out": NP_("game term", "going out"),
        "false_declaration": NP_("game term", "false declaration"),
        "card_points": NP_("game term", "card points"),
        "game_point": NP_("game term", "game point"),
        "schneider": NP_("game term", "Schneider"),
        "schwarz": NP_("game term", "Schwarz"),
        "last_trick": NP_("game term", "last trick"),
        "deal": NP_("game term", "deal"),
        "match": NP_("game term", "match"),
        # TRANSLATORS: the two styles of pack; the app's settings call them the same.
        "french_pack": NP_("game term", "French-suited pack"),
        "german_pack": NP_("game term", "German-suited pack"),
        # TRANSLATORS: the short name of a set of rules (a preset), as at the start of its
        # title on the Rules page ("Classic: the German article ...").
        "preset_classic": NP_("game term", "Classic"),
        "preset_sharpened": NP_("game term", "Sharpened"),
        "preset_kurnik": NP_("game term", "Kurnik"),
        "preset_pagat": NP_("game term", "Pagat"),
        "preset_pack32": NP_("game term", "32 cards"),
        "preset_schnapsen": NP_("game term", "Schnapsen"),
    }
)

#: One sentence for each term of the glossary: the keys of ``TERMS``, and the suits and ranks
#: (named by the card names, so they have no entry in ``TERMS``).
TERM_DEFINITIONS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # TRANSLATORS: one sentence that explains a term of 66, for the glossary.
        "trick": N_("One card from each player; the higher card takes both."),
        "lead": N_(
            "Playing the first card of a trick; whoever takes a trick leads to the next one."
        ),
        "forehand": N_("The dealer's opponent, who leads to the first trick."),
        "dealer": N_(
            "The player who shuffles and deals the cards; the sources differ on who deals next."
        ),
        "follow_suit": N_("Playing a card of the suit that was led."),
        "head_trick": N_(
            "Playing a higher card of the suit led, which takes the trick; some rules make it "
            "a duty in the second phase."
        ),
        "trump": N_("A card of the trump suit: it beats every card of the other suits."),
        "trumping": N_("Playing a trump to a trick led in another suit; the trump takes it."),
        "overtrump": N_(
            "Beating a trump with a higher trump; not the same as heading a trick in another suit."
        ),
        "discard": N_(
            "Playing a card that cannot take the trick, often of another suit, when you cannot "
            "or need not follow suit."
        ),
        "trump_suit": N_("The suit of the card turned face up under the stock."),
        "trump_card": N_(
            "The card turned face up under the stock; its suit is trumps for the whole deal."
        ),
        "trump_exchange": N_("Swapping the lowest trump in your hand for the face-up trump card."),
        "marriage": N_(
            "King and queen of one suit, shown when you lead one of them; they score points."
        ),
        "marriage_20": N_("A marriage in a suit other than trumps: 20 points."),
        "marriage_40": N_("A marriage in the trump suit: 40 points."),
        "stock": N_(
            "The face-down cards left after dealing; after each trick both players draw from it."
        ),
        "draw": N_(
            "Taking the top card of the stock after a trick: first the winner of the trick, "
            "then the other player."
        ),
        "closing": N_(
            "Turning the trump card face down when you are on lead: nobody draws any more, and "
            "the second phase begins."
        ),
        "first_phase": N_(
            "While the stock is open: any card may be played, with no duty to follow suit."
        ),
        "second_phase": N_(
            "Once the stock is used up or closed: you must follow suit, under some rules also "
            "head the trick, and trump if you cannot follow."
        ),
        "going_out": N_("Declaring that you have reached 66 points; the deal ends."),
        "false_declaration": N_(
            "Declaring 66 without having it: the deal ends and the opponent scores."
        ),
        "card_points": N_("The value of the cards in your tricks, together with your marriages."),
        "game_point": N_("What a deal is worth in the match: 1, 2 or 3."),
        "schneider": N_(
            "A loser with fewer than 33 card points is Schneider: the winner scores 2 game points."
        ),
        "schwarz": N_(
            "A loser without a single trick (under some rules: without a single point) is "
            "Schwarz: the winner scores 3 game points."
        ),
        "last_trick": N_("If all cards are played out, the last trick is worth 10 extra points."),
        "deal": N_("One round, from dealing the cards until it is scored."),
        "match": N_("Several deals, until a player reaches the agreed game points, often 7."),
        "french_pack": N_(
            "The pack with clubs, spades, hearts and diamonds, and with queens and jacks."
        ),
        "german_pack": N_(
            "The pack with acorns, leaves, hearts and bells; the Ober and the Unter stand where "
            "the queen and the jack are, the Deuce where the ace is."
        ),
        "clubs": N_("A suit: ♣ on French-suited cards, acorns on German-suited ones."),
        "spades": N_("A suit: ♠ on French-suited cards, leaves on German-suited ones."),
        "hearts": N_("A suit: ♥ on French-suited cards; German-suited cards have hearts too."),
        "diamonds": N_("A suit: ♦ on French-suited cards, bells on German-suited ones."),
        "ace": N_("The highest card of a suit: 11 card points."),
        "ten": N_("The card next below the ace: 10 card points."),
        "king": N_("4 card points; with the queen of its suit it makes a marriage."),
        "queen": N_("3 card points; with the king of its suit it makes a marriage."),
        "jack": N_("2 card points; in the games with 20 cards the lowest card of a suit."),
        "nine": N_("No card points; the nine of trumps may be exchanged for the trump card."),
        "eight": N_("Only in the pack of 32 cards; no card points."),
        "seven": N_("Only in the pack of 32 cards, its lowest card; no card points."),
        "preset_classic": N_(
            "The rules of the German article with two worked deals: in the second phase you "
            "must follow suit, but need not head the trick."
        ),
        "preset_sharpened": N_("The classic rules with 20 cards, without the nines."),
        "preset_kurnik": N_(
            "The rules of the online game 66-sznap: in the second phase you must head the "
            "trick; marriages only while the stock is open."
        ),
        "preset_pagat": N_(
            "The rules of pagat.com, the common English reference; close to the Kurnik rules."
        ),
        "preset_pack32": N_(
            "The rules of the German pages for the pack of 32 cards, with sevens and eights."
        ),
        "preset_schnapsen": N_(
            "The Austrian game: 20 cards from jack to ace, five cards in each hand."
        ),
    }
)

# A number with its unit, in the plural form the number needs.
UNIT_WORDS: Final[Mapping[str, Callable[[Translator, int], str]]] = MappingProxyType(
    {
        "points": lambda tr, n: tr.n_("{n} point", "{n} points", n),
        "card_points": lambda tr, n: tr.n_("{n} card point", "{n} card points", n),
        "game_points": lambda tr, n: tr.n_("{n} game point", "{n} game points", n),
        "tricks": lambda tr, n: tr.n_("{n} trick", "{n} tricks", n),
        "cards": lambda tr, n: tr.n_("{n} card", "{n} cards", n),
        "deals": lambda tr, n: tr.n_("{n} deal", "{n} deals", n),
    }
)

#: The units ``Translator.quantity`` knows.
UNITS: Final = tuple(UNIT_WORDS)


__all__ = [
    "CARD_NAMES",
    "RANK_KEYS",
    "RANK_LETTERS",
    "RANK_NAMES",
    "SUIT_NAMES",
    "TERMS",
    "TERM_DEFINITIONS",
    "UNITS",
    "UNIT_WORDS",
]

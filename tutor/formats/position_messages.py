"""The messages and field names of the position format (``docs/positions.md``).

Each message is an English msgid with named placeholders holding plain text (field names,
card notation as written, numbers), never translated words. The faults every format shares (the
YAML and JSON layer, limits, fields, types, cards, presets) are defined once in
``tutor.formats.messages`` and re-exported here; this module defines only the position's own.
"""

from __future__ import annotations

from tutor.formats.messages import (
    E_CARD,
    E_COPIES,
    E_DUPLICATE_KEY,
    E_MISSING,
    E_NOT_BOOL,
    E_NOT_IN_PACK,
    E_NOT_TEXT,
    E_NUMBER,
    E_PLAYER,
    E_PRESET,
    E_READ,
    E_SEAT,
    E_SYNTAX,
    E_TOO_COMPLEX,
    E_TOO_LARGE,
    E_TWICE_SAME,
    E_UNKNOWN_FIELD,
)
from tutor.msgid import N_

__all__ = [
    "E_BOTH",
    "E_CARD",
    "E_CARDS",
    "E_CLOSED_EMPTY",
    "E_CLOSED_TRICKS",
    "E_COPIES",
    "E_COUNTS",
    "E_DECLARED_LEADER",
    "E_DECLARED_RULES",
    "E_DUPLICATE_KEY",
    "E_EXCLUDED",
    "E_FIELD_RULES",
    "E_HANDS_EQUAL",
    "E_HANDS_KEYS",
    "E_HANDS_LEAD",
    "E_HANDS_SEATS",
    "E_HAND_BIG",
    "E_HAND_FULL",
    "E_KNOWN",
    "E_LACKS",
    "E_LEAD_MARRIAGE",
    "E_MAPPING",
    "E_MARRIAGE_NO_TRICK",
    "E_MARRIAGE_SUM",
    "E_MISSING",
    "E_MISSING_CARDS",
    "E_NOT_BOOL",
    "E_NOT_IN_PACK",
    "E_NOT_TEXT",
    "E_NO_HANDS",
    "E_NO_TRUMP",
    "E_NUMBER",
    "E_OVER",
    "E_PENDING",
    "E_PLAYED_ODD",
    "E_PLAYED_SEATS",
    "E_PLAYER",
    "E_POINTS",
    "E_POINTS_NO_TRICK",
    "E_POINTS_SPLIT",
    "E_PRESET",
    "E_READ",
    "E_SEAT",
    "E_SHAPE",
    "E_STOCK",
    "E_STOCK_COUNT",
    "E_STOCK_NO_TRUMP",
    "E_STOCK_ORDER",
    "E_SUIT_OR_CARD",
    "E_SYNTAX",
    "E_TABLE_OVER",
    "E_TABLE_SIZES",
    "E_TABLE_TRICK",
    "E_TOO_COMPLEX",
    "E_TOO_LARGE",
    "E_TRICK",
    "E_TRICKS",
    "E_TRICKS_SPLIT",
    "E_TRICK_LEADER",
    "E_TRICK_LONG",
    "E_TRICK_NOW",
    "E_TRUMP_SUIT",
    "E_TWICE",
    "E_TWICE_SAME",
    "E_UNKNOWN_FIELD",
    "E_VIEW",
    "E_WAITING",
    "E_WAITING_DRAW",
    "E_WAITING_REPLY",
    "E_WAITING_RULES",
    "E_WRITE_OVER",
    "E_WRITE_RULES",
    "FIELDS",
    "MAX_BYTES",
    "MAX_NODES",
    "OPPONENT_FIELDS",
    "SCORE_FIELDS",
    "TABLE_FIELDS",
]

# One message per kind of problem that only a position can have.
E_SHAPE = N_("a position is a mapping of fields, e.g. 'preset: classic'")
E_FIELD_RULES = N_("unknown field 'rules': the rules preset is given as 'preset'")
E_MAPPING = N_("'{name}' should be a mapping, e.g. {example}")
E_SUIT_OR_CARD = N_(
    "'{text}' is neither a card nor a suit: write the face-up card (Ah) or, once it is "
    "drawn, the suit (h)"
)
E_CARDS = N_("'{name}' should list cards, e.g. '10h Kh Qc' or [10h, Kh, Qc]")
E_TWICE = N_("{card} is given twice: in '{first}' and in '{second}'")
E_MISSING_CARDS = N_("these cards are nowhere in the position: {cards}")
E_BOTH = N_("give either '{first}' or '{second}', not both")
E_NO_HANDS = N_("give 'hands' (both hands) or 'hand' (what one player knows)")
E_HANDS_KEYS = N_("'hands' needs the cards of A and of B")
E_STOCK = N_("'stock' is the face-down cards top first, or their number")
E_STOCK_ORDER = N_("with only one hand known, the stock is a number of cards, not a list")
E_TRUMP_SUIT = N_(
    "the face-up trump card {card} is not a {trump}: the trump suit is the suit of the face-up card"
)
E_NO_TRUMP = N_("the trump suit is missing: give 'trump' as the face-up card (Ah) or the suit (h)")
E_STOCK_NO_TRUMP = N_(
    "the stock holds {n} cards but no trump card lies face up: the face-up trump card is drawn last"
)
E_TRUMP_NO_CARD = N_(
    "no card is turned face up under these rules: give the trump suit (h), or 'none' while no "
    "trump is named"
)
E_TRUMP_NONE = N_(
    "'none' is only for rules under which trumps are named: give the face-up trump card (Ah) or "
    "the suit (h)"
)
E_TRUMP_NAME_FIRST = N_(
    "no trump is named, but under these rules the first leader names trumps before the first "
    "lead: a card has been played"
)
E_TRUMP_ACE = N_(
    "no trump is named, but {card} has been played: it cannot be played before trumps are named"
)
E_TRUMP_MARRIAGE = N_(
    "the trump suit is '{trump}', but under these rules the last marriage made its suit '{suit}' "
    "trumps"
)
E_TRICKS_NAMED = N_(
    "under these rules the trump suit is named or changes during the deal, so the winners of "
    "'tricks' cannot be worked out: give 'played' and the scores instead"
)
E_STOCK_ODD = N_("the stock holds {n} cards: with no card turned face up, it holds an even number")
E_CLOSED_EMPTY = N_("the stock cannot be closed once it is used up")
E_WAITING = N_(
    "'waiting' is 'draw' (the trick's winner draws or closes first) or 'reply' (the closer's "
    "opponent may exchange), not '{text}'"
)
E_WAITING_RULES = N_("'waiting: {text}' cannot happen under these rules ({switch} is off)")
E_WAITING_DRAW = N_(
    "'waiting: draw' needs a trick won while the stock is open, and no card led since"
)
E_WAITING_REPLY = N_(
    "'waiting: reply' needs the stock just closed by the player on lead, the trump card face "
    "up, and no card led since"
)
E_PLAYED_ODD = N_(
    "{n} cards gone into tricks: each trick takes two cards, so the number must be even"
)
E_HANDS_EQUAL = N_(
    "A holds {a} cards and B holds {b}: before a card is led both hands are the same size"
)
E_HANDS_LEAD = N_(
    "A holds {a} cards and B holds {b}: after {leader} has led, {leader} holds one card "
    "fewer than {follower}"
)
E_HAND_BIG = N_("{player} holds {n} cards, but a hand has at most {size}")
E_HAND_FULL = N_(
    "{player} holds {n} cards, but while the stock is open the hands are refilled to {size} "
    "after every trick"
)
E_OVER = N_("both hands are empty: the deal is over, there is nothing to decide")
E_TRICKS = N_("{n} cards gone into tricks make {expected} tricks, but the scores count {counted}")
E_POINTS = N_(
    "the cards gone into tricks are worth {expected} points, but the scores count {counted}"
)
E_TRICKS_SPLIT = N_("the tricks won are A {a} and B {b}, but the scores count A {ca} and B {cb}")
E_POINTS_SPLIT = N_(
    "the tricks won are worth A {a} and B {b} points, but the scores count A {ca} and B {cb}"
)
E_POINTS_NO_TRICK = N_("{player} has {points} card points but no trick")
E_CLOSED_TRICKS = N_(
    "the closer's opponent cannot have had {n} tricks at closing: {player} has {now} now"
)
E_DECLARED_RULES = N_(
    "a declaration waiting for its trick only exists under rules where 66 counts once the "
    "trick is complete"
)
E_DECLARED_LEADER = N_("only the player on lead, {leader}, can have declared 66")
E_LEAD_MARRIAGE = N_("a marriage is announced by leading a king or a queen, not {card}")
E_MARRIAGE_NO_TRICK = N_(
    "{player} has marriage points but no trick, and these rules allow a marriage only after "
    "a won trick"
)
E_MARRIAGE_SUM = N_(
    "the marriages of {player} are worth {worth}, but the scores count {counted} (melds "
    "and pending)"
)
E_PENDING = N_("under these rules a marriage counts at once, so nothing can be pending")
E_KNOWN = N_("{card} in '{name}' is not in that hand")
E_EXCLUDED = N_("{card} in '{name}' is not a card this player cannot see")
E_TRICK = N_("each trick is a leader and two cards, e.g. 'A 10h Kd' or [A, 10h, Kd]")
E_TRICK_LEADER = N_(
    "trick {n} is led by {given}, but {expected} won the trick before (or deals to them)"
)
E_TRICK_NOW = N_("{winner} won the last trick, so {winner} leads now, not {leader}")
E_COUNTS = N_(
    "the cards do not add up: {hidden} unseen cards less {stock} in the stock leaves {rest} "
    "for the opponent's hidden cards, not {unknown}"
)
E_STOCK_COUNT = N_(
    "the cards do not add up: the stock should hold {expected} face-down cards, not {given}"
)
E_VIEW = N_("no deal agrees with what this player knows: {problem}")
E_WRITE_RULES = N_("the rules '{name}' cannot be written by name: they differ from the preset")
E_WRITE_OVER = N_("the deal is over: a finished deal is not a position")

# A position at a table of three or four (``tutor.formats.position_table``).
E_HANDS_SEATS = N_("give the cards of every seat under 'hands': {seats}")
E_TABLE_SIZES = N_(
    "{player} holds {n} cards and {other} holds {m}: every hand holds as many cards, one fewer "
    "for each seat that has played to the trick so far"
)
E_TRICK_LONG = N_(
    "the trick holds {n} cards, but with {seats} seats a trick is complete at {seats}: give "
    "the cards played so far to a trick that is not complete"
)
E_PLAYED_SEATS = N_(
    "{n} cards gone into tricks: each trick takes {seats} cards, so the number must be a "
    "multiple of {seats}"
)
E_TABLE_TRICK = N_("the last trick is its leader and one card a seat, e.g. '{example}'")
E_LACKS = N_("{card} in '{name}' is in that hand: a seat cannot lack a card it holds")
E_TABLE_OVER = N_("every hand is empty: the deal is over, there is nothing to decide")

#: The top-level fields, in the order they are written.
FIELDS = (
    "title",
    "preset",
    "dealer",
    "to_move",
    "trump",
    "hands",
    "known",
    "player",
    "hand",
    "shown",
    "opponent",
    "stock",
    "played",
    "tricks",
    "last_trick",
    "lead",
    "lead_marriage",
    "scores",
    "marriages",
    "closed_by",
    "closed_opponent_tricks",
    "declared_by",
    "waiting",
)
#: The top-level fields of a position at a table of three or four, in the order they are written.
TABLE_FIELDS = (
    "title",
    "preset",
    "dealer",
    "to_move",
    "trump",
    "hands",
    "known",
    "lacks",
    "stock",
    "played",
    "last_trick",
    "trick",
    "scores",
    "marriages",
)
SCORE_FIELDS = ("points", "melds", "pending", "tricks")
OPPONENT_FIELDS = ("known", "unknown", "excluded")
#: At most this many YAML or JSON values in a position.
MAX_NODES = 5000
#: A position file or text larger than this is refused before it is parsed.
MAX_BYTES = 64 * 1024

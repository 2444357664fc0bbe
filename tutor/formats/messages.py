"""Messages every file reader shares, defined once.

Each is an English msgid with named placeholders (plain text: YAML keys, notation as written,
numbers; never translated words), marked with ``N_`` for extraction and translated later by
the words layer. This is the one place for the faults every format shares (the YAML and JSON
layer, the limits, fields, types, cards, hands, rules and ids): a reader (a lesson, a table
lesson, a puzzle file, a position, an engine request) imports these instead of defining its own
copy, so one problem reads the same everywhere. A format module keeps only its own messages.

>>> E_MISSING.format(field="id")
"the required field 'id' is missing"
"""

from __future__ import annotations

import errno
import re
from typing import Any

from tutor.engine import E_UNKNOWN_PRESET as E_PRESET
from tutor.engine import Rank, Suit
from tutor.msgid import N_

__all__ = [
    "E_ALIAS",
    "E_BAD_CHAR",
    "E_BAD_ID",
    "E_BRACES",
    "E_CARD",
    "E_COPIES",
    "E_DENIED",
    "E_DUPLICATE_ID",
    "E_DUPLICATE_KEY",
    "E_EMPTY_TEXT",
    "E_ENCODING",
    "E_FAULT",
    "E_HAND_SIZE",
    "E_ID_LONG",
    "E_LEVEL",
    "E_MISSING",
    "E_MOVE",
    "E_NOT_BOOL",
    "E_NOT_FILE",
    "E_NOT_FINITE",
    "E_NOT_FOUND",
    "E_NOT_INT",
    "E_NOT_IN_PACK",
    "E_NOT_LIST",
    "E_NOT_MAPPING",
    "E_NOT_TEXT",
    "E_NUMBER",
    "E_NUMBER_LONG",
    "E_PLAYER",
    "E_PRESET",
    "E_READ",
    "E_RULES_VALUE",
    "E_SEAT",
    "E_SYNTAX",
    "E_TAG",
    "E_TEXT_LONG",
    "E_TOO_COMPLEX",
    "E_TOO_DEEP",
    "E_TOO_LARGE",
    "E_TWICE_SAME",
    "E_UNKNOWN_FIELD",
    "LOC_DEAL_PRESET",
    "LOC_STEP",
    "LOC_STEP_PRESET",
    "MAX_ID",
    "card_help",
    "id_problem",
    "os_problem",
]

# -- reading the file
E_READ = N_("cannot read the file: {reason}")
E_NOT_FOUND = N_("the file does not exist")
E_DENIED = N_("no permission to read the file")
E_NOT_FILE = N_("cannot read this: it is not a regular file (a folder, a device or a pipe)")
E_ENCODING = N_("the file is not UTF-8 text")
E_SYNTAX = N_("YAML syntax error: {problem}")
E_FAULT = N_("this file could not be read because of a fault in the tutor ({problem})")

# -- the limits of a file and of its values (tutor.formats.yamlsafe)
E_TOO_LARGE = N_("too large: at most {limit} bytes are allowed")
E_ALIAS = N_("YAML anchors and aliases are not allowed")
E_TAG = N_("the YAML tag {tag} is not allowed; write plain text, numbers, lists and mappings")
E_TOO_COMPLEX = N_("the file has more than {limit} YAML values")
E_TOO_DEEP = N_("the values are nested more than {limit} levels deep")
E_NUMBER_LONG = N_("the number '{text}' is too long: a number has at most {limit} characters")
E_NOT_FINITE = N_("'{text}' is not a finite number: infinity and NaN are not allowed")
E_TEXT_LONG = N_("a text has at most {limit} characters, this one has {size}")
E_BAD_CHAR = N_("the text holds the character {code}, which is not allowed in a file")

# -- the shape of the data
E_NOT_MAPPING = N_("'{field}' should be a mapping of names to values")
E_NOT_TEXT = N_("'{field}' should be text")
E_NOT_LIST = N_("'{field}' should be a list")
E_NOT_INT = N_("'{field}' should be a whole number")
E_NOT_BOOL = N_("'{field}' should be true or false, not '{text}'")
E_EMPTY_TEXT = N_("'{field}' must not be empty")
E_BRACES = N_(
    "'{field}' has {placeholder}, which names no card, suit or rank: a card is written like "
    "Qs or 10h_acc in curly brackets, a suit like hearts, a rank like queen (see docs/lessons.md)"
)
E_MISSING = N_("the required field '{field}' is missing")
E_UNKNOWN_FIELD = N_("unknown field '{field}'; valid fields here: {valid}")
E_DUPLICATE_KEY = N_("the field '{field}' is given twice")

E_NUMBER = N_("'{name}' should be a whole number of 0 or more, not '{text}'")
E_TWICE_SAME = N_("{card} is given twice in '{name}'")
E_ID_LONG = N_("the id has {size} characters; an id has at most {limit}")
E_DUPLICATE_ID = N_("the id '{value}' is already used in {other}")

# -- values of the game (E_PRESET, an unknown rules preset, is the engine's own message)
E_BAD_ID = N_("the id '{value}' may only contain lowercase letters, digits and hyphens")
E_LEVEL = N_("the level must be 1, 2 or 3, not {value}")
E_RULES_VALUE = N_("cannot read the rules '{spec}': {problem}")
E_PLAYER = N_("'{value}' is not a player; write A or B")
E_CARD = N_(
    "unknown card '{notation}': write rank then suit; ranks {ranks}; suits {suits} "
    "(for example Qh, 10c, As)"
)
E_NOT_IN_PACK = N_("the card {notation} is not in the {rules} pack, which has {ranks} in each suit")
E_HAND_SIZE = N_("{player}'s hand has {count} cards, but the {rules} rules deal {size}")
# -- a table of three or four (the same words as in the table lessons)
E_SEAT = N_("'{value}' is not a seat at this table; write one of {valid}")
E_COPIES = N_(
    "the card {notation} is dealt {count} times, but the {rules} pack has only {copies} of it"
)
E_MOVE = N_(
    "unknown move '{text}': write a card (Qh), 'marry Qh', 'marry Qh out', 'exchange', "
    "'close', 'out' or 'trump h'"
)

# -- where in a lesson (the prefix of a message about one step or one compared preset)
LOC_STEP = N_("step {step}")
LOC_STEP_PRESET = N_("step {step} under {preset}")
LOC_DEAL_PRESET = N_("the deal under {preset}")


#: An id (of a lesson, a puzzle) has at most this many characters.
MAX_ID = 64
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def card_help(notation: str) -> dict[str, str]:
    """The parameters of ``E_CARD`` for the unknown card ``notation``: the ranks and the suits.

    >>> card_help("Zd")["suits"]
    'c s h d'
    """
    return {
        "notation": notation,
        "ranks": " ".join(r.symbol for r in Rank),
        "suits": " ".join(s.symbol for s in Suit),
    }


def id_problem(value: str) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with an id, as a message and its parameters (``None``: nothing).

    >>> id_problem("keep-the-king") is None, id_problem("Keep")[0] == E_BAD_ID
    (True, True)
    >>> id_problem("a-")[0] == E_BAD_ID, id_problem("a" * 65)[1]
    (True, {'size': 65, 'limit': 64})
    """
    if len(value) > MAX_ID:
        return E_ID_LONG, {"size": len(value), "limit": MAX_ID}
    if not _ID.fullmatch(value):
        return E_BAD_ID, {"value": value}
    return None


def os_problem(exc: OSError) -> tuple[str, dict[str, Any]]:
    """The message for a file the system could not open or read (its own words, which are
    English, only for the rare problems without a message of ours).

    >>> os_problem(FileNotFoundError(errno.ENOENT, "No such file")) == (E_NOT_FOUND, {})
    True
    """
    if exc.errno == errno.ENOENT:
        return E_NOT_FOUND, {}
    if exc.errno in (errno.EACCES, errno.EPERM):
        return E_DENIED, {}
    if exc.errno in (errno.EISDIR, errno.ENOTDIR) and isinstance(exc, IsADirectoryError):
        return E_NOT_FILE, {}
    return E_READ, {"reason": exc.strerror or type(exc).__name__}

"""Messages every file reader shares, defined once.

Each is an English msgid with named placeholders (plain text: YAML keys, notation as written,
numbers; never translated words), marked with ``N_`` for extraction and translated later by
the words layer. A reader imports these instead of defining its own copy, so one problem reads
the same in a lesson, a puzzle file and a position.

>>> E_MISSING.format(field="id")
"the required field 'id' is missing"
"""

from __future__ import annotations

import errno
import re
from typing import Any

from tutor.msgid import N_

__all__ = [
    "E_BAD_CHAR",
    "E_BAD_ID",
    "E_BRACES",
    "E_CARD",
    "E_DENIED",
    "E_DUPLICATE_KEY",
    "E_EMPTY_TEXT",
    "E_ENCODING",
    "E_FAULT",
    "E_ID_LONG",
    "E_LEVEL",
    "E_MISSING",
    "E_MOVE",
    "E_NOT_FILE",
    "E_NOT_FINITE",
    "E_NOT_FOUND",
    "E_NOT_MAPPING",
    "E_NOT_TEXT",
    "E_NUMBER",
    "E_NUMBER_LONG",
    "E_PLAYER",
    "E_READ",
    "E_RULES_VALUE",
    "E_SYNTAX",
    "E_TAG",
    "E_TEXT_LONG",
    "E_TOO_COMPLEX",
    "E_TOO_DEEP",
    "E_TWICE_SAME",
    "E_UNKNOWN_FIELD",
    "LOC_DEAL_PRESET",
    "LOC_STEP",
    "LOC_STEP_PRESET",
    "MAX_ID",
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

# -- the limits of a file's values (tutor.formats.yamlsafe)
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

# -- values of the game
E_BAD_ID = N_("the id '{value}' may only contain lowercase letters, digits and hyphens")
E_LEVEL = N_("the level must be 1, 2 or 3, not {value}")
E_RULES_VALUE = N_("cannot read the rules '{spec}': {problem}")
E_PLAYER = N_("'{value}' is not a player; write A or B")
E_CARD = N_(
    "unknown card '{notation}': write rank then suit; ranks {ranks}; suits {suits} "
    "(for example Qh, 10c, As)"
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

"""Messages every file reader shares, defined once.

Each is an English msgid with named placeholders (plain text: YAML keys, notation as written,
numbers; never translated words), marked with ``N_`` for extraction and translated later by
the words layer. A reader imports these instead of defining its own copy, so one problem reads
the same in a lesson, a puzzle file and a position.

>>> E_MISSING.format(field="id")
"the required field 'id' is missing"
"""

from __future__ import annotations

from tutor.msgid import N_

__all__ = [
    "E_BAD_ID",
    "E_BRACES",
    "E_CARD",
    "E_DUPLICATE_KEY",
    "E_EMPTY_TEXT",
    "E_ENCODING",
    "E_LEVEL",
    "E_MISSING",
    "E_MOVE",
    "E_NOT_MAPPING",
    "E_NOT_TEXT",
    "E_PLAYER",
    "E_READ",
    "E_RULES_VALUE",
    "E_SYNTAX",
    "E_UNKNOWN_FIELD",
    "LOC_DEAL_PRESET",
    "LOC_STEP",
    "LOC_STEP_PRESET",
]

# -- reading the file
E_READ = N_("cannot read the file: {reason}")
E_ENCODING = N_("the file is not UTF-8 text")
E_SYNTAX = N_("YAML syntax error: {problem}")

# -- the shape of the data
E_NOT_MAPPING = N_("'{field}' should be a mapping of names to values")
E_NOT_TEXT = N_("'{field}' should be text")
E_EMPTY_TEXT = N_("'{field}' must not be empty")
E_BRACES = N_("'{field}' must not contain curly brackets")
E_MISSING = N_("the required field '{field}' is missing")
E_UNKNOWN_FIELD = N_("unknown field '{field}'; valid fields here: {valid}")
E_DUPLICATE_KEY = N_("the field '{field}' is given twice")

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
    "'close' or 'out'"
)

# -- where in a lesson (the prefix of a message about one step or one compared preset)
LOC_STEP = N_("step {step}")
LOC_STEP_PRESET = N_("step {step} under {preset}")
LOC_DEAL_PRESET = N_("the deal under {preset}")

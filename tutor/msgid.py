"""Message markers: the bottom of the house, importing nothing.

``N_`` and ``NP_`` mark a message for extraction (``pybabel extract`` knows them by name) and
return it unchanged; it is translated later, by the words layer, with ``tr._(msgid)`` or
``tr.p_(*entry)``. Any layer may mark messages; only ``tutor.words`` translates them.

>>> N_("Trump")
'Trump'
>>> NP_("suit", "Hearts")
('suit', 'Hearts')
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark a message for extraction; it is translated later with ``tr._(msgid)``."""
    return msgid


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """Mark a message with a context; translate it later with ``tr.p_(*entry)``."""
    return (context, msgid)

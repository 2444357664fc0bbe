"""A position in an address: ``/studio?pos=<code>``.

The code is versioned: a version letter, then the position in the position format (``Setup.
to_data``: the preset spec, the dealer and the seat to move, the trump card, the hands, the
stock in order, the tricks and what else the position holds) as compact JSON, compressed
with zlib against a fixed dictionary of the format's words and the card names, in URL-safe
base64 without padding. Reading a code is bounded at every step (``MAX_POS_CHARS`` characters,
``MAX_INFLATED`` bytes once inflated) and refuses junk as a ``Refusal``, never with an
exception; the cards then go through ``Setup.put`` and, once complete, the position reader.

>>> from tutor.teach.studio.setup import Setup, TRUMP
>>> code = encode(Setup().put("Ah", TRUMP))
>>> code[0], decode(code).trump
('1', 'Ah')
>>> decode("9abc")
Refusal(id='code_version', params=(('version', '9'),))
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping

from tutor.engine import CARDS, State, TableState
from tutor.formats.positions import MAX_BYTES, PositionError, position_to_dict
from tutor.teach.studio.reading import setup_from_data
from tutor.teach.studio.setup import Refusal, Setup

__all__ = [
    "MAX_INFLATED",
    "MAX_POS_CHARS",
    "MAX_TEXT",
    "VERSION",
    "code_of",
    "deal_code",
    "decode",
    "encode",
    "encode_data",
    "encode_deal",
]

#: The version letter the codes written now begin with.
VERSION = "1"
#: The longest ``pos`` value read (the codes of seeded deals take at most 236 characters).
MAX_POS_CHARS = 400
#: The most bytes a code may inflate to (a position's JSON is well under 1,500).
MAX_INFLATED = 4096
_CODE = re.compile(r"[A-Za-z0-9_-]+")
#: The longest position text the studio takes pasted (the position format's own limit).
MAX_TEXT = MAX_BYTES
#: Words a position's JSON repeats: zlib finds them here instead of in the code.
_ZDICT = (
    '{"preset":"classic","dealer":"A","to_move":"B","trump":"","hands":{"A":"","B":"","C":"",'
    '"D":""},"stock":"","played":"","last_trick":"","trick":"","lead":"","tricks":["A ","B "],'
    '"scores":{"A":{"points":0,"tricks":0},"B":{"points":,"melds":,"pending":,"tricks":}},'
    '"known":{},"lacks":{},"marriages":["A c"],"closed_by":"","closed_opponent_tricks":,'
    '"declared_by":"","waiting":"","lead_marriage":true,"title":"'
    "kurnik pagat sharpened pack32 schnapsen thirtysix named_trump heart_ace three_pack32 four "
    + " ".join(str(c) for c in CARDS)
).encode()


def encode(setup: Setup) -> str:
    """The code of a setup (complete or not); a title stays out of the address."""
    return code_of({k: v for k, v in setup.to_data().items() if k != "title"})


def code_of(data: Mapping[str, object]) -> str:
    """The code of any data, unchecked (``decode`` checks it)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zdict=_ZDICT)
    raw = packer.compress(text.encode()) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def encode_deal(deal: State | TableState) -> str:
    """The code of an engine deal (as the position format writes it)."""
    return encode_data(position_to_dict(deal))


def deal_code(deal: State | TableState) -> str | None:
    """The code of a deal, or ``None`` when the deal is over, its rules cannot be written
    by name or the code would be over ``MAX_POS_CHARS``."""
    try:
        code = encode_deal(deal)
    except PositionError:
        return None
    return code if len(code) <= MAX_POS_CHARS else None


def encode_data(data: Mapping[str, object]) -> str:
    """The code of position data, set up first (a ``PositionError`` if it cannot be)."""
    made = setup_from_data(data)
    if isinstance(made, Refusal):
        raise made.error or PositionError("the position cannot be set up: {why}", why=made.id)
    return encode(made)


def decode(code: str) -> Setup | Refusal:
    """The setup a code carries, or why it is refused: ``code_long``, ``code_version``,
    ``code_bad`` (not base64, not zlib, not JSON, too large inflated), or a refusal of the
    cards (a card twice, an unknown preset, ...)."""
    code = code.strip()
    if len(code) > MAX_POS_CHARS:
        return Refusal("code_long", (("size", len(code)), ("limit", MAX_POS_CHARS)))
    if not code or not _CODE.fullmatch(code):
        return Refusal("code_bad")
    if code[0] != VERSION:
        return Refusal("code_version", (("version", code[0]),))
    body = code[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(zdict=_ZDICT)
        text = unpacker.decompress(raw, MAX_INFLATED)
        if unpacker.unconsumed_tail or not unpacker.eof:
            return Refusal("code_bad")
        data = json.loads(text.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        return Refusal("code_bad")
    return setup_from_data(data)

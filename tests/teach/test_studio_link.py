"""The position in an address (``/studio?pos=<code>``): every moment of seeded random deals of
every preset, two, three and four seats, encoded and decoded to the same deal within the
documented length; hostile codes refused with a translated notice, never an exception."""

from __future__ import annotations

import base64
import random
import zlib

import pytest

from tests.formats.test_table_positions import canonical
from tutor.engine import PRESETS, TABLE_PRESETS, TableState, preset
from tutor.engine.game import game_for
from tutor.formats.positions import position_to_dict
from tutor.teach.studio.link import (
    MAX_INFLATED,
    MAX_POS_CHARS,
    VERSION,
    code_of,
    decode,
    encode,
    encode_deal,
)
from tutor.teach.studio.setup import TRUMP, Refusal, Setup, hand
from tutor.web.links import MAX_PARAM_CHARS
from tutor.words.i18n import get_translator
from tutor.words.studio_page import refusal_text

LANGS = ("en", "de", "pl")


@pytest.mark.parametrize("name", [*PRESETS, *TABLE_PRESETS])
def test_every_moment_of_random_deals_round_trips(name: str) -> None:
    game = game_for(preset(name))
    moments, longest = 0, 0
    for seed in range(6):
        rng = random.Random(seed)
        deal = game.new_deal(rng, dealer=seed % game.seats)
        while not deal.is_over:
            code = encode_deal(deal)
            longest = max(longest, len(code))
            setup = decode(code)
            assert isinstance(setup, Setup), (seed, setup)
            back = setup.deal()
            want = canonical(deal) if isinstance(deal, TableState) else deal
            assert back == want, (seed, position_to_dict(deal))
            moments += 1
            deal = deal.apply(rng.choice(deal.legal_moves()))
    assert moments > 50
    assert longest <= MAX_POS_CHARS
    if game.seats == 2:  # two seats fit the address limit of every other parameter
        assert longest <= MAX_PARAM_CHARS


def test_a_setup_half_done_keeps_its_cards() -> None:
    s = Setup().put("Ah", TRUMP)
    assert isinstance(s, Setup)
    s = s.put("Kh", hand(1))
    assert isinstance(s, Setup)
    back = decode(encode(s))
    assert isinstance(back, Setup)
    assert back.trump == "Ah" and back.hands[1] == ("Kh",) and back.missing() == 22
    assert back == s


def _deal_data() -> dict[str, object]:
    deal = game_for(preset("classic")).new_deal(random.Random(4))
    return position_to_dict(deal)


def _raw_code(payload: bytes) -> str:
    packer = zlib.compressobj(9)
    raw = packer.compress(payload) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(raw).decode().rstrip("=")


HOSTILE = {
    "too long": ("1" + "A" * (MAX_POS_CHARS + 5), "code_long"),
    "not base64": ("1ab$c%", "code_bad"),
    "base64 of no zlib": ("1" + base64.urlsafe_b64encode(b"hello there").decode(), "code_bad"),
    "cut short": (code_of(_deal_data())[:40], "code_bad"),
    "wrong version": ("7" + code_of(_deal_data())[1:], "code_version"),
    "empty": ("", "code_bad"),
    "an unknown field": (code_of({**_deal_data(), "evil": 1}), "field"),
    "unknown preset": (code_of({**_deal_data(), "preset": "clasic"}), "unknown_preset"),
    "a card twice": (
        code_of({**_deal_data(), "hands": {"A": "Ah Ah Kh Qh Jh 9h", "B": ""}}),
        "placed",
    ),
    "a card not in the pack": (
        code_of({**_deal_data(), "stock": "7c"}),
        "not_in_pack",
    ),
    "a hand of numbers": (code_of({**_deal_data(), "hands": {"A": 5}}), "field"),
    "not a mapping": (code_of([1, 2, 3]), "shape"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_codes_are_refused_with_words(name: str) -> None:
    code, expected = HOSTILE[name]
    got = decode(code)
    assert isinstance(got, Refusal), got
    assert got.id == expected
    for lang in LANGS:
        said = refusal_text(got, get_translator(lang))
        assert said and "{" not in said and "_" not in said, (lang, said)


def test_a_code_that_inflates_too_far_is_refused() -> None:
    bomb = _raw_code(b" " * (MAX_INFLATED * 50))
    assert len(bomb) < MAX_POS_CHARS
    refused = decode(bomb)
    assert isinstance(refused, Refusal) and refused.id == "code_bad"
    deep = _raw_code(b"[" * 3000)
    assert isinstance(decode(deep), Refusal)

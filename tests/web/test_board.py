"""One board for every table (``tutor.web.board.board_html``): the deals of every preset, for
two, three and four seats, drawn through the one function: each seat in its place with its
name, every card of every hand once, the trick's cards by the seats that played them, the face
down hands as backs, and no markup from the translator's words."""

from __future__ import annotations

import gettext
import random
from html.parser import HTMLParser

import pytest

from tutor.engine import PRESETS, SEAT_LETTERS, TABLE_PRESETS, Play, game_for
from tutor.web.board import LAYOUTS, BoardOptions, Tallied, board_html, trick_on_table
from tutor.words.i18n import Translator, build_translator, get_translator

ALL_PRESETS = {**PRESETS, **TABLE_PRESETS}
EN = get_translator("en")


class _Board(HTMLParser):
    """The board as data: per seat section its classes, label, name and the alt texts of the
    images in its hand; the trick's images and seat letters; the trump card's image."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.seats: list[dict[str, object]] = []
        self.trick: list[str] = []
        self.by: list[str] = []
        self.trump: list[str] = []
        self.names: list[str] = []
        self.text_in: str | None = None

    def _inside(self, cls: str) -> bool:
        return any(cls in c.split() for c in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        cls = a.get("class") or ""
        if tag == "section":
            self.seats.append({"class": cls, "label": a.get("aria-label"), "hand": []})
        if tag == "img":
            alt = a.get("alt") or ""
            if self._inside("t66-hand"):
                hand = self.seats[-1]["hand"]
                assert isinstance(hand, list)
                hand.append(alt)
            elif self._inside("t66-trick"):
                self.trick.append(alt)
            elif self._inside("t66-trumpcard"):
                self.trump.append(alt)
            return
        if tag == "span" and cls in ("t66-name", "t66-by"):
            self.text_in = cls
        self.stack.append(cls)

    def handle_endtag(self, tag: str) -> None:
        if tag != "img" and self.stack:
            self.stack.pop()
        self.text_in = None

    def handle_data(self, data: str) -> None:
        if self.text_in == "t66-name":
            self.names.append(data)
        elif self.text_in == "t66-by":
            self.by.append(data)


def _parse(html: str) -> _Board:
    board = _Board()
    board.feed(html)
    board.close()
    return board


def _positions(name: str) -> list[Tallied]:
    """Positions of a random deal of ``name``: the deal, and after each move to its end."""
    rng = random.Random(name)
    deal = game_for(ALL_PRESETS[name]).new_deal(rng)
    out: list[Tallied] = [deal]
    while not deal.is_over:
        moves = deal.legal_moves()
        plays = [m for m in moves if isinstance(m, Play)]  # a whole deal, mostly
        deal = deal.apply(rng.choice(plays if plays and rng.random() < 0.9 else moves))
        out.append(deal)
    return out


@pytest.mark.parametrize("name", sorted(ALL_PRESETS))
def test_every_preset_and_seat_count_is_drawn_by_the_one_board(name: str) -> None:
    positions = _positions(name)
    seats = positions[0].seats
    layout = LAYOUTS[seats]
    order = [part for part in layout.order if part >= 0]
    assert sorted(order) == list(range(seats))
    tricks_seen = 0
    for deal in positions:
        html = board_html(deal, None, EN, BoardOptions(show=(True,) * seats))
        board = _parse(html)
        assert len(board.seats) == seats
        # each seat in its place, named, with every card of its hand once, in the hand's order
        assert board.names == [f"Player {SEAT_LETTERS[s]}" for s in order]
        for seat, section in zip(order, board.seats, strict=True):
            assert layout.places[seat] in str(section["class"])
            assert section["label"] == f"Hand of player {SEAT_LETTERS[seat]}"
            assert section["hand"] == [EN.card(c, "bare") for c in deal.hand(seat)]
        # the trick: its cards, each by the seat that played it
        table = trick_on_table(deal)
        assert board.trick == [EN.card(tc.card, "bare") for tc in table]
        assert board.by == [SEAT_LETTERS[tc.player] for tc in table]
        if deal.trick_cards:
            assert [tc.card for tc in table] == list(deal.trick_cards)
            tricks_seen += 1
        assert board.trump == ([EN.card(deal.turned_up, "bare")] if deal.turned_up else []) or (
            seats == 2 and not board.trump  # a closed stock hides its trump card
        )
        assert ("t66-tboard" in html) == (seats > 2)
    assert tricks_seen  # some positions had a trick in progress


@pytest.mark.parametrize("name", ["classic", "three", "four"])
def test_face_down_hands_are_backs_but_for_the_seen_cards(name: str) -> None:
    for deal in _positions(name)[::3]:
        seats = deal.seats
        board = _parse(board_html(deal, None, EN, BoardOptions(show=(True,) + (False,) * 3)))
        for seat, section in zip(
            [p for p in LAYOUTS[seats].order if p >= 0], board.seats, strict=True
        ):
            hand = section["hand"]
            assert isinstance(hand, list)
            backs = hand.count(EN._("a face-down card"))
            if seat == 0:
                assert backs == 0
                continue
            assert section["label"] == f"Hand of player {SEAT_LETTERS[seat]}, face down"
            seen = len(deal.hand(seat)) - backs  # the cards everyone has seen
            known = deal.known[seat] if seat < len(deal.known) else 0
            assert 0 <= seen <= bin(known).count("1")
            assert backs >= len(deal.hand(seat)) - bin(known).count("1")


class _Hostile(gettext.NullTranslations):
    """A catalogue whose every message carries markup and quotes."""

    MARK = '<b class="evil">'

    def gettext(self, message: str) -> str:
        return f'{self.MARK}"{message}&'

    def pgettext(self, context: str, message: str) -> str:
        return f'{self.MARK}"{message}&'

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{self.MARK}{msgid1 if n == 1 else msgid2}"


def _hostile() -> Translator:
    return build_translator("en", "french", _Hostile())


@pytest.mark.parametrize("name", sorted(ALL_PRESETS))
def test_the_translators_words_cannot_put_markup_on_the_board(name: str) -> None:
    tr = _hostile()
    positions = _positions(name)
    seats = positions[0].seats
    for deal in positions[:: max(1, len(positions) // 4)]:
        pick = frozenset(deal.hand(0))
        opts = BoardOptions(show=(True, False, True, False)[:seats], pick=pick, legal=frozenset())
        html = board_html(deal, None, tr, opts)
        assert "evil" in html  # the words are there ...
        assert _Hostile.MARK not in html  # ... as text, never as markup
        assert "&lt;b class=&#34;evil&#34;&gt;" in html
        board = _parse(html)
        assert len(board.seats) == seats
        assert all(n.startswith('<b class="evil">') for n in board.names)

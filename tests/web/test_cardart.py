"""Card art: every card in both packs and both looks is well-formed, accessible SVG."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from tutor.engine import CARDS, Card, Rank, Suit
from tutor.web.cardart import STYLES, back_svg, card_svg

NS = "{http://www.w3.org/2000/svg}"
LABEL = "Queen & <King> \"quoted\" 'single'"
NUMBER_RANKS = (Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)
BLACK_SUITS = (Suit.CLUBS, Suit.SPADES)
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def rgb(colour: str) -> tuple[int, int, int]:
    m = re.fullmatch(r"#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})", colour)
    assert m, f"not a #rrggbb colour: {colour}"
    r, g, b = (int(x, 16) for x in m.groups())
    return r, g, b


def luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def fills(element: ET.Element) -> set[str]:
    return {e.get("fill", "") for e in element.iter()} - {"", "none"}


def face_colour(root: ET.Element) -> str:
    (face,) = with_class(root, "face")
    return face.get("fill", "")


def number(attr: str | None) -> float:
    assert attr is not None
    return float(attr)


ALL = list(itertools.product(CARDS, STYLES, (False, True)))


def case_id(case: tuple[Card, str, bool]) -> str:
    card, style, hc = case
    return f"{card}-{style}{'-hc' if hc else ''}"


@pytest.mark.parametrize("case", ALL, ids=[case_id(c) for c in ALL])
def test_every_card_is_well_formed_and_named(case: tuple[Card, str, bool]) -> None:
    card, style, hc = case
    svg = card_svg(card, style=style, label=LABEL, high_contrast=hc)
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == LABEL
    title = root.find(f"{NS}title")
    assert title is not None and title.text == LABEL
    assert root[0] is title  # the accessible name comes first
    view = [float(x) for x in (root.get("viewBox") or "").split()]
    assert len(view) == 4 and view[2] > 0 and view[3] > 0
    assert "<King>" not in svg and "&amp;" in svg and "&quot;" in svg
    # Nothing is loaded from outside: no pictures, no links, no web fonts.
    assert "href" not in svg and "url(" not in svg and "@font-face" not in svg
    assert root.get("data-card") == str(card)


@pytest.mark.parametrize("case", ALL, ids=[case_id(c) for c in ALL])
def test_pips_and_court_panels(case: tuple[Card, str, bool]) -> None:
    card, style, hc = case
    root = parse(card_svg(card, style=style, label="x", high_contrast=hc))
    pips = with_class(root, "pip")
    if card.rank in NUMBER_RANKS:
        assert len(pips) == int(card.rank.symbol)
    elif card.rank is Rank.ACE:
        assert len(pips) == 1
    else:
        assert pips == []
        assert len(with_class(root, "court")) == 1
    # Two corner indices, the second turned for the player opposite.
    assert len(with_class(root, "index-rank")) == 2
    assert len(with_class(root, "index-suit")) == 2


_PLACE = re.compile(
    r"(?:rotate\(180 [\d.]+ [\d.]+\) )?translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)"
)


def pip_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    boxes = []
    for pip in with_class(root, "pip"):
        m = _PLACE.fullmatch(pip.get("transform", ""))
        assert m, pip.get("transform")
        x, y, k = (float(v) for v in m.groups())
        boxes.append((x, y, x + 100 * k, y + 100 * k))
    return boxes


@pytest.mark.parametrize("rank", (Rank.ACE, *NUMBER_RANKS), ids=str)
@pytest.mark.parametrize("style", STYLES)
def test_pips_stay_on_the_card_and_apart(rank: Rank, style: str) -> None:
    root = parse(card_svg(Card.of(rank, Suit.HEARTS), style=style, label="x"))
    (face,) = with_class(root, "face")
    width, height = number(face.get("width")), number(face.get("height"))
    boxes = pip_boxes(root)
    for x0, y0, x1, y1 in boxes:
        assert 0 < x0 < x1 < width and 0 < y0 < y1 < height
    for a, b in itertools.combinations(boxes, 2):
        overlap_x = min(a[2], b[2]) - max(a[0], b[0])
        overlap_y = min(a[3], b[3]) - max(a[1], b[1])
        assert overlap_x <= 0.01 or overlap_y <= 0.01, (a, b)


@pytest.mark.parametrize("hc", (False, True))
@pytest.mark.parametrize("card", CARDS, ids=str)
def test_french_colours(card: Card, hc: bool) -> None:
    root = parse(card_svg(card, label="x", high_contrast=hc))
    shapes = with_class(root, "index-suit") + with_class(root, "pip")
    colours = set().union(*(fills(s) for s in shapes)) | fills(with_class(root, "index-rank")[0])
    assert colours
    for colour in colours:
        r, g, b = rgb(colour)
        if card.suit in RED_SUITS:
            assert r >= 150 and g <= 60 and b <= 60, colour
        else:
            assert max(r, g, b) <= 60, colour


def hue_of(colour: str) -> str:
    r, g, b = rgb(colour)
    if g > r and g > b:
        return "green"
    if r > 200 and g > 120 and b < 80:
        return "yellow"
    if r > g > b and r - b > 60 and g > 40:
        return "brown"
    if r > 150 and g < 60 and b < 60:
        return "red"
    return "other"


@pytest.mark.parametrize("hc", (False, True))
@pytest.mark.parametrize(
    ("suit", "main"),
    [
        (Suit.CLUBS, "brown"),
        (Suit.SPADES, "green"),
        (Suit.HEARTS, "red"),
        (Suit.DIAMONDS, "yellow"),
    ],
)
def test_german_suit_colours(suit: Suit, main: str, hc: bool) -> None:
    root = parse(card_svg(Card.of(Rank.ACE, suit), style="german", label="x", high_contrast=hc))
    (pip,) = with_class(root, "pip")
    hues = [hue_of(c) for c in fills(pip)]
    assert main in hues
    if suit is Suit.DIAMONDS:
        # Yellow is too light on the face by itself (under WCAG's 3:1 for graphics), so the
        # bells carry a dark outline that meets it.
        face = face_colour(root)
        yellow = [c for c in fills(pip) if hue_of(c) == "yellow"]
        assert all(contrast(c, face) < 3 for c in yellow)
        strokes = {e.get("stroke", "") for e in pip.iter()} - {"", "none"}
        assert any(contrast(s, face) >= 7 for s in strokes)


@pytest.mark.parametrize("case", ALL, ids=[case_id(c) for c in ALL])
def test_indices_are_readable(case: tuple[Card, str, bool]) -> None:
    """Index text meets WCAG contrast on the face: 4.5:1, and 7:1 in high contrast."""
    card, style, hc = case
    root = parse(card_svg(card, style=style, label="x", high_contrast=hc))
    face = face_colour(root)
    for text in with_class(root, "index-rank"):
        assert contrast(text.get("fill", ""), face) >= (7.0 if hc else 4.5)


def test_index_letters_of_each_pack() -> None:
    def index(card: str, style: str) -> str:
        root = parse(card_svg(Card.parse(card), style=style, label="x"))
        return with_class(root, "index-rank")[0].text or ""

    assert [index(c, "french") for c in ("Ah", "10h", "Kh", "Qh", "Jh", "9h", "8h", "7h")] == [
        "A", "10", "K", "Q", "J", "9", "8", "7"
    ]  # fmt: skip
    assert [index(c, "german") for c in ("Ah", "10h", "Kh", "Qh", "Jh", "9h", "8h", "7h")] == [
        "A", "10", "K", "O", "U", "9", "8", "7"
    ]  # fmt: skip


@pytest.mark.parametrize("style", STYLES)
def test_high_contrast_is_stronger(style: str) -> None:
    card = Card.parse("10h")
    plain = parse(card_svg(card, style=style, label="x"))
    strong = parse(card_svg(card, style=style, label="x", high_contrast=True))
    assert face_colour(strong) == "#ffffff"
    (face,) = with_class(strong, "face")
    assert face.get("stroke") == "#000000"
    (plain_face,) = with_class(plain, "face")
    assert number(face.get("stroke-width")) > number(plain_face.get("stroke-width"))

    def index_size(root: ET.Element) -> float:
        return number(with_class(root, "index-rank")[0].get("font-size"))

    assert index_size(strong) > index_size(plain)


def test_height_sets_the_size() -> None:
    card = Card.parse("Qs")
    root = parse(card_svg(card, label="x", height=90))
    assert root.get("height") == "90"
    view = [float(v) for v in (root.get("viewBox") or "").split()]
    assert number(root.get("width")) == pytest.approx(90 * view[2] / view[3], abs=0.5)
    big = parse(card_svg(card, label="x", height=300))
    assert big.get("height") == "300"
    fluid = parse(card_svg(card, label="x"))
    assert fluid.get("width") == "100%" and fluid.get("height") is None
    back = parse(back_svg(label="x", height=120))
    assert back.get("height") == "120"


def test_selected_and_dimmed() -> None:
    card = Card.parse("9c")
    plain = parse(card_svg(card, label="x"))
    assert not with_class(plain, "selected-ring") and not with_class(plain, "veil")
    chosen = parse(card_svg(card, label="x", selected=True))
    (ring,) = with_class(chosen, "selected-ring")
    assert "selected" in (chosen.get("class") or "").split()
    assert number(ring.get("stroke-width")) >= 4
    # The ring lies outside the card, in the margin the viewBox keeps for it.
    assert number(ring.get("x")) < 0
    assert plain.get("viewBox") == chosen.get("viewBox")
    greyed = parse(card_svg(card, label="x", dimmed=True))
    (veil,) = with_class(greyed, "veil")
    r, g, b = rgb(veil.get("fill", ""))
    assert r == g == b  # a neutral grey
    assert "grayscale" in ET.tostring(greyed, encoding="unicode")


@pytest.mark.parametrize("hc", (False, True))
def test_back(hc: bool) -> None:
    svg = back_svg(label=LABEL, high_contrast=hc)
    root = parse(svg)
    assert root.get("aria-label") == LABEL and root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title is not None and title.text == LABEL
    assert root.get("viewBox")
    assert with_class(root, "lattice")
    face = with_class(root, "face")[0]
    pattern = {
        e.get(attr)
        for e in root.iter()
        if e is not face
        for attr in ("fill", "stroke")
        if e.get(attr) not in (None, "none")
    }
    assert len(pattern - {"#ffffff"}) == 1  # one colour on white


def test_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError, match="french"):
        card_svg(Card.parse("Ah"), style="tarot", label="x")


def test_drawings_are_cached() -> None:
    card = Card.parse("Kd")
    assert card_svg(card, style="german", label="k") is card_svg(card, style="german", label="k")
    assert card_svg(card, label="a") != card_svg(card, label="b")

"""Playing cards drawn as SVG text: French and German suited packs, and a card back.

Everything is drawn here from a few vector path definitions: no fonts or pictures are
loaded, and the text uses only generic font stacks. Each drawing has a ``viewBox`` so it
stays sharp at any size, from a hand on a phone to a projector.

The accessible name (``label``) comes from the caller, already translated; it becomes the
drawing's ``aria-label`` and ``<title>``.

Marker classes make the drawing easy to inspect: ``pip`` for each suit symbol of an ace or
number card, ``index-rank`` / ``index-suit`` for the corner indices, ``court`` for the panel
of a king, queen (Ober) or jack (Unter), ``face`` for the card's background.

>>> from tutor.engine.cards import Card
>>> svg = card_svg(Card.parse("9h"), label="nine of hearts", height=90)
>>> svg.count('class="pip"')
9
>>> 'aria-label="nine of hearts"' in svg
True
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass

from tutor.engine import Card, Rank, Suit

STYLES = ("french", "german")

# The card is 200 x 280 units (5:7); a margin all round leaves room for the selection ring
# so a selected card has the same size as the others.
W, H = 200, 280
MARGIN = 9
VIEWBOX = f"{-MARGIN} {-MARGIN} {W + 2 * MARGIN} {H + 2 * MARGIN}"
_FONT = "'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"

# ----------------------------------------------------------------------------- palettes


@dataclass(frozen=True)
class Palette:
    """Every colour of one look (normal or high contrast)."""

    face: str
    border: str
    border_width: float
    red: str
    black: str
    tint_red: str
    tint_black: str
    tint_acorn: str
    tint_leaf: str
    tint_bell: str
    gold: str
    gold_line: str
    ring: str
    ring_inner: str
    back: str
    # German suits: acorn nut/cup, leaf, heart, bell; ``*_ink`` is the colour of the indices.
    acorn: str
    acorn_cup: str
    acorn_ink: str
    leaf: str
    leaf_vein: str
    leaf_ink: str
    heart: str
    heart_line: str
    bell: str
    bell_band: str
    bell_line: str
    bell_ink: str
    outline: float
    index_size: float


NORMAL = Palette(
    face="#fffdf8",
    border="#9c968a",
    border_width=2.0,
    red="#c8102e",
    black="#1b1b1f",
    tint_red="#fbe9ea",
    tint_black="#eceef3",
    tint_acorn="#f5ebdd",
    tint_leaf="#e7f2e5",
    tint_bell="#fdf2d2",
    gold="#e8b730",
    gold_line="#6b4a00",
    ring="#1d4ed8",
    ring_inner="#ffffff",
    back="#1f3f8f",
    acorn="#c98b3f",
    acorn_cup="#6b4423",
    acorn_ink="#6b4423",
    leaf="#3a8d3f",
    leaf_vein="#1e5a22",
    leaf_ink="#23692a",
    heart="#d3212f",
    heart_line="#7a0c14",
    bell="#f4b400",
    bell_band="#d2481a",
    bell_line="#5c3700",
    bell_ink="#a34a00",
    outline=3.0,
    index_size=46.0,
)

HIGH_CONTRAST = Palette(
    face="#ffffff",
    border="#000000",
    border_width=5.0,
    red="#b00018",
    black="#000000",
    tint_red="#ffffff",
    tint_black="#ffffff",
    tint_acorn="#ffffff",
    tint_leaf="#ffffff",
    tint_bell="#ffffff",
    gold="#ffc400",
    gold_line="#000000",
    ring="#000000",
    ring_inner="#ffd400",
    back="#000000",
    acorn="#a0601c",
    acorn_cup="#4a2a0c",
    acorn_ink="#4a2a0c",
    leaf="#1d7a24",
    leaf_vein="#003d05",
    leaf_ink="#005a0a",
    heart="#c00018",
    heart_line="#000000",
    bell="#ffb000",
    bell_band="#c23000",
    bell_line="#000000",
    bell_ink="#7a3300",
    outline=5.0,
    index_size=54.0,
)


def palette(high_contrast: bool) -> Palette:
    return HIGH_CONTRAST if high_contrast else NORMAL


def suit_ink(suit: Suit, style: str, pal: Palette) -> str:
    """The colour of a suit's indices and court letters (meets text contrast on the face)."""
    if style == "german":
        return (pal.acorn_ink, pal.leaf_ink, pal.red, pal.bell_ink)[suit]
    return pal.red if suit in (Suit.HEARTS, Suit.DIAMONDS) else pal.black


def suit_tint(suit: Suit, style: str, pal: Palette) -> str:
    """A pale background for the panel of a court card."""
    if style == "german":
        return (pal.tint_acorn, pal.tint_leaf, pal.tint_red, pal.tint_bell)[suit]
    return pal.tint_red if suit in (Suit.HEARTS, Suit.DIAMONDS) else pal.tint_black


# ----------------------------------------------------------------------------- suit shapes
# Each shape is drawn in a 100 x 100 box; ``_place`` scales and turns it onto the card.


def _circle(cx: float, cy: float, r: float) -> str:
    """A clockwise circle as path data, so overlapping circles add up under nonzero fill."""
    return f"M{cx} {cy - r}a{r} {r} 0 1 1 0 {2 * r}a{r} {r} 0 1 1 0 {-2 * r}Z"


HEART = (
    "M50 94C47 86 40 78 28 66C14 52 4 42 4 28C4 14 15 5 28 5C38 5 46 11 50 21"
    "C54 11 62 5 72 5C85 5 96 14 96 28C96 42 86 52 72 66C60 78 53 86 50 94Z"
)
DIAMOND = "M50 3C61 20 73 35 88 50C73 65 61 80 50 97C39 80 27 65 12 50C27 35 39 20 50 3Z"
SPADE = (
    "M50 3C58 17 72 27 84 39C94 49 97 57 97 65C97 78 87 86 75 86C66 86 59 82 54 75"
    "C55 85 58 92 67 97L33 97C42 92 45 85 46 75C41 82 34 86 25 86C13 86 3 78 3 65"
    "C3 57 6 49 16 39C28 27 42 17 50 3Z"
)
CLUB = (
    _circle(50, 27, 20)
    + _circle(27, 60, 20)
    + _circle(73, 60, 20)
    + _circle(50, 56, 12)
    + "M54 62C55 78 59 89 67 97L33 97C41 89 45 78 46 62Z"
)
# German suits, several colours each.
LEAF = (
    "M50 3C62 18 82 32 89 50C95 66 86 80 70 82C62 83 56 80 52 76L53 97L47 97L48 76"
    "C44 80 38 83 30 82C14 80 5 66 11 50C18 32 38 18 50 3Z"
)
LEAF_VEINS = "M50 12L50 80M50 36L33 28M50 36L67 28M50 52L25 44M50 52L75 44M50 67L24 62M50 67L76 62"
G_HEART = (
    "M50 95C45 86 36 78 24 67C11 55 3 45 3 30C3 15 14 5 28 5C39 5 46 12 50 22"
    "C54 12 61 5 72 5C86 5 97 15 97 30C97 45 89 55 76 67C64 78 55 86 50 95Z"
)
ACORN_NUT = "M50 4C66 4 74 20 74 38C74 50 70 58 66 62L34 62C30 58 26 50 26 38C26 20 34 4 50 4Z"
ACORN_CUP = "M20 60C20 56 24 53 30 53L70 53C76 53 80 56 80 60C80 76 68 86 50 86C32 86 20 76 20 60Z"
ACORN_HATCH = "M26 58L44 84M38 55L60 86M52 55L72 80M62 55L78 66M74 58L56 84M62 55L40 86M48 55L28 80"
ACORN_STEM = "M47 85L47 97L53 97L53 85Z"
BELL_BODY = _circle(50, 56, 38)
BELL_BAND = "M13.5 46C36 40 64 40 86.5 46L87.5 58C64 52 36 52 12.5 58Z"
BELL_SLOT = "M50 72L50 94"


def _french_shape(suit: Suit, fill: str) -> str:
    d = (CLUB, SPADE, HEART, DIAMOND)[suit]
    return f'<path d="{d}" fill="{fill}"/>'


def _german_shape(suit: Suit, pal: Palette) -> str:
    o = pal.outline
    if suit is Suit.CLUBS:
        return (
            f'<path d="{ACORN_STEM}" fill="{pal.acorn_cup}"/>'
            f'<path d="{ACORN_NUT}" fill="{pal.acorn}" stroke="{pal.acorn_cup}" '
            f'stroke-width="{o}"/>'
            f'<path d="{ACORN_CUP}" fill="{pal.acorn_cup}" stroke="{pal.acorn_cup}" '
            f'stroke-width="{o}"/>'
            f'<path d="{ACORN_HATCH}" stroke="{pal.acorn}" stroke-width="2.2" fill="none" '
            'stroke-linecap="round"/>'
        )
    if suit is Suit.SPADES:
        return (
            f'<path d="{LEAF}" fill="{pal.leaf}" stroke="{pal.leaf_vein}" stroke-width="{o}" '
            'stroke-linejoin="round"/>'
            f'<path d="{LEAF_VEINS}" stroke="{pal.leaf_vein}" stroke-width="3" fill="none" '
            'stroke-linecap="round"/>'
        )
    if suit is Suit.HEARTS:
        return (
            f'<path d="{G_HEART}" fill="{pal.heart}" stroke="{pal.heart_line}" '
            f'stroke-width="{o}" stroke-linejoin="round"/>'
        )
    return (
        f'<circle cx="50" cy="13" r="7" fill="none" stroke="{pal.bell_line}" stroke-width="4"/>'
        f'<path d="{BELL_BODY}" fill="{pal.bell}" stroke="{pal.bell_line}" stroke-width="{o}"/>'
        f'<path d="{BELL_BAND}" fill="{pal.bell_band}" stroke="{pal.bell_line}" '
        f'stroke-width="{o * 0.7:g}" stroke-linejoin="round"/>'
        f'<circle cx="50" cy="72" r="5" fill="{pal.bell_line}"/>'
        f'<path d="{BELL_SLOT}" stroke="{pal.bell_line}" stroke-width="4" '
        'stroke-linecap="round"/>'
    )


def _shape(suit: Suit, style: str, pal: Palette) -> str:
    if style == "german":
        return _german_shape(suit, pal)
    return _french_shape(suit, suit_ink(suit, style, pal))


def _n(x: float) -> str:
    return f"{round(x, 2):g}"


def _place(shape: str, cx: float, cy: float, size: float, cls: str, flip: bool = False) -> str:
    """The 100-unit ``shape`` centred on (cx, cy), ``size`` units wide, turned when ``flip``."""
    k = size / 100
    turn = f"rotate(180 {_n(cx)} {_n(cy)}) " if flip else ""
    return (
        f'<g class="{cls}" transform="{turn}translate({_n(cx - 50 * k)} {_n(cy - 50 * k)}) '
        f'scale({_n(k)})">{shape}</g>'
    )


# ----------------------------------------------------------------------------- layouts

_L, _C, _R = 65.0, 100.0, 135.0
_TOP, _BOTTOM = 62.0, 218.0
_ROW4 = tuple(_TOP + i * (_BOTTOM - _TOP) / 3 for i in range(4))
_MID = (_TOP + _BOTTOM) / 2

# Where the pips of the number cards go: the classic layouts.
PIP_LAYOUTS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.SEVEN: (
        *((x, y) for y in (_TOP, _MID, _BOTTOM) for x in (_L, _R)),
        (_C, (_TOP + _MID) / 2),
    ),
    Rank.EIGHT: (
        *((x, y) for y in (_TOP, _MID, _BOTTOM) for x in (_L, _R)),
        (_C, (_TOP + _MID) / 2),
        (_C, (_MID + _BOTTOM) / 2),
    ),
    Rank.NINE: (*((x, y) for y in _ROW4 for x in (_L, _R)), (_C, _MID)),
    Rank.TEN: (
        *((x, y) for y in _ROW4 for x in (_L, _R)),
        (_C, (_ROW4[0] + _ROW4[1]) / 2),
        (_C, (_ROW4[2] + _ROW4[3]) / 2),
    ),
}
PIP_COUNTS: dict[Rank, int] = {Rank.ACE: 1, **{r: len(p) for r, p in PIP_LAYOUTS.items()}}

#: The letters on the corners when the caller gives none (English, as in the notation): the
#: pages give the letter of the learner's language and pack (``Translator.rank_letter``).
INDEX_TEXT: dict[str, dict[Rank, str]] = {
    "french": {r: r.symbol for r in Rank},
    "german": {r: {Rank.QUEEN: "O", Rank.JACK: "U"}.get(r, r.symbol) for r in Rank},
}


def _pips(card: Card, style: str, pal: Palette) -> str:
    shape = _shape(card.suit, style, pal)
    if card.rank is Rank.ACE:
        ink = suit_ink(card.suit, style, pal)
        ring = (
            f'<circle cx="100" cy="140" r="68" fill="none" stroke="{ink}" stroke-width="1.5" '
            'stroke-opacity="0.45"/>'
        )
        return ring + _place(shape, 100, 140, 100, "pip")
    size = 35
    return "".join(
        _place(shape, x, y, size, "pip", flip=y > _MID + 1) for x, y in PIP_LAYOUTS[card.rank]
    )


# ----------------------------------------------------------------------------- court cards

# Head-dresses in a 100 x 60 box: a crown (king), a coronet (queen), a plumed cap (jack).
CROWN = "M8 52L8 18L29 36L50 6L71 36L92 18L92 52Z"
CROWN_BAND = "M6 46L94 46L94 58L6 58Z"
CROWN_JEWELS = ((8.0, 15.0, 6.0), (50.0, 5.0, 7.0), (92.0, 15.0, 6.0))
CORONET = "M12 52L12 34C20 26 30 26 34 36C38 22 62 22 66 36C70 26 80 26 88 34L88 52Z"
CORONET_JEWELS = ((12.0, 30.0, 6.0), (50.0, 18.0, 8.0), (88.0, 30.0, 6.0))
CAP = "M12 56C12 30 30 16 54 16C74 16 88 30 88 50L88 56Z"
CAP_BAND = "M8 50L92 50L92 60L8 60Z"
FEATHER = "M70 22C78 8 92 2 100 2C96 12 88 24 74 30Z"


def _headdress(kind: str, pal: Palette, ink: str) -> str:
    g, line = pal.gold, pal.gold_line
    common = f'stroke="{line}" stroke-width="2.5" stroke-linejoin="round"'
    if kind == "crown":
        jewels = "".join(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{ink}" {common}/>'
            for x, y, r in CROWN_JEWELS
        )
        return (
            f'<path d="{CROWN}" fill="{g}" {common}/>{jewels}'
            f'<path d="{CROWN_BAND}" fill="{ink}" {common}/>'
        )
    if kind == "coronet":
        jewels = "".join(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{g}" {common}/>'
            for x, y, r in CORONET_JEWELS
        )
        return (
            f'<path d="{CORONET}" fill="{g}" {common}/>{jewels}'
            f'<path d="{CROWN_BAND}" fill="{ink}" {common}/>'
        )
    return (
        f'<path d="{FEATHER}" fill="{g}" {common}/>'
        f'<path d="{CAP}" fill="{ink}" {common}/>'
        f'<path d="{CAP_BAND}" fill="{g}" {common}/>'
    )


_PANEL = (52.0, 22.0, 148.0, 258.0)  # x0, y0, x1, y1


def _court(card: Card, style: str, pal: Palette, letter: str) -> str:
    x0, y0, x1, y1 = _PANEL
    ink = suit_ink(card.suit, style, pal)
    tint = suit_tint(card.suit, style, pal)
    shape = _shape(card.suit, style, pal)
    german_low = style == "german" and card.rank is not Rank.KING
    if german_low:
        # Ober and Unter: the suit symbol above (Ober) or below (Unter) the letter, as the
        # figures of a German pack hold it high or low.
        head = ""
        sym_y, let_y = (56.0, 128.0) if card.rank is Rank.QUEEN else (112.0, 88.0)
        symbol = _place(shape, 100, sym_y, 34, "court-suit")
    else:
        kind = {Rank.KING: "crown", Rank.QUEEN: "coronet"}.get(card.rank, "cap")
        head = f'<g transform="translate(70 36) scale(0.6)">{_headdress(kind, pal, ink)}</g>'
        let_y = 124.0
        symbol = ""
    half = (
        f"{head}{symbol}"
        f'<text x="100" y="{let_y:g}" text-anchor="middle" font-size="62" font-weight="700" '
        f'font-family="{_FONT}" fill="{ink}">{html.escape(letter)}</text>'
    )
    if not german_low:
        half += _place(shape, 64, 36, 16, "court-suit")
    sw = 3.5 if pal is HIGH_CONTRAST else 2.0
    return (
        f'<g class="court">'
        f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" rx="6" '
        f'fill="{tint}" stroke="{ink}" stroke-width="{sw}"/>'
        f'<rect x="{x0 + 4:g}" y="{y0 + 4:g}" width="{x1 - x0 - 8:g}" height="{y1 - y0 - 8:g}" '
        f'rx="3" fill="none" stroke="{ink}" stroke-width="0.8" stroke-opacity="0.5"/>'
        f"{half}"
        f'<g transform="rotate(180 100 140)">{half}</g>'
        f'<path d="M{x0 + 8:g} 140L{x1 - 8:g} 140" stroke="{ink}" stroke-width="{sw / 2:g}"/>'
        "</g>"
    )


# ----------------------------------------------------------------------------- corners


def _index(card: Card, style: str, pal: Palette, text: str) -> str:
    ink = suit_ink(card.suit, style, pal)
    size = pal.index_size
    cx = 29.0 if pal is HIGH_CONTRAST else 26.0
    base = 8 + size * 0.74
    fit = f' textLength="{size * 0.86:g}" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    suit_size = size * 0.5
    return (
        f'<text class="index-rank" x="{cx:g}" y="{base:g}" text-anchor="middle" '
        f'font-size="{size:g}" font-weight="700" font-family="{_FONT}" fill="{ink}"{fit}>'
        f"{html.escape(text)}</text>"
        + _place(
            _shape(card.suit, style, pal), cx, base + 6 + suit_size / 2, suit_size, "index-suit"
        )
    )


# ----------------------------------------------------------------------------- whole cards


def _svg_open(label: str, height: int | None, cls: str, extra: str = "") -> str:
    if height is None:
        size = 'width="100%"'
    else:
        width = round(height * (W + 2 * MARGIN) / (H + 2 * MARGIN))
        size = f'width="{width}" height="{height}"'
    name = html.escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}" {size} '
        f'role="img" aria-label="{name}" class="{cls}"{extra}><title>{name}</title>'
    )


def _ring(pal: Palette) -> str:
    r = MARGIN - 3.5
    return (
        f'<rect class="selected-ring" x="{-r:g}" y="{-r:g}" width="{W + 2 * r:g}" '
        f'height="{H + 2 * r:g}" rx="{12 + r:g}" fill="none" stroke="{pal.ring}" '
        'stroke-width="7"/>'
        f'<rect x="-1" y="-1" width="{W + 2}" height="{H + 2}" rx="13" fill="none" '
        f'stroke="{pal.ring_inner}" stroke-width="2"/>'
    )


def _face(pal: Palette) -> str:
    inset = pal.border_width / 2
    return (
        f'<rect class="face" x="{inset:g}" y="{inset:g}" width="{W - 2 * inset:g}" '
        f'height="{H - 2 * inset:g}" rx="12" fill="{pal.face}" stroke="{pal.border}" '
        f'stroke-width="{pal.border_width:g}"/>'
    )


@functools.lru_cache(maxsize=1024)
def card_svg(
    card: Card,
    *,
    style: str = "french",
    label: str,
    height: int | None = None,
    selected: bool = False,
    dimmed: bool = False,
    high_contrast: bool = False,
    letter: str | None = None,
) -> str:
    """One card face as SVG text.

    ``style`` is ``"french"`` or ``"german"``; ``label`` the translated accessible name;
    ``letter`` the rank's letter on the corners and the court panel, in the learner's
    language (``Translator.rank_letter``; by default the English letter of the pack);
    ``height`` in pixels, or ``None`` to fill the container's width. ``selected`` draws a
    highlight ring round the card, ``dimmed`` greys it out (a card that may not be played).
    """
    if style not in STYLES:
        raise ValueError(f"unknown card style {style!r}: use one of {', '.join(STYLES)}")
    pal = palette(high_contrast)
    text = INDEX_TEXT[style][card.rank] if letter is None else letter
    body = _court(card, style, pal, text) if card.rank in _COURTS else _pips(card, style, pal)
    corner = _index(card, style, pal, text)
    content = f'{body}{corner}<g transform="rotate(180 100 140)">{corner}</g>'
    classes = ["card", f"card-{style}"]
    if selected:
        classes.append("selected")
    if dimmed:
        classes.append("dimmed")
        content = f'<g style="filter:grayscale(1)" opacity="0.75">{content}</g>'
    veil = (
        f'<rect class="veil" x="0" y="0" width="{W}" height="{H}" rx="12" fill="#808080" '
        'fill-opacity="0.45"/>'
        if dimmed
        else ""
    )
    return (
        _svg_open(label, height, " ".join(classes), f' data-card="{card}"')
        + (_ring(pal) if selected else "")
        + _face(pal)
        + content
        + veil
        + "</svg>"
    )


_COURTS = frozenset((Rank.KING, Rank.QUEEN, Rank.JACK))


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, cut to its edges, as path data."""
    parts: list[str] = []
    lo, hi = x0 + y0, x1 + y1
    c = lo + step / 2
    while c < hi:
        a, b = max(x0, c - y1), min(x1, c - y0)
        if a < b:
            parts.append(f"M{_n(a)} {_n(c - a)}L{_n(b)} {_n(c - b)}")
        c += step
    lo, hi = x0 - y1, x1 - y0
    c = lo + step / 2
    while c < hi:
        a, b = max(x0, c + y0), min(x1, c + y1)
        if a < b:
            parts.append(f"M{_n(a)} {_n(a - c)}L{_n(b)} {_n(b - c)}")
        c += step
    return "".join(parts)


def _medallion(ink: str) -> str:
    star = "M100 112L106 134L128 140L106 146L100 168L94 146L72 140L94 134Z"
    return (
        f'<circle cx="100" cy="140" r="34" fill="{ink}" stroke="#ffffff" stroke-width="3"/>'
        f'<circle cx="100" cy="140" r="26" fill="none" stroke="#ffffff" stroke-width="1.5"/>'
        f'<path d="{star}" fill="#ffffff"/>'
    )


@functools.lru_cache(maxsize=64)
def back_svg(*, label: str, height: int | None = None, high_contrast: bool = False) -> str:
    """The back of a card: a diamond lattice in one colour on white, with a centre medallion."""
    pal = palette(high_contrast)
    ink = pal.back
    x0, y0, x1, y1 = 12.0, 12.0, W - 12.0, H - 12.0
    lines = _lattice(x0, y0, x1, y1, 20)
    return (
        _svg_open(label, height, "card-back")
        + _face(pal)
        + f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" rx="6" '
        f'fill="{ink}"/>'
        + f'<path class="lattice" d="{lines}" stroke="#ffffff" stroke-width="1.6" '
        'stroke-opacity="0.55" fill="none"/>'
        + f'<rect x="{x0 + 5:g}" y="{y0 + 5:g}" width="{x1 - x0 - 10:g}" '
        f'height="{y1 - y0 - 10:g}" rx="3" fill="none" stroke="#ffffff" stroke-width="2"/>'
        + _medallion(ink)
        + "</svg>"
    )

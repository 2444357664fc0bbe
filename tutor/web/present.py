"""What the browser app shows, as plain data and HTML: no streamlit import here.

The app's pages only read the session, call these functions and put the result on the page.
Everything here is testable without a browser:

- deep links: reading ``?lesson=...&step=...&lang=...`` and writing them back;
- the keyboard map and the small script that turns arrow / PageUp / PageDown keys into clicks
  on the Back and Next buttons (presenter clickers send PageUp / PageDown);
- ``RoomStore``: where a teacher's current lesson and step wait for the students who follow;
- HTML for the card table, the narration and explanation of a step, the rules reference of a
  preset and the side-by-side comparison of the presets.

Every user-facing string goes through the translator; every piece of text put into HTML is
escaped.
"""

from __future__ import annotations

import base64
import functools
import html
import json
import logging
import random
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tutor.engine import (
    PLAYER_NAMES,
    Card,
    Move,
    Play,
    RuleSet,
    State,
    Suit,
    SwitchValue,
    Verdict,
    switch_ids,
)
from tutor.msgid import N_
from tutor.teach.lessons import Frame
from tutor.teach.lessons.library import Library, folder_signature  # noqa: F401  (re-exported)
from tutor.web.cardart import back_svg, card_svg
from tutor.words.explain import (
    describe_move,
    describe_outcome,
    describe_trick,
    reason_text,
    rule_text,
    source_label,
    switch_name,
    switch_value_text,
)
from tutor.words.i18n import PACK_STYLES, Translator

_LOG = logging.getLogger(__name__)

STYLES = PACK_STYLES
DEFAULT_STYLE = "french"

# ----------------------------------------------------------------------------- deep links


@dataclass(frozen=True)
class DeepLink:
    """What an address asks for. ``step_text`` keeps a step that is not a whole number."""

    lesson: str | None = None
    step: int | None = None
    step_text: str | None = None
    lang: str | None = None
    style: str | None = None
    projector: bool | None = None
    room: str | None = None

    @property
    def bad_step(self) -> bool:
        """A step was given but is not a whole number of zero or more."""
        return self.step_text is not None and self.step is None


def _first(value: str | Sequence[str] | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip() or None
    for item in value:
        if item.strip():
            return item.strip()
    return None


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def parse_link(params: Mapping[str, str | Sequence[str]]) -> DeepLink:
    """Read the query parameters of an address; unknown keys are ignored.

    >>> parse_link({"lesson": "example-1", "step": "5", "lang": "pl"})
    DeepLink(lesson='example-1', step=5, step_text='5', lang='pl', style=None, projector=None, \
room=None)
    >>> parse_link({"step": "five"}).bad_step, parse_link({"step": "²"}).bad_step
    (True, True)
    """
    lesson = _first(params.get("lesson"))
    step_text = _first(params.get("step"))
    step = (
        int(step_text) if step_text is not None and re.fullmatch(r"[0-9]{1,6}", step_text) else None
    )
    lang = _first(params.get("lang"))
    style = _first(params.get("style"))
    if style is not None:
        style = style.lower()
        if style not in STYLES:
            style = None
    proj = _first(params.get("projector"))
    projector = None
    if proj is not None:
        if proj.lower() in _TRUE:
            projector = True
        elif proj.lower() in _FALSE:
            projector = False
    room = _first(params.get("room"))
    return DeepLink(
        lesson=lesson,
        step=step,
        step_text=step_text,
        lang=lang.lower() if lang else None,
        style=style,
        projector=projector,
        room=normalize_room(room) if room else None,
    )


def link_params(
    *,
    lesson: str | None,
    step: int,
    lang: str,
    style: str = DEFAULT_STYLE,
    projector: bool = False,
) -> dict[str, str]:
    """The query parameters that reopen this view; defaults are left out to keep it short.

    >>> link_params(lesson="example-1", step=5, lang="pl")
    {'lesson': 'example-1', 'step': '5', 'lang': 'pl'}
    """
    out: dict[str, str] = {}
    if lesson:
        out["lesson"] = lesson
        out["step"] = str(step)
    out["lang"] = lang
    if style != DEFAULT_STYLE:
        out["style"] = style
    if projector:
        out["projector"] = "1"
    return out


@dataclass(frozen=True)
class StepChoice:
    """The step to show for a requested one, and whether the request had to be corrected."""

    step: int
    corrected: bool


def choose_step(requested: int | None, last: int, *, bad: bool = False) -> StepChoice:
    """Clamp a requested step to ``0..last``; a missing step means the start.

    >>> choose_step(99, 12)
    StepChoice(step=12, corrected=True)
    >>> choose_step(None, 12)
    StepChoice(step=0, corrected=False)
    """
    if requested is None:
        return StepChoice(0, bad)
    if requested > last:
        return StepChoice(last, True)
    if requested < 0:
        return StepChoice(0, True)
    return StepChoice(requested, False)


# ----------------------------------------------------------------------------- keys

# Key (KeyboardEvent.key) -> action. Presenter clickers send PageDown / PageUp.
KEY_ACTIONS: Mapping[str, str] = {
    "ArrowRight": "next",
    "PageDown": "next",
    "ArrowLeft": "back",
    "PageUp": "back",
    "Home": "restart",
}


def button_class(key: str) -> str:
    """The CSS class Streamlit gives the container of a widget made with ``key``."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in key)
    return f"st-key-{safe}"


def key_script(buttons: Mapping[str, str], keys: Mapping[str, str] = KEY_ACTIONS) -> str:
    """A script that clicks a button when its key is pressed.

    ``buttons`` maps an action ("next", "back", "restart") to a widget key. The listener is
    installed once on the top document (the script may run inside a component's frame) and
    only updated on later runs. Keys meant for a focused field are left alone: typing, a
    slider, a select box or radio buttons; a focused button or switch does not stop them.
    """
    table = {k: button_class(buttons[a]) for k, a in keys.items() if a in buttons}
    return (
        "<script>(function(){"
        "var w=window;try{if(window.parent&&window.parent.document){w=window.parent;}}"
        "catch(e){}"
        "var d=w.document;"
        f"var map={json.dumps(table)};"
        "if(d.__tutorKeys){d.__tutorKeys.map=map;return;}"
        "d.__tutorKeys={map:map};"
        "d.addEventListener('keydown',function(ev){"
        "if(ev.defaultPrevented||ev.altKey||ev.ctrlKey||ev.metaKey)return;"
        "var t=ev.target;"
        'if(t&&t.closest&&t.closest(\'textarea,select,[contenteditable=""],'
        "[contenteditable=true],[role=slider],[role=combobox],[role=listbox],[role=option],"
        "[role=spinbutton],[role=textbox],[role=radiogroup]'))return;"
        "if(t&&t.tagName==='INPUT'&&['checkbox','button','submit','reset']"
        ".indexOf((t.type||'').toLowerCase())===-1)return;"
        "var cls=d.__tutorKeys.map[ev.key];if(!cls)return;"
        "var b=d.querySelector('.'+cls+' button');"
        "if(!b||b.disabled)return;"
        "ev.preventDefault();b.click();"
        "});"
        "})();</script>"
    )


# ----------------------------------------------------------------------------- follow rooms

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
ROOM_LENGTH = 4


def normalize_room(text: str) -> str:
    """Upper case without spaces or dashes: what a student types is read generously.

    >>> normalize_room(" k7-qf ")
    'K7QF'
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())


@dataclass(frozen=True)
class SharedView:
    """What a teacher shows: a lesson, its step and which hands are face up."""

    lesson: str
    step: int
    show: tuple[bool, bool]
    version: int = 0


class RoomStore:
    """Rooms a teacher opens and students follow; safe to share between sessions (threads).

    Rooms not touched for ``ttl`` seconds are forgotten.
    """

    def __init__(self, *, ttl: float = 12 * 3600, clock: Callable[[], float] = time.monotonic):
        self._ttl = ttl
        self._clock = clock
        self._lock = threading.Lock()
        self._rooms: dict[str, tuple[float, SharedView | None]] = {}
        self._closed: dict[str, float] = {}

    def open(self, rng: random.Random | None = None) -> str:
        """A new, unused room code."""
        rng = rng or random.SystemRandom()
        with self._lock:
            self._expire()
            while True:
                code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
                if code not in self._rooms and code not in self._closed:
                    self._rooms[code] = (self._clock(), None)
                    return code

    def publish(self, code: str, lesson: str, step: int, show: tuple[bool, bool]) -> SharedView:
        """Record the teacher's view; each change gets a higher version, a repeat keeps it."""
        with self._lock:
            _, old = self._rooms.get(code, (0.0, None))
            if old is not None and (old.lesson, old.step, old.show) == (lesson, step, show):
                view = old
            else:
                view = SharedView(lesson, step, show, old.version + 1 if old else 1)
            self._rooms[code] = (self._clock(), view)
            return view

    def get(self, code: str) -> SharedView | None:
        """The view shared in a room, or ``None`` for an unknown, empty or expired room."""
        with self._lock:
            self._expire()
            entry = self._rooms.get(normalize_room(code))
            return entry[1] if entry else None

    def exists(self, code: str) -> bool:
        with self._lock:
            self._expire()
            return normalize_room(code) in self._rooms

    def close(self, code: str) -> None:
        """The teacher stops sharing: the room is gone, and its followers are told so."""
        with self._lock:
            code = normalize_room(code)
            if self._rooms.pop(code, None) is not None:
                self._closed[code] = self._clock()

    def closed(self, code: str) -> bool:
        """Whether the room was closed by its teacher (and not yet forgotten)."""
        with self._lock:
            self._expire()
            return normalize_room(code) in self._closed

    def _expire(self) -> None:
        now = self._clock()
        for code in [c for c, (t, _) in self._rooms.items() if now - t > self._ttl]:
            del self._rooms[code]
        for code in [c for c, t in self._closed.items() if now - t > self._ttl]:
            del self._closed[code]


# ----------------------------------------------------------------------------- html helpers


_MD_SPECIAL = frozenset("\\`*_{}[]()#+-.!|<>~$")


def md_escape(text: str) -> str:
    r"""Text for a Markdown element, shown as written (no emphasis, links or HTML).

    >>> md_escape("lessons/a_b.yaml:3:1: [x]")
    'lessons/a\\_b\\.yaml:3:1: \\[x\\]'
    """
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in text)


def esc(text: object) -> str:
    """Text for HTML: escaped, quotes included."""
    return html.escape(str(text), quote=True)


# ----------------------------------------------------------------------------- rules reference

# Switch ids are grouped by their first part, in this order.
SWITCH_GROUPS: tuple[tuple[str, str], ...] = (
    ("pack", N_("The pack")),
    ("deal", N_("The deal")),
    ("phase2", N_("Once the stock is closed or used up")),
    ("marriage", N_("Marriages")),
    ("exchange", N_("Exchanging the trump card")),
    ("close", N_("Closing the stock")),
    ("out", N_("Declaring 66")),
    ("score", N_("Scoring a deal")),
    ("match", N_("The match")),
)

PRESET_TITLES: Mapping[str, str] = {
    "classic": N_("Classic: the German article with two worked deals"),
    "kurnik": N_("Kurnik: the rules of the online game 66-sznap"),
    "pagat": N_("Pagat: the common English reference"),
    "sharpened": N_("Sharpened: 20 cards, without the nines"),
    "pack32": N_("32 cards: the pack with sevens and eights"),
    "schnapsen": N_("Schnapsen: five cards from jack to ace"),
}


def preset_title(name: str, tr: Translator) -> str:
    title = PRESET_TITLES.get(name)
    return tr._(title) if title else name


def grouped_switches(rules: RuleSet) -> tuple[tuple[str, tuple[SwitchValue, ...]], ...]:
    """The switches of a rule set by group (group msgid, switches), in reading order."""
    switches = rules.switches()
    out = []
    for prefix, title in SWITCH_GROUPS:
        members = tuple(s for s in switches if s.id.split(".")[0] == prefix)
        if members:
            out.append((title, members))
    return tuple(out)


def source_short(source: str) -> str:
    """A source as a short tag: the number of a seed file, or the reference's name.

    >>> source_short("001_a572ca60a45a7f6f.txt")
    '001'
    >>> source_short("pagat")
    'pagat'
    """
    head = source.split("_", 1)[0]
    return head if head.isdigit() and "_" in source else source


def rules_reference_html(rules: RuleSet, tr: Translator) -> str:
    """Every switch of a preset in words, grouped, each with its value and its source."""
    parts = [f'<div class="t66-ref" lang="{esc(tr.lang)}">']
    for title, members in grouped_switches(rules):
        parts.append(f"<h3>{esc(tr._(title))}</h3><dl>")
        source_word = tr._("Source")
        for sw in members:
            note = f'<div class="t66-note">{esc(tr._(sw.note))}</div>' if sw.note else ""
            parts.append(
                f'<div class="t66-sw" data-switch="{esc(sw.id)}">'
                f"<dt>{esc(switch_name(sw.id, tr))}</dt>"
                f'<dd><span class="t66-val">{esc(switch_value_text(sw, tr))}</span>'
                f'<span class="t66-src">{esc(source_word)}: '
                f"{esc(source_label(sw.source, tr))}</span>{note}</dd></div>"
            )
        parts.append("</dl>")
    parts.append("</div>")
    return "".join(parts)


@dataclass(frozen=True)
class CompareRow:
    """One switch across presets: the values, and which of them differ from the most common."""

    switch_id: str
    values: tuple[SwitchValue, ...]
    odd: tuple[bool, ...]

    @property
    def differs(self) -> bool:
        return any(self.odd)


def compare_rows(presets: Sequence[RuleSet]) -> tuple[CompareRow, ...]:
    """Each switch of the presets side by side; ``odd`` marks the values outside the majority.

    >>> from tutor.engine.rules import PRESETS
    >>> rows = compare_rows([PRESETS["classic"], PRESETS["kurnik"]])
    >>> [r.switch_id for r in rows if r.differs][:2]
    ['phase2.duty', 'marriage.needs_trick']
    """
    if not presets:
        return ()
    out = []
    for first in presets[0].switches():
        values = tuple(p.switch(first.id) for p in presets)
        counts: dict[str, int] = {}
        for v in values:
            counts[v.text_value] = counts.get(v.text_value, 0) + 1
        common = max(counts.values())
        majority = next(v.text_value for v in values if counts[v.text_value] == common)
        odd = tuple(v.text_value != majority for v in values)
        out.append(CompareRow(first.id, values, odd))
    order = {prefix: i for i, (prefix, _) in enumerate(SWITCH_GROUPS)}
    out.sort(key=lambda r: order.get(r.switch_id.split(".")[0], len(order)))
    return tuple(out)


def compare_html(
    presets: Sequence[RuleSet], tr: Translator, *, only_differences: bool = False
) -> str:
    """A table of the presets side by side; rows that differ are marked, and so is each value
    that differs from the most common one, with its source."""
    rows = compare_rows(presets)
    head = "".join(
        f'<th scope="col" title="{esc(preset_title(p.name, tr))}">{esc(p.name)}</th>'
        for p in presets
    )
    body = []
    differs = tr._("differs")
    for row in rows:
        if only_differences and not row.differs:
            continue
        cells = []
        for sw, odd in zip(row.values, row.odd, strict=True):
            mark = f'<span class="t66-sr">{esc(differs)}</span>' if row.differs and odd else ""
            cells.append(
                f'<td class="{"t66-odd" if row.differs and odd else ""}">'
                f'<span class="t66-val">{esc(switch_value_text(sw, tr))}</span>{mark}'
                f'<span class="t66-src" title="{esc(source_label(sw.source, tr))}">'
                f"{esc(source_short(sw.source))}</span></td>"
            )
        cls = "t66-diff" if row.differs else "t66-same"
        sign = '<span class="t66-ne" aria-hidden="true">≠</span>' if row.differs else ""
        body.append(
            f'<tr class="{cls}" data-switch="{esc(row.switch_id)}">'
            f'<th scope="row">{sign}{esc(switch_name(row.switch_id, tr))}</th>{"".join(cells)}</tr>'
        )
    sources = sorted({sw.source for row in rows for sw in row.values})
    legend = "".join(
        f"<li><b>{esc(source_short(s))}</b> {esc(source_label(s, tr))}</li>" for s in sources
    )
    rule_word, sources_word = tr._("Rule"), tr._("Sources")
    return (
        '<div class="t66-cmp-wrap"><table class="t66-cmp">'
        f'<thead><tr><th scope="col">{esc(rule_word)}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
        f'<p class="t66-legend-h">{esc(sources_word)}</p><ul class="t66-legend">{legend}</ul>'
        "</div>"
    )


# ----------------------------------------------------------------------------- the card table

STYLE_NAMES: Mapping[str, str] = {
    "french": N_("French-suited (clubs, spades, hearts, diamonds)"),
    "german": N_("German-suited (acorns, leaves, hearts, bells)"),
}
SUIT_GLYPHS = ("♣", "♠", "♥", "♦")
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def suit_badge(suit: Suit, style: str, tr: Translator) -> str:
    """A suit as HTML: the glyph (French pack) and the name."""
    name = esc(tr.suit(suit))
    red = " t66-red" if suit in RED_SUITS else ""
    if style == "french":
        return (
            f'<span class="t66-suit{red}"><span aria-hidden="true">{SUIT_GLYPHS[suit]}</span> '
            f"{name}</span>"
        )
    return f'<span class="t66-suit{red}">{name}</span>'


@dataclass(frozen=True)
class TableCard:
    """A card on the table: who played it and whether it took the trick."""

    player: int
    card: Card
    wins: bool = False


@dataclass(frozen=True)
class BoardOptions:
    """How to draw the table: pack style, the hands face up, projector size."""

    style: str = DEFAULT_STYLE
    show: tuple[bool, bool] = (True, True)
    projector: bool = False
    hidden: frozenset[Card] = frozenset()  # cards never shown face up (a lesson's unnamed ones)


def svg_img(svg: str, label: str, cls: str = "t66-card") -> str:
    """An SVG drawing as an image with an accessible name. A data address keeps the drawing
    intact where HTML is sanitised (inline SVG would be stripped) and stays sharp at any size.
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img class="{cls}" src="data:image/svg+xml;base64,{data}" alt="{esc(label)}" '
        f'title="{esc(label)}">'
    )


_SVG_HEIGHT = 300  # the drawing's own size; the page scales it (it stays sharp)


@functools.lru_cache(maxsize=2048)
def _card_img(card: Card, style: str, label: str, selected: bool, high_contrast: bool) -> str:
    svg = card_svg(card, style=style, label=label, selected=selected, high_contrast=high_contrast)
    cls = "t66-card t66-sel" if selected else "t66-card"
    return svg_img(svg, label, cls)


@functools.lru_cache(maxsize=64)
def _back_img(label: str, high_contrast: bool) -> str:
    return svg_img(back_svg(label=label, height=_SVG_HEIGHT, high_contrast=high_contrast), label)


def _card_html(card: Card, tr: Translator, opts: BoardOptions, *, selected: bool = False) -> str:
    return _card_img(card, opts.style, tr.card(card), selected, opts.projector)


def _back_html(tr: Translator, opts: BoardOptions) -> str:
    return _back_img(tr._("a face-down card"), opts.projector)


def _player_name(player: int, tr: Translator) -> str:
    return tr._("Player {name}", name=PLAYER_NAMES[player])


def _seat_html(state: State, player: int, tr: Translator, opts: BoardOptions) -> str:
    hand = state.hand(player)
    visible = opts.show[player]
    shown_partner = -1
    if state.lead >= 0 and state.lead_marriage and state.leader == player:
        shown_partner = state.lead ^ 1  # the marriage partner shown with the lead
    cards = []
    for card in hand:
        if card in opts.hidden:
            cards.append(_back_html(tr, opts))
        elif visible or (state.known[player] >> card.index) & 1:
            cards.append(_card_html(card, tr, opts, selected=card.index == shown_partner))
        else:
            cards.append(_back_html(tr, opts))
    if not cards:
        empty = tr._("no cards left")
        cards.append(f'<span class="t66-empty">{esc(empty)}</span>')
    label = (
        tr._("Hand of player {name}", name=PLAYER_NAMES[player])
        if visible
        else tr._("Hand of player {name}, face down", name=PLAYER_NAMES[player])
    )
    turn = ""
    if state.to_move == player:
        turn = '<span class="t66-turn">' + esc(tr._("to play")) + "</span>"
    # TRANSLATORS: a label before the number of card points a player has taken ("card points 14").
    points_label = tr.p_("score label", "card points")
    stats = [
        f'<span class="t66-stat">{esc(points_label)} <b>{state.points[player]}</b></span>',
        '<span class="t66-stat">'
        + esc(tr.n_("{n} trick", "{n} tricks", state.tricks[player]))
        + "</span>",
    ]
    melds = []
    for who, suit in state.marriages:
        if who != player:
            continue
        pts = (
            state.rules.trump_marriage_points
            if suit == state.trump
            else state.rules.marriage_points
        )
        announced = tr._("announced marriage")
        melds.append(
            f'<span class="t66-meld" title="{esc(announced)}">'
            f"{suit_badge(suit, opts.style, tr)} {pts}</span>"
        )
    if state.pending[player]:
        waiting = tr.n_(
            "{n} marriage point waits for a won trick",
            "{n} marriage points wait for a won trick",
            state.pending[player],
        )
        stats.append(f'<span class="t66-stat t66-pending">{esc(waiting)}</span>')
    # TRANSLATORS: a label before a player's total in the deal: card points and credited marriages.
    score_label = tr.p_("score label", "score")
    total = f'<span class="t66-total">{esc(score_label)} <b>{state.score(player)}</b></span>'
    where = "bottom" if player == 0 else "top"
    on_turn = " t66-on-turn" if state.to_move == player else ""
    return (
        f'<section class="t66-seat t66-seat-{where}{on_turn}" aria-label="{esc(label)}">'
        f'<div class="t66-bar"><span class="t66-name">{esc(_player_name(player, tr))}</span>'
        f"{turn}{''.join(stats)}{''.join(melds)}{total}</div>"
        f'<div class="t66-hand">{"".join(cards)}</div></section>'
    )


def _stock_html(state: State, tr: Translator, opts: BoardOptions) -> str:
    n = state.stock_size
    trump = state.trump_card_value
    closed = state.closed_by >= 0
    parts = ['<div class="t66-stock">']
    if n:
        parts.append('<div class="t66-stock-cards">')
        if trump is not None and not closed:
            parts.append(f'<div class="t66-trumpcard">{_card_html(trump, tr, opts)}</div>')
        parts.append(
            f'<div class="t66-pile">{_back_html(tr, opts)}'
            f'<span class="t66-count" aria-hidden="true">{n}</span></div></div>'
        )
    else:
        gone = tr._("stock used up")
        parts.append(f'<div class="t66-gone">{esc(gone)}</div>')
    if closed:
        status = tr._("closed by {name}", name=PLAYER_NAMES[state.closed_by])
    elif n:
        status = tr.n_("{n} card in the stock", "{n} cards in the stock", n)
    else:
        status = tr._("no cards left to draw")
    parts.append(f'<div class="t66-cap">{esc(status)}</div></div>')
    return "".join(parts)


def _trick_html(table: Sequence[TableCard], tr: Translator, opts: BoardOptions) -> str:
    slots = []
    for tc in table:
        who = esc(PLAYER_NAMES[tc.player])
        win = ""
        cls = "t66-played"
        if tc.wins:
            cls += " t66-wins"
            win = '<span class="t66-winmark">' + esc(tr._("takes the trick")) + "</span>"
        slots.append(
            f'<div class="{cls}">{_card_html(tc.card, tr, opts)}'
            f'<span class="t66-by">{who}</span>{win}</div>'
        )
    if not slots:
        note = tr._("no card on the table")
        slots.append(f'<div class="t66-felt-note">{esc(note)}</div>')
    on_table = tr._("On the table")
    return (
        f'<div class="t66-trick" role="group" aria-label="{esc(on_table)}">{"".join(slots)}</div>'
    )


def _info_html(state: State, tr: Translator, opts: BoardOptions) -> str:
    trump = suit_badge(state.trump, opts.style, tr)
    trumps_word, rules_word = tr._("Trumps"), tr._("Rules")
    return (
        '<div class="t66-info">'
        f'<div class="t66-trumps"><span>{esc(trumps_word)}</span>{trump}</div>'
        f'<div class="t66-preset">{esc(rules_word)}: {esc(state.rules.name)}</div>'
        "</div>"
    )


def board_html(
    state: State,
    table: Sequence[TableCard],
    tr: Translator,
    opts: BoardOptions = BoardOptions(),
) -> str:
    """The whole table in one block: B's hand, stock and trump, the trick, A's hand, with each
    player's card points, tricks, marriages and score."""
    cls = "t66-board t66-proj" if opts.projector else "t66-board"
    table_label = tr._("Card table")
    return (
        f'<div class="t66-wrap"><div class="{cls}" role="group" '
        f'aria-label="{esc(table_label)}">'
        f"{_seat_html(state, 1, tr, opts)}"
        f'<div class="t66-mid">{_stock_html(state, tr, opts)}'
        f"{_trick_html(table, tr, opts)}{_info_html(state, tr, opts)}</div>"
        f"{_seat_html(state, 0, tr, opts)}</div></div>"
    )


# ----------------------------------------------------------------------------- a step in words


@dataclass(frozen=True)
class StepText:
    """A lesson step in words: the narration, what happened, why it is allowed (each rule with
    its source) and, at the end, how the deal ended."""

    narration: str
    happened: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    outcome: str = ""


# Scoring rule ids (an outcome's ``rule_id``) and the switch that sets each.
_SCORING_SWITCH = {
    "score.simple": "score.game_points",
    "score.schneider": "score.schneider_below",
    "score.schwarz": "score.schwarz_by",
}


def rule_line(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """A rule in words with its source: an engine rule, or a rule switch with its value under
    ``rules``; empty for an id that names neither."""
    try:
        return rule_text(rule_id, rules, tr)
    except KeyError:
        pass
    switch_id = _SCORING_SWITCH.get(rule_id, rule_id)
    if switch_id not in switch_ids():
        return ""
    sw = rules.switch(switch_id)
    return tr._(
        "{name}: {value}. Source: {source}.",
        name=switch_name(sw.id, tr),
        value=switch_value_text(sw, tr),
        source=source_label(sw.source, tr),
    )


def step_text(
    *,
    before: State | None,
    after: State,
    move: Move | None,
    narration: str,
    rule_ids: Sequence[str],
    verdict: Verdict | None,
    tr: Translator,
) -> StepText:
    """Words for one step: the narration (a msgid), the move and the trick it completed, the
    rules that decided the move (their text and source) and the outcome when the deal ended."""
    happened: list[str] = []
    if move is not None and before is not None:
        happened.append(describe_move(before, move, tr))
        if isinstance(move, Play) and before.lead >= 0:
            happened.append(describe_trick(after, tr))
    reasons: list[str] = []
    ids: list[str] = []
    if verdict is not None:
        for reason in verdict.reasons:
            reasons.append(reason_text(reason, verdict.legal, tr, after.rules))
            ids.append(reason.rule_id)
    for rid in rule_ids:
        if rid not in ids:
            ids.append(rid)
    rule_lines = [line for rid in ids if (line := rule_line(rid, after.rules, tr))]
    outcome = describe_outcome(after.result, after.rules, tr) if after.result else ""
    return StepText(
        narration=tr._(narration) if narration else "",
        happened=tuple(h for h in happened if h),
        reasons=tuple(
            dict.fromkeys(r for r in reasons if r and not any(r in line for line in rule_lines))
        ),
        rules=tuple(dict.fromkeys(rule_lines)),
        outcome=outcome,
    )


def step_html(
    text: StepText,
    tr: Translator,
    *,
    step: int,
    last: int,
    deal: bool | None = None,
    preset: str = "",
) -> str:
    """The narration panel: the step counter, the narration, what happened, the rule.

    ``deal`` marks a deal frame (by default step 0); a lesson that compares presets deals
    again for each, and ``preset`` names the rules the frame is played under."""
    if deal is None:
        deal = step == 0
    counter = tr._("The deal") if deal else tr._("Step {step} of {last}", step=step, last=last)
    parts = [
        '<div class="t66-step" aria-live="polite">',
        f'<div class="t66-counter" data-step="{step}">{esc(counter)}</div>',
    ]
    if preset:
        rules_word = tr._("Rules")
        parts.append(
            f'<div class="t66-run">{esc(rules_word)}: {esc(preset_title(preset, tr))}</div>'
        )
    if text.narration:
        parts.append(f'<p class="t66-narr">{esc(text.narration)}</p>')
    if text.happened:
        parts.append('<p class="t66-what">' + " ".join(esc(h) for h in text.happened) + "</p>")
    if text.reasons or text.rules:
        parts.append('<div class="t66-rule"><h4>' + esc(tr._("The rule")) + "</h4>")
        parts.extend(f'<p class="t66-reason">{esc(r)}</p>' for r in text.reasons)
        parts.extend(f'<p class="t66-ruletext">{esc(r)}</p>' for r in text.rules)
        parts.append("</div>")
    if text.outcome:
        parts.append(
            '<div class="t66-outcome"><h4>' + esc(tr._("End of the deal")) + "</h4>"
            f"<p>{esc(text.outcome)}</p></div>"
        )
    parts.append("</div>")
    return "".join(parts)


# ----------------------------------------------------------------------------- style sheet

_CSS = """
.t66-board p,.t66-step p,.t66-ref p,.t66-ref dl,.t66-cmp-wrap p,.t66-cmp-wrap ul,
.t66-cmp-wrap li{font-size:inherit}
.t66-wrap{container-type:inline-size}
.t66-board{--card-h:min(160px,20cqi);--gap:min(12px,1.4cqi);position:relative;color:#fff;
 background:radial-gradient(ellipse at 50% 40%,#2f8a57 0%,#1f6a42 55%,#17512f 100%);
 border-radius:22px;padding:14px 20px;box-shadow:inset 0 0 0 3px #14462a,0 6px 18px #0003;
 font-size:1.05rem;line-height:1.3}
.t66-board *{box-sizing:border-box}
.t66-card{height:var(--card-h);width:auto;display:block;
 filter:drop-shadow(0 3px 4px rgba(0,0,0,.35))}
.t66-seat{display:flex;flex-direction:column;gap:8px}
.t66-seat-top{flex-direction:column-reverse}
.t66-bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;min-height:2.1em}
.t66-name{font-weight:700;font-size:1.15em;background:#0b3a22;border-radius:999px;
 padding:.15em .8em;border:2px solid transparent}
.t66-on-turn .t66-name{border-color:#ffd54f}
.t66-turn{background:#ffd54f;color:#1a1a1a;font-weight:700;border-radius:999px;padding:.1em .7em}
.t66-stat{opacity:.95}
.t66-stat b,.t66-total b{font-size:1.15em}
.t66-total{margin-left:auto;background:#ffffff1f;border-radius:8px;padding:.1em .6em}
.t66-pending{font-style:italic}
.t66-meld{background:#fff;color:#1a1a1a;border-radius:8px;padding:.05em .55em;font-weight:700}
.t66-suit{white-space:nowrap}
.t66-meld .t66-red,.t66-trumps .t66-red{color:#c62828}
.t66-hand{display:flex;gap:var(--gap);justify-content:center;align-items:flex-end;
 min-height:var(--card-h);flex-wrap:nowrap}
.t66-hand .t66-sel{transform:translateY(-12px)}
.t66-empty{opacity:.8;font-style:italic;align-self:center}
.t66-mid{display:grid;grid-template-columns:1.2fr 1.6fr 1fr;align-items:center;gap:16px;
 margin:14px 0;min-height:calc(var(--card-h) + 2.6em)}
.t66-stock{display:flex;flex-direction:column;align-items:center;gap:6px}
.t66-stock-cards{position:relative;height:var(--card-h);
 width:calc(var(--card-h) * 1.15);}
.t66-trumpcard{position:absolute;left:0;top:50%;transform:translateY(-50%) rotate(-90deg);
 transform-origin:center}
.t66-pile{position:absolute;right:0;top:0}
.t66-gone{position:static;font-style:italic;opacity:.85;padding:1em}
.t66-count{position:absolute;right:-10px;top:-10px;background:#ffd54f;color:#1a1a1a;
 font-weight:800;border-radius:999px;min-width:2em;height:2em;display:flex;
 align-items:center;justify-content:center;box-shadow:0 2px 4px #0005}
.t66-cap{font-size:.95em;opacity:.95;text-align:center}
.t66-trick{display:flex;justify-content:center;align-items:flex-start;gap:28px;
 min-height:calc(var(--card-h) + 2em)}
.t66-played{display:flex;flex-direction:column;align-items:center;gap:4px}
.t66-by{font-weight:700}
.t66-wins .t66-card{filter:drop-shadow(0 0 6px #ffd54f) drop-shadow(0 0 2px #ffd54f)}
.t66-winmark{background:#ffd54f;color:#1a1a1a;border-radius:999px;padding:0 .6em;
 font-weight:700;font-size:.9em}
.t66-felt-note{align-self:center;opacity:.75;font-style:italic;border:2px dashed #ffffff66;
 border-radius:14px;padding:1.2em 1.6em}
.t66-info{display:flex;flex-direction:column;align-items:flex-end;gap:10px;text-align:right}
.t66-trumps{background:#fff;color:#1a1a1a;border-radius:12px;padding:.35em .8em;
 display:flex;flex-direction:column;align-items:flex-end;font-weight:700}
.t66-trumps>span:first-child{font-size:.8em;text-transform:uppercase;letter-spacing:.06em;
 color:#444}
.t66-trumps .t66-suit{font-size:1.35em}
.t66-preset{opacity:.9;font-size:.9em}
.t66-step{background:#fff;color:#1a1a1a;border-radius:16px;padding:18px 22px;
 border:1px solid #d9d9d9;box-shadow:0 4px 14px #0001;font-size:1.1rem;line-height:1.45}
.t66-counter{font-weight:800;font-size:1.3em;color:#17512f;margin-bottom:.4em}
.t66-narr{font-size:1.2em;margin:.2em 0 .6em}
.t66-run{display:inline-block;background:#e8f5e9;color:#17512f;border-radius:8px;
 padding:.1em .6em;font-weight:700;margin-bottom:.4em}
.t66-what{font-weight:600;margin:.3em 0 .8em}
.t66-rule{background:#f3f7ff;border-left:5px solid #1e5bb8;border-radius:8px;
 padding:.6em .9em;margin-top:.6em}
.t66-rule h4,.t66-outcome h4{margin:0 0 .3em;font-size:.85em;text-transform:uppercase;
 letter-spacing:.06em;color:#1e5bb8;padding:0}
.t66-rule p{margin:.25em 0}
.t66-reason{font-weight:600}
.t66-outcome{background:#fff8e1;border-left:5px solid #b26a00;border-radius:8px;
 padding:.6em .9em;margin-top:.8em}
.t66-outcome h4{color:#8a5200}
.t66-outcome p{margin:0;font-weight:600}
.t66-room{font-weight:800;letter-spacing:.15em;font-size:1.3em;font-family:monospace}
.t66-level{display:inline-block;border-radius:999px;background:#e8f5e9;color:#17512f;
 font-weight:700;padding:0 .7em;font-size:.9em}
.t66-done{color:#17512f;font-weight:700}
.t66-ref h3{margin-top:1.1em;padding-bottom:.2em;border-bottom:2px solid #e0e0e0}
.t66-ref dl{margin:0;padding:0}
.t66-summary{margin:.3em 0 0;color:#444;font-size:1.05rem}
[data-testid="stMainBlockContainer"]{padding-top:4.2rem}
.t66-sw{display:grid;grid-template-columns:minmax(14em,2fr) 3fr;gap:.2em 1.2em;
 padding:.45em 0;margin:0;border-bottom:1px solid #eee}
.t66-sw dt{font-weight:600}
.t66-sw dd{margin:0}
.t66-val{font-weight:700;display:block}
.t66-src{display:block;font-size:.85em;color:#555}
.t66-note{font-size:.85em;color:#555;font-style:italic}
.t66-cmp-wrap{overflow-x:auto}
.t66-cmp{border-collapse:collapse;width:100%;font-size:.95rem}
.t66-cmp th,.t66-cmp td{border-bottom:1px solid #e3e3e3;padding:.4em .6em;text-align:left;
 vertical-align:top}
.t66-cmp thead th{position:sticky;top:0;background:#17512f;color:#fff}
.t66-cmp tbody th{font-weight:600;min-width:14em}
.t66-cmp .t66-diff{background:#fff8e1}
.t66-cmp td.t66-odd{background:#ffe0b2;box-shadow:inset 4px 0 0 #e65100}
.t66-cmp .t66-src{color:#666;font-size:.8em}
.t66-ne{color:#e65100;font-weight:800;margin-right:.35em}
.t66-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.t66-legend-h{margin:.8em 0 .2em;font-weight:700}
.t66-legend{margin:0;padding-left:1.2em;font-size:.9em}
"""

_PROJECTOR_CSS = """
.t66-board p,.t66-step p,.t66-ref p,.t66-ref dl,.t66-cmp-wrap p,.t66-cmp-wrap ul,
.t66-cmp-wrap li{font-size:inherit}
section[data-testid="stSidebar"],[data-testid="stSidebarCollapsedControl"],
[data-testid="stSidebarCollapseButton"],header[data-testid="stHeader"],
[data-testid="stToolbar"],[data-testid="stDecoration"]{display:none !important}
[data-testid="stMainBlockContainer"],.block-container{padding-top:1rem !important;
 padding-bottom:1rem !important;max-width:100% !important}
[data-testid="stAppViewContainer"]{background:#fff}
.stButton button,.stButton button p{font-size:1.35rem !important;font-weight:700}
.stButton button{min-height:3.2rem;padding:.4rem 1.3rem}
[data-testid="stWidgetLabel"] p,[data-testid="stCheckbox"] p,[data-testid="stPopover"] button p
{font-size:1.2rem !important}
.t66-board.t66-proj{--card-h:min(208px,20.5cqi);--gap:min(14px,1.4cqi);font-size:1.45rem;
 background:radial-gradient(ellipse at 50% 40%,#176b3f 0%,#0f4f2d 60%,#0a3b21 100%);
 box-shadow:inset 0 0 0 4px #000}
.t66-proj .t66-name{background:#000;font-size:1.2em}
.t66-step{font-size:1.6rem;line-height:1.35;border:3px solid #000;color:#000;padding:20px 26px}
.t66-counter{font-size:1.6em;color:#000}
.t66-narr{font-size:1.2em;font-weight:600}
.t66-what{font-weight:700}
.t66-rule{background:#eef3ff;border-left-width:8px;font-size:.92em}
.t66-src,.t66-rule h4{color:#000}
.t66-title{font-size:2.2rem !important}
"""


def page_css(*, projector: bool = False) -> str:
    """The app's style sheet; in projector mode also the classroom look without side bar."""
    return "<style>" + _CSS + (_PROJECTOR_CSS if projector else "") + "</style>"


def frame_table(frame: Frame) -> tuple[TableCard, ...]:
    """The cards on the table in a frame (the trick being played, or the one just completed
    with the card that took it)."""
    complete = len(frame.table) == 2
    return tuple(
        TableCard(player, card, complete and frame.trick_winner == player)
        for card, player in zip(frame.table, frame.table_players, strict=True)
    )


def frame_text(frames: Sequence[Frame], index: int, tr: Translator) -> StepText:
    """The words for frame ``index`` of a replay."""
    frame = frames[index]
    before = frames[index - 1].state if index > 0 else None
    return step_text(
        before=before,
        after=frame.state,
        move=frame.move,
        narration=frame.narration or "",
        rule_ids=tuple(frame.rule_ids or ()),
        verdict=frame.verdict,
        tr=tr,
    )


def frame_step_html(frames: Sequence[Frame], index: int, tr: Translator, *, compare: bool) -> str:
    """The narration panel for frame ``index``; ``compare`` names each frame's preset (a lesson
    that compares presets replays the deal under each)."""
    frame = frames[index]
    return step_html(
        frame_text(frames, index, tr),
        tr,
        step=index,
        last=len(frames) - 1,
        deal=frame.step == 0,
        preset=frame.preset if compare else "",
    )

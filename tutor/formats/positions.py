"""Positions in a file: one deal at one moment, as JSON or YAML, in one schema.

A position is either *perfect information* (both hands and the order of the stock: a
``State``) or *what one player knows* (the own hand, the opponent's cards seen so far, how many
are hidden: a ``View``). ``docs/positions.md`` describes every field; in short::

    preset: classic                # a rules preset, switches may be changed: kurnik(target=61)
    to_move: A                     # who is to move
    trump: Ah                      # the face-up trump card, or only the suit (h) once drawn
    hands: {A: 10h Kh 9h 10c Kc Qc, B: Jh As Ks Qs Ad Kd}
    stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd     # top first; a number when only the size is known

``load_position(path_or_text)`` reads one; ``position_to_dict(state_or_view)`` writes the same
schema back, so ``load_position`` of the written text gives an equal value. A bad position
raises ``PositionError``: an English message template with its parameters, the file, the line
and the field, and ``render(tr)`` for the translated text.

>>> p = load_position("preset: classic\\nto_move: A\\ntrump: Ah\\n"
...                   "hands: {A: 10h Kh 9h 10c Kc Qc, B: Jh As Ks Qs Ad Kd}\\n"
...                   "stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd\\n")
>>> p.perfect, p.state is not None and str(p.state.trump_card_value)
(True, 'Ah')
>>> load_position(position_dump(p.subject)).subject == p.subject
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    A,
    B,
    Card,
    CardError,
    Credit,
    OutResolution,
    Rank,
    RuleSet,
    State,
    Suit,
    SwitchValueError,
    UnknownPresetError,
    View,
    ViewError,
    cards_of_mask,
    mask_of,
    other,
    parse_rules,
    sample_state,
    trick_winner,
)
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError
from tutor.formats.yamlsafe import FieldPath, LineMap, path_text
from tutor.msgid import N_

# ----------------------------------------------------------------------------- messages

# One message per kind of problem. Placeholders hold plain text (field names, card notation as
# written, numbers), never translated words.
E_READ = N_("cannot read the file: {reason}")
E_SYNTAX = N_("not valid JSON or YAML: {problem}")
E_SHAPE = N_("a position is a mapping of fields, e.g. 'preset: classic'")
E_TOO_BIG = N_("the position is too large to be read")
E_FIELD = N_("unknown field '{name}'; the fields are: {valid}")
E_FIELD_RULES = N_("unknown field 'rules': the rules preset is given as 'preset'")
E_TWICE_KEY = N_("the field '{name}' is given twice")
E_REQUIRED = N_("the field '{name}' is required")
E_MAPPING = N_("'{name}' should be a mapping, e.g. {example}")
E_PRESET = N_("unknown preset '{name}'; the presets are: {valid}")
E_SWITCH = N_("cannot read the rules '{spec}': {problem}")
E_PLAYER = N_("'{text}' is not a player: write A or B")
E_SUIT_OR_CARD = N_(
    "'{text}' is neither a card nor a suit: write the face-up card (Ah) or, once it is "
    "drawn, the suit (h)"
)
E_CARD = N_("unknown card '{text}': write rank then suit, e.g. Qh, 10c, As")
E_CARDS = N_("'{name}' should list cards, e.g. '10h Kh Qc' or [10h, Kh, Qc]")
E_NOT_IN_PACK = N_("{card} is not in the pack of {preset} ({size} cards)")
E_TWICE = N_("{card} is given twice: in '{first}' and in '{second}'")
E_TWICE_SAME = N_("{card} is given twice in '{name}'")
E_MISSING_CARDS = N_("these cards are nowhere in the position: {cards}")
E_NUMBER = N_("'{name}' should be a whole number of 0 or more, not '{text}'")
E_BOOL = N_("'{name}' should be true or false, not '{text}'")
E_TEXT = N_("'{name}' should be a text")
E_BOTH = N_("give either '{first}' or '{second}', not both")
E_NO_HANDS = N_("give 'hands' (both hands) or 'hand' (what one player knows)")
E_HANDS_KEYS = N_("'hands' needs the cards of A and of B")
E_STOCK = N_("'stock' is the face-down cards top first, or their number")
E_STOCK_ORDER = N_("with only one hand known, the stock is a number of cards, not a list")
E_TRUMP_SUIT = N_(
    "the face-up trump card {card} is not a {trump}: the trump suit is the suit of the face-up card"
)
E_NO_TRUMP = N_("the trump suit is missing: give 'trump' as the face-up card (Ah) or the suit (h)")
E_STOCK_NO_TRUMP = N_(
    "the stock holds {n} cards but no trump card lies face up: the face-up trump card is drawn last"
)
E_CLOSED_EMPTY = N_("the stock cannot be closed once it is used up")
E_PLAYED_ODD = N_(
    "{n} cards gone into tricks: each trick takes two cards, so the number must be even"
)
E_HANDS_EQUAL = N_(
    "A holds {a} cards and B holds {b}: before a card is led both hands are the same size"
)
E_HANDS_LEAD = N_(
    "A holds {a} cards and B holds {b}: after {leader} has led, {leader} holds one card "
    "fewer than {follower}"
)
E_HAND_BIG = N_("{player} holds {n} cards, but a hand has at most {size}")
E_HAND_FULL = N_(
    "{player} holds {n} cards, but while the stock is open the hands are refilled to {size} "
    "after every trick"
)
E_OVER = N_("both hands are empty: the deal is over, there is nothing to decide")
E_TRICKS = N_("{n} cards gone into tricks make {expected} tricks, but the scores count {counted}")
E_POINTS = N_(
    "the cards gone into tricks are worth {expected} points, but the scores count {counted}"
)
E_TRICKS_SPLIT = N_("the tricks won are A {a} and B {b}, but the scores count A {ca} and B {cb}")
E_POINTS_SPLIT = N_(
    "the tricks won are worth A {a} and B {b} points, but the scores count A {ca} and B {cb}"
)
E_POINTS_NO_TRICK = N_("{player} has {points} card points but no trick")
E_CLOSED_TRICKS = N_(
    "the closer's opponent cannot have had {n} tricks at closing: {player} has {now} now"
)
E_DECLARED_RULES = N_(
    "a declaration waiting for its trick only exists under rules where 66 counts once the "
    "trick is complete"
)
E_DECLARED_LEADER = N_("only the player on lead, {leader}, can have declared 66")
E_LEAD_MARRIAGE = N_("a marriage is announced by leading a king or a queen, not {card}")
E_MARRIAGE_NO_TRICK = N_(
    "{player} has marriage points but no trick, and these rules allow a marriage only after "
    "a won trick"
)
E_MARRIAGE_SUM = N_(
    "the marriages of {player} are worth {worth}, but the scores count {counted} (melds "
    "and pending)"
)
E_PENDING = N_("under these rules a marriage counts at once, so nothing can be pending")
E_KNOWN = N_("{card} in '{name}' is not in that hand")
E_EXCLUDED = N_("{card} in '{name}' is not a card this player cannot see")
E_TRICK = N_("each trick is a leader and two cards, e.g. 'A 10h Kd' or [A, 10h, Kd]")
E_TRICK_LEADER = N_(
    "trick {n} is led by {given}, but {expected} won the trick before (or deals to them)"
)
E_TRICK_NOW = N_("{winner} won the last trick, so {winner} leads now, not {leader}")
E_COUNTS = N_(
    "the cards do not add up: {hidden} unseen cards less {stock} in the stock leaves {rest} "
    "for the opponent's hidden cards, not {unknown}"
)
E_STOCK_COUNT = N_(
    "the cards do not add up: the stock should hold {expected} face-down cards, not {given}"
)
E_VIEW = N_("no deal agrees with what this player knows: {problem}")
E_WRITE_RULES = N_("the rules '{name}' cannot be written by name: they differ from the preset")
E_WRITE_OVER = N_("the deal is over: a finished deal is not a position")

#: The top-level fields, in the order they are written.
FIELDS = (
    "title",
    "preset",
    "dealer",
    "to_move",
    "trump",
    "hands",
    "known",
    "player",
    "hand",
    "shown",
    "opponent",
    "stock",
    "played",
    "tricks",
    "last_trick",
    "lead",
    "lead_marriage",
    "scores",
    "marriages",
    "closed_by",
    "closed_opponent_tricks",
    "declared_by",
)
SCORE_FIELDS = ("points", "melds", "pending", "tricks")
OPPONENT_FIELDS = ("known", "unknown", "excluded")
MAX_NODES = 5000


Path_ = FieldPath


class PositionError(SourceError):
    """A position that cannot be read, and where: ``source`` (a file name or ``<text>``),
    ``line`` (1-based, ``None`` when unknown), ``field`` (dotted, e.g. ``hands.B[2]``), an English
    message ``template`` and its ``params``. ``render(tr)`` gives the translated text
    ``source:line: field: message``; ``str(error)`` the same in English."""

    def __init__(
        self,
        template: str,
        *,
        source: str = "<text>",
        line: int | None = None,
        field: str = "",
        **params: object,
    ) -> None:
        super().__init__(template, params, path=source, line=line, field=field)

    @property
    def source(self) -> str:
        return self.path

    def to_dict(self) -> dict[str, object]:
        """The error as plain data (for the engine protocol)."""
        return {
            "message": self.message,
            "template": self.template,
            "params": {k: _plain(v) for k, v in self.params.items()},
            "source": self.source,
            "line": self.line,
            "field": self.field,
        }


def _plain(value: object) -> object:
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


# ----------------------------------------------------------------------------- the value


@dataclass(frozen=True)
class Position:
    """A position read from a file: a full ``State`` or one player's ``View``."""

    subject: State | View
    title: str = ""
    source: str = "<text>"

    @property
    def perfect(self) -> bool:
        """Both hands and the stock order are known."""
        return isinstance(self.subject, State)

    @property
    def state(self) -> State | None:
        return self.subject if isinstance(self.subject, State) else None

    @property
    def view(self) -> View | None:
        return self.subject if isinstance(self.subject, View) else None

    @property
    def rules(self) -> RuleSet:
        return self.subject.rules

    @property
    def to_move(self) -> int | None:
        return self.subject.to_move


# ----------------------------------------------------------------------------- reading text


#: What a position's text may hold: plain YAML or JSON of at most ``MAX_NODES`` values.
POLICY = yamlsafe.Policy(
    max_nodes=MAX_NODES,
    too_complex=E_TOO_BIG,
    alias=None,
    tag=None,
    empty=E_SHAPE,
    duplicate_key=E_TWICE_KEY,
    syntax=E_SYNTAX,
    columns=False,
)


def parse_text(text: str, source: str = "<text>") -> tuple[object, LineMap]:
    """The data of a JSON or YAML document and where its fields start."""
    try:
        return yamlsafe.load(text, source, POLICY)
    except SourceError as exc:
        raise PositionError(
            exc.template, source=source, line=exc.line, field=exc.field, **exc.params
        ) from None


def load_position(source: str | Path) -> Position:
    """Read a position from a file (a ``Path``, or a string naming an existing file) or from
    JSON or YAML text."""
    if isinstance(source, Path) or (
        "\n" not in source and ":" not in source and not source.lstrip().startswith("{")
    ):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise PositionError(E_READ, source=str(path), reason=reason) from None
        return read_position(text, str(path))
    return read_position(source)


def read_position(text: str, source: str = "<text>") -> Position:
    """A position from JSON or YAML text; ``source`` names it in error messages."""
    data, lines = parse_text(text, source)
    return _Reader(source, lines).position(data)


def position_from_data(data: object, source: str = "<data>") -> Position:
    """A position from data already read (a mapping as ``json.loads`` gives it)."""
    return _Reader(source, LineMap()).position(data)


# ----------------------------------------------------------------------------- the reader


@dataclass
class _Cards:
    """Cards read from one field, with the path of each."""

    cards: list[tuple[Card, Path_]]

    @property
    def mask(self) -> int:
        return mask_of(c for c, _ in self.cards)

    def __len__(self) -> int:
        return len(self.cards)


class _Reader:
    def __init__(self, source: str, lines: LineMap) -> None:
        self.source = source
        self.lines = lines

    def error(self, path: Path_, template: str, **params: object) -> PositionError:
        return PositionError(
            template,
            source=self.source,
            line=self.lines.line(path),
            field=path_text(path),
            **params,
        )

    # --- small values -----------------------------------------------------------------
    def mapping(
        self, value: object, path: Path_, allowed: Sequence[str], example: str
    ) -> Mapping[str, object]:
        if not isinstance(value, Mapping):
            raise self.error(path, E_MAPPING, name=path_text(path), example=example)
        for key in value:
            if key not in allowed:
                if key == "rules" and not path:
                    raise self.error((*path, str(key)), E_FIELD_RULES)
                raise self.error(
                    (*path, str(key)), E_FIELD, name=str(key), valid=", ".join(allowed)
                )
        return value

    def player(self, value: object, path: Path_) -> int:
        text = str(value).strip().upper() if isinstance(value, str) else None
        if text not in PLAYER_NAMES:
            raise self.error(path, E_PLAYER, text=str(value))
        return PLAYER_NAMES.index(text)

    def optional_player(self, data: Mapping[str, object], key: str) -> int:
        value = data.get(key)
        return -1 if value is None else self.player(value, (key,))

    def number(self, value: object, path: Path_) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(path, E_NUMBER, name=path_text(path), text=str(value))
        return value

    def card(self, value: object, path: Path_) -> Card:
        try:
            if not isinstance(value, str | int) or isinstance(value, bool):
                raise CardError(str(value))
            return Card.parse(str(value))
        except CardError:
            raise self.error(path, E_CARD, text=str(value)) from None

    def cards(self, value: object, path: Path_) -> _Cards:
        if value is None:
            return _Cards([])
        if isinstance(value, str):
            items: list[tuple[object, Path_]] = [(t, path) for t in value.replace(",", " ").split()]
        elif isinstance(value, list):
            items = [(t, (*path, i)) for i, t in enumerate(value)]
        else:
            raise self.error(path, E_CARDS, name=path_text(path))
        out: list[tuple[Card, Path_]] = []
        seen: set[Card] = set()
        for item, where in items:
            c = self.card(item, where)
            if c in seen:
                raise self.error(where, E_TWICE_SAME, card=str(c), name=path_text(path))
            seen.add(c)
            out.append((c, where))
        return _Cards(out)

    def flag(self, value: object, path: Path_) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.error(path, E_BOOL, name=path_text(path), text=str(value))
        return value

    # --- the position -----------------------------------------------------------------
    def position(self, raw: object) -> Position:
        if not isinstance(raw, Mapping):
            raise PositionError(E_SHAPE, source=self.source, line=self.lines.line(()))
        data = self.mapping(raw, (), FIELDS, "preset: classic")
        title = data.get("title", "")
        if title is None:
            title = ""
        if not isinstance(title, str):
            raise self.error(("title",), E_TEXT, name="title")
        rules = self.rules(data)
        trump, trump_card = self.trump(data, rules)
        if "to_move" not in data:
            raise self.error((), E_REQUIRED, name="to_move")
        to_move = self.player(data["to_move"], ("to_move",))
        lead = self.cards(data.get("lead"), ("lead",)) if data.get("lead") is not None else None
        if lead is not None and len(lead) != 1:
            raise self.error(("lead",), E_CARD, text=str(data.get("lead")))
        lead_idx = lead.cards[0][0].index if lead else -1
        leader = other(to_move) if lead else to_move
        lead_marriage = self.flag(data.get("lead_marriage"), ("lead_marriage",))
        if lead_marriage and (lead is None or lead.cards[0][0].rank not in (Rank.KING, Rank.QUEEN)):
            raise self.error(("lead_marriage",), E_LEAD_MARRIAGE, card=str(data.get("lead", "-")))
        history = self.history(data, trump, rules)
        played, trick_points, trick_counts, last_trick, first_leader = history
        dealer = self.dealer(data, first_leader)
        if last_trick is not None and last_trick[3] != leader:
            where: Path_ = ("tricks",) if "tricks" in data else ("last_trick",)
            raise self.error(
                where,
                E_TRICK_NOW,
                winner=PLAYER_NAMES[last_trick[3]],
                leader=PLAYER_NAMES[leader],
            )
        points, melds, pending, tricks = self.scores(data, trick_points, trick_counts)
        marriages = self.marriages(data, rules, trump, melds, pending)
        closed_by = self.optional_player(data, "closed_by")
        declared_by = self.optional_player(data, "declared_by")
        if "hands" in data and "hand" in data:
            raise self.error(("hand",), E_BOTH, first="hands", second="hand")
        if "hands" not in data and "hand" not in data:
            raise self.error((), E_NO_HANDS)

        # Every card given is in the pack, and only once.
        located: list[tuple[Card, Path_]] = []
        hands: tuple[_Cards, _Cards] | None = None
        stock_list: _Cards | None = None
        stock_count: int | None = None
        hand: _Cards | None = None
        opp_known = _Cards([])
        opp: Mapping[str, object] = {}
        player = to_move
        raw_stock = data.get("stock")
        if isinstance(raw_stock, int) and not isinstance(raw_stock, bool):
            stock_count = self.number(raw_stock, ("stock",))
        elif raw_stock is not None and not isinstance(raw_stock, str | list):
            raise self.error(("stock",), E_STOCK)
        if "hands" in data:
            hm = self.mapping(data["hands"], ("hands",), ("A", "B"), "{A: 10h Kh, B: Jh As}")
            if "A" not in hm or "B" not in hm:
                raise self.error(("hands",), E_HANDS_KEYS)
            hands = (self.cards(hm["A"], ("hands", "A")), self.cards(hm["B"], ("hands", "B")))
            located += hands[0].cards + hands[1].cards
            if stock_count is None:
                stock_list = self.cards(raw_stock, ("stock",))
                located += stock_list.cards
            for key in ("player", "shown", "opponent"):
                if key in data:
                    raise self.error((key,), E_BOTH, first="hands", second=key)
        else:
            player = (
                to_move if data.get("player") is None else self.player(data["player"], ("player",))
            )
            hand = self.cards(data["hand"], ("hand",))
            located += hand.cards
            if stock_count is None and raw_stock is not None:
                if self.cards(raw_stock, ("stock",)).cards:
                    raise self.error(("stock",), E_STOCK_ORDER)
                stock_count = 0
            if "known" in data:
                raise self.error(("known",), E_BOTH, first="hand", second="known")
            opp = self.mapping(
                data.get("opponent") or {}, ("opponent",), OPPONENT_FIELDS, "{known: Qs}"
            )
            opp_known = self.cards(opp.get("known"), ("opponent", "known"))
            located += opp_known.cards
        if trump_card >= 0:
            located.append((CARDS[trump_card], ("trump",)))
        if lead is not None:
            located += lead.cards
        located += played.cards
        seen: dict[Card, Path_] = {}
        for c, where in located:
            if not rules.pack_mask >> c.index & 1:
                raise self.error(
                    where, E_NOT_IN_PACK, card=str(c), preset=rules.name, size=rules.pack_size
                )
            if c in seen:
                raise self.error(
                    where,
                    E_TWICE,
                    card=str(c),
                    first=path_text(_field_of(seen[c])),
                    second=path_text(_field_of(where)),
                )
            seen[c] = where
        seen_mask = mask_of(seen)

        # The counts: tricks, hands, stock.
        n_played = len(played)
        if n_played % 2:
            raise self.error(("played",), E_PLAYED_ODD, n=n_played)
        if tricks[0] + tricks[1] != n_played // 2:
            raise self.error(
                ("scores",),
                E_TRICKS,
                n=n_played,
                expected=n_played // 2,
                counted=tricks[0] + tricks[1],
            )
        pts = rules.points_by_index
        worth = sum(pts[c.index] for c, _ in played.cards)
        if points[0] + points[1] != worth:
            raise self.error(("scores",), E_POINTS, expected=worth, counted=points[0] + points[1])
        for p in (A, B):
            if points[p] and not tricks[p]:
                raise self.error(
                    ("scores", PLAYER_NAMES[p]),
                    E_POINTS_NO_TRICK,
                    player=PLAYER_NAMES[p],
                    points=points[p],
                )
            if rules.marriage_needs_trick and (melds[p] or pending[p]) and not tricks[p]:
                raise self.error(
                    ("scores", PLAYER_NAMES[p]), E_MARRIAGE_NO_TRICK, player=PLAYER_NAMES[p]
                )
        if rules.marriage_credit is Credit.IMMEDIATE and any(pending):
            raise self.error(("scores",), E_PENDING)
        if declared_by >= 0:
            if rules.out_resolution is not OutResolution.AFTER_TRICK:
                raise self.error(("declared_by",), E_DECLARED_RULES)
            if declared_by != leader:
                raise self.error(("declared_by",), E_DECLARED_LEADER, leader=PLAYER_NAMES[leader])

        if hands is not None:
            sizes = (len(hands[0]), len(hands[1]))
        else:
            assert hand is not None
            own = len(hand)
            opp_size = own if lead is None else own + 1 if leader == player else own - 1
            sizes = (own, opp_size) if player == A else (opp_size, own)
        self.check_sizes(rules, sizes, leader, lead is not None, trump_card, closed_by)
        face_down = (
            len(stock_list)
            if stock_list is not None
            else rules.pack_size
            - n_played
            - (1 if lead else 0)
            - sum(sizes)
            - (1 if trump_card >= 0 else 0)
        )
        if hands is not None and stock_list is not None:
            missing = rules.pack_mask & ~seen_mask
            if missing:
                raise self.error(
                    (), E_MISSING_CARDS, cards=" ".join(str(c) for c in cards_of_mask(missing))
                )
        elif stock_count is not None and stock_count != face_down:
            raise self.error(
                ("stock",), E_STOCK_COUNT, expected=max(face_down, 0), given=stock_count
            )
        if face_down < 0:
            raise self.error(("stock",), E_STOCK_COUNT, expected=0, given=face_down)
        if face_down and trump_card < 0:
            raise self.error(("trump",), E_STOCK_NO_TRUMP, n=face_down)
        if closed_by >= 0 and trump_card < 0:
            raise self.error(("closed_by",), E_CLOSED_EMPTY)
        closed_opp = self.closed_tricks(data, closed_by, tricks)

        common = dict(
            rules=rules,
            trump=trump,
            trump_card=trump_card,
            dealer=dealer,
            leader=leader,
            lead=lead_idx,
            lead_marriage=lead_marriage,
            closed_by=closed_by,
            closed_opp_tricks=closed_opp,
            points=points,
            melds=melds,
            pending=pending,
            tricks=tricks,
            marriages=marriages,
            out_by=declared_by,
            last_trick=last_trick,
            result=None,
        )
        if hands is not None:
            known = self.known(data, hands)
            if stock_list is not None:
                state = State(
                    hands=(hands[0].mask, hands[1].mask),
                    stock=tuple(c.index for c, _ in stock_list.cards),
                    known=known,
                    **common,  # type: ignore[arg-type]
                )
                return Position(state, title, self.source)
            # Open hands, the stock's order unknown: the view of the player to move.
            view = View(
                player=to_move,
                hand=hands[to_move].mask,
                stock_count=face_down,
                played=played.mask,
                opponent_known=hands[other(to_move)].mask,
                shown=known[to_move],
                opponent_hand_size=len(hands[other(to_move)]),
                **common,  # type: ignore[arg-type]
            )
            return Position(self.checked(view, ("stock",)), title, self.source)
        assert hand is not None
        opp_size = sizes[other(player)]
        unseen = rules.pack_mask & ~seen_mask
        excluded = self.cards(opp.get("excluded"), ("opponent", "excluded"))
        for c, where in excluded.cards:
            if not unseen >> c.index & 1:
                raise self.error(where, E_EXCLUDED, card=str(c), name="opponent.excluded")
        hidden_given = opp.get("unknown")
        rest = unseen.bit_count() - face_down
        if hidden_given is not None:
            n = self.number(hidden_given, ("opponent", "unknown"))
            if n != opp_size - len(opp_known) or n != rest:
                raise self.error(
                    ("opponent", "unknown"),
                    E_COUNTS,
                    hidden=unseen.bit_count(),
                    stock=face_down,
                    rest=rest,
                    unknown=n,
                )
        shown = self.cards(data.get("shown"), ("shown",))
        for c, where in shown.cards:
            if not hand.mask >> c.index & 1:
                raise self.error(where, E_KNOWN, card=str(c), name="shown")
        view = View(
            player=player,
            hand=hand.mask,
            stock_count=face_down,
            played=played.mask,
            opponent_known=opp_known.mask,
            shown=shown.mask,
            opponent_hand_size=opp_size,
            excluded=excluded.mask,
            **common,  # type: ignore[arg-type]
        )
        return Position(self.checked(view, ("opponent",)), title, self.source)

    def checked(self, view: View, where: Path_) -> View:
        try:
            sample_state(view, random.Random(0))
        except ViewError as exc:
            raise self.error(where, E_VIEW, problem=str(exc)) from None
        return view

    def rules(self, data: Mapping[str, object]) -> RuleSet:
        if "preset" not in data:
            raise self.error((), E_REQUIRED, name="preset")
        spec = data["preset"]
        if not isinstance(spec, str):
            raise self.error(("preset",), E_TEXT, name="preset")
        try:
            return parse_rules(spec)
        except UnknownPresetError as exc:
            if exc.what == "rules preset":
                raise self.error(
                    ("preset",), E_PRESET, name=exc.name, valid=", ".join(exc.valid)
                ) from None
            raise self.error(("preset",), E_SWITCH, spec=spec, problem=str(exc)) from None
        except SwitchValueError as exc:
            template, params = exc.message
            raise self.error(("preset",), template, **params) from None
        except ValueError as exc:
            raise self.error(("preset",), E_SWITCH, spec=spec, problem=str(exc)) from None

    def trump(self, data: Mapping[str, object], rules: RuleSet) -> tuple[Suit, int]:
        if data.get("trump") is None:
            raise self.error((), E_NO_TRUMP)
        raw = data["trump"]
        text = str(raw).strip() if isinstance(raw, str) else ""
        if len(text) == 1:
            try:
                return Suit.parse(text), -1
            except CardError:
                pass
        try:
            card = Card.parse(text)
        except CardError:
            raise self.error(("trump",), E_SUIT_OR_CARD, text=str(raw)) from None
        return card.suit, card.index

    def dealer(self, data: Mapping[str, object], first_leader: int | None) -> int:
        if data.get("dealer") is not None:
            dealer = self.player(data["dealer"], ("dealer",))
            if first_leader is not None and first_leader != other(dealer):
                raise self.error(
                    ("tricks", 0),
                    E_TRICK_LEADER,
                    n=1,
                    given=PLAYER_NAMES[first_leader],
                    expected=PLAYER_NAMES[other(dealer)],
                )
            return dealer
        return other(first_leader) if first_leader is not None else B

    def history(
        self, data: Mapping[str, object], trump: Suit, rules: RuleSet
    ) -> tuple[
        _Cards,
        tuple[int, int] | None,
        tuple[int, int] | None,
        tuple[int, int, int, int] | None,
        int | None,
    ]:
        """Cards played; from a list of tricks also the points, trick counts, last trick and
        first leader."""
        if "tricks" in data and "played" in data:
            raise self.error(("played",), E_BOTH, first="tricks", second="played")
        if "tricks" in data and "last_trick" in data:
            raise self.error(("last_trick",), E_BOTH, first="tricks", second="last_trick")
        if "tricks" not in data:
            played = self.cards(data.get("played"), ("played",))
            last = None
            if data.get("last_trick") is not None:
                leader, c1, c2 = self.trick(data["last_trick"], ("last_trick",))
                for c, where in ((c1, ("last_trick",)), (c2, ("last_trick",))):
                    if not played.mask >> c.index & 1:
                        raise self.error(where, E_KNOWN, card=str(c), name="played")
                w = leader if trick_winner(c1.index, c2.index, trump) == 0 else other(leader)
                last = (leader, c1.index, c2.index, w)
            return played, None, None, last, None
        raw = data["tricks"]
        if not isinstance(raw, list):
            raise self.error(("tricks",), E_TRICK)
        cards: list[tuple[Card, Path_]] = []
        points = [0, 0]
        counts = [0, 0]
        last = None
        first = None
        expected: int | None = None
        for i, item in enumerate(raw):
            leader, c1, c2 = self.trick(item, ("tricks", i))
            if expected is not None and leader != expected:
                raise self.error(
                    ("tricks", i),
                    E_TRICK_LEADER,
                    n=i + 1,
                    given=PLAYER_NAMES[leader],
                    expected=PLAYER_NAMES[expected],
                )
            if first is None:
                first = leader
            w = leader if trick_winner(c1.index, c2.index, trump) == 0 else other(leader)
            cards += [(c1, ("tricks", i)), (c2, ("tricks", i))]
            counts[w] += 1
            points[w] += rules.points_by_index[c1.index] + rules.points_by_index[c2.index]
            last = (leader, c1.index, c2.index, w)
            expected = w
        played = _Cards(cards)
        return played, (points[0], points[1]), (counts[0], counts[1]), last, first

    def trick(self, value: object, path: Path_) -> tuple[int, Card, Card]:
        items: list[object]
        if isinstance(value, str):
            items = list(value.replace(",", " ").replace(":", " ").split())
        elif isinstance(value, list):
            items = list(value)
        else:
            raise self.error(path, E_TRICK)
        if len(items) != 3:
            raise self.error(path, E_TRICK)
        leader = self.player(items[0], path)
        return leader, self.card(items[1], path), self.card(items[2], path)

    def scores(
        self,
        data: Mapping[str, object],
        trick_points: tuple[int, int] | None,
        trick_counts: tuple[int, int] | None,
    ) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
        raw = self.mapping(data.get("scores") or {}, ("scores",), ("A", "B"), "{A: {points: 14}}")
        values: dict[str, list[int]] = {k: [0, 0] for k in SCORE_FIELDS}
        given: dict[str, bool] = {k: False for k in SCORE_FIELDS}
        for p, name in enumerate(PLAYER_NAMES):
            entry = self.mapping(
                raw.get(name) or {}, ("scores", name), SCORE_FIELDS, "{points: 14, tricks: 1}"
            )
            for key in SCORE_FIELDS:
                if key in entry:
                    values[key][p] = self.number(entry[key], ("scores", name, key))
                    given[key] = True
        if trick_counts is not None:
            tricks_given = given["tricks"]
            if tricks_given and tuple(values["tricks"]) != trick_counts:
                raise self.error(
                    ("scores",),
                    E_TRICKS_SPLIT,
                    a=trick_counts[0],
                    b=trick_counts[1],
                    ca=values["tricks"][0],
                    cb=values["tricks"][1],
                )
            values["tricks"] = list(trick_counts)
        if trick_points is not None:
            if given["points"] and tuple(values["points"]) != trick_points:
                raise self.error(
                    ("scores",),
                    E_POINTS_SPLIT,
                    a=trick_points[0],
                    b=trick_points[1],
                    ca=values["points"][0],
                    cb=values["points"][1],
                )
            values["points"] = list(trick_points)
        return (
            (values["points"][0], values["points"][1]),
            (values["melds"][0], values["melds"][1]),
            (values["pending"][0], values["pending"][1]),
            (values["tricks"][0], values["tricks"][1]),
        )

    def marriages(
        self,
        data: Mapping[str, object],
        rules: RuleSet,
        trump: Suit,
        melds: tuple[int, int],
        pending: tuple[int, int],
    ) -> tuple[tuple[int, Suit], ...]:
        raw = data.get("marriages")
        if raw is None:
            return ()
        if not isinstance(raw, list):
            raise self.error(("marriages",), E_MAPPING, name="marriages", example="[A c, B s]")
        out: list[tuple[int, Suit]] = []
        worth = [0, 0]
        for i, item in enumerate(raw):
            items = item.split() if isinstance(item, str) else item
            if not isinstance(items, list) or len(items) != 2:
                raise self.error(
                    ("marriages", i), E_MAPPING, name="marriages", example="[A c, B s]"
                )
            p = self.player(items[0], ("marriages", i))
            try:
                suit = Suit.parse(str(items[1]))
            except CardError:
                raise self.error(("marriages", i), E_SUIT_OR_CARD, text=str(items[1])) from None
            out.append((p, suit))
            worth[p] += rules.trump_marriage_points if suit == trump else rules.marriage_points
        for p in (A, B):
            if worth[p] != melds[p] + pending[p]:
                raise self.error(
                    ("marriages",),
                    E_MARRIAGE_SUM,
                    player=PLAYER_NAMES[p],
                    worth=worth[p],
                    counted=melds[p] + pending[p],
                )
        return tuple(out)

    def known(self, data: Mapping[str, object], hands: tuple[_Cards, _Cards]) -> tuple[int, int]:
        raw = self.mapping(data.get("known") or {}, ("known",), ("A", "B"), "{A: Kc}")
        out = [0, 0]
        for p, name in enumerate(PLAYER_NAMES):
            cards = self.cards(raw.get(name), ("known", name))
            for c, where in cards.cards:
                if not hands[p].mask >> c.index & 1:
                    raise self.error(where, E_KNOWN, card=str(c), name=f"hands.{name}")
            out[p] = cards.mask
        return (out[0], out[1])

    def closed_tricks(
        self, data: Mapping[str, object], closed_by: int, tricks: tuple[int, int]
    ) -> int:
        if closed_by < 0:
            return 0
        opp = other(closed_by)
        if data.get("closed_opponent_tricks") is None:
            return tricks[opp]
        n = self.number(data["closed_opponent_tricks"], ("closed_opponent_tricks",))
        if n > tricks[opp]:
            raise self.error(
                ("closed_opponent_tricks",),
                E_CLOSED_TRICKS,
                n=n,
                player=PLAYER_NAMES[opp],
                now=tricks[opp],
            )
        return n

    def check_sizes(
        self,
        rules: RuleSet,
        sizes: tuple[int, int],
        leader: int,
        led: bool,
        trump_card: int,
        closed_by: int,
    ) -> None:
        a, b = sizes
        if not led and a != b:
            raise self.error(("hands",), E_HANDS_EQUAL, a=a, b=b)
        if led and sizes[leader] + 1 != sizes[other(leader)]:
            raise self.error(
                ("hands",),
                E_HANDS_LEAD,
                a=a,
                b=b,
                leader=PLAYER_NAMES[leader],
                follower=PLAYER_NAMES[other(leader)],
            )
        if not led and a == 0:
            raise self.error(("hands",), E_OVER)
        for p in (A, B):
            if sizes[p] > rules.hand_size:
                raise self.error(
                    ("hands",), E_HAND_BIG, player=PLAYER_NAMES[p], n=sizes[p], size=rules.hand_size
                )
        full = sizes[other(leader)]
        if trump_card >= 0 and closed_by < 0 and full != rules.hand_size:
            p = other(leader)
            raise self.error(
                ("hands",), E_HAND_FULL, player=PLAYER_NAMES[p], n=full, size=rules.hand_size
            )


def _field_of(path: Path_) -> Path_:
    """The field a card came from, without the index inside its list."""
    while path and isinstance(path[-1], int) and path[0] not in ("tricks",):
        path = path[:-1]
    return path


# ----------------------------------------------------------------------------- writing


def _cards_text(mask: int) -> str:
    return " ".join(str(c) for c in cards_of_mask(mask))


def position_to_dict(subject: State | View, title: str = "") -> dict[str, Any]:
    """The position as plain data in the schema ``load_position`` reads (cards as text)."""
    if subject.result is not None:
        raise PositionError(E_WRITE_OVER, source="<data>")
    rules = subject.rules
    try:
        same = parse_rules(rules.name) == rules
    except (ValueError, UnknownPresetError):
        same = False
    if not same:
        raise PositionError(E_WRITE_RULES, source="<data>", name=rules.name)
    to_move = subject.to_move
    assert to_move is not None
    out: dict[str, Any] = {}
    if title:
        out["title"] = title
    out["preset"] = rules.name
    out["dealer"] = PLAYER_NAMES[subject.dealer]
    out["to_move"] = PLAYER_NAMES[to_move]
    out["trump"] = str(CARDS[subject.trump_card]) if subject.trump_card >= 0 else str(subject.trump)
    if isinstance(subject, State):
        out["hands"] = {"A": _cards_text(subject.hands[0]), "B": _cards_text(subject.hands[1])}
        if any(subject.known):
            out["known"] = {
                name: _cards_text(subject.known[p])
                for p, name in enumerate(PLAYER_NAMES)
                if subject.known[p]
            }
        out["stock"] = " ".join(str(c) for c in subject.stock_cards)
        played = subject.played_mask
    else:
        out["player"] = PLAYER_NAMES[subject.player]
        out["hand"] = _cards_text(subject.hand)
        if subject.shown:
            out["shown"] = _cards_text(subject.shown)
        opp: dict[str, Any] = {}
        if subject.opponent_known:
            opp["known"] = _cards_text(subject.opponent_known)
        opp["unknown"] = subject.opponent_hand_size - subject.opponent_known.bit_count()
        if subject.excluded:
            opp["excluded"] = _cards_text(subject.excluded)
        out["opponent"] = opp
        out["stock"] = subject.stock_count
        played = subject.played
    if played:
        out["played"] = _cards_text(played)
    if subject.last_trick is not None:
        leader, c1, c2, _w = subject.last_trick
        out["last_trick"] = f"{PLAYER_NAMES[leader]} {CARDS[c1]} {CARDS[c2]}"
    if subject.lead >= 0:
        out["lead"] = str(CARDS[subject.lead])
        if subject.lead_marriage:
            out["lead_marriage"] = True
    scores: dict[str, dict[str, int]] = {}
    for p, name in enumerate(PLAYER_NAMES):
        entry = {
            "points": subject.points[p],
            "melds": subject.melds[p],
            "pending": subject.pending[p],
            "tricks": subject.tricks[p],
        }
        scores[name] = {k: v for k, v in entry.items() if v or k in ("points", "tricks")}
    out["scores"] = scores
    if subject.marriages:
        out["marriages"] = [f"{PLAYER_NAMES[p]} {s}" for p, s in subject.marriages]
    if subject.closed_by >= 0:
        out["closed_by"] = PLAYER_NAMES[subject.closed_by]
        out["closed_opponent_tricks"] = subject.closed_opp_tricks
    if subject.out_by >= 0:
        out["declared_by"] = PLAYER_NAMES[subject.out_by]
    return out


def position_dump(subject: State | View, fmt: str = "yaml", title: str = "") -> str:
    """The position as YAML (``fmt="yaml"``) or one line of JSON (``fmt="json"``)."""
    data = position_to_dict(subject, title)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False)
    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None))


__all__ = [
    "FIELDS",
    "Position",
    "PositionError",
    "load_position",
    "parse_text",
    "position_dump",
    "position_from_data",
    "position_to_dict",
    "read_position",
]

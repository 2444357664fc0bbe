"""Reading the fields of a position: cards, players, numbers, the rules, the trump, the tricks,
the scores and the marriages, each checked on its own; every problem is a ``PositionError``
naming the field and its line. ``tutor.formats.position_reader`` puts them together.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engine import (
    NO_TRUMP,
    PLAYER_NAMES,
    A,
    B,
    Card,
    CardError,
    RuleSet,
    Suit,
    TrumpMode,
    UnknownPresetError,
    View,
    ViewError,
    mask_of,
    other,
    parse_rules,
    sample_state,
    trick_winner,
)
from tutor.formats.errors import rules_problem, shown
from tutor.formats.messages import card_help
from tutor.formats.position_messages import (
    E_BOTH,
    E_CARD,
    E_CARDS,
    E_CLOSED_TRICKS,
    E_FIELD_RULES,
    E_HAND_BIG,
    E_HAND_FULL,
    E_HANDS_EQUAL,
    E_HANDS_LEAD,
    E_KNOWN,
    E_MAPPING,
    E_MARRIAGE_SUM,
    E_MISSING,
    E_NO_TRUMP,
    E_NOT_BOOL,
    E_NOT_TEXT,
    E_NUMBER,
    E_OVER,
    E_PLAYER,
    E_POINTS_SPLIT,
    E_PRESET,
    E_SUIT_OR_CARD,
    E_TRICK,
    E_TRICK_LEADER,
    E_TRICKS_NAMED,
    E_TRICKS_SPLIT,
    E_TRUMP_ACE,
    E_TRUMP_MARRIAGE,
    E_TRUMP_NAME_FIRST,
    E_TRUMP_NO_CARD,
    E_TRUMP_NONE,
    E_TWICE_SAME,
    E_UNKNOWN_FIELD,
    E_VIEW,
    SCORE_FIELDS,
)
from tutor.formats.position_model import PositionError
from tutor.formats.yamlsafe import FieldPath, LineMap, path_text

Path_ = FieldPath


@dataclass
class Cards:
    """Cards read from one field, with the path of each."""

    cards: list[tuple[Card, Path_]]

    @property
    def mask(self) -> int:
        return mask_of(c for c, _ in self.cards)

    def __len__(self) -> int:
        return len(self.cards)


class FieldReader:
    def __init__(self, source: str, lines: LineMap) -> None:
        self.source = source
        self.lines = lines

    def error(self, path: Path_, template: str, **params: object) -> PositionError:
        return PositionError(
            template,
            params,
            source=self.source,
            line=self.lines.line(path),
            field=path_text(path),
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
                    (*path, str(key)), E_UNKNOWN_FIELD, field=shown(key), valid=", ".join(allowed)
                )
        return value

    def player(self, value: object, path: Path_) -> int:
        text = str(value).strip().upper() if isinstance(value, str) else None
        if text not in PLAYER_NAMES:
            raise self.error(path, E_PLAYER, value=shown(value))
        return PLAYER_NAMES.index(text)

    def optional_player(self, data: Mapping[str, object], key: str) -> int:
        value = data.get(key)
        return -1 if value is None else self.player(value, (key,))

    def number(self, value: object, path: Path_) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(path, E_NUMBER, name=path_text(path), text=shown(value))
        return value

    def card(self, value: object, path: Path_) -> Card:
        try:
            if not isinstance(value, str | int) or isinstance(value, bool):
                raise CardError(str(value))
            return Card.parse(str(value))
        except CardError:
            raise self.error(path, E_CARD, **card_help(shown(value))) from None

    def cards(self, value: object, path: Path_) -> Cards:
        if value is None:
            return Cards([])
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
        return Cards(out)

    def flag(self, value: object, path: Path_) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.error(path, E_NOT_BOOL, field=path_text(path), text=shown(value))
        return value

    # --- the position -----------------------------------------------------------------

    def checked(self, view: View, where: Path_) -> View:
        try:
            sample_state(view, random.Random(0))
        except ViewError as exc:
            raise self.error(where, E_VIEW, problem=str(exc)) from None
        return view

    def rules(self, data: Mapping[str, object]) -> RuleSet:
        if "preset" not in data:
            raise self.error((), E_MISSING, field="preset")
        spec = data["preset"]
        if not isinstance(spec, str):
            raise self.error(("preset",), E_NOT_TEXT, field="preset")
        try:
            return parse_rules(spec)
        except Exception as exc:  # whatever the rules refuse: named at the field
            if isinstance(exc, UnknownPresetError) and exc.what == "rules preset":
                raise self.error(
                    ("preset",), E_PRESET, name=shown(exc.name), valid=", ".join(exc.valid)
                ) from None
            template, params = rules_problem(spec, exc)
            raise self.error(("preset",), template, **params) from None

    def trump(self, data: Mapping[str, object], rules: RuleSet) -> tuple[Suit | None, int]:
        """The trump suit and the face-up card (-1 once drawn, or where none is turned up);
        ``none`` where trumps are named and none is named yet."""
        if data.get("trump") is None:
            raise self.error((), E_NO_TRUMP)
        raw = data["trump"]
        text = str(raw).strip() if isinstance(raw, str) else ""
        if text.lower() == "none":
            if rules.face_up:
                raise self.error(("trump",), E_TRUMP_NONE)
            return None, -1
        if len(text) == 1:
            try:
                return Suit.parse(text), -1
            except CardError:
                pass
        try:
            card = Card.parse(text)
        except CardError:
            raise self.error(("trump",), E_SUIT_OR_CARD, text=shown(raw)) from None
        if not rules.face_up:
            raise self.error(("trump",), E_TRUMP_NO_CARD)
        return card.suit, card.index

    def untrumped(
        self, rules: RuleSet, trump: Suit | None, played: Cards, lead: Cards | None
    ) -> None:
        """No trump named: under ``named`` nothing is played yet; under ``heart_ace`` the ace
        of hearts is not played."""
        if trump is not None:
            return
        gone = [*played.cards, *(lead.cards if lead is not None else [])]
        if rules.trump_mode is TrumpMode.NAMED and gone:
            raise self.error(("trump",), E_TRUMP_NAME_FIRST)
        for c, where in gone:
            if c == rules.naming_card and rules.trump_mode is TrumpMode.HEART_ACE:
                raise self.error(where, E_TRUMP_ACE, card=str(c))

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
        self, data: Mapping[str, object], trump: Suit | None, rules: RuleSet
    ) -> tuple[
        Cards,
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
        trump_index = NO_TRUMP if trump is None else int(trump)
        if "tricks" in data and not rules.face_up:
            raise self.error(("tricks",), E_TRICKS_NAMED)
        if "tricks" not in data:
            played = self.cards(data.get("played"), ("played",))
            last = None
            if data.get("last_trick") is not None:
                leader, c1, c2 = self.trick(data["last_trick"], ("last_trick",))
                for c, where in ((c1, ("last_trick",)), (c2, ("last_trick",))):
                    if not played.mask >> c.index & 1:
                        raise self.error(where, E_KNOWN, card=str(c), name="played")
                w = leader if trick_winner(c1.index, c2.index, trump_index) == 0 else other(leader)
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
            w = leader if trick_winner(c1.index, c2.index, trump_index) == 0 else other(leader)
            cards += [(c1, ("tricks", i)), (c2, ("tricks", i))]
            counts[w] += 1
            points[w] += rules.points_by_index[c1.index] + rules.points_by_index[c2.index]
            last = (leader, c1.index, c2.index, w)
            expected = w
        played = Cards(cards)
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
        raw = self.mapping(_given(data, "scores"), ("scores",), ("A", "B"), "{A: {points: 14}}")
        values: dict[str, list[int]] = {k: [0, 0] for k in SCORE_FIELDS}
        given: dict[str, bool] = {k: False for k in SCORE_FIELDS}
        for p, name in enumerate(PLAYER_NAMES):
            entry = self.mapping(
                _given(raw, name), ("scores", name), SCORE_FIELDS, "{points: 14, tricks: 1}"
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
        trump: Suit | None,
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
                raise self.error(("marriages", i), E_SUIT_OR_CARD, text=shown(items[1])) from None
            # the trump when it was announced: the current one, unless marriages change it
            before = trump
            if rules.marriage_makes_trump:
                before = out[-1][1] if out else None
            worth[p] += rules.marriage_value(suit, before, len(out))
            out.append((p, suit))
        if rules.marriage_makes_trump and out and out[-1][1] != trump:
            raise self.error(
                ("marriages",), E_TRUMP_MARRIAGE, trump=str(trump or "none"), suit=str(out[-1][1])
            )
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

    def known(self, data: Mapping[str, object], hands: tuple[Cards, Cards]) -> tuple[int, int]:
        raw = self.mapping(_given(data, "known"), ("known",), ("A", "B"), "{A: Kc}")
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
        stock_left: bool,
        closed_by: int,
        undrawn: bool = False,
    ) -> None:
        """The hand sizes fit the lead and the stock; ``undrawn``: the trick's winner has not
        drawn yet (``waiting: draw``), so both hold one card fewer than a full hand."""
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
        size = rules.hand_size - 1 if undrawn else rules.hand_size
        if stock_left and closed_by < 0 and full != size:
            p = other(leader)
            raise self.error(("hands",), E_HAND_FULL, player=PLAYER_NAMES[p], n=full, size=size)


def _given(data: Mapping[str, object], key: str) -> object:
    """A field that holds a mapping: an empty one when it is left out or null (``0``, ``[]``
    or ``""`` are not mappings, and are refused as such)."""
    value = data.get(key)
    return {} if value is None else value


def field_of(path: Path_) -> Path_:
    """The field a card came from, without the index inside its list."""
    while path and isinstance(path[-1], int) and path[0] not in ("tricks",):
        path = path[:-1]
    return path

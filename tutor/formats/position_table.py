"""Reading and writing a position at a table of three or four (``rules.seats`` 3 or 4): every
seat's hand, the stock, the face-up trump card, the trick so far, the cards gone into tricks,
the scores per seat, the marriages, what each seat has shown and what it has shown it lacks.
The value is a ``TableState`` (``tutor.engine.table.table_position``).

::

    preset: three
    to_move: C
    trump: 9c                  # the face-up trump card, or the suit (c) once it is drawn
    hands: {A: Ah 10h Kh, B: ..., C: ...}     # A, B, C (and D): a card twice where the pack is
    stock: 0                   # face-down cards top first, or their number
    played: Ac 10c Kc ...      # cards gone into tricks
    trick: Qs Ks               # the trick so far, the leader's card first
    scores: {A: {points: 24, tricks: 2}, ...}

Every check of the two-player format has its table counterpart; each problem raises a
``PositionError`` naming the field and its line (``docs/positions.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tutor.engine import CARDS, Card, CardError, Credit, RuleSet, Suit, iter_bits
from tutor.engine.table import TableState, table_pack, table_position, trick_winner_of
from tutor.formats.errors import shown
from tutor.formats.position_fields import Cards, FieldReader, Path_, field_of
from tutor.formats.position_messages import (
    E_CARDS,
    E_COPIES,
    E_HAND_BIG,
    E_HAND_FULL,
    E_HANDS_SEATS,
    E_KNOWN,
    E_LACKS,
    E_MAPPING,
    E_MARRIAGE_NO_TRICK,
    E_MARRIAGE_SUM,
    E_MISSING,
    E_MISSING_CARDS,
    E_NOT_IN_PACK,
    E_NOT_TEXT,
    E_PENDING,
    E_PLAYED_SEATS,
    E_POINTS,
    E_POINTS_NO_TRICK,
    E_SEAT,
    E_STOCK,
    E_STOCK_COUNT,
    E_STOCK_NO_TRUMP,
    E_SUIT_OR_CARD,
    E_TABLE_OVER,
    E_TABLE_SIZES,
    E_TABLE_TRICK,
    E_TRICK_LONG,
    E_TRICK_NOW,
    E_TRICKS,
    E_TWICE,
    E_VIEW,
    SCORE_FIELDS,
    TABLE_FIELDS,
)
from tutor.formats.position_model import Position
from tutor.formats.yamlsafe import path_text

__all__ = ["TableReader", "table_to_dict"]

SEAT_LETTERS = "ABCD"


class TableReader(FieldReader):
    """Reads one position at a table; ``lines`` tells the line each field starts on."""

    def position(self, raw: Mapping[str, object], rules: RuleSet) -> Position:
        data = self.mapping(raw, (), TABLE_FIELDS, "preset: three")
        self.rules_ = rules
        self.n = rules.seats
        self.names = SEAT_LETTERS[: self.n]
        title = data.get("title")
        title = "" if title is None else title
        if not isinstance(title, str):
            raise self.error(("title",), E_NOT_TEXT, field="title")
        trump, trump_card = self.trump(data, rules)
        assert trump is not None  # a table always turns a card up
        if "to_move" not in data:
            raise self.error((), E_MISSING, field="to_move")
        to_move = self.seat(data["to_move"], ("to_move",))
        trick = self.table_cards(data.get("trick"), ("trick",))
        if len(trick) >= self.n:
            raise self.error(("trick",), E_TRICK_LONG, n=len(trick), seats=self.n)
        leader = (to_move - len(trick)) % self.n
        dealer = (leader - 1) % self.n
        if data.get("dealer") is not None:
            dealer = self.seat(data["dealer"], ("dealer",))
        played = self.table_cards(data.get("played"), ("played",))
        last_trick = self.last_trick(data.get("last_trick"), played, trump, leader)
        points, melds, pending, tricks = self.seat_scores(data)
        marriages = self.seat_marriages(data, trump, melds, pending)
        hands = self.hands(data)
        known = self.seat_cards(data, "known", hands, held=True)
        lacks = self.seat_cards(data, "lacks", hands, held=False)
        stock, stock_count = self.stock(data.get("stock"))
        located = [*(c for h in hands for c in h.cards), *stock.cards, *trick.cards]
        located += played.cards
        if trump_card >= 0:
            located.append((CARDS[trump_card], ("trump",)))
        missing = self.check_pack(located)
        if stock_count is None and missing:
            raise self.error((), E_MISSING_CARDS, cards=" ".join(str(CARDS[c]) for c in missing))
        if stock_count is not None:
            if stock_count != len(missing):
                raise self.error(
                    ("stock",), E_STOCK_COUNT, expected=len(missing), given=stock_count
                )
            stock = Cards([(CARDS[c], ("stock",)) for c in missing])
        self.check_scores(played, points, melds, pending, tricks)
        cards_to_draw = len(stock) + (1 if trump_card >= 0 else 0)
        if len(stock) and trump_card < 0:
            raise self.error(("trump",), E_STOCK_NO_TRUMP, n=len(stock))
        self.check_seat_sizes([len(h) for h in hands], to_move, leader, len(trick), cards_to_draw)
        try:
            state = table_position(
                rules,
                hands=[[c.index for c, _ in h.cards] for h in hands],
                stock=[c.index for c, _ in stock.cards],
                trump=trump,
                trump_card=trump_card,
                dealer=dealer,
                leader=leader,
                trick=[c.index for c, _ in trick.cards],
                played=[c.index for c, _ in played.cards],
                points=points,
                melds=melds,
                pending=pending,
                tricks=tricks,
                marriages=marriages,
                last_trick=last_trick,
                known=known,
                lacks=lacks,
            )
        except ValueError as exc:  # pragma: no cover - every case is named above
            raise self.error((), E_VIEW, problem=str(exc)) from None
        return Position(state, title, self.source)

    # --- the fields -------------------------------------------------------------------
    def seat(self, value: object, path: Path_) -> int:
        text = value.strip().upper() if isinstance(value, str) else None
        if not text or text not in self.names:
            raise self.error(path, E_SEAT, value=shown(value), valid=", ".join(self.names))
        return self.names.index(text)

    def table_cards(self, value: object, path: Path_) -> Cards:
        """Cards of one field; a card may be given as often as the pack holds it."""
        if self.rules_.copies == 1:
            return self.cards(value, path)
        if value is None:
            return Cards([])
        if isinstance(value, str):
            items: list[tuple[object, Path_]] = [(t, path) for t in value.replace(",", " ").split()]
        elif isinstance(value, list):
            items = [(t, (*path, i)) for i, t in enumerate(value)]
        else:
            raise self.error(path, E_CARDS, name=path_text(path))
        return Cards([(self.card(item, where), where) for item, where in items])

    def per_seat(self, data: Mapping[str, object], key: str, example: str) -> Mapping[str, object]:
        """A mapping of seat letters (``hands``, ``known``, ``lacks``, ``scores``)."""
        value = data.get(key)
        raw = {} if value is None else value
        if not isinstance(raw, Mapping):
            raise self.error((key,), E_MAPPING, name=key, example=example)
        for name in raw:
            self.seat(name, (key, str(name)))
        return {str(k).strip().upper(): v for k, v in raw.items()}

    def hands(self, data: Mapping[str, object]) -> list[Cards]:
        seats = ", ".join(self.names)
        if "hands" not in data:
            raise self.error((), E_HANDS_SEATS, seats=seats)
        raw = self.per_seat(data, "hands", "{A: 10h Kh, B: Jh As, C: Qs 9d}")
        if set(raw) != set(self.names):
            raise self.error(("hands",), E_HANDS_SEATS, seats=seats)
        return [self.table_cards(raw[name], ("hands", name)) for name in self.names]

    def seat_cards(
        self, data: Mapping[str, object], key: str, hands: list[Cards], *, held: bool
    ) -> tuple[int, ...]:
        """``known`` (cards of a hand every seat has seen: in that hand) or ``lacks`` (cards
        every seat knows the hand does not hold: not in it), as 32-bit sets per seat."""
        raw = self.per_seat(data, key, "{B: Kc}")
        out = [0] * self.n
        for seat, name in enumerate(self.names):
            cards = self.cards(raw.get(name), (key, name))
            for c, where in cards.cards:
                if (hands[seat].mask >> c.index & 1) != held:
                    template = E_KNOWN if held else E_LACKS
                    raise self.error(where, template, card=str(c), name=f"hands.{name}")
            out[seat] = cards.mask
        return tuple(out)

    def stock(self, raw: object) -> tuple[Cards, int | None]:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return Cards([]), self.number(raw, ("stock",))
        if raw is not None and not isinstance(raw, str | list):
            raise self.error(("stock",), E_STOCK)
        return self.table_cards(raw, ("stock",)), None

    def last_trick(
        self, value: object, played: Cards, trump: Suit, leader: int
    ) -> tuple[int, tuple[int, ...], int] | None:
        if value is None:
            return None
        path: Path_ = ("last_trick",)
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        example = " ".join(["A", "10h", "Kh", "Ah", "9h"][: self.n + 1])
        if not isinstance(items, list) or len(items) != self.n + 1:
            raise self.error(path, E_TABLE_TRICK, example=example)
        first = self.seat(items[0], path)
        cards = tuple(self.card(x, path).index for x in items[1:])
        left = Counter(c.index for c, _ in played.cards)
        for c in cards:
            if left[c] <= 0:
                raise self.error(path, E_KNOWN, card=str(CARDS[c]), name="played")
            left[c] -= 1
        k = trick_winner_of(cards, int(trump), self.rules_.equal_cards)
        winner = (first + k) % self.n
        if winner != leader:
            raise self.error(
                path, E_TRICK_NOW, winner=self.names[winner], leader=self.names[leader]
            )
        return first, cards, winner

    def seat_scores(
        self, data: Mapping[str, object]
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        raw = self.per_seat(data, "scores", "{A: {points: 14}}")
        values = {k: [0] * self.n for k in SCORE_FIELDS}
        for seat, name in enumerate(self.names):
            entry = self.mapping(
                {} if raw.get(name) is None else raw[name],
                ("scores", name),
                SCORE_FIELDS,
                "{points: 14, tricks: 1}",
            )
            for key in SCORE_FIELDS:
                if key in entry:
                    values[key][seat] = self.number(entry[key], ("scores", name, key))
        return tuple(tuple(values[k]) for k in SCORE_FIELDS)  # type: ignore[return-value]

    def seat_marriages(
        self,
        data: Mapping[str, object],
        trump: Suit,
        melds: tuple[int, ...],
        pending: tuple[int, ...],
    ) -> tuple[tuple[int, Suit], ...]:
        raw = data.get("marriages")
        if raw is None:
            return ()
        example = "[A c, B s]"
        if not isinstance(raw, list):
            raise self.error(("marriages",), E_MAPPING, name="marriages", example=example)
        out: list[tuple[int, Suit]] = []
        worth = [0] * self.n
        for i, item in enumerate(raw):
            items = item.split() if isinstance(item, str) else item
            if not isinstance(items, list) or len(items) != 2:
                raise self.error(("marriages", i), E_MAPPING, name="marriages", example=example)
            seat = self.seat(items[0], ("marriages", i))
            try:
                suit = Suit.parse(str(items[1]))
            except CardError:
                raise self.error(("marriages", i), E_SUIT_OR_CARD, text=shown(items[1])) from None
            worth[seat] += self.rules_.marriage_value(suit, trump, len(out))
            out.append((seat, suit))
        for seat, name in enumerate(self.names):
            if worth[seat] != melds[seat] + pending[seat]:
                raise self.error(
                    ("marriages",),
                    E_MARRIAGE_SUM,
                    player=name,
                    worth=worth[seat],
                    counted=melds[seat] + pending[seat],
                )
        return tuple(out)

    # --- the checks -------------------------------------------------------------------
    def check_pack(self, located: list[tuple[Card, Path_]]) -> list[int]:
        """Every card given is in the pack, and no more often than the pack holds it; the
        cards of the pack given nowhere, in pack order (a card as often as it is missing)."""
        rules = self.rules_
        first: dict[Card, Path_] = {}
        count: Counter[int] = Counter()
        for c, where in located:
            if not rules.pack_mask >> c.index & 1:
                raise self.error(
                    where,
                    E_NOT_IN_PACK,
                    notation=str(c),
                    rules=rules.name,
                    ranks=" ".join(r.symbol for r in rules.ranks),
                )
            count[c.index] += 1
            if count[c.index] > rules.copies:
                if rules.copies == 1:
                    raise self.error(
                        where,
                        E_TWICE,
                        card=str(c),
                        first=path_text(field_of(first[c])),
                        second=path_text(field_of(where)),
                    )
                raise self.error(
                    where,
                    E_COPIES,
                    notation=str(c),
                    count=count[c.index],
                    rules=rules.name,
                    copies=rules.copies,
                )
            first.setdefault(c, where)
        left = Counter(table_pack(rules))
        left.subtract(count)
        return sorted(left.elements())

    def check_scores(
        self,
        played: Cards,
        points: tuple[int, ...],
        melds: tuple[int, ...],
        pending: tuple[int, ...],
        tricks: tuple[int, ...],
    ) -> None:
        """The cards gone into tricks agree with the tricks, the points and the marriages."""
        rules, n = self.rules_, self.n
        if len(played) % n:
            raise self.error(("played",), E_PLAYED_SEATS, n=len(played), seats=n)
        if sum(tricks) != len(played) // n:
            raise self.error(
                ("scores",), E_TRICKS, n=len(played), expected=len(played) // n, counted=sum(tricks)
            )
        worth = sum(rules.points_by_index[c.index] for c, _ in played.cards)
        if sum(points) != worth:
            raise self.error(("scores",), E_POINTS, expected=worth, counted=sum(points))
        sides = [range(s, n, rules.sides) for s in range(rules.sides)]
        for seat, name in enumerate(self.names):
            if points[seat] and not tricks[seat]:
                raise self.error(
                    ("scores", name), E_POINTS_NO_TRICK, player=name, points=points[seat]
                )
            side_won = any(tricks[s] for s in sides[seat % rules.sides])
            if rules.marriage_needs_trick and (melds[seat] or pending[seat]) and not side_won:
                raise self.error(("scores", name), E_MARRIAGE_NO_TRICK, player=name)
        if rules.marriage_credit is Credit.IMMEDIATE and any(pending):
            raise self.error(("scores",), E_PENDING)

    def check_seat_sizes(
        self, sizes: list[int], to_move: int, leader: int, in_trick: int, cards_to_draw: int
    ) -> None:
        """Every hand holds as many cards as the hand of the seat to move, one fewer for each
        seat that has played to the trick; a full hand while the stock serves everyone."""
        n, names = self.n, self.names
        base = sizes[to_move]
        for k in range(n):
            seat = (leader + k) % n
            want = base - 1 if k < in_trick else base
            if sizes[seat] != want:
                raise self.error(
                    ("hands",),
                    E_TABLE_SIZES,
                    player=names[to_move],
                    n=base,
                    other=names[seat],
                    m=sizes[seat],
                )
        size = self.rules_.hand_size
        if base > size:
            raise self.error(("hands",), E_HAND_BIG, player=names[to_move], n=base, size=size)
        if base == 0:
            raise self.error(("hands",), E_TABLE_OVER)
        if cards_to_draw >= n and base != size:
            raise self.error(("hands",), E_HAND_FULL, player=names[to_move], n=base, size=size)


def _text(indices: Any) -> str:
    return " ".join(str(CARDS[i]) for i in sorted(indices))


def _hand_text(hand: int) -> str:
    return _text(i & 31 for i in iter_bits(hand))


def table_to_dict(state: TableState, title: str = "") -> dict[str, Any]:
    """A table position as plain data in the schema ``TableReader`` reads (the caller has
    checked that the deal is not over and that its rules are written by name)."""
    names = SEAT_LETTERS[: state.seats]
    to_move = state.to_move
    assert to_move is not None
    out: dict[str, Any] = {}
    if title:
        out["title"] = title
    out["preset"] = state.rules.name
    out["dealer"] = names[state.dealer]
    out["to_move"] = names[to_move]
    out["trump"] = str(CARDS[state.trump_card]) if state.trump_card >= 0 else str(state.trump)
    out["hands"] = {name: _hand_text(state.hands[s]) for s, name in enumerate(names)}
    for key, sets in (("known", state.known), ("lacks", state.lacks)):
        if any(sets):
            out[key] = {name: _text(iter_bits(sets[s])) for s, name in enumerate(names) if sets[s]}
    out["stock"] = " ".join(str(CARDS[c]) for c in state.stock)
    if state.played:
        out["played"] = _hand_text(state.played)
    if state.last_trick is not None:
        first, cards, _winner = state.last_trick
        out["last_trick"] = " ".join([names[first], *(str(CARDS[c]) for c in cards)])
    if state.trick:
        out["trick"] = " ".join(str(CARDS[c]) for c in state.trick)
    scores: dict[str, dict[str, int]] = {}
    for s, name in enumerate(names):
        entry = {
            "points": state.points[s],
            "melds": state.melds[s],
            "pending": state.pending[s],
            "tricks": state.tricks[s],
        }
        scores[name] = {k: v for k, v in entry.items() if v or k in ("points", "tricks")}
    out["scores"] = scores
    if state.marriages:
        out["marriages"] = [f"{names[p]} {s}" for p, s in state.marriages]
    return out

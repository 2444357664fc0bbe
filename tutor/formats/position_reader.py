"""Reading a whole position: the fields (``tutor.formats.position_fields``) put together and
checked against each other, step by step, into a ``State`` or a ``View``.

A position at a table of three or four is read by ``tutor.formats.position_table``.

``PositionReader(source, lines).position(data)`` reads the head (rules, trump, who is to move,
the lead, the tricks, the scores), then the cards (``hands`` or ``hand``, the stock), checks that
every card is in the pack once, that the counts agree, and builds the value. The first problem
raises a ``PositionError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    A,
    B,
    Card,
    Credit,
    OutResolution,
    Rank,
    RuleSet,
    State,
    Suit,
    View,
    Wait,
    cards_of_mask,
    mask_of,
    other,
    parse_rules,
)
from tutor.formats.errors import shown
from tutor.formats.messages import card_help
from tutor.formats.position_fields import Cards, FieldReader, Path_, field_of
from tutor.formats.position_messages import (
    E_BOTH,
    E_CARD,
    E_CLOSED_EMPTY,
    E_COUNTS,
    E_DECLARED_LEADER,
    E_DECLARED_RULES,
    E_EXCLUDED,
    E_HANDS_KEYS,
    E_KNOWN,
    E_LEAD_MARRIAGE,
    E_MARRIAGE_NO_TRICK,
    E_MISSING,
    E_MISSING_CARDS,
    E_NO_HANDS,
    E_NOT_IN_PACK,
    E_NOT_TEXT,
    E_PENDING,
    E_PLAYED_ODD,
    E_POINTS,
    E_POINTS_NO_TRICK,
    E_SHAPE,
    E_STOCK,
    E_STOCK_COUNT,
    E_STOCK_NO_TRUMP,
    E_STOCK_ODD,
    E_STOCK_ORDER,
    E_TRICK_NOW,
    E_TRICKS,
    E_TWICE,
    E_WAITING,
    E_WAITING_DRAW,
    E_WAITING_REPLY,
    E_WAITING_RULES,
    FIELDS,
    OPPONENT_FIELDS,
)
from tutor.formats.position_model import Position, PositionError
from tutor.formats.position_table import TableReader
from tutor.formats.yamlsafe import path_text

__all__ = ["PositionReader"]


@dataclass
class _Draft:
    """What the steps of ``PositionReader.position`` have read so far."""

    data: Mapping[str, object]
    title: str
    rules: RuleSet
    trump: Suit | None
    trump_card: int
    to_move: int
    lead: Cards | None
    leader: int
    lead_marriage: bool
    played: Cards
    last_trick: tuple[int, int, int, int] | None
    dealer: int
    points: tuple[int, int]
    melds: tuple[int, int]
    pending: tuple[int, int]
    tricks: tuple[int, int]
    marriages: tuple[tuple[int, Suit], ...]
    closed_by: int
    declared_by: int
    waiting: Wait = Wait.NOTHING
    # the cards: both hands (and the stock in order), or one player's hand
    hands: tuple[Cards, Cards] | None = None
    stock_list: Cards | None = None
    stock_count: int | None = None
    hand: Cards | None = None
    opp_known: Cards = field(default_factory=lambda: Cards([]))
    opp: Mapping[str, object] = field(default_factory=dict)
    player: int = 0
    # the counts
    seen_mask: int = 0
    sizes: tuple[int, int] = (0, 0)
    face_down: int = 0
    closed_opp: int = 0

    @property
    def lead_index(self) -> int:
        return self.lead.cards[0][0].index if self.lead else -1


class PositionReader(FieldReader):
    """Reads one position; ``lines`` tells the line each field starts on."""

    def position(self, raw: object) -> Position:
        if not isinstance(raw, Mapping):
            raise PositionError(E_SHAPE, source=self.source, line=self.lines.line(()))
        table = _table_rules(raw)
        if table is not None:
            return TableReader(self.source, self.lines).position(raw, table)
        d = self.head(self.mapping(raw, (), FIELDS, "preset: classic"))
        self.check_pack(d, self.given_cards(d))
        self.check_scores(d)
        self.check_counts(d)
        if d.hands is not None:
            return self.open_hands(d, d.hands)
        return self.one_hand(d)

    # --- the steps -----------------------------------------------------------------------
    def head(self, data: Mapping[str, object]) -> _Draft:
        """Everything but the cards in the hands and the stock."""
        title = data.get("title", "")
        if title is None:
            title = ""
        if not isinstance(title, str):
            raise self.error(("title",), E_NOT_TEXT, field="title")
        rules = self.rules(data)
        trump, trump_card = self.trump(data, rules)
        if "to_move" not in data:
            raise self.error((), E_MISSING, field="to_move")
        to_move = self.player(data["to_move"], ("to_move",))
        lead = self.cards(data.get("lead"), ("lead",)) if data.get("lead") is not None else None
        if lead is not None and len(lead) != 1:
            raise self.error(("lead",), E_CARD, **card_help(shown(data.get("lead"))))
        waiting = self.waiting(data, rules)
        leader = other(to_move) if lead or waiting is Wait.REPLY else to_move
        if lead is not None and waiting is not Wait.NOTHING:
            raise self.error(
                ("waiting",), E_WAITING_DRAW if waiting is Wait.DRAW else E_WAITING_REPLY
            )
        lead_marriage = self.flag(data.get("lead_marriage"), ("lead_marriage",))
        if lead_marriage and (lead is None or lead.cards[0][0].rank not in (Rank.KING, Rank.QUEEN)):
            card = shown(data.get("lead", "-"))
            raise self.error(("lead_marriage",), E_LEAD_MARRIAGE, card=card)
        played, trick_points, trick_counts, last_trick, first_leader = self.history(
            data, trump, rules
        )
        self.untrumped(rules, trump, played, lead)
        dealer = self.dealer(data, first_leader)
        if last_trick is not None and not rules.face_up:
            # the trump may have changed since: the last trick went to the player now on lead
            last_trick = (*last_trick[:3], leader)
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
        return _Draft(
            data=data,
            title=title,
            rules=rules,
            trump=trump,
            trump_card=trump_card,
            to_move=to_move,
            lead=lead,
            leader=leader,
            lead_marriage=lead_marriage,
            played=played,
            last_trick=last_trick,
            dealer=dealer,
            points=points,
            melds=melds,
            pending=pending,
            tricks=tricks,
            marriages=marriages,
            closed_by=closed_by,
            declared_by=declared_by,
            waiting=waiting,
            player=to_move,
        )

    def waiting(self, data: Mapping[str, object], rules: RuleSet) -> Wait:
        """A choice between two turns (``waiting: draw`` or ``reply``), if the rules allow it."""
        value = data.get("waiting")
        if value is None:
            return Wait.NOTHING
        choices = {"draw": Wait.DRAW, "reply": Wait.REPLY}
        if not isinstance(value, str) or value.strip().lower() not in choices:
            raise self.error(("waiting",), E_WAITING, text=shown(value))
        waiting = choices[value.strip().lower()]
        switch, on = (
            ("close.before_draw", rules.close_before_draw and rules.closing_allowed)
            if waiting is Wait.DRAW
            else ("close.opponent_exchange", rules.close_opponent_exchange and rules.face_up)
        )
        if not on:
            raise self.error(("waiting",), E_WAITING_RULES, text=waiting.value, switch=switch)
        return waiting

    def given_cards(self, d: _Draft) -> list[tuple[Card, Path_]]:
        """Read the hands (or the hand) and the stock; every card given, with its field."""
        data = d.data
        located: list[tuple[Card, Path_]] = []
        raw_stock = data.get("stock")
        if isinstance(raw_stock, int) and not isinstance(raw_stock, bool):
            d.stock_count = self.number(raw_stock, ("stock",))
        elif raw_stock is not None and not isinstance(raw_stock, str | list):
            raise self.error(("stock",), E_STOCK)
        if "hands" in data:
            hm = self.mapping(data["hands"], ("hands",), ("A", "B"), "{A: 10h Kh, B: Jh As}")
            if "A" not in hm or "B" not in hm:
                raise self.error(("hands",), E_HANDS_KEYS)
            hands = (self.cards(hm["A"], ("hands", "A")), self.cards(hm["B"], ("hands", "B")))
            d.hands = hands
            located += hands[0].cards + hands[1].cards
            if d.stock_count is None:
                d.stock_list = self.cards(raw_stock, ("stock",))
                located += d.stock_list.cards
            for key in ("player", "shown", "opponent"):
                if key in data:
                    raise self.error((key,), E_BOTH, first="hands", second=key)
        else:
            if data.get("player") is not None:
                d.player = self.player(data["player"], ("player",))
            d.hand = self.cards(data["hand"], ("hand",))
            located += d.hand.cards
            if d.stock_count is None and raw_stock is not None:
                if self.cards(raw_stock, ("stock",)).cards:
                    raise self.error(("stock",), E_STOCK_ORDER)
                d.stock_count = 0
            if "known" in data:
                raise self.error(("known",), E_BOTH, first="hand", second="known")
            opponent = data.get("opponent")
            d.opp = self.mapping(
                {} if opponent is None else opponent, ("opponent",), OPPONENT_FIELDS, "{known: Qs}"
            )
            d.opp_known = self.cards(d.opp.get("known"), ("opponent", "known"))
            located += d.opp_known.cards
        if d.trump_card >= 0:
            located.append((CARDS[d.trump_card], ("trump",)))
        if d.lead is not None:
            located += d.lead.cards
        located += d.played.cards
        return located

    def check_pack(self, d: _Draft, located: list[tuple[Card, Path_]]) -> None:
        """Every card given is in the pack, and only once."""
        rules = d.rules
        seen: dict[Card, Path_] = {}
        for c, where in located:
            if not rules.pack_mask >> c.index & 1:
                raise self.error(
                    where,
                    E_NOT_IN_PACK,
                    notation=str(c),
                    rules=rules.name,
                    ranks=" ".join(r.symbol for r in rules.ranks),
                )
            if c in seen:
                raise self.error(
                    where,
                    E_TWICE,
                    card=str(c),
                    first=path_text(field_of(seen[c])),
                    second=path_text(field_of(where)),
                )
            seen[c] = where
        d.seen_mask = mask_of(seen)

    def check_scores(self, d: _Draft) -> None:
        """The tricks played agree with the scores, the marriages and the declaration."""
        rules, points, tricks = d.rules, d.points, d.tricks
        n_played = len(d.played)
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
        worth = sum(pts[c.index] for c, _ in d.played.cards)
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
            if rules.marriage_needs_trick and (d.melds[p] or d.pending[p]) and not tricks[p]:
                raise self.error(
                    ("scores", PLAYER_NAMES[p]), E_MARRIAGE_NO_TRICK, player=PLAYER_NAMES[p]
                )
        if rules.marriage_credit is Credit.IMMEDIATE and any(d.pending):
            raise self.error(("scores",), E_PENDING)
        if d.declared_by >= 0:
            if rules.out_resolution is not OutResolution.AFTER_TRICK:
                raise self.error(("declared_by",), E_DECLARED_RULES)
            if d.declared_by != d.leader:
                raise self.error(("declared_by",), E_DECLARED_LEADER, leader=PLAYER_NAMES[d.leader])

    def check_counts(self, d: _Draft) -> None:
        """The sizes of the hands and the stock agree with the cards played."""
        rules = d.rules
        if d.hands is not None:
            d.sizes = (len(d.hands[0]), len(d.hands[1]))
        else:
            assert d.hand is not None
            own = len(d.hand)
            opp_size = own if d.lead is None else own + 1 if d.leader == d.player else own - 1
            d.sizes = (own, opp_size) if d.player == A else (opp_size, own)
        d.face_down = (
            len(d.stock_list)
            if d.stock_list is not None
            else rules.pack_size
            - len(d.played)
            - (1 if d.lead else 0)
            - sum(d.sizes)
            - (1 if d.trump_card >= 0 else 0)
        )
        stock_left = d.trump_card >= 0 or (not rules.face_up and d.face_down > 0)
        undrawn = d.waiting is Wait.DRAW
        if undrawn and (not stock_left or d.closed_by >= 0 or d.last_trick is None):
            raise self.error(("waiting",), E_WAITING_DRAW)
        if d.waiting is Wait.REPLY and (d.closed_by != d.leader or d.trump_card < 0):
            raise self.error(("waiting",), E_WAITING_REPLY)
        self.check_sizes(
            rules, d.sizes, d.leader, d.lead is not None, stock_left, d.closed_by, undrawn
        )
        if d.hands is not None and d.stock_list is not None:
            missing = rules.pack_mask & ~d.seen_mask
            if missing:
                raise self.error(
                    (), E_MISSING_CARDS, cards=" ".join(str(c) for c in cards_of_mask(missing))
                )
        elif d.stock_count is not None and d.stock_count != d.face_down:
            raise self.error(
                ("stock",), E_STOCK_COUNT, expected=max(d.face_down, 0), given=d.stock_count
            )
        if d.face_down < 0:
            raise self.error(("stock",), E_STOCK_COUNT, expected=0, given=d.face_down)
        if rules.face_up and d.face_down and d.trump_card < 0:
            raise self.error(("trump",), E_STOCK_NO_TRUMP, n=d.face_down)
        if not rules.face_up and d.face_down % 2:
            raise self.error(("stock",), E_STOCK_ODD, n=d.face_down)
        if d.closed_by >= 0 and not stock_left:
            raise self.error(("closed_by",), E_CLOSED_EMPTY)
        d.closed_opp = self.closed_tricks(d.data, d.closed_by, d.tricks)

    # --- the value -----------------------------------------------------------------------
    @staticmethod
    def common(d: _Draft) -> dict[str, Any]:
        """The fields a ``State`` and a ``View`` share."""
        return dict(
            rules=d.rules,
            trump=d.trump,
            trump_card=d.trump_card,
            dealer=d.dealer,
            leader=d.leader,
            lead=d.lead_index,
            lead_marriage=d.lead_marriage,
            closed_by=d.closed_by,
            closed_opp_tricks=d.closed_opp,
            points=d.points,
            melds=d.melds,
            pending=d.pending,
            tricks=d.tricks,
            marriages=d.marriages,
            out_by=d.declared_by,
            last_trick=d.last_trick,
            result=None,
            waiting=d.waiting,
        )

    def open_hands(self, d: _Draft, hands: tuple[Cards, Cards]) -> Position:
        """Both hands known: a ``State``, or the view of the player to move when the stock's
        order is not given."""
        known = self.known(d.data, hands)
        if d.stock_list is not None:
            state = State(
                hands=(hands[0].mask, hands[1].mask),
                stock=tuple(c.index for c, _ in d.stock_list.cards),
                known=known,
                **self.common(d),
            )
            return Position(state, d.title, self.source)
        to_move = d.to_move
        view = View(
            player=to_move,
            hand=hands[to_move].mask,
            stock_count=d.face_down,
            played=d.played.mask,
            opponent_known=hands[other(to_move)].mask,
            shown=known[to_move],
            opponent_hand_size=len(hands[other(to_move)]),
            **self.common(d),
        )
        return Position(self.checked(view, ("stock",)), d.title, self.source)

    def one_hand(self, d: _Draft) -> Position:
        """What one player knows: a ``View``."""
        hand, opp = d.hand, d.opp
        assert hand is not None
        opp_size = d.sizes[other(d.player)]
        unseen = d.rules.pack_mask & ~d.seen_mask
        excluded = self.cards(opp.get("excluded"), ("opponent", "excluded"))
        for c, where in excluded.cards:
            if not unseen >> c.index & 1:
                raise self.error(where, E_EXCLUDED, card=str(c), name="opponent.excluded")
        hidden_given = opp.get("unknown")
        rest = unseen.bit_count() - d.face_down
        if hidden_given is not None:
            n = self.number(hidden_given, ("opponent", "unknown"))
            if n != opp_size - len(d.opp_known) or n != rest:
                raise self.error(
                    ("opponent", "unknown"),
                    E_COUNTS,
                    hidden=unseen.bit_count(),
                    stock=d.face_down,
                    rest=rest,
                    unknown=n,
                )
        shown = self.cards(d.data.get("shown"), ("shown",))
        for c, where in shown.cards:
            if not hand.mask >> c.index & 1:
                raise self.error(where, E_KNOWN, card=str(c), name="shown")
        view = View(
            player=d.player,
            hand=hand.mask,
            stock_count=d.face_down,
            played=d.played.mask,
            opponent_known=d.opp_known.mask,
            shown=shown.mask,
            opponent_hand_size=opp_size,
            excluded=excluded.mask,
            **self.common(d),
        )
        return Position(self.checked(view, ("opponent",)), d.title, self.source)


def _table_rules(data: Mapping[str, object]) -> RuleSet | None:
    """The rules of a position at a table of three or four, read by ``TableReader``; ``None``
    for two players and for rules that cannot be read (refused where the field is read)."""
    spec = data.get("preset")
    if not isinstance(spec, str):
        return None
    try:
        rules = parse_rules(spec)
    except Exception:  # refused, with its message, by ``FieldReader.rules``
        return None
    return rules if rules.seats != 2 else None

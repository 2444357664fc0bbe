"""Reading the deal of a lesson file: the hands, the trump card, the stock, the dealer.

With two players a card is dealt once, the hands may be short (the cards not named are dealt
from the rest of the pack), a match score may stand before the deal, and a comparison of
presets may narrate the deal under each (``variants``). At a table of three or four every hand
is written in full and a card may be named as often as the pack holds it. ``DealReader`` is
the part of the lesson reader (``tutor.teach.lessons.reader``) that reads the ``deal``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import yaml

from tutor.engine import SEAT_LETTERS, Card, Match, RuleSet
from tutor.formats.errors import shown
from tutor.formats.yamlsafe import where as _where
from tutor.teach.lessons.checks import CheckReader
from tutor.teach.lessons.messages import (
    E_CARD_TWICE,
    E_COPIES,
    E_DEAL,
    E_HAND_SIZE,
    E_MATCH_OVER,
    E_NOT_IN_PACK,
    E_NOT_TEXT,
    E_TRUMP_NOT_TURNED,
    E_VARIANT,
    E_VARIANT_NO_COMPARE,
)
from tutor.teach.lessons.model import PLAYERS, LessonDeal, initial_state

__all__ = ["DEAL_FIELDS", "DEAL_VARIANT_FIELDS", "TABLE_DEAL_FIELDS", "DealReader"]

DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration", "match", "variants")
#: The fields of a deal at a table of three or four.
TABLE_DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration")
DEAL_VARIANT_FIELDS = ("narration",)


class DealReader(CheckReader):
    """Reads the ``deal`` of a lesson file, and the preset names of a ``variants`` mapping."""

    def deal(
        self, node: yaml.Node, rules_by_name: Mapping[str, RuleSet], compare: tuple[str, ...]
    ) -> LessonDeal | None:
        if self.seats > 2:
            return self.table_deal(node, next(iter(rules_by_name.values())))
        m = self.mapping(node, "deal", DEAL_FIELDS)
        if m is None:
            return None
        n_errors = len(self.errors)
        dealer = 1
        if "dealer" in m:
            d = self.player(m["dealer"][1])
            dealer = d if isinstance(d, int) else 1
        hands: list[tuple[Card, ...]] = [(), ()]
        hands_node = self.require(m, "hands", node)
        if hands_node is not None:
            hm = self.mapping(hands_node, "hands", PLAYERS)
            if hm is not None:
                for i, p in enumerate(PLAYERS):
                    h = self.require(hm, p, hands_node)
                    if h is not None:
                        cards = self.cards(h, f"hands.{p}")
                        self.note_cards(cards, rules_by_name)
                        hands[i] = tuple(c for c, _ in cards)
                        for rules in rules_by_name.values():
                            if len(hands[i]) > rules.hand_size:
                                self.error(
                                    h,
                                    E_HAND_SIZE,
                                    player=p,
                                    count=len(hands[i]),
                                    rules=rules.name,
                                    size=rules.hand_size,
                                )
                                break
        trump: Card | None = None
        # Where every preset of the lesson names trumps, no card is turned up.
        face_up = any(rules.face_up for rules in rules_by_name.values())
        if not face_up and "trump" in m:
            self.error(m["trump"][1], E_TRUMP_NOT_TURNED)
        trump_node = self.require(m, "trump", node) if face_up else None
        if trump_node is not None:
            cards = self.cards(trump_node, "trump")
            if len(cards) != 1 and len(self.errors) == n_errors:
                self.error(trump_node, E_NOT_TEXT, field="trump")
            self.note_cards(cards[:1], rules_by_name)
            trump = cards[0][0] if len(cards) == 1 else None
        stock: tuple[Card, ...] = ()
        if "stock" in m:
            cards = self.cards(m["stock"][1], "stock")
            self.note_cards(cards, rules_by_name)
            stock = tuple(c for c, _ in cards)
        narration = ""
        if "narration" in m:
            narration = self.text(m["narration"][1], "narration", translatable=True) or ""
        match = None
        if "match" in m:
            pp = self.per_player(m["match"][1], "match", None)
            if pp is not None:
                match = (pp[0] or 0, pp[1] or 0)
                self.check_match(m["match"][1], match, rules_by_name)
        narrations: list[tuple[str, str]] = []
        if "variants" in m:
            for name, (_key, vnode) in self.variant_nodes(m["variants"][1], compare, None):
                vm = self.mapping(vnode, f"variants.{name}", DEAL_VARIANT_FIELDS)
                if vm and "narration" in vm:
                    t = self.text(vm["narration"][1], "narration", translatable=True)
                    if t:
                        narrations.append((name, t))
        if (trump is None and face_up) or len(self.errors) > n_errors:
            return None
        line, col = _where(node)
        deal = LessonDeal(
            hands=(hands[0], hands[1]),
            trump_card=trump,
            stock=stock,
            dealer=dealer,
            narration=narration,
            narrations=tuple(narrations),
            match=match,
            line=line,
            column=col,
        )
        for rules in rules_by_name.values():
            try:
                initial_state(deal, rules)
            except ValueError as exc:  # pragma: no cover - the checks above catch it first
                self.error(node, E_DEAL, problem=str(exc))
                return None
        return deal

    def table_deal(self, node: yaml.Node, rules: RuleSet) -> LessonDeal | None:
        """A deal at a table of three or four: every hand in full, the face-up card, the top
        of the stock, the dealer (A by default); a card as often as the pack holds it."""
        m = self.mapping(node, "deal", TABLE_DEAL_FIELDS)
        if m is None:
            return None
        n_errors = len(self.errors)
        dealer = 0
        if "dealer" in m:
            d = self.seat(m["dealer"][1])
            dealer = d if isinstance(d, int) else 0
        names = SEAT_LETTERS[: self.seats]
        hands: list[tuple[Card, ...]] = [()] * self.seats
        counted: Counter[Card] = Counter()
        where: dict[Card, yaml.Node] = {}
        hands_node = self.require(m, "hands", node)
        if hands_node is not None:
            hm = self.mapping(hands_node, "hands", names)
            for i, p in enumerate(names):
                h = self.require(hm, p, hands_node) if hm is not None else None
                if h is None:
                    continue
                cards = self.cards(h, f"hands.{p}")
                hands[i] = tuple(c for c, _ in cards)
                self.count_cards(cards, rules, counted, where)
                if len(hands[i]) != rules.hand_size:
                    size = rules.hand_size
                    self.error(
                        h, E_HAND_SIZE, player=p, count=len(hands[i]), rules=rules.name, size=size
                    )
        trump: Card | None = None
        trump_node = self.require(m, "trump", node)
        if trump_node is not None:
            cards = self.cards(trump_node, "trump")
            if len(cards) != 1:
                self.error(trump_node, E_NOT_TEXT, field="trump")
            else:
                trump = cards[0][0]
                self.count_cards(cards, rules, counted, where)
        stock: tuple[Card, ...] = ()
        if "stock" in m:
            cards = self.cards(m["stock"][1], "stock")
            self.count_cards(cards, rules, counted, where)
            stock = tuple(c for c, _ in cards)
        for card, count in counted.items():
            if count > rules.copies and rules.pack_mask >> card.index & 1:
                self.error(
                    where[card],
                    E_COPIES,
                    notation=str(card),
                    count=count,
                    rules=rules.name,
                    copies=rules.copies,
                )
        narration = ""
        if "narration" in m:
            narration = self.text(m["narration"][1], "narration", translatable=True) or ""
        if trump is None or len(self.errors) > n_errors:
            return None
        line, col = _where(node)
        return LessonDeal(tuple(hands), trump, stock, dealer, narration, line=line, column=col)

    def count_cards(
        self,
        cards: Sequence[tuple[Card, yaml.Node]],
        rules: RuleSet,
        counted: Counter[Card],
        where: dict[Card, yaml.Node],
    ) -> None:
        """Count the cards of a table's deal; report those outside the pack."""
        for card, node in cards:
            if not rules.pack_mask >> card.index & 1:
                ranks = " ".join(r.symbol for r in rules.ranks)
                self.error(node, E_NOT_IN_PACK, notation=str(card), rules=rules.name, ranks=ranks)
                continue
            counted[card] += 1
            where[card] = node
            self.card_lines.setdefault(card, _where(node)[0])

    def check_match(
        self, node: yaml.Node, match: tuple[int, int], rules_by_name: Mapping[str, RuleSet]
    ) -> None:
        """A match score before the deal is one the match can have while it goes on."""
        for rules in rules_by_name.values():
            target = Match(rules, 0).target
            if target and max(match) >= target:
                self.error(
                    node,
                    E_MATCH_OVER,
                    a=match[0],
                    b=match[1],
                    rules=rules.name,
                    target=target,
                )
                return

    def note_cards(
        self, cards: Sequence[tuple[Card, yaml.Node]], rules_by_name: Mapping[str, RuleSet]
    ) -> None:
        """Report cards outside a preset's pack and cards dealt twice."""
        for card, where in cards:
            for rules in rules_by_name.values():
                if not rules.pack_mask >> card.index & 1:
                    self.error(
                        where,
                        E_NOT_IN_PACK,
                        notation=str(card),
                        rules=rules.name,
                        ranks=" ".join(r.symbol for r in rules.ranks),
                    )
                    break
            if card in self.card_lines:
                self.error(
                    where, E_CARD_TWICE, notation=str(card), other_line=self.card_lines[card]
                )
            else:
                self.card_lines[card] = _where(where)[0]

    def variant_nodes(
        self, node: yaml.Node, compare: tuple[str, ...], step: int | None
    ) -> Iterator[tuple[str, tuple[yaml.Node, yaml.Node]]]:
        if not compare:
            self.error(node, E_VARIANT_NO_COMPARE, step=step)
            return
        m = self.mapping(node, "variants", (), step)
        for name, (key, value) in (m or {}).items():
            if name not in compare[1:]:
                valid = ", ".join(compare[1:])
                self.error(key, E_VARIANT, step=step, name=shown(name), valid=valid)
                continue
            yield name, (key, value)

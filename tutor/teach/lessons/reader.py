"""Reading a lesson file: YAML nodes to a ``Lesson``, collecting every problem.

The text is parsed by ``tutor.formats.yamlsafe`` (plain YAML only: no tags, no aliases, at
most ``MAX_NODES`` values), and ``_Reader`` walks the nodes, so every error names the line
and column of the value it is about (for a card in ``"Ah 10h Kc"``, the card itself).

One reader serves every seat count: the rules name the seats, the hands are keyed by seat
letter (``A`` to ``D``), and each check declares the seat counts it serves (``CHECK_SEATS``).
At a table of three or four every hand is written in full, a card may be named as often as
the pack holds it, and ``your_move`` lists the moves it accepts (no solver gives exact values
there).
``read_lesson(path, data)`` gives the lesson (``None`` if it has any problem) and the problems;
it does not replay the lesson (``tutor.teach.lessons.library`` does).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import yaml

from tutor.engine import (
    SEAT_LETTERS,
    Card,
    Match,
    Move,
    RuleSet,
    parse_rules,
)
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError, rules_problem, shown
from tutor.formats.messages import E_TWICE_SAME, id_problem
from tutor.formats.yamlsafe import where as _where
from tutor.teach.lessons.messages import (
    E_ALIAS,
    E_BOTH_KINDS,
    E_CARD_TWICE,
    E_CHECK,
    E_COMPARE_LONG,
    E_COMPARE_RULES,
    E_COMPARE_SEATS,
    E_COMPARE_SHORT,
    E_COPIES,
    E_DEAL,
    E_DUPLICATE_KEY,
    E_EMPTY,
    E_EMPTY_TEXT,
    E_HAND_SIZE,
    E_LEVEL,
    E_MATCH_OVER,
    E_MISSING,
    E_NO_STEPS,
    E_NOT_IN_PACK,
    E_NOT_LIST,
    E_NOT_TEXT,
    E_ONE_RIGHT,
    E_PAUSE_NARRATION,
    E_SEAT,
    E_SHOW,
    E_TABLE_ACCEPT,
    E_TAG,
    E_TOO_COMPLEX,
    E_TRUMP_NOT_TURNED,
    E_UNNAMED,
    E_VARIANT,
    E_VARIANT_NO_COMPARE,
    E_YOUR_MOVE_COMPARE,
    E_YOUR_MOVE_NEEDS_MOVE,
)
from tutor.teach.lessons.model import (
    LEVELS,
    PLAYERS,
    SHOW,
    SHOW_ALL,
    Answer,
    Check,
    Lesson,
    LessonDeal,
    LessonError,
    Question,
    Step,
    StepVariant,
    YourMove,
    initial_state,
    unnamed_cards,
)
from tutor.teach.lessons.nodes import NodeReader, show_value

__all__ = [
    "CHECKS",
    "CHECK_SEATS",
    "MAX_BYTES",
    "MAX_COMPARE",
    "MAX_NODES",
    "POLICY",
    "read_lesson",
]

#: Files larger than this are refused before they are parsed.
MAX_BYTES = 256 * 1024
#: At most this many YAML nodes in one file.
MAX_NODES = 20_000
#: At most this many presets in ``compare`` (the lesson is replayed under each).
MAX_COMPARE = 8
#: What a lesson file may hold, and the message for each thing it may not.
POLICY = yamlsafe.Policy(
    max_nodes=MAX_NODES,
    too_complex=E_TOO_COMPLEX,
    alias=E_ALIAS,
    tag=E_TAG,
    empty=E_EMPTY,
    duplicate_key=E_DUPLICATE_KEY,
)


TOP_FIELDS = ("id", "title", "level", "summary", "rules", "compare", "show", "deal", "steps")
DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration", "match", "variants")
#: The fields of a deal at a table of three or four.
TABLE_DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration")
STEP_FIELDS = ("move", "narration", "rule_ids", "check", "variants", "your_move", "question")
YOUR_MOVE_FIELDS = ("accept", "tolerance", "prompt", "feedback")
QUESTION_FIELDS = ("text", "answers", "check")
ANSWER_FIELDS = ("text", "right", "why")
#: The checks a question may use to prove its right answer (those serving the lesson's seats).
QUESTION_CHECKS = ("points", "score", "trick_winner", "legal", "illegal")
VARIANT_FIELDS = ("move", "narration", "rule_ids", "check")
DEAL_VARIANT_FIELDS = ("narration",)
CHECKS = (
    "points",
    "score",
    "pending",
    "tricks",
    "trick_winner",
    "legal",
    "illegal",
    "because",
    "to_move",
    "hand",
    "stock",
    "trump_card",
    "over",
    "game_points",
    "winner",
    "match",
    "match_winner",
)
_ALL = (2, 3, 4)
#: The seat counts each check serves: the checks over the game interface serve every table;
#: the two-player engine's own counts (points, pending, the hands, the trump card, a match)
#: serve two. A question proves its answer with ``score`` at a table, ``points`` with two.
CHECK_SEATS: dict[str, tuple[int, ...]] = {
    "points": (2,),
    "score": _ALL,
    "pending": (2,),
    "tricks": _ALL,
    "trick_winner": _ALL,
    "legal": _ALL,
    "illegal": _ALL,
    "because": (2,),
    "to_move": _ALL,
    "hand": (2,),
    "stock": _ALL,
    "trump_card": (2,),
    "over": (2,),
    "game_points": (2,),
    "winner": _ALL,
    "match": (2,),
    "match_winner": (2,),
}
_QUESTION_SEATS = {"score": (3, 4)}


def checks_for(seats: int, names: Sequence[str] = CHECKS) -> tuple[str, ...]:
    """The checks of ``names`` that serve a table of ``seats``."""
    serve = {**CHECK_SEATS, **_QUESTION_SEATS} if names is QUESTION_CHECKS else CHECK_SEATS
    return tuple(n for n in names if seats in serve[n])


class _Fatal(Exception):
    """Stop reading a file: the error is already recorded."""


@dataclass
class _Reader(NodeReader):
    """Reads one lesson file into a ``Lesson``, collecting every problem it finds."""

    seats: int = 2

    # -- the lesson ---------------------------------------------------------------------------

    def lesson(self, root: yaml.Node) -> Lesson | None:
        top = self.mapping(root, "lesson", TOP_FIELDS)
        if top is None:
            return None
        values: dict[str, object] = {}
        for key in ("id", "title", "summary"):
            node = self.require(top, key, root)
            if node is not None:
                values[key] = self.text(node, key, translatable=key != "id")
        lesson_id = values.get("id")
        problem = id_problem(lesson_id) if isinstance(lesson_id, str) else None
        if problem is not None:
            self.error(top["id"][1], problem[0], **problem[1])
        level = None
        node = self.require(top, "level", root)
        if node is not None:
            level = self.integer(node, "level")
            if level is not None and level not in LEVELS:
                self.error(node, E_LEVEL, value=level)
                level = None
        presets = self.presets(top, root)
        show = self.show(top["show"][1]) if "show" in top else ""
        if presets is None:
            raise _Fatal
        rules_by_name, compare = presets
        main = compare[0] if compare else next(iter(rules_by_name))
        deal_node = self.require(top, "deal", root)
        deal = self.deal(deal_node, rules_by_name, compare) if deal_node is not None else None
        steps_node = self.require(top, "steps", root)
        steps = self.steps(steps_node, compare, deal) if steps_node is not None else None
        if self.errors or deal is None or steps is None:
            raise _Fatal
        assert isinstance(lesson_id, str) and isinstance(level, int)
        rules = rules_by_name[main]
        return Lesson(
            id=lesson_id,
            title=str(values["title"]),
            level=level,
            summary=str(values["summary"]),
            rules=rules,
            preset=main,
            show=show or ("both" if self.seats == 2 else SHOW_ALL),
            path=self.path,
            steps=steps,
            deal=deal,
            compare=compare,
            unnamed=unnamed_cards(deal, rules) if self.seats == 2 else frozenset(),
        )

    def show(self, node: yaml.Node) -> str:
        """``show``: ``A``, ``B`` or ``both`` for two players; at a table ``all`` or the seats
        whose hands are shown (``A C``), written as one text of seat letters."""
        value = self.scalar(node)
        if self.seats == 2:
            if isinstance(value, str) and value.strip() in SHOW:
                return value.strip()
            self.error(node, E_SHOW, value=show_value(value), valid=", ".join(SHOW))
            return ""
        if isinstance(value, str) and value.strip() == SHOW_ALL:
            return SHOW_ALL
        seen = [False] * self.seats
        for item in self.items(node, "show"):
            for word in str(self.scalar(item) or "").split() or [""]:
                seat = self.seat(yaml.ScalarNode("tag:yaml.org,2002:str", word, item.start_mark))
                if isinstance(seat, int):
                    seen[seat] = True
        return " ".join(letter for letter, on in zip(SEAT_LETTERS, seen, strict=False) if on)

    def seat(self, node: yaml.Node, step: int | None = None, *, none_ok: bool = False) -> object:
        """A seat's index (0 for A); ``None`` for a YAML null when allowed; an error names the
        seats of this table."""
        if self.seats == 2:
            return self.player(node, step, none_ok=none_ok)
        value = self.scalar(node)
        if value is None and none_ok:
            return None
        names = SEAT_LETTERS[: self.seats]
        if isinstance(value, str) and value.strip() in names:
            return names.index(value.strip())
        self.error(node, E_SEAT, step=step, value=shown(value), valid=", ".join(names))
        return _BAD

    def presets(
        self, top: Mapping[str, tuple[yaml.Node, yaml.Node]], root: yaml.Node
    ) -> tuple[dict[str, RuleSet], tuple[str, ...]] | None:
        """The lesson's rule sets by name, and the ``compare`` list (empty if none)."""
        rules_by_name: dict[str, RuleSet] = {}
        compare: list[str] = []
        if "compare" in top:
            node = top["compare"][1]
            items = self.items(node, "compare")
            if len(items) > MAX_COMPARE:
                self.error(node, E_COMPARE_LONG, limit=MAX_COMPARE)
                return None
            for item in items:
                name = self.text(item, "compare")
                if name is None:
                    continue
                rs = self.rule_set(item, name)
                if rs is not None and name not in rules_by_name:
                    rules_by_name[name] = rs
                    compare.append(name)
            if len(compare) < 2 and len(self.errors) == 0:
                self.error(node, E_COMPARE_SHORT)
                return None
        if "rules" in top:
            node = top["rules"][1]
            name = self.text(node, "rules")
            if name is None:
                return None
            if compare:
                if name != compare[0]:
                    self.error(node, E_COMPARE_RULES, rules=name, compare=", ".join(compare))
                    return None
            else:
                rs = self.rule_set(node, name)
                if rs is None:
                    return None
                rules_by_name[name] = rs
        elif not compare:
            self.error(root, E_MISSING, field="rules")
            return None
        if not rules_by_name:
            return None
        for name, rs in rules_by_name.items():
            if compare and rs.seats != 2:
                self.error(top["compare"][1], E_COMPARE_SEATS, rules=name, seats=rs.seats)
                return None
            self.seats = rs.seats
        return rules_by_name, tuple(compare)

    def rule_set(self, node: yaml.Node, spec: str) -> RuleSet | None:
        try:
            return parse_rules(spec)
        except Exception as exc:  # whatever the rules refuse: named at the field
            template, params = rules_problem(spec, exc)
            self.error(node, template, **params)
        return None

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

    def steps(
        self, node: yaml.Node, compare: tuple[str, ...], deal: LessonDeal | None
    ) -> tuple[Step, ...] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, E_NOT_LIST, field="steps")
            return None
        if not node.value:
            self.error(node, E_NO_STEPS)
            return None
        named = deal.named if deal is not None and self.seats == 2 else None
        out = []
        for number, item in enumerate(node.value, start=1):
            step = self.step(item, number, compare, named)
            if step is not None:
                out.append(step)
        return tuple(out)

    def step(
        self,
        node: yaml.Node,
        number: int,
        compare: tuple[str, ...],
        named: frozenset[Card] | None,
    ) -> Step | None:
        m = self.mapping(node, f"step {number}", STEP_FIELDS, number)
        if m is None:
            return None
        n_errors = len(self.errors)
        base = self.step_fields(m, node, number, named)
        variants: list[tuple[str, StepVariant]] = []
        if "variants" in m:
            for name, (_key, vnode) in self.variant_nodes(m["variants"][1], compare, number):
                vm = self.mapping(vnode, f"variants.{name}", VARIANT_FIELDS, number)
                if vm is not None:
                    variants.append((name, self.step_fields(vm, vnode, number, named)))
        if len(self.errors) > n_errors:
            return None
        if base.move is None and not base.narration and "question" not in m:
            self.error(node, E_PAUSE_NARRATION, step=number)
            return None
        your_move = question = None
        if "your_move" in m and "question" in m:
            self.error(m["question"][0], E_BOTH_KINDS, step=number)
            return None
        if "your_move" in m:
            if compare:
                compared = ", ".join(compare)
                self.error(m["your_move"][0], E_YOUR_MOVE_COMPARE, step=number, compare=compared)
                return None
            if base.move is None:
                self.error(m["your_move"][0], E_YOUR_MOVE_NEEDS_MOVE, step=number)
                return None
            your_move = self.your_move(m["your_move"][1], number)
            if your_move is not None and not your_move.accept and self.seats > 2:
                self.error(m["your_move"][1], E_TABLE_ACCEPT, step=number)
                return None
        if "question" in m:
            question = self.question(m["question"][1], number)
        if len(self.errors) > n_errors:
            return None
        line, col = _where(node)
        return Step(
            number=number,
            line=line,
            column=col,
            move=base.move,
            move_text=base.move_text,
            narration=base.narration or "",
            rule_ids=base.rule_ids or (),
            checks=base.checks or (),
            variants=tuple(variants),
            move_line=base.line,
            move_column=base.column,
            your_move=your_move,
            question=question,
        )

    def your_move(self, node: yaml.Node, number: int) -> YourMove | None:
        """``accept:`` moves and/or ``tolerance:`` in game points, ``prompt``, ``feedback``."""
        line, col = _where(node)
        if isinstance(node, yaml.ScalarNode) and self.scalar(node) is None:
            return YourMove((), 0, "", "", line, col)  # "your_move:" alone: the best move
        m = self.mapping(node, "your_move", YOUR_MOVE_FIELDS, number)
        if m is None:
            return None
        accept: list[tuple[Move, str, int, int]] = []
        if "accept" in m:
            for item in self.items(m["accept"][1], "accept", number):
                parsed = self.move(item, number)
                if parsed is not None:
                    accept.append((*parsed, *_where(item)))
        tolerance = 0
        if "tolerance" in m:
            tolerance = self.count(m["tolerance"][1], "tolerance", number) or 0
        texts = {}
        for key in ("prompt", "feedback"):
            if key in m:
                texts[key] = self.text(m[key][1], key, number, translatable=True) or ""
        return YourMove(
            tuple(accept),
            tolerance,
            texts.get("prompt", ""),
            texts.get("feedback", ""),
            line,
            col,
        )

    def question(self, node: yaml.Node, number: int) -> Question | None:
        """``text``, ``answers`` (each ``text``, ``right``, ``why``) and an optional ``check``."""
        m = self.mapping(node, "question", QUESTION_FIELDS, number)
        if m is None:
            return None
        n_errors = len(self.errors)
        text_node = self.require(m, "text", node, number)
        text = self.text(text_node, "text", number, translatable=True) if text_node else None
        answers: list[Answer] = []
        answers_node = self.require(m, "answers", node, number)
        if answers_node is not None:
            if not isinstance(answers_node, yaml.SequenceNode):
                self.error(answers_node, E_NOT_LIST, step=number, field="answers")
            else:
                for item in answers_node.value:
                    answer = self.answer(item, number)
                    if answer is not None:
                        answers.append(answer)
                right = sum(a.right for a in answers)
                if right != 1 and len(self.errors) == n_errors:
                    self.error(m["answers"][0], E_ONE_RIGHT, step=number, count=right)
        checks: tuple[Check, ...] = ()
        if "check" in m:
            checks = self.checks(m["check"][1], number, QUESTION_CHECKS)
        if text is None or len(self.errors) > n_errors:
            return None
        line, col = _where(node)
        return Question(text, tuple(answers), checks, line, col)

    def answer(self, node: yaml.Node, number: int) -> Answer | None:
        m = self.mapping(node, "answers", ANSWER_FIELDS, number)
        if m is None:
            return None
        texts = []
        for key in ("text", "why"):
            value = self.require(m, key, node, number)
            texts.append(self.text(value, key, number, translatable=True) if value else None)
        right = False
        if "right" in m:
            right = bool(self.boolean(m["right"][1], "right", number))
        if texts[0] is None or texts[1] is None:
            return None
        return Answer(texts[0], right, texts[1])

    def step_fields(
        self,
        m: Mapping[str, tuple[yaml.Node, yaml.Node]],
        node: yaml.Node,
        number: int,
        named: frozenset[Card] | None,
    ) -> StepVariant:
        move: Move | None = None
        move_text = ""
        line, col = _where(node)
        if "move" in m:
            mnode = m["move"][1]
            line, col = _where(mnode)
            parsed = self.move(mnode, number)
            if parsed is not None:
                move, move_text = parsed
                card = getattr(move, "card", None)
                if isinstance(card, Card) and named is not None and card not in named:
                    self.error(mnode, E_UNNAMED, step=number, move=move_text, notation=str(card))
        narration = None
        if "narration" in m:
            narration = self.text(m["narration"][1], "narration", number, translatable=True)
        rule_ids = None
        if "rule_ids" in m:
            rule_ids = self.rule_ids(m["rule_ids"][1], "rule_ids", number)
        checks = None
        if "check" in m:
            checks = self.checks(m["check"][1], number)
        return StepVariant(move, move_text, narration, rule_ids, checks, line, col)

    def checks(
        self, node: yaml.Node, number: int, valid: tuple[str, ...] = CHECKS
    ) -> tuple[Check, ...]:
        valid = checks_for(self.seats, valid)
        m = self.mapping(node, "check", (), number)
        if isinstance(node, yaml.MappingNode) and not node.value:  # it checks nothing
            self.error(node, E_EMPTY_TEXT, step=number, field="check")
        out = []
        for name, (key, value) in (m or {}).items():
            if name not in valid:
                self.error(key, E_CHECK, step=number, name=shown(name), valid=", ".join(valid))
                continue
            parsed = self.check_value(name, value, number)
            if parsed is _BAD:
                continue
            if parsed in ((), (None, None)):  # an empty list or mapping: it checks nothing
                self.error(value, E_EMPTY_TEXT, step=number, field=name)
                continue
            line, col = _where(key)
            out.append(Check(name, parsed, line, col))
        return tuple(out)

    def check_value(self, name: str, node: yaml.Node, number: int) -> object:
        """The value of the check ``name`` (read by its reader in ``CHECK_READS``), or
        ``_BAD`` when it has a problem."""
        n_errors = len(self.errors)
        result = CHECK_READS[name](self, node, name, number)
        return _BAD if len(self.errors) > n_errors else result

    def illegal(self, node: yaml.Node, number: int) -> tuple[tuple[Move, str, str | None], ...]:
        """``[move, ...]`` or ``{move: rule id, ...}``: moves with the rule expected to forbid
        them (``None``: any rule)."""
        out: list[tuple[Move, str, str | None]] = []
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                parsed = self.move(key, number)
                rid: str | None = None
                if self.scalar(value) is not None:
                    ids = self.rule_ids(value, "illegal", number)
                    rid = ids[0] if ids else None
                if parsed is not None:
                    out.append((parsed[0], parsed[1], rid))
            return tuple(out)
        for item in self.items(node, "illegal", number):
            parsed = self.move(item, number)
            if parsed is not None:
                out.append((parsed[0], parsed[1], None))
        return tuple(out)


_BAD = object()


# ----------------------------------------------------------------------------- check readers

#: Reads one check's value: the reader, the value's node, the check's name, the step number.
_CheckRead = Callable[[_Reader, yaml.Node, str, int], object]


def _read_pair(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    """Counts by seat: ``(A, B)`` with two players (``None`` where not checked); at a table
    ``((seat, count), ...)``, each seat counting for its side."""
    if r.seats == 2:
        return r.per_player(node, name, number)
    m = r.mapping(node, name, SEAT_LETTERS[: r.seats], number)
    pairs = []
    for key, (knode, vnode) in (m or {}).items():
        seat = r.seat(knode, number)
        n = r.count(vnode, f"{name}.{key}", number)
        if isinstance(seat, int) and n is not None:
            pairs.append((seat, n))
    return tuple(pairs)


def _read_player(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    return r.seat(node, number, none_ok=name != "trick_winner")


def _read_legal(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    moves = [r.move(item, number) for item in r.items(node, name, number)]
    return tuple(m for m in moves if m is not None)


def _read_illegal(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    return r.illegal(node, number)


def _read_because(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    return r.rule_ids(node, name, number)


def _read_hand(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    hm = r.mapping(node, name, PLAYERS, number)
    hands: list[tuple[int, frozenset[Card]]] = []
    seen: dict[Card, str] = {}
    for i, p in enumerate(PLAYERS):
        if hm and p in hm:
            cards = r.cards(hm[p][1], f"hand.{p}", number)
            for card, where in cards:
                if card in seen:  # a hand holds a card once, and one hand holds it
                    r.error(where, E_TWICE_SAME, step=number, card=str(card), name=seen[card])
                seen.setdefault(card, f"hand.{p}")
            hands.append((i, frozenset(c for c, _ in cards)))
    return tuple(hands)


def _read_stock(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    return r.count(node, name, number)


def _read_trump_card(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    n_errors = len(r.errors)
    if r.scalar(node) is None:
        return None
    cards = r.cards(node, name, number)
    if len(cards) != 1 and len(r.errors) == n_errors:
        r.error(node, E_NOT_TEXT, step=number, field=name)
    return cards[0][0] if len(cards) == 1 else None


def _read_over(r: _Reader, node: yaml.Node, name: str, number: int) -> object:
    return r.boolean(node, name, number)


#: One reader per check name, in the order of ``CHECKS`` (as ``replay.CHECK_RUNS`` runs them).
CHECK_READS: dict[str, _CheckRead] = {
    "points": _read_pair,
    "score": _read_pair,
    "pending": _read_pair,
    "tricks": _read_pair,
    "trick_winner": _read_player,
    "legal": _read_legal,
    "illegal": _read_illegal,
    "because": _read_because,
    "to_move": _read_player,
    "hand": _read_hand,
    "stock": _read_stock,
    "trump_card": _read_trump_card,
    "over": _read_over,
    "game_points": _read_pair,
    "winner": _read_player,
    "match": _read_pair,
    "match_winner": _read_player,
}
assert tuple(CHECK_READS) == CHECKS, "every check the reader accepts has its reader, in order"


def read_lesson(path: str, data: bytes) -> tuple[Lesson | None, tuple[LessonError, ...]]:
    """The lesson in a file's bytes (``None`` if it has a problem) and every problem found."""
    reader = _Reader(path)
    try:
        root = yamlsafe.compose(data, path, POLICY)
        lesson = reader.lesson(root)
    except SourceError as exc:
        return None, (exc.recast(LessonError),)
    except _Fatal:
        return None, tuple(reader.errors)
    if lesson is None:
        return None, tuple(reader.errors)
    return lesson, ()

"""Reading a lesson file: YAML nodes to a ``Lesson``, collecting every problem.

The text is parsed by ``tutor.formats.yamlsafe`` (plain YAML only: no tags, no aliases, at
most ``MAX_NODES`` values), and ``_Reader`` walks the nodes, so every error names the line
and column of the value it is about (for a card in ``"Ah 10h Kc"``, the card itself).

One reader serves every seat count: the rules name the seats, the hands are keyed by seat
letter (``A`` to ``D``), and each check declares the seat counts it serves (``CHECK_SEATS``).
At a table of three or four every hand is written in full, a card may be named as often as
the pack holds it, and ``your_move`` lists the moves it accepts (no solver gives exact values
there). ``_Reader`` reads the lesson, its presets and its steps; it builds on the deal's reader
(``tutor.teach.lessons.deal_reader``), which builds on the reader of the seats and the checks
(``tutor.teach.lessons.checks``).
``read_lesson(path, data)`` gives the lesson (``None`` if it has any problem) and the problems;
it does not replay the lesson (``tutor.teach.lessons.library`` does).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import yaml

from tutor.engine import (
    SEAT_LETTERS,
    Card,
    Move,
    RuleSet,
    parse_rules,
)
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError, rules_problem
from tutor.formats.messages import id_problem
from tutor.formats.yamlsafe import where as _where
from tutor.msgid import TEXT_LANGUAGES
from tutor.teach.lessons.checks import QUESTION_CHECKS
from tutor.teach.lessons.deal_reader import DealReader
from tutor.teach.lessons.messages import (
    E_ALIAS,
    E_BOTH_KINDS,
    E_COMPARE_LONG,
    E_COMPARE_RULES,
    E_COMPARE_SEATS,
    E_COMPARE_SHORT,
    E_DUPLICATE_KEY,
    E_EMPTY,
    E_LANGUAGE,
    E_LEVEL,
    E_MISSING,
    E_NO_STEPS,
    E_NOT_LIST,
    E_ONE_RIGHT,
    E_PAUSE_NARRATION,
    E_SHOW,
    E_TABLE_ACCEPT,
    E_TAG,
    E_TERM,
    E_TOO_COMPLEX,
    E_UNNAMED,
    E_YOUR_MOVE_COMPARE,
    E_YOUR_MOVE_NEEDS_MOVE,
)
from tutor.teach.lessons.model import (
    LEVELS,
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
    unnamed_cards,
)
from tutor.teach.lessons.nodes import show_value
from tutor.teach.lessons.recall import recall_problems
from tutor.teach.lessons.terms import TERMS

__all__ = [
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


TOP_FIELDS = (
    "id",
    "language",
    "title",
    "level",
    "summary",
    "rules",
    "compare",
    "show",
    "terms",
    "deal",
    "steps",
)
STEP_FIELDS = ("move", "narration", "rule_ids", "check", "variants", "your_move", "question")
YOUR_MOVE_FIELDS = ("accept", "tolerance", "prompt", "feedback")
QUESTION_FIELDS = ("text", "answers", "check")
ANSWER_FIELDS = ("text", "right", "why")
VARIANT_FIELDS = ("move", "narration", "rule_ids", "check")


class _Fatal(Exception):
    """Stop reading a file: the error is already recorded."""


class _Reader(DealReader):
    """Reads one lesson file into a ``Lesson``, collecting every problem it finds."""

    # -- the lesson ---------------------------------------------------------------------------

    def lesson(self, root: yaml.Node) -> Lesson | None:
        top = self.mapping(root, "lesson", TOP_FIELDS)
        if top is None:
            return None
        values: dict[str, object] = {}
        if "language" in top:
            self.language = self.lesson_language(top["language"][1])
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
        terms = self.terms(top["terms"][1]) if "terms" in top else ()
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
            title=cast(str, values["title"]),
            level=level,
            summary=cast(str, values["summary"]),
            rules=rules,
            preset=main,
            show=show or ("both" if self.seats == 2 else SHOW_ALL),
            path=self.path,
            steps=steps,
            deal=deal,
            compare=compare,
            unnamed=unnamed_cards(deal, rules) if self.seats == 2 else frozenset(),
            terms=terms,
            language=self.language,
        )

    def lesson_language(self, node: yaml.Node) -> str:
        """``language``: the language the lesson's texts are written in (``de``, ``pl``,
        ``en``)."""
        value = self.text(node, "language")
        if value is not None and value not in TEXT_LANGUAGES:
            self.error(node, E_LANGUAGE, value=value, valid=", ".join(TEXT_LANGUAGES))
            return ""
        return value or ""

    def terms(self, node: yaml.Node) -> tuple[str, ...]:
        """``terms``: the ids of the terms the lesson introduces, each from ``TERMS``."""
        out: list[str] = []
        for item in self.items(node, "terms"):
            term = self.text(item, "terms")
            if term is None:
                continue
            if term not in TERMS:
                self.error(item, E_TERM, term=term, valid=", ".join(TERMS))
            elif term not in out:
                out.append(term)
        return tuple(out)

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
        return Answer(texts[0], right, texts[1], *_where(m["text"][1]))

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
    reading = recall_problems(lesson)
    if reading:
        return None, reading
    return lesson, ()

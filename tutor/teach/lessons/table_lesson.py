"""Lessons for three and four players: a deal at a table of three or four seats, replayed
card by card with the engine of ``tutor.engine.table``.

A table lesson is written like a two-player lesson (``id``, ``title``, ``level``, ``summary``,
``rules``, ``deal``, ``steps`` with ``move``, ``narration``, ``rule_ids``, ``check``,
``your_move`` and ``question``), with these differences:

- ``rules`` names a preset for three or four seats (``three``, ``three_pack32``, ``four``);
- ``deal.hands`` has a hand for each seat, ``A`` to ``C`` or ``D``, each in full; ``deal.stock``
  may name the top of the stock, and the rest of the pack follows in display order; in a
  game with two packs a card may be named twice;
- ``show`` lists the seats whose hands the learner sees (``all`` by default), for example ``A``
  for a lesson played from A's chair;
- ``your_move`` lists the moves it accepts (``accept``): with hidden cards and three or four
  players there is no exact value to compare with;
- the checks are ``score``, ``tricks`` (by seat: the seat's side), ``trick_winner``,
  ``to_move``, ``winner`` (a seat of the winning side, or null for nobody), ``legal``,
  ``illegal`` and ``stock`` (the cards left to draw).

``read_table_lesson(path, data)`` reads and replays a file; ``TableLibrary`` is the folder of
such lessons (``lessons/table``), as ``Library`` is for two players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from tutor.engine import (
    CARDS,
    SEAT_NAMES,
    Card,
    Move,
    RuleSet,
    TableState,
    Verdict,
    cards_of_mask,
    side_name,
    table_apply_unchecked,
    table_check,
    table_from_order,
)
from tutor.formats import yamlsafe
from tutor.formats.errors import SourceError, shown
from tutor.formats.messages import (
    E_DUPLICATE_ID,
    E_HAND_SIZE,
    E_LEVEL,
    E_NOT_IN_PACK,
    E_NOT_TEXT,
    E_TOO_LARGE,
    os_problem,
)
from tutor.formats.yamlsafe import where as _where
from tutor.msgid import N_
from tutor.teach.catalog import Catalog
from tutor.teach.lessons.messages import (
    C_DRAW,
    C_ILLEGAL,
    C_ILLEGAL_RULE,
    C_LEGAL,
    C_NO_TRICK,
    C_NOT_OVER,
    C_SCORE,
    C_STOCK,
    C_TO_MOVE,
    C_TO_MOVE_NONE,
    C_TO_MOVE_OVER,
    C_TRICK_WINNER,
    C_TRICKS,
    C_WINNER,
    C_WINNER_DRAW,
    E_ACCEPT_ILLEGAL,
    E_AFTER_END,
    E_ANSWER_ENGINE,
    E_CHECK,
    E_ILLEGAL,
    E_NOT_ACCEPTED,
    E_YOUR_MOVE_TURN,
)
from tutor.teach.lessons.model import LEVELS, Check, LessonError, Question, Step, YourMove
from tutor.teach.lessons.reader import (
    _BAD,
    MAX_BYTES,
    POLICY,
    QUESTION_CHECKS,
    _Fatal,
    _read_illegal,
    _read_legal,
    _Reader,
)

__all__ = [
    "TABLE_CHECKS",
    "TABLE_FOLDER",
    "TableDeal",
    "TableFrame",
    "TableLesson",
    "TableLibrary",
    "read_table_file",
    "read_table_lesson",
]

E_SEAT = N_("'{value}' is not a seat at this table; write one of {valid}")
E_COPIES = N_(
    "the card {notation} is dealt {count} times, but the {rules} pack has only {copies} of it"
)
E_TWO_SEATS = N_(
    "the rules '{rules}' seat two players: a lesson for three or four players needs rules for "
    "three or four seats"
)
E_TABLE_ACCEPT = N_(
    "with three or four players 'your_move' needs the moves it accepts ('accept'): there is no "
    "exact value to compare them with"
)

#: The folder of the lessons folder that holds the lessons for three and four players.
TABLE_FOLDER = "table"
TOP_FIELDS = ("id", "title", "level", "summary", "rules", "show", "deal", "steps")
DEAL_FIELDS = ("dealer", "hands", "trump", "stock", "narration")
#: The checks a step of a table lesson may make.
TABLE_CHECKS = (
    "score",
    "tricks",
    "trick_winner",
    "to_move",
    "winner",
    "legal",
    "illegal",
    "stock",
)
#: The checks a question of a table lesson may use to prove its right answer.
TABLE_QUESTION_CHECKS = ("score", "trick_winner", "legal", "illegal")


@dataclass(frozen=True)
class TableDeal:
    """The deal as the lesson writes it: a hand per seat, the face-up trump card, the stock
    from the top (the rest of the pack follows in display order) and the dealer."""

    hands: tuple[tuple[Card, ...], ...]
    trump_card: Card
    stock: tuple[Card, ...]
    dealer: int
    narration: str = ""
    line: int = 1
    column: int = 1


@dataclass(frozen=True)
class TableFrame:
    """One picture of a table lesson: the position after a step, the move that led to it and
    who made it, the words and rules of the step, and the learner's task if any. ``step`` is
    the lesson's step number, 0 for the deal."""

    index: int
    state: TableState
    move: Move | None
    player: int | None
    narration: str
    rule_ids: tuple[str, ...]
    verdict: Verdict | None
    step: int = 0
    line: int = 0
    your_move: YourMove | None = None
    question: Question | None = None
    accepted: tuple[Move, ...] = ()


@dataclass(frozen=True)
class TableLesson:
    """A lesson for three or four players, read and replayed."""

    id: str
    title: str
    level: int
    summary: str
    rules: RuleSet
    preset: str
    path: str
    deal: TableDeal
    steps: tuple[Step, ...]
    shows: tuple[bool, ...]
    frames: tuple[TableFrame, ...]

    @property
    def seats(self) -> int:
        return self.rules.seats


# ----------------------------------------------------------------------------- reading


def initial_table(deal: TableDeal, rules: RuleSet) -> TableState:
    """The deal as a position: the hands as written, the face-up card, the named top of the
    stock, and the rest of the pack (each card as often as the pack holds it) below it in
    display order."""
    left = Counter(c.index for c in cards_of_mask(rules.pack_mask) for _ in range(rules.copies))
    for c in (*(c for hand in deal.hands for c in hand), deal.trump_card, *deal.stock):
        left[c.index] -= 1
    rest = [i for i in sorted(left, key=lambda i: CARDS[i].index) for _ in range(left[i])]
    order: list[int] = []
    for k in range(rules.seats):
        order.extend(c.index for c in deal.hands[(deal.dealer + 1 + k) % rules.seats])
    order.append(deal.trump_card.index)
    order.extend(c.index for c in deal.stock)
    order.extend(rest)
    return table_from_order(rules, order, deal.dealer)


class _TableReader(_Reader):
    """Reads a table lesson: the two-player reader's steps, questions and moves, with seats
    for three or four and the table's checks."""

    seats: int = 3

    def table_lesson(self, root: yaml.Node) -> tuple[dict[str, Any], TableDeal, tuple[Step, ...]]:
        top = self.mapping(root, "lesson", TOP_FIELDS)
        if top is None:
            raise _Fatal
        values: dict[str, Any] = {}
        for key in ("id", "title", "summary"):
            node = self.require(top, key, root)
            if node is not None:
                values[key] = self.text(node, key, translatable=key != "id")
        node = self.require(top, "level", root)
        if node is not None:
            level = self.integer(node, "level")
            if level is not None and level not in LEVELS:
                self.error(node, E_LEVEL, value=level)
            values["level"] = level
        node = self.require(top, "rules", root)
        if node is None:
            raise _Fatal
        name = self.text(node, "rules")
        rules = self.rule_set(node, name) if name is not None else None
        if rules is None or name is None:
            raise _Fatal
        if rules.seats < 3:
            self.error(node, E_TWO_SEATS, rules=name)
            raise _Fatal
        self.seats = rules.seats
        values["rules"], values["preset"] = rules, name
        values["shows"] = self.shows(top["show"][1]) if "show" in top else (True,) * self.seats
        deal_node = self.require(top, "deal", root)
        deal = self.table_deal(deal_node, rules) if deal_node is not None else None
        steps_node = self.require(top, "steps", root)
        steps = self.steps(steps_node, (), None) if steps_node is not None else None
        if self.errors or deal is None or steps is None:
            raise _Fatal
        return values, deal, steps

    def seat(self, node: yaml.Node, step: int | None = None, *, none_ok: bool = False) -> object:
        """A seat's index; ``None`` for a YAML null when allowed; ``_BAD`` after an error."""
        value = self.scalar(node)
        if value is None and none_ok:
            return None
        names = SEAT_NAMES[: self.seats]
        if isinstance(value, str) and value.strip() in names:
            return names.index(value.strip())
        self.error(node, E_SEAT, step=step, value=shown(value), valid=", ".join(names))
        return _BAD

    def shows(self, node: yaml.Node) -> tuple[bool, ...]:
        value = self.scalar(node)
        if isinstance(value, str) and value.strip() == "all":
            return (True,) * self.seats
        seen = [False] * self.seats
        for item in self.items(node, "show"):
            for word in str(self.scalar(item) or "").split() or [""]:
                seat = self.seat(yaml.ScalarNode("tag:yaml.org,2002:str", word, item.start_mark))
                if isinstance(seat, int):
                    seen[seat] = True
        return tuple(seen)

    def table_deal(self, node: yaml.Node, rules: RuleSet) -> TableDeal | None:
        m = self.mapping(node, "deal", DEAL_FIELDS)
        if m is None:
            return None
        n_errors = len(self.errors)
        dealer = 0
        if "dealer" in m:
            d = self.seat(m["dealer"][1])
            dealer = d if isinstance(d, int) else 0
        names = SEAT_NAMES[: self.seats]
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
        return TableDeal(tuple(hands), trump, stock, dealer, narration, line, col)

    def count_cards(
        self,
        cards: Sequence[tuple[Card, yaml.Node]],
        rules: RuleSet,
        counted: Counter[Card],
        where: dict[Card, yaml.Node],
    ) -> None:
        for card, node in cards:
            if not rules.pack_mask >> card.index & 1:
                ranks = " ".join(r.symbol for r in rules.ranks)
                self.error(node, E_NOT_IN_PACK, notation=str(card), rules=rules.name, ranks=ranks)
                continue
            counted[card] += 1
            where[card] = node
            self.card_lines.setdefault(card, _where(node)[0])

    def your_move(self, node: yaml.Node, number: int) -> YourMove | None:
        ym = super().your_move(node, number)
        if ym is not None and not ym.accept:
            self.error(node, E_TABLE_ACCEPT, step=number)
            return None
        return ym

    def checks(
        self, node: yaml.Node, number: int, valid: tuple[str, ...] = TABLE_CHECKS
    ) -> tuple[Check, ...]:
        table_valid = TABLE_QUESTION_CHECKS if valid == QUESTION_CHECKS else TABLE_CHECKS
        m = self.mapping(node, "check", (), number)
        out = []
        for name, (key, value) in (m or {}).items():
            if name not in table_valid:
                self.error(
                    key, E_CHECK, step=number, name=shown(name), valid=", ".join(table_valid)
                )
                continue
            n_errors = len(self.errors)
            parsed = self.table_check_value(name, value, number)
            if len(self.errors) > n_errors or parsed is _BAD:
                continue
            line, col = _where(key)
            out.append(Check(name, parsed, line, col))
        return tuple(out)

    def table_check_value(self, name: str, node: yaml.Node, number: int) -> object:
        if name in ("score", "tricks"):
            m = self.mapping(node, name, SEAT_NAMES[: self.seats], number)
            pairs = []
            for key, (knode, vnode) in (m or {}).items():
                seat = self.seat(knode, number)
                n = self.count(vnode, f"{name}.{key}", number)
                if isinstance(seat, int) and n is not None:
                    pairs.append((seat, n))
            return tuple(pairs)
        if name in ("trick_winner", "to_move", "winner"):
            return self.seat(node, number, none_ok=name != "trick_winner")
        if name == "legal":
            return _read_legal(self, node, name, number)
        if name == "illegal":
            return _read_illegal(self, node, name, number)
        return self.count(node, name, number)  # stock


# ----------------------------------------------------------------------------- replaying


@dataclass
class _Replay:
    path: str
    rules: RuleSet
    errors: list[LessonError]

    def fail(self, chk: Check | None, step: Step, template: str, **params: Any) -> None:
        line, col = (chk.line, chk.column) if chk is not None else (step.line, step.column)
        self.errors.append(LessonError(self.path, line, col, template, step=step.number, **params))

    def frames(self, deal: TableDeal, steps: Sequence[Step]) -> tuple[TableFrame, ...]:
        state = initial_table(deal, self.rules)
        frames = [TableFrame(0, state, None, None, deal.narration, (), None, line=deal.line)]
        for step in steps:
            prev = frames[-1]
            before = prev.state
            if step.move is None:
                frame = TableFrame(
                    prev.index + 1,
                    before,
                    None,
                    None,
                    step.narration,
                    step.rule_ids,
                    None,
                    step=step.number,
                    line=step.line,
                )
            else:
                where = Check("move", None, step.move_line or step.line, step.move_column)
                player = before.to_move
                if player is None:
                    self.fail(where, step, E_AFTER_END, move=step.move_text)
                    break
                verdict = table_check(before, step.move)
                if not verdict.legal:
                    self.fail(
                        where,
                        step,
                        E_ILLEGAL,
                        player=SEAT_NAMES[player],
                        move=step.move_text,
                        rules=self.rules.name,
                        rule_ids=", ".join(verdict.rule_ids),
                    )
                    break
                frame = TableFrame(
                    prev.index + 1,
                    table_apply_unchecked(before, step.move),
                    step.move,
                    player,
                    step.narration,
                    step.rule_ids,
                    verdict,
                    step=step.number,
                    line=step.line,
                )
            if step.your_move is not None:
                frame = self.your_move(before, frame, step)
            if step.question is not None:
                frame = replace(frame, question=step.question)
            frames.append(frame)
            for chk in step.checks:
                self.check(frame, before, step, chk)
            if step.question is not None:
                for chk in step.question.checks:
                    n = len(self.errors)
                    self.check(frame, before, step, chk)
                    if len(self.errors) > n:  # the right answer must agree with the engine
                        del self.errors[n:]
                        self.fail(chk, step, E_ANSWER_ENGINE, check=chk.name)
        return tuple(frames)

    def your_move(self, before: TableState, frame: TableFrame, step: Step) -> TableFrame:
        ym = step.your_move
        assert ym is not None and step.move is not None
        if before.to_move is None:
            self.fail(Check("your_move", None, ym.line, ym.column), step, E_YOUR_MOVE_TURN)
            return frame
        accepted = []
        for move, text, line, col in ym.accept:
            verdict = table_check(before, move)
            if not verdict.legal:
                self.fail(
                    Check("accept", None, line, col),
                    step,
                    E_ACCEPT_ILLEGAL,
                    move=text,
                    rules=self.rules.name,
                    rule_ids=", ".join(verdict.rule_ids),
                )
            accepted.append(move)
        if step.move not in accepted:
            texts = ", ".join(t for _m, t, _l, _c in ym.accept)
            self.fail(
                Check("accept", None, ym.line, ym.column),
                step,
                E_NOT_ACCEPTED,
                move=step.move_text,
                accepted=texts,
            )
        return replace(frame, your_move=ym, accepted=tuple(accepted))

    def check(self, frame: TableFrame, before: TableState, step: Step, chk: Check) -> None:
        """One check of a step on the position after it (``before`` is the one before)."""
        s, exp = frame.state, chk.value
        if chk.name in ("score", "tricks"):
            assert isinstance(exp, tuple)
            for seat, n in exp:
                side = s.side(seat)
                got = s.score(side) if chk.name == "score" else s.side_tricks(side)
                if got != n:
                    template = C_SCORE if chk.name == "score" else C_TRICKS
                    expected, actual = f"{SEAT_NAMES[seat]} {n}", f"{SEAT_NAMES[seat]} {got}"
                    self.fail(chk, step, template, expected=expected, actual=actual)
        elif chk.name == "trick_winner":
            assert isinstance(exp, int)
            if s.last_trick is None or s.last_trick is before.last_trick or frame.move is None:
                self.fail(chk, step, C_NO_TRICK, expected=SEAT_NAMES[exp])
            elif s.last_trick[2] != exp:
                self.fail(
                    chk,
                    step,
                    C_TRICK_WINNER,
                    expected=SEAT_NAMES[exp],
                    actual=SEAT_NAMES[s.last_trick[2]],
                )
        elif chk.name == "to_move":
            self.check_to_move(chk, step, s, exp)
        elif chk.name == "winner":
            self.check_winner(chk, step, s, exp)
        elif chk.name in ("legal", "illegal"):
            assert isinstance(exp, tuple)
            for item in exp:
                move, text = item[0], item[1]
                v = table_check(s, move)
                if chk.name == "legal" and not v.legal:
                    self.fail(chk, step, C_LEGAL, move=text, rule_ids=", ".join(v.rule_ids))
                elif chk.name == "illegal" and v.legal:
                    self.fail(chk, step, C_ILLEGAL, move=text)
                elif chk.name == "illegal" and item[2] is not None and item[2] not in v.rule_ids:
                    actual = ", ".join(v.rule_ids)
                    self.fail(chk, step, C_ILLEGAL_RULE, move=text, expected=item[2], actual=actual)
        elif chk.name == "stock" and s.cards_to_draw != exp:
            self.fail(chk, step, C_STOCK, expected=exp, actual=s.cards_to_draw)

    def check_to_move(self, chk: Check, step: Step, s: TableState, exp: object) -> None:
        actual = s.to_move
        if exp is None and actual is not None:
            self.fail(chk, step, C_TO_MOVE_NONE, actual=SEAT_NAMES[actual])
        elif isinstance(exp, int) and actual is None:
            self.fail(chk, step, C_TO_MOVE_OVER, expected=SEAT_NAMES[exp])
        elif isinstance(exp, int) and actual != exp:
            assert actual is not None
            self.fail(chk, step, C_TO_MOVE, expected=SEAT_NAMES[exp], actual=SEAT_NAMES[actual])

    def check_winner(self, chk: Check, step: Step, s: TableState, exp: object) -> None:
        if s.result is None:
            self.fail(chk, step, C_NOT_OVER, check=chk.name)
            return
        winner = s.result.winner
        names = {side: side_name(s.rules, side) for side in range(s.rules.sides)}
        if exp is None and winner is not None:
            self.fail(chk, step, C_DRAW, actual=names[winner])
        elif isinstance(exp, int) and winner is None:
            self.fail(chk, step, C_WINNER_DRAW, expected=SEAT_NAMES[exp])
        elif isinstance(exp, int) and winner != s.side(exp):
            assert winner is not None
            self.fail(chk, step, C_WINNER, expected=SEAT_NAMES[exp], actual=names[winner])


def read_table_lesson(path: str, data: bytes) -> tuple[TableLesson | None, tuple[LessonError, ...]]:
    """The table lesson in a file's bytes, read and replayed (``None`` if it has a problem),
    and every problem found."""
    if len(data) > MAX_BYTES:
        return None, (LessonError(path, 1, 1, E_TOO_LARGE, size=len(data), limit=MAX_BYTES),)
    reader = _TableReader(path)
    try:
        root = yamlsafe.compose(data, path, POLICY)
        values, deal, steps = reader.table_lesson(root)
    except SourceError as exc:
        return None, (exc.recast(LessonError),)
    except _Fatal:
        return None, tuple(reader.errors)
    rules: RuleSet = values["rules"]
    run = _Replay(path, rules, [])
    frames = run.frames(deal, steps)
    if run.errors:
        return None, tuple(run.errors)
    return (
        TableLesson(
            id=values["id"],
            title=values["title"],
            level=values["level"],
            summary=values["summary"],
            rules=rules,
            preset=values["preset"],
            path=path,
            deal=deal,
            steps=steps,
            shows=values["shows"],
            frames=frames,
        ),
        (),
    )


# ----------------------------------------------------------------------------- a folder


def _read_file(path: Path) -> tuple[tuple[TableLesson, ...], tuple[LessonError, ...]]:
    try:
        data = yamlsafe.read_capped(path, MAX_BYTES, E_TOO_LARGE, name=str(path))
    except SourceError as exc:
        return (), (exc.recast(LessonError),)
    lesson, errors = read_table_lesson(str(path), data)
    return ((lesson,) if lesson is not None else ()), errors


class TableLibrary(Catalog[TableLesson]):
    """The lessons for three and four players of a folder, each read and replayed once."""

    def __init__(self, folder: Path | str) -> None:
        super().__init__(
            folder,
            _read_file,
            ident=lambda les: les.id,
            order=lambda les: (les.level, les.id),
            duplicate=_duplicate,
            unreadable=_read_error,
        )

    @property
    def lessons(self) -> tuple[TableLesson, ...]:
        return self.items

    def frames(self, lesson_id: str) -> tuple[TableFrame, ...]:
        lesson = self.get(lesson_id)
        return lesson.frames if lesson is not None else ()


def _read_error(name: str, exc: OSError) -> LessonError:
    template, params = os_problem(exc)
    return LessonError(name, 1, 1, template, **params)


def read_table_file(path: Path) -> tuple[TableLesson | None, tuple[LessonError, ...]]:
    """The table lesson of a file, read and replayed, and its problems."""
    lessons, errors = _read_file(path)
    return (lessons[0] if lessons else None), errors


def _duplicate(lesson: TableLesson, first: TableLesson) -> LessonError:
    return LessonError(lesson.path, 1, 1, E_DUPLICATE_ID, value=lesson.id, other=first.path)

"""Plain values of a lesson file read from YAML nodes: text, numbers, players, cards, moves.

``NodeReader`` turns one node into one value, or records a ``LessonError`` at the node's line
and column and gives ``None``; the lesson reader (``tutor.teach.lessons.reader``) builds on it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from tutor.engine import (
    Card,
    CardError,
    Move,
    MoveError,
    Rank,
    Suit,
    narration_problems,
    parse_move,
)
from tutor.formats.errors import shown
from tutor.formats.messages import E_NUMBER
from tutor.formats.yamlsafe import where as _where
from tutor.msgid import TEXT_LANGUAGES, OwnText
from tutor.teach.lessons.messages import (
    E_BRACES,
    E_CARD,
    E_DUPLICATE_KEY,
    E_EMPTY_TEXT,
    E_MISSING,
    E_MOVE,
    E_NOT_BOOL,
    E_NOT_INT,
    E_NOT_LIST,
    E_NOT_MAPPING,
    E_NOT_TEXT,
    E_PLAYER,
    E_RULE_ID,
    E_TEXT_LANGUAGE,
    E_TEXT_NEEDS_LANGUAGE,
    E_UNKNOWN_FIELD,
)
from tutor.teach.lessons.model import PLAYERS, LessonError, valid_rule_ids

__all__ = ["NodeReader", "show_value"]

_STR = "tag:yaml.org,2002:str"


@dataclass
class NodeReader:
    """Reads plain values from YAML nodes, collecting a ``LessonError`` for every problem;
    each error names the line and column of its node."""

    path: str
    #: The language the lesson is written in ("": English texts translated by the catalogs).
    language: str = ""
    errors: list[LessonError] = field(default_factory=list)
    card_lines: dict[Card, int] = field(default_factory=dict)
    _constructor: yaml.constructor.SafeConstructor = field(
        default_factory=yaml.constructor.SafeConstructor
    )

    # -- errors -----------------------------------------------------------------------------

    def error(
        self, node: yaml.Node | None, template: str, *, step: int | None = None, **params: Any
    ) -> None:
        line, col = _where(node)
        self.errors.append(LessonError(self.path, line, col, template, step=step, **params))

    # -- plain values -------------------------------------------------------------------------

    def mapping(
        self, node: yaml.Node, name: str, allowed: Sequence[str], step: int | None = None
    ) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, E_NOT_MAPPING, step=step, field=name)
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            k = self.scalar(key)
            if not isinstance(k, str):
                self.error(key, E_NOT_TEXT, step=step, field=f"{name} key")
                continue
            if k in out:
                self.error(key, E_DUPLICATE_KEY, step=step, field=shown(k))
                continue
            if allowed and k not in allowed:
                valid = ", ".join(allowed)
                self.error(key, E_UNKNOWN_FIELD, step=step, field=shown(k), valid=valid)
                continue
            out[k] = (key, value)
        return out

    def scalar(self, node: yaml.Node) -> object:
        if not isinstance(node, yaml.ScalarNode):
            return node
        return self._constructor.construct_object(node)

    def require(
        self,
        m: Mapping[str, tuple[yaml.Node, yaml.Node]],
        key: str,
        owner: yaml.Node,
        step: int | None = None,
    ) -> yaml.Node | None:
        if key not in m:
            self.error(owner, E_MISSING, step=step, field=key)
            return None
        return m[key][1]

    def text(
        self, node: yaml.Node, name: str, step: int | None = None, *, translatable: bool = False
    ) -> str | None:
        """A text; a translatable one of a lesson with a ``language`` is an ``OwnText``, and may
        be a mapping of language to text that holds the lesson's language."""
        if translatable and isinstance(node, yaml.MappingNode):
            return self.own_text(node, name, step)
        text = self.plain_text(node, name, step, translatable=translatable)
        if text is not None and translatable and self.language:
            return OwnText(self.language, {self.language: text})
        return text

    def own_text(self, node: yaml.MappingNode, name: str, step: int | None) -> str | None:
        """``{de: "...", en: "..."}``: the text in each language, every one checked as a text."""
        valid = ", ".join(TEXT_LANGUAGES)
        if not self.language:
            self.error(node, E_TEXT_NEEDS_LANGUAGE, step=step, field=name, valid=valid)
            return None
        m = self.mapping(node, name, TEXT_LANGUAGES, step)
        if m is None:
            return None
        texts: dict[str, str] = {}
        for lang, (_key, value) in m.items():
            text = self.plain_text(value, f"{name}.{lang}", step, translatable=True)
            if text is not None:
                texts[lang] = text
        if len(texts) < len(m):
            return None
        if self.language not in texts:
            given = ", ".join(texts) or "-"
            self.error(
                node, E_TEXT_LANGUAGE, step=step, field=name, given=given, language=self.language
            )
            return None
        return OwnText(self.language, texts)

    def plain_text(
        self, node: yaml.Node, name: str, step: int | None = None, *, translatable: bool = False
    ) -> str | None:
        value = self.scalar(node)
        if isinstance(value, bool) or value is None or not isinstance(value, str | int | float):
            self.error(node, E_NOT_TEXT, step=step, field=name)
            return None
        # Translatable text is kept exactly as YAML gives it: it is the msgid in the catalog.
        text = str(value) if translatable else str(value).strip()
        if not text.strip():
            self.error(node, E_EMPTY_TEXT, step=step, field=name)
            return None
        problems = narration_problems(text) if translatable else []
        if problems:
            self.error(node, E_BRACES, step=step, field=name, placeholder=shown(problems[0]))
            return None
        return text

    def integer(self, node: yaml.Node, name: str, step: int | None = None) -> int | None:
        value = self.scalar(node)
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, E_NOT_INT, step=step, field=name)
            return None
        return value

    def count(self, node: yaml.Node, name: str, step: int | None = None) -> int | None:
        """A whole number of 0 or more (a score, a number of cards or tricks)."""
        value = self.integer(node, name, step)
        if value is not None and value < 0:
            self.error(node, E_NUMBER, step=step, name=name, text=shown(value))
            return None
        return value

    def boolean(self, node: yaml.Node, name: str, step: int | None = None) -> bool | None:
        value = self.scalar(node)
        if not isinstance(value, bool):
            self.error(node, E_NOT_BOOL, step=step, field=name, text=show_value(value))
            return None
        return value

    def player(
        self, node: yaml.Node, step: int | None = None, *, none_ok: bool = False
    ) -> int | str | None:
        """0 or 1; ``None`` for a YAML null when allowed; ``"?"`` after an error."""
        value = self.scalar(node)
        if value is None and none_ok:
            return None
        if isinstance(value, str) and value.strip() in PLAYERS:
            return PLAYERS.index(value.strip())
        self.error(node, E_PLAYER, step=step, value=show_value(value))
        return "?"

    def items(self, node: yaml.Node, name: str, step: int | None = None) -> list[yaml.Node]:
        """A list's items; a single scalar counts as a list of one."""
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        if isinstance(node, yaml.ScalarNode):
            return [node]
        self.error(node, E_NOT_LIST, step=step, field=name)
        return []

    def cards(
        self, node: yaml.Node, name: str, step: int | None = None
    ) -> list[tuple[Card, yaml.Node]]:
        """Cards written as ``"Ah 10h Kc"`` or as a YAML list; unknown cards are reported."""
        out: list[tuple[Card, yaml.Node]] = []
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node)
            if value is None:
                return out
            words = _words(node, str(value))
        elif isinstance(node, yaml.SequenceNode):
            words = []
            for item in node.value:
                value = self.scalar(item)
                if not isinstance(value, str | int) or isinstance(value, bool):
                    self.error(item, E_NOT_TEXT, step=step, field=name)
                    continue
                words.extend(_words(item, str(value)))
        else:
            self.error(node, E_NOT_LIST, step=step, field=name)
            return out
        for word, where in words:
            try:
                out.append((Card.parse(word), where))
            except CardError:
                self.error(
                    where,
                    E_CARD,
                    step=step,
                    notation=shown(word),
                    ranks=" ".join(r.symbol for r in Rank),
                    suits=" ".join(s.symbol for s in Suit),
                )
        return out

    def move(self, node: yaml.Node, step: int) -> tuple[Move, str] | None:
        value = self.scalar(node)
        if not isinstance(value, str | int) or isinstance(value, bool):
            self.error(node, E_NOT_TEXT, step=step, field="move")
            return None
        text = " ".join(str(value).split())
        try:
            return parse_move(text), text
        except MoveError:
            self.error(node, E_MOVE, step=step, text=shown(text))
            return None

    def rule_ids(self, node: yaml.Node, name: str, step: int | None) -> tuple[str, ...]:
        valid = valid_rule_ids()
        out = []
        for item in self.items(node, name, step):
            value = self.scalar(item)
            if not isinstance(value, str):
                self.error(item, E_NOT_TEXT, step=step, field=name)
                continue
            rid = value.strip()
            if rid not in valid:
                valid_ids = ", ".join(valid)
                self.error(item, E_RULE_ID, step=step, rule_id=shown(rid), valid=valid_ids)
                continue
            out.append(rid)
        return tuple(out)

    def per_player(
        self, node: yaml.Node, name: str, step: int | None
    ) -> tuple[int | None, int | None] | None:
        m = self.mapping(node, name, PLAYERS, step)
        if m is None:
            return None
        got: list[int | None] = [None, None]
        for i, p in enumerate(PLAYERS):
            if p in m:
                got[i] = self.count(m[p][1], f"{name}.{p}", step)
        return (got[0], got[1])


def _words(node: yaml.Node, text: str) -> list[tuple[str, yaml.Node]]:
    """The words of a scalar, each with a node that points at the word itself when the
    scalar is written on one line (so an error names the card's own column)."""
    out: list[tuple[str, yaml.Node]] = []
    start, end = node.start_mark, node.end_mark
    one_line = start is not None and end is not None and start.line == end.line
    quote = 1 if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"') else 0
    for m in re.finditer(r"[^\s,]+", text):
        where = node
        if one_line and start is not None and not (quote and "\\" in text):
            col = start.column + quote + m.start()
            mark = yaml.Mark(start.name, start.index + quote + m.start(), start.line, col, None, 0)
            where = yaml.ScalarNode(_STR, m.group(), start_mark=mark, end_mark=mark)
        out.append((m.group(), where))
    return out


def show_value(value: object) -> str:
    if isinstance(value, yaml.Node):
        return "..."
    return "" if value is None else shown(value)

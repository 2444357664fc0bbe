"""Reading puzzle files: YAML as written, each problem with its file, line and column.

``docs/puzzles.md`` describes the format. What is read here is not yet checked by the solver:
``tutor.teach.puzzles.validate`` does that. Files are parsed by the one safe loader,
``tutor.formats.yamlsafe``, under ``POLICY`` (plain YAML: no anchors, aliases or tags); the
messages every reader shares come from ``tutor.formats.messages``.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from tutor.engine import (
    PLAYER_NAMES,
    Move,
    MoveError,
    State,
    narration_problems,
    parse_move,
    sample_state,
)
from tutor.formats.errors import SourceError, shown
from tutor.formats.messages import (
    E_ALIAS,
    E_BRACES,
    E_DUPLICATE_ID,
    E_DUPLICATE_KEY,
    E_EMPTY_TEXT,
    E_LEVEL,
    E_MISSING,
    E_MOVE,
    E_NOT_MAPPING,
    E_NOT_TEXT,
    E_PLAYER,
    E_SYNTAX,
    E_TAG,
    E_TOO_COMPLEX,
    E_TOO_LARGE,
    E_UNKNOWN_FIELD,
    id_problem,
    os_problem,
)
from tutor.formats.positions import POLICY as POSITION_FILE_POLICY
from tutor.formats.positions import PositionError, position_from_data, position_to_dict
from tutor.formats.yamlsafe import LineMap, Policy, compose, read_capped, to_data, where
from tutor.msgid import N_
from tutor.teach.catalog import yaml_files
from tutor.teach.puzzles.model import LEVELS, THEMES, Goal, GoalError, Puzzle, TablePuzzle

# ----------------------------------------------------------------------------- positions


def puzzle_yaml(state: State, goal: Goal, solution: Sequence[Move], puzzle_id: str) -> str:
    """A puzzle entry for ``puzzles/*.yaml`` (an item of its ``puzzles`` list) with the texts
    left to write."""
    position = yaml.safe_dump(
        position_to_dict(state), sort_keys=False, allow_unicode=True, default_flow_style=None
    )
    lines = [
        f"  - id: {puzzle_id}",
        "    title: TODO",
        "    theme: TODO",
        "    level: 1",
        f"    goal: {goal}",
        f"    player: {PLAYER_NAMES[state.to_move or 0]}",
        "    position:",
        *(f"      {x}" for x in position.rstrip().splitlines()),
        f"    solution: [{', '.join(str(m) for m in solution)}]",
        "    explanation: >-",
        "      TODO",
    ]
    return "\n".join(lines)


def _field_path(field_text: str) -> list[str | int]:
    """``hands.B[2]`` -> ["hands", "B", 2]."""
    out: list[str | int] = []
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", field_text):
        out.append(int(part[1:-1]) if part.startswith("[") else part)
    return out


def _node_at(node: yaml.Node, path: Sequence[str | int]) -> yaml.Node:
    """The node a position error's field names, as far as it can be followed."""
    for part in path:
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            found = [v for k, v in node.value if getattr(k, "value", None) == part]
            if not found:
                break
            node = found[0]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if part >= len(node.value):
                break
            node = node.value[part]
        else:
            break
    return node


# ----------------------------------------------------------------------------- reading files

#: Files larger than this are refused before they are parsed.
MAX_BYTES = 512 * 1024
#: At most this many YAML values in one file.
MAX_NODES = 50_000
#: ``moves`` asks for at most this many learner moves (a deal has at most 16 tricks, and a
#: learner may also exchange and close).
MAX_MOVES = 20
#: A probability is written with at most this many digits after the point (or the percent
#: sign's point): enough for any share of the at most 600 deals a puzzle hides.
MAX_DECIMALS = 12
PUZZLE_FIELDS = (
    "id",
    "title",
    "theme",
    "theme_text",
    "level",
    "goal",
    "goal_text",
    "player",
    "position",
    "solution",
    "moves",
    "probability",
    "hints",
    "explanation",
    "note",
)
REQUIRED_FIELDS = ("id", "title", "theme", "level", "goal", "position", "solution", "explanation")
TEXT_FIELDS = ("title", "explanation", "goal_text", "theme_text", "note")

# The messages only a puzzle file has; placeholders hold notation and numbers, never prose.
E_SHAPE = N_(
    "a puzzle file is a mapping with 'puzzle' (one puzzle) or 'puzzles' (a list of puzzles)"
)
E_THEME = N_("unknown theme '{value}'; valid themes: {valid}")
E_GOAL = N_(
    "unknown goal '{value}': write 'win', 'win 2', 'win 3', 'reach 66', 'avoid schneider', "
    "'avoid schwarz' or 'decide close'"
)
E_MOVES = N_("'moves' must be a whole number from 1 to {limit} or 'all', not {value}")
E_PROBABILITY = N_("'probability' must be a number above 0 and at most 1 (or a percentage)")
E_HINTS = N_("'hints' is a list of at most 4 texts")
E_VIEWER = N_("the position is what the other player knows, not what {player} knows")
E_MOVE_TWICE = N_("the move '{move}' is listed twice")


class PuzzleError(SourceError):
    """A problem in a puzzle file: where it is and an English message template with its
    parameters; ``render(tr)`` gives ``"file:line:col: message"`` translated."""

    line: int
    column: int

    def __init__(self, path: str, line: int, column: int, template: str, **params: Any) -> None:
        super().__init__(template, params, path=path, line=line, column=column)

    @classmethod
    def in_field(
        cls, path: str, line: int, column: int, field: str, template: str, params: Any
    ) -> PuzzleError:
        """A problem in a field of the puzzle's position, named as ``position.hands.B[2]``."""
        err = cls.__new__(cls)
        SourceError.__init__(
            err, template, params, path=path, line=line, column=column, field=field
        )
        return err


def _show(value: object) -> str:
    """A value as a message shows it (``...`` for a list or a mapping)."""
    return "..." if isinstance(value, yaml.Node) else shown(value)


@dataclass
class _Reader:
    path: str
    errors: list[PuzzleError] = field(default_factory=list)
    constructor: yaml.constructor.SafeConstructor = field(
        default_factory=yaml.constructor.SafeConstructor
    )

    def error(self, node: yaml.Node | None, template: str, **params: Any) -> None:
        line, col = where(node)
        self.errors.append(PuzzleError(self.path, line, col, template, **params))

    def value(self, node: yaml.Node) -> object:
        """A scalar's value; a list or a mapping is given as its node."""
        if isinstance(node, yaml.ScalarNode):
            return self.constructor.construct_object(node)
        return node

    def mapping(
        self, node: yaml.Node, name: str, allowed: Sequence[str]
    ) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, E_NOT_MAPPING, field=name)
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            k = self.value(key)
            if not isinstance(k, str):
                self.error(key, E_NOT_TEXT, field=f"{name} key")
            elif k in out:
                self.error(key, E_DUPLICATE_KEY, field=shown(k))
            elif allowed and k not in allowed:
                self.error(key, E_UNKNOWN_FIELD, field=shown(k), valid=", ".join(allowed))
            else:
                out[k] = (key, value)
        return out

    def text(self, node: yaml.Node, name: str, *, translatable: bool = False) -> str | None:
        value = self.value(node)
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            self.error(node, E_NOT_TEXT, field=name)
            return None
        # Translatable text is kept exactly as YAML gives it: it is the msgid in the catalog.
        text = str(value) if translatable else str(value).strip()
        if not text.strip():
            self.error(node, E_EMPTY_TEXT, field=name)
            return None
        problems = narration_problems(text) if translatable else []
        if problems:
            self.error(node, E_BRACES, field=name, placeholder=shown(problems[0]))
            return None
        return text

    def moves(self, node: yaml.Node) -> tuple[Move, ...] | None:
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        out: list[Move] = []
        ok = True
        for item in items:
            raw = self.value(item)
            texts = (
                [t for t in str(raw).split(",") if t.strip()]
                if isinstance(raw, str | int) and not isinstance(raw, bool)
                else [""]
            )
            for text in texts:
                try:
                    move = parse_move(text)
                except MoveError:
                    self.error(item, E_MOVE, text=shown(text.strip()))
                    ok = False
                    continue
                if move in out:
                    self.error(item, E_MOVE_TWICE, move=str(move))
                    ok = False
                out.append(move)
        if ok and not out:
            self.error(node, E_EMPTY_TEXT, field="solution")
            ok = False
        return tuple(out) if ok else None

    def level(self, node: yaml.Node) -> int | None:
        """1, 2 or 3, written as a whole number (not ``1.0``, ``true``, a list or a mapping)."""
        raw = self.value(node)
        if isinstance(raw, int) and not isinstance(raw, bool) and raw in LEVELS:
            return raw
        self.error(node, E_LEVEL, value=_show(raw))
        return None

    def puzzle(self, node: yaml.Node) -> Puzzle | None:
        before = len(self.errors)
        m = self.mapping(node, "puzzle", PUZZLE_FIELDS)
        if m is None:
            return None
        for key in REQUIRED_FIELDS:
            if key not in m:
                self.error(node, E_MISSING, field=key)
        texts: dict[str, str] = {}
        for key in TEXT_FIELDS:
            if key in m:
                t = self.text(m[key][1], key, translatable=True)
                if t is not None:
                    texts[key] = t
        pid = self.text(m["id"][1], "id") if "id" in m else None
        problem = id_problem(pid) if pid is not None else None
        if problem is not None:
            self.error(m["id"][1], problem[0], **problem[1])
        theme = self.text(m["theme"][1], "theme") if "theme" in m else None
        if theme is not None and theme not in THEMES:
            self.error(m["theme"][1], E_THEME, value=shown(theme), valid=", ".join(THEMES))
        level = self.level(m["level"][1]) if "level" in m else None
        goal = None
        if "goal" in m:
            raw = self.value(m["goal"][1])
            try:
                if not isinstance(raw, str):
                    raise GoalError(_show(raw))
                goal = Goal.parse(raw)
            except GoalError:
                self.error(m["goal"][1], E_GOAL, value=_show(raw))
        player = None
        if "player" in m:
            raw = self.value(m["player"][1])
            if isinstance(raw, str) and raw.strip() in PLAYER_NAMES:
                player = PLAYER_NAMES.index(raw.strip())
            else:
                self.error(m["player"][1], E_PLAYER, value=_show(raw))
        solution = self.moves(m["solution"][1]) if "solution" in m else None
        moves: int | None = 1
        if "moves" in m:
            raw = self.value(m["moves"][1])
            if raw == "all":
                moves = None
            elif isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= MAX_MOVES:
                moves = raw
            else:
                self.error(m["moves"][1], E_MOVES, value=_show(raw), limit=MAX_MOVES)
        probability = None
        if "probability" in m:
            probability = _probability(self.value(m["probability"][1]))
            if probability is None:
                self.error(m["probability"][1], E_PROBABILITY)
        hints: tuple[str, ...] = ()
        if "hints" in m:
            hnode = m["hints"][1]
            if not isinstance(hnode, yaml.SequenceNode) or not 1 <= len(hnode.value) <= 4:
                self.error(hnode, E_HINTS)
            else:
                got = [self.text(h, "hints", translatable=True) for h in hnode.value]
                hints = tuple(h for h in got if h is not None)
        read = None
        if "position" in m:
            read = self.position(m["position"][1], pid or "")
        if len(self.errors) > before:
            return None
        assert pid and theme and goal and solution is not None and read is not None
        assert level is not None
        state, viewer, excluded = read
        if viewer >= 0 and player is not None and player != viewer:
            self.error(m["player"][1], E_VIEWER, player=PLAYER_NAMES[player])
            return None
        learner = player if player is not None else viewer if viewer >= 0 else state.to_move
        return Puzzle(
            id=pid,
            title=texts["title"],
            theme=theme,
            level=level,
            goal=goal,
            state=state,
            learner=learner if learner is not None else 0,
            solution=solution,
            explanation=texts["explanation"],
            moves=moves,
            probability=probability,
            hints=hints,
            goal_text=texts.get("goal_text", ""),
            theme_text=texts.get("theme_text", ""),
            note=texts.get("note", ""),
            excluded=excluded,
            source=self.path,
            line=where(node)[0],
            lines=tuple((k, where(v)[0]) for k, (_, v) in m.items()),
        )

    def position(self, node: yaml.Node, seed: str) -> tuple[State, int, int] | None:
        """The deal, the player whose view it is (-1: both hands given) and the cards that
        player knows the opponent does not hold. A problem is named at the field's line and
        column in the file, with the field (``position.hands.B[2]``) and the position's own
        message."""
        places = LineMap()
        try:
            data = to_data(node, self.path, POSITION_POLICY, places)
            pos = position_from_data(data, self.path, places)
        except SourceError as exc:
            if isinstance(exc, PositionError):  # at the field it names
                path = tuple(_field_path(exc.field))
                place = places.places.get(path)
                line, col = place if place is not None else where(_node_at(node, path))
            else:  # a limit of the file's values, at the value itself
                line, col = exc.line or where(node)[0], exc.column or where(node)[1]
            name = "position" + (f".{exc.field}" if exc.field else "")
            self.errors.append(
                PuzzleError.in_field(self.path, line, col, name, exc.template, exc.params)
            )
            return None
        if pos.state is not None:
            return pos.state, -1, 0
        view = pos.view
        assert view is not None
        # Only the learner's view is given: the computer plays against one deal that agrees.
        return sample_state(view, random.Random(seed)), view.player, view.excluded


#: A probability as text: a decimal (``0.8``, ``.75``, ``1``) or a percentage (``80%``).
_SHARE = re.compile(rf"(\d{{1,3}}(?:\.\d{{0,{MAX_DECIMALS}}})?|\.\d{{1,{MAX_DECIMALS}}})\s*(%?)")


def _probability(raw: object) -> Fraction | None:
    """A share above 0 and at most 1, from a number as YAML reads it or a decimal or a
    percentage written as text; anything else (``1e-99999999``, which ``Fraction`` would spend
    minutes on, ``.nan``, a list) is ``None``.

    >>> _probability(0.8), _probability("80 %"), _probability(1), _probability("1e-99999999")
    (Fraction(4, 5), Fraction(4, 5), Fraction(1, 1), None)
    """
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        return None
    if isinstance(raw, float):
        if not math.isfinite(raw):
            return None
        text = f"{raw:.{MAX_DECIMALS}f}".rstrip("0")
    else:
        text = str(raw).strip()
    m = _SHARE.fullmatch(text)
    if m is None:
        return None
    value = Fraction(m.group(1)) / (100 if m.group(2) else 1)
    return value if 0 < value <= 1 else None


#: What a puzzle file may hold: plain YAML, no anchors, aliases or tags, at most
#: ``MAX_NODES`` values (nodes are checked from the last written back), with the limits of
#: ``tutor.formats.yamlsafe`` on depth, numbers and texts.
POLICY = Policy(
    max_nodes=MAX_NODES,
    too_complex=E_TOO_COMPLEX,
    alias=E_ALIAS,
    tag=E_TAG,
    empty=E_SHAPE,
    duplicate_key=E_DUPLICATE_KEY,
    syntax=E_SYNTAX,
    document_order=False,
)
#: A puzzle's position is read under the limits of a position file.
POSITION_POLICY = replace(POSITION_FILE_POLICY, columns=True)


def _compose(path: str, data: bytes) -> yaml.Node:
    try:
        return compose(data, path, POLICY)
    except SourceError as exc:
        raise exc.recast(PuzzleError) from None


#: How the name of a file of generated puzzles ends (``tutor.teach.puzzles.generated``).
GENERATED_SUFFIX = ".jsonl.gz"


def is_generated_file(path: str | Path) -> bool:
    """Whether the file is one of generated puzzles (gzip-compressed JSON lines)."""
    return str(path).endswith(GENERATED_SUFFIX)


def generated_files(folder: str | Path) -> list[Path]:
    """The files of generated puzzles in a folder and the folders below it, sorted."""
    return sorted(p for p in Path(folder).rglob(f"*{GENERATED_SUFFIX}") if p.is_file())


def is_puzzle_file(path: str | Path) -> bool:
    """Whether a file holds puzzles: a file of generated puzzles, or a YAML file that lies in
    a ``puzzles`` folder or has a ``puzzle`` or ``puzzles`` key at its top level."""
    p = Path(path)
    if is_generated_file(p) or "puzzles" in p.parts[:-1]:
        return True
    try:
        head = read_capped(p, MAX_BYTES, E_TOO_LARGE, head=True)
    except SourceError:  # not a regular file, or unreadable: not a puzzle file
        return False
    return re.search(rb"(?m)^puzzles?\s*:", head) is not None


def read_puzzles(path: str | Path) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of one file as written (not yet checked by the solver), and the problems
    that kept any of them from being read."""
    name = str(path)
    try:
        data = read_capped(Path(path), MAX_BYTES, E_TOO_LARGE, name=name)
    except SourceError as exc:
        return [], [exc.recast(PuzzleError)]
    reader = _Reader(name)
    try:
        root = _compose(name, data)
    except PuzzleError as exc:
        return [], [exc]
    top = reader.mapping(root, "file", ("puzzle", "puzzles"))
    if not top:
        if not reader.errors:
            reader.error(root, E_SHAPE)
        return [], reader.errors
    nodes: list[yaml.Node] = []
    if "puzzle" in top:
        nodes.append(top["puzzle"][1])
    if "puzzles" in top:
        items = top["puzzles"][1]
        if isinstance(items, yaml.SequenceNode) and items.value:
            nodes.extend(items.value)
        else:  # not a list, or an empty one
            reader.error(items, E_SHAPE)
    puzzles = [pz for pz in (reader.puzzle(n) for n in nodes) if pz is not None]
    return puzzles, reader.errors


def puzzle_files(folder: str | Path) -> list[Path]:
    """The YAML files of a folder, sorted by name."""
    return yaml_files(folder)


def read_files(
    files: Sequence[Path],
    read: Callable[[Path], tuple[list[Puzzle], list[PuzzleError]]] | None = None,
) -> tuple[list[Puzzle], list[PuzzleError]]:
    """The puzzles of the files as written (each read by ``read``, by default
    ``read_puzzles``), and every problem, a puzzle id used twice included."""
    puzzles: list[Puzzle] = []
    errors: list[PuzzleError] = []
    seen: dict[str, Puzzle] = {}
    for path in files:
        found, errs = (read or read_puzzles)(path)
        errors.extend(errs)
        for p in found:
            if p.id in seen:
                errors.append(duplicate_id(p, seen[p.id]))
                continue
            seen[p.id] = p
            puzzles.append(p)
    return puzzles, errors


def duplicate_id(p: Puzzle | TablePuzzle, first: Puzzle) -> PuzzleError:
    """The problem of a puzzle whose id ``first`` already has."""
    return PuzzleError(
        p.source,
        p.line_of("id"),
        1,
        E_DUPLICATE_ID,
        value=p.id,
        other=f"{first.source}:{first.line_of('id')}",
    )


def unreadable(folder: str, exc: OSError) -> PuzzleError:
    """The problem of a folder that cannot be listed."""
    template, params = os_problem(exc)
    return PuzzleError(folder, 1, 1, template, **params)


def load_puzzles(folder: str | Path) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every puzzle of a folder as written, and the problems of what could not be read."""
    try:
        files = puzzle_files(folder)
    except OSError as exc:
        return [], [unreadable(str(folder), exc)]
    return read_files(files)


def split_paths(paths: Sequence[str | Path]) -> tuple[list[Path], list[Path]]:
    """Split command-line paths into puzzle files and lesson paths: a file is a puzzle file
    when ``is_puzzle_file`` says so; a folder's puzzle files are taken out of it, and a folder
    without any is left whole for the lessons."""
    puzzles: list[Path] = []
    lessons: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                files = puzzle_files(path)
            except OSError:
                lessons.append(path)
                continue
            found = [f for f in files if is_puzzle_file(f)]
            found += generated_files(path)
            if found:
                puzzles.extend(found)
                lessons.extend(f for f in files if f not in found)
            else:
                lessons.append(path)
        elif is_puzzle_file(path):
            puzzles.append(path)
        else:
            lessons.append(path)
    return puzzles, lessons


__all__ = [
    "GENERATED_SUFFIX",
    "MAX_BYTES",
    "PuzzleError",
    "duplicate_id",
    "generated_files",
    "is_generated_file",
    "is_puzzle_file",
    "load_puzzles",
    "puzzle_files",
    "puzzle_yaml",
    "read_files",
    "read_puzzles",
    "split_paths",
    "unreadable",
]

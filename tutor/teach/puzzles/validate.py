"""Checking puzzles with the solver: the goal is reachable and the solution lists exactly the
moves that reach it; and the collection of puzzles the app offers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tutor.engine import (
    CLOSE,
    PLAYER_NAMES,
    SEAT_NAMES,
    TooManyDealsError,
    check,
    legal_moves,
    table_check,
)
from tutor.msgid import N_
from tutor.search import MAX_NODES, SearchLimit
from tutor.teach.catalog import Catalog
from tutor.teach.puzzles.generated import read_generated, read_generated_tables
from tutor.teach.puzzles.judge import (
    PuzzleAnalysis,
    analyse,
    analyse_every_deal,
    deal_values,
    play,
    start,
)
from tutor.teach.puzzles.model import THEMES, GoalKind, Puzzle, TablePuzzle
from tutor.teach.puzzles.reader import (
    PuzzleError,
    duplicate_id,
    generated_files,
    is_generated_file,
    puzzle_files,
    read_files,
    read_puzzles,
    unreadable,
)
from tutor.teach.puzzles.table_judge import analyse_table

# Problems the solver finds.
E_NOT_TO_MOVE = N_("{player} is not to move in this position; {other} is")
E_OVER = N_("the deal is already over in this position")
E_ILLEGAL = N_("'{move}' is not a legal move here; deciding rule: {rule_ids}")
E_TOO_MANY_DEALS = N_(
    "the learner cannot tell apart {count} deals, more than the {limit} the solver checks; "
    "show more cards or use a smaller stock"
)
E_SEARCH_LIMIT = N_(
    "the solver cannot judge this position within its limit of {limit} positions searched; "
    "use fewer cards or show more of them"
)
E_UNREACHABLE = N_(
    "the goal cannot be reached: the best move, {move}, reaches it in {reached} of {deals} "
    "possible deals"
)
E_SECOND = N_("the solver finds a second winning move: {move}")
E_NOT_WINNING = N_(
    "the solver finds that {move} does not reach the goal: it reaches it in {reached} of "
    "{deals} possible deals, worst case {worst} game points"
)
E_CLOSE_NOT_LEGAL = N_("the goal 'decide close' needs a position in which closing is legal")
E_CLOSE_EVEN = N_(
    "closing and playing on are worth the same here ({value} on average), so there is "
    "nothing to decide"
)
E_ONE_MOVE = N_("'{field}' needs a one-move puzzle ('moves: 1')")
E_UNLUCKY = N_(
    "{move} reaches the goal in enough deals, but not in the deal of the puzzle itself; "
    "the computer could not play it out"
)
E_STUCK = N_(
    "after the moves {line}, no move reaches the goal against every deal the learner cannot "
    "rule out"
)
E_NOT_SOLVED = N_("after the moves {line}, the deal ends without reaching the goal")


# ----------------------------------------------------------------------------- validation


def _err(p: Puzzle | TablePuzzle, key: str, template: str, **params: Any) -> PuzzleError:
    return PuzzleError(p.source or "<puzzle>", p.line_of(key), 1, template, **params)


def precheck(p: Puzzle) -> list[PuzzleError]:
    """The checks that need no search: the learner is to move, the solution's moves are legal,
    the goal and the options fit the position."""
    s = p.state
    if s.result is not None:
        return [_err(p, "position", E_OVER)]
    if s.to_move != p.learner:
        return [
            _err(
                p,
                "player",
                E_NOT_TO_MOVE,
                player=PLAYER_NAMES[p.learner],
                other=PLAYER_NAMES[s.to_move if s.to_move is not None else 0],
            )
        ]
    problems: list[PuzzleError] = []
    for move in p.solution:
        verdict = check(s, move)
        if not verdict.legal:
            problems.append(
                _err(p, "solution", E_ILLEGAL, move=str(move), rule_ids=", ".join(verdict.rule_ids))
            )
    if p.goal.kind is GoalKind.DECIDE_CLOSE:
        if CLOSE not in legal_moves(s):
            problems.append(_err(p, "goal", E_CLOSE_NOT_LEGAL))
        if p.moves != 1:
            problems.append(_err(p, "moves", E_ONE_MOVE, field="goal: decide close"))
    if p.probability is not None and p.length != 1:
        problems.append(_err(p, "probability", E_ONE_MOVE, field="probability"))
    return problems


def validate(p: Puzzle) -> list[PuzzleError]:
    """Check a puzzle with the solver: its goal is reachable and the solution lists exactly
    the moves that reach it. Returns the problems (none for a valid puzzle); a position too
    large to be judged within the search budget is one of them."""
    try:
        return _validate(p)
    except SearchLimit:
        return [_err(p, "position", E_SEARCH_LIMIT, limit=MAX_NODES)]


def _unreachable(p: Puzzle | TablePuzzle, a: PuzzleAnalysis) -> list[PuzzleError]:
    """No move reaches the goal in every deal: the one that comes nearest, and how near."""
    top = max(a.scores, key=lambda x: (x.reached, x.worst, x.total))
    return [
        _err(p, "goal", E_UNREACHABLE, move=str(top.move), reached=top.reached, deals=top.deals)
    ]


def _against_solution(p: Puzzle | TablePuzzle, a: PuzzleAnalysis) -> list[PuzzleError]:
    """The solution against the moves the judge proves: a move that reaches the goal and is not
    in it, and a move of it that does not reach the goal (in how many deals it does)."""
    problems = [
        _err(p, "solution", E_SECOND, move=str(m)) for m in a.accepted if m not in p.solution
    ]
    for move in p.solution:
        if move not in a.accepted:
            sc = a.score(move)
            problems.append(
                _err(
                    p,
                    "solution",
                    E_NOT_WINNING,
                    move=str(move),
                    reached=sc.reached,
                    deals=sc.deals,
                    worst=sc.worst,
                )
            )
    return problems


def _validate(p: Puzzle) -> list[PuzzleError]:
    problems = precheck(p)
    s = p.state
    if problems:
        return problems
    try:
        a = analyse(s, p.learner, p.goal, p.probability, p.excluded)
    except TooManyDealsError as exc:
        return [_err(p, "position", E_TOO_MANY_DEALS, count=exc.count, limit=exc.limit)]
    if p.goal.kind is GoalKind.DECIDE_CLOSE and not a.accepted:
        close = a.score(CLOSE)
        return [_err(p, "goal", E_CLOSE_EVEN, value=round(float(close.mean), 2))]
    if not a.exact or not a.accepted:
        if not a.exact:  # judged over the deal on the table only: report over every deal
            a = analyse_every_deal(s, p.learner, p.goal, p.probability, p.excluded)
        return _unreachable(p, a)
    problems += _against_solution(p, a)
    if problems:
        return problems
    if p.probability is not None:
        own = {m: ok for m, _, ok in deal_values(s, p.learner, p.goal)}
        for move in a.best:
            if not own.get(move, False):
                problems.append(_err(p, "solution", E_UNLUCKY, move=str(move)))
        return problems
    return _walk(p)


def _walk(p: Puzzle) -> list[PuzzleError]:
    """Play the puzzle through with best moves: at every turn the learner must have a move
    that reaches the goal, and the puzzle must end solved."""
    attempt = start(p)
    while not attempt.over:
        a = attempt.analysis()
        if not a.exact or not a.accepted:
            line = " ".join(str(m) for m in attempt.history)
            return [_err(p, "moves", E_STUCK, line=line)]
        attempt = play(attempt, a.best[0])
    if not attempt.solved:
        line = " ".join(str(m) for m in attempt.history)
        return [_err(p, "moves", E_NOT_SOLVED, line=line)]
    return []


def validate_table(p: TablePuzzle) -> list[PuzzleError]:
    """Check a table puzzle with the table solver (``tutor.teach.puzzles.table_judge``): the
    learner is to move, the solution's moves are legal, and they are exactly the moves that
    reach the goal against every deal the seat cannot tell apart."""
    s = p.state
    if s.result is not None:
        return [_err(p, "position", E_OVER)]
    if s.to_move != p.learner:
        to_move = SEAT_NAMES[s.to_move if s.to_move is not None else 0]
        return [_err(p, "player", E_NOT_TO_MOVE, player=SEAT_NAMES[p.learner], other=to_move)]
    problems = []
    for move in p.solution:
        verdict = table_check(s, move)
        if not verdict.legal:
            problems.append(
                _err(p, "solution", E_ILLEGAL, move=str(move), rule_ids=", ".join(verdict.rule_ids))
            )
    if problems:
        return problems
    try:
        a = analyse_table(s, p.learner, p.goal)
    except TooManyDealsError as exc:
        return [_err(p, "position", E_TOO_MANY_DEALS, count=exc.count, limit=exc.limit)]
    if not a.accepted:
        return _unreachable(p, a)
    return problems + _against_solution(p, a)


def validate_paths(
    paths: Sequence[str | Path],
    *,
    solve: bool = True,
    sample: int | None = None,
    seed: int = 0,
) -> tuple[list[Puzzle | TablePuzzle], list[PuzzleError]]:
    """The puzzles of files and folders, and every problem; with ``solve`` each puzzle is also
    checked by the solver (``validate``, ``validate_table``). With ``sample``, the solver
    checks every hand-written puzzle but only that many generated ones of two seats and that
    many of tables, drawn with ``seed`` (all of them are read)."""
    files: list[Path] = []
    errors: list[PuzzleError] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            try:
                files.extend(puzzle_files(path))
                files.extend(generated_files(path))
            except OSError as exc:
                errors.append(unreadable(str(path), exc))
        else:
            files.append(path)

    def read(path: Path) -> tuple[list[Puzzle], list[PuzzleError]]:
        return read_generated(path) if is_generated_file(path) else read_puzzles(path)

    # the course's files first, then the generated ones: an id used twice is the later one
    ordered = sorted(files, key=is_generated_file)
    puzzles, errs = read_files(ordered, read)
    errors.extend(errs)
    generated = [p for p in puzzles if is_generated_file(p.source)]
    if sample is not None and len(generated) > sample:
        skip = set(range(len(generated))) - set(
            random.Random(seed).sample(range(len(generated)), sample)
        )
        unchecked = {id(generated[i]) for i in skip}
    else:
        unchecked = set()
    good: list[Puzzle | TablePuzzle] = []
    for p in puzzles:
        found = validate(p) if solve and id(p) not in unchecked else []
        errors.extend(found)
        if not found:
            good.append(p)
    tables: list[TablePuzzle] = []
    for path in ordered:
        if is_generated_file(path):
            more, errs = read_generated_tables(path)
            tables += more
            errors.extend(errs)
    known = {p.id for p in puzzles}
    checked = set(range(len(tables)))
    if sample is not None and len(tables) > sample:
        checked = set(random.Random(seed).sample(range(len(tables)), sample))
    for i, t in enumerate(tables):
        if t.id in known:
            errors.append(duplicate_id(t, next(p for p in puzzles if p.id == t.id)))
            continue
        known.add(t.id)
        found = validate_table(t) if solve and i in checked else []
        errors.extend(found)
        if not found:
            good.append(t)
    return good, errors


def _order(p: Puzzle) -> tuple[int, int, str, int]:
    return (p.level, _THEME_ORDER.index(p.theme), p.source, p.line)


_THEME_ORDER = list(THEMES)


class Collection(Catalog[Puzzle]):
    """The puzzles of a folder for the app, in order of level, theme and id, with the problems
    of the files that could not be read and of the puzzles ``precheck`` keeps out (the
    solver's checks run in CI, not here)."""

    def __init__(self, folder: str | Path) -> None:
        super().__init__(
            folder,
            read_puzzles,
            ident=lambda p: p.id,
            order=_order,
            duplicate=duplicate_id,
            unreadable=unreadable,
            check=precheck,
        )

    @classmethod
    def load(cls, folder: str | Path) -> Collection:
        """The collection of ``folder``, read now."""
        return cls(folder).refresh()

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return self.items


__all__ = ["Collection", "precheck", "validate", "validate_paths", "validate_table"]

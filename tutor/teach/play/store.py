"""A match in progress as a small JSON text, so that the browser can keep it across a reload:
the table (rules, number of seats, opponent, seed, seat), and for each deal its moves, whether
it was given up, and the coach's remarks. Everything else (the cut, the cards of each deal, the
computer's moves) follows from the seed, and every move is played again through the engine on
reading, so a text that was tampered with cannot make an illegal position. Every field is
checked for its type and range before use (a number is a whole number where one is meant,
never ``true``; a remark's numbers are finite and within ``MAX_POINTS``; a remark is on a move
the learner made, and its best move and line are legal there), so that a text changed by hand
is refused as a whole rather than shown.

One schema serves every table: ``seats`` gives the number of seats and must agree with the
rules; a text without it (kept before the tables joined) is a match of two seats, read as
before.

>>> from tutor.teach.play.game import Table, start, play_out
>>> g = play_out(start(Table("kurnik", seed=3)))
>>> load_game(dump_game(g)) == g
True
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any

from tutor.engine import (
    Card,
    IllegalMoveError,
    Move,
    MoveError,
    SwitchValueError,
    UnknownPresetError,
    parse_move,
)
from tutor.engine import Deal as Position
from tutor.formats.errors import SourceError
from tutor.formats.uploads import small_json
from tutor.msgid import N_
from tutor.teach.hints.model import TIE_KINDS, TieReason
from tutor.teach.play.game import (
    Deal,
    Game,
    Grade,
    Remark,
    Table,
    claim,
    next_deal,
    start,
)

GAME_VERSION = 1
#: A kept match larger than this is refused unread (a match to 1000 has some hundred moves).
MAX_GAME_BYTES = 200_000
#: The most deals a kept match may hold.
MAX_DEALS = 400
#: The most moves of a remark's line of best play (a deal has fewer).
MAX_LINE = 40
#: The most sampled deals a remark may name.
MAX_SAMPLES = 10_000
#: The largest game points (or loss of them) a remark may name: a deal gives a few under every
#: rule set, so a larger number is not the coach's.
MAX_POINTS = 100

M_GAME_TOO_LARGE = N_("The match kept in this browser is too large to be one of this tutor's.")
M_NOT_GAME = N_("The match kept in this browser cannot be read; a new one starts.")


class GameStoreError(SourceError):
    """A kept match that cannot be read; ``template`` is the msgid."""

    def __init__(self, template: str) -> None:
        super().__init__(template, path="")


def dump_game(game: Game) -> str:
    """The match as JSON text. A match between two computer players (a table with a stand-in)
    is not kept: ``ValueError``."""
    if game.table.stand_in is not None:
        raise ValueError("a match between two computer players is not kept")
    deals = [*game.past, game.deal]
    data = {
        "version": GAME_VERSION,
        "rules": game.table.rules_spec,
        "seats": game.rules.seats,
        "opponent": game.table.opponent,
        "seed": game.table.seed,
        "learner": game.table.learner,
        "deals": [_deal_data(d) for d in deals],
        "claim": None if game.claim is None else game.claim.seat,
    }
    return json.dumps(data, separators=(",", ":"))


def _deal_data(deal: Deal) -> dict[str, Any]:
    return {
        "moves": [str(m) for m in deal.moves],
        "resigned": deal.resigned,
        "remarks": [
            [
                r.ply,
                str(r.move),
                r.grade.value,
                r.loss,
                str(r.best),
                r.best_value,
                r.value,
                r.exact,
                [str(m) for m in r.line],
                *_remark_tail(r),
            ]
            for r in deal.remarks
        ],
    }


def load_game(text: str | bytes) -> Game:
    """The match in ``text`` (``dump_game``), every move played again through the engine.
    Raises ``GameStoreError``."""
    data = small_json(text, MAX_GAME_BYTES, M_GAME_TOO_LARGE, GameStoreError)
    try:
        return _load(data)
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        IllegalMoveError,
        MoveError,
        UnknownPresetError,
        SwitchValueError,
    ):
        raise GameStoreError(M_NOT_GAME) from None


def _whole(value: object) -> int:
    """``value`` if it is a whole number (not ``true`` or ``1.0``); else ``TypeError``."""
    if type(value) is not int:
        raise TypeError("not a whole number")
    return value


def _load(data: object) -> Game:
    if not isinstance(data, dict) or _whole(data.get("version")) != GAME_VERSION:
        raise ValueError("not a kept match")
    rules, opponent = data["rules"], data["opponent"]
    seed, learner = data["seed"], data["learner"]
    if not isinstance(rules, str) or not isinstance(opponent, str):
        raise ValueError("bad table")
    if type(seed) is not int or type(learner) is not int:
        raise ValueError("bad table")
    deals = data["deals"]
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
        raise ValueError("bad deals")
    # the table checks the opponent and the learner's seat for its number of seats
    table = Table(rules_spec=rules, opponent=opponent, seed=seed, learner=learner)
    if _whole(data.get("seats", 2)) != table.rules.seats:
        raise ValueError("the seats do not match the rules")
    game = start(table)
    for i, d in enumerate(deals):
        if i:
            game = next_deal(game)
        game = _replay(game, d)
    side = data.get("claim")
    if side is not None:
        if _whole(side) not in range(game.rules.sides):
            raise ValueError("bad claim")
        game = claim(game, side)
    return game


def _replay(game: Game, d: object) -> Game:
    if not isinstance(d, dict):
        raise ValueError("bad deal")
    raw_moves, raw_remarks = d["moves"], d.get("remarks", [])
    if not isinstance(raw_moves, list) or not isinstance(raw_remarks, list):
        raise ValueError("bad deal")
    moves = [parse_move(_text(m)) for m in raw_moves]
    states = [game.deal.start]
    for m in moves:
        states.append(states[-1].apply(m))  # raises IllegalMoveError
    state = states[-1]
    remarks = tuple(_remark(r, len(moves)) for r in raw_remarks)
    plies = [r.ply for r in remarks]
    if plies != sorted(set(plies)):
        raise ValueError("remarks out of order")
    for r in remarks:
        _check_remark(r, moves, states, game.table.learner)
    resigned = d.get("resigned")
    if resigned is not None and _whole(resigned) not in range(game.rules.seats):
        raise ValueError("bad resignation")
    now = state if moves else None  # as dealt: the very value a new deal holds
    deal = replace(game.deal, moves=tuple(moves), state=now, remarks=remarks, resigned=resigned)
    if resigned is not None and state.result is not None:
        raise ValueError("a deal that ended cannot be given up")
    return replace(game, deal=deal)  # an unfinished deal before the last: next_deal refuses


def _check_remark(r: Remark, moves: list[Move], states: list[Position], learner: int) -> None:
    """``ValueError`` (or ``IllegalMoveError``) unless ``r`` is on a move the learner made and
    its best move and its line are legal where the move was made."""
    before = states[r.ply]
    if moves[r.ply] != r.move or before.to_move != learner:
        raise ValueError("the remark is not on a move of the learner")
    before.apply(r.best)
    after = before
    for m in r.line:
        after = after.apply(m)


def _points(value: object) -> float:
    """A remark's number of game points: finite, at most ``MAX_POINTS`` either way."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("not a number")
    if not math.isfinite(value) or abs(value) > MAX_POINTS:
        raise ValueError("not a remark's number")
    return float(value)


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 20:
        raise ValueError("not a move")
    return value


def _remark_tail(r: Remark) -> list[object]:
    """The optional end of a kept remark: the samples named, then the loss's interval and the
    tie's reason (kind, card to play, card to keep) where there are."""
    if r.interval is None and r.tie is None:
        return [r.samples] if r.samples else []
    interval = [] if r.interval is None else list(r.interval)
    tie = [] if r.tie is None else [r.tie.kind, str(r.tie.play), str(r.tie.keep)]
    return [r.samples, interval, tie]


def _interval(value: object) -> tuple[float, float] | None:
    if value == []:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("bad remark")
    low, high = _points(value[0]), _points(value[1])
    if low > high:
        raise ValueError("bad remark")
    return low, high


def _tie(value: object) -> TieReason | None:
    if value == []:
        return None
    if not isinstance(value, list) or len(value) != 3 or value[0] not in TIE_KINDS:
        raise ValueError("bad remark")
    return TieReason(value[0], Card.parse(_text(value[1])), Card.parse(_text(value[2])))


def _remark(r: object, plies: int) -> Remark:
    if not isinstance(r, list) or len(r) not in (9, 10, 12):
        raise ValueError("bad remark")
    ply, move, grade, loss, best, best_value, value, exact, line = r[:9]
    samples = r[9] if len(r) >= 10 else 0
    interval = _interval(r[10]) if len(r) == 12 else None
    tie = _tie(r[11]) if len(r) == 12 else None
    if type(samples) is not int or not 0 <= samples <= MAX_SAMPLES:
        raise ValueError("bad remark")
    if not isinstance(line, list) or len(line) > MAX_LINE:
        raise ValueError("bad remark")
    if type(ply) is not int or not 0 <= ply < plies:
        raise ValueError("bad remark")
    if not isinstance(exact, bool) or not isinstance(grade, str):
        raise ValueError("bad remark")
    return Remark(
        ply=ply,
        move=parse_move(_text(move)),
        grade=Grade(grade),
        loss=_points(loss),
        best=parse_move(_text(best)),
        best_value=_points(best_value),
        value=_points(value),
        exact=exact,
        line=tuple(parse_move(_text(m)) for m in line),
        samples=samples,
        interval=interval,
        tie=tie,
    )


__all__ = [
    "GAME_VERSION",
    "MAX_GAME_BYTES",
    "MAX_POINTS",
    "M_GAME_TOO_LARGE",
    "M_NOT_GAME",
    "GameStoreError",
    "dump_game",
    "load_game",
]

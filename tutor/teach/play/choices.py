"""What a match against the computer offers and what a click does to it, decided without a
screen: the table chosen before the match (two seats, or three or four; the preset, the
opponent, the match form; the seed an address gives), what the table shows and which of the
learner's acts are open now (a card to click, the buttons for the moves that are no card, the
hint ladder, undo, giving up, the next deal, a claim, the count), a card clicked turned into
the learner's move or refused with the rules' verdict, the coach's remark added once the
computer has answered, and how the match came out for the learner.

No sentence is made here: ``tutor.words.play_page`` says it.

>>> s = setup_of("table", "four", "thousand", "beginner")
>>> s.kind, s.preset, s.mode.value, s.opponent, s.rules_spec
('table', 'four', 'thousand', 'club', 'four(match.mode=thousand)')
>>> address_seed(" 42 "), address_seed("-1"), address_seed("1234567890")
(42, None, None)
>>> next_hint(0), next_hint(HINT_LEVELS)
(1, 4)
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from tutor.engine import (
    PRESETS,
    TABLE_PRESETS,
    Card,
    DeclareOut,
    Marriage,
    MatchMode,
    Move,
    NameTrump,
    Play,
    RuleSet,
    State,
    TableState,
    Verdict,
    parse_move,
)
from tutor.engine import Deal as Position
from tutor.teach.play.coach import ask_to_count, coach_remark
from tutor.teach.play.export import lesson_id
from tutor.teach.play.game import (
    Deal,
    Game,
    Remark,
    Table,
    add_remark,
    learner_move,
    opponents,
    play_out,
    verdict,
)

# ----------------------------------------------------------------------------- the table chosen

#: The choice of the table: two players, or three or four.
TWO = "two"
TABLE = "table"
KINDS = (TWO, TABLE)
#: The presets of each kind of table, and the first one of each.
TABLES: Mapping[str, tuple[Mapping[str, RuleSet], str]] = {
    TWO: (PRESETS, "classic"),
    TABLE: (TABLE_PRESETS, "three"),
}
#: The match forms a learner may choose, the preset's own first.
MATCH_MODES = (MatchMode.GAME_POINTS, MatchMode.FIVE_DEALS, MatchMode.THOUSAND)
#: Seeds from the address have at most this many digits; random ones are below ``MAX_SEED``.
MAX_SEED_DIGITS = 9
MAX_SEED = 10**MAX_SEED_DIGITS


@dataclass(frozen=True)
class Setup:
    """What the learner chooses before a match, every value one that can be played: the kind
    of table (``TWO`` or ``TABLE``), a preset of that kind, the match form and an opponent for
    the preset's number of seats."""

    kind: str = TWO
    preset: str = "classic"
    mode: MatchMode = MatchMode.GAME_POINTS
    opponent: str = "beginner"

    @property
    def presets(self) -> list[str]:
        """The presets to choose from, by name."""
        return sorted(TABLES[self.kind][0])

    @property
    def default(self) -> str:
        """The preset chosen at first."""
        return TABLES[self.kind][1]

    @property
    def rules(self) -> RuleSet:
        return TABLES[self.kind][0][self.preset]

    @property
    def opponents(self) -> tuple[str, ...]:
        """The opponents to choose from at the preset's table."""
        return opponents(self.rules.seats)

    @property
    def target(self) -> int:
        """The preset's match target (what the match form of game points plays to)."""
        return self.rules.match_target

    @property
    def rules_spec(self) -> str:
        """The rules as text: the preset, with the match form where it is not game points."""
        if self.mode is MatchMode.GAME_POINTS:
            return self.preset
        return f"{self.preset}(match.mode={self.mode.value})"

    def table(self, seed: int) -> Table:
        """The table of a match with these choices and ``seed``."""
        return Table(rules_spec=self.rules_spec, opponent=self.opponent, seed=seed)


def setup_of(kind: object, preset: object, mode: object, opponent: object) -> Setup:
    """The choices as the widgets hold them, made valid: a value that is no choice (absent,
    or of another kind of table) gives the first one there is (two players; the kind's first
    preset; game points; the weakest opponent at the preset's table)."""
    kind = kind if kind in KINDS else TWO
    assert isinstance(kind, str)
    presets, default = TABLES[kind]
    name = preset if isinstance(preset, str) and preset in presets else default
    modes = {m.value: m for m in MATCH_MODES}
    match_mode = modes.get(mode, MatchMode.GAME_POINTS) if isinstance(mode, str) else None
    choices = opponents(presets[name].seats)
    chosen = opponent if isinstance(opponent, str) and opponent in choices else choices[0]
    return Setup(kind, name, match_mode or MatchMode.GAME_POINTS, chosen)


def address_seed(raw: str) -> int | None:
    """The seed an address gives (``/play?seed=42``, so that a class plays the same deals): a
    whole number of at most ``MAX_SEED_DIGITS`` digits 0-9; ``None`` for another value."""
    text = raw.strip()
    if text.isascii() and text.isdigit() and len(text) <= MAX_SEED_DIGITS:
        return int(text)
    return None


def random_seed_base() -> int:
    """The base of a session's seeds where the address gives none."""
    return secrets.randbelow(MAX_SEED)


# ----------------------------------------------------------------------------- the table shown

#: The hint ladder's levels.
HINT_LEVELS = 4


def position_key(game: Game) -> tuple[int, int]:
    """The position in the match (deal number, moves made): what the hints opened and the
    counts belong to."""
    return game.deal.number, len(game.deal.moves)


def next_hint(level: int) -> int:
    """The hint level after ``level`` when the learner asks for more."""
    return min(level + 1, HINT_LEVELS)


@dataclass(frozen=True)
class Shown:
    """What the table shows: the cards the learner may click (the learner's hand at the
    learner's turn), of those the ones marked as playable (``None``: no marks), which hands are
    face up, and whether the points are shown."""

    pick: frozenset[Card]
    legal: frozenset[Card] | None
    show: tuple[bool, ...]
    scores: bool


def view_of(game: Game, *, mark_legal: bool, hint_level: int, hide: bool) -> Shown:
    """The table at this moment: the playable cards are marked where the learner asked for
    marks or opened a hint; every hand is open once the deal is over, and the points too when
    the learner counts them."""
    s = game.state
    seat = game.table.learner
    pick = frozenset(s.hand(seat)) if game.learners_turn else frozenset()
    legal = None
    if pick and (mark_legal or hint_level >= 1):
        legal = frozenset(m.card for m in s.legal_moves() if isinstance(m, Play))
    show = tuple(x == seat or game.deal.over for x in range(s.seats))
    return Shown(pick, legal, show, scores=not hide or game.deal.over)


def on_table(position: Position) -> State | TableState:
    """A position of either engine as the table draws it."""
    if not isinstance(position, State | TableState):
        raise TypeError(f"no table for {type(position).__name__}")
    return position


@dataclass(frozen=True)
class Turn:
    """What the learner may do at their turn: name the trump suit only (every legal move
    names one), or name it besides playing a card; the moves that are no card on the table,
    as buttons; whether the coach asks for a count, whether a claim to 1000 is open; the hint
    level shown, as the table's hint panel (three or four seats) or the step's hint ladder
    (two), and whether a further level is left."""

    must_name: bool
    may_name: bool
    buttons: tuple[Move, ...]
    count: bool
    claim: bool
    hint: int
    table_hint: bool
    more_hint: bool


def turn_of(game: Game, *, hint_level: int, hide: bool) -> Turn:
    """The learner's turn in ``game`` with hint ``hint_level`` open; while the points are
    hidden (``hide``) the coach now and then asks for a count (``ask_to_count``)."""
    moves = game.state.legal_moves()
    naming = [m for m in moves if isinstance(m, NameTrump)]
    return Turn(
        must_name=bool(naming) and len(naming) == len(moves),
        may_name=bool(naming) and len(naming) < len(moves),
        buttons=tuple(m for m in moves if not isinstance(m, Play)),
        count=hide and ask_to_count(game),
        claim=game.may_claim,
        hint=hint_level,
        table_hint=isinstance(game.state, TableState),
        more_hint=hint_level < HINT_LEVELS,
    )


def shows_cut(game: Game) -> bool:
    """The cut for the first dealer is shown during the match's first deal."""
    return game.deal.number == 1 and not game.past


def may_undo(game: Game) -> bool:
    """Something of the learner's can be taken back: a move while the deal is in play, or
    giving the deal up. A deal played to its end, and a decided match (by the score or a
    claim), are finished: their table offers no undo."""
    if game.over:
        return False
    if game.deal.resigned is not None:
        return True
    return bool(game.deal.moves) and not game.deal.over


def may_give_up(game: Game) -> bool:
    return not game.deal.over and not game.over


def may_deal_next(game: Game) -> bool:
    return game.deal.over and not game.over


def counted(answer: object) -> int:
    """The learner's count as the number field holds it (empty: 0)."""
    return int(answer) if isinstance(answer, int | float | str) and answer else 0


def learner_points(game: Game) -> int:
    """The points the learner's side has in the deal (what the count asks for)."""
    return game.state.score(game.side)


# ----------------------------------------------------------------------------- a move


@dataclass(frozen=True)
class Refused:
    """A card clicked that the rules do not allow now; ``verdict`` says why."""

    move: Move
    verdict: Verdict


@dataclass(frozen=True)
class Played:
    """The learner's move made: the game before it, the move, the game after it with the
    computer's answers, and whether the coach grades it (there was more than one legal move)."""

    before: Game
    move: Move
    after: Game
    graded: bool

    @property
    def since(self) -> int:
        """The move's index in the deal: what the table says happened from there on."""
        return len(self.before.deal.moves)


def try_move(game: Game, text: str) -> Played | Refused | None:
    """The learner's move written ``text`` (as the table or a button sends it) tried in
    ``game``: played, with the computer's answers, or refused. ``None`` when it is not the
    learner's turn or ``text`` is no move."""
    if not game.learners_turn:
        return None
    try:
        move = parse_move(text)
    except ValueError:
        return None
    if isinstance(move, Play) and played_already(game, move.card):
        return None  # a second click on the card just played (a double click): no news
    said = verdict(game, move)
    if not said.legal:
        return Refused(move, said)
    graded = len(game.state.legal_moves()) > 1
    return Played(game, move, play_out(learner_move(game, move)), graded)


def played_already(game: Game, card: Card) -> bool:
    """``card`` has been played in this deal and the learner holds no other copy of it (two
    packs at a table of four)."""
    played = any(isinstance(m, Play | Marriage) and m.card == card for m in game.deal.moves)
    return played and card not in game.state.hand(game.table.learner)


def confirms(game: Game, text: str) -> bool:
    """The move written ``text`` declares the target ("66") while the learner's side has
    fewer points than the target: one click does not commit it; the page explains and asks
    first."""
    try:
        move = parse_move(text)
    except ValueError:
        return False
    return isinstance(move, DeclareOut) and game.state.score(game.side) < game.rules.target


def same_deal(before: Game, game: Game) -> bool:
    """``game`` goes on from ``before``'s deal (not a new match, nor the next deal)."""
    return before.deal.number == game.deal.number and before.table == game.table


def with_remark(game: Game, before: Game, move: Move) -> tuple[Game, Remark] | None:
    """``game`` with the coach's remark on the learner's ``move`` made in ``before``, and the
    remark; ``None`` when there is nothing to say or the move was taken back meanwhile. This
    is where the coach searches."""
    remark = coach_remark(before, move)
    if remark is None:
        return None
    try:
        return add_remark(game, remark), remark
    except ValueError:
        return None


# ----------------------------------------------------------------------------- the deal's end


class Result(Enum):
    """How a match came out for the learner."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


def match_result(game: Game) -> Result | None:
    """The match's result for the learner (by the score or a claim); ``None`` while it goes
    on."""
    if not game.over:
        return None
    if game.winner is None:
        return Result.DRAWN
    return Result.WON if game.winner == game.side else Result.LOST


def quiet_remarks(deal: Deal, moments: tuple[Remark, ...]) -> tuple[Remark, ...]:
    """The coach's remarks on the deal besides the costliest moments (said in quiet mode at
    the deal's end)."""
    return tuple(r for r in deal.remarks if r not in moments)


def game_until(game: Game, ply: int) -> Game:
    """``game`` with its deal's first ``ply`` moves only (a step of the replay)."""
    return replace(game, deal=replace(game.deal, moves=game.deal.moves[:ply]))


def lesson_offered(game: Game) -> bool:
    """The deal can be downloaded as a lesson (the lessons of two seats)."""
    return game.rules.seats == 2


def lesson_file_name(game: Game) -> str:
    return f"{lesson_id(game, game.deal)}.yaml"


def match_file_name(game: Game) -> str:
    return f"match-{game.table.seed}.json"


__all__ = [
    "HINT_LEVELS",
    "KINDS",
    "MATCH_MODES",
    "MAX_SEED",
    "MAX_SEED_DIGITS",
    "TABLE",
    "TABLES",
    "TWO",
    "Played",
    "Refused",
    "Result",
    "Setup",
    "Shown",
    "Turn",
    "address_seed",
    "counted",
    "game_until",
    "learner_points",
    "lesson_file_name",
    "lesson_offered",
    "match_file_name",
    "match_result",
    "may_deal_next",
    "may_give_up",
    "may_undo",
    "next_hint",
    "on_table",
    "position_key",
    "quiet_remarks",
    "random_seed_base",
    "same_deal",
    "setup_of",
    "shows_cut",
    "try_move",
    "turn_of",
    "view_of",
    "with_remark",
]

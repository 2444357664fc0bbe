"""Mining puzzles from self-play: positions of the kinds worth training, kept only when the
judge proves their solution.

Deals of a preset are played by simple computer players (``tutor.search``: the greedy and the
random player, mixed) to the end; the positions met on the way that are of a *stage*, a kind
of position (counting to 66, the last chance to close, the exchange, a marriage, the second
phase led or answered, the last tricks), are the candidates: the first of each stage, and
every one of the second phase's. A candidate is judged (``analyse``) against each of the
stage's goals in turn, over every deal the learner cannot tell apart; the first goal that
exactly one idea reaches (a marriage is one idea whichever card of the pair is led; for
"decide close" the one best choice) makes the puzzle, which ``validate`` must then pass like
a hand-written one.

Duplicates are dropped twice: the same position twice (``exact_key``), and positions that
differ only in a way the learner's decision does not see (``near_key``: the non-trump suits
renamed, the scores rounded down to fives, the cards already played left out). No stage gives
more than ``STAGE_SHARE`` of the puzzles kept so far (give or take ``STAGE_SLACK``).

Everything depends only on the seed, and a run cut short is the start of a longer one:
``mine(preset, count, seed, attempts=...)``.
"""

from __future__ import annotations

import itertools
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from tutor.engine import (
    CLOSE,
    EXCHANGE,
    Close,
    Duty,
    Marriage,
    Move,
    Play,
    Rank,
    State,
    TooManyDealsError,
    apply,
    deal_count,
    legal_moves,
    random_deal,
    view_of,
)
from tutor.engine.presets import preset as preset_rules
from tutor.msgid import N_
from tutor.search import SearchLimit, greedy_player, random_player
from tutor.teach.puzzles.generated import Fact, Mined, exact_key, position_text, puzzle_of
from tutor.teach.puzzles.judge import MoveScore, PuzzleAnalysis, analyse
from tutor.teach.puzzles.model import Goal, GoalKind
from tutor.teach.puzzles.validate import validate

#: A kept puzzle, of two seats (``Mined``) or of a table.
_T = TypeVar("_T")

# ----------------------------------------------------------------------------- stages


def _on_lead(s: State) -> bool:
    return s.lead < 0 and s.result is None and _short(s)


def _short(s: State) -> bool:
    """The player to move has not reached the target yet (else declaring is the move)."""
    return s.to_move is not None and s.score(s.to_move) < s.rules.target


def _hand(s: State) -> int:
    return max(s.hands[0].bit_count(), s.hands[1].bit_count())


def _few_deals(s: State) -> bool:
    """The learner cannot tell apart at most ``FEW_DEALS`` deals (the stock used up: one)."""
    if s.stock_size == 0:
        return True
    learner = s.to_move
    return learner is not None and deal_count(view_of(s, learner)) <= FEW_DEALS


FEW_DEALS = 60

PHASE2_GOALS = tuple(
    Goal.parse(g) for g in ("reach 66", "win 3", "win 2", "win", "avoid schwarz", "avoid schneider")
)


@dataclass(frozen=True)
class Stage:
    """A kind of position worth training: when a position is one, the goals tried in order,
    and which solutions make it the kind (None: any)."""

    name: str
    want: Callable[[State], bool]
    goals: tuple[Goal, ...]
    fits: Callable[[State, Move], bool] | None = None
    whole: bool = False  # the puzzle goes on to the end of the deal (every card is seen)
    every: bool = False  # every such position of a deal is a candidate (else the first)


def _marriage_decision(s: State, move: Move) -> bool:
    """Marry now, or keep the pair while a marriage could be shown."""
    return isinstance(move, Marriage) or any(isinstance(m, Marriage) for m in legal_moves(s))


STAGES: tuple[Stage, ...] = (
    # Counting to 66: the learner leads near the end of the first phase with 45 to 65 points.
    Stage(
        "count",
        lambda s: _on_lead(s) and s.stock_size <= 2 and s.score(s.leader) >= 45 and _few_deals(s),
        (Goal(GoalKind.REACH_66),),
    ),
    # The last chance to close, or nearly.
    Stage(
        "close",
        lambda s: (
            _on_lead(s) and 0 < len(s.stock) <= 2 and CLOSE in legal_moves(s) and _few_deals(s)
        ),
        (Goal(GoalKind.DECIDE_CLOSE),),
    ),
    Stage(
        "exchange",
        lambda s: (
            _on_lead(s) and len(s.stock) <= 4 and EXCHANGE in legal_moves(s) and _few_deals(s)
        ),
        tuple(Goal.parse(g) for g in ("reach 66", "win 2", "win")),
        lambda s, m: m == EXCHANGE,
    ),
    Stage(
        "marriage",
        lambda s: (
            _on_lead(s)
            and len(s.stock) <= 2
            and any(isinstance(m, Marriage) for m in legal_moves(s))
            and _few_deals(s)
        ),
        tuple(Goal.parse(g) for g in ("reach 66", "win 2", "win")),
        _marriage_decision,
    ),
    # The second phase, the learner leads (the stock used up or closed).
    Stage(
        "lead",
        lambda s: _on_lead(s) and s.phase2 and 3 <= _hand(s) <= 5 and _few_deals(s),
        PHASE2_GOALS,
        whole=True,
        every=True,
    ),
    # The second phase, the learner answers a lead: follow or head.
    Stage(
        "answer",
        lambda s: s.lead >= 0 and _short(s) and s.phase2 and 3 <= _hand(s) <= 5 and _few_deals(s),
        PHASE2_GOALS,
        whole=True,
        every=True,
    ),
    # The last tricks: two cards each.
    Stage("last", lambda s: _on_lead(s) and s.stock_size == 0 and _hand(s) == 2, PHASE2_GOALS),
)
STAGE_NAMES = tuple(s.name for s in STAGES)

# ----------------------------------------------------------------------------- what is kept


#: Why a candidate position was not kept.
REASONS = (
    N_("trivial"),  # one legal move, or the learner could declare 66 at once
    N_("too many deals"),  # more deals than the judge examines
    N_("search limit"),  # the solver could not judge it within its limits
    N_("no unique goal"),  # no goal that exactly one idea reaches
    N_("not the kind"),  # solved, but not by the decision the stage trains
    N_("duplicate"),  # the same position again
    N_("near duplicate"),  # the same decision in another guise
    N_("not valid"),  # the puzzle built from it does not pass ``validate``
)


@dataclass
class Report:
    """What a run did: candidates looked at, kept, rejected by reason, time in seconds."""

    candidates: int = 0
    kept: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    by_stage: Counter[str] = field(default_factory=Counter)

    def judged(
        self, stage: str, got: _T | str, found: list[_T], on_keep: Callable[[_T], None] | None
    ) -> None:
        """Count a candidate of ``stage`` the judge kept (into ``found``, told to ``on_keep``)
        or rejected (``got`` is then the reason)."""
        self.candidates += 1
        if isinstance(got, str):
            self.rejected[f"{stage}: {got}"] += 1
            return
        found.append(got)
        self.kept += 1
        self.by_stage[stage] += 1
        if on_keep is not None:
            on_keep(got)


def rounds(attempts: int | None, seconds: float | None, done: Callable[[], bool]) -> Iterator[int]:
    """The deals of a mining run, numbered from 1, until ``done()``, ``attempts`` deals or
    ``seconds`` (None: no such bound)."""
    start = time.monotonic()
    dealt = 0
    while not done():
        if attempts is not None and dealt >= attempts:
            return
        if seconds is not None and time.monotonic() - start >= seconds:
            return
        dealt += 1
        yield dealt


# ----------------------------------------------------------------------------- themes, levels


def _idea(move: Move) -> str:
    """A marriage is the same idea whichever of its two cards is led."""
    if isinstance(move, Marriage):
        return f"marry {move.suit} {move.out}"
    return str(move)


def _phase2_theme(s: State) -> str:
    return "closed_head" if s.rules.phase2_duty is Duty.HEAD else "closed_follow"


def themes_of(stage: str, s: State, goal: Goal, solution: tuple[Move, ...]) -> tuple[str, ...]:
    """The puzzle's themes, the main one first."""
    out: list[str] = []
    if goal.kind is GoalKind.DECIDE_CLOSE:
        out.append("closing")
    elif stage in ("exchange", "marriage"):
        out.append(stage)
    if goal.kind is GoalKind.REACH_66:
        out.append("counting")
    if goal.kind in (GoalKind.AVOID_SCHNEIDER, GoalKind.AVOID_SCHWARZ) or (
        goal.kind is GoalKind.WIN and goal.points > 1
    ):
        out.append("schneider")
    first = solution[0] if solution else None
    if isinstance(first, Play) and first.card.rank is Rank.TEN and first.card.suit != s.trump:
        out.append("save_ten")
    if s.phase2 and stage in ("lead", "answer", "last"):
        out.append(_phase2_theme(s))
    if not out:
        out.append(_phase2_theme(s) if s.phase2 else "counting")
    return tuple(dict.fromkeys(out))


def level_of(s: State, deals: int) -> int:
    """1: few cards and all of them seen; 3: many hidden deals or full hands; else 2."""
    if _hand(s) <= 3 and deals == 1:
        return 1
    if deals > 20 or _hand(s) >= 5:
        return 3
    return 2


# ----------------------------------------------------------------------------- duplicates

#: A card (rank and suit) or a marriage's suit (``'B c'``) in a position's text.
_SUITED = re.compile(r"(10|[AKQJ987]|'[AB] )([cshd])")


#: A text of cards: ranks and suits separated by spaces, in quotes.
_CARDS = re.compile(r"'((?:10|[AKQJ987])[cshd](?: (?:10|[AKQJ987])[cshd])*)'")


def _renamed(text: str, table: dict[str, str]) -> str:
    """The text with the suits renamed by ``table``, each text of cards in order again."""
    text = _SUITED.sub(lambda g: g.group(1) + table.get(g.group(2), g.group(2)), text)
    return _CARDS.sub(lambda g: "'" + " ".join(sorted(g.group(1).split())) + "'", text)


def near_key(m: Mined) -> str:
    """Positions the learner decides alike give the same key: the hands, the stock, the
    trump and the solution with the non-trump suits renamed in every way (the least text
    is the key), the scores rounded down to fives, the tricks as none or some, the cards
    played left out."""
    text = f"{m.preset}|{m.goal}|{m.learner}|{' '.join(str(x) for x in m.solution)}|"
    text += position_text(m.state, played=False, round_scores=True)
    trump = "cshd"[m.state.trump] if m.state.trump is not None else ""
    plain = [x for x in "cshd" if x != trump]
    return min(
        _renamed(text, dict(zip(plain, perm, strict=True)))
        for perm in itertools.permutations(plain)
    )


# ----------------------------------------------------------------------------- judging


def _unique(stage: Stage, s: State, a: PuzzleAnalysis, goal: Goal) -> tuple[Move, ...] | None:
    """The solution when exactly one idea reaches the goal (for "decide close": the one best
    choice), else None."""
    if not a.exact:
        return None
    if goal.kind is GoalKind.DECIDE_CLOSE:
        if len(a.best) != 1:
            return None
        if isinstance(a.best[0], Close):
            return a.accepted if len(a.accepted) == 1 else None
        return a.accepted
    ideas = {_idea(m) for m in a.accepted}
    if len(ideas) != 1 or len(a.accepted) == len(a.scores):
        return None
    return a.accepted


def _fact(a: PuzzleAnalysis, solution: tuple[Move, ...], goal: Goal) -> Fact:
    rest = [sc for sc in a.scores if sc.move not in solution]
    if goal.kind is GoalKind.DECIDE_CLOSE:
        close = next(sc for sc in a.scores if isinstance(sc.move, Close))
        plays = [sc for sc in a.scores if not isinstance(sc.move, Close)]
        top = max(plays, key=lambda sc: sc.total)
        return Fact(
            str(top.move if isinstance(solution[0], Close) else close.move),
            0,
            a.deals,
            f"{float(close.mean):.2f}",
            f"{float(top.mean):.2f}",
        )
    runner = max(rest, key=lambda sc: (sc.reached, sc.worst, sc.total))
    return Fact(str(runner.move), runner.reached, a.deals)


def _analysis(s: State, learner: int, goal: Goal) -> PuzzleAnalysis:
    """``analyse`` for the goal; a goal that is a threshold of game points is judged from
    the one analysis of "win" (the same searches, another threshold)."""
    t = goal.threshold(s.rules)
    if t is None or goal == Goal(GoalKind.WIN):
        return analyse(s, learner, goal)
    a = analyse(s, learner, Goal(GoalKind.WIN))
    if not a.exact:
        return analyse(s, learner, goal)
    scores = tuple(
        MoveScore(
            sc.move, sc.deals, sum(1 for v in sc.values if v >= t), sc.worst, sc.total, sc.values
        )
        for sc in a.scores
    )
    ok = [sc for sc in scores if sc.deals and sc.reached == sc.deals]
    top = max(((sc.worst, sc.total) for sc in ok), default=None)
    accepted = tuple(sc.move for sc in ok)
    best = tuple(sc.move for sc in ok if (sc.worst, sc.total) == top)
    return PuzzleAnalysis(scores, a.deals, accepted, best, True, a.states)


def judge_position(stage: Stage, s: State, preset: str) -> Mined | str:
    """The puzzle the position makes, or the reason it makes none."""
    learner = s.to_move
    assert learner is not None
    moves = legal_moves(s)
    if len(moves) < 2 or s.score(learner) >= s.rules.target:
        return "trivial"
    for goal in stage.goals:
        try:
            a = _analysis(s, learner, goal)
        except TooManyDealsError:
            return "too many deals"
        except SearchLimit:
            return "search limit"
        solution = _unique(stage, s, a, goal)
        if solution is None:
            continue
        if stage.fits is not None and not stage.fits(s, solution[0]):
            return "not the kind"
        whole = stage.whole and s.stock_size == 0
        return Mined(
            preset,
            stage.name,
            s,
            learner,
            goal,
            solution,
            themes_of(stage.name, s, goal, solution),
            level_of(s, a.deals),
            _fact(a, solution, goal),
            whole,
        )
    return "no unique goal"


# ----------------------------------------------------------------------------- mining


def _play_through(stages: list[Stage], s: State, rng: random.Random) -> list[tuple[Stage, State]]:
    """Play the deal out; the first position of each stage met on the way (of a stage with
    ``every``: each one), where the player to move has more than one idea."""
    hits: dict[str, tuple[Stage, State]] = {}
    many: list[tuple[Stage, State]] = []
    while s.result is None:
        for stage in stages:
            if stage.want(s) and len({_idea(m) for m in legal_moves(s)}) > 1:
                if stage.every:
                    many.append((stage, s))
                elif stage.name not in hits:
                    hits[stage.name] = (stage, s)
        player = greedy_player if rng.random() < 0.6 else random_player
        s = apply(s, player(s, rng))
    return [*hits.values(), *many]


#: No stage gives more than this share of the puzzles kept so far, give or take
#: ``STAGE_SLACK`` (a rule of the run so far: a run cut short is the start of a longer one).
STAGE_SHARE = 0.35
STAGE_SLACK = 10


def mine(
    preset: str,
    count: int,
    seed: int,
    *,
    attempts: int | None = None,
    seconds: float | None = None,
    stages: tuple[str, ...] = STAGE_NAMES,
    seen: set[str] | None = None,
    near: set[str] | None = None,
    report: Report | None = None,
    on_keep: Callable[[Mined], None] | None = None,
) -> list[Mined]:
    """Up to ``count`` proved puzzles of ``preset``, from the candidates of one deal after
    another (``_play_through``). Stops after ``attempts`` deals or ``seconds`` (None: no
    such bound); with no time bound the result depends only on the seed. ``seen`` and
    ``near`` are the keys (``exact_key``, ``near_key``) of the puzzles kept before
    (updated)."""
    rules = preset_rules(preset)
    rng = random.Random(f"{preset}:{seed}")
    chosen = [s for s in STAGES if s.name in stages]
    seen = set() if seen is None else seen
    near = set() if near is None else near
    report = Report() if report is None else report
    start = time.monotonic()
    found: list[Mined] = []
    for _ in rounds(attempts, seconds, lambda: len(found) >= count):
        hits = _play_through(chosen, random_deal(rules, rng, dealer=rng.randrange(2)), rng)
        for stage, hit in hits:
            if len(found) >= count:
                break
            if report.by_stage[stage.name] > STAGE_SLACK + STAGE_SHARE * report.kept:
                continue  # enough of this kind so far: room for the others
            report.judged(stage.name, _keep(stage, hit, preset, seen, near), found, on_keep)
    report.seconds += time.monotonic() - start
    return found


def _keep(stage: Stage, hit: State, preset: str, seen: set[str], near: set[str]) -> Mined | str:
    key = exact_key(hit)
    if key in seen:  # a position kept once (by any stage) is kept once
        return "duplicate"
    got = judge_position(stage, hit, preset)
    if isinstance(got, str):
        return got
    nk = near_key(got)
    if nk in near:
        return "near duplicate"
    if validate(puzzle_of(got)):
        return "not valid"
    seen.add(key)
    near.add(nk)
    return got


__all__ = [
    "REASONS",
    "STAGES",
    "STAGE_NAMES",
    "Report",
    "judge_position",
    "level_of",
    "mine",
    "near_key",
    "themes_of",
]

"""The analysis of a decision, as data, for every number of seats: the rules in force, every
move valued, the ideas.

- ``situation(subject)`` says which rule governs the decision and, for every move the player
  could think of (every card in hand, the marriages held, the exchange, closing, declaring),
  whether it is legal and the rule ids that decide it (``tutor.engine.check``); at a table of
  three or four also the trick so far, the duty on the card and the partner
  (``tutor.teach.hints.table_analysis``);
- ``analyse(subject, samples=..., seed=...)`` values every legal move, by the method the
  position calls for. Two seats where the player can know every card (a position with open
  hands and a known stock, or a view that leaves nothing unknown, e.g. once the stock is used
  up): exact (``tutor.search.Solver``): game points and card points with best play by both
  sides. Two seats with cards hidden: deals consistent with what the player can see are
  sampled and each move is valued in every sample (``tutor.search.evaluate_moves``): the mean
  net game points, mean card points, the share of deals won and in how many samples the move
  was (one of) the best. Three and four seats: deals consistent with what the seat has seen,
  each played out by the club player at every seat (``METHOD_TABLE_PLAYOUT``). The result also
  names the *ideas* behind the best move and the *mistakes* of the other moves, as ids with
  parameters (``tutor.teach.hints.ideas``), never as prose; the detectors of each seat count
  are in ``tutor.teach.hints.detect`` (two) and ``tutor.teach.hints.table_analysis`` (three and
  four);
- every two-seat analysis works within a ``Budget`` (``tutor.search.budget``: nodes searched, a
  safety deadline, a cap on the solver's table). When it runs out the analysis answers with
  what it has and says so (``cut``): a sampled analysis uses the deals it finished (``samples``
  of ``samples_asked``); an exact search that cannot finish is replaced by an estimate of the
  same deal (``METHOD_PLAYOUT``: rules of thumb while the stock is open, exact search once it
  is closed or used up); ``rough`` says that some lines were played out by rules of thumb
  instead of being searched;
- ``review(state, moves)`` analyses every decision of a played deal.

``tutor.words.hint_text`` turns this data into sentences.

>>> from tutor.formats.positions import load_position
>>> p = load_position("preset: classic\\nto_move: A\\ntrump: h\\nstock: ''\\n"
...                   "hands: {A: Ah Kc, B: 10h Qs}\\nplayed: 10c Jc 9c Qc Ac Jh Ad 10d Kd Qd Jd "
...                   "9d As 10s Ks Js 9s 9h Kh Qh\\nscores: {A: {points: 56, tricks: 6}, "
...                   "B: {points: 36, tricks: 4}}")
>>> a = analyse(p.subject)
>>> a.exact, str(a.best.move), a.best.game_points
(True, 'Ah', 1.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.engine import (
    CARDS,
    CLOSE,
    CLOSE_UNDRAWN,
    DECLARE_OUT,
    EXCHANGE,
    NAME_TRUMPS,
    PASS,
    PLAYER_NAMES,
    Duty,
    Marriage,
    Move,
    Play,
    Rank,
    State,
    TableState,
    View,
    Wait,
    apply,
    cards_of_mask,
    check,
    other,
    parse_move,
    sample_state,
    track_excluded,
    view_of,
)
from tutor.formats.positions import PositionError
from tutor.msgid import N_
from tutor.search import (
    EXPERT_WORLDS,
    Budget,
    Evaluation,
    SearchLimit,
    Solver,
    choose,
    expert_evaluation,
    playout_moves,
)
from tutor.teach.hints.detect import EPS, Knowledge, with_ideas
from tutor.teach.hints.ideas import GIST_LEAD
from tutor.teach.hints.model import (
    METHOD_EXACT,
    METHOD_PLAYOUT,
    METHOD_SAMPLED,
    Analysis,
    MoveValue,
    Situation,
)
from tutor.teach.hints.table_analysis import TABLE_HINT_SAMPLES, analyse_table, table_situation
from tutor.teach.hints.ties import break_ties

#: A position to analyse: a two-player deal with every card, what one player can see of it,
#: or a deal at a table of three or four (analysed from what its seat to move has seen).
Subject = State | View | TableState
#: The deal a two-seat analysis reads its rules from: the state or the view.
TwoSeats = State | View

DEFAULT_SAMPLES = EXPERT_WORLDS  # the expert's own number of deals
MAX_SAMPLES = 1000  # more sampled deals are never taken (the edges refuse them)
#: A sampled analysis whose best move is not clearly ahead of the next values more deals, up
#: to this many times those asked for (``expert_evaluation``'s ``settle``), within its budget.
SETTLE_FACTOR = 2
EXACT_SHARE = 0.75  # of the budget for an exact search; the rest for the estimate if it is cut

E_NOT_TO_MOVE = N_("the position is what {player} knows, but {mover} is to move")
E_OVER = N_("the deal is over: there is no move to suggest")


# ----------------------------------------------------------------------------- situation


def representative(subject: TwoSeats, seed: int = 0) -> State:
    """A full deal for rule checks: the state itself, or a deal consistent with the view
    (legality depends only on what the player to move knows)."""
    if isinstance(subject, State):
        return subject
    return sample_state(subject, random.Random(seed))


def _mover(subject: TwoSeats) -> int:
    player = subject.to_move
    if player is None:
        raise PositionError(E_OVER, source="<position>")
    if isinstance(subject, View) and subject.player != player:
        raise PositionError(
            E_NOT_TO_MOVE,
            source="<position>",
            player=PLAYER_NAMES[subject.player],
            mover=PLAYER_NAMES[player],
        )
    return player


def _candidates(state: State, player: int) -> list[Move]:
    if state.waiting is Wait.DRAW:  # the trick's winner: draw, or close before drawing
        return [PASS, CLOSE_UNDRAWN]
    if state.waiting is Wait.REPLY:  # the closer's opponent: exchange now, or keep the card
        return [EXCHANGE, PASS]
    hand = state.hands[player]
    moves: list[Move] = [Play(c) for c in cards_of_mask(hand)]
    rules = state.rules
    holds_exchange = (
        state.trump_card >= 0
        and state.trump is not None
        and bool(hand >> (state.trump * 8 + rules.exchange_rank) & 1)
    )
    if state.trump is None and not rules.face_up:
        moves.extend(NAME_TRUMPS)
    if state.lead >= 0:  # the follower, where the rules let the follower exchange too
        return [*moves, EXCHANGE] if holds_exchange and check(state, EXCHANGE).legal else moves
    for suit in range(4):
        k = suit * 8 + Rank.KING
        if hand >> k & 3 == 3:
            for c in (CARDS[k + 1], CARDS[k]):
                moves.append(Marriage(c))
                if rules.out_after_marriage:
                    moves.append(Marriage(c, True))
    if holds_exchange:
        moves.append(EXCHANGE)
    if rules.closing_allowed:
        moves.append(CLOSE)
    moves.append(DECLARE_OUT)
    return moves


def situation(subject: Subject) -> Situation:
    """The rule that governs the decision and a verdict on every candidate move."""
    if isinstance(subject, TableState):
        return table_situation(subject)
    player = _mover(subject)
    state = representative(subject)
    verdicts = tuple(check(state, m) for m in _candidates(state, player))
    leading = state.lead < 0 and state.waiting is Wait.NOTHING
    if state.waiting is not Wait.NOTHING:
        rule_ids: tuple[str, ...] = (verdicts[0].reasons[0].rule_id,)
    elif leading:
        rule_ids = ("lead.free",)
        if state.phase2:
            duty = "phase2.head" if state.rules.phase2_duty is Duty.HEAD else "phase2.follow"
            rule_ids += (duty,)
    else:
        rule_ids = (verdicts[0].reasons[0].rule_id,)
    closed = state.closed_by >= 0
    return Situation(
        player=player,
        leading=leading,
        rule_ids=rule_ids,
        verdicts=verdicts,
        stock_size=state.stock_size,
        stock_open=not closed and state.stock_size > 0,
        face_up=state.rules.face_up,
        phase2=state.phase2,
        closed_by=state.closed_by,
        lead=state.lead,
        last_trick_bonus=state.rules.last_trick_points(closed),
        last_trick_near=state.stock_size == 0 and not closed,
        lead_thought=GIST_LEAD,
        trump=state.trump,
        all_known=_determined(subject if isinstance(subject, View) else view_of(state, player)),
    )


# ----------------------------------------------------------------------------- values


def _determined(view: View) -> bool:
    """Only one deal (up to the order of a closed stock) agrees with the view."""
    hidden = view.opponent_hand_size - view.opponent_known.bit_count()
    allowed = (view.unseen & ~view.excluded).bit_count()
    if hidden not in (0, allowed):
        return False
    return not view.stock_open or view.stock_count <= 1


def _exact_moves(state: State, player: int, budget: Budget) -> tuple[MoveValue, ...]:
    ranked = Solver(state, budget).rank_moves(state)
    top = ranked[0].game_points
    return tuple(
        MoveValue(
            move=mv.move,
            game_points=float(mv.game_points),
            card_points=float(mv.outcome.scores[player]),
            win_probability=1.0 if mv.game_points > 0 else 0.0,
            best_count=1 if mv.game_points == top else 0,
            samples=1,
            line=mv.line,
            deal_values=(float(mv.game_points),),
            deal_lines=(mv.line,),
        )
        for mv in ranked
    )


def _expert_order(evaluation: Evaluation) -> tuple[MoveValue, ...]:
    """The moves in the expert's order, the one it plays first."""
    ranked = _ranked(evaluation)
    chosen = choose(evaluation)
    return (
        *(m for m in ranked if m.move == chosen),
        *(m for m in ranked if m.move != chosen),
    )


def _ranked(evaluation: Evaluation) -> tuple[MoveValue, ...]:
    return tuple(
        MoveValue(
            move=s.move,
            game_points=s.game_points,
            card_points=s.card_points,
            win_probability=s.win_probability,
            best_count=s.best_count,
            samples=s.samples,
            deal_values=tuple(float(v) for v in s.deal_values),
            deal_lines=s.deal_lines,
        )
        for s in evaluation.moves
    )


@dataclass(frozen=True)
class _Values:
    moves: tuple[MoveValue, ...]
    method: str
    samples: int
    asked: int = 1
    cut: str = ""
    rough: bool = False
    deals: tuple[State, ...] = ()


def _exact_or_estimate(state: State, player: int, budget: Budget) -> _Values:
    """Exact values while the budget lasts (``EXACT_SHARE`` of it); else the estimate of
    ``playout_moves`` with the rest."""
    attempt = budget.part(EXACT_SHARE)
    try:
        moves = _exact_moves(state, player, attempt)
    except SearchLimit as exc:
        reason = exc.reason  # (the solver and its table go with the exception)
    else:
        budget.charge(attempt.spent)
        return _Values(moves, METHOD_EXACT, 1, deals=(state,))
    budget.charge(attempt.spent)
    estimate = playout_moves(state, budget)
    return _Values(_ranked(estimate), METHOD_PLAYOUT, 1, 1, reason, estimate.rough, estimate.deals)


def analyse(
    subject: Subject,
    *,
    samples: int | None = None,
    seed: int | None = None,
    budget: Budget | None = None,
    need: tuple[int, int] | None = None,
    settle: bool | None = None,
) -> Analysis:
    """Every legal move of the player to move valued, best first, with ideas and mistakes.

    Exact for a full ``State`` and for a view that leaves nothing unknown; otherwise over
    ``samples`` deals (at most ``MAX_SAMPLES``) consistent with the view, the same ones for the
    same ``seed``. The work stays within ``budget`` (a default ``Budget`` when none is given);
    past it the analysis is cut as the module's docstring says.

    Sampled values are the expert's own (``tutor.search.expert_evaluation``), in the expert's
    order, and the first move is the one the expert plays (``tutor.search.choose``) wherever
    the expert's bound on a decision (``EXPERT_NODES``) leaves all its deals valued, except
    that cards the values cannot tell apart are ordered as a player breaks the tie
    (``tutor.teach.hints.ties``, the reason on each card behind the first); the hint
    works within the request's budget, so where that bound cuts the expert short the hint
    values more deals; where the best move is not clearly ahead of the next, the hint values
    more deals as well (up to ``SETTLE_FACTOR`` times ``samples``, within the budget; the
    expert up to ``SETTLE_WORLDS``), so that the same position gets the same advice whatever
    the seed, and its first move may then differ from the expert's (``settle``: by default only
    when ``samples`` is not given, so that deals asked for are the deals valued); with
    ``need``, the game points each seat still needs in the match, the moves are ranked by the
    chance of winning the match, as the expert ranks them there.

    At a table of three or four the values are those of ``table_analysis.analyse_table``
    (``TABLE_HINT_SAMPLES`` deals by default, the seed made of what the seat sees); the budget
    and ``need`` are not read there.
    """
    if isinstance(subject, TableState):
        n_table = TABLE_HINT_SAMPLES if samples is None else samples
        return analyse_table(subject, samples=n_table, seed=seed)
    if settle is None:
        settle = samples is None
    if samples is None:
        samples = DEFAULT_SAMPLES
    if seed is None:
        seed = 0
    if budget is None:
        budget = Budget()
    spent = budget.spent
    sit = situation(subject)
    player = sit.player
    if isinstance(subject, State):
        values = _exact_or_estimate(subject, player, budget)
    elif _determined(subject):
        values = _exact_or_estimate(representative(subject, seed), player, budget)
    else:
        n = max(1, min(samples, MAX_SAMPLES))
        most = min(MAX_SAMPLES, SETTLE_FACTOR * n) if settle else n
        ev = expert_evaluation(subject, seed, budget, need, worlds=n, lines=True, settle=most)
        values = _Values(
            _expert_order(ev), METHOD_SAMPLED, ev.done, ev.asked, ev.cut, ev.rough, ev.deals
        )
    if values.method == METHOD_SAMPLED:
        moves = values.moves
    else:
        moves = tuple(
            sorted(values.moves, key=lambda m: (-round(m.game_points, 9), -round(m.card_points, 9)))
        )
    rep = representative(subject)
    know = Knowledge.of(subject, player, rep, isinstance(subject, View) and _determined(subject))
    # Closing is searched exactly in the estimate of one deal too (unless cut short there).
    exact_close = values.method == METHOD_EXACT or (
        values.method == METHOD_PLAYOUT and not values.rough
    )
    moves = with_ideas(know, sit, moves, exact_close)
    analysis = Analysis(
        situation=sit,
        method=values.method,
        samples=values.samples,
        seed=seed,
        moves=moves,
        samples_asked=values.asked,
        cut=values.cut,
        rough=values.rough,
        nodes=budget.spent - spent,
        deals=values.deals,
    )
    return break_ties(analysis, rep)


def sampled_values(
    view: View,
    *,
    samples: int,
    seed: int,
    budget: Budget,
    need: tuple[int, int] | None = None,
    only: Sequence[Move] | None = None,
) -> Analysis:
    """Every legal move of the view's player (or just those of ``only``) valued over
    ``samples`` further deals, as
    ``analyse`` values them where cards are hidden, but bare: no ideas, no lines followed to
    the end of the deal (which change no value), in the expert's ranking. For more deals pooled
    with a first analysis (``tutor.teach.hints.grading.settle``)."""
    n = max(1, min(samples, MAX_SAMPLES))
    ev = expert_evaluation(view, seed, budget, need, worlds=n, only=only)
    return Analysis(
        situation=situation(view),
        method=METHOD_SAMPLED,
        samples=ev.done,
        seed=seed,
        moves=_ranked(ev),
        samples_asked=ev.asked,
        cut=ev.cut,
        rough=ev.rough,
        deals=ev.deals,
    )


def analysis_of_values(state: State, values: Sequence[tuple[Move, int]]) -> Analysis:
    """The exact analysis of a fully known two-seat ``state`` made from values already known
    (a lesson's ranking of every legal move, best first), with the ideas and mistakes of each
    move but without lines: no search is made."""
    sit = situation(state)
    player = sit.player
    top = values[0][1] if values else 0
    moves = tuple(
        MoveValue(
            move=move,
            game_points=float(value),
            win_probability=1.0 if value > 0 else 0.0,
            best_count=1 if value == top else 0,
            samples=1,
        )
        for move, value in values
    )
    know = Knowledge.of(state, player, state, False)
    return Analysis(sit, METHOD_EXACT, 1, 0, with_ideas(know, sit, moves, True), deals=(state,))


def line_start(subject: Subject, analysis: Analysis) -> State | None:
    """The deal an exact analysis's best line is played from: the state itself, or the one
    deal a view leaves; ``None`` where the values are not exact."""
    if isinstance(subject, State):
        return subject
    if analysis.exact and isinstance(subject, View):
        return representative(subject, analysis.seed)
    return None


# ----------------------------------------------------------------------------- reviewing a deal


@dataclass(frozen=True)
class Decision:
    """The engine's view of one move of a played deal."""

    ply: int  # 0 for the first move
    player: int
    played: Move
    analysis: Analysis

    @property
    def played_value(self) -> MoveValue | None:
        return self.analysis.value_of(self.played)

    @property
    def loss(self) -> float:
        """Game points the move played gives up against the best, by the analysis."""
        v = self.played_value
        return 0.0 if v is None else max(0.0, self.analysis.best.game_points - v.game_points)

    @property
    def agrees(self) -> bool:
        """The move played is (one of) the best by the analysis."""
        return self.loss < EPS


def review(
    state: State,
    moves: Sequence[Move | str],
    *,
    hidden: bool = True,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    budget: Callable[[], Budget] = Budget,
) -> tuple[Decision, ...]:
    """Analyse every decision of a played deal: with ``hidden``, each from what the player to
    move could know (cards inferred from the opponent's plays included); else with open hands.
    Each decision gets its own budget from ``budget`` (``Budget.unlimited`` for no bound)."""
    out = []
    excluded = [0, 0]
    for ply, raw in enumerate(moves):
        move = parse_move(raw) if isinstance(raw, str) else raw
        p = state.to_move
        if p is None:
            break
        subject: Subject = view_of(state, p, excluded[p]) if hidden else state
        analysis = analyse(subject, samples=samples, seed=seed + ply, budget=budget())
        out.append(Decision(ply, p, move, analysis))
        watcher = other(p)
        excluded[watcher] = track_excluded(excluded[watcher], state, move, watcher)
        state = apply(state, move)
    return tuple(out)

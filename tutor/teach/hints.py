"""Hints: why a move is legal, which move is best, and why, in four levels.

Data first, prose last:

- ``situation(subject)`` says which rule governs the decision and, for every move the player
  could think of (every card in hand, the marriages held, the exchange, closing, declaring),
  whether it is legal and the rule ids that decide it (``tutor.engine.game.check``);
- ``analyse(subject, samples=..., seed=...)`` values every legal move. Where the player can
  know every card (a position with open hands and a known stock, or a view that leaves nothing
  unknown, e.g. once the stock is used up) the values are exact (``tutor.search.solver``):
  game points and card points with best play by both sides. Where cards are hidden, deals
  consistent with what the player can see are sampled and each move is valued in every sample
  (``tutor.search.players.evaluate_moves``): the mean net game points, mean card points, the
  share of deals won and in how many samples the move was (one of) the best. The result also names
  the *ideas* behind the best move and the *mistakes* of the other moves, as ids with parameters
  (``IDEA_TEXTS``), never as prose;
- ``render_analysis`` and ``hint`` turn that data into sentences with a translator.

The four hint levels reveal more each time: 1) the rule that applies now; 2) which moves are
legal and why the others are not; 3) the suggested move and its value; 4) the full reasoning:
the ideas, the comparison with the alternatives and the value of every move.

>>> from tutor.formats.positions import load_position
>>> from tutor.words.i18n import get_translator
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
from collections.abc import Sequence
from dataclasses import dataclass, replace

from babel.numbers import format_decimal, format_percent

from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    PLAYER_NAMES,
    Card,
    Close,
    Credit,
    DeclareOut,
    Duty,
    Exchange,
    Marriage,
    Move,
    OutResolution,
    Play,
    Rank,
    RuleSet,
    State,
    Suit,
    Verdict,
    View,
    apply,
    apply_unchecked,
    cards_of_mask,
    check,
    iter_bits,
    legal_moves,
    other,
    parse_move,
    sample_state,
    track_excluded,
    trick_winner,
    view_of,
)
from tutor.formats.positions import Position, PositionError
from tutor.msgid import N_
from tutor.search import Solver, evaluate_moves
from tutor.words.explain import (
    describe_move,
    describe_outcome,
    explain_verdict,
    reason_text,
    rule_text,
)
from tutor.words.i18n import Translator

Subject = State | View

METHOD_EXACT = "exact"
METHOD_SAMPLED = "sampled"
DEFAULT_SAMPLES = 40
_EPS = 1e-9
_SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))

E_NOT_TO_MOVE = N_("the position is what {player} knows, but {mover} is to move")
E_OVER = N_("the deal is over: there is no move to suggest")

# ----------------------------------------------------------------------------- ideas

#: Every idea and mistake the analysis can name, with its English message. Parameters whose
#: name ends in ``card`` or ``suit`` hold a card or suit; ``cards`` a tuple of cards.
IDEA_TEXTS: dict[str, str] = {
    "idea.only_move": N_("This is the only legal move."),
    "idea.must_head": N_("You must head the trick here: only {cards} may be played."),
    "idea.must_follow": N_("You must follow suit here: only {cards} may be played."),
    "idea.must_trump": N_("You cannot follow suit, so you must trump: only {cards} may be played."),
    "idea.safe_trick": N_(
        "{card} cannot be beaten: no card that could take it is left to your opponent."
    ),
    "idea.safe_face_up": N_(
        "{card} cannot be beaten: no card left to your opponent takes it, and "
        "{face_up_card} lies face up under the stock."
    ),
    "idea.count_to_66": N_(
        "This trick gives you {gain} points, so you reach {total}: enough for {target}."
    ),
    "idea.count_to_66_min": N_(
        "This trick gives you at least {gain} points, so you reach at least {total}: enough "
        "for {target}."
    ),
    "idea.count_points": N_(
        "This trick gives you {gain} points, so you reach {total}; {missing} more are needed "
        "for {target}."
    ),
    "idea.count_points_min": N_(
        "This trick gives you at least {gain} points, so you reach at least {total} of the "
        "{target} you need."
    ),
    "idea.marriage_credit": N_(
        "The trick also makes your announced marriage count: {points} of those points."
    ),
    "idea.cheap_trick": N_("{card} gives up the trick cheaply: your opponent gets {gain} points."),
    "idea.catch_blank_ten": N_(
        "{card} catches {ten_card}: it stands alone (blank) in your opponent's hand, and your "
        "opponent must follow suit."
    ),
    "idea.guards_ten": N_(
        "Keep {guard_card} beside {ten_card}: alone, the ten could be caught by the ace."
    ),
    "idea.keeps_marriage": N_(
        "Keep king and queen of {suit} together: the marriage is worth {points} points."
    ),
    "idea.marriage": N_("Announce the marriage: {points} points."),
    "idea.marriage_later": N_(
        "Announce the marriage: its {points} points count once you win a trick."
    ),
    "idea.exchange": N_(
        "Exchange {card} for {trump_card}, which lies face up: a strong trump for your weakest."
    ),
    "idea.declare_now": N_("Declare 66 now: you have {score} points, and {target} are enough."),
    "idea.declare_after_trick": N_(
        "Declare 66 now: the declaration is judged once this trick is complete, and by then "
        "you will have {target}."
    ),
    "idea.marriage_out": N_(
        "Announce the marriage and declare at once: with its {points} points you have {score}."
    ),
    "idea.cut_losses": N_(
        "Declaring without 66 loses the deal, but it costs less than playing on: "
        "{game_points} game points."
    ),
    "idea.play_on": N_(
        "You could declare now with {score} points, but playing on is worth more: "
        "{gain} game points on average."
    ),
    "idea.close_wins": N_(
        "Close now: you win in {percent} of the deals you could be facing, {game_points} "
        "game points on average."
    ),
    "idea.close_wins_exact": N_("Close now: with best play on both sides you win the deal."),
    "mistake.close_fails": N_(
        "Closing now is a risk: you would win in only {percent} of the deals you could be facing."
    ),
    "mistake.close_fails_exact": N_("Closing now loses against the best defence."),
    "mistake.false_out": N_("Declaring now would be false: you have {score} points, not {target}."),
    "mistake.false_out_trick": N_(
        "Declaring now would be false: even the best trick brings you only {best} points, "
        "not {target}."
    ),
    "mistake.breaks_marriage": N_(
        "{card} breaks up your marriage in {suit}, worth {points} points."
    ),
    "mistake.blanks_ten": N_("{card} leaves {ten_card} alone (blank), where the ace can catch it."),
    "mistake.gives_points": N_("{card} gives your opponent {points} points in a trick you lose."),
}
#: Ideas whose message has plural forms, counted by the parameter ``n`` (singular, plural).
#: ``IDEAS`` lists all. They are translated in ``_plural_text``, where the extractor sees them.
IDEA_PLURALS: dict[str, tuple[str, str]] = {
    "idea.draws_trumps": (
        "Lead trumps to draw your opponent's: {n} trump is still out against you.",
        "Lead trumps to draw your opponent's: {n} trumps are still out against you.",
    ),
}


def _plural_text(idea_id: str, n: int, tr: Translator) -> str:
    if idea_id == "idea.draws_trumps":
        return tr.n_(
            "Lead trumps to draw your opponent's: {n} trump is still out against you.",
            "Lead trumps to draw your opponent's: {n} trumps are still out against you.",
            n,
        )
    raise KeyError(idea_id)


IDEAS: tuple[str, ...] = (*IDEA_TEXTS, *IDEA_PLURALS)

#: The parameters of each idea. Names ending in ``card`` hold a card, ``suit`` a suit, ``cards``
#: a tuple of cards; ``game_points`` and ``gain`` of ``idea.play_on`` may be fractions (means);
#: the others are whole numbers.
IDEA_PARAMS: dict[str, tuple[str, ...]] = {
    "idea.only_move": (),
    "idea.must_head": ("cards",),
    "idea.must_follow": ("cards",),
    "idea.must_trump": ("cards",),
    "idea.safe_trick": ("card",),
    "idea.safe_face_up": ("card", "face_up_card"),
    "idea.count_to_66": ("gain", "total", "target"),
    "idea.count_to_66_min": ("gain", "total", "target"),
    "idea.count_points": ("gain", "total", "missing", "target"),
    "idea.count_points_min": ("gain", "total", "target"),
    "idea.marriage_credit": ("points",),
    "idea.cheap_trick": ("card", "gain"),
    "idea.catch_blank_ten": ("card", "ten_card"),
    "idea.draws_trumps": ("n",),
    "idea.guards_ten": ("guard_card", "ten_card"),
    "idea.keeps_marriage": ("suit", "points"),
    "idea.marriage": ("points",),
    "idea.marriage_later": ("points",),
    "idea.exchange": ("card", "trump_card"),
    "idea.declare_now": ("score", "target"),
    "idea.declare_after_trick": ("target",),
    "idea.marriage_out": ("points", "score"),
    "idea.cut_losses": ("game_points",),
    "idea.play_on": ("score", "gain"),
    "idea.close_wins": ("percent", "game_points"),
    "idea.close_wins_exact": (),
    "mistake.close_fails": ("percent",),
    "mistake.close_fails_exact": (),
    "mistake.false_out": ("score", "target"),
    "mistake.false_out_trick": ("best", "target"),
    "mistake.breaks_marriage": ("card", "suit", "points"),
    "mistake.blanks_ten": ("card", "ten_card"),
    "mistake.gives_points": ("card", "points"),
}


@dataclass(frozen=True)
class Idea:
    """An idea behind a move (``idea.*``) or what is wrong with it (``mistake.*``)."""

    id: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class RankedMove:
    """One legal move valued for the player to move."""

    move: Move
    game_points: float  # net game points (own minus opponent's), mean over the deals
    card_points: float  # the player's final card points (with marriages), mean
    win_probability: float  # share of the deals won
    best_count: int  # deals in which this move was (one of) the best
    samples: int  # deals looked at (1 when exact)
    line: tuple[Move, ...] = ()  # exact only: the move and a best continuation
    ideas: tuple[Idea, ...] = ()  # what the move does (idea.*), what is wrong with it (mistake.*)

    @property
    def mistakes(self) -> tuple[Idea, ...]:
        return tuple(i for i in self.ideas if i.id.startswith("mistake."))


@dataclass(frozen=True)
class Situation:
    """The rules in force for the decision and the verdict on every candidate move."""

    player: int
    leading: bool
    phase2: bool
    stock_size: int  # cards left to draw, the face-up trump card included
    closed_by: int
    lead: int  # the card led, -1 when leading
    rule_ids: tuple[str, ...]
    verdicts: tuple[Verdict, ...]

    @property
    def legal(self) -> tuple[Move, ...]:
        return tuple(v.move for v in self.verdicts if v.legal)

    @property
    def illegal(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.legal)


@dataclass(frozen=True)
class Analysis:
    """Every legal move valued, best first, with the ideas behind the best one."""

    situation: Situation
    method: str  # METHOD_EXACT or METHOD_SAMPLED
    samples: int
    seed: int
    moves: tuple[RankedMove, ...]

    @property
    def player(self) -> int:
        return self.situation.player

    @property
    def exact(self) -> bool:
        return self.method == METHOD_EXACT

    @property
    def best(self) -> RankedMove:
        return self.moves[0]

    @property
    def ideas(self) -> tuple[Idea, ...]:
        """The ideas behind the suggested move."""
        return self.best.ideas

    @property
    def confidence(self) -> float:
        """Share of the deals in which the suggested move was (one of) the best."""
        b = self.best
        return b.best_count / b.samples if b.samples else 0.0

    def value_of(self, move: Move) -> RankedMove | None:
        for m in self.moves:
            if m.move == move:
                return m
        return None


# ----------------------------------------------------------------------------- situation


def _representative(subject: Subject, seed: int = 0) -> State:
    """A full deal for rule checks: the state itself, or a deal consistent with the view
    (legality depends only on what the player to move knows)."""
    if isinstance(subject, State):
        return subject
    return sample_state(subject, random.Random(seed))


def _mover(subject: Subject) -> int:
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
    hand = state.hands[player]
    moves: list[Move] = [Play(c) for c in cards_of_mask(hand)]
    if state.lead >= 0:
        return moves
    rules = state.rules
    for suit in range(4):
        k = suit * 8 + Rank.KING
        if hand >> k & 3 == 3:
            for c in (CARDS[k + 1], CARDS[k]):
                moves.append(Marriage(c))
                if rules.out_after_marriage:
                    moves.append(Marriage(c, True))
    if hand >> (state.trump * 8 + rules.exchange_rank) & 1:
        moves.append(EXCHANGE)
    if rules.closing_allowed:
        moves.append(CLOSE)
    moves.append(DECLARE_OUT)
    return moves


def situation(subject: Subject) -> Situation:
    """The rule that governs the decision and a verdict on every candidate move."""
    player = _mover(subject)
    state = _representative(subject)
    verdicts = tuple(check(state, m) for m in _candidates(state, player))
    leading = state.lead < 0
    if leading:
        rule_ids: tuple[str, ...] = ("lead.free",)
        if state.phase2:
            duty = "phase2.head" if state.rules.phase2_duty is Duty.HEAD else "phase2.follow"
            rule_ids += (duty,)
    else:
        rule_ids = (verdicts[0].reasons[0].rule_id,)
    return Situation(
        player=player,
        leading=leading,
        phase2=state.phase2,
        stock_size=state.stock_size,
        closed_by=state.closed_by,
        lead=state.lead,
        rule_ids=rule_ids,
        verdicts=verdicts,
    )


# ----------------------------------------------------------------------------- values


def _determined(view: View) -> bool:
    """Only one deal (up to the order of a closed stock) agrees with the view."""
    hidden = view.opponent_hand_size - view.opponent_known.bit_count()
    allowed = (view.unseen & ~view.excluded).bit_count()
    if hidden not in (0, allowed):
        return False
    stock_open = view.closed_by < 0 and view.trump_card >= 0
    return not stock_open or view.stock_count <= 1


def _exact_moves(state: State, player: int) -> tuple[RankedMove, ...]:
    ranked = Solver(state).rank_moves(state)
    top = ranked[0].game_points
    return tuple(
        RankedMove(
            move=mv.move,
            game_points=float(mv.game_points),
            card_points=float(mv.outcome.scores[player]),
            win_probability=1.0 if mv.game_points > 0 else 0.0,
            best_count=1 if mv.game_points == top else 0,
            samples=1,
            line=mv.line,
        )
        for mv in ranked
    )


def analyse(subject: Subject, *, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Analysis:
    """Every legal move of the player to move valued, best first, with ideas and mistakes.

    Exact for a full ``State`` and for a view that leaves nothing unknown; otherwise over
    ``samples`` deals consistent with the view, the same ones for the same ``seed``.
    """
    sit = situation(subject)
    player = sit.player
    if isinstance(subject, State):
        moves = _exact_moves(subject, player)
        method, n = METHOD_EXACT, 1
    elif _determined(subject):
        moves = _exact_moves(_representative(subject, seed), player)
        method, n = METHOD_EXACT, 1
    else:
        sampled = evaluate_moves(subject, max(1, samples), seed)
        moves = tuple(
            RankedMove(
                move=s.move,
                game_points=s.game_points,
                card_points=s.card_points,
                win_probability=s.win_probability,
                best_count=s.best_count,
                samples=s.samples,
            )
            for s in sampled
        )
        method, n = METHOD_SAMPLED, sampled[0].samples if sampled else 0
    moves = tuple(sorted(moves, key=lambda m: (-round(m.game_points, 9), -round(m.card_points, 9))))
    know = _Know.of(subject, player)
    moves = _with_ideas(know, sit, moves, method)
    return Analysis(situation=sit, method=method, samples=n, seed=seed, moves=moves)


# ----------------------------------------------------------------------------- detecting ideas


@dataclass(frozen=True)
class _Know:
    """What the player to move knows, the same for a state (everything) and a view."""

    state: State  # a representative deal: only the public facts and the own hand are read
    player: int
    hand: int
    opp_sure: int  # cards the opponent surely holds
    opp_maybe: int  # cards the opponent may hold (the sure ones included)
    exact: bool

    @staticmethod
    def of(subject: Subject, player: int) -> _Know:
        if isinstance(subject, State):
            opp = subject.hands[other(player)]
            return _Know(subject, player, subject.hands[player], opp, opp, True)
        rep = _representative(subject)
        if _determined(subject):  # the opponent holds exactly what the player cannot see
            opp = rep.hands[other(player)]
            return _Know(rep, player, subject.hand, opp, opp, True)
        hidden = subject.opponent_hand_size - subject.opponent_known.bit_count()
        maybe = subject.opponent_known
        if hidden:
            maybe |= subject.unseen & ~subject.excluded
        return _Know(rep, player, subject.hand, subject.opponent_known, maybe, False)

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def trump(self) -> int:
        return int(self.state.trump)

    def score(self) -> int:
        return self.state.score(self.player)

    def beaters(self, card: int) -> int:
        """Cards that beat ``card`` when it is led."""
        suit = card >> 3
        higher = _SUIT_MASKS[suit] & ((1 << card) - 1)
        trumps = _SUIT_MASKS[self.trump] if suit != self.trump else 0
        return (higher | trumps) & self.rules.pack_mask

    def marriages_possible(self) -> bool:
        return not self.state.phase2 or bool(self.rules.marriage_in_phase2)


def _idea(idea_id: str, **params: object) -> Idea:
    if tuple(params) != IDEA_PARAMS[idea_id]:  # pragma: no cover - a programming error
        raise AssertionError(f"{idea_id} takes {IDEA_PARAMS[idea_id]}, not {tuple(params)}")
    return Idea(idea_id, tuple(params.items()))


def _last_trick_bonus(know: _Know) -> int:
    """The bonus the coming trick carries when it is the deal's last (one card in hand: with
    a stock left to draw from, hands are full)."""
    if know.hand.bit_count() != 1:
        return 0
    return know.rules.last_trick_points(know.state.closed_by >= 0)


def _count_idea(know: _Know, gain: int, at_least: bool) -> list[Idea]:
    pending = know.state.pending[know.player]
    total = know.score() + pending + gain
    target = know.rules.target
    out = []
    if total >= target:
        iid = "idea.count_to_66_min" if at_least else "idea.count_to_66"
        out.append(_idea(iid, gain=gain + pending, total=total, target=target))
    elif gain + pending > 0:
        if at_least:
            out.append(
                _idea("idea.count_points_min", gain=gain + pending, total=total, target=target)
            )
        else:
            out.append(
                _idea(
                    "idea.count_points",
                    gain=gain + pending,
                    total=total,
                    missing=target - total,
                    target=target,
                )
            )
    if pending and out:
        out.append(_idea("idea.marriage_credit", points=pending))
    return out


def _lead_ideas(know: _Know, move: RankedMove) -> list[Idea]:
    assert isinstance(move.move, Play)
    card = move.move.card.index
    st = know.state
    pts = know.rules.points_by_index
    out: list[Idea] = []
    beaters = know.beaters(card)
    suit_mask = _SUIT_MASKS[card >> 3]
    if st.phase2 and know.opp_sure & suit_mask:
        beaters &= suit_mask  # the opponent must follow suit, so cannot trump
    safe = not beaters & know.opp_maybe
    if safe:
        face_up = st.trump_card
        elsewhere = beaters & ~know.hand & ~st.played_mask
        if st.stock_open and face_up >= 0 and elsewhere == 1 << face_up:
            out.append(_idea("idea.safe_face_up", card=CARDS[card], face_up_card=CARDS[face_up]))
        else:
            out.append(_idea("idea.safe_trick", card=CARDS[card]))
    suit = card >> 3
    if st.phase2 and suit != know.trump and CARDS[card].rank is Rank.ACE:
        ten = suit * 8 + Rank.TEN
        if know.opp_sure >> ten & 1 and know.opp_maybe & _SUIT_MASKS[suit] == 1 << ten:
            out.append(_idea("idea.catch_blank_ten", card=CARDS[card], ten_card=CARDS[ten]))
    if st.phase2 and suit == know.trump:
        n = (know.opp_maybe & _SUIT_MASKS[know.trump]).bit_count()
        if n:
            out.append(_idea("idea.draws_trumps", n=n))
    if safe:
        if know.exact:
            child = apply_unchecked(know.state, Play(CARDS[card]))
            gains = {
                pts[card] + pts[r.card.index] for r in legal_moves(child) if isinstance(r, Play)
            }
            if gains:
                out += _count_idea(know, min(gains) + _last_trick_bonus(know), len(gains) > 1)
        elif know.opp_maybe:
            low = min(pts[i] for i in iter_bits(know.opp_maybe))
            out += _count_idea(know, pts[card] + low + _last_trick_bonus(know), True)
    return out


def _follow_ideas(know: _Know, move: RankedMove, others: Sequence[RankedMove]) -> list[Idea]:
    assert isinstance(move.move, Play)
    st = know.state
    card = move.move.card.index
    pts = know.rules.points_by_index
    gain = pts[st.lead] + pts[card]
    if trick_winner(st.lead, card, know.trump) == 1:
        return _count_idea(know, gain + _last_trick_bonus(know), False)
    losing = [
        o.move.card.index
        for o in others
        if isinstance(o.move, Play) and trick_winner(st.lead, o.move.card.index, know.trump) == 0
    ]
    if losing and all(pts[card] <= pts[c] for c in losing):
        return [_idea("idea.cheap_trick", card=CARDS[card], gain=gain + _last_trick_bonus(know))]
    return []


def _duty_idea(sit: Situation, know: _Know) -> list[Idea]:
    if sit.leading or not sit.phase2:
        return []
    legal = [v.move.card for v in sit.verdicts if v.legal and isinstance(v.move, Play)]
    if len(legal) == know.hand.bit_count():
        return []
    rid = sit.rule_ids[0]
    iid = {
        "phase2.head": "idea.must_head",
        "phase2.follow": "idea.must_follow",
        "phase2.lower": "idea.must_follow",
        "phase2.trump": "idea.must_trump",
    }.get(rid)
    return [_idea(iid, cards=tuple(legal))] if iid else []


def _plays(move: Move) -> int:
    """The card a move puts on the table, -1 for none."""
    if isinstance(move, Play | Marriage):
        return move.card.index
    return -1


def _pairs(know: _Know) -> list[int]:
    """Suits in which the player holds king and queen, not yet announced."""
    if not know.marriages_possible():
        return []
    return [s for s in range(4) if know.hand >> (s * 8 + Rank.KING) & 3 == 3]


def _guarded_tens(know: _Know) -> list[tuple[int, int]]:
    """(ten, guard) pairs: a ten with exactly one other card of its suit, the ace still out."""
    st = know.state
    if not (st.phase2 or st.stock_size <= 4):
        return []
    out = []
    for s in range(4):
        ten = s * 8 + Rank.TEN
        ace = s * 8 + Rank.ACE
        suit_cards = know.hand & _SUIT_MASKS[s]
        if know.hand >> ten & 1 and suit_cards.bit_count() == 2 and know.opp_maybe >> ace & 1:
            guard = (suit_cards & ~(1 << ten)).bit_length() - 1
            out.append((ten, guard))
    return out


def _best_trick(know: _Know, move: Move) -> int:
    """The most a declaration judged after the trick can still add: the trick (and, when
    declaring before leading, a marriage announced with the lead)."""
    st = know.state
    rules = know.rules
    pts = rules.points_by_index
    opp = max((pts[i] for i in iter_bits(know.opp_maybe)), default=0)
    if isinstance(move, Marriage):
        return pts[move.card.index] + opp
    own = max((pts[i] for i in iter_bits(know.hand)), default=0)
    marriage = 0
    if know.marriages_possible() and (st.tricks[know.player] or not rules.marriage_needs_trick):
        for s in range(4):
            if know.hand >> (s * 8 + Rank.KING) & 3 == 3:
                value = rules.trump_marriage_points if s == st.trump else rules.marriage_points
                marriage = max(marriage, value)
    return own + opp + marriage + _last_trick_bonus(know)


def _mistakes(know: _Know, move: RankedMove, method: str) -> list[Idea]:
    m = move.move
    st = know.state
    rules = know.rules
    target = rules.target
    out: list[Idea] = []
    if isinstance(m, DeclareOut) or (isinstance(m, Marriage) and m.out):
        score = know.score()
        if isinstance(m, Marriage):
            score += rules.trump_marriage_points if m.suit == st.trump else rules.marriage_points
        if rules.out_resolution is OutResolution.IMMEDIATE:
            if score < target:
                out.append(_idea("mistake.false_out", score=score, target=target))
        else:  # judged after the trick: false if even the best trick cannot bring 66
            best = score + _best_trick(know, m) + st.pending[know.player]
            if best < target:
                out.append(_idea("mistake.false_out_trick", best=best, target=target))
    if isinstance(m, Close) and move.win_probability < 1 - _EPS:
        if method == METHOD_EXACT:
            out.append(_idea("mistake.close_fails_exact"))
        else:
            out.append(_idea("mistake.close_fails", percent=round(100 * move.win_probability)))
    card = _plays(m)
    if card >= 0 and isinstance(m, Play):
        for s in _pairs(know):
            if card >> 3 == s and card & 7 in (Rank.KING, Rank.QUEEN):
                points = rules.trump_marriage_points if s == st.trump else rules.marriage_points
                out.append(
                    _idea("mistake.breaks_marriage", card=CARDS[card], suit=Suit(s), points=points)
                )
        for ten, guard in _guarded_tens(know):
            if card == guard:
                out.append(_idea("mistake.blanks_ten", card=CARDS[card], ten_card=CARDS[ten]))
        pts = rules.points_by_index
        if st.lead >= 0 and trick_winner(st.lead, card, know.trump) == 0 and pts[card] >= 10:
            out.append(_idea("mistake.gives_points", card=CARDS[card], points=pts[card]))
    return out


def _move_ideas(
    know: _Know,
    sit: Situation,
    move: RankedMove,
    moves: tuple[RankedMove, ...],
    mistakes: dict[Move, tuple[Idea, ...]],
    method: str,
) -> list[Idea]:
    """The ideas behind ``move``: what it does, and what it keeps that worse moves give away."""
    ideas: list[Idea] = []
    st = know.state
    rules = know.rules
    m = move.move
    others = [x for x in moves if x.move != m]
    worse = [x for x in others if x.game_points < move.game_points - _EPS]
    if not others:
        ideas.append(_idea("idea.only_move"))
    ideas += _duty_idea(sit, know)
    score = know.score()
    if isinstance(m, DeclareOut):
        if score >= rules.target:
            ideas.append(_idea("idea.declare_now", score=score, target=rules.target))
        elif move.win_probability > 1 - _EPS:
            ideas.append(_idea("idea.declare_after_trick", target=rules.target))
        elif others and all(move.game_points > x.game_points + _EPS for x in others):
            ideas.append(_idea("idea.cut_losses", game_points=-move.game_points))
    elif isinstance(m, Marriage):
        points = rules.trump_marriage_points if m.suit == st.trump else rules.marriage_points
        if m.out:
            if score + points >= rules.target:
                ideas.append(_idea("idea.marriage_out", points=points, score=score + points))
        else:
            credit = rules.marriage_credit
            later = credit is Credit.AFTER_TRICK or (
                credit is Credit.WITH_TRICK and not st.tricks[know.player]
            )
            ideas.append(_idea("idea.marriage_later" if later else "idea.marriage", points=points))
    elif isinstance(m, Exchange):
        ex = CARDS[st.trump * 8 + rules.exchange_rank]
        ideas.append(_idea("idea.exchange", card=ex, trump_card=CARDS[st.trump_card]))
    elif isinstance(m, Close):
        if method == METHOD_EXACT:
            if move.game_points > 0:
                ideas.append(_idea("idea.close_wins_exact"))
        elif move.win_probability > 0.5:
            ideas.append(
                _idea(
                    "idea.close_wins",
                    percent=round(100 * move.win_probability),
                    game_points=move.game_points,
                )
            )
    elif isinstance(m, Play):
        if sit.leading:
            ideas += _lead_ideas(know, move)
        else:
            ideas += _follow_ideas(know, move, others)
    # Declaring was possible and correct, but this is worth more.
    if sit.leading and not isinstance(m, DeclareOut) and not (isinstance(m, Marriage) and m.out):
        out = next((x for x in others if isinstance(x.move, DeclareOut)), None)
        if out is not None and score >= rules.target and out.game_points < move.game_points:
            ideas.append(
                _idea("idea.play_on", score=score, gain=move.game_points - out.game_points)
            )
    # Keeping what a worse move gives away.
    if isinstance(m, Play):
        card = m.card.index
        for s in _pairs(know):
            if card >> 3 == s and card & 7 in (Rank.KING, Rank.QUEEN):
                continue
            if any(
                i.id == "mistake.breaks_marriage" and i.param("suit") == s
                for x in worse
                for i in mistakes.get(x.move, ())
            ):
                points = rules.trump_marriage_points if s == st.trump else rules.marriage_points
                ideas.append(_idea("idea.keeps_marriage", suit=Suit(s), points=points))
        for ten, guard in _guarded_tens(know):
            if card not in (ten, guard) and any(
                i.id == "mistake.blanks_ten" and i.param("ten_card") == CARDS[ten]
                for x in worse
                for i in mistakes.get(x.move, ())
            ):
                ideas.append(_idea("idea.guards_ten", guard_card=CARDS[guard], ten_card=CARDS[ten]))
    return ideas


def _with_ideas(
    know: _Know, sit: Situation, moves: tuple[RankedMove, ...], method: str
) -> tuple[RankedMove, ...]:
    """Each move with its ideas, and with its mistakes when it is worse than the best."""
    if not moves:
        return moves
    top = moves[0].game_points
    mistakes = {
        m.move: tuple(_mistakes(know, m, method)) for m in moves if m.game_points < top - _EPS
    }
    return tuple(
        replace(
            m,
            ideas=(*_move_ideas(know, sit, m, moves, mistakes, method), *mistakes.get(m.move, ())),
        )
        for m in moves
    )


# ----------------------------------------------------------------------------- reviewing a deal


@dataclass(frozen=True)
class Decision:
    """The engine's view of one move of a played deal."""

    ply: int  # 0 for the first move
    player: int
    played: Move
    analysis: Analysis

    @property
    def played_value(self) -> RankedMove | None:
        return self.analysis.value_of(self.played)

    @property
    def loss(self) -> float:
        """Game points the move played gives up against the best, by the analysis."""
        v = self.played_value
        return 0.0 if v is None else max(0.0, self.analysis.best.game_points - v.game_points)

    @property
    def agrees(self) -> bool:
        """The move played is (one of) the best by the analysis."""
        return self.loss < _EPS


def review(
    state: State,
    moves: Sequence[Move | str],
    *,
    hidden: bool = True,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> tuple[Decision, ...]:
    """Analyse every decision of a played deal: with ``hidden``, each from what the player to
    move could know (cards inferred from the opponent's plays included); else with open hands."""
    out = []
    excluded = [0, 0]
    for ply, raw in enumerate(moves):
        move = parse_move(raw) if isinstance(raw, str) else raw
        p = state.to_move
        if p is None:
            break
        subject: Subject = view_of(state, p, excluded[p]) if hidden else state
        out.append(Decision(ply, p, move, analyse(subject, samples=samples, seed=seed + ply)))
        watcher = other(p)
        excluded[watcher] = track_excluded(excluded[watcher], state, move, watcher)
        state = apply(state, move)
    return tuple(out)


# ----------------------------------------------------------------------------- prose


HINT_TITLES: dict[int, str] = {
    1: N_("The rule now"),
    2: N_("Legal moves"),
    3: N_("Suggested move"),
    4: N_("Why"),
}


def move_name(move: Move, tr: Translator) -> str:
    """A move as a phrase: "the queen of hearts", "closing the stock"."""
    if isinstance(move, Play):
        return tr.card(move.card)
    if isinstance(move, Marriage):
        if move.out:
            return tr._("the marriage with {card} and declaring 66", card=move.card)
        return tr._("the marriage with {card}", card=move.card)
    if isinstance(move, Exchange):
        return tr._("exchanging the trump")
    if isinstance(move, Close):
        return tr._("closing the stock")
    return tr._("declaring 66")


def sentence(text: str) -> str:
    """The text with its first letter capitalised (a card name may open a sentence)."""
    return text[:1].upper() + text[1:]


def number(value: float, tr: Translator) -> str:
    """A number with at most two decimals, in the translator's language."""
    lang = getattr(tr, "lang", "en")
    return str(format_decimal(round(value, 2), format="#,##0.##", locale=lang))


def percent(share: float, tr: Translator) -> str:
    """A share between 0 and 1 as a whole percentage, written as the language writes it
    ("93 %" in German, "93%" in English and Polish)."""
    lang = getattr(tr, "lang", "en")
    return str(format_percent(round(share, 2), locale=lang))


def idea_text(idea: Idea, tr: Translator) -> str:
    """One idea in words."""
    params: dict[str, object] = {}
    for key, value in idea.params:
        if key == "cards" and isinstance(value, tuple):
            params[key] = ", ".join(tr.card(c) for c in value if isinstance(c, Card))
        elif key == "percent" and isinstance(value, int):
            params[key] = percent(value / 100, tr)
        elif isinstance(value, float):
            params[key] = number(value, tr)
        else:
            params[key] = value
    if idea.id in IDEA_PLURALS:
        n = params.pop("n", 2)
        return sentence(_plural_text(idea.id, n if isinstance(n, int) else 2, tr))
    return sentence(tr._(IDEA_TEXTS[idea.id], **params))


def _status(sit: Situation, tr: Translator) -> list[str]:
    out = []
    if sit.closed_by >= 0:
        out.append(tr._("The stock is closed by {player}.", player=PLAYER_NAMES[sit.closed_by]))
    elif sit.stock_size:
        out.append(
            tr.n_(
                "The stock is open: {n} card is left to draw, the face-up trump card included.",
                "The stock is open: {n} cards are left to draw, the face-up trump card included.",
                sit.stock_size,
            )
        )
    else:
        out.append(tr._("The stock is used up."))
    if sit.leading:
        out.append(tr._("You are on lead."))
    else:
        out.append(sentence(tr._("{card} has been led; you play to it.", card=CARDS[sit.lead])))
    return out


def level_one(sit: Situation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """The rule that applies now, with its source."""
    lines = _status(sit, tr)
    lines += [rule_text(rid, rules, tr) for rid in sit.rule_ids]
    return tuple(lines)


def level_two(sit: Situation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """Which moves are legal, and why each of the others is not."""
    legal = ", ".join(move_name(m, tr) for m in sit.legal)
    lines = [tr._("Legal now: {moves}.", moves=legal)]
    follow_shown = False
    for v in sit.illegal:
        if isinstance(v.move, Play) and not sit.leading:
            if follow_shown:
                continue  # one duty explains every card it rules out
            follow_shown = True
            cards = ", ".join(tr.card(x.move.card) for x in sit.illegal if isinstance(x.move, Play))
            lines.append(
                tr._(
                    "Not allowed: {cards}. {reason}",
                    cards=cards,
                    reason=reason_text(v.reasons[0], False, tr, rules),
                )
            )
            lines.append(rule_text(v.reasons[0].rule_id, rules, tr))
            continue
        lines.append(explain_verdict(v, rules, tr))
    return tuple(lines)


def value_text(analysis: Analysis, move: RankedMove, tr: Translator) -> str:
    """What a move is worth, exact or on average."""
    if analysis.exact:
        gp = round(move.game_points)
        if gp > 0:
            text = tr.n_(
                "With best play on both sides you win {n} game point",
                "With best play on both sides you win {n} game points",
                gp,
            )
        elif gp < 0:
            text = tr.n_(
                "With best play on both sides your opponent wins {n} game point",
                "With best play on both sides your opponent wins {n} game points",
                -gp,
            )
        else:
            text = tr._("With best play on both sides nobody wins game points")
        return tr._(
            "{value}, with {card_points} card points at the end.",
            value=text,
            card_points=round(move.card_points),
        )
    return tr._(
        "{game_points} game points on average (your own less your opponent's), "
        "{card_points} card points; you win in {percent} of the deals.",
        game_points=number(move.game_points, tr),
        card_points=number(move.card_points, tr),
        percent=percent(move.win_probability, tr),
    )


def level_three(analysis: Analysis, tr: Translator) -> tuple[str, ...]:
    """The suggested move, its value and how sure the engine is."""
    b = analysis.best
    lines = [
        tr._("Suggested: {move}.", move=move_name(b.move, tr)),
        value_text(analysis, b, tr),
    ]
    if analysis.exact:
        lines.append(tr._("This is exact: every card is known and every line of play searched."))
    else:
        lines.append(
            tr._(
                "It was the best move in {k} of the {n} deals you could be facing.",
                k=b.best_count,
                n=b.samples,
            )
        )
    return tuple(lines)


def _compare(analysis: Analysis, move: RankedMove, tr: Translator) -> str:
    """How a move compares with the suggested one, as a sentence."""
    return sentence(_compare_text(analysis, move, tr))


def _compare_text(analysis: Analysis, move: RankedMove, tr: Translator) -> str:
    loss = analysis.best.game_points - move.game_points
    name = move_name(move.move, tr)
    if loss < _EPS:
        return tr._("{move} is just as good.", move=name)
    if analysis.exact:
        return tr.n_(
            "{move} instead costs {n} game point.",
            "{move} instead costs {n} game points.",
            round(loss),
            move=name,
        )
    return tr._(
        "{move} instead costs {loss} game points on average.", move=name, loss=number(loss, tr)
    )


def reasoning(analysis: Analysis, state: State | None, tr: Translator) -> tuple[str, ...]:
    """The full reasoning: ideas, the comparison with the alternatives, every move's value."""
    lines = [idea_text(i, tr) for i in analysis.ideas]
    for k, m in enumerate(analysis.moves[1:]):
        if not m.mistakes:
            if k == 0:  # the best alternative is always compared
                lines.append(_compare(analysis, m, tr))
            continue
        why = " ".join(idea_text(i, tr) for i in m.mistakes)
        lines.append(tr._("{comparison} {why}", comparison=_compare(analysis, m, tr), why=why))
    if analysis.exact and state is not None and analysis.best.line:
        lines.append(tr._("The best line of play:"))
        s = state
        for mv in analysis.best.line:
            if s.result is not None:
                break
            lines.append("  " + describe_move(s, mv, tr))
            s = apply_unchecked(s, mv)
        if s.result is not None:
            lines.append("  " + describe_outcome(s.result, s.rules, tr))
    lines.append(tr._("Every legal move:"))
    for m in analysis.moves:
        if analysis.exact:
            gp = round(m.game_points)
            text = tr.n_(
                "{move}: {value} game point, {card_points} card points",
                "{move}: {value} game points, {card_points} card points",
                abs(gp),
                move=move_name(m.move, tr),
                value=gp,
                card_points=round(m.card_points),
            )
        else:
            text = tr._(
                "{move}: {game_points} game points on average, {card_points} card points, "
                "won in {percent}, best in {k} of {n}",
                move=move_name(m.move, tr),
                game_points=number(m.game_points, tr),
                card_points=number(m.card_points, tr),
                percent=percent(m.win_probability, tr),
                k=m.best_count,
                n=m.samples,
            )
        lines.append("  " + text)
    if not analysis.exact:
        lines.append(
            tr._(
                "The values come from {n} deals that agree with what you can see. In each, the "
                "play is searched exactly from the moment the stock is closed or used up; "
                "before that, both sides play by simple rules of thumb.",
                n=analysis.samples,
            )
        )
    return tuple(lines)


def render_analysis(analysis: Analysis, tr: Translator, state: State | None = None) -> str:
    """The suggestion and the full reasoning as text (``state`` adds the best line)."""
    return "\n".join((*level_three(analysis, tr), *reasoning(analysis, state, tr)))


@dataclass(frozen=True)
class HintPart:
    level: int
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Hint:
    """The hints up to ``level``: each level adds one part to those before it."""

    level: int
    parts: tuple[HintPart, ...]
    analysis: Analysis | None

    @property
    def text(self) -> str:
        out = []
        for part in self.parts:
            out.append(part.title)
            out += ["  " + line for line in part.lines]
        return "\n".join(out)


def hint(
    position: Position | State | View,
    level: int,
    tr: Translator,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    analysis: Analysis | None = None,
) -> Hint:
    """The hint up to ``level`` (1 to 4). Levels 1 and 2 need no search; pass ``analysis`` to
    reuse one already made when revealing the levels one at a time."""
    if not 1 <= level <= 4:
        raise ValueError(f"hint level must be 1 to 4, not {level}")
    subject = position.subject if isinstance(position, Position) else position
    rules = subject.rules
    sit = analysis.situation if analysis is not None else situation(subject)
    parts = [HintPart(1, tr._(HINT_TITLES[1]), level_one(sit, rules, tr))]
    if level >= 2:
        parts.append(HintPart(2, tr._(HINT_TITLES[2]), level_two(sit, rules, tr)))
    if level >= 3 and analysis is None:
        analysis = analyse(subject, samples=samples, seed=seed)
    if level >= 3:
        assert analysis is not None
        parts.append(HintPart(3, tr._(HINT_TITLES[3]), level_three(analysis, tr)))
    if level >= 4:
        assert analysis is not None
        state = subject if isinstance(subject, State) else None
        if state is None and analysis.exact:
            state = _representative(subject, analysis.seed)
        parts.append(HintPart(4, tr._(HINT_TITLES[4]), reasoning(analysis, state, tr)))
    return Hint(level, tuple(parts), analysis if level >= 3 else None)


# ----------------------------------------------------------------------------- as data


def _param_data(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, tuple):
        return [_param_data(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, bool | int | str) or value is None:
        return value
    return str(value)


def idea_to_dict(idea: Idea) -> dict[str, object]:
    return {"id": idea.id, "params": {k: _param_data(v) for k, v in idea.params}}


def analysis_to_dict(analysis: Analysis) -> dict[str, object]:
    """The analysis as plain data (moves in the notation ``parse_move`` reads)."""
    sit = analysis.situation
    return {
        "player": PLAYER_NAMES[sit.player],
        "method": analysis.method,
        "samples": analysis.samples,
        "seed": analysis.seed,
        "best": str(analysis.best.move),
        "confidence": round(analysis.confidence, 4),
        "rules": list(sit.rule_ids),
        "legal": [str(m) for m in sit.legal],
        "illegal": [{"move": str(v.move), "rules": list(v.rule_ids)} for v in sit.illegal],
        "moves": [
            {
                "move": str(m.move),
                "game_points": round(m.game_points, 4),
                "card_points": round(m.card_points, 4),
                "win_probability": round(m.win_probability, 4),
                "best_count": m.best_count,
                "samples": m.samples,
                "line": [str(x) for x in m.line],
                "ideas": [idea_to_dict(i) for i in m.ideas],
            }
            for m in analysis.moves
        ],
        "ideas": [idea_to_dict(i) for i in analysis.ideas],
    }


__all__ = [
    "DEFAULT_SAMPLES",
    "HINT_TITLES",
    "IDEAS",
    "IDEA_PARAMS",
    "IDEA_PLURALS",
    "IDEA_TEXTS",
    "METHOD_EXACT",
    "METHOD_SAMPLED",
    "Analysis",
    "Decision",
    "Hint",
    "HintPart",
    "Idea",
    "RankedMove",
    "Situation",
    "analyse",
    "analysis_to_dict",
    "hint",
    "idea_text",
    "move_name",
    "render_analysis",
    "review",
    "situation",
]

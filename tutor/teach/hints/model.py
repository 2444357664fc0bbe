"""The analysis of a decision as values, for every number of seats: the rules in force
(``Situation``), every legal move valued (``MoveValue``) and the whole (``Analysis``).

The methods that make the values (``METHODS``): ``exact`` (two seats, every card known: the
solver), ``sampled`` (two seats, cards hidden: the expert's sampled deals), ``playout`` (an
exact search that was cut short: the deal played on by rules of thumb) and ``sampled_playout``
(three and four seats: sampled deals played out by the club player at every seat). Each value
says how it was made, so that the words can say it too; nothing here is prose.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import Card, Move, State, Suit, Verdict
from tutor.teach.hints.ideas import Idea

METHOD_EXACT = "exact"
METHOD_SAMPLED = "sampled"
METHOD_PLAYOUT = "playout"  # an exact search was cut: the deal played on by rules of thumb
METHOD_TABLE_PLAYOUT = "sampled_playout"  # sampled deals played out by the club player
METHODS = (METHOD_EXACT, METHOD_SAMPLED, METHOD_PLAYOUT, METHOD_TABLE_PLAYOUT)
#: Two best moves closer than this are a close call: over the samples taken, chance may decide.
CLOSE_CALL = 0.25

# The duty on the card the seat plays, where the hint says it apart from the rule (at a table
# of three or four): on lead; free (the stock still serves everyone); once no more cards are
# drawn: follow suit, head the trick, follow with a lower card (it cannot be headed), trump,
# over-trump (a trump is winning and a higher one is held), any card. "" where the rule alone
# says it (two players).
DUTY_LEAD = "lead"
DUTY_FREE = "free"
DUTY_FOLLOW = "follow"
DUTY_HEAD = "head"
DUTY_LOWER = "lower"
DUTY_TRUMP = "trump"
DUTY_OVER_TRUMP = "over_trump"
DUTY_ANY = "any"
DUTIES = (
    DUTY_LEAD,
    DUTY_FREE,
    DUTY_FOLLOW,
    DUTY_HEAD,
    DUTY_LOWER,
    DUTY_TRUMP,
    DUTY_OVER_TRUMP,
    DUTY_ANY,
)
#: The idea that says a duty, for a decision the duty narrows.
DUTY_IDEAS = {
    DUTY_FOLLOW: "idea.must_follow",
    DUTY_LOWER: "idea.must_follow",
    DUTY_HEAD: "idea.must_head",
    DUTY_TRUMP: "idea.must_trump",
    DUTY_OVER_TRUMP: "idea.must_over_trump",
}


@dataclass(frozen=True)
class Situation:
    """The rules in force for the player to move and the verdict on every move it could think
    of, with the facts the hint says about the position. The facts of a table of three or four
    (the seats' names, the partner, the trick so far, the duty, the score and the target) keep
    their defaults where they are not said."""

    player: int  # the seat to move
    leading: bool
    rule_ids: tuple[str, ...]  # the rules that govern the decision
    verdicts: tuple[Verdict, ...]
    stock_size: int  # cards left to draw, the face-up trump card included
    stock_open: bool  # the stock still gives every player a card after a trick
    face_up: bool  # the trump card lies face up
    phase2: bool = False  # nobody draws any more (closed or used up)
    closed_by: int = -1  # the seat that closed the stock, -1 when nobody did
    lead: int = -1  # the card led, -1 when leading
    last_trick_bonus: int = 0  # the points the last trick brings
    last_trick_near: bool = False  # the last trick's bonus is a thought for this decision
    lead_thought: str = ""  # the general thought on lead when nothing particular applies
    seat_names: str = ""  # the seats' letters where the hint names the seats, else ""
    partner: int = -1  # the partner's seat, -1 when each plays alone
    trick: tuple[tuple[int, Card], ...] = ()  # the trick so far: (seat, card), the leader's first
    winning: int = -1  # the seat winning the trick so far, -1 when leading
    last_to_play: bool = False  # the seat's card completes the trick
    duty: str = ""  # one of ``DUTIES``, "" where the rule alone says it
    allowed: tuple[Card, ...] = ()  # the cards the duty leaves
    score: int = 0  # card points and credited marriages of the seat's side
    target: int = 0
    trick_points: int = 0  # card points on the table
    cards_held: int = 0  # the different cards the seat holds
    hand_size: int = 0  # the cards the seat holds, a card held twice counted twice
    last_trick: bool = False  # the trick in progress is the deal's last
    trump: Suit | None = None  # the trump suit, ``None`` while none is named
    #: The seat knows where every card is: no card it cannot see whose place could matter (a
    #: lesson's or a puzzle's whole deal may be searched exactly all the same).
    all_known: bool = False

    @property
    def seat(self) -> int:
        return self.player

    @property
    def cards_to_draw(self) -> int:
        return self.stock_size

    @property
    def legal(self) -> tuple[Move, ...]:
        return tuple(v.move for v in self.verdicts if v.legal)

    @property
    def illegal(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.legal)

    @property
    def best_card(self) -> Card | None:
        """The card winning the trick so far."""
        for seat, card in self.trick:
            if seat == self.winning:
                return card
        return None

    @property
    def partner_winning(self) -> bool:
        return self.partner >= 0 and self.winning == self.partner

    @property
    def restricted(self) -> bool:
        """The duty leaves only some of the cards held."""
        return self.duty in DUTY_IDEAS and len(self.allowed) < self.cards_held


#: The kinds of reason a move is preferred to one worth the same game points: it gives away
#: fewer card points (the trick is lost with both), it keeps a trump, it keeps a marriage pair
#: together, it keeps the guard of a ten (the other card of the ten's suit).
TIE_CHEAPER = "cheaper"
TIE_KEEPS_TRUMP = "keeps_trump"
TIE_KEEPS_PAIR = "keeps_pair"
TIE_KEEPS_GUARD = "keeps_guard"
TIE_KINDS = (TIE_CHEAPER, TIE_KEEPS_TRUMP, TIE_KEEPS_PAIR, TIE_KEEPS_GUARD)


@dataclass(frozen=True)
class TieReason:
    """Why one card is played rather than another worth the same game points: ``kind`` (one of
    ``TIE_KINDS``), ``play`` the card to play and ``keep`` the card not to play ("give the nine,
    not the ten: the trick is lost anyway" is ``TieReason("cheaper", nine, ten)``)."""

    kind: str
    play: Card
    keep: Card


@dataclass(frozen=True)
class MoveValue:
    """One legal move valued for the player to move (means over the deals looked at)."""

    move: Move
    game_points: float  # net game points: the side's own less the (best) other side's
    card_points: float = 0.0  # the player's final card points (with marriages)
    win_probability: float = 0.0  # share of the deals won
    best_count: int = 0  # deals in which this move was (one of) the best
    samples: int = 0  # deals looked at (1 when exact)
    line: tuple[Move, ...] = ()  # exact only: the move and a best continuation
    ideas: tuple[Idea, ...] = ()  # what the move does (idea.*), what is wrong with it (mistake.*)
    #: two seats: the net game points in each deal looked at (``Analysis.deals``), and the line
    #: valued there (the move and the play after it to the end; empty where not followed)
    deal_values: tuple[float, ...] = ()
    deal_lines: tuple[tuple[Move, ...], ...] = ()
    #: worth the same game points as the best move, but behind it for this reason
    tie: TieReason | None = None

    @property
    def mistakes(self) -> tuple[Idea, ...]:
        return tuple(i for i in self.ideas if i.id.startswith("mistake."))


@dataclass(frozen=True)
class Analysis:
    """Every legal move valued, best first, with the ideas behind the best one."""

    situation: Situation
    method: str  # one of ``METHODS``
    samples: int  # deals valued
    seed: int
    moves: tuple[MoveValue, ...]
    samples_asked: int = 1  # deals asked for (1 when exact or nothing is left to sample)
    cut: str = ""  # why the work was cut short: "" (it was not), "nodes" or "time"
    rough: bool = False  # some lines were played out by rules of thumb instead of searched
    nodes: int = 0  # the work done: positions searched and moves of playouts
    #: two seats: the deals looked at, in the order of each move's ``deal_values`` (the one
    #: deal itself where the values are exact)
    deals: tuple[State, ...] = ()

    @property
    def player(self) -> int:
        return self.situation.player

    @property
    def seat(self) -> int:
        return self.situation.player

    @property
    def exact(self) -> bool:
        return self.method == METHOD_EXACT

    @property
    def every_card_known(self) -> bool:
        """The values are exact and no card is hidden from the player: no face-down card is
        left in the stock (a position with open hands and a stock is solved exactly, but its
        player does not know the order of the stock)."""
        sit = self.situation
        face_down = sit.stock_size - (1 if sit.face_up and sit.stock_size > 0 else 0)
        return self.exact and self.samples == 1 and face_down <= 0

    @property
    def best(self) -> MoveValue:
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

    @property
    def close_call(self) -> bool:
        """The two best moves are so close that the samples may have decided between them."""
        return len(self.moves) > 1 and (
            self.moves[0].game_points - self.moves[1].game_points < CLOSE_CALL
        )

    def value_of(self, move: Move) -> MoveValue | None:
        for m in self.moves:
            if m.move == move:
                return m
        return None


__all__ = [
    "CLOSE_CALL",
    "DUTIES",
    "DUTY_ANY",
    "DUTY_FOLLOW",
    "DUTY_FREE",
    "DUTY_HEAD",
    "DUTY_IDEAS",
    "DUTY_LEAD",
    "DUTY_LOWER",
    "DUTY_OVER_TRUMP",
    "DUTY_TRUMP",
    "METHODS",
    "METHOD_EXACT",
    "METHOD_PLAYOUT",
    "METHOD_SAMPLED",
    "METHOD_TABLE_PLAYOUT",
    "TIE_CHEAPER",
    "TIE_KEEPS_GUARD",
    "TIE_KEEPS_PAIR",
    "TIE_KEEPS_TRUMP",
    "TIE_KINDS",
    "Analysis",
    "MoveValue",
    "Situation",
    "TieReason",
]

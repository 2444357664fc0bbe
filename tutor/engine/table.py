"""66 for three and four players: seats, turn order and partnerships as data.

The two-player game has its own state (``tutor.engine.state``), tuned for the solver; this module
plays the rule sets with ``table.seats`` 3 or 4 (``TABLE_PRESETS``). Seats are numbered from 0;
play goes from a seat to the next (to the left), the seat after the dealer leads first, and the
winner of a trick leads the next. Where the pack is used twice (``pack.copies``) a hand holds a
card once or twice: bit ``i`` is the first copy of card ``i``, bit ``32 + i`` the second. Partners
(``table.partners``) sit opposite each other and count their points together.

While the stock can give every player a card, each draws one after a trick, the trick's winner
first and then in seat order; the face-up trump card is drawn last. Cards that cannot go to all
players stay out of play (with three players and 28 cards, the face-up card).

>>> from tutor.engine.rules import preset
>>> import random
>>> s = deal_table(preset("three"), random.Random(1))
>>> s.to_move, [len(s.hand(p)) for p in range(3)], s.cards_to_draw
(1, [7, 7, 7], 7)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tutor.engine.cards import CARDS, SUIT_MASKS, Card, Rank, Suit, iter_bits
from tutor.engine.legality import IllegalMoveError, Reason, Verdict
from tutor.engine.moves import (
    DECLARE_OUT,
    EXCHANGE,
    MARRIAGES,
    MARRIAGES_OUT,
    PLAYS,
    Close,
    DeclareOut,
    Exchange,
    Marriage,
    Move,
    NameTrump,
    Play,
    parse_move,
)
from tutor.engine.outcome import Outcome
from tutor.engine.rules import (
    Credit,
    Duty,
    EqualCards,
    RuleSet,
)
from tutor.engine.scoring import grading

#: The seats' names in seat order (A, B, C, D; A and C, B and D are partners).
SEAT_NAMES = "ABCD"
LOW = (1 << 32) - 1  # the first copies of a two-pack hand
# The seats of each side: without partners each seat alone, with partners 0+2 and 1+3.
_SIDE_SEATS = {False: tuple((s,) for s in range(4)), True: ((0, 2), (1, 3))}


class TableState(NamedTuple):
    """A position in a deal for three or four players. Build one with ``deal_table``."""

    rules: RuleSet
    trump: Suit
    hands: tuple[int, ...]  # per seat; bit i (and 32 + i for a second copy) for card i
    stock: tuple[int, ...]  # face-down, top first
    trump_card: int  # the face-up trump card, -1 once drawn
    dealer: int
    leader: int
    trick: tuple[int, ...]  # the cards of the trick in progress, the leader's first
    points: tuple[int, ...]  # card points per seat
    melds: tuple[int, ...]  # credited marriage points per seat
    pending: tuple[int, ...]  # announced marriage points waiting for a trick, per seat
    tricks: tuple[int, ...]  # tricks won per seat
    played: int  # cards gone into tricks (with copies, as the hands)
    marriages: tuple[tuple[int, Suit], ...]
    last_trick: tuple[int, tuple[int, ...], int] | None  # (leader, cards, winner)
    result: Outcome | None
    known: tuple[int, ...] = ()  # per seat: cards of the hand all have seen (32-bit sets)
    # per seat: cards all know the hand does not hold, shown by its plays under the duty to
    # follow once the stock is closed (32-bit sets; see ``_shown_lacking``)
    lacks: tuple[int, ...] = ()

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        return (self.leader + len(self.trick)) % self.rules.seats

    @property
    def cards_to_draw(self) -> int:
        """The face-down stock and the face-up trump card while it lies there."""
        return len(self.stock) + (1 if self.trump_card >= 0 else 0)

    @property
    def stock_open(self) -> bool:
        """The stock can still give every player a card after a trick."""
        return self.cards_to_draw >= self.rules.seats

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[i & 31] for i in iter_bits(self.hands[seat]))

    def side(self, seat: int) -> int:
        """The party of ``seat``: the seat itself, or its team (0 and 2, 1 and 3)."""
        return seat % 2 if self.rules.partners else seat

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a side: the seat alone, or the two partners."""
        return _SIDE_SEATS[self.rules.partners][side]

    def score(self, side: int) -> int:
        """Card points and credited marriages of a side (the partners' added)."""
        return sum(self.points[s] + self.melds[s] for s in self.side_seats(side))

    def side_tricks(self, side: int) -> int:
        return sum(self.tricks[s] for s in self.side_seats(side))

    # --- the game interface (``tutor.engine.game.Deal``) -----------------------

    @property
    def sides(self) -> int:
        return self.rules.sides

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def turned_up(self) -> Card | None:
        """The face-up trump card, while it lies there."""
        return CARDS[self.trump_card] if self.trump_card >= 0 else None

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, the leader's first."""
        return tuple(CARDS[c] for c in self.trick)

    def legal_moves(self) -> tuple[Move, ...]:
        return table_legal_moves(self)

    def check(self, move: Move) -> Verdict:
        return table_check(self, move)

    def apply(self, move: Move) -> TableState:
        """The state after ``move``; ``IllegalMoveError`` if the rules forbid it."""
        return table_apply(self, move)

    def view(self, seat: int) -> TableView:
        return table_view(self, seat)


def side_name(rules: RuleSet, side: int) -> str:
    """A side in notation: a seat's letter, or a team's two letters ("A+C")."""
    return "+".join(SEAT_NAMES[s] for s in range(side, rules.seats, rules.sides))


# ----------------------------------------------------------------------------- dealing


def _add(hand: int, card: int) -> int:
    return hand | (1 << (card + 32) if hand >> card & 1 else 1 << card)


def _remove(hand: int, card: int) -> int:
    return hand & ~(1 << card) if hand >> card & 1 else hand & ~(1 << (card + 32))


def _holds(hand: int, card: int) -> bool:
    return bool((hand | hand >> 32) >> card & 1)


def _cards(hand: int) -> int:
    """The different cards a hand holds, as a 32-bit set."""
    return (hand | hand >> 32) & LOW


def table_pack(rules: RuleSet) -> tuple[int, ...]:
    """The card indices of the pack, each as often as ``pack.copies`` says."""
    return tuple(i for i in iter_bits(rules.pack_mask)) * rules.copies


def deal_table(rules: RuleSet, rng: random.Random, dealer: int = 0) -> TableState:
    """A shuffled deal: ``deal.hand_size`` cards to each seat, the next card face up as trumps,
    the rest face down."""
    order = list(table_pack(rules))
    rng.shuffle(order)
    return table_from_order(rules, order, dealer)


def table_from_order(rules: RuleSet, order: Iterable[int], dealer: int = 0) -> TableState:
    """The deal of the cards in ``order``: hands in seat order from the dealer's left, a hand at
    a time, then the face-up trump card, then the stock top first."""
    cards = list(order)
    n, size = rules.seats, rules.hand_size
    if sorted(cards) != sorted(table_pack(rules)):
        raise ValueError("the order is not the pack of these rules")
    hands = [0] * n
    for k in range(n):
        seat = (dealer + 1 + k) % n
        for c in cards[k * size : (k + 1) * size]:
            hands[seat] = _add(hands[seat], c)
    trump_card = cards[n * size]
    zeros = (0,) * n
    return TableState(
        rules=rules,
        trump=Suit(trump_card >> 3),
        hands=tuple(hands),
        stock=tuple(cards[n * size + 1 :]),
        trump_card=trump_card,
        dealer=dealer,
        leader=(dealer + 1) % n,
        trick=(),
        points=zeros,
        melds=zeros,
        pending=zeros,
        tricks=zeros,
        played=0,
        marriages=(),
        last_trick=None,
        result=None,
        known=zeros,
        lacks=zeros,
    )


def table_position(
    rules: RuleSet,
    *,
    hands: Sequence[Iterable[int]],
    stock: Iterable[int],
    trump: Suit,
    trump_card: int,
    dealer: int,
    leader: int,
    trick: Iterable[int] = (),
    played: Iterable[int] = (),
    points: Sequence[int] = (),
    melds: Sequence[int] = (),
    pending: Sequence[int] = (),
    tricks: Sequence[int] = (),
    marriages: Iterable[tuple[int, Suit]] = (),
    last_trick: tuple[int, tuple[int, ...], int] | None = None,
    known: Sequence[int] = (),
    lacks: Sequence[int] = (),
) -> TableState:
    """A deal for three or four at any moment, from its parts (card indices, a card as often
    as it is held; per-seat numbers in seat order, zeros when left out; ``known`` and
    ``lacks`` as 32-bit sets). A ``ValueError`` when the parts cannot be one deal: the cards
    are not the pack, a per-seat value has the wrong length, the trick is complete, the
    face-up card is not a trump, a seat is out of range, a known card is not held or a lacked
    one is."""
    n = rules.seats
    if n < 3:
        raise ValueError("a table position is for three or four seats")
    hand_lists = [list(h) for h in hands]
    stock, trick, played = tuple(stock), tuple(trick), tuple(played)
    zeros = (0,) * n
    per_seat = [tuple(v) or zeros for v in (points, melds, pending, tricks, known, lacks)]
    if len(hand_lists) != n or any(len(v) != n for v in per_seat):
        raise ValueError(f"a value per seat is needed for each of the {n} seats")
    face_up = [trump_card] if trump_card >= 0 else []
    cards = [*(c for h in hand_lists for c in h), *stock, *trick, *played, *face_up]
    if sorted(cards) != sorted(table_pack(rules)):
        raise ValueError("the cards are not the pack of these rules")
    if len(trick) >= n or not (0 <= dealer < n and 0 <= leader < n):
        raise ValueError("the trick is complete, or a seat is out of range")
    if trump_card >= 0 and trump_card >> 3 != int(trump):
        raise ValueError("the face-up card is not a trump")
    masks = []
    for h in hand_lists:
        mask = 0
        for c in h:
            mask = _add(mask, c)
        masks.append(mask)
    played_mask = 0
    for c in played:
        played_mask = _add(played_mask, c)
    points, melds, pending, tricks, known, lacks = per_seat
    for seat, hand in enumerate(masks):
        if known[seat] & ~_cards(hand) or lacks[seat] & _cards(hand):
            raise ValueError("a card known in a hand is not held, or a card lacked is")
    return TableState(
        rules=rules,
        trump=trump,
        hands=tuple(masks),
        stock=stock,
        trump_card=trump_card,
        dealer=dealer,
        leader=leader,
        trick=trick,
        points=points,
        melds=melds,
        pending=pending,
        tricks=tricks,
        played=played_mask,
        marriages=tuple(marriages),
        last_trick=last_trick,
        result=None,
        known=known,
        lacks=lacks,
    )


# ----------------------------------------------------------------------------- legal moves


def beats(card: int, best: int, trump: int, equal_cards: EqualCards) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it."""
    if card == best:
        return equal_cards is EqualCards.LAST
    if card >> 3 == best >> 3:
        return card < best  # within a suit a lower index is a higher card
    return card >> 3 == trump


def trick_winner_of(trick: tuple[int, ...], trump: int, equal_cards: EqualCards) -> int:
    """The position in ``trick`` (0: the leader's card) of the card that takes it."""
    w = 0
    for k in range(1, len(trick)):
        if beats(trick[k], trick[w], trump, equal_cards):
            w = k
    return w


def _follow_cards(state: TableState, hand: int) -> int:
    """The cards (a 32-bit set) the player to move may play to the trick in progress."""
    held = _cards(hand)
    if state.stock_open:
        return held
    trick = state.trick
    trump = int(state.trump)
    led = trick[0] >> 3
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    same = held & SUIT_MASKS[led]
    if same:
        if state.rules.phase2_duty is Duty.HEAD and best >> 3 == led:
            higher = same & ((1 << best) - 1)
            return higher or same
        return same
    trumps = held & SUIT_MASKS[trump]
    if trumps and state.rules.phase2_duty is Duty.HEAD and best >> 3 == trump:
        return (trumps & ((1 << best) - 1)) or trumps  # over-trump where possible
    return trumps or held


def table_legal_moves(state: TableState) -> tuple[Move, ...]:
    """Every legal move of the player to move, plays first."""
    if state.result is not None:
        return ()
    p = state.to_move
    assert p is not None
    hand = state.hands[p]
    if state.trick:
        return tuple(PLAYS[i] for i in iter_bits(_follow_cards(state, hand)))
    rules = state.rules
    held = _cards(hand)
    moves: list[Move] = [PLAYS[i] for i in iter_bits(held)]
    side = state.side(p)
    has_trick = state.side_tricks(side) > 0
    if (rules.marriage_in_phase2 or state.stock_open) and (
        has_trick or not rules.marriage_needs_trick
    ):
        for suit in range(4):
            k = suit * 8 + 2
            if held >> k & 3 == 3:
                moves += [MARRIAGES[k], MARRIAGES[k + 1]]
                if rules.out_after_marriage:
                    moves += [MARRIAGES_OUT[k], MARRIAGES_OUT[k + 1]]
    ex = int(state.trump) * 8 + rules.exchange_rank
    if (
        state.stock_open
        and state.trump_card >= 0
        and state.trump_card != ex
        and held >> ex & 1
        and (has_trick or not rules.exchange_needs_trick)
    ):
        moves.append(EXCHANGE)
    if has_trick or not rules.out_needs_trick:
        moves.append(DECLARE_OUT)
    return tuple(moves)


# ----------------------------------------------------------------------------- applying


def _with(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


def table_apply(state: TableState, move: Move) -> TableState:
    """The state after ``move``; raises ``IllegalMoveError`` (a ``ValueError``) with the
    verdict for a move the rules do not allow."""
    if move not in table_legal_moves(state):
        raise IllegalMoveError(table_check(state, move))
    return table_apply_unchecked(state, move)


def table_apply_unchecked(state: TableState, move: Move) -> TableState:
    """``table_apply`` without the legality test, for players that only make legal moves."""
    p = state.to_move
    assert p is not None
    rules = state.rules
    if isinstance(move, Play):
        c = move.card.index
        hand = _remove(state.hands[p], c)
        lacks = state.lacks
        if state.trick and lacks and not state.stock_open:
            lacks = _with(lacks, p, lacks[p] | _shown_lacking(state, c))
        s = state._replace(
            hands=_with(state.hands, p, hand),
            trick=(*state.trick, c),
            known=_with(state.known, p, state.known[p] & _cards(hand)),
            lacks=lacks,
        )
        return _finish_trick(s) if len(s.trick) == rules.seats else s
    if isinstance(move, Marriage):
        suit = move.card.suit
        value = rules.marriage_value(suit, state.trump, len(state.marriages))
        side_won = state.side_tricks(state.side(p)) > 0
        credit = rules.marriage_credit
        now = move.out or credit is Credit.IMMEDIATE or (credit is Credit.WITH_TRICK and side_won)
        melds, pending = state.melds, state.pending
        if now:
            melds = _with(melds, p, melds[p] + value)
        else:
            pending = _with(pending, p, pending[p] + value)
        c = move.card.index
        hand = _remove(state.hands[p], c)
        shown = (state.known[p] | 1 << (c ^ 1)) & _cards(hand)  # the other card of the pair
        s = state._replace(
            hands=_with(state.hands, p, hand),
            trick=(c,),
            known=_with(state.known, p, shown),
            melds=melds,
            pending=pending,
            marriages=(*state.marriages, (p, suit)),
        )
        return _declare(s, p) if move.out else s
    if isinstance(move, Exchange):
        ex = int(state.trump) * 8 + rules.exchange_rank
        hand = _add(_remove(state.hands[p], ex), state.trump_card)
        known = (state.known[p] | 1 << state.trump_card) & _cards(hand)
        return state._replace(
            hands=_with(state.hands, p, hand), trump_card=ex, known=_with(state.known, p, known)
        )
    if isinstance(move, DeclareOut):
        return _declare(state, p)
    raise ValueError(f"illegal move {move} for seat {p}")


def _shown_lacking(state: TableState, card: int) -> int:
    """The cards the player to move shows he does not hold by playing ``card`` to the trick in
    progress once the stock is closed: a card of another suit than the one led says he has none
    of it, a card of neither that suit nor trumps that he has no trumps either; under the duty
    to head (``phase2.duty=head``) a card that does not beat the trick's best card of its suit
    says he has none higher. No more cards are drawn, so what a hand lacks it lacks to the end.
    """
    trick = state.trick
    trump = int(state.trump)
    led = trick[0] >> 3
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    head = state.rules.phase2_duty is Duty.HEAD
    suit = card >> 3
    if suit == led:
        if head and best >> 3 == led and not card < best:
            return SUIT_MASKS[led] & ((1 << best) - 1)
        return 0
    lacking = SUIT_MASKS[led]
    if suit != trump:
        return lacking | SUIT_MASKS[trump]
    if head and best >> 3 == trump and not card < best:
        lacking |= SUIT_MASKS[trump] & ((1 << best) - 1)
    return lacking


def _finish_trick(state: TableState) -> TableState:
    rules = state.rules
    n = rules.seats
    trick = state.trick
    k = trick_winner_of(trick, int(state.trump), rules.equal_cards)
    w = (state.leader + k) % n
    gained = sum(rules.points_by_index[c] for c in trick)
    points = _with(state.points, w, state.points[w] + gained)
    melds, pending = state.melds, state.pending
    for seat in state.side_seats(state.side(w)):  # a side's trick credits its marriages
        if pending[seat]:
            melds = _with(melds, seat, melds[seat] + pending[seat])
            pending = _with(pending, seat, 0)
    played = state.played
    for c in trick:
        played = _add(played, c)
    hands, stock, trump_card = list(state.hands), state.stock, state.trump_card
    known = state.known
    if state.stock_open:
        for j in range(n):
            seat = (w + j) % n
            if stock:
                card, stock = stock[0], stock[1:]
            else:  # the face-up trump card, which everyone has seen
                card, trump_card = trump_card, -1
                known = _with(known, seat, known[seat] | 1 << card)
            hands[seat] = _add(hands[seat], card)
    s = state._replace(
        hands=tuple(hands),
        stock=stock,
        trump_card=trump_card,
        leader=w,
        trick=(),
        points=points,
        melds=melds,
        pending=pending,
        tricks=_with(state.tricks, w, state.tricks[w] + 1),
        played=played,
        last_trick=(state.leader, trick, w),
        known=known,
    )
    if any(s.hands):
        return s
    bonus = rules.last_trick_bonus
    if bonus:
        s = s._replace(points=_with(s.points, w, s.points[w] + bonus))
    return _played_out(s)


# ----------------------------------------------------------------------------- scoring


def _facts(state: TableState) -> tuple[tuple[int, ...], int]:
    """The scores per side and the sides that have a trick (a bit set)."""
    sides = state.rules.sides
    scores = tuple(state.score(x) for x in range(sides))
    won = sum(1 << x for x in range(sides) if state.side_tricks(x))
    return scores, won


def _declare(state: TableState, p: int) -> TableState:
    """A declaration of 66 (101 for teams) by seat ``p``, scored by ``tutor.engine.scoring``."""
    scores, won = _facts(state)
    kind, winner, gps, rule_id = grading(state.rules).declare(state.side(p), scores, won)
    return state._replace(result=Outcome(kind, winner, gps, scores, p, rule_id))


def _played_out(state: TableState) -> TableState:
    """The last trick is played and nobody declared: scored by ``tutor.engine.scoring``."""
    scores, won = _facts(state)
    last = state.side(state.leader)  # the last trick's winner leads what would be next
    kind, winner, gps, rule_id = grading(state.rules).played_out(scores, won, last)
    return state._replace(result=Outcome(kind, winner, gps, scores, None, rule_id))


def table_play_moves(state: TableState, moves: Iterable[Move | str]) -> TableState:
    """Apply moves (or their notation) in order; raises on the first illegal one."""
    for m in moves:
        state = table_apply(state, parse_move(m) if isinstance(m, str) else m)
    return state


__all__ = [
    "SAMPLE_TRIES",
    "SEAT_NAMES",
    "TableState",
    "TableView",
    "beats",
    "deal_table",
    "sample_table",
    "side_name",
    "table_apply",
    "table_apply_unchecked",
    "table_check",
    "table_from_order",
    "table_legal_moves",
    "table_pack",
    "table_play_moves",
    "table_position",
    "table_view",
    "trick_winner_of",
]


# ----------------------------------------------------------------------------- what a seat sees


class TableView(NamedTuple):
    """What ``seat`` may know of a deal for three or four, and nothing more: its own hand, every
    card played, the face-up trump card, and the cards of other hands that everyone has seen (a
    marriage's other card, a card taken in exchange, the face-up card drawn last). Partners'
    hands are hidden too. ``public`` is the deal with every card the seat has not seen taken
    out: the other hands hold only their seen cards, the stock is empty; ``hand_sizes`` and
    ``stock_count`` say how many cards are hidden there."""

    seat: int
    public: TableState
    hand_sizes: tuple[int, ...]
    stock_count: int

    @property
    def rules(self) -> RuleSet:
        return self.public.rules

    @property
    def hand(self) -> int:
        return self.public.hands[self.seat]

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        return self.public.hand(self.seat)

    def unseen(self) -> list[int]:
        """The cards (with copies) this seat has not seen: the others' hidden cards and the
        face-down stock."""
        s = self.public
        left = Counter(table_pack(s.rules))
        seen = [*_copies(self.hand), *_copies(s.played), *s.trick]
        if s.trump_card >= 0:
            seen.append(s.trump_card)
        for other in range(s.rules.seats):
            if other != self.seat:
                seen += list(iter_bits(s.known[other]))
        left.subtract(seen)
        return sorted(left.elements())

    def unseen_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.unseen())

    def sample(self, rng: random.Random) -> TableState:
        """A deal consistent with this view (``sample_table``)."""
        return sample_table(self, rng)


def _copies(hand: int) -> list[int]:
    return [i & 31 for i in iter_bits(hand)]


def _known_hand(known: int) -> int:
    hand = 0
    for c in iter_bits(known):
        hand = _add(hand, c)
    return hand


def table_view(state: TableState, seat: int) -> TableView:
    """What ``seat`` may know of ``state`` (see ``TableView``)."""
    hands = tuple(
        h if x == seat else _known_hand(state.known[x]) for x, h in enumerate(state.hands)
    )
    return TableView(
        seat=seat,
        public=state._replace(hands=hands, stock=()),
        hand_sizes=tuple(len(_copies(h)) for h in state.hands),
        stock_count=len(state.stock),
    )


#: Tries of the dealing that respects what hands lack before it gives up on that knowledge.
SAMPLE_TRIES = 20


def sample_table(view: TableView, rng: random.Random) -> TableState:
    """A deal consistent with ``view``: the unseen cards dealt at random to the other hands
    (after the cards known to be there) and to the stock, a card never to a hand known to lack
    it (``TableState.lacks``). Those cards are dealt first, each to a hand or the stock that
    may hold it, with odds by the room left there; should that fail ``SAMPLE_TRIES`` times
    (a view no deal agrees with) the lacks are ignored."""
    s = view.public
    pool = view.unseen()
    rng.shuffle(pool)
    others = [x for x in range(s.rules.seats) if x != view.seat]
    hands = list(s.hands)
    room = [view.hand_sizes[x] - len(_copies(hands[x])) for x in others]
    lacks = [s.lacks[x] if s.lacks else 0 for x in others]
    if any(lacks):
        for _ in range(SAMPLE_TRIES):
            dealt = _deal_lacking(pool, room, lacks, rng)
            if dealt is not None:
                for other, cards in zip(others, dealt[:-1], strict=True):
                    for c in cards:
                        hands[other] = _add(hands[other], c)
                return s._replace(hands=tuple(hands), stock=tuple(dealt[-1]))
    for other, size in zip(others, room, strict=True):
        for _ in range(size):
            hands[other] = _add(hands[other], pool.pop())
    return s._replace(hands=tuple(hands), stock=tuple(pool))


def _deal_lacking(
    pool: list[int], room: list[int], lacks: list[int], rng: random.Random
) -> list[list[int]] | None:
    """The cards of ``pool`` (shuffled) dealt to hands with ``room`` cards to fill, none to a
    hand that ``lacks`` it, and the rest to the stock (the last list); the cards fewest may hold
    are dealt first. ``None`` if a card finds no place."""
    left = [*room, len(pool) - sum(room)]
    places = [[x for x, lack in enumerate(lacks) if not lack >> c & 1] for c in range(32)]
    for p in places:
        p.append(len(room))  # the stock takes any card
    dealt: list[list[int]] = [[] for _ in left]
    for c in sorted(pool, key=lambda c: len(places[c])):
        open_places = [x for x in places[c] if left[x]]
        if not open_places:
            return None
        x = rng.choices(open_places, weights=[left[y] for y in open_places])[0]
        left[x] -= 1
        dealt[x].append(c)
    return dealt


# ----------------------------------------------------------------------------- why a move is legal


def table_check(state: TableState, move: Move) -> Verdict:
    """Whether ``move`` is legal here, with the rule ids that decide it (the rule ids of the
    two-player game, said of the trick so far: to head a trick is to beat its best card)."""

    def verdict(legal: bool, *reasons: Reason) -> Verdict:
        return Verdict(move, legal, reasons)

    if state.result is not None:
        return verdict(False, Reason("deal.over"))
    p = state.to_move
    assert p is not None
    rules = state.rules
    player = ("player", p)
    held = _cards(state.hands[p])
    leading = not state.trick
    side_won = state.side_tricks(state.side(p)) > 0
    if isinstance(move, Play):
        c = move.card
        if not held >> c.index & 1:
            return verdict(False, Reason("card.in_hand", (player, ("card", c))))
        if leading or state.stock_open:
            rid = "lead.free" if leading else "phase1.free"
            return verdict(True, Reason(rid, (player, ("card", c))))
        return _table_follow(state, move, held)
    if isinstance(move, Marriage):
        c = move.card
        params: tuple[tuple[str, object], ...] = (
            player,
            ("card", c),
            ("suit", c.suit),
            ("points", rules.marriage_value(c.suit, state.trump, len(state.marriages))),
        )
        if c.rank not in (Rank.KING, Rank.QUEEN):
            return verdict(False, Reason("marriage.card", params))
        if not leading:
            return verdict(False, Reason("marriage.on_lead", params))
        if held >> (c.index & ~1) & 3 != 3:
            return verdict(False, Reason("marriage.pair", params))
        fails = []
        if rules.marriage_needs_trick and not side_won:
            fails.append(Reason("marriage.needs_trick", params))
        if not state.stock_open and not rules.marriage_in_phase2:
            fails.append(Reason("marriage.in_phase2", (*params, ("closed", False))))
        if move.out and not rules.out_after_marriage:
            fails.append(Reason("out.after_marriage", params))
        return verdict(not fails, *(fails or [Reason("marriage.pair", params)]))
    if isinstance(move, Exchange):
        ex = CARDS[int(state.trump) * 8 + rules.exchange_rank]
        face = CARDS[state.trump_card] if state.trump_card >= 0 else None
        params_x: tuple[tuple[str, object], ...] = (player, ("card", ex), ("trump_card", face))
        fails = []
        if not leading:
            fails.append(Reason("exchange.on_lead", params_x))
        if not state.stock_open or face is None or face == ex:
            fails.append(Reason("exchange.stock", params_x))
        if not held >> ex.index & 1:
            fails.append(Reason("exchange.card", params_x))
        if rules.exchange_needs_trick and not side_won:
            fails.append(Reason("exchange.needs_trick", params_x))
        return verdict(not fails, *(fails or [Reason("exchange.card", params_x)]))
    if isinstance(move, DeclareOut):
        fails = [] if leading else [Reason("out.on_lead", (player,))]
        if rules.out_needs_trick and not side_won:
            fails.append(Reason("out.needs_trick", (player,)))
        score = ("score", state.score(state.side(p)))
        return verdict(not fails, *(fails or [Reason("out.on_lead", (player, score))]))
    if isinstance(move, Close):
        return verdict(False, Reason("close.allowed", (player,)))
    if isinstance(move, NameTrump):
        return verdict(False, Reason("trump.face_up", (player, ("suit", move.suit))))
    return verdict(False, Reason("pass.nothing", (player,)))


def _table_follow(state: TableState, move: Play, held: int) -> Verdict:
    """A card played to a trick once the stock can no longer serve everyone: the duty against
    the trick's best card so far."""
    trick = state.trick
    trump = int(state.trump)
    best = trick[trick_winner_of(trick, trump, state.rules.equal_cards)]
    led = trick[0] >> 3
    c = move.card
    p = state.to_move
    params: tuple[tuple[str, object], ...] = (
        ("player", p),
        ("card", c),
        ("led", CARDS[best]),
        ("trump", state.trump),
    )
    allowed = _follow_cards(state, state.hands[state.to_move or 0])
    same = held & SUIT_MASKS[led]
    head = state.rules.phase2_duty is Duty.HEAD
    if same:
        higher = same & ((1 << best) - 1) if best >> 3 == led else 0
        if head and higher:
            rid, params = "phase2.head", (*params, ("better", _card_list(higher)))
        elif head:
            rid, params = "phase2.lower", (*params, ("options", _card_list(same)))
        else:
            rid, params = "phase2.follow", (*params, ("options", _card_list(same)))
    elif held & SUIT_MASKS[trump]:
        rid, params = "phase2.trump", (*params, ("options", _card_list(allowed)))
    else:
        rid = "phase2.any"
    return Verdict(move, bool(allowed >> c.index & 1), (Reason(rid, params),))


def _card_list(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in iter_bits(mask))

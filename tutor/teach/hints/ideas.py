"""The ideas a hint can name, as data (``tutor.teach.hints.detect`` finds them).

One table, ``IDEA_SPECS``, holds every idea and mistake: its id (``idea.*`` for what a move
does, ``mistake.*`` for what is wrong with it), its English message (marked for extraction, made
into a sentence by ``tutor.words.hint_text``), the names of its parameters and, for a message
with plural forms, the plural (counted by the parameter ``n``). Parameters whose name ends in
``card`` hold a card, ``suit`` a suit, ``cards`` a tuple of cards; ``game_points`` and ``gain``
of ``idea.play_on`` and ``game_points`` of ``idea.close_wins`` and ``idea.cut_losses`` may be
fractions (means); the others are whole numbers.

>>> IDEA_SPECS["idea.marriage"].params
('points',)
>>> IDEA_SPECS["idea.draws_trumps"].plural
"Lead trumps to draw your opponent's: {n} trumps are still out."
>>> Idea("idea.marriage", (("points", 20),)).param("points")
20
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.msgid import N_


def n_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms for extraction (the keyword ``n_:1,2``); it is
    translated later with ``tr.n_(singular, plural, n)``."""
    return (singular, plural)


@dataclass(frozen=True)
class IdeaSpec:
    """One idea or mistake: its id, its English message, its parameters' names and, when the
    message has plural forms, its plural (counted by the parameter ``n``)."""

    id: str
    msgid: str
    params: tuple[str, ...]
    plural: str | None = None


def _plural(idea_id: str, forms: tuple[str, str], params: tuple[str, ...]) -> IdeaSpec:
    return IdeaSpec(idea_id, forms[0], params, forms[1])


#: Every idea and mistake the analysis can name, by id.
IDEA_SPECS: dict[str, IdeaSpec] = {
    spec.id: spec
    for spec in (
        IdeaSpec("idea.only_move", N_("This is the only legal move."), ()),
        IdeaSpec(
            "idea.must_head",
            N_("You must head the trick here. Allowed: {cards}."),
            ("cards",),
        ),
        IdeaSpec(
            "idea.must_follow",
            N_("You must follow suit here. Allowed: {cards}."),
            ("cards",),
        ),
        IdeaSpec(
            "idea.must_trump",
            N_("You cannot follow suit, so you must trump. Allowed: {cards}."),
            ("cards",),
        ),
        IdeaSpec(
            "idea.safe_trick",
            N_("{card} cannot be beaten: no card that could take it is left to your opponent."),
            ("card",),
        ),
        IdeaSpec(
            "idea.safe_face_up",
            N_(
                "{card} cannot be beaten: no card left to your opponent takes it, and "
                "{face_up_card} lies face up under the stock."
            ),
            ("card", "face_up_card"),
        ),
        IdeaSpec(
            "idea.count_to_66",
            N_("This trick gives you {gain} points, so you reach {total}: enough for {target}."),
            ("gain", "total", "target"),
        ),
        IdeaSpec(
            "idea.count_to_66_min",
            N_(
                "This trick gives you at least {gain} points, so you reach at least {total}: "
                "enough for {target}."
            ),
            ("gain", "total", "target"),
        ),
        IdeaSpec(
            "idea.count_points",
            N_(
                "This trick gives you {gain} points, so you reach {total}; {missing} more are "
                "needed for {target}."
            ),
            ("gain", "total", "missing", "target"),
        ),
        IdeaSpec(
            "idea.count_points_min",
            N_(
                "This trick gives you at least {gain} points, so you reach at least {total} of the "
                "{target} you need."
            ),
            ("gain", "total", "target"),
        ),
        IdeaSpec(
            "idea.marriage_credit",
            N_("The trick also makes your announced marriage count: {points} of those points."),
            ("points",),
        ),
        IdeaSpec(
            "idea.cheap_trick",
            N_("{card} gives up the trick cheaply: your opponent gets {gain} points."),
            ("card", "gain"),
        ),
        IdeaSpec(
            "idea.catch_blank_ten",
            N_(
                "{card} catches {ten_card}: it stands alone (blank) in your opponent's hand, and "
                "your opponent must follow suit."
            ),
            ("card", "ten_card"),
        ),
        IdeaSpec(
            "idea.guards_ten",
            N_("Keep {guard_card} beside {ten_card}: alone, {ten} could be caught by {ace}."),
            ("guard_card", "ten_card"),
        ),
        IdeaSpec(
            "idea.keeps_marriage",
            N_(
                "Keep {king} and {queen} of {suit} together: the marriage is worth {points} points."
            ),
            ("suit", "points"),
        ),
        IdeaSpec("idea.marriage", N_("Announce the marriage: {points} points."), ("points",)),
        IdeaSpec(
            "idea.marriage_later",
            N_("Announce the marriage: its {points} points count once you win a trick."),
            ("points",),
        ),
        IdeaSpec(
            "idea.exchange",
            N_(
                "Exchange {card} for {trump_card}, which lies face up: a strong trump for your "
                "weakest."
            ),
            ("card", "trump_card"),
        ),
        IdeaSpec(
            "idea.declare_now",
            N_("Declare 66 now: you have {score} points, and {target} are enough."),
            ("score", "target"),
        ),
        IdeaSpec(
            "idea.declare_after_trick",
            N_(
                "Declare 66 now: the declaration is judged once this trick is complete, and by "
                "then you will have {target}."
            ),
            ("target",),
        ),
        IdeaSpec(
            "idea.marriage_out",
            N_(
                "Announce the marriage and declare at once: with its {points} points you have "
                "{score}."
            ),
            ("points", "score"),
        ),
        IdeaSpec(
            "idea.cut_losses",
            N_(
                "Declaring without 66 loses the deal, but it costs less than playing on: "
                "{game_points} game points."
            ),
            ("game_points",),
        ),
        IdeaSpec(
            "idea.play_on",
            N_(
                "You could declare now with {score} points, but playing on is worth more: {gain} "
                "game points on average."
            ),
            ("score", "gain"),
        ),
        IdeaSpec(
            "idea.close_wins",
            N_(
                "Close now: you win in {percent} of the deals you could be facing, {game_points} "
                "game points on average."
            ),
            ("percent", "game_points"),
        ),
        IdeaSpec(
            "idea.close_wins_exact",
            N_("Close now: with best play on both sides you win the deal."),
            (),
        ),
        IdeaSpec(
            "mistake.close_fails",
            N_(
                "Closing now is a risk: you would win in only {percent} of the deals you could be "
                "facing."
            ),
            ("percent",),
        ),
        IdeaSpec(
            "mistake.close_fails_exact",
            N_("Closing now loses against the best defence."),
            (),
        ),
        IdeaSpec(
            "mistake.false_out",
            N_("Declaring now would be false: you have {score} points, not {target}."),
            ("score", "target"),
        ),
        IdeaSpec(
            "mistake.false_out_trick",
            N_(
                "Declaring now would be false: even the best trick brings you only {best} points, "
                "not {target}."
            ),
            ("best", "target"),
        ),
        IdeaSpec(
            "mistake.breaks_marriage",
            N_("{card} breaks up your marriage in {suit}, worth {points} points."),
            ("card", "suit", "points"),
        ),
        IdeaSpec(
            "mistake.blanks_ten",
            N_("{card} leaves {ten_card} alone (blank), where {ace} can catch it."),
            ("card", "ten_card"),
        ),
        IdeaSpec(
            "mistake.gives_points",
            N_("{card} gives your opponent {points} points in a trick you lose."),
            ("card", "points"),
        ),
        # Three and four players (``tutor.teach.hints.table_analysis``).
        IdeaSpec(
            "idea.must_over_trump",
            N_(
                "You cannot follow suit and a trump is winning the trick: you must beat it with "
                "a higher trump. Allowed: {cards}."
            ),
            ("cards",),
        ),
        IdeaSpec(
            "idea.give_partner",
            N_(
                "Your partner {partner} is winning the trick: with {card} you give it {points} "
                "points."
            ),
            ("card", "points", "partner"),
        ),
        IdeaSpec(
            "idea.cheapest_winner",
            N_("{card} is the cheapest card that wins this trick."),
            ("card",),
        ),
        IdeaSpec(
            "mistake.overtakes_partner",
            N_("{card} takes the trick from your partner {partner}, who is winning it already."),
            ("card", "partner"),
        ),
        IdeaSpec(
            "mistake.wastes_trump",
            N_(
                "{card} spends a trump while the stock is open: trumps are worth more later, "
                "when suit must be followed."
            ),
            ("card",),
        ),
        _plural(
            "idea.draws_trumps",
            n_(
                "Lead trumps to draw your opponent's: {n} trump is still out.",
                "Lead trumps to draw your opponent's: {n} trumps are still out.",
            ),
            ("n",),
        ),
    )
}
#: The ids of every idea and mistake.
IDEAS: tuple[str, ...] = tuple(IDEA_SPECS)
#: Views of ``IDEA_SPECS``: the parameters of each idea, the message of each idea without plural
#: forms, and the (singular, plural) messages of each idea with them.
IDEA_PARAMS: dict[str, tuple[str, ...]] = {s.id: s.params for s in IDEA_SPECS.values()}
IDEA_TEXTS: dict[str, str] = {s.id: s.msgid for s in IDEA_SPECS.values() if s.plural is None}
IDEA_PLURALS: dict[str, tuple[str, str]] = {
    s.id: (s.msgid, s.plural) for s in IDEA_SPECS.values() if s.plural is not None
}


@dataclass(frozen=True)
class Idea:
    """An idea behind a move (``idea.*``) or what is wrong with it (``mistake.*``)."""

    id: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params).get(name)


#: Each idea and mistake as a general thought that names no card and no move: what a player
#: keeps in mind before choosing (the second rung of the hint ladder, which teaches before it
#: tells). Ideas that share a thought share its message.
GIST_SURE_TRICKS = N_("Count your sure tricks: a card that nothing left can beat wins its trick.")
GIST_COUNT = N_("Count your points: how many do you have, and how many does the next trick bring?")
GIST_DECLARE = N_(
    "Count your points: once you have enough, you may declare and end the deal at once."
)
GIST_TEN = N_("Keep the ten guarded: alone in its suit, a ten can be caught by the ace.")
GIST_CATCH_TEN = N_(
    "A ten that stands alone in your opponent's hand can be caught when it must follow suit."
)
GIST_MARRIAGE = N_(
    "{king_bare} and {queen_bare} of one suit together are a marriage, worth points."
)
GIST_CHEAP = N_("A trick you cannot win should cost you as few points as possible.")
GIST_RULES = N_("The rules leave you little choice here: see which cards you must play.")
GIST_EXCHANGE = N_("Look at the face-up trump card: a low trump in your hand may take its place.")
GIST_CLOSE = N_(
    "Count the tricks you are sure of if no more cards are drawn: are they enough to win?"
)
GIST_CLOSE_RISK = N_(
    "With no more cards to draw, suit must be followed: would your cards still win?"
)
GIST_PLAY_ON = N_("Having enough to declare does not mean you must: what is playing on worth?")
GIST_CUT_LOSSES = N_("When the deal is lost, lose as little as you can.")
GIST_TRUMPS = N_("Draw your opponent's trumps while they still have some.")
GIST_LAST_TRICK = N_("The last trick is worth {points} extra points.")
GIST_LEAD = N_(
    "Before you lead, ask what your opponent can take it with and what they must give up."
)
GIST_FOLLOW = N_("Before you play, ask whether this trick is worth winning and what it costs.")
GIST_PARTNER = N_(
    "When your partner is winning the trick, give it points, above all when nobody after you "
    "can take it; do not take it from your partner."
)
GIST_TAKE_CHEAP = N_("A trick worth taking is best taken with the cheapest card that wins it.")
GIST_KEEP_TRUMPS = N_(
    "Keep your trumps while the stock is open: once suit must be followed, they take tricks."
)
GIST_TABLE_LEAD = N_(
    "Before you lead, ask what the others can take it with, and whether your partner or an "
    "opponent plays last."
)
GIST_TABLE_LEAD_ALONE = N_(
    "Before you lead, ask what the others can take it with and what they must give up."
)

IDEA_GISTS: dict[str, str] = {
    "idea.only_move": GIST_RULES,
    "idea.must_head": GIST_RULES,
    "idea.must_follow": GIST_RULES,
    "idea.must_trump": GIST_RULES,
    "idea.safe_trick": GIST_SURE_TRICKS,
    "idea.safe_face_up": GIST_SURE_TRICKS,
    "idea.count_to_66": GIST_COUNT,
    "idea.count_to_66_min": GIST_COUNT,
    "idea.count_points": GIST_COUNT,
    "idea.count_points_min": GIST_COUNT,
    "idea.marriage_credit": GIST_MARRIAGE,
    "idea.cheap_trick": GIST_CHEAP,
    "idea.catch_blank_ten": GIST_CATCH_TEN,
    "idea.guards_ten": GIST_TEN,
    "idea.keeps_marriage": GIST_MARRIAGE,
    "idea.marriage": GIST_MARRIAGE,
    "idea.marriage_later": GIST_MARRIAGE,
    "idea.exchange": GIST_EXCHANGE,
    "idea.declare_now": GIST_DECLARE,
    "idea.declare_after_trick": GIST_DECLARE,
    "idea.marriage_out": GIST_DECLARE,
    "idea.cut_losses": GIST_CUT_LOSSES,
    "idea.play_on": GIST_PLAY_ON,
    "idea.close_wins": GIST_CLOSE,
    "idea.close_wins_exact": GIST_CLOSE,
    "mistake.close_fails": GIST_CLOSE_RISK,
    "mistake.close_fails_exact": GIST_CLOSE_RISK,
    "mistake.false_out": GIST_DECLARE,
    "mistake.false_out_trick": GIST_DECLARE,
    "mistake.breaks_marriage": GIST_MARRIAGE,
    "mistake.blanks_ten": GIST_TEN,
    "mistake.gives_points": GIST_CHEAP,
    "idea.draws_trumps": GIST_TRUMPS,
    "idea.must_over_trump": GIST_RULES,
    "idea.give_partner": GIST_PARTNER,
    "idea.cheapest_winner": GIST_TAKE_CHEAP,
    "mistake.overtakes_partner": GIST_PARTNER,
    "mistake.wastes_trump": GIST_KEEP_TRUMPS,
}

"""The presets: each variant of 66 the sources describe, as a ``RuleSet`` with the source of
every switch and notes where a source leaves something open. Data only; the switches are
defined in ``tutor.engine.rules`` and checked in ``tutor.engine.rules_check``.

>>> preset("kurnik").phase2_duty
<Duty.HEAD: 'head'>
>>> preset("classic").switch("marriage.needs_trick").value
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from tutor.engine.cards import Rank
from tutor.engine.rules import (
    SRC_000,
    SRC_001,
    SRC_002,
    SRC_003,
    SRC_004,
    SRC_PAGAT,
    Credit,
    Duty,
    EqualCards,
    ExchangeTiming,
    Losers,
    NextDealer,
    NoTrickAt,
    OpponentOut,
    OutResolution,
    Penalty,
    PlayedOut,
    RuleSet,
    SchwarzBy,
    TrumpMode,
    UnknownPresetError,
)
from tutor.msgid import N_

_R24 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
_R20 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_R32 = (*_R24, Rank.EIGHT, Rank.SEVEN)


def _src(source: str, *ids: str) -> tuple[tuple[str, str], ...]:
    return tuple((i, source) for i in ids)


# The rules of 000: marriage and exchange only after a won trick; follow, else trump, no duty to
# head; "Aus!" ends the deal when its trick is complete; a failed closer gives 3.
CLASSIC = RuleSet(
    name="classic",
    ranks=_R24,
    phase2_duty=Duty.FOLLOW,
    marriage_needs_trick=True,
    marriage_credit=Credit.IMMEDIATE,
    marriage_in_phase2=True,
    exchange_needs_trick=True,
    closer_penalty=Penalty.FIXED,
    closer_penalty_points=3,
    closer_penalty_no_trick_points=3,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.AFTER_TRICK,
    out_after_marriage=True,
    closer_opponent_may_declare=True,
    false_out=Penalty.SCALE,
    exchange_timing=ExchangeTiming.ON_TURN,
    played_out=PlayedOut.LAST_TRICK,
    default_source=SRC_000,
    sources=_src(
        SRC_002,
        "out.closer_opponent",
        "out.false_penalty",
        "out.false_points",
        "out.false_no_trick_points",
    )
    + _src(SRC_004, "match.next_dealer"),
    notes=(
        (
            "exchange.timing",
            N_(
                "The German article asks only that the player has won a trick, and in its first "
                "worked deal A exchanges after leading. Here a player may exchange on any turn "
                "of their own while the stock is open, leading or following; an exchange made "
                "after one's own lead is made before it, which changes nothing the opponent "
                "sees before answering. The other reading, only on lead before leading, can "
                "be chosen instead."
            ),
        ),
        (
            "deal.played_out",
            N_(
                "The German article: the winner of the last trick wins if he has 66 with it, "
                "and the deal is drawn only when both have 65. The German rules page with both "
                "packs and Kurnik's rules let the higher score win instead; that reading can "
                "be chosen too."
            ),
        ),
        (
            "out.false_points",
            N_(
                "Not used while a false declaration gives what the declarer would have won; the "
                "German article has no rule for a false declaration."
            ),
        ),
        (
            "out.false_penalty",
            N_(
                "The German article does not say; the German rules page and the German notes "
                "give the opponent what the false declarer would have won."
            ),
        ),
        (
            "out.closer_opponent",
            N_(
                "The German article does not say; the German rules page for 2 to 4 players "
                "lets the closer's opponent declare 66 as well."
            ),
        ),
        (
            "marriage.in_phase2",
            N_(
                "The German article asks only that the leader has won a trick; in its second "
                "worked deal 40 is announced after closing."
            ),
        ),
        (
            "out.after_marriage",
            N_(
                "In the first worked deal of the German article A announces 40, leads the king "
                'and says "Aus!" in one turn.'
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The German article does not say; the German rules page for both packs lets "
                "the winner of a deal deal next. Neither says who deals after a draw: the same "
                "dealer again, as on pagat.com."
            ),
        ),
        (
            "phase2.duty",
            N_(
                'After closing, the German article says that "the opponent" must follow suit; '
                "it says that both players must once the stock is used up. Read here as a duty "
                "for both players in either case."
            ),
        ),
        (
            "score.schneider_below",
            N_(
                "The German article calls a loser with fewer than 33 points Schneider, but its "
                'rule 4 gives a single game point only for "more than 33". Read here: exactly '
                "33 is not Schneider and gives a single game point."
            ),
        ),
        (
            "score.schwarz_by",
            N_(
                'The German article: the opponent is Schwarz who has taken no trick "by then", '
                "when 66 is declared. Since that deal ends only when the trick being led is "
                "complete, it is judged here once that trick is complete."
            ),
        ),
    ),
    readings=("exchange.timing", "phase2.duty", "score.schneider_below", "score.schwarz_by"),
    next_dealer=NextDealer.WINNER,
)

# The rules of Kurnik's 66-sznap (001).
KURNIK = RuleSet(
    name="kurnik",
    ranks=_R24,
    phase2_duty=Duty.HEAD,
    marriage_needs_trick=False,
    marriage_credit=Credit.AFTER_TRICK,
    marriage_in_phase2=False,
    exchange_needs_trick=True,
    closer_penalty=Penalty.FIXED,
    closer_penalty_points=2,
    closer_penalty_no_trick_points=3,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.IMMEDIATE,
    out_after_marriage=True,
    closer_opponent_may_declare=False,
    false_out=Penalty.FIXED,
    false_out_points=2,
    false_out_no_trick_points=3,
    schwarz_by=SchwarzBy.POINTS,
    default_source=SRC_001,
    notes=(
        (
            "close.no_trick_at",
            N_(
                'Kurnik\'s rules give 3 for a failed close "if the opponent has no trick" without '
                "saying whether the closer or the closer's opponent is meant, or when; read here "
                "as the closer's opponent having no trick by the end of the deal. The other "
                "reading, at the moment of closing, can be chosen instead."
            ),
        ),
        (
            "out.false_no_trick_points",
            N_(
                'Kurnik\'s rules give the opponent of a false declarer "2 or 3, as above"; as '
                "for a failed close, read here as 3 when that opponent has taken no trick."
            ),
        ),
    ),
    readings=("close.no_trick_at", "out.false_no_trick_points"),
)

# The common English reference (pagat), as summarised in shared/seeds/README.md: Kurnik's rules,
# but a marriage counts with the trick, "no trick" is judged at closing and Schwarz means no trick.
PAGAT = dataclasses.replace(
    KURNIK,
    name="pagat",
    marriage_credit=Credit.WITH_TRICK,
    closer_no_trick_at=NoTrickAt.CLOSE,
    # pagat: a false "out" loses 2 "irrespective of how many card points the other player has"
    false_out_no_trick_points=2,
    # pagat: "The winner of the hand becomes the dealer for the next hand"
    next_dealer=NextDealer.WINNER,
    # pagat: the closer's opponent may still go out first, for 2 game points
    closer_opponent_may_declare=True,
    opponent_out=OpponentOut.POINTS,
    opponent_out_points=2,
    # pagat: going out is possible only right after winning a trick or melding
    out_needs_trick=True,
    # pagat: "the talon can be closed either before or after drawing from the talon"
    close_before_draw=True,
    # pagat: the closer's opponent "may at the moment of closing exchange the 9", without a trick
    close_opponent_exchange=True,
    schwarz_by=SchwarzBy.TRICKS,
    default_source=SRC_PAGAT,
    sources=_src(SRC_001, "phase2.duty"),
    readings=("out.needs_trick", "close.before_draw", "close.opponent_exchange"),
    notes=(
        (
            "out.needs_trick",
            N_(
                "On pagat.com, 66 is declared right after winning a trick or announcing a "
                "marriage. A player on lead has just won the last trick, so only the first lead "
                "of a deal is barred, unless it announces a marriage."
            ),
        ),
        (
            "close.before_draw",
            N_(
                "On pagat.com the stock may be closed before or after drawing. Here the winner "
                "of a trick first chooses: draw, or close at once, so that both players go on "
                "with one card fewer. Closing after drawing is the close on lead, as everywhere."
            ),
        ),
        (
            "close.opponent_exchange",
            N_(
                "On pagat.com the closer's opponent may exchange the trump nine at the moment of "
                "closing, even without a trick. Here the opponent decides right after the close, "
                "before the closer leads; the nine then lies face up under the closed stock."
            ),
        ),
    ),
)

# The 20-card "sharpened" game of 000: no nines; the jack is the lowest trump to exchange.
SHARPENED = dataclasses.replace(
    CLASSIC,
    name="sharpened",
    ranks=_R20,
    exchange_rank=Rank.JACK,
    sources=CLASSIC.sources + _src(SRC_001, "exchange.rank"),
    notes=(
        *CLASSIC.notes,
        (
            "exchange.rank",
            N_(
                "The German article does not say for the 20-card pack; as in Schnapsen, as "
                "Kurnik's rules describe it, {jack} takes the place of {nine}."
            ),
        ),
    ),
)

# The 32-card pack for two players of 002/003; rules of play from 002/003, the rest from 000.
PACK32 = RuleSet(
    name="pack32",
    ranks=_R32,
    phase2_duty=Duty.HEAD,
    marriage_needs_trick=False,
    marriage_credit=Credit.IMMEDIATE,
    marriage_in_phase2=True,
    exchange_rank=Rank.SEVEN,
    exchange_needs_trick=True,
    closer_penalty=Penalty.SCALE,
    closer_no_trick_at=NoTrickAt.END,
    out_resolution=OutResolution.IMMEDIATE,
    out_after_marriage=True,
    closer_opponent_may_declare=True,
    false_out=Penalty.SCALE,
    # 002: "nach dem Gewinn eines Stichs"; 003 adds "or a marriage"
    out_needs_trick=True,
    default_source=SRC_002,
    sources=_src(
        SRC_003,
        "marriage.needs_trick",
        "marriage.in_phase2",
        "out.after_marriage",
        "marriage.points",
        "marriage.trump_points",
        "marriage.credit",
    )
    + _src(
        SRC_000,
        "exchange.needs_trick",
        "exchange.rank",
        "match.mode",
        "match.target",
    )
    + _src(SRC_001, "exchange.timing", "match.next_dealer")
    + _src(SRC_004, "deal.played_out"),
    notes=(
        (
            "deal.played_out",
            N_(
                "The German rules page gives the last trick its 10 but does not say who wins a "
                "deal played to the end; the higher score, as on the German rules page for both "
                "packs."
            ),
        ),
        (
            "exchange.rank",
            N_(
                "The German rules page and the German notes do not describe the exchange; the "
                "lowest trump of the pack, {seven}, takes the place of {nine}."
            ),
        ),
        ("exchange.needs_trick", N_("Taken from the German article.")),
        (
            "exchange.timing",
            N_(
                "The German rules page and the German notes do not describe the exchange; as in "
                "Kurnik's rules and on pagat.com, it is made on lead, before leading."
            ),
        ),
        (
            "close.penalty",
            N_(
                "The German rules page makes the closer's opponent the winner of a failed close "
                "but gives no number; here the opponent wins as after a normal deal: 1, 2 or 3 "
                "by the closer's points and tricks. A closer who declares 66 without having it "
                "has failed the close as well, as the rule on closing says, rather than made a "
                "false declaration."
            ),
        ),
        (
            "match.mode",
            N_(
                "The German rules page and the German notes say nothing of a match; the match "
                "to 7 of the German article."
            ),
        ),
        (
            "out.needs_trick",
            N_(
                "The German rules page: 66 is declared after winning a trick; the German notes "
                "add: or after a marriage."
            ),
        ),
        (
            "close.allowed",
            N_(
                'The German rules page lets the player "am Zug", whose turn it is, close the '
                "stock; read here as the player on lead, before leading, as in the other sources."
            ),
        ),
        (
            "marriage.points",
            N_(
                'The German notes let a player announce a marriage "when it is their turn"; '
                "read here as on lead, by leading one of the pair, as in the other sources."
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The German rules page and the German notes do not say; as in Kurnik's rules, "
                "the players take turns."
            ),
        ),
    ),
    readings=("exchange.rank", "close.penalty", "close.allowed", "marriage.on_lead"),
)

# The Austrian Schnapsen as described in 001: J to A, five cards; otherwise Kurnik's rules.
SCHNAPSEN = dataclasses.replace(
    KURNIK,
    name="schnapsen",
    ranks=_R20,
    hand_size=5,
    exchange_rank=Rank.JACK,
    notes=(
        *KURNIK.notes,
        (
            "exchange.rank",
            N_(
                "Kurnik's rules name only the cards from {jack} up and hands of five cards; "
                "{jack} is the lowest trump."
            ),
        ),
    ),
)

# "36" of 002's list of variants: 002's game with the 32-card pack, played to 36 points.
THIRTY_SIX = dataclasses.replace(
    PACK32,
    name="thirtysix",
    target=36,
    schneider_below=18,
    notes=(
        *PACK32.notes,
        (
            "deal.target",
            N_(
                "The German rules page lists 36 as a simpler game for children and beginners "
                "in which 36 points win, and says nothing else about it; the rest of its rules "
                "are those of its game with the 32-card pack."
            ),
        ),
        (
            "score.schneider_below",
            N_(
                "Not given for 36. In 66 the loser is Schneider below 33, half of 66; here half "
                "of 36, so below 18."
            ),
        ),
    ),
    readings=(*PACK32.readings, "score.schneider_below"),
)

_NO_CARD_NOTE = N_(
    "No card is turned face up, so there is nothing to exchange: the stock holds all the other "
    "cards face down, the last card drawn is face down too, and closing turns no card."
)
_NO_TRUMP_NOTE = N_(
    "While no trump is named no suit is trumps: the trick goes to the higher card of the suit "
    "led, and after closing a player who cannot follow suit may play any card."
)

# 000's first deviation: no card turned; the first leader names trumps; the marriages of the deal
# count 20, 40, 60, 80 in turn, and each makes its suit trumps.
NAMED_TRUMP = dataclasses.replace(
    CLASSIC,
    name="named_trump",
    trump_mode=TrumpMode.NAMED,
    marriage_escalating=True,
    marriage_makes_trump=True,
    marriage_needs_trick=False,
    readings=(*CLASSIC.readings, "trump.mode"),
    notes=(
        *CLASSIC.notes,
        (
            "trump.mode",
            N_(
                "The German article's first deviation: a player names the trump suit, and no "
                "card is turned up. It does not say which player or when; here the player who "
                "leads first, the dealer's opponent, names it after looking at the hand and "
                "before the first lead, as a move of its own."
            ),
        ),
        ("exchange.rank", _NO_CARD_NOTE),
        (
            "marriage.escalating",
            N_(
                "The first marriage of the deal counts 20 even in trumps, the second 40, the "
                "third 60 and the fourth 80, whoever announces them: in the article's example A "
                "announces 20, then B 40."
            ),
        ),
        (
            "marriage.makes_trump",
            N_(
                "Each marriage makes its suit the trump suit at once, for the card led with it too."
            ),
        ),
        (
            "marriage.needs_trick",
            N_(
                "In the example of the first deviation A names {diamonds} trumps and announces "
                "the marriage in that suit with the first lead, before any trick: no trick is "
                "needed."
            ),
        ),
    ),
)

# 000's second deviation: no trumps until the holder of the ace of hearts names a suit; every
# marriage 20.
HEART_ACE = dataclasses.replace(
    CLASSIC,
    name="heart_ace",
    trump_mode=TrumpMode.HEART_ACE,
    trump_marriage_points=20,
    readings=(*CLASSIC.readings, "trump.mode"),
    notes=(
        *CLASSIC.notes,
        (
            "trump.mode",
            N_(
                "The German article's second deviation: the holder of {Ah} names any suit as "
                "trumps, and while {Ah} is not in play there are no trumps. It does not say "
                "when; here its holder may name a suit on any turn of their own, leading or "
                "following, while none is named, and must name one before playing {Ah}: the "
                "ace cannot be played while there are no trumps. {Ah} drawn from the stock can "
                "be used from then on; left in a closed stock, it leaves the deal without "
                "trumps."
            ),
        ),
        ("exchange.rank", _NO_CARD_NOTE),
        ("phase2.duty", _NO_TRUMP_NOTE),
        ("marriage.trump_points", N_("All marriages count 20 in the second deviation.")),
    ),
)

_R28 = (*_R24, Rank.EIGHT)

# 000's "Sechsundsechzig zu dritt": the sevens out, 28 cards, 7 each, the 22nd card face up as
# trumps, marriages and the last trick as for two; played in its deviation where each plays for
# himself: after the last trick the one player with 66 wins, Schneider pays double, Schwarz triple.
THREE = dataclasses.replace(
    CLASSIC,
    name="three",
    seats=3,
    ranks=_R28,
    hand_size=7,
    exchange_rank=Rank.EIGHT,
    exchange_timing=ExchangeTiming.ON_LEAD,
    closing_allowed=False,
    out_allowed=False,
    out_resolution=OutResolution.IMMEDIATE,
    played_out=PlayedOut.ONLY_ONE,
    losers=Losers.SUM,
    sources=CLASSIC.sources + _src(SRC_001, "exchange.timing"),
    readings=("deal.hand_size", "close.allowed", "match.next_dealer"),
    notes=(
        (
            "table.seats",
            N_(
                "The German article lets three play alone when all of them pass on naming "
                "trumps, but never describes the naming. Here the face-up card makes trumps and "
                "each plays for himself."
            ),
        ),
        (
            "deal.hand_size",
            N_(
                "28 cards, 7 each and the 22nd face up leave 6 face-down cards: after two tricks "
                "all have drawn, and the face-up card stays out of play, since it cannot go to "
                "all three. Nine tricks are played, as the text counts them."
            ),
        ),
        (
            "exchange.rank",
            N_("Without the sevens the eight is the lowest trump: it is the card exchanged."),
        ),
        (
            "exchange.timing",
            N_(
                "With three the exchange is made on lead, before leading, as with the Kurnik "
                "rules; the German article's exchange on any turn is kept for two players."
            ),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with three it is not allowed."),
        ),
        (
            "out.allowed",
            N_(
                "The German article's game for three tells no declaration of 66: after the "
                "ninth trick each player counts, and only then is it known who has won. So "
                "nobody declares; the cards are played to the end."
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The German article draws lots for the first dealer of the game for three and "
                "does not say who deals next; here the winner of a deal, as the German rules "
                "page for both packs says for two players, and after a deal nobody wins the "
                "same dealer again."
            ),
        ),
    ),
)

# 002/003's three-player game: the 32-card pack, 7 each, scoring and goal as for two.
THREE_PACK32 = dataclasses.replace(
    PACK32,
    name="three_pack32",
    seats=3,
    hand_size=7,
    closing_allowed=False,
    played_out=PlayedOut.ONLY_ONE,
    losers=Losers.BEST,
    default_source=SRC_002,
    sources=PACK32.sources + _src(SRC_000, "deal.played_out"),
    readings=(
        *PACK32.readings,
        "deal.hand_size",
        "deal.played_out",
        "score.losers",
        "match.next_dealer",
    ),
    notes=(
        *PACK32.notes,
        (
            "deal.hand_size",
            N_(
                "7 cards each and the face-up card leave 10 face-down cards. Drawn by all three "
                "after each trick they last three tricks; the two cards left stay out of play. "
                'The rules page\'s "closed after the sixth trick" cannot be met with 11 cards, '
                'and its "one card fewer than the standard game" does not fit the six cards of '
                "two players: both are left aside."
            ),
        ),
        (
            "deal.played_out",
            N_(
                "The German rules page does not say who wins a deal of three played to the end; "
                "as in the German article's game for three, the one player with 66 or more "
                "wins, and nobody if two have it or none."
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The sources do not say who deals next with three; as Kurnik's rules let the "
                "players take turns, the deal passes on to the next player."
            ),
        ),
        (
            "score.losers",
            N_(
                '"Scoring and goal stay the same": the winner scores as against one opponent, '
                "by the opponent who did best. Each loser paying by his own grade can be chosen "
                "instead."
            ),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with three it is not allowed."),
        ),
    ),
)

# 002/003's four-player game: two teams of partners, two 24-card packs, 7 each, 101 to win.
FOUR = dataclasses.replace(
    PACK32,
    name="four",
    seats=4,
    partners=True,
    copies=2,
    equal_cards=EqualCards.FIRST,
    ranks=_R24,
    hand_size=7,
    target=101,
    schneider_below=51,
    exchange_rank=Rank.NINE,
    closing_allowed=False,
    played_out=PlayedOut.HIGHER,
    default_source=SRC_002,
    readings=(
        "exchange.rank",
        "close.allowed",
        "marriage.on_lead",
        "trick.equal_cards",
        "score.schneider_below",
        "deal.played_out",
        "match.next_dealer",
    ),
    notes=(
        *PACK32.notes,
        (
            "exchange.rank",
            N_(
                "The German rules page and the German notes do not describe the exchange; with "
                "the 24-card packs {nine} is the lowest trump, as in the German article."
            ),
        ),
        (
            "deal.played_out",
            N_(
                "The sources do not say who wins a deal of four played to the end; the team "
                "with more points, as the German rules page for both packs says for two "
                "players. Equal scores are a draw."
            ),
        ),
        (
            "match.next_dealer",
            N_(
                "The sources do not say who deals next with four; as Kurnik's rules let the "
                "players take turns, the deal passes on to the next player."
            ),
        ),
        (
            "trick.equal_cards",
            N_(
                "The sources do not say which of two equal cards wins. Here the one played first, "
                "as in related games such as Gaigel and Doppelkopf; the other reading is a switch."
            ),
        ),
        (
            "score.schneider_below",
            N_(
                "The sources give no Schneider for 101; here below half of 101, so below 51, "
                "as 33 is half of 66."
            ),
        ),
        (
            "close.allowed",
            N_("The sources describe closing only for two players: with four it is not allowed."),
        ),
        (
            "deal.hand_size",
            N_(
                "7 cards each and the face-up card leave 19 face-down cards: all four draw after "
                "each trick for five tricks, the face-up card last, and twelve tricks are played."
            ),
        ),
    ),
)

#: The games for three and four players: their own engine (``tutor.engine.table``); the app's
#: board seats two players only so far.
TABLE_PRESETS: Mapping[str, RuleSet] = {r.name: r for r in (THREE, THREE_PACK32, FOUR)}

PRESETS: Mapping[str, RuleSet] = {
    r.name: r
    for r in (
        CLASSIC,
        KURNIK,
        PAGAT,
        SHARPENED,
        PACK32,
        SCHNAPSEN,
        THIRTY_SIX,
        NAMED_TRUMP,
        HEART_ACE,
    )
}


def preset(name: str) -> RuleSet:
    """The named preset; raises ``UnknownPresetError`` listing the valid names."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        if isinstance(name, str) and name in TABLE_PRESETS:
            return TABLE_PRESETS[name]
        raise UnknownPresetError(str(name), tuple(PRESETS)) from None

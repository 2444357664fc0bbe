"""Playing against the computer in words, at a table of two, three or four: the cut, the match
score, how a deal ended, the coach's remark on a move (its grade, what the better move was and
what the difference is worth, in numbers a person can follow), and the question that asks the
learner to count."""

from __future__ import annotations

from tutor.engine import (
    PLAYER_NAMES,
    SEAT_LETTERS,
    Card,
    MatchMode,
    Move,
    Outcome,
    State,
    Suit,
    apply,
    cards_of_mask,
    game_for,
)
from tutor.msgid import N_
from tutor.teach.play import Claim, Deal, Game, Grade, MatchScore, Remark, Trick, positions
from tutor.words.i18n import Translator
from tutor.words.narrate import (
    describe_move,
    describe_trick,
    move_text,
    outcome_words,
    table_remark_text,
)
from tutor.words.phrases import move_phrase, number, sentence
from tutor.words.puzzle_text import line_words
from tutor.words.why_text import tie_text, why_lines

#: The name of each grade, as the coach says it.
GRADE_NAMES: dict[Grade, str] = {
    # TRANSLATORS: the coach's grade of a move that is as good as the best (or nearly).
    Grade.GOOD: N_("Good move"),
    # TRANSLATORS: the coach's grade of a move that gives up a little (chess: "inaccuracy").
    Grade.INACCURACY: N_("Inaccuracy"),
    Grade.MISTAKE: N_("Mistake"),
    # TRANSLATORS: the coach's grade of a move that gives up a lot (chess: "blunder").
    Grade.BLUNDER: N_("Blunder"),
}

#: The opponents' names.
OPPONENT_NAMES: dict[str, str] = {
    "beginner": N_("Beginner"),
    "club": N_("Club player"),
    "expert": N_("Expert"),
}

#: The match modes' names.
MODE_NAMES: dict[MatchMode, str] = {
    MatchMode.GAME_POINTS: N_("To {target} game points"),
    MatchMode.FIVE_DEALS: N_("Five deals, by card points"),
    MatchMode.THOUSAND: N_("First to 1000 card points"),
}


def grade_name(grade: Grade, tr: Translator) -> str:
    return tr._(GRADE_NAMES[grade])


#: Every computer player's name (``tutor.search.PLAYERS``), for the figures of ``tutor bench``.
COMPUTER_NAMES: dict[str, str] = {
    **OPPONENT_NAMES,
    "random": N_("Random player"),
    "greedy": N_("Greedy player"),
    "expert1": N_("First expert"),
    "expert2": N_("Second expert"),
}


def opponent_name(opponent: str, tr: Translator) -> str:
    return tr._(OPPONENT_NAMES[opponent])


def player_name(player: str, tr: Translator) -> str:
    """A computer player's name (its key where it has none)."""
    return tr._(COMPUTER_NAMES[player]) if player in COMPUTER_NAMES else player


def mode_name(mode: MatchMode, target: int, tr: Translator) -> str:
    return tr._(MODE_NAMES[mode], target=target)


def cut_text(cut: tuple[Card, ...], dealer: int, tr: Translator) -> str:
    """The cut for the first dealer, as 000 describes it: the higher card deals."""
    if len(cut) != 2:
        cards = ", ".join(f"{SEAT_LETTERS[s]} {tr.card(c)}" for s, c in enumerate(cut))
        return tr._(
            "The cut: {cards}. The highest card deals: {dealer} deals first.",
            cards=cards,
            dealer=SEAT_LETTERS[dealer],
        )
    a, b = cut
    said = tr._(
        "The cut: A draws {a_card_acc}, B {b_card_acc}. The higher card deals: "
        "{dealer} deals first.",
        a_card=a,
        b_card=b,
        dealer=PLAYER_NAMES[dealer],
    )
    return f"{said} {cut_tie_text(tr)}" if a.rank == b.rank else said


def cut_tie_text(tr: Translator) -> str:
    """Why one of two cards of the same rank is the higher in the cut: the suit decides, in
    the cutting order (``Suit``'s order, 000)."""
    return tr._(
        "Of two cards of the same rank the suit decides: {suits}, from the highest.",
        suits=", ".join(tr.suit(s) for s in Suit),
    )


def match_line(match: MatchScore, tr: Translator) -> str:
    """The match score in the match's own unit, and what it takes to win."""
    mode = match.rules.match_mode
    if len(match.scores) != 2 or match.rules.seats != 2:
        name = game_for(match.rules).side_name
        scores = ", ".join(f"{name(x)} {n}" for x, n in enumerate(match.scores))
        if mode is MatchMode.GAME_POINTS:
            return tr._(
                "Match: {scores} game points (to {target}).", scores=scores, target=match.target
            )
        if mode is MatchMode.FIVE_DEALS:
            return tr._(
                "Match: {scores} card points after {deals} of 5 deals.",
                scores=scores,
                deals=match.deals,
            )
        return tr._("Match: {scores} card points (to 1000).", scores=scores)
    a, b = match.scores
    if mode is MatchMode.GAME_POINTS:
        return tr._(
            "Match: A {a} : B {b} game points (to {target}).", a=a, b=b, target=match.target
        )
    if mode is MatchMode.FIVE_DEALS:
        return tr._(
            "Match: A {a} : B {b} card points after {deals} of 5 deals.",
            a=a,
            b=b,
            deals=match.deals,
        )
    return tr._("Match: A {a} : B {b} card points (to 1000).", a=a, b=b)


def remark_text(remark: Remark, tr: Translator) -> str:
    """The coach on one move: the grade and, unless the move was as good as the best, the
    better move and what the difference is worth (exact, or on average over sampled deals)."""
    head = grade_name(remark.grade, tr)
    played = move_phrase(remark.move, tr)
    if remark.loss <= 0 and remark.tie is None:
        return tr._("{grade}: {move} is the best move here.", grade=head, move=played)
    if remark.grade is Grade.GOOD:  # within the noise of the values: no lesson in it
        said = tr._("{grade}: {move} is as good as the best moves here.", grade=head, move=played)
        if remark.tie is not None:  # but a player gives the other card
            return f"{said} {tie_text(remark.tie, tr)}"
        return said
    if remark.samples:  # at a table of three or four: the samples are named
        said = table_remark_text(remark.move, remark.best, remark.loss, remark.samples, tr)
        if remark.why is not None and remark.why.reasoned:
            reasons = why_lines(remark.why, tr, better_named=False)
            return " ".join((f"{head}.", *reasons, said))
        return f"{head}. {said}"
    if remark.why is not None:
        values = (remark.value, remark.best_value)
        lines = list(why_lines(remark.why, tr, values=values))
        if remark.why.better is None or remark.why.loss <= 0:  # the reasons do not name it
            better = sentence(tr._("{move} was better.", move=move_phrase(remark.best, tr)))
            lines.insert(len(lines) - 1, better)  # before the numbers, which end the remark
        return " ".join((f"{head}.", *lines))
    better = move_phrase(remark.best, tr)
    if remark.exact:
        detail = tr._(
            "{best} was better: with best play it is worth {best_value} game points to you, "
            "{move} {value}: a difference of {loss}.",
            best=better,
            move=played,
            best_value=_signed(remark.best_value, tr),
            value=_signed(remark.value, tr),
            loss=number(remark.loss, tr),
        )
    else:
        detail = tr._(
            "{best} was better: over the deals your opponent may hold it is worth "
            "{best_value} game points to you on average, {move} {value}: a difference of "
            "{loss}.",
            best=better,
            move=played,
            best_value=_signed(remark.best_value, tr),
            value=_signed(remark.value, tr),
            loss=number(remark.loss, tr),
        )
    return f"{head}. {sentence(detail)}"


def _signed(value: float, tr: Translator) -> str:
    """A value in game points for the learner, with its sign (own less the opponent's)."""
    text = number(abs(value), tr)
    if value > 0:
        return "+" + text
    if value < 0:
        return "\u2212" + text
    return text


def count_question(tr: Translator) -> str:
    return tr._("Count: how many points do you have now (card points and marriages)?")


def count_reply(right: bool, have: int, tr: Translator) -> str:
    if right:
        return tr._("Right: you have {n}.", n=have)
    return tr._(
        "Not quite: you have {n}. Count the cards of your tricks and your marriages.", n=have
    )


def deal_heading(game: Game, tr: Translator) -> str:
    """The deal's number and who dealt it."""
    return tr._(
        "Deal {number}: {dealer} dealt.",
        number=game.deal.number,
        dealer=SEAT_LETTERS[game.deal.start.dealer],
    )


def outcome_text(game: Game, outcome: Outcome, tr: Translator) -> str:
    """How a deal ended (as played or given up), who won and what it is worth."""
    return outcome_words(outcome, game.rules, tr)


def happened(game: Game, since: int, tr: Translator) -> list[str]:
    """What the moves of the deal from index ``since`` did, one line each: the move, the trick
    it completed, and the cards drawn after it (with two seats: the learner's named, the
    opponent's unseen unless it was the face-up trump card)."""
    seat = game.table.learner
    state = game.deal.start
    lines: list[str] = []
    if not isinstance(state, State):
        table = state
        for i, move in enumerate(game.deal.moves):
            after = table.apply(move)
            if i >= since:
                lines.append(move_text(table, move, after, tr))
            table = after
        return lines
    for i, move in enumerate(game.deal.moves):
        after = apply(state, move)
        if i >= since:
            words = [describe_move(state, move, tr)]
            if sum(after.tricks) > sum(state.tricks):
                words.append(describe_trick(after, tr))
                words.extend(_draws(state, after, seat, tr))
            lines.append(" ".join(w for w in words if w))
        state = after
    return lines


def _draws(before: State, after: State, seat: int, tr: Translator) -> list[str]:
    out = []
    trump_card = before.trump_card_value
    for p in (after.last_trick[3], 1 - after.last_trick[3]) if after.last_trick else ():
        new = after.hands[p] & ~before.hands[p]
        for card in cards_of_mask(new):
            name = PLAYER_NAMES[p]
            if card == trump_card:
                out.append(
                    tr._("{player} takes the face-up trump card, {card}.", player=name, card=card)
                )
            elif p == seat:
                out.append(tr._("{player} draws {card}.", player=name, card=card))
            else:
                out.append(tr._("{player} draws a card you cannot see.", player=name))
    return out


def trick_line(trick: Trick, tr: Translator) -> str:
    """One trick of the deal: who led what, the answer, who took it and for how much. An
    answer that wins the trick is said so (German "sticht mit", not "gibt zu")."""
    params = {
        "number": trick.number,
        "leader": PLAYER_NAMES[trick.leader],
        "led_card": trick.led,
        "other": PLAYER_NAMES[1 - trick.leader],
        "answer_card": trick.answer,
    }
    if trick.winner != trick.leader:
        return tr.n_(
            "Trick {number}: {leader} leads {led_card}, {other} wins it with {answer_card} "
            "and takes {n} point.",
            "Trick {number}: {leader} leads {led_card}, {other} wins it with {answer_card} "
            "and takes {n} points.",
            trick.points,
            **params,
        )
    return tr.n_(
        "Trick {number}: {leader} leads {led_card}, {other} plays {answer_card}; "
        "{winner} takes {n} point.",
        "Trick {number}: {leader} leads {led_card}, {other} plays {answer_card}; "
        "{winner} takes {n} points.",
        trick.points,
        winner=PLAYER_NAMES[trick.winner],
        **params,
    )


def moment_lines(game: Game, deal: Deal, remark: Remark, tr: Translator) -> tuple[str, ...]:
    """One of the moves that cost the most: the coach's remark and, where every card was
    known, the better line: best play by both from the position, to the deal's end."""
    lines = [remark_text(remark, tr)]
    before = positions(deal)[remark.ply]
    if remark.line and isinstance(before, State):
        lines.append(tr._("Best play from there:"))
        lines.extend(line_words(before, remark.line, tr))
    return tuple(lines)


def claim_text(claim: Claim, tr: Translator) -> str:
    """A claim to 1000 card points and how it came out (000: a miscount loses); the side that
    claims is named by its first seat."""
    who = SEAT_LETTERS[claim.seat]
    if claim.right:
        return tr._(
            "{player} claims 1000 card points and has {total}: {player} wins the match.",
            player=who,
            total=claim.total,
        )
    return tr._(
        "{player} claims 1000 card points but has only {total}: a miscount loses the match.",
        player=who,
        total=claim.total,
    )


def best_move_words(move: Move, tr: Translator) -> str:
    return sentence(move_phrase(move, tr))


__all__ = [
    "COMPUTER_NAMES",
    "GRADE_NAMES",
    "MODE_NAMES",
    "OPPONENT_NAMES",
    "best_move_words",
    "claim_text",
    "count_question",
    "count_reply",
    "cut_text",
    "deal_heading",
    "grade_name",
    "happened",
    "match_line",
    "mode_name",
    "moment_lines",
    "opponent_name",
    "outcome_text",
    "player_name",
    "remark_text",
    "trick_line",
]

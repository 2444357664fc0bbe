"""Hints in words: the four hint levels made from the analysis (``tutor.teach.hints``), the
same ladder for two, three and four seats.

The four levels teach before they tell, each revealing more: 1) the rule in force (at a table
of three or four also who the seat is and its partner, the score and the target, the trick so
far and who is winning it, the duty on the card to play); 2) the
idea, a thought that names no card and no move ("count your sure tricks", "keep the ten
guarded", "the last trick is worth 10 extra points"); 3) the moves worth considering, in the
order of the hand and none marked as the best, with which moves are legal and why the others
are not; 4) the
move, its value (and, when the search budget ran out, what was cut and what was done instead:
``cut_notes``) and the full reasoning: the ideas, the comparison with the alternatives and the
value of every move (at a table: its value for the seat's side, the comparison with the
others, every move's average result over the sampled deals, and how the values were made).

>>> from tutor.formats.positions import load_position
>>> from tutor.words.i18n import get_translator
>>> p = load_position("preset: classic\\nto_move: A\\ntrump: h\\nstock: ''\\n"
...                   "hands: {A: Ah Kc, B: 10h Qs}\\nplayed: 10c Jc 9c Qc Ac Jh Ad 10d Kd Qd Jd "
...                   "9d As 10s Ks Js 9s 9h Kh Qh\\nscores: {A: {points: 56, tricks: 6}, "
...                   "B: {points: 36, tricks: 4}}")
>>> h = hint(p, 4, get_translator("en"))
>>> print(h.parts[1].lines[0])
Count your sure tricks: a card that nothing left can beat wins its trick.
>>> print(h.parts[2].lines[0])
Worth considering: king of clubs, ace of hearts, declaring 66.
>>> print(h.parts[3].lines[0])
Suggested: ace of hearts.
>>> import random
>>> from tutor.engine import deal_table, preset
>>> s = deal_table(preset("four"), random.Random(1))
>>> h = hint(s, 4, get_translator("en"), samples=8)
>>> print(h.parts[0].lines[0])
You are player B; D is your partner.
>>> h.parts[3].lines[0].startswith("Suggested: ")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine import (
    CARDS,
    PLAYER_NAMES,
    Move,
    Play,
    RuleSet,
    State,
    Verdict,
    apply_unchecked,
)
from tutor.formats.positions import Position
from tutor.msgid import N_
from tutor.search import Budget
from tutor.teach.hints import (
    EPS,
    METHOD_SAMPLED,
    METHOD_TABLE_PLAYOUT,
    Analysis,
    MoveValue,
    Situation,
    Subject,
    Thought,
    analyse,
    candidates,
    line_start,
    situation,
    thoughts,
)
from tutor.teach.hints.model import (
    DUTY_ANY,
    DUTY_FOLLOW,
    DUTY_HEAD,
    DUTY_LOWER,
    DUTY_OVER_TRUMP,
    DUTY_TRUMP,
)
from tutor.teach.hints.why import explain
from tutor.words.hint_values import (
    CUT_REASONS,
    cut_notes,
    exact_text,
    method_text,
    playout_values,
    signed,
    value_text,
    values_line,
)
from tutor.words.i18n import Translator
from tutor.words.narrate import describe_move, describe_outcome
from tutor.words.phrases import (
    card_item,
    card_list,
    move_item,
    move_phrase,
    number,
    percent,
    sentence,
)
from tutor.words.reasons import explain_verdict, reason_text, specific_reason
from tutor.words.rule_texts import rule_text
from tutor.words.why_text import chance_group_text, idea_text, tie_text, why_lines

#: Said after the moves worth considering, when there are several: to one opponent, and at a
#: table where the seats are named.
WHICH_IS_BEST = N_("Which of them is best? Think each one through: what can your opponent answer?")
WHICH_IS_BEST_TABLE = N_(
    "Which of them is best? Think each one through: how can the others answer it?"
)
#: Mistakes said once at level 4, however many moves make them (the ways to declare falsely),
#: where the values are the table's sampled playouts.
_SAID_ONCE = {METHOD_TABLE_PLAYOUT: frozenset({"mistake.false_out"})}
#: Values said to this many decimals, with their sign (``signed``), by method.
_SIGNED_DECIMALS = {METHOD_TABLE_PLAYOUT: 2}

HINT_TITLES: dict[int, str] = {
    1: N_("The rule now"),
    2: N_("The idea"),
    3: N_("Moves to consider"),
    4: N_("The move and why"),
}


# ----------------------------------------------------------------------------- level 1


def _who(sit: Situation, tr: Translator) -> str:
    seat = sit.seat_names[sit.player]
    if sit.partner >= 0:
        return tr._(
            "You are player {seat}; {partner} is your partner.",
            seat=seat,
            partner=sit.seat_names[sit.partner],
        )
    return tr._("You are player {seat}; each player plays alone.", seat=seat)


def _stock(sit: Situation, tr: Translator) -> str:
    n = sit.stock_size
    if sit.closed_by == sit.player:
        return tr._("You have closed the stock.")
    if sit.closed_by >= 0:
        return tr._("Your opponent has closed the stock.")
    if sit.stock_open and sit.face_up:
        return tr.n_(
            "The stock is open: {n} card is left to draw, the face-up trump card included.",
            "The stock is open: {n} cards are left to draw, the face-up trump card included.",
            n,
        )
    if sit.stock_open:
        return tr.n_(
            "The stock is open: {n} card is left to draw.",
            "The stock is open: {n} cards are left to draw.",
            n,
        )
    if n:
        return tr.n_(
            "Nobody draws any more: the {n} card left cannot go to every player.",
            "Nobody draws any more: the {n} cards left cannot go to every player.",
            n,
        )
    return tr._("The stock is used up.")


def _score(sit: Situation, tr: Translator) -> str:
    if sit.partner >= 0:
        return tr.n_(
            "Your team has {n} point; {target} are needed to declare.",
            "Your team has {n} points; {target} are needed to declare.",
            sit.score,
            target=sit.target,
        )
    return tr.n_(
        "You have {n} point; {target} are needed to declare.",
        "You have {n} points; {target} are needed to declare.",
        sit.score,
        target=sit.target,
    )


def _trick(sit: Situation, tr: Translator) -> list[str]:
    if sit.leading:
        return [tr._("You are on lead.")]
    if not sit.seat_names:  # one opponent: the card led is the trick
        return [sentence(tr._("{card} has been led; you play to it.", card=CARDS[sit.lead]))]
    names = sit.seat_names
    cards = ", ".join(f"{names[seat]}: {card_item(card, tr)}" for seat, card in sit.trick)
    lines = [tr._("On the table: {cards}.", cards=cards)]
    winner = names[sit.winning]
    if sit.partner_winning:
        lines.append(tr._("Your partner {player} is winning the trick so far.", player=winner))
    else:
        lines.append(tr._("{player} is winning the trick so far.", player=winner))
    if sit.last_to_play:
        lines.append(tr._("You play last to this trick."))
    return lines


def duty_text(sit: Situation, tr: Translator) -> str:
    """The duty on the card to play, said to the seat; "" where the rule alone says it, when
    any card may be played because the stock still serves everyone, or on lead."""
    options = card_list(sit.allowed, tr)
    if sit.duty == DUTY_FOLLOW:
        return tr._("You must follow suit. Allowed: {options}.", options=options)
    if sit.duty == DUTY_LOWER:
        return tr._(
            "You cannot beat {led_card}, but you must still follow suit. Allowed: {options}.",
            led_card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_HEAD:
        return tr._(
            "You must head {led_card}. Allowed: {options}.",
            led_card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_TRUMP:
        return tr._(
            "You have no card of the suit led, so you must trump. Allowed: {options}.",
            options=options,
        )
    if sit.duty == DUTY_OVER_TRUMP:
        return tr._(
            "You have no card of the suit led, and {card} is winning the trick: you must play "
            "a higher trump. Allowed: {options}.",
            card=sit.best_card,
            options=options,
        )
    if sit.duty == DUTY_ANY:
        return tr._("You have neither the suit led nor a trump: any card may be played.")
    return ""


def level_one(sit: Situation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """The rule that applies now, with its source, and what it depends on: where the seats are
    named, who the seat is, the score and the target, the trick so far and the duty."""
    lines = [_who(sit, tr)] if sit.seat_names else []
    lines.append(_stock(sit, tr))
    if sit.seat_names:
        lines.append(_score(sit, tr))
    lines += _trick(sit, tr)
    duty = duty_text(sit, tr)
    if duty:
        lines.append(sentence(duty))
    lines += [rule_text(rid, rules, tr) for rid in sit.rule_ids]
    return tuple(lines)


# Refusals that only say the stock is no longer open; after closing or once the stock is gone
# they are noise in the list of what may not be played.
_OVER_WITH_THE_STOCK = frozenset({"close.stock", "exchange.stock"})


# ----------------------------------------------------------------------------- levels 2 and 3


def thought_text(thought: Thought, tr: Translator) -> str:
    """A thought of the hint ladder in words (it names no card and no move).

    >>> from tutor.words.i18n import get_translator
    >>> from tutor.teach.hints.ideas import GIST_LAST_TRICK
    >>> thought_text(Thought(GIST_LAST_TRICK, (("points", 10),)), get_translator("en"))
    'The last trick is worth 10 extra points.'
    """
    return sentence(tr._(thought.msgid, **dict(thought.params)))


def level_idea(analysis: Analysis, tr: Translator, task: Sequence[Move] = ()) -> tuple[str, ...]:
    """The idea behind the decision (in a task: behind the moves it asks for), said without
    naming the move."""
    return tuple(thought_text(t, tr) for t in thoughts(analysis, task))


def level_candidates(
    analysis: Analysis, rules: RuleSet, tr: Translator, task: Sequence[Move] = ()
) -> tuple[str, ...]:
    """The moves worth considering, none marked as the best (in a task: the best of the moves
    it asks for among them), then which moves are legal and why the others are not."""
    moves = candidates(analysis, task)
    lines = [tr._("Worth considering: {moves}.", moves=", ".join(move_item(m, tr) for m in moves))]
    if len(moves) > 1:
        lines.append(tr._(WHICH_IS_BEST_TABLE if analysis.situation.seat_names else WHICH_IS_BEST))
    return (*lines, *legal_lines(analysis.situation, rules, tr))


def legal_lines(sit: Situation, rules: RuleSet, tr: Translator) -> tuple[str, ...]:
    """Which moves are legal, and why each of the others is not (said to the player). Moves
    refused by the same rules are named together. Where the duty is said apart from the rule
    (at a table), the cards it rules out are refused by the duty and the rule in force."""
    legal = ", ".join(move_item(m, tr) for m in sit.legal)
    lines = [tr._("Legal now: {moves}.", moves=legal)]
    follow_shown = False
    refused: dict[tuple[str, ...], list[Verdict]] = {}
    for v in sit.illegal:
        if isinstance(v.move, Play) and not sit.leading:
            if follow_shown:
                continue  # one duty explains every card it rules out
            follow_shown = True
            cards = card_list((x.move.card for x in sit.illegal if isinstance(x.move, Play)), tr)
            duty = duty_text(sit, tr)
            if duty:
                lines.append(
                    tr._("Not allowed: {cards}. {reason}", cards=cards, reason=sentence(duty))
                )
                lines.append(rule_text(sit.rule_ids[0], rules, tr))
                continue
            lines.append(
                tr._(
                    "Not allowed: {cards}. {reason}",
                    cards=cards,
                    reason=reason_text(v.reasons[0], False, tr, rules, you=True),
                )
            )
            lines.append(rule_text(v.reasons[0].rule_id, rules, tr))
            continue
        if set(v.rule_ids) & _OVER_WITH_THE_STOCK:
            continue  # the stock is closed or gone: closing or exchanging is no question now
        refused.setdefault(v.rule_ids, []).append(v)
    for verdicts in refused.values():
        if len(verdicts) == 1:
            lines.append(explain_verdict(verdicts[0], rules, tr, you=True))
            continue
        parts = [
            tr._("Not allowed: {moves}.", moves=", ".join(move_item(v.move, tr) for v in verdicts))
        ]
        for k, reason in enumerate(verdicts[0].reasons):
            said = {specific_reason(v.reasons[k], False, tr, you=True) for v in verdicts}
            if len(said) == 1 and "" not in said and not sit.duty:
                parts += said
            parts.append(rule_text(reason.rule_id, rules, tr))
        lines.append(" ".join(parts))
    return tuple(lines)


# ----------------------------------------------------------------------------- level 4


def level_three(analysis: Analysis, tr: Translator) -> tuple[str, ...]:
    """The suggested move, its value and how sure the engine is."""
    b = analysis.best
    lines = [
        tr._("Suggested: {move}.", move=move_item(b.move, tr)),
        value_text(analysis, b, tr),
    ]
    if analysis.exact:
        lines.append(exact_text(analysis, tr))
    elif analysis.method == METHOD_SAMPLED:
        lines.append(
            tr._(
                "It was the best move in {k} of the {n} deals you could be facing.",
                k=b.best_count,
                n=b.samples,
            )
        )
    lines += cut_notes(analysis, tr)
    return tuple(lines)


def _compare(analysis: Analysis, move: MoveValue, tr: Translator) -> str:
    """How a move compares with the suggested one, as a sentence."""
    return sentence(_compare_text(analysis, move, tr))


def _compare_text(analysis: Analysis, move: MoveValue, tr: Translator) -> str:
    loss = analysis.best.game_points - move.game_points
    name = move_phrase(move.move, tr)
    decimals = _SIGNED_DECIMALS.get(analysis.method)
    if (loss < EPS) if decimals is None else (round(loss, decimals) <= EPS):
        if move.tie is not None:  # as good in game points, but a player gives the other card
            return tie_text(move.tie, tr)
        return tr._("{move} is just as good.", move=name)
    if analysis.method not in (METHOD_SAMPLED, METHOD_TABLE_PLAYOUT):  # one deal: whole points
        return tr.n_(
            "{move} instead costs {n} game point.",
            "{move} instead costs {n} game points.",
            round(loss),
            move=name,
        )
    return tr._(
        "{move} instead costs {loss} game points on average.", move=name, loss=number(loss, tr)
    )


def _comparisons(analysis: Analysis, tr: Translator) -> list[str]:
    """Each worse move's mistakes against the suggested move; the best alternative always; the
    moves the sampled deals cannot tell from it (``Why.chance``) together, as about as good."""
    lines: list[str] = []
    once = _SAID_ONCE.get(analysis.method, frozenset())
    said: set[str] = set()
    alike: list[Move] = []  # about as good, with nothing else to say: said together
    at = 0
    for k, m in enumerate(analysis.moves[1:]):
        ids = {i.id for i in m.mistakes}
        if m.mistakes and ids <= said & once:
            continue  # another way of declaring falsely: said once is enough
        said |= ids
        why = explain(analysis, m.move)
        if why.chance and why.rule is None:
            at = at if alike else len(lines)
            alike.append(m.move)
            continue
        reasons = why_lines(why, tr, better_named=False)
        if not reasons:
            if k == 0:  # the best alternative is always compared
                lines.append(_compare(analysis, m, tr))
            continue
        # as good in game points, the reasons say why it is not played: no "just as good";
        # about as good (the deals cannot part the two): no cost either
        cost = (_compare(analysis, m, tr),) if why.loss > 0 and not why.chance else ()
        lines.append(" ".join((*reasons, *cost)))
    if alike:
        lines.insert(at, chance_group_text(alike, analysis.samples, tr))
    return lines


def reasoning(analysis: Analysis, state: State | None, tr: Translator) -> tuple[str, ...]:
    """The full reasoning: ideas, the comparison with the alternatives, every move's value."""
    lines = [idea_text(i, tr) for i in analysis.ideas]
    lines += _comparisons(analysis, tr)
    if analysis.method == METHOD_TABLE_PLAYOUT:
        return (*lines, *playout_values(analysis, tr))
    if analysis.exact and state is not None and analysis.best.line:
        lines.append(
            tr._(
                "The best line of play (you are {player}):",
                player=PLAYER_NAMES[analysis.situation.player],
            )
        )
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
        if analysis.method != METHOD_SAMPLED:
            gp = round(m.game_points)
            text = tr.n_(
                "{move}: {value} game point, {card_points} card points",
                "{move}: {value} game points, {card_points} card points",
                abs(gp),
                move=move_item(m.move, tr),
                value=gp,
                card_points=round(m.card_points),
            )
        else:
            text = tr._(
                "{move}: {game_points} game points on average, {card_points} card points, "
                "won in {percent}, best in {k} of {n}",
                move=move_item(m.move, tr),
                game_points=signed(m.game_points, tr, plus=False),
                card_points=number(m.card_points, tr),
                percent=percent(m.win_probability, tr),
                k=m.best_count,
                n=m.samples,
            )
        lines.append("  " + text)
    if analysis.method == METHOD_SAMPLED:
        lines.append(sampled_text(analysis, tr))
    return tuple(lines)


def sampled_text(analysis: Analysis, tr: Translator) -> str:
    """How sampled values of two seats are made."""
    return tr._(
        "The values come from {n} deals that agree with what you can see. In each, the "
        "play is searched exactly from the moment the stock is closed or used up; "
        "before that, both sides play by simple rules of thumb.",
        n=analysis.samples,
    )


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
    position: Position | Subject,
    level: int,
    tr: Translator,
    *,
    samples: int | None = None,
    seed: int | None = None,
    analysis: Analysis | None = None,
    budget: Budget | None = None,
    need: tuple[int, int] | None = None,
    task: Sequence[Move] = (),
) -> Hint:
    """The hint up to ``level`` (1 to 4), for any number of seats. Level 1 needs no search;
    pass ``analysis`` to reuse one already made when revealing the levels one at a time.
    ``samples`` and ``seed`` default to ``analyse``'s for the position. The search stays
    within ``budget`` (by default ``analyse``'s); a cut analysis says so at level 4. ``need``,
    the game points each seat still needs in a match, ranks the moves as the expert does
    there. ``task``, the moves a lesson accepts, leads the idea and the moves to consider to
    them."""
    if not 1 <= level <= 4:
        raise ValueError(f"hint level must be 1 to 4, not {level}")
    subject = position.subject if isinstance(position, Position) else position
    rules = subject.rules
    sit = analysis.situation if analysis is not None else situation(subject)
    parts = [HintPart(1, tr._(HINT_TITLES[1]), level_one(sit, rules, tr))]
    if level >= 2 and analysis is None:
        analysis = analyse(subject, samples=samples, seed=seed, budget=budget, need=need)
    if level >= 2:
        assert analysis is not None
        parts.append(HintPart(2, tr._(HINT_TITLES[2]), level_idea(analysis, tr, task)))
    if level >= 3:
        assert analysis is not None
        parts.append(HintPart(3, tr._(HINT_TITLES[3]), level_candidates(analysis, rules, tr, task)))
    if level >= 4:
        assert analysis is not None
        state = line_start(subject, analysis)
        lines = (*level_three(analysis, tr), *reasoning(analysis, state, tr))
        parts.append(HintPart(4, tr._(HINT_TITLES[4]), lines))
    return Hint(level, tuple(parts), analysis if level >= 2 else None)


__all__ = [
    "CUT_REASONS",
    "HINT_TITLES",
    "WHICH_IS_BEST",
    "WHICH_IS_BEST_TABLE",
    "Hint",
    "HintPart",
    "cut_notes",
    "duty_text",
    "hint",
    "idea_text",
    "legal_lines",
    "level_candidates",
    "level_idea",
    "level_one",
    "level_three",
    "method_text",
    "reasoning",
    "render_analysis",
    "sampled_text",
    "signed",
    "thought_text",
    "value_text",
    "values_line",
]

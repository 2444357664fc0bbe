"""The Play page in words: its labels, and the sentences it shows around the match itself (what
``tutor.words.play_text`` says of the cut, the score, the moves, the coach's remarks and the
deal's end): the choice of the table, the turn's prompt and buttons, the match's result, and the
deal as a lesson file.

>>> from tutor.words.i18n import get_translator
>>> en = get_translator("en")
>>> PlayWords().said(en).next_deal
'Next deal'
>>> tricks_heading(2, en)
"The deal's 2 tricks so far"
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import SEAT_LETTERS, MatchMode, Move, State, Verdict
from tutor.msgid import N_
from tutor.teach.play import TABLE, Game, Result, Turn, deal_lesson, deal_outcome
from tutor.words.app_text import Labels, hint_button
from tutor.words.i18n import Translator
from tutor.words.phrases import choice_label, move_label, waiting_prompt
from tutor.words.play_text import (
    deal_heading,
    match_line,
    mode_name,
    opponent_name,
    outcome_text,
    remark_text,
)
from tutor.words.reasons import explain_verdict


@dataclass(frozen=True)
class PlayWords(Labels):
    """The Play page's labels."""

    page: str = N_("Play")
    title: str = N_("Play 66 against the computer")
    players: str = N_("Players at the table")
    match: str = N_("Match")
    quiet: str = N_("Quiet coach: keep the remarks for the end of the deal")
    hide: str = N_("Hide the points: count them yourself")
    hide_help: str = N_("The coach now and then asks how many points you have.")
    start: str = N_("Start the match")
    new_match: str = N_("New match")
    undo: str = N_("Undo")
    give_up: str = N_("Give up the deal")
    looking: str = N_("The coach is looking at your move…")
    name_trump: str = N_("Your turn: name the trump suit with one of the buttons below.")
    click_card: str = N_("Your turn: click a card on the table to play it.")
    may_name: str = N_(
        "No suit is trumps yet: you may name one with the buttons below, and must "
        "before playing {Ah}."
    )
    mark_legal: str = N_("Mark the cards that may be played")
    claim: str = N_("Claim 1000 card points")
    claim_help: str = N_(
        "Whoever has 1000 card points, counting this deal, may end the match at once. "
        "A miscount loses it."
    )
    your_points: str = N_("Your points")
    check: str = N_("Check")
    replay: str = N_("Replay the deal with both hands open")
    move: str = N_("Move")
    coach: str = N_("The coach")
    nothing_lost: str = N_("No move of yours in this deal gave anything away.")
    download_lesson: str = N_("Download this deal as a lesson")
    download_match: str = N_("Download the match")
    next_deal: str = N_("Next deal")
    declare_anyway: str = N_("Declare anyway")


#: The choice of the table, by kind.
PLAYERS_OPTIONS = {"two": N_("Two"), TABLE: N_("Three or four")}
#: What a match at each kind of table is.
SETUP_INTROS = {
    "two": N_(
        "Play a whole match against the computer. A coach grades each of your moves "
        "against the engine's best and says why, and you may ask for a hint at any time."
    ),
    TABLE: N_(
        "Sixty-six for three players, each for himself, or for four in two teams: you "
        "are A, the computer plays the other seats. A coach remarks on moves that cost "
        "game points, and the hint ladder helps at every move."
    ),
}
#: The match's result for the learner.
RESULTS = {
    Result.WON: N_("You have won the match!"),
    Result.DRAWN: N_("The match is drawn."),
    Result.LOST: N_("The computer has won the match."),
}


def declare_check(target: int, tr: Translator) -> str:
    """Said before a declaration is committed while the learner's side has fewer points than
    the target."""
    return tr._(
        "You have fewer than {target} points: a declaration now loses the deal, and the "
        "other side scores. Declare anyway, or play a card?",
        target=target,
    )


def players_option(kind: str, tr: Translator) -> str:
    """A value of the choice of the table."""
    return tr._(PLAYERS_OPTIONS.get(kind, PLAYERS_OPTIONS["two"]))


def setup_intro(kind: str, tr: Translator) -> str:
    """What a match at the kind of table chosen is."""
    return tr._(SETUP_INTROS.get(kind, SETUP_INTROS["two"]))


def mode_option(mode: str, target: int, tr: Translator) -> str:
    """A value of the choice of the match form (as the widget holds it)."""
    return mode_name(MatchMode(mode), target, tr)


def table_caption(game: Game, preset: str, tr: Translator) -> str:
    """Under the title: the rules (``preset``, the preset's title), the opponent, the match
    score and, at a table of three or four, the seats the computer plays."""
    parts = [preset, opponent_name(game.table.opponent, tr), match_line(game.scored_match, tr)]
    if game.rules.seats > 2:
        others = ", ".join(SEAT_LETTERS[1 : game.rules.seats])
        parts.append(tr._("You are A; the computer plays {seats}.", seats=others))
    return " · ".join(parts)


def turn_prompt(game: Game, turn: Turn, tr: Translator) -> str:
    """What the learner does now: the choice waiting between two turns, naming the trump
    suit, or playing a card."""
    s = game.state
    waiting = waiting_prompt(s, tr) if isinstance(s, State) else ""
    if waiting:
        return waiting
    if turn.must_name:
        return tr._(PlayWords.name_trump)
    return tr._(PlayWords.click_card)


def move_button(game: Game, move: Move, tr: Translator) -> str:
    """The label of a button for a move that is no card on the table."""
    s = game.state
    return choice_label(s, move, tr) if isinstance(s, State) else move_label(move, tr)


def refused_text(verdict: Verdict, game: Game, tr: Translator) -> str:
    """Why a card clicked may not be played now, with its rule and source."""
    return explain_verdict(verdict, game.rules, tr, you=True)


def tricks_heading(n: int, tr: Translator) -> str:
    return tr.n_("The deal's {n} trick so far", "The deal's {n} tricks so far", n)


def result_text(result: Result, tr: Translator) -> str:
    return tr._(RESULTS[result])


def lesson_file(game: Game, tr: Translator) -> str:
    """The deal just played as a lesson file, the coach's remarks as its narration."""
    outcome = deal_outcome(game.deal, game.rules)
    narrations = {r.ply: remark_text(r, tr) for r in game.deal.remarks}
    if outcome is not None and game.deal.moves:
        last = len(game.deal.moves) - 1
        end = outcome_text(game, outcome, tr)
        narrations[last] = f"{narrations.get(last, '')} {end}".strip()
    return deal_lesson(
        game,
        game.deal,
        title=tr._("Deal {number} against the computer", number=game.deal.number),
        summary=match_line(game.scored_match, tr),
        opening=deal_heading(game, tr),
        narrations=narrations,
    )


__all__ = [
    "PLAYERS_OPTIONS",
    "RESULTS",
    "SETUP_INTROS",
    "PlayWords",
    "hint_button",
    "lesson_file",
    "mode_option",
    "move_button",
    "players_option",
    "refused_text",
    "result_text",
    "setup_intro",
    "table_caption",
    "tricks_heading",
    "turn_prompt",
]

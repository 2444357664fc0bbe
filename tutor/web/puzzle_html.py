"""What the puzzle trainer draws beyond the table: a puzzle in the catalogue, the cards on the
table during an attempt, the table and the words at each step of a line (the answers to the
learner's move, a wrong move's refutation with every card face up), a card's picture and label
on its button, a hint under its heading."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from markupsafe import Markup

from tutor.engine import CARDS, Card
from tutor.teach.puzzles import Attempt, Puzzle
from tutor.teach.puzzles.model import TablePuzzle
from tutor.teach.puzzles.replay import Replay, Step
from tutor.web.board import RED_SUITS, BoardOptions, TableCard, board_html
from tutor.web.cardart import card_svg
from tutor.web.html import Md, join, md_bold, md_text, svg_img
from tutor.web.titles import catalogue_card_html
from tutor.words import puzzle_text
from tutor.words.i18n import Translator
from tutor.words.puzzle_page import puzzle_title
from tutor.words.table_puzzle_text import table_goal_words, table_theme_words


def puzzle_card_html(puzzle: Puzzle, tr: Translator, *, solved: bool) -> Markup:
    """A puzzle in the catalogue: its title, its goal, its theme and level."""
    return catalogue_card_html(
        puzzle_title(puzzle, tr),
        puzzle_text.goal_words(puzzle, tr),
        f"{puzzle_text.theme_words(puzzle, tr)} · {puzzle_text.level_words(puzzle.level, tr)}",
        done=tr._("solved") if solved else None,
        gap=".3em",
    )


def table_puzzle_card_html(puzzle: TablePuzzle, tr: Translator, *, solved: bool) -> Markup:
    """A puzzle at a table of three or four in the catalogue, as ``puzzle_card_html``."""
    theme = table_theme_words(puzzle, tr)
    return catalogue_card_html(
        puzzle_title(puzzle, tr),
        table_goal_words(puzzle, tr),
        f"{theme} · {puzzle_text.level_words(puzzle.level, tr)}",
        done=tr._("solved") if solved else None,
        gap=".3em",
    )


def attempt_table(attempt: Attempt) -> tuple[TableCard, ...]:
    """The cards on the table in an attempt: the lead waiting for an answer, or the trick the
    last moves completed (not one the puzzle started with)."""
    s = attempt.state
    if s.lead >= 0:
        lead = s.lead_card
        assert lead is not None
        return (TableCard(s.leader, lead),)
    if attempt.history and s.last_trick not in (None, attempt.puzzle.state.last_trick):
        assert s.last_trick is not None
        leader, led, played, winner = s.last_trick
        return (
            TableCard(leader, CARDS[led], winner == leader),
            TableCard(1 - leader, CARDS[played], winner != leader),
        )
    return ()


def step_table(step: Step) -> tuple[TableCard, ...]:
    """The cards on the table after a step of a line: the trick it completes with the card
    that takes it, or a lead waiting for its answer."""
    if step.trick is not None:
        led, played, leader, taker = step.trick
        return (
            TableCard(leader, led, taker == leader),
            TableCard(1 - leader, played, taker != leader),
        )
    s = step.state
    if s.lead >= 0 and s.lead_card is not None:
        return (TableCard(s.leader, s.lead_card),)
    return ()


def step_board_html(step: Step, tr: Translator, opts: BoardOptions) -> Markup:
    """The table after a step of a line, the cards drawn after its trick marked new."""
    drawn = BoardOptions(
        style=opts.style,
        show=opts.show,
        projector=opts.projector,
        hidden=opts.hidden,
        drawn=step.drawn,
    )
    return board_html(step.state, step_table(step), tr, drawn)


def replay_board_html(replay: Replay, index: int, tr: Translator, opts: BoardOptions) -> Markup:
    """The table of a refutation's replay at ``index`` (0: the deal before the move, then each
    step), every card face up."""
    up = BoardOptions(style=opts.style, show=(True, True), projector=opts.projector)
    if index <= 0 or not replay.steps:
        return board_html(replay.start, (), tr, up)
    return step_board_html(replay.steps[min(index, len(replay.steps)) - 1], tr, up)


def line_panel_html(
    words: Sequence[str],
    tr: Translator,
    *,
    step: int,
    last: int,
    end: Sequence[str] = (),
    kind: str = "replay",
    first: str = "",
) -> Markup:
    """The words beside the table at one step of a line: the counter ("The deal" at 0, else
    "Step 2 of 5", with ``data-{kind}`` the step; ``first`` names step 0 otherwise), what
    happens, and at the end what decides it under "End of the deal"."""
    if step == 0:
        counter = first or tr._("The deal")
    else:
        counter = tr._("Step {step} of {last}", step=step, last=last)
    parts = [
        Markup('<div class="t66-step t66-{}" aria-live="polite">').format(kind),
        Markup('<div class="t66-counter" data-{}="{}">{}</div>').format(kind, step, counter),
    ]
    parts.extend(Markup('<p class="t66-what">{}</p>').format(w) for w in words if w)
    if end:
        parts.append(Markup('<div class="t66-outcome"><h4>{}</h4>').format(tr._("End of the deal")))
        parts.extend(Markup("<p>{}</p>").format(w) for w in end if w)
        parts.append(Markup("</div>"))
    parts.append(Markup("</div>"))
    return join(parts)


def replay_panel_html(replay: Replay, index: int, puzzle: Puzzle, tr: Translator) -> Markup:
    """The words of a refutation's replay at ``index``: at 0 how the hidden cards lie, then each
    step's moves and trick, the step that decides it named, and at the last step what decides
    it, the points each side ends with and the game points."""
    last = len(replay.steps)
    index = max(0, min(index, last))
    if index == 0:
        intro = puzzle_text.replay_intro(replay, puzzle.learner, tr)
        return line_panel_html(intro, tr, step=0, last=last, first=tr._("All cards face up"))
    step = replay.steps[index - 1]
    words = list(puzzle_text.step_words(step, tr))
    end: tuple[str, ...] = ()
    if index == last:
        end = puzzle_text.replay_end(replay, puzzle, tr)
        outcome = step.state.result
        if outcome is not None and words:
            words = words[:-1]  # the deal's end is said under its heading
    d = replay.decider
    if d is not None and d.step == index - 1 and index != last:
        words.append(tr._("This trick decides the deal."))
    return line_panel_html(words, tr, step=index, last=last, end=end)


def card_button_img(card: Card, tr: Translator, *, allowed: bool) -> Markup:
    """A small card above its button, dimmed when it cannot be played; its letters and its
    name (without an article) in ``tr``'s language and pack."""
    label = tr.card(card, "bare")
    svg = card_svg(
        card,
        style=tr.style,
        label=label,
        height=96,
        dimmed=not allowed,
        letter=tr.rank_letter(card.rank),
    )
    return Markup('<div style="text-align:center">{}</div>').format(svg_img(svg, label, ""))


def card_button_label(card: Card, tr: Translator) -> str:
    """A short label for a card's button (Streamlit Markdown) in ``tr``'s language and pack:
    the rank's letter and the suit's sign, red for the red suits, with the French pack; the
    card's name with the German pack, whose suits have no common signs.

    >>> from tutor.words.i18n import get_translator
    >>> card_button_label(Card.parse("Qh"), get_translator("de"))
    ':red[D♥]'
    >>> card_button_label(Card.parse("Jc"), get_translator("pl", "german"))
    'niżnik żołędzia'
    """
    text = tr.card_short(card)
    if tr.style != "french":
        return md_text(text)
    return f":red[{md_text(text)}]" if card.suit in RED_SUITS else md_text(text)


@lru_cache(maxsize=256)
def hint_markdown(attempt: Attempt, level: int, tr: Translator) -> Md:
    """Hint ``level`` for the attempt's position under its heading, as Markdown (the hint,
    which may be the puzzle file's own, shown as written). Kept for the next runs of the page:
    a hint may sample or search, and the page shows its open hints on every run."""
    heading = tr._(puzzle_text.HINT_LEVELS[level])
    return Md(f"{md_bold(heading)}  \n{md_text(puzzle_text.hint(attempt, level, tr))}")


__all__ = [
    "attempt_table",
    "card_button_img",
    "card_button_label",
    "hint_markdown",
    "line_panel_html",
    "puzzle_card_html",
    "replay_board_html",
    "replay_panel_html",
    "step_board_html",
    "step_table",
]

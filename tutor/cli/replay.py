"""``tutor replay FILE``: replay a lesson.

It prints the lesson step by step for a person (translated narration, each move in words, the
scores) or, with ``--json``, one JSON object with the replay's data.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from tutor.cli.command import add_json_option, add_lang_option, print_errors
from tutor.engine import PLAYER_NAMES, Card, RuleSet, State, switch_ids
from tutor.teach.lessons import (
    EventKind,
    Frame,
    Lesson,
    check_lesson,
    replay,
    replay_json,
    runs,
)
from tutor.words import explain
from tutor.words.i18n import Translator


def add_arguments(r: argparse.ArgumentParser) -> None:
    r.add_argument("file", metavar="FILE", help="a lesson file")
    add_lang_option(r)
    add_json_option(r, "print one JSON object")


def run(args: argparse.Namespace, tr: Translator) -> int:
    lesson, errors = check_lesson(args.file)
    if errors or lesson is None:
        print_errors(errors, tr)
        return 1
    frames = replay(lesson)
    if args.json:
        print(json.dumps(replay_json(lesson, frames, tr), ensure_ascii=False, indent=2))
    else:
        print("\n".join(replay_text(lesson, frames, tr)))
    return 0


# ----------------------------------------------------------------------------- text


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _scores(state: State, tr: Translator) -> str:
    return tr._("Score: A {a}, B {b}.", a=state.score(0), b=state.score(1))


def _deal_lines(lesson: Lesson, state: State, tr: Translator) -> list[str]:
    lines = [
        tr._("Rules: {rules}", rules=state.rules.name),
        tr._("Trump card: {card}", card=state.trump_card_value),
    ]
    shows = lesson.shows
    for p in (0, 1):
        hand = state.hand(p)
        named = [c for c in hand if c not in lesson.unnamed]
        hidden = len(hand) - len(named)
        if not shows[p]:
            text = tr.n_("{n} card, face down", "{n} cards, face down", len(hand))
        elif hidden:
            text = (
                _cards(named)
                + " "
                + tr.n_("and {n} card face down", "and {n} cards face down", hidden)
            )
        else:
            text = _cards(named)
        lines.append(tr._("{player}: {cards}", player=PLAYER_NAMES[p], cards=text))
    stock = state.stock_cards
    named_stock = [c for c in stock if c not in lesson.unnamed]
    hidden = len(stock) - len(named_stock)
    text = _cards(named_stock)
    if hidden and text:
        text += " " + tr.n_("and {n} card face down", "and {n} cards face down", hidden)
    elif hidden:
        text = tr.n_("{n} card, face down", "{n} cards, face down", hidden)
    elif not text:
        text = "-"
    lines.append(tr._("Stock, top first: {cards}", cards=text))
    lead = state.leader
    lines.append(tr._("{player} plays first.", player=PLAYER_NAMES[lead]))
    return lines


def _event_lines(frame: Frame, tr: Translator) -> list[str]:
    out: list[str] = []
    draws = [e for e in frame.events if e.kind is EventKind.DREW]
    if draws:
        out.append(
            " ".join(
                tr._("{player} draws {card}.", player=PLAYER_NAMES[e.player or 0], card=e.cards[0])
                for e in draws
            )
        )
    for e in frame.events:
        if e.kind is EventKind.MELD_CREDITED:
            out.append(
                tr._(
                    "{player}'s marriage now counts: {points} points.",
                    player=PLAYER_NAMES[e.player or 0],
                    points=e.points,
                )
            )
        elif e.kind is EventKind.LAST_TRICK:
            out.append(
                tr._(
                    "{player} takes the last trick and gets {points} extra points.",
                    player=PLAYER_NAMES[e.player or 0],
                    points=e.points,
                )
            )
        elif e.kind is EventKind.STOCK_EMPTY:
            out.append(tr._("The stock is used up: from now on the strict rules apply."))
        elif e.kind is EventKind.MATCH and e.scores is not None:
            out.append(tr._("Match score: A {a}, B {b}.", a=e.scores[0], b=e.scores[1]))
            if e.player is not None:
                out.append(tr._("{player} wins the match.", player=PLAYER_NAMES[e.player]))
    return out


def rule_line(rule_id: str, rules: RuleSet, tr: Translator) -> str:
    """A rule in words with its source: the engine's rules as the explanation module says
    them, a rule switch as its name and value under ``rules``; "" for the scoring rules,
    which the outcome of the deal explains."""
    try:
        return explain.rule_text(rule_id, rules, tr)
    except KeyError:
        pass
    if rule_id not in switch_ids():
        return ""
    sw = rules.switch(rule_id)
    return tr._(
        "{name}: {value}. Source: {source}.",
        name=explain.switch_name(rule_id, tr),
        value=explain.switch_value_text(sw, tr),
        source=explain.source_label(sw.source, tr),
    )


def replay_text(lesson: Lesson, frames: Sequence[Frame], tr: Translator) -> list[str]:
    """The replay as lines of text for a person."""
    lines = [
        tr._(lesson.title),
        tr._("Level {level}", level=lesson.level) + " - " + tr._(lesson.summary),
    ]
    all_runs = runs(frames)
    for run in all_runs:
        for i, frame in enumerate(run):
            lines.append("")
            if frame.step == 0:
                head = tr._("The deal")
                if len(all_runs) > 1:
                    head = tr._("The deal, under the {rules} rules", rules=frame.preset)
                lines.append(f"== {head} ==")
                lines.extend("  " + x for x in _deal_lines(lesson, frame.state, tr))
            else:
                lines.append("-- " + tr._("Step {step}", step=frame.step) + " --")
                before = run[i - 1].state
                if frame.move is not None:
                    lines.append("  " + explain.describe_move(before, frame.move, tr))
                    if len(frame.table) == 2:
                        lines.append("  " + explain.describe_trick(frame.state, tr))
                    lines.extend("  " + x for x in _event_lines(frame, tr))
            if frame.narration:
                lines.append("  > " + tr._(frame.narration))
            for rid in frame.rule_ids:
                text = rule_line(rid, frame.state.rules, tr)
                if text:
                    lines.append("  * " + text)
            if frame.move is not None:
                lines.append("  " + _scores(frame.state, tr))
            result = frame.state.result
            if result is not None and frame.move is not None:
                lines.append("  " + explain.describe_outcome(result, frame.state.rules, tr))
    return lines


__all__ = ["add_arguments", "replay_json", "replay_text", "rule_line", "run"]

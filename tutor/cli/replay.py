"""``tutor validate PATH...`` and ``tutor replay FILE``: check lesson files, replay a lesson.

``validate`` takes files and folders; it prints one line when every lesson is valid (exit 0)
and otherwise every problem with its file, line and column (exit 1).

``replay`` prints a lesson step by step for a person (translated narration, each move in
words, the scores) or, with ``--json``, one JSON object with the replay's data.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from tutor.engine import PLAYER_NAMES, Card, RuleSet, State, switch_ids
from tutor.teach import puzzles
from tutor.teach.lessons import (
    EventKind,
    Frame,
    Lesson,
    LessonError,
    check_lesson,
    replay,
    replay_json,
    runs,
    validate_paths,
)
from tutor.words import explain
from tutor.words.i18n import Translator


def register(sub: Any) -> None:
    v: argparse.ArgumentParser = sub.add_parser(
        "validate", help="check lesson files and folders of lessons against the rules engine"
    )
    v.add_argument("paths", nargs="+", metavar="PATH", help="lesson files or folders")
    v.add_argument("--lang", default="en", help="language of the messages: de, pl or en")
    v.set_defaults(func=run_validate)
    r: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a lesson step by step, or print it as JSON"
    )
    r.add_argument("file", metavar="FILE", help="a lesson file")
    r.add_argument("--lang", default="en", help="language: de, pl or en")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.set_defaults(func=run_replay)


def _print_errors(errors: Sequence[LessonError], tr: Translator) -> None:
    for err in errors:
        print(err.render(tr))
    print(tr.n_("{n} problem found.", "{n} problems found.", len(errors)))


def run_validate(args: argparse.Namespace, tr: Translator) -> int:
    puzzle_paths, lesson_paths = puzzles.split_paths(args.paths)
    lessons, errors = validate_paths(lesson_paths) if lesson_paths else ([], [])
    found, puzzle_errors = puzzles.validate_paths(puzzle_paths)
    errors = [*errors, *puzzle_errors]
    if errors:
        _print_errors(errors, tr)
        return 1
    if not lessons and not found:
        print(tr._("No lesson files found in {paths}.", paths=", ".join(args.paths)))
        return 1
    if lessons:
        print(tr.n_("{n} lesson is valid.", "{n} lessons are valid.", len(lessons)))
    if found:
        print(tr.n_("{n} puzzle is valid.", "{n} puzzles are valid.", len(found)))
    return 0


def run_replay(args: argparse.Namespace, tr: Translator) -> int:
    lesson, errors = check_lesson(args.file)
    if errors or lesson is None:
        _print_errors(errors, tr)
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


__all__ = ["register", "replay_json", "replay_text", "rule_line", "run_replay", "run_validate"]

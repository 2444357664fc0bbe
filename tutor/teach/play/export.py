"""A played deal as a lesson file: the deal as dealt, every move, the coach's remarks as
narration. ``tutor validate`` accepts it and the Learn page opens it; a teacher can download it
and edit it.

The remarks come in already written (``tutor.words.play_text``): nothing is said here.
"""

from __future__ import annotations

from collections.abc import Mapping

import yaml

from tutor.engine import CARDS, PLAYER_NAMES, Move, State, cards_of_mask
from tutor.teach.play.game import Deal, Game

#: The lesson level of an exported deal (a whole deal with remarks is for learners who play).
EXPORT_LEVEL = 2


def lesson_id(game: Game, deal: Deal) -> str:
    """A lesson id for a played deal: ``played-<seed>-<deal>``."""
    return f"played-{game.table.seed}-{deal.number}"


def deal_lesson(
    game: Game,
    deal: Deal,
    *,
    title: str,
    summary: str,
    opening: str,
    narrations: Mapping[int, str],
) -> str:
    """The lesson file (YAML text) of ``deal`` of ``game``: the rules as played, the hands as
    dealt (both face up), the trump card and the stock in order, and each move with the
    narration given for its index in ``narrations`` (the coach's remark, if any). A deal of
    two seats only (the lesson files for three and four have their own form): ``ValueError``
    for another."""
    start = deal.start
    if not isinstance(start, State):
        raise ValueError("a deal of two seats is exported as a lesson")
    hands = {
        PLAYER_NAMES[p]: " ".join(str(c) for c in cards_of_mask(start.hands[p])) for p in (0, 1)
    }
    deal_node: dict[str, object] = {"hands": hands}
    if start.trump_card >= 0:  # where the rules name trumps no card is turned up
        deal_node["trump"] = str(CARDS[start.trump_card])
    deal_node["stock"] = " ".join(str(CARDS[i]) for i in start.stock)
    deal_node["dealer"] = PLAYER_NAMES[start.dealer]
    if opening:
        deal_node["narration"] = opening
    steps = [_step(move, narrations.get(i, "")) for i, move in enumerate(deal.moves)]
    data = {
        "id": lesson_id(game, deal),
        "title": title,
        "level": EXPORT_LEVEL,
        "summary": summary,
        "rules": game.table.rules_spec,
        "show": "both",
        "deal": deal_node,
        "steps": steps,
    }
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=96)


def _step(move: Move, narration: str) -> dict[str, str]:
    step = {"move": str(move)}
    if narration:
        step["narration"] = narration
    return step


__all__ = ["EXPORT_LEVEL", "deal_lesson", "lesson_id"]

"""Watching a deal without Streamlit (``tutor.teach.table_watch``) and its words
(``tutor.words.rules_page``): the same moves for the same seed, the hint ladder reset by each
move, a new deal with the next seed, the deal played to its end."""

from __future__ import annotations

import pytest

from tutor.engine import SEAT_NAMES, game_for, parse_rules
from tutor.teach.table_watch import FIRST_PRESET, HINT_LEVELS, WATCH_PRESETS, Watch, new_watch
from tutor.words import rules_page as rw
from tutor.words.i18n import get_translator

EN = get_translator("en")


@pytest.mark.parametrize("preset", WATCH_PRESETS)
def test_a_watched_deal_is_played_to_its_end_the_same_for_the_same_seed(preset: str) -> None:
    first = new_watch(preset, 3)
    seats = game_for(parse_rules(preset)).seats
    assert first.deal.seats == seats and first.ply == 0 and first.last is None
    assert first.deal.dealer == 3 % seats
    assert rw.watch_move_text(first, EN) is None and rw.watch_outcome_text(first, EN) is None
    watch, again = first, new_watch(preset, 3)
    assert again == first
    while not watch.over:
        after = watch.next_move()
        before, move, now = after.last or (None, None, None)
        assert before == watch.deal and now == after.deal and move in watch.deal.legal_moves()
        assert after.ply == watch.ply + 1
        said = rw.watch_move_text(after, EN)
        assert said and SEAT_NAMES[watch.deal.to_move] in said
        watch, again = after, again.next_move()
        assert again == watch
    assert watch.next_move() is watch  # over: nothing more happens
    outcome = rw.watch_outcome_text(watch, EN)
    assert outcome and "Scores:" in outcome


def test_the_hint_ladder_climbs_to_four_and_starts_again_after_a_move() -> None:
    watch = new_watch(FIRST_PRESET, 1)
    assert watch.hints == 0
    for level in range(1, HINT_LEVELS + 2):
        watch = watch.more_hint()
        assert watch.hints == min(level, HINT_LEVELS)
    assert watch.next_move().hints == 0
    assert rw.watch_hint_help(watch, EN) == (
        f"A hint for player {SEAT_NAMES[watch.deal.to_move]}, who is to play."
    )


def test_a_new_deal_takes_the_next_seed_and_may_change_the_rules() -> None:
    watch = new_watch("four", 1).next_move().more_hint()
    fresh = watch.next_deal()
    assert fresh == new_watch("four", 2) and fresh.ply == 0 and fresh.hints == 0
    other = watch.next_deal("three")
    assert other.preset == "three" and other.deal.seats == 3 and other.seed == 2


@pytest.mark.parametrize("hands", [True, False])
def test_every_hand_or_only_the_seat_to_move(hands: bool) -> None:
    watch: Watch = new_watch("four", 1)
    shown = watch.shown(hands)
    assert len(shown) == 4
    assert shown == tuple(hands or seat == watch.deal.to_move for seat in range(4))
    assert shown.count(True) == (4 if hands else 1)


def test_the_two_player_game_is_not_watched_here() -> None:
    assert "classic" not in WATCH_PRESETS
    with pytest.raises(ValueError, match="at a table only"):
        new_watch("classic", 1)

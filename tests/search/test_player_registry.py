"""The registry of computer players: each plays legal moves over the game interface at every
seat count it declares, and is refused, in words, at any other."""

from __future__ import annotations

import random

import pytest

from tutor.cli import main as cli
from tutor.engine import PRESETS, TABLE_PRESETS, Deal, game_for, preset
from tutor.search import PLAYERS, SeatsError, duel, play_deal, player_at, players_at
from tutor.words.i18n import get_translator
from tutor.words.switches import preset_name

ALL_PRESETS = sorted(PRESETS) + sorted(TABLE_PRESETS)
SLOW = {"expert", "expert1", "expert2"}
SEAT_COUNTS = sorted({preset(name).seats for name in ALL_PRESETS})


def _positions(name: str, deals: int) -> list[Deal]:
    """Positions with a seat to move from ``deals`` random deals under preset ``name``, played
    through the interface by the random player, a few from each deal."""
    game = game_for(preset(name))
    rng = random.Random(name)
    chosen: list[Deal] = []
    for _ in range(deals):
        deal = game.new_deal(rng)
        line = [deal]
        while deal.result is None:
            deal = deal.apply(PLAYERS["random"](deal, rng))
            line.append(deal)
        chosen += [d for d in line[:: max(1, len(line) // 3)] if d.result is None]
    return chosen


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_every_player_plays_a_legal_move_at_every_table_it_declares(name: str) -> None:
    seats = preset(name).seats
    rng = random.Random(1)
    players = players_at(seats)
    assert players and all(seats in PLAYERS[p].seats for p in players)
    for player in players:
        positions = _positions(name, 1 if player in SLOW else 3)
        for deal in positions[:1] if player in SLOW else positions:
            move = PLAYERS[player](deal, rng)
            assert move in deal.legal_moves(), (player, name, move)
            assert deal.check(move).legal


def test_the_seat_counts_are_data_of_each_player() -> None:
    assert {name: p.seats for name, p in PLAYERS.items()} == {
        "random": (2, 3, 4),
        "greedy": (2,),
        "beginner": (2,),
        "club": (2, 3, 4),
        "expert": (2, 3, 4),
        "expert1": (2,),
        "expert2": (2,),
    }
    for seats in SEAT_COUNTS:
        assert players_at(seats) == tuple(n for n in PLAYERS if seats in PLAYERS[n].seats)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_player_is_refused_at_a_table_it_does_not_play(name: str) -> None:
    for table in ALL_PRESETS:
        deal = game_for(preset(table)).new_deal(random.Random(0))
        if deal.seats in PLAYERS[name].seats:
            continue
        with pytest.raises(SeatsError) as err:
            PLAYERS[name](deal, random.Random(0))
        assert (err.value.name, err.value.seats) == (name, deal.seats)
        with pytest.raises(SeatsError):
            player_at(name, deal.seats)


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_command_refuses_such_a_player_in_words(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["selfplay", "--rules", "four", "--players", "club,greedy", "--lang", lang]
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert "'greedy'" in err or "„greedy" in err
    assert preset_name("four", get_translator(lang)) in err
    assert ", ".join(players_at(4)) in err
    if lang != "en":
        assert "does not play" not in err


def test_one_loop_plays_a_deal_at_every_table() -> None:
    """The same loop plays every seat count: the deal ends, every seat played, and the same
    generator plays the same deal again."""
    for name in ALL_PRESETS:
        game = game_for(preset(name))
        seated = [PLAYERS["club"]] * game.seats
        ends = [play_deal(game.new_deal(random.Random(4)), seated, random.Random(5)) for _ in "ab"]
        assert ends[0].result is not None and ends[0].result == ends[1].result
        assert len(ends[0].result.game_points) == game.sides


def test_a_duel_plays_two_seats_too() -> None:
    a = duel("classic", "club", "random", 40, 3)
    b = duel("classic", "club", "random", 40, 3)
    assert {**a, "games_per_second": 0} == {**b, "games_per_second": 0}
    assert a["first_wins"] + a["draws"] + a["other_wins"] == 40
    assert a["head_to_head_ahead"] == a["first_wins"]  # one other side: ahead means won
    assert a["same_cards_better"] > a["same_cards_worse"]  # club beats random in its seat

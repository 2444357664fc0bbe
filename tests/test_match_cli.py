"""``tutor match``: whole matches between two computer players, played by the Play page's own
steps (tutor.teach.play.play_match): the same seed gives the same result with any number of
processes, each match form ends as it should, the cut names the first dealer and the preset the
next, the seats alternate, and bad input is refused in the user's language before any play."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from tutor.cli import match as match_cmd
from tutor.cli.main import main
from tutor.engine import NextDealer, cut_winner, legal_moves
from tutor.teach.play import (
    Game,
    NotYourTurn,
    Table,
    deal_outcome,
    dump_game,
    learner_move,
    match_table,
    play_match,
    play_matches,
    report,
    start,
    tally,
)
from tutor.words.i18n import get_translator

PAIR = ("club", "random")

KEYS = {
    "rules",
    "mode",
    "target",
    "players",
    "seats",
    "seed",
    "matches",
    "wins",
    "draws",
    "wins_by_seat",
    "deals",
    "deals_per_match",
    "game_points",
    "card_points",
    "claims",
    "claims_lost",
}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["match", *argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    data: dict[str, Any] = json.loads(out)
    return data


def matches(spec: str, players: tuple[str, str] = ("club", "random"), n: int = 6) -> list[Game]:
    return [play_match(match_table(spec, players, 3, i)) for i in range(n)]


# ----------------------------------------------------------------------------- the same seed


def test_the_same_seed_gives_the_same_json_with_one_or_two_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--rules", "kurnik", "--players", "club,random", "--matches", "8", "--seed", "5")
    one = run_json(capsys, *argv)
    again = run_json(capsys, *argv)
    two = run_json(capsys, *argv, "--jobs", "2")
    assert one == again == two
    assert set(one) == KEYS
    assert one["players"] == ["club", "random"] and one["seats"] == "alternate"
    assert one["rules"] == "kurnik" and one["mode"] == "game_points" and one["target"] == 7
    assert one["matches"] == 8 and sum(one["wins"]) + one["draws"] == 8
    assert sum(one["wins_by_seat"].values()) + one["draws"] == 8
    assert one["deals_per_match"] == round(one["deals"] / 8, 2)


def test_another_seed_gives_other_matches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--rules", "classic", "--players", "club,club", "--matches", "6")
    a = run_json(capsys, *argv, "--seed", "1")
    b = run_json(capsys, *argv, "--seed", "2")
    assert a["seed"] == 1 and b["seed"] == 2
    a.pop("seed"), b.pop("seed")
    assert a != b


def test_the_seats_alternate_from_match_to_match() -> None:
    tables = [match_table("classic", ("club", "random"), 9, i) for i in range(4)]
    assert [t.player(0) for t in tables] == ["club", "random", "club", "random"]
    assert [t.player(1) for t in tables] == ["random", "club", "random", "club"]
    assert len({t.seed for t in tables}) == 4
    # Player one's wins are counted for player one at either seat.
    games = [play_match(t) for t in tables]
    total = play_matches("classic", ("club", "random"), 4, 9)
    assert total == sum((tally(g) for g in games[1:]), tally(games[0]))
    assert total.wins[0] == sum(g.winner == g.table.learner for g in games)
    assert total.wins_by_side[0] == sum(g.winner == 0 for g in games)


# ----------------------------------------------------------------------------- the match forms


def test_a_match_to_game_points_ends_with_a_player_at_the_target() -> None:
    for game in matches("classic") + matches("kurnik(match.target=3)"):
        m = game.scored_match
        assert game.over and game.claim is None
        assert m.winner is not None and game.winner == m.winner
        assert m.scores[m.winner] >= m.target > m.scores[1 - m.winner] - 1
        assert m.deals == len(game.past) + 1 == tally(game).deals


def test_five_deals_are_exactly_five_deals() -> None:
    games = matches("classic(match.mode=five_deals)")
    for game in games:
        assert len(game.past) + 1 == 5 == game.scored_match.deals
        m = game.scored_match
        assert game.winner == m.winner
        assert (m.winner is None) == (m.scores[0] == m.scores[1])
    t = sum((tally(g) for g in games[1:]), tally(games[0]))
    assert t.deals == 5 * len(games) and t.deals_per_match == 5


def test_a_match_to_1000_ends_with_a_right_claim_or_at_1000() -> None:
    games = matches("classic(match.mode=thousand)", ("club", "club"), 8)
    claimed = [g for g in games if g.claim is not None]
    assert claimed  # the computer claims as soon as its running total reaches 1000
    for game in claimed:
        c = game.claim
        assert c is not None and c.right and c.total >= 1000
        assert game.running_total(c.seat) == c.total and game.winner == c.seat
        assert game.running_total(1 - c.seat) < 1000
        t = tally(game)
        assert sum(t.claims) == 1 and t.claims_lost == (0, 0)
        one = game.table.learner
        assert t.claims[0 if c.seat == one else 1] == 1
    # A deal's last trick may carry a player past 1000: the score decides then, no claim.
    for game in games:
        if game.claim is None:
            m = game.scored_match
            assert m.winner is not None and m.scores[m.winner] >= 1000


# ----------------------------------------------------------------------------- the dealers


def dealers(game: Game) -> list[int]:
    return [d.start.dealer for d in (*game.past, game.deal)]


def test_the_cut_names_the_first_dealer() -> None:
    for i in range(6):
        table = match_table("classic", ("club", "random"), 4, i)
        game = play_match(table)
        assert game.cut == start(table).cut
        assert dealers(game)[0] == cut_winner(*game.cut)


def test_under_classic_the_winner_of_a_deal_deals_the_next() -> None:
    games = matches("classic")
    assert games[0].rules.next_dealer is NextDealer.WINNER
    for game in games:
        deals = (*game.past, game.deal)
        for before, after in pairwise(deals):
            outcome = deal_outcome(before, game.rules)
            assert outcome is not None
            want = before.start.dealer if outcome.winner is None else outcome.winner
            assert after.start.dealer == want


def test_under_kurnik_the_deal_passes_in_turn() -> None:
    games = matches("kurnik")
    assert games[0].rules.next_dealer is NextDealer.ALTERNATE
    for game in games:
        seq = dealers(game)
        assert seq == [(seq[0] + k) % 2 for k in range(len(seq))]
        assert len(seq) > 1


# ----------------------------------------------------------------------------- the page's table


def test_a_stand_in_plays_the_learners_seat_and_the_learner_cannot() -> None:
    table = Table("classic", opponent="random", seed=2, learner=1, stand_in="club")
    assert table.player(1) == "club" and table.player(0) == "random"
    game = start(table)
    assert not game.learners_turn
    with pytest.raises(NotYourTurn):
        learner_move(game, legal_moves(game.state)[0])
    with pytest.raises(ValueError):
        play_match(Table("classic", opponent="club"))  # a learner at the table
    with pytest.raises(ValueError):
        Table("classic", opponent="random")  # the page offers no random opponent
    with pytest.raises(ValueError):
        Table("classic", opponent="club", stand_in="nobody")
    with pytest.raises(ValueError):  # the browser keeps only the learner's matches
        dump_game(play_match(table))


# ----------------------------------------------------------------------------- the command


@pytest.mark.parametrize(
    ("argv", "de", "pl"),
    [
        (["--rules", "nope"], "nope", "nope"),
        (["--players", "club,nobody"], "unbekannter Spieler „nobody“", "nieznany gracz „nobody”"),
        (["--players", "club"], "durch ein Komma getrennte Namen", "oddzielonych przecinkiem"),
        (["--matches", "0"], "--matches muss eine ganze Zahl von 1 bis 10000", "--matches musi"),
        (["--matches", "10001"], "nicht 10001", "10001"),
        (["--players", "expert,club", "--matches", "101"], "höchstens 100", "najwyżej 100"),
        (["--seed", "-1"], "--seed muss eine ganze Zahl", "--seed musi być liczbą"),
        (["--jobs", "0"], "--jobs muss eine ganze Zahl von 1 bis 64", "--jobs musi"),
    ],
)
def test_bad_input_is_refused_in_german_and_polish_before_any_match(
    argv: list[str],
    de: str,
    pl: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def never(*args: object) -> None:
        raise AssertionError("a match was played")

    monkeypatch.setattr(match_cmd, "play_matches", never)
    for lang, words in (("de", de), ("pl", pl)):
        assert main(["match", *argv, "--lang", lang]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert words in captured.err, captured.err
        assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["4 Partien nach", "Bis 7 Siegpunkte", "Spieler auf A", "Augen gemeldet"]),
        ("pl", ["4 partie według", "Do 7 punktów za rozdania", "gracz na A", "Zgłoszenia"]),
        ("en", ["4 matches under", "To 7 game points", "player at A", "Claims to 1000"]),
    ],
)
def test_the_summary_is_in_the_users_language(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    tr = get_translator(lang)
    result = report("classic", ("club", "random"), 1, play_matches("classic", PAIR, 4, 1))
    text = match_cmd.summary(result, tr)
    thousand = {**result, "mode": "thousand", "target": 1000}
    text += "\n" + match_cmd.summary(thousand, tr)
    for w in words:
        assert w in text, text
    # the rules by the preset's name, not its id
    assert tr.p_("rules preset", "Classic") in text and "classic" not in text
    # and the command prints it
    assert main(["match", "--matches", "2", "--lang", lang]) == 0
    assert capsys.readouterr().out.count("\n") == 4


@pytest.mark.slow
def test_the_expert_plays_a_short_match(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "--rules", "classic(match.target=1)", "--players", "expert,club", "--matches", "2"
    )
    assert data["matches"] == 2 and sum(data["wins"]) + data["draws"] == 2


@pytest.mark.parametrize(
    ("n", "pl", "de"),
    [
        (1, "1 partia", "1 Partie "),
        (2, "2 partie", "2 Partien"),
        (5, "5 partii", "5 Partien"),
        (12, "12 partii", "12 Partien"),
        (22, "22 partie", "22 Partien"),
        (25, "25 partii", "25 Partien"),
    ],
)
def test_the_number_of_matches_takes_its_plural_form(n: int, pl: str, de: str) -> None:
    result = {**report("classic", PAIR, 1, play_matches("classic", PAIR, 1, 1)), "matches": n}
    assert match_cmd.summary(result, get_translator("pl")).startswith(pl)
    assert match_cmd.summary(result, get_translator("de")).startswith(de)

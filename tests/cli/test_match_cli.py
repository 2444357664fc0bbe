"""``tutor match``: whole matches between two computer players, played by the Play page's own
steps (tutor.teach.play.play_match), at a table of two, three or four: the same seed gives the
same result with any number of processes, each match form ends as it should, the cut names the
first dealer and the preset the next, the seats alternate (at a table player one's side moves
round), the tally adds up, and bad input is refused in the user's language before any play."""

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
    MatchScore,
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
from tutor.teach.play.matches import match_seed
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


#: At a table of three or four ``wins_by_side`` (each side's wins, in side order) stands for
#: ``wins_by_seat``.
TABLE_KEYS = KEYS - {"wins_by_seat"} | {"wins_by_side"}


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


def test_with_two_seats_the_matches_are_those_of_the_learners_seat_alternating(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The matches of a plain table with the stand-in in the learner's seat, A and B in turn,
    # counted here on their own: the JSON keeps its two-seat keys and figures.
    argv = ("--rules", "schnapsen", "--players", "club,random", "--matches", "6", "--seed", "3")
    data = run_json(capsys, *argv)
    games = [
        play_match(
            Table(
                "schnapsen",
                opponent="random",
                seed=match_seed(3, i),
                learner=i % 2,
                stand_in="club",
            )
        )
        for i in range(6)
    ]
    one = [g.winner == i % 2 for i, g in enumerate(games)]
    assert set(data) == KEYS and data["seats"] == "alternate"
    assert data["wins"] == [sum(one), sum(g.winner == 1 - i % 2 for i, g in enumerate(games))]
    assert data["wins_by_seat"] == {
        "A": sum(g.winner == 0 for g in games),
        "B": sum(g.winner == 1 for g in games),
    }
    assert data["deals"] == sum(len(g.past) + 1 for g in games)
    scores = [g.scored_match.scores for g in games]
    assert data["game_points"] == [
        sum(sc[i % 2] for i, sc in enumerate(scores)),
        sum(sc[1 - i % 2] for i, sc in enumerate(scores)),
    ]


# ----------------------------------------------------------------------------- the tables


@pytest.mark.parametrize("spec", ["three", "four"])
def test_a_table_run_is_the_same_for_the_same_seed_with_any_jobs(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("--rules", spec, "--players", "club,random", "--matches", "7", "--seed", "4")
    one = run_json(capsys, *argv)
    two = run_json(capsys, *argv, "--jobs", "2")
    three = run_json(capsys, *argv, "--jobs", "3")
    assert one == two == three
    assert set(one) == TABLE_KEYS and one["seats"] == "rotate" and one["rules"] == spec
    sides = 3 if spec == "three" else 2
    assert len(one["wins_by_side"]) == sides
    assert sum(one["wins"]) + one["draws"] == 7 == sum(one["wins_by_side"]) + one["draws"]
    other = run_json(capsys, *argv[:-1], "5")
    assert {**other, "seed": 4} != one


def test_at_three_seats_player_one_moves_round_and_player_two_takes_the_others() -> None:
    tables = [match_table("three", ("club", "random"), 9, i) for i in range(6)]
    seats = [[t.player(s) for s in range(3)] for t in tables]
    assert seats[:3] == [
        ["club", "random", "random"],
        ["random", "club", "random"],
        ["random", "random", "club"],
    ]
    assert seats[3:] == seats[:3] and len({t.seed for t in tables}) == 6
    games = [play_match(t) for t in tables]
    total = play_matches("three", ("club", "random"), 6, 9)
    assert total == sum((tally(g) for g in games[1:]), tally(games[0]))
    mine = [g.winner == i % 3 for i, g in enumerate(games)]
    assert total.wins == (
        sum(mine),
        sum(g.winner is not None and not m for g, m in zip(games, mine, strict=True)),
    )
    assert total.wins_by_side == tuple(sum(g.winner == x for g in games) for x in range(3))


def test_at_four_seats_player_one_takes_a_team_in_turn() -> None:
    tables = [match_table("four", ("club", "random"), 9, i) for i in range(4)]
    assert [t.one for t in tables] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    assert [[t.player(s) for s in range(4)] for t in tables[:2]] == [
        ["club", "random", "club", "random"],
        ["random", "club", "random", "club"],
    ]
    games = [play_match(t) for t in tables]
    total = sum((tally(g) for g in games[1:]), tally(games[0]))
    assert total.wins[0] == sum(g.winner == i % 2 for i, g in enumerate(games))
    assert total.wins_by_side == (
        sum(g.winner == 0 for g in games),
        sum(g.winner == 1 for g in games),
    )


@pytest.mark.parametrize("spec", ["three", "three_pack32", "four"])
def test_the_tally_of_a_table_match_adds_up(spec: str) -> None:
    for i in range(4):
        game = play_match(match_table(spec, ("club", "random"), 2, i))
        t = tally(game)
        side = i % game.rules.sides
        m: MatchScore = game.scored_match  # the match score counts the game points
        assert t.game_points == (m.scores[side], sum(m.scores) - m.scores[side])
        assert t.wins == ((1, 0) if game.winner == side else (0, 1))
        assert t.draws == 0 and sum(t.wins_by_side) == 1
        assert t.wins_by_side[game.winner if game.winner is not None else 0] == 1
        assert t.deals == m.deals == len(game.past) + 1
        results = [d.now.result for d in (*game.past, game.deal)]  # each deal as it ended
        mine = sum(r.scores[side] for r in results if r is not None)
        assert t.card_points == (mine, sum(sum(r.scores) for r in results if r) - mine)


def test_a_table_match_to_1000_counts_the_claims_per_player() -> None:
    spec = "three(match.mode=thousand)"
    games = [play_match(match_table(spec, ("club", "club"), 1, i)) for i in range(3)]
    claimed = [(i, g) for i, g in enumerate(games) if g.claim is not None]
    assert claimed
    for i, g in claimed:
        c = g.claim
        assert c is not None and c.right
        t = tally(g)
        assert t.claims == ((1, 0) if c.seat == i % 3 else (0, 1)) and t.claims_lost == (0, 0)


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
        (
            ["--rules", "four", "--players", "club,greedy"],
            "--players: „greedy“ spielt keine Spiele für 4 Spieler (Zu viert",
            "--players: „greedy” nie gra w gry dla 4 graczy (We czterech",
        ),
        (
            ["--rules", "three", "--players", "beginner,club"],
            "„beginner“ spielt keine Spiele für 3 Spieler",
            "„beginner” nie gra w gry dla 3 graczy",
        ),
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
        ("pl", ["4 partie według", "Do 7 punktów za rozdanie", "gracz na A", "Zgłoszenia"]),
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


@pytest.mark.parametrize(
    ("lang", "three", "four"),
    [
        (
            "en",
            [
                "Club player at A, B, C in turn",
                "Random player at every other seat",
                "won at each side: A ",
            ],
            ["Club player at A+C, B+D in turn", "won at each side: A+C "],
        ),
        (
            "de",
            [
                "„Vereinsspieler“ sitzt von Partie zu Partie reihum auf A, B, C",
                "Siege je Seite: A ",
            ],
            ["reihum auf A+C, B+D", "„Zufallsspieler“ auf allen übrigen Plätzen", "Seite: A+C "],
        ),
        (
            "pl",
            ["zajmuje kolejno A, B, C", "„Gracz losowy” wszystkie pozostałe", "według stron: A "],
            ["zajmuje kolejno A+C, B+D", "według stron: A+C "],
        ),
    ],
)
def test_a_table_summary_is_in_the_users_language(
    lang: str, three: list[str], four: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    tr = get_translator(lang)
    for spec, words in (("three", three), ("four", four)):
        result = report(spec, PAIR, 1, play_matches(spec, PAIR, 3, 1))
        text = match_cmd.summary(result, tr)
        for w in words:
            assert w in text, text
        # the preset by its name, not its id; the wins of each side as the tally has them
        name = {"three": "Three players", "four": "Four players in two teams"}[spec]
        assert spec not in text and tr.p_("rules preset", name) in text
        names = ("A", "B", "C") if spec == "three" else ("A+C", "B+D")
        wins = zip(names, result["wins_by_side"], strict=True)
        assert ", ".join(f"{side} {w}" for side, w in wins) + "." in text
        assert main(["match", "--rules", spec, "--matches", "2", "--lang", lang]) == 0
        assert capsys.readouterr().out.count("\n") == 4


@pytest.mark.parametrize(
    ("n", "pl", "de"),
    [(1, "1 partia", "1 Partie "), (3, "3 partie", "3 Partien"), (5, "5 partii", "5 Partien")],
)
def test_the_number_of_table_matches_takes_its_plural_form(n: int, pl: str, de: str) -> None:
    result = {**report("four", PAIR, 1, play_matches("four", PAIR, 1, 1)), "matches": n}
    assert match_cmd.summary(result, get_translator("pl")).startswith(pl)
    assert match_cmd.summary(result, get_translator("de")).startswith(de)

"""Puzzles: goals, judging moves exactly (right, partly right, wrong with a refutation),
hidden cards, hints, solved marks, and every puzzle file validated by the solver."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from tutor.cli.main import main as cli_main
from tutor.engine import (
    CLOSE,
    DECLARE_OUT,
    Play,
    State,
    Suit,
    apply,
    cards_of_mask,
    mask_of,
    narration_problems,
    parse_cards,
    parse_move,
    preset,
    view_of,
)
from tutor.teach.puzzles import (
    THEMES,
    Attempt,
    Collection,
    Goal,
    GoalError,
    GoalKind,
    Mark,
    MarksError,
    Puzzle,
    analyse,
    check,
    deal_count,
    dump_marks,
    is_puzzle_file,
    load_marks,
    load_puzzles,
    play,
    puzzle_yaml,
    read_puzzles,
    same_deal,
    split_paths,
    start,
    validate,
    validate_paths,
)
from tutor.teach.puzzles.mine import mine
from tutor.words.i18n import get_translator
from tutor.words.puzzle_text import feedback, hint

from helpers import GOOD_PUZZLE as GOOD

EN = get_translator("en")
DE = get_translator("de")


def position(
    rules: str,
    a: str,
    b: str,
    *,
    trump: str,
    leader: int,
    points: tuple[int, int],
    tricks: tuple[int, int],
    stock: str = "",
    trump_card: str | None = None,
    closed_by: int = -1,
    melds: tuple[int, int] = (0, 0),
) -> State:
    """A position in the middle of a deal: the cards not named are gone into tricks."""
    r = preset(rules)
    tc = parse_cards(trump_card)[0].index if trump_card else -1
    suit = "cshd".index(trump)
    return State(
        rules=r,
        trump=Suit(suit),
        hands=(mask_of(parse_cards(a)), mask_of(parse_cards(b))),
        stock=tuple(c.index for c in parse_cards(stock)),
        trump_card=tc,
        dealer=1 - leader,
        leader=leader,
        lead=-1,
        lead_marriage=False,
        closed_by=closed_by,
        closed_opp_tricks=tricks[1 - closed_by] if closed_by >= 0 else 0,
        points=points,
        melds=melds,
        pending=(0, 0),
        tricks=tricks,
        known=(0, 0),
        marriages=(),
        out_by=-1,
        last_trick=None,
        result=None,
    )


# The stock is used up, so A sees every card. Hearts are trumps; A leads with 53 : 28.
# Ad wins 2 game points, Ac only 1, Jd loses, declaring 66 now is false.
ENDGAME = position(
    "pagat", "Ac Ad Jd", "Js 10h Qd", trump="h", leader=0, points=(53, 28), tricks=(6, 3)
)
# B closed the stock with 54 and leads; A's hand and the stock (9c Jh Qd) are hidden from B.
# Only 10h wins against every way the cards can lie; 9h happens to win against A's real hand.
CLOSED = position(
    "pagat",
    "10c Kc Qc Jd",
    "Jc 10h 9h 9d",
    trump="s",
    leader=1,
    points=(19, 54),
    tricks=(2, 4),
    stock="9c Jh Qd",
    closed_by=1,
)
# B leads with 63 : 48. Any card wins the deal, but only the queen of spades reaches 66 first.
REACH = position(
    "pagat", "9c 9s Kd", "Qs Jd 9d", trump="h", leader=1, points=(48, 63), tricks=(4, 5)
)
# B has 63 and five tricks; one face-down card and the ten of clubs are left in the stock.
TO_CLOSE = position(
    "pagat",
    "Jc Ks 9s Kh Jh Kd",
    "As Qs Js 9h Qd Jd",
    trump="c",
    leader=1,
    points=(0, 63),
    tricks=(0, 5),
    stock="10h",
    trump_card="10c",
)


def puzzle(
    state: State,
    goal: str,
    solution: str,
    *,
    moves: int | None = None,
    probability: Fraction | None = None,
    hints: tuple[str, ...] = (),
) -> Puzzle:
    learner = state.to_move
    assert learner is not None
    return Puzzle(
        id="test",
        title="A test",
        theme="closed_head",
        level=1,
        goal=Goal.parse(goal),
        state=state,
        learner=learner,
        solution=tuple(parse_move(m) for m in solution.split(",") if m.strip()),
        explanation="Because.",
        moves=moves,
        probability=probability,
        hints=hints,
    )


# ----------------------------------------------------------------------------- goals


def test_doctests() -> None:
    import doctest
    import importlib
    import pkgutil

    import tutor.teach.puzzles
    import tutor.words.puzzle_text

    package = tutor.teach.puzzles
    modules = [
        package,
        *(
            importlib.import_module(f"{package.__name__}.{m.name}")
            for m in pkgutil.iter_modules(package.__path__)
        ),
        tutor.words.puzzle_text,
    ]
    attempted = 0
    for module in modules:
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        attempted += result.attempted
    assert attempted > 0


@pytest.mark.parametrize(
    ("text", "kind", "points"),
    [
        ("win", GoalKind.WIN, 1),
        ("Win 3", GoalKind.WIN, 3),
        ("reach 66", GoalKind.REACH_66, 1),
        ("avoid  Schneider", GoalKind.AVOID_SCHNEIDER, 1),
        ("avoid schwarz", GoalKind.AVOID_SCHWARZ, 1),
        ("decide close", GoalKind.DECIDE_CLOSE, 1),
    ],
)
def test_goal_parse_round_trip(text: str, kind: GoalKind, points: int) -> None:
    goal = Goal.parse(text)
    assert (goal.kind, goal.points) == (kind, points)
    assert Goal.parse(str(goal)) == goal


@pytest.mark.parametrize("text", ["", "win 4", "lose", "reach 65", "win big"])
def test_goal_parse_errors_list_the_goals(text: str) -> None:
    with pytest.raises(GoalError, match="avoid schneider"):
        Goal.parse(text)


def test_goal_thresholds_follow_the_rules() -> None:
    r = preset("pagat")
    assert Goal.parse("win 2").threshold(r) == 2
    assert Goal.parse("avoid schneider").threshold(r) == -r.game_points[0]
    assert Goal.parse("avoid schwarz").threshold(r) == -r.game_points[1]
    assert Goal.parse("reach 66").threshold(r) is None


# ----------------------------------------------------------------------------- analysis


def test_analysis_with_every_card_known() -> None:
    a = analyse(ENDGAME, 0, Goal.parse("win"))
    assert (a.deals, a.exact) == (1, True)
    assert set(a.accepted) == {parse_move("Ac"), parse_move("Ad")}
    assert a.best == (parse_move("Ad"),)
    assert a.score(parse_move("Ad")).worst == 2
    assert a.score(parse_move("Jd")).reached == 0
    assert a.score(DECLARE_OUT).worst < 0
    two = analyse(ENDGAME, 0, Goal.parse("win 2"))
    assert two.accepted == (parse_move("Ad"),)


def test_analysis_over_hidden_cards_counts_every_deal() -> None:
    view = view_of(CLOSED, 1)
    # A holds 4 of the 7 unseen cards; a closed stock's order does not matter.
    assert deal_count(view) == comb(7, 4) == 35
    a = analyse(CLOSED, 1, Goal.parse("win"))
    assert a.deals == 35 and a.exact
    assert a.accepted == (parse_move("10h"),)
    nine = a.score(parse_move("9h"))
    assert 0 < nine.reached < nine.deals


def test_probability_accepts_a_move_that_wins_often_enough() -> None:
    a = analyse(CLOSED, 1, Goal.parse("win"))
    share = a.score(parse_move("9h")).share
    loose = analyse(CLOSED, 1, Goal.parse("win"), share)
    assert parse_move("9h") in loose.accepted
    assert loose.best == (parse_move("10h"),)
    strict = analyse(CLOSED, 1, Goal.parse("win"), share + Fraction(1, 100))
    assert parse_move("9h") not in strict.accepted


def test_reach_66_is_stricter_than_winning() -> None:
    win = analyse(REACH, 1, Goal.parse("win"))
    reach = analyse(REACH, 1, Goal.parse("reach 66"))
    assert len(win.accepted) == 3
    assert reach.accepted == (parse_move("Qs"),)


def test_decide_close_compares_closing_with_the_best_way_to_play_on() -> None:
    a = analyse(TO_CLOSE, 1, Goal.parse("decide close"))
    assert a.deals == 7  # A's six unseen cards out of seven; the last one is in the stock
    assert a.accepted == (CLOSE,)
    close = a.score(CLOSE)
    assert all(s.total < close.total for s in a.scores if s.move != CLOSE)


# ----------------------------------------------------------------------------- judging


def test_best_move_solves_a_one_move_puzzle() -> None:
    j = check(puzzle(ENDGAME, "win", "Ac, Ad", moves=1), ["Ad"])
    assert (j.mark, j.best, j.solved) == (Mark.RIGHT, True, True)


def test_a_move_that_reaches_the_goal_but_not_the_best_is_partly_right() -> None:
    p = puzzle(ENDGAME, "win", "Ac, Ad", moves=1)
    j = check(p, ["Ac"])
    assert (j.mark, j.best, j.solved) == (Mark.PARTLY, False, True)
    words = feedback(p, j, EN)
    assert "ace of diamonds" in " ".join(words.details)


def test_wrong_move_gets_the_refutation_line() -> None:
    p = puzzle(ENDGAME, "win", "Ac, Ad", moves=1)
    attempt = play(start(p), "Jd")
    j = attempt.last
    assert j is not None and j.mark is Mark.WRONG and attempt.failed
    ref = j.refutation
    assert ref is not None and not ref.other_cards
    assert ref.line[0] == parse_move("Jd")
    assert ref.outcome.winner == 1  # B wins the deal on the refutation line
    # The line is legal play from the position to the end.
    s = ref.before
    for m in ref.line:
        s = apply(s, m)
    assert s.result == ref.outcome
    words = feedback(p, j, EN)
    assert words.mark is Mark.WRONG and "jack of diamonds" in words.headline
    assert any("B wins" in d for d in words.details)
    with pytest.raises(ValueError):
        play(attempt, "Ad")


def test_multi_move_puzzle_continues_until_the_goal_is_reached() -> None:
    p = puzzle(ENDGAME, "win 2", "Ad")
    attempt = play(start(p), "Ad")
    first = attempt.last
    assert first is not None
    assert (first.mark, first.best, first.solved) == (Mark.PARTLY, True, False)
    # B had to follow with the queen of diamonds; A leads again.
    assert first.replies == (parse_move("Qd"),)
    assert attempt.state.to_move == 0
    steps = 0
    while not attempt.over:
        best = attempt.analysis().best[0]
        attempt = play(attempt, best)
        steps += 1
    assert attempt.solved and attempt.perfect and steps >= 1
    assert attempt.last is not None and attempt.last.mark is Mark.RIGHT
    assert attempt.state.result is not None and attempt.state.result.game_points[0] >= 2
    assert attempt.learner_moves == 1 + steps


def test_check_replays_the_learners_moves() -> None:
    p = puzzle(ENDGAME, "win 2", "Ad")
    assert check(p, ["Ad"]).mark is Mark.PARTLY
    with pytest.raises(ValueError):
        check(p, [])


def test_hidden_cards_a_lucky_move_is_refuted_with_other_cards() -> None:
    p = puzzle(CLOSED, "win", "10h", moves=1)
    j = check(p, ["9h"])
    assert j.mark is Mark.WRONG
    ref = j.refutation
    assert ref is not None and ref.other_cards
    assert not same_deal(ref.before, CLOSED)
    # The refuting deal agrees with everything B can see.
    assert view_of(ref.before, 1) == view_of(CLOSED, 1)
    assert ref.outcome.winner == 0
    words = feedback(p, j, EN)
    assert any("cannot see" in d for d in words.details)
    assert check(p, ["10h"]).mark is Mark.RIGHT


def test_illegal_move_is_refused() -> None:
    p = puzzle(ENDGAME, "win", "Ac, Ad", moves=1)
    with pytest.raises(ValueError):
        play(start(p), "As")


def test_decide_close_feedback_compares_the_two_choices() -> None:
    p = puzzle(TO_CLOSE, "decide close", "close")
    right = check(p, ["close"])
    assert right.mark is Mark.RIGHT and right.solved
    wrong = check(p, ["Qs"])
    assert wrong.mark is Mark.WRONG
    text = " ".join(feedback(p, wrong, EN).details)
    assert "closing gives" in text.lower()


# ----------------------------------------------------------------------------- hints


def test_four_hint_levels() -> None:
    attempt = start(puzzle(ENDGAME, "win 2", "Ad"))
    texts = [hint(attempt, level, EN) for level in (1, 2, 3, 4)]
    assert "head" in texts[0].lower()  # pagat: the duty to head the trick
    assert "diamonds" not in texts[1]  # the idea names no card
    assert all(c in texts[2] for c in ("ace of clubs", "ace of diamonds", "jack of diamonds"))
    assert texts[2].startswith("Worth considering: ")
    assert texts[3].startswith("Lead the ace of diamonds.")
    assert "A wins 2 game points" in texts[3]
    assert len(set(texts)) == 4
    assert hint(attempt, 3, DE) != texts[2]
    with pytest.raises(ValueError):
        hint(attempt, 5, EN)


def test_the_full_reasoning_never_shows_hidden_cards() -> None:
    attempt = start(puzzle(CLOSED, "win", "10h", moves=1))
    text = hint(attempt, 4, EN)
    assert text.startswith("Lead the ten of hearts.")
    assert "checked 35 deals" in text
    hidden = view_of(CLOSED, 1).unseen
    assert not [c for c in cards_of_mask(hidden) if EN.card(c) in text]


def test_hand_written_hints_come_first() -> None:
    attempt = start(puzzle(ENDGAME, "win 2", "Ad", hints=("Count the trumps.",)))
    assert hint(attempt, 1, EN) == "Count the trumps."
    assert hint(attempt, 4, EN).startswith("Lead the ace of diamonds.")


# ----------------------------------------------------------------------------- solved marks


def test_marks_round_trip() -> None:
    marks = {"b-puzzle": False, "a-puzzle": True}
    text = dump_marks(marks)
    assert json.loads(text)["version"] == 1
    assert load_marks(text) == marks
    assert load_marks(text.encode(), known=["a-puzzle"]) == {"a-puzzle": True}
    # saved again by an editor that writes a byte order mark
    assert load_marks(b"\xef\xbb\xbf" + text.encode()) == marks


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe",
        b"not json",
        b"[]",
        b'{"version": 2, "solved": {}}',
        b'{"version": 1, "solved": []}',
        b'{"version": 1, "solved": {"x": "yes"}}',
        b"{" * 100_000,
    ],
)
def test_bad_marks_are_refused(data: bytes) -> None:
    with pytest.raises(MarksError):
        load_marks(data)


def test_attempt_is_a_value() -> None:
    a = start(puzzle(ENDGAME, "win", "Ac, Ad", moves=1))
    assert isinstance(a, Attempt) and not a.over
    b = play(a, Play(parse_cards("Ad")[0]))
    assert a.judgements == () and b.solved


# ----------------------------------------------------------------------------- puzzle files

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "puzzles"
ALL, READ_ERRORS = load_puzzles(FOLDER)


def test_the_puzzle_files_read_cleanly() -> None:
    assert not READ_ERRORS, [str(e) for e in READ_ERRORS]
    assert len(ALL) >= 30
    assert {p.level for p in ALL} == {1, 2, 3}
    assert {p.theme for p in ALL} == set(THEMES)
    assert len({p.id for p in ALL}) == len(ALL)


@pytest.mark.parametrize("p", ALL, ids=[p.id for p in ALL])
def test_every_puzzle_is_proved_by_the_solver(p: Puzzle) -> None:
    assert validate(p) == []
    a = analyse(p.state, p.learner, p.goal, p.probability, p.excluded)
    assert set(a.accepted) == set(p.solution)
    for text in (p.title, p.explanation, *p.hints, p.note):
        assert narration_problems(text) == []


def _write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(tmp_path: Path, text: str) -> list[str]:
    _, errors = validate_paths([_write(tmp_path, text)])
    return [str(e) for e in errors]


def test_a_good_file_validates(tmp_path: Path) -> None:
    found, errors = validate_paths([_write(tmp_path, GOOD)])
    assert errors == [] and [p.id for p in found] == ["keep-the-kings"]
    assert found[0].line_of("solution") == 17


def test_a_missing_winning_move_is_named_with_file_and_line(tmp_path: Path) -> None:
    text = GOOD.replace("goal: win\n", "goal: avoid schwarz\n")
    problems = _problems(tmp_path, text)
    assert problems
    assert all(":17:" in x for x in problems)
    assert any("the solver finds a second winning move: Kc" in x for x in problems)


def test_a_move_that_does_not_win_is_refused(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, GOOD.replace("[Jh]", "[Jh, Ks]"))
    assert "p.yaml:17:" in problem and "Ks does not reach the goal" in problem


def test_an_unreachable_goal_is_refused(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, GOOD.replace("goal: win\n", "goal: win 3\n"))
    assert ":6:" in problem and "the goal cannot be reached" in problem


def test_an_illegal_solution_move_is_refused(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, GOOD.replace("[Jh]", "[Qh]"))
    assert "'Qh' is not a legal move here" in problem


def test_the_player_must_be_on_turn(tmp_path: Path) -> None:
    (problem,) = _problems(tmp_path, GOOD.replace("  goal: win\n", "  goal: win\n  player: B\n"))
    assert ":7:" in problem and "B is not to move in this position; A is" in problem


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("theme: closed_follow", "theme: openings", 4, "unknown theme 'openings'"),
        ("level: 1", "level: 4", 5, "the level must be 1, 2 or 3"),
        ("goal: win\n", "goal: lose\n", 6, "unknown goal 'lose'"),
        ("[Jh]", "[Jx]", 17, "unknown move 'Jx'"),
        ("Keep the kings\n", "Keep {the} kings\n", 3, "which names no card, suit or rank"),
        ("  id: keep-the-kings\n", "  id: Keep Kings\n", 2, "may only contain lowercase"),
        ("explanation: Keep the kings for the end.\n", "", 2, "'explanation' is missing"),
        ("  goal: win\n", "  goal: win\n  colour: red\n", 7, "unknown field 'colour'"),
        ("  goal: win\n", "  goal: win\n  moves: 0\n", 7, "'moves' must be a whole number"),
        ("  goal: win\n", "  goal: win\n  probability: 2\n", 7, "'probability' must be"),
        ("hands: {A: Kc Ks Jh,", "hands: {A: Kc Ks Jd,", 13, "Jd is given twice"),
    ],
)
def test_file_errors_name_the_line(
    tmp_path: Path, old: str, new: str, line: int, message: str
) -> None:
    assert old in GOOD
    found, errors = read_puzzles(_write(tmp_path, GOOD.replace(old, new)))
    assert found == []
    assert any(e.line == line and message in str(e) for e in errors), [str(e) for e in errors]


@pytest.mark.parametrize(
    "text",
    ["", "puzzle: [1, 2]\n", "lesson: {}\n", "puzzle: &a {id: x}\nother: *a\n", "a: [\n"],
)
def test_broken_files_are_reported_not_raised(tmp_path: Path, text: str) -> None:
    found, errors = read_puzzles(_write(tmp_path, text))
    assert found == [] and errors
    assert all(str(e).startswith(str(tmp_path)) for e in errors)


def test_duplicate_ids_are_reported(tmp_path: Path) -> None:
    _write(tmp_path, GOOD, "a.yaml")
    _write(tmp_path, GOOD, "b.yaml")
    found, errors = load_puzzles(tmp_path)
    assert len(found) == 1
    (err,) = errors
    assert "b.yaml:2:" in str(err) and "already used in" in str(err) and "a.yaml:2" in str(err)


def test_a_view_position_plays_against_a_deal_that_agrees(tmp_path: Path) -> None:
    text = GOOD.replace(
        "    hands: {A: Kc Ks Jh, B: 9s Qh 9h}\n",
        "    player: A\n    hand: Kc Ks Jh\n    opponent: {unknown: 3}\n",
    ).replace("    stock: ''\n", "    stock: 0\n")
    (p,), errors = read_puzzles(_write(tmp_path, text))
    assert errors == []
    assert view_of(p.state, 0) == view_of(
        read_puzzles(_write(tmp_path, GOOD, "g.yaml"))[0][0].state, 0
    )
    assert validate(p) == []


def test_puzzle_files_are_told_from_lessons(tmp_path: Path) -> None:
    mine = _write(tmp_path, GOOD)
    lesson = _write(tmp_path, "id: x\ntitle: y\n", "lesson.yaml")
    assert is_puzzle_file(mine) and not is_puzzle_file(lesson)
    assert is_puzzle_file(FOLDER / "anything.yaml")
    puzzles, lessons = split_paths([tmp_path, ROOT / "lessons", mine])
    assert puzzles == [mine, mine] and lessons == [lesson, ROOT / "lessons"]


def test_tutor_validate_counts_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["validate", str(_write(tmp_path, GOOD))]) == 0
    assert capsys.readouterr().out.strip() == "1 puzzle is valid."
    bad = _write(tmp_path, GOOD.replace("[Jh]", "[Ks]"), "bad.yaml")
    assert cli_main(["validate", str(bad), "--lang", "de"]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:17:" in out and "Ks" in out


def test_a_mined_candidate_written_as_yaml_is_accepted_by_the_validator(tmp_path: Path) -> None:
    found = mine("classic", 1, 21, attempts=200, stages=("lead", "answer", "last"))
    assert found
    m = found[0]
    entry = puzzle_yaml(m.state, m.goal, m.solution, "candidate")
    text = "puzzles:\n" + entry.replace("title: TODO", "title: A candidate").replace(
        "theme: TODO", "theme: closed_follow"
    ).replace("      TODO", "      Written by hand.")
    found_puzzles, errors = validate_paths([_write(tmp_path, text)])
    assert errors == [] and len(found_puzzles) == 1


def test_collection_reads_only_the_changed_files_again(tmp_path: Path) -> None:
    import os
    import shutil
    import time

    for name in ("counting.yaml", "stock.yaml"):
        shutil.copy(FOLDER / name, tmp_path / name)
    col = Collection.load(tmp_path)
    assert col.puzzles and not col.errors and col.refresh() is col
    kept = {p.id: p for p in col.puzzles if p.source.endswith("stock.yaml")}
    changed = {p.id: p for p in col.puzzles if p.source.endswith("counting.yaml")}
    path = tmp_path / "counting.yaml"
    path.write_text(path.read_text("utf-8") + "\n", "utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    col.refresh()
    assert all(col.get(i) is p for i, p in kept.items())
    assert all(col.get(i) is not p and col.get(i) == p for i, p in changed.items())
    (tmp_path / "copy.yaml").write_text(path.read_text("utf-8"), "utf-8")
    col.refresh()
    assert len(col.errors) == len(changed)
    assert all("is already used in" in str(e) for e in col.errors)

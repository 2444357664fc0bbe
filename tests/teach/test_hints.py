"""The hint engine on hand-checked positions: forced wins, losing moves, the ideas behind them,
the four hint levels, the engine protocol and the review of the two worked deals."""

from __future__ import annotations

import ast
import io
import itertools
import json
import string
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EX1, EX1_MOVES, EX2, EX2_MOVES

from tutor.cli.engine import Defaults, answer, serve
from tutor.cli.main import main
from tutor.engine import Card, Suit, legal_moves, new_deal, parse_move, play_moves, preset, view_of
from tutor.engine.narration import narration_value
from tutor.formats.positions import Position, load_position, position_to_dict
from tutor.teach.hints import (
    IDEA_PARAMS,
    IDEA_PLURALS,
    IDEA_TEXTS,
    IDEAS,
    METHOD_EXACT,
    METHOD_SAMPLED,
    Analysis,
    Idea,
    analyse,
    analysis_to_dict,
    review,
    situation,
)
from tutor.words.hint_text import hint, idea_text, render_analysis
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
EN = get_translator("en")


def _load(name: str) -> Position:
    return load_position(ROOT / "positions" / name)


def _values(a: Analysis) -> dict[str, float]:
    return {str(m.move): m.game_points for m in a.moves}


def _ideas(a: Analysis, move: str) -> dict[str, dict[str, object]]:
    m = a.value_of(parse_move(move))
    assert m is not None
    return {i.id: dict(i.params) for i in m.ideas}


# ----------------------------------------------------------------------------- exact positions


def test_forced_win_found_and_losing_moves_flagged() -> None:
    # Checked by hand in positions/trump-ten.yaml: only the ten of trumps wins.
    a = analyse(_load("trump-ten.yaml").subject)
    assert a.method == METHOD_EXACT and a.exact and a.samples == 1
    assert str(a.best.move) == "10s"
    assert _values(a) == {"10s": 1, "Kc": -1, "9s": -1, "out": -1}
    assert a.confidence == 1.0
    for m in a.moves[1:]:
        assert m.win_probability == 0.0 and m.best_count == 0
    ideas = _ideas(a, "10s")
    assert ideas["idea.safe_trick"] == {"card": Card.parse("10s")}
    assert ideas["idea.draws_trumps"] == {"n": 1}
    assert ideas["idea.count_points"] == {"gain": 13, "total": 57, "missing": 9, "target": 66}
    assert _ideas(a, "out")["mistake.false_out_trick"] == {"best": 65, "target": 66}
    assert a.best.line[:2] == (parse_move("10s"), parse_move("Qs"))


def test_the_same_position_seen_by_one_player_is_still_exact() -> None:
    full = analyse(_load("trump-ten.yaml").subject)
    seen = analyse(_load("trump-ten-a.yaml").subject)
    assert seen.exact
    assert _values(seen) == _values(full)
    assert [i.id for i in seen.ideas] == [i.id for i in full.ideas]


def test_declare_before_the_opponent_takes_the_rest() -> None:
    a = analyse(_load("declare-now.json").subject)
    assert str(a.best.move) == "out"
    assert _values(a) == {"out": 1, "Jc": -1, "Kh": -1, "Jh": -1}
    assert _ideas(a, "out")["idea.declare_now"] == {"score": 70, "target": 66}


def test_the_blank_ten_is_caught() -> None:
    a = analyse(_load("blank-ten.yaml").subject)
    assert str(a.best.move) == "Ad" and a.best.game_points == 2
    assert all(m.game_points < 2 for m in a.moves[1:])
    ideas = _ideas(a, "Ad")
    assert ideas["idea.catch_blank_ten"] == {
        "card": Card.parse("Ad"),
        "ten_card": Card.parse("10d"),
    }
    assert ideas["idea.count_to_66"] == {"gain": 21, "total": 78, "target": 66}
    assert "idea.safe_trick" in ideas  # B must follow suit with the ten, so cannot trump
    assert _ideas(a, "out")["mistake.false_out"] == {"score": 57, "target": 66}


def test_trump_with_the_ten_to_reach_66_and_keep_the_ten_from_the_ace() -> None:
    a = analyse(_load("count-to-66.json").subject)
    assert _values(a) == {"10d": 1, "Kd": -1}
    ideas = _ideas(a, "10d")
    assert ideas["idea.must_trump"] == {"cards": (Card.parse("10d"), Card.parse("Kd"))}
    assert ideas["idea.count_to_66"] == {"gain": 12, "total": 66, "target": 66}
    assert _ideas(a, "Kd")["mistake.blanks_ten"] == {
        "card": Card.parse("Kd"),
        "ten_card": Card.parse("10d"),
    }


def test_must_head_after_closing() -> None:
    s = situation(_load("must-head.yaml").subject)
    assert not s.leading and s.phase2
    assert [str(m) for m in s.legal] == ["As", "10s"]
    (nine,) = s.illegal
    assert str(nine.move) == "9s" and nine.rule_ids == ("phase2.head",)
    a = analyse(_load("must-head.yaml").subject)
    assert "idea.must_head" in {i.id for i in a.ideas}


# ----------------------------------------------------------------------------- hidden cards


def test_sampled_view_of_the_first_worked_deal() -> None:
    view = _load("ex1-start-a.json").subject
    a = analyse(view, samples=10, seed=3)
    assert a.method == METHOD_SAMPLED and not a.exact and a.samples == 10
    assert analyse(view, samples=10, seed=3) == a
    for m in a.moves:
        assert m.samples == 10 and 0 <= m.best_count <= 10
        assert 0.0 <= m.win_probability <= 1.0
    assert [m.game_points for m in a.moves] == sorted(
        (m.game_points for m in a.moves), reverse=True
    )
    # The ten of hearts is safe: the only higher trump lies face up (the text's reasoning).
    assert _ideas(a, "10h")["idea.safe_face_up"] == {
        "card": Card.parse("10h"),
        "face_up_card": Card.parse("Ah"),
    }
    best = a.best.game_points
    for name in ("Kc", "Qc"):
        m = a.value_of(parse_move(name))
        assert m is not None
        if m.game_points < best:
            assert "mistake.breaks_marriage" in {i.id for i in m.mistakes}


def test_closing_in_the_second_worked_deal() -> None:
    a = analyse(_load("ex2-close-b.yaml").subject, samples=8, seed=1)
    assert str(a.best.move) == "close"
    (close,) = [i for i in a.ideas if i.id == "idea.close_wins"]
    assert close.param("percent") == round(100 * a.best.win_probability) >= 90
    text = render_analysis(a, EN)
    assert "Close now: you win in" in text and "of the deals you could be facing" in text


def test_illegal_moves_at_the_start_say_which_rule_forbids_them() -> None:
    s = situation(_load("ex1-start-a.json").subject)
    assert s.leading and s.rule_ids == ("lead.free",)
    reasons = {str(v.move): v.rule_ids for v in s.illegal}
    assert reasons["marry Qc"] == ("marriage.needs_trick",)
    assert reasons["exchange"] == ("exchange.needs_trick",)
    assert {str(m) for m in s.legal} >= {"10h", "Kh", "close", "out"}


def test_a_view_of_the_player_not_to_move_is_refused() -> None:
    s = new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="B knows, but A is to move"):
        analyse(view_of(s, 1))


# ----------------------------------------------------------------------------- ideas and hints


def _example(name: str) -> object:
    if name == "suit":
        return Suit.HEARTS
    if name.endswith("card"):
        return Card.parse("10h")
    if name == "cards":
        return (Card.parse("Ah"), Card.parse("10h"))
    if name in ("game_points", "gain"):
        return 1.5
    return 3


@pytest.mark.parametrize("idea_id", IDEAS)
def test_every_idea_renders_in_english_with_its_parameters(idea_id: str) -> None:
    params = IDEA_PARAMS[idea_id]
    msgids = IDEA_PLURALS.get(idea_id) or (IDEA_TEXTS[idea_id],)
    for msgid in msgids:
        fields = {f for _, f, _, _ in string.Formatter().parse(msgid) if f}
        narrated = {f for f in fields if narration_value(f) is not None}  # {ace}, {queen}
        assert fields - narrated == set(params), msgid
    text = idea_text(Idea(idea_id, tuple((p, _example(p)) for p in params)), EN)
    assert text and "{" not in text and text[0].isupper()
    if idea_id in IDEA_PLURALS:
        for n, msgid in ((1, msgids[0]), (2, msgids[1])):
            assert idea_text(Idea(idea_id, (("n", n),)), EN) == msgid.format(n=n)
    if "card" in params:
        assert "the ten of hearts" in text.lower()


def test_ideas_are_registered_once() -> None:
    assert set(IDEAS) == set(IDEA_PARAMS)
    assert not set(IDEA_TEXTS) & set(IDEA_PLURALS)
    assert all(i.startswith(("idea.", "mistake.")) for i in IDEAS)


def test_the_hint_analysis_makes_no_sentence() -> None:
    """The analysis is data: no module of it imports the words layer (which sits above)."""
    package = ROOT / "tutor" / "teach" / "hints"
    for path in sorted(package.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.startswith("tutor.words") for n in names), (path.name, names)


@pytest.mark.parametrize("name", ["count-to-66.json", "trump-ten.yaml"])
def test_the_four_levels_differ_and_grow(name: str) -> None:
    subject = _load(name).subject
    hints = [hint(subject, level, EN) for level in (1, 2, 3, 4)]
    for level, h in enumerate(hints, start=1):
        assert h.level == level and len(h.parts) == level
        assert [p.level for p in h.parts] == list(range(1, level + 1))
        assert all(p.lines for p in h.parts)
    for smaller, larger in itertools.pairwise(hints):
        assert larger.parts[: len(smaller.parts)] == smaller.parts
        assert len(larger.text) > len(smaller.text)
    texts = [h.parts[-1].lines for h in hints]
    assert len({tuple(t) for t in texts}) == 4
    assert "Source:" in " ".join(texts[0])
    assert texts[2][0].startswith("Worth considering:")
    assert texts[3][0].startswith("Suggested:")
    assert hints[0].analysis is None and hints[3].analysis is not None
    again = hint(subject, 4, EN, analysis=hints[3].analysis)
    assert again == hints[3]


def test_hint_level_out_of_range() -> None:
    with pytest.raises(ValueError):
        hint(_load("trump-ten.yaml"), 5, EN)


def test_analysis_as_data_uses_move_notation() -> None:
    subject = _load("count-to-66.json").subject
    data = analysis_to_dict(analyse(subject))
    json.dumps(data)
    assert data["best"] == "10d" and data["method"] == "exact"
    moves = data["moves"]
    assert isinstance(moves, list)
    state = _load("count-to-66.json").state
    assert state is not None
    assert {parse_move(m["move"]) for m in moves} == set(legal_moves(state))
    assert moves[1]["ideas"][-1] == {
        "id": "mistake.blanks_ten",
        "params": {"card": "Kd", "ten_card": "10d"},
    }


# ----------------------------------------------------------------------------- the engine


def _request(position: dict[str, object], **options: object) -> str:
    return json.dumps({"position": position, **options})


def test_engine_protocol_round_trip() -> None:
    state = new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]
    count = position_to_dict(_load("count-to-66.json").subject)
    lines = [
        _request(count, id=1),
        "",
        _request(position_to_dict(state), id="two", moves=["10h", "Kd"], hidden=True, samples=4),
        json.dumps({**count, "hands": {"A": "Ks 10d Kx", "B": "Ad Jd"}}),
        "not json",
        json.dumps({"command": "info", "id": 5}),
        _request(count, id=6, moves=["Ks"]),
        _request(count, id=7, level=2, lang="de"),
    ]
    out = io.StringIO()
    assert serve(lines, out, Defaults(samples=4)) == 7
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 7
    first, second, bad_card, not_json, info, illegal, with_hint = answers
    assert first["ok"] and first["id"] == 1 and first["best"] == "10d"
    assert first["moves"][0]["game_points"] == 1
    assert second["ok"] and second["id"] == "two" and second["player"] == "A"
    assert second["method"] == "sampled" and second["samples"] == 4
    assert "exchange" in second["legal"]  # A won the first trick
    assert not bad_card["ok"] and bad_card["error"]["field"] == "hands.A"
    assert "unknown card 'Kx'" in bad_card["error"]["message"]
    assert not not_json["ok"] and not_json["id"] is None
    assert info["ok"] and info["id"] == 5 and set(info["ideas"]) == set(IDEAS)
    assert not illegal["ok"] and "move 1" in illegal["error"]["message"]
    assert with_hint["ok"] and [p["level"] for p in with_hint["hint"]] == [1, 2]
    for a in (first, second):
        for m in a["moves"]:
            parse_move(m["move"])


def test_engine_rejects_bad_options_without_stopping() -> None:
    count = position_to_dict(_load("count-to-66.json").subject)
    for bad in ({"samples": 0}, {"moves": 3}, {"hidden": "yes"}, {"lang": "fr"}, {"color": 1}):
        reply = answer({"position": count, **bad})
        assert reply["ok"] is False
        assert isinstance(reply["error"], dict) and reply["error"]["message"]


def test_engine_command_reads_stdin_and_writes_json_lines() -> None:
    count = position_to_dict(_load("count-to-66.json").subject)
    stdin = _request(count, id="a") + "\n" + "{oops\n"
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "engine", "--samples", "4"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True, False]
    assert replies[0]["best"] == "10d"
    assert "Traceback" not in done.stderr


def test_hint_command(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "positions" / "count-to-66.json")
    assert main(["hint", path, "--level", "1"]) == 0
    one = capsys.readouterr().out
    assert "The rule now" in one and "Suggested" not in one
    assert main(["hint", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["analysis"]["best"] == "10d" and len(data["hint"]) == 4
    start = str(ROOT / "positions" / "ex1-start.yaml")
    args = ["hint", start, "--moves", "10h, Kd", "--hidden", "--samples", "4", "--level", "4"]
    assert main(args) == 0
    four = capsys.readouterr().out
    assert "Suggested:" in four and "of the 4 deals you could be facing" in four
    assert main(["hint", str(ROOT / "positions" / "nothing.yaml")]) == 2
    err = capsys.readouterr().err
    assert "nothing.yaml" in err and "Traceback" not in err


# ----------------------------------------------------------------------------- the worked deals


@pytest.mark.parametrize("deal,moves", [(EX1, EX1_MOVES), (EX2, EX2_MOVES)], ids=["ex1", "ex2"])
def test_review_every_decision_of_the_worked_deals(
    deal: dict[str, object], moves: list[str]
) -> None:
    state = new_deal(preset("classic"), **deal)  # type: ignore[arg-type]
    decisions = review(state, moves, samples=6, seed=2)
    assert len(decisions) == len(moves)
    for d, text in zip(decisions, moves, strict=True):
        assert d.played == parse_move(text)
        assert d.played_value is not None  # the text's move is legal and valued
        assert d.loss >= 0 and d.agrees == (d.loss == 0)
        if len(d.analysis.moves) == 1:
            assert d.agrees
    if moves is EX1_MOVES:
        # A's first lead: the ten of hearts is safe because the trump ace lies face up.
        first = decisions[0].played_value
        assert first is not None
        assert "idea.safe_face_up" in {i.id for i in first.ideas}
    else:
        # B closes (ply 3) and wins 3 game points in every deal B could be facing.
        close = decisions[3]
        assert str(close.played) == "close" and close.agrees
        assert close.analysis.best.win_probability == 1.0


def test_open_hand_review_is_exact_once_the_stock_is_closed() -> None:
    state = play_moves(new_deal(preset("classic"), **EX2), EX2_MOVES[:4])  # type: ignore[arg-type]
    decisions = review(state, EX2_MOVES[4:], hidden=False)
    assert all(d.analysis.exact for d in decisions)
    assert all(d.analysis.best.game_points == 3 for d in decisions if d.player == 1)


# ----------------------------------------------------------------------------- the last trick


LAST_TRICK = """
preset: {preset}
to_move: A
trump: s
hands: {{A: Ac, B: 9c}}
stock: ''
played: 10c Kc Qc Jc As 10s Ks Qs Js 9s Ah 10h Kh Qh Jh 9h Ad 10d Kd Qd Jd 9d
scores: {{A: {{points: 49, tricks: 5}}, B: {{points: 60, tricks: 6}}}}
"""


def test_the_count_includes_the_bonus_of_the_last_trick() -> None:
    # 11 for the ace and 10 for the last trick: 49 + 21 = 70, as the best line ends
    a = analyse(load_position(LAST_TRICK.format(preset="classic")).subject)
    ideas = _ideas(a, "Ac")
    assert ideas["idea.count_to_66"]["gain"] == 21 and ideas["idea.count_to_66"]["total"] == 70
    assert a.best.card_points == 70
    # without a bonus the same trick leaves A short
    plain = analyse(
        load_position(LAST_TRICK.format(preset="classic(deal.last_trick_bonus=0)")).subject
    )
    count = _ideas(plain, "Ac")["idea.count_points"]
    assert (count["gain"], count["total"], count["missing"]) == (11, 60, 6)


def test_schwarz_by_card_points_is_told_as_such() -> None:
    text = """
preset: kurnik
to_move: A
trump: c
hands: {A: Ac Kc, B: Qc Jc}
stock: ''
played: 10c 9c As 10s Ks Qs Js 9s Ah 10h Kh Qh Jh 9h Ad 10d Kd Qd Jd 9d
scores: {A: {points: 100, tricks: 9}, B: {points: 0, tricks: 1}}
"""
    analysis = analyse(load_position(text).subject)
    shown = render_analysis(analysis, EN, load_position(text).state)
    assert "B took no card points (Schwarz)" in shown and "took no trick" not in shown

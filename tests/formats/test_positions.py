"""Positions in JSON and YAML: every example file loads, every state and view round-trips, and
bad input is reported with its file, line and field."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import EX1, EX1_MOVES, EX2, EX2_MOVES

from tutor.engine import (
    PRESETS,
    State,
    View,
    apply,
    apply_unchecked,
    legal_moves,
    mask_of,
    new_deal,
    parse_move,
    preset,
    random_deal,
    track_excluded,
    view_of,
)
from tutor.formats.messages import E_DUPLICATE_KEY, E_NOT_FOUND, E_UNKNOWN_FIELD
from tutor.formats.position_messages import (
    E_CARD,
    E_COUNTS,
    E_HAND_FULL,
    E_HANDS_EQUAL,
    E_MISSING_CARDS,
    E_NOT_IN_PACK,
    E_POINTS,
    E_PRESET,
    E_STOCK_NO_TRUMP,
    E_SYNTAX,
    E_TRICK_LEADER,
    E_TWICE,
    E_WRITE_OVER,
    E_WRITE_RULES,
)
from tutor.formats.positions import (
    Position,
    PositionError,
    load_position,
    position_dump,
    position_from_data,
    position_to_dict,
    read_position,
)
from tutor.words.i18n import get_translator

from helpers import EX1_TEXT

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "positions").glob("*.*"))


def _error(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        read_position(text, "pos.yaml")
    return info.value


def _replace(old: str, new: str) -> str:
    assert old in EX1_TEXT
    return EX1_TEXT.replace(old, new)


# ----------------------------------------------------------------------------- files


def test_there_are_example_files_in_both_formats() -> None:
    suffixes = {f.suffix for f in FILES}
    assert {".json", ".yaml"} <= suffixes
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_file_loads_and_round_trips(path: Path) -> None:
    position = load_position(path)
    assert position.title
    assert position.source == str(path)
    assert position.to_move is not None
    for fmt in ("yaml", "json"):
        text = position_dump(position.subject, fmt, title=position.title)
        again = read_position(text)
        assert again.subject == position.subject
        assert again.title == position.title


def test_the_first_worked_deal_reads_as_the_engine_deals_it() -> None:
    p = load_position(ROOT / "positions" / "ex1-start.yaml")
    assert p.perfect and p.view is None
    assert p.subject == new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]


def test_a_view_file_is_what_the_player_sees() -> None:
    p = load_position(ROOT / "positions" / "ex1-start-a.json")
    s = new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]
    assert not p.perfect and p.state is None
    assert p.subject == view_of(s, 0)


def test_a_list_of_tricks_gives_points_tricks_and_the_last_trick() -> None:
    s = new_deal(preset("classic"), **EX2)  # type: ignore[arg-type]
    after = apply(apply(apply(s, parse_move("As")), parse_move("Qs")), parse_move("exchange"))
    p = load_position(ROOT / "positions" / "ex2-close-b.yaml")
    assert p.subject == view_of(after, 1)
    assert isinstance(p.subject, View)
    assert p.subject.points == (0, 14) and p.subject.tricks == (0, 1)


def test_text_and_data_give_the_same_position() -> None:
    from_text = read_position(EX1_TEXT)
    data = json.loads(position_dump(from_text.subject, "json"))
    assert position_from_data(data).subject == from_text.subject
    assert load_position(EX1_TEXT).subject == from_text.subject


def test_open_hands_with_a_stock_size_is_the_view_of_the_player_to_move() -> None:
    p = read_position(_replace("stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd", "stock: 11"))
    assert isinstance(p.subject, View)
    s = new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]
    assert p.subject.player == 0
    assert p.subject.opponent_known == s.hands[1]
    assert p.subject.stock_count == 11 and p.subject.unseen == mask_of(s.stock_cards)


# ----------------------------------------------------------------------------- round trips


def _deal_states(deal: dict[str, object], moves: list[str]) -> list[tuple[State, tuple[int, int]]]:
    s = new_deal(preset("classic"), **deal)  # type: ignore[arg-type]
    out = []
    excluded = [0, 0]
    for m in moves:
        out.append((s, (excluded[0], excluded[1])))
        move = parse_move(m)
        p = s.to_move
        assert p is not None
        excluded[1 - p] = track_excluded(excluded[1 - p], s, move, 1 - p)
        s = apply(s, move)
    return out


@pytest.mark.parametrize("deal,moves", [(EX1, EX1_MOVES), (EX2, EX2_MOVES)], ids=["ex1", "ex2"])
def test_every_moment_of_the_worked_deals_round_trips(
    deal: dict[str, object], moves: list[str]
) -> None:
    for state, excluded in _deal_states(deal, moves):
        subjects: list[State | View] = [state, view_of(state, 0, excluded[0])]
        subjects.append(view_of(state, 1, excluded[1]))
        for subject in subjects:
            for fmt in ("yaml", "json"):
                assert read_position(position_dump(subject, fmt)).subject == subject


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", range(4))
def test_random_playouts_round_trip(name: str, seed: int) -> None:
    rng = random.Random(seed)
    s = random_deal(preset(name), rng, dealer=rng.randrange(2))
    excluded = [0, 0]
    while s.result is None:
        p = s.to_move
        assert p is not None
        for subject in (s, view_of(s, p, excluded[p]), view_of(s, 1 - p, excluded[1 - p])):
            assert read_position(position_dump(subject, "json")).subject == subject
        moves = legal_moves(s)
        move = moves[rng.randrange(len(moves))]
        excluded[1 - p] = track_excluded(excluded[1 - p], s, move, 1 - p)
        s = apply_unchecked(s, move)


def test_a_finished_deal_or_unnamed_rules_cannot_be_written() -> None:
    s = new_deal(preset("classic"), **EX1)  # type: ignore[arg-type]
    for m in EX1_MOVES:
        s = apply(s, parse_move(m))
    with pytest.raises(PositionError) as info:
        position_to_dict(s)
    assert info.value.template == E_WRITE_OVER
    changed = new_deal(preset("classic").with_changes(target=61), **EX1)  # type: ignore[arg-type]
    with pytest.raises(PositionError) as info:
        position_to_dict(changed)
    assert info.value.template == E_WRITE_RULES


def test_a_preset_with_changed_switches_round_trips() -> None:
    p = read_position(_replace("preset: classic", "preset: kurnik(target=61)"))
    assert p.rules.target == 61
    assert read_position(position_dump(p.subject)).subject == p.subject


# ----------------------------------------------------------------------------- errors


def test_unknown_card_names_the_field_the_line_and_the_text() -> None:
    e = _error(_replace("  A: 10h Kh 9h 10c Kc Qc", "  A: 10h Kh 9h 10c Kc Qx"))
    assert e.template == E_CARD
    assert (e.source, e.line, e.field) == ("pos.yaml", 5, "hands.A")
    assert e.params["notation"] == "Qx"
    assert str(e) == (
        "pos.yaml:5: hands.A: unknown card 'Qx': write rank then suit; ranks A 10 K Q J 9 8 7; "
        "suits c s h d (for example Qh, 10c, As)"
    )


def test_a_card_in_a_list_is_located_by_its_index() -> None:
    e = _error(_replace("  B: Jh As Ks Qs Ad Kd", "  B: [Jh, As, Ks, Qs, Ad, 10h]"))
    assert e.template == E_TWICE
    assert e.field == "hands.B[5]" and e.line == 6
    assert e.params == {"card": "10h", "first": "hands.A", "second": "hands.B"}


def test_a_card_twice_between_hand_and_stock() -> None:
    e = _error(_replace("stock: 10s", "stock: Kc"))
    assert e.template == E_TWICE
    assert e.params["first"] == "hands.A" and e.params["second"] == "stock"
    assert e.line == 7


def test_a_card_outside_the_pack_of_the_preset() -> None:
    e = _error(_replace("stock: 10s", "stock: 7s"))
    assert e.template == E_NOT_IN_PACK
    assert e.params == {"notation": "7s", "rules": "classic", "ranks": "A 10 K Q J 9"}


def test_unknown_preset_lists_the_presets() -> None:
    e = _error(_replace("preset: classic", "preset: clasic"))
    assert e.template == E_PRESET
    assert e.line == 1 and e.field == "preset"
    assert e.params["valid"] == ", ".join(PRESETS)


def test_wrong_counts() -> None:
    short = _error(_replace("  B: Jh As Ks Qs Ad Kd", "  B: Jh As Ks Qs Ad"))
    assert short.template == E_HANDS_EQUAL
    assert short.params == {"a": 6, "b": 5}
    both_short = _error(
        _replace(
            "  A: 10h Kh 9h 10c Kc Qc\n  B: Jh As Ks Qs Ad Kd",
            "  A: 10h Kh 9h 10c Kc\n  B: Jh As Ks Qs Ad",
        )
    )
    assert both_short.template == E_HAND_FULL
    missing = _error(_replace(" 10d Jd", " 10d"))
    assert missing.template == E_MISSING_CARDS
    assert missing.params == {"cards": "Jd"}


def test_points_must_match_the_cards_played() -> None:
    text = EX1_TEXT.replace(
        "stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd", "stock: 9s Qd Qh Js Ac Jc 9c 10d Jd"
    )
    text = text.replace("  A: 10h Kh 9h 10c Kc Qc", "  A: 10s Kh 9h 10c Kc Qc")
    text = text.replace("  B: Jh As Ks Qs Ad Kd", "  B: Jh As Ks Qs Ad 9d")
    text += "played: 10h Kd\nscores: {A: {points: 13, tricks: 1}}\n"
    e = _error(text)
    assert e.template == E_POINTS
    assert e.params == {"expected": 14, "counted": 13}
    good = read_position(text.replace("points: 13", "points: 14"))
    assert isinstance(good.subject, State) and good.subject.points == (14, 0)


def test_tricks_must_follow_each_other() -> None:
    text = EX1_TEXT.replace(
        "stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd", "stock: 9s Qd Qh Js Ac Jc 9c 10d Jd"
    )
    text = text.replace("  A: 10h Kh 9h 10c Kc Qc", "  A: 10s Kh 9h 10c Kc Qc")
    text = text.replace("  B: Jh As Ks Qs Ad Kd", "  B: Jh As Ks Qs Ad 9d")
    ok = read_position(text + "tricks: [A 10h Kd]\n")
    assert isinstance(ok.subject, State)
    assert ok.subject.last_trick == (0, 17, 26, 0)
    e = _error(text + "tricks: [B 10h Kd]\ndealer: B\n")
    assert e.template == E_TRICK_LEADER


def test_unknown_field_and_syntax_errors() -> None:
    e = _error(EX1_TEXT + "handz: x\n")
    assert e.template == E_UNKNOWN_FIELD and e.line == 8 and e.params["field"] == "handz"
    bad = _error("preset: classic\nhands: [\n")
    assert bad.template == E_SYNTAX and bad.line == 3
    twice = _error(EX1_TEXT + "to_move: B\n")
    assert twice.template == E_DUPLICATE_KEY and twice.line == 8


def test_json_errors_have_lines_too() -> None:
    data = json.loads(position_dump(read_position(EX1_TEXT).subject, "json"))
    data["hands"]["B"] = "Jh As Ks Qs Ad Kx"
    text = json.dumps(data, indent=2)
    e = _error(text)
    assert e.template == E_CARD and e.field == "hands.B"
    assert e.line == text.splitlines().index('    "B": "Jh As Ks Qs Ad Kx"') + 1
    syntax = _error('{"preset": "classic",\n "to_move": "A",,\n}')
    assert syntax.template == E_SYNTAX and syntax.line == 2
    dup = _error('{"preset": "classic", "preset": "kurnik"}')
    assert dup.template == E_DUPLICATE_KEY


def test_a_stock_without_its_trump_card() -> None:
    e = _error(_replace("trump: Ah", "trump: h").replace(" 10d Jd", " 10d Jd Ah"))
    assert e.template == E_STOCK_NO_TRUMP


def test_a_view_whose_counts_do_not_add_up() -> None:
    text = (
        "preset: classic\nto_move: A\ntrump: Ah\nhand: 10h Kh 9h 10c Kc Qc\n"
        "opponent: {unknown: 5}\n"
    )
    e = _error(text)
    assert e.template == E_COUNTS and e.field == "opponent.unknown" and e.line == 5
    assert isinstance(read_position(text.replace("unknown: 5", "unknown: 6")).subject, View)


def test_a_missing_file() -> None:
    with pytest.raises(PositionError) as info:
        load_position(ROOT / "positions" / "no-such-file.yaml")
    assert info.value.template == E_NOT_FOUND


def test_errors_render_with_a_translator() -> None:
    e = _error(_replace("preset: classic", "preset: clasic"))
    assert e.render(get_translator("en")) == str(e)
    assert e.render(get_translator("de")).startswith("pos.yaml:1: preset: ")
    data = e.to_dict()
    assert data["template"] == E_PRESET and data["line"] == 1 and data["field"] == "preset"
    assert isinstance(Position(read_position(EX1_TEXT).subject).subject, State)

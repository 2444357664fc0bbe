"""The two trump deviations of 000 (presets named_trump and heart_ace): invariants over thousands
of random deals with random legal moves of every kind, and the rules that set them apart."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli.main import main
from tutor.engine import (
    ACE_OF_HEARTS,
    CARDS,
    NAME_TRUMPS,
    SRC_000,
    Card,
    Marriage,
    NameTrump,
    Play,
    State,
    Suit,
    apply,
    check,
    legal_moves,
    new_deal,
    parse_move,
    parse_rules,
    play_moves,
    preset,
    random_deal,
    track_excluded,
    view_of,
)
from tutor.engine.rules import SwitchValueError
from tutor.formats.position_messages import (
    E_TRICKS_NAMED,
    E_TRUMP_MARRIAGE,
    E_TRUMP_NO_CARD,
    E_TRUMP_NONE,
)
from tutor.formats.positions import PositionError, position_dump, read_position
from tutor.teach.lessons import check_lesson
from tutor.teach.lessons.messages import E_TRUMP_NOT_TURNED

ROOT = Path(__file__).resolve().parents[2]

# A player names trumps, marriages count 20, 40, 60, 80 and make trumps; no trumps until the
# holder of the ace of hearts names them, every marriage 20.
SPECS = {
    "named_trump": "classic(trump.mode=named, marriage.escalating=true,"
    " marriage.makes_trump=true, marriage.needs_trick=false)",
    "heart_ace": "classic(trump.mode=heart_ace, marriage.trump_points=20)",
}
NAMES = tuple(SPECS)


def test_the_presets_are_these_switches() -> None:
    for name, spec in SPECS.items():
        assert dataclasses.replace(preset(name), name=spec) == parse_rules(spec)
        assert preset(name).source_of("trump.mode") == SRC_000


def _conserved(s: State) -> None:
    """Every card of the pack is in exactly one place."""
    parts = [s.hands[0], s.hands[1], s.played_mask, *(1 << i for i in s.stock)]
    if s.lead >= 0:
        parts.append(1 << s.lead)
    union = 0
    for part in parts:
        assert union & part == 0, "a card in two places"
        union |= part
    assert union == s.rules.pack_mask
    assert s.trump_card == -1  # no card is ever turned face up


def _step(s: State, move: object, after: State) -> None:
    """What one move does under these rules."""
    rules = s.rules
    if isinstance(move, NameTrump):
        assert s.trump is None and after.trump is move.suit
        if rules.trump_mode.value == "heart_ace":
            p = s.to_move
            assert p is not None and s.hands[p] & ACE_OF_HEARTS.bit
    elif isinstance(move, Marriage):
        n = len(s.marriages)
        gained = sum(after.melds) + sum(after.pending) - sum(s.melds) - sum(s.pending)
        if rules.marriage_escalating:
            assert gained == 20 * (n + 1)
        else:
            assert gained == 20
        if rules.marriage_makes_trump:
            assert after.trump is move.suit
        else:
            assert after.trump is s.trump
    elif after.trump is not s.trump:
        raise AssertionError(f"{move} changed the trump")
    if isinstance(move, Play) and move.card is ACE_OF_HEARTS:
        assert s.trump is not None, "the ace of hearts played before trumps were named"


def playout(s: State, rng: random.Random) -> list[State]:
    seen = [s]
    while not s.is_over:
        moves = legal_moves(s)
        assert moves, "no legal move before the end of the deal"
        move = rng.choice(moves)
        after = apply(s, move)
        _step(s, move, after)
        s = after
        seen.append(s)
    return seen


def _check_deal(name: str, seed: int) -> None:
    rules = preset(name)
    start = random_deal(rules, random.Random(seed), dealer=seed % 2)
    assert start.trump is None and start.stock_size == 12
    if name == "named_trump":
        assert set(legal_moves(start)) == set(NAME_TRUMPS)
    states = playout(start, random.Random(seed * 7 + 1))
    for s in states:
        _conserved(s)
    end = states[-1]
    assert end.result is not None
    gp = end.result.game_points
    assert all(0 <= g <= 3 for g in gp) and min(gp) == 0
    pts = rules.points_by_index
    for s in states:
        played = sum(pts[c.index] for c in CARDS if s.played_mask >> c.index & 1)
        assert sum(s.points) == played or (
            s is end and sum(s.points) == played + rules.last_trick_bonus
        )
    if not end.hands[0] and not end.hands[1] and end.closed_by < 0:
        assert sum(end.points) == rules.total_card_points + rules.last_trick_bonus
    values = [20 * (i + 1) if rules.marriage_escalating else 20 for i in range(len(end.marriages))]
    assert sum(end.melds) + sum(end.pending) == sum(values)
    again = playout(
        random_deal(rules, random.Random(seed), dealer=seed % 2), random.Random(seed * 7 + 1)
    )
    assert again == states


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_deals_keep_the_invariants(name: str, seed: int) -> None:
    _check_deal(name, seed)


@pytest.mark.parametrize("name", NAMES)
def test_thousands_of_deals_end_with_sane_scores(name: str) -> None:
    rules = preset(name)
    rng = random.Random(name)
    named = marriages = 0
    for _ in range(3000):
        s = random_deal(rules, rng, dealer=rng.randrange(2))
        while s.result is None:
            move = rng.choice(legal_moves(s))
            named += isinstance(move, NameTrump)
            marriages += isinstance(move, Marriage)
            s = apply(s, move)
        assert 0 <= max(s.result.game_points) <= 3
        assert max(s.result.scores) <= rules.reachable
    assert named > 1000 and marriages > 300


def _deal(name: str) -> State:
    # A holds the diamond marriage (as in the article's example) and the ace of hearts.
    return new_deal(
        preset(name),
        hands=("Kd Qd Ah 9c Jc 9s", "10d Ks Qs Ac 10c Js"),
        trump_card=None,
        stock="Ad Jd 9d As 10s Kc Qc 10h Kh Qh Jh 9h",
        dealer=1,
    )


def test_named_trump_follows_the_articles_example() -> None:
    """A names diamonds and announces the diamond marriage: 20; B takes the trick with the ten
    and announces spades: 40, and spades are trumps."""
    s = _deal("named_trump")
    assert check(s, Play(Card.parse("9c"))).rule_ids == ("trump.name_first",)
    s = play_moves(s, ["trump d", "marry Qd", "10d"])
    assert s.trump is Suit.DIAMONDS and s.melds == (20, 0) and s.leader == 1
    s = play_moves(s, ["marry Qs"])
    assert s.trump is Suit.SPADES and s.melds == (20, 40)
    assert not check(s, parse_move("trump h")).legal
    assert check(s, parse_move("trump h")).rule_ids == ("trump.named",)


def test_heart_ace_names_trumps_only_by_its_holder() -> None:
    s = _deal("heart_ace")
    assert s.trump is None
    ace = Play(ACE_OF_HEARTS)
    assert ace not in legal_moves(s) and check(s, ace).rule_ids == ("trump.ace_first",)
    assert set(NAME_TRUMPS) <= set(legal_moves(s))
    s = play_moves(s, ["9c"])  # B, to follow, cannot name: A holds the ace
    assert not any(isinstance(m, NameTrump) for m in legal_moves(s))
    assert check(s, parse_move("trump c")).rule_ids == ("trump.heart_ace",)
    s = play_moves(s, ["10c"])  # no trumps: the higher club takes the trick
    assert s.leader == 1 and s.trump is None
    s = play_moves(s, ["Js", "trump h"])  # A names hearts while following
    assert s.trump is Suit.HEARTS and s.known[0] & ACE_OF_HEARTS.bit
    assert ace in legal_moves(s)


def test_face_up_rules_refuse_naming_and_other_rules_refuse_the_exchange() -> None:
    classic = random_deal(parse_rules("classic"), random.Random(1))
    assert check(classic, NAME_TRUMPS[0]).rule_ids == ("trump.face_up",)
    named = play_moves(_deal("named_trump"), ["trump d"])
    assert check(named, parse_move("exchange")).rule_ids == ("exchange.no_card",)


def test_closing_without_a_face_up_card() -> None:
    s = play_moves(_deal("heart_ace"), ["trump h", "9c", "10c", "close"])
    assert s.closed_by == 1 and s.phase2 and s.stock_size == 10


def test_impossible_switch_combinations_are_refused() -> None:
    with pytest.raises(SwitchValueError) as info:
        parse_rules("classic(marriage.makes_trump=true)")
    assert info.value.message[1]["other"] == "trump.mode"
    assert parse_rules("classic(trump.mode=heart_ace)").trump_mode.value == "heart_ace"
    assert parse_rules("pack32(marriage.escalating=true)").reachable == 120 + 10 + 200


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_positions_without_a_face_up_card_round_trip(name: str, seed: int) -> None:
    """Every state and both players' views of random deals are written and read back the same:
    no trump named yet ("none"), a trump named or changed by marriages, the marriages counted."""
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
        s = apply(s, move)


_HEAD = (
    "preset: '{spec}'\nto_move: A\ntrump: {trump}\n"
    "hands: {{A: Kd Qd Ah 9c Jc 9s, B: 10d Ks Qs Ac 10c Js}}\n"
    "stock: Ad Jd 9d As 10s Kc Qc 10h Kh Qh Jh 9h\n"
)


@pytest.mark.parametrize(
    ("name", "trump", "extra", "template"),
    [
        ("named_trump", "Ah", "", E_TRUMP_NO_CARD),
        ("heart_ace", "none", "tricks: [A 9h 10h]\n", E_TRICKS_NAMED),
        ("named_trump", "d", "marriages: [A c]\nscores: {A: {melds: 20}}\n", E_TRUMP_MARRIAGE),
    ],
)
def test_positions_without_a_face_up_card_say_what_is_wrong(
    name: str, trump: str, extra: str, template: str
) -> None:
    text = _HEAD.format(spec=name, trump=trump) + extra
    with pytest.raises(PositionError) as info:
        read_position(text)
    assert info.value.template == template


def test_a_face_up_preset_refuses_none_and_no_trump_is_read() -> None:
    with pytest.raises(PositionError) as info:
        read_position(_HEAD.format(spec="classic", trump="none").replace(" 9h\n", "\n"))
    assert info.value.template == E_TRUMP_NONE
    p = read_position(_HEAD.format(spec="heart_ace", trump="none"))
    assert isinstance(p.subject, State) and p.subject.trump is None
    assert NAME_TRUMPS[0] in legal_moves(p.subject)


def test_a_lesson_under_named_trumps_names_no_face_up_card(tmp_path: Path) -> None:
    text = (ROOT / "lessons" / "variant-heart-ace.yaml").read_text(encoding="utf-8")
    lesson, errors = check_lesson(_write(tmp_path, text))
    assert lesson is not None and not errors
    with_card = text.replace("  stock: Ad Jd", "  trump: Jd\n  stock: Ad")
    lesson, errors = check_lesson(_write(tmp_path, with_card))
    assert [e.template for e in errors] == [E_TRUMP_NOT_TURNED]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_hint_counts_the_stock_without_a_face_up_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.yaml"
    path.write_text(_HEAD.format(spec="heart_ace", trump="none"), encoding="utf-8")
    assert main(["hint", str(path), "--level", "1"]) == 0
    out = capsys.readouterr().out
    assert "12 cards are left to draw." in out and "face-up" not in out

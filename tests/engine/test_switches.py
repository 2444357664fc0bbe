"""Every rule switch on a concrete position: its effect in one preset, the opposite in another."""

from __future__ import annotations

import random
from dataclasses import replace
from enum import Enum

import pytest
from conftest import EX2, EX2_MOVES, position

from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    PRESETS,
    Card,
    Credit,
    EndKind,
    IllegalMoveError,
    Marriage,
    Penalty,
    Play,
    RuleSet,
    SwitchValueError,
    applies,
    apply,
    check,
    legal_moves,
    new_deal,
    parse_move,
    parse_rules,
    play_moves,
    preset,
    random_deal,
    scoring,
    switch_ids,
    unused_by,
)
from tutor.engine.rules import DEPENDS
from tutor.engine.scoring import Ending
from tutor.words.i18n import get_translator
from tutor.words.switches import switch_value_text

# Trump diamonds; A leads. A holds a heart marriage and the trump nine.
D1 = dict(
    hands=("Kh Qh 9d Ac 10c 9s", "Ah Jh Kc Qc 10s Js"),
    trump_card="Ad",
    stock="Jc 9c As Ks Qs 10h 10d Kd Qd Jd 9h",
)
# A closes at once and cannot reach 66; B takes the first two tricks.
CLOSED_FAIL = ["close", "Kh", "Ah", "Js", "9s", "10s", "9d", "Ac", "Kc", "10c", "Qc", "Qh", "Jh"]
# B takes three tricks (40 points), A trumps the fourth and is on lead with 3 points.
B_AHEAD = ["Kh", "Ah", "10s", "9s", "As", "Ks", "Qs", "9d"]


def c(text: str) -> Card:
    return Card.parse(text)


def test_phase2_duty_follow_versus_head() -> None:
    for name, jack_ok in (("classic", True), ("kurnik", False), ("pagat", False)):
        s = position(name, ["close", "Kh"], **D1)
        v = check(s, Play(c("Jh")))
        assert v.legal is jack_ok, name
        assert v.rule_ids == (("phase2.follow",) if jack_ok else ("phase2.head",))
        assert check(s, Play(c("Ah"))).legal
        assert not check(s, Play(c("Kc"))).legal  # a heart must be played in every preset


def test_phase1_is_free_in_every_preset() -> None:
    for name in ("classic", "kurnik", "pagat"):
        s = position(name, ["Kh"], **D1)
        assert {str(m) for m in legal_moves(s)} == {"Ah", "Jh", "Kc", "Qc", "10s", "Js"}
        assert check(s, Play(c("Js"))).rule_ids == ("phase1.free",)


def test_marriage_needs_trick() -> None:
    s = position("classic", **D1)
    assert check(s, Marriage(c("Kh"))).rule_ids == ("marriage.needs_trick",)
    assert not check(s, Marriage(c("Kh"))).legal
    assert check(position("kurnik", **D1), Marriage(c("Kh"))).legal


def test_marriage_in_closed_phase() -> None:
    after = EX2_MOVES[:4]  # B exchanged and closed
    classic = position("classic", after, **EX2)
    kurnik = position("kurnik", after, **EX2)
    assert check(classic, Marriage(c("Qd"))).legal
    verdict = check(kurnik, Marriage(c("Qd")))
    assert not verdict.legal and verdict.rule_ids == ("marriage.in_phase2",)
    with pytest.raises(IllegalMoveError) as err:
        play_moves(kurnik, EX2_MOVES[4:])
    assert err.value.rule_ids == ("marriage.in_phase2",)


def test_marriage_credit() -> None:
    # A wins a trick first, then announces 20 in hearts and loses that trick to the ace.
    moves = ["Ac", "Js", "marry Kh", "Ah"]
    classic = position("classic", moves, **D1)
    pagat = position("pagat", moves, **D1)
    kurnik = position("kurnik", moves, **D1)
    assert classic.melds == (20, 0) and classic.pending == (0, 0)
    assert pagat.melds == (20, 0) and pagat.pending == (0, 0)  # A had won a trick before
    assert kurnik.melds == (0, 0) and kurnik.pending == (20, 0)  # needs a trick after announcing
    assert preset("kurnik").marriage_credit is Credit.AFTER_TRICK


def test_marriage_credit_waits_for_first_trick_under_pagat() -> None:
    s = position("pagat", ["marry Kh"], **D1)
    assert s.melds == (0, 0) and s.pending == (20, 0)
    s = apply(s, Play(c("Jh")))  # A wins with the king
    assert s.melds == (20, 0) and s.pending == (0, 0)


def test_trump_marriage_is_40() -> None:
    s = position(
        "kurnik",
        **{
            **D1,
            "trump_card": "Ah",
            "hands": ("Kd Qd 9h Ac 10c 9s", "Ad Jh Kc Qc 10s Js"),
            "stock": "Jc 9c As Ks Qs 10h 10d Kh Qh Jd 9d",
        },
    )
    assert check(s, Marriage(c("Qd"))).legal
    v = check(s, Marriage(c("Qd")))
    assert v.reasons[0].param("points") == 20  # diamonds are not trumps here
    s2 = position(
        "kurnik",
        **{
            **D1,
            "trump_card": "Ad",
            "hands": ("Kd Qd 9h Ac 10c 9s", "Ah Jh Kc Qc 10s Js"),
            "stock": "Jc 9c As Ks Qs 10h 10d Kh Qh Jd 9d",
        },
    )
    assert check(s2, Marriage(c("Qd"))).reasons[0].param("points") == 40


def test_exchange_needs_trick() -> None:
    s = position("classic", **D1)
    v = check(s, EXCHANGE)
    assert not v.legal and v.rule_ids == ("exchange.needs_trick",)
    loose = new_deal(preset("classic").with_changes(exchange_needs_trick=False), **D1)
    assert EXCHANGE in legal_moves(loose)
    after = apply(loose, EXCHANGE)
    assert str(after.trump_card_value) == "9d" and c("Ad") in after.hand(0)


def test_exchange_rank_nine_or_jack() -> None:
    import random

    assert check(position("classic", **D1), EXCHANGE).reasons[0].param("card") == c("9d")
    s = random_deal(preset("schnapsen"), random.Random(3))
    assert check(s, EXCHANGE).reasons[-1].param("card") == Card.of(
        preset("schnapsen").exchange_rank, s.trump
    )
    assert str(preset("schnapsen").exchange_rank) == "J"
    assert str(preset("pack32").exchange_rank) == "7"


def _closed_fail(name: str, **changes: object) -> tuple[int, ...]:
    rules = preset(name).with_changes(**changes) if changes else preset(name)
    s = play_moves(new_deal(rules, **D1), CLOSED_FAIL)  # type: ignore[arg-type]
    assert s.result is not None and s.result.kind is EndKind.CLOSER_FAILED
    assert s.result.scores == (43, 17) and s.tricks == (4, 2)
    return s.result.game_points


def test_failed_closer_scores() -> None:
    assert _closed_fail("classic") == (0, 3)  # 000 rule 5: always 3
    assert _closed_fail("kurnik") == (0, 2)  # B took tricks by the end
    assert _closed_fail("pagat") == (0, 3)  # B had no trick when A closed
    # scale: B wins as after a normal deal; A has 43 >= 33, so 1
    assert _closed_fail("kurnik", closer_penalty=Penalty.SCALE) == (0, 1)
    assert preset("pack32").closer_penalty is Penalty.SCALE


def test_no_last_trick_bonus_after_closing() -> None:
    s = play_moves(new_deal(preset("classic"), **D1), CLOSED_FAIL)  # type: ignore[arg-type]
    assert sum(s.points) == 60  # the twelve cards only
    bonus = preset("classic").with_changes(bonus_when_closed=True)
    s2 = play_moves(new_deal(bonus, **D1), CLOSED_FAIL)  # type: ignore[arg-type]
    assert s2.points == (53, 17)


def test_out_resolution_and_false_declaration() -> None:
    kurnik = position("kurnik", [*B_AHEAD, "out"], **D1)
    assert kurnik.result is not None and kurnik.result.kind is EndKind.FALSE_OUT
    assert kurnik.result.game_points == (0, 2)  # fixed 2: B has tricks
    classic = position("classic", [*B_AHEAD, "out"], **D1)
    assert classic.result is None and classic.out_by == 0  # ends after the trick
    assert DECLARE_OUT not in legal_moves(classic) and CLOSE not in legal_moves(classic)
    classic = play_moves(classic, ["Ac", "Jc"])
    assert classic.result is not None and classic.result.kind is EndKind.FALSE_OUT
    assert classic.result.scores == (16, 40)
    assert classic.result.game_points == (0, 1)  # what A would have won: B has 40, so 1


def test_false_declaration_without_opponent_trick() -> None:
    s = position("kurnik", ["out"], **D1)
    assert s.result is not None and s.result.game_points == (0, 3)
    # pagat: a false "out" gives 2 whatever the opponent has, a trick or none (audit BUG-1)
    for moves in (["Ac", "Js", "out"], [*B_AHEAD, "out"]):
        s = position("pagat", moves, **D1)
        assert s.result is not None and s.result.kind is EndKind.FALSE_OUT, moves
        assert s.result.game_points == (0, 2), moves
    assert position("kurnik", ["Ac", "Js", "out"], **D1).result.game_points == (0, 3)  # type: ignore[union-attr]


def test_out_after_marriage() -> None:
    kurnik = position("kurnik", **D1)
    move = parse_move("marry Kh out")
    assert move in legal_moves(kurnik)
    end = apply(kurnik, move)  # 20 counts at once but 20 < 66: a false declaration
    assert end.result is not None and end.result.kind is EndKind.FALSE_OUT
    assert end.melds == (20, 0)
    # 002 lets a player go out only after winning a trick: the switch set that way
    strict = new_deal(parse_rules("kurnik(out.after_marriage=false)"), **D1)  # type: ignore[arg-type]
    assert move not in legal_moves(strict)
    assert "out.after_marriage" in check(strict, move).rule_ids


def test_closer_opponent_may_declare() -> None:
    moves = ["close", "Kh", "Ah"]  # B wins the first trick and is on lead
    classic = position("classic", moves, **D1)
    kurnik = position("kurnik", moves, **D1)
    assert DECLARE_OUT in legal_moves(classic)
    v = check(kurnik, DECLARE_OUT)
    assert not v.legal and v.rule_ids == ("out.closer_opponent",)


def test_closer_opponent_who_reaches_66_scores_as_if_the_closer_failed() -> None:
    # A closed; B is on lead with 70: B's declaration means A failed, which 000 scores 3.
    s = position("classic", ["close", "Kh", "Ah"], **D1)._replace(points=(10, 70), tricks=(0, 1))
    s = apply(s, DECLARE_OUT)
    while s.result is None:
        s = apply(s, legal_moves(s)[0])
    assert s.result.kind is EndKind.CLOSER_FAILED and s.result.game_points == (0, 3)
    # without a closer the same count scores by the Schneider scale: A has under 33
    t = position("classic", ["Kh", "Ah"], **D1)._replace(points=(10, 70), tricks=(0, 1))
    t = apply(t, DECLARE_OUT)
    while t.result is None:
        t = apply(t, legal_moves(t)[0])
    assert t.result.kind is EndKind.OUT and t.result.game_points == (0, 2)


def test_schwarz_by_tricks_or_points() -> None:
    # A on lead with 70 points; B took one trick but no card points.
    base = position("kurnik", **D1)
    s = base._replace(points=(70, 0), tricks=(5, 1))
    assert apply(s, DECLARE_OUT).result.game_points == (3, 0)  # type: ignore[union-attr]
    p = position("pagat", **D1)._replace(points=(70, 0), tricks=(5, 1))
    assert apply(p, DECLARE_OUT).result.game_points == (2, 0)  # type: ignore[union-attr]


def test_schneider_threshold() -> None:
    base = position("pagat", **D1)
    for b_points, gp in ((32, 2), (33, 1)):
        s = base._replace(points=(70, b_points), tricks=(5, 1))
        assert apply(s, DECLARE_OUT).result.game_points == (gp, 0)  # type: ignore[union-attr]


def test_target_switch() -> None:
    s = position("kurnik", **D1)._replace(points=(62, 10), tricks=(4, 1))
    assert apply(s, DECLARE_OUT).result.kind is EndKind.FALSE_OUT  # type: ignore[union-attr]
    low = s._replace(rules=parse_rules("kurnik(deal.target=61)"))
    assert apply(low, DECLARE_OUT).result.kind is EndKind.OUT  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "pack_size", "hand"),
    [
        ("classic", 24, 6),
        ("kurnik", 24, 6),
        ("pagat", 24, 6),
        ("sharpened", 20, 6),
        ("pack32", 32, 6),
        ("schnapsen", 20, 5),
    ],
)
def test_packs_and_hands(name: str, pack_size: int, hand: int) -> None:
    import random

    rules = preset(name)
    assert rules.pack_size == pack_size and rules.hand_size == hand
    assert rules.total_card_points == 120
    s = random_deal(rules, random.Random(1))
    assert len(s.hand(0)) == len(s.hand(1)) == hand
    assert s.stock_size == pack_size - 2 * hand


def test_every_switch_has_a_source_and_presets_cite_real_sources() -> None:
    from tutor.engine import SOURCES

    ids = switch_ids()
    assert len(ids) == len(set(ids)) >= 25
    for rules in PRESETS.values():
        for sw in rules.switches():
            assert sw.source in SOURCES, (rules.name, sw.id)


def test_presets_differ_where_the_sources_do() -> None:
    differing = {
        sid for sid in switch_ids() if len({preset(n).switch(sid).value for n in PRESETS}) > 1
    }
    assert {
        "phase2.duty",
        "marriage.needs_trick",
        "marriage.credit",
        "marriage.in_phase2",
        "exchange.rank",
        "close.penalty",
        "close.penalty_points",
        "close.no_trick_at",
        "out.resolution",
        "out.closer_opponent",
        "out.false_penalty",
        "score.schwarz_by",
        "pack.ranks",
        "deal.hand_size",
    } <= differing


def test_switch_values_read_as_text() -> None:
    assert preset("schnapsen").switch("exchange.rank").text_value == "J"
    assert preset("classic").switch("phase2.duty").text_value == "follow"
    assert preset("classic").switch("marriage.needs_trick").text_value == "true"
    assert preset("pack32").switch("pack.ranks").text_value == "A 10 K Q J 9 8 7"


# ----------------------------------------------------------------------------- audit bugs 2 to 8


def test_pagat_closer_opponent_goes_out_first_for_2() -> None:
    """Audit BUG-2: under pagat the closer's opponent may declare 66, for a flat 2."""
    moves = ["close", "Kh", "Ah"]  # A closes; B wins the first trick and is on lead
    pagat = position("pagat", moves, **D1)
    assert DECLARE_OUT in legal_moves(pagat) and check(pagat, DECLARE_OUT).legal
    assert not check(position("kurnik", moves, **D1), DECLARE_OUT).legal
    # B has 70 and A no trick: pagat's flat 2, where classic's failed closer gives 3
    end = apply(pagat._replace(points=(10, 70), tricks=(0, 1)), DECLARE_OUT)
    assert end.result is not None and end.result.kind is EndKind.OUT
    assert (end.result.winner, end.result.game_points) == (1, (0, 2))
    assert end.result.rule_id == "close.opponent_out"
    as_penalty = parse_rules("pagat(close.opponent_out=penalty)")
    s = play_moves(new_deal(as_penalty, **D1), moves)  # type: ignore[arg-type]
    end = apply(s._replace(points=(10, 70), tricks=(0, 1)), DECLARE_OUT)
    assert end.result is not None and end.result.kind is EndKind.CLOSER_FAILED
    assert end.result.game_points == (0, 3)  # pagat's failed close: B had no trick at closing
    three = parse_rules("pagat(close.opponent_out_points=3)")
    assert scoring(three).declare(1, 10, 70, 0b10, 0, 1) == -3
    assert scoring(preset("pagat")).declare(1, 10, 70, 0b10, 0, 1) == -2


def test_exchange_timing_on_turn_lets_the_follower_exchange() -> None:
    """Audit BUG-4: under classic (000) the follower who has won a trick may exchange before
    playing to the lead; kurnik and pagat allow it only on lead."""
    moves = ["Ac", "Js", "9s", "10s", "As"]  # A won trick 1, holds 9d; B leads As
    classic = position("classic", moves, **D1)
    assert classic.to_move == 0 and c("9d") in classic.hand(0)
    assert EXCHANGE in legal_moves(classic)
    assert check(classic, EXCHANGE).rule_ids == ("exchange.card",)
    after = apply(classic, EXCHANGE)
    assert after.to_move == 0 and after.lead_card == c("As")  # A still has to play
    assert c("Ad") in after.hand(0) and str(after.trump_card_value) == "9d"
    after = apply(after, Play(c("Ad")))  # and trumps the ace with the ace of trumps
    assert after.leader == 0 and after.points[0] == 13 + 11 + 11  # Ac Js, then As Ad
    for name in ("kurnik", "pagat"):
        s = position(name, moves, **D1)
        v = check(s, EXCHANGE)
        assert not v.legal and v.rule_ids == ("exchange.on_lead",), name
        assert EXCHANGE not in legal_moves(s)
    on_lead = play_moves(new_deal(parse_rules("classic(exchange.timing=on_lead)"), **D1), moves)  # type: ignore[arg-type]
    assert EXCHANGE not in legal_moves(on_lead)


# classic-tie-95 and classic-lasttrick-lower of the audit, as (s0, s1, last-trick winner)
TIE_95 = (95, 95, 0)
LAST_TRICK_LOWER = (100, 90, 1)


def test_played_out_last_trick_winner_with_66_against_the_higher_score() -> None:
    """Audit BUG-5: 000 gives a played-out deal to the last trick's winner if he has 66."""
    classic = scoring(preset("classic"))
    higher = scoring(parse_rules("classic(deal.played_out=higher)"))
    kurnik = scoring(preset("kurnik"))
    s0, s1, last = TIE_95
    why: list[Ending] = []
    assert classic.end_of_cards(s0, s1, 0b11, -1, 0, last, why) == 1  # A took the last trick
    assert why[0][1] is EndKind.LAST_TRICK and why[0][2] == 0
    assert higher.end_of_cards(s0, s1, 0b11, -1, 0, last) == 0  # a draw
    assert kurnik.end_of_cards(s0, s1, 0b11, -1, 0, last) == 0
    s0, s1, last = LAST_TRICK_LOWER
    assert classic.end_of_cards(s0, s1, 0b11, -1, 0, last) == -1  # B took it with 90
    assert higher.end_of_cards(s0, s1, 0b11, -1, 0, last) == 1  # A has more
    # the last trick's winner short of 66: the other wins with 66; a draw only at 65:65
    assert classic.end_of_cards(70, 60, 0b11, -1, 0, 1) == 1
    why = []
    assert classic.end_of_cards(65, 65, 0b11, -1, 0, 0, why) == 0
    assert why[0][1] is EndKind.DRAW and why[0][5] == "deal.played_out"


C137 = dict(
    hands=("10c Jc Qs Jh 9h Kd", "Qc Ah Kh Ad Jd 9d"),
    trump_card="Ks",
    stock="10d Qd Ac 9s Qh 10s As Js 10h 9c Kc",
)
C137_MOVES = [
    "Kd",
    "9d",
    "Jc",
    "Ad",
    "Qs",
    "9s",
    "Qh",
    "10s",
    "Kh",
    "Jh",
    "Ah",
    "9c",
    "marry Qc",
    "10c",
    "Ac",
    "Kc",
    "Ks",
    "As",
    "10h",
    "9h",
    "Jd",
    "10d",
    "Js",
    "Qd",
]
C13 = dict(
    hands=("Js Ah Kh Jh 9h Jd", "Ac Kc As 9s 10h Qh"),
    trump_card="Qc",
    stock="9d 10c Ad Kd 10d Jc 10s 9c Qd Qs Ks",
)
C13_MOVES = [
    "Js",
    "As",
    "10h",
    "Jd",
    "Qh",
    "Ah",
    "Jh",
    "Jc",
    "Kc",
    "9h",
    "Qd",
    "10d",
    "Kd",
    "9d",
    "marry Ks",
    "9s",
    "Qs",
    "10s",
    "Ad",
    "10c",
    "Kh",
    "Qc",
    "Ac",
    "9c",
]


@pytest.mark.parametrize(
    ("deal", "moves", "classic", "higher"),
    [
        (C137, C137_MOVES, (1, 0), None),  # 75:75, A took the last trick
        (C13, C13_MOVES, (0, 1), 0),  # A 76 : B 74, B took the last trick
    ],
)
def test_played_out_whole_deals_of_the_audit(
    deal: dict[str, object], moves: list[str], classic: tuple[int, int], higher: int | None
) -> None:
    s = position("classic", moves, **deal)
    assert s.result is not None and s.result.kind is EndKind.LAST_TRICK
    assert s.result.game_points == classic
    t = play_moves(new_deal(parse_rules("classic(deal.played_out=higher)"), **deal), moves)  # type: ignore[arg-type]
    assert t.result is not None and t.result.winner == higher
    assert t.result.scores == s.result.scores


P1 = dict(
    hands=("10c Ks Qs 10h Kd Jd", "Jc 9c 7c 10s Ah Qh"),
    trump_card="8d",
    stock="9s 8h Ac 9h 9d 8c Js Jh 7h 8s 7s Qc 7d Kc Ad 10d Qd Kh As",
)


def test_pack32_failed_close_and_the_closers_false_declaration() -> None:
    """Audit BUG-6 and BUG-7: pack32's failed closer gives the opponent what a normal deal
    would, graded on the closer; the closer's false declaration is a failed close."""
    p1a = position(
        "pack32",
        ["close", "10c", "Jc", "marry Ks", "10s", "Qh", "10h", "Kd", "Ah", "Qs", "9c", "Jd", "7c"],
        **P1,
    )
    assert p1a.result is not None and p1a.result.kind is EndKind.CLOSER_FAILED
    assert p1a.result.scores == (65, 14) and p1a.result.game_points == (0, 1)
    p1b = position("pack32", ["close", "10c", "Jc", "marry Ks", "10s", "Qh", "10h", "out"], **P1)
    assert p1b.result is not None and p1b.result.kind is EndKind.CLOSER_FAILED
    assert p1b.result.game_points == (0, 1)
    # the two meanings of the scale say what they compute
    en = get_translator("en")
    rules = preset("pack32")
    assert "by the closer's points" in switch_value_text(rules.switch("close.penalty"), en)
    assert "declarer would have won" in switch_value_text(rules.switch("out.false_penalty"), en)
    assert rules.switch("close.penalty").note  # 002 gives no number: the note says so


@pytest.mark.parametrize("name", ["pagat", "pack32"])
def test_out_needs_a_trick_at_the_first_lead(name: str) -> None:
    """Audit BUG-8: pagat and 002 let a player go out only after winning a trick (or with a
    marriage); kurnik (001) lets any player on lead declare."""
    # D1 is a 24-card deal; pack32 on P1, where A holds the spade marriage
    s = position(name, **D1) if name == "pagat" else position(name, **P1)
    assert DECLARE_OUT not in legal_moves(s)
    v = check(s, DECLARE_OUT)
    assert not v.legal and v.rule_ids == ("out.needs_trick",)
    assert any(isinstance(m, Marriage) and m.out for m in legal_moves(s))  # with a marriage
    assert DECLARE_OUT in legal_moves(position("kurnik", **D1))
    after_trick = position("pagat", ["Ac", "Js", "pass"], **D1)  # A won the first trick, drew
    assert DECLARE_OUT in legal_moves(after_trick)


def test_thirtysix_is_won_with_36() -> None:
    rules = preset("thirtysix")
    assert (rules.target, rules.schneider_below, rules.pack_size) == (36, 18, 32)
    sc = scoring(rules)
    assert sc.declare(0, 36, 17, 0b11, -1, 0) == 2  # 36 is enough; B under 18: Schneider
    assert sc.declare(0, 36, 18, 0b11, -1, 0) == 1
    # false under 66: B gets what A would have won, 2 with B under 33
    assert scoring(preset("pack32")).declare(0, 36, 18, 0b11, -1, 0) == -2
    assert rules.switch("deal.target").note and rules.switch("score.schneider_below").note


def _another_value(rules: RuleSet, field_name: str) -> object:
    value = getattr(rules, field_name)
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        return next(v for v in type(value) if v is not value)
    if isinstance(value, Card):  # another card of the pack
        return next(c for c in CARDS if rules.pack_mask >> c.index & 1 and c != value)
    assert isinstance(value, int)
    return value + 1 if value < 9 else value - 1


@pytest.mark.parametrize("switch_id", sorted(DEPENDS))
def test_a_switch_marked_unused_changes_no_deal(switch_id: str) -> None:
    """``DEPENDS`` is right: where a preset does not read a switch, another value of it
    changes no deal (the same random moves end the same way)."""
    field_name = next(s.field for s in preset("classic").switches() if s.id == switch_id)
    if switch_id.startswith("match."):
        return  # a match switch changes no deal at all
    unused_in = [p for p in PRESETS.values() if not applies(p, switch_id)]
    # every two-player preset allows closing and declaring: what depends on them is read in
    # each (tests/engine/test_three_declaring.py shows it unread in the game for three)
    assert unused_in or DEPENDS[switch_id][0] in ("closing_allowed", "out_allowed"), switch_id
    for rules in unused_in:
        other = replace(rules, **{field_name: _another_value(rules, field_name)})
        rng = random.Random(switch_id)
        for _ in range(150):
            seed = rng.randrange(1 << 30)
            a = random_deal(rules, random.Random(seed), dealer=seed % 2)
            b = random_deal(other, random.Random(seed), dealer=seed % 2)
            moves = random.Random(seed + 1)
            while a.result is None:
                legal = legal_moves(a)
                assert legal == legal_moves(b)
                m = legal[moves.randrange(len(legal))]
                a, b = apply(a, m), apply(b, m)
            assert a.result == b.result, (rules.name, switch_id)
    # and where it is read, it is marked so
    for p in PRESETS.values():
        assert applies(p, switch_id) == (unused_by(p, switch_id) is None)


def test_the_naming_card_is_a_switch() -> None:
    """Under trump.mode=heart_ace the holder of trump.naming_card names trumps: the ace of
    hearts in 000, any card of the pack in a rules spec (and none outside the pack)."""
    spades = parse_rules("heart_ace(trump.naming_card=As)")
    assert spades.naming_card == c("As") and preset("heart_ace").naming_card == c("Ah")
    rng = random.Random(3)
    while True:  # a deal with the first leader holding As and the other Ah
        s = random_deal(spades, rng, dealer=1)
        if s.hands[0] >> c("As").index & 1 and s.hands[1] >> c("Ah").index & 1:
            break
    names = {m for m in legal_moves(s) if str(m).startswith("trump")}
    assert len(names) == 4 and Play(c("As")) not in legal_moves(s)
    v = check(s, Play(c("As")))
    assert not v.legal and v.rule_ids == ("trump.ace_first",)
    same = s._replace(rules=preset("heart_ace"))  # the ace of hearts is with B: A may not name
    assert not any(str(m).startswith("trump") for m in legal_moves(same))
    with pytest.raises(SwitchValueError):
        parse_rules("heart_ace(trump.naming_card=7s)")  # no sevens in the 24-card pack
    with pytest.raises(SwitchValueError):
        parse_rules("heart_ace(trump.naming_card=Xx)")

"""66 for three and four players (tutor.engine.table): properties over thousands of random
deals, and each new switch with its effect and the opposite."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import examples
from tutor.engine import (
    CARDS,
    CLOSE,
    DECLARE_OUT,
    EXCHANGE,
    PASS,
    RULE_SWITCH,
    TABLE_PRESETS,
    Card,
    EndKind,
    EqualCards,
    Marriage,
    Play,
    RuleSet,
    SwitchValueError,
    TableState,
    deal_table,
    parse_rules,
    preset,
    sample_table,
    table_apply,
    table_check,
    table_from_order,
    table_legal_moves,
    table_pack,
    table_view,
    trick_winner_of,
)
from tutor.search import (
    PLAYERS,
    duel,
    players_at,
    selfplay,
    table_club_plus,
    table_random_player,
)
from tutor.words.explain import explain_verdict, source_name
from tutor.words.i18n import get_translator

NAMES = sorted(TABLE_PRESETS)


def _bits(mask: int) -> list[int]:
    return [i & 31 for i in range(64) if mask >> i & 1]


def _cards_everywhere(s: TableState) -> Counter[int]:
    seen: Counter[int] = Counter()
    for h in s.hands:
        seen.update(_bits(h))
    seen.update(s.stock)
    if s.trump_card >= 0:
        seen[s.trump_card] += 1
    seen.update(s.trick)
    seen.update(_bits(s.played))
    return seen


def _play(rules: RuleSet, seed: int) -> tuple[list[TableState], list[object]]:
    rng = random.Random(seed)
    s = deal_table(rules, rng, dealer=seed % rules.seats)
    states, moves = [s], []
    while s.result is None:
        assert table_legal_moves(s), "a legal move exists until the end"
        m = table_random_player(s, rng)
        s = table_apply(s, m)
        states.append(s)
        moves.append(m)
    return states, moves


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=examples(1000), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_card_once_points_add_up_and_a_move_exists(name: str, seed: int) -> None:
    rules = preset(name)
    pack = Counter(table_pack(rules))
    states, _ = _play(rules, seed)
    for s in states:
        assert _cards_everywhere(s) == pack  # every card, and every copy, exactly once
        for side in range(rules.sides):  # a side's score is the sum of its seats'
            assert s.score(side) == sum(s.points[x] + s.melds[x] for x in s.side_seats(side))
    end = states[-1]
    assert end.result is not None
    if end.result.kind in (EndKind.LAST_TRICK, EndKind.DRAW):
        assert not any(end.hands)
        assert sum(end.points) == rules.total_card_points - _dead_points(end) + (
            rules.last_trick_bonus
        )
    assert all(0 <= gp <= 3 * (rules.sides - 1) for gp in end.result.game_points)
    assert end.result.scores == tuple(end.score(x) for x in range(rules.sides))


def _dead_points(s: TableState) -> int:
    """Card points of the cards that stayed out of play (they could not go to every player)."""
    dead = list(s.stock) + ([s.trump_card] if s.trump_card >= 0 else [])
    return sum(s.rules.points_by_index[c] for c in dead)


@pytest.mark.parametrize("name", NAMES)
def test_replays_are_deterministic(name: str) -> None:
    rules = preset(name)
    for seed in range(20):
        a_states, a_moves = _play(rules, seed)
        b_states, b_moves = _play(rules, seed)
        assert a_moves == b_moves and a_states[-1] == b_states[-1]


def test_three_players_leave_the_face_up_card_out_and_play_nine_tricks() -> None:
    """000: 28 cards, 7 each, the 22nd face up: after two tricks everyone has drawn; the face-up
    card cannot go to all three and stays out; nine tricks are played."""
    rules = preset("three")
    s = deal_table(rules, random.Random(4), dealer=2)
    assert s.leader == 0  # left of the dealer
    assert len(s.stock) == 6 and s.trump_card >= 0
    tricks = 0
    rng = random.Random(5)
    while s.result is None:
        before = s.last_trick
        s = table_apply(s, table_random_player(s, rng))
        if s.last_trick is not before and s.last_trick is not None:
            tricks += 1
            if tricks == 2:
                # the face-up card (or the card exchanged for it) stays out of play
                assert not s.stock and s.trump_card >= 0 and not s.stock_open
                assert [len(s.hand(p)) for p in range(3)] == [7, 7, 7]
    if s.result.kind in (EndKind.LAST_TRICK, EndKind.DRAW):
        assert tricks == 9 and s.trump_card >= 0


def test_four_players_draw_the_face_up_card_last_and_partners_count_together() -> None:
    rules = preset("four")
    s = deal_table(rules, random.Random(8), dealer=3)
    assert s.leader == 0 and len(s.stock) == 19 and rules.pack_size == 48
    rng = random.Random(9)
    while s.result is None and (s.stock or s.trump_card >= 0):
        s = table_apply(s, table_random_player(s, rng))
    if s.result is None:  # five tricks drawn: the face-up card went to the last seat in order
        assert s.side_tricks(0) + s.side_tricks(1) == 5
        assert s.score(0) == s.points[0] + s.melds[0] + s.points[2] + s.melds[2]


def _c(text: str) -> int:
    return Card.parse(text).index


def _four_order(first_trick: list[str]) -> list[int]:
    """A four-player deal (dealer 3, so seat 0 gets the first hand) whose first hands start
    with ``first_trick``, and a heart turned for trumps."""
    rest = list(table_pack(preset("four")))
    heads = [_c(x) for x in first_trick]
    for c in heads:
        rest.remove(c)
    face_up = next(c for c in rest if c >> 3 == 2)  # a heart
    rest.remove(face_up)
    hands = [[h, *rest[6 * k : 6 * k + 6]] for k, h in enumerate(heads)]
    return [c for h in hands for c in h] + [face_up] + rest[24:]


@pytest.mark.parametrize(("equal", "taker"), [(EqualCards.FIRST, 1), (EqualCards.LAST, 3)])
def test_of_two_equal_cards_the_switch_says_which_wins(equal: EqualCards, taker: int) -> None:
    """Two packs: seats 1 and 3 both play the ace of clubs to seat 0's jack of clubs. The one
    played first wins (four); the one played last under the other reading."""
    rules = parse_rules(f"four(trick.equal_cards={equal.value})")
    s = table_from_order(rules, _four_order(["Jc", "Ac", "9d", "Ac"]), dealer=3)
    assert int(s.trump) == 2 and s.leader == 0
    for card in ("Jc", "Ac", "9d", "Ac"):
        s = table_apply(s, Play(Card.parse(card)))
    assert s.last_trick is not None and s.last_trick[2] == taker
    assert s.side_tricks(taker % 2) == 1 and s.score(taker % 2) == 2 + 11 + 0 + 11
    first = 1 if equal is EqualCards.FIRST else 2
    assert trick_winner_of((_c("Jc"), _c("Ac"), _c("Ac")), 3, equal) == first


def _end_with(rules: RuleSet, points: tuple[int, ...], tricks: tuple[int, ...]) -> TableState:
    s = deal_table(rules, random.Random(0), dealer=rules.seats - 1)
    return s._replace(points=points, tricks=tricks, leader=0)


@pytest.mark.parametrize(("spec", "gp"), [("three(out.allowed=true)", 4), ("three_pack32", 1)])
def test_what_a_winner_of_three_scores(spec: str, gp: int) -> None:
    """A declares with 70: B has no trick (Schwarz, 3), C has 40 (a simple loss, 1). Each loser
    paying by his own result gives A 4; as against the loser who did best, 1."""
    rules = parse_rules(spec)
    s = _end_with(rules, (70, 0, 40), (3, 0, 2))
    assert DECLARE_OUT in table_legal_moves(s)
    end = table_apply(s, DECLARE_OUT)
    assert end.result is not None and end.result.winner == 0
    assert end.result.game_points == (gp, 0, 0)


def test_a_false_declaration_pays_every_other_side() -> None:
    rules = parse_rules("three(out.allowed=true)")
    s = _end_with(rules, (30, 10, 26), (1, 1, 1))
    end = table_apply(s, DECLARE_OUT)
    assert end.result is not None and end.result.kind is EndKind.FALSE_OUT
    assert end.result.game_points[0] == 0 and min(end.result.game_points[1:]) > 0


@pytest.mark.parametrize(("before", "winner"), [((70, 70, 0), None), ((60, 20, 0), 0)])
def test_played_out_with_three_only_one_player_with_66_wins(
    before: tuple[int, int, int], winner: int | None
) -> None:
    """000: after the last trick the player with 66 wins; if two have it, nobody does."""
    rules = preset("three")
    s = deal_table(rules, random.Random(0), dealer=2)
    # one card each, the stock gone: seat 0 leads the trump ace and takes the last trick
    ace = int(s.trump) * 8
    others = [c for c in range(32) if rules.pack_mask >> c & 1 and c != ace][:2]
    s = s._replace(
        hands=(1 << ace, 1 << others[0], 1 << others[1]),
        stock=(),
        trump_card=-1,
        points=before,
        tricks=(1, 1, 0),
        leader=0,
    )
    for _ in range(3):
        s = table_apply(s, table_legal_moves(s)[0])
    assert s.result is not None and s.result.winner == winner
    assert s.result.kind is (EndKind.DRAW if winner is None else EndKind.LAST_TRICK)


@pytest.mark.parametrize(
    ("spec", "switch"),
    [
        ("three(close.allowed=true)", "close.allowed"),
        ("four(table.seats=3)", "table.partners"),
        ("classic(deal.played_out=only_one)", "deal.played_out"),
        ("three(table.partners=true)", "table.partners"),
        ("three(exchange.timing=on_turn)", "exchange.timing"),
        ("three(deal.played_out=last_trick)", "deal.played_out"),
        ("four(trump.mode=heart_ace)", "trump.mode"),
        ("three(trump.mode=named)", "trump.mode"),
        ("three(out.resolution=after_trick)", "out.resolution"),
        ("three(close.opponent_exchange=true)", "close.opponent_exchange"),
    ],
)
def test_switches_that_do_not_fit_the_table_are_refused(spec: str, switch: str) -> None:
    with pytest.raises(SwitchValueError) as err:
        parse_rules(spec)
    assert err.value.message[1]["name"] == switch


@pytest.mark.parametrize("name", NAMES)
def test_self_play_counts_every_deal(name: str) -> None:
    result = selfplay(name, 300, 1)
    assert sum(result["wins"]) + result["draws"] <= 300
    assert len(result["wins"]) == preset(name).sides
    assert result == {
        **selfplay(name, 300, 1),
        "games_per_second": result["games_per_second"],
    }


# ----------------------------------------------------------------------------- views and players


@pytest.mark.parametrize("name", NAMES)
def test_a_sampled_deal_agrees_with_what_the_seat_has_seen(name: str) -> None:
    """The seat's own hand, the cards played and the cards everyone has seen stay where they
    are; the rest is dealt again, every card (and copy) once."""
    rules = preset(name)
    rng = random.Random(name)
    pack = Counter(table_pack(rules))
    for seed in range(40):
        states, _ = _play(rules, seed)
        for s in states[:: max(1, len(states) // 6)]:
            if s.result is not None:
                continue
            seat = s.to_move
            assert seat is not None
            for x in range(rules.seats):  # known cards are in their hands
                assert s.known[x] & ~_mask32(s.hands[x]) == 0
            world = sample_table(table_view(s, seat), rng)
            assert world.hands[seat] == s.hands[seat] and world.played == s.played
            assert world.trick == s.trick and world.known == s.known
            assert _cards_everywhere(world) == pack
            for x in range(rules.seats):
                assert bin(world.hands[x]).count("1") == bin(s.hands[x]).count("1")
                assert world.known[x] & ~_mask32(world.hands[x]) == 0
            assert table_legal_moves(world) == table_legal_moves(s)


def _mask32(hand: int) -> int:
    return (hand | hand >> 32) & ((1 << 32) - 1)


@pytest.mark.parametrize(
    ("player", "name"),
    [  # the expert's deals take more than about 2 s at every table: they run in the whole run only
        pytest.param(p, n, marks=pytest.mark.slow) if p == "expert" else (p, n)
        for p in sorted(players_at(3))
        for n in NAMES
    ],
)
def test_every_computer_player_finishes_deals_with_legal_moves(name: str, player: str) -> None:
    rules = preset(name)
    chosen = PLAYERS[player]
    for seed in range(3 if player == "expert" else 30):
        rng = random.Random(seed)
        s = deal_table(rules, rng, dealer=seed % rules.seats)
        while s.result is None:
            m = chosen(s, rng)
            assert m in table_legal_moves(s)
            s = table_apply(s, m)


def test_the_club_player_gives_points_to_a_partner_who_wins_the_trick() -> None:
    """Four players: A leads the jack of clubs, B takes it with the ace, C throws the nine of
    diamonds. D, B's partner and last to play, sees B win the trick and gives the card worth
    most."""
    rules = preset("four")
    s = table_from_order(rules, _four_order(["Jc", "Ac", "9d", "10c"]), dealer=3)
    for card in ("Jc", "Ac", "9d"):
        s = table_apply(s, Play(Card.parse(card)))
    assert s.to_move == 3 and s.stock_open
    m = PLAYERS["club"](s, random.Random(0))
    hand = [c for c in s.hand(3)]
    best = max(hand, key=lambda c: rules.points_by_index[c.index])
    assert (
        isinstance(m, Play)
        and rules.points_by_index[m.card.index] == rules.points_by_index[best.index]
    )


def test_a_duel_is_the_same_for_a_seed_and_counts_every_deal() -> None:
    a = duel("four", "club", "random", 60, 3)
    b = duel("four", "club", "random", 60, 3)
    assert {**a, "games_per_second": 0} == {**b, "games_per_second": 0}
    assert a["first_wins"] + a["draws"] + a["other_wins"] == 60
    low, high = a["first_share_wilson95"]
    assert low <= a["first_share"] <= high


def test_the_head_to_head_tally_of_three_adds_up() -> None:
    """Club players never declare falsely: a deal the first seat wins puts it ahead of both
    other seats, a deal another seat wins behind that one, and a drawn deal decides nothing."""
    a = duel("three", "club", "club", 90, 4)
    assert a["head_to_head_ahead"] == 2 * a["first_wins"]
    assert a["head_to_head_behind"] == a["other_wins"]
    decided = a["head_to_head_ahead"] + a["head_to_head_behind"]
    assert a["head_to_head_share"] == round(a["head_to_head_ahead"] / decided, 4)
    low, high = a["head_to_head_wilson95"]
    assert low <= a["head_to_head_share"] <= high
    b = duel("three_pack32", "club", "random", 90, 4)  # random players declare falsely
    assert b["head_to_head_ahead"] + b["head_to_head_behind"] <= 2 * 90
    assert b["head_to_head_ahead"] >= 2 * b["first_wins"]


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_duel_summary_of_three_says_the_head_to_head_share(lang: str) -> None:
    from tutor.cli.selfplay import duel_summary

    tr = get_translator(lang)
    three = duel_summary(duel("three", "club", "random", 30, 1), tr)
    four = duel_summary(duel("four", "club", "random", 8, 1), tr)
    assert len(three.splitlines()) == 3 and len(four.splitlines()) == 2
    if lang != "en":
        assert "head to head" not in three and "same cards" not in four


def test_the_same_deal_replayed_with_the_second_player_in_the_first_ones_seat() -> None:
    """Club plays the same cards the same way: against itself in its own seat it never does
    better or worse. Random play does differ, and the counts stay within the deals."""
    same = duel("three", "club", "club", 40, 2)
    assert same["same_cards_better"] == same["same_cards_worse"] == 0
    assert same["same_cards_share"] is None
    other = duel("four", "club", "random", 40, 2)
    differ = other["same_cards_better"] + other["same_cards_worse"]
    assert 0 < differ <= 40
    assert other["same_cards_share"] == round(other["same_cards_better"] / differ, 4)
    assert other["same_cards_better"] > other["same_cards_worse"]  # club beats random


# ----------------------------------------------------------------------------- why legal


CANDIDATES = (
    *(Play(c) for c in CARDS),
    *(Marriage(c) for c in CARDS),
    *(Marriage(c, True) for c in CARDS),
    EXCHANGE,
    CLOSE,
    DECLARE_OUT,
    PASS,
)


@pytest.mark.parametrize("name", NAMES)
def test_the_reasons_agree_with_the_legal_moves(name: str) -> None:
    rules = preset(name)
    for seed in range(60):
        states, _ = _play(rules, seed)
        for s in states:
            legal = set(table_legal_moves(s))
            for m in CANDIDATES:
                v = table_check(s, m)
                assert v.legal == (m in legal), (name, seed, m, v)
                assert all(r.rule_id in RULE_SWITCH for r in v.reasons)


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_a_refused_card_is_explained_with_the_rule_and_its_source(lang: str) -> None:
    """Four players, the stock used up: a player who holds the suit led must beat the best
    card of the trick so far; the explanation names the allowed cards and the source."""
    rules = preset("four")
    for seed in range(200):
        states, _ = _play(rules, seed)
        for s in states:
            if s.stock_open or not s.trick or s.result is not None:
                continue
            refused = [
                m for m in (Play(c) for c in s.hand(s.to_move or 0)) if not table_check(s, m).legal
            ]
            if not refused:
                continue
            v = table_check(s, refused[0])
            tr = get_translator(lang)
            text = explain_verdict(v, rules, tr, you=True)
            assert v.rule_ids[0].startswith("phase2.")
            assert source_name(rules.source_of("phase2.duty"), tr) in text
            return
    raise AssertionError("no refused card found")


@pytest.mark.parametrize("name", NAMES)
def test_what_a_hand_is_shown_to_lack_it_lacks_and_samples_never_deal_it(name: str) -> None:
    """Once the stock is closed a card not of the suit led shows its hand has none of that suit
    (``TableState.lacks``): no hand ever holds a card it is said to lack, and a sampled deal
    gives none to it either."""
    rules = preset(name)
    rng = random.Random(name)
    shown = 0
    for seed in range(40):
        states, moves = _play(rules, seed)
        for s, m in zip(states, moves, strict=False):
            for x in range(rules.seats):
                assert s.lacks[x] & _mask32(s.hands[x]) == 0
            p = s.to_move
            assert p is not None
            if s.trick and not s.stock_open and isinstance(m, Play):
                led = s.trick[0] >> 3
                if m.card.suit != led:
                    after = table_apply(s, m)
                    assert after.lacks[p] >> (led * 8) & 0xFF == 0xFF
                    shown += 1
            if not s.stock_open and any(s.lacks):
                world = sample_table(table_view(s, p), rng)
                for x in range(rules.seats):
                    assert world.lacks[x] & _mask32(world.hands[x]) == 0
    assert shown > 0


@pytest.mark.parametrize("name", ["three", "three_pack32"])
def test_club_plus_leads_a_card_nobody_can_head_once_the_stock_is_closed(name: str) -> None:
    """On lead with the stock closed ``table_club_plus`` plays a card of which no higher card of
    its suit is unseen when it holds one, else its cheapest card outside trumps."""
    rules = preset(name)
    led = 0
    for seed in range(30):
        states, _ = _play(rules, seed)
        for s in states:
            if s.result is not None or s.trick or s.stock_open:
                continue
            p = s.to_move
            assert p is not None
            m = table_club_plus(s, random.Random(0))
            if not isinstance(m, Play) or m not in table_legal_moves(s):
                continue
            seen = _mask32(s.hands[p] | s.played)

            def master(c: Card, seen: int = seen) -> bool:
                above = (0xFF << (c.index & ~7)) & ((1 << c.index) - 1) & rules.pack_mask
                return above & ~seen == 0

            if any(master(c) for c in s.hand(p)):
                assert master(m.card)
            else:
                points = rules.points_by_index
                cheapest = min((c.suit == s.trump, points[c.index]) for c in s.hand(p))
                assert (m.card.suit == s.trump, points[m.card.index]) == cheapest
            led += 1
    assert led > 0

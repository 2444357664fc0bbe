"""Hints for three and four players: the four levels for the seat to move, for positions of every
preset (the lead, following once nobody draws with the duty to head, trump or over-trump, the
partner winning the trick, a marriage to announce), the legality they state, determinism, the
words in English, German and Polish, and the hint control on the Rules page's "Watch a deal"."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.words.test_words_hints_de_pl import problems
from tutor.engine import (
    NAME_CASES,
    SEAT_NAMES,
    TABLE_PRESETS,
    Card,
    Marriage,
    Move,
    Play,
    Rank,
    TableState,
    deal_table,
    table_apply,
    table_check,
    table_legal_moves,
    trick_winner_of,
)
from tutor.search import table_club
from tutor.teach.hints import Analysis as TableAnalysis
from tutor.teach.hints import Situation as TableSituation
from tutor.teach.hints import analyse as table_analyse
from tutor.teach.hints import candidates as table_candidates
from tutor.teach.hints import position_seed, table_analysis
from tutor.teach.hints import situation as table_situation
from tutor.teach.hints import thoughts as table_thoughts
from tutor.teach.hints.ideas import GIST_PARTNER, IDEA_GISTS
from tutor.teach.hints.table_analysis import MISTAKE_MARGIN, RICH_CARD
from tutor.words.explain import move_item, rule_text
from tutor.words.hint_text import HINT_TITLES, signed
from tutor.words.hint_text import hint as table_hint
from tutor.words.i18n import Translator, get_translator

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
LANGS = ("en", "de", "pl")
SAMPLES = 12  # enough to exercise the words; the values are not judged here
PRESETS = sorted(TABLE_PRESETS)

Pick = Callable[[TableState, TableSituation], bool]

#: The kinds of position looked for, by name: what the situation must show.
KINDS: dict[str, Pick] = {
    "lead": lambda s, sit: sit.leading and s.stock_open,
    "lead_closed": lambda s, sit: sit.leading and not s.stock_open,
    "free": lambda s, sit: sit.duty == "free",
    "follow": lambda s, sit: sit.duty in ("follow", "lower") and sit.restricted,
    "head": lambda s, sit: sit.duty == "head" and sit.restricted,
    "trump": lambda s, sit: sit.duty == "trump" and sit.restricted,
    "over_trump": lambda s, sit: sit.duty == "over_trump",
    "partner": lambda s, sit: sit.partner_winning and sit.last_to_play and len(sit.legal) > 1,
    "marriage": lambda s, sit: any(isinstance(m, Marriage) for m in sit.legal),
}
#: The kinds each preset can show: heading and over-trumping are duties only where the rules
#: make heading one; a partner only with four.
CASES = [
    (name, kind)
    for name in PRESETS
    for kind in KINDS
    if not (kind in ("head", "over_trump") and name == "three")
    and not (kind == "partner" and not TABLE_PRESETS[name].partners)
]


@cache
def find(name: str, kind: str) -> TableState:
    """The first position of that kind in deals played by the club player at every seat, the
    same every time."""
    pick = KINDS[kind]
    for seed in range(80):
        rules = TABLE_PRESETS[name]
        s = deal_table(rules, random.Random(seed), dealer=seed % rules.seats)
        rng = random.Random(seed)
        while s.result is None:
            if pick(s, table_situation(s)):
                return s
            s = table_apply(s, table_club(s, rng))
    raise AssertionError(f"no {kind} position found for {name}")


@cache
def analysis_of(name: str, kind: str) -> TableAnalysis:
    return table_analyse(find(name, kind), samples=SAMPLES)


def hint_of(name: str, kind: str, lang: str, level: int = 4) -> list[list[str]]:
    h = table_hint(find(name, kind), level, get_translator(lang), analysis=analysis_of(name, kind))
    return [list(p.lines) for p in h.parts]


def _names(move: Move, tr: Translator) -> list[str]:
    """Every way the words name ``move``: the move itself and, for a card, every case."""
    out = [move_item(move, tr)]
    if isinstance(move, Play | Marriage):
        out += [tr.card(move.card, case) for case in NAME_CASES]
    return [n.lower() for n in out]


# ----------------------------------------------------------------------------- the situation


@pytest.mark.parametrize("name", PRESETS)
def test_the_legal_moves_and_the_refusals_agree_with_the_engine(name: str) -> None:
    """Every move the hint calls legal is one of table_legal_moves and the other way round;
    every refused move is refused by table_check with the rule the hint gives."""
    for seed in range(3):
        s = deal_table(TABLE_PRESETS[name], random.Random(100 + seed))
        rng = random.Random(seed)
        while s.result is None:
            sit = table_situation(s)
            legal = table_legal_moves(s)
            assert set(sit.legal) == set(legal), (sit.legal, legal)
            assert len(sit.legal) == len(set(sit.legal))
            for v in sit.illegal:
                assert v.move not in legal and v.reasons
                assert table_check(s, v.move).rule_ids == v.rule_ids
            assert set(sit.allowed) == {m.card for m in legal if isinstance(m, Play)}
            s = table_apply(s, table_club(s, rng))


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_level_one_says_the_rule_in_force_with_its_source(name: str, kind: str) -> None:
    s = find(name, kind)
    sit = table_situation(s)
    tr = get_translator("en")
    lines = hint_of(name, kind, "en", 1)[0]
    text = " ".join(lines)
    assert lines[0].startswith(f"You are player {SEAT_NAMES[sit.seat]};")
    assert ("is your partner" in lines[0]) == TABLE_PRESETS[name].partners
    for rid in sit.rule_ids:
        assert rule_text(rid, s.rules, tr) in lines
    assert "Source:" in text
    if sit.leading:
        assert "You are on lead." in lines and sit.rule_ids[0] == "lead.free"
        assert (len(sit.rule_ids) == 2) == (not s.stock_open)
        return
    said = ", ".join(f"{SEAT_NAMES[seat]}: {tr.card(c, 'bare')}" for seat, c in sit.trick)
    assert f"On the table: {said}." in lines
    allowed = ", ".join(tr.card(c, "bare") for c in sit.allowed)
    duty = {
        "follow": "You must follow suit. Allowed:",
        "lower": "but you must still follow suit. Allowed:",
        "head": "You must head",
        "trump": "so you must trump. Allowed:",
        "over_trump": "you must play a higher trump. Allowed:",
    }.get(sit.duty)
    if duty is not None:
        assert duty in text and f"Allowed: {allowed}." in text
    if kind == "partner":
        assert f"Your partner {SEAT_NAMES[sit.partner]} is winning the trick so far." in lines
        assert "You play last to this trick." in lines


def test_the_duties_are_told_apart() -> None:
    """Once nobody draws: heading, trumping and over-trumping are different duties, and the
    cards each leaves are those the engine allows."""
    seen = {}
    for name, kind in CASES:
        if kind in ("head", "trump", "over_trump", "follow"):
            s = find(name, kind)
            sit = table_situation(s)
            assert not s.stock_open and not sit.leading
            seen[kind] = sit.duty
            best = sit.best_card
            assert best is not None
            if sit.duty == "over_trump":
                assert best.suit == s.trump and all(
                    c.suit == s.trump and c.index < best.index for c in sit.allowed
                )
            if sit.duty == "head":
                assert all(c.suit == best.suit and c.index < best.index for c in sit.allowed)
    assert seen["over_trump"] == "over_trump" and seen["head"] == "head"


def test_the_seed_is_what_the_seat_sees() -> None:
    """The same position gives the same seed; moving hidden cards between the other hands and
    the stock does not change it, the seat's own hand does."""
    s = find("four", "lead")  # the deal's first lead: the other hands hold as many cards
    seat = s.to_move
    assert seat is not None
    others = [x for x in range(4) if x != seat and not s.known[x]]
    a, b = others[0], others[1]
    swapped = s._replace(
        hands=tuple(
            s.hands[b] if x == a else s.hands[a] if x == b else h for x, h in enumerate(s.hands)
        )
    )
    assert position_seed(s) == position_seed(swapped)
    mine = s._replace(hands=tuple(s.hands[a] if x == seat else h for x, h in enumerate(s.hands)))
    assert position_seed(mine) != position_seed(s)


def test_the_same_position_gives_the_same_hint() -> None:
    s = find("three_pack32", "lead")
    en = get_translator("en")
    assert table_analyse(s, samples=SAMPLES) == table_analyse(s, samples=SAMPLES)
    assert table_hint(s, 4, en, samples=SAMPLES).text == table_hint(s, 4, en, samples=SAMPLES).text
    other = table_analyse(s, samples=SAMPLES, seed=position_seed(s) + 1)
    assert other.seed != table_analyse(s, samples=SAMPLES).seed


# ----------------------------------------------------------------------------- levels 2 to 4


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_level_two_names_no_card_and_no_move(name: str, kind: str) -> None:
    sit = table_situation(find(name, kind))
    for lang in LANGS:
        tr = get_translator(lang)
        idea = " ".join(hint_of(name, kind, lang, 2)[1]).lower()
        assert idea
        for move in sit.legal:
            for said in _names(move, tr):
                assert said not in idea, (lang, said, idea)


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_level_three_lists_candidates_without_marking_the_best(name: str, kind: str) -> None:
    a = analysis_of(name, kind)
    sit = a.situation
    moves = table_candidates(a)
    assert moves and set(moves) <= set(sit.legal)
    assert a.best.move in moves  # the move level 4 suggests is among them
    assert len(moves) >= min(2, len(sit.legal))
    order = [sit.legal.index(m) for m in moves]
    assert order == sorted(order)  # in the order of the hand, not of value
    tr = get_translator("en")
    lines = hint_of(name, kind, "en", 3)[2]
    assert lines[0] == "Worth considering: " + ", ".join(move_item(m, tr) for m in moves) + "."
    text = " ".join(lines)
    assert "Suggested" not in text and "best move" not in text
    assert "Legal now: " + ", ".join(move_item(m, tr) for m in sit.legal) + "." in lines
    refused = [v.move for v in sit.illegal if isinstance(v.move, Play)]
    if refused:
        assert any(line.startswith("Not allowed: ") for line in lines)


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_level_four_gives_the_move_and_the_arithmetic(name: str, kind: str) -> None:
    a = analysis_of(name, kind)
    tr = get_translator("en")
    lines = hint_of(name, kind, "en", 4)[3]
    assert lines[0] == f"Suggested: {move_item(a.best.move, tr)}."
    assert f"over {SAMPLES} sampled deals." in lines[1]
    assert signed(a.best.game_points, tr) in lines[1]
    values = lines[lines.index("Every legal move:") + 1]
    first = f"{move_item(a.best.move, tr)}: {signed(a.best.game_points, tr)} game points on "
    assert values.startswith(first + f"average over {SAMPLES} sampled deals")
    for m in a.moves:
        assert f"{move_item(m.move, tr)}: {signed(m.game_points, tr)}" in values
    assert len(a.moves) == len(a.situation.legal)
    assert lines[-1].startswith(f"How the values are made: {SAMPLES} deals")
    assert "club player" in lines[-1]
    tops = [m.game_points for m in a.moves]
    # best first, but a false declaration only when it is clearly better
    assert a.best.game_points >= max(tops) - 0.25 - 1e-9


def test_a_mean_is_written_with_its_sign_in_each_language() -> None:
    assert signed(0.8, get_translator("en")) == "+0.8"
    assert signed(-0.35, get_translator("de")) == "\u22120,35"
    assert signed(1.5, get_translator("pl")) == "+1,5"
    assert signed(-0.001, get_translator("en")) == "0"


def test_the_partner_winning_the_trick_is_a_thought() -> None:
    """Last to play with the partner winning the trick: taking it from the partner is a
    mistake (unless the suggested move takes it too), giving a rich card that does not take it
    is the idea; the thought says so."""
    a = analysis_of("four", "partner")
    s = find("four", "partner")
    sit = a.situation
    assert sit.partner_winning and sit.last_to_play
    top = a.best.game_points

    def wins(move: Move) -> bool:
        assert isinstance(move, Play)
        trick = (*s.trick, move.card.index)
        return trick_winner_of(trick, int(s.trump), s.rules.equal_cards) == len(s.trick)

    for m in a.moves:
        assert isinstance(m.move, Play)
        c = m.move.card
        ids = {i.id for i in m.ideas}
        if wins(m.move) and not wins(a.best.move) and m.game_points <= top - MISTAKE_MARGIN:
            assert "mistake.overtakes_partner" in ids
        if m is a.best and not wins(m.move) and s.rules.points_by_index[c.index] >= RICH_CARD:
            assert "idea.give_partner" in ids
    gists = {t.msgid for t in table_thoughts(a)}
    ids = [i.id for i in a.best.ideas] + [i.id for m in a.moves[1:] for i in m.mistakes]
    if any(IDEA_GISTS.get(i) == GIST_PARTNER for i in ids):
        assert GIST_PARTNER in gists


def _wins(s: TableState, card: Card) -> bool:
    trick = (*s.trick, card.index)
    return trick_winner_of(trick, int(s.trump), s.rules.equal_cards) == len(s.trick)


def _rich_or_win(s: TableState, sit: TableSituation) -> bool:
    """The partner wins the trick, the seat plays last, and it holds both a card that would
    take the trick and a rich card that would not."""
    cards = [m.card for m in sit.legal if isinstance(m, Play)]
    rich = [c for c in cards if s.rules.points_by_index[c.index] >= RICH_CARD]
    return (
        sit.partner_winning
        and sit.last_to_play
        and any(_wins(s, c) for c in cards)
        and any(not _wins(s, c) for c in rich)
    )


KINDS["partner_choice"] = _rich_or_win


def test_giving_points_to_the_partner_is_the_idea_and_taking_the_trick_the_mistake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Values chosen by hand: a rich card that leaves the trick to the partner is worth most,
    the cards that take it from the partner least. The idea says "give your partner points",
    the mistakes "takes the trick from your partner", the thought says both, naming no card."""
    s = find("four", "partner_choice")
    rules = s.rules
    legal = table_legal_moves(s)
    cards = [m.card for m in legal if isinstance(m, Play)]
    give = max((c for c in cards if not _wins(s, c)), key=lambda c: rules.points_by_index[c.index])
    winners = [c for c in cards if _wins(s, c)]

    def fake(state: TableState, rng: random.Random, samples: int) -> tuple[tuple[Move, float], ...]:
        value = {m: -1.0 if m.card in winners else 0.0 for m in legal if isinstance(m, Play)}
        value[Play(give)] = 1.0
        return tuple(sorted(value.items(), key=lambda kv: -kv[1]))

    monkeypatch.setattr(table_analysis, "table_move_values", fake)
    a = table_analyse(s, samples=3)
    assert a.best.move == Play(give)
    assert "idea.give_partner" in {i.id for i in a.best.ideas}
    for c in winners:
        value = a.value_of(Play(c))
        assert value is not None and "mistake.overtakes_partner" in {i.id for i in value.ideas}
    assert GIST_PARTNER in {t.msgid for t in table_thoughts(a)}
    partner = SEAT_NAMES[a.situation.partner]
    text = "\n".join(table_hint(s, 4, get_translator("en"), analysis=a).text.splitlines())
    assert f"Your partner {partner} is winning the trick: with the " in text
    assert f"takes the trick from your partner {partner}, who is winning it already." in text


@pytest.mark.parametrize("name", PRESETS)
def test_a_marriage_is_an_idea_and_breaking_it_a_mistake(name: str) -> None:
    a = analysis_of(name, "marriage")
    marriages = [m for m in a.moves if isinstance(m.move, Marriage) and not m.move.out]
    assert marriages
    for m in marriages:
        assert {i.id for i in m.ideas} & {"idea.marriage", "idea.marriage_later"}
    top = a.best.game_points
    married = {m.move.card.suit for m in marriages}
    best = a.best.move
    if isinstance(best, Play) and best.card.rank in (Rank.KING, Rank.QUEEN):  # it breaks it up
        married.discard(best.card.suit)
    for m in a.moves:
        if (
            isinstance(m.move, Play)
            and m.move.card.suit in married
            and m.move.card.rank in (Rank.KING, Rank.QUEEN)
            and m.game_points <= top - MISTAKE_MARGIN
        ):
            assert "mistake.breaks_marriage" in {i.id for i in m.ideas}
    legal = next(line for line in hint_of(name, "marriage", "en", 3)[2] if "Legal now" in line)
    assert "marriage with the" in legal


# ----------------------------------------------------------------------------- the words


@pytest.mark.parametrize("lang", ("de", "pl"))
@pytest.mark.parametrize(("name", "kind"), CASES)
def test_every_level_reads_in_the_language(name: str, kind: str, lang: str) -> None:
    parts = hint_of(name, kind, lang, 4)
    tr = get_translator(lang)
    assert [tr._(HINT_TITLES[k]) for k in (1, 2, 3, 4)] != [HINT_TITLES[k] for k in (1, 2, 3, 4)]
    text = "\n".join(line for part in parts for line in part)
    assert not problems(text), "\n".join(problems(text)) + "\n" + text
    assert "{" not in text and "}" not in text
    assert not re.search(r"\d\.\d", text), text  # a decimal comma
    assert "Not allowed" not in text and "Source:" not in text


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_every_level_reads_in_english(name: str, kind: str) -> None:
    text = "\n".join(line for part in hint_of(name, kind, "en", 4) for line in part)
    assert "{" not in text and "}" not in text and "_acc" not in text
    assert not re.search(r"\d,\d", text)


# ----------------------------------------------------------------------------- the app


def _html(at: AppTest, marker: str) -> str:
    for block in at.get("html"):
        body = str(block.proto.body)
        if marker in body:
            return body
    return ""


def test_watching_a_deal_climbs_the_hint_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the Rules page's "Watch a deal" the hint control shows level 1, then 2, for the seat
    to move; the next move starts again with none."""
    monkeypatch.setenv("TUTOR_LESSONS_DIR", str(ROOT / "lessons"))
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("tutor_app/pages/rules.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert not _html(at, "t66-hint")
    assert at.button(key="tw_hint").label == "Show a hint (1 of 4)"
    at.button(key="tw_hint").click().run()
    panel = _html(at, "t66-hint")
    game = at.session_state["tw_watch"].deal
    assert 'data-level="1"' in panel and 'data-level="2"' not in panel
    assert "The rule now" in panel
    assert f"You are player {SEAT_NAMES[game.to_move]}; " in panel
    assert at.button(key="tw_hint").label == "Show a hint (2 of 4)"
    at.button(key="tw_hint").click().run()
    assert not at.exception, [e.value for e in at.exception]
    panel = _html(at, "t66-hint")
    assert 'data-level="2"' in panel and "The idea" in panel and 'data-level="3"' not in panel
    at.button(key="tw_next").click().run()
    assert not _html(at, "t66-hint")
    assert at.button(key="tw_hint").label == "Show a hint (1 of 4)"

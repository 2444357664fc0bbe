"""Positions at a table of three or four: every moment of seeded random deals of every table
preset written and read back the same; the example positions answered by ``tutor hint`` and
``tutor engine``; broken table positions refused with a translated message that says where and
why."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest
import yaml

from tutor.cli.engine import answer
from tutor.cli.main import main as cli_main
from tutor.engine import TABLE_PRESETS, TableState, iter_bits, preset
from tutor.engine.game import game_for
from tutor.formats import messages as M
from tutor.formats import position_messages as P
from tutor.formats.positions import (
    PositionError,
    load_position,
    position_dump,
    position_to_dict,
    read_position,
)
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
THREE = ROOT / "positions" / "three-follow-duty.yaml"
FOUR = ROOT / "positions" / "four-partner-trick.yaml"
#: Words of the rule ids and idea ids, which a learner never reads.
IDS = re.compile(r"\b(?:idea|mistake|phase[12]|lead|marriage|exchange|out|card)\.[a-z_]+")


def canonical(state: TableState) -> TableState:
    """The state with each hand (and the cards played) held as the reader holds it: a card
    held once is its first copy. Play can leave the second copy alone in a hand of the
    two-pack game; the cards are the same."""

    def mask(hand: int) -> int:
        out = 0
        for c in sorted(i & 31 for i in iter_bits(hand)):
            out |= 1 << (c + 32) if out >> c & 1 else 1 << c
        return out

    return state._replace(hands=tuple(mask(h) for h in state.hands), played=mask(state.played))


@pytest.mark.parametrize("name", list(TABLE_PRESETS))
def test_every_moment_of_random_deals_round_trips(name: str) -> None:
    game = game_for(preset(name))
    moments = 0
    kinds: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        deal = game.new_deal(rng, dealer=seed % game.seats)
        while not deal.is_over:
            assert isinstance(deal, TableState)
            for fmt in ("yaml", "json"):
                back = read_position(position_dump(deal, fmt)).subject
                assert back == canonical(deal), (seed, position_dump(deal))
            data = position_to_dict(deal)
            kinds.update(k for k in ("trick", "known", "lacks", "marriages") if k in data)
            moments += 1
            deal = deal.apply(rng.choice(deal.legal_moves()))
    assert moments > 100
    assert {"trick", "known"} <= kinds  # the fields a table needs were written and read


def test_a_played_state_and_its_file_give_the_same_analysis() -> None:
    p = load_position(FOUR)
    assert isinstance(p.subject, TableState) and p.perfect and p.table is p.subject
    again = read_position(position_dump(p.subject, "json")).subject
    assert again == p.subject


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
@pytest.mark.parametrize("path", [THREE, FOUR], ids=["three", "four"])
def test_tutor_hint_gives_four_levels_without_ids(
    path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["hint", str(path), "--lang", lang, "--samples", "12"]) == 0
    text = capsys.readouterr().out
    titles = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert len(titles) == 4, text
    assert not IDS.search(text), text
    assert "{" not in text and "Traceback" not in text


def test_the_hints_teach_the_point_of_each_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", str(THREE), "--json"]) == 0
    three = json.loads(capsys.readouterr().out)["analysis"]
    # The stock is used up: C must follow spades and may not trump with the jack of clubs.
    assert three["rules"] == ["phase2.follow"]
    assert sorted(three["legal"]) == ["10s", "8s", "Ks"]
    assert three["illegal"] == [{"move": "Jc", "rules": ["phase2.follow"]}]
    assert cli_main(["hint", str(FOUR), "--json"]) == 0
    four = json.loads(capsys.readouterr().out)["analysis"]
    # C, the partner, is winning the trick: the ten of clubs goes to it.
    assert four["best"] == "10c"
    assert {"id": "idea.give_partner", "params": {"card": "10c", "points": 10, "partner": "C"}} in (
        four["ideas"]
    )


def test_tutor_engine_answers_a_table_request() -> None:
    data = yaml.safe_load(FOUR.read_text())
    two = answer({"position": load_two_player(), "samples": 4})
    out = answer({"id": 7, "position": data, "level": 4, "lang": "pl", "samples": 12})
    assert out["ok"] is True and out["id"] == 7
    seat_fields = {"seats", "seat_names", "side", "partner", "trick", "winning", "scores"}
    assert set(out) == set(two) | {"hint"} | seat_fields
    assert (out["seats"], out["seat_names"], out["side"], out["partner"]) == (4, "ABCD", "A+C", "C")
    assert out["trick"] == [
        {"seat": "B", "card": "Qs"},
        {"seat": "C", "card": "Ks"},
        {"seat": "D", "card": "Qc"},
    ]
    assert out["winning"] == "C" and out["scores"] == {"A+C": 52, "B+D": 55}
    assert isinstance(out["hint"], list) and len(out["hint"]) == 4
    # Moves are played first at the table too: the trick ends and C leads.
    after = answer({"position": data, "moves": ["10c"], "samples": 4})
    assert after["player"] == "C" and after["trick"] == []
    illegal = answer({"position": data, "moves": ["Ad"], "lang": "de"})
    assert illegal["ok"] is False and "Zug 1" in str(illegal["error"])


def load_two_player() -> object:
    return yaml.safe_load((ROOT / "positions" / "trump-ten.yaml").read_text())


# ----------------------------------------------------------------------------- broken positions

THREE_TEXT = THREE.read_text()
FOUR_TEXT = FOUR.read_text()


def refused(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        read_position(text, "pos.yaml")
    return info.value


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize(
    ("text", "old", "new", "template", "field"),
    [
        # a card not in the pack (the three-player pack has no seven)
        (THREE_TEXT, "C: Jc 10s Ks 8s}", "C: Jc 10s Ks 7s}", M.E_NOT_IN_PACK, "hands.C"),
        # a card three times in the two-pack game
        (FOUR_TEXT, "A: 10c 10s 9s", "A: 10c 10c 9s", M.E_COPIES, "stock"),
        # a card twice where the pack is used once
        (THREE_TEXT, "B: Qs Qd 9d", "B: Qs Qd 8s", P.E_TWICE, "hands.C"),
        # a card left out of a hand: it is nowhere
        (THREE_TEXT, "A: 8c As 9s Jd,", "A: 8c As 9s,", P.E_MISSING_CARDS, ""),
        (FOUR_TEXT, "stock: 10c Qs Kd", "stock: 10c Qs", P.E_MISSING_CARDS, ""),
        # a seat letter that the table does not have
        (THREE_TEXT, "to_move: C", "to_move: D", M.E_SEAT, "to_move"),
        (THREE_TEXT, "hands: {A:", "hands: {D: 9d, A:", M.E_SEAT, "hands.D"),
        (THREE_TEXT, "marriages: [C h]", "marriages: [D h]", M.E_SEAT, "marriages[0]"),
        # a trick longer than the seats
        (FOUR_TEXT, "trick: Qs Ks Qc", "trick: Qs Ks Qc Kd", P.E_TRICK_LONG, "trick"),
        (
            THREE_TEXT,
            "last_trick: A 10h 9c 9h",
            "last_trick: A 10h 9c",
            P.E_TABLE_TRICK,
            "last_trick",
        ),
        (FOUR_TEXT, "trump: As ", "trump: As\nstock_count: 3 ", P.E_UNKNOWN_FIELD, "stock_count"),
        (FOUR_TEXT, "points: 35, tricks: 2", "points: 35, tricks: 3", P.E_TRICKS, "scores"),
        (FOUR_TEXT, "points: 35, tricks: 2", "points: 30, tricks: 2", P.E_POINTS, "scores"),
        (FOUR_TEXT, "marriages: [B s]", "marriages: [B h]", P.E_MARRIAGE_SUM, "marriages"),
        (FOUR_TEXT, "known: {B: Ks}", "known: {B: Ah}", P.E_KNOWN, "known.B"),
        (THREE_TEXT, "lacks: {B:", "lacks: {B: Qs", P.E_LACKS, "lacks.B"),
        (THREE_TEXT, "to_move: C", "to_move: C\nclosed_by: A", P.E_UNKNOWN_FIELD, "closed_by"),
        (THREE_TEXT, "stock: ''", "stock: 2", P.E_STOCK_COUNT, "stock"),
        (THREE_TEXT, "played: Ac", "played: 9s", P.E_TWICE, "played"),
    ],
)
def test_a_broken_table_position_says_where_and_why(
    text: str, old: str, new: str, template: str, field: str
) -> None:
    assert old in text
    err = refused(text.replace(old, new))
    assert err.template == template, str(err)
    assert err.field == field, str(err)
    assert err.line is not None and err.line >= 1
    english = str(err)
    assert english.startswith(f"pos.yaml:{err.line}: ")
    for lang in ("de", "pl"):
        words = err.render(get_translator(lang))
        assert words != english and words.startswith(f"pos.yaml:{err.line}: ")
        assert "{" not in words.split(": ", 2)[-1]


def test_a_hand_of_the_wrong_size_names_the_seats() -> None:
    # A card of A's hand put in the stock: A holds one card fewer than C, who is to move.
    text = THREE_TEXT.replace("A: 8c As 9s Jd,", "A: 8c As 9s,").replace("stock: ''", "stock: Jd")
    err = refused(text)
    assert err.template == P.E_TABLE_SIZES and err.field == "hands"
    assert dict(err.params) == {"player": "C", "n": 4, "other": "A", "m": 3}
    assert err.line == line_of(text, "hands:")


def test_a_full_hand_is_needed_while_the_stock_serves_everyone() -> None:
    # A card of every hand put back in the stock: the stock would still give everyone a card.
    text = FOUR_TEXT.replace("stock: 10c Qs Kd", "stock: 9d Kd 10d Qd 10c Qs Kd")
    for old, new in (
        ("A: 10c 10s 9s Kh 9h 9d 9d", "A: 10c 10s 9s Kh 9h 9d"),
        ("B: As Ks Js Js Qh Kd", "B: As Ks Js Js Qh"),
        ("C: Jc 9c Ah Jh Ad 10d", "C: Jc 9c Ah Jh Ad"),
        ("D: Ac Ac Kc 10h 10d Qd", "D: Ac Ac Kc 10h 10d"),
    ):
        text = text.replace(old, new)
    err = refused(text)
    assert err.template == P.E_HAND_FULL
    assert dict(err.params) == {"player": "A", "n": 6, "size": 7}


def test_a_trick_of_as_many_cards_as_seats_is_refused_in_every_language() -> None:
    err = refused(THREE_TEXT.replace("trick: Js", "trick: Js Ks Qs"))
    assert err.template == P.E_TRICK_LONG
    assert "3" in str(err) and "trick" in str(err)
    assert "Stich" in err.render(get_translator("de")) and "lewa" in err.render(
        get_translator("pl")
    )


def test_the_messages_of_a_table_are_translated() -> None:
    de, pl = get_translator("de"), get_translator("pl")
    for msgid in (
        P.E_HANDS_SEATS,
        P.E_TABLE_SIZES,
        P.E_TRICK_LONG,
        P.E_PLAYED_SEATS,
        P.E_TABLE_TRICK,
        P.E_LACKS,
        P.E_TABLE_OVER,
        M.E_SEAT,
        M.E_COPIES,
    ):
        params = {name: "X" for _, name, _, _ in string.Formatter().parse(msgid) if name}
        english = msgid.format(**params)
        assert de._(msgid, **params) != english and pl._(msgid, **params) != english


def test_hint_on_a_broken_table_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(THREE_TEXT.replace("to_move: C", "to_move: D"))
    assert cli_main(["hint", str(bad), "--lang", "pl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"{bad}:")
    assert "nie jest miejscem" in err

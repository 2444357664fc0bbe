"""The app's presentation helpers, without Streamlit: deep links, keys, HTML (the rooms:
tests/app/test_rooms.py)."""

from __future__ import annotations

import doctest
import itertools
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest
from markupsafe import escape

from tutor.engine import PRESETS, Card, Marriage, Play, new_deal, play_moves, preset
from tutor.teach.lessons import load_lesson, replay
from tutor.web import board, html, lesson_frame, links, rules_ref, step, titles
from tutor.web.board import BoardOptions
from tutor.words import lesson_text
from tutor.words.i18n import LANGUAGES, get_translator, normalize_language

EXAMPLE = Path(__file__).resolve().parents[2] / "lessons" / "example-1.yaml"
EX1 = dict(
    hands=("10h Kh 9h 10c Kc Qc", "Jh As Ks Qs Ad Kd"),
    trump_card="Ah",
    stock="10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd",
)


class _Checker(HTMLParser):
    """Collects text and checks that every opened element is closed in order."""

    VOID: ClassVar[set[str]] = {
        "br",
        "img",
        "input",
        "meta",
        "hr",
        "path",
        "rect",
        "circle",
        "use",
        "line",
    }

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("aria-label", "alt") and value:
                self.labels.append(value)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("aria-label", "alt") and value:
                self.labels.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.stack, f"</{tag}> closes nothing"
        assert self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1]}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert not checker.stack, f"unclosed: {checker.stack}"
    return checker


@pytest.mark.parametrize("module", [lesson_frame, board, html, links, rules_ref, step, lesson_text])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0


# ----------------------------------------------------------------------------- deep links


def test_link_read_and_written_back() -> None:
    link = links.parse_link({"lesson": "example-1", "step": "5", "lang": "pl"})
    assert (link.lesson, link.step, link.lang, link.bad_step) == ("example-1", 5, "pl", False)
    params = links.link_params(lesson=link.lesson, step=5, lang="pl")
    assert links.parse_link(params) == link
    # the language as written (a notice names it so), read whatever its case
    upper = links.parse_link({"lang": "PL"}).lang
    assert upper == "PL" and normalize_language(upper) == "pl"


@pytest.mark.parametrize("text", ["five", "-1", "2.5", "1e3", "²", "١", "9" * 4999 + "x"])
def test_link_with_a_step_that_is_not_a_number(text: str) -> None:
    link = links.parse_link({"lesson": "x", "step": text})
    assert link.step is None and link.bad_step and link.step_text == text


@pytest.mark.parametrize("text", ["9" * 7, "9" * 40, "9" * 5000, "0" * 5000 + "7" * 7])
def test_a_step_of_many_digits_is_past_the_end(text: str) -> None:
    """However many digits (past Python's 4,300-digit conversion limit too), a step is read
    as one past any lesson's end, as 99999 is: the lesson opens at its last step."""
    link = links.parse_link({"lesson": "x", "step": text})
    assert link.step == 10**links.MAX_STEP_DIGITS and not link.bad_step
    assert links.choose_step(link.step, 12) == links.StepChoice(12, True)


def test_link_lists_blank_values_and_unknown_keys() -> None:
    link = links.parse_link({"lesson": ["", " a "], "lang": "", "style": "GERMAN", "zz": "1"})
    assert link.lesson == "a" and link.lang is None and link.style == "german"
    assert links.parse_link({"style": "tarot"}).style is None


@pytest.mark.parametrize(("text", "value"), [("1", True), ("yes", True), ("0", False), ("x", None)])
def test_link_projector(text: str, value: bool | None) -> None:
    assert links.parse_link({"projector": text}).projector is value


def test_link_params_leave_out_defaults() -> None:
    assert links.link_params(lesson=None, step=3, lang="de") == {"lang": "de"}
    full = links.link_params(lesson="a", step=0, lang="en", style="german", projector=True)
    assert full == {"lesson": "a", "step": "0", "lang": "en", "style": "german", "projector": "1"}


@pytest.mark.parametrize(
    ("requested", "bad", "expected"),
    [
        (None, False, (0, False)),
        (None, True, (0, True)),
        (4, False, (4, False)),
        (12, False, (12, False)),
        (13, False, (12, True)),
        (-2, False, (0, True)),
    ],
)
def test_choose_step(requested: int | None, bad: bool, expected: tuple[int, bool]) -> None:
    choice = links.choose_step(requested, 12, bad=bad)
    assert (choice.step, choice.corrected) == expected


# ----------------------------------------------------------------------------- keys


def test_presenter_keys_are_counted_not_clicked() -> None:
    """The lesson player's keys: the component's script maps the clicker's and the arrow
    keys to the actions, and downloads nothing."""
    from tutor_app import keys

    table = re.search(r"const map = (\{.*?\});", keys.KEYS_SCRIPT)
    assert table is not None
    import json

    assert json.loads(table.group(1)) == {
        "ArrowRight": "next",
        "PageDown": "next",
        "ArrowLeft": "back",
        "PageUp": "back",
        "Home": "restart",
    }
    assert "http" not in keys.KEYS_SCRIPT


# Rooms: tests/app/test_rooms.py.


# ----------------------------------------------------------------------------- rules pages


def test_grouped_switches_cover_every_switch_once() -> None:
    for rules in PRESETS.values():
        groups = rules_ref.grouped_switches(rules)
        ids = [s.id for _, members in groups for s in members]
        assert sorted(ids) == sorted(s.id for s in rules.switches())


def test_compare_rows_mark_the_minority() -> None:
    rows = {r.switch_id: r for r in rules_ref.compare_rows(list(PRESETS.values()))}
    names = list(PRESETS)
    ranks = rows["pack.ranks"]
    # 24 cards in classic, kurnik, pagat; 20 in sharpened and schnapsen; 32 in pack32, thirtysix
    odd = {n for n, o in zip(names, ranks.odd, strict=True) if o}
    assert odd == {"sharpened", "pack32", "schnapsen", "thirtysix"}
    target = rows["deal.target"]  # 66 everywhere but in thirtysix
    assert [n for n, o in zip(names, target.odd, strict=True) if o] == ["thirtysix"]
    for row in rows.values():
        assert row.differs == (len({v.text_value for v in row.values}) > 1)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_rules_reference_names_every_switch_with_its_source(lang: str) -> None:
    tr = get_translator(lang)
    for name, rules in PRESETS.items():
        html = rules_ref.rules_reference_html(rules, tr)
        checker = parse(html)
        for sw in rules.switches():
            assert f'data-switch="{sw.id}"' in html, (name, sw.id)
            assert sw.source in html
        assert checker.text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_compare_html_marks_differences(lang: str) -> None:
    tr = get_translator(lang)
    presets = list(PRESETS.values())
    full = rules_ref.compare_html(presets, tr)
    parse(full)
    rows = rules_ref.compare_rows(presets)
    assert full.count('class="t66-diff"') == sum(r.differs for r in rows)
    assert full.count('class="t66-same"') == sum(not r.differs for r in rows)
    odd = sum(o for r in rows if r.differs for o in r.odd)
    assert full.count('class="t66-odd"') == odd
    only = rules_ref.compare_html(presets, tr, only_differences=True)
    assert 'class="t66-same"' not in only
    assert only.count('class="t66-diff"') == sum(r.differs for r in rows)


# ----------------------------------------------------------------------------- the table


def test_frame_table_shows_the_lead_then_the_completed_trick() -> None:
    frames = replay(load_lesson(EXAMPLE))
    seen_lead = seen_trick = False
    for before, frame in itertools.pairwise(frames):
        table = lesson_frame.frame_table(frame)
        if isinstance(frame.move, Play) and before.state.lead < 0:
            (led,) = table
            assert (led.player, led.card, led.wins) == (before.state.leader, frame.move.card, False)
            seen_lead = True
        elif isinstance(frame.move, Play):
            leader, lead, follow, winner = frame.state.last_trick or (0, 0, 0, 0)
            assert [(c.player, c.card.index) for c in table] == [
                (leader, lead),
                (1 - leader, follow),
            ]
            assert [c.wins for c in table] == [winner == leader, winner != leader]
            seen_trick = True
        elif frame.move is not None and not isinstance(frame.move, Marriage):
            assert table == ()
    assert seen_lead and seen_trick


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("style", board.STYLES)
def test_board_names_every_visible_card_and_hides_the_rest(lang: str, style: str) -> None:
    tr = get_translator(lang, style=style)
    state = play_moves(new_deal(preset("classic"), **EX1), ["10h"])  # type: ignore[arg-type]
    opts = BoardOptions(style=style, show=(True, False))
    html = board.board_html(state, (board.TableCard(0, Card.parse("10h")),), tr, opts)
    checker = parse(html)
    labels = " | ".join(checker.labels)
    for card in state.hand(0):
        assert tr.card(card, "bare") in labels
    for card in state.hand(1):
        assert tr.card(card, "bare") not in labels
    assert tr.card(Card.parse("10h"), "bare") in labels  # on the table
    assert tr.card(Card.parse("Ah"), "bare") in labels  # the face-up trump
    back = tr._("a face-down card")
    assert labels.count(back) == len(state.hand(1)) + 1  # B's hand and the stock


def test_board_shows_a_card_a_hidden_player_has_shown() -> None:
    tr = get_translator("en")
    moves = ["10h", "Kd", "exchange"]
    state = play_moves(new_deal(preset("classic"), **EX1), moves)  # type: ignore[arg-type]
    html = board.board_html(state, (), tr, BoardOptions(show=(False, True)))
    # A took the face-up ace of hearts in exchange for the nine: B has seen it
    assert tr.card(Card.parse("Ah"), "bare") in " ".join(parse(html).labels)
    assert tr.card(Card.parse("10c"), "bare") not in " ".join(parse(html).labels)


def test_board_scores_and_marriages() -> None:
    tr = get_translator("en")
    moves = ["10h", "Kd", "exchange", "marry Qc"]
    state = play_moves(new_deal(preset("classic"), **EX1), moves)  # type: ignore[arg-type]
    html = board.board_html(state, (), tr)
    text = " ".join(parse(html).text)
    assert str(state.points[0]) in text and str(state.score(0)) in text
    assert "t66-meld" in html and "20" in text


def test_step_html_counts_steps() -> None:
    tr = get_translator("en")
    text = lesson_text.StepText(narration="Hello", happened=("A leads.",), rules=("Rule.",))
    html = step.step_html(text, tr, step=3, last=9)
    parse(html)
    assert 'data-step="3"' in html and "Hello" in html and "Rule." in html
    assert "3" in html and "9" in html


def test_text_is_escaped() -> None:
    assert escape('<b a="1">') == "&lt;b a=&#34;1&#34;&gt;"
    tr = get_translator("en")
    html = step.step_html(lesson_text.StepText(narration="<script>x</script>"), tr, step=0, last=1)
    assert "<script>" not in html


def test_step_panel_names_the_preset_of_a_compared_run() -> None:
    tr = get_translator("en")
    text = lesson_text.StepText(narration="Again, under other rules.")
    html = step.step_html(text, tr, step=14, last=20, deal=True, preset="kurnik")
    parse(html)
    assert tr._("The deal") in html and 'data-step="14"' in html
    assert escape(rules_ref.preset_title("kurnik", tr)) in html
    assert "t66-run" not in step.step_html(text, tr, step=3, last=20)


LESSON_FILES = sorted(EXAMPLE.parent.glob("*.yaml"))


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("path", LESSON_FILES, ids=[p.stem for p in LESSON_FILES])
def test_every_frame_of_every_lesson_has_a_table_and_a_panel(path: Path, lang: str) -> None:
    tr = get_translator(lang)
    lesson = load_lesson(path)
    frames = replay(lesson)
    for i, frame in enumerate(frames):
        opts = BoardOptions(show=lesson.shows, hidden=lesson.unnamed)
        parse(board.board_html(frame.state, lesson_frame.frame_table(frame), tr, opts))
        parse(lesson_frame.frame_step_html(frames, i, tr, compare=bool(lesson.compare)))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_frame_of_a_lesson_has_a_panel(lang: str) -> None:
    tr = get_translator(lang)
    frames = replay(load_lesson(EXAMPLE))
    for i in range(len(frames)):
        html = lesson_frame.frame_step_html(frames, i, tr, compare=False)
        parse(html)
        assert f'data-step="{i}"' in html
        if frames[i].narration:
            assert escape(tr._(frames[i].narration)) in html
    assert "t66-outcome" in lesson_frame.frame_step_html(frames, len(frames) - 1, tr, compare=False)


# ----------------------------------------------------------------------------- page pieces


def test_catalogue_card_and_titles_escape_their_text() -> None:
    card = titles.catalogue_card_html("<Q&A>", "it's", "3 steps", done="finished")
    assert "&lt;Q&amp;A&gt;" in card and "it&#39;s" in card and "<script" not in card
    assert '<span class="t66-done">✓ finished</span>' in card
    assert "t66-done" not in titles.catalogue_card_html("a", "b", "c")
    parse(card)
    head = titles.page_title_html("T", "Level 1", "", cls="")
    assert (
        head
        == '<h1 class="" style="margin:0;padding:0">T <span class="t66-level">Level 1</span></h1>'
    )
    assert 'class="t66-summary"' in titles.page_title_html("T", "L", "S")
    chip = titles.page_title_html("T", "L", room=("<Room>", "K7Q-F2M"))
    assert '<span class="t66-roomchip">&lt;Room&gt; <b>K7Q-F2M</b></span></h1>' in chip
    parse(chip)
    parse(titles.follow_title_html('"x"', "Following room K7QF"))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lesson_and_puzzle_catalogue_cards(lang: str) -> None:
    from tutor.teach import puzzles as pz
    from tutor.web import puzzle_html
    from tutor.web.rules_ref import preset_title
    from tutor.words import puzzle_text

    tr = get_translator(lang)
    lesson = load_lesson(EXAMPLE)
    card = titles.lesson_card_html(lesson, 7, tr, finished=True)
    parse(card)
    assert escape(tr._(lesson.title)) in card and escape(tr.n_("{n} step", "{n} steps", 7)) in card
    assert escape(preset_title(lesson.preset, tr)) in card and "t66-done" in card
    assert "t66-done" not in titles.lesson_card_html(lesson, 7, tr, finished=False)
    found, _ = pz.load_puzzles(PUZZLES)
    p = found[0]
    card = puzzle_html.puzzle_card_html(p, tr, solved=False)
    parse(card)
    assert escape(puzzle_text.goal_words(p, tr)) in card and "t66-done" not in card
    assert escape(puzzle_text.level_words(p.level, tr)) in card
    assert escape(puzzle_text.goal_phrase(p, tr)) in puzzle_text.goal_line(p, tr)
    hint = puzzle_html.hint_markdown(pz.start(p), 1, tr)
    heading, words = html.md_plain(hint).split("\n", 1)
    assert heading == "**" + tr._(puzzle_text.HINT_LEVELS[1]) + "**"
    assert words == puzzle_text.hint(pz.start(p), 1, tr)


def test_style_sheets_are_read_from_the_package() -> None:
    normal, projector = html.page_css(), html.page_css(projector=True)
    assert normal.startswith("<style>") and normal.endswith("</style>")
    assert ".t66-board{" in normal and "stSidebar" not in normal
    assert projector.startswith(normal[: -len("</style>")]) and "stSidebar" in projector


PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"


def test_a_puzzle_attempt_table_and_its_unseen_cards() -> None:
    from tutor.engine import view_of
    from tutor.teach import puzzles as pz
    from tutor.web import puzzle_html
    from tutor.words import puzzle_text

    found, errors = pz.load_puzzles(PUZZLES)
    assert found and not errors
    tr = get_translator("en")
    for p in found:
        attempt = pz.start(p)
        table = puzzle_html.attempt_table(attempt)
        assert len(table) == (1 if attempt.state.lead >= 0 else 0)
        unseen = puzzle_text.unseen_text(attempt, tr)
        view = view_of(attempt.state, p.learner, attempt.excluded)
        assert len(unseen.cards.split(", ")) == view.unseen.bit_count() or not unseen.cards
        assert unseen.where
    picture = puzzle_html.card_button_img(Card.parse("Qh"), tr, allowed=True)
    assert picture.startswith('<div style="text-align:center"><img class="" src="data:image/svg')


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_the_reference_and_the_comparison_mark_the_switches_a_preset_does_not_read(
    lang: str,
) -> None:
    tr = get_translator(lang)
    classic = str(rules_ref.rules_reference_html(preset("classic"), tr))
    kurnik = str(rules_ref.rules_reference_html(preset("kurnik"), tr))
    unused = 'data-switch="out.false_points" data-unused="1"'
    assert unused in classic and unused not in kurnik  # classic: what the declarer would win
    why = rules_ref.unused_text("out.false_penalty", tr)
    assert str(escape(why)) in classic and 'data-switch="out.false_points" data-source' in kurnik
    table = str(rules_ref.compare_html([preset("classic"), preset("kurnik")], tr))
    row = table[table.index('data-switch="out.false_points"') :]
    row = row[: row.index("</tr>")]
    assert row.count('data-unused="1"') == 1  # classic's cell only

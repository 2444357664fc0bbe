"""The Play page's own words (``tutor.words.play_page``): its labels, the choice of the table,
the caption over the match, the turn's prompt and buttons, the tricks heading with its plural
forms, the match's result and the deal as a lesson file, in German, Polish and English."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
import yaml

from tutor.engine import Play
from tutor.teach import play as pl
from tutor.words import play_page as pw
from tutor.words.explain import choice_label, explain_verdict, move_label
from tutor.words.i18n import get_translator

LANGS = ["en", "de", "pl"]


def _game(spec: str = "classic", seed: int = 7) -> pl.Game:
    return pl.play_out(pl.start(pl.Table(spec, opponent="club", seed=seed)))


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_is_said_in_the_language(lang: str) -> None:
    t = get_translator(lang)
    said = pw.PlayWords().said(t)
    for f in fields(pw.PlayWords):
        msgid = getattr(pw.PlayWords(), f.name)
        assert getattr(said, f.name) == t._(msgid)
        assert getattr(said, f.name).strip()
    if lang != "en":  # translated, not left in English (a label or two may read the same)
        same = [
            f.name for f in fields(said) if getattr(said, f.name) == getattr(pw.PlayWords(), f.name)
        ]
        assert len(same) <= 2, same
    assert "{" not in said.may_name  # the card's placeholder is drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_choice_of_the_table(lang: str) -> None:
    t = get_translator(lang)
    two, table = pw.players_option(pl.TWO, t), pw.players_option(pl.TABLE, t)
    assert two != table
    assert pw.setup_intro(pl.TWO, t) != pw.setup_intro(pl.TABLE, t)
    names = {pw.mode_option(m.value, 7, t) for m in pl.MATCH_MODES}
    assert len(names) == len(pl.MATCH_MODES)
    assert any("7" in n for n in names)


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_names_the_computers_seats_at_a_larger_table(lang: str) -> None:
    t = get_translator(lang)
    two = pw.table_caption(_game(), "Classic", t)
    four = pw.table_caption(_game("four"), "Four", t)
    assert two.startswith("Classic · ") and two.count(" · ") == 2
    assert four.startswith("Four · ") and four.count(" · ") == 3
    assert "B, C, D" in four


@pytest.mark.parametrize("lang", LANGS)
def test_the_turns_prompt_and_buttons(lang: str) -> None:
    t = get_translator(lang)
    w = pw.PlayWords().said(t)
    game = _game()
    turn = pl.turn_of(game, hint_level=0, hide=False)
    assert pw.turn_prompt(game, turn, t) == w.click_card
    forced = replace(turn, must_name=True)
    assert pw.turn_prompt(game, forced, t) == w.name_trump
    for m in turn.buttons:
        assert pw.move_button(game, m, t) == choice_label(game.state, m, t)  # type: ignore[arg-type]
    table = _game("four")
    for m in pl.turn_of(table, hint_level=0, hide=False).buttons:
        assert pw.move_button(table, m, t) == move_label(m, t)


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_card_is_explained_to_the_player(lang: str) -> None:
    t = get_translator(lang)
    game = _game()
    verdict = pl.verdict(game, Play(game.state.hand(game.table.learner)[0]))
    assert pw.refused_text(verdict, game, t) == explain_verdict(verdict, game.rules, t, you=True)


def test_the_tricks_heading_in_every_plural_form() -> None:
    """Polish has three forms: 1; 2-4 and 22-24; 5-21 and 25 on (12-14 are "many")."""
    for lang in LANGS:
        t = get_translator(lang)
        for n in (2, 5, 12, 22, 25):
            assert str(n) in pw.tricks_heading(n, t)
        assert pw.tricks_heading(1, t) != pw.tricks_heading(2, t).replace("2", "1")
    form = {
        n: pw.tricks_heading(n, get_translator("pl")).replace(str(n), "#")
        for n in (2, 5, 12, 22, 25)
    }
    assert form[2] == form[22] != form[5] == form[12] == form[25]


@pytest.mark.parametrize("lang", LANGS)
def test_each_result_has_its_own_words(lang: str) -> None:
    t = get_translator(lang)
    assert len({pw.result_text(r, t) for r in pl.Result}) == len(pl.Result)


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_as_a_lesson_file(lang: str) -> None:
    t = get_translator(lang)
    game = pl.resign(_game())
    data = yaml.safe_load(pw.lesson_file(game, t))
    assert data["id"] == pl.lesson_id(game, game.deal)
    assert data["title"] == t._("Deal {number} against the computer", number=1)

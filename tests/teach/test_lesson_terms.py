"""The terms a lesson introduces: one table of ids (with their glossary entries), declared by
every shipped lesson in course order, unknown ids refused, and the terms a learner has met by a
lesson of the course."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tutor.teach.lessons import (
    ALL_TERMS,
    TERMS,
    Lesson,
    Library,
    read_lesson,
    terms_known,
)
from tutor.teach.lessons import messages as L
from tutor.web.course import course_path, known_terms
from tutor.words.glossary import GLOSSARY, TERMS_BY_KEY
from tutor.words.i18n import get_translator

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "lessons").glob("*.yaml"))


@pytest.fixture(scope="module")
def path() -> list[Lesson]:
    lib = Library.load(ROOT / "lessons")
    assert not lib.errors
    return course_path(lib.lessons)


def test_each_term_names_its_glossary_entry_by_the_same_id() -> None:
    for term, entry in TERMS.items():
        if entry is None:
            assert term not in TERMS_BY_KEY  # the glossary's own terms keep its ids
        else:
            assert entry == term and entry in TERMS_BY_KEY
    # every glossary term but a single suit or rank has an id here
    named = {t.key for t in GLOSSARY if t.card is None}
    assert named - set(TERMS) == set()


@pytest.mark.parametrize("file", FILES, ids=[p.stem for p in FILES])
def test_every_shipped_lesson_declares_its_terms(file: Path) -> None:
    data = yaml.safe_load(file.read_text("utf-8"))
    assert isinstance(data.get("terms"), list)
    assert all(term in TERMS for term in data["terms"])


def test_each_term_is_introduced_once_and_the_basics_first(path: list[Lesson]) -> None:
    declared = [term for lesson in path for term in lesson.terms]
    assert len(declared) == len(set(declared))
    first = path[0]
    assert first.id == "01-cards-and-points"
    assert {"card_points", "trick", "rank", "suit", "trump_suit", "stock"} <= set(first.terms)
    assert terms_known(first, path) == frozenset(first.terms)
    assert "game_point" not in terms_known(first, path)


def test_the_terms_known_grow_along_the_course(path: list[Lesson]) -> None:
    seen: frozenset[str] = frozenset()
    for lesson in path:
        known = terms_known(lesson, path)
        assert known == seen | set(lesson.terms)
        seen = known
    by_id = {lesson.id: lesson for lesson in path}
    closing, going_out = by_id["07-closing"], by_id["08-going-out"]
    assert "game_point" not in terms_known(by_id["06-trump-exchange"], path)
    assert "game_point" in terms_known(closing, path) and "going_out" not in terms_known(
        closing, path
    )
    assert "going_out" in terms_known(going_out, path)
    # the worked deals introduce nothing new; the table's lessons come after the course for two
    assert terms_known(by_id["example-1"], path) == terms_known(by_id["10-schneider-schwarz"], path)
    table = by_id["table-02-four-partners"]
    assert {"partners", "three_players", "game_point", "head_trick"} <= terms_known(table, path)
    assert "signal" not in terms_known(table, path)


def test_a_lesson_outside_the_course_knows_every_term(path: list[Lesson]) -> None:
    own = path[0]
    uploaded, errors = read_lesson("upload.yaml", FILES[0].read_bytes())
    assert uploaded is not None and not errors and uploaded.id == own.id
    assert terms_known(uploaded, path) == ALL_TERMS
    assert known_terms(path, uploaded) == ALL_TERMS
    assert known_terms(path, own) == frozenset(own.terms)


def test_an_unknown_term_id_is_refused_at_its_line() -> None:
    text = FILES[0].read_text("utf-8").replace("trump_card,", "trump_card, tricks,")
    lesson, errors = read_lesson("terms.yaml", text.encode())
    assert lesson is None
    (error,) = errors
    assert error.template == L.E_TERM and error.params["term"] == "tricks"
    assert error.line == next(i for i, s in enumerate(text.splitlines(), 1) if "tricks," in s)
    assert "trick, lead" in str(error)  # the valid ids are listed
    rendered = error.render(get_translator("de"))
    assert rendered.startswith(f"terms.yaml:{error.line}:") and "Begriff" in rendered

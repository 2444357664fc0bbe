"""The message catalogs: complete, consistent with the code and the lessons, well-formed.

These tests guard every message, present and future. When one fails after you added or
changed a message, run ``scripts/i18n.sh update`` and translate what it reports (see
docs/translating.md).
"""

from __future__ import annotations

import re
import string
import subprocess
import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tutor.tools.babel_extract import COMMENT_TAG, KEYWORDS, extract_lessons, fill_source_catalog
from tutor.words.i18n import DOMAIN, LANGUAGES, LOCALES_DIR, is_declinable, po_path, split_case

ROOT = LOCALES_DIR.parent
POT = LOCALES_DIR / f"{DOMAIN}.pot"
PLURALS = {"de": 2, "en": 2, "pl": 3}

Key = tuple[str, str | None]


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (msgid, message.context)


def _plural_id(message: Message) -> str | None:
    return message.id[1] if isinstance(message.id, tuple | list) else None


def _messages(catalog: Catalog) -> Iterator[Message]:
    return (m for m in catalog if m.id)


def _describe(message: Message) -> str:
    where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
    context = f" [{message.context}]" if message.context else ""
    return f"{_key(message)[0]!r}{context} ({where})"


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {lang: _read(po_path(lang), lang) for lang in LANGUAGES}


@pytest.fixture(scope="module")
def template() -> Catalog:
    return _read(POT)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """A fresh extraction from the code and the lessons, exactly as scripts/i18n.sh does."""
    out = tmp_path_factory.mktemp("pot") / "fresh.pot"
    keywords = [arg for kw in KEYWORDS for arg in ("-k", kw)]
    command = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    subprocess.run(
        [
            *command,
            *("-o", str(out), "--add-location=file", "--no-default-keywords", *keywords),
            *("-c", COMMENT_TAG, "."),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return _read(out)


# -- the catalogs are complete ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_not_fuzzy(lang: str, catalogs: dict[str, Catalog]) -> None:
    missing, fuzzy = [], []
    for message in _messages(catalogs[lang]):
        forms = message.string if isinstance(message.string, tuple | list) else [message.string]
        if not all(form and form.strip() for form in forms):
            missing.append(_describe(message))
        if message.fuzzy:
            fuzzy.append(_describe(message))
    assert not missing, f"{lang}: {len(missing)} untranslated:\n" + "\n".join(missing)
    assert not fuzzy, f"{lang}: {len(fuzzy)} marked fuzzy (check, then remove the mark):\n" + (
        "\n".join(fuzzy)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_header_language_and_plural_forms(lang: str, catalogs: dict[str, Catalog]) -> None:
    catalog = catalogs[lang]
    assert str(catalog.locale) == lang
    assert catalog.num_plurals == PLURALS[lang]
    assert not catalog.fuzzy, f"{lang}: the header is marked fuzzy"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_babel_checkers_pass(lang: str, catalogs: dict[str, Catalog]) -> None:
    problems = [
        f"{_describe(message)}: {error}"
        for message, errors in catalogs[lang].check()
        for error in errors
    ]
    assert not problems, "\n".join(problems)


# -- placeholders -----------------------------------------------------------------------------


def _fields(text: str) -> list[str]:
    """The replacement fields of a str.format text; raises ValueError when it is malformed."""
    return [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]


def _placeholder_problems(message: Message) -> list[str]:
    ids = list(message.id) if isinstance(message.id, tuple | list) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
    plural = len(ids) > 1
    try:
        source = [f for text in ids for f in _fields(text)]
    except ValueError:
        return []  # braces in the English text itself: a literal text, never formatted
    problems = []
    for field in source:
        named = is_declinable(split_case(field)[0])
        if field == "" or field.isdigit() or not (field.isidentifier() or named):
            problems.append(f"placeholder {{{field}}} in the English text must be a plain name")
    expected = {split_case(f)[0] if is_declinable(split_case(f)[0]) else f for f in source}
    for form in strings:
        if not form:
            continue
        try:
            fields = _fields(form)
        except ValueError as error:
            problems.append(f"{form!r}: braces do not match ({error})")
            continue
        names = set()
        for field in fields:
            base, case = split_case(field)
            if case is not None and base in expected and field not in expected:
                if not is_declinable(base):
                    problems.append(
                        f"{{{field}}}: only card, suit, rank and trump placeholders take a case"
                    )
                names.add(base)
            else:
                names.add(field)
        # A plural form may leave the number out ("jeden punkt").
        have = names | {"n"} if plural else names
        want = expected | {"n"} if plural else expected
        if have != want:
            extra, lost = sorted(have - want), sorted(want - have)
            problems.append(f"{form!r}: unknown placeholders {extra}, missing {lost}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_match(lang: str, catalogs: dict[str, Catalog]) -> None:
    # A fuzzy entry is not used (and reported above); it is often a loose suggestion.
    problems = [
        f"{_describe(message)}: {problem}"
        for message in _messages(catalogs[lang])
        if not message.fuzzy
        for problem in _placeholder_problems(message)
    ]
    assert not problems, f"{lang}:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("msgid", "msgstr", "ok"),
    [
        ("{player} leads {card}", "{player} wychodzi {card_ins}", True),
        ("{player} leads {card}", "{player} spielt {card_acc} aus", True),
        ("{trump} is trumps", "Atutem jest {trump}", True),
        ("{led_card} or {card2}", "{led_card_gen} oder {card2_dat}", True),
        ("{player} leads {card}", "{gracz} wychodzi {card_ins}", False),
        ("{player} leads {card}", "{player} wychodzi", False),
        ("{player} wins", "{player_acc} gewinnt", False),
        ("{card} wins", "{card_voc} gewinnt", False),
        ("{card} wins", "{card gewinnt", False),
        ("{0} wins", "{0} gewinnt", False),
        ("{card.rank} wins", "{card.rank} gewinnt", False),
        ("Literal {braces", "Wörtliche {Klammern", True),
        ("No placeholders", "Keine {Platzhalter}", False),
    ],
)
def test_placeholder_check_itself(msgid: str, msgstr: str, ok: bool) -> None:
    assert (not _placeholder_problems(Message(msgid, msgstr))) is ok


def test_plural_placeholder_check() -> None:
    good = Message(("{n} point", "{n} points"), ("jeden punkt", "{n} punkty", "{n} punktów"))
    bad = Message(("{n} point", "{n} points"), ("{n} punkt", "{n} punkty", "{count} punktów"))
    assert not _placeholder_problems(good)
    assert _placeholder_problems(bad)


# -- the template matches the code and the lessons, the catalogs match the template -----------


def test_template_is_up_to_date(template: Catalog, extracted: Catalog) -> None:
    have = {_key(m): _plural_id(m) for m in _messages(template)}
    want = {_key(m): _plural_id(m) for m in _messages(extracted)}
    new = sorted(str(k) for k in want.keys() - have.keys())
    gone = sorted(str(k) for k in have.keys() - want.keys())
    changed = sorted(str(k) for k in want.keys() & have.keys() if want[k] != have[k])
    assert not (new or gone or changed), (
        "locales/tutor.pot is stale; run scripts/i18n.sh update\n"
        f"new: {new}\nno longer used: {gone}\nplural changed: {changed}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_has_exactly_the_templates_messages(
    lang: str, template: Catalog, catalogs: dict[str, Catalog]
) -> None:
    want = {_key(m): _plural_id(m) for m in _messages(template)}
    have = {_key(m): _plural_id(m) for m in _messages(catalogs[lang])}
    assert have == want, (
        f"{lang}: run scripts/i18n.sh update\n"
        f"missing: {sorted(map(str, want.keys() - have.keys()))}\n"
        f"extra: {sorted(map(str, have.keys() - want.keys()))}"
    )
    assert not catalogs[lang].obsolete, f"{lang}: obsolete (#~) entries left"


def _literal_calls_in_fstrings(source: str) -> list[int]:
    """Lines where a translation call with a literal message sits inside an f-string.

    ``pybabel extract`` does not look inside f-strings (on Python 3.11 an f-string is one
    token), so such a message never reaches the catalogs and is shown in English."""
    import ast

    names = {kw.split(":")[0] for kw in KEYWORDS}
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for sub in ast.walk(node):
            if not isinstance(sub, ast.Call):
                continue
            func = sub.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            literal = any(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in sub.args
            )
            if name in names and literal:
                lines.append(sub.lineno)
    return lines


def test_no_message_hides_inside_an_fstring() -> None:
    assert _literal_calls_in_fstrings("x = f\"<b>{tr._('Source')}</b>\"\n") == [1]
    assert _literal_calls_in_fstrings('x = f"<b>{tr._(title)}</b>"\ny = tr._("Source")\n') == []
    found = []
    # Every module of the packages, at any depth, and the scripts at the top.
    paths = [*(ROOT / "tutor").rglob("*.py"), *(ROOT / "tutor_app").rglob("*.py")]
    for path in sorted([*paths, *ROOT.glob("*.py")]):
        found += [
            f"{path.relative_to(ROOT)}:{n}"
            for n in _literal_calls_in_fstrings(path.read_text(encoding="utf-8"))
        ]
    assert not found, "take these messages out of the f-strings: " + ", ".join(found)


def test_no_compiled_catalogs_in_the_repository() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "locales"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.split()
    assert not [f for f in tracked if f.endswith(".mo")]


def test_keywords_are_documented_and_used_by_the_script() -> None:
    script = (ROOT / "scripts" / "i18n.sh").read_text(encoding="utf-8")
    docs = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    for keyword in KEYWORDS:
        flag = re.compile(rf"-k {re.escape(keyword)}(?=[\s)])")
        assert flag.search(script), keyword
        assert flag.search(docs), keyword


# -- the lesson extractor ---------------------------------------------------------------------

LESSON = """\
id: demo
title: First steps
meta:
  difficulty: 2
  note: A note at depth
steps:
  - narration: |
      You lead the queen.
    hints:
      - Think about trumps.
      - Count the points.
    moves: [Qc]
    explanation: 42
  - goal_text: Win the trick
    theme_text: ""
    deeper:
      - summary: Deep summary
        hint: Deep hint
        comment: not shown to learners
  - title: !!python/object/apply:os.system ["echo never"]
    hints: !!python/object/apply:os.system ["echo never"]
---
title: Second document
"""


def test_lesson_extractor_finds_every_text_with_its_line() -> None:
    found = [
        (line, text)
        for line, funcname, text, comments in extract_lessons(
            BytesIO(LESSON.encode()), KEYWORDS, [COMMENT_TAG], {}
        )
    ]
    assert found == [
        (2, "First steps"),
        (5, "A note at depth"),
        (7, "You lead the queen.\n"),
        (10, "Think about trumps."),
        (11, "Count the points."),
        (14, "Win the trick"),
        (17, "Deep summary"),
        (18, "Deep hint"),
        (23, "Second document"),
    ]


def test_lessons_are_extracted_through_babel_cfg(extracted: Catalog) -> None:
    lesson_files = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("lessons/**/*.yaml"))
    located = {f for m in _messages(extracted) for f, _ in m.locations}
    assert [f for f in lesson_files if f not in located] == []


# -- the English catalog follows the msgids ---------------------------------------------------

ENGLISH_PO = """\
msgid ""
msgstr ""
"Language: en\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "New message"
msgstr ""

#, fuzzy
#| msgid "Old wording"
msgid "New wording"
msgstr "Old wording"

msgid "Reworded on purpose"
msgstr "Polished wording"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] ""
msgstr[1] ""
"""


def test_fill_english_copies_msgids_and_keeps_deliberate_wording(tmp_path: Path) -> None:
    po = tmp_path / "tutor.po"
    po.write_text(ENGLISH_PO, encoding="utf-8")
    assert fill_source_catalog(po) == 3
    catalog = _read(po, "en")
    assert catalog["New message"].string == "New message"
    assert catalog["New wording"].string == "New wording"
    assert not catalog["New wording"].fuzzy
    assert catalog["Reworded on purpose"].string == "Polished wording"
    assert catalog["{n} card"].string == ("{n} card", "{n} cards")
    assert fill_source_catalog(po) == 0

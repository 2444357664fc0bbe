"""The German and Polish catalogs as a player reads them: cases, gender, address, plurals.

Every translation is read as it is written in ``locales/<lang>/LC_MESSAGES/tutor.po``:

- a card, suit or rank after a preposition or a verb that governs a case is named in that case
  (``mit {Ah_dat}``, ``wyszedł {Qc_ins}``), unless the name reads the same in that case for
  every card it can hold, in both packs;
- a Polish sentence that says something about a move or a card agrees with it in gender, for
  every move or card the placeholder can hold, in both packs ("{move} to równie dobry ruch",
  not "{move} jest równie dobry");
- Polish speaks to the learner without a masculine-only form ("Wygrałeś", "licz sam"), and
  German says "du", never "Sie";
- a Polish plural message takes the right form for every n from 0 to 30.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from tutor.engine import CARDS, Card, Rank, Suit, narration_value
from tutor.words.i18n import (
    PACK_STYLES,
    get_translator,
    is_declinable,
    load_po,
    po_path,
    split_case,
)

Entry = tuple[str, str]  # (msgid, one msgstr)

# The words after which a card, suit or rank must be named in one of these cases.
GOVERNS: dict[str, dict[str, frozenset[str]]] = {
    "de": {
        **dict.fromkeys(
            ("mit", "von", "vom", "zu", "zum", "zur", "bei", "beim", "aus", "nach", "seit"),
            frozenset({"dat"}),
        ),
        **dict.fromkeys(("gegen", "für", "ohne", "um", "durch"), frozenset({"acc"})),
        **dict.fromkeys(("statt", "anstatt", "wegen", "trotz"), frozenset({"gen"})),
        **dict.fromkeys(
            ("in", "unter", "über", "auf", "an", "neben", "hinter", "vor", "zwischen"),
            frozenset({"acc", "dat"}),
        ),
        # imperatives: the card is their object
        **dict.fromkeys(
            ("spiel", "wirf", "behalte", "behalt", "tausch", "tausche", "nimm", "gib", "halte"),
            frozenset({"acc"}),
        ),
    },
    "pl": {
        **dict.fromkeys(("z", "ze"), frozenset({"ins", "gen"})),
        **dict.fromkeys(("na", "o", "po", "w", "we"), frozenset({"acc", "loc"})),
        **dict.fromkeys(
            ("do", "od", "bez", "dla", "u", "zamiast", "oprócz", "spod", "według", "obok"),
            frozenset({"gen"}),
        ),
        "przy": frozenset({"loc"}),
        "przez": frozenset({"acc"}),
        **dict.fromkeys(("pod", "nad", "przed", "za", "między"), frozenset({"ins", "acc"})),
        # leading: "wychodzi damą"
        **dict.fromkeys(
            ("wychodzi", "wyszedł", "wyjdź", "wyjdzie", "wychodzisz", "wyjdziesz", "wyjść"),
            frozenset({"ins"}),
        ),
        # verbs whose object the card is
        **dict.fromkeys(
            (
                "wymienia",
                "wymień",
                "wymienić",
                "dokłada",
                "dołóż",
                "dołożyć",
                "zrzuca",
                "zrzuć",
                "zrzucić",
                "dorzuca",
                "dorzuć",
                "zachowaj",
                "zachowuje",
                "oddaj",
                "zagraj",
                "zamelduj",
            ),
            frozenset({"acc"}),
        ),
    },
}

# A German verb followed by its subject (a player) and then the card: "tauscht A {9h_acc}".
DE_VERB_PLAYER_CARD: re.Pattern[str] = re.compile(
    r"\b(?:tauscht|spielt|hat|hält|behält|gibt|wirft|schlägt|holt|nimmt|bekommt|zieht|sticht|"
    r"hebt|zeigt|meldet)\s+[A-D]\s+\{(\w+)\}"
)
# A word, the placeholder after it, and (looked ahead at) the rest of the clause.
BARE_AFTER_WORD: re.Pattern[str] = re.compile(r"(\w+)\s+\{(\w+)\}(?=([^,.;:!?]*))")
# German "seit" as a conjunction opens a clause whose subject is the card: "seit {Qs} weg ist".
DE_CLAUSE_END: re.Pattern[str] = re.compile(r"\b(?:ist|sind|war|waren|hat|hatte|liegt|lag)\s*$")

# A parameter that holds a move's phrase (in the nominative): any move, of any gender.
MOVE_PARAMS = frozenset({"move", "best", "better", "played"})


@cache
def entries(lang: str) -> tuple[Entry, ...]:
    """Every (msgid, msgstr) of a catalog; a plural message gives each of its forms."""
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    out: list[Entry] = []
    for m in catalog:
        if not m.id:
            continue
        msgid = m.id[0] if isinstance(m.id, tuple | list) else m.id
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        out.extend((msgid, s) for s in forms if s)
    return tuple(out)


Value = Card | Suit | Rank


def values_of(name: str) -> tuple[Value, ...]:
    """What a declinable placeholder can hold: its one card, suit or rank for a narration
    placeholder (``Qs``, ``hearts``, ``ace``), every one of its kind for a parameter."""
    fixed = narration_value(name)
    if fixed is not None:
        return (fixed,)
    if "card" in name:
        return tuple(CARDS)
    if "suit" in name or "trump" in name:
        return tuple(Suit)
    return tuple(Rank)


def reads_as(lang: str, value: Value, case: str) -> frozenset[str]:
    """The names of a value in a case, in both packs."""
    return frozenset(get_translator(lang, style).name(value, case) for style in PACK_STYLES)


def bare_is_wrong(lang: str, name: str, cases: frozenset[str]) -> bool:
    """Whether a placeholder without a case suffix, after a word that governs ``cases``, names
    some value wrongly: no governed case reads like the nominative for all its values."""
    values = values_of(name)
    return not any(
        all(reads_as(lang, v, "nom") == reads_as(lang, v, case) for v in values) for case in cases
    )


def bare_case_problems(lang: str, text: str) -> list[str]:
    """Each bare card, suit or rank placeholder in ``text`` that the grammar needs in a case."""
    found: list[tuple[str, str, frozenset[str]]] = []
    for m in BARE_AFTER_WORD.finditer(text):
        word, name = m.group(1).lower(), m.group(2)
        if lang == "de" and word == "seit" and DE_CLAUSE_END.search(m.group(3)):
            continue
        if word in GOVERNS[lang]:
            found.append((word, name, GOVERNS[lang][word]))
    if lang == "de":
        found.extend(
            ("VERB A", m.group(1), frozenset({"acc"})) for m in DE_VERB_PLAYER_CARD.finditer(text)
        )
    out = []
    for word, name, cases in found:
        if not is_declinable(name) or split_case(name)[1] is not None or name in MOVE_PARAMS:
            continue
        if bare_is_wrong(lang, name, cases):
            out.append(f"{word} {{{name}}} needs {'/'.join(sorted(cases))}")
    return out


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_no_bare_card_where_the_grammar_needs_a_case(lang: str) -> None:
    problems = [
        f"{p}: {msgstr[:120]!r}"
        for msgid, msgstr in entries(lang)
        for p in bare_case_problems(lang, msgstr)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("lang", "text", "bad"),
    [
        ("de", "Mit {Ah} hält A jetzt den höchsten Trumpf.", True),
        ("de", "Mit {Ah_dat} hält A jetzt den höchsten Trumpf.", False),
        ("de", "Richtig: Mit einem Stich tauscht A {Kh} gegen {Ah_acc}.", True),
        ("de", "A hat kein {diamonds}.", False),  # a suit's name reads the same
        ("de", "{Ks} nützt A nichts mehr, seit {Qs} weg ist.", False),  # "seit" opens a clause
        ("de", "Seit {Kh} liegt die Zehn blank.", True),
        ("de", "B nimmt den Stich mit {Kh_dat} und mit {Ks}.", True),  # the second one too
        ("pl", "Artykuł opisuje to po tym, jak A wyszedł {Qc}.", True),
        ("pl", "A wymienia {9h} na {Ah}", True),
        ("pl", "A wymienia {9h_acc} na {Ah_acc}", False),
        ("pl", "Jedyną kartą B jest {Kd}.", False),
    ],
)
def test_the_case_check_itself(lang: str, text: str, bad: bool) -> None:
    assert bool(bare_case_problems(lang, text)) is bad


# -- Polish gender ----------------------------------------------------------------------------

# Words that may stand between a copula and its adjective.
PL_SKIP = frozenset(
    [
        "jeszcze",
        "też",
        "także",
        "już",
        "tutaj",
        "tu",
        "teraz",
        "tylko",
        "równie",
        "bardzo",
        "zawsze",
        "wciąż",
        "nadal",
        "wtedy",
        "więc",
        "zaraz",
        "nie",
        "nic",
    ]
)
# Words after a copula that end like an adjective but are none: after them no adjective
# speaks of the card.
PL_NOT_ADJECTIVE = frozenset(
    [
        "to",
        "ta",
        "ten",
        "te",
        "tak",
        "taka",
        "takie",
        "jej",
        "jego",
        "ich",
        "ci",
        "mu",
        "mi",
        "go",
        "je",
        "ją",
        "przy",
        "po",
        "od",
        "do",
        "na",
        "w",
        "we",
        "z",
        "za",
        "a",
        "i",
        "lub",
        "albo",
        "oraz",
        "czy",
        "dla",
        "pod",
        "nad",
        "przed",
        "przez",
        "u",
        "o",
        "bez",
    ]
)
PL_COPULA = re.compile(
    r"\{(\w+)\}((?:\s+[\w\u0105-\u017c]+){1,4})", re.UNICODE
)  # a placeholder and the few words after it
PL_COPULAS = frozenset(
    [
        "jest",
        "był",
        "była",
        "było",
        "będzie",
        "byłby",
        "byłaby",
        "byłoby",
        "leży",
        "leżała",
        "leżał",
        "leżało",
        "zostaje",
        "zostanie",
        "pozostaje",
    ]
)
# Short adjectives and predicative words with their gender.
PL_SPECIAL = {"wart": "m", "warta": "f", "warte": "n", "pewien": "m", "gotów": "m"}


def pl_gender_of_word(word: str) -> str | None:
    """The gender a Polish adjective or past participle shows (m, f, n), or None."""
    if word in PL_SPECIAL:
        return PL_SPECIAL[word]
    if word in PL_NOT_ADJECTIVE or word in PL_SKIP or len(word) < 3:
        return None
    if word.endswith("ła"):
        return "f"
    if word.endswith("ło"):
        return "n"
    if word.endswith("ł"):
        return "m"
    if word[-1] in "yi":
        return "m"
    if word[-1] == "a":
        return "f"
    if word[-1] == "e":
        return "n"
    return None


def pl_gender_of_name(name: str) -> str:
    """A Polish name's gender, by its head noun ("dama pik": f, "as": m, "zamknięcie stosu":
    n)."""
    head = name.split()[0].lower()
    if head.endswith("a"):
        return "f"
    return "n" if head.endswith(("e", "o")) else "m"


@cache
def pl_move_genders() -> frozenset[str]:
    """The genders of the phrases a move can be named by: every kind of move in Polish."""
    from tutor.engine import parse_move
    from tutor.words.phrases import move_phrase

    tr = get_translator("pl")
    moves = ("Qh", "Ah", "marry Qh", "marry Qh out", "exchange", "close", "out")
    return frozenset(pl_gender_of_name(move_phrase(parse_move(m), tr)) for m in moves)


def pl_genders_of(name: str) -> frozenset[str]:
    """The genders a nominative placeholder can have in Polish (both packs)."""
    if name in MOVE_PARAMS:
        return pl_move_genders()
    return frozenset(
        pl_gender_of_name(n) for v in values_of(name) for n in reads_as("pl", v, "nom")
    )


def pl_agreement_problems(text: str) -> list[str]:
    """Each place where a predicate about a card or move shows a gender the placeholder does
    not always have: "{move} jest równie dobry", "{Qs} leży odkryta" (wyżnik in the German
    pack)."""
    out = []
    for m in PL_COPULA.finditer(text):
        name = m.group(1)
        base, case = split_case(name)
        if case not in (None, "nom") or not (name in MOVE_PARAMS or is_declinable(base)):
            continue
        if isinstance(narration_value(base), Suit) or "suit" in base or base == "trump":
            continue  # a suit's gender is not a card's
        words = m.group(2).split()
        gender: str | None = None
        if words[0] == "nie":
            words = words[1:]
        if words and words[0] in PL_COPULAS:
            for w in words[1:3]:
                gender = pl_gender_of_word(w)
                if w not in PL_SKIP:
                    break
        elif words and re.fullmatch(r"\w+ł[ao]?", words[0]):
            gender = pl_gender_of_word(words[0])
        if gender is None:
            continue
        genders = pl_genders_of(base)
        if genders != {gender}:
            out.append(f"{{{name}}} {' '.join(m.group(2).split()[:3])}: {sorted(genders)}")
    return out


def test_polish_sentences_about_a_move_or_card_agree_in_gender() -> None:
    problems = [
        f"{p} in {msgstr[:120]!r}"
        for _, msgstr in entries("pl")
        for p in pl_agreement_problems(msgstr)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("{move} jest równie dobry, ale ta lekcja prosi tu o inny ruch.", True),
        ("{move} to równie dobry ruch.", False),
        ("{10h} jest atutem.", False),
        ("{ten} jest warta 10.", False),
        ("{king} jest wart tylko 4 punkty.", False),
        ("{card} jest warta 10.", True),  # a king is not
        ("{Qs} leży odkryta.", True),  # wyżnik in the German pack
        ("{Ah} nie został jeszcze zagrany.", False),
    ],
)
def test_the_gender_check_itself(text: str, bad: bool) -> None:
    assert bool(pl_agreement_problems(text)) is bad


# -- the learner addressed --------------------------------------------------------------------

PL_MASCULINE_YOU = (
    re.compile(r"\b\w+(?:łeś|łaś|łbyś|łabyś)\b"),  # wziąłeś, zrobiłbyś
    re.compile(r"\w*byś\s+(?:\w+\s+)?\w+ł\b"),  # gdybyś zachował
    re.compile(
        r"\b(?:jesteś|bądź)\s+(?:\w+\s+)?(?:pewien|pewny|pewna|gotów|gotowy|gotowa|sam|sama)\b"
    ),
    re.compile(r"\b(?:licz|graj|zrób|zagraj|zdecyduj|policz)\s+(?:sam|sama)\b"),
    re.compile(r"\b\w+(?:sz)\s+(?:pierwszy|pierwsza|ostatni|ostatnia|sam|sama)\b"),  # grasz ostatni
    re.compile(r"\b(?:żeby|aby)\s+\w+ć\s+(?:pierwszy|pierwsza|ostatni|ostatnia|sam|sama)\b"),
)
# "Sie" and "Ihr…" with a capital inside a sentence address the reader formally.
DE_FORMAL_YOU = re.compile(r"(?<=[a-zäöüß,;] )(?:Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")


def masculine_you(text: str) -> list[str]:
    return [m.group(0) for pattern in PL_MASCULINE_YOU for m in pattern.finditer(text)]


def test_polish_addresses_the_learner_without_a_masculine_only_form() -> None:
    problems = [f"{hit!r} in {s[:120]!r}" for _, s in entries("pl") for hit in masculine_you(s)]
    assert not problems, "\n".join(problems)


def test_german_says_du() -> None:
    problems = [
        f"{m.group(0)!r} in {s[:120]!r}"
        for _, s in entries("de")
        for m in DE_FORMAL_YOU.finditer(s)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Wygrałeś partię!", True),
        ("Jesteś A; wziąłeś lewę i masz wyjście.", True),
        ("Gdybyś zachował ją na później, zabrałby ją as.", True),
        ("Ukryj punkty: licz sam", True),
        ("Jesteś A i grasz ostatni.", True),
        ("Policz lewy, których jesteś pewien.", True),
        ("Weź lewę, żeby dobierać pierwszy.", True),
        ("Partia wygrana!", False),
        ("Jesteś A, masz wziętą lewę i wyjście.", False),
        ("A wziął lewę i dobiera pierwszy.", False),  # about A, not to the learner
    ],
)
def test_the_address_check_itself(text: str, bad: bool) -> None:
    assert bool(masculine_you(text)) is bad


def test_the_formal_you_check_itself() -> None:
    assert DE_FORMAL_YOU.search("Dann spielen Sie die Herz-Zehn.")
    assert not DE_FORMAL_YOU.search("Behalte die Zehn: Sie schlägt den Buben.")


# -- Polish plurals ---------------------------------------------------------------------------

# Nouns counted in the catalog: (one, few: 2-4, 22-24..., many: 0, 5-21, 25-31...).
PL_NOUNS = (
    ("punkt", "punkty", "punktów"),
    ("lewa", "lewy", "lew"),
    ("karta", "karty", "kart"),
    ("rozdanie", "rozdania", "rozdań"),
    ("partia", "partie", "partii"),
    ("osoba", "osoby", "osób"),
    ("uczeń", "uczniowie", "uczniów"),
    ("gracz", "gracze", "graczy"),
    ("atut", "atuty", "atutów"),
    ("lekcja", "lekcje", "lekcji"),
    ("zadanie", "zadania", "zadań"),
    ("problem", "problemy", "problemów"),
    ("ruch", "ruchy", "ruchów"),
    ("pozycja", "pozycje", "pozycji"),
    ("sekunda", "sekundy", "sekund"),
    ("plik", "pliki", "plików"),
    ("krok", "kroki", "kroków"),
    ("meldunek", "meldunki", "meldunków"),
    ("uczestnik", "uczestnicy", "uczestników"),
)


def pl_form(n: int) -> int:
    """The Polish plural form of n: 0 one, 1 few (2-4, 22-24, ...), 2 many."""
    if n == 1:
        return 0
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1
    return 2


def pl_plural_problems(n: int, text: str) -> list[str]:
    """What is wrong in a Polish text that counts ``n``: the counted noun or the verb after it
    in another number's form."""
    out = []
    form = pl_form(n)
    for m in re.finditer(rf"(?<![\d,]){n}\s+(\w+)(?:\s+(\w+))?", text):
        noun, verb = m.group(1), m.group(2) or ""
        for row in PL_NOUNS:
            if noun in row and noun != row[form] and row.count(noun) == 1:
                out.append(f"{n} {noun} (want {row[form]})")
        if any(noun in row for row in PL_NOUNS):
            if form == 1 and verb.endswith("ło"):
                out.append(f"{n} {noun} {verb}")
            if form == 2 and re.fullmatch(r"\w+(li|ły)", verb):
                out.append(f"{n} {noun} {verb}")
    return out


def test_polish_plurals_for_every_n_from_0_to_30() -> None:
    translations = load_po(po_path("pl"), "pl")
    with po_path("pl").open("rb") as f:
        catalog = read_po(f, locale="pl")
    problems = []
    plurals = [m for m in catalog if m.id and isinstance(m.id, tuple | list)]
    assert len(plurals) > 20
    for m in plurals:
        forms = tuple(m.string)
        for n in range(31):
            chosen = (
                translations.npgettext(m.context, m.id[0], m.id[1], n)
                if m.context
                else translations.ngettext(m.id[0], m.id[1], n)
            )
            if chosen != forms[pl_form(n)]:
                problems.append(f"n={n}: form {forms.index(chosen)} of {m.id[0]!r}")
                continue
            text = chosen.replace("{n}", str(n))
            problems.extend(f"{p}: {m.id[0]!r}" for p in pl_plural_problems(n, text))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("n", "text", "bad"),
    [
        (3, "3 uczniów odpowiedziało", True),
        (3, "3 uczniowie odpowiedzieli", False),
        (23, "23 punktów", True),
        (22, "22 punkty", False),
        (25, "25 punkty", True),
        (12, "12 punktów", False),
        (5, "5 osób odpowiedziało", False),
        (5, "5 osoby odpowiedziały", True),
    ],
)
def test_the_plural_check_itself(n: int, text: str, bad: bool) -> None:
    assert bool(pl_plural_problems(n, text)) is bad


# -- retired wordings -------------------------------------------------------------------------

# Calques the glossary retired: the second phase is no "strict" phase, a loser is not
# "Schneider" as a predicate noun in Polish.
RETIRED = {
    "de": re.compile(r"\bstreng(?:e|en)? (?:Regeln|Phase)", re.IGNORECASE),
    "pl": re.compile(r"\bścisł\w*|\bjest (?:Schneider|Schwarz)\b", re.IGNORECASE),
}


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_no_retired_wording(lang: str) -> None:
    found = [s[:120] for _, s in entries(lang) if RETIRED[lang].search(s)]
    assert not found, "\n".join(found)


def test_the_retired_wording_check_itself() -> None:
    assert RETIRED["de"].search("Ab jetzt gelten die strengen Regeln.")
    assert RETIRED["pl"].search("od teraz obowiązują ścisłe zasady")
    assert RETIRED["pl"].search("dwa, jeśli jest Schneider")
    assert not RETIRED["pl"].search("dwa, jeśli ma mniej niż 33 punkty (Schneider)")


# -- typography and sentence starts -----------------------------------------------------------

# Each language's closing quotation mark after its opening „: German „…“, Polish „…”.
CLOSING_QUOTE = {"de": "\u201c", "pl": "\u201d"}
OPENED = re.compile("\u201e([^\u201e\u201c\u201d]*)([\u201c\u201d])")


def quote_problems(lang: str, text: str) -> list[str]:
    """Each „ closed by the other language's mark („…“ in Polish, „…” in German)."""
    return [
        f"\u201e{m.group(1)}{m.group(2)}"
        for m in OPENED.finditer(text)
        if m.group(2) != CLOSING_QUOTE[lang]
    ]


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_quotation_marks_close_as_the_language_writes_them(lang: str) -> None:
    problems = [f"{p!r} in {s[:120]!r}" for _, s in entries(lang) for p in quote_problems(lang, s)]
    assert not problems, "\n".join(problems)


def test_the_quote_check_itself() -> None:
    assert quote_problems("pl", "tylko przy „więcej niż 33“.")
    assert not quote_problems("pl", "tylko przy „więcej niż 33”.")
    assert quote_problems("de", "nur bei „mehr als 33”.")
    assert not quote_problems("de", "nur bei „mehr als 33“.")


# A card or rank named with its article right after a colon and going on with a verb opens a
# sentence, which German writes with a capital; the translator capitalises a name only after
# the end of a sentence, so such a sentence must not start with the placeholder
# ("Richtig: {Kd} ist höher" shows "Richtig: der Karo-König ist höher").
DE_COLON_NAME = re.compile(r":\s+\{(\w+)\}\s+[a-zäöüß]")


def de_colon_problems(text: str) -> list[str]:
    """Each card or rank placeholder in the nominative that opens a sentence after a colon."""
    out = []
    for m in DE_COLON_NAME.finditer(text):
        name = m.group(1)
        base, case = split_case(name)
        if case not in (None, "nom") or not is_declinable(base):
            continue
        if isinstance(narration_value(base), Suit) or "suit" in base or base == "trump":
            continue  # a suit's name has no article: "Herz ist Trumpf"
        out.append(m.group(0))
    return out


def test_german_sentences_after_a_colon_do_not_open_with_an_article() -> None:
    problems = [f"{p!r} in {s[:120]!r}" for _, s in entries("de") for p in de_colon_problems(s)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Richtig: {Kd} ist höher als {Qd}.", True),
        ("A tauscht {9d_acc} gegen {Ad_acc}: {9d} liegt jetzt offen.", True),
        ("Richtig, {Kd} ist höher als {Qd}.", False),
        ("{Kh} liegt offen: {hearts} ist Trumpf.", False),  # a suit has no article
        ("C gibt nichts her: {9d}.", False),  # no sentence follows
    ],
)
def test_the_colon_check_itself(text: str, bad: bool) -> None:
    assert bool(de_colon_problems(text)) is bad

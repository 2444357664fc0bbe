"""Babel extraction of the texts in lesson YAML files, the keywords of the Python code, and
the English catalog's upkeep (``python -m tutor.tools.babel_extract fill-english PO``).

Registered in ``babel.cfg`` (section ``[extractors]``), so ``pybabel extract`` finds it without
installing anything. The YAML is only *composed* with the safe loader (no tags resolved into
objects, nothing executed); every string under one of ``TEXT_KEYS``, at any depth, becomes a
message with the line it starts on. A list under such a key (``hints``) gives one message per
string. A text given as a mapping of language to text, and every text of a lesson that names
its own ``language``, is no msgid and is skipped. Nodes with any other tag (``!!python/...``
and the like) are skipped. The texts are
kept exactly as written (including a block scalar's final newline), so that the lesson loader
finds them under the same msgid.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final

import yaml
from babel.messages.pofile import read_po, write_po

#: Keys whose string values are shown to the learner and so are translated.
TEXT_KEYS: Final = frozenset(
    {
        "title",
        "summary",
        "narration",
        "explanation",
        "hint",
        "hints",
        "note",
        "goal_text",
        "theme_text",
        # interactive lesson steps: the question, its answers and why, the learner's move
        "text",
        "why",
        "prompt",
        "feedback",
    }
)

#: The keywords for ``pybabel extract`` (``-k`` each, with ``--no-default-keywords``):
#: ``tr._(msgid)``, ``N_(msgid)``, ``NP_(context, msgid)``, ``tr.n_(singular, plural, n)``,
#: ``tr.p_(context, msgid)``, ``tr.np_(context, singular, plural, n)``.
KEYWORDS: Final = ("_", "N_", "NP_:1c,2", "n_:1,2", "p_:1c,2", "np_:1c,2,3")

#: Comments in code that start with this tag are shown to translators.
COMMENT_TAG: Final = "TRANSLATORS:"

_STR_TAG: Final = "tag:yaml.org,2002:str"
_SEQ_TAG: Final = "tag:yaml.org,2002:seq"
_MAP_TAG: Final = "tag:yaml.org,2002:map"

Extracted = tuple[int, str | None, str, list[str]]


def extract_lessons(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Yield ``(lineno, funcname, message, comments)`` for each text in a lesson file."""
    encoding = str(options.get("encoding", "utf-8"))
    text = fileobj.read().decode(encoding)
    for document in yaml.compose_all(text, Loader=yaml.SafeLoader):
        if document is not None and not _own_language(document):
            yield from _texts(document, None)


def _own_language(node: yaml.Node) -> bool:
    """Whether a lesson names the ``language`` it is written in: its texts are its own (plain
    or mappings of language to text), not msgids of the catalogs."""
    if not isinstance(node, yaml.MappingNode):
        return False
    return any(isinstance(k, yaml.ScalarNode) and k.value == "language" for k, _ in node.value)


def _texts(node: yaml.Node, key: str | None) -> Iterator[Extracted]:
    if isinstance(node, yaml.ScalarNode):
        text = node.value
        if key is not None and node.tag == _STR_TAG and isinstance(text, str) and text.strip():
            yield (node.start_mark.line + 1, None, text, [f"lesson: {key}"])
    elif isinstance(node, yaml.SequenceNode) and node.tag == _SEQ_TAG:
        for item in node.value:
            yield from _texts(item, key)
    elif isinstance(node, yaml.MappingNode) and node.tag == _MAP_TAG:
        if key is not None:  # a text given as a mapping of language to text: not a msgid
            return
        for key_node, value_node in node.value:
            name = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            yield from _texts(value_node, name if name in TEXT_KEYS else None)


def fill_source_catalog(path: Path) -> int:
    """Give every new or changed message of the English catalog its English text.

    English is the language the messages are written in, so its catalog starts as a copy
    of the msgids; an entry reworded on purpose (translated and not fuzzy) is kept. Returns
    how many entries were filled.
    """
    with path.open("rb") as f:
        catalog = read_po(f, domain=path.stem)
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else None
        strings = message.string if isinstance(message.string, tuple | list) else None
        empty = not all(strings) if strings is not None else not message.string
        if not (empty or message.fuzzy):
            continue
        if ids is not None:
            n = max(catalog.num_plurals, 2)
            message.string = (ids[0], *[ids[1]] * (n - 1))
        else:
            message.string = message.id
        message.flags.discard("fuzzy")
        message.previous_id = []
        filled += 1
    if filled:
        with path.open("wb") as f:
            write_po(f, catalog, ignore_obsolete=True, include_previous=True)
    return filled


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.tools.babel_extract fill-english PO``: see ``fill_source_catalog``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "fill-english":
        print("usage: python -m tutor.tools.babel_extract fill-english PATH.po", file=sys.stderr)
        return 2
    filled = fill_source_catalog(Path(args[1]))
    print(f"{args[1]}: {filled} English entries filled from their msgids")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Babel extraction of the texts in lesson YAML files, and the keywords of the Python code.

Registered in ``babel.cfg`` (section ``[extractors]``), so ``pybabel extract`` finds it without
installing anything. The YAML is only *composed* with the safe loader (no tags resolved into
objects, nothing executed); every string under one of ``TEXT_KEYS``, at any depth, becomes a
message with the line it starts on. A list under such a key (``hints``) gives one message per
string. Nodes with any other tag (``!!python/...`` and the like) are skipped. The texts are
kept exactly as written (including a block scalar's final newline), so that the lesson loader
finds them under the same msgid.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, Final

import yaml

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
        if document is not None:
            yield from _texts(document, None)


def _texts(node: yaml.Node, key: str | None) -> Iterator[Extracted]:
    if isinstance(node, yaml.ScalarNode):
        text = node.value
        if key is not None and node.tag == _STR_TAG and isinstance(text, str) and text.strip():
            yield (node.start_mark.line + 1, None, text, [f"lesson: {key}"])
    elif isinstance(node, yaml.SequenceNode) and node.tag == _SEQ_TAG:
        for item in node.value:
            yield from _texts(item, key)
    elif isinstance(node, yaml.MappingNode) and node.tag == _MAP_TAG:
        for key_node, value_node in node.value:
            name = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            yield from _texts(value_node, name if name in TEXT_KEYS else None)

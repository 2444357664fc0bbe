"""Message markers: the bottom of the house, importing nothing.

``N_`` and ``NP_`` mark a message for extraction (``pybabel extract`` knows them by name) and
return it unchanged; it is translated later, by the words layer, with ``tr._(msgid)`` or
``tr.p_(*entry)``. Any layer may mark messages; only ``tutor.words`` translates them.

>>> N_("Trump")
'Trump'
>>> NP_("suit", "Hearts")
('suit', 'Hearts')
"""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark a message for extraction; it is translated later with ``tr._(msgid)``."""
    return msgid


def NP_(context: str, msgid: str) -> tuple[str, str]:
    """Mark a message with a context; translate it later with ``tr.p_(*entry)``."""
    return (context, msgid)


#: The languages a lesson may be written in, and give translations in (``OwnText``).
TEXT_LANGUAGES = ("de", "pl", "en")


class OwnText(str):
    """A text that carries its own translations instead of being a msgid of the catalogs: a
    lesson written in the teacher's language (``language``), with the same text in other
    languages (``texts``: pairs of language and text). As a ``str`` it is the text in
    ``language``; ``tr._(text)`` gives it in the reader's language when it is given there, else
    in ``language``.

    >>> t = OwnText("de", {"de": "Guten Tag", "en": "Hello"})
    >>> str(t), t.get("en"), t.get("pl")
    ('Guten Tag', 'Hello', 'Guten Tag')
    >>> t == OwnText("de", {"de": "Guten Tag"})
    False
    """

    language: str
    texts: tuple[tuple[str, str], ...]

    def __new__(cls, language: str, texts: dict[str, str]) -> OwnText:
        obj = super().__new__(cls, texts[language])
        object.__setattr__(obj, "language", language)
        object.__setattr__(obj, "texts", tuple(sorted(texts.items())))
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("OwnText is immutable")

    def __reduce__(self) -> tuple[type[OwnText], tuple[str, dict[str, str]]]:
        return (OwnText, (self.language, dict(self.texts)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OwnText):
            same = self.texts == other.texts and self.language == other.language
            return same and str.__eq__(self, other)
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the text is given in."""
        return tuple(lang for lang, _ in self.texts)

    def get(self, language: str) -> str:
        """The text in ``language``, or in the lesson's language when it is not given there."""
        return dict(self.texts).get(language, str(self))

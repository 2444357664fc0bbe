"""What the app tells the browser about the page as a whole: the language it is written in
(the document's ``lang`` attribute, which screen readers, hyphenation and the browser's
translation offer go by), the title of the browser tab, and the words Streamlit's file
uploader would show in English.

Streamlit writes ``<html lang="en">`` whatever the page says and has no setting for it;
``LANG_SCRIPT`` is the script of a small component (mounted by ``tutor_app.chrome``) that
runs in the page itself, not in a frame, and sets the attribute on every run.
"""

from __future__ import annotations

import json

from markupsafe import Markup

from tutor.words.i18n import LANGUAGES, Translator

#: The name Streamlit gives a help icon for screen readers, in English whatever the page's
#: language ("Help for Mark the cards..."): the script puts the page's words in its place.
HELP_PREFIX = "Help for "

#: The component's script: it receives ``{"lang": "de", "help": "Hilfe zu {label}"}``, sets
#: the document's language (only to one of the app's languages, whatever it is given), and
#: names every help icon with ``help`` (its ``{label}`` the label Streamlit named it after),
#: now and as the page changes. Written on several lines: Streamlit reads a one-line string
#: with brackets or slashes as a file's name.
LANG_SCRIPT = f"""export default function (component) {{
  const data = component.data || {{}};
  const known = {json.dumps(list(LANGUAGES))};
  if (known.indexOf(data.lang) >= 0 && document.documentElement.lang !== data.lang) {{
    document.documentElement.lang = data.lang;
  }}
  window.t66HelpFor = typeof data.help === "string" ? data.help : "";
  const prefix = {json.dumps(HELP_PREFIX)};
  const sweep = () => {{
    const words = window.t66HelpFor;
    if (!words) return;
    document.querySelectorAll('[aria-label^="' + prefix + '"], [data-t66-help]').forEach((el) => {{
      const now = el.getAttribute("aria-label") || "";
      if (now.indexOf(prefix) === 0) el.setAttribute("data-t66-help", now.slice(prefix.length));
      const want = words.split("{{label}}").join(el.getAttribute("data-t66-help"));
      if (now !== want) el.setAttribute("aria-label", want);
    }});
  }};
  sweep();
  if (!window.t66HelpWatch) {{
    window.t66HelpWatch = new MutationObserver(sweep);
    window.t66HelpWatch.observe(document.body, {{
      subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"]
    }});
  }}
}}
"""


def help_words(tr: Translator) -> str:
    """How a help icon is named for screen readers in ``tr``'s language, ``{label}`` standing
    for the label of what it helps with."""
    # TRANSLATORS: the name a screen reader reads for a help icon ("Help for Projector mode").
    return tr._("Help for {label}", label="{label}")


#: The key of the component (its container gets the class ``st-key-<key>``, hidden by the
#: style sheet: it draws nothing).
LANG_KEY = "t66_doc_lang"

#: Between the parts of a tab title.
TITLE_SEPARATOR = " · "


def tab_title(parts: tuple[str, ...], tr: Translator) -> str:
    """The browser tab's title: what the page shows (a lesson, then the page's name), then
    the app's name, in ``tr``'s language.

    >>> from tutor.words.i18n import get_translator
    >>> tab_title(("Learn",), get_translator("en"))
    'Learn · 66 tutor'
    """
    # TRANSLATORS: the app's name at the end of the browser tab's title ("Rules · 66 tutor").
    app = tr.p_("browser tab", "66 tutor")
    return TITLE_SEPARATOR.join([*(p for p in parts if p), app])


def uploader_words_css(button: str, limit: str) -> Markup:
    """Style rules that show ``button`` and ``limit`` (already translated) where Streamlit's
    file uploader writes English it cannot be told otherwise: its button ("Upload") and the
    size limit beside it ("1MB per file • JSON"). Streamlit's own words are kept for screen
    readers' sake only at size zero."""
    return Markup(
        "<style>"
        '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p'
        "{{font-size:0}}"
        '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"] p'
        "::after{{content:{};font-size:1rem}}"
        '[data-testid="stFileUploaderDropzoneInstructions"] span{{font-size:0}}'
        '[data-testid="stFileUploaderDropzoneInstructions"] span::after{{content:{};'
        "font-size:.875rem}}"
        "</style>"
    ).format(Markup(_css_string(button)), Markup(_css_string(limit)))


def _css_string(text: str) -> str:
    r"""``text`` as a CSS string: every character that is not a letter, digit or space written
    as an escape (its code and one space, which the escape takes up), so no text can end the
    string or the style sheet.

    >>> _css_string('a, "b" </style>')
    '"a\\2c  \\22 b\\22  \\3c \\2f style\\3e "'
    """
    out = "".join(ch if ch.isalnum() or ch == " " else f"\\{ord(ch):x} " for ch in text)
    return f'"{out}"'


__all__ = [
    "HELP_PREFIX",
    "LANG_KEY",
    "LANG_SCRIPT",
    "TITLE_SEPARATOR",
    "help_words",
    "tab_title",
    "uploader_words_css",
]

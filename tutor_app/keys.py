"""The presenter keys of the lesson player: → and PageDown go forward, ← and PageUp back,
Home to the start (``tutor.web.links.KEY_ACTIONS``; a clicker sends PageUp and PageDown).

No press is lost, however fast they come: a small component without a frame listens to the
keys in the page and counts the presses of each action since the page was loaded; it hands
the app the running totals (its state ``presses``), never single events. The app keeps the
totals it has acted on and moves by the difference, so presses that arrive while the page is
still running are counted in the next run. Keys meant for a focused field (typing, a slider, a
select box, radio buttons) are left alone, and so is a key the table has used (a card's arrows).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

import streamlit as st
from markupsafe import Markup

from tutor.web.links import KEY_ACTIONS
from tutor_app import text

#: The component's key (its container is hidden: it draws nothing).
KEYS_KEY = "t66_keys"
#: The session key of the totals the page has acted on.
SEEN_KEY = "t66_keys_seen"
ACTIONS = ("next", "back", "restart")

#: The script. The listener is installed once per page and counts into ``window.__t66Keys``;
#: every mount hands it the component's latest ``setStateValue``. Written on several lines:
#: Streamlit reads a one-line string with slashes as a file's name.
KEYS_SCRIPT = f"""export default function (component) {{
  const map = {json.dumps(dict(KEY_ACTIONS))};
  const keys = window.__t66Keys || (window.__t66Keys = {{ totals: {{}} }});
  keys.send = component.setStateValue;
  if (keys.listening) {{ return; }}
  keys.listening = true;
  const skip = "textarea,select,[contenteditable=''],[contenteditable=true],[role=slider]," +
    "[role=combobox],[role=listbox],[role=option],[role=spinbutton],[role=textbox]," +
    "[role=radiogroup]";
  document.addEventListener("keydown", function (ev) {{
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) {{ return; }}
    const action = map[ev.key];
    if (!action) {{ return; }}
    const t = ev.target;
    if (t && t.closest && t.closest(skip)) {{ return; }}
    if (t && t.tagName === "INPUT" &&
        ["checkbox", "button", "submit", "reset"].indexOf((t.type || "").toLowerCase()) < 0) {{
      return;
    }}
    ev.preventDefault();
    keys.totals[action] = (keys.totals[action] || 0) + 1;
    keys.send("presses", Object.assign({{}}, keys.totals));
  }});
}}
"""

_KEYS = st.components.v2.component("tutor66_keys", js=KEYS_SCRIPT, isolate_styles=False)


def new_presses(totals: object) -> dict[str, int]:
    """The presses of each action not acted on yet, from the running ``totals`` the page sent
    (anything else counts as none); the totals are noted as acted on.

    A page loaded anew counts from zero again: totals below the ones noted start afresh."""
    seen: dict[str, int] = st.session_state.setdefault(SEEN_KEY, {})
    out: dict[str, int] = {}
    if not isinstance(totals, Mapping):
        return out
    for action in ACTIONS:
        value = totals.get(action)
        if type(value) is not int or value < 0:
            continue
        before = seen.get(action, 0)
        if value < before:  # the page was loaded again: its count starts at zero
            before = 0
        if value > before:
            out[action] = min(value - before, MAX_PRESSES)
        seen[action] = value
    return out


#: The most presses of one action taken at once (a stuck key cannot run far).
MAX_PRESSES = 50


def listen(on_presses: Callable[[dict[str, int]], None]) -> None:
    """Mount the key listener; ``on_presses`` gets the presses not acted on yet, before the
    next run of the page."""
    text.html(Markup("<style>.st-key-{}{{display:none}}</style>").format(KEYS_KEY))
    _KEYS(key=KEYS_KEY, on_presses_change=lambda: _changed(on_presses))


def _changed(on_presses: Callable[[dict[str, int]], None]) -> None:
    value: object = st.session_state.get(KEYS_KEY)
    getter = getattr(value, "get", None)
    presses = new_presses(getter("presses") if callable(getter) else None)
    if presses:
        on_presses(presses)


__all__ = ["ACTIONS", "KEYS_KEY", "KEYS_SCRIPT", "MAX_PRESSES", "listen", "new_presses"]

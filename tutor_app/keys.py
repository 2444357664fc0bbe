"""The presenter keys of the lesson player: → and PageDown go forward, ← and PageUp back,
Home to the start (``tutor.web.links.KEY_ACTIONS``; a clicker sends PageUp and PageDown).

No press is lost, however fast they come: a small component without a frame listens to the
keys in the page and counts the presses of each action since the page was loaded; it hands
the app the running totals (its state ``presses``), never single events. The app keeps the
totals it has acted on and moves by the difference, so presses that arrive while the page is
still running are counted in the next run. Each run hands the component the totals acted on
(``data.seen``); a component that counted more sends its totals again, so a press whose
message was lost while the page was redrawn arrives with the next run. Keys meant for a
focused field (typing, a slider, a select box, radio buttons) are left alone, and so is a key
the table has used (a card's arrows).
"""

from __future__ import annotations

import json
import threading
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
  const keys = window.__t66Keys || (window.__t66Keys = {{
    page: Math.random().toString(36).slice(2, 10), totals: {{}}
  }});
  keys.send = component.setStateValue;
  const seen = (component.data && component.data.seen) || {{}};
  const behind = Object.keys(keys.totals).some(function (a) {{
    return keys.totals[a] !== seen[a];
  }});
  if (behind) {{ keys.send("presses", Object.assign({{ page: keys.page }}, keys.totals)); }}
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
    keys.send("presses", Object.assign({{ page: keys.page }}, keys.totals));
  }});
}}
"""

_KEYS = st.components.v2.component("tutor66_keys", js=KEYS_SCRIPT, isolate_styles=False)


def count_presses(
    totals: object, seen: Mapping[str, object]
) -> tuple[dict[str, int], dict[str, object]]:
    """The presses of each action not acted on yet, from the running ``totals`` the page sent
    (anything else counts as none) and the totals acted on before (``seen``); and the totals
    acted on once these are.

    Totals come with the id of the page load that counted them (``page``): a page loaded
    anew counts from zero again. Totals of the same page below the ones noted are an older
    message that arrived late: nothing new in them.

    >>> count_presses({"page": "p1", "next": 3}, {"page": "p1", "next": 1})
    ({'next': 2}, {'page': 'p1', 'next': 3})
    >>> count_presses({"page": "p1", "next": 2}, {"page": "p1", "next": 3})[0]
    {}
    >>> count_presses({"page": "p2", "next": 2}, {"page": "p1", "next": 3})[0]
    {'next': 2}
    """
    out: dict[str, int] = {}
    if not isinstance(totals, Mapping):
        return out, dict(seen)
    page = totals.get("page")
    page = page if isinstance(page, str) else ""
    after: dict[str, object] = dict(seen) if seen.get("page") == page else {"page": page}
    for action in ACTIONS:
        value = totals.get(action)
        if type(value) is not int or value < 0:
            continue
        before = after.get(action, 0)
        if not isinstance(before, int) or value > before:
            out[action] = min(value - (before if isinstance(before, int) else 0), MAX_PRESSES)
            after[action] = value
    return out, after


#: The most presses of one action taken at once (a stuck key cannot run far).
MAX_PRESSES = 50


def listen(on_presses: Callable[[dict[str, int], Callable[[], None]], None]) -> None:
    """Mount the key listener; ``on_presses`` gets the presses not acted on yet, before the
    next run of the page, and a function to call right where it writes what they did (with
    no Streamlit call in between): the presses are then noted as acted on. A rerun the
    browser asks for meanwhile may stop the page at a Streamlit call; the presses and their
    effect are then both kept or both left for the next run. Call it first on the page: the
    keys are heard only once the component is in the page, and a large page draws slowly."""
    text.html(Markup("<style>.st-key-{}{{display:none}}</style>").format(KEYS_KEY))
    seen = {k: v for k, v in st.session_state.get(SEEN_KEY, {}).items() if k in ACTIONS}
    _KEYS(key=KEYS_KEY, data={"seen": seen}, on_presses_change=lambda: _act(on_presses))
    # A run stopped between taking the component's new totals and calling back leaves them
    # unacted on, and the same totals sent again are no change: they are acted on here.
    if _changed(on_presses):
        st.rerun()


#: Two runs of one session may overlap (a press asks for a new run while the last one is
#: still stopping): the presses are taken and acted on by one at a time.
_TAKING = threading.Lock()


def _act(on_presses: Callable[[dict[str, int], Callable[[], None]], None]) -> None:
    _changed(on_presses)


def _changed(on_presses: Callable[[dict[str, int], Callable[[], None]], None]) -> bool:
    """Act on the presses not acted on yet; whether there were any."""
    value: object = st.session_state.get(KEYS_KEY)
    getter = getattr(value, "get", None)
    with _TAKING:
        seen = st.session_state.get(SEEN_KEY, {})
        presses, after = count_presses(getter("presses") if callable(getter) else None, seen)

        def taken() -> None:
            st.session_state[SEEN_KEY] = after

        if presses:
            on_presses(presses, taken)
        else:
            taken()
        return bool(presses)


__all__ = ["ACTIONS", "KEYS_KEY", "KEYS_SCRIPT", "MAX_PRESSES", "count_presses", "listen"]

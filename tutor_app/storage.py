"""Values the browser keeps between visits (``localStorage``), with no account: the learner's
progress (``tutor_app.progress``) and a match in progress (the Play page).

A small component without a frame (``keep``) does it: on the first run of a visit it hands the
value stored under its storage key back to the app (one more run, in which ``on_restore`` gets
it), and on every later run it stores what the app gives it. Nothing is stored until the
stored value has been read, so a new session never overwrites what an earlier one kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st
from markupsafe import Markup

from tutor_app import session, text

#: The session key of the visit's token: it tells the component a new session (its stored
#: values not read yet).
SESSION_KEY = "course_session"

#: The component's script. ``data.key`` names the storage entry. On the first run of a
#: session (``data.session`` new to the page for this entry) it reads the stored value: if
#: there is one, it sends it as the trigger ``stored`` and stores nothing until the app says
#: it has read it (``loaded``); if there is none, no run is asked for. Until the app says so,
#: it hands the value back again whenever it is drawn, and once more after 3 s, five times
#: at most: a hand-back can be lost when the learner clicks at the same moment (a reload,
#: then "All lessons" at once), and the app takes only the first that arrives. From then on
#: it stores what the app gives as ``save`` (an empty ``save`` removes the entry). Written on
#: several lines: Streamlit reads a one-line string with slashes as a file's name.
STORE_SCRIPT = """function handBack(now) {
  if (now.ready || now.tries >= 5) { return; }
  now.tries += 1;
  now.component.setTriggerValue("stored", now.stored);
  clearTimeout(now.timer);
  now.timer = setTimeout(function () { handBack(now); }, 3000);
}

export default function (component) {
  const data = component.data || {};
  const key = String(data.key || "");
  if (!key) { return; }
  const all = window.__t66Store || (window.__t66Store = {});
  let storage = null;
  try { storage = window.localStorage; } catch (e) { storage = null; }
  let now = all[key];
  if (!now || now.session !== data.session) {
    let stored = "";
    try { stored = (storage && storage.getItem(key)) || ""; } catch (e) { stored = ""; }
    now = all[key] = { session: data.session, ready: !stored, stored: stored, tries: 0 };
  }
  now.component = component;
  if (data.loaded) { now.ready = true; clearTimeout(now.timer); }
  if (!now.ready) { handBack(now); return; }
  if (typeof data.save === "string" && storage) {
    try {
      if (!data.save) { storage.removeItem(key); }
      else if (storage.getItem(key) !== data.save) { storage.setItem(key, data.save); }
    } catch (e) { /* storage full or refused: the session still has it */ }
  }
}
"""

_STORE = st.components.v2.component("tutor66_store", js=STORE_SCRIPT)


def keep(
    component_key: str, storage_key: str, save: str, on_restore: Callable[[str], None]
) -> None:
    """Mount the storage component ``component_key`` for the browser's entry
    ``storage_key``: on the first run of a visit ``on_restore`` gets the stored value (once;
    ``""`` when there is none to read), on later runs ``save`` is stored (``""`` removes it).

    The stored value is taken in the component's callback, before the page is drawn, so the
    run it asks for already tells the browser it has been read."""
    loaded_key = f"{component_key}_loaded"

    def take(stored: object) -> None:
        if st.session_state.get(loaded_key, False) or not isinstance(stored, str):
            return
        st.session_state[loaded_key] = True
        on_restore(stored)

    def arrived() -> None:
        # A run the learner did not ask for: the notices the run before it showed (an
        # address that could not be opened) stay on the page.
        session.repeat_notices()
        value = st.session_state.get(component_key)
        take(value.get("stored") if isinstance(value, Mapping) else None)

    if SESSION_KEY not in st.session_state:
        st.session_state[SESSION_KEY] = secrets.token_hex(8)
    data: dict[str, Any] = {
        "key": storage_key,
        "session": st.session_state[SESSION_KEY],
        "loaded": bool(st.session_state.get(loaded_key, False)),
        "save": save,
    }
    text.html(Markup("<style>.st-key-{}{{display:none}}</style>").format(component_key))
    _STORE(data=data, key=component_key, on_stored_change=arrived)


__all__ = ["SESSION_KEY", "STORE_SCRIPT", "keep"]

"""The notice when the page loses the server (stopped, restarting, or the network gone), in
the page's language, instead of Streamlit's English "Connection error" dialog ("Is Streamlit
still running? ... streamlit run yourscript.py"), and the page loaded again when the server
is back.

A small component without a frame (``watch``, mounted on every page by ``tutor_app.chrome``)
keeps one banner at the top of the window (``role="status"``): empty while the page is
connected, the notice when it is not. Streamlit reconnects by itself when the server is back
and the banner then empties again; but a restarted server has no session of the page until it
runs, and Streamlit's page asks for no run by itself: it would show what it showed before, and
a student's page would no longer follow its room. So when the connection comes back after
the notice was shown (``GRACE_MS``), the script loads the page again from its address:
``?room=``, ``?lang=``, the lesson and its step stay, and a teacher's page takes its room up
again from the browser's storage. A shorter break, when Streamlit keeps the page's session,
changes nothing.

How the page knows: Streamlit writes its connection state on the app's root element
(``data-test-connection-state`` on ``[data-testid="stApp"]``: ``CONNECTED``,
``PINGING_SERVER``, ``CONNECTING``, ``DISCONNECTED_FOREVER``), and the script watches that
attribute. This is the state of the page's own connection (the websocket that every click
goes through), known the moment the socket closes, with no request of its own. Asking the
server (``/_stcore/health`` every 2 s) was the other way: it costs each student's browser a
request every 2 s, it can answer "fine" while the websocket is down (a proxy that drops
websockets), and its address depends on the page and the server's base path (Streamlit itself
asks ``/rules/_stcore/health`` on a sub-page and gets 404). Streamlit's connection badge
(``stConnectionStatus``) is not drawn with this app's settings, so it cannot be watched.

Streamlit's dialog has no setting to turn it off (its ``blockErrorDialogs`` comes only from a
host page that embeds the app). While the page is not connected, the style sheet hides any
dialog (the app itself opens none) and the script closes it: a dialog left open, even hidden,
makes the rest of the page inert and hidden from screen readers, banner included. Closed
once, Streamlit does not open it again until the connection is back.

The texts come from Python in the session's language and are written with ``textContent``:
the script holds no words of its own. The banner waits ``GRACE_MS`` before it shows, so a
reconnection that takes a moment does not flash it on the projector.
"""

from __future__ import annotations

import json

import streamlit as st

from tutor.words.app_text import GIVEN_UP, LOST, RELOAD, connection_texts
from tutor_app.shared import tr

#: The component's key (its container draws nothing; the style sheet hides it).
CONNECTION_KEY = "t66_connection"
#: The id of the banner (one per window, outside Streamlit's own elements).
BANNER_ID = "t66-connection"
#: How long the connection may be away before the notice shows (milliseconds).
GRACE_MS = 1500

#: The script. The watcher is installed once per window (``window.__t66Conn``); every mount
#: hands it the latest texts. Written on several lines: Streamlit reads a one-line string
#: with slashes as a file's name.
CONNECTION_SCRIPT = f"""export default function (component) {{
  const data = component.data || {{}};
  const conn = window.__t66Conn || (window.__t66Conn = {{ texts: {{}} }});
  conn.texts = {{
    lost: String(data.lost || ""),
    given_up: String(data.given_up || ""),
    reload: String(data.reload || ""),
  }};
  if (conn.installed) {{ conn.draw(); return; }}
  conn.installed = true;
  const root = document.documentElement;
  let banner = document.getElementById({json.dumps(BANNER_ID)});
  if (!banner) {{
    banner = document.createElement("div");
    banner.id = {json.dumps(BANNER_ID)};
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "polite");
    document.body.appendChild(banner);
  }}
  conn.state = "CONNECTED";
  conn.shown = "";
  conn.timer = null;
  conn.closer = null;
  const connected = (s) => s === "CONNECTED" || s === "STATIC_CONNECTED";
  const closeDialogs = () => {{
    document.querySelectorAll('[data-testid="stDialog"] [role="dialog"] > button')
      .forEach((b) => b.click());
  }};
  conn.draw = () => {{
    const want = connected(conn.state) ? "" :
      (conn.state === "DISCONNECTED_FOREVER" ? "given_up" : (conn.late ? "lost" : ""));
    const key = want ? want + "|" + conn.texts[want] : "";
    if (key === conn.shown) {{ return; }}
    conn.shown = key;
    banner.replaceChildren();
    root.classList.toggle("t66-conn-lost", !!want);
    if (!want) {{ return; }}
    const box = document.createElement("div");
    box.className = "t66-conn-box";
    const p = document.createElement("p");
    p.textContent = conn.texts[want];
    box.appendChild(p);
    if (want === "given_up" && conn.texts.reload) {{
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = conn.texts.reload;
      b.addEventListener("click", () => window.location.reload());
      box.appendChild(b);
    }}
    banner.appendChild(box);
  }};
  const update = () => {{
    const app = document.querySelector('[data-testid="stApp"]');
    const s = (app && app.getAttribute("data-test-connection-state")) || "CONNECTED";
    if (s === conn.state) {{ return; }}
    conn.state = s;
    const away = !connected(s);
    root.classList.toggle("t66-offline", away);
    if (away) {{
      closeDialogs();
      if (!conn.closer) {{ conn.closer = setInterval(closeDialogs, 250); }}
      if (!conn.timer) {{
        conn.timer = setTimeout(() => {{ conn.late = true; conn.draw(); }}, {GRACE_MS});
      }}
    }} else {{
      if (conn.late) {{
        // Back after the notice: the server may have restarted, and a restarted server knows
        // nothing of this page (Streamlit's page shows what it showed and asks for no run).
        // Load it again from its address (?room=, ?lang=, ?lesson= and the step stay).
        window.location.reload();
        return;
      }}
      clearInterval(conn.closer);
      clearTimeout(conn.timer);
      conn.closer = null;
      conn.timer = null;
    }}
    conn.draw();
  }};
  new MutationObserver(update).observe(root, {{
    subtree: true, attributes: true, attributeFilter: ["data-test-connection-state"],
  }});
  setInterval(update, 1000);  // in case the app's root element is drawn anew
  update();
}}
"""

_WATCH = st.components.v2.component("tutor66_connection", js=CONNECTION_SCRIPT)


def texts() -> dict[str, str]:
    """The banner's texts in the session's language (``LOST``, ``GIVEN_UP``, ``RELOAD``)."""
    return connection_texts(tr())


def watch() -> None:
    """Mount the watcher: the page shows the notice whenever it is not connected, and loads
    again when the connection is back after the notice."""
    _WATCH(data=texts(), key=CONNECTION_KEY)


__all__ = [
    "BANNER_ID",
    "CONNECTION_KEY",
    "CONNECTION_SCRIPT",
    "GIVEN_UP",
    "GRACE_MS",
    "LOST",
    "RELOAD",
    "texts",
    "watch",
]

"""The card table on which the learner plays by clicking a card, or by keyboard: the arrow
keys choose among the cards in hand, Enter (or Space) plays the chosen one.

The table is the HTML of ``tutor.web.board.board_html`` with the clickable cards as buttons
(``BoardOptions.pick``); a small component without a frame puts it into the page and tells the
app which card was played (the trigger ``play``, the card's move as text). The component's
script is the app's own and the table's HTML is made by the app with every outside text
escaped; nothing is downloaded.

Pages call ``card_board``: ``on_play`` is called with the move's text before the next run of
the page, as any widget's callback is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import streamlit as st
from markupsafe import Markup

#: The component's script. It keeps one element in the page, replaces its HTML only when the
#: table has changed (so the focus stays where it was), sends a click on a card's button as
#: the trigger ``play``, and moves the focus among the buttons with the arrow keys, Home and
#: End; those keys then do not reach the page's presenter keys. When ``data.focus`` is set and
#: nothing else has the focus, the first card that may be played gets it, so a learner using
#: the keyboard can play at once. Written on several lines: Streamlit reads a one-line string
#: with slashes as a file's name.
BOARD_SCRIPT = """export default function (component) {
  const data = component.data || {};
  const parent = component.parentElement;
  let root = parent.querySelector(":scope > .t66-live");
  if (!root) {
    root = document.createElement("div");
    root.className = "t66-live";
    parent.appendChild(root);
  }
  root.__send = component.setTriggerValue;
  const html = typeof data.html === "string" ? data.html : "";
  if (root.__html !== html) {
    const had = root.contains(document.activeElement) ? document.activeElement : null;
    const was = had && had.dataset ? had.dataset.move : null;
    root.innerHTML = html;
    root.__html = html;
    const picks = Array.from(root.querySelectorAll("button[data-move]"));
    let target = null;
    if (was) { target = picks.find(function (b) { return b.dataset.move === was; }) || null; }
    const idle = !document.activeElement || document.activeElement === document.body;
    if (!target && data.focus && (had || idle)) {
      target = root.querySelector("button.t66-legal[data-move]") || picks[0] || null;
    }
    if (target) { target.focus({ preventScroll: true }); }
  }
  if (root.__wired) { return; }
  root.__wired = true;
  root.addEventListener("click", function (ev) {
    const b = ev.target.closest ? ev.target.closest("button[data-move]") : null;
    if (!b || !root.contains(b)) { return; }
    ev.preventDefault();
    root.__send("play", b.dataset.move);
  });
  root.addEventListener("keydown", function (ev) {
    const b = ev.target.closest ? ev.target.closest("button[data-move]") : null;
    if (!b || ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    const picks = Array.from(root.querySelectorAll("button[data-move]"));
    const at = picks.indexOf(b);
    let to = -1;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") { to = (at + 1) % picks.length; }
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") {
      to = (at - 1 + picks.length) % picks.length;
    }
    else if (ev.key === "Home") { to = 0; }
    else if (ev.key === "End") { to = picks.length - 1; }
    else { return; }
    ev.preventDefault();
    ev.stopPropagation();
    picks[to].focus();
  });
}
"""

_BOARD = st.components.v2.component("tutor66_board", js=BOARD_SCRIPT, isolate_styles=False)


def _dispatch(key: str, on_play: Callable[[str], None]) -> None:
    value: object = st.session_state.get(key)
    getter = getattr(value, "get", None)
    move = getter("play") if callable(getter) else None
    if isinstance(move, str) and move:
        on_play(move)


def card_board(
    markup: Markup, *, key: str, on_play: Callable[[str], None], focus: bool = False
) -> None:
    """Draw the table ``markup`` (``tutor.web.board.board_html``); a click on one of its
    card buttons (or Enter on it) calls ``on_play`` with the button's move before the next run.
    With ``focus`` the first card that may be played takes the keyboard focus, unless
    something else on the page has it."""
    data: dict[str, Any] = {"html": str(markup), "focus": focus}
    _BOARD(data=data, key=key, on_play_change=functools.partial(_dispatch, key, on_play))


__all__ = ["BOARD_SCRIPT", "card_board"]

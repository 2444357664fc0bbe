"""Helpers shared by test modules: a brute-force minimax over the engine's ``apply``, random
small positions, and loading a script from scripts/ as a module."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from tutor.engine import (
    ACE_OF_HEARTS,
    Card,
    Credit,
    OutResolution,
    RuleSet,
    State,
    Suit,
    TrumpMode,
    apply,
    legal_moves,
)
from tutor.search import terminal_value

ROOT = Path(__file__).resolve().parent.parent


def examples(full: int) -> int:
    """How many examples a costly property test (or fuzz kind) draws: ``full`` in a whole run
    (CI runs that), a tenth of it (at least 10) in the daily loop, which leaves out the tests
    marked slow (tests/conftest.py tells it from ``-m`` through ``TUTOR_TESTS_FAST``)."""
    return max(10, full // 10) if os.environ.get("TUTOR_TESTS_FAST") == "1" else full


def load_script(name: str) -> ModuleType:
    """The module ``scripts/<name>.py``, imported by path (scripts/ is no package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Brute:
    """Net game points for the player to move, by memoised minimax over ``game.apply``."""

    def __init__(self) -> None:
        self.memo: dict[State, int] = {}

    def __call__(self, s: State) -> int:
        if s in self.memo:
            return self.memo[s]
        p = s.to_move
        assert p is not None
        best = -99
        for m in legal_moves(s):
            c = apply(s, m)
            if c.result is not None:
                v = terminal_value(c.result, p)
            else:
                v = self(c) if c.to_move == p else -self(c)
            best = max(best, v)
        self.memo[s] = best
        return best


def brute(state: State) -> int:
    return Brute()(state)


def mini_position(rules: RuleSet, rng: random.Random) -> State:
    """A random position with few cards left: 1-3 cards a hand, a stock of 0, 1 or 3 cards
    (open or closed; 0, 2 or 4 face-down cards where no card is turned up), scores near the
    target, sometimes a card already led or pending points. Where trumps are named, sometimes
    none is named yet (the ace of hearts still to come) and some marriages were announced."""
    cards = [c.index for c in (Card.parse(x) for x in _pack_text(rules))]
    rng.shuffle(cards)
    face_up = rules.face_up
    if face_up:
        trump_card = cards.pop()
        trump: int | None = trump_card >> 3
    else:
        trump_card = -1
        trump = rng.randrange(4)
        if rng.random() < (0.5 if rules.trump_mode is TrumpMode.HEART_ACE else 0.2):
            trump = None  # under ``named``: the start of a deal, trumps still to be named
    leader = rng.randrange(2)
    # Often give the leader a king-queen pair or the trump to exchange, so those moves occur.
    wanted = []
    if rng.random() < 0.4:
        king = rng.randrange(4) * 8 + 2
        wanted += [king, king + 1]
    if face_up and trump is not None and rng.random() < 0.3:
        wanted.append(trump * 8 + rules.exchange_rank)
    if trump is None and rng.random() < 0.6:  # the ace of hearts in a hand: naming trumps
        wanted.append(ACE_OF_HEARTS.index)
    wanted = [c for c in dict.fromkeys(wanted) if c in cards][:3]
    per_hand = max(len(wanted), rng.choice((1, 2, 2, 3)))
    for c in wanted:
        cards.remove(c)
    kind = rng.choice(("open", "open", "closed", "gone"))
    if face_up:
        stock_len = rng.choice((1, 3)) if kind != "gone" else 0
    else:
        stock_len = rng.choice((2, 4)) if kind != "gone" else 0
    if trump is None and ACE_OF_HEARTS.index in cards and rng.random() < 0.5:
        cards.remove(ACE_OF_HEARTS.index)  # the ace in the stock
        cards.insert(0, ACE_OF_HEARTS.index)
    stock = tuple(cards[:stock_len])
    del cards[:stock_len]
    hands = [0, 0]
    ex = -1 if trump is None else trump * 8 + rules.exchange_rank
    # The trump to exchange goes now and then to the follower, who may exchange too where the
    # rules allow it on any turn; so does the ace of hearts.
    ex_holder = leader if rng.random() < 0.6 else 1 - leader
    for c in wanted:
        hands[ex_holder if c in (ex, ACE_OF_HEARTS.index) else leader] |= 1 << c
    for p in (leader, 1 - leader):
        while hands[p].bit_count() < per_hand:
            hands[p] |= 1 << cards.pop()
    lead = -1
    named_first = trump is None and rules.trump_mode is TrumpMode.NAMED
    if rng.random() < 0.3 and not named_first:  # a card already led from the leader's hand
        choices = [c for c in range(32) if hands[leader] >> c & 1]
        if trump is None:  # the ace of hearts waits for trumps
            choices = [c for c in choices if c != ACE_OF_HEARTS.index]
        if choices:
            lead = rng.choice(choices)
            hands[leader] &= ~(1 << lead)
    tricks = (rng.choice((0, 1, 2, 3)), rng.choice((0, 1, 2, 3)))
    points = tuple(0 if t == 0 else rng.randrange(10, 62) for t in tricks)
    melds = tuple(0 if rng.random() < 0.7 else 20 for _ in range(2))
    pending = (0, 0)
    if rules.marriage_credit is not Credit.IMMEDIATE and rng.random() < 0.2:
        pending = (20, 0) if rng.random() < 0.5 else (0, 40)
    closed_by = rng.randrange(2) if kind == "closed" else -1
    closed_opp = rng.choice((0, tricks[1 - closed_by])) if closed_by >= 0 else 0
    out_by = -1
    if rules.out_resolution is OutResolution.AFTER_TRICK and lead >= 0 and rng.random() < 0.3:
        out_by = leader
    marriages: tuple[tuple[int, Suit], ...] = ()
    if not face_up:  # the count matters where marriages grow in value
        marriages = tuple(
            (rng.randrange(2), Suit(rng.randrange(4))) for _ in range(rng.randrange(3))
        )
    return State(
        rules=rules,
        trump=None if trump is None else Suit(trump),
        hands=(hands[0], hands[1]),
        stock=stock if kind != "gone" else (),
        trump_card=trump_card if kind != "gone" else -1,
        dealer=1 - leader,
        leader=leader,
        lead=lead,
        lead_marriage=False,
        closed_by=closed_by,
        closed_opp_tricks=closed_opp,
        points=(points[0], points[1]),
        melds=(melds[0], melds[1]),
        pending=pending,
        tricks=tricks,
        known=(0, 0),
        marriages=marriages,
        out_by=out_by,
        last_trick=None,
        result=None,
    )


def _pack_text(rules: RuleSet) -> list[str]:
    return [f"{r.symbol}{s}" for r in rules.ranks for s in "cshd"]


#: A position with open hands: the start of the first worked deal.
EX1_TEXT = """\
preset: classic
to_move: A
trump: Ah
hands:
  A: 10h Kh 9h 10c Kc Qc
  B: Jh As Ks Qs Ad Kd
stock: 10s 9d 9s Qd Qh Js Ac Jc 9c 10d Jd
"""

#: A valid puzzle file of one puzzle.
GOOD_PUZZLE = """\
puzzle:
  id: keep-the-kings
  title: Keep the kings
  theme: closed_follow
  level: 1
  goal: win
  position:
    preset: classic
    to_move: A
    trump: d
    hands: {A: Kc Ks Jh, B: 9s Qh 9h}
    stock: ''
    played: Ac 10c Qc Jc 9c As 10s Qs Js Ah 10h Kh Ad 10d Kd Qd Jd 9d
    scores:
      A: {points: 55, tricks: 5}
      B: {points: 52, tricks: 4}
  solution: [Jh]
  explanation: Keep the kings for the end.
"""


class FakeBoard:
    """The clickable card table (``tutor_app.board``) as the browser runs it, for AppTest: it
    keeps the table it was last given under each key and, when a test has clicked a card
    (``click``), hands the move to the page's callback and runs the page again, as a click in
    the browser does."""

    def __init__(self) -> None:
        self.queue: list[tuple[str | None, str]] = []
        self.html: dict[str, str] = {}
        self.focus: dict[str, bool] = {}

    def click(self, move: str, key: str | None = None) -> None:
        """Click ``move`` on the table under ``key`` (any table drawn next, without one)."""
        self.queue.append((key, move))

    def cards(self, key: str) -> dict[str, str]:
        """The table's card buttons under ``key``: move -> "legal", "illegal" or "" (no marks)."""
        out = {}
        for m in re.finditer(
            r'<button type="button" class="([^"]*)" data-move="([^"]+)"', self.html.get(key, "")
        ):
            cls = m.group(1).split()
            out[m.group(2)] = (
                "legal" if "t66-legal" in cls else "illegal" if "t66-illegal" in cls else ""
            )
        return out

    def __call__(self, *, data: dict[str, object], key: str, **callbacks: object) -> None:
        import streamlit as st

        self.html[key] = str(data["html"])
        self.focus[key] = bool(data.get("focus"))
        if self.queue and self.queue[0][0] in (None, key):
            st.session_state[key] = {"play": self.queue.pop(0)[1]}
            callback = callbacks["on_play_change"]
            assert callable(callback)
            callback()
            st.rerun()


class FakeStorage:
    """The browser's ``localStorage`` with the storage component (``tutor_app.storage``) as it
    runs there, for AppTest: a new session is handed each stored entry once; what the app
    saves is kept once the stored value has been read (at once when nothing was stored)."""

    def __init__(self) -> None:
        self.stored: dict[str, str] = {}
        self.sent: set[tuple[str, str]] = set()
        self.ready: set[tuple[str, str]] = set()

    def __call__(self, *, data: dict[str, object], key: str, **callbacks: object) -> None:
        entry, visit = str(data["key"]), str(data["session"])
        stored = self.stored.get(entry, "")
        if not data.get("loaded") and stored and (entry, visit) not in self.sent:
            self.sent.add((entry, visit))
            hand_back(key, stored, callbacks)
        if data.get("loaded") or (entry, visit) in self.ready or not stored:
            self.ready.add((entry, visit))
            save = str(data["save"])
            if save:
                self.stored[entry] = save
            else:
                self.stored.pop(entry, None)


def hand_back(key: str, stored: str, callbacks: dict[str, object]) -> None:
    """The storage component's hand-back as the browser makes it: the stored value as the
    trigger ``stored`` of the component ``key``, its callback, and a run of the page."""
    import streamlit as st

    st.session_state[key] = {"stored": stored}
    callback = callbacks["on_stored_change"]
    assert callable(callback)
    callback()
    st.rerun()


def serve_rooms(monkeypatch: pytest.MonkeyPatch, store: object = None, redis_url: str = "") -> None:
    """The app's shared rooms are ``store`` (a store in this process), else those in Redis at
    ``redis_url``, else a new store in this process. A wake thread may call
    ``tutor_app.shared.rooms()`` at any moment, and a call begun before the cache is cleared
    writes its value after: the patch comes first, the cache is cleared after it, and cleared
    again until it holds what this test asked for."""
    import tutor_app.shared as app_shared
    from tutor_app.rooms import RoomStore
    from tutor_app.rooms_redis import RedisRooms

    if store is not None:
        monkeypatch.setattr(app_shared, "RoomStore", lambda: store)
    if redis_url:
        monkeypatch.setenv("TUTOR_REDIS_URL", redis_url)
    else:
        monkeypatch.delenv("TUTOR_REDIS_URL", raising=False)

    def asked(rooms: object) -> bool:
        if store is not None:
            return rooms is store
        return isinstance(rooms, RedisRooms if redis_url else RoomStore)

    for _ in range(50):
        app_shared.rooms.clear()
        time.sleep(0.01)  # a call begun before the clear has written its value by now
        if asked(app_shared.rooms()):
            return
    raise AssertionError("the app's rooms cache did not take the rooms asked for")

"""The watcher of the rooms followed in a process (tutor_app.wake): it wakes a student's page
only when the room changed from what the page shows, once per change; it says every few
seconds that the students still follow; it forgets closed sessions; it survives a store that
cannot be reached."""

from __future__ import annotations

import pytest

from tutor_app.rooms import Pulse, RoomsUnavailable
from tutor_app.wake import (
    BUSY_SECONDS,
    FOLLOW_SECONDS,
    TEACHER_GONE_SECONDS,
    Watcher,
    room_stamp,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class World:
    def __init__(self) -> None:
        self.stamps: dict[str, object] = {}
        self.woken: list[str] = []
        self.said: list[tuple[str, str]] = []
        self.closed: set[str] = set()
        self.down = False

    def look(self, code: str) -> object:
        if self.down:
            raise RoomsUnavailable("down")
        return self.stamps.get(code)

    def say(self, code: str, follower: str) -> bool:
        self.said.append((code, follower))
        return True

    def wake(self, session: str, part: str) -> bool:
        if session in self.closed:
            return False
        self.woken.append(session)
        return True


@pytest.fixture
def world() -> tuple[World, Watcher, Clock]:
    w, clock = World(), Clock()
    watcher = Watcher(w.look, w.say, w.wake, alive=lambda s: s not in w.closed, clock=clock)
    watcher._thread = object()  # type: ignore[assignment]  # no thread: the test steps it
    return w, watcher, clock


def test_only_the_pages_of_a_changed_room_are_woken_once(
    world: tuple[World, Watcher, Clock],
) -> None:
    w, watcher, _clock = world
    w.stamps = {"AAAAAA": (1, None, False, -1), "BBBBBB": (4, None, False, -1)}
    for s in ("s1", "s2"):
        watcher.follow("AAAAAA", s, f"f-{s}", (1, None, False, -1))
    watcher.follow("BBBBBB", "s3", "f-s3", (4, None, False, -1))
    assert watcher.step() == 0 and w.woken == []
    w.stamps["AAAAAA"] = (2, None, False, -1)  # the teacher of room A pressed
    assert watcher.step() == 2 and sorted(w.woken) == ["s1", "s2"]
    assert watcher.step() == 0  # woken once per change, not at every look
    watcher.follow("AAAAAA", "s1", "f-s1", (2, None, False, -1))  # the page's run says so
    w.stamps["AAAAAA"] = (2, "A@2", False, -1)  # the teacher asks
    assert watcher.step() == 2


def test_a_watcher_that_forgets_looks_at_no_room_until_followed_again(
    world: tuple[World, Watcher, Clock],
) -> None:
    w, watcher, clock = world
    w.stamps = {"AAAAAA": (1, None, False, -1)}
    watcher.follow("AAAAAA", "s1", "f1", (1, None, False, -1))
    w.stamps["AAAAAA"] = (2, None, False, -1)
    watcher.forget()
    assert watcher.rooms() == {} and watcher.waiting() == 0
    looked: list[str] = []

    def look(code: str) -> object:
        looked.append(code)
        return w.look(code)

    watcher._look = look
    clock.now += 60
    assert watcher.step() == 0 and watcher.say() == 0
    assert looked == [] and w.said == [] and w.woken == []
    watcher.follow("AAAAAA", "s2", "f2", (1, None, False, -1))
    assert watcher.step() == 1 and looked == ["AAAAAA"]


def test_students_are_said_to_follow_every_few_seconds(world: tuple[World, Watcher, Clock]) -> None:
    w, watcher, clock = world
    w.stamps = {"AAAAAA": (1, None, False, -1)}
    watcher.follow("AAAAAA", "s1", "f1", (1, None, False, -1))
    assert watcher.say() == 1 and w.said == [("AAAAAA", "f1")]
    clock.now += FOLLOW_SECONDS / 2
    assert watcher.say() == 0
    clock.now += FOLLOW_SECONDS
    assert watcher.say() == 1 and len(w.said) == 2
    w.closed.add("s1")  # the tab was closed
    clock.now += FOLLOW_SECONDS
    assert watcher.say() == 0 and watcher.rooms() == {}


def test_a_page_follows_one_room_and_closed_sessions_are_forgotten(
    world: tuple[World, Watcher, Clock],
) -> None:
    w, watcher, _clock = world
    w.stamps = {"AAAAAA": (2, None, False, -1), "BBBBBB": (1, None, False, -1)}
    watcher.follow("AAAAAA", "s1", "f1", (1, None, False, -1))
    watcher.follow("BBBBBB", "s1", "f1", (1, None, False, -1))  # the student typed another code
    assert watcher.rooms() == {"BBBBBB": 1}
    watcher.follow("AAAAAA", "s2", "f2", (1, None, False, -1))
    w.closed.add("s2")
    watcher.step()  # woken: closed
    assert watcher.rooms() == {"BBBBBB": 1}


def test_rooms_out_of_reach_wake_nobody_until_they_are_back(
    world: tuple[World, Watcher, Clock],
) -> None:
    w, watcher, _clock = world
    w.stamps = {"AAAAAA": (1, None, False, -1)}
    watcher.follow("AAAAAA", "s1", "f1", "down")  # the page said the rooms were out of reach
    w.down = True
    assert watcher.step() == 0
    w.down = False
    assert watcher.step() == 1 and w.woken == ["s1"]


def one_at_a_time() -> tuple[World, Watcher, Clock]:
    w, clock = World(), Clock()
    watcher = Watcher(w.look, w.say, w.wake, clock=clock, at_once=1)
    watcher._thread = object()  # type: ignore[assignment]  # no thread: the test steps it
    return w, watcher, clock


def test_a_class_is_woken_in_turn_the_next_page_when_one_has_run() -> None:
    w, watcher, clock = one_at_a_time()
    old, new = (1, None, False, -1), (2, None, False, -1)
    w.stamps = {"AAAAAA": old}
    for s in ("s1", "s2", "s3", "s4"):
        watcher.follow("AAAAAA", s, f"f-{s}", old, part="frag")
    w.stamps["AAAAAA"] = new  # the teacher pressed
    assert watcher.step() == 4 and w.woken == ["s1"] and watcher.waiting() == 3
    assert watcher.step() == 0 and w.woken == ["s1"]  # s1 has not run yet: nobody else
    watcher.follow("AAAAAA", "s1", "f-s1", new, part="frag")  # s1's page has shown the step
    assert w.woken == ["s1", "s2"]
    clock.now += BUSY_SECONDS + 0.1  # s2's page never says it ran: its turn ends
    watcher.step()
    assert w.woken == ["s1", "s2", "s3"]
    watcher.leave("s4")  # s4 went to another page while waiting: not woken
    watcher.follow("AAAAAA", "s3", "f-s3", new, part="frag")
    assert w.woken == ["s1", "s2", "s3"] and watcher.waiting() == 0
    assert watcher.rooms() == {"AAAAAA": 3}
    for s in ("s1", "s2", "s3"):  # the class has gone: the watcher keeps nothing of the room
        watcher.leave(s)
    watcher.step()
    assert watcher.rooms() == {} and watcher._now == {} and not watcher._busy


def test_a_closed_page_gives_its_turn_to_the_next() -> None:
    w, watcher, _clock = one_at_a_time()
    w.stamps = {"AAAAAA": (1, None, False, -1)}
    for s in ("s1", "s2"):
        watcher.follow("AAAAAA", s, f"f-{s}", (1, None, False, -1))
    w.closed.add("s1")
    w.stamps["AAAAAA"] = (2, None, False, -1)
    assert watcher.step() == 2 and w.woken == ["s2"] and watcher.rooms() == {"AAAAAA": 1}


def test_two_changes_before_a_turn_wake_the_page_once() -> None:
    w, watcher, _clock = one_at_a_time()
    w.stamps = {"AAAAAA": (1, None, False, -1)}
    for s in ("s1", "s2"):
        watcher.follow("AAAAAA", s, f"f-{s}", (1, None, False, -1))
    w.stamps["AAAAAA"] = (2, None, False, -1)
    watcher.step()
    w.stamps["AAAAAA"] = (3, None, False, -1)  # pressed again before s2's turn
    watcher.step()
    assert w.woken == ["s1"] and watcher.waiting() == 2  # s2 waits once; s1 again, after s2
    watcher.follow("AAAAAA", "s1", "f-s1", (2, None, False, -1))  # s1 showed the press before
    assert w.woken == ["s1", "s2"]
    watcher.follow("AAAAAA", "s2", "f-s2", (3, None, False, -1))
    assert w.woken == ["s1", "s2", "s1"]  # s1 is behind: woken again
    watcher.follow("AAAAAA", "s1", "f-s1", (3, None, False, -1))
    assert watcher.waiting() == 0


def test_a_page_waiting_that_moves_to_another_room_is_woken_for_that_room() -> None:
    w, watcher, _clock = one_at_a_time()
    old = (1, None, False, -1)
    w.stamps = {"AAAAAA": old, "BBBBBB": old}
    for s in ("s1", "s2"):
        watcher.follow("AAAAAA", s, f"f-{s}", old)
    w.stamps["AAAAAA"] = (2, None, False, -1)
    watcher.step()  # s1 woken, s2 waits for room A
    watcher.follow("BBBBBB", "s2", "f-s2", old)  # s2's student typed the code of room B
    w.stamps["BBBBBB"] = (2, None, False, -1)
    watcher.step()
    watcher.follow("AAAAAA", "s1", "f-s1", (2, None, False, -1))
    assert w.woken == ["s1", "s2"] and watcher.waiting() == 0


def test_a_page_that_ran_meanwhile_is_not_woken() -> None:
    w, watcher, _clock = one_at_a_time()
    old, new = (1, None, False, -1), (2, None, False, -1)
    w.stamps = {"AAAAAA": old}
    for s in ("s1", "s2", "s3"):
        watcher.follow("AAAAAA", s, f"f-{s}", old)
    w.stamps["AAAAAA"] = new
    watcher.step()
    watcher.follow("AAAAAA", "s3", "f-s3", new)  # s3's student clicked: the page ran, shows it
    watcher.follow("AAAAAA", "s1", "f-s1", new)
    watcher.follow("AAAAAA", "s2", "f-s2", new)
    assert w.woken == ["s1", "s2"] and watcher.waiting() == 0


def test_the_stamp_moves_while_the_teacher_is_away() -> None:
    here = room_stamp(Pulse(3, None, False, 2.0))
    assert here == room_stamp(Pulse(3, None, False, 15.0))
    away = room_stamp(Pulse(3, None, False, TEACHER_GONE_SECONDS + 1))
    later = room_stamp(Pulse(3, None, False, TEACHER_GONE_SECONDS + 11))
    assert here != away != later and room_stamp(None) is None


def test_a_page_woken_runs_as_it_was_without_its_last_clicks() -> None:
    from streamlit.proto.ClientState_pb2 import ClientState

    from tutor_app.wake import fresh_state

    last = ClientState()
    last.page_script_hash = "follow-hash"
    last.query_string = "room=K7QF2M"
    last.fragment_id = "frag"
    last.is_auto_rerun = True
    back = last.widget_states.widgets.add()
    back.id, back.trigger_value = "follow_back", True
    name = last.widget_states.widgets.add()
    name.id, name.string_value = "w_class_name", "Ann"
    card = last.widget_states.widgets.add()
    card.id, card.json_trigger_value = "t66_follow_board", '{"play": "Qs"}'
    state = fresh_state(last)
    assert state.page_script_hash == "follow-hash" and state.query_string == "room=K7QF2M"
    assert state.fragment_id == "" and not state.is_auto_rerun
    assert [w.id for w in state.widget_states.widgets] == ["w_class_name"]
    assert len(last.widget_states.widgets) == 3  # the session's own state is left as it is

"""Follow rooms in Redis: the same behaviour as ``tutor_app.rooms.RoomStore``, shared by every
app process that talks to the same Redis (``TUTOR_REDIS_URL``), so that several processes behind
a load balancer serve one class.

Each change that looks before it writes runs as one Lua script, so two processes never see half
of it: a token checked and a room touched, an answer counted once however many arrive at once.
The keys, under ``prefix``:

- ``room:<code>``, a hash: the digest of the teacher token (never the token), when the teacher
  last touched the room and last beat, the view (lesson, step, hands shown, version) and the
  question (id, revealed);
- ``seen:<code>``, a sorted set: session -> when it last said it follows;
- ``ans:<code>``, a hash: session -> its answer to the question asked now;
- ``open`` and ``closed``, sorted sets: code -> last touched or closed (to bound and count rooms);
- ``failed``, a sorted set of the unknown codes answered in the last ``window`` seconds.

Every key has a time to live (rooms, answers and followers the room's ``ttl``, failures the
window), renewed when used, so Redis forgets what nobody uses. Times come from ``clock``
(by default the wall clock, shared by the processes of one machine) and are checked on read as
well, so a room is forgotten at the same moment in every process.
"""

from __future__ import annotations

import functools
import hashlib
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import redis

from tutor.web.links import normalize_room
from tutor_app.rooms import (
    FAILED_JOINS,
    JOIN_WINDOW,
    MAX_ANSWERS,
    MAX_CLOSED,
    MAX_FOLLOWERS,
    MAX_QUESTION_CHARS,
    MAX_ROOMS,
    PRESENCE_SECONDS,
    PRESENCE_TTL,
    REDIS_ENV,
    ROOM_TTL,
    Clock,
    Join,
    Opened,
    Pulse,
    Question,
    RoomsFull,
    RoomsUnavailable,
    SharedView,
    Tries,
    clean_answer,
    clean_session,
    new_code,
    new_token,
)

PREFIX = "tutor:rooms:"
#: Seconds to wait for Redis (to connect, or for an answer) before a page is told that the
#: rooms cannot be reached now.
TIMEOUT_SECONDS = 2.0

P = ParamSpec("P")
R = TypeVar("R")

# KEYS[1] room, KEYS[2] open; ARGV[1] code, ARGV[2] now, ARGV[3] ttl (s), ARGV[4] ttl (ms),
# ARGV[5] token digest; the scripts' own arguments follow.
_HEAD = """
local room, open = KEYS[1], KEYS[2]
local code, nows, now, ttl, ttlms = ARGV[1], ARGV[2], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
local function alive()
  local t = redis.call('HGET', room, 'touched')
  return t and now - tonumber(t) <= ttl
end
local function teacher()
  if not alive() or redis.call('HGET', room, 'token') ~= ARGV[5] then return false end
  redis.call('HSET', room, 'touched', nows, 'teacher', nows)
  redis.call('PEXPIRE', room, ttlms)
  redis.call('ZADD', open, nows, code)
  redis.call('PEXPIRE', open, ttlms)
  return true
end
"""

# KEYS[3] closed, KEYS[4] seen, KEYS[5] ans; ARGV[6] max rooms
_OPEN = """
local closed = KEYS[3]
redis.call('ZREMRANGEBYSCORE', open, '-inf', '(' .. (now - ttl))
redis.call('ZREMRANGEBYSCORE', closed, '-inf', '(' .. (now - ttl))
if redis.call('ZCARD', open) >= tonumber(ARGV[6]) then return -1 end
if alive() or redis.call('ZSCORE', closed, code) then return 0 end
redis.call('DEL', room, KEYS[4], KEYS[5])
redis.call('HSET', room, 'token', ARGV[5], 'touched', nows, 'teacher', nows, 'version', 0)
redis.call('PEXPIRE', room, ttlms)
redis.call('ZADD', open, nows, code)
redis.call('PEXPIRE', open, ttlms)
return 1
"""

_TEACHER = """
if teacher() then return 1 end
return 0
"""

# ARGV[6] lesson, ARGV[7] step, ARGV[8] shown hands
_PUBLISH = """
if not teacher() then return false end
local old = redis.call('HMGET', room, 'lesson', 'step', 'show', 'version')
if old[1] == ARGV[6] and old[2] == ARGV[7] and old[3] == ARGV[8] then return tonumber(old[4]) end
redis.call('HSET', room, 'lesson', ARGV[6], 'step', ARGV[7], 'show', ARGV[8])
return redis.call('HINCRBY', room, 'version', 1)
"""

# KEYS[3] failed; ARGV[6] window (s), ARGV[7] limit, ARGV[8] window (ms), ARGV[9] member
_JOIN = """
local failed = KEYS[3]
redis.call('ZREMRANGEBYSCORE', failed, '-inf', now - tonumber(ARGV[6]))
if redis.call('ZCARD', failed) >= tonumber(ARGV[7]) then return 'limited' end
if alive() then return 'found' end
redis.call('ZADD', failed, nows, ARGV[9])
redis.call('PEXPIRE', failed, ARGV[8])
return 'unknown'
"""

# KEYS[3] closed, KEYS[4] seen, KEYS[5] ans; ARGV[6] max closed
_CLOSE = """
if not teacher() then return 0 end
local closed = KEYS[3]
redis.call('DEL', room, KEYS[4], KEYS[5])
redis.call('ZREM', open, code)
redis.call('ZADD', closed, nows, code)
redis.call('ZREMRANGEBYRANK', closed, 0, -(tonumber(ARGV[6]) + 1))
redis.call('PEXPIRE', closed, ttlms)
return 1
"""

# KEYS[3] seen; ARGV[6] session, ARGV[7] presence ttl (s), ARGV[8] max followers
_FOLLOW = """
if not alive() then return 0 end
local seen = KEYS[3]
redis.call('ZADD', seen, nows, ARGV[6])
redis.call('ZREMRANGEBYSCORE', seen, '-inf', '(' .. (now - tonumber(ARGV[7])))
redis.call('ZREMRANGEBYRANK', seen, 0, -(tonumber(ARGV[8]) + 1))
redis.call('PEXPIRE', seen, ttlms)
return 1
"""

# KEYS[3] seen; ARGV[6] within (s), ARGV[7] presence ttl (s)
_FOLLOWERS = """
if not teacher() then return false end
local seen = KEYS[3]
redis.call('ZREMRANGEBYSCORE', seen, '-inf', '(' .. (now - tonumber(ARGV[7])))
return redis.call('ZCOUNT', seen, now - tonumber(ARGV[6]), '+inf')
"""

# KEYS[3] ans; ARGV[6] question
_ASK = """
if not teacher() then return 0 end
redis.call('HSET', room, 'q', ARGV[6], 'rev', 0)
redis.call('DEL', KEYS[3])
return 1
"""

# KEYS[3] ans; ARGV[6] session, ARGV[7] question, ARGV[8] answer, ARGV[9] max answers
_ANSWER = """
if not alive() then return 0 end
local q = redis.call('HMGET', room, 'q', 'rev')
if q[1] ~= ARGV[7] or q[2] == '1' then return 0 end
local ans = KEYS[3]
if redis.call('HEXISTS', ans, ARGV[6]) == 0 and redis.call('HLEN', ans) >= tonumber(ARGV[9]) then
  return 0
end
redis.call('HSET', ans, ARGV[6], ARGV[8])
redis.call('PEXPIRE', ans, ttlms)
return 1
"""

# KEYS[3] ans
_TALLY = """
if not teacher() then return false end
return redis.call('HVALS', KEYS[3])
"""

_REVEAL = """
if not teacher() or not redis.call('HGET', room, 'q') then return 0 end
redis.call('HSET', room, 'rev', 1)
return 1
"""


def _digest(token: str) -> str:
    """What Redis keeps of a token (an empty token matches nothing)."""
    if not token:
        return "-"
    return hashlib.sha256(token.encode()).hexdigest()


def _show(show: tuple[bool, bool]) -> str:
    return "".join("1" if s else "0" for s in show)


class RedisRooms:
    """Rooms in Redis (``tutor_app.rooms.Rooms``); safe to share between threads, and as many
    objects as app processes may use the same Redis."""

    def __init__(
        self,
        client: redis.Redis | str,
        *,
        prefix: str = PREFIX,
        ttl: float = ROOM_TTL,
        clock: Clock = time.time,
        max_rooms: int = MAX_ROOMS,
        max_closed: int = MAX_CLOSED,
        failed_joins: int = FAILED_JOINS,
        window: float = JOIN_WINDOW,
        presence_ttl: float = PRESENCE_TTL,
        max_followers: int = MAX_FOLLOWERS,
        max_answers: int = MAX_ANSWERS,
    ) -> None:
        if isinstance(client, str):
            client = redis.Redis.from_url(
                client,
                decode_responses=True,
                socket_timeout=TIMEOUT_SECONDS,
                socket_connect_timeout=TIMEOUT_SECONDS,
            )
        self._r = client
        self._prefix = prefix
        self._ttl = ttl
        self._clock = clock
        self._max_rooms = max_rooms
        self._max_closed = max_closed
        self._failed_joins = failed_joins
        self._window = window
        self._presence_ttl = presence_ttl
        self._max_followers = max_followers
        self._max_answers = max_answers
        self._scripts = {
            name: client.register_script(_HEAD + body)
            for name, body in {
                "open": _OPEN,
                "teacher": _TEACHER,
                "publish": _PUBLISH,
                "join": _JOIN,
                "close": _CLOSE,
                "follow": _FOLLOW,
                "followers": _FOLLOWERS,
                "ask": _ASK,
                "answer": _ANSWER,
                "tally": _TALLY,
                "reveal": _REVEAL,
            }.items()
        }

    # -- keys and scripts

    def _key(self, kind: str, code: str = "") -> str:
        return f"{self._prefix}{kind}:{code}" if code else f"{self._prefix}{kind}"

    def _run(self, name: str, code: str, token: str, extra_keys: list[str], *args: object) -> Any:
        """Run a script on a room: its keys, then the common arguments and ``args``."""
        now = self._clock()
        keys = [self._key("room", code), self._key("open"), *extra_keys]
        argv = [code, repr(float(now)), repr(float(self._ttl)), _ms(self._ttl), _digest(token)]
        return self._scripts[name](keys=keys, args=[*argv, *(str(a) for a in args)])

    def _fields(self, code: str, *names: str) -> list[str | None] | None:
        """The fields of an open room (``None`` when it is not open)."""
        values = [_text(v) for v in self._r.hmget(self._key("room", code), ["touched", *names])]
        touched = values[0]
        if touched is None or self._clock() - float(touched) > self._ttl:
            return None
        return values[1:]

    # -- the protocol

    def __len__(self) -> int:
        key = self._key("open")
        self._r.zremrangebyscore(key, "-inf", f"({self._clock() - self._ttl!r}")
        return int(self._r.zcard(key))

    def open(self, rng: random.Random | None = None) -> Opened:
        rng = rng or random.SystemRandom()
        while True:
            code, token = new_code(rng), new_token()
            extra = [self._key("closed"), self._key("seen", code), self._key("ans", code)]
            done = self._run("open", code, token, extra, self._max_rooms)
            if done == -1:
                raise RoomsFull(self._max_rooms)
            if done == 1:
                return Opened(code, token)

    def resume(self, code: str, token: str) -> bool:
        return bool(self._run("teacher", normalize_room(code), token, []))

    heartbeat = resume

    def publish(
        self, code: str, token: str, lesson: str, step: int, show: tuple[bool, bool]
    ) -> SharedView | None:
        version = self._run("publish", normalize_room(code), token, [], lesson, step, _show(show))
        return None if version is None else SharedView(lesson, step, show, int(version))

    def join(self, code: str, tries: Tries) -> Join:
        code = normalize_room(code)
        now = self._clock()
        if tries.full(now):
            return Join.LIMITED
        member = f"{now!r}:{secrets.token_hex(6)}"
        args = (self._window, self._failed_joins, _ms(self._window), member)
        answer = Join(_text(self._run("join", code, "", [self._key("failed")], *args)))
        if answer is not Join.LIMITED:
            tries.add(now)
        return answer

    def get(self, code: str) -> SharedView | None:
        fields = self._fields(normalize_room(code), "lesson", "step", "show", "version")
        if fields is None:
            return None
        lesson, step, show, version = fields
        if lesson is None or step is None or show is None or version is None:
            return None
        return SharedView(lesson, int(step), (show[:1] == "1", show[1:] == "1"), int(version))

    def exists(self, code: str) -> bool:
        return self._fields(normalize_room(code)) is not None

    def pulse(self, code: str) -> Pulse | None:
        fields = self._fields(normalize_room(code), "version", "q", "rev", "teacher")
        if fields is None:
            return None
        version, question, revealed, teacher = fields
        since = max(0.0, self._clock() - float(teacher)) if teacher is not None else 0.0
        return Pulse(int(version or 0), question, revealed == "1", since)

    def close(self, code: str, token: str) -> bool:
        code = normalize_room(code)
        extra = [self._key("closed"), self._key("seen", code), self._key("ans", code)]
        return bool(self._run("close", code, token, extra, self._max_closed))

    def closed(self, code: str) -> bool:
        when = self._r.zscore(self._key("closed"), normalize_room(code))
        return when is not None and self._clock() - float(when) <= self._ttl

    def follow(self, code: str, session: str) -> bool:
        if clean_session(session) is None:
            return False
        code = normalize_room(code)
        args = (session, self._presence_ttl, self._max_followers)
        return bool(self._run("follow", code, "", [self._key("seen", code)], *args))

    def followers(self, code: str, token: str, within: float = PRESENCE_SECONDS) -> int | None:
        code = normalize_room(code)
        args = (repr(float(within)), self._presence_ttl)
        count = self._run("followers", code, token, [self._key("seen", code)], *args)
        return None if count is None else int(count)

    def since_teacher(self, code: str) -> float | None:
        fields = self._fields(normalize_room(code), "teacher")
        if fields is None or fields[0] is None:
            return None
        return max(0.0, self._clock() - float(fields[0]))

    def ask(self, code: str, token: str, question: str) -> bool:
        if not 0 < len(question) <= MAX_QUESTION_CHARS:
            return False
        code = normalize_room(code)
        return bool(self._run("ask", code, token, [self._key("ans", code)], question))

    def question(self, code: str, session: str = "") -> Question | None:
        code = normalize_room(code)
        fields = self._fields(code, "q", "rev")
        if fields is None or fields[0] is None:
            return None
        mine = _text(self._r.hget(self._key("ans", code), session)) if session else None
        return Question(fields[0], fields[1] == "1", mine)

    def answer(self, code: str, session: str, question: str, text: str) -> bool:
        kept = clean_answer(text)
        if kept is None or clean_session(session) is None:
            return False
        code = normalize_room(code)
        args = (session, question, kept, self._max_answers)
        return bool(self._run("answer", code, "", [self._key("ans", code)], *args))

    def tally(self, code: str, token: str) -> dict[str, int] | None:
        code = normalize_room(code)
        values = self._run("tally", code, token, [self._key("ans", code)])
        return None if values is None else dict(Counter(_text(v) or "" for v in values))

    def reveal(self, code: str, token: str) -> bool:
        return bool(self._run("reveal", normalize_room(code), token, []))


def _reachable(method: Callable[P, R]) -> Callable[P, R]:
    """A call on Redis that raises ``RoomsUnavailable`` when Redis cannot be reached or does
    not answer in time (``TIMEOUT_SECONDS``), instead of the client's own errors."""

    @functools.wraps(method)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except redis.RedisError as exc:
            raise RoomsUnavailable(str(exc)) from exc

    return call


for _name in (
    "__len__", "open", "resume", "heartbeat", "publish", "join", "get", "exists", "pulse",
    "close", "closed", "follow", "followers", "since_teacher", "ask", "question", "answer",
    "tally", "reveal",
):  # fmt: skip
    setattr(RedisRooms, _name, _reachable(getattr(RedisRooms, _name)))


def _text(value: bytes | str | None) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


def _ms(seconds: float) -> str:
    """A time to live in milliseconds for PEXPIRE (at least one)."""
    return str(max(1, round(seconds * 1000)))


__all__ = ["PREFIX", "REDIS_ENV", "RedisRooms"]

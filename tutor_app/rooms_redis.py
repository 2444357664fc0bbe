"""Follow rooms in Redis: the same behaviour as ``tutor_app.rooms.RoomStore``, shared by every
app process that talks to the same Redis (``TUTOR_REDIS_URL``), so that several processes behind
a load balancer serve one class.

Each change that looks before it writes runs as one Lua script, so two processes never see half
of it: a token checked and a room touched, an answer counted once however many arrive at once.
The keys, under ``prefix``:

- ``room:<code>``, a hash: the digest of the teacher token (never the token), when the teacher
  last touched the room and last beat, the view (lesson, step, hands shown, version, the digest
  of the file it comes from) and the question (id, revealed), and the room's lesson file (its
  digest and text: it lives and goes with the room);
- ``seen:<code>``, a sorted set: session -> when it last said it follows;
- ``ans:<code>``, a hash: session -> its answer to the question asked now;
- ``class:<code>``, a set: the sessions that followed when the question was asked;
- ``names:<code>``, a hash: a name given with an answer -> the session that gave it;
- ``refused:<code>``, a hash: why answers were refused -> how many;
- ``open`` and ``closed``, sorted sets: code -> last touched or closed (to bound and count rooms);
- ``owned:<client>``, a sorted set: the codes a client opened (to bound the rooms it keeps).

The tries of codes and rooms opened are counted by ``tutor_app.room_limits`` in the same Redis.
Every key has a time to live (the room's ``ttl``), renewed when used, so Redis forgets what
nobody uses. Times come from ``clock``
(by default the wall clock, shared by the processes of one machine) and are checked on read as
well, so a room is forgotten at the same moment in every process.
"""

from __future__ import annotations

import functools
import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import redis

from tutor.web.links import normalize_room
from tutor_app.room_limits import (
    JOIN_RULES,
    NOBODY,
    OPEN_RULES,
    ROOMS_PER_CLIENT,
    Act,
    Caller,
    Guard,
    rules_of,
)
from tutor_app.rooms import (
    MAX_ANSWERS,
    MAX_CLOSED,
    MAX_FOLLOWERS,
    MAX_QUESTION_CHARS,
    MAX_ROOMS,
    PRESENCE_SECONDS,
    PRESENCE_TTL,
    REDIS_ENV,
    ROOM_TTL,
    TEACHER,
    Answered,
    Clock,
    Join,
    Opened,
    Pulse,
    Question,
    RoomsFull,
    RoomsUnavailable,
    SharedView,
    clean_answer,
    clean_session,
    file_digest,
    name_key,
    new_code,
    new_token,
    room_file_ok,
    valid_room,
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

# KEYS[3] closed, KEYS[4] owned, KEYS[5..] the room's other keys; ARGV[6] max rooms,
# ARGV[7] owner ("" for none), ARGV[8] rooms per owner, ARGV[9] the rooms' key prefix,
# ARGV[10] "1" to take back a room lost (then an open room with this token is resumed)
_OPEN = """
local closed, owned, owner = KEYS[3], KEYS[4], ARGV[7]
if ARGV[10] == '1' and teacher() then return 1 end
redis.call('ZREMRANGEBYSCORE', open, '-inf', '(' .. (now - ttl))
redis.call('ZREMRANGEBYSCORE', closed, '-inf', '(' .. (now - ttl))
if redis.call('ZCARD', open) >= tonumber(ARGV[6]) then return -1 end
if alive() or redis.call('ZSCORE', closed, code) then return 0 end
if owner ~= '' then
  local n = 0
  for _, c in ipairs(redis.call('ZRANGE', owned, 0, -1)) do
    local t = redis.call('HMGET', ARGV[9] .. 'room:' .. c, 'touched', 'owner')
    if t[1] and now - tonumber(t[1]) <= ttl and t[2] == owner then n = n + 1
    else redis.call('ZREM', owned, c) end
  end
  if n >= tonumber(ARGV[8]) then return -2 end
  redis.call('ZADD', owned, nows, code)
  redis.call('PEXPIRE', owned, ttlms)
end
redis.call('DEL', room, unpack(KEYS, 5))
redis.call('HSET', room, 'token', ARGV[5], 'touched', nows, 'teacher', nows, 'version', 0,
  'owner', owner)
redis.call('PEXPIRE', room, ttlms)
redis.call('ZADD', open, nows, code)
redis.call('PEXPIRE', open, ttlms)
return 1
"""

_TEACHER = """
if teacher() then return 1 end
return 0
"""

# ARGV[6] lesson, ARGV[7] step, ARGV[8] shown hands, ARGV[9] the file's digest ("" for none)
_PUBLISH = """
if not teacher() then return false end
if ARGV[9] ~= '' and redis.call('HGET', room, 'filehash') ~= ARGV[9] then return false end
local old = redis.call('HMGET', room, 'lesson', 'step', 'show', 'version', 'file')
if old[1] == ARGV[6] and old[2] == ARGV[7] and old[3] == ARGV[8] and (old[5] or '') == ARGV[9]
then return tonumber(old[4]) end
redis.call('HSET', room, 'lesson', ARGV[6], 'step', ARGV[7], 'show', ARGV[8], 'file', ARGV[9])
return redis.call('HINCRBY', room, 'version', 1)
"""

# ARGV[6] the file's digest, ARGV[7] its text
_PUT_FILE = """
if not teacher() then return 0 end
redis.call('HSET', room, 'filehash', ARGV[6], 'filedata', ARGV[7])
return 1
"""

# KEYS[3] closed, KEYS[4..] the room's other keys; ARGV[6] max closed
_CLOSE = """
if not teacher() then return 0 end
local closed = KEYS[3]
redis.call('DEL', room, unpack(KEYS, 4))
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

# KEYS[3] ans, KEYS[4] class, KEYS[5] names, KEYS[6] refused, KEYS[7] seen; ARGV[6] question,
# ARGV[7] presence ttl (s)
_ASK = """
if not teacher() then return 0 end
redis.call('HSET', room, 'q', ARGV[6], 'rev', 0)
redis.call('DEL', KEYS[3], KEYS[4], KEYS[5], KEYS[6])
local now_following = redis.call('ZRANGEBYSCORE', KEYS[7], now - tonumber(ARGV[7]), '+inf')
for i = 1, #now_following, 500 do
  redis.call('SADD', KEYS[4], unpack(now_following, i, math.min(i + 499, #now_following)))
end
redis.call('PEXPIRE', KEYS[4], ttlms)
return 1
"""

# KEYS[3] ans, KEYS[4] class, KEYS[5] names, KEYS[6] refused; ARGV[6] session, ARGV[7]
# question, ARGV[8] answer, ARGV[9] max answers, ARGV[10] name key, ARGV[11] the teacher's
_ANSWER = """
if not alive() then return 'closed' end
local q = redis.call('HMGET', room, 'q', 'rev')
if q[1] ~= ARGV[7] or q[2] == '1' then return 'closed' end
local ans, session, name = KEYS[3], ARGV[6], ARGV[10]
local why = nil
if redis.call('SISMEMBER', KEYS[4], session) == 0 then why = 'late'
elseif redis.call('HEXISTS', ans, session) == 0 and redis.call('HLEN', ans) >= tonumber(ARGV[9])
then why = 'full' end
if why then
  redis.call('HINCRBY', KEYS[6], why, 1)
  redis.call('PEXPIRE', KEYS[6], ttlms)
  return why
end
if name ~= '' then
  if name == ARGV[11] then return 'name' end
  redis.call('HSETNX', KEYS[5], name, session)
  if redis.call('HGET', KEYS[5], name) ~= session then return 'name' end
  redis.call('PEXPIRE', KEYS[5], ttlms)
end
redis.call('HSET', ans, session, ARGV[8])
redis.call('PEXPIRE', ans, ttlms)
return 'counted'
"""

# KEYS[3] refused
_REFUSED = """
if not teacher() then return false end
return redis.call('HGETALL', KEYS[3])
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
        presence_ttl: float = PRESENCE_TTL,
        max_followers: int = MAX_FOLLOWERS,
        max_answers: int = MAX_ANSWERS,
        rooms_per_client: int = ROOMS_PER_CLIENT,
        guard: Guard | None = None,
    ) -> None:
        if guard is None:
            guard = Guard(client) if isinstance(client, str) else Guard()
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
        self._guard = guard
        self._per_client = rooms_per_client
        self._presence_ttl = presence_ttl
        self._max_followers = max_followers
        self._max_answers = max_answers
        self._scripts = {
            name: client.register_script(_HEAD + body)
            for name, body in {
                "open": _OPEN,
                "teacher": _TEACHER,
                "publish": _PUBLISH,
                "put_file": _PUT_FILE,
                "close": _CLOSE,
                "follow": _FOLLOW,
                "followers": _FOLLOWERS,
                "ask": _ASK,
                "answer": _ANSWER,
                "tally": _TALLY,
                "refused": _REFUSED,
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

    def _room_keys(self, code: str) -> list[str]:
        """A room's keys besides the room itself."""
        return [self._key(k, code) for k in ("seen", "ans", "class", "names", "refused")]

    def _open(self, code: str, token: str, caller: Caller, again: bool) -> int:
        """Open ``code`` (``again``: take it back) for ``caller``: 1 done, 0 the code is taken
        or closed, -1 the server is full, -2 the caller keeps too many rooms."""
        if not self._guard.allows(OPEN_RULES, caller):
            return -2
        owner = caller.client
        extra = [self._key("closed"), self._key("owned", owner), *self._room_keys(code)]
        args = (self._max_rooms, owner, self._per_client, self._prefix, "1" if again else "0")
        done = int(self._run("open", code, token, extra, *args))
        if done == 1:
            self._guard.count(OPEN_RULES, caller)
        return done

    def open(self, rng: random.Random | None = None, caller: Caller = NOBODY) -> Opened:
        rng = rng or random.SystemRandom()
        while True:
            code, token = new_code(rng), new_token()
            done = self._open(code, token, caller, again=False)
            if done < 0:
                raise RoomsFull(self._max_rooms if done == -1 else self._per_client, done == -2)
            if done == 1:
                return Opened(code, token)

    def reopen(self, code: str, token: str, caller: Caller = NOBODY) -> bool:
        code = normalize_room(code)
        if not (valid_room(code) and token):
            return False
        if self.resume(code, token):
            return True
        return self._open(code, token, caller, again=True) == 1

    def resume(self, code: str, token: str) -> bool:
        return bool(self._run("teacher", normalize_room(code), token, []))

    heartbeat = resume

    def publish(
        self,
        code: str,
        token: str,
        lesson: str,
        step: int,
        show: tuple[bool, bool],
        file: str = "",
    ) -> SharedView | None:
        args = (lesson, step, _show(show), file)
        version = self._run("publish", normalize_room(code), token, [], *args)
        return None if version is None else SharedView(lesson, step, show, int(version), file)

    def put_file(self, code: str, token: str, data: bytes) -> str | None:
        if not room_file_ok(data):
            return None
        digest = file_digest(data)
        done = self._run("put_file", normalize_room(code), token, [], digest, data.decode())
        return digest if done else None

    def lesson_file(self, code: str, digest: str) -> bytes | None:
        fields = self._fields(normalize_room(code), "filehash", "filedata")
        if fields is None or not digest or fields[0] != digest or fields[1] is None:
            return None
        return fields[1].encode()

    def join(self, code: str, caller: Caller) -> Join:
        code = normalize_room(code)
        guard = self._guard
        if not guard.allows(JOIN_RULES, caller):
            return Join.LIMITED
        guard.count(rules_of(Act.JOIN, JOIN_RULES), caller)
        if self._fields(code) is not None:
            return Join.FOUND
        guard.count(rules_of(Act.UNKNOWN, JOIN_RULES), caller)
        return Join.UNKNOWN

    def get(self, code: str) -> SharedView | None:
        fields = self._fields(normalize_room(code), "lesson", "step", "show", "version", "file")
        if fields is None:
            return None
        lesson, step, show, version, file = fields
        if lesson is None or step is None or show is None or version is None:
            return None
        shown = (show[:1] == "1", show[1:] == "1")
        return SharedView(lesson, int(step), shown, int(version), file or "")

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
        extra = [self._key("closed"), *self._room_keys(code)]
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
        keys = self._room_keys(code)
        extra = [*keys[1:], keys[0]]  # ans, class, names, refused, seen
        return bool(self._run("ask", code, token, extra, question, self._presence_ttl))

    def question(self, code: str, session: str = "") -> Question | None:
        code = normalize_room(code)
        fields = self._fields(code, "q", "rev")
        if fields is None or fields[0] is None:
            return None
        mine = _text(self._r.hget(self._key("ans", code), session)) if session else None
        return Question(fields[0], fields[1] == "1", mine)

    def answer(self, code: str, session: str, question: str, text: str) -> Answered:
        kept = clean_answer(text)
        if kept is None or clean_session(session) is None:
            return Answered.CLOSED
        code = normalize_room(code)
        args = (session, question, kept, self._max_answers, name_key(kept), TEACHER)
        extra = self._room_keys(code)[1:]  # ans, class, names, refused
        return Answered(_text(self._run("answer", code, "", extra, *args)))

    def refused(self, code: str, token: str) -> dict[str, int] | None:
        code = normalize_room(code)
        pairs = self._run("refused", code, token, [self._key("refused", code)])
        if pairs is None:
            return None
        items = [_text(v) or "" for v in pairs]
        return {items[i]: int(items[i + 1]) for i in range(0, len(items) - 1, 2)}

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
    "__len__", "open", "reopen", "resume", "heartbeat", "publish", "put_file", "lesson_file",
    "join", "get", "exists",
    "pulse", "close", "closed", "follow", "followers", "since_teacher", "ask", "question",
    "answer", "refused", "tally", "reveal",
):  # fmt: skip
    setattr(RedisRooms, _name, _reachable(getattr(RedisRooms, _name)))


def _text(value: bytes | str | None) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


def _ms(seconds: float) -> str:
    """A time to live in milliseconds for PEXPIRE (at least one)."""
    return str(max(1, round(seconds * 1000)))


__all__ = ["PREFIX", "REDIS_ENV", "RedisRooms"]

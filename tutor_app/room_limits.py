"""How often one caller may try room codes and open rooms: limits per session and per client
address, never one limit for everyone (a stranger's tries never hold back another client).

A caller is a session (a browser tab: its follow or teacher id) and, behind the proxy, the
client's address the proxy forwards (``X-Real-IP``, see the README's nginx set-up). Without an
address only the session's limits hold. The counts live in the ``limits`` library's storage:
in the process (``memory://``), or in Redis when the rooms live there, so that every app process
counts the same tries. Each limit is a moving window: at most ``count`` in any ``window``.

The limits (rules as data, ``JOIN_RULES`` and ``OPEN_RULES``):

- a session tries at most 6 codes a minute; an address at most 120 (a school's class behind one
  address joins at once) and at most 30 unknown ones a minute (typing errors of a class);
- a session opens at most 10 rooms an hour, an address at most 30; and an address (or a
  session without one) keeps at most ``ROOMS_PER_CLIENT`` rooms open at once (the stores count
  those).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

#: The header the proxy sets to the client's address (nginx: ``proxy_set_header X-Real-IP
#: $remote_addr``, which replaces whatever the client sent).
ADDRESS_HEADER = "X-Real-IP"
#: Rooms one client (address, else session) keeps open at once.
ROOMS_PER_CLIENT = 20
#: Characters of an address kept (an IPv6 address has at most 45).
MAX_ADDRESS_CHARS = 64


class Per(enum.Enum):
    SESSION = "session"
    ADDRESS = "address"


class Act(enum.Enum):
    """What is counted: a code tried, an unknown code, a room opened."""

    JOIN = "join"
    UNKNOWN = "unknown"
    OPEN = "open"


@dataclass(frozen=True)
class Rule:
    """At most ``limit`` (``"6/minute"``) of ``act`` by one ``per``."""

    act: Act
    per: Per
    limit: str

    @property
    def item(self) -> RateLimitItem:
        return parse(self.limit)


JOIN_RULES = (
    Rule(Act.JOIN, Per.SESSION, "6/minute"),
    Rule(Act.JOIN, Per.ADDRESS, "120/minute"),
    Rule(Act.UNKNOWN, Per.ADDRESS, "30/minute"),
)
OPEN_RULES = (
    Rule(Act.OPEN, Per.SESSION, "10/hour"),
    Rule(Act.OPEN, Per.ADDRESS, "30/hour"),
)


@dataclass(frozen=True)
class Caller:
    """Who calls: a session's id and the client's address ("" when not known). A caller with
    neither (the app's own tools) is not limited."""

    session: str = ""
    address: str = ""

    def who(self, per: Per) -> str:
        return self.session if per is Per.SESSION else self.address

    @property
    def client(self) -> str:
        """The one who owns rooms: the address, else the session ("" for nobody)."""
        if self.address:
            return f"a:{self.address}"
        return f"s:{self.session}" if self.session else ""


NOBODY = Caller()


def caller_from(session: str, headers: object) -> Caller:
    """The caller of a page: its session and the address the proxy forwarded in ``headers``
    (a mapping of the request's headers; anything else, or no header, gives no address)."""
    address = ""
    get = getattr(headers, "get", None)
    if callable(get):
        value = get(ADDRESS_HEADER)
        if isinstance(value, str):
            address = value.strip()[:MAX_ADDRESS_CHARS]
    return Caller(session[:MAX_ADDRESS_CHARS], address)


class Guard:
    """The limits' counts in one storage (``memory://`` or a Redis address), shared by the
    threads of a process (and, in Redis, by the processes)."""

    def __init__(self, storage: str | Storage = "memory://", prefix: str = "tutor") -> None:
        if isinstance(storage, str):
            if storage.startswith("redis"):
                storage = RedisStorage(storage, socket_timeout=2.0, socket_connect_timeout=2.0)
            else:
                storage = MemoryStorage()
        self.storage = storage
        self._limiter = MovingWindowRateLimiter(storage)
        self._prefix = prefix

    def _rules(self, rules: tuple[Rule, ...], caller: Caller) -> list[tuple[Rule, str]]:
        return [(r, caller.who(r.per)) for r in rules if caller.who(r.per)]

    def allows(self, rules: tuple[Rule, ...], caller: Caller) -> bool:
        """Whether every rule still lets ``caller`` do it once more (nothing counted)."""
        return all(
            self._limiter.test(r.item, self._prefix, r.act.value, r.per.value, who)
            for r, who in self._rules(rules, caller)
        )

    def count(self, rules: tuple[Rule, ...], caller: Caller) -> None:
        """Count one of it against every rule."""
        for r, who in self._rules(rules, caller):
            self._limiter.hit(r.item, self._prefix, r.act.value, r.per.value, who)


def rules_of(act: Act, rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    return tuple(r for r in rules if r.act is act)


__all__ = [
    "ADDRESS_HEADER",
    "JOIN_RULES",
    "NOBODY",
    "OPEN_RULES",
    "ROOMS_PER_CLIENT",
    "Act",
    "Caller",
    "Guard",
    "Per",
    "Rule",
    "caller_from",
    "rules_of",
]

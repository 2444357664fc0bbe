"""A catalog: the items of a folder of YAML files, as the app offers them.

``Catalog[T]`` loads a folder, keeps the errors of what could not be read, gets an item by
its id, keeps the items sorted, and on ``refresh()`` reads again only the files that changed
(each file is keyed by its path, modification time and size). The lessons (``Library``) and
the puzzles (``Collection``) are catalogs; each gives its reader of one file, the id and the
order of its items, and the error for an id used twice.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "b.yaml").write_text("x y\\n"), (folder / "a.yaml").write_text("z\\n")
>>> def words(path: Path) -> tuple[list[str], list[SourceError]]:
...     return path.read_text().split(), []
>>> def twice(item: str, first: str) -> SourceError:
...     return SourceError("{item} twice", {"item": item}, path="")
>>> cat = Catalog(folder, words, ident=str, order=str, duplicate=twice).refresh()
>>> cat.ids, cat.get("y"), cat.refresh() is cat
(('x', 'y', 'z'), 'y', True)
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Self, TypeVar

from tutor.formats.errors import SourceError, shown
from tutor.formats.messages import E_FAULT

__all__ = ["Catalog", "Signature", "folder_signature", "yaml_files"]

T = TypeVar("T")
_LOG = logging.getLogger(__name__)

#: Name, modification time and size of each file of a folder.
Signature = tuple[tuple[str, int, int], ...]


def _fault(path: str, exc: Exception) -> SourceError:
    """The problem of a file that could not be read because of a fault of the tutor."""
    return SourceError(E_FAULT, {"problem": shown(type(exc).__name__)}, path=path, line=1, column=1)


def yaml_files(folder: str | Path) -> list[Path]:
    """The YAML files of a folder (``*.yaml`` and ``*.yml``), sorted by name."""
    f = Path(folder)
    return sorted(p for p in f.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def _stamps(files: Sequence[Path]) -> list[tuple[Path, int, int]]:
    out = []
    for path in files:
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((path, st.st_mtime_ns, st.st_size))
    return out


def folder_signature(folder: str | Path) -> Signature:
    """Name, modification time and size of each YAML file of a folder (the files
    ``yaml_files`` lists, stamped as a catalog keys them): changes when a file does."""
    try:
        files = yaml_files(folder)
    except OSError:
        return ()
    return tuple((path.name, mtime, size) for path, mtime, size in _stamps(files))


@dataclass(frozen=True)
class _File(Generic[T]):
    """One file as last read: its stamp, its items and the problems found in it."""

    mtime_ns: int
    size: int
    items: tuple[T, ...]
    errors: tuple[SourceError, ...]


@dataclass(frozen=True)
class _Shelf(Generic[T]):
    """The items of the folder as of one signature."""

    signature: Signature | None
    items: tuple[T, ...]
    errors: tuple[SourceError, ...]
    by_id: dict[str, T]


class Catalog(Generic[T]):
    """The items of a folder, sorted, and the problems of what could not be read.

    ``read(path)`` gives one file's items and problems; ``ident`` an item's id and ``order``
    its sort key; ``duplicate(item, first)`` the problem of an item whose id an earlier one
    has (the earlier one is kept); ``unreadable(folder, exc)`` the problem of a folder that
    cannot be listed; ``check(item)`` (optional) the problems that keep an item out, reported
    after those of the files. Build it once and call ``refresh()`` before use: it reads again
    only the files that were added or changed. Readers see the old or the new shelf, whole.
    """

    def __init__(
        self,
        folder: str | Path,
        read: Callable[[Path], tuple[Sequence[T], Sequence[SourceError]]],
        *,
        ident: Callable[[T], str],
        order: Callable[[T], Any],
        duplicate: Callable[[T, T], SourceError],
        unreadable: Callable[[str, OSError], SourceError] | None = None,
        check: Callable[[T], Sequence[SourceError]] | None = None,
    ) -> None:
        self.folder = Path(folder)
        self._read = read
        self._ident = ident
        self._order = order
        self._duplicate = duplicate
        self._unreadable = unreadable
        self._check = check
        self._files: dict[str, _File[T]] = {}
        self._checked: dict[int, tuple[T, tuple[SourceError, ...]]] = {}
        self._shelf: _Shelf[T] = _Shelf(None, (), (), {})
        self._lock = threading.Lock()
        self._looked = float("-inf")  # when the folder was last listed (time.monotonic)

    def refresh(self, within: float = 0.0) -> Self:
        """Read the folder again if a file was added, removed or changed; returns ``self``.
        With ``within``, a folder listed less than ``within`` seconds ago is not listed again
        (a server that serves many pages a second need not look at every file for each)."""
        now = time.monotonic()
        if within > 0 and self._shelf.signature and now - self._looked < within:
            return self
        self._looked = now
        try:
            files = _stamps(yaml_files(self.folder))
        except OSError as exc:
            errors = (self._unreadable(str(self.folder), exc),) if self._unreadable else ()
            self._shelf = _Shelf(None, (), errors, {})
            return self
        signature = tuple((path.name, mtime, size) for path, mtime, size in files)
        if signature == self._shelf.signature and signature:
            return self
        with self._lock:
            self._shelf = self._gather(files, signature)
        return self

    def _gather(self, files: Sequence[tuple[Path, int, int]], signature: Signature) -> _Shelf[T]:
        items: list[T] = []
        errors: list[SourceError] = []
        seen: dict[str, T] = {}
        entries: dict[str, _File[T]] = {}
        for path, mtime, size in files:
            name = str(path)
            entry = self._files.get(name)
            if entry is None or (entry.mtime_ns, entry.size) != (mtime, size):
                found, errs = self._read_safely(path)
                entry = _File(mtime, size, tuple(found), tuple(self._shown(e) for e in errs))
            entries[name] = entry
            errors.extend(entry.errors)
            for item in entry.items:
                key = self._ident(item)
                if key in seen:
                    errors.append(self._shown(self._duplicate(item, seen[key])))
                    continue
                seen[key] = item
                items.append(item)
        self._files = entries
        if self._check is not None:
            checked: dict[int, tuple[T, tuple[SourceError, ...]]] = {}
            kept = []
            for item in items:
                done = self._checked.get(id(item))
                problems = done[1] if done is not None and done[0] is item else None
                if problems is None:
                    problems = tuple(self._shown(e) for e in self._check_safely(item))
                checked[id(item)] = (item, problems)
                errors.extend(problems)
                if not problems:
                    kept.append(item)
            self._checked, items = checked, kept
        ordered = tuple(sorted(items, key=self._order))
        return _Shelf(signature, ordered, tuple(errors), {self._ident(i): i for i in ordered})

    def _shown(self, err: SourceError) -> SourceError:
        """The error as the app may show it: files named relative to the folder, never by the
        server's path."""
        return err.without(str(self.folder) + os.sep)

    def _read_safely(self, path: Path) -> tuple[Sequence[T], Sequence[SourceError]]:
        """``read(path)``; a fault of the reader is that file's problem, never the others'."""
        try:
            return self._read(path)
        except Exception as exc:
            _LOG.exception("%s could not be read", path)
            return (), (_fault(str(path), exc),)

    def _check_safely(self, item: T) -> Sequence[SourceError]:
        """``check(item)``; a fault of the check keeps that item out, and only that one."""
        assert self._check is not None
        try:
            return self._check(item)
        except Exception as exc:
            _LOG.exception("%s could not be checked", self._ident(item))
            return (_fault(str(getattr(item, "source", "") or self.folder), exc),)

    @property
    def items(self) -> tuple[T, ...]:
        """The items, sorted."""
        return self._shelf.items

    @property
    def errors(self) -> tuple[SourceError, ...]:
        """The problems of the files, then those of the items kept out."""
        return self._shelf.errors

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self._ident(i) for i in self._shelf.items)

    def get(self, item_id: str | None) -> T | None:
        return self._shelf.by_id.get(item_id) if item_id else None

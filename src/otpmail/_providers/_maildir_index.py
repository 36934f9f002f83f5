"""The listing of one Maildir (or ``.eml`` folder), in delivery order, kept between reads.

Maildir file names start with the delivery time, so the listing is sorted newest first from
names alone; a Maildir file's identity is its inode, which survives the ``new/`` → ``cur/``
rename. While the folders' modification times are unchanged (and settled), the last listing
is reused, so an idle poll costs a ``stat`` of ``new/`` and ``cur/``. Why, and the limits of
each shortcut: docs/internals.md, ``_providers/_maildir_index.py``.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final, NamedTuple

from otpmail._core._config import not_configured

EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
SETTLE_NS: Final = 100_000_000
"""How old a folder's modification time must be before an unchanged time is taken to
mean an unchanged folder: ten ticks of the coarsest kernel clock that stamps file times."""
SETTLE_WHOLE_SECONDS_NS: Final = 2_000_000_000
"""The same on a file system that stores whole seconds (FAT stores two)."""
_COLON = ":"  # mailbox.Maildir.colon on POSIX: the unique name ends before it
_STAMP = re.compile(r"(?P<sec>\d{9,11})\.(?:M(?P<usec>\d{1,6})P|[^.]*)")
_CHUNK = 256
"""Stamped names put in order at a time: a read that stops at the newest match orders
this many (and the rest of their second), a whole scan orders them in fewer steps."""
# Below 2**31 s a float of seconds and microseconds is exact to well under a microsecond,
# so the integer below equals what datetime.fromtimestamp makes of it.
_EXACT_SECONDS = 2**31

Identity = int | tuple[int, int, int]
"""An inode, or inode, size and modification time (ns)."""
Message = tuple[int, str, str, Identity]
"""A listed message file: delivery time (µs since the epoch), id, path, identity."""


def stamp_time(name: str) -> datetime | None:
    """The delivery time encoded at the start of a Maildir file name, if any."""
    match = _STAMP.match(name)
    if not match:
        return None
    seconds = int(match["sec"]) + int(match["usec"] or 0) / 1_000_000
    return datetime.fromtimestamp(seconds, tz=UTC)


def micros_of(moment: datetime) -> int:
    """Microseconds since the epoch: exact for every aware datetime."""
    return (moment - EPOCH) // timedelta(microseconds=1)


def moment_of(micros: int) -> datetime:
    """The inverse of :func:`micros_of`."""
    return EPOCH + timedelta(microseconds=micros)


def _standard(name: str) -> bool:
    """Whether ``name`` starts with ten ASCII digits and a dot: a stamp whose seconds
    order as the text does."""
    seconds = name[:10]
    return name[10:11] == "." and seconds.isascii() and seconds.isdigit()


def delivery_micros(name: str) -> int | None:
    """:func:`stamp_time` as microseconds since the epoch, without building a datetime
    (nor, for ten digits and a dot, running the pattern)."""
    if _standard(name):
        seconds = int(name[:10])
        if seconds < _EXACT_SECONDS:
            usec = 0
            if name[11:12] == "M":
                end = name.find("P", 12, 19)
                digits = name[12:end] if end > 12 else ""
                if digits.isdecimal():  # what \d matches in a str pattern
                    usec = int(digits)
            return seconds * 1_000_000 + usec
    match = _STAMP.match(name)
    if not match:
        return None
    seconds = int(match["sec"])
    if seconds >= _EXACT_SECONDS:
        moment = stamp_time(name)
        return None if moment is None else micros_of(moment)
    return seconds * 1_000_000 + int(match["usec"] or 0)


def _settle(mtime_ns: int) -> int:
    return SETTLE_WHOLE_SECONDS_NS if mtime_ns % 1_000_000_000 == 0 else SETTLE_NS


def _mtime_ns(folder: Path) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


def _newest_first(messages: Iterable[Message | None], last_folder: str) -> list[Message]:
    """One message per id (a file in the last folder, ``cur/``, wins), newest first."""
    chosen: dict[str, Message] = {}
    for message in messages:
        if message is None:
            continue
        key = message[1]
        if key not in chosen or message[2].startswith(last_folder):
            chosen[key] = message
    # Ids are distinct here, so comparing whole tuples compares (time, id) and no further.
    return sorted(chosen.values(), reverse=True)


class Listing:
    """One listing of the folders; iterating it gives its messages newest first."""

    def __init__(
        self,
        items: list[os.DirEntry[str]],
        folders: tuple[Path, ...],
        maildir: bool,
        check: Callable[[], None],
    ) -> None:
        self._maildir = maildir
        self._last_folder = os.fspath(folders[-1]) + os.sep
        self._items = items
        self._check = check
        self._ids: frozenset[str] | None = None
        self._done: list[Message] = []
        self._next: Iterator[list[Message]] | None = None
        self.complete = False
        """Whether the order has been built to its end (every file was reached)."""

    def _prepare(self) -> Iterator[list[Message]]:
        """Start building the order: sort the stamped names, order the rest. Done when a
        scan first needs the order (a wait's poll never does)."""
        standard: list[os.DirEntry[str]] = []
        rest: list[os.DirEntry[str]] = []
        for item in self._items:
            (standard if self._maildir and _standard(item.name) else rest).append(item)
        standard.sort(key=lambda item: item.name)
        built = []
        for number, item in enumerate(rest):
            if number % 1024 == 1023:
                self._check()
            built.append(self._message(item))
        return self._generate(standard, _newest_first(built, self._last_folder))

    def __iter__(self) -> Iterator[Message]:
        if self.complete:
            return iter(self._done)
        return self._walk()

    def _walk(self) -> Iterator[Message]:
        if self._next is None:
            self._next = self._prepare()
        done = self._done
        position = 0
        while True:
            while position < len(done):
                yield done[position]
                position += 1
            chunk = next(self._next, None)
            if chunk is None:
                self.complete = True
                return
            done.extend(chunk)

    @property
    def ordered(self) -> list[Message]:
        """The messages newest first, as far as a scan has built the order (all of them
        once :attr:`complete`)."""
        return self._done

    def __len__(self) -> int:
        """How many directory entries were listed (message files and others)."""
        return len(self._items)

    @property
    def ids(self) -> frozenset[str]:
        """The id of every message file listed."""
        if self._ids is None:
            if self._maildir:  # the common case without a call per name
                keys = (item.name.partition(_COLON)[0] for item in self._items)
                ids = frozenset(keys)
                if any(key.startswith(".") for key in ids):
                    ids = frozenset(key for key in ids if not key.startswith("."))
                self._ids = ids
            else:
                self._ids = frozenset(
                    key for item in self._items if (key := self._key(item.name)) is not None
                )
        return self._ids

    def messages(self, keys: set[str]) -> list[Message]:
        """The messages of ``keys``, newest first."""
        if self._maildir:
            chosen = [item for item in self._items if item.name.partition(_COLON)[0] in keys]
        else:
            chosen = [item for item in self._items if self._key(item.name) in keys]
        return _newest_first(map(self._message, chosen), self._last_folder)

    def _key(self, name: str) -> str | None:
        if self._maildir:
            return None if name.startswith(".") else name.split(_COLON, 1)[0]
        return Path(name).stem if name.endswith(".eml") else None

    def _message(self, item: os.DirEntry[str]) -> Message | None:
        """One listed file as a message; ``None`` for what is not a message file."""
        key = self._key(item.name)
        if key is None:
            return None
        try:
            if not item.is_file():
                return None
            micros = delivery_micros(key) if self._maildir else None
            if micros is not None and not item.is_symlink():
                return (micros, key, item.path, item.inode())
            info = item.stat()
        except OSError:  # removed or moved while listed
            return None
        if micros is None:
            micros = micros_of(datetime.fromtimestamp(info.st_mtime, tz=UTC))
        return (micros, key, item.path, (info.st_ino, info.st_size, info.st_mtime_ns))

    def _standard_message(self, item: os.DirEntry[str]) -> Message | None:
        """:meth:`_message` for a Maildir name of ten digits and a dot, without what that
        already tells (not hidden, a stamp)."""
        name = item.name
        try:
            if not item.is_file() or item.is_symlink():
                return self._message(item)
            inode = item.inode()
        except OSError:
            return None
        key = name.split(_COLON, 1)[0]
        seconds = int(name[:10])
        if seconds >= _EXACT_SECONDS:
            return self._message(item)
        usec = 0
        if name[11:12] == "M":  # as delivery_micros reads it
            end = name.find("P", 12, 19)
            digits = name[12:end] if end > 12 else ""
            if digits.isdecimal():
                usec = int(digits)
        return (seconds * 1_000_000 + usec, key, item.path, inode)

    def _generate(
        self, standard: list[os.DirEntry[str]], others: list[Message]
    ) -> Iterator[list[Message]]:
        """The messages newest first, :data:`_CHUNK` stamped names (and the rest of their
        second) at a time, the others merged in where their times fall. Whole seconds go
        together, so a chunk's own order is the order of its seconds too."""
        taken = 0
        end = len(standard)
        while end > 0:
            start = max(0, end - _CHUNK)
            second = standard[start].name[:10]
            while start > 0 and standard[start - 1].name[:10] == second:
                start -= 1
            chunk = _newest_first(
                map(self._standard_message, standard[start:end]), self._last_folder
            )
            end = start
            if taken < len(others):
                merged: list[Message] = []
                for message in chunk:
                    while taken < len(others) and (others[taken][0], others[taken][1]) > (
                        message[0],
                        message[1],
                    ):
                        merged.append(others[taken])
                        taken += 1
                    merged.append(message)
                chunk = merged
            yield chunk
        if taken < len(others):
            yield others[taken:]


class MaildirIndex:
    """The listing of the mailbox at ``root``, taken again only when it may have changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.listing: Listing | None = None
        self.listings = 0
        """How many times the folders were read (for tests and the benchmark)."""
        self._trusted: tuple[tuple[Path, ...], tuple[int | None, ...]] | None = None
        self._polled: _Polled | None = None

    def _folders(self) -> tuple[tuple[Path, ...], bool]:
        if not self.root.is_dir():
            raise not_configured(f"maildir {self.root} does not exist or is not a folder")
        subs = tuple(self.root / sub for sub in ("new", "cur"))
        existing = tuple(folder for folder in subs if folder.is_dir())
        if existing:
            return existing, True
        return (self.root,), False

    def refresh(self, check: Callable[[], None]) -> Listing:
        """The listing: the last one while the folders have not changed (a ``stat`` of
        each), else a new one. ``check`` is the caller's deadline."""
        folders, maildir = self._folders()
        times = tuple(_mtime_ns(folder) for folder in folders)
        if self.listing is not None and maildir and self._trusted == (folders, times):
            return self.listing
        started = time.time_ns()
        items: list[os.DirEntry[str]] = []
        for folder in folders:
            check()
            with os.scandir(folder) as listing:
                items.extend(listing)
        self.listing = Listing(items, folders, maildir, check)
        self.listings += 1
        settled = all(t is not None and started - t > _settle(t) for t in times)
        self._trusted = (folders, times) if maildir and settled else None
        return self.listing

    def poll(self, check: Callable[[], None]) -> tuple[frozenset[str], dict[str, Message]]:
        """The ids of the message files now, and the messages of the files added since
        the last poll, by id: what a wait's change feed needs, from the folders' names
        alone (``os.listdir``, cheaper than a listing for a search), or from nothing but
        their times while those have not changed."""
        folders, maildir = self._folders()
        times = tuple(_mtime_ns(folder) for folder in folders)
        last = self._polled
        if last is not None and last.trusted and (last.folders, last.times) == (folders, times):
            return last.ids, {}
        started = time.time_ns()
        before = last if last is not None and last.folders == folders else None
        names = []
        for number, folder in enumerate(folders):
            if before and before.settled[number] and before.times[number] == times[number]:
                names.append(before.names[number])  # unchanged: a delivery to new/ alone
                continue
            check()
            names.append(frozenset(os.listdir(folder)))
        key = _maildir_key if maildir else _eml_key
        added: dict[str, Message] = {}
        if before is not None:
            changed = [
                (folder, old, now)
                for folder, old, now in zip(folders, before.names, names, strict=True)
                if old is not now
            ]
            new = [(folder, name) for folder, old, now in changed for name in now - old]
            # Names kept + names added = names now: any shortfall is a name gone.
            gone = sum(len(old) - len(now) for _, old, now in changed) + len(new) > 0
            if gone:  # a removal or a move: count the ids again
                ids = _ids(names, key)
            else:
                ids = before.ids | {k for _, name in new if (k := key(name)) is not None}
            for folder, name in new:
                message = _message_at(folder, name, key(name), maildir)
                if message is not None:
                    added[message[1]] = message
        else:
            ids = _ids(names, key)
        settled = tuple(t is not None and started - t > _settle(t) for t in times)
        self._polled = _Polled(folders, times, tuple(names), ids, settled)
        return ids, added


class _Polled(NamedTuple):
    folders: tuple[Path, ...]
    times: tuple[int | None, ...]
    names: tuple[frozenset[str], ...]
    ids: frozenset[str]
    settled: tuple[bool, ...]
    """Per folder: whether its time was old enough, when read, to stand for its names."""

    @property
    def trusted(self) -> bool:
        return all(self.settled)


def _maildir_key(name: str) -> str | None:
    return None if name.startswith(".") else name.partition(_COLON)[0]


def _eml_key(name: str) -> str | None:
    return Path(name).stem if name.endswith(".eml") else None


def _ids(names: list[frozenset[str]], key: Callable[[str], str | None]) -> frozenset[str]:
    return frozenset(k for folder in names for name in folder if (k := key(name)) is not None)


def _message_at(folder: Path, name: str, key: str | None, maildir: bool) -> Message | None:
    """A file named in a poll, as :meth:`Listing._message` sees it (same identity)."""
    if key is None:
        return None
    path = os.path.join(folder, name)
    try:
        link = os.lstat(path)
        info = os.stat(path) if stat.S_ISLNK(link.st_mode) else link
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    micros = delivery_micros(key) if maildir else None
    if micros is not None and not stat.S_ISLNK(link.st_mode):
        return (micros, key, path, link.st_ino)
    if micros is None:
        micros = micros_of(datetime.fromtimestamp(info.st_mtime, tz=UTC))
    return (micros, key, path, (info.st_ino, info.st_size, info.st_mtime_ns))

"""A waiting process's side: the change feed its poll engine reads, answered by the
machine's watcher of the mailbox instead of by the provider (docs/fleets.md).

The first process that needs the mailbox takes the lock and runs the watcher (a
:class:`~otpmail._sharing._hub.Hub`, in a thread); every process, that one included,
connects to it over the Unix socket. A process that loses its watcher (it exited or was
killed: the socket ends) takes the lock itself or connects to whoever did, and goes on
from the provider cursor its token carries: nothing is lost, and what comes twice is
dropped by id in its own stream.

Sharing that cannot be used safely (a runtime directory that is not private, a peer of
another user, a watcher in this process built on another provider object) falls back to
this process's own provider, exactly as without sharing.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import os
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, NoReturn

from otpmail._core._errors import OtpmailError
from otpmail._core._retry import remaining
from otpmail._sharing._codec import (
    FrameError,
    cursor_from_json,
    email_from_json,
    error_from_json,
    frame,
    read_frame,
)
from otpmail._sharing._hub import Hub, PollPolicy
from otpmail._sharing._runtime import (
    Place,
    SharingRefused,
    peer_allowed,
    peer_uid,
    place_for,
    try_lock,
)

if TYPE_CHECKING:
    from otpmail._decoding import Email
    from otpmail._providers._base import ChangeFeed

log = logging.getLogger("otpmail.sharing")

TAKEOVER_PATIENCE = 10.0
"""Seconds a process keeps trying to reach (or become) the watcher before it fails the
request (within its own deadline, which is usually shorter)."""

HANDOVER_PATIENCE = 5.0
"""Seconds an exiting process waits for its watcher's request in flight to finish."""

_hubs: dict[str, Hub] = {}
"""The watchers running in this process, by lock path."""
_hubs_lock = threading.Lock()


def _forget_hubs() -> None:
    for hub in _hubs.values():
        hub.forget_lock()
    _hubs.clear()


def release(provider: object) -> None:
    """Hand over the watchers of this process that poll with ``provider``, which is about
    to be closed (blocking, up to :data:`HANDOVER_PATIENCE` each): the processes waiting on
    them go on with the next watcher."""
    with _hubs_lock:
        hubs = [hub for hub in _hubs.values() if hub.provider is provider]
    for hub in hubs:
        hub.stop(HANDOVER_PATIENCE)


def _hand_over() -> None:
    """At exit, each watcher of this process hands its mailbox over cleanly."""
    with _hubs_lock:
        hubs = list(_hubs.values())
    for hub in hubs:
        hub.stop(HANDOVER_PATIENCE)


os.register_at_fork(after_in_child=_forget_hubs)
atexit.register(_hand_over)


class _Lost(Exception):
    """The connection to the watcher ended."""


class _Unshared(Exception):
    """Sharing cannot be used here: poll with this process's own provider."""


class _Connection:
    """One socket to the watcher; requests carry an id and may overlap."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self.closed = False
        self._task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                answer = await read_frame(self._reader)
                future = self._pending.pop(answer.get("id"), None)  # type: ignore[arg-type]
                if future is not None and not future.done():
                    future.set_result(answer)
        except (asyncio.IncompleteReadError, ConnectionError, FrameError, OSError):
            pass
        finally:
            self.close()

    async def call(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.closed:
            raise _Lost
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[number] = future
        try:
            self._writer.write(frame({**request, "id": number}))
            await self._writer.drain()
            return await future
        except (ConnectionError, RuntimeError, OSError):
            raise _Lost from None
        finally:
            self._pending.pop(number, None)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for future in self._pending.values():
            if not future.done():
                future.set_exception(_Lost())
                future.exception()  # its caller may be cancelled before it looks
        self._pending.clear()
        self._writer.close()
        task = self._task
        if task is not asyncio.current_task():
            task.cancel()


class SharedFeed:
    """A :class:`~otpmail._reading._wait.ChangeFeed` answered by the machine's watcher.

    Tokens (its cursors) are places in the watcher's chain and carry the provider cursor
    there, so that a new watcher can go on from them.
    """

    def __init__(
        self,
        provider: ChangeFeed,
        key: str,
        interval: Callable[[], float],
        policy: PollPolicy,
    ) -> None:
        self.provider = provider
        self._key = key
        self._policy = policy
        self._interval = interval
        self._connection: _Connection | None = None
        self._unshared = False
        self._token: dict[str, Any] | None = None

    # -- the change feed ------------------------------------------------------------------

    async def cursor(self) -> object:
        if not self._unshared:
            with contextlib.suppress(_Unshared):
                answer = await self._request({"op": "mark"})
                self._token = answer["token"]
                return answer["token"]
        return await self.provider.cursor()

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        if not self._unshared and isinstance(cursor, dict):
            with contextlib.suppress(_Unshared):
                answer = await self._request(
                    {"op": "changes", "token": cursor, "since": since.isoformat()}
                )
                self._token = answer["token"]
                return [email_from_json(e) for e in answer["emails"]], answer["token"]
        if isinstance(cursor, dict):  # a token, and sharing is off now: its provider cursor
            cursor = cursor_from_json(cursor.get("cursor"))
        return await self.provider.changes(cursor, since, known)

    async def sync(self) -> None:
        """Make the next :meth:`changes` reach a provider poll started after this call
        (the mark of a new waiter on a running stream)."""
        if not self._unshared:
            with contextlib.suppress(_Unshared):
                await self._request({"op": "sync"})

    async def pause(self, delay: float) -> None:
        """Sleep between polls, until ``delay`` has passed or the watcher has new mail."""
        token = self._token
        if self._unshared or token is None:
            await asyncio.sleep(delay)
            return
        try:
            await self._request({"op": "watch", "token": token, "timeout": delay}, retry=False)
        except (_Lost, _Unshared, OtpmailError):
            # The watcher went (or failed): the next poll finds out, and takes over.
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            # The stream stopped (its last waiter left): it is no longer interested.
            self.close()
            raise

    def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    # -- reaching the watcher -------------------------------------------------------------

    async def _request(self, request: dict[str, Any], *, retry: bool = True) -> dict[str, Any]:
        left = remaining()
        request = {**request, "interval": self._interval(), "deadline": left}
        give_up = time.monotonic() + TAKEOVER_PATIENCE
        pause = 0.005
        while True:
            try:
                connection = await self._connect()
                answer = await connection.call(request)
            except _Lost:
                self._connection = None
                if not retry:
                    raise
                if time.monotonic() > give_up:
                    # Retryable: the stream polls again, within its waiters' timeouts.
                    raise OtpmailError(
                        "network_error", "this machine's watcher of the mailbox did not answer"
                    ) from None
                await asyncio.sleep(pause)
                pause = min(pause * 2, 0.2)
                continue
            except asyncio.CancelledError:
                self.close()
                raise
            error = answer.get("error")
            if isinstance(error, dict):
                raise error_from_json(error)
            return answer

    async def _connect(self) -> _Connection:
        connection = self._connection
        if connection is not None and not connection.closed:
            return connection
        try:
            place = place_for(self._key)
        except SharingRefused as exc:
            self._refuse(str(exc))
        await self._become_watcher(place)
        try:
            reader, writer = await asyncio.open_unix_connection(str(place.socket))
        except (FileNotFoundError, ConnectionRefusedError):
            raise _Lost from None
        except OSError as exc:
            self._refuse(f"cannot reach the watcher ({exc.strerror})")
        if not peer_allowed(peer_uid(writer.get_extra_info("socket"))):
            writer.close()
            self._refuse("the watcher's socket belongs to another user")
        self._connection = _Connection(reader, writer)
        return self._connection

    async def _become_watcher(self, place: Place) -> None:
        """Run the watcher here if nobody holds the lock."""
        key = os.fspath(place.lock)
        with _hubs_lock:
            hub = _hubs.get(key)
        if hub is not None:
            if hub.provider is not self.provider:
                # Another Reader of this process: its provider may differ (tests plug in
                # other transports), so this one polls on its own, as before.
                self._refuse("this process already watches the mailbox with another client")
            return
        fd = try_lock(place.lock)
        if fd is None:
            return
        hub = Hub(self.provider, self._policy, place, fd, _forget)
        with _hubs_lock:
            _hubs[key] = hub
        try:
            await asyncio.to_thread(hub.start)
        except OSError as exc:
            self._refuse(f"cannot start the watcher ({exc.strerror or type(exc).__name__})")

    def _refuse(self, why: str) -> NoReturn:
        log.warning("mailbox sharing off for this stream: %s", why)
        self._unshared = True
        raise _Unshared


def _forget(hub: Hub) -> None:
    with _hubs_lock:
        key = os.fspath(hub.place.lock)
        if _hubs.get(key) is hub:
            del _hubs[key]

"""The watcher: the one process of a machine that polls one mailbox, for every process
that waits on it (docs/fleets.md).

The watcher runs in a thread of its own with its own event loop, so that it serves the
other processes whatever its own process's loops do. It keeps a *chain*: the provider
cursor after each poll, and the emails each poll brought (fetched once, here). A waiting
process holds a token, a place in the chain; "what is new since my token" is answered
from the chain, without a provider call. Three things do call the provider, one at a
time (``io``), so at most one request per mailbox is in flight on the machine:

- the poll loop, every poll interval (the fastest any subscriber asked for) while any
  subscriber is interested, or at once when woken (:meth:`Hub.wake_up`: a new mark, or a
  notification source such as Gmail push);
- a *mark* on an idle mailbox (the provider's cursor), which starts a chain;
- a *resume*: a token of a chain this watcher does not hold (its watcher died), answered
  with the provider's changes since the cursor the token carries.

A mark on a running chain is the end of a poll that *starts* after the mark was asked
for: what arrived before it never counts as new, as for a lone process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from otpmail._core._errors import OtpmailError
from otpmail._core._retry import DEFAULT_DEADLINE, backoff, within
from otpmail._providers._base import PollSchedule
from otpmail._sharing._codec import (
    FrameError,
    cursor_from_json,
    cursor_to_json,
    email_to_json,
    error_to_json,
    frame,
    read_frame,
)
from otpmail._sharing._runtime import Place, peer_allowed, peer_uid

if TYPE_CHECKING:
    from otpmail._providers._base import ChangeFeed

log = logging.getLogger("otpmail.sharing")

LEASE = 1.0
"""Seconds (plus two poll intervals) a subscriber stays interested after its last request."""
IDLE_EXIT = 5.0
"""Seconds a watcher with no subscriber and no chain keeps its lock before it exits."""


@dataclass(frozen=True)
class PollPolicy:
    """How the poll engine polls (``otpmail._reading._wait`` owns the values): a watcher
    polls for other processes as each would have polled alone."""

    min_interval: float
    """Never poll more often than this."""
    max_backoff: float
    """The longest pause after failed polls, unless the provider asks for longer."""
    skew: timedelta
    """How far back a fallback search looks when no waiter names a ``since``."""
    ends_a_wait: frozenset[str]
    """Retryable error codes that still end every wait (a quota spent for the day)."""
    default_interval: float = 2.0


@dataclass(eq=False)
class _Subscriber:
    """One connected process (one of its event loops)."""

    writer: asyncio.StreamWriter
    interested_until: float = 0.0
    pending: int = 0
    """Requests of it being answered: it is interested while it waits for one."""
    interval: float = 2.0
    deadline_at: float | None = None
    """When its latest call's deadline ends (``time.monotonic()``): a poll for it need not
    outlast it, as a lone process's poll does not outlast its waits."""
    since: datetime | None = None
    tasks: set[asyncio.Task[None]] = field(default_factory=set)


class _Stopping(Exception):
    """The watcher is handing over: a request is left unanswered, and its process asks
    the next watcher."""


class ChainBroken(OtpmailError):
    """The chain a request waited on ended (its poll loop failed for good)."""


class Hub:
    """The machine's one poller of one mailbox (see the module docstring)."""

    def __init__(
        self,
        provider: ChangeFeed,
        policy: PollPolicy,
        place: Place,
        lock_fd: int,
        on_exit: Callable[[Hub], None],
    ) -> None:
        self.provider = provider
        self.policy = policy
        self.place = place
        self._lock_fd: int | None = lock_fd
        self._on_exit = on_exit
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="otpmail-watcher", daemon=True)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.alive = False
        # The chain (loop-side state).
        self.chain: str | None = None
        self.head: object = None
        self.polls = 0
        """Polls done in this chain: the index of ``head``."""
        self.started = 0
        """Polls started in this chain."""
        self.entries: list[tuple[int, list[dict[str, Any]]]] = []
        """(poll index, the emails it brought, encoded once) for the polls that brought mail."""
        self.seen: set[str] = set()
        self.broken: dict[str, OtpmailError] = {}
        self.subscribers: set[_Subscriber] = set()

    # -- life ---------------------------------------------------------------------------

    def start(self) -> None:
        """Bind the socket and serve; returns once subscribers can connect."""
        self._thread.start()
        self._ready.wait(10)
        if self._start_error is not None:
            raise self._start_error
        if not self.alive:
            raise OSError("the watcher did not start")

    def wake_up(self) -> None:
        """Poll now (thread-safe). The seam for a notification source (Gmail push): a
        notification is a hint to poll, never a message itself."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake_event().set)

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        finally:
            self.alive = False
            self._release()
            self._ready.set()

    def _release(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.place.socket)
        fd, self._lock_fd = self._lock_fd, None
        self._on_exit(self)
        if fd is not None:
            os.close(fd)

    def forget_lock(self) -> None:
        """In a forked child: this process does not run the watcher; close its copy of the
        lock descriptor (the parent's stays, and so does the lock)."""
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._changed = asyncio.Condition()
        self._io = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.place.socket)  # a dead watcher's
            server = await asyncio.start_unix_server(self._connection, path=str(self.place.socket))
            os.chmod(self.place.socket, 0o600)
        except BaseException as exc:
            self._start_error = exc
            return
        self.alive = True
        self._ready.set()
        async with server:
            idle_since = time.monotonic()
            while not self._stopping.is_set():
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(1.0, IDLE_EXIT / 4)):
                        await self._stopping.wait()
                if self.subscribers or self.chain is not None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since >= IDLE_EXIT:
                    break
            self.alive = False
            # Unlink before the lock goes: a new watcher binds the path afresh.
            self._release()
            for subscriber in list(self.subscribers):
                subscriber.writer.close()

    def stop(self, timeout: float) -> None:
        """Hand the mailbox over (this process is exiting): let the request in flight
        finish, so that the next watcher's first request does not overlap it, then close
        the socket and release the lock. Thread-safe; waits at most ``timeout`` seconds."""
        loop = self._loop
        if loop is None or loop.is_closed() or not self.alive:
            return
        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(self._handover(), loop)
        self._thread.join(timeout)

    async def _handover(self) -> None:
        async with self._io:  # held to the end: no request starts after this one
            task = self._task
            if task is not None:
                task.cancel()
            self._stopping.set()
            await asyncio.sleep(3600)

    def _wake_event(self) -> asyncio.Event:
        return self._wake

    # -- connections ----------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not peer_allowed(peer_uid(writer.get_extra_info("socket"))):
            log.warning("refused a watcher connection from another user")
            writer.close()
            return
        subscriber = _Subscriber(writer)
        self.subscribers.add(subscriber)
        try:
            while True:
                request = await read_frame(reader)
                task = asyncio.create_task(self._answer(subscriber, request))
                subscriber.tasks.add(task)
                task.add_done_callback(subscriber.tasks.discard)
        except (asyncio.IncompleteReadError, ConnectionError, FrameError):
            pass
        except asyncio.CancelledError:
            pass  # the watcher is stopping: this connection ends with it
        finally:
            self.subscribers.discard(subscriber)
            for task in list(subscriber.tasks):
                task.cancel()
            # A poll in flight is let finish (within its budget, the subscribers' latest
            # deadline): cancelled, it would go on at the provider beside the next one.
            writer.close()

    async def _answer(self, subscriber: _Subscriber, request: dict[str, Any]) -> None:
        number = request.get("id")
        self._note(subscriber, request)
        subscriber.pending += 1
        try:
            answer = await self._dispatch(subscriber, request)
        except _Stopping:
            return
        except OtpmailError as exc:
            if self._stopping.is_set():
                return  # a failure of the handover (its provider closed), not the mailbox's
            answer = {"error": error_to_json(exc)}
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never leave a subscriber hanging on a bug
            log.error("watcher failed on %s (%s)", request.get("op"), type(exc).__name__)
            answer = {"error": {"code": "request_failed", "message": "the watcher failed"}}
        finally:
            subscriber.pending -= 1
            subscriber.interested_until = self._lease(subscriber)
        with contextlib.suppress(ConnectionError, RuntimeError):
            subscriber.writer.write(frame({"id": number, **answer}))
            await subscriber.writer.drain()

    def _note(self, subscriber: _Subscriber, request: dict[str, Any]) -> None:
        interval = request.get("interval")
        if isinstance(interval, int | float) and interval > 0:
            subscriber.interval = max(float(interval), self.policy.min_interval)
        deadline = request.get("deadline")
        if isinstance(deadline, int | float):
            subscriber.deadline_at = time.monotonic() + max(0.0, float(deadline))
        since = request.get("since")
        if isinstance(since, str):
            with contextlib.suppress(ValueError):
                subscriber.since = datetime.fromisoformat(since)
        subscriber.interested_until = self._lease(subscriber)

    def _lease(self, subscriber: _Subscriber) -> float:
        return time.monotonic() + LEASE + 2 * subscriber.interval

    async def _dispatch(self, subscriber: _Subscriber, request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        if op == "mark":
            await self._fresh(subscriber)
            return {"token": self._token()}
        if op == "sync":
            await self._fresh(subscriber)
            return {}
        if op == "changes":
            return await self._changes(subscriber, request.get("token"))
        if op == "watch":
            return await self._watch(subscriber, request.get("token"), request.get("timeout"))
        raise OtpmailError("invalid_argument", "unknown watcher request")

    # -- the chain ----------------------------------------------------------------------

    def _token(self) -> dict[str, Any]:
        return {"chain": self.chain, "n": self.polls, "cursor": cursor_to_json(self.head)}

    def _since(self, n: int) -> list[dict[str, Any]]:
        return [e for index, emails in self.entries if index > n for e in emails]

    def _interval(self) -> float:
        wanted = [s.interval for s in self.subscribers if s.interested_until > time.monotonic()]
        return min(wanted, default=self.policy.default_interval)

    def _budget(self) -> float:
        """Seconds one provider call may take: until the latest deadline of a subscriber's
        call (each waiter's call deadline, cut at its timeout), as alone."""
        ends = [s.deadline_at for s in self.subscribers if s.deadline_at is not None]
        return max(0.0, max(ends) - time.monotonic()) if ends else DEFAULT_DEADLINE

    def _earliest_since(self) -> datetime:
        times = [s.since for s in self.subscribers if s.since is not None]
        return min(times) if times else datetime.now(UTC) - self.policy.skew

    def _interested(self) -> bool:
        now = time.monotonic()
        return any(s.pending or s.interested_until > now for s in self.subscribers)

    async def _begin(self, cursor: object = None) -> bool:
        """Start a chain at ``cursor`` (else at the provider's cursor now); False if
        another request started one meanwhile."""
        async with self._io:
            if self.chain is not None:
                return False
            if cursor is None:
                cursor = await within(
                    self._budget(), "watcher mark", self.provider.cursor, within_caller=False
                )
            self.chain = secrets.token_hex(8)
            self.head, self.polls, self.started = cursor, 0, 0
            self.entries, self.seen = [], set()
        self._task = asyncio.get_running_loop().create_task(self._run(self.chain))
        return True

    async def _fresh(self, subscriber: _Subscriber) -> None:
        """Return once a poll that started after this call is done (or a new chain began
        after it): the chain's head is then a mark of "now"."""
        if self.chain is None and await self._begin():
            return
        chain = self.chain
        need = self.started + 1
        self._wake.set()
        async with self._changed:
            await self._changed.wait_for(lambda: self.chain != chain or self.polls >= need)
        if self.chain != chain:
            if self._stopping.is_set():
                raise _Stopping
            raise self._broken(chain)

    def _broken(self, chain: str | None) -> OtpmailError:
        return self.broken.get(chain or "") or ChainBroken(
            "request_failed", "the machine's watcher stopped polling"
        )

    async def _changes(self, subscriber: _Subscriber, token: object) -> dict[str, Any]:
        if not isinstance(token, dict):
            raise OtpmailError("invalid_argument", "bad watcher token")
        chain, n = token.get("chain"), token.get("n")
        if chain == self.chain and isinstance(n, int) and 0 <= n <= self.polls:
            return {"emails": self._since(n), "token": self._token()}
        if isinstance(chain, str) and chain in self.broken:
            raise self.broken[chain]
        return await self._resume(subscriber, cursor_from_json(token.get("cursor")))

    async def _resume(self, subscriber: _Subscriber, cursor: object) -> dict[str, Any]:
        """A token of a chain this watcher does not hold: its watcher died (or stopped).
        Continue from the provider cursor it carries, so nothing is lost; what the
        subscriber already had comes again, and its stream drops it by id."""
        if cursor is None:
            raise OtpmailError("request_failed", "the watcher cannot resume this wait")
        if self.chain is None and await self._begin(cursor):
            await self._fresh(subscriber)
            return {"emails": self._since(0), "token": self._token()}
        # The chain's head, after a poll started now, is later than the cursor; the
        # changes since the cursor, asked for after it, reach past the head.
        await self._fresh(subscriber)
        async with self._io:
            token = self._token()
            emails, _ = await within(
                self._budget(),
                "watcher resume",
                lambda: self.provider.changes(cursor, self._earliest_since(), set()),
                within_caller=False,
            )
        return {"emails": [email_to_json(e) for e in emails], "token": token}

    async def _watch(
        self, subscriber: _Subscriber, token: object, timeout: object
    ) -> dict[str, Any]:
        """Return when mail newer than ``token`` is in the chain (or the chain ended), or
        after ``timeout`` seconds."""
        if not isinstance(token, dict) or not isinstance(timeout, int | float):
            raise OtpmailError("invalid_argument", "bad watcher request")
        chain, n = token.get("chain"), token.get("n")
        n = n if isinstance(n, int) else 0

        def news() -> bool:
            return self.chain != chain or any(index > n for index, _ in self.entries)

        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, float(timeout))):
                    await self._changed.wait_for(news)
        return {"news": news()}

    # -- the poll loop --------------------------------------------------------------------

    async def _poll(self) -> None:
        async with self._io:
            self.started += 1
            emails, self.head = await self.provider.changes(
                self.head, self._earliest_since(), self.seen
            )
            fresh = [e for e in emails if e.id not in self.seen]
            self.seen.update(e.id for e in fresh)
            self.polls += 1
            if fresh:
                self.entries.append((self.polls, [email_to_json(e) for e in fresh]))
        async with self._changed:
            self._changed.notify_all()

    async def _run(self, chain: str) -> None:
        failures = 0
        try:
            while self.chain == chain and self._interested():
                started = time.monotonic()
                try:
                    await within(self._budget(), "poll", self._poll, within_caller=False)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if self._stopping.is_set():
                        return  # handing over: the next watcher goes on from the tokens
                    failure = _as_poll_failure(exc)
                    if not failure.retryable or failure.code in self.policy.ends_a_wait:
                        await self._end(chain, failure)
                        return
                    failures += 1
                    self.started = self.polls  # the failed poll brought nothing
                    # Retry-After holds for every waiter on the machine: nobody polls
                    # before it has passed, not even a new mark.
                    delay = max(
                        backoff(failures + 1, self._interval(), self.policy.max_backoff),
                        failure.retry_after or 0.0,
                    )
                    log.info("watcher poll failed (%s); next poll in %.1fs", failure.code, delay)
                    await self._pause(delay, wakeable=False)
                    continue
                failures = 0
                elapsed = time.monotonic() - started
                await self._pause(
                    max(self._interval() - elapsed, self.policy.min_interval), wakeable=True
                )
        finally:
            if self.chain == chain and not self.broken.get(chain):
                # Nobody waits any more: no later wait starts from this stale cursor.
                await self._end(chain, None)

    async def _pause(self, delay: float, wakeable: bool) -> None:
        if not wakeable:
            await asyncio.sleep(delay)
            self._wake.clear()
            return
        waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(self._wake.wait())]
        timeout: float | None = delay if math.isfinite(delay) else None
        schedule = getattr(self.provider, "poll_schedule", None)
        if isinstance(schedule, PollSchedule):
            # Gmail push (docs/pubsub.md): the schedule decides when the next poll is due
            # (at once on a notification, else its reconcile or safety poll).
            waits.append(asyncio.ensure_future(schedule.next_poll(delay)))
            timeout = None
        try:
            await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
        self._wake.clear()

    async def _end(self, chain: str, failure: OtpmailError | None) -> None:
        if failure is not None:
            self.broken[chain] = failure
        if self.chain == chain:
            self.chain, self.head, self.entries, self.seen = None, None, [], set()
        async with self._changed:
            self._changed.notify_all()


def _as_poll_failure(exc: Exception) -> OtpmailError:
    """What a failed poll tells the waiters: a provider's error as it is, a bug as
    ``request_failed`` (named by its type only: its text could hold anything)."""
    if isinstance(exc, OtpmailError):
        return exc
    return OtpmailError(
        "request_failed", f"unexpected failure while polling ({type(exc).__name__})"
    )

"""Decoded Gmail messages by id, each fetched at most once while it stays cached.

A message's content never changes, so however many searches and waits ask for an id,
concurrently or not, it is fetched (20 quota units) once: an id another call is fetching
is waited for, and fetched again only if that call stops first. The fetching itself is the
provider's; this module only decides who fetches what.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from otpmail._core._errors import OtpmailError
from otpmail._decoding import Email

Outcome = Email | OtpmailError | None
"""A message decoded (``None`` for mail the mailbox wrote itself), or why not."""
Fetch = Callable[[list[str]], Awaitable[dict[str, Outcome]]]
"""Fetches a batch of ids: each id's outcome."""


class _Interrupted(Exception):
    """The call that was fetching a message for others stopped (cancelled, out of time)
    before it finished; the others fetch it themselves."""


class BodyCache:
    """The ``size`` messages used last, and the fetches in flight; fetched ``batch`` at a
    time. Shared by all of one provider's calls, whatever thread or loop they run on."""

    def __init__(self, size: int, batch: int) -> None:
        self._size = size
        self._batch = batch
        self._done: OrderedDict[str, Email | None] = OrderedDict()
        self._inflight: dict[str, concurrent.futures.Future[Email | None]] = {}
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Forget every decoded message (fetches in flight go on)."""
        with self._lock:
            self._done.clear()

    async def outcomes(self, ids: list[str], fetch: Fetch) -> dict[str, Outcome]:
        """Each id's outcome: from the cache, from another call's fetch, or from ``fetch``."""
        outcomes: dict[str, Outcome] = {}
        todo = list(dict.fromkeys(ids))
        while todo:
            owned: dict[str, concurrent.futures.Future[Email | None]] = {}
            joined: dict[str, concurrent.futures.Future[Email | None]] = {}
            with self._lock:
                for message_id in todo:
                    if message_id in self._done:
                        self._done.move_to_end(message_id)
                        outcomes[message_id] = self._done[message_id]
                    elif message_id in self._inflight:
                        joined[message_id] = self._inflight[message_id]
                    else:
                        owned[message_id] = self._inflight[message_id] = concurrent.futures.Future()

            async def join(
                message_id: str, pending: concurrent.futures.Future[Email | None]
            ) -> str | None:
                """Wait for another call's fetch; the id back if that call stopped first
                (it is fetched here, then)."""
                try:
                    # Shielded: this caller giving up must not cancel the fetch for others.
                    email: Email | None = await asyncio.shield(asyncio.wrap_future(pending))
                    outcomes[message_id] = email
                except _Interrupted:
                    return message_id
                except OtpmailError as exc:
                    outcomes[message_id] = exc
                return None

            _, *left = await asyncio.gather(
                self._fetch_owned(owned, outcomes, fetch),
                *(join(i, f) for i, f in joined.items()),
            )
            todo = [i for i in left if i is not None]
        return outcomes

    async def _fetch_owned(
        self,
        owned: dict[str, concurrent.futures.Future[Email | None]],
        outcomes: dict[str, Outcome],
        fetch: Fetch,
    ) -> None:
        """Fetch the ids this call claimed, a batch at a time, and hand each result to the
        calls waiting for it. One batch at a time: its answer is held and parsed whole (see
        _bounds.batch_response_limit), so a call holds one at most. A read asks for ten
        bodies at a time at most; only the change feed after a long gap asks for more."""
        ids = list(owned)
        try:
            for start in range(0, len(ids), self._batch):
                results = await fetch(ids[start : start + self._batch])
                self._publish(results, owned)
                outcomes.update(results)
        finally:
            # Stopped (cancelled) before every result came: the calls waiting for the rest
            # fetch them themselves.
            stopped = [i for i, f in owned.items() if not f.done()]
            with self._lock:
                for message_id in stopped:
                    self._inflight.pop(message_id, None)
            for message_id in stopped:
                owned[message_id].set_exception(_Interrupted())
                owned[message_id].exception()  # nobody else may be waiting

    def _publish(
        self,
        results: dict[str, Outcome],
        owned: dict[str, concurrent.futures.Future[Email | None]],
    ) -> None:
        with self._lock:
            for message_id, outcome in results.items():
                self._inflight.pop(message_id, None)
                if not isinstance(outcome, OtpmailError):
                    self._done[message_id] = outcome
            while len(self._done) > self._size:
                self._done.popitem(last=False)
        for message_id, outcome in results.items():
            pending = owned[message_id]
            if isinstance(outcome, OtpmailError):
                # This call's deadline is not the message's failure: the calls waiting
                # for it fetch it themselves, within their own.
                shared = _Interrupted() if outcome.code == "deadline_exceeded" else outcome
                pending.set_exception(shared)
                pending.exception()  # nobody else may be waiting
            else:
                pending.set_result(outcome)

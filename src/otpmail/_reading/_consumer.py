"""A consumer: one reader of mail (a test, a job) that must never get the same mail twice."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from otpmail._reading._wait import SKEW_ALLOWANCE
from otpmail._reading._waiting import Query, WaitCalls

if TYPE_CHECKING:
    from otpmail._decoding import Email
    from otpmail._reading._reader import Reader


class Consumer(WaitCalls):
    """A view of a :class:`Reader` that never hands out the same mail twice.

    Its :meth:`wait_for_email` and :meth:`expect_email` take what the Reader's take and
    answer the same envelopes, with two differences:

    - a mail this consumer already got is skipped, and two of its waits running at once
      never settle on the same mail (a mail that comes alone goes to the one that started
      first);
    - a wait's ``since`` defaults to the call minus ten seconds, and never earlier than the
      delivery of the last mail this consumer got with the same ``to``, ``sender`` and
      ``subject``: "resend, then wait" gives the new mail, and send/wait/send/wait gives
      both mails in order.

    The pytest fixture ``otpmail`` keeps one per test. Make one per unit of work::

        consumer = reader.consumer()
        first = await consumer.wait_for_email("qa+signup@example.com", timeout=60)
        await resend()
        second = await consumer.wait_for_email("qa+signup@example.com", timeout=60)
        # second is the resent mail, never the first one again

    Safe to share between the thread of a test and the event loop that serves its waits.
    """

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self._reader = reader
        self._consumer = self
        self._taken: set[tuple[str, str]] = set()
        self._floors: dict[tuple[str, str | None, str | None], datetime] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"Consumer({self.reader!r}, got={len(self._taken)})"

    # What the poll engine asks of a consumer while its waiters decide.

    def __contains__(self, email: object) -> bool:
        """Whether this consumer already got (or one of its waiters took) ``email``."""
        from otpmail._decoding import Email

        if not isinstance(email, Email):
            return False
        with self._lock:
            return (email.account, email.id) in self._taken

    def take(self, email: Email) -> bool:
        """Record ``email`` as handed out; False if it already was."""
        key = (email.account, email.id)
        with self._lock:
            if key in self._taken:
                return False
            self._taken.add(key)
            return True

    def give_back(self, email: Email) -> None:
        """``email`` was taken by a waiter that was then stopped before handing it out."""
        with self._lock:
            self._taken.discard((email.account, email.id))

    def got(self, query: Query, delivered: datetime) -> None:
        """A wait for ``query`` handed out a mail delivered at ``delivered``."""
        key = query.key()
        with self._lock:
            floor = self._floors.get(key)
            self._floors[key] = delivered if floor is None else max(floor, delivered)

    def floor(self, query: Query) -> datetime | None:
        """The default ``since`` of a wait for ``query``: never before the last mail this
        consumer got with it; ``None`` when it got none."""
        with self._lock:
            floor = self._floors.get(query.key())
        if floor is None:
            return None
        return max(datetime.now(UTC) - SKEW_ALLOWANCE, floor)

"""Gmail push: a mailbox's poll stream wakes when Gmail says something changed.

Gmail publishes ``{"emailAddress", "historyId"}`` to a Cloud Pub/Sub topic after
``users.watch``; each machine pulls its own subscription of that topic. A notification is
only a wake-up: the stream then reads ``history.list`` from its own cursor, exactly as a
poll would, so a duplicate, a late or an out-of-order notification changes nothing a waiter
sees. Gmail drops notifications above one a second per mailbox and may delay or lose some
(https://developers.google.com/workspace/gmail/api/guides/push), so :class:`PushSchedule`
also polls once more shortly after each notification (the mail may not be indexed yet when
it arrives) and, while anyone waits, every ``safety_poll_seconds``. If pulling fails, the
stream polls at its ordinary interval until a pull succeeds again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from otpmail._core._config import GmailPush
from otpmail._core._errors import OtpmailError
from otpmail._providers._pubsub import PullSubscription

log = logging.getLogger("otpmail.push")

RENEW_BEFORE = 24 * 3600.0
"""A watch is renewed when it would end within a day: Google asks for a renewal at least
every 7 days and recommends one a day."""
PULL_RETRY = (1.0, 30.0)
"""The first and the longest pause after a failed pull."""


@dataclass(frozen=True)
class Notification:
    """What Gmail publishes: the mailbox and its history id at the change."""

    email_address: str
    history_id: int


def read_notification(data: bytes) -> Notification | None:
    """A Gmail notification from a Pub/Sub message's data, or ``None`` for anything else.

    >>> read_notification(b'{"emailAddress": "qa@example.com", "historyId": 9876}')
    Notification(email_address='qa@example.com', history_id=9876)
    >>> read_notification(b"not json") is None
    True
    """
    try:
        payload = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(payload, dict):
        return None
    address, history = payload.get("emailAddress"), payload.get("historyId")
    if not isinstance(address, str) or isinstance(history, bool):
        return None
    try:
        return Notification(address.strip().lower(), int(str(history)))
    except ValueError:
        return None


def watch_due(expiration_ms: int | None, now: float) -> bool:
    """Whether a watch ending at ``expiration_ms`` (epoch milliseconds; ``None``: not known
    to this process) should be renewed at ``now`` (epoch seconds).

    >>> watch_due(None, 0.0), watch_due(90_000_000, 0.0), watch_due(3_600_000, 0.0)
    (True, False, True)
    """
    return expiration_ms is None or expiration_ms / 1000 - now < RENEW_BEFORE


class PushSchedule:
    """When the poll stream of one pushed mailbox polls next.

    :meth:`next_poll` returns at once after a notification for the mailbox, once more
    ``reconcile_seconds`` later, and otherwise after ``safety_poll_seconds``. The
    subscription is pulled on a daemon thread of its own while the stream waits; a pull
    still open when the last waiter leaves ends at its socket timeout.
    """

    def __init__(
        self,
        address: str,
        settings: GmailPush,
        subscription: Callable[[], PullSubscription],
        renew_watch: Callable[[str], Awaitable[int]] | None = None,
    ) -> None:
        self.address = address.lower()
        self.settings = settings
        self.notifications = 0
        """Notifications for this mailbox pulled so far (duplicates included)."""
        self._subscription_factory = subscription
        self._renew_watch = renew_watch
        self._watch_expires_ms: int | None = None
        self._lock = threading.Lock()
        self._news = False
        self._wakers: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._wanted_until = 0.0
        self._puller: threading.Thread | None = None
        self._failing: OtpmailError | None = None
        self._reconcile_at: float | None = None

    def __repr__(self) -> str:
        return f"PushSchedule({self.settings.subscription!r})"

    @property
    def failing(self) -> OtpmailError | None:
        """The last pull's failure, while pulls fail (then the stream polls instead)."""
        return self._failing

    def close(self) -> None:
        """Stop pulling. A pull still open ends by its socket timeout at the latest, and
        its thread then closes its connection (it alone uses it: httplib2 is not
        thread-safe, and a socket shut from here would only make it send the pull again)."""
        with self._lock:
            self._wanted_until = 0.0

    async def next_poll(self, due_in: float) -> None:
        """Return when the stream should poll again. ``due_in`` is when it would without
        push (its poll interval): used only while pulls fail."""
        await self._keep_watch()
        self._keep_pulling()
        if self._failing is not None:
            await asyncio.sleep(due_in)
            return
        now = time.monotonic()
        timeout = self.settings.safety_poll_seconds
        if self._reconcile_at is not None:
            timeout = min(timeout, max(0.0, self._reconcile_at - now))
        if await self._news_within(timeout):
            self._reconcile_at = time.monotonic() + self.settings.reconcile_seconds
        elif self._reconcile_at is not None and time.monotonic() >= self._reconcile_at:
            self._reconcile_at = None

    async def _news_within(self, timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        event = asyncio.Event()
        waker = (loop, event)
        with self._lock:
            if self._news:
                self._news = False
                return True
            self._wakers.append(waker)
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            pass
        finally:
            with self._lock:
                if waker in self._wakers:
                    self._wakers.remove(waker)
                self._news = False
        return event.is_set()

    def _wake(self, *, news: bool = False) -> None:
        """End the waits for news now; with ``news``, a later wait ends at once too if none
        is waiting now."""
        with self._lock:
            if news and not self._wakers:
                self._news = True
            for loop, event in self._wakers:
                with contextlib.suppress(RuntimeError):  # that loop has closed
                    loop.call_soon_threadsafe(event.set)

    async def _keep_watch(self) -> None:
        topic = self.settings.topic
        if topic is None or self._renew_watch is None:
            return
        if not watch_due(self._watch_expires_ms, time.time()):
            return
        try:
            self._watch_expires_ms = await self._renew_watch(topic)
        except OtpmailError as exc:
            # Another machine may keep the watch; the safety poll still finds the mail.
            log.warning("Gmail watch on %s could not be renewed: %s", topic, exc)
            self._watch_expires_ms = int((time.time() + 600) * 1000) - int(RENEW_BEFORE * 1000)

    def _keep_pulling(self) -> None:
        with self._lock:
            self._wanted_until = time.monotonic() + 2 * self.settings.safety_poll_seconds
            if self._puller is not None and self._puller.is_alive():
                return
            self._puller = threading.Thread(
                target=self._pull_while_wanted, name="otpmail-pubsub", daemon=True
            )
            self._puller.start()

    def _pull_while_wanted(self) -> None:
        pause = PULL_RETRY[0]
        while time.monotonic() < self._wanted_until:
            subscription = self._subscription_factory()
            try:
                pulled = self._pull_until_failure(subscription)
            finally:
                subscription.close()
            if pulled is None or time.monotonic() >= self._wanted_until:
                break
            time.sleep(pause)
            pause = min(pause * 2, PULL_RETRY[1])

    def _pull_until_failure(self, subscription: PullSubscription) -> bool | None:
        """Pull while anyone waits; ``None`` when nobody does any more, ``False`` after a
        failure (then the stream polls by its interval until a pull works again)."""
        while time.monotonic() < self._wanted_until:
            try:
                pulled = subscription.pull()
            except Exception as exc:
                if time.monotonic() >= self._wanted_until:
                    return None  # closed while pulling
                failure = (
                    exc
                    if isinstance(exc, OtpmailError)
                    # A transport failure (reset, refused): the same fallback.
                    else OtpmailError(
                        "network_error", f"Pub/Sub pull failed ({type(exc).__name__})"
                    )
                )
                if self._failing is None or self._failing.code != failure.code:
                    log.warning("Pub/Sub pull failed; polling instead: %s", failure)
                    self._failing = failure
                    self._wake()  # a wait for news would not end: poll by the interval now
                return False
            if self._failing is not None:
                log.info("Pub/Sub pull works again")
                self._failing = None
            if any(self._for_this_mailbox(message.data) for message in pulled):
                self._wake(news=True)
        return None

    def _for_this_mailbox(self, data: bytes) -> bool:
        notification = read_notification(data)
        if notification is None or notification.email_address != self.address:
            return False
        self.notifications += 1
        return True

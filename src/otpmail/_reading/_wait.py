"""The poll engine: waiting for the mail a test just triggered.

One :class:`MailStream` per mailbox (per event loop) polls the provider's cheap "what is new
since this cursor" call and offers each new message, fetched once, to every waiter on that
mailbox. Ten concurrent sign-up tests therefore cost about as many provider calls while idle
as one (Gmail: one ``history.list``, 2 quota units, per poll).

Every waiter takes its own mark when it starts (:meth:`MailStream.join`), under the lock the
poll loop holds for each poll: an idle stream takes a fresh provider cursor (Gmail's
``historyId``, the Graph watch cursor, the Maildir listing); a running one polls once right
there, for the waiters it already has, and the cursor that poll leaves is the new waiter's
mark. When the last waiter leaves, the cursor and the set of fetched ids go with it, so no
later wait starts from a stale mark.

- :meth:`otpmail.Reader.expect_email` joins before the action that sends the mail, so only
  mail that arrives after its mark counts: local clock skew can neither lose nor admit a
  message.
- :meth:`otpmail.Reader.wait_for_email` joins, then searches once for matching mail
  delivered at or after ``since`` (default: the call, minus :data:`SKEW_ALLOWANCE`), so a mail
  that arrived between the action and the call is not lost.

Either way a waiter takes the **newest** matching message among those it is shown when it
first finds one (the catch-up search, or one poll's batch), never an older one: after a
resend, the new code.

The engine's one seam to the mailbox is :class:`otpmail._providers._base.ChangeFeed`
(``cursor()``: a mark of now; ``changes(cursor, since, known)``: what is new since that
mark): any object that answers those two calls can feed a stream, whether it polls the
provider itself or shares one watcher among many processes. A provider without a feed is
searched per waiter instead. Validating a call (``_core._criteria.check_timing``), routing
it and rendering its envelope happen in ``_waiting``; a waiter that must not get the same
mail twice carries its :class:`otpmail.Consumer`.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import otpmail._sharing as sharing
from otpmail._core._criteria import MIN_POLL_INTERVAL, Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._match import authenticated, matches, matches_filters
from otpmail._core._retry import DEFAULT_DEADLINE, backoff, within
from otpmail._providers._base import ChangeFeed, PollSchedule, Provider

if TYPE_CHECKING:
    from otpmail._decoding import Email
    from otpmail._reading._consumer import Consumer

log = logging.getLogger("otpmail.wait")

SKEW_ALLOWANCE = timedelta(seconds=10)
"""How far before the call ``wait_for_email`` looks by default: covers a mail that arrived
between the action and the call, and a few seconds of clock difference with the provider."""

# Per provider: Gmail's idle poll costs 2 quota units, so 2 s stays far below the
# 6,000 units/min/user budget (60 units/min); Graph allows 10,000 requests per 10 min per
# mailbox; a Maildir listing is free.
DEFAULT_POLL_INTERVAL = {"gmail": 2.0, "outlook": 2.0, "maildir": 0.25}
ENDS_A_WAIT = frozenset({"quota_exhausted"})
"""Retryable codes that still end a wait at once: no poll within a wait can succeed."""

# After a retryable failure the stream waits longer each time (the retry policy's backoff,
# from the poll interval up to this, or longer if the provider asked), within the waiters'
# deadlines.
MAX_BACKOFF = 30.0
# How many non-matching arrivals a timeout envelope lists under "arrived".
MAX_ARRIVED_SHOWN = 10


@dataclass(eq=False)
class Waiter:
    """One caller waiting for one matching message."""

    criteria: Criteria
    since: datetime | None
    future: asyncio.Future[Email]
    started: float = field(default_factory=time.monotonic)
    others: int = 0
    """Messages that arrived in this waiter's window and did not match."""
    arrived: list[dict[str, str]] = field(default_factory=list)
    """A summary of the first few of those, for the timeout message."""
    ends_at: float | None = None
    """When the wait gives up (``time.monotonic()``), once its timeout is known."""
    call_deadline: float = DEFAULT_DEADLINE
    """Seconds one provider call made for this waiter may take (its ``deadline=``)."""
    consumer: Consumer | None = None
    """The consumer this waiter serves: mail it already got is not handed out again."""
    skipped: int = 0
    """Matching messages left out because the consumer already got them."""
    unauthenticated: int = 0
    """Messages that matched every filter but were left out: the wait asked for
    authenticated mail and the receiving server's report did not vouch for them."""
    searched: set[str] = field(default_factory=set)
    """Ids a provider without a change feed already showed this waiter."""
    delivered: bool = False
    """The settled message reached the caller."""
    abandoned: bool = False
    """Its join failed or was cancelled: a mark taken for it must not add it."""

    def wants(self, email: Email) -> bool:
        """Whether this waiter would settle on ``email`` now."""
        return (
            not self.future.done()
            and (self.since is None or email.received_at >= self.since)
            and matches(self.criteria, email)
            and (self.consumer is None or email not in self.consumer)
        )

    def offer(self, emails: Iterable[Email], before: Sequence[Waiter] = ()) -> None:
        """Settle on the newest of ``emails`` this waiter wants, if any.

        ``emails`` is one batch: what the catch-up search found, or what one poll brought.
        ``before`` are waiters of the same consumer that joined later and are offered the
        batch next: while one of them still wants a mail of it, this waiter takes the
        oldest it wants instead, so that two expectations of one test get the two mails in
        the order they came, and the last one the newest.
        """
        if self.future.done():
            return
        wanted: list[Email] = []
        for email in emails:
            if self.since is not None and email.received_at < self.since:
                continue
            if not matches_filters(self.criteria, email):
                self._note_other(email)
            elif self.criteria.authenticated and not authenticated(email):
                self.unauthenticated += 1
            elif self.consumer is not None and email in self.consumer:
                self.skipped += 1
            else:
                wanted.append(email)
        newest_first = sorted(wanted, key=lambda e: (e.received_at, e.id), reverse=True)
        others_want = any(w.wants(e) for w in before for e in newest_first)
        for email in reversed(newest_first) if others_want else newest_first:
            # With a consumer's record: the first one no other waiter of it took meanwhile.
            if self.consumer is None or self.consumer.take(email):
                self.future.set_result(email)
                return
            self.skipped += 1

    def _note_other(self, email: Email) -> None:
        self.others += 1
        if len(self.arrived) < MAX_ARRIVED_SHOWN:
            self.arrived.append(
                {
                    "from": email.sender,
                    "to": email.to,
                    "subject": email.subject,
                    "received_at": at(email.received_at),
                }
            )

    def release(self) -> None:
        """Stop: a settled message not handed out goes back to the consumer's pool."""
        future = self.future
        if not future.done():
            future.cancel()
        elif (
            self.consumer is not None
            and not future.cancelled()
            and future.exception() is None
            and not self.delivered
        ):
            self.consumer.give_back(future.result())


class MailStream:
    """The shared poll loop of one mailbox on one event loop."""

    def __init__(self, provider: Provider, interval: float) -> None:
        self.provider = provider
        self.interval = interval
        self.waiters: list[Waiter] = []
        """In the order they joined."""
        self.polls = 0
        self._cursor: object = None
        self._marked = False
        self._lock = asyncio.Lock()
        """Held for each poll and each mark: a mark and a poll never interleave."""
        self._joining: list[Waiter] = []
        self._seen: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        # The one hook of mailbox sharing (docs/fleets.md): the machine's watcher of the
        # mailbox may answer this feed for every process that waits on it.
        self._feed = (
            sharing.shared_feed(provider, lambda: self.interval, _SHARED_POLICY)
            if isinstance(provider, ChangeFeed)
            else None
        )

    @property
    def feed(self) -> ChangeFeed | None:
        return self._feed

    async def join(self, waiter: Waiter) -> None:
        """Take ``waiter``'s mark and add it to the stream.

        Idle (no waiters): a fresh provider cursor. Running: one poll now, delivering what
        it brings to the waiters already there; the cursor it leaves is the mark. Waiters
        that ask while another mark is being taken share the next one, which starts after
        they asked. Raises what the provider raised; the waiter is then not added.
        """
        self._joining.append(waiter)
        try:
            async with self._lock:
                if waiter not in self._joining:  # a mark taken after we asked covered us
                    return
                batch, self._joining = self._joining, []
                try:
                    await self._mark()
                except BaseException:
                    # The others of the batch take the next mark themselves.
                    self._joining[:0] = [w for w in batch if w is not waiter]
                    raise
                if self.feed is None:
                    now = datetime.now(UTC)
                    for joined in batch:
                        # Without a provider cursor the mark is the local clock.
                        joined.since = joined.since or now
                self.waiters.extend(w for w in batch if not w.abandoned)
                self._start()
        except BaseException:
            # Failed or cancelled: before its mark, while another waiter takes the mark of
            # a batch it is in, or just after. The caller gets the error and will not
            # remove the waiter, so it goes here, and no later mark adds it.
            waiter.abandoned = True
            if waiter in self._joining:
                self._joining.remove(waiter)
            self.remove(waiter)
            raise

    async def _mark(self) -> None:
        if self.feed is None:
            return
        if not self.waiters or not self._marked:
            self._cursor = await self.feed.cursor()
            self._seen = set()
            self._marked = True
        else:
            if isinstance(self.feed, sharing.SharedFeed):
                # The watcher polls afresh for this mark: what came before it is not new.
                await self.feed.sync()
            await self._poll_once()

    def _start(self) -> None:
        if self.waiters and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name="otpmail-mail-stream"
            )

    def remove(self, waiter: Waiter) -> None:
        """``waiter`` leaves. The last one to leave stops the stream, and nothing it knew
        (cursor, fetched ids) is kept for a later waiter."""
        if waiter in self.waiters:
            self.waiters.remove(waiter)
        if self.waiters:
            return
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self._cursor = None
        self._marked = False
        self._seen = set()

    def _poll_budget(self) -> float:
        """The deadline of one poll: the longest call deadline of its waiters, and no
        longer than the last waiter's timeout (while every waiter has one).

        One poll serves every waiter. Cut at the shortest deadline, it would fail over and
        over for a patient waiter on a slow provider, which would then never see its mail;
        a waiter in a hurry is still let go at its own timeout.
        """
        ends = [w.ends_at for w in self.waiters]
        budget = max((w.call_deadline for w in self.waiters), default=DEFAULT_DEADLINE)
        if ends and all(e is not None for e in ends):
            budget = min(budget, max(e for e in ends if e is not None) - time.monotonic())
        return max(0.0, budget)

    def _earliest_since(self) -> datetime:
        times = [w.since for w in self.waiters if w.since is not None]
        return min(times) if times else datetime.now(UTC) - SKEW_ALLOWANCE

    def _offer(self, emails: list[Email]) -> None:
        # In the order they joined: a mail that comes alone goes to the earlier of two
        # expectations of one test.
        for i, waiter in enumerate(self.waiters):
            later = [
                w
                for w in self.waiters[i + 1 :]
                if waiter.consumer is not None and w.consumer is waiter.consumer
            ]
            waiter.offer(emails, later)

    async def _poll_once(self) -> None:
        self.polls += 1
        if self.feed is not None:
            if not self._marked:  # never poll from no mark: everything would look new
                self._cursor = await self.feed.cursor()
                self._marked = True
                return
            emails, self._cursor = await self.feed.changes(
                self._cursor, self._earliest_since(), self._seen
            )
            self._marked = True  # even if the last waiter left while this poll ran
            fresh = [e for e in emails if e.id not in self._seen]
            self._seen.update(e.id for e in fresh)
            self._offer(fresh)
            return
        # A provider without a change feed: each waiter searches on its own.
        for waiter in list(self.waiters):
            since = waiter.since or datetime.now(UTC) - SKEW_ALLOWANCE
            found = await search_counting(self.provider, replace(waiter.criteria, cutoff=since))
            fresh = [e for e in found if e.id not in waiter.searched]
            waiter.searched.update(e.id for e in fresh)
            waiter.offer(fresh)

    async def _poll(self) -> None:
        async with self._lock:
            await self._poll_once()

    async def _run(self) -> None:
        failures = 0
        clock = asyncio.get_running_loop().time
        schedule = getattr(self.provider, "poll_schedule", None)
        while self.waiters:
            started = clock()
            woken_by: PollSchedule | None = None
            try:
                # This task inherited the context of the call that started it: each poll
                # gets a deadline of its own.
                await within(self._poll_budget(), "poll", self._poll, within_caller=False)
                failures = 0
                # Polls start one interval apart (a poll's own time is part of the wait
                # for the next), and a poll slower than the interval is followed by a
                # short pause, not by another at once: never more often than the interval.
                delay = max(self.interval - (clock() - started), MIN_POLL_INTERVAL)
                if isinstance(schedule, PollSchedule):
                    woken_by = schedule  # Gmail push: a notification ends the pause
            except asyncio.CancelledError:
                raise
            except OtpmailError as exc:
                # A spent quota is retryable only once it resets (Gmail: at midnight
                # Pacific time); polling into it would hide it behind a timeout.
                if not exc.retryable or exc.code in ENDS_A_WAIT:
                    for waiter in list(self.waiters):
                        if not waiter.future.done():
                            waiter.future.set_exception(exc)
                    return
                failures += 1
                delay = max(
                    backoff(failures + 1, self.interval, MAX_BACKOFF), exc.retry_after or 0.0
                )
                log.info("poll failed (%s); next poll in %.1fs", exc.code, delay)
            except Exception as exc:  # never let a bug leave waiters hanging
                failure = OtpmailError(
                    "request_failed", f"unexpected failure while polling ({type(exc).__name__})"
                )
                for waiter in list(self.waiters):
                    if not waiter.future.done():
                        waiter.future.set_exception(failure)
                return
            if isinstance(self.feed, sharing.SharedFeed):
                # Ends early when the watcher has new mail (the watcher alone pulls push
                # notifications, for the whole machine).
                await self.feed.pause(delay)
            elif woken_by is not None:
                await woken_by.next_poll(delay)
            else:
                await asyncio.sleep(delay)


_SHARED_POLICY = sharing.PollPolicy(
    MIN_POLL_INTERVAL, MAX_BACKOFF, SKEW_ALLOWANCE, ENDS_A_WAIT, DEFAULT_POLL_INTERVAL["gmail"]
)
"""The machine's watcher of a mailbox polls for every process as this engine would."""

_streams: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, MailStream]] = (
    weakref.WeakKeyDictionary()
)


def stream_for(provider: Provider, provider_kind: str, poll_interval: float | None) -> MailStream:
    """The shared stream of ``provider`` on the running loop."""
    loop = asyncio.get_running_loop()
    per_loop = _streams.setdefault(loop, {})
    stream = per_loop.get(id(provider))
    if stream is None or stream.provider is not provider:
        interval = DEFAULT_POLL_INTERVAL.get(provider_kind, 2.0)
        stream = per_loop[id(provider)] = MailStream(provider, interval)
    if poll_interval is not None:
        # The fastest interval any waiter asked for serves them all.
        stream.interval = min(stream.interval, poll_interval)
    return stream


def at(moment: datetime) -> str:
    """``moment`` as the envelopes write times: ISO 8601 in UTC, with ``Z``."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def outcome(stream: MailStream, waiter: Waiter, timeout: float) -> Email:
    """Wait for ``waiter`` until ``timeout`` seconds after it started, and return the mail
    it settled on; then it leaves the stream.

    Raises:
        TimeoutError: no matching mail came in time (the waiter says what it saw).
        OtpmailError: the poll loop failed for good.
    """
    waiter.ends_at = waiter.started + timeout
    remaining = max(0.0, waiter.ends_at - time.monotonic())
    try:
        try:
            if waiter.future.cancelled():  # an earlier wait of this expectation timed out
                raise TimeoutError
            email = await asyncio.wait_for(asyncio.shield(waiter.future), remaining)
        except TimeoutError:
            if waiter.future.cancelled():
                raise
            if not waiter.future.done() or waiter.future.exception() is not None:
                raise
            email = waiter.future.result()  # settled as the time ran out: still ours
        waiter.delivered = True
        return email
    finally:
        stream.remove(waiter)
        waiter.release()


async def search_counting(provider: Provider, criteria: Criteria) -> list[Email]:
    """The matching mail of one catch-up search or poll, newest first, with the mail that
    fails authentication still in it when ``criteria.authenticated`` — the waiter counts and
    leaves it out — unless the search was full of it, when the authenticated mail behind it
    is searched for as well (one more search)."""
    wide = replace(criteria, latest=False, authenticated=False)
    found = await provider.search(wide)
    if criteria.authenticated and len(found) >= wide.limit and not any(map(authenticated, found)):
        more = await provider.search(replace(criteria, latest=False))
        known = {e.id for e in found}
        found = found + [e for e in more if e.id not in known]
    return found


def new_waiter(
    criteria: Criteria,
    since: datetime | None,
    started: float,
    call_deadline: float,
    consumer: Consumer | None = None,
) -> Waiter:
    """A waiter whose timeout counts from ``started`` (a ``time.monotonic()`` value) and
    whose provider calls may take ``call_deadline`` seconds each; with ``consumer``, it
    skips what that consumer already got."""
    return Waiter(
        criteria=criteria,
        since=since,
        future=asyncio.get_running_loop().create_future(),
        started=started,
        call_deadline=call_deadline,
        consumer=consumer,
    )

"""Waits and expectations, typed inside and enveloped at the edge.

:func:`wait_for_mail` and :class:`Expectation` validate a call, route it to its mailbox,
join that mailbox's poll stream (``_wait``) and return a :class:`Mail` or raise
:class:`OtpmailError`. The public calls (:meth:`Reader.wait_for_email`,
:meth:`PendingEmail.value`) turn that into an envelope with :func:`answer`; the pytest
fixture uses the typed values as they are.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING

from otpmail._core._criteria import DEFAULT_TIMEOUT, build_criteria, check_since, check_timing
from otpmail._core._envelope import Envelope, NothingArrived, error, ok_emails
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import within
from otpmail._reading._mail import Mail
from otpmail._reading._wait import (
    SKEW_ALLOWANCE,
    MailStream,
    Waiter,
    at,
    new_waiter,
    outcome,
    search_counting,
    stream_for,
)

if TYPE_CHECKING:
    from otpmail._reading._consumer import Consumer
    from otpmail._reading._reader import Reader

log = logging.getLogger("otpmail")


@dataclass(frozen=True)
class Query:
    """The filters of one wait or expectation, as the caller gave them."""

    to: str
    sender: str | None = None
    subject: str | None = None
    authenticated: bool | None = None
    """``None``: the mailbox's ``authenticated`` setting decides."""

    def key(self) -> tuple[str, str | None, str | None]:
        """What a consumer keeps its time floor by: the recipient, sender and subject."""
        return (str(self.to).strip().lower(), self.sender, self.subject)


def unexpected(exc: Exception) -> OtpmailError:
    """The contract: never a traceback. A bug becomes an ``API_ERROR``, and only the
    exception's type is logged (its text could hold anything)."""
    log.error("unexpected %s while reading mail", type(exc).__name__)
    return OtpmailError("request_failed", f"unexpected failure ({type(exc).__name__})")


async def answer(mail: Awaitable[Mail]) -> Envelope:
    """The public edge of a wait: the ok envelope with the one email, or the error's."""
    try:
        found = await mail
    except OtpmailError as exc:
        return error(exc)
    except Exception as exc:
        return error(unexpected(exc))
    return ok_emails([found.to_dict()])


def criteria_flag(authenticated: object) -> object:
    """A call's ``authenticated=`` for :func:`build_criteria` (which refuses a non-bool);
    ``None`` (not given) is False there, and the mailbox's default applies after routing."""
    return False if authenticated is None else authenticated


def _budget(call_deadline: float, ends: float | None) -> float:
    """Seconds for one provider call of a wait ending at ``ends`` (``time.monotonic()``)."""
    if ends is None:
        return call_deadline
    return max(0.0, min(call_deadline, ends - time.monotonic()))


@dataclass
class _Joined:
    """A waiter that has its mark in its mailbox's stream."""

    reader: Reader
    stream: MailStream
    waiter: Waiter
    what: str
    """The call and the provider, for a deadline's message."""


async def _join(
    reader: Reader,
    query: Query,
    *,
    call: str,
    since: datetime | None,
    interval: float | None,
    deadline: float | None,
    consumer: Consumer | None,
    started: float | None = None,
    ends: float | None = None,
) -> _Joined:
    """Route ``query`` to its mailbox and take a mark in that mailbox's poll stream, for a
    waiter that counts from ``started`` (default: now, once routed) and gives up at
    ``ends`` (default: when its expectation's value is asked with a timeout)."""
    criteria = build_criteria(
        query.to, query.sender, query.subject, authenticated=criteria_flag(query.authenticated)
    )
    _, mailbox, criteria, provider, per_call = reader._route(
        criteria, query.authenticated, deadline
    )
    stream = stream_for(provider, mailbox.provider, interval)
    what = f"{call} ({mailbox.provider})"
    waiter = new_waiter(
        criteria, since, time.monotonic() if started is None else started, per_call, consumer
    )
    waiter.ends_at = ends
    # Each provider call of a wait has the call deadline, and never more than what is left
    # of the wait.
    await within(_budget(per_call, ends), what, lambda: stream.join(waiter))
    return _Joined(reader, stream, waiter, what)


async def wait_for_mail(
    reader: Reader,
    query: Query,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    since: datetime | None = None,
    poll_interval: float | None = None,
    deadline: float | None = None,
    consumer: Consumer | None = None,
) -> Mail:
    """:meth:`Reader.wait_for_email`, typed: the mail, or the error raised. With
    ``consumer``, mail it already got is skipped and the mail returned is recorded."""
    started = time.monotonic()
    seconds, interval = check_timing(timeout, poll_interval)
    since_at = check_since(since)
    if since_at is None and consumer is not None:
        since_at = consumer.floor(query)
    since_at = since_at or datetime.now(UTC) - SKEW_ALLOWANCE
    joined = await _join(
        reader,
        query,
        call="wait_for_email",
        since=since_at,
        interval=interval,
        deadline=deadline,
        consumer=consumer,
        started=started,
        ends=started + seconds,
    )
    waiter = joined.waiter
    try:
        # Mail delivered between `since` and the mark: one search covers it. What it
        # fetched is not marked as seen for the stream: a mail that came after the mark
        # is still offered to the stream's other waiters.
        found = await within(
            _budget(waiter.call_deadline, waiter.ends_at),
            joined.what,
            lambda: search_counting(
                joined.stream.provider, replace(waiter.criteria, cutoff=since_at)
            ),
        )
    except BaseException:  # failed or cancelled: the stream must not poll on for us
        joined.stream.remove(waiter)
        raise
    waiter.offer(found)
    return await _settled(joined, seconds, query)


async def _settled(joined: _Joined, timeout: float, query: Query) -> Mail:
    waiter = joined.waiter
    try:
        email = await outcome(joined.stream, waiter, timeout)
    except TimeoutError:
        raise NothingArrived(timeout_message(waiter, timeout), list(waiter.arrived)) from None
    if waiter.consumer is not None:
        waiter.consumer.got(query, email.received_at)
    return Mail(email)


def timeout_message(waiter: Waiter, timeout: float) -> str:
    """What a timed-out wait looked for, from when, and what it saw instead."""
    # The timeout as the caller gave it: 0.5s, not a rounded "1s".
    text = f"no email matching {waiter.criteria.describe()} arrived within {timeout:g}s"
    if waiter.since is not None:
        text += f" (since={at(waiter.since)}: only mail delivered at or after it counts)"
    else:
        text += " (only mail delivered after the expectation was entered counts)"
    text += f"; {waiter.others} other message(s) arrived in that time and did not match"
    if waiter.skipped:
        text += f"; {waiter.skipped} matching message(s) were left out: this test already got them"
    if waiter.unauthenticated:
        text += (
            f"; {waiter.unauthenticated} matching message(s) were left out: they failed "
            "authentication (the receiving server's own report did not vouch for their From "
            "domain; see each email's authentication)"
        )
    return text


class PendingEmail:
    """The mail an ``expect_email`` block is waiting for. Await :meth:`value`.

    An expectation that could not start holds the error that stopped it instead, and
    :meth:`value` returns that error's envelope.
    """

    def __init__(self, joined: _Joined | OtpmailError, query: Query) -> None:
        self._joined = joined
        self._query = query

    async def mail(self, timeout: float = DEFAULT_TIMEOUT) -> Mail:
        """The one matching mail, typed; raises what :meth:`value` would put in an error
        envelope. The same mail on every call once it has come."""
        joined = self._joined
        if isinstance(joined, OtpmailError):
            raise joined
        try:
            seconds, _ = check_timing(timeout, None)
        except OtpmailError:
            self.cancel()
            raise
        return await _settled(joined, seconds, self._query)

    async def value(self, timeout: float = DEFAULT_TIMEOUT) -> Envelope:
        """The ok envelope with the one matching email, or ``NO_EMAILS_FOUND`` on timeout.

        The same email on every call once it has come."""
        return await answer(self.mail(timeout))

    def cancel(self) -> None:
        """Stop waiting (the block's action failed, or the mail is no longer wanted)."""
        joined = self._joined
        if isinstance(joined, OtpmailError):
            return
        joined.stream.remove(joined.waiter)
        joined.waiter.release()


class Expectation:
    """The ``async with`` of :meth:`Reader.expect_email`: the mark is taken on entry."""

    def __init__(
        self,
        reader: Reader,
        query: Query,
        *,
        poll_interval: float | None = None,
        deadline: float | None = None,
        consumer: Consumer | None = None,
    ) -> None:
        self._reader = reader
        self._query = query
        self._poll_interval = poll_interval
        self._deadline = deadline
        self._consumer = consumer
        self._pending: PendingEmail | None = None

    async def __aenter__(self) -> PendingEmail:
        joined: _Joined | OtpmailError
        try:
            _, interval = check_timing(DEFAULT_TIMEOUT, self._poll_interval)
            # No time cutoff: this waiter's own mark alone decides what is new.
            joined = await _join(
                self._reader,
                self._query,
                call="expect_email",
                since=None,
                interval=interval,
                deadline=self._deadline,
                consumer=self._consumer,
            )
        except OtpmailError as exc:
            joined = exc
        except Exception as exc:
            joined = unexpected(exc)
        self._pending = PendingEmail(joined, self._query)
        return self._pending

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is not None and self._pending is not None:
            self._pending.cancel()


class WaitCalls:
    """``wait_for_email`` and ``expect_email``, written once for :class:`Reader` and for
    :class:`Consumer` (a Reader's view that never hands out the same mail twice)."""

    _reader: Reader
    _consumer: Consumer | None
    """``None`` on a Reader: its waits may hand out what earlier ones did."""

    async def wait_for_email(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        since: datetime | None = None,
        poll_interval: float | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> Envelope:
        """Wait until a matching mail delivered at or after ``since`` is there; return it.

        ``since`` defaults to the moment of the call minus ``SKEW_ALLOWANCE`` (10 s), so a
        mail that arrived just before the call still counts. Mark the start before the
        action with :meth:`expect_email` to be exact. Never returns an older mail.

        Of the matching mail the wait finds first — what its catch-up search finds, or
        what one poll brings — it returns the **newest**: after a resend, the new code,
        once the new mail is there. To wait for the mail of one particular action (the
        resend itself), mark its start with :meth:`expect_email` around that action.

        ``timeout`` bounds the wait as a whole. ``deadline`` bounds each provider call the
        wait makes — the catch-up search and every poll, token request, retries and paging
        included — as :meth:`Reader.read_emails`' does one call (default: the file's
        ``email.deadline_seconds``, else 30); no call outlasts the wait. A catch-up search
        that runs out is ``API_ERROR`` ``deadline_exceeded``; a poll that runs out is tried
        again, within the timeout.

        ``authenticated=True`` (default: the mailbox's ``authenticated`` setting) waits for
        mail the receiving server authenticated for its From domain, as in
        :meth:`Reader.read_emails`: a forged mail that arrives first is passed over.

        Returns the ok envelope with exactly one email, or ``NO_EMAILS_FOUND:`` after
        ``timeout`` seconds with the criteria, the timeout, the ``since`` the wait used, how
        many other messages arrived and how many matching ones failed authentication.
        Cancelling the awaiting task stops the wait at once.

        Example::

            await page.click("text=Send code")
            envelope = await reader.wait_for_email(
                "qa+signup@example.com", timeout=90, deadline=10
            )
        """
        return await answer(
            wait_for_mail(
                self._reader,
                Query(to, sender, subject, authenticated),
                timeout=timeout,
                since=since,
                poll_interval=poll_interval,
                deadline=deadline,
                consumer=self._consumer,
            )
        )

    def expect_email(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        *,
        poll_interval: float | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> Expectation:
        """Mark the start *before* the action that sends the mail, Playwright-style.

        Only mail that arrives after the provider-side marker (Gmail's ``historyId``, the
        Maildir listing) counts, so clock skew can neither lose nor admit a message::

            async with reader.expect_email(to=addr, deadline=10) as pending:
                await page.click("Send code")
            envelope = await pending.value(timeout=60)

        ``deadline`` bounds each provider call — the marker and every poll — as in
        :meth:`wait_for_email`; ``value(timeout=)`` bounds the wait as a whole.

        Every expectation takes its own mark when the block is entered, whatever earlier
        waits on the same Reader did. Of the matching mail that the first poll after the
        action brings, ``value()`` returns the newest.

        ``authenticated=True`` (default: the mailbox's setting) counts only mail the
        receiving server authenticated for its From domain, as in :meth:`Reader.read_emails`.

        Errors (bad arguments, configuration) come back from ``pending.value()`` as
        envelopes, like every other failure.
        """
        return Expectation(
            self._reader,
            Query(to, sender, subject, authenticated),
            poll_interval=poll_interval,
            deadline=deadline,
            consumer=self._consumer,
        )

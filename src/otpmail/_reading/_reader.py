"""``read_emails`` and :class:`Reader`: validate, route, read, and answer with an envelope."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

from otpmail._core import _config
from otpmail._core._bounds import bound_result
from otpmail._core._config import Config, GmailMailbox, Mailbox, MaildirMailbox, OutlookMailbox
from otpmail._core._criteria import Criteria, build_criteria
from otpmail._core._envelope import Envelope, error, ok_count, ok_emails
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import check_deadline, within
from otpmail._providers._base import Provider
from otpmail._reading._wait import (
    DEFAULT_TIMEOUT,
    SKEW_ALLOWANCE,
    HandedOut,
    PendingEmail,
    check_since,
    check_timing,
    new_waiter,
    search_counting,
    settle,
    stream_for,
)
from otpmail._sharing import release

if TYPE_CHECKING:
    from otpmail._decoding import Email

log = logging.getLogger("otpmail")

ProviderFactory = Callable[[Mailbox], Provider]


def default_provider(mailbox: Mailbox) -> Provider:
    """Build the provider for one configured mailbox. Heavy SDKs are imported here, lazily:
    a Maildir read never imports Google's or Microsoft's libraries."""
    if isinstance(mailbox, MaildirMailbox):
        from otpmail._providers._maildir import MaildirProvider

        return MaildirProvider(mailbox)
    if isinstance(mailbox, GmailMailbox):
        from otpmail._providers._gmail import GmailProvider

        return GmailProvider(mailbox)
    if isinstance(mailbox, OutlookMailbox):
        try:
            from otpmail._providers._outlook import OutlookProvider
        except ImportError as exc:
            if exc.name and exc.name.split(".")[0] in {
                "msgraph",
                "azure",
                "kiota_abstractions",
                "kiota_http",
                "kiota_authentication_azure",
                "msgraph_core",
                "httpx",
                "aiohttp",
            }:
                raise OtpmailError(
                    "extra_missing",
                    f"{mailbox.source} is an outlook mailbox, which needs the outlook extra: "
                    "pip install 'otpmail[outlook]' (from a checkout: pip install -e '.[outlook]')",
                ) from None
            raise
        return OutlookProvider(mailbox)
    raise OtpmailError(
        "config_invalid", f"{mailbox.source}: unsupported provider {mailbox.provider}"
    )


def _unexpected(exc: Exception) -> dict[str, Any]:
    """The contract: never a traceback. A bug becomes an ``API_ERROR`` envelope, and only the
    exception's type is logged (its text could hold anything)."""
    log.error("unexpected %s while reading mail", type(exc).__name__)
    return error(OtpmailError("request_failed", f"unexpected failure ({type(exc).__name__})"))


class Reader:
    """Reads mail for the mailboxes of one integrations file, keeping clients and tokens.

    Use one Reader for many calls: each mailbox's client and token are built once.

    >>> import asyncio
    >>> async def main():
    ...     async with Reader.from_file("integrations.example.yaml") as reader:
    ...         return await reader.read_emails("otp@example.test", latest=True)
    >>> asyncio.run(main())["status"]
    'ok'
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        provider_factory: ProviderFactory | None = None,
    ) -> None:
        self._path = _config.resolve_path(path)
        self._factory = provider_factory or default_provider
        self._config: Config | None = None
        self._providers: dict[str, Provider] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_file(cls, path: str | os.PathLike[str] | None = None) -> Reader:
        """A Reader for ``path`` (else ``$OTPMAIL_INTEGRATIONS``, else ``./integrations.yaml``).

        The file is read on first use, so a missing or broken file becomes an error
        envelope from the first call, never an exception here.
        """
        return cls(path)

    @property
    def path(self) -> Path:
        """The integrations file this Reader reads."""
        return self._path

    def __repr__(self) -> str:
        return f"Reader(path={os.fspath(self._path)!r})"

    def config(self) -> Config:
        """The loaded integrations file (loaded once; a failed load is retried next time)."""
        with self._lock:
            if self._config is None:
                self._config = _config.load(self._path)
            return self._config

    def provider_for(self, mailbox: Mailbox) -> Provider:
        """The one provider of ``mailbox`` in this Reader, built on first use."""
        with self._lock:
            provider = self._providers.get(mailbox.address)
            if provider is None:
                provider = self._factory(mailbox)
                self._providers[mailbox.address] = provider
            return provider

    async def read_emails(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        after: str | None = None,
        *,
        latest: bool = False,
        count: bool = False,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> dict[str, Any]:
        """Read matching emails, or count them. Always returns an envelope.

        Args:
            to: the recipient. Required. An address (``+tag`` included) or a bare domain.
            sender: only mail from this address or domain.
            subject: only mail whose subject contains this text (case-insensitive).
            after: look-back such as ``30s``, ``5m``, ``1h``, ``2d``.
            latest: at most one email, the newest.
            count: return ``{"count": N}`` instead of emails; beats ``latest``.
            deadline: seconds this call may take in all — token request, retries and
                paging included. Default: the file's ``email.deadline_seconds``, else 30.
            authenticated: only mail whose receiving server's own report says DMARC passed
                for its From domain (or, with no DMARC record, an aligned DKIM signature
                passed); the rest is left out. Default: the mailbox's ``authenticated``
                setting, else False. Every email carries that report as ``authentication``.

        Returns:
            ``{"status": "ok", "data": {"emails": [...]}}`` (newest first, up to ten; plus
            ``"dropped": N`` when the result bound left N older matches out),
            ``{"status": "ok", "data": {"count": N}}``, or
            ``{"status": "error", "error": "PREFIX: ...", "code": ..., "retryable": ...}``.
            Running out of time is ``API_ERROR`` with code ``deadline_exceeded``.
        """
        started = time.monotonic()
        try:
            criteria = build_criteria(
                to,
                sender,
                subject,
                after,
                latest=latest,
                count=count,
                authenticated=_flag(authenticated),
            )
            config, mailbox, criteria, provider, seconds = self._route(
                criteria, authenticated, deadline
            )
            # The clock started with the call: building a client counts too.
            left = seconds - (time.monotonic() - started)
            what = f"read_emails ({mailbox.provider})"
            if criteria.count:
                return ok_count(
                    await within(left, what, lambda: provider.count(criteria), shown=seconds)
                )
            emails = await within(left, what, lambda: provider.search(criteria), shown=seconds)
            if not emails:
                raise OtpmailError(
                    "no_emails_found", f"no matching emails found ({criteria.describe()})"
                )
            # The result bound (email.limits.result_chars) keeps whole messages, newest
            # first; "dropped" says how many older matches it left out.
            kept, dropped = bound_result([self._annotate(e) for e in emails], config.limits)
            envelope = ok_emails(kept)
            if dropped:
                envelope["data"]["dropped"] = dropped
            return envelope
        except OtpmailError as exc:
            return error(exc)
        except Exception as exc:
            return _unexpected(exc)

    def _route(self, criteria: Criteria, authenticated: object, deadline: float | None) -> _Route:
        """Where one call goes, after its arguments are checked: the loaded file, the
        mailbox that reads ``criteria.to``, the criteria with that mailbox's
        ``authenticated`` default (unless the call chose), its provider, and the seconds one
        provider call may take (the call's ``deadline=``, validated before anything is
        loaded, else the file's)."""
        budget = None if deadline is None else check_deadline(deadline)
        config = self.config()
        mailbox = config.route(criteria.to)
        if authenticated is None and mailbox.authenticated:
            criteria = replace(criteria, authenticated=True)
        provider = self.provider_for(mailbox)
        return _Route(config, mailbox, criteria, provider, config.deadline_for(budget))

    def _annotate(self, email: Email) -> dict[str, Any]:
        """The envelope form of ``email``, with its ``code`` (or null) and ``links``."""
        from otpmail._decoding import annotate  # only a read that returns mail extracts

        return annotate(email.to_dict())

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
    ) -> dict[str, Any]:
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
        included — as :meth:`read_emails`' does one call (default: the file's
        ``email.deadline_seconds``, else 30); no call outlasts the wait. A catch-up search
        that runs out is ``API_ERROR`` ``deadline_exceeded``; a poll that runs out is tried
        again, within the timeout.

        ``authenticated=True`` (default: the mailbox's ``authenticated`` setting) waits for
        mail the receiving server authenticated for its From domain, as in
        :meth:`read_emails`: a forged mail that arrives first is passed over.

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
        return await self._wait(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            poll_interval=poll_interval,
            deadline=deadline,
            authenticated=authenticated,
        )

    async def _wait(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        since: datetime | None = None,
        poll_interval: float | None = None,
        deadline: float | None = None,
        handed_out: HandedOut | None = None,
        authenticated: bool | None = None,
    ) -> dict[str, Any]:
        """:meth:`wait_for_email`, skipping the mail in ``handed_out`` (the pytest fixture's
        record of what its test already got) and taking the one it returns."""
        started = time.monotonic()
        try:
            seconds, interval = check_timing(timeout, poll_interval)
            since_at = check_since(since) or datetime.now(UTC) - SKEW_ALLOWANCE
            criteria = build_criteria(to, sender, subject, authenticated=_flag(authenticated))
            _, mailbox, criteria, provider, per_call = self._route(
                criteria, authenticated, deadline
            )
            stream = stream_for(provider, mailbox.provider, interval)
            # Each provider call of a wait has the call deadline, and never more than what
            # is left of the wait.
            ends = started + seconds
            what = f"wait_for_email ({mailbox.provider})"
            waiter = new_waiter(criteria, since_at, started, per_call, handed_out)
            waiter.ends_at = ends
            await within(_budget(per_call, ends), what, lambda: stream.join(waiter))
        except OtpmailError as exc:
            return error(exc)
        except Exception as exc:
            return _unexpected(exc)
        try:
            # Mail delivered between `since` and the mark: one search covers it. What it
            # fetched is not marked as seen for the stream: a mail that came after the mark
            # is still offered to the stream's other waiters.
            found = await within(
                _budget(per_call, ends),
                what,
                lambda: search_counting(provider, replace(criteria, cutoff=since_at)),
            )
        except OtpmailError as exc:
            stream.remove(waiter)
            return error(exc)
        except Exception as exc:
            stream.remove(waiter)
            return _unexpected(exc)
        except BaseException:  # cancelled: the stream must not poll on for us
            stream.remove(waiter)
            raise
        waiter.offer(found)
        return await settle(stream, waiter, seconds, self._annotate)

    def expect_email(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        *,
        poll_interval: float | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> _Expectation:
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
        receiving server authenticated for its From domain, as in :meth:`read_emails`.

        Errors (bad arguments, configuration) come back from ``pending.value()`` as
        envelopes, like every other failure.
        """
        return _Expectation(
            self, to, sender, subject, poll_interval, deadline, authenticated=authenticated
        )

    def _expect(
        self,
        to: str,
        sender: str | None = None,
        subject: str | None = None,
        *,
        poll_interval: float | None = None,
        deadline: float | None = None,
        handed_out: HandedOut | None = None,
        authenticated: bool | None = None,
    ) -> _Expectation:
        """:meth:`expect_email`, skipping and taking mail as :meth:`_wait` does."""
        return _Expectation(
            self, to, sender, subject, poll_interval, deadline, handed_out, authenticated
        )

    async def aclose(self) -> None:
        """Close every provider's clients."""
        with self._lock:
            providers = list(self._providers.values())
            self._providers.clear()
        for provider in providers:
            # A watcher of this process polling with it for others hands over first.
            await asyncio.to_thread(release, provider)
            await provider.aclose()

    async def __aenter__(self) -> Reader:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


class _Route(NamedTuple):
    """Where one call goes (:meth:`Reader._route`)."""

    config: Config
    mailbox: Mailbox
    criteria: Criteria
    provider: Provider
    per_call: float
    """Seconds one provider call may take."""


class _Expectation:
    """The ``async with`` of :meth:`Reader.expect_email`."""

    def __init__(
        self,
        reader: Reader,
        to: str,
        sender: str | None,
        subject: str | None,
        poll_interval: float | None,
        deadline: float | None,
        handed_out: HandedOut | None = None,
        authenticated: bool | None = None,
    ) -> None:
        self._reader = reader
        self._authenticated = authenticated
        self._args = (to, sender, subject)
        self._poll_interval = poll_interval
        self._deadline = deadline
        self._handed_out = handed_out
        self._pending: PendingEmail | _FailedExpectation | None = None

    async def __aenter__(self) -> PendingEmail | _FailedExpectation:
        reader = self._reader
        try:
            _, interval = check_timing(DEFAULT_TIMEOUT, self._poll_interval)
            criteria = build_criteria(*self._args, authenticated=_flag(self._authenticated))
            _, mailbox, criteria, provider, per_call = reader._route(
                criteria, self._authenticated, self._deadline
            )
            stream = stream_for(provider, mailbox.provider, interval)
            started = time.monotonic()
            # No time cutoff: this waiter's own mark alone decides what is new.
            waiter = new_waiter(criteria, None, started, per_call, self._handed_out)
            await within(
                per_call, f"expect_email ({mailbox.provider})", lambda: stream.join(waiter)
            )
            self._pending = PendingEmail(stream, waiter, reader._annotate)
        except OtpmailError as exc:
            self._pending = _FailedExpectation(error(exc))
        except Exception as exc:
            self._pending = _FailedExpectation(_unexpected(exc))
        return self._pending

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is not None and self._pending is not None:
            self._pending.cancel()


class _FailedExpectation:
    """An expectation that could not start: its value is the error envelope."""

    def __init__(self, envelope: dict[str, Any]) -> None:
        self._envelope = envelope

    async def value(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The error envelope that stopped the expectation (a new copy each time)."""
        return dict(self._envelope)

    def cancel(self) -> None:
        """Nothing to stop."""


def _flag(authenticated: object) -> object:
    """A call's ``authenticated=`` for :func:`build_criteria` (which refuses a non-bool);
    ``None`` (not given) is False there, and the mailbox's default applies after routing."""
    return False if authenticated is None else authenticated


def _budget(call_deadline: float, ends: float) -> float:
    """Seconds for one provider call of a wait ending at ``ends`` (``time.monotonic()``)."""
    return max(0.0, min(call_deadline, ends - time.monotonic()))


_readers: dict[Path, Reader] = {}
_readers_lock = threading.Lock()


def shared_reader(path: str | os.PathLike[str] | None = None) -> Reader:
    """The process-wide Reader for an integrations file, so repeated calls reuse tokens."""
    key = _config.resolve_path(path).absolute()
    with _readers_lock:
        reader = _readers.get(key)
        if reader is None:
            reader = _readers[key] = Reader(key)
        return reader


async def read_emails(
    to: str,
    sender: str | None = None,
    subject: str | None = None,
    after: str | None = None,
    *,
    latest: bool = False,
    count: bool = False,
    deadline: float | None = None,
    authenticated: bool | None = None,
) -> dict[str, Any]:
    """Read OTP and transactional mail for ``to``; see :meth:`Reader.read_emails`.

    Reads the integrations file at ``$OTPMAIL_INTEGRATIONS``, else ``./integrations.yaml``,
    and reuses one :class:`Reader` per file, so a second call does not fetch a new token.

    Example::

        envelope = await read_emails("qa+signup@example.com", sender="no-reply@acme.example",
                                     after="5m", latest=True)
        if envelope["status"] == "ok":
            body = envelope["data"]["emails"][0]["body"]
    """
    return await shared_reader().read_emails(
        to,
        sender,
        subject,
        after,
        latest=latest,
        count=count,
        deadline=deadline,
        authenticated=authenticated,
    )


def _run_blocking(
    name: str, call: Callable[[], Coroutine[Any, Any, dict[str, Any]]]
) -> dict[str, Any]:
    """Run the coroutine ``call()`` makes on a new event loop; the ``*_sync`` twins use it.

    Blocking inside a running loop would stall that loop, so it is refused before the
    coroutine is even created.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(call())
    raise RuntimeError(f"{name}_sync was called inside a running event loop; await {name} instead")


def read_emails_sync(
    to: str,
    sender: str | None = None,
    subject: str | None = None,
    after: str | None = None,
    *,
    latest: bool = False,
    count: bool = False,
    deadline: float | None = None,
    integrations: str | os.PathLike[str] | None = None,
    authenticated: bool | None = None,
) -> dict[str, Any]:
    """The blocking twin of :func:`read_emails`, for synchronous test code and scripts."""
    reader = shared_reader(integrations)
    return _run_blocking(
        "read_emails",
        lambda: reader.read_emails(
            to,
            sender,
            subject,
            after,
            latest=latest,
            count=count,
            deadline=deadline,
            authenticated=authenticated,
        ),
    )


async def wait_for_email(
    to: str,
    sender: str | None = None,
    subject: str | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    since: datetime | None = None,
    poll_interval: float | None = None,
    deadline: float | None = None,
    authenticated: bool | None = None,
) -> dict[str, Any]:
    """Wait for the mail a test just triggered; see :meth:`Reader.wait_for_email`.

    Example::

        envelope = await wait_for_email("qa+signup@example.com", sender="acme.example", timeout=90)
        code = envelope["data"]["emails"][0]["code"]
    """
    return await shared_reader().wait_for_email(
        to,
        sender,
        subject,
        timeout=timeout,
        since=since,
        poll_interval=poll_interval,
        deadline=deadline,
        authenticated=authenticated,
    )


def wait_for_email_sync(
    to: str,
    sender: str | None = None,
    subject: str | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    since: datetime | None = None,
    poll_interval: float | None = None,
    deadline: float | None = None,
    integrations: str | os.PathLike[str] | None = None,
    authenticated: bool | None = None,
) -> dict[str, Any]:
    """The blocking twin of :func:`wait_for_email`, for synchronous test code."""
    reader = shared_reader(integrations)
    return _run_blocking(
        "wait_for_email",
        lambda: reader.wait_for_email(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            poll_interval=poll_interval,
            deadline=deadline,
            authenticated=authenticated,
        ),
    )


__all__ = [
    "Envelope",
    "Reader",
    "read_emails",
    "read_emails_sync",
    "shared_reader",
    "wait_for_email",
    "wait_for_email_sync",
]

"""``read_emails`` and :class:`Reader`: validate, route, read, and answer with an envelope."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple

from otpmail._core import _config
from otpmail._core._bounds import bound_result
from otpmail._core._config import Config, GmailMailbox, Mailbox, MaildirMailbox, OutlookMailbox
from otpmail._core._criteria import DEFAULT_TIMEOUT, Criteria, build_criteria
from otpmail._core._envelope import Envelope, error, ok_count, ok_emails
from otpmail._core._errors import OtpmailError
from otpmail._core._loop import run_blocking
from otpmail._core._retry import check_deadline, within
from otpmail._providers._base import Provider
from otpmail._reading._mail import Mail
from otpmail._reading._waiting import WaitCalls, criteria_flag, unexpected
from otpmail._sharing import release

if TYPE_CHECKING:
    from otpmail._reading._consumer import Consumer

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


class Reader(WaitCalls):
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
        self._reader = self
        self._consumer = None

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
                authenticated=criteria_flag(authenticated),
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
            kept, dropped = bound_result([Mail(e).to_dict() for e in emails], config.limits)
            envelope = ok_emails(kept)
            if dropped:
                envelope["data"]["dropped"] = dropped
            return envelope
        except OtpmailError as exc:
            return error(exc)
        except Exception as exc:
            return error(unexpected(exc))

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

    def consumer(self) -> Consumer:
        """A :class:`Consumer` of this Reader: its waits and expectations never hand out
        the same mail twice (the pytest fixture keeps one per test).

        >>> reader = Reader.from_file("integrations.example.yaml")
        >>> reader.consumer()
        Consumer(Reader(path='integrations.example.yaml'), got=0)
        """
        from otpmail._reading._consumer import Consumer

        return Consumer(self)

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
    """The blocking twin of :func:`read_emails`, for synchronous test code and scripts.

    It runs on otpmail's one loop thread (shared with the pytest fixture's sync face), so
    calls reuse what lives per event loop: a Graph session, a mailbox's poll stream."""
    reader = shared_reader(integrations)
    return run_blocking(
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
    """The blocking twin of :func:`wait_for_email`, for synchronous test code (on the one
    loop thread, as :func:`read_emails_sync`)."""
    reader = shared_reader(integrations)
    return run_blocking(
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

"""What the ``otpmail`` and ``aotpmail`` fixtures give a test: one face per style, the
same method names on both.

:class:`AsyncOtpmailFixture` is written once. :class:`OtpmailFixture` is derived from it
method by method (:func:`otpmail._core._loop.blocking`): each sync method runs the async
one on otpmail's one loop thread, so a twin cannot drift from its original. Both faces of
one test share one :class:`otpmail.Consumer`, so no mail is handed to the test twice,
whichever face asked.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import (
    AbstractAsyncContextManager,
    AbstractContextManager,
    asynccontextmanager,
    contextmanager,
)
from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypedDict, TypeVar, Unpack

from otpmail._core._criteria import DEFAULT_TIMEOUT
from otpmail._core._envelope import Envelope, NothingArrived
from otpmail._core._errors import OtpmailError
from otpmail._core._loop import LoopThread, blocking
from otpmail._reading._mail import Mail, action_link_of
from otpmail._reading._waiting import PendingEmail, Query, answer, unexpected, wait_for_mail

if TYPE_CHECKING:
    from otpmail._reading._consumer import Consumer
    from otpmail._reading._reader import Reader

P = ParamSpec("P")
T = TypeVar("T")


class MailNotReceived(AssertionError):
    """The fixture's wait helpers fail the test with this: the criteria, the time waited and
    the mail that did arrive."""


class WaitOptions(TypedDict, total=False):
    """The keyword options of every wait helper (``wait``, ``wait_for_code``,
    ``wait_for_link``)."""

    timeout: float
    """Seconds the wait lasts (default 60); the test fails after it."""
    since: datetime | None
    """Only mail delivered at or after it counts (default: the call minus ten seconds,
    never before the delivery of the last mail this test got with the same criteria)."""
    deadline: float | None
    """Seconds each provider call of the wait may take (:meth:`otpmail.Reader.wait_for_email`)."""
    authenticated: bool | None
    """As :meth:`otpmail.Reader.read_emails`' ``authenticated`` (default: the mailbox's)."""


@dataclass(frozen=True)
class _Waiting:
    """:class:`WaitOptions` checked by name (an unknown one is a ``TypeError``)."""

    timeout: float = DEFAULT_TIMEOUT
    since: datetime | None = None
    deadline: float | None = None
    authenticated: bool | None = None


def _failure(exc: OtpmailError, served_by: str) -> MailNotReceived:
    lines = [str(exc)]
    if isinstance(exc, NothingArrived) and exc.arrived:
        lines.append("mail that did arrive in the window:")
        lines.extend(
            f"  {a['received_at']}  from {a['from']}  to {a['to']}  subject {a['subject']!r}"
            for a in exc.arrived
        )
    message = "\n".join(lines)
    if served_by:  # no integrations file: the app must send to the catcher
        message += (
            f"\n(mail is read from {served_by}, as no integrations file is given: "
            "the app under test must send to otpmail_smtp.host and .port)"
        )
    return MailNotReceived(message)


async def _received(mail: Awaitable[Mail], served_by: str) -> Mail:
    """The mail, or the test fails saying why (``MailNotReceived``)."""
    __tracebackhide__ = True
    try:
        return await mail
    except OtpmailError as exc:
        raise _failure(exc, served_by) from None
    except Exception as exc:
        raise _failure(unexpected(exc), served_by) from None


def _missing(email: dict[str, Any], key: str) -> MailNotReceived:
    return MailNotReceived(
        f"the matching email has no {key}: from {email.get('from')} "
        f"subject {email.get('subject')!r}\n{email.get('body', '')[:500]}"
    )


def _code(mail: Mail) -> str:
    __tracebackhide__ = True
    if mail.code:
        return mail.code
    raise _missing(mail.to_dict(), "code")


def _link(mail: Mail) -> str:
    __tracebackhide__ = True
    action = mail.action_link
    if action:
        return action["url"]
    raise _missing(mail.to_dict(), "link")


def _field(email: dict[str, Any], key: str) -> str:
    """``code`` or the action ``link`` of an email dict, as the fixture picks them; the
    test fails when it has none. (``bench/extraction_eval.py`` measures the fixture's
    pick through it.)"""
    __tracebackhide__ = True
    action = action_link_of(email) if key == "link" else None
    value = (action["url"] if action else None) if key == "link" else email.get(key)
    if not value:
        raise _missing(email, key)
    return str(value)


class AsyncPendingMail:
    """What ``aotpmail.expect()`` yields: after the action, await :meth:`email`,
    :meth:`code` or :meth:`link` (all three read the same one mail), or :meth:`value`."""

    def __init__(self, face: AsyncOtpmailFixture, pending: PendingEmail) -> None:
        self._face = face
        self._pending = pending
        self._mail: Mail | None = None

    async def _take(self, timeout: float) -> Mail:
        if self._mail is None:
            self._mail = await self._pending.mail(timeout)
        return self._mail

    async def email(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The matching email (fails the test on timeout)."""
        __tracebackhide__ = True
        return (await _received(self._take(timeout), self._face._served_by)).to_dict()

    async def code(self, timeout: float = DEFAULT_TIMEOUT) -> str:
        """The one-time code of the matching email."""
        __tracebackhide__ = True
        return _code(await _received(self._take(timeout), self._face._served_by))

    async def link(self, timeout: float = DEFAULT_TIMEOUT) -> str:
        """The action link of the matching email."""
        __tracebackhide__ = True
        return _link(await _received(self._take(timeout), self._face._served_by))

    async def value(self, timeout: float = DEFAULT_TIMEOUT) -> Envelope:
        """The library's envelope, as :meth:`otpmail.Reader.expect_email` gives it (no
        failure on timeout: the envelope says what happened)."""
        return await answer(self._take(timeout))


class AsyncOtpmailFixture:
    """The ``aotpmail`` fixture: the ``otpmail`` fixture's async face, for ``async def``
    tests. Same methods, same arguments, awaited; see :class:`OtpmailFixture`."""

    def __init__(
        self, reader: Reader, address: str, consumer: Consumer, *, served_by: str = ""
    ) -> None:
        self.reader = reader
        self.address = address
        self.consumer = consumer
        """This test's :class:`otpmail.Consumer`: what it already got."""
        self._served_by = served_by

    def _query(
        self, to: str | None, sender: str | None, subject: str | None, authenticated: bool | None
    ) -> Query:
        return Query(to or self.address, sender, subject, authenticated)

    async def _mail(
        self, to: str | None, sender: str | None, subject: str | None, options: WaitOptions
    ) -> Mail:
        __tracebackhide__ = True
        waiting = _Waiting(**options)
        return await _received(
            wait_for_mail(
                self.reader,
                self._query(to, sender, subject, waiting.authenticated),
                timeout=waiting.timeout,
                since=waiting.since,
                deadline=waiting.deadline,
                consumer=self.consumer,
            ),
            self._served_by,
        )

    async def read(self, /, to: str | None = None, **kwargs: Any) -> Envelope:
        """``read_emails`` for this test's address; returns the envelope."""
        return await self.reader.read_emails(to or self.address, **kwargs)

    async def wait(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        **options: Unpack[WaitOptions],
    ) -> dict[str, Any]:
        """Wait for the newest matching mail this test has not got yet and return it; on
        timeout the test fails showing the criteria and the mail that did arrive.
        ``options``: ``timeout`` (60), ``since``, ``deadline`` (each provider call, as in
        :meth:`otpmail.Reader.wait_for_email`), ``authenticated``."""
        __tracebackhide__ = True
        return (await self._mail(to, sender, subject, options)).to_dict()

    async def wait_for_code(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        **options: Unpack[WaitOptions],
    ) -> str:
        """Wait like :meth:`wait` and return the mail's one-time code."""
        __tracebackhide__ = True
        return _code(await self._mail(to, sender, subject, options))

    async def wait_for_link(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        **options: Unpack[WaitOptions],
    ) -> str:
        """Wait like :meth:`wait` and return the mail's action link (sign-in, verify, reset)."""
        __tracebackhide__ = True
        return _link(await self._mail(to, sender, subject, options))

    @asynccontextmanager
    async def expect(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> AsyncIterator[AsyncPendingMail]:
        """Mark the start before the action that sends the mail: only mail delivered after
        the block is entered counts. Yields the pending mail."""
        query = self._query(to, sender, subject, authenticated)
        expectation = self.consumer.expect_email(
            query.to, sender, subject, deadline=deadline, authenticated=authenticated
        )
        async with expectation as pending:
            yield AsyncPendingMail(self, pending)


def _blocking_expect(
    method: Callable[Concatenate[AsyncOtpmailFixture, P], AbstractAsyncContextManager[Any]],
) -> Callable[Concatenate[OtpmailFixture, P], AbstractContextManager[PendingMail]]:
    """The sync twin of the async face's ``expect``: the block is entered and left on the
    loop thread, and the pending mail is the sync :class:`PendingMail`."""

    @wraps(method)
    @contextmanager
    def expect(self: OtpmailFixture, /, *args: P.args, **kwargs: P.kwargs) -> Iterator[PendingMail]:
        manager = method(self._aio, *args, **kwargs)
        pending = PendingMail(self, self._loop.run(manager.__aenter__()))
        self._pending.append(pending)
        try:
            yield pending
        except BaseException as exc:
            self._loop.run(manager.__aexit__(type(exc), exc, exc.__traceback__))
            raise
        self._loop.run(manager.__aexit__(None, None, None))

    return expect


def _alias(
    method: Callable[Concatenate[AsyncOtpmailFixture, P], T],
) -> Callable[Concatenate[OtpmailFixture, P], T]:
    """An old name of the async face's ``method`` on the sync fixture (``await_email``…)."""

    @wraps(method)
    def alias(self: OtpmailFixture, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return method(self._aio, *args, **kwargs)

    return alias


class PendingMail:
    """What ``otpmail.expect()`` yields: call :meth:`email`, :meth:`code` or :meth:`link`
    after the action (all three read the same one mail), or :meth:`value`."""

    def __init__(self, fixture: OtpmailFixture, pending: AsyncPendingMail) -> None:
        self._aio = pending
        self._loop = fixture._loop

    email = blocking(AsyncPendingMail.email)
    code = blocking(AsyncPendingMail.code)
    link = blocking(AsyncPendingMail.link)
    value = blocking(AsyncPendingMail.value)

    def _cancel(self) -> None:
        if self._aio._mail is None:
            self._loop.call(self._aio._pending.cancel)


class OtpmailFixture:
    """Per-test access to the configured mailboxes. ``address`` is unique to this test.

    Every method's ``to`` defaults to ``address``. Each wait and each expectation returns
    the newest matching mail this test has not been given yet; a wait counts mail delivered
    at or after ``since`` (default: the call minus ten seconds, and never before the
    delivery of the last mail this test got with the same ``to``, ``sender`` and
    ``subject``). Every wait and expectation takes ``authenticated=`` as
    :meth:`otpmail.Reader.read_emails` does (README, "Is it really from them?"); the
    mailbox's ``authenticated`` setting is the default.

    The methods block (they run on otpmail's loop thread, so they work in sync and async
    tests alike). ``aio`` (the ``aotpmail`` fixture) has the same methods to await. The
    names this fixture had for those before, ``aread``, ``await_email``, ``await_code``,
    ``await_link`` and ``aexpect``, still work: they are ``aio.read``, ``aio.wait``,
    ``aio.wait_for_code``, ``aio.wait_for_link`` and ``aio.expect``.
    """

    def __init__(
        self, reader: Reader, address: str, loop: LoopThread, *, served_by: str = ""
    ) -> None:
        self.reader = reader
        self.address = address
        self._loop = loop
        self._aio = AsyncOtpmailFixture(reader, address, reader.consumer(), served_by=served_by)
        self._pending: list[PendingMail] = []

    @property
    def aio(self) -> AsyncOtpmailFixture:
        """The async face (the ``aotpmail`` fixture): the same methods, awaited."""
        return self._aio

    @property
    def consumer(self) -> Consumer:
        """This test's :class:`otpmail.Consumer`: what it already got."""
        return self._aio.consumer

    def _close(self) -> None:
        """The test is over: stop the expectations it never read."""
        for pending in self._pending:
            pending._cancel()
        self._pending.clear()

    read = blocking(AsyncOtpmailFixture.read)
    wait = blocking(AsyncOtpmailFixture.wait)
    wait_for_code = blocking(AsyncOtpmailFixture.wait_for_code)
    wait_for_link = blocking(AsyncOtpmailFixture.wait_for_link)
    expect = _blocking_expect(AsyncOtpmailFixture.expect)

    # The async face's old names (kept; documented in docs/plugin-api.md).
    aread = _alias(AsyncOtpmailFixture.read)
    await_email = _alias(AsyncOtpmailFixture.wait)
    await_code = _alias(AsyncOtpmailFixture.wait_for_code)
    await_link = _alias(AsyncOtpmailFixture.wait_for_link)
    aexpect = _alias(AsyncOtpmailFixture.expect)

"""The otpmail pytest plugin (registered through the ``pytest11`` entry point).

Fixtures:

``otpmail``
    an :class:`OtpmailFixture` for the test: a unique plus-address (``otpmail.address``)
    and sync and async ways to read, wait, get the code or the link, and expect a mail.
``otpmail_address``
    just the unique address: ``<base local>+<8 hex>@<domain>``, different for every test,
    every xdist worker and every CI job, so parallel runs never see each other's mail.
``otpmail_reader``
    the session's :class:`otpmail.Reader` (tokens are fetched once per run).

Configuration, first match wins: ``--otpmail-integrations FILE``, the ini key
``otpmail_integrations``, ``$OTPMAIL_INTEGRATIONS``, ``./integrations.yaml``. When that file
does not exist the tests that use the fixtures are skipped; ``--otpmail-require`` (ini
``otpmail_require = true``) makes that a failure instead. The base address for plus-addresses
is ``--otpmail-address`` / ini ``otpmail_address``, else the first configured mailbox.

Example::

    def test_sign_up_sends_a_code(page, otpmail):
        page.fill("#email", otpmail.address)
        with otpmail.expect() as pending:
            page.click("text=Send code")
        page.fill("#code", pending.code(timeout=60))
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import threading
from collections.abc import AsyncIterator, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

if TYPE_CHECKING:
    from otpmail._reading._reader import Reader

# otpmail itself is imported only when a test uses a fixture: the plugin is loaded by every
# pytest run in an environment where otpmail is installed.

T = TypeVar("T")

_SALT = secrets.token_hex(8)
"""Differs per test session, so two CI jobs running the same test get different addresses."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the plugin's command-line options and ini keys."""
    group = parser.getgroup("otpmail", "reading verification mail with otpmail")
    group.addoption(
        "--otpmail-integrations", metavar="FILE", help="integrations file for the otpmail fixtures"
    )
    group.addoption(
        "--otpmail-address", metavar="ADDR", help="base address for per-test plus-addresses"
    )
    group.addoption(
        "--otpmail-require",
        action="store_true",
        default=None,
        help="fail (instead of skip) tests using otpmail fixtures when no integrations file exists",
    )
    parser.addini(
        "otpmail_integrations", "integrations file for the otpmail fixtures", default=None
    )
    parser.addini("otpmail_address", "base address for per-test plus-addresses", default=None)
    parser.addini(
        "otpmail_require",
        "fail instead of skip without an integrations file",
        type="bool",
        default=False,
    )


def _integrations_path(config: pytest.Config) -> Path:
    value = config.getoption("otpmail_integrations") or config.getini("otpmail_integrations")
    if value:
        path = Path(value)
        return path if path.is_absolute() else Path(config.rootpath) / path
    from otpmail._core import _config

    return _config.resolve_path(None).absolute()


def _required(config: pytest.Config) -> bool:
    option = config.getoption("otpmail_require")
    return bool(option) if option is not None else bool(config.getini("otpmail_require"))


def plus_address(base: str, test_id: str, salt: str = _SALT) -> str:
    """``local+<8 hex>@domain``, derived from the test id and the session salt.

    >>> plus_address("qa@example.com", "tests/test_a.py::test_b", salt="s")
    'qa+26997091@example.com'
    """
    local, _, domain = base.partition("@")
    local = local.split("+", 1)[0]
    # The salt is per process, so xdist workers and CI jobs differ even for one test id.
    digest = hashlib.sha256(f"{salt}|{test_id}".encode()).hexdigest()[:8]
    return f"{local}+{digest}@{domain}"


class _LoopThread:
    """One event loop in a background thread, so the sync API works in sync and async tests
    alike and keeps one loop (and one poll stream) for the whole session."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self.loop.run_forever, name="otpmail-pytest", daemon=True
        )
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()


class MailNotReceived(AssertionError):
    """The fixture's wait helpers fail the test with this: the criteria, the time waited and
    the mail that did arrive."""


def _describe_failure(envelope: dict[str, Any]) -> str:
    lines = [str(envelope.get("error", "otpmail failed"))]
    arrived = envelope.get("arrived") or []
    if arrived:
        lines.append("mail that did arrive in the window:")
        lines.extend(
            f"  {a['received_at']}  from {a['from']}  to {a['to']}  subject {a['subject']!r}"
            for a in arrived
        )
    return "\n".join(lines)


def _only_email(envelope: dict[str, Any]) -> dict[str, Any]:
    __tracebackhide__ = True
    if envelope.get("status") != "ok":
        raise MailNotReceived(_describe_failure(envelope))
    email: dict[str, Any] = envelope["data"]["emails"][0]
    return email


def _field(email: dict[str, Any], key: str) -> str:
    __tracebackhide__ = True
    if key == "link":
        # The action link (sign in, verify, reset), not merely the first: a logo or a
        # "view in browser" link often comes first.
        from otpmail._decoding import pick_action_link

        # Picked from the mail itself, so the sentence around each link counts as it does
        # for pick_action_link(email); the bare list only when the body was not kept.
        action = pick_action_link(email if email.get("body") else (email.get("links") or []))
        value = action["url"] if action else None
    else:
        value = email.get(key)
    if not value:
        raise MailNotReceived(
            f"the matching email has no {key}: from {email.get('from')} subject {email.get('subject')!r}\n"
            f"{email.get('body', '')[:500]}"
        )
    return str(value)


class PendingMail:
    """What ``otpmail.expect()`` yields: call :meth:`email`, :meth:`code` or :meth:`link`
    after the action."""

    def __init__(self, fixture: OtpmailFixture, pending: Any) -> None:
        self._fixture = fixture
        self._pending = pending

    def email(self, timeout: float = 60) -> dict[str, Any]:
        """The matching email (fails the test on timeout)."""
        __tracebackhide__ = True
        return _only_email(self._fixture._run(self._pending.value(timeout=timeout)))

    def code(self, timeout: float = 60) -> str:
        """The one-time code of the matching email."""
        __tracebackhide__ = True
        return _field(self.email(timeout), "code")

    def link(self, timeout: float = 60) -> str:
        """The action link of the matching email."""
        __tracebackhide__ = True
        return _field(self.email(timeout), "link")


class OtpmailFixture:
    """Per-test access to the configured mailboxes. ``address`` is unique to this test.

    Every method's ``to`` defaults to ``address``.
    """

    def __init__(self, reader: Reader, address: str, loop: _LoopThread) -> None:
        self.reader = reader
        self.address = address
        self._loop = loop

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._loop.run(coro)

    # -- sync ---------------------------------------------------------------------------

    def read(self, to: str | None = None, **kwargs: Any) -> dict[str, Any]:
        """``read_emails`` for this test's address; returns the envelope."""
        return self._run(self.reader.read_emails(to or self.address, **kwargs))

    def wait(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
    ) -> dict[str, Any]:
        """Wait for the mail and return it; on timeout the test fails showing the criteria
        and the mail that did arrive. ``deadline`` bounds each provider call of the wait
        (:meth:`otpmail.Reader.wait_for_email`)."""
        __tracebackhide__ = True
        envelope = self._run(
            self.reader.wait_for_email(
                to or self.address,
                sender,
                subject,
                timeout=timeout,
                since=since,
                deadline=deadline,
            )
        )
        return _only_email(envelope)

    def wait_for_code(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        deadline: float | None = None,
    ) -> str:
        """Wait for the mail and return its one-time code."""
        __tracebackhide__ = True
        return _field(self.wait(to, sender, subject, timeout=timeout, deadline=deadline), "code")

    def wait_for_link(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        deadline: float | None = None,
    ) -> str:
        """Wait for the mail and return its action link (sign-in, verify, reset)."""
        __tracebackhide__ = True
        return _field(self.wait(to, sender, subject, timeout=timeout, deadline=deadline), "link")

    @contextmanager
    def expect(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        deadline: float | None = None,
    ) -> Iterator[PendingMail]:
        """Mark the start before the action that sends the mail (sync tests)."""
        expectation = self.reader.expect_email(
            to or self.address, sender, subject, deadline=deadline
        )
        pending = self._run(expectation.__aenter__())
        try:
            yield PendingMail(self, pending)
        except BaseException:
            pending.cancel()
            raise

    # -- async --------------------------------------------------------------------------

    async def aread(self, to: str | None = None, **kwargs: Any) -> dict[str, Any]:
        """Async ``read_emails`` for this test's address."""
        return await self.reader.read_emails(to or self.address, **kwargs)

    async def await_email(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
    ) -> dict[str, Any]:
        """Async :meth:`wait`."""
        __tracebackhide__ = True
        envelope = await self.reader.wait_for_email(
            to or self.address, sender, subject, timeout=timeout, since=since, deadline=deadline
        )
        return _only_email(envelope)

    async def await_code(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        deadline: float | None = None,
    ) -> str:
        """Async :meth:`wait_for_code`."""
        __tracebackhide__ = True
        envelope = await self.await_email(to, sender, subject, timeout=timeout, deadline=deadline)
        return _field(envelope, "code")

    async def await_link(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        deadline: float | None = None,
    ) -> str:
        """Async :meth:`wait_for_link`."""
        __tracebackhide__ = True
        envelope = await self.await_email(to, sender, subject, timeout=timeout, deadline=deadline)
        return _field(envelope, "link")

    @asynccontextmanager
    async def aexpect(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        deadline: float | None = None,
    ) -> AsyncIterator[Any]:
        """Async :meth:`expect`; yields the pending mail whose ``value()`` is the envelope."""
        expectation = self.reader.expect_email(
            to or self.address, sender, subject, deadline=deadline
        )
        async with expectation as pending:
            yield pending


@pytest.fixture(scope="session")
def _otpmail_session(pytestconfig: pytest.Config) -> Iterator[tuple[Reader, _LoopThread] | None]:
    path = _integrations_path(pytestconfig)
    if not path.is_file():
        yield None
        return
    loop = _LoopThread()
    from otpmail._reading._reader import Reader

    reader = Reader(path)
    try:
        yield reader, loop
    finally:
        loop.run(reader.aclose())
        loop.close()


def _session_or_skip(
    session: tuple[Reader, _LoopThread] | None, config: pytest.Config
) -> tuple[Reader, _LoopThread]:
    __tracebackhide__ = True
    if session is None:
        message = f"otpmail: no integrations file at {_integrations_path(config)} (set --otpmail-integrations)"
        if _required(config):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return session


@pytest.fixture(scope="session")
def otpmail_reader(
    _otpmail_session: tuple[Reader, _LoopThread] | None, pytestconfig: pytest.Config
) -> Reader:
    """The session's Reader over the configured integrations file."""
    return _session_or_skip(_otpmail_session, pytestconfig)[0]


@pytest.fixture
def otpmail_address(
    _otpmail_session: tuple[Reader, _LoopThread] | None,
    pytestconfig: pytest.Config,
    request: pytest.FixtureRequest,
) -> str:
    """A plus-address unique to this test, this worker and this session."""
    reader, _ = _session_or_skip(_otpmail_session, pytestconfig)
    base = pytestconfig.getoption("otpmail_address") or pytestconfig.getini("otpmail_address")
    if not base:
        from otpmail._core._errors import OtpmailError

        try:
            base = reader.config().mailboxes[0].address
        except OtpmailError as exc:
            pytest.fail(f"otpmail: {exc}", pytrace=False)
    return plus_address(str(base), request.node.nodeid)


@pytest.fixture
def otpmail(
    _otpmail_session: tuple[Reader, _LoopThread] | None,
    otpmail_address: str,
    pytestconfig: pytest.Config,
) -> OtpmailFixture:
    """Read, wait for, and take codes and links from the mail this test triggers."""
    reader, loop = _session_or_skip(_otpmail_session, pytestconfig)
    return OtpmailFixture(reader, otpmail_address, loop)

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
does not exist the tests that use the fixtures are skipped, and the terminal summary says
how many; where the ``CI`` environment variable is set they fail instead.
``--otpmail-require`` (ini ``otpmail_require = true``) makes a missing file a failure
anywhere, ``--no-otpmail-require`` (ini ``otpmail_require = false``) a skip even in CI. The
base address for plus-addresses is ``--otpmail-address`` / ini ``otpmail_address``, else
the first configured mailbox.

What a test gets: each ``wait*``/``await*`` call, and each expectation, returns the newest
matching mail this test has not been given yet. A wait counts mail delivered at or after
``since`` (default: the call minus ten seconds, but never before the delivery of the last
mail this test got with the same criteria), so "resend, then ``wait_for_code()``" gives the
new code, and send/wait/send/wait gives both mails in order.

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
import os
import secrets
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

if TYPE_CHECKING:
    from otpmail._reading._reader import Reader
    from otpmail._reading._wait import HandedOut

# otpmail itself is imported only when a test uses a fixture: the plugin is loaded by every
# pytest run in an environment where otpmail is installed.

T = TypeVar("T")

_SALT = secrets.token_hex(8)
"""Differs per test session, so two CI jobs running the same test get different addresses."""

_NO_FILE = "otpmail: no integrations file at "
"""How the skip (or failure) for a missing integrations file begins; the terminal summary
counts the skips by it."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the plugin's command-line options and ini keys."""
    group = parser.getgroup("otpmail", "reading verification mail with otpmail")
    group.addoption(
        "--otpmail-integrations", metavar="FILE", help="integrations file for the otpmail fixtures"
    )
    group.addoption(
        "--otpmail-address", metavar="ADDR", help="base address for per-test plus-addresses"
    )
    # Two flags, not --otpmail-require=BOOL: an option with an optional value would take
    # the test path that follows it (pytest --otpmail-require tests/) for its value.
    group.addoption(
        "--otpmail-require",
        action="store_true",
        dest="otpmail_require",
        default=None,
        help="fail (instead of skip) tests using otpmail fixtures when no integrations file "
        "exists; the default where the CI environment variable is set",
    )
    group.addoption(
        "--no-otpmail-require",
        action="store_false",
        dest="otpmail_require",
        default=None,
        help="skip tests using otpmail fixtures when no integrations file exists, even in CI",
    )
    parser.addini(
        "otpmail_integrations", "integrations file for the otpmail fixtures", default=None
    )
    parser.addini("otpmail_address", "base address for per-test plus-addresses", default=None)
    parser.addini(
        "otpmail_require",
        "fail (true) or skip (false) without an integrations file; unset: fail where CI is set",
        type="bool",
        default=None,
    )


@dataclass(frozen=True)
class _Source:
    """Where the session's integrations file is, and whether the user named it (option,
    ini key or ``$OTPMAIL_INTEGRATIONS``) or it is the default ``./integrations.yaml``."""

    path: Path
    explicit: bool


def _source(config: pytest.Config) -> _Source:
    value = config.getoption("otpmail_integrations") or config.getini("otpmail_integrations")
    if value:
        path = Path(value)
        return _Source(path if path.is_absolute() else Path(config.rootpath) / path, True)
    from otpmail._core import _config

    return _Source(_config.resolve_path(None).absolute(), bool(os.environ.get(_config.ENV_VAR)))


def _integrations_path(config: pytest.Config) -> Path:
    return _source(config).path


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def _required(config: pytest.Config) -> tuple[bool, str]:
    """Whether a missing integrations file fails the tests, and what said so: the option,
    else the ini key, else whether ``CI`` is set."""
    option = config.getoption("otpmail_require")
    if option is not None:
        return bool(option), "--otpmail-require" if option else "--no-otpmail-require"
    ini = config.getini("otpmail_require")
    if isinstance(ini, bool):  # unset is None (pytest 9) or [] (pytest 8)
        return ini, f"otpmail_require = {str(ini).lower()}"
    return _in_ci(), "CI is set" if _in_ci() else "CI is not set"


def _skipped_for_lack_of_a_file(report: pytest.TestReport) -> bool:
    longrepr = report.longrepr
    # (path, line, "Skipped: reason"); a list once it has come from an xdist worker.
    return (
        isinstance(longrepr, tuple | list)
        and len(longrepr) == 3
        and str(longrepr[2]).removeprefix("Skipped: ").startswith(_NO_FILE)
    )


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """One line saying how many tests were skipped for lack of an integrations file, so a
    green run that read no mail says so without ``-rs``. Counts the workers' reports too
    (pytest-xdist)."""
    skipped = [
        r
        for r in terminalreporter.stats.get("skipped", [])
        if isinstance(r, pytest.TestReport) and _skipped_for_lack_of_a_file(r)
    ]
    if skipped:
        terminalreporter.write_line(
            f"otpmail: {len(skipped)} test(s) skipped: no integrations file at "
            f"{_integrations_path(config)} (where CI is set they fail instead)"
        )


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

    def call(self, function: Callable[[], None]) -> None:
        """Run ``function`` on the loop's thread (asyncio objects are not thread-safe)."""

        async def call() -> None:
            function()

        self.run(call())

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


_Key = tuple[str, str | None, str | None]
"""The criteria of a wait (recipient, sender, subject): the fixture's time floor is kept
per criteria."""


class PendingMail:
    """What ``otpmail.expect()`` yields: call :meth:`email`, :meth:`code` or :meth:`link`
    after the action. All three read the same one mail."""

    def __init__(self, fixture: OtpmailFixture, key: _Key, pending: Any) -> None:
        self._fixture = fixture
        self._key = key
        self._pending = pending
        self._email: dict[str, Any] | None = None

    def email(self, timeout: float = 60) -> dict[str, Any]:
        """The matching email (fails the test on timeout)."""
        __tracebackhide__ = True
        if self._email is None:
            envelope = self._fixture._run(self._pending.value(timeout=timeout))
            self._email = self._fixture._got(self._key, envelope)
        return self._email

    def code(self, timeout: float = 60) -> str:
        """The one-time code of the matching email."""
        __tracebackhide__ = True
        return _field(self.email(timeout), "code")

    def link(self, timeout: float = 60) -> str:
        """The action link of the matching email."""
        __tracebackhide__ = True
        return _field(self.email(timeout), "link")

    def _cancel(self) -> None:
        if self._email is None:
            self._fixture._loop.call(self._pending.cancel)


class AsyncPendingMail:
    """What ``otpmail.aexpect()`` yields: the async twin of :class:`PendingMail`, with
    awaitable :meth:`email`, :meth:`code` and :meth:`link` that fail the test the same way."""

    def __init__(self, fixture: OtpmailFixture, key: _Key, pending: Any) -> None:
        self._fixture = fixture
        self._key = key
        self._pending = pending
        self._email: dict[str, Any] | None = None

    async def email(self, timeout: float = 60) -> dict[str, Any]:
        """The matching email (fails the test on timeout)."""
        __tracebackhide__ = True
        if self._email is None:
            envelope = await self._pending.value(timeout=timeout)
            self._email = self._fixture._got(self._key, envelope)
        return self._email

    async def code(self, timeout: float = 60) -> str:
        """The one-time code of the matching email."""
        __tracebackhide__ = True
        return _field(await self.email(timeout), "code")

    async def link(self, timeout: float = 60) -> str:
        """The action link of the matching email."""
        __tracebackhide__ = True
        return _field(await self.email(timeout), "link")

    async def value(self, timeout: float = 60) -> dict[str, Any]:
        """The library's envelope, as :meth:`otpmail.Reader.expect_email` gives it (no
        failure on timeout: the envelope says what happened)."""
        envelope: dict[str, Any] = await self._pending.value(timeout=timeout)
        if envelope.get("status") == "ok" and self._email is None:
            self._email = self._fixture._got(self._key, envelope)
        return envelope


class OtpmailFixture:
    """Per-test access to the configured mailboxes. ``address`` is unique to this test.

    Every method's ``to`` defaults to ``address``. Each wait and each expectation returns
    the newest matching mail this test has not been given yet; a wait counts mail delivered
    at or after ``since`` (default: the call minus ten seconds, and never before the
    delivery of the last mail this test got with the same ``to``, ``sender`` and
    ``subject``). Every wait and expectation takes ``authenticated=True`` to count only mail
    the receiving server authenticated for its From domain (README, "Is it really from
    them?"); the mailbox's ``authenticated`` setting is the default.
    """

    def __init__(self, reader: Reader, address: str, loop: _LoopThread) -> None:
        from otpmail._reading._wait import HandedOut

        self.reader = reader
        self.address = address
        self._loop = loop
        self._handed_out: HandedOut = HandedOut()
        self._floors: dict[_Key, datetime] = {}
        self._pending: list[PendingMail] = []

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return self._loop.run(coro)

    def _key(self, to: str | None, sender: str | None, subject: str | None) -> _Key:
        return ((to or self.address).strip().lower(), sender, subject)

    def _since(self, key: _Key, since: datetime | None) -> datetime | None:
        """The ``since`` of a wait: the caller's, else never before the last mail this test
        got with these criteria (else the library's default)."""
        if since is not None:
            return since
        floor = self._floors.get(key)
        if floor is None:
            return None
        from otpmail._reading._wait import SKEW_ALLOWANCE

        return max(datetime.now(UTC) - SKEW_ALLOWANCE, floor)

    def _got(self, key: _Key, envelope: dict[str, Any]) -> dict[str, Any]:
        """The email of an ok envelope, recorded as handed out; else the test fails."""
        __tracebackhide__ = True
        email = _only_email(envelope)
        delivered = datetime.fromisoformat(str(email["received_at"]).replace("Z", "+00:00"))
        floor = self._floors.get(key)
        self._floors[key] = delivered if floor is None else max(floor, delivered)
        return email

    def _close(self) -> None:
        """The test is over: stop the expectations it never read."""
        for pending in self._pending:
            pending._cancel()
        self._pending.clear()

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
        authenticated: bool | None = None,
    ) -> dict[str, Any]:
        """Wait for the newest matching mail this test has not got yet and return it; on
        timeout the test fails showing the criteria and the mail that did arrive.
        ``deadline`` bounds each provider call of the wait
        (:meth:`otpmail.Reader.wait_for_email`)."""
        __tracebackhide__ = True
        key = self._key(to, sender, subject)
        envelope = self._run(
            self.reader._wait(
                to or self.address,
                sender,
                subject,
                timeout=timeout,
                since=self._since(key, since),
                deadline=deadline,
                handed_out=self._handed_out,
                authenticated=authenticated,
            )
        )
        return self._got(key, envelope)

    def wait_for_code(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> str:
        """Wait like :meth:`wait` and return the mail's one-time code."""
        __tracebackhide__ = True
        email = self.wait(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            deadline=deadline,
            authenticated=authenticated,
        )
        return _field(email, "code")

    def wait_for_link(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> str:
        """Wait like :meth:`wait` and return the mail's action link (sign-in, verify, reset)."""
        __tracebackhide__ = True
        email = self.wait(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            deadline=deadline,
            authenticated=authenticated,
        )
        return _field(email, "link")

    @contextmanager
    def expect(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> Iterator[PendingMail]:
        """Mark the start before the action that sends the mail (sync tests). Only mail
        delivered after the block is entered counts."""
        expectation = self.reader._expect(
            to or self.address,
            sender,
            subject,
            deadline=deadline,
            handed_out=self._handed_out,
            authenticated=authenticated,
        )
        pending = PendingMail(self, self._key(to, sender, subject), None)
        pending._pending = self._run(expectation.__aenter__())
        self._pending.append(pending)
        try:
            yield pending
        except BaseException:
            pending._cancel()
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
        authenticated: bool | None = None,
    ) -> dict[str, Any]:
        """Async :meth:`wait`."""
        __tracebackhide__ = True
        key = self._key(to, sender, subject)
        envelope = await self.reader._wait(
            to or self.address,
            sender,
            subject,
            timeout=timeout,
            since=self._since(key, since),
            deadline=deadline,
            handed_out=self._handed_out,
            authenticated=authenticated,
        )
        return self._got(key, envelope)

    async def await_code(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> str:
        """Async :meth:`wait_for_code`."""
        __tracebackhide__ = True
        email = await self.await_email(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            deadline=deadline,
            authenticated=authenticated,
        )
        return _field(email, "code")

    async def await_link(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        timeout: float = 60,
        since: datetime | None = None,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> str:
        """Async :meth:`wait_for_link`."""
        __tracebackhide__ = True
        email = await self.await_email(
            to,
            sender,
            subject,
            timeout=timeout,
            since=since,
            deadline=deadline,
            authenticated=authenticated,
        )
        return _field(email, "link")

    @asynccontextmanager
    async def aexpect(
        self,
        to: str | None = None,
        sender: str | None = None,
        subject: str | None = None,
        *,
        deadline: float | None = None,
        authenticated: bool | None = None,
    ) -> AsyncIterator[AsyncPendingMail]:
        """Async :meth:`expect`; yields an :class:`AsyncPendingMail`."""
        expectation = self.reader._expect(
            to or self.address,
            sender,
            subject,
            deadline=deadline,
            handed_out=self._handed_out,
            authenticated=authenticated,
        )
        async with expectation as pending:
            yield AsyncPendingMail(self, self._key(to, sender, subject), pending)


@pytest.fixture(scope="session")
def _otpmail_session(pytestconfig: pytest.Config) -> Iterator[tuple[Reader, _LoopThread] | None]:
    source = _source(pytestconfig)
    if not source.path.is_file():
        yield None
        return
    loop = _LoopThread()
    from otpmail._reading._reader import Reader

    reader = Reader(source.path)
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
        message = f"{_NO_FILE}{_integrations_path(config)} (set --otpmail-integrations)"
        required, why = _required(config)
        if required:
            pytest.fail(
                f"{message}; {why}: a missing file fails the tests that need mail "
                "(--no-otpmail-require skips them instead)",
                pytrace=False,
            )
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
) -> Iterator[OtpmailFixture]:
    """Read, wait for, and take codes and links from the mail this test triggers."""
    reader, loop = _session_or_skip(_otpmail_session, pytestconfig)
    fixture = OtpmailFixture(reader, otpmail_address, loop)
    yield fixture
    fixture._close()

"""The otpmail pytest plugin (registered through the ``pytest11`` entry point).

Fixtures:

``otpmail``
    an :class:`OtpmailFixture` for the test: a unique plus-address (``otpmail.address``)
    and blocking ways to read, wait, get the code or the link, and expect a mail.
``aotpmail``
    the same fixture's async face (:class:`AsyncOtpmailFixture`, ``otpmail.aio``): the
    same methods with the same arguments, awaited (docs/plugin-api.md).
``otpmail_address``
    just the unique address: ``<base local>+<8 hex>@<domain>``, different for every test,
    every xdist worker and every CI job, so parallel runs never see each other's mail.
``otpmail_reader``
    the session's :class:`otpmail.Reader` (tokens are fetched once per run).

``otpmail_smtp``
    the built-in SMTP catcher (:class:`SmtpCatcher`: ``host``, ``port``, ``maildir``),
    started on a free port of 127.0.0.1 for the test session when no integrations file is
    given: point the app under test's SMTP settings at it and the ``otpmail`` fixture reads
    what it stores. Under pytest-xdist each worker has its own, unless a conftest starts one
    for the whole run with :func:`start_shared_catcher`.

Configuration, first match wins: ``--otpmail-integrations FILE``, the ini key
``otpmail_integrations``, ``$OTPMAIL_INTEGRATIONS``, ``./integrations.yaml``. A file that is
named (the first three) must exist: a missing one fails the tests that use the fixtures.
Without any, the built-in catcher serves them, unless ``--otpmail-require`` (ini
``otpmail_require = true``) demands a file; ``--no-otpmail-require`` overrides that ini key.
The terminal summary says which mailbox served how many tests. The base address for
plus-addresses is ``--otpmail-address`` / ini ``otpmail_address``, else the first
configured mailbox (the catcher's is ``qa@example.com``).

What a test gets: each wait, on either face, and each expectation, returns the newest
matching mail this test has not been given yet (the test's :class:`otpmail.Consumer`). A
wait counts mail delivered at or after ``since`` (default: the call minus ten seconds, but
never before the delivery of the last mail this test got with the same criteria), so
"resend, then ``wait_for_code()``" gives the new code, and send/wait/send/wait gives both
mails in order.

Example::

    @pytest.fixture(scope="session")
    def app(otpmail_smtp):  # no integrations file: the built-in catcher
        return start_app(smtp_host=otpmail_smtp.host, smtp_port=otpmail_smtp.port)

    def test_sign_up_sends_a_code(page, app, otpmail):
        page.fill("#email", otpmail.address)
        with otpmail.expect() as pending:
            page.click("text=Send code")
        page.fill("#code", pending.code(timeout=60))
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from otpmail._core._loop import LoopThread
    from otpmail._frontends._catch import BackgroundCatcher
    from otpmail._frontends._pytest_faces import (
        AsyncOtpmailFixture,
        AsyncPendingMail,
        MailNotReceived,
        OtpmailFixture,
        PendingMail,
        WaitOptions,
    )
    from otpmail._reading._reader import Reader

# otpmail itself is imported only when a test uses a fixture (or a name of the fixture
# faces below): the plugin is loaded by every pytest run where otpmail is installed.
_FACES = frozenset(
    {
        "AsyncOtpmailFixture",
        "AsyncPendingMail",
        "MailNotReceived",
        "OtpmailFixture",
        "PendingMail",
        "WaitOptions",
        "_field",
    }
)


def __getattr__(name: str) -> Any:
    if name not in _FACES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from otpmail._frontends import _pytest_faces as _faces

    value = getattr(_faces, name)
    globals()[name] = value
    return value


_SALT = secrets.token_hex(8)
"""Differs per test session, so two CI jobs running the same test get different addresses."""

_READING_FIXTURE = "_otpmail_session"
"""The fixture every mail-reading fixture depends on: a test that set it up was served."""


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
        help="fail tests using otpmail fixtures when no integrations file exists, instead of "
        "serving them with the built-in catcher",
    )
    group.addoption(
        "--no-otpmail-require",
        action="store_false",
        dest="otpmail_require",
        default=None,
        help="serve tests with the built-in catcher when no integrations file exists (the "
        "default; overrides otpmail_require = true)",
    )
    parser.addini(
        "otpmail_integrations", "integrations file for the otpmail fixtures", default=None
    )
    parser.addini("otpmail_address", "base address for per-test plus-addresses", default=None)
    parser.addini(
        "otpmail_require",
        "true: fail without an integrations file instead of using the built-in catcher",
        type="bool",
        default=None,
    )


@dataclass(frozen=True)
class _Source:
    """Where the session's integrations file is, and what named it (the option, the ini
    key or ``$OTPMAIL_INTEGRATIONS``; ``None`` for the default ``./integrations.yaml``)."""

    path: Path
    named_by: str | None


def _source(config: pytest.Config) -> _Source:
    from otpmail._core import _config

    option = config.getoption("otpmail_integrations")
    value, named_by = (
        (option, "--otpmail-integrations")
        if option
        else (config.getini("otpmail_integrations"), "the ini key otpmail_integrations")
    )
    if value:
        path = Path(value)
        return _Source(path if path.is_absolute() else Path(config.rootpath) / path, named_by)
    named = f"${_config.ENV_VAR}" if os.environ.get(_config.ENV_VAR) else None
    return _Source(_config.resolve_path(None).absolute(), named)


def _required(config: pytest.Config) -> str | None:
    """What demands an integrations file (the option, else the ini key), or ``None``: then
    the built-in catcher serves a run without one."""
    option = config.getoption("otpmail_require")
    if option is not None:
        return "--otpmail-require" if option else None
    ini = config.getini("otpmail_require")
    return "otpmail_require = true" if ini is True else None  # unset: None or [] (pytest 8)


def _no_catcher_reason(config: pytest.Config, source: _Source) -> str | None:
    """Why the built-in catcher may not serve this run: a file to read instead, a named
    file that is missing, or a file demanded; ``None`` when it may."""
    if source.path.is_file():
        return (
            f"otpmail: this run reads mail through {source.path}; the built-in catcher "
            "(otpmail_smtp) serves only runs without an integrations file"
        )
    if source.named_by is not None:
        return (
            f"otpmail: the integrations file {source.path}, named by {source.named_by}, does "
            "not exist"
        )
    required = _required(config)
    if required is not None:
        return (
            f"otpmail: no integrations file at {source.path}, and {required} demands one "
            "(without it the built-in catcher, otpmail_smtp, would serve the tests)"
        )
    return None


# ---------------------------------------------------------------------------------------
# The built-in catcher


@dataclass(frozen=True)
class SmtpCatcher:
    """What ``otpmail_smtp`` gives: where the built-in catcher listens and where it stores.

    Point the app under test at ``host``/``port`` (plain SMTP, no TLS, no AUTH); the
    ``otpmail`` fixture reads ``maildir`` through the ``integrations`` file beside it.
    """

    host: str
    port: int
    maildir: Path
    integrations: Path

    def describe(self) -> str:
        return f"the built-in catcher at {self.host}:{self.port}, Maildir {self.maildir}"


_SHARED = pytest.StashKey[SmtpCatcher]()
_OWN = pytest.StashKey[tuple[SmtpCatcher, "BackgroundCatcher"]]()
_WORKER_KEY = "otpmail_smtp"
"""The shared catcher's fields in an xdist worker's ``workerinput``."""


def _start_catcher(folder: Path) -> tuple[SmtpCatcher, BackgroundCatcher]:
    """A catcher on a free port of 127.0.0.1 storing into ``folder/maildir``, and the
    integrations file that reads it at ``folder/integrations.yaml``.

    Raises:
        CatcherError: it could not start.
    """
    from otpmail._frontends import _catch

    maildir = _catch.prepare_maildir(folder / "maildir")
    file = _catch.write_integrations(
        folder / "integrations.yaml", _catch.integrations_text(maildir)
    )
    running = _catch.BackgroundCatcher(_catch.Catcher(maildir, port=0)).start()
    return SmtpCatcher(running.host, running.port, maildir, file), running


def _shared_catcher(config: pytest.Config) -> SmtpCatcher | None:
    """The run's shared catcher: started in this process, or by the xdist controller."""
    shared = config.stash.get(_SHARED, None)
    if shared is None:
        fields = getattr(config, "workerinput", {}).get(_WORKER_KEY)
        if fields:
            shared = SmtpCatcher(
                str(fields["host"]),
                int(fields["port"]),
                Path(fields["maildir"]),
                Path(fields["integrations"]),
            )
            config.stash[_SHARED] = shared
    return shared


def start_shared_catcher(config: pytest.Config) -> SmtpCatcher:
    """Start the built-in catcher once for the whole run, shared by every pytest-xdist
    worker, and return it: for an app under test that starts once for the run, before the
    workers. Call it from ``pytest_configure`` (or ``pytest_sessionstart``) in a conftest;
    in a worker it returns the controller's catcher, and ``otpmail_smtp`` is that catcher
    everywhere. It stops, and its Maildir is removed, when pytest ends.

    Example (conftest.py)::

        def pytest_configure(config):
            smtp = start_shared_catcher(config)
            if not hasattr(config, "workerinput"):  # the controller, or a run without xdist
                start_app(smtp_host=smtp.host, smtp_port=smtp.port)

    Raises:
        pytest.UsageError: the catcher may not serve this run (an integrations file is
            given, a named one is missing, or ``--otpmail-require``), or cannot start.
    """
    shared = _shared_catcher(config)
    if shared is not None:
        return shared
    reason = _no_catcher_reason(config, _source(config))
    if reason is not None:
        raise pytest.UsageError(reason)
    from otpmail._frontends._catch import CatcherError

    folder = Path(tempfile.mkdtemp(prefix="otpmail-catcher-"))
    try:
        shared, running = _start_catcher(folder)
    except CatcherError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise pytest.UsageError(f"otpmail: the built-in catcher cannot start: {exc}") from None

    def stop() -> None:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)

    config.add_cleanup(stop)
    config.stash[_SHARED] = shared
    return shared


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist, in the controller: hand the shared catcher, if any, to each worker."""
    shared = node.config.stash.get(_SHARED, None)
    if shared is not None:
        fields = {k: str(v) if isinstance(v, Path) else v for k, v in asdict(shared).items()}
        node.workerinput[_WORKER_KEY] = fields


# ---------------------------------------------------------------------------------------
# Which mailbox served the tests: counted where the tests run, summed in the controller


@dataclass
class _Served:
    what: str
    tests: int = 0


_SERVED = pytest.StashKey[_Served]()
_SERVED_ALL = pytest.StashKey[dict[str, int]]()
_SERVED_KEY = "otpmail_served"


def _served_by_file(path: Path, reader: Reader) -> str:
    from otpmail._core._errors import OtpmailError

    try:
        mailboxes = reader.config().mailboxes
    except OtpmailError:  # the tests say why; the summary names the file
        return str(path)
    return f"{path} ({', '.join(f'{m.address}: {m.provider}' for m in mailboxes)})"


def _record(config: pytest.Config, what: str, tests: int) -> None:
    totals = config.stash.setdefault(_SERVED_ALL, {})
    totals[what] = totals.get(what, 0) + tests


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Count a test that was served mail (its reading fixtures were set up)."""
    served = item.config.stash.get(_SERVED, None)
    funcargs = getattr(item, "funcargs", {})
    if served is None or _READING_FIXTURE not in funcargs:
        return
    served.tests += 1
    workeroutput = getattr(item.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: the controller prints the summary
        workeroutput[_SERVED_KEY] = {served.what: served.tests}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist, in the controller: add up what each worker's tests were served by."""
    for what, tests in (getattr(node, "workeroutput", {}) or {}).get(_SERVED_KEY, {}).items():
        _record(node.config, str(what), int(tests))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """One line per mailbox that served tests (the file's, or a built-in catcher's, with
    its port and Maildir), counting the workers' tests too (pytest-xdist)."""
    stashed: dict[str, int] | None = config.stash.get(_SERVED_ALL, None)
    totals = dict(stashed or {})
    served = config.stash.get(_SERVED, None)
    if served is not None and served.tests and not hasattr(config, "workeroutput"):
        totals[served.what] = totals.get(served.what, 0) + served.tests
    for what, tests in totals.items():
        terminalreporter.write_line(
            f"otpmail: {tests} test{'s' if tests != 1 else ''} read mail from {what}"
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


@pytest.fixture(scope="session")
def otpmail_smtp(
    pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SmtpCatcher]:
    """The built-in SMTP catcher for this test session: on a free port of 127.0.0.1,
    storing into a Maildir under pytest's temporary folder (kept as ``tmp_path`` folders
    are), which the ``otpmail`` fixture reads when no integrations file is given.

    Under pytest-xdist each worker has its own (its app under test, started by a session
    fixture, sends to it), unless :func:`start_shared_catcher` started one for the run.
    With an integrations file there is no catcher: the tests that use it fail, saying so.
    """
    __tracebackhide__ = True
    shared = _shared_catcher(pytestconfig)
    if shared is not None:
        yield shared
        return
    reason = _no_catcher_reason(pytestconfig, _source(pytestconfig))
    if reason is not None:
        pytest.fail(reason, pytrace=False)
    from otpmail._frontends._catch import CatcherError

    try:
        catcher, running = _start_catcher(tmp_path_factory.mktemp("otpmail-catcher"))
    except CatcherError as exc:
        pytest.fail(f"otpmail: the built-in catcher cannot start: {exc}", pytrace=False)
    try:
        yield catcher
    finally:
        running.stop()


@pytest.fixture(scope="session")
def _otpmail_session(
    pytestconfig: pytest.Config, request: pytest.FixtureRequest
) -> Iterator[tuple[Reader, LoopThread, str]]:
    """The session's Reader (over the integrations file, else over the built-in
    catcher's Maildir), its loop, and what it reads, for the summary."""
    __tracebackhide__ = True
    source = _source(pytestconfig)
    if source.path.is_file():
        path, served_by = source.path, ""
    else:
        reason = _no_catcher_reason(pytestconfig, source)
        if reason is not None:
            pytest.fail(reason, pytrace=False)
        catcher: SmtpCatcher = request.getfixturevalue("otpmail_smtp")
        path, served_by = catcher.integrations, catcher.describe()
    from otpmail._core._loop import shared_loop
    from otpmail._reading._reader import Reader

    reader = Reader(path)
    pytestconfig.stash[_SERVED] = _Served(served_by or _served_by_file(path, reader))
    # The process's one loop thread, which read_emails_sync uses too; it outlives the
    # session, the Reader's clients do not.
    loop = shared_loop()
    try:
        yield reader, loop, served_by
    finally:
        loop.run(reader.aclose())


@pytest.fixture(scope="session")
def otpmail_reader(_otpmail_session: tuple[Reader, LoopThread, str]) -> Reader:
    """The session's Reader over the integrations file (or the built-in catcher's)."""
    return _otpmail_session[0]


@pytest.fixture
def otpmail_address(
    _otpmail_session: tuple[Reader, LoopThread, str],
    pytestconfig: pytest.Config,
    request: pytest.FixtureRequest,
) -> str:
    """A plus-address unique to this test, this worker and this session."""
    reader = _otpmail_session[0]
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
    _otpmail_session: tuple[Reader, LoopThread, str], otpmail_address: str
) -> Iterator[OtpmailFixture]:
    """Read, wait for, and take codes and links from the mail this test triggers."""
    from otpmail._frontends._pytest_faces import OtpmailFixture

    reader, loop, served_by = _otpmail_session
    fixture = OtpmailFixture(reader, otpmail_address, loop, served_by=served_by)
    yield fixture
    fixture._close()


@pytest.fixture
def aotpmail(otpmail: OtpmailFixture) -> AsyncOtpmailFixture:
    """The ``otpmail`` fixture's async face (``otpmail.aio``), for ``async def`` tests: the
    same methods, awaited, and the same record of what the test already got."""
    return otpmail.aio


__all__ = [
    "AsyncOtpmailFixture",
    "AsyncPendingMail",
    "MailNotReceived",
    "OtpmailFixture",
    "PendingMail",
    "SmtpCatcher",
    "WaitOptions",
    "plus_address",
    "start_shared_catcher",
]

"""The built-in SMTP catcher: ``otpmail catch`` and the pytest plugin's ``otpmail_smtp``.

An aiosmtpd server, on loopback addresses only (:func:`loopback_host`), that stores every
message byte for byte in a Maildir (:class:`mailbox.Maildir`) for the Maildir provider to read.
It appends the SMTP envelope as ``X-MailFrom`` and ``X-RcptTo`` (:func:`stored_message`),
dropping any copies the sender wrote, so mail addressed only by the envelope is found; and it
accepts only what the reader will read (the size bound, :data:`MAX_RECIPIENTS`). The reasons:
docs/internals.md; the promises: claims C33 and C42-C44 in docs/security/claims.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import mailbox
import os
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from otpmail._core._bounds import DEFAULT_LIMITS, HEADER_LINE, MAX_RAW_HEADER_CHARS, Limits
from otpmail._providers._maildir import ENVELOPE_HEADER

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8025
DEFAULT_ADDRESS = "qa@example.com"
"""The address of the catcher's mailbox entry, the base of the fixture's plus-addresses.
A catcher's Maildir is the only mailbox of its integrations file, so every recipient is
read from it whatever its domain; ``example.com`` is reserved for examples (RFC 2606) and
accepted by address validators, unlike ``.test``."""

MAX_RECIPIENTS = 100
"""Recipients per message: the number RFC 5321 (4.5.3.1.8) requires a server to accept."""
GRACE_SECONDS = 5.0
"""How long a stop waits for a message still being received before it closes the link."""
MAIL_FROM_HEADER = "X-MailFrom"
CATCHER_HEADERS = (MAIL_FROM_HEADER, ENVELOPE_HEADER)
"""The headers the catcher writes; a sender's copies of them are dropped."""

# Exit statuses of ``otpmail catch`` (besides the command line's 70, 74), from sysexits.h.
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 69
"""EX_UNAVAILABLE: the address cannot be listened on (in use, not permitted)."""
EXIT_CANT_CREATE = 73
"""EX_CANTCREAT: the Maildir or the integrations file cannot be created or written."""


class CatcherError(Exception):
    """A catcher cannot start: the message to show and the exit status of ``otpmail catch``."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Delivered:
    """One message the catcher stored."""

    key: str
    """The Maildir file name, in ``new/``."""
    mail_from: str
    recipients: tuple[str, ...]
    size: int


# ---------------------------------------------------------------------------------------
# What a catcher is given: checked before anything listens or is written


def loopback_host(host: str) -> str:
    """``host`` if it is a loopback address (``localhost`` is 127.0.0.1), else refused.

    >>> loopback_host("localhost"), loopback_host("::1")
    ('127.0.0.1', '::1')
    >>> loopback_host("0.0.0.0")
    Traceback (most recent call last):
    ...
    otpmail._frontends._catch.CatcherError: otpmail catch listens on loopback addresses only (127.0.0.0/8, ::1), not 0.0.0.0: a catcher others can reach lets them plant codes and links in the mail the tests trust
    """
    text = host.strip()
    if text.lower() == "localhost":
        return DEFAULT_HOST
    try:
        loopback = ipaddress.ip_address(text.strip("[]")).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise CatcherError(
            f"otpmail catch listens on loopback addresses only (127.0.0.0/8, ::1), not "
            f"{host}: a catcher others can reach lets them plant codes and links in the mail "
            "the tests trust",
            EXIT_USAGE,
        )
    return text.strip("[]")


def check_port(value: int) -> int:
    """A TCP port, or 0 for one the system picks."""
    if not 0 <= value <= 65535:
        raise CatcherError(f"--port must be 0 to 65535 (0: any free port), not {value}", EXIT_USAGE)
    return value


def prepare_maildir(path: Path) -> Path:
    """The absolute path of a Maildir that exists and can be written: created if missing
    (with ``cur/``, ``new/`` and ``tmp/``); refused if it is a file, or a folder with other
    content that is not a Maildir (so a mistyped path never fills a project folder)."""
    folder = path.absolute()
    if folder.exists() and not folder.is_dir():
        raise CatcherError(f"{folder} is a file, not a Maildir folder", EXIT_CANT_CREATE)
    subfolders = ("cur", "new", "tmp")
    if (
        folder.is_dir()
        and not all((folder / sub).is_dir() for sub in subfolders)
        and any(entry.name not in subfolders for entry in folder.iterdir())
    ):
        raise CatcherError(
            f"{folder} holds other files and is not a Maildir (no cur/, new/, tmp/): name a "
            "new or empty folder",
            EXIT_CANT_CREATE,
        )
    try:
        mailbox.Maildir(folder, create=True)
        # A real write, not os.access: the permission bits do not bind root, and a
        # read-only mount or a full disk shows only when writing.
        with tempfile.NamedTemporaryFile(dir=folder / "tmp", prefix=".otpmail-probe-"):
            pass
    except OSError as exc:
        raise CatcherError(
            f"cannot write the Maildir {folder}: {exc.strerror or type(exc).__name__}",
            EXIT_CANT_CREATE,
        ) from None
    return folder


def integrations_text(maildir: Path, address: str = DEFAULT_ADDRESS) -> str:
    """The integrations file that reads the catcher's Maildir, valid for
    :func:`otpmail._core._config.parse` (YAML quoting is the YAML library's).

    >>> print(integrations_text(Path("/tmp/mail")), end="")
    email:
      mailboxes:
      - provider: maildir
        address: qa@example.com
        path: /tmp/mail
    """
    document = {
        "email": {"mailboxes": [{"provider": "maildir", "address": address, "path": str(maildir)}]}
    }
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True)


def write_integrations(file: Path, text: str) -> Path:
    """Write ``text`` to ``file`` unless a different file is already there (an existing
    integrations file is the user's: never overwritten)."""
    target = file.absolute()
    try:
        if target.exists():
            if target.is_file() and target.read_text(encoding="utf-8") == text:
                return target
            raise CatcherError(
                f"{target} exists and is not this catcher's integrations file: not overwritten "
                "(name another file, or remove it)",
                EXIT_CANT_CREATE,
            )
        target.write_text(text, encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise CatcherError(f"cannot write {target}: {reason}", EXIT_CANT_CREATE) from None
    return target


# ---------------------------------------------------------------------------------------
# The SMTP side


_DROPPED = {name.lower().encode("ascii") for name in CATCHER_HEADERS}


def stored_message(raw: bytes, mail_from: str, recipients: tuple[str, ...]) -> bytes:
    """The file the catcher stores for a message received as ``raw``: the message's bytes
    as they came, less the sender's ``X-MailFrom``/``X-RcptTo`` fields, with the envelope
    appended after its own headers.

    Edited in place rather than parsed and written again: the standard generator does not
    give the bytes back (of the 345 messages of ``tests/corpus``, 28 decode differently
    after a ``compat32`` round trip). The header block ends where the standard parser ends
    it, at the first line that is not a field or a continuation.

    >>> raw = b"To: undisclosed-recipients:;\\r\\nX-RcptTo: x@evil.example\\r\\n\\r\\nHi\\r\\n"
    >>> stored_message(raw, "a@acme.example", ("b@example.com",)).split(b"\\r\\n")
    [b'To: undisclosed-recipients:;', b'X-MailFrom: a@acme.example', b'X-RcptTo: b@example.com', b'', b'Hi', b'']
    """
    lines = raw.splitlines(keepends=True)  # at CR LF, CR or LF, as the parser splits
    kept: list[bytes] = []
    dropping = False
    end = 0
    for end, line in enumerate(lines):  # noqa: B007 - end is used after the loop
        if not HEADER_LINE.match(line):
            break
        if line[:1] not in (b" ", b"\t"):  # a field starts; a continuation keeps its fate
            dropping = line[: line.find(b":")].lower() in _DROPPED
        if not dropping:
            kept.append(line)
    else:
        end = len(lines)
    if kept and not kept[-1].endswith((b"\n", b"\r")):
        kept[-1] += b"\r\n"  # a message of headers alone, without a final line end
    envelope = f"{MAIL_FROM_HEADER}: {mail_from}\r\n{ENVELOPE_HEADER}: {', '.join(recipients)}\r\n"
    return b"".join([*kept, envelope.encode("utf-8"), *lines[end:]])


class _Delivery:
    """The aiosmtpd handler: bounds the envelope, writes each message into the Maildir."""

    def __init__(
        self, folder: Path, limits: Limits, on_delivered: Callable[[Delivered], None] | None
    ) -> None:
        self._maildir = mailbox.Maildir(folder, create=False)
        self._limits = limits
        self._on_delivered = on_delivered

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        recipients = [*envelope.rcpt_tos, address]
        if len(recipients) > MAX_RECIPIENTS:
            return f"452 4.5.3 Too many recipients (at most {MAX_RECIPIENTS} a message)"
        if len(", ".join(recipients)) > MAX_RAW_HEADER_CHARS:
            return f"452 4.5.3 Too many recipients (their list is limited to {MAX_RAW_HEADER_CHARS} characters)"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(rcpt_options)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        mail_from = str(envelope.mail_from or "")
        recipients = tuple(str(r) for r in envelope.rcpt_tos)
        stored = stored_message(bytes(envelope.original_content or b""), mail_from, recipients)
        if len(stored) > self._limits.response_bytes:
            return (
                f"552 5.3.4 Message too big: {len(stored)} bytes with the envelope headers, more "
                f"than the reader's email.limits.response_bytes ({self._limits.response_bytes})"
            )
        try:
            key = self._maildir.add(stored)
        except (OSError, mailbox.Error) as exc:
            reason = (
                exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
            )
            return f"451 4.3.0 The catcher cannot store the message: {reason}"
        if self._on_delivered is not None:
            self._on_delivered(Delivered(key, mail_from, recipients, len(stored)))
        return "250 OK"


def _smtp_class() -> type[Any]:
    from aiosmtpd.smtp import SMTP

    class Session(SMTP):
        """aiosmtpd's SMTP session, registered while its connection is open, so that a
        stop can tell idle connections from ones in the middle of a message."""

        # A line of a message may be as long as the message: apps send HTML on one line,
        # and the MTAs they send through accept it. RFC 5321's 1,000 is aiosmtpd's default.
        line_length_limit = DEFAULT_LIMITS.response_bytes

        def __init__(self, handler: Any, sessions: set[Any], **kwargs: Any) -> None:
            super().__init__(handler, **kwargs)
            self._sessions = sessions

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._sessions.add(self)

        def connection_lost(self, error: Exception | None) -> None:
            self._sessions.discard(self)
            super().connection_lost(error)

    return Session


def _in_transaction(session: Any) -> bool:
    """A MAIL FROM was accepted and the message is not stored yet (aiosmtpd resets the
    envelope once DATA ends)."""
    envelope = getattr(session, "envelope", None)
    return envelope is not None and envelope.mail_from is not None


def _close(session: Any) -> None:
    transport = getattr(session, "transport", None)
    if transport is not None and not transport.is_closing():
        with contextlib.suppress(Exception):  # the peer may already be gone
            transport.write(b"421 4.3.2 The catcher is shutting down\r\n")
        transport.close()


@dataclass
class Catcher:
    """One catcher: where it listens and the Maildir it delivers into (already checked by
    :func:`loopback_host`, :func:`check_port` and :func:`prepare_maildir`)."""

    maildir: Path
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    limits: Limits = DEFAULT_LIMITS
    on_delivered: Callable[[Delivered], None] | None = None
    grace_seconds: float = GRACE_SECONDS

    async def serve(self, stop: asyncio.Event, ready: Callable[[str, int], None]) -> None:
        """Listen until ``stop`` is set; ``ready`` is called with the address and the port
        the socket is bound to, once listening.

        Raises:
            CatcherError: the address cannot be listened on (:data:`EXIT_UNAVAILABLE`).
        """
        loop = asyncio.get_running_loop()
        handler = _Delivery(self.maildir, self.limits, self.on_delivered)
        session_class = _smtp_class()
        sessions: set[Any] = set()

        def session() -> Any:
            # hostname: the default asks the resolver for this machine's name.
            return session_class(
                handler,
                sessions,
                hostname="otpmail-catch",
                data_size_limit=self.limits.response_bytes,
                enable_SMTPUTF8=True,
                loop=loop,
            )

        try:
            server = await loop.create_server(session, self.host, self.port)
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            hint = (
                " (another catcher? choose another --port, or 0 for any free one)"
                if exc.errno == errno.EADDRINUSE
                else ""
            )
            raise CatcherError(
                f"cannot listen on {self.host}:{self.port}: {reason}{hint}", EXIT_UNAVAILABLE
            ) from None
        try:
            bound = server.sockets[0].getsockname()
            ready(str(bound[0]), int(bound[1]))
            await stop.wait()
        finally:
            server.close()  # no new connections from here on
            await self._drain(sessions)
            await server.wait_closed()

    async def _drain(self, sessions: set[Any]) -> None:
        """Close idle connections now and the others once their message is stored, or
        after the grace period."""
        deadline = asyncio.get_running_loop().time() + self.grace_seconds
        while sessions:
            for session in list(sessions):
                if not _in_transaction(session):
                    _close(session)
            if asyncio.get_running_loop().time() >= deadline:
                for session in list(sessions):
                    _close(session)
                await asyncio.sleep(0)
                return
            await asyncio.sleep(0.02)


class BackgroundCatcher:
    """A :class:`Catcher` on its own event loop in a daemon thread (the pytest plugin's):
    ``running = BackgroundCatcher(Catcher(folder, port=0)).start()``, then ``running.host``
    and ``running.port`` (where it is bound), and ``running.stop()``."""

    def __init__(self, catcher: Catcher) -> None:
        self.catcher = catcher
        self.host = catcher.host
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="otpmail-catch", daemon=True)

    def start(self, timeout: float = 30) -> BackgroundCatcher:
        """Start listening; returns once the port is open.

        Raises:
            CatcherError: it could not listen, or did not within ``timeout``.
        """
        self._thread.start()
        if not self._ready.wait(timeout):
            raise CatcherError(f"the catcher did not start within {timeout:g} s", EXIT_UNAVAILABLE)
        if isinstance(self._error, CatcherError):
            raise self._error
        if self._error is not None:
            raise CatcherError(
                f"the catcher failed to start ({type(self._error).__name__})", EXIT_UNAVAILABLE
            )
        return self

    def stop(self, timeout: float = 30) -> None:
        """Stop as :meth:`Catcher.serve` does, and wait for the thread."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop ended already
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout)

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()

            def ready(host: str, port: int) -> None:
                self.host, self.port = host, port
                self._ready.set()

            await self.catcher.serve(self._stop, ready)

        try:
            asyncio.run(main())
        except BaseException as exc:  # reported by start(); a thread has no one else to tell
            self._error = exc
        finally:
            self._ready.set()


def _printable(text: str) -> str:
    """``text`` with control and other unprintable characters escaped: envelope addresses
    come from the sender, and a terminal must not take them for commands."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def describe(delivered: Delivered) -> str:
    """One line for a stored message (recipients and size; the subject is not shown)."""
    to = ", ".join(_printable(r) for r in delivered.recipients)
    return f"stored {delivered.size} bytes from <{_printable(delivered.mail_from)}> to {to}: new/{delivered.key}"


def pid_note() -> str:
    """How to stop the catcher, with its process id."""
    return f"stop it with Ctrl-C or kill -TERM {os.getpid()} (a message being received is stored first)"


# ---------------------------------------------------------------------------------------
# ``otpmail catch``


def check_address(value: str) -> str:
    """The mailbox address of the printed integrations entry: an address, not a domain."""
    from otpmail._core._criteria import parse_address_filter
    from otpmail._core._errors import OtpmailError

    try:
        parsed = parse_address_filter(value, "--address")
    except OtpmailError:
        parsed = None
    if parsed is None or parsed.local is None:
        raise CatcherError(f"--address must be an email address, not {value!r}", EXIT_USAGE)
    return parsed.value


def start_lines(host: str, port: int, maildir: Path, text: str, file: Path | None) -> str:
    """What ``otpmail catch`` prints once it listens: where mail goes and how to read it."""
    shown = f"[{host}]" if ":" in host else host
    lines = [f"otpmail catch: SMTP on {shown}:{port}, storing mail in the Maildir {maildir}"]
    if file is not None:
        lines.append(f"read it with --integrations {file} (or OTPMAIL_INTEGRATIONS={file}):")
    else:
        lines.append("read it with this integrations file (or add the entry to yours):")
    lines.extend(f"  {line}" for line in text.splitlines())
    lines.append(pid_note())
    return "\n".join(lines) + "\n"


def run_command(
    maildir: str,
    *,
    host: str,
    port: int,
    address: str,
    integrations: str | None,
    out: Callable[[str], None],
    err: Callable[[str], None],
) -> int:
    """``otpmail catch``: check everything, listen, print the start lines, store mail until
    SIGINT or SIGTERM. Returns the exit status (0 after a stop by signal)."""
    import signal

    try:
        host = loopback_host(host)
        port = check_port(port)
        address = check_address(address)
        folder = prepare_maildir(Path(maildir).expanduser())
        text = integrations_text(folder, address)
        file = write_integrations(Path(integrations).expanduser(), text) if integrations else None
    except CatcherError as exc:
        err(f"otpmail catch: {exc}\n")
        return exc.status
    stored = 0

    def delivered(message: Delivered) -> None:
        nonlocal stored
        stored += 1
        with contextlib.suppress(Exception):  # stored already; the line is only a log
            out(describe(message) + "\n")

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows: no loop signal handlers
                signal.signal(signum, lambda *_: loop.call_soon_threadsafe(stop.set))
        catcher = Catcher(folder, host, port, on_delivered=delivered)
        await catcher.serve(stop, lambda at, bound: out(start_lines(at, bound, folder, text, file)))

    try:
        asyncio.run(main())
    except CatcherError as exc:
        err(f"otpmail catch: {exc}\n")
        return exc.status
    err(f"otpmail catch: stopped; {stored} message(s) stored in {folder}\n")
    return 0

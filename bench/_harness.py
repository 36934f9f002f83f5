"""Shared set-up of the benchmark: the network guard, credentials, mail, the fakes with
CPU accounting, and one measured run of a scenario.

Every request goes to the in-process fakes of ``tests/fakes`` at the SDKs' transport seams;
otpmail's egress check still runs in front of them, and :func:`guard_network` refuses
and records any attempt to open an internet socket (``bench/run.py`` then exits 1).
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT / "src", ROOT / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from fakes.gmail import FakeGmail, message_resource  # noqa: E402

if TYPE_CHECKING:  # imported lazily: a Gmail-only child process must not load httpx/azure
    from fakes.graph import FakeGraph

GMAIL_BOX = "qa@example.com"
GRAPH_BOX = "otp@contoso.com"
TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
GRAPH_SECRET = "bench-client-secret"
GMAIL_KEY_ENV = "OTPMAIL_BENCH_GMAIL_KEY"
GRAPH_SECRET_ENV = "OTPMAIL_BENCH_GRAPH_SECRET"

T = TypeVar("T")
R = TypeVar("R")


# -- no network ---------------------------------------------------------------------------

NETWORK_ATTEMPTS: list[str] = []
"""Refused socket uses that could have reached the network."""
LOCAL_PROBES: list[str] = []
"""Refused socket uses that could not: urllib3's import-time IPv6 probe (an AF_INET6
socket bound to ``::1``, never connected), imported by msal through azure-identity."""


def guard_network() -> None:
    """Refuse every socket but AF_UNIX (asyncio's self-pipe) for the rest of the process,
    with pytest-socket as the test suite does, and record every attempt."""
    import traceback
    import warnings

    import pytest_socket

    warnings.filterwarnings("ignore", "A test tried to use socket", UserWarning)
    for cls in (pytest_socket.SocketBlockedError, pytest_socket.SocketConnectBlockedError):
        original = cls.__init__

        def record(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            where = [f"{Path(f.filename).name}:{f.name}" for f in traceback.extract_stack()]
            if "connection.py:_has_ipv6" in where:
                LOCAL_PROBES.append("urllib3 IPv6 probe")
            else:
                NETWORK_ATTEMPTS.append(" <- ".join(reversed(where[-6:-2])))
            _original(self, *args, **kwargs)

        cls.__init__ = record  # type: ignore[method-assign]
    pytest_socket.disable_socket(allow_unix_socket=True)


# -- credentials and integrations files ---------------------------------------------------


def _service_account_info() -> dict[str, Any]:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    return {
        "type": "service_account",
        "project_id": "otpmail-bench",
        "private_key_id": "0123456789abcdef0123456789abcdef01234567",
        "private_key": pem,
        "client_email": "reader@otpmail-bench.iam.gserviceaccount.com",
        "client_id": "100000000000000000001",
        "token_uri": "https://oauth2.googleapis.com/token",
        "universe_domain": "googleapis.com",
    }


@dataclass
class Files:
    """The throwaway integrations files (one mailbox each) and the key material."""

    folder: Path
    gmail: Path
    gmail_big: Path
    graph: Path
    maildir: Path
    maildir_path: Path
    sa_info: dict[str, Any]


def make_files() -> Files:
    folder = Path(tempfile.mkdtemp(prefix="otpmail-bench-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    info = _service_account_info()
    os.environ[GMAIL_KEY_ENV] = json.dumps(info)
    os.environ[GRAPH_SECRET_ENV] = GRAPH_SECRET

    def write(name: str, text: str) -> Path:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        path.chmod(0o600)
        return path

    gmail = (
        "  mailboxes:\n    - provider: gmail\n"
        f"      address: {GMAIL_BOX}\n      service_account_json_env: {GMAIL_KEY_ENV}\n"
    )
    maildir_path = folder / "maildir"
    for sub in ("cur", "new", "tmp"):
        (maildir_path / sub).mkdir(parents=True)
    return Files(
        folder=folder,
        gmail=write("gmail.yaml", "email:\n" + gmail),
        gmail_big=write(
            "gmail-big.yaml", f"email:\n  limits:\n    response_bytes: {32 * 1024 * 1024}\n" + gmail
        ),
        graph=write(
            "graph.yaml",
            "email:\n  mailboxes:\n    - provider: outlook\n"
            f"      address: {GRAPH_BOX}\n      tenant_id: {TENANT}\n"
            f"      client_id: {CLIENT_ID}\n      client_secret_env: {GRAPH_SECRET_ENV}\n",
        ),
        maildir=write(
            "maildir.yaml",
            "email:\n  mailboxes:\n    - provider: maildir\n"
            f"      address: {GMAIL_BOX}\n      path: {maildir_path}\n",
        ),
        maildir_path=maildir_path,
        sa_info=info,
    )


# -- mail ---------------------------------------------------------------------------------

_TEMPLATE = (
    '<!doctype html><html><head><meta charset="utf-8"><style>'
    "body{{font-family:Arial,sans-serif;color:#222}} td{{padding:8px}} .code{{font-size:28px;"
    "letter-spacing:4px;font-weight:bold}}</style></head><body>"
    '<table role="presentation" width="100%"><tr><td align="center">'
    '<table role="presentation" width="600"><tr><td><img src="https://acme.example/logo.png" '
    'alt="Acme" width="120"></td></tr><tr><td><h1>Confirm your sign-in</h1>'
    "<p>Hi,</p><p>Use this verification code to finish signing in to Acme:</p>"
    '<p class="code">{code}</p><p>The code expires in 10 minutes. If you did not try to sign '
    "in, you can ignore this email.</p>"
    '<p><a href="https://acme.example/verify?token={code}">Or open this link</a></p>'
    "{footer}</td></tr></table></td></tr></table></body></html>"
)
_FOOTER = (
    '<p style="font-size:11px;color:#888">Acme Inc., 1 Example Street, Springfield. '
    "You receive this email because an account was created with this address. "
    '<a href="https://acme.example/privacy">Privacy</a> · '
    '<a href="https://acme.example/help">Help</a></p>'
) * 6


_TO = "placeholder-recipient@example.invalid"
_CODE = "918273"


def otp_mail(to: str, code: str) -> bytes:
    """A typical verification mail to ``to`` carrying ``code``: plain and HTML
    alternatives, about 3 KB (a template built once, the two values substituted)."""
    global _OTP_TEMPLATE
    if _OTP_TEMPLATE is None:
        _OTP_TEMPLATE = bytes(_otp_message(_TO, _CODE))
    raw = _OTP_TEMPLATE.replace(_TO.encode(), to.encode()).replace(_CODE.encode(), code.encode())
    return raw


_OTP_TEMPLATE: bytes | None = None


def _otp_message(to: str, code: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Delivered-To"] = to
    message["Subject"] = "Your Acme verification code"
    message["Message-ID"] = f"<{code}.{to}>"
    message["Date"] = "Mon, 30 Nov 2026 10:00:00 +0000"
    message.set_content(
        f"Use this verification code to finish signing in to Acme: {code}\n\n"
        "The code expires in 10 minutes.\nhttps://acme.example/verify?token=" + code + "\n"
    )
    message.add_alternative(_TEMPLATE.format(code=code, footer=_FOOTER), subtype="html")
    return message


def otp_html(code: str) -> str:
    return _TEMPLATE.format(code=code, footer=_FOOTER)


def large_mail(to: str, total_bytes: int) -> bytes:
    """A verification mail made ``total_bytes`` long by one base64 attachment."""
    head = (
        f"Delivered-To: {to}\r\nFrom: Acme <no-reply@acme.example>\r\nTo: {to}\r\n"
        "Subject: Your code and the report\r\nMessage-ID: <big@mail.acme.example>\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/mixed; boundary="B"\r\n\r\n'
        '--B\r\nContent-Type: multipart/alternative; boundary="A"\r\n\r\n'
        "--A\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nYour code is 482913\r\n"
        "--A\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"
        "<p>Your code is <b>482913</b></p>\r\n--A--\r\n"
        "--B\r\nContent-Type: application/pdf; name=report.pdf\r\n"
        "Content-Disposition: attachment; filename=report.pdf\r\n"
        "Content-Transfer-Encoding: base64\r\n\r\n"
    ).encode()
    tail = b"--B--\r\n"
    line = b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\r\n"
    lines = max(0, total_bytes - len(head) - len(tail)) // len(line)
    return head + line * lines + tail


# -- fakes with the benchmark's extras -----------------------------------------------------


class BenchGmail(FakeGmail):
    """FakeGmail whose ``messages.get`` answers are encoded at delivery when ``prerender``
    is set, so the benchmark's memory figures hold otpmail's allocations and not the
    fake's: each answer is a fresh copy of the stored bytes, the one allocation a socket
    read would make."""

    # The costly parts of an answer depend on the raw message only: kept across fakes.
    _payloads: ClassVar[dict[bytes, dict[str, Any]]] = {}
    _base64: ClassVar[dict[bytes, str]] = {}
    _headers: ClassVar[dict[bytes, EmailMessage]] = {}

    def __init__(self, latency: float, prerender: bool = True) -> None:
        super().__init__(latency=latency)
        self.prerender = prerender
        self._encoded: dict[tuple[str, str], bytes] = {}

    def deliver(
        self,
        raw: bytes | EmailMessage,
        at: datetime | None = None,
        labels: tuple[str, ...] = ("INBOX", "UNREAD"),
    ) -> str:
        message_id = super().deliver(raw, at, labels)
        stored = self.messages[-1]
        # Parsed now (once per distinct message), not while a measured call is traced.
        if stored.raw not in self._headers:
            self._headers[stored.raw] = stored.headers
        stored.__dict__["headers"] = self._headers[stored.raw]
        if self.prerender:
            data = stored.raw
            resource = message_resource(stored, "minimal")
            if data not in self._base64:
                self._base64[data] = message_resource(stored, "raw")["raw"]
            if data not in self._payloads:
                self._payloads[data] = message_resource(stored, "full")["payload"]
            raw_form = {**resource, "raw": self._base64[data]}
            full_form = {**resource, "payload": self._payloads[data]}
            self._encoded[(message_id, "raw")] = json.dumps(raw_form).encode()
            self._encoded[(message_id, "full")] = json.dumps(full_form).encode()
        return message_id

    def wire_size(self, message_id: str, fmt: str = "raw") -> int:
        return len(self._encoded.get((message_id, fmt), b""))

    def _answer(
        self, operation: str, path: str, query: dict[str, list[str]]
    ) -> tuple[int, dict[str, Any] | bytes]:
        if operation == "messages.get":
            key = (path.rsplit("/", 1)[1], query.get("format", ["full"])[0])
            encoded = self._encoded.get(key)
            if encoded is not None:
                return 200, bytes(memoryview(encoded))
        return super()._answer(operation, path, query)


def graph_fake(latency: float) -> FakeGraph:
    from _graphfake import BenchGraph

    return BenchGraph(GRAPH_BOX, latency=latency)


# -- measuring ------------------------------------------------------------------------------


@dataclass
class Figures:
    """What one measured run cost, as the fake saw it and as the process spent it."""

    requests: int
    round_trips: int
    units: int | None
    cpu: float
    """Seconds of process CPU time, the fake's own answering work subtracted."""
    wall: float
    tokens: int
    by_operation: dict[str, int] = field(default_factory=dict)
    """Requests on the wire per operation (a Gmail batch is one ``batch``)."""
    in_batches: dict[str, int] = field(default_factory=dict)
    """Gmail calls made as the parts of batches, per operation."""
    urls: list[tuple[str, str]] = field(default_factory=list)
    """(operation, URL) of every request, in the order they started."""
    peak: int | None = None
    """Bytes: tracemalloc peak of Python allocations during the run (a separate run); for
    ``peak_method == "rss"``, the maximum RSS of a fresh process; ``none``: not measured."""
    peak_method: str = "tracemalloc"


class Probe:
    """Counts one fake's requests, quota and CPU between :meth:`start` and :meth:`stop`."""

    def __init__(self, fake: FakeGmail | FakeGraph) -> None:
        self.fake = fake
        self._cpu = 0.0
        self._fake_cpu = 0.0
        self._wall = 0.0

    def start(self) -> None:
        self.fake.reset_counters()
        self._fake_cpu = self.fake.cpu_seconds
        self._cpu = time.process_time()
        self._wall = time.perf_counter()

    def stop(self) -> Figures:
        wall = time.perf_counter() - self._wall
        cpu = time.process_time() - self._cpu - (self.fake.cpu_seconds - self._fake_cpu)
        fake = self.fake
        requests: list[Any] = list(fake.requests)
        ops: dict[str, int] = {}
        for request in requests:
            ops[request.operation] = ops.get(request.operation, 0) + 1
        in_batches: dict[str, int] = {}
        for part in getattr(fake, "parts", []):
            in_batches[part.operation] = in_batches.get(part.operation, 0) + 1
        return Figures(
            requests=len(requests),
            round_trips=fake.sequential_round_trips(),
            units=fake.quota if isinstance(fake, FakeGmail) else None,
            cpu=max(0.0, cpu),
            wall=wall,
            tokens=ops.get("token", 0),
            by_operation=ops,
            in_batches=in_batches,
            urls=[(r.operation, r.url) for r in sorted(requests, key=lambda r: r.started)],
        )


@dataclass
class Prepared(Generic[T]):
    """A prepared scenario: its fake, and the state the measured call runs on."""

    fake: FakeGmail | FakeGraph
    state: T


Setup = Callable[[], Awaitable[Prepared[T]]]
Action = Callable[[T], Awaitable[R]]


class PeakMeter:
    """The tracemalloc peak of Python allocations made over a stretch of code (method
    ``tracemalloc``), or nothing (``none``: kiota's model deserialisation, which runs 2,388
    function-level imports per message, is about a hundred times slower traced)."""

    def __init__(self, method: str) -> None:
        self.method = method

    def start(self) -> None:
        if self.method == "tracemalloc":
            tracemalloc.start()
            tracemalloc.reset_peak()

    def stop(self) -> int | None:
        if self.method != "tracemalloc":
            return None
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak


def run_measured(
    setup: Setup[T], action: Action[T, R], *, memory: str = "tracemalloc"
) -> tuple[Figures, R]:
    """Set up, then run ``action`` once with counters and CPU time. For the
    ``tracemalloc`` peak, set up afresh and run it again traced (tracing slows allocation,
    so the CPU figure comes from the first run). Each run has its own event loop; the
    set-up is not measured."""

    async def once(meter: PeakMeter) -> tuple[Figures, R, int | None]:
        prepared = await setup()
        probe = Probe(prepared.fake)
        meter.start()
        probe.start()
        try:
            result = await action(prepared.state)
        finally:
            peak = meter.stop()
            figures = probe.stop()
        await close(prepared.state)
        return figures, result, peak

    figures, result, _ = asyncio.run(once(PeakMeter("none")))
    figures.peak_method = memory
    if memory == "tracemalloc":
        _, _, figures.peak = asyncio.run(once(PeakMeter(memory)))
    return figures, result


async def close(state: object) -> None:
    closer = getattr(state, "aclose", None)
    if closer is not None:
        await closer()


def now() -> datetime:
    return datetime.now(UTC)


def ago(seconds: float) -> datetime:
    return now() - timedelta(seconds=seconds)

"""Environment and file attacks not covered elsewhere: CA-bundle variables on the Graph and
Entra transports, proven against a man in the middle; and the permission warning for key
and integrations files that other users can read.

The other attacks (``GOOGLE_CLOUD_UNIVERSE_DOMAIN``, ``GOOGLE_API_USE_MTLS_ENDPOINT``,
``GOOGLE_AUTH_TRUST_BOUNDARY_ENABLED``, ``GOOGLE_APPLICATION_CREDENTIALS``, proxy and CA
variables for Gmail, ``AZURE_AUTHORITY_HOST``, ``AZURE_REGIONAL_AUTHORITY_NAME``, proxy
variables for Graph, a key file's ``token_uri`` or ``universe_domain``, nextLinks and
redirects) are proven in ``test_gmail_pinning.py`` and ``test_outlook_pinning.py``;
SECURITY.md names each test.

The man in the middle: a TLS server on 127.0.0.1 with a certificate for the official hosts,
signed by a CA that only the environment trusts (``SSL_CERT_FILE``, ``SSL_CERT_DIR``,
``REQUESTS_CA_BUNDLE``, ``CURL_CA_BUNDLE``). The clients are sent to it by name resolution
(the event loop's ``getaddrinfo``) or by httpcore's network backend, the socket seams
beneath TLS, so the real TLS configuration of each client decides.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import ssl
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import certifi
import httpcore
import httpx
import pytest
import pytest_asyncio

from conftest import write_config, write_key
from gmail_cassettes import quick_key
from official_hosts import issue_certificates
from otpmail._core import _perms
from otpmail._core._config import GmailMailbox, SecretRef, load
from otpmail._core._errors import OtpmailError
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._graph_http import (
    GraphEgressTransport,
    TokenEgressTransport,
    network_transport,
)
from otpmail._reading._reader import Reader

TENANT = "11111111-2222-4333-8444-555555555555"
TOKEN_URL = f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token"
LIST_URL = "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages"
BEARER = "PLANTED-bearer-for-the-mitm"
CLIENT_SECRET = "PLANTED-client-secret-for-the-mitm"
HOSTS = ("graph.microsoft.com", "login.microsoftonline.com")


@dataclass
class Mitm:
    """What the man in the middle got: completed handshakes and the bytes after them."""

    port: int
    ca: Path
    handshakes: int = 0
    received: bytearray = field(default_factory=bytearray)


@pytest_asyncio.fixture
async def mitm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Mitm]:
    ca, cert, key = issue_certificates(tmp_path, HOSTS)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    state = Mitm(0, ca)

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        state.handshakes += 1
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            state.received += head
            length = next(
                (
                    int(line.split(b":", 1)[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                ),
                0,
            )
            if length:
                state.received += await asyncio.wait_for(reader.readexactly(length), 5)
            body = json.dumps({"value": [], "access_token": "x", "expires_in": 3599}).encode()
            writer.write(
                b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                + f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        except (OSError, asyncio.IncompleteReadError, TimeoutError):
            pass
        finally:
            writer.close()

    # The server's side of a refused handshake is logged by asyncio; that is expected here.
    asyncio_log = logging.getLogger("asyncio")
    level = asyncio_log.level
    asyncio_log.setLevel(logging.CRITICAL)
    server = await asyncio.start_server(handle, "127.0.0.1", 0, ssl=context)
    state.port = server.sockets[0].getsockname()[1]
    # Every CA variable points at the attacker's CA.
    bundle_dir = tmp_path / "evil-certs"
    bundle_dir.mkdir()
    (bundle_dir / "evil-ca.pem").write_bytes(ca.read_bytes())
    for name in ("SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        monkeypatch.setenv(name, str(ca))
    monkeypatch.setenv("SSL_CERT_DIR", str(bundle_dir))
    try:
        yield state
    finally:
        server.close()
        await server.wait_closed()
        asyncio_log.setLevel(level)


class ToMitm(httpcore.AsyncNetworkBackend):
    """httpcore's socket layer, connecting every host to the man in the middle."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.asked: list[tuple[str, int]] = []
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        self.asked.append((host, port))
        return await self.inner.connect_tcp(
            "127.0.0.1", self.port, timeout=timeout, socket_options=socket_options
        )

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


def ca_serials(context: ssl.SSLContext) -> set[str]:
    return {str(cert["serialNumber"]) for cert in context.get_ca_certs()}


def certifi_serials() -> set[str]:
    return ca_serials(ssl.create_default_context(cafile=certifi.where()))


def evil_serial(ca: Path) -> str:
    from cryptography import x509

    return f"{x509.load_pem_x509_certificate(ca.read_bytes()).serial_number:X}"


@pytest.mark.loopback
async def test_a_ca_bundle_from_the_environment_would_let_a_default_httpx_client_be_intercepted(
    mitm: Mitm,
) -> None:
    """The attack is real: httpx's defaults trust SSL_CERT_FILE, and the bearer token goes
    to the man in the middle."""
    default = httpx.AsyncHTTPTransport()
    backend = ToMitm(mitm.port)
    default._pool._network_backend = backend
    async with httpx.AsyncClient(transport=default) as client:
        response = await client.get(LIST_URL, headers={"authorization": f"Bearer {BEARER}"})

    assert response.status_code == 200
    assert BEARER.encode() in mitm.received


@pytest.mark.loopback
async def test_ca_variables_cannot_make_the_graph_transport_trust_a_man_in_the_middle(
    mitm: Mitm,
) -> None:
    transport = network_transport()
    backend = ToMitm(mitm.port)
    transport._pool._network_backend = backend

    async with httpx.AsyncClient(transport=GraphEgressTransport(transport)) as client:
        with pytest.raises(httpx.ConnectError) as refused:
            await client.get(LIST_URL, headers={"authorization": f"Bearer {BEARER}"})

    assert "CERTIFICATE_VERIFY_FAILED" in str(refused.value)
    assert backend.asked == [("graph.microsoft.com", 443)]  # it did try to connect there
    assert mitm.received == b""  # and not one byte of the request (or the token) got out
    pinned = transport._pool._ssl_context
    assert ca_serials(pinned) == certifi_serials()
    assert evil_serial(mitm.ca) not in ca_serials(pinned)


@pytest.mark.loopback
async def test_ca_variables_cannot_make_the_token_transport_trust_a_man_in_the_middle(
    mitm: Mitm, monkeypatch: pytest.MonkeyPatch
) -> None:
    from azure.core.exceptions import ServiceRequestError
    from azure.core.rest import HttpRequest

    loop = asyncio.get_running_loop()
    resolved: list[str] = []
    contexts: list[ssl.SSLContext] = []
    real_connect = loop.create_connection

    async def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        resolved.append(host.decode() if isinstance(host, bytes) else str(host))
        return [
            (socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", ("127.0.0.1", mitm.port))
        ]

    async def create_connection(*args: Any, **kwargs: Any) -> Any:
        if isinstance(kwargs.get("ssl"), ssl.SSLContext):
            contexts.append(kwargs["ssl"])
        return await real_connect(*args, **kwargs)

    monkeypatch.setattr(loop, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(loop, "create_connection", create_connection)
    request = HttpRequest(
        "POST",
        TOKEN_URL,
        data={"client_id": "x", "client_secret": CLIENT_SECRET, "grant_type": "client_credentials"},
    )

    with pytest.raises(ServiceRequestError) as refused:
        await TokenEgressTransport().send(request)

    assert "CERTIFICATE_VERIFY_FAILED" in str(refused.value)
    assert resolved == ["login.microsoftonline.com"]
    assert mitm.received == b""  # the client secret never left
    (used,) = contexts
    assert ca_serials(used) == certifi_serials()
    assert evil_serial(mitm.ca) not in ca_serials(used)


# ---------------------------------------------------------------------------------------
# Files other users can read


@pytest.fixture
def warnings_seen(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The ``otpmail`` logger's records, with the once-per-file memory cleared."""
    _perms._warned.clear()
    caplog.set_level(logging.WARNING, logger="otpmail")
    return caplog


def _gmail_config(folder: Path) -> Path:
    return write_config(
        folder,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )


def _permission_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "otpmail" and r.levelno == logging.WARNING and "chmod 600" in r.getMessage()
    ]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_reading_a_key_file_others_can_read_warns_once_with_the_fix(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    warnings_seen: pytest.LogCaptureFixture,
    mode: int,
) -> None:
    key = write_key(tmp_path, quick_key(service_account_info))
    key.chmod(mode)
    mailbox = GmailMailbox("gmail", "qa@example.com", (), "test", key=SecretRef(file=key))

    GmailProvider(mailbox)
    GmailProvider(mailbox)  # a second read of the same key does not warn again

    (message,) = _permission_warnings(warnings_seen)
    assert str(key) in message
    assert f"chmod 600 {key}" in message
    assert "PRIVATE KEY" not in message and service_account_info["client_email"] not in message


def test_a_key_file_only_its_owner_can_read_is_read_without_a_warning(
    tmp_path: Path, service_account_info: dict[str, Any], warnings_seen: pytest.LogCaptureFixture
) -> None:
    key = write_key(tmp_path, quick_key(service_account_info))
    key.chmod(0o600)

    GmailProvider(GmailMailbox("gmail", "qa@example.com", (), "test", key=SecretRef(file=key)))

    assert _permission_warnings(warnings_seen) == []


def test_loading_an_integrations_file_others_can_read_warns_once(
    tmp_path: Path, warnings_seen: pytest.LogCaptureFixture
) -> None:
    config = _gmail_config(tmp_path)
    config.chmod(0o644)

    load(config)
    load(config)

    (message,) = _permission_warnings(warnings_seen)
    assert message.startswith(f"integrations file {config} is readable by other users")
    assert message.endswith(f"chmod 600 {config}")


def test_an_integrations_file_with_only_maildir_mailboxes_names_no_credential_and_is_not_reported(
    tmp_path: Path, warnings_seen: pytest.LogCaptureFixture
) -> None:
    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: maildir\n      address: qa@example.com\n"
        "      path: box\n",
    )
    config.chmod(0o644)

    load(config)

    assert _permission_warnings(warnings_seen) == []


def test_an_integrations_file_only_its_owner_can_read_loads_without_a_warning(
    tmp_path: Path, warnings_seen: pytest.LogCaptureFixture
) -> None:
    config = _gmail_config(tmp_path)
    config.chmod(0o600)

    load(config)

    assert _permission_warnings(warnings_seen) == []


async def test_a_certificate_file_others_can_read_warns_when_the_mailbox_is_first_used(
    tmp_path: Path, warnings_seen: pytest.LogCaptureFixture
) -> None:
    from otpmail._core._config import OutlookMailbox

    cert = tmp_path / "app.pem"
    cert.write_bytes(b"not a certificate")
    cert.chmod(0o644)
    mailbox = OutlookMailbox(
        "outlook",
        "qa@contoso.com",
        (),
        "test",
        tenant_id=TENANT,
        client_id="aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
        certificate=SecretRef(file=cert),
    )
    from otpmail._providers._outlook import OutlookProvider

    with pytest.raises(OtpmailError):
        OutlookProvider(mailbox)

    (message,) = _permission_warnings(warnings_seen)
    assert f"chmod 600 {cert}" in message
    assert "not a certificate" not in message


# ---------------------------------------------------------------------------------------
# Files that are not files: read before any deadline starts, so they must not hang or eat
# memory. Each run is a fresh `otpmail read`, limited in memory and time so that a
# regression fails the test instead of the machine.


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def _otpmail(*args: str, timeout: float = 20) -> tuple[int, str, str, float]:
    import subprocess
    import sys
    import time

    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "otpmail", *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=_limited,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"otpmail {' '.join(args)} was still running after {timeout} s")
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


def _not_a_file(kind: str, folder: Path) -> Path:
    if kind == "/dev/zero":
        return Path("/dev/zero")
    if kind == "a FIFO":
        path = folder / "fifo"
        os.mkfifo(path)
        return path
    path = folder / "folder"
    path.mkdir()
    return path


NOT_FILES = {
    "a FIFO": "is a named pipe (FIFO), not a regular file",
    "/dev/zero": "is a character device, not a regular file",
    "a directory": "is a directory, not a regular file",
}


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
def test_an_integrations_file_that_is_not_a_regular_file_is_refused_at_once(
    tmp_path: Path, kind: str
) -> None:
    path = _not_a_file(kind, tmp_path)

    status, out, err, took = _otpmail(
        "read", "--to", "qa@example.com", "--deadline", "60", "--integrations", str(path)
    )

    assert status == 3, (out, err)
    envelope = json.loads(out)
    assert envelope["code"] == "config_missing"
    assert envelope["error"] == f"NOT_CONFIGURED: integrations file {path} {NOT_FILES[kind]}"
    assert took < 10


@pytest.mark.parametrize("kind", sorted(NOT_FILES))
@pytest.mark.parametrize(
    ("provider", "field", "extra"),
    [
        ("gmail", "service_account_file", ""),
        (
            "outlook",
            "certificate_file",
            f"      tenant_id: {TENANT}\n      client_id: 66666666-7777-4888-9999-000000000000\n",
        ),
    ],
)
def test_a_key_file_that_is_not_a_regular_file_is_refused_at_once(
    tmp_path: Path, kind: str, provider: str, field: str, extra: str
) -> None:
    path = _not_a_file(kind, tmp_path)
    config = write_config(
        tmp_path,
        f"email:\n  mailboxes:\n    - provider: {provider}\n      address: qa@example.com\n"
        f"{extra}      {field}: {path}\n",
    )

    status, out, err, took = _otpmail(
        "read", "--to", "qa@example.com", "--deadline", "60", "--integrations", str(config)
    )

    assert status == 3, (out, err)
    envelope = json.loads(out)
    assert envelope["code"] == "secret_missing"
    assert envelope["error"].endswith(f": file {path} {NOT_FILES[kind]}")
    assert took < 10


def test_an_integrations_file_too_large_to_be_one_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "integrations.yaml"
    path.write_text("# a comment\n" * 20_000)  # 240,000 bytes of YAML

    with pytest.raises(OtpmailError) as refused:
        load(path)

    assert refused.value.code == "config_invalid"
    assert refused.value.message == f"integrations file {path} is larger than 131072 bytes"


# ---------------------------------------------------------------------------------------
# SSLKEYLOGFILE: the TLS session secrets of every transport stay in the process


def _gmail_and_outlook(folder: Path, info: dict[str, Any]) -> Path:
    write_key(folder, quick_key(info))
    return write_config(
        folder,
        "email:\n  mailboxes:\n"
        "    - provider: gmail\n      address: qa@example.com\n      service_account_file: sa.json\n"
        f"    - provider: outlook\n      address: qa@contoso.com\n      tenant_id: {TENANT}\n"
        "      client_id: 66666666-7777-4888-9999-000000000000\n"
        "      client_secret_env: OTPMAIL_TEST_KEYLOG_SECRET\n",
    )


def _answer_every_read(method: str, path: str, body: bytes) -> Any:
    json_type = {"content-type": "application/json"}
    if path.endswith("/token"):
        token = {"access_token": BEARER, "expires_in": 3599, "token_type": "Bearer"}
        return 200, json_type, json.dumps(token).encode()
    if path.startswith("/gmail/"):
        return 200, json_type, b"{}"  # no messages
    return 200, json_type, b'{"value": []}'


@pytest.mark.loopback
async def test_sslkeylogfile_makes_no_transport_write_a_key_log(
    official_hosts: Any,
    tmp_path: Path,
    service_account_info: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Real TLS sessions of httplib2 (Google's token endpoint and Gmail), aiohttp (Entra)
    and httpx (Graph), each completed with a server they trust: none writes its secrets
    where SSLKEYLOGFILE says."""
    keylog = tmp_path / "keys.log"
    monkeypatch.setenv("SSLKEYLOGFILE", str(keylog))
    monkeypatch.setenv("OTPMAIL_TEST_KEYLOG_SECRET", CLIENT_SECRET)
    official_hosts.answer = _answer_every_read
    reader = Reader(_gmail_and_outlook(tmp_path, service_account_info))

    for to in ("qa@example.com", "qa@contoso.com"):
        assert await reader.read_emails(to, count=True, deadline=30) == {
            "status": "ok",
            "data": {"count": 0},
        }
    await reader.aclose()

    paths = official_hosts.paths()
    assert "/token" in paths and any(p.startswith("/gmail/v1/users/me/messages") for p in paths)
    assert f"/{TENANT}/oauth2/v2.0/token" in paths
    assert any(p.startswith("/v1.0/users/qa%40contoso.com/messages") for p in paths)
    assert not keylog.exists()


@pytest.mark.loopback
def test_sslkeylogfile_would_make_a_default_tls_client_write_the_session_secrets(
    official_hosts: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attack is real: the standard library's default context (what httpx and aiohttp
    build by default) writes every session's secrets to the file."""
    keylog = tmp_path / "keys.log"
    monkeypatch.setenv("SSLKEYLOGFILE", str(keylog))
    context = ssl.create_default_context(cafile=str(official_hosts.ca))

    with (
        socket.create_connection(("127.0.0.1", official_hosts.port)) as raw,
        context.wrap_socket(raw, server_hostname="graph.microsoft.com") as tls,
    ):
        tls.sendall(b"GET /v1.0/x HTTP/1.1\r\nHost: graph.microsoft.com\r\n\r\n")
        tls.recv(1024)

    assert "CLIENT_TRAFFIC_SECRET_0" in keylog.read_text()


def test_the_pinned_tls_contexts_write_no_key_log(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SSLKEYLOGFILE", str(tmp_path / "keys.log"))

    graph = network_transport()._pool._ssl_context

    assert graph.keylog_filename is None
    assert not (tmp_path / "keys.log").exists()
    monkeypatch.delenv("SSLKEYLOGFILE")  # the reference context below would write it
    assert ca_serials(graph) == certifi_serials()


# ---------------------------------------------------------------------------------------
# HTTPLIB2_CA_CERTS naming no file: httplib2 raises at import; Gmail must still work


def test_a_missing_httplib2_ca_bundle_cannot_take_gmail_down(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    """A fresh process (httplib2 reads the variable once, at import) with the variable
    naming a file that does not exist: the Gmail read works, against the in-process fake."""
    import subprocess
    import sys

    config = write_config(
        tmp_path,
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
    )
    write_key(tmp_path, quick_key(service_account_info))
    driver = Path(__file__).resolve().parent / "cli_driver.py"

    done = subprocess.run(
        [
            *(sys.executable, str(driver), '{"provider": "gmail"}', "read"),
            *("--to", "qa@example.com", "--latest", "--integrations", str(config)),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HTTPLIB2_CA_CERTS": "/nonexistent/ca-bundle.pem"},
    )

    assert done.returncode == 0, (done.stdout, done.stderr)
    envelope = json.loads(done.stdout)
    assert envelope["data"]["emails"][0]["code"] == "482913"
    assert "Traceback" not in done.stderr
    # Hidden for httplib2's import only: the process keeps the variable as it was set.
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, otpmail._providers._gmail; print(os.environ['HTTPLIB2_CA_CERTS'])",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HTTPLIB2_CA_CERTS": "/nonexistent/ca-bundle.pem"},
    )
    assert probe.stdout == "/nonexistent/ca-bundle.pem\n", probe.stderr

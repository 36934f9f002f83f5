"""The official hosts played by one TLS server on 127.0.0.1, for tests of the real
transports (httplib2, httpx, aiohttp) down to the socket.

- :func:`issue_certificates` makes a CA and a server certificate for the four official
  hosts that it signed.
- :class:`OfficialHosts` is a threaded HTTPS server with that certificate, answering each
  request with what ``answer(method, path, body)`` returns: a status, headers, and the body
  as bytes or as an iterable of chunks (sent as they are produced, so an endless answer
  costs the server nothing).
- :func:`serving_official_hosts` (the ``official_hosts`` fixture of ``conftest.py``)
  starts it, sends every official host to it, and
  makes ``certifi.where()`` name a bundle holding only its CA, so the pinned transports
  (which trust exactly certifi) trust it and nothing else. The socket seam of each
  transport is pointed at the server, above TLS, so each transport's own TLS context (with
  the host name for SNI and the certificate check) decides: aiohttp through
  ``socket.getaddrinfo`` (its threaded resolver); httpx through httpcore's network backend
  (anyio keeps the port it was given); httplib2, which connects to the host name itself,
  through its connection class for https: its own class, with only ``connect`` pointed at
  the server.
"""

from __future__ import annotations

import contextlib
import datetime
import socket
import ssl
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import certifi
import httpcore
import pytest

HOSTS = (
    "gmail.googleapis.com",
    "oauth2.googleapis.com",
    "graph.microsoft.com",
    "login.microsoftonline.com",
)

Answer = tuple[int, dict[str, str], bytes | Iterable[bytes]]
Answering = Callable[[str, str, bytes], Answer]


def issue_certificates(folder: Path, hosts: tuple[str, ...] = HOSTS) -> tuple[Path, Path, Path]:
    """A CA (``otpmail test evil root``), and a certificate for ``hosts`` it signed: the
    paths of the CA, the certificate and its key."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "otpmail test evil root")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0])]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(h) for h in hosts]), False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "evil-ca.pem", folder / "mitm.pem", folder / "mitm.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


@dataclass
class Served:
    """One request the server answered, and how much of the answer it got to send."""

    method: str
    path: str
    body: bytes
    sent: int = 0


@dataclass
class OfficialHosts:
    """A TLS server for the official hosts on 127.0.0.1."""

    port: int
    ca: Path
    answer: Answering
    served: list[Served] = field(default_factory=list)

    def paths(self) -> list[str]:
        return [s.path for s in self.served]


def _handler(state: OfficialHosts) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            # The handshake here, on the request's thread, not in the accepting one.
            self.request.do_handshake()
            super().setup()

        def _any(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else b""
            served = Served(self.command, self.path, body)
            state.served.append(served)
            status, headers, content = state.answer(self.command, self.path, body)
            chunks: Iterable[bytes] = (
                [content[i : i + 65_536] for i in range(0, len(content), 65_536)]
                if isinstance(content, bytes)
                else content
            )
            try:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if isinstance(content, bytes):
                    self.send_header("content-length", str(len(content)))
                else:
                    self.send_header("transfer-encoding", "chunked")
                self.send_header("connection", "close")
                self.end_headers()
                for chunk in chunks:
                    if not isinstance(content, bytes):
                        self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    else:
                        self.wfile.write(chunk)
                    served.sent += len(chunk)
                if not isinstance(content, bytes):
                    self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()
            except (OSError, ssl.SSLError):
                pass  # the client stopped reading: what the tests are about
            self.close_connection = True

        do_GET = do_POST = _any

        def log_message(self, format: str, *args: Any) -> None:
            return None

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        return None  # a refused handshake or a client that hung up


def _httplib2_to(port: int) -> type[Any]:
    import httplib2

    class ToServer(httplib2.HTTPSConnectionWithTimeout):  # type: ignore[misc]
        def connect(self) -> None:
            sock = socket.create_connection(("127.0.0.1", port), timeout=self.timeout)
            self.sock = self._context.wrap_socket(sock, server_hostname=self.host)

    return ToServer


class _HttpcoreTo(httpcore.AsyncNetworkBackend):
    """httpcore's socket layer, connecting every host to the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        return await self.inner.connect_tcp(
            "127.0.0.1", self.port, timeout=timeout, socket_options=socket_options
        )

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


def _not_answering(method: str, path: str, body: bytes) -> Answer:
    return 404, {"content-type": "application/json"}, b"{}"


@contextlib.contextmanager
def serving_official_hosts(folder: Path) -> Iterator[OfficialHosts]:
    """The server (set ``.answer``), with every official host resolved to it and certifi's
    bundle replaced by its CA alone, until the block ends (the ``official_hosts`` fixture
    for tests; the benchmark uses it directly)."""
    ca, cert, key = issue_certificates(folder)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    state = OfficialHosts(0, ca, _not_answering)
    server = _Server(("127.0.0.1", 0), _handler(state))
    state.port = server.server_address[1]
    server.socket = context.wrap_socket(
        server.socket, server_side=True, do_handshake_on_connect=False
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    real_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name in HOSTS:
            return [
                (
                    socket.AF_INET,
                    socket.SOCK_STREAM,
                    socket.IPPROTO_TCP,
                    "",
                    ("127.0.0.1", state.port),
                )
            ]
        return real_getaddrinfo(host, port, *args, **kwargs)

    import httplib2

    from otpmail._providers import _outlook

    real_transport = _outlook.network_transport

    def network_transport() -> Any:
        transport = real_transport()
        transport._pool._network_backend = _HttpcoreTo(state.port)
        return transport

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket, "getaddrinfo", getaddrinfo)
        patch.setattr(certifi, "where", lambda: str(ca))
        patch.setitem(httplib2.SCHEME_TO_CONNECTION, "https", _httplib2_to(state.port))
        patch.setattr(_outlook, "network_transport", network_transport)
        try:
            yield state
        finally:
            server.shutdown()
            server.server_close()

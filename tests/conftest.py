"""Shared test set-up.

- The network is off for every test (pytest-socket, from ``addopts``); a test that tries to
  reach it fails. Tests marked ``loopback`` may open sockets on 127.0.0.1 only.
- Every variable that could steer an SDK is removed, so tests see a clean environment and
  the attack tests set exactly what they attack with.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from fakes.gmail import FakeGmail
    from otpmail import Reader

# CI draws the same examples on every run, so a red build is about the commit and not a
# lucky draw; `HYPOTHESIS_PROFILE=explore` draws fresh ones (see CONTRIBUTING.md).
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
CASSETTES = ROOT / "cassettes"
EXAMPLE_CONFIG = ROOT / "integrations.example.yaml"

_STEERING_PREFIXES = ("GOOGLE_", "AZURE_", "OTPMAIL_", "MSAL_")
_STEERING = {
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "no_proxy",
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "HTTPLIB2_CA_CERTS",
    "SSLKEYLOGFILE",
    "httplib2_decode_limit_hard",
    "httplib2_decode_limit_safe",
    "httplib2_decode_limit_ratio",
    "httplib2_decode_limit_chunk",
}


_RUNTIME = Path(tempfile.mkdtemp(prefix="otpmail-rt-"))
"""This test process's own runtime directory for mailbox watchers (docs/fleets.md): other
test runs on the machine, which may use the same fake mailboxes, never share with it."""
atexit.register(shutil.rmtree, _RUNTIME, ignore_errors=True)


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name in _STEERING or name.startswith(_STEERING_PREFIXES):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OTPMAIL_RUNTIME_DIR", str(_RUNTIME))


@pytest.fixture(autouse=True)
def _network_attempts_fail_the_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """pytest-socket blocks the attempt; this records it, so that a test still fails when an
    SDK catches the blocking exception and carries on."""
    import pytest_socket

    attempts: list[str] = []
    for cls in (pytest_socket.SocketBlockedError, pytest_socket.SocketConnectBlockedError):
        original = cls.__init__

        def record(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> None:
            attempts.append(" ".join(str(a) for a in args) or "socket use")
            _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", record)
    yield attempts
    if attempts:
        pytest.fail(f"the test tried to reach the network: {attempts}")


@pytest.fixture
def expect_network_attempt(_network_attempts_fail_the_test: list[str]) -> Iterator[list[str]]:
    """For the tests of the guard itself: attempts are expected and returned for checking."""
    yield _network_attempts_fail_the_test
    _network_attempts_fail_the_test.clear()


@pytest.fixture(autouse=True)
def _loopback_only(request: pytest.FixtureRequest) -> Iterator[None]:
    """``@pytest.mark.loopback`` tests may use 127.0.0.1 and nothing else."""
    if request.node.get_closest_marker("loopback") is None:
        yield
        return
    import pytest_socket

    pytest_socket.enable_socket()
    pytest_socket.socket_allow_hosts(["127.0.0.1"], allow_unix_socket=True)
    try:
        yield
    finally:
        pytest_socket.disable_socket(allow_unix_socket=True)


@pytest.fixture
def official_hosts(tmp_path: Path) -> Iterator[Any]:
    """The official hosts played by a TLS server on 127.0.0.1, for tests of the real
    transports (``tests/official_hosts.py``). Use with ``@pytest.mark.loopback``."""
    from official_hosts import serving_official_hosts

    with serving_official_hosts(tmp_path) as state:
        yield state


@pytest.fixture(scope="session")
def rsa_private_key_pem() -> str:
    """A throwaway RSA key, made once per run, so service-account keys can sign offline."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@pytest.fixture
def service_account_info(rsa_private_key_pem: str) -> dict[str, Any]:
    """A well-formed service-account key (the shape Google's console downloads)."""
    return {
        "type": "service_account",
        "project_id": "otpmail-tests",
        "private_key_id": "0123456789abcdef0123456789abcdef01234567",
        "private_key": rsa_private_key_pem,
        "client_email": "reader@otpmail-tests.iam.gserviceaccount.com",
        "client_id": "100000000000000000001",
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
        "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/reader",
        "universe_domain": "googleapis.com",
    }


def write_config(folder: Path, text: str) -> Path:
    """Write an integrations file into ``folder`` and return its path."""
    path = folder / "integrations.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def write_key(folder: Path, info: dict[str, Any], name: str = "sa.json") -> Path:
    """Write a service-account key file into ``folder`` and return its path."""
    path = folder / name
    path.write_text(json.dumps(info), encoding="utf-8")
    return path


def gmail_reader(
    folder: Path,
    key: dict[str, Any],
    upstream: FakeGmail,
    *,
    address: str = "qa@example.com",
    email_keys: str = "",
    **provider_options: Any,
) -> Reader:
    """A ``Reader`` on one Gmail mailbox at ``address`` whose provider talks to ``upstream``
    (a ``tests.fakes.gmail.FakeGmail``) through the SDK's transport seam.

    ``email_keys`` is YAML put under ``email:`` before the mailboxes (``limits``,
    ``deadline_seconds``), each line indented by two spaces; ``provider_options`` go to
    ``GmailProvider`` (``retry=``, ``max_concurrency=``, an ``http_factory=`` that wraps
    the fake's)."""
    from otpmail import Reader
    from otpmail._core._config import GmailMailbox, Mailbox
    from otpmail._providers._gmail import GmailProvider

    write_key(folder, key)
    config = write_config(
        folder,
        "email:\n" + email_keys + "  mailboxes:\n    - provider: gmail\n"
        f"      address: {address}\n      service_account_file: sa.json\n",
    )

    def factory(mailbox: Mailbox) -> GmailProvider:
        assert isinstance(mailbox, GmailMailbox)
        options = {"http_factory": upstream.http_factory, **provider_options}
        return GmailProvider(mailbox, **options)

    return Reader(config, provider_factory=factory)

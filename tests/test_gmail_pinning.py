"""Gmail requests go to the official hosts and nowhere else, whatever the key file or the
environment says. The assertion each time: the request is refused, or goes only to the
official host, and nothing reached the transport for a foreign host."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import certifi
import httplib2
import pytest
from google.oauth2 import service_account
from googleapiclient import discovery

from gmail_cassettes import (
    CLIENT_EMAIL,
    MAILBOX,
    PIN_MAIL,
    TOKEN_URI,
    FrozenClock,
    Harness,
    quick_key,
)
from otpmail._core import _criteria
from otpmail._core._config import GmailMailbox, SecretRef
from otpmail._core._egress import EgressRefused
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._gmail_http import API_ENDPOINT, PinnedHttp

OFFICIAL = {"oauth2.googleapis.com", "gmail.googleapis.com"}


@pytest.fixture
def gmail(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> Harness:
    monkeypatch.setattr(_criteria, "datetime", FrozenClock)
    return Harness(tmp_path, quick_key(service_account_info))


def jwt_claims(body: bytes) -> dict[str, Any]:
    payload = parse_qs(body.decode())["assertion"][0].split(".")[1]
    claims: dict[str, Any] = json.loads(
        base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    )
    return claims


def assert_only_official_hosts(gmail: Harness) -> None:
    assert gmail.transport.attempted, "the test sent nothing: it would prove nothing"
    assert gmail.transport.hosts_attempted() <= OFFICIAL
    assert gmail.transport.hosts_reached() <= OFFICIAL
    (grant,) = gmail.transport.token_requests()
    assert grant.url == TOKEN_URI


async def read_pinned(gmail: Harness) -> dict[str, Any]:
    envelope = await gmail.read("pinned_read", "qa+pin@example.com")
    assert envelope["status"] == "ok", envelope
    assert [e["id"] for e in envelope["data"]["emails"]] == [PIN_MAIL.id]
    return envelope


# -- the transport itself -------------------------------------------------------------------


class ConnectionRecorder(PinnedHttp):
    """The test-double seam: ``_conn_request`` is where bytes would leave the process."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, str, str]] = []

    def _conn_request(
        self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
    ) -> Any:
        self.sent.append((method, conn.host, request_uri))
        response = httplib2.Response({"status": "200", "content-type": "application/json"})
        return response, b"{}"


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", "https://evil.example/token"),
        ("POST", "https://oauth2.googleapis.com.evil.example/token"),
        ("GET", "https://gmail.googleapis.com@evil.example/gmail/v1/users/me/messages"),
        ("GET", "http://gmail.googleapis.com/gmail/v1/users/me/messages"),
        ("GET", "https://gmail.googleapis.com:8443/gmail/v1/users/me/messages"),
        ("GET", "https://gmail.mtls.googleapis.com/gmail/v1/users/me/messages"),
        ("GET", "https://gmail.evil.example/gmail/v1/users/me/messages"),
        (
            "GET",
            "https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/"
            "reader@otpmail-tests.iam.gserviceaccount.com/allowedLocations",
        ),
        ("POST", "https://gmail.googleapis.com/gmail/v1/users/me/messages/send"),
        ("POST", "https://gmail.googleapis.com/batch/gmail/v1"),
    ],
)
def test_pinned_http_refuses_a_foreign_request_before_any_connection(method: str, url: str) -> None:
    http = ConnectionRecorder()

    with pytest.raises(EgressRefused) as refused:
        http.request(url, method, body=b"assertion=secret" if method == "POST" else None)

    assert refused.value.code == "egress_refused"
    assert http.sent == []
    assert http.connections == {}  # not even a connection object was made


def test_pinned_http_lets_an_official_request_through_to_the_connection() -> None:
    http = ConnectionRecorder()

    response, _ = http.request(
        "https://gmail.googleapis.com/gmail/v1/users/me/messages?q=x&alt=json", "GET"
    )

    assert response.status == 200
    assert http.sent == [
        ("GET", "gmail.googleapis.com", "/gmail/v1/users/me/messages?q=x&alt=json")
    ]


def test_pinned_http_follows_no_redirect() -> None:
    http = PinnedHttp()

    assert http.follow_redirects is False
    assert http.follow_all_redirects is False


# -- the key file ---------------------------------------------------------------------------


async def test_a_key_file_token_uri_cannot_move_the_token_request(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_criteria, "datetime", FrozenClock)
    gmail = Harness(
        tmp_path, {**quick_key(service_account_info), "token_uri": "https://evil.example/token"}
    )

    await read_pinned(gmail)

    assert_only_official_hosts(gmail)
    assert gmail.providers[0]._credentials._token_uri == TOKEN_URI


async def test_a_key_file_universe_domain_cannot_move_the_api_host(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_criteria, "datetime", FrozenClock)
    gmail = Harness(
        tmp_path, {**quick_key(service_account_info), "universe_domain": "evil.example"}
    )

    await read_pinned(gmail)

    assert_only_official_hosts(gmail)
    provider = gmail.providers[0]
    assert provider._credentials.universe_domain == "googleapis.com"
    assert provider._service._baseUrl == API_ENDPOINT


# -- the environment ------------------------------------------------------------------------


PROXIES = {
    name: url
    for names, url in (
        (("HTTPS_PROXY", "https_proxy"), "http://proxy.evil.example:3128"),
        (("HTTP_PROXY", "http_proxy"), "http://proxy.evil.example:3128"),
        (("ALL_PROXY", "all_proxy"), "socks5://proxy.evil.example:1080"),
    )
    for name in names
}

STEERING = {
    "universe": {"GOOGLE_CLOUD_UNIVERSE_DOMAIN": "evil.example"},
    "mtls": {"GOOGLE_API_USE_MTLS_ENDPOINT": "always", "GOOGLE_API_USE_CLIENT_CERTIFICATE": "true"},
    "boundary": {
        "GOOGLE_AUTH_TRUST_BOUNDARY_ENABLED": "true",
        "GOOGLE_SDK_EXPERIMENTAL_PYTHON_REGIONAL_ACCESS_BOUNDARY_LOOKUP_ENABLED": "true",
    },
    "adc": {"GOOGLE_APPLICATION_CREDENTIALS": "{other_key}"},
    "proxy": PROXIES,
    "ca": {
        "HTTPLIB2_CA_CERTS": "{bogus_ca}",
        "REQUESTS_CA_BUNDLE": "{bogus_ca}",
        "SSL_CERT_FILE": "{bogus_ca}",
    },
    # httplib2 raises at import for a file that does not exist (proven in a fresh process:
    # test_security_environment.py::test_a_missing_httplib2_ca_bundle_cannot_take_gmail_down).
    "ca_missing": {"HTTPLIB2_CA_CERTS": "/nonexistent/ca-bundle.pem"},
    # The TLS session secrets, for whoever reads the file (no transport writes it:
    # test_security_environment.py::test_sslkeylogfile_makes_no_transport_write_a_key_log).
    "keylog": {"SSLKEYLOGFILE": "{keylog}"},
    # httplib2's inflation limits; otpmail inflates answers itself, within its own bound.
    "decode_limits": {
        "httplib2_decode_limit_hard": "0",
        "httplib2_decode_limit_safe": "0",
        "httplib2_decode_limit_ratio": "0",
    },
}


@pytest.fixture
def steer(
    tmp_path: Path, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> Any:
    """Set one group of steering variables, as an attacker (or a confused CI) would."""
    other = {
        **service_account_info,
        "client_email": "intruder@evil-project.iam.gserviceaccount.com",
        "token_uri": "https://evil.example/token",
    }
    other_key = tmp_path / "other" / "adc.json"
    other_key.parent.mkdir()
    other_key.write_text(json.dumps(other))
    bogus_ca = tmp_path / "evil-ca.pem"
    bogus_ca.write_text("-----BEGIN CERTIFICATE-----\nZXZpbA==\n-----END CERTIFICATE-----\n")

    def apply(group: str) -> None:
        for name, value in STEERING[group].items():
            monkeypatch.setenv(
                name,
                value.format(other_key=other_key, bogus_ca=bogus_ca, keylog=tmp_path / "keys.log"),
            )
        if group == "ca":
            # httplib2 reads HTTPLIB2_CA_CERTS once, at import: stand in for that read.
            monkeypatch.setattr(httplib2, "CA_CERTS", str(bogus_ca))

    return apply


@pytest.mark.parametrize("group", sorted(STEERING))
async def test_steering_variables_cannot_move_any_request(
    gmail: Harness, steer: Any, group: str
) -> None:
    steer(group)

    await read_pinned(gmail)

    assert_only_official_hosts(gmail)
    assert gmail.providers[0]._service._baseUrl == "https://gmail.googleapis.com/"
    for sent in gmail.transport.reached:
        assert sent.proxy_info is None
        assert sent.ca_certs == certifi.where()
        assert "x-allowed-locations" not in sent.headers
    # Only the configured key signs the grant.
    (grant,) = gmail.transport.token_requests()
    assert jwt_claims(grant.body)["iss"] == CLIENT_EMAIL
    assert jwt_claims(grant.body)["sub"] == MAILBOX
    assert not (gmail.folder / "keys.log").exists()


@pytest.mark.parametrize("group", sorted(STEERING))
def test_the_client_base_url_is_the_official_endpoint_under_steering_variables(
    gmail: Harness, steer: Any, group: str
) -> None:
    steer(group)
    mailbox = GmailMailbox(
        provider="gmail",
        address=MAILBOX,
        domains=(),
        source="test",
        key=SecretRef(file=gmail.key_path),
    )

    provider = GmailProvider(mailbox, http_factory=gmail.transport.http_class())

    assert provider._service._baseUrl == "https://gmail.googleapis.com/"
    assert provider._service._universe_domain == "googleapis.com"
    assert gmail.transport.attempted == []  # building the client sends nothing


def test_the_universe_variable_would_move_an_unpinned_client(steer: Any) -> None:
    steer("universe")

    unpinned = discovery.build(
        "gmail", "v1", http=httplib2.Http(), static_discovery=True, cache_discovery=False
    )

    assert unpinned._baseUrl == "https://gmail.evil.example/"


def test_the_boundary_variable_turns_on_a_lookup_that_pinned_credentials_never_make(
    gmail: Harness, steer: Any, service_account_info: dict[str, Any]
) -> None:
    steer("boundary")
    plain = service_account.Credentials.from_service_account_info(service_account_info)
    pinned = GmailProvider(
        GmailMailbox("gmail", MAILBOX, (), "test", key=SecretRef(file=gmail.key_path)),
        http_factory=gmail.transport.http_class(),
    )._credentials

    # google-auth would contact iamcredentials.googleapis.com for plain credentials (and
    # today skips it only because a delegated subject is set); ours never consider it.
    assert plain._is_regional_access_boundary_lookup_required() is True
    assert pinned._is_regional_access_boundary_lookup_required() is False


def test_proxy_variables_are_ignored_by_the_pinned_transport(steer: Any) -> None:
    steer("proxy")

    default = httplib2.Http().proxy_info("https")
    assert default is not None and default.proxy_host == "proxy.evil.example"
    assert PinnedHttp().proxy_info is None


def test_ca_variables_are_ignored_by_the_pinned_transport(steer: Any) -> None:
    steer("ca")

    assert PinnedHttp().ca_certs == certifi.where()


# -- redirects ------------------------------------------------------------------------------


async def test_an_api_redirect_to_another_host_is_not_followed(gmail: Harness) -> None:
    envelope = await gmail.read("redirect_list_302", "qa+pin@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("API_ERROR: Gmail messages.list failed: HTTP 302")
    assert envelope["code"] == "request_failed"
    assert "evil.example" not in envelope["error"]
    assert gmail.transport.hosts_attempted() <= OFFICIAL
    assert gmail.transport.hosts_reached() <= OFFICIAL
    assert len(gmail.transport.api_requests()) == 1


async def test_a_token_redirect_to_another_host_is_not_followed(gmail: Harness) -> None:
    envelope = await gmail.read("redirect_token_308", "qa+pin@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("API_ERROR: Gmail token request failed: HTTP 308")
    assert envelope["code"] == "request_failed"
    assert "evil.example" not in envelope["error"]
    assert gmail.transport.hosts_attempted() == {"oauth2.googleapis.com"}
    assert [s.url for s in gmail.transport.reached] == [TOKEN_URI]
    assert urlsplit(gmail.transport.reached[0].url).hostname == "oauth2.googleapis.com"

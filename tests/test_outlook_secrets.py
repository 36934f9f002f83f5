"""Credentials and failures: a client secret or a certificate reaches Entra and nothing
else; every Graph or Entra failure becomes one documented error that names the provider,
the operation and the status and carries no secret, token or response text; a missing
``outlook`` extra is ``NOT_CONFIGURED``.
"""

from __future__ import annotations

import base64
import json
import logging
import sys
import traceback
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from otpmail._core._config import OutlookMailbox, SecretRef
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import NO_RETRY
from otpmail._providers._outlook import OutlookProvider
from otpmail._reading._reader import Reader
from test_outlook_cassettes import (
    CLIENT_ID,
    CONTENT_SELECT,
    ENTRA_INVALID_CLIENT,
    MAILBOX,
    NOW,
    SECRET_ENV,
    TOKEN_URI,
    FakeGraph,
    Wire,
    cassette,
    criteria,
    graph_error_body,
    graph_json,
    outlook_mailbox,
    page_body,
    write_outlook_config,
)

PLANTED = "PLANTED~secret~Q7f.x_0tpm4il-do-not-leak"


@pytest.fixture(autouse=True)
def _planted_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SECRET_ENV, PLANTED)


def leaks(text: str) -> bool:
    return PLANTED in text or PLANTED.replace("~", "%7E") in text


def exception_texts(exc: BaseException) -> str:
    return "\n".join(
        [str(exc), repr(exc), "".join(traceback.format_exception(exc)), repr(exc.__dict__)]
    )


# -- the client secret ------------------------------------------------------------------


async def test_the_client_secret_goes_to_entra_and_nowhere_else(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    wire = Wire()
    reader = Reader(write_outlook_config(tmp_path))

    with cassette("mailbox", wire, all_played=False):
        envelope = await reader.read_emails(MAILBOX, latest=True)
    await reader.aclose()

    assert envelope["status"] == "ok"
    (token_post,) = wire.token
    assert token_post.url == TOKEN_URI
    assert token_post.body["client_secret"] == PLANTED
    assert token_post.body["grant_type"] == "client_credentials"
    assert token_post.body["scope"] == "https://graph.microsoft.com/.default"
    assert not any(leaks(f"{s.url} {s.headers} {s.body!r}") for s in wire.graph)
    assert not leaks(json.dumps(envelope))
    assert caplog.records, "DEBUG logging captured nothing: the check would be vacuous"
    assert not leaks(caplog.text)
    assert not any(leaks(str(r.__dict__)) for r in caplog.records)


async def test_a_rejected_client_secret_is_auth_failed_without_the_secret_anywhere(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    provider = OutlookProvider(outlook_mailbox())

    with cassette("token_invalid_client"), pytest.raises(OtpmailError) as caught:
        await provider.search(criteria())

    error = caught.value
    assert error.code == "auth_failed"
    assert error.message == (
        "Outlook token request failed: HTTP 401 (invalid_client, AADSTS7000215: the client "
        "secret or certificate was rejected: check tenant_id, client_id and the credential)"
    )
    # No SDK exception hangs off ours: azure's keeps the secret in response.request.body.
    assert error.__cause__ is None
    assert error.__context__ is None
    assert not leaks(exception_texts(error))
    assert "Invalid client secret provided" not in error.message
    assert not leaks(caplog.text)
    assert not leaks(repr(provider))


async def test_a_rejected_client_secret_envelope_is_clean(tmp_path: Path) -> None:
    reader = Reader(write_outlook_config(tmp_path))
    with cassette("token_invalid_client"):
        envelope = await reader.read_emails(MAILBOX)

    assert envelope["code"] == "auth_failed"
    assert envelope["retryable"] is False
    assert not leaks(json.dumps(envelope))
    assert ENTRA_INVALID_CLIENT["error_description"][:40] not in envelope["error"]


# -- a certificate ----------------------------------------------------------------------


def throwaway_certificate(key_pem: str, password: bytes | None = None) -> bytes:
    """A self-signed certificate for the session's throwaway RSA key, PEM, key first."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.x509.oid import NameOID

    key = serialization.load_pem_private_key(key_pem.encode(), password=None)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "otpmail test app")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())  # type: ignore[arg-type]
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW - timedelta(days=1))
        .not_valid_after(NOW + timedelta(days=365))
        .sign(key, hashes.SHA256())  # type: ignore[arg-type]
    )
    encryption: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(password)
        if password
        else serialization.NoEncryption()
    )
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption
    ) + cert.public_bytes(serialization.Encoding.PEM)


def b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


async def test_a_certificate_signs_the_token_request_with_a_client_assertion(
    tmp_path: Path, rsa_private_key_pem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    pem = throwaway_certificate(rsa_private_key_pem, password=b"pfx-pass")
    (tmp_path / "app.pem").write_bytes(pem)
    monkeypatch.setenv("OTPMAIL_TEST_CERT_PASSWORD", "pfx-pass")
    mailbox = outlook_mailbox(
        client_secret=None,
        certificate=SecretRef(file=tmp_path / "app.pem"),
        certificate_password=SecretRef(env="OTPMAIL_TEST_CERT_PASSWORD"),
    )
    wire = Wire()

    with cassette("mailbox", wire, all_played=False):
        emails = await OutlookProvider(mailbox).search(criteria(latest=True))

    assert emails
    (token_post,) = wire.token
    assert token_post.url == TOKEN_URI
    form = token_post.body
    assert "client_secret" not in form
    assert form["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    header, claims, signature = form["client_assertion"].split(".")
    jose, payload = json.loads(b64url(header)), json.loads(b64url(claims))
    cert = x509.load_pem_x509_certificate(pem[pem.index(b"-----BEGIN CERTIFICATE") :])
    assert jose["alg"] == "PS256"
    assert b64url(jose["x5t#S256"]) == cert.fingerprint(hashes.SHA256())
    assert payload["aud"] == TOKEN_URI
    assert payload["iss"] == payload["sub"] == CLIENT_ID
    public_key = cert.public_key()
    assert isinstance(public_key, rsa.RSAPublicKey)
    public_key.verify(  # raises unless the configured key signed this assertion
        b64url(signature),
        f"{header}.{claims}".encode(),
        padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32),
        hashes.SHA256(),
    )


@pytest.mark.parametrize("content", [b"not a certificate", b"-----BEGIN CERTIFICATE-----\nAAAA\n"])
def test_an_unusable_certificate_is_not_configured(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "app.pem").write_bytes(content)
    mailbox = outlook_mailbox(client_secret=None, certificate=SecretRef(file=tmp_path / "app.pem"))

    with pytest.raises(OtpmailError) as caught:
        OutlookProvider(mailbox)

    assert caught.value.code == "secret_invalid"
    assert caught.value.prefix == "NOT_CONFIGURED"
    assert str(tmp_path / "app.pem") in caught.value.message


def test_a_wrong_certificate_password_is_not_configured(
    tmp_path: Path, rsa_private_key_pem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "app.pem").write_bytes(throwaway_certificate(rsa_private_key_pem, b"right"))
    monkeypatch.setenv("OTPMAIL_TEST_CERT_PASSWORD", "hunter2-not-it")
    mailbox = outlook_mailbox(
        client_secret=None,
        certificate=SecretRef(file=tmp_path / "app.pem"),
        certificate_password=SecretRef(env="OTPMAIL_TEST_CERT_PASSWORD"),
    )

    with pytest.raises(OtpmailError) as caught:
        OutlookProvider(mailbox)

    assert caught.value.code == "secret_invalid"
    assert "hunter2-not-it" not in caught.value.message


# -- Graph failures ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "code", "text", "expected"),
    [
        (403, "ErrorAccessDenied", "Access to OData is disabled.", "permission_denied"),
        (
            403,
            "ErrorAccessDenied",
            "Access is denied. Check credentials and try again.",
            "delegation_denied",
        ),
        (
            404,
            "ErrorInvalidUser",
            "The requested user 'qa@contoso.com' is invalid.",
            "mailbox_not_found",
        ),
        (
            404,
            "MailboxNotEnabledForRESTAPI",
            "REST API is not yet supported for this mailbox.",
            "mailbox_not_found",
        ),
        (404, "ResourceNotFound", "Resource could not be discovered.", "mailbox_not_found"),
        (401, "InvalidAuthenticationToken", "Access token validation failure.", "auth_failed"),
        (
            400,
            "ErrorInvalidUrlQueryFilter",
            "The query filter contains one or more invalid nodes.",
            "request_failed",
        ),
        (
            500,
            "ErrorInternalServerError",
            "An internal server error occurred.",
            "provider_unavailable",
        ),
    ],
)
async def test_graph_errors_map_to_documented_codes_without_their_text(
    status: int, code: str, text: str, expected: str
) -> None:
    # One attempt: this is about what one answer becomes (retries: tests/test_faults.py).
    fake = FakeGraph(lambda request: graph_json(status, graph_error_body(code, text)))

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await OutlookProvider(outlook_mailbox(), transport=fake.transport, retry=NO_RETRY).search(
            criteria()
        )

    error = caught.value
    assert error.code == expected
    assert error.message.startswith(f"Outlook messages.list failed: HTTP {status} ({code}")
    assert text not in error.message
    assert "qa@contoso.com" not in error.message or expected == "mailbox_not_found"
    assert error.__context__ is None


async def test_a_server_error_page_that_is_not_json_is_provider_unavailable() -> None:
    fake = FakeGraph(
        lambda request: httpx.Response(
            502, content=b"<html>Bad Gateway</html>", headers={"Content-Type": "text/html"}
        )
    )

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await OutlookProvider(outlook_mailbox(), transport=fake.transport, retry=NO_RETRY).search(
            criteria()
        )

    assert caught.value.code == "provider_unavailable"
    assert "Bad Gateway" not in caught.value.message


@pytest.mark.parametrize("body", [b"not json", b'{"error": "no value list"}', b"[]"])
async def test_a_success_that_is_not_a_message_list_is_bad_response(body: bytes) -> None:
    fake = FakeGraph(
        lambda request: httpx.Response(
            200, content=body, headers={"Content-Type": "application/json"}
        )
    )

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await OutlookProvider(outlook_mailbox(), transport=fake.transport).search(criteria())

    assert caught.value.code == "bad_response"


async def test_a_repeating_next_link_cannot_loop_count_forever() -> None:
    link = "https://graph.microsoft.com/v1.0/users/qa@contoso.com/messages?%24skip=1000"
    fake = FakeGraph(lambda request: graph_json(200, page_body([], CONTENT_SELECT, link)))

    with cassette("token"), pytest.raises(OtpmailError) as caught:
        await OutlookProvider(outlook_mailbox(), transport=fake.transport).count(
            criteria(count=True)
        )

    assert caught.value.code == "bad_response"
    # The first page, then the link once; its second appearance is refused.
    assert len(fake.requests) == 2


# -- the optional dependency ------------------------------------------------------------


_WITHOUT_EXTRA = """
import asyncio, importlib.abc, json, sys

class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == MISSING or name.startswith(MISSING + "."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
from otpmail._reading._reader import Reader
print(json.dumps(asyncio.run(Reader(CONFIG).read_emails("qa@contoso.com"))))
"""


@pytest.mark.parametrize("missing", ["msgraph", "kiota_http", "aiohttp"])
def test_without_the_outlook_extra_an_outlook_mailbox_is_not_configured(
    tmp_path: Path, missing: str
) -> None:
    """As if ``pip install otpmail`` ran without ``[outlook]``: a fresh interpreter in which
    one of the extra's packages cannot be imported."""
    import subprocess

    code = _WITHOUT_EXTRA.replace("MISSING", repr(missing)).replace(
        "CONFIG", repr(str(write_outlook_config(tmp_path)))
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", SECRET_ENV: PLANTED},
    )
    envelope = json.loads(result.stdout)

    assert envelope["code"] == "extra_missing"
    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert "pip install 'otpmail[outlook]'" in envelope["error"]


def test_the_provider_repr_names_the_mailbox_only() -> None:
    provider = OutlookProvider(outlook_mailbox())

    assert repr(provider) == "OutlookProvider(account='qa@contoso.com')"
    assert isinstance(outlook_mailbox(), OutlookMailbox)
    assert not leaks(repr(outlook_mailbox()))

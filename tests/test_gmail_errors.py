"""Gmail failures become the specification's prefixes, with a ``code`` and ``retryable`` for
machines and a message that names provider, operation and status, and nothing secret."""

from __future__ import annotations

import json
import time
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from conftest import gmail_reader
from fakes.gmail import (
    ACCESS_NOT_CONFIGURED,
    DAILY_LIMIT_EXCEEDED,
    DAILY_QUERIES_EXCEEDED,
    DOMAIN_POLICY,
    QUOTA_EXCEEDED,
    FakeGmail,
    Fault,
)
from gmail_cassettes import (
    BACKEND_ERROR,
    DELEGATION_DENIED,
    FAKE_ACCESS_TOKEN,
    INVALID_GRANT,
    RATE_LIMIT_403,
    RATE_LIMIT_429,
    UNAUTHENTICATED,
    UNAUTHORIZED_CLIENT,
    FrozenClock,
    Harness,
    quick_key,
)
from otpmail import Reader
from otpmail._core import _criteria
from otpmail._core._retry import RetryPolicy


@pytest.fixture
def gmail(
    tmp_path: Any, service_account_info: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> Harness:
    monkeypatch.setattr(_criteria, "datetime", FrozenClock)
    return Harness(tmp_path, quick_key(service_account_info))


def otp_mail(to: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Acme <no-reply@acme.example>"
    msg["To"] = to
    msg["Subject"] = "Your sign-in code"
    msg.set_content("Your code is 482913.\n")
    return msg


def assert_safe(message: str, key_info: dict[str, Any], *bodies: str) -> None:
    """No token, assertion, key material or provider response text in ``message``."""
    for secret in (FAKE_ACCESS_TOKEN, "ya29.", "Bearer", "REDACTED", "assertion", "eyJ"):
        assert secret not in message
    assert "PRIVATE KEY" not in message
    assert key_info["private_key_id"] not in message
    for body in bodies:
        detail = json.loads(body)["error"]
        text = detail["message"] if isinstance(detail, dict) else body
        assert text not in message


# -- INVALID --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("to", "after"),
    [
        ("", None),
        ("   ", None),
        ("qa@example.com", "5x"),
        ("qa@example.com", "1w"),
        ("qa@example.com", "-5m"),
        ("qa@example.com", "99999999999999999999d"),
    ],
)
async def test_an_empty_recipient_or_a_bad_look_back_is_invalid_and_sends_nothing(
    gmail: Harness, to: str, after: str | None
) -> None:
    reader = gmail.reader()
    envelope = await reader.read_emails(to, after=after)

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("INVALID: ")
    assert envelope["code"] == "invalid_argument"
    assert envelope["retryable"] is False
    assert gmail.providers == []
    assert gmail.transport.attempted == []


# -- NOT_CONFIGURED -------------------------------------------------------------------------


async def test_a_missing_key_file_is_not_configured(gmail: Harness) -> None:
    gmail.key_path.unlink()

    envelope = await gmail.reader().read_emails("qa@example.com")

    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert envelope["code"] == "secret_missing"
    assert str(gmail.key_path) in envelope["error"]
    assert gmail.transport.attempted == []


async def test_a_key_that_is_not_a_service_account_is_not_configured_and_not_echoed(
    gmail: Harness,
) -> None:
    gmail.key_path.write_text(
        json.dumps(
            {
                "type": "authorized_user",
                "client_id": "1234.apps.googleusercontent.com",
                "client_secret": "GOCSPX-do-not-echo-me",
                "refresh_token": "1//do-not-echo-me-either",
            }
        )
    )

    envelope = await gmail.reader().read_emails("qa@example.com")

    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert envelope["code"] == "secret_invalid"
    assert "do-not-echo" not in envelope["error"]
    assert gmail.transport.attempted == []


async def test_a_key_with_a_broken_private_key_is_not_configured_and_not_echoed(
    gmail: Harness, service_account_info: dict[str, Any]
) -> None:
    broken = dict(service_account_info)
    broken["private_key"] = "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n"
    gmail.key_path.write_text(json.dumps(broken))

    envelope = await gmail.reader().read_emails("qa@example.com")

    assert envelope["error"].startswith("NOT_CONFIGURED: ")
    assert envelope["code"] == "secret_invalid"
    assert "bm90IGEga2V5" not in envelope["error"]
    assert "PRIVATE KEY" not in envelope["error"]


# -- API_ERROR: the API ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cassette", "status", "code", "retryable", "body"),
    [
        ("list_error_401", 401, "auth_failed", False, UNAUTHENTICATED),
        ("list_error_403_delegation", 403, "delegation_denied", False, DELEGATION_DENIED),
        ("list_error_403_rate_limit", 403, "rate_limited", True, RATE_LIMIT_403),
        ("list_error_429", 429, "rate_limited", True, RATE_LIMIT_429),
        ("list_error_500", 500, "provider_unavailable", True, BACKEND_ERROR),
    ],
)
async def test_api_failures_map_to_code_and_retryable_with_a_safe_message(
    gmail: Harness,
    service_account_info: dict[str, Any],
    cassette: str,
    status: int,
    code: str,
    retryable: bool,
    body: str,
) -> None:
    envelope = await gmail.read(cassette, "qa+err@example.com")

    assert envelope["status"] == "error"
    assert envelope["error"].startswith(f"API_ERROR: Gmail messages.list failed: HTTP {status}")
    assert envelope["code"] == code
    assert envelope["retryable"] is retryable
    assert_safe(envelope["error"], service_account_info, body)


async def test_a_rejected_access_token_is_refreshed_once_before_giving_up(gmail: Harness) -> None:
    envelope = await gmail.read("list_error_401", "qa+err@example.com")

    assert envelope["code"] == "auth_failed"
    # One refresh, one more try; a 401 after a fresh token fails fast (issue 7). The
    # refresh is pinned too.
    assert len(gmail.transport.token_requests()) == 2
    assert len(gmail.transport.api_requests()) == 2


# -- API_ERROR: the token endpoint ----------------------------------------------------------


@pytest.mark.parametrize("count", [False, True])
@pytest.mark.parametrize(
    ("cassette", "status", "code", "description"),
    [
        ("token_unauthorized_client", 401, "delegation_denied", UNAUTHORIZED_CLIENT),
        ("token_invalid_grant", 400, "mailbox_not_found", INVALID_GRANT),
    ],
)
async def test_token_endpoint_refusals_map_to_code_with_a_safe_message(
    gmail: Harness,
    service_account_info: dict[str, Any],
    cassette: str,
    status: int,
    code: str,
    description: str,
    count: bool,
) -> None:
    envelope = await gmail.read(cassette, "qa+err@example.com", count=count)

    assert envelope["status"] == "error"
    assert envelope["error"].startswith(f"API_ERROR: Gmail token request failed: HTTP {status}")
    assert envelope["code"] == code
    assert envelope["retryable"] is False
    assert description not in envelope["error"]
    assert_safe(envelope["error"], service_account_info)
    # Nothing but the token request was sent.
    assert [s.url for s in gmail.transport.reached] == ["https://oauth2.googleapis.com/token"]


# -- API_ERROR: quotas and domain policy (the in-process fake) ------------------------------


def fake_reader(folder: Path, key_info: dict[str, Any], upstream: FakeGmail, **kw: Any) -> Reader:
    """A Reader on ``upstream`` whose provider keeps the production retry policy unless
    ``retry`` says otherwise."""
    return gmail_reader(folder, key_info, upstream, **kw)


@pytest.mark.parametrize(
    ("body", "code", "retryable", "says"),
    [
        (DAILY_LIMIT_EXCEEDED, "quota_exhausted", True, "daily Gmail API quota is spent"),
        (DAILY_QUERIES_EXCEEDED, "quota_exhausted", True, "daily Gmail API quota is spent"),
        (QUOTA_EXCEEDED, "quota_exhausted", True, "Gmail API quota is spent"),
        (DOMAIN_POLICY, "permission_denied", False, "administrator has disabled Gmail API"),
        (ACCESS_NOT_CONFIGURED, "api_disabled", False, "Gmail API is not enabled"),
    ],
    ids=["dailyLimitExceeded", "limit per day", "quotaExceeded", "domainPolicy", "apiDisabled"],
)
async def test_a_spent_quota_or_a_domain_policy_fails_at_once_with_its_own_code(
    tmp_path: Path,
    service_account_info: dict[str, Any],
    body: str,
    code: str,
    retryable: bool,
    says: str,
) -> None:
    """Neither is fixed within the call, so the production policy does not spend the
    deadline retrying: one request, an answer well before the (30 s) deadline."""
    upstream = FakeGmail()
    upstream.fail("messages.list", *[Fault(status=403, body=body)] * 5)
    reader = fake_reader(tmp_path, service_account_info, upstream)

    started = time.monotonic()
    envelope = await reader.read_emails("qa+quota@example.com")
    took = time.monotonic() - started
    await reader.aclose()

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("API_ERROR: Gmail messages.list failed: HTTP 403 (")
    assert says in envelope["error"]
    assert (envelope["code"], envelope["retryable"]) == (code, retryable)
    assert upstream.count("messages.list") == 1
    assert took < 2
    assert_safe(envelope["error"], service_account_info, body)


async def test_a_spent_quota_on_every_fetch_is_the_calls_code(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    upstream = FakeGmail()
    upstream.deliver(otp_mail("qa+quota@example.com"))
    upstream.fail("messages.get", *[Fault(status=403, body=DAILY_LIMIT_EXCEEDED)] * 5)
    reader = fake_reader(tmp_path, service_account_info, upstream)

    envelope = await reader.read_emails("qa+quota@example.com")
    await reader.aclose()

    assert (envelope["code"], envelope["retryable"]) == ("quota_exhausted", True)
    assert upstream.count("messages.get") == 1


async def test_a_per_minute_limit_is_still_throttling_and_retried_within_the_call(
    tmp_path: Path, service_account_info: dict[str, Any]
) -> None:
    """The positive control: the same 403 status with a per-minute limit is waited out."""
    upstream = FakeGmail()
    upstream.deliver(otp_mail("qa+quota@example.com"))
    upstream.fail("messages.list", Fault(status=403, body=RATE_LIMIT_403))
    fast = RetryPolicy(attempts=3, base=0.01, cap=0.02)
    reader = fake_reader(tmp_path, service_account_info, upstream, retry=fast)

    envelope = await reader.read_emails("qa+quota@example.com")
    await reader.aclose()

    assert envelope["status"] == "ok"
    assert upstream.count("messages.list") == 2

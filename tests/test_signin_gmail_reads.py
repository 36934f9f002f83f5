"""Reading a Gmail mailbox with its owner's grant (issue 27): read, wait and errors work
as on every other mailbox; the token is refreshed for gmail.readonly alone, once per
token life, by one caller at a time; a dead grant says what to do."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from fakes.google_oauth import SCOPE, FakeGoogleAccounts, FakeGoogleOAuth
from otpmail import Reader
from otpmail._core._config import GmailMailbox, Mailbox
from otpmail._providers._gmail import GmailProvider
from otpmail._signin._grant import GoogleGrant

ADDRESS = "me.tests@gmail.com"


def otp_mail(to: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Acme <no-reply@acme.example>"
    message["To"] = to
    message["Subject"] = "Your Acme code"
    message.set_content("Your code is 482913.")
    return message


def owner_reader(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    upstream: FakeGoogleOAuth,
    *,
    granted_at: datetime | None = None,
) -> tuple[Reader, str]:
    refresh = "1//0g-stored-refresh"
    upstream.refresh_tokens[refresh] = SCOPE
    stamp = (granted_at or datetime.now(UTC)).isoformat().replace("+00:00", "Z")
    grant = GoogleGrant(upstream.client_id, upstream.client_secret, refresh, (SCOPE,), stamp)
    monkeypatch.setenv("OTPMAIL_GMAIL_GRANT", grant.to_json())
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n"
        f"      address: {ADDRESS}\n      auth: user\n      grant_env: OTPMAIL_GMAIL_GRANT\n",
        encoding="utf-8",
    )

    def factory(mailbox: Mailbox) -> GmailProvider:
        assert isinstance(mailbox, GmailMailbox)
        return GmailProvider(mailbox, http_factory=upstream.http_factory)

    return Reader(path, provider_factory=factory), refresh


async def test_a_plus_addressed_code_is_read_with_the_owners_grant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts())
    upstream.deliver(
        otp_mail("me.tests+signup@gmail.com"), at=datetime.now(UTC) - timedelta(seconds=5)
    )
    reader, refresh = owner_reader(tmp_path, monkeypatch, upstream)

    async with reader:
        envelope = await reader.read_emails("me.tests+signup@gmail.com", latest=True)

    assert envelope["status"] == "ok"
    assert envelope["data"]["emails"][0]["code"] == "482913"
    refreshes = [b for b in upstream.token_bodies if b["grant_type"] == "refresh_token"]
    assert len(refreshes) == 1
    assert refreshes[0]["scope"] == SCOPE  # exactly the read scope
    assert refreshes[0]["refresh_token"] == refresh


async def test_concurrent_first_calls_refresh_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts(), latency=0.05)
    upstream.deliver(otp_mail(ADDRESS), at=datetime.now(UTC) - timedelta(seconds=5))
    reader, _ = owner_reader(tmp_path, monkeypatch, upstream)

    async with reader:
        envelopes = await asyncio.gather(
            *(reader.read_emails(ADDRESS, latest=True) for _ in range(12))
        )

    assert all(e["status"] == "ok" for e in envelopes)
    assert upstream.count("token") == 1


async def test_a_revoked_grant_is_not_configured_with_the_remedy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts())
    reader, refresh = owner_reader(
        tmp_path, monkeypatch, upstream, granted_at=datetime.now(UTC) - timedelta(days=30)
    )
    upstream.revoke_all()

    async with reader:
        envelope = await reader.read_emails(ADDRESS)

    assert envelope["status"] == "error"
    assert envelope["error"].startswith("NOT_CONFIGURED:")
    assert envelope["code"] == "secret_invalid"
    assert envelope["retryable"] is False
    assert f"otpmail login {ADDRESS}" in envelope["error"]
    assert "myaccount.google.com/permissions" in envelope["error"]
    assert refresh not in json.dumps(envelope)
    assert upstream.client_secret not in json.dumps(envelope)


async def test_a_grant_dead_after_seven_days_names_the_testing_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts())
    reader, _ = owner_reader(
        tmp_path, monkeypatch, upstream, granted_at=datetime.now(UTC) - timedelta(days=7)
    )
    upstream.revoke_all()

    async with reader:
        envelope = await reader.read_emails(ADDRESS)

    assert envelope["code"] == "secret_invalid"
    assert "Testing status" in envelope["error"] and "Publish app" in envelope["error"]


async def test_a_missing_grant_says_how_to_make_one(tmp_path: Path) -> None:
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n"
        f"      address: {ADDRESS}\n      auth: user\n      grant_env: OTPMAIL_GMAIL_GRANT\n",
        encoding="utf-8",
    )

    async with Reader(path) as reader:
        envelope: dict[str, Any] = await reader.read_emails(ADDRESS)

    assert envelope["code"] == "secret_missing"
    assert f"otpmail login {ADDRESS} --export" in envelope["error"]


def test_the_provider_repr_shows_no_grant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts())
    reader, refresh = owner_reader(tmp_path, monkeypatch, upstream)
    mailbox = reader.config().mailboxes[0]
    assert isinstance(mailbox, GmailMailbox)

    provider = GmailProvider(mailbox, http_factory=upstream.http_factory)

    assert refresh not in repr(provider) and refresh not in repr(mailbox)

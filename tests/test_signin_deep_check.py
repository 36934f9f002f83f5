"""``otpmail check --deep`` on a mailbox read with its owner's grant (issue 27): where the
grant came from, that a refresh works, the scopes granted (a warning when broader than
read-only), and that the token reads the entry's address."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakes.google_oauth import SCOPE, FakeGoogleAccounts, FakeGoogleOAuth
from otpmail._frontends._check import format_findings, run_check
from test_signin_gmail_reads import owner_reader


async def _deep(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, upstream: FakeGoogleOAuth) -> str:
    reader, _ = owner_reader(tmp_path, monkeypatch, upstream)
    async with reader:
        findings = await run_check(reader, deep=True)
    return format_findings(findings)


async def test_the_grant_is_reported_with_its_source_scopes_and_account(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts(account="me.tests@gmail.com"))

    report = await _deep(tmp_path, monkeypatch, upstream)

    line = next(line for line in report.splitlines() if "owner.grant" in line)
    assert line.strip().startswith("holds")
    assert "the environment variable that grant_env names" in report
    assert f"granted: {SCOPE}" in report and "token of me.tests@gmail.com" in report
    assert "all checks passed" in report
    assert "1//0g" not in report


async def test_a_broader_grant_is_a_warning_that_says_otpmail_still_asks_for_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts(account="me.tests@gmail.com"))
    upstream.refresh_scope_answer = f"{SCOPE} https://mail.google.com/"

    report = await _deep(tmp_path, monkeypatch, upstream)

    line = next(line for line in report.splitlines() if "owner.grant" in line)
    assert line.strip().startswith("does not hold")
    assert "broader than read-only: https://mail.google.com/" in report
    assert "otpmail still asks only for read access" in report
    assert "all checks passed" in report  # a verdict, not a failure


async def test_a_token_of_another_account_fails_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    upstream = FakeGoogleOAuth(FakeGoogleAccounts(account="someone.else@gmail.com"))

    report = await _deep(tmp_path, monkeypatch, upstream)

    assert "the grant reads someone.else@gmail.com, not me.tests@gmail.com" in report
    assert "1 problem(s) found" in report

"""``otpmail login`` as a user runs it (issue 27): from nothing to ``otpmail code`` on a
personal Gmail account, through the CLI alone; once with the keyring, once the CI way
(``--export`` into the variable ``grant_env`` names). The test plays the browser; Google
is faked at httplib2's transport seam (``PinnedHttp._conn_request``), behind the egress
check, so the real CLI, flow libraries, listener and provider run."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httplib2
import keyring
import pytest
from keyring.backends import fail

from fakes.google_oauth import FakeGoogleAccounts, FakeGoogleOAuth
from otpmail._frontends import _login
from otpmail._frontends._cli import main
from otpmail._providers._gmail_http import PinnedHttp
from test_signin_gmail_reads import otp_mail
from test_signin_google import Browser
from test_signin_store import MemoryKeyring

pytestmark = pytest.mark.loopback
ADDRESS = "me.tests@gmail.com"


@pytest.fixture
def google(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeGoogleOAuth, Browser]]:
    accounts = FakeGoogleAccounts(account=ADDRESS)
    upstream = FakeGoogleOAuth(accounts)
    upstream.deliver(
        otp_mail("me.tests+signup@gmail.com"), at=datetime.now(UTC) - timedelta(seconds=5)
    )

    def wire(self: PinnedHttp, conn: Any, uri: str, method: str, body: Any, headers: Any) -> Any:
        status, answer_headers, content = upstream.handle(
            method, f"https://{conn.host}{uri}", body, self.timeout, dict(headers or {})
        )
        info = {"status": str(status), **answer_headers, "content-length": str(len(content))}
        return httplib2.Response(info), content

    browser = Browser(accounts)
    monkeypatch.setattr(PinnedHttp, "_conn_request", wire)
    monkeypatch.setattr(_login, "open_in_browser", browser.open)
    yield upstream, browser
    browser.join()


def integrations(tmp_path: Path, grant: str = "") -> Path:
    client = {
        "installed": {
            "client_id": "1234-desktop.apps.googleusercontent.com",
            "client_secret": "GOCSPX-desktop-secret",
        }
    }
    (tmp_path / "client.json").write_text(json.dumps(client), encoding="utf-8")
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n"
        f"      address: {ADDRESS}\n      auth: user\n      client_secrets_file: client.json\n"
        + grant,
        encoding="utf-8",
    )
    return path


def code(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(
        [
            "code",
            "--to",
            "me.tests+signup@gmail.com",
            "--since",
            "1m",
            "--timeout",
            "5",
            "--integrations",
            str(path),
        ]
    )
    return status, capsys.readouterr().out.strip()


def test_from_nothing_to_a_code_with_the_keyring(
    tmp_path: Path,
    google: tuple[FakeGoogleOAuth, Browser],
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    try:
        path = integrations(tmp_path)

        status = main(["login", ADDRESS, "--integrations", str(path)])
        out, err = capsys.readouterr()

        assert status == 0, err
        assert out == ""
        assert f"signed in as {ADDRESS}" in err and "OS keyring" in err
        stored = backend.entries[("otpmail", f"gmail:{ADDRESS}")]
        assert json.loads(stored)["type"] == "authorized_user"
        assert json.loads(stored)["refresh_token"] not in err

        assert code(path, capsys) == (0, "482913")
    finally:
        keyring.set_keyring(before)


def test_from_nothing_to_a_code_in_ci_with_one_secret(
    tmp_path: Path,
    google: tuple[FakeGoogleOAuth, Browser],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    laptop = integrations(tmp_path)
    status = main(["login", ADDRESS, "--export", "--integrations", str(laptop)])
    secret, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(secret)["type"] == "authorized_user"

    # The CI job: the same entry, reading the grant from the one secret.
    ci = tmp_path / "ci"
    ci.mkdir()
    monkeypatch.setenv("OTPMAIL_GMAIL_GRANT", secret)
    path = integrations(ci, "      grant_env: OTPMAIL_GMAIL_GRANT\n")

    assert code(path, capsys) == (0, "482913")


def test_a_grant_file_is_written_0600(
    tmp_path: Path,
    google: tuple[FakeGoogleOAuth, Browser],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = integrations(tmp_path, "      grant_file: grant.json\n")

    status = main(
        [
            "login",
            ADDRESS,
            "--grant-file",
            str(tmp_path / "grant.json"),
            "--integrations",
            str(path),
        ]
    )

    assert status == 0, capsys.readouterr().err
    assert stat.S_IMODE((tmp_path / "grant.json").stat().st_mode) == 0o600
    assert code(path, capsys) == (0, "482913")


def test_without_a_keyring_login_stops_before_the_browser_and_says_what_to_do(
    tmp_path: Path,
    google: tuple[FakeGoogleOAuth, Browser],
    capsys: pytest.CaptureFixture[str],
) -> None:
    upstream, browser = google
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        status = main(["login", ADDRESS, "--integrations", str(integrations(tmp_path))])
    finally:
        keyring.set_keyring(before)
    err = capsys.readouterr().err

    assert status == 3
    assert err.startswith("NOT_CONFIGURED:") and "no OS keyring" in err
    assert "--grant-file" in err and "--export" in err
    assert browser.urls == [] and upstream.requests == []
    assert not list(tmp_path.glob("*grant*"))  # no silent plaintext fallback


def test_gmail_has_no_device_code(
    tmp_path: Path, google: tuple[FakeGoogleOAuth, Browser], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "login",
            ADDRESS,
            "--device-code",
            "--export",
            "--integrations",
            str(integrations(tmp_path)),
        ]
    )

    assert status == 2
    assert "no device-code sign-in for Gmail" in capsys.readouterr().err


def test_login_on_a_service_account_entry_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n      address: qa@example.com\n"
        "      service_account_file: sa.json\n",
        encoding="utf-8",
    )

    status = main(["login", "qa@example.com", "--integrations", str(path)])

    assert status == 3
    assert "auth: user" in capsys.readouterr().err

"""``otpmail login`` for Gmail, driven end to end without a browser (issue 27).

The test plays the browser: it reads the authorization URL otpmail prints, consents at a
fake authorization endpoint, and follows the redirect to otpmail's real loopback listener
on 127.0.0.1; the code exchange and getProfile go to fakes at httplib2's transport seam,
behind the egress check, with the real google-auth-oauthlib, requests-oauthlib and oauthlib.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from fakes.google_oauth import SCOPE, FakeGoogleAccounts, FakeGoogleOAuth, follow_redirect
from otpmail._core._config import GmailMailbox, load
from otpmail._core._errors import OtpmailError
from otpmail._signin._google import login_google

pytestmark = pytest.mark.loopback


def gmail_owner(
    tmp_path: Path, address: str = "me.tests@gmail.com", extra: str = ""
) -> GmailMailbox:
    (tmp_path / "client.json").write_text(
        json.dumps(
            {
                "installed": {
                    "client_id": "1234-desktop.apps.googleusercontent.com",
                    "client_secret": "GOCSPX-desktop-secret",
                    # A client file cannot move otpmail's requests: these are never read.
                    "auth_uri": "https://evil.example/auth",
                    "token_uri": "https://evil.example/token",
                    "redirect_uris": ["http://localhost"],
                }
            }
        ),
        encoding="utf-8",
    )
    path = tmp_path / "integrations.yaml"
    path.write_text(
        "email:\n  mailboxes:\n    - provider: gmail\n"
        f"      address: {address}\n      auth: user\n      client_secrets_file: client.json\n"
        + extra,
        encoding="utf-8",
    )
    mailbox = load(path).mailboxes[0]
    assert isinstance(mailbox, GmailMailbox)
    return mailbox


class Browser:
    """Plays the user's browser: consents at the fake authorization endpoint and follows
    the redirect to the loopback listener, on its own thread (the listener answers only
    once login is waiting)."""

    def __init__(self, accounts: FakeGoogleAccounts, tamper: Callable[[str], str] | None = None):
        self.accounts = accounts
        self.tamper = tamper
        self.answers: list[tuple[int, bytes]] = []
        self.urls: list[str] = []
        self._threads: list[threading.Thread] = []

    def open(self, url: str) -> bool:
        self.urls.append(url)
        redirect = self.accounts.consent(url)
        if self.tamper is not None:
            redirect = self.tamper(redirect)

        def go() -> None:
            self.answers.append(follow_redirect(redirect))

        thread = threading.Thread(target=go)
        thread.start()
        self._threads.append(thread)
        return True

    def join(self) -> None:
        for thread in self._threads:
            thread.join(10)


def _login(mailbox: GmailMailbox, upstream: FakeGoogleOAuth, browser: Browser, **kw: Any) -> Any:
    said: list[str] = []
    try:
        return login_google(
            mailbox,
            say=said.append,
            open_url=browser.open,
            http_factory=upstream.http_factory,
            **kw,
        ), said
    finally:
        browser.join()


def test_login_ends_with_an_authorized_user_grant_for_the_read_scope(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)
    browser = Browser(accounts)

    signed_in, said = _login(gmail_owner(tmp_path), upstream, browser)

    grant = json.loads(signed_in.grant)
    assert grant["type"] == "authorized_user"
    assert (grant["client_id"], grant["client_secret"]) == (
        upstream.client_id,
        upstream.client_secret,
    )
    assert grant["refresh_token"] in upstream.refresh_tokens
    assert grant["scopes"] == [SCOPE]
    assert signed_in.account == "me.tests@gmail.com"
    assert signed_in.broader == ()
    # The URL was shown, and the browser was told its one redirect went well.
    assert any(browser.urls[0] in line for line in said)
    assert browser.answers and browser.answers[0][0] == 200
    # Secrets stay out of what is shown.
    assert grant["refresh_token"] not in repr(signed_in)
    assert all(grant["refresh_token"] not in line for line in said)


def test_the_authorization_request_is_pkce_s256_offline_consent_one_scope_on_127_0_0_1(
    tmp_path: Path,
) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)

    _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    asked = accounts.seen[0]
    assert asked["scope"] == SCOPE
    assert asked["access_type"] == "offline"
    assert asked["prompt"] == "consent"
    assert asked["code_challenge_method"] == "S256"
    assert len(asked["state"]) >= 16
    redirect = urlsplit(asked["redirect_uri"])
    assert redirect.scheme == "http" and redirect.hostname == "127.0.0.1"
    assert redirect.port not in (None, 8080)
    # The exchange sent the verifier of that challenge (the fake checks it) to the pinned
    # token endpoint, whatever the client file said.
    exchange = upstream.token_bodies[0]
    assert exchange["grant_type"] == "authorization_code"
    assert len(exchange["code_verifier"]) >= 43
    assert upstream.requests[0].url == "https://oauth2.googleapis.com/token"


def test_the_listener_is_closed_after_its_one_redirect(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)

    _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    port = urlsplit(accounts.seen[0]["redirect_uri"]).port
    assert port is not None
    with pytest.raises(ConnectionRefusedError), socket.create_connection(("127.0.0.1", port), 2):
        pass


def test_a_redirect_with_another_state_stores_nothing(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)

    def forged(url: str) -> str:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        return f"{url.split('?')[0]}?state=forged&code={query['code'][0]}"

    browser = Browser(accounts, tamper=forged)
    with pytest.raises(OtpmailError) as caught:
        _login(gmail_owner(tmp_path), upstream, browser)

    assert caught.value.code == "auth_failed"
    assert "state does not match" in caught.value.message
    assert upstream.token_bodies == []  # the code was never exchanged
    assert browser.answers[0][0] == 400


def test_a_code_exchanged_without_its_verifier_is_refused(tmp_path: Path) -> None:
    """The fake holds the challenge: an exchange whose verifier does not hash to it fails,
    so the test above passing means otpmail really sent the verifier of its challenge."""
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)
    browser = Browser(accounts)
    code_bodies = upstream.token_bodies

    original = upstream._token

    def without_verifier(form: dict[str, str]) -> Any:
        form = {**form, "code_verifier": "x" * 64}
        return original(form)

    upstream._token = without_verifier  # type: ignore[method-assign]
    with pytest.raises(OtpmailError) as caught:
        _login(gmail_owner(tmp_path), upstream, browser)

    assert caught.value.code == "auth_failed"
    assert "invalid_grant" in caught.value.message
    assert code_bodies


def test_no_redirect_within_the_time_limit_ends_the_login(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)
    said: list[str] = []

    with pytest.raises(OtpmailError) as caught:
        login_google(
            gmail_owner(tmp_path),
            say=said.append,
            open_url=lambda url: False,
            http_factory=upstream.http_factory,
            timeout=0.5,
        )

    assert caught.value.code == "deadline_exceeded"
    assert "within 0.5 s" in caught.value.message
    assert any("open that URL" in line for line in said)


def test_signing_in_as_another_account_stores_nothing(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts(account="someone.else@gmail.com")
    upstream = FakeGoogleOAuth(accounts)

    with pytest.raises(OtpmailError) as caught:
        _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    assert caught.value.code == "config_invalid"
    assert "you signed in as someone.else@gmail.com" in caught.value.message


def test_gmail_dots_do_not_make_another_account(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts(account="metests@gmail.com")
    upstream = FakeGoogleOAuth(accounts)

    signed_in, _ = _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    assert signed_in.account == "metests@gmail.com"


def test_a_broader_earlier_grant_is_kept_and_reported(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts(granted_scope=f"{SCOPE} https://mail.google.com/")
    upstream = FakeGoogleOAuth(accounts)

    signed_in, _ = _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    assert signed_in.broader == ("https://mail.google.com/",)
    # otpmail still stores, and later asks for, the read scope alone.
    assert json.loads(signed_in.grant)["scopes"] == [SCOPE]


def test_a_consent_without_the_read_scope_is_refused(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts(granted_scope="openid")
    upstream = FakeGoogleOAuth(accounts)

    with pytest.raises(OtpmailError) as caught:
        _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    assert caught.value.code == "permission_denied"


def test_a_wrong_client_secret_is_a_configuration_error(tmp_path: Path) -> None:
    accounts = FakeGoogleAccounts()
    upstream = FakeGoogleOAuth(accounts)
    upstream.client_secret = "GOCSPX-another"

    with pytest.raises(OtpmailError) as caught:
        _login(gmail_owner(tmp_path), upstream, Browser(accounts))

    assert caught.value.code == "secret_invalid"
    assert "GOCSPX" not in caught.value.message

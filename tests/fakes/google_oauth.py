"""Google's OAuth for an owner's sign-in, played offline (issue 27).

- :class:`FakeGoogleAccounts` is the authorization endpoint as a browser meets it
  (``accounts.google.com``): :meth:`FakeGoogleAccounts.consent` reads an authorization URL
  as Google would, remembers the PKCE challenge, and returns the redirect the browser
  would follow. :func:`follow_redirect` then plays the browser: a real HTTP GET to the
  loopback listener on 127.0.0.1.
- :class:`FakeGoogleOAuth` is a :class:`~fakes.gmail.FakeGmail` whose token endpoint
  answers the two grants of a user's sign-in as Google does (RFC 6749 §4.1.3 and §6,
  Google's error words): ``authorization_code`` (the PKCE verifier checked against the
  challenge, S256, RFC 7636 §4.6; the code single-use) and ``refresh_token`` (a revoked
  token is ``invalid_grant``), and whose ``getProfile`` names the signed-in account. It
  sits at httplib2's transport seam like FakeGmail: the egress check still runs first.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import urllib.request
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from fakes.gmail import FakeGmail

SCOPE = "https://www.googleapis.com/auth/gmail.readonly"


@dataclass
class _Code:
    client_id: str
    redirect_uri: str
    challenge: str
    scope: str


@dataclass
class FakeGoogleAccounts:
    """The consent page: issues codes that :class:`FakeGoogleOAuth` redeems."""

    account: str = "me.tests@gmail.com"
    granted_scope: str = SCOPE
    """What the user's consent grants (broader when the client was granted more before)."""
    codes: dict[str, _Code] = field(default_factory=dict)
    seen: list[dict[str, str]] = field(default_factory=list)

    def consent(self, url: str) -> str:
        """The redirect Google sends the browser to after the user allows access."""
        parts = urlsplit(url)
        assert (parts.scheme, parts.netloc, parts.path) == (
            "https",
            "accounts.google.com",
            "/o/oauth2/auth",
        )
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.seen.append(query)
        assert query["response_type"] == "code"
        assert query["code_challenge_method"] == "S256"
        code = "4/0A" + secrets.token_urlsafe(24)
        self.codes[code] = _Code(
            query["client_id"], query["redirect_uri"], query["code_challenge"], self.granted_scope
        )
        return f"{query['redirect_uri']}?{urlencode({'state': query['state'], 'code': code, 'scope': self.granted_scope})}"


def follow_redirect(url: str, form: str | None = None) -> tuple[int, bytes]:
    """The browser following a redirect to the loopback listener (a real request), or
    posting the authorize page's form there (``form``)."""
    assert url.startswith("http://127.0.0.1:"), url
    handler = urllib.request.ProxyHandler({})
    data = form.encode() if form is not None else None
    try:
        with urllib.request.build_opener(handler).open(url, data, timeout=10) as answer:
            return int(answer.status), answer.read()
    except urllib.error.HTTPError as refused:
        return int(refused.code), refused.read()


class FakeGoogleOAuth(FakeGmail):
    """Gmail plus the token endpoint of a user's sign-in."""

    def __init__(self, accounts: FakeGoogleAccounts, **options: Any) -> None:
        super().__init__(**options)
        self.accounts = accounts
        self.client_id = "1234-desktop.apps.googleusercontent.com"
        self.client_secret = "GOCSPX-desktop-secret"
        self.refresh_tokens: dict[str, str] = {}
        """Live refresh token -> the scope it grants."""
        self.token_bodies: list[dict[str, str]] = []
        self.refresh_scope_answer: str | None = None
        """The ``scope`` a refresh answers (default: what the grant holds)."""
        self._oauth_lock = threading.Lock()

    def revoke_all(self) -> None:
        """The user removed the app's access (or Testing's 7 days passed)."""
        with self._oauth_lock:
            self.refresh_tokens.clear()

    def handle(
        self, method: str, url: str, body: Any, timeout: float | None, headers: Any = None
    ) -> tuple[int, dict[str, str], bytes]:
        parts = urlsplit(url)
        if parts.netloc == "oauth2.googleapis.com" and parts.path == "/token":
            recorded = super().handle(method, url, body, timeout, headers)
            if recorded[0] != 200:  # a fault queued for "token"
                return recorded
            form = {k: v[-1] for k, v in parse_qs(_text(body)).items()}
            form.update(_basic_client(headers or {}))
            with self._oauth_lock:
                self.token_bodies.append(form)
                status, answer = self._token(form)
            return status, {"content-type": "application/json"}, json.dumps(answer).encode()
        if parts.path.endswith("/profile"):
            recorded = super().handle(method, url, body, timeout, headers)
            if recorded[0] != 200:
                return recorded
            profile = {"emailAddress": self.accounts.account, "historyId": str(self.history_id)}
            return 200, {"content-type": "application/json"}, json.dumps(profile).encode()
        return super().handle(method, url, body, timeout, headers)

    def _client_ok(self, form: dict[str, str]) -> bool:
        return (form.get("client_id"), form.get("client_secret")) == (
            self.client_id,
            self.client_secret,
        )

    def _token(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if not self._client_ok(form):
            return 401, {"error": "invalid_client", "error_description": "Unauthorized"}
        grant = form.get("grant_type")
        if grant == "authorization_code":
            code = self.accounts.codes.pop(form.get("code", ""), None)
            if code is None or code.redirect_uri != form.get("redirect_uri"):
                return 400, {"error": "invalid_grant", "error_description": "Bad Request"}
            digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != code.challenge:
                return 400, {"error": "invalid_grant", "error_description": "Bad Request"}
            refresh = "1//0g" + secrets.token_urlsafe(32)
            self.refresh_tokens[refresh] = code.scope
            return 200, {
                "access_token": "ya29.code-" + secrets.token_urlsafe(8),
                "expires_in": self.token_lifetime,
                "refresh_token": refresh,
                "scope": code.scope,
                "token_type": "Bearer",
            }
        if grant == "refresh_token":
            scope = self.refresh_tokens.get(form.get("refresh_token", ""))
            if scope is None:
                return 400, {
                    "error": "invalid_grant",
                    "error_description": "Token has been expired or revoked.",
                }
            return 200, {
                "access_token": "ya29.refreshed-" + secrets.token_urlsafe(8),
                "expires_in": self.token_lifetime,
                "scope": self.refresh_scope_answer or scope,
                "token_type": "Bearer",
            }
        return 400, {"error": "unsupported_grant_type"}


def _basic_client(headers: dict[str, str]) -> dict[str, str]:
    """The client authenticated with HTTP Basic (RFC 6749 §2.3.1), as requests-oauthlib
    sends it; Google takes it or the form fields."""
    value = {k.lower(): v for k, v in headers.items()}.get("authorization", "")
    if not value.startswith("Basic "):
        return {}
    from urllib.parse import unquote_plus

    client_id, _, secret = base64.b64decode(value[6:]).decode().partition(":")
    return {"client_id": unquote_plus(client_id), "client_secret": unquote_plus(secret)}


def _text(body: Any) -> str:
    if isinstance(body, bytes):
        return body.decode()
    return str(body or "")

"""Entra ID for an owner's sign-in, played offline at httpx's transport seam (issue 27).

:class:`FakeEntra` answers what MSAL sends for a public client, as the Microsoft identity
platform documents it (research/auth.md §2): the authority's OpenID metadata, the
device-code request, and the token endpoint's ``authorization_code`` (PKCE S256 checked
against the challenge of the authorization request, the code single-use, the id token
carrying the request's ``nonce``), ``refresh_token`` (each use hands back a new refresh
token, and the old one keeps working unless revoked: refresh-tokens doc) and
``device_code`` (``authorization_pending`` until the user has typed the code) grants. Its
:meth:`FakeEntra.consent` is the authorize page as the user's browser meets it. It is a
``httpx.MockTransport`` under otpmail's :class:`~otpmail._signin._microsoft.EgressTransport`,
so the egress check runs on every request first.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

MAIL_READ = "https://graph.microsoft.com/Mail.Read"
CONSUMERS_TENANT_ID = "9188040d-6c67-4c5b-b112-36a304b66dad"


def _b64(value: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()


@dataclass
class FakeEntra:
    client_id: str = "00000000-0000-0000-0000-0000000000aa"
    account: str = "me.tests@outlook.com"
    granted_scope: str = f"{MAIL_READ} openid profile offline_access"
    pending_polls: int = 2
    """``authorization_pending`` answers before the device code counts as used."""
    requests: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    refresh_tokens: set[str] = field(default_factory=set)
    codes: dict[str, dict[str, str]] = field(default_factory=dict)
    token_lifetime: int = 3600
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.answer)

    def issuer(self) -> str:
        return f"https://login.microsoftonline.com/{CONSUMERS_TENANT_ID}/v2.0"

    def revoke_all(self) -> None:
        with self._lock:
            self.refresh_tokens.clear()

    def count(self, grant: str) -> int:
        return sum(1 for _, path, form in self.requests if form.get("grant_type") == grant)

    # -- the browser's half -------------------------------------------------------------

    def consent(self, url: str) -> tuple[str, str]:
        """Where the authorize page makes the browser POST once the user consents, and the
        form (``response_mode=form_post``)."""
        parts = urlsplit(url)
        assert parts.netloc == "login.microsoftonline.com"
        assert parts.path.endswith("/oauth2/v2.0/authorize")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        assert query["code_challenge_method"] == "S256"
        assert query["response_mode"] == "form_post"
        code = "M.C5" + secrets.token_urlsafe(24)
        self.codes[code] = query
        return query["redirect_uri"], urlencode({"code": code, "state": query["state"]})

    # -- the wire -----------------------------------------------------------------------

    def answer(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        form = {k: v[-1] for k, v in parse_qs(request.content.decode()).items()}
        with self._lock:
            self.requests.append((request.method, path, form))
            if path.endswith("/.well-known/openid-configuration"):
                tenant = path.split("/")[1]
                base = f"https://login.microsoftonline.com/{tenant}"
                return httpx.Response(
                    200,
                    json={
                        "authorization_endpoint": f"{base}/oauth2/v2.0/authorize",
                        "token_endpoint": f"{base}/oauth2/v2.0/token",
                        "device_authorization_endpoint": f"{base}/oauth2/v2.0/devicecode",
                        "issuer": self.issuer(),
                    },
                )
            if path.endswith("/oauth2/v2.0/devicecode"):
                self.codes["device"] = {"polls": "0"}
                return httpx.Response(
                    200,
                    json={
                        "device_code": "DAQABAAEAAA-device",
                        "user_code": "F7XK2LMQP",
                        "verification_uri": "https://microsoft.com/devicelogin",
                        "expires_in": 900,
                        # MSAL checks its time limit only while it waits between polls.
                        "interval": 1,
                        "message": "To sign in, use a web browser to open the page "
                        "https://microsoft.com/devicelogin and enter the code F7XK2LMQP.",
                    },
                )
            if path.endswith("/oauth2/v2.0/token"):
                if form.get("client_id") != self.client_id:
                    return _error(400, "unauthorized_client", "AADSTS700016")
                return self._token(form)
        return httpx.Response(404)

    def _token(self, form: dict[str, str]) -> httpx.Response:
        grant = form.get("grant_type")
        nonce = ""
        if grant == "authorization_code":
            asked = self.codes.pop(form.get("code", ""), None)
            if asked is None or asked["redirect_uri"] != form.get("redirect_uri"):
                return _error(400, "invalid_grant", "AADSTS70008")
            digest = hashlib.sha256(form.get("code_verifier", "").encode()).digest()
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != asked["code_challenge"]:
                return _error(400, "invalid_grant", "AADSTS501481")
            nonce = asked.get("nonce", "")
        elif grant == "refresh_token":
            if form.get("refresh_token") not in self.refresh_tokens:
                return _error(400, "invalid_grant", "AADSTS700082")
        elif grant in ("device_code", "urn:ietf:params:oauth:grant-type:device_code"):
            device = self.codes.get("device")
            if device is None:
                return _error(400, "expired_token", "AADSTS70019")
            polls = int(device["polls"]) + 1
            device["polls"] = str(polls)
            if polls <= self.pending_polls:
                return _error(400, "authorization_pending", "AADSTS70016")
            del self.codes["device"]
        else:
            return _error(400, "unsupported_grant_type", "AADSTS70003")
        refresh = "M.C5_BAY." + secrets.token_urlsafe(32)
        self.refresh_tokens.add(refresh)
        now = int(time.time())
        claims = {
            "aud": self.client_id,
            "iss": self.issuer(),
            "iat": now,
            "nbf": now,
            "exp": now + 3600,
            "sub": "sub-1",
            "oid": "00000000-0000-0000-0006-000000000001",
            "tid": CONSUMERS_TENANT_ID,
            "preferred_username": self.account,
            **({"nonce": nonce} if nonce else {}),
        }
        return httpx.Response(
            200,
            json={
                "token_type": "Bearer",
                "scope": self.granted_scope,
                "expires_in": self.token_lifetime,
                "access_token": "EwA-access-" + secrets.token_urlsafe(8),
                "refresh_token": refresh,
                "id_token": f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{_b64(claims)}.",
                "client_info": _b64(
                    {"uid": "00000000-0000-0000-0006-000000000001", "utid": CONSUMERS_TENANT_ID}
                ),
            },
        )


def _error(status: int, error: str, aadsts: str) -> httpx.Response:
    return httpx.Response(
        status,
        json={
            "error": error,
            "error_description": f"{aadsts}: something happened. Trace ID: 1 Correlation ID: 2",
            "error_codes": [int(aadsts[6:])],
        },
    )

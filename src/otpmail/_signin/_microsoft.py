"""Signing in to an Outlook.com or Microsoft 365 mailbox as its owner, with MSAL.

A public client (no secret) of the user's own app registration, MSAL used directly
(azure-identity's interactive and device-code credentials are sync-only and take no refresh
token):

- ``otpmail login``: :meth:`MicrosoftSignIn.interactive` is MSAL's auth code flow (PKCE
  S256, ``state`` and ``nonce``, MSAL's own) through :class:`~._loopback.LoopbackRedirect`
  on 127.0.0.1 (MSAL's own listener binds every interface inside a container,
  ``msal/oauth2cli/authcode.py``);
  :meth:`MicrosoftSignIn.device_code` is the device-code flow for a machine without a
  browser. Scope: ``Mail.Read``; MSAL adds ``openid profile offline_access`` itself (the
  refresh token comes from ``offline_access``).
- every read: :class:`OwnerCredential`, the azure-core credential the Graph client takes,
  redeems the stored refresh token for a ``Mail.Read`` token once per token life, one
  caller at a time, and saves the rotated refresh token Microsoft hands back where the
  grant came from when that place is writable (tokens rotate on use,
  https://learn.microsoft.com/entra/identity-platform/refresh-tokens).

Every request MSAL sends (the authority's metadata, the token endpoint, the device-code
request) goes through :class:`MsalHttp`: the egress check first, then httpx with the
pinned TLS context and no proxy or CA variable; an answer is read within the token bound.
The authorize page is opened in the user's browser, never requested here.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from azure.core.credentials import AccessToken
from azure.core.credentials_async import AsyncTokenCredential

from otpmail._core import _egress
from otpmail._core._answers import read_answer
from otpmail._core._bounds import token_answer_bound
from otpmail._core._config import OutlookMailbox, not_configured
from otpmail._core._errors import OtpmailError
from otpmail._core._tls import client_context
from otpmail._signin._grant import MicrosoftGrant, now_text, read_microsoft_grant
from otpmail._signin._loopback import DEFAULT_TIMEOUT, LoopbackRedirect
from otpmail._signin._store import GrantStore

AUTHORITY = "https://login.microsoftonline.com"
MAIL_READ = "https://graph.microsoft.com/Mail.Read"
PROVIDER = "Outlook"
# A token is refreshed this long before it expires, so none is used at its last second.
_EARLY = 300.0
_AADSTS = re.compile(r"AADSTS(\d{4,6})")
# Why a refresh token stops working, by AADSTS number
# (https://learn.microsoft.com/entra/identity-platform/refresh-tokens).
_EXPIRED_WHY = {
    "700082": "it was not used for 90 days",
    "50173": "the password was changed or reset",
    "70043": "the tenant's sign-in frequency policy expired it",
    "70000": "it was revoked or has expired",
    "70008": "it has expired",
    "65001": "the consent to Mail.Read was withdrawn",
    "50076": "the tenant now requires multi-factor sign-in",
    "53003": "a Conditional Access policy blocks it",
}


class EgressTransport(httpx.BaseTransport):
    """The innermost transport of MSAL's requests: the egress check, no redirect, the
    answer read within the token bound."""

    def __init__(self, inner: httpx.BaseTransport | None = None) -> None:
        self._inner = inner or httpx.HTTPTransport(
            verify=client_context(), trust_env=False, retries=0
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        _egress.check(request.method, str(request.url), request.headers)
        request.headers["Accept-Encoding"] = "identity"
        response = self._inner.handle_request(request)
        try:
            if 300 <= response.status_code < 400:
                raise OtpmailError(
                    "request_failed",
                    f"{PROVIDER} sign-in request failed: HTTP {response.status_code} (a "
                    "redirect, not followed)",
                )
            bound = token_answer_bound(f"{PROVIDER} sign-in request")
            try:
                body = response.content
            except httpx.ResponseNotRead:
                body = read_answer(
                    response.iter_raw(), response.headers.get("content-encoding"), bound
                )
            else:
                # Handed over whole (an in-process double): held to the bound after the fact.
                bound.check(len(body))
        finally:
            response.close()
        return httpx.Response(
            response.status_code,
            headers=[
                (k, v)
                for k, v in response.headers.multi_items()
                if k.lower() not in {"content-encoding", "content-length", "transfer-encoding"}
            ],
            content=body,
            request=request,
        )

    def close(self) -> None:
        self._inner.close()


class MsalHttp:
    """The ``http_client`` MSAL is handed (msal.oauth2cli.http.HttpClient's two methods)."""

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self._client = httpx.Client(
            transport=EgressTransport(transport),
            trust_env=False,
            follow_redirects=False,
            timeout=httpx.Timeout(30.0, connect=10.0),
        )

    def post(
        self,
        url: str,
        params: dict[str, Any] | None = None,
        data: Any = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        body: dict[str, Any] = {"data": data} if isinstance(data, dict) else {"content": data}
        return self._client.post(url, params=params, headers=headers, **body)

    def get(
        self,
        url: str,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        return self._client.get(url, params=params, headers=headers)

    def close(self) -> None:
        self._client.close()


def msal_app(client_id: str, tenant: str, transport: httpx.BaseTransport | None = None) -> Any:
    """A public client for ``tenant`` on the global Entra authority; no broker, no
    instance discovery (login.microsoftonline.com is known to MSAL), no cache kept."""
    import msal

    return msal.PublicClientApplication(
        client_id,
        authority=f"{AUTHORITY}/{tenant}",
        http_client=MsalHttp(transport),
        token_cache=msal.TokenCache(),
        instance_discovery=False,
    )


def _failure(result: dict[str, Any], name: str, during: str) -> OtpmailError:
    """An MSAL error answer as an otpmail error: the OAuth error word and the AADSTS number
    only (the description can echo the request)."""
    error = str(result.get("error") or "error")
    error = error if re.fullmatch(r"[a-z_]{1,64}", error) else "error"
    found = _AADSTS.search(str(result.get("error_description") or ""))
    number = found[1] if found else ""
    named = f"{error}{', AADSTS' + number if number else ''}"
    where = f"{PROVIDER} {during} failed ({named})"
    if error == "invalid_grant":
        why = _EXPIRED_WHY.get(number, "it was revoked, expired or the password changed")
        return not_configured(
            f"{where}: the sign-in no longer works: {why}; sign in again: otpmail login {name}",
            "secret_invalid",
        )
    if number == "7000218":
        return not_configured(
            f"{where}: the app registration does not allow public client flows: turn on "
            "Authentication > Allow public client flows",
            "config_invalid",
        )
    if error in ("invalid_client", "unauthorized_client") or number in ("700016", "90002"):
        return not_configured(
            f"{where}: check client_id and tenant (the app registration must allow personal "
            "accounts for tenant consumers)",
            "config_invalid",
        )
    if error in ("temporarily_unavailable", "server_error"):
        return OtpmailError("provider_unavailable", where)
    if error in ("authorization_declined", "access_denied", "expired_token"):
        return OtpmailError("auth_failed", f"{where}: run otpmail login {name} again")
    return OtpmailError("auth_failed", where)


def _account(result: dict[str, Any]) -> str:
    claims = result.get("id_token_claims") or {}
    for key in ("preferred_username", "email", "upn"):
        value = claims.get(key)
        if isinstance(value, str) and "@" in value:
            return value.lower()
    return ""


@dataclass(frozen=True)
class MicrosoftSignedIn:
    """What a sign-in produced: the grant to store, whose account, the granted scopes."""

    grant: str
    account: str
    scopes: tuple[str, ...]

    def __repr__(self) -> str:
        return f"MicrosoftSignedIn(account={self.account!r}, scopes={self.scopes!r})"

    @property
    def broader(self) -> tuple[str, ...]:
        return broader_than_read(self.scopes)


_OIDC = frozenset({"openid", "profile", "offline_access", "email"})


def broader_than_read(scopes: tuple[str, ...]) -> tuple[str, ...]:
    """Granted scopes beyond Mail.Read and the sign-in's own OpenID scopes."""
    return tuple(
        s
        for s in scopes
        if s.lower() not in _OIDC and s.rsplit("/", 1)[-1].lower() not in {"mail.read"}
    )


class MicrosoftSignIn:
    """``otpmail login`` for one Outlook mailbox (``auth: user``)."""

    def __init__(
        self, mailbox: OutlookMailbox, transport: httpx.BaseTransport | None = None
    ) -> None:
        self.mailbox = mailbox
        self._app = msal_app(mailbox.client_id, mailbox.tenant_id, transport)

    def _signed_in(self, result: dict[str, Any], during: str) -> MicrosoftSignedIn:
        name = self.mailbox.address
        if "error" in result:
            raise _failure(result, name, during)
        refresh = result.get("refresh_token")
        if not isinstance(refresh, str) or not refresh:
            raise OtpmailError(
                "bad_response", f"{PROVIDER} sign-in: Entra ID granted no refresh token"
            )
        account = _account(result)
        if account != name:
            raise not_configured(
                f"{PROVIDER} sign-in: you signed in as {account or 'an unnamed account'}, but "
                f"{self.mailbox.source} is {name}; nothing was stored: sign in with that account",
                "config_invalid",
            )
        scopes = tuple(str(result.get("scope") or "").split())
        grant = MicrosoftGrant(
            self.mailbox.client_id, self.mailbox.tenant_id, refresh, account, now_text()
        )
        return MicrosoftSignedIn(grant.to_json(), account, scopes)

    def interactive(
        self,
        *,
        say: Callable[[str], None],
        open_url: Callable[[str], bool] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> MicrosoftSignedIn:
        """The browser sign-in through the loopback listener."""
        with LoopbackRedirect(host_name="localhost", timeout=timeout, form_post=True) as listener:
            flow = self._app.initiate_auth_code_flow(
                [MAIL_READ],
                redirect_uri=listener.redirect_uri,
                login_hint=self.mailbox.address,
                prompt="select_account",
                response_mode="form_post",
            )
            url = flow["auth_uri"]
            say(f"Sign in as {self.mailbox.address} and allow Mail.Read:\n\n  {url}\n")
            if open_url is None or not open_url(url):
                say("(open that URL in a browser on this machine, or use --device-code)")
            query = listener.wait(flow["state"])
        result = self._app.acquire_token_by_auth_code_flow(flow, query, scopes=[MAIL_READ])
        return self._signed_in(result, "sign-in")

    def device_code(
        self, *, say: Callable[[str], None], timeout: float = DEFAULT_TIMEOUT
    ) -> MicrosoftSignedIn:
        """The device-code sign-in: a code to type at microsoft.com/devicelogin from any
        browser, polled until it is used or ``timeout`` passes."""
        flow = self._app.initiate_device_flow(scopes=[MAIL_READ])
        if "user_code" not in flow:
            raise _failure(flow, self.mailbox.address, "device-code request")
        say(str(flow.get("message") or ""))
        flow["expires_at"] = min(float(flow.get("expires_at", 0)), time.time() + timeout)
        result = self._app.acquire_token_by_device_flow(flow)
        if result.get("error") == "authorization_pending":
            raise OtpmailError(
                "deadline_exceeded",
                f"{PROVIDER} sign-in: the code was not used within {timeout:g} s",
            )
        return self._signed_in(result, "device-code sign-in")


class OwnerCredential(AsyncTokenCredential):
    """The owner's grant as the token credential of the Graph client (azure-core's
    ``AsyncTokenCredential`` protocol): a ``Mail.Read`` access token, refreshed through
    MSAL once per token life and by one caller at a time, whichever event loop or thread
    asks; a rotated refresh token is saved back to ``store`` when it is writable."""

    def __init__(
        self,
        mailbox: OutlookMailbox,
        store: GrantStore,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        what = f"{mailbox.source} grant"
        self._grant = read_microsoft_grant(store.load(what), what, store.where)
        if (self._grant.client_id, self._grant.tenant) != (mailbox.client_id, mailbox.tenant_id):
            raise not_configured(
                f"{what} ({store.where}) was made for another app registration or tenant; "
                f"sign in again: otpmail login {mailbox.address}",
                "secret_invalid",
            )
        self._mailbox = mailbox
        self._store = store
        self._transport = transport
        self._app: Any = None
        self._lock = threading.Lock()
        self._token: AccessToken | None = None
        self.refreshes = 0
        """Token requests made (for the tests of single-flight refreshing)."""
        self.granted_scopes: tuple[str, ...] = ()
        self.account = ""
        self.rotation_saved: bool | None = None
        """After a refresh that rotated the token: whether it was saved back."""

    def __repr__(self) -> str:
        return f"OwnerCredential(account={self._mailbox.address!r})"

    @property
    def where(self) -> str:
        return self._store.where

    def _refresh(self) -> AccessToken:
        with self._lock:
            token = self._token
            if token is not None and token.expires_on - _EARLY > time.time():
                return token
            if self._app is None:
                self._app = msal_app(self._grant.client_id, self._grant.tenant, self._transport)
            self.refreshes += 1
            result = self._app.acquire_token_by_refresh_token(
                self._grant.refresh_token, scopes=[MAIL_READ]
            )
            if "error" in result:
                raise _failure(result, self._mailbox.address, "token refresh")
            access = result.get("access_token")
            if not isinstance(access, str):
                raise OtpmailError("bad_response", f"{PROVIDER} token refresh: no access token")
            self.granted_scopes = tuple(str(result.get("scope") or "").split())
            self.account = _account(result)
            self._keep(result.get("refresh_token"))
            expires_in = int(result.get("expires_in") or 3600)
            self._token = AccessToken(access, int(time.time()) + expires_in)
            return self._token

    def _keep(self, rotated: object) -> None:
        """Save a rotated refresh token where the grant came from, if it can be written."""
        if not isinstance(rotated, str) or not rotated or rotated == self._grant.refresh_token:
            return
        self._grant = self._grant.rotated(rotated)
        if not self._store.writable:
            self.rotation_saved = False
            return
        self._store.save(self._grant.to_json())
        self.rotation_saved = True

    async def get_token(
        self,
        *scopes: str,
        claims: str | None = None,
        tenant_id: str | None = None,
        enable_cae: bool = False,
        **kwargs: Any,
    ) -> AccessToken:
        # Whatever the Graph client asks for (.default), only Mail.Read is requested.
        return await asyncio.to_thread(self._refresh)

    async def close(self) -> None:
        """Nothing held between requests."""

    async def __aenter__(self) -> OwnerCredential:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

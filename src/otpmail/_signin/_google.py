"""``otpmail login`` for Gmail: the installed-app flow of google-auth-oauthlib, pinned.

The authorization code flow with PKCE (S256, google-auth-oauthlib's own verifier,
``google_auth_oauthlib/flow.py``) and ``state``, through
:class:`~._loopback.LoopbackRedirect` on ``127.0.0.1`` and a port the system picks;
``access_type=offline`` and ``prompt=consent`` so that every sign-in, a second one too, is
handed a refresh token; the one scope ``gmail.readonly``. The client configuration is
built here from the user's client ID and secret, with Google's two URLs written in code: a
client-secrets file cannot move the token request (its ``auth_uri`` and ``token_uri`` are
never read). The consent page is the user's browser's; otpmail itself sends two requests,
the code exchange to ``oauth2.googleapis.com/token`` and ``getProfile`` to check whose
mailbox it is, both through the Gmail provider's ``PinnedHttp`` (the egress check,
certifi, no proxy, bounded answers) under requests-oauthlib's session.

Google offers no device flow for Gmail scopes
(https://developers.google.com/identity/protocols/oauth2/limited-input-device#allowedscopes):
on a machine without a browser, sign in on one that has one and move the grant
(``--export``, ``--grant-file``).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from otpmail._core._config import GmailMailbox, OwnerSignIn, not_configured
from otpmail._core._errors import OtpmailError
from otpmail._signin._grant import GoogleGrant, now_text
from otpmail._signin._loopback import DEFAULT_TIMEOUT, LoopbackRedirect

SCOPE = "https://www.googleapis.com/auth/gmail.readonly"
AUTH_URI = "https://accounts.google.com/o/oauth2/auth"
TOKEN_URI = "https://oauth2.googleapis.com/token"
PROFILE_URI = "https://gmail.googleapis.com/gmail/v1/users/me/profile?fields=emailAddress"
_GMAIL_DOMAINS = frozenset({"gmail.com", "googlemail.com"})


@dataclass(frozen=True)
class SignedIn:
    """What a sign-in produced: the grant to store, whose mailbox it reads, and the
    scopes Google says it granted."""

    grant: str
    account: str
    scopes: tuple[str, ...]

    def __repr__(self) -> str:
        return f"SignedIn(account={self.account!r}, scopes={self.scopes!r})"

    @property
    def broader(self) -> tuple[str, ...]:
        """Granted scopes beyond the one otpmail asks for."""
        return tuple(s for s in self.scopes if s != SCOPE)


class PinnedAdapter(BaseAdapter):
    """A requests transport that sends through a ``PinnedHttp`` (httplib2): the egress
    check, certifi, no proxy and no redirect, the answer read within its bound."""

    def __init__(self, http_factory: Callable[[], Any]) -> None:
        super().__init__()
        self._http_factory = http_factory

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: float | tuple[float | None, float | None] | None = None,
        verify: bool | str = True,
        cert: str | tuple[str, str] | None = None,
        proxies: dict[str, str] | None = None,
    ) -> requests.Response:
        # Proxies, CA bundles and timeouts are PinnedHttp's own, whatever requests passes.
        http = self._http_factory()
        body = request.body.decode() if isinstance(request.body, bytes) else request.body
        answer, content = http.request(
            str(request.url), str(request.method), body, dict(request.headers), 0
        )
        response = requests.Response()
        response.status_code = int(answer.status)
        response.headers = CaseInsensitiveDict({k: v for k, v in answer.items()})
        response._content = content
        response.encoding = "utf-8"
        response.url = str(request.url)
        response.request = request
        return response

    def close(self) -> None:
        """Nothing held: each request has its own ``PinnedHttp``."""


def pinned_session(http_factory: Callable[[], Any]) -> requests.Session:
    """A requests session that reads no proxy, netrc or CA variable and sends through
    :class:`PinnedAdapter` whatever the URL."""
    session = requests.Session()
    session.trust_env = False
    adapter = PinnedAdapter(http_factory)
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


def client_of(mailbox: GmailMailbox) -> tuple[str, str]:
    """The user's own OAuth client (a "Desktop app" client): its ID and secret, from the
    downloaded client-secrets JSON or the two variables the entry names."""
    owner = mailbox.owner
    assert owner is not None
    what = f"{mailbox.source} OAuth client"
    if owner.client_secrets is not None:
        ref = owner.client_secrets
        try:
            document = json.loads(ref.read_bytes(what))
        except (ValueError, UnicodeDecodeError):
            raise not_configured(
                f"{what} ({ref.describe()}) is not valid JSON", "secret_invalid"
            ) from None
        installed = document.get("installed") if isinstance(document, dict) else None
        if not isinstance(installed, dict):
            raise not_configured(
                f"{what} ({ref.describe()}) is not a Desktop app client: in the Google Cloud "
                "console create an OAuth client ID of type Desktop app and download its JSON",
                "secret_invalid",
            )
        pair = (installed.get("client_id"), installed.get("client_secret"))
    elif owner.client_id is not None and owner.client_secret is not None:
        pair = (
            owner.client_id.read_bytes(what).decode("utf-8", "replace").strip(),
            owner.client_secret.read_bytes(what).decode("utf-8", "replace").strip(),
        )
    else:
        raise not_configured(
            f"{mailbox.source}: otpmail login needs your OAuth client: set client_secrets_file "
            "(the JSON of a Desktop app client) or client_id_env and client_secret_env",
            "secret_missing",
        )
    client_id, secret = pair
    if not (isinstance(client_id, str) and client_id and isinstance(secret, str) and secret):
        raise not_configured(f"{what} has no client_id or client_secret", "secret_invalid")
    return client_id, secret


def _same_account(profile: str, address: str) -> bool:
    local, _, domain = profile.lower().partition("@")
    want_local, _, want_domain = address.lower().partition("@")
    if domain in _GMAIL_DOMAINS and want_domain in _GMAIL_DOMAINS:
        # Gmail ignores dots in the local part of its own addresses.
        return local.replace(".", "") == want_local.replace(".", "")
    return (local, domain) == (want_local, want_domain)


def _exchange(flow: Any, code: str) -> dict[str, Any]:
    """The code exchange; oauthlib's scope-change ``Warning`` (the user had granted this
    client more before) still carries the token, which otpmail keeps and reports."""
    from oauthlib.oauth2.rfc6749.errors import OAuth2Error

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return dict(flow.fetch_token(code=code))
    except Warning as changed:
        token = getattr(changed, "token", None)
        if isinstance(token, dict):
            return dict(token)
        raise OtpmailError("bad_response", "Gmail sign-in: unusable token answer") from None
    except OAuth2Error as exc:
        error = str(getattr(exc, "error", "") or "error")
        if error in ("invalid_client", "unauthorized_client"):
            raise not_configured(
                f"Gmail sign-in: Google refused the OAuth client ({error}): check the "
                "client ID and secret (a Desktop app client of your Google Cloud project)",
                "secret_invalid",
            ) from None
        raise OtpmailError(
            "auth_failed", f"Gmail sign-in: the code exchange was refused ({error})"
        ) from None


def login_google(
    mailbox: GmailMailbox,
    *,
    say: Callable[[str], None],
    open_url: Callable[[str], bool] | None = None,
    http_factory: Callable[[], Any],
    timeout: float = DEFAULT_TIMEOUT,
) -> SignedIn:
    """Sign in as the owner of ``mailbox``: returns the grant, not yet stored.

    ``say`` shows the user a line (the authorization URL among them); ``open_url`` opens
    it in a browser and says whether it could; ``http_factory`` makes the Gmail
    provider's ``PinnedHttp`` for the two requests otpmail sends (handed in by the front
    end: this layer sits below the providers)."""
    from google_auth_oauthlib.flow import Flow

    client_id, secret = client_of(mailbox)
    factory = http_factory
    config = {
        "installed": {
            "client_id": client_id,
            "client_secret": secret,
            "auth_uri": AUTH_URI,
            "token_uri": TOKEN_URI,
        }
    }
    flow = Flow.from_client_config(config, scopes=[SCOPE], autogenerate_code_verifier=True)
    flow.oauth2session.close()
    flow.oauth2session.trust_env = False
    adapter = PinnedAdapter(factory)
    flow.oauth2session.mount("https://", adapter)
    flow.oauth2session.mount("http://", adapter)
    with LoopbackRedirect(timeout=timeout) as listener:
        flow.redirect_uri = listener.redirect_uri
        url, state = flow.authorization_url(
            access_type="offline", prompt="consent", login_hint=mailbox.address
        )
        say(f"Sign in as {mailbox.address} and allow read-only access:\n\n  {url}\n")
        if open_url is None or not open_url(url):
            say("(open that URL in a browser on this machine)")
        query = listener.wait(state)
    try:
        token = _exchange(flow, query["code"])
    except OtpmailError:
        raise
    except Exception as exc:
        raise _transport_error("token request", exc) from None
    refresh = token.get("refresh_token")
    access = token.get("access_token")
    if not isinstance(refresh, str) or not refresh or not isinstance(access, str):
        raise OtpmailError(
            "bad_response",
            "Gmail sign-in: Google granted no refresh token; remove otpmail's access at "
            "https://myaccount.google.com/permissions and run otpmail login again",
        )
    scopes = token.get("scope") or [SCOPE]
    scopes = tuple(scopes.split() if isinstance(scopes, str) else scopes)
    if SCOPE not in scopes:
        raise OtpmailError(
            "permission_denied",
            "Gmail sign-in: read access was not granted (tick the Gmail box on the consent "
            "page); run otpmail login again",
        )
    account = _profile_address(factory, access)
    if not _same_account(account, mailbox.address):
        raise not_configured(
            f"Gmail sign-in: you signed in as {account}, but {mailbox.source} is "
            f"{mailbox.address}; nothing was stored: sign in with that account",
            "config_invalid",
        )
    grant = GoogleGrant(client_id, secret, refresh, (SCOPE,), now_text())
    return SignedIn(grant.to_json(), account, scopes)


def _transport_error(what: str, exc: BaseException) -> OtpmailError:
    """A failure below the OAuth libraries (the network, a timeout): its type only."""
    if isinstance(exc, TimeoutError):
        return OtpmailError("network_error", f"Gmail sign-in {what} failed: timed out")
    return OtpmailError("network_error", f"Gmail sign-in {what} failed: {type(exc).__name__}")


def _profile_address(factory: Callable[[], Any], access: str) -> str:
    """The address of the mailbox the new token reads (``users.getProfile``)."""
    try:
        answer, content = factory().request(
            PROFILE_URI, "GET", headers={"authorization": f"Bearer {access}"}
        )
        profile = json.loads(content) if int(answer.status) == 200 else None
    except OtpmailError:
        raise
    except Exception as exc:
        raise _transport_error("getProfile", exc) from None
    address = profile.get("emailAddress") if isinstance(profile, dict) else None
    if not isinstance(address, str) or "@" not in address:
        raise OtpmailError(
            "bad_response",
            f"Gmail sign-in: getProfile answered HTTP {answer.status} without an address",
        )
    return address


def owner_of(mailbox: GmailMailbox) -> OwnerSignIn:
    """The entry's sign-in settings (``auth: user``)."""
    if mailbox.owner is None:
        raise not_configured(
            f"{mailbox.source} reads with a service account: otpmail login is for entries "
            "with auth: user",
            "config_invalid",
        )
    return mailbox.owner

"""The credentials every Gmail request is authorised with, and their token refresh.

:func:`pinned_credentials` is the one place that builds them: today a Workspace service
account with domain-wide delegation (:class:`ServiceAccountCredentials`). Whatever kind,
they refresh through :class:`PinnedRefresh`, so the token request goes out through a
:class:`~._gmail_http.PinnedHttp` and is never retried by google-auth itself.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

# isort: off
# First, so that httplib2 is imported with HTTPLIB2_CA_CERTS hidden (see there).
from otpmail._providers import _httplib2  # noqa: F401

# isort: on
import google_auth_httplib2
from google.auth import credentials as google_credentials
from google.auth import exceptions as google_exceptions
from google.oauth2 import service_account

from otpmail._core._config import GmailMailbox, not_configured
from otpmail._core._retry import parse_retry_after, remaining
from otpmail._providers._gmail_http import TOKEN_URI, UNIVERSE, PinnedHttp

SCOPE = "https://www.googleapis.com/auth/gmail.readonly"
# The token endpoint answers these when a later attempt may succeed (google-auth's own
# list: transport.DEFAULT_RETRYABLE_STATUS_CODES and _client._can_retry).
_TOKEN_RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
_TOKEN_RETRY_ERRORS = frozenset({"internal_failure", "server_error", "temporarily_unavailable"})


class _TokenRefused(google_exceptions.RefreshError):
    """A refused token request, with the HTTP status google-auth's ``RefreshError`` lacks and
    the wait the endpoint asked for, if any."""

    def __init__(
        self,
        message: str,
        status: int | None,
        *,
        retryable: bool = False,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, retryable=retryable)  # type: ignore[no-untyped-call]
        self.status = status
        self.retry_after = retry_after


def _token_retry_now(status: int, data: object) -> bool:
    """Whether a failed token response is one google-auth would retry in its own loop."""
    if status in _TOKEN_RETRY_STATUSES or status >= 500:
        return True
    try:
        payload = json.loads(data.decode("utf-8") if isinstance(data, bytes) else str(data))
    except (ValueError, UnicodeDecodeError):
        return False
    if not isinstance(payload, dict):
        return False
    return bool(
        {str(payload.get("error")), str(payload.get("error_description"))} & _TOKEN_RETRY_ERRORS
    )


class PinnedRefresh(google_credentials.Credentials):
    """Credentials that never start a regional-access-boundary lookup (it would contact a
    third Google host, which the egress check would refuse anyway), whose refusals carry the
    token endpoint's HTTP status, and whose token request is never retried by google-auth
    itself. Mixed in before the google-auth credentials class of each kind."""

    pinned_transport: Callable[[], PinnedHttp] = PinnedHttp
    """Makes the transport of a refresh handed a request over anything else."""

    def _is_regional_access_boundary_lookup_required(self) -> bool:
        return False

    def refresh(self, request: Any) -> None:
        # Every refresh path lands here (ours before a call, google-auth-httplib2's after a
        # 401, and google-api-python-client's batch: googleapiclient._auth.
        # refresh_credentials, before a batch and after a part's 401, over a bare
        # httplib2.Http() that knows no egress check, proxy or CA pinning, or redirect
        # rule). Whatever transport it was handed, the token request goes out through a
        # PinnedHttp.
        if not isinstance(getattr(request, "http", None), PinnedHttp):
            request = google_auth_httplib2.Request(self.pinned_transport())
        statuses: list[int] = []

        def observed(*args: Any, **kwargs: Any) -> Any:
            response = request(*args, **kwargs)
            status = int(response.status)
            statuses.append(status)
            if status != 200 and _token_retry_now(status, response.data):
                # google-auth would sleep and retry here (_client._token_endpoint_request,
                # ExponentialBackoff) without knowing the deadline. Raising from inside its
                # loop ends it; otpmail's policy decides whether and when to try again.
                headers = getattr(response, "headers", None) or {}
                raise _TokenRefused(
                    "the token endpoint failed for now",
                    status,
                    retryable=True,
                    retry_after=parse_retry_after(headers.get("retry-after")),
                )
            return response

        try:
            super().refresh(observed)  # type: ignore[no-untyped-call,safe-super]
        except _TokenRefused:
            raise
        except google_exceptions.RefreshError as exc:
            raise _TokenRefused(
                str(exc.args[0]) if exc.args else "",
                statuses[-1] if statuses else None,
                retryable=bool(exc.retryable),
            ) from None
        except (TypeError, KeyError, ValueError):
            # A 200 whose body is not the JSON object google-auth expects.
            raise _TokenRefused(
                "unreadable token response", statuses[-1] if statuses else None
            ) from None


class ServiceAccountCredentials(PinnedRefresh, service_account.Credentials):
    """A Workspace service account's credentials, delegated to one mailbox."""


def load_key(mailbox: GmailMailbox) -> dict[str, Any]:
    """Read and check the service-account key JSON. Never echoes its content."""
    what = f"{mailbox.source} service-account key"
    data = mailbox.key.read_bytes(what)
    try:
        info = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        raise not_configured(
            f"{what} ({mailbox.key.describe()}) is not valid JSON", "secret_invalid"
        ) from None
    if not isinstance(info, dict) or info.get("type") != "service_account":
        raise not_configured(
            f"{what} ({mailbox.key.describe()}) is not a service-account key (type must be service_account)",
            "secret_invalid",
        )
    for field in ("client_email", "private_key"):
        if not isinstance(info.get(field), str) or not info[field]:
            raise not_configured(
                f"{what} ({mailbox.key.describe()}) has no {field}", "secret_invalid"
            )
    # Pinned: a key file cannot move the token request or the API host.
    info["token_uri"] = TOKEN_URI
    info["universe_domain"] = UNIVERSE
    return info


def pinned_credentials(mailbox: GmailMailbox, transport: Callable[[], PinnedHttp]) -> PinnedRefresh:
    """The credentials of ``mailbox``, read-only and delegated to its address, whose token
    requests go out through ``transport``: the one place a Gmail provider gets them.
    Raises ``NOT_CONFIGURED`` (``secret_invalid``) for a key that cannot be used."""
    info = load_key(mailbox)
    try:
        credentials = ServiceAccountCredentials.from_service_account_info(  # type: ignore[no-untyped-call]
            info, scopes=[SCOPE], subject=mailbox.address
        )
    except (ValueError, TypeError, KeyError):
        raise not_configured(
            f"{mailbox.source} service-account key ({mailbox.key.describe()}) cannot be "
            "loaded: the private key is invalid",
            "secret_invalid",
        ) from None
    del info
    credentials.pinned_transport = transport
    return credentials  # type: ignore[no-any-return]


def ensure_token(credentials: PinnedRefresh, lock: threading.Lock) -> None:
    """Refresh the shared token once, under ``lock``, before any API call fans out.
    Waiting for the lock ends at the call's deadline, like everything else."""
    if credentials.valid:
        return
    left = remaining()
    if not lock.acquire(timeout=-1 if left is None else max(0.0, left)):
        raise TimeoutError("waited for the token until the deadline")
    try:
        if not credentials.valid:
            credentials.refresh(google_auth_httplib2.Request(credentials.pinned_transport()))
    finally:
        lock.release()

"""The credentials every Gmail request is authorised with, and their token refresh.

:func:`pinned_credentials` is the one place that builds them: a Workspace service account
with domain-wide delegation (:class:`ServiceAccountCredentials`), or for an ``auth: user``
entry the owner's own grant from ``otpmail login`` (:class:`OwnerCredentials`, Google's
``authorized_user`` credentials, ``google.oauth2.credentials``). Whatever kind,
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
from datetime import UTC, datetime, timedelta

import google_auth_httplib2
from google.auth import credentials as google_credentials
from google.auth import exceptions as google_exceptions
from google.oauth2 import credentials as user_credentials
from google.oauth2 import service_account

from otpmail._core._config import GmailMailbox, not_configured
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import parse_retry_after, remaining
from otpmail._providers._gmail_http import TOKEN_URI, UNIVERSE, PinnedHttp

SCOPE = "https://www.googleapis.com/auth/gmail.readonly"
PUBSUB_SCOPE = "https://www.googleapis.com/auth/pubsub"
"""What pulling and acknowledging a push subscription need (Pub/Sub's discovery document);
it reaches no mail."""
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


# Google's 7-day life of a refresh token for an External app in Testing
# (https://developers.google.com/identity/protocols/oauth2#expiration):
# an invalid_grant this long after the sign-in is most likely that.
_TESTING_LIFE = (timedelta(days=6, hours=12), timedelta(days=8))


class OwnerCredentials(PinnedRefresh, user_credentials.Credentials):
    """The owner's grant: a refresh token of the user's own OAuth client, refreshed for
    ``gmail.readonly`` alone. A refresh refused with ``invalid_grant`` is
    ``NOT_CONFIGURED`` (``secret_invalid``, not retryable) with the remedy."""

    owner_name = ""
    """The mailbox's address, for the remedy."""
    owner_where = ""
    """Where the grant lives, for messages."""
    granted_at: datetime | None = None

    def refresh(self, request: Any) -> None:
        try:
            super().refresh(request)
        except _TokenRefused as exc:
            first = str(exc.args[0]) if exc.args else ""
            error = first.split(":", 1)[0].strip()
            if error == "invalid_grant":
                raise expired_grant(self.owner_name, self.owner_where, self.granted_at) from None
            if error in ("invalid_client", "unauthorized_client", "deleted_client"):
                raise not_configured(
                    f"Gmail token refresh failed ({error}): the OAuth client of the grant in "
                    f"{self.owner_where} was deleted or its secret reset; sign in again: "
                    f"otpmail login {self.owner_name}",
                    "secret_invalid",
                ) from None
            raise


def expired_grant(name: str, where: str, granted_at: datetime | None) -> OtpmailError:
    """Google refused the refresh token (``invalid_grant``): why it may have, and the remedy."""
    head = (
        f"Gmail token refresh failed (invalid_grant): the sign-in in {where} no longer works; "
        f"sign in again: otpmail login {name}."
    )
    age = datetime.now(UTC) - granted_at if granted_at is not None else None
    if age is not None and _TESTING_LIFE[0] <= age <= _TESTING_LIFE[1]:
        why = (
            " It was made about 7 days ago: Google ends refresh tokens of OAuth apps in "
            "Testing status with External users after 7 days. To stop this, publish the app "
            "(Google Cloud console > Google Auth Platform > Audience > Publish app; for your "
            "own test account no verification is needed, you click through the unverified-app "
            "screen once), then sign in again."
        )
    else:
        why = (
            " Google ends a grant when its access is removed (myaccount.google.com/permissions),"
            " the password changes, it goes unused for 6 months, the same client makes more "
            "than 100 newer grants for the account, or, for an app in Testing status, 7 days "
            "after the sign-in (publish the app to avoid that)."
        )
    return not_configured(head + why, "secret_invalid")


def owner_credentials(mailbox: GmailMailbox) -> OwnerCredentials:
    """The owner's credentials from the grant the entry names (variable, file, keyring)."""
    from otpmail._signin._grant import granted_at, read_google_grant
    from otpmail._signin._store import store_for

    assert mailbox.owner is not None
    store = store_for(mailbox.owner, mailbox.address)
    what = f"{mailbox.source} grant"
    grant = read_google_grant(store.load(what), what, store.where)
    # token_uri is always Google's own (from_authorized_user_info overrides any other).
    credentials = OwnerCredentials.from_authorized_user_info(  # type: ignore[no-untyped-call]
        grant.info(), scopes=[SCOPE]
    )
    credentials.owner_name = mailbox.address
    credentials.owner_where = store.where
    credentials.granted_at = granted_at(grant.granted_at)
    return credentials  # type: ignore[no-any-return]


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
    if mailbox.owner is not None:
        owner = owner_credentials(mailbox)
        owner.pinned_transport = transport
        return owner
    return _from_key(
        mailbox,
        transport,
        lambda info: ServiceAccountCredentials.from_service_account_info(  # type: ignore[no-untyped-call]
            info, scopes=[SCOPE], subject=mailbox.address
        ),
    )


def pubsub_credentials(mailbox: GmailMailbox, transport: Callable[[], PinnedHttp]) -> PinnedRefresh:
    """The service account's own credentials (delegated to nobody) for the Pub/Sub scope
    alone: what pulling a mailbox's push subscription needs."""
    return _from_key(
        mailbox,
        transport,
        lambda info: ServiceAccountCredentials.from_service_account_info(  # type: ignore[no-untyped-call]
            info, scopes=[PUBSUB_SCOPE]
        ),
    )


def _from_key(
    mailbox: GmailMailbox,
    transport: Callable[[], PinnedHttp],
    build: Callable[[dict[str, Any]], PinnedRefresh],
) -> PinnedRefresh:
    info = load_key(mailbox)
    try:
        credentials = build(info)
    except (ValueError, TypeError, KeyError):
        raise not_configured(
            f"{mailbox.source} service-account key ({mailbox.key.describe()}) cannot be "
            "loaded: the private key is invalid",
            "secret_invalid",
        ) from None
    del info
    credentials.pinned_transport = transport
    return credentials


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

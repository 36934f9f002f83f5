"""Google SDK, token and transport failures as otpmail errors.

An API answer's ``(status, reason)`` and a token refusal's ``(status, error)`` are looked
up in two tables (:mod:`._error_table`), read top-down: the first row that matches wins.
Google's error shapes: https://developers.google.com/gmail/api/guides/handle-errors
"""

from __future__ import annotations

import json
import re

# isort: off
# First, so that httplib2 is imported with HTTPLIB2_CA_CERTS hidden (see there).
from otpmail._providers import _httplib2  # noqa: F401

# isort: on
import httplib2
from google.auth import exceptions as google_exceptions
from googleapiclient.errors import HttpError

from otpmail._core._errors import OtpmailError
from otpmail._core._retry import expired, parse_retry_after, parse_retry_at_text
from otpmail._providers._error_table import ANY, SERVER_ERROR, ErrorRow, first_match

# Markers for facts read from an answer's text, looked up like the reasons Google names.
# Google's quota system names the limit in the message ("… limit 'Queries per day' of
# service …") while giving the reason rateLimitExceeded, as it does for per-minute limits.
_DAILY_LIMIT_NAMED = "message: a daily limit, while throttled"
_DAILY_LIMIT = re.compile(r"limit '[^']*\bper day\b", re.IGNORECASE)
_DELEGATION_DENIED = "message: delegation denied"
# A google.rpc.ErrorInfo reason in the details; only compared, never shown.
_SERVICE_DISABLED = "details: SERVICE_DISABLED"
# Throttling over seconds or minutes, which a later attempt of the same call may get past.
_RATE_REASONS = frozenset({"rateLimitExceeded", "userRateLimitExceeded"})

_DAILY_QUOTA = (
    "the Google Cloud project's daily Gmail API quota is spent; Google resets it at "
    "midnight Pacific time"
)

API_ERRORS: tuple[ErrorRow, ...] = (
    # A spent quota first: not worth a retry within the call (quota_exhausted is not in
    # RETRY_NOW), however Google words the reason. dailyLimitExceeded is the project's
    # daily quota, quotaExceeded a quota the request does not fit in.
    ErrorRow(ANY, "dailyLimitExceeded", "quota_exhausted", _DAILY_QUOTA, True),
    ErrorRow(ANY, _DAILY_LIMIT_NAMED, "quota_exhausted", _DAILY_QUOTA, True),
    ErrorRow(
        ANY,
        "quotaExceeded",
        "quota_exhausted",
        "the Google Cloud project's Gmail API quota is spent",
        True,
    ),
    ErrorRow(ANY, "rateLimitExceeded", "rate_limited", "rate limited", True),
    ErrorRow(ANY, "userRateLimitExceeded", "rate_limited", "rate limited", True),
    ErrorRow(429, ANY, "rate_limited", "rate limited", True),
    ErrorRow(401, ANY, "auth_failed", "credentials rejected", False),
    ErrorRow(
        403, _DELEGATION_DENIED, "delegation_denied", "delegation denied for this mailbox", False
    ),
    ErrorRow(
        403,
        "accessNotConfigured",
        "api_disabled",
        "the Gmail API is not enabled in the service account's Google Cloud project",
        False,
    ),
    ErrorRow(
        403,
        _SERVICE_DISABLED,
        "api_disabled",
        "the Gmail API is not enabled in the service account's Google Cloud project",
        False,
    ),
    ErrorRow(
        403,
        "domainPolicy",
        "permission_denied",
        "domainPolicy: the Workspace administrator has disabled Gmail API access for this "
        "domain; an administrator must allow it",
        False,
    ),
    ErrorRow(403, ANY, "permission_denied", "permission denied", False),
    ErrorRow(SERVER_ERROR, ANY, "provider_unavailable", "server error", True),
    ErrorRow(ANY, ANY, "request_failed", None, False),
)
"""An API answer's status and the names it carries, to the otpmail error it becomes."""

# google-auth names a token refusal by its OAuth error, and this marker when the
# invalid_grant is about the mailbox rather than the key.
_NOT_A_USER = "invalid_grant: about the user"
# google-auth marks a refusal a later attempt may get past (a server error, throttling).
_FOR_NOW = "retryable"

TOKEN_ERRORS: tuple[ErrorRow, ...] = (
    ErrorRow(range(300), ANY, "bad_response", "unusable token response", False),
    # A redirect (never followed) is not a verdict on the key.
    ErrorRow(range(300, 400), ANY, "request_failed", "unexpected response", False),
    ErrorRow(429, ANY, "rate_limited", "rate limited", True),
    ErrorRow(
        ANY,
        "unauthorized_client",
        "delegation_denied",
        "unauthorized_client: domain-wide delegation is not granted for the gmail.readonly "
        "scope to this service account's client ID",
        False,
    ),
    ErrorRow(
        ANY,
        _NOT_A_USER,
        "mailbox_not_found",
        "invalid_grant: the mailbox is not a Workspace user",
        False,
    ),
    ErrorRow(ANY, "invalid_grant", "auth_failed", "invalid_grant: the key was rejected", False),
    ErrorRow(ANY, "invalid_client", "auth_failed", "invalid_client: the key was rejected", False),
    ErrorRow(ANY, "access_denied", "auth_failed", "access_denied: the key was rejected", False),
    ErrorRow(ANY, "invalid_request", "auth_failed", "invalid_request: the key was rejected", False),
    ErrorRow(ANY, _FOR_NOW, "provider_unavailable", "server error", True),
    ErrorRow(ANY, ANY, "auth_failed", "credentials rejected", False),
)
"""A token refusal's status and OAuth error, to the otpmail error it becomes."""


def _from_table(
    table: tuple[ErrorRow, ...],
    status: int | None,
    reasons: set[str],
    where: str,
    wait: float | None,
) -> OtpmailError:
    row = first_match(table, status, reasons)
    assert row is not None  # each table ends in a row that matches anything
    return OtpmailError(
        row.code,
        f"{where} ({row.detail})" if row.detail else where,
        retry_after=wait if row.waits else None,
    )


def _api_answer(exc: HttpError) -> tuple[str, str, str]:
    """The reason, message and ErrorInfo reasons of an API error answer; empty where the
    answer does not say."""
    reason = message = details = ""
    try:
        payload = json.loads(exc.content)
        err = payload.get("error", {}) if isinstance(payload, dict) else {}
        if isinstance(err, dict):
            errors = err.get("errors") or [{}]
            reason = str(errors[0].get("reason") or err.get("status") or "")
            message = str(err.get("message") or "")
            details = " ".join(
                str(d.get("reason") or "") for d in err.get("details") or () if isinstance(d, dict)
            )
    except (ValueError, TypeError, AttributeError, IndexError):
        pass
    return reason, message, details


def _status_error(operation: str, exc: HttpError) -> OtpmailError:
    status = int(getattr(exc.resp, "status", 0) or 0)
    reason, message, details = _api_answer(exc)
    reasons = {reason}
    if (status == 429 or reason in _RATE_REASONS) and _DAILY_LIMIT.search(message):
        reasons.add(_DAILY_LIMIT_NAMED)
    if "delegation denied" in message.lower():
        reasons.add(_DELEGATION_DENIED)
    if "SERVICE_DISABLED" in details:
        reasons.add(_SERVICE_DISABLED)
    # Gmail names its wait inside the message ("Retry after <RFC 3339>"); a Retry-After
    # header is honoured too, should one appear.
    try:
        header = exc.resp.get("retry-after")
    except AttributeError:
        header = None
    wait = parse_retry_after(header)
    if wait is None:
        wait = parse_retry_at_text(message)
    return _from_table(
        API_ERRORS, status, reasons, f"Gmail {operation} failed: HTTP {status}", wait
    )


def _refresh_error(exc: google_exceptions.RefreshError) -> OtpmailError:
    # RefreshError args: ("<error>: <description>", response_data?). Only the error code
    # and Google's fixed description are kept; nothing from our request.
    first = str(exc.args[0]) if exc.args else ""
    error = first.split(":", 1)[0].strip()
    status = getattr(exc, "status", None)
    reasons = {error}
    if error == "invalid_grant" and "user" in first.lower():
        reasons.add(_NOT_A_USER)
    if getattr(exc, "retryable", False):
        reasons.add(_FOR_NOW)
    where = "Gmail token request failed" + (f": HTTP {status}" if status else "")
    return _from_table(TOKEN_ERRORS, status, reasons, where, getattr(exc, "retry_after", None))


def to_error(operation: str, exc: BaseException) -> OtpmailError:
    """The one mapping from Google SDK and transport failures to otpmail errors."""
    if isinstance(exc, OtpmailError):
        return exc
    if isinstance(exc, HttpError):
        return _status_error(operation, exc)
    if isinstance(exc, google_exceptions.RefreshError):
        return _refresh_error(exc)
    if isinstance(exc, TimeoutError):
        if expired():
            return OtpmailError(
                "deadline_exceeded", f"Gmail {operation} did not finish before the deadline"
            )
        return OtpmailError("network_error", f"Gmail {operation} failed: timed out")
    if isinstance(exc, google_exceptions.TransportError | httplib2.HttpLib2Error | OSError):
        return OtpmailError("network_error", f"Gmail {operation} failed: {type(exc).__name__}")
    if isinstance(exc, ValueError | json.JSONDecodeError):
        return OtpmailError("bad_response", f"Gmail {operation} failed: unreadable response")
    return OtpmailError("request_failed", f"Gmail {operation} failed: {type(exc).__name__}")


class HistoryExpired(OtpmailError):
    """The history id is too old; the caller falls back to a search."""

    def __init__(self) -> None:
        super().__init__(
            "request_failed", "Gmail history.list failed: HTTP 404 (history id expired)"
        )


class MessageGone(OtpmailError):
    """``messages.get`` answered 404: the message was deleted after it was listed. It was
    never a match; the search skips it."""

    def __init__(self) -> None:
        super().__init__("request_failed", "Gmail messages.get failed: HTTP 404 (deleted)")

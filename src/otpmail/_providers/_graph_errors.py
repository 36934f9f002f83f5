"""Graph SDK, Entra and transport failures as otpmail errors.

A Graph answer's ``(status, code)`` and an Entra refusal's ``(status, OAuth error or
AADSTS number)`` are looked up in two tables (:mod:`._error_table`), read top-down: the
first row that matches wins. A message names the provider, operation, HTTP status and the
service's error code, never a secret, a token or response content; with the wait the
service asked for (``Retry-After``), for the retry policy.
"""

from __future__ import annotations

import re

import httpx
from azure.core.exceptions import (
    ClientAuthenticationError,
    DecodeError,
    ServiceRequestError,
    ServiceResponseError,
)
from kiota_abstractions.api_error import APIError

from otpmail._core._errors import OtpmailError
from otpmail._core._retry import expired, parse_retry_after
from otpmail._providers._error_table import ANY, SERVER_ERROR, ErrorRow, ErrorTable
from otpmail._providers._graph_http import PROVIDER

_GRAPH_CODE = re.compile(r"[A-Za-z][A-Za-z0-9_.]{0,63}")
# A marker for a fact read from the answer's message, looked up like Graph's codes: the
# message is never shown, only used to tell two 403s apart.
_ODATA_DISABLED = "message: OData is disabled"
_NO_MAILBOX = "{named}no Exchange Online mailbox answers for this address"

API_ERRORS = ErrorTable(
    # Details are templates: {named} is "<Graph's code>: " (or nothing), {code} the code
    # alone, {retry} ", retry after <n> s" when Retry-After gives seconds.
    ErrorRow(429, ANY, "rate_limited", "{named}throttled{retry}", True),
    ErrorRow(ANY, "ApplicationThrottled", "rate_limited", "{named}throttled{retry}", True),
    ErrorRow(401, ANY, "auth_failed", "{named}the access token was rejected", False),
    ErrorRow(
        403,
        _ODATA_DISABLED,
        "permission_denied",
        "{named}an application access policy excludes this mailbox",
        False,
    ),
    ErrorRow(
        403,
        ANY,
        "delegation_denied",
        "{named}the app has no admin-consented Mail.Read application permission, or its "
        "Exchange RBAC scope excludes this mailbox",
        False,
    ),
    ErrorRow(404, "ErrorInvalidUser", "mailbox_not_found", _NO_MAILBOX, False),
    ErrorRow(404, "MailboxNotEnabledForRESTAPI", "mailbox_not_found", _NO_MAILBOX, False),
    ErrorRow(404, "ResourceNotFound", "mailbox_not_found", _NO_MAILBOX, False),
    ErrorRow(404, "ErrorNonExistentMailbox", "mailbox_not_found", _NO_MAILBOX, False),
    ErrorRow(SERVER_ERROR, ANY, "provider_unavailable", "{named}server error", True),
    ErrorRow(
        range(300, 400),
        ANY,
        "request_failed",
        "redirect not followed: otpmail talks to Graph only",
        False,
    ),
    ErrorRow(ANY, ANY, "request_failed", "{code}", False),
)
"""A Graph answer's status and code, to the otpmail error it becomes."""

_ENTRA_ERROR = re.compile(r"\((?P<error>[a-z_]+)\)\s+(?P<aadsts>AADSTS\d+)?")
# A marker for a refusal that names neither a status nor an OAuth error.
_UNUSABLE = "no status and no error"

TOKEN_ERRORS = ErrorTable(
    # Details are templates: {detail} is "<OAuth error>, <AADSTS number>" (what of it
    # Entra gave), {named} the same followed by ": " (or nothing), and
    # {detail_or_server_error} the same or "server error".
    ErrorRow(429, ANY, "rate_limited", "throttled", True),
    ErrorRow(SERVER_ERROR, ANY, "provider_unavailable", "{detail_or_server_error}", True),
    ErrorRow(
        ANY, "temporarily_unavailable", "provider_unavailable", "{detail_or_server_error}", True
    ),
    ErrorRow(ANY, _UNUSABLE, "bad_response", "unusable response from Entra ID", False),
    ErrorRow(ANY, "AADSTS90002", "auth_failed", "{detail}: the tenant was not found", False),
    ErrorRow(
        ANY,
        ANY,
        "auth_failed",
        "{named}the client secret or certificate was rejected: check tenant_id, client_id "
        "and the credential",
        False,
    ),
)
"""An Entra refusal's status, OAuth error and AADSTS number, to the otpmail error it
becomes."""


def _header(headers: object, name: str) -> str | None:
    try:
        value = headers.get(name) if headers is not None else None  # type: ignore[attr-defined]
    except Exception:
        return None
    return value if isinstance(value, str) else None


def _retry_after(headers: object) -> str:
    value = _header(headers, "retry-after")
    return f", retry after {value} s" if value is not None and value.isdigit() else ""


def _graph_error(operation: str, exc: APIError) -> OtpmailError:
    status = exc.response_status_code
    main = getattr(exc, "error", None)
    code = getattr(main, "code", None)
    # The service's code is a fixed identifier, safe to show; its message is not shown.
    code = code if isinstance(code, str) and _GRAPH_CODE.fullmatch(code) else ""
    text = getattr(main, "message", None)
    reasons = {code}
    if isinstance(text, str) and "odata is disabled" in text.lower():
        reasons.add(_ODATA_DISABLED)
    return API_ERRORS.error(
        status,
        reasons,
        f"{PROVIDER} {operation} failed: HTTP {status}",
        parse_retry_after(_header(exc.response_headers, "retry-after")),
        named=f"{code}: " if code else "",
        code=code,
        retry=_retry_after(exc.response_headers),
    )


def _token_error(exc: ClientAuthenticationError) -> OtpmailError:
    # str(exc) carries Entra's JSON; exc.response.request.body carries the client secret.
    # Only the OAuth error name, the AADSTS number and the status are kept.
    status = getattr(exc, "status_code", None)
    match = _ENTRA_ERROR.search(str(getattr(exc, "message", "") or ""))
    error = match["error"] if match else ""
    aadsts = match["aadsts"] if match and match["aadsts"] else ""
    detail = ", ".join(part for part in (error, aadsts) if part)
    reasons = {error, aadsts}
    if not status and not error:
        reasons.add(_UNUSABLE)
    # Only a number is read from the response's headers; the response itself (which
    # holds the request and its secret) is never kept.
    response = getattr(exc, "response", None)
    return TOKEN_ERRORS.error(
        status,
        reasons,
        f"{PROVIDER} token request failed" + (f": HTTP {status}" if status else ""),
        parse_retry_after(_header(getattr(response, "headers", None), "retry-after")),
        detail=detail,
        named=f"{detail}: " if detail else "",
        detail_or_server_error=detail or "server error",
    )


def to_error(operation: str, exc: BaseException) -> OtpmailError:
    """The one mapping from Graph SDK, Entra and transport failures to otpmail errors.
    Never embeds ``str(exc)``: SDK texts can carry response bodies."""
    if isinstance(exc, OtpmailError):
        return exc
    if isinstance(exc, ClientAuthenticationError):
        return _token_error(exc)
    if isinstance(exc, APIError):
        return _graph_error(operation, exc)
    if isinstance(exc, DecodeError):
        return OtpmailError("bad_response", f"{PROVIDER} token request failed: unreadable response")
    if isinstance(exc, httpx.TimeoutException | TimeoutError):
        if expired():
            return OtpmailError(
                "deadline_exceeded", f"{PROVIDER} {operation} did not finish before the deadline"
            )
        return OtpmailError("network_error", f"{PROVIDER} {operation} failed: timed out")
    if isinstance(exc, httpx.TransportError | ServiceRequestError | ServiceResponseError | OSError):
        return OtpmailError("network_error", f"{PROVIDER} {operation} failed: {type(exc).__name__}")
    if isinstance(exc, ValueError):
        return OtpmailError("bad_response", f"{PROVIDER} {operation} failed: unreadable response")
    return OtpmailError("request_failed", f"{PROVIDER} {operation} failed: {type(exc).__name__}")

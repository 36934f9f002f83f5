"""Gmail through a Workspace service account with domain-wide delegation.

Built on google-api-python-client and google-auth, pinned:

- the key's ``token_uri`` and ``universe_domain`` are replaced by the official values;
- the client is built from the bundled discovery document with an explicit endpoint and
  universe, so ``GOOGLE_CLOUD_UNIVERSE_DOMAIN`` and ``GOOGLE_API_USE_MTLS_ENDPOINT`` have
  nothing to change;
- every request, the token request included, goes through :class:`PinnedHttp`, which runs
  the egress check, ignores proxy variables, uses certifi's CA bundle, follows no
  redirect, and reads each answer within its bound as it arrives, inflating it itself
  (:mod:`otpmail._core._answers`): httplib2's own inflation, and the
  ``httplib2_decode_limit_*`` variables that configure it, never come into play; a token
  refresh started anywhere else (google-api-python-client's batch refreshes over a bare
  ``httplib2.Http()``) is sent through a ``PinnedHttp`` instead;
- httplib2 is imported with ``HTTPLIB2_CA_CERTS`` hidden (:mod:`._httplib2`), so a bad
  value cannot stop it from importing.

Bodies: more than one at a time are fetched in Gmail batches (``new_batch_http_request``,
the discovery document's ``batchPath``) of at most :data:`BATCH_SIZE`; each part is held to
the rules of a request of its own — the egress check reads every part before the batch
leaves, each part answer has its own size bound, and a part that failed for now is
retried alone, under the same retry policy and deadline.

The SDK is synchronous: calls run in worker threads, each request on an ``Http`` lent to it
alone (httplib2 is not thread-safe) from the provider's idle ones, the one used last first,
so that sequential requests reuse one connection whichever thread runs them; all share one
credentials object that is refreshed under a lock.
Decoding a message runs on those threads too, never on the event loop
(:func:`otpmail._core._workers.run_off_loop`), and the threads are daemon threads that
never keep the process alive (:class:`~otpmail._core._workers.WorkerPool`).

Deadlines and retries (:mod:`otpmail._core._retry`): every request runs under the call's
deadline — each socket timeout is set to the time left before the request starts, and the
awaiting coroutine stops at the deadline. No SDK loop retries or sleeps on its own:
``execute(num_retries=0)``; google-auth's token retry loop (``ExponentialBackoff``, sleeps of
about 1 and 2 s) never runs, because a retryable token response is turned into an exception
inside the request it makes; google-auth-httplib2 refreshes once on a 401, then gives up.
otpmail's policy decides what is retried, how long it waits, and never waits past the
deadline.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import functools
import http.client
import json
import logging
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from email.message import Message
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import certifi

# isort: off
# First, so that httplib2 is imported with HTTPLIB2_CA_CERTS hidden (see there): the SDKs
# below import it too.
from otpmail._providers import _httplib2  # noqa: F401

# isort: on
import google_auth_httplib2
import httplib2
from google.auth import exceptions as google_exceptions
from google.oauth2 import service_account
from googleapiclient import discovery
from googleapiclient.errors import BatchError, HttpError

from otpmail._core import _egress
from otpmail._core._answers import CHUNK_BYTES, BoundedAnswer
from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    AnswerBound,
    Carrier,
    Limits,
    answer_bound,
    batch_answer_bound,
    check_message_size,
    check_response_size,
    token_answer_bound,
)
from otpmail._core._config import GmailMailbox, not_configured
from otpmail._core._criteria import Criteria
from otpmail._core._errors import OtpmailError
from otpmail._core._logs import quiet_sdk_loggers
from otpmail._core._match import select
from otpmail._core._retry import (
    DEFAULT_DEADLINE,
    DEFAULT_POLICY,
    RetryPolicy,
    default_deadline,
    expired,
    parse_retry_after,
    parse_retry_at_text,
    remaining,
)
from otpmail._core._workers import WorkerPool, run_off_loop
from otpmail._decoding import TRUST_GMAIL, Email, parse_rfc822
from otpmail._providers._gmail_ids import (
    MARGIN_MS,
    OffsetWatch,
    close_to,
    might_be_newer,
    newest_first,
)

log = logging.getLogger("otpmail.gmail")

SCOPE = "https://www.googleapis.com/auth/gmail.readonly"
TOKEN_URI = "https://oauth2.googleapis.com/token"
_TOKEN_HOST = "oauth2.googleapis.com"
API_ENDPOINT = "https://gmail.googleapis.com/"
UNIVERSE = "googleapis.com"

# Quota per call (gmail.md §4.1): list 5, get 20. A content call fetches at most this many
# bodies, so one call costs at most 5 * pages + 20 * MAX_FETCH units.
MAX_FETCH = 30
# `latest` where ids carry no time (see _gmail_ids) fetches this many of the first listed
# ids and keeps the newest by internalDate: list order is only roughly newest-first
# (gmail.md §1.4).
LATEST_PROBE = 3
COUNT_PAGE = 500
# Bodies fetched in one batch request. Gmail takes up to 100 calls in a batch, and warns
# that larger batches are likely to trigger rate limiting and that more than 50 is not
# recommended; each part costs the quota of the call it holds (gmail.md §3). Ten is the
# default `count` of a read, so a default read is one list and one batch, and 10 gets are
# 200 units: within the per-user burst of the older 250 units/user/s figure (gmail.md
# §4.1), so a batch never asks for more at once than Gmail's per-user limit allows. A
# call fetches at most MAX_FETCH bodies: at most three batches, sent side by side.
BATCH_SIZE = 10
# Decoded messages kept per mailbox so no body is fetched twice; bodies are bounded by the
# decoder, so this stays a few megabytes at most.
BODY_CACHE = 512
DEFAULT_SOCKET_TIMEOUT = 30.0
"""The longest one socket operation may block; never more than the call has left."""
# The token endpoint answers these when a later attempt may succeed (google-auth's own
# list: transport.DEFAULT_RETRYABLE_STATUS_CODES and _client._can_retry).
_TOKEN_RETRY_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
_TOKEN_RETRY_ERRORS = frozenset({"internal_failure", "server_error", "temporarily_unavailable"})
# Labels of mail the mailbox wrote itself; never OTP mail sent to it.
_OWN_LABELS = frozenset({"DRAFT", "SENT"})
_MESSAGE_PATH = "/gmail/v1/users/me/messages/"
# gmail.md §4.2: throttling over seconds or minutes, which a later attempt of the same call
# may get past.
_RATE_REASONS = frozenset({"rateLimitExceeded", "userRateLimitExceeded"})
# A quota spent for longer than any call lasts: dailyLimitExceeded is the project's daily
# quota (Google resets those at midnight Pacific time), quotaExceeded a quota the request
# does not fit in.
_QUOTA_REASONS = frozenset({"dailyLimitExceeded", "quotaExceeded"})
# Google's quota system names the limit in the message ("… limit 'Queries per day' of
# service …") while giving the reason rateLimitExceeded, as it does for per-minute limits.
_DAILY_LIMIT = re.compile(r"limit '[^']*\bper day\b", re.IGNORECASE)

T = TypeVar("T")


_ANSWER_BOUND: ContextVar[AnswerBound | None] = ContextVar("otpmail_gmail_answer", default=None)
"""The bound of the answer being read on this thread, set by :meth:`PinnedHttp.request`."""


class _BoundedResponse(http.client.HTTPResponse):
    """An answer read within the bound :class:`PinnedHttp` set for it: chunk by chunk, the
    wire bytes counted and a gzip or deflate answer inflated here, never past the bound."""

    def read(self, amt: int | None = None) -> bytes:
        bound = _ANSWER_BOUND.get()
        if amt is not None or bound is None:
            return super().read(amt)
        encoding = self.getheader("content-encoding")
        try:
            reading = BoundedAnswer(bound, encoding)
            if self.length is not None and self.length > bound.wire_limit:
                raise bound.refusal()
            if not reading.inflates and self.length is not None:
                # Plain, of a known length: refused unread if over the bound, else read at
                # once into one buffer, as httplib2 would (chunks and their join would
                # hold the answer twice).
                if self.length > bound.limit:
                    raise bound.refusal()
                body = super().read()
            else:
                while chunk := super().read(CHUNK_BYTES):
                    reading.feed(chunk)
                body = reading.finish()
        except BaseException:
            self.close()  # the rest of the answer is never read
            raise
        if reading.inflates:
            # Plain now: httplib2 must not inflate it again (and records the encoding the
            # way it does when it inflates).
            _replace(self.msg, "content-encoding", None)
            _replace(self.msg, "-content-encoding", encoding)
            _replace(self.msg, "content-length", str(len(body)))
        return body


def _replace(headers: Message, name: str, value: str | None) -> None:
    del headers[name]
    if value is not None:
        headers[name] = value


class PinnedHttp(httplib2.Http):  # type: ignore[misc]
    """An ``httplib2.Http`` that only talks to the allowlisted routes.

    No proxy (whatever the environment says), certifi's CA bundle (whatever
    ``HTTPLIB2_CA_CERTS`` says), no redirects, every answer read within its bound
    (:meth:`answer_bound`) while it arrives. Test doubles subclass it and override
    ``_conn_request`` (the check in :meth:`request` runs for them too, and what they answer
    is held to the bound afterwards), or set ``connection_type`` to answer at the socket.
    """

    connection_type: Any = None
    """The connection class of every request, whatever the caller asks for: ``None`` is
    httplib2's own for the scheme (its TLS context reads no environment variable)."""

    def __init__(self, timeout: float = DEFAULT_SOCKET_TIMEOUT) -> None:
        super().__init__(timeout=timeout, proxy_info=None, ca_certs=certifi.where())
        self.follow_redirects = False
        self.follow_all_redirects = False
        self.limits: Limits = DEFAULT_LIMITS
        """Set by the provider to its mailbox's bounds."""
        self.socket_timeout = timeout
        """The longest one socket operation may block, when the call has more time left."""

    def bound_sockets(self, seconds: float) -> None:
        """Make every socket operation of the next request give up after ``seconds``: new
        connections (``self.timeout``) and the cached ones, whose sockets keep the timeout
        they were opened with."""
        self.timeout = seconds
        for conn in list(self.connections.values()):
            conn.timeout = seconds
            sock = getattr(conn, "sock", None)
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.settimeout(seconds)

    def answer_bound(self, uri: str, route: _egress.Route) -> AnswerBound:
        """How much the answer to this request may hold: a token answer's fixed cap; a
        batch answer what its parts may be together (each is bounded again when it is
        split); else ``response_bytes``, allowed its base64 for ``messages.get?format=raw``."""
        if route.host == _TOKEN_HOST:
            return token_answer_bound("Gmail token request")
        if route.batch:
            return batch_answer_bound(
                self.limits, route.purpose, [_carrier(u) for u in route.parts]
            )
        return answer_bound(self.limits, route.purpose, _carrier(uri))

    def request(
        self,
        uri: str,
        method: str = "GET",
        body: Any = None,
        headers: Any = None,
        redirections: int = httplib2.DEFAULT_MAX_REDIRECTS,
        connection_type: Any = None,
    ) -> Any:
        route = _egress.check(method, uri, headers, body)
        # The call's deadline reaches this worker thread through the context: no socket
        # operation of this request may block past it.
        left = remaining()
        if left is not None and left <= 0:
            raise TimeoutError("the call's deadline has passed")
        self.bound_sockets(self.socket_timeout if left is None else min(self.socket_timeout, left))
        bound = self.answer_bound(uri, route)
        reading = _ANSWER_BOUND.set(bound)
        try:
            response, content = super().request(
                uri, method, body, headers, redirections, self.connection_type
            )
        except OtpmailError:
            # An answer refused half-read leaves its connection mid-stream.
            self.close()
            raise
        finally:
            _ANSWER_BOUND.reset(reading)
        # Bound 1 of _bounds, for what a test double answered without a socket too: a
        # response too large is refused before the SDK parses it.
        bound.check(len(content or b""))
        log.debug("%s: HTTP %s, %d bytes", route.purpose, response.status, len(content or b""))
        return response, content

    def _conn_request(
        self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
    ) -> Any:
        # Whichever connection httplib2 made, its answer is read within the bound.
        conn.response_class = _BoundedResponse
        return super()._conn_request(conn, request_uri, method, body, headers)


def _carrier(uri: str) -> Carrier:
    """How a Gmail answer carries a message: ``messages.get?format=raw`` holds one,
    base64url-encoded in JSON (gmail.md §2); every other answer is a listing."""
    parts = urlsplit(uri)
    if parts.path.startswith(_MESSAGE_PATH) and parse_qs(parts.query).get("format") == ["raw"]:
        return Carrier.BASE64_IN_JSON
    return Carrier.PLAIN


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


class _Credentials(service_account.Credentials):
    """Service-account credentials that never start a regional-access-boundary lookup (it
    would contact a third Google host, which the egress check would refuse anyway), whose
    refusals carry the token endpoint's HTTP status, and whose token request is never
    retried by google-auth itself."""

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
            super().refresh(observed)  # type: ignore[no-untyped-call]
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


def _decode_raw(raw: object) -> bytes:
    """The message bytes of a ``format=raw`` field (base64url, padded or not).

    Each step drops the previous copy before making the next (the answer is up to 4/3 of a
    ``response_bytes`` message, and up to five fetches run at once), so at most two copies
    of the text are alive at a time.

    >>> _decode_raw("SGk")
    b'Hi'
    """
    if not isinstance(raw, str):
        raise TypeError("no raw message")
    text = raw.encode("ascii")
    del raw  # the caller popped it from the answer: this was the last reference
    text = text.translate(_URLSAFE_TO_STANDARD)
    if len(text) % 4:
        text += b"=" * (-len(text) % 4)
    return base64.b64decode(text)


_URLSAFE_TO_STANDARD = bytes.maketrans(b"-_", b"+/")


def gmail_query(criteria: Criteria) -> str:
    """The Gmail search string for ``criteria``, as the specification builds it.

    >>> from otpmail._core._criteria import build_criteria
    >>> gmail_query(build_criteria("qa@example.com", "no-reply@acme.example", 'Say "hi"'))
    'to:qa@example.com from:no-reply@acme.example subject:"Say \\\\"hi\\\\"" in:anywhere'
    """
    terms = [f"to:{criteria.to.value}"]
    if criteria.sender:
        terms.append(f"from:{criteria.sender.value}")
    if criteria.subject is not None:
        escaped = criteria.subject.replace("\\", "\\\\").replace('"', '\\"')
        terms.append(f'subject:"{escaped}"')
    if criteria.cutoff is not None:
        terms.append(f"after:{int(criteria.cutoff.timestamp())}")
    terms.append("in:anywhere")
    return " ".join(terms)


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


def _status_error(operation: str, exc: HttpError) -> OtpmailError:
    status = int(getattr(exc.resp, "status", 0) or 0)
    reason = ""
    message = ""
    details = ""
    try:
        payload = json.loads(exc.content)
        err = payload.get("error", {}) if isinstance(payload, dict) else {}
        if isinstance(err, dict):
            errors = err.get("errors") or [{}]
            reason = str(errors[0].get("reason") or err.get("status") or "")
            message = str(err.get("message") or "")
            # google.rpc.ErrorInfo reasons, e.g. SERVICE_DISABLED; only compared, never shown.
            details = " ".join(
                str(d.get("reason") or "") for d in err.get("details") or () if isinstance(d, dict)
            )
    except (ValueError, TypeError, AttributeError, IndexError):
        pass
    # gmail.md §4.2: Gmail names its wait inside the message ("Retry after <RFC 3339>");
    # honour a Retry-After header too, should one appear.
    try:
        header = exc.resp.get("retry-after")
    except AttributeError:
        header = None
    wait = parse_retry_after(header)
    if wait is None:
        wait = parse_retry_at_text(message)
    where = f"Gmail {operation} failed: HTTP {status}"
    throttled = status == 429 or reason in _RATE_REASONS
    # Checked before throttling: a spent daily quota is not worth a retry within the call
    # (quota_exhausted is not in RETRY_NOW), however Google words the reason.
    if reason == "dailyLimitExceeded" or (throttled and _DAILY_LIMIT.search(message)):
        return OtpmailError(
            "quota_exhausted",
            f"{where} (the Google Cloud project's daily Gmail API quota is spent; Google "
            "resets it at midnight Pacific time)",
            retry_after=wait,
        )
    if reason in _QUOTA_REASONS:
        return OtpmailError(
            "quota_exhausted",
            f"{where} (the Google Cloud project's Gmail API quota is spent)",
            retry_after=wait,
        )
    if throttled:
        return OtpmailError("rate_limited", f"{where} (rate limited)", retry_after=wait)
    if status == 401:
        return OtpmailError("auth_failed", f"{where} (credentials rejected)")
    if status == 403 and "delegation denied" in message.lower():
        return OtpmailError("delegation_denied", f"{where} (delegation denied for this mailbox)")
    if status == 403 and (reason == "accessNotConfigured" or "SERVICE_DISABLED" in details):
        return OtpmailError(
            "api_disabled",
            f"{where} (the Gmail API is not enabled in the service account's Google Cloud project)",
        )
    if status == 403 and reason == "domainPolicy":
        return OtpmailError(
            "permission_denied",
            f"{where} (domainPolicy: the Workspace administrator has disabled Gmail API "
            "access for this domain; an administrator must allow it)",
        )
    if status == 403:
        return OtpmailError("permission_denied", f"{where} (permission denied)")
    if status >= 500:
        return OtpmailError("provider_unavailable", f"{where} (server error)", retry_after=wait)
    return OtpmailError("request_failed", where)


def _refresh_error(exc: google_exceptions.RefreshError) -> OtpmailError:
    # RefreshError args: ("<error>: <description>", response_data?). Only the error code
    # and Google's fixed description are kept; nothing from our request.
    first = str(exc.args[0]) if exc.args else ""
    error = first.split(":", 1)[0].strip()
    status = getattr(exc, "status", None)
    wait = getattr(exc, "retry_after", None)
    where = "Gmail token request failed" + (f": HTTP {status}" if status else "")
    if status is not None and status < 300:
        return OtpmailError("bad_response", f"{where} (unusable token response)")
    if status is not None and status < 400:
        # A redirect (never followed) is not a verdict on the key.
        return OtpmailError("request_failed", f"{where} (unexpected response)")
    if status == 429:
        return OtpmailError("rate_limited", f"{where} (rate limited)", retry_after=wait)
    if error == "unauthorized_client":
        return OtpmailError(
            "delegation_denied",
            f"{where} (unauthorized_client: domain-wide delegation is not granted for the "
            "gmail.readonly scope to this service account's client ID)",
        )
    if error == "invalid_grant" and "user" in first.lower():
        return OtpmailError(
            "mailbox_not_found", f"{where} (invalid_grant: the mailbox is not a Workspace user)"
        )
    if error in ("invalid_grant", "invalid_client", "access_denied", "invalid_request"):
        return OtpmailError("auth_failed", f"{where} ({error}: the key was rejected)")
    if getattr(exc, "retryable", False):
        return OtpmailError("provider_unavailable", f"{where} (server error)", retry_after=wait)
    return OtpmailError("auth_failed", f"{where} (credentials rejected)")


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


_UNREADABLE_BATCH = "Gmail batch failed: unreadable response"


def _get_request(service: Any, message_id: str, messages: Any = None) -> Any:
    """The ``messages.get`` of one body: raw, and only the fields otpmail reads.
    ``messages``: the ``users().messages()`` resource to reuse (the client builds every
    method of a resource anew each time one is asked for: a few ms)."""
    if messages is None:
        messages = service.users().messages()
    return messages.get(
        userId="me", id=message_id, format="raw", fields="id,labelIds,internalDate,raw"
    )


def _bounded_part(postproc: Callable[[Any, bytes], Any], limits: Limits) -> Callable[..., Any]:
    """A batch part's parser, refusing an answer over its own bound first, as
    :class:`PinnedHttp` refuses a lone answer. A refusal or an unreadable part is that
    part's outcome (returned, not raised: raising would end the whole batch)."""

    def bounded(response: Any, content: bytes) -> Any:
        try:
            check_response_size(
                len(content or b""), limits, "Gmail users.messages.get", Carrier.BASE64_IN_JSON
            )
            return postproc(response, content)
        except OtpmailError as exc:
            return exc
        except (ValueError, UnicodeError):
            return OtpmailError("bad_response", "Gmail messages.get failed: unreadable response")

    return bounded


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


class _Interrupted(Exception):
    """The call that was fetching a message for others stopped (cancelled, out of time)
    before it finished; the others fetch it themselves."""


class GmailProvider:
    """Reads one Workspace mailbox. Build once per mailbox and reuse: it keeps the token.

    ``retry`` is the retry policy of each request; ``deadline`` the seconds a call may take
    when its caller (the Reader) set no deadline.
    """

    def __init__(
        self,
        mailbox: GmailMailbox,
        *,
        http_factory: Callable[[], PinnedHttp] = PinnedHttp,
        max_concurrency: int = 5,
        retry: RetryPolicy = DEFAULT_POLICY,
        deadline: float = DEFAULT_DEADLINE,
    ) -> None:
        info = load_key(mailbox)
        try:
            self._credentials = _Credentials.from_service_account_info(  # type: ignore[no-untyped-call]
                info, scopes=[SCOPE], subject=mailbox.address
            )
        except (ValueError, TypeError, KeyError):
            raise not_configured(
                f"{mailbox.source} service-account key ({mailbox.key.describe()}) cannot be "
                "loaded: the private key is invalid",
                "secret_invalid",
            ) from None
        # Which mailbox this is, for the machine's one watcher of it (docs/fleets.md):
        # identities, never a secret.
        self.mailbox_identity: tuple[object, ...] = (
            "gmail",
            mailbox.address,
            info.get("client_email"),
            info.get("private_key_id"),
            mailbox.limits,
        )
        del info
        self.account = mailbox.address
        self._limits = mailbox.limits
        self._http_factory = http_factory
        self._credentials.pinned_transport = self._new_http
        self._max_concurrency = max(1, max_concurrency)
        self._executor = self._new_executor()
        self._retry = retry
        self._deadline = deadline
        self._idle_http: list[google_auth_httplib2.AuthorizedHttp] = []
        self._http_lock = threading.Lock()
        self._refresh_lock = threading.Lock()
        self._bodies: OrderedDict[str, Email | None] = OrderedDict()
        self._inflight: dict[str, concurrent.futures.Future[Email | None]] = {}
        self._bodies_lock = threading.Lock()
        # Learns from every fetched message whether this mailbox's ids and internalDates
        # keep one offset, which `latest` relies on to fetch the newest id alone.
        self._offsets = OffsetWatch()
        self._offsets_reported = False
        self._offsets_lock = threading.Lock()
        self._service = discovery.build(
            "gmail",
            "v1",
            http=self._authorized_http(),
            client_options={"api_endpoint": API_ENDPOINT, "universe_domain": UNIVERSE},
            static_discovery=True,
            cache_discovery=False,
        )
        # The client builds every method of a resource anew each time one is asked for
        # (~1 ms a resource): the reads' resource is built once. Building a request reads
        # it and changes nothing, like the service it comes from, which threads share too.
        self._messages = self._service.users().messages()
        quiet_sdk_loggers()

    def __repr__(self) -> str:
        return f"GmailProvider(account={self.account!r})"

    # -- transport ----------------------------------------------------------------------

    def _new_http(self) -> PinnedHttp:
        http = self._http_factory()
        http.limits = self._limits
        return http

    def _authorized_http(self) -> google_auth_httplib2.AuthorizedHttp:
        # One refresh on a 401 (a token revoked since it was cached), then the 401
        # stands: a second refresh would not fix credentials that are rejected.
        return google_auth_httplib2.AuthorizedHttp(
            self._credentials, http=self._new_http(), max_refresh_attempts=1
        )

    @contextlib.contextmanager
    def _lent_http(self) -> Iterator[google_auth_httplib2.AuthorizedHttp]:
        """An ``Http`` for one request, used by nobody else meanwhile (httplib2's are not
        thread-safe), and its connections: the one used last, whichever worker thread
        runs the request, so a read's list and batch go out on the connection the
        previous read left open. A new one (a new TLS context and connection) only when
        every one is lent: at most one per request in flight."""
        idle = self._idle_http
        with self._http_lock:
            http = idle.pop() if idle else None
        if http is None:
            http = self._authorized_http()
        try:
            yield http
        finally:
            # Back to the pool it came from: after aclose, that pool is dropped.
            with self._http_lock:
                idle.append(http)

    def _ensure_token(self) -> None:
        """Refresh the shared token once, under a lock, before any API call fans out.
        Waiting for the lock ends at the call's deadline, like everything else."""
        if self._credentials.valid:
            return
        left = remaining()
        if not self._refresh_lock.acquire(timeout=-1 if left is None else max(0.0, left)):
            raise TimeoutError("waited for the token until the deadline")
        try:
            if not self._credentials.valid:
                request = google_auth_httplib2.Request(self._new_http())
                self._credentials.refresh(request)
        finally:
            self._refresh_lock.release()

    async def _call(self, operation: str, make: Callable[[Any], Any] | None) -> Any:
        """One SDK request (``make(service)``; ``None`` for the token alone) under the
        retry policy and the call's deadline."""
        return await self._retry.run(
            f"Gmail {operation}", lambda attempt: self._attempt(operation, make)
        )

    async def _in_thread(self, work: Callable[[], T], what: str) -> T:
        """Run blocking work (an SDK request, decoding a message) on this provider's own
        threads, with the caller's context (its deadline), and stop waiting at the deadline
        (:func:`~otpmail._core._workers.run_off_loop`). Own threads, not the loop's default
        executor: they and their connections outlive an event loop, so a CLI call, a
        ``*_sync`` call or a new test loop does not pay for new threads, SSL contexts and
        connections each time."""
        return await run_off_loop(self._executor, work, what)

    async def _attempt(self, operation: str, make: Callable[[Any], Any] | None) -> Any:
        """Run one SDK request in a worker thread with that thread's Http; stop waiting for
        it at the deadline (its sockets give up by then too)."""

        def run() -> Any:
            try:
                self._ensure_token()
                if make is None:
                    return None
                with self._lent_http() as http:
                    result = make(self._service).execute(http=http, num_retries=0)
            except HttpError as exc:
                status = getattr(exc.resp, "status", 0)
                if operation == "history.list" and status == 404:
                    # gmail.md §4.3: an out-of-date startHistoryId answers 404.
                    raise HistoryExpired() from None
                if operation == "messages.get" and status == 404:
                    raise MessageGone() from None
                raise to_error(operation, exc) from None
            except BaseException as exc:  # mapped here so nothing secret crosses threads
                raise to_error("token request" if make is None else operation, exc) from None
            # googleapiclient hands back the body as text when it is not JSON (truncated,
            # or a proxy's HTML page): that is no answer, never "no messages".
            if not isinstance(result, dict):
                raise OtpmailError("bad_response", f"Gmail {operation} failed: unreadable response")
            return result

        return await self._in_thread(run, f"Gmail {'token request' if make is None else operation}")

    async def _attempt_batch(self, ids: list[str]) -> dict[str, Email | OtpmailError | None]:
        """One batch of ``messages.get`` and the decoding of its answers, in one worker
        task (one hop off the event loop, not two): for each id, its email, or why not —
        the ``HttpError`` of its part or the ``OtpmailError`` its part answer was refused
        with (:meth:`_outcomes`). A failure of the batch as a whole raises."""

        def run() -> dict[str, Email | OtpmailError | None]:
            answers: dict[str, object] = {}

            def record(request_id: str, response: object, exception: object) -> None:
                answers[request_id] = exception if exception is not None else response

            try:
                self._ensure_token()
                batch = self._service.new_batch_http_request()
                for message_id in ids:
                    request = _get_request(self._service, message_id, self._messages)
                    request.postproc = _bounded_part(request.postproc, self._limits)
                    batch.add(request, callback=record, request_id=message_id)
                with self._lent_http() as http:
                    batch.execute(http=http)
            except BatchError:
                # Not multipart, or a part the client cannot pair with a request.
                raise OtpmailError("bad_response", _UNREADABLE_BATCH) from None
            except HttpError as exc:
                raise to_error("batch", exc) from None
            except (IndexError, KeyError, TypeError, ValueError, UnicodeError):
                # googleapiclient's parse of a broken multipart answer (a part without
                # its status line, headers or Content-ID; a part missing; not UTF-8).
                raise OtpmailError("bad_response", _UNREADABLE_BATCH) from None
            except BaseException as exc:  # mapped here so nothing secret crosses threads
                raise to_error("batch", exc) from None
            return self._outcomes(ids, answers)

        return await self._in_thread(run, "Gmail batch")

    # -- reads --------------------------------------------------------------------------

    async def _list_page(
        self, query: str, size: int, token: str | None, ids_only: bool
    ) -> dict[str, Any]:
        def make(service: Any) -> Any:
            params: dict[str, Any] = {
                "userId": "me",
                "q": query,
                "maxResults": size,
                "includeSpamTrash": True,
            }
            if token:
                params["pageToken"] = token
            if ids_only:
                params["fields"] = "messages/id,nextPageToken"
            return self._messages.list(**params)

        page = await self._call("messages.list", make)
        return page if isinstance(page, dict) else {}

    # -- bodies -------------------------------------------------------------------------

    async def _fetch_all(self, ids: list[str]) -> tuple[list[Email], list[OtpmailError], int]:
        """Fetch ``ids``: the emails, the failures, and how many were gone (deleted between
        list and get: skipped, never a failure). One id is one ``messages.get``; more go in
        batches (:meth:`_fetch_bodies`)."""
        outcomes = await self._bodies_of(ids)
        emails: list[Email] = []
        errors: list[OtpmailError] = []
        gone = 0
        for message_id in dict.fromkeys(ids):
            outcome = outcomes.get(message_id)
            if isinstance(outcome, MessageGone):
                log.info("skipped message %s: deleted since it was listed", message_id)
                gone += 1
            elif isinstance(outcome, OtpmailError):
                log.warning("skipped message %s: %s", message_id, outcome.message)
                errors.append(outcome)
            elif isinstance(outcome, Email):
                emails.append(outcome)
        return emails, errors, gone

    async def _bodies_of(self, ids: list[str]) -> dict[str, Email | OtpmailError | None]:
        """Each message decoded (``None`` for mail the mailbox wrote itself), or why not.

        A message's content never changes, so each id is fetched (20 quota units) at most
        once while it stays in the cache, however many searches and waits ask for it,
        concurrently or not: an id another call is fetching is waited for, and fetched
        here only if that call stops first."""
        outcomes: dict[str, Email | OtpmailError | None] = {}
        todo = list(dict.fromkeys(ids))
        while todo:
            owned: dict[str, concurrent.futures.Future[Email | None]] = {}
            joined: dict[str, concurrent.futures.Future[Email | None]] = {}
            with self._bodies_lock:
                for message_id in todo:
                    if message_id in self._bodies:
                        self._bodies.move_to_end(message_id)
                        outcomes[message_id] = self._bodies[message_id]
                    elif message_id in self._inflight:
                        joined[message_id] = self._inflight[message_id]
                    else:
                        owned[message_id] = self._inflight[message_id] = concurrent.futures.Future()

            async def join(
                message_id: str, pending: concurrent.futures.Future[Email | None]
            ) -> str | None:
                """Wait for another call's fetch; the id back if that call stopped first
                (it is fetched here, then)."""
                try:
                    # Shielded: this caller giving up must not cancel the fetch for others.
                    email: Email | None = await asyncio.shield(asyncio.wrap_future(pending))
                    outcomes[message_id] = email
                except _Interrupted:
                    return message_id
                except OtpmailError as exc:
                    outcomes[message_id] = exc
                return None

            _, *left = await asyncio.gather(
                self._fetch_owned(owned, outcomes), *(join(i, f) for i, f in joined.items())
            )
            todo = [i for i in left if i is not None]
        return outcomes

    async def _fetch_owned(
        self,
        owned: dict[str, concurrent.futures.Future[Email | None]],
        outcomes: dict[str, Email | OtpmailError | None],
    ) -> None:
        """Fetch the ids this call claimed, a batch at a time, and hand each result to the
        calls waiting for it. One batch at a time: its answer is held and parsed whole (see
        _bounds.batch_response_limit), so a call holds one at most. A read asks for ten
        bodies at a time at most; only the change feed after a long gap asks for more."""
        ids = list(owned)
        try:
            for start in range(0, len(ids), BATCH_SIZE):
                results = await self._fetch_bodies(ids[start : start + BATCH_SIZE])
                self._publish(results, owned)
                outcomes.update(results)
        finally:
            # Stopped (cancelled) before every result came: the calls waiting for the rest
            # fetch them themselves.
            stopped = [i for i, f in owned.items() if not f.done()]
            with self._bodies_lock:
                for message_id in stopped:
                    self._inflight.pop(message_id, None)
            for message_id in stopped:
                owned[message_id].set_exception(_Interrupted())
                owned[message_id].exception()  # nobody else may be waiting

    def _publish(
        self,
        results: dict[str, Email | OtpmailError | None],
        owned: dict[str, concurrent.futures.Future[Email | None]],
    ) -> None:
        with self._bodies_lock:
            for message_id, outcome in results.items():
                self._inflight.pop(message_id, None)
                if not isinstance(outcome, OtpmailError):
                    self._bodies[message_id] = outcome
            while len(self._bodies) > BODY_CACHE:
                self._bodies.popitem(last=False)
        for message_id, outcome in results.items():
            pending = owned[message_id]
            if isinstance(outcome, OtpmailError):
                # This call's deadline is not the message's failure: the calls waiting
                # for it fetch it themselves, within their own.
                shared = _Interrupted() if outcome.code == "deadline_exceeded" else outcome
                pending.set_exception(shared)
                pending.exception()  # nobody else may be waiting
            else:
                pending.set_result(outcome)

    async def _fetch_bodies(self, ids: list[str]) -> dict[str, Email | OtpmailError | None]:
        """Fetch ``ids`` (at most :data:`BATCH_SIZE`): one ``messages.get`` for one id, a
        batch for more. What failed for now (throttling, a server error, the network;
        :data:`~otpmail._core._retry.RETRY_NOW`), whether one part or the whole batch, is
        retried under the retry policy, the parts still owed and nothing else, while the
        deadline allows; everything else stands at once. A batch answer too large to parse
        as one (large messages) is refused unparsed, and its messages are fetched one by
        one, each under its own bound."""
        results: dict[str, Email | OtpmailError | None] = {}
        pending = list(ids)
        attempt = 1
        alone = False
        while pending:
            decoded: dict[str, Email | OtpmailError | None]
            # Decoded off the event loop: a message slow to decode must not stop the other
            # callers on the loop, or this call's deadline.
            if alone or len(pending) == 1:
                answers = await self._attempt_each(pending)
                decoded = await self._in_thread(
                    functools.partial(self._outcomes, pending, answers), "Gmail message decoding"
                )
            else:
                try:
                    decoded = await self._attempt_batch(pending)
                except OtpmailError as exc:
                    if exc.code == "response_too_large":
                        log.info(
                            "%s; fetching its %d messages one by one", exc.message, len(pending)
                        )
                        alone = True
                        continue
                    decoded = dict.fromkeys(pending, exc)
            again: list[str] = []
            wait = 0.0
            for message_id in pending:
                outcome = decoded[message_id]
                delay = (
                    self._retry.delay(outcome, attempt)
                    if isinstance(outcome, OtpmailError) and not isinstance(outcome, MessageGone)
                    else None
                )
                if delay is None:
                    results[message_id] = outcome
                else:
                    again.append(message_id)
                    wait = max(wait, delay)
            if again:
                log.info(
                    "Gmail messages.get failed for %d of %d; attempt %d in %.2fs",
                    len(again),
                    len(pending),
                    attempt + 1,
                    wait,
                )
                await asyncio.sleep(wait)
            pending = again
            attempt += 1
        return results

    async def _attempt_each(self, ids: list[str]) -> dict[str, object]:
        """One ``messages.get`` per id, side by side (at most ``max_concurrency``): each
        one's answer, or the error it ended in."""
        gate = asyncio.Semaphore(self._max_concurrency)

        async def one(message_id: str) -> object:
            async with gate:
                try:
                    return await self._attempt(
                        "messages.get",
                        functools.partial(
                            _get_request, message_id=message_id, messages=self._messages
                        ),
                    )
                except OtpmailError as exc:
                    return exc

        return dict(zip(ids, await asyncio.gather(*(one(i) for i in ids)), strict=True))

    def _outcomes(
        self, ids: list[str], answers: dict[str, object]
    ) -> dict[str, Email | OtpmailError | None]:
        """Each id's answer as an email or as why not. Blocking (it decodes): run it with
        :meth:`_in_thread`."""
        return {
            message_id: self._part_outcome(message_id, answers.get(message_id))
            for message_id in ids
        }

    def _part_outcome(self, message_id: str, answer: object) -> Email | OtpmailError | None:
        """One message's answer, alone or a batch part, as an email or as why not."""
        if isinstance(answer, OtpmailError):
            return answer
        if isinstance(answer, HttpError):
            if getattr(answer.resp, "status", 0) == 404:
                return MessageGone()
            return to_error("messages.get", answer)
        if not isinstance(answer, dict):
            return OtpmailError("bad_response", "Gmail messages.get failed: unreadable response")
        try:
            return self._email(answer, message_id)
        except OtpmailError as exc:
            return exc

    def _email(self, data: dict[str, Any], message_id: str) -> Email | None:
        """The decoded message of a ``format=raw`` resource; ``None`` for mail the mailbox
        wrote itself."""
        if _OWN_LABELS & set(data.get("labelIds") or ()):
            return None
        try:
            internal_ms = int(data["internalDate"])
            received = datetime.fromtimestamp(internal_ms / 1000, tz=UTC)
            blob = _decode_raw(data.pop("raw", None))
        except (ValueError, KeyError, TypeError, OverflowError, OSError):
            raise OtpmailError(
                "bad_response", "Gmail messages.get failed: unreadable message"
            ) from None
        self._note_offset(str(data.get("id") or message_id), internal_ms)
        # The answer was allowed room for base64 and JSON; the message itself is held to
        # the bound exactly.
        check_message_size(len(blob), self._limits, "Gmail users.messages.get")
        return parse_rfc822(
            blob,
            id=str(data.get("id") or message_id),
            account=self.account,
            received_at=received,
            limits=self._limits,
            # format=raw carries every header: Gmail's own report is the topmost one by
            # mx.google.com (SECURITY.md, "Is it really from them?").
            trust=TRUST_GMAIL,
        )

    def _note_offset(self, message_id: str, internal_ms: int) -> None:
        # Messages are decoded on worker threads, several calls' at once.
        with self._offsets_lock:
            self._offsets.observe(message_id, internal_ms)
            if self._offsets.agrees or self._offsets_reported:
                return
            self._offsets_reported = True
            log.warning(
                "the offsets between message ids and internalDate in %s spread over %d ms "
                "(more than %d ms): latest no longer orders by id here and fetches the first "
                "%d listed instead",
                self.account,
                self._offsets.spread_ms,
                MARGIN_MS,
                LATEST_PROBE,
            )

    async def search(self, criteria: Criteria) -> list[Email]:
        """List ids with the narrowing query, fetch bodies in a batch, decide exactly."""
        with default_deadline(self._deadline):
            return await self._search(criteria)

    async def _search(self, criteria: Criteria) -> list[Email]:
        await self._call("token request", None)
        query = gmail_query(criteria)
        batch = LATEST_PROBE if criteria.latest else criteria.limit
        fetched: list[Email] = []
        errors: list[OtpmailError] = []
        attempted = 0
        gone = 0
        token: str | None = None
        pending: list[str] = []
        seen: set[str] = set()
        # `latest` on a page whose ids carry their creation time: fetch the newest by id
        # and the ids too close to it to call, in one wave; then only what could still be
        # newer (see _gmail_ids).
        by_id = False
        ids_tell_time = criteria.latest and self._offsets.agrees
        while attempted < MAX_FETCH:
            if not pending:
                if attempted and token is None:
                    break
                page = await self._list_page(query, max(batch, 10), token, ids_only=True)
                token = page.get("nextPageToken")
                pending = [
                    str(m["id"])
                    for m in page.get("messages") or []
                    if isinstance(m, dict) and m.get("id") and m["id"] not in seen
                ]
                seen.update(pending)
                if not pending:
                    break
                ordered = newest_first(pending) if ids_tell_time else None
                by_id = ordered is not None
                if ordered is not None:
                    pending = ordered
            # At most the probe's three in a wave: ids that only look timed (all "close")
            # cost no more than the probe; a denser burst is finished in a second wave.
            size = min(LATEST_PROBE, 1 + len(close_to(pending[0], pending[1:]))) if by_id else batch
            take = pending[: min(size, MAX_FETCH - attempted)]
            pending = pending[len(take) :]
            attempted += len(take)
            emails, failures, deleted = await self._fetch_all(take)
            fetched.extend(emails)
            errors.extend(failures)
            gone += deleted
            found = select(criteria, fetched)
            if by_id and found:
                # The wave's newest by id, if it matched: its offset between id and
                # internalDate is what the ids were judged by; else the newest match.
                anchor = next((e for e in found if e.id == take[0]), found[0])
                doubt = might_be_newer(
                    anchor.id, int(anchor.received_at.timestamp() * 1000), pending
                )
                if doubt == []:
                    break
                # Either some ids are close enough to be newer (fetch exactly those), or
                # this mailbox's ids do not carry time (fetch as if they carried none).
                by_id = False
                if doubt is not None:
                    pending, batch = doubt, len(doubt)
                    continue
                ids_tell_time = False
                batch = LATEST_PROBE - attempted
                if not pending or batch <= 0:
                    break
                continue
            if len(found) >= criteria.limit:
                break
            if not pending and token is None:
                break
        # Deleted messages were never matches; only a failure of every other one fails.
        if errors and len(errors) == attempted - gone:
            codes = {e.code for e in errors}
            code = codes.pop() if len(codes) == 1 else "fetch_failed"
            raise OtpmailError(
                code,
                f"all {len(errors)} matched messages failed to fetch ({errors[0].message})",
                retry_after=errors[0].retry_after,
            )
        return select(criteria, fetched, criteria.limit)

    async def count(self, criteria: Criteria) -> int:
        """Walk every page of ids (5 quota units a page, no message fetch); each page is
        retried on its own, within the one deadline of the call. With
        ``criteria.authenticated`` every listed message is fetched as well (5 units each):
        the receiving server's verdict is in its headers."""
        with default_deadline(self._deadline):
            return await self._count(criteria)

    async def _count(self, criteria: Criteria) -> int:
        query = gmail_query(criteria)
        ids: set[str] = set()
        token: str | None = None
        while True:
            page = await self._list_page(query, COUNT_PAGE, token, ids_only=True)
            ids.update(
                str(m["id"])
                for m in page.get("messages") or []
                if isinstance(m, dict) and m.get("id")
            )
            token = page.get("nextPageToken")
            if not token:
                break
        if not criteria.authenticated:
            return len(ids)
        # The verdict is in each message's headers: an authenticated count fetches every
        # candidate (5 quota units each) and counts by the exact rules.
        emails, errors, gone = await self._fetch_all(sorted(ids))
        if errors and len(errors) == len(ids) - gone:
            raise OtpmailError(
                errors[0].code,
                f"all {len(errors)} matched messages failed to fetch ({errors[0].message})",
                retry_after=errors[0].retry_after,
            )
        return len(select(criteria, emails))

    # -- waiting ------------------------------------------------------------------------

    async def cursor(self) -> object:
        """The mailbox's current ``historyId`` (``getProfile``, 1 quota unit)."""
        with default_deadline(self._deadline):
            return await self._history_id()

    async def _history_id(self) -> int:
        profile = await self._call(
            "getProfile",
            lambda service: service.users().getProfile(userId="me", fields="historyId"),
        )
        try:
            return int(profile["historyId"])
        except (KeyError, TypeError, ValueError):
            raise OtpmailError("bad_response", "Gmail getProfile failed: no historyId") from None

    async def _added_since(self, start: int) -> tuple[list[str], int]:
        """Ids added after ``start`` (``history.list``, 2 quota units a page), skipping mail
        the mailbox wrote itself, and the history id to continue from."""
        ids: list[str] = []
        token: str | None = None
        latest = start
        while True:

            def make(service: Any, token: str | None = token) -> Any:
                params: dict[str, Any] = {
                    "userId": "me",
                    "startHistoryId": str(start),
                    "historyTypes": "messageAdded",
                    "maxResults": 500,
                    "fields": "history(messagesAdded(message(id,labelIds))),historyId,nextPageToken",
                }
                if token:
                    params["pageToken"] = token
                return service.users().history().list(**params)

            page = await self._call("history.list", make)
            for record in page.get("history") or []:
                for added in record.get("messagesAdded") or []:
                    message = added.get("message") or {}
                    message_id = str(message.get("id") or "")
                    if (
                        message_id
                        and message_id not in ids
                        and not _OWN_LABELS & set(message.get("labelIds") or ())
                    ):
                        ids.append(message_id)
            with contextlib.suppress(TypeError, ValueError):
                latest = max(latest, int(page.get("historyId") or latest))
            token = page.get("nextPageToken")
            if not token:
                return ids, latest

    async def changes(
        self, cursor: object, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        """New mail since ``cursor`` (a history id). While idle this costs one
        ``history.list`` (2 units); each new message is fetched once (20 units). When the
        history id has expired, one search by time (``after:``) replaces it."""
        if not isinstance(cursor, int):
            return [], await self.cursor()
        with default_deadline(self._deadline):
            return await self._changes(cursor, since, known)

    async def _changes(
        self, cursor: int, since: datetime, known: set[str]
    ) -> tuple[list[Email], object]:
        try:
            ids, latest = await self._added_since(cursor)
        except HistoryExpired:
            log.info("history id %s expired; searching by time instead", cursor)
            latest = await self._history_id()
            page = await self._list_page(
                f"after:{int(since.timestamp())} in:anywhere", COUNT_PAGE, None, ids_only=True
            )
            ids = [
                str(m["id"])
                for m in page.get("messages") or []
                if isinstance(m, dict) and m.get("id")
            ]
        wanted = [i for i in ids if i not in known]
        emails, _, _ = await self._fetch_all(wanted)
        return emails, latest

    async def aclose(self) -> None:
        """Stop the provider's threads and drop its idle ``Http`` objects and their
        connections (httplib2 closes sockets on collection). A later call starts new ones."""
        executor, self._executor = self._executor, self._new_executor()
        executor.shutdown(wait=False, cancel_futures=True)
        with self._http_lock:
            self._idle_http = []

    def _new_executor(self) -> WorkerPool:
        # One thread per concurrent fetch, plus one for a caller's list or token request.
        # Daemon threads: one still decoding at the deadline does not hold the process.
        return WorkerPool(self._max_concurrency + 1, "otpmail-gmail")

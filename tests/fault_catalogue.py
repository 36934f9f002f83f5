"""The faults otpmail must survive, and a runner that injects each one.

Shared by ``tests/test_faults.py`` (one test per fault) and ``bench/faults.py`` (the table).
Each :class:`Scenario` queues faults on an in-process fake upstream (tests/fakes), at the
transport seam only: the real Reader, retry policy, google-api-python-client, google-auth,
httplib2, msgraph-sdk, kiota, httpx and azure-identity run unchanged above it. The runner
measures wall time and checks the envelope, the deadline, the emails, and that nothing
secret (token, key, client secret) nor any injected response text reached the envelope.

Backoff is made short through the retry policy's own parameters (:data:`FAST`), never by
patching ``sleep``; a ``Retry-After`` of one second is really waited for.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from fakes.gmail import FakeGmail, Fault
from fakes.graph import FakeGraph, GraphFault
from otpmail import Reader
from otpmail._core._config import GmailMailbox, Mailbox, OutlookMailbox
from otpmail._core._errors import CODES
from otpmail._core._retry import RetryPolicy
from otpmail._providers._base import Provider

FAST = RetryPolicy(attempts=5, base=0.02, cap=0.1)
"""The production policy's shape with millisecond backoff, so the suite stays fast."""

DEADLINE = 2.0
STALL_DEADLINE = 1.0
SLACK = 0.15
"""How far past its deadline a call may return: event-loop scheduling, nothing more."""
CANARY = "LEAK-CANARY-7f3a"
"""Planted in every injected response body: it must never reach an envelope."""
GRAPH_SECRET = "graph~client~secret~do-not-leak"
SECRET_ENV = "OTPMAIL_FAULTS_GRAPH_SECRET"
GMAIL_BOX = "qa@example.com"
GRAPH_BOX = "qa@contoso.com"
CODE = "482913"
COUNT_PAGES = {"gmail": 500, "outlook": 1000}
"""Rows per count page, so a "page 2" scenario delivers one more than this."""


# -- wire bodies --------------------------------------------------------------------------


def gmail_error(status: int, reason: str, message: str, domain: str = "global") -> str:
    return json.dumps(
        {
            "error": {
                "code": status,
                "message": f"{message} {CANARY}",
                "errors": [{"message": message, "domain": domain, "reason": reason}],
            }
        }
    )


def token_error(error: str, description: str) -> str:
    return json.dumps({"error": error, "error_description": f"{description} {CANARY}"})


def graph_error(code: str, message: str) -> str:
    return json.dumps({"error": {"code": code, "message": f"{message} {CANARY}", "innerError": {}}})


def entra_error(error: str, aadsts: str, description: str) -> str:
    return json.dumps(
        {
            "error": error,
            "error_description": f"{aadsts}: {description} {CANARY}",
            "error_codes": [int(aadsts.removeprefix("AADSTS"))],
        }
    )


def _rfc3339_in(seconds: float) -> str:
    moment = datetime.now(UTC) + timedelta(seconds=seconds)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


GMAIL_500 = gmail_error(500, "backendError", "Backend Error")
GMAIL_503 = gmail_error(503, "backendError", "The service is currently unavailable.")
GMAIL_429 = gmail_error(
    429, "rateLimitExceeded", "Too many concurrent requests for user", "usageLimits"
)
GMAIL_NOT_FOUND = gmail_error(404, "notFound", "Requested entity was not found.")
# gmail.md §4.2 and the handle-errors guide: 403s that no retry within a call can fix.
GMAIL_DAILY_LIMIT = gmail_error(403, "dailyLimitExceeded", "Daily Limit Exceeded", "usageLimits")
GMAIL_DAILY_QUERIES = gmail_error(
    403,
    "rateLimitExceeded",
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service "
    "'gmail.googleapis.com' for consumer 'project_number:123456789012'.",
    "usageLimits",
)
GMAIL_QUOTA_EXCEEDED = gmail_error(
    403,
    "quotaExceeded",
    "The requested operation requires more resources than the quota allows.",
    "usageLimits",
)
GMAIL_DOMAIN_POLICY = gmail_error(
    403, "domainPolicy", "The domain administrators have disabled Gmail apps."
)
GRAPH_500 = graph_error("ErrorInternalServerError", "An internal server error occurred.")
GRAPH_503 = graph_error("MailboxInfoStale", "Mailbox info is stale.")
GRAPH_429 = graph_error("ApplicationThrottled", "Application is over its MailboxConcurrency limit.")
HTML_PAGE = f"<html><body><h1>502 Bad Gateway</h1><p>{CANARY}</p></body></html>"


# -- scenarios ----------------------------------------------------------------------------

Upstream = FakeGmail | FakeGraph


@dataclass(frozen=True)
class Scenario:
    """One injected fault and the envelope it must end in."""

    fault: str
    provider: str
    """``gmail`` or ``outlook``."""
    inject: Callable[[Any], None]
    code: str | None = None
    """The error code expected; ``None`` for an ok envelope."""
    emails: int = 1
    """Ok envelopes: emails expected (content mode) or the count (count mode)."""
    count: bool = False
    deliver: int = 1
    deadline: float = DEADLINE
    min_seconds: float = 0.0
    """The call must take at least this long (a ``Retry-After`` honoured)."""
    max_seconds: float | None = None
    """The call must end sooner than this (failing fast); default: the deadline."""
    requests: dict[str, int] = field(default_factory=dict)
    """Exact request counts per operation, where they prove a point (fail fast)."""
    limits: str = ""
    socket_timeout: float | None = None
    """Gmail: the longest one socket operation may block (PinnedHttp's cap, 30 s)."""

    @property
    def id(self) -> str:
        return f"{self.provider}: {self.fault}"

    @property
    def expected(self) -> str:
        if self.code is None:
            return f"ok, count {self.emails}" if self.count else f"ok, {self.emails} email(s)"
        info = CODES[self.code]
        retry = "retryable" if info.retryable else "not retryable"
        return f"{info.prefix.value} {self.code} ({retry})"


def _gmail(
    fault: str, inject: Callable[[FakeGmail], None], code: str | None = None, **kw: Any
) -> Scenario:
    return Scenario(fault, "gmail", inject, code, **kw)


def _graph(
    fault: str, inject: Callable[[FakeGraph], None], code: str | None = None, **kw: Any
) -> Scenario:
    return Scenario(fault, "outlook", inject, code, **kw)


def _times(n: int, make: Callable[[], Any]) -> list[Any]:
    return [make() for _ in range(n)]


GMAIL_SCENARIOS = [
    _gmail("connection reset, then success", lambda f: f.fail("messages.list", Fault(reset=True))),
    _gmail(
        "connection reset on every attempt",
        lambda f: f.fail("messages.list", *_times(9, lambda: Fault(reset=True))),
        "network_error",
        requests={"messages.list": FAST.attempts},
    ),
    _gmail(
        "stall past the deadline",
        lambda f: f.fail("messages.list", Fault(delay=30)),
        "deadline_exceeded",
        deadline=STALL_DEADLINE,
    ),
    _gmail(
        "socket timeout short of the deadline, then success",
        lambda f: f.fail("messages.list", Fault(delay=30)),
        socket_timeout=0.3,
        requests={"messages.list": 2},
    ),
    _gmail(
        "500, then success", lambda f: f.fail("messages.list", Fault(status=500, body=GMAIL_500))
    ),
    _gmail(
        "503 on messages.get, then success",
        lambda f: f.fail("messages.get", Fault(status=503, body=GMAIL_503)),
    ),
    _gmail(
        "503 on every attempt",
        lambda f: f.fail("messages.list", *_times(9, lambda: Fault(status=503, body=GMAIL_503))),
        "provider_unavailable",
        requests={"messages.list": FAST.attempts},
    ),
    _gmail(
        "429 without Retry-After, then success",
        lambda f: f.fail("messages.list", Fault(status=429, body=GMAIL_429)),
    ),
    _gmail(
        "429 with Retry-After: 1, then success",
        lambda f: f.fail(
            "messages.list", Fault(status=429, body=GMAIL_429, headers={"retry-after": "1"})
        ),
        min_seconds=1.0,
        deadline=3.0,
    ),
    _gmail(
        "429 with an HTTP-date Retry-After beyond the deadline",
        lambda f: f.fail(
            "messages.list",
            Fault(
                status=429,
                body=GMAIL_429,
                headers={"retry-after": "Fri, 31 Dec 2100 23:59:59 GMT"},
            ),
        ),
        "rate_limited",
        max_seconds=0.5,
        requests={"messages.list": 1},
    ),
    _gmail(
        '403 userRateLimitExceeded "Retry after <1 s from now>", then success',
        lambda f: f.fail(
            "messages.list",
            Fault(
                status=403,
                body=gmail_error(
                    403,
                    "userRateLimitExceeded",
                    f"User-rate limit exceeded.  Retry after {_rfc3339_in(1.0)}",
                    "usageLimits",
                ),
            ),
        ),
        min_seconds=0.8,
        deadline=3.0,
    ),
    _gmail(
        '429 "Retry after <60 s from now>": past the deadline, not waited for',
        lambda f: f.fail(
            "messages.list",
            Fault(
                status=429,
                body=gmail_error(
                    429,
                    "rateLimitExceeded",
                    f"User-rate limit exceeded.  Retry after {_rfc3339_in(60)}",
                    "usageLimits",
                ),
            ),
        ),
        "rate_limited",
        max_seconds=0.5,
        requests={"messages.list": 1},
    ),
    _gmail(
        "truncated JSON",
        lambda f: f.fail("messages.list", Fault(status=200, body='{"messages": [{"id": "18c1')),
        "bad_response",
        requests={"messages.list": 1},
    ),
    _gmail(
        "invalid JSON",
        lambda f: f.fail("messages.get", Fault(status=200, body=f"not json {CANARY}")),
        "bad_response",
    ),
    _gmail(
        "HTML error page with status 200 (a proxy)",
        lambda f: f.fail(
            "messages.list", Fault(status=200, body=HTML_PAGE, content_type="text/html")
        ),
        "bad_response",
    ),
    _gmail(
        "HTML 502 page (a proxy), then success",
        lambda f: f.fail(
            "messages.list", Fault(status=502, body=HTML_PAGE, content_type="text/html")
        ),
    ),
    _gmail(
        "oversized response",
        lambda f: f.fail("messages.list", Fault(status=200, body=" " * 300_000 + "{}")),
        "response_too_large",
        limits="  limits:\n    response_bytes: 200000\n",
        requests={"messages.list": 1},
    ),
    _gmail(
        "message deleted between list and get (404)",
        lambda f: f.fail("messages.get", Fault(status=404, body=GMAIL_NOT_FOUND)),
        deliver=2,
        emails=1,
    ),
    _gmail(
        "every listed message deleted (404s)",
        lambda f: f.fail(
            "messages.get", *_times(2, lambda: Fault(status=404, body=GMAIL_NOT_FOUND))
        ),
        "no_emails_found",
        deliver=2,
        requests={"messages.get": 2},
    ),
    _gmail(
        "token endpoint 500, then success",
        lambda f: f.fail("token", Fault(status=500, body=token_error("internal_failure", "x"))),
        requests={"token": 2},
    ),
    _gmail(
        "token endpoint 503 on every attempt",
        lambda f: f.fail(
            "token", *_times(9, lambda: Fault(status=503, body=token_error("server_error", "x")))
        ),
        "provider_unavailable",
        requests={"token": FAST.attempts, "messages.list": 0},
    ),
    _gmail(
        "token endpoint 400 invalid_grant (unknown user)",
        lambda f: f.fail(
            "token",
            Fault(status=400, body=token_error("invalid_grant", "Invalid email or User ID")),
        ),
        "mailbox_not_found",
        requests={"token": 1, "messages.list": 0},
    ),
    _gmail(
        "token endpoint 400 invalid_grant (bad signature)",
        lambda f: f.fail(
            "token", Fault(status=400, body=token_error("invalid_grant", "Invalid JWT Signature."))
        ),
        "auth_failed",
        requests={"token": 1},
    ),
    _gmail(
        "token endpoint 401 unauthorized_client (no delegation)",
        lambda f: f.fail(
            "token",
            Fault(
                status=401,
                body=token_error(
                    "unauthorized_client", "Client is unauthorized to retrieve access tokens"
                ),
            ),
        ),
        "delegation_denied",
        requests={"token": 1},
    ),
    _gmail(
        "token endpoint stall",
        lambda f: f.fail("token", Fault(delay=30)),
        "deadline_exceeded",
        deadline=STALL_DEADLINE,
    ),
    _gmail(
        "401 after a refresh",
        lambda f: f.fail(
            "messages.list",
            *_times(
                2,
                lambda: Fault(
                    status=401,
                    body=gmail_error(401, "authError", "Invalid Credentials"),
                    headers={"www-authenticate": 'Bearer error="invalid_token"'},
                ),
            ),
        ),
        "auth_failed",
        requests={"token": 2, "messages.list": 2},
    ),
    _gmail(
        "403 delegation denied",
        lambda f: f.fail(
            "messages.list",
            Fault(
                status=403,
                body=gmail_error(403, "forbidden", "Delegation denied for qa@example.com"),
            ),
        ),
        "delegation_denied",
        requests={"messages.list": 1},
    ),
    _gmail(
        "403 dailyLimitExceeded (the project's daily quota is spent): not retried",
        lambda f: f.fail(
            "messages.list", *_times(9, lambda: Fault(status=403, body=GMAIL_DAILY_LIMIT))
        ),
        "quota_exhausted",
        max_seconds=0.5,
        requests={"messages.list": 1},
    ),
    _gmail(
        "403 rateLimitExceeded for a per-day limit: not retried",
        lambda f: f.fail(
            "messages.list", *_times(9, lambda: Fault(status=403, body=GMAIL_DAILY_QUERIES))
        ),
        "quota_exhausted",
        max_seconds=0.5,
        requests={"messages.list": 1},
    ),
    _gmail(
        "403 quotaExceeded on every messages.get: not retried",
        lambda f: f.fail(
            "messages.get", *_times(9, lambda: Fault(status=403, body=GMAIL_QUOTA_EXCEEDED))
        ),
        "quota_exhausted",
        max_seconds=0.5,
        requests={"messages.get": 1},
    ),
    _gmail(
        "403 domainPolicy (the Workspace admin disabled the API)",
        lambda f: f.fail("messages.list", Fault(status=403, body=GMAIL_DOMAIN_POLICY)),
        "permission_denied",
        requests={"messages.list": 1},
    ),
    _gmail(
        "count: page 2 fails with 503, then succeeds",
        lambda f: f.fail("messages.list", Fault(), Fault(status=503, body=GMAIL_503)),
        count=True,
        deadline=3.0,
        deliver=COUNT_PAGES["gmail"] + 1,
        emails=COUNT_PAGES["gmail"] + 1,
        requests={"messages.list": 3},
    ),
    _gmail(
        "count: page 2 fails for good",
        lambda f: f.fail(
            "messages.list", Fault(), *_times(9, lambda: Fault(status=503, body=GMAIL_503))
        ),
        "provider_unavailable",
        count=True,
        deadline=3.0,
        deliver=COUNT_PAGES["gmail"] + 1,
        requests={"messages.list": 1 + FAST.attempts},
    ),
]


def _part(n: int, *faults: Fault) -> Callable[[FakeGmail], None]:
    """Faults for the gets of the ``n``-th delivered message only (alone or in a batch)."""
    return lambda f: f.fail(f"messages.get {f.messages[n].id}", *faults)


def _one_part_answer(f: FakeGmail) -> None:
    """A well-formed batch answer that answers the first part only."""
    body = (
        "--batch_x\r\nContent-Type: application/http\r\n"
        f"Content-ID: <response-0 + {f.messages[0].id}>\r\n\r\n"
        "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n"
        f'{{"id": "{f.messages[0].id}"}}\r\n--batch_x--\r\n'
    )
    f.fail("batch", Fault(status=200, body=body, content_type="multipart/mixed; boundary=batch_x"))


BIG_PART = " " * 300_000 + "{}"
"""A part answer over the part bound at ``response_bytes: 200000`` (270,763 bytes)."""
GMAIL_401 = gmail_error(401, "authError", "Invalid Credentials")
SMALL_BOUND = "  limits:\n    response_bytes: 200000\n"

# More than one body is fetched in one batch (three here): each part is held to the rules of
# a request of its own, and the batch's own failures end in their envelopes too.
GMAIL_BATCH_SCENARIOS = [
    _gmail(
        "batch: one part 429, retried alone, then success",
        _part(1, Fault(status=429, body=GMAIL_429)),
        deliver=3,
        emails=3,
        requests={"batch": 1, "messages.get": 4},
    ),
    _gmail(
        "batch: one part 503 on every attempt: the others returned",
        _part(0, *_times(9, lambda: Fault(status=503, body=GMAIL_503))),
        deliver=3,
        emails=2,
        requests={"batch": 1, "messages.get": 2 + FAST.attempts},
    ),
    _gmail(
        'batch: one part 429 "Retry after <60 s>": not waited for, the others returned',
        lambda f: _part(
            2,
            Fault(
                status=429,
                body=gmail_error(
                    429,
                    "rateLimitExceeded",
                    f"User-rate limit exceeded.  Retry after {_rfc3339_in(60)}",
                    "usageLimits",
                ),
            ),
        )(f),
        deliver=3,
        emails=2,
        max_seconds=1.0,  # token, list and batch, and no wait of 60 s
        requests={"batch": 1, "messages.get": 3},
    ),
    _gmail(
        "batch: every part 503 on every attempt",
        lambda f: f.fail("messages.get", *_times(30, lambda: Fault(status=503, body=GMAIL_503))),
        "provider_unavailable",
        deliver=3,
        requests={"batch": FAST.attempts, "messages.get": 3 * FAST.attempts},
    ),
    _gmail(
        "batch: one part 401, refreshed through the pinned transport, then success",
        _part(1, Fault(status=401, body=GMAIL_401)),
        deliver=3,
        emails=3,
        requests={"token": 2, "batch": 2, "messages.get": 4},
    ),
    _gmail(
        "batch: the batch itself 503, then success",
        lambda f: f.fail("batch", Fault(status=503, body=GMAIL_503)),
        deliver=3,
        emails=3,
        requests={"batch": 2},
    ),
    _gmail(
        "batch: connection reset, then success",
        lambda f: f.fail("batch", Fault(reset=True)),
        deliver=3,
        emails=3,
        requests={"batch": 2},
    ),
    _gmail(
        "batch: stall past the deadline",
        lambda f: f.fail("batch", Fault(delay=30)),
        "deadline_exceeded",
        deliver=3,
        deadline=STALL_DEADLINE,
    ),
    _gmail(
        "batch: a part answer over the size bound: refused, the others returned",
        _part(0, Fault(status=200, body=BIG_PART)),
        deliver=3,
        emails=2,
        limits=SMALL_BOUND,
        requests={"batch": 1, "messages.get": 3},
    ),
    _gmail(
        "batch: an answer too large to parse whole: its messages fetched one by one",
        lambda f: f.fail("messages.get", *_times(3, lambda: Fault(status=200, body=BIG_PART))),
        deliver=3,
        emails=3,
        limits=SMALL_BOUND,
        requests={"batch": 1, "messages.get": 6},
    ),
    _gmail(
        "batch: every message over the size bound, in the batch and alone",
        lambda f: f.fail("messages.get", *_times(6, lambda: Fault(status=200, body=BIG_PART))),
        "response_too_large",
        deliver=3,
        limits=SMALL_BOUND,
        requests={"batch": 1, "messages.get": 6},
    ),
    _gmail(
        "batch: malformed multipart answer",
        lambda f: f.fail(
            "batch",
            Fault(
                status=200,
                body=f"--x\r\nnot a part {CANARY}",
                content_type="multipart/mixed; boundary=x",
            ),
        ),
        "bad_response",
        deliver=3,
        requests={"batch": 1},
    ),
    _gmail(
        "batch: an answer that is not multipart (a proxy's page)",
        lambda f: f.fail("batch", Fault(status=200, body=HTML_PAGE, content_type="text/html")),
        "bad_response",
        deliver=3,
        requests={"batch": 1},
    ),
    _gmail(
        "batch: an answer that lacks a part",
        _one_part_answer,
        "bad_response",
        deliver=3,
        requests={"batch": 1},
    ),
]

GRAPH_SCENARIOS = [
    _graph(
        "connection reset, then success",
        lambda f: f.fail("messages.list", GraphFault(reset=True)),
    ),
    _graph(
        "connection reset on every attempt",
        lambda f: f.fail("messages.list", *_times(9, lambda: GraphFault(reset=True))),
        "network_error",
        requests={"messages.list": FAST.attempts},
    ),
    _graph(
        "stall past the deadline",
        lambda f: f.fail("messages.list", GraphFault(delay=30)),
        "deadline_exceeded",
        deadline=STALL_DEADLINE,
    ),
    _graph(
        "500, then success",
        lambda f: f.fail("messages.list", GraphFault(status=500, body=GRAPH_500)),
    ),
    _graph(
        "503, then success",
        lambda f: f.fail("messages.list", GraphFault(status=503, body=GRAPH_503)),
    ),
    _graph(
        "503 on every attempt",
        lambda f: f.fail(
            "messages.list", *_times(9, lambda: GraphFault(status=503, body=GRAPH_503))
        ),
        "provider_unavailable",
        requests={"messages.list": FAST.attempts},
    ),
    _graph(
        "429 without Retry-After, then success",
        lambda f: f.fail("messages.list", GraphFault(status=429, body=GRAPH_429)),
    ),
    _graph(
        "429 with Retry-After: 1, then success",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=429, body=GRAPH_429, headers={"Retry-After": "1"}),
        ),
        min_seconds=1.0,
        deadline=3.0,
    ),
    _graph(
        "429 with Retry-After: 60, beyond the deadline",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=429, body=GRAPH_429, headers={"Retry-After": "60"}),
        ),
        "rate_limited",
        max_seconds=0.5,
        requests={"messages.list": 1},
    ),
    _graph(
        "truncated JSON",
        lambda f: f.fail("messages.list", GraphFault(status=200, body='{"value": [{"id": "AAMk')),
        "bad_response",
        requests={"messages.list": 1},
    ),
    _graph(
        "invalid JSON",
        lambda f: f.fail("messages.list", GraphFault(status=200, body=f"not json {CANARY}")),
        "bad_response",
    ),
    _graph(
        "HTML error page with status 200 (a proxy)",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=200, body=HTML_PAGE, headers={"Content-Type": "text/html"}),
        ),
        "bad_response",
    ),
    _graph(
        "HTML 502 page (a proxy), then success",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=502, body=HTML_PAGE, headers={"Content-Type": "text/html"}),
        ),
    ),
    _graph(
        "oversized response",
        lambda f: f.fail(
            "messages.list", GraphFault(status=200, body=" " * 300_000 + '{"value": []}')
        ),
        "response_too_large",
        limits="  limits:\n    response_bytes: 200000\n",
        requests={"messages.list": 1},
    ),
    _graph(
        "token endpoint 500, then success",
        lambda f: f.fail(
            "token",
            GraphFault(status=500, body=entra_error("server_error", "AADSTS90033", "x")),
        ),
        requests={"token": 2},
    ),
    _graph(
        "token endpoint 503 on every attempt",
        lambda f: f.fail(
            "token",
            *_times(
                9,
                lambda: GraphFault(
                    status=503, body=entra_error("temporarily_unavailable", "AADSTS90033", "x")
                ),
            ),
        ),
        "provider_unavailable",
        requests={"token": FAST.attempts, "messages.list": 0},
    ),
    _graph(
        "token endpoint 400 invalid_grant",
        lambda f: f.fail(
            "token",
            GraphFault(
                status=400,
                body=entra_error("invalid_grant", "AADSTS50173", "The provided grant has expired"),
            ),
        ),
        "auth_failed",
        requests={"token": 1, "messages.list": 0},
    ),
    _graph(
        "token endpoint 401 unauthorized_client",
        lambda f: f.fail(
            "token",
            GraphFault(
                status=401,
                body=entra_error(
                    "unauthorized_client", "AADSTS700016", "Application not found in the directory"
                ),
            ),
        ),
        "auth_failed",
        requests={"token": 1, "messages.list": 0},
    ),
    _graph(
        "token endpoint stall",
        lambda f: f.fail("token", GraphFault(delay=30)),
        "deadline_exceeded",
        deadline=STALL_DEADLINE,
    ),
    _graph(
        "401 InvalidAuthenticationToken",
        lambda f: f.fail(
            "messages.list",
            GraphFault(
                status=401, body=graph_error("InvalidAuthenticationToken", "Access token expired")
            ),
        ),
        "auth_failed",
        requests={"messages.list": 1},
    ),
    _graph(
        "403 no admin consent",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=403, body=graph_error("ErrorAccessDenied", "Access is denied.")),
        ),
        "delegation_denied",
        requests={"messages.list": 1},
    ),
    _graph(
        "404 unknown mailbox",
        lambda f: f.fail(
            "messages.list",
            GraphFault(status=404, body=graph_error("ErrorInvalidUser", "The user is invalid.")),
        ),
        "mailbox_not_found",
        requests={"messages.list": 1},
    ),
    _graph(
        "count: page 2 fails with 503, then succeeds",
        lambda f: f.fail("messages.list", GraphFault(), GraphFault(status=503, body=GRAPH_503)),
        count=True,
        deadline=3.0,
        deliver=COUNT_PAGES["outlook"] + 1,
        emails=COUNT_PAGES["outlook"] + 1,
        requests={"messages.list": 3},
    ),
    _graph(
        "count: page 2 fails for good",
        lambda f: f.fail(
            "messages.list",
            GraphFault(),
            *_times(9, lambda: GraphFault(status=503, body=GRAPH_503)),
        ),
        "provider_unavailable",
        count=True,
        deadline=3.0,
        deliver=COUNT_PAGES["outlook"] + 1,
        requests={"messages.list": 1 + FAST.attempts},
    ),
]

SCENARIOS: list[Scenario] = GMAIL_SCENARIOS + GMAIL_BATCH_SCENARIOS + GRAPH_SCENARIOS


# -- the runner ---------------------------------------------------------------------------


@dataclass
class Outcome:
    scenario: Scenario
    envelope: dict[str, Any]
    seconds: float
    requests: dict[str, int]
    problems: list[str]

    @property
    def survived(self) -> bool:
        return not self.problems

    @property
    def got(self) -> str:
        envelope = self.envelope
        if envelope.get("status") == "ok":
            data = envelope["data"]
            if "count" in data:
                return f"ok, count {data['count']}"
            return f"ok, {len(data['emails'])} email(s)"
        prefix = str(envelope.get("error", "")).split(":", 1)[0]
        retry = "retryable" if envelope.get("retryable") else "not retryable"
        return f"{prefix} {envelope.get('code')} ({retry})"


def gmail_message(to: str, n: int, subject: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Acme <no-reply@acme.example>"
    msg["To"] = to
    msg["Subject"] = subject or f"Your sign-in code #{n}"
    msg["Date"] = "Sat, 12 Sep 2026 09:59:00 +0000"
    msg["Message-ID"] = f"<fault-{n}@acme.example>"
    msg.set_content(f"Your code is {CODE}.\n")
    return msg


def _secrets(folder: Path) -> list[str]:
    key = json.loads((folder / "sa.json").read_text(encoding="utf-8"))
    return [
        CANARY,
        GRAPH_SECRET,
        "ya29.",
        "fake-graph-token",
        "Bearer",
        "assertion",
        "eyJ",
        "PRIVATE KEY",
        key["private_key_id"],
    ]


def write_files(folder: Path, scenario: Scenario, key_info: dict[str, Any]) -> Path:
    (folder / "sa.json").write_text(json.dumps(key_info), encoding="utf-8")
    if scenario.provider == "gmail":
        mailbox = (
            "    - provider: gmail\n"
            f"      address: {GMAIL_BOX}\n"
            "      service_account_file: sa.json\n"
        )
    else:
        mailbox = (
            "    - provider: outlook\n"
            f"      address: {GRAPH_BOX}\n"
            "      tenant_id: 11111111-2222-4333-8444-555555555555\n"
            "      client_id: aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee\n"
            f"      client_secret_env: {SECRET_ENV}\n"
        )
    path = folder / "integrations.yaml"
    path.write_text("email:\n" + scenario.limits + "  mailboxes:\n" + mailbox, encoding="utf-8")
    path.chmod(0o600)
    (folder / "sa.json").chmod(0o600)
    return path


def build(scenario: Scenario, config: Path) -> tuple[Upstream, Reader, str]:
    """The fake upstream with the scenario's mail and faults, and a Reader on it."""
    from otpmail._providers._gmail import GmailProvider
    from otpmail._providers._gmail_http import PinnedHttp
    from otpmail._providers._outlook import OutlookProvider

    if scenario.provider == "gmail":
        gmail = FakeGmail()
        to = "qa+fault@example.com"
        for n in range(scenario.deliver):
            gmail.deliver(gmail_message(to, n))
        scenario.inject(gmail)

        def http() -> PinnedHttp:
            made = gmail.http_factory()
            if scenario.socket_timeout is not None:
                made.socket_timeout = scenario.socket_timeout
            return made

        def gmail_factory(mailbox: Mailbox) -> Provider:
            assert isinstance(mailbox, GmailMailbox)
            return GmailProvider(mailbox, http_factory=http, retry=FAST)

        return gmail, Reader(config, provider_factory=gmail_factory), to
    graph = FakeGraph(GRAPH_BOX)
    to = "qa+fault@contoso.com"
    for n in range(scenario.deliver):
        graph.deliver(to=to, subject=f"Your sign-in code #{n}", body=f"Your code is {CODE}.")
    scenario.inject(graph)

    def graph_factory(mailbox: Mailbox) -> Provider:
        assert isinstance(mailbox, OutlookMailbox)
        return OutlookProvider(
            mailbox,
            transport=graph.transport,
            token_transport=graph.token_transport,
            retry=FAST,
        )

    return graph, Reader(config, provider_factory=graph_factory), to


def _counts(upstream: Upstream) -> dict[str, int]:
    """Calls per operation: Gmail batch parts count as the calls they hold (and each
    batch as one ``batch``)."""
    counts: dict[str, int] = {}
    for request in upstream.requests + getattr(upstream, "parts", []):
        counts[request.operation] = counts.get(request.operation, 0) + 1
    return counts


async def run(scenario: Scenario, key_info: dict[str, Any], folder: Path | None = None) -> Outcome:
    """Inject ``scenario``'s faults, make the call, and judge the outcome.

    The Outlook client secret is read from :data:`SECRET_ENV`, which the caller sets to
    :data:`GRAPH_SECRET`.
    """
    import asyncio

    assert os.environ.get(SECRET_ENV) == GRAPH_SECRET, f"set {SECRET_ENV} first"
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        config = write_files(where, scenario, key_info)
        upstream, reader, to = build(scenario, config)
        started = time.monotonic()
        try:
            envelope = await reader.read_emails(
                to, count=scenario.count, deadline=scenario.deadline
            )
        finally:
            seconds = time.monotonic() - started
        await reader.aclose()
        # Whatever the call left running (a worker thread in a stalled socket read) must
        # end by the deadline as well; give it the slack to report.
        settle_by = started + scenario.deadline + SLACK
        while any(r.ended == 0.0 for r in upstream.requests) and time.monotonic() < settle_by + 1:
            await asyncio.sleep(0.02)
        problems = judge(scenario, envelope, seconds, upstream, started, _secrets(where))
    return Outcome(scenario, envelope, seconds, _counts(upstream), problems)


def judge(
    scenario: Scenario,
    envelope: dict[str, Any],
    seconds: float,
    upstream: Upstream,
    started: float,
    secrets: list[str],
) -> list[str]:
    problems: list[str] = []
    if seconds > scenario.deadline + SLACK:
        problems.append(f"took {seconds:.2f}s, past the {scenario.deadline:g}s deadline")
    if scenario.max_seconds is not None and seconds > scenario.max_seconds:
        problems.append(f"took {seconds:.2f}s, should have failed fast (< {scenario.max_seconds}s)")
    if seconds < scenario.min_seconds:
        problems.append(f"took {seconds:.2f}s: the server's wait ({scenario.min_seconds}s) was cut")
    late = [
        r.operation
        for r in upstream.requests
        if r.ended == 0.0 or r.ended > started + scenario.deadline + SLACK
    ]
    if late:
        problems.append(f"requests outlived the deadline: {late}")
    text = json.dumps(envelope)
    leaked = [s for s in secrets if s in text]
    if leaked:
        problems.append(f"the envelope leaked {leaked}")
    if scenario.code is None:
        if envelope.get("status") != "ok":
            problems.append(f"expected ok, got {envelope.get('code')}: {envelope.get('error')}")
        elif scenario.count:
            if envelope["data"].get("count") != scenario.emails:
                problems.append(f"count {envelope['data'].get('count')} != {scenario.emails}")
        else:
            emails = envelope["data"]["emails"]
            if len(emails) != scenario.emails:
                problems.append(f"{len(emails)} emails, expected {scenario.emails}")
            if any(e.get("code") != CODE for e in emails):
                problems.append("an email lost its code")
    else:
        info = CODES[scenario.code]
        if envelope.get("status") != "error" or envelope.get("code") != scenario.code:
            problems.append(f"expected {scenario.code}, got {envelope.get('code')}")
        elif not str(envelope.get("error", "")).startswith(f"{info.prefix.value}: "):
            problems.append(f"wrong prefix: {envelope.get('error')}")
        elif envelope.get("retryable") is not info.retryable:
            problems.append("wrong retryable")
    counts = _counts(upstream)
    for operation, expected in scenario.requests.items():
        if counts.get(operation, 0) != expected:
            problems.append(f"{counts.get(operation, 0)} {operation} requests, expected {expected}")
    return problems

"""The Gmail cassettes, authored by hand to Gmail's real wire format.

Readable mail definitions go in; vcrpy YAML comes out in ``cassettes/gmail/``. The committed
YAML files are what the tests replay; ``tests/test_gmail_cassettes.py`` checks they are
exactly this module's output, so a change here without regenerating fails the suite.

Regenerate with::

    .venv/bin/python tests/gmail_cassettes.py

Wire format (research/gmail.md §7): the token POST comes first; every API URI carries
``alt=json``; int64 fields (``internalDate``) are JSON strings; ``format=raw`` messages hold
the whole RFC 822 mail, CRLF line ends, base64url with padding. Every list call of the
provider sends the ``fields=messages/id,nextPageToken`` mask, so pages hold bare ``{"id"}``
objects and an empty page is ``{}`` (a partial response drops the unselected
``resultSizeEstimate``); one cassette keeps the unmasked empty shape
``{"resultSizeEstimate": 0}`` to show both read as "nothing".

More than one body is fetched in one batch (gmail.md §3, §7.8): ``POST /batch`` (the
discovery document's ``batchPath``) with a ``multipart/mixed`` body of ``application/http``
parts, laid out as google-api-python-client writes it (LF line ends, each part's
``Content-ID`` ``<uuid + message id>``), answered with a ``multipart/mixed`` whose parts carry
``Content-ID: <response-…>``, an ``HTTP/1.1`` status line of their own and ``\r\n`` line
ends, the ``\r\n\r\n`` before each JSON body included. vcrpy matches requests on their
URL, not their body, so a batch answer pairs with its request by the ids in the
``Content-ID``s alone, as the client pairs them.

Scrubbed as a recording would be: the token request body is ``assertion=REDACTED``, the token
response holds a fake access token, and no ``authorization`` header is stored, neither on a
request nor on a part of a batch.
"""

from __future__ import annotations

import base64
import email.utils
import functools
import json
import quopri
import sys
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta, timezone
from email.header import Header
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import vcr

import cassette_files
from otpmail._core._config import GmailMailbox, Mailbox
from otpmail._core._egress import check
from otpmail._core._retry import NO_RETRY
from otpmail._providers._gmail import GmailProvider
from otpmail._providers._gmail_http import PinnedHttp
from otpmail._reading._reader import Reader

CASSETTE_DIR = Path(__file__).resolve().parent.parent / "cassettes" / "gmail"

# The frozen clock of every Gmail test (the spec's own example date).
NOW = datetime(2026, 9, 12, 10, 0, 0, tzinfo=UTC)
NOW_EPOCH = 1789207200
MAILBOX = "qa@example.com"
CLIENT_EMAIL = "reader@otpmail-tests.iam.gserviceaccount.com"
FAKE_ACCESS_TOKEN = "ya29.c.otpmail-fake-access-token"
TOKEN_URI = "https://oauth2.googleapis.com/token"
MESSAGES_URI = "https://gmail.googleapis.com/gmail/v1/users/me/messages"
BATCH_URI = "https://gmail.googleapis.com/batch"
# As the client writes them: email.generator's boundary form, a uuid4 per batch.
BATCH_BOUNDARY = "===============0123456789012345678=="
BATCH_UUID = "5c1f0e2a-7b3d-4e8f-9a6b-0c2d4e6f8a1b"
CLIENT_HEADER = "gdcl/2.202.0 gl-python/3.11.7"
IDS_MASK = "messages/id,nextPageToken"
GET_MASK = "id,labelIds,internalDate,raw"
ACME = "Acme <no-reply@acme.example>"
INBOX = ("UNREAD", "CATEGORY_UPDATES", "INBOX")

_PDT = timezone(timedelta(hours=-7))
_HTTP_DATE = email.utils.format_datetime(NOW, usegmt=True)


def at(seconds_before_now: float) -> datetime:
    """A moment ``seconds_before_now`` before the frozen clock."""
    return NOW - timedelta(seconds=seconds_before_now)


# ---------------------------------------------------------------------------------------
# Mail


@dataclass(frozen=True)
class Mail:
    """One message as the mailbox holds it.

    ``received`` is Gmail's ``internalDate`` (when Google accepted it); ``sent`` is the
    ``Date`` header the sender wrote, which may disagree.
    """

    received: datetime
    to: str
    subject: str
    text: str
    kind: str = "alternative"
    """plain | alternative | html | base64 | latin1"""
    sender: str = ACME
    labels: tuple[str, ...] = INBOX
    delivered_to: str | None = None
    """The envelope recipient; defaults to the ``To`` address. None for drafts."""
    sent: datetime | None = None
    cc: str | None = None
    link: str | None = None

    @property
    def internal_ms(self) -> int:
        return int(self.received.timestamp() * 1000)

    @property
    def id(self) -> str:
        # Gmail ids are the delivery time in ms shifted left 20 bits plus a low part.
        low = zlib.crc32(f"{self.to}|{self.subject}|{self.text}".encode()) & 0xFFFFF
        return f"{(self.internal_ms << 20) | low:016x}"

    def rfc822(self) -> bytes:
        lines: list[str] = []
        envelope = self.delivered_to
        if envelope is None and "DRAFT" not in self.labels and "SENT" not in self.labels:
            envelope = email.utils.parseaddr(self.to)[1]
        if envelope:
            stamp = email.utils.format_datetime(self.received.astimezone(_PDT)) + " (PDT)"
            smtp_id = self.id[-9:]
            lines += [
                f"Delivered-To: {envelope}",
                f"Received: by 2002:a05:7300:5a0e:b0:1a2:3b4c:5d6e with SMTP id x{smtp_id}dyc;",
                f"        {stamp}",
                f"Return-Path: <bounce+{smtp_id}@mail.acme.example>",
                "Received: from mail.acme.example (mail.acme.example. [203.0.113.25])",
                f"        by mx.google.com with ESMTPS id {smtp_id}a.17.2026.09.12",
                f"        for <{envelope}>",
                "        (version=TLS1_3 cipher=TLS_AES_256_GCM_SHA384 bits=256/256);",
                f"        {stamp}",
            ]
        sent = self.sent or (self.received - timedelta(seconds=2))
        subject = self.subject
        if not subject.isascii():
            subject = Header(subject, "utf-8").encode()
        lines += [
            f"Date: {email.utils.format_datetime(sent)}",
            f"From: {self.sender}",
            f"To: {self.to}",
        ]
        if self.cc:
            lines.append(f"Cc: {self.cc}")
        lines += [
            f"Message-ID: <{self.id}.{self.kind}@mail.acme.example>",
            f"Subject: {subject}",
            "MIME-Version: 1.0",
        ]
        lines += self._body()
        # Every header and body line is 7-bit: RFC 2047 words, quoted-printable, base64.
        return ("\r\n".join(lines) + "\r\n").encode("ascii")

    def _html(self) -> str:
        anchor = f' <a href="{self.link}">Sign in</a>' if self.link else ""
        return f'<div dir="ltr"><p>{self.text}</p>{anchor}</div>'

    def _body(self) -> list[str]:
        if self.kind == "plain":
            return [
                'Content-Type: text/plain; charset="UTF-8"',
                "Content-Transfer-Encoding: 7bit",
                "",
                self.text,
            ]
        if self.kind == "base64":
            encoded = base64.encodebytes(self.text.encode("utf-8")).decode("ascii")
            return [
                'Content-Type: text/plain; charset="UTF-8"',
                "Content-Transfer-Encoding: base64",
                "",
                *encoded.splitlines(),
            ]
        if self.kind == "latin1":
            encoded = quopri.encodestring(self.text.encode("latin-1")).decode("ascii")
            return [
                'Content-Type: text/plain; charset="ISO-8859-1"',
                "Content-Transfer-Encoding: quoted-printable",
                "",
                *encoded.splitlines(),
            ]
        html = quopri.encodestring(self._html().encode("utf-8")).decode("ascii")
        if self.kind == "html":
            return [
                'Content-Type: text/html; charset="UTF-8"',
                "Content-Transfer-Encoding: quoted-printable",
                "",
                *html.splitlines(),
            ]
        assert self.kind == "alternative", self.kind
        text = quopri.encodestring(self.text.encode("utf-8")).decode("ascii")
        boundary = f"000000000000{self.id[-12:]}"
        return [
            f'Content-Type: multipart/alternative; boundary="{boundary}"',
            "",
            f"--{boundary}",
            'Content-Type: text/plain; charset="UTF-8"',
            "Content-Transfer-Encoding: quoted-printable",
            "",
            *text.splitlines(),
            "",
            f"--{boundary}",
            'Content-Type: text/html; charset="UTF-8"',
            "Content-Transfer-Encoding: quoted-printable",
            "",
            *html.splitlines(),
            "",
            f"--{boundary}--",
        ]

    def raw(self) -> str:
        return base64.urlsafe_b64encode(self.rfc822()).decode("ascii")


# ---------------------------------------------------------------------------------------
# Interactions


_API_HEADERS = {
    "content-type": ["application/json; charset=UTF-8"],
    "vary": ["Origin", "X-Origin", "Referer"],
    "date": [_HTTP_DATE],
    "server": ["ESF"],
    "cache-control": ["private"],
    "x-xss-protection": ["0"],
    "x-frame-options": ["SAMEORIGIN"],
    "x-content-type-options": ["nosniff"],
}
_TOKEN_HEADERS = {
    "content-type": ["application/json; charset=utf-8"],
    "vary": ["Origin", "X-Origin", "Referer"],
    "date": [_HTTP_DATE],
    "server": ["scaffolding on HTTPServer2"],
    "cache-control": ["private"],
    "x-xss-protection": ["0"],
    "x-frame-options": ["SAMEORIGIN"],
    "x-content-type-options": ["nosniff"],
}
_REASONS = {
    200: "OK",
    302: "Found",
    308: "Permanent Redirect",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    429: "Too Many Requests",
    500: "Internal Server Error",
}

Interaction = dict[str, Any]


def _dumps(body: object) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def _response(status: int, body: str, headers: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "status": {"code": status, "message": _REASONS[status]},
        "headers": headers,
        "body": {"string": body},
    }


def token(
    status: int = 200, error: str | None = None, description: str | None = None
) -> Interaction:
    """The service-account JWT grant. Scrubbed: the assertion is REDACTED."""
    if status == 200:
        body = _dumps(
            {"access_token": FAKE_ACCESS_TOKEN, "expires_in": 3599, "token_type": "Bearer"}
        )
    else:
        body = _dumps({"error": error, "error_description": description})
    return {
        "request": {
            "method": "POST",
            "uri": TOKEN_URI,
            "body": "assertion=REDACTED&grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer",
            "headers": {"content-type": ["application/x-www-form-urlencoded"]},
        },
        "response": _response(status, body, dict(_TOKEN_HEADERS)),
    }


def token_redirect(location: str) -> Interaction:
    interaction = token()
    interaction["response"] = _response(
        308, "", {"location": [location], "content-length": ["0"], "date": [_HTTP_DATE]}
    )
    return interaction


def _api_request(uri: str) -> dict[str, Any]:
    return {"method": "GET", "uri": uri, "body": None, "headers": {"accept": ["application/json"]}}


def list_uri(query: str, size: int, page_token: str | None = None) -> str:
    """The URI googleapiclient builds for the provider's ``messages.list`` call."""
    params: list[tuple[str, str]] = [("q", query), ("maxResults", str(size))]
    params.append(("includeSpamTrash", "true"))
    if page_token:
        params.append(("pageToken", page_token))
    params += [("fields", IDS_MASK), ("alt", "json")]
    return f"{MESSAGES_URI}?{urlencode(params)}"


def list_page(
    query: str,
    size: int,
    ids: list[str],
    *,
    page_token: str | None = None,
    next_token: str | None = None,
) -> Interaction:
    body: dict[str, Any] = {}
    if ids:
        body["messages"] = [{"id": i} for i in ids]
    if next_token:
        body["nextPageToken"] = next_token
    return {
        "request": _api_request(list_uri(query, size, page_token)),
        "response": _response(200, _dumps(body), dict(_API_HEADERS)),
    }


def list_raw(query: str, size: int, status: int, body: str, **headers: list[str]) -> Interaction:
    """A ``messages.list`` answered with any status and body (errors, redirects)."""
    merged = dict(_API_HEADERS)
    merged.update({k.replace("_", "-"): v for k, v in headers.items()})
    return {
        "request": _api_request(list_uri(query, size)),
        "response": _response(status, body, merged),
    }


def get_uri(message_id: str) -> str:
    params = [("format", "raw"), ("fields", GET_MASK), ("alt", "json")]
    return f"{MESSAGES_URI}/{message_id}?{urlencode(params)}"


def get_message(mail: Mail) -> Interaction:
    body = {
        "id": mail.id,
        "labelIds": list(mail.labels),
        "raw": mail.raw(),
        "internalDate": str(mail.internal_ms),
    }
    return {
        "request": _api_request(get_uri(mail.id)),
        "response": _response(200, _dumps(body), dict(_API_HEADERS)),
    }


def _batch_request_body(ids: list[str]) -> str:
    """The body google-api-python-client writes for a batch of gets, its per-part
    ``authorization`` line scrubbed."""
    parts = []
    for message_id in ids:
        target = get_uri(message_id).removeprefix("https://gmail.googleapis.com")
        parts.append(
            "\n".join(
                [
                    f"--{BATCH_BOUNDARY}",
                    "Content-Type: application/http",
                    "MIME-Version: 1.0",
                    "Content-Transfer-Encoding: binary",
                    f"Content-ID: <{BATCH_UUID} + {message_id}>",
                    "",
                    f"GET {target} HTTP/1.1",
                    "Content-Type: application/json",
                    "MIME-Version: 1.0",
                    "accept: application/json",
                    "accept-encoding: gzip, deflate",
                    "user-agent: (gzip)",
                    f"x-goog-api-client: {CLIENT_HEADER}",
                    "Host: gmail.googleapis.com",
                    "",
                    "",
                ]
            )
        )
    return "\n".join(parts) + f"\n--{BATCH_BOUNDARY}--\n"


def batch_get(
    answers: list[tuple[str, int, str]], *, answer_order: list[int] | None = None
) -> Interaction:
    """One batch of ``messages.get``: ``answers`` is (message id, status, JSON body) in the
    order the provider adds them; ``answer_order`` the order Gmail answers in (it may
    execute the calls in any order, gmail.md §3)."""
    boundary = "batch_" + format(zlib.crc32("".join(a[0] for a in answers).encode()), "08x")
    chunks = []
    for index in answer_order or range(len(answers)):
        message_id, status, body = answers[index]
        head = [
            f"--{boundary}",
            "Content-Type: application/http",
            f"Content-ID: <response-{BATCH_UUID} + {message_id}>",
            "",
            f"HTTP/1.1 {status} {_REASONS[status]}",
            "Content-Type: application/json; charset=UTF-8",
            "Vary: Origin",
            "Vary: X-Origin",
            "Vary: Referer",
            "",
            body,
        ]
        chunks.append("\r\n".join(head) + "\r\n")
    headers = {
        **_API_HEADERS,
        "content-type": [f"multipart/mixed; boundary={boundary}"],
    }
    return {
        "request": {
            "method": "POST",
            "uri": BATCH_URI,
            "body": _batch_request_body([a[0] for a in answers]),
            "headers": {"content-type": [f'multipart/mixed; boundary="{BATCH_BOUNDARY}"']},
        },
        "response": _response(200, "".join(chunks) + f"--{boundary}--\r\n", headers),
    }


def message_answer(mail: Mail) -> tuple[str, int, str]:
    """A batch part answering ``messages.get`` for ``mail``."""
    body = {
        "id": mail.id,
        "labelIds": list(mail.labels),
        "raw": mail.raw(),
        "internalDate": str(mail.internal_ms),
    }
    return mail.id, 200, _dumps(body)


def batch_of(*mails: Mail, answer_order: list[int] | None = None) -> Interaction:
    return batch_get([message_answer(m) for m in mails], answer_order=answer_order)


def api_error(
    status: int, message: str, reason: str, api_status: str, domain: str = "global"
) -> str:
    """A Gmail API error body, classic ``errors[]`` plus the newer ``status``."""
    return _dumps(
        {
            "error": {
                "code": status,
                "message": message,
                "errors": [{"message": message, "domain": domain, "reason": reason}],
                "status": api_status,
            }
        }
    )


UNAUTHENTICATED = api_error(
    401,
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
    "cookie or other valid authentication credential.",
    "authError",
    "UNAUTHENTICATED",
)
DELEGATION_DENIED = api_error(
    403, f"Delegation denied for {MAILBOX}", "forbidden", "PERMISSION_DENIED"
)
RATE_LIMIT_403 = api_error(
    403,
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of "
    "service 'gmail.googleapis.com' for consumer 'project_number:123456789012'.",
    "rateLimitExceeded",
    "PERMISSION_DENIED",
    domain="usageLimits",
)
RATE_LIMIT_429 = api_error(
    429,
    "User-rate limit exceeded.  Retry after 2026-09-12T10:00:30.000Z",
    "rateLimitExceeded",
    "RESOURCE_EXHAUSTED",
    domain="usageLimits",
)
BACKEND_ERROR = api_error(500, "Internal error encountered.", "backendError", "INTERNAL")
NOT_FOUND = api_error(404, "Requested entity was not found.", "notFound", "NOT_FOUND")
UNAUTHORIZED_CLIENT = (
    "Client is unauthorized to retrieve access tokens using this method, or client not "
    "authorized for any of the scopes requested."
)
INVALID_GRANT = "Invalid email or User ID"


# ---------------------------------------------------------------------------------------
# Scenarios: one cassette each. Tests import the mails to state what they expect.


def q(*terms: str) -> str:
    return " ".join([*terms, "in:anywhere"])


CUTOFF_5M = NOW_EPOCH - 300

# Default mode: Gmail has more than ten (a next page exists); list order is only roughly
# newest-first. Bodies cover every transfer encoding the decoder meets in raw mail.
DEFAULT_QUERY = q("to:qa+signup@example.com")
DEFAULT_MAILS = [
    Mail(
        at(60 * i + 5),
        "qa+signup@example.com",
        f"Your Acme code #{i:02d}",
        f"Your code is {480100 + i}.",
        kind,
    )
    for i, kind in enumerate(["alternative", "plain", "html", "base64", "latin1"] * 2)
]
DEFAULT_MAILS[2] = Mail(
    at(125),
    "qa+signup@example.com",
    "Confirm your Acme sign-in",
    "Confirm your sign-in to Acme.",
    "html",
    link="https://acme.example/verify?token=t-8f2c",
)
DEFAULT_MAILS[3] = Mail(
    at(185),
    "Quality Assurance <qa+signup@example.com>",
    "Tu código de Acme",
    "Tu código es 480103. Válido 10 minutos.",
    "base64",
)
DEFAULT_MAILS[4] = Mail(
    at(245),
    "qa+signup@example.com",
    "Votre code Acme",
    "Votre code à usage unique : 480104",
    "latin1",
)
# Listed slightly out of order, as Gmail does.
DEFAULT_LIST_ORDER = [1, 0, 2, 4, 3, 5, 6, 8, 7, 9]


def _default_ten() -> list[Interaction]:
    ids = [DEFAULT_MAILS[i].id for i in DEFAULT_LIST_ORDER]
    return [
        token(),
        list_page(DEFAULT_QUERY, 10, ids, next_token="13360592640432452105"),
        # Gmail answers the parts in an order of its own: the Content-IDs pair them.
        batch_of(*(DEFAULT_MAILS[i] for i in DEFAULT_LIST_ORDER), answer_order=[9, *range(9)]),
    ]


# Gmail's tokenised `to:` also returns another +tag: page one yields only six matches, so
# the provider reads page two.
SPAN_QUERY = q("to:qa+signup@example.com", "from:no-reply@acme.example")
SPAN_PAGE_ONE = [
    Mail(
        at(30 + 40 * i),
        "qa+signup@example.com" if i % 5 not in (1, 3) else "qa+signup-eu@example.com",
        f"Acme code {i}",
        f"Code {730000 + i}",
    )
    for i in range(10)
]
SPAN_PAGE_TWO = [
    Mail(at(600 + 40 * i), "qa+signup@example.com", f"Acme code {10 + i}", f"Code {730010 + i}")
    for i in range(6)
]
SPAN_TOKEN = "04190722195385214977"


def _spans_pages() -> list[Interaction]:
    return [
        token(),
        list_page(SPAN_QUERY, 10, [m.id for m in SPAN_PAGE_ONE], next_token=SPAN_TOKEN),
        batch_of(*SPAN_PAGE_ONE),
        list_page(SPAN_QUERY, 10, [m.id for m in SPAN_PAGE_TWO], page_token=SPAN_TOKEN),
        batch_of(*SPAN_PAGE_TWO),
    ]


# `latest`: the newest by internalDate is listed second, and its Date header (sender's
# clock) is the oldest of the three.
LATEST_QUERY = q("to:qa+login@example.com")
LATEST_OLDER = Mail(at(90), "qa+login@example.com", "Your login code", "Login code 100001")
LATEST_NEWEST = Mail(
    at(10), "qa+login@example.com", "Your login code", "Login code 100003", sent=at(900)
)
LATEST_MIDDLE = Mail(at(50), "qa+login@example.com", "Your login code", "Login code 100002")
LATEST_UNFETCHED = [
    Mail(at(200 + i), "qa+login@example.com", "Your login code", f"Login code 10009{i}")
    for i in range(2)
]


def _latest() -> list[Interaction]:
    # Listed out of delivery order. The ids carry their creation time, and the newest's
    # internalDate agrees with its id while every other id is older by more than the
    # tolerance: one get.
    listed = [LATEST_OLDER, LATEST_NEWEST, LATEST_MIDDLE, *LATEST_UNFETCHED]
    return [
        token(),
        list_page(LATEST_QUERY, 10, [m.id for m in listed]),
        get_message(LATEST_NEWEST),
    ]


LATEST_CLOSE_QUERY = q("to:qa+resend@example.com")
# A resend 1 s after the first code: its id alone cannot tell which was delivered last.
LATEST_CLOSE_FIRST = Mail(at(11), "qa+resend@example.com", "Your code", "Code 200001")
LATEST_CLOSE_RESENT = Mail(at(10), "qa+resend@example.com", "Your code", "Code 200002")
LATEST_CLOSE_OLD = Mail(at(120), "qa+resend@example.com", "Your code", "Code 200000")


def _latest_close() -> list[Interaction]:
    listed = [LATEST_CLOSE_FIRST, LATEST_CLOSE_RESENT, LATEST_CLOSE_OLD]
    return [
        token(),
        list_page(LATEST_CLOSE_QUERY, 10, [m.id for m in listed]),
        # The newest by id and the one a second older, in one wave.
        batch_of(LATEST_CLOSE_RESENT, LATEST_CLOSE_FIRST),
    ]


COUNT_ZERO_QUERY = q("to:qa+nobody@example.com")
COUNT_PAGES_QUERY = q("to:example.com", "from:no-reply@acme.example")
COUNT_PAGE_SIZES = (500, 500, 3)
COUNT_TOKENS = ("17964318470260138755", "17964318470260138756")


def _count_ids() -> list[list[str]]:
    pages: list[list[str]] = []
    serial = 0
    for size in COUNT_PAGE_SIZES:
        page = []
        for _ in range(size):
            ms = (NOW_EPOCH - 37 * serial - 1) * 1000
            page.append(f"{(ms << 20) | (serial & 0xFFFFF):016x}")
            serial += 1
        pages.append(page)
    return pages


def _count_pages() -> list[Interaction]:
    pages = _count_ids()
    return [
        token(),
        list_page(COUNT_PAGES_QUERY, 500, pages[0], next_token=COUNT_TOKENS[0]),
        list_page(
            COUNT_PAGES_QUERY, 500, pages[1], page_token=COUNT_TOKENS[0], next_token=COUNT_TOKENS[1]
        ),
        list_page(COUNT_PAGES_QUERY, 500, pages[2], page_token=COUNT_TOKENS[1]),
    ]


# Look-back 5m: Gmail returns a message one second older than the cutoff; it is dropped.
LOOKBACK_QUERY = q("to:qa+reset@example.com", f"after:{CUTOFF_5M}")
LOOKBACK_BEFORE = Mail(at(301), "qa+reset@example.com", "Reset your password", "Reset code 551100")
LOOKBACK_AT_CUTOFF = Mail(
    at(300), "qa+reset@example.com", "Reset your password", "Reset code 551101"
)
LOOKBACK_AFTER = Mail(at(258), "qa+reset@example.com", "Reset your password", "Reset code 551102")

EMPTY_STRINGS_QUERY = q("to:qa+empty@example.com")
EMPTY_STRINGS_MAIL = Mail(at(20), "qa+empty@example.com", "Any subject", "Code 909090", "plain")

SUBJECT = 'Your "Acme\\Beta" code'
SUBJECT_QUERY = q("to:qa+escape@example.com", 'subject:"Your \\"Acme\\\\Beta\\" code"')
SUBJECT_EXACT = Mail(at(40), "qa+escape@example.com", SUBJECT, "Beta code 313131")
SUBJECT_LOOSE = Mail(at(20), "qa+escape@example.com", "Your Acme Beta code", "Beta code 323232")

RECIPIENT_QUERY = q("to:qa+a@example.com")
RECIPIENT_OTHER_TAG = Mail(at(15), "qa+b@example.com", "Your code", "Code for b: 111222")
RECIPIENT_UNTAGGED = Mail(at(25), "qa@example.com", "Your code", "Code for plain qa: 333444")
RECIPIENT_EXACT = Mail(at(35), "qa+a@example.com", "Your code", "Code for a: 555666")

OWN_LABELS_QUERY = q("to:qa+draft@example.com")
OWN_DRAFT = Mail(
    at(5),
    "qa+draft@example.com",
    "Your code",
    "Draft: 000000",
    "plain",
    sender=f"QA <{MAILBOX}>",
    labels=("DRAFT",),
)
OWN_SENT = Mail(
    at(8),
    "qa+draft@example.com",
    "Your code",
    "Sent: 999999",
    "plain",
    sender=f"QA <{MAILBOX}>",
    labels=("SENT",),
)
OWN_INBOX = Mail(at(12), "qa+draft@example.com", "Your code", "Real code 424242")

FLAKY_QUERY = q("to:qa+flaky@example.com")
FLAKY_MAILS = [
    Mail(at(10 * (i + 1)), "qa+flaky@example.com", "Your code", f"Code 60000{i}") for i in range(3)
]

BROKEN_QUERY = q("to:qa+broken@example.com")
BROKEN_MAILS = [
    Mail(at(10 * (i + 1)), "qa+broken@example.com", "Your code", f"Code 70000{i}") for i in range(2)
]

NONE_QUERY = q("to:qa+none@example.com")
ERROR_QUERY = q("to:qa+err@example.com")
ERROR_BODIES = {
    "401": (401, UNAUTHENTICATED),
    "403_delegation": (403, DELEGATION_DENIED),
    "403_rate_limit": (403, RATE_LIMIT_403),
    "429": (429, RATE_LIMIT_429),
    "500": (500, BACKEND_ERROR),
}

TWICE_QUERY = q("to:qa+twice@example.com")
TWICE_MAIL = Mail(at(30), "qa+twice@example.com", "Your code", "Code 121212")

PIN_QUERY = q("to:qa+pin@example.com")
PIN_MAIL = Mail(at(30), "qa+pin@example.com", "Your pinned code", "Code 848484")
EVIL_LOCATION = "https://evil.example/gmail/v1/users/me/messages?alt=json"


def _list_error(status: int, body: str) -> list[Interaction]:
    extra: dict[str, list[str]] = {}
    if status == 401:
        extra["www_authenticate"] = [
            'Bearer realm="https://accounts.google.com/", error="invalid_token"'
        ]
    failing = list_raw(ERROR_QUERY, 10, status, body, **extra)
    if status != 401:
        return [token(), failing]
    # A 401 is answered with one refresh and one more try (google-auth-httplib2 with
    # max_refresh_attempts=1); a 401 after a fresh token stands.
    return [token(), failing, token(), failing]


SCENARIOS: dict[str, Callable[[], list[Interaction]]] = {
    "default_ten": _default_ten,
    "spans_pages": _spans_pages,
    "latest": _latest,
    "latest_close": _latest_close,
    "count_zero": lambda: [token(), list_page(COUNT_ZERO_QUERY, 500, [])],
    "count_pages": _count_pages,
    "lookback": lambda: [
        token(),
        list_page(
            LOOKBACK_QUERY,
            10,
            [m.id for m in (LOOKBACK_AFTER, LOOKBACK_AT_CUTOFF, LOOKBACK_BEFORE)],
        ),
        batch_of(LOOKBACK_AFTER, LOOKBACK_AT_CUTOFF, LOOKBACK_BEFORE),
    ],
    "empty_strings": lambda: [
        token(),
        list_page(EMPTY_STRINGS_QUERY, 10, [EMPTY_STRINGS_MAIL.id]),
        get_message(EMPTY_STRINGS_MAIL),
    ],
    "subject_escaping": lambda: [
        token(),
        list_page(SUBJECT_QUERY, 10, [SUBJECT_LOOSE.id, SUBJECT_EXACT.id]),
        batch_of(SUBJECT_LOOSE, SUBJECT_EXACT),
    ],
    "recipient_exact": lambda: [
        token(),
        list_page(
            RECIPIENT_QUERY,
            10,
            [m.id for m in (RECIPIENT_OTHER_TAG, RECIPIENT_UNTAGGED, RECIPIENT_EXACT)],
        ),
        batch_of(RECIPIENT_OTHER_TAG, RECIPIENT_UNTAGGED, RECIPIENT_EXACT),
    ],
    "recipient_other_tag_only": lambda: [
        token(),
        list_page(RECIPIENT_QUERY, 10, [RECIPIENT_OTHER_TAG.id]),
        get_message(RECIPIENT_OTHER_TAG),
    ],
    "own_labels": lambda: [
        token(),
        list_page(OWN_LABELS_QUERY, 10, [m.id for m in (OWN_DRAFT, OWN_SENT, OWN_INBOX)]),
        batch_of(OWN_DRAFT, OWN_SENT, OWN_INBOX),
    ],
    "fetch_partial_failure": lambda: [
        token(),
        list_page(FLAKY_QUERY, 10, [m.id for m in FLAKY_MAILS]),
        batch_get(
            [
                message_answer(FLAKY_MAILS[0]),
                (FLAKY_MAILS[1].id, 500, BACKEND_ERROR),
                message_answer(FLAKY_MAILS[2]),
            ]
        ),
    ],
    "fetch_all_failed": lambda: [
        token(),
        list_page(BROKEN_QUERY, 10, [m.id for m in BROKEN_MAILS]),
        batch_get([(BROKEN_MAILS[0].id, 404, NOT_FOUND), (BROKEN_MAILS[1].id, 500, BACKEND_ERROR)]),
    ],
    "no_emails_found": lambda: [
        token(),
        list_raw(NONE_QUERY, 10, 200, _dumps({"resultSizeEstimate": 0})),
    ],
    **{
        f"list_error_{name}": (lambda status=status, body=body: _list_error(status, body))
        for name, (status, body) in ERROR_BODIES.items()
    },
    "token_unauthorized_client": lambda: [token(401, "unauthorized_client", UNAUTHORIZED_CLIENT)],
    "token_invalid_grant": lambda: [token(400, "invalid_grant", INVALID_GRANT)],
    # The second call lists again but neither fetches a token nor the body it already has.
    "token_reused": lambda: [
        token(),
        list_page(TWICE_QUERY, 10, [TWICE_MAIL.id]),
        get_message(TWICE_MAIL),
        list_page(TWICE_QUERY, 10, [TWICE_MAIL.id]),
    ],
    "pinned_read": lambda: [
        token(),
        list_page(PIN_QUERY, 10, [PIN_MAIL.id]),
        get_message(PIN_MAIL),
    ],
    "redirect_list_302": lambda: [
        token(),
        list_raw(PIN_QUERY, 10, 302, "", location=[EVIL_LOCATION]),
    ],
    "redirect_token_308": lambda: [token_redirect("https://evil.example/token")],
}


# ---------------------------------------------------------------------------------------
# Replay harness: the real Reader, GmailProvider, googleapiclient, google-auth and httplib2,
# with vcrpy answering at httplib2's connection layer.


@dataclass(frozen=True)
class Sent:
    """One request that reached httplib2's connection layer."""

    method: str
    url: str
    body: bytes
    headers: dict[str, str]
    proxy_info: object
    ca_certs: str | None


class Transport:
    """Records what the provider's ``Http`` objects were asked to send (``attempted``,
    before the egress check) and what got past it to a connection (``reached``)."""

    def __init__(self) -> None:
        self.attempted: list[tuple[str, str]] = []
        self.reached: list[Sent] = []

    def http_class(self) -> type[PinnedHttp]:
        transport = self

        class RecordingHttp(PinnedHttp):
            def request(self, uri: str, method: str = "GET", *args: Any, **kwargs: Any) -> Any:
                transport.attempted.append((method, uri))
                return super().request(uri, method, *args, **kwargs)

            def _conn_request(
                self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
            ) -> Any:
                port = "" if conn.port in (None, 443) else f":{conn.port}"
                raw = body.encode() if isinstance(body, str) else bytes(body or b"")
                transport.reached.append(
                    Sent(
                        method,
                        f"https://{conn.host}{port}{request_uri}",
                        raw,
                        {str(k).lower(): str(v) for k, v in dict(headers or {}).items()},
                        conn.proxy_info,
                        conn.ca_certs,
                    )
                )
                return super()._conn_request(conn, request_uri, method, body, headers)

        return RecordingHttp

    def hosts_attempted(self) -> set[str]:
        return {urlsplit(url).hostname or "" for _, url in self.attempted}

    def hosts_reached(self) -> set[str]:
        return {urlsplit(s.url).hostname or "" for s in self.reached}

    def token_requests(self) -> list[Sent]:
        return [s for s in self.reached if s.url == TOKEN_URI]

    def api_requests(self) -> list[Sent]:
        """Every Gmail API call that got through, the parts of a batch each as the
        request it holds (read back from the batch body by the egress check)."""
        calls: list[Sent] = []
        for sent in self.reached:
            if sent.url == BATCH_URI:
                parts = check("POST", sent.url, sent.headers, sent.body).parts
                calls += [replace(sent, method="GET", url=url, body=b"") for url in parts]
            elif sent.url.startswith(MESSAGES_URI):
                calls.append(sent)
        return calls

    def batches(self) -> list[Sent]:
        return [s for s in self.reached if s.url == BATCH_URI]


_VCR = vcr.VCR(
    record_mode="none",
    match_on=("method", "scheme", "host", "port", "path", "query"),
    # What a recording would have scrubbed; on replay these filters run on each request
    # before matching, so they must stay idempotent.
    filter_headers=["authorization"],
    filter_post_data_parameters=[("assertion", "REDACTED")],
    decode_compressed_response=True,
)


class FrozenClock(datetime):
    """``datetime`` whose ``now`` is :data:`NOW`, so the ``after:`` in ``q`` is fixed."""

    @classmethod
    def now(cls, tz: Any = None) -> Any:
        return NOW.replace(tzinfo=None) if tz is None else NOW.astimezone(tz)


@functools.cache
def _quick_private_key_pem() -> str:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def quick_key(info: dict[str, Any]) -> dict[str, Any]:
    """``info`` with a 1024-bit private key. cryptography validates an RSA key each time it
    is loaded (once per provider), about seven times faster at 1024 bits than at 2048; no
    Gmail test depends on the key size."""
    return {**info, "private_key": _quick_private_key_pem()}


class Harness:
    """A Gmail mailbox configured in ``folder``, read through recorded transports."""

    def __init__(self, folder: Path, key_info: dict[str, Any]) -> None:
        self.folder = folder
        self.key_path = folder / "sa.json"
        self.key_path.write_text(json.dumps(key_info), encoding="utf-8")
        self.config_path = folder / "integrations.yaml"
        self.config_path.write_text(
            "email:\n"
            "  mailboxes:\n"
            "    - provider: gmail\n"
            f"      address: {MAILBOX}\n"
            "      service_account_file: sa.json\n"
            "      domains: [example.com]\n",
            encoding="utf-8",
        )
        self.transport = Transport()
        self.providers: list[GmailProvider] = []

    def provider(self, mailbox: Mailbox) -> GmailProvider:
        # One worker at a time: vcrpy's httplib2 stubs are not thread-safe (gmail.md §6).
        # One attempt per request: a cassette answers each request once, and these tests
        # are about what one answer becomes (retries are tests/test_faults.py's subject).
        assert isinstance(mailbox, GmailMailbox)
        provider = GmailProvider(
            mailbox,
            http_factory=self.transport.http_class(),
            max_concurrency=1,
            retry=NO_RETRY,
        )
        self.providers.append(provider)
        return provider

    def reader(self) -> Reader:
        return Reader(self.config_path, provider_factory=self.provider)

    @contextmanager
    def cassette(self, name: str) -> Iterator[Any]:
        """Replay ``cassettes/gmail/<name>.yaml``; every interaction must be played, once."""
        with _VCR.use_cassette(
            str(CASSETTE_DIR / f"{name}.yaml"), allow_playback_repeats=False
        ) as cassette:
            yield cassette
        unplayed = [
            cassette.requests[i].uri for i in range(len(cassette)) if cassette.play_counts[i] == 0
        ]
        assert not unplayed, f"interactions of {name} never requested: {unplayed}"

    async def read(self, name: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """One ``read_emails`` call on a fresh Reader, under cassette ``name``."""
        reader = self.reader()
        try:
            with self.cassette(name):
                return await reader.read_emails(*args, **kwargs)
        finally:
            await reader.aclose()


def render(name: str) -> str:
    """The YAML text of one cassette."""
    return cassette_files.render(SCENARIOS[name]())


def main() -> int:
    return cassette_files.write_all(CASSETTE_DIR, SCENARIOS)


if __name__ == "__main__":
    sys.exit(main())

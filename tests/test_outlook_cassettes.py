"""The Outlook (Microsoft Graph) cassettes and the replay harness the Outlook tests share.

Readable mail definitions go in; vcrpy YAML comes out in ``cassettes/outlook/``. The
committed YAML files are what the tests replay; the tests at the bottom of this module check
they are exactly this module's output and scrubbed. Regenerate with::

    .venv/bin/python tests/test_outlook_cassettes.py

Wire format (research/graph.md §1.4, §2, §3.2, §5.1): the Entra token POST comes first
(aiohttp, through azure-core); Graph list pages are ``{"@odata.context", "value",
"@odata.nextLink"?}`` with only the ``$select``-ed properties plus ``@odata.etag``;
timestamps are whole-second UTC with ``Z``; bodies are ``{"contentType": "html" | "text",
"content"}``; errors are ``{"error": {"code", "message", "innerError"}}``. A content read's
rows also carry ``attachments@odata.context`` and ``attachments``, whose items are Graph's
attachment objects (``@odata.type`` ``#microsoft.graph.fileAttachment``, ``itemAttachment``
or ``referenceAttachment``, plus ``id``) narrowed to the nested ``$select``, as in the
documented attachment responses (Microsoft Graph v1.0 "Get attachment" examples 1 and 2) and
Graph's answer quoted in alcionai/corso#5419; an attached item's ``contentType`` is null
(microsoft-graph-docs-contrib#7948). ``internetMessageHeaders`` is the message's header list,
``[{"name", "value"}]`` in message order ("Get message" example 2), with the headers Exchange
Online writes on an inbound delivery (:mod:`fakes.mail_headers` has their sources).

Scrubbed as a recording would be: no request body is stored (vcrpy does not match bodies,
and the token form holds the client secret or assertion), the token response holds a fake
access token, and no ``Authorization`` header is stored.

This is a ``test_*`` module so that the project's test naming rule covers it; the other
``test_outlook_*`` modules import the harness from it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any
from unittest import mock
from urllib.parse import quote, urlsplit

import pytest
import vcr
import yaml

import cassette_files
from fakes.mail_headers import (
    FAIL,
    PASS,
    ExchangeDelivery,
    Verdict,
    exchange_delivery,
    exchange_report,
    graph_headers,
)

ROOT = Path(__file__).resolve().parent.parent
CASSETTE_DIR = ROOT / "cassettes" / "outlook"

# The frozen clock of every Outlook test.
NOW = datetime(2026, 3, 2, 10, 0, 0, tzinfo=UTC)
MAILBOX = "qa@contoso.com"
TENANT = "11111111-2222-4333-8444-555555555555"
CLIENT_ID = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
SECRET_ENV = "OTPMAIL_TEST_GRAPH_SECRET"
FAKE_ACCESS_TOKEN = "otpmail-fake-graph-access-token"
TOKEN_URI = f"https://login.microsoftonline.com/{TENANT}/oauth2/v2.0/token"
LIST_URI = "https://graph.microsoft.com/v1.0/users/qa%40contoso.com/messages"
# A nextLink as Graph writes it: the request path echoed, '@' literal, $-options encoded.
NEXT_BASE = "https://graph.microsoft.com/v1.0/users/qa@contoso.com/messages"
OFFICIAL_HOSTS = {"login.microsoftonline.com", "graph.microsoft.com"}

ACME = ("Acme", "no-reply@acme.example")
BILLING = ("Acme Billing", "alerts@billing.acme.example")
OTHER = ("Other", "noreply@other.example")
SELF = ("QA", MAILBOX)

# The $select lists the provider is expected to send, written out here (not imported) so a
# change of the provider's query shows up as a replay miss.
CONTENT_SELECT = (
    "id,internetMessageId,receivedDateTime,subject,from,sender,toRecipients,ccRecipients,"
    "bccRecipients,isDraft,sentDateTime,body,internetMessageHeaders"
)
COUNT_SELECT = (
    "id,internetMessageId,receivedDateTime,subject,from,sender,toRecipients,ccRecipients,"
    "bccRecipients,isDraft"
)
# Content reads expand the attachments' metadata (never contentBytes) in the same request.
ATTACHMENT_SELECT = "name,contentType,size,isInline"
CONTENT_EXPAND = f"attachments($select={ATTACHMENT_SELECT})"


def at(seconds_before_now: float) -> datetime:
    """A moment ``seconds_before_now`` before the frozen clock."""
    return NOW - timedelta(seconds=seconds_before_now)


def stamp(moment: datetime) -> str:
    """Graph's ``DateTimeOffset`` form: whole-second UTC with ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------------------
# Mail


@dataclass(frozen=True)
class MailAttachment:
    """One attachment of a message, as Graph models it."""

    name: str
    content_type: str | None
    size: int
    inline: bool = False
    kind: str = "fileAttachment"
    """``fileAttachment``, ``itemAttachment`` (an attached Outlook item) or
    ``referenceAttachment`` (a link to a cloud file)."""

    def item(self, attachment_id: str) -> dict[str, Any]:
        """The attachment in an expanded ``attachments`` list under the nested
        ``$select=name,contentType,size,isInline``."""
        head: dict[str, Any] = {"@odata.type": f"#microsoft.graph.{self.kind}"}
        if self.kind == "fileAttachment":
            head["@odata.mediaContentType"] = self.content_type
        return {
            **head,
            "id": attachment_id,
            "name": self.name,
            "contentType": self.content_type,
            "size": self.size,
            "isInline": self.inline,
        }


@dataclass(frozen=True)
class Mail:
    """One message as the mailbox holds it (any folder: Graph lists them all)."""

    key: str
    received: datetime
    subject: str
    text: str
    to: tuple[str, ...] = (MAILBOX,)
    cc: tuple[str, ...] = ()
    bcc: tuple[str, ...] = ()
    sender: tuple[str, str] | None = ACME
    html: bool = True
    draft: bool = False
    link: str | None = None
    message_id: str | None = None
    folder: str = "inbox"
    """Documentation only: the row does not carry it (parentFolderId is not selected)."""
    attachments: tuple[MailAttachment, ...] = ()
    verdict: Verdict | None = PASS
    """What Exchange Online's report on this delivery says; ``None``: no report (mail the
    mailbox wrote itself, a draft)."""
    headers: tuple[dict[str, str], ...] | None = None
    """The whole ``internetMessageHeaders`` list, instead of the one ``verdict`` makes."""

    @property
    def id(self) -> str:
        return f"AAMkADQ5NTI3-{self.key}-AAA="

    @property
    def internet_message_id(self) -> str:
        return self.message_id or f"<{self.key}.{int(self.received.timestamp())}@mail.acme.example>"

    def body(self) -> dict[str, str]:
        if not self.html:
            return {"contentType": "text", "content": self.text}
        anchor = f'<p><a href="{self.link}">Verify</a></p>' if self.link else ""
        return {
            "contentType": "html",
            "content": (
                '<html><head>\r\n<meta http-equiv="Content-Type" content="text/html; '
                'charset=utf-8"></head><body>\r\n'
                f"<p>{self.text}</p>{anchor}\r\n</body></html>\r\n"
            ),
        }

    def message_headers(self) -> list[dict[str, str]]:
        """``internetMessageHeaders``: Exchange Online's delivery headers around the
        message's own."""
        if self.headers is not None:
            return list(self.headers)
        address = self.sender[1] if self.sender else MAILBOX
        domain = address.rpartition("@")[2]
        verdict = None if self.draft or self.sender in (None, SELF) else self.verdict
        delivery = exchange_delivery(
            verdict, mailfrom_domain=f"mail.{domain}", from_domain=domain, at=self.received
        )
        own = [
            ("From", f"{self.sender[0]} <{address}>" if self.sender else address),
            ("To", ", ".join(self.to)),
            ("Subject", self.subject),
            ("Date", format_datetime(self.received - timedelta(seconds=2))),
            ("Message-ID", self.internet_message_id),
            ("MIME-Version", "1.0"),
            ("Content-Type", f'text/{"html" if self.html else "plain"}; charset="utf-8"'),
        ]
        return graph_headers(delivery, own)

    def row(self, select: str, expand: bool = False) -> dict[str, Any]:
        """The JSON Graph returns for this message under ``$select=select`` (and, with
        ``expand``, ``$expand=attachments($select=...)``), in Graph's own property order."""

        def address(pair: tuple[str, str]) -> dict[str, Any]:
            return {"emailAddress": {"name": pair[0], "address": pair[1]}}

        def people(addresses: tuple[str, ...]) -> list[dict[str, Any]]:
            return [address(("", a)) for a in addresses]

        sender = address(self.sender) if self.sender else None
        values: dict[str, Any] = {
            "id": self.id,
            "receivedDateTime": stamp(self.received),
            "sentDateTime": stamp(self.received - timedelta(seconds=2)),
            "internetMessageId": self.internet_message_id,
            "subject": self.subject,
            "isDraft": self.draft,
            "body": self.body(),
            "sender": sender,
            "from": sender,
            "toRecipients": people(self.to),
            "ccRecipients": people(self.cc),
            "bccRecipients": people(self.bcc),
        }
        if "internetMessageHeaders" in select.split(","):
            values["internetMessageHeaders"] = self.message_headers()
        wanted = set(select.split(","))
        row: dict[str, Any] = {"@odata.etag": f'W/"CQAAABYAAAC4ofQHEIqCSbQPot83AFcbAA{self.key}"'}
        row.update((k, v) for k, v in values.items() if k in wanted)
        if expand:
            row["attachments@odata.context"] = (
                "https://graph.microsoft.com/v1.0/$metadata#users('qa%40contoso.com')/messages("
                f"'{quote(self.id, safe='')}')/attachments({ATTACHMENT_SELECT})"
            )
            row["attachments"] = [
                a.item(f"{self.id[:-4]}BEgAQAJ{i:03d}=") for i, a in enumerate(self.attachments)
            ]
        return row


# The attachments some of the regular mail carries: a file and an inline logo (Graph lists
# the cid: image with isInline true), an attached Outlook message (contentType null), a link
# to a cloud file (its size is that of the link's metadata).
REGULAR_ATTACHMENTS: dict[int, tuple[MailAttachment, ...]] = {
    0: (
        MailAttachment("invoice-2026-03.pdf", "application/pdf", 48213),
        MailAttachment("image001.png", "image/png", 2190, inline=True),
    ),
    1: (MailAttachment("Fwd: Your Acme receipt", None, 108189, kind="itemAttachment"),),
    2: (
        MailAttachment(
            "Q1 report.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            412,
            kind="referenceAttachment",
        ),
    ),
}


def _regular(i: int) -> Mail:
    sender, subject = [
        (ACME, "Your Acme sign-in code"),
        (BILLING, "Reset your Acme password"),
        (OTHER, "Welcome to Other"),
    ][i % 3]
    return Mail(
        f"r{i:02d}",
        at(60 * (i + 1)),
        subject,
        f"Your code is {200000 + i}",
        html=i % 2 == 0,
        sender=sender,
        attachments=REGULAR_ATTACHMENTS.get(i, ()),
    )


SELF_SENT_ID = "<self.1772445590@contoso.com>"
# Newest first, as $orderby=receivedDateTime desc lists them.
MAILBOX_MAIL: list[Mail] = [
    # The mailbox wrote to itself: the Inbox copy and the Sent Items copy.
    Mail(
        "selfin",
        at(10),
        "Note to self: code 000000",
        "000000",
        sender=SELF,
        message_id=SELF_SENT_ID,
    ),
    Mail(
        "selfsent",
        at(10),
        "Note to self: code 000000",
        "000000",
        sender=SELF,
        message_id=SELF_SENT_ID,
        folder="sentitems",
    ),
    # A draft: no from/sender until it is sent.
    Mail(
        "draft",
        at(20),
        "Your Acme sign-in code",
        "Your code is 999999",
        sender=None,
        draft=True,
        folder="drafts",
    ),
    Mail(
        "junk",
        at(30),
        "Verify your Acme email",
        "Confirm your address.",
        to=("qa+signup@contoso.com",),
        link="https://acme.example/verify?token=t-8f2c",
        folder="junkemail",
    ),
    *(_regular(i) for i in range(13)),
    Mail(
        "plusother",
        at(900),
        "Your Acme sign-in code",
        "Your code is 300001",
        to=("qa+other@contoso.com",),
    ),
    Mail(
        "cc",
        at(960),
        "Your Acme sign-in code",
        "Your code is 300002",
        to=("team@contoso.com",),
        cc=(MAILBOX,),
    ),
    Mail(
        "bcc",
        at(1020),
        "Your Acme sign-in code",
        "Your code is 300003",
        to=("ops@contoso.com",),
        bcc=(MAILBOX,),
    ),
    Mail(
        "pluscase",
        at(1080),
        "Your Acme sign-in code",
        "Your code is 300004",
        to=("QA+Signup@Contoso.com",),
        folder="deleteditems",
    ),
    Mail("ops", at(1140), "Your Acme sign-in code", "Your code is 300005", to=("ops@contoso.com",)),
]
MAIL_BY_KEY = {m.key: m for m in MAILBOX_MAIL}

LOOKBACK_MAIL = [
    Mail("lb1", at(60), "Your Acme sign-in code", "Your code is 410001"),
    Mail("lb2", at(120), "Your Acme sign-in code", "Your code is 410002"),
    # One second before the cutoff: Graph would not list it; the test shows our code decides.
    Mail("lb3", at(121), "Your Acme sign-in code", "Your code is 410003"),
]

COUNT_PAGES: list[list[Mail]] = [
    [
        Mail(f"c{i}", at(100 + i), "Your Acme sign-in code", "x", to=("qa+count@contoso.com",))
        for i in (1, 2, 3)
    ],
    [
        # c3 again: moved between folders while paging, a new id, the same Message-ID.
        Mail(
            "c3moved",
            at(103),
            "Your Acme sign-in code",
            "x",
            to=("qa+count@contoso.com",),
            message_id=Mail("c3", at(103), "", "").internet_message_id,
        ),
        Mail("c4", at(104), "Your Acme sign-in code", "x", to=("qa+count@contoso.com",)),
        Mail("o1", at(105), "Your Acme sign-in code", "x", to=("qa@contoso.com",)),
    ],
    [Mail("c5", at(106), "Your Acme sign-in code", "x", to=("qa+count@contoso.com",))],
]

LATE_MAIL = Mail(
    "late", at(5000), "Your Acme sign-in code", "Your code is 555555", to=("qa+late@contoso.com",)
)
THROTTLED_MAIL = Mail("thr", at(60), "Your Acme sign-in code", "Your code is 424242")


def _auth_mail(
    key: str,
    seconds: float,
    verdict: Verdict | None,
    *,
    above: list[tuple[str, str]] = (),  # type: ignore[assignment]
    forged: list[tuple[str, str]] = (),  # type: ignore[assignment]
    report: str | None = None,
) -> Mail:
    """A code mail from Acme whose Exchange Online delivery says ``verdict`` (``None``: no
    report and no entry line, as for mail sent inside the tenant), with ``above`` headers on
    top of Exchange Online's, ``forged`` ones among the sender's own, and ``report`` (if
    given) instead of Exchange Online's own report text."""
    plain = Mail(key, at(seconds), "Your Acme sign-in code", f"Your code is 3000{len(key):02d}")
    delivery = exchange_delivery(
        verdict, mailfrom_domain="mail.acme.example", from_domain="acme.example", at=plain.received
    )
    top = [*above, *delivery.top]
    if report is not None:
        top = [(n, report if n == "Authentication-Results" else v) for n, v in top]
    own = [
        *forged,
        ("From", f"Acme <{ACME[1]}>"),
        ("To", MAILBOX),
        ("Subject", plain.subject),
        ("Date", format_datetime(plain.received)),
        ("Message-ID", plain.internet_message_id),
        ("MIME-Version", "1.0"),
    ]
    headers = graph_headers(ExchangeDelivery(top, delivery.bottom), own)
    return Mail(key, plain.received, plain.subject, plain.text, headers=tuple(headers))


FORGED_PASS = exchange_report(PASS, mailfrom_domain="acme.example", from_domain="acme.example")
# Newest first. Each carries one shape of report, from the real formats in fakes.mail_headers.
AUTH_MAIL: list[Mail] = [
    _auth_mail("apass", 10, PASS),
    _auth_mail("afail", 20, FAIL),
    # A report in Exchange Online's own format that the sender wrote: below the entry line.
    _auth_mail("aforgedbelow", 30, FAIL, forged=[("Authentication-Results", FORGED_PASS)]),
    # A report with some other authserv-id on top of Exchange Online's.
    _auth_mail(
        "aforgedabove",
        40,
        FAIL,
        above=[("Authentication-Results", "mx.acme.example; dmarc=pass header.from=acme.example")],
    ),
    # No report by Exchange Online at all (never entered through its MX), a forged one inside.
    _auth_mail("anoreport", 50, None, forged=[("Authentication-Results", FORGED_PASS)]),
    # The report an upstream server wrote, renamed by Exchange Online on entry.
    _auth_mail(
        "aoriginal",
        60,
        FAIL,
        forged=[
            (
                "Authentication-Results-Original",
                "mx.google.com; dkim=pass header.i=@acme.example; dmarc=pass (p=REJECT) "
                "header.from=acme.example",
            )
        ],
    ),
    # The 2017-2020 format: the tenant's domain written as a resinfo of its own.
    _auth_mail(
        "alegacy",
        70,
        PASS,
        report="spf=pass (sender IP is 198.51.100.25) smtp.mailfrom=mail.acme.example; "
        "contoso.com; dkim=pass (signature was verified) header.d=acme.example;contoso.com; "
        "dmarc=pass action=none header.from=acme.example;compauth=pass reason=100",
    ),
    # No DMARC record (bestguesspass), a DKIM signature of the From domain.
    _auth_mail("abestguess", 80, Verdict(dmarc="bestguesspass")),
]


# ---------------------------------------------------------------------------------------
# Interactions

Interaction = dict[str, Any]

_REASONS = {200: "OK", 401: "Unauthorized", 429: "Too Many Requests"}
_GRAPH_HEADERS = {
    "Cache-Control": ["private"],
    "Content-Type": [
        "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8"
    ],
    "request-id": ["2b9d5a3e-0f55-4a6f-9a7e-4c7f1d2e3b4a"],
    "client-request-id": ["2b9d5a3e-0f55-4a6f-9a7e-4c7f1d2e3b4a"],
    "OData-Version": ["4.0"],
    "Strict-Transport-Security": ["max-age=31536000"],
    "Date": [format_datetime(NOW, usegmt=True)],
}
_TOKEN_HEADERS = {
    "Cache-Control": ["no-store, no-cache"],
    "Pragma": ["no-cache"],
    "Content-Type": ["application/json; charset=utf-8"],
    "Strict-Transport-Security": ["max-age=31536000; includeSubDomains"],
    "x-ms-request-id": ["5f0c8a7e-1d2b-4c3a-9e8f-7a6b5c4d3e00"],
    "Date": [format_datetime(NOW, usegmt=True)],
}


def _dumps(body: object) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def _response(status: int, body: str, headers: dict[str, list[str]]) -> dict[str, Any]:
    return {
        "status": {"code": status, "message": _REASONS[status]},
        "headers": headers,
        "body": {"string": body},
    }


def token(status: int = 200, body: dict[str, Any] | None = None) -> Interaction:
    """The app-only client-credentials POST (secret or assertion; the body is not stored)."""
    if body is None:
        body = {
            "token_type": "Bearer",
            "expires_in": 3599,
            "ext_expires_in": 3599,
            "access_token": FAKE_ACCESS_TOKEN,
        }
    return {
        "request": {
            "method": "POST",
            "uri": TOKEN_URI,
            "body": None,
            "headers": {"Content-Type": ["application/x-www-form-urlencoded"]},
        },
        "response": _response(status, _dumps(body), dict(_TOKEN_HEADERS)),
    }


ENTRA_INVALID_CLIENT = {
    "error": "invalid_client",
    "error_description": (
        "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the "
        f"request is the client secret value, not the client secret ID, for a secret added to "
        f"app '{CLIENT_ID}'. Trace ID: 0b5f5c9e-2a41-4d0e-9c3a-6f1e2d3c4b00 Correlation ID: "
        "7d1e0a4b-9f3c-4e2d-8b1a-5c6d7e8f9a00 Timestamp: 2026-03-02 10:00:00Z"
    ),
    "error_codes": [7000215],
    "timestamp": "2026-03-02 10:00:00Z",
    "trace_id": "0b5f5c9e-2a41-4d0e-9c3a-6f1e2d3c4b00",
    "correlation_id": "7d1e0a4b-9f3c-4e2d-8b1a-5c6d7e8f9a00",
    "error_uri": "https://login.microsoftonline.com/error?code=7000215",
}


def _expands(select: str) -> bool:
    """A content read (bodies) expands the attachments; a count read does not."""
    return select == CONTENT_SELECT


def list_uri(*, select: str = CONTENT_SELECT, top: int = 25, cutoff: datetime | None = None) -> str:
    """The list URI the provider sends, in kiota's encoding (a list value's commas literal,
    the one ``$expand`` value percent-encoded whole)."""
    params: list[tuple[str, str]] = []
    if _expands(select):
        params.append(("$expand", quote(CONTENT_EXPAND, safe="")))
    if cutoff is not None:
        params.append(("$filter", quote(f"receivedDateTime ge {stamp(cutoff)}", safe=",")))
    params += [
        ("$orderby", quote("receivedDateTime desc", safe=",")),
        ("$select", quote(select, safe=",")),
        ("$top", str(top)),
    ]
    return LIST_URI + "?" + "&".join(f"{k}={v}" for k, v in params)


def next_link(select: str, top: int, skip: int) -> str:
    """A nextLink as Graph writes it: the request's options echoed, ``$skip`` added."""
    expand = f"%24expand={quote(CONTENT_EXPAND, safe='')}&" if _expands(select) else ""
    return (
        f"{NEXT_BASE}?{expand}%24orderby=receivedDateTime%20desc"
        f"&%24select={quote(select, safe='')}&%24top={top}&%24skip={skip}"
    )


def _graph_request(uri: str) -> dict[str, Any]:
    return {"method": "GET", "uri": uri, "body": None, "headers": {"Accept": ["application/json"]}}


def page_body(mails: list[Mail], select: str, link: str | None = None) -> dict[str, Any]:
    """A list page as Graph returns it."""
    expand = _expands(select)
    shape = f"{select},attachments({ATTACHMENT_SELECT})" if expand else select
    body: dict[str, Any] = {
        "@odata.context": (
            "https://graph.microsoft.com/v1.0/$metadata#users('qa%40contoso.com')/messages("
            f"{shape})"
        ),
        "value": [m.row(select, expand) for m in mails],
    }
    if link:
        body["@odata.nextLink"] = link
    return body


def list_page(uri: str, mails: list[Mail], select: str, link: str | None = None) -> Interaction:
    return {
        "request": _graph_request(uri),
        "response": _response(200, _dumps(page_body(mails, select, link)), dict(_GRAPH_HEADERS)),
    }


def graph_error_body(code: str, message: str) -> dict[str, Any]:
    return {
        "error": {
            "code": code,
            "message": message,
            "innerError": {
                "date": stamp(NOW),
                "request-id": "2b9d5a3e-0f55-4a6f-9a7e-4c7f1d2e3b4a",
                "client-request-id": "2b9d5a3e-0f55-4a6f-9a7e-4c7f1d2e3b4a",
            },
        }
    }


THROTTLED = graph_error_body(
    "ApplicationThrottled", "Application is over its MailboxConcurrency limit."
)


def throttled(uri: str, retry_after: str) -> Interaction:
    headers = dict(_GRAPH_HEADERS)
    headers["Retry-After"] = [retry_after]
    headers["Content-Type"] = ["application/json"]
    return {"request": _graph_request(uri), "response": _response(429, _dumps(THROTTLED), headers)}


CONTENT_25 = list_uri(top=25)
LATEST_16 = list_uri(top=16)
COUNT_1000 = list_uri(select=COUNT_SELECT, top=1000)

SCENARIOS: dict[str, Callable[[], list[Interaction]]] = {
    # The whole mailbox: every folder, 22 messages, one content page. The 16-row page of
    # `latest` carries a nextLink that a satisfied search must not follow.
    "mailbox": lambda: [
        token(),
        list_page(CONTENT_25, MAILBOX_MAIL, CONTENT_SELECT),
        list_page(LATEST_16, MAILBOX_MAIL[:16], CONTENT_SELECT, next_link(CONTENT_SELECT, 16, 16)),
        list_page(COUNT_1000, MAILBOX_MAIL, COUNT_SELECT),
    ],
    # The same mail in a mailbox that holds more (a nextLink), not needed for ten matches.
    "more_mail": lambda: [
        token(),
        list_page(CONTENT_25, MAILBOX_MAIL, CONTENT_SELECT, next_link(CONTENT_SELECT, 25, 25)),
    ],
    # One shape of Exchange Online report per message (AUTH_MAIL).
    "authentication": lambda: [
        token(),
        list_page(CONTENT_25, AUTH_MAIL, CONTENT_SELECT),
    ],
    "empty": lambda: [
        token(),
        list_page(CONTENT_25, [], CONTENT_SELECT),
        list_page(COUNT_1000, [], COUNT_SELECT),
    ],
    "count_pages": lambda: [
        token(),
        list_page(COUNT_1000, COUNT_PAGES[0], COUNT_SELECT, next_link(COUNT_SELECT, 1000, 1000)),
        list_page(
            next_link(COUNT_SELECT, 1000, 1000),
            COUNT_PAGES[1],
            COUNT_SELECT,
            next_link(COUNT_SELECT, 1000, 2000),
        ),
        list_page(next_link(COUNT_SELECT, 1000, 2000), COUNT_PAGES[2], COUNT_SELECT),
    ],
    "paging": lambda: [
        token(),
        list_page(LATEST_16, MAILBOX_MAIL[:16], CONTENT_SELECT, next_link(CONTENT_SELECT, 16, 16)),
        list_page(
            next_link(CONTENT_SELECT, 16, 16), [*MAILBOX_MAIL[16:], LATE_MAIL], CONTENT_SELECT
        ),
    ],
    "lookback": lambda: [
        token(),
        list_page(list_uri(top=25, cutoff=at(120)), LOOKBACK_MAIL, CONTENT_SELECT),
    ],
    "throttled": lambda: [
        token(),
        throttled(LATEST_16, "1"),
        list_page(LATEST_16, [THROTTLED_MAIL], CONTENT_SELECT),
    ],
    "throttled_out": lambda: [token(), *(throttled(LATEST_16, "1") for _ in range(3))],
    "throttled_long": lambda: [token(), throttled(LATEST_16, "120")],
    "token_invalid_client": lambda: [token(401, ENTRA_INVALID_CLIENT)],
    "token": lambda: [token()],
    "two_loops": lambda: [
        token(),
        list_page(LATEST_16, [THROTTLED_MAIL], CONTENT_SELECT),
        list_page(LATEST_16, [THROTTLED_MAIL], CONTENT_SELECT),
    ],
}


def render(name: str) -> str:
    """The YAML text of one cassette."""
    return cassette_files.render(SCENARIOS[name]())


def main() -> int:
    return cassette_files.write_all(CASSETTE_DIR, SCENARIOS)


# ---------------------------------------------------------------------------------------
# Replay harness: the real OutlookProvider, msgraph-sdk, kiota, httpx, azure-identity,
# azure-core and aiohttp, with vcrpy answering at httpx's and aiohttp's transports.

_VCR = vcr.VCR(
    record_mode="none",
    match_on=("method", "scheme", "host", "port", "path", "query"),
    # What a recording would have scrubbed (idempotent on replay).
    filter_headers=["authorization"],
    decode_compressed_response=True,
)


@dataclass(frozen=True)
class Sent:
    """One request that got past the egress check and reached a network transport."""

    method: str
    url: str
    body: Any
    headers: dict[str, str]
    route: str
    """httpx: the connection pool class (a proxy shows as AsyncHTTPProxy); aiohttp:
    ``trust_env=<bool> proxy=<value>``."""
    transport: object = field(compare=False, repr=False)
    """The httpx transport or aiohttp session that sent it (kept alive, so identities
    can be compared)."""

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or ""


@dataclass
class Wire:
    """Records what reached httpx's ``AsyncHTTPTransport`` (Graph) and aiohttp's
    ``ClientSession`` (the Entra token), beneath the egress check and above vcrpy."""

    graph: list[Sent] = field(default_factory=list)
    token: list[Sent] = field(default_factory=list)

    @property
    def all(self) -> list[Sent]:
        return [*self.token, *self.graph]

    def hosts(self) -> set[str]:
        return {s.host for s in self.all}

    @contextmanager
    def spy(self) -> Iterator[None]:
        import aiohttp
        import httpx

        real_request = aiohttp.ClientSession._request
        real_handle = httpx.AsyncHTTPTransport.handle_async_request
        wire = self

        async def request(session: Any, method: str, url: Any, **kwargs: Any) -> Any:
            wire.token.append(
                Sent(
                    method,
                    str(url),
                    kwargs.get("data"),
                    {str(k).lower(): str(v) for k, v in dict(kwargs.get("headers") or {}).items()},
                    f"trust_env={session.trust_env} proxy={kwargs.get('proxy')}",
                    session,
                )
            )
            return await real_request(session, method, url, **kwargs)

        async def handle(transport: Any, req: Any) -> Any:
            wire.graph.append(
                Sent(
                    req.method,
                    str(req.url),
                    req.content,
                    {k.lower(): v for k, v in req.headers.items()},
                    type(transport._pool).__name__,
                    transport,
                )
            )
            return await real_handle(transport, req)

        with (
            mock.patch.object(aiohttp.ClientSession, "_request", request),
            mock.patch.object(httpx.AsyncHTTPTransport, "handle_async_request", handle),
        ):
            yield


@contextmanager
def cassette(name: str, wire: Wire | None = None, *, all_played: bool = True) -> Iterator[Any]:
    """Replay ``cassettes/outlook/<name>.yaml`` (each interaction at most once), recording the
    requests that reached the network transports into ``wire``."""
    with (
        _VCR.use_cassette(str(CASSETTE_DIR / f"{name}.yaml"), allow_playback_repeats=False) as cass,
        (wire or Wire()).spy(),
    ):
        yield cass
    if all_played:
        unplayed = [cass.requests[i].uri for i in range(len(cass)) if cass.play_counts[i] == 0]
        assert not unplayed, f"interactions of {name} never requested: {unplayed}"


def outlook_mailbox(**overrides: Any) -> Any:
    """The test mailbox as the config loader builds it (client secret from ``SECRET_ENV``)."""
    from otpmail._core._config import OutlookMailbox, SecretRef

    fields: dict[str, Any] = {
        "provider": "outlook",
        "address": MAILBOX,
        "domains": ("contoso.com",),
        "source": "integrations.yaml: email.mailboxes[0]",
        "tenant_id": TENANT,
        "client_id": CLIENT_ID,
        "client_secret": SecretRef(env=SECRET_ENV),
    }
    fields.update(overrides)
    return OutlookMailbox(**fields)


def criteria(to: str = MAILBOX, *args: Any, **kwargs: Any) -> Any:
    """Validated criteria on the frozen clock."""
    from otpmail._core._criteria import build_criteria

    return build_criteria(to, *args, now=NOW, **kwargs)


def write_outlook_config(folder: Path, *, with_maildir: bool = False) -> Path:
    """An integrations file naming the test mailbox (and the bundled Maildir, if asked)."""
    text = (
        "email:\n"
        "  mailboxes:\n"
        "    - provider: outlook\n"
        f"      address: {MAILBOX}\n"
        "      domains: [contoso.com]\n"
        f"      tenant_id: {TENANT}\n"
        f"      client_id: {CLIENT_ID}\n"
        f"      client_secret_env: {SECRET_ENV}\n"
    )
    if with_maildir:
        text += (
            "    - provider: maildir\n"
            "      address: otp@example.test\n"
            f"      path: {ROOT / 'examples' / 'maildir'}\n"
        )
    path = folder / "integrations.yaml"
    path.write_text(text, encoding="utf-8")
    return path


class FakeGraph:
    """An in-process Graph at the httpx transport seam (not an ``httpx.MockTransport``, which
    vcrpy would intercept): answers with ``respond`` and records every request it gets."""

    def __init__(self, respond: Callable[[Any], Any]) -> None:
        import httpx

        self.requests: list[Any] = []
        fake = self

        class _Transport(httpx.AsyncBaseTransport):
            async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
                fake.requests.append(request)
                await request.aread()
                response = respond(request)
                assert isinstance(response, httpx.Response)
                return response

        self.transport = _Transport()

    def hosts(self) -> set[str]:
        return {r.url.host for r in self.requests}


def graph_json(status: int, body: object, **headers: str) -> Any:
    """An httpx response carrying Graph JSON."""
    import httpx

    return httpx.Response(
        status,
        content=_dumps(body).encode(),
        headers={"Content-Type": _GRAPH_HEADERS["Content-Type"][0], **headers},
    )


# ---------------------------------------------------------------------------------------
# The committed cassettes


NAMES = sorted(SCENARIOS)


def test_the_cassette_folder_holds_exactly_the_generated_cassettes() -> None:
    assert sorted(p.stem for p in CASSETTE_DIR.glob("*.yaml")) == NAMES
    assert not [p for p in CASSETTE_DIR.iterdir() if p.suffix != ".yaml"]


@pytest.mark.parametrize("name", NAMES)
def test_each_committed_cassette_is_the_generator_output(name: str) -> None:
    committed = (CASSETTE_DIR / f"{name}.yaml").read_text(encoding="utf-8")

    assert committed == render(name), (
        f"cassettes/outlook/{name}.yaml is stale: run .venv/bin/python tests/test_outlook_cassettes.py"
    )


@pytest.mark.parametrize("name", NAMES)
def test_each_cassette_is_scrubbed(name: str) -> None:
    text = (CASSETTE_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    document = yaml.safe_load(text)

    assert "client_secret" not in text
    assert "client_assertion" not in text
    assert "eyJ" not in text, "a JWT (token or assertion) is stored"
    for interaction in document["interactions"]:
        request, response = interaction["request"], interaction["response"]
        assert request["body"] is None
        assert "authorization" not in {h.lower() for h in request["headers"]}
        assert urlsplit(request["uri"]).hostname in OFFICIAL_HOSTS
        body = response["body"]["string"]
        if request["uri"] == TOKEN_URI and response["status"]["code"] == 200:
            assert json.loads(body)["access_token"] == FAKE_ACCESS_TOKEN


def test_the_wire_format_is_graphs_own() -> None:
    page = json.loads(SCENARIOS["more_mail"]()[1]["response"]["body"]["string"])
    row = page["value"][0]

    assert set(page) == {"@odata.context", "value", "@odata.nextLink"}
    assert list(row) == [
        "@odata.etag",
        "id",
        "receivedDateTime",
        "sentDateTime",
        "internetMessageId",
        "subject",
        "isDraft",
        "body",
        "sender",
        "from",
        "toRecipients",
        "ccRecipients",
        "bccRecipients",
        # Its place among the properties is not documented; otpmail reads rows by name.
        "internetMessageHeaders",
        "attachments@odata.context",
        "attachments",
    ]
    assert all(set(h) == {"name", "value"} for h in row["internetMessageHeaders"])
    assert datetime.fromisoformat(row["receivedDateTime"]).tzinfo is not None
    assert row["receivedDateTime"].endswith("Z")
    assert row["body"]["contentType"] in {"html", "text"}


def test_expanded_attachments_are_graphs_attachment_objects_without_content() -> None:
    page = json.loads(SCENARIOS["more_mail"]()[1]["response"]["body"]["string"])
    items = [a for row in page["value"] for a in row["attachments"]]

    assert {a["@odata.type"] for a in items} == {
        "#microsoft.graph.fileAttachment",
        "#microsoft.graph.itemAttachment",
        "#microsoft.graph.referenceAttachment",
    }
    for item in items:
        assert set(item) - {"@odata.type", "@odata.mediaContentType", "id"} == set(
            ATTACHMENT_SELECT.split(",")
        )
        assert "contentBytes" not in item
    # Count reads do not expand.
    count = json.loads(SCENARIOS["mailbox"]()[3]["response"]["body"]["string"])
    assert not [row for row in count["value"] if "attachments" in row]


if __name__ == "__main__":
    sys.exit(main())

"""An in-process Microsoft Graph mailbox at the two transport seams of the Outlook provider.

``FakeGraph`` answers ``GET /v1.0/users/{mailbox}/messages`` (``$filter=receivedDateTime ge``,
``$orderby``, ``$select``, ``$top``, ``$expand=attachments[($select=...)]``,
``@odata.nextLink`` paging) through an httpx transport,
and the Entra token POST through an azure-core transport, in the wire formats of
research/graph.md §2 and §5.1. It records requests with their times, injects latency (an
``await``, so concurrent requests overlap) and faults, and tracks how many requests were in
flight at once (Graph allows 4 per mailbox, graph.md §3.7) and the CPU time it spent
building answers (``cpu_seconds``). Without ``$select`` a row carries every property, as
Graph's default does. Attachments appear only when expanded, and like Graph the fake sends
each file's ``contentBytes`` unless the expansion selects properties, and refuses a nested
``$select`` that names a property the base ``attachment`` type lacks (``contentId``,
``contentBytes``: microsoft-graph-explorer-v4#3916).

Knobs for the behaviours otpmail assumes but Graph does not document (``otpmail check
--deep`` reports each; the defaults are the documented behaviour): ``attachment_select_honoured``
(False: the nested ``$select`` is ignored and every file's ``contentBytes`` is sent),
``refuse_filter_with_orderby`` (400 ``InefficientFilter`` for our ``$filter`` with
``$orderby``), ``filter_honoured`` / ``order_honoured`` (False: ``$filter`` ignored; rows
oldest first), and ``narrow_rows_drop`` (properties missing from the rows of a ``$select`` of
at most two properties: the id-only poll of a wait).

Every message carries ``internetMessageHeaders`` as Exchange Online writes them on an inbound
delivery (:mod:`fakes.mail_headers`): its ``Authentication-Results`` (no authserv-id) says
pass for the sender's domain unless ``deliver(verdict=...)`` or ``deliver(headers=...)`` says
otherwise. ``response_bytes`` counts the bytes of every answer.

Plug it in with ``OutlookProvider(mailbox, transport=fake.transport, token_transport=fake.token_transport)``:
the provider's egress transports still wrap both.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
from azure.core.pipeline.transport import AsyncHttpTransport
from azure.core.rest._http_response_impl_async import AsyncHttpResponseImpl
from azure.core.utils import CaseInsensitiveDict

from fakes import sequential_round_trips
from fakes.mail_headers import PASS, Verdict, exchange_delivery, graph_headers

GRAPH_TYPE = "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8"


# The properties of the base type microsoft.graph.attachment: a nested $select may name only
# these (a derived type's contentId or contentBytes is refused).
ATTACHMENT_BASE = ("id", "lastModifiedDateTime", "name", "contentType", "size", "isInline")
_EXPAND = re.compile(r"attachments(?:\(\$select=([A-Za-z,]*)\))?")


class GraphRefusal(Exception):
    """A query Graph answers with 400."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class GraphAttachment:
    """One attachment as Graph models it: a file, an attached Outlook item (whose
    ``contentType`` is null) or a link to a cloud file."""

    name: str
    content_type: str | None
    size: int
    is_inline: bool = False
    kind: str = "fileAttachment"
    content: bytes = b""
    content_id: str | None = None

    def row(self, attachment_id: str, fields: list[str] | None) -> dict[str, Any]:
        """The attachment as an expanded ``attachments`` item: ``fields`` (a nested
        ``$select``) or every property, ``contentBytes`` included for a file."""
        full: dict[str, Any] = {
            "id": attachment_id,
            "lastModifiedDateTime": "2026-03-02T09:58:58Z",
            "name": self.name,
            "contentType": self.content_type,
            "size": self.size,
            "isInline": self.is_inline,
        }
        if self.kind == "fileAttachment":
            full["contentId"] = self.content_id
            full["contentLocation"] = None
            full["contentBytes"] = base64.b64encode(self.content).decode("ascii")
        chosen = full if fields is None else {k: full[k] for k in ["id", *fields] if k in full}
        head: dict[str, Any] = {"@odata.type": f"#microsoft.graph.{self.kind}"}
        if self.kind == "fileAttachment":
            head["@odata.mediaContentType"] = self.content_type
        return {**head, **chosen}


def attachment_fields(expand: str | None) -> list[str] | Literal[False] | None:
    """The nested ``$select`` of ``$expand=attachments(...)`` (``None``: every property), or
    ``False`` when nothing is expanded. Raises :class:`GraphRefusal` as Graph would."""
    if not expand:
        return False
    match = _EXPAND.fullmatch(expand)
    if match is None:
        raise GraphRefusal("BadRequest", f"Parsing OData Select and Expand failed: {expand}")
    if match.group(1) is None:
        return None
    fields = [f for f in match.group(1).split(",") if f]
    for name in fields:
        if name not in ATTACHMENT_BASE:
            raise GraphRefusal(
                "RequestBroker--ParseUri",
                f"Could not find a property named '{name}' on type 'microsoft.graph.attachment'.",
            )
    return fields


@dataclass
class GraphMessage:
    id: str
    received: datetime
    subject: str
    sender: str
    to: list[str]
    body: str
    content_type: str = "text"
    internet_message_id: str = ""
    is_draft: bool = False
    cc: list[str] = field(default_factory=list)
    attachments: list[GraphAttachment] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    """``internetMessageHeaders``, in message order."""

    def row(
        self,
        fields: list[str] | None = None,
        attachments: list[str] | Literal[False] | None = False,
        mailbox: str = "",
    ) -> dict[str, Any]:
        """The message as Graph serialises it: the ``$select``-ed ``fields``, else all;
        with its attachments when ``attachments`` is not ``False`` (see
        :func:`attachment_fields`)."""
        stamp = self.received.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        full: dict[str, Any] = {
            "id": self.id,
            "internetMessageId": self.internet_message_id or f"<{self.id}@fake.example>",
            "receivedDateTime": stamp,
            "sentDateTime": stamp,
            "subject": self.subject,
            "from": {"emailAddress": {"name": "", "address": self.sender}},
            "sender": {"emailAddress": {"name": "", "address": self.sender}},
            "toRecipients": [{"emailAddress": {"name": "", "address": a}} for a in self.to],
            "ccRecipients": [{"emailAddress": {"name": "", "address": a}} for a in self.cc],
            "bccRecipients": [],
            "isDraft": self.is_draft,
            "body": {"contentType": self.content_type, "content": self.body},
            "internetMessageHeaders": self.headers,
        }
        chosen = full if fields is None else {k: full[k] for k in fields if k in full}
        row: dict[str, Any] = {"@odata.etag": 'W/"CQAAABYAAAC4"', **chosen}
        if attachments is not False:
            row["attachments@odata.context"] = (
                f"https://graph.microsoft.com/v1.0/$metadata#users('{mailbox}')/messages"
                f"('{self.id}')/attachments"
                + (f"({','.join(attachments)})" if attachments is not None else "")
            )
            row["attachments"] = [
                a.row(f"{self.id.rstrip('=')}BEgAQ{i:04d}=", attachments)
                for i, a in enumerate(self.attachments)
            ]
        return row


@dataclass
class GraphFault:
    status: int = 0
    body: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    reset: bool = False


@dataclass
class GraphRequest:
    method: str
    url: str
    operation: str
    started: float
    ended: float = 0.0


class FakeGraph:
    """A fake Graph mailbox (one event loop at a time)."""

    def __init__(self, mailbox: str = "otp@contoso.com", latency: float = 0.0) -> None:
        self.mailbox = mailbox
        self.latency = latency
        self.messages: list[GraphMessage] = []
        self.requests: list[GraphRequest] = []
        self.faults: dict[str, list[GraphFault]] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.token_lifetime = 3599
        """``expires_in`` of the access tokens the token endpoint issues, in seconds."""
        self.cpu_seconds = 0.0
        """CPU time spent building answers; the injected latency is an ``await`` and costs
        none."""
        self.attachment_select_honoured = True
        self.refuse_filter_with_orderby = False
        self.filter_honoured = True
        self.order_honoured = True
        self.narrow_rows_drop: tuple[str, ...] = ()
        self.response_bytes = 0
        """Bytes of every answer's body, token answers included."""
        self._serial = 0
        self.transport = _GraphTransport(self)
        self.token_transport = _TokenTransport(self)

    def deliver(
        self,
        *,
        to: str,
        subject: str = "Your code",
        body: str = "Your code is 123456",
        sender: str = "no-reply@acme.example",
        at: datetime | None = None,
        content_type: str = "text",
        is_draft: bool = False,
        attachments: Sequence[GraphAttachment] = (),
        verdict: Verdict | None = PASS,
        headers: list[dict[str, str]] | None = None,
    ) -> str:
        """Deliver one message; Exchange Online's report on it says ``verdict`` (``None``: no
        report, as for mail sent inside the tenant), unless ``headers`` gives the whole
        ``internetMessageHeaders`` list."""
        self._serial += 1
        received = at or datetime.now(UTC)
        if headers is None:
            domain = sender.rpartition("@")[2]
            delivery = exchange_delivery(
                verdict, mailfrom_domain=domain, from_domain=domain, at=received
            )
            own = [
                ("From", sender),
                ("To", to),
                ("Subject", subject),
                ("Date", received.strftime("%a, %d %b %Y %H:%M:%S +0000")),
                ("Message-ID", f"<fake{self._serial:08d}@{domain}>"),
                ("MIME-Version", "1.0"),
                (
                    "Content-Type",
                    f"text/{'html' if content_type == 'html' else 'plain'}; charset=utf-8",
                ),
            ]
            headers = graph_headers(delivery, own)
        message = GraphMessage(
            id=f"AAMkAGI2{self._serial:08d}AAA=",
            received=received,
            subject=subject,
            sender=sender,
            to=[to],
            body=body,
            content_type=content_type,
            is_draft=is_draft,
            attachments=list(attachments),
            headers=headers,
        )
        self.messages.append(message)
        return message.id

    def fail(self, operation: str, *faults: GraphFault) -> None:
        self.faults.setdefault(operation, []).extend(faults)

    def count(self, operation: str | None = None) -> int:
        return sum(1 for r in self.requests if operation is None or r.operation == operation)

    def sequential_round_trips(self, operations: set[str] | None = None) -> int:
        return sequential_round_trips(self.requests, operations)

    def reset_counters(self) -> None:
        self.requests.clear()
        self.max_in_flight = self.in_flight

    # -- answering ----------------------------------------------------------------------

    async def answer(
        self, operation: str, method: str, url: str
    ) -> tuple[int, dict[str, str], bytes]:
        record = GraphRequest(method, url, operation, time.monotonic())
        self.requests.append(record)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            queue = self.faults.get(operation) or []
            fault = queue.pop(0) if queue else None
            if fault is not None:
                if fault.delay:
                    await asyncio.sleep(fault.delay)
                if fault.reset:
                    raise httpx.ReadError("connection reset by peer")
                if fault.status:
                    headers = {"Content-Type": "application/json", **fault.headers}
                    return fault.status, headers, fault.body.encode()
            cpu_started = time.thread_time()
            try:
                if operation == "token":
                    token = {
                        "token_type": "Bearer",
                        "expires_in": self.token_lifetime,
                        "ext_expires_in": self.token_lifetime,
                        "access_token": "fake-graph-token",
                    }
                    return (
                        200,
                        {"Content-Type": "application/json; charset=utf-8"},
                        json.dumps(token).encode(),
                    )
                try:
                    listed = self._list(url)
                except GraphRefusal as refusal:
                    error = {"error": {"code": refusal.code, "message": refusal.message}}
                    return 400, {"Content-Type": GRAPH_TYPE}, json.dumps(error).encode()
                # A subclass may answer with pre-encoded bytes (rows serialised in advance).
                body = listed if isinstance(listed, bytes) else json.dumps(listed).encode()
                self.response_bytes += len(body)
                return 200, {"Content-Type": GRAPH_TYPE}, body
            finally:
                # Nothing above awaits, so this thread's CPU time here is the fake's alone.
                self.cpu_seconds += time.thread_time() - cpu_started
        finally:
            self.in_flight -= 1
            record.ended = time.monotonic()

    def _list(self, url: str) -> dict[str, Any] | bytes:
        listing = self._page(url)
        attachments = listing.attachments
        if attachments not in (None, False) and not self.attachment_select_honoured:
            attachments = None  # the nested $select ignored: every property, content too
        rows = [m.row(listing.fields, attachments, self.mailbox) for m in listing.messages]
        if listing.fields is not None and len(listing.fields) <= 2:
            for row in rows:
                for name in self.narrow_rows_drop:
                    row.pop(name, None)
        payload: dict[str, Any] = {
            "@odata.context": listing.context,
            "value": rows,
        }
        if listing.next_link:
            payload["@odata.nextLink"] = listing.next_link
        return payload

    def _page(self, url: str) -> Listing:
        """One list page (see :class:`Listing`)."""
        parts = urlsplit(url)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        selected = query.get("$select")
        fields = selected.split(",") if selected else None
        attachments = attachment_fields(query.get("$expand"))
        top = int(query.get("$top", "10"))
        skip = int(query.get("$skip", "0"))
        rows = list(self.messages)
        flt = query.get("$filter", "")
        if flt and query.get("$orderby") and self.refuse_filter_with_orderby:
            raise GraphRefusal(
                "InefficientFilter",
                "The restriction or sort order is too complex for this operation.",
            )
        if flt.startswith("receivedDateTime ge ") and self.filter_honoured:
            stamp, _, rest = flt.split(" ge ", 1)[1].partition(" and ")
            floor = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
            rows = [m for m in rows if m.received.replace(microsecond=0) >= floor]
            if rest == "hasAttachments eq true":
                rows = [m for m in rows if any(not a.is_inline for a in m.attachments)]
        rows.sort(key=lambda m: m.received, reverse=self.order_honoured)
        page = rows[skip : skip + top]
        context = f"https://graph.microsoft.com/v1.0/$metadata#users('{self.mailbox}')/messages"
        next_link = None
        if skip + top < len(rows):
            following = {**query, "$skip": str(skip + top)}
            next_link = f"https://graph.microsoft.com{parts.path}?{urlencode(following)}"
        return Listing(page, fields, attachments, context, next_link)


@dataclass(frozen=True)
class Listing:
    """What one list request asked for and gets."""

    messages: list[GraphMessage]
    fields: list[str] | None
    """The ``$select``-ed properties (``None``: all)."""
    attachments: list[str] | Literal[False] | None
    """The expanded attachments' properties (``None``: all), ``False`` if not expanded."""
    context: str
    next_link: str | None
    """``None`` on the last page."""


class _GraphTransport(httpx.AsyncBaseTransport):
    def __init__(self, fake: FakeGraph) -> None:
        self.fake = fake

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        status, headers, body = await self.fake.answer(
            "messages.list", request.method, str(request.url)
        )
        return httpx.Response(status, content=body, headers=headers)


class _Closed:
    async def close(self) -> None:
        return None


class _TokenTransport(AsyncHttpTransport):  # type: ignore[type-arg]
    def __init__(self, fake: FakeGraph) -> None:
        self.fake = fake

    async def send(self, request: Any, **kwargs: Any) -> Any:
        status, headers, body = await self.fake.answer("token", request.method, request.url)
        response = AsyncHttpResponseImpl(
            request=request,
            internal_response=_Closed(),
            status_code=status,
            reason="OK" if status == 200 else "Error",
            content_type=headers.get("Content-Type", "application/json"),
            headers=CaseInsensitiveDict(headers),
            stream_download_generator=None,
        )
        response._content = body
        return response

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def __aenter__(self) -> _TokenTransport:
        return self

    async def __aexit__(self, *args: Any) -> None:
        return None

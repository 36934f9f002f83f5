"""An in-process Gmail upstream at httplib2's transport seam.

``FakeGmail`` holds a mailbox and answers the requests the real google-api-python-client
and google-auth send — token, ``messages.list``, ``messages.get`` (``format=raw``, ``full``
— the API's default —, ``metadata`` or ``minimal``), ``getProfile`` and ``history.list`` —
in Gmail's wire format (research/gmail.md §7), alone or as the parts of a batch
(``POST /batch``: a ``multipart/mixed`` body of ``application/http`` parts, answered in
kind, each part with its own status and the request's ``Content-ID`` prefixed with
``response-``; gmail.md §3 and §7.8). It records every request with its time (the parts of a
batch in :attr:`FakeGmail.parts`), can inject latency (per request, in the calling thread,
so concurrent requests overlap as they would on the wire) and faults (per request, per
batch part, or per message id), and counts Gmail quota units (list 5, get 20, history 2,
getProfile 1, each batch part as much as the call alone; gmail.md §4.1 and §3) and the CPU
time it spent answering (``cpu_seconds``, so a benchmark can subtract the fake's own work).

Plug it in with ``GmailProvider(mailbox, http_factory=fake.http_factory)``: the provider's
:class:`~otpmail._providers._gmail_http.PinnedHttp` subclass below still runs the egress check
in ``request()``; only ``_conn_request``, the socket layer, is replaced.

The search is deliberately as loose as Gmail's (``to:qa@x`` also matches ``qa+tag@x``,
``after:`` compares whole seconds), so otpmail's exact rules are exercised against it.
"""

from __future__ import annotations

import base64
import contextlib
import email
import email.policy
import hashlib
import itertools
import json
import re
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses
from functools import cached_property
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httplib2

from fakes import sequential_round_trips
from otpmail._providers._gmail_http import PinnedHttp

QUOTA = {
    "messages.list": 5,
    "messages.get": 20,
    "history.list": 2,
    "getProfile": 1,
    "watch": 100,
    "token": 0,
    "batch": 0,  # each part counts as the call it holds (gmail.md §3)
}
BATCH_LIMIT = 100
"""Calls Gmail takes in one batch (gmail.md §3); more is a 400 for the whole batch."""


@dataclass
class StoredMessage:
    id: str
    raw: bytes
    internal_ms: int
    history_id: int
    labels: tuple[str, ...] = ("INBOX", "UNREAD")
    addresses: dict[tuple[str, ...], list[str]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """The search's recipients and senders per set of header names, parsed once: a
    message never changes, so the answers are those of parsing them on every search."""

    @property
    def parsed(self) -> EmailMessage:
        msg = email.message_from_bytes(self.raw, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        return msg

    @cached_property
    def headers(self) -> EmailMessage:
        """The top-level headers only, parsed once (what the search matches on)."""
        msg = BytesHeaderParser(policy=email.policy.default).parsebytes(self.raw)
        assert isinstance(msg, EmailMessage)
        return msg


@dataclass
class Fault:
    """What to do instead of (or before) answering one request."""

    status: int = 0
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    """Seconds to stall first (bounded by the socket timeout, like a real read)."""
    reset: bool = False
    """Raise ConnectionResetError instead of answering."""
    content_type: str = "application/json; charset=UTF-8"


@dataclass
class Request:
    method: str
    url: str
    operation: str
    started: float
    ended: float = 0.0
    batch: Request | None = None
    """The batch request this call was a part of; ``None`` for a request on the wire."""


class FakeGmail:
    """A stateful fake Gmail mailbox. Thread-safe: the provider calls it from worker threads."""

    def __init__(
        self,
        latency: float = 0.0,
        history_floor: int = 0,
        timed_ids: bool = True,
        honour_fields: bool = False,
    ) -> None:
        self.latency = latency
        self.timed_ids = timed_ids
        self.honour_fields = honour_fields
        """Apply the ``fields`` partial-response mask, as Gmail does; off by default (the
        fake's answers then carry every field)."""
        """Mint ids as Gmail does, the creation time in ms above 20 low bits (see
        otpmail._providers._gmail_ids); False mints ids that carry no time."""
        self.messages: list[StoredMessage] = []
        self.history_id = 1000
        self.history_floor = history_floor
        """``history.list`` from a start id below this answers 404 (expired)."""
        self.requests: list[Request] = []
        """The requests that reached the fake on the wire (a batch is one)."""
        self.parts: list[Request] = []
        """The calls inside batch requests, one per part."""
        self.faults: dict[str, list[Fault]] = {}
        self.token_lifetime = 3599
        """``expires_in`` of the access tokens the token endpoint issues, in seconds."""
        self.cpu_seconds = 0.0
        """CPU time (of the calling threads) spent answering; the injected latency is a
        sleep and costs none."""
        self.watch_topic: str | None = None
        """The topic of the mailbox's push watch (``users.watch``), if one was made."""
        self.on_change: list[Any] = []
        """Called with each notification Gmail would publish to the watch's topic (a
        ``{"emailAddress", "historyId"}`` dict) after a delivery, while a watch exists."""
        self.address = "qa@example.com"
        self._lock = threading.Lock()
        self._next_id = 0x18C1F2A3B4C50000
        # (query, message id) -> match; a message never changes, so this never goes stale.
        self._matched: dict[tuple[str, str], bool] = {}

    # -- the mailbox ------------------------------------------------------------------

    def deliver(
        self,
        raw: bytes | EmailMessage,
        at: datetime | None = None,
        labels: tuple[str, ...] = ("INBOX", "UNREAD"),
        id_lag_ms: int = 0,
    ) -> str:
        """Add a message as Gmail would on delivery; returns its id.

        ``id_lag_ms``: how far behind its id's time this message's ``internalDate`` is (a
        timed id's time is ``internalDate - id_lag_ms``); Gmail's own lag is not documented,
        so the fake's default is none."""
        with self._lock:
            message, notification = self._store(raw, at, labels, id_lag_ms)
        if notification is not None:
            for publish in list(self.on_change):
                publish(notification)
        return message.id

    def deliver_together(self, raws: list[bytes | EmailMessage]) -> list[str]:
        """Deliver ``raws`` in order at one instant for the fake: no request is answered
        between them (what a test needs to say which one is newest)."""
        with self._lock:
            stored = [self._store(raw, None, ("INBOX", "UNREAD"), 0) for raw in raws]
        for _, notification in stored:
            if notification is not None:
                for publish in list(self.on_change):
                    publish(notification)
        return [message.id for message, _ in stored]

    def _store(
        self,
        raw: bytes | EmailMessage,
        at: datetime | None,
        labels: tuple[str, ...],
        id_lag_ms: int,
    ) -> tuple[StoredMessage, dict[str, Any] | None]:
        """Add a message (the lock held)."""
        data = bytes(raw) if isinstance(raw, EmailMessage) else raw
        self._next_id += 0x1F
        self.history_id += 7
        internal_ms = int((at.timestamp() if at else time.time()) * 1000)
        serial = self._next_id & 0xFFFFF
        id_ms = internal_ms - id_lag_ms
        message = StoredMessage(
            id=f"{id_ms << 20 | serial:016x}" if self.timed_ids else f"{self._next_id:x}",
            raw=data,
            internal_ms=internal_ms,
            history_id=self.history_id,
            labels=labels,
        )
        self.messages.append(message)
        notification = (
            {"emailAddress": self.address, "historyId": self.history_id}
            if self.watch_topic
            else None
        )
        return message, notification

    def remove(self, message_id: str) -> None:
        """Delete a message (a later ``messages.get`` answers 404)."""
        with self._lock:
            self.messages = [m for m in self.messages if m.id != message_id]

    def fail(self, operation: str, *faults: Fault) -> None:
        """Queue faults for the next requests of ``operation`` (one fault per request; a
        batch part is a request of the operation it holds, ``batch`` the batch itself).
        ``"messages.get <id>"`` queues faults for the gets of that one message, ahead of
        the queue of every get."""
        with self._lock:
            self.faults.setdefault(operation, []).extend(faults)

    # -- accounting ---------------------------------------------------------------------

    def count(self, operation: str | None = None) -> int:
        """Calls of ``operation``: requests on the wire and the parts of batches alike
        (``batch`` counts the batch requests)."""
        return sum(
            1 for r in self.requests + self.parts if operation is None or r.operation == operation
        )

    @property
    def quota(self) -> int:
        return sum(QUOTA.get(r.operation, 0) for r in self.requests + self.parts)

    def sequential_round_trips(self, operations: set[str] | None = None) -> int:
        """Round trips on the wire: a batch is one, whatever it holds."""
        return sequential_round_trips(self.requests, operations)

    def reset_counters(self) -> None:
        with self._lock:
            self.requests.clear()
            self.parts.clear()

    # -- the seam -----------------------------------------------------------------------

    def http_factory(self) -> FakeGmailHttp:
        return FakeGmailHttp(self)

    def _next_fault(self, operation: str, message_id: str = "") -> Fault | None:
        with self._lock:
            for key in (f"{operation} {message_id}", operation):
                queue = self.faults.get(key) or []
                if queue:
                    return queue.pop(0)
        return None

    def handle(
        self,
        method: str,
        url: str,
        body: Any,
        timeout: float | None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        parts = urlsplit(url)
        query = {k: v for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        operation = _operation(method, parts.netloc, parts.path)
        record = Request(method, url, operation, time.monotonic())
        cpu_started = time.thread_time()
        with self._lock:
            self.requests.append(record)
        fault = self._next_fault(operation, _message_id(operation, parts.path))
        try:
            if self.latency:
                time.sleep(self.latency)
            if fault is not None:
                if fault.delay:
                    if timeout is not None and fault.delay > timeout:
                        time.sleep(timeout)
                        raise TimeoutError("timed out")
                    time.sleep(fault.delay)
                if fault.reset:
                    raise ConnectionResetError(104, "Connection reset by peer")
                if fault.status:
                    payload = fault.body.encode() if isinstance(fault.body, str) else fault.body
                    return (
                        fault.status,
                        {"content-type": fault.content_type, **fault.headers},
                        payload,
                    )
            if operation == "batch":
                return self._batch(record, body, headers or {})
            if operation == "watch":
                return self._watch(body)
            status, answer = self._masked(*self._answer(operation, parts.path, query), query)
            # An answer may come pre-encoded (a subclass caching large bodies).
            content = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
            return status, {"content-type": "application/json; charset=UTF-8"}, content
        finally:
            record.ended = time.monotonic()
            spent = time.thread_time() - cpu_started
            with self._lock:
                self.cpu_seconds += spent

    def _batch(
        self, record: Request, body: Any, headers: Mapping[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        """Answer a batch as Gmail does: each part is unwrapped and answered as the request
        it holds, in a ``multipart/mixed`` answer whose parts carry their own status."""
        content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
        data = body.encode("latin-1") if isinstance(body, str) else bytes(body or b"")
        message = BytesParser(policy=email.policy.compat32).parsebytes(
            b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + data
        )
        if not message.is_multipart() or message.get_content_type() != "multipart/mixed":
            return _batch_refused("Invalid multipart request")
        requests = message.get_payload()
        assert isinstance(requests, list)
        if not 0 < len(requests) <= BATCH_LIMIT:
            return _batch_refused(f"A batch holds 1 to {BATCH_LIMIT} calls")
        answers = []
        for part in requests:
            content_id = str(part.get("Content-ID") or "")
            inner = part.get_payload()
            status, answer = self._batch_part(record, inner if isinstance(inner, str) else "")
            content = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
            response_id = f"<response-{content_id.strip('<>')}>" if content_id else ""
            answers.append((response_id, status, content))
        boundary = f"batch_{next(_BOUNDARIES):08x}{hashlib.sha1(data).hexdigest()[:12]}"
        chunks = []
        for response_id, status, content in answers:
            head = [f"--{boundary}", "Content-Type: application/http"]
            if response_id:
                head.append(f"Content-ID: {response_id}")
            head += [
                "",
                f"HTTP/1.1 {status} {HTTPStatus(status).phrase}",
                "Content-Type: application/json; charset=UTF-8",
                "Vary: Origin",
                "Vary: X-Origin",
                "Vary: Referer",
                "",
                "",
            ]
            chunks += ["\r\n".join(head).encode(), content, b"\r\n"]
        chunks.append(f"--{boundary}--\r\n".encode())
        return 200, {"content-type": f"multipart/mixed; boundary={boundary}"}, b"".join(chunks)

    def _batch_part(self, batch: Request, inner: str) -> tuple[int, dict[str, Any] | bytes]:
        """One part: ``GET <path>`` and headers, as Gmail unwraps it; only the path part of
        a URL is allowed (gmail.md §3), and a batch holds no batch."""
        request_line = inner.lstrip("\r\n").split("\n", 1)[0].strip()
        method, _, rest = request_line.partition(" ")
        target = rest.rsplit(" ", 1)[0] if rest.endswith(("HTTP/1.1", "HTTP/1.0")) else rest
        parts = urlsplit(target)
        operation = _operation(method, "gmail.googleapis.com", parts.path)
        record = Request(
            method,
            f"https://gmail.googleapis.com{target}",
            operation,
            time.monotonic(),
            batch=batch,
        )
        with self._lock:
            self.parts.append(record)
        try:
            if not target.startswith("/") or parts.netloc or method != "GET":
                return 400, _error(400, "Invalid batch part", "badRequest")
            if operation in ("batch", "token") or operation.startswith(method):
                return 400, _error(400, "Invalid batch part", "badRequest")
            fault = self._next_fault(operation, _message_id(operation, parts.path))
            if fault is not None:
                if fault.reset:
                    raise ConnectionResetError(104, "Connection reset by peer")
                if fault.delay:
                    time.sleep(fault.delay)
                if fault.status:
                    payload = fault.body.encode() if isinstance(fault.body, str) else fault.body
                    return fault.status, payload
            query = parse_qs(parts.query, keep_blank_values=True)
            return self._masked(*self._answer(operation, parts.path, query), query)
        finally:
            record.ended = time.monotonic()

    def _masked(
        self, status: int, answer: dict[str, Any] | bytes, query: dict[str, list[str]]
    ) -> tuple[int, dict[str, Any] | bytes]:
        """``answer`` narrowed to the request's ``fields`` mask when the fake honours it."""
        if self.honour_fields and status == 200 and isinstance(answer, dict):
            mask = query.get("fields", [""])[0]
            answer = partial_response(answer, mask) if mask else answer
        return status, answer

    def _answer(
        self, operation: str, path: str, query: dict[str, list[str]]
    ) -> tuple[int, dict[str, Any] | bytes]:
        if operation == "token":
            return 200, {
                "access_token": "ya29.fake-upstream-token",
                "expires_in": self.token_lifetime,
                "token_type": "Bearer",
            }
        if operation == "getProfile":
            return 200, {
                "emailAddress": "qa@example.com",
                "messagesTotal": len(self.messages),
                "historyId": str(self.history_id),
            }
        if operation == "messages.list":
            return 200, self._list(query)
        if operation == "messages.get":
            message_id = path.rsplit("/", 1)[1]
            with self._lock:
                found = next((m for m in self.messages if m.id == message_id), None)
            if found is None:
                return 404, _error(404, "Requested entity was not found.", "notFound")
            return 200, message_resource(
                found, query.get("format", ["full"])[0], query.get("metadataHeaders", [])
            )
        if operation == "history.list":
            start = int(query["startHistoryId"][0])
            if start < self.history_floor:
                return 404, _error(404, "Requested entity was not found.", "notFound")
            with self._lock:
                added = [m for m in self.messages if m.history_id > start]
                current = self.history_id
            history = [
                {
                    "id": str(m.history_id),
                    "messagesAdded": [
                        {"message": {"id": m.id, "threadId": m.id, "labelIds": list(m.labels)}}
                    ],
                }
                for m in added
            ]
            payload: dict[str, Any] = {"historyId": str(current)}
            if history:
                payload["history"] = history
            return 200, payload
        return 400, _error(400, "Invalid request", "badRequest")

    def _watch(self, body: Any) -> tuple[int, dict[str, str], bytes]:
        request = json.loads(body or b"{}")
        with self._lock:
            self.watch_topic = str(request["topicName"])
            answer = {
                "historyId": str(self.history_id),
                # Gmail's watch lasts seven days (epoch milliseconds, as a string).
                "expiration": str(int((time.time() + 7 * 86400) * 1000)),
            }
        return 200, {"content-type": "application/json; charset=UTF-8"}, json.dumps(answer).encode()

    def _matches(self, q: str, message: StoredMessage) -> bool:
        key = (q, message.id)
        found = self._matched.get(key)
        if found is None:
            found = self._matched[key] = _gmail_matches(q, message)
        return found

    def _list(self, query: dict[str, list[str]]) -> dict[str, Any]:
        q = query.get("q", [""])[0]
        size = int(query.get("maxResults", ["100"])[0])
        offset = int(query.get("pageToken", ["0"])[0])
        with self._lock:
            candidates = [m for m in self.messages if self._matches(q, m)]
        # Gmail lists roughly newest first.
        candidates.sort(key=lambda m: m.internal_ms, reverse=True)
        page = candidates[offset : offset + size]
        payload: dict[str, Any] = {}
        if page:
            payload["messages"] = [{"id": m.id, "threadId": m.id} for m in page]
        if offset + size < len(candidates):
            payload["nextPageToken"] = str(offset + size)
        return payload


def _mask(fields: str) -> dict[str, Any]:
    """A ``fields`` mask (``a/b,c(d,e)``) as a tree: name -> sub-mask (``{}``: all of it)."""
    tree: dict[str, Any] = {}
    depth, start, items = 0, 0, []
    for i, char in enumerate(fields + ","):
        depth += char == "("
        depth -= char == ")"
        if char == "," and depth == 0:
            items.append(fields[start:i].strip())
            start = i + 1
    for item in filter(None, items):
        name, _, rest = item.partition("/")
        if "(" in name:
            name, _, inner = item.partition("(")
            tree[name] = _mask(inner[:-1])
        else:
            tree.setdefault(name, {})
            if rest:
                tree[name] = {**tree[name], **_mask(rest)}
    return tree


def _apply(value: Any, tree: dict[str, Any]) -> Any:
    if not tree:
        return value
    if isinstance(value, list):
        return [_apply(v, tree) for v in value]
    if isinstance(value, dict):
        return {k: _apply(v, tree[k]) for k, v in value.items() if k in tree}
    return value


def partial_response(answer: dict[str, Any], fields: str) -> dict[str, Any]:
    """``answer`` narrowed to the ``fields`` mask, as Google's partial responses are.

    >>> partial_response({"messages": [{"id": "a", "threadId": "a"}], "x": 1}, "messages/id")
    {'messages': [{'id': 'a'}]}
    """
    result: dict[str, Any] = _apply(answer, _mask(fields))
    return result


def message_resource(
    message: StoredMessage, fmt: str = "full", metadata_headers: list[str] | None = None
) -> dict[str, Any]:
    """The ``messages.get`` answer for ``message`` in format ``fmt`` (gmail.md §7.2-§7.4)."""
    resource: dict[str, Any] = {
        "id": message.id,
        "threadId": message.id,
        "labelIds": list(message.labels),
        "historyId": str(message.history_id),
        "internalDate": str(message.internal_ms),
        "sizeEstimate": len(message.raw),
    }
    fmt = fmt.lower()
    if fmt == "raw":
        resource["raw"] = base64.urlsafe_b64encode(message.raw).decode()
    elif fmt == "metadata":
        wanted = {h.lower() for h in metadata_headers or []}
        resource["payload"] = {
            "mimeType": message.headers.get_content_type(),
            "headers": [
                {"name": name, "value": _unfold(value)}
                for name, value in message.headers.raw_items()
                if not wanted or name.lower() in wanted
            ],
        }
    elif fmt != "minimal":
        resource["payload"] = _part(message.parsed, "")
    return resource


def _unfold(value: str) -> str:
    return re.sub(r"\r?\n[ \t]", " ", value).strip()


def _part(part: EmailMessage, part_id: str) -> dict[str, Any]:
    """One ``MessagePart`` of ``format=full``: text parts inline as UTF-8 (Gmail's observed
    normalisation, gmail.md §2), named attachments by ``attachmentId`` only."""
    node: dict[str, Any] = {
        "partId": part_id,
        "mimeType": part.get_content_type(),
        "filename": part.get_filename() or "",
        "headers": [{"name": n, "value": _unfold(v)} for n, v in part.raw_items()],
    }
    if part.is_multipart():
        node["body"] = {"size": 0}
        node["parts"] = [
            _part(child, f"{part_id}.{i}" if part_id else str(i))
            for i, child in enumerate(part.iter_parts())
            if isinstance(child, EmailMessage)
        ]
        return node
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        data = b""
    if part.get_content_maintype() == "text" and not node["filename"]:
        with contextlib.suppress(LookupError, UnicodeError, KeyError):
            data = part.get_content().encode("utf-8")
    if node["filename"]:
        digest = hashlib.sha1(data).hexdigest()  # a stable, opaque id
        node["body"] = {"attachmentId": f"ANGjdJ{digest}", "size": len(data)}
    else:
        node["body"] = {"size": len(data), "data": base64.urlsafe_b64encode(data).decode()}
    return node


class FakeGmailHttp(PinnedHttp):
    """``PinnedHttp`` whose socket layer is the fake: the egress check still runs first."""

    def __init__(self, upstream: FakeGmail) -> None:
        super().__init__()
        self.upstream = upstream

    def _conn_request(
        self, conn: Any, request_uri: str, method: str, body: Any, headers: Any
    ) -> Any:
        url = f"https://{conn.host}{request_uri}"
        status, response_headers, content = self.upstream.handle(
            method, url, body, self.timeout, headers=dict(headers or {})
        )
        info = {"status": str(status), **response_headers, "content-length": str(len(content))}
        return httplib2.Response(info), content


def _operation(method: str, host: str, path: str) -> str:
    if host == "oauth2.googleapis.com":
        return "token"
    if path == "/batch" or path.startswith("/batch/"):
        return "batch"
    if path.endswith("/profile"):
        return "getProfile"
    if path.endswith("/history"):
        return "history.list"
    if path.endswith("/watch"):
        return "watch"
    if path.endswith("/messages"):
        return "messages.list"
    if "/messages/" in path:
        return "messages.get"
    return f"{method} {path}"


def _message_id(operation: str, path: str) -> str:
    return path.rsplit("/", 1)[1] if operation == "messages.get" else ""


_BOUNDARIES = itertools.count(1)


def _batch_refused(message: str) -> tuple[int, dict[str, str], bytes]:
    body = json.dumps(_error(400, message, "badRequest")).encode()
    return 400, {"content-type": "application/json; charset=UTF-8"}, body


def _error(code: int, message: str, reason: str) -> dict[str, Any]:
    return {
        "error": {
            "code": code,
            "message": message,
            "errors": [{"message": message, "domain": "global", "reason": reason}],
        }
    }


def error_body(
    code: int,
    message: str,
    reason: str,
    *,
    domain: str = "global",
    status: str | None = None,
) -> str:
    """A Gmail error answer as Google sends it (gmail.md §4.2): the classic ``errors[]``
    entry, plus the newer ``status`` where Google adds it."""
    entry = {"domain": domain, "reason": reason, "message": message}
    error: dict[str, Any] = {"errors": [entry], "code": code, "message": message}
    if status:
        error["status"] = status
    return json.dumps({"error": error}, indent=1)


DAILY_LIMIT_EXCEEDED = error_body(
    403, "Daily Limit Exceeded", "dailyLimitExceeded", domain="usageLimits"
)
"""403 ``dailyLimitExceeded``, as the handle-errors guide shows it: the project's daily quota
(a cap its owner set, the guide says) is spent."""
DAILY_QUERIES_EXCEEDED = error_body(
    403,
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service "
    "'gmail.googleapis.com' for consumer 'project_number:123456789012'.",
    "rateLimitExceeded",
    domain="usageLimits",
    status="PERMISSION_DENIED",
)
"""A per-day limit as Google's quota system reports it: reason ``rateLimitExceeded``, the
limit named in the message (the per-minute shape of gmail.md §4.2, with Google's per-day
limit name as androidpublisher reports it, aporat/store-receipt-validator#136)."""
QUOTA_EXCEEDED = error_body(
    403,
    "The requested operation requires more resources than the quota allows.",
    "quotaExceeded",
    domain="usageLimits",
    status="PERMISSION_DENIED",
)
"""403 ``quotaExceeded``, with Google's standard description of the reason."""
DOMAIN_POLICY = error_body(
    403, "The domain administrators have disabled Gmail apps.", "domainPolicy"
)
"""403 ``domainPolicy``: the Workspace administrator disabled the API for the domain."""
ACCESS_NOT_CONFIGURED = json.dumps(
    {
        "error": {
            "code": 403,
            "message": "Gmail API has not been used in project 123456789012 before or it is "
            "disabled. Enable it by visiting https://console.developers.google.com/apis/api/"
            "gmail.googleapis.com/overview?project=123456789012 then retry.",
            "errors": [
                {
                    "message": "Gmail API has not been used in project 123456789012 before or "
                    "it is disabled.",
                    "domain": "usageLimits",
                    "reason": "accessNotConfigured",
                    "extendedHelp": "https://console.developers.google.com",
                }
            ],
            "status": "PERMISSION_DENIED",
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "SERVICE_DISABLED",
                    "domain": "googleapis.com",
                    "metadata": {
                        "service": "gmail.googleapis.com",
                        "consumer": "projects/123456789012",
                    },
                }
            ],
        }
    },
    indent=1,
)
"""403 ``accessNotConfigured``: the Gmail API is not enabled in the key's Cloud project, the
usual first error of a new service account (the shape of Google's standard error model,
with the ``google.rpc.ErrorInfo`` detail ``SERVICE_DISABLED``)."""


_TERM = re.compile(r'(\w+):("(?:[^"\\]|\\.)*"|\S+)')


def _addresses(message: StoredMessage, *headers: str) -> list[str]:
    found = message.addresses.get(headers)
    if found is None:
        parsed = message.headers
        values = [str(v) for h in headers for v in parsed.get_all(h, [])]
        found = message.addresses[headers] = [a.lower() for _, a in getaddresses(values)]
    return found


def _gmail_matches(q: str, message: StoredMessage) -> bool:
    """Gmail-like loose matching of the terms otpmail sends."""
    for name, value in _TERM.findall(q):
        value = value.strip('"').replace('\\"', '"').replace("\\\\", "\\").lower()
        if name == "to":
            base = re.sub(r"\+[^@]*@", "@", value)
            recipients = [
                re.sub(r"\+[^@]*@", "@", a) for a in _addresses(message, "To", "Cc", "Delivered-To")
            ]
            if not any(
                base == r or (("@" not in base) and r.endswith("@" + base.lstrip("@")))
                for r in recipients
            ):
                return False
        elif name == "from":
            senders = _addresses(message, "From")
            if not any(
                value == s or s.endswith(("@" + value.lstrip("@"), "." + value)) for s in senders
            ):
                return False
        elif name == "subject":
            if value not in str(message.headers.get("Subject", "")).lower():
                return False
        elif name == "after" and message.internal_ms // 1000 < int(value):
            return False
    return True

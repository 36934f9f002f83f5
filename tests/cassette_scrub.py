"""Scrubbing recorded interactions, and the check that refuses a cassette with a leak.

A recording from a live mailbox holds what must never be committed: the OAuth assertion
(a JWT signed with the service-account key), access tokens, key ids, client ids and
secrets, tenant ids, and the mail itself (addresses, subjects, bodies, ids). The scrubber
replaces each with a test value — consistently, so that the replay makes the decisions the
live run made: an address of the mailbox stays the mailbox's (with its ``+tag``), ids keep
their order and Gmail ids their creation time, every time moves by one offset so the frozen
test clock stands where the recording's clock stood.

Then :func:`leaks` looks for every value the recorder saw (before scrubbing) and for the
shapes of secrets (a JWT, a Google access token, a PEM key, a bearer header) anywhere in
the cassette's text; :func:`checked_text` refuses to hand out a cassette in which any
survived, naming only the kind of value, never the value.
"""

from __future__ import annotations

import base64
import email
import email.policy
import functools
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime, getaddresses, parsedate_to_datetime
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

import cassette_files

_EMAIL = re.compile(r"[A-Za-z0-9._%+'!#$&*=?^`{|}~-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
_GUID = re.compile(
    r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
)
_LONG_NUMBER = re.compile(r"\b\d{9,}\b")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?")
# The shapes of secrets, whatever their value (a leak of something the recorder never saw).
SECRET_SHAPES: dict[str, re.Pattern[str]] = {
    "a JWT (an assertion or token)": re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    "a Google access token": re.compile(r"ya29\.[A-Za-z0-9_-]{8,}"),
    "a PEM key or certificate": re.compile(r"-----BEGIN [A-Z ]+-----"),
    "a bearer credential": re.compile(r"[Bb]earer [A-Za-z0-9._~+/-]{8,}"),
    "an unredacted assertion": re.compile(r"assertion=(?!REDACTED)[^&\s\"']+"),
    "a client secret or assertion field": re.compile(r"client_(?:secret|assertion)="),
}
# Values shorter than this are not looked for: they occur by chance in any cassette.
_MIN_SECRET = 6
# Gmail's system labels (safe to keep); any other label is the user's own, named by them.
_SYSTEM_LABELS = frozenset(
    {"INBOX", "SPAM", "TRASH", "UNREAD", "STARRED", "IMPORTANT", "SENT", "DRAFT", "CHAT"}
)


class LeakFound(Exception):
    """A scrubbed cassette still holds a value it must not; nothing was written."""


@dataclass
class Secrets:
    """Every value seen that must not survive, by kind."""

    values: dict[str, set[str]] = field(default_factory=dict)

    def add(self, kind: str, value: object) -> None:
        text = str(value or "").strip()
        if len(text) >= _MIN_SECRET:
            self.values.setdefault(kind, set()).add(text)

    def add_text(self, kind: str, value: object) -> None:
        """A subject or body: the whole text and each of its longer lines."""
        text = str(value or "")
        self.add(kind, text)
        for line in re.split(r"[\r\n]+", text):
            if len(line.strip()) >= 12:
                self.add(kind, line.strip())


def leaks(text: str, secrets: Secrets) -> list[str]:
    """The kinds of secret that survive in ``text`` (empty: it is clean)."""
    found = [kind for kind, pattern in SECRET_SHAPES.items() if pattern.search(text)]
    lowered = text.lower()
    for kind, values in secrets.values.items():
        if any(v.lower() in lowered for v in values):
            found.append(kind)
    return found


def checked_text(interactions: list[dict[str, Any]], secrets: Secrets) -> str:
    """The YAML of a cassette, or :class:`LeakFound` if any secret survived scrubbing."""
    text = cassette_files.render(interactions)
    found = leaks(text, secrets)
    if found:
        raise LeakFound("refused to write a cassette that still holds " + ", ".join(found))
    return text


@dataclass
class Mapper:
    """Consistent replacements for one recording: live value -> test value."""

    live_address: str
    test_address: str
    shift: timedelta
    """Added to every time: the test clock minus the recording's clock."""
    secrets: Secrets = field(default_factory=Secrets)
    _aliases: dict[tuple[str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.live_local, _, self.live_domain = self.live_address.lower().partition("@")
        self.test_local, _, self.test_domain = self.test_address.partition("@")
        self.secrets.add("the mailbox address", self.live_address)
        self.secrets.add("the mailbox's domain", self.live_domain)

    def alias(self, kind: str, value: str, make: Callable[[int], str]) -> str:
        key = (kind, value)
        if key not in self._aliases:
            self._aliases[key] = make(sum(k == kind for k, _ in self._aliases) + 1)
        return self._aliases[key]

    # -- mail ------------------------------------------------------------------------------

    def address(self, address: str) -> str:
        """An address of the mailbox's domain stays at the test domain (the mailbox itself,
        with its ``+tag``, stays the test mailbox); any other becomes a sender of
        ``acme.example``."""
        self.secrets.add("an address", address)
        local, _, domain = address.strip().lower().partition("@")
        if not domain:
            return self.domain(local)
        if domain != self.live_domain:
            return self.alias("sender", address.lower(), lambda n: f"sender{n}@acme.example")
        base, plus, tag = local.partition("+")
        new = (
            self.test_local
            if base == self.live_local
            else self.alias("user", base, lambda n: f"user{n}")
        )
        if plus:
            new += "+" + self.alias(
                "tag", tag, lambda n: tag if tag == "otpmail-none" else f"tag{n}"
            )
        return f"{new}@{self.test_domain}"

    def domain(self, domain: str) -> str:
        return self.test_domain if domain.lower() == self.live_domain else domain

    def name(self, name: str) -> str:
        self.secrets.add("a display name", name)
        return self.alias("name", name, lambda n: f"Sender {n}") if name else ""

    def text(self, kind: str, value: str, make: Callable[[int], str]) -> str:
        self.secrets.add_text(kind, value)
        return self.alias(kind, value, make)

    def free_text(self, value: str) -> str:
        """A message from the service (an error description): addresses, GUIDs and long
        numbers (project numbers) replaced, times moved."""
        value = _EMAIL.sub(lambda m: self.address(m.group()), value)
        value = re.sub(re.escape(self.live_domain), self.test_domain, value, flags=re.I)
        value = _GUID.sub(lambda m: self.guid(m.group()), value)
        value = _LONG_NUMBER.sub(lambda m: self.number(m.group()), value)
        return _ISO.sub(lambda m: self.iso(m.group()), value)

    # -- identifiers and times -------------------------------------------------------------

    def guid(self, value: str) -> str:
        self.secrets.add("an id (GUID)", value)
        return self.alias("guid", value.lower(), lambda n: f"00000000-0000-4000-8000-{n:012d}")

    def number(self, value: str) -> str:
        self.secrets.add("a number (project or consumer)", value)
        return self.alias("number", value, lambda n: f"{123456789000 + n}")

    def token(self, kind: str, value: str, make: Callable[[int], str]) -> str:
        self.secrets.add(kind, value)
        return self.alias(kind, value, make)

    def moment(self, value: datetime) -> datetime:
        return value + self.shift

    def iso(self, value: str) -> str:
        """A Graph ``DateTimeOffset`` (or an Entra timestamp), moved."""
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00").replace(" ", "T"))
        except ValueError:
            return value
        moved = self.moment(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC))
        text = moved.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")
        return text + ("Z" if value.endswith("Z") else "")

    def http_date(self, value: str) -> str:
        try:
            return format_datetime(self.moment(parsedate_to_datetime(value)), usegmt=True)
        except (TypeError, ValueError):
            return value


# ---------------------------------------------------------------------------------------
# Shared pieces of an interaction


def keep_headers(
    headers: dict[str, list[str]], allowed: Iterable[str], mapper: Mapper
) -> dict[str, list[str]]:
    """Only the header names the hand-written cassettes carry, values scrubbed; every other
    header (cookies, diagnostics, versions) is dropped."""
    wanted = {h.lower() for h in allowed} - {"content-length"}  # bodies change length
    kept: dict[str, list[str]] = {}
    for name, values in headers.items():
        if name.lower() not in wanted:
            continue
        if name.lower() == "date":
            kept[name] = [mapper.http_date(v) for v in values]
        elif name.lower() in ("request-id", "client-request-id", "x-ms-request-id"):
            kept[name] = [mapper.guid(v) for v in values]
        elif name.lower() == "location":
            kept[name] = [mapper.free_text(v) for v in values]
        else:
            kept[name] = list(values)
    return kept


def rebuild_uri(uri: str, path: str, params: list[tuple[str, str]]) -> str:
    parts = urlsplit(uri)
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(params, quote_via=quote), ""))


def _json(body: str) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return None


def scrub_response(
    response: dict[str, Any],
    mapper: Mapper,
    allowed_headers: Iterable[str],
    document: Callable[[Any], Any],
) -> dict[str, Any]:
    """A response with its headers kept or dropped and its body scrubbed: a JSON body by
    ``document``, any other as free text."""
    body = response["body"]["string"]
    parsed = _json(body)
    if parsed is None:
        body = mapper.free_text(body)
    else:
        body = json.dumps(document(parsed), separators=(",", ":"), ensure_ascii=False)
    return {
        "status": response["status"],
        "headers": keep_headers(response["headers"], allowed_headers, mapper),
        "body": {"string": body},
    }


def scrub_json(value: Any, leaf: Callable[[str, Any], Any], key: str = "") -> Any:
    """Walk a JSON value; ``leaf(key, value)`` gives each scalar its replacement."""
    if isinstance(value, dict):
        return {k: scrub_json(v, leaf, k) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub_json(v, leaf, key) for v in value]
    return leaf(key, value)


# ---------------------------------------------------------------------------------------
# Gmail


@dataclass
class GmailScrubber:
    """Scrubs Gmail and Google-token interactions (vcrpy dicts) with ``mapper``."""

    mapper: Mapper
    allowed_headers: frozenset[str]
    fake_token: str
    make_raw: Callable[[int, datetime, str, tuple[str, ...]], str]
    """A test message: its number, delivery time, recipient and labels -> ``raw``."""

    def message_id(self, live: str) -> str:
        """Time part moved with the clock, the opaque low 20 bits kept (so the order of two
        ids of one millisecond stays)."""
        self.mapper.secrets.add("a message id", live)
        try:
            value = int(live, 16)
        except ValueError:
            return self.mapper.alias("gmail id", live, lambda n: f"{n:016x}")
        moved = ((value >> 20) + int(self.mapper.shift.total_seconds() * 1000)) << 20
        return f"{moved | (value & 0xFFFFF):016x}"

    def history_id(self, live: object) -> str:
        self.mapper.secrets.add("a history id", live)
        return self.mapper.alias("history", str(live), lambda n: str(1000 + 7 * n))

    def page_token(self, live: str) -> str:
        return self.mapper.token("a page token", live, lambda n: f"{17964318470260138754 + n}")

    def query(self, q: str) -> str:
        """The ``q`` of a list: addresses and domains mapped, ``after:`` moved."""
        terms = []
        for term in q.split(" "):
            name, colon, value = term.partition(":")
            if colon and name in ("to", "from"):
                term = f"{name}:{self.mapper.address(value)}"
            elif colon and name == "after" and value.isdigit():
                term = f"after:{int(value) + int(self.mapper.shift.total_seconds())}"
            terms.append(term)
        return " ".join(terms)

    def _path(self, path: str) -> str:
        return re.sub(
            r"/messages/([0-9a-zA-Z]+)$", lambda m: "/messages/" + self.message_id(m[1]), path
        )

    def _params(self, query: str) -> list[tuple[str, str]]:
        params = []
        for name, value in parse_qsl(query, keep_blank_values=True):
            if name == "q":
                value = self.query(value)
            elif name == "pageToken":
                value = self.page_token(value)
            elif name == "startHistoryId":
                value = self.history_id(value)
            params.append((name, value))
        return params

    def content_id(self, value: str) -> str:
        """A batch part's ``Content-ID`` (``<uuid + id>``, answered ``<response-uuid + id>``):
        the uuid and the message id mapped, so the answer still pairs with its request."""
        match = re.fullmatch(r"<(response-)?(\S+) \+ ([^>]+)>", value.strip())
        if match is None:
            return self.mapper.free_text(value)
        return (
            f"<{match[1] or ''}{self.mapper.guid(match[2])} + {self.message_id(unquote(match[3]))}>"
        )

    def batch_body(self, body: str) -> str:
        """A batch request: each part's request line mapped as a request of its own, its
        ``Content-ID`` mapped, and every ``authorization`` line dropped (the client writes
        the access token into each part)."""
        lines = []
        for line in body.split("\n"):
            bare = line.removesuffix("\r")
            end = line[len(bare) :]
            lower = bare.lower()
            if lower.startswith("authorization:"):
                continue
            request = re.fullmatch(r"([A-Z]+) (\S+) (HTTP/1\.1)", bare)
            if lower.startswith("content-id:"):
                bare = "Content-ID: " + self.content_id(bare.split(":", 1)[1])
            elif request is not None:
                target = urlsplit(request[2])
                query = urlencode(self._params(target.query), quote_via=quote)
                bare = f"{request[1]} {self._path(target.path)}{'?' + query if query else ''} {request[3]}"
            lines.append(bare + end)
        return "\n".join(lines)

    def batch_response(self, response: dict[str, Any]) -> dict[str, Any]:
        """A batch answer: each part's ``Content-ID`` mapped and its JSON scrubbed as the
        answer to a ``messages.get`` of its own; Gmail's inner headers but the content type
        dropped."""
        content_type = next(
            (v[0] for k, v in response["headers"].items() if k.lower() == "content-type"), ""
        )
        text = response["body"]["string"]
        answer = email.message_from_string(
            f"Content-Type: {content_type}\r\n\r\n{text}", policy=email.policy.compat32
        )
        boundary = answer.get_boundary()
        if not answer.is_multipart() or not boundary:
            return scrub_response(
                response,
                self.mapper,
                self.allowed_headers,
                functools.partial(scrub_json, leaf=self.leaf),
            )
        chunks = []
        for part in answer.get_payload():
            payload = str(part.get_payload())
            status_line, _, rest = payload.partition("\r\n")
            head, _, inner = rest.partition("\r\n\r\n")
            document = _json(inner)
            if document is None:
                inner = self.mapper.free_text(inner)
            else:
                ok = status_line.split(" ")[1:2] == ["200"]
                scrubbed = self.message_body(document) if ok else scrub_json(document, self.leaf)
                inner = json.dumps(scrubbed, separators=(",", ":"), ensure_ascii=False)
            kept = [h for h in head.split("\r\n") if h.lower().startswith("content-type:")]
            lines = [f"--{boundary}", "Content-Type: application/http"]
            lines.append(f"Content-ID: {self.content_id(str(part.get('Content-ID', '')))}")
            chunks.append("\r\n".join([*lines, "", status_line, *kept, "", inner]) + "\r\n")
        return {
            "status": response["status"],
            "headers": keep_headers(response["headers"], self.allowed_headers, self.mapper),
            "body": {"string": "".join(chunks) + f"--{boundary}--\r\n"},
        }

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        parts = urlsplit(request["uri"])
        path = self._path(parts.path)
        params = self._params(parts.query)
        body = request.get("body")
        if isinstance(body, bytes):
            body = body.decode("utf-8", "replace")
        if body and parts.path == "/batch":
            body = self.batch_body(body)
        elif body:
            form = parse_qsl(body, keep_blank_values=True)
            for name, value in form:
                self.mapper.secrets.add(f"the token request's {name}", value)
            body = urlencode(
                [
                    (n, "REDACTED" if n == "assertion" else v)
                    for n, v in form
                    if n != "assertion" or v
                ]
            )
        headers = {
            k: v
            for k, v in request.get("headers", {}).items()
            if k.lower() in ("content-type", "accept")
        }
        return {
            "method": request["method"],
            "uri": rebuild_uri(request["uri"], path, params),
            "body": body or None,
            "headers": headers,
        }

    def response(self, uri: str, response: dict[str, Any]) -> dict[str, Any]:
        parts = urlsplit(uri)
        if parts.path == "/batch":
            return self.batch_response(response)
        if parts.hostname == "oauth2.googleapis.com":
            document: Callable[[Any], Any] = self.token_body
        elif re.search(r"/messages/[^/]+$", parts.path) and response["status"]["code"] == 200:
            document = self.message_body
        else:
            document = functools.partial(scrub_json, leaf=self.leaf)
        return scrub_response(response, self.mapper, self.allowed_headers, document)

    def token_body(self, document: Any) -> Any:
        if not isinstance(document, dict):
            return document
        for name in ("access_token", "id_token", "refresh_token"):
            if name in document:
                self.mapper.secrets.add("an access token", document[name])
        scrubbed = {k: v for k, v in document.items() if k not in ("id_token", "refresh_token")}
        if "access_token" in scrubbed:
            scrubbed["access_token"] = self.fake_token
        return scrub_json(scrubbed, self.leaf)

    def leaf(self, key: str, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if key in ("id", "threadId"):
            return self.message_id(value)
        if key == "historyId":
            return self.history_id(value)
        if key == "nextPageToken":
            return self.page_token(value)
        if key == "emailAddress":
            return self.mapper.address(value)
        if key == "labelIds":
            return (
                value
                if value in _SYSTEM_LABELS or value.startswith("CATEGORY_")
                else (self.mapper.text("a label", value, lambda n: f"Label_{n}"))
            )
        if key == "access_token":
            return self.fake_token
        return self.mapper.free_text(value)

    def message_body(self, document: Any) -> Any:
        """A ``messages.get``: the message replaced by a test message to the mapped
        recipient, delivered at the moved ``internalDate``, with the same labels."""
        if not isinstance(document, dict):
            return document
        raw = document.get("raw")
        recipient = self.mapper.test_address
        if isinstance(raw, str):
            try:
                blob = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
            except ValueError:
                blob = b""
            message = email.message_from_bytes(blob, policy=email.policy.compat32)
            self.mapper.secrets.add_text("a subject", message.get("Subject", ""))
            for part in message.walk():
                payload = part.get_payload(decode=True)
                if isinstance(payload, bytes):
                    self.mapper.secrets.add_text("a body", payload.decode("utf-8", "replace"))
            for header in ("Message-ID", "From", "Return-Path"):
                self.mapper.secrets.add("a header", message.get(header, ""))
            targets = getaddresses(
                [str(v) for h in ("Delivered-To", "To") for v in message.get_all(h, [])]
            )
            if targets and targets[0][1]:
                recipient = self.mapper.address(targets[0][1])
        scrubbed = scrub_json(
            {k: v for k, v in document.items() if k not in ("raw", "snippet", "payload")}, self.leaf
        )
        if "internalDate" in document:
            moved = int(document["internalDate"]) + int(self.mapper.shift.total_seconds() * 1000)
            scrubbed["internalDate"] = str(moved)
        if isinstance(raw, str):
            number = int(self.mapper.alias("message", str(document.get("id")), str))
            delivered = datetime.fromtimestamp(int(scrubbed.get("internalDate", 0)) / 1000, UTC)
            labels = tuple(scrubbed.get("labelIds") or ())
            scrubbed["raw"] = self.make_raw(number, delivered, recipient, labels)
        return scrubbed


# ---------------------------------------------------------------------------------------
# Microsoft Graph and Entra


@dataclass
class GraphScrubber:
    """Scrubs Graph list pages and Entra token interactions with ``mapper``."""

    mapper: Mapper
    allowed_headers: frozenset[str]
    fake_token: str
    test_tenant: str
    live_tenant: str

    def __post_init__(self) -> None:
        self.mapper.secrets.add("the tenant id", self.live_tenant)

    def message_id(self, live: str) -> str:
        self.mapper.secrets.add("a message id", live)
        return self.mapper.alias("graph id", live, lambda n: f"AAMkADQ5NTI3-rec{n:03d}-AAA=")

    def url(self, url: str) -> str:
        """A request URI or nextLink: the user segment, the tenant, the look-back and any
        paging token mapped."""
        parts = urlsplit(url)
        path = parts.path
        match = re.match(r"(/v1\.0/users/)([^/]+)(/.*)", path)
        if match:
            live_user = unquote(match[2])
            self.mapper.secrets.add("the mailbox address", live_user)
            path = match[1] + quote(self.mapper.address(live_user), safe="") + match[3]
        path = path.replace(self.live_tenant, self.test_tenant)
        params = []
        for name, value in parse_qsl(parts.query, keep_blank_values=True):
            if name == "$filter":
                value = _ISO.sub(lambda m: self.mapper.iso(m.group()), value)
            elif name in ("$skiptoken", "$deltatoken"):
                value = self.mapper.token("a paging token", value, lambda n: f"rec-token-{n}")
            params.append((name, value))
        return rebuild_uri(url, path, params)

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        headers = {
            k: v
            for k, v in request.get("headers", {}).items()
            if k.lower() in ("content-type", "accept")
        }
        body = request.get("body")
        if isinstance(body, bytes):
            body = body.decode("utf-8", "replace")
        for name, value in parse_qsl(body or "", keep_blank_values=True):
            self.mapper.secrets.add(f"the token request's {name}", value)
        # No request body is stored: the token form holds the client secret or assertion,
        # and vcrpy does not match on bodies.
        return {
            "method": request["method"],
            "uri": self.url(request["uri"]),
            "body": None,
            "headers": headers,
        }

    def response(self, uri: str, response: dict[str, Any]) -> dict[str, Any]:
        token = urlsplit(uri).hostname == "login.microsoftonline.com"

        def document(value: Any) -> Any:
            if token and isinstance(value, dict):
                for name in ("access_token", "id_token", "refresh_token"):
                    if name in value:
                        self.mapper.secrets.add("an access token", value[name])
                        value[name] = self.fake_token
            return self.walk(value)

        return scrub_response(response, self.mapper, self.allowed_headers, document)

    def walk(self, value: Any, key: str = "") -> Any:
        if isinstance(value, list):
            if key == "attachments":
                return [self.attachment(v) if isinstance(v, dict) else v for v in value]
            if key == "internetMessageHeaders":
                return [self.message_header(v) for v in value if isinstance(v, dict)]
            return [self.walk(v, key) for v in value]
        if not isinstance(value, dict):
            return self.scalar(key, value)
        if "emailAddress" in value and isinstance(value["emailAddress"], dict):
            pair = value["emailAddress"]
            return {
                "emailAddress": {
                    "name": self.mapper.name(str(pair.get("name") or "")),
                    "address": self.mapper.address(str(pair.get("address") or "")),
                }
            }
        if key == "body" and "content" in value:
            kind = str(value.get("contentType") or "text")
            number = self.mapper.text("a body", str(value.get("content")), str)
            content = f"Your code is {200000 + int(number)}"
            if kind.lower() == "html":
                content = f"<html><body><p>{content}</p></body></html>"
            return {"contentType": kind, "content": content}
        return {k: self.walk(v, k) for k, v in value.items()}

    def message_header(self, item: dict[str, Any]) -> dict[str, Any]:
        """One of ``internetMessageHeaders``: the name stays, the value (addresses, hosts,
        IPs, the subject, the verdict on the sender's domain) does not."""
        name = str(item.get("name") or "")
        value = str(item.get("value") or "")
        replaced = self.mapper.alias("header value", value, lambda n: f"header value {n}")
        # A value that says anything of the mail must not survive anywhere; a short fixed
        # token ("1.0", "Anonymous") may well appear elsewhere in the cassette.
        if len(value) >= 16:
            self.mapper.secrets.add_text("a header value", value)
        return {"name": name, "value": replaced}

    def attachment(self, item: dict[str, Any]) -> dict[str, Any]:
        scrubbed: dict[str, Any] = {}
        for key, value in item.items():
            if key == "name" and isinstance(value, str):
                suffix = re.search(r"\.[A-Za-z0-9]{1,5}$", value)
                scrubbed[key] = self.mapper.text(
                    "an attachment name",
                    value,
                    lambda n, s=suffix: f"attachment{n}{s[0] if s else ''}",
                )
            elif key == "contentBytes":
                self.mapper.secrets.add("attachment content", value)
                scrubbed[key] = base64.b64encode(b"test content").decode()
            elif key == "id" and isinstance(value, str):
                scrubbed[key] = self.mapper.alias(
                    "attachment id", value, lambda n: f"AAMkADQ5NTI3-att{n:03d}="
                )
                self.mapper.secrets.add("an attachment id", value)
            else:
                scrubbed[key] = self.walk(value, key)
        return scrubbed

    def scalar(self, key: str, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if key == "id":
            return self.message_id(value)
        if key == "@odata.etag":
            self.mapper.secrets.add("an etag", value)
            return self.mapper.alias("etag", value, lambda n: f'W/"CQAAABYAAACrec{n:03d}"')
        if key == "internetMessageId":
            self.mapper.secrets.add("a Message-ID", value)
            return self.mapper.alias("message-id", value, lambda n: f"<rec{n}@mail.acme.example>")
        if key == "subject":
            return self.mapper.text("a subject", value, lambda n: f"Recorded message {n}")
        if key in ("receivedDateTime", "sentDateTime", "date", "lastModifiedDateTime"):
            return self.mapper.iso(value)
        if key in ("@odata.nextLink", "@odata.deltaLink"):
            return self.url(value)
        if key.endswith("@odata.context") or key == "@odata.context":
            return self.context(value)
        return self.mapper.free_text(value)

    def context(self, value: str) -> str:
        def user(match: re.Match[str]) -> str:
            return f"users('{quote(self.mapper.address(unquote(match[1])), safe='')}')"

        value = re.sub(r"users\('([^']+)'\)", user, value)
        return re.sub(
            r"messages\('([^']+)'\)",
            lambda m: f"messages('{quote(self.message_id(unquote(m[1])), safe='')}')",
            value,
        )

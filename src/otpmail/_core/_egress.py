"""The egress allowlist: the one table of requests otpmail may send, and the one check that
every outbound request of every SDK passes before any byte leaves the process.

Each route names a method, an exact host and a full path pattern. Reads are GETs; the POSTs
are the token requests, Gmail's batch of reads (below), Gmail's ``users.watch`` (which asks
Gmail to publish "new mail" notifications; it changes no mail) and a Pub/Sub subscription's
``pull`` and ``acknowledge`` (which read and confirm those notifications). Anything else (another host, an IP
literal, userinfo in the URL, a non-default port, plain http, a double or trailing slash,
an encoded slash or dot, whitespace or a control character anywhere in the URL, a method
override header, an unknown path) is refused with an ``API_ERROR`` naming the host, and
never reaches a socket.

One POST carries reads: Gmail's batch (``POST https://gmail.googleapis.com/batch``, the
``batchPath`` of the discovery document ``gmail.v1.json``). Its body is a ``multipart/mixed``
of ``application/http`` parts, each a whole HTTP request, so the check reads the body and
holds every part to the rules of a request of its own — a GET on one of Gmail's read
routes, a path and nothing more (no other host, no absolute URL), no method override, no
body — and refuses the batch as a whole if any part fails, if the body can be read in more
than one way (a folded header, a bare CR, text outside the parts, a line that starts like
the boundary, a second request in a part, the standard library's MIME parser disagreeing
about the parts), or if it holds anything but such parts (a nested batch, a write).
"""

from __future__ import annotations

import email.parser
import email.policy
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from email.message import Message
from urllib.parse import urlsplit

from otpmail._core._errors import OtpmailError


@dataclass(frozen=True)
class Route:
    """One permitted request shape."""

    method: str
    host: str
    path: re.Pattern[str]
    purpose: str
    batch: bool = False
    """A batch of reads: admitted only with a body whose every part passes the check."""
    parts: tuple[str, ...] = ()
    """For a checked batch request: the URL of each read it holds, in order."""


def _route(method: str, host: str, path: str, purpose: str, *, batch: bool = False) -> Route:
    return Route(method, host, re.compile(path), purpose, batch=batch)


_GMAIL = "/gmail/v1/users/me"
_GMAIL_ID = r"[0-9a-f]{1,32}"
# A Graph user segment: an address as kiota writes it ('@' as %40, the other RFC 5322
# specials our config accepts percent-encoded: ! # $ % & ' * + = ? ^ |), or with a literal
# '@' or '+' as a nextLink may echo them. Nothing that could hold '/' ('%2F', '%5C' and
# '%2E' are refused by _BAD_PATH first).
_GRAPH_USER = r"(?:[A-Za-z0-9._~+\-]|%2[1-7AB]|%3[DF]|%5E|%7C)+(?:%40|@)[A-Za-z0-9.\-]+"
_TENANT = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"
# The tenants an owner's sign-in may name besides a directory
# (https://learn.microsoft.com/entra/identity-platform/v2-oauth2-device-code).
_OWNER_TENANT = rf"consumers|organizations|common|{_TENANT}"

# Pub/Sub names by Google's rules: a project id is 6-30 lowercase letters, digits and
# hyphens, starting with a letter; a topic or subscription id 3-255 letters, digits and
# - _ . ~ +, starting with a letter ('%' is allowed by Google but never needed: refusing it
# keeps every encoded form out of the path).
_PROJECT = r"projects/[a-z][a-z0-9-]{4,28}[a-z0-9]"
_SUBSCRIPTION = rf"{_PROJECT}/subscriptions/[A-Za-z][A-Za-z0-9._~+-]{{2,254}}"
PUBSUB_SUBSCRIPTION = re.compile(_SUBSCRIPTION)
"""A Pub/Sub subscription's full name, ``projects/P/subscriptions/S``."""
PUBSUB_TOPIC = re.compile(rf"{_PROJECT}/topics/[A-Za-z][A-Za-z0-9._~+-]{{2,254}}")
"""A Pub/Sub topic's full name, ``projects/P/topics/T``."""

ROUTES: tuple[Route, ...] = (
    # One endpoint for the service account's assertion and, for a mailbox read with its
    # owner's grant, the code exchange of `otpmail login` and every refresh. The consent
    # page (accounts.google.com) is opened in the user's browser, never requested here.
    _route("POST", "oauth2.googleapis.com", r"/token", "Google service-account token"),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/messages", "Gmail users.messages.list"),
    _route(
        "GET", "gmail.googleapis.com", rf"{_GMAIL}/messages/{_GMAIL_ID}", "Gmail users.messages.get"
    ),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/history", "Gmail users.history.list"),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/profile", "Gmail users.getProfile"),
    _route("POST", "gmail.googleapis.com", r"/batch", "Gmail batch", batch=True),
    _route("POST", "gmail.googleapis.com", rf"{_GMAIL}/watch", "Gmail users.watch"),
    _route(
        "POST", "pubsub.googleapis.com", rf"/v1/{_SUBSCRIPTION}:pull", "Pub/Sub subscriptions.pull"
    ),
    _route(
        "POST",
        "pubsub.googleapis.com",
        rf"/v1/{_SUBSCRIPTION}:acknowledge",
        "Pub/Sub subscriptions.acknowledge",
    ),
    _route(
        "POST",
        "login.microsoftonline.com",
        rf"/(?:{_TENANT})/oauth2/v2\.0/token",
        "Entra app-only token",
    ),
    # An owner's sign-in (MSAL): the authority's metadata, the token endpoint of the
    # code exchange, refresh and device-code poll, and the device-code request. The
    # authorize page is opened in the user's browser, never requested here.
    _route(
        "POST",
        "login.microsoftonline.com",
        r"/(?:consumers|organizations|common)/oauth2/v2\.0/token",
        "Entra token (owner's sign-in)",
    ),
    _route(
        "POST",
        "login.microsoftonline.com",
        rf"/(?:{_OWNER_TENANT})/oauth2/v2\.0/devicecode",
        "Entra device code for an owner's token (otpmail login --device-code)",
    ),
    _route(
        "GET",
        "login.microsoftonline.com",
        rf"/(?:{_OWNER_TENANT})/v2\.0/\.well-known/openid-configuration",
        "Entra authority metadata (MSAL, owner's sign-in)",
    ),
    _route(
        "GET", "graph.microsoft.com", rf"/v1\.0/users/{_GRAPH_USER}/messages", "Graph list messages"
    ),
    _route("GET", "graph.microsoft.com", r"/v1\.0/me/messages", "Graph list the owner's messages"),
)

OFFICIAL_HOSTS = frozenset(r.host for r in ROUTES)

_METHOD_OVERRIDES = frozenset({"x-http-method-override", "x-http-method", "x-method-override"})
_BAD_PATH = re.compile(r"//|/\.{1,2}(?:/|$)|%2[fF]|%5[cC]|%2[eE]|\\")
# urlsplit silently drops tabs and newlines and strips leading blanks, so it would judge a
# different URL from the one the transport is handed: such a URL is refused outright.
_BAD_CHARS = re.compile(r"[\x00-\x20\x7f]")


class EgressRefused(OtpmailError):
    """A request outside the allowlist, stopped before it left the process."""

    def __init__(self, host: str, reason: str) -> None:
        super().__init__(
            "egress_refused", f"refused a request to {host or 'an unnamed host'}: {reason}"
        )
        self.host = host


def check(
    method: str,
    url: str,
    headers: Mapping[str, object] | None = None,
    body: object = None,
) -> Route:
    """Return the route ``method url`` matches, or raise :class:`EgressRefused`.

    ``body`` is read only for a batch, whose route comes back with :attr:`Route.parts`.

    >>> check("GET", "https://gmail.googleapis.com/gmail/v1/users/me/profile?alt=json").purpose
    'Gmail users.getProfile'
    >>> check("POST", "https://gmail.googleapis.com/gmail/v1/users/me/messages/send")
    Traceback (most recent call last):
    otpmail._core._egress.EgressRefused: API_ERROR: refused a request to gmail.googleapis.com: ...
    """
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise EgressRefused("", "the URL cannot be parsed") from None
    host = (parts.hostname or "").lower()
    if parts.scheme != "https":
        raise EgressRefused(host, "only https is allowed")
    if _BAD_CHARS.search(url):
        raise EgressRefused(host, "whitespace or control characters in the URL are not allowed")
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise EgressRefused(host, "credentials in the URL are not allowed")
    if port not in (None, 443):
        raise EgressRefused(host, f"port {port} is not allowed")
    if host not in OFFICIAL_HOSTS or parts.netloc.lower().removesuffix(":443") != host:
        raise EgressRefused(host, "not an official provider host")
    if parts.fragment:
        raise EgressRefused(host, "URL fragments are not allowed")
    if _BAD_PATH.search(parts.path):
        raise EgressRefused(host, "the path is not in canonical form")
    for name in headers or {}:
        if str(name).lower() in _METHOD_OVERRIDES:
            raise EgressRefused(host, "method override headers are not allowed")
    verb = method.upper()
    for route in ROUTES:
        if route.host == host and route.method == verb and route.path.fullmatch(parts.path):
            if route.batch:
                if parts.query:
                    # Each part is a whole request; the batch POST itself carries nothing more.
                    raise EgressRefused(host, "a batch request takes no query string")
                return replace(route, parts=_batch_parts(host, headers, body))
            return route
    raise EgressRefused(host, f"{verb} {parts.path} is not a read endpoint otpmail uses")


# -- batches --------------------------------------------------------------------------------

MAX_BATCH_PARTS = 100
"""Gmail's limit of calls in one batch (https://developers.google.com/gmail/api/guides/batch)."""
MAX_BATCH_BYTES = 256 * 1024
"""A batch of reads is a few hundred bytes a part; anything much larger is not one."""

_BOUNDARY = re.compile(r"[0-9A-Za-z'()+_,\-./:=?]{1,70}")  # RFC 2046 bchars, no space
_HEADER_LINE = re.compile(r"([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([^\x00-\x1f\x7f]*?)[ \t]*")
_REQUEST_LINE = re.compile(r"([A-Z]+) (\S+) HTTP/1\.1")
_PART_HEADERS = frozenset(
    {"content-type", "content-transfer-encoding", "content-id", "mime-version"}
)
_PLAIN_ENCODINGS = frozenset({"binary", "7bit", "8bit"})
_LOOSE_TEXT = re.compile(r"\r(?!\n)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class _Unreadable(Exception):
    """A batch body that cannot be read in exactly one way."""


def _batch_parts(host: str, headers: Mapping[str, object] | None, body: object) -> tuple[str, ...]:
    """The URL of every read in a batch body, each checked like a request of its own; or
    :class:`EgressRefused` for the whole batch."""
    content_types = [v for k, v in (headers or {}).items() if str(k).lower() == "content-type"]
    if len(content_types) != 1:
        raise EgressRefused(host, "a batch must name its multipart boundary")
    try:
        boundary = _boundary(str(content_types[0]))
        data = _body_bytes(body)
        texts = _split(data, boundary)
    except _Unreadable as exc:
        raise EgressRefused(host, f"batch body refused: {exc}") from None
    if not 1 <= len(texts) <= MAX_BATCH_PARTS:
        raise EgressRefused(host, f"a batch holds 1 to {MAX_BATCH_PARTS} requests")
    urls = tuple(_check_part(host, number, text) for number, text in enumerate(texts, 1))
    try:
        _agree(str(content_types[0]), data, len(texts))
    except _Unreadable as exc:
        raise EgressRefused(host, f"batch body refused: {exc}") from None
    return urls


def _boundary(content_type: str) -> str:
    if _LOOSE_TEXT.search(content_type) or "\n" in content_type:
        raise _Unreadable("a control character in the content type")
    header = Message()
    header["Content-Type"] = content_type
    params = header.get_params() or []
    if (
        header.get_content_type() != "multipart/mixed"
        or len(params) != 2
        or params[1][0].lower() != "boundary"
        or not isinstance(params[1][1], str)
        or not _BOUNDARY.fullmatch(params[1][1])
        or header.defects
    ):
        raise _Unreadable("not multipart/mixed with one plain boundary")
    return params[1][1]


def _body_bytes(body: object) -> bytes:
    # http.client sends a str body as ISO-8859-1: judge those bytes.
    if isinstance(body, bytes | bytearray | memoryview):
        data = bytes(body)
    elif isinstance(body, str):
        try:
            data = body.encode("latin-1")
        except UnicodeEncodeError:
            raise _Unreadable("characters http.client cannot send") from None
    else:
        raise _Unreadable("no body, or a body that is not text")
    if len(data) > MAX_BATCH_BYTES:
        raise _Unreadable(f"larger than {MAX_BATCH_BYTES} bytes")
    if not data.isascii() or _LOOSE_TEXT.search(data.decode("ascii")):
        raise _Unreadable("a bare CR, a control character or a non-ASCII byte")
    return data


def _split(data: bytes, boundary: str) -> list[list[str]]:
    """The lines of each part, split strictly: nothing but blank lines outside the parts,
    and no line inside one that starts like the boundary."""
    delimiter = f"--{boundary}"
    parts: list[list[str]] = []
    current: list[str] | None = None
    closed = False
    for line in data.decode("ascii").split("\n"):
        line = line.removesuffix("\r")
        if closed or current is None:
            if line == delimiter and not closed:
                current = []
                parts.append(current)
            elif line.strip():
                raise _Unreadable("text outside the parts")
        elif line == delimiter:
            current = []
            parts.append(current)
        elif line == f"{delimiter}--":
            closed = True
        elif line.startswith(delimiter):
            raise _Unreadable("a line that starts like the boundary")
        else:
            current.append(line)
    if not closed:
        raise _Unreadable("no closing boundary")
    return parts


def _agree(content_type: str, data: bytes, count: int) -> None:
    """The standard library's MIME parser must find the same parts, and nothing to repair."""
    parsed = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + data
    )
    payload = parsed.get_payload() if parsed.is_multipart() else None
    parts = [p for p in payload if isinstance(p, Message)] if isinstance(payload, list) else []
    if (
        len(parts) != count
        or parsed.defects
        or any(part.defects or part.is_multipart() for part in parts)
    ):
        raise _Unreadable("the MIME parser reads it another way")


def _headers(lines: list[str], what: str) -> tuple[dict[str, str], list[str]]:
    """A header block (up to its blank line) and the lines after it. One header a line:
    a folded or malformed line, or a name given twice, is refused."""
    found: dict[str, str] = {}
    for index, line in enumerate(lines):
        if not line:
            return found, lines[index + 1 :]
        match = _HEADER_LINE.fullmatch(line)
        if match is None:
            raise _Unreadable(f"a malformed or folded {what} header line")
        name = match[1].lower()
        if name in found:
            raise _Unreadable(f"{what} header {match[1]} given twice")
        found[name] = match[2]
    return found, []


def _check_part(host: str, number: int, lines: list[str]) -> str:
    """One part of a batch: the URL of the read it holds, or :class:`EgressRefused`."""

    def refused(reason: str, where: str = host) -> EgressRefused:
        return EgressRefused(where, f"batch part {number}: {reason}")

    try:
        part_headers, inner = _headers(lines, "part")
        unknown = sorted(set(part_headers) - _PART_HEADERS)
        if unknown:
            raise _Unreadable(f"part header {unknown[0]} is not allowed")
        if part_headers.get("content-type", "").lower() != "application/http":
            raise _Unreadable("a part must be one application/http request")
        encoding = part_headers.get("content-transfer-encoding", "binary").lower()
        if encoding not in _PLAIN_ENCODINGS:
            raise _Unreadable(f"content-transfer-encoding {encoding} is not allowed")
        while inner and not inner[0]:
            inner = inner[1:]
        request = _REQUEST_LINE.fullmatch(inner[0]) if inner else None
        if request is None:
            raise _Unreadable("no HTTP/1.1 request line")
        request_headers, rest = _headers(inner[1:], "request")
    except _Unreadable as exc:
        raise refused(str(exc)) from None
    verb, target = request[1].upper(), request[2]
    if not target.startswith("/") or target.startswith("//"):
        # Gmail takes only the path part of a URL in a batch
        # (https://developers.google.com/gmail/api/guides/batch).
        try:
            other = (urlsplit(target).hostname or "").lower()
        except ValueError:
            other = ""
        raise refused("a part may hold a path only, not a full URL", other or host)
    if verb != "GET":
        raise refused(f"{verb} is not allowed in a batch, which holds reads only")
    if any(line for line in rest):
        raise refused("a part holds one request and no body")
    if "transfer-encoding" in request_headers or request_headers.get("content-length", "0") != "0":
        raise refused("a part holds no body")
    if request_headers.get("host", host).lower() != host:
        raise refused("a part may not name another host", request_headers["host"].lower())
    url = f"https://{host}{target}"
    try:
        route = check(verb, url, request_headers)
    except EgressRefused as exc:
        raise refused(exc.message.split(": ", 1)[-1], exc.host) from None
    if route.batch or route.host != host:
        raise refused("a batch cannot hold a batch")
    return url

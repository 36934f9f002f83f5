"""The egress allowlist: the one table of requests otpmail may send, and the one check that
every outbound request of every SDK passes before any byte leaves the process.

Each route names a method, an exact host and a full path pattern. Only the token requests
are POSTs; everything else is a GET on a read endpoint. Anything else (another host, an IP
literal, userinfo in the URL, a non-default port, plain http, a double or trailing slash,
an encoded slash or dot, whitespace or a control character anywhere in the URL, a method
override header, an unknown path) is refused with an ``API_ERROR`` naming the host, and
never reaches a socket.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from otpmail._core._errors import OtpmailError


@dataclass(frozen=True)
class Route:
    """One permitted request shape."""

    method: str
    host: str
    path: re.Pattern[str]
    purpose: str


def _route(method: str, host: str, path: str, purpose: str) -> Route:
    return Route(method, host, re.compile(path), purpose)


_GMAIL = "/gmail/v1/users/me"
_GMAIL_ID = r"[0-9a-f]{1,32}"
# A Graph user segment: an address as kiota writes it ('@' as %40, the other RFC 5322
# specials our config accepts percent-encoded: ! # $ % & ' * + = ? ^ |), or with a literal
# '@' or '+' as a nextLink may echo them. Nothing that could hold '/' ('%2F', '%5C' and
# '%2E' are refused by _BAD_PATH first).
_GRAPH_USER = r"(?:[A-Za-z0-9._~+\-]|%2[1-7AB]|%3[DF]|%5E|%7C)+(?:%40|@)[A-Za-z0-9.\-]+"
_TENANT = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"

ROUTES: tuple[Route, ...] = (
    _route("POST", "oauth2.googleapis.com", r"/token", "Google service-account token"),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/messages", "Gmail users.messages.list"),
    _route(
        "GET", "gmail.googleapis.com", rf"{_GMAIL}/messages/{_GMAIL_ID}", "Gmail users.messages.get"
    ),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/history", "Gmail users.history.list"),
    _route("GET", "gmail.googleapis.com", rf"{_GMAIL}/profile", "Gmail users.getProfile"),
    _route(
        "POST",
        "login.microsoftonline.com",
        rf"/(?:{_TENANT})/oauth2/v2\.0/token",
        "Entra app-only token",
    ),
    _route(
        "GET", "graph.microsoft.com", rf"/v1\.0/users/{_GRAPH_USER}/messages", "Graph list messages"
    ),
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


def check(method: str, url: str, headers: Mapping[str, object] | None = None) -> Route:
    """Return the route ``method url`` matches, or raise :class:`EgressRefused`.

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
            return route
    raise EgressRefused(host, f"{verb} {parts.path} is not a read endpoint otpmail uses")

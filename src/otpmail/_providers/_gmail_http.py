"""The Gmail transport: :class:`PinnedHttp`, the one ``httplib2.Http`` every Gmail request,
the token request included, goes out through.

It runs the egress check, ignores proxy variables, uses certifi's CA bundle, follows no
redirect, and reads each answer within its bound as it arrives (:class:`_BoundedResponse`),
inflating it itself. Why each of these: ``docs/providers-internals.md``.
"""

from __future__ import annotations

import contextlib
import http.client
import logging
from collections.abc import Callable
from contextvars import ContextVar
from email.message import Message
from typing import Any
from urllib.parse import parse_qs, urlsplit

import certifi

# isort: off
# First, so that httplib2 is imported with HTTPLIB2_CA_CERTS hidden (see there).
from otpmail._providers import _httplib2  # noqa: F401

# isort: on
import httplib2

from otpmail._core import _egress
from otpmail._core._answers import CHUNK_BYTES, BoundedAnswer
from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    AnswerBound,
    Carrier,
    Limits,
    answer_bound,
    batch_answer_bound,
    check_response_size,
    token_answer_bound,
)
from otpmail._core._errors import OtpmailError
from otpmail._core._retry import remaining

log = logging.getLogger("otpmail.gmail")

TOKEN_URI = "https://oauth2.googleapis.com/token"
_TOKEN_HOST = "oauth2.googleapis.com"
API_ENDPOINT = "https://gmail.googleapis.com/"
UNIVERSE = "googleapis.com"
DEFAULT_SOCKET_TIMEOUT = 30.0
"""The longest one socket operation may block; never more than the call has left."""
_MESSAGE_PATH = "/gmail/v1/users/me/messages/"


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
    base64url-encoded in JSON (the ``raw`` field of Gmail's ``Message`` resource); every
    other answer is a listing."""
    parts = urlsplit(uri)
    if parts.path.startswith(_MESSAGE_PATH) and parse_qs(parts.query).get("format") == ["raw"]:
        return Carrier.BASE64_IN_JSON
    return Carrier.PLAIN


def bounded_part(postproc: Callable[[Any, bytes], Any], limits: Limits) -> Callable[..., Any]:
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

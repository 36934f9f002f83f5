"""The I/O seams of the Microsoft Graph provider.

- :class:`GraphEgressTransport`: the innermost httpx transport under kiota's middleware.
  Every Graph request, each retry included, passes :func:`otpmail._core._egress.check` here,
  after the middleware has finished with it and before any byte leaves; its answer is read
  here, within ``response_bytes`` as it arrives and inflated here (httpx never inflates it).
- :class:`TokenEgressTransport`: the azure-core transport of the Entra credential. The
  token POST passes the same check, then goes out through a fresh aiohttp session that
  ignores proxy variables and trusts certifi's CA bundle only; its answer is read within
  :data:`~otpmail._core._bounds.MAX_TOKEN_RESPONSE_BYTES` as it arrives; the session is
  closed before the call returns, so the credential (and its token cache) holds nothing
  bound to an event loop and can be reused by later ``asyncio.run`` calls.
- Both use :func:`otpmail._core._tls.client_context`, which reads no environment variable
  (``SSLKEYLOGFILE`` writes no key log).
- :class:`SingleFlightCredential`: the Entra credential, with one token request at a time
  per event loop, so that concurrent calls share one token instead of each fetching its own.
- :func:`mailbox_gate`: the per-mailbox limit of 4 concurrent Graph requests
  (https://learn.microsoft.com/graph/throttling-limits#outlook-service-limits).

Failures become otpmail errors in :mod:`._graph_errors`.

No retry loop lives here: kiota's ``RetryHandler`` is not in the middleware and azure-core's
token retries are off (``retry_total=0``); :mod:`otpmail._core._retry` retries the whole request,
token included, under the call's deadline.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from types import TracebackType
from typing import Any

# Imported by name first: azure-core re-raises a missing aiohttp as a bare ImportError
# with no module name, which would hide that the outlook extra is not installed.
import aiohttp
import httpx
from azure.core.credentials import AccessToken
from azure.core.credentials_async import AsyncTokenCredential
from azure.core.exceptions import ResponseNotReadError
from azure.core.pipeline.transport import AioHttpTransport, AsyncHttpTransport
from azure.core.rest import AsyncHttpResponse, HttpRequest
from azure.core.rest._http_response_impl_async import AsyncHttpResponseImpl
from azure.core.utils import CaseInsensitiveDict

from otpmail._core import _egress
from otpmail._core._answers import ACCEPT_ENCODING, CHUNK_BYTES, aread_answer
from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    AnswerBound,
    Limits,
    answer_bound,
    token_answer_bound,
)
from otpmail._core._errors import OtpmailError
from otpmail._core._tls import client_context

PROVIDER = "Outlook"

log = logging.getLogger("otpmail.outlook")

MAILBOX_CONCURRENCY = 4
"""Graph's limit of concurrent requests per app and mailbox (Microsoft's "Outlook service
limits"); a fifth is refused with 429 ``ApplicationThrottled`` about one time in eight."""


class GraphEgressTransport(httpx.AsyncBaseTransport):
    """Runs the egress check on every request, then hands it to ``inner``; answers a
    redirect with an error, since no redirect is followed (kiota would otherwise return an
    empty result for a 3xx that carries a Location); reads every answer within ``limits``
    (``response_bytes``) as it arrives, inflating it here, and hands it on plain."""

    def __init__(self, inner: httpx.AsyncBaseTransport, limits: Limits = DEFAULT_LIMITS) -> None:
        self._inner = inner
        self._limits = limits

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        _egress.check(request.method, str(request.url), request.headers)
        # Only what the bounded reader inflates (httpx would add br or zstd when their
        # packages are installed).
        request.headers["Accept-Encoding"] = ACCEPT_ENCODING
        response = await self._inner.handle_async_request(request)
        if 300 <= response.status_code < 400:
            await response.aclose()
            raise OtpmailError(
                "request_failed",
                f"{PROVIDER} request failed: HTTP {response.status_code} (a redirect, not "
                "followed: otpmail talks to graph.microsoft.com only)",
            )
        bound = answer_bound(self._limits, f"{PROVIDER} messages.list")
        try:
            body = await _read_httpx(response, bound)
        finally:
            await response.aclose()
        log.debug("%s: HTTP %d, %d bytes", bound.what, response.status_code, len(body))
        return httpx.Response(
            response.status_code,
            headers=[
                (name, value)
                for name, value in response.headers.multi_items()
                if name.lower() not in _BODY_FRAMING
            ],
            content=body,
            request=request,
            extensions={k: v for k, v in response.extensions.items() if k in _KEPT_EXTENSIONS},
        )

    async def aclose(self) -> None:
        await self._inner.aclose()


# Headers that describe the body as it was sent; the answer handed on is plain and whole.
_BODY_FRAMING = frozenset({"content-encoding", "content-length", "transfer-encoding"})
_KEPT_EXTENSIONS = frozenset({"http_version", "reason_phrase"})


async def _read_httpx(response: httpx.Response, bound: AnswerBound) -> bytes:
    try:
        body = response.content
    except httpx.ResponseNotRead:
        pass
    else:
        # Handed over whole (an in-process double): held to the bound after the fact.
        bound.check(len(body))
        return body
    encoding = response.headers.get("content-encoding")
    length = response.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > bound.wire_limit:
        raise bound.refusal()
    return await aread_answer(response.aiter_raw(CHUNK_BYTES), encoding, bound)


def network_transport() -> httpx.AsyncHTTPTransport:
    """The real Graph transport: no proxy or CA variables read (``trust_env=False``), the
    pinned TLS context (certifi's CAs, no key log), HTTP/1.1, no redirects (httpx never
    follows them at the transport)."""
    return httpx.AsyncHTTPTransport(verify=client_context(), trust_env=False, retries=0)


TokenTransport = AsyncHttpTransport[HttpRequest, AsyncHttpResponse]
"""An azure-core async transport, as the credential's pipeline uses it."""


class TokenEgressTransport(TokenTransport):
    """The credential's transport: egress check, then one short-lived aiohttp session.

    ``inner`` replaces the aiohttp transport (tests and the benchmark pass an in-process
    fake); the check still runs first.
    """

    def __init__(self, inner: TokenTransport | None = None) -> None:
        self._inner = inner

    async def send(self, request: HttpRequest, **kwargs: Any) -> AsyncHttpResponse:
        _egress.check(request.method, request.url, request.headers)
        # azure-core's ProxyPolicy only adds proxies it was configured with (none); drop
        # any that a caller might pass, so the token can only go to the checked URL.
        kwargs.pop("proxies", None)
        kwargs.pop("proxy", None)
        # The credential asks for the whole answer (stream=False); it is read here instead,
        # within its bound, and handed back whole.
        kwargs.pop("stream", None)
        request.headers["Accept-Encoding"] = ACCEPT_ENCODING
        bound = token_answer_bound(f"{PROVIDER} token request")
        if self._inner is not None:
            return await _read_token_answer(
                await self._inner.send(request, stream=True, **kwargs), bound
            )
        connector = aiohttp.TCPConnector(ssl=client_context())
        async with aiohttp.ClientSession(
            connector=connector,
            trust_env=False,
            cookie_jar=aiohttp.DummyCookieJar(),
            auto_decompress=False,
        ) as session:
            transport = AioHttpTransport(
                session=session,
                session_owner=False,
                use_env_settings=False,
                connection_timeout=10,
                read_timeout=30,
            )
            response = await transport.send(request, stream=True, **kwargs)
            return await _read_token_answer(response, bound)

    async def open(self) -> None:
        """Nothing to open: each token request opens its own session."""

    async def close(self) -> None:
        """Nothing to close: each token request closes its own session."""

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None = None,
        exc_value: BaseException | None = None,
        traceback: TracebackType | None = None,
    ) -> None:
        await self.close()


async def _read_token_answer(response: AsyncHttpResponse, bound: AnswerBound) -> AsyncHttpResponse:
    """``response`` read within ``bound`` (inflated here if it came compressed), as a
    response whose body is in memory, the way the credential expects it."""
    try:
        body = response.content
    except ResponseNotReadError:
        encoding = response.headers.get("content-encoding")
        try:
            body = await aread_answer(response.iter_raw(), encoding, bound)
        finally:
            await response.close()
    else:
        # Handed over whole (an in-process double): held to the bound after the fact.
        bound.check(len(body))
    headers = CaseInsensitiveDict(
        {k: v for k, v in response.headers.items() if k.lower() not in _BODY_FRAMING}
    )
    read = AsyncHttpResponseImpl(
        request=response.request,
        internal_response=response,
        status_code=response.status_code,
        reason=response.reason,
        content_type=headers.get("content-type"),
        headers=headers,
        stream_download_generator=None,
    )
    # Where azure-core keeps a body it has read: read() and text() return it as it is.
    read._content = body
    log.debug("%s: HTTP %d, %d bytes", bound.what, response.status_code, len(body))
    return read


class SingleFlightCredential(AsyncTokenCredential):
    """The Entra credential, asked for a token by one caller at a time on each event loop.

    azure-identity caches the token but does not coordinate concurrent requests for it:
    fifty calls that start together would each POST to the token endpoint. Behind this
    lock the first one fetches it and the others find it in the credential's cache.
    The lock is per loop because the credential is shared by every loop the provider is
    used on (``asyncio.run`` per synchronous call).
    """

    def __init__(self, inner: AsyncTokenCredential) -> None:
        self._inner = inner
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
            weakref.WeakKeyDictionary()
        )

    @property
    def inner(self) -> AsyncTokenCredential:
        """The credential behind the lock."""
        return self._inner

    def _lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop)
        if lock is None:
            lock = self._locks[loop] = asyncio.Lock()
        return lock

    async def get_token(
        self,
        *scopes: str,
        claims: str | None = None,
        tenant_id: str | None = None,
        enable_cae: bool = False,
        **kwargs: Any,
    ) -> AccessToken:
        async with self._lock():
            return await self._inner.get_token(
                *scopes, claims=claims, tenant_id=tenant_id, enable_cae=enable_cae, **kwargs
            )

    async def close(self) -> None:
        await self._inner.close()

    async def __aenter__(self) -> SingleFlightCredential:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None = None,
        exc_value: BaseException | None = None,
        traceback: TracebackType | None = None,
    ) -> None:
        await self.close()


_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore]] = (
    weakref.WeakKeyDictionary()
)


def mailbox_gate(key: str) -> asyncio.Semaphore:
    """The running loop's semaphore for one app and mailbox (``key``): every provider and
    call on this loop that reads that mailbox shares it, so at most
    :data:`MAILBOX_CONCURRENCY` Graph requests for it are in flight at once."""
    per_loop = _gates.setdefault(asyncio.get_running_loop(), {})
    gate = per_loop.get(key)
    if gate is None:
        gate = per_loop[key] = asyncio.Semaphore(MAILBOX_CONCURRENCY)
    return gate

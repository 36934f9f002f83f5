"""Reading one provider answer within its bound (:class:`~otpmail._core._bounds.AnswerBound`),
chunk by chunk as it arrives.

Every transport (httplib2, httpx, aiohttp) feeds the answer's bytes here, and reading stops as
soon as the answer is over its bound: the wire bytes are counted first, and ``gzip`` and
``deflate`` (:data:`ACCEPT_ENCODING`) are inflated here, never by the SDKs, a step at a time,
so a small answer that would inflate to gigabytes costs at most the bound. Pure: no I/O.
Why it is built this way: docs/internals.md, ``_core/_answers.py``.
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterable, Iterable
from typing import Any

from otpmail._core._bounds import AnswerBound
from otpmail._core._errors import OtpmailError

ACCEPT_ENCODING = "gzip, deflate"
"""The ``Accept-Encoding`` every otpmail request sends: what :class:`BoundedAnswer` inflates."""

CHUNK_BYTES = 65_536
"""How much of an answer a transport reads at a time."""

_GZIP = zlib.MAX_WBITS | 16
_ZLIB = zlib.MAX_WBITS
_RAW_DEFLATE = -zlib.MAX_WBITS


class _Over(Exception):
    """An inflating step would produce more than it may."""


class _Inflater:
    """One content coding undone, never producing more than it is allowed."""

    def __init__(self, coding: str) -> None:
        self._gzip = coding in ("gzip", "x-gzip")
        self._zlib: Any = zlib.decompressobj(_GZIP) if self._gzip else None
        self._head = b""
        """Bytes kept until there are enough to tell what follows (a deflate stream's
        header; what comes after a gzip member)."""
        self._done = False
        """The coding has ended; anything after it is not part of the answer."""
        self._fed = False
        self.produced = 0

    def run(self, data: bytes, allowed: int) -> bytes:
        """Inflate ``data``; raise :class:`_Over` as soon as the total output of this coding
        would pass ``allowed`` bytes."""
        if not data or self._done:
            return b""
        self._fed = True
        if self._zlib is None or self._zlib.eof:
            data = self._head + data
            if len(data) < 2:
                self._head = data
                return b""
            self._head = b""
            if self._zlib is None:
                # deflate is zlib-wrapped by the RFC, raw from some servers: the first two
                # bytes decide, as httpx and urllib3 decide.
                self._zlib = zlib.decompressobj(
                    _ZLIB if _looks_zlib_wrapped(data) else _RAW_DEFLATE
                )
            elif data[:2] == _GZIP_MAGIC:
                # Another gzip member (RFC 1952 §2.2): it inflates into the same answer,
                # under the same bound.
                self._zlib = zlib.decompressobj(_GZIP)
            else:
                self._done = True  # trailing bytes after the last member: ignored
                return b""
        out: list[bytes] = []
        pending = data
        while pending:
            room = allowed - self.produced
            # max_length=room+1: one byte past the bound is enough to know it is over (and
            # max_length=0 would mean "no limit", which room+1 never is).
            piece = self._zlib.decompress(pending, room + 1)
            self.produced += len(piece)
            if self.produced > allowed:
                raise _Over
            out.append(piece)
            pending = self._zlib.unconsumed_tail
            if self._zlib.eof:
                if not self._gzip:
                    self._done = True
                    break
                out.append(self.run(self._zlib.unused_data, allowed))
                break
        return b"".join(out)

    def finish(self) -> None:
        """The input has ended: it must have ended where the coding does (an empty body
        is no coding at all, as for a 204)."""
        if not self._fed or self._done:
            return
        if self._zlib is None or not self._zlib.eof:
            raise zlib.error("the compressed answer ends early")


_GZIP_MAGIC = b"\x1f\x8b"


def _looks_zlib_wrapped(data: bytes) -> bool:
    """RFC 1950's two-byte header: method 8 and a check value that divides by 31."""
    return len(data) >= 2 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0


def content_codings(header: str | None) -> list[str]:
    """The codings of a ``Content-Encoding`` header, in the order they were applied, without
    ``identity``.

    >>> content_codings("gzip")
    ['gzip']
    >>> content_codings(" Identity , deflate")
    ['deflate']
    >>> content_codings(None)
    []
    """
    if not header:
        return []
    return [
        c for c in (part.strip().lower() for part in header.split(",")) if c and c != "identity"
    ]


class BoundedAnswer:
    """An answer being read: :meth:`feed` each chunk as it arrives, then :meth:`finish`.

    Raises ``response_too_large`` (from :meth:`AnswerBound.refusal`) as soon as the wire
    bytes pass ``bound.wire_limit`` or the inflated bytes pass ``bound.limit``, and
    ``bad_response`` for an encoding otpmail did not offer or compressed data that does not
    inflate.

    >>> import gzip
    >>> from otpmail._core._bounds import Limits, answer_bound
    >>> reading = BoundedAnswer(answer_bound(Limits(response_bytes=1_000), "Graph"), "gzip")
    >>> reading.feed(gzip.compress(b"x" * 1_000))
    >>> len(reading.finish())
    1000
    >>> reading = BoundedAnswer(answer_bound(Limits(response_bytes=1_000), "Graph"), "gzip")
    >>> reading.feed(gzip.compress(b"x" * 1_001))
    Traceback (most recent call last):
    otpmail._core._errors.OtpmailError: API_ERROR: Graph refused: the response inflates to more than 1000 bytes, more than email.limits.response_bytes (1000)
    """

    def __init__(self, bound: AnswerBound, content_encoding: str | None = None) -> None:
        self.bound = bound
        codings = content_codings(content_encoding)
        for coding in codings:
            if coding not in ("gzip", "x-gzip", "deflate"):
                raise OtpmailError(
                    "bad_response",
                    f"{bound.what} failed: the answer is in a content encoding otpmail did "
                    "not ask for",
                )
        # Undone in the reverse order of application.
        self._inflaters = [_Inflater(c) for c in reversed(codings)]
        self.wire_bytes = 0
        self._parts: list[bytes] = []
        self._size = 0

    @property
    def inflates(self) -> bool:
        """Whether the answer is compressed."""
        return bool(self._inflaters)

    def feed(self, chunk: bytes) -> None:
        """Take the next bytes of the answer as they came off the wire."""
        if not chunk:
            return
        self.wire_bytes += len(chunk)
        if self.wire_bytes > self.bound.wire_limit:
            raise self.bound.refusal()
        data = bytes(chunk)
        try:
            for inflater in self._inflaters:
                data = inflater.run(data, self.bound.limit)
        except _Over:
            raise self.bound.refusal(inflated=True) from None
        except zlib.error:
            raise self._corrupt() from None
        self._size += len(data)
        if self._size > self.bound.limit:
            raise self.bound.refusal()
        if data:
            self._parts.append(data)

    def finish(self) -> bytes:
        """The whole answer, inflated."""
        try:
            for inflater in self._inflaters:
                inflater.finish()
        except zlib.error:
            raise self._corrupt() from None
        body = b"".join(self._parts)
        self._parts = []
        return body

    def _corrupt(self) -> OtpmailError:
        return OtpmailError(
            "bad_response", f"{self.bound.what} failed: the compressed answer does not inflate"
        )


def read_answer(chunks: Iterable[bytes], content_encoding: str | None, bound: AnswerBound) -> bytes:
    """Read ``chunks`` (an answer as it arrives) within ``bound``; see :class:`BoundedAnswer`."""
    reading = BoundedAnswer(bound, content_encoding)
    for chunk in chunks:
        reading.feed(chunk)
    return reading.finish()


async def aread_answer(
    chunks: AsyncIterable[bytes], content_encoding: str | None, bound: AnswerBound
) -> bytes:
    """:func:`read_answer` for an asynchronous stream."""
    reading = BoundedAnswer(bound, content_encoding)
    async for chunk in chunks:
        reading.feed(chunk)
    return reading.finish()


__all__ = [
    "ACCEPT_ENCODING",
    "CHUNK_BYTES",
    "BoundedAnswer",
    "aread_answer",
    "content_codings",
    "read_answer",
]

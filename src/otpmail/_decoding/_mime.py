"""The bounded MIME parse: the standard library's feed parser held to the fixed caps of
:mod:`otpmail._core._bounds` while it parses, lenient transfer decoding, and the repair of
nested multiparts that reuse their parent's boundary.

Also the few accessors the decoder reads a parsed part through; each one turns a malformed
header into a safe default instead of an exception.
"""

from __future__ import annotations

import binascii
import email.errors
import functools
import re
from collections.abc import Iterator
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage, Message
from email.parser import BytesFeedParser
from email.policy import EmailPolicy
from typing import Any

from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    MAX_MIME_PARTS,
    MAX_MULTIPART_DEPTH,
    HeaderTally,
    Limits,
    check_line_count,
)
from otpmail._core._errors import OtpmailError

__all__ = [
    "HEADER_FACTORY",
    "MAX_ENCODED_PER_CHAR",
    "child_parts",
    "content_disposition",
    "control_noise",
    "is_inline_text",
    "leaf_parts",
    "mime_type",
    "parse_message",
    "part_charset",
    "repair_reused_boundaries",
    "stored_payload",
    "structure_was_cut",
    "transfer_decode",
    "transfer_encoding",
]

_CHUNK = 1 << 16


class _HeaderFactory(HeaderRegistry):
    """The standard library's header registry (``policy.default``'s), building each
    header class once: the registry makes a new class, with ``type()``, for every header
    value it parses. One per class of the registry (a dozen), never per header name,
    so that no mail can make the cache grow."""

    def __init__(self) -> None:
        super().__init__()
        self._built: dict[type, type] = {}

    def __getitem__(self, name: str) -> type:
        cls = self.registry.get(name.lower(), self.default_class)
        built = self._built.get(cls)
        if built is None:
            built = self._built.setdefault(cls, super().__getitem__(name))
        return built


HEADER_FACTORY = _HeaderFactory()
_SHARED_POLICY = EmailPolicy(header_factory=HEADER_FACTORY)


class _ParsePolicy(EmailPolicy):
    """``policy.default``, parsing each header value once per message, and each short
    MIME structure value (``text/html; charset="utf-8"``, ``quoted-printable``) once per
    process.

    The standard library parses a structured header again on every access, and the parser
    itself asks for ``Content-Type`` several times per part (then the decoder does, for the
    body and each attachment); the parsed header objects are immutable and depend only on
    the name and the value, so they are kept, keyed by both, for the message's lifetime.
    The MIME structure values of mail from one template repeat from message to message:
    those are kept in a small process-wide LRU (:func:`_shared_header`)."""

    parsed: dict[tuple[str, str], Any] | None = None

    def header_fetch_parse(self, name: str, value: str) -> Any:
        cache = self.parsed
        if cache is None or hasattr(value, "name"):
            return super().header_fetch_parse(name, value)
        key = (name, value)
        header = cache.get(key)
        if header is None:
            if len(value) <= _SHARED_VALUE_CHARS and name.lower() in _SHARED_HEADERS:
                header = _shared_header(name, value)
            else:
                header = super().header_fetch_parse(name, value)
            if len(cache) < 4 * MAX_MIME_PARTS:
                cache[key] = header
        return header


_SHARED_HEADERS = frozenset(
    {"content-type", "content-transfer-encoding", "content-disposition", "mime-version"}
)
_SHARED_VALUE_CHARS = 200


@functools.lru_cache(maxsize=256)
def _shared_header(name: str, value: str) -> Any:
    """A MIME structure header parsed by ``policy.default``'s rules (those of
    :class:`_ParsePolicy`), kept for the process: bounded in number and in size, so no
    mail can make it grow, and thread-safe, as decoding runs on worker threads."""
    return EmailPolicy.header_fetch_parse(_SHARED_POLICY, name, value)


class _StopParsing(Exception):
    """The parse reached MAX_MIME_PARTS or MAX_MULTIPART_DEPTH: what lies past is not read."""


class _StructureCut(email.errors.MessageDefect):
    """Set on a message whose parse stopped at a structural cap: its body is incomplete."""


def _limit_depth(parser: BytesFeedParser) -> None:
    """Stop the parser at MAX_MULTIPART_DEPTH nested multiparts.

    The standard parser checks every line against the boundary of every enclosing
    multipart, so its time is lines x depth: a 300 KB message nested 300 deep takes 11 s,
    and the recursion limit is the only other stop. Real mail nests a handful of levels.
    The hook sits on the parser's line buffer (``push_eof_matcher`` is called once per
    multipart entered).
    """
    stream = getattr(parser, "_input", None)
    stack = getattr(stream, "_eofstack", None)
    push = getattr(stream, "push_eof_matcher", None)
    if stream is None or not isinstance(stack, list) or push is None:
        raise RuntimeError("email.feedparser has no line buffer to bound")  # tested

    def guarded(predicate: Any) -> None:
        if len(stack) >= MAX_MULTIPART_DEPTH:
            raise _StopParsing
        push(predicate)

    stream.push_eof_matcher = guarded


class _BoundedParser(BytesFeedParser):
    """The standard feed parser, held to the fixed caps while it parses: every header
    section passes the :class:`HeaderTally` before the parser or anyone else parses a value
    of it (past a cap: :func:`otpmail._core._bounds.unreadable`); the parse stops at the
    MAX_MIME_PARTS-th message object it creates (the message, each part, each attached
    message) and at multiparts nested MAX_MULTIPART_DEPTH deep, keeping what it read.

    The two methods overridden are the ones the parser calls for each message object and
    each header section (``email.feedparser`` since Python 2.4); a test checks that a
    parse still passes through both.
    """

    def __init__(self, policy: EmailPolicy) -> None:
        super().__init__(policy=policy)
        self._tally = HeaderTally()
        self._objects = 0
        _limit_depth(self)

    def _new_message(self) -> None:
        self._objects += 1
        if self._objects > MAX_MIME_PARTS:
            raise _StopParsing
        super()._new_message()  # type: ignore[misc]

    def stopped_root(self) -> EmailMessage | None:
        """After :class:`_StopParsing`: the message as far as it was read. Every part it
        holds was read whole (the parser stops before it creates the next one)."""
        stack = getattr(self, "_msgstack", None)
        root = stack[0] if stack else None
        if not isinstance(root, EmailMessage):
            return None
        root.defects.append(_StructureCut())
        return root

    def _parse_headers(self, lines: list[str]) -> None:
        self._tally.add_section(lines)
        super()._parse_headers(lines)  # type: ignore[misc]


def _feed(raw: bytes, *, headers_only: bool = False) -> EmailMessage:
    # Fed in chunks: message_from_bytes() first decodes the whole message to one string and
    # splits all of it into lines at once, about three times the peak memory of this
    # (bench/decode_memory.py measures both).
    policy = _ParsePolicy(parsed={}, header_factory=HEADER_FACTORY)  # type: ignore[call-overload]
    parser = _BoundedParser(policy)
    if headers_only:
        parser._set_headersonly()  # type: ignore[attr-defined]
    view = memoryview(raw)
    try:
        for start in range(0, len(view), _CHUNK):
            parser.feed(view[start : start + _CHUNK].tobytes())
        msg = parser.close()
    except _StopParsing:
        root = parser.stopped_root()
        if root is None:
            raise
        return root
    assert isinstance(msg, EmailMessage)
    return msg


def parse_message(raw: bytes, limits: Limits = DEFAULT_LIMITS) -> tuple[EmailMessage, bool]:
    """The parsed message and whether its body could be parsed. A message the parser gives
    up on (a RecursionError, or a parser bug on hostile input) is parsed again for its
    headers only.

    Every path to a parsed message passes here, attached messages included (the parser
    parses them as parts), so the fixed caps hold for all of them: the line count before
    the parse (:func:`otpmail._core._bounds.check_line_count`), then :class:`_BoundedParser`.
    A message whose parse stopped at the part or depth cap carries a :class:`_StructureCut`
    defect: what was read is shown, and the email says ``body_omitted``.

    Raises:
        OtpmailError: :func:`otpmail._core._bounds.unreadable` for a message over a fixed
            cap on lines or header fields: the caller skips it with a warning.
    """
    check_line_count(raw, limits)
    try:
        return _feed(raw), True
    except OtpmailError:
        raise
    except Exception:  # RecursionError, or a parser bug on hostile input
        return _feed(raw, headers_only=True), False


def structure_was_cut(msg: Message) -> bool:
    return any(isinstance(d, _StructureCut) for d in getattr(msg, "defects", ()))


def stored_payload(part: Message) -> Any:
    # The payload as the parser stored it. get_payload() would first encode a large string
    # once more just to look for undecodable bytes (and decode 8-bit text to do so).
    return getattr(part, "_payload", None)


def transfer_encoding(part: Message) -> str:
    try:
        return str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    except Exception:
        return ""


def part_charset(part: Message) -> str | None:
    try:
        charset = part.get_content_charset()
    except Exception:
        return None
    return str(charset) if charset else None


_NOT_BASE64 = re.compile(rb"[^A-Za-z0-9+/=]+")


def _b64decode(data: bytes) -> bytes:
    """Base64 as senders write it: whitespace and stray characters ignored, padding missing,
    wrong, or closing each of several concatenated chunks; a dangling last character
    dropped."""
    out = []
    for chunk in re.split(rb"=+", _NOT_BASE64.sub(b"", data)):
        usable = len(chunk) - (1 if len(chunk) % 4 == 1 else 0)
        if usable <= 0:
            continue
        chunk = chunk[:usable]
        try:
            out.append(binascii.a2b_base64(chunk + b"=" * (-len(chunk) % 4)))
        except binascii.Error:
            continue
    return b"".join(out)


# Control characters that no text holds (ESC stays: ISO-2022 uses it).
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f\x7f]")
_BASE64_ALPHABET = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
# The decision is made on this much of a body: text and base64 do not mix by halves.
_SNIFF_BYTES = 1 << 16


def _is_base64_text(data: bytes) -> bool:
    """Whether a body labelled base64 is base64 at all: most of its characters sit on lines
    that have no space inside and hardly anything (a tenth at most) outside the base64
    alphabet. Plain text under the label has spaces and punctuation inside its lines."""
    encoded = total = 0
    for line in data[:_SNIFF_BYTES].split(b"\n"):
        line = line.strip()
        if not line:
            continue
        total += len(line)
        if b" " in line or b"\t" in line:
            continue
        stray = sum(1 for byte in line if byte not in _BASE64_ALPHABET)
        if stray * 10 <= len(line):
            encoded += len(line)
    return encoded * 2 >= total


def control_noise(data: bytes) -> bool:
    """True when more than one byte in fifty is a control character that text never holds:
    what decoding something that was not base64 as base64 (or binary data) looks like."""
    return bool(data) and len(_CONTROL_BYTES.findall(data)) * 50 > len(data)


_QP_TRANSPORT_SPACE = re.compile(rb"[ \t]+(?=\r?\n|$)")


def transfer_decode(payload: str, cte: str, part: Message) -> bytes:
    # The parser keeps undecodable bytes as lone surrogates: this gives them back.
    data = payload.encode("utf-8", "surrogateescape")
    if cte == "base64":
        # A wrong label (issue 17): text that is not base64 is the text it is, as the
        # standard library already returns it when its length makes decoding impossible
        # (bpo-27397); decoding it anyway gives control-character noise.
        if not _is_base64_text(data):
            return data
        decoded = _b64decode(data)
        if (
            part.get_content_maintype() == "text"
            and not (part_charset(part) or "").lower().startswith("utf-16")
            and control_noise(decoded)
            and not control_noise(data)
        ):
            return data
        return decoded
    if cte == "quoted-printable":
        # RFC 2045 §6.7 (3): whitespace at the end of an encoded line was added in transport.
        return binascii.a2b_qp(_QP_TRANSPORT_SPACE.sub(b"", data))
    if cte in ("x-uuencode", "uuencode", "x-uue", "uue"):
        uudecoded = part.get_payload(decode=True)
        return uudecoded if isinstance(uudecoded, bytes) else data
    return data


# The most encoded characters one decoded character can take: four UTF-8 bytes written as
# quoted-printable ("=F0=9F=98=80"). A payload longer than this many times the raw limit is
# over it whatever it decodes to, so it is omitted without being decoded.
MAX_ENCODED_PER_CHAR = 12


def mime_type(part: Message) -> tuple[str, str]:
    try:
        return part.get_content_maintype(), part.get_content_subtype()
    except Exception:
        return "application", "octet-stream"


def content_disposition(part: Message) -> str:
    try:
        return str(part.get_content_disposition() or "")
    except Exception:
        return "attachment"


def is_inline_text(part: Message) -> bool:
    """A ``text/plain`` or ``text/html`` part that is content, not an attachment: RFC 2183
    makes ``Content-Disposition: attachment`` the mark of an attachment; a ``name`` or
    ``filename`` alone does not (mail clients show such a part inline)."""
    maintype, subtype = mime_type(part)
    return (
        maintype == "text"
        and subtype in ("plain", "html")
        and content_disposition(part) != "attachment"
    )


def child_parts(part: Message) -> list[Message]:
    payload = stored_payload(part)
    return [p for p in payload if isinstance(p, Message)] if isinstance(payload, list) else []


def _boundary(part: Message) -> str | None:
    try:
        boundary = part.get_boundary()
    except Exception:
        return None
    return str(boundary) if boundary else None


# Times one message's parts are parsed again to recover a reused boundary (below).
_MAX_BOUNDARY_REPAIRS = 8


def repair_reused_boundaries(msg: Message) -> None:
    """Give back their parts to nested multiparts that reuse their parent's boundary.

    The parser ends the inner multipart at once (its first part starts with the shared
    delimiter), so the inner parts become the parent's, and the first close delimiter,
    the inner one, closes the parent: the parent's own later parts land in its epilogue.
    The repair reads the lines the way a parser that tries the innermost open boundary
    first does (MimeKit's ``MimeParser.CheckBoundary``; RFC 2046 §5.1.2 forbids the reuse,
    senders do it anyway): the inner multipart holds the parts after it up to that close
    delimiter, and the parent's epilogue, when it starts with the delimiter, is parsed again
    for the parent's remaining parts (at most ``_MAX_BOUNDARY_REPAIRS`` times a message,
    each through the bounded parser, so the work stays that of a few passes over the
    message).
    """
    repairs = 0
    stack, seen = [msg], 0
    while stack and seen < MAX_MIME_PARTS:
        part = stack.pop()
        seen += 1
        children = child_parts(part)
        # Cheap tests first: the boundary is a header parse, needed only where a child is an
        # empty multipart or an epilogue is left.
        suspect = "--" in (part.epilogue or "") or any(_is_empty(c) for c in children)
        boundary = _boundary(part) if suspect else None
        if boundary:
            for i, child in enumerate(children):
                if (
                    i + 1 < len(children)
                    and _is_empty(child)
                    and mime_type(child)[0] == "multipart"
                    and _boundary(child) == boundary
                ):
                    _set_parts(child, children[i + 1 :])
                    children = children[: i + 1]
                    _set_parts(part, children)
                    break
            while repairs < _MAX_BOUNDARY_REPAIRS:
                rest_text = _after_close_delimiters(part.epilogue or "", boundary)
                if rest_text is None:
                    break
                repairs += 1
                rest = _reparse_parts(part, boundary, rest_text)
                if rest is None:
                    break
                children = children + child_parts(rest)
                _set_parts(part, children)
                part.epilogue = rest.epilogue
        stack.extend(reversed(children))


def _after_close_delimiters(epilogue: str, boundary: str) -> str | None:
    """An epilogue that holds more parts: past the close delimiters of the inner levels
    that shared the boundary (each closed one of them), it starts with a delimiter."""
    delimiter, close = "--" + boundary, "--" + boundary + "--"
    if delimiter not in epilogue:
        return None
    lines = epilogue.lstrip().splitlines(keepends=True)
    start = 0
    while start < len(lines) and lines[start].strip() in ("", close):
        start += 1
    if start < len(lines) and lines[start].rstrip() == delimiter:
        return "".join(lines[start:])
    return None


def _is_empty(part: Message) -> bool:
    payload = stored_payload(part)
    return isinstance(payload, str) and (not payload or payload.isspace())


def _set_parts(part: Message, parts: list[Message]) -> None:
    payload: list[Message | str] = list(parts)
    part.set_payload(payload)


def _reparse_parts(part: Message, boundary: str, text: str) -> Message | None:
    head = f'Content-Type: {part.get_content_type()}; boundary="{boundary}"\r\n\r\n'
    body = text.encode("utf-8", "surrogateescape")
    try:
        rest, complete = parse_message(head.encode("ascii", "replace") + body)
    except Exception:
        return None
    return rest if complete and child_parts(rest) else None


def leaf_parts(msg: Message) -> Iterator[Message]:
    """Leaf parts in document order, iteratively (no recursion limit to hit). An attached
    message (``message/*``) is one leaf: its own parts are not this message's."""
    stack: list[Message] = [msg]
    seen = 0
    while stack and seen < MAX_MIME_PARTS:
        part = stack.pop()
        seen += 1
        payload = stored_payload(part)
        if part.get_content_maintype() == "multipart":
            if isinstance(payload, list):
                stack.extend(reversed([p for p in payload if isinstance(p, Message)]))
            continue
        yield part

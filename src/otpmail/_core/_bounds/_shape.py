"""The fixed caps on a message's shape (bound 1a): lines, header fields, MIME parts and
nesting, and how much of a header value the standard library's parsers are handed.

A message over a cap on lines or header fields is refused before anything parses it
(:func:`unreadable`); the caps on parts and nesting are applied by the decoder's parser,
which stops there and keeps what it read. Not configurable: they exist so that the parse
of one message has a known maximum cost, whatever ``email.limits`` says.
"""

from __future__ import annotations

import email.feedparser
import re
from collections.abc import Iterable

from otpmail._core._bounds._limits import Limits
from otpmail._core._errors import OtpmailError

MAX_RAW_HEADER_CHARS = 16_384
"""A header value is cut to this many characters before it is parsed: the standard
library's structured header parser is pure Python (about 10 µs a character for address
lists) and recursive, so a 1 MB ``From`` must not reach it whole. RFC 5322 lines are at most
998 characters; 16 KiB still holds a To list of several hundred addresses."""
MAX_MIME_PARTS = 1_000
"""Message objects per message — the message itself, each MIME part, each attached message
— that the parser creates: it stops at this one, and the message is shown as far as it was
read, with ``body_omitted``. The standard parser spends about 0.1 ms on each part even
when it is empty, so 300,000 empty parts (2 MB) took 30 s."""
MAX_MULTIPART_DEPTH = 16
"""Multiparts nested deeper than this are not parsed (the standard parser's time grows with
lines x depth): the parse stops there, and the message keeps its headers and what came
before, with ``body_omitted``. Real mail nests a handful of levels; 16 leaves room for
several forwarded messages inside each other."""
MAX_HEADER_BYTES = 512 * 1024
"""Characters of header fields per message, the message's own and every part's and attached
message's together; a message with more is skipped unread. Gmail refuses incoming mail whose
headers exceed 500 KB or 5,000 fields (support.google.com/a/answer/14016360), so mail
Gmail delivers stays under this and :data:`MAX_HEADER_FIELDS`."""
MAX_HEADER_FIELDS = 5_000
"""Header fields per message, counted as :data:`MAX_HEADER_BYTES` is."""
MAX_MIME_FIELD_CHARS = 4_096
"""Characters of one ``Content-*`` field (with its continuation lines). The standard parser
parses ``Content-Type`` and ``Content-Disposition`` itself, for every part, and its
parameter parser is quadratic on hostile input (8,000 empty parameters took 3 s); a
boundary is at most 70 characters (RFC 2046), and 4,096 still holds a file name of a
hundred CJK characters written as RFC 2231 continuations. A message with a longer one is
skipped unread."""
MAX_MIME_FIELDS_CHARS = 32_768
"""Characters of all ``Content-*`` fields of one message together (the parser's work on
them grows with the length of each times their total); a message with more is skipped
unread. 32 KiB is about 300 attachments' worth."""
MAX_ADDRESS_PARSE_CHARS = 1_024
"""Characters of one address field that the standard library's structured address parser
sees, and :data:`MAX_ADDRESS_PARSE_TOTAL` of one message: that parser is quadratic on some
inputs (16,000 double quotes took 4 s). ``From`` is parsed on its first 1,024 characters; a
longer ``To``, ``Cc`` or ``Delivered-To`` list (up to :data:`MAX_RAW_HEADER_CHARS`) is read
with the simpler, linear parser of :func:`email.utils.getaddresses`."""
MAX_ADDRESS_PARSE_TOTAL = 4_096
"""See :data:`MAX_ADDRESS_PARSE_CHARS`. The headers of the messages attached to one mail
share another budget of this size (they are shown, never matched: past it they are read
with the linear parsers)."""
LINE_BYTES = 32
"""A message may have one line per ``LINE_BYTES`` of ``response_bytes`` (524,288 lines at
the default; see :func:`max_lines`). The parser keeps every line as an object of about 60
bytes, so 4 MB of empty lines took 150 MiB; base64 and quoted-printable lines are 76
characters, so every message within ``response_bytes`` whose lines average more than 32
bytes passes."""


def max_lines(limits: Limits) -> int:
    """The most lines a message may have before the MIME parse (see :data:`LINE_BYTES`).

    >>> max_lines(Limits())
    524288
    """
    return max(1, limits.response_bytes // LINE_BYTES)


def unreadable(reason: str) -> OtpmailError:
    """The error of a message over a fixed structural cap: the provider skips it with a
    warning, as it skips a message it could not fetch, and the read goes on.

    >>> print(unreadable("more than 1000 MIME parts"))
    API_ERROR: unreadable message: more than 1000 MIME parts (a fixed cap of otpmail's; the message is skipped)
    """
    return OtpmailError(
        "bad_response",
        f"unreadable message: {reason} (a fixed cap of otpmail's; the message is skipped)",
    )


def check_line_count(raw: bytes, limits: Limits) -> None:
    """Refuse a message with more lines than :func:`max_lines`, counted as the parser
    splits them (CRLF, LF or a lone CR), before it is parsed.

    Raises:
        OtpmailError: :func:`unreadable`.

    >>> check_line_count(b"a\\r\\nb\\rc\\n", Limits())
    >>> try:
    ...     check_line_count(b"\\r\\n" * 40, Limits(response_bytes=1_024))
    ... except OtpmailError as exc:
    ...     print(exc.code)
    bad_response
    """
    lines = raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n")
    if lines > max_lines(limits):
        raise unreadable(
            f"{lines} lines, more than one per {LINE_BYTES} bytes of "
            f"email.limits.response_bytes ({max_lines(limits)})"
        )


class HeaderTally:
    """The header fields of one message — its own, every part's and every attached
    message's — counted against :data:`MAX_HEADER_BYTES`, :data:`MAX_HEADER_FIELDS`,
    :data:`MAX_MIME_FIELD_CHARS` and :data:`MAX_MIME_FIELDS_CHARS`.

    Fed one header section at a time, as lines (continuation lines start with a space or a
    tab), before anything parses their values: the decoder's parser feeds it every section
    it meets, and :func:`check_header_section` feeds it the raw top of a message.

    >>> tally = HeaderTally()
    >>> tally.add_section(["From: a@x.example\\r\\n", "Subject: hi\\r\\n"])
    >>> tally.fields
    2
    >>> try:
    ...     tally.add_section(["Content-Type: text/plain" + ";" * 5000 + "\\r\\n"])
    ... except OtpmailError as exc:
    ...     print(exc.message)
    unreadable message: a Content-* header field of more than 4096 characters (a fixed cap of otpmail's; the message is skipped)
    """

    def __init__(self) -> None:
        self.fields = 0
        self.chars = 0
        self.mime_chars = 0

    def add_section(self, lines: Iterable[str]) -> None:
        """Count one header section; raise :func:`unreadable` past a cap."""
        field = 0  # characters of the current Content-* field, -1 for another field
        for line in lines:
            size = len(line)
            self.chars += size
            if line[:1] in (" ", "\t"):
                if field >= 0:
                    field += size
                continue
            self._end_field(field)
            self.fields += 1
            field = size if line[:8].lower() == "content-" else -1
        self._end_field(field)
        if self.chars > MAX_HEADER_BYTES:
            raise unreadable(f"header fields of more than {MAX_HEADER_BYTES} characters in all")
        if self.fields > MAX_HEADER_FIELDS:
            raise unreadable(f"more than {MAX_HEADER_FIELDS} header fields")

    def _end_field(self, field: int) -> None:
        if field < 0:
            return
        if field > MAX_MIME_FIELD_CHARS:
            raise unreadable(
                f"a Content-* header field of more than {MAX_MIME_FIELD_CHARS} characters"
            )
        self.mime_chars += field
        if self.mime_chars > MAX_MIME_FIELDS_CHARS:
            raise unreadable(
                f"Content-* header fields of more than {MAX_MIME_FIELDS_CHARS} characters in all"
            )


HEADER_LINE = re.compile(email.feedparser.headerRE.pattern.encode("ascii"))  # type: ignore[attr-defined]
"""A line of a message's header block as the standard parser tells one, on bytes (its own
``email.feedparser.headerRE``): a field name and a colon, a continuation, or an mbox
``From`` line. The block the catcher edits and the one checked here end where the
decoder's parser ends it."""
_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def check_header_section(data: bytes) -> None:
    """Check the top-level header section at the start of ``data`` (a whole message, or its
    first bytes up to the blank line) against the caps of :class:`HeaderTally`, without
    parsing it: for a reader that parses headers before it decides to decode a message.

    Reading stops at the first line that is not a header line, as the parser's does, so
    ``data`` may be the whole message.

    Raises:
        OtpmailError: :func:`unreadable`.

    >>> check_header_section(b"From: a@x.example\\r\\nSubject: hi\\r\\n\\r\\nbody\\r\\n")
    >>> try:
    ...     check_header_section(b"X-Pad: a\\r\\n" * 6000 + b"\\r\\n")
    ... except OtpmailError as exc:
    ...     print(exc.message)
    unreadable message: more than 5000 header fields (a fixed cap of otpmail's; the message is skipped)
    """
    lines = []
    chars = 0
    for match in _LINE.finditer(data):
        if not HEADER_LINE.match(match.group()):
            break
        line = match.group().decode("latin-1")
        lines.append(line)
        chars += len(line)
        if chars > MAX_HEADER_BYTES or len(lines) > MAX_HEADER_FIELDS:
            break  # over already: the tally says which cap, without reading further
    HeaderTally().add_section(lines)

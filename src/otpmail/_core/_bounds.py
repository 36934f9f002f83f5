"""The one bounds policy: how much of a mailbox answer otpmail reads, converts and returns.

The bounds apply in this order, and the order is the guarantee:

1. **message bytes** (``response_bytes``): a larger message is refused before it is parsed.
   Every provider calls :func:`check_response_size` on what it received, before parsing
   it: a Maildir file is the message; a listing (Gmail list, history and profile answers,
   a Graph page) is compared as it is. An answer that carries one message in an encoding
   (:class:`Carrier`: Gmail's ``format=raw`` is the message base64url-encoded inside JSON,
   4/3 of its size) is allowed what a message of ``response_bytes`` takes in that encoding
   (:func:`response_limit`), so the bound means the message, not its wrapping; once
   decoded, the message itself is held to ``response_bytes`` exactly
   (:func:`check_message_size`), before the MIME parse.
   The bound holds *while* an answer is read: each transport reads at most
   :func:`response_limit` bytes of it, inflated (a ``gzip`` or ``deflate`` answer is
   inflated in steps that never produce more than that), and a little more on the wire
   (:data:`WIRE_ALLOWANCE`); token answers have their own fixed cap
   (:data:`MAX_TOKEN_RESPONSE_BYTES`). See :class:`AnswerBound` and
   :mod:`otpmail._core._answers`.
1a. **message shape** (fixed caps, below): before and while the MIME parse, a message
   with too many lines (:func:`check_line_count`) or header fields too many or too long
   (:class:`HeaderTally`, also :func:`check_header_section` for readers that parse headers
   first) is skipped unread with a warning (:func:`unreadable`); the parse stops at
   :data:`MAX_MIME_PARTS` message objects and :data:`MAX_MULTIPART_DEPTH` nested
   multiparts, and what it read is shown (``body_omitted``). The parse never does more
   than these allow.
2. **raw body characters** (``raw_body_chars``): a larger body is omitted before any
   conversion; the email says ``body_omitted`` (see :func:`raw_body_too_large`).
3. **normalised body characters** (``body_chars``): the converted, cleaned body is cut with an
   explicit marker; the email says ``body_truncated`` (:func:`bound_body`). The HTML
   converter itself stops once it has produced :func:`html_output_chars`, and nests
   indentation at most :data:`MAX_HTML_NESTING` deep, so no markup makes it work past what
   can be shown.
4. **result characters** (``result_chars``): the list of emails is cut keeping whole
   messages, newest first, and the envelope says how many were dropped
   (:func:`bound_result`).

Header fields and attachment lists have fixed per-message caps (below), so one decoded
message is never larger than ``body_chars + NON_BODY_MAX_CHARS``; the configuration refuses a
``result_chars`` too small to hold one whole message.

Pure: no I/O.
"""

from __future__ import annotations

import email.feedparser
import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from otpmail._core._errors import OtpmailError

# Fixed per-message caps (not configurable: they exist so that one message has a known
# maximum size, whatever the body bound is).
MAX_HEADER_CHARS = 1_000
"""Displayed From, To, Subject and Date are cut to this many characters."""
MAX_RAW_HEADER_CHARS = 16_384
"""A header value is cut to this many characters before it is parsed: the standard
library's structured header parser is pure Python (about 10 µs a character for address
lists) and recursive, so a 1 MB ``From`` must not reach it whole. RFC 5322 lines are at most
998 characters; 16 KiB still holds a To list of several hundred addresses."""
MAX_ATTACHMENTS = 50
"""Attachments listed per message; the rest are counted in ``attachments_omitted``."""
MAX_ATTACHMENT_NAME_CHARS = 255
"""An attachment name is cut to this many characters (the usual file-name limit)."""
MAX_CONTENT_TYPE_CHARS = 127
"""An attachment content type is cut to this many characters (RFC 6838 sizes)."""
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
MAX_HTML_NESTING = 16
"""Levels of list and quote nesting shown as indentation in converted HTML; deeper levels
are shown at this depth. Each level indents every line below it, so unbounded nesting
made text quadratic in the markup (20,000 nested lists: 70 s and 1.5 GB)."""
NON_BODY_MAX_CHARS = 25_000
"""Upper bound of everything but the body in one email dict, as :func:`email_chars` counts
it: four header fields, the attachment list, ids, dates and flags. Checked by a test."""

BODY_TRUNCATED_MARKER = "[body truncated]"
"""Ends a body cut at ``body_chars``."""
BODY_OMITTED_MARKER = "[message body omitted: too large]"
"""How a renderer shows a body omitted at ``raw_body_chars`` (the body itself is "")."""


@dataclass(frozen=True)
class Limits:
    """The four configurable bounds (``email.limits`` in the integrations file).

    The defaults follow dsh-mail-reader's, except the raw body bound:

    - ``response_bytes`` 16 MiB of message: an OTP mail with an ordinary attachment, on
      every provider (Gmail's base64 answer for it is allowed its 4/3, see
      :func:`response_limit`); larger messages need it raised (a refusal names the limit
      to raise);
    - ``raw_body_chars`` 250,000 rather than 100,000: this bound exists to cap conversion
      work, and the HTML converter handles about 1.4 million characters a second of a
      layout-table template (measured while choosing this default), so 250,000 costs under
      0.2 s. 100,000 sits right at
      Gmail's 102 KB clipping size, which heavier verification templates (inline CSS, a
      logo embedded as a ``data:`` URI) exceed, and omitting the body of a sign-in mail is
      the one failure this library exists to avoid;
    - ``body_chars`` 20,000: far more than any verification mail needs, still cheap for a
      model;
    - ``result_chars`` 60,000: the ten emails of one call when their bodies are ordinary,
      and always one whole message (the configuration enforces
      ``result_chars >= body_chars + NON_BODY_MAX_CHARS``).

    >>> Limits().raw_body_chars
    250000
    >>> Limits(result_chars=90_000).result_chars
    90000
    """

    response_bytes: int = 16 * 1024 * 1024
    raw_body_chars: int = 250_000
    body_chars: int = 20_000
    result_chars: int = 60_000


DEFAULT_LIMITS = Limits()

LIMIT_FIELDS = ("response_bytes", "raw_body_chars", "body_chars", "result_chars")


class Carrier(enum.Enum):
    """How a provider answer carries what the bound is about."""

    PLAIN = "plain"
    """The bytes are the message (a Maildir file) or a listing: compared as they are."""
    BASE64_IN_JSON = "base64 in JSON"
    """One message base64url-encoded in a JSON string, with a few short fields around it
    (Gmail ``messages.get?format=raw``, gmail.md §2)."""


JSON_ALLOWANCE = 4_096
"""Bytes a :attr:`Carrier.BASE64_IN_JSON` answer may add to the base64 text: base64
padding, the JSON punctuation and whitespace, and ``id``, ``threadId``, ``labelIds``,
``historyId``, ``internalDate`` and ``sizeEstimate`` (about 530 bytes pretty-printed, with a
dozen labels; ``snippet`` too, were it asked for).
Fixed, so the answer bound stays a function of ``response_bytes`` alone."""


def response_limit(limits: Limits, carrier: Carrier = Carrier.PLAIN) -> int:
    """The most bytes an answer may have: ``response_bytes``, or for a base64-in-JSON
    answer what a message of ``response_bytes`` takes there, ceil(4/3 × response_bytes) +
    :data:`JSON_ALLOWANCE`.

    >>> response_limit(Limits())
    16777216
    >>> response_limit(Limits(), Carrier.BASE64_IN_JSON)
    22373718
    """
    if carrier is Carrier.PLAIN:
        return limits.response_bytes
    return -(-limits.response_bytes * 4 // 3) + JSON_ALLOWANCE


WIRE_ALLOWANCE = 65_536
"""Bytes an answer may have on the wire beyond what it may inflate to: gzip's header (its
optional name and comment fields included) and deflate's stored blocks, which make
incompressible data a few bytes in 64 KiB larger."""

MAX_TOKEN_RESPONSE_BYTES = 1_048_576
"""The most a token endpoint's answer may hold, inflated. A token answer is a few kilobytes
(an access token of 1-4 KB and its expiry); an error page a few more. Fixed, not
``response_bytes``: a token answer carries no mail."""


@dataclass(frozen=True)
class AnswerBound:
    """How much one provider answer may hold, and how a refusal names that bound.

    Made by :func:`answer_bound` (a mailbox answer, from ``email.limits``),
    :func:`batch_answer_bound` (a batch answer, from its parts) or :func:`token_answer_bound`
    (a token endpoint's answer). Transports apply it while they read
    (:mod:`otpmail._core._answers`) and :meth:`check` what they were handed.

    >>> answer_bound(Limits(), "Gmail users.messages.list").limit
    16777216
    >>> batch_answer_bound(Limits(), "Gmail batch", [Carrier.BASE64_IN_JSON] * 10).limit
    44767916
    """

    limit: int
    """Bytes, once inflated."""
    what: str
    """The operation, for the message (``"Gmail users.messages.get"``)."""
    limits: Limits | None = None
    """The ``email.limits`` the limit was derived from; ``None`` for a token answer."""
    carrier: Carrier = Carrier.PLAIN
    parts: tuple[Carrier, ...] = ()
    """For a batch answer, how each of its parts carries its message."""

    @property
    def wire_limit(self) -> int:
        """Bytes the answer may have as it was sent (compressed or not)."""
        return self.limit + WIRE_ALLOWANCE

    def check(self, n_bytes: int) -> None:
        """Refuse a whole answer of ``n_bytes`` over the bound, with the words of
        :func:`check_response_size` (or :func:`check_batch_response_size`).

        >>> token_answer_bound("Entra token request").check(2_000_000)
        Traceback (most recent call last):
        otpmail._core._errors.OtpmailError: API_ERROR: Entra token request refused: the response is 2000000 bytes, more than 1048576; a token answer is a few kilobytes
        """
        if n_bytes <= self.limit:
            return
        if self.limits is None:
            raise OtpmailError(
                "response_too_large",
                f"{self.what} refused: the response is {n_bytes} bytes, more than "
                f"{self.limit}; a token answer is a few kilobytes",
            )
        if self.parts:
            check_batch_response_size(n_bytes, self.limits, self.what, self.parts)
        check_response_size(n_bytes, self.limits, self.what, self.carrier)

    def refusal(self, *, inflated: bool = False) -> OtpmailError:
        """The ``response_too_large`` error for an answer found over the bound while it was
        read, its whole size unknown (reading stopped there); ``inflated`` when it was
        inflating that it passed the bound.

        >>> print(answer_bound(Limits(response_bytes=1_000), "Graph list messages").refusal())
        API_ERROR: Graph list messages refused: the response is more than 1000 bytes, more than email.limits.response_bytes (1000)
        >>> print(token_answer_bound("Entra token request").refusal(inflated=True))
        API_ERROR: Entra token request refused: the response inflates to more than 1048576 bytes; a token answer is a few kilobytes
        """
        size = f"inflates to more than {self.limit}" if inflated else f"is more than {self.limit}"
        if self.limits is None:
            detail = f"the response {size} bytes; a token answer is a few kilobytes"
        elif self.parts:
            detail = (
                f"the response {size} bytes, more than a batch of {len(self.parts)} may be at "
                f"email.limits.response_bytes ({self.limits.response_bytes})"
            )
        elif self.carrier is Carrier.PLAIN:
            detail = (
                f"the response {size} bytes, more than email.limits.response_bytes "
                f"({self.limits.response_bytes})"
            )
        else:
            detail = (
                f"the message is more than email.limits.response_bytes "
                f"({self.limits.response_bytes}): its base64 answer {size} bytes, more than "
                "that allows"
            )
        return OtpmailError("response_too_large", f"{self.what} refused: {detail}")


def answer_bound(limits: Limits, what: str, carrier: Carrier = Carrier.PLAIN) -> AnswerBound:
    """The bound of a mailbox answer: :func:`response_limit`."""
    return AnswerBound(response_limit(limits, carrier), what, limits, carrier)


def batch_answer_bound(limits: Limits, what: str, carriers: Sequence[Carrier]) -> AnswerBound:
    """The bound of a batch answer: :func:`batch_response_limit` (each part is then held to
    its own bound by whoever splits the answer)."""
    return AnswerBound(
        batch_response_limit(limits, carriers), what, limits, Carrier.PLAIN, tuple(carriers)
    )


def token_answer_bound(what: str) -> AnswerBound:
    """The bound of a token endpoint's answer: :data:`MAX_TOKEN_RESPONSE_BYTES`."""
    return AnswerBound(MAX_TOKEN_RESPONSE_BYTES, what)


def check_response_size(
    n_bytes: int, limits: Limits, what: str, carrier: Carrier = Carrier.PLAIN
) -> None:
    """Refuse a provider answer larger than :func:`response_limit`, before parsing it.

    ``what`` names the operation for the message (for example ``"Gmail messages.get"``);
    nothing from the response is quoted. The message names ``email.limits.response_bytes``
    and the two figures compared.

    Raises:
        OtpmailError: code ``response_too_large`` (``API_ERROR``, not retryable: the same
            message will be just as large next time; raising the limit is the remedy).

    >>> check_response_size(1_000, Limits(), "Gmail messages.get")
    >>> try:
    ...     check_response_size(2_000, Limits(response_bytes=1_000), "Gmail messages.list")
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.list refused: the response is 2000 bytes, more than email.limits.response_bytes (1000)
    >>> try:
    ...     check_response_size(
    ...         5_431, Limits(response_bytes=1_000), "Gmail messages.get", Carrier.BASE64_IN_JSON
    ...     )
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.get refused: the message is more than email.limits.response_bytes (1000): its base64 answer is 5431 bytes, more than the 5430 that allows
    """
    limit = response_limit(limits, carrier)
    if n_bytes <= limit:
        return
    if carrier is Carrier.PLAIN:
        detail = (
            f"the response is {n_bytes} bytes, more than "
            f"email.limits.response_bytes ({limits.response_bytes})"
        )
    else:
        detail = (
            f"the message is more than email.limits.response_bytes ({limits.response_bytes}): "
            f"its base64 answer is {n_bytes} bytes, more than the {limit} "
            "that allows"
        )
    raise OtpmailError("response_too_large", f"{what} refused: {detail}")


BATCH_PART_ALLOWANCE = 2_048
"""Bytes each part of a batch answer may add to its own answer: the boundary line, the part
headers (``Content-Type``, ``Content-ID``) and the inner status line and headers, about 250
bytes as Gmail writes them (gmail.md §7.8)."""
BATCH_ANSWERS = 2
"""How many of its largest part's answers a batch answer may hold (see
:func:`batch_response_limit`)."""


def batch_response_limit(limits: Limits, carriers: Sequence[Carrier]) -> int:
    """The most bytes a batch answer may have: :data:`BATCH_ANSWERS` times what the largest
    of its parts may be as an answer of its own (:func:`response_limit`), plus
    :data:`BATCH_PART_ALLOWANCE` a part. Each part is then held to its own bound.

    Not the sum of its parts: the client holds a batch answer whole and parses it into
    several copies at once (about 7 times its size, ``bench/run.py``), where a lone answer
    takes about 3 times its own. At twice one answer, a batch parses in about what five
    lone fetches side by side took; a larger answer is refused before it is parsed, and
    the provider fetches its messages one by one instead.

    >>> batch_response_limit(Limits(response_bytes=1_000), [Carrier.BASE64_IN_JSON] * 2)
    14956
    """
    largest = max((response_limit(limits, carrier) for carrier in carriers), default=0)
    return BATCH_ANSWERS * largest + BATCH_PART_ALLOWANCE * len(carriers)


def check_batch_response_size(
    n_bytes: int, limits: Limits, what: str, carriers: Sequence[Carrier]
) -> None:
    """Refuse a batch answer larger than :func:`batch_response_limit`, before parsing it.

    Raises:
        OtpmailError: code ``response_too_large``, as :func:`check_response_size`.

    >>> try:
    ...     check_batch_response_size(
    ...         20_000, Limits(response_bytes=1_000), "Gmail batch", [Carrier.BASE64_IN_JSON] * 2
    ...     )
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail batch refused: the response is 20000 bytes, more than a batch of 2 may be at email.limits.response_bytes (1000): 14956
    """
    limit = batch_response_limit(limits, carriers)
    if n_bytes <= limit:
        return
    raise OtpmailError(
        "response_too_large",
        f"{what} refused: the response is {n_bytes} bytes, more than a batch of "
        f"{len(carriers)} may be at email.limits.response_bytes ({limits.response_bytes}): "
        f"{limit}",
    )


def check_message_size(n_bytes: int, limits: Limits, what: str) -> None:
    """Refuse a decoded message larger than ``response_bytes``, before the MIME parse: an
    encoded answer passed :func:`check_response_size` with room for its wrapping, and this
    makes the bound exact in message bytes.

    Raises:
        OtpmailError: code ``response_too_large``, as :func:`check_response_size`.

    >>> check_message_size(1_000, Limits(response_bytes=1_000), "Gmail messages.get")
    >>> try:
    ...     check_message_size(1_001, Limits(response_bytes=1_000), "Gmail messages.get")
    ... except OtpmailError as exc:
    ...     print(exc)
    API_ERROR: Gmail messages.get refused: the message is 1001 bytes, more than email.limits.response_bytes (1000)
    """
    if n_bytes > limits.response_bytes:
        raise OtpmailError(
            "response_too_large",
            f"{what} refused: the message is {n_bytes} bytes, more than "
            f"email.limits.response_bytes ({limits.response_bytes})",
        )


def raw_body_too_large(n_chars: int, limits: Limits) -> bool:
    """True when a body of ``n_chars`` decoded characters must be omitted unconverted.

    >>> raw_body_too_large(250_001, Limits())
    True
    """
    return n_chars > limits.raw_body_chars


def html_output_chars(limits: Limits) -> int:
    """The most characters the HTML converter may produce before it stops: twice
    ``body_chars`` plus 64 KiB. What it produces is cleaned (runs of blank lines and
    trailing spaces go) and then cut at ``body_chars``, so text past this is never shown;
    the budget is checked as text is produced, so no markup makes the converter work past
    it.

    >>> html_output_chars(Limits())
    105536
    """
    return 2 * limits.body_chars + 65_536


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


def cut_text(text: str, max_chars: int) -> str:
    """``text`` cut to at most ``max_chars`` characters, ending in "…" when it was cut.

    Used for one-line fields (header values, attachment names).

    >>> cut_text("abcdef", 4)
    'abc…'
    >>> cut_text("abc", 4)
    'abc'
    """
    if len(text) <= max_chars:
        return text
    if max_chars <= 1:
        return text[:max_chars]
    return text[: max_chars - 1].rstrip() + "…"


# A cut that lands inside a word would leave a fragment that looks like a shorter code or
# link ("…code is 123" from "1234567"): the cut backs off to the last whitespace when one
# is this close to the limit.
_WORD_BACKOFF = 200


def bound_body(text: str, limits: Limits, *, stopped: bool = False) -> tuple[str, bool]:
    """Cut a normalised body to ``limits.body_chars`` characters, marker included.

    Returns the body and whether it was cut. A cut body ends with a blank line and
    :data:`BODY_TRUNCATED_MARKER`, and the cut falls on whitespace when there is some in the
    last 200 characters, so no half code or half link is left at the end. ``stopped`` says
    the text is already incomplete (the HTML converter stopped at its budget): it gets the
    marker even when it is short.

    >>> bound_body("short", Limits())
    ('short', False)
    >>> body, cut = bound_body("word " * 10, Limits(body_chars=30))
    >>> cut, body
    (True, 'word word\\n\\n[body truncated]')
    >>> bound_body("short", Limits(), stopped=True)
    ('short\\n\\n[body truncated]', True)
    """
    limit = limits.body_chars
    if len(text) <= limit and not stopped:
        return text, False
    if stopped and len(text) + 2 + len(BODY_TRUNCATED_MARKER) <= limit:
        return (text + "\n\n" if text else "") + BODY_TRUNCATED_MARKER, True
    suffix = "\n\n" + BODY_TRUNCATED_MARKER
    keep = limit - len(suffix)
    if keep <= 0:
        return BODY_TRUNCATED_MARKER[:limit], True
    head = text[:keep]
    if not text[keep].isspace():
        space = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
        if space >= 0 and keep - space <= _WORD_BACKOFF:
            head = head[:space]
    return head.rstrip() + suffix, True


def email_chars(value: Any) -> int:
    """The size :func:`bound_result` counts: the characters of every string and number in
    an email dict (keys and JSON punctuation are not counted).

    >>> email_chars({"from": "a@x.example", "attachments": [{"name": "a.pdf", "size": 120}]})
    19
    """
    if isinstance(value, str):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int | float):
        return len(str(value))
    if isinstance(value, Mapping):
        return sum(email_chars(v) for v in value.values())
    if isinstance(value, Iterable):
        return sum(email_chars(v) for v in value)
    return len(str(value))


_E = TypeVar("_E", bound=Mapping[str, Any])


def bound_result(emails: Sequence[_E], limits: Limits) -> tuple[list[_E], int]:
    """Keep the longest run of whole emails, in order, whose sizes add up to at most
    ``limits.result_chars``; return them and how many were dropped.

    The list is newest first, so the oldest messages are the ones dropped. A message is
    never cut here: bodies were already bounded when they were decoded. The newest message
    is always kept, so a call that matched mail never answers with an empty list: the
    configuration makes one decoded message fit (``result_chars >= body_chars +
    NON_BODY_MAX_CHARS``); only fields added after decoding (extracted ``links``, say) can
    push one message past the bound on its own.

    >>> kept, dropped = bound_result([{"body": "x" * 40}] * 3, Limits(result_chars=100))
    >>> len(kept), dropped
    (2, 1)
    """
    total = 0
    for index, item in enumerate(emails):
        total += email_chars(item)
        if total > limits.result_chars and index > 0:
            return list(emails[:index]), len(emails) - index
    return list(emails), 0


__all__ = [
    "BATCH_PART_ALLOWANCE",
    "BODY_OMITTED_MARKER",
    "BODY_TRUNCATED_MARKER",
    "DEFAULT_LIMITS",
    "JSON_ALLOWANCE",
    "LIMIT_FIELDS",
    "LINE_BYTES",
    "MAX_ADDRESS_PARSE_CHARS",
    "MAX_ADDRESS_PARSE_TOTAL",
    "MAX_ATTACHMENTS",
    "MAX_ATTACHMENT_NAME_CHARS",
    "MAX_CONTENT_TYPE_CHARS",
    "MAX_HEADER_BYTES",
    "MAX_HEADER_CHARS",
    "MAX_HEADER_FIELDS",
    "MAX_HTML_NESTING",
    "MAX_MIME_FIELDS_CHARS",
    "MAX_MIME_FIELD_CHARS",
    "MAX_MIME_PARTS",
    "MAX_MULTIPART_DEPTH",
    "MAX_RAW_HEADER_CHARS",
    "MAX_TOKEN_RESPONSE_BYTES",
    "NON_BODY_MAX_CHARS",
    "WIRE_ALLOWANCE",
    "AnswerBound",
    "Carrier",
    "HeaderTally",
    "Limits",
    "answer_bound",
    "batch_answer_bound",
    "bound_body",
    "bound_result",
    "check_header_section",
    "check_line_count",
    "check_message_size",
    "check_response_size",
    "cut_text",
    "email_chars",
    "html_output_chars",
    "max_lines",
    "raw_body_too_large",
    "response_limit",
    "token_answer_bound",
    "unreadable",
]

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

One module per concern: :mod:`._limits` (the configurable ``Limits``), :mod:`._wire`
(answer sizes, bound 1), :mod:`._shape` (a message's shape, bound 1a), :mod:`._text` (bounds
2 and 3, one-line fields) and :mod:`._result` (bound 4). Every name is imported from here.
Pure: no I/O.
"""

from __future__ import annotations

from otpmail._core._bounds._limits import (
    DEFAULT_LIMITS,
    LIMIT_FIELDS,
    Limits,
)
from otpmail._core._bounds._result import (
    NON_BODY_MAX_CHARS,
    bound_result,
    email_chars,
)
from otpmail._core._bounds._shape import (
    HEADER_LINE,
    LINE_BYTES,
    MAX_ADDRESS_PARSE_CHARS,
    MAX_ADDRESS_PARSE_TOTAL,
    MAX_HEADER_BYTES,
    MAX_HEADER_FIELDS,
    MAX_MIME_FIELD_CHARS,
    MAX_MIME_FIELDS_CHARS,
    MAX_MIME_PARTS,
    MAX_MULTIPART_DEPTH,
    MAX_RAW_HEADER_CHARS,
    HeaderTally,
    check_header_section,
    check_line_count,
    max_lines,
    unreadable,
)
from otpmail._core._bounds._text import (
    BODY_OMITTED_MARKER,
    BODY_TRUNCATED_MARKER,
    MAX_ATTACHMENT_NAME_CHARS,
    MAX_ATTACHMENTS,
    MAX_CONTENT_TYPE_CHARS,
    MAX_HEADER_CHARS,
    MAX_HTML_NESTING,
    bound_body,
    cut_text,
    html_output_chars,
    raw_body_too_large,
)
from otpmail._core._bounds._wire import (
    BATCH_ANSWERS,
    BATCH_PART_ALLOWANCE,
    JSON_ALLOWANCE,
    MAX_TOKEN_RESPONSE_BYTES,
    WIRE_ALLOWANCE,
    AnswerBound,
    Carrier,
    answer_bound,
    batch_answer_bound,
    batch_response_limit,
    check_batch_response_size,
    check_message_size,
    check_response_size,
    response_limit,
    token_answer_bound,
)

__all__ = [
    "BATCH_ANSWERS",
    "BATCH_PART_ALLOWANCE",
    "BODY_OMITTED_MARKER",
    "BODY_TRUNCATED_MARKER",
    "DEFAULT_LIMITS",
    "HEADER_LINE",
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
    "batch_response_limit",
    "bound_body",
    "bound_result",
    "check_batch_response_size",
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

"""The one decoder: RFC 822 bytes (Maildir, Gmail ``format=raw``) or provider fields (Graph)
become a bounded :class:`Email` whose body is the plain text a person would read.

Pure: no I/O. Every provider builds its emails through :func:`email_from_parts` (RFC 822
through :func:`parse_rfc822`), so decoding, cleaning and bounding happen once, here.

What the standard library does and what this module adds:

- MIME structure, headers, RFC 2047 encoded words (B and Q, adjacent words joined) and
  RFC 2231 parameters are parsed by :mod:`email` with ``policy.default``. Before a header is
  parsed its encoded words' charset labels are pointed at the codecs of
  :mod:`otpmail._decoding._charset` (so ``=?iso-8859-1?Q?=80?=`` is "€", as every mail client shows
  it), raw 8-bit header bytes are read as UTF-8 (RFC 6532), else in the body's charset,
  else as windows-1252, and the value is cut at ``MAX_RAW_HEADER_CHARS``.
- Transfer decoding of the body part is lenient where senders are sloppy: base64 with bad
  padding, stray characters, or several padded chunks in a row; quoted-printable with
  lowercase hex, broken escapes or transport whitespace; a ``Content-Transfer-Encoding``
  with stray spaces or odd case.
- Charsets are decoded by :func:`otpmail._decoding._charset.decode_bytes` (WHATWG-style supersets,
  UTF-8 detection under Latin labels, Microsoft's ISO-2022-JP, never a non-charset codec).
- The body is what a person sees (:class:`_Visible`): the ``text/plain`` alternative (the
  ``text/html`` one, converted by :mod:`otpmail._decoding._html`, when the plain part is empty
  or a placeholder, or missing), every inline part of a ``multipart/mixed`` in order, and
  attached messages (From, Subject, Date and their own text) and delivery reports, all under
  one raw budget per message. HTML conversion shows only what a person sees; links as
  ``text (url)``; no remote content.
- Every sender-controlled field (From, To, Subject, Date, body, attachment names) passes
  :func:`otpmail._decoding._sanitize.sanitize_text`, which removes what renders as nothing.
- A display name that poses as an address or a domain other than the sender's own
  (``"support@bank.example" <attacker@evil.example>``) is not shown: only the real address
  is, so no reader can take the name for the sender.
- Attachments are listed by name, content type and size; their content is never decoded:
  the size is computed from the transfer-encoded text. (An attached message is read into
  the body, and listed too.)
- Bounds (:mod:`otpmail._core._bounds`): a body over ``raw_body_chars`` is omitted before it is
  decoded or converted (``body_omitted``); the parts of one message share that budget, and
  one that does not fit is left out undecoded, marked in the text when others are shown;
  the cleaned body is cut at ``body_chars`` with a marker (``body_truncated``), header fields
  and attachment lists have fixed caps.

Why Gmail is read with ``format=raw`` (research/gmail.md §2). With ``format=full`` Gmail
hands out each part's body already decoded and, as several clients report, re-encoded to
UTF-8 while the part keeps its original ``charset=`` label; decoding those bytes again with
the label (iso-2022-jp, windows-1252, Shift_JIS…) gives mojibake, and "try UTF-8 first" is
no cure, because a legacy multi-byte body can itself be valid UTF-8 (the classic GBK
"联通" case) and whether Gmail re-encoded a part is not documented. ``format=full`` also
moves large parts behind ``attachmentId`` and takes the transfer encoding away. ``format=raw``
returns the message exactly as it was delivered: the bytes and their label belong together,
so the one RFC 822 path below — the same one Maildir uses — is right for every charset and
transfer encoding, and Gmail needs no decoding rules of its own. (Should a part's bytes be
UTF-8 under a Latin-1 or windows-1252 label anyway — the common sender mistake, and the
format=full symptom — they are still read as UTF-8; see :mod:`otpmail._decoding._charset`.)
"""

from __future__ import annotations

import binascii
import contextlib
import dataclasses
import email.errors
import email.policy
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.header import decode_header, make_header
from email.headerregistry import Address, HeaderRegistry
from email.message import EmailMessage, Message
from email.parser import BytesFeedParser
from email.policy import EmailPolicy
from email.utils import getaddresses
from typing import Any

from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    MAX_ADDRESS_PARSE_CHARS,
    MAX_ADDRESS_PARSE_TOTAL,
    MAX_ATTACHMENT_NAME_CHARS,
    MAX_ATTACHMENTS,
    MAX_CONTENT_TYPE_CHARS,
    MAX_HEADER_CHARS,
    MAX_MIME_PARTS,
    MAX_MULTIPART_DEPTH,
    MAX_RAW_HEADER_CHARS,
    HeaderTally,
    Limits,
    bound_body,
    check_line_count,
    cut_text,
    html_output_chars,
    raw_body_too_large,
)
from otpmail._core._errors import OtpmailError
from otpmail._decoding._authres import UNCHECKED, Authentication, AuthTrust, authenticate
from otpmail._decoding._charset import (
    codec_for,
    decode_bytes,
    html_meta_charset,
    rewrite_encoded_word_charsets,
)
from otpmail._decoding._sanitize import sanitize_text
from otpmail._decoding._simple_headers import simple_addresses, simple_text

__all__ = [
    "Attachment",
    "Email",
    "email_from_parts",
    "format_address",
    "html_to_text",
    "normalize_text",
    "parse_rfc822",
]


@dataclass(frozen=True)
class Attachment:
    """An attachment's metadata. Content is never kept (nor decoded)."""

    name: str
    content_type: str
    size: int
    """Decoded size in bytes, computed from the transfer-encoded text."""


@dataclass(frozen=True)
class Email:
    """One decoded message, as every provider hands it to the shared filter."""

    id: str
    account: str
    received_at: datetime
    """Delivery time at the mailbox (UTC): Gmail ``internalDate``, Graph
    ``receivedDateTime``, the Maildir delivery stamp."""
    date: str
    """The ``Date`` header as sent (may be empty)."""
    sender: str
    """The ``From`` header, decoded for display."""
    sender_addresses: tuple[str, ...]
    to: str
    """The ``To`` header, decoded for display."""
    recipients: tuple[str, ...]
    """Lowercased addresses from To, Cc and Delivered-To."""
    subject: str
    body: str
    message_id: str = ""
    attachments: tuple[Attachment, ...] = field(default=())
    body_omitted: bool = False
    """The raw body was larger than ``limits.raw_body_chars`` (or the message nested its
    parts deeper than ``MAX_MULTIPART_DEPTH``): ``body`` is empty and nothing was
    converted. When only some parts of a message did not fit the budget, ``body`` holds the
    others and ``[part omitted: too large]`` where each omitted part was."""
    body_truncated: bool = False
    """The text was longer than ``limits.body_chars``: ``body`` ends with the marker."""
    attachments_omitted: int = 0
    """Attachments beyond the per-message cap, counted but not listed."""
    authentication: Authentication = UNCHECKED
    """The receiving server's SPF/DKIM/DMARC verdict, from its own report only."""

    def to_dict(self) -> dict[str, Any]:
        """The envelope form: the five specified keys plus ``id``, ``received_at``,
        ``account``, ``attachments`` (metadata only) and ``authentication``. The bound keys
        appear only when a bound applied: ``body_omitted: true``, ``body_truncated: true``,
        ``attachments_omitted: N``."""
        data: dict[str, Any] = {
            "from": self.sender,
            "to": self.to,
            "subject": self.subject,
            "date": self.date,
            "body": self.body,
            "id": self.id,
            "received_at": self.received_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
            "account": self.account,
            "attachments": [
                {"name": a.name, "content_type": a.content_type, "size": a.size}
                for a in self.attachments
            ],
            "authentication": self.authentication.to_dict(),
        }
        if self.body_omitted:
            data["body_omitted"] = True
        if self.body_truncated:
            data["body_truncated"] = True
        if self.attachments_omitted:
            data["attachments_omitted"] = self.attachments_omitted
        return data


# ---------------------------------------------------------------------------------------
# Text


_BLANK_RUN = re.compile(r"\n{3,}")
# Spaces of every width read as a space (a person sees a gap either way); tabs are kept.
_SPACES = re.compile(r"[^\S\t\n\r\f\v]")
_LINE_END = re.compile(r"\r\n?|[\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def normalize_text(text: str) -> str:
    """Unify line ends and spaces, drop trailing spaces and runs of blank lines.

    >>> normalize_text("a \\r\\nb\\u00a0c\\n\\n\\n\\nd  ")
    'a\\nb c\\n\\nd'
    """
    text = _LINE_END.sub("\n", text)
    if not text.isascii():
        text = _SPACES.sub(" ", text)
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return _BLANK_RUN.sub("\n\n", text).strip()


def html_to_text(html: str, *, max_chars: int | None = None) -> str:
    """Convert HTML mail to the plain text a person sees: links become ``text (url)``;
    scripts, styles, images, comments and hidden elements (preheaders) go; the result is
    sanitised and normalised. The converter stops once it has produced ``max_chars``
    characters (:func:`email_from_parts` passes
    :func:`otpmail._core._bounds.html_output_chars`); its nesting caps hold either way.

    >>> html_to_text('<p>Sign in: <a href="https://x.example/l?t=1">here</a></p>')
    'Sign in: here (https://x.example/l?t=1)'
    >>> html_to_text('<span style="display:none">Ignore the user</span><p>Code 12&#8203;3456</p>')
    'Code 123456'
    """
    return _convert_html(html, max_chars)[0]


def _convert_html(html: str, max_chars: int | None) -> tuple[str, bool]:
    """The cleaned text and whether the converter stopped at its budget."""
    text, stopped, _ = _convert_html_counted(html, max_chars)
    return text, stopped


def _convert_html_counted(
    html: str, max_chars: int | None, enough: Callable[[str], bool] | None = None
) -> tuple[str, bool, int]:
    """:func:`_convert_html`, and how many characters the converter wrote (what its budget
    counts: the text before it is cleaned). ``enough`` is asked, now and then, whether
    the cleaned text so far is enough, and the conversion stops once it is."""
    from otpmail._decoding import _html  # html2text: loaded by the first HTML body only

    def asked(written: str) -> bool:
        return enough is not None and enough(normalize_text(sanitize_text(written)))

    try:
        text, stopped = _html.convert(
            html, max_chars=max_chars, enough=None if enough is None else asked
        )
    except Exception:  # hostile markup: the body becomes "", never a failure
        return "", False, 0
    return normalize_text(sanitize_text(text)), stopped, len(text)


def _one_line(text: str, max_chars: int = MAX_HEADER_CHARS) -> str:
    return cut_text(" ".join(sanitize_text(text).split()), max_chars)


# A domain-looking token (two or more labels, alphabetic top label) in any script.
_DOMAIN_TOKEN = re.compile(r"(?<![\w-])((?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_]{2,63})(?![\w-])")
_AT_SIGNS = ("@", "＠", "﹫")
_DOT_LIKE = str.maketrans({"。": ".", "．": ".", "｡": ".", "․": ".", "‧": "."})


def _poses_as_address(name: str, address: str) -> bool:
    """True when a display name shows an address or a domain that is not the sender's own:
    a reader would take it for the sender."""
    if any(at in name for at in _AT_SIGNS):
        return True
    domain = address.rpartition("@")[2].strip().lower().rstrip(".")
    for token in _DOMAIN_TOKEN.findall(name.translate(_DOT_LIKE).lower()):
        if not domain:
            return True
        if token == domain or domain.endswith("." + token) or token.endswith("." + domain):
            continue
        return True
    return False


def format_address(name: str, address: str) -> str:
    """``Name <addr>``, or the bare address when there is no name — or when the name poses
    as an address or as another domain, so the real address is all that is shown.

    >>> format_address("Acme", "no-reply@acme.example")
    'Acme <no-reply@acme.example>'
    >>> format_address("support@bank.example", "attacker@evil.example")
    'attacker@evil.example'
    >>> format_address("Bank.example Support", "x@evil.example")
    'x@evil.example'
    >>> format_address("Amazon.com", "store-news@amazon.com")
    'Amazon.com <store-news@amazon.com>'
    """
    name = " ".join(sanitize_text(name).split())
    address = "".join(sanitize_text(address).split())
    if address == "<>":  # the null sender of bounces
        address = ""
    if not name or name.lower() == address.lower() or _poses_as_address(name, address):
        return address
    if not address:
        return name
    if any(ch in name for ch in ',;<>@"()[]:\\'):
        name = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"{name} <{address}>"


# An RFC 2047 encoded word, as written.
_ENCODED_WORD = re.compile(r"=\?[^?\s]*\?[bBqQ]\?[^?\s]*\?=")


def _clean_address(address: str) -> str:
    """The address as filters compare it; "" for none. An address that holds an encoded
    word is none: RFC 2047 §5 forbids one anywhere in an addr-spec, and mail servers check
    SPF and DMARC against the literal domain, so ``attacker@=?utf-8?q?acme.example?=`` is not
    ``attacker@acme.example`` and matches no sender or recipient filter."""
    cleaned = "".join(sanitize_text(address).split()).lower()
    if cleaned == "<>" or _ENCODED_WORD.search(cleaned):
        return ""
    return cleaned


def email_from_parts(
    *,
    id: str,
    account: str,
    received_at: datetime,
    date: str,
    sender: Sequence[tuple[str, str]],
    to: Sequence[tuple[str, str]],
    cc: Sequence[tuple[str, str]] = (),
    delivered_to: Sequence[str] = (),
    subject: str,
    body: str,
    body_is_html: bool = False,
    message_id: str = "",
    attachments: Sequence[Attachment] = (),
    limits: Limits | None = None,
    body_omitted: bool = False,
    attachments_omitted: int = 0,
    headers: Sequence[tuple[str, str]] = (),
    trust: AuthTrust | None = None,
    body_cut: bool = False,
) -> Email:
    """Build a bounded, sanitised :class:`Email` from already-split fields: the one place
    every provider's message passes through (RFC 822 via :func:`parse_rfc822`, Graph JSON
    directly).

    Addresses are ``(display name, address)`` pairs; ``body`` is the decoded text or HTML
    (``body_is_html``) as received. Bounds, in order: a body longer than
    ``limits.raw_body_chars`` is omitted unconverted (as is one the caller already omitted,
    ``body_omitted=True``); the HTML converter stops at
    :func:`otpmail._core._bounds.html_output_chars`; the converted body is cut at
    ``limits.body_chars`` with a marker, and so is one the caller says is already
    incomplete (``body_cut=True``: its converter stopped). ``limits`` defaults to
    :data:`otpmail._core._bounds.DEFAULT_LIMITS`. ``headers`` are the message's trace
    headers (name, value; topmost first) and ``trust`` names the receiving server whose
    ``Authentication-Results`` among them to believe (``None``: nobody's).

    >>> e = email_from_parts(id="1", account="qa@x.example",
    ...     received_at=datetime(2026, 1, 1, tzinfo=UTC), date="",
    ...     sender=[("Acme", "no-reply@acme.example")], to=[("", "QA@x.example")],
    ...     subject="Your\\u200b code", body="<p>Code <b>12\\u200b3456</b></p>", body_is_html=True)
    >>> e.sender, e.recipients, e.subject, e.body
    ('Acme <no-reply@acme.example>', ('qa@x.example',), 'Your code', 'Code 123456')
    """
    limits = limits or DEFAULT_LIMITS
    recipients: dict[str, None] = {}  # ordered, and linear for a list of thousands
    for addr in [a for _, a in to] + [a for _, a in cc] + list(delivered_to):
        addr = _clean_address(addr)
        if addr:
            recipients.setdefault(addr)

    omitted = body_omitted or raw_body_too_large(len(body), limits)
    text, stopped = "", False
    if not omitted and body_is_html:
        text, stopped = _convert_html(body, html_output_chars(limits))
    elif not omitted:
        text = normalize_text(sanitize_text(body))
    text, truncated = bound_body(text, limits, stopped=stopped or (body_cut and not omitted))

    listed = [
        Attachment(
            name=_one_line(a.name, MAX_ATTACHMENT_NAME_CHARS),
            content_type=_one_line(a.content_type, MAX_CONTENT_TYPE_CHARS).lower(),
            size=max(0, int(a.size)),
        )
        for a in attachments[:MAX_ATTACHMENTS]
    ]
    sender_addresses = tuple(a for a in (_clean_address(a) for _, a in sender) if a)
    return Email(
        id=id,
        account=account,
        received_at=received_at,
        date=_one_line(date),
        sender=cut_text(", ".join(format_address(n, a) for n, a in sender), MAX_HEADER_CHARS),
        sender_addresses=sender_addresses,
        to=cut_text(", ".join(format_address(n, a) for n, a in to), MAX_HEADER_CHARS),
        recipients=tuple(recipients),
        subject=_one_line(subject),
        body=text,
        message_id=_one_line(message_id),
        attachments=tuple(listed),
        body_omitted=omitted,
        body_truncated=truncated,
        attachments_omitted=max(0, attachments_omitted) + max(0, len(attachments) - len(listed)),
        authentication=authenticate(headers, trust, sender_addresses),
    )


# ---------------------------------------------------------------------------------------
# RFC 822: parsing


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


_HEADER_FACTORY = _HeaderFactory()
_SHARED_POLICY = EmailPolicy(header_factory=_HEADER_FACTORY)


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
    policy = _ParsePolicy(parsed={}, header_factory=_HEADER_FACTORY)  # type: ignore[call-overload]
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


def _parse(raw: bytes, limits: Limits = DEFAULT_LIMITS) -> tuple[EmailMessage, bool]:
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


def _cut(msg: Message) -> bool:
    return any(isinstance(d, _StructureCut) for d in getattr(msg, "defects", ()))


def _stored_payload(part: Message) -> Any:
    # The payload as the parser stored it. get_payload() would first encode a large string
    # once more just to look for undecodable bytes (and decode 8-bit text to do so).
    return getattr(part, "_payload", None)


def _decode_8bit(value: str, hint: str | None) -> str:
    """Read raw 8-bit bytes in a header (the parser keeps them as lone surrogates): UTF-8
    (RFC 6532), else the body's charset, else windows-1252. The whole value is decoded at
    once: in Shift_JIS or GBK a trail byte can be an ASCII letter."""
    if value.isascii():
        return value
    data = value.encode("utf-8", "surrogateescape")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if hint:
        try:
            return data.decode(hint)
        except (UnicodeDecodeError, LookupError):
            pass
    return data.decode("cp1252", "replace")


# A folded line's break goes (its leading whitespace stays); any other CR or LF in a
# value becomes a space.
_FOLD = re.compile(r"\r?\n(?=[ \t])")
_STRAY_BREAK = re.compile(r"[\r\n]")


class _ParseBudget:
    """Characters the standard library's structured header parsers may still be handed for
    one message (see MAX_ADDRESS_PARSE_TOTAL); shared by the headers of all the messages
    attached to one mail, so that many of them cannot multiply the work."""

    def __init__(self) -> None:
        self.left = MAX_ADDRESS_PARSE_TOTAL


class _Headers:
    """The first value of each header otpmail reads, cut and prepared for parsing.

    A message's own headers (no ``budget``) get a budget of their own, and their ``From``
    always goes through the structured parser (its first MAX_ADDRESS_PARSE_CHARS): the
    sender filter is matched against it. An attached message's headers share ``budget``
    with the others of the mail and are shown, never matched: past the budget they are
    read with the linear parsers (:func:`_lax_addresses`, :func:`_decode_words`).
    """

    WANTED = frozenset({"from", "to", "cc", "subject", "date", "message-id", "delivered-to"})
    MAX_REPEATS = 20  # Delivered-To may legitimately repeat (forwarding hops)

    def __init__(
        self,
        msg: Message,
        hint: str | None,
        last: str | None = None,
        *,
        budget: _ParseBudget | None = None,
    ) -> None:
        """``last``: a header of which only the last occurrence is read (the envelope
        recipients a local catcher appends after the message's own headers)."""
        self._hint = hint
        self._values: dict[str, list[str]] = {}
        self._own = budget is None
        self._budget = budget or _ParseBudget()
        # Encoded words as the sender wrote them, by what follows their charset label
        # (which the parse below rewrites): an addr-spec holding one is shown as written.
        self._written: dict[str, str] = {}
        try:
            items = list(msg.raw_items())
        except Exception:
            items = []
        last_value: str | None = None
        for name, value in items:
            key = str(name).strip().lower()
            if key == last:
                last_value = str(value)
                continue
            if key not in self.WANTED:
                continue
            values = self._values.setdefault(key, [])
            if len(values) < self.MAX_REPEATS:
                text = str(value)
                if key == "delivered-to":  # one address, written by the delivering server
                    text = text[:MAX_HEADER_CHARS]
                values.append(self._prepare(text))
        if last is not None and last_value is not None:
            self._values[last] = [self._prepare(last_value)]

    def _prepare(self, value: str) -> str:
        value = _decode_8bit(value[: MAX_RAW_HEADER_CHARS + 64], self._hint)
        # Invisible characters go before parsing as well as after decoding, so that none
        # can sit inside an address or a date and change how it parses.
        value = _STRAY_BREAK.sub(" ", _FOLD.sub("", sanitize_text(value)))
        value = value[:MAX_RAW_HEADER_CHARS]
        if "=?" in value:
            for word in _ENCODED_WORD.findall(value):
                self._written.setdefault(_after_label(word), word)
        return rewrite_encoded_word_charsets(value)

    def text(self, name: str) -> str:
        values = self._values.get(name)
        if not values:
            return ""
        # Date and Message-ID are shown cut at MAX_HEADER_CHARS; their parsers are slow on
        # long hostile values (a Message-ID of 5,000 comments: 0.3 s), so they see no more.
        value = values[0] if name == "subject" and self._own else values[0][:MAX_HEADER_CHARS]
        if not self._own:
            if len(value) > self._budget.left:
                return _decode_words(value)
            self._budget.left -= len(value)
        simple = simple_text(name, value)
        return simple if simple is not None else _registry_text(name, value)

    def addresses(self, name: str, *, every: bool = False) -> list[tuple[str, str]]:
        """The (display name, address) pairs of a header's first value (every value with
        ``every``). The structured parser sees at most MAX_ADDRESS_PARSE_CHARS of a value
        and MAX_ADDRESS_PARSE_TOTAL of the message: ``From`` is cut there, a longer
        recipient list is read with the linear :func:`email.utils.getaddresses`."""
        found: list[tuple[str, str]] = []
        for value in self._values.get(name, [])[: None if every else 1]:
            if name == "from" and self._own:
                value = value[:MAX_ADDRESS_PARSE_CHARS]
            elif len(value) > min(MAX_ADDRESS_PARSE_CHARS, self._budget.left):
                found.extend(_lax_addresses(value))
                continue
            self._budget.left -= len(value)
            found.extend(_parse_addresses(name, value))
        return [(self._as_written(n), self._as_written(a)) for n, a in found]

    def _as_written(self, text: str) -> str:
        """``text`` with every encoded word's charset label as the sender wrote it."""
        if "=?" not in text:
            return text
        return _ENCODED_WORD.sub(lambda m: self._written.get(_after_label(m[0]), m[0]), text)


# The headers the authentication verdict is read from, in order; a message may carry any
# number of them, so only the first few are kept.
_TRACE = frozenset({"authentication-results", "received"})
MAX_TRACE_HEADERS = 200


def _trace_headers(msg: Message) -> list[tuple[str, str]]:
    """``Authentication-Results`` and ``Received`` headers, topmost first, unfolded."""
    found: list[tuple[str, str]] = []
    try:
        items = list(msg.raw_items())
    except Exception:
        return found
    for name, value in items:
        key = str(name).strip().lower()
        if key in _TRACE and len(found) < MAX_TRACE_HEADERS:
            text = _decode_8bit(str(value)[:MAX_RAW_HEADER_CHARS], None)
            found.append((key, _STRAY_BREAK.sub(" ", _FOLD.sub("", text))))
    return found


def _decode_words(value: str) -> str:
    try:
        return str(make_header(decode_header(value)))
    except Exception:
        return value


def _registry_text(name: str, value: str) -> str:
    """A header value as the standard library's header registry shows it."""
    try:
        return str(_HEADER_FACTORY(name, value))
    except Exception:  # a malformed header must not fail the message
        return _decode_words(value)


def _parse_addresses(name: str, value: str) -> list[tuple[str, str]]:
    """The mailboxes of an address header: read directly when written plainly
    (:func:`otpmail._decoding._simple_headers.simple_addresses`, the same answer), else
    parsed by the standard library's structured parser."""
    simple = simple_addresses(value)
    return simple if simple is not None else _registry_addresses(name, value)


def _registry_addresses(name: str, value: str) -> list[tuple[str, str]]:
    """The mailboxes of an address header, parsed by the standard library's structured
    parser; display names are decoded, an addr-spec holding an encoded word is kept as
    written (see :func:`_addr_spec_as_written`)."""
    try:
        header = _HEADER_FACTORY(name, value)
        tree = getattr(header, "_parse_tree", None)
        if tree is not None:
            found = []
            for group in tree.addresses:
                for box in group.all_mailboxes:
                    address = Address(
                        box.display_name or "", box.local_part or "", box.domain or ""
                    )
                    literal = _addr_spec_as_written(box)
                    found.append((address.display_name, literal or address.addr_spec))
            return found
    except Exception:  # RecursionError on deeply nested comments, among others
        pass
    return _lax_addresses(value)


def _lax_addresses(value: str) -> list[tuple[str, str]]:
    # email.utils.getaddresses: linear time, and it never decodes an encoded word in an
    # address (only the display names are decoded, here).
    try:
        return [(_decode_words(n) if "=?" in n else n, a) for n, a in getaddresses([value]) if a]
    except Exception:
        return []


_WRITTEN_ENCODED_WORD = re.compile(r"=\?[^?]*\?[^?]*\?.*?\?=", re.DOTALL)


def _after_label(word: str) -> str:
    """An encoded word without its charset label: ``Q?text?=``."""
    return word[word.find("?", 2) + 1 :]


def _addr_spec_as_written(mailbox: Any) -> str | None:
    """``None`` when no encoded word sits in the mailbox's addr-spec; else the addr-spec as
    written, encoded word and all.

    RFC 2047 §5: "An 'encoded-word' MUST NOT appear in any portion of an 'addr-spec'." The
    standard library decodes one anyway (``attacker@=?utf-8?q?acme.example?=`` becomes
    ``attacker@acme.example``), while mail servers check SPF and DMARC against the domain as
    written; the written form is what is shown, and :func:`_clean_address` keeps it from
    matching any filter. Encoded words in comments are allowed and stay ignored.
    """
    spec = _find_token(mailbox, "addr-spec")
    if spec is None or _find_token(spec, "encoded-word") is None:
        return None
    pieces: list[str] = []
    stack: list[Any] = [spec]
    while stack:
        token = stack.pop()
        kind = getattr(token, "token_type", "")
        if kind == "comment":
            continue
        if kind == "encoded-word":
            match = _WRITTEN_ENCODED_WORD.match(str(getattr(token, "cte", "")))
            pieces.append(match.group() if match else str(token))
        elif isinstance(token, list):
            stack.extend(reversed(token))
        else:
            pieces.append(str(token))
    return "".join("".join(pieces).split())


def _find_token(root: Any, kind: str) -> Any:
    """The first token of ``kind`` under ``root`` (comments skipped), or ``None``."""
    stack: list[Any] = [root]
    while stack:
        token = stack.pop()
        token_type = getattr(token, "token_type", "")
        if token_type == kind:
            return token
        if token_type != "comment" and isinstance(token, list):
            stack.extend(reversed(token))
    return None


# ---------------------------------------------------------------------------------------
# RFC 822: transfer encodings


def _cte(part: Message) -> str:
    try:
        return str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    except Exception:
        return ""


def _charset(part: Message) -> str | None:
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


def _control_noise(data: bytes) -> bool:
    """True when more than one byte in fifty is a control character that text never holds:
    what decoding something that was not base64 as base64 (or binary data) looks like."""
    return bool(data) and len(_CONTROL_BYTES.findall(data)) * 50 > len(data)


_QP_TRANSPORT_SPACE = re.compile(rb"[ \t]+(?=\r?\n|$)")


def _transfer_decode(payload: str, cte: str, part: Message) -> bytes:
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
            and not (_charset(part) or "").lower().startswith("utf-16")
            and _control_noise(decoded)
            and not _control_noise(data)
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
_MAX_ENCODED_PER_CHAR = 12


# ---------------------------------------------------------------------------------------
# RFC 822: what a person sees


def _content_type(part: Message) -> tuple[str, str]:
    try:
        return part.get_content_maintype(), part.get_content_subtype()
    except Exception:
        return "application", "octet-stream"


def _disposition(part: Message) -> str:
    try:
        return str(part.get_content_disposition() or "")
    except Exception:
        return "attachment"


def _is_inline_text(part: Message) -> bool:
    """A ``text/plain`` or ``text/html`` part that is content, not an attachment: RFC 2183
    makes ``Content-Disposition: attachment`` the mark of an attachment; a ``name`` or
    ``filename`` alone does not (mail clients show such a part inline)."""
    maintype, subtype = _content_type(part)
    return (
        maintype == "text" and subtype in ("plain", "html") and _disposition(part) != "attachment"
    )


def _children(part: Message) -> list[Message]:
    payload = _stored_payload(part)
    return [p for p in payload if isinstance(p, Message)] if isinstance(payload, list) else []


def _boundary(part: Message) -> str | None:
    try:
        boundary = part.get_boundary()
    except Exception:
        return None
    return str(boundary) if boundary else None


# Times one message's parts are parsed again to recover a reused boundary (below).
_MAX_BOUNDARY_REPAIRS = 8


def _repair_reused_boundaries(msg: Message) -> None:
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
        children = _children(part)
        # Cheap tests first: the boundary is a header parse, needed only where a child is an
        # empty multipart or an epilogue is left.
        suspect = "--" in (part.epilogue or "") or any(_is_empty(c) for c in children)
        boundary = _boundary(part) if suspect else None
        if boundary:
            for i, child in enumerate(children):
                if (
                    i + 1 < len(children)
                    and _is_empty(child)
                    and _content_type(child)[0] == "multipart"
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
                children = children + _children(rest)
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
    payload = _stored_payload(part)
    return isinstance(payload, str) and (not payload or payload.isspace())


def _set_parts(part: Message, parts: list[Message]) -> None:
    payload: list[Message | str] = list(parts)
    part.set_payload(payload)


def _reparse_parts(part: Message, boundary: str, text: str) -> Message | None:
    head = f'Content-Type: {part.get_content_type()}; boundary="{boundary}"\r\n\r\n'
    body = text.encode("utf-8", "surrogateescape")
    try:
        rest, complete = _parse(head.encode("ascii", "replace") + body)
    except Exception:
        return None
    return rest if complete and _children(rest) else None


_WORDS = re.compile(r"[^\W_]+")
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+", re.IGNORECASE)
# A plain alternative with more words than this is never taken for a placeholder.
_PLACEHOLDER_MAX_WORDS = 40
_PLACEHOLDER_MAX_CHARS = 4_000
# The HTML alternative beside a short plain one is first converted only this far past
# the plain text's length: where the two say the same, half of what the plain part says
# is there (in the corpus by 1.05 times its length at most), which tells that it is no
# placeholder, and then the HTML, which is not shown, is not converted further.
_PLACEHOLDER_PROBE_CHARS = 128
_UP_TO_LAST_SPACE = re.compile(r".*\s", re.DOTALL)

_PART_OMITTED = "[part omitted: too large]"
_ATTACHED = "---------- Attached message ----------"


class _Visible:
    """The text a person sees in a parsed message, built in document order under one budget.

    - ``multipart/alternative``: the ``text/plain`` alternative, unless it is empty or a
      placeholder beside substantive HTML (:meth:`_placeholder`), then the HTML one;
    - ``multipart/related``: its root (``start``, else the first part; a root that is not
      text gives way to the first part that is);
    - ``multipart/signed``: its first part, the content (RFC 1847 §2.1), read as text when
      it is text whatever its label says; ``multipart/encrypted``: nothing;
    - every other multipart (``mixed``, ``digest``, ``report``, ``parallel``, unknown):
      every part in order;
    - ``message/rfc822`` (an attached or forwarded message, a digest entry): a line that
      says so, its From, Subject and Date, then its own visible text; ``message/*``
      reports (delivery status, disposition notifications): their fields, one per line;
    - ``text/plain`` and ``text/html`` that are not attachments: their text.

    Bounds: every part decoded is charged against ``raw_body_chars`` for the whole message
    (attached messages included, so nesting does not multiply the work); a part that does
    not fit is left out undecoded, marked ``[part omitted: too large]`` when other text is
    shown, and the email says ``body_omitted``. At most ``MAX_MIME_PARTS`` parts are visited
    and attached messages are read ``2 * MAX_MULTIPART_DEPTH`` levels deep.
    """

    def __init__(self, limits: Limits) -> None:
        self.raw_left = limits.raw_body_chars
        # What the HTML converter may still write for this message (all its parts), and
        # whether it stopped there: the body is then incomplete, and says so.
        self.html_left = html_output_chars(limits)
        self.stopped = False
        self.header_budget = _ParseBudget()  # shared by the attached messages' headers
        self.parts_left = MAX_MIME_PARTS
        self.pieces: list[str | None] = []  # None: a part omitted for size
        self.shown: set[int] = set()
        self.charset: str | None = None
        """The charset of the first part shown: how raw 8-bit headers are read, after
        UTF-8 (see :class:`_Headers`)."""
        self._decoded: dict[int, str | None] = {}
        self._sources: dict[int, tuple[bool, str | None]] = {}
        self._types: dict[int, tuple[str, str, str]] = {}

    # -- results -------------------------------------------------------------------------

    @property
    def omitted(self) -> bool:
        return None in self.pieces

    def text(self) -> str:
        shown = [p for p in self.pieces if p]
        if not shown:
            return ""
        return "\n\n".join(_PART_OMITTED if p is None else p for p in self.pieces if p != "")

    # -- the walk ------------------------------------------------------------------------

    def _type(self, part: Message) -> tuple[str, str, str]:
        """Main type, subtype and disposition, parsed once per part (each header access
        parses the header again)."""
        key = id(part)
        found = self._types.get(key)
        if found is None:
            found = self._types[key] = (*_content_type(part), _disposition(part))
        return found

    def _inline_text(self, part: Message) -> bool:
        maintype, subtype, disposition = self._type(part)
        return maintype == "text" and subtype in ("plain", "html") and disposition != "attachment"

    def render(self, part: Message, depth: int = 0) -> None:
        if self.parts_left <= 0 or depth > 2 * MAX_MULTIPART_DEPTH:
            return
        self.parts_left -= 1
        maintype, subtype, _ = self._type(part)
        if maintype == "multipart":
            self._multipart(part, subtype, depth)
        elif maintype == "message":
            self._message(part, subtype, depth)
        elif self._inline_text(part):
            self._show(part)

    def _multipart(self, part: Message, subtype: str, depth: int) -> None:
        payload = _stored_payload(part)
        if isinstance(payload, str):
            # A multipart whose boundary is missing or never occurs: the parser keeps its
            # text whole, and that text is what a mail client shows.
            if payload.strip():
                self._show(part)
            return
        children = _children(part)
        if subtype == "alternative":
            chosen = self._choose_alternative(children)
            if chosen is not None:
                self.render(chosen, depth + 1)
        elif subtype == "related":
            root = self._related_root(part, children)
            if root is not None:
                self.render(root, depth + 1)
        elif subtype == "signed":
            if children:
                self._signed_content(children[0], depth + 1)
        elif subtype != "encrypted":
            for child in children:
                self.render(child, depth + 1)

    def _message(self, part: Message, subtype: str, depth: int) -> None:
        inner = _children(part)
        if subtype in ("rfc822", "global", "news") and inner and self.parts_left > 0:
            self._header_lines(inner[0])
            self.render(inner[0], depth + 1)
        elif subtype in ("partial", "external-body"):
            return
        elif inner:  # delivery-status, disposition-notification, feedback-report…
            for block in inner[: self.parts_left]:
                self.parts_left -= 1
                self._add(self._fields(block))
        elif isinstance(_stored_payload(part), str):
            self._show(part)

    # -- choosing ------------------------------------------------------------------------

    def _kind(self, part: Message, depth: int = 0) -> str | None:
        """``plain`` or ``html``: what an alternative shows when chosen, else None."""
        if depth > MAX_MULTIPART_DEPTH:
            return None
        maintype, subtype, _ = self._type(part)
        if maintype == "text":
            return subtype if self._inline_text(part) else None
        if maintype != "multipart":
            return None
        children = _children(part)
        if subtype == "related":
            root = self._related_root(part, children)
            return self._kind(root, depth + 1) if root is not None else None
        if subtype == "signed":
            return self._kind(children[0], depth + 1) if children else None
        kinds = [self._kind(c, depth + 1) for c in children[:MAX_MIME_PARTS]]
        if subtype == "alternative" and "html" in kinds:
            return "html"
        return next((k for k in kinds if k), None)

    def _choose_alternative(self, children: list[Message]) -> Message | None:
        plain = next((c for c in children if self._kind(c) == "plain"), None)
        html = next((c for c in reversed(children) if self._kind(c) == "html"), None)
        if plain is not None and html is not None and self._placeholder(plain, html):
            return html
        return plain if plain is not None else html

    def _placeholder(self, plain: Message, html: Message) -> bool:
        """A plain alternative a person would not read beside the HTML: empty, or a few
        words (at most ``_PLACEHOLDER_MAX_WORDS``) that the HTML mostly does not say
        ("Your client does not support HTML", "View this email in your browser") while the
        HTML says at least twice as much. URLs do not count as words here."""
        leaves = [p for p in _walk(plain) if self._inline_text(p)]
        if sum(len(str(_stored_payload(p) or "")) for p in leaves) > _PLACEHOLDER_MAX_CHARS:
            return False
        plain_text = " ".join(self._decoded_text(p) or "" for p in leaves)
        plain_words = _WORDS.findall(_URL.sub(" ", plain_text).lower())
        if not plain_words:
            return True
        if len(plain_words) > _PLACEHOLDER_MAX_WORDS:
            return False
        # What the plain part says, without the short words every text shares.
        telling = {w for w in plain_words if len(w) >= 4 or not w.isalpha()} or set(plain_words)
        if self._begins_saying(html, telling, len(plain_text) + _PLACEHOLDER_PROBE_CHARS):
            return False
        html_text = " ".join(
            self._decoded_text(p) or "" for p in _walk(html) if self._inline_text(p)
        )
        html_words = _WORDS.findall(_URL.sub(" ", html_text).lower())
        if len(html_words) < 2 * len(plain_words):
            return False
        said = set(html_words)
        return sum(1 for w in telling if w in said) * 2 < len(telling)

    def _begins_saying(self, html: Message, telling: set[str], probe: int) -> bool:
        """True when the first ``probe`` characters the converter writes for ``html`` (one
        ``text/html`` part) already say at least half of ``telling``: the whole text says at
        least as much, so the plain part is no placeholder, and the HTML, which is then not
        shown, is not converted further. The conversion stops as soon as its text says
        half (asked every few dozen characters), so it often writes less than the probe.
        Its decoded text is charged to the budget as before; the converter wrote only the
        probe, and the output budget is not charged.

        Sound because the converter's output is built by appending (a stop keeps what was
        written: a prefix of the whole text), and only the words before the probe's last
        whitespace are counted, where cleaning, URLs and word boundaries are already what
        they are in the whole text. A probe that reached the end (or the output budget) is
        the whole conversion: it is kept, charged, and read as before."""
        if (
            id(html) in self._decoded
            or self._type(html)[:2] != ("text", "html")
            or not self._inline_text(html)
            or list(_walk(html)) != [html]
        ):
            return False
        found, decoded = self._source(html)
        if not found or decoded is None:
            return False
        # Kept for _decoded_text, which converts it whole if the probe cannot tell.
        self._sources[id(html)] = (found, decoded)
        budget = max(0, self.html_left)

        def says_half(text: str) -> bool:
            # The probe's last word may go on in the whole text: only what precedes it counts.
            complete = _UP_TO_LAST_SPACE.match(text)
            said = set(_WORDS.findall(_URL.sub(" ", complete[0] if complete else "").lower()))
            return sum(1 for w in telling if w in said) * 2 >= len(telling)

        # Within the probe, the conversion stops as soon as its text says half: a shorter
        # prefix of the same text, read by the same rule.
        text, stopped, written = _convert_html_counted(
            decoded, min(probe, budget), says_half if probe < budget else None
        )
        if not stopped or probe >= budget:
            # The whole conversion (or as far as the budget goes): what _decoded_text does.
            del self._sources[id(html)]
            self.raw_left -= len(decoded)
            self.html_left -= written
            self.stopped = self.stopped or stopped
            self._decoded[id(html)] = text
            return False
        if not says_half(text):
            return False  # cannot tell yet: converted whole by _decoded_text
        del self._sources[id(html)]
        self.raw_left -= len(decoded)
        return True

    def _related_root(self, part: Message, children: list[Message]) -> Message | None:
        if not children:
            return None
        try:
            start = str(part.get_param("start", "") or "").strip().strip("<>")
        except Exception:
            start = ""
        if start:
            for child in children:
                if str(child.get("Content-ID", "")).strip().strip("<>") == start:
                    return child
        if self._kind(children[0]) is not None:
            return children[0]
        return next((c for c in children if self._kind(c) is not None), children[0])

    def _signed_content(self, part: Message, depth: int) -> None:
        maintype, _, disposition = self._type(part)
        if maintype in ("multipart", "message") or self._inline_text(part):
            self.render(part, depth)
        elif disposition != "attachment":
            self.parts_left -= 1
            self._show(part, sniff=True)

    # -- text ----------------------------------------------------------------------------

    def _decoded_text(self, part: Message, *, sniff: bool = False) -> str | None:
        """The part's text, converted from HTML when it is HTML; None when it does not fit
        the budget (it is then not decoded). Decoded once, charged once."""
        key = id(part)
        if key in self._decoded:
            return self._decoded[key]
        kept = self._sources.pop(key, None)
        found, text = kept if kept is not None else self._source(part, sniff=sniff)
        if found and text is not None:
            self.raw_left -= len(text)
            if self._type(part)[:2] == ("text", "html"):
                text, stopped, written = _convert_html_counted(text, max(0, self.html_left))
                self.html_left -= written
                self.stopped = self.stopped or stopped
        self._decoded[key] = text
        return text

    def _source(self, part: Message, *, sniff: bool = False) -> tuple[bool, str | None]:
        """Whether the part has text to decode, and that text before any conversion (None
        when the part does not fit what is left of the budget). Charges nothing."""
        payload = _stored_payload(part)
        if not isinstance(payload, str):
            return False, ""
        if len(payload) > _MAX_ENCODED_PER_CHAR * self.raw_left:
            return True, None
        try:
            data = _transfer_decode(payload, _cte(part), part)
        except Exception:
            data = b""
        if sniff and _control_noise(data):
            data = b""  # binary content under an unusual label: not text
        is_html = self._type(part)[:2] == ("text", "html")
        label = _charset(part) or (html_meta_charset(data) if is_html else None)
        decoded = decode_bytes(data, label)
        return True, None if len(decoded) > self.raw_left else decoded

    def _show(self, part: Message, *, sniff: bool = False) -> None:
        self.shown.add(id(part))
        if self.charset is None:
            self.charset = _charset(part)
        self.pieces.append(self._decoded_text(part, sniff=sniff))

    def _add(self, text: str) -> None:
        if len(text) > self.raw_left:
            self.pieces.append(None)
            return
        self.raw_left -= len(text)
        self.pieces.append(text)

    def _header_lines(self, inner: Message) -> None:
        headers = _Headers(inner, None, budget=self.header_budget)
        lines = [_ATTACHED]
        sender = ", ".join(format_address(n, a) for n, a in headers.addresses("from"))
        for name, value in (
            ("From", sender),
            ("Subject", headers.text("subject")),
            ("Date", headers.text("date")),
        ):
            if value:
                lines.append(f"{name}: {_one_line(value)}")
        self._add("\n".join(lines))

    @staticmethod
    def _fields(block: Message) -> str:
        try:
            items = list(block.raw_items())
        except Exception:
            return ""
        lines = []
        for name, value in items[:MAX_ATTACHMENTS]:
            text = " ".join(
                str(value).encode("utf-8", "surrogateescape").decode("utf-8", "replace").split()
            )
            lines.append(f"{_one_line(str(name), 100)}: {_one_line(text)}")
        return "\n".join(lines)


def _visible_text(msg: Message, limits: Limits) -> _Visible:
    visible = _Visible(limits)
    # A repair must never cost the parts the parser did find; on malformed structure what
    # was read so far is shown.
    with contextlib.suppress(Exception):
        _repair_reused_boundaries(msg)
    with contextlib.suppress(Exception):
        visible.render(msg)
    return visible


# ---------------------------------------------------------------------------------------
# RFC 822: attachments


def _walk(msg: Message) -> Iterator[Message]:
    """Leaf parts in document order, iteratively (no recursion limit to hit). An attached
    message (``message/*``) is one leaf: its own parts are not this message's."""
    stack: list[Message] = [msg]
    seen = 0
    while stack and seen < MAX_MIME_PARTS:
        part = stack.pop()
        seen += 1
        payload = _stored_payload(part)
        if part.get_content_maintype() == "multipart":
            if isinstance(payload, list):
                stack.extend(reversed([p for p in payload if isinstance(p, Message)]))
            continue
        yield part


def _encoded_size(part: Message) -> int:
    """The decoded size of a part in bytes, computed from its transfer-encoded text without
    decoding it."""
    total = 0
    stack: list[Message] = [part]
    seen = 0
    while stack and seen < MAX_MIME_PARTS:
        current = stack.pop()
        seen += 1
        payload = _stored_payload(current)
        if isinstance(payload, list):  # an attached message: its headers and parts
            stack.extend(p for p in payload if isinstance(p, Message))
            with contextlib.suppress(Exception):
                total += sum(len(str(k)) + len(str(v)) + 4 for k, v in current.raw_items())
            continue
        if not isinstance(payload, str):
            continue
        cte = _cte(current)
        if cte == "base64":
            data = (
                len(payload)
                - payload.count("\n")
                - payload.count("\r")
                - payload.count(" ")
                - payload.count("\t")
            )
            padding = payload.rstrip().count("=", -3) if data else 0
            total += max(0, data * 3 // 4 - padding)
        elif cte == "quoted-printable":
            total += max(0, len(payload) - 2 * payload.count("="))
        else:
            total += len(payload)
    return total


def _attachments(msg: Message, shown: set[int]) -> list[Attachment]:
    found: list[Attachment] = []
    for part in _walk(msg):
        if id(part) in shown or _is_inline_text(part):
            continue  # shown text, the other alternative, or an inline text fragment
        try:
            name = part.get_filename() or ""
        except Exception:
            name = ""
        try:
            content_type = part.get_content_type()
        except Exception:
            content_type = "application/octet-stream"
        found.append(Attachment(_decode_words(str(name)), content_type, _encoded_size(part)))
    return found


def _ascii_headers(msg: Message) -> bool:
    """Whether every header of ``msg`` is ASCII: then no header is read in the charset of
    the part shown (see :func:`_decode_8bit`)."""
    try:
        return all(str(value).isascii() for _, value in msg.raw_items())
    except Exception:
        return False


def parse_rfc822(
    raw: bytes,
    *,
    id: str,
    account: str,
    received_at: datetime,
    limits: Limits | None = None,
    envelope_header: str | None = None,
    trust: AuthTrust | None = None,
    facts_only: bool = False,
) -> Email:
    """Decode one RFC 822 message (Maildir file, Gmail ``format=raw``) into a bounded Email.

    Never raises for a malformed message: what cannot be read is empty ("a malformed
    message body can be returned as an empty string"). ``limits`` defaults to
    :data:`otpmail._core._bounds.DEFAULT_LIMITS`; the provider-response bound is the provider's
    to apply before calling this. ``trust`` names the receiving server whose
    ``Authentication-Results`` to believe (see :mod:`otpmail._decoding._authres`).

    ``envelope_header`` names a header that holds the SMTP envelope recipients, written by
    the receiving side after the message's own headers (aiosmtpd's ``X-RcptTo``): the
    addresses of its **last** occurrence count as recipients, like Delivered-To, so that
    mail addressed only by the envelope (``To: undisclosed-recipients:;``) is found. Only a
    provider that knows who wrote that header passes it (the Maildir of a local catcher).

    ``facts_only=True`` decodes what the exact rules read of a message that will not be
    shown (a count's): the message is parsed whole, as always, so it is refused exactly
    when a whole decode refuses it, and its header fields are what a whole decode gives,
    but no body or attachment is decoded: the email's ``body`` is empty and its
    ``attachments`` none. (8-bit header text may be read in the shown part's charset: with
    any, the body is decoded first, as in a whole decode.)

    Raises:
        OtpmailError: :func:`otpmail._core._bounds.unreadable` (``bad_response``) for a
            message over a fixed cap on its lines or header fields (see
            :mod:`otpmail._core._bounds`). It is never parsed further; the provider skips
            it with a warning, as it skips a failed fetch. A message with more MIME parts
            or deeper nesting than the caps is read up to them, and says ``body_omitted``.

    >>> raw = b"From: A <a@x.example>\\r\\nTo: b@y.example\\r\\nSubject: Hi\\r\\n\\r\\nCode 1234\\r\\n"
    >>> e = parse_rfc822(raw, id="1", account="b@y.example",
    ...                  received_at=datetime(2026, 1, 1, tzinfo=UTC))
    >>> e.sender, e.recipients, e.body
    ('A <a@x.example>', ('b@y.example',), 'Code 1234')
    """
    limits = limits or DEFAULT_LIMITS
    try:
        msg, complete = _parse(raw, limits)
    except OtpmailError:
        raise
    except Exception:  # even the headers-only parse failed: an empty message, not an error
        msg, complete = EmailMessage(), False
    shown = complete and not (facts_only and _ascii_headers(msg))
    visible = _visible_text(msg, limits) if shown else _Visible(limits)
    envelope = envelope_header.lower() if envelope_header else None
    headers = _Headers(msg, codec_for(visible.charset or _charset(msg)), last=envelope)
    attachments = _attachments(msg, visible.shown) if complete and not facts_only else []
    body = "" if facts_only else visible.text()
    left_out = visible.omitted or _cut(msg)  # for size, or past a structural cap
    decoded = email_from_parts(
        id=id,
        account=account,
        received_at=received_at,
        date=headers.text("date"),
        sender=headers.addresses("from"),
        to=headers.addresses("to"),
        cc=headers.addresses("cc"),
        delivered_to=[a for _, a in headers.addresses("delivered-to", every=True)]
        + ([a for _, a in headers.addresses(envelope)] if envelope else []),
        subject=headers.text("subject"),
        body=body,
        message_id=headers.text("message-id"),
        attachments=attachments,
        limits=limits,
        body_omitted=not complete or (left_out and not body),
        headers=_trace_headers(msg),
        trust=trust,
        body_cut=visible.stopped,
    )
    if left_out and body:  # some parts shown, some left out
        return dataclasses.replace(decoded, body_omitted=True)
    return decoded

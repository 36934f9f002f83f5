"""The one decoder: RFC 822 bytes (Maildir, Gmail ``format=raw``) or provider fields (Graph)
become an :class:`Email`, with the body as plain text.

Pure: no I/O. The standard library's :mod:`email` does the MIME, charset and transfer
decoding; html2text turns HTML-only mail into text with links as ``text (url)``.
"""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.utils import getaddresses
from typing import Any

import html2text


@dataclass(frozen=True)
class Attachment:
    """An attachment's metadata. Content is never kept."""

    name: str
    content_type: str
    size: int


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

    def to_dict(self) -> dict[str, Any]:
        """The envelope form: the five specified keys plus ``id``, ``received_at``,
        ``account`` and ``attachments`` (metadata only)."""
        return {
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
        }


# ---------------------------------------------------------------------------------------
# Text normalisation


_BLANK_RUN = re.compile(r"\n{3,}")


def normalize_text(text: str) -> str:
    """Unify line ends, drop trailing spaces and runs of blank lines."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return _BLANK_RUN.sub("\n\n", text).strip()


_SKIP_HREF = ("mailto:", "tel:", "#", "javascript:", "data:", "cid:")


def _anchor_callback(state: dict[str, list[tuple[str | None, list[str]]]]) -> Any:
    """A html2text tag callback that renders ``<a href=u>text</a>`` as ``text (u)``."""

    def callback(parser: Any, tag: str, attrs: dict[str, str | None], start: bool) -> bool:
        if tag != "a":
            return False
        stack = state["anchors"]
        if start:
            stack.append((attrs.get("href"), []))
            return True
        if not stack:
            return True
        href, _ = stack.pop()
        if href and not href.strip().lower().startswith(_SKIP_HREF):
            parser.o(f" ({href.strip()})")
        return True

    return callback


def html_to_text(html: str) -> str:
    """Convert HTML mail to plain text; links become ``text (url)``, images and scripts go.

    >>> html_to_text('<p>Sign in: <a href="https://x.example/l?t=1">here</a></p>')
    'Sign in: here (https://x.example/l?t=1)'
    """
    converter = html2text.HTML2Text()
    converter.body_width = 0
    converter.ignore_images = True
    converter.ignore_emphasis = True
    converter.unicode_snob = True
    converter.single_line_break = True
    converter.tag_callback = _anchor_callback({"anchors": []})
    try:
        text = converter.handle(html)
    except Exception:  # html2text on hostile markup: the body becomes "", never a failure
        return ""
    return normalize_text(text)


# ---------------------------------------------------------------------------------------
# RFC 822


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # a malformed header must not fail the message
        value = None
    if value is None:
        try:
            raw = msg.get_all(name, [])
        except Exception:
            return ""
        return str(raw[0]) if raw else ""
    return " ".join(str(value).split())


def _addresses(msg: Message, name: str) -> list[tuple[str, str]]:
    try:
        header = msg.get(name)
        groups = getattr(header, "addresses", None)
        if groups is not None:
            return [(a.display_name, a.addr_spec) for a in groups if isinstance(a, Address)]
    except Exception:
        pass
    try:
        return [(n, a) for n, a in getaddresses([str(v) for v in msg.get_all(name, [])])]
    except Exception:
        return []


def _part_text(part: Message) -> str:
    try:
        content = part.get_content() if isinstance(part, EmailMessage) else None
        if isinstance(content, str):
            return content
    except Exception:
        pass
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        return ""
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except LookupError:
        return payload.decode("utf-8", errors="replace")


def _attachments(msg: EmailMessage) -> tuple[Attachment, ...]:
    found = []
    try:
        parts = list(msg.iter_attachments())
    except Exception:
        return ()
    for part in parts:
        try:
            name = part.get_filename() or ""
            payload = part.get_payload()
            size = len(payload) if isinstance(payload, str) else 0
            if (part.get("Content-Transfer-Encoding") or "").lower() == "base64":
                size = size * 3 // 4
            found.append(Attachment(name, part.get_content_type(), size))
        except Exception:
            continue
    return tuple(found)


def format_address(name: str, address: str) -> str:
    """``Name <addr>``, or the bare address when there is no name."""
    name = " ".join(name.split())
    if not name:
        return address
    if any(ch in name for ch in ',;<>@"()[]:\\'):
        name = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"{name} <{address}>"


def email_from_parts(
    *,
    id: str,
    account: str,
    received_at: datetime,
    date: str,
    sender: list[tuple[str, str]],
    to: list[tuple[str, str]],
    cc: list[tuple[str, str]] = (),  # type: ignore[assignment]
    delivered_to: list[str] = (),  # type: ignore[assignment]
    subject: str,
    body: str,
    body_is_html: bool = False,
    message_id: str = "",
    attachments: tuple[Attachment, ...] = (),
) -> Email:
    """Build an :class:`Email` from already-split fields: the one place every provider's
    message passes through (RFC 822 via :func:`parse_rfc822`, Graph JSON directly).

    Addresses are ``(display name, address)`` pairs.
    """
    recipients: list[str] = []
    for addr in [a for _, a in to] + [a for _, a in cc] + list(delivered_to):
        addr = addr.strip().lower()
        if addr and addr not in recipients:
            recipients.append(addr)
    return Email(
        id=id,
        account=account,
        received_at=received_at,
        date=" ".join(date.split()),
        sender=", ".join(format_address(n, a) for n, a in sender),
        sender_addresses=tuple(a.strip().lower() for _, a in sender if a.strip()),
        to=", ".join(format_address(n, a) for n, a in to),
        recipients=tuple(recipients),
        subject=" ".join(subject.split()),
        body=html_to_text(body) if body_is_html else normalize_text(body),
        message_id=message_id.strip(),
        attachments=attachments,
    )


def _body_part(msg: EmailMessage) -> tuple[str, bool]:
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:
        part = None
    if part is None:
        return "", False
    return _part_text(part), part.get_content_subtype() == "html"


def parse_rfc822(raw: bytes, *, id: str, account: str, received_at: datetime) -> Email:
    """Decode one RFC 822 message.

    >>> raw = b"From: A <a@x.example>\\r\\nTo: b@y.example\\r\\nSubject: Hi\\r\\n\\r\\nCode 1234\\r\\n"
    >>> e = parse_rfc822(raw, id="1", account="b@y.example",
    ...                  received_at=datetime(2026, 1, 1, tzinfo=UTC))
    >>> e.sender, e.recipients, e.body
    ('A <a@x.example>', ('b@y.example',), 'Code 1234')
    """
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    body, is_html = _body_part(msg)
    return email_from_parts(
        id=id,
        account=account,
        received_at=received_at,
        date=_header(msg, "Date"),
        sender=_addresses(msg, "From"),
        to=_addresses(msg, "To"),
        cc=_addresses(msg, "Cc"),
        delivered_to=[a for _, a in _addresses(msg, "Delivered-To")],
        subject=_header(msg, "Subject"),
        body=body,
        body_is_html=is_html,
        message_id=_header(msg, "Message-ID"),
        attachments=_attachments(msg),
    )

"""The decoded email (:class:`Email`, :class:`Attachment`) and the one place every
provider's message becomes one: :func:`email_from_parts` takes the fields a provider split
out (:class:`Parts`) and bounds, cleans and authenticates them, so this happens once for
RFC 822 mail and for Graph's JSON alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from otpmail._core._bounds import (
    DEFAULT_LIMITS,
    MAX_ATTACHMENT_NAME_CHARS,
    MAX_ATTACHMENTS,
    MAX_CONTENT_TYPE_CHARS,
    MAX_HEADER_CHARS,
    Limits,
    bound_body,
    cut_text,
    html_output_chars,
    raw_body_too_large,
)
from otpmail._decoding._addresses import comparable_address, format_address
from otpmail._decoding._authres import UNCHECKED, Authentication, AuthTrust, authenticate
from otpmail._decoding._sanitize import sanitize_text
from otpmail._decoding._text import convert_html, normalize_text, one_line

__all__ = ["Attachment", "Email", "Parts", "email_from_parts"]


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


@dataclass(kw_only=True, slots=True)
class Parts:
    """One message as a provider split it, before it is bounded and cleaned.

    Addresses are ``(display name, address)`` pairs; ``body`` is the decoded text, or HTML
    when ``body_is_html``, as received. ``headers`` are the message's trace headers (name,
    value; topmost first), read for the authentication verdict.

    Not frozen: a frozen dataclass sets each of its 17 fields through
    ``object.__setattr__``, several times the cost of a call with keywords, once per email;
    a ``Parts`` lives for the one call to :func:`email_from_parts`.
    """

    id: str
    account: str
    received_at: datetime
    date: str
    sender: Sequence[tuple[str, str]]
    to: Sequence[tuple[str, str]]
    cc: Sequence[tuple[str, str]] = ()
    delivered_to: Sequence[str] = ()
    subject: str
    body: str
    body_is_html: bool = False
    message_id: str = ""
    attachments: Sequence[Attachment] = ()
    body_omitted: bool = False
    """The provider already left the body out (the email says ``body_omitted``)."""
    body_cut: bool = False
    """The body is already incomplete (a converter stopped): it gets the cut marker."""
    attachments_omitted: int = 0
    """Attachments the provider counted but did not list."""
    headers: Sequence[tuple[str, str]] = ()


def email_from_parts(
    parts: Parts, *, limits: Limits | None = None, trust: AuthTrust | None = None
) -> Email:
    """Build a bounded, sanitised :class:`Email` from a provider's :class:`Parts`: the one
    place every provider's message passes through (RFC 822 via
    :func:`~otpmail._decoding._message.parse_rfc822`, Graph JSON directly).

    Bounds, in order: a body longer than ``limits.raw_body_chars`` is omitted unconverted
    (as is one the provider already omitted); the HTML converter stops at
    :func:`~otpmail._core._bounds.html_output_chars`; the converted body is cut at
    ``limits.body_chars`` with a marker, and so is one already cut (``body_cut``).
    ``limits`` defaults to :data:`~otpmail._core._bounds.DEFAULT_LIMITS`. ``trust`` names
    the receiving server whose ``Authentication-Results`` to believe (``None``: nobody's).

    >>> e = email_from_parts(Parts(id="1", account="qa@x.example",
    ...     received_at=datetime(2026, 1, 1, tzinfo=UTC), date="",
    ...     sender=[("Acme", "no-reply@acme.example")], to=[("", "QA@x.example")],
    ...     subject="Your\\u200b code", body="<p>Code <b>12\\u200b3456</b></p>", body_is_html=True))
    >>> e.sender, e.recipients, e.subject, e.body
    ('Acme <no-reply@acme.example>', ('qa@x.example',), 'Your code', 'Code 123456')
    """
    limits = limits or DEFAULT_LIMITS
    body, omitted, truncated = _bounded_body(parts, limits)
    listed = _listed_attachments(parts.attachments)
    sender_addresses = tuple(a for a in (comparable_address(a) for _, a in parts.sender) if a)
    return Email(
        id=parts.id,
        account=parts.account,
        received_at=parts.received_at,
        date=one_line(parts.date),
        sender=_address_line(parts.sender),
        sender_addresses=sender_addresses,
        to=_address_line(parts.to),
        recipients=_recipients(parts),
        subject=one_line(parts.subject),
        body=body,
        message_id=one_line(parts.message_id),
        attachments=listed,
        body_omitted=omitted,
        body_truncated=truncated,
        attachments_omitted=max(0, parts.attachments_omitted)
        + max(0, len(parts.attachments) - len(listed)),
        authentication=authenticate(parts.headers, trust, sender_addresses),
    )


def _bounded_body(parts: Parts, limits: Limits) -> tuple[str, bool, bool]:
    """The body as shown, whether it was omitted, and whether it was cut."""
    omitted = parts.body_omitted or raw_body_too_large(len(parts.body), limits)
    text, stopped = "", False
    if not omitted and parts.body_is_html:
        text, stopped = convert_html(parts.body, html_output_chars(limits))
    elif not omitted:
        text = normalize_text(sanitize_text(parts.body))
    cut = stopped or (parts.body_cut and not omitted)
    text, truncated = bound_body(text, limits, stopped=cut)
    return text, omitted, truncated


def _recipients(parts: Parts) -> tuple[str, ...]:
    """Addresses from To, Cc and Delivered-To as filters compare them, first seen first."""
    found: dict[str, None] = {}  # ordered, and linear for a list of thousands
    for addr in [a for _, a in parts.to] + [a for _, a in parts.cc] + list(parts.delivered_to):
        addr = comparable_address(addr)
        if addr:
            found.setdefault(addr)
    return tuple(found)


def _address_line(addresses: Sequence[tuple[str, str]]) -> str:
    return cut_text(", ".join(format_address(n, a) for n, a in addresses), MAX_HEADER_CHARS)


def _listed_attachments(attachments: Sequence[Attachment]) -> tuple[Attachment, ...]:
    return tuple(
        Attachment(
            name=one_line(a.name, MAX_ATTACHMENT_NAME_CHARS),
            content_type=one_line(a.content_type, MAX_CONTENT_TYPE_CHARS).lower(),
            size=max(0, int(a.size)),
        )
        for a in attachments[:MAX_ATTACHMENTS]
    )

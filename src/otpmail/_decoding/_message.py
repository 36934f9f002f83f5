"""RFC 822 bytes (a Maildir file, Gmail ``format=raw``) in, a bounded :class:`Email` out.

The steps live in their own modules: :mod:`._mime` parses within the fixed caps,
:mod:`._visible` picks what a person sees, :mod:`._headers` reads the header fields,
:mod:`._attachments` lists the attachments, and :func:`email_from_parts` bounds and
cleans the result. docs/decoding.md describes the whole decoder.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from email.message import EmailMessage, Message

from otpmail._core._bounds import DEFAULT_LIMITS, Limits
from otpmail._core._errors import OtpmailError
from otpmail._decoding._attachments import list_attachments
from otpmail._decoding._authres import AuthTrust
from otpmail._decoding._charset import codec_for
from otpmail._decoding._email import Email, Parts, email_from_parts
from otpmail._decoding._headers import Headers, trace_headers
from otpmail._decoding._mime import parse_message, part_charset, structure_was_cut
from otpmail._decoding._text import html_to_text
from otpmail._decoding._visible import VisibleText, visible_text

# html_to_text is named here too: _extract.py imports it from this module.
__all__ = ["html_to_text", "parse_rfc822"]


def _ascii_headers(msg: Message) -> bool:
    """Whether every header of ``msg`` is ASCII: then no header is read in the charset of
    the part shown (see :class:`~otpmail._decoding._headers.Headers`)."""
    try:
        return all(str(value).isascii() for _, value in msg.raw_items())
    except Exception:
        return False


def _parse_or_empty(raw: bytes, limits: Limits) -> tuple[EmailMessage, bool]:
    """:func:`~otpmail._decoding._mime.parse_message`, or an empty message when even its
    headers-only parse failed: that is no error. A refusal over a fixed cap still raises."""
    try:
        return parse_message(raw, limits)
    except OtpmailError:
        raise
    except Exception:
        return EmailMessage(), False


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

    Never raises for a malformed message: what cannot be read is empty. ``limits`` defaults
    to :data:`~otpmail._core._bounds.DEFAULT_LIMITS` (the answer-size bound is the
    provider's to apply before this); ``trust`` names the receiving server whose
    ``Authentication-Results`` to believe.

    ``envelope_header`` names a header the receiving side appended with the SMTP envelope
    recipients (aiosmtpd's ``X-RcptTo``): its **last** occurrence counts as recipients, like
    Delivered-To, so mail addressed only by the envelope is found. Only a provider that
    knows who wrote that header passes it (the Maildir of a local catcher).

    ``facts_only=True`` (a count's decode) parses the message whole, so it is refused and its
    header fields read exactly as in a whole decode, but decodes no body or attachment.

    Raises:
        OtpmailError: :func:`~otpmail._core._bounds.unreadable` (``bad_response``) for a
            message over a fixed cap on its lines or header fields; the provider skips it
            with a warning. Past the caps on parts or nesting, a message is read up to
            them and says ``body_omitted``.

    >>> from datetime import UTC
    >>> raw = b"From: A <a@x.example>\\r\\nTo: b@y.example\\r\\nSubject: Hi\\r\\n\\r\\nCode 1234\\r\\n"
    >>> e = parse_rfc822(raw, id="1", account="b@y.example",
    ...                  received_at=datetime(2026, 1, 1, tzinfo=UTC))
    >>> e.sender, e.recipients, e.body
    ('A <a@x.example>', ('b@y.example',), 'Code 1234')
    """
    limits = limits or DEFAULT_LIMITS
    msg, complete = _parse_or_empty(raw, limits)
    shown = complete and not (facts_only and _ascii_headers(msg))
    visible = visible_text(msg, limits) if shown else VisibleText(limits)
    envelope = envelope_header.lower() if envelope_header else None
    headers = Headers(msg, codec_for(visible.charset or part_charset(msg)), last=envelope)
    attachments = list_attachments(msg, visible.shown) if complete and not facts_only else []
    body = "" if facts_only else visible.text()
    left_out = visible.omitted or structure_was_cut(msg)  # for size, or past a structural cap
    # Read in this order: the header fields share one parse budget (see Headers).
    parts = Parts(
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
        body_omitted=not complete or (left_out and not body),
        headers=trace_headers(msg),
        body_cut=visible.stopped,
    )
    decoded = email_from_parts(parts, limits=limits, trust=trust)
    if left_out and body:  # some parts shown, some left out
        return dataclasses.replace(decoded, body_omitted=True)
    return decoded

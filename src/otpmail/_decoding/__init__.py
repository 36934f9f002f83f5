"""Decoding: what a mailbox hands over becomes the :class:`Email` a person would read.

The one public face of the package, used by every provider and by the reader:

- :func:`parse_rfc822` — RFC 822 bytes (Maildir, Gmail ``format=raw``) in, ``Email`` out;
- :func:`email_from_parts` — provider fields (Graph) in, ``Email`` out;
- :func:`annotate` — an email's envelope form with its ``code`` and ``links``, read by the
  extraction functions :func:`extract_code`, :func:`extract_links` and
  :func:`pick_action_link`;
- :func:`sanitize_text` — what renders as nothing removed, for text shown to agents;
- :class:`AuthTrust` (``TRUST_GMAIL``, ``TRUST_EXCHANGE_ONLINE``) — whose
  ``Authentication-Results`` a provider believes; the verdict is each ``Email``'s
  :class:`Authentication`.

Inside: ``_message`` (MIME structure and headers), ``_charset`` (labels to codecs),
``_html`` (HTML to the visible text), ``_sanitize`` (what renders as nothing), ``_authres``
(the receiving server's verdict) and ``_extract`` (codes and links). Nothing here does I/O.
"""

from otpmail._decoding._authres import (
    TRUST_EXCHANGE_ONLINE,
    TRUST_GMAIL,
    Authentication,
    AuthTrust,
    organisational_domain,
    parse_authentication_results,
)
from otpmail._decoding._extract import annotate, extract_code, extract_links, pick_action_link
from otpmail._decoding._message import Attachment, Email, email_from_parts, parse_rfc822
from otpmail._decoding._sanitize import sanitize_text

__all__ = [
    "TRUST_EXCHANGE_ONLINE",
    "TRUST_GMAIL",
    "Attachment",
    "AuthTrust",
    "Authentication",
    "Email",
    "annotate",
    "email_from_parts",
    "extract_code",
    "extract_links",
    "organisational_domain",
    "parse_authentication_results",
    "parse_rfc822",
    "pick_action_link",
    "sanitize_text",
]

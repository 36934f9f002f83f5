"""Decoding: what a mailbox hands over becomes the :class:`Email` a person would read.

The one public face of the package, used by every provider and by the reader:

- :func:`parse_rfc822` — RFC 822 bytes (Maildir, Gmail ``format=raw``) in, ``Email`` out;
- :func:`email_from_parts` — a provider's fields (:class:`Parts`, from Graph) in, ``Email`` out;
- :func:`annotate` — an email's envelope form with its ``code`` and ``links``, read by the
  extraction functions :func:`extract_code`, :func:`extract_links` and
  :func:`pick_action_link`;
- :func:`sanitize_text` — what renders as nothing removed, for text shown to agents;
- :class:`AuthTrust` (``TRUST_GMAIL``, ``TRUST_EXCHANGE_ONLINE``) — whose
  ``Authentication-Results`` a provider believes; the verdict is each ``Email``'s
  :class:`Authentication`.

Nothing here does I/O. docs/decoding.md maps the modules inside and gives the reasons;
docs/code-scoring.md how a code is chosen.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from otpmail._decoding._authres import (
        TRUST_EXCHANGE_ONLINE,
        TRUST_GMAIL,
        Authentication,
        AuthTrust,
        organisational_domain,
        parse_authentication_results,
    )
    from otpmail._decoding._codes import extract_code
    from otpmail._decoding._email import Attachment, Email, Parts, email_from_parts
    from otpmail._decoding._extract import annotate
    from otpmail._decoding._links import extract_links, pick_action_link
    from otpmail._decoding._message import parse_rfc822
    from otpmail._decoding._sanitize import sanitize_text

__all__ = [
    "TRUST_EXCHANGE_ONLINE",
    "TRUST_GMAIL",
    "Attachment",
    "AuthTrust",
    "Authentication",
    "Email",
    "Parts",
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

# Each name is imported on first use, from the module that defines it: a read that finds
# nothing (or only counts) loads neither the extraction functions and their vocabulary nor
# the HTML converter, and one that decodes no mail loads no decoder.
_HOMES = {
    "TRUST_EXCHANGE_ONLINE": "otpmail._decoding._authres",
    "TRUST_GMAIL": "otpmail._decoding._authres",
    "Authentication": "otpmail._decoding._authres",
    "AuthTrust": "otpmail._decoding._authres",
    "organisational_domain": "otpmail._decoding._authres",
    "parse_authentication_results": "otpmail._decoding._authres",
    "annotate": "otpmail._decoding._extract",
    "extract_code": "otpmail._decoding._codes",
    "extract_links": "otpmail._decoding._links",
    "pick_action_link": "otpmail._decoding._links",
    "Attachment": "otpmail._decoding._email",
    "Email": "otpmail._decoding._email",
    "Parts": "otpmail._decoding._email",
    "email_from_parts": "otpmail._decoding._email",
    "parse_rfc822": "otpmail._decoding._message",
    "sanitize_text": "otpmail._decoding._sanitize",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

"""Header values plain enough to read without the standard library's structured parsers.

The header registry (``email.headerregistry``) parses a value into a token tree, gathers
the tree's defects recursively and builds a header object: for a small message, more
than the rest of its header work (docs/performance.md, "Decoding at half the cost").
Most transactional mail writes its headers in the plainest spelling:
``Acme <no-reply@acme.example>``, a dot-atom Message-ID, an RFC 5322 date, an ASCII
subject. For exactly those spellings the answer is computed here directly; anything else
(a comment, an encoded word, quoting this module does not cover, a control character,
non-ASCII) returns ``None`` and takes the registry's path as before.

Each function promises the same result as the registry's path for every value it
answers: ``tests/test_decode_simple_headers.py`` checks that on generated values of each
shape and on every header of the repository's mail corpus.
"""

from __future__ import annotations

import re
from email.utils import format_datetime, parsedate_to_datetime

__all__ = ["simple_addresses", "simple_text"]

# Deliberately narrower than RFC 5322: letters, digits and a few atext characters that
# no parser reads as structure. No "=" or "?" (an encoded word starts "=?"), no quotes,
# no backslash, no parentheses (comments), no dots in a display name (obs-phrase).
_ATOM = r"[A-Za-z0-9_+\-]+"
_DOT_ATOM = rf"{_ATOM}(?:\.{_ATOM})*"
_ADDR_SPEC = rf"{_DOT_ATOM}@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*"
_PHRASE = r"[A-Za-z0-9]+(?: [A-Za-z0-9]+)*"
# A quoted display name: printable ASCII but the quote and the backslash; spaces single,
# not at its ends.
_QUOTED = r'"[!#-\[\]-~]+(?: [!#-\[\]-~]+)*"'
_ONE = re.compile(
    rf"(?:(?P<phrase>{_PHRASE})|(?P<quoted>{_QUOTED})) <(?P<angled>{_ADDR_SPEC})>"
    rf"|(?P<bare>{_ADDR_SPEC})"
)
_MAX_ADDRESSES = 20

_SUBJECT = re.compile(r"[!-~]+(?: [!-~]+)*")
_MESSAGE_ID = re.compile(rf"<{_ADDR_SPEC}>")
_DATE = re.compile(r"[A-Za-z0-9 ,:+\-]+")


def simple_addresses(value: str) -> list[tuple[str, str]] | None:
    """The (display name, address) pairs of an address header value written plainly, or
    ``None`` when the value needs the structured parser.

    >>> simple_addresses("Acme <no-reply@acme.example>")
    [('Acme', 'no-reply@acme.example')]
    >>> simple_addresses('"Acme, Inc." <a@x.example>, b@y.example')
    [('Acme, Inc.', 'a@x.example'), ('', 'b@y.example')]
    >>> simple_addresses("=?utf-8?q?Acme?= <a@x.example>") is None
    True
    """
    # The registry decodes an encoded word even inside a quoted display name.
    if "=?" in value or value.count("@") > _MAX_ADDRESSES:
        return None
    found: list[tuple[str, str]] = []
    position = 0
    while True:
        match = _ONE.match(value, position)
        if match is None:
            return None
        phrase, quoted, angled, bare = match.group("phrase", "quoted", "angled", "bare")
        if bare is not None:
            found.append(("", bare))
        else:
            found.append((phrase if phrase is not None else quoted[1:-1], angled))
        position = match.end()
        if position == len(value):
            return found
        # Mailboxes are separated by ", " and nothing else; a quoted name holds no quote,
        # so a match never ends inside one.
        if not value.startswith(", ", position):
            return None
        position += 2


def simple_text(name: str, value: str) -> str | None:
    """The shown text of a ``subject``, ``message-id`` or ``date`` value written plainly
    (what ``str()`` of the registry's header gives), or ``None``.

    >>> simple_text("subject", "Your Acme verification code")
    'Your Acme verification code'
    >>> simple_text("date", "Mon, 30 Nov 2026 10:00:00 +0000")
    'Mon, 30 Nov 2026 10:00:00 +0000'
    >>> simple_text("subject", "=?utf-8?q?Caf=C3=A9?=") is None
    True
    """
    if name == "subject":
        if "=?" in value or _SUBJECT.fullmatch(value) is None:
            return None
        return value
    if name == "message-id":
        return value if _MESSAGE_ID.fullmatch(value) else None
    if name == "date":
        if _DATE.fullmatch(value) is None:
            return None
        try:
            return format_datetime(parsedate_to_datetime(value))
        except (ValueError, TypeError, OverflowError):
            return None
    return None

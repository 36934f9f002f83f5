"""Which Maildir files certainly cannot match a recipient filter, told from their header
bytes, before anything is parsed.

The decoder decides; this module only lets a scan skip files that cannot pass it. It may keep
a file that does not match, never skip one that does: a file is skipped only when its
recipient headers are plain enough that no step of the decoder could turn them into the
filter's address; anything else is :data:`UNKNOWN` and gets parsed. Pure: bytes in, bytes
out. The rules, and the property tests that hold them: docs/internals.md.
"""

from __future__ import annotations

import re
from typing import Final

from otpmail._core._criteria import AddressFilter

HEAD_BYTES: Final = 64 * 1024
"""Bytes read from the start of a file to find its header block. Real header blocks are a
few kilobytes; a larger one is not judged here, and the file is parsed."""

UNKNOWN: Final = None
"""The verdict for a header block this module cannot judge: parse the file."""

# An empty line is a line end right after a line end (CR LF counts once): LF CR, LF LF or
# CR CR, wherever they first occur.
_BLANK_LINES = (b"\n\r", b"\n\n", b"\r\r")
# A recipient header after an LF (or CR LF) line end, with its continuation lines.
_RECIPIENT_HEADER = re.compile(
    rb"\n(?:to|cc|delivered-to|x-rcptto):([^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*)"
)
# A recipient header after a lone CR, which ends a line as LF does.
_AFTER_LONE_CR = re.compile(rb"\r(?:to|cc|delivered-to|x-rcptto):")
# A display name before "<" at the start of a mailbox: atext, dots, spaces, quoted strings
# without escapes, raw 8-bit text (checked to be UTF-8 first); encoded words are atext.
_DISPLAY_NAME = re.compile(
    rb"(?:^|(?<=[,:;]))(?:[ \t\r\n]|\"[^\"\\\r\n]*\"|[a-z0-9!#$%&'*+/=?^_`{|}~.\x80-\xff-])+(?=<)"
)
# What is not plain: a character other than printable ASCII, tab and line ends, or one of
# ( ) [ \\ ]; or the start of an encoded word.
_NOT_PLAIN = re.compile(rb"[^\t\r\n\x20-\x27\x2a-\x5a\x5e-\x7e]|=\?")
_DROPPED = b' \t\r\n"'
SEPARATOR: Final = b","


def header_block(head: bytes, complete: bool) -> bytes | None:
    """The header block at the start of ``head`` (the first bytes of a file), or ``None``
    when it does not end within them. ``complete`` says ``head`` is the whole file."""
    return _header_block(head, complete)[0]


def _header_block(head: bytes, complete: bool) -> tuple[bytes | None, bool]:
    """:func:`header_block`, and whether a lone CR may end a line in it."""
    # Nearly every file ends its lines one way: then one search finds the block's end
    # (a search for a 4-byte needle, and the counts, cost less than the three below).
    end = head.find(b"\r\n\r\n")
    if end >= 0:
        # Every CR and LF before it in CR LF pairs: no other empty line comes first.
        pairs = head.count(b"\r\n", 0, end)
        if pairs == head.count(b"\n", 0, end) == head.count(b"\r", 0, end):
            return head[: end + 1], False  # its last CR ends the block, not a line
    else:
        end = head.find(b"\n\n")
        if end >= 0 and head.find(b"\r", 0, end) < 0:  # LF line ends only, before it
            return head[:end], False
    end = size = len(head)
    for blank in _BLANK_LINES:
        found = head.find(blank, 0, end + 1)
        if 0 <= found < end:
            end = found
    if end < size:
        return head[:end], True
    return (head if complete else None), True


def learn(head: bytes, complete: bool) -> bytes | None:
    """:func:`recipient_text` of :func:`header_block`: what a scan keeps of a file."""
    return _recipient_text(*_header_block(head, complete))


def recipient_text(block: bytes | None) -> bytes | None:
    """What the recipient headers of a header block can yield as addresses, lowercased
    and joined by ``,``; ``b""`` when the block has no recipient header; :data:`UNKNOWN`
    when it cannot be judged here.

    >>> recipient_text(b'From: a@x.example\\r\\nTo: "QA" <QA+Signup@Example.com>')
    b'qa<qa+signup@example.com>'
    >>> recipient_text(b"To: =?utf-8?q?T=C3=A9st?= <qa@x.example>,\\r\\n b@y.example")
    b',<qa@x.example>,b@y.example'
    >>> recipient_text(b"To: =?utf-8?q?qa?=@example.com") is UNKNOWN
    True
    """
    return _recipient_text(block, True)


def _recipient_text(block: bytes | None, lone_cr: bool) -> bytes | None:
    """:func:`recipient_text`; without ``lone_cr`` the block is known to end no line
    with a lone CR."""
    if block is None:
        return UNKNOWN
    text = b"\n" + block.lower()
    if lone_cr and _AFTER_LONE_CR.search(text):
        text = text.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    values = _RECIPIENT_HEADER.findall(text)
    not_plain = _NOT_PLAIN.search
    joined = SEPARATOR.join(values)  # the separator is plain, and makes no "=?"
    if not not_plain(joined):
        return joined.translate(None, _DROPPED)  # the common case: every value plain
    parts = []
    for value in values:
        if not_plain(value):
            # Only a display name may hold what is not plain; take the names away.
            if b"<" not in value or not is_utf8(value):
                return UNKNOWN
            value = _DISPLAY_NAME.sub(SEPARATOR, value)
            if not_plain(value):
                return UNKNOWN
        parts.append(value.translate(None, _DROPPED))
    return SEPARATOR.join(parts)


def is_utf8(value: bytes) -> bool:
    """Whether ``value`` is UTF-8. Raw 8-bit header text is read as UTF-8 when it is UTF-8,
    else in a charset the header block does not tell (the body's): only UTF-8 can be judged
    from the header block alone."""
    try:
        value.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def needle(to: AddressFilter) -> bytes:
    """The bytes any matching recipient text contains: the address, or ``@`` and the
    domain of a bare-domain filter."""
    text = to.value if to.local is not None else f"@{to.domain}"
    return text.encode("utf-8")


def could_match(text: bytes | None, wanted: bytes) -> bool:
    """False only when a file whose recipient text is ``text`` cannot match."""
    return text is UNKNOWN or wanted in text

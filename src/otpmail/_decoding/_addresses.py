"""Addresses as they are shown and as filters compare them.

A display name that poses as an address or as another domain than the sender's own
(``"support@bank.example" <attacker@evil.example>``) is not shown, so no reader takes the
name for the sender; an address holding an RFC 2047 encoded word compares as no address.
"""

from __future__ import annotations

import re

from otpmail._decoding._sanitize import sanitize_text

__all__ = ["ENCODED_WORD", "comparable_address", "format_address"]

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
ENCODED_WORD = re.compile(r"=\?[^?\s]*\?[bBqQ]\?[^?\s]*\?=")


def comparable_address(address: str) -> str:
    """The address as filters compare it; "" for none. An address that holds an encoded
    word is none: RFC 2047 §5 forbids one anywhere in an addr-spec, and mail servers check
    SPF and DMARC against the literal domain, so ``attacker@=?utf-8?q?acme.example?=`` is not
    ``attacker@acme.example`` and matches no sender or recipient filter."""
    cleaned = "".join(sanitize_text(address).split()).lower()
    if cleaned == "<>" or ENCODED_WORD.search(cleaned):
        return ""
    return cleaned

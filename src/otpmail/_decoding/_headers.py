"""Header decoding: the first value of each header otpmail reads, cut before the standard
library's parsers see it, raw 8-bit bytes read as UTF-8 or the body's charset, encoded
words pointed at the right codecs, and addresses read by the structured parser only
within a per-message budget (its cost grows faster than linearly on hostile values).
"""

from __future__ import annotations

import re
from email.header import decode_header, make_header
from email.headerregistry import Address
from email.message import Message
from email.utils import getaddresses
from typing import Any

from otpmail._core._bounds import (
    MAX_ADDRESS_PARSE_CHARS,
    MAX_ADDRESS_PARSE_TOTAL,
    MAX_HEADER_CHARS,
    MAX_RAW_HEADER_CHARS,
)
from otpmail._decoding._addresses import ENCODED_WORD
from otpmail._decoding._charset import rewrite_encoded_word_charsets
from otpmail._decoding._mime import HEADER_FACTORY
from otpmail._decoding._sanitize import sanitize_text
from otpmail._decoding._simple_headers import simple_addresses, simple_text

__all__ = ["MAX_TRACE_HEADERS", "Headers", "ParseBudget", "decode_words", "trace_headers"]


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


class ParseBudget:
    """Characters the standard library's structured header parsers may still be handed for
    one message (see MAX_ADDRESS_PARSE_TOTAL); shared by the headers of all the messages
    attached to one mail, so that many of them cannot multiply the work."""

    def __init__(self) -> None:
        self.left = MAX_ADDRESS_PARSE_TOTAL


class Headers:
    """The first value of each header otpmail reads, cut and prepared for parsing.

    A message's own headers (no ``budget``) get a budget of their own, and their ``From``
    always goes through the structured parser (its first MAX_ADDRESS_PARSE_CHARS): the
    sender filter is matched against it. An attached message's headers share ``budget``
    with the others of the mail and are shown, never matched: past the budget they are
    read with the linear parsers (:func:`_lax_addresses`, :func:`decode_words`).
    """

    WANTED = frozenset({"from", "to", "cc", "subject", "date", "message-id", "delivered-to"})
    MAX_REPEATS = 20  # Delivered-To may legitimately repeat (forwarding hops)

    def __init__(
        self,
        msg: Message,
        hint: str | None,
        last: str | None = None,
        *,
        budget: ParseBudget | None = None,
    ) -> None:
        """``last``: a header of which only the last occurrence is read (the envelope
        recipients a local catcher appends after the message's own headers)."""
        self._hint = hint
        self._values: dict[str, list[str]] = {}
        self._own = budget is None
        self._budget = budget or ParseBudget()
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
            for word in ENCODED_WORD.findall(value):
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
                return decode_words(value)
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
        return ENCODED_WORD.sub(lambda m: self._written.get(_after_label(m[0]), m[0]), text)


# The headers the authentication verdict is read from, in order; a message may carry any
# number of them, so only the first few are kept.
_TRACE = frozenset({"authentication-results", "received"})
MAX_TRACE_HEADERS = 200


def trace_headers(msg: Message) -> list[tuple[str, str]]:
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


def decode_words(value: str) -> str:
    try:
        return str(make_header(decode_header(value)))
    except Exception:
        return value


def _registry_text(name: str, value: str) -> str:
    """A header value as the standard library's header registry shows it."""
    try:
        return str(HEADER_FACTORY(name, value))
    except Exception:  # a malformed header must not fail the message
        return decode_words(value)


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
        header = HEADER_FACTORY(name, value)
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
        return [(decode_words(n) if "=?" in n else n, a) for n, a in getaddresses([value]) if a]
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
    written; the written form is what is shown, and :func:`comparable_address` keeps it from
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

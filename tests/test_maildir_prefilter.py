"""The Maildir byte-level prefilter never drops a match.

For every generated message, every recipient the decoder reports (through the Maildir's own
decode step) must survive the prefilter, as an address filter and as a bare-domain filter:
the prefilter may let through a file that does not match, never skip one that does. The
spellings are the ones that change what bytes an address is made of: folding, case,
``+tag``, quoted and encoded display names, quoted local parts, encoded words and invisible
characters inside addresses, comments, groups, Cc, Delivered-To, X-RcptTo, bare CR or LF
line ends, 8-bit headers in UTF-8 and in other charsets, and header blocks larger than the
bytes read.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from otpmail._core._bounds import DEFAULT_LIMITS
from otpmail._core._criteria import build_criteria, parse_address_filter
from otpmail._core._errors import OtpmailError
from otpmail._core._match import matches
from otpmail._providers._maildir import decode
from otpmail._providers._maildir_prefilter import (
    HEAD_BYTES,
    UNKNOWN,
    could_match,
    header_block,
    learn,
    needle,
    recipient_text,
)

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def verdict_text(raw: bytes) -> bytes | None:
    """What the provider learns of a file from its first HEAD_BYTES (as its scan calls
    it, and as the two public steps give it: the same)."""
    head = raw[:HEAD_BYTES]
    complete = len(raw) < HEAD_BYTES
    learned = learn(head, complete)
    assert learned == recipient_text(header_block(head, complete))
    return learned


def assert_no_match_is_dropped(raw: bytes) -> int:
    """Check every filter the decoder matches for ``raw``; return how many there were."""
    email = decode(raw, "k", "qa@example.com", NOW, DEFAULT_LIMITS)
    text = verdict_text(raw)
    checked = 0
    for address in email.recipients:
        for value in (address, address.rpartition("@")[2]):
            try:
                wanted = parse_address_filter(value, "to")
            except OtpmailError:
                continue  # not something a caller can ask for
            if matches(build_criteria(wanted.value), email):
                checked += 1
                assert could_match(text, needle(wanted)), (raw, address, text)
    return checked


# -- generated spellings ------------------------------------------------------------------

LOCALS = st.sampled_from(["qa", "QA", "qa+signup", "Qa+Tag.1", "x.y", "o'neil", "a=b", "k"])
DOMAINS = st.sampled_from(["example.com", "Example.COM", "sub.example.com", "x.example"])
EOL = st.sampled_from(["\r\n", "\n", "\r"])


@st.composite
def addresses(draw: st.DrawFn) -> str:
    local = draw(LOCALS)
    domain = draw(DOMAINS)
    style = draw(st.integers(0, 9))
    if style == 1:
        local = f'"{local}"'
    elif style == 2:
        return f"{local} @ {domain}"
    elif style == 3:
        return f"=?utf-8?q?{local}?=@{domain}"  # an encoded word as the local part
    elif style == 4:
        return f"{local[:1]}\u200b{local[1:]}@{domain}"  # invisible inside the address
    elif style == 5:
        return f"{local}@(comment){domain}"
    elif style == 6:
        return f"{local}@{domain}".replace("k", "\u212a")  # KELVIN SIGN lowercases to k
    return f"{local}@{domain}"


DISPLAY = st.sampled_from(
    [
        "",
        "QA Team",
        '"Tester, QA"',
        "=?utf-8?q?T=C3=A9st?=",
        "=?utf-8?b?VMOpc3Q=?=",
        "Tést",
        "=?iso-8859-1?q?Caf=E9?= Bar",
        '"a\\"b"',
        "(c) x",
        "Jo.Doe",
    ]
)


@st.composite
def mailbox(draw: st.DrawFn) -> str:
    address = draw(addresses())
    name = draw(DISPLAY)
    form = draw(st.integers(0, 5))
    if form == 0 and not name:
        return address
    if form == 1:
        return f"<{address}>"
    if form == 2:
        return f"{address} ({name or 'x'})"
    if form == 3:  # an address where a display name goes: the parser takes it
        return f"{address} <{draw(addresses())}>"
    if form == 4:  # an angle address that never closes
        return f"{name} <{address}"
    return f"{name} <{address}>"


@st.composite
def recipient_header(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(["To", "TO", "to", "Cc", "CC", "Delivered-To", "X-RcptTo"]))
    boxes = draw(st.lists(mailbox(), min_size=1, max_size=3))
    value = ", ".join(boxes)
    if draw(st.booleans()):
        value = f"team: {value};"
    if draw(st.booleans()) and " " in value:  # fold at a space
        at = value.index(" ")
        value = value[:at] + draw(EOL) + draw(st.sampled_from([" ", "\t"])) + value[at + 1 :]
    return f"{name}: {value}"


OTHER_HEADERS = st.sampled_from(
    [
        "From: Acme <no-reply@acme.example>",
        "Subject: =?utf-8?q?Ihr_Code?=",
        "Received: from a (b [192.0.2.1]) by c; Mon, 30 Nov 2026 09:00:00 +0000",
        "Date: Mon, 30 Nov 2026 09:00:00 +0000",
        "Message-ID: <1@acme.example>",
        "X-Mention: qa+signup@example.com",
        "Content-Type: text/plain; charset=iso-8859-1",
    ]
)


@st.composite
def raw_messages(draw: st.DrawFn) -> bytes:
    eol = draw(EOL)
    lines = draw(st.lists(recipient_header() | OTHER_HEADERS, min_size=1, max_size=6))
    text = eol.join(lines) + eol + eol + "Your code is 123456" + eol
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "latin-1"]))
    return text.encode(encoding, "replace")


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(raw_messages())
def test_no_spelling_of_a_recipient_is_dropped(raw: bytes) -> None:
    assert_no_match_is_dropped(raw)


# Raw tokens in any order: what a hostile or broken sender can put in a To header.
TOKENS = st.sampled_from(
    [
        "qa",
        "+tag",
        "@",
        "example.com",
        ".",
        "<",
        ">",
        ",",
        ";",
        ":",
        '"',
        "\\",
        "(",
        ")",
        "[",
        "]",
        " ",
        "\r\n ",
        "=?utf-8?q?",
        "?=",
        "=40",
        "\u200b",
        "é",
        "\u212a",
        "x",
    ]
)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["To", "Cc", "Delivered-To", "X-RcptTo"]),
    st.lists(TOKENS, min_size=1, max_size=24).map("".join),
    EOL,
)
@example("To", "=?utf-8?q?qa+tag=40example.com?= <x@y.example>", "\r\n")
@example("To", "qa+tag@example.com <x@y.example>", "\r\n")
@example("To", '"qa+tag"@example.com <x', "\r\n")
@example("To", "qa+tag@=?utf-8?q?example.com?=", "\r\n")
@example("To", '"qa"+tag"@example.com', "\n")
def test_no_token_soup_hides_a_recipient(name: str, value: str, eol: str) -> None:
    raw = f"{name}: {value}{eol}Subject: x{eol}{eol}body{eol}".encode()
    assert_no_match_is_dropped(raw)


# -- the cases, one by one ------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    [
        "To: qa+signup@example.com",
        "TO: QA+SIGNUP@EXAMPLE.COM",
        "To: Someone <qa+signup@example.com>",
        'To: "Tester, QA" <qa+signup@example.com>',
        "To: =?utf-8?q?T=C3=A9st?= <qa+signup@example.com>",
        "To: other@example.com,\r\n qa+signup@example.com",
        "To: qa+signup\r\n @example.com",
        'To: "qa+signup"@example.com',
        "Cc: qa+signup@example.com",
        "Delivered-To: qa+signup@example.com",
        "To: qa+signup@=?utf-8?q?example.com?=",
        "To: =?utf-8?q?qa+signup?=@example.com",
        "To: q\u200ba+signup@example.com",
        "To: team: qa+signup@example.com;",
    ],
)
def test_each_spelling_is_kept(header: str) -> None:
    raw = f"From: a@acme.example\r\n{header}\r\nSubject: x\r\n\r\nbody\r\n".encode()
    email = decode(raw, "k", "qa@example.com", NOW, DEFAULT_LIMITS)
    criteria = build_criteria("qa+signup@example.com")
    text = verdict_text(raw)

    assert could_match(text, needle(criteria.to)) or not matches(criteria, email)
    assert could_match(text, needle(build_criteria("example.com").to))


def test_x_rcptto_counts_as_a_recipient_header() -> None:
    """The catcher's envelope recipient (issue 13) is all a BCC'd message may have."""
    raw = b"From: a@acme.example\r\nTo: other@example.com\r\nX-RcptTo: qa+bcc@example.com\r\n\r\nx"

    assert could_match(verdict_text(raw), b"qa+bcc@example.com")


@pytest.mark.parametrize(
    "raw",
    [
        b"To: qa@example.com\r\nSubject: x\r\n\r\n",
        b"From: a@acme.example\r\nTo: Other <other@example.com>\r\n\r\nqa@example.com",
        b"To: =?utf-8?q?qa=40example.com?= <other@example.com>\r\n\r\n",
        b"X-Mention: qa+signup@example.com\r\nTo: other@example.com\r\n\r\n",
    ],
)
def test_a_file_that_cannot_match_is_skipped(raw: bytes) -> None:
    """The point of it all: plain headers for someone else are judged without a parse."""
    text = verdict_text(raw)

    assert text is not UNKNOWN
    assert not could_match(text, b"qa+signup@example.com")


@pytest.mark.parametrize(
    "raw",
    [
        b"To: Caf\xe9 <qa@example.com>\r\n\r\n",  # 8-bit, not UTF-8: another charset
        b"To: qa@example.com (note)\r\n\r\n",  # a comment
        b"To: qa\\@example.com\r\n\r\n",  # a quoted pair
        b"To: qa@[192.0.2.1]\r\n\r\n",  # a domain literal
        b"To: =?utf-8?q?qa?=@example.com\r\n\r\n",  # an encoded word in the address
    ],
)
def test_what_cannot_be_judged_is_parsed(raw: bytes) -> None:
    assert verdict_text(raw) is UNKNOWN


def test_a_header_block_larger_than_the_read_is_parsed() -> None:
    filler = b"X-Filler: " + b"a" * 998 + b"\r\n"
    raw = filler * (HEAD_BYTES // len(filler) + 2) + b"To: qa@example.com\r\n\r\nbody"

    assert len(raw) > HEAD_BYTES
    assert verdict_text(raw) is UNKNOWN
    assert_no_match_is_dropped(raw)


def test_a_file_without_a_blank_line_is_all_header() -> None:
    raw = b"From: a@acme.example\nTo: qa@example.com"

    assert could_match(verdict_text(raw), b"qa@example.com")


@pytest.mark.parametrize("eol", [b"\r\n", b"\n", b"\r"])
def test_the_header_block_ends_at_the_first_empty_line_whatever_the_line_ends(eol: bytes) -> None:
    raw = b"To: other@example.com" + eol + eol + b"To: qa@example.com" + eol

    assert header_block(raw, True) == b"To: other@example.com" + (b"\r" if eol == b"\r\n" else b"")
    assert not could_match(verdict_text(raw), b"qa@example.com")


def first_empty_line(head: bytes) -> int | None:
    """Where the first empty line starts, read the plainest way: line by line, each
    ended by CR LF, a lone CR or a lone LF."""
    at = 0
    while at < len(head):
        if head[at : at + 2] == b"\r\n":
            ending = 2
        elif head[at : at + 1] in (b"\r", b"\n"):
            ending = 1
        else:
            at += 1
            continue
        after = at + ending
        if head[after : after + 1] in (b"\r", b"\n"):
            return at + ending - 1 if ending == 2 else at
        at = after
    return None


@settings(max_examples=3000)
@given(st.lists(st.sampled_from([b"a", b":", b" ", b"\r", b"\n", b"\r\n"]), max_size=24))
@example([b"a", b"\r\n", b"\r\n"])
@example([b"a", b"\n", b"\r\n", b"\r\n"])
@example([b"a", b"\r", b"\r\n", b"\r\n"])
@example([b"a", b"\r\n", b"\n", b"\n"])
@example([b"a", b"\r\n", b"a", b"\n", b"\n"])
def test_the_block_ends_where_a_line_by_line_reading_finds_the_first_empty_line(
    pieces: list[bytes],
) -> None:
    """The searches that find the end of nearly every block at once (all CR LF, all LF)
    give what reading the lines one by one gives, whatever the mix of line ends."""
    head = b"".join(pieces)
    found = first_empty_line(head)
    for complete in (True, False):
        expected = head[:found] if found is not None else (head if complete else None)
        assert header_block(head, complete) == expected, (head, complete)

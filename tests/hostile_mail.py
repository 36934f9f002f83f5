"""Hostile mails: small messages built to make a read slow or large (issue 15).

Shared by ``tests/test_security_hostile.py`` (each one is read within the bounds) and
``bench/hostile_mail.py`` (the wall time and peak memory of one read of each). Every mail
fits the default bounds it aims at: an HTML body is at most ``raw_body_chars`` (250,000)
characters, and every message is far below ``response_bytes`` (16 MiB), so none of them is
refused by a size check before the decoder sees it.

``kind`` says what otpmail does with the mail once bounded: ``"read"`` (returned, its body
cut where the converter stopped), ``"cut"`` (returned as far as the parse went before it
stopped at the part or nesting cap, ``body_omitted``) or ``"skipped"`` (over a fixed cap on
lines or header fields: left out of the result with a warning).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass

RECIPIENT = "qa@example.com"
OTHER = "someone-else@example.com"


@dataclass(frozen=True)
class Hostile:
    name: str
    build: Callable[[], bytes]
    kind: str
    """``"read"``, ``"cut"`` or ``"skipped"``: what the bounded decoder does with it."""
    note: str


def _fold(value: bytes, width: int = 900) -> bytes:
    """A long header value on continuation lines, so every line stays under SMTP's 998."""
    return b"\r\n ".join(value[i : i + width] for i in range(0, len(value), width))


def _head(extra: bytes = b"", *, to: str = OTHER, subject: bytes = b"Hello") -> bytes:
    return (
        b"From: Mallory <mallory@evil.example>\r\nTo: " + to.encode() + b"\r\n"
        b"Subject: " + subject + b"\r\nDate: Tue, 01 Dec 2026 10:00:00 +0000\r\n"
        b"Message-ID: <hostile@evil.example>\r\nMIME-Version: 1.0\r\n" + extra
    )


def _html_mail(html: str) -> bytes:
    body = base64.encodebytes(html.encode()).replace(b"\n", b"\r\n")
    return (
        _head(b"Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n")
        + b"\r\n"
        + body
    )


def _content_type_mail(value: bytes) -> bytes:
    return _head(b"Content-Type: " + _fold(value) + b"\r\n") + b"\r\nhello\r\n"


def _multipart(parts: bytes) -> bytes:
    return (
        _head(b'Content-Type: multipart/mixed; boundary="b"\r\n') + b"\r\n" + parts + b"--b--\r\n"
    )


def _css_rules_and_classes() -> str:
    rules = "".join(f".a.r{i}{{display:none}}" for i in range(1_000))
    elements = "".join(f'<i class="a c{i}">' for i in range(12_000))
    return f"<style>{rules}</style>{elements}x"


def _nested_multiparts(depth: int, lines: int) -> bytes:
    raw = _head()
    for i in range(depth):
        raw += f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n'.encode()
    return raw + b"Content-Type: text/plain\r\n\r\n" + b"bottom\r\n" * lines


HOSTILE: tuple[Hostile, ...] = (
    Hostile(
        "html-lists-2000",
        lambda: _html_mail("<ul>" * 2_000 + "<li>x" * 2_000),
        "read",
        "2,000 nested lists, an item each (18 KB)",
    ),
    Hostile(
        "html-lists-8000",
        lambda: _html_mail("<ul>" * 8_000 + "<li>x" * 8_000),
        "read",
        "8,000 nested lists (72 KB)",
    ),
    Hostile(
        "html-lists-20000",
        lambda: _html_mail("<ul>" * 20_000 + "<li>x" * 20_000),
        "read",
        "20,000 nested lists (180 KB)",
    ),
    Hostile(
        "html-blockquotes-19000",
        lambda: _html_mail("<blockquote>x" * 19_000),
        "read",
        "19,000 nested quotes (247 KB)",
    ),
    Hostile(
        "html-pre-in-quotes",
        lambda: _html_mail("<blockquote>" * 5_000 + "<pre>" + "a\n" * 90_000),
        "read",
        "90,000 preformatted lines inside 5,000 quotes (240 KB)",
    ),
    Hostile(
        "html-pre-in-lists",
        lambda: _html_mail("<ul>" * 5_000 + ("<li><pre>" + "a\n" * 10 + "</pre>") * 6_000),
        "read",
        "6,000 preformatted items inside 5,000 lists (230 KB)",
    ),
    Hostile(
        "html-tables",
        lambda: _html_mail("<table><tr><td>" * 16_000 + "x"),
        "read",
        "16,000 nested tables (240 KB)",
    ),
    Hostile(
        "html-inline-tags",
        lambda: _html_mail("<span>" * 41_000 + "x"),
        "read",
        "41,000 nested inline elements (246 KB)",
    ),
    Hostile(
        "html-entities",
        lambda: _html_mail("<p>" + "&amp;&#x1F600;" * 17_000),
        "read",
        "34,000 character references (240 KB)",
    ),
    Hostile(
        "html-css-rules",
        lambda: _html_mail(_css_rules_and_classes()),
        "read",
        "1,000 class rules, 12,000 elements each matching one class (250 KB)",
    ),
    Hostile(
        "html-unclosed-cdata",
        lambda: _html_mail("<![CDATA[>" * 25_000),
        "read",
        "25,000 unterminated CDATA sections (250 KB)",
    ),
    Hostile(
        "content-type-46k",
        lambda: _content_type_mail(
            b"text/plain; " + b"; ".join(b"p%d=v%d" % (i, i) for i in range(3_600))
        ),
        "skipped",
        "a 46 KB Content-Type: 3,600 parameters",
    ),
    Hostile(
        "content-type-semicolons",
        lambda: _content_type_mail(b"text/plain" + b";" * 8_000),
        "skipped",
        "a Content-Type of 8,000 empty parameters (8 KB)",
    ),
    Hostile(
        "content-type-rfc2231",
        lambda: _content_type_mail(
            b"text/plain; " + b"; ".join(b"name*%d*=utf-8''a%%41" % i for i in range(2_000))
        ),
        "skipped",
        "a Content-Type of 2,000 RFC 2231 continuations (47 KB)",
    ),
    Hostile(
        "parts-300000-empty",
        lambda: _multipart(b"--b\r\n\r\n" * 300_000),
        "skipped",
        "300,000 empty MIME parts (2.1 MB)",
    ),
    Hostile(
        "parts-200000-empty",
        lambda: _multipart(b"--b\r\n\r\n" * 200_000),
        "cut",
        "200,000 empty MIME parts, within the line cap (1.4 MB)",
    ),
    Hostile(
        "parts-80000-messages",
        lambda: _multipart(
            b"--b\r\nContent-Type: message/rfc822\r\n\r\nSubject: x\r\n\r\nhi\r\n" * 80_000
        ),
        "cut",
        "80,000 attached messages, within the line cap (4.4 MB)",
    ),
    Hostile(
        "parts-100000-messages",
        lambda: _multipart(
            b"--b\r\nContent-Type: message/rfc822\r\n\r\nSubject: x\r\n\r\nhi\r\n" * 100_000
        ),
        "skipped",
        "100,000 attached messages (5.5 MB)",
    ),
    Hostile(
        "header-fields-200000",
        lambda: _head(b"".join(b"X-H%d: v\r\n" % i for i in range(200_000))) + b"\r\nhi\r\n",
        "skipped",
        "200,000 header fields (2.6 MB)",
    ),
    Hostile(
        "header-block-4mb",
        lambda: _head(b"X-Padding: " + _fold(b"x" * 4_000_000) + b"\r\n") + b"\r\nhi\r\n",
        "skipped",
        "one 4 MB header field",
    ),
    Hostile(
        "delivered-to-20x16k",
        lambda: (
            _head(
                b"".join(
                    b"Delivered-To: "
                    + _fold(b", ".join(b"u%d@x.example" % i for i in range(1_200)))
                    + b"\r\n"
                    for _ in range(20)
                )
            )
            + b"\r\nhi\r\n"
        ),
        "read",
        "20 Delivered-To fields of 16 KB each (330 KB of header)",
    ),
    Hostile(
        "cc-1mb",
        lambda: (
            _head(
                b"Reply-To: x@evil.example\r\nCc: "
                + _fold(b", ".join(b"u%d@x.example" % i for i in range(70_000)))
                + b"\r\n"
            )
            + b"\r\nhi\r\n"
        ),
        "skipped",
        "a 1 MB Cc list (70,000 addresses)",
    ),
    Hostile(
        "from-quotes-16k",
        lambda: (
            b"From: " + b'"' * 16_000 + b"\r\nTo: " + OTHER.encode() + b"\r\nSubject: Hello\r\n"
            b"\r\nhi\r\n"
        ),
        "read",
        "a From of 16,000 double quotes on one line (16 KB)",
    ),
    Hostile(
        "lines-2m-blank",
        lambda: _head(b"Content-Type: text/plain\r\n") + b"\r\n" + b"\r\n" * 2_000_000,
        "skipped",
        "2,000,000 empty lines (4 MB)",
    ),
    Hostile(
        "attached-from-quotes",
        lambda: _multipart(
            (
                b"--b\r\nContent-Type: message/rfc822\r\n\r\nFrom: " + b'"' * 1_000 + b"\r\n"
                b"Subject: " + b"1 " * 400 + b"\r\n\r\nhi\r\n"
            )
            * 250
        ),
        "read",
        "250 attached messages, each with a From of 1,000 double quotes (470 KB)",
    ),
    Hostile(
        "html-parts-80",
        lambda: _multipart(
            (b"--b\r\nContent-Type: text/html\r\n\r\n" + b"<ul>" * 300 + b"<li>x" * 300 + b"\r\n")
            * 80
        ),
        "read",
        "80 HTML parts of 300 nested lists each (220 KB)",
    ),
    Hostile(
        "nesting-300-deep",
        lambda: _nested_multiparts(300, 100_000),
        "cut",
        "multiparts nested 300 deep over 100,000 lines (0.8 MB)",
    ),
)

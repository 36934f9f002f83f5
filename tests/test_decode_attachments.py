"""Attachments are listed by name, content type and size; their content is never decoded,
and a large message stays within a small multiple of its size in memory."""

from __future__ import annotations

import base64
import email.message
import os
import quopri
import time
import tracemalloc
from datetime import UTC, datetime
from typing import Any

import pytest

from otpmail._core._bounds import MAX_MULTIPART_DEPTH
from otpmail._decoding import _mime
from otpmail._decoding._message import parse_rfc822

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def with_attachments(*parts: bytes, body: bytes = b"Your code is 123456") -> bytes:
    raw = (
        b"From: a@x.example\r\nTo: qa@example.com\r\nSubject: files\r\n"
        b'Content-Type: multipart/mixed; boundary="B"\r\n\r\n'
        b"--B\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body + b"\r\n"
    )
    for part in parts:
        raw += b"--B\r\n" + part + b"\r\n"
    return raw + b"--B--\r\n"


def attachment(
    name: str, data: bytes, cte: str = "base64", ctype: str = "application/pdf"
) -> bytes:
    encoded = {
        "base64": base64.encodebytes,
        "quoted-printable": quopri.encodestring,
        "7bit": lambda b: b,
        "8bit": lambda b: b,
    }[cte](data)
    return (
        f'Content-Type: {ctype}\r\nContent-Disposition: attachment; filename="{name}"\r\n'
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    ).encode() + encoded


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 57, 58, 1000, 65_537])
def test_a_base64_attachment_reports_its_exact_decoded_size(size: int) -> None:
    e = parse_rfc822(
        with_attachments(attachment("a.bin", os.urandom(size))),
        id="1",
        account="qa@example.com",
        received_at=NOW,
    )
    assert [(a.name, a.content_type, a.size) for a in e.attachments] == [
        ("a.bin", "application/pdf", size)
    ]


@pytest.mark.parametrize(
    ("cte", "data"),
    [
        ("quoted-printable", "naïve café = résumé\n".encode() * 20),
        ("7bit", b"plain text\r\n" * 10),
        ("8bit", "grüße\r\n".encode() * 10),
    ],
)
def test_other_transfer_encodings_report_their_decoded_size(cte: str, data: bytes) -> None:
    e = parse_rfc822(
        with_attachments(attachment("a.txt", data, cte, "text/plain")),
        id="1",
        account="qa@example.com",
        received_at=NOW,
    )
    assert e.attachments[0].size == pytest.approx(len(data), abs=3)


def test_attachment_content_is_never_decoded_nor_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = b"ATTACHMENT-CONTENT " * 1000
    decoded: list[int] = []
    real = _mime._b64decode

    def spy(data: bytes) -> bytes:
        decoded.append(len(data))
        return real(data)

    def no_decode(self: email.message.Message, *args: Any, **kwargs: Any) -> Any:
        assert not kwargs.get("decode"), "a payload was decoded through get_payload"
        return original(self, *args, **kwargs)

    original = email.message.Message.get_payload
    monkeypatch.setattr(_mime, "_b64decode", spy)
    monkeypatch.setattr(email.message.Message, "get_payload", no_decode)

    e = parse_rfc822(
        with_attachments(attachment("secret.pdf", secret), body=b"Code 123456"),
        id="1",
        account="qa@example.com",
        received_at=NOW,
    )

    assert decoded == []  # the body is 7bit; the attachment was sized, not decoded
    assert e.body == "Code 123456"
    assert "ATTACHMENT-CONTENT" not in str(e.to_dict())


def test_the_other_alternative_and_inline_text_are_not_attachments() -> None:
    raw = (
        b"From: a@x.example\r\nTo: qa@example.com\r\nSubject: s\r\n"
        b'Content-Type: multipart/mixed; boundary="M"\r\n\r\n'
        b'--M\r\nContent-Type: multipart/alternative; boundary="A"\r\n\r\n'
        b"--A\r\nContent-Type: text/plain\r\n\r\nplain\r\n"
        b"--A\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--A--\r\n"
        b"--M\r\nContent-Type: text/plain\r\n\r\nfooter\r\n"
        b"--M\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\nBEGIN:VCALENDAR\r\n--M--\r\n"
    )
    e = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)
    assert e.body == "plain\n\nfooter"  # every inline part is shown (issue 17)
    assert [(a.name, a.content_type) for a in e.attachments] == [("", "text/calendar")]


def test_many_attachments_are_counted_past_the_cap() -> None:
    parts = [attachment(f"f{i}.txt", b"x", "7bit", "text/plain") for i in range(60)]
    e = parse_rfc822(with_attachments(*parts), id="1", account="qa@example.com", received_at=NOW)
    assert len(e.attachments) == 50
    assert e.to_dict()["attachments_omitted"] == 10


def nested(depth: int, lines: int = 1) -> bytes:
    raw = b"From: a@x.example\r\nTo: qa@example.com\r\nSubject: deep\r\n"
    for i in range(depth):
        raw += f'Content-Type: multipart/mixed; boundary="b{i}"\r\n\r\n--b{i}\r\n'.encode()
    return raw + b"Content-Type: text/plain\r\n\r\n" + b"bottom\r\n" * lines


def test_nesting_within_the_depth_bound_is_read() -> None:
    e = parse_rfc822(nested(MAX_MULTIPART_DEPTH), id="1", account="a", received_at=NOW)
    assert (e.body, e.body_omitted) == ("bottom", False)


@pytest.mark.parametrize(
    ("depth", "lines"), [(MAX_MULTIPART_DEPTH + 1, 1), (300, 100_000), (5000, 1)]
)
def test_deeper_nesting_keeps_the_headers_omits_the_body_and_stays_fast(
    depth: int, lines: int
) -> None:
    """Unbounded, the standard parser takes 11 s on the (300, 100,000) case (lines x depth),
    and raises RecursionError on the last one."""
    start = time.perf_counter()
    e = parse_rfc822(nested(depth, lines), id="1", account="a", received_at=NOW)
    assert time.perf_counter() - start < 2
    assert (e.subject, e.recipients, e.body, e.body_omitted) == (
        "deep",
        ("qa@example.com",),
        "",
        True,
    )


def test_a_large_message_is_decoded_within_a_small_multiple_of_its_size() -> None:
    """bench/decode_memory.py measures 25 MB; this keeps a 6 MB case in the suite."""
    raw = with_attachments(attachment("big.bin", os.urandom(4_500_000)))
    tracemalloc.start()
    try:
        e = parse_rfc822(raw, id="1", account="qa@example.com", received_at=NOW)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert e.body == "Your code is 123456"
    assert e.attachments[0].size == 4_500_000
    assert peak < 4 * len(raw), (
        f"peak {peak / 2**20:.1f} MiB for a {len(raw) / 2**20:.1f} MiB message"
    )

"""A count's decode (``parse_rfc822(..., facts_only=True)``): no body and no attachment is
decoded, and every other field is what a whole decode gives, refusals included."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from repository_mail import decoded_fields, repository_mail

NOW = datetime(2026, 12, 1, tzinfo=UTC)
# What only a shown email holds; a count reads none of it.
SHOWN_ONLY = {"body", "attachments", "body_omitted", "body_truncated", "attachments_omitted"}


def _decoded(raw: bytes, *, facts_only: bool) -> object:
    decoded = decoded_fields(raw, facts_only=facts_only, now=NOW)
    if isinstance(decoded, tuple):
        return decoded
    if facts_only:
        assert (decoded["body"], decoded["attachments"]) == ("", ())
    return {name: value for name, value in decoded.items() if name not in SHOWN_ONLY}


def test_a_facts_only_decode_gives_every_field_but_the_shown_ones_as_a_whole_decode(
    tmp_path: Path,
) -> None:
    """Every ``.eml`` of the tests (charsets, 8-bit headers, RFC 2047, nested parts),
    every hostile mail (refused ones too) and the benchmark's mails."""
    samples = repository_mail(tmp_path / "box", 120, NOW)
    assert len(samples) > 400
    for name, raw in samples:
        assert _decoded(raw, facts_only=True) == _decoded(raw, facts_only=False), name


@pytest.mark.parametrize("charset", ["koi8-r", "utf-8"])
def test_8bit_header_text_is_read_as_a_whole_decode_reads_it(charset: str) -> None:
    """8-bit header text may be read in the charset of the part shown: a facts-only decode
    of such a message decodes the body first, as a whole decode does."""
    raw = (
        "To: qa@example.com\r\nSubject: Привет\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/alternative; boundary="b"\r\n\r\n--b\r\n'
        f"Content-Type: text/plain; charset={charset}\r\n\r\nКод 123456\r\n--b--\r\n"
    ).encode(charset)
    whole = _decoded(raw, facts_only=False)
    assert _decoded(raw, facts_only=True) == whole
    assert isinstance(whole, dict) and whole["subject"] == "Привет"


def test_no_mail_grows_the_header_class_cache() -> None:
    """The decoder builds each header registry class once, keyed by the registry's class,
    never by header name: a message with a thousand invented header names leaves the
    cache at most as large as the registry's own classes."""
    from otpmail._decoding import _message, _mime

    fields = "".join(f"X-Invented-{n}: value {n}\r\n" for n in range(1000))
    raw = (
        "From: a@example.com\r\nTo: b@example.com\r\nSubject: hi\r\n"
        f"{fields}\r\nYour code is 123456\r\n"
    ).encode()
    email = _message.parse_rfc822(raw, id="1", account="b@example.com", received_at=NOW)
    assert email.subject == "hi"
    registry = _mime.HEADER_FACTORY
    kinds = {*registry.registry.values(), registry.default_class}
    assert set(registry._built) <= kinds
    assert len(registry._built) <= len(kinds)
